"""What the pages say about a table's seats and rulesets, shared by the Play page, the first game and the rooms.

Who plays a seat in words (``player_words``, ``seat_labels``), the published ruleset a mix of house
rules is recorded under (``published_mix``), a ruleset's preset and a match's length, and the
table's one error for a move or a setting it cannot take (``PlayError``). The table itself is
``play.table.Table``, driven by ``play.controller.Controller`` (see ``teaching.table_facts``).

>>> seat_labels(["human", "search:2"])
('South (you)', 'North (computer, search level 2)')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..agents.choices import AGENT_CHOICES
from ..engine.errors import MatatuError
from ..engine.rules import PRESET_IDS, Rules, with_switches
from ..play.choosing import Deciding
from ..store.database import RecordedSeat, SeatKind
from ..store.registry import Registry
from .voice import (
    COMPASS,
    changes_words,
)

HUMAN = "human"
# The order in which a card's ways of being laid are asked: cut or play, then the suit, then the call.
QUESTIONS = tuple(deciding.value for deciding in Deciding)
MAX_NAME_LENGTH = 40
MAX_TITLE_LENGTH = 120
# Who plays a computer seat, as its label says it.
PLAYER_WORDS = {"random": "computer, random", "heuristic": "computer, heuristic"}


class PlayError(MatatuError):
    """A move or a setting the table cannot take now; nothing changed."""


def player_words(kind: str) -> str:
    """Who plays a seat, in words: 'computer, search level 2'."""
    if kind in PLAYER_WORDS:
        return PLAYER_WORDS[kind]
    return f"computer, search level {kind.partition(':')[2]}"


def seat_player_words(seat: RecordedSeat) -> str:
    """Who played a recorded seat: a computer player in words, a person by the name they gave."""
    return player_words(seat.agent) if seat.kind is SeatKind.COMPUTER else seat.name or "a person"


def seat_labels(kinds: Sequence[str]) -> tuple[str, ...]:
    """Each seat's label at the table: where it sits, and who plays there.

    >>> seat_labels(["human", "heuristic", "search:2"])
    ('South (you)', 'West (computer, heuristic)', 'East (computer, search level 2)')
    >>> seat_labels(["human", "human"])
    ('South', 'North')
    """
    compass = COMPASS[len(kinds)]
    people = sum(kind == HUMAN for kind in kinds)
    labels = []
    for seat, kind in enumerate(kinds):
        if kind != HUMAN:
            labels.append(f"{compass[seat]} ({player_words(kind)})")
        else:
            labels.append(f"{compass[seat]} (you)" if people == 1 else compass[seat])
    return tuple(labels)


def ruleset_preset(registry: Registry, name: str) -> str | None:
    """The preset a published ruleset was built from, following its bases; None if none is found."""
    seen = set()
    while name not in PRESET_IDS:
        if name in seen:
            return None
        seen.add(name)
        name = registry.ruleset(name).base
    return name


def match_length(rules: Rules) -> str:
    """How long a whole match of these rules is, in a few words (for a picker)."""
    if rules.match_target is not None:
        return f"a match to {rules.match_target} points"
    if rules.match_rounds is not None:
        return f"a match of {rules.match_rounds} rounds"
    return "one round (each round stands alone)"


def published_mix(registry: Registry, ruleset: str, rules: Rules) -> tuple[str, int]:
    """The published ruleset a table's rules are recorded under: ``ruleset`` itself where they are
    its rules, else a ruleset of that mix, published once by name.

    A mode alone is ``NAME-jokers`` or ``NAME-classic``; any other mix of switches is ``NAME-table``.
    """
    published = registry.ruleset(ruleset)
    if rules == published.rules:
        return published.name, published.version
    if rules == with_switches(published.rules, {"jokers": rules.jokers}):
        suffix = "-jokers" if rules.jokers else "-classic"
        mode = "joker mode" if rules.jokers else "classic"
    else:
        suffix, mode = "-table", changes_words(published.rules, rules)
    store = registry.database()
    number = 1
    while True:
        ending = suffix if number == 1 else f"{suffix}-{number}"
        name = ruleset[: MAX_NAME_LENGTH - len(ending)] + ending
        if name not in store.names() or store.rules(name) == rules:
            title = f"{published.title}, {mode}"[:MAX_TITLE_LENGTH]
            version = store.publish(name, ruleset, rules.switches(), title)
            return name, version
        number += 1


def agent_choices() -> dict[str, str]:
    """The players a seat may have: a person at this screen, or one of the computer's agents."""
    return {HUMAN: "A person at this screen (pass the device)", **AGENT_CHOICES}
