"""The strategy lab's widgets: each question's figure with a button that plays more games,
the cut-odds calculator, and the review of a recorded game.

The figures start from the precomputed studies shipped with the package; nothing heavy
runs until a button is pressed, and long work shows a tqdm bar.
"""

from __future__ import annotations

import base64
import html
import random
from pathlib import Path

import ipywidgets as widgets

from ..agents.choices import make_agent
from ..agents.simulate import play_round
from ..engine.cards import deck_for, parse_card, parse_cards
from ..engine.errors import MatatuError
from ..engine.round import Round
from ..engine.rules import Marker
from ..engine.view import PlayerView
from ..store.database import RecordedSeat, SeatKind
from ..strategy.odds import cut_odds, wait_odds
from ..strategy.precompute import draw, figure_choices, lab_study, shipped_figure
from ..strategy.questions import games_played, play_more
from ..strategy.review import DEFAULT_SAMPLES, flagged, review_round
from ..teaching.play import seat_player_words
from ..teaching.progress import FLAG_WORDS
from ..teaching.voice import ENDING_WORDS, Voice, action_words
from .bounds import bounded_text, note_html, within
from .page import kernel_page
from .svg import STYLE, card_html
from .views import HAND_WIDTH, RulesetPicker

ODDS_SAMPLES = 200_000
REVIEW_SAMPLES = (20, 400)  # deals a move: the kernel's bound, whatever the page's box says
LONGEST_CARDS = 200  # characters in a box of cards: a hand of twenty, written out in words
# What each figure shows, for readers who cannot see it (the alternative text of the image).
FIGURE_WORDS = {
    "cut_or_wait": "at your first chance to cut: the share of rounds won by cutting and by waiting, by points kept",
    "cut_limit": "how rounds end and how long they last under each cut limit",
    "card_cost": "how much more often a hand that holds each rank loses when someone else cuts",
    "round_ends": "how rounds end (out, cut or blocked) by ruleset and table size",
    "agent_ladder": "each computer player's win share against each other, with 95% intervals",
    "review": "your chance to win after each of your moves, with the moves that mattered marked",
}


def image_html(data: bytes, about: str) -> str:
    """A PNG figure as an image with alternative text (a widgets.Image cannot carry any)."""
    source = base64.b64encode(bytes(data)).decode("ascii")
    return (
        f'<img alt="Figure: {html.escape(about)}" style="max-width:860px;width:100%" '
        f'src="data:image/png;base64,{source}">'
    )


FLAG_STYLE = {"blunder": "background:#ffcdd2", "mistake": "background:#ffe0b2", "inaccuracy": "background:#fff9c4"}


def _problem(error: Exception) -> str:
    return f'<p class="matatu-note">✘ {html.escape(str(error))}</p>'


class StudyPanel(widgets.VBox):
    """One question of the lab: its figure, and a button that plays more games and redraws it.

    It opens on the study shipped with the package, whose figures were drawn when it was
    computed (so the page needs no plotting to open); where the figure is drawn per ruleset,
    a dropdown picks the ruleset, and more games are played for that ruleset only.
    """

    def __init__(self, name: str, more: int = 1000):
        self.name = name
        self.study = lab_study(name)
        self.shipped = True  # the figures on disk are this study's until more games are played
        self.more = more
        self.image = widgets.HTML()
        self.figure = b""  # the PNG drawn in ``image``
        self.status = widgets.HTML()
        self.progress = widgets.Output()
        self.button = widgets.Button(
            description=f"Play {more:,} more games",
            icon="play",
            tooltip=f"Play {more:,} more games for each setting shown, add them to the figure and redraw it",
            layout=widgets.Layout(width="auto"),
        )
        self.button.on_click(lambda _: self.play_more())
        choices = figure_choices(self.study)
        self.choice = None
        controls = [self.button]
        if choices != [None]:
            self.choice = widgets.Dropdown(options=choices, value=choices[0], description="Ruleset")
            self.choice.observe(lambda change: self.redraw(), names="value")
            controls.insert(0, self.choice)
        super().__init__(
            [
                widgets.HBox(controls, layout=widgets.Layout(flex_flow="row wrap")),
                self.status,
                self.progress,
                self.image,
            ]
        )
        self.redraw()

    @property
    def chosen(self) -> str | None:
        return self.choice.value if self.choice is not None else None

    def _shown(self, setting: dict) -> bool:
        return self.chosen is None or setting["ruleset"] == self.chosen

    def redraw(self) -> None:
        if self.shipped:
            self.figure = shipped_figure(self.name, self.chosen)
        else:
            from ..strategy.figures import png

            self.figure = png(draw(self.study, self.chosen))
        self.image.value = image_html(self.figure, FIGURE_WORDS[self.name])
        shown = [setting for setting in self.study["settings"] if self._shown(setting)]
        games = sum(games_played(setting) for setting in shown)
        self.status.value = f'<p class="matatu-note">{games:,} games in this figure ({len(shown)} settings, seed {self.study["seed"]}).</p>'

    def play_more(self, progress: bool = True) -> None:
        """Play ``more`` games for every setting shown (after those already played), then redraw."""
        self.button.disabled = True
        try:
            with self.progress:
                self.study = play_more(self.study, self.more, progress=progress, only=self._shown)
            self.progress.clear_output()
            self.shipped = False
            self.redraw()
        finally:
            self.button.disabled = False


def cut_or_wait_panel() -> StudyPanel:
    return StudyPanel("cut_or_wait", 1000)


def cut_limit_panel() -> StudyPanel:
    return StudyPanel("cut_limit", 250)


def card_cost_panel() -> StudyPanel:
    return StudyPanel("card_cost", 1000)


def round_ends_panel() -> StudyPanel:
    return StudyPanel("round_ends", 250)


def agent_ladder_panel() -> StudyPanel:
    return StudyPanel("agent_ladder", 20)


# ------------------------------------------------------------------ the odds calculator
class OddsCalculator(widgets.VBox):
    """Build a position — ruleset, your hand, the pile's top card, the others' hand sizes — and see the cut odds.

    The position is a real round with seat 0 to move; the other hands are filled with cards
    you cannot see, and the odds are counted from seat 0's view only.
    """

    def __init__(self, ruleset: str = "house", hand: str = "7♦ 3♣ 4♠", top: str = "9♦", others: str = "3"):
        self.ruleset = RulesetPicker(ruleset)
        self.hand = widgets.Text(value=hand, description="Your hand", continuous_update=False)
        self.top = widgets.Text(value=top, description="Pile top", continuous_update=False)
        self.marker = widgets.Text(value="6♦", description="Marker", continuous_update=False)
        self.others = widgets.Text(
            value=others,
            description="Others hold",
            continuous_update=False,
            tooltip="The number of cards in each other hand, e.g. 3 5",
        )
        self.wait_button = widgets.Button(
            description="Cut now or wait?",
            icon="hourglass-half",
            tooltip="Play 2,000 imagined rounds both ways: cutting now, and waiting one more turn",
            layout=widgets.Layout(width="auto"),
        )
        self.position = widgets.HTML()
        self.answer = widgets.HTML()
        for control in (self.ruleset, self.hand, self.top, self.marker, self.others):
            control.observe(lambda change: self.update(), names="value")
        self.wait_button.on_click(lambda _: self.compare_waiting())
        help_text = widgets.HTML(
            '<p class="matatu-note">Cards as <code>7♦</code> or <code>7d</code>, separated by spaces; '
            "the marker is the base card (house) or the cutter (uganda); the others' hands as sizes, e.g. "
            "<code>3 5</code> for two opponents.</p>"
        )
        # On a phone each row wraps and each box keeps to the screen's width, its label whole.
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        for box in (self.hand, self.top, self.marker, self.others):
            box.style = {"description_width": "initial"}
            box.layout = widgets.Layout(width="auto", max_width="100%")
        super().__init__(
            [
                widgets.HBox([self.ruleset, self.marker], layout=wrap),
                widgets.HBox([self.hand, self.top, self.others], layout=wrap),
                help_text,
                self.position,
                self.answer,
                widgets.HBox([self.wait_button]),
            ]
        )
        self.update()

    def game(self) -> Round:
        """The position the controls describe, seat 0 to move; a ``MatatuError`` says what is wrong."""
        rules = self.ruleset.rules
        for box in (self.hand, self.top, self.marker, self.others):
            bounded_text(box.value, LONGEST_CARDS, box.description)
        hand = parse_cards(self.hand.value)
        if not hand:
            raise MatatuError("Give your hand: one or more cards, e.g. 7♦ 3♣ 4♠.")
        top = parse_card(self.top.value)
        words = self.others.value.replace(",", " ").split()
        if not words or not all(word.isdigit() and 1 <= int(word) <= 20 for word in words) or len(words) > 5:
            raise MatatuError(
                f"'{self.others.value}' is not a list of hand sizes: give 1 to 5 numbers from 1 to 20, e.g. 3 5."
            )
        sizes = [int(word) for word in words]
        marker = parse_card(self.marker.value) if rules.marker is not Marker.NONE else None
        placed = set(hand) | {top} | ({marker} if rules.marker is Marker.CUTTER else set())
        if len(placed) < len(hand) + 1 + (rules.marker is Marker.CUTTER):
            raise MatatuError("A card is given twice: there is one deck, so each card can be in one place only.")
        rest = [card for card in deck_for(rules.jokers) if card not in placed]
        # The other hands hold cards seat 0 cannot see; which ones does not change its odds.
        random.Random(0).shuffle(rest)
        if sum(sizes) > len(rest):
            raise MatatuError(f"The other hands hold {sum(sizes)} cards, but only {len(rest)} are left in the deck.")
        hands = [hand]
        for size in sizes:
            hands.append(rest[:size])
            del rest[:size]
        return Round.from_position(rules, hands, pile=[top], marker=marker, stock=rest)

    def update(self) -> None:
        marker = self.ruleset.rules.marker
        self.marker.layout.display = "none" if marker is Marker.NONE else None
        self.marker.description = "Base card" if marker is Marker.BASE else "Cutter"
        self.answer.value = ""
        try:
            game = self.game()
        except MatatuError as error:
            self.position.value = _problem(error)
            return
        view = PlayerView(game, 0)
        self.position.value = (
            f'{STYLE}<div class="matatu-row">{"".join(card_html(card, HAND_WIDTH) for card in view.hand)}'
            f'<span class="matatu-note" style="align-self:center">on the pile</span>{card_html(view.top, HAND_WIDTH)}</div>'
            f'<p class="matatu-note">Your hand counts {view.total()}; the others hold '
            f"{', '.join(str(size) for size in view.hand_sizes[1:])} cards.</p>"
        )
        try:
            odds = cut_odds(view, samples=ODDS_SAMPLES, seed=0)
        except MatatuError as error:
            self.answer.value = _problem(error)
            self.wait_button.disabled = True
            return
        self.wait_button.disabled = False
        bar = "".join(
            f'<span title="{label}" style="display:inline-block;height:14px;width:{share * 300:.1f}px;background:{colour}"></span>'
            for share, label, colour in (
                (odds.p_win, "wins", "#2e7d32"),
                (odds.p_tie, "ties", "#f9a825"),
                (odds.p_lose, "loses", "#c62828"),
            )
        )
        self.answer.value = (
            f"<p><b>{html.escape(odds.sentence())}</b></p>"
            f'<div role="img" aria-label="wins {odds.p_win:.0%}, ties {odds.p_tie:.0%}, loses {odds.p_lose:.0%}">{bar}</div>'
        )

    def compare_waiting(self) -> None:
        """Cutting now against waiting one turn, on sampled rounds played out by the heuristic."""
        try:
            odds = wait_odds(PlayerView(self.game(), 0))
        except MatatuError as error:
            self.answer.value += _problem(error)
            return
        self.answer.value += (
            f'<p class="matatu-note">Over {odds.samples:,} imagined rounds: cutting now wins {odds.now_win:.0%}; '
            f"waiting one turn ({html.escape(str(odds.action))}), then playing on, wins {odds.wait_win:.0%}. "
            f"Waiting did better in {odds.better:.0%} of them and worse in {odds.worse:.0%}.</p>"
        )


# ------------------------------------------------------------------ the review of a game
def _human_seat(seats: tuple[RecordedSeat, ...]) -> int:
    """The seat a person played, else seat 0."""
    for number, seat in enumerate(seats):
        if seat.kind is SeatKind.PERSON:
            return number
    return 0


def moves_table_html(review: dict) -> str:
    """The learner's moves beside the best ones found, flagged rows coloured."""
    rows = []
    for index, move in enumerate(review["moves"], 1):
        style = FLAG_STYLE.get(move["label"], "")
        best = "—" if move["best"] == move["played"] else html.escape(action_words(move["best"]))
        rows.append(
            f'<tr style="{style}"><td>{index}</td><td>{html.escape(action_words(move["played"]))}</td><td>{move["played_chance"]:.0%}</td>'
            f"<td>{best}</td><td>{move['best_chance']:.0%}</td><td>{move['cost']:.0%}</td><td>{move['label']}</td></tr>"
        )
    header = (
        "<tr><th>your move</th><th>you played</th><th>chance after it</th><th>best move found</th>"
        "<th>its chance</th><th>chance given away</th><th>verdict</th></tr>"
    )
    style = "<style>.matatu-review td,.matatu-review th{padding:2px 10px;text-align:left}</style>"
    return f'{style}<table class="matatu-note matatu-review" style="border-collapse:collapse">{header}{"".join(rows)}</table>'


def review_summary_html(review: dict) -> str:
    mattered = flagged(review)
    counts = {label: sum(move["label"] == label for move in review["moves"]) for label in FLAG_STYLE}
    said = ", ".join(f"{count} {FLAG_WORDS[label][count != 1]}" for label, count in counts.items())
    if not mattered:
        return f"<p>No blunders or mistakes in {len(review['moves'])} moves ({said}).</p>"
    worst = mattered[0]
    return (
        f"<p>{len(review['moves'])} moves: {said}. The costliest: your move {review['moves'].index(worst) + 1}, "
        f"<b>{html.escape(worst['played'])}</b>, gave away {worst['cost']:.0%} of your chance; "
        f"<b>{html.escape(worst['best'])}</b> was better.</p>"
    )


class GameReview(widgets.VBox):
    """Pick a recorded game and a seat (or play a quick one), then see the chance-to-win curve and the flagged moves."""

    def __init__(self, database: str | Path | None = None, samples: int = DEFAULT_SAMPLES):
        self.database = database
        self.game_id = widgets.Dropdown(description="Game", layout=widgets.Layout(width="420px", max_width="100%"))
        self.seat = widgets.Dropdown(description="Your seat", layout=widgets.Layout(width="240px", max_width="100%"))
        # A number box, not a slider: a slider's handle has no accessible name.
        self.samples = widgets.BoundedIntText(
            value=samples,
            min=REVIEW_SAMPLES[0],
            max=REVIEW_SAMPLES[1],
            step=20,
            description="Deals a move",
            style={"description_width": "initial"},
        )
        self.quick_rules = RulesetPicker("house", modes=False)
        self.quick = widgets.Button(
            description="Play a quick game",
            icon="plus",
            layout=widgets.Layout(width="auto"),
            tooltip="South plays at random (a beginner), the others with the heuristic; the round is recorded",
        )
        self.review_button = widgets.Button(
            description="Review", icon="search", button_style="primary", tooltip="Review the chosen seat's moves"
        )
        self.message = widgets.HTML()
        self.progress = widgets.Output()
        self.image = widgets.HTML()  # empty until there is a review to draw
        self.figure = b""
        self.table = widgets.HTML()
        self.review: dict | None = None
        self.game_id.observe(lambda change: self.choose_game(change["new"]), names="value")
        self.quick.on_click(lambda _: self.play_quick_game())
        self.review_button.on_click(lambda _: self.run_review())
        super().__init__(
            [
                widgets.HBox([self.game_id, self.seat], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self.quick_rules, self.quick], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self.samples, self.review_button], layout=widgets.Layout(flex_flow="row wrap")),
                self.message,
                self.progress,
                self.image,
                self.table,
            ]
        )
        self.refresh()

    def refresh(self, chosen: int | None = None) -> None:
        try:
            store = kernel_page().database(self.database)
            records = store.games(None, 50)
        except MatatuError as error:
            self.message.value = _problem(error)
            return
        self.records = {record.id: record for record in records}
        self.game_id.options = [
            (f"Game {r.id}: {r.ruleset} version {r.version}, {r.players} players, {ENDING_WORDS[r.reason]}", r.id)
            for r in records
        ]
        if not records:
            self.message.value = '<p class="matatu-note">No recorded games yet: play a quick one.</p>'
        self.game_id.value = chosen if chosen in self.records else (records[0].id if records else None)

    def choose_game(self, game_id: int | None) -> None:
        if game_id is None:
            self.seat.options = []
            return
        record = self.records[game_id]
        voice = Voice(record.players)
        self.seat.options = [
            (f"{voice.seat(number)} ({seat_player_words(seat)})", number) for number, seat in enumerate(record.seats)
        ]
        self.seat.value = _human_seat(record.seats)
        self.message.value = (
            f'<p class="matatu-note">Game {record.id}: {len(record.actions)} moves, deal number {record.seed}; '
            f"{html.escape(voice.winners(record.winners))}.</p>"
        )

    def play_quick_game(self, players: int = 3) -> int | None:
        """Deal a round of the chosen ruleset, South playing at random and the others with the heuristic; record it.

        None (with the reason on the page) when this page has recorded as many games as it may."""
        names = ["random"] + ["heuristic"] * (players - 1)
        try:
            kernel_page().writes.spend("game")
        except MatatuError as error:
            self.message.value = f'<p class="matatu-note" role="status">{html.escape(str(error))}</p>'
            return None
        store = kernel_page().database(self.database)
        published = store.ruleset(self.quick_rules.preset)
        seed = random.SystemRandom().randrange(2**32)
        game = Round(published.rules, players, seed)
        play_round(game, [make_agent(name, seed + seat) for seat, name in enumerate(names)])
        game_id = store.record(game, published.name, published.version, [RecordedSeat.computer(name) for name in names])
        self.refresh(game_id)
        return game_id

    def run_review(self, progress: bool = True) -> dict | None:
        if self.game_id.value is None:
            self.message.value = '<p class="matatu-note">Choose a game first, or play a quick one.</p>'
            return None
        record = self.records[self.game_id.value]
        samples, clamped = within(self.samples.value, *REVIEW_SAMPLES, "Deals a move")
        self.review_button.disabled = True
        try:
            store = kernel_page().database(self.database)
            rules = store.rules(record.ruleset, record.version)
            with self.progress:
                review = review_round(
                    rules,
                    record.players,
                    record.seed,
                    record.leader,
                    record.actions,
                    self.seat.value,
                    samples=samples,
                    progress=progress,
                )
            self.progress.clear_output()
        except MatatuError as error:
            self.message.value = note_html(clamped) + _problem(error)
            return None
        finally:
            self.review_button.disabled = False
        from ..strategy.figures import png, review_figure

        self.review = review
        self.figure = png(review_figure(review))
        self.image.value = image_html(self.figure, FIGURE_WORDS["review"])
        self.message.value = note_html(clamped) + review_summary_html(review)
        self.table.value = moves_table_html(review)
        return review


__all__ = [
    "GameReview",
    "OddsCalculator",
    "StudyPanel",
    "agent_ladder_panel",
    "card_cost_panel",
    "cut_limit_panel",
    "cut_or_wait_panel",
    "round_ends_panel",
]
