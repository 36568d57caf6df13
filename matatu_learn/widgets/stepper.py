"""One stepper for every round shown move by move: lesson steps, recorded games, reviews.

It walks engine frames (``play_frames``, ``step_frames``, ``ReplayReport.frames``). Each
frame owns a copy of its round, so Back and Next only draw what is already there: nothing
is dealt or replayed on a click.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from ..engine.frames import Frame
from ..engine.view import PlayerView, TeacherView
from .views import TableView


class FrameStepper(widgets.VBox):
    """Back / Next / Restart through frames: each frame's table, who acted, the engine's explanation and effects.

    ``texts`` gives each frame its words (default: the frame's own ``text``); ``viewer`` draws the
    table as that seat saw it (default: a teacher's view, every hand face up).

    >>> from matatu_learn.engine.frames import play_frames
    >>> from matatu_learn.engine.round import Round
    >>> from matatu_learn.engine.rules import PRESETS
    >>> stepper = FrameStepper(play_frames(Round(PRESETS["house"], players=2, seed=3), ["draw"]))
    >>> stepper.next.click()
    >>> stepper.position, "Seat 0: <code>draw</code>" in stepper.caption.value
    (1, True)
    """

    def __init__(
        self,
        frames: Sequence[Frame] = (),
        texts: Sequence[str] | None = None,
        viewer: int | None = None,
        empty_text: str = "",
    ):
        self.back = widgets.Button(description="Back", icon="step-backward", tooltip="The step before")
        self.next = widgets.Button(description="Next", icon="step-forward", tooltip="The next step")
        self.restart = widgets.Button(description="Restart", icon="undo", tooltip="The first step")
        self.counter = widgets.HTML()
        self.caption = widgets.HTML()
        self.table = TableView()
        self.back.on_click(lambda _: self.show(self.position - 1))
        self.next.on_click(lambda _: self.show(self.position + 1))
        self.restart.on_click(lambda _: self.show(0))
        super().__init__([widgets.HBox([self.restart, self.back, self.next, self.counter]), self.caption, self.table])
        self.viewer = viewer
        self.load(frames, texts, empty_text)

    def load(self, frames: Sequence[Frame], texts: Sequence[str] | None = None, empty_text: str = "") -> None:
        """Step through other frames from the first; ``empty_text`` says why there are none."""
        frames = list(frames)
        if texts is not None and len(texts) != len(frames):
            raise ValueError(
                f"A stepper takes one text per frame: {len(texts)} texts were given for {len(frames)} frames."
            )
        self.frames = frames
        self.texts = list(texts) if texts is not None else [frame.text for frame in frames]
        self.empty_text = empty_text
        self.show(0)

    def view_of(self, frame: Frame) -> PlayerView:
        """What the table shows of a frame: every hand, or only what the viewer's seat could see."""
        return TeacherView(frame.game) if self.viewer is None else PlayerView(frame.game, self.viewer)

    def show(self, position: int) -> None:
        if not self.frames:
            self.position = 0
            self.caption.value = f"<p>{html.escape(self.empty_text)}</p>"
            self.table.clear()
            self.counter.value = ""
            self.back.disabled = self.next.disabled = self.restart.disabled = True
            return
        position = max(0, min(position, len(self.frames) - 1))
        self.position = position
        frame = self.frames[position]
        last = position == len(self.frames) - 1
        text = self.texts[position]
        parts = [f"<p>{html.escape(text)}</p>"] if text else []
        if frame.action is not None:
            parts.append(
                f"<p><b>Seat {frame.seat}: <code>{html.escape(str(frame.action))}</code></b> — "
                f"{html.escape(frame.explanation)}</p>"
            )
            if frame.effects:
                parts.append("<ul>" + "".join(f"<li>{html.escape(effect)}</li>" for effect in frame.effects) + "</ul>")
        elif not last:
            parts.append("<p><i>The position before anything happens. Press Next.</i></p>")
        self.caption.value = "".join(parts)
        self.table.show(self.view_of(frame))
        self.counter.value = f"<span class='matatu-note'>step {position + 1} of {len(self.frames)}</span>"
        self.back.disabled = position == 0
        self.next.disabled = last
        self.restart.disabled = False
