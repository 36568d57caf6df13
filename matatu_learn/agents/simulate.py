"""Whole rounds played by agents, with counts and speed.

>>> from matatu_learn.engine.rules import PRESETS
>>> report = simulate(PRESETS["bomb"], players=3, games=5, seed=1)
>>> report["games"], sum(report["reasons"].values())
(5, 5)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..engine.errors import MatatuError
from ..engine.round import Round
from ..engine.rules import Rules
from ..engine.view import views_of
from .players import make_agent

MAX_DECISIONS_PER_ROUND = 1_000_000


def play_round(game: Round, agents: Sequence) -> int:
    """Let the agents play the round to its end; returns the number of decisions.

    Each agent is handed its own seat's view, made once for the round.
    """
    views = views_of(game)
    apply = game.apply
    decisions = 0
    while not game.over:
        seat = game.to_move
        apply(agents[seat].choose(views[seat]))
        decisions += 1
        if decisions > MAX_DECISIONS_PER_ROUND:
            raise MatatuError("A round went on for a million decisions: the agents are not making progress.")
    return decisions


def simulate(
    rules: Rules, players: int, games: int, seed: int, agent_names: Sequence[str] = ("random",), on_round=None
) -> dict:
    """Play ``games`` rounds; the same seed gives the same results (timings aside).

    ``agent_names`` gives one agent per seat, or one for every seat.
    ``on_round(game, agents)`` is called after each round (to record it, say).
    """
    if len(agent_names) == 1:
        agent_names = list(agent_names) * players
    if len(agent_names) != players:
        raise MatatuError(f"Give one agent for every seat ({players}), or one for all; {len(agent_names)} were given.")
    seeds = random.Random(seed)
    wins = [0] * players
    reasons = {"out": 0, "cut": 0, "blocked": 0}
    decisions = 0
    started = time.perf_counter()
    for index in range(games):
        game = Round(rules, players, seeds.randrange(2**63), leader=index % players)
        agents = [make_agent(name, seeds.randrange(2**63)) for name in agent_names]
        decisions += play_round(game, agents)
        result = game.result
        reasons[result.reason] += 1
        for seat in result.winners:
            wins[seat] += 1
        if on_round is not None:
            on_round(game, agents)
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "players": players,
        "agents": list(agent_names),
        "seed": seed,
        "decisions": decisions,
        "seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 1) if seconds else None,
        "decisions_per_s": round(decisions / seconds, 1) if seconds else None,
        "wins": wins,
        "reasons": reasons,
        "avg_decisions_per_game": round(decisions / games, 2) if games else 0,
    }
