"""The migration registry: each repository adds the steps that make its tables, so no module
imports another to get its tables created.

A migration moves the schema from one version to the next; a version may gather parts from
several repositories (each names itself), run in the order of their names. A step is an SQL
statement, or a function given the connection inside the migration's transaction (to move data).
The versions are fixed history: a database made by any earlier matatu-learn upgrades through
each one in turn, so a step is never edited once released, only followed by a new version.

>>> registry = Migrations()
>>> registry.add(1, "notes", "CREATE TABLE notes (text TEXT)")
>>> registry.add(2, "notes", "ALTER TABLE notes ADD COLUMN at TEXT")
>>> registry.version, registry[0]
(2, ('CREATE TABLE notes (text TEXT)',))
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass

Step = str | Callable[[sqlite3.Connection], None]


@dataclass(frozen=True)
class Migration:
    """One repository's part of one schema version."""

    version: int  # the version the schema reaches with it
    name: str  # the repository that adds it, e.g. "games"
    steps: tuple[Step, ...]


class Migrations:
    """Every schema version's parts, as the repositories added them."""

    def __init__(self) -> None:
        self._parts: dict[tuple[int, str], Migration] = {}

    def add(self, version: int, name: str, *steps: Step) -> None:
        """Add ``name``'s part of ``version``; adding the same part twice (a module imported again) changes nothing."""
        migration = Migration(version, name, steps)
        known = self._parts.setdefault((version, name), migration)
        if known.steps != steps:
            raise ValueError(f"The migration {version} of {name} is added twice with different steps.")

    @property
    def version(self) -> int:
        """The schema version a database reaches once every migration has run."""
        versions = sorted({version for version, _ in self._parts})
        if versions != list(range(1, len(versions) + 1)):
            missing = sorted(set(range(1, max(versions, default=0) + 1)) - set(versions))
            raise RuntimeError(f"The schema's migrations skip version {missing[0]}: a repository was not imported.")
        return len(versions)

    def parts(self) -> tuple[Migration, ...]:
        """Every part added, by version and name."""
        return tuple(sorted(self._parts.values(), key=lambda part: (part.version, part.name)))

    def steps(self, version: int) -> tuple[Step, ...]:
        """The steps that lead to ``version``, its parts in the order of their names."""
        return tuple(step for part in self.parts() if part.version == version for step in part.steps)

    def __len__(self) -> int:
        return self.version

    def __getitem__(self, index: int) -> tuple[Step, ...]:
        """The steps of the migration at ``index``, as in a list of them: ``[0]`` makes version 1."""
        return self.steps(range(1, self.version + 1)[index])

    def __iter__(self) -> Iterator[tuple[Step, ...]]:
        return (self.steps(version) for version in range(1, self.version + 1))


# The store's schema: each repository module adds its parts when it is imported (the store
# package imports them all, so a database never opens with part of its schema unknown).
MIGRATIONS = Migrations()
