"""``matatu-learn serve``: it serves the landing page, stops on SIGTERM and Ctrl-C with no
process left behind, refuses a bad address in one sentence, and Voilà culls idle kernels."""

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from server_fixtures import Browser

from conftest import free_port, notebooks_of, render, stop_process_tree
from matatu_learn import server
from matatu_learn.cli import main
from matatu_learn.store.roles import TEACHER_CODE_VARIABLE


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError:
        return ""


def wait_for_page(base: str, log: Path, timeout: float = 90) -> str:
    deadline = time.monotonic() + timeout
    while True:
        try:
            return render(base, "index.ipynb")
        except OSError:
            assert time.monotonic() < deadline, f"{base} did not answer within {timeout} s:\n{log.read_text()[-2000:]}"
            time.sleep(0.3)


def wait_until_gone(processes: dict, timeout: float) -> list[int]:
    deadline = time.monotonic() + timeout
    while server.still_running(processes) and time.monotonic() < deadline:
        time.sleep(0.2)
    return server.still_running(processes)


def kill_tree(process: subprocess.Popen) -> None:
    """After a failed test: kill the command and everything it started."""
    tree = server.process_tree(process.pid)
    process.kill()
    process.wait()
    for pid in server.still_running(tree):
        os.kill(pid, signal.SIGKILL)


@pytest.mark.server
@pytest.mark.parametrize(
    ("number", "host", "pool"),
    # With the pool serve ships (a pre-heated kernel for every page, started with the server), and without.
    # Ctrl-C with a pool (every stop reaches Voilà as SIGTERM), and SIGTERM without one.
    [(signal.SIGINT, "127.0.0.1", []), (signal.SIGTERM, "0.0.0.0", ["--pool-size=0"])],
    ids=["SIGINT-this-machine-pooled", "SIGTERM-every-network"],
)
def test_serve_answers_then_stops_voila_and_its_kernels_on_a_signal(tmp_path, number, host, pool):
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as errors:
        serving = subprocess.Popen(
            [sys.executable, "-m", "matatu_learn", "serve", "--no-browser", f"--port={port}", f"--host={host}", *pool]
            # The landing page alone: its pool is pre-heated as a class's is, without fifteen more notebooks run.
            + ["--notebooks", str(notebooks_of(tmp_path / "notebooks"))],
            cwd=tmp_path,
            env=dict(os.environ, MATATU_LEARN_DB=str(tmp_path / "serve.sqlite3")),
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            # As in a terminal: a shell may start commands with SIGINT ignored, Ctrl-C needs it default.
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
    try:
        landing = f"http://localhost:{port}/voila/render/index.ipynb"
        assert serving.stdout.readline() == f"Serving the lessons at {landing}\n"
        if host == "0.0.0.0":
            shared = serving.stdout.readline()
            found = re.fullmatch(
                rf"Share this address with your class: (http://([^/:]+):{port})/voila/render/index.ipynb\n", shared
            )
            assert found and found[2] not in ("localhost", "0.0.0.0"), shared
            base = found[1]  # the page must answer on the shared address, not only on localhost
        else:
            base = f"http://127.0.0.1:{port}"
        page = wait_for_page(base, log)
        assert "Learn Matatu" in page and "RulesBrowser()" not in page  # the code cells' sources are hidden
        tree = server.process_tree(serving.pid)
        commands = [command_line(pid) for pid in tree]
        assert any(" -m matatu_learn.voila_app " in command for command in commands), commands
        assert any("ipykernel" in command for command in commands), f"no kernel behind the page: {commands}"
        timeout, interval = server.KERNEL_CULLING["cull_idle_timeout"], server.KERNEL_CULLING["cull_interval"]
        assert (
            f"Culling kernels with idle durations > {timeout} seconds at {interval} second intervals" in log.read_text()
        )

        serving.send_signal(number)
        # Within the grace period, and by Voilà itself: the signal was passed on, not left to the last resort.
        assert serving.wait(timeout=server.GRACE_SECONDS - 5) == 128 + number
        assert "Kernel shutdown:" in log.read_text()
        assert wait_until_gone(tree, 5) == [], f"left running: {[command_line(pid) for pid in tree]}"
    finally:
        if serving.poll() is None:
            kill_tree(serving)


def test_serve_refuses_a_port_in_use_and_an_address_of_another_machine(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--no-browser", f"--port={port}"]) == 2
    assert (
        capsys.readouterr().err
        == f"matatu-learn: Port {port} is already in use on 127.0.0.1: choose another with --port.\n"
    )
    assert main(["serve", "--no-browser", "--host", "192.0.2.1"]) == 2  # TEST-NET-1: never this machine's
    error = capsys.readouterr().err
    assert error.startswith("matatu-learn: Cannot serve on 192.0.2.1 (") and error.count("\n") == 1


def test_the_notebooks_served_are_the_ones_given_then_the_local_folder_then_the_packaged_ones(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    packaged = server.notebooks_folder(None)
    assert packaged == server.packaged_notebooks() and (packaged / "index.ipynb").is_file()
    local = tmp_path / "notebooks"
    local.mkdir()
    (local / "index.ipynb").write_text("{}")
    assert server.notebooks_folder(None) == local
    assert server.notebooks_folder(packaged) == packaged


@pytest.mark.server
def test_voila_culls_the_kernel_of_a_closed_page_and_keeps_the_one_of_an_open_page(tmp_path):
    port = free_port()
    # The served settings with short times: the same options, checked in seconds, not minutes.
    culling = dict(server.KERNEL_CULLING, cull_idle_timeout=3, cull_interval=1)
    command = server.voila_command(notebooks_of(tmp_path / "notebooks"), port, "127.0.0.1", culling)
    log = tmp_path / "voila.log"
    with log.open("w") as errors:
        voila = subprocess.Popen(
            command,
            env=dict(os.environ, MATATU_LEARN_DB=str(tmp_path / "cull.sqlite3")),
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,
        )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for_page(base, log)
        # A page's kernel answers its own browser session only: the open page's browser keeps its cookies.
        browser = Browser(base)

        def kernel_process(kernel: str) -> dict[int, int]:
            tree = server.process_tree(voila.pid)
            return {pid: tree[pid] for pid in tree if f"kernel-{kernel}.json" in command_line(pid)}

        async def hold_a_page_open():
            open_page = browser.open_page("index.ipynb")
            # Connected before the next page renders: idle for longer than the timeout, it would be culled first.
            connection = await browser.websocket(open_page)
            open_kernel = kernel_process(open_page)
            try:
                closed_kernel = kernel_process(await asyncio.to_thread(browser.open_page, "index.ipynb"))
                deadline = time.monotonic() + 20
                while server.still_running(closed_kernel) and time.monotonic() < deadline:
                    await asyncio.sleep(0.2)
                assert not server.still_running(closed_kernel), "the closed page's kernel was not culled"
                await asyncio.sleep(5)  # well past the idle timeout and a cull interval
                assert server.still_running(open_kernel), "the open page's kernel was culled"
            finally:
                connection.close()
            return open_kernel

        open_kernel = asyncio.run(hold_a_page_open())
        assert wait_until_gone(open_kernel, 20) == [], "the kernel of the page closed last was not culled"
        assert "Culling 'idle' kernel" in log.read_text()
    finally:
        left = stop_process_tree(voila)
    assert left == [], "Voilà left processes running"


@pytest.mark.server
def test_the_teacher_code_reaches_the_kernels_and_is_never_printed(tmp_path):
    port, code = free_port(), "owl-42-maize"
    program = (
        "import sys; from pathlib import Path; from matatu_learn.server import serve; "
        f"sys.exit(serve(Path(sys.argv[1]), {port}, open_browser=False, teacher_code=sys.argv[2]))"
    )
    log = tmp_path / "serve.log"
    with log.open("w") as output:
        serving = subprocess.Popen(
            [sys.executable, "-c", program, str(notebooks_of(tmp_path / "notebooks")), code],
            env=dict(os.environ, MATATU_LEARN_DB=str(tmp_path / "serve.sqlite3")),
            stdout=output,
            stderr=output,
        )
    try:
        wait_for_page(f"http://127.0.0.1:{port}", log)
        tree = server.process_tree(serving.pid)
        kernels = [pid for pid in tree if "ipykernel" in command_line(pid)]
        assert kernels, "no kernel behind the page"
        for pid in kernels:
            environment = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            assert f"{TEACHER_CODE_VARIABLE}={code}".encode() in environment
        serving.send_signal(signal.SIGTERM)
        assert serving.wait(timeout=server.GRACE_SECONDS) == 128 + signal.SIGTERM
        assert wait_until_gone(tree, 5) == []
    finally:
        if serving.poll() is None:
            kill_tree(serving)
    printed = log.read_text()
    assert "Serving the lessons at" in printed and code not in printed
