"""How ratings move: a learner and a puzzle play one Glicko-2 rating period at the learner's first
attempt at the puzzle (the ``glicko2`` library); the store keeps what it decides.

Only a learner's first attempt at a puzzle is rated; every wrong answer joins the mistakes queue
(``teaching.mistakes``), and a right answer to a due mistake moves it on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..store.progress import START_DEVIATION, START_RATING, START_VOLATILITY, Progress, Rating, queue_item
from .mistakes import schedule

__all__ = ["START_DEVIATION", "START_RATING", "START_VOLATILITY", "PuzzleAnswer", "Rating", "rated"]


@dataclass(frozen=True)
class PuzzleAnswer:
    """What one answer did: whether it was rated (a first attempt), and the ratings before and after."""

    first: bool
    right: bool
    before: Rating  # the learner's
    after: Rating
    puzzle_before: Rating
    puzzle_after: Rating

    @property
    def change(self) -> float:
        return self.after.rating - self.before.rating


def rated(player: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
    """``player`` after one rating period of ``games`` (opponent, score 0 to 1), by the ``glicko2`` library.

    Glickman's worked example (1500/200 against 1400/30 won, 1550/100 lost, 1700/300 lost):

    >>> after = rated(Rating(1500, 200), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    >>> round(after.rating, 2), round(after.deviation, 2)
    (1464.05, 151.52)
    """
    import glicko2  # imported when a rating moves: the pages that only read never need it

    rating = glicko2.Player(player.rating, player.deviation, player.volatility)
    rating.update_player(
        [opponent.rating for opponent, _ in games],
        [opponent.deviation for opponent, _ in games],
        [score for _, score in games],
    )
    return Rating(rating.rating, rating.rd, rating.vol)


def record_puzzle_answer(progress: Progress, name: str, key: str, right: bool) -> PuzzleAnswer:
    """Keep an answer to a kept puzzle, in one transaction: a learner's first attempt at it is rated
    (the learner and the puzzle play one rating period of one game); a wrong answer joins the
    mistakes queue, a right answer to a due mistake moves it on (see ``teaching.mistakes``)."""
    with progress.database.write():
        attempt = progress.add_puzzle_attempt(name, key, right)
        before, puzzle_before = attempt.learner_rating, attempt.puzzle_rating
        after, puzzle_after = before, puzzle_before
        if attempt.first:
            score = 1.0 if right else 0.0
            after = rated(before, [(puzzle_before, score)])
            puzzle_after = rated(puzzle_before, [(before, 1.0 - score)])
            progress.keep_ratings(attempt, after, puzzle_after)
        schedule(progress, attempt.learner, queue_item("puzzle", key), right)
    return PuzzleAnswer(attempt.first, right, before, after, puzzle_before, puzzle_after)
