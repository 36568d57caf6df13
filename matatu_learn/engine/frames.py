"""A round as pictures: the start, then the position after each action with its facts.

Lessons, replays and game reviews step through frames; each frame owns a copy of the
round, so showing step 7 never replays steps 1 to 6 again.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.cards import parse_cards
>>> start = Round.from_position(PRESETS["bomb"], [parse_cards("8♣ K♣"), parse_cards("K♥"), parse_cards("Q♥")],
...     pile=parse_cards("9♣"))
>>> frames = play_frames(start, ["play 8♣"])
>>> [str(frame.action) for frame in frames], frames[1].events[1:], frames[1].ruling.rule
(['None', 'play 8♣'], (Skipped(seat=1),), <Rule.FITS: 'fits'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .actions import Action, parse_action
from .events import Event
from .round import Round
from .rulings import Ruling


@dataclass(frozen=True, slots=True)
class Frame:
    """The round after ``action`` (None: the starting position), who acted, the ruling that
    allowed it, and the records it added to the log (the action's own first)."""

    game: Round
    action: Action | None = None
    seat: int | None = None
    ruling: Ruling | None = None
    events: tuple[Event, ...] = ()
    text: str = ""


def play_frames(start: Round, actions: Iterable[Action | str], text: str = "") -> list[Frame]:
    """The starting position, then one frame after each action. ``start`` is left as it was."""
    return list(each_frame(start, actions, text))


def each_frame(start: Round, actions: Iterable[Action | str], text: str = "") -> Iterator[Frame]:
    """``play_frames`` one frame at a time: an action the rules refuse raises the engine's
    error after the frames before it were handed out."""
    game = start.copy()
    yield Frame(start.copy(), text=text)
    for written in actions:
        action = parse_action(written)
        seat = game.to_move
        ruling = game.ruling(action)
        before = len(game.log)
        game.apply(action)
        yield Frame(game.copy(), action, seat, ruling, tuple(game.log[before:]), text)
