"""Players the computer can field. An agent sees only a ``PlayerView`` and answers with an action.

Every agent has a ``name`` (its spec), ``choose(view)`` — the fast path simulations use —
and ``decide(view)``: the same choice with one sentence a learner reads.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.round import Round
>>> from matatu_learn.engine.view import PlayerView
>>> game = Round(PRESETS["house"], players=2, seed=3)
>>> view = PlayerView(game, game.to_move)  # all an agent is given: what this seat could see
>>> decision = make_agent("heuristic").decide(view)
>>> decision.action in game.legal_actions(), decision.reason.startswith("I ")
(True, True)
>>> agent = make_agent("search:1", seed=0)
>>> decision = agent.decide(view)
>>> decision.action in game.legal_actions(), agent.name
(True, 'search:1')
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache

from ..engine.actions import CALL, CATCH, CUT, DRAW, PASS, PICK, PLAY, Action
from ..engine.cards import (
    ACE,
    CARD_NAMES,
    DECK,
    JACK,
    QUEEN,
    RANK_OF,
    SUIT_OF,
    SUIT_SYMBOLS,
)
from ..engine.errors import MatatuError
from ..engine.events import EventKind
from ..engine.explain import cards
from ..engine.round import MASTER_ACE, Round
from ..engine.rules import Rules
from ..engine.tables import tables_for
from ..engine.view import PlayerView

# Search levels: imagined deals a move, each played out once for every candidate compared.
SEARCH_SAMPLES = {1: 24, 2: 320, 3: 600}
DEFAULT_LEVEL = 2
# A rollout that has not ended after this many decisions is judged on the hands as they are.
ROLLOUT_LIMIT = 400
# After this many moves a round is going nowhere (picks passed round and round, say): the
# heuristic takes any cut it can, and the search plays as the heuristic, so the round ends.
LONG_ROUND = 500
# A move where a cut is possible is searched on this many times more deals.
CUT_BOOST = 3
# A choice among three or more candidates is searched on this many times more deals (a cut's boost
# stands instead where it is larger).
WIDE_BOOST = 2.5
# How many standard errors a search result must beat the heuristic's choice by to replace it.
CONFIDENCE = 1.0
# How likely, relatively, a player holds a card that their move says they most likely lacked:
# people do draw with a card that fits in hand, rarely.
DOUBT = 0.05
# A plain card laid says its player held nothing fitting this much weightier (see ``_Clue``).
SHED_MARGIN = 3
# An imagined deal in which the heuristic would not have made one of the others' recent moves is
# kept with this chance per such move; at most this many deals are tried for each one used.
MOVE_DOUBT = 0.1
DEAL_TRIES = 6
# A move is checked until its player has taken more than this many cards since: which of their
# cards are the ones taken is a guess, and each guess blurs what the move says.
CHECKED_WHILE_TAKEN = 1
# How much likelier than its value alone says a card is still held (measured on the heuristic's
# games, two players): choppers are kept for the cut, a jump with two players is laid at once
# (it plays again), and an Ace or joker names the suit its player holds most of.
KEPT_CHOPPER = 1.35
KEPT_AGAIN = 0.65
KEPT_NAMED = 1.7

AGENT_CHOICES: dict[str, str] = {
    "random": "Random — any legal move, chosen by chance",
    "heuristic": "Heuristic — sheds heavy cards, attacks with picks, cuts when it is likely lightest",
    **{
        f"search:{level}": f"Search, level {level} — tries {samples} imagined deals a move"
        + (" (the default)" if level == DEFAULT_LEVEL else "")
        for level, samples in SEARCH_SAMPLES.items()
    },
}


@dataclass(frozen=True, slots=True)
class Decision:
    """An agent's move and the one sentence that says why."""

    action: Action
    reason: str


def agent_spec(spec: str) -> str:
    """The canonical spec of an agent, or a ``MatatuError`` saying which specs are accepted.

    >>> agent_spec("search"), agent_spec(" Heuristic ")
    ('search:2', 'heuristic')
    """
    text = spec.strip().lower() if isinstance(spec, str) else spec
    if text == "search":
        return f"search:{DEFAULT_LEVEL}"
    if text in AGENT_CHOICES:
        return text
    raise MatatuError(f"'{spec}' is not an agent: choose one of {', '.join(AGENT_CHOICES)}, or search (level 2).")


def make_agent(spec: str, seed: int | None = None):
    """A fresh agent for a spec ("random", "heuristic", "search", "search:1" … "search:3")."""
    spec = agent_spec(spec)
    if spec == "random":
        return RandomAgent(seed)
    if spec == "heuristic":
        return HeuristicAgent(seed)
    return SearchAgent(int(spec.partition(":")[2]), seed)


# ---------------------------------------------------------------------- words


def _call_text(word: str) -> str:
    return f'"{word.capitalize()}!"'


def _doing(action: Action, view: PlayerView) -> str:
    """An action in the first person, as the rest of a sentence after "I"."""
    kind = action.kind
    if kind is PLAY:
        text = f"play {CARD_NAMES[action.card]}"
        if action.suit is not None:
            text += f" and name {SUIT_SYMBOLS[action.suit]}"
        if action.word is not None:
            text += f", calling {_call_text(action.word)}"
        return text
    if kind is CUT:
        return f"cut with {CARD_NAMES[action.card]}"
    if kind is PICK:
        return f"pick up {cards(view.pending)}"
    if kind is CALL:
        return f"call {_call_text(action.word)}"
    if kind is CATCH:
        return f"catch seat {view.catchable}"
    return str(kind)  # draw, pass


def _others_text(view: PlayerView) -> str:
    sizes = [str(size) for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
    if len(sizes) == 1:
        return f"the other player holds {cards(int(sizes[0]))}"
    return f"the others hold {', '.join(sizes[:-1])} and {sizes[-1]} cards"


# ---------------------------------------------------------------------- the heuristic's weights


class _Style:
    """What the heuristic needs to know of a ruleset, worked out once per ``Rules`` value."""

    __slots__ = (
        "rules",
        "values",
        "picks",
        "weight",
        "wild",
        "again",
        "kept",
        "strict",
        "heavy_choppers",
        "limit",
        "cut_after",
        "_choppers",
    )

    def __init__(self, rules: Rules):
        tables = tables_for(rules)
        self.rules = rules
        self.values = tables.values
        self.picks = tables.picks
        # What a card is worth to lay, before what the rest of the hand adds: its weight, and a pick's attack.
        self.weight = tuple(self.values[card] + ATTACK * self.picks[card] for card in range(54))
        # How likely, relatively, a card is still in a hand once play is under way: players
        # keep their Aces and jokers and lay their heaviest cards and their picks first (measured
        # on the heuristic's games, where the unseen cards were dealt evenly).
        self.kept = tuple(_kept(card, self.weight[card]) for card in range(54))
        self.wild = tuple(card >= 52 or RANK_OF[card] == ACE for card in range(54))
        # Cards after which their player moves again with two players: a jump or a reverse.
        self.again = tuple(
            card < 52
            and (RANK_OF[card] == 8 or RANK_OF[card] == JACK or (RANK_OF[card] == QUEEN and rules.queens_reverse))
            for card in range(54)
        )
        # Whether the cutter must be strictly lighter than everyone to win (a tie is a loss).
        self.strict = rules.cut_winner != "lowest"
        # Whether a chopper can be stuck in hand, too heavy to cut with.
        self.heavy_choppers = rules.cut_limit is not None and not rules.sevens_normal
        self.limit = rules.cut_limit
        self.cut_after = rules.cut_counts == "after"
        self._choppers: dict[int | None, tuple[bool, ...]] = {}

    def choppers(self, chopper_suit: int | None) -> tuple[bool, ...]:
        """For each card: whether it is a chopper in a round whose marker has this suit."""
        found = self._choppers.get(chopper_suit)
        if found is None:
            any_seven = self.rules.chopper == "any_seven"
            found = self._choppers[chopper_suit] = tuple(
                card < 52 and RANK_OF[card] == 7 and (any_seven or SUIT_OF[card] == chopper_suit) for card in range(54)
            )
        return found


def _kept(card: int, weight: float) -> float:
    if card >= 52 or RANK_OF[card] == ACE:
        return 1.15
    if weight < 5:
        return 1.2
    if weight < 10:
        return 1.0
    if weight < 15:
        return 0.9
    if weight <= 26:
        return 0.85
    return 0.35


@cache
def _style(rules: Rules) -> _Style:
    return _Style(rules)


# How much a card's weight is worth against the other reasons to play it.
KEEP_WILD = 30  # an Ace or joker is kept while another card fits: it is worth more later
ATTACK = 3  # per card a pick makes the next player take
AGAIN = 10  # two players: a jump or reverse with a card to follow is a free extra card
FOLLOW = 1.5  # per card kept that fits the suit the play leaves
SKIP_THREAT = 4  # a jump or reverse that keeps the turn from a player about to go out
CHOP_READY = 4  # a play that leaves the suit of a chopper held, light enough to cut with
VOID = 6  # a play that keeps the suit the next player just drew on
CUT_BAR_TWO = 0.7  # the chance of winning a cut needs, with two players
CUT_BAR_MORE = 0.4  # … with more
CUT_BAR_THREAT = 0.15  # … less, when a player is nearly out
# Players shed their heaviest cards, so the cards they keep weigh less than the unseen average.
SHED_DISCOUNT = 0.85


def cut_chance(own: int, others: list[int], mean: float, variance: float, pool: int, strict: bool) -> float:
    """The chance that a hand of ``own`` is lighter than hands of these sizes drawn from the unseen cards.

    Each other hand's total is taken as normal, with the mean and spread of the cards
    it could hold; a tie counts half unless the cutter must be strictly lightest.

    >>> round(cut_chance(10, [7], mean=7.0, variance=16.0, pool=40, strict=False), 2)
    1.0
    >>> round(cut_chance(49, [7], mean=7.0, variance=16.0, pool=40, strict=False), 2)
    0.5
    """
    chance = 1.0
    margin = own + (0.5 if strict else 0.0)
    for size in others:
        spread = size * variance * ((pool - size) / (pool - 1) if pool > 1 else 1.0)
        if spread <= 0:
            lighter = 1.0 if size * mean > margin else 0.0
        else:
            lighter = 0.5 * math.erfc((margin - size * mean) / math.sqrt(2 * spread))
        chance *= lighter
    return chance


def unseen_chance(own: int, others: list[int], unseen: list[int], strict: bool) -> float:
    """The heuristic's chance that a cut leaving ``own`` wins, from the values of the cards it cannot see.

    The other hands are taken to weigh ``SHED_DISCOUNT`` of the unseen average: players shed
    their heaviest cards first.
    """
    count = len(unseen)
    mean = sum(unseen) / count
    variance = sum((value - mean) ** 2 for value in unseen) / count
    return cut_chance(own, others, SHED_DISCOUNT * mean, variance, count, strict)


def cut_bar(players: int, others: list[int]) -> float:
    """The chance of winning a cut needs before the heuristic takes it: less when a player is nearly out."""
    bar = CUT_BAR_TWO if players == 2 else CUT_BAR_MORE
    if min(others) <= 2:
        bar -= CUT_BAR_THREAT
    return bar


def heuristic_choice(
    legal: tuple[Action, ...],
    hand: list | tuple,
    sizes: list[int] | tuple[int, ...],
    seat: int,
    direction: int,
    style: _Style,
    choppers: tuple[bool, ...],
    estimate,
    void: int | None = None,
) -> tuple[Action, str]:
    """The heuristic's action and its motive, from what its seat knows.

    ``choppers`` says which cards are choppers this round; ``estimate(own_after, others)``
    gives the chance that a cut leaving ``own_after`` wins; ``void`` is a suit the next player
    has just shown they lack (they drew on it). The motive names the reason for ``decide``'s
    sentence.
    """
    first = legal[0]
    if len(legal) == 1:
        return first, "only"
    kind = first.kind
    if kind is CATCH:
        return first, "catch"
    if kind is CALL:
        return first, "call"
    # The common cases first: a card is always laid rather than drawing, passing or picking up.
    plays = 0
    only = None
    for action in legal:
        kind = action.kind
        if kind is PLAY:
            plays += 1
            only = action
        elif kind is CUT:
            plays = 2  # a cut to weigh: the full reckoning below
            break
    if plays == 0:
        return first, str(first.kind)  # draw (listed before pass), or pick
    answering = legal[-1].kind is PICK
    if plays == 1 and only.word is None:
        if len(hand) == 1:
            return only, "last"
        return only, "answer" if answering else "single"
    values = style.values
    picks = style.picks
    wild = style.wild
    players = len(sizes)
    left = len(hand) - 1
    # What follows a card is counted from the hand once: cards of each suit, of each rank, wild ones.
    total = 0
    wilds = 0
    suit_count = [0, 0, 0, 0, 0]  # the last place counts jokers, whose suit is -1
    suit_weight = [0, 0, 0, 0, 0]
    rank_count = [0] * 14
    held_choppers = []
    for card in hand:
        value = values[card]
        total += value
        if wild[card]:
            wilds += 1
        else:
            suit_count[SUIT_OF[card]] += 1
            suit_weight[SUIT_OF[card]] += value
            rank_count[RANK_OF[card]] += 1
        if choppers[card]:
            held_choppers.append(card)
    has_plain = False
    for action in legal:
        if action.kind is PLAY and not wild[action.card]:
            has_plain = True
            break
    limit = style.limit
    best = None
    best_score = -1e9
    motive = ""
    for action in legal:
        kind = action.kind
        if kind is PLAY:
            card = action.card
            if left == 0:
                return action, "last"
            score = values[card]
            why = "heavy"
            if answering:
                score += 100 + 10 * min(picks[card], 5)
                why = "answer"
            elif picks[card]:
                score += ATTACK * picks[card]
                why = "attack"
            elif wild[card]:
                if has_plain:
                    score -= KEEP_WILD
                why = "wild"
            rank = RANK_OF[card]
            named = action.suit
            if wild[card]:
                # An Ace or joker: what follows is a card of the suit it names, or another wild one.
                suit = named
                follow = wilds - 1 + (suit_count[suit] if suit is not None else 0)
                if suit is not None:
                    score += 0.001 * suit_weight[suit]  # of two suits held alike, name the heavier
            else:
                suit = SUIT_OF[card]
                follow = wilds + suit_count[suit] + rank_count[rank] - 2
            score += FOLLOW * follow
            if suit == void and named is None:
                score += VOID  # they drew on this suit: keep it, and they most likely draw again
                why = "void"
            for chopper in held_choppers:
                # A chopper that would fit what this play leaves, in a hand light enough to cut with
                # (an Ace or joker names the suit held most of, chopper or not).
                if named is None and chopper != card and (SUIT_OF[chopper] == suit or rank == 7):
                    weight = total - values[card] - (values[chopper] if style.cut_after else 0)
                    if limit is None or weight <= limit:
                        score += CHOP_READY
                        break
            if not answering and style.again[card]:
                if players == 2:
                    if follow:
                        score += AGAIN
                        why = "again"
                else:
                    following = (seat + direction) % players
                    if sizes[following] <= 2:
                        score += SKIP_THREAT
                        why = "skip"
            if action.word is not None:
                score += 0.01  # a call that is due is always made
            if score > best_score:
                best, best_score, motive = action, score, why
        elif kind is CUT:
            if left == 0:
                return action, "last"
            others = [size for other, size in enumerate(sizes) if other != seat]
            if estimate(total - values[action.card], others) >= cut_bar(players, others):
                return action, "cut"
        elif best is None:
            # draw, pass or pick: only when no card is laid; a draw before a pass.
            score = -1000 if kind is DRAW else -1001
            if score > best_score:
                best, best_score, motive = action, score, str(kind)
    if best is None:
        # Only cuts are allowed (where a cut counts as a card that fits, nothing else may be done).
        return legal[-1], "forced"
    return best, motive


# ---------------------------------------------------------------------- agents


class RandomAgent:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)

    def decide(self, view: PlayerView) -> Decision:
        legal = view.legal
        action = self.rng.choice(legal)
        if len(legal) == 1:
            return Decision(action, f"I {_doing(action, view)}: it is my only legal move.")
        return Decision(action, f"I {_doing(action, view)}: I chose at random from {len(legal)} legal moves.")


class HeuristicAgent:
    """Rules of thumb: catch and call, cut when likely lightest, attack with picks, shed the heaviest card."""

    name = "heuristic"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)  # kept for a common signature: the heuristic never guesses

    def _choice(self, view: PlayerView) -> tuple[Action, str]:
        return self._choice_with(view, _style(view.rules))

    @staticmethod
    def _choice_with(view: PlayerView, style: _Style, void: int | None = None) -> tuple[Action, str]:
        def estimate(own: int, others: list[int]) -> float:
            if len(view.history) > LONG_ROUND:
                return 1.0  # a round going nowhere: any cut ends it
            return unseen_chance(own, others, [style.values[card] for card in view.unseen_cards()], style.strict)

        choppers = style.choppers(view.chopper_suit)
        if void is None and view.players == 2 and not view.has_drawn:
            history = view.history
            if history and history[-1].kind is DRAW:
                void = view.suit_in_play  # the other player drew on it and could lay nothing
        return heuristic_choice(
            view.legal, view.hand, view.hand_sizes, view.seat, view.direction, style, choppers, estimate, void
        )

    def choose(self, view: PlayerView) -> Action:
        return self._choice(view)[0]

    def decide(self, view: PlayerView) -> Decision:
        action, motive = self._choice(view)
        return Decision(action, _heuristic_reason(view, action, motive))


def _heuristic_reason(view: PlayerView, action: Action, motive: str) -> str:
    doing = _doing(action, view)
    if motive == "only":
        return f"I {doing}: it is my only legal move."
    if motive == "last":
        return f"I {doing}: it is my last card."
    if motive == "forced":
        return f"I {doing}: I may not draw while a cut is possible, and no other card fits."
    if motive == "catch":
        return f"I {doing}: they missed their call, so they pick up {view.rules.catch_penalty}."
    if motive == "call":
        return f"I {doing}: I owe it before I can do anything else."
    if motive == "cut":
        own = view.total() - view.values[action.card]
        return f"I cut with {CARD_NAMES[action.card]}: {own} left, and {_others_text(view)}."
    held_back = any(option.kind is CUT for option in view.legal)
    keep = "; I keep my chopper until I am more likely the lightest" if held_back else ""
    if motive == "single":
        return f"I {doing}: it is the only card I can lay{keep}."
    if motive == "answer":
        return f"I {doing}: answering beats picking up {cards(view.pending)}{keep}."
    if motive == "attack":
        return f"I {doing}: it sheds {view.values[action.card]} and makes the next player pick up{keep}."
    if motive == "again":
        return f"I {doing}: with two players it gives me another turn, and I have a card to follow{keep}."
    if motive == "skip":
        return f"I {doing}: it keeps the turn from a player who is nearly out{keep}."
    if motive == "wild":
        suit = f" and {SUIT_SYMBOLS[action.suit]} is the suit I hold most of" if action.suit is not None else ""
        return f"I {doing}: nothing else fits{suit}{keep}."
    if motive == "void":
        return f"I {doing}: the other player just drew on this suit, so they most likely must draw again{keep}."
    if motive == "heavy":
        values = view.values
        heavier = any(
            option.kind is PLAY and RANK_OF[option.card] != ACE and values[option.card] > values[action.card]
            for option in view.legal
        )
        if heavier:
            return f"I {doing}: it leaves me the most cards that can follow it{keep}."
        return f"I {doing}, my heaviest card that fits{keep}."
    if motive == "draw":
        return f"I draw: nothing in my hand fits{keep}." if not keep else f"I draw{keep}."
    if motive == "pick":
        return f"I {doing}: nothing in my hand answers the pick."
    return f"I {doing}: no card I hold can be laid{keep}."


class SearchAgent:
    """Determinized Monte Carlo: every candidate is played out on imagined deals consistent with the view.

    Each imagined deal starts from ``view.sample_round`` and deals the cards this seat cannot see
    again, each hand by how likely each card is in it: what the others' draws, pick-ups, plays and
    named suits said, read from the public log (``_read_log``). A deal is then checked against the
    others' recent moves, whose hands it fixes (up to a guess of which cards they took since): one
    in which the heuristic would have moved otherwise is mostly dealt again (``_likely_deal``). Every candidate
    action is tried on a copy of the deal, and the round is played to its end by the heuristic in
    every seat; a win counts 1, a tie an equal share. The heuristic's own choice stands unless
    another wins clearly more often.
    """

    def __init__(self, level: int = DEFAULT_LEVEL, seed: int | None = None, samples: int | None = None):
        if level not in SEARCH_SAMPLES:
            raise MatatuError(f"The search level must be one of {', '.join(map(str, SEARCH_SAMPLES))}, not {level!r}.")
        self.level = level
        # ``samples`` overrides the level's number of imagined deals (a quick search for tests).
        self.samples = SEARCH_SAMPLES[level] if samples is None else samples
        self.name = f"search:{level}"
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self._search(view)[0]

    def decide(self, view: PlayerView) -> Decision:
        action, tried = self._search(view)
        doing = _doing(action, view)
        if not tried:
            if action.kind in (PLAY, CUT) and len(view.hand) == 1:
                return Decision(action, f"I {doing}: it is my last card.")
            if len(view.legal) == 1:
                return Decision(action, f"I {doing}: it is my only legal move.")
            ruled, motive = HeuristicAgent._choice_with(view, _style(view.rules))
            if ruled is action:
                return Decision(action, _heuristic_reason(view, action, motive))
            return Decision(action, f"I {doing}: it is my only sensible move.")
        (chosen, wins, deals), (runner, runner_wins, _) = tried
        # A card still in hand is not named: the sentence is said at the table.
        other = "my next best move" if runner.kind in (PLAY, CUT) else _gerund(runner, view)
        text = f"I {doing}: it won {wins / deals:.0%} of {deals} imagined deals; {other} won {runner_wins / deals:.0%}"
        if runner_wins > wins:
            text += ", too close to call, so I keep to my rule of thumb"
        return Decision(action, text + ".")

    def _search(self, view: PlayerView) -> tuple[Action, list[tuple[Action, float, int]]]:
        """The action, and the two finalists with their wins and deals (none when nothing was searched).

        Every candidate is first played out on the same imagined deals; then the heuristic's choice
        and the best other candidate are played out again, on fresh deals, with the rest of the
        budget. The other replaces the heuristic's choice only when, on those fresh deals, it wins
        more by more than their noise.
        """
        legal = view.legal
        candidates = _candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0], []
        for action in candidates:
            if action.kind in (PLAY, CUT) and len(view.hand) == 1:
                return action, []  # the last card wins at once
        rng = self.rng
        style = _style(view.rules)
        if len(view.history) > LONG_ROUND:
            return _heuristic_pick(view, style, candidates), []
        count = len(candidates)
        anchor = candidates.index(_heuristic_pick(view, style, candidates))
        reading = _read_log(view)
        dealer = _Dealer(view, rng, _beliefs(view, reading))
        moves = reading.moves
        # A cut ends the round, won or lost: the rare moves that can are worth more deals. So is a
        # choice among several cards, where most of what a move can gain or lose lies.
        boost = CUT_BOOST if any(action.kind is CUT for action in candidates) else 1
        samples = round(self.samples * max(boost, WIDE_BOOST if count > 2 else 1))
        wins = [0.0] * count
        differences = [0.0] * count  # from the anchor, deal by deal, and their squares
        squares = [0.0] * count
        if count == 2:
            challenger = 1 - anchor
            deals = samples
            self._play_deals(dealer, rng, moves, style, candidates, (0, 1), anchor, deals, wins, differences, squares)
        else:
            # The best of several is picked on half the budget, and the rest goes to it and the
            # anchor alone; the two are judged on all their deals. The deals that picked it flatter
            # it a little, and the margin it must win by (``CONFIDENCE``) allows for that.
            first = max(samples // 2, 1)
            every = range(count)
            self._play_deals(dealer, rng, moves, style, candidates, every, anchor, first, wins, differences, squares)
            challenger = max((index for index in every if index != anchor), key=lambda index: wins[index])
            more = max((samples * count - first * count) // 2, 1)
            pair = (anchor, challenger)
            self._play_deals(dealer, rng, moves, style, candidates, pair, anchor, more, wins, differences, squares)
            deals = first + more
        gain = differences[challenger] / deals
        spread = math.sqrt(max(squares[challenger] / deals - gain * gain, 0.0) / deals)
        best, other = (challenger, anchor) if gain > CONFIDENCE * spread else (anchor, challenger)
        return candidates[best], [(candidates[best], wins[best], deals), (candidates[other], wins[other], deals)]

    @staticmethod
    def _play_deals(dealer, rng, moves, style, candidates, which, anchor, deals, wins, differences, squares):
        """Play the candidates numbered ``which`` out on ``deals`` imagined deals, the same deals for each."""
        seat = dealer.view.seat
        last = which[-1]
        results = {}
        for _ in range(deals):
            deal = _likely_deal(dealer, rng, moves)
            for index in which:
                branch = deal if index == last else deal.copy()
                branch.apply(candidates[index])
                results[index] = _play_out(branch, seat, style)
            base = results[anchor]
            for index in which:
                result = results[index]
                wins[index] += result
                differences[index] += result - base
                squares[index] += (result - base) ** 2


class _Clue:
    """What another player's move says of their hand at that moment, most likely.

    ``cards`` marks the cards they could have laid then. A draw or a pick-up says they held
    none of them (``above`` is None); a plain card laid says they held none weightier than
    ``above`` (people lay their heaviest card first). ``received`` counts the cards they took
    since: any of those may go against the clue.
    """

    __slots__ = ("seat", "cards", "above", "received")

    def __init__(self, seat: int, cards: tuple[bool, ...], above: float | None):
        self.seat = seat
        self.cards = cards
        self.above = above
        self.received = 0

    def against(self, card: int, style: _Style, chopper: bool) -> bool:
        """Whether holding ``card`` at that moment would have made the move unlikely."""
        if chopper and (self.above is not None or style.heavy_choppers):
            return False  # a chopper may have been too heavy to cut with
        if self.above is not None and (style.wild[card] or style.again[card] or style.weight[card] <= self.above):
            return False
        return self.cards[card]


_PROBES: dict[tuple, tuple[bool, ...]] = {}


def _probe(rules: Rules, top: int, holding: int, **position) -> Round:
    """A two-player position with ``top`` on the pile and ``holding`` in the hand of the seat to move."""
    spare = [card for card in range(52) if card not in (top, holding)]
    marker = spare[0] if rules.marker != "none" else None
    return Round.from_position(
        rules, [[DECK[holding], DECK[spare[1]]], [DECK[spare[2]]]], pile=[DECK[top]], marker=marker, **position
    )


def _fitting_cards(rules: Rules, top: int, suit: int | None, colour: str | None, free: bool) -> tuple[bool, ...]:
    """Which cards fit the pile in this situation, as the engine says (cached)."""
    key = (rules, top, suit, colour, free)
    found = _PROBES.get(key)
    if found is None:
        probe = _probe(rules, top, 0 if top else 1, suit=suit, colour=colour, free=free)
        found = _PROBES[key] = tuple(card != top and probe.fits(card) for card in range(54))
    return found


def _answering_cards(rules: Rules, top: int, pending: int) -> tuple[bool, ...]:
    """Which cards answer a pick of ``pending`` with ``top`` on the pile, as the engine says (cached)."""
    key = (rules, top, pending)
    found = _PROBES.get(key)
    if found is None:
        answers = []
        for card in range(54):
            if card == top or (card >= 52 and not rules.jokers):
                answers.append(False)
                continue
            legal = _probe(rules, top, card, pending=pending).legal_actions()
            answers.append(any(action.card == card for action in legal))
        found = _PROBES[key] = tuple(answers)
    return found


class _Move:
    """A move another player made in a fresh turn, and what they did since: it can be checked.

    Their hand then was their hand now, less the cards they took since, plus the cards they laid
    since and the card laid (if any). ``since`` lists those in order: a card laid, or ``-n`` for
    ``n`` cards taken. Which cards of a hand were the ones taken is drawn at random for each
    imagined hand checked (``_misses``), so the chance a hand passes is the chance it explains
    the move, whichever cards came later.
    """

    __slots__ = ("seat", "action", "position", "void", "since", "taken", "probe", "fits")

    def __init__(self, seat: int, action: Action, position: dict, void: int | None):
        self.seat = seat
        self.action = action
        self.position = position
        self.void = void
        self.since: list[int] = []
        self.taken = 0  # cards taken since
        # The position rebuilt once, and a view of it, for ``_misses`` (empty: it cannot be rebuilt).
        self.probe: tuple = None
        # For a draw: the cards that fitted then (the heuristic draws only when none does).
        self.fits: tuple[bool, ...] | None = None
        # The position rebuilt once, and a view of it, for ``_misses`` (empty: it cannot be rebuilt).


@dataclass(slots=True)
class _Reading:
    """What the public log says of the other hands: clues, recent moves, and the suit each last named."""

    clues: list[_Clue]
    moves: list[_Move]
    named: dict[int, int]


def _read_log(view: PlayerView) -> _Reading:
    """Read the public log for the other players' draws, pick-ups and plain plays, and what each says.

    Also the moves each other player made since they last took a card (see ``_Move``), and the
    suit each last named with an Ace or joker (people name the suit they hold most of).
    """
    seat = view.seat
    rules = view.rules
    style = _style(rules)
    clues: list[_Clue] = []
    open_clues: dict[int, list[_Clue]] = {}
    moves: dict[int, list[_Move]] = {}
    named: dict[int, int] = {}
    top = None
    suit = None
    colour = None
    free = False
    pending = 0
    direction = 1
    mover = None  # who made the last action, and whether they have drawn in this turn
    drawn = False
    last_kind = None
    drawing = None  # the clue of the draw being read: the cards drawn are news to older clues only

    def note(who: int, cards: tuple[bool, ...], above: float | None = None) -> _Clue:
        clue = _Clue(who, cards, above)
        clues.append(clue)
        open_clues.setdefault(who, []).append(clue)
        return clue

    for kind, who, detail in view.log:
        if kind is EventKind.ACTION:
            action = detail
            card = action.card
            action_kind = action.kind
            if who != mover:
                drawn = False
            made = None
            if (
                who != seat
                and top is not None
                and not drawn
                and action.word is None
                and action_kind not in (CALL, CATCH)
            ):
                # With two players, a draw on the suit in play leaves it void for the next (as the heuristic reads it).
                void = (suit if suit is not None else SUIT_OF[top]) if last_kind is DRAW and view.players == 2 else None
                position = {"top": top, "suit": suit, "colour": colour, "free": free, "pending": pending}
                position["direction"] = direction
                made = _Move(who, action, position, void)
                if action_kind is DRAW and not pending and rules.decks == 1:  # a second copy of the top fits too
                    made.fits = _fitting_cards(rules, top, suit, colour, free)
            if action_kind in (PLAY, CUT):
                for move in moves.get(who, ()):
                    move.since.append(card)
            if made is not None:
                moves.setdefault(who, []).append(made)
            mover = who
            drawn = drawn or action_kind is DRAW
            last_kind = action_kind
            if drawing is not None and not (who == drawing.seat and action_kind is PLAY):
                # The drawn card was kept, so (most likely) it did not fit either, unless a draw
                # ends the turn: then it may have fitted.
                drawing = None
            if who != seat and top is not None:
                if action_kind is DRAW:
                    drawing = note(who, _fitting_cards(rules, top, suit, colour, free))
                    continue
                if action_kind is PICK:
                    note(who, _answering_cards(rules, top, pending))
                elif action_kind is PLAY and not pending:
                    if not (style.wild[card] or style.again[card] or style.picks[card]):
                        note(who, _fitting_cards(rules, top, suit, colour, free), style.weight[card] + SHED_MARGIN)
            drawing = None
            if action_kind in (PLAY, CUT):
                top, suit, colour, free, pending = card, None, None, False, 0
            elif action_kind in (PICK, PASS):
                free, pending = False, 0
        elif kind is EventKind.OPENING:
            top = detail
        elif kind is EventKind.SUIT:
            suit = named[who] = detail
        elif kind is EventKind.COLOUR:
            colour = detail
        elif kind is EventKind.OWES:
            pending = detail
        elif kind in (EventKind.CANCEL, EventKind.SMALLER):
            pending = 0
            free = rules.master_ace_cancel == "free" and detail == MASTER_ACE
        elif kind is EventKind.REVERSE:
            direction = detail
        elif kind is EventKind.DRAW:
            if detail is not None:
                _took(moves, who, 1)
                for clue in open_clues.get(who, ()):
                    if clue is not drawing or rules.after_draw == "end":
                        clue.received += 1
        elif kind is EventKind.TAKE:
            _took(moves, who, len(detail))
            for clue in open_clues.get(who, ()):
                clue.received += len(detail)
    return _Reading(clues, [move for seat_moves in moves.values() for move in seat_moves], named)


def _took(moves: dict[int, list[_Move]], seat: int, count: int) -> None:
    """Note on a player's moves that they took ``count`` cards; a move blurred too far is dropped."""
    kept = []
    for move in moves.get(seat, ()):
        move.since.append(-count)
        move.taken += count
        if move.taken <= CHECKED_WHILE_TAKEN:
            kept.append(move)
    moves[seat] = kept


def _beliefs(view: PlayerView, reading: _Reading) -> dict[int, list[tuple[int, float]]]:
    """For each other seat: every unseen card with how likely, relatively, it is in that hand."""
    style = _style(view.rules)
    unseen = view.unseen_cards()
    sizes = view.hand_sizes
    again = view.players == 2
    beliefs = {}
    for seat in range(view.players):
        if seat == view.seat or not sizes[seat]:
            continue
        own = [clue for clue in reading.clues if clue.seat == seat]
        named = reading.named.get(seat)
        size = sizes[seat]
        weighted = []
        for card in unseen:
            weight = style.kept[card]
            chopper = view.is_chopper(card)
            if chopper:
                weight *= KEPT_CHOPPER
            if again and style.again[card]:
                weight *= KEPT_AGAIN
            if SUIT_OF[card] == named:
                weight *= KEPT_NAMED
            for clue in own:
                if clue.against(card, style, chopper):
                    # It was taken since, or the player did not play as people mostly do.
                    weight *= max(DOUBT, min(1.0, clue.received / size))
            weighted.append((card, weight))
        beliefs[seat] = weighted
    return beliefs


def _likely_deal(dealer: _Dealer, rng: random.Random, moves=()):
    """A deal by the beliefs that explains the others' recent moves.

    A deal in which the heuristic would have made another move than one of ``moves`` is kept
    only with chance ``MOVE_DOUBT`` per such move (people do not always play by rule of thumb);
    after ``DEAL_TRIES`` deals the one that explains the most moves is taken.
    """
    best = None
    view = dealer.view
    for _ in range(DEAL_TRIES):
        deal = dealer.deal(rng)
        misses = _misses(view, moves, deal.hands, rng)
        if not misses or rng.random() < MOVE_DOUBT**misses:
            return deal
        if best is None or misses < best[0]:
            best = (misses, deal)
    return best[1]


def _misses(view: PlayerView, moves, hands, rng: random.Random) -> int:
    """How many of the others' recent moves the heuristic would not have made, holding these hands.

    Where a player took cards since a move, ``rng`` picks which of their cards were the ones taken.
    """
    misses = 0
    rules = view.rules
    style = _style(rules)
    marker = view.marker
    decks = rules.decks
    for move in moves:
        action = move.action
        hand = list(hands[move.seat])
        for entry in reversed(move.since):  # back in time to the move
            if entry >= 0:
                hand.append(entry)
            else:
                for _ in range(-entry):
                    hand.pop(rng.randrange(len(hand)))
        if action.kind in (PLAY, CUT):
            hand.append(action.card)
        top = move.position["top"]
        if any(hand.count(card) + (card == top) > decks for card in hand):
            # A card laid since (or then on the pile) was shuffled back into the stock and dealt
            # to them in this deal: they could hold it only as one of the cards taken since.
            misses += 1
            continue
        if move.fits is not None:
            # A draw: the heuristic draws only when no card fits. A chopper may fit and still not
            # be laid (a cut to weigh, or sevens that only cut): the heuristic is asked about those.
            fits = move.fits
            choppers = [view.is_chopper(card) for card in hand]
            if any(fits[card] and not chopper for card, chopper in zip(hand, choppers, strict=True)):
                misses += 1
                continue
            if not any(choppers):
                continue
        if move.probe is None:
            probe = _rebuilt(view, move, hand, marker)
            move.probe = () if probe is None else (probe, PlayerView(probe, move.seat))
        if not move.probe:
            continue  # a position the engine refuses to rebuild says nothing
        probe, seen = move.probe
        probe.set_hand(move.seat, hand)
        if action not in probe.legal_actions() or HeuristicAgent._choice_with(seen, style, move.void)[0] != action:
            misses += 1
    return misses


def _rebuilt(view: PlayerView, move: _Move, hand: list[int], marker: int | None) -> Round | None:
    """The position of ``move`` with ``hand`` in its player's seat and stand-in cards elsewhere (None: impossible)."""
    position = move.position
    top = position["top"]
    decks = view.rules.decks
    used = [0] * 54
    for card in (*hand, top, *(() if marker is None else (marker,))):
        used[card] += 1
    spare = [card for card in range(52) for _ in range(decks - used[card])]
    sizes = [max(size, 1) for size in view.hand_sizes]
    if sum(sizes) - sizes[move.seat] > len(spare):
        return None  # the other hands hold more cards than a stand-in deal can give them
    stand_ins = iter(spare)
    hands = [
        [DECK[card] for card in hand] if seat == move.seat else [DECK[next(stand_ins)] for _ in range(size)]
        for seat, size in enumerate(sizes)
    ]
    try:
        return Round.from_position(
            view.rules,
            hands,
            pile=[DECK[top]],
            marker=None if marker is None else DECK[marker],
            to_move=move.seat,
            direction=position["direction"],
            suit=position["suit"],
            colour=position["colour"],
            pending=position["pending"],
            free=position["free"],
        )
    except MatatuError:
        return None


class _Dealer:
    """Deals the cards a seat cannot see again, each hand by how likely each card is in it.

    One sample of the round (``view.sample_round``), without its history and log, is made once;
    every deal is a copy of it with its hidden cards (each copy of a card, with two decks) dealt
    afresh, so every hand and the stock keep their sizes.
    """

    __slots__ = ("view", "base", "hidden", "believed", "plain")

    def __init__(self, view: PlayerView, rng: random.Random, beliefs: dict[int, list[tuple[int, float]]]):
        self.view = view
        base = view.sample_round(rng)
        base.history = []
        base.log = []
        self.base = base
        hidden = list(base.stock)
        for seat in range(base.players):
            if seat != view.seat:
                hidden.extend(base.hands[seat])
        hidden.sort()
        self.hidden = hidden
        # For each seat the beliefs weigh, the exponent of each hidden card's sampling key.
        self.believed = []
        for seat, weighted in beliefs.items():
            exponent = {card: 1.0 / weight for card, weight in weighted}
            self.believed.append((seat, [exponent[card] for card in hidden]))
        self.plain = [seat for seat in range(base.players) if seat != view.seat and seat not in beliefs]

    def deal(self, rng: random.Random) -> Round:
        deal = self.base.copy(seed=rng.getrandbits(63))
        hands = deal.hands
        hidden = self.hidden
        free = [True] * len(hidden)
        random_number = rng.random
        for seat, exponents in self.believed:
            # Weighted sampling without replacement: the largest keys u ** (1 / weight) win.
            keys = sorted(
                ((random_number() ** exponent, index) for index, exponent in enumerate(exponents) if free[index]),
                reverse=True,
            )
            hand = []
            for _, index in keys[: len(hands[seat])]:
                free[index] = False
                hand.append(hidden[index])
            hands[seat] = hand
        rest = [card for card, still in zip(hidden, free, strict=True) if still]
        rng.shuffle(rest)
        for seat in self.plain:
            size = len(hands[seat])
            hands[seat] = rest[len(rest) - size :]
            del rest[len(rest) - size :]
        deal.stock = rest
        return deal


def _heuristic_pick(view: PlayerView, style: _Style, candidates: list[Action]) -> Action:
    """The heuristic's action, among the search's candidates."""
    action = HeuristicAgent._choice_with(view, style)[0]
    if action in candidates:
        return action
    # A call-less twin or a suit the search does not try: the candidate that lays the same card.
    for candidate in candidates:
        if candidate.kind is action.kind and candidate.card == action.card:
            return candidate
    return candidates[0]


def _gerund(action: Action, view: PlayerView) -> str:
    doing = _doing(action, view)
    verb, _, rest = doing.partition(" ")
    ing = {"play": "playing", "cut": "cutting", "draw": "drawing", "pass": "passing", "pick": "picking"}
    return f"{ing.get(verb, verb)} {rest}".strip()


def _candidates(view: PlayerView, legal: tuple[Action, ...]) -> list[Action]:
    """The legal actions worth searching: the others do no better.

    A due call is always made; an Ace or joker names only suits the seat still holds (any one
    when it holds none); and passing without drawing is left out where drawing is allowed, since
    a draw takes the same one card and still lets its player lay a card or pass.
    """
    held = {SUIT_OF[card] for card in view.hand if SUIT_OF[card] >= 0 and RANK_OF[card] != ACE}
    with_word = {(action.card, action.suit) for action in legal if action.word is not None}
    naming_held = {action.card for action in legal if action.suit in held}
    can_draw = any(action.kind is DRAW for action in legal)
    candidates = []
    named: set[int] = set()
    for action in legal:
        kind = action.kind
        if kind is PLAY:
            if action.word is None and (action.card, action.suit) in with_word:
                continue
            if action.suit is not None:
                if action.card in naming_held:
                    if action.suit not in held:
                        continue
                elif action.card in named:
                    continue
                named.add(action.card)
        elif kind is PASS and can_draw:
            continue
        candidates.append(action)
    return candidates


def _play_out(game, seat: int, style: _Style) -> float:
    """Play a sampled round to its end with the heuristic in every seat; this seat's share of the win."""
    values = style.values
    strict = style.strict
    hands = game.hands

    def estimate(own: int, others: list[int]) -> float:
        # What the player to move cannot see in this imagined deal: the other hands and the stock.
        mover = game.to_move
        unseen = [values[card] for other, hand in enumerate(hands) if other != mover for card in hand]
        unseen += [values[card] for card in game.stock]
        return unseen_chance(own, others, unseen, strict)

    choppers = style.choppers(game.chopper_suit)
    two = game.players == 2
    steps = 0
    drew = None  # the seat whose draw was the last move
    while not game.over:
        legal = game.legal_actions()
        mover = game.to_move
        if len(legal) == 1:
            action = legal[0]
        else:
            sizes = [len(hand) for hand in hands]
            void = game.suit_in_play if two and drew is not None and drew != mover else None
            action = heuristic_choice(
                legal, hands[mover], sizes, mover, game.direction, style, choppers, estimate, void
            )[0]
        game.apply(action)
        drew = mover if action.kind is DRAW else None
        steps += 1
        if steps > ROLLOUT_LIMIT:
            totals = game.totals()
            lightest = min(totals)
            return 1 / totals.count(lightest) if totals[seat] == lightest else 0.0
    winners = game.result.winners
    return 1 / len(winners) if seat in winners else 0.0
