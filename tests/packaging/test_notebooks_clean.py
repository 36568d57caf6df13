"""The notebooks are committed clean: no outputs, execution counts, run timings or widget state,
except the outputs of the cells nbval checks (``# NBVAL_CHECK_OUTPUT``).

To clean them, run ``python tests/packaging/test_notebooks_clean.py``: it marks each checked cell
``"keep_output": true``, runs nbstripout over the notebooks, and gives the checked cells back
the execution count nbval needs (nbval skips a cell whose count is empty).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

# The checkouts root, wherever this file sits in tests/ (it also runs as a script, without conftest.py).
NOTEBOOKS = (
    next(folder for folder in Path(__file__).resolve().parents if (folder / "pyproject.toml").is_file()) / "notebooks"
)
CHECKED = "NBVAL_CHECK_OUTPUT"
RUN_METADATA = ("execution", "ExecuteTime")  # timings that change on every run


def source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def problems(notebook: dict) -> list[str]:
    """What keeps a notebook from being clean, one sentence each."""
    found = []
    if "widgets" in notebook.get("metadata", {}):
        found.append("its metadata carries widget state")
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    for number, cell in enumerate(code, 1):
        where = f"code cell {number}"
        noise = [key for key in RUN_METADATA if key in cell.get("metadata", {})]
        if noise:
            found.append(f"{where} carries run timings ({', '.join(noise)})")
        if CHECKED in source(cell):
            if cell.get("metadata", {}).get("keep_output") is not True:
                found.append(f'{where} is checked by nbval but not marked "keep_output": true')
            if cell.get("execution_count") is None:
                found.append(f"{where} is checked by nbval but has no execution count, so nbval skips it")
            continue
        if cell.get("outputs"):
            found.append(f"{where} carries outputs")
        if cell.get("execution_count") is not None:
            found.append(f"{where} carries an execution count")
    return found


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda path: path.name)
def test_the_notebook_is_committed_without_outputs_or_widget_state(path):
    found = problems(json.loads(path.read_text(encoding="utf-8")))
    assert not found, f"{path.name}: {'; '.join(found)}. Clean it with: python tests/packaging/test_notebooks_clean.py"


def test_a_notebook_with_outputs_counts_or_widget_state_is_found_unclean():
    notebook = {
        "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {}}},
        "cells": [
            {"cell_type": "markdown", "source": "# A title", "metadata": {}},
            {
                "cell_type": "code",
                "source": "1 + 1",
                "metadata": {"execution": {}},
                "execution_count": 1,
                "outputs": [{"output_type": "execute_result", "data": {"text/plain": "2"}}],
            },
            {
                "cell_type": "code",
                "source": f"# {CHECKED}\n2 + 2",
                "metadata": {},
                "execution_count": None,
                "outputs": [{"output_type": "execute_result", "data": {"text/plain": "4"}}],
            },
        ],
    }
    assert problems(notebook) == [
        "its metadata carries widget state",
        "code cell 1 carries run timings (execution)",
        "code cell 1 carries outputs",
        "code cell 1 carries an execution count",
        'code cell 2 is checked by nbval but not marked "keep_output": true',
        "code cell 2 is checked by nbval but has no execution count, so nbval skips it",
    ]


def strip(paths: list[Path]) -> None:
    """Clean the notebooks with nbstripout, keeping what nbval checks."""
    import nbformat

    def rewrite(path: Path, change) -> None:
        notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
        code = [cell for cell in notebook.cells if cell.cell_type == "code"]
        for number, cell in enumerate(code, 1):
            if CHECKED in cell.source:
                change(cell, number)
        nbformat.write(notebook, path)

    def mark(cell, number):
        cell.metadata["keep_output"] = True

    def count(cell, number):
        cell.execution_count = number  # what a run from the top gives it

    for path in paths:
        rewrite(path, mark)
    subprocess.run([sys.executable, "-m", "nbstripout", *map(str, paths)], check=True)
    for path in paths:
        rewrite(path, count)


if __name__ == "__main__":
    strip(sorted(NOTEBOOKS.glob("*.ipynb")))
