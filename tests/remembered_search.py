"""The coach's search and judgement, each position's computed once a test process (the fast layer's biggest waste).

The kept first-game deals are played by the coach's advice in several modules (the coach, its
reasons, the first game's page), and a page's game is often played twice with the same clicks.
Each advice is a search and each verdict a valuation of several hundred imagined games, and both
are pure: the same view (everything its seat has seen, ``position_seed``), the same arguments,
the same answer. Within ``remember_the_search`` a call gets the answer the real function gave the
first time it was asked, so what a test asserts is unchanged; only the repeat is skipped. A module
that wants it enters it from a module-scoped autouse fixture of its own (so that its module-scoped
fixtures play under it too); a module that tests the search or the grade themselves (that two
judges agree, that a seed changes nothing) does not.
"""

from contextlib import contextmanager

import pytest

from matatu_learn.agents.playouts import position_seed
from matatu_learn.engine.view import PlayerView
from matatu_learn.teaching import coach

ANSWERS: dict[tuple, object] = {}  # one process's answers (each xdist worker has its own)


def key_of(value):
    """An argument as the key remembers it: a view by what its seat has seen and its rules, any other value as it is."""
    if isinstance(value, PlayerView):
        return (repr(value.rules), len(value.history), position_seed(value))
    return value


def remembered(function):
    """``function``, answering a call it has answered before (same arguments) without computing again."""

    def answer(*arguments, **options):
        key = (
            function.__module__,
            function.__qualname__,
            tuple(key_of(value) for value in arguments),
            tuple(sorted((name, key_of(value)) for name, value in options.items())),
        )
        if key not in ANSWERS:
            ANSWERS[key] = function(*arguments, **options)
        return ANSWERS[key]

    return answer


@contextmanager
def remember_the_search():
    """Within it, the coach's advice (the search) and its judging of a move (the grade's valuation) are remembered."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(coach, "advise", remembered(coach.advise))
        patch.setattr(coach, "valued_decision", remembered(coach.valued_decision))
        yield
