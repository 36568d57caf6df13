"""Every test run, doctest and notebook kernel uses a database of its own, never the user's."""

import os
import tempfile


def pytest_configure(config):
    folder = tempfile.mkdtemp(prefix="matatu-learn-tests-")
    os.environ["MATATU_LEARN_DB"] = os.path.join(folder, "matatu-learn.sqlite3")
