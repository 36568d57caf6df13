"""The heuristic: rules of thumb that catch and call, cut when likely lightest, attack with picks
and shed the heaviest card; its weights, its cut odds, and the agent that plays by them.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.round import Round
>>> from matatu_learn.engine.view import PlayerView
>>> game = Round(PRESETS["house"], players=2, seed=3)
>>> decision = HeuristicAgent().decide(PlayerView(game, game.to_move))
>>> decision.action in game.legal_actions(), decision.seat == game.to_move
(True, True)
"""

from __future__ import annotations

import math
import random
from functools import cache

from ..engine.actions import CALL, CATCH, CUT, DRAW, PASS, PICK, PLAY, Action
from ..engine.cards import ACE, DECK, JACK, QUEEN, RANK_OF, SUIT_OF
from ..engine.rules import Chopper, CutCounts, CutWinner, Rules
from ..engine.tables import tables_for
from ..engine.view import PlayerView
from .decisions import Aside, Decision, Motive, make_decision

# After this many moves a round is going nowhere (picks passed round and round, say): the
# heuristic takes any cut it can, and the search plays as the heuristic, so the round ends.
LONG_ROUND = 500


class Style:
    """What the heuristic needs to know of a ruleset, worked out once per ``Rules`` value."""

    __slots__ = (
        "rules",
        "values",
        "picks",
        "weight",
        "wild",
        "again",
        "kept",
        "strict",
        "heavy_choppers",
        "limit",
        "cut_after",
        "_choppers",
    )

    def __init__(self, rules: Rules):
        tables = tables_for(rules)
        self.rules = rules
        self.values = tables.values
        self.picks = tables.picks
        # What a card is worth to lay, before what the rest of the hand adds: its weight, and a pick's attack.
        self.weight = tuple(self.values[card] + ATTACK * self.picks[card] for card in range(54))
        # How likely, relatively, a card is still in a hand once play is under way: players
        # keep their Aces and jokers and lay their heaviest cards and their picks first (measured
        # on the heuristic's games, where the unseen cards were dealt evenly).
        self.kept = tuple(_kept(card, self.weight[card]) for card in range(54))
        self.wild = tuple(DECK[card].is_joker or RANK_OF[card] == ACE for card in range(54))
        # Cards after which their player moves again with two players: a jump or a reverse.
        self.again = tuple(
            not DECK[card].is_joker
            and (RANK_OF[card] == 8 or RANK_OF[card] == JACK or (RANK_OF[card] == QUEEN and rules.queens_reverse))
            for card in range(54)
        )
        # Whether the cutter must be strictly lighter than everyone to win (a tie is a loss).
        self.strict = rules.cut_winner is not CutWinner.LOWEST
        # Whether a chopper can be stuck in hand, too heavy to cut with.
        self.heavy_choppers = rules.cut_limit is not None and not rules.sevens_normal
        self.limit = rules.cut_limit
        self.cut_after = rules.cut_counts is CutCounts.AFTER
        self._choppers: dict[int | None, tuple[bool, ...]] = {}

    def choppers(self, chopper_suit: int | None) -> tuple[bool, ...]:
        """For each card: whether it is a chopper in a round whose marker has this suit."""
        found = self._choppers.get(chopper_suit)
        if found is None:
            any_seven = self.rules.chopper is Chopper.ANY_SEVEN
            found = self._choppers[chopper_suit] = tuple(
                not DECK[card].is_joker and RANK_OF[card] == 7 and (any_seven or SUIT_OF[card] == chopper_suit)
                for card in range(54)
            )
        return found


def _kept(card: int, weight: float) -> float:
    if DECK[card].is_joker or RANK_OF[card] == ACE:
        return 1.15
    if weight < 5:
        return 1.2
    if weight < 10:
        return 1.0
    if weight < 15:
        return 0.9
    if weight <= 26:
        return 0.85
    return 0.35


@cache
def style_for(rules: Rules) -> Style:
    """The heuristic's ``Style`` of a ruleset, made once."""
    return Style(rules)


# What a move that lays no card says of the hand.
KIND_MOTIVES = {DRAW: Motive.DRAW, PICK: Motive.PICK, PASS: Motive.PASS}

# How much a card's weight is worth against the other reasons to play it.
KEEP_WILD = 30  # an Ace or joker is kept while another card fits: it is worth more later
ATTACK = 3  # per card a pick makes the next player take
AGAIN = 10  # two players: a jump or reverse with a card to follow is a free extra card
FOLLOW = 1.5  # per card kept that fits the suit the play leaves
SKIP_THREAT = 4  # a jump or reverse that keeps the turn from a player about to go out
CHOP_READY = 4  # a play that leaves the suit of a chopper held, light enough to cut with
VOID = 6  # a play that keeps the suit the next player just drew on
CUT_BAR_TWO = 0.7  # the chance of winning a cut needs, with two players
CUT_BAR_MORE = 0.4  # … with more
CUT_BAR_THREAT = 0.15  # … less, when a player is nearly out
# Players shed their heaviest cards, so the cards they keep weigh less than the unseen average.
SHED_DISCOUNT = 0.85


def cut_chance(own: int, others: list[int], mean: float, variance: float, pool: int, strict: bool) -> float:
    """The chance that a hand of ``own`` is lighter than hands of these sizes drawn from the unseen cards.

    Each other hand's total is taken as normal, with the mean and spread of the cards
    it could hold; a tie counts half unless the cutter must be strictly lightest.

    >>> round(cut_chance(10, [7], mean=7.0, variance=16.0, pool=40, strict=False), 2)
    1.0
    >>> round(cut_chance(49, [7], mean=7.0, variance=16.0, pool=40, strict=False), 2)
    0.5
    """
    chance = 1.0
    margin = own + (0.5 if strict else 0.0)
    for size in others:
        spread = size * variance * ((pool - size) / (pool - 1) if pool > 1 else 1.0)
        if spread <= 0:
            lighter = 1.0 if size * mean > margin else 0.0
        else:
            lighter = 0.5 * math.erfc((margin - size * mean) / math.sqrt(2 * spread))
        chance *= lighter
    return chance


def unseen_chance(own: int, others: list[int], unseen: list[int], strict: bool) -> float:
    """The heuristic's chance that a cut leaving ``own`` wins, from the values of the cards it cannot see.

    The other hands are taken to weigh ``SHED_DISCOUNT`` of the unseen average: players shed
    their heaviest cards first.
    """
    count = len(unseen)
    mean = sum(unseen) / count
    variance = sum([(value - mean) ** 2 for value in unseen]) / count  # a list sums faster than a generator
    return cut_chance(own, others, SHED_DISCOUNT * mean, variance, count, strict)


def cut_bar(players: int, others: list[int]) -> float:
    """The chance of winning a cut needs before the heuristic takes it: less when a player is nearly out."""
    bar = CUT_BAR_TWO if players == 2 else CUT_BAR_MORE
    if min(others) <= 2:
        bar -= CUT_BAR_THREAT
    return bar


def obvious_choice(legal: tuple[Action, ...], hand: list | tuple) -> tuple[Action, Motive] | None:
    """The heuristic's action and motive where nothing needs weighing; None where something does.

    The common cases: one legal action, a catch or a due call, nothing to lay (a draw, listed
    before a pass, or a pick-up), or a single card to lay (always laid rather than drawing,
    passing or picking up). A cut, or two cards or more, are weighed (``weighed_choice``).

    >>> from matatu_learn.engine.actions import parse_action
    >>> obvious_choice((parse_action("draw"), parse_action("pass")), [3, 4])
    (Action('draw'), <Motive.DRAW: 'draw'>)
    >>> obvious_choice((parse_action("play 9♦"), parse_action("play 9♣"), parse_action("draw")), [3, 4]) is None
    True
    """
    first = legal[0]
    if len(legal) == 1:
        return first, Motive.ONLY_MOVE
    first_kind = first.kind
    if first_kind is CATCH:
        return first, Motive.CATCH
    if first_kind is CALL:
        return first, Motive.CALL
    plays = 0
    only = None
    for action in legal:
        kind = action.kind
        if kind is PLAY:
            plays += 1
            only = action
        elif kind is CUT:
            return None  # a cut to weigh
    if plays == 0:
        return first, KIND_MOTIVES[first_kind]  # draw (listed before pass), or pick
    if plays == 1 and only.word is None:
        if len(hand) == 1:
            return only, Motive.LAST_CARD
        return only, Motive.ANSWER if legal[-1].kind is PICK else Motive.ONLY_FITTING
    return None


def weighed_choice(
    legal: tuple[Action, ...],
    hand: list | tuple,
    sizes: list[int] | tuple[int, ...],
    seat: int,
    direction: int,
    style: Style,
    choppers: tuple[bool, ...],
    estimate,
    void: int | None = None,
) -> tuple[Action, Motive]:
    """The heuristic's action and motive where ``obvious_choice`` finds something to weigh: each
    card's score (its weight, its attack, what can follow it), and each cut's chance.

    ``choppers`` says which cards are choppers this round; ``estimate(own_after, others)``
    gives the chance that a cut leaving ``own_after`` wins; ``void`` is a suit the next player
    has just shown they lack (they drew on it). ``HeuristicAgent.decide`` adds what the
    motive cites.
    """
    answering = legal[-1].kind is PICK
    values = style.values
    wild = style.wild
    players = len(sizes)
    left = len(hand) - 1
    # What follows a card is counted from the hand once: cards of each suit, of each rank, wild ones.
    total = 0
    wilds = 0
    suit_count = [0, 0, 0, 0, 0]  # the last place counts jokers, whose suit is -1
    suit_weight = [0, 0, 0, 0, 0]
    rank_count = [0] * 14
    held_choppers = []
    for card in hand:
        value = values[card]
        total += value
        if wild[card]:
            wilds += 1
        else:
            suit = SUIT_OF[card]
            suit_count[suit] += 1
            suit_weight[suit] += value
            rank_count[RANK_OF[card]] += 1
        if choppers[card]:
            held_choppers.append(card)
    has_plain = False
    for action in legal:
        if action.kind is PLAY and not wild[action.card]:
            has_plain = True
            break
    picks = style.picks
    weight = style.weight
    again = style.again
    best = None
    best_score = -1e9
    motive = Motive.HEAVIEST
    for action in legal:
        kind = action.kind
        if kind is PLAY:
            card = action.card
            if left == 0:
                return action, Motive.LAST_CARD
            # The score's whole parts first (its weight and attack), then what follows it, in this order.
            if answering:
                score = values[card] + 100 + 10 * min(picks[card], 5)
                why = Motive.ANSWER
            else:
                score = weight[card]  # its value, and ATTACK a card it makes the next player take
                if picks[card]:
                    why = Motive.ATTACK
                elif wild[card]:
                    if has_plain:
                        score -= KEEP_WILD
                    why = Motive.WILD
                else:
                    why = Motive.HEAVIEST
            rank = RANK_OF[card]
            named = action.suit
            if wild[card]:
                # An Ace or joker: what follows is a card of the suit it names, or another wild one.
                suit = named
                if suit is None:
                    follow = wilds - 1
                else:
                    follow = wilds - 1 + suit_count[suit]
                    score += 0.001 * suit_weight[suit]  # of two suits held alike, name the heavier
            else:
                suit = SUIT_OF[card]
                follow = wilds + suit_count[suit] + rank_count[rank] - 2
            score += FOLLOW * follow
            if suit == void and named is None:
                score += VOID  # they drew on this suit: keep it, and they most likely draw again
                why = Motive.VOID
            if held_choppers and named is None:
                score += _chop_ready(style, held_choppers, card, suit, rank, total)
            if not answering and again[card]:
                if players == 2:
                    if follow:
                        score += AGAIN
                        why = Motive.AGAIN
                else:
                    following = (seat + direction) % players
                    if sizes[following] <= 2:
                        score += SKIP_THREAT
                        why = Motive.SKIP
            if action.word is not None:
                score += 0.01  # a call that is due is always made
            if score > best_score:
                best, best_score, motive = action, score, why
        elif kind is CUT:
            if left == 0:
                return action, Motive.LAST_CARD
            others = [size for other, size in enumerate(sizes) if other != seat]
            if estimate(total - values[action.card], others) >= cut_bar(players, others):
                return action, Motive.CUT
        elif best is None:
            # draw, pass or pick: only when no card is laid; a draw before a pass.
            score = -1000 if kind is DRAW else -1001
            if score > best_score:
                best, best_score, motive = action, score, KIND_MOTIVES[kind]
    if best is None:
        # Only cuts are allowed (where a cut counts as a card that fits, nothing else may be done).
        return legal[-1], Motive.ONLY_CUTS
    return best, motive


def _chop_ready(style: Style, held_choppers: list[int], card: int, suit: int | None, rank: int, total: int) -> int:
    """``CHOP_READY`` when a chopper held would fit what laying ``card`` leaves, in a hand light enough
    to cut with (an Ace or joker names the suit held most of, chopper or not); else 0."""
    values = style.values
    limit = style.limit
    for chopper in held_choppers:
        if chopper != card and (SUIT_OF[chopper] == suit or rank == 7):
            weight = total - values[card] - (values[chopper] if style.cut_after else 0)
            if limit is None or weight <= limit:
                return CHOP_READY
    return 0


def heuristic_move(view: PlayerView, style: Style, void: int | None = None) -> tuple[Action, Motive]:
    """The heuristic's action and motive for a seat's view (``void``: as in ``weighed_choice``)."""

    legal = view.legal
    hand = view.hand
    obvious = obvious_choice(legal, hand)
    if obvious is not None:
        return obvious

    def estimate(own: int, others: list[int]) -> float:
        if len(view.history) > LONG_ROUND:
            return 1.0  # a round going nowhere: any cut ends it
        return unseen_chance(own, others, [style.values[card] for card in view.unseen_cards()], style.strict)

    choppers = style.choppers(view.chopper_suit)
    if void is None and view.players == 2 and not view.has_drawn:
        history = view.history
        if history and history[-1].kind is DRAW:
            void = view.suit_in_play  # the other player drew on it and could lay nothing
    return weighed_choice(legal, hand, view.hand_sizes, view.seat, view.direction, style, choppers, estimate, void)


# The motives after which a chopper held back is said (a cut was possible, and not taken).
_MAY_KEEP_CHOPPER = frozenset(
    {
        Motive.ONLY_FITTING,
        Motive.ANSWER,
        Motive.ATTACK,
        Motive.AGAIN,
        Motive.SKIP,
        Motive.WILD,
        Motive.VOID,
        Motive.HEAVIEST,
        Motive.MOST_TO_FOLLOW,
        Motive.DRAW,
        Motive.PASS,
    }
)


def heuristic_decision(view: PlayerView, action: Action, motive: Motive) -> Decision:
    """The heuristic's move as a ``Decision``: its motive and what the motive cites."""
    values = view.values
    card = action.card
    numbers: dict = {}
    asides: set[Aside] = set()
    if motive is Motive.CUT:
        others = tuple(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
        left = view.total() - values[card]
        if len(view.history) > LONG_ROUND:
            chance = 1.0  # as the heuristic judged it: a round going nowhere takes any cut
        else:
            style = style_for(view.rules)
            unseen = [style.values[unseen] for unseen in view.unseen_cards()]
            chance = unseen_chance(left, list(others), unseen, style.strict)
        numbers = {"left": left, "others": others, "chance": chance}
    elif motive is Motive.ANSWER:
        numbers = {"pending": view.pending}
    elif motive in (Motive.ATTACK, Motive.HEAVIEST):
        numbers = {"shed": values[card]}
        if motive is Motive.HEAVIEST:
            wild = style_for(view.rules).wild
            heavier = [
                option.card for option in view.legal if option.kind is PLAY and values[option.card] > values[card]
            ]
            if any(not wild[other] for other in heavier):
                motive = Motive.MOST_TO_FOLLOW
                asides.add(Aside.MOST_TO_FOLLOW)
            elif not heavier:
                # Only true when no card that fits weighs more, an Ace or a joker kept back included.
                asides.add(Aside.HEAVIEST_FITTING)
    elif motive is Motive.ONLY_FITTING:
        asides.add(Aside.ONLY_FITTING)
    elif motive is Motive.AGAIN:
        asides.add(Aside.CARD_TO_FOLLOW)
    elif motive is Motive.WILD:
        asides.add(Aside.NOTHING_ELSE_FITS)
        if action.suit is not None:
            asides.add(Aside.SUIT_HELD_MOST)
    elif motive is Motive.PICK:
        asides.add(Aside.NOTHING_ANSWERS)
    elif motive is Motive.PASS:
        asides.add(Aside.NOTHING_TO_LAY)
    if motive in _MAY_KEEP_CHOPPER and any(option.kind is CUT for option in view.legal):
        asides.add(Aside.KEEPS_CHOPPER)
    elif motive is Motive.DRAW:
        asides.add(Aside.NOTHING_FITS)
    return make_decision(view, action, motive, numbers, asides)


class HeuristicAgent:
    """Rules of thumb: catch and call, cut when likely lightest, attack with picks, shed the heaviest card."""

    name = "heuristic"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)  # kept for a common signature: the heuristic never guesses

    def choose(self, view: PlayerView) -> Action:
        return heuristic_move(view, style_for(view.rules))[0]

    def decide(self, view: PlayerView) -> Decision:
        return heuristic_decision(view, *heuristic_move(view, style_for(view.rules)))
