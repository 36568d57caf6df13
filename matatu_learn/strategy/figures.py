"""The lab's plots: each takes a study (or a review) as plain data and returns a matplotlib Figure.

Figures are built with ``matplotlib.figure.Figure`` (no pyplot state), so they draw the same
in a notebook, a test or a worker, and ``png`` turns one into bytes for a page.

>>> from matatu_learn.strategy.questions import make_study, setting
>>> study = make_study("round_ends", [setting("bomb", 2), setting("bomb", 3)], games=10, seed=1, progress=False)
>>> figure = round_ends_figure(study)
>>> figure.axes[0].get_title()
'How rounds end, by ruleset and table size (heuristic players)'
"""

from __future__ import annotations

import io

import numpy as np
from matplotlib.figure import Figure

from .questions import (
    LIMITS,
    RANK_LABELS,
    REASONS,
    agent_ladder_summary,
    card_cost_summary,
    cut_or_wait_summary,
    round_ends_summary,
    setting_rules,
)

# Totals kept after a cut seen fewer times than this are left off the plot: their share is noise.
MIN_POSITIONS = 30
REASON_WORDS = {"out": "a player going out", "cut": "a cut", "blocked": "a blocked table"}
REASON_COLOURS = {"out": "#4c72b0", "cut": "#dd8452", "blocked": "#8c8c8c"}
RULESET_COLOURS = {"house": "#4c72b0", "uganda": "#dd8452", "bomb": "#c44e52", "party": "#55a868"}
REVIEW_COLOURS = {
    "blunder": "#c62828",
    "mistake": "#ef6c00",
    "inaccuracy": "#f9a825",
    "good": "#2e7d32",
    "forced": "#9e9e9e",
}


def png(figure: Figure, dpi: int = 96) -> bytes:
    """A figure as PNG bytes; the same figure always gives the same bytes (no version stamp)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    return buffer.getvalue()


def _colour(ruleset: str) -> str:
    return RULESET_COLOURS.get(ruleset, "#333333")


def _percent_axis(axis) -> None:
    axis.set_ylim(0, 1)
    axis.set_yticks(np.linspace(0, 1, 6))
    axis.set_yticklabels([f"{tick:.0%}" for tick in np.linspace(0, 1, 6)])
    axis.grid(axis="y", alpha=0.3)


def _errors(value, interval) -> np.ndarray:
    low, high = interval
    # Rounding can leave a share a hair outside its own interval (a share of exactly 1, say).
    return np.clip(np.vstack([np.asarray(value) - low, high - np.asarray(value)]), 0, None)


def cut_or_wait_figure(study: dict, ruleset: str) -> Figure:
    """Win share of cutting now (solid, with its 95% band) and of waiting a turn (dashed), by hand kept."""
    figure = Figure(figsize=(8, 4.6), layout="constrained")
    axis = figure.add_subplot()
    shades = ["#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2"]
    settings = [chosen for chosen in study["settings"] if chosen["ruleset"] == ruleset]
    # Where the limit keeps hands light, every point counts; without one, totals spread over a hundred.
    limited = all(setting_rules(chosen).cut_limit is not None for chosen in settings)
    width = 2 if limited else 10
    chosen = cut_or_wait_summary({**study, "settings": settings}, width)
    for shade, summary in zip(shades, chosen, strict=False):
        players = summary["setting"]["players"]
        centre = summary["kept"] + (width - 1) / 2  # each group of totals is drawn at its middle
        enough = summary["positions"] >= MIN_POSITIONS
        low, high = summary["cut_interval"]
        axis.fill_between(centre[enough], low[enough], high[enough], color=shade, alpha=0.15, linewidth=0)
        axis.plot(
            centre[enough],
            summary["cut"][enough],
            color=shade,
            marker="o",
            markersize=3,
            label=f"{players} players: cut now",
        )
        waited = summary["waits"] >= MIN_POSITIONS
        axis.plot(
            centre[waited], summary["wait"][waited], color=shade, linestyle="--", label=f"{players} players: wait"
        )
    axis.set_title(f"{ruleset}: at your first chance to cut, cut or wait? (heuristic players)")
    axis.set_xlabel(
        f"points left in your hand after the cut (in groups of {width})"
        if width > 1
        else "points left in your hand after the cut"
    )
    axis.set_ylabel("rounds won (a shared win counts half)")
    _percent_axis(axis)
    axis.legend(fontsize="small", ncols=2)
    return figure


def cut_limit_figure(study: dict) -> Figure:
    """How the cut limit changes the share of rounds a cut ends, and how long rounds last."""
    figure = Figure(figsize=(9, 4), layout="constrained")
    share_axis, moves_axis = figure.subplots(1, 2)
    summaries = round_ends_summary(study)
    positions = {limit: index for index, limit in enumerate(LIMITS)}
    for ruleset in dict.fromkeys(summary["setting"]["ruleset"] for summary in summaries):
        rows = [summary for summary in summaries if summary["setting"]["ruleset"] == ruleset]
        rows.sort(key=lambda summary: positions[summary["setting"]["changes"].get("cut_limit")])
        x = [positions[summary["setting"]["changes"].get("cut_limit")] for summary in rows]
        shares = np.array([summary["shares"][1] for summary in rows])
        intervals = (
            np.array([summary["share_intervals"][0][1] for summary in rows]),
            np.array([summary["share_intervals"][1][1] for summary in rows]),
        )
        share_axis.errorbar(
            x, shares, yerr=_errors(shares, intervals), marker="o", capsize=3, color=_colour(ruleset), label=ruleset
        )
        means = np.array([summary["mean_moves"] for summary in rows])
        spans = (
            np.array([row["moves_interval"][0] for row in rows]),
            np.array([row["moves_interval"][1] for row in rows]),
        )
        moves_axis.errorbar(
            x, means, yerr=_errors(means, spans), marker="o", capsize=3, color=_colour(ruleset), label=ruleset
        )
    players = summaries[0]["setting"]["players"] if summaries else 0
    figure.suptitle(f"The cut limit: how rounds end and how long they last ({players} heuristic players)")
    for axis in (share_axis, moves_axis):
        axis.set_xticks(range(len(LIMITS)))
        axis.set_xticklabels(["none" if limit is None else str(limit) for limit in LIMITS])
        axis.set_xlabel("cut limit")
        axis.legend(fontsize="small")
    share_axis.set_title("rounds ended by a cut")
    share_axis.set_ylabel("share of rounds")
    _percent_axis(share_axis)
    moves_axis.set_title("length of a round")
    moves_axis.set_ylabel("moves per round (mean)")
    moves_axis.grid(axis="y", alpha=0.3)
    return figure


def card_cost_figure(study: dict) -> Figure:
    """By rank: how much more often a hand holding it loses when someone else cuts, with 95% intervals."""
    figure = Figure(figsize=(9, 4.4), layout="constrained")
    axis = figure.add_subplot()
    summaries = card_cost_summary(study)
    # Ranks in playing order, the joker last; a rank no hand held (the joker without jokers) is left out.
    order = list(range(1, 14)) + [0]
    shown = [rank for rank in order if any(summary["held"][rank] for summary in summaries)]
    width = 0.8 / max(len(summaries), 1)
    for offset, summary in enumerate(summaries):
        ruleset = summary["setting"]["ruleset"]
        x = np.arange(len(shown)) + (offset - (len(summaries) - 1) / 2) * width
        cost = summary["cost"][shown]
        low, high = summary["cost_interval"]
        axis.bar(
            x,
            100 * cost,
            width,
            yerr=100 * _errors(cost, (low[shown], high[shown])),
            capsize=2,
            color=_colour(ruleset),
            label=f"{ruleset} ({summary['setting']['players']} players)",
        )
    axis.axhline(0, color="#333333", linewidth=0.8)
    axis.set_xticks(range(len(shown)))
    axis.set_xticklabels([RANK_LABELS[rank] for rank in shown])
    axis.set_title("The cost of a card when someone else cuts")
    axis.set_xlabel("a card of this rank in your hand")
    axis.set_ylabel("more cuts lost than without it (points of %)")
    axis.grid(axis="y", alpha=0.3)
    axis.legend(fontsize="small", ncols=4, loc="upper center", bbox_to_anchor=(0.5, -0.14))
    return figure


def round_ends_figure(study: dict) -> Figure:
    """Stacked bars: the share of rounds ended out / by a cut / blocked, for each ruleset and table size."""
    figure = Figure(figsize=(9, 4.4), layout="constrained")
    axis = figure.add_subplot()
    summaries = round_ends_summary(study)
    rulesets = list(dict.fromkeys(summary["setting"]["ruleset"] for summary in summaries))
    x, labels, group_centres = [], [], []
    position = 0.0
    for ruleset in rulesets:
        rows = [summary for summary in summaries if summary["setting"]["ruleset"] == ruleset]
        start = position
        for summary in rows:
            x.append(position)
            labels.append(str(summary["setting"]["players"]))
            position += 1
        group_centres.append((start + position - 1) / 2)
        position += 0.8
    ordered = [summary for ruleset in rulesets for summary in summaries if summary["setting"]["ruleset"] == ruleset]
    bottom = np.zeros(len(ordered))
    for index, reason in enumerate(REASONS):
        shares = np.array([summary["shares"][index] for summary in ordered])
        axis.bar(x, shares, 0.8, bottom=bottom, color=REASON_COLOURS[reason], label=f"ended by {REASON_WORDS[reason]}")
        bottom += shares
    axis.set_xticks(x)
    axis.set_xticklabels(labels)
    for centre, ruleset in zip(group_centres, rulesets, strict=True):
        axis.annotate(
            ruleset,
            (centre, 0),
            xycoords=("data", "axes fraction"),
            xytext=(0, -28),
            textcoords="offset points",
            ha="center",
            fontweight="bold",
        )
    axis.set_title("How rounds end, by ruleset and table size (heuristic players)")
    axis.set_xlabel("players at the table, for each ruleset", labelpad=22)
    axis.set_ylabel("share of rounds")
    _percent_axis(axis)
    axis.legend(fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.22), ncols=3)
    return figure


def agent_ladder_figure(study: dict, ruleset: str) -> Figure:
    """Each agent's win share against each other agent, with 95% intervals (a tie counts half)."""
    summary = agent_ladder_summary(study, ruleset)
    names = summary["agents"]
    figure = Figure(figsize=(8, 4.4), layout="constrained")
    axis = figure.add_subplot()
    width = 0.8 / max(len(names) - 1, 1)
    markers = "osD^vP*X"
    for column, opponent in enumerate(names):
        rows = [row for row in range(len(names)) if row != column]
        # Within an agent's group, its opponents stand in ladder order: skip the agent itself.
        x = np.array([row + ((column - (column > row)) - (len(names) - 2) / 2) * width for row in rows])
        share = summary["share"][rows, column]
        low, high = summary["interval"][0][rows, column], summary["interval"][1][rows, column]
        axis.errorbar(
            x,
            share,
            yerr=_errors(share, (low, high)),
            fmt=markers[column % len(markers)],
            capsize=3,
            label=f"against {opponent}",
        )
    axis.axhline(0.5, color="#555555", linestyle=":", linewidth=1)
    axis.set_xticks(range(len(names)))
    axis.set_xticklabels([f"{name}\n{summary['overall'][index]:.0%} overall" for index, name in enumerate(names)])
    axis.set_title(f"Agent ladder ({summary['ruleset']}, two players): each agent against each other")
    axis.set_xlabel("agent")
    axis.set_ylabel("share of games won (a tie counts half)")
    _percent_axis(axis)
    axis.legend(fontsize="small", loc="upper left")
    return figure


def review_figure(review: dict) -> Figure:
    """The learner's chance to win after each of their moves, and with the best move; flagged moves marked."""
    figure = Figure(figsize=(8, 3.8), layout="constrained")
    axis = figure.add_subplot()
    moves = review["moves"]
    numbers = np.arange(1, len(moves) + 1)
    played = np.array([move["played_chance"] for move in moves])
    best = np.array([move["best_chance"] for move in moves])
    axis.plot(numbers, best, color="#9e9e9e", linestyle="--", label="with the best move found")
    axis.plot(numbers, played, color="#1f77b4", marker="o", markersize=3, label="after the move you played")
    for label, colour in REVIEW_COLOURS.items():
        marked = [index for index, move in enumerate(moves) if move["label"] == label]
        if marked and label not in ("good", "forced"):
            axis.scatter(numbers[marked], played[marked], s=70, color=colour, zorder=3, label=label)
    axis.set_title(
        f"Your chance to win, move by move (seat {review['seat']}, {review['samples']} imagined deals a move)"
    )
    axis.set_xlabel("your move")
    axis.set_ylabel("chance to win the round")
    _percent_axis(axis)
    if len(numbers):
        axis.set_xlim(0.5, len(numbers) + 0.5)
    axis.legend(fontsize="small")
    return figure
