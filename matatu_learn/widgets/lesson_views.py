"""The interactive pieces of the first lessons: the deal, turns, topics, the cut meter, a match.

Each is a thin view: positions, verdicts, weights and results all come from the engine.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..agents.players import make_agent
from ..agents.simulate import play_round
from ..engine.cards import CARD_NAMES, SUIT_SYMBOLS, SUITS, parse_cards
from ..engine.errors import MatatuError
from ..engine.explain import chopper_text, marker_name
from ..engine.reference import card_values_block
from ..engine.round import Round
from ..engine.rules import PRESET_IDS, PRESETS
from ..engine.rules_text import match_sentence, rules_sections
from ..engine.scoring import Match
from ..engine.view import PlayerView, TeacherView
from ..teaching.lessons import cut_position, load_lesson, position_for_seat_zero, step_frames, topic_steps
from .stepper import FrameStepper
from .svg import STYLE, cards_html
from .views import HandView, RulesetPicker, TableView


def _sentences(lines: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


class DealExplorer(widgets.VBox):
    """Deal any ruleset for 2-6 players from a seed, and see every part of the deal explained."""

    def __init__(self, ruleset: str = "house", players: int = 3, seed: int = 1):
        self.picker = RulesetPicker(ruleset)
        self.players = widgets.IntSlider(value=players, min=2, max=6, description="Players")
        self.seed = widgets.BoundedIntText(
            value=seed, min=0, max=10**9, description="Seed", tooltip="The same seed always gives the same deal"
        )
        self.deal_button = widgets.Button(
            description="Deal",
            icon="random",
            button_style="primary",
            tooltip="Deal with this ruleset, number of players and seed",
        )
        self.new_seed = widgets.Button(description="New seed", icon="refresh", tooltip="Deal again with another seed")
        self.explanation = widgets.HTML()
        self.table = TableView()
        self.show_stock = widgets.Checkbox(value=False, description="Show the stock, face up (top first)", indent=False)
        self.stock = widgets.HTML()
        self.show_stock.observe(lambda change: self._show_stock(), names="value")
        self.deal_button.on_click(lambda _: self.deal())
        self.new_seed.on_click(lambda _: self._next_seed())
        for control in (self.picker, self.players):
            control.observe(lambda change: self.deal(), names="value")
        super().__init__(
            [
                widgets.HBox([self.picker, self.players]),
                widgets.HBox([self.seed, self.deal_button, self.new_seed]),
                self.explanation,
                self.table,
                self.show_stock,
                self.stock,
            ]
        )
        self.deal()

    def _show_stock(self) -> None:
        if self.show_stock.value:
            self.stock.value = STYLE + cards_html(reversed(self.game.stock), 36)
        else:
            self.stock.value = ""

    def _next_seed(self) -> None:
        self.seed.value = (self.seed.value * 7919 + 1) % 10**9
        self.deal()

    def deal(self) -> None:
        rules = self.picker.rules
        self.game = Round(rules, self.players.value, self.seed.value)
        # The deal explorer teaches the deal, so every hand is face up.
        self.table.show(TeacherView(self.game))
        game = self.game
        # This deal's facts, then the rules of the deal in the engine's own sentences.
        facts = [
            f"{len(game.hands)} hands of {rules.hand_size} cards; {len(game.stock)} cards stay in the stock, face down.",
            "The table is bare." if game.top is None else f"The opening card is {CARD_NAMES[game.top]}.",
        ]
        if game.marker is not None:
            facts.append(f"The {marker_name(rules)} is {CARD_NAMES[game.marker]}.")
        facts.append(f"The chopper: {chopper_text(game)}.")
        self.explanation.value = (
            _sentences(facts)
            + "<p><b>The rules of the deal</b></p>"
            + _sentences(rules_sections(rules)["Deck and deal"])
        )
        self._show_stock()


class TurnExplorer(widgets.VBox):
    """A position from a real deal: click any card of your hand to hear whether it can be played, and why."""

    def __init__(self, ruleset: str = "house", seed: int = 3):
        self.picker = RulesetPicker(ruleset)
        self.seed = seed
        self.new_position = widgets.Button(
            description="New position",
            icon="refresh",
            tooltip="Deal again and play a few moves to reach a new position",
        )
        self.rules_text = widgets.HTML()
        self.table = TableView()
        self.hand = HandView(Round(PRESETS["house"], 2, 0), 0)
        self.moves = widgets.HTML()
        self.picker.observe(lambda change: self.refresh(), names="value")
        self.new_position.on_click(lambda _: self.next_position())
        super().__init__(
            [
                widgets.HBox([self.picker, self.new_position]),
                self.rules_text,
                self.table,
                widgets.HTML("<b>Your hand (seat 0)</b> — click a card:"),
                self.hand,
                self.moves,
            ]
        )
        self.refresh()

    def next_position(self) -> None:
        self.seed += 1
        self.refresh()

    def refresh(self) -> None:
        rules = self.picker.rules
        self.game = position_for_seat_zero(rules, self.seed)
        self.rules_text.value = _sentences(rules_sections(rules)["A turn"])
        # The learner sits at seat 0: the table holds only what that seat could see.
        self.table.show(PlayerView(self.game, 0))
        self.hand.show(self.game, 0)
        others = [str(action) for action in self.game.legal_actions() if action.card is None]
        self.moves.value = (
            "<p class='matatu-note'>Without laying a card you may: "
            + (", ".join(f"<code>{html.escape(text)}</code>" for text in others) or "nothing else")
            + ". "
            + html.escape(self.game.explain("pass"))
            + "</p>"
        )


class TopicLesson(widgets.VBox):
    """A ruleset picker and a topic picker over a lesson file; the stepper shows the chosen steps."""

    def __init__(self, lesson: str, ruleset: str = "house", topic: str | None = None):
        self.lesson = lesson
        topics = load_lesson(lesson)["topics"]
        self.picker = RulesetPicker(ruleset)
        self.topic = widgets.Dropdown(
            options=[(data["title"], key) for key, data in topics.items()],
            value=topic or next(iter(topics)),
            description="Topic",
        )
        self.stepper = FrameStepper()
        self.picker.observe(lambda change: self.refresh(), names="value")
        self.topic.observe(lambda change: self.refresh(), names="value")
        super().__init__([widgets.HBox([self.picker, self.topic]), self.stepper])
        self.refresh()

    def refresh(self) -> None:
        steps, why_not = topic_steps(self.lesson, self.topic.value, self.picker.value)
        self.stepper.load([frame for step in steps for frame in step_frames(step)], empty_text=why_not)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def card_values_html() -> str:
    """Every card's value under each ruleset and mode: the table of docs/rules.md §2, as the engine writes it."""
    header, _, *rows = card_values_block(PRESETS).split("\n\n")[0].splitlines()
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in _cells(header))
    body = "".join(
        f"<tr><td><b>{html.escape(card)}</b></td>"
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in values)
        + "</tr>"
        for card, *values in map(_cells, rows)
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class CutMeter(widgets.VBox):
    """Build a hand and watch the cut meter: the total, what counts, the limit, and the engine's verdict."""

    def __init__(self, ruleset: str = "house", hand: str = "7♦ K♣ 9♥"):
        self.picker = RulesetPicker(ruleset, modes=False)
        self.marker_suit = widgets.Dropdown(
            options=[(SUIT_SYMBOLS[suit], suit) for suit in SUITS],
            value=2,
            description="Marker suit",
            tooltip="The suit of the base card or cutter",
        )
        self.hand_text = widgets.Text(
            value=hand,
            description="Your hand",
            placeholder="e.g. 7♦ K♣ 9♥ (or 7d kc 9h)",
            continuous_update=False,
            layout=widgets.Layout(width="360px"),
        )
        self.cards = widgets.HTML()
        self.meter = widgets.IntProgress(min=0, max=60, description="Weight", bar_style="success")
        self.verdict = widgets.HTML()
        for control in (self.picker, self.marker_suit, self.hand_text):
            control.observe(lambda change: self.refresh(), names="value")
        super().__init__(
            [widgets.HBox([self.picker, self.marker_suit]), self.hand_text, self.cards, self.meter, self.verdict]
        )
        self.refresh()

    def refresh(self) -> None:
        rules = self.picker.rules
        self.marker_suit.layout.display = None if rules.marker != "none" else "none"
        try:
            hand = parse_cards(self.hand_text.value)
            if not hand:
                raise MatatuError("Type some cards, e.g. 7♦ K♣ 9♥.")
            if len(set(hand)) != len(hand):
                raise MatatuError("A card appears twice: there is one deck.")
            if any(card >= 52 for card in hand):
                raise MatatuError("This meter counts the 52 ordinary cards; leave the jokers out.")
            game = cut_position(rules, hand, self.marker_suit.value)
        except MatatuError as error:
            self.cards.value = ""
            self.verdict.value = f"<p>✘ {html.escape(str(error))}</p>"
            self.meter.value = 0
            return
        self.cards.value = STYLE + cards_html(hand, 48)
        total = game.total(0)
        choppers = [card for card in hand if game.is_chopper(card)]
        lines = [f"Your hand is worth {total}."]
        if not choppers:
            lines.append(f"You hold no chopper ({chopper_text(game)}).")
            weight = total
        for chopper in choppers:
            weight = game.cut_weight(0, chopper)
            lines.append(
                ("✔ " if game.is_legal(f"cut {CARD_NAMES[chopper]}") else "✘ ")
                + game.explain(f"cut {CARD_NAMES[chopper]}")
            )
        limit = rules.cut_limit
        self.meter.max = max(60, weight, (limit or 0) * 2)
        self.meter.value = min(weight, self.meter.max)
        # The engine weighs the chopper shown; with no chopper nothing could cut, whatever the weight.
        self.meter.bar_style = ("success" if game.light_enough(choppers[-1]) else "danger") if choppers else ""
        self.meter.description = f"{weight} / {limit if limit is not None else '∞'}"
        self.verdict.value = _sentences(lines)


# Hands on a preset's limit and one point over it, and one with no limit (preset, the marker's suit, the hand).
WORKED_EXAMPLES = (
    ("house", 2, "7♦ K♣ 7♥"),
    ("house", 2, "7♦ K♣ 8♥"),
    ("uganda", 2, "7♦ K♣ 10♥"),
    ("uganda", 2, "7♦ K♣ J♥"),
    ("party", 2, "7♣ K♠ 10♠"),
    ("party", 2, "7♣ K♠ J♠"),
    ("bomb", 2, "7♣ K♠ K♥ K♦ Q♠"),
)


def against_limit(weight: int, limit: int | None) -> str:
    """A cut's weight beside its limit, in words.

    >>> against_limit(30, 30), against_limit(31, 30), against_limit(22, 30), against_limit(60, None)
    ('exactly on the limit', '1 over the limit', '8 under the limit', 'no limit at all')
    """
    if limit is None:
        return "no limit at all"
    if weight == limit:
        return "exactly on the limit"
    return f"{abs(weight - limit)} {'over' if weight > limit else 'under'} the limit"


def worked_examples_html() -> str:
    """Each worked example with the engine's own verdict."""
    items = []
    for preset, marker_suit, hand_text in WORKED_EXAMPLES:
        rules = PRESETS[preset]
        hand = parse_cards(hand_text)
        game = cut_position(rules, hand, marker_suit)
        chopper = next(card for card in hand if game.is_chopper(card))
        label = against_limit(game.cut_weight(0, chopper), rules.cut_limit)
        verdict = game.explain(f"cut {CARD_NAMES[chopper]}")
        mark = "✔" if game.is_legal(f"cut {CARD_NAMES[chopper]}") else "✘"
        marker = f", marker suit {SUIT_SYMBOLS[marker_suit]}" if rules.marker != "none" else ""
        items.append(
            f"<li><b>{preset}</b>{marker}, hand {html.escape(hand_text)} — {label}: {mark} {html.escape(verdict)}</li>"
        )
    return "<ul>" + "".join(items) + "</ul>"


class MatchView(widgets.VBox):
    """A whole match played by the computer, round by round: points and running totals."""

    def __init__(self, ruleset: str = "uganda", players: int = 3, seed: int = 7):
        # The presets whose rules play a match of several rounds (the others' rounds stand alone).
        matches = [
            name
            for name in PRESET_IDS
            if PRESETS[name].match_target is not None or PRESETS[name].match_rounds is not None
        ]
        self.picker = RulesetPicker(ruleset, choices=matches, description="Match")
        self.how = widgets.HTML()
        self.players = widgets.IntSlider(value=players, min=2, max=6, description="Players")
        self.seed = seed
        self.play_round = widgets.Button(
            description="Play a round", icon="play", button_style="primary", tooltip="The computer plays the next round"
        )
        self.play_all = widgets.Button(
            description="Play to the end", icon="fast-forward", tooltip="Play every round left"
        )
        self.restart = widgets.Button(description="New match", icon="undo", tooltip="Start again")
        self.table = widgets.HTML()
        self.play_round.on_click(lambda _: self.next_round())
        self.play_all.on_click(lambda _: self.finish())
        self.restart.on_click(lambda _: self.new_match(self.seed + 1))
        self.picker.observe(lambda change: self.new_match(self.seed), names="value")
        self.players.observe(lambda change: self.new_match(self.seed), names="value")
        super().__init__(
            [
                widgets.HBox([self.picker, self.players]),
                self.how,
                widgets.HBox([self.play_round, self.play_all, self.restart]),
                self.table,
            ]
        )
        self.new_match(seed)

    def new_match(self, seed: int) -> None:
        self.seed = seed
        rules = self.picker.rules
        self.how.value = f"<p class='matatu-note'>{html.escape(match_sentence(rules))}</p>"
        self.match = Match(rules, self.players.value, seed)
        self.show()

    def next_round(self) -> None:
        if self.match.over:
            return
        game = self.match.next_round()
        play_round(game, [make_agent("heuristic", seat) for seat in range(game.players)])
        self.match.record(game)
        self.show()

    def finish(self) -> None:
        while not self.match.over:
            self.next_round()

    def show(self) -> None:
        match = self.match
        seats = range(match.players)
        head = "".join(f"<th>seat {seat}</th>" for seat in seats)
        rows, running = [], [0] * match.players
        for number, result in enumerate(match.results, 1):
            for seat in seats:
                running[seat] += result.points[seat]
            cells = "".join(f"<td>{result.points[seat]} <small>(total {running[seat]})</small></td>" for seat in seats)
            winners = ", ".join(map(str, result.winners))
            rows.append(f"<tr><td>{number}</td><td>{result.reason}</td><td>{winners}</td>{cells}</tr>")
        status = (
            "<p><b>The match is over:</b> seat " + ", ".join(map(str, match.winners)) + " won.</p>"
            if match.over
            else f"<p>{match.rounds_played} rounds played.</p>"
        )
        self.table.value = (
            f"<table><thead><tr><th>round</th><th>ended</th><th>round won by</th>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>{status}"
        )
        self.play_round.disabled = self.play_all.disabled = match.over
