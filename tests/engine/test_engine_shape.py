"""The engine's shape: copies that branch, typed vocabularies, results nobody can spoil, views that hide."""

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import all_cards, full_deck
from matatu_learn.engine.actions import ActionKind, make_action, parse_action
from matatu_learn.engine.cards import DECK, parse_card, parse_cards
from matatu_learn.engine.errors import NotationError
from matatu_learn.engine.events import Called, Drew, Ended, Event, EventKind, RoundEnd
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.engine.rulings import Rule
from matatu_learn.engine.view import PlayerView, TeacherView, views_of


def play_randomly(game, chooser, moves):
    for _ in range(moves):
        if game.over:
            break
        legal = game.legal_actions()
        plays = [action for action in legal if action.kind in (ActionKind.PLAY, ActionKind.CUT)]
        game.apply(chooser.choice(plays) if plays and chooser.random() < 0.8 else chooser.choice(legal))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    jokers=st.booleans(),
    players=st.integers(2, 6),
    seed=st.integers(0, 10**9),
    before=st.integers(0, 40),
)
def test_a_copy_and_its_original_go_their_own_ways_and_both_replay(preset, jokers, players, seed, before):
    rules = with_switches(PRESETS[preset], {"jokers": jokers})
    game = Round(rules, players, seed)
    play_randomly(game, random.Random(seed), before)
    branch = game.copy()
    original_state = game.snapshot()
    assert branch.snapshot() == original_state
    # The same actions from the same state give the same round: the generator was copied too.
    twin = game.copy()
    play_randomly(branch, random.Random(seed + 1), 60)
    play_randomly(twin, random.Random(seed + 1), 60)
    assert twin.snapshot() == branch.snapshot()
    # The original never sees the branch's moves; then it goes its own way, and each replays from the seed.
    assert game.snapshot() == original_state
    play_randomly(game, random.Random(seed + 2), 60)
    for round_ in (game, branch):
        assert all_cards(round_) == full_deck(rules)
        replayed = Round.replay(rules, players, seed, round_.history)
        assert replayed.snapshot() == round_.snapshot()


def test_a_copy_with_a_seed_shuffles_its_own_future():
    rules = PRESETS["house"]
    game = Round.from_position(
        rules,
        [parse_cards("3♣ 4♣"), parse_cards("Q♥ K♥")],
        pile=parse_cards("5♦ 6♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ 9♣"),
        stock=[],
        marker=parse_card("5♠"),
    )
    stocks = set()
    for seed in range(8):
        branch = game.copy(seed=seed)
        branch.apply("draw")  # the stock is empty: the pile is reshuffled with the branch's own generator
        stocks.add(tuple(branch.stock))
    assert len(stocks) > 1 and game.stock == []


def test_copies_shuffle_as_their_original_would_have_in_whichever_order_they_shuffle():
    """A copy makes its generator only when it first shuffles (``Round.rng``): the original shuffling
    first, then a copy, then a copy of the copy, each still shuffles from the state it was copied in."""

    def position():
        return Round.from_position(
            PRESETS["house"],
            [parse_cards("3♣ 4♣"), parse_cards("Q♥ K♥")],
            pile=parse_cards("5♦ 6♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ 9♣"),
            stock=[],
            marker=parse_card("5♠"),
        )

    alone = position()
    alone.apply("draw")  # the stock is empty: the pile is reshuffled
    game = position()
    copy = game.copy()
    copy_of_copy = copy.copy()
    for round_ in (game, copy, copy_of_copy):
        round_.apply("draw")
        assert round_.stock == alone.stock


def test_legal_actions_cannot_be_spoiled_by_a_caller():
    game = Round(PRESETS["house"], 2, seed=3)
    legal = game.legal_actions()
    assert isinstance(legal, tuple)
    first = legal[0]
    with pytest.raises((TypeError, AttributeError)):
        legal.remove(first)  # type: ignore[attr-defined]
    game.apply(first)  # still legal: nobody could take it out of the list


def test_action_kinds_are_one_vocabulary_whatever_way_they_are_written():
    seven = parse_card("7♦")
    from_json = make_action("play", seven)
    assert from_json is make_action(ActionKind.PLAY, seven) is parse_action("play 7d")
    assert from_json.kind is ActionKind.PLAY and from_json.kind == "play" and str(from_json) == "play 7♦"
    with pytest.raises(
        NotationError, match="'jump' is not an action kind: write one of play, cut, draw, pass, pick, call, catch."
    ):
        make_action("jump", seven)


def test_an_action_built_from_text_kinds_plays_as_the_constant_does():
    # Before the kinds were typed, a "play" built from a JSON string ended the round as a cut.
    game = Round.from_position(PRESETS["bomb"], [parse_cards("9♣ K♣ 4♥"), parse_cards("Q♥ 5♠")], pile=parse_cards("4♣"))
    game.apply(make_action("play", parse_card("9♣")))
    assert not game.over and game.top == parse_card("9♣") and game.to_move == 1


def test_round_ends_are_typed_and_read_as_words():
    game = Round.from_position(PRESETS["bomb"], [parse_cards("9♣"), parse_cards("Q♥ 5♠")], pile=parse_cards("4♣"))
    game.apply("play 9♣")
    assert game.result.reason is RoundEnd.OUT and game.result.reason == "out"
    assert game.log[-1] == Ended(RoundEnd.OUT, 0, (0,)) and game.log[-1].kind is EventKind.OUT


RECORDS = Event.__args__  # every class of record the log may hold


def every_logged_record():
    """One record of each class the engine logged in random rounds of every preset and mode."""
    found = {}
    for preset in sorted(PRESETS):
        for jokers in (False, True):
            rules = with_switches(PRESETS[preset], {"jokers": jokers})
            for seed in range(40):
                game = Round(rules, 3, seed)
                play_randomly(game, random.Random(seed), 400)
                for event in game.log:
                    found.setdefault(event.__class__, event)
    return found


def test_every_record_the_engine_logs_is_typed_and_the_voice_tells_it():
    from matatu_learn.teaching.voice import Voice

    logged = every_logged_record()
    assert set(logged) <= set(RECORDS)
    # Random games reach nearly every class; each has named fields and an EventKind.
    assert len(logged) >= len(RECORDS) - 4
    for cls, event in logged.items():
        assert isinstance(event.kind, EventKind) and event._fields, cls
        words = Voice(3).event(event)
        # Only a call made with its play is told by the play's own sentence.
        assert (words is None) == (cls is Called), (cls, words)


def test_views_are_made_once_and_follow_the_round():
    game = Round(PRESETS["uganda"], 3, seed=5)
    views = views_of(game)
    mover = game.to_move
    assert views[mover].legal == game.legal_actions()
    game.apply(game.legal_actions()[0])
    assert views[game.to_move].legal == game.legal_actions()
    assert all(view.legal == () for view in views if view.seat != game.to_move)
    with pytest.raises(AttributeError):
        views[0].seat = 2


def test_a_sampled_round_keeps_what_the_seat_saw_and_deals_the_rest_afresh():
    game = Round(PRESETS["house"], 3, seed=12)
    play_randomly(game, random.Random(1), 9)
    seat = game.to_move
    view = PlayerView(game, seat)
    unseen = sorted(view.unseen_cards())
    # What the seat cannot place is exactly the other hands and the stock.
    assert unseen == sorted([card for other in range(3) if other != seat for card in game.hands[other]] + game.stock)
    samples = [view.sample_round(random.Random(number)) for number in range(20)]
    for sample in samples:
        assert sample.hands[seat] == game.hands[seat] and sample.pile == game.pile
        assert [len(hand) for hand in sample.hands] == [len(hand) for hand in game.hands]
        assert len(sample.stock) == len(game.stock)
        assert all_cards(sample) == full_deck(game.rules)
        assert sample.legal_actions() == game.legal_actions()
        assert not any(event.__class__ is Drew and event.seat != seat and event.card != "?" for event in sample.log)
    assert len({tuple(sample.hands[(seat + 1) % 3]) for sample in samples}) > 1


def test_a_teacher_sees_every_hand_and_a_player_only_their_own():
    game = Round(PRESETS["party"], 3, seed=2)
    teacher, player = TeacherView(game), PlayerView(game, 1)
    assert [teacher.visible_hand(seat) for seat in range(3)] == [tuple(hand) for hand in game.hands]
    assert [player.visible_hand(seat) for seat in range(3)] == [None, tuple(game.hands[1]), None]


EVERY_ACTION = (
    [make_action(kind) for kind in ("draw", "pass", "pick", "catch")]
    + [make_action("call", word=word) for word in ("warning", "card", "matatu")]
    + [make_action("cut", card) for card in DECK]
    + [make_action("play", card, suit, word) for card in DECK for suit in (None, 0, 1) for word in (None, "card")]
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    jokers=st.booleans(),
    players=st.integers(2, 5),
    seed=st.integers(0, 10**9),
    moves=st.integers(0, 80),
)
# An owed call that blocks everything, with a pick pending: the generator offers the call alone.
@example(preset="uganda", jokers=False, players=3, seed=3900, moves=64)
def test_a_ruling_allows_exactly_the_legal_actions(preset, jokers, players, seed, moves):
    """Legality is decided once: the ruling of every action agrees with the legal-move generator."""
    game = Round(with_switches(PRESETS[preset], {"jokers": jokers}), players, seed)
    play_randomly(game, random.Random(seed), moves)
    legal = set(game.legal_actions())
    for action in EVERY_ACTION:
        ruling = game.ruling(action)
        assert ruling.legal == (action in legal), (str(action), ruling)
        assert ruling.action == action.text
        if action in legal:
            # The refusal checks refuse nothing the generator allows: a legal action fails none of them.
            assert game.refusal(action).rule is Rule.NOT_NOW, (str(action), game.refusal(action))
