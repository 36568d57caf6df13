"""Moves valued on shared imagined deals: the one place a move's chance to win is measured.

From a seat's view, the cards it cannot see are dealt again (``dealer.likely_deal``: each hand by
what the others' draws and plays said), every move asked about is tried on a copy of the same deal,
and the round is played to its end by the heuristic in every seat (``play_out``): a win counts 1,
a shared win its share. Two moves met the same deals, so their difference is measured deal by deal
(a *paired* difference), with its standard error. The search, the grader, the coach and the lab's
review all value moves here.

The deals of a position are seeded by the position itself (``position_seed``: the seat's view,
never the page asking), so every page that values a move at a position plays it on the same deals.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.cards import parse_card, parse_cards
>>> from matatu_learn.engine.actions import parse_action
>>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦ 3♥"), parse_cards("9♣")],
...     pile=parse_cards("9♦"), marker=parse_card("6♦"))
>>> valued = value_moves(PlayerView(game, 0), [parse_action("cut 7♦"), parse_action("draw")], deals=40)
>>> valued.chances[0] > 0.9, valued.chances[1] < 0.7  # the cut wins where a draw lets North go out
(True, True)
>>> difference = valued.difference(1)  # the draw against the reference, the cut
>>> difference.gain == valued.chances[1] - valued.chances[0], 0 < difference.error < 0.1
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import DRAW, Action
from ..engine.round import Round
from ..engine.rules import SWITCH_NAMES
from ..engine.view import PlayerView
from .dealer import Dealer, likely_deal
from .heuristic import Style, obvious_choice, style_for, unseen_chance, weighed_choice
from .reading import beliefs, read_log

# A rollout that has not ended after this many decisions is judged on the hands as they are.
ROLLOUT_LIMIT = 400


class Playouts:
    """Imagined deals for one seat's view, dealt one after another from ``rng``.

    Each call of ``results`` deals the next deals and plays every action given out on each: the
    actions of one call meet the same deals; a later call meets fresh ones (the search spends its
    budget so, in rounds). Only the dealing draws from ``rng``: the moves tried never change the
    deals, so adding a move to value changes no other move's results.
    """

    __slots__ = ("seat", "style", "dealer", "rng", "recent")

    def __init__(self, view: PlayerView, rng: random.Random):
        reading = read_log(view)
        self.seat = view.seat
        self.style = style_for(view.rules)
        self.dealer = Dealer(view, rng, beliefs(view, reading))
        self.rng = rng
        self.recent = reading.moves  # the others' recent moves, which a likely deal explains

    def results(self, actions: Sequence[Action], deals: int) -> list[list[float]]:
        """Each action's result (1 a win, a share of a shared win, 0 a loss) on each of the next ``deals`` deals."""
        seat, style, dealer, rng, recent = self.seat, self.style, self.dealer, self.rng, self.recent
        results: list[list[float]] = [[] for _ in actions]
        last = len(actions) - 1
        for _ in range(deals):
            deal = likely_deal(dealer, rng, recent)
            for index, action in enumerate(actions):
                branch = deal if index == last else deal.copy()
                branch.apply(action)
                results[index].append(play_out(branch, seat, style))
        return results


def wins(results: Sequence[float]) -> float:
    """The wins of a move on its deals, added up deal by deal in order (as ``sum`` did before Python 3.12:
    the search's choices must not change with the Python that runs it).

    >>> wins([1, 0.5, 0, 1 / 3])
    1.8333333333333333
    """
    total = 0.0
    for result in results:
        total += result
    return total


@dataclass(frozen=True, slots=True)
class Difference:
    """How much more often one move won than another on the same deals, and the standard error of that."""

    gain: float  # a share of the deals: positive when the move won more often
    error: float


def paired_difference(results: Sequence[float], reference: Sequence[float]) -> Difference:
    """``results`` less ``reference``, deal by deal: their mean and its standard error.

    >>> paired_difference([1, 1, 0, 1], [0, 1, 0, 0])
    Difference(gain=0.5, error=0.25)
    """
    deals = len(results)
    total = squares = 0.0
    for result, base in zip(results, reference, strict=True):
        total += result - base
        squares += (result - base) ** 2
    gain = total / deals
    return Difference(gain, math.sqrt(max(squares / deals - gain * gain, 0.0) / deals))


@dataclass(frozen=True, slots=True)
class Valuation:
    """Moves valued on the same imagined deals: each one's result on each deal."""

    moves: tuple[Action, ...]
    results: tuple[tuple[float, ...], ...]  # one row a move, one entry a deal
    reference: int = 0  # the move the differences are measured against (its index)

    @property
    def deals(self) -> int:
        return len(self.results[0])

    @property
    def chances(self) -> tuple[float, ...]:
        """Each move's chance to win: the share of the deals it won."""
        deals = self.deals
        return tuple(wins(row) / deals for row in self.results)

    def difference(self, index: int, reference: int | None = None) -> Difference:
        """Move ``index`` against the reference move (or move ``reference``), paired deal by deal."""
        return paired_difference(self.results[index], self.results[self.reference if reference is None else reference])


def value_moves(
    view: PlayerView,
    moves: Sequence[Action],
    deals: int,
    rng: random.Random | None = None,
    reference: int = 0,
) -> Valuation:
    """Each of ``moves`` played out from ``view`` on the same ``deals`` imagined deals.

    The deals come from ``rng``, or, without one, from the position's own seed (``position_seed``),
    so that every page values a move at a position on the same deals.
    """
    rng = random.Random(position_seed(view)) if rng is None else rng
    results = Playouts(view, rng).results(moves, deals)
    return Valuation(tuple(moves), tuple(tuple(row) for row in results), reference)


def position_seed(view: PlayerView) -> str:
    """The seed of a position's imagined deals: everything its seat has seen, and nothing else.

    Two views that see the same (even of rounds that hide different cards) get the same seed.
    """
    rules = view.rules
    seen = (
        tuple(getattr(rules, name) for name in SWITCH_NAMES),
        view.players,
        view.seat,
        view.hand,
        view.hand_sizes,
        view.pile,
        view.marker,
        view.stock_size,
        view.to_move,
        view.direction,
        view.named_suit,
        view.colour,
        view.pending,
        view.free,
        view.has_drawn,
        view.log,
    )
    return f"playouts/{seen!r}"


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
    legal_actions = game.legal_actions
    apply = game.apply
    steps = 0
    drew = None  # the seat whose draw was the last move
    while not game.over:
        legal = legal_actions()
        mover = game.to_move
        if len(legal) == 1:
            action = legal[0]
        else:
            chosen = obvious_choice(legal, hands[mover])
            if chosen is None:
                # Only a choice to weigh needs the hand sizes and what the last draw said.
                sizes = [len(hand) for hand in hands]
                void = game.suit_in_play if two and drew is not None and drew != mover else None
                chosen = weighed_choice(
                    legal, hands[mover], sizes, mover, game.direction, style, choppers, estimate, void
                )
            action = chosen[0]
        apply(action)
        drew = mover if action.kind is DRAW else None
        steps += 1
        if steps > ROLLOUT_LIMIT:
            totals = game.totals()
            lightest = min(totals)
            return 1 / totals.count(lightest) if totals[seat] == lightest else 0.0
    winners = game.result.winners
    return 1 / len(winners) if seat in winners else 0.0
