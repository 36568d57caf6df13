"""What a screen reader hears when a widget changes: one polite live region, kept on the page.

A stepper's new step, a practice answer's verdict and the cut meter's answer are said through
it; the page shows the same words elsewhere, so the region itself is not seen.

>>> announcer = Announcer()
>>> announcer.say("Step 2 of 4. South plays the 2 of clubs.")
>>> announcer.text
'Step 2 of 4. South plays the 2 of clubs.'
"""

from __future__ import annotations

import anywidget
from traitlets import Unicode

from .table_widget import STATIC


class Announcer(anywidget.AnyWidget):
    """A live region whose ``text`` a screen reader hears each time it changes (``say``)."""

    _esm = STATIC / "announcer.js"
    _css = ".matatu-announcer{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}"
    text = Unicode("").tag(sync=True)

    def say(self, text: str) -> None:
        self.text = text

    def set_state(self, sync_data):
        """A page changes nothing here: what is said is the kernel's."""


__all__ = ["Announcer"]
