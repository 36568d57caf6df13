"""Play against the computer: the table's controller in plain Python, and its widget by clicks.

What the page holds is checked against the round itself: after every move, no widget of the
table names a card the learner could not see at a real table.
"""

import random
import re

import ipywidgets as widgets
import pytest

from matatu_learn.agents.choices import AGENT_CHOICES, make_agent
from matatu_learn.agents.decisions import Aside, Decision, Motive
from matatu_learn.engine.actions import CUT, PLAY, make_action, parse_action
from matatu_learn.engine.cards import CARD_NAMES, parse_card, parse_cards
from matatu_learn.engine.errors import MatatuError
from matatu_learn.engine.events import EventKind
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.engine.view import PlayerView
from matatu_learn.play.protocol import Tap, TapKind, parse_tap
from matatu_learn.play.seats import Seat, SeatError
from matatu_learn.play.table import Table, TableError
from matatu_learn.store.database import RecordedSeat, Store
from matatu_learn.store.registry import Registry
from matatu_learn.teaching.play import COMPASS, published_mix, seat_labels
from matatu_learn.teaching.table_facts import ScreenFacts, set_up_screen, table_refusal_words
from matatu_learn.teaching.voice import Voice, card_words
from matatu_learn.widgets import PlayTable
from matatu_learn.widgets.svg import card_label
from matatu_learn.widgets.table_widget import PACES

# Every preset in each of its modes (docs/rules.md, the presets): (ruleset, jokers or None).
MODES = [
    ("house", None),
    ("house", True),
    ("uganda", None),
    ("uganda", True),
    ("bomb", None),
    ("bomb", False),
    ("party", None),
]


@pytest.fixture
def database(tmp_path):
    return tmp_path / "play.sqlite3"


def screen_of(database, ruleset: str, kinds: tuple[str, ...], seed: int) -> ScreenFacts:
    """A table of a published ruleset seen from the learner's screen (South), its rounds recorded in ``database``."""
    registry = Registry(database)
    seats = (Seat.person(), *(Seat.computer(kind) for kind in kinds[1:]))
    table = Table(registry.ruleset(ruleset).rules, seats, seed)
    return set_up_screen(table, registry=registry, ruleset=ruleset, labels=seat_labels(kinds))


def notice_after(session: ScreenFacts, tap: Tap) -> str:
    """The sentence the screen shows after ``tap``."""
    session.controller.tap(tap)
    return session.notice()["text"]


# ---------------------------------------------------------------------- what the learner may see


def seen_face_up(game: Round) -> set:
    """Cards every seat saw face up this round: the marker, the opening card and every card laid."""
    seen = {action.card for action in game.history if action.kind in (PLAY, CUT)}
    seen |= {event.card for event in game.log if event.kind in (EventKind.OPENING, EventKind.CUTTER, EventKind.BASE)}
    return seen


def hidden_from(game: Round, seat: int | None) -> set:
    """The cards a seat cannot know during play (``None``: a covered screen, nobody's hand shown)."""
    if game.over:
        return set()
    cards = set(game.stock)
    for other, hand in enumerate(game.hands):
        if other != seat:
            cards |= set(hand)
    return cards - seen_face_up(game)


def widget_text(root: widgets.Widget) -> str:
    """Every string the widget tree sends to the browser: values, descriptions, tooltips, options."""
    found, seen, stack = [], set(), [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        state = widget.get_state()
        pending = list(state.values())
        while pending:
            value = pending.pop()
            if isinstance(value, str):
                found.append(value)
            elif isinstance(value, (list, tuple)):
                pending.extend(value)
            elif isinstance(value, dict):
                pending.extend(value.values())
        for key in state:
            value = getattr(widget, key, None)
            if isinstance(value, widgets.Widget):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack.extend(item for item in value if isinstance(item, widgets.Widget))
    return "\n".join(found)


def rule_cards(game: Round) -> set:
    """Cards the rules name in sentences whoever holds them: the A♠ and a marker's chopper (docs/rules.md §5, §6)."""
    named = {parse_card("A♠")}
    if game.rules.chopper == "marker_seven":
        named.add(parse_card(f"7{'♠♥♦♣'[game.marker.suit]}"))
    return named


def leaked(text: str, game: Round, hidden: set) -> list[str]:
    """The hidden cards the page shows (a face, a screen reader's words) or names in a sentence.

    A sentence may name a card the rules single out (the chopper, the A♠) wherever it lies;
    the card itself is still never drawn face up.
    """
    found = []
    for card in hidden:
        name = CARD_NAMES[card]
        drawn = f'data-card="{name}"' in text or card_label(card) in text
        named = card not in rule_cards(game) and re.search(rf"(?<![0-9A-Za-z]){re.escape(name)}(?![0-9A-Za-z])", text)
        if drawn or named:
            found.append(name)
    return found


def assert_nothing_hidden_shown(table: PlayTable) -> None:
    session = table.session
    seat = None if session.covered else session.viewer
    # The table widget is the only part of the page that shows the game (the settings show rules only).
    names = leaked(widget_text(table.board), session.game, hidden_from(session.game, seat))
    assert not names, f"the page names hidden cards {names} after {[str(move.action) for move in session.moves]}"


# ---------------------------------------------------------------------- playing by taps


def tap(table: PlayTable, **message) -> None:
    """What the page sends when a person taps: the table widget checks it, then the table acts."""
    assert table.board.receive(message), f"the table refused {message} as a tap it does not offer"


def state(table: PlayTable) -> dict:
    return table.board.state


def click_something(table: PlayTable, rng: random.Random) -> None:
    """What a learner might tap now: a playable card, an answer, an enabled button, or Next move."""
    drawn = state(table)
    if drawn["covered"]:
        tap(table, type="reveal")
        return
    if drawn["computer"]["to_move"]:
        tap(table, type="next")
        return
    if drawn["question"]:
        tap(table, type="answer", index=rng.randrange(len(drawn["question"]["answers"])))
        return
    cards = [{"type": "card", "card": card["card"]} for card in drawn["hand"]["cards"] if card["playable"]]
    buttons = [
        {"type": "control", "kind": control["kind"]}
        for control in drawn["controls"]
        if control["enabled"] and control["kind"] != "hint"
    ]
    tap(table, **rng.choice(cards + buttons))


def configure(table: PlayTable, ruleset: str, jokers, opponents: list[str], seed: int, whole_match=True) -> None:
    """Open the settings as a learner would (the rules are locked while a game is on), set them, deal."""
    if table.change_button.layout.display != "none":
        table.change_button.click()
    table.ruleset.value = ruleset
    if jokers is not None:
        assert table.house_rules.choose("jokers", jokers) == "", f"{ruleset} takes jokers={jokers}"
    table.opponents.value = len(opponents)
    for picker, kind in zip(table.seat_kinds, opponents, strict=False):
        picker.value = kind
    if whole_match in [value for _, value in table.length.options]:
        table.length.value = whole_match
    table.seed.value = seed
    table.deal_button.click()


@pytest.mark.parametrize(("ruleset", "jokers"), MODES, ids=[f"{name}-{mode}" for name, mode in MODES])
def test_a_whole_round_is_played_by_clicks_and_the_page_never_holds_a_hidden_card(database, ruleset, jokers):
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    configure(table, ruleset, jokers, ["heuristic", "random", "search:1"], seed=11, whole_match=False)
    session = table.session
    expected = PRESETS[ruleset] if jokers is None else with_switches(PRESETS[ruleset], {"jokers": jokers})
    assert session.game.rules == expected
    rng = random.Random(ruleset)
    assert_nothing_hidden_shown(table)
    for _ in range(2000):
        if session.over:
            break
        before = len(session.moves)
        click_something(table, rng)
        assert len(session.moves) in (before, before + 1)
        assert_nothing_hidden_shown(table)
    assert session.over
    game = session.game
    # Every hand is shown and counted; the points are the engine's.
    result = state(table)["result"]
    for seat, hand in enumerate(game.hands):
        row = result["rows"][seat]
        assert row["cards"] == [CARD_NAMES[card] for card in hand]
        assert (row["total"], row["points"], row["won"]) == (
            game.result.totals[seat],
            game.result.points[seat],
            seat in game.result.winners,
        )
        assert set(row["cards"]) <= set(state(table)["cards_shown"]) <= set(table.board.faces)
    # Two columns only where a hand's points are not its total (Uganda Classic scores the others' hands).
    differ = game.result.totals != game.result.points
    assert result["totals_shown"] == differ and ("Total" in result["headings"]) == differ
    assert result["headings"][-1] == "Points" and len(result["headings"]) == 3 + differ
    assert not result["next_round"], "a single round has no next round"
    # The round is in the history under a published ruleset, with its seat kinds, and replays.
    with Store(database) as store:
        record = store.games()[0]
        assert record.id == session.recorded[-1]
        assert record.seats == (
            RecordedSeat.person(),
            RecordedSeat.computer("heuristic"),
            RecordedSeat.computer("random"),
            RecordedSeat.computer("search:1"),
        )
        assert store.rules(record.ruleset, record.version) == game.rules
        assert store.replay(record.id).reproduced
        assert list(record.actions) == [str(action) for action in game.history]
    if jokers is not None and jokers != PRESETS[ruleset].jokers:
        assert record.ruleset == f"{ruleset}-{'jokers' if jokers else 'classic'}"
    else:
        assert (record.ruleset, record.version) == (ruleset, 1)


def play_session_to_the_end(session: ScreenFacts, rng: random.Random) -> None:
    """The learner's moves through the controller's calls: cards, answers and plain actions."""
    controller = session.controller
    for _ in range(5000):
        if session.over:
            return
        if session.computer_to_move:
            controller.computer_move()
        elif session.covered:
            controller.tap(Tap(TapKind.REVEAL))
        elif session.words.choice() is not None:
            controller.tap(Tap(TapKind.ANSWER, index=rng.randrange(len(session.words.choice()[1]))))
        else:
            playable = [card for card, actions, _ in session.words.card_verdicts() if actions]
            others = [control.action for control in session.words.controls() if control.enabled]
            choice = rng.choice(playable + others)
            if choice in playable:
                controller.tap(Tap(TapKind.CARD, card=CARD_NAMES[choice]))
            else:
                controller.act(choice)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("ruleset", ["house", "uganda", "bomb", "party"])
def test_a_whole_match_is_played_and_every_round_recorded(database, ruleset):
    session = screen_of(database, ruleset, ("human", "heuristic", "heuristic"), seed=5)
    rng = random.Random(5)
    leaders = []
    while True:
        leaders.append(session.game.leader)
        play_session_to_the_end(session, rng)
        if session.match_over:
            break
        session.controller.tap(Tap(TapKind.NEXT_ROUND))
    rules = PRESETS[ruleset]
    with Store(database) as store:
        records = list(reversed(store.games(limit=None)))
    assert [record.id for record in records] == session.recorded
    totals = [sum(record.points[seat] for record in records) for seat in range(3)]
    assert list(session.scores) == totals
    # The match ends as its ruleset says (docs/rules.md §8), and the lead moves one seat each round.
    assert leaders == [number % 3 for number in range(len(records))]
    if ruleset == "uganda":
        before_last = [sum(record.points[seat] for record in records[:-1]) for seat in range(3)]
        assert max(totals) >= 100 > max(before_last)
        assert session.match.winners == tuple(seat for seat in range(3) if totals[seat] == max(totals))
    elif ruleset == "party":
        assert len(records) == rules.match_rounds == 5
        assert session.match.winners == tuple(seat for seat in range(3) if totals[seat] == min(totals))
    else:
        assert len(records) == 1 and session.words.match_text() == "Each round stands alone."
    if ruleset in ("uganda", "party"):
        assert session.words.match_text().startswith("The match is over: ")
    assert notice_after(session, Tap(TapKind.NEXT_ROUND)) == "The match is over: start a new game."
    assert session.round_number == len(records)


# ---------------------------------------------------------------------- bad input, one sentence each


def one_sentence(error: Exception) -> str:
    text = str(error)
    assert "\n" not in text and text.endswith((".", ".”")) and "Traceback" not in text, text
    return text


def refused_seats(count: int) -> str:
    """What the table says when asked to seat ``count`` players."""
    with pytest.raises(TableError) as refused:
        Table(PRESETS["house"], (Seat.person(),) * count, seed=1)
    return table_refusal_words(refused.value.refusal, refused.value.facts)


def test_bad_settings_are_refused_with_a_sentence(database):
    with pytest.raises(MatatuError) as refused:
        Registry(database).ruleset("kampala")
    assert "'kampala' is not a published ruleset: choose one of house, uganda, bomb, party." in one_sentence(
        refused.value
    )
    assert "A table seats 2 to 6 players" in one_sentence(MatatuError(refused_seats(1)))
    assert "not 7" in one_sentence(MatatuError(refused_seats(7)))
    with pytest.raises(SeatError) as refused:
        Seat.computer("genius")
    assert "'genius' is not an agent" in one_sentence(refused.value)
    # The page seats the learner at South, first, and clamps a seed below 0 with a sentence.
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    configure(table, "house", None, ["heuristic"], seed=4)
    assert table.controller.table.seats[0] == Seat.person()
    table.change_button.click()
    table.seed.min = -5  # what a hand-edited request could send
    table.seed.value = -1
    table.deal_button.click()
    assert "The deal number must be from 0 to" in table.settings_note.value and table.controller.table.seed == 0


def test_bad_moves_are_refused_with_a_sentence_and_change_nothing(database):
    session = screen_of(database, "house", ("human", "heuristic"), seed=3)
    controller = session.controller
    game = session.game
    before = game.snapshot()
    not_held = game.hands[1][0]
    for text, words in {"play 11♥": "'play 11♥' is not an action", "cut 7x": "is not an action"}.items():
        with pytest.raises(MatatuError) as refused:
            parse_action(text)
        assert words in one_sentence(refused.value)
    attempts = {
        f"play {CARD_NAMES[not_held]}": f"You cannot lay {card_words(not_held)}: you do not hold {card_words(not_held)}.",
        "pick": "You cannot pick up: nobody asked you to pick up cards.",
    }
    for text, words in attempts.items():
        controller.act(parse_action(text))
        assert words in one_sentence(MatatuError(session.notice()["text"]))
    with pytest.raises(MatatuError) as refused:
        parse_card("Z")
    assert "'Z' is not" in one_sentence(refused.value)
    refused_card = notice_after(session, Tap(TapKind.CARD, card=CARD_NAMES[not_held]))
    assert f"you do not hold {card_words(not_held)}." in one_sentence(MatatuError(refused_card))
    # No question is open: the page does not take an answer, and one sent anyway is refused.
    assert parse_tap({"type": "answer", "index": 0}, controller.state()) is None
    refused_answer = notice_after(session, Tap(TapKind.ANSWER, index=0))
    assert "it is not one of your choices now" in one_sentence(MatatuError(refused_answer))
    with pytest.raises(TableError) as refused:
        session.table.step()
    assert "not the computer's" in session.refusal(refused.value)
    assert notice_after(session, Tap(TapKind.NEXT_ROUND)) == "The round is still being played: finish it first."
    assert game.snapshot() == before and not session.moves
    controller.act(parse_action("draw"))
    controller.act(parse_action("pass"))
    assert session.computer_to_move and len(session.moves) == 2
    controller.act(parse_action("draw"))
    assert one_sentence(MatatuError(session.notice()["text"])) == "Wait: it is North's turn."
    hint = notice_after(session, Tap(TapKind.CONTROL, control="hint"))
    assert "North" in hint and "would say" not in hint and len(session.moves) == 2


def test_a_refused_card_says_why_on_the_page(database):
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    configure(table, "house", None, ["heuristic"], seed=3)
    game = table.session.game
    refused = next(card for card in state(table)["hand"]["cards"] if not card["playable"])
    tap(table, type="card", card=refused["card"])
    card = parse_card(refused["card"])
    notice = state(table)["notice"]
    # The reason is said in place: on the card that was tapped, in the voice's words.
    assert notice["card"] == refused["card"]
    assert notice["text"].startswith(f"You cannot lay {card_words(card)}: it does not fit")
    assert Voice(2, viewer=0).explain(game, f"play {CARD_NAMES[card]}") in refused["reason"]
    assert not table.session.moves


# ---------------------------------------------------------------------- the table's parts


def test_the_buttons_are_those_the_ruleset_has(database):
    # docs/rules.md §4 (pass) and §7 (calls): which buttons each preset's table shows.
    expected = {
        "house": {"draw", "pass", "pick", "cut"},
        "uganda": {"draw", "pick", "cut", "catch", "call"},
        "bomb": {"draw", "pick", "cut"},
        "party": {"draw", "pass", "pick", "cut", "catch", "call"},
    }
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    for ruleset, kinds in expected.items():
        configure(table, ruleset, None, ["heuristic"], seed=2)
        controls = {control["kind"]: control for control in state(table)["controls"]}
        assert set(controls) == kinds | {"hint"}
        legal = [action.kind.value for action in table.session.game.legal_actions()]
        for kind in kinds:
            enabled = kind in legal and (kind != "cut" or legal.count("cut") == 1)
            assert controls[kind]["enabled"] == enabled, (ruleset, kind)


def seat_at(table: Table, game: Round) -> None:
    """Put a table in a fixed position (the first round of its match)."""
    table.game = table.match.current = game


def test_an_ace_asks_for_a_suit_and_a_last_but_one_card_for_the_call(database):
    session = screen_of(database, "party", ("human", "heuristic"), seed=1)
    controller = session.controller
    # South holds A♥ 5♣ on a 5♠; party calls "Matatu!" with the play that leaves one card.
    seat_at(
        session.table,
        Round.from_position(session.rules, [parse_cards("A♥ 5♣"), parse_cards("K♦ Q♦ J♦")], pile=parse_cards("5♠")),
    )
    controller.tap(Tap(TapKind.CARD, card="A♥"))
    question, answers = session.words.choice()
    assert question == "Which suit does the Ace of hearts name?" and [value for _, value in answers] == [0, 1, 2, 3]
    controller.tap(Tap(TapKind.ANSWER, index=3))
    question, answers = session.words.choice()
    assert question == "Laying the Ace of hearts leaves you 1 card: say the call?"
    assert answers == [("Say “Matatu!”", "matatu"), ("Say nothing", None)]
    controller.tap(Tap(TapKind.ANSWER, index=1))  # a real choice: the learner may keep quiet
    assert str(session.moves[-1].action) == "play A♥ ♣"
    assert session.game.catchable == 0 and session.view.owed_calls[0] == "matatu"
    assert session.words.controls()[-2].label == "Catch"  # the other seat may catch South, not South


def test_the_seat_strip_names_who_an_8_skips_and_whom_a_jack_hands_the_turn_to():
    # docs/rules.md §5: an 8 jumps the next player; a uganda J reverses; with two players both play again.
    for players in (2, 3, 4, 6):
        for direction in (1, -1):
            hands = [parse_cards("8♣ J♣ 4♣")]
            others = [[card] for card in parse_cards("K♥ K♦ K♠ Q♥ Q♦")[: players - 1]]
            for played in ("8♣", "J♣"):
                game = Round.from_position(
                    PRESETS["uganda"],
                    hands + others,
                    pile=parse_cards("9♣"),
                    marker=parse_card("3♦"),
                    direction=direction,
                )
                order = PlayerView(game, 0).order_of_play
                game.apply(f"play {played}")
                expected = order.after_eight if played == "8♣" else order.after_jack
                assert game.to_move == expected, (players, direction, played)
                if played == "8♣" and players > 2:
                    assert order.skipped == (0 + direction) % players


def test_the_seat_strip_shows_names_turn_and_direction(database):
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    configure(table, "uganda", None, ["heuristic", "random", "search:1"], seed=4)
    drawn = state(table)
    strip = [(seat["name"], seat["who"], seat["cards_words"], seat["to_move"]) for seat in drawn["order"]]
    assert strip == [
        ("You", "", "7 cards", True),
        ("West", "computer, Steady", "7 cards", False),
        ("North", "computer, Beginner", "7 cards", False),
        ("East", "computer, Strong", "7 cards", False),
    ]
    # docs/rules.md §5: from South, an 8 skips West; a uganda J reverses, handing the turn to East.
    assert [seat["name"] for seat in drawn["order"] if seat["eight"]] == ["West"]
    assert [seat["name"] for seat in drawn["order"] if seat["jack"]] == ["East"]
    assert drawn["direction"] == 1
    assert "Play goes clockwise ↻: West plays after you." in drawn["order_sentence"]
    assert "If you lay an 8, West is skipped and North plays." in drawn["order_sentence"]
    assert "A J reverses the order: East would play next." in drawn["order_sentence"]


def test_the_order_strip_turns_round_when_a_jack_reverses(database):
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    configure(table, "uganda", None, ["human", "human", "human"], seed=4)
    session = table.session
    seat_at(
        table.controller.table,
        Round.from_position(
            session.rules,
            [parse_cards("J♣ 4♣ 6♣ 9♥"), parse_cards("K♥ 5♥"), parse_cards("K♦ 5♦"), parse_cards("K♠ 5♠")],
            pile=parse_cards("9♣"),
            marker=parse_card("3♦"),
        ),
    )
    table.controller.covered = False
    table.show()
    before = state(table)["order"]
    assert [seat["seat"] for seat in before] == [0, 1, 2, 3]
    tap(table, type="card", card="J♣")
    # The J reversed the order: East (seat 3) is to move, and the strip runs the other way round.
    after = state(table)
    assert after["direction"] == -1 and after["covered"]
    assert [seat["seat"] for seat in after["order"]] == [3, 2, 1, 0]
    assert [seat["seat"] for seat in after["order"] if seat["eight"]] == [2]
    assert [seat["seat"] for seat in after["order"] if seat["jack"]] == [0]


def test_the_computer_plays_one_move_at_a_time_or_on_its_own(database):
    waiting = []
    table = PlayTable(database=database, schedule=lambda delay, callback: waiting.append((delay, callback)))
    configure(table, "house", None, ["heuristic", "heuristic"], seed=8)
    session = table.session
    assert not session.computer_to_move and not state(table)["computer"]["to_move"]
    assert not table.board.receive({"type": "next"}), "Next move has nothing to do on the learner's turn"
    table.board.pace = "step"  # step by step: the computer waits for Next move
    tap(table, type="control", kind="draw")
    if not session.computer_to_move:
        tap(table, type="control", kind="pass")
    assert session.computer_to_move and state(table)["computer"]["to_move"] and not waiting
    moves = len(session.moves)
    tap(table, type="next")
    assert len(session.moves) == moves + 1
    last = session.moves[-1]
    assert session.words.describe(last).startswith(session.voice.seat(last.seat))
    assert state(table)["last"]["text"] == session.words.describe(last)
    assert state(table)["log"][-1] == {"text": session.words.describe(last), "action": last.action.text}
    if session.computer_to_move:
        table.board.pace = "fast"  # the computer plays by itself again, after a short pause each move
        while waiting:
            delay, callback = waiting.pop(0)
            assert delay == PACES["fast"]
            callback()
        assert not session.computer_to_move  # it plays on until a person is to move
        assert len(session.moves) > moves + 1


def test_a_hint_is_the_search_players_move_on_the_learners_view(database):
    session = screen_of(database, "bomb", ("human", "heuristic"), seed=2)
    before = session.game.snapshot()
    hint = notice_after(session, Tap(TapKind.CONTROL, control="hint"))
    # The same search, on the same view, decides the same move: the hint says it in its words.
    decision = make_agent("search:2", session.seed).decide(session.view)
    assert decision.action in session.game.legal_actions()
    assert hint.endswith(f"The Expert player would say: “{Voice(2, viewer=0).decision(decision)}”")
    assert session.game.snapshot() == before, "a hint changes nothing at the table"


class Blabber:
    """A computer player whose reasons tell of its hand (its runner-up lays a card it still holds):
    the table must hear only the public part."""

    name = "blabber"

    def decide(self, view):
        action = view.legal[0]
        kept = next(card for card in view.hand if card != action.card)
        self.kept = kept
        numbers = {"share": 0.4, "runner_share": 0.3, "deals": 320}
        return Decision(
            action,
            Motive.SEARCH,
            view.seat,
            numbers=numbers,
            runner_up=make_action(PLAY, kept),
            asides=frozenset({Aside.NEXT_BEST}),
        )


def test_a_computer_reason_naming_a_hidden_card_is_not_told_to_the_table(database):
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    configure(table, "house", None, ["heuristic"], seed=3)
    session = table.session
    blabber = table.controller.table.agents[1] = Blabber()
    table.board.pace = "step"
    tap(table, type="control", kind="draw")
    if not session.computer_to_move:
        tap(table, type="control", kind="pass")
    table.show()
    tap(table, type="next")
    move = session.moves[-1]
    reason = session.heard(move)
    assert move.seat == 1 and "my next best move" in reason
    # The card the runner-up would lay is still in North's hand: the page never names it.
    assert blabber.kept in session.game.hands[1]
    assert card_words(blabber.kept) not in widget_text(table) and card_words(blabber.kept) not in reason
    assert_nothing_hidden_shown(table)


def test_pass_and_play_covers_the_hand_between_people(database):
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    configure(table, "bomb", None, ["human", "heuristic"], seed=6)
    session = table.session
    assert session.names == ("South", "West", "East (computer, Steady)")
    rng = random.Random(1)
    covers = 0
    while not session.over:
        if session.covered:
            covers += 1
            seat = session.game.to_move
            assert state(table)["cover_label"] == f"Pass the device to {COMPASS[3][seat]}: tap here to show your hand."
            assert not state(table)["hand"]["cards"]
            assert not table.board.receive({"type": "card", "card": CARD_NAMES[session.game.hands[seat][0]]})
            assert_nothing_hidden_shown(table)  # a covered screen shows no hand at all
            tap(table, type="reveal")
            shown = [card["card"] for card in state(table)["hand"]["cards"]]
            assert shown == [CARD_NAMES[card] for card in session.game.hands[seat]]
        click_something(table, rng)
        assert_nothing_hidden_shown(table)
    assert covers >= 2


def test_a_published_ruleset_is_offered_with_the_mode_of_its_preset(database):
    with Store(database) as store:
        store.publish("kampala-family", "uganda", {"cut_limit": 25})
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    assert [value for _, value in table.ruleset.options] == ["house", "uganda", "bomb", "party", "kampala-family"]
    assert [label for label, _ in table.ruleset.options][:4] == [
        "House rules",
        "Uganda Classic",
        "54-card app rules",
        "Party handout",
    ]
    assert table.ruleset.disabled, "the rules are locked once the cards are dealt"
    table.change_button.click()
    table.ruleset.value = "party"
    assert [label for label, _ in table.length.options] == ["a match of 5 rounds", "one round"]
    table.ruleset.value = "kampala-family"
    assert table.house_rules.rules.cut_limit == 25 and table.house_rules.rules.jokers is False
    assert [label for label, _ in table.length.options] == ["a match to 100 points", "one round"]
    table.ruleset.value = "bomb"
    assert [label for label, _ in table.length.options] == ["one round (each round stands alone)"]
    carried = PlayTable(ruleset="uganda", jokers=True, database=database, schedule=lambda delay, callback: None)
    assert carried.session.rules == with_switches(PRESETS["uganda"], {"jokers": True})
    for picker in table.seat_kinds:
        assert [value for _, value in picker.options] == ["human", *AGENT_CHOICES]


def test_a_whole_match_is_played_by_clicks_round_after_round(database):
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    configure(table, "party", None, ["heuristic"], seed=9)
    session = table.session
    rng = random.Random(9)
    rounds = 0
    while True:
        for _ in range(2000):
            if session.over:
                break
            click_something(table, rng)
        rounds += 1
        result = state(table)["result"]
        assert result["match"]["rounds"][-1] == list(session.match.results[-1].points)
        if not result["next_round"]:
            break
        tap(table, type="next_round")
        assert table.session.round_number == rounds + 1 and state(table)["result"] is None
    # docs/rules.md §8: party plays 5 rounds and the lowest cumulative total wins.
    assert rounds == 5 and session.match_over
    with Store(database) as store:
        points = [record.points for record in store.games(limit=None)]
    totals = [sum(round_points[seat] for round_points in points) for seat in range(2)]
    assert list(session.scores) == totals
    winners = [seat for seat in range(2) if totals[seat] == min(totals)]
    assert state(table)["result"]["match_text"] == f"The match is over: {session.voice.winners(winners)}."
    assert state(table)["result"]["match"]["totals"] == totals


def test_house_rules_chosen_at_the_setup_lock_and_are_recorded_under_a_ruleset_of_that_mix(database):
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    table.change_button.click()
    table.ruleset.value = "uganda"
    assert table.house_rules.choose("cut_limit", 25) == "" and table.house_rules.choose("queens_reverse", True) == ""
    table.opponents.value = 1
    table.deal_button.click()
    session = table.session
    assert session.rules == with_switches(PRESETS["uganda"], {"cut_limit": 25, "queens_reverse": True})
    assert table.house_rules.locked and table.ruleset.disabled
    assert "cut limit 25, queens reverse" in state(table)["headline"]
    table.board.pace = "step"
    rng = random.Random(5)
    while not session.over:
        click_something(table, rng)
    with Store(database) as store:
        record = store.games()[0]
        assert record.ruleset == "uganda-table" and store.rules(record.ruleset, record.version) == session.rules
        assert store.ruleset("uganda-table").title == "Uganda Classic, cut limit 25, queens reverse"
    # Another mix is another ruleset; the same mix again is the same one.
    table.change_button.click()
    assert not table.house_rules.locked
    assert table.house_rules.choose("queens_reverse", False) == ""
    table.deal_button.click()
    # The recorder records under the ruleset ``published_mix`` names.
    assert published_mix(Registry(database), "uganda", table.session.rules) == ("uganda-table-2", 1)


def test_a_computer_move_is_told_once_with_its_reason_quoted_after_it(database):
    table = PlayTable(database=database, schedule=lambda delay, callback: None)
    configure(table, "house", None, ["heuristic", "random"], seed=3)
    session = table.session
    rng = random.Random(2)
    for _ in range(2000):
        if session.over:
            break
        click_something(table, rng)
    computer = [move for move in session.moves if move.decision is not None]
    assert computer, "the computer moved"
    reasons = 0
    for move in computer:
        line = session.words.describe(move)
        told = line.split("“")[0].strip()  # the move as the table tells it
        # The quote gives the reason, not the move again.
        assert not re.search(r"“I (play|draw|pick|pass|cut|say|catch)\b", line), line
        assert line.count(told) == 1, line
        reasons += "“" in line
    assert reasons, "some computer moves give a reason"
