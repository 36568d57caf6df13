"""The tables of the rules reference, docs/rules.md, written from the engine.

docs/rules.md is prose around generated blocks, each between two marker lines:

    <!-- generated: switches -->
    ...
    <!-- end generated -->

Every block is written from the presets, the ``Rules`` fields, their allowed
values, ``card_values()`` and the plain-language rules text, so the reference
cannot drift from what the engine runs. Rewrite the blocks, leaving the prose
alone, with::

    python -m matatu_learn.engine.reference docs/rules.md

>>> generated_blocks()["card-values"].splitlines()[2]
'| 2 | 20 | 20 | 20 | 20 | 20 | 20 | 2 |'
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path

from .cards import ACE, DECK, JACK, KING, QUEEN, SPADES, SUITS, make_card
from .rules import (
    CHOICES,
    MINIMUM_LIMIT_COUNTING_SEVENS,
    NAMED_SWITCHES,
    NUMBER_CHOICES,
    OPTIONAL_NUMBERS,
    PRESET_TITLES,
    PRESETS,
    RANGES,
    Rules,
    with_switches,
)
from .rules_text import SWITCH_DESCRIPTIONS, inactive_settings, rules_sections, switch_value_text

# The presets whose source has a mode switch (docs/rules.md, the presets): house and
# uganda add jokers as an option, bomb drops them; party's handout has no jokers.
MODE_PRESETS = ("house", "uganda", "bomb")

# The settings each numbered section of docs/rules.md (§2–§8, in order) explains, and the
# heading of the rules text it quotes (None: the section quotes no rules text).
SECTIONS: dict[str, tuple[str | None, tuple[str, ...]]] = {
    "card-values": (None, ("two_value", "joker_value", "joker_mode_three_value", "joker_mode_master_ace_value")),
    "deal": ("Deck and deal", ("jokers", "decks", "hand_size", "opening", "marker")),
    "turn": ("A turn", ("draw_when_fitting", "after_draw", "draw_until_playable", "pass_without_draw")),
    "special-cards": (
        "Special cards",
        (
            "jack",
            "queens_reverse",
            "picks_add_up",
            "pick_answer",
            "threes_pick",
            "master_ace",
            "master_ace_cancel",
            "joker_names",
        ),
    ),
    "chopper": ("The chopper", ("chopper", "cut_limit", "cut_counts", "sevens_normal", "cut_winner")),
    "calls": ("Calls", ("calls", "catch_penalty", "owed_call_blocks")),
    "scoring": ("End of a round and scoring", ("play_on", "scoring", "match_target", "match_rounds", "eliminate")),
}

BLOCK_PATTERN = re.compile(r"<!-- generated: ([a-z-]+) -->\n(.*?)<!-- end generated -->", re.DOTALL)


def allowed_values(name: str) -> str:
    """The values a setting accepts, as the reference lists them.

    >>> allowed_values("jack"), allowed_values("match_rounds")
    ('jump / reverse', '1–1000 or null')
    """
    if name in CHOICES:
        return " / ".join(CHOICES[name])
    if name in NUMBER_CHOICES:
        return " / ".join(str(number) for number in NUMBER_CHOICES[name])
    if name in RANGES:
        low, high = RANGES[name]
        text = f"{low}–{high}" + (" or null" if name in OPTIONAL_NUMBERS else "")
        if name == "cut_limit":
            text += f" (at least {MINIMUM_LIMIT_COUNTING_SEVENS} when the seven counts, unless sevens_normal)"
        return text
    return "true / false"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return lines


def _setting_cell(rules: Rules, name: str) -> str:
    text = switch_value_text(getattr(rules, name))
    return f"{text} *(no effect)*" if name in inactive_settings(rules) else text


def _settings_table(presets: Mapping[str, Rules], names: tuple[str, ...], described: bool) -> list[str]:
    header = ["setting"] + list(presets) + (["values", "what it changes"] if described else [])
    rows = []
    for name in names:
        row = [f"`{name}`"] + [_setting_cell(rules, name) for rules in presets.values()]
        if described:
            row += [allowed_values(name), SWITCH_DESCRIPTIONS[name]]
        rows.append(row)
    return _table(header, rows)


def _mode_variants(presets: Mapping[str, Rules]) -> dict[str, Rules]:
    """Each preset, followed by its other mode where its source has one."""
    variants = {}
    for name, rules in presets.items():
        variants[name] = rules
        if name in MODE_PRESETS:
            other = with_switches(rules, {"jokers": not rules.jokers})
            variants[f"{name}, {'joker mode' if other.jokers else 'classic'}"] = other
    return variants


def _value_cell(rules: Rules, cards: list) -> str:
    """One value when the cards share it, else each card's value."""
    values = rules.card_values()
    found = {values[card] for card in cards}
    if len(found) == 1:
        return str(found.pop())
    return ", ".join(f"{card} {values[card]}" for card in cards)


def _rank_cell(rules: Rules, ranks: range | tuple[int, ...]) -> str:
    """The values of some ranks, every suit; "face value" when each is worth its rank."""
    values = rules.card_values()
    if all(values[make_card(rank, suit)] == rank for rank in ranks for suit in SUITS) and len(ranks) > 3:
        return "face value"
    return " ".join(_value_cell(rules, [make_card(rank, suit) for suit in SUITS]) for rank in ranks)


def card_values_block(presets: Mapping[str, Rules]) -> str:
    """docs/rules.md §2: every card's value under each preset and mode, then the value settings."""
    variants = list(_mode_variants(presets).values())
    other_aces = [make_card(ACE, suit) for suit in SUITS if suit != SPADES]
    rows = [
        ["2"] + [_rank_cell(rules, (2,)) for rules in variants],
        ["3"] + [_rank_cell(rules, (3,)) for rules in variants],
        ["4–10"] + [_rank_cell(rules, range(4, 11)) for rules in variants],
        ["J Q K"] + [_rank_cell(rules, (JACK, QUEEN, KING)) for rules in variants],
        ["A♥ A♦ A♣"] + [_value_cell(rules, other_aces) for rules in variants],
        ["A♠"] + [_value_cell(rules, [make_card(ACE, SPADES)]) for rules in variants],
        ["joker"] + [_value_cell(rules, list(DECK[52:])) if rules.jokers else "—" for rules in variants],
    ]
    lines = _table(["card"] + list(_mode_variants(presets)), rows)
    lines += ["", *_settings_table(presets, SECTIONS["card-values"][1], described=False)]
    return "\n".join(lines) + "\n"


def section_block(presets: Mapping[str, Rules], block: str) -> str:
    """A section's settings for each preset, then each preset's rules text for it;
    a preset's other mode follows in full where it reads differently."""
    heading, names = SECTIONS[block]
    lines = _settings_table(presets, names, described=False)
    for name, rules in presets.items():
        sentences = rules_sections(rules)[heading]
        lines += ["", f"**{name}**", ""] + [f"- {sentence}" for sentence in sentences]
        if name not in MODE_PRESETS:
            continue
        other = with_switches(rules, {"jokers": not rules.jokers})
        other_sentences = rules_sections(other)[heading]
        if other_sentences != sentences:
            mode = "joker mode" if other.jokers else "classic"
            lines += ["", f"**{name}, {mode}** (`jokers = {switch_value_text(other.jokers)}`)", ""]
            lines += [f"- {sentence}" for sentence in other_sentences]
    return "\n".join(lines) + "\n"


def presets_block(presets: Mapping[str, Rules]) -> str:
    """The presets: id, source, and the mode each starts in."""
    rows = []
    for name, rules in presets.items():
        mode = ("joker mode" if rules.jokers else "classic (52 cards)") + (
            f"; {'classic' if rules.jokers else 'joker mode'} with `jokers = {switch_value_text(not rules.jokers)}`"
            if name in MODE_PRESETS
            else ""
        )
        rows.append([f"`{name}`", PRESET_TITLES.get(name, ""), mode])
    return "\n".join(_table(["id", "source", "mode"], rows)) + "\n"


def generated_blocks(presets: Mapping[str, Rules] = PRESETS) -> dict[str, str]:
    """Every generated block of docs/rules.md by name, written from ``presets``."""
    further = tuple(field.name for field in fields(Rules) if field.name not in NAMED_SWITCHES)
    blocks = {"presets": presets_block(presets), "card-values": card_values_block(presets)}
    for block in SECTIONS:
        if block != "card-values":
            blocks[block] = section_block(presets, block)
    blocks["switches"] = "\n".join(_settings_table(presets, NAMED_SWITCHES, described=True)) + "\n"
    blocks["settings"] = "\n".join(_settings_table(presets, further, described=True)) + "\n"
    return blocks


def document_blocks(text: str) -> dict[str, str]:
    """The generated blocks a document holds, by name."""
    return {match.group(1): match.group(2) for match in BLOCK_PATTERN.finditer(text)}


def stale_blocks(text: str, blocks: Mapping[str, str]) -> list[str]:
    """The names of the blocks that are missing from ``text`` or differ from ``blocks``.

    >>> stale_blocks("<!-- generated: calls -->\\nold\\n<!-- end generated -->", {"calls": "new\\n"})
    ['calls']
    """
    held = document_blocks(text)
    return [name for name, content in blocks.items() if held.get(name) != content]


def write_blocks(text: str, blocks: Mapping[str, str]) -> str:
    """``text`` with every generated block it holds rewritten; the prose around them is kept."""

    def rewrite(match: re.Match) -> str:
        name = match.group(1)
        if name not in blocks:
            return match.group(0)  # not the engine's: left as it is
        return f"<!-- generated: {name} -->\n{blocks[name]}<!-- end generated -->"

    return BLOCK_PATTERN.sub(rewrite, text)


def main(arguments: list[str]) -> int:
    """Rewrite the generated blocks of the reference named on the command line."""
    if len(arguments) != 1:
        print("usage: python -m matatu_learn.engine.reference docs/rules.md", file=sys.stderr)
        return 2
    path = Path(arguments[0])
    text = path.read_text(encoding="utf-8")
    blocks = generated_blocks()
    held = document_blocks(text)
    missing = [name for name in blocks if name not in held]
    unknown = [name for name in held if name not in blocks]
    if missing or unknown:
        print(
            f"{path}: "
            + "; ".join(
                ([f"no block for {', '.join(missing)} (add its marker lines)"] if missing else [])
                + ([f"blocks the engine does not write: {', '.join(unknown)}"] if unknown else [])
            )
            + ".",
            file=sys.stderr,
        )
        return 1
    changed = stale_blocks(text, blocks)
    path.write_text(write_blocks(text, blocks), encoding="utf-8")
    print(f"{path}: " + (f"rewrote {', '.join(changed)}." if changed else "up to date."))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
