"""How long the search thinks over a move, on fixed positions from real rounds, and how strong it plays.

    python benchmarks/search_speed.py [--positions 200] [--level 2] [--seed 5] [--baseline DIR]
        [--games 300] [--workers 1] [--profile]

The positions are decisions with more than one legal action, kept one in five, from rounds
between heuristic players (house rules, two players): the moves ``agent_strength.py`` takes its
choice median over. At each, a search of the level (its generator seeded by the position's
number) chooses a move, timed alone; the median, mean and 90th percentile are printed with a
digest of the moves chosen, which changes when any choice changes.

``--baseline DIR`` times another copy of matatu-learn (a folder holding its ``matatu_learn``)
on the same positions in the same run: each side chooses in a process of its own, the two asked
in turn position by position (the first asked changing each time), so load that comes and goes
weighs on both alike. The ratio of the medians is printed, and whether both chose alike everywhere.

``--games N`` plays the search against the heuristic for N rounds through ``matatu-learn simulate``
(house, two players, the agents changing seats) and prints its share of the wins with its 95%
interval; the target is at least 60% with a median move of at most 150 ms.
``--profile`` prints where the time of the timed searches went (cProfile, the slowest functions).
The load average is printed before and after: timings are only as quiet as the machine was.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from matatu_learn.agents.search import SearchAgent
from matatu_learn.agents.simulate import deal_game
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.view import PlayerView, views_of

KEPT = 0.2  # the share of decisions kept as positions
SEARCH_TARGET = 0.60
MEDIAN_TARGET_MS = 150


def positions(count: int, seed: int) -> list[tuple[Round, int]]:
    """``count`` copies of house rounds (two players) at a decision of the seat to move with more than one legal action."""
    rng = random.Random(seed)
    found: list[tuple[Round, int]] = []
    index = 0
    while len(found) < count:
        game, agents = deal_game(PRESETS["house"], ("heuristic", "heuristic"), seed, index)
        views = views_of(game)
        while not game.over and len(found) < count:
            seat = game.to_move
            if len(game.legal_actions()) > 1 and rng.random() < KEPT:
                found.append((game.copy(), seat))
            game.apply(agents[seat].choose(views[seat]))
        index += 1
    return found


def timed_choice(game: Round, seat: int, level: int, number: int) -> tuple[float, float, str]:
    """The milliseconds a fresh search takes to choose at a position (on the clock, and of processor time), and its choice."""
    view = PlayerView(game, seat)
    agent = SearchAgent(level, seed=number)
    started, processor = time.perf_counter(), time.process_time()
    action = agent.choose(view)
    return 1000 * (time.perf_counter() - started), 1000 * (time.process_time() - processor), str(action)


def digest(choices: list[str]) -> str:
    return hashlib.sha256("\n".join(choices).encode()).hexdigest()[:12]


def load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def summary(label: str, times: list[float], processor: list[float], choices: list[str]) -> str:
    ordered = sorted(times)
    high = ordered[int(0.9 * (len(ordered) - 1))]
    return (
        f"{label:<9} median {statistics.median(times):7.1f} ms ({statistics.median(processor):.1f} of processor time), "
        f"mean {statistics.mean(times):7.1f}, p90 {high:7.1f}, total {sum(times) / 1000:6.1f} s; choices {digest(choices)}"
    )


def serve(level: int, count: int, seed: int) -> None:
    """Answer position numbers read from stdin with ``[wall ms, processor ms, action]`` (a side of ``--baseline``)."""
    found = positions(count, seed)
    print("ready", flush=True)
    for line in sys.stdin:
        number = int(line)
        game, seat = found[number]
        print(json.dumps(timed_choice(game, seat, level, number)), flush=True)


def worker(source: Path, arguments: argparse.Namespace) -> subprocess.Popen:
    command = [sys.executable, __file__, "--serve", "--level", str(arguments.level)]
    command += ["--positions", str(arguments.positions), "--seed", str(arguments.seed)]
    environment = {**os.environ, "PYTHONPATH": str(source)}
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=environment)
    if process.stdout.readline().strip() != "ready":
        raise SystemExit(f"The search in {source} did not start.")
    return process


def compare(arguments: argparse.Namespace) -> None:
    """Time this copy and the baseline in turn, position by position, each in its own process."""
    here = Path(__file__).resolve().parent.parent
    sides = {"baseline": worker(Path(arguments.baseline).resolve(), arguments), "this": worker(here, arguments)}
    timed: dict[str, list[tuple[float, float, str]]] = {name: [] for name in sides}
    for number in range(arguments.positions):
        order = list(sides) if number % 2 == 0 else list(sides)[::-1]
        for name in order:
            process = sides[name]
            process.stdin.write(f"{number}\n")
            process.stdin.flush()
            timed[name].append(tuple(json.loads(process.stdout.readline())))
    for process in sides.values():
        process.stdin.close()
        process.wait()
    for name, rows in timed.items():
        walls, processors, choices = zip(*rows, strict=True)
        print(summary(name, list(walls), list(processors), list(choices)))
    for column, what in ((0, "on the clock"), (1, "of processor time")):
        new = [row[column] for row in timed["this"]]
        old = [row[column] for row in timed["baseline"]]
        ratio = statistics.median(new) / statistics.median(old)
        paired = statistics.median(this / base for this, base in zip(new, old, strict=True))
        print(f"this / baseline {what}: ratio of the medians {ratio:.3f}, median of the ratios {paired:.3f}")
    same = sum(this[2] == base[2] for this, base in zip(timed["this"], timed["baseline"], strict=True))
    print(f"the same choice at {same} of {arguments.positions} positions")


def alone(arguments: argparse.Namespace) -> None:
    found = positions(arguments.positions, arguments.seed)
    profiler = cProfile.Profile() if arguments.profile else None
    walls, processors, choices = [], [], []
    for number, (game, seat) in enumerate(found):
        if profiler is not None:
            profiler.enable()
        wall, processor, action = timed_choice(game, seat, arguments.level, number)
        if profiler is not None:
            profiler.disable()
        walls.append(wall)
        processors.append(processor)
        choices.append(action)
    print(summary("search", walls, processors, choices))
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def strength(arguments: argparse.Namespace) -> None:
    """The search against the heuristic through the command: its win share and move times."""
    command = [sys.executable, "-m", "matatu_learn", "simulate", "--rules", "house", "--players", "2"]
    command += ["--games", str(arguments.games), "--seed", str(arguments.seed), "--json"]
    command += ["--agents", f"search:{arguments.level},heuristic", "--workers", str(arguments.workers)]
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    if finished.returncode != 0:
        raise SystemExit(f"{' '.join(command[1:])} failed: {finished.stderr.strip()}")
    report = json.loads(finished.stdout)
    name = report["agents"][0]
    won = report["agent_wins"][name]
    low, high = won["interval"]
    times = report["move_ms"][name]
    met = won["share"] >= SEARCH_TARGET and times["choice_median"] <= MEDIAN_TARGET_MS
    print(
        f"{name} v heuristic, {arguments.games} rounds: {won['share']:.1%} of the wins ({low:.1%} – {high:.1%}); "
        f"choice median {times['choice_median']:g} ms, p95 {times['p95']:g} ms; "
        f"{'met' if met else 'NOT met'} (≥ {SEARCH_TARGET:.0%}, choice median ≤ {MEDIAN_TARGET_MS} ms)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--baseline", help="another copy of matatu-learn to time on the same positions")
    parser.add_argument("--games", type=int, default=0, help="rounds of the search against the heuristic")
    parser.add_argument("--workers", type=int, default=1, help="processes to share those rounds")
    parser.add_argument("--profile", action="store_true", help="print where the time went")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.serve:
        serve(arguments.level, arguments.positions, arguments.seed)
        return 0
    print(f"load average {load()}; {arguments.positions} positions, search:{arguments.level}", flush=True)
    if arguments.positions and arguments.baseline:
        compare(arguments)
    elif arguments.positions:  # none: only the strength, with --games
        alone(arguments)
    if arguments.games:
        strength(arguments)
    print(f"load average {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
