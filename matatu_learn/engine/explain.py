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
    if game.suit_in_play is None:
        # A joker that named neither a suit nor a colour: only the wild cards follow it.
        return f"{CARD_NAMES[top]} is on top and names no suit, so only an Ace or a joker fits"
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
            # Under a joker the sentence already says what fits; elsewhere the suit or the rank does.
            advice = "" if game.suit_in_play is None else "; match the suit or the rank, or play an Ace"
            return f"{CARD_NAMES[card]} does not fit: {_fit_text(game)}{advice}."
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


# The words of the plain-language narration: ranks, suits, and each seat's name at a table.
RANK_WORDS = ("", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
COMPASS = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}

# Verbs as the narration writes them after "You" (every other name takes the third person).
_YOU_VERBS = {"is": "are", "has": "have", "passes": "pass", "catches": "catch"}


def card_words(card: int) -> str:
    """A card in words, as a sentence says it.

    >>> from matatu_learn.engine.cards import parse_card
    >>> card_words(parse_card("A♥")), card_words(parse_card("10♣")), card_words(parse_card("RJ"))
    ('the Ace of hearts', 'the 10 of clubs', 'the red joker')
    """
    if card >= 52:
        return f"the {COLOUR_OF[card]} joker"
    return f"the {RANK_WORDS[RANK_OF[card]]} of {SUIT_WORDS[SUIT_OF[card]]}"


def seat_names(players: int, you: int | None = None) -> tuple[str, ...]:
    """What a lesson calls each seat: compass points clockwise from South up to four players,
    "Seat 1" … "Seat 6" beyond; ``you`` is the learner's seat, called "You".

    >>> seat_names(4), seat_names(3, you=0), seat_names(5)[4]
    (('South', 'West', 'North', 'East'), ('You', 'West', 'East'), 'Seat 5')
    """
    names = list(COMPASS.get(players) or (f"Seat {seat + 1}" for seat in range(players)))
    if you is not None:
        names[you] = "You"
    return tuple(names)


def _verb(who: str, verb: str) -> str:
    """``verb`` (third person) as it follows ``who``: "West plays", "You play"."""
    if who != "You":
        return verb
    return _YOU_VERBS.get(verb, verb[:-1] if verb.endswith("s") else verb)


def narrate(action: Action | str, who: str, owed: int = 0) -> str:
    """A move as a sentence: who did what, in words; ``owed`` is the pick a ``pick`` takes up.

    >>> narrate("play A♥ ♠", "West"), narrate("draw", "You"), narrate("pick", "East", owed=2)
    ('West plays the Ace of hearts and names spades.', 'You draw a card.', 'East picks up 2 cards.')
    >>> narrate("cut 7♦", "North"), narrate("play 5♣ card", "You"), narrate("call warning", "East")
    ('North cuts with the 7 of diamonds.', 'You play the 5 of clubs and say "Card!"', 'East says "Warning!"')
    """
    action = parse_action(action)
    kind = action.kind
    if kind is PLAY:
        sentence = f"{who} {_verb(who, 'plays')} {card_words(action.card)}"
        if action.suit is not None:
            sentence += f" and {_verb(who, 'names')} {SUIT_WORDS[action.suit]}"
        if action.word is not None:
            return f'{sentence} and {_verb(who, "says")} "{action.word.capitalize()}!"'
        return sentence + "."
    if kind is CUT:
        return f"{who} {_verb(who, 'cuts')} with {card_words(action.card)}."
    if kind is DRAW:
        return f"{who} {_verb(who, 'draws')} a card."
    if kind is PASS:
        return f"{who} {_verb(who, 'passes')}."
    if kind is PICK:
        return f"{who} {_verb(who, 'picks')} up {cards(owed) if owed else 'the cards owed'}."
    if kind is CALL:
        return f'{who} {_verb(who, "says")} "{action.word.capitalize()}!"'
    return f"{who} {_verb(who, 'catches')} a player who missed a call."


_EVENT_WORDS = {
    EventKind.SKIP: lambda who, detail: f"{who} {_verb(who, 'is')} jumped.",
    EventKind.REVERSE: lambda who, detail: (
        "The order of play reverses: it now goes " + ("clockwise." if detail == 1 else "anticlockwise.")
    ),
    EventKind.AGAIN: lambda who, detail: f"With two players, {_lower(who)} {_verb(who, 'plays')} again.",
    EventKind.OWES: lambda who, detail: f"{who} now {_verb(who, 'owes')} {cards(detail)}.",
    EventKind.CANCEL: lambda who, detail: f"The pick is cancelled by {CARD_NAMES[detail]}.",
    EventKind.SMALLER: lambda who, detail: (
        f"A smaller answer: {_lower(who)} {_verb(who, 'picks')} the difference, {cards(detail)}, and the turn ends."
    ),
    EventKind.SUIT: lambda who, detail: f"{who} {_verb(who, 'names')} {SUIT_SYMBOLS[detail]}.",
    EventKind.COLOUR: lambda who, detail: f"The joker names its colour: the next card must be {detail}.",
    EventKind.TAKE: lambda who, detail: (
        f"{who} {_verb(who, 'takes')} {cards(len(detail))}."
        if detail
        else f"{who} {_verb(who, 'finds')} nothing to take."
    ),
    EventKind.DRAW: lambda who, detail: (
        f"{who} {_verb(who, 'draws')} a card."
        if detail is not None
        else f"{who} {_verb(who, 'finds')} nothing to draw."
    ),
    EventKind.RESHUFFLE: lambda who, detail: (
        f"The stock ran out: the pile under its top card is shuffled into a new stock of {detail}."
    ),
    EventKind.CALL_MISSED: lambda who, detail: f'{who} should have said "{detail.capitalize()}!" and did not.',
    EventKind.CALLED: lambda who, detail: f'{who} {_verb(who, "says")} "{detail.capitalize()}!"',
    EventKind.CAUGHT: lambda who, detail: (
        f"{who} {_verb(who, 'is')} caught without the call and {_verb(who, 'picks')} up {detail}."
    ),
    EventKind.GOES_OUT: lambda who, detail: (
        f"{who} {_verb(who, 'has')} played the last card"
        + (f" and {_verb(who, 'wins')} the round" if detail == 1 else f" and {_verb(who, 'is')} out")
        + "; the others play on."
    ),
    EventKind.OUT: lambda who, detail: f"{who} {_verb(who, 'has')} played the last card: the round is over.",
    EventKind.CUT: lambda who, detail: f"{who} {_verb(who, 'cuts')}: the round is over and every hand is counted.",
    EventKind.BLOCKED: lambda who, detail: (
        "Nobody could play or take a card for a whole round of the table: the round is blocked."
    ),
}


def _lower(who: str) -> str:
    """A name inside a sentence: "seat 2" and "you" in lower case, compass points as they are."""
    return who[0].lower() + who[1:] if who.startswith(("Seat ", "You")) else who


def describe_event(event: tuple, names: tuple[str, ...] | None = None) -> str | None:
    """One sentence for an automatic effect in a round's log; None for the silent kinds
    (the deal, drawn as the table itself, and the actions, which the narration names).
    ``names`` calls the seats by name (``seat_names``); without it they are "Seat 0", "Seat 1" ….

    >>> from matatu_learn.engine.events import EventKind
    >>> describe_event((EventKind.OWES, 1, 2)), describe_event((EventKind.OWES, 1, 2), seat_names(3, you=1))
    ('Seat 1 now owes 2 cards.', 'You now owe 2 cards.')
    """
    kind, seat, detail = event
    words = _EVENT_WORDS.get(kind)
    if words is None:
        return None
    # Table-wide events (a reshuffle, a blocked table) have no seat.
    return words(f"Seat {seat}" if names is None or seat is None else names[seat], detail)


def describe_result(result, names: tuple[str, ...]) -> str:
    """A finished round in words: how it ended, who won, every hand's total and the points.

    >>> from matatu_learn.engine.round import RoundResult
    >>> print(describe_result(RoundResult("cut", (1,), (12, 8, 30), (12, 8, 30), cutter=1), seat_names(3)))
    West cut and won. Hands: South 12, West 8, East 30. Points: South 12, West 8, East 30.
    """
    winners = " and ".join(names[seat] for seat in result.winners)
    verb = "tied" if len(result.winners) > 1 else "won"
    if result.reason == "cut" and result.cutter is not None:
        cutter = names[result.cutter]
        how = f"{cutter} cut and {verb}." if result.winners == (result.cutter,) else f"{cutter} cut; {winners} {verb}."
    elif result.reason == "out":
        how = f"{winners} went out and {verb}."
    else:
        how = f"The table was blocked; {winners} {verb} with the lightest hand."
    hands = ", ".join(f"{names[seat]} {total}" for seat, total in enumerate(result.totals))
    points = ", ".join(f"{names[seat]} {point}" for seat, point in enumerate(result.points))
    return f"{how} Hands: {hands}. Points: {points}."
