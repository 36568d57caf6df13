"""The class server answers only the routes the pages use: no identity routes (the pages have no accounts);
and a browser keeps what never changes under its name."""

import json
import re
import urllib.error
import urllib.request
from urllib.parse import urljoin

import pytest

from matatu_learn.voila_app import hashed_extension_routes


@pytest.mark.parametrize("route", ["/logout", "/login", "/logout?next=/x"])
def test_identity_routes_the_app_does_not_use_answer_404_without_a_traceback(class_server, route):
    logged = len(class_server.log_text())
    with pytest.raises(urllib.error.HTTPError) as answered:
        urllib.request.urlopen(class_server.base + route, timeout=30)
    assert answered.value.code == 404
    assert "Traceback" not in class_server.log_text()[logged:]


def cache_rule(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.status == 200
        return response.headers.get("Cache-Control", "")


def test_a_browser_keeps_the_extension_scripts_a_page_loads_and_asks_again_for_the_page(class_server):
    with urllib.request.urlopen(f"{class_server.base}/voila/render/glossary.ipynb", timeout=120) as page:
        assert "immutable" not in page.headers.get("Cache-Control", "")
        rendered = page.read().decode("utf-8")
    configuration = json.loads(
        re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', rendered, re.S)[1]
    )
    entries = [(extension["name"], extension["load"]) for extension in configuration["federated_extensions"]]
    assert len(entries) >= 3, entries  # the widgets' manager, anywidget, Voilà's widgets manager
    for name, load in entries:  # as the browser asks for it (an entry may begin ./)
        assert "immutable" in cache_rule(urljoin(f"{class_server.base}/voila/labextensions/{name}/", load)), name
    assert "immutable" not in cache_rule(f"{class_server.base}/voila/labextensions/anywidget/package.json")


def test_only_extension_scripts_whose_names_hash_their_content_are_kept_for_good(tmp_path):
    for name in (
        "anywidget/static/528.d9f5934c.js",
        "anywidget/static/remoteEntry.698dcaf7.js",
        "anywidget/static/style.js",
        "anywidget/package.json",
        "widgets/static/7.js",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert hashed_extension_routes("/", [str(tmp_path), str(tmp_path / "missing")]) == [
        "/voila/labextensions/anywidget/static/528.d9f5934c.js",
        "/voila/labextensions/anywidget/static/remoteEntry.698dcaf7.js",
    ]
    assert (
        hashed_extension_routes("/class/", [str(tmp_path)])[0]
        == "/class/voila/labextensions/anywidget/static/528.d9f5934c.js"
    )
