"""The learner a page keeps progress for, and the way their name travels from page to page.

A learner gives their name once, on the landing page; it travels in the address like the
ruleset (``?learner=Amina``). Voilà hands a page's query string to its kernel as
``QUERY_STRING``, so each page knows its learner from the start (``kernel_page().learner``).
The landing page (where the name is typed) and every lesson write the learner and the ruleset
chosen into the browser's address bar (``PageAddress``), and the pages' template adds both to
every link to another page that does not carry them already. No name: the page works as before
and keeps nothing.

A page reaches its database through ``kernel_page().database()`` (one database a kernel, opened
on first use and kept) and the learners' progress through ``kernel_page().learners()``. Work
done off the kernel's thread (grading a game) opens a database of its own (``own_database``):
an SQLite connection is not shared between threads that write.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
from traitlets import Unicode

from ..store.database import RecordError, Store
from .page import kernel_page
from .table_widget import STATIC


def carried_learner() -> str | None:
    """The name this page keeps progress for, or None."""
    return kernel_page().learner.name


def own_database(database: str | Path | None = None) -> Store:
    """A database of the caller's own, for work done off the kernel's thread; close it after."""
    return Store(database)


class PageAddress(anywidget.AnyWidget):
    """Writes the page's ``learner`` (``''``: takes it out) and ``rules`` (``''``: leaves it) into the
    browser's address bar, keeping the rest of the address, so a reload, a bookmark and the page's
    links keep the learner's name and the ruleset chosen on the page."""

    _esm = STATIC / "page_address.js"
    learner = Unicode("").tag(sync=True)
    rules = Unicode("").tag(sync=True)

    def set_state(self, sync_data):
        """A page changes nothing here: the name in the address is the kernel's."""


__all__ = ["PageAddress", "RecordError", "carried_learner", "own_database"]
