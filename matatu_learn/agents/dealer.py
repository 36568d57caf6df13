"""Dealing imagined hands consistent with the reading: every hidden card dealt again, each
hand by how likely each card is in it, and a deal kept mostly when it explains the others'
recent moves as the heuristic would have made them.

>>> import random
>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.round import Round
>>> from matatu_learn.engine.view import PlayerView
>>> from matatu_learn.agents.reading import beliefs, read_log
>>> game = Round(PRESETS["house"], players=2, seed=3)
>>> view, rng = PlayerView(game, 0), random.Random(1)
>>> deal = Dealer(view, rng, beliefs(view, read_log(view))).deal(rng)
>>> deal.hands[0] == game.hands[0], len(deal.hands[1]) == len(game.hands[1])
(True, True)
"""

from __future__ import annotations

import random

from ..engine.actions import CUT, PLAY
from ..engine.cards import DECK
from ..engine.errors import MatatuError
from ..engine.round import Round
from ..engine.view import PlayerView
from .heuristic import heuristic_move, style_for
from .reading import Move

# An imagined deal in which the heuristic would not have made one of the others' recent moves is
# kept with this chance per such move; at most this many deals are tried for each one used.
MOVE_DOUBT = 0.1
DEAL_TRIES = 6


class Dealer:
    """Deals the cards a seat cannot see again, each hand by how likely each card is in it.

    One sample of the round (``view.sample_round``), without its log, is made once; every deal
    is a copy of it with its hidden cards (each copy of a card, with two decks) dealt afresh
    (``Round.replace_hidden``), so every hand and the stock keep their sizes.
    """

    __slots__ = ("view", "base", "sizes", "hidden", "believed", "plain")

    def __init__(self, view: PlayerView, rng: random.Random, beliefs: dict[int, list[tuple[int, float]]]):
        self.view = view
        base = view.sample_round(rng)
        base.replace_hidden({}, log=())  # a rollout reads no log: its copies need not carry one
        self.base = base
        self.sizes = [len(hand) for hand in base.hands]
        hidden = list(base.stock)
        for seat in range(base.players):
            if seat != view.seat:
                hidden.extend(base.hands[seat])
        hidden.sort()
        self.hidden = hidden
        # For each seat the beliefs weigh, the exponent of each hidden card's sampling key.
        self.believed = []
        for seat, weighted in beliefs.items():
            exponent = {card: 1.0 / weight for card, weight in weighted}
            self.believed.append((seat, [exponent[card] for card in hidden]))
        self.plain = [seat for seat in range(base.players) if seat != view.seat and seat not in beliefs]

    def deal(self, rng: random.Random) -> Round:
        deal = self.base.copy(seed=rng.getrandbits(63))
        sizes = self.sizes
        hands = {}
        hidden = self.hidden
        free = [True] * len(hidden)
        random_number = rng.random
        for seat, exponents in self.believed:
            # Weighted sampling without replacement: the largest keys u ** (1 / weight) win.
            keys = sorted(
                ((random_number() ** exponent, index) for index, exponent in enumerate(exponents) if free[index]),
                reverse=True,
            )
            hand = []
            for _, index in keys[: sizes[seat]]:
                free[index] = False
                hand.append(hidden[index])
            hands[seat] = hand
        rest = [card for card, still in zip(hidden, free, strict=True) if still]
        rng.shuffle(rest)
        for seat in self.plain:
            size = sizes[seat]
            hands[seat] = rest[len(rest) - size :]
            del rest[len(rest) - size :]
        deal.replace_hidden(hands, rest)
        return deal


def likely_deal(dealer: Dealer, rng: random.Random, moves=()) -> Round:
    """A deal by the beliefs that explains the others' recent moves.

    A deal in which the heuristic would have made another move than one of ``moves`` is kept
    only with chance ``MOVE_DOUBT`` per such move (people do not always play by rule of thumb);
    after ``DEAL_TRIES`` deals the one that explains the most moves is taken.
    """
    best = None
    view = dealer.view
    for _ in range(DEAL_TRIES):
        deal = dealer.deal(rng)
        missed = misses(view, moves, deal.hands, rng)
        if not missed or rng.random() < MOVE_DOUBT**missed:
            return deal
        if best is None or missed < best[0]:
            best = (missed, deal)
    return best[1]


def misses(view: PlayerView, moves, hands, rng: random.Random) -> int:
    """How many of the others' recent moves the heuristic would not have made, holding these hands.

    Where a player took cards since a move, ``rng`` picks which of their cards were the ones taken.
    """
    missed = 0
    rules = view.rules
    style = style_for(rules)
    marker = view.marker
    decks = rules.decks
    for move in moves:
        action = move.action
        hand = list(hands[move.seat])
        for entry in reversed(move.since):  # back in time to the move
            if entry >= 0:
                hand.append(entry)
            else:
                for _ in range(-entry):
                    hand.pop(rng.randrange(len(hand)))
        if action.kind in (PLAY, CUT):
            hand.append(action.card)
        top = move.table.top
        if decks == 1:  # a card held twice, or held and on the pile
            clash = top in hand or len(set(hand)) < len(hand)
        else:
            clash = any(hand.count(card) + (card == top) > decks for card in hand)
        if clash:
            # A card laid since (or then on the pile) was shuffled back into the stock and dealt
            # to them in this deal: they could hold it only as one of the cards taken since.
            missed += 1
            continue
        if move.fits is not None:
            # A draw: the heuristic draws only when no card fits. A chopper may fit and still not
            # be laid (a cut to weigh, or sevens that only cut): the heuristic is asked about those.
            fits = move.fits
            choppers = [view.is_chopper(card) for card in hand]
            if any(fits[card] and not chopper for card, chopper in zip(hand, choppers, strict=True)):
                missed += 1
                continue
            if not any(choppers):
                continue
        if move.probe is None:
            probe = rebuilt(view, move, hand, marker)
            move.probe = () if probe is None else (probe, PlayerView(probe, move.seat))
        if not move.probe:
            continue  # a position the engine refuses to rebuild says nothing
        probe, seen = move.probe
        probe.replace_hidden({move.seat: hand})
        if action not in probe.legal_actions() or heuristic_move(seen, style, move.void)[0] != action:
            missed += 1
    return missed


def rebuilt(view: PlayerView, move: Move, hand: list[int], marker: int | None) -> Round | None:
    """The table of ``move`` with ``hand`` in its player's seat and stand-in cards elsewhere (None: impossible)."""
    table = move.table
    top = table.top
    decks = view.rules.decks
    used = [0] * 54
    for card in (*hand, top, *(() if marker is None else (marker,))):
        used[card] += 1
    spare = [card for card in range(52) for _ in range(decks - used[card])]
    sizes = [max(size, 1) for size in view.hand_sizes]
    if sum(sizes) - sizes[move.seat] > len(spare):
        return None  # the other hands hold more cards than a stand-in deal can give them
    stand_ins = iter(spare)
    hands = [
        [DECK[card] for card in hand] if seat == move.seat else [DECK[next(stand_ins)] for _ in range(size)]
        for seat, size in enumerate(sizes)
    ]
    try:
        return Round.from_position(
            view.rules,
            hands,
            pile=[DECK[top]],
            marker=None if marker is None else DECK[marker],
            to_move=move.seat,
            direction=table.direction,
            suit=table.suit,
            colour=table.colour,
            pending=table.pending,
            free=table.free,
        )
    except MatatuError:
        return None
