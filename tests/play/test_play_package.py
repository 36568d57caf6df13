"""The table, named (issue 28): typed seats, one table, the tap protocol, the choice of a move, one controller."""

import pytest

from matatu_learn.agents.choices import make_agent
from matatu_learn.engine.actions import make_action
from matatu_learn.engine.cards import CARD_NAMES, parse_card, parse_cards
from matatu_learn.engine.errors import IllegalActionError
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.engine.rulings import Rule
from matatu_learn.engine.view import PlayerView
from matatu_learn.play.choosing import Act, Ask, Deciding, Refuse, choose
from matatu_learn.play.controller import Controller, LocalTable, NoticeKind
from matatu_learn.play.protocol import Tap, TapKind, parse_tap
from matatu_learn.play.seats import Seat, SeatError, SeatKind
from matatu_learn.play.table import Table, TableError, TableRefusal
from matatu_learn.store.database import RecordedSeat
from matatu_learn.teaching.play import TableSession

HOUSE = PRESETS["house"]


def test_a_seat_is_a_person_by_name_or_a_computer_by_level_and_records_as_one_shape():
    assert Seat.person("Amina").to_record() == {"kind": "person", "name": "Amina", "agent": None}
    assert Seat.computer("search").to_record() == {"kind": "computer", "name": "", "agent": "search:2"}
    assert Seat.computer("search:3").level == 3 and Seat.computer("heuristic").level is None
    for seat in (Seat.person(), Seat.person("Okello"), Seat.computer("random")):
        assert Seat.from_record(seat.to_record()) == seat
    assert Seat.person().kind is SeatKind.PERSON
    assert Seat.computer("random").recorded() == RecordedSeat.computer("random")
    assert RecordedSeat.from_json(Seat.person("Amina").to_record()) == Seat.person("Amina").recorded()
    with pytest.raises(SeatError, match="is not an agent"):
        Seat.computer("human")
    with pytest.raises(SeatError):
        Seat.from_record("human")


def test_the_table_plays_as_the_session_did_the_same_seeds_give_the_same_moves(tmp_path):
    """The same seats and seed: the table's computer moves are the session's, move for move."""
    seats = (Seat.person(), Seat.computer("heuristic"), Seat.computer("random"))
    table = Table(HOUSE, seats, seed=7)
    session = TableSession("house", ("human", "heuristic", "random"), seed=7, database=tmp_path / "p.sqlite3")
    for _ in range(400):
        if table.over:
            break
        if table.computer_to_move:
            assert table.step().action == session.step().action
        else:
            action = table.view(0).legal[0]
            table.apply(action, seat=0)
            session.act(action)
    assert table.over and session.over and table.game.result == session.game.result


def test_apply_is_checked_once_by_the_engine_and_a_refusal_changes_nothing():
    table = Table(HOUSE, (Seat.person(), Seat.computer("heuristic")), seed=3)
    before = table.game.snapshot()
    with pytest.raises(IllegalActionError) as refused:
        table.apply("pick", seat=0)
    assert refused.value.ruling.rule is Rule.NO_PICK and table.game.snapshot() == before and table.moves == []
    with pytest.raises(IllegalActionError) as refused:
        table.apply("draw", seat=1)
    assert refused.value.ruling.rule is Rule.NOT_YOUR_TURN
    with pytest.raises(TableError) as refused:
        table.step()
    assert refused.value.refusal is TableRefusal.PERSON_TO_MOVE
    with pytest.raises(TableError) as refused:
        table.next_round()
    assert refused.value.refusal is TableRefusal.ROUND_NOT_OVER


class Heard:
    def __init__(self):
        self.moves, self.rounds = [], 0

    def moved(self, table, move):
        self.moves.append(move)

    def round_over(self, table):
        self.rounds += 1


def test_observers_hear_every_move_and_every_round_and_seats_map_through_an_elimination():
    rules = with_switches(PRESETS["uganda"], {"eliminate": True, "match_target": None, "match_rounds": 3})
    table = Table(rules, (Seat.person(), *(Seat.computer("heuristic") for _ in range(3))), seed=9)
    heard = Heard()
    table.observers.append(heard)
    learner = make_agent("heuristic", 1)
    rounds = 0
    while True:
        while not table.over:
            if table.computer_to_move:
                table.step()
            else:
                table.apply(learner.decide(table.view(0)).action, seat=0)
        rounds += 1
        assert heard.rounds == rounds and heard.moves[-len(table.moves) :] == table.moves
        if table.match_over or 0 not in table.match.seated:
            break
        table.next_round()
        assert table.round_seats == tuple(table.match.seated) and table.game.players == len(table.round_seats)
        for round_seat, seat in enumerate(table.round_seats):
            assert table.view(seat).seat == round_seat and table.seat_of(round_seat) == table.seats[seat]
        for seat in table.match.eliminated:
            with pytest.raises(TableError):
                table.view(seat)
    assert rounds >= 2


def test_a_tap_is_parsed_only_when_the_state_drawn_offers_it():
    state = {
        "hand": {"cards": [{"card": "7♦"}]},
        "controls": [{"kind": "draw"}],
        "computer": {"to_move": False},
        "result": {"actions": [{"type": "next_round", "label": "Next round"}]},
        "question": None,
    }
    assert parse_tap({"type": "card", "card": "7♦"}, state) == Tap(TapKind.CARD, card="7♦")
    assert parse_tap({"type": "control", "kind": "draw"}, state) == Tap(TapKind.CONTROL, control="draw")
    assert parse_tap({"type": "next_round"}, state) == Tap(TapKind.NEXT_ROUND)
    refused = [
        {"type": "again"},  # not among the result's actions
        {"type": "next"},  # no computer to move
        {"type": "cancel"},  # no question open
        {"type": "card", "card": "A♠"},
        {"type": "card", "card": "7♦", "extra": 1},
        {"type": ["card"]},
        {"kind": "draw"},
    ]
    assert [parse_tap(message, state) for message in refused] == [None] * len(refused)
    for tap in (Tap(TapKind.CARD, card="7♦"), Tap(TapKind.NEXT_ROUND)):
        assert parse_tap(tap.message(), state) == tap


def test_a_tapped_card_acts_asks_or_refuses_with_the_engines_ruling():
    game = Round.from_position(
        HOUSE, [parse_cards("A♥ 7♦ 9♣ K♠"), parse_cards("K♣ 2♠ 5♥")], pile=parse_cards("9♦"), marker=parse_card("6♦")
    )
    view = PlayerView(game, 0)
    assert choose(view, None, card=parse_card("9♣")) == Act(make_action("play", parse_card("9♣")))
    asked = choose(view, None, card=parse_card("A♥"))
    assert isinstance(asked, Ask) and asked.deciding is Deciding.SUIT and asked.options == (0, 1, 2, 3)
    acted = choose(view, asked, answer=2)
    assert isinstance(acted, Act) and acted.action.suit == 2 and acted.action.card == parse_card("A♥")
    refused = choose(view, None, card=parse_card("K♠"))
    assert isinstance(refused, Refuse) and refused.ruling.rule is Rule.DOES_NOT_FIT
    assert choose(view, None, card=parse_card("5♥")).ruling.rule is Rule.NOT_HELD
    assert isinstance(choose(view, None, answer=1), Refuse)
    assert choose(PlayerView(game, 1), None, card=parse_card("K♣")).ruling.rule is Rule.NOT_YOUR_TURN


def test_the_controller_dispatches_keeps_one_notice_and_paces_the_computer():
    table = Table(HOUSE, (Seat.person(), Seat.computer("heuristic")), seed=3)
    drawn, later = [], []
    controller = Controller(
        LocalTable(table),
        (0,),
        build_state=lambda controller: {"moves": len(controller.table.moves)},
        draw=drawn.append,
        schedule=lambda delay, callback: later.append((delay, callback)),
        pace=lambda: 1.0,
    )
    controller.tap(Tap(TapKind.CONTROL, control="pick"))
    assert controller.notice.kind is NoticeKind.CONTROL and table.moves == [] and drawn[-1] == {"moves": 0}
    controller.tap(Tap(TapKind.CONTROL, control="draw"))
    assert controller.notice is None and len(table.moves) == 1
    hand = controller.view.hand
    unfit = next(card for card in hand if not controller.view.actions_for(card))
    controller.tap(Tap(TapKind.CARD, card=CARD_NAMES[unfit]))
    first = controller.notice
    assert first.kind is NoticeKind.RULING and first.card == CARD_NAMES[unfit]
    controller.tap(Tap(TapKind.CONTROL, control="hint"))
    assert controller.notice.kind is NoticeKind.HINT and controller.notice.serial == first.serial + 1
    assert controller.notice.decision.action in controller.view.legal
    controller.tap(Tap(TapKind.CONTROL, control="pass"))
    assert table.computer_to_move and len(later) == 1 and later[0][0] == 1.0
    later.pop()[1]()  # the pause is over: the computer moves, once
    assert len(table.moves) == 3 and table.moves[-1].decision is not None
