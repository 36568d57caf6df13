"""``matatu-learn serve``: the notebooks as a web app with Voilà, and nothing left behind.

Voilà runs in a session of its own, so a Ctrl-C in the terminal reaches only this command.
The command passes SIGINT and SIGTERM on to Voilà, which shuts its kernels down, waits, and
after a grace period kills whatever is still running. Idle kernels of closed pages are culled,
and busy ones too. Voilà runs through ``matatu_learn.voila_app``, which guards what a shared class
server needs guarded (see there).
"""

from __future__ import annotations

import errno
import importlib.util
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from .engine.errors import MatatuError
from .store.database import Store, held_database_file
from .store.roles import TEACHER_CODE_VARIABLE
from .store.settings import seconds
from .teaching.pages import page

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8866
# The landing page's notebook, as Voilà names it (its path within the served folder), and its address.
LANDING_NOTEBOOK = page("home").notebook
LANDING_PAGE = f"voila/render/{LANDING_NOTEBOOK}"
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
# A kernel with no page connected is shut down once idle for cull_idle_timeout seconds, checked
# every cull_interval seconds: a closed page's kernel is gone within 90 s, an open page's stays.
KERNEL_CULLING = {"cull_idle_timeout": 60, "cull_interval": 30, "cull_connected": False}
# A test server is started with shorter times (whole seconds) through these; a class gets the ones above.
CULLING_VARIABLES = {
    "cull_idle_timeout": "MATATU_LEARN_CULL_IDLE_TIMEOUT",
    "cull_interval": "MATATU_LEARN_CULL_INTERVAL",
}
# A kernel no page has been connected to for this many seconds is shut down even while busy
# (Jupyter's culler spares a busy kernel, and counts its output as activity): a page that left
# mid-computation would otherwise hold a CPU for good. Five minutes is far past the seconds a
# page's kernel spends rendering before the page connects, and past a dropped connection coming
# back; checked every cull_interval, so an abandoned computation ends within 5.5 minutes.
UNCONNECTED_KERNEL_TIMEOUT = 300
# Voilà stops its kernels within jupyter_client's own timeouts (5 s each, in parallel).
GRACE_SECONDS = 20.0
# Pre-heated kernels kept ready for each page (``serve --pool-size N``): a kernel that has already run
# its page's notebook, handed to the next page opened and bound to it then (see voila_app.py). One
# a page holds about 1 GB for the fifteen pages, see docs/decisions.md; 0 turns the pool off.
DEFAULT_POOL_SIZE = 1
MOST_POOL_SIZE = 8
# Pre-heated kernels kept for the landing page alone (``serve --class-size N``), which a whole class
# opens at once: each is a page's kernel at rest (about 65 MB), see docs/decisions.md; 0 keeps the
# landing page's pool at ``--pool-size`` like every page's.
MOST_CLASS_SIZE = 100
# Kernels talk to the server over local sockets where the system has them, not TCP ports: a pool
# starts a kernel for every page at once, and ports picked at the same instant can collide (the
# kernel's heartbeat then fails to bind and its page never draws).
KERNEL_TRANSPORT = ["--KernelManager.transport=ipc"] if os.name == "posix" else []
# Seconds Voilà waits for a cell's last outputs once the cell has finished (nbclient's default: 4).
OUTPUT_WAIT = 60


def packaged_notebooks() -> Path:
    """The lessons installed with the package: inside it (a wheel) or beside it (a checkout)."""
    package = Path(__file__).resolve().parent
    # A wheel maps the repository's notebooks/ folder to matatu_learn/notebooks; a checkout and
    # an editable install keep it at the top of the repository, beside the package.
    for folder in (package / "notebooks", package.parent / "notebooks"):
        if (folder / "index.ipynb").is_file():
            return folder
    return package / "notebooks"


def notebooks_folder(given: Path | None) -> Path:
    """The notebooks to serve: the folder given, else ./notebooks, else the packaged lessons."""
    if given is not None:
        candidates = [given]
    else:
        candidates = [Path.cwd() / "notebooks", packaged_notebooks()]
    for folder in candidates:
        if (folder / "index.ipynb").is_file():
            return folder
    looked = ", ".join(str(folder) for folder in candidates)
    raise MatatuError(f"No notebooks folder with an index.ipynb was found (looked in {looked}).")


def kernel_culling() -> dict:
    """The culler's settings: ``KERNEL_CULLING``, with the times ``CULLING_VARIABLES`` give instead.

    >>> kernel_culling() == KERNEL_CULLING  # nothing set: the times a class gets
    True
    """
    given = {name: seconds(variable, KERNEL_CULLING[name]) for name, variable in CULLING_VARIABLES.items()}
    return dict(KERNEL_CULLING, **given)


def kernel_culling_options(settings: dict | None = None) -> list[str]:
    """Voilà's command-line options that shut down the idle kernels of closed pages (by default
    with ``kernel_culling()``'s settings, read when the server starts)."""
    settings = kernel_culling() if settings is None else settings
    return [f"--MappingKernelManager.{name}={value}" for name, value in settings.items()]


def voila_command(
    folder: Path,
    port: int,
    host: str,
    culling: dict | None = None,
    unconnected_timeout: int | None = None,
    starts_per_client: int | None = None,
    pool_size: int = DEFAULT_POOL_SIZE,
    class_size: int = 0,
) -> list[str]:
    """The command that runs the class server's Voilà on the folder, without opening a browser
    (``starts_per_client``: kernels one client address may start a minute, when not the shipped bound;
    ``pool_size``: pre-heated kernels kept for each page, 0 for none; ``class_size``: kept for the
    landing page instead, when not 0, with or without a pool for the other pages).

    >>> [option for option in voila_command(Path("lessons"), 8866, "127.0.0.1", pool_size=2) if "pool" in option]
    ['--VoilaConfiguration.default_pool_size=2']
    >>> landing_only = voila_command(Path("lessons"), 8866, "127.0.0.1", pool_size=0, class_size=30)
    >>> [option.split(".")[1] for option in landing_only if "pool" in option or "preheat" in option]
    ['preheat_kernel=True', 'default_pool_size=0', 'landing_pool_size=30']
    >>> [option for option in voila_command(Path("lessons"), 8866, "127.0.0.1") if "Executor" in option]
    ['--VoilaExecutor.iopub_timeout=60']
    """
    unconnected_timeout = UNCONNECTED_KERNEL_TIMEOUT if unconnected_timeout is None else unconnected_timeout
    starts = [] if starts_per_client is None else [f"--ClassKernelManager.starts_per_client={starts_per_client}"]
    # Voilà's pool needs neither a prelaunch hook nor progressive rendering, which it refuses beside a pool.
    pool = (
        ["--VoilaConfiguration.preheat_kernel=True", f"--VoilaConfiguration.default_pool_size={pool_size}"]
        if pool_size or class_size
        else []
    )
    landing_pool = [f"--ClassServer.landing_pool_size={class_size}"] if class_size else []
    return [
        sys.executable,
        "-m",
        "matatu_learn.voila_app",
        str(folder),
        f"--port={port}",
        f"--Voila.ip={host}",
        # Another port would make the printed address wrong: fail instead of moving.
        "--Voila.port_retries=0",
        "--no-browser",
        "--VoilaConfiguration.show_tracebacks=False",
        *kernel_culling_options(culling),
        f"--ClassKernelManager.cull_unconnected_timeout={unconnected_timeout}",
        *starts,
        *pool,
        *landing_pool,
        *KERNEL_TRANSPORT,
        # A cell's outputs may reach the server after its reply when the machine is busy (a pool
        # runs every page's notebook at once): nbclient's 4 s default then drops a page's widgets.
        f"--VoilaExecutor.iopub_timeout={OUTPUT_WAIT}",
    ]


def check_address(host: str, port: int) -> None:
    """Refuse, in one sentence, a host that is not this machine's or a port already taken."""
    try:
        family, kind, protocol, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError):
        raise MatatuError(
            f"'{host}' is not a host name or address (give e.g. 0.0.0.0 to serve every network)."
        ) from None
    with socket.socket(family, kind, protocol) as probe:
        # Tornado binds with SO_REUSEADDR too: a port in TIME_WAIT is free for Voilà.
        if os.name == "posix":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise MatatuError(f"Port {port} is already in use on {host}: choose another with --port.") from None
            if error.errno in (errno.EACCES, errno.EPERM):
                raise MatatuError(f"Port {port} needs more permissions than you have: choose one above 1023.") from None
            raise MatatuError(
                f"Cannot serve on {host} ({error.strerror}): give an address of this machine, "
                "or 0.0.0.0 for every network."
            ) from None


def lan_address() -> str:
    """This machine's address on its local network, as other machines reach it."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            # Connecting a UDP socket sends nothing; it only picks the outgoing interface.
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1, never routed anywhere real
            return probe.getsockname()[0]
        except OSError:
            pass
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return socket.gethostname()


def addresses(host: str, port: int) -> tuple[str, str | None]:
    """The landing page's address on this machine, and the one to share (None on localhost)."""

    def url(name: str) -> str:
        name = f"[{name}]" if ":" in name else name
        return f"http://{name}:{port}/{LANDING_PAGE}"

    if host in LOCAL_HOSTS:
        return url("localhost"), None
    if host in ("0.0.0.0", "::", ""):
        return url("localhost"), url(lan_address())
    return url(host), url(host)


# ---- the process tree, read from /proc (Linux); elsewhere only Voilà's own group is known ----


def _processes() -> dict[int, tuple[int, int]]:
    """Every live process: its parent and its start time (to tell a reused process id apart)."""
    table: dict[int, tuple[int, int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return table
    for name in entries:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="utf-8", errors="replace") as stat:
                text = stat.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()  # the command name may hold spaces
        if fields[0] not in ("Z", "X"):  # a zombie has already stopped
            table[int(name)] = (int(fields[1]), int(fields[19]))
    return table


def process_tree(root: int) -> dict[int, int]:
    """The live processes started by root, at any depth: process id -> start time."""
    table = _processes()
    tree: dict[int, int] = {}
    parents = [root]
    while parents:
        parent = parents.pop()
        for pid, (parent_pid, started) in table.items():
            if parent_pid == parent and pid not in tree:
                tree[pid] = started
                parents.append(pid)
    return tree


def still_running(processes: dict[int, int]) -> list[int]:
    """Those of the processes (id -> start time) that are alive and are still the same process."""
    table = _processes()
    return [pid for pid, started in processes.items() if pid in table and table[pid][1] == started]


def _kill(processes: dict[int, int]) -> None:
    for pid in still_running(processes):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass  # it ended meanwhile


def _parent_death_signal():
    """On Linux, what Voilà's process runs before it starts: SIGTERM to it if this command is killed outright."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        # Looked up here, in this process: the child must not import between fork and exec.
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    set_parent_death_signal, terminate = 1, int(signal.SIGTERM)  # PR_SET_PDEATHSIG from <sys/prctl.h>

    def die_with_parent() -> None:
        prctl(set_parent_death_signal, terminate)

    return die_with_parent


class _Voila:
    """Voilà as a child process that stops, kernels and all, when this command is asked to stop."""

    def __init__(self, command: list[str], environment: dict[str, str] | None = None):
        self.stopping_on: int | None = None
        self.known: dict[int, int] = {}
        self._killer: threading.Timer | None = None
        # A session of its own: the terminal's Ctrl-C reaches this command only, which passes it on.
        self.process = subprocess.Popen(
            command, env=environment, start_new_session=os.name == "posix", preexec_fn=_parent_death_signal()
        )

    def stop(self, number: int, frame=None) -> None:
        """A signal handler: pass the signal on once; a second one kills at once."""
        self.known.update(process_tree(self.process.pid))
        if self.stopping_on is not None:
            self.kill()
            return
        self.stopping_on = number
        # Every stop becomes SIGTERM, the stop Voilà handles itself (its loop ends, then its kernels);
        # SIGINT would raise KeyboardInterrupt wherever its loop happened to be.
        try:
            self.process.send_signal(signal.SIGTERM)
        except OSError:
            pass
        self._killer = threading.Timer(GRACE_SECONDS, self.kill)
        self._killer.daemon = True
        self._killer.start()

    def kill(self) -> None:
        """The last resort: kill Voilà's process group and every process it started."""
        self.known.update(process_tree(self.process.pid))
        # Once Voilà has been waited for, its process group id may belong to someone else.
        if self.process.returncode is None:
            try:
                if hasattr(os, "killpg"):
                    os.killpg(self.process.pid, signal.SIGKILL)
                else:
                    self.process.kill()
            except OSError:
                pass  # it ended meanwhile
        _kill(self.known)

    def wait(self) -> int:
        """Wait for Voilà to end, then make sure none of its kernels outlived it."""
        code = self.process.wait()
        if self._killer is not None:
            self._killer.cancel()
        _kill(self.known)
        return code


def _open_browser_when_ready(host: str, port: int, url: str) -> None:
    def open_when_ready() -> None:
        import webbrowser

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((host if host not in ("0.0.0.0", "::", "") else "localhost", port), 1):
                    webbrowser.open(url)
                    return
            except OSError:
                time.sleep(0.3)

    threading.Thread(target=open_when_ready, daemon=True).start()


def voila_environment(teacher_code: str | None, held: dict[str, str] | None = None) -> dict[str, str] | None:
    """Voilà's environment (its kernels inherit it): this one, with the teacher code when given and
    ``held`` (the class database, ``class_database``)."""
    if teacher_code is None and not held:
        return None
    return dict(os.environ, **(held or {}), **({} if teacher_code is None else {TEACHER_CODE_VARIABLE: teacher_code}))


def class_database() -> dict[str, str]:
    """Open the class's database now (made if new), and hold its file for every page's kernel: one
    opened after the file was removed or replaced refuses it rather than start a second database."""
    with Store() as store:
        return held_database_file(store.path)


def pooled_kernels(folder: Path, pool_size: int, class_size: int) -> str:
    """What the pools hold once full, as ``serve`` says it: the landing page's and the other pages'."""
    others = len([path for path in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts]) - 1
    return (
        f"Keeping {class_size} pre-heated kernels for the landing page and {pool_size} for each of the "
        f"{others} other pages: {class_size + pool_size * others} in all once the pools are full."
    )


def suggest_a_teacher_code() -> None:
    """Say on stderr that the server has no teacher code, with a fresh one the teacher may use."""
    print(
        "matatu-learn: no teacher code, so nobody can publish rules, import games or see the class from the pages; "
        f"to allow it, put a code such as {secrets.token_urlsafe(12)} in a file and serve with "
        f"--teacher-code-file FILE (or set {TEACHER_CODE_VARIABLE}).",
        file=sys.stderr,
        flush=True,
    )


def serve(
    folder: Path,
    port: int = DEFAULT_PORT,
    host: str = DEFAULT_HOST,
    open_browser: bool = True,
    teacher_code: str | None = None,
    pool_size: int = DEFAULT_POOL_SIZE,
    class_size: int = 0,
) -> int:
    """Serve the folder with Voilà until Voilà ends or this process gets SIGINT or SIGTERM.

    The teacher code, when given, reaches the kernels only (never the terminal's output);
    ``pool_size``: pre-heated kernels kept for each page (0: none); ``class_size``: kept for the
    landing page instead (0: ``pool_size``).
    """
    if importlib.util.find_spec("voila") is None:
        raise MatatuError(
            "Voilà is not installed: install matatu-learn with its dependencies (pip install matatu-learn)."
        )
    check_address(host, port)
    # A culler's time set wrong is refused here, before anything is served.
    command = voila_command(folder, port, host, pool_size=pool_size, class_size=class_size)
    held = class_database()
    local, shared = addresses(host, port)
    print(f"Serving the lessons at {local}", flush=True)
    if shared is not None:
        print(f"Share this address with your class: {shared}", flush=True)
    if class_size:
        print(pooled_kernels(folder, pool_size, class_size), flush=True)
    print("Press Ctrl-C to stop.", flush=True)
    if teacher_code is None:
        suggest_a_teacher_code()
    stopping = [signal.SIGINT, signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    # A signal ignored on purpose (nohup, a shell's background job) stays ignored, by Voilà too.
    previous = {number: signal.getsignal(number) for number in stopping}
    handled = [number for number in stopping if previous[number] is not signal.SIG_IGN]
    # Handlers first, so a signal that comes while Voilà starts is not lost.
    voila: _Voila | None = None
    early: list[int] = []
    for number in handled:
        signal.signal(number, lambda number, frame: voila.stop(number) if voila else early.append(number))
    try:
        voila = _Voila(command, voila_environment(teacher_code, held))
        if early:
            voila.stop(early[0])
        if open_browser:
            _open_browser_when_ready(host, port, local)
        code = voila.wait()
    finally:
        for number in handled:
            signal.signal(number, previous[number])
    if voila.stopping_on is not None:
        return 128 + voila.stopping_on  # the shell's convention: 130 for Ctrl-C, 143 for SIGTERM
    return code
