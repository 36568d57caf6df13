"""The coach of a first game: one round of the learner's ruleset against one computer player, told turn by turn.

At each of the learner's turns the coach says what is happening (the card on the pile, a pick
owed, a suit named), which of the learner's cards fit, whether a cut is possible and what the
hand weighs, what the learner may do, and what it would do itself (the search player's choice
for the learner's seat). The learner chooses; the coach answers the choice: *good*, or the
better move and why, by the search's own judgement. When the round is over it counts the hands
with the learner. Every sentence is built from the voice's words, for the learner's seat only,
from what that seat may see.

The deals are chosen for each ruleset (``lesson_data/first_game.json``, found by ``find_seeds``) so
that, when the learner follows the coach, the ruleset's own specials come up (``RULESET_MOMENTS``):
house rules' pick, jump, Ace and cut; Uganda Classic's cutter and calls; the 54-card rules' joker
bomb and the Ace of spades defusing it; the party rules' picks that add up, cut and "Matatu!".
Every reason the coach gives is a fact of the position (``grounds``), worded by ``why``.

>>> import os, tempfile
>>> table = CoachedTable(first_game_seeds()[0], database=os.path.join(tempfile.mkdtemp(), "coach.sqlite3"))
>>> block = table.coach_block()
>>> block["title"], block["verdict"]
('Your first turn', None)
>>> advice = table.advice()
>>> table.act(advice.action).seat, table.coach_block()["verdict"]["kind"]
(0, 'good')

Judging a choice. The coach's verdict is the grade's (``strategy.grading``): the move is valued
with the search's candidates on the position's own imagined deals, and it is good when the grade
calls it good (it gave away less than an inaccuracy's share of a win beyond the noise). So the
coach, the graded game and the lab's review give one move one verdict. A good choice other than
the coach's own is told how the two did; any other choice is answered with the best move found,
why, and the two moves' shares of the deals.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path

from ..agents.choices import make_agent
from ..agents.decisions import Decision, Motive
from ..agents.playouts import Difference, Valuation, value_moves, wins
from ..engine.actions import CALL, CATCH, CUT, DRAW, PASS, PICK, PLAY, Action, parse_action
from ..engine.cards import ACE, JACK, RANK_OF, SUIT_OF, Card
from ..engine.events import Acted, Again, Called, Cancelled, Owes, RoundEnd, Skipped, public_event
from ..engine.round import Round
from ..engine.rules import (
    PRESETS,
    SWITCH_NAMES,
    AfterDraw,
    Calls,
    Chopper,
    CutCounts,
    CutWinner,
    JackEffect,
    Marker,
    Opening,
    PickMode,
    with_switches,
)
from ..engine.rules_text import rules_sections
from ..engine.scoring import Match
from ..engine.view import PlayerView
from ..play.protocol import Tap, TapKind
from ..play.seats import Seat
from ..play.table import Table
from ..store.registry import Registry
from ..store.roles import WriteBudget
from ..strategy.grading import DEFAULT_DEALS, GOOD, GradedDecision, error_of, label_for, valued_decision
from .lessons import RULESET_CHOICES
from .play import HUMAN, QUESTIONS, PlayError, seat_labels
from .table_facts import no_pause, set_up_screen
from .table_state import table_state
from .voice import (
    CALL_WORDS,
    RANK_WORDS,
    SUIT_WORDS,
    Voice,
    action_words,
    answers_words,
    card_words,
    count,
    listed,
)

FIRST_GAME = Path(__file__).parent / "lesson_data" / "first_game.json"
# What a first game must show when the learner follows the coach: each ruleset's own specials.
RULESET_MOMENTS = {
    "house": ("pick", "jump", "ace", "cut"),
    "uganda": ("cut", "warning", "card"),
    "bomb": ("bomb", "defuse"),
    "party": ("adds_up", "cut", "matatu"),
}
MOMENTS = RULESET_MOMENTS["house"]
# The search player whose choice is the coach's, and the deals a choice is judged on: the grade's.
ADVISER = "search:2"
JUDGE_DEALS = DEFAULT_DEALS
LEARNER = 0  # the learner sits South, seat 0, as at the Play table
LONG_GAME = 500  # moves after which a first game played by itself is given up
FIRST_RULESET = "house"


# ---------------------------------------------------------------------- the chosen deals
@cache
def first_game_data() -> dict:
    """The chosen deals: the seats, the adviser, and for each ruleset its kept seeds with their moments."""
    return json.loads(FIRST_GAME.read_text(encoding="utf-8"))


def first_game_rulesets() -> tuple[str, ...]:
    """The rulesets that have chosen deals (the four presets)."""
    return tuple(first_game_data()["rulesets"])


def coached_ruleset(choice: str) -> str:
    """The ruleset whose chosen deals a learner's ruleset choice plays: the choice's preset.

    >>> coached_ruleset("uganda-jokers"), coached_ruleset("bomb"), coached_ruleset("chess")
    ('uganda', 'bomb', 'house')
    """
    preset = RULESET_CHOICES[choice][1] if choice in RULESET_CHOICES else FIRST_RULESET
    return preset if preset in first_game_rulesets() else FIRST_RULESET


def first_game_seeds(ruleset: str = FIRST_RULESET) -> list[int]:
    """The kept seeds of a ruleset, the best first.

    >>> len(first_game_seeds()) >= 3 and all(first_game_seeds(ruleset) for ruleset in first_game_rulesets())
    True
    """
    return [entry["seed"] for entry in first_game_data()["rulesets"][ruleset]["seeds"]]


def moments(game: Round, seat: int = LEARNER) -> set[str]:
    """Which moments came up in a round, for ``seat``.

    ``pick``: somebody owed cards; ``adds_up``: a pick was answered by one that added to it;
    ``jump``: an 8 or a J jumped a player (with two, its player played again); ``ace``: an Ace
    was laid; ``bomb``: a joker made somebody owe five; ``defuse``: the Ace of spades cancelled
    a joker's pick; ``warning``, ``card``, ``matatu``: ``seat`` made that call; ``cut``:
    ``seat`` could cut at one of its turns.
    """
    found = set()
    owed = 0
    top = beneath = None  # the card on the pile, and the one it covered (a cancel follows its Ace)
    for event in game.log:
        cls = event.__class__
        if cls is Owes:
            found.add("pick")
            if owed and event.count > owed:
                found.add("adds_up")
            if top is not None and top.is_joker:
                found.add("bomb")
            owed = event.count
        elif cls is Again or cls is Skipped:
            found.add("jump")
        elif cls is Cancelled and beneath is not None and beneath.is_joker:
            found.add("defuse")
        elif cls is Called and event.seat == seat:
            found.add(event.word)
        elif cls is Acted:
            card = event.action.card
            if card is not None and RANK_OF[card] == ACE:
                found.add("ace")
            if event.action.kind in (PLAY, CUT) and card is not None:
                top, beneath = card, top
            owed = event.pending
    replay = Round(game.rules, game.players, game.seed, game.leader)
    for action in game.history:
        if replay.to_move == seat and any(legal.kind is CUT for legal in replay.legal_actions()):
            found.add("cut")
        replay.apply(action)
    return found


def follow_the_coach(
    seed: int, database=None, adviser: str = ADVISER, ruleset: str = FIRST_RULESET, judged: bool = True
) -> CoachedTable:
    """A first game played to its end by a learner who always takes the coach's advice
    (``judged`` False: the coach does not answer the moves, which is quicker)."""
    table = CoachedTable(seed, database=database, adviser=adviser, ruleset=ruleset)
    table.coach.judge_later = not judged  # a move left unjudged is never settled
    for _ in range(LONG_GAME):
        if table.over:
            break
        if table.computer_to_move:
            table.step()
        else:
            table.act(table.advice().action)
    return table


def heuristic_moments(seed: int, ruleset: str = FIRST_RULESET) -> set[str]:
    """The moments of a round dealt from ``seed`` with the heuristic in both seats: the quick first
    sieve of a seed search (a seed kept must then show its moments when the coach is followed)."""
    game = Match(PRESETS[ruleset], 2, seed).next_round()  # dealt as the table deals it
    agent = make_agent("heuristic", seed)
    for _ in range(LONG_GAME):
        if game.over:
            break
        game.apply(agent.choose(PlayerView(game, game.to_move)))
    return moments(game)


def find_seeds(seeds: Iterable[int], database=None, adviser: str = ADVISER, ruleset: str = FIRST_RULESET) -> list[dict]:
    """The seeds whose first game in ``ruleset``, played by the coach's advice, shows all its moments
    and every move of which the coach calls good.

    This made ``lesson_data/first_game.json`` (``benchmarks/first_game_seeds.py`` runs it): the
    seeds of a range were played this way, and the kept ones sorted so that the learner's own
    cards make the moments in a short round the learner wins.
    """
    kept = []
    wanted = set(RULESET_MOMENTS[ruleset])
    for seed in seeds:
        if not wanted <= moments(follow_the_coach(seed, database, adviser, ruleset, judged=False).game):
            continue
        table = follow_the_coach(seed, database, adviser, ruleset)
        game = table.game
        found = moments(game)
        # A chosen deal never has the coach find fault with its own advice (the grade and the
        # adviser can disagree on a close position): following the coach is good at every turn.
        if all(verdict.kind == "good" for verdict in table.verdicts):
            learner = table.coach.learner_actions()
            laid = [action.card for action in learner if action.card is not None]
            kept.append(
                {
                    "seed": seed,
                    "moves": len(game.history),
                    "learner_turns": len(learner),
                    "learner_ace": any(RANK_OF[card] == ACE for card in laid),
                    "learner_jump": any(RANK_OF[card] in (8, JACK) for card in laid),
                    "learner_two": any(RANK_OF[card] == 2 for card in laid),
                    "moments": sorted(found),
                    "ending": str(game.result.reason),
                    "learner_wins": LEARNER in game.result.winners,
                }
            )
    return kept


# ---------------------------------------------------------------------- the search's judgement
@dataclass(frozen=True, slots=True)
class Comparison:
    """Two moves played out on the same imagined deals: each one's wins, and the paired spread."""

    first: Action
    second: Action
    first_wins: float
    second_wins: float
    deals: int
    spread: float  # the standard error of the difference (second less first), as a share

    @property
    def first_share(self) -> float:
        return self.first_wins / self.deals

    @property
    def second_share(self) -> float:
        return self.second_wins / self.deals

    @property
    def gain(self) -> float:
        """How much more often the second move wins, as a share of the deals."""
        return self.second_share - self.first_share

    @property
    def clearly_better(self) -> bool:
        """The second move is better by an inaccuracy or more, beyond the noise: as the grade counts it."""
        return label_for(error_of(Difference(self.gain, self.spread))) != GOOD

    @classmethod
    def of(cls, valuation: Valuation, first: int, second: int) -> Comparison:
        """Two of the moves of ``valuation``, numbered ``first`` and ``second``."""
        moves, results = valuation.moves, valuation.results
        spread = valuation.difference(second, first).error
        return cls(moves[first], moves[second], wins(results[first]), wins(results[second]), valuation.deals, spread)


def compare(
    view: PlayerView, first: Action, second: Action, deals: int = JUDGE_DEALS, seed: int | None = None
) -> Comparison:
    """Play both moves out on the same imagined deals (``agents.playouts``): the position's own, or ``seed``'s.

    The deals are consistent with what the seat has seen, and weighed by what the other
    players' moves said; every rollout plays the round to its end with the heuristic in
    every seat. A win counts 1, a tie an equal share.
    """
    rng = None if seed is None else random.Random(seed)
    return Comparison.of(value_moves(view, [first, second], deals, rng), 0, 1)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The coach's answer to one of the learner's moves: ``good`` or ``better``, in words, and the grade it reads."""

    kind: str  # "good" or "better"
    text: str
    action: Action
    advice: Action
    comparison: Comparison | None = None
    grade: GradedDecision | None = None  # the grade's verdict on the move (None for the only legal move)

    def as_dict(self) -> dict:
        return {"kind": self.kind, "text": self.text}


def advise(view: PlayerView, adviser: str = ADVISER, seed: int = 0) -> Decision:
    """The coach's choice for a seat: the search player's decision, from a generator of its own."""
    return make_agent(adviser, seed).decide(view)


def judge(
    view: PlayerView,
    action: Action,
    advice: Action,
    deals: int = JUDGE_DEALS,
    seed: int = 0,
    voice: Voice | None = None,
) -> Verdict:
    """The coach's answer to the seat's ``action`` (not yet made), the coach's choice being ``advice``.

    The only legal move is good at once. Any other is graded (``grading.valued_decision``, on the
    position's own deals, whoever asks): good when the grade calls it good, else the best move
    found is the better one. ``seed`` no longer changes the deals (it stays for the table's call).
    """
    voice = voice or Voice(view.players, viewer=view.seat)
    done = voice.action(view.seat, action, owed=view.pending).rstrip(".")
    good = f"{done} — good: {why(view, action, voice)}."
    if len(view.legal) == 1:
        return Verdict("good", good, action, advice)
    grade, valuation = valued_decision(view, action, deals, number=len(view.history) + 1)
    if advice not in valuation.moves:
        # An adviser that is not the search may choose a move it does not try: valued on the same deals.
        valuation = value_moves(view, (*valuation.moves, advice), deals)
    moves = valuation.moves
    mine = moves.index(action)
    games = (
        f"In {valuation.deals} games played out from here, with {voice.seat(_other(view))}'s "
        "cards guessed from what you know"
    )
    if grade.label == GOOD:
        if action == advice:
            return Verdict("good", good, action, advice, grade=grade)
        comparison = Comparison.of(valuation, mine, moves.index(advice))
        text = (
            f"{good} The coach would {action_words(advice.text)}, "
            f"but the two did about as well: {games}, yours won {_percent(comparison.first_share)} "
            f"and the coach's {_percent(comparison.second_share)}."
        )
        return Verdict("good", text, action, advice, comparison, grade)
    comparison = Comparison.of(valuation, mine, [str(move) for move in moves].index(grade.best))
    better = comparison.second
    text = (
        f"{done}. A better move was to {action_words(better.text)}: {why(view, better, voice)}. "
        f"{games}, that move won {_percent(comparison.second_share)} of them and yours "
        f"{_percent(comparison.first_share)}."
    )
    return Verdict("better", text, action, advice, comparison, grade)


# ---------------------------------------------------------------------- the coach's words
def _suit_one(suit: int) -> str:
    """A suit as one card of it is called: 'a heart'."""
    return f"a {SUIT_WORDS[suit][:-1]}"


def _capital(text: str) -> str:
    """A sentence's first letter in capitals, the rest as it is: 'The Ace of hearts'."""
    return text[:1].upper() + text[1:]


def _rank_one(card: Card) -> str:
    """One card of this rank: 'an 8', 'a Jack', 'an Ace'."""
    word = RANK_WORDS[RANK_OF[card]]
    return f"{'an' if word[0] in 'A8' else 'a'} {word}"


def _gerund(action: Action) -> str:
    """An action as a thing done: 'laying the 5 of spades', 'drawing', 'picking up'."""
    verb, _, rest = action_words(action.text).partition(" ")
    doing = {"lay": "laying", "cut": "cutting", "draw": "drawing", "pass": "passing", "pick": "picking"}
    return f"{doing.get(verb, verb + 'ing')} {rest}".strip()


def _percent(share: float) -> str:
    return f"{share:.0%}"


def fitting_cards(view: PlayerView) -> list[Card]:
    """The cards of the learner's hand that can be laid now (cuts apart), in hand order."""
    laid = {action.card for action in view.legal if action.kind is PLAY}
    return [card for card in view.hand if card in laid]


def _other(view: PlayerView) -> int:
    """The other seat at a table of two."""
    return (view.seat + 1) % view.players


# ---------------------------------------------------------------------- the coach's reasons, as facts
class Reason(StrEnum):
    """Why a move is worth making: each kind states facts of the position (``Grounds.numbers``)."""

    CUT = "cut"  # left: the hand's weight after the chop; others: the other player's card count
    LAST_CARD = "last_card"  # the hand holds this card only
    CANCELS_PICK = "cancels_pick"  # the Ace of spades cancels the pick owed: nobody picks up
    ANSWERS_PICK = "answers_pick"  # owed: what the other player owes after the answer
    SMALLER_ANSWER = "smaller_answer"  # picked: the difference the learner picks up instead of pending
    EQUAL_ANSWER = "equal_answer"  # an answer of the same size cancels the pick
    ATTACK = "attack"  # owed: what the other player must pick up; shed: the card's value
    AGAIN = "again"  # a jump or reverse at a table of two: the learner plays again; shed
    WILD_FOLLOW = "wild_follow"  # an Ace or joker naming the suit of ``cards``, the other cards of it held
    WILD = "wild"  # an Ace or joker: it fits anything (names a suit, or a colour, or nothing)
    HEAVIEST = "heaviest"  # shed: the card's value, the most of any card that fits (two or more fit)
    HEAVIEST_KEEPS_WILD = "heaviest_keeps_wild"  # the heaviest that fits apart from the wild ``cards``, kept
    ONLY_KEEPS_WILD = "only_keeps_wild"  # the one card that fits apart from the wild ``cards``, kept
    SHEDS = "sheds"  # shed: the card's value
    DRAW_NOTHING_FITS = "draw_nothing_fits"  # no card can be laid, nor a cut made
    KEEPS_CHOPPER = "keeps_chopper"  # a draw or pass when only a cut is possible: the chopper is kept
    DRAW_THEN_LAY = "draw_then_lay"  # after a draw a card that fits may still be laid (after_draw)
    PASS_AFTER_DRAW = "pass_after_draw"  # the learner has drawn and keeps what fits
    PASS_NOTHING_FITS = "pass_nothing_fits"  # nothing can be laid
    PASS_TAKES_ONE = "pass_takes_one"  # a pass without drawing takes one card
    PICK_NOTHING_ANSWERS = "pick_nothing_answers"  # pending: the cards owed, nothing answers
    PICK_KEEPS_ANSWER = "pick_keeps_answer"  # pending: the cards owed, an answer is kept
    CALL = "call"  # the call owed is made before anything else
    CATCH = "catch"  # caught: the seat that missed its call; penalty: the cards it picks up


@dataclass(frozen=True, slots=True)
class Grounds:
    """A move's reason as facts: its kind, the cards and numbers it cites, and the call it makes.

    ``call`` is the call word a play says (``warning``, ``card``, ``matatu``), with
    ``numbers["left"]`` the cards it leaves in hand.
    """

    action: Action
    reason: Reason
    cards: tuple[Card, ...] = ()
    numbers: dict = field(default_factory=dict)
    call: str | None = None


def _is_wild(card: Card) -> bool:
    return card.is_joker or RANK_OF[card] == ACE


def _after(view: PlayerView, action: Action) -> Round:
    """The round after the seat's ``action``, on a deal consistent with what it sees: what a move
    does to the turn and to a pick is public, whatever the hidden cards are."""
    after = view.sample_round(random.Random(len(view.history)))
    after.apply(action)
    return after


def grounds(view: PlayerView, action: Action) -> Grounds:
    """Why a move is worth making, as facts of the position (``Reason``), for ``why`` to word.

    >>> from matatu_learn.engine.cards import parse_card, parse_cards
    >>> game = Round.from_position(PRESETS["house"], [parse_cards("3♥ A♠ K♣"), parse_cards("K♦ Q♣ 9♠")],
    ...     pile=parse_cards("7♥"), marker=parse_card("6♦"))
    >>> grounds(PlayerView(game, 0), parse_action("play 3♥")).reason
    <Reason.ONLY_KEEPS_WILD: 'only_keeps_wild'>
    """
    values = view.values
    other = _other(view)
    kind = action.kind
    plays = [legal for legal in view.legal if legal.kind is PLAY]
    fitting = sorted({legal.card for legal in plays}, key=lambda card: values[card])
    if kind is CATCH:
        return Grounds(action, Reason.CATCH, numbers={"caught": view.catchable, "penalty": view.rules.catch_penalty})
    if kind is CALL:
        return Grounds(action, Reason.CALL)
    if kind is CUT:
        return Grounds(
            action, Reason.CUT, numbers={"left": view.total() - values[action.card], "others": view.hand_sizes[other]}
        )
    if kind in (DRAW, PASS) and not plays and any(legal.kind is CUT for legal in view.legal):
        return Grounds(action, Reason.KEEPS_CHOPPER)
    if kind is DRAW:
        if not plays:
            return Grounds(action, Reason.DRAW_NOTHING_FITS)
        return Grounds(action, Reason.DRAW_THEN_LAY)
    if kind is PASS:
        if view.has_drawn:
            return Grounds(action, Reason.PASS_AFTER_DRAW if plays else Reason.PASS_NOTHING_FITS)
        return Grounds(action, Reason.PASS_TAKES_ONE)
    if kind is PICK:
        reason = Reason.PICK_KEEPS_ANSWER if plays else Reason.PICK_NOTHING_ANSWERS
        return Grounds(action, reason, numbers={"pending": view.pending})
    card = action.card
    shed = values[card]
    left = len(view.hand) - 1

    def told(reason: Reason, cards: tuple = (), **numbers) -> Grounds:
        if action.word is not None:
            numbers["left"] = left
        return Grounds(action, reason, cards, numbers, action.word)

    if left == 0:
        return told(Reason.LAST_CARD)
    after = _after(view, action)
    if view.pending:
        if after.pending and after.to_move == other:
            return told(Reason.ANSWERS_PICK, owed=after.pending)
        if card.is_joker or RANK_OF[card] != ACE:
            taken = len(after.hands[view.seat]) - left
            if taken:
                return told(Reason.SMALLER_ANSWER, picked=taken, pending=view.pending)
            return told(Reason.EQUAL_ANSWER)
        return told(Reason.CANCELS_PICK)
    if after.pending and after.to_move == other:
        return told(Reason.ATTACK, owed=after.pending, shed=shed)
    if after.to_move == view.seat and view.players == 2:
        return told(Reason.AGAIN, shed=shed)
    if _is_wild(card):
        if action.suit is None:
            return told(Reason.WILD)
        follow = tuple(
            held for held in view.hand if held != card and not _is_wild(held) and SUIT_OF[held] == action.suit
        )
        return told(Reason.WILD_FOLLOW if follow else Reason.WILD, follow)
    wild = tuple(held for held in fitting if _is_wild(held))
    plain = [held for held in fitting if not _is_wild(held)]
    if wild and plain == [card]:
        return told(Reason.ONLY_KEEPS_WILD, wild, shed=shed)
    if len(fitting) > 1 and shed == values[fitting[-1]]:
        return told(Reason.HEAVIEST, shed=shed)
    if wild and shed == values[plain[-1]]:
        return told(Reason.HEAVIEST_KEEPS_WILD, wild, shed=shed)
    return told(Reason.SHEDS, shed=shed)


def _wild_one(card: Card) -> str:
    return "a joker" if card.is_joker else "an Ace"


def _kept_wild(cards: tuple[Card, ...]) -> str:
    """The wild cards a play keeps: 'the Ace of spades, which you keep for later: it fits anything'."""
    fits = "it fits" if len(cards) == 1 else "they fit"
    return f"{listed([card_words(card) for card in cards])}, which you keep for later: {fits} anything"


_PICK_VERBS = {
    PickMode.PASS_ON: "it passes the pick on",
    PickMode.ADD_UP: "it adds to the pick",
    PickMode.COMPARE: "it is a bigger pick",
}
_DRAW_THEN = {
    AfterDraw.ANY_FITTING: "after a draw you may still lay a card that fits, and the card you draw may serve you better",
    AfterDraw.DRAWN_MUST: "you keep your cards for later, and the card you draw is laid if it fits",
    AfterDraw.DRAWN_OR_PASS: "you keep your cards for later, and you may lay the card you draw if it fits",
    AfterDraw.END: "you keep your cards for later",
}


def _again_words(view: PlayerView, card: Card, other: str) -> str:
    if RANK_OF[card] == 8 or (RANK_OF[card] == JACK and view.rules.jack is JackEffect.JUMP):
        return f"it jumps {other}, so you play again"
    return "it reverses the order: with two players you play again"


# Each reason in words: a clause, from the facts ``grounds`` found (``other``: the other seat's name).
_REASON_WORDS = {
    Reason.CUT: lambda view, facts, other: (
        f"a cut ends the round at once, and the lightest hand wins: you would keep {facts.numbers['left']} points, "
        f"and {other} holds {count(facts.numbers['others'])}"
    ),
    Reason.LAST_CARD: lambda view, facts, other: (
        "it is your last card: laying it ends the round, and an empty hand wins"
    ),
    Reason.CANCELS_PICK: lambda view, facts, other: "the Ace of spades cancels the pick, so nobody picks up",
    Reason.ANSWERS_PICK: lambda view, facts, other: (
        f"{_PICK_VERBS[view.rules.pick_mode]}: {other} owes {count(facts.numbers['owed'])} instead of you"
    ),
    Reason.SMALLER_ANSWER: lambda view, facts, other: (
        f"it is a smaller pick: you pick up {count(facts.numbers['picked'])} instead of {count(facts.numbers['pending'])}"
    ),
    Reason.EQUAL_ANSWER: lambda view, facts, other: "a pick of the same size cancels the pick, so nobody picks up",
    Reason.ATTACK: lambda view, facts, other: (
        f"{other} must pick up {count(facts.numbers['owed'])} or answer it, and it sheds {facts.numbers['shed']} points"
    ),
    Reason.AGAIN: lambda view, facts, other: (
        f"{_again_words(view, facts.action.card, other)}, and it sheds {facts.numbers['shed']} points"
    ),
    Reason.WILD_FOLLOW: lambda view, facts, other: (
        f"{_wild_one(facts.action.card)} fits anything, and naming {SUIT_WORDS[facts.action.suit]} lets you follow "
        f"with your {listed([card_words(held)[4:] for held in facts.cards])}"
    ),
    Reason.WILD: lambda view, facts, other: (
        f"{_wild_one(facts.action.card)} fits anything"
        + (
            ""
            if facts.action.suit is None
            else f", and you choose the suit that follows: {SUIT_WORDS[facts.action.suit]}"
        )
    ),
    Reason.HEAVIEST: lambda view, facts, other: (
        f"it sheds {facts.numbers['shed']} points, your heaviest card that fits"
    ),
    Reason.HEAVIEST_KEEPS_WILD: lambda view, facts, other: (
        f"it sheds {facts.numbers['shed']} points, your heaviest card that fits besides {_kept_wild(facts.cards)}"
    ),
    Reason.ONLY_KEEPS_WILD: lambda view, facts, other: (
        f"it sheds {facts.numbers['shed']} points, and it is the only card that fits besides {_kept_wild(facts.cards)}"
    ),
    Reason.SHEDS: lambda view, facts, other: f"it sheds {facts.numbers['shed']} points",
    Reason.DRAW_NOTHING_FITS: lambda view, facts, other: "nothing in your hand fits, so you take a card",
    Reason.KEEPS_CHOPPER: lambda view, facts, other: "only your chopper fits, and you keep it to cut later",
    Reason.DRAW_THEN_LAY: lambda view, facts, other: _DRAW_THEN[view.rules.after_draw],
    Reason.PASS_AFTER_DRAW: lambda view, facts, other: "you have drawn, and nothing more is worth laying now",
    Reason.PASS_NOTHING_FITS: lambda view, facts, other: "nothing in your hand fits",
    Reason.PASS_TAKES_ONE: lambda view, facts, other: "you take one card and your turn ends",
    Reason.PICK_NOTHING_ANSWERS: lambda view, facts, other: (
        f"nothing in your hand answers the pick, so you take the {count(facts.numbers['pending'])}"
    ),
    Reason.PICK_KEEPS_ANSWER: lambda view, facts, other: (
        f"you take the {count(facts.numbers['pending'])} and keep your answer for later"
    ),
    Reason.CALL: lambda view, facts, other: "a call owed is made before anything else",
    Reason.CATCH: lambda view, facts, other: (
        f"{other} missed the call, so they pick up {count(facts.numbers['penalty'])}"
    ),
}
assert set(_REASON_WORDS) == set(Reason), "every reason has its words"


def why(view: PlayerView, action: Action, voice: Voice | None = None) -> str:
    """Why a move is worth making (``grounds``), in plain words (a clause); a call said with it is told too.

    >>> from matatu_learn.engine.cards import parse_cards, parse_card
    >>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦ 3♦ 8♠"), parse_cards("K♣ Q♣ 9♠")],
    ...     pile=parse_cards("9♦"), marker=parse_card("6♦"))
    >>> view = PlayerView(game, 0)
    >>> why(view, parse_action("cut 7♦"))
    'a cut ends the round at once, and the lightest hand wins: you would keep 11 points, and North holds 3 cards'
    >>> why(view, parse_action("play 3♦"))
    'it sheds 3 points'
    >>> why(view, parse_action("draw"))
    'after a draw you may still lay a card that fits, and the card you draw may serve you better'
    """
    voice = voice or Voice(view.players, viewer=view.seat)
    facts = grounds(view, action)
    said = _REASON_WORDS[facts.reason](view, facts, voice.seat(_other(view)))
    if facts.call is not None:
        said += f"; it leaves you {count(facts.numbers['left'])}, so you say “{CALL_WORDS[facts.call]}” as you lay it"
    return said


def advice_marks(view: PlayerView, action: Action) -> dict:
    """Where the advised move is on the table: the card to tap, the button, the answer to pick.

    ``card`` is the card's notation (a play or a cut), ``control`` the button's kind (draw, pass,
    pick, cut), ``answer`` the index of the answer to the question the card asks (which suit).
    """
    card = control = answer = None
    if action.kind in (PLAY, CUT):
        card = str(action.card)
        if action.kind is CUT:
            control = "cut"
        ways = [legal for legal in view.legal if legal.card == action.card]
        if len(ways) > 1:
            asked = next(name for name in QUESTIONS if len({getattr(way, name) for way in ways}) > 1)
            if asked == "kind":
                answers = [CUT, PLAY]
            elif asked == "suit":
                answers = sorted({way.suit for way in ways})
            else:
                answers = [next(way.word for way in ways if way.word is not None), None]
            answer = answers.index(getattr(action, asked))
    else:
        control = str(action.kind)
    return {"card": card, "control": control, "answer": answer}


def _rules_lines(rules, section: str, *starts: str) -> list[str]:
    """The published rules text's sentences of ``section`` that begin with one of ``starts``."""
    return [line for line in rules_sections(rules)[section] if line.startswith(starts)]


def opening_rules(view: PlayerView) -> str:
    """What a first game's learner must know before the first card, in the ruleset's own terms: the
    chopper and when it cuts, then the ruleset's specials as its published rules text says them.

    >>> print(opening_rules(PlayerView(Round(PRESETS["bomb"], 2, seed=1), 0)))
    Any 7 is a chopper: its holder may cut, ending the round, whenever it fits the pile; then the lightest hand wins, and the cutter loses a tie. Picks: a 2 makes the next player pick two, a 3 pick three, a joker pick five. While a pick is pending you may only answer it or pick up. Picks add up: any pick card answers a 2 or a 3, and the next player owes the sum; only a joker answers a joker. The Ace of spades cancels any pick; after the cancel its player names a suit.
    """
    rules = view.rules
    if rules.chopper is Chopper.ANY_SEVEN:
        chopper = "Any 7 is a chopper"
    else:
        marker = view.marker
        chopper = f"The chopper is the 7 of {SUIT_WORDS[SUIT_OF[marker]]}"
        if rules.marker is Marker.CUTTER:
            chopper += f" (the cutter, face up under the stock, is {card_words(marker)})"
        elif RANK_OF[marker] != 7:
            chopper += f" (the base card is {card_words(marker)})"
    if rules.cut_limit is None:
        when = "whenever it fits the pile"
    elif rules.cut_counts is CutCounts.AFTER:
        when = f"once the rest of their hand adds up to {rules.cut_limit} or less"
    else:
        when = f"once their hand, the seven included, adds up to {rules.cut_limit} or less"
    said = [
        f"{chopper}: its holder may cut, ending the round, {when}; then the lightest hand wins{_TIES[rules.cut_winner]}."
    ]
    if rules.opening is Opening.BARE:
        said += _rules_lines(rules, "Deck and deal", "The table starts bare")
    if rules.jokers or rules.picks_add_up:
        said += _rules_lines(rules, "Special cards", "Picks")
    if rules.jokers and rules.master_ace_cancels:
        said += _rules_lines(rules, "Special cards", "The Ace of spades cancels")
    if rules.calls is not Calls.NONE:
        said += rules_sections(rules)["Calls"][:2]
    return " ".join(said)


_TIES = {
    CutWinner.LOWEST: "",
    CutWinner.STRICTLY_LIGHTEST: ", and the cutter only when strictly lightest",
    CutWinner.CUTTER_LOSES_TIES: ", and the cutter loses a tie",
}


# ---------------------------------------------------------------------- the coached table
class Coach:
    """The coach beside the learner, composed with a table: it observes the moves and answers the learner's.

    An observer of the table (``moved``, ``round_over``): at each of the learner's turns it keeps
    the position, and when the learner moves it judges the move on that position against its own
    advice (the search player's choice), at once or, with ``judge_later``, when ``settle`` is
    called (a page shows the move first, then the verdict). ``coached=False`` is the same table
    without help: no advice, no verdicts. It reads the table through ``screen`` (the learner's
    ``ScreenFacts``), given by ``attach``.
    """

    def __init__(self, *, adviser: str = ADVISER, coached: bool = True, deals: int = JUDGE_DEALS):
        self.adviser = adviser
        self.coached = coached
        self.deals = deals  # the imagined deals a choice other than the coach's is judged on
        self.verdicts: list[Verdict] = []
        self.judge_later = False
        self.screen = None
        self._before: tuple | None = None  # the learner's position, kept at the start of their turn
        self._unjudged: tuple | None = None  # the learner's latest move, before it is judged
        self._advice: dict[int, Decision] = {}

    def attach(self, screen) -> None:
        """Read the table through ``screen`` (the learner's view of it) from now on."""
        self.screen = screen
        self._keep_position()

    # ------------------------------------------------------------------ observing the table
    def moved(self, table, move) -> None:
        """A move was made: judge it if it was the learner's, and keep the learner's next position."""
        before = self._before
        self._before = None
        if self.coached and before is not None and move.seat == before[0].seat:
            view, key, seed = before
            advice = self._advice.get(key) or advise(view, self.adviser, seed)
            self._advice[key] = advice
            self._unjudged = (view, move.action, advice.action, seed)
            if not self.judge_later:
                self.settle()
        self._keep_position()

    def round_over(self, table) -> None:
        """Nothing more to keep: the counting reads the finished round."""

    def _keep_position(self) -> None:
        screen = self.screen
        if self.coached and screen is not None and screen.my_turn:
            game = screen.game
            self._before = (PlayerView(game.copy(), screen.viewer), len(game.history), self._position_seed())

    # ------------------------------------------------------------------ the table, as the learner sees it
    @property
    def view(self) -> PlayerView:
        return self.screen.view

    @property
    def voice(self) -> Voice:
        return self.screen.voice

    @property
    def viewer(self) -> int:
        return self.screen.viewer

    @property
    def moves(self):
        return self.screen.moves

    @property
    def verdict(self) -> Verdict | None:
        """The answer to the learner's latest move (None while it is being judged)."""
        if self._unjudged is not None:
            return None
        return self.verdicts[-1] if self.verdicts else None

    def learner_actions(self) -> list[Action]:
        return [move.action for move in self.moves if move.seat == LEARNER]

    # ------------------------------------------------------------------ advice
    def _position_seed(self) -> int:
        return random.Random(f"coach {self.screen.seed} {len(self.screen.game.history)}").getrandbits(63)

    def advice(self) -> Decision | None:
        """The coach's choice for the learner's turn (the search player's), made once per position."""
        if not self.coached or not self.screen.my_turn:
            return None
        key = len(self.screen.game.history)
        decision = self._advice.get(key)
        if decision is None:
            decision = advise(self.view, self.adviser, self._position_seed())
            self._advice[key] = decision
        return decision

    def settle(self) -> Verdict | None:
        """Judge the learner's latest move if it is not judged yet; the verdict, or None."""
        if self._unjudged is None:
            return None
        view, action, advice, seed = self._unjudged
        self._unjudged = None
        verdict = judge(view, action, advice, self.deals, seed, self.voice)
        self.verdicts.append(verdict)
        return verdict

    # ------------------------------------------------------------------ the learner's turn
    def _since_my_last_turn(self) -> list:
        """The log since the learner's last move."""
        log = self.view.log
        for index in range(len(log) - 1, -1, -1):
            event = log[index]
            if event.__class__ is Acted and event.seat == self.viewer:
                return list(log[index + 1 :])
        return list(log)

    def _namer(self) -> int:
        """The seat whose Ace named the suit in play."""
        for event in reversed(self.view.log):
            if event.__class__ is Acted and event.action.suit is not None:
                return event.seat
        return _other(self.view)

    def turn_title(self) -> str:
        view = self.view
        if view.pending:
            return f"A pick: you owe {count(view.pending)}"
        if any(action.kind is CUT for action in view.legal):
            return "You can cut"
        if view.has_drawn:
            return "You drew a card"
        since = self._since_my_last_turn()
        if any(event.__class__ is Again and event.seat == view.seat for event in since):
            return "You play again"
        if view.free:
            return "The pick is cancelled"
        if view.named_suit is not None:
            return f"{self.voice.seat(self._namer())} named {SUIT_WORDS[view.named_suit]}"
        if not self.learner_actions():
            return "Your first turn"
        return "Your turn"

    def situation(self) -> list[str]:
        """What is happening: the other player's moves, the pile, a pick owed, a suit named, a card drawn."""
        view = self.view
        voice = self.voice
        other = voice.seat(_other(view))
        said = []
        first = not self.learner_actions()
        if first and not view.has_drawn:
            said.append(
                f"You play {other}, a computer player. Lay your cards on the pile one at a time: an empty "
                f"hand wins. {opening_rules(view)}"
            )
        theirs = self._their_moves()
        if len(theirs) > 1:  # a single move is the table's last move, shown beside the coach
            said.append(" ".join(theirs))
        top = view.top
        if view.has_drawn and view.drawn is not None:
            said.append(f"You drew {card_words(view.drawn)}.")
        if view.pending:
            said.append(
                f"You owe {count(view.pending)}: only {answers_words(view.pick_answers())} answers "
                "the pick; otherwise you pick up the cards."
            )
        elif view.free:
            said.append("After the Ace of spades cancelled the pick, you may lay any card at all.")
        elif view.named_suit is not None:
            suit = view.named_suit
            said.append(
                f"{_capital(card_words(top))} is on top and {SUIT_WORDS[suit]} were named: "
                f"lay {_suit_one(suit)}, or an Ace{' or a joker' if view.rules.jokers else ''}."
            )
        elif top is not None and self._early():
            said.append(
                f"A card fits {card_words(top)} if it is {_suit_one(SUIT_OF[top])}"
                + ("" if RANK_OF[top] == ACE else f" or {_rank_one(top)}")
                + ("; an Ace or a joker fits anything." if view.rules.jokers else "; an Ace fits anything.")
            )
        return said

    def _their_moves(self) -> list[str]:
        """The other player's moves since the learner's last one, as the learner saw them."""
        moves = []
        for move in reversed(self.moves):
            if move.seat == self.viewer:
                break
            moves.append(move)
        voice = self.voice
        return [
            " ".join(voice.tell(public_event(event, self.viewer) for event in move.events)) for move in reversed(moves)
        ]

    def options(self) -> list[str]:
        """What fits, whether a cut is possible, and what the learner may do."""
        view = self.view
        said = []
        fitting = fitting_cards(view)
        if fitting:
            verb = "fits" if len(fitting) == 1 else "fit"
            said.append(f"In your hand, {listed([card_words(card) for card in fitting])} {verb}.")
        elif view.pending:
            said.append("Nothing in your hand answers it.")
        else:
            said.append("Nothing in your hand fits.")
        chopper_sentence = self._chopper_sentence()
        if chopper_sentence:
            said.append(chopper_sentence)
        kinds = {action.kind for action in view.legal}
        doing = []
        if PLAY in kinds:
            doing.append("lay a card that fits")
        if CUT in kinds:
            doing.append("cut")
        if PICK in kinds:
            doing.append(f"pick up {count(view.pending)}")
        if DRAW in kinds:
            doing.append("draw a card")
        if PASS in kinds:
            doing.append("pass")
        if len(doing) == 1:
            said.append(f"You must {doing[0]}.")
        elif doing and (self._early() or view.has_drawn or not fitting or CUT in kinds):
            said.append(f"You may {listed(doing, 'or')}.")
        return said

    def _early(self) -> bool:
        """The learner's first two turns: the coach says how cards fit and every option, then less."""
        return len(self.learner_actions()) < 2

    def _chopper_sentence(self) -> str:
        """Where the learner stands with the chopper: a cut possible, too heavy, or not fitting yet."""
        view = self.view
        held = [card for card in view.hand if view.is_chopper(card)]
        if not held or view.pending:
            return ""
        cuts = [action.card for action in view.legal if action.kind is CUT]
        chopper = cuts[0] if cuts else held[0]
        rules = view.rules
        left = view.total() - view.values[chopper]
        counted = left if rules.cut_counts is CutCounts.AFTER else view.total()
        if rules.cut_limit is None:
            limit = "there is no weight limit"
        elif rules.cut_counts is CutCounts.AFTER:
            limit = f"the limit is {rules.cut_limit}"
        else:
            limit = f"your hand counts {counted} with the seven, and the limit is {rules.cut_limit}"
        if cuts:
            return (
                f"You can cut with {card_words(chopper)}: it fits, and after the chop you would keep "
                f"{left} points ({limit}). A cut ends the round at once; the lightest hand wins."
            )
        if rules.cut_limit is not None and counted > rules.cut_limit:
            weight = (
                "the rest of your hand adds up to" if counted == left else "your hand, the seven included, adds up to"
            )
            return f"You hold the chopper, but {weight} {counted}: shed heavy cards first."
        suit = SUIT_WORDS[SUIT_OF[chopper]]
        return (
            f"Your hand is light enough to cut ({left} would be left), but the chopper must fit the pile: "
            f"wait for {suit} or a 7 on top."
        )

    def advice_sentence(self) -> str:
        """What the coach would do, and why; empty where only one move is possible."""
        decision = self.advice()
        view = self.view
        if len(view.legal) == 1:
            return ""
        action = decision.action
        said = f"The coach would {action_words(action.text)}: {why(view, action, self.voice)}."
        surprising = action.kind is CUT or (action.kind in (DRAW, PASS) and fitting_cards(view))
        if surprising and decision.motive is Motive.SEARCH:
            numbers = decision.numbers
            said += (
                f" In {numbers['deals']} games played out from here, it won {_percent(numbers['share'])}; "
                f"{_gerund(decision.runner_up)} won {_percent(numbers['runner_share'])}."
            )
        return said

    # ------------------------------------------------------------------ the end
    def counting(self) -> list[str]:
        """The end of the round, counted with the learner: each hand's cards and total, and who wins."""
        view = self.view
        result = view.result
        voice = self.voice
        hands = view.revealed_hands
        values = view.values
        said = []
        for seat, hand in enumerate(hands):
            owner = "Your hand" if seat == view.seat else f"{voice.seat(seat)}'s hand"
            if not hand:
                said.append(f"{owner}: no cards left, so it counts 0.")
                continue
            names = listed([card_words(card) for card in hand])
            sums = " + ".join(str(values[card]) for card in hand)
            total = result.totals[seat]
            said.append(f"{owner}: {names}: {sums} = {total}." if len(hand) > 1 else f"{owner}: {names}: {total}.")
        said.append(self._who_wins(result))
        said.append("Next, play a game without help, as at a real table: no marks on the cards that fit, and no coach.")
        return said

    def _who_wins(self, result) -> str:
        voice = self.voice
        totals = result.totals
        winners = result.winners
        names = [voice.seat(seat) for seat in range(len(totals))]

        def whose(seat: int) -> str:
            return "your" if seat == self.viewer else f"{names[seat]}'s"

        if len(winners) == 1:
            winner = winners[0]
            loser = next(seat for seat in range(len(totals)) if seat != winner)
            verdict = "You win the round!" if winner == self.viewer else f"{names[winner]} wins the round."
        if result.reason is RoundEnd.OUT:
            return (
                f"{voice.says(winner, 'has')} no cards left, and an empty hand wins: 0 against "
                f"{whose(loser)} {totals[loser]}. {verdict}"
            )
        if result.reason is RoundEnd.CUT and result.cutter is not None:
            how = f"{names[result.cutter]} cut, so the lightest hand wins"
        else:
            how = "The table was blocked, so the lightest hand wins"
        if len(winners) > 1:
            return f"{how}. Both hands count {totals[winners[0]]}: a tie."
        return f"{how}: {whose(winner)} {totals[winner]} is less than {whose(loser)} {totals[loser]}. {verdict}"

    # ------------------------------------------------------------------ the coach block
    def coach_block(self, advise: bool = True) -> dict | None:
        """What the coach says now, as the table state's ``coach`` key (None without the coach).

        ``{"title", "paragraphs", "verdict": {"kind", "text"} or None, "advice": {"card",
        "control", "answer"} or None}``: ``verdict`` answers the learner's latest move, ``advice``
        marks the coach's choice on the table during the learner's turn. With ``advise`` False
        the coach's choice is given only if it is already made (a page draws the turn first).
        """
        if not self.coached:
            return None
        verdict = self.verdict.as_dict() if self.verdict is not None else None
        screen = self.screen
        if screen.over:
            return {"title": "Count the hands", "paragraphs": self.counting(), "verdict": verdict, "advice": None}
        if not screen.my_turn:
            seat = screen.game.to_move
            said = []
            mine = [move for move in self.moves if move.seat == self.viewer]
            if mine and self.moves[-1] is mine[-1]:
                said.append(screen.words.describe(mine[-1]))
            said.append(f"{self.voice.seat(seat)} plays next, by itself.")
            return {"title": f"{self.voice.seat(seat)}'s turn", "paragraphs": said, "verdict": verdict, "advice": None}
        ready = advise or len(screen.game.history) in self._advice
        paragraphs = [*self.situation(), *self.options()]
        if ready:
            paragraphs.append(self.advice_sentence())
        return {
            "title": self.turn_title(),
            "paragraphs": [paragraph for paragraph in paragraphs if paragraph],
            "verdict": verdict,
            "advice": advice_marks(self.view, self.advice().action) if ready else None,
        }


class CoachedTable:
    """A first game set up at one screen, with the coach composed: the learner (South) against the
    heuristic player (North), one round of ``ruleset`` (a preset with chosen deals) dealt from ``seed``.

    The table is a ``play.Table`` behind a controller (``controller``, seen through ``screen``),
    with the history's recorder and the ``coach`` observing it. A page gives ``schedule`` and
    ``pace`` and draws ``state()`` from a controller listener; in plain Python ``act``, ``step``,
    ``choose_card`` and ``answer`` make the moves taps would make. ``coached=False`` is the same
    table without help: no coach, no advice. ``budget``: the page's writes, a game spent for the
    round recorded (None: a caller that is no page, with a budget of its own).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        database=None,
        adviser: str = ADVISER,
        coached: bool = True,
        ruleset: str = FIRST_RULESET,
        deals: int = JUDGE_DEALS,
        schedule=no_pause,
        pace=lambda: None,
        budget: WriteBudget | None = None,
    ):
        data = first_game_data()
        if seed is None:
            seed = first_game_seeds(ruleset)[0]
        # The deals were chosen under the preset's rules: a table whose ruleset was published again
        # with other switches (house v2) plays them with the preset's switches, as a table's own.
        preset = PRESETS[ruleset]
        registry = Registry(database)
        published = registry.rules(ruleset)
        switches = {
            name: getattr(preset, name) for name in SWITCH_NAMES if getattr(published, name) != getattr(preset, name)
        }
        rules = with_switches(published, switches) if switches else published
        kinds = tuple(data["seats"])
        seats = [Seat.person() if kind == HUMAN else Seat.computer(kind) for kind in kinds]
        self.seed, self.coached, self.ruleset = seed, coached, ruleset
        self.coach = Coach(adviser=adviser, coached=coached, deals=deals)
        self.screen = set_up_screen(
            Table(rules, seats, seed, whole_match=False),
            registry=registry,
            ruleset=ruleset,
            labels=seat_labels(kinds),
            schedule=schedule,
            pace=pace,
            observers=[self.coach],
            budget=budget,
        )
        self.controller = self.screen.controller
        self.coach.attach(self.screen)

    def state(self, advise: bool = True) -> dict:
        """What the table widget draws: the learner's view, the coach's block, the last refusal."""
        screen = self.screen
        return table_state(
            screen,
            notice=screen.notice(),
            coach=self.coach.coach_block(advise=advise),
            show_playable=self.coached,
            hint=False,
        )

    # ------------------------------------------------------------------ the table, as the learner sees it
    @property
    def game(self) -> Round:
        return self.screen.game

    @property
    def view(self) -> PlayerView:
        return self.screen.view

    @property
    def over(self) -> bool:
        return self.screen.over

    @property
    def my_turn(self) -> bool:
        return self.screen.my_turn

    @property
    def computer_to_move(self) -> bool:
        return self.screen.computer_to_move

    @property
    def moves(self):
        return self.screen.moves

    # ------------------------------------------------------------------ moves, as taps make them
    def _made(self, doing) -> object:
        """Make a move; a refusal raises ``PlayError`` with the notice's words. The move made, or None."""
        before = len(self.moves)
        doing()
        if self.controller.notice is not None:
            raise PlayError(self.screen.notice()["text"])
        return self.moves[-1] if len(self.moves) > before else None

    def act(self, action: Action | str):
        return self._made(lambda: self.controller.act(parse_action(action)))

    def step(self):
        return self._made(self.controller.computer_move)

    def choose_card(self, card: str):
        return self._made(lambda: self.controller.tap(Tap(TapKind.CARD, card=str(card))))

    def choice(self):
        return self.screen.words.choice()

    def answer(self, value: object):
        index = list(self.controller.pending.options).index(value)
        return self._made(lambda: self.controller.tap(Tap(TapKind.ANSWER, index=index)))

    # ------------------------------------------------------------------ the coach's
    @property
    def verdicts(self) -> list[Verdict]:
        return self.coach.verdicts

    def advice(self) -> Decision | None:
        return self.coach.advice()

    def coach_block(self, advise: bool = True) -> dict | None:
        return self.coach.coach_block(advise=advise)

    def counting(self) -> list[str]:
        return self.coach.counting()


def second_game(seed: int | None = None, database=None, ruleset: str = FIRST_RULESET, **screen) -> CoachedTable:
    """The game without help that follows the first: the same table and ruleset, a fresh deal, no coach."""
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    return CoachedTable(seed, database=database, coached=False, ruleset=ruleset, **screen)


__all__ = [
    "ADVISER",
    "Coach",
    "CoachedTable",
    "Comparison",
    "FIRST_GAME",
    "MOMENTS",
    "Verdict",
    "advice_marks",
    "advise",
    "compare",
    "find_seeds",
    "heuristic_moments",
    "first_game_rulesets",
    "first_game_seeds",
    "coached_ruleset",
    "grounds",
    "Grounds",
    "Reason",
    "RULESET_MOMENTS",
    "opening_rules",
    "fitting_cards",
    "follow_the_coach",
    "judge",
    "moments",
    "second_game",
    "why",
]
