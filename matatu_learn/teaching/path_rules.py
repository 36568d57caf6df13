"""What the path says about one ruleset: the rules behind each idea of a lesson, and what other tables do.

A lesson's prose keeps what is true at every table; what depends on the ruleset is said here,
in the sentences the engine generates from the learner's ``Rules`` (``engine/rules_text.py``),
cut into the parts the lessons teach one at a time. What the other rulesets do differently is
the other rulesets' own sentences for the same part, where they differ: nothing is written twice.

>>> part_lines("house", "fit")
["A card fits when it has the suit in play or the top card's rank, or it is wild (an Ace)."]
>>> [(names, lines[0]) for names, lines in other_tables("house", "fit")]
[(('House rules with jokers', '54-card app rules'), "A card fits when it has the suit in play or the top card's rank, or it is wild (an Ace; a joker).")]
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.rules import Calls, Chopper, Rules
from ..engine.rules_text import rules_sections
from .lessons import RULESET_CHOICES, ruleset_name, ruleset_rules

# What the fold of other rulesets is called on every page (a browser test looks for it), and what a
# table says where it has nothing of a part the learner's ruleset has.
OTHER_TABLES = "At other tables"
NO_SUCH_RULE = "Nothing of the kind."

# The lines of the rules text's "Special cards" section that each topic of lesson 3 teaches,
# known by how the generated sentence begins (tests/widgets/test_path.py checks every line lands in one).
SPECIAL_TOPICS: dict[str, Callable[[str], bool]] = {
    "twos": lambda line: line.startswith("Picks"),
    "jumps": lambda line: "jump" in line or "reverses the order" in line,
    "aces": lambda line: line.startswith(("An Ace", "A last card")),
    "master_ace": lambda line: line.startswith("The Ace of spades"),
    "jokers": lambda line: line.startswith("A joker"),
}


def _identity(rules: Rules) -> int:
    """How many of "The chopper" section's first lines say which seven chops."""
    return 1 if rules.chopper is Chopper.ANY_SEVEN else 2  # "... is the chopper." "The other sevens ..."


def _deal(rules: Rules) -> list[str]:
    sections = rules_sections(rules)
    return sections["Deck and deal"] + sections["The chopper"][: _identity(rules)]


def _cut(rules: Rules) -> list[str]:
    return rules_sections(rules)["The chopper"][_identity(rules) : -1]


def _values(rules: Rules) -> list[str]:
    return [line for line in rules_sections(rules)["End of a round and scoring"] if line.startswith("Card values")]


def _scoring(rules: Rules) -> list[str]:
    sections = rules_sections(rules)
    ending = [line for line in sections["End of a round and scoring"] if not line.startswith("Card values")]
    # How a round ends by a last card, by a cut and by a blocked table; then the points and the match.
    return ending[:1] + sections["The chopper"][-1:] + sections["A turn"][-1:] + ending[1:]


def _special(topic: str) -> Callable[[Rules], list[str]]:
    return lambda rules: [line for line in rules_sections(rules)["Special cards"] if SPECIAL_TOPICS[topic](line)]


def _calls(rules: Rules) -> list[str]:
    return [] if rules.calls is Calls.NONE else rules_sections(rules)["Calls"]


# Each idea the path teaches, and the sentences of the rules text that say it for a ruleset.
PARTS: dict[str, Callable[[Rules], list[str]]] = {
    "deal": _deal,
    "fit": lambda rules: rules_sections(rules)["A turn"][:1],
    "draw": lambda rules: rules_sections(rules)["A turn"][1:-1],
    "cut": _cut,
    "values": _values,
    "scoring": _scoring,
    **{f"special_cards/{topic}": _special(topic) for topic in SPECIAL_TOPICS},
    "special_cards/calls": _calls,
}


def part_lines(ruleset: str, part: str) -> list[str]:
    """The sentences of one part of the rules for a ruleset choice (none: the ruleset has no such rule)."""
    return PARTS[part](ruleset_rules(ruleset))


def other_choices(ruleset: str) -> list[str]:
    """The tables set beside a ruleset choice: its own preset's other mode, then every other preset.

    >>> other_choices("house"), other_choices("bomb-classic")
    (['house-jokers', 'uganda', 'bomb', 'party'], ['bomb', 'house', 'uganda', 'party'])
    """
    preset = RULESET_CHOICES[ruleset][1]
    modes = [key for key, (_, other, _) in RULESET_CHOICES.items() if other == preset and key != ruleset]
    presets = [key for key, (_, other, switches) in RULESET_CHOICES.items() if other != preset and not switches]
    return modes + presets


def other_tables(ruleset: str, part: str) -> list[tuple[tuple[str, ...], list[str]]]:
    """What other tables say differently about a part: (their names, their sentences the learner's
    ruleset does not say), tables that say the same thing together; none where all agree."""
    mine = part_lines(ruleset, part)
    own = set(mine)
    grouped: dict[tuple[str, ...], list[str]] = {}
    for other in other_choices(ruleset):
        theirs = part_lines(other, part)
        different = tuple(line for line in theirs if line not in own) or (
            (NO_SUCH_RULE,) if mine and not theirs else ()
        )
        if different:
            grouped.setdefault(different, []).append(ruleset_name(other))
    return [(tuple(names), list(lines)) for lines, names in grouped.items()]
