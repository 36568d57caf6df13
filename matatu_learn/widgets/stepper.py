"""A lesson stepper: Back / Next / Restart through fixed positions, showing each effect."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..teaching.lessons import Frame, step_frames
from .views import TableView


class LessonStepper(widgets.VBox):
    """Walks through steps (scenario-format positions and actions), one frame at a time."""

    def __init__(self, steps: list[dict[str, Any]] | None = None, empty_text: str = ""):
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
        self.empty_text = empty_text
        self.load(steps or [])

    def load(self, steps: list[dict[str, Any]], empty_text: str | None = None) -> None:
        if empty_text is not None:
            self.empty_text = empty_text
        self.frames: list[Frame] = [frame for step in steps for frame in step_frames(step)]
        self.show(0)

    def show(self, position: int) -> None:
        if not self.frames:
            self.position = 0
            self.caption.value = f"<p>{html.escape(self.empty_text)}</p>"
            self.table.value = ""
            self.counter.value = ""
            self.back.disabled = self.next.disabled = self.restart.disabled = True
            return
        position = max(0, min(position, len(self.frames) - 1))
        self.position = position
        frame = self.frames[position]
        parts = [f"<p>{html.escape(frame.text)}</p>"]
        if frame.action is not None:
            parts.append(
                f"<p><b>Seat {frame.seat}: <code>{html.escape(str(frame.action))}</code></b> — "
                f"{html.escape(frame.explanation)}</p>"
            )
            if frame.effects:
                parts.append("<ul>" + "".join(f"<li>{html.escape(effect)}</li>" for effect in frame.effects) + "</ul>")
        else:
            parts.append("<p><i>The position before anything happens. Press Next.</i></p>")
        self.caption.value = "".join(parts)
        self.table.show(frame.game)
        self.counter.value = f"<span class='matatu-note'>step {position + 1} of {len(self.frames)}</span>"
        self.back.disabled = position == 0
        self.next.disabled = position == len(self.frames) - 1
        self.restart.disabled = False
