import json
import subprocess
import sys

import pytest

from matatu_learn.cli import main


def run(*arguments):
    """The command as a user runs it: a separate process."""
    return subprocess.run(
        [sys.executable, "-m", "matatu_learn", *arguments], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "arguments, message",
    [
        (
            ["simulate", "--rules", "house", "--players", "9"],
            "Argument --players: 9 is out of range (give a number from 2 to 6)",
        ),
        (["simulate", "--rules", "house", "--games", "lots"], "Argument --games: 'lots' is not a whole number"),
        (
            ["simulate", "--rules", "kampala"],
            "'kampala' is not a published ruleset: choose one of house, uganda, bomb, party.",
        ),
        (["simulate", "--rules", "house", "--agents", "genius"], "'genius' is not an agent"),
        (
            ["simulate", "--rules", "house", "--players", "3", "--agents", "random,random"],
            "--agents needs one agent for all seats or one per seat (3), not 2.",
        ),
        (["simulate", "--rules", "house", "--set", "cut_limit"], "is not a switch setting (write NAME=VALUE"),
        (
            ["simulate", "--rules", "house", "--set", "hand_size=12"],
            "hand_size must be a whole number from 5 to 10, not 12.",
        ),
        (
            ["simulate", "--rules", "house", "--set", "hand_size=10", "--players", "6"],
            "6 players with 10 cards each need 61 cards",
        ),
        (["rules", "house", "--version", "4"], "house has no version 4: its versions are 1."),
        (["rules", "nowhere"], "'nowhere' is not a published ruleset"),
        (["frobnicate"], "Argument COMMAND: invalid choice: 'frobnicate'"),
        (["check"], "The following arguments are required: PATH"),
        ([], "The following arguments are required: COMMAND"),
    ],
)
def test_bad_arguments_get_one_line_and_a_nonzero_exit(arguments, message):
    result = run(*arguments)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("matatu-learn: ")
    assert message in result.stderr


def test_simulate_json_reports_everything_and_repeats_with_the_seed(capsys):
    assert main(["simulate", "--rules", "uganda", "--players", "3", "--games", "40", "--seed", "7", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    for key in (
        "games",
        "decisions",
        "seconds",
        "games_per_s",
        "decisions_per_s",
        "wins",
        "reasons",
        "avg_decisions_per_game",
    ):
        assert key in first
    assert first["games"] == 40 and len(first["wins"]) == 3
    assert sum(first["reasons"].values()) == 40 and set(first["reasons"]) == {"out", "cut", "blocked"}
    assert first["avg_decisions_per_game"] == round(first["decisions"] / 40, 2)
    main(["simulate", "--rules", "uganda", "--players", "3", "--games", "40", "--seed", "7", "--json"])
    second = json.loads(capsys.readouterr().out)
    assert {k: first[k] for k in ("wins", "reasons", "decisions")} == {
        k: second[k] for k in ("wins", "reasons", "decisions")
    }
    main(["simulate", "--rules", "uganda", "--players", "3", "--games", "40", "--seed", "8", "--json"])
    assert json.loads(capsys.readouterr().out)["decisions"] != first["decisions"]


def test_simulate_with_switches_and_mixed_agents(capsys):
    assert (
        main(
            [
                "simulate",
                "--rules",
                "bomb",
                "--players",
                "2",
                "--games",
                "30",
                "--agents",
                "heuristic,random",
                "--set",
                "jokers=false",
                "--set",
                "cut_limit=30",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["agents"] == ["heuristic", "random"] and report["games"] == 30


def test_simulate_text_output(capsys):
    assert main(["simulate", "--rules", "party", "--players", "4", "--games", "10"]) == 0
    out = capsys.readouterr().out
    assert "10 rounds of party, 4 players" in out and "decisions/s" in out


def test_rules_prints_the_text_and_switches(capsys):
    assert main(["rules", "uganda"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("uganda v1: Uganda Classic")
    assert "  cut_limit = 30" in out and "  match_target = 100" in out
    assert main(["rules", "--list"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in listing] == ["house", "uganda", "bomb", "party"]


def test_serve_refuses_a_folder_without_notebooks(tmp_path, capsys):
    assert main(["serve", "--notebooks", str(tmp_path), "--no-browser"]) == 2
    assert "No notebooks folder with an index.ipynb was found" in capsys.readouterr().err
