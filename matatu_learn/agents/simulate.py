"""Whole rounds played by agents: results, win shares with intervals, move times and speed.

A run is a numbered list of games. Game ``index`` of a run with ``seed`` is dealt from
``game_seed(seed, index)`` alone, so any range of games can be played anywhere — another
process, another machine — and the tallies merged: the counts are the same however the run
was split (only the timings differ).

>>> from matatu_learn.engine.rules import PRESETS
>>> report = simulate(PRESETS["bomb"], players=3, games=5, seed=1)
>>> report["games"], sum(report["reasons"].values())
(5, 5)
>>> rules = PRESETS["house"]
>>> halves = simulate_range(rules, 2, 7, ["heuristic", "random"], 0, 10)
>>> halves = halves.merge(simulate_range(rules, 2, 7, ["heuristic", "random"], 10, 10))
>>> whole = simulate_range(rules, 2, 7, ["heuristic", "random"], 0, 20)
>>> halves.counts() == whole.counts()
True
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from ..engine.errors import MatatuError
from ..engine.events import RoundEnd
from ..engine.round import Round, check_players
from ..engine.rules import Rules
from ..engine.view import views_of
from .choices import agent_spec, make_agent

MAX_DECISIONS_PER_ROUND = 1_000_000
# A win shared by k tied players counts 1/k. With at most six players every share is a whole
# number of sixtieths, so tallies stay integers and merge exactly in any order.
SHARE_UNIT = 60
# A move time is kept to its five leading binary digits (within 1/32 of the true time), so a
# histogram of millions of moves stays small and merges by adding counts.
TIME_DIGITS = 5
Z_95 = 1.959963984540054  # the standard normal quantile for a 95% interval


def game_seed(seed: int, index: int) -> int:
    """The seed that deals game ``index`` of a run: a pure function of the run's seed and the index.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return random.Random(f"{seed}/{index}").getrandbits(63)


def seat_agents(lineup: Sequence[str], index: int) -> list[str]:
    """Who sits where in game ``index``: seat s gets agent number ``(s + index // players) % players``.

    The lead moves one seat every game (seat ``index % players`` leads), and the agents move
    one seat every ``players`` games, so over ``players²`` games every agent sits in every
    seat and leads from each seat once: nobody keeps the first move.

    >>> [seat_agents(["a", "b"], index) for index in range(4)]
    [['a', 'b'], ['a', 'b'], ['b', 'a'], ['b', 'a']]
    """
    players = len(lineup)
    shift = index // players
    return [lineup[(seat + shift) % players] for seat in range(players)]


def wilson_interval(wins: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win share (95% by default); ``wins`` may hold tie shares.

    >>> [round(bound, 4) for bound in wilson_interval(0, 10)]
    [0.0, 0.2775]
    """
    if games <= 0:
        return (0.0, 1.0)
    share = wins / games
    scale = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / scale
    half = z / scale * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return (max(0.0, centre - half), min(1.0, centre + half))


def _quantile_ms(histogram: dict[int, int], fraction: float) -> float:
    """A quantile of move times from a histogram of nanoseconds (the middle of its bucket)."""
    total = sum(histogram.values())
    needed = fraction * total
    seen = 0
    for start in sorted(histogram):
        seen += histogram[start]
        if seen >= needed:
            width = 1 << max(start.bit_length() - TIME_DIGITS, 0)
            return round((start + width / 2) / 1e6, 3)
    return 0.0


@dataclass
class SimulationTally:
    """The counts of some games of a run. Tallies of separate ranges ``merge`` into the tally of both.

    ``agent_shares`` counts wins in sixtieths (a tie of k shares 60/k); ``agent_games`` counts
    the seats each agent filled; ``move_times`` holds, per agent, how many moves took each
    bucket of nanoseconds, and ``choice_times`` the same for the moves with more than one
    legal action (a move with one is no decision); ``seconds`` is the time spent playing,
    summed over merged ranges.
    """

    rules: Rules
    players: int
    seed: int
    agents: tuple[str, ...]
    ranges: tuple[tuple[int, int], ...] = ()
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    agent_games: dict[str, int] = field(default_factory=dict)
    agent_shares: dict[str, int] = field(default_factory=dict)
    move_times: dict[str, dict[int, int]] = field(default_factory=dict)
    choice_times: dict[str, dict[int, int]] = field(default_factory=dict)

    def __post_init__(self):
        if not self.wins:
            self.wins = [0] * self.players
        if not self.reasons:
            self.reasons = {str(reason): 0 for reason in RoundEnd}
        for name in dict.fromkeys(self.agents):
            self.agent_games.setdefault(name, 0)
            self.agent_shares.setdefault(name, 0)

    def merge(self, other: SimulationTally) -> SimulationTally:
        """A new tally of both runs' games; ranges of the same run that overlap are refused."""
        if (self.rules, self.players, self.seed, self.agents) != (other.rules, other.players, other.seed, other.agents):
            raise MatatuError(
                "Only tallies of the same run merge: the rules, players, seed and agents must be the same."
            )
        ranges = sorted(self.ranges + other.ranges)
        joined: list[tuple[int, int]] = []
        for first, count in ranges:
            if joined and first < joined[-1][0] + joined[-1][1]:
                raise MatatuError(f"Games {first} to {first + count - 1} are counted twice: merge separate ranges.")
            if joined and first == joined[-1][0] + joined[-1][1]:
                joined[-1] = (joined[-1][0], joined[-1][1] + count)
            else:
                joined.append((first, count))
        return SimulationTally(
            rules=self.rules,
            players=self.players,
            seed=self.seed,
            agents=self.agents,
            ranges=tuple(joined),
            games=self.games + other.games,
            decisions=self.decisions + other.decisions,
            seconds=self.seconds + other.seconds,
            wins=[mine + theirs for mine, theirs in zip(self.wins, other.wins, strict=True)],
            reasons={reason: self.reasons[reason] + other.reasons[reason] for reason in self.reasons},
            agent_games={name: self.agent_games[name] + other.agent_games[name] for name in self.agent_games},
            agent_shares={name: self.agent_shares[name] + other.agent_shares[name] for name in self.agent_shares},
            move_times=_merged_times(self.move_times, other.move_times),
            choice_times=_merged_times(self.choice_times, other.choice_times),
        )

    def counts(self) -> dict:
        """Everything but the timings: the same for a run however it was split."""
        return {
            "ranges": self.ranges,
            "games": self.games,
            "decisions": self.decisions,
            "wins": self.wins,
            "reasons": self.reasons,
            "agent_games": self.agent_games,
            "agent_shares": self.agent_shares,
            "moves_timed": {name: sum(histogram.values()) for name, histogram in self.move_times.items()},
            "choices_timed": {name: sum(histogram.values()) for name, histogram in self.choice_times.items()},
        }

    def report(self) -> dict:
        """The run as plain JSON-ready values: counts, win shares with 95% intervals, move times, speed."""
        seconds = self.seconds
        agent_wins = {}
        for name, seats in self.agent_games.items():
            wins = self.agent_shares[name] / SHARE_UNIT
            low, high = wilson_interval(wins, seats)
            agent_wins[name] = {
                "wins": round(wins, 3),
                "games": seats,
                "share": round(wins / seats, 4) if seats else None,
                "interval": [round(low, 4), round(high, 4)],
            }
        move_ms = {}
        for name, histogram in self.move_times.items():
            if histogram:
                choices = self.choice_times.get(name, {})
                move_ms[name] = {
                    "median": _quantile_ms(histogram, 0.5),
                    "p95": _quantile_ms(histogram, 0.95),
                    "moves": sum(histogram.values()),
                    "choice_median": _quantile_ms(choices, 0.5) if choices else None,
                    "choice_p95": _quantile_ms(choices, 0.95) if choices else None,
                    "choices": sum(choices.values()),
                }
        return {
            "games": self.games,
            "players": self.players,
            "agents": list(self.agents),
            "seed": self.seed,
            "decisions": self.decisions,
            "seconds": round(seconds, 4),
            "games_per_s": round(self.games / seconds, 1) if seconds else None,
            "decisions_per_s": round(self.decisions / seconds, 1) if seconds else None,
            "wins": list(self.wins),
            "reasons": dict(self.reasons),
            "avg_decisions_per_game": round(self.decisions / self.games, 2) if self.games else 0,
            "agent_wins": agent_wins,
            "move_ms": move_ms,
        }


def _merged_times(first: dict[str, dict[int, int]], second: dict[str, dict[int, int]]) -> dict[str, dict[int, int]]:
    merged: dict[str, dict[int, int]] = {}
    for times in (first, second):
        for name, histogram in times.items():
            into = merged.setdefault(name, {})
            for bucket, count in histogram.items():
                into[bucket] = into.get(bucket, 0) + count
    return merged


def lineup(players: int, agent_names: Sequence[str]) -> tuple[str, ...]:
    """The canonical agent of each seat of game 0: one name for every seat, or one per seat."""
    check_players(players)
    names = [agent_spec(name) for name in agent_names]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise MatatuError(f"Give one agent for every seat ({players}), or one for all; {len(names)} were given.")
    return tuple(names)


def deal_game(rules: Rules, names: Sequence[str], seed: int, index: int) -> tuple[Round, list]:
    """Game ``index`` of a run as ``simulate`` plays it: the dealt round, and a fresh agent in each seat.

    ``names`` is the run's lineup (see ``lineup``); the seats rotate as ``seat_agents`` says and
    the lead moves one seat each game. Everything comes from ``game_seed(seed, index)``.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> game, agents = deal_game(PRESETS["house"], ("heuristic", "random"), seed=1, index=2)
    >>> game.leader, [agent.name for agent in agents]
    (0, ['random', 'heuristic'])
    """
    dealt = game_seed(seed, index)
    game = Round(rules, len(names), dealt, leader=index % len(names))
    # Each agent's generator is seeded from the game's seed and its seat.
    agents = [make_agent(name, dealt + 1 + seat) for seat, name in enumerate(seat_agents(names, index))]
    return game, agents


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a round is played, and running again after it.

    A round's records, hands and views hold no reference cycles, so the collector would walk the
    growing log again and again and find nothing (a tenth of random self-play's time). Whatever
    an agent leaves in cycles is collected once the round is over. A collector the caller had
    paused stays paused.

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    """
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def play_round(game: Round, agents: Sequence) -> int:
    """Let the agents play the round to its end; returns the number of decisions.

    Each agent is handed its own seat's view, made once for the round.
    """
    views = views_of(game)
    apply = game.apply
    decisions = 0
    with collector_paused():
        while not game.over:
            seat = game.to_move
            apply(agents[seat].choose(views[seat]))
            decisions += 1
            if decisions > MAX_DECISIONS_PER_ROUND:
                raise MatatuError("A round went on for a million decisions: the agents are not making progress.")
    return decisions


def _play_round_timed(
    game: Round, agents: Sequence, clocks: Sequence[dict[int, int]], choice_clocks: Sequence[dict[int, int]]
) -> int:
    """``play_round``, with each decision's time added to its seat's histograms."""
    views = views_of(game)
    apply = game.apply
    clock = time.perf_counter_ns
    decisions = 0
    with collector_paused():
        while not game.over:
            seat = game.to_move
            choice = len(game.legal_actions()) > 1
            started = clock()
            action = agents[seat].choose(views[seat])
            spent = clock() - started
            apply(action)
            extra = spent.bit_length() - TIME_DIGITS
            if extra > 0:
                spent = spent >> extra << extra
            histogram = clocks[seat]
            histogram[spent] = histogram.get(spent, 0) + 1
            if choice:
                histogram = choice_clocks[seat]
                histogram[spent] = histogram.get(spent, 0) + 1
            decisions += 1
            if decisions > MAX_DECISIONS_PER_ROUND:
                raise MatatuError("A round went on for a million decisions: the agents are not making progress.")
    return decisions


def simulate_range(
    rules: Rules,
    players: int,
    seed: int,
    agent_names: Sequence[str],
    first: int,
    count: int,
    on_round=None,
    timed: bool | None = None,
) -> SimulationTally:
    """Play games ``first`` … ``first + count - 1`` of a run and tally them.

    ``timed`` measures every decision's time; by default it is on unless every seat is the
    random agent, whose self-play is the engine's speed benchmark and is left untouched.
    ``on_round(game, agents)`` is called after each round, the agents in seat order.
    """
    names = lineup(players, agent_names)
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise MatatuError(f"The first game must be a whole number from 0, not {first!r}.")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise MatatuError(f"The number of games must be a whole number from 0, not {count!r}.")
    if timed is None:
        timed = any(name != "random" for name in names)
    tally = SimulationTally(rules, players, seed, names, ((first, count),) if count else ())
    wins = tally.wins
    reasons = tally.reasons
    agent_games = tally.agent_games
    agent_shares = tally.agent_shares
    if timed:
        tally.move_times = {name: {} for name in agent_games}
        tally.choice_times = {name: {} for name in agent_games}
    decisions = 0
    started = time.perf_counter()
    for index in range(first, first + count):
        game, agents = deal_game(rules, names, seed, index)
        seated = [agent.name for agent in agents]
        if timed:
            clocks = [tally.move_times[name] for name in seated]
            decisions += _play_round_timed(game, agents, clocks, [tally.choice_times[name] for name in seated])
        else:
            decisions += play_round(game, agents)
        result = game.result
        reasons[result.reason] += 1
        share = SHARE_UNIT // len(result.winners)
        for seat in result.winners:
            wins[seat] += 1
            agent_shares[seated[seat]] += share
        for name in seated:
            agent_games[name] += 1
        if on_round is not None:
            on_round(game, agents)
    tally.seconds = time.perf_counter() - started
    tally.games = count
    tally.decisions = decisions
    return tally


def simulate(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    agent_names: Sequence[str] = ("random",),
    on_round=None,
    timed: bool | None = None,
) -> dict:
    """Play ``games`` rounds (games 0 … games - 1 of the run ``seed``) and report them.

    ``agent_names`` gives one agent per seat, or one for every seat; the agents change seats
    from game to game (see ``seat_agents``). The same seed gives the same results, timings aside.
    """
    return simulate_range(rules, players, seed, agent_names, 0, games, on_round, timed).report()
