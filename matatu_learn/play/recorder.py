"""The history's recorder, composed with a table: each finished round is saved as it ends.

A ``Recorder`` is an observer of a ``Table`` (``Table.observers``, or a ``LocalTable``'s): when a
round ends it spends one game of its ``budget`` (the page's writes) and records the round under
the published ruleset ``published(rules)`` names (the table's rules may be a mix of house rules,
published once by name). What it did is kept as facts: the ids recorded, or the error that kept a round out.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.errors import MatatuError
from ..engine.rules import Rules
from ..store.database import Store
from ..store.roles import WriteBudget
from .table import Move, Table

__all__ = ["Recorder"]


class Recorder:
    """Saves every finished round of the tables it observes in the history of ``database``, each
    spending a game of ``budget`` (the writes of the page the table is on)."""

    def __init__(self, database, published: Callable[[Rules], tuple[str, int]], *, budget: WriteBudget):
        self.database = database
        self.published = published
        self.budget = budget
        self.recorded: list[int] = []
        self.problem: MatatuError | None = None

    def moved(self, table: Table, move: Move) -> None:
        """Nothing to keep until the round ends."""

    def round_over(self, table: Table) -> None:
        try:
            self.budget.spend("game")
            name, version = self.published(table.rules)
            seats = [table.seat_of(seat).recorded() for seat in range(table.game.players)]
            with Store(self.database) as store:
                self.recorded.append(store.record(table.game, name, version, seats))
            self.problem = None
        except MatatuError as error:
            self.problem = error
