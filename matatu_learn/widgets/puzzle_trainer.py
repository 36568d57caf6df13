""" "Can you cut?" one puzzle at a time: answer buttons, instant feedback, hints, a tally and a streak."""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from ..engine.cards import CARD_NAMES
from ..engine.errors import MatatuError
from ..engine.view import PlayerView, TeacherView
from ..teaching.puzzles import LEVELS, QUESTION_TEXT, RULE_WORDS, Puzzle, generate_puzzle, read_puzzles
from .views import RulesetPicker, TableView


def _choices(puzzle: Puzzle) -> list[tuple[str, object]]:
    """The answer buttons of a puzzle: (label, what choosing it means)."""
    game = puzzle.game()
    seat = game.to_move
    if puzzle.question == "can_cut":
        return [("Yes, I can cut", True), ("No", False)]
    if puzzle.question == "which_card":
        return [(CARD_NAMES[card], CARD_NAMES[card]) for card in game.hands[seat] if card.rank == 7]
    if puzzle.question == "hand_value":
        value = puzzle.answer["value"]
        spread = random.Random(f"{value}/{puzzle.position}").sample([-7, -3, -2, 2, 3, 5, 10], 3)
        options = sorted({value, *[max(0, value + offset) for offset in spread]})
        return [(str(option), option) for option in options]
    seats = [(f"Seat {other}" + (" (you)" if other == seat else ""), (other,)) for other in range(game.players)]
    return seats + [("A tie", "tie")]


def is_right(puzzle: Puzzle, choice: object) -> bool:
    answer = puzzle.answer
    if puzzle.question == "can_cut":
        return choice == answer["can_cut"]
    if puzzle.question == "which_card":
        return set(choice) == set(answer["cards"])  # the cards chosen; none chosen means "none can cut"
    if puzzle.question == "hand_value":
        return choice == answer["value"]
    winners = tuple(answer["winners"])
    return choice == winners or (choice == "tie" and len(winners) > 1)


class PuzzleTrainer(widgets.VBox):
    """Pick a ruleset and a level; answer by clicking; see why. "Try set N" gives a class the same puzzles."""

    def __init__(self, preset: str = "house", level: str = "easy", set_number: int = 1):
        # Puzzles are generated for the presets, each in its default mode (a level may switch jokers on).
        self.ruleset = RulesetPicker(preset, modes=False)
        self.level = widgets.ToggleButtons(
            options=list(LEVELS),
            value=level,
            description="Level",
            tooltips=[
                "count and compare",
                "markers, named suits, exactly on the limit",
                "jokers, the master ace, picks, several sevens, tie rules",
            ],
        )
        self.set_number = widgets.BoundedIntText(
            value=set_number,
            min=0,
            max=10**6,
            description="Set",
            tooltip="Everyone who picks the same set gets the same puzzles",
        )
        self.try_set = widgets.Button(
            description="Try set", icon="users", tooltip="Start this set from its first puzzle"
        )
        self.new_puzzle = widgets.Button(
            description="New puzzle", icon="forward", button_style="primary", tooltip="The next puzzle of the set"
        )
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o", tooltip="A hint, without the answer")
        self.question = widgets.HTML()
        self.table = TableView()
        self.answers = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.feedback = widgets.HTML()
        self.tally = widgets.HTML()
        self.upload = widgets.FileUpload(
            accept=".json", multiple=False, description="Teacher's file", tooltip="Load puzzles written as JSON"
        )
        self.try_set.on_click(lambda _: self.start_set())
        self.new_puzzle.on_click(lambda _: self.next_puzzle())
        self.hint_button.on_click(lambda _: self.show_hint())
        self.ruleset.observe(lambda change: self.start_set(), names="value")
        self.level.observe(lambda change: self.start_set(), names="value")
        self.upload.observe(lambda change: self.load_file(), names="value")
        self.right = self.asked = self.streak = self.best = 0
        super().__init__(
            [
                widgets.HBox([self.ruleset, self.level]),
                widgets.HBox([self.set_number, self.try_set, self.new_puzzle, self.hint_button]),
                self.tally,
                self.question,
                self.table,
                self.answers,
                self.feedback,
                self.upload,
            ]
        )
        self.start_set()

    # ------------------------------------------------------------- puzzles
    def start_set(self) -> None:
        self.custom: list[Puzzle] | None = None
        self.index = 0
        self.show(self._generated(0))

    def _generated(self, index: int) -> Puzzle:
        return generate_puzzle(self.ruleset.value, self.level.value, self.set_number.value, index)

    def next_puzzle(self) -> None:
        self.index += 1
        if self.custom is not None:
            self.show(self.custom[self.index % len(self.custom)])
        else:
            self.show(self._generated(self.index))

    def load_file(self) -> None:
        files = self.upload.value
        if not files:
            return
        upload = files[0]
        try:
            puzzles = read_puzzles(bytes(upload["content"]).decode("utf-8"), upload["name"])
        except (MatatuError, UnicodeDecodeError) as error:
            message = str(error) if isinstance(error, MatatuError) else f"{upload['name']}: not a text file in UTF-8."
            self.feedback.value = f"<p>✘ {html.escape(message)}</p>"
            return
        self.custom, self.index = puzzles, 0
        self.feedback.value = f"<p>Loaded {len(puzzles)} puzzles from {html.escape(upload['name'])}.</p>"
        self.show(puzzles[0], keep_feedback=True)

    def show(self, puzzle: Puzzle, keep_feedback: bool = False) -> None:
        self.puzzle = puzzle
        self.answered = False
        game = puzzle.game()
        # Only "who wins" reveals the other hands; otherwise the page holds what your seat can see.
        self.table.show(TeacherView(game) if puzzle.question == "who_wins" else PlayerView(game, game.to_move))
        origin = (
            f"set {self.set_number.value}, puzzle {self.index + 1}"
            if self.custom is None
            else f"puzzle {self.index + 1}"
        )
        self.question.value = (
            f"<h3>{html.escape(QUESTION_TEXT[puzzle.question])}</h3>"
            f"<p class='matatu-note'>You are seat {game.to_move} · {puzzle.level} · {origin}</p>"
        )
        buttons = []
        if puzzle.question == "which_card":
            # Several sevens may cut: choose every card that can, or none, then check.
            self.toggles = [
                widgets.ToggleButton(description=label, tooltip=f"{label} can cut") for label, _ in _choices(puzzle)
            ]
            check = widgets.Button(
                description="Check", button_style="info", tooltip="Check the cards chosen (none: no card can cut)"
            )
            check.on_click(lambda _: self.answer([toggle.description for toggle in self.toggles if toggle.value]))
            buttons = [*self.toggles, check]
        else:
            for label, choice in _choices(puzzle):
                button = widgets.Button(description=label, tooltip=f"Answer: {label}")
                button.on_click(lambda _, choice=choice: self.answer(choice))
                buttons.append(button)
        self.answers.children = buttons
        if not keep_feedback:
            self.feedback.value = ""
        self._tally()

    # ------------------------------------------------------------ answers
    def answer(self, choice: object) -> bool:
        puzzle = self.puzzle
        right = is_right(puzzle, choice)
        if not self.answered:
            self.answered = True
            self.asked += 1
            if right:
                self.right += 1
                self.streak += 1
                self.best = max(self.best, self.streak)
            else:
                self.streak = 0
        rule = f" ({RULE_WORDS[puzzle.rule]})" if puzzle.question == "can_cut" and puzzle.rule else ""
        verdict = "✔ Right!" if right else "✘ Not quite."
        self.feedback.value = (
            f"<p><b>{verdict}</b>{html.escape(rule)}</p><p class='matatu-note'>{html.escape(puzzle.explanation)}</p>"
        )
        for button in self.answers.children:
            button.disabled = True
        self._tally()
        return right

    def show_hint(self) -> None:
        self.feedback.value = f"<p>💡 {html.escape(self.puzzle.hint)}</p>"

    def _tally(self) -> None:
        self.tally.value = (
            f"<p class='matatu-note'>Score: <b>{self.right} of {self.asked}</b> · "
            f"streak {self.streak} · best streak {self.best}</p>"
        )
