"""The learner's path, step by step: which steps are done, which one is next, which come later, and
the stars each step was done with (lichess's Learn: up to three a step).

The steps are the six lessons, the coached first game, a game without help, a first set of
puzzles and a first game in a room. A step is done by the same rule everywhere (the landing
page, ``matatu-learn progress``, the class page):

- a lesson: a practice question answered right (``lesson_record``; the puzzles lesson: a puzzle
  right at the first try); three stars when the first answer was right, two after one wrong answer, one after more;
- the coached first game: finished (three stars);
- a game without help: a game finished at the first game's table without the coach, or at the
  Play table; two stars, three when won (alone or shared);
- a first set of puzzles: ``SET_SIZE`` puzzles tried; three stars for 80% right at the first try,
  two for half, one below;
- a game in a room: finished (three stars).

The next step is the first one not done; the path is finished when every step is done.

>>> [standing.state.value for standing in path_standing(None)][:3]
['next', 'later', 'later']
>>> len(STEPS), STEPS[6].id, STEPS[-1].page
(10, 'coached-game', 'rooms')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..store.progress import GamePlace, LearnerProgress, LessonRecord
from .lessons import LESSON_PATH, PATH_WORDS, RULESET_CHOICES, ruleset_name
from .pages import page

MOST_STARS = 3
PUZZLE_LESSON = page("can-you-cut").id  # the lesson whose practice is the puzzles
SET_SIZE = 10  # the puzzles of a set


class StepKind(StrEnum):
    LESSON = "lesson"
    COACHED_GAME = "coached-game"
    GAME_WITHOUT_HELP = "game-without-help"
    PUZZLE_SET = "puzzle-set"
    ROOM_GAME = "room-game"


class StepState(StrEnum):
    DONE = "done"
    NEXT = "next"
    LATER = "later"


@dataclass(frozen=True)
class Step:
    """One step of the path: its id (a lesson's is its page id), the page it is done on, its title."""

    id: str
    kind: StepKind
    page: str
    title: str


STEPS: tuple[Step, ...] = (
    *(Step(lesson, StepKind.LESSON, lesson, title) for lesson, title in LESSON_PATH),
    Step(StepKind.COACHED_GAME.value, StepKind.COACHED_GAME, page("first-game").id, page("first-game").title),
    Step(StepKind.GAME_WITHOUT_HELP.value, StepKind.GAME_WITHOUT_HELP, page("play").id, "A game without help"),
    Step(StepKind.PUZZLE_SET.value, StepKind.PUZZLE_SET, PUZZLE_LESSON, f"A first set of {SET_SIZE} puzzles"),
    Step(StepKind.ROOM_GAME.value, StepKind.ROOM_GAME, page("rooms").id, "A game in a room, with others"),
)

# Where a game counts as one played without help.
WITHOUT_HELP_PLACES = (GamePlace.WITHOUT_HELP, GamePlace.PLAY)


@dataclass(frozen=True)
class StepStanding:
    """Where the learner stands on one step: its state, and the stars it was done with (0: not done)
    and why."""

    step: Step
    state: StepState
    stars: int
    why: str  # the stars in words, "" while not done


def lesson_record(progress: LearnerProgress, lesson: str) -> LessonRecord | None:
    """A lesson's practice as the path counts it (None: not started); the puzzles lesson's is the
    learner's first tries at the puzzles, once they tried one."""
    if lesson == PUZZLE_LESSON and progress.puzzles_attempted:
        return LessonRecord(
            lesson, progress.puzzles_attempted, progress.puzzles_right, None, "", progress.puzzles_missed_first
        )
    return progress.lessons.get(lesson)


def _lesson_stars(missed: int) -> tuple[int, str]:
    if missed == 0:
        return 3, "right at the first try"
    return max(1, MOST_STARS - missed), f"right after {missed} wrong answer{'s' if missed != 1 else ''}"


def _share_stars(right: int, tried: int) -> int:
    return 3 if 5 * right >= 4 * tried else 2 if 2 * right >= tried else 1


def step_stars(step: Step, progress: LearnerProgress) -> tuple[int, str]:
    """The stars ``progress`` won on ``step`` (0 and "": not done yet), and why.

    >>> from matatu_learn.store.progress import LessonRecord, PlayedAt
    >>> from dataclasses import replace
    >>> nobody = LearnerProgress("Amina", {}, 0, 0, 1500.0, 350.0, 0, 0, None, 0, 0, 0, "t")
    >>> step_stars(STEPS[0], nobody)
    (0, '')
    >>> step_stars(STEPS[0], replace(nobody, lessons={"the-deal": LessonRecord("the-deal", 3, 1, "t", "t", 2)}))
    (1, 'right after 2 wrong answers')
    >>> step_stars(STEPS[7], replace(nobody, played={GamePlace.PLAY: PlayedAt(2, 1)}))
    (3, 'finished and won')
    """
    played = progress.played
    if step.kind is StepKind.LESSON:
        record = lesson_record(progress, step.id)
        return _lesson_stars(record.missed_first) if record is not None and record.done else (0, "")
    if step.kind is StepKind.COACHED_GAME:
        return (3, "finished") if GamePlace.COACHED in played else (0, "")
    if step.kind is StepKind.GAME_WITHOUT_HELP:
        finished = [played[place] for place in WITHOUT_HELP_PLACES if place in played]
        if not finished:
            return 0, ""
        return (3, "finished and won") if any(at.won for at in finished) else (2, "finished")
    if step.kind is StepKind.PUZZLE_SET:
        tried, right = progress.puzzles_attempted, progress.puzzles_right
        if tried < SET_SIZE:
            return 0, ""
        return _share_stars(right, tried), f"{right} of {tried} right at the first try"
    return (3, "finished") if GamePlace.ROOM in played else (0, "")


def path_standing(progress: LearnerProgress | None) -> list[StepStanding]:
    """Every step of the path for ``progress`` (None: nobody yet): done, the next, or later."""
    standings = []
    next_given = False
    for step in STEPS:
        stars, why = step_stars(step, progress) if progress is not None else (0, "")
        if stars:
            state = StepState.DONE
        elif not next_given:
            state, next_given = StepState.NEXT, True
        else:
            state = StepState.LATER
        standings.append(StepStanding(step, state, stars, why))
    return standings


def steps_done(standings: Sequence[StepStanding]) -> int:
    return sum(standing.state is StepState.DONE for standing in standings)


def next_step(standings: Sequence[StepStanding]) -> StepStanding | None:
    """The step to go on with; None: the path is finished."""
    return next((standing for standing in standings if standing.state is StepState.NEXT), None)


def where_next(progress: LearnerProgress | None) -> tuple[str, str]:
    """Where a learner goes on: the next step's page and the big link's words; at the end of the
    path, the puzzles, rated.

    >>> where_next(None)
    ('the-deal', 'Start lesson 1: The deal →')
    """
    step = next_step(path_standing(progress))
    if step is None:
        return PUZZLE_LESSON, PATH_STEP_WORDS["after"]
    number = STEPS.index(step.step) + 1
    if step.step.kind is StepKind.LESSON:
        words = PATH_WORDS["start" if number == 1 else "go on"]
        return step.step.page, words.format(number=number, title=step.step.title)
    return step.step.page, PATH_STEP_WORDS["go on"].format(title=step.step.title)


PATH_STEP_WORDS = {
    "heading": "Your path",
    "done": "Done",
    "next": "Next",
    "later": "Later",
    "stars": "{stars} of {most} stars: {why}",
    "count": "Steps done: {done} of {total}.",
    "go on": "Go on: {title} →",
    "finished": "You have finished the path!",
    "finished more": (
        "Every lesson, your first games and your first puzzles are done. What comes after is yours to choose:"
    ),
    "after": "Rated puzzles: Can you cut? →",
    "another ruleset": "Or learn another ruleset, from lesson 1:",
}

# What comes after the path: (page id, words); and another ruleset, from lesson 1.
AFTER_THE_PATH = (
    (PUZZLE_LESSON, "Rated puzzles, near your rating"),
    (page("rooms").id, "Play in a room with your class"),
    (page("play").id, "Play against stronger computer players"),
    (page("strategy-lab").id, "The strategy lab: why a move is good"),
)


def other_rulesets(ruleset: str) -> list[tuple[str, str]]:
    """The rulesets a learner who finished the path in ``ruleset`` may learn next: (choice, name).

    >>> other_rulesets("house")[0]
    ('house-jokers', 'House rules with jokers')
    """
    return [(choice, ruleset_name(choice)) for choice in RULESET_CHOICES if choice != ruleset]
