"""Widgets driven in plain Python: click, set values, and check what the view shows against the engine."""

import datetime
import html
import re

import pytest

from conftest import ROOT
from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.simulate import play_round
from matatu_learn.engine.cards import DECK, RANK_OF, SUIT_OF, parse_card, parse_cards
from matatu_learn.engine.frames import play_frames
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESET_TITLES, PRESETS
from matatu_learn.engine.rules_text import marker_sentence, match_sentence, rules_sections
from matatu_learn.engine.view import PlayerView, TeacherView
from matatu_learn.store.database import Store
from matatu_learn.teaching.lessons import RULESET_CHOICES, lesson_topics, ruleset_rules, step_frames
from matatu_learn.teaching.puzzles import generate_puzzle
from matatu_learn.teaching.voice import (
    SUIT_WORDS,
    Voice,
    card_name,
    card_verdict,
    card_words,
    listed,
    seat_names,
    setting_description,
    setting_title,
)
from matatu_learn.widgets import (
    CutMeter,
    DealExplorer,
    FrameStepper,
    HandView,
    HistoryBrowser,
    MatchView,
    PuzzleTrainer,
    RulesBrowser,
    RulesComparison,
    RulesetPicker,
    TableView,
    TopicLesson,
    TurnExplorer,
    card_values_html,
)
from matatu_learn.widgets.navigation import carry
from matatu_learn.widgets.puzzle_trainer import _choices, is_right
from matatu_learn.widgets.svg import card_label
from matatu_learn.widgets.views import table_html


@pytest.fixture
def database(tmp_path):
    path = tmp_path / "widgets.sqlite3"
    with Store(path) as store:
        store.publish("kampala-family", "uganda", {"cut_limit": 25, "queens_reverse": True})
        for seed in range(3):
            game = Round(PRESETS["party"], 2, seed)
            play_round(game, [make_agent("random", 0), make_agent("heuristic", 1)])
            store.record(game, "party", 1, ["random", "heuristic"])
    return path


def test_rules_browser_shows_the_generated_text_of_the_chosen_ruleset():
    browser = RulesBrowser()
    assert html.escape(rules_sections(PRESETS["house"])["The chopper"][0]) in browser.text.value
    browser.picker.value = "uganda"
    assert "a Jack reverses the order of play" in browser.text.value
    assert "base card" not in browser.text.value
    cut_limit = (
        f'<th scope="row">{setting_title("cut_limit")} '
        f'<span class="matatu-note">{html.escape(setting_description("cut_limit"))}</span></th>'
    )
    assert f"{cut_limit}<td>{PRESETS['uganda'].cut_limit}</td>" in browser.switches.value
    assert_no_switch_name_or_python_value(browser.switches.value, PRESETS["uganda"])
    assert browser.details.selected_index is None and browser.details.get_title(0) == "Its switches"


def assert_no_switch_name_or_python_value(markup, rules):
    """A page of settings names each by its title and its values in words."""
    text = re.sub(r"<[^>]+>", " ", markup)
    for name in rules.switches():
        assert "_" not in name or name not in text, name
    for python in ("None", "True", "False", "null", "<code>"):
        assert python not in markup, python


def highlighted_switches(comparison):
    """The titles of the settings whose rows are marked as differing (each row's mark and its class agree)."""
    rows = re.findall(
        r'<tr( class="matatu-differs")?><th scope="row">(<b>≠ differs:</b> )?([^<]+) <span', comparison.table.value
    )
    assert len(rows) == comparison.table.value.count('<th scope="row">') > 0
    assert all(bool(row_class) == bool(mark) for row_class, mark, _ in rows)
    return {title for row_class, _, title in rows if row_class}


def test_a_setting_without_effect_in_both_versions_is_not_a_difference(database):
    with Store(database) as store:
        store.publish("bomb-passing", "bomb", {"pick_answer": "compare", "cut_limit": 25})
    comparison = RulesComparison(database)
    comparison.picker.value = (("bomb", 1), ("bomb-passing", 1))
    # bomb adds picks up, so how a pick is answered otherwise is no difference at that table.
    assert PRESETS["bomb"].picks_add_up and PRESETS["bomb"].pick_answer != "compare"
    assert highlighted_switches(comparison) == {setting_title("cut_limit"), setting_title("cut_counts")}
    assert "(no effect: “Picks add up” is set to “on”)" in comparison.table.value
    assert_no_switch_name_or_python_value(comparison.table.value, PRESETS["bomb"])


def test_rules_comparison_highlights_exactly_the_switches_that_differ(database):
    comparison = RulesComparison(database)
    comparison.picker.value = (("uganda", 1), ("kampala-family", 1))
    assert highlighted_switches(comparison) == {setting_title("cut_limit"), setting_title("queens_reverse")}
    # Each setting is shown by its title and what it changes, never by its switch name.
    assert (
        f"<b>≠ differs:</b> {setting_title('queens_reverse')} "
        f'<span class="matatu-note">{html.escape(setting_description("queens_reverse"))}</span></th>'
        "<td>off</td><td>on</td>"
    ) in comparison.table.value
    assert_no_switch_name_or_python_value(comparison.table.value, PRESETS["uganda"])
    assert len(comparison.texts.children) == 2
    assert "worth 25 or less" in comparison.texts.children[1].value
    assert comparison.texts.get_title(1) == "kampala-family v1"


def test_history_lists_games_and_replays_them_step_by_step(database):
    browser = HistoryBrowser(database)
    assert browser.table.value.count("<tr>") == 4  # a header and three games
    assert browser.game_id.value == 3
    stepper = browser.stepper
    assert "replays exactly" in browser.stepper_box.children[0].value
    with Store(database) as store:
        record = store.game(3)
    moves = len(record.actions)
    assert (
        stepper.position == 0 and stepper.back.disabled and f"The deal: {moves} moves follow." in stepper.caption.value
    )
    assert f"step 1 of {moves + 1}" in stepper.counter.value

    def replayed(count):
        """The round after the first ``count`` recorded moves, dealt and played again apart from the widget."""
        return Round.replay(PRESETS["party"], record.players, record.seed, record.actions[:count], record.leader)

    def drawn(count):
        """The table after ``count`` moves, the cards the last move brought outlined (the new top, new cards in a hand)."""
        before, after = replayed(max(count - 1, 0)), replayed(count)
        brought = {after.top} - {before.top} if count else set()
        brought |= {card for seat in range(after.players) for card in set(after.hands[seat]) - set(before.hands[seat])}
        return table_html(TeacherView(after), changed=brought)

    stepper.next.click()
    before = replayed(0)
    assert stepper.position == 1 and record.actions[0] not in stepper.caption.value  # no notation on the page
    # Said of the seat that moved, as the teacher's view names it.
    reason = Voice(before.players).allowed(before.ruling(record.actions[0]), before.to_move)
    assert reason.startswith("South may ") and html.escape(reason) in stepper.caption.value
    assert stepper.table.value == drawn(1)
    # A draw's effect is the engine's sentence, for the seat that drew.
    draw = record.actions.index("draw", 1)
    stepper.show(draw + 1)
    # How a seat is named is the stepper's business; that a draw is told, and drawn, is the replay's.
    assert "draws a card." in stepper.caption.value
    assert stepper.table.value == drawn(draw + 1)
    stepper.back.click()
    assert stepper.position == draw and stepper.table.value == drawn(draw)
    for _ in range(moves):
        stepper.next.click()
    assert stepper.position == moves and stepper.next.disabled
    final = replayed(moves)
    assert final.over and stepper.table.value == drawn(moves)
    names = seat_names(final.players)
    points = ", ".join(f"{names[seat]} {point}" for seat, point in enumerate(record.points))
    assert f"Points: {points}." in stepper.table.value
    assert set(cards_in(stepper.table.value)) >= {str(card) for hand in final.hands for card in hand}
    stepper.restart.click()
    assert stepper.position == 0 and stepper.back.disabled


def test_history_filter_and_quick_games(database):
    browser = HistoryBrowser(database)
    browser.filter.value = "house"
    assert "No recorded games yet" in browser.table.value and browser.game_id.options == ()
    browser.quick.click()
    with Store(database) as store:
        assert len(store.games("house")) == 5
        assert all(store.replay(record.id).reproduced for record in store.games("house"))
    assert browser.table.value.count("<tr>") == 6


# ---------------------------------------------------------------- the lessons' widgets


def cards_in(markup):
    return re.findall(r'data-card="([^"]+)"', markup)


def test_every_face_up_card_has_its_identity_and_a_label_and_backs_have_none():
    game = Round(PRESETS["house"], 3, seed=5)
    view = TableView(PlayerView(game, 0))
    shown = cards_in(view.value)
    expected = {str(card) for card in game.hands[0]} | {str(game.top), str(game.marker)}
    assert set(shown) == expected
    for other in (1, 2):
        for card in game.hands[other]:
            if card not in (game.top, game.marker) and card not in game.hands[0]:
                assert str(card) not in view.value
    assert view.value.count('aria-label="a card in another hand"') == 14
    assert all(f'data-card="{name}" role="img" aria-label="' in view.value for name in shown)
    teacher = TableView(TeacherView(game))
    assert set(cards_in(teacher.value)) >= {str(card) for hand in game.hands for card in hand}


def hidden_cards(game, seat):
    """The cards a seat cannot see: the other hands and the stock, less the public top card and marker."""
    hidden = {card for other, hand in enumerate(game.hands) if other != seat for card in hand} | set(game.stock)
    return hidden - set(game.hands[seat]) - {game.top, game.marker}


@pytest.mark.parametrize("preset", ["house", "uganda", "bomb", "party"])
def test_a_table_fed_a_players_view_holds_no_hidden_card_and_a_teachers_view_every_hand(preset):
    game = Round(PRESETS[preset], 4, seed=11)
    for _ in range(6):  # a few moves in, so the pile and the hands have changed since the deal
        legal = game.legal_actions()
        game.apply(next((action for action in legal if action.kind != "cut"), legal[0]))
    assert not game.over
    for seat in range(4):
        markup = TableView(PlayerView(game, seat)).value
        labels = " ".join(re.findall(r'aria-label="([^"]*)"', markup) + re.findall(r'title="([^"]*)"', markup))
        hidden = hidden_cards(game, seat)
        assert hidden and not hidden & {parse_card(name) for name in cards_in(markup)}
        assert not [card for card in hidden if card_label(card) in labels]
        backs = sum(len(hand) for other, hand in enumerate(game.hands) if other != seat)
        assert markup.count('aria-label="a card in another hand"') == backs
        assert "You — " in markup and markup.count(" — ") == 4  # the seat's own name, and each seat labelled
    teacher = TableView(TeacherView(game)).value
    face_up = cards_in(teacher)
    for hand in game.hands:
        assert all(face_up.count(str(card)) >= 1 for card in hand)
    assert "a card in another hand" not in teacher and "You — " not in teacher and "South — " in teacher


def test_a_finished_round_shows_every_hand_to_every_seat_with_the_result():
    game = Round.from_position(
        PRESETS["party"], [parse_cards("5♣"), parse_cards("K♠ Q♠"), parse_cards("2♥ 3♥")], pile=parse_cards("4♣")
    )
    game.apply("play 5♣")
    markup = TableView(PlayerView(game, 1)).value
    assert {"K♠", "Q♠", "2♥", "3♥"} <= set(cards_in(markup)) and "a card in another hand" not in markup
    # party: every player scores their own hand; the empty hand wins.
    assert "South went out and won. Hands: South 0, You 25, East 5. Points: South 0, You 25, East 5." in markup


def test_a_table_refuses_a_round_with_a_sentence():
    with pytest.raises(TypeError, match="drawn from a view, not a Round: pass PlayerView"):
        TableView(Round(PRESETS["house"], 2, seed=1))


def test_the_marker_is_described_in_the_engine_words_and_the_chopper_named_by_the_engine():
    for preset in ("house", "uganda"):
        game = Round(PRESETS[preset], 3, seed=2)
        markup = TableView(PlayerView(game, 0)).value
        assert html.escape(marker_sentence(game.rules)) in markup
        sevens = [card for card in DECK[:52] if RANK_OF[card] == 7 and SUIT_OF[card] == SUIT_OF[game.marker]]
        assert f"is the chopper: <b>{card_name(sevens[0])}</b>" in markup
    assert "No marker card: any 7 is a chopper." in TableView(PlayerView(Round(PRESETS["bomb"], 2, 1), 0)).value


def test_hand_view_says_yes_or_why_not_for_every_card():
    game = Round.from_position(
        PRESETS["house"],
        [parse_cards("9♣ 4♦ 7♥ K♠"), parse_cards("Q♣")],
        pile=parse_cards("5♦ 9♦"),
        marker=parse_card("2♠"),
    )
    played = []
    view = HandView(game, 0, on_action=played.append)
    assert [button.button_style for button in view.buttons.values()] == ["success", "success", "", ""]
    view.buttons["K♠"].click()
    assert "✘ No" in view.message.value and "the King of spades: it does not fit" in view.message.value and played == []
    view.buttons["9♣"].click()
    assert "✔ Yes" in view.message.value and [str(action) for action in played] == ["play 9♣"]
    face = view.cards_box.children[3].children[0].value
    assert (
        'data-card="K♠"' in face
        and "opacity" in face
        and html.escape(card_verdict(game, parse_card("K♠"), Voice(2, viewer=0))[1].split(":")[0]) in face
    )


LESSON_STEPS = [
    {
        "text": "An 8 jumps.",
        "rules": "house",
        "position": {"hands": ["8♦ 4♠", "Q♣ 5♣", "K♣ 4♣"], "pile": "5♦", "marker": "5♠"},
        "actions": ["play 8♦"],
    },
    {
        "text": "A 2 on a 2 passes the pick on.",
        "rules": "house",
        "position": {"hands": ["2♦ 4♠", "2♣ 5♣", "K♣ 4♣"], "pile": "2♥", "pending": 2, "marker": "5♠"},
        "actions": ["play 2♦", "play 2♣"],
    },
]


def test_frame_stepper_walks_a_lesson_forward_and_back_with_the_engine_explanation_and_effects():
    stepper = FrameStepper([frame for step in LESSON_STEPS for frame in step_frames(step)])
    assert stepper.back.disabled and "Press Next" in stepper.caption.value and "An 8 jumps." in stepper.caption.value
    assert "step 1 of 5" in stepper.counter.value
    stepper.next.click()
    assert "South plays the 8 of diamonds." in stepper.caption.value and "West is jumped." in stepper.caption.value
    assert not re.search("[♠♥♦♣]|<code>|play 8", stepper.caption.value)  # no notation on the page
    assert (
        "Why it is allowed: South may lay the 8 of diamonds: it fits "
        "(the suit in play is diamonds and the top card is the 5 of diamonds)."
    ) in stepper.caption.value
    assert 'data-card="8♦"' in stepper.table.value and "<b>East</b> to move" in stepper.table.value
    stepper.next.click()
    assert (
        "A 2 on a 2 passes the pick on." in stepper.caption.value and "<b>South owes 2 cards</b>" in stepper.table.value
    )
    stepper.next.click()
    stepper.next.click()
    assert "West plays the 2 of clubs." in stepper.caption.value and "East now owes 2 cards." in stepper.caption.value
    assert (
        "West may lay the 2 of clubs: they owe 2 cards, and another 2 (which passes the pick on) "
        "or the Ace of spades (which cancels it) answers it."
    ) in stepper.caption.value
    assert not re.search("[♠♥♦♣]|<code>", stepper.caption.value)
    assert stepper.next.disabled and "step 5 of 5" in stepper.counter.value
    stepper.back.click()
    assert (
        "South plays the 2 of diamonds." in stepper.caption.value and "West now owes 2 cards." in stepper.caption.value
    )
    stepper.restart.click()
    assert stepper.position == 0 and 'data-card="5♦"' in stepper.table.value and "step 1 of 5" in stepper.counter.value


def test_frame_stepper_for_a_seat_hides_the_other_hands_in_every_frame():
    start = Round(PRESETS["uganda"], 3, seed=8)
    game, actions = start.copy(), []
    while not game.over and len(actions) < 20:
        action = game.legal_actions()[-1]
        actions.append(action)
        game.apply(action)
    stepper = FrameStepper(play_frames(start, actions), viewer=1)
    for position, frame in enumerate(stepper.frames):
        stepper.show(position)
        shown = {parse_card(name) for name in cards_in(stepper.table.value)}
        if frame.game.over:
            assert shown >= {card for hand in frame.game.hands for card in hand}
        else:
            assert not shown & hidden_cards(frame.game, 1), position


def test_frame_stepper_takes_one_text_per_frame():
    frames = step_frames(LESSON_STEPS[0])
    stepper = FrameStepper(frames, texts=["Before the eight.", "After the eight."])
    stepper.next.click()
    assert "After the eight." in stepper.caption.value and "An 8 jumps." not in stepper.caption.value
    with pytest.raises(ValueError, match="one text per frame: 1 texts were given for 2 frames"):
        stepper.load(frames, texts=["Only one."])


def test_stepping_never_deals_or_replays_a_round(monkeypatch, database):
    browser = HistoryBrowser(database)
    lesson = TopicLesson("special_cards", ruleset="uganda-jokers")
    calls = []

    def refuse(*args, **kwargs):
        calls.append(args)
        raise AssertionError("a step dealt or replayed a round")

    # Dealing, replaying and setting up a position all pass through these.
    monkeypatch.setattr(Round, "__init__", refuse)
    monkeypatch.setattr(Round, "_setup", refuse)
    monkeypatch.setattr(Round, "replay", classmethod(refuse))
    monkeypatch.setattr(Round, "from_position", classmethod(refuse))
    for stepper in (browser.stepper, lesson.stepper):
        last = len(stepper.frames) - 1
        assert last > 0
        for _ in range(last):
            stepper.next.click()
        shown = table_html(TeacherView(stepper.frames[last].game), changed=stepper.changed(last))
        assert stepper.position == last and stepper.table.value == shown
        stepper.back.click()
        stepper.restart.click()
        assert stepper.position == 0
    assert calls == []
    with pytest.raises(AssertionError):
        Round(PRESETS["house"], 2, seed=1)  # the guard was in place
    assert len(calls) == 1


@pytest.fixture
def page_ruleset(fresh_page):
    """A fresh page (no widget of an earlier test listens to the carried ruleset), and how to carry one."""
    return carry


@pytest.mark.parametrize("lesson", ["special_cards", "scoring"])
def test_every_lesson_topic_runs_for_every_ruleset(lesson, page_ruleset):
    view = TopicLesson(lesson)
    for key in RULESET_CHOICES:
        page_ruleset(key)
        assert [key for _, key in view.topic.options] == [key for _, key in lesson_topics(lesson, key)]
        for _, topic in view.topic.options:
            view.topic.value = topic
            frames = view.stepper.frames
            assert frames, (lesson, topic, key)  # only the topics this ruleset has are offered
            for frame in frames:
                assert frame.game.rules == ruleset_rules(key), (lesson, topic, key)
            while not view.stepper.next.disabled:
                view.stepper.next.click()
            assert view.stepper.position == len(frames) - 1


def test_deal_explorer_deals_what_the_engine_deals():
    explorer = DealExplorer("uganda", players=4, seed=12)
    game = Round(PRESETS["uganda"], 4, 12)
    assert explorer.game.snapshot() == game.snapshot()
    assert "The table is bare." in explorer.explanation.value and "4 hands of 7 cards." in explorer.explanation.value
    assert f"The stock holds {len(game.stock)} cards, face down." in explorer.explanation.value
    # The marker and the chopper are shown on the table, in the engine's words, not said twice.
    assert f"<b>Cutter: {card_name(game.marker)}</b>" in explorer.table.value
    assert "cutter" not in explorer.explanation.value
    assert set(cards_in(explorer.table.value)) >= {str(card) for hand in game.hands for card in hand}
    assert explorer.stock.value == ""  # face down until asked
    explorer.show_stock.value = True
    assert cards_in(explorer.stock.value) == [str(card) for card in reversed(game.stock)]
    explorer.players.value = 6
    assert len(explorer.game.hands) == 6
    assert len(cards_in(explorer.stock.value)) == len(explorer.game.stock)
    explorer.new_seed.click()
    assert explorer.seed.value != 12


def test_turn_explorer_shows_seat_zero_to_move_and_why_each_card_may_be_laid(page_ruleset):
    explorer = TurnExplorer("bomb")
    assert explorer.game.to_move == 0 and not explorer.game.pending
    shown = {parse_card(name) for name in cards_in(explorer.table.value)}
    assert shown == {explorer.game.top}  # the hand is drawn once: under the table, each card a button
    faces = [name for box in explorer.hand.cards_box.children for name in cards_in(box.children[0].value)]
    assert faces == [str(card) for card in explorer.game.hands[0]] == list(explorer.hand.buttons)
    assert "You cannot draw: in these rules you draw only when nothing fits" in explorer.moves.value
    party = TurnExplorer()
    page_ruleset("party")
    assert "You may pass" in party.moves.value
    hand = [str(card) for card in party.game.hands[0]]
    assert list(party.hand.buttons) == hand


def test_cut_meter_agrees_with_the_engine_and_refuses_bad_input():
    meter = CutMeter("uganda", hand="7♦ K♣ 10♥")
    assert meter.hand_text.continuous_update  # it answers as you type, not only on Enter
    assert (
        "<li>✔ You may cut with the 7 of diamonds: only the 7 of the cutter&#x27;s suit (diamonds) is the chopper, "
        "and it fits the pile; the hand counts 30 with the seven, and the limit is 30.</li>"
    ) in meter.verdict.value and meter.meter.description == "30 / 30"
    meter.hand_text.value = "7♦ K♣ J♥"
    assert (
        "<li>✘ You cannot cut with the 7 of diamonds: your hand is too heavy to cut; "
        "the hand counts 31 with the seven, and the limit is 30.</li>"
    ) in meter.verdict.value and meter.meter.bar_style == "danger"
    house = CutMeter("house", hand="7♦ K♣ J♥")
    assert house.marker_suit.description == "Suit of the base card"
    assert (
        "<li>✘ You cannot cut with the 7 of diamonds: your hand is too heavy to cut; "
        "24 would be left after the chop (the chopper not counted), and the limit is 20.</li>"
    ) in house.verdict.value
    meter.hand_text.value = "7x 9♥"
    assert "&#x27;7x&#x27; is not a card" in meter.verdict.value and meter.cards.value == ""
    meter.hand_text.value = "7♦ 7♦"
    assert "appears twice" in meter.verdict.value
    meter.hand_text.value = "K♣ 9♥"
    assert "You hold no chopper" in meter.verdict.value and meter.meter.bar_style == ""
    assert CutMeter("party").marker_suit.layout.display == "none"  # no marker card: no suit to choose


def test_match_view_plays_a_match_to_its_end_or_a_round_that_stands_alone(page_ruleset):
    view = MatchView("party", players=3, seed=4)
    assert html.escape(match_sentence(PRESETS["party"])) in view.how.value
    view.play_round.click()
    assert view.match.rounds_played == 1 and "1 round played." in view.table.value
    view.play_all.click()
    assert view.match.rounds_played == 5 and view.play_round.disabled
    assert "The match is over" in view.table.value
    uganda = MatchView()
    page_ruleset("uganda")
    assert "reaches 100 points" in uganda.how.value
    uganda.play_all.click()
    assert max(uganda.match.scores) >= 100
    house = MatchView("house")
    assert "Each round stands alone." in house.how.value and house.play_all.layout.display == "none"
    house.play_round.click()
    assert "1 round played." in house.table.value and "match" not in house.table.value
    assert "(total" not in house.table.value and house.play_round.disabled


def test_ruleset_pickers_name_each_choice_as_people_say_it():
    picker = RulesetPicker()
    labels = dict((key, label) for label, key in picker.options)
    assert list(labels) == list(RULESET_CHOICES)
    assert labels["uganda"] == "Uganda Classic" and labels["uganda-jokers"] == "Uganda Classic, joker mode"
    assert labels["bomb-classic"] == "54-card app rules, classic 52 cards"
    assert labels["house-jokers"] == "House rules with jokers"
    assert not any(PRESET_TITLES["house"] in label for label in labels.values())  # no document title
    picker.value = "bomb-classic"
    assert not picker.rules.jokers and picker.preset == "bomb"
    assert [key for _, key in RulesetPicker(modes=False).options] == ["house", "uganda", "bomb", "party"]


def test_card_values_table_holds_each_choice_values_in_its_column():
    markup = card_values_html()
    rows = {
        re.search(r"<b>(.*?)</b>", row).group(1): re.findall(r"<td>([^<]*)</td>", row)
        for row in markup.split("<tr>")[2:]
    }
    for column, key in enumerate(RULESET_CHOICES):
        values = ruleset_rules(key).card_values()
        assert rows["A♠"][column] == str(values[parse_card("A♠")]), key
        assert rows["2"][column] == str(values[parse_card("2♣")]), key
        assert rows["joker"][column] == (str(values[parse_card("RJ")]) if ruleset_rules(key).jokers else "—"), key
    assert rows["A♠"] == ["15", "15", "15", "15", "60", "15", "15"] and rows["2"][-1] == "2"


# ----------------------------------------------------------------------- puzzles

EXAMPLE_PUZZLES = ROOT / "docs" / "example-puzzles.json"
MODIFIED = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def click_answer(trainer, right):
    """Click a right or a wrong answer; False when the puzzle has no wrong answer of that kind to give."""
    puzzle = trainer.puzzle
    if puzzle.question == "which_card":
        cards = [card_name(parse_card(card)) for card in puzzle.answer["cards"]]
        wanted = set(cards or ["None of them"]) if right else None
        if not right:
            sevens = [toggle.description for toggle in trainer.toggles if toggle.description != "None of them"]
            wrong = [name for name in sevens if name not in cards]
            wanted = {wrong[0]} if wrong else ({"None of them"} if cards else None)
            if wanted is None:
                return False
        for toggle in trainer.toggles:
            toggle.value = toggle.description in wanted
        trainer.answers.children[-1].click()
        return True
    for (_, choice), button in zip(_choices(puzzle), trainer.answers.children, strict=True):
        if is_right(puzzle, choice) == right:
            button.click()
            return True
    return False


def answer_words(puzzle):
    """The answer of a puzzle in words, worked out here from its answer field."""
    answer = puzzle.answer
    if puzzle.question == "can_cut":
        return f"Yes — cut with {card_words(parse_card(answer['card']))}." if answer["can_cut"] else "No — "
    if puzzle.question == "which_card":
        if not answer["cards"]:
            return "None of them: no card can cut."
        named = listed([card_words(parse_card(card)) for card in answer["cards"]])
        return f"{named[0].upper()}{named[1:]} can cut."
    if puzzle.question == "hand_value":
        return f"Your hand is worth {answer['value']}."
    game = puzzle.game()
    return seat_names(game.players, viewer=game.to_move)[answer["winners"][0]]


def test_puzzles_answered_by_clicking_right_and_wrong():
    trainer = PuzzleTrainer("uganda", "medium", set_number=42)
    assert trainer.puzzle.to_json() == generate_puzzle("uganda", "medium", 42, 0).to_json()
    assert "Puzzle 1 of 10" in trainer.progress.value and trainer.continue_button.description == "Skip"
    assert click_answer(trainer, right=True)
    assert "✔ Right!" in trainer.feedback.value and "1 of 1" in trainer.progress.value
    assert 'class="matatu-verdict right"' in trainer.feedback.value and 'role="status"' in trainer.feedback.value
    assert html.escape(trainer.puzzle.explanation) in trainer.feedback.value
    assert all(button.disabled for button in trainer.answers.children)
    assert trainer.continue_button.description == "Continue" and not trainer.continue_button.disabled
    trainer.continue_button.click()
    assert trainer.puzzle.to_json() == generate_puzzle("uganda", "medium", 42, 1).to_json()
    assert "Puzzle 2 of 10" in trainer.progress.value
    assert click_answer(trainer, right=False)
    assert "✘ Not quite." in trainer.feedback.value and 'class="matatu-verdict wrong"' in trainer.feedback.value
    assert "1 of 2" in trainer.progress.value and "streak 0" in trainer.progress.value


@pytest.mark.parametrize("right", [True, False])
def test_feedback_marks_the_choice_and_the_right_answer_in_words_never_a_python_value(right):
    for preset, level in (("house", "easy"), ("uganda", "medium"), ("bomb", "hard")):
        trainer = PuzzleTrainer(preset, level, set_number=5)
        for _ in range(8):
            puzzle = trainer.puzzle
            if click_answer(trainer, right):
                feedback = html.unescape(re.sub(r"<style>.*?</style>", "", trainer.feedback.value, flags=re.S))
                assert "You answered:" in feedback and answer_words(puzzle) in feedback.split("The answer:")[1]
                for python in ("{", "}", "None,", "None.", "True", "False", "[", "]"):
                    assert python not in re.sub(r"<[^>]+>", "", feedback), (python, feedback)
                buttons = trainer.toggles or list(trainer.answers.children)
                ticked = [button for button in buttons if button.icon == "check"]
                crossed = [button for button in buttons if button.icon == "times"]
                assert ticked and all(button.button_style == "success" for button in ticked)
                assert bool(crossed) != right and all(button.button_style == "danger" for button in crossed)
            trainer.continue_button.click()


def test_which_card_offers_none_of_them_and_it_excludes_a_card():
    trainer = PuzzleTrainer("house", "easy", set_number=1)
    for index in range(40):
        trainer.show(generate_puzzle("house", "easy", 1, index, question="which_card"))
        if not trainer.puzzle.answer["cards"]:
            break
    else:
        pytest.fail("no which_card puzzle without a cutting card in 40")
    none, card = trainer.toggles[-1], trainer.toggles[0]
    assert none.description == "None of them" and card.description != "None of them"
    card.value = True
    none.value = True
    assert not card.value
    card.value = True
    assert not none.value
    card.value = False
    trainer.answers.children[-1].click()  # nothing chosen: told to choose, not scored
    assert "Choose an answer first." in trainer.feedback.value and trainer.asked == 0
    none.value = True
    trainer.answers.children[-1].click()
    assert "✔ Right!" in trainer.feedback.value and "None of them: no card can cut." in trainer.feedback.value


def test_a_set_of_ten_ends_with_a_score_card():
    trainer = PuzzleTrainer("party", "easy", set_number=3)
    rights = 0
    for index in range(10):
        assert f"Puzzle {index + 1} of 10" in trainer.progress.value
        if index % 3 != 2:
            rights += click_answer(trainer, right=index % 2 == 0) and index % 2 == 0
        trainer.continue_button.click()
    assert "Score card — set 3" in trainer.question.value
    assert f"{rights} of 10 right" in trainer.feedback.value and "skipped" in trainer.feedback.value
    assert trainer.answers.children == () and trainer.continue_button.disabled
    trainer.try_set.click()
    assert "Puzzle 1 of 10" in trainer.progress.value and "Score: <b>0 of 0</b>" in trainer.progress.value


def test_a_hint_speaks_of_this_position():
    trainer = PuzzleTrainer("house", "medium", set_number=9)
    for _ in range(8):
        puzzle = trainer.puzzle
        trainer.hint_button.click()
        assert html.escape(puzzle.hint) in trainer.feedback.value and "matatu-verdict hint" in trainer.feedback.value
        if puzzle.question != "hand_value":
            marker = parse_card(puzzle.position["marker"])
            chopper_suit = SUIT_WORDS[SUIT_OF[marker]]
            assert (
                f"The base card is {card_words(marker)}, so the chopper here is the 7 of {chopper_suit}." in puzzle.hint
            )
            assert "The limit is 20" in puzzle.hint
        else:
            twos = [parse_card(card) for card in puzzle.position["hands"][0].split() if card.startswith("2")]
            assert all(f"{card_words(card)} is worth 20" in puzzle.hint for card in twos)
        trainer.continue_button.click()


def test_the_table_marks_the_chopper_only_once_the_puzzle_is_answered():
    trainer = PuzzleTrainer("uganda", "easy", set_number=4)
    while trainer.puzzle.question != "can_cut":
        trainer.continue_button.click()
    assert "✂ chopper" not in trainer.table.value and "▲ play" not in trainer.table.value
    click_answer(trainer, right=True)
    chopper = "7" + trainer.puzzle.position["marker"][-1]
    if chopper in trainer.puzzle.position["hands"][0].split():
        assert re.search(rf'data-card="{chopper}"[^>]*aria-label="seven of [a-z]+, chopper', trainer.table.value)


def test_try_set_restarts_the_same_puzzles_for_everyone():
    one, two = PuzzleTrainer("bomb", "hard", 7), PuzzleTrainer("bomb", "hard", 7)
    one.continue_button.click()
    one.try_set.click()
    assert one.puzzle.to_json() == two.puzzle.to_json()
    two.set_number.value = 8
    two.try_set.click()
    assert two.puzzle.to_json() == generate_puzzle("bomb", "hard", 8, 0).to_json()


def test_a_puzzle_hides_other_hands_unless_it_asks_who_wins():
    trainer = PuzzleTrainer("house", "easy", 3)
    for _ in range(4):
        puzzle = trainer.puzzle
        game = puzzle.game()
        shown = set(cards_in(trainer.table.value))
        others = {str(card) for seat, hand in enumerate(game.hands) if seat != game.to_move for card in hand}
        others -= {str(game.top), str(game.marker)}
        if puzzle.question == "who_wins":
            assert others <= shown
        else:
            assert not (others & shown)
        trainer.continue_button.click()


def test_a_teachers_file_loads_and_a_bad_one_is_a_sentence():
    trainer = PuzzleTrainer()
    assert trainer.teachers.selected_index is None and trainer.upload in trainer.teachers.children[0].children
    assert trainer.teachers.get_title(0) == "For teachers"
    content = EXAMPLE_PUZZLES.read_bytes()
    trainer.upload.value = (
        {
            "name": "class.json",
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": MODIFIED,
        },
    )
    assert "Loaded 4 puzzles from class.json" in trainer.feedback.value
    assert trainer.puzzle.position["hands"][0] == "7♦ 7♥ 8♠"
    assert "Puzzle 1 of 4" in trainer.progress.value
    trainer.upload.value = (
        {
            "name": "bad.json",
            "type": "application/json",
            "size": 1,
            "content": memoryview(b"[1]"),
            "last_modified": MODIFIED,
        },
    )
    assert "bad.json: puzzle 1: expected an object" in trainer.feedback.value


def test_history_widgets_say_what_is_wrong_with_a_broken_database(tmp_path):
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"not a database" * 20)
    before = broken.read_bytes()
    for widget in (RulesComparison(broken), HistoryBrowser(broken)):
        message = widget.children[0].value
        assert message.startswith("<p>✘ ") and "is not a matatu-learn database" in message
    assert broken.read_bytes() == before
