"""How fast the odds command samples opponent deals, against a target of a million a second.

    python benchmarks/odds_speed.py [--samples 2000000] [--seed 0]

Writes one position file for each table size from 2 to 6 players (a different ruleset
each time), runs ``matatu-learn odds --position FILE --samples N --method sample --json``
on it as a separate process, and prints the deals sampled per second the command reports
(the sampling alone) beside the command's whole time (the start of Python included).
``--method sample`` makes the small tables sample too: left to itself the command counts
them exactly, in a few milliseconds.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from matatu_learn.engine.cards import CARD_NAMES, deck_for, parse_card, parse_cards
from matatu_learn.store.registry import find_rules

TARGET = 1_000_000

# The seat to move (seat 0) can cut in each: its hand, the pile's top card, a marker where the
# ruleset has one, and the sizes of the other hands, whose cards are taken from the rest of the deck.
POSITIONS = [
    ("house", 2, "7♦ 8♣ 4♠ 6♣", "9♦", "6♦", [3]),
    ("uganda", 3, "7♦ K♣ 9♥", "9♦", "6♦", [5, 6]),
    ("bomb", 4, "7♣ K♠ 2♦", "9♣", None, [7, 3, 5]),
    ("party", 5, "7♥ 5♣ 3♠ 2♦", "9♥", None, [7, 7, 4, 2]),
    ("house", 6, "7♦ 3♣ 4♠", "9♦", "6♦", [7, 7, 7, 7, 7]),
]


def position_file(folder: Path, rules_name: str, hand: str, top: str, marker: str | None, sizes: list[int]) -> Path:
    rules = find_rules(rules_name)
    placed = set(parse_cards(hand)) | {parse_card(top)} | ({parse_card(marker)} if marker else set())
    rest = [card for card in deck_for(rules.jokers) if card not in placed]
    hands, start = [hand], 0
    for size in sizes:
        hands.append(" ".join(CARD_NAMES[card] for card in rest[start : start + size]))
        start += size
    position = {"hands": hands, "pile": top}
    if marker:
        position["marker"] = marker
    path = folder / f"{rules_name}-{len(hands)}.json"
    path.write_text(json.dumps({"rules": rules_name, "position": position}, ensure_ascii=False), encoding="utf-8")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=2_000_000)
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    print(f"{arguments.samples:,} sampled deals per position; target {TARGET:,} deals/s")
    print(f"{'ruleset':<8}{'players':>8}{'unseen':>8}{'dealt':>7}{'p_win':>8}{'deals/s':>12}{'command s':>11}")
    slowest = None
    with tempfile.TemporaryDirectory() as folder:
        for rules_name, players, hand, top, marker, sizes in POSITIONS:
            path = position_file(Path(folder), rules_name, hand, top, marker, sizes)
            command = [sys.executable, "-m", "matatu_learn", "odds", "--position", str(path)]
            command += ["--samples", str(arguments.samples), "--seed", str(arguments.seed), "--method", "sample"]
            started = time.perf_counter()
            finished = subprocess.run([*command, "--json"], capture_output=True, text=True)
            wall = time.perf_counter() - started
            if finished.returncode != 0:
                print(finished.stderr.strip())
                return 1
            report = json.loads(finished.stdout)
            speed = report["samples"] / report["seconds"]
            slowest = speed if slowest is None else min(slowest, speed)
            print(
                f"{rules_name:<8}{players:>8}{report['unseen']:>8}{sum(report['opponent_sizes']):>7}"
                f"{report['p_win']:>8.4f}{speed:>12,.0f}{wall:>11.2f}"
            )
    met = slowest >= TARGET
    print(f"slowest {slowest:,.0f} deals/s (target at least {TARGET:,}: {'met' if met else 'NOT met'})")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
