from dataclasses import replace

import pytest

from conftest import all_cards, everything_shown, full_deck
from matatu_learn.engine.cards import RANK_OF, parse_card, parse_cards
from matatu_learn.engine.errors import DealError, IllegalActionError, NotationError
from matatu_learn.engine.events import HIDDEN, Again, Drew, Reshuffled, Skipped
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.engine.rulings import Rule
from matatu_learn.engine.view import PlayerView
from matatu_learn.teaching.voice import Voice


def position(rules, hands, pile, **extra):
    return Round.from_position(rules, [parse_cards(hand) for hand in hands], pile=parse_cards(pile), **extra)


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("players", range(2, 7))
def test_a_deal_gives_every_seat_its_hand_and_conserves_the_deck(name, players):
    rules = PRESETS[name]
    game = Round(rules, players, seed=11)
    assert [len(hand) for hand in game.hands] == [7] * players
    assert all_cards(game) == full_deck(rules)
    assert game.to_move == 0 and game.direction == 1
    assert len(game.pile) == (0 if rules.opening == "bare" else 1)


def test_deals_are_reproducible_from_the_seed():
    for rules in PRESETS.values():
        first, second = Round(rules, 4, seed=99), Round(rules, 4, seed=99)
        assert first.snapshot() == second.snapshot()
        assert Round(rules, 4, seed=100).hands != first.hands


def test_a_deal_that_does_not_fit_the_deck_is_refused():
    rules = replace(PRESETS["uganda"], hand_size=9)
    with pytest.raises(DealError) as error:
        Round(rules, 6, seed=1)
    assert str(error.value) == (
        "6 players with 9 cards each need 55 cards, but the deck has 52: deal fewer cards or seat fewer players."
    )
    Round(replace(PRESETS["uganda"], hand_size=10), 5, seed=1)  # 50 + the cutter = 51 fits
    Round(replace(PRESETS["house"], hand_size=10), 5, seed=1)  # 50 + the opening card = 51 fits


def test_player_counts_outside_two_to_six_are_refused():
    for players in (1, 7, "3"):
        with pytest.raises(DealError, match="2 to 6 players"):
            Round(PRESETS["house"], players, seed=1)


def test_the_opening_card_is_never_a_joker():
    for seed in range(300):
        assert not Round(PRESETS["bomb"], 2, seed=seed).pile[0].is_joker


def test_the_cutter_is_never_a_joker_or_a_seven_and_is_out_of_play():
    rules = with_switches(PRESETS["uganda"], {"jokers": True})
    for seed in range(300):
        game = Round(rules, 3, seed=seed)
        assert not game.marker.is_joker and game.marker.rank != 7
        assert game.marker not in game.stock and all(game.marker not in hand for hand in game.hands)


def test_the_base_card_is_a_marker_and_stays_in_the_deck():
    seen_in_play = False
    for seed in range(100):
        game = Round(with_switches(PRESETS["house"], {"jokers": True}), 2, seed=seed)
        assert not game.marker.is_joker
        assert all_cards(game) == full_deck(game.rules)  # the base card is also somewhere in play
        seen_in_play = seen_in_play or game.marker in game.stock
    assert seen_in_play


def test_an_illegal_action_names_the_rule_and_changes_nothing():
    game = position(PRESETS["house"], ["7♦ 7♥ 8♠", "K♣ 2♠"], "6♦ 9♦", marker=parse_card("6♦"))
    before = game.snapshot()
    with pytest.raises(IllegalActionError) as error:
        game.apply("play 7♦")
    assert error.value.ruling.rule is Rule.CHOPPER_ONLY_CUTS
    with pytest.raises(IllegalActionError, match="not_held") as error:
        game.apply("play K♠")
    assert error.value.ruling.facts == {"card": parse_card("K♠")}
    with pytest.raises(NotationError, match="'play 11♥' is not an action") as notation:
        game.apply("play 11♥")
    assert not isinstance(notation.value, IllegalActionError)
    with pytest.raises(IllegalActionError) as error:
        game.apply("pick")
    assert error.value.ruling.rule is Rule.NO_PICK
    assert game.snapshot() == before


@pytest.mark.parametrize(
    "rules, hands, pile, extra, action, phrase",
    [
        (
            PRESETS["house"],
            ["7♠ K♦ 8♥", "Q♣"],
            "9♠",
            {"marker": parse_card("5♠")},
            "cut 7♠",
            "too heavy to cut; 21 would be left after the chop (the chopper not counted), and the limit is 20",
        ),
        (
            PRESETS["uganda"],
            ["7♦ K♣ J♥", "Q♣"],
            "4♦",
            {"marker": parse_card("3♦")},
            "cut 7♦",
            "the hand counts 31 with the seven, and the limit is 30",
        ),
        (
            PRESETS["uganda"],
            ["7♥ K♣ J♥", "Q♣"],
            "4♥",
            {"marker": parse_card("3♦")},
            "cut 7♥",
            "only the 7 of the cutter's suit (diamonds) is the chopper",
        ),
        (
            PRESETS["house"],
            ["2♣ 5♦", "Q♣"],
            "9♥ 2♥",
            {"marker": parse_card("5♠"), "pending": 2},
            "draw",
            "you owe 2 cards, and only another 2 (which passes the pick on) or the Ace of spades (which cancels it) answers a pick; otherwise pick up the cards.",
        ),
        (PRESETS["bomb"], ["9♣ K♦", "Q♣"], "4♣", {}, "draw", "you draw only when nothing fits"),
        (
            PRESETS["uganda"],
            ["9♣ K♦ 4♠ 5♠", "Q♣"],
            "4♣",
            {"marker": parse_card("3♦")},
            "pass",
            "these rules have no pass",
        ),
        (
            PRESETS["house"],
            ["A♥ 5♦", "Q♣"],
            "9♥",
            {"marker": parse_card("5♠")},
            "play A♥",
            "the Ace of hearts names a suit: choose one",
        ),
        (
            PRESETS["house"],
            ["K♥ 5♦", "Q♣"],
            "9♥",
            {"marker": parse_card("5♠")},
            "play K♥ ♠",
            "only an Ace names a suit",
        ),
        (
            PRESETS["uganda"],
            ["5♣ K♠", "Q♣"],
            "4♣",
            {"marker": parse_card("3♦")},
            "play 5♣ warning",
            'so the call is "Card!"',
        ),
        (PRESETS["party"], ["5♣ K♠", "Q♥"], "4♣", {}, "catch", "nobody missed a call"),
        (
            PRESETS["uganda"],
            ["K♠ 9♣ 5♣", "Q♥"],
            "4♣",
            {"marker": parse_card("3♦")},
            "play K♠",
            "You cannot lay the King of spades: it does not fit; the suit in play is clubs and the top card is the 4 of clubs",
        ),
        (
            with_switches(PRESETS["house"], {"jokers": True}),
            ["K♠ 9♣", "Q♥"],
            "4♣ RJ",
            {"marker": parse_card("6♦")},
            "play K♠",
            # A joker that named no suit: no advice to match a suit there is none of.
            "the red joker is on top and names no suit, so only an Ace or a joker fits.",
        ),
        (
            with_switches(PRESETS["uganda"], {"jokers": True}),
            ["K♠ 9♣", "Q♥"],
            "4♣ RJ",
            {"colour": "red", "marker": parse_card("3♦")},
            "play K♠",
            "it does not fit; a red joker is on top, so the next card must be red, an Ace or the other joker.",
        ),
    ],
)
def test_a_refusal_is_the_rule_that_refused_and_the_voice_says_it(rules, hands, pile, extra, action, phrase):
    game = position(rules, hands, pile, **extra)
    assert not game.is_legal(action)
    ruling = game.ruling(action)
    assert not ruling.legal
    assert phrase in Voice(game.players, viewer=0).ruling(ruling)
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert error.value.ruling == ruling  # the error carries the same ruling, facts and all


def test_a_ruling_says_why_a_legal_action_is_legal():
    game = position(PRESETS["house"], ["7♦ 7♥ 8♠", "K♣ 2♠"], "6♦ 9♦", marker=parse_card("6♦"))
    ruling = game.ruling("cut 7♦")
    assert ruling.legal and ruling.rule is Rule.CUT
    assert ruling.facts["weight"] == 15 and ruling.facts["limit"] == 20
    assert Voice(2, viewer=0).ruling(ruling) == (
        "You may cut with the 7 of diamonds: only the 7 of the base card's suit (diamonds) is the chopper, "
        "and it fits the pile; 15 would be left after the chop (the chopper not counted), and the limit is 20."
    )
    assert Voice(2, viewer=0).explain(game, "pass").startswith("You may pass: you take one card")


def test_legal_actions_are_the_only_accepted_ones():
    game = Round(PRESETS["uganda"], 3, seed=5)
    legal = {str(action) for action in game.legal_actions()}
    for card in game.hands[0]:
        for text in (f"play {card}", f"cut {card}"):
            assert game.is_legal(text) == (text in legal)


def test_a_replay_reproduces_the_round():
    import random

    for rules in PRESETS.values():
        game = Round(rules, 3, seed=42)
        chooser = random.Random(1)
        while not game.over:
            game.apply(chooser.choice(game.legal_actions()))
        again = Round.replay(rules, 3, 42, [str(action) for action in game.history])
        assert again.result == game.result
        assert again.log == game.log


def test_every_automatic_effect_is_logged():
    game = position(PRESETS["house"], ["8♦ 4♠", "Q♣", "K♣"], "5♦", marker=parse_card("5♠"))
    game.apply("play 8♦")
    kinds = [event.kind for event in game.log]
    assert kinds[-2:] == ["action", "skip"] and game.log[-1] == Skipped(seat=1)
    game = position(PRESETS["house"], ["3♣", "Q♣ 4♠"], "4♦ 5♦ 6♦ 9♦", stock=[], marker=parse_card("5♠"))
    game.apply("draw")
    assert Reshuffled(size=3) in game.log


def test_the_view_hides_other_hands_and_the_stock():
    game = Round(PRESETS["house"], 3, seed=8)
    game.apply("draw")
    view = PlayerView(game, 1)
    assert view.hand == tuple(game.hands[1]) and view.revealed_hands is None
    assert view.hand_sizes == tuple(len(hand) for hand in game.hands)
    assert view.stock_size == len(game.stock) and view.legal == () and view.drawn is None
    drawn = [event for event in view.log if event.kind == "draw"]
    assert drawn == [Drew(seat=0, card=HIDDEN)]
    text = repr(everything_shown(view))
    for card in game.hands[0] + game.hands[2]:
        if card not in (game.top, game.marker):
            assert f"'{card}'" not in text
    own = PlayerView(game, 0)
    assert [event for event in own.log if event.kind == "draw"][0].card in game.hands[0]


def test_two_players_reverse_means_play_again_and_direction_flips():
    game = position(PRESETS["uganda"], ["J♦ 4♠ 6♦ 6♠ 8♠", "3♣ 4♣"], "5♦", marker=parse_card("3♦"))
    game.apply("play J♦")
    assert game.to_move == 0 and game.direction == -1
    assert Again(seat=0) in game.log


def test_sevens_are_ordinary_outside_the_chopper():
    game = position(PRESETS["house"], ["7♥ 3♣ K♠", "Q♣"], "9♥", marker=parse_card("5♠"))
    assert RANK_OF[parse_card("7♥")] == 7 and not game.is_chopper(parse_card("7♥"))
    assert game.is_chopper(parse_card("7♠"))


def test_two_decks_let_a_card_stand_twice_never_three_times():
    rules = with_switches(PRESETS["uganda"], {"decks": 2})
    game = position(rules, ["9♣ 9♣ K♥", "5♠ 6♠"], "4♣", marker=parse_card("3♦"))
    assert len(game.stock) == 104 - 7 and game.stock.count(parse_card("9♣")) == 0
    assert game.stock.count(parse_card("K♥")) == 1 and game.stock.count(parse_card("4♦")) == 2
    with pytest.raises(DealError, match="9♣ is placed 3 times, but there are 2 decks."):
        position(rules, ["9♣ 9♣ K♥", "5♠ 9♣"], "4♣", marker=parse_card("3♦"))
    with pytest.raises(DealError, match="9♣ is placed twice, but there is one deck."):
        position(PRESETS["uganda"], ["9♣ 9♣ K♥", "5♠ 6♠"], "4♣", marker=parse_card("3♦"))
    view = PlayerView(game, 0)
    assert sorted(view.unseen_cards()) == sorted(game.stock + game.hands[1])
