"""Sweeps: seeded tasks give the same numbers here, on local processes and on a Dask cluster."""

import json
import pickle
import socket
import subprocess
import sys

import distributed
import pytest

from matatu_learn.agents.simulate import deal_game, lineup, simulate, simulate_range
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.strategy.questions import make_study, setting
from matatu_learn.strategy.sweeps import (
    SweepError,
    Task,
    add,
    add_all,
    connect,
    count_ends,
    play_capped,
    run_tasks,
    simulate_part,
    simulate_sweep,
    split_games,
)

RULES = PRESETS["house"]


def counts_of(report):
    """A simulation report without its timings and where it ran."""
    return {
        key: value for key, value in report.items() if key in ("games", "decisions", "wins", "reasons", "agent_wins")
    }


@pytest.fixture(scope="module")
def cluster_client():
    with (
        distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_a_sweep_is_cut_by_game_numbers_only():
    tasks = split_games(count_ends, RULES, 3, ("heuristic",), seed=5, games=23, first=100, chunk=10)
    assert [(task.first, task.count) for task in tasks] == [(100, 10), (110, 10), (120, 3)]
    assert all(task.seed == 5 and task.rules is RULES for task in tasks)


def test_a_game_is_dealt_from_the_run_seed_and_its_number_alone():
    # Game 7 of run 5, whichever task holds it, is the game the agents' own simulation plays.
    alone = Task(count_ends, RULES, 3, ("heuristic",), 5, 7, 1)
    inside = Task(count_ends, RULES, 3, ("heuristic",), 5, 0, 10)
    (number, game, _), *_ = alone.games()
    same = next(game for index, game, _ in inside.games() if index == 7)
    assert number == 7 and game.hands == same.hands and game.stock == same.stock
    played = []
    simulate_range(RULES, 3, 5, ["heuristic"], 7, 1, on_round=lambda game, agents: played.append(game))
    replayed, agents = deal_game(RULES, lineup(3, ["heuristic"]), 5, 7)
    play_capped(replayed, agents)
    assert replayed.history == played[0].history


def test_results_add_up_exactly():
    assert add({"a": [1, 2], "b": 3, "c": {"x": 1}}, {"a": [1], "b": 4, "c": {"x": 2}}) == {
        "a": [2, 2],
        "b": 7,
        "c": {"x": 3},
    }
    assert add_all([[1], [0, 5], [2, 0, 1]]) == [3, 5, 1]


def test_a_simulation_sweep_counts_what_simulate_counts():
    swept = simulate_sweep(PRESETS["uganda"], 3, 60, seed=9, agent_names=["heuristic", "random", "heuristic"])
    plain = simulate(PRESETS["uganda"], 3, 60, seed=9, agent_names=["heuristic", "random", "heuristic"])
    assert counts_of(swept) == counts_of(plain)
    assert swept["workers"] == 1 and swept["scheduler"] is None


def test_one_worker_two_workers_and_a_dask_cluster_give_identical_results(cluster_client):
    arguments = (PRESETS["party"], 3, 400, 11, ["heuristic"])
    one = simulate_sweep(*arguments, workers=1, progress=False)
    two = simulate_sweep(*arguments, workers=2, progress=False)
    dask = simulate_sweep(*arguments, scheduler=cluster_client, progress=False)
    assert counts_of(one) == counts_of(two) == counts_of(dask)
    assert dask["scheduler"].startswith("tcp://") and two["workers"] == 2
    # The lab's questions too: a study's every part is the same wherever it was played.
    settings = [setting("house", 2), setting("bomb", 3)]
    studies = [
        make_study("cut_or_wait", settings, 300, seed=3, workers=1, progress=False),
        make_study("cut_or_wait", settings, 300, seed=3, workers=2, progress=False),
        make_study("cut_or_wait", settings, 300, seed=3, scheduler=cluster_client, progress=False),
    ]
    assert studies[0] == studies[1] == studies[2]
    assert sum(sum(part["result"]["positions"]) for part in studies[0]["settings"][0]["parts"]) > 0


def test_a_ruleset_sent_to_a_worker_arrives_as_that_process_s_one_equal_ruleset():
    # The engine's per-ruleset tables are found by identity when tasks share one Rules object.
    custom = with_switches(PRESETS["uganda"], {"cut_limit": 27, "jokers": True})
    first, second = (pickle.loads(pickle.dumps(custom)) for _ in range(2))
    assert first == custom and first is second
    assert pickle.loads(pickle.dumps(PRESETS["party"])) is PRESETS["party"]
    assert pickle.loads(pickle.dumps(PRESETS["house"])) is not PRESETS["party"]


def test_tasks_come_back_in_their_own_order_from_processes():
    tasks = split_games(simulate_part, RULES, 2, ("random",), seed=1, games=40, chunk=5)
    results = run_tasks(tasks, workers=2, progress=False)
    assert [tally.ranges for tally in results] == [((task.first, task.count),) for task in tasks]


def test_progress_is_a_bar_counted_in_games(capsys):
    run_tasks(split_games(count_ends, RULES, 2, ("random",), seed=1, games=20, chunk=10), progress=True)
    shown = capsys.readouterr().err
    assert "games:" in shown and "0/20" in shown


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"workers": 0}, "workers must be a whole number of processes, 1 or more, not 0."),
        ({"workers": 2, "scheduler": "tcp://127.0.0.1:8786"}, "not both"),
        ({"scheduler": "localhost"}, "'localhost' is not a Dask scheduler address: write it as tcp://HOST:PORT"),
    ],
)
def test_bad_ways_to_run_are_one_sentence(options, message):
    with pytest.raises(SweepError) as refused:
        run_tasks(split_games(count_ends, RULES, 2, ("random",), 1, 4), progress=False, **options)
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_an_unreachable_scheduler_is_one_sentence():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nothing listens here once the probe is closed
    with pytest.raises(SweepError, match=f"Cannot reach a Dask scheduler at tcp://127.0.0.1:{port}"):
        connect(f"tcp://127.0.0.1:{port}", timeout=2)


# ------------------------------------------------------------------ the command line
def simulate_command(*extra):
    command = [sys.executable, "-m", "matatu_learn", "simulate", "--rules", "party", "--players", "3"]
    command += ["--games", "120", "--seed", "3", "--agents", "heuristic", *extra]
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def test_simulate_on_workers_prints_the_same_counts_as_here():
    here, there = simulate_command("--json"), simulate_command("--json", "--workers", "2")
    assert here.returncode == there.returncode == 0, here.stderr + there.stderr
    assert counts_of(json.loads(here.stdout)) == counts_of(json.loads(there.stdout))
    assert json.loads(there.stdout)["workers"] == 2
    text = simulate_command("--workers", "2")
    plain = simulate_command()
    # The same report, line for line, but for the timings (move times and speed).
    untimed = [
        [line for line in finished.stdout.splitlines()[:-1] if "median" not in line] for finished in (text, plain)
    ]
    assert untimed[0] == untimed[1] and len(untimed[0]) >= 5


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--workers", "0"), "--workers: 0 is out of range"),
        (("--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"), "not allowed with argument --workers"),
        (("--scheduler", "localhost"), "'localhost' is not a Dask scheduler address"),
        (("--workers", "2", "--record"), "--record"),
    ],
)
def test_bad_simulate_options_are_one_line(extra, message):
    finished = simulate_command(*extra)
    assert finished.returncode == 2 and message in finished.stderr
    assert len(finished.stderr.strip().splitlines()) == 1 and "Traceback" not in finished.stderr
