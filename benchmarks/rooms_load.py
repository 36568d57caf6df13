"""A class in rooms: 30 pages in 6 rooms on one server, each room playing a round to its end.

    python benchmarks/rooms_load.py [--rooms 6] [--per-room 5] [--think 1.0] [--target 1.0]

Starts ``matatu-learn serve`` as a teacher would (a database of its own) and opens the Rooms
page 30 times, each a client of its own (its own cookies, so its own kernel), five to a room:
one opens the room, four join it by its code, the host sets five seats and starts the round,
and each then plays whenever it is its turn, after a pause (``--think`` seconds, a person's).

Reported: for every move, the time from the mover's tap leaving its client to each other page
of that table receiving the table's new state (median and 95th percentile; the aim is
at most 1 s at the 95th), and the resident memory of the server and of each page's kernel.

The clients are not Chromium but websocket clients that speak to the page's kernel as its
widget manager does (the control comm, ``request_states``, widget updates and custom
messages): 30 Chromium renderers would share this machine's two cores with the server they
measure, while in a classroom each pupil's browser runs on the pupil's own device. The server's
work is the same either way: the same notebook, one kernel a page, the same poll and the same
widget traffic. What the browser adds on the pupil's device (drawing the new state, a few
milliseconds) is measured by ``tests/browser/test_browser_rooms.py`` and recorded in test-results/.
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from matatu_learn.server import process_tree

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent / "notebooks"
PAGE = "12-rooms.ipynb"
V1 = "v1.kernel.websocket.jupyter.org"
HERE_EVERY = 2.0  # seconds, as the page's address.js says "here"


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def resident_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def is_kernel(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return b"ipykernel" in cmdline.read()
    except OSError:
        return False


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


class Page:
    """One visitor's Rooms page: its kernel, and its widgets as the page's widget manager sees them."""

    def __init__(self, base: str, name: str, query: str = ""):
        self.base, self.name, self.query = base, name, query
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.models: dict[str, dict] = {}  # model id -> {"name": model name, "state": {...}}
        self.connection = None
        self.session = uuid.uuid4().hex
        self.changed = asyncio.Event()
        self.table: dict = {}  # the table widget's last state
        self.seen: dict[tuple[int, int], float] = {}  # (round, moves) -> when this page first had it
        self.kernel_id = ""

    # ----------------------------------------------------------- the kernel's websocket
    def render(self) -> None:
        suffix = f"?{self.query}" if self.query else ""
        with self.opener.open(f"{self.base}/voila/render/{PAGE}{suffix}", timeout=600) as response:
            text = response.read().decode("utf-8")
        self.kernel_id = re.search(r'"kernelId": "([0-9a-f-]+)"', text)[1]

    async def connect(self) -> None:
        cookie = "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.cookies)
        port = self.base.rsplit(":", 1)[1]
        request = HTTPRequest(
            f"ws://127.0.0.1:{port}/api/kernels/{self.kernel_id}/channels?session_id={self.session}",
            headers={"Cookie": cookie},
            request_timeout=120,
        )
        self.connection = await websocket_connect(request, subprotocols=[V1], max_message_size=64 * 2**20)
        control = uuid.uuid4().hex
        await self._send(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            metadata={"version": "1.0.0"},
        )
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        asyncio.get_running_loop().create_task(self._read())
        await self.wait(lambda: self.models, 120)

    async def _send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        header = {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": self.name,
            "session": self.session,
            "date": "",
            "version": "5.3",
        }
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        await self.connection.write_message(serialize_msg_to_ws_v1(parts, "shell"), binary=True)

    async def _read(self) -> None:
        while True:
            frame = await self.connection.read_message()
            if frame is None:
                return
            arrived = time.monotonic()
            channel, parts = deserialize_msg_from_ws_v1(frame)
            if channel != "iopub":
                continue
            header, content = json.loads(parts[0]), json.loads(parts[3])
            kind = header.get("msg_type")
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                data = content.get("data", {})
                self.models[content["comm_id"]] = {
                    "name": data.get("state", {}).get("_model_name"),
                    "state": data.get("state", {}),
                }
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update_states":
                    for model, entry in data.get("states", {}).items():
                        self.models[model] = {"name": entry.get("model_name"), "state": entry.get("state", {})}
                elif data.get("method") in ("update", "echo_update") and content["comm_id"] in self.models:
                    self.models[content["comm_id"]]["state"].update(data.get("state", {}))
                else:
                    continue
            else:
                continue
            table = self.table_state()
            if table and "moves" in table:
                self.table = table
                key = (table.get("round", 0), table["moves"])
                self.seen.setdefault(key, arrived)
            self.changed.set()

    async def wait(self, condition, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: waited {seconds:.0f} s")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(remaining, 1.0))
            except TimeoutError:
                pass

    async def beat(self) -> None:
        """Say "here" as the page's address.js does, for as long as the page is open."""
        while True:
            bar = self.find("AnyModel", lambda state: "share_label" in state)
            if bar is not None:
                await self.custom(bar, {"type": "here"})
            await asyncio.sleep(HERE_EVERY)

    # ----------------------------------------------------------- the widgets
    def find(self, model: str, test) -> str | None:
        for model_id, entry in self.models.items():
            if (entry["name"] or "").startswith(model) and test(entry["state"]):
                return model_id
        return None

    def control(self, model: str, description: str) -> str:
        found = self.find(model, lambda state: state.get("description") == description)
        if found is None:
            raise LookupError(f"{self.name}: no {model} {description!r}")
        return found

    async def update(self, model_id: str, state: dict) -> None:
        self.models[model_id]["state"].update(state)
        await self._send(
            "comm_msg", {"comm_id": model_id, "data": {"method": "update", "state": state, "buffer_paths": []}}
        )

    async def custom(self, model_id: str, content: dict) -> None:
        await self._send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": content}})

    async def click(self, description: str) -> None:
        await self.custom(self.control("ButtonModel", description), {"event": "click"})

    async def type(self, description: str, text: str) -> None:
        await self.update(self.control("TextModel", description), {"value": text})

    def html_with(self, marker: str) -> str | None:
        for entry in self.models.values():
            value = entry["state"].get("value")
            if entry["name"] == "HTMLModel" and isinstance(value, str) and marker in value:
                return value
        return None

    def table_state(self) -> dict:
        found = self.find("AnyModel", lambda state: isinstance(state.get("state"), dict) and "faces" in state)
        return self.models[found]["state"]["state"] if found else {}

    async def tap(self, message: dict) -> None:
        board = self.find("AnyModel", lambda state: "faces" in state)
        await self.custom(board, message)


def choose(state: dict, rng: random.Random) -> dict | None:
    """A tap a player would make now: an answer to the question asked, a card that fits, or a control."""
    question = state.get("question")
    if question:
        return {"type": "answer", "index": rng.randrange(len(question["answers"]))}
    playable = [card["card"] for card in state.get("hand", {}).get("cards", []) if card.get("playable")]
    if playable:
        return {"type": "card", "card": rng.choice(playable)}
    controls = [
        control["kind"] for control in state.get("controls", []) if control.get("enabled") and control["kind"] != "hint"
    ]
    return {"type": "control", "kind": rng.choice(controls)} if controls else None


async def make_move(mover: Page, others: list[Page], rng: random.Random, taps: list, delays: list) -> None:
    """Tap one move for ``mover`` (a card and the answers it asks for, or a button), and time it on
    the mover's page and on every other page of the table."""
    round_number, before = mover.table.get("round", 0), mover.table["moves"]
    key = (round_number, before + 1)
    sent = 0.0
    for _ in range(4):
        message = choose(mover.table, rng)
        if message is None:
            return
        asked = mover.table.get("question")
        sent = time.monotonic()
        await mover.tap(message)

        def answered(asked=asked) -> bool:
            return key in mover.seen or mover.table.get("question") not in (None, asked)

        try:
            await mover.wait(answered, 60)
        except TimeoutError:
            return  # refused (said in place on the page): the next look chooses again
        if key in mover.seen:
            break
    else:
        return
    taps.append(mover.seen[key] - sent)
    await asyncio.gather(*(page.wait(lambda page=page: key in page.seen, 60) for page in others))
    delays.extend(page.seen[key] - sent for page in others)


async def play_room(base: str, number: int, per_room: int, think: float, taps: list, delays: list) -> dict:
    """Open a room, fill it, start it and play one round to its end; its pages' figures."""
    loop = asyncio.get_running_loop()
    host = Page(base, f"Host {number}")
    await loop.run_in_executor(None, host.render)
    await host.connect()
    loop.create_task(host.beat())
    await host.type("Your name", host.name)
    await host.click("Open a room")
    await host.wait(lambda: host.html_with("data-room-code"), 60)
    code = re.search(r'data-room-code="([^"]+)"', host.html_with("data-room-code"))[1]
    seats = host.control("DropdownModel", "Seats")
    options = host.models[seats]["state"]["_options_labels"]
    await host.update(seats, {"index": options.index(str(per_room))})
    await host.wait(lambda: (host.html_with("matatu-seats") or "").count("<tr data-seat=") == per_room, 60)
    pages = [host]
    for seat in range(1, per_room):
        guest = Page(base, f"Guest {number}.{seat}", f"room={code}")
        await loop.run_in_executor(None, guest.render)
        await guest.connect()
        loop.create_task(guest.beat())
        await guest.type("Your name", guest.name)
        await guest.click("Join")
        pages.append(guest)
    await host.wait(lambda: all(page.name in (host.html_with("matatu-seats") or "") for page in pages), 120)
    await host.click("Start the round")
    await asyncio.gather(*(page.wait(lambda page=page: page.table.get("moves") == 0, 120) for page in pages))
    rng = random.Random(number)
    started = time.monotonic()
    while not host.table.get("result"):
        if time.monotonic() - started > 1800:
            raise TimeoutError(f"room {code}: the round did not end in 30 minutes")
        mover = next((page for page in pages if page.table.get("your_turn")), None)
        if mover is None:
            await asyncio.sleep(0.05)
            continue
        await asyncio.sleep(think)
        await make_move(mover, [page for page in pages if page is not mover], rng, taps, delays)
    return {"code": code, "moves": host.table.get("moves"), "pages": pages}


def memory(server: int) -> tuple[float, list[float]]:
    """The resident memory (MiB) of the server and everything it started, and of each kernel."""
    pids = [server, *process_tree(server)]
    kernels = [resident_kib(pid) / 1024 for pid in pids if is_kernel(pid)]
    return sum(resident_kib(pid) for pid in pids) / 1024, kernels


async def class_of_rooms(base: str, rooms: int, per_room: int, think: float, server: int) -> tuple:
    """Every room played at once; the memory sampled every two seconds meanwhile (the peak kept)."""
    taps: list[float] = []
    delays: list[float] = []
    peak: list = [0.0, []]

    async def sample() -> None:
        while True:
            total, kernels = memory(server)
            if total > peak[0]:
                peak[:] = [total, kernels]
            await asyncio.sleep(2)

    sampler = asyncio.get_running_loop().create_task(sample())
    played = await asyncio.gather(
        *(play_room(base, number, per_room, think, taps, delays) for number in range(1, rooms + 1))
    )
    sampler.cancel()
    close_pages(played)
    return played, taps, delays, peak


def close_pages(played: list[dict]) -> None:
    for room in played:
        for page in room["pages"]:
            if page.connection is not None:
                page.connection.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=6)
    parser.add_argument("--per-room", type=int, default=5, help="pages in each room (2 to 6)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a player takes before a move")
    parser.add_argument("--target", type=float, default=1.0, help="the aim for the 95th percentile, seconds")
    arguments = parser.parse_args()
    port = free_port()
    database = Path(tempfile.mkdtemp()) / "class.sqlite3"
    command = [
        sys.executable,
        "-m",
        "matatu_learn",
        "serve",
        "--no-browser",
        f"--port={port}",
        "--notebooks",
        str(NOTEBOOKS),
    ]
    server = subprocess.Popen(
        command,
        env=dict(os.environ, MATATU_LEARN_DB=str(database)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base, timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline:
                    print("matatu-learn serve did not answer within 60 s.", file=sys.stderr)
                    return 1
                time.sleep(0.3)
        started = time.monotonic()
        played, taps, delays, (total_mib, kernel_mib) = asyncio.run(
            class_of_rooms(base, arguments.rooms, arguments.per_room, arguments.think, server.pid)
        )
        seconds = time.monotonic() - started
        pages = arguments.rooms * arguments.per_room
        moves = sum(room["moves"] or 0 for room in played)
        print(
            f"{pages} pages in {arguments.rooms} rooms of {arguments.per_room}, one round each "
            f"({moves} moves, {arguments.think:g} s to think a move), {seconds:.0f} s in all, on {os.cpu_count()} cores"
        )
        print(
            f"a move on every other page of its table: median {statistics.median(delays):.2f} s, "
            f"95th percentile {percentile(delays, 0.95):.2f} s, slowest {max(delays):.2f} s "
            f"({len(delays)} deliveries; aim: 95th at most {arguments.target:g} s)"
        )
        print(
            f"a tap answered on the mover's own page: median {statistics.median(taps):.2f} s, "
            f"95th percentile {percentile(taps, 0.95):.2f} s"
        )
        print(
            f"memory at its peak: {total_mib:.0f} MiB for the server and its {len(kernel_mib)} kernels; "
            f"a page's kernel: median {statistics.median(kernel_mib):.0f} MiB, largest {max(kernel_mib):.0f} MiB; "
            f"the server itself {total_mib - sum(kernel_mib):.0f} MiB"
        )
        return 0 if percentile(delays, 0.95) <= arguments.target else 1
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


if __name__ == "__main__":
    sys.exit(main())
