"""Published rule versions side by side, recorded games, and a step-by-step replay.

Thin views: the versions, records and explanations all come from the store and the engine;
a replay steps through the frames the store's replay made, never dealing again on a click.
"""

from __future__ import annotations

import html
import sqlite3
from contextlib import contextmanager
from pathlib import Path

import ipywidgets as widgets

from ..agents.simulate import simulate
from ..engine.errors import MatatuError
from ..engine.rules_text import rules_sections
from ..store.database import RecordedSeat, Store, replay_record
from ..store.roles import require_teacher, teacher_code_set
from ..teaching.play import seat_player_words
from ..teaching.voice import (
    ENDING_WORDS,
    Voice,
    error_words,
    inactive_words,
    listed,
    setting_description,
    setting_title,
    value_words,
)
from .page import kernel_page
from .stepper import FrameStepper
from .svg import STYLE


def _label(name: str, version: int) -> str:
    return f"{name} v{version}"


BUSY = "The database is busy — try again in a moment."
QUICK_GAMES = 5  # a click records this many: the page's write budget counts each
QUICK_GAMES_DOING = "record quick games into the class's history"


def database_busy(error: BaseException) -> bool:
    """Whether an error comes from another connection holding the database (busy or locked)."""
    while error is not None:
        if isinstance(error, sqlite3.OperationalError) and ("locked" in str(error) or "busy" in str(error)):
            return True
        error = error.__cause__ or error.__context__
    return False


def problem_sentence(error: BaseException) -> str:
    """What a page says when the store refuses or fails: one sentence, never a traceback."""
    if database_busy(error):
        return BUSY
    if isinstance(error, MatatuError):
        return error_words(error)
    return f"The database could not be used ({error}); nothing was changed."


def problem_html(error: BaseException) -> widgets.HTML:
    """A database problem, said in one sentence instead of a traceback."""
    return widgets.HTML(problem_markup(error))


def problem_markup(error: BaseException) -> str:
    return f"<p>✘ {html.escape(problem_sentence(error))}</p>"


@contextmanager
def said_on(target: widgets.HTML):
    """Run a page callback's store work; a refusal or a failure becomes a sentence in ``target``."""
    try:
        yield
    except (MatatuError, sqlite3.Error) as error:
        target.value = problem_markup(error)
    else:
        target.value = ""


def comparison_html(store: Store, chosen: list[tuple[str, int]]) -> str:
    """Every switch (rows, by what it changes) for each chosen version (columns).

    Only real differences are marked: a setting that another switch makes pointless in every
    chosen version plays the same whatever its value, so its row is not marked (its cells say so).
    """
    if not chosen:
        return "<p>Choose one or more rulesets above.</p>"
    columns = [store.ruleset(name, version) for name, version in chosen]
    unused = [inactive_words(published.rules) for published in columns]
    head = "".join(f'<th scope="col">{html.escape(_label(p.name, p.version))}</th>' for p in columns)
    rows = []
    for switch in columns[0].rules.switches():
        values = [published.rules.switches()[switch] for published in columns]
        # A setting without effect in a version plays like any other value there.
        played = {
            "no effect" if switch in off else value_words(switch, value)
            for value, off in zip(values, unused, strict=True)
        }
        differs = len(played) > 1
        cells = "".join(
            f'<td class="matatu-unused">{html.escape(value_words(switch, value))} ({html.escape(off[switch])})</td>'
            if switch in off
            else f"<td>{html.escape(value_words(switch, value))}</td>"
            for value, off in zip(values, unused, strict=True)
        )
        row_class = ' class="matatu-differs"' if differs else ""
        mark = "<b>≠ differs:</b> " if differs else ""
        rows.append(
            f'<tr{row_class}><th scope="row">{mark}{html.escape(setting_title(switch))} '
            f'<span class="matatu-note">{html.escape(setting_description(switch))}</span></th>{cells}</tr>'
        )
    return (
        f'{STYLE}<div class="matatu-table-wrap"><table class="matatu-compare">'
        f'<thead><tr><th scope="col">what the switch changes</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        "<p class='matatu-note'>Rows marked ≠ and highlighted play differently; a setting another switch "
        "makes pointless says “no effect”.</p>"
    )


def rules_text_html(store: Store, name: str, version: int) -> str:
    sections = rules_sections(store.rules(name, version))
    return "".join(
        f"<h4>{html.escape(heading)}</h4><ul>{''.join(f'<li>{html.escape(line)}</li>' for line in lines)}</ul>"
        for heading, lines in sections.items()
    )


class RulesComparison(widgets.VBox):
    """Pick published versions; see their switches side by side and each one's rules text."""

    def __init__(self, database: str | Path | None = None):
        self.database = database
        try:
            store = kernel_page().database(database)
            options = [(_label(p.name, p.version), (p.name, p.version)) for p in store.all_rulesets()]
        except MatatuError as error:
            super().__init__([problem_html(error)])
            return
        self.picker = widgets.SelectMultiple(
            options=options,
            value=tuple(value for _, value in options[:2]),
            rows=min(6, len(options)),
            description="Versions",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
            tooltip="Hold Ctrl or Shift to choose several",
        )
        self.table = widgets.HTML()
        self.texts = widgets.Tab()
        self.problem = widgets.HTML()
        self.picker.observe(lambda change: self.refresh(), names="value")
        self.refresh()
        super().__init__([self.picker, self.problem, self.table, self.texts])

    def refresh(self) -> None:
        chosen = list(self.picker.value)
        with said_on(self.problem):
            store = kernel_page().database(self.database)
            self.table.value = comparison_html(store, chosen)
            self.texts.children = [widgets.HTML(rules_text_html(store, name, version)) for name, version in chosen]
            for index, (name, version) in enumerate(chosen):
                self.texts.set_title(index, _label(name, version))


def _game_row(record) -> str:
    """A recorded game as a row: seats by name with who played them, the ending and winners in words."""
    voice = Voice(record.players)
    seats = ", ".join(f"{voice.seat(number)} ({seat_player_words(seat)})" for number, seat in enumerate(record.seats))
    points = ", ".join(f"{voice.seat(seat)} {point}" for seat, point in enumerate(record.points))
    winners = listed([voice.seat(seat) for seat in record.winners])
    return (
        f"<tr><td>{record.id}</td><td>{html.escape(_label(record.ruleset, record.version))}</td>"
        f"<td>{html.escape(seats)}</td><td>{ENDING_WORDS[record.reason]}</td><td>{html.escape(winners)}</td>"
        f"<td>{html.escape(points)}</td><td>{len(record.actions)}</td>"
        f"<td>{html.escape(record.ended_at[:19].replace('T', ' '))}</td></tr>"
    )


def games_table_html(store: Store, ruleset: str | None, limit: int = 15) -> str:
    records = store.games(ruleset, limit)
    if not records:
        return "<p>No recorded games yet.</p>"
    rows = "".join(_game_row(record) for record in records)
    return (
        f'{STYLE}<div class="matatu-table-wrap"><table class="matatu-compare"><thead><tr><th scope="col">id</th>'
        '<th scope="col">ruleset</th><th scope="col">seats</th><th scope="col">ended</th>'
        '<th scope="col">winners</th><th scope="col">points</th><th scope="col">moves</th>'
        f'<th scope="col">finished (UTC)</th></tr></thead><tbody>{rows}</tbody></table></div>'
    )


class HistoryBrowser(widgets.VBox):
    """Recent games, a button to record a few quick ones, and a replay of any game."""

    def __init__(self, database: str | Path | None = None):
        self.database = database
        try:
            store = kernel_page().database(database)
            names = store.names()
        except MatatuError as error:
            super().__init__([problem_html(error)])
            return
        # Wide enough to show its value: a description of its own width, and the box the rest.
        self.filter = widgets.Dropdown(
            options=[("every ruleset", None)] + [(name, name) for name in names],
            description="Games of",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", min_width="16em"),
        )
        self.table = widgets.HTML()
        self.quick = widgets.Button(
            description="Record 5 quick games",
            icon="plus",
            tooltip="The computer plays 5 rounds of the chosen ruleset and records them",
            layout=widgets.Layout(width="auto"),  # the label whole, never clipped
        )
        # On a shared server (one started with a teacher code) the class's history is the teacher's to fill.
        self.teacher_code = widgets.Password(
            description="Teacher code",
            placeholder="from your teacher",
            style={"description_width": "initial"},
            layout=widgets.Layout(display=None if teacher_code_set() else "none"),
        )
        self.game_id = widgets.Dropdown(
            description="Replay game",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto", min_width="24em"),
        )
        self.stepper_box = widgets.VBox()
        self.problem = widgets.HTML()
        self.filter.observe(lambda change: self.refresh(), names="value")
        self.quick.on_click(lambda _: self.record_quick_games())
        self.game_id.observe(lambda change: self.show_game(change["new"]), names="value")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                widgets.HBox([self.filter, self.teacher_code, self.quick], layout=wrap),
                self.problem,
                self.table,
                self.game_id,
                self.stepper_box,
            ]
        )
        self.refresh()

    def refresh(self) -> None:
        with said_on(self.problem):
            store = kernel_page().database(self.database)
            self.table.value = games_table_html(store, self.filter.value)
            records = store.games(self.filter.value, 50)
            self.game_id.options = [
                (f"Game {r.id}: {_label(r.ruleset, r.version)}, {ENDING_WORDS[r.reason]}", r.id) for r in records
            ]
            self.game_id.value = records[0].id if records else None
            if not records:
                self.stepper_box.children = []

    def record_quick_games(self, count: int = QUICK_GAMES) -> None:
        """The computer plays ``count`` rounds of the chosen ruleset, and each is recorded."""
        name = self.filter.value or "house"
        given, self.teacher_code.value = self.teacher_code.value, ""  # a shared device does not keep the code
        with said_on(self.problem):
            store = kernel_page().database(self.database)
            if teacher_code_set():
                require_teacher(given, QUICK_GAMES_DOING, budget=kernel_page().writes, database=store)
            kernel_page().writes.spend("game", count)
            published = store.ruleset(name)

            def record(game, agents):
                store.record(game, name, published.version, [RecordedSeat.computer(agent.name) for agent in agents])

            simulate(published.rules, 3, count, seed=store.count(), agent_names=["heuristic"], on_round=record)
        if self.problem.value:
            return  # the sentence stays; the list is read again on the next click
        self.refresh()

    def show_game(self, game_id: int | None) -> None:
        if game_id is None:
            return
        with said_on(self.problem):
            store = kernel_page().database(self.database)
            record = store.game(game_id)
            rules = store.rules(record.ruleset, record.version)
        if self.problem.value:
            return
        report = replay_record(record, rules)
        verdict = (
            "✔ This game replays exactly under its stored rules."
            if report.reproduced
            else f"✘ This game does not replay: {html.escape(report.difference)}."
        )
        verdict = f'<p role="status" aria-live="polite">{verdict}</p>'
        # A recorded game is finished, so its replay shows every hand face up.
        texts = [f"The deal: {len(record.actions)} moves follow."] + [""] * (len(report.frames) - 1)
        self.stepper = FrameStepper(report.frames, texts)
        self.stepper_box.children = [widgets.HTML(verdict), self.stepper]
