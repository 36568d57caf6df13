"""A finished round graded for one seat: each decision valued against the best move found,
the error of each, the error rate, blunders, mistakes and inaccuracies, and how much of the
result was luck.

**How a decision is valued.** At each turn of the seat with more than one legal move, every
move the search would consider (``search_candidates``) and the move played are each played
out on the same imagined deals, the search's own (``agents.playouts``): from the seat's own
view, the others' hands guessed from what their draws and plays said, and the heuristic
playing every seat to the end. The deals are seeded by the position (``position_seed``), so the
grade, the coach and the lab's review value a move on the same deals. A move's *chance* is
the share of deals its seat wins (a shared win counts its share). The best move is the one
with the best chance (on equal chances, the move played). The *error* is the chance the move
played gave away, less one standard error of that difference measured deal by deal: only
what stands out of the estimate's noise counts (``NOISE_ALLOWANCE``). Only the seat's view is
used, never the real hidden cards: a decision is judged on what the player could know.

**Thresholds** (``THRESHOLDS``): a blunder gives away 0.20 of a win or more, a mistake 0.10,
an inaccuracy 0.05. They are the only ones: the coach's verdict and the lab's review are read
from this grade (``judged``), so one move at one position gets one verdict on every page.

**Luck.** The seat's result (1 for a win, a share for a shared win, 0 otherwise) against its
fair share (1/players) is the sum of the swings in its chance along the round: at its own
decisions the swing is minus its error, and everything else — the deal, the draws and
reshuffles, and what the others did — is luck. So ``luck = result − fair share + total
error``, split into ``deal_luck`` (its chance at its first turn, the best move's, less the fair
share: the hand it was dealt) and the rest (the draws and the others' moves since).

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.cards import parse_card, parse_cards
>>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦"), parse_cards("9♦")],
...     pile=parse_cards("4♦"), marker=parse_card("6♦"))
>>> decision = grade_decision(PlayerView(game, 0), parse_action("pass"), deals=40)
>>> decision.best, decision.best_chance, decision.label  # passing, when a last-card cut wins at once
('cut 7♦', 1.0, 'blunder')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass

from ..agents.choices import agent_spec, make_agent
from ..agents.playouts import Difference, Valuation, value_moves
from ..agents.search import search_candidates
from ..agents.simulate import game_seed
from ..engine.actions import Action, parse_action
from ..engine.errors import IllegalActionError, MatatuError
from ..engine.round import Round
from ..engine.rules import PRESETS, Rules
from ..engine.view import PlayerView, views_of

# Chance given away by a move (0 to 1) from which it is flagged, worst first, as chess sites do.
THRESHOLDS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
LABELS = tuple(label for label, _ in THRESHOLDS)  # blunder, mistake, inaccuracy: worst first
GOOD = "good"
FORCED = "forced"  # a move with no choice: the lab's review shows it, a grade has no decision there
# Imagined deals each decision is valued on (every candidate meets the same deals). 100 keeps a
# 20-decision round to a few seconds; the standard error of a difference is then about 0.03.
DEFAULT_DEALS = 100
# How many standard errors of the measured difference are taken off an error before it counts.
NOISE_ALLOWANCE = 1.0
# The computer players graded for the "you played like" comparison, weakest first.
GRADED_AGENTS = ("random", "heuristic", "search:1", "search:2")

# The agents' error rates (the mean error a decision), graded with DEFAULT_DEALS at the same positions:
# one in four decisions of 60 two-player rounds between heuristic players (430, 266, 162 and 298
# positions), measured by ``python benchmarks/agent_error_rates.py`` (its defaults).
# A learner's game is compared with its preset's row.
AGENT_ERROR_RATES: dict[str, dict[str, float]] = {
    "house": {"random": 0.0330, "heuristic": 0.0079, "search:1": 0.0039, "search:2": 0.0021},
    "uganda": {"random": 0.0637, "heuristic": 0.0086, "search:1": 0.0062, "search:2": 0.0027},
    "bomb": {"random": 0.0951, "heuristic": 0.0324, "search:1": 0.0076, "search:2": 0.0027},
    "party": {"random": 0.0584, "heuristic": 0.0077, "search:1": 0.0044, "search:2": 0.0008},
}


def label_for(error: float, choices: int = 2) -> str:
    """The label of a decision that gave away ``error`` of a win, among ``choices`` legal moves.

    >>> label_for(0.25), label_for(0.12), label_for(0.07), label_for(0.0), label_for(0.0, choices=1)
    ('blunder', 'mistake', 'inaccuracy', 'good', 'forced')
    """
    if choices == 1:
        return FORCED
    for label, threshold in THRESHOLDS:
        if error >= threshold:
            return label
    return GOOD


def error_of(difference: Difference) -> float:
    """The chance a move gave away by ``difference`` (the better move's gain over it), less its noise."""
    return max(difference.gain - NOISE_ALLOWANCE * difference.error, 0.0)


@dataclass(frozen=True)
class GradedDecision:
    """One decision of the seat: the move played and the best found, with their chances of winning."""

    number: int  # the move's number in the round, from 1
    played: str
    best: str
    played_chance: float
    best_chance: float
    error: float  # the chance given away beyond the noise, 0 to 1
    label: str  # good, inaccuracy, mistake or blunder
    choices: int  # legal moves at the decision

    def to_json(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Grade:
    """A round graded for one seat."""

    seat: int
    players: int
    decisions: tuple[GradedDecision, ...]  # the seat's turns with more than one legal move
    result: float  # 1 won, a share of a shared win, 0 lost
    start_chance: float  # the chance at the seat's first turn, with the best move
    deals: int

    @property
    def error_rate(self) -> float:
        """The mean error a decision (0 with no decision to make)."""
        return sum(decision.error for decision in self.decisions) / len(self.decisions) if self.decisions else 0.0

    @property
    def total_error(self) -> float:
        return sum(decision.error for decision in self.decisions)

    @property
    def counts(self) -> dict[str, int]:
        """How many blunders, mistakes and inaccuracies."""
        return {label: sum(decision.label == label for decision in self.decisions) for label in LABELS}

    @property
    def fair_share(self) -> float:
        return 1 / self.players

    @property
    def luck(self) -> float:
        """The part of the result the seat's own play does not explain: ``result − fair share + total error``."""
        return self.result - self.fair_share + self.total_error

    @property
    def deal_luck(self) -> float:
        """The deal's part of the luck: the chance at the first turn against the fair share."""
        return self.start_chance - self.fair_share

    @property
    def later_luck(self) -> float:
        """The draws' and the others' part: the luck since the first turn."""
        return self.luck - self.deal_luck

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "players": self.players,
            "deals": self.deals,
            "result": self.result,
            "start_chance": self.start_chance,
            "error_rate": self.error_rate,
            "counts": self.counts,
            "luck": self.luck,
            "deal_luck": self.deal_luck,
            "decisions": [decision.to_json() for decision in self.decisions],
        }

    @classmethod
    def from_json(cls, data: Mapping) -> Grade:
        return cls(
            data["seat"],
            data["players"],
            tuple(GradedDecision(**decision) for decision in data["decisions"]),
            data["result"],
            data["start_chance"],
            data["deals"],
        )


# ------------------------------------------------------------------ valuing
def judged(valuation: Valuation, played: Action, number: int = 0, choices: int = 0) -> GradedDecision:
    """The verdict on the move played, against the best of the moves valued on the same deals.

    The one verdict of a move: the grade, the coach and the lab's review all read it.
    """
    moves = valuation.moves
    chances = valuation.chances
    mine = moves.index(played)
    best = max(range(len(moves)), key=lambda index: (chances[index], index == mine))
    error = 0.0 if best == mine else error_of(valuation.difference(best, mine))
    choices = choices or len(moves)
    return GradedDecision(
        number, str(played), str(moves[best]), chances[mine], chances[best], error, label_for(error, choices), choices
    )


def moves_to_value(view: PlayerView, played: Iterable[Action] = ()) -> list[Action]:
    """The search's candidates, and any move played that it would not consider (valued all the same)."""
    moves = search_candidates(view, view.legal)
    for action in played:
        if action not in moves:
            moves.append(action)
    return moves


def valued_decision(
    view: PlayerView, played: Action | str, deals: int = DEFAULT_DEALS, number: int = 0
) -> tuple[GradedDecision, Valuation]:
    """The move played at the seat's turn judged (see the module's text), and the valuation it was read from.

    The moves valued are the search's candidates and the move played, on the position's own deals.
    """
    played = parse_action(played) if isinstance(played, str) else played
    if played not in view.legal:
        raise IllegalActionError(view.ruling(played))
    valuation = value_moves(view, moves_to_value(view, [played]), deals)
    return judged(valuation, played, number, len(view.legal)), valuation


def grade_decision(view: PlayerView, played: Action | str, deals: int = DEFAULT_DEALS, number: int = 0):
    """The move played at the seat's turn, valued against the best move found (see the module's text)."""
    return valued_decision(view, played, deals, number)[0]


def grade_round(
    rules: Rules,
    players: int,
    seed: int,
    leader: int,
    actions: Iterable[Action | str],
    seat: int,
    deals: int = DEFAULT_DEALS,
    estimate_seed: int = 0,
    on_decision: Callable[[int, int], None] | None = None,
) -> Grade:
    """Grade a finished round (its rules, table, seed, leader and actions) for ``seat``."""
    return grade_from(Round(rules, players, seed, leader), actions, seat, deals, estimate_seed, on_decision)


def grade_from(
    start: Round,
    actions: Iterable[Action | str],
    seat: int,
    deals: int = DEFAULT_DEALS,
    estimate_seed: int = 0,
    on_decision: Callable[[int, int], None] | None = None,
) -> Grade:
    """Grade the moves played from ``start`` for ``seat``; the actions must finish the round.

    ``on_decision(done, total)`` is called after each decision is graded (a page's progress bar):
    a round takes a few seconds, about a second for every five decisions. ``estimate_seed`` no
    longer changes anything: every decision is valued on its position's own deals, as on every
    page (it stays for the callers that pass it).
    """
    check_deals(deals)
    actions, finished = checked_record(start, actions, seat)
    total = sum(len(view.legal) > 1 for _, view, _ in seat_turns(start, actions, seat))
    decisions = []
    start_chance = None
    for number, view, action in seat_turns(start, actions, seat):
        choice = len(view.legal) > 1
        if choice or start_chance is None:  # a forced move is valued only at the first turn
            decision = grade_decision(view, action, deals, number)
            if start_chance is None:
                start_chance = decision.best_chance  # the position's chance: the deal's luck
            if choice:
                decisions.append(decision)
                if on_decision is not None:
                    on_decision(len(decisions), total)
    winners = finished.result.winners
    result = 1 / len(winners) if seat in winners else 0.0
    if start_chance is None:
        start_chance = 1 / start.players  # the seat never moved: all of its result is luck
    return Grade(seat, start.players, tuple(decisions), result, start_chance, deals)


def check_deals(deals: int, name: str = "deals") -> None:
    """Refuses a number of imagined deals (the argument ``name``) that is not a whole number, 1 or more."""
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise MatatuError(f"{name} must be a whole number of imagined deals, 1 or more, not {deals!r}.")


def checked_record(start: Round, actions: Iterable[Action | str], seat: int) -> tuple[list[Action], Round]:
    """The actions of a round played from ``start``, read, and the round they finish.

    Refuses a seat the table does not have, a move after the round's end, and a record that stops
    before it.
    """
    if not 0 <= seat < start.players:
        # Seats are counted from 1 in words, as every page counts them.
        raise MatatuError(f"This round has seats 1 to {start.players}; there is no seat {seat + 1} to grade.")
    actions = [parse_action(action) if isinstance(action, str) else action for action in actions]
    game = start.copy()
    for number, action in enumerate(actions, 1):
        if game.over:
            raise MatatuError(f"Move {number} ({action}) comes after the end of the round.")
        game.apply(action)
    if not game.over:
        raise MatatuError("Only a finished round can be graded: the actions stop before its end.")
    return actions, game


def seat_turns(start: Round, actions: Sequence[Action], seat: int) -> Iterator[tuple[int, PlayerView, Action]]:
    """Each turn of ``seat`` in the record: the move's number (from 1), the seat's view then, and its move.

    The view is live: it is the position of that turn only until the next is asked for.
    """
    game = start.copy()
    view = PlayerView(game, seat)
    for number, action in enumerate(actions, 1):
        if game.to_move == seat:
            yield number, view, action
        game.apply(action)


# --------------------------------------------------------- the computer players
# The share of the decisions of heuristic rounds kept as positions to grade the agents on.
KEPT = 0.25


@dataclass(frozen=True)
class AgentGrade:
    """An agent's decisions graded at a set of positions."""

    spec: str
    decisions: int
    total_error: float
    counts: dict[str, int]

    @property
    def error_rate(self) -> float:
        return self.total_error / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict:
        return {"agent": self.spec, "decisions": self.decisions, "error_rate": self.error_rate, "counts": self.counts}


def decision_positions(
    rules: Rules | str = "house", players: int = 2, games: int = 10, seed: int = 0, kept: float = KEPT
) -> list[tuple[Round, int]]:
    """Decisions to grade the agents at: copies of rounds between heuristic players, at turns with
    more than one legal move, one in ``1 / kept`` of them (seeded), with the seat to move."""
    rules = PRESETS[rules] if isinstance(rules, str) else rules
    chooser = random.Random(f"positions/{seed}")
    found = []
    for index in range(games):
        dealt = game_seed(seed, index)
        game = Round(rules, players, dealt, leader=index % players)
        agents = [make_agent("heuristic", dealt + 1 + seat) for seat in range(players)]
        views = views_of(game)
        while not game.over:
            seat = game.to_move
            if len(game.legal_actions()) > 1 and chooser.random() < kept:
                found.append((game.copy(), seat))
            game.apply(agents[seat].choose(views[seat]))
    return found


def grade_position(task: tuple) -> dict[str, GradedDecision]:
    """Every agent's choice at one position, graded on the same deals: ``(game, seat, specs, deals, number)``."""
    game, seat, specs, deals, number = task
    view = PlayerView(game, seat)
    picks = {spec: make_agent(spec, seed=number).choose(view) for spec in specs}
    moves = moves_to_value(view, picks.values())
    choices = len(view.legal)
    if len(moves) == 1:  # nothing better to be found: every agent made the one sensible move
        return {
            spec: GradedDecision(0, str(pick), str(pick), 0.0, 0.0, 0.0, GOOD, choices) for spec, pick in picks.items()
        }
    valuation = value_moves(view, moves, deals)
    return {spec: judged(valuation, pick, 0, choices) for spec, pick in picks.items()}


def grade_agents(
    specs: Sequence[str] = GRADED_AGENTS,
    positions: Sequence[tuple[Round, int]] | None = None,
    deals: int = DEFAULT_DEALS,
    map_function=map,
) -> dict[str, AgentGrade]:
    """Each agent's error rate at the same positions (``decision_positions()`` by default), graded as a
    learner's decisions are: every agent meets every position and the same imagined deals, so two
    agents' rates differ only where their choices do. ``map_function`` may be a process pool's ``map``."""
    specs = [agent_spec(spec) for spec in specs]
    positions = decision_positions() if positions is None else positions
    tasks = [(game, seat, specs, deals, number) for number, (game, seat) in enumerate(positions)]
    graded = list(map_function(grade_position, tasks))
    report = {}
    for spec in specs:
        decisions = [position[spec] for position in graded]
        counts = {label: sum(decision.label == label for decision in decisions) for label in LABELS}
        report[spec] = AgentGrade(spec, len(decisions), sum(decision.error for decision in decisions), counts)
    return report


def played_like(error_rate: float, rates: Mapping[str, float]) -> str:
    """The strongest agent whose error rate is at least ``error_rate`` (the weakest if none is).

    >>> rates = {"random": 0.06, "heuristic": 0.012, "search:1": 0.011, "search:2": 0.008}
    >>> played_like(0.0105, rates), played_like(0.001, rates), played_like(0.2, rates)
    ('search:1', 'search:2', 'random')
    """
    ordered = sorted(rates, key=lambda spec: rates[spec])  # the best first
    for spec in ordered:
        if error_rate <= rates[spec]:
            return spec
    return ordered[-1]


def agent_rates(ruleset: str) -> dict[str, float]:
    """The measured error rates for a ruleset: its own row, or its preset's (house for a ruleset of unknown base)."""
    return AGENT_ERROR_RATES.get(ruleset, AGENT_ERROR_RATES["house"])
