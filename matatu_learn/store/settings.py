"""Times a server may be started with instead of the ones it ships with, read from the environment.

A test server shortens them (the kernel culler, a room's away time) so that no test waits minutes
on a timer; a class is served with the defaults. Each is read once, by the module that holds it,
when that module is imported (in the server, or in each page's kernel, which inherits the
server's environment).

>>> seconds("MATATU_LEARN_NOT_SET_ANYWHERE", 20.0)
20.0
"""

from __future__ import annotations

import math
import os

from ..engine.errors import MatatuError


def seconds(variable: str, default: float) -> float:
    """The seconds the environment variable gives, else the default; whole seconds when the default is an int.

    >>> os.environ["MATATU_LEARN_EXAMPLE_SECONDS"] = "2.5"
    >>> seconds("MATATU_LEARN_EXAMPLE_SECONDS", 20.0)
    2.5
    >>> seconds("MATATU_LEARN_EXAMPLE_SECONDS", 60)
    Traceback (most recent call last):
    ...
    matatu_learn.engine.errors.MatatuError: MATATU_LEARN_EXAMPLE_SECONDS must be a whole number of seconds above 0, not '2.5'.
    >>> del os.environ["MATATU_LEARN_EXAMPLE_SECONDS"]
    """
    given = os.environ.get(variable, "").strip()
    if not given:
        return default
    whole = isinstance(default, int)
    try:
        value = int(given) if whole else float(given)
    except ValueError:
        value = 0
    if not 0 < value < math.inf:
        kind = "a whole number of seconds" if whole else "a number of seconds"
        raise MatatuError(f"{variable} must be {kind} above 0, not '{given}'.")
    return value
