"""From a tapped card (and the answers given) to a move: act, ask, or refuse.

``choose`` is one pure function of the seat's view, the pending question and a tap: a card
that one action lays is ``Act``; a card laid in several ways (cut or lay, which suit, say the
call or not) is ``Ask``, the question as facts (the attribute that decides and its options, in
the order the page offers them); a card that cannot be laid now is ``Refuse`` with the engine's
ruling. An answer narrows the pending question's actions the same way.

>>> from matatu_learn.engine import cards, round, rules, view
>>> parse_card, parse_cards = cards.parse_card, cards.parse_cards
>>> hands, pile, marker = [parse_cards("A♥ 9♠ K♦"), parse_cards("K♣ 2♠")], parse_cards("9♣"), parse_card("6♦")
>>> view = view.PlayerView(round.Round.from_position(rules.PRESETS["house"], hands, pile=pile, marker=marker), 0)
>>> asked = choose(view, None, card=parse_card("A♥"))
>>> asked.deciding, asked.options
(<Deciding.SUIT: 'suit'>, (0, 1, 2, 3))
>>> choose(view, asked, answer=3)
Act(action=Action('play A♥ ♣'))
>>> choose(view, None, card=parse_card("K♦")).ruling.rule
<Rule.DOES_NOT_FIT: 'does_not_fit'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..engine.actions import CUT, PLAY, Action, make_action
from ..engine.cards import Card
from ..engine.rulings import Rule, Ruling
from ..engine.view import PlayerView

__all__ = ["Act", "Ask", "Choice", "Deciding", "Refuse", "choose"]


class Deciding(StrEnum):
    """What a question about a card asks, in the order such questions come."""

    KIND = "kind"  # cut with the chopper, or lay it as an ordinary card
    SUIT = "suit"  # which suit an Ace (or a joker) names
    WORD = "word"  # say the call this card leaves owed, or say nothing


@dataclass(frozen=True, slots=True)
class Act:
    """The tap makes this move."""

    action: Action


@dataclass(frozen=True, slots=True)
class Ask:
    """The tap leaves a question open: about ``card``, the ``deciding`` attribute, its ``options``
    (values of that attribute, in the order offered) and the ``actions`` still possible."""

    card: Card
    deciding: Deciding
    options: tuple
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Refuse:
    """The tap cannot be made: the ruling says why."""

    ruling: Ruling


Choice = Act | Ask | Refuse


def _deciding(actions: tuple[Action, ...]) -> Deciding:
    """The first attribute on which these ways of laying one card differ."""
    return next(name for name in Deciding if len({getattr(action, name.value) for action in actions}) > 1)


def _options(deciding: Deciding, actions: tuple[Action, ...]) -> tuple:
    if deciding is Deciding.KIND:
        return (CUT, PLAY)
    if deciding is Deciding.SUIT:
        return tuple(sorted({action.suit for action in actions}))
    word = next(action.word for action in actions if action.word is not None)
    return (word, None)


def _narrowed(card: Card, actions: tuple[Action, ...]) -> Choice:
    if len(actions) == 1:
        return Act(actions[0])
    deciding = _deciding(actions)
    return Ask(card, deciding, _options(deciding, actions), actions)


def choose(view: PlayerView, pending: Ask | None, *, card: Card | None = None, answer: object = None) -> Choice:
    """The move a tap asks for: a ``card`` of the hand tapped (any pending question dropped), or
    an ``answer`` (one of ``pending.options``) to the pending question."""
    if card is not None:
        if card not in view.hand:
            return Refuse(view.ruling(make_action(PLAY, card)))
        actions = view.actions_for(card)
        if not actions:
            kind = CUT if view.is_chopper(card) and not view.rules.sevens_normal else PLAY
            return Refuse(view.ruling(make_action(kind, card)))
        return _narrowed(card, actions)
    if pending is None or answer not in pending.options:  # a stale answer: say what may be done now
        choices = view.legal if pending is None else pending.actions
        return Refuse(Ruling(Rule.NOT_NOW, False, "", choices=[action.text for action in choices]))
    attribute = pending.deciding.value
    return _narrowed(pending.card, tuple(action for action in pending.actions if getattr(action, attribute) == answer))
