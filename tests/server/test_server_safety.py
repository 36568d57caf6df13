"""The class server survives its clients: the websocket sequence that froze Voilà 0.5.13, a
kernel reached with its id alone, a busy kernel left without a page, and every page served
without a request to any other host."""

import asyncio
import time

import pytest
from server_fixtures import (
    V1,
    Browser,
    answers_within,
    encode,
    kernel_answers,
    kernel_message,
    kernel_processes,
    open_widget_control,
    tree_memory,
    websocket_status,
    widget_states,
)

from conftest import free_port, open_notebook, served
from matatu_learn import server

PUZZLES = "06-can-you-cut.ipynb"
# Bounds no load explains: a hung server never answers, a looping one grows by gigabytes.
ANSWER_BOUND = 10.0
GROWTH_BOUND = 100 * 2**20
WATCHED_SECONDS = 10
FIGURES: dict[str, float] = {}


@pytest.fixture(scope="module", autouse=True)
def print_figures():
    """The figures measured, printed once the module's tests are done (pytest -s shows them)."""
    yield
    for name, value in FIGURES.items():
        print(f"{name}: {value:.3f}")


def upload_holding_bytes(states: dict, content: bytes) -> dict:
    """The comm message that makes the page's FileUpload hold the bytes, as the browser sends a file."""
    upload = next(model for model, state in states.items() if state["state"]["_model_name"] == "FileUploadModel")
    state = {"value": [{"name": "puzzles.json", "type": "application/json", "size": len(content), "last_modified": 0}]}
    data = {"method": "update", "state": state, "buffer_paths": [["value", 0, "content"]]}
    return kernel_message("comm_msg", {"comm_id": upload, "data": data}, buffers=[content])


@pytest.mark.parametrize("protocol", [None, V1], ids=["legacy-protocol", "v1-protocol"])
def test_a_widget_holding_bytes_sent_to_any_client_leaves_the_server_answering(class_server, protocol):
    content = b'[{"not": "a puzzle"}]'
    browser = Browser(class_server.base)
    kernel = browser.open_page(PUZZLES)

    async def the_sequence():
        connection = await browser.websocket(kernel, protocol)
        try:
            control = await open_widget_control(connection, protocol)
            states = (await widget_states(connection, protocol, control))["content"]["data"]["states"]
            connection.write_message(encode(upload_holding_bytes(states, content), protocol), binary=True)
            # The reply now carries the upload's bytes: the message Voilà's header reader looped on.
            return await widget_states(connection, protocol, control)
        finally:
            connection.close()

    before = tree_memory(class_server.process.pid)
    states = asyncio.run(the_sequence())
    assert content in states["buffers"], "the page did not get the upload's bytes back"
    answered = answers_within(f"{class_server.base}/voila/static/matatu-page-status.js", ANSWER_BOUND)
    assert answered is not None, f"the server did not answer within {ANSWER_BOUND} s after the sequence"
    time.sleep(WATCHED_SECONDS)
    grown = tree_memory(class_server.process.pid) - before
    rendered = time.monotonic()
    Browser(class_server.base).open_page("index.ipynb")
    name = "v1" if protocol else "legacy"
    FIGURES[f"answer after the sequence ({name}), s"] = answered
    FIGURES[f"landing page after the sequence ({name}), s"] = time.monotonic() - rendered
    FIGURES[f"memory grown in {WATCHED_SECONDS} s ({name}), MB"] = grown / 2**20
    assert grown < GROWTH_BOUND, f"the server's memory grew by {grown / 2**20:.0f} MB in {WATCHED_SECONDS} s"


def test_a_message_the_handler_cannot_read_closes_that_socket_only(class_server):
    browser = Browser(class_server.base)
    kernel = browser.open_page("index.ipynb")

    async def send(frame: bytes, protocol: str | None):
        connection = await browser.websocket(kernel, protocol)
        connection.write_message(frame, binary=True)
        # The server closes the socket rather than reading offsets that point past the message.
        closed = await asyncio.wait_for(connection.read_message(), ANSWER_BOUND)
        while closed is not None:
            closed = await asyncio.wait_for(connection.read_message(), ANSWER_BOUND)
        return connection.close_code

    huge_count = (2**62).to_bytes(8, "little") + b"\0" * 40
    assert asyncio.run(send(huge_count, V1)) == 1007
    assert asyncio.run(send((2**31 - 1).to_bytes(4, "big") + b"\0" * 8, None)) == 1007
    assert answers_within(class_server.base, ANSWER_BOUND) is not None
    assert "Closed a kernel websocket that sent an unreadable message" in class_server.log_text()


def test_a_kernel_answers_only_the_browser_session_whose_page_started_it(class_server):
    student, other = Browser(class_server.base), Browser(class_server.base)
    kernel = student.open_page("index.ipynb")
    other.open_page("index.ipynb")  # a page of its own: its own cookies, its own XSRF token

    for intruder in (other, Browser(class_server.base)):  # another page's browser, and one with no cookie
        assert kernel_answers(intruder, kernel) == [403] * 4
    # The kernel is untouched and still its page's.
    assert student.request(f"/api/kernels/{kernel}") == 200
    assert asyncio.run(websocket_status(student, kernel)) == 101
    assert student.request(f"/api/kernels/{kernel}", method="DELETE") == 204
    assert student.request(f"/api/kernels/{kernel}") == 404
    # Each refusal above was this check's, not another (a missing XSRF token would be one too).
    assert class_server.log_text().count(f"Refused a request for kernel {kernel}") == 8


WORKING_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "work",
            "metadata": {},
            "outputs": [],
            "source": (
                "import time\n"
                "import ipywidgets\n"
                "button = ipywidgets.Button(description='Work')\n"
                "def work(_):\n"
                "    while True:  # output all along: Jupyter's own culler counts it as activity\n"
                "        print('still working', flush=True)\n"
                "        time.sleep(0.2)\n"
                "button.on_click(work)\n"
                "button"
            ),
        }
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


@pytest.mark.server
def test_a_busy_kernel_is_culled_once_no_page_is_connected_and_kept_while_one_is(tmp_path):
    import json

    folder = tmp_path / "notebooks"
    folder.mkdir()
    (folder / "work.ipynb").write_text(json.dumps(WORKING_NOTEBOOK))
    unconnected = 4
    # The idle culler waits ten minutes here: whatever is culled within the test is culled as busy.
    culling = dict(server.KERNEL_CULLING, cull_idle_timeout=600, cull_interval=1)
    port = free_port()
    command = server.voila_command(folder, port, "127.0.0.1", culling, unconnected_timeout=unconnected)
    with served(tmp_path, command=command, port=port) as class_server:
        browser = Browser(class_server.base)
        kernel = browser.open_page("work.ipynb")
        processes = kernel_processes(class_server.process.pid, kernel)
        assert processes, "no kernel process was found for the page"

        async def start_the_work_then_stay(seconds: float):
            connection = await browser.websocket(kernel, V1)
            control = await open_widget_control(connection, V1)
            states = (await widget_states(connection, V1, control))["content"]["data"]["states"]
            button = next(model for model, state in states.items() if state["state"]["_model_name"] == "ButtonModel")
            click = {"comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}}
            connection.write_message(encode(kernel_message("comm_msg", click), V1), binary=True)
            await asyncio.sleep(seconds)  # well past the bound: an open page's busy kernel stays
            assert server.still_running(processes), "the kernel of an open page was culled"
            assert browser.request(f"/api/kernels/{kernel}") == 200
            connection.close()

        asyncio.run(start_the_work_then_stay(unconnected + 4))
        left = time.monotonic()
        while server.still_running(processes) and time.monotonic() - left < 60:
            time.sleep(0.2)
        FIGURES["busy kernel culled after its page left, s"] = time.monotonic() - left
        assert not server.still_running(processes), "the busy kernel of a page that left was not culled within 60 s"
        assert f"Culling 'busy' kernel {kernel}: no page has been connected to it for" in class_server.log_text()


def page_kernel(page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


STOPPED = "This page has stopped — reload it."


@pytest.mark.parametrize("how", ["shut down", "killed"])
def test_a_page_that_loses_its_kernel_says_so(class_server, browser_page, how):
    import os
    import signal

    open_notebook(browser_page, class_server.base, "index.ipynb")
    notice = browser_page.get_by_role("alert").filter(has_text=STOPPED)
    assert notice.count() == 0, "the page said it had stopped while its kernel ran"
    kernel = page_kernel(browser_page)
    if how == "shut down":  # as the culler does: Jupyter's own shutdown, from the server
        xsrf = "chosen"
        browser_page.context.add_cookies([{"name": "_xsrf", "value": xsrf, "url": class_server.base}])
        response = browser_page.request.delete(
            f"{class_server.base}/api/kernels/{kernel}", headers={"X-XSRFToken": xsrf}
        )
        assert response.status == 204
    else:  # the kernel's process dies
        (pid,) = kernel_processes(class_server.process.pid, kernel)
        os.kill(pid, signal.SIGKILL)
    started = time.monotonic()
    notice.wait_for(state="visible", timeout=30_000)
    FIGURES[f"page said it stopped, kernel {how}, s"] = time.monotonic() - started
    assert notice.inner_text().strip() == STOPPED


def test_the_pages_ask_nothing_of_any_host_but_the_server(class_server, browser_page):
    from urllib.parse import urlsplit

    requested, failed, fonts = [], [], []
    browser_page.on("request", lambda request: requested.append(request.url))
    browser_page.on("requestfailed", lambda request: failed.append(request.url))
    browser_page.on("response", lambda response: fonts.append(response.status) if ".woff" in response.url else None)
    open_notebook(browser_page, class_server.base, "index.ipynb")
    open_notebook(browser_page, class_server.base, PUZZLES)  # its buttons carry Font Awesome icons
    browser_page.locator(".jupyter-widgets button:visible i.fa").first.wait_for(state="visible")
    browser_page.goto(f"{class_server.base}/")  # the folder listing
    browser_page.wait_for_load_state("networkidle")
    server_host = urlsplit(class_server.base).netloc
    outside = sorted(
        {
            url
            for url in requested
            if urlsplit(url).scheme in ("http", "https", "ws", "wss") and urlsplit(url).netloc != server_host
        }
    )
    assert not outside, f"the pages asked other hosts for: {outside}"
    assert len(requested) > 20, "too few requests were recorded for the check to mean anything"
    # The icons' font came from the server, so an offline classroom sees them.
    assert fonts and all(status == 200 for status in fonts), f"the icon fonts were not served: {fonts}"
    # Leaving a page cancels its own kernel traffic (the websocket, Voilà's shutdown call on unload): only
    # those may fail; every asset must arrive.
    leaving = ("/api/kernels/", "/voila/api/shutdown/")
    assert not [url for url in failed if not any(part in url for part in leaving)], f"requests that failed: {failed}"
