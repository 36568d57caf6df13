"""Learners' progress, kept per learner in the database: no accounts, a name. SQL only: how a
rating moves and when a mistake is asked again are the teaching layer's (``teaching.ratings``,
``teaching.mistakes``); this module keeps what they decide.

A learner gives a name once (1 to 24 printable characters, trimmed; ``Amina`` and ``amina`` are
the same learner). Kept for each learner:

- **puzzle answers** — every attempt at a "Can you cut?" puzzle, the first one marked;
- **ratings** — the learner's and every puzzle's rating, deviation and volatility, and the
  history of each rated attempt, for the trend;
- **lesson practice** — each lesson question answered, right or wrong, and when, by the lesson's
  page id;
- **the mistakes queue** — the puzzles and lesson questions to ask again, each with when it is due;
- **played games** — each finished game a learner played, wherever (``GamePlace``: the coached
  first game, a game without help, the Play table, a room), and its result: kept as it ends;
- **graded games** — each finished game a learner played, graded once and kept: the error of
  every decision, the error rate, the counts, the luck.

The teaching layer writes an answer and what it changes inside one ``Database.write``
transaction, so two learners answering at once lose nothing.

>>> import tempfile, os
>>> from matatu_learn.store.database import Database
>>> with Database(os.path.join(tempfile.mkdtemp(), "progress.sqlite3")) as database:
...     progress = Progress(database, clock=lambda: 1_000_000.0)
...     progress.learner("  Amina ").name, progress.learner("AMINA").id == progress.learner("amina").id
('Amina', True)
"""

from __future__ import annotations

import json
import random
import time
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from . import database
from .schema import MIGRATIONS

# Learners' names: trimmed, runs of spaces made one, case-insensitive; text, never markup.
NAME_LIMIT = 24
NAME_REFUSED = '<>&"`\\'  # markup's characters, refused rather than escaped
KEY_LIMIT = 100  # a puzzle's key, a lesson's id or a question's key
# The rating a new learner's row holds: Glickman's unrated player (see ``teaching.ratings``).
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06

# The progress tables: the schema's third version.
PROGRESS_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE learners (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        folded TEXT NOT NULL UNIQUE,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        created_at TEXT NOT NULL,
        active_at TEXT NOT NULL
    )""",
    """CREATE TABLE puzzles (
        key TEXT PRIMARY KEY,
        ruleset TEXT NOT NULL,
        level TEXT NOT NULL,
        question TEXT NOT NULL,
        set_number INTEGER,
        number INTEGER,
        puzzle TEXT NOT NULL,
        seed_rating REAL NOT NULL,
        seed_deviation REAL NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        added_at TEXT NOT NULL
    )""",
    "CREATE INDEX puzzles_by_rating ON puzzles (ruleset, rating)",
    """CREATE TABLE puzzle_attempts (
        id INTEGER PRIMARY KEY,
        learner INTEGER NOT NULL REFERENCES learners (id),
        puzzle TEXT NOT NULL REFERENCES puzzles (key),
        right INTEGER NOT NULL,
        first INTEGER NOT NULL,
        answered_at TEXT NOT NULL
    )""",
    "CREATE UNIQUE INDEX one_first_attempt ON puzzle_attempts (learner, puzzle) WHERE first = 1",
    "CREATE INDEX attempts_by_learner ON puzzle_attempts (learner, puzzle)",
    """CREATE TABLE rating_changes (
        attempt INTEGER PRIMARY KEY REFERENCES puzzle_attempts (id),
        learner INTEGER NOT NULL REFERENCES learners (id),
        puzzle TEXT NOT NULL REFERENCES puzzles (key),
        learner_before REAL NOT NULL,
        learner_after REAL NOT NULL,
        learner_deviation REAL NOT NULL,
        learner_volatility REAL NOT NULL,
        puzzle_before REAL NOT NULL,
        puzzle_after REAL NOT NULL,
        puzzle_deviation REAL NOT NULL,
        rated_at TEXT NOT NULL
    )""",
    "CREATE INDEX rating_changes_by_learner ON rating_changes (learner, attempt)",
    """CREATE TABLE lesson_answers (
        id INTEGER PRIMARY KEY,
        learner INTEGER NOT NULL REFERENCES learners (id),
        lesson TEXT NOT NULL,
        question TEXT NOT NULL,
        right INTEGER NOT NULL,
        answered_at TEXT NOT NULL
    )""",
    "CREATE INDEX lesson_answers_by_learner ON lesson_answers (learner, lesson)",
    """CREATE TABLE mistakes (
        learner INTEGER NOT NULL REFERENCES learners (id),
        item TEXT NOT NULL,
        due REAL NOT NULL,
        streak INTEGER NOT NULL,
        misses INTEGER NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (learner, item)
    )""",
    """CREATE TABLE graded_games (
        game INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        learner INTEGER REFERENCES learners (id),
        decisions INTEGER NOT NULL,
        error_rate REAL NOT NULL,
        blunders INTEGER NOT NULL,
        mistakes INTEGER NOT NULL,
        inaccuracies INTEGER NOT NULL,
        result REAL NOT NULL,
        luck REAL NOT NULL,
        deal_luck REAL NOT NULL,
        played_like TEXT NOT NULL,
        grade TEXT NOT NULL,
        graded_at TEXT NOT NULL,
        PRIMARY KEY (game, seat)
    )""",
    "CREATE INDEX graded_games_by_learner ON graded_games (learner)",
)
MIGRATIONS.add(3, "progress", *PROGRESS_MIGRATION)

# Lessons were kept by their notebook's file name before pages had ids (``teaching.pages``); the
# files as they were then, and the page id each became. History: never edited.
LESSON_FILES_BEFORE_IDS = {
    "01-the-deal": "the-deal",
    "02-matching-and-turns": "matching-and-turns",
    "03-special-cards": "special-cards",
    "04-chopper-arithmetic": "chopper-arithmetic",
    "05-scoring": "scoring",
    "06-can-you-cut": "can-you-cut",
    "07-first-game": "first-game",
}


def _lessons_by_page_id(connection) -> None:
    """The migration to page ids: each lesson answer, and each lesson question in the mistakes queue
    (``lesson:FILE:KEY``), moves from its notebook's file name to its page's id."""
    for file, page in LESSON_FILES_BEFORE_IDS.items():
        connection.execute("UPDATE lesson_answers SET lesson = ? WHERE lesson = ?", (page, file))
        old = f"lesson:{file}:"
        connection.execute(
            "UPDATE mistakes SET item = ? || substr(item, ?) WHERE substr(item, 1, ?) = ?",
            (f"lesson:{page}:", len(old) + 1, len(old), old),
        )


MIGRATIONS.add(5, "progress", _lessons_by_page_id)


class GamePlace(StrEnum):
    """Where a learner played a game: the path counts each."""

    COACHED = "coached"  # the coached first game
    WITHOUT_HELP = "without-help"  # the first game's page, without the coach
    PLAY = "play"  # the Play table
    ROOM = "room"  # a room's table


# The games a learner played, wherever, kept as each ends (grading comes later, and may not come):
# the schema's eighth version. The games graded before it are taken in, at the Play table or in
# their room.
PLAYED_GAMES_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE played_games (
        game INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        learner INTEGER NOT NULL REFERENCES learners (id),
        place TEXT NOT NULL,
        result REAL NOT NULL,
        played_at TEXT NOT NULL,
        PRIMARY KEY (game, seat)
    )""",
    "CREATE INDEX played_games_by_learner ON played_games (learner, place)",
    """INSERT OR IGNORE INTO played_games (game, seat, learner, place, result, played_at)
       SELECT graded.game, graded.seat, graded.learner, CASE WHEN games.room != '' THEN 'room' ELSE 'play' END,
              graded.result, graded.graded_at
       FROM graded_games AS graded JOIN games ON games.id = graded.game WHERE graded.learner IS NOT NULL""",
)
MIGRATIONS.add(8, "played games", *PLAYED_GAMES_MIGRATION)


# ------------------------------------------------------------------ the gate
def learner_name(name: Any) -> str:
    """A learner's name as kept: trimmed, runs of spaces made one; or a ``RecordError`` saying why not
    (a line break, a control character or markup's ``<`` is refused, never escaped into the name).

    >>> learner_name("  Nakato   Sarah "), learner_name("Ógá")
    ('Nakato Sarah', 'Ógá')
    >>> learner_name("<b>Bo</b>")
    Traceback (most recent call last):
    ...
    matatu_learn.store.database.RecordError: A learner's name is 1 to 24 letters, digits, spaces and punctuation other than < > & " ` \\, with a letter or digit in it; '<b>Bo</b>' is not one.
    """
    if isinstance(name, str):
        name = " ".join(part for part in unicodedata.normalize("NFC", name).strip().split(" ") if part)
    if (
        not isinstance(name, str)
        or not 1 <= len(name) <= NAME_LIMIT
        or not name.isprintable()
        or set(NAME_REFUSED) & set(name)
        or not any(character.isalnum() for character in name)
    ):
        raise database.RecordError(
            f"A learner's name is 1 to {NAME_LIMIT} letters, digits, spaces and punctuation other than "
            f"{' '.join(NAME_REFUSED)}, with a letter or digit in it; {database.shown(name)} is not one."
        )
    return name


def folded(name: str) -> str:
    """The form two names are compared in: ``Amina`` and ``AMINA`` are one learner."""
    return learner_name(name).casefold()


def _key(value: Any, what: str) -> str:
    if (
        not isinstance(value, str)
        or not 1 <= len(value) <= KEY_LIMIT
        or not value.isprintable()
        or value != value.strip()
    ):
        raise database.RecordError(
            f"{what} must be 1 to {KEY_LIMIT} printable characters on one line, not {database.shown(value)}."
        )
    return value


def _right(value: Any) -> bool:
    if type(value) is not bool:
        raise database.RecordError(f"An answer is right (true) or wrong (false), not {database.shown(value)}.")
    return value


# ------------------------------------------------------------------ ratings
@dataclass(frozen=True)
class Rating:
    """A rating as kept: the rating, its deviation (the uncertainty) and the volatility; by default
    a new learner's (how one moves: ``teaching.ratings.rated``)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


# ------------------------------------------------------------------ records
@dataclass(frozen=True)
class Learner:
    id: int
    name: str
    rating: Rating
    created_at: str
    active_at: str


@dataclass(frozen=True)
class PuzzleEntry:
    """A puzzle as the store keeps it: its key, where it came from, the puzzle itself and its rating."""

    key: str
    ruleset: str
    level: str
    question: str
    puzzle: Mapping[str, Any]  # the puzzle's JSON (``Puzzle.to_json``): enough to ask it again
    rating: Rating
    set_number: int | None = None  # a generated puzzle's set and number in it; None for a teacher's
    number: int | None = None
    seed_rating: Rating | None = None  # the rating it started from (the seeding's), if it has moved since


@dataclass(frozen=True)
class MissedPuzzle:
    """A puzzle the class gets wrong: how many learners tried it first, how many of them got it wrong."""

    entry: PuzzleEntry
    tried: int  # learners whose first try it was
    wrong: int  # of them, wrong at that first try


@dataclass(frozen=True)
class PuzzleAttempt:
    """An answer to a puzzle as just kept: whose, whether it is the learner's first at the puzzle, and
    the ratings it met (the learner's and the puzzle's)."""

    id: int
    learner: int
    puzzle: str
    right: bool
    first: bool
    learner_rating: Rating
    puzzle_rating: Rating
    stamp: str


@dataclass(frozen=True)
class RatingChange:
    puzzle: str
    right: bool
    before: float
    after: float
    deviation: float
    at: str


@dataclass(frozen=True)
class LessonRecord:
    """A lesson's practice: questions asked and right, the first answered right, the last answer, and
    the wrong answers given before the first right one."""

    lesson: str
    asked: int
    right: int
    first_right_at: str | None
    last_at: str
    missed_first: int = 0

    @property
    def done(self) -> bool:
        return self.right > 0


@dataclass(frozen=True)
class Mistake:
    """An item of the mistakes queue: a puzzle (``key``) or a lesson's question (``lesson``, ``key``)."""

    kind: str  # "puzzle" or "lesson"
    key: str  # the puzzle's key, or the lesson question's key
    lesson: str | None
    due: float  # seconds since the epoch, by the store's clock
    streak: int  # right answers in a row since it was last wrong
    misses: int  # wrong answers in all

    @property
    def item(self) -> str:
        return queue_item(self.kind, self.key, self.lesson)


def queue_item(kind: str, key: str, lesson: str | None = None) -> str:
    """How the queue names an item: ``puzzle:KEY`` or ``lesson:LESSON:KEY``."""
    return f"puzzle:{key}" if kind == "puzzle" else f"lesson:{lesson}:{key}"


def _mistake(row: tuple) -> Mistake:
    item, due, streak, misses = row
    kind, _, rest = item.partition(":")
    if kind == "puzzle":
        return Mistake("puzzle", rest, None, due, streak, misses)
    lesson, _, key = rest.partition(":")
    return Mistake("lesson", key, lesson, due, streak, misses)


@dataclass(frozen=True)
class GradedGame:
    """A finished game graded for one seat, as kept."""

    game: int
    seat: int
    learner: str | None
    decisions: int
    error_rate: float
    counts: dict[str, int]
    result: float
    luck: float
    deal_luck: float
    played_like: str
    grade: dict  # ``Grade.to_json``: every decision
    graded_at: str


@dataclass(frozen=True)
class PlayedAt:
    """The games a learner finished at one place, and how many of them they won (alone or shared)."""

    finished: int
    won: int


@dataclass(frozen=True)
class LearnerProgress:
    """One learner's progress, the teacher's row and the learner's own page."""

    name: str
    lessons: dict[str, LessonRecord]
    puzzles_attempted: int
    puzzles_right: int  # first attempts answered right
    puzzle_rating: float
    puzzle_deviation: float
    games: int  # games played, wherever (``played``), or graded
    decisions: int
    error_rate: float | None  # mean error a decision over the graded games (None: no game yet)
    blunders: int
    mistakes_queued: int
    mistakes_due: int
    active_at: str
    trend: list[float] = field(default_factory=list)  # the rating after each rated attempt, oldest first
    graded: int = 0  # the games of ``games`` graded so far
    played: dict[GamePlace, PlayedAt] = field(default_factory=dict)  # the games played, by where
    puzzles_missed_first: int = 0  # first tries answered wrong before the first right one

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "lessons": {
                lesson: {"asked": record.asked, "right": record.right, "done": record.done}
                for lesson, record in self.lessons.items()
            },
            "puzzles_attempted": self.puzzles_attempted,
            "puzzles_right": self.puzzles_right,
            "puzzle_rating": round(self.puzzle_rating),
            "puzzle_deviation": round(self.puzzle_deviation),
            "games": self.games,
            "graded": self.graded,
            "played": {place.value: {"finished": at.finished, "won": at.won} for place, at in self.played.items()},
            "decisions": self.decisions,
            "error_rate": None if self.error_rate is None else round(self.error_rate, 4),
            "blunders": self.blunders,
            "mistakes_queued": self.mistakes_queued,
            "mistakes_due": self.mistakes_due,
            "active_at": self.active_at,
        }


# ------------------------------------------------------------------ the store
class Progress:
    """Learners' progress in a database (the page's one ``Database``). ``clock`` gives seconds since
    the epoch (a test's is fake)."""

    def __init__(self, database: database.Database, clock: Callable[[], float] = time.time):
        self.database = database
        self.clock = clock

    def stamp(self, moment: float) -> str:
        """A moment of the clock as the database writes times."""
        return datetime.fromtimestamp(moment, UTC).isoformat(timespec="milliseconds")

    # ------------------------------------------------------------ learners
    def learner(self, name: str, create: bool = True) -> Learner:
        """The learner of this name, made on first use (``create=False``: a ``StoreError`` if there is none)."""
        name = learner_name(name)
        row = self._learner_row(folded(name))
        if row is None:
            if not create:
                raise database.StoreError(f"There is no learner called {name} in this database.")
            stamp = self.stamp(self.clock())
            with self.database.write() as connection:
                connection.execute(
                    "INSERT OR IGNORE INTO learners (name, folded, rating, deviation, volatility, created_at, active_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (name, folded(name), START_RATING, START_DEVIATION, START_VOLATILITY, stamp, stamp),
                )
            row = self._learner_row(folded(name))
        return _learner(row)

    def find(self, name: str) -> Learner | None:
        """The learner of this name, or None: reading makes no learner."""
        row = self._learner_row(folded(name))
        return None if row is None else _learner(row)

    def _learner_row(self, key: str) -> tuple | None:
        rows = self.database.query(
            "SELECT id, name, rating, deviation, volatility, created_at, active_at FROM learners WHERE folded = ?",
            (key,),
        )
        return rows[0] if rows else None

    def learners(self) -> list[Learner]:
        rows = self.database.query(
            "SELECT id, name, rating, deviation, volatility, created_at, active_at FROM learners ORDER BY folded"
        )
        return [_learner(row) for row in rows]

    def learner_in(self, name: str, stamp: str) -> tuple[int, Rating]:
        """Inside a write: the learner's id and rating, made if new, marked active now."""
        name = learner_name(name)
        self.database.execute(
            "INSERT OR IGNORE INTO learners (name, folded, rating, deviation, volatility, created_at, active_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (name, folded(name), START_RATING, START_DEVIATION, START_VOLATILITY, stamp, stamp),
        )
        self.database.execute("UPDATE learners SET active_at = ? WHERE folded = ?", (stamp, folded(name)))
        [(identifier, rating, deviation, volatility)] = self.database.query(
            "SELECT id, rating, deviation, volatility FROM learners WHERE folded = ?", (folded(name),)
        )
        return identifier, Rating(rating, deviation, volatility)

    # ------------------------------------------------------------- puzzles
    def add_puzzles(self, entries: Iterable[PuzzleEntry]) -> int:
        """Keep puzzles with their seed ratings; a puzzle already kept keeps its rating. Returns how many were new."""
        stamp = self.stamp(self.clock())
        rows = []
        for entry in entries:
            _key(entry.key, "A puzzle's key")
            database.check_fields(ruleset=entry.ruleset)
            seed = entry.seed_rating or entry.rating
            rows.append(
                (
                    entry.key,
                    entry.ruleset,
                    _key(entry.level, "A puzzle's level"),
                    _key(entry.question, "A puzzle's question"),
                    entry.set_number,
                    entry.number,
                    json.dumps(entry.puzzle, ensure_ascii=False, sort_keys=True),
                    seed.rating,
                    seed.deviation,
                    entry.rating.rating,
                    entry.rating.deviation,
                    entry.rating.volatility,
                    stamp,
                )
            )
        with self.database.write() as connection:
            before = connection.total_changes
            connection.executemany(
                """INSERT OR IGNORE INTO puzzles (key, ruleset, level, question, set_number, number, puzzle,
                   seed_rating, seed_deviation, rating, deviation, volatility, added_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                rows,
            )
            return connection.total_changes - before

    def puzzle(self, key: str) -> PuzzleEntry | None:
        rows = self.database.query(f"SELECT {_PUZZLE_COLUMNS} FROM puzzles WHERE key = ?", (key,))
        return _puzzle(rows[0]) if rows else None

    def known_puzzles(self, keys: Iterable[str]) -> set[str]:
        """Which of these puzzle keys the store keeps."""
        keys = list(keys)
        known: set[str] = set()
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            rows = self.database.query(f"SELECT key FROM puzzles WHERE key IN ({', '.join('?' * len(chunk))})", chunk)
            known.update(row[0] for row in rows)
        return known

    def pool_sets(self, ruleset: str, size: int = 1) -> dict[str, set[int]]:
        """The set numbers of each level the store keeps at least ``size`` generated puzzles of, for a
        ruleset: a set a learner met one puzzle of (a class's numbered set) is not yet in the pool."""
        rows = self.database.query(
            "SELECT level, set_number FROM puzzles WHERE ruleset = ? AND set_number IS NOT NULL "
            "GROUP BY level, set_number HAVING count(*) >= ?",
            (ruleset, size),
        )
        sets: dict[str, set[int]] = {}
        for level, number in rows:
            sets.setdefault(level, set()).add(number)
        return sets

    def unattempted(self, name: str, ruleset: str) -> int:
        """How many kept puzzles of a ruleset the learner has not tried."""
        learner = self.find(name)
        return self.database.query(
            "SELECT count(*) FROM puzzles WHERE ruleset = ? AND key NOT IN "
            "(SELECT puzzle FROM puzzle_attempts WHERE learner = ?)",
            (ruleset, -1 if learner is None else learner.id),
        )[0][0]

    def puzzles_near(
        self, name: str, ruleset: str, count: int = 10, seed: int | str | None = None
    ) -> list[PuzzleEntry]:
        """A set drawn near the learner's rating: ``count`` of the puzzles the learner has not tried,
        chosen at random among the ``3 × count`` rated nearest to them, easiest first."""
        learner = self.find(name)
        identifier, rating = (-1, Rating()) if learner is None else (learner.id, learner.rating)
        rows = self.database.query(
            f"SELECT {_PUZZLE_COLUMNS} FROM puzzles WHERE ruleset = ? AND key NOT IN "
            "(SELECT puzzle FROM puzzle_attempts WHERE learner = ?) ORDER BY abs(rating - ?), key LIMIT ?",
            (ruleset, identifier, rating.rating, 3 * count),
        )
        chooser = random.Random(f"{folded(name)}/{seed}")
        chosen = chooser.sample(rows, min(count, len(rows)))
        return sorted((_puzzle(row) for row in chosen), key=lambda entry: (entry.rating.rating, entry.key))

    def add_puzzle_attempt(self, name: str, key: str, right: bool) -> PuzzleAttempt:
        """Keep an answer to a kept puzzle (the learner made if new); whether it is their first attempt
        at it, and the ratings it met. Call inside a ``write`` that also keeps what it changes."""
        _key(key, "A puzzle's key")
        _right(right)
        stamp = self.stamp(self.clock())
        with self.database.write():
            learner, rating = self.learner_in(name, stamp)
            rows = self.database.query("SELECT rating, deviation, volatility FROM puzzles WHERE key = ?", (key,))
            if not rows:
                raise database.StoreError(f"The puzzle {database.shown(key)} is not kept: add it before its answers.")
            first = not self.database.query(
                "SELECT 1 FROM puzzle_attempts WHERE learner = ? AND puzzle = ? AND first = 1", (learner, key)
            )
            attempt = self.database.execute(
                "INSERT INTO puzzle_attempts (learner, puzzle, right, first, answered_at) VALUES (?, ?, ?, ?, ?)",
                (learner, key, int(right), int(first), stamp),
            ).lastrowid
        return PuzzleAttempt(attempt, learner, key, right, first, rating, Rating(*rows[0]), stamp)

    def keep_ratings(self, attempt: PuzzleAttempt, learner: Rating, puzzle: Rating) -> None:
        """Keep the learner's and the puzzle's ratings after a rated attempt, and the change, for the trend."""
        with self.database.write():
            self.database.execute(
                "UPDATE learners SET rating = ?, deviation = ?, volatility = ? WHERE id = ?",
                (learner.rating, learner.deviation, learner.volatility, attempt.learner),
            )
            self.database.execute(
                "UPDATE puzzles SET rating = ?, deviation = ?, volatility = ? WHERE key = ?",
                (puzzle.rating, puzzle.deviation, puzzle.volatility, attempt.puzzle),
            )
            self.database.execute(
                """INSERT INTO rating_changes (attempt, learner, puzzle, learner_before, learner_after,
                   learner_deviation, learner_volatility, puzzle_before, puzzle_after, puzzle_deviation, rated_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    attempt.id,
                    attempt.learner,
                    attempt.puzzle,
                    attempt.learner_rating.rating,
                    learner.rating,
                    learner.deviation,
                    learner.volatility,
                    attempt.puzzle_rating.rating,
                    puzzle.rating,
                    puzzle.deviation,
                    attempt.stamp,
                ),
            )

    def rating_history(self, name: str) -> list[RatingChange]:
        """The learner's rated attempts, oldest first: the puzzle, right or wrong, the rating before and after."""
        learner = self.find(name)
        if learner is None:
            return []
        rows = self.database.query(
            """SELECT changes.puzzle, attempts.right, learner_before, learner_after, learner_deviation, rated_at
               FROM rating_changes AS changes JOIN puzzle_attempts AS attempts ON attempts.id = changes.attempt
               WHERE changes.learner = ? ORDER BY changes.attempt""",
            (learner.id,),
        )
        return [
            RatingChange(puzzle, bool(right), before, after, deviation, at)
            for puzzle, right, before, after, deviation, at in rows
        ]

    def most_missed(self, limit: int = 10) -> list[MissedPuzzle]:
        """The puzzles the class gets wrong most at the first try (only first tries count, as for the
        ratings): the most learners wrong first, then the largest share of them, then the highest rated."""
        rows = self.database.query(
            f"""SELECT {_PUZZLE_COLUMNS}, tried, wrong FROM puzzles JOIN
                  (SELECT puzzle AS tried_key, count(*) AS tried, sum(1 - right) AS wrong FROM puzzle_attempts
                   WHERE first = 1 GROUP BY puzzle) AS firsts ON firsts.tried_key = puzzles.key
                WHERE wrong > 0 ORDER BY wrong DESC, CAST(wrong AS REAL) / tried DESC, rating DESC, key LIMIT ?""",
            (limit,),
        )
        return [MissedPuzzle(_puzzle(row[:-2]), row[-2], row[-1]) for row in rows]

    # ------------------------------------------------------------- lessons
    def add_lesson_answer(self, name: str, lesson: str, question: str, right: bool) -> int:
        """Keep an answer to a lesson's practice question (``lesson``: the lesson's page id; ``question``:
        a key the lesson can ask it again by, e.g. ``house/17`` for ruleset and seed). Returns the learner's id."""
        if ":" in _key(lesson, "A lesson's id"):
            raise database.RecordError(f"A lesson's id holds no ':', unlike {database.shown(lesson)}.")
        _key(question, "A lesson question's key")
        _right(right)
        stamp = self.stamp(self.clock())
        with self.database.write():
            learner, _ = self.learner_in(name, stamp)
            self.database.execute(
                "INSERT INTO lesson_answers (learner, lesson, question, right, answered_at) VALUES (?, ?, ?, ?, ?)",
                (learner, lesson, question, int(right), stamp),
            )
        return learner

    def lessons(self, name: str) -> dict[str, LessonRecord]:
        """Each lesson the learner practised: how many questions, how many right, when."""
        learner = self.find(name)
        if learner is None:
            return {}
        return self._lessons_of(learner.id)

    def _lessons_of(self, learner: int) -> dict[str, LessonRecord]:
        rows = self.database.query(
            """SELECT lesson, count(*), sum(right), min(CASE WHEN right THEN answered_at END), max(answered_at),
                      sum(NOT right AND id < coalesce(first_right, id + 1))
               FROM (SELECT *, min(CASE WHEN right THEN id END) OVER (PARTITION BY lesson) AS first_right
                     FROM lesson_answers WHERE learner = ?)
               GROUP BY lesson ORDER BY lesson""",
            (learner,),
        )
        return {row[0]: LessonRecord(*row) for row in rows}

    # ------------------------------------------------------------ mistakes
    def mistake_schedule(self, learner: int, item: str) -> tuple[float, int] | None:
        """When an item of the learner's queue is due and its right answers in a row; None: not queued."""
        rows = self.database.query("SELECT due, streak FROM mistakes WHERE learner = ? AND item = ?", (learner, item))
        return rows[0] if rows else None

    def queue_mistake(self, learner: int, item: str, due: float) -> None:
        """A wrong answer: the item queued (again), due at ``due``, its streak back to 0 and one more miss."""
        self.database.execute(
            """INSERT INTO mistakes (learner, item, due, streak, misses, added_at) VALUES (?, ?, ?, 0, 1, ?)
               ON CONFLICT (learner, item) DO UPDATE SET due = excluded.due, streak = 0, misses = misses + 1""",
            (learner, item, due, self.stamp(self.clock())),
        )

    def reschedule_mistake(self, learner: int, item: str, streak: int, due: float) -> None:
        self.database.execute(
            "UPDATE mistakes SET streak = ?, due = ? WHERE learner = ? AND item = ?", (streak, due, learner, item)
        )

    def clear_mistake(self, learner: int, item: str) -> None:
        self.database.execute("DELETE FROM mistakes WHERE learner = ? AND item = ?", (learner, item))

    def mistakes(self, name: str, due_only: bool = False, limit: int | None = None) -> list[Mistake]:
        """The learner's mistakes queue (``due_only``: those due now), the longest due first."""
        learner = self.find(name)
        if learner is None:
            return []
        sql = "SELECT item, due, streak, misses FROM mistakes WHERE learner = ?"
        parameters: list[Any] = [learner.id]
        if due_only:
            sql += " AND due <= ?"
            parameters.append(self.clock())
        sql += " ORDER BY due, item"
        if limit is not None:
            sql += " LIMIT ?"
            parameters.append(limit)
        return [_mistake(row) for row in self.database.query(sql, parameters)]

    def mistakes_due(self, name: str, limit: int | None = None) -> list[Mistake]:
        return self.mistakes(name, due_only=True, limit=limit)

    # --------------------------------------------------------------- games
    def graded_game(self, game: int, seat: int) -> GradedGame | None:
        rows = self.database.query(
            f"SELECT {_GRADED_COLUMNS} FROM graded_games AS graded LEFT JOIN learners ON learners.id = graded.learner "
            "WHERE game = ? AND seat = ?",
            (game, seat),
        )
        return _graded(rows[0]) if rows else None

    def keep_grade(self, game: int, seat: int, grade: Mapping, played_like: str, name: str | None = None) -> GradedGame:
        """Keep a game's grade (``Grade.to_json``); the first kept stands, so a game is graded once."""
        stamp = self.stamp(self.clock())
        counts = grade["counts"]
        with self.database.write() as connection:
            learner = self.learner_in(name, stamp)[0] if name is not None else None
            connection.execute(
                """INSERT OR IGNORE INTO graded_games (game, seat, learner, decisions, error_rate, blunders, mistakes,
                   inaccuracies, result, luck, deal_luck, played_like, grade, graded_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    game,
                    seat,
                    learner,
                    len(grade["decisions"]),
                    grade["error_rate"],
                    counts["blunder"],
                    counts["mistake"],
                    counts["inaccuracy"],
                    grade["result"],
                    grade["luck"],
                    grade["deal_luck"],
                    played_like,
                    json.dumps(grade),
                    stamp,
                ),
            )
        return self.graded_game(game, seat)

    def graded_games(self, name: str) -> list[GradedGame]:
        """The learner's graded games, newest first."""
        learner = self.find(name)
        if learner is None:
            return []
        rows = self.database.query(
            f"SELECT {_GRADED_COLUMNS} FROM graded_games AS graded JOIN learners ON learners.id = graded.learner "
            "WHERE graded.learner = ? ORDER BY graded.game DESC",
            (learner.id,),
        )
        return [_graded(row) for row in rows]

    def keep_played(self, game: int, seat: int, name: str, place: GamePlace, result: float) -> bool:
        """Keep that ``name`` finished recorded game ``game`` at ``seat``, at ``place``, with ``result``
        (their share of the win); a game is kept once. Whether it was kept now."""
        place = GamePlace(place)
        stamp = self.stamp(self.clock())
        with self.database.write() as connection:
            learner = self.learner_in(name, stamp)[0]
            cursor = connection.execute(
                """INSERT OR IGNORE INTO played_games (game, seat, learner, place, result, played_at)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (game, seat, learner, place.value, float(result), stamp),
            )
        return cursor.rowcount == 1

    # ------------------------------------------------------------ summaries
    def progress(self, name: str) -> LearnerProgress:
        """One learner's progress: their own page shows this, and nobody else's."""
        learner = self.learner(name, create=False)
        return self._progress(learner)

    def class_progress(self) -> list[LearnerProgress]:
        """Every learner's progress, by name: the teacher's view."""
        return [self._progress(learner) for learner in self.learners()]

    def _progress(self, learner: Learner) -> LearnerProgress:
        query = self.database.query
        attempted, right, missed_first = query(
            "SELECT count(*), coalesce(sum(right), 0), coalesce(sum(NOT right AND id < coalesce("
            "(SELECT min(id) FROM puzzle_attempts WHERE learner = ? AND first = 1 AND right), id + 1)), 0) "
            "FROM puzzle_attempts WHERE learner = ? AND first = 1",
            (learner.id, learner.id),
        )[0]
        played = {
            GamePlace(place): PlayedAt(finished, won)
            for place, finished, won in query(
                "SELECT place, count(*), coalesce(sum(result > 0), 0) FROM played_games WHERE learner = ? "
                "GROUP BY place ORDER BY place",
                (learner.id,),
            )
        }
        graded, decisions, errors, blunders = query(
            "SELECT count(*), coalesce(sum(decisions), 0), coalesce(sum(error_rate * decisions), 0), "
            "coalesce(sum(blunders), 0) FROM graded_games WHERE learner = ?",
            (learner.id,),
        )[0]
        queued, due = query(
            "SELECT count(*), coalesce(sum(due <= ?), 0) FROM mistakes WHERE learner = ?", (self.clock(), learner.id)
        )[0]
        trend = [
            row[0]
            for row in query(
                "SELECT learner_after FROM rating_changes WHERE learner = ? ORDER BY attempt", (learner.id,)
            )
        ]
        lessons = self._lessons_of(learner.id)  # by id: a name the gate would refuse today still reads
        return LearnerProgress(
            learner.name,
            lessons,
            attempted,
            right,
            learner.rating.rating,
            learner.rating.deviation,
            query(
                "SELECT count(*) FROM (SELECT game, seat FROM played_games WHERE learner = ? "
                "UNION SELECT game, seat FROM graded_games WHERE learner = ?)",
                (learner.id, learner.id),
            )[0][0],
            decisions,
            errors / decisions if decisions else None,
            blunders,
            queued,
            due,
            learner.active_at,
            trend,
            graded,
            played,
            missed_first,
        )


_PUZZLE_COLUMNS = "key, ruleset, level, question, set_number, number, puzzle, seed_rating, seed_deviation, rating, deviation, volatility"
_GRADED_COLUMNS = (
    "game, seat, learners.name, decisions, error_rate, blunders, mistakes, inaccuracies, result, luck, deal_luck, "
    "played_like, grade, graded_at"
)


def _learner(row: tuple) -> Learner:
    identifier, name, rating, deviation, volatility, created_at, active_at = row
    return Learner(identifier, name, Rating(rating, deviation, volatility), created_at, active_at)


def _puzzle(row: tuple) -> PuzzleEntry:
    key, ruleset, level, question, set_number, number, puzzle, seed, seed_deviation, rating, deviation, volatility = row
    return PuzzleEntry(
        key,
        ruleset,
        level,
        question,
        json.loads(puzzle),
        Rating(rating, deviation, volatility),
        set_number,
        number,
        Rating(seed, seed_deviation),
    )


def _graded(row: tuple) -> GradedGame:
    (
        game,
        seat,
        name,
        decisions,
        error_rate,
        blunders,
        mistakes,
        inaccuracies,
        result,
        luck,
        deal_luck,
        like,
        grade,
        at,
    ) = row
    counts = {"blunder": blunders, "mistake": mistakes, "inaccuracy": inaccuracies}
    return GradedGame(
        game, seat, name, decisions, error_rate, counts, result, luck, deal_luck, like, json.loads(grade), at
    )
