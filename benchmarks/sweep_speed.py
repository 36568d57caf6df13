"""How much faster a simulation runs on two worker processes than on one.

    python benchmarks/sweep_speed.py [--games 20000] [--rules house] [--players 3] [--agents heuristic] [--repeat 3]

Runs ``matatu-learn simulate --workers 1`` and ``--workers 2`` as the command line does
(a fresh process each, so starting the workers is counted), checks that both print the same
counts, and prints the wall-clock times and their ratio; the best of ``--repeat`` runs of
each is kept, so a busy moment of the machine counts less. Target: 2 workers at least 1.7×
as fast as 1 (on a machine with two free cores).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

TARGET = 1.7


def run(workers: int, arguments) -> tuple[float, dict]:
    command = [
        sys.executable,
        "-m",
        "matatu_learn",
        "simulate",
        "--rules",
        arguments.rules,
        "--players",
        str(arguments.players),
        "--games",
        str(arguments.games),
        "--seed",
        "1",
        "--agents",
        arguments.agents,
        "--workers",
        str(workers),
        "--json",
    ]
    started = time.perf_counter()
    finished = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    report = json.loads(finished.stdout)
    return seconds, {key: report[key] for key in ("games", "decisions", "wins", "reasons")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--rules", default="house")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--agents", default="heuristic")
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    print(f"{arguments.games} rounds of {arguments.rules}, {arguments.players} players, agents {arguments.agents}")
    best: dict[int, float] = {}
    counts: dict[int, dict] = {}
    for _ in range(arguments.repeat):
        for workers in (1, 2):
            seconds, counts[workers] = run(workers, arguments)
            best[workers] = min(seconds, best.get(workers, seconds))
            print(f"  --workers {workers}: {seconds:.2f} s")
    if counts[1] != counts[2]:
        print("FAIL: one and two workers counted different results")
        return 1
    ratio = best[1] / best[2]
    print(
        f"best of {arguments.repeat}: 1 worker {best[1]:.2f} s, 2 workers {best[2]:.2f} s: {ratio:.2f}× (target {TARGET}×)"
    )
    print("same counts on 1 and 2 workers")
    return 0 if ratio >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
