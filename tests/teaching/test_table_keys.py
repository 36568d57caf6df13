"""The table's keys: one map, drawn by the table (``words.keys``) and written in the README."""

from __future__ import annotations

import re
from pathlib import Path

from matatu_learn.teaching.table_state import PAGE_WORDS
from matatu_learn.teaching.table_words import CANNOT_PLAY_NOW, KEY_WORDS, hand_card_marks

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_writes_the_tables_own_map_of_keys():
    section = README.read_text(encoding="utf-8").split("### Keys at the table", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (.+?) \| (.+?) \|$", section, flags=re.MULTILINE)[1:]  # after the heading
    assert rows == [tuple(row) for row in KEY_WORDS]


def test_the_table_draws_the_same_map_under_keys():
    assert PAGE_WORDS["keys"] == {"title": "Keys", "rows": [list(row) for row in KEY_WORDS]}


def test_a_card_that_cannot_be_played_says_so_in_three_words_not_why():
    assert hand_card_marks(chopper=False, drawn=True, refused=True) == ["just drawn", CANNOT_PLAY_NOW]
    assert hand_card_marks(chopper=False, drawn=False, refused=False) == []
