"""A database made by an earlier matatu-learn opens with this one and keeps what it holds.

``SCHEMA_3`` is the schema as matatu-learn wrote it before the store's migrations became a
registry (schema version 3), copied from such a database: it is history, never edited.
"""

import json
import sqlite3

import pytest

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.store.database import APPLICATION_ID, Database, RecordedSeat, RecordError, Store
from matatu_learn.store.progress import Progress
from matatu_learn.store.schema import MIGRATIONS
from matatu_learn.teaching.pages import PAGES
from matatu_learn.teaching.progress import lesson_statuses

SCHEMA_3 = """
CREATE TABLE rulesets (
            name TEXT NOT NULL,
            version INTEGER NOT NULL,
            base TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            switches TEXT NOT NULL,
            published_at TEXT NOT NULL,
            PRIMARY KEY (name, version)
        );
CREATE TRIGGER published_versions_never_change BEFORE UPDATE ON rulesets
           BEGIN SELECT RAISE(ABORT, 'a published ruleset version never changes'); END;
CREATE TRIGGER published_versions_stay BEFORE DELETE ON rulesets
           BEGIN SELECT RAISE(ABORT, 'a published ruleset version is never removed'); END;
CREATE TABLE games (
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
            ended_at TEXT NOT NULL, room TEXT NOT NULL DEFAULT '',
            FOREIGN KEY (ruleset, version) REFERENCES rulesets (name, version)
        );
CREATE INDEX games_by_ruleset ON games (ruleset, version);
CREATE TABLE rooms (
            code TEXT PRIMARY KEY,
            ruleset TEXT NOT NULL,
            version INTEGER NOT NULL,
            switches TEXT NOT NULL DEFAULT '{}',
            played TEXT,
            played_version INTEGER,
            players INTEGER NOT NULL,
            whole_match INTEGER NOT NULL,
            seed INTEGER NOT NULL,
            status TEXT NOT NULL,
            host INTEGER NOT NULL,
            round INTEGER NOT NULL DEFAULT 0,
            to_move INTEGER NOT NULL DEFAULT -1,
            moves INTEGER NOT NULL DEFAULT 0,
            changes INTEGER NOT NULL DEFAULT 0,
            round_started_at TEXT NOT NULL DEFAULT '',
            moved_at REAL NOT NULL DEFAULT 0,
            active REAL NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            FOREIGN KEY (ruleset, version) REFERENCES rulesets (name, version),
            FOREIGN KEY (played, played_version) REFERENCES rulesets (name, version)
        );
CREATE TABLE room_seats (
            room TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            token TEXT NOT NULL DEFAULT '',
            seen REAL NOT NULL DEFAULT 0,
            PRIMARY KEY (room, seat)
        );
CREATE TABLE room_moves (
            room TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
            round INTEGER NOT NULL,
            number INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            by_seat INTEGER NOT NULL,
            agent TEXT NOT NULL DEFAULT '',
            action TEXT NOT NULL,
            made_at TEXT NOT NULL,
            PRIMARY KEY (room, round, number)
        );
CREATE TRIGGER room_moves_never_change BEFORE UPDATE ON room_moves
           BEGIN SELECT RAISE(ABORT, 'a move made in a room never changes'); END;
CREATE TABLE room_games (
            room TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
            round INTEGER NOT NULL,
            game INTEGER NOT NULL REFERENCES games (id),
            PRIMARY KEY (room, round)
        );
CREATE INDEX games_by_room ON games (room) WHERE room != '';
CREATE TABLE learners (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        folded TEXT NOT NULL UNIQUE,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        created_at TEXT NOT NULL,
        active_at TEXT NOT NULL
    );
CREATE TABLE puzzles (
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
    );
CREATE INDEX puzzles_by_rating ON puzzles (ruleset, rating);
CREATE TABLE puzzle_attempts (
        id INTEGER PRIMARY KEY,
        learner INTEGER NOT NULL REFERENCES learners (id),
        puzzle TEXT NOT NULL REFERENCES puzzles (key),
        right INTEGER NOT NULL,
        first INTEGER NOT NULL,
        answered_at TEXT NOT NULL
    );
CREATE UNIQUE INDEX one_first_attempt ON puzzle_attempts (learner, puzzle) WHERE first = 1;
CREATE INDEX attempts_by_learner ON puzzle_attempts (learner, puzzle);
CREATE TABLE rating_changes (
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
    );
CREATE INDEX rating_changes_by_learner ON rating_changes (learner, attempt);
CREATE TABLE lesson_answers (
        id INTEGER PRIMARY KEY,
        learner INTEGER NOT NULL REFERENCES learners (id),
        lesson TEXT NOT NULL,
        question TEXT NOT NULL,
        right INTEGER NOT NULL,
        answered_at TEXT NOT NULL
    );
CREATE INDEX lesson_answers_by_learner ON lesson_answers (learner, lesson);
CREATE TABLE mistakes (
        learner INTEGER NOT NULL REFERENCES learners (id),
        item TEXT NOT NULL,
        due REAL NOT NULL,
        streak INTEGER NOT NULL,
        misses INTEGER NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (learner, item)
    );
CREATE TABLE graded_games (
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
    );
CREATE INDEX graded_games_by_learner ON graded_games (learner);
"""


def finished_round(seed: int = 5) -> Round:
    game = Round(PRESETS["house"], 2, seed)
    play_round(game, [make_agent("heuristic", seat) for seat in range(2)])
    return game


@pytest.fixture
def schema_3(tmp_path):
    """A database of schema 3 holding a learner's progress and a game recorded at the Play table."""
    path = tmp_path / "before.sqlite3"
    connection = sqlite3.connect(path)
    connection.executescript(SCHEMA_3)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    connection.execute("PRAGMA user_version = 3")
    with Store(tmp_path / "presets.sqlite3") as store:  # the presets' rows as published
        presets = store.query("SELECT name, version, base, title, switches, published_at FROM rulesets")
    connection.executemany("INSERT INTO rulesets VALUES (?, ?, ?, ?, ?, ?)", presets)
    game = finished_round()
    result = game.result
    connection.execute(
        "INSERT INTO games (ruleset, version, players, seats, seed, leader, actions, reason, winners, totals, "
        "points, started_at, ended_at) VALUES ('house', 1, 2, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)",
        (
            '["human", "heuristic"]',
            game.seed,
            json.dumps([action.text for action in game.history]),
            result.reason,
            json.dumps(list(result.winners)),
            json.dumps(list(result.totals)),
            json.dumps(list(result.points)),
            "2026-02-01T10:00:00.000+00:00",
            "2026-02-01T10:05:00.000+00:00",
        ),
    )
    connection.execute(
        "INSERT INTO learners (name, folded, rating, deviation, volatility, created_at, active_at) "
        "VALUES ('Amina', 'amina', 1512.5, 290.0, 0.06, '2026-02-01', '2026-02-02')"
    )
    connection.executemany(
        "INSERT INTO lesson_answers (learner, lesson, question, right, answered_at) VALUES (1, ?, ?, ?, ?)",
        [
            ("01-the-deal", "house/3", 1, "2026-02-01T10:00:00.000+00:00"),
            ("05-scoring", "house/9", 0, "2026-02-01T10:01:00.000+00:00"),
            ("05-scoring", "house/9", 1, "2026-02-01T10:02:00.000+00:00"),
        ],
    )
    connection.execute(
        "INSERT INTO mistakes (learner, item, due, streak, misses, added_at) "
        "VALUES (1, 'lesson:05-scoring:house/9', 1800000600.0, 1, 1, '2026-02-01')"
    )
    connection.execute(
        "INSERT INTO puzzles (key, ruleset, level, question, set_number, number, puzzle, seed_rating, "
        "seed_deviation, rating, deviation, volatility, added_at) VALUES ('house:0123456789abcdef', 'house', "
        "'easy', 'can_cut', 0, 0, '{}', 1500, 189, 1488.0, 180, 0.06, '2026-02-01')"
    )
    connection.execute(
        "INSERT INTO puzzle_attempts (learner, puzzle, right, first, answered_at) "
        "VALUES (1, 'house:0123456789abcdef', 1, 1, '2026-02-01T10:03:00.000+00:00')"
    )
    connection.execute(
        "INSERT INTO rating_changes VALUES (1, 1, 'house:0123456789abcdef', 1500, 1512.5, 290, 0.06, 1500, 1488, "
        "180, '2026-02-01T10:03:00.000+00:00')"
    )
    connection.execute(
        "INSERT INTO graded_games (game, seat, learner, decisions, error_rate, blunders, mistakes, inaccuracies, "
        "result, luck, deal_luck, played_like, grade, graded_at) "
        "VALUES (1, 0, 1, 12, 0.02, 0, 1, 2, 1.0, 0.1, 0.05, 'heuristic', '{}', '2026-02-01T10:06:00.000+00:00')"
    )
    connection.commit()
    connection.close()
    return path


def test_a_database_of_schema_3_opens_and_migrates_to_the_latest_schema(schema_3):
    with Store(schema_3) as store:
        assert store.schema_version() == MIGRATIONS.version
        assert store.names() == ["house", "uganda", "bomb", "party"]
        assert store.rules("house") == PRESETS["house"]
        (record,) = store.games()
        assert store.replay(record.id).reproduced
        assert store.query("SELECT name, rating FROM learners") == [("Amina", 1512.5)]


def test_each_repository_adds_its_tables_to_the_one_registry():
    names = {(part.version, part.name) for part in MIGRATIONS.parts()}
    assert {(1, "rulesets"), (1, "games"), (2, "rooms"), (3, "progress")} <= names


def test_a_new_database_has_every_table_of_every_repository(tmp_path):
    with Database(tmp_path / "new.sqlite3") as database:
        tables = {row[0] for row in database.query("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"rulesets", "games", "rooms", "room_seats", "learners", "lesson_answers", "graded_games"} <= tables


def test_a_write_is_all_or_nothing_and_a_read_sees_one_moment(tmp_path):
    path = tmp_path / "class.sqlite3"
    with Database(path) as database, Database(path) as other:
        with pytest.raises(RuntimeError, match="stopped"), database.write() as connection:
            connection.execute(
                "INSERT INTO learners (name, folded, rating, deviation, volatility, created_at, active_at) "
                "VALUES ('Kato', 'kato', 1500, 350, 0.06, '', '')"
            )
            raise RuntimeError("stopped half way")
        assert database.query("SELECT count(*) FROM learners") == [(0,)]
        with database.read():
            before = database.query("SELECT count(*) FROM learners")
            other.execute(
                "INSERT INTO learners (name, folded, rating, deviation, volatility, created_at, active_at) "
                "VALUES ('Kato', 'kato', 1500, 350, 0.06, '', '')"
            )
            assert database.query("SELECT count(*) FROM learners") == before == [(0,)]
        assert database.query("SELECT count(*) FROM learners") == [(1,)]


def test_recorded_seats_become_typed_and_replay(schema_3):
    with Store(schema_3) as store:
        (record,) = store.games()
        assert record.seats == (RecordedSeat.person(), RecordedSeat.computer("heuristic"))
        stored = json.loads(store.query("SELECT seats FROM games")[0][0])
        assert stored == [
            {"kind": "person", "name": "", "agent": None},
            {"kind": "computer", "name": "", "agent": "heuristic"},
        ]
        assert store.replay(record.id).reproduced


@pytest.mark.parametrize(
    "text, seat",
    [
        ("human", RecordedSeat.person()),
        ("Amina", RecordedSeat.person("Amina")),
        ("random", RecordedSeat.computer("random")),
        ("search:3", RecordedSeat.computer("search:3")),
        ("", RecordedSeat.person()),
    ],
)
def test_a_seat_recorded_as_text_is_read_as_it_was_meant(text, seat):
    assert RecordedSeat.from_json(text) == seat
    assert RecordedSeat.from_json(seat.to_json()) == seat


def test_an_export_written_before_seats_were_typed_still_imports(schema_3, tmp_path):
    with Store(schema_3) as store:
        (record,) = store.games()
    today = record.to_json() | {"seats": ["Amina", "search:2"]}  # as exports of schema 1 wrote seats
    del today["id"]
    export = {"format": "matatu-learn games", "schema": 1, "rulesets": [], "games": [today]}
    with Store(tmp_path / "new.sqlite3") as store:
        (imported,) = store.import_games(export).ids
        assert store.game(imported).seats == (RecordedSeat.person("Amina"), RecordedSeat.computer("search:2"))
        again = store.export()
        assert again["schema"] == 2 and again["games"][0]["seats"][0] == {
            "kind": "person",
            "name": "Amina",
            "agent": None,
        }
        assert store.import_games(again).skipped == 1  # the same game, typed, is the game already held


def test_a_seat_of_no_known_shape_is_refused_in_a_sentence(tmp_path):
    game = finished_round()
    with Store(tmp_path / "games.sqlite3") as store, pytest.raises(RecordError, match="Seat 2 must be an object"):
        store.record(game, "house", 1, [RecordedSeat.person("Amina"), {"kind": "robot"}])


def test_every_learners_lessons_and_mistakes_move_to_page_ids(schema_3, tmp_path):
    with Store(schema_3) as store:
        progress = Progress(store, clock=lambda: 1_800_000_000.0)
        lessons = progress.lessons("Amina")
        assert {lesson: (record.asked, record.right) for lesson, record in lessons.items()} == {
            "the-deal": (1, 1),
            "scoring": (2, 1),
        }
        (mistake,) = progress.mistakes("amina")
        assert (mistake.kind, mistake.lesson, mistake.key, mistake.streak) == ("lesson", "scoring", "house/9", 1)
        mine = progress.progress("Amina")
        assert (mine.puzzle_rating, mine.puzzles_attempted, mine.puzzles_right, mine.trend) == (1512.5, 1, 1, [1512.5])
        assert (mine.games, mine.decisions, mine.blunders, mine.mistakes_queued) == (1, 12, 0, 1)
        assert progress.graded_game(1, 0).played_like == "heuristic"
        assert [page for page, _, status in lesson_statuses(mine) if status.startswith("Done")] == [
            "the-deal",
            "scoring",
            "can-you-cut",  # by the first try at a puzzle, answered right
        ]
    # Every page the progress names is a page of the registry.
    assert {"the-deal", "scoring"} <= {entry.id for entry in PAGES}


def test_a_game_graded_before_played_games_were_kept_counts_as_played_once(schema_3):
    from matatu_learn.store.progress import GamePlace, PlayedAt, Progress

    with Store(schema_3) as store:
        amina = Progress(store).progress("Amina")
    assert amina.played == {GamePlace.PLAY: PlayedAt(1, 1)}, "graded at the Play table, and won"
    assert (amina.games, amina.graded) == (1, 1), "one game, counted once"
