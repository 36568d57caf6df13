"""The interactive pieces of the first lessons: the rules of each idea, the deal, turns, topics,
the cut meter, a match, practice.

Each is a thin view: positions, verdicts, weights and results come from the engine, sentences
from the teaching layer. Without a ruleset of its own a widget shows the ruleset the page
carries, and draws itself again when the learner picks another at the top of the page.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ..agents.choices import make_agent
from ..agents.simulate import play_round
from ..engine.cards import CARD_NAMES, SUIT_SYMBOLS, SUITS, parse_cards
from ..engine.errors import MatatuError
from ..engine.reference import card_values_block
from ..engine.round import Round
from ..engine.rules import PRESETS
from ..engine.rules_text import marker_name, match_sentence
from ..engine.scoring import Match
from ..engine.view import PlayerView, TeacherView, views_of
from ..teaching.lessons import (
    PATH_WORDS,
    RULESET_CHOICES,
    Question,
    cut_position,
    deal_facts,
    lesson_topics,
    load_glossary,
    marker_caption,
    ordinary_position,
    practice_question,
    ruleset_name,
    ruleset_rules,
    step_frames,
    topic_steps,
)
from ..teaching.path_rules import OTHER_TABLES, PARTS, other_tables, part_lines
from ..teaching.progress import answer_lesson
from ..teaching.voice import ENDING_WORDS, Voice, chopper_words, count, listed
from .bounds import bounded_text, note_html, within
from .live import LiveHTML
from .navigation import FollowsRuleset
from .page import kernel_page
from .stepper import FrameStepper
from .svg import STYLE, card_html, cards_html
from .views import HAND_WIDTH, HandView, TableView


def _sentences(lines: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


RULES_STYLE = """<style>
.matatu-rules { border-left: 4px solid #0b5394; background: #f3f7fb; padding: 4px 12px; margin: 6px 0; }
.matatu-rules ul { margin: 4px 0; padding-left: 18px; }
.matatu-rules .matatu-ruleset { font-weight: bold; margin: 4px 0 0; }
details.matatu-other-tables { margin: 4px 0 10px; color: #333; }
details.matatu-other-tables summary { cursor: pointer; color: #0b5394; text-decoration: underline; }
details.matatu-other-tables .matatu-others { border-left: 4px solid #c8d1da; padding: 2px 12px; margin-top: 4px; }
details.matatu-other-tables .matatu-table-name { font-weight: bold; margin: 6px 0 0; }
details.matatu-other-tables ul { margin: 2px 0; padding-left: 18px; }
</style>"""


def other_tables_html(ruleset: str, part: str) -> str:
    """What other tables do differently about a part, folded away ("" where every table agrees)."""
    differences = other_tables(ruleset, part)
    if not differences:
        return ""
    items = "".join(
        f'<p class="matatu-table-name">{html.escape(listed(names))}</p>{_sentences(lines)}'
        for names, lines in differences
    )
    return (
        f'<details class="matatu-other-tables"><summary>{html.escape(OTHER_TABLES)}</summary>'
        f'<div class="matatu-others">{items}</div></details>'
    )


def own_rules_html(ruleset: str, part: str) -> str:
    """One idea of the rules as the learner's ruleset says it ("" where it says nothing of it)."""
    lines = part_lines(ruleset, part)
    if not lines:
        return ""
    return (
        f'{RULES_STYLE}<div class="matatu-rules"><p class="matatu-ruleset">{html.escape(ruleset_name(ruleset))}</p>'
        f"{_sentences(lines)}</div>"
    )


def rules_part_html(ruleset: str, part: str) -> str:
    """One idea of the rules as the learner's ruleset says it, then other tables' ways, folded."""
    return RULES_STYLE + own_rules_html(ruleset, part) + other_tables_html(ruleset, part)


class TableRules(FollowsRuleset, widgets.HTML):
    """One idea of the rules (a part of ``teaching.path_rules.PARTS``) as the page's ruleset says it;
    what other tables do differently waits in a fold.

    >>> "20 or less" in TableRules("cut", ruleset="house").value
    True
    """

    def __init__(self, part: str, ruleset: str | None = None, **kwargs):
        if part not in PARTS:
            raise MatatuError(f"'{part}' is no part of the rules; the parts are {', '.join(PARTS)}.")
        super().__init__(**kwargs)
        self.part = part
        self.add_class("matatu-table-rules")
        self.follow_ruleset(ruleset)
        self.redraw()

    def redraw(self) -> None:
        self.value = rules_part_html(self.ruleset, self.part)


class DealExplorer(FollowsRuleset, widgets.VBox):
    """Deal the page's ruleset for 2-6 players from a seed, and see what went where."""

    def __init__(self, ruleset: str | None = None, players: int = 3, seed: int = 1):
        self.players = widgets.BoundedIntText(
            value=players, min=2, max=6, description="Players", layout=widgets.Layout(width="10em")
        )
        self.seed = widgets.BoundedIntText(
            value=seed,
            min=0,
            max=10**9,
            description="Seed",
            tooltip="The same seed always gives the same deal",
            layout=widgets.Layout(width="14em"),
        )
        self.deal_button = widgets.Button(
            description="Deal",
            icon="random",
            button_style="primary",
            tooltip="Deal with this number of players and seed",
        )
        self.new_seed = widgets.Button(description="New seed", icon="refresh", tooltip="Deal again with another seed")
        self.explanation = widgets.HTML()
        self.table = TableView()
        self.show_stock = widgets.Checkbox(value=False, description="Show the stock, face up (top first)", indent=False)
        self.stock = widgets.HTML()
        self.show_stock.observe(lambda change: self._show_stock(), names="value")
        self.deal_button.on_click(lambda _: self.deal())
        self.new_seed.on_click(lambda _: self._next_seed())
        self.players.observe(lambda change: self.deal(), names="value")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                widgets.HBox([self.players, self.seed, self.deal_button, self.new_seed], layout=wrap),
                self.explanation,
                self.table,
                self.show_stock,
                self.stock,
            ]
        )
        self.follow_ruleset(ruleset)
        self.deal()

    def redraw(self) -> None:
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
        players, clamped = within(self.players.value, 2, 6, "Players")
        seed, clamped_seed = within(self.seed.value, 0, 10**9, "The seed")
        self.game = Round(self.rules, players, seed)
        # The deal explorer teaches the deal, so every hand is face up.
        self.table.show(TeacherView(self.game))
        self.explanation.value = note_html(clamped) + note_html(clamped_seed) + _sentences(deal_facts(self.game))
        self._show_stock()


# What the lesson 2 hand says above its cards: the hand is drawn once, as buttons, under the table.
HAND_WORDS = {
    "explore": "<b>Your hand</b> ({cards}) — tap a card to hear yes, or why not:",
    "play": "<b>Your hand</b> ({cards}) — tap a green card to play it:",
    "over": "<b>The round is over.</b> “New game” deals another.",
}


def others_only(game: Round, seat: int) -> list[int]:
    """Every seat but ``seat``: the table draws their hands, the page draws ``seat``'s as buttons.

    >>> others_only(Round(PRESETS["house"], 3, 0), 0)
    [1, 2]
    """
    return [other for other in range(game.players) if other != seat]


class TurnExplorer(FollowsRuleset, widgets.VBox):
    """A position of ordinary cards (no card with an effect yet): tap any card of your hand to
    hear whether it can be played, and why."""

    def __init__(self, ruleset: str | None = None, seed: int = 3):
        self.seed = seed
        self.new_position = widgets.Button(
            description="New position",
            icon="refresh",
            tooltip="Deal another position",
        )
        self.table = TableView()
        self.hand_title = widgets.HTML()
        self.hand = HandView(Round(PRESETS["house"], 2, 0), 0)
        self.moves = widgets.HTML()
        self.new_position.on_click(lambda _: self.next_position())
        super().__init__(
            [
                self.table,
                self.hand_title,
                self.hand,
                self.moves,
                self.new_position,
            ]
        )
        self.follow_ruleset(ruleset)
        self.refresh()

    def redraw(self) -> None:
        self.refresh()

    def next_position(self) -> None:
        self.seed += 1
        self.refresh()

    def refresh(self) -> None:
        self.game = ordinary_position(self.rules, self.seed)
        # The learner sits at seat 0: the table holds only what that seat could see, and the learner's
        # own hand is drawn once, below it, as cards to tap.
        self.table.show(PlayerView(self.game, 0), hands=others_only(self.game, 0))
        self.hand_title.value = HAND_WORDS["explore"].format(cards=count(len(self.game.hands[0])))
        self.hand.show(self.game, 0)
        self.moves.value = f"<p class='matatu-note'>{html.escape(without_a_card(self.game))}</p>"


class TopicLesson(FollowsRuleset, widgets.VBox):
    """The topics of a lesson file that the page's ruleset has, one at a time: the rule in the
    rules text's words, a stepper through fixed positions, and other tables' ways, folded."""

    def __init__(self, lesson: str, ruleset: str | None = None, topic: str | None = None):
        self.lesson = lesson
        self.follow_ruleset(ruleset)
        self.topic = widgets.Dropdown(
            options=lesson_topics(lesson, self.ruleset),
            description="Topic",
            layout=widgets.Layout(width="max-content", max_width="100%"),
        )
        if topic is not None and topic in [key for _, key in self.topic.options]:
            self.topic.value = topic
        self.rule = widgets.HTML()
        self.stepper = FrameStepper(on_finish=self.next_topic)
        self.others = widgets.HTML()
        self.redrawing = False
        self.topic.observe(lambda change: self.redrawing or self.refresh(), names="value")
        super().__init__([self.topic, self.rule, self.stepper, self.others])
        self.refresh()

    def redraw(self) -> None:
        """Another ruleset: its own topics, staying on the same one where it has it."""
        options = lesson_topics(self.lesson, self.ruleset)
        keys = [key for _, key in options]
        current = self.topic.value
        self.redrawing = True  # new options reset the choice: draw once, when it is set again
        try:
            self.topic.options = options
            self.topic.value = current if current in keys else keys[0]
        finally:
            self.redrawing = False
        self.refresh()

    def next_topic(self) -> None:
        """On to the topic after this one (after the last, back to the first)."""
        keys = [key for _, key in self.topic.options]
        self.topic.value = keys[(keys.index(self.topic.value) + 1) % len(keys)]

    def refresh(self) -> None:
        steps, why_not = topic_steps(self.lesson, self.topic.value, self.ruleset)
        part = f"{self.lesson}/{self.topic.value}"
        self.rule.value = own_rules_html(self.ruleset, part) if part in PARTS else ""
        self.others.value = RULES_STYLE + other_tables_html(self.ruleset, part) if part in PARTS else ""
        frames, texts = [], []
        for number, step in enumerate(steps, 1):
            scene = step_frames(step)
            # Each scene of a topic is labelled, so a learner knows how many are left.
            label = f"Scene {number} of {len(steps)}: " if len(steps) > 1 else ""
            frames += scene
            texts += [label + frame.text for frame in scene]
        self.stepper.next_topic.description = (
            "Next topic" if self.topic.value != self.topic.options[-1][1] else "First topic again"
        )
        self.stepper.load(frames, texts, empty_text=why_not)


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


def card_values_row_html(ruleset: str) -> str:
    """What every card is worth under a ruleset: one card of each rank with its value under it, and
    the Ace of spades and a joker where they are worth something else."""
    rules = ruleset_rules(ruleset)
    values = rules.card_values()
    cards = parse_cards("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥")
    ace_of_spades = parse_cards("A♠")[0]
    if values[ace_of_spades] != values[cards[0]]:
        cards.append(ace_of_spades)
    if rules.jokers:
        cards.append(parse_cards("RJ")[0])
    figures = "".join(
        f'<figure style="margin:0;text-align:center">{card_html(card, HAND_WIDTH)}'
        f"<figcaption><b>{values[card]}</b></figcaption></figure>"
        for card in cards
    )
    return f'{STYLE}<div class="matatu-row matatu-values">{figures}</div>'


class CardValues(FollowsRuleset, widgets.HTML):
    """What every card is worth at the page's table, the cards drawn with their values; other
    tables' values folded away."""

    def __init__(self, ruleset: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.follow_ruleset(ruleset)
        self.redraw()

    def redraw(self) -> None:
        self.value = card_values_row_html(self.ruleset) + RULES_STYLE + other_tables_html(self.ruleset, "values")


class CutMeter(FollowsRuleset, widgets.VBox):
    """Build a hand and watch the cut meter answer as you type: the total, what counts, the limit,
    and the engine's verdict."""

    def __init__(self, ruleset: str | None = None, hand: str = "7♦ K♣ 9♥"):
        self.marker_suit = widgets.Dropdown(
            options=[(SUIT_SYMBOLS[suit], suit) for suit in SUITS],
            value=2,
            style={"description_width": "initial"},
        )
        self.hand_text = widgets.Text(
            value=hand,
            description="Your hand",
            placeholder="e.g. 7♦ K♣ 9♥ (or 7d kc 9h)",
            continuous_update=True,  # the meter answers at every key, not only on Enter
            layout=widgets.Layout(width="360px", max_width="100%"),
        )
        self.cards = widgets.HTML()
        self.meter = widgets.IntProgress(
            min=0, max=60, description="Weight", bar_style="success", style={"description_width": "initial"}
        )
        self.verdict = LiveHTML()  # the meter's answer, heard as it changes
        for control in (self.marker_suit, self.hand_text):
            control.observe(lambda change: self.refresh(), names="value")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                widgets.HBox([self.hand_text, self.marker_suit], layout=wrap),
                self.cards,
                self.meter,
                self.verdict,
            ]
        )
        self.follow_ruleset(ruleset)
        self.refresh()

    def redraw(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        rules = self.rules
        name = marker_name(rules)
        self.marker_suit.layout.display = None if name is not None else "none"
        self.marker_suit.description = f"Suit of the {name}" if name is not None else ""
        self.marker_suit.tooltip = self.marker_suit.description
        try:
            hand = parse_cards(bounded_text(self.hand_text.value, 200, "The hand"))
            if not hand:
                raise MatatuError("Type some cards, e.g. 7♦ K♣ 9♥.")
            if len(set(hand)) != len(hand):
                raise MatatuError("A card appears twice: there is one deck.")
            if any(card.is_joker for card in hand):
                raise MatatuError("This meter counts the 52 ordinary cards; leave the jokers out.")
            game = cut_position(rules, hand, self.marker_suit.value)
        except MatatuError as error:
            self.cards.value = ""
            self.verdict.value = f"<p>✘ {html.escape(str(error))}</p>"
            self.meter.value = 0
            return
        self.cards.value = STYLE + cards_html(hand, HAND_WIDTH)
        total = game.total(0)
        choppers = [card for card in hand if game.is_chopper(card)]
        lines = [f"Your hand is worth {total}."]
        if not choppers:
            lines.append(f"You hold no chopper ({chopper_words(game)}).")
            weight = total
        voice = Voice(game.players, viewer=0)
        for chopper in choppers:
            weight = game.cut_weight(0, chopper)
            lines.append(
                ("✔ " if game.is_legal(f"cut {CARD_NAMES[chopper]}") else "✘ ")
                + voice.explain(game, f"cut {CARD_NAMES[chopper]}")
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


def worked_examples_html(ruleset: str = "house") -> str:
    """The worked examples of a ruleset's own table, each with the engine's verdict."""
    rules = ruleset_rules(ruleset)
    items = []
    for preset, marker_suit, hand_text in WORKED_EXAMPLES:
        if preset != RULESET_CHOICES[ruleset][1]:
            continue
        hand = parse_cards(hand_text)
        game = cut_position(rules, hand, marker_suit)
        chopper = next(card for card in hand if game.is_chopper(card))
        label = against_limit(game.cut_weight(0, chopper), rules.cut_limit)
        verdict = Voice(game.players, viewer=0).explain(game, f"cut {CARD_NAMES[chopper]}")
        mark = "✔" if game.is_legal(f"cut {CARD_NAMES[chopper]}") else "✘"
        items.append(f"<li><b>{html.escape(hand_text)}</b> — {label}: {mark} {html.escape(verdict)}</li>")
    return "<ul>" + "".join(items) + "</ul>"


class WorkedExamples(FollowsRuleset, widgets.HTML):
    """Hands on the page's cut limit and one point over, with the engine's verdicts."""

    def __init__(self, ruleset: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.follow_ruleset(ruleset)
        self.redraw()

    def redraw(self) -> None:
        self.value = worked_examples_html(self.ruleset)


class MatchView(FollowsRuleset, widgets.VBox):
    """Rounds played by the computer under the page's rules: each round's points and, where the
    rules play a match, the running totals to its end."""

    def __init__(self, ruleset: str | None = None, players: int = 3, seed: int = 7):
        self.how = widgets.HTML()
        self.players = widgets.BoundedIntText(
            value=players, min=2, max=6, description="Players", layout=widgets.Layout(width="10em")
        )
        self.seed = seed
        self.play_round = widgets.Button(
            description="Play a round", icon="play", button_style="primary", tooltip="The computer plays the next round"
        )
        self.play_all = widgets.Button(
            description="Play to the end", icon="fast-forward", tooltip="Play every round left"
        )
        self.restart = widgets.Button(description="Start again", icon="undo", tooltip="Start again from no points")
        self.table = widgets.HTML()
        self.play_round.on_click(lambda _: self.next_round())
        self.play_all.on_click(lambda _: self.finish())
        self.restart.on_click(lambda _: self.new_match(self.seed + 1))
        self.players.observe(lambda change: self.new_match(self.seed), names="value")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                self.how,
                widgets.HBox([self.players, self.play_round, self.play_all, self.restart], layout=wrap),
                self.table,
            ]
        )
        self.follow_ruleset(ruleset)
        self.new_match(seed)

    def redraw(self) -> None:
        self.new_match(self.seed)

    def new_match(self, seed: int) -> None:
        self.seed = seed
        rules = self.rules
        self.how.value = f"<p class='matatu-note'>{html.escape(match_sentence(rules))}</p>"
        players, clamped = within(self.players.value, 2, 6, "Players")
        self.how.value += note_html(clamped)
        self.match = Match(rules, players, seed)
        # Where each round stands alone there is no end to play to.
        plays_match = rules.match_target is not None or rules.match_rounds is not None
        self.play_all.layout.display = None if plays_match else "none"
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
        voice = Voice(match.players)
        names = voice.names
        plays_match = match.rules.match_target is not None or match.rules.match_rounds is not None
        head = "".join(f"<th>{names[seat]}</th>" for seat in seats)
        rows, running = [], [0] * match.players
        for number, result in enumerate(match.results, 1):
            for seat in seats:
                running[seat] += result.points[seat]
            cells = "".join(
                f"<td>{result.points[seat]}"
                + (f" <small>(total {running[seat]})</small>" if plays_match else "")
                + "</td>"
                for seat in seats
            )
            winners = listed([voice.seat(seat) for seat in result.winners])
            rows.append(f"<tr><td>{number}</td><td>{ENDING_WORDS[result.reason]}</td><td>{winners}</td>{cells}</tr>")
        status = f"<p>{count(match.rounds_played, 'round')} played.</p>"
        if match.over and plays_match:
            status += f"<p><b>The match is over:</b> {voice.winners(match.winners)}.</p>"
        table = (
            f"<table><thead><tr><th>round</th><th>ended</th><th>round won by</th>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            if rows
            else ""
        )
        self.table.value = table + status
        self.play_round.disabled = self.play_all.disabled = match.over


def without_a_card(game: Round) -> str:
    """What the player to move may do without laying a card, in the engine's words.

    >>> from matatu_learn import PRESETS, Round, parse_cards
    >>> game = Round.from_position(PRESETS["bomb"], [parse_cards("9♣ K♦"), parse_cards("Q♥")], pile=parse_cards("4♣"))
    >>> without_a_card(game)
    'You must lay a card this turn. You cannot draw: in these rules you draw only when nothing fits, and you have a card to lay.'
    """
    voice = Voice(game.players, viewer=game.to_move)
    others = [action for action in game.legal_actions() if action.card is None]
    if not others:
        return f"You must lay a card this turn. {voice.explain(game, 'draw')}"
    return " ".join(voice.explain(game, action) for action in others)


FEEDBACK_STYLE = """<style>
.matatu-right { color: #0f5c2e; background: #e6f4ea; border-left: 5px solid #1a7f37; padding: 6px 10px; }
.matatu-wrong { color: #8a1c1c; background: #fce8e6; border-left: 5px solid #c5221f; padding: 6px 10px; }
</style>"""


def feedback_html(question: Question, chosen: str) -> str:
    """Right or wrong, in colour and in words: what is wrong with a wrong choice, the right answer, and why."""
    css = "matatu-right" if chosen in question.right else "matatu-wrong"
    return (
        f'{FEEDBACK_STYLE}<div class="{css}"><b>{html.escape(question.verdict(chosen))}</b> '
        f"{html.escape(question.reasons(chosen))}</div>"
    )


def marker_card_html(game: Round) -> str:
    """The deal's marker card alone, named but not explained; or that these rules turn none up."""
    caption = marker_caption(game.rules)
    if game.marker is None:
        return f"<p>{html.escape(caption)}</p>"
    return f'{STYLE}<div class="matatu-row"><p>{html.escape(caption)}</p>{cards_html([game.marker], 64)}</div>'


NOT_KEPT = "This answer was not kept:"


class QuestionView(widgets.VBox):
    """One practice question drawn: the position (or the marker card alone), the question, one
    button an answer; ``judge`` colours the buttons (the right ones green, a wrong choice red) and
    says why. A lesson's practice and "Your mistakes" both ask through it."""

    def __init__(self):
        self.prompt = widgets.HTML()
        self.marker_card = widgets.HTML()
        self.table = TableView()
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.feedback = LiveHTML()  # the verdict, heard as it comes
        self.kept = widgets.HTML()  # why an answer was not kept, when it was not
        super().__init__([self.prompt, self.marker_card, self.table, self.choices, self.feedback, self.kept])

    def show(self, question: Question, on_answer: Callable[[str], object]) -> None:
        """Ask ``question``; a button pressed calls ``on_answer(key)``."""
        self.question = question
        self.prompt.value = f"<p><b>{html.escape(question.prompt)}</b></p>"
        game = question.game
        self.marker_card.value = marker_card_html(game) if question.marker_only else ""
        if question.marker_only:
            self.table.clear()
        else:
            # Without the marks under the cards: they would give the answer away.
            view = TeacherView(game) if question.viewer is None else PlayerView(game, question.viewer)
            self.table.show(view, marks=False, names=question.names or None)
        self.buttons: dict[str, widgets.Button] = {}
        for label, key in question.choices:
            button = widgets.Button(description=label, tooltip=f"Answer: {label}", layout=widgets.Layout(width="auto"))
            button.on_click(lambda _, key=key: on_answer(key))
            self.buttons[key] = button
        self.choices.children = list(self.buttons.values())
        self.feedback.value = self.kept.value = ""

    def judge(self, key: str, close: bool = False, then: widgets.Button | None = None) -> bool:
        """Whether ``key`` is right, shown on the buttons and in words (heard as they come);
        ``close``: no answer after this one, and the keyboard's focus (on a button now disabled) goes
        to ``then``, the button that carries on."""
        question = self.question
        for choice, button in self.buttons.items():
            button.button_style = "success" if choice in question.right else "danger" if choice == key else ""
            button.disabled = close
        self.feedback.value = feedback_html(question, key)
        if close and then is not None:
            then.focus()
        return key in question.right


class LessonPractice(FollowsRuleset, widgets.VBox):
    """A lesson's practice task: a position, a question, one button per answer, and feedback you can see.

    Questions and answers come from the engine (``teaching.lessons.practice_question``); the
    ruleset is the one the page carries. A right answer opens the way to the next lesson. When the
    page has a learner, the first answer to each question is kept under their name.

    >>> practice = LessonPractice("chopper-arithmetic", ruleset="house")
    >>> right = next(iter(practice.question.right))
    >>> practice.answer(right); "matatu-right" in practice.feedback.value
    True
    """

    def __init__(self, page: str, ruleset: str | None = None, seed: int = 1):
        self.page, self.seed = page, seed
        self.view = QuestionView()
        self.score = widgets.HTML()
        self.another = widgets.Button(description="Another one", icon="refresh", tooltip="A new question")
        self.another.on_click(lambda _: self.ask(self.seed + 1))
        self.right_answers = self.answered = 0
        super().__init__([self.view, widgets.HBox([self.another, self.score])])
        self.add_class("matatu-practice")
        self.follow_ruleset(ruleset)
        self.ask(seed)

    def redraw(self) -> None:
        self.ask(self.seed)

    def ask(self, seed: int) -> None:
        self.seed = seed
        self.view.show(practice_question(self.page, self.ruleset, seed), self.answer)
        self.unkept = True  # only a question's first answer is kept: the later ones know the answer

    @property
    def question(self) -> Question:
        return self.view.question

    @property
    def feedback(self) -> widgets.HTML:
        return self.view.feedback

    @property
    def buttons(self) -> dict[str, widgets.Button]:
        return self.view.buttons

    def answer(self, key: str) -> None:
        """Judge a question's one answer: colour the buttons (the right ones green, a wrong choice red)
        and say why. The buttons then close: once the answer is shown, a second try proves nothing,
        so only a right first answer opens the way on (and counts as the lesson done)."""
        if not self.unkept:
            return
        right = self.view.judge(key, close=True, then=self.another)
        self.answered += 1
        self.right_answers += right
        self.score.value = f"<span class='matatu-note'>{self.right_answers} right of {self.answered}</span>"
        if not right:
            self.view.feedback.value += f"<p class='matatu-note'>{html.escape(PATH_WORDS['try another'])}</p>"
        self.keep(right)
        if right:
            kernel_page().practice.practised(self.page)

    def keep(self, right: bool) -> None:
        """Keep the question's answer under the page's learner's name; a store's refusal is a note."""
        self.unkept = False
        context = kernel_page()
        if not context.learner.name:
            return
        try:
            answer_lesson(context.learners(), context.learner.name, self.page, self.ruleset, self.seed, right)
        except MatatuError as error:  # the store's refusals (StoreError, RecordError) among them
            self.view.kept.value = note_html(f"{NOT_KEPT} {error}")
            return
        self.view.kept.value = ""


class PracticeTable(FollowsRuleset, widgets.VBox):
    """Lesson 2's practice table: ordinary cards only; tap a card that fits to play it, and the computer answers.

    The learner sees the table from their own seat's view; the computer players choose from theirs.

    >>> table = PracticeTable(ruleset="house")
    >>> card = next(card for card in table.game.hands[0] if table.game.is_legal(f"play {CARD_NAMES[card]}"))
    >>> table.play(f"play {CARD_NAMES[card]}"); table.game.to_move == 0 or table.game.over
    True
    """

    def __init__(self, ruleset: str | None = None, seed: int = 1, players: int = 3):
        self.players = players
        self.table = TableView()
        self.hand = HandView(Round(PRESETS["house"], 2, 0), 0)
        self.draw_button = widgets.Button(
            description="Draw a card", icon="download", tooltip="Take the stock's top card"
        )
        self.pass_button = widgets.Button(description="Pass", icon="forward", tooltip="End your turn")
        self.draw_button.on_click(lambda _: self.play("draw"))
        self.pass_button.on_click(lambda _: self.play("pass"))
        self.story = widgets.HTML()
        self.new_game = widgets.Button(description="New game", icon="refresh", tooltip="Deal a new practice game")
        self.new_game.on_click(lambda _: self.deal(self.seed + 1))
        self.hand_title = widgets.HTML()
        super().__init__(
            [
                self.table,
                self.hand_title,
                self.hand,
                widgets.HBox([self.draw_button, self.pass_button, self.new_game]),
                self.story,
            ]
        )
        self.add_class("matatu-practice-table")
        self.follow_ruleset(ruleset)
        self.deal(seed)

    def redraw(self) -> None:
        self.deal(self.seed)

    def deal(self, seed: int) -> None:
        self.seed = seed
        self.game = ordinary_position(self.rules, seed, self.players)
        self.voice = Voice(self.players, viewer=0)
        self.views = views_of(self.game)
        self.agents = [make_agent("heuristic", seed * 10 + seat) for seat in range(self.players)]
        self.lines = ["Your turn first: play a card that fits the top card, the same suit or the same rank."]
        self.show()

    def play(self, action) -> None:
        """The learner's move, then the computer's moves until it is the learner's turn again."""
        game = self.game
        self._apply(action)
        while not game.over and game.to_move != 0:
            self._apply(self.agents[game.to_move].choose(self.views[game.to_move]))
        if game.over:
            self.lines.append(self.voice.result(game.result))
        self.show()
        # The cards pressed are drawn anew: the keyboard's focus goes back to the hand, or to a new game.
        if game.over or not self.hand.buttons:
            self.new_game.focus()
        else:
            self.hand.focus_first()

    def _apply(self, action) -> None:
        game = self.game
        before = len(game.log)
        game.apply(action)
        self.lines += self.voice.tell(self.views[0].log[before:])

    def show(self) -> None:
        game = self.game
        self.table.show(PlayerView(game, 0), hands=others_only(game, 0))
        words = HAND_WORDS["over"] if game.over else HAND_WORDS["play"]
        self.hand_title.value = words.format(cards=count(len(game.hands[0])))
        self.hand.on_action = self.play
        self.hand.show(game, 0)
        legal = {action.kind for action in game.legal_actions()} if game.to_move == 0 and not game.over else set()
        self.draw_button.disabled = "draw" not in legal
        self.pass_button.disabled = "pass" not in legal
        recent = self.lines[-8:]
        self.story.value = (
            '<div role="log" aria-live="polite">'
            + "".join(f"<p>{html.escape(line)}</p>" for line in recent[:-1])
            + (f"<p><b>{html.escape(recent[-1])}</b></p>" if recent else "")
            + "</div>"
        )


# A term takes its own line, the whole width of the page (the notebook's sheet floats terms into a
# narrow column, which wraps a two-word term a word a line on a phone).
GLOSSARY_STYLE = (
    "<style>.matatu-glossary dt,.matatu-glossary dd{float:none !important;width:auto !important}"
    ".matatu-glossary dt{clear:both;margin:10px 0 2px}</style>"
)


class Glossary(FollowsRuleset, widgets.VBox):
    """Every word of the game, defined once; where the rules text says more, the page's ruleset's own sentence."""

    def __init__(self, ruleset: str | None = None):
        self.terms = widgets.HTML()
        super().__init__([self.terms])
        self.add_class("matatu-glossary")
        self.follow_ruleset(ruleset)
        self.draw()

    def redraw(self) -> None:
        self.draw()

    def draw(self) -> None:
        label = ruleset_name(self.ruleset)
        items = []
        for entry in load_glossary(self.rules):
            own = (
                f'<br><span class="matatu-note">In {html.escape(label)}: {html.escape(entry["ruleset_words"])}</span>'
                if entry["ruleset_words"]
                else ""
            )
            anchor = entry["term"].replace(" ", "-")
            items.append(
                f'<dt id="{anchor}"><b>{html.escape(entry["term"])}</b></dt>'
                f'<dd style="margin:0 0 10px 16px">{html.escape(entry["definition"])}{own}</dd>'
            )
        self.terms.value = f"{GLOSSARY_STYLE}<dl>{''.join(items)}</dl>"
