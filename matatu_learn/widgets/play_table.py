"""Play against the computer: a whole round or match at one table, drawn from the learner's view.

A thin view of ``teaching.play.TableSession``: the session holds the round, the agents and the
moves; this widget draws what the person at the screen may see (their ``PlayerView``) and turns
clicks into the session's moves. Face-down cards carry no identity, and every hand is shown
only once the round is over.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable

import ipywidgets as widgets

from ..engine.cards import CARD_NAMES
from ..engine.errors import MatatuError
from ..engine.round import MAX_PLAYERS, MIN_PLAYERS
from ..store.registry import Registry
from ..teaching.lessons import RULESET_CHOICES
from ..teaching.play import COMPASS, HUMAN, TableSession, agent_choices, has_mode, match_length
from .bounds import note_html, within
from .navigation import carried_ruleset
from .svg import STYLE, back_html, card_html
from .views import marker_html

# Seconds between the computer's moves when they play on by themselves.
SPEEDS = (("slow", 2.0), ("normal", 1.0), ("fast", 0.4))
# Backs drawn for another seat's hand in the seat strip before the rest is only counted.
BACKS_SHOWN = 10
TABLE_STYLE = """<style>
.matatu-seats{display:flex;flex-wrap:wrap;gap:6px;align-items:stretch}
.matatu-seat{border:2px solid #ccc;border-radius:8px;padding:4px 8px;min-width:120px;background:#fafafa}
.matatu-seat.to-move{border-color:#2e7d32;background:#e8f5e9}
.matatu-seat .matatu-card{margin:0 -6px 0 0}
.matatu-arrow{align-self:center;font-size:20px;color:#555}
.matatu-moves{max-height:220px;overflow-y:auto;margin:0;padding-left:1.6em}
.matatu-moves li{margin:2px 0}
.matatu-status{font-size:115%;margin:4px 0}
.matatu-drawn{outline:3px solid #f9a825;border-radius:8px}
.matatu-result td,.matatu-result th{padding:2px 8px;text-align:left;vertical-align:middle}
.matatu-result tr.winner{background:#fff3c4}
</style>"""


def call_later(delay: float, callback: Callable[[], None]) -> None:
    """Run ``callback`` after ``delay`` seconds on the kernel's event loop (at once outside a kernel)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        callback()
        return
    loop.call_later(delay, callback)


def visible(widget: widgets.Widget) -> bool:
    return widget.layout.display != "none"


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


class CardSlot(widgets.VBox):
    """One place in the hand: the card's face and the button that plays it (or says why not)."""

    def __init__(self):
        self.face = widgets.HTML()
        self.button = widgets.Button(layout=widgets.Layout(width="64px"))
        self.card = None
        super().__init__([self.face, self.button], layout=widgets.Layout(align_items="center"))

    def show(self, card, playable: bool, reason: str, drawn: bool = False) -> None:
        name = CARD_NAMES[card]
        self.card = card
        face = card_html(card, 56, note=reason, dimmed=not playable)
        # The card just drawn is ringed: some rules let only that card be played now.
        self.face.value = f'<div class="matatu-drawn" title="just drawn">{face}</div>' if drawn else face
        self.button.description = name if playable else f"{name}?"
        self.button.button_style = "success" if playable else ""
        self.button.tooltip = reason
        self.layout.display = None

    def clear(self) -> None:
        # An empty slot keeps nothing of the card it held.
        self.card = None
        self.face.value = ""
        self.button.description = ""
        self.button.tooltip = ""
        self.layout.display = "none"


def carried_preset(names: list[str]) -> str:
    """The preset the learner carried from the lessons (``?rules=`` in the address), if it is offered."""
    preset = RULESET_CHOICES[carried_ruleset()][1]
    return preset if preset in names else names[0]


class PlayTable(widgets.VBox):
    """Choose a ruleset and the players, then play: your hand, the buttons, the computer's moves.

    ``ruleset`` (a published name) and ``jokers`` (its mode, where it has one) preset the picker;
    ``database`` is where finished rounds are recorded (default: the user's history);
    ``schedule(delay, callback)`` runs the computer's next move later when it plays on by itself.
    """

    def __init__(
        self,
        ruleset: str | None = None,
        jokers: bool | None = None,
        opponents: int = 2,
        seed: int = 1,
        database=None,
        schedule: Callable[[float, Callable[[], None]], None] = call_later,
    ):
        self.database = database
        self.schedule = schedule
        self.session: TableSession | None = None
        self._waiting = False
        registry = Registry(database)
        names = registry.names()
        titles = {name: registry.ruleset(name).title for name in names}
        # ----- the settings
        self.ruleset = widgets.Dropdown(
            options=[(f"{name} — {titles[name]}" if titles[name] else name, name) for name in names],
            value=ruleset or carried_preset(names),
            description="Ruleset",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="440px"),
        )
        self.jokers = widgets.Checkbox(
            description="with jokers (joker mode)", indent=False, layout=widgets.Layout(width="auto")
        )
        if ruleset is None and jokers is None:
            # The joker mode the learner carried from the lessons, when the ruleset has one.
            jokers = RULESET_CHOICES[carried_ruleset()][2].get("jokers")
        self.length = widgets.Dropdown(description="Play", layout=widgets.Layout(width="340px"))
        self.opponents = widgets.Dropdown(
            options=list(range(MIN_PLAYERS - 1, MAX_PLAYERS)),
            value=opponents,
            description="Opponents",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="150px"),
        )
        choices = [(text, kind) for kind, text in agent_choices().items()]
        self.seat_kinds = [
            widgets.Dropdown(
                options=choices,
                value="heuristic",
                style={"description_width": "90px"},
                layout=widgets.Layout(width="560px", max_width="100%"),
            )
            for _ in range(MAX_PLAYERS - 1)
        ]
        self.seed = widgets.BoundedIntText(
            value=seed,
            min=0,
            max=10**9,
            description="Seed",
            tooltip="The same seed and settings always give the same deal",
            layout=widgets.Layout(width="160px"),
        )
        self.deal_button = widgets.Button(
            description="Deal a new game",
            icon="random",
            button_style="primary",
            tooltip="Start a new game with these settings",
        )
        self.settings_note = widgets.HTML()
        self.ruleset.observe(lambda change: self._ruleset_changed(), names="value")
        self.jokers.observe(lambda change: self._length_options(), names="value")
        self.opponents.observe(lambda change: self._seat_labels(), names="value")
        self.deal_button.on_click(lambda _: self.deal())
        settings = widgets.VBox(
            [
                widgets.HBox([self.ruleset, self.jokers, self.length], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox(
                    [self.opponents, self.seed, self.deal_button], layout=widgets.Layout(flex_flow="row wrap")
                ),
                widgets.VBox(self.seat_kinds),
                self.settings_note,
            ]
        )
        self.settings = widgets.Accordion(
            children=[settings], titles=("Table settings: ruleset and players",), selected_index=0
        )
        # ----- the table
        self.status = widgets.HTML()
        self.seats = widgets.HTML()
        self.table = widgets.HTML()
        self.cover = widgets.Button(
            description="Show the hand",
            tooltip="Show the hand of the person to move",
            button_style="warning",
            layout=widgets.Layout(width="auto", height="48px"),
        )
        self.cover.on_click(lambda _: self._act(self.session.reveal))
        # ----- the computer's moves
        self.next_move = widgets.Button(description="Next move", icon="step-forward", button_style="info")
        self.auto = widgets.ToggleButton(
            description="Auto", icon="play", tooltip="Let the computer play on by itself, at the chosen speed"
        )
        self.speed = widgets.Dropdown(
            options=SPEEDS,
            value=1.0,
            description="Speed",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="150px"),
        )
        self.next_move.on_click(lambda _: self._act(self.session.step))
        self.auto.observe(lambda change: self._play_on(), names="value")
        self.moves = widgets.HTML()
        # ----- the hand and its buttons
        self.slots: list[CardSlot] = []
        self.hand_title = widgets.HTML()
        self.hand = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.question = widgets.HTML()
        self.answers = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choice = widgets.VBox([self.question, self.answers])
        self.buttons = {
            kind: widgets.Button(
                description=kind.capitalize(), tooltip=kind.capitalize(), layout=widgets.Layout(width="auto")
            )
            for kind in ("draw", "pass", "pick", "cut", "catch", "call")
        }
        for button in self.buttons.values():
            button.on_click(self._pressed)
        self.hint = widgets.Button(
            description="Hint",
            icon="lightbulb-o",
            tooltip="What would the search player do here, and why?",
        )
        self.hint.on_click(lambda _: self._hint())
        self.message = widgets.HTML()
        # ----- the end of a round
        self.result = widgets.HTML()
        self.next_round = widgets.Button(description="Next round", icon="forward", button_style="primary")
        self.play_again = widgets.Button(
            description="Play again", icon="refresh", tooltip="A new game with the same settings and the next seed"
        )
        self.next_round.on_click(lambda _: self._act(self.session.next_round))
        self.play_again.on_click(lambda _: self._again())
        self.play_area = widgets.VBox(
            [
                self.hand_title,
                self.hand,
                self.choice,
                widgets.HBox([*self.buttons.values(), self.hint], layout=widgets.Layout(flex_flow="row wrap")),
                self.message,
            ]
        )
        self.computer = widgets.HBox(
            [self.next_move, self.auto, self.speed], layout=widgets.Layout(flex_flow="row wrap")
        )
        self.end = widgets.VBox([self.result, widgets.HBox([self.next_round, self.play_again])])
        super().__init__(
            [
                self.settings,
                self.status,
                self.seats,
                self.table,
                self.computer,
                self.moves,
                self.end,
                self.cover,
                self.play_area,
            ]
        )
        self._ruleset_changed()
        if jokers is not None and visible(self.jokers):
            self.jokers.value = jokers
        self._seat_labels()
        self.deal()

    # ------------------------------------------------------------------ settings
    def _ruleset_changed(self) -> None:
        registry = Registry(self.database)
        rules = registry.rules(self.ruleset.value)
        self.jokers.value = rules.jokers
        self.jokers.layout.display = None if has_mode(registry, self.ruleset.value) else "none"
        self._length_options()

    def _length_options(self) -> None:
        rules = Registry(self.database).rules(self.ruleset.value)
        whole = match_length(rules)
        if rules.match_target is None and rules.match_rounds is None:
            self.length.options = [(whole, True)]
        else:
            self.length.options = [(whole, True), ("one round", False)]
        self.length.value = True

    def _seat_labels(self) -> None:
        count = self.opponents.value
        compass = COMPASS[count + 1]
        for seat, picker in enumerate(self.seat_kinds, 1):
            picker.description = compass[seat] if seat <= count else ""
            picker.layout.display = None if seat <= count else "none"

    def deal(self) -> None:
        """A new game with the settings as they are now."""
        kinds = [HUMAN] + [picker.value for picker in self.seat_kinds[: self.opponents.value]]
        mode = self.jokers.value if visible(self.jokers) else None
        seed, clamped = within(self.seed.value, 0, 10**9, "The seed")
        try:
            self.session = TableSession(
                self.ruleset.value,
                kinds,
                jokers=mode,
                whole_match=self.length.value,
                seed=seed,
                database=self.database,
            )
        except MatatuError as error:
            self.settings_note.value = f"<p>✘ {_escape(str(error))}</p>"
            return
        self.settings_note.value = note_html(clamped)
        self.show()

    def _again(self) -> None:
        self.seed.value = self.seed.value + 1
        self.deal()

    # ------------------------------------------------------------------ acting
    def _act(self, move: Callable[[], object]) -> None:
        """Make a move through the session; a refusal is shown as its sentence."""
        try:
            move()
        except MatatuError as error:
            self.show()
            self.message.value = f"<p>✘ {_escape(str(error))}</p>"
            return
        self.show()
        self._play_on()

    def _pressed(self, button: widgets.Button) -> None:
        kind = next(kind for kind, shown in self.buttons.items() if shown is button)
        control = next(control for control in self.session.controls() if control.kind == kind)
        if control.action is None:
            self.message.value = f"<p>✘ {_escape(control.tooltip)}</p>"
            return
        self._act(lambda: self.session.act(control.action))

    def _card_clicked(self, slot: CardSlot) -> None:
        if slot.card is not None:
            self._act(lambda: self.session.choose_card(slot.card))

    def _answered(self, value) -> None:
        self._act(lambda: self.session.answer(value))

    def _hint(self) -> None:
        try:
            text = self.session.hint()
        except MatatuError as error:
            text = f"✘ {error}"
        self.message.value = f"<p>💡 {_escape(text)}</p>"

    def _play_on(self) -> None:
        """With Auto on, the computer's next move comes after a pause, until a person is to move."""
        if self.auto.value and self.session.computer_to_move and not self._waiting:
            self._waiting = True
            self.schedule(self.speed.value, self._auto_step)

    def _auto_step(self) -> None:
        self._waiting = False
        if self.auto.value and self.session.computer_to_move:
            self._act(self.session.step)

    # ------------------------------------------------------------------ drawing
    def show(self) -> None:
        """Draw everything from the session: the person at the screen sees only their own view."""
        session = self.session
        if session is None:
            for part in (self.status, self.seats, self.table, self.cover, self.play_area, self.end, self.computer):
                part.layout.display = "none"
            return
        for part in (self.status, self.seats, self.table):
            part.layout.display = None
        self.computer.layout.display = "none" if session.over else None
        view = session.view
        self.seats.value = self._seats_html()
        self.table.value = self._table_html()
        self.message.value = ""
        # The hand, or the cover while the device passes between people.
        self.cover.layout.display = None if session.covered else "none"
        if session.covered:
            self.cover.description = f"Pass the device to {session.names[view.seat]} — click to show your hand"
        playing = not session.over and not session.covered
        self.play_area.layout.display = None if playing else "none"
        verdicts = session.card_verdicts() if playing else []
        self.hand_title.value = (
            f"<b>{'Your hand' if len(session.humans) == 1 else _escape(session.names[view.seat]) + ', your hand'}</b>: "
            f"{len(view.hand)} cards, worth {view.total()}"
            if playing
            else ""
        )
        if len(self.slots) < len(verdicts):
            # Places are made as a hand grows and kept: a move redraws them, it does not rebuild them.
            while len(self.slots) < len(verdicts):
                slot = CardSlot()
                slot.button.on_click(lambda _, slot=slot: self._card_clicked(slot))
                self.slots.append(slot)
            self.hand.children = tuple(self.slots)
        for index, slot in enumerate(self.slots):
            if index < len(verdicts):
                card, actions, reason = verdicts[index]
                slot.show(card, bool(actions), reason, drawn=card == view.drawn)
            else:
                slot.clear()
        self._show_choice()
        controls = session.controls()
        for control in controls:
            button = self.buttons[control.kind]
            button.description = control.label
            button.disabled = not control.enabled or not playing
            button.tooltip = control.tooltip
            button.button_style = "primary" if control.enabled and playing else ""
        kinds = {control.kind for control in controls}
        for kind, button in self.buttons.items():
            button.layout.display = None if kind in kinds else "none"
        self.hint.disabled = not session.my_turn
        # The computer's moves.
        self.next_move.disabled = not session.computer_to_move
        self.next_move.tooltip = (
            f"{session.names[session.game.to_move]} makes one move"
            if session.computer_to_move
            else "No computer is to move"
        )
        self.moves.value = self._moves_html()
        # The end of a round.
        self.end.layout.display = None if session.over else "none"
        self.result.value = self._result_html() if session.over else ""
        self.next_round.layout.display = None if session.over and not session.match_over else "none"
        # The status line changes last: once it shows a move, every other part already does.
        self.status.value = (
            f'{TABLE_STYLE}<p class="matatu-status" data-moves="{len(session.moves)}">'
            f"<b>{_escape(self._headline())}</b></p>"
        )

    def _headline(self) -> str:
        session = self.session
        where = f"Round {session.round_number} · {session.ruleset} v{session.version} · seed {session.seed}"
        if session.rules != session.published_rules:
            where += ", joker mode" if session.rules.jokers else ", classic"
        return f"{where} — {session.status()}"

    def _show_choice(self) -> None:
        asked = self.session.choice()
        if asked is None:
            self.choice.layout.display = "none"
            self.question.value = ""
            self.answers.children = []
            return
        question, answers = asked
        self.question.value = f'<p class="matatu-question"><b>{_escape(question)}</b></p>'
        buttons = []
        for label, value in answers:
            button = widgets.Button(description=label, tooltip=label, layout=widgets.Layout(width="auto"))
            button.on_click(lambda _, value=value: self._answered(value))
            buttons.append(button)
        cancel = widgets.Button(description="Cancel", icon="times", tooltip="Choose another card")
        cancel.on_click(lambda _: self._act(self.session.cancel_choice))
        self.answers.children = [*buttons, cancel]
        self.choice.layout.display = None

    def _seats_html(self) -> str:
        session = self.session
        view = session.view
        boxes = []
        for seat, size in enumerate(view.hand_sizes):
            to_move = seat == view.to_move and not view.over
            backs = ""
            if seat != view.seat and not view.over:
                backs = "".join(back_html(18, "a card in another hand") for _ in range(min(size, BACKS_SHOWN)))
            turn = " ◀ to move" if to_move else ""
            boxes.append(
                f'<div class="matatu-seat{" to-move" if to_move else ""}">'
                f"<b>{_escape(session.names[seat])}</b>{turn}<br>"
                f'<span class="matatu-note">seat {seat + 1} · {size} card{"s" if size != 1 else ""}</span>'
                f'<div class="matatu-row">{backs}</div></div>'
            )
        arrow = '<span class="matatu-arrow">→</span>' if view.direction == 1 else '<span class="matatu-arrow">←</span>'
        order = session.order_sentence()
        return f'{STYLE}<div class="matatu-seats">{arrow.join(boxes)}</div>' + (
            f'<p class="matatu-note">{_escape(order)}</p>' if order else ""
        )

    def _table_html(self) -> str:
        session = self.session
        view = session.view
        if view.top is not None:
            top = card_html(view.top, 72, note="the top of the pile")
        else:
            top = '<p class="matatu-note"><i>bare table</i></p>'
        pile = f'<div><div class="matatu-note">pile ({view.pile_size})</div>{top}</div>'
        stock = (
            f'<div><div class="matatu-note">stock ({view.stock_size})</div>'
            f"{back_html(72, f'stock of {view.stock_size} cards')}</div>"
        )
        marker = marker_html(view)
        facts = "".join(f"<li>{_escape(fact)}</li>" for fact in session.facts())
        facts = f'<ul class="matatu-note">{facts}</ul>' if facts else ""
        return f'<div class="matatu-row" style="gap:18px">{pile}{stock}{marker}</div>{facts}'

    def _moves_html(self) -> str:
        session = self.session
        if not session.moves:
            return '<p class="matatu-note">No move yet this round.</p>'
        # Each move as the table tells it to the person at the screen, the computer's reason quoted.
        # ``data-action`` keeps the move's notation for programs (as ``data-card`` does a card's), never shown.
        items = [
            f'<li class="matatu-move" data-action="{_escape(move.action.text)}">{_escape(session.describe(move))}</li>'
            for move in session.moves
        ]
        last = _escape(session.describe(session.moves[-1]))
        return (
            f"<p><b>Last move</b> — {last}</p><details><summary>All moves this round ({len(items)})</summary>"
            f'<ol class="matatu-moves">{"".join(items)}</ol></details>'
        )

    def _result_html(self) -> str:
        session = self.session
        rows = []
        for name, hand, total, points, won in session.round_summary():
            cards = "".join(card_html(card, 36) for card in hand) or '<span class="matatu-note">no cards</span>'
            rows.append(
                f'<tr class="{"winner" if won else ""}"><td><b>{_escape(name)}</b>{" ★" if won else ""}</td>'
                f'<td><div class="matatu-row">{cards}</div></td><td>{total}</td><td>{points}</td></tr>'
            )
        table = (
            '<table class="matatu-result"><thead><tr><th>seat</th><th>hand, shown</th><th>worth</th>'
            f"<th>round points</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )
        parts = [f"<h4>The round is over</h4><p>{_escape(session.ending())}</p>{table}"]
        match = session.match
        if session.whole_match and len(match.results) and (match.rules.match_target or match.rules.match_rounds):
            head = "".join(f"<th>{_escape(name)}</th>" for name in session.names)
            lines = []
            for number, result in enumerate(match.results, 1):
                cells = "".join(f"<td>{points}</td>" for points in result.points)
                lines.append(f"<tr><td>round {number}</td>{cells}</tr>")
            totals = "".join(f"<td><b>{score}</b></td>" for score in session.scores)
            parts.append(
                f'<table class="matatu-result"><thead><tr><th>match</th>{head}</tr></thead>'
                f"<tbody>{''.join(lines)}<tr><td><b>total</b></td>{totals}</tr></tbody></table>"
            )
        parts.append(f"<p>{_escape(session.match_text())}</p>")
        if session.record_problem:
            parts.append(f"<p>✘ {_escape(session.record_problem)}</p>")
        elif session.recorded:
            parts.append(
                f'<p class="matatu-note">Saved as game {session.recorded[-1]} in your history '
                "(<i>Rules and history</i>, or <code>matatu-learn history</code>).</p>"
            )
        return "".join(parts)


__all__ = ["PlayTable"]
