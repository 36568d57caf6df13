"""Simulations: seats that rotate, runs that split and merge exactly, win shares with honest intervals."""

import json
import math
import random
from fractions import Fraction

import pytest

from matatu_learn.agents.simulate import (
    SHARE_UNIT,
    game_seed,
    seat_agents,
    simulate,
    simulate_range,
    wilson_interval,
)
from matatu_learn.cli import main
from matatu_learn.engine.errors import MatatuError
from matatu_learn.engine.rules import PRESETS


def test_game_seeds_depend_on_the_run_and_the_index_only():
    assert game_seed(3, 17) == game_seed(3, 17)
    assert len({game_seed(seed, index) for seed in range(5) for index in range(200)}) == 1000


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_over_players_squared_games_every_agent_sits_everywhere_and_leads_from_every_seat(players):
    names = [f"agent {number}" for number in range(players)]
    sat = {(name, seat): 0 for name in names for seat in range(players)}
    led = {(name, seat): 0 for name in names for seat in range(players)}
    for index in range(players * players):
        seated = seat_agents(names, index)
        assert sorted(seated) == names
        for seat, name in enumerate(seated):
            sat[name, seat] += 1
        leader = index % players  # the lead moves one seat each game
        led[seated[leader], leader] += 1
    assert set(sat.values()) == {players}
    assert set(led.values()) == {1}


def test_simulate_seats_the_agents_as_seat_agents_says_and_the_lead_moves():
    seen = []

    def note(game, agents):
        seen.append((game.leader, [agent.name for agent in agents]))

    simulate(PRESETS["house"], 2, 8, seed=5, agent_names=["heuristic", "random"], on_round=note)
    assert (
        seen
        == [
            (0, ["heuristic", "random"]),
            (1, ["heuristic", "random"]),
            (0, ["random", "heuristic"]),
            (1, ["random", "heuristic"]),
        ]
        * 2
    )
    first_movers = [agents[leader] for leader, agents in seen]
    assert first_movers.count("heuristic") == first_movers.count("random") == 4


@pytest.mark.parametrize(
    "rules, players, agents",
    [("house", 2, ["heuristic", "random"]), ("uganda", 3, ["random", "heuristic", "random"]), ("bomb", 4, ["random"])],
)
def test_a_run_split_into_ranges_and_merged_in_any_order_counts_the_same_as_one_run(rules, players, agents):
    rules = PRESETS[rules]
    whole = simulate_range(rules, players, 11, agents, 0, 45, timed=True)
    parts = [
        simulate_range(rules, players, 11, agents, first, count, timed=True)
        for first, count in [(0, 7), (7, 1), (8, 30), (38, 7)]
    ]
    random.Random(2).shuffle(parts)
    merged = parts[0]
    for part in parts[1:]:
        merged = merged.merge(part)
    assert merged.counts() == whole.counts()
    assert merged.ranges == ((0, 45),)
    report, expected = merged.report(), whole.report()
    for key in ("games", "decisions", "wins", "reasons", "agent_wins", "avg_decisions_per_game"):
        assert report[key] == expected[key], key


def test_the_tally_of_a_run_is_the_tally_simulate_reports():
    report = simulate(PRESETS["party"], 3, 20, seed=9, agent_names=["heuristic", "random", "random"])
    tally = simulate_range(PRESETS["party"], 3, 9, ["heuristic", "random", "random"], 0, 20)
    assert {key: report[key] for key in ("wins", "reasons", "decisions")} == {
        "wins": tally.wins,
        "reasons": tally.reasons,
        "decisions": tally.decisions,
    }


def test_merging_refuses_counted_twice_or_another_run():
    rules = PRESETS["house"]
    first = simulate_range(rules, 2, 1, ["random"], 0, 10)
    with pytest.raises(MatatuError, match=r"Games 5 to 14 are counted twice: merge separate ranges\."):
        first.merge(simulate_range(rules, 2, 1, ["random"], 5, 10))
    with pytest.raises(MatatuError, match="Only tallies of the same run merge"):
        first.merge(simulate_range(rules, 2, 2, ["random"], 10, 10))


def test_win_shares_split_ties_and_add_up_to_the_games():
    report = simulate(PRESETS["house"], 3, 60, seed=4, agent_names=["heuristic", "random", "random"])
    won = report["agent_wins"]
    assert won["heuristic"]["games"] == 60 and won["random"]["games"] == 120
    assert math.isclose(won["heuristic"]["wins"] + won["random"]["wins"], 60)
    tally = simulate_range(PRESETS["house"], 3, 4, ["heuristic", "random", "random"], 0, 60)
    assert sum(tally.agent_shares.values()) == 60 * SHARE_UNIT
    assert sum(tally.wins) >= 60  # a tie counts a win for every tied seat in wins by seat


def test_ties_are_shared_equally():
    # Party rounds sometimes tie for the lightest hand; each tied seat's agent gets an equal share.
    expected = {"heuristic": Fraction(0), "random": Fraction(0)}
    ties = 0

    def share(game, agents):
        nonlocal ties
        winners = game.result.winners
        ties += len(winners) > 1
        for seat in winners:
            expected[agents[seat].name] += Fraction(1, len(winners))

    tally = simulate_range(PRESETS["party"], 3, 2, ["heuristic", "random", "random"], 0, 200, on_round=share)
    assert ties >= 1
    assert {name: Fraction(units, SHARE_UNIT) for name, units in tally.agent_shares.items()} == expected


def wilson_by_search(wins, games, z=1.959963984540054):
    """The interval as the set of shares the score test accepts, found by bisection (not the closed form)."""
    share = wins / games

    def accepted(p):
        return (share - p) ** 2 <= z * z * p * (1 - p) / games

    def edge(inside, outside):
        for _ in range(100):
            middle = (inside + outside) / 2
            inside, outside = (middle, outside) if accepted(middle) else (inside, middle)
        return inside

    return edge(share, 0.0) if share > 0 else 0.0, edge(share, 1.0) if share < 1 else 1.0


@pytest.mark.parametrize("wins, games", [(60, 100), (0, 10), (10, 10), (1523.5, 2000), (3, 7)])
def test_the_wilson_interval_matches_the_score_test(wins, games):
    low, high = wilson_interval(wins, games)
    expected_low, expected_high = wilson_by_search(wins, games)
    assert low == pytest.approx(expected_low, abs=1e-9) and high == pytest.approx(expected_high, abs=1e-9)


def test_the_wilson_interval_of_no_wins_in_ten_is_z_squared_over_ten_plus_z_squared():
    z_squared = 1.959963984540054**2
    assert wilson_interval(0, 10) == (0.0, pytest.approx(z_squared / (10 + z_squared)))
    assert round(wilson_interval(0, 10)[1], 4) == 0.2775


def test_random_self_play_is_not_timed_unless_asked_and_mixed_tables_are():
    rules = PRESETS["bomb"]
    assert simulate(rules, 2, 5, seed=1)["move_ms"] == {}
    asked = simulate(rules, 2, 5, seed=1, timed=True)["move_ms"]
    assert set(asked) == {"random"} and asked["random"]["moves"] == simulate(rules, 2, 5, seed=1)["decisions"]
    mixed = simulate(rules, 2, 5, seed=1, agent_names=["heuristic", "random"])
    assert set(mixed["move_ms"]) == {"heuristic", "random"}
    times = mixed["move_ms"]["heuristic"]
    assert 0 < times["median"] <= times["p95"]
    assert sum(entry["moves"] for entry in mixed["move_ms"].values()) == mixed["decisions"]


def test_the_same_seed_gives_the_same_games_and_another_seed_others():
    rules = PRESETS["uganda"]
    first = simulate_range(rules, 3, 7, ["heuristic", "random", "random"], 0, 25)
    again = simulate_range(rules, 3, 7, ["heuristic", "random", "random"], 0, 25)
    other = simulate_range(rules, 3, 8, ["heuristic", "random", "random"], 0, 25)
    assert first.counts() == again.counts() and first.counts() != other.counts()


@pytest.mark.parametrize(
    "arguments, message",
    [
        ((PRESETS["house"], 2, 1, ["genius"], 0, 1), "'genius' is not an agent: choose one of random, heuristic"),
        ((PRESETS["house"], 3, 1, ["random", "random"], 0, 1), "Give one agent for every seat (3), or one for all"),
        ((PRESETS["house"], 2, 1, ["random"], -1, 1), "The first game must be a whole number from 0, not -1."),
        ((PRESETS["house"], 2, 1, ["random"], 0, 2.5), "The number of games must be a whole number from 0, not 2.5."),
        ((PRESETS["house"], 9, 1, ["random"], 0, 1), "Matatu is played by 2 to 6 players, not 9."),
    ],
)
def test_bad_runs_are_refused_with_a_sentence(arguments, message):
    with pytest.raises(MatatuError) as refused:
        simulate_range(*arguments)
    assert message in str(refused.value)


def test_the_command_reports_agent_wins_with_intervals_and_move_times(capsys):
    assert main(["simulate", "--rules", "house", "--games", "20", "--agents", "heuristic,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "wins by agent (a tie shared equally; 95% interval):" in out
    assert "  heuristic " in out and "move time (ms), all moves" in out and "95th percentile" in out
    assert (
        main(["simulate", "--rules", "house", "--games", "20", "--agents", "heuristic,random", "--seed", "3", "--json"])
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    won = report["agent_wins"]["heuristic"]
    assert won["games"] == 20 and won["interval"] == [round(bound, 4) for bound in wilson_interval(won["wins"], 20)]
    assert set(report["move_ms"]) == {"heuristic", "random"}


def test_the_command_accepts_search_levels_and_refuses_others(capsys):
    assert main(["simulate", "--rules", "bomb", "--games", "1", "--agents", "search:1,random", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["agents"] == ["search:1", "random"] and report["move_ms"]["search:1"]["moves"] > 0
    assert main(["simulate", "--rules", "bomb", "--games", "1", "--agents", "search:7"]) == 2
    assert "'search:7' is not an agent" in capsys.readouterr().err
    assert main(["simulate", "--rules", "bomb", "--games", "3", "--time-moves", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["move_ms"]) == {"random"}
