"""The page's own controls reached by the keyboard and named as a person says them.

``PageAccess()`` draws nothing: its script (``static/page_access.js``) makes every Accordion title
on the page a button in the Tab order, with ``aria-expanded``, that Enter or Space opens and
folds (ipywidgets' own are not reachable), and leaves each button's icon out of its name ("Deal
again", not the icon's glyph and "Deal again"). One on a page is enough.
"""

from __future__ import annotations

import anywidget

from .table_widget import STATIC


class PageAccess(anywidget.AnyWidget):
    """Every Accordion title on the page reachable with Tab, every icon left out of its button's name."""

    _esm = STATIC / "page_access.js"

    def set_state(self, sync_data):
        """A page changes nothing here."""


__all__ = ["PageAccess"]
