"""One place that finds a ruleset by name: the presets that come with the package and
every version published in the database.

The command line, scenario files and the widgets all ask here. A lookup never creates a
database: while there is none, the presets' shipped versions answer alone.

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
    """Rulesets by name and version; ``path`` is the database (default: the user's)."""

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path).expanduser() if path is not None else default_path()

    def _database_exists(self) -> bool:
        return self.path.is_file() and self.path.stat().st_size > 0

    def ruleset(self, name: str, version: int | None = None) -> PublishedRuleset:
        """A published version (the latest unless one is asked for), or a sentence listing what exists."""
        if not isinstance(name, str):
            raise RulesError(f"'{name}' is not a published ruleset: choose one of {', '.join(self.names())}.")
        if self._database_exists():
            with Store(self.path) as store:
                return store.ruleset(name, version)
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
            with Store(self.path) as store:
                return store.names()
        return list(PRESET_IDS)

    def rulesets(self) -> list[PublishedRuleset]:
        """Every published version of every ruleset, in the order they were published."""
        if self._database_exists():
            with Store(self.path) as store:
                return store.all_rulesets()
        return [self.ruleset(name) for name in PRESET_IDS]


def find_rules(name: str, version: int | None = None) -> Rules:
    """A ruleset by name from the user's database (see ``Registry``)."""
    return Registry().rules(name, version)
