"""Pre-heated pages: a pooled kernel belongs to nobody until a page takes it, then to that page's
browser session only; a refill of the pool belongs to nobody; the pool keeps its size; the page's
request (learner, client address) reaches a kernel after it was handed out."""

import asyncio
import re
import time
from pathlib import Path

import pytest
from server_fixtures import (
    POOL_FILLED_WITHIN,
    V1,
    Browser,
    kernel_answers,
    kernel_ids,
    kernel_processes,
    open_widget_control,
    wait_for_pool,
    waiting_kernels,
    websocket_status,
    widget_states,
)

from conftest import CLASS_SIZE, POOL_CULLING, POOL_SIZE, POOLED_KERNELS
from matatu_learn.store.roles import CLIENT_HEADER, CLIENT_VARIABLE


def take(browser: Browser, page: str) -> str:
    """Open a page as ``browser``; the kernel it was given, one of the pool's."""
    waiting = wait_for_pool(browser.running)
    kernel = browser.open_page(page)
    browser.running.taken.add(kernel)
    assert kernel in waiting, "the page was not given a pre-heated kernel"
    return kernel


def browser_of(running) -> Browser:
    browser = Browser(running.base)
    browser.running = running
    return browser


def test_a_pooled_kernel_answers_only_the_session_of_the_page_that_took_it(pooled_server):
    student, other = browser_of(pooled_server), browser_of(pooled_server)
    take(other, "12-rooms.ipynb")  # a page of its own: its own session cookie
    kernel = take(student, "index.ipynb")
    for intruder in (other, browser_of(pooled_server)):  # another page's browser, and one with no cookie
        assert kernel_answers(intruder, kernel) == [403] * 4
    assert student.request(f"/api/kernels/{kernel}") == 200
    assert asyncio.run(websocket_status(student, kernel)) == 101
    assert pooled_server.log_text().count(f"Refused a request for kernel {kernel}") == 8


def test_a_pooled_page_shows_the_learner_its_address_names(pooled_server):
    student = browser_of(pooled_server)
    kernel = take(student, "index.ipynb?learner=Amina&rules=uganda")

    async def shown() -> list[str]:
        connection = await student.websocket(kernel, V1)
        try:
            control = await open_widget_control(connection, V1)
            states = (await widget_states(connection, V1, control))["content"]["data"]["states"]
        finally:
            connection.close()
        return [str(model["state"].get("value")) for model in states.values()]

    values = asyncio.run(shown())
    assert any("Hello, Amina." in value for value in values), "the learner of the address is not on the page"
    assert any('href="01-the-deal.ipynb?rules=uganda&amp;learner=Amina"' in value for value in values)


def test_a_refill_after_a_handout_belongs_to_nobody(pooled_server):
    student = browser_of(pooled_server)
    before = wait_for_pool(pooled_server)
    take(student, "01-the-deal.ipynb")
    # Voilà refills the pool from the request that emptied it: the new kernel must not be that page's.
    refills = wait_for_pool(pooled_server, lambda found: found - before) - before
    for kernel in refills:
        for asking in (student, browser_of(pooled_server)):
            assert known(asking, kernel) == 403
            assert asyncio.run(websocket_status(asking, kernel)) == 403


def known(browser: Browser, kernel: str) -> int:
    """The status of a request for the kernel, once the server counts it among its kernels (its
    process runs a moment before it answers: 404 until then)."""
    deadline = time.monotonic() + POOL_FILLED_WITHIN
    while (status := browser.request(f"/api/kernels/{kernel}")) == 404:
        assert time.monotonic() < deadline, f"kernel {kernel} runs, but the server does not know it"
        time.sleep(0.5)
    return status


def test_the_pool_keeps_its_size_for_each_page(pooled_server):
    before = wait_for_pool(pooled_server)
    assert len(before) == POOLED_KERNELS
    take(browser_of(pooled_server), "12-rooms.ipynb")
    wait_for_pool(pooled_server, lambda found: found - before)  # the page's refill
    time.sleep(3)  # a second refill would have started by now (Voilà waits a second before one)
    assert len(waiting_kernels(pooled_server)) == POOLED_KERNELS


def test_the_landing_page_keeps_a_kernel_for_each_of_a_class_opening_it_together(pooled_server):
    waiting = wait_for_pool(pooled_server)
    assert CLASS_SIZE > POOL_SIZE  # or this test would not tell the landing page's pool from the others'
    # The pool hands out its oldest kernels first, so each page here takes one it held before, refills or not.
    kernels = [browser_of(pooled_server).open_page("index.ipynb") for _ in range(CLASS_SIZE)]
    pooled_server.taken.update(kernels)
    assert len(set(kernels)) == CLASS_SIZE and set(kernels) <= waiting, "a page of the class waited for a kernel"


def test_a_waiting_kernel_is_never_culled_and_a_taken_ones_wait_for_its_page_starts_when_taken(pooled_server):
    timeout, interval = POOL_CULLING["cull_idle_timeout"], POOL_CULLING["cull_interval"]
    waiting = wait_for_pool(pooled_server)
    time.sleep(timeout + 3 * interval)  # every waiting kernel is now older than the culler's time
    assert waiting <= kernel_ids(pooled_server.process.pid), "the culler stopped a kernel waiting in the pool"
    student = browser_of(pooled_server)
    kernel = take(student, "12-rooms.ipynb")  # and no page connects to it
    time.sleep(3 * interval)  # culled at the next rounds if its wait had counted from its start
    assert kernel in kernel_ids(pooled_server.process.pid), "a kernel was culled as soon as a page took it"
    deadline = time.monotonic() + POOL_FILLED_WITHIN
    while kernel in kernel_ids(pooled_server.process.pid):
        assert time.monotonic() < deadline, "a taken kernel no page connected to was never culled"
        time.sleep(interval)
    assert re.search(rf"Culling .*{kernel}", pooled_server.log_text()), "the kernel ended, but not by the culler"


def test_the_client_address_a_kernel_gets_is_the_servers_never_the_clients(class_server):
    """The address bounds the rooms one client opens: a client that sends the header gets it written over."""
    student = Browser(class_server.base)
    student.opener.addheaders = [(CLIENT_HEADER, "10.9.9.9")]
    kernel = student.open_page("index.ipynb")
    (pid,) = kernel_processes(class_server.process.pid, kernel)
    environment = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    assert f"{CLIENT_VARIABLE}=127.0.0.1".encode() in environment
    assert not any(b"10.9.9.9" in variable for variable in environment)
    assert student.request(f"/api/kernels/{kernel}", method="DELETE") == 204


def test_serve_takes_a_pool_size_within_its_bounds_and_refuses_others_in_one_line(monkeypatch, tmp_path, capsys):
    from matatu_learn import cli, server

    called = {}
    monkeypatch.setattr(server, "notebooks_folder", lambda folder: tmp_path)
    monkeypatch.setattr(server, "serve", lambda *arguments, **options: called.update(options) or 0)
    assert cli.main(["serve", "--no-browser"]) == 0 and called["pool_size"] == server.DEFAULT_POOL_SIZE
    assert cli.main(["serve", "--no-browser", "--pool-size", "0"]) == 0 and called["pool_size"] == 0
    assert "--VoilaConfiguration.preheat_kernel=True" not in server.voila_command(tmp_path, 8866, "h", pool_size=0)
    for wrong in (str(server.MOST_POOL_SIZE + 1), "-1", "two"):
        with pytest.raises(SystemExit):
            cli.main(["serve", "--pool-size", wrong])
        said = capsys.readouterr().err.strip().splitlines()
        assert len(said) == 1 and said[0].startswith("matatu-learn: Argument --pool-size: "), said


@pytest.mark.parametrize(("remote", "allowed"), [("127.0.0.1", True), ("192.168.1.5", True), ("192.168.1.23", False)])
def test_a_pages_request_is_handed_only_to_this_machine(remote, allowed):
    """Voilà's /voila/query/<kernel id> hands a page's request (a room link's player token among it) to
    whoever connects: the class server's handler refuses a client on the network (this server
    listens on 192.168.1.5)."""
    from types import SimpleNamespace

    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
    from tornado.web import Application, HTTPError

    from matatu_learn.voila_app import LocalRequestInfoHandler

    listening = SimpleNamespace(getsockname=lambda: ("192.168.1.5", 8866))
    connection = SimpleNamespace(stream=SimpleNamespace(socket=listening), set_close_callback=lambda callback: None)
    start = RequestStartLine("GET", "/voila/query/k", "HTTP/1.1")
    headers = HTTPHeaders({"Host": "192.168.1.5:8866"})
    request = HTTPServerRequest(start_line=start, headers=headers, connection=connection)
    request.remote_ip = remote
    handler = LocalRequestInfoHandler(Application(), request)
    if allowed:
        handler.prepare()
    else:
        with pytest.raises(HTTPError) as refused:
            handler.prepare()
        assert refused.value.status_code == 403


def pool_sizes(options: list[str], pages: tuple[str, ...]) -> dict[str, int]:
    """The kernels Voilà's pool manager, as the class server run with ``options`` makes it, queues for
    each page; none is started (the queued starts are cancelled before the loop runs them)."""
    import signal

    from matatu_learn.voila_app import ClassServer

    application = ClassServer()
    stopping = signal.getsignal(signal.SIGTERM)
    try:
        application.initialize(options[options.index("matatu_learn.voila_app") + 1 :])
    finally:
        signal.signal(signal.SIGTERM, stopping)  # Voilà's own handler is for a server's process
    loop = asyncio.new_event_loop()
    try:
        asyncio.set_event_loop(loop)
        application.init_settings()  # makes the pool manager, which queues its pools' kernels on the loop
        sizes = {page: application.kernel_manager.get_pool_size(page) for page in pages}
        for queued in asyncio.all_tasks(loop):
            queued.cancel()
        loop.run_until_complete(asyncio.sleep(0))
    finally:
        asyncio.set_event_loop(None)
        loop.close()
    return sizes


def test_with_pool_size_0_a_class_size_pools_the_landing_page_only(tmp_path):
    import gc
    import warnings

    from conftest import notebooks_of
    from matatu_learn.server import voila_command

    pages = ("index.ipynb", "01-the-deal.ipynb")
    notebooks_of(tmp_path, pages)
    with warnings.catch_warnings():
        # Each cancelled start drops a kernel start it never awaited: Python says so as it collects it.
        warnings.filterwarnings("ignore", "coroutine .* was never awaited", RuntimeWarning)
        sizes = pool_sizes(voila_command(tmp_path, 8866, "127.0.0.1", pool_size=0, class_size=3), pages)
        gc.collect()
    assert sizes == {"index.ipynb": 3, "01-the-deal.ipynb": 0}


def test_serve_says_what_the_pools_hold_counting_the_pages_voila_pools(tmp_path):
    from matatu_learn.server import pooled_kernels

    for name in (
        "index.ipynb",
        "01-the-deal.ipynb",
        "lessons/02-more.ipynb",
        ".ipynb_checkpoints/index-checkpoint.ipynb",
    ):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("{}")
    assert pooled_kernels(tmp_path, 1, 30) == (
        "Keeping 30 pre-heated kernels for the landing page and 1 for each of the 2 other pages: 32 in all once the "
        "pools are full."
    )
