"""One stepper for every round shown move by move: lesson steps, recorded games, reviews.

It walks engine frames (``play_frames``, ``step_frames``, ``ReplayReport.frames``). Each
frame owns a copy of its round, so Back and Next only draw what is already there: nothing
is dealt or replayed on a click.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ..engine.events import public_event
from ..engine.frames import Frame
from ..engine.view import PlayerView, TeacherView
from ..teaching.voice import Voice
from .live import LiveHTML
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
    >>> stepper.position, "South draws a card." in stepper.caption.value
    (1, True)

    Each move is a sentence with the seats' names; the rule that allowed it follows in small print. The last step of a finished round says who won, every hand's total
    and the points. ``on_finish`` adds a "Next topic" button, ready on the last step.

    Phone first: what the step says, then the table (the cards the move brought outlined), then
    the buttons, kept at the bottom of the screen. A screen reader hears each step's number and
    words as they change (live regions); a button that closes when pressed hands the keyboard's
    focus on.
    """

    def __init__(
        self,
        frames: Sequence[Frame] = (),
        texts: Sequence[str] | None = None,
        viewer: int | None = None,
        empty_text: str = "",
        on_finish: Callable[[], None] | None = None,
    ):
        self.back = widgets.Button(description="Back", icon="step-backward", tooltip="The step before")
        self.next = widgets.Button(
            description="Next", icon="step-forward", button_style="primary", tooltip="The next step"
        )
        self.restart = widgets.Button(description="Restart", icon="undo", tooltip="The first step")
        self.next_topic = widgets.Button(
            description="Next topic", icon="forward", button_style="primary", tooltip="On to the next topic"
        )
        # Live regions: a screen reader hears the step's number and what it says as they change.
        self.counter = LiveHTML()
        self.caption = LiveHTML()
        self.caption.add_class("matatu-step-words")
        self.table = TableView()
        # The buttons stay the same widgets from step to step, so keyboard focus stays where it was;
        # a button that closes when pressed hands it on (``pressed``).
        self.back.on_click(lambda _: self.pressed(self.back, lambda: self.show(self.position - 1), self.next))
        self.next.on_click(lambda _: self.pressed(self.next, lambda: self.show(self.position + 1), self.carry_on))
        self.restart.on_click(lambda _: self.show(0))
        self.next_topic.on_click(lambda _: self.pressed(self.next_topic, self.finish, self.next))
        # On a phone the row wraps and each button keeps its whole label.
        for button in (self.restart, self.back, self.next, self.next_topic):
            button.layout = widgets.Layout(width="auto", min_width="6em")
        # Phone first: what the step says, the table it changed, then the buttons, kept at the bottom of
        # the screen while the stepper is on it (where a thumb reaches), Back and Next first.
        self.restart.add_class("matatu-restart")  # on a phone its icon alone, its name still "Restart"
        bar = widgets.HBox(
            [self.back, self.next, self.restart, self.next_topic],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        bar.add_class("matatu-stepper-bar")
        super().__init__([self.counter, self.caption, self.table, bar])
        self.add_class("matatu-stepper")
        self.viewer = viewer
        self.on_finish = on_finish
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

    def changed(self, position: int) -> set[int]:
        """The cards the step's move brought where they are now: the pile's new top, cards new in a hand.

        Those the viewer cannot see are backs and are never marked (``table_html`` marks visible cards only).
        """
        frame = self.frames[position]
        if frame.action is None or position == 0:
            return set()
        before, after = self.frames[position - 1].game, frame.game
        cards = {after.top} if after.top is not None and after.top != before.top else set()
        for seat in range(min(before.players, after.players)):
            cards |= set(after.hands[seat]) - set(before.hands[seat])
        return cards

    def show(self, position: int) -> None:
        if not self.frames:
            self.position = 0
            self.caption.value = f"<p>{html.escape(self.empty_text)}</p>"
            self.table.clear()
            self.counter.value = ""
            self.back.disabled = self.next.disabled = self.restart.disabled = True
            self.next_topic.layout.display = "none"
            return
        position = max(0, min(position, len(self.frames) - 1))
        self.position = position
        frame = self.frames[position]
        last = position == len(self.frames) - 1
        self.caption.value = self.words(position)
        self.table.show(self.view_of(frame), changed=self.changed(position))
        self.counter.value = f"<span class='matatu-note'>step {position + 1} of {len(self.frames)}</span>"
        self.back.disabled = position == 0
        self.next.disabled = last
        self.restart.disabled = False
        self.next_topic.layout.display = None if self.on_finish is not None else "none"
        self.next_topic.disabled = not last

    @property
    def carry_on(self) -> widgets.Button:
        """What follows the last step: the next topic, or else Back."""
        return self.next_topic if self.on_finish is not None else self.back

    def finish(self) -> None:
        if self.on_finish is not None:
            self.on_finish()

    @staticmethod
    def pressed(button: widgets.Button, act: Callable[[], None], then: widgets.Button) -> None:
        """Do what ``button`` does; if that closed it, the keyboard's focus (on it, fallen to the
        page now) goes to ``then``, if ``then`` is open."""
        act()
        if button.disabled and not then.disabled:
            then.focus()

    def sentences(self, position: int) -> tuple[str, str, list[str], str, str]:
        """What a step says, in plain words: its text, the move, the move's effects, why it was
        allowed, and at the end of a round the result (each "" or [] where there is none)."""
        frame = self.frames[position]
        last = position == len(self.frames) - 1
        voice = Voice(frame.game.players, viewer=self.viewer)
        move, effects, why, result = "", [], "", ""
        if frame.action is not None:
            # The viewer hears what they could see: the cards others drew stay unnamed.
            sentences = voice.tell(public_event(event, self.viewer) for event in frame.events)
            move, effects = sentences[0], sentences[1:]
            # Said of the seat that acted; a move that was the seat's only one has no reason to give.
            if frame.ruling is not None:
                why = voice.move_reason(self.frames[position - 1].game, frame.ruling, frame.seat)
        # A topic strings several scenes together: each scene's last frame is where its round may end.
        if frame.game.over and (last or self.frames[position + 1].action is None):
            result = voice.result(frame.game.result)
        return self.texts[position], move, effects, why, result

    def words(self, position: int) -> str:
        """What a step says: its text, the move as a sentence, its effects, and at the end the result."""
        text, move, effects, why, result = self.sentences(position)
        parts = [f"<p>{html.escape(text)}</p>"] if text else []
        if move:
            parts.append(f"<p><b>{html.escape(move)}</b></p>")
            if effects:
                parts.append("<ul>" + "".join(f"<li>{html.escape(effect)}</li>" for effect in effects) + "</ul>")
            if why:
                parts.append(f'<p class="matatu-note">Why it is allowed: {html.escape(why)}</p>')
        elif position < len(self.frames) - 1:
            parts.append("<p><i>The position before anything happens. Press Next.</i></p>")
        if result:
            parts.append(f"<p><b>{html.escape(result)}</b></p>")
        return "".join(parts)
