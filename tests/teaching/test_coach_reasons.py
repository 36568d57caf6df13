"""The coach's reasons are true: every reason of every move it could advise, checked against the
position, on every learner's turn of every ruleset's chosen deals played by the coach's advice;
and each ruleset's chosen deals bring up that ruleset's own specials (the house deals, played by
``follow_the_coach``, a pick, a jump, an Ace and a cut, and the hands counted). The deals are
played here once: each advice and verdict is searched once for the module (``searched_once``)."""

import pytest
from remembered_search import remember_the_search
from test_coach import check_counting

from matatu_learn.engine.actions import CALL, CATCH, CUT, DRAW, PASS, PICK, PLAY
from matatu_learn.engine.cards import ACE, RANK_OF, SUIT_OF, parse_card, parse_cards
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, AfterDraw, CutCounts
from matatu_learn.engine.view import PlayerView
from matatu_learn.teaching.coach import (
    MOMENTS,
    RULESET_MOMENTS,
    CoachedTable,
    Reason,
    first_game_data,
    first_game_rulesets,
    first_game_seeds,
    fitting_cards,
    follow_the_coach,
    grounds,
    moments,
    why,
)
from matatu_learn.teaching.voice import card_words, count, listed

CALL_LEFT = {"warning": 2, "card": 1, "matatu": 1}
DEALS = [(ruleset, seed) for ruleset in first_game_rulesets() for seed in first_game_seeds(ruleset)]


@pytest.fixture(scope="module", autouse=True)
def searched_once():
    """The coach's advice and verdicts, each position's searched once a process (tests/remembered_search.py)."""
    with remember_the_search():
        yield


def wild(card) -> bool:
    return card.is_joker or RANK_OF[card] == ACE


def check_reason(game: Round, action) -> None:
    """The reason ``grounds`` gives for ``action`` holds in ``game`` (the real round, every hand in it)."""
    seat = game.to_move
    view = PlayerView(game, seat)
    facts = grounds(view, action)
    values = view.values
    hand = view.hand
    legal = game.legal_actions()
    plays = {legal_action.card for legal_action in legal if legal_action.kind is PLAY}
    kinds = {legal_action.kind for legal_action in legal}
    other = 1 - seat
    after = game.copy()
    after.apply(action)
    numbers = facts.numbers
    card = action.card
    reason = facts.reason
    said = f"{reason} for {action} in {[str(held) for held in hand]} on {view.top}"
    if card is not None and action.kind is PLAY and reason not in (Reason.LAST_CARD,):
        assert numbers.get("shed", values[card]) == values[card], said
    if reason is Reason.CUT:
        assert action.kind is CUT and numbers["left"] == game.total(seat) - values[card], said
        assert numbers["others"] == len(game.hands[other]), said
    elif reason is Reason.LAST_CARD:
        assert len(hand) == 1 and after.over, said
    elif reason is Reason.CANCELS_PICK:
        assert game.pending and RANK_OF[card] == ACE and not card.is_joker and after.pending == 0, said
        assert len(after.hands[seat]) == len(hand) - 1 and len(after.hands[other]) == len(game.hands[other]), said
    elif reason is Reason.ANSWERS_PICK:
        assert game.pending and after.to_move == other and after.pending == numbers["owed"], said
    elif reason is Reason.SMALLER_ANSWER:
        assert game.pending == numbers["pending"] and 0 < numbers["picked"] < numbers["pending"], said
        assert len(after.hands[seat]) == len(hand) - 1 + numbers["picked"] and after.pending == 0, said
    elif reason is Reason.EQUAL_ANSWER:
        assert game.pending and after.pending == 0 and len(after.hands[seat]) == len(hand) - 1, said
    elif reason is Reason.ATTACK:
        assert not game.pending and after.to_move == other and after.pending == numbers["owed"] > 0, said
    elif reason is Reason.AGAIN:
        assert game.players == 2 and after.to_move == seat and not after.over, said
    elif reason is Reason.WILD:
        assert wild(card), said
    elif reason is Reason.WILD_FOLLOW:
        follow = [held for held in hand if held != card and not wild(held) and SUIT_OF[held] == action.suit]
        assert wild(card) and follow and list(facts.cards) == follow, said
    elif reason is Reason.HEAVIEST:
        assert len(plays) >= 2 and values[card] == max(values[fits] for fits in plays), said
    elif reason is Reason.HEAVIEST_KEEPS_WILD:
        plain = [fits for fits in plays if not wild(fits)]
        kept = {fits for fits in plays if wild(fits)}
        assert not wild(card) and kept and set(facts.cards) == kept, said
        assert values[card] == max(values[fits] for fits in plain), said
    elif reason is Reason.ONLY_KEEPS_WILD:
        assert {fits for fits in plays if not wild(fits)} == {card}, said
        assert set(facts.cards) == {fits for fits in plays if wild(fits)} != set(), said
    elif reason is Reason.SHEDS:
        assert card in plays, said
    elif reason is Reason.DRAW_NOTHING_FITS:
        assert action.kind is DRAW and not plays and CUT not in kinds, said
    elif reason is Reason.KEEPS_CHOPPER:
        assert action.kind in (DRAW, PASS) and not plays and CUT in kinds, said
    elif reason is Reason.DRAW_THEN_LAY:
        assert action.kind is DRAW and plays and game.rules.after_draw is not AfterDraw.END, said
    elif reason is Reason.PASS_AFTER_DRAW:
        assert action.kind is PASS and view.has_drawn and plays, said
    elif reason is Reason.PASS_NOTHING_FITS:
        assert action.kind is PASS and not plays and CUT not in kinds, said
    elif reason is Reason.PASS_TAKES_ONE:
        assert action.kind is PASS and not view.has_drawn and len(after.hands[seat]) == len(hand) + 1, said
    elif reason is Reason.PICK_NOTHING_ANSWERS:
        assert action.kind is PICK and not plays and numbers["pending"] == game.pending > 0, said
    elif reason is Reason.PICK_KEEPS_ANSWER:
        assert action.kind is PICK and plays and numbers["pending"] == game.pending > 0, said
    elif reason is Reason.CALL:
        assert action.kind is CALL and view.owed_calls[seat] == action.word, said
    elif reason is Reason.CATCH:
        assert action.kind is CATCH and game.catchable == numbers["caught"] == other, said
    else:
        raise AssertionError(f"no check for {reason}")
    if facts.call is not None:
        assert action.word == facts.call and len(after.hands[seat]) == numbers["left"] == CALL_LEFT[facts.call], said
    # The words are the reason's: every figure it cites is in the sentence.
    sentence = why(view, action)
    for name in ("shed", "left"):
        if name in numbers and reason is not Reason.CUT:
            assert str(numbers[name]) in sentence, (sentence, said)


def check_options(game: Round, paragraphs: list[str]) -> None:
    """The coach's sentences about the options hold: what fits, what must be done, the chopper."""
    seat = game.to_move
    view = PlayerView(game, seat)
    legal = game.legal_actions()
    kinds = {action.kind for action in legal}
    plays = [action.card for action in legal if action.kind is PLAY]
    said = " ".join(paragraphs)
    fitting = fitting_cards(view)
    assert set(fitting) == set(plays)
    if fitting:
        verb = "fits" if len(fitting) == 1 else "fit"
        assert f"In your hand, {listed([card_words(card) for card in fitting])} {verb}." in paragraphs
    else:
        assert "Nothing in your hand fits." in paragraphs or "Nothing in your hand answers it." in paragraphs
    musts = {
        "You must pick up": PICK,
        "You must draw a card.": DRAW,
        "You must lay a card that fits.": PLAY,
        "You must cut.": CUT,
        "You must pass.": PASS,
    }
    for words, kind in musts.items():
        if words in said:
            assert kinds == {kind}, (words, legal)
    if len(kinds) == 1 and kinds != {CALL} and kinds != {CATCH}:
        assert any(words in said for words in musts), (said, legal)
    if "You can cut with " in said:
        assert CUT in kinds
    if "You hold the chopper, but " in said:
        rules = game.rules
        assert CUT not in kinds and rules.cut_limit is not None
        weight = int(said.split("adds up to ")[-1].split(":")[0])
        chopper = next(card for card in view.hand if view.is_chopper(card))
        expected = view.total() - (view.values[chopper] if rules.cut_counts is CutCounts.AFTER else 0)
        assert weight == expected > rules.cut_limit


@pytest.fixture(scope="module", params=DEALS, ids=[f"{ruleset}-{seed}" for ruleset, seed in DEALS])
def coached_deal(request, tmp_path_factory):
    """A chosen deal played by the coach's advice: the table, and each learner's turn (the round and the coach's words)."""
    ruleset, seed = request.param
    database = str(tmp_path_factory.mktemp("coach") / "coach.sqlite3")
    table = CoachedTable(seed, database=database, ruleset=ruleset)
    turns = []
    for _ in range(500):
        if table.over:
            break
        if table.computer_to_move:
            table.step()
            continue
        turns.append((table.game.copy(), table.coach_block()))
        table.act(table.advice().action)
    return ruleset, seed, table, turns


def test_every_reason_the_coach_could_give_is_true_of_the_position(coached_deal):
    _, _, table, turns = coached_deal
    assert table.over and turns
    for game, block in turns:
        for action in game.legal_actions():
            check_reason(game, action)
        check_options(game, block["paragraphs"])


def test_each_rulesets_chosen_deals_bring_up_its_own_specials(coached_deal):
    ruleset, seed, table, _ = coached_deal
    found = moments(table.game)
    assert set(RULESET_MOMENTS[ruleset]) <= found, f"{ruleset} seed {seed} shows only {sorted(found)}"
    assert table.game.rules == PRESETS[ruleset], "the deal is played under the ruleset's own rules"
    # Following the coach, every move is called good: the coach never finds fault with its own advice.
    assert table.verdicts and all(verdict.kind == "good" for verdict in table.verdicts)
    entry = next(entry for entry in first_game_data()["rulesets"][ruleset]["seeds"] if entry["seed"] == seed)
    assert entry["moves"] == len(table.game.history)
    assert entry["learner_wins"] == (0 in table.game.result.winners)


@pytest.mark.parametrize("seed", first_game_seeds())
def test_each_kept_seed_shows_a_pick_a_jump_an_ace_and_a_cut_when_the_coach_is_followed(seed, tmp_path):
    # Played by ``follow_the_coach`` (as the seed search plays them): the house deals of ``coached_deal``.
    table = follow_the_coach(seed, str(tmp_path / "coach.sqlite3"))
    assert table.over, "the coached game ends"
    found = moments(table.game)
    assert set(MOMENTS) <= found, f"seed {seed} shows only {sorted(found)}"
    # Following the coach, every move is called good.
    assert table.verdicts and all(verdict.kind == "good" for verdict in table.verdicts)
    block = table.coach_block()
    assert block["title"] == "Count the hands"
    # The counting is the engine's: every hand's cards and total, and the learner's win by the cut.
    winner = check_counting(table, block["paragraphs"])
    assert winner.startswith("You cut, so the lightest hand wins: your ")
    # What the data file says of the seed is what the game did.
    entry = next(entry for entry in first_game_data()["rulesets"]["house"]["seeds"] if entry["seed"] == seed)
    assert entry["moves"] == len(table.game.history)
    assert entry["learner_wins"] == (0 in table.game.result.winners)


def test_the_heaviest_card_is_never_said_of_a_card_an_ace_outweighs():
    # The first turn of the first chosen deal: the 3 of hearts and the Ace of spades both fit.
    game = Round.from_position(
        PRESETS["house"],
        [parse_cards("3♥ A♠ 10♦"), parse_cards("K♣ Q♣")],
        pile=parse_cards("7♥"),
        marker=parse_card("6♦"),
    )
    view = PlayerView(game, 0)
    sentence = why(view, next(action for action in view.legal if action.card == parse_card("3♥")))
    assert "heaviest" not in sentence
    assert sentence == (
        "it sheds 3 points, and it is the only card that fits besides the Ace of spades, "
        "which you keep for later: it fits anything"
    )


def test_each_ruleset_has_chosen_deals_and_its_moments():
    assert set(first_game_rulesets()) == set(RULESET_MOMENTS) == {"house", "uganda", "bomb", "party"}
    for ruleset in first_game_rulesets():
        assert len(set(first_game_seeds(ruleset))) == len(first_game_seeds(ruleset)) >= 1


def test_a_reason_cites_the_count_it_quotes():
    game = Round.from_position(
        PRESETS["bomb"], [parse_cards("RJ 4♣ 9♥"), parse_cards("K♣ Q♣")], pile=parse_cards("2♣"), pending=2
    )
    view = PlayerView(game, 0)
    action = next(action for action in view.legal if action.card == parse_card("RJ"))
    assert grounds(view, action).numbers["owed"] == 7
    assert why(view, action) == f"it adds to the pick: North owes {count(7)} instead of you"
