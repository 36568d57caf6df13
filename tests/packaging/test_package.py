"""The built wheel is the whole app: installed into a clean environment, `matatu-learn serve`
run from an empty folder serves the lessons the wheel carries, and stops with nothing left."""

import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from conftest import NOT_SOURCE, ROOT, free_port, render
from matatu_learn import server


def expected_files() -> set[str]:
    """Every module, notebook and data file of the checkout, as the wheel should name it."""
    modules = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "matatu_learn").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    data = {path.relative_to(ROOT).as_posix() for path in (ROOT / "matatu_learn").rglob("*.json")}
    # The page template the server renders with (no outside asset, the "page has stopped" notice).
    data |= {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "matatu_learn" / "voila_template").rglob("*")
        if path.is_file()
    }
    notebooks = {f"matatu_learn/notebooks/{path.name}" for path in (ROOT / "notebooks").glob("*.ipynb")}
    return modules | data | notebooks


@pytest.mark.packaging
@pytest.mark.server
def test_the_wheel_installed_in_a_clean_environment_serves_the_lessons(tmp_path):
    # Build from a copy: a build writes into its source folder, which others may be using.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    built = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(tmp_path / "dist"), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("matatu_learn-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert expected_files() <= names, f"missing from the wheel: {sorted(expected_files() - names)}"

    environment = tmp_path / "environment"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(environment)], check=True, timeout=120)
    # This pip installs into the new environment (--python): no pip of its own to bootstrap there,
    # the dependencies from pip's cache, and no byte-compiling of thousands of files.
    installed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(environment / "bin" / "python"),
            "install",
            "--no-compile",
            "--quiet",
            "--disable-pip-version-check",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert installed.returncode == 0, installed.stderr[-3000:]

    empty = tmp_path / "empty"
    empty.mkdir()
    port = free_port()
    env = {name: value for name, value in os.environ.items() if name not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PATH=f"{environment / 'bin'}{os.pathsep}{env['PATH']}", MATATU_LEARN_DB=str(tmp_path / "wheel.sqlite3"))
    log = tmp_path / "serve.log"
    with log.open("w") as errors:
        serving = subprocess.Popen(
            # No pool: the wheel's lessons are what is checked here (tests/server/test_server.py runs the pool).
            [str(environment / "bin" / "matatu-learn"), "serve", "--no-browser", f"--port={port}", "--pool-size=0"],
            cwd=empty,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
    tree = {}
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                page = render(f"http://127.0.0.1:{port}", "index.ipynb")
                break
            except OSError:
                assert serving.poll() is None, f"matatu-learn serve ended:\n{log.read_text()[-3000:]}"
                assert time.monotonic() < deadline, f"no landing page within 120 s:\n{log.read_text()[-3000:]}"
                time.sleep(0.5)
        assert "Learn Matatu" in page
        assert "application/vnd.jupyter.widget-view+json" in page
        tree = server.process_tree(serving.pid)
        commands = [Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode() for pid in tree]
        # The lessons served are the wheel's, installed in the new environment, not the checkout's.
        voila = [command for command in commands if " -m matatu_learn.voila_app " in command]
        assert voila and f"{environment}/lib/" in voila[0] and "/site-packages/matatu_learn/notebooks" in voila[0], (
            commands
        )

        serving.send_signal(signal.SIGTERM)
        assert serving.wait(timeout=40) == 128 + signal.SIGTERM
        deadline = time.monotonic() + 5
        while server.still_running(tree) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert server.still_running(tree) == []
    finally:
        if serving.poll() is None:
            tree.update(server.process_tree(serving.pid))
            serving.kill()
            serving.wait()
        for pid in server.still_running(tree):
            os.kill(pid, signal.SIGKILL)
