"""The search: determinized Monte Carlo over imagined deals consistent with what a seat has seen.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.round import Round
>>> from matatu_learn.engine.view import PlayerView
>>> game = Round(PRESETS["house"], players=2, seed=3)
>>> agent = SearchAgent(1, seed=0)
>>> decision = agent.decide(PlayerView(game, game.to_move))
>>> decision.action in game.legal_actions(), agent.name
(True, 'search:1')
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..engine.actions import CUT, DRAW, PASS, PLAY, Action
from ..engine.cards import ACE, RANK_OF, SUIT_OF
from ..engine.errors import MatatuError
from ..engine.view import PlayerView
from .decisions import Aside, Decision, Motive, make_decision
from .heuristic import LONG_ROUND, Style, heuristic_decision, heuristic_move, style_for
from .playouts import Playouts, paired_difference, wins

# Search levels: imagined deals a move, each played out once for every candidate compared
# (more where a cut is possible or several cards fit: see ``CUT_BOOST`` and ``WIDE_BOOST``).
SEARCH_SAMPLES = {1: 24, 2: 320, 3: 600}
DEFAULT_LEVEL = 2
# A move where a cut is possible is searched on this many times more deals.
CUT_BOOST = 3
# A choice among three or more candidates is searched on this many times more deals (a cut's boost
# stands instead where it is larger).
WIDE_BOOST = 2.5
# How many standard errors a search result must beat the heuristic's choice by to replace it.
CONFIDENCE = 1.0


class Finalist(NamedTuple):
    """One of the two moves a search compared last: the wins it scored on the deals both were tried on."""

    action: Action
    wins: float
    deals: int


class SearchAgent:
    """Determinized Monte Carlo: every candidate is played out on imagined deals consistent with the view.

    Each imagined deal starts from ``view.sample_round`` and deals the cards this seat cannot see
    again, each hand by how likely each card is in it: what the others' draws, pick-ups, plays and
    named suits said, read from the public log (``reading.read_log``). A deal is then checked against the
    others' recent moves, whose hands it fixes (up to a guess of which cards they took since): one
    in which the heuristic would have moved otherwise is mostly dealt again (``dealer.likely_deal``). Every candidate
    action is tried on a copy of the deal, and the round is played to its end by the heuristic in
    every seat; a win counts 1, a tie an equal share. The heuristic's own choice stands unless
    another wins clearly more often.
    """

    def __init__(self, level: int = DEFAULT_LEVEL, seed: int | None = None, samples: int | None = None):
        if level not in SEARCH_SAMPLES:
            raise MatatuError(f"The search level must be one of {', '.join(map(str, SEARCH_SAMPLES))}, not {level!r}.")
        self.level = level
        # ``samples`` overrides the level's number of imagined deals (a quick search for tests).
        self.samples = SEARCH_SAMPLES[level] if samples is None else samples
        self.name = f"search:{level}"
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self._search(view)[0]

    def decide(self, view: PlayerView) -> Decision:
        action, tried = self._search(view)
        if not tried:
            if action.kind in (PLAY, CUT) and len(view.hand) == 1:
                return make_decision(view, action, Motive.LAST_CARD)
            if len(view.legal) == 1:
                return make_decision(view, action, Motive.ONLY_MOVE)
            ruled, motive = heuristic_move(view, style_for(view.rules))
            if ruled is action:
                return heuristic_decision(view, action, motive)
            return make_decision(view, action, Motive.ONLY_SENSIBLE)
        chosen, runner = tried
        deals = chosen.deals
        numbers = {"share": chosen.wins / deals, "deals": deals, "runner_share": runner.wins / deals}
        # The next best move may lay a card still in hand: only this seat may hear which.
        asides = {Aside.NEXT_BEST} if runner.action.kind in (PLAY, CUT) else set()
        return make_decision(view, action, Motive.SEARCH, numbers, asides, runner_up=runner.action)

    def _search(self, view: PlayerView) -> tuple[Action, tuple[Finalist, ...]]:
        """The action, and the two finalists with their wins and deals (none when nothing was searched).

        Every candidate is first played out on the same imagined deals; then the heuristic's choice
        and the best other candidate are played out again, on fresh deals, with the rest of the
        budget. The other replaces the heuristic's choice only when, on those fresh deals, it wins
        more by more than their noise.
        """
        legal = view.legal
        candidates = search_candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0], ()
        for action in candidates:
            if action.kind in (PLAY, CUT) and len(view.hand) == 1:
                return action, ()  # the last card wins at once
        style = style_for(view.rules)
        if len(view.history) > LONG_ROUND:
            return heuristic_pick(view, style, candidates), ()
        count = len(candidates)
        anchor = candidates.index(heuristic_pick(view, style, candidates))
        playouts = Playouts(view, self.rng)
        # A cut ends the round, won or lost: the rare moves that can are worth more deals. So is a
        # choice among several cards, where most of what a move can gain or lose lies.
        boost = CUT_BOOST if any(action.kind is CUT for action in candidates) else 1
        samples = round(self.samples * max(boost, WIDE_BOOST if count > 2 else 1))
        if count == 2:
            challenger = 1 - anchor
            results = playouts.results(candidates, samples)
        else:
            # The best of several is picked on half the budget, and the rest goes to it and the
            # anchor alone; the two are judged on all their deals. The deals that picked it flatter
            # it a little, and the margin it must win by (``CONFIDENCE``) allows for that.
            first = max(samples // 2, 1)
            results = playouts.results(candidates, first)
            challenger = max(
                (index for index in range(count) if index != anchor), key=lambda index: wins(results[index])
            )
            more = max((samples * count - first * count) // 2, 1)
            pair = (anchor, challenger)
            for index, rest in zip(pair, playouts.results([candidates[index] for index in pair], more), strict=True):
                results[index] += rest
        deals = len(results[anchor])
        difference = paired_difference(results[challenger], results[anchor])
        best, other = (challenger, anchor) if difference.gain > CONFIDENCE * difference.error else (anchor, challenger)
        return candidates[best], (
            Finalist(candidates[best], wins(results[best]), deals),
            Finalist(candidates[other], wins(results[other]), deals),
        )


def heuristic_pick(view: PlayerView, style: Style, candidates: list[Action]) -> Action:
    """The heuristic's action, among the search's candidates."""
    action = heuristic_move(view, style)[0]
    if action in candidates:
        return action
    # A call-less twin or a suit the search does not try: the candidate that lays the same card.
    for candidate in candidates:
        if candidate.kind is action.kind and candidate.card == action.card:
            return candidate
    return candidates[0]


def search_candidates(view: PlayerView, legal: tuple[Action, ...]) -> list[Action]:
    """The legal actions worth searching: the others do no better.

    A due call is always made; an Ace or joker names only suits the seat still holds (any one
    when it holds none); and passing without drawing is left out where drawing is allowed, since
    a draw takes the same one card and still lets its player lay a card or pass.
    """
    held = {SUIT_OF[card] for card in view.hand if SUIT_OF[card] >= 0 and RANK_OF[card] != ACE}
    with_word = {(action.card, action.suit) for action in legal if action.word is not None}
    naming_held = {action.card for action in legal if action.suit in held}
    can_draw = any(action.kind is DRAW for action in legal)
    candidates = []
    named: set[int] = set()
    for action in legal:
        kind = action.kind
        if kind is PLAY:
            if action.word is None and (action.card, action.suit) in with_word:
                continue
            if action.suit is not None:
                if action.card in naming_held:
                    if action.suit not in held:
                        continue
                elif action.card in named:
                    continue
                named.add(action.card)
        elif kind is PASS and can_draw:
            continue
        candidates.append(action)
    return candidates
