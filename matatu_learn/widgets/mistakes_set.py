""" "Your mistakes": the puzzles and lesson questions a learner got wrong, asked again when they are due.

A wrong answer comes back after a while; answered right twice, it leaves the list (the store
keeps the schedule: ``store.progress``). Each answer here is kept like any other, which moves
the item on. A puzzle is asked as the puzzles page asks it (``PuzzleCard``), a lesson question
as its lesson's practice does. Without a learner the widget says how to have one, and keeps nothing.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..engine.errors import MatatuError
from ..store.progress import Mistake, Progress
from ..teaching.lessons import Question
from ..teaching.progress import SET_SIZE, answer_lesson, answer_puzzle, answer_words, due_mistakes, mistakes_words
from ..teaching.puzzles import Puzzle
from .learner import carried_learner
from .lesson_views import QuestionView
from .page import kernel_page
from .puzzle_trainer import Keeping, PuzzleCard, learner_note_html, not_kept, verdict_html


class AskedAgain(PuzzleCard):
    """A puzzle asked again: its answer is kept by the mistakes set, which also says where to go on."""

    def __init__(self, owner: MistakesSet):
        self.owner = owner
        super().__init__()

    def judged(self, puzzle: Puzzle, right: bool) -> list[str]:
        return self.owner.keep_puzzle(puzzle, right)

    def then_words(self) -> tuple[str, str]:
        return self.owner.then_words()

    def go_on(self) -> None:
        self.owner.next_item()


class QuestionCard(QuestionView):
    """A lesson's practice question asked again, as the lesson asks it; its answer is kept by the mistakes set."""

    def __init__(self, owner: MistakesSet):
        self.owner = owner
        self.continue_button = widgets.Button(description="Skip", icon="forward", button_style="primary")
        self.continue_button.on_click(lambda _: owner.next_item())
        super().__init__()

    def show(self, question: Question) -> None:
        super().show(question, self.answer)

    def answer(self, key: str) -> bool:
        """Judge and keep an answer: the right buttons green, a wrong choice red, and why."""
        right = self.judge(key, close=True, then=self.continue_button)
        problem = self.owner.keep_lesson(right)
        self.kept.value = verdict_html("wrong", problem, []) if problem else ""
        self.continue_button.description, self.continue_button.tooltip = self.owner.then_words()
        return right


class MistakesSet(Keeping, widgets.VBox):
    """The learner's mistakes that are due, asked one by one; ``limit`` at a time.

    ``progress``: the store to keep answers in (a test's, with its own clock); else the page's.
    """

    def __init__(self, limit: int = SET_SIZE, progress: Progress | None = None):
        self.limit = limit
        self.given_progress = progress
        self.items: list[tuple[Mistake, Puzzle | Question]] = []
        self.index = 0
        self.status = widgets.HTML()
        self.status.add_class("matatu-mistakes-status")
        self.start_button = widgets.Button(
            description="Ask my mistakes again", icon="repeat", tooltip="The mistakes that are due now, one by one"
        )
        self.start_button.layout = widgets.Layout(width="auto", align_self="flex-start")  # not the page's width
        self.start_button.on_click(lambda _: self.start())
        self.puzzle_card = AskedAgain(self)
        self.question_card = QuestionCard(self)
        self.question_row = widgets.HBox([self.question_card.continue_button])
        super().__init__([self.status, self.start_button, self.puzzle_card, self.question_card, self.question_row])
        self.add_class("matatu-mistakes")
        context = kernel_page()
        context.learner.listen(lambda _: self.finish())
        context.answers.listen(lambda _: self.recount())
        self.finish()

    # ------------------------------------------------------------- the set
    def start(self) -> None:
        """Ask the mistakes due now, the longest due first; none due: say when they come back."""
        try:
            self.items = (
                due_mistakes(self.learner_progress(), carried_learner(), self.limit) if carried_learner() else []
            )
        except MatatuError as error:
            self.status.value = verdict_html("wrong", str(error), [])
            return
        self.index = 0
        if self.items:
            self.ask()
        else:
            self.finish()

    def ask(self) -> None:
        mistake, item = self.items[self.index]
        self.status.value = f"<p class='matatu-note'><b>Mistake {self.index + 1} of {len(self.items)}</b></p>"
        self.start_button.layout.display = "none"
        puzzle = mistake.kind == "puzzle"
        self._display(puzzle=puzzle, question=not puzzle)
        if puzzle:
            self.puzzle_card.show(item)
        else:
            self.question_card.show(item)
            self.question_card.continue_button.description = "Skip"

    def next_item(self) -> None:
        self.index += 1
        if self.index < len(self.items):
            self.ask()
        else:
            self.finish()

    def then_words(self) -> tuple[str, str]:
        if self.index + 1 < len(self.items):
            return "Next mistake", "The next mistake that is due"
        return "Done", "Back to the list of your mistakes"

    def finish(self) -> None:
        """No item asked: how many mistakes there are and how many are due, and the button to ask them."""
        self.items, self.index = [], 0
        self._display(puzzle=False, question=False)
        if not carried_learner():
            self.status.value = learner_note_html()
            self.start_button.layout.display = "none"
            return
        try:
            progress = self.learner_progress()
            queued = progress.mistakes(carried_learner())
            due = len(progress.mistakes_due(carried_learner()))
        except MatatuError as error:
            self.status.value = verdict_html("wrong", str(error), [])
            self.start_button.layout.display = "none"
            return
        next_in = min(mistake.due for mistake in queued) - progress.clock() if queued else None
        words = mistakes_words(len(queued), due, next_in)
        self.status.value = f"<p class='matatu-note'>{html.escape(words)}</p>"
        # Shown while any are queued: a mistake made on this page comes due while the page is open.
        self.start_button.layout.display = None if queued else "none"
        self.start_button.description = "Ask my mistakes again" if due else "Check again"

    def recount(self) -> None:
        """An answer was kept elsewhere on the page: count the mistakes again, unless some are being asked."""
        if not self.items:
            self.finish()

    def _display(self, puzzle: bool, question: bool) -> None:
        self.puzzle_card.layout.display = None if puzzle else "none"
        self.question_card.layout.display = self.question_row.layout.display = None if question else "none"

    # ------------------------------------------------------------ answers
    def keep_puzzle(self, puzzle: Puzzle, right: bool) -> list[str]:
        """Keep an answer to a puzzle asked again (which moves it on the list); the rating in words."""
        try:
            answer = answer_puzzle(self.learner_progress(), carried_learner(), puzzle, right)
        except MatatuError as error:
            return [not_kept(error)]
        return [answer_words(answer)]

    def keep_lesson(self, right: bool) -> str:
        """Keep an answer to a lesson question asked again; a sentence if it was not kept."""
        mistake, _ = self.items[self.index]
        ruleset, _, seed = mistake.key.rpartition("/")
        try:
            answer_lesson(self.learner_progress(), carried_learner(), mistake.lesson, ruleset, int(seed), right)
        except (MatatuError, ValueError) as error:
            return not_kept(error)
        return ""
