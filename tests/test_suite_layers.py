"""The layers of the suite: every test that drives a browser, starts a server or builds a package
carries its marker, so the README's fast command (``-m "not browser and not server and not
packaging and not slow"``) leaves every one of them out.

The markers come from the fixtures a test uses (tests/conftest.py) or from an explicit mark. This
check finds the same tests another way: by what the test's code, and the functions and fixtures of
its module that it reaches, call (Playwright, the class server, ``serve`` or Voilà in a
subprocess, a build or a new environment).
"""

from __future__ import annotations

import importlib
import inspect
import json
import subprocess
import sys

import pytest

from conftest import PAGES, ROOT

# What a test's code names when it starts each layer itself.
BROWSER_NAMES = {"sync_playwright"}
SERVER_NAMES = {"served"}
# run in a subprocess (Popen): a command's word, a program that calls serve(), or voila_command()
SERVER_COMMANDS = {"serve", "server", "voila", "matatu_learn.voila_app"}  # jupyter server too
PACKAGING_COMMANDS = {"build", "venv"}  # python -m build, python -m venv


def collected(tmp_path) -> list[dict]:
    """Every test under tests/ with its markers and fixtures, as a run of the suite collects them."""
    listing = tmp_path / "layers.json"
    finished = subprocess.run(
        [sys.executable, "-m", "pytest", "tests", "notebooks", "--collect-only", "-q", "-p", "no:cacheprovider"]
        + ["-n", "0", f"--list-layers={listing}"],  # one process collects, as each worker of a distributed run does
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert finished.returncode == 0, finished.stdout[-3000:] + finished.stderr[-3000:]
    return json.loads(listing.read_text(encoding="utf-8"))


def module_of(test_id: str):
    path = ROOT / test_id.split("::")[0]
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))  # a test module may import a helper beside it
    return importlib.import_module(path.stem)


def reached(module, function, fixtures: list[str]) -> tuple[set[str], set[str]]:
    """The names and string constants in the test's code and in the functions and fixtures of its
    module that it reaches (helpers, context managers, inner coroutines)."""
    names: set[str] = set()
    constants: set[str] = set()
    starts = [function] + [module.__dict__[name] for name in fixtures if name in module.__dict__]
    todo = [inspect.unwrap(start).__code__ for start in starts if hasattr(inspect.unwrap(start), "__code__")]
    seen = set()
    while todo:
        code = todo.pop()
        if code in seen:
            continue
        seen.add(code)
        names.update(code.co_names)
        for constant in code.co_consts:
            if isinstance(constant, str):
                constants.add(constant)
            elif inspect.iscode(constant):
                todo.append(constant)
        for name in code.co_names:
            helper = inspect.unwrap(module.__dict__.get(name)) if name in module.__dict__ else None
            if inspect.isfunction(helper) and helper.__module__ == module.__name__:
                todo.append(helper.__code__)
    return names, constants


def layers_started(test: dict) -> set[str]:
    """The layers a test starts, by its fixtures and by its module's code."""
    fixtures = set(test["fixtures"])
    layers = set()
    if "chromium" in fixtures:  # browser, page and crawl rest on it
        layers |= {"browser", "server"}
    if fixtures & {"voila", "class_server"}:
        layers.add("server")
    module = module_of(test["id"])
    name = test["id"].split("::")[-1].split("[")[0]
    names, constants = reached(module, getattr(module, name), test["fixtures"])
    if names & BROWSER_NAMES:
        layers |= {"browser", "server"}
    runs_a_server = any(constant in SERVER_COMMANDS or "serve(" in constant for constant in constants)
    if names & SERVER_NAMES or ("Popen" in names and (runs_a_server or "voila_command" in names)):
        layers.add("server")
    if "subprocess" in names and constants & PACKAGING_COMMANDS:
        layers.add("packaging")
    return layers


@pytest.fixture(scope="module")
def listed(tmp_path_factory) -> list[dict]:
    return collected(tmp_path_factory.mktemp("layers"))


def test_every_test_that_starts_a_browser_a_server_or_a_build_carries_its_marker(listed):
    tests = [test for test in listed if not test["id"].startswith("notebooks/")]
    assert len(tests) > 1000, "the whole of tests/ was collected"
    missing = {}
    for test in tests:
        if "::" not in test["id"] or test["id"].endswith(".py"):
            continue
        if "." in test["id"].split("::")[-1].split("[")[0]:
            continue  # a doctest of a test helper ("page_crawl.narrowest"): an example, it starts nothing
        lacking = layers_started(test) - set(test["markers"])
        if lacking:
            missing[test["id"]] = sorted(lacking)
    assert not missing, f"tests without the marker of the layer they start: {missing}"


@pytest.mark.parametrize(
    ("test", "fixtures", "layers"),
    [
        # served() called by the test itself
        (
            "test_server_safety.py::test_a_busy_kernel_is_culled_once_no_page_is_connected_and_kept_while_one_is",
            [],
            {"server"},
        ),
        # Playwright started in a fixture of the test's module (its fixtures given without chromium)
        (
            "test_kernel_bounds.py::test_a_forged_value_from_a_page_shows_a_sentence_and_no_traceback_frame",
            ["phone_page"],
            {"browser", "server"},
        ),
        # served() called by a context manager of the module, which the test calls
        (
            "test_browser_rooms.py::test_the_computer_plays_a_seat_left_empty_until_its_player_comes_back",
            [],
            {"server"},
        ),
        # matatu-learn serve run in a subprocess
        ("test_server.py::test_the_teacher_code_reaches_the_kernels_and_is_never_printed", [], {"server"}),
        # a wheel built, and Binder's install replayed in a new environment
        (
            "test_package.py::test_the_wheel_installed_in_a_clean_environment_serves_the_lessons",
            [],
            {"packaging", "server"},
        ),
        ("test_binder.py::test_binder_install_steps_then_the_landing_page", [], {"packaging", "server"}),
        # Voilà run with the command serve would give it
        (
            "test_server.py::test_voila_culls_the_kernel_of_a_closed_page_and_keeps_the_one_of_an_open_page",
            [],
            {"server"},
        ),
        # and tests that start nothing: one only reads that command, one plays cards
        ("test_settings.py::test_a_class_gets_the_shipped_culler_and_away_time", [], set()),
        ("test_cards.py::test_every_card_round_trips_through_its_name", [], set()),
    ],
    ids=[
        "served",
        "playwright-in-a-fixture",
        "served-in-a-helper",
        "serve",
        "wheel",
        "binder",
        "voila-command",
        "a-command-read",
        "nothing",
    ],
)
def test_the_check_finds_what_a_test_starts_from_its_code(test, fixtures, layers):
    (path,) = (ROOT / "tests").rglob(test.split("::")[0])
    test_id = f"{path.relative_to(ROOT)}::{test.split('::')[1]}"
    assert layers_started({"id": test_id, "fixtures": fixtures}) == layers


def test_the_tests_that_share_a_costly_fixture_or_a_kernel_run_in_one_worker(listed):
    """Under ``--dist loadgroup`` a group goes to one worker: the crawl and the pooled server are built once, a module's
    Playwright and Chromium once, and a notebook's cells run in order in one kernel."""
    groups: dict[str | None, list[str]] = {}
    for test in listed:
        groups.setdefault(test["group"], []).append(test["id"])
        if "crawl" in test["fixtures"]:
            assert test["group"] == "crawl", test["id"]
        elif "pooled_server" in test["fixtures"]:
            assert test["group"] == "pooled_server", test["id"]
        elif test["id"].startswith("notebooks/") or "playwright_driver" in test["fixtures"]:
            assert test["group"] == test["id"].split("::")[0], test["id"]
    for shared in ("crawl", "pooled_server"):
        assert len({test.split("::")[0] for test in groups[shared]}) > 1, (
            f"the {shared}'s users come from several modules"
        )
    notebooks = {group for group in groups if group and group.endswith(".ipynb")}
    assert notebooks == {f"notebooks/{name}" for name in PAGES}
    assert len(groups[None]) > 500, "the tests that share nothing costly are spread one by one"


def test_the_installed_pytest_xdist_keeps_a_group_on_one_worker(tmp_path):
    """The README's ``--dist loadgroup`` honours marks added at collection, as tests/conftest.py adds
    them: pytest 9.2 hid them from pytest-xdist 3.8 (its issue 1386), and every group was then spread."""
    (tmp_path / "conftest.py").write_text(
        "import pytest\n\n\n"
        "@pytest.hookimpl(tryfirst=True)\n"
        "def pytest_collection_modifyitems(config, items):\n"
        "    for item in items:\n"
        "        if 'shared' in item.name:\n"
        "            item.add_marker(pytest.mark.xdist_group('together'))\n"
    )
    for module in ("a", "b"):
        (tmp_path / f"test_{module}.py").write_text(
            "import pytest\n\n\n"
            "@pytest.mark.parametrize('number', range(4))\n"
            "def test_shared(number):\n    pass\n\n\n"
            "@pytest.mark.parametrize('number', range(4))\n"
            "def test_alone(number):\n    pass\n"
        )
    finished = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v", "-p", "no:cacheprovider"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert finished.returncode == 0, finished.stdout[-3000:]
    workers: dict[str, set[str]] = {}
    for line in finished.stdout.splitlines():
        if " PASSED " in line and line.startswith("[gw"):
            worker, test = line.split("]", 1)[0][1:], line.split()[-1]
            workers.setdefault("together" if test.endswith("@together") else "alone", set()).add(worker)
    # The eight tests of the group ran, named by it, on one worker (spread, they land on both).
    assert len(workers.get("together", ())) == 1, finished.stdout[-3000:]
