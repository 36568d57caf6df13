"""A page's kernel within bounds: only the widget classes the page's kernel made can be opened from
the page, a byte budget on what the page sends, no traceback sent to the page, the page's own
shutdown taken at once (a room then sees its seat away), and a bound on kernel starts a client.

The websocket tests speak the protocol as a page's client does (``server_fixtures.Browser``);
the page tests drive Chromium. All but the last share the session's class server; the last starts
one of its own with a bound of two kernel starts a client.
"""

import asyncio
import json
import time
import uuid

import pytest
from server_fixtures import (
    V1,
    Browser,
    decode,
    encode,
    kernel_message,
    kernel_processes,
    open_widget_control,
    tree_memory,
    widget_states,
)

from conftest import FLAGS, RESULTS, open_notebook, served
from matatu_learn.page_limits import LARGEST_MESSAGE, MEMORY_LIMIT, NOTICE, PAGE_BYTES
from matatu_learn.play.rooms import AWAY_SECONDS, RoomService, present
from matatu_learn.teaching.page_words import BUDGET_SPENT, VALUE_REFUSED, WIDGET_REFUSED, too_large_words
from matatu_learn.voila_app import KERNEL_ARENAS, KERNEL_RETURNED_FROM

FLOOD = 30
FLOOD_BYTES = 4 * 2**20
# A byte a page's widgets hold costs its kernel about 1.1 bytes (measured: 18.3 MB for a 16 MiB
# budget, run after run). Without large blocks given back when freed (``KERNEL_RETURNED_FROM``) the
# refused messages stayed in the allocator: 30-38 MB alone, 83 MB once under a whole suite's load.
HELD_COST = 1.5
# Seconds no load explains for a kernel or a page to act on a closed tab, or a page to load (the
# deadline, never a timing).
DEADLINE = 60


def states_by_model(states: dict) -> dict[str, list[str]]:
    models: dict[str, list[str]] = {}
    for model, state in states.items():
        models.setdefault(state["state"]["_model_name"], []).append(model)
    return models


def opening(state: dict, comm: str) -> dict:
    """The comm_open by which a page asks its kernel for a widget of ``state``."""
    data = {"state": state, "buffer_paths": []}
    content = {"comm_id": comm, "target_name": "jupyter.widget", "data": data}
    return kernel_message("comm_open", content, metadata={"version": "2.1.0"})


async def answers(connection, wanted, seconds: float = 30) -> list[dict]:
    """Every message the kernel sends until ``wanted`` accepts one (that one last)."""
    seen = []
    deadline = time.monotonic() + seconds
    while True:
        frame = await asyncio.wait_for(connection.read_message(), max(0.1, deadline - time.monotonic()))
        assert frame is not None, "the server closed the websocket"
        seen.append(decode(frame, V1))
        if wanted(seen[-1]):
            return seen


def notice_of(message: dict) -> str | None:
    if message["header"]["msg_type"] != "display_data":
        return None
    return message["content"]["data"].get(NOTICE, {}).get("sentence")


def closed(comm: str):
    return lambda message: message["header"]["msg_type"] == "comm_close" and message["content"]["comm_id"] == comm


def kernel_memory(class_server, kernel: str) -> int:
    (pid,) = kernel_processes(class_server.process.pid, kernel)
    return tree_memory(pid)


class Page:
    """A page's client on its kernel's websocket, with every widget's state."""

    def __init__(self, class_server, name: str = "index.ipynb"):
        self.browser = Browser(class_server.base)
        self.kernel = self.browser.open_page(name)

    async def connect(self):
        self.connection = await self.browser.websocket(self.kernel, V1)
        self.control = await open_widget_control(self.connection, V1)
        return await self.states()

    async def states(self) -> dict:
        return (await widget_states(self.connection, V1, self.control))["content"]["data"]["states"]

    def send(self, message: dict) -> None:
        self.connection.write_message(encode(message, V1), binary=True)


def test_a_page_opens_only_widget_classes_its_kernel_made(class_server):
    page = Page(class_server)

    async def ask():
        states = await page.connect()
        models = states_by_model(states)
        text = states[models["TextModel"][0]]["state"]
        foreign = dict(text, _model_name="ColorPickerModel", _view_name="ColorPickerView", value="#000000")
        refused, accepted = uuid.uuid4().hex, uuid.uuid4().hex
        page.send(opening(foreign, refused))
        said = await answers(page.connection, closed(refused))
        page.send(opening(dict(text, value="Amina"), accepted))
        after = await page.states()
        page.connection.close()
        return said, after

    said, after = asyncio.run(ask())
    assert WIDGET_REFUSED in [notice_of(message) for message in said]
    assert "ColorPickerModel" not in states_by_model(after), "the kernel made a widget class it never shows"
    assert [state for state in after.values() if state["state"].get("value") == "Amina"], (
        "a widget of a class the page shows was not made: the check refuses too much to mean anything"
    )
    assert "Refused a widget the page asked for: @jupyter-widgets/controls ColorPickerModel." in class_server.log_text()


def test_a_flood_of_large_text_widgets_leaves_the_kernel_within_its_budget(class_server):
    page = Page(class_server)

    async def flood():
        states = await page.connect()
        text = states[states_by_model(states)["TextModel"][0]]["state"]
        before = kernel_memory(class_server, page.kernel)
        comms = [uuid.uuid4().hex for _ in range(FLOOD)]
        for comm in comms:
            page.send(opening(dict(text, value="x" * FLOOD_BYTES), comm))
        said = await answers(page.connection, closed(comms[-1]), seconds=120)
        # Then messages each within the bound, until the page's budget is spent.
        pieces = [uuid.uuid4().hex for _ in range(PAGE_BYTES // 2**20 + 4)]
        for comm in pieces:
            page.send(opening(dict(text, value="y" * (2**20 - 4096)), comm))
        said += await answers(page.connection, closed(pieces[-1]), seconds=120)
        grown = kernel_memory(class_server, page.kernel) - before
        page.connection.close()
        return comms, pieces, said, grown

    comms, pieces, said, grown = asyncio.run(flood())
    closed_comms = {message["content"]["comm_id"] for message in said if message["header"]["msg_type"] == "comm_close"}
    assert set(comms) <= closed_comms, "a widget over the largest message was made"
    notices = [notice_of(message) for message in said]
    assert too_large_words(LARGEST_MESSAGE) in notices
    assert BUDGET_SPENT in notices
    made = [comm for comm in pieces if comm not in closed_comms]
    assert 0 < len(made) <= PAGE_BYTES // 2**20, f"{len(made)} widgets of 1 MB were made on a budget of {PAGE_BYTES}"
    # What the page's widgets hold, and the allocator's pages left by reading the refused messages.
    assert grown < HELD_COST * PAGE_BYTES, f"the kernel grew by {grown / 2**20:.0f} MB"
    assert "Refused a comm_open of" in class_server.log_text()


def test_a_state_update_over_the_bound_is_refused(class_server):
    page = Page(class_server)

    async def update():
        states = await page.connect()
        text = states_by_model(states)["TextModel"][0]
        before = states[text]["state"]["value"]
        state = {"value": "z" * (LARGEST_MESSAGE + 1)}
        message = kernel_message("comm_msg", {"comm_id": text, "data": {"method": "update", "state": state}})
        page.send(message)
        said = await answers(page.connection, lambda message: notice_of(message) is not None)
        after = (await page.states())[text]["state"]["value"]
        page.connection.close()
        return before, after, said

    before, after, said = asyncio.run(update())
    assert after == before, "a state update over the bound reached the widget"
    assert notice_of(said[-1]) == too_large_words(LARGEST_MESSAGE)


@pytest.mark.parametrize("forged", [{"index": 99}, {"index": "seven"}], ids=["index-out-of-range", "wrong-type"])
def test_a_forged_widget_value_is_one_sentence_and_no_traceback(class_server, forged):
    page = Page(class_server)

    async def forge():
        states = await page.connect()
        dropdown = states_by_model(states)["DropdownModel"][0]
        message = kernel_message(
            "comm_msg", {"comm_id": dropdown, "data": {"method": "update", "state": forged, "buffer_paths": []}}
        )
        page.send(message)
        said = await answers(page.connection, lambda message: notice_of(message) is not None)
        page.connection.close()
        return said

    said = asyncio.run(forge())
    assert notice_of(said[-1]) == VALUE_REFUSED
    assert not [message for message in said if message["header"]["msg_type"] == "error"]
    assert not [message for message in said if "Traceback" in json.dumps(message["content"])]
    assert "Refused what a page sent (comm_msg): TraitError" in class_server.log_text()


def test_the_page_own_shutdown_is_taken_without_a_token_and_refused_to_another_session(class_server):
    owner, other = Browser(class_server.base), Browser(class_server.base)
    kernel = owner.open_page("index.ipynb")
    other.open_page("index.ipynb")

    def beacon(browser: Browser) -> int:
        """Voilà's beacon as the page sends it on unload: an empty _xsrf field and no header."""
        import urllib.error
        import urllib.request

        request = urllib.request.Request(
            f"{class_server.base}/voila/api/shutdown/{kernel}",
            data=b"_xsrf=",
            headers={"Cookie": browser.cookie_header(), "Content-Type": "application/x-www-form-urlencoded"},
            method="POST",
        )
        try:
            with browser.opener.open(request, timeout=30) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    assert beacon(other) == 403
    assert owner.request(f"/api/kernels/{kernel}") == 200, "another session's request shut the kernel down"
    assert beacon(owner) == 204
    assert owner.request(f"/api/kernels/{kernel}") == 404


# ---- in Chromium ----


@pytest.fixture
def phone_page(chromium):
    """A phone's page (390 x 844, touch) in a Chromium of its own: the notice must fit a phone too."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=FLAGS)
        phone = launched.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        page = phone.new_page()
        page.set_default_navigation_timeout(DEADLINE * 1000)  # a page loads slowly on a loaded machine
        yield page
        launched.close()


# Keeps the page's kernel websocket where the test can send on it, as a hostile page's script could.
KEEP_SOCKET = """(() => {
  const Native = window.WebSocket;
  function Kept(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (String(url).includes("/channels")) { window.keptSocket = socket; }
    return socket;
  }
  Kept.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(name => { Kept[name] = Native[name]; });
  window.WebSocket = Kept;
})();"""


def test_a_forged_value_from_a_page_shows_a_sentence_and_no_traceback_frame(class_server, phone_page):
    page = phone_page
    frames: list[bytes | str] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: frames.append(payload)))
    page.add_init_script(KEEP_SOCKET)
    open_notebook(page, class_server.base, "index.ipynb")
    # The page's widget states, as its widget manager received them.
    deadline = time.monotonic() + DEADLINE
    dropdown = None
    while dropdown is None and time.monotonic() < deadline:
        for frame in list(frames):
            message = decode(frame, V1) if isinstance(frame, bytes) else None
            if message and message["content"].get("data", {}).get("method") == "update_states":
                dropdown = states_by_model(message["content"]["data"]["states"])["DropdownModel"][0]
        page.wait_for_timeout(200)
    assert dropdown is not None, "the page's widget states were not seen on its websocket"
    frames.clear()
    forged = kernel_message(
        "comm_msg", {"comm_id": dropdown, "data": {"method": "update", "state": {"index": 99}, "buffer_paths": []}}
    )
    page.evaluate("bytes => window.keptSocket.send(new Uint8Array(bytes))", list(encode(forged, V1)))
    notice = page.locator("#matatu-page-notice")
    notice.wait_for(state="visible", timeout=DEADLINE * 1000)
    assert VALUE_REFUSED in notice.inner_text()
    assert notice.get_attribute("role") == "status"
    page.wait_for_timeout(1000)  # whatever else the kernel sent for that message has arrived
    received = [frame if isinstance(frame, bytes) else frame.encode() for frame in frames]
    assert received, "no frame was read after the forged value"
    assert not [frame for frame in received if b"Traceback" in frame or b'"msg_type": "error"' in frame]
    page.screenshot(path=str(RESULTS / "page-notice-forged-value-phone.png"))


def seat_presence(page, seat: int) -> str:
    """What the Rooms page's seat table says of a seat: "here", "away" or ""."""
    cells = page.locator(f".matatu-seats tr[data-seat='{seat}'] td")
    return cells.nth(3).inner_text().strip() if cells.count() == 4 else ""


def wait_for_presence(page, seat: int, words: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while seat_presence(page, seat) != words and time.monotonic() < deadline:
        page.wait_for_timeout(500)
    assert seat_presence(page, seat) == words, f"seat {seat} was not shown {words} within {DEADLINE} s"


def test_a_closed_tab_frees_its_kernel_and_the_room_shows_its_seat_away(class_server, browser_page):
    with RoomService(class_server.database) as rooms:
        published = rooms.store.ruleset("house")
        code, host_token = rooms.open("Amina", published.name, published.version)
        seat, guest_token = rooms.join(code, "Okello")
    host = browser_page.context.browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    guest = browser_page
    for page in (host, guest):
        page.set_default_navigation_timeout(DEADLINE * 1000)  # a page loads slowly on a loaded machine
    open_notebook(host, class_server.base, f"12-rooms.ipynb?room={code}&player={host_token}")
    open_notebook(guest, class_server.base, f"12-rooms.ipynb?room={code}&player={guest_token}")
    kernel = guest.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    processes = kernel_processes(class_server.process.pid, kernel)
    assert processes, "no kernel process was found for the guest's page"
    wait_for_presence(host, seat, "here")
    closed_at = time.time()
    guest.close(run_before_unload=True)
    from matatu_learn import server

    deadline = time.monotonic() + DEADLINE
    while server.still_running(processes) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not server.still_running(processes), f"the closed tab's kernel still ran {DEADLINE} s after"
    with RoomService(class_server.database) as rooms:
        closed_seat = rooms.room(code).seats[seat]
    # Marked away by the closing page (as if last heard from past the away time before it closed),
    # not by the away time running out after its last heartbeat.
    assert closed_seat.seen < closed_at - AWAY_SECONDS and not present(closed_seat, time.time())
    wait_for_presence(host, seat, "away")
    host.screenshot(path=str(RESULTS / "room-closed-tab-away.png"))


@pytest.fixture(scope="module")
def bounded_server(tmp_path_factory):
    """A class server of its own that starts two kernels a client within a minute."""
    with served(tmp_path_factory.mktemp("bounded"), starts_per_client=2) as running:
        yield running


def test_a_client_past_its_kernel_starts_gets_the_busy_page(bounded_server, browser_page):
    browser = Browser(bounded_server.base)
    for _ in range(2):
        browser.open_page("glossary.ipynb")
    running = len(kernel_processes_all(bounded_server))
    browser_page.set_default_navigation_timeout(DEADLINE * 1000)
    response = browser_page.goto(f"{bounded_server.base}/voila/render/glossary.ipynb")
    assert response.status == 503
    seconds = int(response.headers["retry-after"])
    assert 1 <= seconds <= 60
    assert f"The server is busy, try again in {seconds} second" in browser_page.inner_text("main")
    assert len(kernel_processes_all(bounded_server)) == running, "the busy page started a kernel"
    assert "Told 127.0.0.1 the server is busy" in bounded_server.log_text()
    browser_page.screenshot(path=str(RESULTS / "busy-page.png"))


def kernel_processes_all(served_server) -> list[int]:
    from server_fixtures import command_line

    from matatu_learn import server

    return [pid for pid in server.process_tree(served_server.process.pid) if "ipykernel" in command_line(pid)]


def test_a_client_may_start_so_many_kernels_a_window_and_is_told_when_it_may_again():
    from matatu_learn.voila_app import ClassKernelManager

    manager = ClassKernelManager(starts_per_client=2, starts_window=60)
    assert [manager.wait_before_start("10.0.0.7", now=moment) for moment in (0, 1)] == [0, 0]
    # The third start within the minute waits until the first leaves the window.
    assert manager.wait_before_start("10.0.0.7", now=2) == 58
    assert manager.wait_before_start("10.0.0.7", now=30.5) == 30
    assert manager.wait_before_start("10.0.0.8", now=2) == 0, "another client's starts were counted"
    assert manager.wait_before_start("10.0.0.7", now=60) == 0
    unbounded = ClassKernelManager(starts_per_client=0)
    assert all(unbounded.wait_before_start("10.0.0.7", now=0) == 0 for _ in range(50))


def test_a_page_kernel_starts_with_its_memory_limit(class_server):
    page = Page(class_server)
    (pid,) = kernel_processes(class_server.process.pid, page.kernel)
    with open(f"/proc/{pid}/limits") as limits:
        line = next(line for line in limits if line.startswith("Max address space"))
    assert line.split()[3] == str(MEMORY_LIMIT)
    with open(f"/proc/{pid}/environ", "rb") as environ:
        variables = dict(entry.split(b"=", 1) for entry in environ.read().split(b"\0") if b"=" in entry)
    assert variables[b"MALLOC_ARENA_MAX"] == KERNEL_ARENAS.encode()
    assert variables[b"MALLOC_MMAP_THRESHOLD_"] == KERNEL_RETURNED_FROM.encode()
