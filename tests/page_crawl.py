"""One crawl of every page a session: each notebook opened once in Chromium, and what each
per-page check needs recorded (tests/conftest.py's ``crawl`` fixture; the checks are in
test_browser.py, test_accessibility.py, test_browser_names.py, test_browser_path.py and test_voila.py).

Each page is opened with a learner's name that holds markup in the address, so that the same
visit shows whether the name ever becomes markup. The crawl runs in a thread of its own: its
Playwright never meets the one a module's ``browser`` fixture may be running.
"""

from __future__ import annotations

import base64
import dataclasses
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

# A name that would run a script and draw an image if a page took it as markup.
HOSTILE = '<img src="x" data-hostile="1" onerror="window.hostileRan = 1">Bo'
QUERY = urlencode({"rules": "house", "learner": HOSTILE})
# A page is ready once a control is shown (a table's hidden cover button does not count).
READY = ".jupyter-widgets :is(button, select, input):visible"
# 200% zoom, as Chromium zooms a laptop's 1366×900 window: half the CSS pixels each way, each drawn
# with two device pixels (what the browser's zoom does: the CSS viewport shrinks, the pixel ratio grows).
ZOOMED = {"width": 683, "height": 450, "deviceScaleFactor": 2, "mobile": False}
# What sticks out past the window's right edge (and so scrolls the page sideways): each element
# wider than the window's width, unless a box of its own that fits the window scrolls or clips it.
SIDEWAYS = """() => {
    const width = document.documentElement.clientWidth;
    const held = (node) => {
        for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
            if (getComputedStyle(box).overflowX !== 'visible' && box.getBoundingClientRect().right <= width + 1) return true;
        }
        return false;
    };
    return [...document.querySelectorAll('body *')]
        .filter(n => { const r = n.getBoundingClientRect(); return r.width && r.right > width + 1 && !held(n); })
        .map(n => `${n.tagName.toLowerCase()}.${String(n.className).split(' ')[0]} ${Math.round(n.getBoundingClientRect().right)} px`)
        .slice(0, 5);
}"""
# The page's text as a learner reads it: commands for teachers in code blocks are left out.
READ_TEXT = """() => {
    const copy = document.body.cloneNode(true);
    copy.querySelectorAll("code, pre, script, style, .CodeMirror").forEach(element => element.remove());
    return copy.textContent;
}"""

# The words a learner reads on a lesson (test_browser_path.py): the page's rendered text without
# the folded notes on other tables, the commands for teachers and the ruleset picker's list of
# names (a name to choose is no rule). Those are hidden for the reading and shown again at once.
LESSON_WORDS = """() => {
    const left = [...document.querySelectorAll("details.matatu-other-tables, pre, code, select")];
    const shown = left.map(element => element.style.display);
    left.forEach(element => { element.style.display = "none"; });
    const words = document.body.innerText;
    left.forEach((element, index) => { element.style.display = shown[index]; });
    return words;
}"""

# Each face-up card shown and the width its picture is drawn at (a card not shown has none).
CARD_WIDTHS = """nodes => nodes
    .map(n => [n.dataset.card, (n.querySelector("svg") || n).getBoundingClientRect().width])
    .filter(([card, width]) => width > 0)"""


def narrowest(widths: list[list]) -> dict[str, float]:
    """Each card's narrowest drawing on the page.

    >>> narrowest([["7♦", 58.0], ["7♦", 56.5], ["K♣", 64.0]])
    {'7♦': 56.5, 'K♣': 64.0}
    """
    found: dict[str, float] = {}
    for card, width in widths:
        found[card] = min(width, found.get(card, width))
    return found


@dataclass(frozen=True)
class PageRecord:
    """What one visit of a page showed."""

    name: str
    seconds: float  # from the request to the first control shown
    html: str  # the page as Voilà served it over HTTP
    errors: list[str]  # JavaScript errors on the page
    stderr_outputs: int  # outputs written to stderr
    tracebacks: int  # outputs showing a traceback
    card_labels: list[str | None]  # each face-up card's aria-label
    card_widths: dict[str, float]  # the narrowest drawing of each face-up card shown, in px
    buttons: list[tuple[str, str | None]]  # each widget button's text and title
    text: str  # the page's text, without code, scripts and styles
    widget_text: str  # the text of the widgets
    hostile_ran: bool  # the name's script ran
    hostile_elements: int  # elements made from the name
    violations: list[str]  # axe-core's serious and critical findings
    zoomed_violations: list[str]  # the same at 200% zoom (``ZOOMED``)
    zoomed_sideways: list[str]  # what sticks out past the window's edge at 200% zoom
    other_tables: list[str]  # the summary of each fold on other tables ("At other tables")
    lesson_words: str  # the words a learner reads, outside those folds (``LESSON_WORDS``)


def open_until_ready(page, url: str, timeout: float = 60) -> tuple:
    """Open the address in the page and wait until its first control shows (``READY``); the
    response and the seconds from the request to that control: a page's time to first control,
    as the crawl records it and benchmarks/page_speed.py reports it."""
    started = time.perf_counter()
    response = page.goto(url)
    page.locator(READY).first.wait_for(state="visible", timeout=timeout * 1000)
    return response, time.perf_counter() - started


def visit(context, voila: str, name: str, results: Path) -> PageRecord:
    """One page opened as a new visitor opens it, in ``context`` (a profile kept on disk: the
    pages' scripts come from its cache); what it stored is cleared after."""
    from conftest import forget_visits, serious_violations

    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        response, seconds = open_until_ready(page, f"{voila}/voila/render/{name}?{QUERY}")
        page.wait_for_timeout(500)  # every widget draws its first state; a failed image fires its onerror
        record = PageRecord(
            name=name,
            seconds=seconds,
            html=response.text(),
            errors=errors,
            stderr_outputs=page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count(),
            tracebacks=page.locator(".jp-OutputArea-output .jp-RenderedText pre:has-text('Traceback')").count(),
            card_labels=page.locator("[data-card]").evaluate_all(
                "nodes => nodes.map(n => n.getAttribute('aria-label'))"
            ),
            card_widths=narrowest(page.locator("[data-card]").evaluate_all(CARD_WIDTHS)),
            buttons=[
                (text, title)
                for text, title in page.locator(".jupyter-widgets button").evaluate_all(
                    "nodes => nodes.map(n => [n.innerText, n.getAttribute('title')])"
                )
            ],
            text=page.evaluate(READ_TEXT),
            widget_text=" ".join(page.locator(".jupyter-widgets").all_inner_texts()),
            hostile_ran=page.evaluate("window.hostileRan") is not None,
            hostile_elements=page.locator("[data-hostile]").count(),
            violations=serious_violations(page),
            zoomed_violations=[],
            zoomed_sideways=[],
            other_tables=page.locator("details.matatu-other-tables summary").all_inner_texts(),
            lesson_words=page.evaluate(LESSON_WORDS),
        )
        results.mkdir(exist_ok=True)
        page.screenshot(path=str(results / f"{name.removesuffix('.ipynb')}.png"), full_page=True)
        # The same page at 200% zoom: laid out again in half the CSS pixels, checked again.
        devtools = context.new_cdp_session(page)
        devtools.send("Emulation.setDeviceMetricsOverride", ZOOMED)
        page.wait_for_timeout(300)  # the widgets follow their new width (container queries, observers)
        record = dataclasses.replace(
            record, zoomed_violations=serious_violations(page), zoomed_sideways=page.evaluate(SIDEWAYS)
        )
        # Taken through the DevTools protocol: Playwright's own screenshot would put its viewport back first.
        shot = devtools.send("Page.captureScreenshot", {"format": "png"})["data"]
        (results / f"{name.removesuffix('.ipynb')}-zoom-200.png").write_bytes(base64.b64decode(shot))
        return record
    finally:
        forget_visits(context)


def crawl_pages(
    chromium: str, flags: list[str], voila: str, names: list[str], results: Path, profile: Path
) -> dict[str, PageRecord]:
    """Every page visited once, one after the other (their times are not inflated by each other),
    in a Chromium on the profile folder ``profile``."""
    records: dict[str, PageRecord] = {}
    failure: list[BaseException] = []

    def crawl() -> None:
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as playwright:
                from conftest import PAGE_SIZE

                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=chromium, args=flags, viewport=PAGE_SIZE
                )
                try:
                    for name in names:
                        records[name] = visit(context, voila, name, results)
                finally:
                    context.close()
        except BaseException as error:  # handed to the test that asked for the crawl
            failure.append(error)

    worker = threading.Thread(target=crawl, name="crawl")
    worker.start()
    worker.join()
    if failure:
        raise failure[0]
    return records
