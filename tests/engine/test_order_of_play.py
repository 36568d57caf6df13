"""The order of play a seat's view gives is the order the engine follows (issue 28)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matatu_learn.agents.choices import make_agent
from matatu_learn.engine.actions import CALL, CATCH, CUT, DRAW, PLAY
from matatu_learn.engine.cards import ACE, JACK, QUEEN
from matatu_learn.engine.events import Skipped
from matatu_learn.engine.rules import PRESETS, JackEffect, with_switches
from matatu_learn.engine.scoring import Match
from matatu_learn.engine.view import PlayerView
from matatu_learn.teaching.play import TableSession
from matatu_learn.teaching.table_state import table_state


@st.composite
def eliminating_rules(draw):
    base = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    switches = {
        "play_on": True,
        "eliminate": True,
        "jokers": draw(st.booleans()),
        "queens_reverse": draw(st.booleans()),
        "jack": draw(st.sampled_from(list(JackEffect))),
        "hand_size": draw(st.integers(5, 7)),
    }
    return with_switches(base, switches)


def expected_seat(order, game, action):
    """Where the turn goes when ``action`` is made, read from the order of play by the card laid."""
    if action.kind is not PLAY or game.pending:
        return order.next_seat
    card = action.card
    if card.is_joker or card.rank == ACE or game.rules.pick_amounts()[card]:
        return order.next_seat
    if card.rank == 8:
        return order.after_eight
    if card.rank == JACK:
        return order.after_jack
    if card.rank == QUEEN and order.after_queen is not None:
        return order.after_queen
    return order.next_seat


def check_position(game):
    view = PlayerView(game, game.to_move)
    order = view.order_of_play
    assert order.to_move == game.to_move and order.direction == game.direction
    assert order.seats[0] == game.to_move and order.seats[1] == order.next_seat
    assert sorted(order.seats + order.out) == list(range(game.players))
    assert order.out == tuple(game.finished)
    assert order.jack_reverses == (game.rules.jack is JackEffect.REVERSE)
    for action in view.legal:
        if action.kind in (PLAY, CUT):
            assert action in view.actions_for(action.card)
            assert all(other.card == action.card for other in view.actions_for(action.card))
        if action.kind in (CALL, CATCH, CUT):
            continue  # a call or a catch keeps the turn; a cut ends the round
        after = game.copy()
        logged = len(game.log)
        after.apply(action)
        if after.over or after.finished != game.finished:
            continue  # the last card: the round ends, or the seat goes out
        if action.kind is DRAW and after.has_drawn:
            assert after.to_move == game.to_move  # the drawn card may be played: the turn goes on
            continue
        assert after.to_move == expected_seat(order, game, action), (action, order)
        skips = [event.seat for event in after.log[logged:] if isinstance(event, Skipped)]
        if skips:
            assert skips == [order.skipped] and after.to_move == order.after_eight


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=eliminating_rules(), players=st.integers(3, 6), seed=st.integers(0, 2**32), chooser=st.integers(0, 2**32))
def test_the_view_order_is_the_engine_order(rules, players, seed, chooser):
    choose = random.Random(chooser)
    match = Match(rules, players, seed)
    for _ in range(3):
        if match.over:
            break
        game = match.next_round()
        steps = 0
        while not game.over and steps < 400:
            check_position(game)
            legal = game.legal_actions()
            plays = [action for action in legal if action.kind in ("play", "cut")]
            game.apply(choose.choice(plays) if plays and choose.random() < 0.8 else choose.choice(legal))
            steps += 1
        if not game.over:
            break
        match.record(game)


def test_the_strip_follows_the_engine_with_a_seat_out_and_tags_the_queens(tmp_path):
    session = TableSession(
        "house",
        ("human", "heuristic", "heuristic", "heuristic"),
        switches={"play_on": True, "queens_reverse": True},
        whole_match=False,
        seed=5,
        database=tmp_path / "play.sqlite3",
    )
    learner = make_agent("heuristic", 1)
    seen_out = 0
    while not session.over:
        state = table_state(session, hint=False)
        order = session.view.order_of_play
        assert [seat["seat"] for seat in state["order"]] == [*order.seats, *order.out]
        assert [seat["seat"] for seat in state["order"] if seat["queen"]] == [order.after_queen]
        queen = next(seat for seat in state["order"] if seat["queen"])
        assert any(tag.startswith("a Q") for tag in queen["tags"])
        for seat in state["order"]:
            assert (seat["tags"] == ["out of this round"]) == (seat["seat"] in order.out)
        seen_out += bool(order.out)
        if session.computer_to_move:
            session.step()
        else:
            session.act(learner.decide(session.view).action)
    assert seen_out, "a seat went out before the round ended"
