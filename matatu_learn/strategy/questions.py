"""The questions players argue about, answered by seeded simulation.

Each question is a *study*: plain data (dicts, lists and numbers, so it saves as JSON)
holding, for every setting (a ruleset, maybe with switches changed, a table size and the
agents), the counts of each task that was played. ``play_more`` adds games to a study;
the ``*_summary`` functions turn it into numpy arrays with 95% intervals.

1. ``cut_or_wait`` — at a seat's first chance to cut in a round, how often does cutting win,
   against waiting (its best other move, then playing on), by the hand left after the cut?
   Both branches are played from the same real position (every hidden card as it lies), so
   the comparison is made position by position, not from odds.
2. ``cut_limit`` — the cut limit 20 / 25 / 30 / none: how rounds end and how long they last.
3. ``card_cost`` — when someone else cuts, how much more often a hand holding each rank loses.
4. ``round_ends`` — how rounds end (out, cut, blocked) under each ruleset and table size.
5. ``agent_ladder`` — every agent against every other at a table of two, changing seats.

>>> study = make_study("round_ends", [setting("bomb", 3)], games=20, seed=1, progress=False)
>>> summary = round_ends_summary(study)[0]
>>> summary["games"], round(float(summary["shares"].sum()), 6)
(20, 1.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..agents.choices import make_agent
from ..agents.simulate import SHARE_UNIT, Z_95, game_seed, lineup, simulate_range, wilson_interval
from ..engine.actions import CATCH, CUT
from ..engine.cards import RANK_OF, RANK_SYMBOLS
from ..engine.errors import MatatuError
from ..engine.round import Round
from ..engine.rules import PRESET_IDS, PRESETS, Rules, with_switches
from ..engine.view import PlayerView
from .odds import waiting_move
from .sweeps import MOVE_LIMIT, Task, add_all, count_ends, play_capped, run_tasks, split_games

REASONS = ("out", "cut", "blocked")
LIMITS = (20, 25, 30, None)
RANK_LABELS = ("Joker",) + RANK_SYMBOLS[1:]  # indexed by RANK_OF: 0 is a joker, 1 an Ace … 13 a King
LADDER_AGENTS = ("random", "heuristic", "search:1")


# ------------------------------------------------------------------ the settings of a study
def setting(ruleset: str, players: int, agents: Sequence[str] = ("heuristic",), **changes: Any) -> dict:
    """One setting of a study: a preset, switches changed (``cut_limit=25``), the table and its agents.

    >>> setting("house", 3, cut_limit=25)["changes"]
    {'cut_limit': 25}
    """
    if ruleset not in PRESETS:
        raise MatatuError(f"'{ruleset}' is not a preset: the lab studies {', '.join(PRESET_IDS)}.")
    # Refuse a bad switch, table size or agent now, with its sentence, rather than in a worker.
    with_switches(PRESETS[ruleset], changes)
    lineup(players, agents)
    return {"ruleset": ruleset, "changes": dict(changes), "players": players, "agents": list(agents)}


def setting_rules(chosen: dict) -> Rules:
    return with_switches(PRESETS[chosen["ruleset"]], chosen["changes"])


def setting_label(chosen: dict) -> str:
    """'house, 3 players' or 'house, cut limit 25, 3 players'."""
    changes = [
        f"{name.replace('_', ' ')} {'none' if value is None else value}" for name, value in chosen["changes"].items()
    ]
    return ", ".join([chosen["ruleset"], *changes, f"{chosen['players']} players"])


def games_played(chosen: dict) -> int:
    return sum(part["count"] for part in chosen.get("parts", ()))


def totals(chosen: dict) -> Any:
    """A setting's parts added up, in the order they were played."""
    return add_all([part["result"] for part in chosen["parts"]])


# ------------------------------------------------------------------ studies: make, extend, check
def make_study(
    question: str,
    settings: Sequence[dict],
    games: int,
    seed: int = 0,
    workers: int = 1,
    scheduler: Any = None,
    progress: bool | None = None,
) -> dict:
    """A new study of ``question`` with ``games`` games for every setting."""
    if question not in QUESTIONS:
        raise MatatuError(f"'{question}' is not a question of the lab: choose one of {', '.join(QUESTIONS)}.")
    study = {"question": question, "seed": seed, "settings": [{**chosen, "parts": []} for chosen in settings]}
    return play_more(study, games, workers=workers, scheduler=scheduler, progress=progress)


def play_more(
    study: dict,
    games: int,
    workers: int = 1,
    scheduler: Any = None,
    progress: bool | None = None,
    only: Callable[[dict], bool] | None = None,
) -> dict:
    """The study with ``games`` more games for each setting (``only`` picks settings).

    The new games are numbered after those already played, so they never repeat one.
    The study given is left as it was.
    """
    work, chunk = QUESTIONS[study["question"]]
    tasks, owners = [], []
    for index, chosen in enumerate(study["settings"]):
        if only is not None and not only(chosen):
            continue
        rules, players, agents = setting_rules(chosen), chosen["players"], chosen["agents"]
        added = split_games(work, rules, players, agents, study["seed"], games, games_played(chosen), chunk)
        tasks.extend(added)
        owners.extend([index] * len(added))
    results = run_tasks(tasks, workers=workers, scheduler=scheduler, progress=progress, description="games")
    settings = [{**chosen, "parts": list(chosen["parts"])} for chosen in study["settings"]]
    for task, owner, result in zip(tasks, owners, results, strict=True):
        settings[owner]["parts"].append({"first": task.first, "count": task.count, "result": result})
    return {**study, "settings": settings}


def part_task(study: dict, chosen: dict, part: dict) -> Task:
    """The task that played one stored part, to play it again and compare."""
    work, _ = QUESTIONS[study["question"]]
    return Task(
        work,
        setting_rules(chosen),
        chosen["players"],
        tuple(chosen["agents"]),
        study["seed"],
        part["first"],
        part["count"],
    )


# ------------------------------------------------------------------ statistics
def wilson(successes, trials) -> tuple[np.ndarray, np.ndarray]:
    """``agents.simulate.wilson_interval`` over arrays: the 95% interval of each share.

    >>> low, high = wilson([50, 0], [100, 0])
    >>> [round(float(bound), 3) for bound in low], [round(float(bound), 3) for bound in high]
    ([0.404, 0.0], [0.596, 1.0])
    """
    successes, trials = np.broadcast_arrays(np.asarray(successes, dtype=float), np.asarray(trials, dtype=float))
    bounds = [wilson_interval(float(wins), int(games)) for wins, games in zip(successes.flat, trials.flat, strict=True)]
    low = np.array([bound[0] for bound in bounds]).reshape(successes.shape)
    high = np.array([bound[1] for bound in bounds]).reshape(successes.shape)
    return low, high


def _share(successes, trials) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.asarray(successes, dtype=float) / np.asarray(trials, dtype=float)


def _outcome(result, seat: int) -> str:
    if seat not in result.winners:
        return "loss"
    return "win" if len(result.winners) == 1 else "tie"


def _grow(counts: list[int], index: int) -> None:
    if index >= len(counts):
        counts.extend([0] * (index + 1 - len(counts)))


# ------------------------------------------------------------------ 1. cut now, or wait?
def cut_positions(task: Task) -> dict:
    """Each seat's first chance to cut in a round: the outcome of cutting then, and of waiting.

    Counts by the hand the cutter would keep (its total after the chopper leaves):
    ``positions``, ``cut_wins``, ``cut_ties``; ``waits`` (positions where another move was
    legal), ``wait_wins``, ``wait_ties``, and ``wait_unfinished`` (a waiting branch stopped
    at ``MOVE_LIMIT``). Waiting plays the heuristic's best other move, then every seat plays
    on as before (and may cut later).
    """
    names = ("positions", "cut_wins", "cut_ties", "waits", "wait_wins", "wait_ties", "wait_unfinished")
    counts: dict[str, list[int]] = {name: [] for name in names}
    for index, game, agents in task.games():
        number = game_seed(task.seed, index)
        views = [PlayerView(game, seat) for seat in range(game.players)]
        chanced = set()
        while not game.over and len(game.history) < MOVE_LIMIT:
            seat = game.to_move
            legal = game.legal_actions()
            # A catch comes first; the position is counted at the decision that follows it.
            if (
                seat not in chanced
                and any(action.kind is CUT for action in legal)
                and not any(action.kind is CATCH for action in legal)
            ):
                chanced.add(seat)
                # The branch's reshuffles and agents come from the game's number and the seat.
                _count_position(game, agents, random.Random(game_seed(number, seat)), counts)
            game.apply(agents[seat].choose(views[seat]))
    return counts


def _count_position(game: Round, agents: list, seeds: random.Random, counts: dict[str, list[int]]) -> None:
    seat = game.to_move
    legal = game.legal_actions()
    cut = next(action for action in legal if action.kind is CUT)
    kept = game.total(seat) - game.value(cut.card)
    for counted in counts.values():
        _grow(counted, kept)
    counts["positions"][kept] += 1
    cutting = game.copy()
    cutting.apply(cut)
    outcome = _outcome(cutting.result, seat)
    if outcome != "loss":
        counts["cut_wins" if outcome == "win" else "cut_ties"][kept] += 1
    waiting = game.copy(seed=seeds.getrandbits(63))
    action = waiting_move(PlayerView(waiting, seat))
    if action is None:
        return
    waiting.apply(action)
    if play_capped(waiting, [make_agent(agent.name, seeds.getrandbits(63)) for agent in agents]) is None:
        counts["wait_unfinished"][kept] += 1
        return
    counts["waits"][kept] += 1
    outcome = _outcome(waiting.result, seat)
    if outcome != "loss":
        counts["wait_wins" if outcome == "win" else "wait_ties"][kept] += 1


def cut_or_wait_summary(study: dict, width: int = 1) -> list[dict]:
    """For each setting: the totals kept after a cut, and the win share of cutting and of waiting.

    Totals are grouped ``width`` points at a time (``kept`` is each group's lowest total).
    A shared win counts half. Each share comes with its 95% interval.
    """
    summaries = []
    for chosen in study["settings"]:
        counts = {name: np.asarray(values, dtype=float) for name, values in totals(chosen).items()}
        size = -(-max(len(values) for values in counts.values()) // width) * width
        counts = {
            name: np.pad(values, (0, size - len(values))).reshape(-1, width).sum(axis=1)
            for name, values in counts.items()
        }
        cut = counts["cut_wins"] + counts["cut_ties"] / 2
        wait = counts["wait_wins"] + counts["wait_ties"] / 2
        summaries.append(
            {
                "setting": chosen,
                "label": setting_label(chosen),
                "games": games_played(chosen),
                "kept": np.arange(0, size, width),
                "positions": counts["positions"].astype(int),
                "cut": _share(cut, counts["positions"]),
                "cut_interval": wilson(cut, counts["positions"]),
                "waits": counts["waits"].astype(int),
                "wait": _share(wait, counts["waits"]),
                "wait_interval": wilson(wait, counts["waits"]),
            }
        )
    return summaries


# ------------------------------------------------------------------ 2 and 4. how rounds end
def round_ends_summary(study: dict) -> list[dict]:
    """For each setting: the share of rounds ended out / by a cut / blocked, the moves per round,
    and how often a cut won for its cutter, each with its 95% interval."""
    summaries = []
    for chosen in study["settings"]:
        counted = totals(chosen)
        games = sum(counted["reasons"].values())
        reasons = np.array([counted["reasons"][reason] for reason in REASONS], dtype=float)
        lengths = np.asarray(counted["lengths"], dtype=float)
        moves = np.arange(len(lengths))
        mean = float((moves * lengths).sum() / games)
        spread = math.sqrt(float((lengths * (moves - mean) ** 2).sum()) / max(games - 1, 1))
        summaries.append(
            {
                "setting": chosen,
                "label": setting_label(chosen),
                "games": games,
                "shares": reasons / games,
                "share_intervals": wilson(reasons, games),
                "mean_moves": mean,
                "moves_interval": (mean - Z_95 * spread / math.sqrt(games), mean + Z_95 * spread / math.sqrt(games)),
                "unfinished": counted["unfinished"],
                "cutter_won": _share(counted["cutter_won"], reasons[1]),
                "cutter_interval": wilson(counted["cutter_won"], reasons[1]),
            }
        )
    return summaries


# ------------------------------------------------------------------ 3. the cost of holding a card
def held_cards(task: Task) -> dict:
    """Rounds ended by a cut: for each hand that did not cut, which ranks it held and whether it lost.

    ``hands``/``lost`` count every such hand; ``held``/``held_lost``/``held_points`` are indexed
    by rank (0 a joker, 1 an Ace … 13 a King): hands holding that rank, those that lost, and the
    sum of their totals.
    """
    counts = {"hands": 0, "lost": 0, "held": [0] * 14, "held_lost": [0] * 14, "held_points": [0] * 14}
    for _, game, agents in task.games():
        if play_capped(game, agents) is None or game.result.cutter is None:
            continue
        result = game.result
        for seat in range(game.players):
            if seat == result.cutter:
                continue
            lost = seat not in result.winners
            counts["hands"] += 1
            counts["lost"] += lost
            for rank in {RANK_OF[card] for card in game.hands[seat]}:
                counts["held"][rank] += 1
                counts["held_lost"][rank] += lost
                counts["held_points"][rank] += result.totals[seat]
    return counts


def card_cost_summary(study: dict) -> list[dict]:
    """For each setting, by rank: how often a hand holding it lost a cut, and the cost of holding it —
    how much more often such hands lost than hands without it (in shares, with 95% intervals)."""
    summaries = []
    for chosen in study["settings"]:
        counted = totals(chosen)
        held = np.asarray(counted["held"], dtype=float)
        held_lost = np.asarray(counted["held_lost"], dtype=float)
        without = counted["hands"] - held
        with_loss = _share(held_lost, held)
        without_loss = _share(counted["lost"] - held_lost, without)
        with np.errstate(invalid="ignore", divide="ignore"):
            spread = np.sqrt(with_loss * (1 - with_loss) / held + without_loss * (1 - without_loss) / without)
        cost = with_loss - without_loss
        summaries.append(
            {
                "setting": chosen,
                "label": setting_label(chosen),
                "games": games_played(chosen),
                "ranks": RANK_LABELS,
                "hands": counted["hands"],
                "held": held.astype(int),
                "loss": _share(counted["held_lost"], held),
                "loss_interval": wilson(counted["held_lost"], held),
                "mean_total": _share(counted["held_points"], held),
                "cost": cost,
                "cost_interval": (cost - Z_95 * spread, cost + Z_95 * spread),
                "baseline": counted["lost"] / counted["hands"] if counted["hands"] else float("nan"),
            }
        )
    return summaries


# ------------------------------------------------------------------ 5. the agent ladder
def head_to_head(task: Task) -> dict:
    """Two agents at a table of two, changing seats as ``agents.simulate`` seats them.

    ``games``, and ``shares``: each agent's wins in sixtieths of a game (a tie shares it).
    """
    tally = simulate_range(task.rules, 2, task.seed, task.agents, task.first, task.count, timed=False)
    return {"games": tally.games, "shares": [tally.agent_shares[name] for name in tally.agents]}


def ladder_settings(ruleset: str, agents: Sequence[str] = LADDER_AGENTS) -> list[dict]:
    """Every pair of different agents at a table of two."""
    return [
        setting(ruleset, 2, (first, second))
        for position, first in enumerate(agents)
        for second in agents[position + 1 :]
    ]


def agent_ladder_summary(study: dict, ruleset: str) -> dict:
    """Each agent's win share against each other under ``ruleset`` (a tie counts half), with 95% intervals.

    ``share[i, j]`` is agent i's share against agent j (NaN on the diagonal); ``overall`` the
    share over all its games.
    """
    settings = [chosen for chosen in study["settings"] if chosen["ruleset"] == ruleset]
    names: list[str] = []
    for chosen in settings:
        for name in chosen["agents"]:
            if name not in names:
                names.append(name)
    size = len(names)
    points = np.zeros((size, size))
    games = np.zeros((size, size))
    for chosen in settings:
        counted = totals(chosen)
        first, second = (names.index(name) for name in chosen["agents"])
        games[first, second] += counted["games"]
        games[second, first] += counted["games"]
        points[first, second] += counted["shares"][0] / SHARE_UNIT
        points[second, first] += counted["shares"][1] / SHARE_UNIT
    overall_points, overall_games = points.sum(axis=1), games.sum(axis=1)
    return {
        "ruleset": ruleset,
        "agents": names,
        "games": games.astype(int),
        "share": _share(points, games),
        "interval": wilson(points, games),
        "overall": _share(overall_points, overall_games),
        "overall_interval": wilson(overall_points, overall_games),
    }


# The work each question's tasks do, and how many games one task plays.
QUESTIONS: dict[str, tuple[Callable[[Task], Any], int]] = {
    "cut_or_wait": (cut_positions, 500),
    "cut_limit": (count_ends, 500),
    "card_cost": (held_cards, 1000),
    "round_ends": (count_ends, 500),
    "agent_ladder": (head_to_head, 10),
}


def cut_limit_settings(rulesets: Sequence[str] = PRESET_IDS, players: int = 3) -> list[dict]:
    return [setting(ruleset, players, cut_limit=limit) for ruleset in rulesets for limit in LIMITS]
