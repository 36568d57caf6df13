"""Whole seeded games of every preset, kept as digests in ``tests/data/seeded_games.json``.

For each preset, 2 to 4 players and each lineup (random self-play, heuristic self-play, the
heuristic against random players), the games of a seeded ``simulate`` run are played to the end
and each is kept as a digest: the number of actions, a sha256 of the actions in order, one of
the round's log, and how the round ended (reason, winners, hand totals, points). The engine and
the agents must make the same games from the same seeds: ``test_seeded_games`` plays them again.
Write the file again (only on purpose: a change of the rules or of an agent's play) with
``PYTHONPATH=. python tests/seeded_games.py``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from matatu_learn.agents.simulate import simulate_range
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, Rules, with_switches

GAMES = Path(__file__).parent / "data" / "seeded_games.json"
PLAYERS = (2, 3, 4)
LINEUPS = ("random", "heuristic", "heuristic+random")  # the last: one heuristic player, random ones elsewhere
# Each preset, and presets with switches whose paths the presets leave untried.
RULESETS: dict[str, Rules] = {
    **PRESETS,
    "house jokers": with_switches(PRESETS["house"], {"jokers": True}),
    "uganda jokers": with_switches(PRESETS["uganda"], {"jokers": True}),
    "uganda switches": with_switches(
        PRESETS["uganda"],
        {"decks": 2, "queens_reverse": True, "draw_until_playable": True, "sevens_normal": True, "play_on": True},
    ),
    "bomb classic": with_switches(PRESETS["bomb"], {"jokers": False}),
    "party switches": with_switches(PRESETS["party"], {"sevens_normal": True, "hand_size": 5, "cut_limit": None}),
}
RUN_SEED = 31
COUNT = 12  # games of each preset, number of players and lineup


def digest(game: Round) -> dict:
    """What one finished game did, in a few characters: the same game gives the same digest."""
    actions = "\n".join(action.text for action in game.history)
    log = "\n".join(repr(event) for event in game.log)
    result = game.result
    return {
        "actions": len(game.history),
        "history": hashlib.sha256(actions.encode()).hexdigest()[:20],
        "log": hashlib.sha256(log.encode()).hexdigest()[:20],
        "reason": str(result.reason),
        "winners": list(result.winners),
        "totals": list(result.totals),
        "points": list(result.points),
    }


def played(ruleset: str, players: int, lineup: str) -> list[dict]:
    """The digests of games 0 … COUNT - 1 of the seeded run, played as ``simulate`` plays them."""
    digests: list[dict] = []
    simulate_range(
        RULESETS[ruleset],
        players,
        RUN_SEED,
        seats(lineup, players),
        0,
        COUNT,
        on_round=lambda game, agents: digests.append(digest(game)),
        timed=False,
    )
    return digests


def seats(lineup: str, players: int) -> list[str]:
    """The agent of each seat of game 0 (``simulate`` moves them round the table game by game)."""
    first, _, rest = lineup.partition("+")
    return [first] + [rest or first] * (players - 1)


def cases() -> list[tuple[str, int, str]]:
    return [(ruleset, players, lineup) for ruleset in RULESETS for players in PLAYERS for lineup in LINEUPS]


def key(ruleset: str, players: int, lineup: str) -> str:
    return f"{ruleset}/{players}/{lineup}"


if __name__ == "__main__":
    GAMES.parent.mkdir(exist_ok=True)
    # One game a line: a change shows as the lines of the games it changed.
    lines = []
    for case in cases():
        games = ",\n".join(f"  {json.dumps(game)}" for game in played(*case))
        lines.append(f" {json.dumps(key(*case))}: [\n{games}\n ]")
    GAMES.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
