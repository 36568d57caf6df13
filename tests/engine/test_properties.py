"""Properties of random rounds under every preset, mode and switch combination."""

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import all_cards, everything_shown, full_deck
from matatu_learn.engine.actions import CALL_WORDS, make_action
from matatu_learn.engine.cards import CARD_NAMES, DECK, SUITS
from matatu_learn.engine.errors import IllegalActionError
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.engine.view import PlayerView

EVERY_ACTION = (
    [make_action(kind) for kind in ("draw", "pass", "pick", "catch")]
    + [make_action("call", word=word) for word in CALL_WORDS]
    + [make_action("cut", card) for card in DECK]
    + [
        make_action("play", card, suit, word)
        for card in DECK
        for suit in (None, *SUITS)
        for word in (None, *CALL_WORDS)
    ]
)
PUBLIC_EVENTS = {"opening", "base", "cutter", "returned"}


@st.composite
def rulesets(draw):
    base = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    switches = {
        "jokers": draw(st.booleans()),
        "hand_size": draw(st.integers(5, 10)),
        "cut_limit": draw(st.sampled_from([None, 14, 20, 25, 30, 60])),
        "sevens_normal": draw(st.booleans()),
        "picks_add_up": draw(st.booleans()),
        "two_value": draw(st.sampled_from([20, 2])),
        "joker_value": draw(st.sampled_from([50, 25, 20])),
        "queens_reverse": draw(st.booleans()),
        "draw_until_playable": draw(st.booleans()),
        "decks": draw(st.sampled_from([1, 2])),
        "play_on": draw(st.booleans()),
    }
    if switches["decks"] == 2 and base.cut_counts == "including" and not switches["sevens_normal"]:
        # Two decks hold eight sevens: a counted limit below 56 can strand a hand of sevens for ever
        # (a known gap, see docs/decisions.md); these rounds use limits no hand of sevens exceeds.
        switches["cut_limit"] = draw(st.sampled_from([None, 60]))
    if base.cut_counts == "after":
        switches["cut_limit"] = draw(st.sampled_from([None, 0, 10, 20, 25]))
    return with_switches(base, switches)


def choose(chooser, legal):
    """Mostly lay a card when one can be laid: uniform choice lets hands grow for ever under some switches."""
    plays = [action for action in legal if action.kind in ("play", "cut")]
    if plays and chooser.random() < 0.8:
        return chooser.choice(plays)
    return chooser.choice(legal)


def dealt(rules, players, seed):
    needed = players * rules.hand_size + (rules.marker == "cutter") + (rules.opening == "card")
    assume(needed <= len(rules.deck()))
    return Round(rules, players, seed)


def publicly_seen(game):
    seen = set()
    for event in game.log:
        if event.kind in PUBLIC_EVENTS:
            seen.add(event.card)
        elif event.kind == "action":
            seen.update(card for card in (event.action.card, event.top) if card is not None)
    return seen


def check_view_hides(game, seat):
    view = PlayerView(game, seat)
    assert view.hand == tuple(game.hands[seat])
    assert view.hand_sizes == tuple(len(hand) for hand in game.hands)
    text = repr(everything_shown(view))
    seen = publicly_seen(game)
    hidden = [card for other, hand in enumerate(game.hands) if other != seat for card in hand]
    hidden += list(game.stock)
    for card in hidden:
        if card not in seen and card not in game.hands[seat]:
            assert f"'{CARD_NAMES[card]}'" not in text, (CARD_NAMES[card], seat)


SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(rules=rulesets(), players=st.integers(2, 6), seed=st.integers(0, 2**32), chooser_seed=st.integers(0, 2**32))
def test_random_rounds_keep_every_invariant(rules, players, seed, chooser_seed):
    game = dealt(rules, players, seed)
    chooser = random.Random(chooser_seed)
    deck = full_deck(rules)
    steps = 0
    while not game.over:
        legal = game.legal_actions()
        assert legal, "a round that is not over always has a legal action"
        assert len(set(legal)) == len(legal)
        if steps % 7 == 0:
            # Only legal actions are accepted; a refused one changes nothing.
            before = game.snapshot()
            for action in chooser.sample(EVERY_ACTION, 12):
                if action in legal:
                    continue
                try:
                    game.apply(action)
                except IllegalActionError as error:
                    assert str(error) and "\n" not in str(error)
                else:
                    raise AssertionError(f"{action} was accepted but is not legal")
                assert game.snapshot() == before
        if steps % 25 == 0 and steps <= 1000:  # each check reads the whole log: keep rounds linear
            check_view_hides(game, chooser.randrange(players))
        action = choose(chooser, legal)
        seat, owed, held = game.to_move, game.pending, len(game.hands[game.to_move])
        available = len(game.stock) + max(len(game.pile) - 1, 0)
        game.apply(action)
        if action.kind == "pick":
            # A pick takes what is owed, reshuffling the pile when the stock runs out.
            assert len(game.hands[seat]) == held + min(owed, available)
        assert all_cards(game) == deck, "cards are conserved"
        assert game.pending >= 0 and 0 <= game.to_move < players
        # Play on: a seat that is out never moves again and holds nothing.
        assert game.over or game.to_move not in game.finished
        assert all(not game.hands[out] for out in game.finished)
        steps += 1
        assert steps < 200_000, "every round ends"
    result = game.result
    assert result.reason in ("out", "cut", "blocked") and result.winners
    assert result.totals == game.totals()
    if result.reason == "out":
        assert result.totals[result.winners[0]] == 0
    if rules.play_on:
        # The first out wins however the round ends; a round of "out" leaves one player with cards.
        assert result.finished == tuple(game.finished)
        if result.finished:
            assert result.winners == result.finished[:1]
        if result.reason == "out":
            assert len(result.finished) == players - 1
    else:
        assert result.finished == ()
    # A replay of (rules, players, seed, actions) reproduces the round exactly.
    again = Round.replay(rules, players, seed, [str(action) for action in game.history])
    assert again.result == result and again.log == game.log
    # Once over, every hand is shown.
    assert PlayerView(game, 0).revealed_hands == tuple(tuple(hand) for hand in game.hands)


@SETTINGS
@given(rules=rulesets(), players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_deals_conserve_the_deck_and_follow_the_rules(rules, players, seed):
    game = dealt(rules, players, seed)
    assert all_cards(game) == full_deck(rules)
    assert all(len(hand) == rules.hand_size for hand in game.hands)
    if rules.opening == "card":
        assert len(game.pile) == 1 and not game.pile[0].is_joker
    else:
        assert game.pile == []
    if rules.marker != "none":
        assert game.marker is not None and not game.marker.is_joker
    if rules.marker == "cutter":
        assert game.marker.rank != 7
    assert Round(rules, players, seed).snapshot() == game.snapshot()
