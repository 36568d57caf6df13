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

import math
import random
from typing import NamedTuple

from ..engine.actions import CUT, DRAW, PASS, PLAY, Action
from ..engine.cards import ACE, RANK_OF, SUIT_OF
from ..engine.errors import MatatuError
from ..engine.round import Round
from ..engine.view import PlayerView
from .dealer import Dealer, likely_deal
from .decisions import Aside, Decision, Motive, make_decision
from .heuristic import LONG_ROUND, Style, heuristic_choice, heuristic_decision, heuristic_move, style_for, unseen_chance
from .reading import beliefs, read_log

# Search levels: imagined deals a move, each played out once for every candidate compared
# (more where a cut is possible or several cards fit: see ``CUT_BOOST`` and ``WIDE_BOOST``).
SEARCH_SAMPLES = {1: 24, 2: 320, 3: 600}
DEFAULT_LEVEL = 2
# A rollout that has not ended after this many decisions is judged on the hands as they are.
ROLLOUT_LIMIT = 400
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
        rng = self.rng
        style = style_for(view.rules)
        if len(view.history) > LONG_ROUND:
            return heuristic_pick(view, style, candidates), ()
        count = len(candidates)
        anchor = candidates.index(heuristic_pick(view, style, candidates))
        reading = read_log(view)
        dealer = Dealer(view, rng, beliefs(view, reading))
        moves = reading.moves
        # A cut ends the round, won or lost: the rare moves that can are worth more deals. So is a
        # choice among several cards, where most of what a move can gain or lose lies.
        boost = CUT_BOOST if any(action.kind is CUT for action in candidates) else 1
        samples = round(self.samples * max(boost, WIDE_BOOST if count > 2 else 1))
        wins = [0.0] * count
        differences = [0.0] * count  # from the anchor, deal by deal, and their squares
        squares = [0.0] * count
        if count == 2:
            challenger = 1 - anchor
            deals = samples
            self._play_deals(dealer, rng, moves, style, candidates, (0, 1), anchor, deals, wins, differences, squares)
        else:
            # The best of several is picked on half the budget, and the rest goes to it and the
            # anchor alone; the two are judged on all their deals. The deals that picked it flatter
            # it a little, and the margin it must win by (``CONFIDENCE``) allows for that.
            first = max(samples // 2, 1)
            every = range(count)
            self._play_deals(dealer, rng, moves, style, candidates, every, anchor, first, wins, differences, squares)
            challenger = max((index for index in every if index != anchor), key=lambda index: wins[index])
            more = max((samples * count - first * count) // 2, 1)
            pair = (anchor, challenger)
            self._play_deals(dealer, rng, moves, style, candidates, pair, anchor, more, wins, differences, squares)
            deals = first + more
        gain = differences[challenger] / deals
        spread = math.sqrt(max(squares[challenger] / deals - gain * gain, 0.0) / deals)
        best, other = (challenger, anchor) if gain > CONFIDENCE * spread else (anchor, challenger)
        return candidates[best], (
            Finalist(candidates[best], wins[best], deals),
            Finalist(candidates[other], wins[other], deals),
        )

    @staticmethod
    def _play_deals(dealer, rng, moves, style, candidates, which, anchor, deals, wins, differences, squares):
        """Play the candidates numbered ``which`` out on ``deals`` imagined deals, the same deals for each."""
        seat = dealer.view.seat
        last = which[-1]
        results = {}
        for _ in range(deals):
            deal = likely_deal(dealer, rng, moves)
            for index in which:
                branch = deal if index == last else deal.copy()
                branch.apply(candidates[index])
                results[index] = play_out(branch, seat, style)
            base = results[anchor]
            for index in which:
                result = results[index]
                wins[index] += result
                differences[index] += result - base
                squares[index] += (result - base) ** 2


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


def play_out(game: Round, seat: int, style: Style) -> float:
    """Play a sampled round to its end with the heuristic in every seat; this seat's share of the win."""
    values = style.values
    strict = style.strict
    hands = game.hands

    def estimate(own: int, others: list[int]) -> float:
        # What the player to move cannot see in this imagined deal: the other hands and the stock.
        mover = game.to_move
        unseen = [values[card] for other, hand in enumerate(hands) if other != mover for card in hand]
        unseen += [values[card] for card in game.stock]
        return unseen_chance(own, others, unseen, strict)

    choppers = style.choppers(game.chopper_suit)
    two = game.players == 2
    steps = 0
    drew = None  # the seat whose draw was the last move
    while not game.over:
        legal = game.legal_actions()
        mover = game.to_move
        if len(legal) == 1:
            action = legal[0]
        else:
            sizes = [len(hand) for hand in hands]
            void = game.suit_in_play if two and drew is not None and drew != mover else None
            action = heuristic_choice(
                legal, hands[mover], sizes, mover, game.direction, style, choppers, estimate, void
            )[0]
        game.apply(action)
        drew = mover if action.kind is DRAW else None
        steps += 1
        if steps > ROLLOUT_LIMIT:
            totals = game.totals()
            lightest = min(totals)
            return 1 / totals.count(lightest) if totals[seat] == lightest else 0.0
    winners = game.result.winners
    return 1 / len(winners) if seat in winners else 0.0
