"""Why an action is legal or refused, in words that quote the rule.

The legal-action list decides; this module only puts the decision into words.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.cards import parse_cards, parse_card
>>> from matatu_learn.engine.round import Round
>>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦ 7♥ 8♠"), parse_cards("K♣ 2♠")],
...     pile=parse_cards("6♦ 9♦"), marker=parse_card("6♦"))
>>> print(game.explain("play 7♥"))
7♥ does not fit: the suit in play is ♦ and the top card is 9♦; match the suit or the rank, or play an Ace.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import CALL, CATCH, CUT, DRAW, PASS, PICK, PLAY, Action, parse_action
from .cards import ACE, CARD_NAMES, COLOUR_OF, RANK_OF, SUIT_OF, SUIT_SYMBOLS
from .errors import NotationError
from .events import EventKind
from .tables import tables_for

if TYPE_CHECKING:
    from .round import Round


def cards(count: int) -> str:
    """'1 card', '2 cards'."""
    return f"{count} card{'' if count == 1 else 's'}"


def explain_action(game: Round, action: Action | str) -> str:
    try:
        action = parse_action(action)
    except NotationError as error:
        return str(error)
    if action in game.legal_actions():
        return _why_legal(game, action)
    return _why_refused(game, action)


def pick_answers_text(game: Round) -> str:
    """Which cards answer the pending pick, as a sentence fragment."""
    rules = game.rules
    top = game.pile[-1]
    mode = rules.pick_mode
    ace = ", or the A♠, which cancels any pick" if rules.master_ace_cancels else ""
    if top >= 52:
        if mode == "compare":
            return f"a joker or a {COLOUR_OF[top]} pick card, compared by size{ace}"
        return f"a joker, which adds five{ace}"
    if mode == "add_up":
        kinds = "a 2, 3 or joker" if rules.threes_are_picks else "a 2 or a joker" if rules.jokers else "a 2"
        return f"{kinds}, which adds to the debt{ace}"
    if mode == "pass_on":
        rank = "2" if RANK_OF[top] == 2 else "3"
        return f"another {rank}, which passes the pick on{ace}"
    return f"a {COLOUR_OF[top]} pick card, compared by size{ace}"


# What the marker card is called under each ``marker`` setting (no entry: no marker card).
MARKER_NAMES = {"base": "base card", "cutter": "cutter"}


def marker_name(rules) -> str | None:
    """What the marker card is called: 'base card', 'cutter', or None where there is none.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> marker_name(PRESETS["house"]), marker_name(PRESETS["uganda"]), marker_name(PRESETS["bomb"])
    ('base card', 'cutter', None)
    """
    return MARKER_NAMES.get(rules.marker)


def chopper_text(game) -> str:
    """Which seven cuts, in words; ``game`` is a ``Round`` or a seat's ``PlayerView``."""
    if game.rules.chopper == "any_seven":
        return "any 7 is a chopper"
    marker = marker_name(game.rules)
    return f"only the 7 of the {marker}'s suit ({SUIT_SYMBOLS[SUIT_OF[game.marker]]}) is the chopper"


def weight_text(game: Round, chopper: int) -> str:
    rules = game.rules
    weight = game.cut_weight(chopper=chopper)
    if rules.cut_counts == "after":
        counted = f"{weight} left after the chop (the chopper not counted)"
    else:
        counted = f"the hand counts {weight} with the seven"
    return f"{counted}, the limit is {rules.cut_limit}"


def _fit_text(game: Round) -> str:
    if game.colour is not None:
        return f"a {game.colour} joker is on top, so the next card must be {game.colour}, an Ace or the other joker"
    top = game.pile[-1]
    suit = SUIT_SYMBOLS[game.suit_in_play]
    named = " (named)" if game.named_suit is not None else ""
    return f"the suit in play is {suit}{named} and the top card is {CARD_NAMES[top]}"


def _why_legal(game: Round, action: Action) -> str:
    rules = game.rules
    kind = action.kind
    if kind is CATCH:
        return f"catch is legal: seat {game.catchable} missed a call, and catching makes them pick up {rules.catch_penalty}."
    if kind is CALL:
        return f"call {action.word} is legal: you owe that call, and you must make it before anything else."
    if kind is PICK:
        return f"pick is legal: you take the {game.pending} cards owed and your turn ends."
    if kind is DRAW:
        return "draw is legal: you take one card from the stock."
    if kind is PASS:
        if game.has_drawn:
            return "pass is legal: you have drawn, so your turn ends with no second card."
        return "pass is legal: you take one card and your turn ends."
    card = action.card
    name = CARD_NAMES[card]
    if kind is CUT:
        limit = "" if rules.cut_limit is None else f"; {weight_text(game, card)}"
        return f"cut {name} is legal: {chopper_text(game)}, it fits the pile{limit}."
    text = str(action)
    if game.pending:
        return f"{text} is legal: a pick of {game.pending} is pending, and it may be answered with {pick_answers_text(game)}."
    if not game.pile:
        return f"{text} is legal: the table is bare, so the leader may play any card."
    if game.free:
        return f"{text} is legal: after the A♠ cancel any card at all may be played."
    if card >= 52 or RANK_OF[card] == ACE:
        return f"{text} is legal: {name} is wild and may be played on any card."
    return f"{text} is legal: it fits ({_fit_text(game)})."


def _why_refused(game: Round, action: Action) -> str:
    rules = game.rules
    seat = game.to_move
    hand = game.hands[seat]
    kind = action.kind
    text = str(action)
    if game.over:
        return f"{text} is refused: the round is over."
    owed = game.owed[seat]
    if owed is not None and rules.owed_call_blocks and kind not in (CALL, CATCH):
        return f"{text} is refused: you owe the call '{owed}' from your last play; say 'call {owed}' before you play, draw or cut."
    if kind is CATCH:
        return f"{text} is refused: nobody can be caught; catch a player who missed a call, before your own move."
    if kind is CALL:
        if owed is None:
            return f"{text} is refused: you owe no call now; a call is made with the play that needs it."
        return f"{text} is refused: the call you owe is '{owed}' ({cards(len(hand))} in hand), not '{action.word}'."
    card = action.card
    if card is not None and card not in hand:
        return f"{text} is refused: you do not hold {CARD_NAMES[card]}."
    if game.pending and kind is not PICK:
        return f"{text} is refused: a pick of {game.pending} is pending; answer it with {pick_answers_text(game)}, or pick."
    if kind is PICK:
        return f"{text} is refused: no pick is pending."
    if game.has_drawn:
        if kind is DRAW:
            return f"{text} is refused: you have already drawn this turn."
        if kind is PASS:
            return f"{text} is refused: these rules have no pass; the drawn card is played if it fits."
        if rules.after_draw != "any_fitting" and card != game.drawn:
            return f"{text} is refused: after a draw only the drawn card ({CARD_NAMES[game.drawn]}) may be played."
    if kind is PASS:
        return f"{text} is refused: these rules have no pass; draw a card, or play one that fits."
    if kind is DRAW:
        return f"{text} is refused: in these rules you draw only when nothing fits, and you can play."
    left = len(hand) - 1
    if kind is CUT:
        if not game.is_chopper(card):
            return f"{text} is refused: {CARD_NAMES[card]} is not a chopper; {chopper_text(game)}."
        if not game.fits(card):
            return f"{text} is refused: the chopper must fit the pile, and {_fit_text(game)}."
        if not game.light_enough(card):
            return f"{text} is refused: the hand is too heavy to cut; {weight_text(game, card)}."
    if kind is PLAY:
        if game.is_chopper(card) and not rules.sevens_normal:
            return (
                f"{text} is refused: {CARD_NAMES[card]} is the chopper; it is laid only with 'cut {CARD_NAMES[card]}'."
            )
        if not game.fits(card):
            return f"{CARD_NAMES[card]} does not fit: {_fit_text(game)}; match the suit or the rank, or play an Ace."
        names_suit = RANK_OF[card] == ACE or (card >= 52 and rules.joker_names == "suit")
        if left == 0 and action.suit is not None:
            return f"{text} is refused: a last card names nothing; the round is over when it is played."
        if left and names_suit and action.suit is None:
            return f"{text} is refused: {CARD_NAMES[card]} names a suit; write e.g. 'play {CARD_NAMES[card]} ♥'."
        if action.suit is not None and not names_suit:
            return f"{text} is refused: only an Ace{' or a joker' if rules.joker_names == 'suit' and rules.jokers else ''} names a suit."
        if action.word is not None:
            if rules.calls == "none":
                return f"{text} is refused: these rules have no calls."
            due = tables_for(rules).call_words.get(left)
            if due is None:
                return f"{text} is refused: this play leaves {left} cards, and no call is due."
            return f"{text} is refused: this play leaves {cards(left)}, so the call is '{due}', not '{action.word}'."
    legal = ", ".join(str(option) for option in game.legal_actions())
    return f"{text} is refused here; the legal actions are: {legal}."


def card_verdict(game: Round, card: int) -> tuple[list[Action], str]:
    """The legal actions that lay this card now, and why it can or cannot be laid.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> from matatu_learn.engine.cards import parse_card, parse_cards
    >>> from matatu_learn.engine.round import Round
    >>> game = Round.from_position(PRESETS["bomb"], [parse_cards("7♣ K♦"), parse_cards("2♦")], pile=parse_cards("9♣"))
    >>> actions, reason = card_verdict(game, parse_card("K♦"))
    >>> actions, reason
    ([], 'K♦ does not fit: the suit in play is ♣ and the top card is 9♣; match the suit or the rank, or play an Ace.')
    """
    actions = [action for action in game.legal_actions() if action.card == card]
    if actions:
        return actions, game.explain(actions[0])
    kind = "cut" if game.is_chopper(card) and not game.rules.sevens_normal else "play"
    return [], game.explain(f"{kind} {CARD_NAMES[card]}")


_EVENT_WORDS = {
    EventKind.SKIP: lambda seat, detail: f"Seat {seat} is jumped.",
    EventKind.REVERSE: lambda seat, detail: (
        "The order of play reverses: it now goes " + ("clockwise." if detail == 1 else "anticlockwise.")
    ),
    EventKind.AGAIN: lambda seat, detail: f"With two players, seat {seat} plays again.",
    EventKind.OWES: lambda seat, detail: f"Seat {seat} now owes {cards(detail)}.",
    EventKind.CANCEL: lambda seat, detail: f"The pick is cancelled by {CARD_NAMES[detail]}.",
    EventKind.SMALLER: lambda seat, detail: (
        f"A smaller answer: seat {seat} picks the difference, {cards(detail)}, and the turn ends."
    ),
    EventKind.SUIT: lambda seat, detail: f"Seat {seat} names {SUIT_SYMBOLS[detail]}.",
    EventKind.COLOUR: lambda seat, detail: f"The joker names its colour: the next card must be {detail}.",
    EventKind.TAKE: lambda seat, detail: (
        f"Seat {seat} takes {cards(len(detail))}." if detail else f"Seat {seat} finds nothing to take."
    ),
    EventKind.DRAW: lambda seat, detail: (
        f"Seat {seat} draws a card." if detail is not None else f"Seat {seat} finds nothing to draw."
    ),
    EventKind.RESHUFFLE: lambda seat, detail: (
        f"The stock ran out: the pile under its top card is shuffled into a new stock of {detail}."
    ),
    EventKind.CALL_MISSED: lambda seat, detail: f'Seat {seat} should have said "{detail.capitalize()}!" and did not.',
    EventKind.CALLED: lambda seat, detail: f'Seat {seat} says "{detail.capitalize()}!"',
    EventKind.CAUGHT: lambda seat, detail: f"Seat {seat} is caught without the call and picks up {detail}.",
    EventKind.GOES_OUT: lambda seat, detail: (
        f"Seat {seat} has played the last card"
        + (" and wins the round; the others play on." if detail == 1 else " and is out; the others play on.")
    ),
    EventKind.OUT: lambda seat, detail: f"Seat {seat} has played the last card: the round is over.",
    EventKind.CUT: lambda seat, detail: f"Seat {seat} cuts: the round is over and every hand is counted.",
    EventKind.BLOCKED: lambda seat, detail: (
        "Nobody could play or take a card for a whole round of the table: the round is blocked."
    ),
}


def describe_event(event: tuple) -> str | None:
    """One sentence for an automatic effect in a round's log; None for the silent kinds
    (the deal, drawn as the table itself, and the actions, which the narration names)."""
    kind, seat, detail = event
    words = _EVENT_WORDS.get(kind)
    return None if words is None else words(seat, detail)
