"""What one player could see at a real table: the only thing agents and pages get.

A ``PlayerView`` is a read-only window on a live round for one seat. It costs one
small object, made once per seat, and answers each question when it is asked, so an
agent pays only for what it reads. Other hands and the stock are counts, the cards
others drew are hidden in the log, and every hand is shown only once the round is over.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.round import Round
>>> game = Round(PRESETS["house"], players=3, seed=4)
>>> view = PlayerView(game, 1)
>>> view.hand_sizes, view.visible_hand(0), view.legal
((7, 7, 7), None, ())
>>> len(view.unseen_cards())  # 52 cards less seat 1's hand and the opening card
44
"""

from __future__ import annotations

import random

from .actions import Action, parse_action
from .cards import Card
from .errors import NotationError
from .events import HIDDEN, Event, public_event
from .round import OrderOfPlay, Round, RoundResult
from .rules import Marker, Rules
from .rulings import Rule, Ruling
from .tables import tables_for

__all__ = ["HIDDEN", "PlayerView", "TeacherView", "views_of"]


class PlayerView:
    """One seat's view of a round, read live. Build it with ``PlayerView(game, seat)``."""

    __slots__ = ("_round", "seat")

    def __init__(self, game: Round, seat: int | None):
        object.__setattr__(self, "_round", game)
        object.__setattr__(self, "seat", seat)

    def __setattr__(self, name, value):
        raise AttributeError("a player's view is read-only")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of seat {self.seat}>"

    # ------------------------------------------------------------ the table, for everyone
    @property
    def rules(self) -> Rules:
        return self._round.rules

    @property
    def players(self) -> int:
        return self._round.players

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self._round.hands)

    @property
    def top(self) -> Card | None:
        return self._round.top

    @property
    def pile(self) -> tuple[Card, ...]:
        """The cards laid since the last reshuffle, bottom first: everybody saw them played."""
        return tuple(self._round.pile)

    @property
    def pile_size(self) -> int:
        return len(self._round.pile)

    @property
    def stock_size(self) -> int:
        return len(self._round.stock)

    @property
    def marker(self) -> Card | None:
        return self._round.marker

    @property
    def chopper_suit(self) -> int | None:
        return self._round.chopper_suit

    @property
    def to_move(self) -> int:
        return self._round.to_move

    @property
    def direction(self) -> int:
        return self._round.direction

    @property
    def order_of_play(self) -> OrderOfPlay | None:
        """The order of play as the engine will follow it (``Round.order_of_play``); None once the round is over.

        >>> from matatu_learn.engine.rules import PRESETS
        >>> order = PlayerView(Round(PRESETS["house"], players=3, seed=4), 1).order_of_play
        >>> order.seats, order.after_eight, order.after_jack
        ((0, 1, 2), 2, 2)
        """
        game = self._round
        return None if game.over else game.order_of_play()

    @property
    def suit_in_play(self) -> int | None:
        return self._round.suit_in_play

    @property
    def named_suit(self) -> int | None:
        return self._round.named_suit

    @property
    def colour(self) -> str | None:
        return self._round.colour

    @property
    def pending(self) -> int:
        return self._round.pending

    @property
    def free(self) -> bool:
        return self._round.free

    @property
    def has_drawn(self) -> bool:
        """Whether the player to move has drawn this turn (everybody sees a draw, not the card)."""
        return self._round.has_drawn

    @property
    def owed_calls(self) -> tuple[str | None, ...]:
        return tuple(self._round.owed)

    @property
    def catchable(self) -> int | None:
        return self._round.catchable

    @property
    def quiet_turns(self) -> int:
        return self._round.quiet_turns

    @property
    def over(self) -> bool:
        return self._round.over

    @property
    def result(self) -> RoundResult | None:
        return self._round.result

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far: actions are public (a draw does not name its card)."""
        return tuple(self._round.history)

    @property
    def revealed_hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every hand, once the round is over (they are shown and counted); None before."""
        game = self._round
        return tuple(tuple(hand) for hand in game.hands) if game.over else None

    @property
    def values(self) -> tuple[int, ...]:
        """The value of each card under these rules, indexed by card."""
        return tables_for(self._round.rules).values

    def is_chopper(self, card: int) -> bool:
        return self._round.is_chopper(card)

    @property
    def log(self) -> tuple[Event, ...]:
        """The round's log with the cards others drew or took hidden."""
        seat = self.seat
        return tuple(public_event(event, seat) for event in self._round.log)

    # ------------------------------------------------------------ this seat's own
    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(self._round.hands[self.seat])

    def visible_hand(self, seat: int) -> tuple[Card, ...] | None:
        """A seat's hand as this viewer sees it: its own, or any once the round is over."""
        game = self._round
        if seat == self.seat or game.over:
            return tuple(game.hands[seat])
        return None

    @property
    def drawn(self) -> Card | None:
        game = self._round
        return game.drawn if game.to_move == self.seat else None

    @property
    def legal(self) -> tuple[Action, ...]:
        """This seat's legal actions; empty when it is not this seat's turn."""
        game = self._round
        return game.legal_actions() if game.to_move == self.seat else ()

    def actions_for(self, card: Card) -> tuple[Action, ...]:
        """The legal actions that lay ``card`` (play it, naming a suit or saying a call, or cut with it)."""
        return tuple(action for action in self.legal if action.card == card)

    def total(self) -> int:
        """This seat's hand total."""
        return self._round.total(self.seat)

    def ruling(self, action: Action | str) -> Ruling:
        """Why one of this seat's actions is legal or refused now (``Round.ruling``)."""
        game = self._round
        if game.to_move != self.seat and not game.over:
            try:
                text = parse_action(action).text
            except NotationError:
                return game.ruling(action)
            return Ruling(Rule.NOT_YOUR_TURN, False, text, seat=self.seat, to_move=game.to_move, players=game.players)
        return game.ruling(action)

    def pick_answers(self):
        """The kinds of card that answer the pending pick (everyone at the table knows them)."""
        return self._round.pick_answers() if self._round.pending else ()

    # ------------------------------------------------------------ what this seat cannot see
    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot place: the deck less its hand, the pile and a cutter.

        They are in the other hands and the stock, in some order only the table knows.
        """
        game = self._round
        seen = list(game.hands[self.seat]) + list(game.pile)
        if game.rules.marker is Marker.CUTTER:
            seen.append(game.marker)
        unseen = list(game.rules.deck())
        for card in seen:
            unseen.remove(card)
        return unseen

    def sample_round(self, rng: random.Random) -> Round:
        """A round consistent with everything this seat has seen, the hidden cards dealt at random.

        The other hands keep their sizes and the stock its size; the sample's future
        reshuffles come from ``rng``, and its log is the public one. A search player
        plays on such samples (determinization) and never on the real round.
        """
        game = self._round
        sample = game.copy(seed=rng.getrandbits(64))
        unseen = self.unseen_cards()
        rng.shuffle(unseen)
        hands = {}
        for seat in range(game.players):
            if seat != self.seat:
                size = len(game.hands[seat])
                hands[seat] = unseen[-size:] if size else []
                del unseen[len(unseen) - size :]
        # In a round from a position some cards may be out of play: the stock keeps its own size.
        sample.replace_hidden(hands, unseen[: len(game.stock)], self.log)
        return sample


class TeacherView(PlayerView):
    """The whole table, every hand face up: for lessons and replays, never for a player."""

    __slots__ = ()

    def __init__(self, game: Round):
        super().__init__(game, None)

    def __repr__(self) -> str:
        return "<TeacherView>"

    def visible_hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self._round.hands[seat])

    @property
    def hand(self) -> tuple[Card, ...]:
        return ()

    @property
    def drawn(self) -> Card | None:
        return self._round.drawn

    @property
    def legal(self) -> tuple[Action, ...]:
        return self._round.legal_actions()

    @property
    def log(self) -> tuple[Event, ...]:
        return tuple(self._round.log)


def views_of(game: Round) -> list[PlayerView]:
    """One view per seat, made once and good for the whole round."""
    return [PlayerView(game, seat) for seat in range(game.players)]
