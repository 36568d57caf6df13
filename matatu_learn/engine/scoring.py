"""Matches: rounds played one after another, points added up (docs/rules.md §8).

>>> from matatu_learn.engine.rules import PRESETS
>>> match = Match(PRESETS["party"], players=3, seed=5)
>>> game = match.next_round()
>>> game.leader, match.rounds_played
(0, 0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .errors import MatatuError
from .round import Round, RoundResult, check_players
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Departure:
    """What "eliminate" did after a round: the match seat that left, or nobody after a tie.

    ``round`` counts from 1; ``heaviest`` is the heaviest hand's total; ``tied`` the match seats
    that shared it (one seat: it left; several: nobody left).
    """

    round: int
    leaver: int | None
    heaviest: int
    tied: tuple[int, ...]


class Match:
    """Rounds until the match ends: to a points target (highest wins), over a
    number of rounds (lowest cumulative wins), or one round standing alone.

    With ``eliminate`` the heaviest hand leaves the match after each round (a tie for
    heaviest: nobody leaves); the next rounds are dealt to the players left, and the
    last player left wins. A round's seats are numbered afresh from 0; ``round_seats``
    gives the match seat of each.
    """

    def __init__(self, rules: Rules, players: int, seed: int):
        check_players(players)
        self.rules = rules
        self.players = players
        self.seed = seed
        self._seeds = random.Random(seed)
        self.scores = [0] * players
        self.results: list[RoundResult] = []
        self.round_seeds: list[int] = []
        self.seated: list[int] = list(range(players))  # the match seats still in the match
        self.eliminated: list[int] = []  # the match seats that left, in order
        self.round_seats: tuple[int, ...] = tuple(self.seated)
        self.seatings: list[tuple[int, ...]] = []  # each round's match seats, round seat by round seat
        self.departures: list[Departure] = []  # with eliminate: who left after each round, or nobody
        self.current: Round | None = None

    @property
    def rounds_played(self) -> int:
        return len(self.results)

    @property
    def over(self) -> bool:
        rules = self.rules
        if not self.results:
            return False
        if len(self.seated) == 1:
            return True
        if rules.match_target is not None:
            return max(self.scores) >= rules.match_target
        if rules.match_rounds is not None:
            return len(self.results) >= rules.match_rounds
        return True

    @property
    def winners(self) -> tuple[int, ...]:
        """The match seats that won the match (several: a tie); empty while it goes on."""
        if not self.over:
            return ()
        if len(self.seated) == 1:
            return (self.seated[0],)
        if self.rules.match_target is not None:
            best = max(self.scores)
        elif self.rules.match_rounds is not None:
            best = min(self.scores)
        else:
            return tuple(self.round_seats[seat] for seat in self.results[0].winners)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    def next_round(self, seed: int | None = None) -> Round:
        """Deal the next round to the players still in; the lead moves one seat each round.

        ``seed``: the round's own seed (a room draws each one afresh and keeps it); None: the
        next one the match's seed gives."""
        if self.over:
            raise MatatuError("The match is over: start a new match to play again.")
        if self.current is not None and not self.current.over:
            raise MatatuError("The current round is not over yet.")
        if seed is None:
            seed = self._seeds.randrange(2**63)
        self.round_seeds.append(seed)
        self.round_seats = tuple(self.seated)
        self.seatings.append(self.round_seats)
        players = len(self.seated)
        self.current = Round(self.rules, players, seed, leader=len(self.results) % players)
        return self.current

    def record(self, game: Round) -> None:
        """Add a finished round's points to the match, and let the heaviest hand leave if it must."""
        if game is not self.current or not game.over:
            raise MatatuError("Only the match's current round, once over, can be recorded.")
        result = game.result
        self.results.append(result)
        for seat, points in enumerate(result.points):
            self.scores[self.round_seats[seat]] += points
        self.current = None
        if self.rules.eliminate and not self.over:
            heaviest = max(result.totals)
            leaving = tuple(self.round_seats[seat] for seat, total in enumerate(result.totals) if total == heaviest)
            leaver = leaving[0] if len(leaving) == 1 else None
            self.departures.append(Departure(len(self.results), leaver, heaviest, leaving))
            if leaver is not None:
                self.seated.remove(leaver)
                self.eliminated.append(leaver)

    def match_points(self, round_index: int) -> tuple[int | None, ...]:
        """A played round's points by match seat: None for a seat no longer in the match then."""
        points = [None] * self.players
        for seat, point in zip(self.seatings[round_index], self.results[round_index].points, strict=True):
            points[seat] = point
        return tuple(points)
