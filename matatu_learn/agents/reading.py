"""Reading the others' moves from a seat's public log: what each draw, pick-up, plain play and
named suit says of the hand that made it, and how likely each unseen card is in each hand.

The log's ``Acted`` records carry the table each action was made on (top card, named suit or
colour, a free play, the pick pending, the direction, whether the seat had drawn), so the
reading takes those facts as they are and never plays the rules again.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.round import Round
>>> from matatu_learn.engine.view import PlayerView
>>> game = Round(PRESETS["house"], players=2, seed=3)
>>> game.apply("draw")
>>> reading = read_log(PlayerView(game, 1))
>>> [(move.seat, str(move.action)) for move in reading.moves], len(reading.clues)
([(0, 'draw')], 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import CALL, CATCH, CUT, DRAW, PICK, PLAY, Action
from ..engine.cards import DECK, SUIT_OF
from ..engine.events import Acted, Drew, SuitNamed, Took
from ..engine.round import Round
from ..engine.rules import AfterDraw, Marker, Rules
from ..engine.view import PlayerView
from .heuristic import Style, style_for

# How likely, relatively, a player holds a card that their move says they most likely lacked:
# people do draw with a card that fits in hand, rarely.
DOUBT = 0.05
# A plain card laid says its player held nothing fitting this much weightier (see ``Clue``).
SHED_MARGIN = 3
# A move is checked until its player has taken more than this many cards since: which of their
# cards are the ones taken is a guess, and each guess blurs what the move says.
CHECKED_WHILE_TAKEN = 1
# How much likelier than its value alone says a card is still held (measured on the heuristic's
# games, two players): choppers are kept for the cut, a jump with two players is laid at once
# (it plays again), and an Ace or joker names the suit its player holds most of.
KEPT_CHOPPER = 1.35
KEPT_AGAIN = 0.65
KEPT_NAMED = 1.7


class Clue:
    """What another player's move says of their hand at that moment, most likely.

    ``cards`` marks the cards they could have laid then. A draw or a pick-up says they held
    none of them (``above`` is None); a plain card laid says they held none weightier than
    ``above`` (people lay their heaviest card first). ``received`` counts the cards they took
    since: any of those may go against the clue.
    """

    __slots__ = ("seat", "cards", "above", "received")

    def __init__(self, seat: int, cards: tuple[bool, ...], above: float | None):
        self.seat = seat
        self.cards = cards
        self.above = above
        self.received = 0

    def against(self, card: int, style: Style, chopper: bool) -> bool:
        """Whether holding ``card`` at that moment would have made the move unlikely."""
        if chopper and (self.above is not None or style.heavy_choppers):
            return False  # a chopper may have been too heavy to cut with
        if self.above is not None and (style.wild[card] or style.again[card] or style.weight[card] <= self.above):
            return False
        return self.cards[card]


class Move:
    """A move another player made in a fresh turn, and what they did since: it can be checked.

    ``table`` is the ``Acted`` record of the move: the table it was made on. Their hand then
    was their hand now, less the cards they took since, plus the cards they laid since and the
    card laid (if any). ``since`` lists those in order: a card laid, or ``-n`` for ``n`` cards
    taken. Which cards of a hand were the ones taken is drawn at random for each imagined hand
    checked (``dealer.misses``), so the chance a hand passes is the chance it explains the
    move, whichever cards came later.
    """

    __slots__ = ("seat", "action", "table", "void", "since", "taken", "probe", "fits")

    def __init__(self, table: Acted, void: int | None):
        self.seat = table.seat
        self.action: Action = table.action
        self.table = table
        self.void = void
        self.since: list[int] = []
        self.taken = 0  # cards taken since
        # The position rebuilt once, and a view of it, for ``misses`` (empty: it cannot be rebuilt).
        self.probe: tuple | None = None
        # For a draw: the cards that fitted then (the heuristic draws only when none does).
        self.fits: tuple[bool, ...] | None = None


@dataclass(slots=True)
class Reading:
    """What the public log says of the other hands: clues, recent moves, and the suit each last named."""

    clues: list[Clue]
    moves: list[Move]
    named: dict[int, int]


def read_log(view: PlayerView) -> Reading:
    """Read the public log for the other players' draws, pick-ups and plain plays, and what each says.

    Also the moves each other player made since they last took a card (see ``Move``), and the
    suit each last named with an Ace or joker (people name the suit they hold most of).
    """
    seat = view.seat
    rules = view.rules
    style = style_for(rules)
    two = view.players == 2
    clues: list[Clue] = []
    open_clues: dict[int, list[Clue]] = {}
    moves: dict[int, list[Move]] = {}
    named: dict[int, int] = {}
    last_kind = None  # the kind of the action before
    drawing = None  # the clue of the draw being read: the cards drawn are news to older clues only

    def note(who: int, cards: tuple[bool, ...], above: float | None = None) -> Clue:
        clue = Clue(who, cards, above)
        clues.append(clue)
        open_clues.setdefault(who, []).append(clue)
        return clue

    for event in view.log:
        cls = event.__class__
        if cls is Acted:
            who = event.seat
            action = event.action
            card = action.card
            action_kind = action.kind
            top = event.top
            made = None
            if (
                who != seat
                and top is not None
                and not event.drawn
                and action.word is None
                and action_kind not in (CALL, CATCH)
            ):
                # With two players, a draw on the suit in play leaves it void for the next (as the heuristic reads it).
                void = None
                if last_kind is DRAW and two:
                    void = event.suit if event.suit is not None else SUIT_OF[top]
                made = Move(event, void)
                if action_kind is DRAW and not event.pending and rules.decks == 1:  # a second copy of the top fits too
                    made.fits = fitting_cards(rules, top, event.suit, event.colour, event.free)
            if action_kind in (PLAY, CUT):
                for move in moves.get(who, ()):
                    move.since.append(card)
            if made is not None:
                moves.setdefault(who, []).append(made)
            last_kind = action_kind
            if drawing is not None and not (who == drawing.seat and action_kind is PLAY):
                # The drawn card was kept, so (most likely) it did not fit either, unless a draw
                # ends the turn: then it may have fitted.
                drawing = None
            if who != seat and top is not None:
                if action_kind is DRAW:
                    drawing = note(who, fitting_cards(rules, top, event.suit, event.colour, event.free))
                    continue
                if action_kind is PICK:
                    note(who, answering_cards(rules, top, event.pending))
                elif action_kind is PLAY and not event.pending:
                    if not (style.wild[card] or style.again[card] or style.picks[card]):
                        fitted = fitting_cards(rules, top, event.suit, event.colour, event.free)
                        note(who, fitted, style.weight[card] + SHED_MARGIN)
            drawing = None
        elif cls is SuitNamed:
            named[event.seat] = event.suit
        elif cls is Drew:
            if event.card is not None:
                who = event.seat
                _took(moves, who, 1)
                for clue in open_clues.get(who, ()):
                    if clue is not drawing or rules.after_draw is AfterDraw.END:
                        clue.received += 1
        elif cls is Took:
            who = event.seat
            taken = len(event.cards)
            _took(moves, who, taken)
            for clue in open_clues.get(who, ()):
                clue.received += taken
    return Reading(clues, [move for seat_moves in moves.values() for move in seat_moves], named)


def _took(moves: dict[int, list[Move]], seat: int, count: int) -> None:
    """Note on a player's moves that they took ``count`` cards; a move blurred too far is dropped."""
    kept = []
    for move in moves.get(seat, ()):
        move.since.append(-count)
        move.taken += count
        if move.taken <= CHECKED_WHILE_TAKEN:
            kept.append(move)
    moves[seat] = kept


def beliefs(view: PlayerView, reading: Reading) -> dict[int, list[tuple[int, float]]]:
    """For each other seat: every unseen card with how likely, relatively, it is in that hand."""
    style = style_for(view.rules)
    unseen = view.unseen_cards()
    sizes = view.hand_sizes
    again = view.players == 2
    weighed = {}
    for seat in range(view.players):
        if seat == view.seat or not sizes[seat]:
            continue
        own = [clue for clue in reading.clues if clue.seat == seat]
        named = reading.named.get(seat)
        size = sizes[seat]
        weighted = []
        for card in unseen:
            weight = style.kept[card]
            chopper = view.is_chopper(card)
            if chopper:
                weight *= KEPT_CHOPPER
            if again and style.again[card]:
                weight *= KEPT_AGAIN
            if SUIT_OF[card] == named:
                weight *= KEPT_NAMED
            for clue in own:
                if clue.against(card, style, chopper):
                    # It was taken since, or the player did not play as people mostly do.
                    weight *= max(DOUBT, min(1.0, clue.received / size))
            weighted.append((card, weight))
        weighed[seat] = weighted
    return weighed


# ---------------------------------------------------------------------- the engine asked, once
_PROBES: dict[tuple, tuple[bool, ...]] = {}


def _probe(rules: Rules, top: int, holding: int, **position) -> Round:
    """A two-player position with ``top`` on the pile and ``holding`` in the hand of the seat to move."""
    spare = [card for card in range(52) if card not in (top, holding)]
    marker = DECK[spare[0]] if rules.marker is not Marker.NONE else None
    return Round.from_position(
        rules, [[DECK[holding], DECK[spare[1]]], [DECK[spare[2]]]], pile=[DECK[top]], marker=marker, **position
    )


def fitting_cards(rules: Rules, top: int, suit: int | None, colour: str | None, free: bool) -> tuple[bool, ...]:
    """Which cards fit the pile in this situation, as the engine says (cached)."""
    key = (rules, top, suit, colour, free)
    found = _PROBES.get(key)
    if found is None:
        probe = _probe(rules, top, 1 if top == 0 else 0, suit=suit, colour=colour, free=free)
        found = _PROBES[key] = tuple(card != top and probe.fits(card) for card in range(54))
    return found


def answering_cards(rules: Rules, top: int, pending: int) -> tuple[bool, ...]:
    """Which cards answer a pick of ``pending`` with ``top`` on the pile, as the engine says (cached)."""
    key = (rules, top, pending)
    found = _PROBES.get(key)
    if found is None:
        answers = []
        for card in range(54):
            if card == top or (DECK[card].is_joker and not rules.jokers):
                answers.append(False)
                continue
            legal = _probe(rules, top, card, pending=pending).legal_actions()
            answers.append(any(action.card == card for action in legal))
        found = _PROBES[key] = tuple(answers)
    return found
