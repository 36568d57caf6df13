"""Rooms: one table shared by several people, each on their own device, on one server.

A thin view of ``teaching.room``: "Open a room" makes a room and seats its host; the others type
its code, their name, and "Join". The host sets the table up in the lobby (the rules, house
rules, how many seats, which the computer plays) and starts the round; then every page plays at
the Play page's ``TableWidget``, drawn from ``RoomTable.state()`` (this seat's view only) and
sending its checked taps to ``RoomTable.tap``: the Play page's table controller, over the room seat.

The room lives in the store, not in this kernel: each page is a client of it. While a page is
joined, a poll on the kernel's event loop (``POLL_SECONDS``) asks the room whether it changed,
lets it make a computer's (or a stand-in's) move that is due, and redraws only when something
changed, so every page sees the others' moves within a second without a click. The poll runs
only while a room is joined and the browser says it is there (the ``AddressBar`` widget says
"here" every two seconds); it ends when the page leaves the room, the room closes, the browser
has been quiet for ``QUIET_SECONDS``, or the kernel stops.

The address: ``?room=CODE&player=TOKEN`` takes the player back to their seat (the page writes it
into the address bar once seated, so a reload or a reopened tab comes back); ``?room=CODE``
fills the "Room code" box. A page with a learner (``?learner=NAME``) keeps it in the address it
writes, never in the link shared with the others, and pre-fills "Your name" with it. A name a
seat is taken under becomes the page's learner (one learner everywhere: a student who only ever
typed her name in a room has her games counted and graded). Every name is shown as text, never
markup; every sentence comes from the room module or the voice.

When a round ends, a page with a learner grades its own seat, and only its own (a learner sees
only their own progress), in a thread of its own (``GameGrade``): the poll goes on meanwhile.
"""

from __future__ import annotations

import asyncio
import html
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

import anywidget
import ipywidgets as widgets
from traitlets import Unicode

from ..engine.errors import MatatuError
from ..engine.round import MAX_PLAYERS, MIN_PLAYERS
from ..play.protocol import Tap
from ..play.rooms import RoomService
from ..store.database import RecordError
from ..store.progress import GamePlace
from ..store.registry import Registry
from ..store.settings import seconds
from ..teaching import room as rooms
from ..teaching.play import computer_choices
from ..teaching.voice import ruleset_words
from .bounds import bounded_text
from .game_grade import GameGrade, start_thread
from .house_rules import HouseRules
from .learner import carried_learner
from .page import kernel_page, refusal_sentence
from .page_access import PageAccess
from .table_widget import STATIC, TableWidget

# Seconds between two looks at the room: a move shows on every other page within a second (a
# test server looks more often, as it shortens the culler's times).
POLL_SECONDS = seconds("MATATU_LEARN_ROOM_POLL_SECONDS", 0.3)
# A page whose browser has said nothing for this long is not looked at: its poll stops until
# the browser speaks again (a phone put away, a lost connection).
QUIET_SECONDS = 10.0
# What a page's box takes before the room module has a look: far past any name or code.
LONGEST_TEXT = 200
PERSON = ""  # the seat picker's value for "a person who joins"

ROOMS_STYLE = """<style>
.matatu-rooms{max-width:60em}
.matatu-rooms .widget-text,.matatu-rooms .widget-dropdown{height:auto;min-height:44px;align-items:center}
.matatu-rooms .widget-text input,.matatu-rooms .widget-dropdown select{min-height:44px;font-size:16px}
.matatu-rooms button.jupyter-button{min-height:44px;height:auto;font-size:16px;width:fit-content;max-width:100%;
  white-space:normal}
.matatu-rooms .widget-inline-hbox .widget-label{font-size:16px}
.matatu-room-forms .widget-hbox{gap:6px 12px}
.matatu-room-code{font:bold 2.6em/1.1 ui-monospace,monospace;letter-spacing:.18em;padding:4px 14px;
  border:3px solid #1a7f37;border-radius:8px;display:inline-block;background:#f2fbf4;margin:4px 0}
.matatu-room-links p{margin:4px 0;overflow-wrap:anywhere}
.matatu-room-link-label{font-weight:bold}
.matatu-room-sentence{font-size:16px;margin:6px 0}
.matatu-room-sentence.matatu-refused{background:#fdecea;border-left:4px solid #b3261e;padding:6px 10px}
table.matatu-seats{border-collapse:collapse;margin:6px 0;font-size:15px}
table.matatu-seats th,table.matatu-seats td{
  border-bottom:1px solid #ddd;padding:6px 10px;text-align:left;vertical-align:top}
.matatu-seats .matatu-stand-in td{background:#fff4ce}
.matatu-seats .matatu-free{color:#555;font-style:italic}
.matatu-seats caption{text-align:left;font-weight:bold;padding:4px 0}
.matatu-seats .matatu-host-mark{font-weight:bold;color:#1a7f37}
.matatu-rooms .matatu-scroll{overflow-x:auto;max-width:100%}
/* A room's computer plays at the room's own pace: the Play page's pace and "Next move" have no part here. */
.matatu-rooms .mt-computer{display:none}
@media (max-width:600px){
  .matatu-rooms .widget-inline-hbox{flex-wrap:wrap}
  .matatu-rooms .widget-inline-hbox>.widget-label{width:100%!important;text-align:left}
  .matatu-room-code{font-size:2.1em}
}
</style>"""
# Labels (the words of the controls and headings); every sentence comes from the room module or the voice.
LABELS = {
    "name": "Your name",
    "code": "Room code",
    "open": "Open a room",
    "join": "Join",
    "or": "or join one:",
    "share": "Link for the others:",
    "own": "Your link back to your seat:",
    "rules": "Rules",
    "seats": "Seats",
    "start": "Start the round",
    "leave": "Leave the room",
    "make host": "Make {name} host",
    "free seat": "Free {name}'s seat",
    "close room": "Close room",
    "person": "A person who joins",
    "computer": "computer",
    "a person": "person",
    "free": "free seat",
    "host": "host",
    "you": "you",
    "here": "here",
    "away": "away",
    "table": "The table",
    "setup": "The table's setup (host)",
}
SEAT_HEADINGS = ("Seat", "Player", "Plays", "Here")


def _text(value: Any) -> str:
    return html.escape(str(value), quote=True)


def read_query(query: str) -> tuple[str, str]:
    """The room code and the player's token an address carries ('' where it has none).

    >>> read_query("room=KQ7M&player=abc"), read_query("rules=uganda"), read_query("room=a&room=b")
    (('KQ7M', 'abc'), ('', ''), ('a', ''))
    """
    fields = parse_qs(query or "", keep_blank_values=True)
    code = (fields.get("room") or [""])[0][:LONGEST_TEXT]
    token = (fields.get("player") or [""])[0][:LONGEST_TEXT]
    return code.strip(), token.strip()


def seats_html(lobby: dict) -> str:
    """The seats of a room as a table: where, who (as text), person or computer, here or away, the host."""
    rows = []
    for seat in lobby.get("seats", ()):
        name = seat.get("name") or ""
        marks = [words for key, words in (("host", LABELS["host"]), ("you", LABELS["you"])) if seat.get(key)]
        shown = f"<b>{_text(name)}</b>" if name else f'<span class="matatu-free">{_text(LABELS["free"])}</span>'
        if marks:
            shown += f' <span class="matatu-host-mark">({_text(", ".join(marks))})</span>'
        if seat.get("kind") == "computer":
            plays, here = seat.get("who") or LABELS["computer"], ""
        else:
            plays = seat.get("who") or LABELS["a person"]
            here = "" if not name else LABELS["here"] if seat.get("present") else LABELS["away"]
        css = ' class="matatu-stand-in"' if seat.get("stand_in") else ""
        rows.append(
            f'<tr data-seat="{_text(seat.get("seat"))}"{css}><td>{_text(seat.get("place", ""))}</td>'
            f"<td>{shown}</td><td>{_text(plays)}</td><td>{_text(here)}</td></tr>"
        )
    head = "".join(f'<th scope="col">{_text(words)}</th>' for words in SEAT_HEADINGS)
    rules = lobby.get("ruleset", "") + (f", {lobby['changes']}" if lobby.get("changes") else "")
    caption = f"{_text(LABELS['rules'])}: {_text(rules)} · {_text(lobby.get('status_words', ''))}"
    return (
        f'<div class="matatu-scroll"><table class="matatu-seats"><caption>{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def others_seated(lobby: dict) -> list[tuple[int, str]]:
    """(seat, name) of every person seated in the lobby but the viewer."""
    return [
        (seat["seat"], seat["name"])
        for seat in lobby["seats"]
        if seat["kind"] == "person" and seat["taken"] and not seat["you"]
    ]


def seat_buttons(
    box: widgets.Box,
    wanted: list[tuple[int, str]],
    words: Callable[[int, str], str],
    act: Callable[[int], None],
    icon: str = "",
) -> None:
    """A button a person in ``box`` (``wanted``: their seats and names), labelled ``words(seat, name)``,
    calling ``act(seat)``; made again only when the people change."""
    if [(button.seat, button.person) for button in box.children] == wanted:
        return
    buttons = []
    for seat, name in wanted:
        button = widgets.Button(
            description=words(seat, name),
            icon=icon,
            layout=widgets.Layout(width="auto", max_width="100%", align_self="flex-start"),
        )
        button.seat, button.person = seat, name
        button.on_click(lambda _, seat=seat: act(seat))
        buttons.append(button)
    old, box.children = box.children, buttons
    for button in old:
        button.close()


def _kernel_shell():
    """The IPython shell of the kernel this page runs in, or None in plain Python."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover  (ipywidgets brings IPython)
        return None
    return get_ipython()


class AddressBar(anywidget.AnyWidget):
    """The room's links, and the player's own link written into the browser's address bar.

    ``address``: the query the address bar should hold (``None``: leave it as it is); ``share``
    and ``own``: the links shown (queries; the page makes whole addresses of them). The page says
    "here" every two seconds; ``on_here`` hears it.
    """

    _esm = STATIC / "address.js"
    address = Unicode(None, allow_none=True).tag(sync=True)
    share = Unicode("").tag(sync=True)
    own = Unicode("").tag(sync=True)
    share_label = Unicode(LABELS["share"]).tag(sync=True)
    own_label = Unicode(LABELS["own"]).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._listeners: list[Callable[[], None]] = []
        self.on_msg(self._message)

    def on_here(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "here":
            for callback in self._listeners:
                callback()

    def set_state(self, sync_data):
        """A page changes nothing here: what the address holds is the kernel's."""


class RoomsPage(widgets.VBox):
    """Open a room or join one; the lobby; then the room's table, kept up to date by a poll.

    ``database``: the store the rooms live in (default: the user's, or ``MATATU_LEARN_DB``);
    ``query``: the page's address (default: the kernel's page's, ``kernel_page().query``); ``poll_seconds``:
    how often the page looks at its room; ``learner()``: the page's learner (default: the name
    the address carries); ``grade_run`` and ``grade_deals``: the grading's (see ``GameGrade``).
    """

    def __init__(
        self,
        database: str | Path | None = None,
        query: str | None = None,
        poll_seconds: float = POLL_SECONDS,
        learner: Callable[[], str | None] = carried_learner,
        grade_run: Callable[[Callable[[], None]], None] = start_thread,
        grade_deals: int | None = None,
    ):
        self.database = database
        self.poll_seconds = poll_seconds
        self.learner = learner
        self.room: rooms.RoomTable | None = None
        self._task: asyncio.Task | None = None
        self._heard = time.monotonic()
        self._lobby_drawn: dict | None = None
        self._state_drawn: dict | None = None
        self._syncing = False
        self._watching = False
        self._poll_said = False
        self.registry = Registry(kernel_page().database(database))
        self.service = RoomService(self.registry.database())  # the page's rooms, through its one database
        kernel_page().closing.listen(lambda _: self.page_closed())
        # ----- open or join
        wide = {"description_width": "initial"}
        self.name = widgets.Text(
            value=learner() or "",  # the name given on the landing page
            description=LABELS["name"],
            style=wide,
            layout=widgets.Layout(width="20em", max_width="100%"),
        )
        self.open_button = widgets.Button(
            description=LABELS["open"],
            button_style="primary",
            icon="plus",
            layout=widgets.Layout(width="auto", align_self="center"),
        )
        self.code = widgets.Text(
            description=LABELS["code"], style=wide, layout=widgets.Layout(width="13em", max_width="100%")
        )
        self.join_button = widgets.Button(
            description=LABELS["join"],
            button_style="primary",
            icon="sign-in",
            layout=widgets.Layout(width="auto", align_self="center"),
        )
        self.open_button.on_click(lambda _: self.open_room())
        self.join_button.on_click(lambda _: self.join_room())
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.forms = widgets.VBox(
            [
                self.name,
                widgets.HBox(
                    [
                        self.open_button,
                        widgets.HTML(f"<span>{_text(LABELS['or'])}</span>"),
                        self.code,
                        self.join_button,
                    ],
                    layout=wrap,
                ),
            ]
        )
        self.forms.add_class("matatu-room-forms")
        self.sentence = widgets.HTML()
        # ----- the room
        self.code_view = widgets.HTML()
        self.address = AddressBar()
        self.address.on_here(self._here)
        self.seats = widgets.HTML()
        self.why_not = widgets.HTML()
        self.hosting = self._host_controls()
        self.make_host = widgets.HBox(layout=wrap)
        self._room_controls(wrap)
        self.leave_button = widgets.Button(
            description=LABELS["leave"], icon="sign-out", layout=widgets.Layout(width="auto", align_self="flex-start")
        )
        self.leave_button.on_click(lambda _: self.leave())
        self.board: TableWidget | None = None  # made when the round is dealt: the Play page's table
        self._lobby_shown = False  # the room's lobby was drawn on this screen since its table was
        self.grade = GameGrade(database, run=grade_run, deals=grade_deals)
        self.room_box = widgets.VBox(layout=widgets.Layout(display="none"))
        self._arrange(dealt=False)
        # Rooms' codes are not listed here: a student joins by the code the host reads out (the
        # teacher sees every room on the class page).
        page = [widgets.HTML(ROOMS_STYLE), self.forms, self.sentence, self.away_note, self.room_box]
        super().__init__([*page, PageAccess()])  # icons are not read; folded sections answer to the keyboard
        self.add_class("matatu-rooms")
        if query is None:
            self._arrive(kernel_page().query)
            kernel_page().address.listen(self._arrive)  # a room link the page's address brings late
            kernel_page().learner.listen(self._name_learner)
        else:
            self._arrive(query)

    # ------------------------------------------------------------------ the host's controls
    def _host_controls(self) -> widgets.VBox:
        wide = {"description_width": "initial"}
        names = self.registry.names()
        self.ruleset = widgets.Dropdown(
            options=[(ruleset_words(name, self.registry.ruleset(name).title), name) for name in names],
            value="house" if "house" in names else names[0],
            description=LABELS["rules"],
            style=wide,
            layout=widgets.Layout(width="auto", max_width="100%"),
        )
        self.house_rules = HouseRules(self.registry, self.ruleset.value)
        self.seat_count = widgets.Dropdown(
            options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
            value=MIN_PLAYERS,
            description=LABELS["seats"],
            style=wide,
            layout=widgets.Layout(width="auto"),
        )
        choices = [(LABELS["person"], PERSON)] + [(words, spec) for spec, words in computer_choices().items()]
        self.seat_kinds = [
            widgets.Dropdown(
                options=choices,
                value=PERSON,
                style={"description_width": "initial"},
                layout=widgets.Layout(width="auto", max_width="100%", display="none"),
            )
            for _ in range(MAX_PLAYERS)
        ]
        self.start_button = widgets.Button(
            description=LABELS["start"],
            button_style="primary",
            icon="play",
            layout=widgets.Layout(width="auto", align_self="flex-start"),
        )
        self.start_button.on_click(lambda _: self.start())
        self.ruleset.observe(lambda change: self._ruleset_chosen(change["new"]), names="value")
        self.house_rules.observe(lambda change: self._configure(switches=dict(change["new"])), names="switches")
        self.seat_count.observe(lambda change: self._configure(players=change["new"]), names="value")
        for seat, picker in enumerate(self.seat_kinds):
            picker.observe(
                lambda change, seat=seat: self._configure(computer={seat: change["new"] or None}), names="value"
            )
        title = widgets.HTML(f"<h3>{_text(LABELS['setup'])}</h3>")
        return widgets.VBox(
            [
                title,
                self.ruleset,
                self.house_rules,
                self.seat_count,
                widgets.VBox(self.seat_kinds),
                self.start_button,
            ],
            layout=widgets.Layout(display="none"),
        )

    def _ruleset_chosen(self, name: str) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self.house_rules.ruleset = name  # the table's changes start again from the new rules
        finally:
            self._syncing = False
        self._configure(ruleset=name)

    # ------------------------------------------------------------------ arriving and leaving
    def _arrive(self, query: str) -> None:
        code, token = read_query(query)
        if code:
            self.code.value = code
        if code and token:
            self._enter(lambda: rooms.rejoin_room(self.service, code, token), back=True)

    def _name_learner(self, name: str | None) -> None:
        """The page's learner changed (its address arrived late): the name box, still untouched, shows it."""
        if self.room is None and not self.name.value:
            self.name.value = name or ""

    def open_room(self) -> None:
        """Open a room with the name typed in; this page holds its first seat and hosts it."""
        self._enter(
            lambda: rooms.open_room(
                self.service,
                bounded_text(self.name.value, LONGEST_TEXT, LABELS["name"]),
                budget=kernel_page().rooms,
                client=kernel_page().client,
            )
        )

    def join_room(self) -> None:
        """Take a seat in the room whose code is typed in, under the name typed in."""
        self._enter(
            lambda: rooms.join_room(
                self.service,
                bounded_text(self.code.value, LONGEST_TEXT, LABELS["code"]),
                bounded_text(self.name.value, LONGEST_TEXT, LABELS["name"]),
            )
        )

    def _enter(self, make: Callable[[], rooms.RoomTable], back: bool = False) -> None:
        if self.room is not None:
            return
        try:
            room = make()
        except MatatuError as error:
            self._say_here(refusal_sentence(error), refused=True)
            if back:  # a link that holds no seat: the address keeps the room's code only
                self.address.address = self._query(urlencode({"room": self.code.value}))
            return
        self.room = room
        self._become_learner()
        self._say_here("")
        self.forms.layout.display = "none"
        self.room_box.layout.display = None
        self.code_view.value = (
            f"<p>{_text(LABELS['code'])}:</p>"
            f'<div class="matatu-room-code" data-room-code="{_text(room.code)}">{_text(room.code)}</div>'
        )
        self.address.share = f"room={room.code}"  # the others' link: never this page's learner
        self.address.own = self.address.address = self._query(room.link_query)
        self.show(force=True)
        self._heard = time.monotonic()
        self.start_poll()

    def _become_learner(self) -> None:
        """The name this page's seat sits under is the page's learner from now on, as if given on the
        landing page: the room's games count on their path. A name progress cannot keep (its rules are
        stricter than a room's) leaves the page's learner as it was."""
        own = next(seat["name"] for seat in self.room.lobby()["seats"] if seat["you"])
        try:
            kernel_page().learner.change(own)
        except RecordError:
            return

    def leave(self) -> None:
        """Leave the room (a waiting room frees the seat; once dealt, the computer plays it and the
        player's link still brings them back), and go back to the forms."""
        room = self.room
        if room is None:
            return
        try:
            room.leave()
        except MatatuError as error:
            self._say_here(refusal_sentence(error), refused=True)
            return
        self._let_go()
        self.forms.layout.display = None
        self.address.address = self._query("")

    def page_closed(self) -> None:
        """The page's kernel is shutting down (the tab closed): the room sees this seat away at once."""
        self.stop_poll()
        if self.room is not None:
            self.room.page_closed()

    def _let_go(self) -> None:
        """Stop looking at the room and close this page's connection to it."""
        self.stop_poll()
        room, self.room = self.room, None
        if room is not None:
            room.close_connection()
        self._lobby_drawn = self._state_drawn = None
        self.room_box.layout.display = "none"
        self._drop_board()
        self.hosting.layout.display = "none"
        self.address.share = self.address.own = ""
        self.grade.clear()
        self.away_note.value = ""

    def _query(self, query: str) -> str:
        """``query`` with this page's learner added, so a reload keeps them."""
        name = self.learner()
        if not name:
            return query
        return f"{query}&{urlencode({'learner': name})}" if query else urlencode({"learner": name})

    def _arrange(self, dealt: bool) -> None:
        """Before the deal the room's code and links come first (to be read out and shared); once
        dealt, the table does, the code and links below it."""
        room = [self.code_view, self.address]
        lobby = [self.seats, self.why_not, self.make_host, self.free_seats, self.hosting]
        table = [self.board, self.grade] if self.board is not None else []
        order = [*table, *lobby, *room] if dealt else [*room, *lobby, *table]
        order.extend([self.leave_button, self.close_button])
        if list(self.room_box.children) != order:
            self.room_box.children = order

    # ------------------------------------------------------------------ the lobby
    def _configure(self, **change: Any) -> None:
        if not self._syncing:
            self._act(lambda room: room.configure(**change))

    def start(self) -> None:
        """Deal: the host starts the round, and the rules lock."""
        self._act(lambda room: room.start())

    def hand_host(self, seat: int) -> None:
        """Hand the host's role to the person at ``seat``."""
        self._act(lambda room: room.hand_host(seat))

    def _act(self, doing: Callable[[rooms.RoomTable], Any]) -> None:
        """Ask the room; a refusal is said above the table, and the page shows the room as it is.
        (A control of a room this page has left does nothing: a page may send any click.)"""
        if self.room is None:
            return
        try:
            doing(self.room)
        except MatatuError as error:
            self._say_here(refusal_sentence(error), refused=True)
        else:
            self._say_here("")
        self.show(force=True)

    def _sync_host_controls(self, lobby: dict) -> None:
        """The host's controls show the room's setup (after a reload too), only while it waits."""
        hosting = bool(lobby["you_host"]) and lobby["status"] == "waiting"
        self.hosting.layout.display = None if hosting else "none"
        if not hosting:
            return
        self._syncing = True
        try:
            if self.ruleset.value != lobby["ruleset_name"]:
                self.ruleset.value = lobby["ruleset_name"]
                self.house_rules.ruleset = lobby["ruleset_name"]
            if self.house_rules.switches != lobby["switches"]:
                self.house_rules.reset()
                for name, value in lobby["switches"].items():
                    self.house_rules.choose(name, value)
            seats = lobby["seats"]
            self.seat_count.value = len(seats)
            for seat, picker in enumerate(self.seat_kinds):
                entry = seats[seat] if seat < len(seats) else None
                # The first seat is always a person's; a seat someone sits at stays theirs.
                open_seat = entry is not None and seat > 0 and not (entry["kind"] == "person" and entry["taken"])
                picker.layout.display = None if open_seat else "none"
                if entry is not None:
                    picker.description = entry["place"]
                    picker.value = entry["agent"] or PERSON
        finally:
            self._syncing = False
        self.start_button.disabled = not lobby["can_start"]

    def _make_host_buttons(self, lobby: dict) -> None:
        """For the host: "Make NAME host" for each other person at the table."""
        wanted = others_seated(lobby) if lobby["you_host"] and lobby["status"] != "closed" else []
        seat_buttons(self.make_host, wanted, lambda seat, name: LABELS["make host"].format(name=name), self.hand_host)

    # ------------------------------------------------------------------ the host frees seats and closes the room
    def _room_controls(self, wrap: widgets.Layout) -> None:
        """The host's "Free seat" buttons (one a person seated, while the room waits), "Close room",
        and the note saying what the computer played for this seat while its person was away."""
        self.free_seats = widgets.HBox(layout=wrap)
        self.close_button = widgets.Button(
            description=LABELS["close room"],
            icon="times",
            button_style="danger",
            layout=widgets.Layout(width="auto", align_self="flex-start", display="none"),
        )
        self.close_button.on_click(lambda _: self.close_room())
        self.away_note = widgets.HTML()

    def free_seat(self, seat: int) -> None:
        """The host frees the seat of the person at ``seat`` while the room waits."""
        self._act(lambda room: room.free_seat(seat))

    def close_room(self) -> None:
        """The host closes the room for everyone at it."""
        self._act(lambda room: room.close())

    def _show_room_controls(self, lobby: dict) -> None:
        """Draw the host's "Free seat" and "Close room" controls, and the away note, as the lobby says."""
        hosting = bool(lobby["you_host"]) and lobby["status"] != "closed"
        self.close_button.layout.display = None if hosting else "none"
        wanted = others_seated(lobby) if hosting and lobby["status"] == "waiting" else []
        seat_buttons(
            self.free_seats,
            wanted,
            lambda seat, name: LABELS["free seat"].format(name=name),
            self.free_seat,
            icon="user-times",
        )
        note = lobby["played_for_you"]
        self.away_note.value = f'<p class="matatu-room-sentence" role="status">{_text(note)}</p>' if note else ""

    def _freed(self, sentence: str) -> None:
        """The host freed this page's seat: back to the forms, the room's code kept to join again."""
        code = self.room.code if self.room is not None else ""
        self._let_go()
        self.forms.layout.display = None
        self.code.value = code
        self.address.address = self._query(urlencode({"room": code}) if code else "")
        self._say_here(sentence, refused=True)

    # ------------------------------------------------------------------ the table
    def _tapped(self, tap: Tap) -> None:
        """A tap the table widget checked: the table's controller makes the move through the room, or says why not, in place."""
        if self.room is None:
            return
        self.room.tap(tap)  # a refusal comes back as the state's notice
        self.show(force=True)

    def _say_here(self, text: str, refused: bool = False) -> None:
        css = "matatu-room-sentence matatu-refused" if refused else "matatu-room-sentence"
        self.sentence.value = f'<p class="{css}" role="status">{_text(text)}</p>' if text else ""

    # ------------------------------------------------------------------ drawing
    def show(self, force: bool = False) -> None:
        """Draw the room as this seat sees it: the lobby, and the table once dealt."""
        room = self.room
        if room is None:
            return
        lobby = room.lobby()
        if force or lobby != self._lobby_drawn:
            self._lobby_drawn = lobby
            self.seats.value = seats_html(lobby)
            why = lobby["why_not"] if lobby["status"] == "waiting" else ""
            self.why_not.value = f'<p class="matatu-room-sentence" role="status">{_text(why)}</p>' if why else ""
            self._sync_host_controls(lobby)
            self._make_host_buttons(lobby)
            self._show_room_controls(lobby)
            if lobby["freed"]:
                self._freed(lobby["freed"])
                return
            if lobby["status"] == "closed":
                self._say_here(lobby["why_not"], refused=True)
        state = room.state()
        if state is None:
            self._drop_board()
            self._arrange(dealt=False)
            self._lobby_shown = True
            return
        dealt_here = self.board is None and self._lobby_shown  # the lobby was on this screen: the table replaces it
        if self.board is None:
            self.board = TableWidget()
            self.board.on_tap(self._tapped)
        if force or state != self._state_drawn:
            self._state_drawn = state
            self.board.draw(state)
        self._grade_finished(room, state)
        self._arrange(dealt=True)
        self._lobby_shown = False
        if dealt_here:
            self.board.take_focus()  # "Start the round" is put away: the focus goes to the hand

    def _grade_finished(self, room: rooms.RoomTable, state: dict) -> None:
        """A round just recorded is counted and graded for this page's seat, once; the next deal clears it."""
        self.grade.follow(state["result"] is not None, room.recorded_game, room.seat, self.learner(), GamePlace.ROOM)

    def _drop_board(self) -> None:
        board, self.board = self.board, None
        self._state_drawn = None
        if board is not None:
            self._arrange(dealt=False)
            board.close()

    # ------------------------------------------------------------------ the poll
    def tick(self) -> bool:
        """One look at the room: make a computer's move that is due, redraw if anything changed;
        whether anything did."""
        room = self.room
        if room is None:
            return False
        changed = room.refresh()
        moved = room.drive()
        if changed or moved:
            self.show()
        return bool(changed or moved)

    def _here(self) -> None:
        """The browser says it is there: look at the room again if the poll had stopped."""
        self._heard = time.monotonic()
        self.start_poll()

    @property
    def polling(self) -> bool:
        return self._task is not None and not self._task.done()

    def start_poll(self) -> None:
        """Look at the room every ``poll_seconds`` on the kernel's event loop (nothing outside a kernel)."""
        if self.room is None or self.polling:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # plain Python: a test calls ``tick`` itself
        self._task = loop.create_task(self._poll())
        self._watch_kernel()

    def _watch_kernel(self) -> None:
        """Stop the poll as soon as the kernel is asked to shut down (the page closed, or culled):
        the task ends while the kernel's loop still runs, so nothing is left pending."""
        if self._watching:
            return
        self._watching = True
        shell = _kernel_shell()
        if shell is not None and shell.has_trait("exit_now"):
            shell.observe(lambda change: self.stop_poll() if change["new"] else None, names="exit_now")

    def stop_poll(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _poll(self) -> None:
        while self.room is not None:
            await asyncio.sleep(self.poll_seconds)
            if time.monotonic() - self._heard > QUIET_SECONDS:
                return  # nobody is looking: the next "here" starts the poll again
            try:
                self.tick()
            except MatatuError as error:  # the database busy, say: said, and the next look tries again
                self._say_here(refusal_sentence(error), refused=True)
                self._poll_said = True
            except Exception as error:  # noqa: BLE001  (the poll goes on; the kernel's log says why)
                print(f"The room's poll failed: {error!r}", file=sys.stderr)
            else:
                if self._poll_said:
                    self._say_here("")
                    self._poll_said = False
            if self._lobby_drawn is not None and self._lobby_drawn["status"] == "closed":
                return  # a closed room changes no more

    def close(self) -> None:
        """The page is going: stop the poll, let go of the room, close every widget."""
        self._let_go()
        self.service.close()
        super().close()


__all__ = ["AddressBar", "RoomsPage", "read_query", "seats_html"]
