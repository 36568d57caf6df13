"""docs/rules.md, the rules reference: its generated blocks are what the engine writes now."""

import re
from collections import Counter
from dataclasses import fields, replace

from conftest import ROOT
from matatu_learn.engine.reference import (
    SECTIONS,
    document_blocks,
    generated_blocks,
    main,
    stale_blocks,
    write_blocks,
)
from matatu_learn.engine.rules import PRESETS, Rules
from matatu_learn.engine.rules_text import SWITCH_DESCRIPTIONS

REFERENCE = ROOT / "docs" / "rules.md"
REGENERATE = "python -m matatu_learn.engine.reference docs/rules.md"


def test_generated_blocks_match_the_engine():
    stale = stale_blocks(REFERENCE.read_text(encoding="utf-8"), generated_blocks())
    assert not stale, f"docs/rules.md: the generated blocks {', '.join(stale)} differ from the engine; run {REGENERATE}"


def test_the_check_names_the_blocks_a_changed_rule_touches():
    # A house limit of 25 shows in the chopper section and the switch table, nowhere else.
    changed = dict(PRESETS, house=replace(PRESETS["house"], cut_limit=25))
    assert stale_blocks(REFERENCE.read_text(encoding="utf-8"), generated_blocks(changed)) == ["chopper", "switches"]


def test_rewriting_restores_the_blocks_and_keeps_the_prose():
    text = REFERENCE.read_text(encoding="utf-8")
    blocks = generated_blocks()
    spoiled = text.replace("| `cut_limit` | 20 | 30 | null | 30 |", "| `cut_limit` | 99 | 30 | null | 30 |")
    spoiled = spoiled.replace("## 7. Calls\n", "## 7. Calls\n\nA note added by hand.\n")
    assert stale_blocks(spoiled, blocks) == ["chopper", "switches"]
    rewritten = write_blocks(spoiled, blocks)
    assert stale_blocks(rewritten, blocks) == []
    assert rewritten == text.replace("## 7. Calls\n", "## 7. Calls\n\nA note added by hand.\n")


def test_the_command_rewrites_a_stale_reference(tmp_path, capsys):
    copy = tmp_path / "rules.md"
    text = REFERENCE.read_text(encoding="utf-8")
    copy.write_text(text.replace("| 2 | 20 | 20 | 20 | 20 | 20 | 20 | 2 |", "| 2 | 2 |"), encoding="utf-8")
    assert main([str(copy)]) == 0
    assert "rewrote card-values." in capsys.readouterr().out
    assert copy.read_text(encoding="utf-8") == text
    copy.write_text("# No blocks here\n", encoding="utf-8")
    assert main([str(copy)]) == 1
    assert "no block for presets" in capsys.readouterr().err


def test_card_values_table_matches_section_2():
    # Copied from the published sources: A♠ and joker values per preset and mode.
    rows = {line.split(" | ")[0].strip("| "): line for line in generated_blocks()["card-values"].splitlines()}
    assert rows["A♠"] == "| A♠ | 15 | 15 | 15 | 15 | 60 | 15 | 15 |"
    assert rows["joker"] == "| joker | — | 25 | — | 50 | 50 | — | — |"
    assert rows["3"] == "| 3 | 3 | 3 | 3 | 3 | 30 | 3 | 3 |"


def test_every_setting_has_one_description():
    names = [field.name for field in fields(Rules)]
    assert sorted(SWITCH_DESCRIPTIONS) == sorted(names)
    for name, description in SWITCH_DESCRIPTIONS.items():
        assert description and "\n" not in description, name


def test_every_setting_is_explained_in_one_section():
    counts = Counter(name for _, names in SECTIONS.values() for name in names)
    assert counts == Counter(field.name for field in fields(Rules))


def test_every_setting_appears_in_the_switch_tables():
    blocks = document_blocks(REFERENCE.read_text(encoding="utf-8"))
    listed = re.findall(r"^\| `(\w+)` \|", blocks["switches"] + blocks["settings"], re.MULTILINE)
    assert Counter(listed) == Counter(field.name for field in fields(Rules))


def test_sections_are_numbered_like_the_contract():
    headings = re.findall(r"^## (\d+)\. (.+)$", REFERENCE.read_text(encoding="utf-8"), re.MULTILINE)
    assert [int(number) for number, _ in headings] == list(range(1, 11))
    assert [title for _, title in headings] == [
        "Cards and notation",
        "Card values",
        "The deal",
        "A turn",
        "Special cards",
        "The chopper",
        "Calls",
        "End of a round and scoring",
        "Rule versions",
        "Switch names",
    ]
