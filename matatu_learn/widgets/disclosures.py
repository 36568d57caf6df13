"""The page's folded sections reached by the keyboard: ipywidgets' Accordion titles are not.

``KeyboardDisclosures()`` draws nothing: its script (``static/disclosures.js``) makes every
Accordion title on the page a button in the Tab order, with ``aria-expanded``, that Enter or Space
opens and folds. One on a page is enough.
"""

from __future__ import annotations

import anywidget

from .table_widget import STATIC


class KeyboardDisclosures(anywidget.AnyWidget):
    """Every Accordion title on the page, reachable with Tab and opened with Enter or Space."""

    _esm = STATIC / "disclosures.js"

    def set_state(self, sync_data):
        """A page changes nothing here."""


__all__ = ["KeyboardDisclosures"]
