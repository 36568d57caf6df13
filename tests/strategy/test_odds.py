"""Cut odds: exact counts against brute force played out by the engine, hand-worked cases,
sampling against exact counts, the command, and what the seat cannot see."""

import itertools
import json
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from matatu_learn.cli import main
from matatu_learn.engine.cards import CARD_NAMES, deck_for, parse_card, parse_cards
from matatu_learn.engine.errors import IllegalActionError, MatatuError
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, CutCounts, Marker, with_switches
from matatu_learn.engine.rulings import PickAnswer, Rule
from matatu_learn.engine.view import PlayerView, TeacherView
from matatu_learn.strategy.odds import (
    EXACT_CELLS_LIMIT,
    best_cut,
    count_lightest,
    cut_odds,
    every_lightest,
    legal_cuts,
    sample_lightest,
    wait_odds,
)
from matatu_learn.teaching.voice import error_words

# The chopper is the 7♦ everywhere: the house base card and the uganda cutter are 6♦.
MARKERS = {"house": "6♦", "uganda": "6♦", "bomb": None, "party": None}
RULESETS = {
    "house": PRESETS["house"],
    "house, joker mode": with_switches(PRESETS["house"], {"jokers": True}),
    "uganda": PRESETS["uganda"],
    "bomb": PRESETS["bomb"],
    "bomb, classic": with_switches(PRESETS["bomb"], {"jokers": False}),
    "party": PRESETS["party"],
}


def preset_of(name):
    return name.split(",")[0]


def endgame(rules, marker, hand, opponents, stock, top="9♦", to_move=0):
    """A round where every card but the given ones lies in the pile, so few cards are unseen.

    ``opponents`` and ``stock`` are card strings; seat ``to_move`` holds ``hand``.
    """
    hands = [parse_cards(cards) for cards in opponents]
    hands.insert(to_move, parse_cards(hand))
    stock_cards = parse_cards(stock)
    marker_card = parse_card(marker) if marker else None
    placed = {card for cards in hands for card in cards} | set(stock_cards) | {parse_card(top)}
    if rules.marker == "cutter":
        placed.add(marker_card)
    pile = [card for card in deck_for(rules.jokers) if card not in placed] + [parse_card(top)]
    return Round.from_position(rules, hands, pile=pile, stock=stock_cards, marker=marker_card, to_move=to_move)


def brute_force(game, chopper):
    """Every deal of the unseen cards, each played out by the engine: (win, tie, lose) as fractions.

    Independent of the odds module: the cards the seat cannot see are listed from the
    round itself, and who wins is what the engine's cut decides.
    """
    seat = game.to_move
    seen = set(game.hands[seat]) | set(game.pile) | ({game.marker} if game.rules.marker == "cutter" else set())
    unseen = [card for card in deck_for(game.rules.jokers) if card not in seen]
    sizes = [len(hand) for other, hand in enumerate(game.hands) if other != seat]
    outcomes = Counter()

    def deal(left, index, hands):
        if index == len(sizes):
            seats = list(hands)
            seats.insert(seat, list(game.hands[seat]))
            played = Round.from_position(
                game.rules, seats, pile=game.pile, stock=left, marker=game.marker, to_move=seat
            )
            played.apply(f"cut {CARD_NAMES[chopper]}")
            winners = played.result.winners
            outcomes["win" if winners == (seat,) else "tie" if seat in winners else "lose"] += 1
            return
        for hand in itertools.combinations(left, sizes[index]):
            deal([card for card in left if card not in hand], index + 1, [*hands, list(hand)])

    deal(unseen, 0, [])
    total = sum(outcomes.values())
    return tuple(Fraction(outcomes[name], total) for name in ("win", "tie", "lose")), total


# The cutter keeps 5♣ 3♠ (8 points; 3 worth 30 in bomb's joker mode, so there 35) beside the 7♦;
# the unseen cards straddle that total so that wins, ties and losses all happen.
@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize(
    "opponents, stock",
    [(["5♥ 3♥"], "4♥ 4♣ 9♣ K♥"), (["5♥", "4♥ 4♣"], "3♥ 9♣ K♥"), (["A♥", "4♥", "4♣ 3♥"], "9♣ K♥ 8♥")],
    ids=["one opponent", "two opponents", "three opponents"],
)
def test_exact_odds_match_every_deal_played_out_by_the_engine(name, opponents, stock):
    rules = RULESETS[name]
    game = endgame(rules, MARKERS[preset_of(name)], "7♦ 5♣ 3♠", opponents, stock)
    (win, tie, lose), deals = brute_force(game, parse_card("7♦"))
    odds = cut_odds(PlayerView(game, 0), parse_card("7♦"), method="exact")
    assert odds.exact and odds.deals == deals and odds.samples == 0
    assert odds.p_win == pytest.approx(float(win), abs=1e-12)
    assert odds.p_tie == pytest.approx(float(tie), abs=1e-12)
    assert odds.p_lose == pytest.approx(float(lose), abs=1e-12)
    assert odds.stderr_win == odds.stderr_tie == odds.stderr_lose == 0.0
    if rules.cut_winner != "lowest":
        assert tie == 0  # the cutter never shares a win under these rules


@pytest.mark.parametrize("name", ["house", "uganda"])
def test_the_seat_to_move_need_not_be_seat_zero(name):
    # Seat 1 asks, between seat 0 (two cards) and seat 2 (one card): the opponents are the others.
    rules = PRESETS[name]
    game = endgame(rules, MARKERS[name], "7♦ 5♣ 3♠", ["5♥ 3♥", "4♥"], "4♣ 9♣ K♥", to_move=1)
    (win, tie, lose), deals = brute_force(game, parse_card("7♦"))
    odds = cut_odds(PlayerView(game, 1))
    assert odds.opponent_sizes == (2, 1) and odds.deals == deals == 15 * 4
    assert (odds.p_win, odds.p_tie, odds.p_lose) == pytest.approx((float(win), float(tie), float(lose)), abs=1e-12)


def test_the_cases_cover_wins_ties_and_losses():
    # A test of the winner rules needs each outcome to occur: shown here for the brute force itself.
    game = endgame(PRESETS["house"], "6♦", "7♦ 5♣ 3♠", ["5♥", "4♥ 4♣"], "3♥ 9♣ K♥")
    (win, tie, lose), deals = brute_force(game, parse_card("7♦"))
    assert deals == 6 * 10 and win > 0 and tie > 0 and lose > 0


# Worked by hand. The cutter holds 7♦ 8♣ 4♠: 12 after the chop. One opponent holds one card,
# and the seat has not seen three cards, K♥ (13), Q♣ (12) and 5♥ (5); the other two are the stock.
#   house, party (equal lowest tie): K wins, Q ties, 5 loses: 1/3, 1/3, 1/3.
#   uganda (only a strictly lightest cutter wins), bomb (the cutter loses ties): 1/3, 0, 2/3.
@pytest.mark.parametrize(
    "preset, expected",
    [
        ("house", (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))),
        ("party", (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))),
        ("uganda", (Fraction(1, 3), 0, Fraction(2, 3))),
        ("bomb", (Fraction(1, 3), 0, Fraction(2, 3))),
    ],
)
def test_one_unseen_card_against_a_cutter_of_twelve(preset, expected):
    game = endgame(PRESETS[preset], MARKERS[preset], "7♦ 8♣ 4♠", ["Q♣"], "K♥ 5♥")
    odds = cut_odds(PlayerView(game, 0))
    assert odds.cutter_total == 12 and odds.unseen == 3 and odds.deals == 3
    assert (odds.p_win, odds.p_tie, odds.p_lose) == pytest.approx(tuple(map(float, expected)), abs=1e-12)


def test_two_opponents_of_one_card_each_by_hand():
    # Same three unseen cards, two opponents holding one each: 3 × 2 = 6 deals, one card left over.
    # Both must beat 12 to lose nothing, and only the K does: no win. The lightest is exactly 12
    # when the two hold K and Q (2 deals of 6): a tie. Every deal with the 5 out loses (4 of 6).
    game = endgame(PRESETS["house"], "6♦", "7♦ 8♣ 4♠", ["Q♣", "K♥"], "5♥")
    odds = cut_odds(PlayerView(game, 0))
    assert odds.deals == 6
    assert (odds.p_win, odds.p_tie, odds.p_lose) == pytest.approx((0.0, 1 / 3, 2 / 3), abs=1e-12)


def test_a_cut_with_the_last_card_always_wins():
    game = endgame(PRESETS["house"], "6♦", "7♦", ["3♥"], "4♥ 5♥")
    odds = cut_odds(PlayerView(game, 0))
    assert odds.cutter_total == 0 and (odds.p_win, odds.p_tie, odds.p_lose) == (1.0, 0.0, 0.0)


def test_count_lightest_by_hand():
    # Values 2, 5, 9; one hand of one card against a cutter of 5: above 5 only the 9 (1/3);
    # at least 5: the 5 and the 9 (2/3). Two hands of one card: both above 5 never; both at
    # least 5 when they hold the 5 and the 9, 2 of the 6 ordered deals.
    assert count_lightest([2, 5, 9], [1], 5) == pytest.approx((1 / 3, 2 / 3))
    assert count_lightest([2, 5, 9], [1, 1], 5) == pytest.approx((0.0, 1 / 3))
    # Equal values are distinct cards: from 4, 4, 9, a hand of two beats 7 in every deal
    # holding the 9 (2 of 3) and also with the two 4s (8): all 3.
    assert count_lightest([4, 4, 9], [2], 7) == pytest.approx((1.0, 1.0))


def deals_by_itertools(values, sizes):
    """Every deal of the values into hands of these sizes (the rest left over), as lists of hand totals."""
    if not sizes:
        return [[]]
    deals = []
    for hand in itertools.combinations(range(len(values)), sizes[0]):
        rest = [value for index, value in enumerate(values) if index not in hand]
        total = sum(values[index] for index in hand)
        deals.extend([total, *others] for others in deals_by_itertools(rest, sizes[1:]))
    return deals


@pytest.mark.parametrize("case", range(12))
def test_the_table_and_the_list_count_what_itertools_counts(case):
    generator = random.Random(case)
    values = [generator.choice([2, 3, 4, 5, 7, 9, 10, 12, 15, 20]) for _ in range(generator.randint(4, 9))]
    sizes = [generator.randint(1, 2) for _ in range(generator.randint(1, 3))]
    while sum(sizes) > len(values):
        sizes.pop()
    if case == 5:
        sizes.append(0)  # an empty hand counts 0
    deals = deals_by_itertools(values, sizes)
    # A cutter level with some deal's lightest hand, or one below it: wins, ties and losses all occur.
    cutter = max(0, generator.choice([min(totals) for totals in deals]) - generator.randint(0, 1))
    above = Fraction(sum(min(totals) > cutter for totals in deals), len(deals))
    at_least = Fraction(sum(min(totals) >= cutter for totals in deals), len(deals))
    assert count_lightest(values, sizes, cutter) == pytest.approx((float(above), float(at_least)), abs=1e-12)
    listed = every_lightest(values, sizes)
    assert sorted(listed.tolist()) == sorted(min(totals) for totals in deals)


@pytest.mark.parametrize("name", ["house", "uganda", "bomb", "party"])
@pytest.mark.parametrize(
    "opponents",
    [["K♣ 9♠"], ["K♣ 9♠ 2♣", "5♥ 4♥"]],
    ids=["one opponent", "two opponents"],
)
def test_sampled_odds_agree_with_the_exact_count(name, opponents):
    # Fresh-looking positions: 40-odd unseen cards, exact counting by the table, sampling by numpy.
    rules = PRESETS[name]
    hands = [parse_cards("7♦ 8♣ 4♠ 3♣")] + [parse_cards(cards) for cards in opponents]
    marker = parse_card(MARKERS[name]) if MARKERS[name] else None
    game = Round.from_position(rules, hands, pile=parse_cards("9♦"), marker=marker)
    view = PlayerView(game, 0)
    exact = cut_odds(view, method="exact")
    sampled = cut_odds(view, method="sample", samples=200_000, seed=3)
    assert exact.exact and not sampled.exact and sampled.samples == 200_000
    assert 0 < exact.p_win < 1
    for share in ("win", "tie", "lose"):
        error = getattr(sampled, f"stderr_{share}")
        difference = abs(getattr(sampled, f"p_{share}") - getattr(exact, f"p_{share}"))
        assert difference <= 4 * error + 1e-12, (share, difference, error)
    assert sampled.stderr_win == pytest.approx((sampled.p_win * (1 - sampled.p_win) / 200_000) ** 0.5)


def test_sampling_deals_every_hand_uniformly():
    # Four cards worth 1, 2, 4, 8 into hands of one and two cards: the lightest total of each of
    # the 12 deals is known, so its frequencies are known exactly (each deal 1/12).
    values, sizes = [1, 2, 4, 8], [1, 2]
    expected = Counter()
    for order in itertools.permutations(values):
        first, second = order[0], order[1] + order[2]
        expected[min(first, second)] += Fraction(1, 24)
    samples = 240_000
    lightest = sample_lightest(values, sizes, samples, np.random.default_rng(11))
    seen = Counter(lightest.tolist())
    assert set(seen) == set(expected)
    for total, chance in expected.items():
        share = float(chance)
        error = (share * (1 - share) / samples) ** 0.5
        assert abs(seen[total] / samples - share) <= 4 * error


def test_sampling_is_seeded():
    game = endgame(PRESETS["house"], "6♦", "7♦ 8♣ 4♠", ["Q♣ 3♥", "K♥"], "5♥ 4♥ 9♣ 10♣ J♣ 2♥")
    view = PlayerView(game, 0)
    first = cut_odds(view, method="sample", samples=50_000, seed=5)
    again = cut_odds(view, method="sample", samples=50_000, seed=5)
    other = cut_odds(view, method="sample", samples=50_000, seed=6)
    assert (first.p_win, first.p_tie) == (again.p_win, again.p_tie)
    assert (first.p_win, first.p_tie) != (other.p_win, other.p_tie)


def test_auto_counts_small_tables_and_samples_large_ones():
    two = Round.from_position(
        PRESETS["house"],
        [parse_cards("7♦ 8♣ 4♠"), parse_cards("K♣ 9♠ 3♥")],
        pile=parse_cards("9♦"),
        marker=parse_card("6♦"),
    )
    assert cut_odds(PlayerView(two, 0)).exact
    hands = [parse_cards("7♦ 8♣ 4♠"), parse_cards("K♣ 9♠ 3♥"), parse_cards("K♥ 9♥"), parse_cards("2♠ 4♣ 5♣")]
    four = Round.from_position(PRESETS["house"], hands, pile=parse_cards("9♦"), marker=parse_card("6♦"))
    view = PlayerView(four, 0)
    sampled = cut_odds(view, samples=20_000)
    assert not sampled.exact and sampled.samples == 20_000
    with pytest.raises(MatatuError, match=f"more than the {EXACT_CELLS_LIMIT:,} allowed"):
        cut_odds(view, method="exact")


def test_only_what_the_seat_sees_counts():
    # Other hands and stock swapped for different cards of the same sizes: the same answer.
    first = endgame(PRESETS["house"], "6♦", "7♦ 8♣ 4♠", ["Q♣ 3♥", "K♥"], "5♥ 4♥ 9♣ 10♣ J♣ 2♥")
    second = endgame(PRESETS["house"], "6♦", "7♦ 8♣ 4♠", ["2♥ J♣", "4♥"], "10♣ K♥ 5♥ Q♣ 9♣ 3♥")
    for method in ("exact", "sample"):
        one = cut_odds(PlayerView(first, 0), method=method, samples=30_000, seed=2)
        two = cut_odds(PlayerView(second, 0), method=method, samples=30_000, seed=2)
        assert (one.p_win, one.p_tie, one.p_lose, one.deals) == (two.p_win, two.p_tie, two.p_lose, two.deals)


def test_best_cut_when_any_seven_chops():
    # bomb: any 7 chops, but it must fit the pile: on the 9♣ the 7♣ fits and the 7♥ does not.
    game = Round.from_position(PRESETS["bomb"], [parse_cards("7♣ 7♥ 4♠"), parse_cards("K♣ 9♠")], pile=parse_cards("9♣"))
    view = PlayerView(game, 0)
    assert legal_cuts(view) == (parse_card("7♣"),)
    assert best_cut(view).cut == parse_card("7♣")
    # On a 7 both sevens fit: both are legal, both leave 11, and the first in card order is named.
    game = Round.from_position(PRESETS["bomb"], [parse_cards("7♣ 7♥ 4♠"), parse_cards("K♣ 9♠")], pile=parse_cards("7♠"))
    view = PlayerView(game, 0)
    assert set(legal_cuts(view)) == {parse_card("7♣"), parse_card("7♥")}
    best = best_cut(view)
    assert best.cut == parse_card("7♥") and best.cutter_total == 11
    assert cut_odds(view, parse_card("7♣")).p_win == best.p_win


# The base card 6♦ makes the 7♦ the chopper in each position below.
BASE_DIAMONDS = {"any_seven": False, "chopper_suit": 2, "marker": Marker.BASE}


@pytest.mark.parametrize(
    "position, chopper, rule, facts, words",
    [
        # house, base 6♦: 7♦ 2♣ 3♠ leaves 23 after the chop, above 20.
        (
            {"hands": ["7♦ 2♣ 3♠", "K♣"], "pile": "9♦", "marker": "6♦"},
            None,
            Rule.TOO_HEAVY,
            {"card": parse_card("7♦"), "weight": 23, "limit": 20, "counts": CutCounts.AFTER},
            "You cannot cut with the 7 of diamonds: your hand is too heavy to cut; "
            "23 would be left after the chop (the chopper not counted), and the limit is 20.",
        ),
        (
            {"hands": ["8♣ 4♠", "K♣"], "pile": "9♦", "marker": "6♦"},
            None,
            Rule.NO_CHOPPER_HELD,
            BASE_DIAMONDS,
            "You cannot cut: you hold no chopper, and only the 7 of the base card's suit (diamonds) is the chopper.",
        ),
        (
            {"hands": ["7♦ 4♠", "K♣"], "pile": "9♦ 2♦", "marker": "6♦", "pending": 2},
            None,
            Rule.PICK_PENDING,
            {"pending": 2, "answers": (PickAnswer(2, None, "passes_on"), PickAnswer(1, None, "cancels"))},
            "You cannot cut with the 7 of diamonds: you owe 2 cards, and only another 2 (which passes the pick on) "
            "or the Ace of spades (which cancels it) answers a pick; otherwise pick up the cards.",
        ),
        (
            {"hands": ["7♦ 4♠", "K♣"], "pile": "9♣", "marker": "6♦"},
            None,
            Rule.CHOPPER_MUST_FIT,
            {"card": parse_card("7♦"), "top": parse_card("9♣"), "suit": 3, "named": False, "colour": None},
            "You cannot cut with the 7 of diamonds: the chopper must fit the pile: "
            "the suit in play is clubs and the top card is the 9 of clubs.",
        ),
        (
            {"hands": ["7♦ 7♥ 4♠", "K♣"], "pile": "9♦", "marker": "6♦"},
            "7♥",
            Rule.NOT_A_CHOPPER,
            {"card": parse_card("7♥"), **BASE_DIAMONDS},
            "You cannot cut with the 7 of hearts: the 7 of hearts is not a chopper; "
            "only the 7 of the base card's suit (diamonds) is the chopper.",
        ),
    ],
    ids=["too heavy", "no chopper", "pick pending", "does not fit", "not the chopper"],
)
def test_no_legal_cut_says_why(position, chopper, rule, facts, words):
    game = Round.from_position(
        PRESETS["house"],
        [parse_cards(hand) for hand in position["hands"]],
        pile=parse_cards(position["pile"]),
        marker=parse_card(position["marker"]),
        pending=position.get("pending", 0),
    )
    with pytest.raises(IllegalActionError) as refused:
        cut_odds(PlayerView(game, 0), parse_card(chopper) if chopper else None)
    ruling = refused.value.ruling
    assert (ruling.rule, ruling.legal, ruling.facts) == (rule, False, facts)
    assert error_words(refused.value) == words


def test_odds_are_asked_by_the_seat_to_move_only():
    game = endgame(PRESETS["house"], "6♦", "7♦ 8♣ 4♠", ["Q♣"], "K♥ 5♥")
    with pytest.raises(IllegalActionError) as refused:
        cut_odds(PlayerView(game, 1))
    ruling = refused.value.ruling
    assert (ruling.rule, ruling.legal, ruling.facts) == (
        Rule.NOT_YOUR_TURN,
        False,
        {"seat": 1, "to_move": 0, "players": 2},
    )
    assert error_words(refused.value) == "Wait: it is South's turn."
    with pytest.raises(MatatuError, match="one seat's view"):
        cut_odds(TeacherView(game))
    with pytest.raises(MatatuError, match="samples must be a whole number of deals"):
        cut_odds(PlayerView(game, 0), samples=0)
    with pytest.raises(MatatuError, match="'guess' is not a way of counting"):
        cut_odds(PlayerView(game, 0), method="guess")


# ---------------------------------------------------------------------- waiting
def test_waiting_is_played_out_on_the_same_sampled_rounds():
    hands = [parse_cards("7♦ 8♣ 4♠ 6♣"), parse_cards("K♣ 9♠ 2♣"), parse_cards("K♥ 9♥ 2♥ 3♥")]
    game = Round.from_position(PRESETS["house"], hands, pile=parse_cards("9♦"), marker=parse_card("6♦"))
    view = PlayerView(game, 0)
    before = game.snapshot()
    waiting = wait_odds(view, samples=400, seed=4)
    assert game.snapshot() == before  # the real round is never touched
    assert str(waiting.action) == "draw"  # nothing else fits the 9♦ but the chopper
    exact = cut_odds(view)
    # "Now" is the engine's own judgement of each sampled cut: it agrees with the count.
    assert abs(waiting.now_win - exact.p_win) <= 4 * waiting.stderr_now_win
    assert 0 <= waiting.better + waiting.worse <= 1
    assert 0 < waiting.wait_win < 1
    again = wait_odds(view, samples=400, seed=4)
    assert (again.wait_win, again.better, again.worse) == (waiting.wait_win, waiting.better, waiting.worse)
    assert "sampled rounds" in waiting.sentence()


def test_waiting_cuts_at_the_first_legal_chance():
    # Two players, house: the 8♦ jumps the other player, so its player plays again and can cut
    # at once, 9 left instead of 17. Waiting then never ends worse than cutting now, and ends
    # better wherever the other hand counts 10 to 17.
    game = Round.from_position(
        PRESETS["house"],
        [parse_cards("7♦ 8♦ 4♠ 5♣"), parse_cards("K♣ 9♠ 3♥")],
        pile=parse_cards("9♦"),
        marker=parse_card("6♦"),
    )
    waiting = wait_odds(PlayerView(game, 0), samples=300, seed=1)
    assert str(waiting.action) == "play 8♦"
    assert waiting.worse == 0 and waiting.better > 0 and waiting.wait_win >= waiting.now_win


def test_waiting_is_impossible_when_the_cut_is_the_only_move():
    # bomb draws only when nothing fits; the K♠ does not fit the 9♣, so the cut is all there is.
    game = Round.from_position(PRESETS["bomb"], [parse_cards("7♣ K♠"), parse_cards("2♦")], pile=parse_cards("9♣"))
    with pytest.raises(MatatuError, match=r"^Waiting is not possible: cutting is your only legal action\.$"):
        wait_odds(PlayerView(game, 0), samples=10)


# ---------------------------------------------------------------------- the command
def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


FOUR_SEATS = {
    "rules": "house",
    "position": {
        "hands": ["K♣ 9♠ 3♥", "K♥ 9♥", "7♦ 8♣ 4♠ 6♣", "2♠ 4♣ 5♣"],
        "pile": "9♦",
        "marker": "6♦",
        "to_move": 2,
    },
}


def test_the_command_prints_json_with_every_field(tmp_path, capsys):
    path = write(tmp_path, "four.json", FOUR_SEATS)
    assert main(["odds", "--position", path, "--samples", "100000", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for field in ("cut", "p_win", "p_tie", "p_lose", "stderr", "exact", "samples", "seconds", "samples_per_s"):
        assert field in report, field
    assert report["seat"] == 2 and report["cut"] == "7♦" and report["exact"] is False
    assert report["samples"] == 100_000 and report["opponent_sizes"] == [3, 2, 3]
    assert report["p_win"] + report["p_tie"] + report["p_lose"] == pytest.approx(1.0)
    assert set(report["stderr"]) == {"win", "tie", "lose"} and report["stderr"]["win"] > 0
    assert report["samples_per_s"] == pytest.approx(report["samples"] / report["seconds"], rel=0.01)
    assert report["cutter_total"] == 18 and report["unseen"] == 52 - 4 - 1


def test_the_command_in_words(tmp_path, capsys):
    path = write(
        tmp_path,
        "two.json",
        {"rules": "house", "position": {"hands": ["7♦ 8♣ 4♠", "K♣ 9♠"], "pile": "9♦", "marker": "6♦"}},
    )
    assert main(["odds", "--position", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == (
        "Cutting with 7♦ now wins 84.84% of the 1,128 deals you cannot see (counted exactly); ties 3.46%, loses 11.70%."
    )
    assert out[0].startswith("Seat 0 to move: your hand counts 12 after the cut")


def test_the_command_hides_what_the_seat_cannot_see(tmp_path, capsys):
    # Same sizes, other cards in the other hands and an explicit stock: the same answer, seed for seed.
    changed = json.loads(json.dumps(FOUR_SEATS))
    changed["position"]["hands"] = ["Q♥ 10♥ 5♦", "A♣ 3♦", "7♦ 8♣ 4♠ 6♣", "J♠ 2♦ 8♥"]
    changed["position"]["stock"] = "K♣ 9♠ 3♥ K♥ 9♥ 2♠ 4♣ 5♣"
    answers = []
    for name, data in (("first.json", FOUR_SEATS), ("second.json", changed)):
        for method in ("sample", "exact"):
            if method == "exact":
                # Three opponents of 2-3 cards are past the exact table: ask a two-seat position instead.
                data = {"rules": "house", "position": {**data["position"], "to_move": 0}}
                data["position"]["hands"] = [data["position"]["hands"][2], data["position"]["hands"][0]]
            path = write(tmp_path, f"{method}-{name}", data)
            assert (
                main(["odds", "--position", path, "--samples", "50000", "--seed", "9", "--method", method, "--json"])
                == 0
            )
            report = json.loads(capsys.readouterr().out)
            answers.append(
                (method, {key: report[key] for key in ("cut", "p_win", "p_tie", "p_lose", "stderr", "deals")})
            )
    assert answers[0] == answers[2] and answers[1] == answers[3]


def run(*arguments):
    return subprocess.run(
        [sys.executable, "-m", "matatu_learn", *arguments], capture_output=True, text=True, timeout=120
    )


def test_no_legal_cut_is_a_sentence_and_a_nonzero_exit(tmp_path):
    heavy = write(
        tmp_path,
        "heavy.json",
        {"rules": "house", "position": {"hands": ["7♦ 2♣ 3♠", "K♣"], "pile": "9♦", "marker": "6♦"}},
    )
    result = run("odds", "--position", heavy)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (
        "matatu-learn: You cannot cut with the 7 of diamonds: your hand is too heavy to cut; "
        "23 would be left after the chop (the chopper not counted), and the limit is 20.\n"
    )


@pytest.mark.parametrize(
    "content, extra, message",
    [
        (
            "{not json",
            [],
            "is not JSON (Expecting property name enclosed in double quotes, line 1): "
            "give a JSON file with rules and position.",
        ),
        ('[{"rules": "house"}]', [], 'must hold one JSON object with "rules" and "position"'),
        ('{"rules": "house"}', [], 'must hold one JSON object with "rules" and "position"'),
        (
            '{"rules": "kampala", "position": {"hands": ["7♦", "K♣"]}}',
            [],
            "rules: 'kampala' is not a published ruleset",
        ),
        (
            '{"rules": "house", "position": {"hands": ["7♦ 11♥", "K♣"], "pile": "9♦", "marker": "6♦"}}',
            [],
            "position.hands[0]: '11♥' is not a card",
        ),
        (
            '{"rules": "house", "position": {"hands": ["7♦", "K♣"], "pile": "9♦", "marker": "6♦"}}',
            ["--cut", "7x"],
            "'7x' is not a card",
        ),
        (
            '{"rules": "house", "position": {"hands": ["7♦", "K♣"], "pile": "9♦", "marker": "6♦"}}',
            ["--samples", "0"],
            "Argument --samples: 0 is out of range",
        ),
        (
            '{"rules": "house", "position": {"hands": ["7♦", "K♣"], "pile": "9♦", "marker": "6♦"}}',
            ["--method", "guess"],
            "Argument --method: invalid choice: 'guess'",
        ),
    ],
    ids=[
        "not json",
        "a list",
        "no position",
        "unknown rules",
        "bad card in the file",
        "bad --cut",
        "no samples",
        "bad method",
    ],
)
def test_bad_input_is_one_sentence(tmp_path, content, extra, message):
    path = tmp_path / "position.json"
    path.write_text(content, encoding="utf-8")
    result = run("odds", "--position", str(path), *extra)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("matatu-learn: ") and result.stderr.count("\n") == 1
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_missing_file_is_one_sentence(tmp_path):
    result = run("odds", "--position", str(tmp_path / "nowhere.json"))
    assert result.returncode == 2
    assert result.stderr == f"matatu-learn: Cannot read {tmp_path / 'nowhere.json'} (No such file or directory).\n"


def test_the_command_can_weigh_waiting(tmp_path, capsys):
    path = write(
        tmp_path,
        "two.json",
        {"rules": "house", "position": {"hands": ["7♦ 8♣ 4♠", "K♣ 9♠"], "pile": "9♦", "marker": "6♦"}},
    )
    assert main(["odds", "--position", path, "--wait", "--wait-samples", "200", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["wait"]["samples"] == 200 and report["wait"]["action"] == "draw" and report["wait_refused"] is None
    only = write(tmp_path, "only.json", {"rules": "bomb", "position": {"hands": ["7♣ K♠", "2♦"], "pile": "9♣"}})
    assert main(["odds", "--position", only, "--wait", "--wait-samples", "20"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Waiting is not possible: cutting is your only legal action."
