"""The interactive pieces of the first lessons: the deal, turns, topics, the cut meter, a match.

Each is a thin view: positions, verdicts, weights and results all come from the engine.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..agents.choices import make_agent
from ..agents.simulate import play_round
from ..engine.cards import CARD_NAMES, SUIT_SYMBOLS, SUITS, parse_cards
from ..engine.errors import MatatuError
from ..engine.reference import card_values_block
from ..engine.round import Round
from ..engine.rules import PRESET_IDS, PRESETS, Marker
from ..engine.rules_text import marker_name, match_sentence, rules_sections
from ..engine.scoring import Match
from ..engine.view import PlayerView, TeacherView, views_of
from ..teaching.lessons import (
    RULESET_CHOICES,
    Question,
    cut_position,
    load_glossary,
    load_lesson,
    ordinary_position,
    practice_question,
    ruleset_rules,
    step_frames,
    topic_steps,
)
from ..teaching.voice import ENDING_WORDS, Voice, card_words, chopper_words, count, listed
from .bounds import bounded_text, note_html, within
from .navigation import CARRIED, carried_ruleset, follow
from .stepper import FrameStepper
from .svg import STYLE, cards_html
from .views import HAND_WIDTH, HandView, RulesetPicker, TableView


def _sentences(lines: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


class DealExplorer(widgets.VBox):
    """Deal any ruleset for 2-6 players from a seed, and see every part of the deal explained."""

    def __init__(self, ruleset: str | None = None, players: int = 3, seed: int = 1):
        self.picker = follow(RulesetPicker(ruleset or carried_ruleset()), ruleset)
        self.players = widgets.BoundedIntText(
            value=players, min=2, max=6, description="Players", layout=widgets.Layout(width="10em")
        )
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
        players, clamped = within(self.players.value, 2, 6, "Players")
        seed, clamped_seed = within(self.seed.value, 0, 10**9, "The seed")
        self.game = Round(rules, players, seed)
        # The deal explorer teaches the deal, so every hand is face up.
        self.table.show(TeacherView(self.game))
        game = self.game
        # This deal's facts, then the rules of the deal in the engine's own sentences.
        facts = [
            f"{len(game.hands)} hands of {rules.hand_size} cards; {len(game.stock)} cards stay in the stock, face down.",
            "The table is bare." if game.top is None else f"The opening card is {card_words(game.top)}.",
        ]
        if game.marker is not None:
            facts.append(f"The {marker_name(rules)} is {card_words(game.marker)}.")
        facts.append(f"The chopper: {chopper_words(game)}.")
        self.explanation.value = (
            note_html(clamped)
            + note_html(clamped_seed)
            + _sentences(facts)
            + "<p><b>The rules of the deal</b></p>"
            + _sentences(rules_sections(rules)["Deck and deal"])
        )
        self._show_stock()


class TurnExplorer(widgets.VBox):
    """A position of ordinary cards (no card with an effect yet): click any card of your hand to
    hear whether it can be played, and why."""

    def __init__(self, ruleset: str | None = None, seed: int = 3):
        self.picker = follow(RulesetPicker(ruleset or carried_ruleset()), ruleset)
        self.seed = seed
        self.new_position = widgets.Button(
            description="New position",
            icon="refresh",
            tooltip="Deal another position",
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
                widgets.HTML("<b>Your hand</b> — click a card:"),
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
        self.game = ordinary_position(rules, self.seed)
        self.rules_text.value = _sentences(rules_sections(rules)["A turn"])
        # The learner sits at seat 0: the table holds only what that seat could see.
        self.table.show(PlayerView(self.game, 0))
        self.hand.show(self.game, 0)
        self.moves.value = f"<p class='matatu-note'>{html.escape(without_a_card(self.game))}</p>"


class TopicLesson(widgets.VBox):
    """A ruleset picker and a topic picker over a lesson file; the stepper shows the chosen steps."""

    def __init__(self, lesson: str, ruleset: str | None = None, topic: str | None = None):
        self.lesson = lesson
        topics = load_lesson(lesson)["topics"]
        self.picker = follow(RulesetPicker(ruleset or carried_ruleset()), ruleset)
        self.topic = widgets.Dropdown(
            options=[(data["title"], key) for key, data in topics.items()],
            value=topic or next(iter(topics)),
            description="Topic",
        )
        self.stepper = FrameStepper(on_finish=self.next_topic)
        self.picker.observe(lambda change: self.refresh(), names="value")
        self.topic.observe(lambda change: self.refresh(), names="value")
        super().__init__([widgets.HBox([self.picker, self.topic]), self.stepper])
        self.refresh()

    def next_topic(self) -> None:
        """On to the topic after this one (after the last, back to the first)."""
        keys = [key for _, key in self.topic.options]
        self.topic.value = keys[(keys.index(self.topic.value) + 1) % len(keys)]

    def refresh(self) -> None:
        steps, why_not = topic_steps(self.lesson, self.topic.value, self.picker.value)
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


class CutMeter(widgets.VBox):
    """Build a hand and watch the cut meter: the total, what counts, the limit, and the engine's verdict."""

    def __init__(self, ruleset: str | None = None, hand: str = "7♦ K♣ 9♥"):
        self.picker = follow(RulesetPicker(ruleset or "house", modes=False), ruleset)
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
        self.marker_suit.layout.display = None if rules.marker is not Marker.NONE else "none"
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


def worked_examples_html() -> str:
    """Each worked example with the engine's own verdict."""
    items = []
    for preset, marker_suit, hand_text in WORKED_EXAMPLES:
        rules = PRESETS[preset]
        hand = parse_cards(hand_text)
        game = cut_position(rules, hand, marker_suit)
        chopper = next(card for card in hand if game.is_chopper(card))
        label = against_limit(game.cut_weight(0, chopper), rules.cut_limit)
        verdict = Voice(game.players, viewer=0).explain(game, f"cut {CARD_NAMES[chopper]}")
        mark = "✔" if game.is_legal(f"cut {CARD_NAMES[chopper]}") else "✘"
        marker = f", marker suit {SUIT_SYMBOLS[marker_suit]}" if rules.marker is not Marker.NONE else ""
        items.append(
            f"<li><b>{preset}</b>{marker}, hand {html.escape(hand_text)} — {label}: {mark} {html.escape(verdict)}</li>"
        )
    return "<ul>" + "".join(items) + "</ul>"


class MatchView(widgets.VBox):
    """A whole match played by the computer, round by round: points and running totals."""

    def __init__(self, ruleset: str | None = None, players: int = 3, seed: int = 7):
        # The presets whose rules play a match of several rounds (the others' rounds stand alone).
        matches = [
            name
            for name in PRESET_IDS
            if PRESETS[name].match_target is not None or PRESETS[name].match_rounds is not None
        ]
        self.picker = follow(RulesetPicker(ruleset or "uganda", choices=matches, description="Match"), ruleset)
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
        players, clamped = within(self.players.value, 2, 6, "Players")
        self.how.value += note_html(clamped)
        self.match = Match(rules, players, seed)
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
        head = "".join(f"<th>{names[seat]}</th>" for seat in seats)
        rows, running = [], [0] * match.players
        for number, result in enumerate(match.results, 1):
            for seat in seats:
                running[seat] += result.points[seat]
            cells = "".join(f"<td>{result.points[seat]} <small>(total {running[seat]})</small></td>" for seat in seats)
            winners = listed([voice.seat(seat) for seat in result.winners])
            rows.append(f"<tr><td>{number}</td><td>{ENDING_WORDS[result.reason]}</td><td>{winners}</td>{cells}</tr>")
        status = (
            f"<p><b>The match is over:</b> {voice.winners(match.winners)}.</p>"
            if match.over
            else f"<p>{count(match.rounds_played, 'round')} played.</p>"
        )
        self.table.value = (
            f"<table><thead><tr><th>round</th><th>ended</th><th>round won by</th>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>{status}"
        )
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
    """Right or wrong, in colour and in words, with the right answer and the engine's reason."""
    label = dict((key, label) for label, key in question.choices)[chosen]
    if chosen in question.right:
        verdict, css = f"✔ Right: {label}.", "matatu-right"
    else:
        verdict, css = f"✘ Not {label}: the answer is {question.answer_words()}.", "matatu-wrong"
    return (
        f'{FEEDBACK_STYLE}<div class="{css}" role="status"><b>{html.escape(verdict)}</b> '
        f"{html.escape(question.explanation)}</div>"
    )


def marker_card_html(game: Round) -> str:
    """The deal's marker card alone, named but not explained; or that these rules turn none up."""
    name = marker_name(game.rules)
    if name is None:
        return "<p>These rules turn up no marker card.</p>"
    return f'{STYLE}<div class="matatu-row"><p>The {html.escape(name)}:</p>{cards_html([game.marker], 64)}</div>'


class LessonPractice(widgets.VBox):
    """A lesson's practice task: a position, a question, one button per answer, and feedback you can see.

    Questions and answers come from the engine (``teaching.lessons.practice_question``); the
    ruleset is the one the page carries.

    >>> practice = LessonPractice("04-chopper-arithmetic", ruleset="house")
    >>> right = next(iter(practice.question.right))
    >>> practice.answer(right); "matatu-right" in practice.feedback.value
    True
    """

    def __init__(self, page: str, ruleset: str | None = None, seed: int = 1):
        self.page, self.seed, self.fixed = page, seed, ruleset
        self.prompt = widgets.HTML()
        self.marker_card = widgets.HTML()
        self.table = TableView()
        self.choices = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.feedback = widgets.HTML()
        self.score = widgets.HTML()
        self.another = widgets.Button(description="Another one", icon="refresh", tooltip="A new question")
        self.another.on_click(lambda _: self.ask(self.seed + 1))
        self.right_answers = self.answered = 0
        if ruleset is None:
            CARRIED.listen(lambda ruleset: self.ask(self.seed))
        super().__init__(
            [
                self.prompt,
                self.marker_card,
                self.table,
                self.choices,
                self.feedback,
                widgets.HBox([self.another, self.score]),
            ]
        )
        self.add_class("matatu-practice")
        self.ask(seed)

    @property
    def ruleset(self) -> str:
        return self.fixed or carried_ruleset()

    def ask(self, seed: int) -> None:
        self.seed = seed
        question = self.question = practice_question(self.page, self.ruleset, seed)
        self.prompt.value = f"<p><b>{html.escape(question.prompt)}</b></p>"
        game = question.game
        self.marker_card.value = marker_card_html(game) if question.marker_only else ""
        if question.marker_only:
            self.table.clear()
        else:
            # Without the marks under the cards: they would give the answer away.
            view = TeacherView(game) if question.viewer is None else PlayerView(game, question.viewer)
            self.table.show(view, marks=False, names=question.names or None)
        buttons = []
        for label, key in question.choices:
            button = widgets.Button(description=label, tooltip=f"Answer: {label}", layout=widgets.Layout(width="auto"))
            button.on_click(lambda _, key=key: self.answer(key))
            buttons.append(button)
        self.buttons = dict(zip((key for _, key in question.choices), buttons, strict=True))
        self.choices.children = buttons
        self.feedback.value = ""

    def answer(self, key: str) -> None:
        """Judge an answer: colour the buttons (the right ones green, a wrong choice red) and say why."""
        question = self.question
        self.answered += 1
        self.right_answers += key in question.right
        for choice, button in self.buttons.items():
            button.button_style = "success" if choice in question.right else "danger" if choice == key else ""
        self.feedback.value = feedback_html(question, key)
        self.score.value = f"<span class='matatu-note'>{self.right_answers} right of {self.answered}</span>"


class PracticeTable(widgets.VBox):
    """Lesson 2's practice table: ordinary cards only; click a card that fits to play it, and the computer answers.

    The learner sees the table from their own seat's view; the computer players choose from theirs.

    >>> table = PracticeTable(ruleset="house")
    >>> card = next(card for card in table.game.hands[0] if table.game.is_legal(f"play {CARD_NAMES[card]}"))
    >>> table.play(f"play {CARD_NAMES[card]}"); table.game.to_move == 0 or table.game.over
    True
    """

    def __init__(self, ruleset: str | None = None, seed: int = 1, players: int = 3):
        self.fixed, self.players = ruleset, players
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
        if ruleset is None:
            CARRIED.listen(lambda ruleset: self.deal(self.seed))
        super().__init__(
            [
                self.table,
                widgets.HTML("<b>Your hand</b> — click a green card to play it:"),
                self.hand,
                widgets.HBox([self.draw_button, self.pass_button, self.new_game]),
                self.story,
            ]
        )
        self.add_class("matatu-practice-table")
        self.deal(seed)

    def deal(self, seed: int) -> None:
        self.seed = seed
        rules = ruleset_rules(self.fixed or carried_ruleset())
        self.game = ordinary_position(rules, seed, self.players)
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

    def _apply(self, action) -> None:
        game = self.game
        before = len(game.log)
        game.apply(action)
        self.lines += self.voice.tell(self.views[0].log[before:])

    def show(self) -> None:
        game = self.game
        self.table.show(PlayerView(game, 0))
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


class Glossary(widgets.VBox):
    """Every word of the game, defined once; where the rules text says more, the carried ruleset's own sentence."""

    def __init__(self, ruleset: str | None = None):
        self.picker = follow(RulesetPicker(ruleset or carried_ruleset()), ruleset)
        self.terms = widgets.HTML()
        self.picker.observe(lambda change: self.draw(), names="value")
        super().__init__([self.picker, self.terms])
        self.add_class("matatu-glossary")
        self.draw()

    def draw(self) -> None:
        label = RULESET_CHOICES[self.picker.value][0]
        items = []
        for entry in load_glossary(self.picker.rules):
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
        self.terms.value = f"<dl>{''.join(items)}</dl>"
