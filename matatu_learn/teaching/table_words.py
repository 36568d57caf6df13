"""What a table says to the person at its screen: whose turn, the buttons, the pile, the moves, the result.

``TableWords(table)`` words the facts of any table seen from one screen
(``teaching.table_facts.ScreenFacts``, over a ``play`` controller): the Play page's, the first
game's and a room seat's. The facts it reads (``ScreenTable``): the viewer's ``view`` and ``voice``, the ``rules``, the round (``game``), the ``match``, which of the round's
seats the computer plays (``agents``), the seats' names, the person at the screen (``viewer``,
``my_turn``, ``covered``, ``remote``: a room's device, ``shared``: people passing one device),
the pending question, and ``heard(move)``: a move's reason as the screen may hear it. A room's
screen states two facts more: ``stand_ins`` (the seats the computer plays while their person is
away) and ``catch_here`` (a seat that missed a call and that the viewer may catch out of turn),
and ``events(move)``, what a move did as the room tells it (who caught, when another player did).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..engine.actions import CALL, CATCH, CUT, DRAW, PASS, PICK, PLAY, Action, make_action
from ..engine.cards import Card
from ..engine.events import public_event
from ..engine.rules import AfterDraw
from ..engine.rules_text import match_sentence
from ..engine.tables import tables_for
from .voice import CALL_WORDS, SUIT_WORDS, card_name, card_verdict, card_words, chopper_words, count, listed
from .voice import question_words as question_in_words

__all__ = ["AWAY_WORDS", "CANNOT_PLAY_NOW", "KEY_WORDS", "Control", "ScreenTable", "TableWords", "hand_card_marks"]

# What the table says of a person away while the computer plays their seat.
AWAY_WORDS = "away: the computer plays for now"

# ---- heard, not seen: the keyboard's map and a card's short name (the reason is heard when it is chosen)
CANNOT_PLAY_NOW = "cannot be played now"
# The keys of the table (the Play page, the first game, a room), each with what it does. The README's map is the same.
KEY_WORDS = (
    ("Tab, Shift+Tab", "move between the parts of the table: a question, your hand, the buttons, the pace"),
    ("← → ↑ ↓", "move between the cards of your hand, or the answers of a question"),
    ("Home, End", "the first or the last card of your hand"),
    ("Enter, Space", "play the card, press the button or give the answer that has the focus"),
    ("1 to 9", "give that answer to the open question (1 is the first)"),
    ("Esc", "cancel the question; close a message"),
    ("T", "hear the table: the top card, the suit in play, what is owed, every seat's cards and whose turn it is"),
    ("L", "hear the last move again"),
    ("H", "back to your hand"),
)


def hand_card_marks(chopper: bool, drawn: bool, refused: bool) -> list[str]:
    """What a screen reader hears after a card's name, in a few words: "chopper", "just drawn",
    "cannot be played now" (why not is said when the card is chosen).

    >>> hand_card_marks(chopper=True, drawn=False, refused=True)
    ['chopper', 'cannot be played now']
    """
    return [
        words for words, shown in (("chopper", chopper), ("just drawn", drawn), (CANNOT_PLAY_NOW, refused)) if shown
    ]


@dataclass(frozen=True, slots=True)
class Control:
    """A button under the hand: what it says, whether it can be pressed, and why (or why not)."""

    kind: str
    label: str
    enabled: bool
    tooltip: str
    action: Action | None


class ScreenTable(Protocol):
    """The facts ``TableWords`` reads (see the module's text)."""

    view: Any
    voice: Any
    rules: Any
    game: Any
    match: Any
    agents: Any
    names: tuple[str, ...]
    seat_words: tuple[str, ...]
    viewer: int
    covered: bool
    pending: Any
    whole_match: bool
    stand_ins: frozenset[int]
    catch_here: int | None

    @property
    def my_turn(self) -> bool: ...

    @property
    def remote(self) -> bool: ...

    @property
    def shared(self) -> bool: ...

    @property
    def learner_in_match(self) -> bool: ...

    @property
    def match_voice(self) -> Any: ...

    @property
    def round_number(self) -> int: ...

    def heard(self, move) -> str: ...

    def events(self, move) -> tuple: ...


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class TableWords:
    """The sentences, labels and reasons of one screen's table (see the module's text)."""

    def __init__(self, table: ScreenTable):
        self.table = table

    def describe(self, move) -> str:
        """A move in one line, as the table tells it: what happened, and the computer's reason."""
        table = self.table
        # With people passing the device, the screen's viewer changes: each hears what they could see.
        sentences = table.voice.tell(public_event(event, table.viewer) for event in table.events(move))
        reason = table.heard(move)
        if reason:
            sentences.insert(1, f"“{reason}”")
        return " ".join(sentences)

    def card_verdicts(self) -> list[tuple[Card, list[Action], str]]:
        """The viewer's hand, each card with the actions that lay it now and why it can or cannot."""
        table = self.table
        view = table.view
        if table.covered:
            return []
        if not table.my_turn:
            why = self.status()
            return [(card, [], why) for card in view.hand]
        return [(card, *card_verdict(view, card, table.voice)) for card in view.hand]

    def choice(self) -> tuple[str, list[tuple[str, object]]] | None:
        """The question the tapped card leaves open — ``(question, [(label, answer), ...])`` — or None."""
        table = self.table
        if table.pending is None or not table.my_turn:
            return None
        return question_in_words(table.pending, len(table.view.hand) - 1)

    # ------------------------------------------------------------------ buttons
    def controls(self) -> list[Control]:
        """The buttons this ruleset has (draw, pass, pick, cut, and catch and call where there are calls)."""
        table = self.table
        rules, view, voice = table.rules, table.view, table.voice
        legal = view.legal if table.my_turn else ()
        waiting = "" if table.my_turn else self.status()

        def control(kind: str, label: str, action: Action | None, refused: str = "") -> Control:
            enabled = action is not None and action in legal
            if waiting:
                tooltip = waiting
            elif action is not None:
                tooltip = voice.ruling(view.ruling(action))
            else:
                tooltip = refused
            return Control(kind, label, enabled, tooltip, action)

        buttons = [control("draw", "Draw", make_action(DRAW))]
        if rules.pass_without_draw or rules.after_draw in (AfterDraw.ANY_FITTING, AfterDraw.DRAWN_OR_PASS):
            buttons.append(control("pass", "Pass", make_action(PASS)))
        pending = view.pending
        buttons.append(control("pick", f"Pick up {pending}" if pending else "Pick up", make_action(PICK)))
        cuts = [action for action in legal if action.kind is CUT]
        if len(cuts) == 1:
            buttons.append(control("cut", f"Cut with the {card_name(cuts[0].card)}", cuts[0]))
        else:
            buttons.append(Control("cut", "Cut", False, waiting or self._why_no_cut(cuts), None))
        words = tables_for(rules).call_words
        if words:
            catchable = view.catchable if CATCH in {action.kind for action in legal} else None
            label = f"Catch {voice.seat(catchable)}" if catchable is not None else "Catch"
            if table.catch_here is not None:  # a room: the viewer may catch out of turn
                label = f"Catch {voice.seat(table.catch_here)}"
                buttons.append(Control("catch", label, True, self.catch_words(), make_action(CATCH)))
            else:
                buttons.append(control("catch", label, make_action(CATCH)))
            owed = view.owed_calls[table.viewer]
            word = owed if owed is not None else next(iter(words.values()))
            label = f"Say “{CALL_WORDS[owed]}”" if owed is not None else "Say a call"
            buttons.append(control("call", label, make_action(CALL, word=word)))
        return buttons

    def _why_no_cut(self, cuts: list[Action]) -> str:
        view = self.table.view
        if cuts:
            sevens = listed([card_words(action.card) for action in cuts], "or")
            return f"Several sevens can cut: click the one you cut with ({sevens})."
        sevens = [card for card in view.hand if view.is_chopper(card)]
        if not sevens:
            return f"You hold no chopper: {chopper_words(view)}."
        return card_verdict(view, sevens[0], self.table.voice)[1]

    # ------------------------------------------------------------------ the state of play
    def status(self) -> str:
        """Whose turn it is and what the person at the screen can do, in one sentence (and, in a
        room, the call another player may catch)."""
        turn = self._turn()
        return turn if self.table.catch_here is None else f"{turn} {self.catch_words()}"

    def catch_words(self) -> str:
        """What the viewer may do while the next player has not moved after another's missed call."""
        table = self.table
        voice, silent, mover = table.voice, table.catch_here, table.game.to_move
        return (
            f"{voice.seat(silent)} did not say the call: you may catch {voice.inside(silent)} "
            f"until {voice.inside(mover)} {voice.verb(mover, 'moves')}."
        )

    def _turn(self) -> str:
        table = self.table
        game = table.game
        if game.over:
            return "The round is over."
        seat = game.to_move
        voice = table.voice
        if seat in table.stand_ins:
            return f"{_capital(voice.turn(seat))}: {voice.seat(seat)} is away, so the computer plays for now."
        if table.agents[seat] is not None:
            return f"{_capital(voice.turn(seat))}: the computer plays."
        if seat != table.viewer and table.remote:
            return f"{_capital(voice.turn(seat))}."
        if table.covered:
            return f"Pass the device to {voice.seat(seat)}."
        you = f"{table.seat_words[seat]}, your turn" if table.shared else "Your turn"
        view = table.view
        kinds = {action.kind for action in view.legal}
        if CALL in kinds:
            return f"{you}: say the call you owe before anything else."
        if view.pending:
            return f"{you}: answer the pick of {count(view.pending)}, or pick up."
        doing = []
        if CATCH in kinds:
            doing.append(f"catch {voice.seat(view.catchable)}")
        if kinds & {PLAY, CUT}:
            doing.append("play a card")
        if DRAW in kinds:
            doing.append("draw")
        if PASS in kinds:
            doing.append("pass")
        if not doing:
            return f"{you}."
        text = " or ".join([", ".join(doing[:-1]), doing[-1]] if len(doing) > 1 else doing)
        return f"{you}: {text}."

    def order_sentence(self) -> str:
        """The direction of play and what an 8 or a J (or Q) would do from the seat to move."""
        order = self.table.view.order_of_play
        return "" if order is None else self.table.voice.order(order)

    def facts(self) -> list[str]:
        """The state of the pile in short sentences: the suit in play, a joker's colour, a pick owed."""
        view = self.table.view
        facts = []
        if view.over:
            return facts
        voice = self.table.voice
        if view.top is None:
            facts.append(
                f"The table is bare: {voice.inside(view.to_move)} {voice.verb(view.to_move, 'leads')} with any card."
            )
        if view.suit_in_play is not None:
            named = " (named)" if view.named_suit is not None else ""
            facts.append(f"Suit in play: {SUIT_WORDS[view.suit_in_play]}{named}.")
        if view.colour is not None:
            facts.append(f"The joker's colour is in force: the next card must be {view.colour}.")
        if view.free:
            facts.append("After the Ace of spades cancelled the pick, any card may be laid.")
        if view.pending:
            facts.append(f"{voice.seat(view.to_move)} {voice.verb(view.to_move, 'owes')} {count(view.pending)}.")
        return facts

    # ------------------------------------------------------------------ the end of a round
    def round_summary(self) -> list[tuple[str, tuple[Card, ...], int, int, bool]]:
        """Once the round is over: each seat's name, revealed hand, total, points, and whether it won."""
        table = self.table
        result = table.game.result
        if result is None:
            return []
        hands = table.view.revealed_hands
        return [
            (table.names[seat], hands[seat], result.totals[seat], result.points[seat], seat in result.winners)
            for seat in range(len(hands))
        ]

    def ending(self) -> str:
        """How the round ended and who won, and who leaves the match after it (or why nobody does)."""
        table = self.table
        result = table.game.result
        if result is None:
            return ""
        match = table.match
        departures = match.departures
        if match.current is None and departures and departures[-1].round == match.rounds_played:
            return f"{table.voice.result(result)} {table.match_voice.departure(departures[-1])}"
        return table.voice.result(result)

    def match_text(self) -> str:
        """Where the match stands: the rule it is played to, and who won once it is over."""
        table = self.table
        rules = table.rules
        if rules.match_target is None and rules.match_rounds is None:
            return match_sentence(rules)
        if not table.whole_match:
            return "A single round, not a whole match."
        if table.match.over:
            return f"The match is over: {table.match_voice.winners(table.match.winners)}."
        if table.game.over and not table.learner_in_match:
            return table.voice.left_the_match()
        return f"Round {table.round_number}. {match_sentence(rules)}"

    # ------------------------------------------------------------------ the table read out on demand
    def read_out(self) -> str:
        """The table in a few sentences, for the key that reads it: the top card, the suit in play
        and what is owed, every seat's cards in the order of play, the stock, and whose turn it is."""
        table = self.table
        view, voice = table.view, table.voice
        sentences = []
        if view.top is not None:
            sentences.append(f"Top card: {card_words(view.top)}, on a pile of {count(view.pile_size)}.")
        sentences.extend(self.facts())
        order = view.order_of_play
        seats = [*order.seats, *order.out] if order is not None else range(view.players)
        held = listed([f"{_capital(voice.seat(seat))} {count(view.hand_sizes[seat])}" for seat in seats])
        sentences.append(f"Cards in hand: {held}; {count(view.stock_size)} to draw.")
        sentences.append(self.status())
        return " ".join(sentences)
