"""One place that finds a ruleset by name: the presets that come with the package and
every version published in the database.

The command line, scenario files and the widgets all ask here. A lookup never creates a
database: while there is none, the presets' shipped versions answer alone. A registry opens its
database once, when there is one to read (or ``database()`` is asked for, to write), and keeps it;
a page hands it the database it holds already (``Registry(store)``), so a lookup opens nothing.

>>> import os, tempfile
>>> registry = Registry(os.path.join(tempfile.mkdtemp(), "none-yet.sqlite3"))
>>> registry.rules("party").match_rounds, registry.names()
(5, ['house', 'uganda', 'bomb', 'party'])
>>> registry.rules("kampala")
Traceback (most recent call last):
...
matatu_learn.engine.errors.RulesError: 'kampala' is not a published ruleset: choose one of house, uganda, bomb, party.
"""

from __future__ import annotations

from pathlib import Path

from ..engine.errors import RulesError
from ..engine.rules import PRESET_IDS, PRESET_TITLES, PRESETS, Rules
from .database import PRESET_PUBLISHED_AT, PublishedRuleset, Store, default_path


class Registry:
    """Rulesets by name and version in ``database``: the page's open ``Store``, or the path of one
    (default: the user's)."""

    def __init__(self, database: str | Path | Store | None = None):
        self._store = database if isinstance(database, Store) else None
        self._owned = self._store is None  # a database handed in is its owner's to close
        if self._store is not None:
            self.path = self._store.path
        else:
            self.path = Path(database).expanduser() if database is not None else default_path()

    def database(self) -> Store:
        """The registry's database, opened (made, if there is none yet) on first use and kept."""
        if self._store is None:
            self._store = Store(self.path)
        return self._store

    def close(self) -> None:
        """Close the database this registry opened (one handed to it stays open: its owner closes it)."""
        if self._owned and self._store is not None:
            self._store.close()
            self._store = None

    def _database_exists(self) -> bool:
        return self._store is not None or (self.path.is_file() and self.path.stat().st_size > 0)

    def ruleset(self, name: str, version: int | None = None) -> PublishedRuleset:
        """A published version (the latest unless one is asked for), or a sentence listing what exists."""
        if not isinstance(name, str):
            raise RulesError(f"'{name}' is not a published ruleset: choose one of {', '.join(self.names())}.")
        if self._database_exists():
            return self.database().ruleset(name, version)
        if name not in PRESETS:
            raise RulesError(f"'{name}' is not a published ruleset: choose one of {', '.join(PRESET_IDS)}.")
        if version not in (None, 1):
            raise RulesError(f"{name} has no version {version}: its versions are 1.")
        return PublishedRuleset(name, 1, name, PRESET_TITLES[name], PRESETS[name], PRESET_PUBLISHED_AT)

    def rules(self, name: str, version: int | None = None) -> Rules:
        return self.ruleset(name, version).rules

    def names(self) -> list[str]:
        """Every ruleset's name, the presets first."""
        if self._database_exists():
            return self.database().names()
        return list(PRESET_IDS)

    def rulesets(self) -> list[PublishedRuleset]:
        """Every published version of every ruleset, in the order they were published."""
        if self._database_exists():
            return self.database().all_rulesets()
        return [self.ruleset(name) for name in PRESET_IDS]


def find_rules(name: str, version: int | None = None) -> Rules:
    """A ruleset by name from the user's database (see ``Registry``)."""
    registry = Registry()
    try:
        return registry.rules(name, version)
    finally:
        registry.close()
