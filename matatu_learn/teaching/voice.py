"""The voice: the one place where the game's facts become sentences, for a given viewer.

Below the teaching layer the engine and the players report facts: typed log records
(``engine.events``), rulings (``engine.rulings``), results and decisions. A ``Voice`` words
them for one viewer at a table: every seat by one naming scheme (compass points, or the
names people gave), "You" for the viewer's own seat, a card only where the viewer could see
it. It is handed what the viewer may see — a seat's public log, where the cards others drew
are hidden — so it cannot name a hidden card: there is none in what it reads.

>>> from matatu_learn.engine.cards import parse_card
>>> from matatu_learn.engine.events import Drew, Skipped
>>> south, north = Voice(2, viewer=0), Voice(2, viewer=1)
>>> south.event(Drew(0, parse_card("5♣"))), north.event(Drew(0, "?"))
('You draw the 5 of clubs.', 'South draws a card.')
>>> Voice(4).event(Skipped(1))
'West is jumped.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..agents.decisions import Aside, Decision, Motive
from ..engine.actions import CALL, CATCH, CUT, DRAW, PASS, PICK, PLAY, Action, make_action, parse_action
from ..engine.cards import ACE, COLOUR_OF, RANK_OF, SUIT_OF
from ..engine.events import (
    DEAL_EVENTS,
    HIDDEN,
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
    Event,
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
    public_event,
)
from ..engine.round import Round
from ..engine.rules import Chopper, CutCounts
from ..engine.rules_text import inactive_causes
from ..engine.rulings import Rule, Ruling
from ..store.database import StorageFailure, StorageFault
from ..store.roles import CodeLocked

# The words of a card: ranks and suits as a sentence says them.
RANK_WORDS = ("", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
CALL_WORDS = {"warning": "Warning!", "card": "Card!", "matatu": "Matatu!"}

# Seats are named by where they sit, seat 1 at the bottom; play starts clockwise, so the
# names follow the order of play. The same names on every page, for 2 to 6 players.
COMPASS = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "North-West", "North-East", "East"),
    6: ("South", "South-West", "North-West", "North", "North-East", "South-East"),
}
YOU = "You"
# The four published rulesets as people call them (their ids stay in addresses, files and code).
RULESET_NAMES = {
    "house": "House rules",
    "uganda": "Uganda Classic",
    "bomb": "54-card app rules",
    "party": "Party handout",
}
# How a round ended, in a word or two (a table's column, a list of games).
ENDING_WORDS = {RoundEnd.OUT: "went out", RoundEnd.CUT: "cut", RoundEnd.BLOCKED: "blocked table"}

# Verbs as they follow "You" (every other name takes the third person).
_YOU_VERBS = {"is": "are", "has": "have", "passes": "pass", "catches": "catch"}


def count(number: int, thing: str = "card") -> str:
    """'1 card', '2 cards'.

    >>> count(1), count(3), count(2, "round")
    ('1 card', '3 cards', '2 rounds')
    """
    return f"{number} {thing}{'' if number == 1 else 's'}"


def ruleset_words(name: str, title: str = "") -> str:
    """A ruleset as people call it: a preset's everyday name, else its own name (and title).

    >>> ruleset_words("bomb"), ruleset_words("our-class", "Mr Okello's class")
    ('54-card app rules', "our-class (Mr Okello's class)")
    """
    if name in RULESET_NAMES:
        return RULESET_NAMES[name]
    return f"{name} ({title})" if title else name


def card_words(card: int) -> str:
    """A card in words, as a sentence says it.

    >>> from matatu_learn.engine.cards import parse_card
    >>> card_words(parse_card("A♥")), card_words(parse_card("10♣")), card_words(parse_card("RJ"))
    ('the Ace of hearts', 'the 10 of clubs', 'the red joker')
    """
    if card.is_joker:
        return f"the {COLOUR_OF[card]} joker"
    return f"the {RANK_WORDS[RANK_OF[card]]} of {SUIT_WORDS[SUIT_OF[card]]}"


def card_name(card: int) -> str:
    """A card's name without its article: 'Ace of hearts', 'red joker'."""
    return card_words(card)[4:]


def listed(words: Sequence[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def seat_names(players: int, viewer: int | None = None, names: Sequence[str] | None = None) -> tuple[str, ...]:
    """What every page calls each seat: compass points clockwise from South, or the names
    people gave (a room); ``viewer``'s own seat is "You".

    >>> seat_names(4), seat_names(3, viewer=0), seat_names(6)[3]
    (('South', 'West', 'North', 'East'), ('You', 'West', 'East'), 'North')
    >>> seat_names(2, viewer=1, names=["Amina", "Okello"])
    ('Amina', 'You')
    """
    given = list(names) if names is not None else list(COMPASS[players])
    if viewer is not None:
        given[viewer] = YOU
    return tuple(given)


class Voice:
    """Sentences for one viewer at a table of ``players`` (``viewer`` None: the teacher's view,
    every seat by its name). ``names`` are the names people gave their seats, in a room."""

    __slots__ = ("players", "viewer", "names")

    def __init__(self, players: int, viewer: int | None = None, names: Sequence[str] | None = None):
        self.players = players
        self.viewer = viewer
        self.names = seat_names(players, viewer, names)

    # ------------------------------------------------------------------ words
    def seat(self, seat: int) -> str:
        return self.names[seat]

    def inside(self, seat: int) -> str:
        """A seat inside a sentence: "you" in lower case, names as they are."""
        name = self.names[seat]
        return "you" if name == YOU else name

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` (third person) as it follows this seat's name: "West plays", "You play"."""
        if self.names[seat] != YOU:
            return verb
        return _YOU_VERBS.get(verb, verb[:-1] if verb.endswith("s") else verb)

    def says(self, seat: int, verb: str) -> str:
        return f"{self.seat(seat)} {self.verb(seat, verb)}"

    # ---------------------------------------------------------------- actions
    def action(self, seat: int, action: Action | str, owed: int = 0) -> str:
        """A move as a sentence; ``owed`` is the pick a ``pick`` takes up.

        >>> voice = Voice(4)
        >>> voice.action(1, "play A♥ ♠"), voice.action(3, "pick", owed=2), voice.action(2, "cut 7♦")
        ('West plays the Ace of hearts and names spades.', 'East picks up 2 cards.', 'North cuts with the 7 of diamonds.')
        >>> Voice(4, viewer=0).action(0, "play 5♣ card")
        'You play the 5 of clubs and say "Card!"'
        """
        action = parse_action(action)
        kind = action.kind
        if kind is PLAY:
            sentence = f"{self.says(seat, 'plays')} {card_words(action.card)}"
            if action.suit is not None:
                sentence += f" and {self.verb(seat, 'names')} {SUIT_WORDS[action.suit]}"
            if action.word is not None:
                return f'{sentence} and {self.verb(seat, "says")} "{CALL_WORDS[action.word]}"'
            return sentence + "."
        if kind is CUT:
            return f"{self.says(seat, 'cuts')} with {card_words(action.card)}."
        if kind is DRAW:
            return f"{self.says(seat, 'draws')} a card."
        if kind is PASS:
            return f"{self.says(seat, 'passes')}."
        if kind is PICK:
            return f"{self.says(seat, 'picks')} up {count(owed) if owed else 'the cards owed'}."
        if kind is CALL:
            return f'{self.says(seat, "says")} "{CALL_WORDS[action.word]}"'
        return f"{self.says(seat, 'catches')} a player who missed a call."

    # ----------------------------------------------------------------- events
    def event(self, event: Event, after: Event | None = None) -> str | None:
        """One record of the log as a sentence, or None where another record already says it.

        ``after`` is the record before it: a pick-up after a ``pick`` says the cards owed, a
        named suit after the play that named it is already said.
        """
        cls = event.__class__
        if cls is Acted:
            kind = event.action.kind
            if kind in (DRAW, CATCH) or (kind in (PICK, PASS) and not event.drawn):
                return None  # the draw, the catch and the cards taken say it
            return self.action(event.seat, event.action, event.pending)
        if cls is Drew:
            if event.card is None:
                return f"{self.says(event.seat, 'finds')} nothing to draw."
            if event.card == HIDDEN:
                return f"{self.says(event.seat, 'draws')} a card."
            return f"{self.says(event.seat, 'draws')} {card_words(event.card)}."
        if cls is Took:
            return self._took(event, after)
        if cls is Skipped:
            return f"{self.says(event.seat, 'is')} jumped."
        if cls is Reversed:
            return "The order of play reverses: it now goes " + (
                "clockwise." if event.direction == 1 else "anticlockwise."
            )
        if cls is Again:
            return f"With two players, {self.inside(event.seat)} {self.verb(event.seat, 'plays')} again."
        if cls is Owes:
            return f"{self.seat(event.seat)} now {self.verb(event.seat, 'owes')} {count(event.count)}."
        if cls is Cancelled:
            return f"The pick is cancelled by {card_words(event.card)}."
        if cls is Smaller:
            return (
                f"A smaller answer: the pick is over, and {self.inside(event.seat)} "
                f"{self.verb(event.seat, 'picks')} up the difference."
            )
        if cls is SuitNamed:
            if after is not None and after.__class__ is Acted:
                return None  # the play said it
            return f"{self.says(event.seat, 'names')} {SUIT_WORDS[event.suit]}."
        if cls is ColourNamed:
            return f"The joker names its colour: the next card must be {event.colour}."
        if cls is Called:
            return None  # always made with the play, which says it
        if cls is CallMissed:
            return f'{self.seat(event.seat)} should have said "{CALL_WORDS[event.word]}" and did not.'
        if cls is Caught:
            return f"{self.says(event.by, 'catches')} {self.inside(event.seat)} without the call."
        if cls is Reshuffled:
            return (
                f"The stock ran out: the pile under its top card is shuffled into a new stock of {count(event.size)}."
            )
        if cls is WentOut:
            after_words = f" and {self.verb(event.seat, 'wins')} the round" if event.place == 1 else ""
            return f"{self.says(event.seat, 'has')} played the last card{after_words}; the others play on."
        if cls is Ended:
            if event.reason is RoundEnd.OUT:
                return "The last card is laid: the round is over."
            if event.reason is RoundEnd.CUT:
                return "The round is over: every hand is shown and counted."
            return "Nobody could play or take a card for a whole round of the table: the round is blocked."
        if cls is Opened:
            return f"The opening card is {card_words(event.card)}."
        if cls is BaseShown:
            return (
                f"The base card is {card_words(event.card)}: the 7 of {SUIT_WORDS[SUIT_OF[event.card]]} is the chopper."
            )
        if cls is CutterShown:
            return f"The cutter is {card_words(event.card)}: the 7 of {SUIT_WORDS[SUIT_OF[event.card]]} is the chopper."
        if cls is Returned:
            return f"{card_words(event.card).capitalize()} is turned up and goes back into the stock."
        raise TypeError(f"not a record of the log: {event!r}")

    def _took(self, event: Took, after: Event | None) -> str:
        seat = event.seat
        if not event.cards:
            return f"{self.says(seat, 'finds')} nothing to take."
        if after is not None and after.__class__ is Acted and after.action.kind is PASS:
            verb = f"{self.verb(seat, 'passes')} and {self.verb(seat, 'takes')}"
        else:
            verb = f"{self.verb(seat, 'picks')} up"
        if HIDDEN in event.cards:
            what = count(len(event.cards))
        else:
            what = listed([card_words(card) for card in event.cards])
        return f"{self.seat(seat)} {verb} {what}."

    def turn(self, seat: int) -> str:
        """'your turn', 'West's turn'."""
        return "your turn" if self.seat(seat) == YOU else f"{self.seat(seat)}'s turn"

    def tell(self, events: Iterable[Event], deal: bool = False) -> list[str]:
        """The sentences of a stretch of the log, each fact told once; the deal only with ``deal``.

        >>> from matatu_learn.engine.rules import PRESETS
        >>> from matatu_learn.engine.round import Round
        >>> from matatu_learn.engine.view import PlayerView
        >>> game = Round(PRESETS["house"], players=2, seed=3)
        >>> before = len(game.log)
        >>> game.apply("draw")
        >>> Voice(2, viewer=1).tell(PlayerView(game, 1).log[before:])
        ['South draws a card.']
        """
        sentences = []
        previous = None
        for event in events:
            if deal or event.__class__ not in DEAL_EVENTS:
                sentence = self.event(event, previous)
                if sentence:
                    sentences.append(sentence)
            previous = event
        return sentences

    # ---------------------------------------------------------------- the order of play
    def order(self, order) -> str:
        """The direction of play and where an 8, a J or a Q would hand the turn (``OrderOfPlay``).

        >>> from matatu_learn.engine.rules import PRESETS
        >>> from matatu_learn.engine.round import Round
        >>> print(Voice(4, viewer=0).order(Round(PRESETS["uganda"], players=4, seed=1).order_of_play()))
        Play goes clockwise ↻: West plays after you. If you lay an 8, West is skipped and North plays. A J reverses the order: East would play next.
        """
        mover = order.to_move
        way = "clockwise ↻" if order.direction == 1 else "anticlockwise ↺"
        text = f"Play goes {way}: {self.says(order.next_seat, 'plays')} after {self.inside(mover)}."
        jumps = order.after_jack is not None and not order.jack_reverses
        reversers = (["J"] if order.jack_reverses else []) + (["Q"] if order.after_queen is not None else [])
        if_mover = f"If {self.inside(mover)} {self.verb(mover, 'lays')} an 8" + (" or a J" if jumps else "")
        if order.after_eight == mover:
            text += f" {if_mover}, {self.inside(mover)} {self.verb(mover, 'plays')} again."
            if reversers:
                again = f"{self.inside(mover)} {self.verb(mover, 'plays')} again too"
                text += f" A {' or a '.join(reversers)} reverses: {again}."
            return text
        text += f" {if_mover}, {self.says(order.skipped, 'is')} skipped and {self.says(order.after_eight, 'plays')}."
        if reversers:
            back = order.after_jack if order.jack_reverses else order.after_queen
            text += f" A {' or a '.join(reversers)} reverses the order: {self.inside(back)} would play next."
        return text

    def order_tags(self, order, seat: int) -> list[str]:
        """What an 8, a J or a Q would do to ``seat``, for the order strip (``OrderOfPlay``).

        >>> from matatu_learn.engine.rules import PRESETS, with_switches
        >>> from matatu_learn.engine.round import Round
        >>> order = Round(with_switches(PRESETS["house"], {"queens_reverse": True}), players=3, seed=1).order_of_play()
        >>> [Voice(3).order_tags(order, seat) for seat in order.seats]
        [[], ['an 8 skips this seat'], ['a J hands the turn here', 'a Q reverses: the turn comes here']]
        """
        if order is None:
            return []
        if seat in order.out:
            return ["out of this round"]
        tags = []
        if seat == order.skipped and order.after_eight != seat:
            tags.append("an 8 skips this seat")
        if seat == order.after_jack:
            tags.append("a J hands the turn here" if seat != order.to_move else "a J gives this seat another turn")
        if seat == order.after_queen:
            tags.append(
                "a Q reverses: the turn comes here" if seat != order.to_move else "a Q gives this seat another turn"
            )
        return tags

    # ---------------------------------------------------------------- results
    def result(self, result) -> str:
        """A finished round in words: how it ended, who won, every hand's total and the points.

        >>> from matatu_learn.engine.round import RoundResult
        >>> print(Voice(3).result(RoundResult(RoundEnd.CUT, (1,), (12, 8, 30), (12, 8, 30), cutter=1)))
        West cut and won. Hands: South 12, West 8, East 30. Points: South 12, West 8, East 30.
        >>> print(Voice(2, viewer=0).result(RoundResult(RoundEnd.OUT, (0,), (0, 21), (0, 21))))
        You went out and won. Hands: You 0, North 21. Points: You 0, North 21.
        """
        winners = listed([self.seat(seat) for seat in result.winners])
        verb = "tied" if len(result.winners) > 1 else "won"
        if result.reason == RoundEnd.CUT and result.cutter is not None:
            cutter = self.seat(result.cutter)
            if result.winners == (result.cutter,):
                how = f"{cutter} cut and {verb}."
            else:
                how = f"{cutter} cut; {winners} {verb}."
        elif result.reason == RoundEnd.OUT:
            how = f"{winners} went out and {verb}."
        else:
            how = f"The table was blocked; {winners} {verb} with the lightest hand."
        hands = ", ".join(f"{self.seat(seat)} {total}" for seat, total in enumerate(result.totals))
        points = ", ".join(f"{self.seat(seat)} {point}" for seat, point in enumerate(result.points))
        return f"{how} Hands: {hands}. Points: {points}."

    def departure(self, departure) -> str:
        """Who leaves the match after a round under "eliminate", and why; or why nobody does (``Departure``).

        >>> from matatu_learn.engine.scoring import Departure
        >>> Voice(4, viewer=0).departure(Departure(1, 3, 46, (3,)))
        'East leaves the match: the heaviest hand, 46.'
        >>> Voice(4, viewer=0).departure(Departure(2, None, 30, (0, 2)))
        'Nobody leaves the match: you and North tie for the heaviest hand, 30.'
        """
        if departure.leaver is not None:
            return f"{self.says(departure.leaver, 'leaves')} the match: the heaviest hand, {departure.heaviest}."
        tied = listed([self.inside(seat) for seat in departure.tied])
        return f"Nobody leaves the match: {tied} tie for the heaviest hand, {departure.heaviest}."

    def left_the_match(self) -> str:
        """The viewer has left a match that goes on without them."""
        return "The match goes on without you: deal again for a new game."

    def narrate(self, frames) -> list[str]:
        """A played round move by move, one line an action, as this viewer saw it.

        ``frames`` are the round's frames (``engine.frames``: the deal, then one per action);
        the cards this viewer could not see are hidden from what the voice reads.

        >>> from matatu_learn.engine.frames import play_frames
        >>> from matatu_learn.engine.rules import PRESETS
        >>> from matatu_learn.engine.round import Round
        >>> lines = Voice(2, viewer=1).narrate(play_frames(Round(PRESETS["house"], 2, seed=3), ["draw", "pass"]))
        >>> lines
        ['South draws a card.', 'South passes.']
        """
        return [" ".join(self.tell(public_event(event, self.viewer) for event in frame.events)) for frame in frames[1:]]

    def winners(self, winners: Sequence[int]) -> str:
        """'North won', 'You and East tied'."""
        names = listed([self.seat(seat) for seat in winners])
        return f"{names} {'tied' if len(winners) > 1 else 'won'}"

    # ---------------------------------------------------------------- rulings
    def ruling(self, ruling: Ruling) -> str:
        """Why an action is allowed or refused, in plain words: no notation, no Python value.

        >>> from matatu_learn.engine.rules import PRESETS
        >>> from matatu_learn.engine.cards import parse_cards, parse_card
        >>> from matatu_learn.engine.round import Round
        >>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦ 7♥ 8♠ 5♥"), parse_cards("K♣ 2♠")],
        ...     pile=parse_cards("6♦ 2♦"), marker=parse_card("6♦"), pending=2)
        >>> print(Voice(2, viewer=0).ruling(game.ruling("play 5♥")))
        You cannot lay the 5 of hearts: you owe 2 cards, and only another 2 (which passes the pick on) or the Ace of spades (which cancels it) answers a pick; otherwise pick up the cards.
        """
        return _RULING_WORDS[ruling.rule](self, ruling.facts, ruling.action)

    def allowed(self, ruling: Ruling, seat: int) -> str:
        """Why ``seat`` may take a move the rules allow, said of that seat: "You may …" to the
        viewer, "West may … they …" of anyone else.

        >>> from matatu_learn.engine.rules import PRESETS
        >>> from matatu_learn.engine.cards import parse_cards
        >>> from matatu_learn.engine.round import Round
        >>> game = Round.from_position(PRESETS["bomb"], [parse_cards("K♣"), parse_cards("2♠ 9♥")],
        ...     pile=parse_cards("9♦ 2♦"), to_move=1, pending=2)
        >>> print(Voice(2).allowed(game.ruling("pick"), 1))
        North may pick up: they take the 2 cards owed and their turn ends.
        """
        name = self.seat(seat)
        who = _YOU if name == YOU else _Person(name, "they", "their")
        return _ALLOWED_WORDS[ruling.rule](self, ruling.facts, ruling.action, who)

    def move_reason(self, before: Round, ruling: Ruling, seat: int) -> str:
        """Why a seat's move was allowed, said of that seat; "" when it was the only move the seat
        had (a forced move has no reason to give). ``before``: the round it was made on."""
        return "" if len(before.legal_actions()) <= 1 else self.allowed(ruling, seat)

    def explain(self, view, action: Action | str) -> str:
        """Why ``action`` is allowed or refused now, for this viewer (``view``: a seat's view or a round)."""
        return self.ruling(view.ruling(action))

    def decision(self, decision) -> str:
        """A computer player's decision as this viewer hears it: the seat that decided hears its
        private reasons too (a hint), every other seat only the public ones."""
        return decision_words(self, decision, private=decision.may_hear_all(self.viewer))

    def reason(self, decision) -> str:
        """A computer player's reason alone, as this viewer hears it ("" where it gives none)."""
        return decision_reason(self, decision, private=decision.may_hear_all(self.viewer))

    def error(self, error: Exception) -> str:
        """An error as a person reads it: a refused action's ruling in words, any other its sentence."""
        ruling = getattr(error, "ruling", None)
        return str(error) if ruling is None else self.ruling(ruling)


# What a page says when the database's file fails: no server path, no advice for whoever keeps the server.
STORAGE_WORDS = {
    StorageFault.BUSY: "The database is busy — try again in a moment.",
    StorageFault.READ_ONLY: "The class's database is read-only on the server just now, so nothing was saved; "
    "tell your teacher.",
    StorageFault.FULL: "The server's disk is full, so nothing was saved; tell your teacher.",
    StorageFault.GONE: "The class's database was removed or replaced on the server, so nothing was saved; "
    "tell your teacher.",
    StorageFault.DAMAGED: "The class's database is damaged, so nothing was saved; tell your teacher.",
    StorageFault.UNUSABLE: "The class's database cannot be used just now, so nothing was saved; tell your teacher.",
}


def error_words(error: Exception) -> str:
    """An error in words where no table is at hand (the command line, a scenario file): a refused
    action's ruling spoken to the player who tried it, any other error its own sentence.

    >>> from matatu_learn.engine.errors import IllegalActionError
    >>> from matatu_learn.engine.rulings import Ruling, Rule
    >>> error_words(IllegalActionError(Ruling(Rule.NO_PICK, False, "pick")))
    'You cannot pick up: nobody asked you to pick up cards.'
    """
    if isinstance(error, CodeLocked):
        return f"Too many wrong codes: try again in {error.seconds} seconds."
    if isinstance(error, StorageFailure):
        return STORAGE_WORDS[error.fault]  # the server's path and what its keeper can do go to its log
    ruling = getattr(error, "ruling", None)
    if ruling is None:
        return str(error)
    facts = ruling.facts
    return Voice(facts.get("players", 6), viewer=facts.get("seat")).ruling(ruling)


# ------------------------------------------------------------------ the rulings' words
def action_words(action: str) -> str:
    """The action a ruling is about, in words: 'lay the 7 of hearts', 'draw', 'cut with the 7 of diamonds'."""
    if action == "cut":  # a cut asked for without a card
        return "cut"
    try:
        parsed = parse_action(action)
    except ValueError:
        return f"do '{action}'"
    kind = parsed.kind
    if kind is PLAY:
        words = f"lay {card_words(parsed.card)}"
        if parsed.suit is not None:
            words += f" and name {SUIT_WORDS[parsed.suit]}"
        if parsed.word is not None:
            words += f' with "{CALL_WORDS[parsed.word]}"'
        return words
    if kind is CUT:
        return f"cut with {card_words(parsed.card)}"
    if kind is CALL:
        return f'say "{CALL_WORDS[parsed.word]}"'
    if kind is PICK:
        return "pick up"
    return {DRAW: "draw", PASS: "pass", CATCH: "catch anyone"}[kind]


def _refused(action: str, why: str) -> str:
    return f"You cannot {action_words(action)}: {why}."


def _fit(facts: dict) -> str:
    """What a card must match now."""
    if facts["colour"] is not None:
        colour = facts["colour"]
        return f"a {colour} joker is on top, so the next card must be {colour}, an Ace or the other joker"
    top = facts["top"]
    if facts["suit"] is None:
        return f"{card_words(top)} is on top and names no suit, so only an Ace or a joker fits"
    suit = SUIT_WORDS[facts["suit"]]
    if facts["named"]:
        return f"{suit} were named, and the top card is {card_words(top)}"
    return f"the suit in play is {suit} and the top card is {card_words(top)}"


def _fit_advice(facts: dict) -> str:
    if facts["colour"] is not None or facts["suit"] is None:
        return ""
    rank = RANK_WORDS[RANK_OF[facts["top"]]] if not facts["top"].is_joker else None
    rank_words = f" or another {rank}" if rank else ""
    return f"; lay a card of {SUIT_WORDS[facts['suit']]}{rank_words}, or an Ace"


def chopper_words(game) -> str:
    """Which seven cuts, in words; ``game`` is a round or a seat's view.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> from matatu_learn.engine.round import Round
    >>> chopper_words(Round(PRESETS["bomb"], 2, seed=1))
    'any 7 is a chopper'
    """
    rules = game.rules
    if rules.chopper is Chopper.ANY_SEVEN:
        return _chopper({"any_seven": True})
    return _chopper({"any_seven": False, "chopper_suit": SUIT_OF[game.marker], "marker": rules.marker})


def card_verdict(view, card: int, voice: Voice | None = None) -> tuple[list[Action], str]:
    """The legal actions that lay this card now, and why it can or cannot be laid, in words.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> from matatu_learn.engine.cards import parse_card, parse_cards
    >>> from matatu_learn.engine.round import Round
    >>> game = Round.from_position(PRESETS["bomb"], [parse_cards("7♣ K♦"), parse_cards("2♦")], pile=parse_cards("9♣"))
    >>> card_verdict(game, parse_card("K♦"))
    ([], 'You cannot lay the King of diamonds: it does not fit; the suit in play is clubs and the top card is the 9 of clubs; lay a card of clubs or another 9, or an Ace.')
    """
    voice = voice or Voice(view.players, getattr(view, "seat", None))
    legal = view.legal if hasattr(view, "legal") else view.legal_actions()
    actions = [action for action in legal if action.card == card]
    if actions:
        return actions, voice.ruling(view.ruling(actions[0]))
    kind = "cut" if view.is_chopper(card) and not view.rules.sevens_normal else "play"
    return [], voice.ruling(view.ruling(make_action(kind, card)))


def question_words(asked, left: int) -> tuple[str, list[tuple[str, object]]]:
    """The question a tapped card leaves open (``play.choosing.Ask``), and each answer's label with
    its value; ``left`` is how many cards laying it would leave in the hand.

    >>> from matatu_learn.engine.actions import CUT, PLAY
    >>> from matatu_learn.play.choosing import Ask, Deciding
    >>> from matatu_learn.engine.cards import parse_card
    >>> question_words(Ask(parse_card("7♦"), Deciding.KIND, (CUT, PLAY), ()), 3)[0]
    'Cut with the 7 of diamonds, or lay it as an ordinary card?'
    """
    name = card_words(asked.card)
    deciding = asked.deciding.value
    if deciding == "kind":
        return f"Cut with {name}, or lay it as an ordinary card?", list(
            zip(("Cut with it", "Lay it"), asked.options, strict=True)
        )
    if deciding == "suit":
        return f"Which suit does {name} name?", [(SUIT_WORDS[suit].capitalize(), suit) for suit in asked.options]
    word = asked.options[0]
    return (
        f"Laying {name} leaves you {count(left)}: say the call?",
        [(f"Say “{CALL_WORDS[word]}”", word), ("Say nothing", None)],
    )


def _chopper(facts: dict) -> str:
    if facts["any_seven"]:
        return "any 7 is a chopper"
    marker = {"base": "base card", "cutter": "cutter"}[facts["marker"]]
    return f"only the 7 of the {marker}'s suit ({SUIT_WORDS[facts['chopper_suit']]}) is the chopper"


def _weight(facts: dict) -> str:
    if facts["counts"] is CutCounts.AFTER:
        counted = f"{facts['weight']} would be left after the chop (the chopper not counted)"
    else:
        counted = f"the hand counts {facts['weight']} with the seven"
    return f"{counted}, and the limit is {facts['limit']}"


_RANK_PICKS = {2: "2", 3: "3"}
_EFFECTS = {"adds": "which adds to the debt", "passes_on": "which passes the pick on", "compares": "compared by size"}
# An effect that several answers share, said once after them.
_SHARED_EFFECTS = {
    "adds": "each adds to the debt",
    "passes_on": "each passes the pick on",
    "compares": "compared by size",
}


def answers_words(answers) -> str:
    """The cards that answer a pick, in words, each effect said once:
    'another 2 (which passes the pick on) or the Ace of spades (which cancels it)',
    'a 2, a 3 or a joker (each adds to the debt), or the Ace of spades (which cancels it)'."""
    groups: dict[str, list[str]] = {}
    for answer in answers:
        if answer.rank == ACE:
            groups.setdefault("cancels", []).append("the Ace of spades")
            continue
        if answer.rank == 0:
            thing = f"the {answer.colour} joker" if answer.colour else "a joker"
        else:
            article = "another" if answer.effect == "passes_on" else "a"
            colour = f"{answer.colour} " if answer.colour else ""
            thing = f"{article} {colour}{_RANK_PICKS[answer.rank]}"
        groups.setdefault(answer.effect, []).append(thing)
    words = []
    for effect, things in groups.items():
        if effect == "cancels":
            words.append(f"{listed(things, 'or')} (which cancels it)")
        elif len(things) == 1:
            words.append(f"{things[0]} ({_EFFECTS[effect]})")
        else:
            words.append(f"{listed(things, 'or')} ({_SHARED_EFFECTS[effect]})")
    joined = listed(words, "or")
    # Where a group lists its own "or", a comma keeps the last group apart.
    return joined.replace(") or ", "), or ") if any(" or " in word for word in words[:-1]) else joined


def _pick_pending(facts: dict) -> str:
    answers = facts["answers"]
    if not answers:
        return f"you owe {count(facts['pending'])}, and nothing you could hold answers this pick: pick up the cards"
    return (
        f"you owe {count(facts['pending'])}, and only {answers_words(answers)} answers a pick; "
        "otherwise pick up the cards"
    )


class _Person(NamedTuple):
    """The seat a reason speaks of: "You … you … your", or "West … they … their"."""

    name: str
    they: str
    their: str


_YOU = _Person(YOU, "you", "your")


def _legal(who: _Person, action: str, why: str) -> str:
    return f"{who.name} may {action_words(action)}: {why}."


def _nothing_to_take(who: _Person) -> str:
    return f"the stock is empty and no pile is left to shuffle, so {who.they} take nothing and {who.their} turn ends"


# Why an action is allowed, said of the seat that may take it (``who``).
_ALLOWED_WORDS = {
    Rule.CATCH: lambda voice, facts, action, who: (
        f"{who.name} may catch {voice.inside(facts['silent'])}: {voice.inside(facts['silent'])} missed a call, "
        f"and a catch makes them pick up {count(facts['penalty'])}."
    ),
    Rule.CALL_OWED: lambda voice, facts, action, who: _legal(
        who, action, f"{who.they} owe that call, and {who.they} must make it first"
    ),
    Rule.PICK_UP: lambda voice, facts, action, who: _legal(
        who, action, f"{who.they} take the {count(facts['pending'])} owed and {who.their} turn ends"
    ),
    Rule.DRAW: lambda voice, facts, action, who: _legal(
        who,
        action,
        _nothing_to_take(who) if facts.get("nothing_to_take") else f"{who.they} take one card from the stock",
    ),
    Rule.PASS_AFTER_DRAW: lambda voice, facts, action, who: _legal(
        who, action, f"{who.they} have drawn, so {who.their} turn ends with no second card"
    ),
    Rule.PASS_TAKES_ONE: lambda voice, facts, action, who: _legal(
        who,
        action,
        _nothing_to_take(who)
        if facts.get("nothing_to_take")
        else f"{who.they} take one card and {who.their} turn ends",
    ),
    Rule.CUT: lambda voice, facts, action, who: _legal(
        who,
        action,
        f"{_chopper(facts)}, and it fits the pile" + (f"; {_weight(facts)}" if "weight" in facts else ""),
    ),
    Rule.ANSWERS_PICK: lambda voice, facts, action, who: _legal(
        who, action, f"{who.they} owe {count(facts['pending'])}, and {answers_words(facts['answers'])} answers it"
    ),
    Rule.BARE_TABLE: lambda voice, facts, action, who: _legal(
        who, action, "the table is bare, so the leader may lay any card"
    ),
    Rule.FREE_PLAY: lambda voice, facts, action, who: _legal(
        who, action, "after the Ace of spades cancelled the pick, any card may be laid"
    ),
    Rule.WILD: lambda voice, facts, action, who: _legal(
        who, action, f"{card_words(facts['card'])} is wild and fits any card"
    ),
    Rule.FITS: lambda voice, facts, action, who: _legal(who, action, f"it fits ({_fit(facts)})"),
}

_RULING_WORDS = {
    # allowed, said to the seat that may act
    **{
        rule: lambda voice, facts, action, words=words: words(voice, facts, action, _YOU)
        for rule, words in _ALLOWED_WORDS.items()
    },
    # refused
    Rule.ROUND_OVER: lambda voice, facts, action: _refused(action, "the round is over"),
    Rule.NOT_YOUR_TURN: lambda voice, facts, action: f"Wait: it is {voice.turn(facts['to_move'])}.",
    Rule.MUST_CALL_FIRST: lambda voice, facts, action: _refused(
        action,
        f'you owe the call "{CALL_WORDS[facts["word"]]}" from your last play: say it before you play, draw or cut',
    ),
    Rule.NOBODY_TO_CATCH: lambda voice, facts, action: _refused(
        action, "nobody missed a call; you may catch a player who did, before your own move"
    ),
    Rule.NO_CALL_OWED: lambda voice, facts, action: _refused(
        action, "you owe no call now; a call is made with the play that needs it"
    ),
    Rule.WRONG_CALL_OWED: lambda voice, facts, action: _refused(
        action,
        f'the call you owe is "{CALL_WORDS[facts["owed"]]}" ({count(facts["hand_size"])} in hand), '
        f'not "{CALL_WORDS[facts["word"]]}"',
    ),
    Rule.NOT_HELD: lambda voice, facts, action: _refused(action, f"you do not hold {card_words(facts['card'])}"),
    Rule.PICK_PENDING: lambda voice, facts, action: _refused(action, _pick_pending(facts)),
    Rule.NO_PICK: lambda voice, facts, action: _refused(action, "nobody asked you to pick up cards"),
    Rule.ALREADY_DRAWN: lambda voice, facts, action: _refused(action, "you have already drawn this turn"),
    Rule.NO_PASS_AFTER_DRAW: lambda voice, facts, action: _refused(
        action, f"these rules have no pass: the card you drew, {card_words(facts['drawn'])}, is laid if it fits"
    ),
    Rule.ONLY_DRAWN_CARD: lambda voice, facts, action: _refused(
        action, f"after a draw only the card you drew, {card_words(facts['drawn'])}, may be laid"
    ),
    Rule.NO_PASS: lambda voice, facts, action: _refused(
        action, "these rules have no pass; draw a card, or lay one that fits"
    ),
    Rule.DRAW_ONLY_WHEN_STUCK: lambda voice, facts, action: _refused(
        action, "in these rules you draw only when nothing fits, and you have a card to lay"
    ),
    Rule.NOT_A_CHOPPER: lambda voice, facts, action: _refused(
        action, f"{card_words(facts['card'])} is not a chopper; {_chopper(facts)}"
    ),
    Rule.NO_CHOPPER_HELD: lambda voice, facts, action: _refused(action, f"you hold no chopper, and {_chopper(facts)}"),
    Rule.CHOPPER_MUST_FIT: lambda voice, facts, action: _refused(
        action, f"the chopper must fit the pile: {_fit(facts)}"
    ),
    Rule.TOO_HEAVY: lambda voice, facts, action: _refused(action, f"your hand is too heavy to cut; {_weight(facts)}"),
    Rule.CHOPPER_ONLY_CUTS: lambda voice, facts, action: _refused(
        action, f"{card_words(facts['card'])} is the chopper, so it is laid only to cut"
    ),
    Rule.DOES_NOT_FIT: lambda voice, facts, action: _refused(
        action, f"it does not fit; {_fit(facts)}{_fit_advice(facts)}"
    ),
    Rule.LAST_CARD_NAMES_NOTHING: lambda voice, facts, action: _refused(
        action, "a last card names nothing; the round is over when it is laid"
    ),
    Rule.MUST_NAME_SUIT: lambda voice, facts, action: _refused(
        action, f"{card_words(facts['card'])} names a suit: choose one"
    ),
    Rule.CANNOT_NAME_SUIT: lambda voice, facts, action: _refused(
        action, "only an Ace" + (" or a joker" if facts["jokers_name"] else "") + " names a suit"
    ),
    Rule.NO_CALLS: lambda voice, facts, action: _refused(action, "these rules have no calls"),
    Rule.NO_CALL_DUE: lambda voice, facts, action: _refused(
        action, f"this play leaves {count(facts['left'])}, and no call is due"
    ),
    Rule.WRONG_CALL_WORD: lambda voice, facts, action: _refused(
        action, f'this play leaves {count(facts["left"])}, so the call is "{CALL_WORDS[facts["due"]]}"'
    ),
    Rule.NOT_AN_ACTION: lambda voice, facts, action: facts["error"],
    Rule.NOT_NOW: lambda voice, facts, action: _refused(
        action,
        "it is not one of your choices now; you may "
        + listed([action_words(option) for option in facts["choices"]], "or"),
    ),
}

assert set(_RULING_WORDS) == set(Rule), "every rule has its words"


__all__ = [
    "COMPASS",
    "ENDING_WORDS",
    "Voice",
    "CHOICE_WORDS",
    "SETTING_WORDS",
    "action_words",
    "answers_words",
    "card_name",
    "card_verdict",
    "chopper_words",
    "card_words",
    "count",
    "decision_words",
    "error_words",
    "inactive_words",
    "listed",
    "seat_names",
    "setting_description",
    "setting_title",
    "value_words",
]


# ------------------------------------------------------------------ the rules' settings in words
# What a page calls each setting, and what it changes: no switch name, no Python value.
SETTING_WORDS: dict[str, tuple[str, str]] = {
    "jokers": ("Joker mode", "54 cards with the red and black jokers, and every rule marked joker mode."),
    "cut_limit": ("Cut limit", "The most a hand may weigh for the chopper to cut."),
    "picks_add_up": ("Picks add up", "Answers to a pick add to the debt, whatever their colour."),
    "hand_size": ("Cards dealt", 'Cards dealt to each player (the "Kenyan deal" is 5).'),
    "sevens_normal": ("Sevens played normally", "Every seven, the chopper too, may also be laid as an ordinary card."),
    "two_value": ("Value of a 2", "What a 2 counts in a hand."),
    "joker_value": ("Value of a joker", "What a joker counts in a hand."),
    "queens_reverse": ("Queens reverse", "A Queen reverses the order of play."),
    "draw_until_playable": ("Draw until you can play", "Drawing goes on until a drawn card can be laid."),
    "match_target": ("Match target", "Points that end a match, the highest total winning."),
    "match_rounds": ("Rounds in a match", "Rounds in a match, the lowest total winning."),
    "play_on": ("Play on", "The round goes on after the first player is out; the first out wins it."),
    "eliminate": ("Eliminate one a round", "The heaviest hand leaves the match after each round."),
    "decks": ("Decks", "Decks shuffled together: with two, each card stands twice."),
    "opening": ("Opening", "How the pile starts."),
    "marker": ("Marker card", "The card that shows which seven is the chopper."),
    "chopper": ("The chopper", "Which sevens cut."),
    "cut_counts": ("What the cut limit weighs", "The cards left after the chop, or the hand with the seven."),
    "cut_winner": ("Who wins a cut", "How the hands are compared after a cut."),
    "jack": ("A Jack", "What a Jack does."),
    "draw_when_fitting": ("Draw with a card that fits", "A player may draw while holding a card that fits."),
    "after_draw": ("After a draw", "What a player may do after drawing."),
    "pass_without_draw": ("Pass without drawing", "A player may pass: they take one card and the turn ends."),
    "pick_answer": ("Answering a pick", "How a pick is answered when picks do not add up."),
    "threes_pick": ("3s are picks", "In joker mode a 3 makes the next player pick up three."),
    "master_ace": ("The Ace of spades cancels a pick", "When the Ace of spades cancels any pick."),
    "master_ace_cancel": ("After the Ace of spades cancels", "What the next player may lay."),
    "joker_names": ("What a joker names", "A suit chosen by its player, or its own colour."),
    "joker_mode_three_value": ("Value of a 3 in joker mode", "What a 3 counts in a hand in joker mode."),
    "joker_mode_master_ace_value": ("Value of the Ace of spades in joker mode", "What it counts in joker mode."),
    "calls": ("Calls", "The calls a player owes as their hand runs out."),
    "catch_penalty": ("Penalty when caught", "Cards a player picks up when caught without the call."),
    "owed_call_blocks": ("A missed call blocks", "A missed call nobody caught blocks its player's next turn."),
    "scoring": ("Round points", "Who scores what when a round ends."),
}

# Each word value of a setting, as a page says it.
CHOICE_WORDS: dict[str, dict[str, str]] = {
    "opening": {"card": "one card turned up", "bare": "a bare table: the leader lays any card"},
    "marker": {"base": "a base card is shown", "cutter": "a cutter under the stock", "none": "none"},
    "chopper": {"marker_seven": "the 7 of the marker card's suit", "any_seven": "any 7"},
    "cut_counts": {"after": "the cards left after the chop", "including": "the hand with the seven"},
    "cut_winner": {
        "lowest": "the lowest hand; equal lowest tie",
        "strictly_lightest": "the cutter only if strictly lightest",
        "cutter_loses_ties": "the lowest hand; the cutter loses ties",
    },
    "jack": {"jump": "jumps the next player", "reverse": "reverses the order"},
    "after_draw": {
        "any_fitting": "lay any card that fits, or pass",
        "drawn_must": "the drawn card is laid if it fits",
        "end": "the turn ends",
        "drawn_or_pass": "lay the drawn card, or pass",
    },
    "pick_answer": {"pass_on": "passed on with the same card", "compare": "compared by colour and size"},
    "master_ace": {"always": "always", "joker_mode": "in joker mode", "never": "never"},
    "master_ace_cancel": {"free": "any card at all", "spades": "spades are named", "name": "its player names a suit"},
    "joker_names": {"suit": "a suit", "colour": "its own colour"},
    "calls": {
        "none": "none",
        "warning_card": '"Warning!" at two cards, "Card!" at one',
        "matatu": '"Matatu!" at one card',
    },
    "scoring": {
        "own_hand": "everyone scores their own hand",
        "winner_takes_table": "the winner scores the others' hands",
    },
}
# What "no value" means for each setting that may have none.
NO_VALUE_WORDS = {"cut_limit": "no limit", "match_target": "no target", "match_rounds": "no fixed number"}


def setting_title(name: str) -> str:
    return SETTING_WORDS[name][0]


def setting_description(name: str) -> str:
    return SETTING_WORDS[name][1]


def value_words(name: str, value) -> str:
    """A setting's value as a page says it.

    >>> value_words("jokers", True), value_words("cut_limit", None), value_words("jack", "reverse")
    ('on', 'no limit', 'reverses the order')
    """
    if value is None:
        return NO_VALUE_WORDS.get(name, "none")
    if isinstance(value, bool):
        return "on" if value else "off"
    if name in CHOICE_WORDS:
        return CHOICE_WORDS[name][str(value)]
    return str(value)


def switch_words(name: str, value) -> str:
    """One switch's value as a table says it, inside a sentence.

    >>> switch_words("cut_limit", 25), switch_words("queens_reverse", True), switch_words("jokers", False)
    ('cut limit 25', 'queens reverse', 'joker mode off')
    >>> switch_words("cut_limit", None), switch_words("two_value", 2), switch_words("jack", "jump")
    ('cut limit: no limit', 'value of a 2: 2', 'a Jack: jumps the next player')
    """
    title = setting_title(name)
    if not title[1:2].isupper():
        title = title[0].lower() + title[1:]
    if isinstance(value, bool):
        return title if value else f"{title} off"
    words = value_words(name, value)
    if isinstance(value, int) and "value" not in title:  # 'cut limit 25', but 'value of a 2: 2'
        return f"{title} {words}"
    return f"{title}: {words}"


def changes_words(before, after) -> str:
    """The settings ``after`` changes from ``before``, each as a table says it.

    >>> from dataclasses import replace
    >>> from matatu_learn.engine.rules import PRESETS
    >>> changes_words(PRESETS["uganda"], replace(PRESETS["uganda"], cut_limit=25, queens_reverse=True))
    'cut limit 25, queens reverse'
    """
    old, new = before.switches(), after.switches()
    return ", ".join(switch_words(name, value) for name, value in new.items() if old.get(name) != value)


def settings_in_words(sentence: str) -> str:
    """An engine sentence about settings with each setting called by its title, for a page.

    >>> settings_in_words("cut_limit must be a whole number from 0 to 1000 or null (none), not 2000.")
    'Cut limit must be a whole number from 0 to 1000 or empty (none), not 2000.'
    """
    # Longest names first: "master_ace_cancel" before "master_ace".
    for name in sorted(SETTING_WORDS, key=len, reverse=True):
        sentence = re.sub(rf"\b{name}\b", setting_title(name).lower(), sentence)
    sentence = sentence.replace("null", "empty").replace("true", "on").replace("false", "off")
    return sentence[0].upper() + sentence[1:]


def inactive_words(rules) -> dict[str, str]:
    """The settings another one makes pointless, each with why, in words.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> inactive_words(PRESETS["uganda"])["joker_value"]
    'no effect: “Joker mode” is set to “off”'
    """
    return {
        name: "no effect: "
        + listed(
            [f"“{setting_title(cause)}” is set to “{value_words(cause, getattr(rules, cause))}”" for cause in causes]
        )
        for name, causes in inactive_causes(rules).items()
    }


# ------------------------------------------------------------------ a computer player's decision
def _decision_doing(voice: Voice, action: Action, numbers) -> str:
    """The action as it follows "I": 'play the King of clubs and name hearts', 'pick up 2 cards'."""
    kind = action.kind
    if kind is PLAY:
        words = f"play {card_words(action.card)}"
        if action.suit is not None:
            words += f" and name {SUIT_WORDS[action.suit]}"
        if action.word is not None:
            words += f', saying "{CALL_WORDS[action.word]}"'
        return words
    if kind is CUT:
        return f"cut with {card_words(action.card)}"
    if kind is PICK:
        return f"pick up {count(numbers['pending'])}"
    if kind is CALL:
        return f'say "{CALL_WORDS[action.word]}"'
    if kind is CATCH:
        return f"catch {_decision_object(voice, numbers['caught'])}"
    return {DRAW: "draw", PASS: "pass"}[kind]


def _decision_object(voice: Voice, seat: int) -> str:
    """A seat as the object of a sentence: 'you' for the viewer, else its name."""
    name = voice.seat(seat)
    return "you" if name == YOU else name


def _decision_gerund(voice: Voice, action: Action, numbers) -> str:
    """The action as a thing done: 'playing the 9 of hearts', 'picking up 4 cards', 'drawing'."""
    doing = _decision_doing(voice, action, numbers)
    verb, _, rest = doing.partition(" ")
    ing = {
        "play": "playing",
        "cut": "cutting",
        "draw": "drawing",
        "pass": "passing",
        "pick": "picking",
        "say": "saying",
    }
    return f"{ing.get(verb, verb + 'ing')} {rest}".strip()


def _decision_others(sizes) -> str:
    if len(sizes) == 1:
        return f"the other player holds {count(sizes[0])}"
    return f"the others hold {listed([str(size) for size in sizes])} cards"


def _decision_percent(share: float) -> str:
    return f"{share:.0%}"


def _decision_search(voice: Voice, decision: Decision, private: bool) -> str:
    numbers = decision.numbers
    share, runner_share = numbers["share"], numbers["runner_share"]
    runner = decision.runner_up
    if Aside.NEXT_BEST in decision.asides and not private:
        other = "my next best move"  # it lays a card still in my hand
    else:
        other = _decision_gerund(voice, runner, numbers)
    words = (
        f"it won {_decision_percent(share)} of the {numbers['deals']} imagined deals I tried; "
        f"{other} won {_decision_percent(runner_share)}"
    )
    if runner_share > share:
        words += ", too close to call, so I keep to my rule of thumb"
    return words


def _decision_catch(voice: Voice, decision: Decision) -> str:
    caught = decision.numbers["caught"]
    penalty = count(decision.numbers["penalty"])
    if voice.seat(caught) == YOU:
        return f"you missed your call, so you pick up {penalty}"
    return f"{voice.seat(caught)} missed the call, so they pick up {penalty}"


def _decision_cut(decision: Decision) -> str:
    numbers = decision.numbers
    return (
        f"{numbers['left']} is left in my hand and {_decision_others(numbers['others'])}; "
        f"I judged my chance of the lightest hand at {_decision_percent(numbers['chance'])}"
    )


# What the table may hear of each motive (empty: the move says it all).
_decision_PUBLIC = {
    Motive.ONLY_MOVE: lambda voice, decision: "it is my only legal move",
    Motive.LAST_CARD: lambda voice, decision: "it is my last card",
    Motive.ONLY_CUTS: lambda voice, decision: "I may not draw while a cut is possible, and no other card fits",
    Motive.CATCH: _decision_catch,
    Motive.CALL: lambda voice, decision: "I owe it before I can do anything else",
    Motive.CUT: lambda voice, decision: _decision_cut(decision),
    Motive.ONLY_FITTING: lambda voice, decision: "",
    Motive.ANSWER: lambda voice, decision: f"answering beats picking up {count(decision.numbers['pending'])}",
    Motive.ATTACK: lambda voice, decision: f"it sheds {decision.numbers['shed']} and makes the next player pick up",
    Motive.AGAIN: lambda voice, decision: "with two players it gives me another turn",
    Motive.SKIP: lambda voice, decision: "it keeps the turn from a player who is nearly out",
    Motive.HEAVIEST: lambda voice, decision: f"it sheds {decision.numbers['shed']}",
    Motive.MOST_TO_FOLLOW: lambda voice, decision: f"it sheds {decision.numbers['shed']}",
    Motive.WILD: lambda voice, decision: "",
    Motive.VOID: lambda voice, decision: "the other player just drew on this suit, so they most likely must draw again",
    Motive.DRAW: lambda voice, decision: "",
    Motive.PICK: lambda voice, decision: "",
    Motive.PASS: lambda voice, decision: "",
    Motive.RANDOM: lambda voice, decision: f"I chose at random from {decision.numbers['choices']} legal moves",
    Motive.ONLY_SENSIBLE: lambda voice, decision: "it is my only sensible move",
}

# The reasons only the deciding seat hears, in the order they are said.
_decision_ASIDES = {
    Aside.ONLY_FITTING: lambda decision: "it is the only card I can lay",
    Aside.NOTHING_ELSE_FITS: lambda decision: "nothing else fits",
    Aside.SUIT_HELD_MOST: lambda decision: f"{SUIT_WORDS[decision.action.suit]} is the suit I hold most of",
    Aside.CARD_TO_FOLLOW: lambda decision: "I have a card to follow",
    Aside.MOST_TO_FOLLOW: lambda decision: "it leaves me the most cards that can follow it",
    Aside.HEAVIEST_FITTING: lambda decision: "it is my heaviest card that fits",
    Aside.NOTHING_FITS: lambda decision: "nothing in my hand fits",
    Aside.NOTHING_ANSWERS: lambda decision: "nothing in my hand answers the pick",
    Aside.NOTHING_TO_LAY: lambda decision: "no card I hold can be laid",
    Aside.KEEPS_CHOPPER: lambda decision: "I keep my chopper until I am more likely the lightest",
    Aside.NEXT_BEST: lambda decision: "",  # said inside the search's figures
}

assert set(_decision_PUBLIC) | {Motive.SEARCH} == set(Motive), "every motive has its words"
assert set(_decision_ASIDES) == set(Aside), "every aside has its words"


def decision_words(voice: Voice, decision: Decision, private: bool) -> str:
    """The decision as its player says it: "I play the King of clubs: it sheds 13 …".

    ``private`` adds the reasons that tell of the player's own hidden cards: give it only
    when the one listening is the seat that decided (``decision.may_hear_all(viewer)``).

    >>> from matatu_learn.engine.actions import parse_action
    >>> decision = Decision(parse_action("play K♣"), Motive.HEAVIEST, 1, numbers={"shed": 13},
    ...                     asides=frozenset({Aside.HEAVIEST_FITTING}))
    >>> Voice(2, viewer=0).decision(decision)
    'I play the King of clubs: it sheds 13.'
    >>> Voice(2, viewer=1).decision(decision)
    'I play the King of clubs: it sheds 13; it is my heaviest card that fits.'
    """
    doing = _decision_doing(voice, decision.action, decision.numbers)
    said = _decision_clauses(voice, decision, private)
    return f"I {doing}: {'; '.join(said)}." if said else f"I {doing}."


def decision_reason(voice: Voice, decision: Decision, private: bool) -> str:
    """Why the player decided, as it says it, without the move the table has just told:
    'It sheds 13.'; "" where it gives no reason (a draw, a pass).

    >>> from matatu_learn.engine.actions import parse_action
    >>> decision = Decision(parse_action("play K♣"), Motive.HEAVIEST, 1, numbers={"shed": 13})
    >>> decision_reason(Voice(2, viewer=0), decision, private=False)
    'It sheds 13.'
    """
    said = "; ".join(_decision_clauses(voice, decision, private))
    return f"{said[0].upper()}{said[1:]}." if said else ""


def _decision_clauses(voice: Voice, decision: Decision, private: bool) -> list[str]:
    if decision.motive is Motive.SEARCH:
        clauses = [_decision_search(voice, decision, private)]
    else:
        clauses = [_decision_PUBLIC[decision.motive](voice, decision)]
    if private:
        clauses += [_decision_ASIDES[aside](decision) for aside in _decision_ASIDES if aside in decision.asides]
    return [clause for clause in clauses if clause]
