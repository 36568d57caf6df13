"""Storage and nothing else: one SQLite database object, and the repositories of published rule
versions, recorded games, rooms and learners' progress, each adding its tables to the schema.

The package imports every repository, so a database never opens with part of its schema unknown.
"""

from . import progress, roles, room_tables
from .database import Database, GameRecord, PublishedRuleset, ReplayReport, Store, StoreError
from .registry import Registry, find_rules
from .schema import MIGRATIONS

__all__ = [
    "MIGRATIONS",
    "Database",
    "GameRecord",
    "PublishedRuleset",
    "Registry",
    "ReplayReport",
    "Store",
    "StoreError",
    "find_rules",
    "progress",
    "roles",
    "room_tables",
]
