"""Reading a file someone names: the one way the command line, the scenario checker and the
puzzle reader open a file.

Refused with a sentence (``FileProblem``), and never opened: what is not a regular file (a FIFO
would wait for a writer for ever, a link to ``/dev/zero`` never ends), a file larger than
``FILE_LIMIT``, a name longer than the system allows. JSON whose numbers are too long to read or
nested too deeply is refused the same way. A file that is missing, a folder, unreadable or not
UTF-8 raises the ``OSError`` or ``UnicodeDecodeError`` its reader words as before.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "big.json"
>>> _ = path.write_text("[" + "9" * 5000 + "]")
>>> read_json(path)
Traceback (most recent call last):
...
matatu_learn.teaching.files.FileProblem: ... holds a number longer than 30 digits (numbers here are small).
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

from ..engine.errors import MatatuError
from ..store.database import shown

FILE_LIMIT = 16 * 1024 * 1024  # bytes: far past any scenario, puzzle or export file a class writes
NOT_REGULAR = "is not a regular file (a FIFO, a device or a link to one)"
TOO_LARGE = f"is larger than {FILE_LIMIT // (1024 * 1024)} MB, the most a file read here may be"
NAME_TOO_LONG = "is a name longer than this system allows"
# What a file of positions, games or puzzles may hold: numbers of a few digits, a few levels of lists and objects.
LONGEST_NUMBER = 30  # digits
DEEPEST = 32  # levels of lists and objects
TOO_DEEP = f"holds lists or objects nested deeper than {DEEPEST} levels"
NUMBER_TOO_LONG = f"holds a number longer than {LONGEST_NUMBER} digits (numbers here are small)"


class FileProblem(MatatuError):
    """A file refused before it was read, or JSON that cannot be read: ``phrase`` says why."""

    def __init__(self, path: str | Path, phrase: str):
        self.path, self.phrase = path, phrase
        super().__init__(f"{path} {phrase}.")


def name_too_long(error: OSError) -> bool:
    """Whether ``error`` is the system refusing a name as too long."""
    return error.errno == errno.ENAMETOOLONG


def checked_status(path: str | Path) -> os.stat_result:
    """The file's status, a name too long refused with a sentence (other errors raised as they are)."""
    try:
        return os.stat(path)
    except OSError as error:
        if name_too_long(error):
            raise FileProblem(shown(str(path), 60), NAME_TOO_LONG) from None
        raise


def read_text(path: str | Path) -> str:
    """The text of a regular file of at most ``FILE_LIMIT`` bytes, in UTF-8."""
    path = Path(path)
    status = checked_status(path)
    if stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if not stat.S_ISREG(status.st_mode):
        raise FileProblem(path, NOT_REGULAR)  # before it is opened: a FIFO would block the open
    if status.st_size > FILE_LIMIT:
        raise FileProblem(path, TOO_LARGE)
    # O_NONBLOCK: should a FIFO take the file's place since, the open does not wait for a writer.
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise FileProblem(path, NOT_REGULAR)
        content = file.read(FILE_LIMIT + 1)
    if len(content) > FILE_LIMIT:
        raise FileProblem(path, TOO_LARGE)
    return content.decode("utf-8")


class _NumberTooLong(ValueError):
    pass


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > LONGEST_NUMBER:
        raise _NumberTooLong
    return int(digits)


def _depth(value: Any) -> int:
    """How many levels of lists and objects ``value`` holds, counted without recursion."""
    deepest, waiting = 0, [(value, 0)]
    while waiting:
        item, level = waiting.pop()
        if isinstance(item, dict | list):
            level += 1
            deepest = max(deepest, level)
            waiting.extend((inner, level) for inner in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_json(text: str, source: str | Path) -> Any:
    """JSON read from ``text`` (of ``source``); a number over ``LONGEST_NUMBER`` digits or lists
    and objects nested deeper than ``DEEPEST`` levels are a sentence (``FileProblem``), a syntax
    error the ``json.JSONDecodeError`` its reader words.

    >>> parse_json('{"seed": 42}', "deal.json")
    {'seed': 42}
    >>> parse_json("[" * 40 + "]" * 40, "deep.json")
    Traceback (most recent call last):
    ...
    matatu_learn.teaching.files.FileProblem: deep.json holds lists or objects nested deeper than 32 levels.
    """
    try:
        value = json.loads(text, parse_int=_bounded_int)
    except _NumberTooLong:
        raise FileProblem(source, NUMBER_TOO_LONG) from None
    except RecursionError:
        raise FileProblem(source, TOO_DEEP) from None
    if _depth(value) > DEEPEST:
        raise FileProblem(source, TOO_DEEP)
    return value


def read_json(path: str | Path) -> Any:
    """The JSON a file holds (``read_text``, then ``parse_json``)."""
    return parse_json(read_text(path), path)
