"""Who sits at a table: a person by name, or a computer player by its level.

A ``Seat`` is a value: ``Seat.person("Amina")``, ``Seat.person()`` (a person at this screen, no
name given) or ``Seat.computer("search:2")``. ``to_record()`` is the shape the history keeps for
a seat, ``{"kind", "name", "agent"}``; ``Seat.from_record`` reads it back.

>>> seats = (Seat.person(), Seat.computer("heuristic"), Seat.computer("search"))
>>> [seat.to_record() for seat in seats][1:]
[{'kind': 'computer', 'name': '', 'agent': 'heuristic'}, {'kind': 'computer', 'name': '', 'agent': 'search:2'}]
>>> Seat.from_record(seats[0].to_record()) == seats[0], seats[0].is_person, seats[2].level
(True, True, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..agents.choices import agent_spec
from ..engine.errors import MatatuError
from ..store.database import RecordedSeat, SeatKind

__all__ = ["Seat", "SeatError", "SeatKind"]


class SeatError(MatatuError):
    """A seat that cannot be: an unknown computer player, a record of another shape."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat's player: a person (``name`` as they gave it, "" at a screen that asked for none)
    or a computer player (``agent``: its canonical spec). The history keeps it as a ``RecordedSeat``."""

    kind: SeatKind
    name: str = ""
    agent: str | None = None

    @classmethod
    def person(cls, name: str = "") -> Seat:
        return cls(SeatKind.PERSON, name, None)

    @classmethod
    def computer(cls, spec: str) -> Seat:
        """A computer player by its spec ("random", "heuristic", "search", "search:1" …)."""
        try:
            spec = agent_spec(spec)
        except MatatuError as error:
            raise SeatError(str(error)) from None
        return cls(SeatKind.COMPUTER, "", spec)

    @property
    def is_person(self) -> bool:
        return self.kind is SeatKind.PERSON

    @property
    def level(self) -> int | None:
        """A search player's level; None for any other player."""
        if self.agent is None or not self.agent.startswith("search:"):
            return None
        return int(self.agent.partition(":")[2])

    def to_record(self) -> dict[str, str | None]:
        """The seat as the history records it: ``{"kind": "person"|"computer", "name": str, "agent": str | None}``."""
        return self.recorded().to_json()

    def recorded(self) -> RecordedSeat:
        """The seat as the store records it."""
        return RecordedSeat(self.kind, self.name, self.agent)

    @classmethod
    def from_record(cls, record: dict) -> Seat:
        """A seat read back from ``to_record``'s shape; a ``SeatError`` for any other."""
        if not isinstance(record, dict) or set(record) != {"kind", "name", "agent"}:
            raise SeatError(f"A recorded seat is {{'kind', 'name', 'agent'}}, not {record!r}.")
        kind = record["kind"]
        if kind == SeatKind.PERSON and isinstance(record["name"], str) and record["agent"] is None:
            return cls.person(record["name"])
        if kind == SeatKind.COMPUTER and isinstance(record["agent"], str):
            return cls.computer(record["agent"])
        raise SeatError(f"A recorded seat is a person with a name or a computer with an agent, not {record!r}.")
