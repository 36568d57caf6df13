"""A review of one round for one seat, as a chess site reviews a game: a view of the grade.

At each of the learner's turns, the move played is judged as the grade judges it
(``grading.grade_decision``: the search's candidates and the move played, valued on the
position's own imagined deals, played to the end by the heuristic in every seat); a move with
no choice is shown too, with its chance, flagged ``forced``. The review adds no judgement of its
own: its labels, chances and costs are the grade's, so the same move gets the same verdict here,
in the graded game and from the coach. Only the seat's own view is used: the review never looks
at the real hidden cards.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.cards import parse_card, parse_cards
>>> from matatu_learn.engine.actions import parse_action
>>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦"), parse_cards("9♦ K♣ 4♣")],
...     pile=parse_cards("4♦"), marker=parse_card("6♦"))
>>> move = judge(PlayerView(game, 0), parse_action("pass"), samples=30)
>>> move["best"], move["best_chance"], move["label"]  # passing instead of a last-card cut
('cut 7♦', 1.0, 'blunder')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.actions import Action
from ..engine.round import Round
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .grading import DEFAULT_DEALS, THRESHOLDS, GradedDecision, check_deals, checked_record, grade_decision, seat_turns

DEFAULT_SAMPLES = DEFAULT_DEALS
__all__ = ["DEFAULT_SAMPLES", "THRESHOLDS", "flagged", "judge", "review_from", "review_round"]


def review_round(
    rules: Rules,
    players: int,
    seed: int,
    leader: int,
    actions: Iterable[Action | str],
    seat: int,
    samples: int = DEFAULT_SAMPLES,
    progress: bool | None = None,
) -> dict:
    """Review a recorded round (its rules, table, seed, leader and actions) for ``seat``."""
    return review_from(Round(rules, players, seed, leader), actions, seat, samples, progress)


def review_from(
    start: Round,
    actions: Iterable[Action | str],
    seat: int,
    samples: int = DEFAULT_SAMPLES,
    progress: bool | None = None,
) -> dict:
    """Review the moves played from ``start`` (a deal or a fixed position) for ``seat``; they must finish the round.

    Returns ``{"seat", "samples", "moves": [...], "result"}``; each move has its number in
    the round, the move played and its chance, the best move found and its chance, the
    cost (the chance given away, as the grade counts it), the number of legal moves and the flag.
    """
    check_deals(samples, "samples")
    actions, finished = checked_record(start, actions, seat)
    turns = sum(1 for _ in seat_turns(start, actions, seat))
    bar = _progress_bar(turns) if (progress or (progress is None and turns * samples >= 2000)) else None
    moves = []
    try:
        for number, view, action in seat_turns(start, actions, seat):
            moves.append({"seat": seat, **_move(grade_decision(view, action, samples, number))})
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    result = finished.result
    return {
        "seat": seat,
        "samples": samples,
        "moves": moves,
        "result": {"reason": str(result.reason), "winners": list(result.winners), "totals": list(result.totals)},
    }


def _move(decision: GradedDecision) -> dict:
    """A judged move as the review shows it."""
    return {
        "number": decision.number,
        "played": decision.played,
        "played_chance": decision.played_chance,
        "best": decision.best,
        "best_chance": decision.best_chance,
        "cost": decision.error,
        "choices": decision.choices,
        "label": decision.label,
    }


def _progress_bar(total: int):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="your moves", unit=" moves", leave=False)


def judge(view: PlayerView, played: Action, samples: int = DEFAULT_SAMPLES) -> dict:
    """The seat's move judged as the grade judges it, as the review shows it."""
    return _move(grade_decision(view, played, samples))


def flagged(review: dict, labels: Sequence[str] = ("blunder", "mistake")) -> list[dict]:
    """The moves that mattered: those flagged with one of ``labels``, costliest first."""
    return sorted((move for move in review["moves"] if move["label"] in labels), key=lambda move: -move["cost"])
