"""Cut odds: how often cutting now wins, from what the seat to move can see.

The seat knows its own hand, the pile and a ``uganda`` cutter; every other card
(``view.unseen_cards()``) could be in any opponent's hand or in the stock, and
each way of dealing them is taken as equally likely. Only the sizes of the other
hands count. Under every ruleset's winner rule (docs/rules.md §6) the cutter's
fate depends on one number, the lightest opponent total: below the cutter's
total after the chop it is a win, equal it is a tie where equal lowest totals
tie (``house``, ``party``) and a loss elsewhere, above it a loss.

The odds are counted exactly when the table of the count is small (every
two-player position, most three-player ones), and otherwise estimated from random
deals (a million by default, several million a second) with their standard errors.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.cards import parse_card, parse_cards
>>> from matatu_learn.engine.round import Round
>>> from matatu_learn.engine.view import PlayerView
>>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦ 8♣ 4♠"), parse_cards("K♣ 9♠")],
...     pile=parse_cards("9♦"), marker=parse_card("6♦"))
>>> view = PlayerView(game, 0)  # seat 0 sees its hand and the pile; seat 1 holds two cards
>>> odds = cut_odds(view)
>>> odds.cut, odds.cutter_total, odds.exact, odds.deals
(Card('7♦'), 12, True, 1128)
>>> print(odds.sentence())
Cutting with 7♦ now wins 84.84% of the 1,128 deals you cannot see (counted exactly); ties 3.46%, loses 11.70%.
>>> sampled = cut_odds(view, method="sample", samples=200_000, seed=1)
>>> sampled.samples, abs(sampled.p_win - odds.p_win) < 4 * sampled.stderr_win
(200000, True)

``wait_odds(view)`` asks the engine instead whether waiting a turn does better
(slower: it plays sampled rounds to their end).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..agents.choices import make_agent
from ..agents.simulate import play_round
from ..engine.actions import CUT, Action, make_action
from ..engine.cards import CARD_NAMES, Card, parse_card
from ..engine.errors import IllegalActionError, MatatuError
from ..engine.round import RoundResult
from ..engine.rules import Chopper, CutWinner
from ..engine.rulings import Rule, Ruling
from ..engine.view import PlayerView

DEFAULT_SAMPLES = 1_000_000
DEFAULT_WAIT_SAMPLES = 2_000
METHODS = ("auto", "exact", "sample")
# The exact count keeps one cell per (cards, capped total) of every opponent; past this many
# cells counting gets slower than a million samples, whose error is already below 0.1%.
EXACT_CELLS_LIMIT = 100_000
# Past the table, positions with no more deals than this are listed deal by deal: a million
# take a tenth of a second and some 50 MB.
LISTED_DEALS_LIMIT = 1_000_000
# Rows of random deals drawn at once: enough for numpy to pay off, few enough (under a megabyte
# of keys) to stay in the processor's cache; measured faster than 4,096 or 65,536.
CHUNK_ROWS = 1 << 14
# The "±" of a sentence, in standard errors: 95% of estimates land this close to the true chance.
INTERVAL = 1.96


@dataclass(frozen=True)
class CutOdds:
    """The chance that cutting now wins, ties or loses, over the deals the seat cannot see.

    ``p_win``: the cutter wins outright; ``p_tie``: the cutter shares the win; ``p_lose``:
    somebody else wins. ``exact`` answers were counted over all ``deals``, with standard
    errors of 0; otherwise ``samples`` deals were drawn with the numpy ``seed``.
    """

    cut: Card
    p_win: float
    p_tie: float
    p_lose: float
    stderr_win: float
    stderr_tie: float
    stderr_lose: float
    exact: bool
    samples: int
    deals: int
    cutter_total: int
    opponent_sizes: tuple[int, ...]
    unseen: int
    seed: int
    seconds: float

    @property
    def samples_per_s(self) -> float:
        return self.samples / self.seconds if self.seconds > 0 else 0.0

    def sentence(self) -> str:
        """The answer as a player reads it."""
        name = CARD_NAMES[self.cut]
        rest = f"ties {_percent(self.p_tie)}, loses {_percent(self.p_lose)}."
        if self.exact:
            return (
                f"Cutting with {name} now wins {_percent(self.p_win)} of the {self.deals:,} deals you cannot see "
                f"(counted exactly); {rest}"
            )
        return (
            f"Cutting with {name} now wins {_percent(self.p_win)} ± {_percent(INTERVAL * self.stderr_win)} "
            f"of the deals you cannot see; {rest}"
        )

    def to_json(self) -> dict:
        return {
            "cut": CARD_NAMES[self.cut],
            "p_win": self.p_win,
            "p_tie": self.p_tie,
            "p_lose": self.p_lose,
            "stderr": {"win": self.stderr_win, "tie": self.stderr_tie, "lose": self.stderr_lose},
            "exact": self.exact,
            "samples": self.samples,
            "deals": self.deals,
            "cutter_total": self.cutter_total,
            "opponent_sizes": list(self.opponent_sizes),
            "unseen": self.unseen,
            "seed": self.seed,
            "seconds": round(self.seconds, 4),
            "samples_per_s": round(self.samples_per_s),
        }


@dataclass(frozen=True)
class WaitOdds:
    """Cutting now against waiting a turn, on the same sampled rounds (see ``wait_odds``).

    Each rate is a share of ``samples`` rounds; each ``stderr_…`` is its standard error.
    ``better``: waiting ends better for the seat than cutting now did (a win beats a tie,
    a tie beats a loss); ``worse``: the other way round.
    """

    cut: Card
    action: Action
    samples: int
    seed: int
    now_win: float
    now_tie: float
    wait_win: float
    wait_tie: float
    better: float
    worse: float
    stderr_now_win: float
    stderr_wait_win: float
    stderr_better: float
    stderr_worse: float
    seconds: float

    def sentence(self) -> str:
        return (
            f"Waiting instead ({self.action} now, then the others play the heuristic way and you cut at your first "
            f"chance) wins {_percent(self.wait_win)} ± {_percent(INTERVAL * self.stderr_wait_win)} and ties "
            f"{_percent(self.wait_tie)}, against {_percent(self.now_win)} won by cutting with "
            f"{CARD_NAMES[self.cut]} now on the same {self.samples:,} sampled rounds; waiting ends better in "
            f"{_percent(self.better)} ± {_percent(INTERVAL * self.stderr_better)} of them and worse in "
            f"{_percent(self.worse)} ± {_percent(INTERVAL * self.stderr_worse)}."
        )

    def to_json(self) -> dict:
        return {
            "cut": CARD_NAMES[self.cut],
            "action": str(self.action),
            "samples": self.samples,
            "seed": self.seed,
            "now": {"win": self.now_win, "tie": self.now_tie, "stderr_win": self.stderr_now_win},
            "wait": {"win": self.wait_win, "tie": self.wait_tie, "stderr_win": self.stderr_wait_win},
            "better": self.better,
            "worse": self.worse,
            "stderr_better": self.stderr_better,
            "stderr_worse": self.stderr_worse,
            "seconds": round(self.seconds, 4),
        }


# ---------------------------------------------------------------------- the questions
def legal_cuts(view: PlayerView) -> tuple[Card, ...]:
    """The choppers this seat may cut with now (the engine's legal actions decide)."""
    return tuple(action.card for action in view.legal if action.kind is CUT)


def cut_odds(
    view: PlayerView,
    chopper: Card | str | None = None,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    method: str = "auto",
) -> CutOdds:
    """The odds of cutting now with ``chopper`` (a card or its name; None: the best legal cut), seen from ``view``.

    ``method``: "exact" counts every deal, "sample" draws ``samples`` deals, "auto"
    counts when that is quick and samples otherwise. A cut the rules refuse raises
    ``IllegalActionError`` with the engine's reason.
    """
    if chopper is None:
        return best_cut(view, samples=samples, seed=seed, method=method)
    _check_view(view)
    _check_count(samples, "deals")
    _check_method(method)
    chopper = parse_card(chopper) if isinstance(chopper, str) else chopper
    if chopper not in legal_cuts(view):
        raise IllegalActionError(_refusal(view, chopper))
    return _odds_for_total(view, chopper, _total_after(view, chopper), samples, seed, method)


def best_cut(view: PlayerView, *, samples: int = DEFAULT_SAMPLES, seed: int = 0, method: str = "auto") -> CutOdds:
    """The legal cut with the best chance of winning outright (then of a tie); the first in card order on equal odds."""
    _check_view(view)
    _check_count(samples, "deals")
    _check_method(method)
    choppers = legal_cuts(view)
    if not choppers:
        raise IllegalActionError(_no_cut_reason(view))
    started = time.perf_counter()
    by_total: dict[int, CutOdds] = {}
    best = None
    for chopper in sorted(choppers):
        # The odds depend on the chopper only through the total it leaves: count each total once.
        total = _total_after(view, chopper)
        if total not in by_total:
            by_total[total] = _odds_for_total(view, chopper, total, samples, seed, method)
        odds = by_total[total]
        if best is None or (odds.p_win, odds.p_tie) > (best.p_win, best.p_tie):
            best = replace(odds, cut=chopper)
    return replace(best, seconds=time.perf_counter() - started)


def wait_odds(
    view: PlayerView, chopper: Card | str | None = None, *, samples: int = DEFAULT_WAIT_SAMPLES, seed: int = 0
) -> WaitOdds:
    """Whether waiting a turn beats cutting now, estimated with the engine on sampled rounds.

    Each of ``samples`` rounds deals the unseen cards at random (``view.sample_round``).
    On each, "now" cuts with ``chopper`` (None: the best legal cut) and "wait" plays the
    move the heuristic agent would choose if it could not cut, then lets the others play
    the heuristic way to the end of the round while this seat cuts at its first legal
    chance and plays the heuristic way until then. The answer is about that way of
    playing on, not about perfect play: the outcomes are compared round by round, with
    standard errors.
    """
    _check_view(view)
    _check_count(samples, "rounds")
    if chopper is None:
        chopper = best_cut(view, seed=seed).cut
    chopper = parse_card(chopper) if isinstance(chopper, str) else chopper
    if chopper not in legal_cuts(view):
        raise IllegalActionError(_refusal(view, chopper))
    cut = make_action(CUT, chopper)
    action = waiting_move(view)
    if action is None:
        raise MatatuError("Waiting is not possible: cutting is your only legal action.")
    seat = view.seat
    rng = random.Random(seed)
    agents = [make_agent("heuristic") for _ in range(view.players)]
    agents[seat] = _CutWhenLegal()
    counts = Counter()
    started = time.perf_counter()
    for _ in range(samples):
        sample = view.sample_round(rng)
        now = sample.copy()
        now.apply(cut)
        sample.apply(action)
        play_round(sample, agents)
        now_rank, wait_rank = _rank(now.result, seat), _rank(sample.result, seat)
        counts["now", now_rank] += 1
        counts["wait", wait_rank] += 1
        counts["better"] += wait_rank > now_rank
        counts["worse"] += wait_rank < now_rank
    seconds = time.perf_counter() - started
    share = {key: count / samples for key, count in counts.items()}
    now_win, wait_win = share.get(("now", 2), 0.0), share.get(("wait", 2), 0.0)
    better, worse = share.get("better", 0.0), share.get("worse", 0.0)
    return WaitOdds(
        cut=chopper,
        action=action,
        samples=samples,
        seed=seed,
        now_win=now_win,
        now_tie=share.get(("now", 1), 0.0),
        wait_win=wait_win,
        wait_tie=share.get(("wait", 1), 0.0),
        better=better,
        worse=worse,
        stderr_now_win=_stderr(now_win, samples),
        stderr_wait_win=_stderr(wait_win, samples),
        stderr_better=_stderr(better, samples),
        stderr_worse=_stderr(worse, samples),
        seconds=seconds,
    )


# ---------------------------------------------------------------------- the arithmetic
def waiting_move(view: PlayerView) -> Action | None:
    """What "waiting" plays: the heuristic's choice with the cuts left out (None when only cuts are legal)."""
    waiting = tuple(action for action in view.legal if action.kind is not CUT)
    return make_agent("heuristic").choose(_WithoutCuts(view, waiting)) if waiting else None


def deal_count(unseen: int, sizes: Sequence[int]) -> int:
    """How many ways the unseen cards can fill hands of these sizes (the rest is the stock).

    >>> deal_count(5, (2,)), deal_count(4, (1, 1))
    (10, 12)
    """
    ways, left = 1, unseen
    for size in sizes:
        ways *= math.comb(left, size)
        left -= size
    return ways


def exact_cells(sizes: Sequence[int], cutter_total: int) -> int:
    """The size of the exact count's table: for each opponent, cards held × totals up to the cutter's and above."""
    return math.prod((size + 1) * (cutter_total + 2) for size in sizes)


def count_lightest(values: Sequence[int], sizes: Sequence[int], cutter_total: int) -> tuple[float, float]:
    """Exactly, over every deal of ``values`` into hands of ``sizes``: the chance that every
    hand counts more than ``cutter_total``, and that every hand counts at least that much.

    A dynamic program over the groups of equal-valued cards: for each opponent it keeps
    the cards dealt so far and the total so far, capped at ``cutter_total + 1`` (above
    the cutter is all that matters), and counts the ways each group's cards can be shared.

    >>> count_lightest([2, 5, 9], [1], 5)  # one card of three: 9 beats 5, 5 ties
    (0.3333333333333333, 0.6666666666666666)
    """
    cap = cutter_total + 1
    shape = tuple(length for size in sizes for length in (size + 1, cap + 1))
    table = np.zeros(shape)
    table[(0,) * len(shape)] = 1.0
    for value, copies in sorted(Counter(values).items()):
        spread = np.zeros(shape)
        _share_group(table, spread, sizes, 0, value, copies, 1.0, cap)
        table = spread
    # Each opponent holding its whole hand, at every total.
    at_full = table[tuple(index for size in sizes for index in (size, slice(None)))]
    everything = at_full.sum()
    above = at_full[(cap,) * len(sizes)] / everything
    at_least = at_full[(slice(cutter_total, cap + 1),) * len(sizes)].sum() / everything
    return float(above), float(at_least)


def every_lightest(values: Sequence[int], sizes: Sequence[int]) -> np.ndarray:
    """The lightest opponent total of every deal of ``values`` into hands of ``sizes``, one entry per deal.

    For positions with few deals (an endgame of many players); the rest of the cards is the stock.

    >>> every_lightest([2, 5, 9], [1, 1]).tolist()  # 2|5 2|9 5|2 5|9 9|2 9|5
    [2, 2, 2, 5, 2, 5]
    """
    table = np.asarray(values, dtype=np.int32)
    left = np.arange(len(values), dtype=np.int16)[None, :]  # per partial deal, the cards still to hand out
    lightest = np.zeros(1, dtype=np.int32)
    for number, size in enumerate(sizes):
        width = left.shape[1]
        hands = list(itertools.combinations(range(width), size))
        choices = np.array(hands, dtype=np.intp).reshape(len(hands), size)
        totals = table[left[:, choices]].sum(axis=2, dtype=np.int32).reshape(-1)
        lightest = totals if number == 0 else np.minimum(np.repeat(lightest, len(choices)), totals)
        if number < len(sizes) - 1:
            kept = np.ones((len(choices), width), dtype=bool)
            kept[np.arange(len(choices))[:, None], choices] = False
            rest = np.nonzero(kept)[1].reshape(len(choices), width - size)
            left = left[:, rest].reshape(-1, width - size)
    return lightest


def sample_lightest(values: Sequence[int], sizes: Sequence[int], samples: int, rng: np.random.Generator) -> np.ndarray:
    """The lightest opponent total in each of ``samples`` random deals (an int32 array).

    Each row gives every unseen card a random key and sorts: the first cards go to the
    first opponent, the next to the second, and so on; the rest is the stock. The key's
    low bits hold the card's value, so one sort of small integers deals the row and
    nothing needs looking up after it. A row whose random bits tie across the edge of a
    hand is drawn again, so every deal is exactly equally likely.

    >>> lightest = sample_lightest([2, 5, 9], [1], 30_000, np.random.default_rng(0))
    >>> sorted(set(lightest.tolist())), bool(abs((lightest == 9).mean() - 1 / 3) < 0.02)
    ([2, 5, 9], True)
    """
    if any(size == 0 for size in sizes):
        return np.zeros(samples, dtype=np.int32)  # an empty hand counts 0: nobody is lighter
    value_bits = max(max(values).bit_length(), 1)
    # 16-bit keys sort fastest; with card values up to 63 they keep 10 random bits, and the ties
    # those leave are redrawn (about 2% of rows per hand edge) rather than paid for in every row.
    key_type = np.uint16 if value_bits <= 6 else np.uint32
    largest = int(np.iinfo(key_type).max)
    value_mask = key_type((1 << value_bits) - 1)
    random_mask = key_type(largest ^ int(value_mask))
    cards = np.asarray(values, dtype=key_type)
    unseen, dealt = len(values), sum(sizes)
    starts = [int(start) for start in np.cumsum((0, *sizes[:-1]))]
    edges = [int(edge) for edge in np.cumsum(sizes) if edge < unseen]
    words_per_draw = 8 // np.dtype(key_type).itemsize  # the generator's raw draws are 64 bits
    lightest = np.empty(samples, dtype=np.int32)
    filled = 0
    while filled < samples:
        rows = min(CHUNK_ROWS, samples - filled)
        words = rows * unseen
        keys = rng.bit_generator.random_raw(-(-words // words_per_draw)).view(key_type)[:words].reshape(rows, unseen)
        keys &= random_mask
        keys |= cards
        keys.sort(axis=1)
        hands = keys[:, :dealt] & value_mask
        lowest = None
        for start, size in zip(starts, sizes, strict=True):
            # Adding whole columns keeps numpy busy on long runs; a hand counts at most 54 cards
            # of at most 63, so the 16-bit sums cannot overflow.
            total = hands[:, start].copy()
            for column in range(start + 1, start + size):
                total += hands[:, column]
            lowest = total if lowest is None else np.minimum(lowest, total, out=lowest)
        if edges:
            fair = np.ones(rows, dtype=bool)
            for edge in edges:
                fair &= ((keys[:, edge - 1] ^ keys[:, edge]) & random_mask) != 0
            lowest = lowest[fair]
        lightest[filled : filled + len(lowest)] = lowest
        filled += len(lowest)
    return lightest


# ---------------------------------------------------------------------- inside
class _CutWhenLegal:
    """The waiting seat after its move: it cuts at its first legal chance, and plays the heuristic way until then."""

    name = "cut-when-legal"

    def __init__(self):
        self._heuristic = make_agent("heuristic")

    def choose(self, view: PlayerView) -> Action:
        for action in view.legal:
            if action.kind is CUT:
                return action
        return self._heuristic.choose(view)


class _WithoutCuts:
    """A seat's view whose legal actions leave the cuts out: what the heuristic would do if it could not cut."""

    __slots__ = ("_view", "legal")

    def __init__(self, view: PlayerView, legal: tuple[Action, ...]):
        self._view = view
        self.legal = legal

    def __getattr__(self, name):
        return getattr(self._view, name)


def _check_view(view: PlayerView) -> None:
    if not isinstance(view, PlayerView) or view.seat is None:
        raise MatatuError("Odds are asked from one seat's view: give PlayerView(game, seat), not the whole table.")


def _check_count(samples: int, what: str) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise MatatuError(f"samples must be a whole number of {what}, 1 or more, not {samples!r}.")


def _check_method(method: str) -> None:
    if method not in METHODS:
        raise MatatuError(f"'{method}' is not a way of counting: choose {', '.join(METHODS)}.")


def _total_after(view: PlayerView, chopper: Card) -> int:
    return view.total() - view.values[chopper]


def _odds_for_total(view: PlayerView, chopper: Card, total: int, samples: int, seed: int, method: str) -> CutOdds:
    started = time.perf_counter()
    values_of = view.values
    values = [values_of[card] for card in view.unseen_cards()]
    sizes = tuple(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
    deals = deal_count(len(values), sizes)
    cells = exact_cells(sizes, total)
    by_table = method != "sample" and cells <= EXACT_CELLS_LIMIT
    by_list = method != "sample" and not by_table and deals <= LISTED_DEALS_LIMIT
    if method == "exact" and not (by_table or by_list):
        raise MatatuError(
            f"This position has {deals:,} deals, too many to list, and counting them needs a table of "
            f"{cells:,} cells, more than the {EXACT_CELLS_LIMIT:,} allowed: sample it instead."
        )
    ties_share = view.rules.cut_winner is CutWinner.LOWEST  # elsewhere a cutter level with the lightest loses
    if by_table:
        above, at_least = count_lightest(values, sizes, total)
        p_win, p_tie, drawn = above, (at_least - above if ties_share else 0.0), 0
        p_lose = max(0.0, 1.0 - (at_least if ties_share else above))
    else:
        if by_list:
            lightest, drawn = every_lightest(values, sizes), 0
        else:
            lightest, drawn = sample_lightest(values, sizes, samples, np.random.default_rng(seed)), samples
        wins = np.count_nonzero(lightest > total)
        ties = np.count_nonzero(lightest == total) if ties_share else 0
        p_win, p_tie, p_lose = (
            wins / len(lightest),
            ties / len(lightest),
            (len(lightest) - wins - ties) / len(lightest),
        )
    return CutOdds(
        cut=chopper,
        p_win=float(p_win),
        p_tie=float(p_tie),
        p_lose=float(p_lose),
        stderr_win=_stderr(p_win, drawn),
        stderr_tie=_stderr(p_tie, drawn),
        stderr_lose=_stderr(p_lose, drawn),
        exact=by_table or by_list,
        samples=drawn,
        deals=deals,
        cutter_total=total,
        opponent_sizes=sizes,
        unseen=len(values),
        seed=seed,
        seconds=time.perf_counter() - started,
    )


def _share_group(
    table: np.ndarray,
    spread: np.ndarray,
    sizes: Sequence[int],
    opponent: int,
    value: int,
    copies: int,
    ways: float,
    cap: int,
) -> None:
    """Add to ``spread`` every way of handing some of ``copies`` equal cards to the opponents from ``opponent`` on."""
    if opponent == len(sizes):
        spread += ways * table  # the cards not handed out go to the stock
        return
    for count in range(min(copies, sizes[opponent]) + 1):
        moved = _add_cards(table, 2 * opponent, count, count * value, cap)
        ways_here = ways * math.comb(copies, count)  # which of the equal cards this hand gets
        _share_group(moved, spread, sizes, opponent + 1, value, copies - count, ways_here, cap)


def _add_cards(table: np.ndarray, axis: int, count: int, value: int, cap: int) -> np.ndarray:
    """The table after one opponent (card axis ``axis``, total axis next to it) takes ``count`` cards worth ``value``."""
    if count == 0:
        return table
    moved = np.zeros_like(table)
    keep = [slice(None)] * table.ndim

    def part(cards: slice, totals: slice) -> tuple:
        keep[axis], keep[axis + 1] = cards, totals
        return tuple(keep)

    source_cards, target_cards = slice(0, table.shape[axis] - count), slice(count, None)
    if value < cap:
        moved[part(target_cards, slice(value, cap))] = table[part(source_cards, slice(0, cap - value))]
    # Totals that reach the cap stay there: only "above the cutter" matters beyond it.
    start = max(cap - value, 0)
    moved[part(target_cards, slice(cap, cap + 1))] = table[part(source_cards, slice(start, cap + 1))].sum(
        axis=axis + 1, keepdims=True
    )
    return moved


def _stderr(share: float, samples: int) -> float:
    return math.sqrt(share * (1.0 - share) / samples) if samples else 0.0


def _percent(share: float) -> str:
    return f"{100 * share:.2f}%" if share < 0.9995 or share == 1 else f"{100 * share:.3f}%"


def _rank(result: RoundResult, seat: int) -> int:
    """2 for a win, 1 for a shared win, 0 for a loss."""
    if seat not in result.winners:
        return 0
    return 2 if len(result.winners) == 1 else 1


def _no_cut_reason(view: PlayerView) -> Ruling:
    """Why this seat has no legal cut: the round is over, it is not its turn, the ruling on
    its first chopper, or that it holds none."""
    if view.over:
        return Ruling(Rule.ROUND_OVER, False, "cut")
    if view.to_move != view.seat:
        return Ruling(Rule.NOT_YOUR_TURN, False, "cut", seat=view.seat, to_move=view.to_move, players=view.players)
    choppers = [card for card in view.hand if view.is_chopper(card)]
    if choppers:
        return _refusal(view, choppers[0])
    if view.rules.chopper is Chopper.ANY_SEVEN:
        return Ruling(Rule.NO_CHOPPER_HELD, False, "cut", any_seven=True)
    return Ruling(
        Rule.NO_CHOPPER_HELD, False, "cut", any_seven=False, chopper_suit=view.chopper_suit, marker=view.rules.marker
    )


def _refusal(view: PlayerView, chopper: Card) -> Ruling:
    if view.over or view.to_move != view.seat:
        return _no_cut_reason(view)
    return view.ruling(make_action(CUT, chopper))


__all__ = [
    "CutOdds",
    "WaitOdds",
    "best_cut",
    "count_lightest",
    "cut_odds",
    "deal_count",
    "every_lightest",
    "legal_cuts",
    "sample_lightest",
    "wait_odds",
    "waiting_move",
]
