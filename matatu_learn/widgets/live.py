"""Words on the page that a screen reader hears each time they change: a stepper's step, a tapped
card's yes or why not, a practice answer's verdict, the cut meter's answer.

``LiveHTML`` is drawn like an ``ipywidgets.HTML`` (its ``value`` is the kernel's markup, escaped
where it holds anything typed) inside one polite live region that stays on the page: an HTML
widget's own ``role="status"``, drawn afresh with its text at each change, is often not read out.

>>> words = LiveHTML("<p>step 1</p>")
>>> words.value = "<p><b>South plays the 2 of clubs.</b></p>"
>>> words.value
'<p><b>South plays the 2 of clubs.</b></p>'
"""

from __future__ import annotations

import anywidget
from traitlets import Unicode

from .table_widget import STATIC


class LiveHTML(anywidget.AnyWidget):
    """The kernel's markup in a polite live region (see the module's text)."""

    _esm = STATIC / "live.js"
    value = Unicode("").tag(sync=True)

    def __init__(self, value: str = "", **kwargs):
        super().__init__(value=value, **kwargs)

    def set_state(self, sync_data):
        """A page changes nothing here: the words are the kernel's."""


__all__ = ["LiveHTML"]
