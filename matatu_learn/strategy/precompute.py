"""The lab's heavy results, computed once at a modest size and shipped as package data.

``python -m matatu_learn.strategy.precompute [--workers N | --scheduler ADDRESS] [--only NAME]``
writes ``lab_data/NAME.json`` for every study of ``LAB``. Each file holds every part
(a task's game range and its counts), so any part can be played again and compared,
and the page can add games after the last one. ``lab_study(NAME)`` reads one back.

Each study's figures are drawn too, into ``lab_data/figures/``, so the page shows them
without importing matplotlib; ``--figures`` redraws them alone, after a change to a plot.

>>> from matatu_learn.strategy.questions import QUESTIONS
>>> sorted(LAB) == sorted(QUESTIONS)
True
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from ..engine.errors import MatatuError
from ..engine.rules import PRESET_IDS
from .questions import cut_limit_settings, ladder_settings, make_study, setting

SEED = 2024
# Each study: its settings, and the games played for each setting.
LAB: dict[str, tuple[list[dict], int]] = {
    "cut_or_wait": ([setting(ruleset, players) for ruleset in PRESET_IDS for players in (2, 3, 4)], 4000),
    "cut_limit": (cut_limit_settings(PRESET_IDS, players=3), 3000),
    "card_cost": ([setting(ruleset, 3) for ruleset in PRESET_IDS], 6000),
    "round_ends": ([setting(ruleset, players) for ruleset in PRESET_IDS for players in range(2, 7)], 2000),
    "agent_ladder": ([chosen for ruleset in PRESET_IDS for chosen in ladder_settings(ruleset)], 200),
}
FOLDER = Path(__file__).resolve().parent / "lab_data"
# The studies drawn once per ruleset (a dropdown picks one); the others are one figure each.
BY_RULESET = ("cut_or_wait", "agent_ladder")


def lab_study(name: str) -> dict:
    """The precomputed study ``name`` (one of ``LAB``)."""
    if name not in LAB:
        raise MatatuError(f"'{name}' is not a study of the lab: choose one of {', '.join(LAB)}.")
    return json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))


def figure_choices(study: dict) -> list[str | None]:
    """What a study's figure is drawn for: each ruleset it holds, or None for one figure."""
    if study["question"] not in BY_RULESET:
        return [None]
    return list(dict.fromkeys(chosen["ruleset"] for chosen in study["settings"]))


def draw(study: dict, choice: str | None = None):
    """A study's figure (for one ruleset where it is drawn per ruleset), as a matplotlib Figure."""
    from . import figures

    question = study["question"]
    if question in BY_RULESET:
        return getattr(figures, f"{question}_figure")(study, choice)
    return getattr(figures, f"{question}_figure")(study)


def figure_path(name: str, choice: str | None = None) -> Path:
    return FOLDER / "figures" / (f"{name}-{choice}.png" if choice else f"{name}.png")


def shipped_figure(name: str, choice: str | None = None) -> bytes:
    """The PNG drawn from the shipped study ``name`` (for ``choice``)."""
    return figure_path(name, choice).read_bytes()


def write_figures(name: str, study: dict) -> None:
    from .figures import png

    for choice in figure_choices(study):
        path = figure_path(name, choice)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png(draw(study, choice)))


def compute(name: str, workers: int = 1, scheduler=None, progress: bool | None = None, scale: float = 1.0) -> dict:
    """Study ``name`` at the lab's size (times ``scale``), with the lab's seed."""
    settings, games = LAB[name]
    return make_study(
        name, settings, max(1, round(games * scale)), SEED, workers=workers, scheduler=scheduler, progress=progress
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m matatu_learn.strategy.precompute", description="Compute the strategy lab's studies."
    )
    parser.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://HOST:8786")
    parser.add_argument("--only", choices=list(LAB), action="append", help="compute only this study (repeatable)")
    parser.add_argument("--figures", action="store_true", help="only redraw the figures of the shipped studies")
    arguments = parser.parse_args(argv)
    try:
        for name in arguments.only or list(LAB):
            if arguments.figures:
                write_figures(name, lab_study(name))
                print(f"{name}: figures redrawn")
                continue
            started = time.perf_counter()
            study = compute(name, arguments.workers, arguments.scheduler, progress=True)
            path = FOLDER / f"{name}.json"
            path.write_text(json.dumps(study, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
            write_figures(name, study)
            print(f"{name}: {len(study['settings'])} settings in {time.perf_counter() - started:.1f} s -> {path.name}")
    except MatatuError as error:
        print(f"precompute: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
