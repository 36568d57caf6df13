"""The state of one round, its legal actions, and applying them.

A round is fully described by ``(rules, players, seed, actions)``: it owns a
seeded ``random.Random`` and every automatic effect is written to its log.

>>> from matatu_learn.engine.rules import PRESETS
>>> game = Round(PRESETS["house"], players=2, seed=7)
>>> len(game.hands[0]), len(game.pile)
(7, 1)
>>> game.apply(game.legal_actions()[0]) is None
True
>>> branch = game.copy()
>>> branch.apply("draw"); len(branch.history), len(game.history)
(2, 1)
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .actions import (
    CALL,
    CATCH,
    CATCH_ACTION,
    CUT,
    DRAW,
    PASS,
    PASS_ACTION,
    PICK,
    PICK_ACTION,
    PLAY,
    Action,
    make_action,
    parse_action,
)
from .cards import (
    ACE,
    CARD_NAMES,
    COLOUR_OF,
    DECK,
    JACK,
    QUEEN,
    RANK_OF,
    SPADES,
    STANDARD_DECK,
    SUIT_OF,
    SUITS,
    Card,
    make_card,
)
from .errors import DealError, IllegalActionError, NotationError
from .events import (
    Acted,
    Again,
    BaseShown,
    Called,
    CallMissed,
    Cancelled,
    Caught,
    ColourNamed,
    CutterShown,
    Drew,
    Ended,
    Opened,
    Owes,
    Reshuffled,
    Returned,
    Reversed,
    RoundEnd,
    Skipped,
    Smaller,
    SuitNamed,
    Took,
    WentOut,
    record,
)
from .judging import round_points, round_winners
from .rules import (
    AfterDraw,
    Calls,
    Chopper,
    CutCounts,
    JackEffect,
    JokerNames,
    Marker,
    MasterAceCancel,
    Opening,
    PickMode,
    Rules,
)
from .rulings import PickAnswer, Rule, Ruling
from .tables import RulesTables, tables_for

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MASTER_ACE = make_card(ACE, SPADES)
WILD = tuple(card.is_joker or card.rank == ACE for card in DECK)
CUT_ACTIONS = tuple(make_action(CUT, card) for card in DECK)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended, who won, every hand's total and the round's points."""

    reason: RoundEnd
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    points: tuple[int, ...]
    cutter: int | None = None
    finished: tuple[int, ...] = ()  # play_on: the seats that went out, in order


SEED_BITS = 63  # a drawn seed's size: 2**63 deals, and it fits SQLite's signed 64-bit INTEGER


def drawn_seed() -> int:
    """A seed from the operating system's generator, never derived from anything a page sees.

    >>> 0 <= drawn_seed() < 2**SEED_BITS
    True
    """
    return secrets.randbits(SEED_BITS)


# A card of each rank, to ask where laying that rank would hand the turn (8s, Js and Qs are never picks).
_FIRST_OF_RANK = {
    rank: next(card for card in DECK if not card.is_joker and card.rank == rank) for rank in (8, JACK, QUEEN)
}


@dataclass(frozen=True, slots=True)
class OrderOfPlay:
    """The order of play as the engine will follow it, from the seat to move (``Round.order_of_play``).

    ``seats`` are the seats still in, in the order they play, the seat to move first; ``out`` the
    seats gone out under play on. ``after_eight``, ``after_jack`` and ``after_queen`` are the seats
    whose turn it is once the seat to move lays that rank (not its last card, no pick owed): the
    seat to move itself when it plays again; None when the rank does not move the turn. ``skipped``
    is the seat an 8 passes over.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> order = Round(PRESETS["uganda"], players=4, seed=1).order_of_play()
    >>> order.seats, order.next_seat, order.after_eight, order.skipped, order.after_jack, order.jack_reverses
    ((0, 1, 2, 3), 1, 2, 1, 3, True)
    """

    to_move: int
    direction: int
    seats: tuple[int, ...]
    out: tuple[int, ...]
    next_seat: int
    after_eight: int
    skipped: int
    after_jack: int | None
    jack_reverses: bool
    after_queen: int | None


class Position(NamedTuple):
    """Everything that changes during a round, as one frozen value: ``Round.snapshot`` makes it,
    ``Round.copy`` and ``Round.from_position`` restore from it. Hands, stock (top last), pile
    (top last), calls owed, seats out, history and log are tuples here, lists in the round."""

    hands: tuple[tuple[Card, ...], ...] = ()
    stock: tuple[Card, ...] = ()
    pile: tuple[Card, ...] = ()
    marker: Card | None = None
    chopper_suit: int | None = None
    to_move: int = 0
    direction: int = 1
    named_suit: int | None = None
    colour: str | None = None
    pending: int = 0
    free: bool = False
    drawn: Card | None = None
    has_drawn: bool = False
    owed: tuple[str | None, ...] = ()
    catchable: int | None = None
    quiet_turns: int = 0
    finished: tuple[int, ...] = ()
    over: bool = False
    result: RoundResult | None = None
    history: tuple[Action, ...] = ()
    log: tuple = ()


POSITION_FIELDS = Position._fields
# The fields a round keeps as lists (it appends and pops); the others are plain values.
_LIST_FIELDS = frozenset({"stock", "pile", "owed", "finished", "history", "log"})


class Round:
    """One round of Matatu under a ruleset.

    Build it with ``Round(rules, players, seed)`` for a fresh deal, or
    ``Round.from_position`` for a fixed position. ``legal_actions()`` is the
    single source of truth; ``apply`` refuses anything else with an
    ``IllegalActionError`` and leaves the round unchanged.
    """

    # The fixed facts of the round and the generator's caches; the state is ``Position``'s fields.
    __slots__ = (
        "rules",
        "players",
        "seed",
        "leader",
        "_rng",
        "_rng_source",
        "_tables",
        "_legal",
        "_call_words",
        "_laying",
        *POSITION_FIELDS,
    )

    def __init__(self, rules: Rules, players: int = 2, seed: int | None = None, leader: int = 0):
        check_players(players)
        if seed is None:
            seed = drawn_seed()
        self._setup(rules, players, seed, leader)
        deck = list(rules.deck())
        needed = players * rules.hand_size + (rules.marker is Marker.CUTTER) + (rules.opening is Opening.CARD)
        if needed > len(deck):
            raise DealError(
                f"{players} players with {rules.hand_size} cards each need {needed} cards, "
                f"but the deck has {len(deck)}: deal fewer cards or seat fewer players."
            )
        rng = self.rng
        rng.shuffle(deck)
        self.stock = deck  # the top of the stock is the end of the list
        # The cutter and the opening card are turned up before the hands are dealt,
        # so a refused joker or seven always has other cards to give way to.
        if rules.marker is Marker.BASE:
            self.marker = rng.choice(STANDARD_DECK)
            self.log.append(BaseShown(self.marker))
        elif rules.marker is Marker.CUTTER:
            self.marker = self._turn_up(refuse_sevens=True)
            self.log.append(CutterShown(self.marker))
        if self.marker is not None:
            self.chopper_suit = SUIT_OF[self.marker]
            self._laying = self._tables.laying(self.chopper_suit)
        if rules.opening is Opening.CARD:
            opening = self._turn_up(refuse_sevens=False)
            self.pile.append(opening)
            self.log.append(Opened(opening))
        for _ in range(rules.hand_size):
            for seat in range(players):
                self.hands[seat].append(deck.pop())

    def _setup(self, rules: Rules, players: int, seed: int | None, leader: int) -> None:
        if not 0 <= leader < players:
            raise DealError(f"The leader must be a seat from 0 to {players - 1}, not {leader}.")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.leader = leader
        self._rng = random.Random(seed)
        self._rng_source = None
        self._tables: RulesTables = tables_for(rules)
        # Fast aliases for the legal-move generator: the call table, and the tables of what laying
        # each card does (``_restore`` finds them: they follow from the rules and the chopper suit).
        self._call_words = self._tables.call_words
        self._restore(Position(hands=((),) * players, owed=(None,) * players, to_move=leader))
        self._legal: tuple[Action, ...] | None = None

    @property
    def rng(self) -> random.Random:
        """The generator of the round's shuffles, made from its seed or its original's state when first used."""
        rng = self._rng
        if rng is None:
            source = self._rng_source
            if isinstance(source, random.Random):
                rng = random.Random()
                rng.setstate(source.getstate())
            else:
                rng = random.Random(source)
            self._rng = rng
            self._rng_source = None
        return rng

    def _turn_up(self, refuse_sevens: bool) -> Card:
        """Take the top card; jokers (and sevens, for a cutter) go back at a random place."""
        stock = self.stock
        card = stock.pop()
        while card.is_joker or (refuse_sevens and RANK_OF[card] == 7):
            stock.insert(self.rng.randrange(len(stock)), card)
            self.log.append(Returned(card))
            card = stock.pop()
        return card

    # ----------------------------------------------------------------- positions
    @classmethod
    def from_position(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card]],
        pile: Sequence[Card] = (),
        stock: Sequence[Card] | None = None,
        marker: Card | None = None,
        to_move: int = 0,
        direction: int = 1,
        suit: int | None = None,
        colour: str | None = None,
        pending: int = 0,
        free: bool = False,
        drawn: Card | None = None,
        owed_call: tuple[int, str, bool] | None = None,
        seed: int = 0,
    ) -> Round:
        """A round in a fixed position (the ``position`` of a scenario file).

        ``stock`` is top first; when it is None the cards placed nowhere else
        form the stock in canonical order. Positions that cannot exist are
        refused with a ``DealError`` naming the problem.
        """
        players = len(hands)
        check_players(players)
        game = cls.__new__(cls)
        if not 0 <= to_move < players:
            raise DealError(f"to_move must be a seat from 0 to {players - 1}, not {to_move}.")
        game._setup(rules, players, seed, to_move)
        hands = tuple(tuple(hand) for hand in hands)
        pile = tuple(pile)
        placed: list[Card] = [card for hand in hands for card in hand] + list(pile)
        chopper_suit = None
        if rules.marker is not Marker.NONE:
            if marker is None:
                raise DealError("This ruleset needs a marker card (the base card or the cutter).")
            if marker.is_joker:
                raise DealError("The marker card cannot be a joker.")
            chopper_suit = SUIT_OF[marker]
            if rules.marker is Marker.CUTTER:
                placed.append(marker)  # a real card, out of play
        elif marker is not None:
            raise DealError("This ruleset has no marker card: leave 'marker' out.")
        if stock is not None:
            placed.extend(stock)
        for card in placed:
            if card.is_joker and not rules.jokers:
                raise DealError(f"{CARD_NAMES[card]} is a joker, and jokers are off in this ruleset.")
        copies = Counter(placed)
        for card, count in copies.items():
            if count > rules.decks:
                decks = "there is one deck" if rules.decks == 1 else f"there are {rules.decks} decks"
                times = "twice" if count == 2 else f"{count} times"
                raise DealError(f"{CARD_NAMES[card]} is placed {times}, but {decks}.")
        if stock is None:
            unplaced = Counter(rules.deck()) - copies
            stock_top_last = tuple(card for card in reversed(DECK) for _ in range(unplaced[card]))
        else:
            stock_top_last = tuple(reversed(stock))
        if not pile and rules.opening is not Opening.BARE:
            raise DealError("The pile is empty, but only a bare-table ruleset starts without a pile.")
        if direction not in (1, -1):
            raise DealError(f"direction must be 1 or -1, not {direction}.")
        if suit is not None and suit not in SUITS:
            raise DealError(f"'{suit}' is not a suit.")
        if colour is not None and colour not in ("red", "black"):
            raise DealError(f"colour must be red or black, not '{colour}'.")
        if not isinstance(pending, int) or pending < 0:
            raise DealError(f"pending must be a whole number of cards, not {pending!r}.")
        if pending and (not pile or not game._tables.picks[pile[-1]]):
            raise DealError("A pick is pending, but the pile's top card is not a pick card under these rules.")
        if drawn is not None and drawn not in hands[to_move]:
            raise DealError(f"The drawn card {CARD_NAMES[drawn]} must be in the hand of seat {to_move}.")
        owed = [None] * players
        catchable = None
        if owed_call is not None:
            seat, word, can_catch = owed_call
            if not 0 <= seat < players:
                raise DealError(f"owed_call.seat must be a seat from 0 to {players - 1}, not {seat}.")
            if word not in game._tables.call_words.values():
                raise DealError(f"'{word}' is not a call of this ruleset.")
            owed[seat] = word
            if can_catch and seat != to_move:
                catchable = seat
        game._restore(
            Position(
                hands=hands,
                stock=stock_top_last,
                pile=pile,
                marker=marker,
                chopper_suit=chopper_suit,
                to_move=to_move,
                direction=direction,
                named_suit=suit,
                colour=colour,
                pending=pending,
                free=bool(free),
                drawn=drawn,
                has_drawn=drawn is not None,
                owed=tuple(owed),
                catchable=catchable,
            )
        )
        legal = game.legal_actions()
        if game.has_drawn and (not legal or legal[0] is PASS_ACTION):
            game._end_turn(quiet=False)  # nothing playable after a draw: the turn ends by itself
            game._legal = None
        return game

    @classmethod
    def replay(cls, rules: Rules, players: int, seed: int, actions: Iterable[Action | str], leader: int = 0) -> Round:
        """Deal again from the seed and apply every action; the same round results."""
        game = cls(rules, players, seed, leader)
        for action in actions:
            game.apply(action)
        return game

    # ------------------------------------------------------------------ queries
    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def suit_in_play(self) -> int | None:
        """The named suit, else the top card's suit (None on a bare table or a joker)."""
        if self.named_suit is not None:
            return self.named_suit
        if self.pile and not self.pile[-1].is_joker and not self.free:
            return SUIT_OF[self.pile[-1]]
        return None

    def is_chopper(self, card: int) -> bool:
        if RANK_OF[card] != 7:
            return False
        return self.rules.chopper is Chopper.ANY_SEVEN or SUIT_OF[card] == self.chopper_suit

    def value(self, card: int) -> int:
        return self._tables.values[card]

    def total(self, seat: int) -> int:
        values = self._tables.values
        return sum([values[card] for card in self.hands[seat]])  # a list sums faster than a generator

    def totals(self) -> tuple[int, ...]:
        return tuple(self.total(seat) for seat in range(self.players))

    def fits(self, card: int) -> bool:
        """Whether a card may be laid on the pile now, ignoring picks and the chopper rule."""
        return bool(self._fitting((DECK[card],)))

    def cut_weight(self, seat: int | None = None, chopper: int | None = None) -> int:
        """The weight the cut limit is measured against (docs/rules.md §6)."""
        seat = self.to_move if seat is None else seat
        total = self.total(seat)
        if self.rules.cut_counts is CutCounts.AFTER and chopper is not None:
            total -= self._tables.values[chopper]
        return total

    def light_enough(self, chopper: int) -> bool:
        limit = self.rules.cut_limit
        return limit is None or self.cut_weight(chopper=chopper) <= limit

    # ------------------------------------------------------------ legal actions
    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to move may take now, in a stable order.

        A tuple: the round keeps it until the next action, and no caller can spoil it.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.over else self._generate()
        return legal

    def is_legal(self, action: Action | str) -> bool:
        try:
            return parse_action(action) in self.legal_actions()
        except NotationError:
            return False

    def _generate(self) -> tuple[Action, ...]:
        rules = self.rules
        seat = self.to_move
        hand = self.hands[seat]
        owed = self.owed[seat]
        if owed is not None and rules.owed_call_blocks:
            call = make_action(CALL, word=owed)
            return (call,) if self.catchable is None else (CATCH_ACTION, call)
        options, cuts = self._laid(len(hand) - 1)
        if rules.decks > 1:
            hand = list(dict.fromkeys(hand))  # an action names the card, not which copy
        pending = self.pending
        drawn = self.has_drawn
        if drawn and not pending and rules.after_draw is not AfterDraw.ANY_FITTING:
            hand = (self.drawn,)
        actions = [action for card in hand for action in options[card]]
        if cuts:
            self._drop_heavy_cuts(actions, cuts)
        # After the plays: what else the player may do, a catch first of all.
        tables = self._tables
        if pending:
            actions.append(PICK_ACTION)
        elif drawn:
            actions += tables.after_drawing
        else:
            actions += tables.besides_laying if actions else tables.nothing_to_lay
        if self.catchable is not None:
            actions.insert(0, CATCH_ACTION)
        return tuple(actions)

    def lay_options(self) -> tuple[tuple[Action, ...], ...]:
        """For each card, the actions that would lay it now if the player to move held it.

        Empty where the card may not be laid: it does not fit, or does not answer the pending
        pick. A chopper's cut is listed whatever the hand weighs (``legal_actions`` leaves out
        a cut the hand is too heavy for). The tables depend only on what a card must match and
        how many cards a play leaves, so each is made once and shared by every round of the
        same rules and chopper suit: a read costs a lookup.

        >>> from matatu_learn.engine.rules import PRESETS
        >>> from matatu_learn.engine.cards import parse_cards, parse_card
        >>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦ 9♣ A♥"), parse_cards("K♣ 2♠")],
        ...     pile=parse_cards("9♦"), marker=parse_card("6♦"))
        >>> [[str(action) for action in game.lay_options()[card]] for card in game.hands[0]]
        [['cut 7♦'], ['play 9♣'], ['play A♥ ♠', 'play A♥ ♥', 'play A♥ ♦', 'play A♥ ♣']]
        """
        return self._laid(len(self.hands[self.to_move]) - 1)[0]

    def _laid(self, left: int) -> tuple[tuple[tuple[Action, ...], ...], tuple[Action, ...]]:
        """``lay_options`` for a play that leaves ``left`` cards, and the cuts in it a hand may be too heavy for."""
        # What a card must match: the answers to a pick on the top card, anything at all, a joker's
        # colour, the top card itself, or the named suit and the top card's rank.
        pile = self.pile
        if self.pending:
            fit = (PICK, pile[-1])
        elif self.free or not pile:
            fit = None
        elif self.colour is not None:
            fit = self.colour
        elif self.named_suit is None:
            fit = pile[-1]
        else:
            fit = (self.named_suit, RANK_OF[pile[-1]])
        tables = self._laying[left]
        laid = tables.get(fit)
        if laid is None:
            laid = tables[fit] = self._lay_table(left)
        return laid

    def _lay_table(self, left: int) -> tuple[tuple[tuple[Action, ...], ...], tuple[Action, ...]]:
        """What laying each card does now, for a play that leaves ``left`` cards (``_laid``).

        Counts from ``RulesTables.stages`` on share a table: ``left`` matters only as the last
        card (0) and where a call is owed, and a hand of none lays nothing.
        """
        options: list[tuple[Action, ...]] = [()] * len(DECK)
        answering = self.pending > 0
        for card in DECK if answering else self._fitting(DECK):
            laid: list[Action] = []
            if answering:
                if self._answers(card):
                    self._add_plays(laid, card, left, answering=True)
            elif self.is_chopper(card):
                laid.append(CUT_ACTIONS[card])
                if self.rules.sevens_normal:
                    self._add_plays(laid, card, left, answering=False)
            else:
                self._add_plays(laid, card, left, answering=False)
            options[card] = tuple(laid)
        limited = self.rules.cut_limit is not None
        cuts = tuple(action for laid in options for action in laid if limited and action.kind is CUT)
        return tuple(options), cuts

    def _drop_heavy_cuts(self, actions: list[Action], cuts: tuple[Action, ...]) -> None:
        """Take out the cuts of choppers the hand is too heavy to cut with."""
        limit = self.rules.cut_limit
        for cut in cuts:
            if cut in actions and self.cut_weight(chopper=cut.card) > limit:
                actions.remove(cut)

    def _fitting(self, cards: Iterable[Card]) -> list[Card]:
        """The cards that may be laid on the pile now, ignoring picks and the chopper rule."""
        if self.free or not self.pile:
            return list(cards)
        if self.colour is not None:
            colour = self.colour
            return [card for card in cards if WILD[card] or COLOUR_OF[card] == colour]
        top = self.pile[-1]
        suit = self.named_suit if self.named_suit is not None else SUIT_OF[top]
        rank = RANK_OF[top]
        return [card for card in cards if WILD[card] or SUIT_OF[card] == suit or RANK_OF[card] == rank]

    def _suits(self, card: Card, left: int, answering: bool) -> Sequence[int | None]:
        """The suits laying this card may name (None: names nothing); ``left`` cards stay in hand."""
        if not left:
            return (None,)  # a last card names nothing
        if card.is_joker:
            return SUITS if self.rules.joker_names is JokerNames.SUIT else (None,)
        if RANK_OF[card] != ACE:
            return (None,)
        if not answering:
            return SUITS
        cancel = self.rules.master_ace_cancel  # only the master ace answers a pick: it cancels it
        return SUITS if cancel is MasterAceCancel.NAME else (SPADES,) if cancel is MasterAceCancel.SPADES else (None,)

    def _add_plays(self, actions: list[Action], card: Card, left: int, answering: bool) -> None:
        """``play`` actions for a card: one per suit it may name, with and without a call."""
        suits = self._suits(card, left, answering)
        word = self._tables.call_words.get(left)
        for suit in suits:
            actions.append(make_action(PLAY, card, suit))
            if word is not None:
                actions.append(make_action(PLAY, card, suit, word))

    def _answers(self, card: int) -> bool:
        """Whether a card answers the pending pick (docs/rules.md §5, picks)."""
        rules = self.rules
        if card == MASTER_ACE and rules.master_ace_cancels:
            return True
        picks = self._tables.picks
        if not picks[card]:
            return False
        top = self.pile[-1]
        mode = rules.pick_mode
        if top.is_joker:
            if mode is PickMode.COMPARE:
                return card.is_joker or COLOUR_OF[card] == COLOUR_OF[top]
            return card.is_joker
        if mode is PickMode.ADD_UP:
            return True
        if mode is PickMode.PASS_ON:
            return not card.is_joker and RANK_OF[card] == RANK_OF[top]
        return COLOUR_OF[card] == COLOUR_OF[top]

    # ------------------------------------------------------------------- acting
    def apply(self, action: Action | str) -> None:
        """Apply a legal action; anything else raises an error and changes nothing.

        Text that is not an action raises ``NotationError``; an action the rules refuse
        now raises ``IllegalActionError``, whose message says which rule refused it.
        """
        if action.__class__ is not Action:
            action = parse_action(action)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(self.refusal(action))
        self._legal = None
        seat = self.to_move
        self.history.append(action)
        pile = self.pile
        self.log.append(
            record(
                Acted,
                (
                    seat,
                    action,
                    pile[-1] if pile else None,
                    self.named_suit,
                    self.colour,
                    self.free,
                    self.pending,
                    self.direction,
                    self.has_drawn,
                ),
            )
        )
        kind = action.kind
        if self.catchable is not None and kind is not CATCH and kind is not CALL:
            # The chance to catch ends when the next player moves.
            if not self.rules.owed_call_blocks:
                self.owed[self.catchable] = None
            self.catchable = None
        if kind is PLAY:
            self._play(seat, action)
        elif kind is PASS:
            taken = True
            if not self.has_drawn:
                taken = self._take(seat, 1)
            self._end_turn(quiet=not taken)
        elif kind is DRAW:
            self._draw(seat)
        elif kind is PICK:
            owed = self.pending
            self.pending = 0
            taken = self._take(seat, owed)
            self._end_turn(quiet=not taken)
        elif kind is CUT:
            card = action.card
            self.hands[seat].remove(card)
            self.pile.append(card)
            self._finish(RoundEnd.CUT, cutter=seat)
        elif kind is CATCH:
            silent = self.catchable
            self.catchable = None
            self.log.append(record(Caught, (silent, self.rules.catch_penalty, seat)))
            self._take(silent, self.rules.catch_penalty)
        elif kind is CALL:
            self.owed[seat] = None
        else:  # only the generator makes legal actions, so this is a bug in the engine, never a move
            raise AssertionError(f"the engine has no rule for an action of kind {kind!r}")

    def _play(self, seat: int, action: Action) -> None:
        card = action.card
        hand = self.hands[seat]
        hand.remove(card)
        self.pile.append(card)
        self.quiet_turns = 0
        answering = self.pending > 0
        self.free = False
        self.named_suit = None
        self.colour = None
        self.drawn = None
        if not hand:
            if self.rules.play_on:
                self._go_out(seat)
            else:
                self._finish(RoundEnd.OUT, winner=seat)
            return
        needed = self._call_words.get(len(hand))
        missed = needed is not None and action.word is None
        if missed:
            self.owed[seat] = needed
            self.log.append(record(CallMissed, (seat, needed)))
        elif action.word is not None:
            self.owed[seat] = None
            self.log.append(record(Called, (seat, action.word)))
        rules = self.rules
        picks = self._tables.picks
        step = 1
        reverse = False
        if answering:
            if card == MASTER_ACE and rules.master_ace_cancels:
                self.pending = 0
                self.log.append(record(Cancelled, (seat, card)))
                if rules.master_ace_cancel is MasterAceCancel.FREE:
                    self.free = True
                else:
                    self._name_suit(seat, action.suit)
            else:
                amount = picks[card]
                mode = rules.pick_mode
                if mode is PickMode.ADD_UP:
                    self.pending += amount
                elif mode is PickMode.PASS_ON:
                    self.pending = self.pending + amount if card.is_joker else amount
                elif amount > self.pending:
                    self.pending = amount
                elif amount == self.pending:
                    self.pending = 0
                    self.log.append(record(Cancelled, (seat, card)))
                else:
                    difference = self.pending - amount
                    self.pending = 0
                    self.log.append(record(Smaller, (seat, difference)))
                    self._take(seat, difference)
                if card.is_joker:
                    self._name_joker(seat, card, action.suit)
                if self.pending:
                    self.log.append(record(Owes, (self._seat_after(1), self.pending)))
        else:
            rank = RANK_OF[card]
            if card.is_joker:
                self._name_joker(seat, card, action.suit)
                self.pending = picks[card]
            elif rank == ACE:
                self._name_suit(seat, action.suit)
            elif picks[card]:
                self.pending = picks[card]
            else:
                step, reverse = self._tables.turns[card]
                if reverse:
                    self.direction = -self.direction
                    self.log.append(record(Reversed, (seat, self.direction)))
            if self.pending:
                self.log.append(record(Owes, (self._seat_after(1), self.pending)))
        # A call missed with this play stays owed unless a pick-up already cancelled it.
        missed_by = seat if missed and self.owed[seat] is not None else None
        if step == 1 and not reverse:
            self._move_turn(1, missed_by)
        elif self._plays_again(step, reverse):
            self.log.append(record(Again, (seat,)))
            self._move_turn(0, missed_by)
        else:
            if step == 2:
                self.log.append(record(Skipped, (self._seat_after(1),)))
            self._move_turn(step, missed_by)

    def _name_suit(self, seat: int, suit: int | None) -> None:
        self.named_suit = suit
        if suit is not None:
            self.log.append(record(SuitNamed, (seat, suit)))

    def _name_joker(self, seat: int, card: int, suit: int | None) -> None:
        if self.rules.joker_names is JokerNames.COLOUR:
            self.colour = COLOUR_OF[card]
            self.log.append(record(ColourNamed, (seat, self.colour)))
        else:
            self._name_suit(seat, suit)

    def _draw(self, seat: int) -> None:
        rules = self.rules
        card = self._draw_one(seat)
        if card is None:
            self._end_turn(quiet=True)
            return
        self.quiet_turns = 0
        self.has_drawn = True
        self.drawn = card
        if rules.after_draw is AfterDraw.END:
            self._end_turn(quiet=False)
            return
        # After a draw the legal actions list the plays first, then any pass.
        legal = self._generate()
        while (not legal or legal[0] is PASS_ACTION) and rules.draw_until_playable:
            card = self._draw_one(seat)
            if card is None:
                break
            self.drawn = card
            legal = self._generate()
        if not legal or legal[0] is PASS_ACTION:
            self._end_turn(quiet=False)  # nothing playable after drawing: the turn ends by itself
        else:
            self._legal = legal

    def _draw_one(self, seat: int) -> Card | None:
        if not self.stock:
            self._reshuffle()
        if not self.stock:
            self.log.append(record(Drew, (seat, None)))
            return None
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.owed[seat] = None  # any draw cancels an owed call
        self.log.append(record(Drew, (seat, card)))
        return card

    def _take(self, seat: int, count: int) -> int:
        """Give a seat up to ``count`` cards from the stock; returns how many came."""
        taken = []
        for _ in range(count):
            if not self.stock:
                self._reshuffle()  # makes a new stock list
                if not self.stock:
                    break
            taken.append(self.stock.pop())
        self.hands[seat].extend(taken)
        if taken:
            self.owed[seat] = None  # any draw cancels an owed call
            if self.catchable == seat:
                self.catchable = None
        self.log.append(record(Took, (seat, tuple(taken))))
        return len(taken)

    def _reshuffle(self) -> None:
        if len(self.pile) > 1:
            top = self.pile.pop()
            self.stock = self.pile
            self.pile = [top]
            self.rng.shuffle(self.stock)
            self.log.append(record(Reshuffled, (len(self.stock),)))

    def _seat_after(self, steps: int, direction: int | None = None) -> int:
        """The seat ``steps`` turns after the player to move, going ``direction`` (default: the round's)."""
        if direction is None:
            direction = self.direction
        if not self.finished:
            return (self.to_move + steps * direction) % self.players
        seat = self.to_move
        for _ in range(steps):  # play on: the seats that are out are passed over
            seat = self._seat_from(seat, direction)
        return seat

    def _plays_again(self, step: int, reverse: bool) -> bool:
        """With two players left, a jump or a reverse gives the player to move another turn."""
        return self.players - len(self.finished) == 2 and (step == 2 or reverse)

    def seat_after_laying(self, card: Card) -> int:
        """The seat whose turn it is once the player to move lays ``card`` now, if it is not their last card.

        The same steps ``apply`` takes: an 8 (or a jumping J) passes over a seat, a reversing J or Q
        turns the order round, two players left play again, and seats out under play on are passed over.
        """
        step, reverse = 1, False
        if not self.pending and not WILD[card] and not self._tables.picks[card]:
            step, reverse = self._tables.turns[card]
        if self._plays_again(step, reverse):
            return self.to_move
        return self._seat_after(step, -self.direction if reverse else self.direction)

    def order_of_play(self) -> OrderOfPlay:
        """Who plays after the seat to move, and where an 8, a J or a Q would hand the turn (see ``OrderOfPlay``)."""
        mover, direction = self.to_move, self.direction
        seats = [mover]
        while len(seats) < self.players - len(self.finished):
            seats.append(self._seat_from(seats[-1], direction))
        rules = self.rules
        next_seat = self._seat_after(1)
        turns_jack = rules.jack in (JackEffect.JUMP, JackEffect.REVERSE)
        return OrderOfPlay(
            to_move=mover,
            direction=direction,
            seats=tuple(seats),
            out=tuple(self.finished),
            next_seat=next_seat,
            after_eight=self.seat_after_laying(_FIRST_OF_RANK[8]),
            skipped=next_seat,
            after_jack=self.seat_after_laying(_FIRST_OF_RANK[JACK]) if turns_jack else None,
            jack_reverses=rules.jack is JackEffect.REVERSE,
            after_queen=self.seat_after_laying(_FIRST_OF_RANK[QUEEN]) if rules.queens_reverse else None,
        )

    def _seat_from(self, seat: int, direction: int) -> int:
        """The next seat still in after ``seat``, going ``direction``."""
        seat = (seat + direction) % self.players
        while seat in self.finished:
            seat = (seat + direction) % self.players
        return seat

    def _go_out(self, seat: int) -> None:
        """Play on (docs/rules.md §8): the last card has no effect; the others go on without this seat."""
        self.finished.append(seat)
        self.owed[seat] = None
        self.pending = 0
        self.log.append(record(WentOut, (seat, len(self.finished))))
        if self.players - len(self.finished) <= 1:
            self._finish(RoundEnd.OUT, winner=seat)
            return
        self._move_turn(1, missed_by=None)

    def _end_turn(self, quiet: bool) -> None:
        self.free = False  # an unused free play after an A♠ cancel lapses with the turn
        if quiet:
            self.quiet_turns += 1
            if self.quiet_turns >= self.players - len(self.finished):
                self._finish(RoundEnd.BLOCKED)
                return
        else:
            self.quiet_turns = 0
        self._move_turn(1, missed_by=None)

    def _move_turn(self, steps: int, missed_by: int | None) -> None:
        """Hand the turn ``steps`` seats on (0: the player to move plays again); ``missed_by`` missed a call."""
        if self.finished:
            seat = self._seat_after(steps)
        else:
            seat = (self.to_move + steps * self.direction) % self.players
        self.to_move = seat
        self.drawn = None
        self.has_drawn = False
        if missed_by is not None:
            if missed_by != seat:
                self.catchable = missed_by
            elif not self.rules.owed_call_blocks:
                self.owed[missed_by] = None  # nobody is left to catch it

    def _finish(self, reason: RoundEnd, winner: int | None = None, cutter: int | None = None) -> None:
        self.over = True
        self.pending = 0
        self.catchable = None
        totals = self.totals()
        if self.finished:
            winners: tuple[int, ...] = (self.finished[0],)  # play on: the first out won, however it ends
        elif reason is RoundEnd.OUT:
            winners = (winner,)
        else:
            winners = round_winners(self.rules, totals, cutter)
        points = round_points(self.rules, totals, winners)
        self.result = RoundResult(reason, winners, totals, points, cutter, tuple(self.finished))
        self.log.append(record(Ended, (reason, cutter if reason is RoundEnd.CUT else winner, winners)))
        self._legal = ()

    # ---------------------------------------------------------------- branches
    def replace_hidden(self, hands: dict[int, list[Card]], stock: list[Card] | None = None, log=None) -> None:
        """Put other cards in some hands (and the stock): the one way an imagined deal is made.

        Nothing is checked (the cards may stand elsewhere too): a search or a sample that deals
        hidden cards again keeps its deal consistent itself. When the seat to move had drawn,
        its drawn card is the last of its new hand; ``log`` replaces the log (a viewer's public
        one). The legal actions are worked out afresh.
        """
        for seat, cards in hands.items():
            self.hands[seat] = cards
        if stock is not None:
            self.stock = stock
        if self.has_drawn and self.to_move in hands and hands[self.to_move]:
            self.drawn = hands[self.to_move][-1]
        if log is not None:
            self.log = list(log)
        self._legal = None

    def copy(self, seed: int | None = None) -> Round:
        """An independent round in the same state, without replaying from the seed.

        The copy's random generator is in the same state as the original's, so the two
        go on alike when given the same actions; with ``seed`` it starts afresh from that
        seed instead (a branch whose future reshuffles differ). Neither sees the other's moves.
        """
        other = Round.__new__(Round)
        other.rules = self.rules
        other.players = self.players
        other.seed = self.seed
        other.leader = self.leader
        # The copy's generator is made when it first shuffles (``rng``): most copies, a search's
        # imagined deals, never do, and making one costs more than a move.
        other._rng = None
        if seed is not None:
            other._rng_source = seed
        elif self._rng is None:
            other._rng_source = self._rng_source
        else:
            # Both now start from this generator as it stands, each on a copy of its own when it shuffles.
            other._rng_source = self._rng_source = self._rng
            self._rng = None
        other._tables = self._tables
        other._call_words = self._call_words
        other._laying = self._laying
        for name in POSITION_FIELDS:
            value = getattr(self, name)
            setattr(other, name, value.copy() if name in _LIST_FIELDS else value)
        other.hands = [hand.copy() for hand in self.hands]
        other._legal = self._legal  # a tuple: shared safely until either side moves
        return other

    # ---------------------------------------------------------------- snapshots
    def snapshot(self) -> Position:
        """The position as one frozen value: for checking that nothing changed, and to restore."""
        values = [getattr(self, name) for name in POSITION_FIELDS]
        position = Position._make(
            tuple(value) if name in _LIST_FIELDS else value for name, value in zip(POSITION_FIELDS, values, strict=True)
        )
        return position._replace(hands=tuple(tuple(hand) for hand in self.hands))

    def _restore(self, position: Position) -> None:
        for name, value in zip(POSITION_FIELDS, position, strict=True):
            setattr(self, name, list(value) if name in _LIST_FIELDS else value)
        self.hands = [list(hand) for hand in position.hands]
        self._legal = None
        self._laying = self._tables.laying(self.chopper_suit)

    # ---------------------------------------------------------------- rulings
    def ruling(self, action: Action | str) -> Ruling:
        """Why an action is legal or refused now: the rule and the facts it quotes.

        The legal actions decide; the ruling names the check that decided, in the order the
        generator makes them (an owed call first, then a pending pick, a draw, the fit).

        >>> from matatu_learn.engine.rules import PRESETS
        >>> from matatu_learn.engine.cards import parse_cards, parse_card
        >>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦ 7♥ 8♠"), parse_cards("K♣ 2♠")],
        ...     pile=parse_cards("6♦ 9♦"), marker=parse_card("6♦"))
        >>> print(game.ruling("play 7♥"))
        play 7♥ is refused (does_not_fit: card=7♥, top=9♦, suit=2, named=False, colour=None)
        >>> game.ruling("cut 7♦").rule, game.ruling("cut 7♦").legal
        (<Rule.CUT: 'cut'>, True)
        """
        try:
            action = parse_action(action)
        except NotationError as error:
            return Ruling(Rule.NOT_AN_ACTION, False, str(action), error=str(error))
        if action in self.legal_actions():
            return self._allowed(action)
        return self.refusal(action)

    def _fit_facts(self) -> dict:
        """What a card must match now: the top card, the suit in play (named or not), a joker's colour."""
        return {
            "top": self.pile[-1] if self.pile else None,
            "suit": self.suit_in_play,
            "named": self.named_suit is not None,
            "colour": self.colour,
        }

    def _chopper_facts(self) -> dict:
        """Which seven cuts: any seven, or the seven of the marker card's suit."""
        if self.rules.chopper is Chopper.ANY_SEVEN:
            return {"any_seven": True}
        return {"any_seven": False, "chopper_suit": self.chopper_suit, "marker": self.rules.marker}

    def _weight_facts(self, chopper: Card) -> dict:
        return {
            "weight": self.cut_weight(chopper=chopper),
            "limit": self.rules.cut_limit,
            "counts": self.rules.cut_counts,
        }

    def pick_answers(self) -> tuple[PickAnswer, ...]:
        """The kinds of card that answer the pending pick, found by the generator's own check."""
        rules = self.rules
        mode = rules.pick_mode
        kinds: dict[PickAnswer, None] = {}
        for card in rules.deck():
            if not self._answers(card):
                continue
            if card == MASTER_ACE and rules.master_ace_cancels:
                kinds[PickAnswer(ACE, None, "cancels")] = None
                continue
            joker = card.is_joker
            colour = COLOUR_OF[card] if mode is PickMode.COMPARE and not (joker and self.pile[-1].is_joker) else None
            if mode is PickMode.COMPARE:
                effect = "compares"
            elif mode is PickMode.ADD_UP or joker:
                effect = "adds"
            else:
                effect = "passes_on"
            kinds[PickAnswer(0 if joker else RANK_OF[card], colour, effect)] = None
        # The A♠ last: it is the exception, said after the pick cards.
        return tuple(sorted(kinds, key=lambda answer: answer.rank == ACE))

    def _allowed(self, action: Action) -> Ruling:
        rules = self.rules
        kind = action.kind
        text = action.text
        if kind is CATCH:
            return Ruling(
                Rule.CATCH, True, text, silent=self.catchable, penalty=rules.catch_penalty, players=self.players
            )
        if kind is CALL:
            return Ruling(Rule.CALL_OWED, True, text, word=action.word)
        if kind is PICK:
            return Ruling(Rule.PICK_UP, True, text, pending=self.pending)
        # A stock that is empty, with no pile under the top card to make a new one: nothing to take.
        nothing_to_take = {"nothing_to_take": True} if not self.stock and len(self.pile) <= 1 else {}
        if kind is DRAW:
            return Ruling(Rule.DRAW, True, text, **nothing_to_take)
        if kind is PASS:
            if self.has_drawn:
                return Ruling(Rule.PASS_AFTER_DRAW, True, text)
            return Ruling(Rule.PASS_TAKES_ONE, True, text, **nothing_to_take)
        card = action.card
        if kind is CUT:
            weight = {} if rules.cut_limit is None else self._weight_facts(card)
            return Ruling(Rule.CUT, True, text, card=card, **self._chopper_facts(), **weight)
        if self.pending:
            return Ruling(Rule.ANSWERS_PICK, True, text, card=card, pending=self.pending, answers=self.pick_answers())
        if not self.pile:
            return Ruling(Rule.BARE_TABLE, True, text, card=card)
        if self.free:
            return Ruling(Rule.FREE_PLAY, True, text, card=card)
        if WILD[card]:
            return Ruling(Rule.WILD, True, text, card=card)
        return Ruling(Rule.FITS, True, text, card=card, **self._fit_facts())

    def refusal(self, action: Action) -> Ruling:
        """The first refusal check ``action`` fails, in the generator's order; ``NOT_NOW`` when none does
        (every legal action fails none: the checks and the generator decide alike)."""
        rules = self.rules
        seat = self.to_move
        hand = self.hands[seat]
        kind = action.kind
        text = action.text
        if self.over:
            return Ruling(Rule.ROUND_OVER, False, text)
        owed = self.owed[seat]
        if owed is not None and rules.owed_call_blocks and kind not in (CALL, CATCH):
            return Ruling(Rule.MUST_CALL_FIRST, False, text, word=owed)
        if kind is CATCH and self.catchable is None:
            return Ruling(Rule.NOBODY_TO_CATCH, False, text)
        if kind is CALL:
            if owed is None:
                return Ruling(Rule.NO_CALL_OWED, False, text, word=action.word)
            if action.word != owed:
                return Ruling(Rule.WRONG_CALL_OWED, False, text, word=action.word, owed=owed, hand_size=len(hand))
        if kind is CATCH or (kind is CALL and rules.owed_call_blocks):
            # The generator offers these before anything else, a pending pick included: a catch whenever
            # someone can be caught, an owed call that blocks everything else.
            return Ruling(Rule.NOT_NOW, False, text, choices=tuple(option.text for option in self.legal_actions()))
        card = action.card
        if card is not None and card not in hand:
            return Ruling(Rule.NOT_HELD, False, text, card=card)
        answering = self.pending > 0
        if answering and kind is not PICK and not (kind is PLAY and self._answers(card)):
            return Ruling(Rule.PICK_PENDING, False, text, pending=self.pending, answers=self.pick_answers())
        if kind is PICK and not answering:
            return Ruling(Rule.NO_PICK, False, text)
        if self.has_drawn:
            if kind is DRAW:
                return Ruling(Rule.ALREADY_DRAWN, False, text)
            if kind is PASS and rules.after_draw not in (AfterDraw.ANY_FITTING, AfterDraw.DRAWN_OR_PASS):
                return Ruling(Rule.NO_PASS_AFTER_DRAW, False, text, drawn=self.drawn)
            if card is not None and rules.after_draw is not AfterDraw.ANY_FITTING and card != self.drawn:
                return Ruling(Rule.ONLY_DRAWN_CARD, False, text, card=card, drawn=self.drawn)
        elif kind is PASS and not rules.pass_without_draw:
            return Ruling(Rule.NO_PASS, False, text)
        stuck = not any(option.kind in (PLAY, CUT) for option in self.legal_actions())
        if kind is DRAW and not rules.draw_when_fitting and not answering and not stuck:
            return Ruling(Rule.DRAW_ONLY_WHEN_STUCK, False, text)
        left = len(hand) - 1
        if kind is CUT:
            if not self.is_chopper(card):
                return Ruling(Rule.NOT_A_CHOPPER, False, text, card=card, **self._chopper_facts())
            if not self.fits(card):
                return Ruling(Rule.CHOPPER_MUST_FIT, False, text, card=card, **self._fit_facts())
            if not self.light_enough(card):
                return Ruling(Rule.TOO_HEAVY, False, text, card=card, **self._weight_facts(card))
        if kind is PLAY:
            if self.is_chopper(card) and not rules.sevens_normal:
                return Ruling(Rule.CHOPPER_ONLY_CUTS, False, text, card=card)
            if not answering and not self.fits(card):
                return Ruling(Rule.DOES_NOT_FIT, False, text, card=card, **self._fit_facts())
            # The suits this card may name here are the generator's own: one check for both.
            suits = self._suits(card, left, answering)
            if action.suit not in suits:
                if left == 0:
                    return Ruling(Rule.LAST_CARD_NAMES_NOTHING, False, text, card=card)
                if suits == (None,):
                    jokers_name = rules.jokers and rules.joker_names is JokerNames.SUIT
                    return Ruling(Rule.CANNOT_NAME_SUIT, False, text, card=card, jokers_name=jokers_name)
                if action.suit is None:
                    return Ruling(Rule.MUST_NAME_SUIT, False, text, card=card)
            due = self._call_words.get(left)
            if action.word is not None and action.word != due:
                if rules.calls is Calls.NONE:
                    return Ruling(Rule.NO_CALLS, False, text)
                if due is None:
                    return Ruling(Rule.NO_CALL_DUE, False, text, left=left, word=action.word)
                return Ruling(Rule.WRONG_CALL_WORD, False, text, left=left, word=action.word, due=due)
        return Ruling(Rule.NOT_NOW, False, text, choices=tuple(option.text for option in self.legal_actions()))


def check_players(players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DealError(f"Matatu is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}.")


__all__ = ["OrderOfPlay", "Round", "RoundResult", "RoundEnd", "check_players"]
