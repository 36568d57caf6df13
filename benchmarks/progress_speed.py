"""What keeping a class's progress costs, on the paths a page runs.

    python benchmarks/progress_speed.py [--learners 30] [--answers 20] [--games 6]

- **A puzzle answered**: a page's ``PuzzleTrainer`` with a learner, clicked through its own set
  (the kernel's work for one click: judging, keeping the answer, both ratings, the verdict).
- **A class answering at once**: ``--learners`` processes (a class server runs one kernel a
  page) each answering ``--answers`` puzzles into one database: every answer's time, and that
  nothing was lost.
- **A finished game graded**: ``teaching.grades.grade_game`` on rounds played at the Play table by the
  heuristic player for the learner, at the grading's default number of deals.
- **The class page**: ``Progress.class_progress`` over everything the class kept above.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def click_through(database: Path, name: str, answers: int) -> list[float]:
    """A page's puzzle trainer for ``name``: the seconds each answer's click took in the kernel."""
    os.environ["MATATU_LEARN_DB"] = str(database)
    from matatu_learn.widgets.page import kernel_page
    from matatu_learn.widgets.puzzle_trainer import PuzzleTrainer, _choices

    kernel_page().learner.name = name
    trainer = PuzzleTrainer(preset="house")
    times = []
    for number in range(answers):
        puzzle = trainer.puzzle
        choices = [choice for _, choice in _choices(puzzle)]
        choice = choices[number % len(choices)]
        if puzzle.question == "which_card":
            choice = [card for option in choices if option for card in option][:1]
        started = time.perf_counter()
        trainer.answer(choice)
        times.append(time.perf_counter() - started)
        trainer.next_puzzle()
        if trainer.puzzle is puzzle:  # the set's score card: a new set near the rating
            trainer.start_own_set()
    return times


def _learner_process(arguments) -> list[float]:
    return click_through(*arguments)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--answers", type=int, default=20)
    parser.add_argument("--games", type=int, default=6)
    arguments = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="progress-speed-"))
    database = folder / "class.sqlite3"

    single = click_through(database, "Warm Up", arguments.answers)
    print(f"one page, {len(single)} puzzle answers: median {statistics.median(single) * 1000:.0f} ms a click")

    context = multiprocessing.get_context("spawn")
    started = time.perf_counter()
    with context.Pool(arguments.learners) as pool:
        results = pool.map(
            _learner_process,
            [(database, f"Learner {index + 1}", arguments.answers) for index in range(arguments.learners)],
        )
    elapsed = time.perf_counter() - started
    every = [seconds for times in results for seconds in times]
    print(
        f"{arguments.learners} pages at once, {len(every)} answers in {elapsed:.1f} s: "
        f"median {statistics.median(every) * 1000:.0f} ms, p95 {percentile(every, 0.95) * 1000:.0f} ms a click"
    )

    from matatu_learn.agents.choices import make_agent
    from matatu_learn.play.seats import Seat
    from matatu_learn.play.table import Table
    from matatu_learn.store.database import Store
    from matatu_learn.store.progress import Progress
    from matatu_learn.store.registry import Registry
    from matatu_learn.teaching.grades import grade_game
    from matatu_learn.teaching.play import seat_labels
    from matatu_learn.teaching.table_facts import set_up_screen

    with Store(database) as store:
        progress = Progress(store)
        kept = progress.class_progress()
        lost = [
            learner.name
            for learner in kept
            if learner.name != "Warm Up" and learner.puzzles_attempted != arguments.answers
        ]
        print(f"answers lost: {len(lost)}")
        grading = []
        for seed in range(1, arguments.games + 1):
            registry = Registry(database)
            seats = (Seat.person(), Seat.computer("heuristic"))
            table = Table(registry.ruleset("house").rules, seats, seed, whole_match=False)
            session = set_up_screen(
                table, registry=registry, ruleset="house", labels=seat_labels(["human", "heuristic"])
            )
            player = make_agent("heuristic", seed)
            while not session.over:
                if session.my_turn:
                    session.controller.act(player.choose(session.view))
                else:
                    session.controller.computer_move()
            started = time.perf_counter()
            graded = grade_game(store, session.recorded[-1], 0, "Learner 1")
            grading.append((time.perf_counter() - started, graded.decisions))
        seconds = [time for time, _ in grading]
        decisions = sum(count for _, count in grading)
        print(
            f"{len(grading)} games graded: median {statistics.median(seconds):.1f} s a game, "
            f"longest {max(seconds):.1f} s, {sum(seconds) / max(decisions, 1):.2f} s a decision"
        )
        started = time.perf_counter()
        rows = progress.class_progress()
        print(f"class page's data for {len(rows)} learners: {(time.perf_counter() - started) * 1000:.0f} ms")
    return 1 if lost else 0


if __name__ == "__main__":
    raise SystemExit(main())
