"""Grading a game: the thresholds, hand-made positions with known best moves, the luck's
arithmetic, and the computer players' error rates in order."""

import pytest

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.engine.cards import parse_card, parse_cards
from matatu_learn.engine.errors import IllegalActionError, MatatuError
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.view import PlayerView
from matatu_learn.strategy.grading import (
    AGENT_ERROR_RATES,
    GRADED_AGENTS,
    Grade,
    decision_positions,
    grade_agents,
    grade_decision,
    grade_from,
    grade_round,
    label_for,
    played_like,
)
from matatu_learn.strategy.review import THRESHOLDS


def test_the_thresholds_are_the_reviews():
    assert THRESHOLDS == (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
    assert [label_for(error) for error in (0.0, 0.049, 0.05, 0.099, 0.10, 0.199, 0.20, 1.0)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def last_card_cut() -> Round:
    """South holds only the chopper and may cut with it: a cut by the last card wins on the spot."""
    return Round.from_position(
        PRESETS["house"], [parse_cards("7♦"), parse_cards("9♦")], pile=parse_cards("4♦"), marker=parse_card("6♦")
    )


def test_not_cutting_when_the_last_card_cut_wins_on_the_spot_is_a_blunder():
    for instead in ("pass", "draw"):
        decision = grade_decision(PlayerView(last_card_cut(), 0), instead, deals=60)
        assert (decision.best, decision.best_chance) == ("cut 7♦", 1.0)
        assert decision.played_chance < 0.8 and decision.label == "blunder"
        assert decision.error <= decision.best_chance - decision.played_chance  # the noise is taken off


def test_the_best_move_played_is_no_error():
    decision = grade_decision(PlayerView(last_card_cut(), 0), "cut 7♦", deals=20)
    assert (decision.played, decision.best, decision.error, decision.label) == ("cut 7♦", "cut 7♦", 0.0, "good")


def test_an_illegal_move_is_refused_with_its_rule():
    with pytest.raises(IllegalActionError):
        grade_decision(PlayerView(last_card_cut(), 0), "play 9♦", deals=5)


def recorded_round(seed: int = 4):
    game = Round(PRESETS["house"], 2, seed)
    start = game.copy()
    play_round(game, [make_agent("random", 1), make_agent("heuristic", 2)])
    return start, game


def test_a_round_is_graded_at_every_turn_with_a_choice():
    start, game = recorded_round()
    calls = []
    grade = grade_from(start, game.history, 0, deals=6, on_decision=lambda done, total: calls.append((done, total)))
    assert calls == [(done, len(grade.decisions)) for done in range(1, len(grade.decisions) + 1)]
    replay = start.copy()
    choices = []
    for number, action in enumerate(game.history, 1):
        if replay.to_move == 0 and len(replay.legal_actions()) > 1:
            choices.append(number)
        replay.apply(action)
    assert [decision.number for decision in grade.decisions] == choices
    winners = game.result.winners
    assert grade.result == (1 / len(winners) if 0 in winners else 0.0)
    assert grade.error_rate == pytest.approx(sum(d.error for d in grade.decisions) / len(grade.decisions))
    assert sum(grade.counts.values()) == sum(d.label != "good" for d in grade.decisions)
    # The result against the fair share is the luck less what the play gave away.
    assert grade.result - grade.fair_share == pytest.approx(grade.luck - grade.total_error)
    assert grade.luck == pytest.approx(grade.deal_luck + grade.later_luck)
    assert Grade.from_json(grade.to_json()) == grade
    same = grade_round(PRESETS["house"], 2, start.seed, start.leader, [str(a) for a in game.history], 0, deals=6)
    assert same == grade  # seeded: the same round grades the same


def test_grading_refuses_an_unfinished_round_or_a_seat_that_is_not_there():
    start, game = recorded_round()
    with pytest.raises(MatatuError, match="Only a finished round"):
        grade_from(start, game.history[:3], 0, deals=2)
    with pytest.raises(MatatuError, match="This round has seats 1 to 2; there is no seat 3 to grade"):
        grade_from(start, game.history, 2, deals=2)


def test_played_like_names_the_strongest_agent_matched():
    rates = AGENT_ERROR_RATES["house"]
    assert set(rates) == set(GRADED_AGENTS)
    assert played_like(0.0, rates) == "search:2"
    assert played_like(rates["heuristic"], rates) == "heuristic"
    assert played_like(1.0, rates) == "random"


def test_the_shipped_error_rates_are_in_order():
    for rates in AGENT_ERROR_RATES.values():
        assert rates["random"] > rates["heuristic"] > rates["search:1"] >= rates["search:2"] > 0


def test_the_agents_error_rates_are_ordered_random_worst_search_best():
    """Every agent chooses at the same ~100 positions of heuristic rounds, graded on the same deals."""
    positions = decision_positions("house", players=2, games=8, seed=0, kept=0.5)
    report = grade_agents(["random", "heuristic", "search:1"], positions, deals=80)
    rates = {spec: grade.error_rate for spec, grade in report.items()}
    assert all(grade.decisions == len(positions) for grade in report.values())
    assert rates["random"] > 2 * rates["heuristic"] > 0
    assert rates["heuristic"] > rates["search:1"]
