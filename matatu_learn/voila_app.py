"""The Voilà that ``matatu-learn serve`` runs: Voilà 0.5.13 with the guards a shared class server needs.

Run as ``python -m matatu_learn.voila_app FOLDER [Voilà options]``. Against Voilà as released it
changes these things, each because a page's client is anyone on the classroom network:

- the kernel websocket reads every message with bounds taken from the message's own length:
  Voilà's ``read_header_from_binary_message`` reads a legacy-protocol binary message (a widget
  holding bytes, sent to a client that did not ask for the v1 subprotocol) as v1, takes four
  bytes of offsets for a count of about 10¹⁸ and loops until the memory runs out, freezing every
  page; a message from a page that the handler cannot read safely closes that page's socket;
- a kernel answers only the browser session whose page started it (a signed, HttpOnly cookie),
  so another client holding its id alone is refused (403) on the websocket and the REST routes;
- a kernel that no page has been connected to for ``cull_unconnected_timeout`` seconds is shut
  down even while busy (Jupyter's culler spares busy kernels, or culls them only when silent);
- the pages use the template in ``voila_template/``: nothing fetched from outside the server,
  and a page that loses its kernel says so;
- every page's kernel runs ``matatu_learn.page_kernel.PageKernel`` (a memory limit, the
  widget classes and the bytes a page may send, no traceback sent to the page);
- a page's own shutdown, sent as it closes without Jupyter's XSRF token, is taken on its session
  cookie, so its kernel ends at once;
- a client address starts at most ``starts_per_client`` kernels within ``starts_window`` seconds,
  and gets a page saying when to try again past it;
- the address a page's request came from reaches its kernel in its request (``CLIENT_HEADER``, which
  the server writes over whatever the client sent): what bounds the rooms one client opens, from
  however many fresh pages;
- with a pool of pre-heated kernels (``serve --pool-size N``), a pooled kernel belongs to nobody
  until a page takes it, and is bound to that page's session as it is handed out, before any byte of
  the page is sent; its page's request (query string, client address) reaches it over a websocket
  that answers this machine only; the landing page, which a whole class opens at once, may keep a
  pool of its own size (``landing_pool_size``, ``serve --class-size N``);
- a browser keeps the extensions' scripts named by a hash of their content (Voilà has every page
  fetch them again, about 1.2 MB a page).
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import math
import os
import re
import secrets
import sys
import time
from pathlib import Path

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.log import app_log
from traitlets import Float, Integer
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.utils import ENV_VARIABLE

from .store.roles import CLIENT_HEADER
from .teaching.page_words import busy_words
from .teaching.pages import page

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
SESSION_COOKIE = "matatu_page_session"
TEMPLATE = Path(__file__).resolve().parent / "voila_template"
# The kernel class every page's kernel runs (named, not imported: the server does not import the widgets).
PAGE_KERNEL = "matatu_learn.page_kernel.PageKernel"
# glibc's malloc arenas for a kernel: each thread's own arena reserves 64 MB of address space.
KERNEL_ARENAS = "2"
# glibc gives a freed block back to the system at once from this size up (its own default, 128 KiB,
# held fixed: glibc otherwise raises it to the largest block freed, and a page's refused messages
# of megabytes then stay in the kernel's arenas, more of them the busier the machine).
KERNEL_RETURNED_FROM = str(128 * 2**10)
# Voilà hands the kernels of the landing page's class-size pool this variable (landing_pools): the
# server takes it out again as it starts one (ClassKernelManager.start_kernel), so no kernel sees it.
CLASS_POOL_VARIABLE = "MATATU_LEARN_CLASS_POOL"
# The extensions' builder names a script by a hash of its content (``528.d9f5934c.js``): one name, one content.
HASHED_SCRIPT = re.compile(r"\.[0-9a-f]{8,}\.js$")
# Jupyter messages carry a handful of parts; a count past this is no message a page sends.
_MOST_PARTS = 1024


class UnreadableMessage(ValueError):
    """A kernel message whose layout does not fit in its own bytes."""


def _v1_offsets(message: bytes) -> list[int]:
    """The part offsets of a v1 message, each checked against the message's length."""
    count = int.from_bytes(message[:8], "little")
    if count < 2 or count > _MOST_PARTS or 8 * (count + 1) > len(message):
        raise UnreadableMessage(f"{count} offsets in a message of {len(message)} bytes")
    offsets = [int.from_bytes(message[8 * (index + 1) : 8 * (index + 2)], "little") for index in range(count)]
    if offsets[0] < 8 * (count + 1) or offsets != sorted(offsets) or offsets[-1] > len(message):
        raise UnreadableMessage("offsets outside the message")
    return offsets


def _legacy_offsets(message: bytes) -> list[int]:
    """The buffer offsets of a legacy binary message (big-endian, four bytes each), checked likewise."""
    count = int.from_bytes(message[:4], "big")
    if count < 1 or count > _MOST_PARTS or 4 * (count + 1) > len(message):
        raise UnreadableMessage(f"{count} buffers in a message of {len(message)} bytes")
    offsets = [int.from_bytes(message[4 * (index + 1) : 4 * (index + 2)], "big") for index in range(count)]
    if offsets[0] < 4 * (count + 1) or offsets != sorted(offsets) or offsets[-1] > len(message):
        raise UnreadableMessage("offsets outside the message")
    return offsets + [len(message)]


def _json_object(data: bytes | str) -> dict:
    try:
        value = json.loads(data)
    except (ValueError, RecursionError) as error:  # RecursionError: JSON nested too deep
        raise UnreadableMessage("not JSON") from error
    if not isinstance(value, dict):
        raise UnreadableMessage("not a JSON object")
    return value


def message_header(message: bytes | str | dict, v1: bool) -> dict:
    """The header of a kernel message as the websocket carries it; UnreadableMessage if it is not one.

    >>> from jupyter_server.services.kernels.connection.base import serialize_binary_message
    >>> message = {"header": {"msg_type": "comm_msg"}, "parent_header": {}, "buffers": [b"\\x00" * 9]}
    >>> legacy = serialize_binary_message(message)
    >>> message_header(legacy, v1=False)["msg_type"]
    'comm_msg'
    >>> message_header(legacy, v1=True)  # the bytes Voilà 0.5.13 read as 10**18 offsets
    Traceback (most recent call last):
    ...
    matatu_learn.voila_app.UnreadableMessage: 864691128488689664 offsets in a message of 78 bytes
    """
    if isinstance(message, dict):
        header = message.get("header")
    elif isinstance(message, str):
        if v1:
            raise UnreadableMessage("a text message on a v1 connection")
        header = _json_object(message).get("header")
    elif v1:
        offsets = _v1_offsets(message)
        if len(offsets) < 6:  # the channel, then header, parent header, metadata and content
            raise UnreadableMessage("too few parts")
        message[offsets[0] : offsets[1]].decode("utf-8")  # the channel: UnicodeDecodeError is a ValueError
        header = _json_object(message[offsets[1] : offsets[2]])
    else:
        offsets = _legacy_offsets(message)
        body = _json_object(message[offsets[0] : offsets[1]])
        if not isinstance(body.get("parent_header"), dict):
            raise UnreadableMessage("no parent header")
        header = body.get("header")
    if not isinstance(header, dict) or not isinstance(header.get("msg_type"), str):
        raise UnreadableMessage("no header")
    return header


def server_reach(ip: str) -> str:
    """The address a kernel on this machine reaches a server listening on ``ip`` at, as a URL writes it.

    >>> [server_reach(ip) for ip in ("0.0.0.0", "", "::", "127.0.0.1", "192.168.1.5", "fe80::1")]
    ['127.0.0.1', '127.0.0.1', '[::1]', '127.0.0.1', '192.168.1.5', '[fe80::1]']
    """
    reached = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(ip, ip)
    return f"[{reached}]" if ":" in reached else reached


# ---- kernels: who started each one, and how long each has had no page ----


class ClassKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, which also remembers each kernel's browser session, culls kernels
    that no page has been connected to for ``cull_unconnected_timeout`` seconds, and starts a refill
    of the landing page's class-size pool once the class opening it has been served."""

    cull_unconnected_timeout = Integer(
        0,
        config=True,
        help="Shut down a kernel, busy or not, once no page has been connected to it for this many seconds (0: never).",
    )

    def __init__(self, **options):
        super().__init__(**options)
        self.owners: dict[str, str] = {}
        self._unconnected_since: dict[str, float] = {}
        self._starts: dict[str, list[float]] = {}  # client address -> when it started kernels, within the window
        self._last_hand_out: float | None = None  # when a page was last handed a kernel (hand_out)

    starts_per_client = Integer(
        12, config=True, help="Kernels one client address may start within starts_window seconds (0: no bound)."
    )
    starts_window = Integer(60, config=True, help="The window, in seconds, over which starts_per_client counts.")
    class_refill_lull = Float(
        5,
        config=True,
        help="Seconds without a page handed a kernel before a refill of the landing page's class-size pool "
        "starts (0: at once).",
    )
    class_refill_longest_wait = Float(
        60, config=True, help="Seconds a refill of the landing page's class-size pool waits for that lull at the most."
    )

    def wait_before_start(self, client: str, now: float | None = None) -> int:
        """Whole seconds before ``client`` (an address) may start another kernel; 0: it may now, and
        this start is counted."""
        if not self.starts_per_client:
            return 0
        now = time.monotonic() if now is None else now
        started = [moment for moment in self._starts.get(client, ()) if now - moment < self.starts_window]
        if len(started) >= self.starts_per_client:
            self._starts[client] = started
            return max(1, math.ceil(started[0] + self.starts_window - now))
        self._starts[client] = [*started, now]
        return 0

    async def start_kernel(self, *arguments, **options):
        # Every page's kernel is a PageKernel (its bounds: matatu_learn/page_kernel.py), with
        # few allocator arenas and large blocks given back when freed, so that its memory stays
        # near what it holds.
        options["extra_arguments"] = [*options.get("extra_arguments", ()), f"--IPKernelApp.kernel_class={PAGE_KERNEL}"]
        options["env"] = dict(
            options.get("env") or os.environ,
            MALLOC_ARENA_MAX=KERNEL_ARENAS,
            MALLOC_MMAP_THRESHOLD_=KERNEL_RETURNED_FROM,
        )
        # Voilà starts the kernels of its pool with VOILA_PREHEAT "True" (a page's own kernel: "False").
        if options["env"].get(ENV_VARIABLE.VOILA_PREHEAT) == "True":
            # A pooled kernel has no page yet: Voilà hands a refill the address (query string, room
            # link and all) of the page whose opening emptied the pool, which is not its page.
            options["env"].pop(ENV_VARIABLE.VOILA_REQUEST_URL, None)
            # Where it asks for its page's request once a page takes it (Voilà's default: 127.0.0.1).
            options["env"].setdefault(ENV_VARIABLE.VOILA_APP_IP, server_reach(self.parent.ip))
            if options["env"].pop(CLASS_POOL_VARIABLE, None):
                await self._after_the_class()
        kernel_id = await super().start_kernel(*arguments, **options)
        # Rendering the page happens before its websocket connects: the wait counts from here.
        self._unconnected_since[kernel_id] = time.monotonic()
        return kernel_id

    def hand_out(self, kernel_id: str, session: str) -> None:
        """Bind the kernel to the browser session of the page it is rendered for (a page's own kernel
        as it starts, a pooled one as a page takes it); its wait for a page to connect starts now."""
        self.owners[kernel_id] = session
        self._last_hand_out = self._unconnected_since[kernel_id] = time.monotonic()

    async def _after_the_class(self) -> None:
        """Wait until a class opening the landing page together has been served (``class_refill_wait``):
        Voilà refills a pool a second after each page taken, and thirty kernels starting then, on a
        two-core server, held the class's pages back (see docs/decisions.md)."""
        asked = time.monotonic()
        while wait := class_refill_wait(
            self._last_hand_out, asked, time.monotonic(), self.class_refill_lull, self.class_refill_longest_wait
        ):
            await asyncio.sleep(wait)

    def notify_connect(self, kernel_id):
        super().notify_connect(kernel_id)
        self._unconnected_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id):
        super().notify_disconnect(kernel_id)
        if kernel_id in self and not self._kernel_connections.get(kernel_id, 0):
            self._unconnected_since[kernel_id] = time.monotonic()

    def owned_by(self, kernel_id: str, session: str | None) -> bool:
        """Whether the kernel was started by the page of this browser session."""
        owner = self.owners.get(kernel_id)
        return owner is not None and session is not None and hmac.compare_digest(owner, session)

    async def cull_kernels(self):
        now = time.monotonic()
        for client in [client for client, started in self._starts.items() if now - started[-1] >= self.starts_window]:
            del self._starts[client]
        running = set(self.list_kernel_ids())
        for table in (self.owners, self._unconnected_since):
            for kernel_id in [kernel_id for kernel_id in table if kernel_id not in running]:
                del table[kernel_id]
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id):
        await super().cull_kernel_if_idle(kernel_id)
        since = self._unconnected_since.get(kernel_id)
        if not self.cull_unconnected_timeout or since is None or kernel_id not in self:
            return
        alone = time.monotonic() - since
        if alone > self.cull_unconnected_timeout and not self._kernel_connections.get(kernel_id, 0):
            state = getattr(self._kernels[kernel_id], "execution_state", "unknown")
            self.log.warning(
                "Culling '%s' kernel %s: no page has been connected to it for %d seconds.", state, kernel_id, alone
            )
            await ensure_async(self.shutdown_kernel(kernel_id))


# ---- handlers ----


class PageKernels:
    """The kernel manager as one page's request uses it: the kernel it starts, or takes from the
    pool, is handed out to the request's browser session (``ClassKernelManager.hand_out``) as soon as
    it is known, before the page's first byte. Pool refills go to the manager itself: bound to nobody."""

    def __init__(self, manager, session: str):
        self.manager, self.session = manager, session

    def __getattr__(self, name: str):
        return getattr(self.manager, name)

    async def start_kernel(self, *arguments, **options) -> str:
        kernel_id = await self.manager.start_kernel(*arguments, **options)
        self.manager.hand_out(kernel_id, self.session)
        return kernel_id

    async def get_rendered_notebook(self, *arguments, **options):
        render_task, rendered_cache, kernel_id = await self.manager.get_rendered_notebook(*arguments, **options)
        self.manager.hand_out(kernel_id, self.session)
        return render_task, rendered_cache, kernel_id


class PageHandler(TornadoVoilaHandler):
    """Voilà's page: the browser gets a session cookie, and the page's kernel is bound to it."""

    def initialize(self, **options):
        super().initialize(**options)
        self.page_kernels: PageKernels | None = None  # once the request's session is known

    @property
    def kernel_manager(self):
        return self.page_kernels or self.settings["kernel_manager"]

    async def get(self, path=None):
        manager = self.settings["kernel_manager"]
        wait = manager.wait_before_start(self.request.remote_ip)
        if wait:
            self.log.warning(
                "Told %s the server is busy: too many pages opened within a minute.", self.request.remote_ip
            )
            self.set_status(503)
            self.set_header("Retry-After", str(wait))
            self.finish(self.render_template("busy.html", sentence=busy_words(wait), seconds=wait))
            return
        session = self.get_signed_cookie(SESSION_COOKIE)
        if session is None:
            session = secrets.token_urlsafe(32).encode("ascii")
            # Before anything is written: the headers go with the page's first bytes.
            self.set_signed_cookie(SESSION_COOKIE, session, expires_days=None, httponly=True, samesite="Lax")
        self.page_kernels = PageKernels(manager, session.decode("ascii"))
        # Voilà copies this header into the page's request for its kernel: the server's, never the client's.
        self.request.headers[CLIENT_HEADER] = self.request.remote_ip or ""
        await super().get(path)


class _OwnedKernel:
    """Refuse (403) a request for a kernel that the browser session asking did not start."""

    def kernel_asked_for(self) -> str:
        return self.path_kwargs.get("kernel_id") or (self.path_args[0] if self.path_args else "")

    def session_owns_kernel(self) -> bool:
        """Whether the browser session asking started the kernel its request names."""
        session = self.get_signed_cookie(SESSION_COOKIE)
        return self.kernel_manager.owned_by(self.kernel_asked_for(), session.decode("ascii") if session else None)

    async def prepare(self, *arguments, **options):
        await super().prepare(*arguments, **options)
        kernel_id = self.kernel_asked_for()
        if kernel_id not in self.kernel_manager:
            raise web.HTTPError(404, "No such kernel.")
        if not self.session_owns_kernel():
            self.log.warning("Refused a request for kernel %s from another browser session.", kernel_id)
            raise web.HTTPError(403, "This kernel belongs to another page.")


class OwnedKernelHandler(_OwnedKernel, KernelHandler):
    """A kernel's model and its shutdown, for its own page only."""


class OwnedShutdownHandler(_OwnedKernel, VoilaShutdownKernelHandler):
    """The shutdown a page sends as it closes, for its own kernel only."""

    def check_xsrf_cookie(self):
        # Voilà's page sends it as a beacon with an empty XSRF token (no _xsrf cookie is ever set):
        # from the same origin, the session cookie (SameSite=Lax, never sent by another site's
        # form) that started the kernel is proof enough. Any other request keeps Jupyter's check.
        if self.check_origin() and self.session_owns_kernel():
            return None
        return super().check_xsrf_cookie()


class GuardedKernelWebsocketHandler(_OwnedKernel, VoilaKernelWebsocketHandler):
    """The kernel websocket, for its own page only, reading every message within its own bytes."""

    def _v1(self) -> bool:
        return self.selected_subprotocol == V1_PROTOCOL

    def on_message(self, message):
        try:
            message_header(message, self._v1())
        except ValueError as error:  # UnreadableMessage, or a channel name that is not UTF-8
            self.log.warning("Closed a kernel websocket that sent an unreadable message (%s).", error)
            self.close(1007, "A message this server cannot read.")
            return
        super().on_message(message)

    def write_message(self, message, binary=False):
        # Voilà hides execute_input (it holds the cells' code). Only a message that holds those
        # words can be one, so the others are passed on without parsing.
        marker = b"execute_input" if isinstance(message, bytes) else "execute_input"
        if isinstance(message, dict) or marker in message:
            try:
                if message_header(message, self._v1())["msg_type"] == "execute_input":
                    return None
            except UnreadableMessage as error:
                self.log.warning("Held back a kernel message that could not be read (%s).", error)
                return None
        # Past Voilà's own write_message, whose header reader is the one that loops.
        return super(VoilaKernelWebsocketHandler, self).write_message(message, binary)


def from_this_machine(remote: str, local: str) -> bool:
    """Whether a connection from ``remote`` to this server's ``local`` address comes from this machine:
    a loopback address, or the server's own (a server listening on one network address only).

    >>> [from_this_machine(remote, local) for remote, local in [("127.0.0.1", "127.0.0.1"), ("::1", "::1"),
    ...     ("192.168.1.5", "192.168.1.5"), ("192.168.1.23", "192.168.1.5"), ("", "0.0.0.0")]]
    [True, True, True, False, False]
    """
    try:
        loopback = ipaddress.ip_address(remote).is_loopback
    except ValueError:
        return False
    return loopback or remote == local


class LocalRequestInfoHandler(RequestInfoSocketHandler):
    """The websocket a pooled kernel waits on for its page's request (query string, client address):
    for this machine's connections only (the kernels'), never for a client on the network."""

    def prepare(self):
        remote = self.request.remote_ip or ""
        if not from_this_machine(remote, self.request.connection.stream.socket.getsockname()[0]):
            # A plain tornado handler (Jupyter's handlers have a log of their own; this one has not).
            app_log.warning("Refused a page's request info to %s, which is not this machine.", remote)
            raise web.HTTPError(403, "Only this server's kernels may ask for a page's request.")


_REPLACED = {
    KernelHandler: OwnedKernelHandler,
    RequestInfoSocketHandler: LocalRequestInfoHandler,
    VoilaKernelWebsocketHandler: GuardedKernelWebsocketHandler,
    VoilaShutdownKernelHandler: OwnedShutdownHandler,
    TornadoVoilaHandler: PageHandler,
}


def hashed_extension_routes(server_url: str, folders: list[str]) -> list[str]:
    """The routes of the extensions' scripts in these folders whose names hash their content: a browser
    may keep them for good (Jupyter's ``static_immutable_cache``, a list of route prefixes); the
    others (``style.js``, ``package.json``) keep Voilà's "ask again every time".
    """
    routes = set()
    for folder in map(Path, folders):
        for script in folder.rglob("*.js"):  # none from a folder that is not there
            if HASHED_SCRIPT.search(script.name):
                routes.add(url_path_join(server_url, "voila/labextensions", script.relative_to(folder).as_posix()))
    return sorted(routes)


def landing_pools(pool_size: int, landing_pool_size: int) -> dict:
    """Voilà's pools (``VoilaKernelManager.kernel_pools_config``, keyed by a notebook's path within the
    served folder, as a page's address names it): ``landing_pool_size`` kernels for the landing page,
    started with ``CLASS_POOL_VARIABLE`` set, and ``pool_size`` for every other page.

    >>> landing_pools(1, 30)["default"], landing_pools(1, 30)["index.ipynb"]["pool_size"]
    ({'pool_size': 1}, 30)
    """
    landing = {"pool_size": landing_pool_size, "kernel_env_variables": {CLASS_POOL_VARIABLE: "1"}}
    return {"default": {"pool_size": pool_size}, page("home").notebook: landing}


def class_refill_wait(last_hand_out: float | None, asked: float, now: float, lull: float, longest: float) -> float:
    """Seconds a refill of the landing page's class-size pool, asked for at ``asked``, still waits at
    ``now``: until no page has been handed a kernel for ``lull`` seconds (``last_hand_out``: when
    one last was, None: never), and ``longest`` seconds after it was asked at the most.

    >>> class_refill_wait(last_hand_out=100.0, asked=100.5, now=101.0, lull=5, longest=60)  # a class arriving
    4.0
    >>> class_refill_wait(last_hand_out=100.0, asked=100.5, now=106.0, lull=5, longest=60)  # the class is in
    0.0
    >>> class_refill_wait(last_hand_out=159.0, asked=100.5, now=159.0, lull=5, longest=60)  # pages never stop
    1.5
    >>> class_refill_wait(last_hand_out=None, asked=0.0, now=0.0, lull=5, longest=60)  # the pool as the server starts
    0.0
    """
    if last_hand_out is None:
        return 0.0
    return max(0.0, min(last_hand_out + lull, asked + longest) - now)


class ClassServer(Voila):
    """Voilà with the handlers above, the kernel manager above and the template in voila_template/."""

    landing_pool_size = Integer(
        0,
        config=True,
        help="Pre-heated kernels kept for the landing page, which a whole class opens at once "
        "(0: as many as for every page, VoilaConfiguration.default_pool_size); needs preheat_kernel.",
    )

    def initialize(self, argv=None):
        super().initialize(argv)
        # The class itself, not its dotted name: run with -m, this module is __main__.
        self.voila_configuration.multi_kernel_manager_class = ClassKernelManager
        headers = self.voila_configuration.http_header_envs
        self.voila_configuration.http_header_envs = [*headers, CLIENT_HEADER]
        if self.landing_pool_size:
            # Voilà's pool manager (a class it makes when it starts) reads its pools from this configuration.
            pools = landing_pools(self.voila_configuration.default_pool_size, self.landing_pool_size)
            self.config.VoilaKernelManager.kernel_pools_config = pools

    def setup_template_dirs(self):
        super().setup_template_dirs()
        # First in the search: its index.html.j2 and page.html extend the lab template's.
        self.template_paths = [str(TEMPLATE), *self.template_paths]
        self.static_paths = [str(TEMPLATE / "static"), *self.static_paths]

    def init_settings(self):
        settings = super().init_settings()
        settings["static_immutable_cache"] = hashed_extension_routes(self.server_url, self.labextensions_path)
        return settings

    def init_handlers(self):
        handlers = without_identity_routes(super().init_handlers(), self.identity_provider)
        return [(pattern, _REPLACED.get(handler, handler), *rest) for pattern, handler, *rest in handlers]


def without_identity_routes(handlers: list, identity_provider) -> list:
    """The routes but the identity provider's (``/login``, ``/logout``): the pages have no accounts,
    and Voilà's ``/logout`` answered every request with a traceback (500); unknown, they answer 404."""
    identity = {handler for _, handler, *_ in identity_provider.get_handlers()}
    return [route for route in handlers if route[1] not in identity]


def main(arguments: list[str] | None = None) -> None:
    """Run the class server with Voilà's command-line options."""
    ClassServer.launch_instance(sys.argv[1:] if arguments is None else arguments)


if __name__ == "__main__":
    main()
