"""Roles on a shared server: the teacher code, and the bounds on what one page may write."""

import pytest

from matatu_learn.engine.errors import MatatuError
from matatu_learn.store import Store
from matatu_learn.store.roles import (
    FREE_WRONG_CODES,
    LIMITS,
    TEACHER_CODE_VARIABLE,
    CodeGuard,
    CodeLocked,
    RoleError,
    WriteBudget,
    require_teacher,
    teacher_code_matches,
    teacher_code_set,
)
from matatu_learn.widgets.history import HistoryBrowser
from matatu_learn.widgets.page import kernel_page


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def budget(fresh_page):
    """A fresh page's budget of writes."""
    return kernel_page().writes


def test_no_code_on_the_server_matches_nothing(monkeypatch, budget):
    monkeypatch.delenv(TEACHER_CODE_VARIABLE, raising=False)
    assert not teacher_code_set() and not teacher_code_matches("") and not teacher_code_matches("anything")
    monkeypatch.setenv(TEACHER_CODE_VARIABLE, "")
    assert not teacher_code_set() and not teacher_code_matches("")
    with pytest.raises(RoleError, match=r"^Start the server with matatu-learn serve --teacher-code CODE to publish"):
        require_teacher("anything", "publish rules", budget=budget, database=kernel_page().database())


def test_only_the_exact_code_matches(monkeypatch, budget):
    monkeypatch.setenv(TEACHER_CODE_VARIABLE, "mango-42")
    assert teacher_code_set()
    assert teacher_code_matches("mango-42")
    for wrong in ("", "mango-4", "mango-421", "MANGO-42", "\ud800", "mango-42\x00", None, 42):
        assert not teacher_code_matches(wrong), repr(wrong)
    require_teacher(
        " mango-42 ", "publish rules", budget=budget, database=kernel_page().database()
    )  # the spaces a paste brings are not part of a code
    with pytest.raises(RoleError, match="type the teacher code first"):
        require_teacher("  ", "publish rules", budget=budget, database=kernel_page().database())
    with pytest.raises(RoleError, match="That is not the teacher code, so nothing was changed"):
        require_teacher("papaya", "publish rules", budget=budget, database=kernel_page().database())


def test_guessing_the_code_is_bounded(monkeypatch, budget):
    monkeypatch.setenv(TEACHER_CODE_VARIABLE, "mango-42")
    tries, _ = LIMITS["teacher code"]
    for _ in range(tries):
        with pytest.raises(RoleError, match="not the teacher code"):
            require_teacher("guess", "publish rules", budget=budget, database=kernel_page().database())
    # Past the bound even the right code waits: otherwise a guesser would simply keep going.
    with pytest.raises(RoleError, match=rf"has been given the teacher code {tries} times in the last 10 minutes"):
        require_teacher("mango-42", "publish rules", budget=budget, database=kernel_page().database())


def test_wrong_codes_from_fresh_pages_meet_one_bound_kept_in_the_database(monkeypatch, tmp_path):
    monkeypatch.setenv(TEACHER_CODE_VARIABLE, "mango-42-kasubi")
    clock = Clock()
    path = tmp_path / "class.sqlite3"
    # Every guess from a page of its own (a fresh kernel: its own budget, its own connection).
    for guess in range(FREE_WRONG_CODES):
        with Store(path) as database:
            assert not CodeGuard(database, clock).check(f"guess-{guess}")
    with Store(path) as database:
        with pytest.raises(CodeLocked) as locked:
            CodeGuard(database, clock).check("mango-42-kasubi")  # even the right code waits
    assert locked.value.seconds == 30
    clock.now += 30
    with Store(path) as database:
        assert not CodeGuard(database, clock).check("another-guess")
        with pytest.raises(CodeLocked) as locked:
            CodeGuard(database, clock).check("mango-42-kasubi")
    assert locked.value.seconds == 60  # each wrong code past the bound doubles the wait
    clock.now += 60
    with Store(path) as database:
        assert CodeGuard(database, clock).check("mango-42-kasubi")  # the right code clears the count
        assert not CodeGuard(database, clock).check("guess")
        assert CodeGuard(database, clock).check("mango-42-kasubi")


def test_the_budget_is_a_sliding_window_and_refuses_without_counting():
    clock = Clock()
    budget = WriteBudget({"version": (5, 600.0), "game": (30, 60.0)}, clock=clock)
    for _ in range(5):
        budget.spend("version")
        clock.now += 10
    with pytest.raises(RoleError) as refused:
        budget.spend("version")
    sentence = str(refused.value)
    assert sentence == (
        "This page has published 5 rule versions in the last 10 minutes, the most a page may: "
        "wait 10 minutes before publishing more, or publish from the command line."
    )
    assert isinstance(refused.value, MatatuError) and sentence.count(".") == 1
    budget.spend("game", 30)  # kinds are counted apart
    clock.now = 1000.0 + 600.0  # the first version leaves the window, and only it
    budget.spend("version")
    with pytest.raises(RoleError):
        budget.spend("version")
    with pytest.raises(RoleError, match="at most 30 of these every minute, not 31 at once"):
        budget.spend("game", 31)


def test_recorded_games_stop_at_the_bound_with_a_sentence(tmp_path):
    database = tmp_path / "class.sqlite3"
    browser = HistoryBrowser(database)
    limit, _ = LIMITS["game"]
    for _ in range(limit // 5):
        browser.quick.click()
        assert browser.problem.value == ""
    browser.quick.click()
    assert "recorded 30 games in the last minute, the most a page may" in browser.problem.value
    assert "Traceback" not in browser.problem.value
    with Store(database) as store:
        assert store.count() == limit


def test_quick_games_need_the_teacher_code_on_a_shared_server_only(tmp_path, monkeypatch):
    database = tmp_path / "class.sqlite3"
    monkeypatch.delenv(TEACHER_CODE_VARIABLE, raising=False)
    personal = HistoryBrowser(database)
    assert personal.teacher_code.layout.display == "none"  # one's own server: nobody else's history
    personal.quick.click()
    assert personal.problem.value == ""
    monkeypatch.setenv(TEACHER_CODE_VARIABLE, "mango-42-kasubi")
    shared = HistoryBrowser(database)
    assert shared.teacher_code.layout.display != "none"
    shared.quick.click()
    assert "type the teacher code first" in shared.problem.value
    shared.teacher_code.value = "papaya-guess"
    shared.quick.click()
    assert "That is not the teacher code, so nothing was changed" in shared.problem.value
    with Store(database) as store:
        assert len(store.games()) == 5  # the personal server's five, none from the student's clicks
    shared.teacher_code.value = "mango-42-kasubi"
    shared.quick.click()
    assert shared.problem.value == "" and shared.teacher_code.value == ""
    with Store(database) as store:
        assert len(store.games()) == 10
