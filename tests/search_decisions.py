"""The search's choices on seeded positions of every preset, kept in ``tests/data/search_decisions.json``.

The file was written by the search as it chose before its playouts were shared with the grader
and the coach; ``test_search_decisions`` checks that it still chooses so.
Write it again (only on purpose: a change of the search's play) with
``PYTHONPATH=. python tests/search_decisions.py``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.search import SearchAgent
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.view import PlayerView, views_of

DECISIONS = Path(__file__).parent / "data" / "search_decisions.json"
POSITIONS = 40  # a preset
LEVELS = (1, 2)


def positions(preset: str, count: int = POSITIONS) -> list[tuple[Round, int]]:
    """Seeded positions with a choice to make, from rounds between heuristic players (2 to 4 seats)."""
    rules = PRESETS[preset]
    chooser = random.Random(f"search decisions/{preset}")
    found: list[tuple[Round, int]] = []
    index = 0
    while len(found) < count:
        players = 2 + index % 3
        game = Round(rules, players, seed=1000 + index, leader=index % players)
        agents = [make_agent("heuristic", index * 10 + seat) for seat in range(players)]
        views = views_of(game)
        while not game.over and len(found) < count:
            seat = game.to_move
            if len(game.legal_actions()) > 1 and chooser.random() < 0.2:
                found.append((game.copy(), seat))
            game.apply(agents[seat].choose(views[seat]))
        index += 1
    return found


def chosen(preset: str, level: int) -> list[str]:
    """One search agent's choices, in order, at the preset's positions (its generator runs on from one to the next)."""
    agent = SearchAgent(level, seed=level * 7)
    return [str(agent.choose(PlayerView(game, seat))) for game, seat in positions(preset)]


def decisions() -> dict[str, dict[str, list[str]]]:
    return {preset: {f"search:{level}": chosen(preset, level) for level in LEVELS} for preset in PRESETS}


if __name__ == "__main__":
    DECISIONS.parent.mkdir(exist_ok=True)
    DECISIONS.write_text(json.dumps(decisions(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
