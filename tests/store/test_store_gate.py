"""One gate for every record (issue 23): import checks what publish and record check, and every
failure of the database (full, read-only, busy) is one sentence that leaves it as it was."""

import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys

import pytest

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.cli import main
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.store import database
from matatu_learn.store.database import RecordError, Store, StoreError


def finished_round(rules, players=2, seed=1):
    game = Round(rules, players, seed)
    play_round(game, [make_agent("random", seat) for seat in range(players)])
    return game


def fill(path, games=3):
    """A database with a ruleset of its own and recorded games under it and under house."""
    with Store(path) as store:
        store.publish("mine", "bomb", {"jokers": False}, "Our table")
        for seed in range(games):
            store.record(finished_round(PRESETS["house"], seed=seed), "house", 1, ["random", "human"])
        store.record(finished_round(store.rules("mine"), seed=99), "mine", 1, ["heuristic", "random"])
        return json.loads(json.dumps(store.export()))


def state(path):
    """What must not change when something is refused: the soundness check and every table's rows."""
    connection = sqlite3.connect(path)
    try:
        return (
            connection.execute("PRAGMA integrity_check").fetchone()[0],
            connection.execute("SELECT * FROM rulesets ORDER BY name, version").fetchall(),
            connection.execute("SELECT * FROM games ORDER BY id").fetchall(),
        )
    finally:
        connection.close()


def one_line_error(capsys):
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.err.startswith("matatu-learn: ")
    return captured.err


def rename(data, name):
    data["rulesets"][1]["name"] = name
    data["games"][-1]["ruleset"] = name


def set_version(data, version):
    data["rulesets"][1]["version"] = version
    data["games"][-1]["version"] = version


TAMPERINGS = [
    ("markup name", lambda data: rename(data, "<script>alert(1)</script>"), "cannot name a ruleset"),
    ("SQL name", lambda data: rename(data, "x'; DROP TABLE games; --"), "cannot name a ruleset"),
    ("negative version", lambda data: set_version(data, -3), "whole number from 1 to 1,000,000,000, not -3"),
    ("fractional version", lambda data: set_version(data, 2.5), "whole number from 1 to 1,000,000,000, not 2.5"),
    ("version as text", lambda data: set_version(data, "7"), "whole number from 1 to 1,000,000,000, not '7'"),
    ("1 MB title", lambda data: data["rulesets"][1].update(title="t" * 1_000_000), "The title is malformed"),
    ("title with an escape", lambda data: data["rulesets"][1].update(title="\x1b[2J"), "The title is malformed"),
    ("1 MB seat", lambda data: data["games"][0].update(seats=["s" * 1_000_000, "random"]), "seat 1 is malformed"),
    ("one seat, two players", lambda data: data["games"][0].update(seats=["random"]), "2 players need 2 seat"),
    ("lone surrogate", lambda data: data["games"][1].update(seats=["random", "\udcff"]), "seat 2 is malformed"),
    ("unknown switch", lambda data: data["rulesets"][1]["switches"].update(wild=True), "'wild' is not a switch"),
    ("players as text", lambda data: data["games"][0].update(players="2"), "2 to 6 players, not '2'"),
    ("fractional winner", lambda data: data["games"][0].update(winners=[0.0]), "whole number"),
    ("a preset from elsewhere", lambda data: data["rulesets"][0].update(base="bomb"), "its versions are based on"),
]


@pytest.mark.parametrize("mutate, message", [item[1:] for item in TAMPERINGS], ids=[item[0] for item in TAMPERINGS])
def test_a_tampered_import_is_refused_in_a_sentence_and_adds_nothing(tmp_path, monkeypatch, capsys, mutate, message):
    data = fill(tmp_path / "source.sqlite3")
    assert [ruleset["name"] for ruleset in data["rulesets"]] == ["house", "mine"]
    target = tmp_path / "target.sqlite3"
    fill(target, games=1)
    before = state(target)
    mutate(data)
    export = tmp_path / "tampered.json"
    export.write_text(json.dumps(data), encoding="utf-8", errors="surrogatepass")
    monkeypatch.setenv("MATATU_LEARN_DB", str(target))
    assert main(["import", str(export)]) == 2
    assert message in one_line_error(capsys)
    assert state(target) == before and before[0] == "ok"
    assert main(["export", str(tmp_path / "still.json")]) == 0  # nothing was let in that export cannot write


def test_importing_the_same_games_again_skips_them_and_says_how_many(tmp_path, monkeypatch, capsys):
    data = fill(tmp_path / "source.sqlite3")
    data["games"].append(dict(data["games"][0]))  # the same game twice in one file
    export = tmp_path / "games.json"
    export.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("MATATU_LEARN_DB", str(tmp_path / "target.sqlite3"))
    assert main(["import", str(export)]) == 0
    assert capsys.readouterr().out == "4 games imported (ids 1-4); 1 already held, skipped.\n"
    assert main(["import", str(export)]) == 0
    assert capsys.readouterr().out == "0 games imported; 5 already held, skipped.\n"
    with Store(tmp_path / "target.sqlite3") as store:
        assert store.count() == 4


def test_publish_and_record_pass_the_same_gate(tmp_path):
    with Store(tmp_path / "games.sqlite3") as store:
        with pytest.raises(RecordError, match="The title is malformed"):
            store.publish("mine", "bomb", {}, "t" * 121)
        with pytest.raises(RecordError, match="The switch cut_limit must be true, false, a whole number"):
            store.publish("mine", "bomb", {"cut_limit": 25.0})
        game = finished_round(PRESETS["house"])
        with pytest.raises(RecordError, match="The name of seat 2 is malformed"):
            store.record(game, "house", 1, ["random", "line\nbreak"])
        with pytest.raises(RecordError, match="2 players need 2 seat names, not 1"):
            store.record(game, "house", 1, ["random"])
        huge = Round(PRESETS["house"], 2, 2**70)  # SQLite cannot hold this seed: a sentence, not OverflowError
        play_round(huge, [make_agent("random", seat) for seat in range(2)])
        with pytest.raises(RecordError, match="The seed must be a whole number from 0 to"):
            store.record(huge, "house", 1, ["random", "random"])
        assert store.count() == 0 and store.names() == ["house", "uganda", "bomb", "party"]


def limited(size):
    """A child process may write no file past ``size`` bytes: a full disk, as the write sees it."""

    def apply():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # so a write past the limit fails (EFBIG), not the process
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return apply


def run_limited(size, database_path, *arguments):
    return subprocess.run(
        [sys.executable, "-m", "matatu_learn", *arguments],
        capture_output=True,
        text=True,
        timeout=180,
        preexec_fn=limited(size),
        env=dict(os.environ, MATATU_LEARN_DB=str(database_path)),
    )


def assert_one_sentence(result, *words):
    assert result.returncode == 2 and result.stdout == "", result
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in result.stderr


def test_an_import_on_a_full_disk_is_one_sentence_and_writes_nothing(tmp_path):
    source = tmp_path / "source.sqlite3"
    data = fill(source, games=12)
    export = tmp_path / "games.json"
    export.write_text(json.dumps(data), encoding="utf-8")
    target = tmp_path / "target.sqlite3"
    Store(target).close()
    before = state(target)
    result = run_limited(100_000, target, "import", str(export))  # the games fill about 200 kB
    assert_one_sentence(result, "is full")
    assert state(target) == before and before[0] == "ok"


def test_a_publish_that_fails_at_commit_on_a_full_disk_is_one_sentence(tmp_path):
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:  # held open: its WAL is past the limit, so the child's COMMIT is what fails
        assert (tmp_path / "games.sqlite3-wal").stat().st_size > 4096
        result = run_limited(4096, path, "rules", "publish", "house", "--set", "cut_limit=25")
        assert_one_sentence(result, "is full", "nothing was written")
        assert store.versions("house") == [1]
    assert state(path)[0] == "ok"


def test_an_export_on_a_full_disk_leaves_the_old_file_whole(tmp_path):
    path = tmp_path / "games.sqlite3"
    fill(path, games=40)
    export = tmp_path / "games.json"
    export.write_text('{"format": "matatu-learn games", "schema": 1, "rulesets": [], "games": []}')
    old = export.read_bytes()
    result = run_limited(50_000, path, "export", str(export))
    assert_one_sentence(result, "The disk is full", "was not written")
    assert export.read_bytes() == old
    assert sorted(item.name for item in tmp_path.iterdir()) == ["games.json", "games.sqlite3"]  # no partial file


def test_an_old_record_with_a_lone_surrogate_still_exports_and_is_refused_on_import(tmp_path, monkeypatch, capsys):
    path = tmp_path / "old.sqlite3"
    fill(path, games=1)
    connection = sqlite3.connect(path)
    connection.execute("UPDATE games SET seats = ? WHERE id = 1", (json.dumps(["random", "\udcff"]),))
    connection.commit()
    connection.close()
    monkeypatch.setenv("MATATU_LEARN_DB", str(path))
    assert main(["export", str(tmp_path / "games.json")]) == 0
    capsys.readouterr()
    assert json.loads((tmp_path / "games.json").read_text(encoding="utf-8"))["games"][0]["seats"][1]["name"] == "\udcff"
    monkeypatch.setenv("MATATU_LEARN_DB", str(tmp_path / "new.sqlite3"))
    assert main(["import", str(tmp_path / "games.json")]) == 2
    assert "seat 2 is malformed" in one_line_error(capsys)


def test_a_busy_database_says_so(tmp_path, monkeypatch, capsys):
    path = tmp_path / "games.sqlite3"
    Store(path).close()
    monkeypatch.setattr(database, "BUSY_TIMEOUT_SECONDS", 1)
    monkeypatch.setenv("MATATU_LEARN_DB", str(path))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert main(["rules", "publish", "house", "--set", "cut_limit=25"]) == 2
        assert "is busy: another program kept it locked for 1 s; try again." in one_line_error(capsys)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


READ_ONLY_COMMANDS = """
set -e
mount --bind "$1" "$2"
mount -o remount,bind,ro "$2"
for command in "rules --list" "history" "rules mine" "rules publish house --set cut_limit=25"; do
    echo "== $command"
    MATATU_LEARN_DB="$2/games.sqlite3" "$3" -m matatu_learn $command 2>&1 || echo "exit $?"
done
"""


@pytest.mark.parametrize("writer_open", [False, True], ids=["closed cleanly", "a writer holds it open"])
def test_reads_work_on_a_read_only_mount_and_writes_say_read_only(tmp_path, writer_open):
    source, mount = tmp_path / "source", tmp_path / "mount"
    source.mkdir()
    mount.mkdir()
    fill(source / "games.sqlite3", games=2)
    before = state(source / "games.sqlite3")
    writer = Store(source / "games.sqlite3") if writer_open else None
    try:
        # A mount namespace of its own: as root, file modes stop nothing, but a read-only mount does.
        result = subprocess.run(
            [
                "unshare",
                "--map-root-user",
                "--mount",
                "sh",
                "-c",
                READ_ONLY_COMMANDS,
                "sh",
                source,
                mount,
                sys.executable,
            ],
            capture_output=True,
            text=True,
            timeout=180,
        )
    finally:
        if writer is not None:
            writer.close()
    assert result.returncode == 0, result.stderr
    sections = dict(part.split("\n", 1) for part in result.stdout.split("== ")[1:])
    assert sections["rules --list"].splitlines()[-1].startswith("mine") and "Our table" in sections["rules --list"]
    assert len(sections["history"].splitlines()) == 1 + 3
    assert sections["rules mine"].startswith("mine v1: Our table")
    refused = sections["rules publish house --set cut_limit=25"]
    assert "is read-only (its file or folder cannot be written)" in refused and refused.endswith("exit 2\n")
    assert "damaged" not in result.stdout and "Traceback" not in result.stdout
    assert state(source / "games.sqlite3") == before


def test_the_sentences_name_what_really_happened():
    path = database.Path("games.sqlite3")

    def error_of(code, name):
        error = sqlite3.OperationalError("x")
        error.sqlite_errorcode, error.sqlite_errorname = code, name
        return str(database.database_error(path, error))

    assert "is read-only" in error_of(sqlite3.SQLITE_READONLY, "SQLITE_READONLY")
    assert "is full" in error_of(sqlite3.SQLITE_FULL, "SQLITE_FULL")
    assert "is full" in error_of(sqlite3.SQLITE_IOERR_WRITE, "SQLITE_IOERR_WRITE")
    assert "is busy" in error_of(sqlite3.SQLITE_BUSY, "SQLITE_BUSY")
    assert "damaged" in error_of(sqlite3.SQLITE_CORRUPT, "SQLITE_CORRUPT")
    for code, name in [(sqlite3.SQLITE_READONLY, ""), (sqlite3.SQLITE_FULL, ""), (sqlite3.SQLITE_CANTOPEN, "")]:
        assert "damaged" not in error_of(code, name)
    with pytest.raises(StoreError):
        raise database.database_error(path, sqlite3.OperationalError("no code"))
