"""How strong the computer players are, and how fast the search thinks.

    python benchmarks/agent_strength.py [--rules house,uganda,bomb,party] [--scale 1.0] [--seed 1] [--workers 1]

Runs ``matatu-learn simulate --json`` (the command, in a separate process) for two pairs on
each ruleset, two players, the agents changing seats from round to round:

- heuristic against random: 2,000 rounds;
- search (its default level) against heuristic: 1,000 rounds on house and bomb, whose rounds are
  short, and 500 on uganda and party, whose rounds are longer (about twice the moves).

``--scale`` multiplies every count (0.1 for a quick look); ``--workers 2`` shares the rounds
between two processes (the same rounds and results; each move is still timed where it is made,
so give each worker a core of its own). It prints each agent's share of the
wins (a tie shared equally) with its 95% Wilson interval, the move times, and whether the
targets are met: the heuristic wins at least 75% against random, the search at least 60%
against the heuristic, and the search's median move — over the moves with more than one legal
action, where it has something to weigh — takes at most 150 ms.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

HEURISTIC_TARGET = 0.75
SEARCH_TARGET = 0.60
SEARCH_MEDIAN_MS = 150
ROUNDS = {
    ("heuristic", "random"): {"house": 2000, "uganda": 2000, "bomb": 2000, "party": 2000},
    ("search", "heuristic"): {"house": 1000, "uganda": 500, "bomb": 1000, "party": 500},
}


def simulate(rules: str, agents: tuple[str, str], games: int, seed: int, workers: int = 1) -> dict:
    """One run of the command; its JSON report."""
    command = [sys.executable, "-m", "matatu_learn", "simulate", "--rules", rules, "--players", "2"]
    command += ["--games", str(games), "--seed", str(seed), "--agents", ",".join(agents), "--json"]
    if workers > 1:
        command += ["--workers", str(workers)]
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    if finished.returncode != 0:
        raise SystemExit(f"{' '.join(command[1:])} failed: {finished.stderr.strip()}")
    return json.loads(finished.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="house,uganda,bomb,party", help="comma-separated rulesets")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every number of rounds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes to share the rounds")
    arguments = parser.parse_args()
    results = []
    print(f"{'ruleset':<8} {'pair':<20} {'rounds':>6}  {'first wins':>10}  {'95% interval':<15} {'move ms':<34} target")
    for (first, second), counts in ROUNDS.items():
        for rules in arguments.rules.split(","):
            games = max(1, round(counts[rules] * arguments.scale))
            report = simulate(rules, (first, second), games, arguments.seed, arguments.workers)
            name = report["agents"][0]  # the canonical spec: search is its default level
            won = report["agent_wins"][name]
            low, high = won["interval"]
            times = report["move_ms"][name]
            if first == "search":
                target = SEARCH_TARGET
                fast = times["choice_median"] is not None and times["choice_median"] <= SEARCH_MEDIAN_MS
            else:
                target, fast = HEURISTIC_TARGET, True
            met = won["share"] >= target and fast
            results.append(met)
            pair = f"{name} v {second}"
            speed = f"median {times['median']:g}, choice median {times['choice_median']:g}, p95 {times['p95']:g}"
            verdict = f"{'met' if met else 'NOT met'} (≥ {target:.0%}" + (
                f", choice median ≤ {SEARCH_MEDIAN_MS} ms)" if first == "search" else ")"
            )
            print(
                f"{rules:<8} {pair:<20} {games:>6}  {won['share']:>10.1%}  {low:>6.1%} – {high:<6.1%} {speed:<34} {verdict}",
                flush=True,
            )
    print(f"{sum(results)} of {len(results)} targets met")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
