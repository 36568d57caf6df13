import pytest

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.engine.errors import MatatuError
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.engine.scoring import Match


def play_match(rules, players, seed):
    match = Match(rules, players, seed)
    agents = [make_agent("heuristic", seat) for seat in range(players)]
    while not match.over:
        game = match.next_round()
        play_round(game, agents)
        match.record(game)
    return match


def test_uganda_match_runs_to_100_and_the_highest_total_wins():
    match = play_match(PRESETS["uganda"], 3, seed=4)
    assert max(match.scores) >= 100
    before_last = [total - points for total, points in zip(match.scores, match.results[-1].points, strict=True)]
    assert max(before_last) < 100  # the match ended on the first round that reached the target
    assert match.winners == tuple(seat for seat, score in enumerate(match.scores) if score == max(match.scores))
    assert sum(match.scores) == sum(sum(result.points) for result in match.results)


def test_uganda_match_target_switch():
    match = play_match(with_switches(PRESETS["uganda"], {"match_target": 40}), 2, seed=1)
    assert max(match.scores) >= 40


def test_party_match_is_five_rounds_and_the_lowest_total_wins():
    match = play_match(PRESETS["party"], 4, seed=2)
    assert match.rounds_played == 5
    assert match.winners == tuple(seat for seat, score in enumerate(match.scores) if score == min(match.scores))
    assert match.scores == [sum(result.points[seat] for result in match.results) for seat in range(4)]


def test_party_match_rounds_switch():
    assert play_match(with_switches(PRESETS["party"], {"match_rounds": 2}), 2, seed=2).rounds_played == 2


def test_a_round_standing_alone_is_a_match_of_one():
    match = play_match(PRESETS["bomb"], 3, seed=3)
    assert match.rounds_played == 1 and match.winners == match.results[0].winners


def test_the_lead_moves_one_seat_each_round():
    match = Match(PRESETS["party"], 3, seed=9)
    leaders = []
    agents = [make_agent("random", seat) for seat in range(3)]
    while not match.over:
        game = match.next_round()
        assert game.to_move == game.leader  # the leader is the first to act
        leaders.append(game.leader)
        play_round(game, agents)
        match.record(game)
    assert leaders == [0, 1, 2, 0, 1]


def test_a_match_refuses_rounds_out_of_turn():
    match = Match(PRESETS["party"], 2, seed=1)
    game = match.next_round()
    with pytest.raises(MatatuError, match="not over yet"):
        match.next_round()
    with pytest.raises(MatatuError, match="once over"):
        match.record(game)


def test_eliminate_the_heaviest_hand_leaves_until_one_player_is_left():
    rules = with_switches(PRESETS["uganda"], {"eliminate": True, "match_target": 100_000})
    outcomes = set()
    for seed in range(200):
        if outcomes == {"left", "tie"} and seed >= 6:
            break
        match = Match(rules, 4, seed=seed)
        agents = [make_agent("random", seat) for seat in range(4)]
        while not match.over:
            before = list(match.seated)
            game = match.next_round()
            assert game.players == len(before) and match.round_seats == tuple(before)
            scores = list(match.scores)
            play_round(game, agents[: game.players])
            match.record(game)
            totals = game.result.totals
            heaviest = [before[seat] for seat, total in enumerate(totals) if total == max(totals)]
            if len(heaviest) == 1:
                assert match.seated == [seat for seat in before if seat != heaviest[0]]
                outcomes.add("left")
            else:
                assert match.seated == before  # a tie for heaviest: nobody leaves
                outcomes.add("tie")
            # Points go to the match seats the round's seats stand for.
            for seat, points in enumerate(game.result.points):
                scores[before[seat]] += points
            assert match.scores == scores
        assert len(match.seated) == 1 and match.winners == (match.seated[0],)
        assert sorted(match.eliminated + match.seated) == [0, 1, 2, 3]
    assert outcomes == {"left", "tie"}


def test_eliminate_has_no_effect_on_a_round_standing_alone():
    match = play_match(with_switches(PRESETS["bomb"], {"eliminate": True}), 3, seed=3)
    assert match.rounds_played == 1 and match.seated == [0, 1, 2] and match.eliminated == []
