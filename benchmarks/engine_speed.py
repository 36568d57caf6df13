"""Random self-play speed on the path users run, against RLCard's UNO game loop, timed in alternation.

    python benchmarks/engine_speed.py [--rounds 9] [--games 200] [--players 2] [--presets]

Each round runs ``matatu-learn simulate --rules house --players N --json`` (random agents, each
handed its seat's view) and reads the ``decisions_per_s`` it prints, then runs RLCard's UNO game
loop (ask the legal actions, pick one at random, step) for as long as the simulation played, and
prints the ratio of the two. The two alternate round after round in one run, so a machine busy
with other work slows both alike; the median of the rounds' ratios is the figure. The target:
at least 3x.

``--presets`` adds, once, ``simulate`` and the bare engine loop (``Round.legal_actions`` and
``Round.apply``, no views, no agents) for every preset.

RLCard is a benchmark-only comparison (``pip install -r benchmarks/requirements.txt``);
it is never a dependency of matatu-learn.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS

TARGET = 3.0
COMMAND = Path(sys.executable).parent / "matatu-learn"


def bare_loop(rules, players: int, seconds: float) -> tuple[int, int, float]:
    chooser = random.Random(0)
    games = decisions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = Round(rules, players, seed=games)
        while not game.over:
            game.apply(chooser.choice(game.legal_actions()))
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - started


def simulate_command(name: str, players: int, games: int) -> dict:
    """The report ``matatu-learn simulate --json`` prints (its ``decisions_per_s``, ``seconds`` …)."""
    command = [str(COMMAND), "simulate", "--rules", name, "--players", str(players), "--games", str(games), "--json"]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def uno_loop(players: int, seconds: float) -> tuple[int, int, float]:
    import numpy
    from rlcard.games.uno.game import UnoGame

    chooser = random.Random(0)
    games = decisions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = UnoGame(num_players=players)
        game.np_random = numpy.random.RandomState(games)
        game.init_game()
        while not game.is_over():
            game.step(chooser.choice(game.get_legal_actions()))
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - started


def load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def preset_table(players: int, games: int, seconds: float) -> None:
    print(f"\n{'loop, ' + str(players) + ' players':<46}{'decisions/s':>14}{'games/s':>12}")
    for name in PRESETS:
        report = simulate_command(name, players, games)
        label = f"matatu-learn simulate --rules {name}"
        print(f"{label:<46}{report['decisions_per_s']:>14,.0f}{report['games_per_s']:>12,.1f}")
    for name, rules in PRESETS.items():
        played, decisions, spent = bare_loop(rules, players, seconds)
        print(f"{'bare engine loop, ' + name:<46}{decisions / spent:>14,.0f}{played / spent:>12,.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9, help="alternated rounds (default 9)")
    parser.add_argument("--games", type=int, default=200, help="games of each simulate command (default 200)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--presets", action="store_true", help="also every preset's simulate and bare loop, once")
    arguments = parser.parse_args()
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("RLCard is not installed: pip install -r benchmarks/requirements.txt to compare.")
        return 1
    print(f"random self-play, house, {arguments.players} players; load average {load()}")
    print(f"{'round':>5}{'simulate decisions/s':>22}{'uno steps/s':>14}{'ratio':>8}")
    ratios = []
    for number in range(1, arguments.rounds + 1):
        report = simulate_command("house", arguments.players, arguments.games)
        _, steps, spent = uno_loop(arguments.players, report["seconds"])
        uno = steps / spent
        ratios.append(report["decisions_per_s"] / uno)
        print(f"{number:>5}{report['decisions_per_s']:>22,.0f}{uno:>14,.0f}{ratios[-1]:>7.2f}x")
    median = statistics.median(ratios)
    verdict = "met" if median >= TARGET else "NOT met"
    print(
        f"median ratio over {len(ratios)} rounds: {median:.2f}x (target {TARGET:g}x: {verdict}); load average {load()}"
    )
    if arguments.presets:
        preset_table(arguments.players, arguments.games, seconds=2.0)
    return 0 if median >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
