"""The Play table's custom widget in plain Python: the faces it sends, the messages it accepts.

A page is anyone's browser, so every message is checked against the state the kernel drew and
anything else is dropped without an exception; a page may change the pace and nothing else.
"""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matatu_learn.widgets.table_widget import MESSAGES, PACES, STATIC, TableWidget, check_message

HAND = ["7♦", "A♠", "10♥"]


def table(**changes) -> dict:
    """A small state in the shape of ``teaching/table_state.py``: South's turn, three cards."""
    state = {
        "moves": 3,
        "your_turn": True,
        "covered": False,
        "hand": {"title": "Your hand", "show_playable": True, "cards": [{"card": card} for card in HAND]},
        "pile": {"top": "7♥", "size": 4, "words": "4 cards on the pile", "facts": []},
        "marker": {"card": "3♣", "title": "The marker", "text": "The seven of clubs chops."},
        "question": None,
        "controls": [
            {"kind": "draw", "label": "Draw", "enabled": True, "reason": "Take a card."},
            {"kind": "cut", "label": "Cut", "enabled": False, "reason": "Your hand counts 18."},
        ],
        "computer": {"to_move": False, "name": "North"},
        "result": None,
        "cards_shown": [*HAND, "7♥", "3♣"],
    }
    state.update(changes)
    return state


def drawn(state: dict | None = None) -> tuple[TableWidget, list[dict]]:
    widget = TableWidget()
    widget.draw(state or table())
    heard: list[dict] = []
    widget.on_action(heard.append)
    return widget, heard


def test_faces_are_sent_for_exactly_the_cards_shown_and_a_back():
    widget, _ = drawn()
    assert set(widget.faces) == {*HAND, "7♥", "3♣", "back"}
    assert widget.faces["10♥"]["label"] == "ten of hearts"
    assert widget.faces["back"]["label"] == "face-down card"
    # A face is drawing only: the page's button carries the card's identity, once.
    assert all("data-card" not in face["svg"] and face["svg"].startswith("<svg") for face in widget.faces.values())


def test_a_card_not_shown_gets_no_face_even_if_the_state_names_it_elsewhere():
    # North's hand never reaches the state; were a card named without being shown, it has no face.
    widget, _ = drawn(table(cards_shown=["7♦"]))
    assert set(widget.faces) == {"7♦", "back"}
    widget.draw(table(cards_shown=[]))
    assert set(widget.faces) == {"back"}


def test_draw_sends_the_faces_and_the_state_in_one_message(monkeypatch):
    widget = TableWidget()
    sent = []
    monkeypatch.setattr(widget, "send_state", lambda key=None: sent.append(set(key) if key else None))
    widget.draw(table())
    assert sent == [{"faces", "state"}]


@pytest.mark.parametrize(
    ("state", "message"),
    [
        (table(), {"type": "card", "card": "A♠"}),
        (table(), {"type": "control", "kind": "draw"}),
        (table(), {"type": "control", "kind": "cut"}),  # not enabled: the kernel says why
        (table(question={"text": "Which suit?", "answers": ["Spades", "Hearts"]}), {"type": "answer", "index": 1}),
        (table(question={"text": "Which suit?", "answers": ["Spades"]}), {"type": "cancel"}),
        (table(your_turn=False, computer={"to_move": True, "name": "North"}), {"type": "next"}),
        (table(covered=True), {"type": "reveal"}),
        (table(result={"actions": [{"type": "next_round", "label": "Next round"}]}), {"type": "next_round"}),
        (table(result={"actions": [{"type": "again", "label": "Play again"}]}), {"type": "again"}),
    ],
)
def test_a_message_the_state_allows_reaches_the_callback(state, message):
    widget, heard = drawn(state)
    widget._handle_custom_msg(dict(message), [])  # as ipywidgets hands on a page's message
    assert heard == [message]


@pytest.mark.parametrize(
    ("state", "message"),
    [
        (table(), {"type": "card", "card": "K♠"}),  # not in the hand
        (table(), {"type": "card", "card": "7d"}),  # only the notation the page was given
        (table(), {"type": "card", "card": ["A♠"]}),
        (table(covered=True), {"type": "card", "card": "A♠"}),  # a covered hand is someone else's
        (table(), {"type": "card", "card": "A♠", "suit": "♥"}),  # a key of its own
        (table(), {"type": "card"}),
        (table(), {"type": "control", "kind": "catch"}),  # not a button of this table
        (table(), {"type": "answer", "index": 0}),  # no question open
        (table(question={"text": "?", "answers": ["Yes"]}), {"type": "answer", "index": 1}),
        (table(question={"text": "?", "answers": ["Yes"]}), {"type": "answer", "index": -1}),
        (table(question={"text": "?", "answers": ["Yes", "No"]}), {"type": "answer", "index": True}),
        (table(question={"text": "?", "answers": ["Yes", "No"]}), {"type": "answer", "index": 1.0}),
        (table(), {"type": "cancel"}),
        (table(), {"type": "next"}),  # the computer is not to move
        (table(), {"type": "reveal"}),
        (table(result={"actions": [{"type": "again", "label": "Play again"}]}), {"type": "next_round"}),
        (table(), {"type": "again"}),
        (table(), {"type": "deal"}),
        (table(), {"type": None}),
        (table(), {}),
        (table(), "card"),
        (table(), None),
        (table(), ["card", "A♠"]),
    ],
)
def test_anything_else_is_dropped_without_an_exception(state, message):
    widget, heard = drawn(state)
    widget._handle_custom_msg(message, [])
    assert heard == [] and check_message(message, state) is None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
KEYS = st.sampled_from(["type", "card", "kind", "index", "hand", "cards", "controls", "question", "answers"])


@given(
    message=st.dictionaries(KEYS, JSON | st.sampled_from(["card", "control", "answer", "A♠", 0]), max_size=3) | JSON,
    state=st.dictionaries(KEYS | st.sampled_from(["covered", "computer", "result"]), JSON, max_size=5) | JSON,
)
def test_no_message_against_no_state_raises(message, state):
    checked = check_message(message, state)
    assert checked is None or (checked == message and checked["type"] in MESSAGES)


def test_the_callback_gets_a_fresh_copy_of_only_the_known_keys():
    widget, heard = drawn()
    message = {"type": "card", "card": "A♠"}
    widget._handle_custom_msg(message, [])
    assert heard == [message] and heard[0] is not message


def test_a_page_may_change_the_pace_and_nothing_else():
    widget, _ = drawn()
    shown, faces = widget.state, widget.faces
    widget.set_state({"pace": "fast", "state": {"hand": {"cards": [{"card": "K♠"}]}}, "faces": {}})
    assert widget.pace == "fast" and widget.state is shown and widget.faces is faces
    widget.set_state({"pace": "warp"})
    widget.set_state({"pace": ["slow"]})
    widget.set_state("pace")
    assert widget.pace == "fast"


def test_paces_and_their_seconds():
    assert PACES == {"step": None, "slow": 2.0, "normal": 1.0, "fast": 0.4}
    widget = TableWidget()
    assert widget.pace == "normal"
    with pytest.raises(Exception, match="pace is one of step, slow, normal, fast"):
        widget.pace = "warp"


def test_the_front_end_ships_in_the_package_and_writes_state_as_text():
    script = (STATIC / "table.js").read_text(encoding="utf-8")
    assert (STATIC / "table.css").is_file() and "export default" in script
    assert not re.search(r"^\s*import\b|\bimport\(|\bfetch\(", script, re.M), "nothing is fetched at run time"
    # Only the kernel's card faces go in as markup; every word of the state goes in as text.
    assert re.findall(r"innerHTML\s*=\s*([\w.]+)", script) == ["known.svg"]
    for mark in ("data-order", "data-seat", "data-eight", "data-jack", "data-pile-top", "data-marker", "data-hand"):
        assert mark in script, mark
    assert '"data-card"' in script and '"data-action"' in script
