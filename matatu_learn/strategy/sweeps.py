"""Seeded simulations split into small tasks, run here, on local processes, or on a Dask cluster.

A sweep is a list of ``Task`` values: a ruleset, a table, the agents, a range of game
numbers and the question's own settings. Every game's seed comes from the run seed and
the game's number only, so a task gives the same answer wherever it runs, and the
results, merged in task order, are the same numbers on one process, on ``workers=N``
local processes, or on a Dask distributed cluster (``scheduler="tcp://…"`` or a
``distributed.Client``).

>>> from matatu_learn.engine.rules import PRESETS
>>> tasks = split_games(count_ends, PRESETS["bomb"], 3, ("heuristic",), seed=1, games=10, chunk=4)
>>> [(task.first, task.count) for task in tasks]
[(0, 4), (4, 4), (8, 2)]
>>> merged = add_all(run_tasks(tasks, progress=False))
>>> sum(merged["reasons"].values())
10
"""

from __future__ import annotations

import math
import multiprocessing
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from functools import reduce
from typing import Any

from ..agents.simulate import deal_game, lineup, simulate_range
from ..engine.errors import MatatuError
from ..engine.round import Round
from ..engine.rules import Rules
from ..engine.view import views_of

# Tasks of about this many games keep both workers busy to the end and cost little to send.
DEFAULT_CHUNK = 250
# Rounds last tens of moves; agents that pass picks round an empty stock (seen with the heuristic
# in bomb) can go on for ever. A study stops such a round here and counts it as unfinished.
MOVE_LIMIT = 2000
SCHEDULER_ADDRESS = re.compile(r"^(tcp|tls|ucx|ws|wss|inproc)://\S+$")


class SweepError(MatatuError):
    """A sweep was asked to run in a way it cannot: bad worker count, unreachable scheduler."""


@dataclass(frozen=True, slots=True)
class Task:
    """Games ``first`` … ``first + count - 1`` of one setting, played by ``work(task)``.

    ``work`` is a module-level function, so it travels to another process by name.
    ``options`` holds the question's own settings as ``(name, value)`` pairs.
    """

    work: Callable[[Task], Any]
    rules: Rules
    players: int
    agents: tuple[str, ...]
    seed: int
    first: int
    count: int
    options: tuple[tuple[str, Any], ...] = ()

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)

    def games(self) -> Iterator[tuple[int, Round, list]]:
        """Each game of the task: its number, the dealt round and one fresh agent per seat.

        The deal and the agents' seeds come from ``game_seed(seed, number)``; the lead
        moves one seat on each game, as at a table.
        """
        names = lineup(self.players, self.agents)
        for index in range(self.first, self.first + self.count):
            yield index, *deal_game(self.rules, names, self.seed, index)


def play_capped(game: Round, agents: Sequence, limit: int = MOVE_LIMIT) -> int | None:
    """``play_round`` with a limit: the number of moves, or None when the round had not ended after ``limit``."""
    views = views_of(game)
    moves = 0
    while not game.over:
        if moves == limit:
            return None
        seat = game.to_move
        game.apply(agents[seat].choose(views[seat]))
        moves += 1
    return moves


def run_task(task: Task) -> Any:
    """What a worker does with a task (a module-level function: Dask and process pools send it by name)."""
    return task.work(task)


def split_games(
    work: Callable[[Task], Any],
    rules: Rules,
    players: int,
    agents: Sequence[str],
    seed: int,
    games: int,
    first: int = 0,
    chunk: int = DEFAULT_CHUNK,
    options: dict[str, Any] | None = None,
) -> list[Task]:
    """Games ``first`` … ``first + games - 1`` cut into tasks of ``chunk`` games.

    The cut depends on the numbers given, never on how many workers will run them.
    """
    if games < 0 or chunk < 1:
        raise SweepError(f"A sweep needs zero or more games and chunks of one game or more, not {games} and {chunk}.")
    settings = tuple(sorted((options or {}).items()))
    return [
        Task(work, rules, players, tuple(agents), seed, start, min(chunk, first + games - start), settings)
        for start in range(first, first + games, chunk)
    ]


def add(left: Any, right: Any) -> Any:
    """Add two results of the same shape: numbers, lists of numbers (padded), dicts of them.

    >>> add({"wins": [1, 2], "games": 3}, {"wins": [0, 1, 5], "games": 2})
    {'wins': [1, 3, 5], 'games': 5}
    """
    if isinstance(left, dict):
        return {
            key: add(left[key], right[key]) if key in left and key in right else left.get(key, right.get(key))
            for key in {**left, **right}
        }
    if isinstance(left, list):
        longer, shorter = (left, right) if len(left) >= len(right) else (right, left)
        return [add(value, shorter[index]) if index < len(shorter) else value for index, value in enumerate(longer)]
    return left + right


def add_all(results: Sequence[Any]) -> Any:
    """Every result added up, in the order given (so the sums are the same on any scheduler)."""
    return reduce(add, results)


def run_tasks(
    tasks: Sequence[Task],
    workers: int = 1,
    scheduler: Any = None,
    progress: bool | None = None,
    description: str = "games",
) -> list[Any]:
    """Run every task and return the results in the order of ``tasks``.

    ``workers=1`` runs them here; ``workers=N`` on N local processes; ``scheduler`` (an
    address such as ``"tcp://10.0.0.5:8786"`` or a ``distributed.Client``) on a Dask cluster.
    ``progress`` shows a tqdm bar counted in games (a widget in a notebook); None shows
    it when the work is long enough to wait for.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SweepError(f"workers must be a whole number of processes, 1 or more, not {workers!r}.")
    if scheduler is not None and workers != 1:
        raise SweepError("Give workers (processes on this machine) or a scheduler (a Dask cluster), not both.")
    tasks = list(tasks)
    games = sum(task.count for task in tasks)
    if progress is None:
        progress = games >= 2000
    bars = []

    def new_bar():
        if progress:
            bars.append(_progress_bar(games, description))
            return bars[-1]
        return None

    try:
        if scheduler is not None:
            return _run_on_dask(tasks, scheduler, new_bar())
        if workers == 1 or len(tasks) <= 1:
            bar = new_bar()
            results = []
            for task in tasks:
                results.append(run_task(task))
                if bar is not None:
                    bar.update(task.count)
            return results
        return _run_on_processes(tasks, workers, new_bar)
    finally:
        for bar in bars:
            bar.close()


def _progress_bar(total: int, description: str):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=description, unit=" games", leave=False, smoothing=0.1)


def _run_on_processes(tasks: list[Task], workers: int, new_bar) -> list[Any]:
    # Forking is the quickest start, but forking a process with threads (a notebook kernel, a tqdm
    # bar's monitor) can hang a worker: then a fork server, started clean, forks the workers.
    if threading.active_count() == 1:
        context = multiprocessing.get_context("fork")
    else:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["matatu_learn.strategy.sweeps"])
    results: list[Any] = [None] * len(tasks)
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=context) as pool:
        pending = {pool.submit(run_task, task): index for index, task in enumerate(tasks)}
        bar = new_bar()  # only now: the workers are started, and the bar's thread cannot be forked
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                index = pending.pop(future)
                results[index] = future.result()
                if bar is not None:
                    bar.update(tasks[index].count)
    return results


def _distributed():
    """The ``distributed`` package, or one sentence saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise SweepError(
            "Running on a Dask cluster needs the distributed package: pip install 'matatu-learn[cluster]'."
        ) from None
    return distributed


def _run_on_dask(tasks: list[Task], scheduler: Any, bar) -> list[Any]:
    distributed = _distributed()
    Client, as_completed = distributed.Client, distributed.as_completed

    if isinstance(scheduler, Client):
        client, owned = scheduler, False
    else:
        client, owned = connect(scheduler), True
    try:
        futures = client.map(run_task, tasks, pure=False)
        index_of = {future.key: index for index, future in enumerate(futures)}
        results: list[Any] = [None] * len(tasks)
        for future in as_completed(futures):
            index = index_of[future.key]
            results[index] = future.result()
            if bar is not None:
                bar.update(tasks[index].count)
        return results
    finally:
        if owned:
            client.close()


def connect(address: str, timeout: float = 10):
    """A ``distributed.Client`` for a running Dask scheduler, or one sentence saying why not."""
    if not isinstance(address, str) or not SCHEDULER_ADDRESS.match(address):
        raise SweepError(
            f"'{address}' is not a Dask scheduler address: write it as tcp://HOST:PORT (e.g. tcp://10.0.0.5:8786)."
        )
    try:
        return _distributed().Client(address, timeout=timeout)
    except (OSError, TimeoutError) as error:
        raise SweepError(
            f"Cannot reach a Dask scheduler at {address} ({error.__class__.__name__}): "
            "start one with 'dask scheduler' and its workers with 'dask worker ADDRESS', or check the address."
        ) from None


# ------------------------------------------------------------------ two works every sweep can use
def simulate_part(task: Task):
    """A task's games played to the end by the agents: a ``SimulationTally`` (see agents.simulate).

    The option ``timed`` is passed on (None: timed unless every seat plays at random).
    """
    return simulate_range(
        task.rules, task.players, task.seed, task.agents, task.first, task.count, timed=task.option("timed")
    )


def simulate_sweep(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    agent_names: Sequence[str] = ("random",),
    workers: int = 1,
    scheduler: Any = None,
    progress: bool | None = None,
    timed: bool | None = None,
) -> dict:
    """``agents.simulate.simulate`` as a sweep: the same games and counts, on any number of workers.

    The report is ``simulate``'s; its speed is measured on the wall clock (``cpu_seconds`` is the
    time the workers spent playing), and ``workers`` / ``scheduler`` say where it ran.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> from matatu_learn.agents.simulate import simulate
    >>> swept = simulate_sweep(PRESETS["party"], 3, 30, seed=4, agent_names=["heuristic"], progress=False)
    >>> plain = simulate(PRESETS["party"], 3, 30, seed=4, agent_names=["heuristic"])
    >>> swept["wins"] == plain["wins"] and swept["reasons"] == plain["reasons"]
    True
    """
    if games < 1:
        raise SweepError(f"A simulation plays one game or more, not {games}.")
    names = lineup(players, agent_names)
    tasks = split_games(
        simulate_part, rules, players, names, seed, games, chunk=chunk_for(games), options={"timed": timed}
    )
    started = time.perf_counter()
    tallies = run_tasks(tasks, workers=workers, scheduler=scheduler, progress=progress)
    wall = time.perf_counter() - started
    merged = reduce(lambda left, right: left.merge(right), tallies)
    report = replace(merged, seconds=wall).report()
    report["cpu_seconds"] = round(merged.seconds, 4)
    report["workers"] = workers if scheduler is None else None
    report["scheduler"] = (
        None if scheduler is None else str(getattr(scheduler, "scheduler_info", lambda: {})().get("address", scheduler))
    )
    return report


def count_ends(task: Task) -> dict:
    """How each game ended, how long it lasted (in moves) and whether a cutter won its cut.

    Counts only, so results add up exactly: ``lengths`` is a histogram of moves per round;
    ``unfinished`` counts rounds stopped at ``MOVE_LIMIT``.
    """
    reasons = {"out": 0, "cut": 0, "blocked": 0}
    lengths: list[int] = []
    cutter_won = unfinished = 0
    for _, game, agents in task.games():
        moves = play_capped(game, agents)
        if moves is None:
            unfinished += 1
            continue
        result = game.result
        reasons[str(result.reason)] += 1
        if moves >= len(lengths):
            lengths.extend([0] * (moves + 1 - len(lengths)))
        lengths[moves] += 1
        if result.cutter is not None and result.cutter in result.winners:
            cutter_won += 1
    return {"reasons": reasons, "lengths": lengths, "cutter_won": cutter_won, "unfinished": unfinished}


def chunk_for(games: int) -> int:
    """A task size for ``games`` games: small enough to share out, large enough to be worth sending."""
    return max(1, min(DEFAULT_CHUNK, math.ceil(games / 16)))
