"""How much recording every round in the database adds to a simulation.

    python benchmarks/record_speed.py [--games 10000] [--players 2] [--rules house,uganda,bomb,party]

Runs ``simulate`` twice per ruleset with the same seed, once without and once
with ``--record`` (into a fresh database in a temporary folder), and prints both
times. Target: recording adds at most 25%.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from matatu_learn.agents.simulate import simulate
from matatu_learn.store.database import Store
from matatu_learn.store.registry import find_rules

TARGET = 0.25


def timed(rules, players: int, games: int, on_round=None) -> float:
    started = time.perf_counter()
    simulate(rules, players, games, seed=1, agent_names=["random"], on_round=on_round)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rules", default="house,uganda,bomb,party")
    arguments = parser.parse_args()
    worst = 0.0
    print(f"{arguments.games} rounds, {arguments.players} players, random agents")
    print(f"{'ruleset':<10}{'plain s':>10}{'recorded s':>12}{'added':>9}{'ms/record':>11}")
    for name in arguments.rules.split(","):
        rules = find_rules(name)
        plain = timed(rules, arguments.players, arguments.games)
        with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "bench.sqlite3") as store:

            def record(game, agents, name=name):
                store.record(game, name, 1, [agent.name for agent in agents])

            recorded = timed(rules, arguments.players, arguments.games, record)
            assert store.count() == arguments.games
        added = recorded / plain - 1
        worst = max(worst, added)
        print(
            f"{name:<10}{plain:>10.2f}{recorded:>12.2f}{added:>8.0%}{(recorded - plain) * 1000 / arguments.games:>11.3f}"
        )
    print(f"largest addition {worst:.0%} (target at most {TARGET:.0%}: {'met' if worst <= TARGET else 'NOT met'})")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
