"""Helpers for tests of the class server (``served`` and the ``class_server`` fixture are in conftest.py):
a page's client that keeps its cookies, kernel messages as a client sends them over the websocket, and memory from /proc."""

from __future__ import annotations

import http.cookiejar
import json
import re
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from matatu_learn import server

V1 = "v1.kernel.websocket.jupyter.org"
# Where a rendered page names its kernel (in its jupyter-config-data).
KERNEL_OF_PAGE = re.compile(r'"kernelId": "([0-9a-f-]+)"')


class Browser:
    """One client of the server, with its own cookies (a browser session)."""

    def __init__(self, base: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def open_page(self, name: str, timeout: float = 120) -> str:
        """Render a page; its kernel's id."""
        with self.opener.open(f"{self.base}/voila/render/{name}", timeout=timeout) as response:
            page = response.read().decode("utf-8")
        return KERNEL_OF_PAGE.search(page)[1]

    def cookie_header(self) -> str:
        return "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.cookies)

    def request(self, path: str, method: str = "GET") -> int:
        """An HTTP request with this browser's cookies; the status. Jupyter's XSRF check compares a
        cookie with a header, both chosen by the client: this client chooses them too."""
        chosen = "chosen-by-the-client"
        headers = {"Cookie": f"{self.cookie_header()}; _xsrf={chosen}", "X-XSRFToken": chosen}
        data = b"" if method == "POST" else None
        try:
            with self.opener.open(
                urllib.request.Request(f"{self.base}{path}", data, headers, method=method), timeout=30
            ) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    async def websocket(self, kernel_id: str, protocol: str | None = None):
        """The kernel's websocket as this browser opens it (with or without the v1 subprotocol)."""
        request = HTTPRequest(
            f"ws://127.0.0.1:{self.base.rsplit(':', 1)[1]}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}",
            headers={"Cookie": self.cookie_header()},
        )
        return await websocket_connect(request, subprotocols=[protocol] if protocol else None)


async def websocket_status(browser: Browser, kernel_id: str) -> int:
    """What the server answers ``browser`` opening the kernel's websocket: 101 (opened, then closed
    again) or the refusal's status."""
    from tornado.httpclient import HTTPClientError

    try:
        connection = await browser.websocket(kernel_id, V1)
    except HTTPClientError as error:
        return error.code
    connection.close()
    return 101


def kernel_answers(browser: Browser, kernel_id: str) -> list[int]:
    """The statuses the server answers ``browser`` on each way to a kernel: its websocket, its model,
    its deletion and a page's shutdown (the last two stop it, when they are allowed)."""
    import asyncio

    return [
        asyncio.run(websocket_status(browser, kernel_id)),
        browser.request(f"/api/kernels/{kernel_id}"),
        browser.request(f"/api/kernels/{kernel_id}", method="DELETE"),
        browser.request(f"/voila/api/shutdown/{kernel_id}", method="POST"),
    ]


def kernel_message(msg_type: str, content: dict, buffers: list[bytes] = (), metadata: dict | None = None) -> dict:
    """A shell-channel message as a page's widget manager sends it."""
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": "student",
            "session": uuid.uuid4().hex,
            "date": "",
            "version": "5.3",
        },
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
        "channel": "shell",
        "buffers": list(buffers),
    }


def encode(message: dict, protocol: str | None) -> str | bytes:
    """A message as the websocket carries it: v1 binary, or legacy JSON text (binary with buffers)."""
    if protocol == V1:
        parts = [json.dumps(message[part]).encode() for part in ("header", "parent_header", "metadata", "content")]
        return serialize_msg_to_ws_v1(parts + list(message["buffers"]), message["channel"])
    if message["buffers"]:
        return serialize_binary_message(message)
    return json.dumps({key: value for key, value in message.items() if key != "buffers"})


def decode(frame: str | bytes, protocol: str | None) -> dict:
    """A message the server sent, with its channel and buffers."""
    if protocol == V1:
        channel, parts = deserialize_msg_from_ws_v1(frame)
        header, parent, metadata, content = (json.loads(part) for part in parts[:4])
        return dict(
            channel=channel, header=header, parent_header=parent, metadata=metadata, content=content, buffers=parts[4:]
        )
    if isinstance(frame, bytes):
        return deserialize_binary_message(frame)
    return dict(json.loads(frame), buffers=[])


async def widget_states(connection, protocol: str | None, control_comm: str, timeout: float = 30) -> dict:
    """Ask for every widget's state as the widget manager does (request_states); the reply."""
    connection.write_message(
        encode(kernel_message("comm_msg", {"comm_id": control_comm, "data": {"method": "request_states"}}), protocol),
        binary=protocol == V1,
    )
    return await reply(
        connection,
        protocol,
        lambda message: message["content"].get("data", {}).get("method") == "update_states",
        timeout,
    )


async def reply(connection, protocol: str | None, wanted, timeout: float = 30) -> dict:
    """The first message from the kernel that ``wanted`` accepts."""
    import asyncio

    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        assert remaining > 0, "the kernel did not answer in time"
        frame = await asyncio.wait_for(connection.read_message(), remaining)
        assert frame is not None, "the server closed the websocket"
        message = decode(frame, protocol)
        if message["header"].get("msg_type") == "comm_msg" and wanted(message):
            return message


async def open_widget_control(connection, protocol: str | None) -> str:
    """Open the widget manager's control comm (as the page does); its id."""
    comm = uuid.uuid4().hex
    content = {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}
    # The version of ipywidgets' control protocol, without which the kernel refuses the comm.
    opening = kernel_message("comm_open", content, metadata={"version": "1.0.0"})
    connection.write_message(encode(opening, protocol), binary=protocol == V1)
    return comm


def command_line(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def kernel_processes(root: int, kernel: str) -> dict[int, int]:
    """The processes under ``root`` running the kernel of this id: process id -> start time."""
    tree = server.process_tree(root)
    return {pid: started for pid, started in tree.items() if f"kernel-{kernel}.json" in command_line(pid)}


def kernel_ids(root: int) -> set[str]:
    """The ids of every kernel running under ``root`` (a server's process), from their command lines."""
    found = (re.search(r"kernel-([0-9a-f-]+)\.json", command_line(pid)) for pid in server.process_tree(root))
    return {match[1] for match in found if match}


# Generous: a pool's kernels run their notebooks on a loaded two-core machine.
POOL_FILLED_WITHIN = 240


def waiting_kernels(running) -> set[str]:
    """The kernels of a class server (``conftest.Served``) that no test's page took (``running.taken``)."""
    return kernel_ids(running.process.pid) - running.taken


def pool_full(found: set[str]) -> bool:
    """Whether ``found`` kernels fill the pool of ``conftest.pooled_server``."""
    from conftest import POOLED_KERNELS

    return len(found) >= POOLED_KERNELS


def wait_for_pool(running, wanted=pool_full) -> set[str]:
    """The kernels waiting in a server's pool (``waiting_kernels``), once ``wanted`` accepts them
    (by default, once the pool is full)."""
    deadline = time.monotonic() + POOL_FILLED_WITHIN
    while not wanted(found := waiting_kernels(running)):
        assert time.monotonic() < deadline, f"the pool holds {len(found)} kernels after {POOL_FILLED_WITHIN} s"
        time.sleep(0.5)
    return found


def tree_memory(root: int) -> int:
    """Resident bytes of a process and of every process it started, from /proc."""
    total = 0
    for pid in [root, *server.process_tree(root)]:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue  # it ended meanwhile
        found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
        total += int(found[1]) * 1024 if found else 0
    return total


def answers_within(url: str, seconds: float) -> float | None:
    """How long the server took to answer, or None if it did not within the seconds."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=seconds) as response:
            response.read()
    except OSError:
        return None
    return time.monotonic() - started
