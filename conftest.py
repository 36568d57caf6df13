"""Every test run, doctest and notebook kernel uses a database of its own, never the user's."""

import os
import tempfile


def pytest_configure(config):
    folder = tempfile.mkdtemp(prefix="matatu-learn-tests-")
    os.environ["MATATU_LEARN_DB"] = os.path.join(folder, "matatu-learn.sqlite3")


# The page kernel's module imports ipykernel, which replaces the ``comm`` package's factory as it
# is imported: collected for doctests in a test process, it would leave every later widget test
# without a working comm. It has no doctest; its tests start it as a kernel (tests/server).
collect_ignore = ["matatu_learn/page_kernel.py"]
