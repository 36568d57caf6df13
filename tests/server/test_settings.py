"""Times a test server is started with instead of a class's: the kernel culler's, a room's away
time and its poll, the table's pace, read from the environment once, the shipped ones when nothing is set."""

import os
import subprocess
import sys

import pytest

from matatu_learn import server
from matatu_learn.cli import main
from matatu_learn.engine.errors import MatatuError
from matatu_learn.play import rooms
from matatu_learn.teaching import room
from matatu_learn.widgets import rooms_page

CLASS_CULLING = {"cull_idle_timeout": 60, "cull_interval": 30, "cull_connected": False}


@pytest.fixture(autouse=True)
def nothing_set(monkeypatch):
    for variable in [
        *server.CULLING_VARIABLES.values(),
        "MATATU_LEARN_AWAY_SECONDS",
        "MATATU_LEARN_WAITING_ROOM_SECONDS",
        "MATATU_LEARN_PACE_SECONDS",
        "MATATU_LEARN_ROOM_POLL_SECONDS",
    ]:
        monkeypatch.delenv(variable, raising=False)


def test_a_class_gets_the_shipped_culler_and_away_time():
    assert server.kernel_culling() == CLASS_CULLING
    assert "--MappingKernelManager.cull_idle_timeout=60" in server.voila_command(server.packaged_notebooks(), 8866, "h")
    assert rooms.AWAY_SECONDS == 20.0 and room.HEARTBEAT_SECONDS == 5.0
    assert rooms.WAITING_ROOM_SECONDS == 300.0  # a waiting room its host left, or nobody joined, closes
    assert rooms_page.POLL_SECONDS == 0.3  # a move shows on the other pages within a second


def test_a_test_server_is_started_with_the_culler_times_the_environment_gives(monkeypatch):
    monkeypatch.setenv("MATATU_LEARN_CULL_IDLE_TIMEOUT", "4")
    monkeypatch.setenv("MATATU_LEARN_CULL_INTERVAL", "1")
    assert server.kernel_culling() == dict(CLASS_CULLING, cull_idle_timeout=4, cull_interval=1)
    command = server.voila_command(server.packaged_notebooks(), 8866, "127.0.0.1")
    assert "--MappingKernelManager.cull_idle_timeout=4" in command
    assert "--MappingKernelManager.cull_interval=1" in command


def test_a_page_kernel_reads_the_away_time_and_the_pace_the_server_was_given():
    program = (
        "from matatu_learn.play.rooms import AWAY_SECONDS, WAITING_ROOM_SECONDS; "
        "from matatu_learn.teaching.room import HEARTBEAT_SECONDS; print(AWAY_SECONDS, HEARTBEAT_SECONDS, WAITING_ROOM_SECONDS); "
        "from matatu_learn.widgets.table_widget import PACES; print(*PACES.values()); "
        "from matatu_learn.widgets.rooms_page import POLL_SECONDS; print(POLL_SECONDS)"
    )
    finished = subprocess.run(
        [sys.executable, "-c", program],
        env=dict(
            os.environ,
            MATATU_LEARN_AWAY_SECONDS="8",
            MATATU_LEARN_WAITING_ROOM_SECONDS="45",
            MATATU_LEARN_PACE_SECONDS="0.5",
            MATATU_LEARN_ROOM_POLL_SECONDS="0.05",
        ),
        capture_output=True,
        text=True,
        check=True,
    )
    timers, paces, poll = finished.stdout.splitlines()
    assert timers.split() == ["8.0", "2.0", "45.0"]  # a page beats four times within the away time
    assert paces.split() == ["None", "1.0", "0.5", "0.2"]  # step, slow, normal, fast: the table's pace follows
    assert poll == "0.05"  # a room's poll


@pytest.mark.parametrize("given", ["soon", "0", "-5", "1.5", "inf"])
def test_a_culler_time_that_is_not_whole_seconds_is_refused_in_one_sentence(monkeypatch, given):
    monkeypatch.setenv("MATATU_LEARN_CULL_INTERVAL", given)
    with pytest.raises(MatatuError) as refused:
        server.kernel_culling()
    assert str(refused.value) == f"MATATU_LEARN_CULL_INTERVAL must be a whole number of seconds above 0, not '{given}'."


def test_serve_refuses_a_culler_time_set_wrong_before_it_serves(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("MATATU_LEARN_CULL_IDLE_TIMEOUT", "a minute")
    assert main(["serve", "--no-browser", "--port", str(server.DEFAULT_PORT + 7)]) == 2
    output = capsys.readouterr()
    assert "Serving" not in output.out
    assert output.err.strip().endswith(
        "MATATU_LEARN_CULL_IDLE_TIMEOUT must be a whole number of seconds above 0, not 'a minute'."
    )
