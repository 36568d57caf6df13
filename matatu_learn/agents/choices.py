"""The players the computer can field, by spec: "random", "heuristic", "search", "search:1" … "search:3".

Every agent has a ``name`` (its spec), ``choose(view)`` — the fast path simulations use —
and ``decide(view)``: the same choice as a ``Decision``, the facts the voice words.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.round import Round
>>> from matatu_learn.engine.view import PlayerView
>>> game = Round(PRESETS["house"], players=2, seed=3)
>>> view = PlayerView(game, game.to_move)  # all an agent is given: what this seat could see
>>> decision = make_agent("random", seed=1).decide(view)
>>> decision.action in game.legal_actions(), decision.motive
(True, <Motive.RANDOM: 'random'>)
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.errors import MatatuError
from ..engine.view import PlayerView
from .decisions import Decision, Motive, make_decision
from .heuristic import HeuristicAgent
from .search import DEFAULT_LEVEL, SEARCH_SAMPLES, SearchAgent

# What the seat menus offer. A search tries its level's deals on a move with two candidates,
# and more where a cut is possible or several cards fit; its hint quotes the deals it tried.
AGENT_CHOICES: dict[str, str] = {
    "random": "Random — any legal move, chosen by chance",
    "heuristic": "Heuristic — sheds heavy cards, attacks with picks, cuts when it is likely lightest",
    **{
        f"search:{level}": f"Search, level {level} — tries {samples} imagined deals a move, "
        "more where a cut is possible or several cards fit" + (" (the default)" if level == DEFAULT_LEVEL else "")
        for level, samples in SEARCH_SAMPLES.items()
    },
}


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)

    def decide(self, view: PlayerView) -> Decision:
        legal = view.legal
        action = self.rng.choice(legal)
        if len(legal) == 1:
            return make_decision(view, action, Motive.ONLY_MOVE)
        return make_decision(view, action, Motive.RANDOM, {"choices": len(legal)})


def agent_spec(spec: str) -> str:
    """The canonical spec of an agent, or a ``MatatuError`` saying which specs are accepted.

    >>> agent_spec("search"), agent_spec(" Heuristic ")
    ('search:2', 'heuristic')
    """
    text = spec.strip().lower() if isinstance(spec, str) else spec
    if text == "search":
        return f"search:{DEFAULT_LEVEL}"
    if text in AGENT_CHOICES:
        return text
    raise MatatuError(f"'{spec}' is not an agent: choose one of {', '.join(AGENT_CHOICES)}, or search (level 2).")


def make_agent(spec: str, seed: int | None = None):
    """A fresh agent for a spec ("random", "heuristic", "search", "search:1" … "search:3")."""
    spec = agent_spec(spec)
    if spec == "random":
        return RandomAgent(seed)
    if spec == "heuristic":
        return HeuristicAgent(seed)
    return SearchAgent(int(spec.partition(":")[2]), seed)
