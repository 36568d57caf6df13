"""Players the computer can field. An agent sees only a ``PlayerView``.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.round import Round
>>> from matatu_learn.engine.view import PlayerView
>>> game = Round(PRESETS["bomb"], players=3, seed=1)
>>> action = make_agent("heuristic", seed=0).choose(PlayerView(game, game.to_move))
>>> action in game.legal_actions()
True
"""

from __future__ import annotations

import random

from ..engine.actions import CALL, CATCH, CUT, DRAW, PASS, PLAY, Action
from ..engine.errors import MatatuError
from ..engine.view import PlayerView


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)


class HeuristicAgent:
    """Catches and calls, cuts when it can, sheds its heaviest fitting card, draws last."""

    name = "heuristic"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        values = view.values

        def preference(action: Action) -> tuple:
            kind = action.kind
            if kind is CATCH:
                return (0, 0)
            if kind is CALL:
                return (1, 0)
            if kind is CUT:
                return (2, 0)
            if kind is PLAY:
                # Heaviest first; make any call that is due; keep the suit named to one held.
                named = action.suit is not None and any(
                    card.suit == action.suit for card in view.hand if card != action.card
                )
                return (3, -values[action.card], action.word is None, not named)
            if kind is DRAW:
                return (4, 0)
            if kind is PASS:
                return (5, 0)
            return (6, 0)

        return min(view.legal, key=preference)


AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}


def make_agent(name: str, seed: int | None = None):
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise MatatuError(f"'{name}' is not an agent: choose one of {', '.join(AGENTS)}.") from None
