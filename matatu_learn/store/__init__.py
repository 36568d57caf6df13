"""Published rule versions and recorded games, in SQLite, and the registry that finds a ruleset by name."""

from .database import GameRecord, PublishedRuleset, ReplayReport, Store, StoreError
from .registry import Registry, find_rules

__all__ = ["GameRecord", "PublishedRuleset", "Registry", "ReplayReport", "Store", "StoreError", "find_rules"]
