"""What the table widget draws for one person: their seat's view as plain data, in the voice's words.

``table_state(session)`` turns a table seen from one screen (``table_words.ScreenTable``: the
controller's ``ScreenFacts``, a room seat's among them) into a JSON-safe dict; the table widget
(``widgets/table_widget.py``) only draws it and sends back what was tapped. Everything in it
comes from the viewer's ``PlayerView``: another hand or the stock never enters it, so it can
never reach a browser. Cards are written in canonical notation (``"7♦"``); the widget looks
their faces up in its own ``faces`` map, made from ``cards_shown``.

The keys (every one always present; ``None`` where there is nothing):

- ``moves`` (int): moves made this round; ``round`` (int); ``headline`` (str): "Round 1 · House rules".
- ``status`` (str): whose turn it is and what the viewer may do, one sentence.
- ``your_turn`` (bool): the viewer may act now (hand cards are enabled only then).
- ``covered`` (bool) and ``cover_label`` (str): a shared screen's cover between two people.
- ``direction`` (1 clockwise, -1 anticlockwise) and ``direction_words`` (str).
- ``order``: the seats in the order of play, starting with the seat to move, each
  ``{"seat": index, "name": "North", "who": "computer, Steady" or "", "you": bool,
  "cards": int, "cards_words": "7 cards", "to_move": bool, "eight": bool, "jack": bool,
  "queen": bool, "tags": [str, ...]}`` — ``eight`` marks the seat an 8 would step over, ``jack``
  the seat a J would hand the turn to, ``queen`` the seat a reversing Q would; ``tags`` say them
  in words. The order is the engine's (``PlayerView.order_of_play``): seats gone out come last.
- ``order_sentence`` (str): the same in one sentence, for a screen reader.
- ``pile``: ``{"top": card or None, "size": int, "words": str, "facts": [str, ...]}``.
- ``stock``: ``{"size": int, "words": "23 cards to draw"}``.
- ``marker``: ``{"card": card, "title": str, "text": str}`` or ``None``; ``chopper`` (str): which
  seven chops, in words.
- ``hand``: ``{"title": str, "show_playable": bool, "cards": [{"card": card, "playable": bool,
  "reason": str, "drawn": bool, "chopper": bool, "marks": [str, ...]}, ...]}`` — ``marks``: the few
  words a screen reader hears after the card's name ("chopper", "cannot be played now").
- ``question``: ``{"text": str, "answers": [label, ...]}`` or ``None`` (answered by index).
- ``controls``: ``[{"kind": "draw", "label": "Draw", "enabled": bool, "reason": str}, ...]``, the
  buttons this ruleset has (draw, pass, pick, cut, catch, call) and ``hint``.
- ``notice``: ``{"text": str, "card": card or None, "control": kind or None, "serial": int}`` or
  ``None``: a refused tap's reason (or a hint), shown in place; ``serial`` changes each time.
- ``last``: ``{"text": str, "seat": index, "card": card or None, "laid": bool, "serial": int}`` or
  ``None``: the latest move; ``laid`` when a card went from a hand to the pile.
- ``log``: ``[{"text": str, "action": notation}, ...]``, this round's moves as the viewer heard them.
- ``computer``: ``{"to_move": bool, "name": str}``: whether "Next move" has something to do.
- ``result``: ``None`` while the round is on, else ``{"ending": str, "rows": [{"name", "cards",
  "total", "points", "won"}], "match": {"names": [...], "rounds": [[points, ...]], "totals": [...]}
  or None, "match_text": str, "saved": str, "next_round": bool, "actions": [{"type": "next_round" or
  "again", "label": str}, ...]}`` — the buttons the result carries.
- ``coach``: ``None``, or ``{"title": str, "paragraphs": [str, ...], "verdict": {"kind": "good" or
  "better", "text": str} or None}`` for a coached game.
- ``read_out`` (str): the table in a few sentences, for the key that reads it (top card, suit in
  play, what is owed, every seat's cards, whose turn).
- ``words``: the page's own words (buttons, the pace, the result's headings, the keys' map).
- ``cards_shown``: every face-up card in this state (the only faces the widget may send).
"""

from __future__ import annotations

from typing import Any

from ..agents.choices import agent_spec
from ..engine.actions import CUT, PLAY
from ..engine.cards import CARD_NAMES, DECK
from ..engine.rules_text import marker_name, marker_sentence
from ..play.choosing import Ask, Deciding
from ..play.protocol import TapKind
from .play import DEAL_NUMBER, player_name, player_words
from .table_words import AWAY_WORDS, KEY_WORDS, ScreenTable, hand_card_marks
from .voice import card_name, chopper_words, count, listed, ruleset_words

# A move's number within a game: rounds apart, so a new round's first move is a new move to the widget.
ROUND_SERIALS = 10_000
# The Hint asks the controller's hint player (a search at its default level).
HINT_REASON = f"What would {player_name(agent_spec('search'))} do here, and why?"
NEXT_ROUND_LABEL = "Next round"
PLAY_AGAIN_LABEL = "Play again"
DEAL_AGAIN_LABEL = "Deal again"  # a room's new deal, the same seats again (its host's)
# The page's own words: its buttons, the pace picker, the result's headings (table.js has none).
PACE_WORDS = {"step": "step by step", "slow": "slow", "normal": "normal", "fast": "fast"}
PAGE_WORDS = {
    "reveal": "Show the hand",
    "next": "Next move",
    "pace": "Pace of the computer's moves",
    "paces": [[pace, f"Pace: {words}"] for pace, words in PACE_WORDS.items()],
    "cancel": "Cancel",
    "headings": ["Player", "Cards", "Total", "Points"],
    "total": "Total",
    "winner": "★ winner",
    "controls": "Other moves",  # the buttons' group, as a screen reader names it
    "keys": {"title": "Keys", "rows": [list(row) for row in KEY_WORDS]},
}
# How a suit's answer is marked: its symbol, red for hearts and diamonds.
SUIT_MARKS = (
    {"symbol": "♠", "red": False},
    {"symbol": "♥", "red": True},
    {"symbol": "♦", "red": True},
    {"symbol": "♣", "red": False},
)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def headline(session: ScreenTable) -> str:
    """The round and the rules it is played by: 'Round 1 · House rules · deal number 3' (the same
    number deals the same cards, for a class). A room's screen never shows it: a page that knew it
    could deal the others' hands for itself."""
    rules = ruleset_words(session.ruleset, session.title if session.ruleset != "house" else "")
    changes = session.changes_words()
    seed = "" if session.remote else f" · {DEAL_NUMBER.lower()} {session.seed}"
    return f"Round {session.round_number} · {rules}{f', {changes}' if changes else ''}{seed}"


def order_of_play(session: ScreenTable) -> list[dict[str, Any]]:
    """The seats in the order of play from the seat to move (the engine's order), the 8's, the J's
    and a reversing Q's seats tagged; seats gone out under play on last."""
    view = session.view
    voice = session.voice
    order = view.order_of_play
    if order is None:
        seats_in_order = [(view.to_move + step * view.direction) % view.players for step in range(view.players)]
        jack = queen = eight = None
    else:
        seats_in_order = [*order.seats, *order.out]
        eight, jack, queen = order.skipped, order.after_jack, order.after_queen
        if order.after_eight == eight:
            eight = None
    seats = []
    for seat in seats_in_order:
        kind = session.kinds[seat]
        cards = view.hand_sizes[seat]
        away = seat in session.stand_ins
        seats.append(
            {
                "seat": seat,
                "name": _capital(voice.seat(seat)),
                "who": AWAY_WORDS if away else "" if session.agents[seat] is None else player_words(kind),
                "you": seat == session.viewer,
                "cards": cards,
                "cards_words": count(cards),
                "to_move": order is not None and seat == order.to_move,
                "eight": seat == eight,
                "jack": seat == jack,
                "queen": seat == queen,
                "tags": [*voice.order_tags(order, seat), *([AWAY_WORDS] if away else [])],
            }
        )
    return seats


def marker_state(session: ScreenTable) -> dict[str, Any] | None:
    """The base card or cutter, what it is and which seven chops; None where the rules have none."""
    view = session.view
    name = marker_name(view.rules)
    if name is None or view.marker is None:
        return None
    choppers = listed([card_name(card) for card in DECK[:52] if view.is_chopper(card)])
    return {
        "card": CARD_NAMES[view.marker],
        "title": f"{_capital(name)}: {card_name(view.marker)}",
        "text": f"{marker_sentence(view.rules)} {_capital(chopper_words(view))}: {choppers}.",
    }


def hand_state(session: ScreenTable, show_playable: bool) -> dict[str, Any]:
    view = session.view
    shown = not session.covered and not session.over
    cards = []
    for card, actions, reason in session.words.card_verdicts() if shown else []:
        cards.append(
            {
                "card": CARD_NAMES[card],
                "playable": bool(actions) and show_playable,
                "reason": reason if show_playable or not actions else "",
                "drawn": card == view.drawn,
                "chopper": view.is_chopper(card),
                "marks": hand_card_marks(
                    view.is_chopper(card), card == view.drawn, refused=show_playable and session.my_turn and not actions
                ),
            }
        )
    if not shown:
        title = ""
    else:
        whose = f"{session.seat_words[view.seat]}, your hand" if session.shared else "Your hand"
        title = f"{whose}: {count(len(view.hand))}, worth {view.total()}"
    return {"title": title, "show_playable": show_playable, "cards": cards}


def last_move(session: ScreenTable) -> dict[str, Any] | None:
    if not session.moves:
        return None
    move = session.moves[-1]
    laid = move.action.kind in (PLAY, CUT)
    return {
        "text": session.words.describe(move),
        "seat": move.seat,
        "card": CARD_NAMES[move.action.card] if laid else None,
        "laid": laid,
        "serial": session.round_number * ROUND_SERIALS + len(session.moves),
    }


def result_state(session: ScreenTable) -> dict[str, Any] | None:
    if not session.over:
        return None
    rows = [
        {
            "name": _capital(name),
            "cards": [CARD_NAMES[card] for card in hand],
            "total": total,
            "points": points,
            "won": won,
        }
        for name, hand, total, points, won in session.words.round_summary()
    ]
    # Where every hand scores its own total, one column says both: "Points".
    totals_shown = any(row["total"] != row["points"] for row in rows)
    headings = [words for words in PAGE_WORDS["headings"] if totals_shown or words != PAGE_WORDS["total"]]
    match = None
    rules = session.rules
    if session.whole_match and session.match.results and (rules.match_target or rules.match_rounds):
        match = {
            "names": [_capital(name) for name in session.match_voice.names],
            # A seat that had left the match by a round has no points in it: a dash.
            "rounds": [
                ["—" if points is None else points for points in session.match.match_points(index)]
                for index in range(len(session.match.results))
            ],
            "totals": list(session.scores),
            "titles": [f"Round {number}" for number in range(1, len(session.match.results) + 1)],
        }
    if session.record_problem:
        saved = session.record_problem
    elif session.recorded and session.remote:
        saved = f"Saved as game {session.recorded[-1]} in the history, with this room's names."
    elif session.recorded:
        saved = f"Saved as game {session.recorded[-1]} in your history (see the Rules and history page)."
    else:
        saved = ""
    return {
        "ending": session.words.ending(),
        "rows": rows,
        "headings": headings,
        "totals_shown": totals_shown,
        "match": match,
        "match_text": session.words.match_text(),
        "saved": saved,
        "next_round": not session.match_over,
        "actions": result_actions(
            not session.match_over,
            None if not session.deal_again_offered else DEAL_AGAIN_LABEL if session.remote else PLAY_AGAIN_LABEL,
        ),
    }


def question_state(pending: Ask, asked: tuple[str, list]) -> dict[str, Any]:
    """The open question, its answers' labels, and a suit's mark on each answer that names one."""
    suits = pending.deciding is Deciding.SUIT
    return {
        "text": asked[0],
        "answers": [label for label, _ in asked[1]],
        "marks": [SUIT_MARKS[value] if suits else None for _, value in asked[1]],
    }


def result_actions(next_round: bool, again: str | None = PLAY_AGAIN_LABEL) -> list[dict[str, str]]:
    """The buttons a result carries at a table of this screen: "Next round" while the match goes on,
    and a new deal (``again``: its label; None where this screen may not deal again, a room's guest).

    >>> [action["label"] for action in result_actions(True, DEAL_AGAIN_LABEL)]
    ['Next round', 'Deal again']
    """
    actions = [{"type": TapKind.NEXT_ROUND.value, "label": NEXT_ROUND_LABEL}] if next_round else []
    again_action = [{"type": TapKind.DEAL_AGAIN.value, "label": again}] if again is not None else []
    return [*actions, *again_action]


def table_state(
    session: ScreenTable,
    *,
    notice: dict[str, Any] | None = None,
    coach: dict[str, Any] | None = None,
    show_playable: bool = True,
    hint: bool = True,
) -> dict[str, Any]:
    """The viewer's table as plain data (the keys are listed above).

    >>> import os, tempfile
    >>> from matatu_learn.engine.rules import PRESETS
    >>> from matatu_learn.play.seats import Seat
    >>> from matatu_learn.play.table import Table
    >>> from matatu_learn.store.registry import Registry
    >>> from matatu_learn.teaching.table_facts import set_up_screen
    >>> table = Table(PRESETS["house"], (Seat.person(), Seat.computer("heuristic")), seed=3)
    >>> session = set_up_screen(table, registry=Registry(os.path.join(tempfile.mkdtemp(), "play.sqlite3")),
    ...     ruleset="house", labels=("South (you)", "North (computer, heuristic)"))
    >>> state = table_state(session)
    >>> state["status"], [seat["name"] for seat in state["order"]], state["hand"]["title"]
    ('Your turn: play a card, draw or pass.', ['You', 'North'], 'Your hand: 7 cards, worth 78')
    >>> hand = {card["card"] for card in state["hand"]["cards"]}
    >>> set(state["cards_shown"]) == hand | {state["pile"]["top"], state["marker"]["card"]}
    True
    """
    view = session.view
    voice = session.voice
    controls = [
        {"kind": control.kind, "label": control.label, "enabled": control.enabled, "reason": control.tooltip}
        for control in session.words.controls()
    ]
    if hint:
        controls.append({"kind": "hint", "label": "Hint", "enabled": session.my_turn, "reason": HINT_REASON})
    asked = session.words.choice()
    top = CARD_NAMES[view.top] if view.top is not None else None
    state = {
        "moves": len(session.moves),
        "round": session.round_number,
        "headline": headline(session),
        "status": session.words.status(),
        "your_turn": session.my_turn,
        "covered": session.covered,
        "cover_label": f"Pass the device to {session.seat_words[view.seat]}: tap here to show your hand."
        if session.covered
        else "",
        "direction": view.direction,
        "direction_words": "clockwise" if view.direction == 1 else "anticlockwise",
        "order": order_of_play(session),
        "order_sentence": session.words.order_sentence(),
        "pile": {
            "top": top,
            "size": view.pile_size,
            "words": f"Pile: {count(view.pile_size)}" if top is not None else "The table is bare",
            "facts": session.words.facts(),
        },
        "stock": {"size": view.stock_size, "words": f"{count(view.stock_size)} to draw"},
        "marker": marker_state(session),
        "chopper": _capital(chopper_words(view)) + ".",
        "hand": hand_state(session, show_playable),
        "question": None if asked is None else question_state(session.pending, asked),
        "controls": controls,
        "notice": notice,
        "last": last_move(session),
        "log": [{"text": session.words.describe(move), "action": move.action.text} for move in session.moves],
        "log_title": f"Moves this round ({len(session.moves)})",
        "words": PAGE_WORDS,
        "computer": {
            "to_move": session.computer_to_move,
            "name": _capital(voice.seat(view.to_move)) if session.computer_to_move else "",
        },
        "result": result_state(session),
        "coach": coach,
        "read_out": session.words.read_out(),
    }
    shown = [card["card"] for card in state["hand"]["cards"]]
    for card in (top, state["marker"] and state["marker"]["card"], state["last"] and state["last"]["card"]):
        if card is not None:
            shown.append(card)
    for row in (state["result"] or {}).get("rows", ()):
        shown.extend(row["cards"])
    state["cards_shown"] = sorted(set(shown))
    return state


__all__ = ["table_state"]
