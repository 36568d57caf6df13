"""The kernel a class server's page runs in: ``matatu-learn serve`` starts every page's kernel as
``PageKernel`` (ipykernel's ``IPKernelApp.kernel_class``), which bounds what a page may do to it.
It sits beside the widgets, not among them: a kernel starts without importing them.

- **Memory.** The kernel's address space is limited to ``MEMORY_LIMIT`` (``RLIMIT_AS``) as it
  starts: a page that swells its kernel gets a ``MemoryError`` in that kernel, not the server's
  memory.
- **Widgets the page opens.** A page may create (``comm_open`` on ``jupyter.widget``) only a widget
  of a class this kernel has made itself; any other is closed at once. The check is a comm target
  registered over ipywidgets' own, which it hands every accepted widget to.
- **Bytes the page sends.** One comm message holds at most ``LARGEST_MESSAGE`` bytes, and a page
  sends its kernel at most ``PAGE_BYTES`` in all; past either, the message is dropped unread.
- **No traceback leaves the kernel.** An error in a widget's handler (a forged value, a wrong
  type) is one line in the server's log and one sentence on the page (a display of ``NOTICE``,
  which the page's status script shows); the kernel's own loggers write to the server's log, never
  to the page.
- **A closed page lets go at once.** When the page's shutdown request comes (its tab closed), the
  page's ``closing`` listeners are told before the kernel ends: a room seat is marked away.
"""

from __future__ import annotations

import json
import logging
import resource
import sys

from ipykernel.ipkernel import IPythonKernel
from ipykernel.zmqshell import ZMQInteractiveShell
from IPython.display import display
from traitlets import Type

from .page_limits import LARGEST_MESSAGE, MEMORY_LIMIT, NOTICE, PAGE_BYTES
from .teaching.page_words import BUDGET_SPENT, VALUE_REFUSED, WIDGET_REFUSED, too_large_words

WIDGET_TARGET = "jupyter.widget"

__all__ = ["PageKernel", "PageShell", "tell_page"]


def tell_page(sentence: str) -> None:
    """Show ``sentence`` on the page whose message the kernel is handling (its status script draws it)."""
    display({NOTICE: {"sentence": sentence}}, raw=True)


def limit_memory(limit: int = MEMORY_LIMIT) -> None:
    """Cap this process's address space at ``limit`` bytes (never above a cap already set)."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def message_bytes(message: dict) -> int:
    """The bytes a comm message carries: its content as JSON and its buffers."""
    content = len(json.dumps(message.get("content", {}), ensure_ascii=False).encode("utf-8", "replace"))
    return content + sum(memoryview(buffer).nbytes for buffer in message.get("buffers") or ())


class PageShell(ZMQInteractiveShell):
    """IPython's shell for a page's kernel: an error outside a cell (a widget's handler) is a line
    in the server's log and a sentence on the page, never a traceback sent to the page."""

    def showtraceback(self, exc_tuple=None, filename=None, tb_offset=None, exception_only=False, **options):
        if self.parent_header.get("msg_type") == "execute_request":  # a cell, run by the server as it renders
            super().showtraceback(exc_tuple, filename, tb_offset, exception_only, **options)
            return
        kind, error, _ = sys.exc_info() if exc_tuple is None else exc_tuple
        self.kernel.log.warning(
            "Refused what a page sent (%s): %s: %s",
            self.parent_header.get("msg_type", "no message"),
            getattr(kind, "__name__", kind),
            str(error)[:300],
        )
        tell_page(VALUE_REFUSED)


class PageKernel(IPythonKernel):
    """IPython's kernel with the bounds of a class server's page (see the module's docstring)."""

    shell_class = Type(PageShell)

    def __init__(self, **options):
        limit_memory()
        super().__init__(**options)
        # Python's loggers without a handler of their own would write to sys.stderr, which this
        # kernel sends to the page: they write to the server's log, as the kernel's own does.
        root = logging.getLogger()
        for handler in self.log.handlers:
            root.addHandler(handler)
        self.bytes_received = 0
        for kind in ("comm_open", "comm_msg"):
            self.shell_handlers[kind] = self._within_budget(self.shell_handlers[kind])
        self.widget_classes: set[tuple[str, str]] = set()
        self._guard_widget_target()

    def _within_budget(self, handler):
        """``handler`` for messages within ``LARGEST_MESSAGE`` and what is left of ``PAGE_BYTES``."""

        def checked(stream, identities, message):
            size = message_bytes(message)
            if size > LARGEST_MESSAGE or self.bytes_received + size > PAGE_BYTES:
                self.log.warning(
                    "Refused a %s of %d bytes from the page (%d received before it).",
                    message["header"].get("msg_type"),
                    size,
                    self.bytes_received,
                )
                tell_page(too_large_words(LARGEST_MESSAGE) if size > LARGEST_MESSAGE else BUDGET_SPENT)
                self._refuse_open(message)
                return None
            self.bytes_received += size
            return handler(stream, identities, message)

        return checked

    def _refuse_open(self, message: dict) -> None:
        """Close at once a comm the page asked to open (nothing else to undo for other messages)."""
        if message["header"].get("msg_type") != "comm_open":
            return
        from ipykernel.comm import Comm

        content = message.get("content", {})
        comm = Comm(comm_id=content.get("comm_id"), primary=False, target_name=content.get("target_name", ""))
        self.comm_manager.register_comm(comm)
        comm.close()

    def _guard_widget_target(self) -> None:
        """Put a check before ipywidgets' ``jupyter.widget`` target: only widget classes this kernel made."""
        from ipywidgets import Widget, register_comm_target

        # ipywidgets registers its targets only when first imported into a running shell: registered
        # again here whoever imported it first, then the check goes over its own.
        register_comm_target()

        def made(widget) -> None:
            state = widget.get_state(["_model_module", "_model_name"])
            self.widget_classes.add((state["_model_module"], state["_model_name"]))

        Widget.on_widget_constructed(made)

        def checked(comm, message) -> None:
            state = message["content"].get("data", {}).get("state") or {}
            named = (state.get("_model_module"), state.get("_model_name"))
            if named not in self.widget_classes:
                self.log.warning("Refused a widget the page asked for: %s %s.", *(str(part)[:80] for part in named))
                tell_page(WIDGET_REFUSED)
                comm.close()
                return
            try:
                Widget.handle_comm_opened(comm, message)
            except Exception as error:  # the widget's state was unusable: one line, and the comm closed
                self.log.warning("Refused a widget the page opened: %s: %s", type(error).__name__, str(error)[:300])
                tell_page(VALUE_REFUSED)
                comm.close()

        self.comm_manager.register_target(WIDGET_TARGET, checked)

    def do_shutdown(self, restart):
        # Imported here, not as the kernel starts: the widgets take seconds to import, which would
        # hold every kernel's first answer back (the page's cells import them as it renders).
        from .widgets.page import close_page

        try:
            close_page()
        except Exception as error:  # the kernel still shuts down
            self.log.warning("The page could not let go as its kernel shut down: %s: %s", type(error).__name__, error)
        return super().do_shutdown(restart)
