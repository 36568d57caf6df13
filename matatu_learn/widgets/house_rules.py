"""House rules at a table's setup: a switch mix chosen on top of a published ruleset before
the deal, and locked once the cards are dealt (the round is recorded under a ruleset of that mix).

A compact view for a phone: the switches a table usually changes for the ruleset's family
first (``teaching.rules_draft.USUAL_SWITCHES``), the rest folded under "More switches"; every
control full width and at least 44 px tall. It edits a ``RulesDraft`` with the rules editor's
own controls (``rules_editor.switch_control``): a refused mix is explained at once and the
last playable one kept. Publishing stays the rules editor's.

>>> table = HouseRules(None, "uganda")
>>> table.choose("cut_limit", 25), table.choose("queens_reverse", True)
('', '')
>>> table.switches, table.rules.cut_limit, table.summary()
({'cut_limit': 25, 'queens_reverse': True}, 25, 'Your table: cut limit 25, queens reverse')
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from ..engine.errors import MatatuError, RulesError
from ..engine.rules import Rules
from ..store.registry import Registry
from ..teaching.play import ruleset_preset
from ..teaching.rules_draft import (
    LOCKED_EDIT,
    RulesDraft,
    changed_from,
    further_switches,
    house_rules_intro,
    kept_sentence,
    locked_sentence,
    switch_kind,
    table_summary,
    usual_switches,
)
from ..teaching.voice import value_words
from .rules_editor import show_switch_value, switch_control, switch_value

# Full-width rows, tap targets of at least 44 px, 16 px text (a phone does not zoom into a
# box), and on a narrow screen each title above its control so nothing scrolls sideways.
HOUSE_RULES_STYLE = """<style>
.matatu-house-rules{width:100%;max-width:44em;box-sizing:border-box}
.matatu-house-rules .matatu-house-row{border-bottom:1px solid #ddd;padding:4px 0 6px;width:100%}
.matatu-house-rules .widget-html-content{white-space:normal;line-height:1.35}
.matatu-house-rules .matatu-house-note{color:#444;font-size:90%}
.matatu-house-rules .matatu-house-value{font-weight:bold;color:#000}
.matatu-house-rules .lm-Widget{margin-left:0;margin-right:0;max-width:100%}
.matatu-house-rules .widget-inline-hbox:not(.widget-html){min-height:44px;height:auto;align-items:center}
.matatu-house-rules .widget-inline-hbox .widget-label{white-space:normal;line-height:1.2;text-align:left;font-size:16px}
.matatu-house-rules select,.matatu-house-rules input[type=text],.matatu-house-rules input[type=number]{
  min-height:44px;height:44px;font-size:16px;box-sizing:border-box;min-width:0}
.matatu-house-rules .widget-checkbox label{min-height:44px;display:flex;align-items:center;gap:10px;
  width:100%;font-size:16px;cursor:pointer}
.matatu-house-rules .widget-checkbox input[type=checkbox]{width:24px;height:24px;margin:0;flex:none}
.matatu-house-rules button{min-height:44px;height:auto;font-size:16px;white-space:normal}
.matatu-house-rules .matatu-house-locked{background:#fff4ce;border-radius:6px;padding:6px 10px}
@media (max-width:600px){
  .matatu-house-rules .widget-inline-hbox:not(.widget-checkbox):not(.widget-html){flex-wrap:wrap}
  .matatu-house-rules .widget-inline-hbox:not(.widget-checkbox):not(.widget-html)>.widget-label{
    width:100%!important;max-width:100%;text-align:left;padding-bottom:2px}
  .matatu-house-rules .widget-inline-hbox:not(.widget-checkbox):not(.widget-html)>:not(.widget-label){flex:1 1 100%;width:100%}
}
</style>"""
_ROW = {"style": {"description_width": "16em"}}
MORE = "More switches"
FEWER = "Fewer switches"


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


class HouseRules(widgets.VBox):
    """A switch mix on top of a published ruleset, chosen at a table's setup.

    ``registry_or_database``: a ``Registry``, a database path, or None (the user's database).
    ``ruleset`` (a published name) can be changed: the mix starts again from its values.
    ``switches`` (the switches changed: name → value) and ``ruleset`` are traits, so a page
    can ``observe`` them to redraw; ``rules`` is the resulting ``Rules``. ``lock()`` once the
    cards are dealt, ``unlock()`` for the next deal.
    """

    ruleset = traitlets.Unicode()
    switches = traitlets.Dict(read_only=True)
    locked = traitlets.Bool(False)

    def __init__(self, registry_or_database: Registry | str | Path | None = None, ruleset: str = "uganda", **kwargs):
        if isinstance(registry_or_database, Registry):
            self.registry = registry_or_database
        else:
            self.registry = Registry(registry_or_database)
        self.draft: RulesDraft | None = None
        self.controls: dict[str, widgets.Widget] = {}
        self.notes: dict[str, widgets.HTML] = {}
        self.rows: dict[str, widgets.VBox] = {}
        self.refusal = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.refused_row = ""
        self.intro = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.status = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.usual_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.more_box = widgets.VBox(layout=widgets.Layout(width="100%", display="none"))
        self.more = widgets.ToggleButton(
            value=False, description=MORE, icon="chevron-down", layout=widgets.Layout(width="100%")
        )
        self.more.observe(lambda change: self._fold(), names="value")
        self.usual: tuple[str, ...] = ()
        self.further: tuple[str, ...] = ()
        self._building = False
        super().__init__(
            [widgets.HTML(HOUSE_RULES_STYLE), self.intro, self.status, self.usual_box, self.more, self.more_box],
            **kwargs,
        )
        self.add_class("matatu-house-rules")
        self.layout.width = "100%"
        self.ruleset = ruleset

    # ------------------------------------------------------------ what a page reads
    @property
    def rules(self) -> Rules:
        """The rules of the table: the published ruleset with the switches changed."""
        return self.draft.rules

    @property
    def version(self) -> int:
        """The version of the published ruleset the mix is on top of."""
        return self.draft.base_version

    @property
    def published_rules(self) -> Rules:
        """The published ruleset's own rules, before the table's changes."""
        return self.draft.base

    def summary(self) -> str:
        """The changes in words, one line: 'Your table: cut limit 25, queens reverse'."""
        return table_summary(self.ruleset, self.switches)

    # ------------------------------------------------------------ what a page does
    def choose(self, name: str, value: Any) -> str:
        """Set one switch as its control would; returns '' or the sentence that refused it."""
        self._build_more()
        control = self.controls.get(name)
        if control is None:
            raise RulesError(f"'{name}' is not a switch of the table.")
        self._building = True
        try:
            show_switch_value(control, value)
        finally:
            self._building = False
        return self._edited(name, control.value)

    def reset(self) -> None:
        """Start again from the ruleset's own values (its latest published version)."""
        if self.locked:
            raise RulesError(LOCKED_EDIT)
        self._start(self.ruleset)

    def lock(self) -> None:
        """The cards are dealt: every control is disabled and the table says what it plays by."""
        self.locked = True

    def unlock(self) -> None:
        """The round is over: the switches may change before the next deal."""
        self.locked = False

    # ------------------------------------------------------------ traits
    @traitlets.validate("ruleset")
    def _valid_ruleset(self, proposal):
        name = proposal["value"]
        if self.locked and name != self.ruleset:
            raise RulesError(LOCKED_EDIT)
        self.registry.ruleset(name)  # a sentence listing the rulesets when it is not one
        return name

    @traitlets.observe("ruleset")
    def _new_ruleset(self, change) -> None:
        self._start(change["new"])

    def _start(self, name: str) -> None:
        if self.draft is None:
            self.draft = RulesDraft(self.registry, name)
        else:
            self.draft.select_base(name)
        self.usual = usual_switches(ruleset_preset(self.registry, name))
        self.further = further_switches(self.usual)
        self.controls, self.notes, self.rows = {}, {}, {}
        self.refusal.value, self.refused_row = "", ""
        self.usual_box.children = [self._row(name) for name in self.usual]
        self.more_box.children = []
        if self.more.value:
            self._build_more()
        published = self.registry.ruleset(name, self.draft.base_version)
        intro = house_rules_intro(published.name, published.version, published.title)
        self.intro.value = f"<p class='matatu-house-note'>{_escape(intro)}</p>"
        self.set_trait("switches", {})
        self._refresh()

    @traitlets.observe("locked")
    def _locked(self, change) -> None:
        for name, control in self.controls.items():
            self._show(name, control)  # a refused value in a box gives way to what is played
            control.disabled = change["new"]
        self.refusal.value = ""
        self._refresh()

    # ------------------------------------------------------------ building
    def _row(self, name: str) -> widgets.VBox:
        control = switch_control(name, getattr(self.draft.rules, name), layout=widgets.Layout(width="100%"), **_ROW)
        control.disabled = self.locked
        control.observe(lambda change, name=name: self._edited(name, change["new"]), names="value")
        note = widgets.HTML(layout=widgets.Layout(width="100%"))
        row = widgets.VBox([control, note], layout=widgets.Layout(width="100%"))
        row.add_class("matatu-house-row")
        self.controls[name], self.notes[name], self.rows[name] = control, note, row
        return row

    def _build_more(self) -> None:
        """The folded switches are made the first time they are shown (or chosen)."""
        if not self.more_box.children:
            self.more_box.children = [self._row(name) for name in self.further]
            self._refresh()

    def _fold(self) -> None:
        if self.more.value:
            self._build_more()
        self.more_box.layout.display = None if self.more.value else "none"
        self.more.description = FEWER if self.more.value else MORE
        self.more.icon = "chevron-up" if self.more.value else "chevron-down"

    def _show(self, name: str, control: widgets.Widget) -> None:
        self._building = True
        try:
            show_switch_value(control, getattr(self.draft.rules, name))
        finally:
            self._building = False

    # ------------------------------------------------------------ editing
    def _edited(self, name: str, value: Any) -> str:
        if self._building:
            return ""
        if self.locked:  # a client can send a change to a disabled control: the kernel refuses it
            self._show(name, self.controls[name])
            problem = LOCKED_EDIT
        else:
            try:
                problem = self.draft.change(name, switch_value(name, self.controls[name], value))
            except MatatuError as error:
                problem = str(error)
        self._refuse(name, problem)
        self.set_trait("switches", dict(self.draft.changes))
        self._refresh()
        return problem

    def _refuse(self, name: str, problem: str) -> None:
        """The sentence goes under the switch that was refused, where the eye is."""
        if self.refused_row in self.rows:
            row = self.rows[self.refused_row]
            row.children = tuple(child for child in row.children if child is not self.refusal)
        self.refused_row = ""
        self.refusal.value = ""
        if not problem:
            return
        kept = "" if problem == LOCKED_EDIT else " " + kept_sentence(self.ruleset, self.draft.changes)
        self.refusal.value = f'<p role="alert" style="color:#a40000;margin:2px 0"><b>Not playable:</b> {_escape(problem)}{_escape(kept)}</p>'
        self.rows[name].children = (*self.rows[name].children, self.refusal)
        self.refused_row = name

    def _refresh(self) -> None:
        described = {name: (text, why) for name, text, why in self.draft.descriptions()}
        for name, note in self.notes.items():
            description, quiet = described[name]
            # The value in words: a list of values already says it, unless it changed.
            said = [] if switch_kind(name) == "choice" else [value_words(name, getattr(self.draft.rules, name))]
            if name in self.draft.changes:
                said.append(changed_from(name, getattr(self.draft.base, name)))
            words = ", ".join(said)
            extra = f" <i>({_escape(quiet)})</i>" if quiet else ""
            note.value = (
                "<span class='matatu-house-note'>"
                + (f"<span class='matatu-house-value'>{_escape(words)}</span> · " if words else "")
                + f"{_escape(description)}{extra}</span>"
            )
        if self.locked:
            sentence, css = locked_sentence(self.ruleset, self.draft.changes), "matatu-house-locked"
        else:
            sentence, css = self.summary(), ""
        self.status.value = f'<p role="status" class="{css}" style="margin:4px 0"><b>{_escape(sentence)}</b></p>'
