"""Binder's install steps, replayed in a clean virtual environment, then the landing page through Voilà.

Binder builds a Python environment, runs ``binder/postBuild``, starts a Jupyter server and
opens ``voila/render/notebooks/index.ipynb`` (the README's Binder link). This test does the same.
"""

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from importlib.metadata import version

import pytest

from conftest import NOT_SOURCE, ROOT, free_port, stop_process_tree
from matatu_learn.server import KERNEL_CULLING

BINDER_URL_PATH = "voila/render/notebooks/index.ipynb"


@pytest.mark.packaging
@pytest.mark.server
def test_binder_install_steps_then_the_landing_page(tmp_path):
    # Binder's checkout is a copy: an editable install writes its egg-info into the folder it installs.
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT, checkout, ignore=NOT_SOURCE)
    environment = tmp_path / "binder-env"
    # Binder's environment has pip (postBuild runs it): the version running these tests, put there
    # without byte-compiling it (a venv's own ensurepip compiles every module of pip, its slowest step).
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(environment)], check=True, timeout=120)
    pip = ["pip", "--python", str(environment / "bin" / "python"), "install", "--no-compile", "--quiet"]
    subprocess.run([sys.executable, "-m", *pip, f"pip=={version('pip')}"], check=True, timeout=300)
    env = dict(
        os.environ,
        PATH=f"{environment / 'bin'}{os.pathsep}{os.environ['PATH']}",
        MATATU_LEARN_DB=str(tmp_path / "binder.sqlite3"),
        VIRTUAL_ENV=str(environment),
        # postBuild's pip installs without byte-compiling thousands of files: Python compiles what
        # it imports anyway, and nothing here is about compiling. (pip reads ``--compile`` from
        # PIP_COMPILE; PIP_NO_COMPILE=1 would mean "compile".)
        PIP_COMPILE="0",
    )
    built = subprocess.run(
        ["bash", str(checkout / "binder" / "postBuild")],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    # Binder's server culls idle kernels with the settings `matatu-learn serve` gives Voilà.
    config = environment / "etc" / "jupyter" / "jupyter_server_config.json"
    assert config.is_file(), "postBuild did not write the Jupyter server's culling settings"
    assert json.loads(config.read_text())["MappingKernelManager"] == KERNEL_CULLING
    port = free_port()
    as_root = ["--allow-root"] if os.geteuid() == 0 else []  # Binder's user is not root; CI's is
    log = tmp_path / "jupyter-server.log"
    with log.open("w") as errors:
        server = subprocess.Popen(
            [
                str(environment / "bin" / "jupyter"),
                "server",
                "--no-browser",
                f"--port={port}",
                "--ServerApp.ip=127.0.0.1",
                "--IdentityProvider.token=",
                f"--ServerApp.root_dir={checkout}",
                *as_root,
            ],
            cwd=checkout,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/{BINDER_URL_PATH}", timeout=120) as response:
                    page = response.read().decode("utf-8")
                break
            except OSError:
                assert time.monotonic() < deadline, "the Binder server did not answer within 120 s"
                time.sleep(0.5)
        assert "Learn Matatu" in page
        assert "application/vnd.jupyter.widget-view+json" in page
        assert "application/vnd.jupyter.stderr" not in page
        # The server read the config: its culler started with the page's kernel.
        timeout, interval = KERNEL_CULLING["cull_idle_timeout"], KERNEL_CULLING["cull_interval"]
        assert (
            f"Culling kernels with idle durations > {timeout} seconds at {interval} second intervals" in log.read_text()
        )
    finally:
        # SIGTERM: the Jupyter server shuts its kernels down before it exits.
        left = stop_process_tree(server)
    assert left == [], "the Jupyter server left processes running"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"urlpath={BINDER_URL_PATH.replace('/', '%2F')}" in readme
