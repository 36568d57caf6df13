"""The habits CI keeps: ruff's lint and format, and the package's layers (import-linter)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

BIN = Path(sys.executable).parent


@pytest.mark.parametrize(
    "command",
    [["ruff", "check", "."], ["ruff", "format", "--check", "."], ["lint-imports"]],
    ids=["ruff check", "ruff format --check", "import layers"],
)
def test_the_code_keeps_its_habits(command):
    finished = subprocess.run([str(BIN / command[0]), *command[1:]], cwd=ROOT, capture_output=True, text=True)
    assert finished.returncode == 0, finished.stdout + finished.stderr


def test_the_layer_check_can_fail(tmp_path):
    # An engine module that imports the widgets must break the contract. The probe goes into a
    # copy of the package, never into the source tree (other runs may be reading it).
    shutil.copytree(ROOT / "matatu_learn", tmp_path / "matatu_learn", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    intruder = tmp_path / "matatu_learn" / "engine" / "_layer_probe.py"
    intruder.write_text("from matatu_learn.widgets import svg  # noqa: F401\n", encoding="utf-8")
    copy_first = dict(os.environ, PYTHONPATH=str(tmp_path))
    finished = subprocess.run(
        [str(BIN / "lint-imports"), "--no-cache"], cwd=tmp_path, env=copy_first, capture_output=True, text=True
    )
    assert finished.returncode != 0 and "matatu_learn.engine._layer_probe" in finished.stdout
