"""Random self-play speed of the engine, side by side with RLCard's UNO game loop.

    python benchmarks/engine_speed.py [--seconds 3] [--players 2]

RLCard is a benchmark-only comparison (``pip install -r benchmarks/requirements.txt``);
it is never a dependency of matatu-learn. Both loops do the same work per
decision: ask for the legal actions, pick one at random, apply it.
The target of the engine: at least 3x RLCard's decisions per second on house, 2 players.
"""

from __future__ import annotations

import argparse
import random
import time

from matatu_learn.agents.simulate import simulate
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS

TARGET = 3.0


def matatu_loop(rules, players: int, seconds: float) -> tuple[int, int, float]:
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


def row(name: str, games: int, decisions: int, seconds: float) -> tuple[str, float, float]:
    return name, decisions / seconds, games / seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--players", type=int, default=2)
    arguments = parser.parse_args()
    rows = [
        row(f"matatu {name}", *matatu_loop(rules, arguments.players, arguments.seconds))
        for name, rules in PRESETS.items()
    ]
    for name in ("house", "uganda"):
        report = simulate(PRESETS[name], arguments.players, 2000, seed=1, agent_names=["random"])
        rows.append((f"matatu {name}, agents with views (simulate)", report["decisions_per_s"], report["games_per_s"]))
    uno = uno_loop(arguments.players, arguments.seconds)
    if uno is not None:
        rows.append(row("rlcard uno", *uno))
    print(f"random self-play, {arguments.players} players, {arguments.seconds:g} s a measurement")
    print(f"{'loop':<46}{'decisions/s':>14}{'games/s':>12}")
    for name, per_decision, per_game in rows:
        print(f"{name:<46}{per_decision:>14,.0f}{per_game:>12,.1f}")
    if uno is None:
        print("RLCard is not installed: pip install -r benchmarks/requirements.txt to compare.")
        return 0
    ratio = rows[0][1] / rows[-1][1]
    print(
        f"house / uno decisions per second: {ratio:.1f}x (target {TARGET:g}x: {'met' if ratio >= TARGET else 'NOT met'})"
    )
    return 0 if ratio >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
