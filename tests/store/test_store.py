import hashlib
import json
import multiprocessing
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.cli import main
from matatu_learn.engine.errors import MatatuError, RulesError
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.store.database import SCHEMA_VERSION, RecordedSeat, Store, StoreError
from matatu_learn.store.registry import find_rules
from matatu_learn.teaching.voice import Voice


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "games.sqlite3") as opened:
        yield opened


def finished_round(rules, players=2, seed=1):
    game = Round(rules, players, seed)
    play_round(game, [make_agent("random", seat) for seat in range(players)])
    return game


def another_writer(store):
    """A connection of its own to the store's file, as another program would open it."""
    return sqlite3.connect(store.path, isolation_level=None)


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_presets_are_published_as_version_one_on_first_use(store):
    assert store.names() == ["house", "uganda", "bomb", "party"]
    for name, rules in PRESETS.items():
        assert store.versions(name) == [1] and store.rules(name) == rules


def test_publishing_makes_versions_and_a_version_never_changes(store):
    assert store.publish("kampala-family", "uganda", {"cut_limit": 25, "picks_add_up": True}) == 1
    assert store.publish("kampala-family", "uganda", {"cut_limit": 25, "picks_add_up": True}) == 1  # nothing new
    assert store.publish("kampala-family", "kampala-family", {"queens_reverse": True}) == 2
    first, second = store.rules("kampala-family", 1), store.rules("kampala-family", 2)
    assert (first.cut_limit, first.picks_add_up, first.queens_reverse) == (25, True, False)
    assert (second.cut_limit, second.queens_reverse) == (25, True)
    assert store.rules("kampala-family") == second
    writer = another_writer(store)  # the triggers hold against any program that writes the file
    with pytest.raises(sqlite3.IntegrityError, match="never changes"):
        writer.execute("UPDATE rulesets SET switches = '{}' WHERE name = 'house'")
    with pytest.raises(sqlite3.IntegrityError, match="never removed"):
        writer.execute("DELETE FROM rulesets WHERE name = 'house'")
    writer.close()


@pytest.mark.parametrize(
    "name, base, changes, message",
    [
        ("uganda", "house", {}, "'uganda' is already a ruleset based on uganda: publish its next version from uganda"),
        ("fresh", None, {}, "'fresh' is a new ruleset: say which ruleset it starts from"),
        ("Big Table!", "house", {}, "'Big Table!' cannot name a ruleset"),
        ("mine", "nowhere", {}, "'nowhere' is not a published ruleset: choose one of house, uganda, bomb, party."),
        ("mine", "house", {"cut_limt": 3}, "'cut_limt' is not a switch"),
        ("mine", "party", {"cut_limit": 5}, "cut_limit must be at least 14"),
    ],
)
def test_bad_publications_are_refused(store, name, base, changes, message):
    with pytest.raises(MatatuError, match=re.escape(message)):
        store.publish(name, base, changes)
    assert store.names() == ["house", "uganda", "bomb", "party"]


def test_unknown_versions_list_what_exists(store):
    store.publish("mine", "bomb", {"jokers": False})
    with pytest.raises(RulesError, match="mine has no version 3: its versions are 1."):
        store.ruleset("mine", 3)


def test_a_published_name_works_wherever_a_preset_does(tmp_path, monkeypatch):
    monkeypatch.setenv("MATATU_LEARN_DB", str(tmp_path / "shared.sqlite3"))
    with Store() as store:
        store.publish("kampala-family", "uganda", {"cut_limit": 25})
    assert find_rules("kampala-family").cut_limit == 25
    from matatu_learn.teaching.scenarios import run_scenario

    outcome = run_scenario(
        {
            "name": "kampala: 25 counting the seven cuts",
            "rules": {"preset": "kampala-family", "version": 1},
            "position": {"hands": ["7♦ K♣ 5♣", "K♠ Q♠"], "pile": "9♦", "marker": "3♦"},
            "legal": ["cut 7♦", "draw"],
        }
    )
    assert outcome.passed, outcome.message


def test_games_are_recorded_and_replay_exactly(store):
    ids = []
    for seed in range(5):
        game = finished_round(PRESETS["uganda"], 3, seed)
        ids.append(store.record(game, "uganda", 1, ["random", "random", "human"]))
    records = store.games()
    assert [record.id for record in records] == list(reversed(ids))
    record = store.game(ids[2])
    computer, person = RecordedSeat.computer("random"), RecordedSeat.person()
    assert record.seats == (computer, computer, person) and record.players == 3
    report = store.replay(ids[2])
    assert report.reproduced and report.game.result.reason == record.reason
    # The deal, then one frame for each recorded action with the ruling that allowed it.
    assert len(report.frames) == len(record.actions) + 1 and report.frames[0].action is None
    assert all(
        str(frame.action) == action and frame.ruling.legal and frame.ruling.action == action
        for action, frame in zip(record.actions, report.frames[1:], strict=True)
    )
    assert store.games("house") == [] and len(store.games("uganda", limit=2)) == 2


def test_a_tampered_record_does_not_reproduce(store):
    game_id = store.record(finished_round(PRESETS["house"]), "house", 1, ["random", "random"])
    writer = another_writer(store)
    writer.execute("UPDATE games SET points = '[999, 0]' WHERE id = ?", (game_id,))
    writer.close()
    report = store.replay(game_id)
    assert not report.reproduced and "recorded" in report.difference


def test_recording_checks_the_round(store):
    with pytest.raises(Exception, match="Only a finished round"):
        store.record(Round(PRESETS["house"], 2, 1), "house", 1, ["a", "b"])
    with pytest.raises(Exception, match="switches differ"):
        store.record(finished_round(PRESETS["bomb"]), "house", 1, ["a", "b"])
    with pytest.raises(StoreError, match="There is no recorded game 42"):
        store.game(42)


def test_export_and_import_round_trip(tmp_path, store):
    store.publish("mine", "bomb", {"jokers": False})
    store.record(finished_round(find_rules("bomb")), "bomb", 1, ["random", "random"])
    store.record(finished_round(store.rules("mine"), seed=3), "mine", 1, ["heuristic", "random"])
    data = json.loads(json.dumps(store.export()))
    with Store(tmp_path / "other.sqlite3") as other:
        ids = other.import_games(data).ids
        assert len(ids) == 2 and other.rules("mine") == store.rules("mine")
        assert [other.replay(game_id).reproduced for game_id in ids] == [True, True]
        assert [record.actions for record in other.games()] == [record.actions for record in store.games()]
    tampered = json.loads(json.dumps(data))
    tampered["games"][1]["winners"] = [1 - tampered["games"][1]["winners"][0]]
    with Store(tmp_path / "third.sqlite3") as third:
        with pytest.raises(StoreError, match=r"games\[1\] does not replay to its recorded result"):
            third.import_games(tampered)
        assert third.count() == 0 and third.names() == ["house", "uganda", "bomb", "party"]
        with pytest.raises(StoreError, match="not a matatu-learn export"):
            third.import_games({"games": []})


@pytest.mark.parametrize(
    "content, message",
    [
        (b"this is a text file, not a database\n" * 20, "is not a matatu-learn database (it is not an SQLite file)"),
        (b"SQLite format 3\x00" + os.urandom(4000), "is damaged or is not a matatu-learn database"),
    ],
    ids=["a-text-file", "a-damaged-sqlite-file"],  # every worker collects the same names (random bytes change)
)
def test_a_file_that_is_not_our_database_is_refused_and_left_untouched(tmp_path, content, message):
    path = tmp_path / "games.sqlite3"
    path.write_bytes(content)
    before = digest(path)
    with pytest.raises(StoreError, match=re.escape(message)):
        Store(path)
    assert digest(path) == before
    assert not (tmp_path / "games.sqlite3-wal").exists()


def test_another_programs_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "other.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (text TEXT)")
    connection.execute("INSERT INTO notes VALUES ('keep me')")
    connection.commit()
    connection.close()
    before = digest(path)
    with pytest.raises(StoreError, match="an SQLite database of another program"):
        Store(path)
    assert digest(path) == before


def test_a_database_from_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "games.sqlite3"
    Store(path).close()
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.commit()
    connection.close()
    with pytest.raises(StoreError, match="made by a newer matatu-learn"):
        Store(path)


def test_an_impossible_location_is_a_sentence(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("I am a file, not a folder")
    with pytest.raises(StoreError, match="Cannot create the database folder"):
        Store(blocker / "games.sqlite3")
    with pytest.raises(StoreError, match="set MATATU_LEARN_DB to a writable file path"):
        Store("/proc/matatu-learn/games.sqlite3")
    with pytest.raises(StoreError, match="is a folder, not a database file"):
        Store(tmp_path)


def test_commands_report_a_broken_database_in_one_line(tmp_path):
    path = tmp_path / "broken.sqlite3"
    path.write_bytes(b"not a database at all" * 10)
    result = subprocess.run(
        [sys.executable, "-m", "matatu_learn", "history"],
        capture_output=True,
        text=True,
        env=dict(os.environ, MATATU_LEARN_DB=str(path)),
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "is not a matatu-learn database" in result.stderr


def _record_games(path, start, count):
    with Store(path) as store:
        for seed in range(start, start + count):
            store.record(finished_round(PRESETS["bomb"], 2, seed), "bomb", 1, ["random", "random"])


def test_several_processes_record_into_one_database_and_nothing_is_lost(tmp_path):
    path = tmp_path / "shared.sqlite3"
    Store(path).close()
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_record_games, args=(path, worker * 1000, 40)) for worker in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0
    with Store(path) as store:
        assert store.count() == 160
        seeds = sorted(record.seed for record in store.games(limit=None))
        assert seeds == sorted(worker * 1000 + seed for worker in range(4) for seed in range(40))


KILLED_WRITER = """
import sys
from matatu_learn.agents.choices import make_agent
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.agents.simulate import play_round
from matatu_learn.store.database import Store
with Store(sys.argv[1]) as store:
    seed = 0
    while True:
        game = Round(PRESETS["house"], 2, seed)
        play_round(game, [make_agent("random", 0), make_agent("random", 1)])
        store.record(game, "house", 1, ["random", "random"])
        print(seed, flush=True)
        seed += 1
"""


def test_a_process_killed_mid_write_loses_at_most_the_record_it_was_writing(tmp_path):
    path = tmp_path / "killed.sqlite3"
    writer = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(path)], stdout=subprocess.PIPE, text=True)
    confirmed = 0
    deadline = time.monotonic() + 60
    while confirmed < 15 and time.monotonic() < deadline:
        writer.stdout.readline()
        confirmed += 1
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    # Every line the writer printed follows a record written: those it printed while the test read
    # the first fifteen count too.
    confirmed += len(writer.stdout.read().splitlines())
    with Store(path) as store:
        assert store._connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        count = store.count()
        assert confirmed <= count <= confirmed + 1
        assert all(store.replay(record.id).reproduced for record in store.games(limit=None))


def test_history_replay_export_import_commands(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MATATU_LEARN_DB", str(tmp_path / "cli.sqlite3"))
    assert (
        main(["simulate", "--rules", "party", "--games", "3", "--players", "3", "--agents", "heuristic", "--record"])
        == 0
    )
    capsys.readouterr()
    assert main(["history", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [item["id"] for item in listed] == [3, 2, 1] and listed[0]["seats"] == [
        {"kind": "computer", "name": "", "agent": "heuristic"}
    ] * 3
    assert main(["replay", "2"]) == 0
    with Store(tmp_path / "cli.sqlite3") as store:
        record = store.game(2)
    # Played again here, apart from the command, and told in the voice's words.
    game = Round.replay(PRESETS["party"], record.players, record.seed, record.actions, record.leader)
    assert capsys.readouterr().out == (
        f"game 2: party v1, 3 players, seed {record.seed}, {len(record.actions)} actions: reproduced. "
        f"{Voice(3).result(game.result)}\n"
    )
    assert main(["export", str(tmp_path / "games.json")]) == 0
    monkeypatch.setenv("MATATU_LEARN_DB", str(tmp_path / "second.sqlite3"))
    capsys.readouterr()
    assert main(["import", str(tmp_path / "games.json")]) == 0
    assert capsys.readouterr().out.strip() == "3 games imported (ids 1-3)."
    assert main(["history"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 4
    assert main(["replay", "99"]) == 2
    assert "There is no recorded game 99" in capsys.readouterr().err
    assert main(["simulate", "--rules", "party", "--games", "1", "--set", "cut_limit=20", "--record"]) == 2
    assert "publish your switches first" in capsys.readouterr().err


def test_a_database_left_at_an_older_schema_migrates_forward(tmp_path):
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA application_id = {0x4D61744C}")
    connection.execute("PRAGMA user_version = 0")
    connection.commit()
    connection.close()
    with Store(path) as store:
        assert store._connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert store.names() == ["house", "uganda", "bomb", "party"]


def test_a_long_lived_connection_keeps_seeing_other_processes_writes(tmp_path):
    # A page's kernel keeps its Store open while other kernels open and close theirs. Opening a
    # second Store in the same process must not drop the first one's SQLite locks (closing any
    # descriptor of the file would), or another process would delete the WAL under it.
    path = tmp_path / "class.sqlite3"
    kept = Store(path)
    assert "late" not in kept.names()
    Store(path).close()
    script = "import sys; from matatu_learn.store.database import Store; "
    subprocess.run([sys.executable, "-c", script + f"Store({str(path)!r}).close()"], check=True)
    subprocess.run(
        [sys.executable, "-c", script + f"Store({str(path)!r}).publish('late', 'house', {{'cut_limit': 25}})"],
        check=True,
    )
    assert "late" in kept.names(), "the kept connection reads a WAL another process deleted"
    kept.close()
