"""The search chooses as it did on seeded positions of every preset (``search_decisions.py`` wrote the record)."""

import json

import pytest
from search_decisions import DECISIONS, LEVELS, chosen

from matatu_learn.engine.rules import PRESETS

RECORDED = json.loads(DECISIONS.read_text(encoding="utf-8"))
# The search replayed on every recorded position: minutes, so the whole suite runs it, not the fast command.
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_search_chooses_as_it_did(preset, level):
    assert chosen(preset, level) == RECORDED[preset][f"search:{level}"]
