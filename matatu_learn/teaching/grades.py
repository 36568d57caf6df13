"""A learner's finished game graded once and kept: the grader (``strategy.grading``) values every
decision of the seat; the store keeps the grade, so a game is graded once."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence

from ..store.database import Store, StoreError
from ..store.progress import GamePlace, GradedGame, Progress, learner_name
from ..strategy import grading


def game_digest(ruleset: str, version: int, seed: int, leader: int, actions: Sequence, seat: int) -> int:
    """The grader's seed for a game: from the game itself (rules, deal, moves, seat), never its
    number, so the same moves at the same deal always get the same grade."""
    played = json.dumps([ruleset, version, seed, leader, [str(action) for action in actions], seat])
    return int.from_bytes(hashlib.sha256(played.encode()).digest()[:8], "little")


def grade_game(
    store: Store,
    game: int,
    seat: int,
    name: str | None = None,
    deals: int | None = None,
    on_decision: Callable[[int, int], None] | None = None,
) -> GradedGame:
    """The recorded game ``game`` of ``store`` graded for ``seat`` (played by ``name``, if named), once:
    a game already graded is read back. See ``strategy.grading`` for how; ``on_decision(done, total)``
    follows the grading, which takes a few seconds."""
    progress = Progress(store)
    kept = progress.graded_game(game, seat)
    if kept is not None:
        return kept
    if name is not None:
        learner_name(name)
    record = store.game(game)
    if not 0 <= seat < record.players:
        raise StoreError(f"Game {game} has seats 1 to {record.players}; there is no seat {seat + 1}.")
    rules = store.rules(record.ruleset, record.version)
    grade = grading.grade_round(
        rules,
        record.players,
        record.seed,
        record.leader,
        record.actions,
        seat,
        grading.DEFAULT_DEALS if deals is None else deals,
        estimate_seed=game_digest(record.ruleset, record.version, record.seed, record.leader, record.actions, seat),
        on_decision=on_decision,
    )
    base = store.ruleset(record.ruleset, record.version).base
    like = grading.played_like(grade.error_rate, grading.agent_rates(base)) if grade.decisions else ""
    return progress.keep_grade(game, seat, grade.to_json(), like, name)


def keep_played(store: Store, game: int, seat: int, name: str, place: GamePlace) -> bool:
    """Keep that ``name`` finished the recorded game ``game`` at ``seat``, at ``place``, with their share
    of the win: the path counts it at once, before it is graded. Whether it was kept now (once a game)."""
    record = store.game(game)
    result = 1 / len(record.winners) if seat in record.winners else 0.0
    return Progress(store).keep_played(game, seat, name, place, result)
