"""What one player could see at a real table: the only thing agents and pages get.

Other hands and the stock are counts, cards others drew are hidden in the log,
and every hand is shown only once the round is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action
from .cards import Card
from .round import RoundResult
from .rules import Rules

if TYPE_CHECKING:
    from .round import Round

HIDDEN = "?"


@dataclass(frozen=True, slots=True)
class PlayerView:
    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    top: Card | None
    pile_size: int
    stock_size: int
    marker: Card | None
    to_move: int
    direction: int
    suit_in_play: int | None
    named_suit: int | None
    colour: str | None
    pending: int
    free: bool
    drawn: Card | None
    owed_calls: tuple[str | None, ...]
    catchable: int | None
    legal: tuple[Action, ...]
    over: bool
    result: RoundResult | None
    revealed_hands: tuple[tuple[Card, ...], ...] | None
    log: tuple[tuple, ...]

    @classmethod
    def of(cls, game: Round, seat: int, with_log: bool = True) -> PlayerView:
        """The view of ``seat``; ``with_log=False`` leaves the log out (agents in simulations)."""
        over = game.over
        return cls(
            rules=game.rules,
            seat=seat,
            hand=tuple(game.hands[seat]),
            hand_sizes=tuple(len(hand) for hand in game.hands),
            top=game.top,
            pile_size=len(game.pile),
            stock_size=len(game.stock),
            marker=game.marker,
            to_move=game.to_move,
            direction=game.direction,
            suit_in_play=game.suit_in_play,
            named_suit=game.named_suit,
            colour=game.colour,
            pending=game.pending,
            free=game.free,
            drawn=game.drawn if game.to_move == seat else None,
            owed_calls=tuple(game.owed),
            catchable=game.catchable,
            legal=tuple(game.legal_actions()) if game.to_move == seat else (),
            over=over,
            result=game.result,
            revealed_hands=tuple(tuple(hand) for hand in game.hands) if over else None,
            log=tuple(_public_event(event, seat) for event in game.log) if with_log else (),
        )


def _public_event(event: tuple, seat: int) -> tuple:
    kind, who, detail = event
    if who == seat or detail is None:
        return event
    if kind == "draw":
        return (kind, who, HIDDEN)
    if kind == "take":
        return (kind, who, (HIDDEN,) * len(detail))
    return event
