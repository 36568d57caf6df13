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
import sqlite3
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.errors import MatatuError, RulesError
from ..engine.frames import Frame, each_frame
from ..engine.round import Round, RoundResult, check_players
from ..engine.rules import PRESET_TITLES, PRESETS, Rules, with_switches

APPLICATION_ID = 0x4D61744C  # "MatL": marks a matatu-learn database
ENVIRONMENT_VARIABLE = "MATATU_LEARN_DB"
NAME_CHARACTERS = set("abcdefghijklmnopqrstuvwxyz0123456789-_")

# Each entry moves the schema one version forward; the index is the version it leaves.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
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
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
# The presets' first versions come with the package; this is the date they carry.
PRESET_PUBLISHED_AT = "2026-01-01T00:00:00.000+00:00"


class StoreError(MatatuError):
    """The database cannot be used as asked; nothing in it was changed."""


@dataclass(frozen=True)
class PublishedRuleset:
    name: str
    version: int
    base: str
    title: str
    rules: Rules
    published_at: str


@dataclass(frozen=True)
class GameRecord:
    """One recorded round: enough to replay it exactly."""

    id: int | None
    ruleset: str
    version: int
    players: int
    seats: tuple[str, ...]
    seed: int
    leader: int
    actions: tuple[str, ...]
    reason: str
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    points: tuple[int, ...]
    started_at: str
    ended_at: str

    def to_json(self) -> dict[str, Any]:
        data = {field.name: getattr(self, field.name) for field in fields(self)}
        for name in ("seats", "actions", "winners", "totals", "points"):
            data[name] = list(data[name])
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


def default_path() -> Path:
    """``MATATU_LEARN_DB`` if set, else a file in the user's data folder."""
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured:
        return Path(configured).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("matatu-learn", appauthor=False)) / "matatu-learn.sqlite3"


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _database_error(path: Path, error: sqlite3.Error) -> StoreError:
    text = str(error)
    if "locked" in text or "busy" in text:
        return StoreError(f"The database {path} stayed busy too long; try again.")
    if "readonly" in text or "read-only" in text:
        return StoreError(
            f"The database {path} cannot be written (read-only); set {ENVIRONMENT_VARIABLE} to a writable file."
        )
    return StoreError(
        f"The database {path} is damaged or is not a matatu-learn database ({text}); it was left as it is."
    )


class Store:
    """A matatu-learn database. Use as a context manager, or call ``close``."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path).expanduser() if path is not None else default_path()
        self._rules_cache: dict[tuple[str, int], Rules] = {}
        self._checked: dict[tuple[str, int], Rules] = {}  # the rules object last found equal to a version
        self._connection = self._open()
        try:
            self._migrate()
            self._publish_presets()
        except sqlite3.Error as error:
            self._connection.close()
            raise _database_error(self.path, error) from None
        except BaseException:
            self._connection.close()
            raise

    # ------------------------------------------------------------- opening
    def _open(self) -> sqlite3.Connection:
        path = self.path
        if path.is_dir():
            raise StoreError(f"{path} is a folder, not a database file; set {ENVIRONMENT_VARIABLE} to a file path.")
        existing = path.exists() and path.stat().st_size > 0
        if not existing:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(
                    f"Cannot create the database folder {path.parent} ({error.strerror}); "
                    f"set {ENVIRONMENT_VARIABLE} to a writable file path."
                ) from None
        if existing:
            with open(path, "rb") as file:
                header = file.read(16)
            if header != b"SQLite format 3\x00":
                raise StoreError(
                    f"{path} is not a matatu-learn database (it is not an SQLite file); it was left untouched."
                )
        try:
            connection = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreError(
                f"Cannot open or create the database {path} ({error}); set {ENVIRONMENT_VARIABLE} to a writable file path."
            ) from None
        try:
            application = connection.execute("PRAGMA application_id").fetchone()[0]
            tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            schema = connection.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error:
            connection.close()
            raise StoreError(f"{path} is damaged or is not a matatu-learn database; it was left untouched.") from None
        if existing and application != APPLICATION_ID and tables:
            connection.close()
            raise StoreError(
                f"{path} is an SQLite database of another program, not of matatu-learn; it was left untouched."
            )
        if schema > SCHEMA_VERSION:
            connection.close()
            raise StoreError(
                f"{path} was made by a newer matatu-learn (schema {schema}, this one knows {SCHEMA_VERSION}); upgrade matatu-learn to use it."
            )
        try:
            connection.execute("PRAGMA busy_timeout = 30000")
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as error:
            connection.close()
            raise _database_error(path, error) from None
        return connection

    def _migrate(self) -> None:
        # A current database is only read here, so a read-only one can still be read.
        if self._connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
            return
        with self._transaction() as connection:
            schema = connection.execute("PRAGMA user_version").fetchone()[0]
            for version in range(schema, SCHEMA_VERSION):
                for statement in MIGRATIONS[version]:
                    connection.execute(statement)
            if schema < SCHEMA_VERSION:
                connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _publish_presets(self) -> None:
        """The package's published preset versions, added to the database on first use."""
        rows = [
            (name, 1, name, PRESET_TITLES[name], _switches_json(rules), PRESET_PUBLISHED_AT)
            for name, rules in PRESETS.items()
        ]
        present = self._connection.execute(
            f"SELECT count(*) FROM rulesets WHERE version = 1 AND name IN ({', '.join('?' * len(PRESETS))})",
            tuple(PRESETS),
        ).fetchone()[0]
        if present == len(PRESETS):
            return
        with self._transaction() as connection:
            connection.executemany(
                "INSERT OR IGNORE INTO rulesets (name, version, base, title, switches, published_at) VALUES (?, ?, ?, ?, ?, ?)",
                rows,
            )

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exception) -> None:
        self.close()

    # ---------------------------------------------------------- transactions
    @contextmanager
    def _transaction(self):
        """One write transaction: all of it is stored, or none; a database error becomes a sentence."""
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise _database_error(self.path, error) from None
        try:
            yield connection
        except sqlite3.Error as error:
            connection.execute("ROLLBACK")
            raise _database_error(self.path, error) from None
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    def _query(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple]:
        try:
            return self._connection.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise _database_error(self.path, error) from None

    # ------------------------------------------------------------- rulesets
    def names(self) -> list[str]:
        return [row[0] for row in self._query("SELECT DISTINCT name FROM rulesets ORDER BY rowid")]

    def versions(self, name: str) -> list[int]:
        return [row[0] for row in self._query("SELECT version FROM rulesets WHERE name = ? ORDER BY version", (name,))]

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
        base, title, switches, published_at = self._query(
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
        rows = self._query("SELECT name, version FROM rulesets ORDER BY rowid")
        return [self.ruleset(name, version) for name, version in rows]

    def publish(self, name: str, base: str | None, changes: dict[str, Any], title: str = "") -> int:
        """Publish a table's rules: a base ruleset with switches changed. Returns the version.

        A new name starts a ruleset from ``base``. A name that exists takes its next version,
        from its own latest version (``base`` None or the name itself) or from the ruleset it
        was first based on; the presets take next versions the same way, and their first
        versions, shipped with the package, never change. Publishing the same switches as the
        latest version publishes nothing new.
        """
        if not isinstance(name, str) or not name or set(name) - NAME_CHARACTERS or len(name) > 40:
            raise RulesError(
                f"'{name}' cannot name a ruleset: use up to 40 lower-case letters, digits, '-' and '_', e.g. kampala-family."
            )
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
        with self._transaction() as connection:
            latest = connection.execute(
                "SELECT version, switches FROM rulesets WHERE name = ? ORDER BY version DESC LIMIT 1", (name,)
            ).fetchone()
            if latest is not None and json.loads(latest[1]) == json.loads(switches):
                return latest[0]
            version = 1 if latest is None else latest[0] + 1
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
        self, game: Round, ruleset: str, version: int, seats: Sequence[str], started_at: str | None = None
    ) -> int:
        """Record a finished round; returns its id."""
        if not game.over:
            raise MatatuError("Only a finished round can be recorded.")
        if len(seats) != game.players:
            raise MatatuError(f"Name the kind of every seat ({game.players}), not {len(seats)}.")
        if self._checked.get((ruleset, version)) is not game.rules:
            if self.rules(ruleset, version) != game.rules:
                raise MatatuError(f"The round was not played under {ruleset} v{version}: its switches differ.")
            self._checked[ruleset, version] = game.rules
        return self._insert(self._record_of(game, ruleset, version, seats, started_at))

    def _record_of(
        self, game: Round, ruleset: str, version: int, seats: Sequence[str], started_at: str | None
    ) -> GameRecord:
        result = game.result
        ended_at = now()
        return GameRecord(
            None,
            ruleset,
            version,
            game.players,
            tuple(seats),
            game.seed,
            game.leader,
            tuple(action.text for action in game.history),
            result.reason,
            result.winners,
            result.totals,
            result.points,
            started_at or ended_at,
            ended_at,
        )

    def _insert(self, record: GameRecord) -> int:
        # One INSERT in autocommit mode is one atomic transaction: a record is stored whole or not at all.
        try:
            cursor = self._connection.execute(
                """INSERT INTO games (ruleset, version, players, seats, seed, leader, actions, reason, winners,
                   totals, points, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    record.ruleset,
                    record.version,
                    record.players,
                    json.dumps(record.seats),
                    record.seed,
                    record.leader,
                    json.dumps(record.actions, ensure_ascii=False),
                    record.reason,
                    _numbers(record.winners),
                    _numbers(record.totals),
                    _numbers(record.points),
                    record.started_at,
                    record.ended_at,
                ),
            )
        except sqlite3.Error as error:
            raise _database_error(self.path, error) from None
        return cursor.lastrowid

    def games(self, ruleset: str | None = None, limit: int | None = 20) -> list[GameRecord]:
        """Recorded games, newest first."""
        sql = "SELECT * FROM games"
        parameters: list[Any] = []
        if ruleset is not None:
            sql += " WHERE ruleset = ?"
            parameters.append(ruleset)
        sql += " ORDER BY id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            parameters.append(limit)
        return [_record_from_row(row) for row in self._query(sql, parameters)]

    def count(self) -> int:
        return self._query("SELECT count(*) FROM games")[0][0]

    def game(self, game_id: int) -> GameRecord:
        rows = self._query("SELECT * FROM games WHERE id = ?", (game_id,))
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
            "schema": 1,
            "rulesets": rulesets,
            "games": [record.to_json() for record in records],
        }

    def import_games(self, data: Any) -> list[int]:
        """Add exported records; each is replayed first, and nothing is added unless all are sound."""
        if not isinstance(data, dict) or data.get("format") != "matatu-learn games":
            raise StoreError(
                'This is not a matatu-learn export: expected an object with "format": "matatu-learn games".'
            )
        rulesets = data.get("rulesets", [])
        games = data.get("games")
        if not isinstance(rulesets, list) or not isinstance(games, list):
            raise StoreError('An export needs a list of "rulesets" and a list of "games".')
        incoming: dict[tuple[str, int], tuple[dict, Rules]] = {}
        for index, item in enumerate(rulesets):
            try:
                key = (item["name"], item["version"])
                rules = _rules_from_json(json.dumps(item["switches"]))
            except (KeyError, TypeError, ValueError, MatatuError) as error:
                raise StoreError(f"rulesets[{index}] is not a ruleset version ({error}).") from None
            incoming[key] = (item, rules)
        records = []
        for index, item in enumerate(games):
            record = _record_from_json(item, f"games[{index}]")
            key = (record.ruleset, record.version)
            if key in incoming:
                rules = incoming[key][1]
            else:
                try:
                    rules = self.rules(*key)
                except RulesError as error:
                    raise StoreError(f"games[{index}]: {error}") from None
            report = replay_record(record, rules)
            if not report.reproduced:
                raise StoreError(f"games[{index}] does not replay to its recorded result: {report.difference}")
            records.append(record)
        for (name, version), (_, rules) in incoming.items():
            if version in self.versions(name):
                if self.rules(name, version) != rules:
                    raise StoreError(
                        f"{name} v{version} is published here with other switches; the export was not imported."
                    )
        with self._transaction() as connection:  # all of the export, or nothing
            for (name, version), (item, rules) in incoming.items():
                connection.execute(
                    "INSERT OR IGNORE INTO rulesets (name, version, base, title, switches, published_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (name, version, item.get("base", name), item.get("title", ""), _switches_json(rules), now()),
                )
            return [self._insert(record) for record in records]


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
    ) = row
    return GameRecord(
        identifier,
        ruleset,
        version,
        players,
        tuple(json.loads(seats)),
        seed,
        leader,
        tuple(json.loads(actions)),
        reason,
        tuple(json.loads(winners)),
        tuple(json.loads(totals)),
        tuple(json.loads(points)),
        started_at,
        ended_at,
    )


def _record_from_json(item: Any, where: str) -> GameRecord:
    try:
        record = GameRecord(
            None,
            str(item["ruleset"]),
            int(item["version"]),
            int(item["players"]),
            tuple(map(str, item["seats"])),
            int(item["seed"]),
            int(item.get("leader", 0)),
            tuple(map(str, item["actions"])),
            str(item["reason"]),
            tuple(map(int, item["winners"])),
            tuple(map(int, item["totals"])),
            tuple(map(int, item["points"])),
            str(item["started_at"]),
            str(item["ended_at"]),
        )
        check_players(record.players)
    except (KeyError, TypeError, ValueError) as error:
        raise StoreError(f"{where} is not a game record (missing or bad field {error}).") from None
    except MatatuError as error:
        raise StoreError(f"{where}: {error}") from None
    return record
