"""The search chooses as it did on seeded positions of every preset (``search_decisions.py`` wrote the record)."""

import json

import pytest
from search_decisions import DECISIONS, LEVELS, chosen

from matatu_learn.engine.rules import PRESETS

RECORDED = json.loads(DECISIONS.read_text(encoding="utf-8"))


# Level 2 searches about fifteen times as many deals: a few minutes for the four presets.
@pytest.mark.parametrize(
    "level", [pytest.param(level, marks=pytest.mark.slow) if level > 1 else level for level in LEVELS]
)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_search_chooses_as_it_did(preset, level):
    assert chosen(preset, level) == RECORDED[preset][f"search:{level}"]
