"""Rooms in Chromium: several browser contexts (each a person's own device) at one room's table,
on the class server as ``matatu-learn serve`` runs it: the session's one (``class_server``), each
test at a room of its own, but for the test that shortens the away time on a server of its own.

Nobody clicks to see the others' moves: each page's poll shows them. The tests play whole rounds
tap by tap, make one move from two pages at once, close a tab mid-round and come back with the
player's link, leave a seat empty until the computer plays it, check every websocket frame a page
received against what its seat could see, and find the round in the history, replayed. Timings are
recorded in ``test-results/rooms-latency.txt``; no test fails on a time that load can explain.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

import pytest
from test_browser_class import CODE, open_class_page
from test_browser_play import messages, named_in, rule_cards, traffic_parts

from conftest import RESULTS, served
from matatu_learn.engine.actions import CUT, PLAY
from matatu_learn.engine.cards import CARD_NAMES
from matatu_learn.engine.events import EventKind
from matatu_learn.play.rooms import RoomService
from matatu_learn.store.database import RecordedSeat, Store
from matatu_learn.store.roles import TEACHER_CODE_VARIABLE
from matatu_learn.store.rooms import hash_token

PAGE = "12-rooms.ipynb"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
MOVES = "Number((document.querySelector('.mt-table .mt-status') || {dataset: {}}).dataset.moves)"
OVER = "!!document.querySelector('.mt-table.mt-over')"
QUESTION = (
    "(document.querySelector('.mt-table .mt-question:not([hidden]) .mt-question-text') || {}).textContent || null"
)
# Generous: a shared two-core machine running four kernels and four pages is slow, never this slow.
SEEN_WITHIN_MS = 60_000
LATENCIES: list[float] = []  # seconds from a tap to another page at the table showing the move


class Player:
    """One person: a device of their own (a context from ``conftest.Devices``), their page, and every frame it received."""

    def __init__(self, devices, base: str, name: str, size: dict):
        self.devices, self.base, self.name, self.size = devices, base, name, size
        self.touch = size.get("has_touch", False)
        self.frames: list = []
        self.errors: list[str] = []
        self.context = self.page = None
        self.seat: int | None = None

    def visit(self, query: str = "") -> None:
        self.context = self.devices.take(self.size)
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: self.frames.append(payload)))
        # Each page notes (on the machine's one clock) when it first showed each move count.
        page.add_init_script(
            """setInterval(() => {
                const status = document.querySelector('.mt-table .mt-status');
                const moves = status && status.dataset.moves;
                window.__shown = window.__shown || {};
                if (moves !== undefined && !(moves in window.__shown)) window.__shown[moves] = Date.now();
            }, 15);"""
        )
        page.goto(f"{self.base}/voila/render/{PAGE}{'?' + query if query else ''}")
        page.locator(".jupyter-widgets :is(button, input):visible").first.wait_for(timeout=120_000)
        self.page = page

    def press(self, target) -> None:
        target.tap() if self.touch else target.click()

    def open_room(self) -> str:
        self.visit()
        self.page.get_by_label("Your name").fill(self.name)
        self.press(self.page.get_by_role("button", name="Open a room"))
        return self.code()

    def join(self, code: str) -> None:
        self.visit(f"room={code}")
        assert self.page.get_by_label("Room code").input_value() == code, "the shared link fills the code in"
        self.page.get_by_label("Your name").fill(self.name)
        self.press(self.page.get_by_role("button", name="Join"))
        assert self.code() == code

    def code(self) -> str:
        shown = self.page.locator("[data-room-code]")
        shown.wait_for(timeout=60_000)
        return shown.get_attribute("data-room-code")

    def link(self) -> str:
        """The player's own way back, as the address bar holds it once they sit down."""
        self.page.wait_for_function("location.search.includes('player=')", timeout=30_000)
        return self.page.url.split("?", 1)[1]

    def moves(self) -> int:
        return self.page.evaluate(MOVES)

    def over(self) -> bool:
        return self.page.evaluate(OVER)

    def hand(self) -> list[str]:
        return self.page.locator("[data-hand] [data-card]").evaluate_all("nodes => nodes.map(n => n.dataset.card)")

    def my_turn(self) -> bool:
        return self.page.locator("[data-hand] button.mt-card:not([disabled])").count() > 0

    def wait_moves(self, moves: int) -> None:
        self.page.wait_for_function(f"{MOVES} >= {moves} || {OVER}", timeout=SEEN_WITHIN_MS)

    def shown_at(self, moves: int) -> float | None:
        """When (ms, the machine's clock) this page first showed ``moves`` moves."""
        return self.page.evaluate(f"(window.__shown || {{}})['{moves}'] || null")

    def leave_tab(self) -> None:
        """The tab is closed as a person closes it (the page's kernel is asked to shut down)."""
        self.page.close(run_before_unload=True)
        self.devices.give_back(self.context)
        self.context = self.page = None

    def close(self) -> None:
        if self.context is not None:
            self.devices.give_back(self.context)
            self.context = self.page = None


@contextmanager
def table(devices, server, sizes: list[dict], names: list[str] | None = None):
    """A room on the class server ``server`` (``conftest.Served``) that its first player opened
    and the rest joined. Each test's room is its own: what a test reads of the store, it reads by
    the room's code."""
    names = names or ["Amina", "Okello", "Achieng", "Wasswa", "Nakato", "Mukasa"][: len(sizes)]
    players = [Player(devices, server.base, name, size) for name, size in zip(names, sizes, strict=True)]
    try:
        code = players[0].open_room()
        if len(players) > 2:
            players[0].page.get_by_label("Seats").select_option(str(len(players)))
        for player in players[1:]:
            player.join(code)
        host = players[0].page
        for player in players[1:]:  # the host's page shows each newcomer by itself
            host.locator("table.matatu-seats").get_by_text(player.name, exact=True).wait_for(timeout=60_000)
        yield server, code, players
    finally:
        for player in players:
            player.close()
        errors = [error for player in players for error in player.errors]
        assert not errors, f"JavaScript errors on the pages: {errors}"


def start(players: list[Player]) -> None:
    host = players[0]
    host.press(host.page.get_by_role("button", name="Start the round"))
    for player in players:
        player.page.locator("[data-hand] [data-card]").first.wait_for(timeout=SEEN_WITHIN_MS)
        player.wait_moves(0)


def seats_of(database: Path, code: str, players: list[Player]) -> None:
    with RoomService(database) as rooms:
        names = [seat.name for seat in rooms.room(code).seats]
    for player in players:
        player.seat = names.index(player.name)


def move(player: Player, rng: random.Random) -> None:
    """What a person taps for one move: a card that fits (then any answer asked), else a button."""
    page = player.page
    playable = page.locator("[data-hand] button.mt-card.mt-playable:not([disabled])")
    before = player.moves()
    if playable.count():
        player.press(playable.nth(rng.randrange(playable.count())))
        asked = ""
        for _ in range(4):  # an Ace asks for a suit, a card that leaves two or one asks about the call
            # Either the move is made, or the page asks a (new) question about the card.
            page.wait_for_function(
                f"asked => {MOVES} > {before} || {OVER} || ![null, asked].includes({QUESTION})",
                arg=asked,
                timeout=SEEN_WITHIN_MS,
            )
            if player.moves() > before or player.over():
                return
            asked = page.evaluate(QUESTION)
            answers = page.locator(".mt-answers button")
            player.press(answers.nth(rng.randrange(answers.count())))
        return
    controls = page.locator(".mt-controls button.mt-control:not([aria-disabled]):not([data-kind='hint'])")
    player.press(controls.nth(rng.randrange(controls.count())))


def play_to_the_end(
    players: list[Player],
    rng: random.Random,
    checkpoints: dict,
    limit: int = 400,
    after_first_move: Callable[[], None] | None = None,
) -> int:
    """Tap moves for whoever is to move until the round ends; every page must show every move.

    ``checkpoints[name]`` collects (frames received so far, moves shown) after each move, to check
    the page's traffic against the round as its seat saw it then; ``after_first_move`` is called
    once every page shows the first move (a screenshot, say).
    """
    made = players[0].moves()
    for _ in range(limit):
        if players[0].over():
            break
        mover = next((player for player in players if player.my_turn()), None)
        if mover is None:  # between two draws of the table: look again
            players[0].page.wait_for_timeout(100)
            continue
        tapped = mover.page.evaluate("Date.now()")
        move(mover, rng)
        for player in players:
            player.wait_moves(made + 1)
        made = max(player.moves() for player in players)
        if after_first_move is not None and made == 1:
            after_first_move()
        for player in players:
            checkpoints.setdefault(player.name, []).append((len(player.frames), made))
            if player is not mover and (shown := player.shown_at(made)) is not None:
                LATENCIES.append(max(0.0, (shown - tapped) / 1000))
    assert players[0].over(), f"the round ends within {limit} moves"
    for player in players:
        player.page.wait_for_function(OVER, timeout=SEEN_WITHIN_MS)
        checkpoints.setdefault(player.name, []).append((len(player.frames), None))
    return made


# ---------------------------------------------------------------------- what a seat may not see


def hidden_from(game, seat: int) -> set:
    """The other hands and the stock, less every card seen face up (laid, turned up, the marker)."""
    if game.over:
        return set()
    seen = {action.card for action in game.history if action.kind in (PLAY, CUT)}
    seen |= {event.card for event in game.log if event.kind in (EventKind.OPENING, EventKind.CUTTER, EventKind.BASE)}
    if game.marker is not None:
        seen.add(game.marker)
    others = {card for other, hand in enumerate(game.hands) if other != seat for card in hand}
    return (others | set(game.stock)) - seen


def assert_traffic_hid_the_others_cards(player: Player, positions: list, checkpoints: list) -> None:
    """Every frame the page received named no card hidden from its seat when it arrived.

    A frame is checked against the round just after the move it arrived with: cards only ever
    come out of hiding, so that is never more than the seat could see.
    """
    start = 0
    leaked = set()
    for end, moves in checkpoints:
        game = positions[-1] if moves is None else positions[min(moves, len(positions) - 1)]
        hidden = hidden_from(game, player.seat)
        named = rule_cards(game)
        for payload in player.frames[start:end]:
            cards, text = traffic_parts(payload)
            for card in hidden:
                name = CARD_NAMES[card]
                if name in cards or f'data-card="{name}"' in text or (card not in named and named_in(text, card)):
                    leaked.add((moves, name))
        start = end
    assert not leaked, f"{player.name}'s page received hidden cards (move, card): {sorted(leaked)}"
    assert any(messages(frame) for frame in player.frames), "the page's traffic was recorded"


def round_in_history(database: Path, code: str):
    """The room's recorded round, replayed: it must reproduce, and its positions move by move."""
    with Store(database) as store:
        records = store.games(room=code)
        assert len(records) == 1, f"one round of room {code} in the history, not {len(records)}"
        report = store.replay(records[0].id)
    assert report.reproduced, report.difference
    return records[0], [frame.game for frame in report.frames]


def record_latencies(name: str) -> None:
    if not LATENCIES:
        return
    RESULTS.mkdir(exist_ok=True)
    ordered = sorted(LATENCIES)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    line = (
        f"{name}: {len(ordered)} deliveries, median {statistics.median(ordered):.2f} s, "
        f"95th percentile {p95:.2f} s, slowest {ordered[-1]:.2f} s\n"
    )
    with (RESULTS / "rooms-latency.txt").open("a", encoding="utf-8") as file:
        file.write(line)
    LATENCIES.clear()


def screenshot(player: Player, name: str) -> None:
    """The whole page (Voilà scrolls inside its own element: the window grows to it first)."""
    RESULTS.mkdir(exist_ok=True)
    page = player.page
    size = page.viewport_size
    height = page.evaluate("Math.max(...[...document.querySelectorAll('*')].map(n => n.scrollHeight))")
    page.set_viewport_size({"width": size["width"], "height": min(height + 40, 10_000)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(RESULTS / f"rooms-{name}.png"))
    page.set_viewport_size(size)


# ---------------------------------------------------------------------- the tests


def test_two_devices_play_a_round_to_its_end_and_it_is_in_the_history(devices, class_server):
    """A laptop and a phone (touch): the round played to its end, each page seeing the other's
    moves by itself, neither receiving a card its seat could not see; then the round in the
    history with the players' names, replayed exactly."""
    with table(devices, class_server, [LAPTOP, PHONE]) as (server, code, players):
        screenshot(players[0], "lobby-host-laptop")
        screenshot(players[1], "lobby-guest-phone")
        start(players)
        screenshot(players[1], "table-phone")
        checkpoints: dict = {}

        def phone_after_a_move() -> None:  # the phone's screen as it is, 390x844, once a move is shown
            RESULTS.mkdir(exist_ok=True)
            players[1].page.screenshot(path=str(RESULTS / "rooms-after-move-phone.png"))

        moves = play_to_the_end(players, random.Random(2), checkpoints, after_first_move=phone_after_a_move)
        screenshot(players[0], "over-laptop")
        database = server.database
        seats_of(database, code, players)
        record, positions = round_in_history(database, code)
        assert record.seats == (RecordedSeat.person("Amina"), RecordedSeat.person("Okello")) and record.room == code
        assert len(record.actions) == moves
        for player in players:
            assert_traffic_hid_the_others_cards(player, positions, checkpoints[player.name])
    record_latencies("two pages")


def test_four_devices_play_a_round_to_its_end(devices, class_server):
    with table(devices, class_server, [LAPTOP, PHONE, PHONE, LAPTOP]) as (server, code, players):
        start(players)
        checkpoints: dict = {}
        play_to_the_end(players, random.Random(4), checkpoints)
        database = server.database
        seats_of(database, code, players)
        record, positions = round_in_history(database, code)
        assert record.seats == tuple(RecordedSeat.person(player.name) for player in players)
        for player in players:
            assert_traffic_hid_the_others_cards(player, positions, checkpoints[player.name])
    record_latencies("four pages")


def test_a_move_made_from_two_pages_at_the_same_instant_is_made_once(devices, class_server):
    """The same seat open in two tabs (the player's link opened twice): both tap Draw at the same
    instant. One move is made, the other tab hears why not, and every page agrees (which of the two
    refusals it hears depends on whether its kernel read the room between the taps: both are true)."""
    with table(devices, class_server, [LAPTOP, LAPTOP]) as (server, code, players):
        start(players)
        rng = random.Random(7)
        # Play until the guest is to move with Draw in their hand's buttons.
        guest = players[1]
        for _ in range(60):
            if guest.my_turn() and guest.page.locator(".mt-controls [data-kind='draw']:not([aria-disabled])").count():
                break
            mover = next((player for player in players if player.my_turn()), None)
            if mover is None:
                guest.page.wait_for_timeout(100)
                continue
            before = mover.moves()
            move(mover, rng)
            for player in players:
                player.wait_moves(before + 1)
        else:
            pytest.fail("the guest never had Draw to press")
        twin = Player(devices, server.base, guest.name, LAPTOP)
        twin.visit(guest.link())
        twin.page.locator("[data-hand] button.mt-card:not([disabled])").first.wait_for(timeout=SEEN_WITHIN_MS)
        before = guest.moves()
        assert twin.moves() == before and twin.hand() == guest.hand()
        press = "([at]) => setTimeout(() => document.querySelector(\".mt-controls [data-kind='draw']\").click(), at - Date.now())"
        at = guest.page.evaluate("Date.now()") + 600
        for page in (guest.page, twin.page):
            page.evaluate(press, [at])
        for page in (guest, twin, players[0]):
            page.wait_moves(before + 1)
        guest.page.wait_for_timeout(3000)  # a second move, were there one, would show by now
        try:
            assert {page.moves() for page in (guest, twin, players[0])} == {before + 1}
            with RoomService(server.database) as rooms:
                made = rooms.moves(code)
            assert len(made) == before + 1 and made[-1].action == "draw"
            notices = [page.page.locator(".mt-table .mt-notice").inner_text() for page in (guest, twin)]
            # One tab is told why not: a move already made, where both were judged on the same table
            # (the room's one write lets one through), or a draw already drawn, where its kernel's
            # poll had read the other's draw before its own tap arrived.
            refused = [notice for notice in notices if "already made" in notice or "already drawn" in notice]
            assert len(refused) == 1, notices
            assert twin.hand() == guest.hand(), "both tabs show the seat's one hand"
        finally:
            twin.close()


def test_a_tab_closed_mid_round_and_reopened_with_its_link_shows_the_same_hand(devices, class_server):
    with table(devices, class_server, [LAPTOP, PHONE]) as (server, code, players):
        start(players)
        rng = random.Random(11)
        made = 0
        # A few moves in, and the host to move: a closed tab is away at once, and on its own turn
        # the computer would play for it before it comes back.
        while (made < 4 or not players[0].my_turn()) and not players[0].over():
            mover = next(player for player in players if player.my_turn())
            before = mover.moves()
            move(mover, rng)
            made += 1
            for player in players:
                player.wait_moves(before + 1)
        guest = players[1]
        link, hand, moves = guest.link(), guest.hand(), guest.moves()
        assert link == f"room={code}&player=" + link.split("player=", 1)[1]
        guest.leave_tab()
        guest.visit(link)
        guest.page.locator("[data-hand] [data-card]").first.wait_for(timeout=SEEN_WITHIN_MS)
        assert guest.code() == code and guest.moves() == moves
        assert guest.hand() == hand, "the same seat, the same hand"
        assert guest.page.url.endswith(link), "the address still holds the way back"
        screenshot(guest, "back-phone")
        # And the round goes on from the reopened tab.
        mover = next(player for player in players if player.my_turn())
        move(mover, rng)
        for player in players:
            player.wait_moves(moves + 1)


# The server's away time for the test below (20 s in a class): a page that says nothing for 8 s is
# away; present pages beat every 2 s (a quarter of it).
AWAY = {"MATATU_LEARN_AWAY_SECONDS": "8"}


@contextmanager
def away_table(devices, tmp_path):
    """Two laptops at a room on a class server of its own, whose away time is ``AWAY``'s."""
    with served(tmp_path, environment=AWAY) as server, table(devices, server, [LAPTOP, LAPTOP]) as seated:
        yield seated


def test_the_computer_plays_a_seat_left_empty_until_its_player_comes_back(devices, tmp_path):
    with away_table(devices, tmp_path) as (server, code, players):
        start(players)
        host, guest = players
        link = guest.link()
        guest.leave_tab()
        # Within the away time of its page's last word (and its poll's last look), the seat is
        # the computer's for now, and everyone at the table sees it.
        stand_in = host.page.locator("table.matatu-seats tr.matatu-stand-in")
        stand_in.wait_for(timeout=int((float(AWAY["MATATU_LEARN_AWAY_SECONDS"]) + 60) * 1000))
        assert "away" in stand_in.inner_text() and guest.name in stand_in.inner_text()
        screenshot(host, "stand-in-laptop")
        rng = random.Random(3)
        with RoomService(server.database) as rooms:
            for _ in range(60):  # the host plays; the computer answers for the guest
                if host.over() or any(move.agent for move in rooms.moves(code)):
                    break
                if host.my_turn():
                    before = host.moves()
                    move(host, rng)
                    host.wait_moves(before + 1)
                else:
                    host.wait_moves(host.moves() + 1)
            stood_in = [made for made in rooms.moves(code) if made.agent]
        assert stood_in and all(made.seat == 1 for made in stood_in), "the computer moved for the guest's seat"
        guest.visit(link)
        guest.page.locator("[data-hand] [data-card]").first.wait_for(timeout=SEEN_WITHIN_MS)
        host.page.wait_for_function(
            "!document.querySelector('table.matatu-seats tr.matatu-stand-in')", timeout=SEEN_WITHIN_MS
        )
        assert guest.moves() == host.moves()
        # Back, the guest reads in their own words what the computer played for them.
        guest.page.get_by_text("While you were away the computer played for you: it ").wait_for(timeout=SEEN_WITHIN_MS)
        screenshot(guest, "back-from-away-laptop")


def test_the_host_deals_again_with_the_same_seats_after_a_match(devices, class_server):
    """A room of one-round matches: when the round is over the host's result offers "Deal again"
    (the guest's offers nothing to press), and pressing it deals a new match to the same seats on
    both pages, played like the first."""
    with table(devices, class_server, [LAPTOP, PHONE]) as (server, code, players):
        host, guest = players
        database = server.database
        token = host.link().split("player=", 1)[1].split("&", 1)[0]
        with RoomService(database) as rooms:
            rooms.configure(code, token, whole_match=False)
        start(players)
        play_to_the_end(players, random.Random(5), {})
        deal_again = host.page.locator(".mt-result").get_by_role("button", name="Deal again")
        deal_again.wait_for(timeout=SEEN_WITHIN_MS)
        assert guest.page.locator(".mt-result button").count() == 0, "the guest has no dead button"
        with RoomService(database) as rooms:
            before = rooms.room(code)
        hands = [player.hand() for player in players]
        screenshot(host, "deal-again-laptop")
        host.press(deal_again)
        for player in players:
            player.page.wait_for_function(f"!({OVER}) && {MOVES} === 0", timeout=SEEN_WITHIN_MS)
            player.page.locator("[data-hand] [data-card]").first.wait_for(timeout=SEEN_WITHIN_MS)
        assert [player.hand() for player in players] != hands, "a new deal"
        with RoomService(database) as rooms:
            after = rooms.room(code)
        assert (after.status, after.round, after.moves) == ("playing", 1, 0) and after.seed != before.seed
        assert [seat.name for seat in after.seats] == [seat.name for seat in before.seats] == ["Amina", "Okello"]
        play_to_the_end(players, random.Random(6), {})
        with Store(database) as store:
            assert len(store.games(room=code)) == 2, "both matches' rounds are in the history"


# ---------------------------------------------------------------------- rooms that stay usable (issue 29)
@pytest.fixture(scope="module")
def teacher_server(tmp_path_factory):
    """One class server with a teacher code for the tests below (a database of its own)."""
    with served(tmp_path_factory.mktemp("rooms-teacher"), environment={TEACHER_CODE_VARIABLE: CODE}) as server:
        yield server


def test_the_host_frees_a_strangers_seat_and_closes_the_room(devices, teacher_server):
    host = Player(devices, teacher_server.base, "Amina", LAPTOP)
    stranger = Player(devices, teacher_server.base, "Stranger", PHONE)
    try:
        code = host.open_room()
        stranger.join(code)
        free = host.page.get_by_role("button", name="Free Stranger's seat")
        free.wait_for(timeout=SEEN_WITHIN_MS)
        screenshot(host, "free-seat-laptop")
        host.page.set_viewport_size(PHONE["viewport"])
        screenshot(host, "free-seat-phone")
        host.press(free)
        stranger.page.get_by_text(f"The host freed your seat in room {code}").wait_for(timeout=SEEN_WITHIN_MS)
        assert stranger.page.get_by_label("Room code").input_value() == code, "the code is kept to join again"
        screenshot(stranger, "freed-phone")
        host.page.locator("table.matatu-seats").get_by_text("Stranger", exact=True).wait_for(
            state="detached", timeout=SEEN_WITHIN_MS
        )
        stranger.page.get_by_label("Your name").fill("Okello")
        stranger.press(stranger.page.get_by_role("button", name="Join"))
        assert stranger.code() == code
        host.press(host.page.get_by_role("button", name="Close room"))
        for player in (host, stranger):
            player.page.get_by_text(f"Room {code} is closed.").first.wait_for(timeout=SEEN_WITHIN_MS)
        with RoomService(teacher_server.database) as rooms:
            assert rooms.open_rooms() == []
            # The room was counted against the address the server saw the page come from.
            clients = rooms.store.query("SELECT client FROM room_openings")
        assert (hash_token("127.0.0.1"),) in clients
    finally:
        host.close()
        stranger.close()
    assert not host.errors + stranger.errors


def test_the_teacher_closes_every_waiting_room_from_the_class_page(browser, devices, teacher_server):  # noqa: F811
    with RoomService(teacher_server.database) as rooms:
        listed = [rooms.open(name, "house", 1)[0] for name in ("Kato", "Nakato")]
    host = Player(devices, teacher_server.base, "Amina", LAPTOP)
    context = None
    try:
        listed.append(host.open_room())
        assert not any(code in host.page.evaluate("document.body.innerText") for code in listed[:2]), (
            "a student's Rooms page lists no other room's code"
        )
        context, page, errors = open_class_page(browser, teacher_server.base, LAPTOP)
        page.get_by_label("Teacher code").fill(CODE)
        page.get_by_role("button", name="Show the class").click()
        for code in listed:
            page.get_by_role("button", name=f"Close room {code}").wait_for(timeout=SEEN_WITHIN_MS)
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / "rooms-class-page-laptop.png"), full_page=True)
        page.set_viewport_size(PHONE["viewport"])
        page.screenshot(path=str(RESULTS / "rooms-class-page-phone.png"), full_page=True)
        page.get_by_role("button", name="Close waiting rooms").click()
        page.get_by_text("Closed 3 waiting rooms").wait_for(timeout=SEEN_WITHIN_MS)
        host.page.get_by_text(f"Room {listed[2]} is closed.").first.wait_for(timeout=SEEN_WITHIN_MS)
        with RoomService(teacher_server.database) as rooms:
            assert rooms.open_rooms() == []
        assert not errors, errors
    finally:
        host.close()
        if context is not None:
            context.close()
    assert not host.errors
