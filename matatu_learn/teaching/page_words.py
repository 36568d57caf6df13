"""What a served page says about the server itself: a value it could not use, a page that sent too
much, a server too busy to start another page. The facts come from the kernel and the class
server; the sentences are here, once.

>>> busy_words(1), busy_words(12)
('The server is busy, try again in 1 second.', 'The server is busy, try again in 12 seconds.')
"""

from __future__ import annotations

# A widget's handler refused what the page sent (a forged value, a wrong type): nothing was done with it.
VALUE_REFUSED = "This page sent a value the server could not use, so nothing was changed."
# One message from the page was larger than the kernel takes at once.
MESSAGE_TOO_LARGE = "This page sent more at once than the server takes ({largest} MB at most), so nothing was changed."
# The page has sent its kernel all the bytes one page may.
BUDGET_SPENT = "This page has sent the server all it takes from one page: reload the page to go on."
# A page asked for a kind of control the pages do not use.
WIDGET_REFUSED = "This page asked for a control the lessons do not use, so none was made."


def busy_words(seconds: int) -> str:
    """The busy page's sentence: when this client may open another page."""
    return f"The server is busy, try again in {seconds} second{'' if seconds == 1 else 's'}."


def too_large_words(largest_bytes: int) -> str:
    """``MESSAGE_TOO_LARGE`` with its bound in megabytes."""
    return MESSAGE_TOO_LARGE.format(largest=f"{largest_bytes / 2**20:g}")
