"""The kernel's own bounds on what a browser sends.

A client can change any synced trait of a widget, its ``min`` and ``max`` included, and then
send a value past them: a page uses a value only after checking it against the bounds written
here in Python, never the widget's.

>>> import ipywidgets as widgets
>>> box = widgets.BoundedIntText(value=60, min=20, max=400)
>>> box.max = 10**7; box.value = 10**7  # as a hostile client would
>>> within(box.value, 20, 400, "Deals a move")
(400, 'Deals a move must be from 20 to 400: 400 was used.')
>>> within(60, 20, 400, "Deals a move")
(60, '')
"""

from __future__ import annotations

import html

from ..engine.errors import MatatuError


class BoundsError(MatatuError):
    """A value from the page that the kernel will not use; nothing was done with it."""


def within(value: object, low: int, high: int, what: str) -> tuple[int, str]:
    """``value`` clamped to ``low``..``high``, and a sentence when it had to be ('' when it was within)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoundsError(f"{what} must be a whole number from {low:,} to {high:,}.")
    used = min(max(value, low), high)
    return used, "" if used == value else f"{what} must be from {low:,} to {high:,}: {used:,} was used."


def bounded_text(value: object, longest: int, what: str) -> str:
    """``value`` if it is text of at most ``longest`` characters; else a ``BoundsError`` saying so."""
    if not isinstance(value, str):
        raise BoundsError(f"{what} must be text.")
    if len(value) > longest:
        raise BoundsError(f"{what} is longer than {longest:,} characters: shorten it.")
    return value


class KernelChoice:
    """A choice widget (mixed in before it) whose client may pick an option but never empty the
    choice or rewrite the options' labels: ``traitlets`` lets ``None`` past every validator."""

    def set_state(self, sync_data):
        kept = {name: value for name, value in sync_data.items() if name not in ("_options_labels", "options")}
        if "index" in kept and kept["index"] is None and self._options_labels:
            del kept["index"]
        super().set_state(kept)


def note_html(sentence: str) -> str:
    """A clamped value's sentence, for the page ('' for none)."""
    return f"<p class='matatu-note' role='status'>{html.escape(sentence)}</p>" if sentence else ""
