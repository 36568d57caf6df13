""" "Can you cut?" one puzzle at a time: answer buttons, feedback you can see, hints, and a score card per set.

With a learner (their name in the page's address), every answer is kept and rated: the first
try at a puzzle moves the learner's rating, and the set they start on is drawn near it. Without
one, the page keeps nothing. ``PuzzleCard`` is one puzzle on its own, for other pages to ask.
"""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from ..engine.cards import CARD_NAMES, RANK_OF, parse_card
from ..engine.errors import MatatuError
from ..engine.view import PlayerView, TeacherView
from ..store.progress import Progress, Rating
from ..teaching.lessons import HOME_PAGE, RULESET_CHOICES
from ..teaching.progress import HINT_COST, answer_puzzle, answer_words, draw_set, rating_words, signed
from ..teaching.puzzles import (
    LEVELS,
    QUESTION_TEXT,
    Puzzle,
    added_switches,
    answer_text,
    generate_puzzle,
    read_puzzles,
)
from ..teaching.ratings import PuzzleAnswer
from ..teaching.voice import COMPASS, card_name, count, seat_names
from .bounds import note_html, within
from .learner import carried_learner
from .lesson_views import NOT_KEPT
from .live import LiveHTML
from .navigation import FollowsRuleset, page_link
from .page import kernel_page
from .svg import STYLE
from .views import TableView

# A class works through sets of ten: "puzzle 3 of 10", then a score card.
SET_SIZE = 10
NONE_OF_THEM = "None of them"
LEVEL_NOTES = {
    "easy": "Easy: count your hand and compare it with the limit.",
    "medium": "Medium: the marker card, a suit named by an Ace, hands exactly on the limit.",
    "hard": "Hard: the master ace, pending picks, several sevens, the tie rules, and jokers where the deck has them.",
}

# A hint's cost, said on its button and again beside the hint.
HINT_WORDS = "Hint (counts as missed)"
SET_NUMBERS = 10**6  # the highest set number, the kernel's bound whatever the page's box says
LARGEST_UPLOAD = 1_000_000  # bytes: a teacher's puzzle file is a few kB


def _choices(puzzle: Puzzle) -> list[tuple[str, object]]:
    """The answer buttons of a puzzle: (label, what choosing it means)."""
    game = puzzle.game()
    seat = game.to_move
    if puzzle.question == "can_cut":
        return [("Yes, I can cut", True), ("No", False)]
    if puzzle.question == "which_card":
        sevens = [(card_name(card), [CARD_NAMES[card]]) for card in game.hands[seat] if RANK_OF[card] == 7]
        return [*sevens, (NONE_OF_THEM, [])]
    if puzzle.question == "hand_value":
        value = puzzle.answer["value"]
        spread = random.Random(f"{value}/{puzzle.position}").sample([-7, -3, -2, 2, 3, 5, 10], 3)
        options = sorted({value, *[max(0, value + offset) for offset in spread]})
        return [(str(option), option) for option in options]
    names = seat_names(game.players, viewer=seat)
    seats = [(name, (other,)) for other, name in enumerate(names)]
    return seats + [("A tie", "tie")]


def is_right(puzzle: Puzzle, choice: object) -> bool:
    """Whether a choice answers the puzzle; for "which card" the choice is the list of cards chosen ([]: none)."""
    answer = puzzle.answer
    if puzzle.question == "can_cut":
        return choice == answer["can_cut"]
    if puzzle.question == "which_card":
        return set(choice) == set(answer["cards"])
    if puzzle.question == "hand_value":
        return choice == answer["value"]
    winners = tuple(answer["winners"])
    return choice == winners or (choice == "tie" and len(winners) > 1)


def _said(puzzle: Puzzle, choice: object) -> str:
    """A learner's choice in words, as the answer buttons name it."""
    if puzzle.question == "which_card":
        return " and ".join(card_name(parse_card(card)) for card in choice) if choice else NONE_OF_THEM.lower()
    return next(label for label, option in _choices(puzzle) if option == choice)


def verdict_html(kind: str, title: str, lines: list[str]) -> str:
    """Feedback in a coloured box that also says it in words; a live region, so a screen reader hears it."""
    body = "".join(f"<p class='matatu-note'>{html.escape(line)}</p>" for line in lines)
    return (
        f'{STYLE}<div class="matatu-verdict {kind}" role="status" aria-live="polite">'
        f"<p><b>{html.escape(title)}</b></p>{body}</div>"
    )


# ------------------------------------------------------------------ the learner
def learner_note_html() -> str:
    """What a page without a learner says, once: nothing is kept, and where a name is given."""
    landing = html.escape(page_link(HOME_PAGE))
    return (
        f"<p class='matatu-note matatu-rating'>This page keeps nothing. Give your name on the "
        f'<a href="{landing}">landing page</a> to keep a puzzle rating and have your mistakes asked again.</p>'
    )


def rating_html(words: str) -> str:
    """The learner's rating line (the lesson's head says whose it is)."""
    return f"<p class='matatu-rating'><b>{html.escape(words)}</b></p>"


def not_kept(error: Exception) -> str:
    """A store that could not keep an answer, in one sentence: the page goes on without it."""
    return f"{NOT_KEPT} {error}"


class Keeping:
    """A widget that keeps the page's learner's answers: in ``progress`` when one was given (a test's,
    with its own clock), else in the page's store, opened when first needed."""

    given_progress: Progress | None = None

    def learner_progress(self) -> Progress:
        return self.given_progress if self.given_progress is not None else kernel_page().learners()


# ------------------------------------------------------------------ one puzzle
class PuzzleCard(widgets.VBox):
    """One puzzle: the question, the table, answer buttons, the verdict and a hint.

    What an answer does beyond its verdict (``judged``, which returns more lines for it), the
    words of the button that goes on (``then_words``) and where it goes (``go_on``) are the
    owner's: a set of puzzles, or the mistakes asked again.
    """

    def __init__(self, head: list[widgets.Widget] = (), foot: list[widgets.Widget] = ()):
        self.puzzle: Puzzle | None = None
        self.answered = False
        self.toggles: list[widgets.ToggleButton] = []
        self.question = widgets.HTML()
        self.table = TableView()
        self.answers = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.answers.add_class("matatu-answers")
        self.feedback = LiveHTML(layout=widgets.Layout(flex="1 1 20em"))  # heard as it comes
        # Said on the button, before it is pressed: a hint costs the puzzle, as on lichess.
        self.hint_button = widgets.Button(
            description=HINT_WORDS,
            icon="lightbulb-o",
            tooltip="A hint, without the answer; the puzzle then counts as missed",
            layout=widgets.Layout(width="auto"),
        )
        self.helped = False  # a hint was shown for this puzzle
        # Skip is small and plain until the puzzle is answered; then it is the way on.
        self.continue_button = widgets.Button(
            description="Skip",
            icon="forward",
            tooltip="The next puzzle of the set",
            layout=widgets.Layout(width="auto"),
        )
        self.continue_button.on_click(lambda _: self.go_on())
        self.hint_button.on_click(lambda _: self.show_hint())
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                *head,
                self.question,
                self.table,
                self.answers,
                widgets.HBox([self.feedback, self.hint_button, self.continue_button], layout=wrap),
                *foot,
            ]
        )

    # What the owner decides.
    def judged(self, puzzle: Puzzle, right: bool) -> list[str]:
        """The first answer to a puzzle shown: count or keep it; more lines for the verdict."""
        return []

    def then_words(self) -> tuple[str, str]:
        """The words and tooltip of the button that goes on, once the puzzle is answered."""
        return "Continue", "The next puzzle of the set"

    def go_on(self) -> None:
        """What the button under the verdict does."""

    def shown(self) -> None:
        """Called when a puzzle is shown or answered: the owner's counts follow."""

    # The puzzle.
    def show(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.answered = False
        game = puzzle.game()
        self.table.show(self._view(), marks=False)
        added = added_switches(puzzle)
        self.question.value = (
            (f"<p class='matatu-added-switches'><b>{html.escape(added)}</b></p>" if added else "")
            + f"<h3>{html.escape(QUESTION_TEXT[puzzle.question])}</h3>"
            f"<p class='matatu-note'>You sit at {COMPASS[game.players][game.to_move]}.</p>"
        )
        buttons = []
        if puzzle.question == "which_card":
            # Several sevens may cut: choose every card that can, or "None of them", then check.
            self.toggles = [
                widgets.ToggleButton(
                    description=label,
                    tooltip=("No card can cut" if label == NONE_OF_THEM else f"{label} can cut"),
                )
                for label, _ in _choices(puzzle)
            ]
            for toggle in self.toggles:
                toggle.observe(self._exclusive_none, names="value")
            check = widgets.Button(description="Check", button_style="info", tooltip="Check the cards chosen")
            check.on_click(lambda _: self.check_cards())
            buttons = [*self.toggles, check]
        else:
            self.toggles = []
            for label, choice in _choices(puzzle):
                button = widgets.Button(description=label, tooltip=f"Answer: {label}")
                button.on_click(lambda _, choice=choice: self.answer(choice))
                buttons.append(button)
        self.answers.children = buttons
        self.feedback.value = ""
        self.helped = False
        self.hint_button.disabled = self.continue_button.disabled = False
        self.continue_button.description, self.continue_button.button_style = "Skip", ""
        self.continue_button.tooltip = "Leave this puzzle unanswered and go to the next"
        self.shown()

    def clear(self) -> None:
        """No puzzle: the question, the table and the buttons are emptied."""
        self.question.value = ""
        self.table.clear()
        self.answers.children = []
        self.toggles = []
        self.hint_button.disabled = self.continue_button.disabled = True

    def _view(self) -> PlayerView:
        game = self.puzzle.game()
        # Only "who wins" reveals the other hands; otherwise the page holds what your seat can see.
        return TeacherView(game) if self.puzzle.question == "who_wins" else PlayerView(game, game.to_move)

    def _exclusive_none(self, change) -> None:
        """ "None of them" and a card cannot both be chosen: choosing one lets go of the other."""
        if not change["new"]:
            return
        chosen = change["owner"]
        for toggle in self.toggles:
            if toggle is not chosen and (NONE_OF_THEM in (toggle.description, chosen.description)):
                toggle.value = False

    def check_cards(self) -> bool | None:
        """Answer "which card" with the toggles pressed; nothing pressed is not an answer yet."""
        # Each toggle stands for the cards of its choice (none: "None of them"); its label is only words.
        pressed = [
            cards for toggle, (_, cards) in zip(self.toggles, _choices(self.puzzle), strict=True) if toggle.value
        ]
        if not pressed:
            self.feedback.value = verdict_html(
                "hint", "Choose an answer first.", [f"Press every card that can cut, or {NONE_OF_THEM}, then Check."]
            )
            return None
        return self.answer([card for cards in pressed for card in cards])

    def answer(self, choice: object) -> bool:
        """Judge a choice: the verdict, the marks on the buttons, and the table's marks now it is known."""
        puzzle = self.puzzle
        right = is_right(puzzle, choice)
        # After a hint a right answer is not the learner's alone: it counts as missed (score, rating, mistakes).
        more = [] if self.answered else self.judged(puzzle, right and not self.helped)
        self.answered = True
        title = ("✔ Right, with a hint: counted as missed." if self.helped else "✔ Right!") if right else "✘ Not quite."
        lines = [f"You answered: {_said(puzzle, choice)}.", f"The answer: {answer_text(puzzle)}", puzzle.explanation]
        self.feedback.value = verdict_html("right" if right else "wrong", title, [*lines, *more])
        self._mark_buttons(choice)
        # Now the answer is known, the table shows the chopper and the cards that may be laid.
        self.table.show(self._view(), marks=True)
        self.hint_button.disabled = True
        self.continue_button.description, self.continue_button.tooltip = self.then_words()
        self.continue_button.button_style = "primary"
        # The answer buttons closed with the answer: the keyboard's focus goes to the way on.
        self.continue_button.focus()
        self.shown()
        return right

    def _mark_buttons(self, choice: object) -> None:
        """The right answer gets a tick, a wrong choice a cross: a mark that is seen, not a colour only."""
        if self.toggles:
            wanted = self.puzzle.answer["cards"]
            for toggle, (_, cards) in zip(self.toggles, _choices(self.puzzle), strict=True):
                # A card's toggle, or "None of them" (no cards): right when what it stands for is the answer.
                if (set(cards) <= set(wanted)) if cards else not wanted:
                    toggle.button_style, toggle.icon = "success", "check"
                elif (set(cards) <= set(choice)) if cards else not choice:
                    toggle.button_style, toggle.icon = "danger", "times"
        else:
            for button, (_, option) in zip(self.answers.children, _choices(self.puzzle), strict=True):
                if is_right(self.puzzle, option):
                    button.button_style, button.icon = "success", "check"
                elif option == choice:
                    button.button_style, button.icon = "danger", "times"
        for button in self.answers.children:
            button.disabled = True

    def show_hint(self) -> None:
        self.helped = True
        self.feedback.value = verdict_html("hint", "💡 Hint", [self.puzzle.hint, HINT_COST])


# ------------------------------------------------------------------ the trainer
class PuzzleTrainer(FollowsRuleset, Keeping, PuzzleCard):
    """Pick a level; answer by clicking; see why. "Try set N" gives a class the same ten puzzles.

    Puzzles are generated for a preset, in its default mode (no level adds a switch): the
    one given, else the preset of the ruleset the page carries. In a lesson (``lesson``), a right
    answer opens the way on. With a learner, the first set is "Your set", drawn near their
    rating, and every answer is kept (in ``progress``, when given: a test's store).
    """

    def __init__(
        self,
        preset: str | None = None,
        level: str = "easy",
        set_number: int = 1,
        lesson: str | None = None,
        progress: Progress | None = None,
    ):
        self.lesson = lesson
        self.given_progress = progress
        self.custom: list[Puzzle] | None = None
        self.own = False  # the set is the learner's own, drawn near their rating
        self.draws = 0  # own sets drawn on this page: each draw is seeded by its number
        self.set_start: Rating | None = None  # the learner's rating when the set began
        self.rating = widgets.HTML()
        # Radio buttons: a screen reader says which level is chosen. None chosen: the learner's own set.
        self.level = widgets.RadioButtons(
            options=[(name.capitalize(), name) for name in LEVELS],
            value=level,
            description="Level",
            orientation="horizontal",
            layout=widgets.Layout(width="auto"),
        )
        self.last_level = level
        self.level_note = widgets.HTML()
        self.set_number = widgets.BoundedIntText(
            value=set_number,
            min=0,
            max=SET_NUMBERS,
            description="Set number",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="12em"),
            tooltip="Everyone who picks the same set gets the same puzzles",
        )
        self.try_set = widgets.Button(
            description="Try set", icon="users", tooltip="Start this set from its first puzzle"
        )
        self.own_set = widgets.Button(
            description="New set near my rating",
            icon="star",
            tooltip="Ten puzzles you have not tried, near your rating",
            layout=widgets.Layout(width="auto"),
        )
        self.progress = widgets.HTML()
        self.upload = widgets.FileUpload(
            accept=".json", multiple=False, description="Load puzzles", tooltip="Load puzzles written as JSON"
        )
        self.upload_note = widgets.HTML(
            "<p class='matatu-note'>Load puzzles written as JSON (the format is on the Class page). "
            "The class then works through them instead of a numbered set.</p>"
        )
        self.teachers = widgets.Accordion([widgets.VBox([self.upload_note, self.upload])], selected_index=None)
        self.teachers.set_title(0, "For teachers")
        self.try_set.on_click(lambda _: self.start_set())
        self.own_set.on_click(lambda _: self.start_own_set())
        self.level.observe(self._level_chosen, names="value")
        self.upload.observe(lambda change: self.load_file(), names="value")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        self.own_note = widgets.HTML()
        # A layout of its own: it is hidden without a learner, and a shared one would hide every row.
        self.own_row = widgets.HBox(
            [self.own_set, self.own_note], layout=widgets.Layout(flex_flow="row wrap", align_items="center")
        )
        super().__init__(
            head=[
                self.rating,
                self.own_row,
                widgets.HBox([self.level], layout=wrap),
                self.level_note,
                widgets.HBox([self.set_number, self.try_set], layout=wrap),
                self.progress,
            ],
            foot=[self.teachers],
        )
        self.follow_ruleset(preset)
        kernel_page().learner.listen(lambda _: self.redraw())
        self.redraw()

    @property
    def preset(self) -> str:
        """The preset the puzzles are made for (a table's own published ruleset, when one was given)."""
        return self.fixed or RULESET_CHOICES[self.ruleset][1]

    def redraw(self) -> None:
        """The learner's own set when the page has a learner whose store answers, else a numbered set."""
        self.own_row.layout.display = None if carried_learner() else "none"
        if not (carried_learner() and self.start_own_set()):
            self.start_set()

    # ------------------------------------------------------------- puzzles
    @property
    def set_size(self) -> int:
        return SET_SIZE if self.custom is None else len(self.custom)

    def start_set(self, custom: list[Puzzle] | None = None) -> None:
        """The first puzzle of the numbered set, or of a teacher's ``custom`` puzzles, with a fresh score."""
        self.own = False
        if self.level.value is None:
            self._choose_level(self.last_level)  # back from the learner's own set, which has every level
        _, clamped = within(self.set_number.value, 0, SET_NUMBERS, "The set number")
        level = html.escape(LEVEL_NOTES[self.level.value])
        self.own_note.value = ""
        self._begin(custom, f"<p class='matatu-note'>{level}</p>" + note_html(clamped))

    def start_own_set(self) -> bool:
        """A new set of the learner's own, drawn near their rating; False (and a sentence) if it cannot be."""
        try:
            drawn = draw_set(self.learner_progress(), carried_learner(), self.preset, SET_SIZE, seed=self.draws)
        except MatatuError as error:
            self.rating.value = verdict_html("wrong", "Your set could not be drawn.", [str(error)])
            return False
        if not drawn:
            return False  # every puzzle of this ruleset tried: the numbered sets remain
        self.draws += 1
        self.own = True
        # The level stays chosen: it is the one Try set starts, while this set mixes every level.
        self.own_note.value = (
            "<p class='matatu-note'>Your set: puzzles you have not tried yet, from every level, chosen near your "
            "rating. Try set starts a numbered set of the level chosen.</p>"
        )
        self._begin(drawn, "")
        return True

    def _choose_level(self, level: str | None) -> None:
        """Show a level chosen without starting its set (the caller starts the set it means)."""
        self.level.unobserve(self._level_chosen, names="value")
        self.level.value = level
        self.level.observe(self._level_chosen, names="value")

    def _level_chosen(self, change) -> None:
        if change["new"] is None:
            return  # a page cannot empty the level: the set goes on
        self.last_level = change["new"]
        self.start_set()

    def _begin(self, custom: list[Puzzle] | None, note: str) -> None:
        self.custom = custom
        self.level_note.value = note
        self.index = 0
        self.right = self.asked = self.streak = self.best = 0
        self.set_start = self._rating()
        self._show_rating()
        self.show(self._puzzle(0))

    def _puzzle(self, index: int) -> Puzzle:
        if self.custom is not None:
            return self.custom[index]
        set_number, _ = within(self.set_number.value, 0, SET_NUMBERS, "The set number")
        return generate_puzzle(self.preset, self.level.value, set_number, index)

    def next_puzzle(self) -> None:
        """The next puzzle of the set, or the score card after the last one."""
        if self.index + 1 >= self.set_size:
            self.show_score_card()
            return
        self.index += 1
        self.show(self._puzzle(self.index))

    go_on = next_puzzle

    def load_file(self) -> None:
        files = self.upload.value
        if not files:
            return
        upload = files[0]
        if len(upload["content"]) > LARGEST_UPLOAD:
            self.feedback.value = verdict_html(
                "wrong", "The file was not loaded.", [f"A puzzle file is at most {LARGEST_UPLOAD // 1000:,} kB."]
            )
            return
        try:
            puzzles = read_puzzles(bytes(upload["content"]).decode("utf-8"), upload["name"])
        except (MatatuError, UnicodeDecodeError) as error:
            message = str(error) if isinstance(error, MatatuError) else f"{upload['name']}: not a text file in UTF-8."
            self.feedback.value = verdict_html("wrong", "The file was not loaded.", [message])
            return
        self.start_set(puzzles)
        self.feedback.value = verdict_html(
            "hint",
            f"Loaded {count(len(puzzles), 'puzzle')} from {upload['name']}.",
            ["Try set goes back to the numbered sets."],
        )

    # ------------------------------------------------------------ answers
    def judged(self, puzzle: Puzzle, right: bool) -> list[str]:
        """Count the answer, open the way on in a lesson, and keep it for the learner."""
        self.asked += 1
        if right:
            if self.lesson is not None:
                kernel_page().practice.practised(self.lesson)
            self.right += 1
            self.streak += 1
            self.best = max(self.best, self.streak)
        else:
            self.streak = 0
        return self.keep(puzzle, right)

    def keep(self, puzzle: Puzzle, right: bool) -> list[str]:
        """Keep the learner's answer (a numbered set's puzzle with its set and number); its rating's move in words."""
        if not carried_learner():
            return []
        place = (None, None) if self.custom is not None else (self.set_number.value, self.index)
        try:
            answer: PuzzleAnswer = answer_puzzle(self.learner_progress(), carried_learner(), puzzle, right, *place)
        except MatatuError as error:
            return [not_kept(error)]
        words = answer_words(answer)
        self.rating.value = rating_html(words)
        kernel_page().answers.tell(answer)  # "Your mistakes" counts again
        return [words]

    def then_words(self) -> tuple[str, str]:
        if self.index + 1 >= self.set_size:
            return "See your score", "The score card of this set"
        return "Continue", "The next puzzle of the set"

    def _rating(self) -> Rating | None:
        """The learner's rating now (a new learner's before their first answer); None: no learner, or no store."""
        if not carried_learner():
            return None
        try:
            found = self.learner_progress().find(carried_learner())
        except MatatuError:
            return None
        return Rating() if found is None else found.rating

    def _show_rating(self) -> None:
        rating = self.set_start
        if not carried_learner():
            self.rating.value = learner_note_html()
        elif rating is not None:
            self.rating.value = rating_html(rating_words(rating.rating, deviation=rating.deviation))

    def show_score_card(self) -> None:
        """The end of a set: how many were right, the best streak, the rating's move, and what to do next."""
        where = (
            "your set"
            if self.own
            else "your teacher's puzzles"
            if self.custom is not None
            else f"set {self.set_number.value}"
        )
        skipped = self.set_size - self.asked
        lines = [f"{self.right} of {self.set_size} right; best streak {self.best}."]
        if skipped:
            lines.append(f"{skipped} skipped.")
        now = self._rating()
        if now is not None and self.set_start is not None:
            change = now.rating - self.set_start.rating
            lines.append(f"This set: {signed(change)}. {rating_words(now.rating, deviation=now.deviation)}")
        if carried_learner():
            lines.append("Press New set near my rating for ten more, or Try set for a numbered set.")
        else:
            lines.append("Press Try set to play a numbered set again, or choose another set number or level.")
        self.clear()
        self.question.value = f"<h3>Score card — {html.escape(where)}</h3>"
        kind = "right" if self.right * 2 >= self.set_size else "hint"
        self.feedback.value = verdict_html(kind, f"You finished {where}.", lines)
        self.progress.value = ""

    def shown(self) -> None:
        level = f" · {self.puzzle.level.capitalize()}" if self.own else ""
        self.progress.value = (
            f"<p class='matatu-note'><b>Puzzle {self.index + 1} of {self.set_size}</b>{html.escape(level)} · "
            f"Score: <b>{self.right} of {self.asked}</b> · streak {self.streak} · best streak {self.best}</p>"
        )
