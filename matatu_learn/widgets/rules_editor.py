"""Customize: a table's own rules by clicks — every switch with what it changes, refused edits
explained as you make them, a live preview of the rules text, and publish.

Anyone may draft and preview; publishing changes what every page of the server sees, so it
needs the teacher code (``matatu_learn.store.roles``) and a page publishes a few versions at most.
A thin view of ``matatu_learn.teaching.rules_draft.RulesDraft``.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..engine.errors import MatatuError
from ..engine.rules_text import rules_sections
from ..store.registry import Registry
from ..store.roles import how_to_set_teacher_code, require_teacher, teacher_code_set
from ..teaching.rules_draft import RulesDraft, number_bounds, switch_kind, switch_options
from ..teaching.voice import error_words, setting_title, value_words
from .bounds import BoundsError, bounded_text
from .page import kernel_page

_WIDE = {"description_width": "14em"}
PUBLISHING = "publish rules"
LONGEST_TITLE = 120  # a one-line title; the name's own bound is the store's
LONGEST_NUMBER = 12  # digits and spaces in a number box: more is never a switch's value


def switch_control(name: str, value: Any, **options: Any) -> widgets.Widget:
    """The one control of a switch, the same on every page that edits rules: a tick box for
    yes/no, a list of values in words for a choice, a number box (empty: none) for a number.
    Its description is the setting's title in words; ``options`` go to the widget (style, layout).
    Read what it holds with ``switch_value``; show a value in it with ``show_switch_value``.
    """
    kind = switch_kind(name)
    label = {"description": setting_title(name), **options}
    if kind == "yes/no":
        return widgets.Checkbox(value=value, indent=False, **label)
    if kind == "choice":
        choices = [(value_words(name, option), option) for option in switch_options(name)]
        return widgets.Dropdown(options=choices, value=value, **label)
    low, high, optional = number_bounds(name)
    if optional:
        # A number that may be none: an empty box means none (no limit, no target).
        return widgets.Text(value="" if value is None else str(value), placeholder="none", **label)
    return widgets.BoundedIntText(value=value, min=low, max=high, **label)


def show_switch_value(control: widgets.Widget, value: Any) -> None:
    """Set a switch's control (``switch_control``) to show ``value``."""
    control.value = ("" if value is None else str(value)) if isinstance(control, widgets.Text) else value


def switch_value(name: str, control: widgets.Widget, value: Any) -> Any:
    """The switch value a control's ``value`` stands for: a number box's text read as a whole
    number, or None when empty. Raises a ``MatatuError`` with a sentence when it is not one."""
    if not isinstance(control, widgets.Text):
        return value
    value = bounded_text(value, LONGEST_NUMBER, setting_title(name)).strip()
    if value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise BoundsError(f"{setting_title(name)} must be a whole number, or empty for none.") from None


class RulesEditor(widgets.VBox):
    """Pick a base ruleset, change its switches, read the result, publish it.

    >>> editor = RulesEditor()
    >>> editor.controls["cut_limit"].value = "25"
    >>> "worth 25 or less" in editor.preview.value and "Cut limit: 30 → 25" in editor.difference.value
    True
    """

    def __init__(self, base: str = "uganda", database: str | Path | None = None):
        self.registry = Registry(database)
        self.draft = RulesDraft(self.registry, base)
        self.base_picker = widgets.Dropdown(
            options=self.registry.names(), value=base, description="Start from", style=_WIDE
        )
        self.base_picker.observe(lambda change: self._start_from(change["new"]), names="value")
        self.controls: dict[str, widgets.Widget] = {}
        self.notes: dict[str, widgets.HTML] = {}
        self.refusal = widgets.HTML(layout=widgets.Layout(min_height="1.5em"))
        self.difference = widgets.HTML()
        self.preview = widgets.HTML()
        self.name = widgets.Text(description="Name", placeholder="e.g. kampala-family", style=_WIDE)
        self.title = widgets.Text(description="One-line title", placeholder="optional", style=_WIDE)
        self.publish_button = widgets.Button(
            description="Publish", button_style="primary", tooltip="Save these rules as a ruleset of your own"
        )
        self.publish_button.on_click(lambda _: self.publish())
        self.teacher_code = widgets.Password(
            description="Teacher code", placeholder="from your teacher", style={"description_width": "initial"}
        )
        self.published = widgets.HTML()
        if teacher_code_set():
            self.publish_area = widgets.VBox(
                [
                    self.name,
                    self.title,
                    widgets.HBox(
                        [self.teacher_code, self.publish_button],
                        layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                    ),
                    self.published,
                ]
            )
        else:
            # No code on this server: publishing is closed, and the page says how to open it.
            self.published.value = f'<p role="status">{html.escape(how_to_set_teacher_code(PUBLISHING))}</p>'
            self.publish_area = widgets.VBox([self.published])
        self.rows = widgets.VBox()
        self._building = False
        self._build_rows()
        super().__init__(
            [
                self.base_picker,
                self.rows,
                self.refusal,
                widgets.HTML("<h4>What changes</h4>"),
                self.difference,
                widgets.HTML("<h4>The rules as they would read</h4>"),
                self.preview,
                widgets.HTML("<h4>Publish</h4>"),
                self.publish_area,
            ]
        )
        self._refresh()

    # ------------------------------------------------------------ building
    def _control(self, name: str) -> widgets.Widget:
        return switch_control(name, getattr(self.draft.rules, name), style=_WIDE, layout=widgets.Layout(width="28em"))

    def _build_rows(self) -> None:
        self._building = True
        rows = []
        for name, description, _ in self.draft.descriptions():
            control = self._control(name)
            control.observe(lambda change, name=name: self._edited(name, change["new"]), names="value")
            note = widgets.HTML(f'<span class="matatu-note">{html.escape(description)}</span>')
            self.controls[name], self.notes[name] = control, note
            rows.append(widgets.HBox([control, note], layout=widgets.Layout(align_items="center")))
        self.rows.children = rows
        self._building = False

    # ------------------------------------------------------------ editing
    def _start_from(self, base: str | None) -> None:
        if base not in self.registry.names():
            return  # a client can send an empty choice: the draft stays as it is
        self.draft.select_base(base)
        self._build_rows()
        self.refusal.value = ""
        self._refresh()

    def _edited(self, name: str, value) -> None:
        if self._building:
            return
        try:
            value = switch_value(name, self.controls[name], value)
        except MatatuError as error:
            self.refusal.value = self._problem("Not playable", str(error))
            return
        problem = self.draft.change(name, value)
        self.refusal.value = self._problem("Not playable", problem) if problem else ""
        self._refresh()

    @staticmethod
    def _problem(heading: str, text: str) -> str:
        return f'<p role="alert" style="color:#a40000"><b>{heading}:</b> {html.escape(text, quote=False)}</p>'

    def _refresh(self) -> None:
        for name, description, quiet in self.draft.descriptions():
            extra = f" <i>({html.escape(quiet)})</i>" if quiet else ""
            changed = " <b>changed</b>" if name in self.draft.changes else ""
            self.notes[name].value = f'<span class="matatu-note">{html.escape(description)}{extra}{changed}</span>'
        switches = self.draft.switch_difference()
        sentences = self.draft.text_difference()
        if not switches:
            self.difference.value = f"<p>No change yet: these are {html.escape(self.draft.base_name)}'s rules.</p>"
        else:
            items = "".join(f"<li>{html.escape(line)}</li>" for line in switches)
            said = "".join(
                f'<li style="color:{"#0a5a0a" if line[0] == "+" else "#a40000"}">{html.escape(line)}</li>'
                for line in sentences
            )
            self.difference.value = f"<ul>{items}</ul><ul>{said}</ul>"
        parts = []
        for heading, lines in rules_sections(self.draft.rules).items():
            parts.append(f"<b>{html.escape(heading)}</b><ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in lines))
            parts.append("</ul>")
        self.preview.value = "".join(parts)

    def publish(self) -> None:
        """Publish the draft under the name typed, with the teacher code; a sentence says what happened."""
        try:
            require_teacher(
                self.teacher_code.value, PUBLISHING, budget=kernel_page().writes, database=self.registry.database()
            )
            name = bounded_text(self.name.value, 40, "The name").strip()
            title = bounded_text(self.title.value, LONGEST_TITLE, "The title").strip()
            if self.draft.changes:  # an unchanged draft is refused below without writing
                kernel_page().writes.spend("version")
            version = self.draft.publish(name, title)
        except MatatuError as error:
            self.published.value = self._problem("Not published", error_words(error))
            return
        self.teacher_code.value = ""  # a shared device does not keep the code for the next person
        self.published.value = (
            f'<p role="status">✔ <b>{html.escape(name)} v{version}</b> is published: choose it in the Play table, '
            "the puzzles and simulations, or print it with "
            f"<code>matatu-learn rules {html.escape(name)}</code>.</p>"
        )
        names = self.registry.names()
        self.base_picker.options = names
