"""The voice: one naming scheme, one telling of each fact, plain words, and no hidden card named."""

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import SUITE, named_cards
from matatu_learn.engine.actions import parse_action
from matatu_learn.engine.cards import CARD_NAMES, DECK, SUIT_SYMBOLS
from matatu_learn.engine.events import Acted, BaseShown, CutterShown, Drew, Ended, Opened, Owes, Returned, Skipped, Took
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.engine.rulings import Rule
from matatu_learn.engine.view import PlayerView
from matatu_learn.teaching.scenarios import read_position, read_rules, scenario_files
from matatu_learn.teaching.voice import Voice, seat_names

# What no sentence for a person may hold: the notation's suit symbols and card names, Python values, switch names.
ENGINE_WORDS = re.compile(
    r"[♠♥♦♣]|\b(None|True|False|null)\b|\b[a-z]+_[a-z_]+\b|\b(?:[2-9]|10|[AJQK])[SHDC]\b|\b(RJ|BJ)\b|\bseat \d"
)


def test_every_seat_has_one_name_on_a_five_player_table():
    game = Round(PRESETS["uganda"], players=5, seed=11)
    told = {viewer: Voice(5, viewer=viewer).event(Owes(3, 2)) for viewer in range(5)}
    # The seat that owes hears "You"; everybody else hears the same name for it.
    assert told[3] == "You now owe 2 cards."
    others = {sentence for viewer, sentence in told.items() if viewer != 3}
    assert others == {"North-East now owes 2 cards."}
    assert Voice(5).event(Skipped(1)) == "West is jumped."
    # Names are numbered from 1 where a number shows, never from 0.
    assert all("0" not in name for name in seat_names(game.players))


def test_a_draw_is_told_once_and_names_its_card_only_to_its_drawer():
    game = Round(PRESETS["house"], players=3, seed=5)
    before = len(game.log)
    game.apply("draw")
    drawn = game.hands[0][-1]
    for viewer in range(3):
        sentences = Voice(3, viewer=viewer).tell(PlayerView(game, viewer).log[before:])
        assert len(sentences) == 1, sentences  # one draw, one sentence
        if viewer == 0:
            assert sentences == [f"You draw {Voice(3).tell([Drew(0, drawn)])[0].split('draws ')[1]}"]
            assert named_cards(sentences[0]) == {drawn}
        else:
            assert sentences == ["South draws a card."]


def test_a_penalty_names_its_cards_only_to_the_player_who_takes_them():
    taken = tuple(DECK[:2])
    assert Voice(2, viewer=1).event(Took(1, taken)) == "You pick up the Ace of spades and the 2 of spades."
    assert Voice(2, viewer=0).event(Took(1, ("?", "?"))) == "North picks up 2 cards."


def scenario_refusals():
    for path in scenario_files([SUITE]):
        for item in json.loads(path.read_text(encoding="utf-8")):
            for refused in item.get("refused", []):
                yield item, refused


REFUSALS = list(scenario_refusals())


def test_the_suite_has_refusals_to_word():
    assert len(REFUSALS) >= 90
    rules = {ruling for ruling in {_ruling(item, refused).rule for item, refused in REFUSALS}}
    assert len(rules) >= 15  # the refusals exercise most of the rules, not one sentence


def _ruling(item, refused):
    game = read_position(read_rules(item["rules"]), item["position"])
    return game.ruling(refused)


@pytest.mark.parametrize("item, refused", REFUSALS, ids=[f"{item['name']}: {text}" for item, text in REFUSALS])
def test_every_refusal_in_the_suite_says_in_plain_words_why(item, refused):
    ruling = _ruling(item, refused)
    assert not ruling.legal
    sentence = Voice(len(item["position"]["hands"]), viewer=0).ruling(ruling)
    if ruling.rule is Rule.NOT_AN_ACTION:
        return  # text that is not an action: the notation's own error quotes what was typed
    assert sentence.endswith("."), sentence
    assert not ENGINE_WORDS.search(sentence), sentence
    # It says what would have been allowed or what is missing, not only that it is refused.
    assert ":" in sentence or ";" in sentence, sentence


def test_a_pick_refusal_says_which_cards_answer_it():
    game = read_position(PRESETS["house"], {"hands": ["5♥ K♣", "Q♠"], "pile": "6♦ 2♦", "marker": "6♦", "pending": 2})
    sentence = Voice(2, viewer=0).ruling(game.ruling("play 5♥"))
    assert "only another 2" in sentence and "the Ace of spades" in sentence
    uganda = read_position(PRESETS["uganda"], {"hands": ["5♥ 2♣", "Q♠"], "pile": "6♦ 2♦", "marker": "3♠", "pending": 2})
    sentence = Voice(2, viewer=0).ruling(uganda.ruling("play 5♥"))
    assert "a red 2" in sentence, sentence  # compared by colour: only a red pick card answers a red 2


def random_rulesets():
    yield from (PRESETS[name] for name in sorted(PRESETS))
    yield with_switches(PRESETS["uganda"], {"jokers": True})
    yield with_switches(PRESETS["house"], {"jokers": True})
    yield with_switches(PRESETS["bomb"], {"decks": 2})


RULESETS = list(random_rulesets())


def seen_by(game: Round, viewer: int, upto: int) -> set:
    """Every card ``viewer`` has seen by the ``upto``-th record, read from the whole log independently
    of the views: its own deal and draws, every card laid, the opening card and the marker."""
    seen = set()
    dealt = Round(game.rules, game.players, game.seed)
    seen.update(dealt.hands[viewer])
    for event in game.log[:upto]:
        if event.__class__ in (Opened, BaseShown, CutterShown, Returned):
            seen.add(event.card)
            if event.__class__ in (BaseShown, CutterShown):  # which seven is the chopper is the table's knowledge
                seen.add(DECK[event.card.suit * 13 + 6])
        elif event.__class__ is Acted and event.action.card is not None:
            seen.add(event.action.card)
        elif event.__class__ is Drew and event.seat == viewer and event.card is not None:
            seen.add(event.card)
        elif event.__class__ is Took and event.seat == viewer:
            seen.update(event.cards)
        elif event.__class__ is Ended:  # every hand is shown and counted
            seen.update(card for hand in game.hands for card in hand)
    return seen


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(RULESETS))), st.integers(2, 6), st.integers(0, 10**6))
def test_no_sentence_for_a_viewer_names_a_card_the_viewer_could_not_see(which, players, seed):
    rules = RULESETS[which]
    game = Round(rules, players, seed)
    chooser = random.Random(seed)
    for _ in range(300):
        if game.over:
            break
        legal = game.legal_actions()
        plays = [action for action in legal if action.kind in ("play", "cut")]
        game.apply(chooser.choice(plays) if plays and chooser.random() < 0.8 else chooser.choice(legal))
    for viewer in range(players):
        voice = Voice(players, viewer=viewer)
        view = PlayerView(game, viewer)
        previous = None
        for index, event in enumerate(view.log):
            sentence = voice.event(event, previous) or ""
            previous = event
            unseen = named_cards(sentence) - seen_by(game, viewer, index + 1)
            assert not unseen, (sentence, [CARD_NAMES[card] for card in unseen])
            assert not any(symbol in sentence for symbol in SUIT_SYMBOLS), sentence


def test_an_action_sentence_uses_the_viewer_and_the_seat_names():
    voice = Voice(4, viewer=2)
    assert voice.action(2, parse_action("play 8♣")) == "You play the 8 of clubs."
    assert voice.action(1, parse_action("cut 7♦")) == "West cuts with the 7 of diamonds."
    assert Voice(2, names=["Amina", "Okello"], viewer=1).action(0, "play 8♣") == "Amina plays the 8 of clubs."


def test_every_setting_and_every_value_has_words_without_engine_words():
    from matatu_learn.engine.rules import CHOICES, SWITCH_NAMES
    from matatu_learn.teaching.voice import CHOICE_WORDS, SETTING_WORDS, inactive_words, value_words

    assert set(SETTING_WORDS) == set(SWITCH_NAMES)
    for name, values in CHOICES.items():
        assert set(CHOICE_WORDS[name]) == set(values), name
    for rules in RULESETS:
        for name in SWITCH_NAMES:
            words = [*SETTING_WORDS[name], value_words(name, getattr(rules, name))]
            assert not any(ENGINE_WORDS.search(word) for word in words), (name, words)
        for reason in inactive_words(rules).values():
            assert not ENGINE_WORDS.search(reason), reason
