"""The strategy lab: the questions' numbers, their figures, the shipped studies, the review and the widgets."""

from collections import Counter

import pytest
from matplotlib.figure import Figure

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round, simulate, simulate_range
from matatu_learn.engine.actions import CATCH, CUT, parse_action
from matatu_learn.engine.cards import RANK_OF, parse_card, parse_cards
from matatu_learn.engine.errors import IllegalActionError, MatatuError
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.view import PlayerView
from matatu_learn.strategy import figures
from matatu_learn.strategy.odds import cut_odds
from matatu_learn.strategy.precompute import LAB, SEED, draw, figure_choices, lab_study, shipped_figure
from matatu_learn.strategy.questions import (
    agent_ladder_summary,
    card_cost_summary,
    cut_limit_settings,
    cut_or_wait_summary,
    games_played,
    ladder_settings,
    make_study,
    part_task,
    play_more,
    round_ends_summary,
    setting,
    totals,
)
from matatu_learn.strategy.review import judge, review_from, review_round
from matatu_learn.strategy.sweeps import run_task


def played_games(ruleset, players, games, seed, agents=("heuristic",)):
    """The games of a run as the agents' own simulation plays them (an independent path)."""
    finished = []
    simulate_range(PRESETS[ruleset], players, seed, agents, 0, games, on_round=lambda game, _: finished.append(game))
    return finished


# ------------------------------------------------------------------ the questions' numbers
def test_round_ends_count_what_the_simulation_counts():
    study = make_study("round_ends", [setting("party", 3)], games=120, seed=8, progress=False)
    summary = round_ends_summary(study)[0]
    plain = simulate(PRESETS["party"], 3, 120, 8, ["heuristic"])
    assert summary["games"] == 120 and summary["unfinished"] == 0
    assert [round(share * 120) for share in summary["shares"]] == [
        plain["reasons"][reason] for reason in ("out", "cut", "blocked")
    ]
    assert summary["mean_moves"] == pytest.approx(plain["decisions"] / 120)
    cuts = [game for game in played_games("party", 3, 120, 8) if game.result.reason == "cut"]
    won = sum(game.result.cutter in game.result.winners for game in cuts)
    assert summary["cutter_won"] == pytest.approx(won / len(cuts))


def test_cut_positions_are_each_seats_first_chance_to_cut():
    study = make_study("cut_or_wait", [setting("house", 3)], games=150, seed=2, progress=False)
    counted = totals(study["settings"][0])
    # Independently: replay each game and look at every decision where a cut was legal.
    expected, sole_wins = Counter(), Counter()
    for game in played_games("house", 3, 150, 2):
        replay, seen = Round(game.rules, game.players, game.seed, game.leader), set()
        for action in game.history:
            legal = replay.legal_actions()
            cuts = [option for option in legal if option.kind is CUT]
            seat = replay.to_move
            if cuts and not any(option.kind is CATCH for option in legal) and seat not in seen:
                seen.add(seat)
                kept = replay.total(seat) - replay.value(cuts[0].card)
                expected[kept] += 1
                cutting = replay.copy()
                cutting.apply(cuts[0])
                sole_wins[kept] += cutting.result.winners == (seat,)
            replay.apply(action)
    positions = counted["positions"]
    assert {kept: count for kept, count in enumerate(positions) if count} == dict(expected)
    assert {kept: wins for kept, wins in enumerate(counted["cut_wins"]) if wins} == +sole_wins
    for kept, count in enumerate(positions):
        assert counted["cut_wins"][kept] + counted["cut_ties"][kept] <= count
        assert counted["waits"][kept] + counted["wait_unfinished"][kept] <= count
    assert max(expected) <= PRESETS["house"].cut_limit  # house counts the hand left after the chop
    summary = cut_or_wait_summary(study, width=5)[0]
    assert summary["positions"].sum() == sum(expected.values()) and list(summary["kept"][:3]) == [0, 5, 10]


def test_the_cost_of_a_card_is_counted_from_the_hands_left_at_a_cut():
    study = make_study("card_cost", [setting("uganda", 3)], games=200, seed=6, progress=False)
    counted = totals(study["settings"][0])
    held, lost, hands = Counter(), Counter(), 0
    for game in played_games("uganda", 3, 200, 6):
        result = game.result
        if result.cutter is None:
            continue
        for seat in range(3):
            if seat != result.cutter:
                hands += 1
                for rank in {RANK_OF[card] for card in game.hands[seat]}:
                    held[rank] += 1
                    lost[rank] += seat not in result.winners
    assert counted["hands"] == hands
    assert counted["held"] == [held[rank] for rank in range(14)]
    assert counted["held_lost"] == [lost[rank] for rank in range(14)]
    summary = card_cost_summary(study)[0]
    two = 2
    without = (counted["lost"] - lost[two]) / (hands - held[two])
    assert summary["cost"][two] == pytest.approx(lost[two] / held[two] - without)


def test_the_ladder_shares_each_game_between_two_agents():
    study = make_study(
        "agent_ladder", ladder_settings("party", ("random", "heuristic")), games=40, seed=1, progress=False
    )
    summary = agent_ladder_summary(study, "party")
    assert summary["agents"] == ["random", "heuristic"]
    assert summary["games"][0, 1] == summary["games"][1, 0] == 40
    assert summary["share"][0, 1] + summary["share"][1, 0] == pytest.approx(1.0)
    plain = simulate(PRESETS["party"], 2, 40, 1, ["random", "heuristic"])
    assert summary["share"][1, 0] == pytest.approx(plain["agent_wins"]["heuristic"]["wins"] / 40)
    low, high = summary["interval"][0][1, 0], summary["interval"][1][1, 0]
    assert low <= summary["share"][1, 0] <= high


def test_play_more_adds_new_games_after_the_old_ones():
    study = make_study("round_ends", [setting("house", 2), setting("bomb", 2)], games=30, seed=3, progress=False)
    more = play_more(study, 20, progress=False, only=lambda chosen: chosen["ruleset"] == "bomb")
    assert [games_played(chosen) for chosen in more["settings"]] == [30, 50]
    assert [games_played(chosen) for chosen in study["settings"]] == [30, 30]  # the study given is unchanged
    whole = make_study("round_ends", [setting("bomb", 2)], games=50, seed=3, progress=False)
    assert totals(more["settings"][1]) == totals(whole["settings"][0])


def test_a_setting_refuses_what_is_not_a_ruleset_or_a_switch():
    with pytest.raises(MatatuError, match="'kampala' is not a preset"):
        setting("kampala", 3)
    with pytest.raises(MatatuError, match="'cut_limt' is not a switch"):
        setting("house", 3, cut_limt=25)
    with pytest.raises(MatatuError, match="2 to 6 players, not 9"):
        setting("house", 9)
    with pytest.raises(MatatuError, match="'genius' is not an agent"):
        setting("house", 2, ("genius",))
    with pytest.raises(MatatuError, match="'cuts' is not a question of the lab"):
        make_study("cuts", [setting("house", 3)], 10)


# ------------------------------------------------------------------ the shipped studies
@pytest.mark.parametrize("name", list(LAB))
def test_the_shipped_study_is_what_the_code_computes(name):
    study = lab_study(name)
    settings, games = LAB[name]
    assert study["seed"] == SEED and study["question"] == name
    assert [
        {key: chosen[key] for key in ("ruleset", "changes", "players", "agents")} for chosen in study["settings"]
    ] == settings
    assert all(games_played(chosen) == games for chosen in study["settings"])
    # A fresh, small recomputation: the first part of the first setting and the last part of the last.
    for chosen, part in (
        (study["settings"][0], study["settings"][0]["parts"][0]),
        (study["settings"][-1], study["settings"][-1]["parts"][-1]),
    ):
        assert run_task(part_task(study, chosen, part)) == part["result"]


@pytest.mark.parametrize("name", list(LAB))
def test_the_shipped_figures_are_drawn_from_the_shipped_studies(name):
    study = lab_study(name)
    for choice in figure_choices(study):
        fresh = figures.png(draw(study, choice))
        assert fresh == shipped_figure(name, choice), (
            f"The figure of {name} ({choice}) is out of date: run python -m matatu_learn.strategy.precompute --figures"
        )


# ------------------------------------------------------------------ figures
def small_studies():
    return {
        "cut_or_wait": make_study("cut_or_wait", [setting("house", 2), setting("house", 3)], 200, 1, progress=False),
        "cut_limit": make_study("cut_limit", cut_limit_settings(("house", "party")), 60, 1, progress=False),
        "card_cost": make_study("card_cost", [setting("bomb", 3), setting("party", 3)], 100, 1, progress=False),
        "round_ends": make_study("round_ends", [setting("uganda", 2), setting("uganda", 4)], 60, 1, progress=False),
        "agent_ladder": make_study(
            "agent_ladder", ladder_settings("house", ("random", "heuristic")), 20, 1, progress=False
        ),
    }


DRAW = {
    "cut_or_wait": lambda study: figures.cut_or_wait_figure(study, study["settings"][0]["ruleset"]),
    "cut_limit": figures.cut_limit_figure,
    "card_cost": figures.card_cost_figure,
    "round_ends": figures.round_ends_figure,
    "agent_ladder": lambda study: figures.agent_ladder_figure(study, study["settings"][0]["ruleset"]),
}


def assert_readable(figure):
    assert isinstance(figure, Figure)
    titled = figure.get_suptitle() or any(axis.get_title() for axis in figure.axes)
    assert titled
    for axis in figure.axes:
        assert axis.get_xlabel() and axis.get_ylabel(), "every axis says what it measures"
        assert axis.get_legend() is not None and axis.get_legend().get_texts(), "every plot has a legend"
    assert figures.png(figure).startswith(b"\x89PNG")


@pytest.mark.parametrize("name", list(DRAW))
def test_every_figure_draws_with_a_title_axis_labels_and_a_legend(name):
    assert_readable(DRAW[name](small_studies()[name]))
    assert_readable(DRAW[name](lab_study(name)))


# ------------------------------------------------------------------ review
def blunder_position():
    """House, seat 0 holds only the chopper 7♦ on a ♦ pile: cutting with the last card surely wins."""
    return Round.from_position(
        PRESETS["house"],
        [parse_cards("7♦"), parse_cards("9♦ K♣ 4♣")],
        pile=parse_cards("4♦"),
        marker=parse_card("6♦"),
    )


def played_on(start, first_moves):
    game = start.copy()
    for move in first_moves:
        game.apply(move)
    play_round(game, [make_agent("heuristic", seat) for seat in range(game.players)])
    return list(game.history)


def test_review_flags_not_cutting_when_the_cut_surely_wins():
    start = blunder_position()
    actions = played_on(start, ["pass"])
    report = review_from(start, actions, seat=0, samples=60)
    first = report["moves"][0]
    assert first["played"] == "pass" and first["best"] == "cut 7♦"
    assert first["best_chance"] == 1.0  # a cut with the last card leaves 0: it wins under every rule
    assert first["label"] == "blunder" and first["cost"] >= 0.2
    # The curve: one point per decision of seat 0, counted by replaying the moves.
    replay, decisions = start.copy(), 0
    for action in actions:
        decisions += replay.to_move == 0
        replay.apply(action)
    assert len(report["moves"]) == decisions
    assert report["result"]["winners"] == list(replay.result.winners)
    figure = figures.review_figure(report)
    assert_readable(figure)
    assert len(figure.axes[0].lines[1].get_xdata()) == decisions


def test_a_good_move_is_not_flagged():
    start = blunder_position()
    report = review_from(start, ["cut 7♦"], seat=0, samples=20)
    assert [(move["label"], move["cost"]) for move in report["moves"]] == [("good", 0.0)]


def test_the_review_uses_only_the_learners_view():
    # Two tables that look the same from seat 0 (same hand, pile, sizes) but hide different cards.
    rules = PRESETS["house"]
    one = Round.from_position(
        rules, [parse_cards("7♦ 5♣"), parse_cards("9♦ K♣ 4♣")], pile=parse_cards("4♦"), marker=parse_card("6♦")
    )
    other = Round.from_position(
        rules, [parse_cards("7♦ 5♣"), parse_cards("2♠ 2♥ Q♦")], pile=parse_cards("4♦"), marker=parse_card("6♦")
    )
    assert PlayerView(one, 0).hand == PlayerView(other, 0).hand and one.hands[1] != other.hands[1]
    judged = [judge(PlayerView(game, 0), parse_action("draw"), samples=40) for game in (one, other)]
    assert judged[0] == judged[1]


def test_a_recorded_round_is_reviewed_from_its_plain_values():
    finished = played_games("uganda", 3, 1, 12, agents=("random", "heuristic", "heuristic"))[0]
    report = review_round(
        PRESETS["uganda"], 3, finished.seed, finished.leader, [str(a) for a in finished.history], 0, samples=10
    )
    assert report["moves"] and all(
        move["label"] in ("good", "inaccuracy", "mistake", "blunder", "forced") for move in report["moves"]
    )
    assert all(0 <= move["played_chance"] <= move["best_chance"] <= 1 for move in report["moves"])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: review_from(blunder_position(), ["cut 7♦"], seat=4),
            "This round has seats 1 to 2; there is no seat 5",
        ),
        (
            lambda: review_from(blunder_position(), ["cut 7♦", "draw"], seat=0),
            "Move 2 (draw) comes after the end of the round.",
        ),
        (lambda: review_from(blunder_position(), ["cut 7♦"], seat=0, samples=0), "samples must be a whole number"),
    ],
)
def test_bad_review_input_is_one_sentence(call, message):
    with pytest.raises(MatatuError) as refused:
        call()
    assert message in str(refused.value)


def test_an_illegal_move_in_a_review_says_which_rule_refused_it():
    with pytest.raises(IllegalActionError, match="K♣"):
        review_from(blunder_position(), ["play K♣"], seat=0)


# ------------------------------------------------------------------ widgets, by clicks
def test_a_study_panel_opens_on_the_shipped_figure_then_plays_more_games_and_redraws():
    from matatu_learn.widgets.strategy_lab import StudyPanel

    panel = StudyPanel("round_ends", more=5)
    shipped = lab_study("round_ends")
    before = sum(games_played(chosen) for chosen in shipped["settings"])
    assert panel.figure == shipped_figure("round_ends")
    assert f"{before:,} games in this figure" in panel.status.value
    panel.button.click()
    after = before + 5 * len(shipped["settings"])
    assert f"{after:,} games in this figure" in panel.status.value
    assert panel.figure != shipped_figure("round_ends")
    assert panel.figure == figures.png(figures.round_ends_figure(panel.study))


def test_a_panel_drawn_per_ruleset_plays_more_games_only_for_the_chosen_one():
    from matatu_learn.widgets.strategy_lab import StudyPanel

    panel = StudyPanel("cut_or_wait", more=10)
    assert panel.choice.options == ("house", "uganda", "bomb", "party")
    panel.choice.value = "party"
    assert panel.figure == shipped_figure("cut_or_wait", "party")
    panel.button.click()
    played = {(chosen["ruleset"], chosen["players"]): games_played(chosen) for chosen in panel.study["settings"]}
    games = LAB["cut_or_wait"][1]
    assert played == {key: games + 10 * (key[0] == "party") for key in played}


def test_the_odds_calculator_shows_the_odds_of_the_position_it_builds():
    from matatu_learn.widgets.strategy_lab import OddsCalculator

    calculator = OddsCalculator()
    calculator.ruleset.value = "uganda"
    calculator.marker.value = "3♦"
    calculator.hand.value = "7♦ K♣ 9♥"
    calculator.top.value = "4♦"
    calculator.others.value = "4 2"
    game = calculator.game()
    assert game.hands[0] == parse_cards("7♦ K♣ 9♥") and [len(hand) for hand in game.hands[1:]] == [4, 2]
    expected = cut_odds(PlayerView(game, 0), samples=200_000, seed=0)
    assert expected.sentence() in calculator.answer.value.replace("&#x27;", "'")
    calculator.wait_button.click()
    assert "imagined rounds" in calculator.answer.value
    calculator.hand.value = "7♦ 11♥"
    assert "11♥" in calculator.position.value and "✘" in calculator.position.value
    calculator.hand.value = "7♦ K♣ 9♥ Q♠ J♠"  # 7 + 13 + 9 + 12 + 11 = 52: too heavy for uganda's 30
    assert "✘" in calculator.answer.value and calculator.wait_button.disabled
    calculator.others.value = "many"
    assert "'many' is not a list of hand sizes" in calculator.position.value.replace("&#x27;", "'")


def test_a_quick_game_is_recorded_and_reviewed(tmp_path):
    from matatu_learn.widgets.strategy_lab import GameReview

    review = GameReview(tmp_path / "lab.sqlite3", samples=20)
    assert "No recorded games yet" in review.message.value
    review.quick.click()
    assert review.game_id.value is not None and review.seat.value == 0
    review.review_button.click()
    assert review.review is not None and review.figure.startswith(b"\x89PNG")
    assert review.table.value.count("<tr") == len(review.review["moves"]) + 1
    assert "moves" in review.message.value
