"""The class server answers only the routes the pages use: no identity routes (the pages have no accounts)."""

import urllib.error
import urllib.request

import pytest


@pytest.mark.parametrize("route", ["/logout", "/login", "/logout?next=/x"])
def test_identity_routes_the_app_does_not_use_answer_404_without_a_traceback(class_server, route):
    logged = len(class_server.log_text())
    with pytest.raises(urllib.error.HTTPError) as answered:
        urllib.request.urlopen(class_server.base + route, timeout=30)
    assert answered.value.code == 404
    assert "Traceback" not in class_server.log_text()[logged:]
