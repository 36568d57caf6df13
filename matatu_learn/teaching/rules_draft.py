"""A table's rules in the making: a base ruleset, the switches changed, and what that changes.

The rules editor widget is a view of a ``RulesDraft``: every edit goes through ``change``,
which keeps the last playable rules and says in the engine's own sentence why an edit
cannot be played; ``publish`` saves the draft as a new ruleset or the next version.

>>> draft = RulesDraft(Registry(":memory:"), "uganda")
>>> draft.change("cut_limit", 25)
''
>>> draft.change("cut_limit", 3)[:38]
'Cut limit must be at least 14 when the'
>>> draft.changes, [line for line in draft.text_difference() if "worth" in line]
({'cut_limit': 25}, ['- You may cut when your hand, the seven included, is worth 30 or less.', '+ You may cut when your hand, the seven included, is worth 25 or less.'])
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..engine.errors import MatatuError, RulesError
from ..engine.rules import (
    CHOICES,
    NAMED_SWITCHES,
    NUMBER_CHOICES,
    OPTIONAL_NUMBERS,
    PRESET_IDS,
    RANGES,
    SWITCH_NAMES,
    Rules,
    with_switches,
)
from ..engine.rules_text import rules_sections
from ..store.registry import Registry
from .voice import (
    inactive_words,
    ruleset_words,
    setting_description,
    setting_title,
    settings_in_words,
    switch_words,
    value_words,
)

# The switches a table usually changes at its setup, before the deal, by the preset its ruleset
# comes from (docs/rules.md): the preset's mode where its source has one (jokers: house and
# uganda add them, bomb drops them), the switches the rules mark as that ruleset's own house
# variations (uganda's cut limit 25 or none, queens reverse, picks add up, draw until you can
# play, the Kenyan deal of 5, sevens played normally, the match target; party's number of
# rounds), and the cut limit and the cards dealt, which any table argues about. The rest of
# the switches are there too, folded under "More switches".
USUAL_SWITCHES: dict[str, tuple[str, ...]] = {
    "house": ("jokers", "cut_limit", "hand_size"),
    "uganda": (
        "jokers",
        "cut_limit",
        "queens_reverse",
        "picks_add_up",
        "draw_until_playable",
        "hand_size",
        "sevens_normal",
        "match_target",
    ),
    "bomb": ("jokers", "cut_limit", "hand_size"),
    "party": ("cut_limit", "match_rounds", "hand_size"),
}
assert set(USUAL_SWITCHES) == set(PRESET_IDS), "every preset has its usual switches"
assert all(set(names) <= set(NAMED_SWITCHES) for names in USUAL_SWITCHES.values()), "usual switches are named ones"


def switch_kind(name: str) -> str:
    """How a switch is edited: 'yes/no', 'choice' or 'number'."""
    if name in CHOICES or name in NUMBER_CHOICES:
        return "choice"
    if name in RANGES:
        return "number"
    return "yes/no"


def switch_options(name: str) -> tuple[Any, ...]:
    """The values a 'choice' switch takes."""
    return CHOICES.get(name) or NUMBER_CHOICES[name]


def number_bounds(name: str) -> tuple[int, int, bool]:
    """A 'number' switch's lowest and highest values, and whether it may be null (none)."""
    low, high = RANGES[name]
    return low, high, name in OPTIONAL_NUMBERS


def usual_switches(preset: str | None) -> tuple[str, ...]:
    """The switches a table usually changes on a ruleset built from ``preset`` (None: not known).

    >>> usual_switches("party"), usual_switches(None)
    (('cut_limit', 'match_rounds', 'hand_size'), ('cut_limit', 'hand_size'))
    """
    return USUAL_SWITCHES.get(preset, ("cut_limit", "hand_size"))


def further_switches(usual: tuple[str, ...]) -> tuple[str, ...]:
    """Every other switch, the named ones (docs/rules.md §10) first, then the further settings."""
    named = [name for name in NAMED_SWITCHES if name not in usual]
    return tuple(named + [name for name in SWITCH_NAMES if name not in usual and name not in NAMED_SWITCHES])


def changes_words(base: str, changes: dict[str, Any]) -> str:
    """A table's changes to the ruleset ``base``, in words, in the order of the switches.

    >>> changes_words("uganda", {"queens_reverse": True, "cut_limit": 25})
    'cut limit 25, queens reverse'
    >>> changes_words("house", {})
    'House rules, nothing changed'
    """
    if not changes:
        return f"{ruleset_words(base)}, nothing changed"
    return ", ".join(switch_words(name, changes[name]) for name in SWITCH_NAMES if name in changes)


def table_summary(base: str, changes: dict[str, Any]) -> str:
    """One line for the table's setup: 'Your table: cut limit 25, queens reverse'."""
    return f"Your table: {changes_words(base, changes)}"


def locked_sentence(base: str, changes: dict[str, Any]) -> str:
    """What a dealt table says of its rules: 'Locked for this round: cut limit 25, queens reverse.'"""
    return f"Locked for this round: {changes_words(base, changes)}."


def kept_sentence(base: str, changes: dict[str, Any]) -> str:
    """What a table keeps after a refused change: 'The table keeps cut limit 25.'

    >>> kept_sentence("uganda", {})
    'The table keeps Uganda Classic, nothing changed.'
    """
    return f"The table keeps {changes_words(base, changes)}."


def house_rules_intro(base: str, version: int, title: str) -> str:
    """The first line of a table's house rules."""
    named = f"{ruleset_words(base, title)}, version {version}"
    return (
        f"Your table's own changes to {named}: choose them before the deal; they are locked once the cards are dealt."
    )


def changed_from(name: str, published: Any) -> str:
    """What a changed switch was in the published ruleset: 'changed from 30'."""
    return f"changed from {value_words(name, published)}"


LOCKED_EDIT = "The cards are dealt: the table's rules are locked for this round."


class RulesDraft:
    """A base published ruleset and the switches a table changes in it."""

    def __init__(self, registry: Registry, base: str):
        self.registry = registry
        self.base_name = ""
        self.select_base(base)

    def select_base(self, base: str) -> None:
        """Start again from a published ruleset's latest version."""
        published = self.registry.ruleset(base)
        self.base_name = base
        self.base_version = published.version
        self.base = published.rules
        self.rules = published.rules
        self.changes: dict[str, Any] = {}

    def change(self, name: str, value: Any) -> str:
        """Set one switch. Returns '' when the rules can be played, else the engine's sentence
        (and the draft keeps its last playable rules)."""
        proposed = dict(self.changes)
        if value == getattr(self.base, name):
            proposed.pop(name, None)
        else:
            proposed[name] = value
        try:
            rules = with_switches(self.base, proposed)
        except MatatuError as error:
            return settings_in_words(str(error))
        self.changes = proposed
        self.rules = rules
        return ""

    def descriptions(self) -> list[tuple[str, str, str]]:
        """Every switch: its name, what it changes, and why it has no effect now ('' if it has), in words."""
        quiet = inactive_words(self.rules)
        return [(field.name, setting_description(field.name), quiet.get(field.name, "")) for field in fields(Rules)]

    def switch_difference(self) -> list[str]:
        """The switches changed, in words: 'Cut limit: 30 → 25'."""
        return [
            f"{setting_title(name)}: {value_words(name, getattr(self.base, name))} → {value_words(name, value)}"
            for name, value in self.changes.items()
        ]

    def text_difference(self) -> list[str]:
        """The rules sentences the draft removes ('- …') and adds ('+ …'), section by section."""
        before, after = rules_sections(self.base), rules_sections(self.rules)
        lines = []
        for heading in after:
            old, new = before.get(heading, []), after[heading]
            lines += [f"- {sentence}" for sentence in old if sentence not in new]
            lines += [f"+ {sentence}" for sentence in new if sentence not in old]
        return lines

    def publish(self, name: str, title: str = "") -> int:
        """Save the draft as the ruleset ``name``: a new one from the base, or the next version
        of ``name`` when it is the base itself. Returns the version."""
        if not self.changes:
            raise RulesError("Nothing is changed yet: change a switch before you publish.")
        base = None if name == self.base_name else self.base_name
        return self.registry.database().publish(name, base, self.changes, title)
