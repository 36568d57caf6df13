"""The computer players' error rates, graded exactly as a learner's decisions are graded.

    python benchmarks/agent_error_rates.py [--rules house,uganda,bomb,party] [--games 60] [--seed 3]
        [--agents random,heuristic,search:1,search:2] [--deals 100] [--workers 2] [--json]

The positions are decisions from ``--games`` two-player rounds between heuristic players, one in
four of the turns with more than one legal move (``grading.decision_positions``). At each, every
agent chooses, and each choice is graded by ``matatu_learn.strategy.grading``: valued on
``--deals`` imagined deals from the seat's own view against the best move found, the same deals
for every agent. It prints, per ruleset and agent, the error rate (the mean chance of a win given
away a decision, beyond the estimate's noise) with its standard error, the blunders, mistakes and
inaccuracies per hundred decisions, and each agent's paired difference from the heuristic (only
the positions where their choices differ count there). The figures in
``grading.AGENT_ERROR_RATES`` come from this run at its defaults; ``--json`` prints them in that form.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from matatu_learn.strategy.grading import DEFAULT_DEALS, GRADED_AGENTS, LABELS, decision_positions, grade_position


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="house,uganda,bomb,party", help="comma-separated presets")
    parser.add_argument("--agents", default=",".join(GRADED_AGENTS), help="comma-separated agent specs")
    parser.add_argument("--games", type=int, default=60, help="heuristic rounds the positions come from")
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="imagined deals a decision")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the rates as grading.AGENT_ERROR_RATES holds them")
    arguments = parser.parse_args()
    specs = arguments.agents.split(",")
    table: dict[str, dict[str, float]] = {}
    with ProcessPoolExecutor(arguments.workers) as pool:
        for rules in arguments.rules.split(","):
            started = time.perf_counter()
            positions = decision_positions(rules, 2, arguments.games, arguments.seed)
            tasks = [(game, seat, specs, arguments.deals, number) for number, (game, seat) in enumerate(positions)]
            graded = list(pool.map(grade_position, tasks, chunksize=2))
            count = len(graded)
            table[rules] = {}
            base = [position["heuristic"].error for position in graded] if "heuristic" in specs else None
            for spec in specs:
                errors = [position[spec].error for position in graded]
                rate = statistics.mean(errors)
                spread = statistics.stdev(errors) / count**0.5
                flagged = "  ".join(
                    f"{label} {100 * sum(position[spec].label == label for position in graded) / count:4.1f}"
                    for label in LABELS
                )
                line = f"{rules:<7} {spec:<10} error rate {rate:.4f} ± {spread:.4f}  a hundred decisions: {flagged}"
                if base is not None and spec != "heuristic":
                    differences = [error - other for error, other in zip(errors, base, strict=True)]
                    paired = statistics.stdev(differences) / count**0.5
                    differ = sum(position[spec].played != position["heuristic"].played for position in graded)
                    line += f"; against the heuristic {statistics.mean(differences):+.4f} ± {paired:.4f} ({differ} choices differ)"
                table[rules][spec] = round(rate, 4)
                if not arguments.json:
                    print(line)
            if not arguments.json:
                print(
                    f"{rules}: {count} positions from {arguments.games} rounds, {time.perf_counter() - started:.0f} s"
                )
    if arguments.json:
        print(json.dumps(table, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
