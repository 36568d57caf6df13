"""What the pages say about a table's seats and rulesets, shared by the Play page, the first game and the rooms.

Who plays a seat in words (``player_words``, ``seat_labels``), the published ruleset a mix of house
rules is recorded under (``published_mix``), a ruleset's preset and a match's length, and the
table's one error for a move or a setting it cannot take (``PlayError``). The table itself is
``play.table.Table``, driven by ``play.controller.Controller`` (see ``teaching.table_facts``).

>>> seat_labels(["human", "search:2"])
('South (you)', 'North (computer, Expert)')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..agents.choices import AGENT_CHOICES
from ..agents.search import SEARCH_SAMPLES
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
# A round's seed as a page names it: the same number deals the same cards.
DEAL_NUMBER = "Deal number"
# The order in which a card's ways of being laid are asked: cut or play, then the suit, then the call.
QUESTIONS = tuple(deciding.value for deciding in Deciding)
MAX_NAME_LENGTH = 40
MAX_TITLE_LENGTH = 120
# The first game's page: the title of the table it shows, and, once the coached round is counted,
# what sets its two ways on apart.
COACHED_TITLE = "With the coach"
WITHOUT_HELP_TITLE = "Without help: no marks on the cards that fit, no coach"
AGAIN_OR_ALONE = (
    "Play again deals another game with the coach; Play without help deals a new game where no card is "
    "marked and no coach speaks."
)

# The computer players as a learner meets them: by a name that says how strong each is (the
# command line and the strategy lab's teachers' parts keep the specs; docs/decisions.md).
PLAYER_NAMES = {
    "random": "Beginner",
    "heuristic": "Steady",
    "search:1": "Strong",
    "search:2": "Expert",
    "search:3": "Master",
}
PLAYER_WAYS = {
    "random": "plays any legal move, chosen by chance",
    "heuristic": "sheds heavy cards, attacks with picks, cuts when it is likely lightest",
    **{
        f"search:{level}": f"plays each move out on {samples} imagined deals before it chooses"
        for level, samples in SEARCH_SAMPLES.items()
    },
}
# The computer player a new seat gets, on every page that seats one.
DEFAULT_OPPONENT = "heuristic"
assert set(PLAYER_NAMES) == set(PLAYER_WAYS) == set(AGENT_CHOICES), "every computer player has its name"


class PlayError(MatatuError):
    """A move or a setting the table cannot take now; nothing changed."""


def player_words(kind: str) -> str:
    """Who plays a seat, in words: 'computer, Expert'."""
    return f"computer, {PLAYER_NAMES[kind]}"


def player_name(kind: str) -> str:
    """A computer player inside a sentence: 'the Expert player'."""
    return f"the {PLAYER_NAMES[kind]} player"


def computer_choices() -> dict[str, str]:
    """The computer players a seat may have, each by its name and how it plays; the default said so.

    >>> computer_choices()["heuristic"]
    'Steady — sheds heavy cards, attacks with picks, cuts when it is likely lightest (the default)'
    """
    return {
        kind: f"{name} — {PLAYER_WAYS[kind]}" + (" (the default)" if kind == DEFAULT_OPPONENT else "")
        for kind, name in PLAYER_NAMES.items()
    }


def seat_player_words(seat: RecordedSeat) -> str:
    """Who played a recorded seat: a computer player in words, a person by the name they gave."""
    return player_words(seat.agent) if seat.kind is SeatKind.COMPUTER else seat.name or "a person"


def seat_labels(kinds: Sequence[str]) -> tuple[str, ...]:
    """Each seat's label at the table: where it sits, and who plays there.

    >>> seat_labels(["human", "heuristic", "search:2"])
    ('South (you)', 'West (computer, Steady)', 'East (computer, Expert)')
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
    return {HUMAN: "A person at this screen (pass the device)", **computer_choices()}
