"""The computer players: legal moves only, nothing hidden reached, decisions whose public words give
nothing away, a reading of the log that agrees with the round, and searches that find what a table
would call obvious."""

import random
import re

import pytest

from conftest import everything_shown
from matatu_learn.agents.choices import AGENT_CHOICES, agent_spec, make_agent
from matatu_learn.agents.dealer import Dealer, misses
from matatu_learn.agents.decisions import Aside, Decision, Motive
from matatu_learn.agents.heuristic import HeuristicAgent
from matatu_learn.agents.reading import beliefs, read_log
from matatu_learn.agents.search import CUT_BOOST, SEARCH_SAMPLES, WIDE_BOOST, SearchAgent, search_candidates
from matatu_learn.agents.simulate import simulate
from matatu_learn.engine.actions import CUT, PICK, PLAY
from matatu_learn.engine.cards import ACE, DECK, RANK_OF, SPADES, SUIT_OF, parse_card, parse_cards
from matatu_learn.engine.errors import MatatuError
from matatu_learn.engine.events import Acted
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS, with_switches
from matatu_learn.engine.view import PlayerView
from matatu_learn.teaching.voice import Voice, card_words, decision_words

RULESETS = [
    pytest.param(with_switches(rules, {"jokers": jokers}), id=f"{name}-{'jokers' if jokers else 'classic'}")
    for name, rules in PRESETS.items()
    for jokers in (False, True)
]
NOTATION = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|RJ|BJ|[♠♥♦♣]")


def quick_search(seed):
    """A search with few imagined deals: the same code as every level, quicker."""
    return SearchAgent(1, seed, samples=4)


def agents_for(seed):
    return [make_agent("random", seed), make_agent("heuristic", seed), quick_search(seed)]


def positions(rules, count, seed):
    """Rounds part-way through, 2 to 4 players, reached by random play; the seat to move decides next."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        players = rng.choice((2, 3, 4))
        game = Round(rules, players, seed=rng.randrange(2**32), leader=rng.randrange(players))
        mover = make_agent("random", rng.randrange(2**32))
        for _ in range(rng.randrange(60)):
            if game.over:
                break
            game.apply(mover.choose(PlayerView(game, game.to_move)))
        if not game.over:
            found.append(game)
    return found


def named_cards(text):
    """The cards a sentence names, in words."""
    return {card for card in DECK if card_words(card) in text}


def table_voice(view):
    """The voice of another seat at the table: it hears only what the table may hear."""
    return Voice(view.players, viewer=(view.seat + 1) % view.players)


def heard(decision, view):
    """What the table hears of a decision."""
    return decision_words(table_voice(view), decision, private=False)


def hint(decision, view):
    """What the deciding seat hears of its own decision (a learner's hint)."""
    return decision_words(Voice(view.players, viewer=view.seat), decision, private=True)


@pytest.mark.parametrize("rules", RULESETS)
def test_agents_choose_only_legal_actions_and_leave_the_round_alone(rules):
    for number, game in enumerate(positions(rules, 25, seed=hash(rules) % 1000)):
        before = game.snapshot()
        view = PlayerView(game, game.to_move)
        for agent in agents_for(number):
            action = agent.choose(view)
            assert action in game.legal_actions(), (agent.name, str(action))
            assert game.snapshot() == before, f"{agent.name} changed the round it was shown"


@pytest.mark.parametrize("rules", RULESETS)
def test_decide_gives_the_same_action_as_choose_and_words_that_show_nothing_hidden(rules):
    for number, game in enumerate(positions(rules, 12, seed=7 + hash(rules) % 1000)):
        view = PlayerView(game, game.to_move)
        laid = set(view.pile) | ({view.marker} if view.marker is not None else set())
        for fast, slow in zip(agents_for(number), agents_for(number), strict=True):
            decision = slow.decide(view)
            assert isinstance(decision, Decision) and decision.seat == view.seat
            assert decision.action is fast.choose(view), slow.name
            for words in (heard(decision, view), hint(decision, view)):
                assert words.startswith("I ") and words.endswith(".") and "\n" not in words, words
                assert not NOTATION.findall(words) and "None" not in words, words
                # Only cards this seat could see: its hand (in the hint), the pile, the marker.
                assert named_cards(words) <= laid | set(view.hand), f"{slow.name}: {words}"


def hidden_twin(game, seat, rng):
    """The same round as ``seat`` sees it, with the cards it cannot see dealt differently."""
    twin = game.copy()
    others = [other for other in range(game.players) if other != seat]
    hidden = [card for other in others for card in twin.hands[other]] + twin.stock
    rng.shuffle(hidden)
    twin.replace_hidden({other: [hidden.pop() for _ in game.hands[other]] for other in others}, hidden)
    return twin


@pytest.mark.parametrize("rules", RULESETS)
def test_agents_decide_alike_whatever_the_cards_they_cannot_see(rules):
    rng = random.Random(3)
    checked = 0
    for number, game in enumerate(positions(rules, 10, seed=11 + hash(rules) % 1000)):
        seat = game.to_move
        twin = hidden_twin(game, seat, rng)
        if [twin.hands[other] for other in range(game.players) if other != seat] == [
            game.hands[other] for other in range(game.players) if other != seat
        ]:
            continue
        view, twin_view = PlayerView(game, seat), PlayerView(twin, seat)
        assert everything_shown(view) == everything_shown(twin_view)
        for first, second in zip(agents_for(number), agents_for(number), strict=True):
            assert first.decide(view) == second.decide(twin_view), first.name
        checked += 1
    assert checked >= 8


def test_the_heuristic_ace_names_the_suit_it_holds_most_of():
    rules = PRESETS["house"]
    game = Round.from_position(
        rules,
        [parse_cards("A♣ 5♥ 9♥ K♥ 4♠"), parse_cards("3♦ 8♦ J♠")],
        pile=parse_cards("10♦"),
        marker=parse_card("6♣"),
    )
    view = PlayerView(game, 0)
    decision = HeuristicAgent().decide(view)
    assert str(decision.action) == "play A♣ ♥" and decision.motive is Motive.WILD
    assert Aside.SUIT_HELD_MOST in decision.asides
    assert hint(decision, view) == (
        "I play the Ace of clubs and name hearts: nothing else fits; hearts is the suit I hold most of."
    )
    # The table hears the move, not what it says of the hand.
    assert heard(decision, view) == "I play the Ace of clubs and name hearts."


@pytest.mark.parametrize("rules", RULESETS)
def test_whenever_the_heuristic_names_a_suit_it_names_one_it_holds_most_of(rules):
    named = 0
    for game in positions(rules, 150, seed=5):
        view = PlayerView(game, game.to_move)
        action = HeuristicAgent().choose(view)
        if action.kind is PLAY and action.suit is not None:
            # What follows a named suit is a card of it; Aces and jokers follow anything.
            rest = [card for card in view.hand if card != action.card and SUIT_OF[card] >= 0 and RANK_OF[card] != ACE]
            if rest:
                counts = [sum(SUIT_OF[card] == suit for card in rest) for suit in range(4)]
                assert counts[action.suit] == max(counts), (view.hand, str(action))
                named += 1
    assert named, "no position had the heuristic name a suit"


def test_search_plays_its_last_card():
    game = Round.from_position(
        PRESETS["house"], [parse_cards("K♠"), parse_cards("3♦ 8♦ J♣")], pile=parse_cards("9♠"), marker=parse_card("6♦")
    )
    view = PlayerView(game, 0)
    decision = SearchAgent(seed=1).decide(view)
    assert str(decision.action) == "play K♠" and decision.motive is Motive.LAST_CARD
    assert heard(decision, view) == hint(decision, view) == "I play the King of spades: it is my last card."


def deals_tried(samples, candidates):
    """The imagined deals a search with ``samples`` tries on these candidates."""
    # A possible cut, or a choice among several cards, is searched on more deals.
    boost = CUT_BOOST if any(action.kind is CUT for action in candidates) else 1
    samples = round(samples * max(boost, WIDE_BOOST if len(candidates) > 2 else 1))
    # Two candidates share every deal. With more, the two finalists are judged on all the deals
    # they were played on: the first half, where every candidate is tried, and their share of the rest.
    first = samples // 2
    return samples if len(candidates) == 2 else first + (samples - first) * len(candidates) // 2


def test_search_takes_a_cut_that_cannot_lose():
    # House: 7♦ is the chopper; 9 is left after the cut, and any seven cards weigh at least 24.
    game = Round.from_position(
        PRESETS["house"],
        [parse_cards("7♦ 4♦ 5♦"), parse_cards("K♠ Q♠ J♠ 10♠ 9♠ 8♠ K♥")],
        pile=parse_cards("9♦"),
        marker=parse_card("6♦"),
    )
    view = PlayerView(game, 0)
    assert {action.kind for action in view.legal} >= {CUT, PLAY}
    decision = SearchAgent(seed=2, samples=30).decide(view)
    assert str(decision.action) == "cut 7♦" and decision.motive is Motive.SEARCH
    # A move where a cut is possible is searched on more deals, and the words quote those tried.
    deals = deals_tried(30, search_candidates(view, view.legal))
    assert deals > 30 and decision.numbers["deals"] == deals and decision.numbers["share"] == 1.0
    found = re.fullmatch(
        r"I cut with the 7 of diamonds: it won 100% of the (\d+) imagined deals I tried; \w+ .*won \d+%\.",
        hint(decision, view),
    )
    assert found and int(found[1]) == deals, hint(decision, view)


def test_search_answers_a_pick_rather_than_take_four():
    # Party: picks add up; 2♥ passes the debt on as six, which the other player cannot answer
    # (the other 2s are on the pile), while picking up takes four.
    game = Round.from_position(
        PRESETS["party"],
        [parse_cards("2♥ K♠ 9♣ Q♦ 8♥"), parse_cards("4♠ 5♠ 6♣ J♦ 10♥ 3♣")],
        pile=parse_cards("2♠ 9♠ 2♦ 5♣ 2♣"),
        pending=4,
    )
    view = PlayerView(game, 0)
    assert [str(action) for action in view.legal] == ["play 2♥", "pick"]
    for seed in range(3):
        decision = SearchAgent(seed=seed, samples=40).decide(view)
        words = heard(decision, view)
        assert str(decision.action) == "play 2♥" and str(decision.runner_up) == "pick", words
        assert "picking up 4 cards won" in words


def test_search_sentences_report_what_it_found():
    shown = 0
    for number, game in enumerate(positions(PRESETS["uganda"], 12, seed=12)):
        view = PlayerView(game, game.to_move)
        decision = SearchAgent(seed=number, samples=10).decide(view)
        reason = heard(decision, view)
        # Said at the table, the words name no card in hand but the one laid.
        laid = decision.action.card
        assert named_cards(reason) & set(view.hand) <= ({laid} if laid is not None else set()), reason
        found = re.fullmatch(
            r"I .+: it won (\d+)% of the (\d+) imagined deals I tried; .+ won (\d+)%(, too close to call, .+)?\.",
            reason,
        )
        if found is None:
            assert decision.motive is not Motive.SEARCH, reason
            continue
        chosen, deals, runner, close = int(found[1]), int(found[2]), int(found[3]), found[4]
        assert deals == decision.numbers["deals"]
        assert deals == deals_tried(10, search_candidates(view, view.legal))
        # The chosen move did at least as well, or the difference was within the noise and it kept the heuristic's.
        assert runner > chosen if close else chosen >= runner, reason
        shown += 1
    assert shown >= 3


@pytest.mark.parametrize("spec", ["genius", "search:4", "search:0", "search:", "random,heuristic", ""])
def test_bad_specs_are_refused_with_one_sentence(spec):
    with pytest.raises(MatatuError) as refused:
        make_agent(spec)
    message = str(refused.value)
    assert message == (
        f"'{spec}' is not an agent: choose one of random, heuristic, search:1, search:2, search:3, or search (level 2)."
    )


def test_every_choice_makes_the_agent_it_names():
    assert list(AGENT_CHOICES) == ["random", "heuristic", "search:1", "search:2", "search:3"]
    for spec in AGENT_CHOICES:
        assert make_agent(spec).name == spec
    assert make_agent("search").name == "search:2" == agent_spec(" Search ")
    assert "level 2" in AGENT_CHOICES["search:2"] and "(the default)" in AGENT_CHOICES["search:2"]


@pytest.mark.parametrize("level", SEARCH_SAMPLES)
def test_the_seat_menu_and_the_search_hint_quote_the_same_imagined_deals(level):
    # The menu gives the level's deals and says a cut or a wide choice gets more; a hint quotes
    # the deals actually tried, which are the level's on a choice between two moves.
    samples = SEARCH_SAMPLES[level]
    assert (
        f"tries {samples} imagined deals a move, more where a cut is possible or several cards fit"
        in (AGENT_CHOICES[f"search:{level}"])
    )
    game = Round.from_position(
        PRESETS["party"],
        [parse_cards("2♥ K♠ 9♣ Q♦ 8♥"), parse_cards("4♠ 5♠ 6♣ J♦ 10♥ 3♣")],
        pile=parse_cards("2♠ 9♠ 2♦ 5♣ 2♣"),
        pending=4,
    )
    view = PlayerView(game, 0)
    agent = make_agent(f"search:{level}", seed=level)
    agent.samples = 8  # the same code path with few deals: only the count quoted is checked against it
    decision = agent.decide(view)
    assert decision.numbers["deals"] == 8
    assert "of the 8 imagined deals I tried" in heard(decision, view)


def test_a_pick_sentence_counts_the_cards():
    game = Round.from_position(
        PRESETS["house"],
        [parse_cards("K♠ 9♣"), parse_cards("4♠ 5♠")],
        pile=parse_cards("2♣"),
        marker=parse_card("6♦"),
        pending=2,
    )
    view = PlayerView(game, 0)
    assert [action.kind for action in view.legal] == [PICK]
    for agent in agents_for(0):
        decision = agent.decide(view)
        assert decision.motive is Motive.ONLY_MOVE and decision.numbers["pending"] == 2
        assert heard(decision, view) == "I pick up 2 cards: it is my only legal move."


def test_the_search_drops_only_moves_that_do_no_better():
    # Uganda, joker mode: the A♠ answers a pick naming ♠, though the seat holds no other ♠.
    rules = with_switches(PRESETS["uganda"], {"jokers": True})
    game = Round.from_position(
        rules,
        [parse_cards("A♠ K♥ 9♥ 4♦"), parse_cards("5♣ 6♣ 8♦")],
        pile=parse_cards("10♣ 2♣"),
        marker=parse_card("6♦"),
        pending=2,
    )
    view = PlayerView(game, 0)
    legal = [str(action) for action in view.legal]
    assert legal == ["play A♠ ♠", "pick"]
    assert [str(action) for action in search_candidates(view, view.legal)] == legal
    # House: an Ace names the suits held; passing without drawing is left to drawing.
    game = Round.from_position(
        PRESETS["house"],
        [parse_cards("A♣ 5♥ 9♥ 4♠"), parse_cards("3♦ 8♦ J♠")],
        pile=parse_cards("10♦"),
        marker=parse_card("6♣"),
    )
    view = PlayerView(game, 0)
    assert [str(action) for action in view.legal] == [
        "play A♣ ♠",
        "play A♣ ♥",
        "play A♣ ♦",
        "play A♣ ♣",
        "draw",
        "pass",
    ]
    assert [str(action) for action in search_candidates(view, view.legal)] == ["play A♣ ♠", "play A♣ ♥", "draw"]


@pytest.mark.parametrize("name", PRESETS)
def test_a_round_with_every_kind_of_agent_ends(name):
    seen = []
    report = simulate(
        PRESETS[name],
        3,
        1,
        seed=4,
        agent_names=["search:1", "heuristic", "random"],
        on_round=lambda game, _: seen.append(game),
    )
    assert report["games"] == 1 and seen[0].over
    assert "search:1" in report["move_ms"] and set(report["move_ms"]) <= {"search:1", "heuristic", "random"}


def south_turns(name, rounds=25):
    """Two-player heuristic rounds of a preset: (round number, round, South's view) at each of South's turns."""
    for number in range(rounds):
        game = Round(PRESETS[name], 2, seed=number, leader=number % 2)
        agent = HeuristicAgent()
        views = [PlayerView(game, 0), PlayerView(game, 1)]
        while not game.over and len(game.history) < 300:
            if game.to_move == 0:
                yield number, game, views[0]
            game.apply(agent.choose(views[game.to_move]))


def south_then_west(west):
    """House, two players, 5♥ on the pile: South lays 6♥ and it is West's turn with ``west``."""
    game = Round.from_position(
        PRESETS["house"], [parse_cards("6♥ 3♠ 9♦"), parse_cards(west)], pile=parse_cards("5♥"), marker=parse_card("10♣")
    )
    game.apply("play 6♥")
    return game


def test_the_search_rejects_imagined_hands_that_do_not_explain_a_recent_move():
    # West held K♥ 4♥ 9♣ on 6♥ and laid the K♥ (the heaviest heart). An imagined hand with a
    # 2♥ in it would have laid the 2♥ (a pick, and heavier), so it does not explain the move.
    game = south_then_west("K♥ 4♥ 9♣")
    assert str(HeuristicAgent().choose(PlayerView(game, 1))) == "play K♥"
    game.apply("play K♥")
    view = PlayerView(game, 0)
    reading = read_log(view)
    [move] = reading.moves
    assert (str(move.action), move.seat, move.table.top) == ("play K♥", 1, parse_card("6♥"))
    assert misses(view, reading.moves, game.hands, random.Random(0)) == 0
    assert misses(view, reading.moves, [game.hands[0], parse_cards("2♥ 9♣")], random.Random(0)) == 1
    assert misses(view, reading.moves, [game.hands[0], parse_cards("3♥ 9♣")], random.Random(0)) == 0
    # Cards laid since, or on the pile then, come back only through a reshuffle and a draw.
    assert misses(view, reading.moves, [game.hands[0], parse_cards("K♥ 9♣")], random.Random(0)) == 1
    assert misses(view, reading.moves, [game.hands[0], parse_cards("6♥ 9♣")], random.Random(0)) == 1


def test_a_suit_named_with_an_ace_is_read_as_the_suit_its_player_holds():
    game = south_then_west("A♣ 4♠ 9♠ 3♥")
    game.apply("play A♣ ♠")
    reading = read_log(PlayerView(game, 0))
    assert reading.named == {1: SPADES}


@pytest.mark.parametrize("name", PRESETS)
def test_the_recent_moves_rebuilt_from_the_log_are_what_the_true_hands_explain(name):
    # Rebuilt wrongly (the wrong top card, suit or hand), the true hands would explain few moves.
    checked = missed = 0
    for number, game, south in south_turns(name):
        # Moves with cards taken since are checked on a guess of which cards those were.
        moves = [move for move in read_log(south).moves if not move.taken]
        checked += len(moves)
        missed += misses(south, moves, game.hands, random.Random(number))
    assert checked > 100 and missed <= 0.1 * checked, (checked, missed)


def test_a_move_before_a_draw_is_checked_on_a_guess_of_the_card_drawn():
    # West lays K♥ on 6♥, South lays K♠, and West, with 4♥ 9♣ and nothing that fits, draws.
    game = Round.from_position(
        PRESETS["house"],
        [parse_cards("6♥ K♠ 9♦ 3♦"), parse_cards("K♥ 4♥ 9♣")],
        pile=parse_cards("5♥"),
        marker=parse_card("10♣"),
        stock=parse_cards("5♦ Q♣ J♦"),
    )
    for action in ("play 6♥", "play K♥", "play K♠", "draw"):
        if game.to_move == 1:
            assert str(HeuristicAgent().choose(PlayerView(game, 1))) == action
        game.apply(action)
    view = PlayerView(game, 0)
    assert game.to_move == 0 and len(game.hands[1]) == 3
    moves = read_log(view).moves
    assert [(str(move.action), move.taken) for move in moves] == [("play K♥", 1), ("draw", 1)]
    rng = random.Random(5)

    def missed(west):
        return sum(misses(view, moves, [game.hands[0], parse_cards(west)], rng) for _ in range(600)) / 600

    # Which of West's three cards was drawn is a guess: a hand explains the K♥ only if its 2♥
    # (which the heuristic would have laid instead) was the card drawn, one guess in three; and
    # explains the draw only if its 8♠ (which fitted K♠) was.
    assert missed("4♥ 9♣ 5♦") == 0
    assert 0.6 < missed("2♥ 9♣ 5♦") < 0.74
    assert 0.6 < missed("4♥ 9♣ 8♠") < 0.74


@pytest.mark.parametrize("decks", [1, 2])
def test_imagined_deals_deal_every_hidden_card_and_keep_every_size(decks):
    # With two decks a card may be hidden twice: both copies are dealt somewhere.
    game = Round(with_switches(PRESETS["house"], {"decks": decks}), 3, seed=4)
    agent = HeuristicAgent()
    for _ in range(15):
        game.apply(agent.choose(PlayerView(game, game.to_move)))
    view = PlayerView(game, game.to_move)
    others = [seat for seat in range(3) if seat != view.seat]
    hidden = sorted([*game.stock, *(card for seat in others for card in game.hands[seat])])
    rng = random.Random(1)
    dealer = Dealer(view, rng, beliefs(view, read_log(view)))
    dealt = [dealer.deal(rng) for _ in range(20)]
    for deal in dealt:
        assert deal.hands[view.seat] == game.hands[view.seat] and deal.pile == game.pile
        assert [len(hand) for hand in deal.hands] == [len(hand) for hand in game.hands]
        assert len(deal.stock) == len(game.stock)
        assert sorted([*deal.stock, *(card for seat in others for card in deal.hands[seat])]) == hidden
    assert len({tuple(deal.hands[others[0]]) for deal in dealt}) > 10  # dealt afresh each time


@pytest.mark.parametrize("name", PRESETS)
def test_a_draw_is_checked_by_the_cards_that_fitted_as_the_heuristic_would_judge_it(name):
    # The shortcut for a draw (no card that fitted, and no chopper to weigh) agrees with asking the heuristic.
    rng = random.Random(3)
    compared = missed = 0
    for _, game, south in south_turns(name):
        for move in [move for move in read_log(south).moves if move.fits is not None]:
            west = rng.sample(south.unseen_cards(), len(game.hands[1]))
            hands = [game.hands[0], west]
            guess = rng.random()  # the same guess of the card drawn, both ways
            quick = misses(south, [move], hands, random.Random(guess))
            move.fits = None
            asked = misses(south, [move], hands, random.Random(guess))
            assert quick == asked, (str(move.action), west)
            compared += 1
            missed += asked
    assert compared > 20 and 0 < missed < compared, (compared, missed)


def table_before_each_action(game):
    """Replay a round from its seed: the table the seat to move faced before each action."""
    replay = Round(game.rules, game.players, game.seed, game.leader)
    tables = []
    for action in game.history:
        tables.append(
            (
                replay.to_move,
                replay.top,
                replay.named_suit,
                replay.colour,
                replay.free,
                replay.pending,
                replay.direction,
                replay.has_drawn,
            )
        )
        replay.apply(action)
    return tables


@pytest.mark.parametrize("rules", RULESETS)
def test_the_reading_takes_the_table_each_action_was_made_on_as_the_round_had_it(rules):
    rng = random.Random(hash(rules) % 1000)
    checked = 0
    for _ in range(6):
        players = rng.choice((2, 3, 4))
        game = Round(rules, players, seed=rng.randrange(2**32), leader=rng.randrange(players))
        agent = make_agent("random", rng.randrange(2**32))
        for _ in range(rng.randrange(20, 200)):
            if game.over:
                break
            game.apply(agent.choose(PlayerView(game, game.to_move)))
        view = PlayerView(game, rng.randrange(players))
        acted = [event for event in view.log if event.__class__ is Acted]
        read = [
            (event.seat, event.top, event.suit, event.colour, event.free, event.pending, event.direction, event.drawn)
            for event in acted
        ]
        assert read == table_before_each_action(game)
        # Every move the reading keeps to check is one of those records, as the log has it.
        for move in read_log(view).moves:
            assert any(move.table is event for event in acted) and move.seat != view.seat
            checked += 1
    assert checked


@pytest.mark.parametrize("name", PRESETS)
def test_what_another_seat_hears_of_a_decision_names_no_card_still_in_the_agents_hand(name):
    private_heard = 0
    for number, game in enumerate(positions(PRESETS[name], 40, seed=21)):
        view = PlayerView(game, game.to_move)
        for agent in (HeuristicAgent(), SearchAgent(1, number, samples=4)):
            decision = agent.decide(view)
            kept = set(view.hand) - {decision.action.card}
            for other in range(view.players):
                if other == view.seat:
                    continue
                words = decision_words(Voice(view.players, viewer=other), decision, private=False)
                assert not named_cards(words) & kept, words
                assert "hold most of" not in words and "my chopper" not in words, words
            own = hint(decision, view)
            assert decision.may_hear_all(view.seat) and not decision.may_hear_all(None)
            if decision.private:
                assert own != heard(decision, view)  # the hint says more than the table hears
                private_heard += 1
    assert private_heard


def test_the_heaviest_card_aside_is_only_said_when_no_card_that_fits_weighs_more():
    # The 3 of hearts is laid and the Ace of spades (15) kept: the 3 is not "my heaviest card that fits".
    game = Round.from_position(
        PRESETS["house"],
        [parse_cards("3♥ A♠ K♣"), parse_cards("K♦ Q♣ 9♠")],
        pile=parse_cards("7♥"),
        marker=parse_card("6♦"),
    )
    decision = HeuristicAgent().decide(PlayerView(game, 0))
    assert decision.action.card == parse_card("3♥")
    assert Aside.HEAVIEST_FITTING not in decision.asides
