"""Who may change what on a shared server: the teacher code, and bounds on what one page writes.

Students play, practise and record their own games; what everyone sees (a published ruleset,
imported games) changes only with the teacher code that ``matatu-learn serve --teacher-code``
hands every kernel in ``MATATU_LEARN_TEACHER_CODE``. A page's ``WriteBudget`` (kept by its
page context, one a kernel) bounds what one page may write, even with the code.

>>> clock = iter([0.0, 1.0, 2.0, 61.0]).__next__
>>> budget = WriteBudget({"game": (2, 60.0)}, clock=clock)
>>> budget.spend("game"); budget.spend("game")
>>> budget.spend("game")
Traceback (most recent call last):
...
matatu_learn.store.roles.RoleError: This page has recorded 2 games in the last minute, the most a page may: wait 58 s before recording more.
>>> budget.spend("game")  # a minute after the first, there is room for one again
"""

from __future__ import annotations

import hmac
import math
import os
import time
from collections import deque
from collections.abc import Callable

from ..engine.errors import MatatuError
from .database import Database
from .schema import MIGRATIONS
from .settings import seconds

TEACHER_CODE_VARIABLE = "MATATU_LEARN_TEACHER_CODE"
# The address the class server saw the page's request come from, handed to the page's kernel: what
# bounds one client's rooms across every page it opens (a fresh page is a fresh kernel). The server
# writes it into the request's header CLIENT_HEADER (over anything the client sent), and Voilà hands
# the kernel that header as CLIENT_VARIABLE (RFC 3875's name for it): in its environment as it
# starts, or, for a pre-heated kernel, with the rest of its page's request once a page takes it.
CLIENT_HEADER = "Matatu-Learn-Client"
CLIENT_VARIABLE = "HTTP_MATATU_LEARN_CLIENT"
SHORTEST_CODE = 8  # characters of a teacher code: 8 of a class's guesses a second take years past the bound below
# The server-wide bound on wrong codes, shared by every page through the database: FREE_WRONG_CODES
# pass, then each further wrong code makes every page wait, twice as long each time, at most LONGEST_WAIT.
FREE_WRONG_CODES = 10
FIRST_WAIT = seconds("MATATU_LEARN_CODE_WAIT_SECONDS", 30)
LONGEST_WAIT = 3600

MIGRATIONS.add(
    9,
    "teacher code",
    """CREATE TABLE teacher_code (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        wrong INTEGER NOT NULL,
        locked_until REAL NOT NULL
    )""",
)
# kind: (the most a page may spend, in how many seconds). Generous for a class, tight for a flood.
LIMITS: dict[str, tuple[int, float]] = {
    "version": (5, 600.0),
    "game": (30, 60.0),
    "import": (3, 600.0),
    "teacher code": (10, 600.0),
}
# What each kind counts and what to do when it is spent, for the sentence.
_WORDS = {
    "version": ("published {count} rule versions", "before publishing more, or publish from the command line"),
    "game": ("recorded {count} games", "before recording more"),
    "import": ("imported games {count} times", "before importing more, or import from the command line"),
    "teacher code": ("been given the teacher code {count} times", "before trying the code again"),
}


class RoleError(MatatuError):
    """A change this page may not make (no teacher code, or its bound reached); nothing was written."""


def page_client() -> str:
    """The client address the server saw this kernel's page asked from ('' when no class server says)."""
    return os.environ.get(CLIENT_VARIABLE, "")[:100]


class CodeLocked(RoleError):
    """Too many wrong teacher codes on this server: no code is checked for ``seconds`` more (the
    voice says it: ``teaching.voice.error_words``)."""

    def __init__(self, seconds: int):
        self.seconds = seconds
        super().__init__(f"teacher code locked for {seconds} s")


def code_wait(wrong: int) -> float:
    """How long every page waits after the ``wrong``-th wrong code in a row (0: no wait yet).

    >>> [code_wait(wrong) for wrong in (1, 10, 11, 12, 30)]
    [0, 30, 60, 120, 3600]
    """
    if wrong < FREE_WRONG_CODES:
        return 0
    return min(LONGEST_WAIT, FIRST_WAIT * 2 ** (wrong - FREE_WRONG_CODES))


class CodeGuard:
    """The server's count of wrong teacher codes in a row, kept in the database so that every page
    (every kernel, a fresh one too) and a restarted server share it. ``clock``: unix time."""

    def __init__(self, database: Database, clock: Callable[[], float] = time.time):
        self.database = database
        self.clock = clock

    def check(self, given: str) -> bool:
        """Whether ``given`` is the teacher code; raises ``CodeLocked`` (checking nothing) while the
        server waits after too many wrong ones. A right code clears the count."""
        now = self.clock()
        with self.database.write() as connection:
            row = connection.execute("SELECT wrong, locked_until FROM teacher_code WHERE id = 1").fetchone()
            wrong, locked_until = row if row is not None else (0, 0.0)
            if now < locked_until:
                waiting = math.ceil(locked_until - now)
            else:
                waiting = 0
                right = teacher_code_matches(given)
                wrong = 0 if right else wrong + 1
                connection.execute(
                    "INSERT OR REPLACE INTO teacher_code (id, wrong, locked_until) VALUES (1, ?, ?)",
                    (wrong, now + code_wait(wrong) if wrong else 0.0),
                )
        if waiting:
            raise CodeLocked(waiting)
        return right


def teacher_code_set() -> bool:
    """Whether the server was started with a teacher code."""
    return bool(os.environ.get(TEACHER_CODE_VARIABLE, ""))


def teacher_code_matches(given: str) -> bool:
    """Whether ``given`` is the server's teacher code (False when the server has none)."""
    expected = os.environ.get(TEACHER_CODE_VARIABLE, "")
    if not expected or not isinstance(given, str) or not given:
        return False
    # surrogatepass: a browser can send a lone surrogate, which must compare unequal, not raise.
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass"))


def how_to_set_teacher_code(doing: str) -> str:
    """What a page says in place of a teacher's control on a server started without a code."""
    return f"Start the server with matatu-learn serve --teacher-code CODE to {doing} from this page."


def require_teacher(given: str, doing: str, changes: bool = True, *, budget: WriteBudget, database: Database) -> None:
    """Refuse with a sentence unless ``given`` is the teacher code; ``doing`` says what it unlocks
    ("publish rules"); ``changes``: whether it would change anything (a view changes nothing);
    ``budget``: the page's, which counts each try; ``database``: the page's, which holds the
    server's count of wrong codes (``CodeGuard``)."""
    if not teacher_code_set():
        raise RoleError(how_to_set_teacher_code(doing))
    if not isinstance(given, str) or not given.strip():
        raise RoleError(f"Only the teacher may {doing} on this server: type the teacher code first.")
    budget.spend("teacher code")  # a guesser at one page gets ten tries in ten minutes
    if not CodeGuard(database).check(given.strip()):
        kept = ", so nothing was changed" if changes else ""
        raise RoleError(f"That is not the teacher code{kept}: only the teacher may {doing} here.")


def _span(seconds: float) -> str:
    if seconds == 60:
        return "minute"
    return f"{seconds / 60:g} minutes" if seconds % 60 == 0 else f"{seconds:g} seconds"


def _wait(seconds: float) -> str:
    seconds = max(1, math.ceil(seconds))
    return f"{seconds} s" if seconds < 120 else f"{math.ceil(seconds / 60)} minutes"


class WriteBudget:
    """At most ``limit`` writes of a kind in any ``window`` seconds (a sliding window)."""

    def __init__(self, limits: dict[str, tuple[int, float]] | None = None, clock: Callable[[], float] = time.monotonic):
        self.limits = dict(LIMITS if limits is None else limits)
        self.clock = clock
        self._spent: dict[str, deque[float]] = {kind: deque() for kind in self.limits}

    def spend(self, kind: str, count: int = 1) -> None:
        """Count ``count`` writes of ``kind``, or raise ``RoleError`` (counting none) if that would pass the bound."""
        limit, window = self.limits[kind]
        if count > limit:
            raise RoleError(f"A page may write at most {limit} of these every {_span(window)}, not {count} at once.")
        now = self.clock()
        spent = self._spent[kind]
        while spent and spent[0] <= now - window:
            spent.popleft()
        if len(spent) + count > limit:
            done, advice = _WORDS.get(kind, ("written {count} times", "before writing more"))
            # The oldest write that must leave the window before ``count`` more fit.
            frees_at = spent[len(spent) + count - limit - 1] + window
            raise RoleError(
                f"This page has {done.format(count=limit)} in the last {_span(window)}, the most a page may: "
                f"wait {_wait(frees_at - now)} {advice}."
            )
        spent.extend([now] * count)

    def refund(self, kind: str) -> None:
        """Give back the last write of ``kind`` counted: it was not made after all."""
        spent = self._spent[kind]
        if spent:
            spent.pop()

    def clear(self) -> None:
        """Forget every write counted (a new page's budget)."""
        for spent in self._spent.values():
            spent.clear()
