"""A Play-table match with "eliminate one a round": each round drawn, the leaver named, the next
round dealt to the players left, every round graded and saved (issue 28)."""

import pytest
from test_play import configure, state, tap

from conftest import THREE_ROUNDS_SEED
from matatu_learn.agents.choices import make_agent
from matatu_learn.engine.cards import CARD_NAMES
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.store.database import RecordedSeat, Store
from matatu_learn.teaching.voice import COMPASS
from matatu_learn.widgets.play_table import PlayTable

RULES = with_switches(PRESETS["uganda"], {"eliminate": True})
TIE_SEED = 7  # two hands tie for heaviest after the first round
LEARNER_LEAVES_SEED = 4  # the learner holds the heaviest hand after the first round


@pytest.fixture
def database(tmp_path):
    return tmp_path / "play.sqlite3"


@pytest.fixture(autouse=True)
def fresh_page_budget(fresh_page):
    """Each test is one page, with a page's budget of recorded games; the next page starts afresh."""


def learner_taps(table: PlayTable, learner) -> None:
    """One tap as a careful learner makes it: the heuristic player's move, by the page's taps."""
    drawn = state(table)
    if drawn["computer"]["to_move"]:
        tap(table, type="next")
        return
    session = table.session
    action = learner.decide(session.view).action
    if action.kind not in ("play", "cut"):
        tap(table, type="control", kind=action.kind)
        return
    tap(table, type="card", card=CARD_NAMES[action.card])
    while state(table)["question"]:
        values = [value for _, value in session.words.choice()[1]]
        tap(
            table,
            type="answer",
            index=next(i for i, value in enumerate(values) if value in (action.kind, action.suit, action.word)),
        )


def eliminating_table(database, seed: int, graded: list) -> PlayTable:
    table = PlayTable(
        database=database,
        schedule=lambda delay, callback: None,
        learner=lambda: "amina",
        grade_run=graded.append,
    )
    configure(table, "uganda", None, ["heuristic", "heuristic", "heuristic"], seed=seed)
    table.change_button.click()
    assert table.house_rules.choose("eliminate", True) == ""
    table.deal_button.click()
    assert table.session.rules == RULES
    return table


def play_round(table: PlayTable, learner) -> dict:
    session = table.session
    for _ in range(3000):
        if session.over:
            return state(table)["result"]
        learner_taps(table, learner)
    raise AssertionError("the round did not end")


def test_a_match_with_elimination_is_played_through_three_rounds(database):
    graded = []
    table = eliminating_table(database, THREE_ROUNDS_SEED, graded)
    learner = make_agent("heuristic", THREE_ROUNDS_SEED)
    seated = [0, 1, 2, 3]
    for number in (1, 2, 3):
        session = table.session
        assert session.game.players == len(seated) and session.round_seats == tuple(seated)
        strip = [seat["name"] for seat in state(table)["order"]]
        assert sorted(strip) == sorted(["You", *(COMPASS[4][seat] for seat in seated[1:])])
        result = play_round(table, learner)
        totals = session.game.result.totals
        heaviest = max(totals)
        assert totals.count(heaviest) == 1, "this deal has one heaviest hand each round"
        leaver = seated[totals.index(heaviest)]
        assert leaver != 0, "the learner stays in for three rounds"
        # The result is drawn, names every seat of the round, and names who leaves and why.
        assert [row["total"] for row in result["rows"]] == list(totals)
        assert f"{COMPASS[4][leaver]} leaves the match: the heaviest hand, {heaviest}." in result["ending"]
        rounds = result["match"]["rounds"]
        assert len(rounds) == number
        assert [points == "—" for points in rounds[-1]] == [seat not in seated for seat in range(4)]
        # Saved in the history and graded for the learner, once each round.
        assert len(session.recorded) == number and len(graded) == number
        seated.remove(leaver)
        if number < 3:
            assert result["next_round"]
            tap(table, type="next_round")
            assert state(table)["result"] is None and table.session.round_number == number + 1
    assert session.match_over and seated == [0]
    assert not state(table)["result"]["next_round"]
    assert state(table)["result"]["match_text"] == "The match is over: You won."
    with Store(database) as store:
        records = list(reversed(store.games(limit=None)))
    assert [record.id for record in records] == session.recorded
    assert [len(record.seats) for record in records] == [4, 3, 2]
    assert all(record.seats[0] == RecordedSeat.person() for record in records)
    with Store(database) as store:
        assert all(store.replay(record.id).reproduced for record in records)


def test_a_tie_for_heaviest_says_nobody_leaves_and_the_next_round_keeps_every_seat(database):
    table = eliminating_table(database, TIE_SEED, [])
    session = table.session
    result = play_round(table, make_agent("heuristic", TIE_SEED))
    totals = session.game.result.totals
    tied = [seat for seat, total in enumerate(totals) if total == max(totals)]
    assert len(tied) == 2
    names = " and ".join("you" if seat == 0 else COMPASS[4][seat] for seat in tied)
    assert f"Nobody leaves the match: {names} tie for the heaviest hand, {max(totals)}." in result["ending"]
    tap(table, type="next_round")
    assert table.session.game.players == 4 and table.session.round_seats == (0, 1, 2, 3)


def test_a_learner_who_leaves_is_told_and_offered_a_new_game_not_a_round_without_them(database):
    table = eliminating_table(database, LEARNER_LEAVES_SEED, [])
    session = table.session
    result = play_round(table, make_agent("heuristic", LEARNER_LEAVES_SEED))
    totals = session.game.result.totals
    assert totals.index(max(totals)) == 0 and totals.count(max(totals)) == 1
    assert f"You leave the match: the heaviest hand, {max(totals)}." in result["ending"]
    assert not session.match.over and session.match_over and not result["next_round"]
    assert result["match_text"] == "The match goes on without you: deal again for a new game."
    seed = session.seed
    tap(table, type="again")
    assert session.seed == seed + 1 and table.seed.value == seed + 1, "a new deal, on the next seed"
    assert session.round_number == 1 and session.game.players == 4 and state(table)["result"] is None
