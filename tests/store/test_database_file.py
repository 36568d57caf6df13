"""The database's file under a running server: removed, replaced or made read-only, an open store
says so (a typed fact) instead of writing into nothing or starting a second database, and a page
says it without the server's path."""

import html
import os
import subprocess
import sys
import textwrap

import pytest

from matatu_learn.store.database import (
    DATABASE_FILE_VARIABLE,
    StorageFailure,
    StorageFault,
    Store,
    held_database_file,
)
from matatu_learn.store.roles import TEACHER_CODE_VARIABLE
from matatu_learn.teaching.voice import STORAGE_WORDS, error_words
from matatu_learn.widgets.history import HistoryBrowser


@pytest.fixture
def held(tmp_path, monkeypatch):
    """A server's database, held as ``serve`` holds it for its kernels (they inherit the environment)."""
    monkeypatch.delenv(TEACHER_CODE_VARIABLE, raising=False)
    monkeypatch.delenv(DATABASE_FILE_VARIABLE, raising=False)
    path = tmp_path / "class.sqlite3"
    Store(path).close()
    monkeypatch.setenv(DATABASE_FILE_VARIABLE, held_database_file(path)[DATABASE_FILE_VARIABLE])
    return path


def removed(path):
    for suffix in ("", "-wal", "-shm"):
        (path.parent / (path.name + suffix)).unlink(missing_ok=True)


def test_a_removed_file_stops_the_writes_and_no_second_database_is_made(held):
    store = Store(held)
    removed(held)
    with pytest.raises(StorageFailure) as stopped:
        store.publish("mine", "house", {"cut_limit": 25}, "ours")
    assert stopped.value.fault is StorageFault.GONE and str(held) in str(stopped.value)
    with pytest.raises(StorageFailure):
        store.execute("DELETE FROM games")
    store.close()
    with pytest.raises(StorageFailure) as refused:
        Store(held)  # a new page's kernel: it does not start an empty database at the path
    assert refused.value.fault is StorageFault.GONE
    assert not held.exists()


def test_a_replaced_file_is_another_database_and_is_not_written(held, tmp_path):
    store = Store(held)
    other = tmp_path / "other.sqlite3"
    Store(other).close()
    removed(held)
    os.replace(other, held)
    with pytest.raises(StorageFailure) as stopped:
        store.publish("mine", "house", {"cut_limit": 25}, "ours")
    assert stopped.value.fault is StorageFault.GONE
    store.close()
    with Store(other.parent / "unheld.sqlite3") as unheld:  # a database the server does not hold opens as ever
        assert unheld.schema_version() > 0


def test_a_page_says_the_file_went_without_the_servers_path(held, fresh_page, monkeypatch, capfd):
    monkeypatch.setenv("MATATU_LEARN_DB", str(held))
    browser = HistoryBrowser(held)
    removed(held)
    browser.quick.click()
    said = html.unescape(browser.problem.value)
    assert STORAGE_WORDS[StorageFault.GONE] in said
    assert str(held.parent) not in said and "MATATU_LEARN_DB" not in said and "restart" not in said
    assert str(held) in capfd.readouterr().err  # the server's log has the path and the advice
    assert not held.exists()


READ_ONLY_PROGRAM = textwrap.dedent(
    """
    import sqlite3, sys
    from pathlib import Path
    from matatu_learn.store.database import StorageFailure, Store, database_error
    from matatu_learn.teaching.voice import error_words
    path = Path(sys.argv[1]) / "class.sqlite3"
    with Store(path) as store:
        try:
            store.publish("mine", "house", {"cut_limit": 25}, "ours")
        except StorageFailure as failure:
            print(failure.fault.value)
            print(error_words(failure))
    # A connection opened before the mount became read-only sees its writes fail as I/O errors.
    failed = sqlite3.OperationalError("disk I/O error")
    failed.sqlite_errorcode, failed.sqlite_errorname = sqlite3.SQLITE_IOERR_WRITE, "SQLITE_IOERR_WRITE"
    print(database_error(path, failed).fault.value)
    """
)


def test_a_read_only_database_is_named_read_only_never_a_full_disk(tmp_path):
    source, mount = tmp_path / "source", tmp_path / "mount"
    source.mkdir()
    mount.mkdir()
    Store(source / "class.sqlite3").close()
    # A mount namespace of its own: as root, file modes stop nothing, but a read-only mount does.
    script = (
        f'mount --bind "{source}" "{mount}" && mount -o remount,bind,ro "{mount}" '
        f'&& exec "{sys.executable}" -c "$0" "{mount}"'
    )
    result = subprocess.run(
        ["unshare", "--map-root-user", "--mount", "sh", "-c", script, READ_ONLY_PROGRAM],
        capture_output=True,
        text=True,
        timeout=180,
        env=dict(os.environ, PYTHONPATH=os.getcwd()),
    )
    assert result.returncode == 0, result.stderr
    fault, sentence, failed_write = result.stdout.splitlines()
    assert fault == failed_write == StorageFault.READ_ONLY.value
    assert sentence == error_words(StorageFailure(StorageFault.READ_ONLY, mount, "")) and "read-only" in sentence
    assert str(tmp_path) not in sentence and "full" not in sentence
