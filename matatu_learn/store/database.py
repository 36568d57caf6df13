"""Published rule versions and recorded games, in SQLite.

The database lives in the user's data folder (``MATATU_LEARN_DB`` overrides it).
It is created on first use, migrates forward, and is shared safely by several
processes (WAL journal, busy timeout, one transaction per record).

>>> import tempfile, os
>>> with Store(os.path.join(tempfile.mkdtemp(), "games.sqlite3")) as store:
...     store.publish("kampala-family", "uganda", {"cut_limit": 25})
...     store.rules("kampala-family").cut_limit
1
25
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import urllib.parse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, Self

from ..engine.errors import MatatuError, RulesError
from ..engine.events import RoundEnd
from ..engine.frames import Frame, each_frame
from ..engine.round import Round, RoundResult, check_players
from ..engine.rules import PRESET_TITLES, PRESETS, SWITCH_NAMES, Rules, with_switches
from .schema import MIGRATIONS

APPLICATION_ID = 0x4D61744C  # "MatL": marks a matatu-learn database
ENVIRONMENT_VARIABLE = "MATATU_LEARN_DB"
NAME_CHARACTERS = set("abcdefghijklmnopqrstuvwxyz0123456789-_")
BUSY_TIMEOUT_SECONDS = 30  # how long a write waits for another writer before it says the database is busy
# The gate's bounds: far past anything a table or a class makes, short of what would flood a page or a file.
NAME_LIMIT = 40
TITLE_LIMIT = 120
SEAT_LIMIT = 40
VERSION_LIMIT = 1_000_000_000
SEED_LIMIT = 2**63 - 1  # SQLite's largest integer; the engine's seeds are 63 bits
ACTIONS_LIMIT = 100_000
ACTION_LIMIT = 40
TIME_LIMIT = 40
ROOM_CODE_LIMIT = 8  # a room's code, as recorded with its games (store/rooms.py makes them 4 long)
ROOM_CODE_CHARACTERS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

# The published rule versions and the recorded games: the schema's first version.
MIGRATIONS.add(
    1,
    "rulesets",
    """CREATE TABLE rulesets (
        name TEXT NOT NULL,
        version INTEGER NOT NULL,
        base TEXT NOT NULL,
        title TEXT NOT NULL DEFAULT '',
        switches TEXT NOT NULL,
        published_at TEXT NOT NULL,
        PRIMARY KEY (name, version)
    )""",
    """CREATE TRIGGER published_versions_never_change BEFORE UPDATE ON rulesets
       BEGIN SELECT RAISE(ABORT, 'a published ruleset version never changes'); END""",
    """CREATE TRIGGER published_versions_stay BEFORE DELETE ON rulesets
       BEGIN SELECT RAISE(ABORT, 'a published ruleset version is never removed'); END""",
)
MIGRATIONS.add(
    1,
    "games",
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        ruleset TEXT NOT NULL,
        version INTEGER NOT NULL,
        players INTEGER NOT NULL,
        seats TEXT NOT NULL,
        seed INTEGER NOT NULL,
        leader INTEGER NOT NULL,
        actions TEXT NOT NULL,
        reason TEXT NOT NULL,
        winners TEXT NOT NULL,
        totals TEXT NOT NULL,
        points TEXT NOT NULL,
        started_at TEXT NOT NULL,
        ended_at TEXT NOT NULL,
        FOREIGN KEY (ruleset, version) REFERENCES rulesets (name, version)
    )""",
    "CREATE INDEX games_by_ruleset ON games (ruleset, version)",
)


def __getattr__(name: str) -> Any:
    """``SCHEMA_VERSION``: the version every migration reaches, once the repositories have added theirs."""
    if name == "SCHEMA_VERSION":
        return MIGRATIONS.version
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# An export's format: 2 writes seats as objects (kind, name, agent); 1 wrote them as text.
EXPORT_SCHEMA = 2
# The presets' first versions come with the package; this is the date they carry.
PRESET_PUBLISHED_AT = "2026-01-01T00:00:00.000+00:00"


def _sqlite_header(path: Path) -> bool:
    """Whether a file SQLite refused still starts as an SQLite file (then it is damaged, not another kind).

    Read only once SQLite has refused the file: no connection of this process holds its locks then,
    so closing this descriptor drops none.
    """
    try:
        with open(path, "rb") as file:
            return file.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


class StoreError(MatatuError):
    """The database cannot be used as asked; nothing in it was changed."""


class StorageFault(StrEnum):
    """Why the database's file could not be used: the fact a page words without the server's path."""

    BUSY = "busy"
    READ_ONLY = "read-only"
    FULL = "full"
    GONE = "gone"  # the file was removed or replaced under an open database
    DAMAGED = "damaged"
    UNUSABLE = "unusable"


class StorageFailure(StoreError):
    """The database's file failed (``fault``); the message, for the command line and the server's
    log, names the file and what its keeper can do."""

    def __init__(self, fault: StorageFault, path: Path, sentence: str):
        self.fault, self.path = fault, path
        super().__init__(sentence)


def database_gone(path: Path) -> StorageFailure:
    """The file a database was opened on is no longer at its path (removed, or another put there)."""
    return StorageFailure(
        StorageFault.GONE,
        path,
        f"The database {path} was removed or replaced while in use, so nothing was written; "
        "restart the server to open the database now at that path.",
    )


# A server's one database: ``serve`` hands its kernels "device inode path" of the file it opened here, so a
# page's kernel started after the file was removed or replaced refuses it instead of making a second.
DATABASE_FILE_VARIABLE = "MATATU_LEARN_DB_FILE"


def file_identity(path: Path) -> tuple[int, int]:
    """The (device, inode) of the file at ``path``: the same while it is the same file."""
    status = os.stat(path)
    return status.st_dev, status.st_ino


def held_database_file(path: Path) -> dict[str, str]:
    """The environment variable (for the kernels to inherit) that holds the file at ``path`` as a server's database."""
    device, inode = file_identity(path)
    return {DATABASE_FILE_VARIABLE: f"{device} {inode} {path.absolute()}"}


def _held_identity(path: Path) -> tuple[int, int] | None:
    """The identity ``held_database_file`` recorded for ``path``, if it recorded this path."""
    device, _, rest = os.environ.get(DATABASE_FILE_VARIABLE, "").partition(" ")
    inode, _, held = rest.partition(" ")
    if not held or held != str(path.absolute()) or not (device.isdigit() and inode.isdigit()):
        return None
    return int(device), int(inode)


class RecordError(StoreError):
    """A ruleset version or a game record the gate refuses; the sentence names the field."""


@dataclass(frozen=True)
class PublishedRuleset:
    name: str
    version: int
    base: str
    title: str
    rules: Rules
    published_at: str


class SeatKind(StrEnum):
    PERSON = "person"
    COMPUTER = "computer"


# How seats were recorded before they were typed (schema 3 and earlier, exports of schema 1): a
# computer player by its agent's spec, a person by name, or a person whose name the page did not ask.
_TEXT_AGENT = re.compile(r"random|heuristic|search(:[0-9]+)?")
_TEXT_NOBODY = frozenset({"human", "person", ""})


@dataclass(frozen=True)
class RecordedSeat:
    """Who played a recorded seat: a person, by the name they gave ('' when the page asked none),
    or a computer player, by its agent's spec (a computer has no name of its own;
    ``play.seats.Seat.to_record`` writes the same shape).

    >>> RecordedSeat.from_json("search:2"), RecordedSeat.from_json("human").to_json()
    (RecordedSeat(kind=<SeatKind.COMPUTER: 'computer'>, name='', agent='search:2'), {'kind': 'person', 'name': '', 'agent': None})
    """

    kind: SeatKind
    name: str = ""
    agent: str | None = None

    @classmethod
    def person(cls, name: str = "") -> RecordedSeat:
        return cls(SeatKind.PERSON, name)

    @classmethod
    def computer(cls, agent: str) -> RecordedSeat:
        return cls(SeatKind.COMPUTER, "", agent)

    @classmethod
    def from_json(cls, value: Any) -> RecordedSeat | Any:
        """A seat as stored or exported: an object of kind, name and agent, or a seat recorded as text
        before seats were typed. Anything else comes back as it is, for the gate to refuse."""
        if isinstance(value, RecordedSeat):
            return value
        if isinstance(value, str):
            if _TEXT_AGENT.fullmatch(value):
                return cls.computer(value)
            return cls.person("" if value in _TEXT_NOBODY else value)
        if isinstance(value, dict) and set(value) <= {"kind", "name", "agent"} and value.get("kind") in set(SeatKind):
            return cls(SeatKind(value["kind"]), value.get("name", ""), value.get("agent"))
        return value

    def to_json(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "name": self.name, "agent": self.agent}


@dataclass(frozen=True)
class GameRecord:
    """One recorded round: enough to replay it exactly."""

    id: int | None
    ruleset: str
    version: int
    players: int
    seats: tuple[RecordedSeat, ...]
    seed: int
    leader: int
    actions: tuple[str, ...]
    reason: str
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    points: tuple[int, ...]
    started_at: str
    ended_at: str
    room: str = ""  # the code of the room it was played in; "" for a table of one page

    def to_json(self) -> dict[str, Any]:
        data = {field.name: getattr(self, field.name) for field in fields(self)}
        for name in ("actions", "winners", "totals", "points"):
            data[name] = list(data[name])
        data["seats"] = [seat.to_json() for seat in self.seats]
        return data


@dataclass(frozen=True)
class ReplayReport:
    record: GameRecord
    frames: tuple[Frame, ...]  # the deal, then the position after each recorded action
    reproduced: bool
    difference: str

    @property
    def game(self) -> Round:
        """The round as the replay left it."""
        return self.frames[-1].game


@dataclass(frozen=True)
class ImportReport:
    ids: tuple[int, ...]  # the games added, in the export's order
    skipped: int  # games the database already held


def default_path() -> Path:
    """``MATATU_LEARN_DB`` if set, else a file in the user's data folder."""
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured:
        return Path(configured).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("matatu-learn", appauthor=False)) / "matatu-learn.sqlite3"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def database_error(path: Path, error: sqlite3.Error) -> StoreError:
    """The sentence for an SQLite failure, chosen by its result code, never by guessing from the text."""
    code = getattr(error, "sqlite_errorcode", None)
    name = getattr(error, "sqlite_errorname", "") or ""
    primary = code & 0xFF if isinstance(code, int) else None
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return StorageFailure(
            StorageFault.BUSY,
            path,
            f"The database {path} is busy: another program kept it locked for {BUSY_TIMEOUT_SECONDS} s; try again.",
        )
    # A write refused by a read-only mount reaches SQLite as a failed write, as a full disk does.
    read_only = primary == sqlite3.SQLITE_READONLY or (
        (primary == sqlite3.SQLITE_FULL or name in _WRITE_FAILURES) and _on_read_only_file(path)
    )
    if read_only:
        return StorageFailure(
            StorageFault.READ_ONLY,
            path,
            f"The database {path} is read-only (its file or folder cannot be written), so nothing was changed; "
            f"set {ENVIRONMENT_VARIABLE} to a writable file to change it.",
        )
    if primary == sqlite3.SQLITE_FULL or name in _WRITE_FAILURES:
        return StorageFailure(
            StorageFault.FULL,
            path,
            f"The disk holding the database {path} is full (or refused the write), so nothing was written; "
            "free some space and try again.",
        )
    if primary in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
        return StorageFailure(
            StorageFault.DAMAGED,
            path,
            f"The database {path} is damaged or is not a matatu-learn database ({error}); it was left as it is.",
        )
    if primary == sqlite3.SQLITE_CANTOPEN:
        return StorageFailure(
            StorageFault.UNUSABLE,
            path,
            f"The database {path} cannot be opened ({error}); set {ENVIRONMENT_VARIABLE} to a file you may read and write.",
        )
    if primary == sqlite3.SQLITE_IOERR:
        return StorageFailure(
            StorageFault.UNUSABLE,
            path,
            f"The disk failed while reading the database {path} ({error}); nothing was changed.",
        )
    return StorageFailure(
        StorageFault.UNUSABLE, path, f"The database {path} could not be used ({error}); nothing was changed."
    )


def _on_read_only_file(path: Path) -> bool:
    """Whether the database's file is on a read-only mount (which stops root too)."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


# An I/O error while writing is how SQLite reports a file past its size limit or a disk that filled mid-write.
_WRITE_FAILURES = frozenset(
    {
        "SQLITE_IOERR_WRITE",
        "SQLITE_IOERR_FSYNC",
        "SQLITE_IOERR_DIR_FSYNC",
        "SQLITE_IOERR_TRUNCATE",
        "SQLITE_IOERR_SHMSIZE",
        "SQLITE_IOERR_SHMMAP",
        "SQLITE_IOERR_MMAP",
    }
)


def shown(value: Any, limit: int = 40) -> str:
    r"""A value as a sentence may quote it: control characters escaped, long text cut short.

    >>> print(shown("\x1b[31mred"), shown("x" * 50, 10), shown(2.5))
    '\x1b[31mred' 'xxxxxxxxxx…' 2.5
    """
    if not isinstance(value, str):
        text = repr(value)
        return text if len(text) <= limit else text[:limit] + "…"
    cut = value[:limit] + ("…" if len(value) > limit else "")
    return "'" + escaped(cut) + "'"


def escaped(text: str) -> str:
    r"""Text safe to print on a terminal: control and other unprintable characters written as escapes (``\x1b``)."""
    if text.isprintable():
        return text
    return "".join(
        character if character.isprintable() else character.encode("unicode_escape", "backslashreplace").decode("ascii")
        for character in text
    )


# ----------------------------------------------------------------- the gate
def _refuse(message: str) -> None:
    raise RecordError(message)


def _printable(value: Any, what: str, limit: int, empty: bool = False) -> None:
    if not isinstance(value, str):
        _refuse(f"{what} must be text, not {shown(value)}.")
    if (not value and not empty) or len(value) > limit or not value.isprintable():
        _refuse(
            f"{what} is malformed: it must be one line of printable text of {0 if empty else 1} to {limit} characters "
            f"(no control characters, line breaks or lone surrogates), not {shown(value)}."
        )


def _whole(value: Any, what: str, low: int, high: int) -> None:
    if type(value) is not int or not low <= value <= high:
        _refuse(f"{what} must be a whole number from {low} to {high:,}, not {shown(value)}.")


def _check_name(value: Any, what: str = "A ruleset name") -> None:
    if not isinstance(value, str) or not value or set(value) - NAME_CHARACTERS or len(value) > NAME_LIMIT:
        _refuse(
            f"{shown(value)} cannot name a ruleset: use up to {NAME_LIMIT} lower-case letters, digits, '-' and '_', "
            "e.g. kampala-family."
        )


def _check_switches(value: Any, _: dict) -> None:
    if not isinstance(value, dict):
        _refuse(f"The switches must be an object of NAME: VALUE, not {shown(value)}.")
    for name, setting in value.items():
        if name not in SWITCH_NAMES:
            _refuse(f"{shown(name)} is not a switch: the switches are {', '.join(SWITCH_NAMES)}.")
        # A word may come as a rules enum's member (a str): only true str-valued words are words.
        if type(setting) not in (bool, int, type(None)) and not isinstance(setting, str):
            _refuse(f"The switch {name} must be true, false, a whole number, a word or null, not {shown(setting)}.")


def _check_seats(value: Any, values: dict) -> None:
    if not isinstance(value, (list, tuple)):
        _refuse(f"The seats must be a list of who played each seat, not {shown(value)}.")
    players = values.get("players")
    if players is not None and len(value) != players:
        _refuse(f"Name every seat once: {players} players need {players} seat names, not {len(value)}.")
    for number, seat in enumerate(value, 1):
        if not isinstance(seat, RecordedSeat):
            _refuse(
                f"Seat {number} must be an object of kind (person or computer), name and agent, or a name, "
                f"not {shown(seat)}."
            )
        _printable(seat.name, f"The name of seat {number}", SEAT_LIMIT, empty=True)
        if seat.kind is SeatKind.PERSON and seat.agent is not None:
            _refuse(f"Seat {number} is a person's, so it has no agent, not {shown(seat.agent)}.")
        if seat.kind is SeatKind.COMPUTER:
            _printable(seat.agent, f"The agent of seat {number}", ACTION_LIMIT)


def _check_leader(value: Any, values: dict) -> None:
    players = values.get("players")
    _whole(value, "The leader", 0, (players if type(players) is int else 6) - 1)


def _check_actions(value: Any, _: dict) -> None:
    if not isinstance(value, (list, tuple)) or len(value) > ACTIONS_LIMIT:
        _refuse(f"The actions must be a list of up to {ACTIONS_LIMIT:,} moves in the notation, not {shown(value)}.")
    for number, action in enumerate(value, 1):
        _printable(action, f"Action {number}", ACTION_LIMIT)


def _check_numbers(what: str):
    def check(value: Any, values: dict) -> None:
        if not isinstance(value, (list, tuple)) or len(value) > 6:
            _refuse(f"The {what} must be a list of whole numbers, one a seat at most, not {shown(value)}.")
        for number in value:
            _whole(number, f"Each of the {what}", -SEED_LIMIT, SEED_LIMIT)

    return check


def _check_time(what: str):
    def check(value: Any, _: dict) -> None:
        _printable(value, f"The {what} time", TIME_LIMIT)
        try:
            datetime.fromisoformat(value)
        except ValueError:
            _refuse(f"The {what} time must be a date and time like 2026-01-01T12:00:00+00:00, not {shown(value)}.")

    return check


def _check_reason(value: Any, _: dict) -> None:
    if not isinstance(value, str) or value not in set(RoundEnd):
        _refuse(f"The reason a round ended is one of {', '.join(RoundEnd)}, not {shown(value)}.")


def _check_room(value: Any, _: dict) -> None:
    if not isinstance(value, str) or len(value) > ROOM_CODE_LIMIT or set(value) - ROOM_CODE_CHARACTERS:
        _refuse(
            f"A room's code is up to {ROOM_CODE_LIMIT} capital letters and digits (empty for no room), "
            f"not {shown(value)}."
        )


def _check_players(value: Any, _: dict) -> None:
    try:
        check_players(value)
    except MatatuError as error:
        raise RecordError(str(error)) from None


_FIELD_CHECKS = {
    "name": lambda value, _: _check_name(value),
    "ruleset": lambda value, _: _check_name(value),
    "base": lambda value, _: _check_name(value),
    "version": lambda value, _: _whole(value, "A ruleset version", 1, VERSION_LIMIT),
    "title": lambda value, _: _printable(value, "The title", TITLE_LIMIT, empty=True),
    "switches": _check_switches,
    "players": _check_players,
    "seats": _check_seats,
    "seed": lambda value, _: _whole(value, "The seed", 0, SEED_LIMIT),
    "leader": _check_leader,
    "actions": _check_actions,
    "reason": _check_reason,
    "winners": _check_numbers("winners"),
    "totals": _check_numbers("totals"),
    "points": _check_numbers("points"),
    "started_at": _check_time("start"),
    "ended_at": _check_time("end"),
    "room": _check_room,
}


def check_fields(**values: Any) -> None:
    """The one gate for everything stored: publish, record and import each pass the fields they write.

    A field that is wrong is a ``RecordError`` naming it, e.g. a version that is not a whole number.

    >>> check_fields(name="house", version="7")
    Traceback (most recent call last):
    ...
    matatu_learn.store.database.RecordError: A ruleset version must be a whole number from 1 to 1,000,000,000, not '7'.
    """
    for field, value in values.items():
        _FIELD_CHECKS[field](value, values)


class Database:
    """One matatu-learn database, opened once per page's kernel (or command) and passed to every
    repository: migrated forward on opening, then read and written through ``read``, ``write``,
    ``query`` and ``execute``. Use as a context manager, or call ``close``.

    >>> import tempfile, os
    >>> with Database(os.path.join(tempfile.mkdtemp(), "class.sqlite3")) as database:
    ...     with database.write() as connection:
    ...         _ = connection.execute("INSERT INTO learners (name, folded, rating, deviation, volatility, "
    ...                                "created_at, active_at) VALUES ('Amina', 'amina', 1500, 350, 0.06, '', '')")
    ...     database.query("SELECT name FROM learners")
    [('Amina',)]
    """

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path).expanduser() if path is not None else default_path()
        self._connection = self._open()
        try:
            self._identity = file_identity(self.path)  # the file opened: a write first checks it is still there
        except OSError:
            self._connection.close()
            raise database_gone(self.path) from None
        try:
            self._migrate()
        except sqlite3.Error as error:
            self._connection.close()
            raise database_error(self.path, error) from None
        except BaseException:
            self._connection.close()
            raise

    # ------------------------------------------------------------- opening
    def _open(self) -> sqlite3.Connection:
        path = self.path
        held = _held_identity(path)
        if held is not None:
            try:
                present = file_identity(path)
            except OSError:
                present = None
            if present != held:  # making a second database at the server's path would split the class
                raise database_gone(path)
        try:
            if path.is_dir():
                raise StoreError(f"{path} is a folder, not a database file; set {ENVIRONMENT_VARIABLE} to a file path.")
            existing = path.exists() and path.stat().st_size > 0
            if not existing:
                path.parent.mkdir(parents=True, exist_ok=True)
            # The file is never opened outside SQLite: closing any descriptor of it would drop the
            # process's SQLite locks, and another process could then checkpoint and delete the WAL
            # under this one's open connection (a room's pages would stop seeing each other's moves).
        except OSError as error:
            folder = "folder " if not path.parent.is_dir() else ""
            raise StoreError(
                f"Cannot {'create the database ' + folder + str(path.parent) if folder else 'read the database ' + str(path)} "
                f"({error.strerror}); set {ENVIRONMENT_VARIABLE} to a writable file path."
            ) from None
        # Root writes through file modes, but not to a read-only mount; there a read-only connection can still read.
        self.read_only = existing and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))
        try:
            connection = self._connect()
        except sqlite3.Error as error:
            raise database_error(path, error) from None
        try:
            application = connection.execute("PRAGMA application_id").fetchone()[0]
            tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            schema = connection.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as error:
            connection.close()
            if error.sqlite_errorcode & 0xFF == sqlite3.SQLITE_NOTADB and not _sqlite_header(path):
                raise StoreError(
                    f"{path} is not a matatu-learn database (it is not an SQLite file); it was left untouched."
                ) from None
            raise database_error(path, error) from None
        if existing and application != APPLICATION_ID and tables:
            connection.close()
            raise StoreError(
                f"{path} is an SQLite database of another program, not of matatu-learn; it was left untouched."
            )
        if schema > MIGRATIONS.version:
            connection.close()
            raise StoreError(
                f"{path} was made by a newer matatu-learn (schema {schema}, this one knows {MIGRATIONS.version}); upgrade matatu-learn to use it."
            )
        try:
            connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_SECONDS * 1000}")
            if not self.read_only:
                connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as error:
            connection.close()
            raise database_error(path, error) from None
        return connection

    def _connect(self) -> sqlite3.Connection:
        options = {"timeout": BUSY_TIMEOUT_SECONDS, "isolation_level": None, "check_same_thread": False}
        if not self.read_only:
            return sqlite3.connect(self.path, **options)
        address = "file:" + urllib.parse.quote(str(self.path.absolute()))
        try:
            connection = sqlite3.connect(address + "?mode=ro", uri=True, **options)
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return connection
        except sqlite3.Error as error:
            if error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_CANTOPEN:
                raise
        # A WAL database whose -shm file is gone cannot be opened read-only unless SQLite is told that
        # nothing writes it: true of a read-only mount, the one place this is reached.
        return sqlite3.connect(address + "?immutable=1", uri=True, **options)

    def _migrate(self) -> None:
        # A current database is only read here, so a read-only one can still be read.
        latest = MIGRATIONS.version
        if self._connection.execute("PRAGMA user_version").fetchone()[0] == latest:
            return
        with self.write() as connection:
            schema = connection.execute("PRAGMA user_version").fetchone()[0]
            for version in range(schema + 1, latest + 1):
                for step in MIGRATIONS.steps(version):
                    if isinstance(step, str):
                        connection.execute(step)
                    else:
                        step(connection)
            if schema < latest:
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {latest}")

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exception) -> None:
        self.close()

    # ---------------------------------------------------------- transactions
    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``): every read and write inside it is of one moment,
        all of it is stored or none; a database error becomes a ``StoreError`` sentence. A write opened
        inside another joins it."""
        connection = self._connection
        if connection.in_transaction:
            yield connection
            return
        self._check_file()
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise database_error(self.path, error) from None
        try:
            yield connection
            connection.execute("COMMIT")  # a full disk often shows only here, when the pages are written
        except sqlite3.Error as error:
            self._roll_back()
            raise database_error(self.path, error) from None
        except BaseException:
            self._roll_back()
            raise

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """Several reads of one moment: no write of another process lands between them. A read opened
        inside a write (or another read) is part of it."""
        connection = self._connection
        if connection.in_transaction:
            yield connection
            return
        try:
            connection.execute("BEGIN")
        except sqlite3.Error as error:
            raise database_error(self.path, error) from None
        try:
            yield connection
        except sqlite3.Error as error:
            raise database_error(self.path, error) from None
        finally:
            self._roll_back()  # nothing was written: ending a read is letting its snapshot go

    def _roll_back(self) -> None:
        """Undo an open transaction; SQLite may already have undone it after a failed write."""
        if self._connection.in_transaction:
            try:
                self._connection.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the journal undoes it when the connection closes

    def query(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple]:
        """The rows of one statement; inside ``read`` or ``write``, of that transaction's moment."""
        try:
            return self._connection.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise database_error(self.path, error) from None

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> sqlite3.Cursor:
        """One statement that writes: alone, it is one atomic transaction; inside ``write``, part of it."""
        if not self._connection.in_transaction:
            self._check_file()
        try:
            return self._connection.execute(sql, parameters)
        except sqlite3.Error as error:
            raise database_error(self.path, error) from None

    def _check_file(self) -> None:
        """Refuse to write unless the path still holds the file opened: a removed file would take the
        writes into nothing, and another at the path is another database."""
        try:
            present = file_identity(self.path)
        except OSError:
            present = None
        if present != self._identity:
            raise database_gone(self.path)

    def schema_version(self) -> int:
        """The schema version the file is at (``MIGRATIONS.version`` once opened here)."""
        return self.query("PRAGMA user_version")[0][0]


class Store(Database):
    """A matatu-learn database with its published rule versions and recorded games."""

    def __init__(self, path: str | Path | None = None):
        super().__init__(path)
        self._rules_cache: dict[tuple[str, int], Rules] = {}
        self._checked: dict[tuple[str, int], Rules] = {}  # the rules object last found equal to a version
        try:
            self._publish_presets()
        except BaseException:
            self._connection.close()
            raise

    def _publish_presets(self) -> None:
        """The package's published preset versions, added to the database on first use."""
        rows = [
            (name, 1, name, PRESET_TITLES[name], _switches_json(rules), PRESET_PUBLISHED_AT)
            for name, rules in PRESETS.items()
        ]
        present = self.query(
            f"SELECT count(*) FROM rulesets WHERE version = 1 AND name IN ({', '.join('?' * len(PRESETS))})",
            tuple(PRESETS),
        )[0][0]
        if present == len(PRESETS):
            return
        with self.write() as connection:
            connection.executemany(
                "INSERT OR IGNORE INTO rulesets (name, version, base, title, switches, published_at) VALUES (?, ?, ?, ?, ?, ?)",
                rows,
            )

    # ------------------------------------------------------------- rulesets
    def names(self) -> list[str]:
        return [row[0] for row in self.query("SELECT DISTINCT name FROM rulesets ORDER BY rowid")]

    def versions(self, name: str) -> list[int]:
        return [row[0] for row in self.query("SELECT version FROM rulesets WHERE name = ? ORDER BY version", (name,))]

    def ruleset(self, name: str, version: int | None = None) -> PublishedRuleset:
        """A published version (the latest unless one is asked for), or a sentence listing what exists."""
        versions = self.versions(name)
        if not versions:
            raise RulesError(f"'{name}' is not a published ruleset: choose one of {', '.join(self.names())}.")
        if version is None:
            version = versions[-1]
        elif version not in versions:
            listed = ", ".join(str(number) for number in versions)
            raise RulesError(f"{name} has no version {version}: its versions are {listed}.")
        base, title, switches, published_at = self.query(
            "SELECT base, title, switches, published_at FROM rulesets WHERE name = ? AND version = ?", (name, version)
        )[0]
        return PublishedRuleset(name, version, base, title, _rules_from_json(switches), published_at)

    def rules(self, name: str, version: int | None = None) -> Rules:
        if version is not None and (name, version) in self._rules_cache:
            return self._rules_cache[name, version]  # a published version never changes
        published = self.ruleset(name, version)
        self._rules_cache[name, published.version] = published.rules
        return published.rules

    def all_rulesets(self) -> list[PublishedRuleset]:
        rows = self.query("SELECT name, version FROM rulesets ORDER BY rowid")
        return [self.ruleset(name, version) for name, version in rows]

    def publish(self, name: str, base: str | None, changes: dict[str, Any], title: str = "") -> int:
        """Publish a table's rules: a base ruleset with switches changed. Returns the version.

        A new name starts a ruleset from ``base``. A name that exists takes its next version,
        from its own latest version (``base`` None or the name itself) or from the ruleset it
        was first based on; the presets take next versions the same way, and their first
        versions, shipped with the package, never change. Publishing the same switches as the
        latest version publishes nothing new.
        """
        check_fields(name=name, title=title, switches=changes, **({} if base is None else {"base": base}))
        versions = self.versions(name)
        if base is None:
            if not versions:
                raise RulesError(f"'{name}' is a new ruleset: say which ruleset it starts from with --from BASE.")
            base = name
        if versions and base != name:
            origin = self.ruleset(name, versions[0]).base
            if base != origin:
                raise RulesError(
                    f"'{name}' is already a ruleset based on {origin}: publish its next version from {name} itself, "
                    "or choose another name."
                )
        base_published = self.ruleset(base)
        rules = with_switches(base_published.rules, changes)
        switches = _switches_json(rules)
        if not title and versions:
            title = self.ruleset(name).title  # a next version keeps its ruleset's title unless given one
        with self.write() as connection:
            latest = connection.execute(
                "SELECT version, switches FROM rulesets WHERE name = ? ORDER BY version DESC LIMIT 1", (name,)
            ).fetchone()
            if latest is not None and json.loads(latest[1]) == json.loads(switches):
                return latest[0]
            version = 1 if latest is None else latest[0] + 1
            check_fields(version=version)
            origin = base if latest is None else self._origin(connection, name)
            connection.execute(
                "INSERT INTO rulesets (name, version, base, title, switches, published_at) VALUES (?, ?, ?, ?, ?, ?)",
                (name, version, origin, title, switches, now()),
            )
        return version

    @staticmethod
    def _origin(connection: sqlite3.Connection, name: str) -> str:
        """The ruleset a name was first based on (a preset is based on itself)."""
        return connection.execute(
            "SELECT base FROM rulesets WHERE name = ? ORDER BY version LIMIT 1", (name,)
        ).fetchone()[0]

    # ---------------------------------------------------------------- games
    def record(
        self,
        game: Round,
        ruleset: str,
        version: int,
        seats: Sequence[RecordedSeat | dict | str],
        started_at: str | None = None,
        room: str = "",
    ) -> int:
        """Record a finished round; returns its id. ``seats``: who played each seat, as records or their
        JSON (a seat given as text is read as seats were recorded before they were typed); ``room``: the code of the room
        it was played in."""
        if not game.over:
            raise MatatuError("Only a finished round can be recorded.")
        record = self._record_of(game, ruleset, version, seats, started_at, room)
        check_fields(**_gate_fields(record))
        if self._checked.get((ruleset, version)) is not game.rules:
            if self.rules(ruleset, version) != game.rules:
                raise MatatuError(f"The round was not played under {ruleset} v{version}: its switches differ.")
            self._checked[ruleset, version] = game.rules
        return self._insert(record)

    def _record_of(
        self,
        game: Round,
        ruleset: str,
        version: int,
        seats: Sequence[RecordedSeat | str],
        started_at: str | None,
        room: str = "",
    ) -> GameRecord:
        result = game.result
        ended_at = now()
        return GameRecord(
            None,
            ruleset,
            version,
            game.players,
            tuple(RecordedSeat.from_json(seat) for seat in seats),
            game.seed,
            game.leader,
            tuple(action.text for action in game.history),
            result.reason,
            result.winners,
            result.totals,
            result.points,
            started_at or ended_at,
            ended_at,
            room,
        )

    def _insert(self, record: GameRecord) -> int:
        # One INSERT in autocommit mode is one atomic transaction: a record is stored whole or not at all.
        cursor = self.execute(
            """INSERT INTO games (ruleset, version, players, seats, seed, leader, actions, reason, winners,
               totals, points, started_at, ended_at, room) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (
                record.ruleset,
                record.version,
                record.players,
                _seats_json(record.seats),
                record.seed,
                record.leader,
                json.dumps(record.actions, ensure_ascii=False),
                record.reason,
                _numbers(record.winners),
                _numbers(record.totals),
                _numbers(record.points),
                record.started_at,
                record.ended_at,
                record.room,
            ),
        )
        return cursor.lastrowid

    def games(self, ruleset: str | None = None, limit: int | None = 20, room: str | None = None) -> list[GameRecord]:
        """Recorded games, newest first; ``room``: only those played in the room of that code."""
        sql = "SELECT * FROM games"
        parameters: list[Any] = []
        where = []
        if ruleset is not None:
            where.append("ruleset = ?")
            parameters.append(ruleset)
        if room is not None:
            where.append("room = ?")
            parameters.append(room)
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            parameters.append(limit)
        return [_record_from_row(row) for row in self.query(sql, parameters)]

    def count(self) -> int:
        return self.query("SELECT count(*) FROM games")[0][0]

    def game(self, game_id: int) -> GameRecord:
        rows = self.query("SELECT * FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StoreError(f"There is no recorded game {game_id}; 'matatu-learn history' lists them.")
        return _record_from_row(rows[0])

    def replay(self, game_id: int) -> ReplayReport:
        """Play a recorded game again under its stored version and compare the result."""
        record = self.game(game_id)
        return replay_record(record, self.rules(record.ruleset, record.version))

    # ------------------------------------------------------ export, import
    def export(self, ruleset: str | None = None) -> dict[str, Any]:
        """Records and the ruleset versions they were played under, as JSON-ready data."""
        records = list(reversed(self.games(ruleset, limit=None)))
        used = sorted({(record.ruleset, record.version) for record in records})
        rulesets = []
        for name, version in used:
            published = self.ruleset(name, version)
            rulesets.append(
                {
                    "name": name,
                    "version": version,
                    "base": published.base,
                    "title": published.title,
                    "switches": json.loads(_switches_json(published.rules)),
                }
            )
        return {
            "format": "matatu-learn games",
            "schema": EXPORT_SCHEMA,
            "rulesets": rulesets,
            "games": [record.to_json() for record in records],
        }

    def import_games(self, data: Any) -> ImportReport:
        """Add exported records through the same gate as publish and record; each game is replayed first.

        Nothing is added unless all are sound (one transaction); games already held are skipped.
        """
        if not isinstance(data, dict) or data.get("format") != "matatu-learn games":
            raise StoreError(
                'This is not a matatu-learn export: expected an object with "format": "matatu-learn games".'
            )
        if data.get("schema", 1) not in (1, EXPORT_SCHEMA):
            raise StoreError(
                f"This export has schema {shown(data.get('schema'))}; this matatu-learn reads schemas 1 and {EXPORT_SCHEMA}."
            )
        rulesets = data.get("rulesets", [])
        games = data.get("games")
        if not isinstance(rulesets, list) or not isinstance(games, list):
            raise StoreError('An export needs a list of "rulesets" and a list of "games".')
        incoming = self._incoming_rulesets(rulesets)
        records = []
        for index, item in enumerate(games):
            record = _record_from_json(item, f"games[{index}]")
            key = (record.ruleset, record.version)
            try:
                rules = incoming[key][2] if key in incoming else self.rules(*key)
            except RulesError as error:
                raise StoreError(f"games[{index}]: {error}") from None
            report = replay_record(record, rules)
            if not report.reproduced:
                raise StoreError(f"games[{index}] does not replay to its recorded result: {report.difference}")
            records.append(record)
        ids: list[int] = []
        skipped = 0
        with self.write() as connection:  # all of the export, or nothing
            for (name, version), (base, title, rules) in incoming.items():
                connection.execute(
                    "INSERT OR IGNORE INTO rulesets (name, version, base, title, switches, published_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (name, version, base, title, _switches_json(rules), now()),
                )
            held = _held_games(connection, {(record.ruleset, record.version) for record in records})
            for record in records:
                identity = _identity(record)
                if identity in held:
                    skipped += 1
                    continue
                held.add(identity)
                ids.append(self._insert(record))
        return ImportReport(tuple(ids), skipped)

    def _incoming_rulesets(self, rulesets: list) -> dict[tuple[str, int], tuple[str, str, Rules]]:
        """An export's ruleset versions, each through the gate and agreeing with what is published here."""
        incoming: dict[tuple[str, int], tuple[str, str, Rules]] = {}
        origins: dict[str, str] = {}
        for index, item in enumerate(rulesets):
            where = f"rulesets[{index}]"
            if not isinstance(item, dict) or not {"name", "version", "switches"} <= item.keys():
                raise RecordError(f"{where} is not a ruleset version: it needs a name, a version and switches.")
            name, version = item["name"], item["version"]
            base, title = item.get("base", name), item.get("title", "")
            try:
                check_fields(name=name, version=version, base=base, title=title, switches=item["switches"])
                rules = Rules(**item["switches"])
            except MatatuError as error:
                raise RecordError(f"{where}: {error}") from None
            if name in PRESETS and base != name:
                raise RecordError(f"{where}: {name} is a preset, so its versions are based on {name}, not {base}.")
            versions = self.versions(name)
            origin = origins.setdefault(name, self.ruleset(name, versions[0]).base if versions else base)
            if base != origin:
                raise RecordError(f"{where}: {name} is based on {origin}, not {base}; the export was not imported.")
            if version in versions and self.rules(name, version) != rules:
                raise RecordError(
                    f"{name} v{version} is published here with other switches; the export was not imported."
                )
            if (name, version) in incoming and incoming[name, version][2] != rules:
                raise RecordError(f"{where}: {name} v{version} appears twice with different switches.")
            incoming[name, version] = (base, title, rules)
        return incoming


def replay_record(record: GameRecord, rules: Rules) -> ReplayReport:
    """Replay a record as frames, each move with the ruling that allowed it, and compare the result."""
    frames: list[Frame] = []
    try:
        for frame in each_frame(Round(rules, record.players, record.seed, record.leader), record.actions):
            frames.append(frame)
    except MatatuError as error:
        index = len(frames) - 1
        return ReplayReport(
            record, tuple(frames), False, f"action {index} '{record.actions[index]}' was refused: {error}"
        )
    game = frames[-1].game
    if not game.over:
        return ReplayReport(record, tuple(frames), False, "the round is not over after the recorded actions")
    result = game.result
    expected = RoundResult(record.reason, record.winners, record.totals, record.points, result.cutter)
    if result != expected:
        return ReplayReport(
            record,
            tuple(frames),
            False,
            f"recorded {record.reason} {list(record.winners)} {list(record.points)}, "
            f"replayed {result.reason} {list(result.winners)} {list(result.points)}",
        )
    return ReplayReport(record, tuple(frames), True, "")


def _seats_json(seats: Sequence[RecordedSeat]) -> str:
    return json.dumps([seat.to_json() for seat in seats])


def _typed_seats(connection: sqlite3.Connection) -> None:
    """The migration to typed seats: each game's seats, recorded as text, become objects."""
    rows = connection.execute("SELECT id, seats FROM games").fetchall()
    connection.executemany(
        "UPDATE games SET seats = ? WHERE id = ?",
        [(_seats_json([RecordedSeat.from_json(seat) for seat in json.loads(seats)]), game) for game, seats in rows],
    )


MIGRATIONS.add(4, "games", _typed_seats)


def _numbers(values: Sequence[int]) -> str:
    """A JSON list of whole numbers, written directly: recording sits on the simulation's path."""
    return "[" + ", ".join(map(str, values)) + "]"


def _switches_json(rules: Rules) -> str:
    return json.dumps(rules.switches(), sort_keys=True)


def _rules_from_json(text: str) -> Rules:
    data = json.loads(text)
    known = {field.name for field in fields(Rules)}
    return Rules(**{name: value for name, value in data.items() if name in known})


def _record_from_row(row: tuple) -> GameRecord:
    (
        identifier,
        ruleset,
        version,
        players,
        seats,
        seed,
        leader,
        actions,
        reason,
        winners,
        totals,
        points,
        started_at,
        ended_at,
        room,
    ) = row
    return GameRecord(
        identifier,
        ruleset,
        version,
        players,
        tuple(RecordedSeat.from_json(seat) for seat in json.loads(seats)),
        seed,
        leader,
        tuple(json.loads(actions)),
        reason,
        tuple(json.loads(winners)),
        tuple(json.loads(totals)),
        tuple(json.loads(points)),
        started_at,
        ended_at,
        room,
    )


GAME_FIELDS = tuple(field.name for field in fields(GameRecord) if field.name != "id")
# Fields an export may leave out (older exports have no room), with the value they then take.
_OPTIONAL_FIELDS = {"leader": 0, "room": ""}


def _gate_fields(record: GameRecord) -> dict[str, Any]:
    return {name: getattr(record, name) for name in GAME_FIELDS}


def _identity(record: GameRecord) -> tuple:
    """What makes two records the same game: everything but the id it was given."""
    return tuple(_gate_fields(record).values())


def _held_games(connection: sqlite3.Connection, keys: set[tuple[str, int]]) -> set[tuple]:
    """The identities of the games stored under these ruleset versions."""
    held = set()
    for ruleset, version in keys:
        for row in connection.execute("SELECT * FROM games WHERE ruleset = ? AND version = ?", (ruleset, version)):
            held.add(_identity(_record_from_row(row)))
    return held


def _record_from_json(item: Any, where: str) -> GameRecord:
    """An exported game, taken exactly as written: the gate refuses a field of the wrong kind, never converts it."""
    if not isinstance(item, dict):
        raise RecordError(f"{where} is not a game record: expected an object.")
    missing = [name for name in GAME_FIELDS if name not in item and name not in _OPTIONAL_FIELDS]
    if missing:
        raise RecordError(f"{where} is not a game record: it has no {missing[0]}.")
    values = {name: item.get(name, _OPTIONAL_FIELDS.get(name)) for name in GAME_FIELDS}
    if isinstance(values["seats"], list):  # objects, or text as exports of schema 1 wrote them
        values["seats"] = [RecordedSeat.from_json(seat) for seat in values["seats"]]
    try:
        check_fields(**values)
    except RecordError as error:
        raise RecordError(f"{where}: {error}") from None
    return GameRecord(
        None, **{name: tuple(value) if isinstance(value, list) else value for name, value in values.items()}
    )
