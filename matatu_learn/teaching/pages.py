"""Every page of the app, by a stable id: its notebook file, its title, its kind and its place on
the learner's path.

A learner's progress is kept by page id, never by file name, so a notebook can be renumbered or
renamed without losing anyone's lessons: only its ``file`` here changes. Links are made from the
file (``Page.link``), everything else from the id.

>>> page("scoring").file, page("scoring").place, [lesson.id for lesson in path()][:2]
('05-scoring', 5, ['the-deal', 'matching-and-turns'])
>>> page_of_file("08-play").id, page("first-game").kind
('play', <PageKind.GAME: 'game'>)
>>> page("cards")
Traceback (most recent call last):
...
matatu_learn.engine.errors.MatatuError: 'cards' is not a page; the pages are home, the-deal, matching-and-turns, special-cards, chopper-arithmetic, scoring, can-you-cut, first-game, play, strategy-lab, rules-and-history, your-table-rules, rooms, class, glossary.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..engine.errors import MatatuError


class PageKind(StrEnum):
    HOME = "home"  # the landing page
    LESSON = "lesson"  # a lesson of the path, with its practice
    PUZZLES = "puzzles"  # "Can you cut?": practice from start to end
    GAME = "game"  # a table to play at
    LAB = "lab"  # the strategy lab
    REFERENCE = "reference"  # rules, history, the glossary
    TEACHER = "teacher"  # the class page


@dataclass(frozen=True)
class Page:
    id: str  # stable: progress is kept by it
    file: str  # the notebook's file name, without ``.ipynb``
    title: str
    kind: PageKind
    place: int | None = None  # its place on the learner's path, from 1; None off the path

    @property
    def notebook(self) -> str:
        """The notebook's file name: ``05-scoring.ipynb``."""
        return f"{self.file}.ipynb"


PAGES = (
    Page("home", "index", "Learn Matatu", PageKind.HOME),
    Page("the-deal", "01-the-deal", "The deal", PageKind.LESSON, 1),
    Page("matching-and-turns", "02-matching-and-turns", "Matching and turns", PageKind.LESSON, 2),
    Page("special-cards", "03-special-cards", "Special cards", PageKind.LESSON, 3),
    Page("chopper-arithmetic", "04-chopper-arithmetic", "Chopper arithmetic", PageKind.LESSON, 4),
    Page("scoring", "05-scoring", "Scoring", PageKind.LESSON, 5),
    Page("can-you-cut", "06-can-you-cut", "Can you cut?", PageKind.PUZZLES, 6),
    Page("first-game", "07-first-game", "Your first game, with a coach", PageKind.GAME, 7),
    Page("play", "08-play", "Play against the computer", PageKind.GAME),
    Page("strategy-lab", "09-strategy-lab", "Strategy lab", PageKind.LAB),
    Page("rules-and-history", "10-rules-and-history", "Rules and history", PageKind.REFERENCE),
    Page("your-table-rules", "11-your-table-rules", "Your table's rules", PageKind.REFERENCE),
    Page("rooms", "12-rooms", "Rooms", PageKind.GAME),
    Page("class", "13-class", "The class", PageKind.TEACHER),
    Page("glossary", "glossary", "Glossary", PageKind.REFERENCE),
)
_BY_ID = {entry.id: entry for entry in PAGES}
_BY_FILE = {entry.file: entry for entry in PAGES}


def page(page_id: str) -> Page:
    """The page of this id, or a sentence listing the ids."""
    if page_id not in _BY_ID:
        raise MatatuError(f"{page_id!r} is not a page; the pages are {', '.join(_BY_ID)}.")
    return _BY_ID[page_id]


def page_of_file(file: str) -> Page:
    """The page whose notebook is ``file`` (without ``.ipynb``)."""
    if file not in _BY_FILE:
        raise MatatuError(f"{file!r} is not a page's notebook; the notebooks are {', '.join(_BY_FILE)}.")
    return _BY_FILE[file]


def path() -> tuple[Page, ...]:
    """The learner's path in order: the lessons, the puzzles, then the first game."""
    return tuple(sorted((entry for entry in PAGES if entry.place is not None), key=lambda entry: entry.place))
