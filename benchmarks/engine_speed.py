"""Random self-play speed on the path users run, side by side with RLCard's UNO game loop.

    python benchmarks/engine_speed.py [--seconds 3] [--players 2]

Three figures, measured in one run:

- ``matatu-learn simulate --rules R --players N --json`` (random agents, each handed its
  seat's view): the ``decisions_per_s`` that command prints — the agent path;
- the bare engine loop (ask the legal actions, pick one at random, apply it), per preset;
- RLCard's UNO game loop doing the same work per decision.

RLCard is a benchmark-only comparison (``pip install -r benchmarks/requirements.txt``);
it is never a dependency of matatu-learn. The target: the agent path on house, 2 players,
at least 3x RLCard's decisions per second.
"""

from __future__ import annotations

import argparse
import json
import random
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


def simulate_command(name: str, players: int, games: int) -> tuple[float, float]:
    """The ``decisions_per_s`` and ``games_per_s`` printed by ``matatu-learn simulate --json``."""
    command = [str(COMMAND), "simulate", "--rules", name, "--players", str(players), "--games", str(games), "--json"]
    report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    return report["decisions_per_s"], report["games_per_s"]


def uno_loop(players: int, seconds: float) -> tuple[int, int, float] | None:
    try:
        import numpy
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per bare-loop measurement")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1500, help="games per simulate command")
    arguments = parser.parse_args()
    rows = []
    for name in PRESETS:
        rows.append(
            (f"matatu-learn simulate --rules {name}", *simulate_command(name, arguments.players, arguments.games))
        )
    for name, rules in PRESETS.items():
        games, decisions, seconds = bare_loop(rules, arguments.players, arguments.seconds)
        rows.append((f"bare engine loop, {name}", decisions / seconds, games / seconds))
    uno = uno_loop(arguments.players, arguments.seconds)
    if uno is not None:
        games, decisions, seconds = uno
        rows.append(("rlcard uno game loop", decisions / seconds, games / seconds))
    print(f"random self-play, {arguments.players} players")
    print(f"{'loop':<46}{'decisions/s':>14}{'games/s':>12}")
    for name, per_decision, per_game in rows:
        print(f"{name:<46}{per_decision:>14,.0f}{per_game:>12,.1f}")
    if uno is None:
        print("RLCard is not installed: pip install -r benchmarks/requirements.txt to compare.")
        return 0
    ratio = rows[0][1] / rows[-1][1]
    verdict = "met" if ratio >= TARGET else "NOT met"
    print(f"simulate (house) / uno decisions per second: {ratio:.1f}x (target {TARGET:g}x: {verdict})")
    return 0 if ratio >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
