"""Rulesets as data: one frozen ``Rules`` value of switches, the four presets,
and the plain-language rules text generated from a ``Rules`` value.

A house rule is a replaced field, checked when it is made:

>>> from dataclasses import replace
>>> replace(PRESETS["uganda"], cut_limit=25).cut_limit
25
>>> replace(PRESETS["house"], hand_size=12)
Traceback (most recent call last):
...
matatu_learn.engine.errors.RulesError: hand_size must be a whole number from 5 to 10, not 12.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any

from .cards import ACE, DECK, SPADES, Card, deck_for
from .errors import RulesError

PRESET_IDS = ("house", "uganda", "bomb", "party")


class Opening(StrEnum):
    """How the pile starts: one card turned up, or a bare table."""

    CARD = "card"
    BARE = "bare"


class Marker(StrEnum):
    """The marker card: a base card's identity, a real cutter under the stock, or none."""

    BASE = "base"
    CUTTER = "cutter"
    NONE = "none"


class Chopper(StrEnum):
    """Which sevens cut."""

    MARKER_SEVEN = "marker_seven"
    ANY_SEVEN = "any_seven"


class CutCounts(StrEnum):
    """What the cut limit weighs: the cards left after the chop, or the hand including the seven."""

    AFTER = "after"
    INCLUDING = "including"


class CutWinner(StrEnum):
    """Who wins a cut."""

    LOWEST = "lowest"
    STRICTLY_LIGHTEST = "strictly_lightest"
    CUTTER_LOSES_TIES = "cutter_loses_ties"


class JackEffect(StrEnum):
    """What a Jack does."""

    JUMP = "jump"
    REVERSE = "reverse"


class AfterDraw(StrEnum):
    """What a player may do after drawing."""

    ANY_FITTING = "any_fitting"
    DRAWN_MUST = "drawn_must"
    END = "end"
    DRAWN_OR_PASS = "drawn_or_pass"


class PickAnswerRule(StrEnum):
    """How a pick is answered when picks do not add up."""

    PASS_ON = "pass_on"
    COMPARE = "compare"


class MasterAce(StrEnum):
    """When the A♠ cancels any pending pick."""

    ALWAYS = "always"
    JOKER_MODE = "joker_mode"
    NEVER = "never"


class MasterAceCancel(StrEnum):
    """What follows an A♠ cancel."""

    FREE = "free"
    SPADES = "spades"
    NAME = "name"


class JokerNames(StrEnum):
    """What a joker names."""

    SUIT = "suit"
    COLOUR = "colour"


class Calls(StrEnum):
    """The calls owed."""

    NONE = "none"
    WARNING_CARD = "warning_card"
    MATATU = "matatu"


class Scoring(StrEnum):
    """Round points."""

    OWN_HAND = "own_hand"
    WINNER_TAKES_TABLE = "winner_takes_table"


class PickMode(StrEnum):
    """How a pending pick is answered, all switches taken together."""

    ADD_UP = "add_up"
    PASS_ON = "pass_on"
    COMPARE = "compare"


# The setting that is a choice among words, each with its enum: a ruleset holds the enum's
# members, so code compares by identity and a file or the database may give the plain word.
CHOICE_ENUMS: dict[str, type[StrEnum]] = {
    "opening": Opening,
    "marker": Marker,
    "chopper": Chopper,
    "cut_counts": CutCounts,
    "cut_winner": CutWinner,
    "jack": JackEffect,
    "after_draw": AfterDraw,
    "pick_answer": PickAnswerRule,
    "master_ace": MasterAce,
    "master_ace_cancel": MasterAceCancel,
    "joker_names": JokerNames,
    "calls": Calls,
    "scoring": Scoring,
}
CHOICES: dict[str, tuple[str, ...]] = {
    name: tuple(member.value for member in enum) for name, enum in CHOICE_ENUMS.items()
}
NUMBER_CHOICES: dict[str, tuple[int, ...]] = {
    "two_value": (20, 2),
    "joker_value": (50, 25, 20),
    "joker_mode_three_value": (3, 30),
    "joker_mode_master_ace_value": (15, 60),
    "decks": (1, 2),
}
RANGES: dict[str, tuple[int, int]] = {
    "hand_size": (5, 10),
    "cut_limit": (0, 1000),
    "match_target": (1, 100_000),
    "match_rounds": (1, 1000),
    "catch_penalty": (0, 20),
}
OPTIONAL_NUMBERS = ("cut_limit", "match_target", "match_rounds")
# Two sevens: a lower limit that counts the seven could leave a round that never ends.
MINIMUM_LIMIT_COUNTING_SEVENS = 14

# The switches docs/rules.md §10 names; the other fields are further settings.
NAMED_SWITCHES = (
    "jokers",
    "hand_size",
    "cut_limit",
    "sevens_normal",
    "picks_add_up",
    "two_value",
    "joker_value",
    "queens_reverse",
    "draw_until_playable",
    "match_target",
    "match_rounds",
    "play_on",
    "eliminate",
    "decks",
)

_PICK_MODE_OF = {PickAnswerRule.PASS_ON: PickMode.PASS_ON, PickAnswerRule.COMPARE: PickMode.COMPARE}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every switch of a ruleset. Build one from a preset with ``dataclasses.replace``."""

    # The switches named in docs/rules.md §10.
    jokers: bool
    cut_limit: int | None
    picks_add_up: bool
    hand_size: int = 7
    sevens_normal: bool = False
    two_value: int = 20
    joker_value: int = 50
    queens_reverse: bool = False
    draw_until_playable: bool = False
    match_target: int | None = None
    match_rounds: int | None = None
    play_on: bool = False
    eliminate: bool = False
    decks: int = 1
    # Further settings that separate the presets.
    opening: Opening = Opening.CARD
    marker: Marker = Marker.NONE
    chopper: Chopper = Chopper.ANY_SEVEN
    cut_counts: CutCounts = CutCounts.INCLUDING
    cut_winner: CutWinner = CutWinner.LOWEST
    jack: JackEffect = JackEffect.JUMP
    draw_when_fitting: bool = True
    after_draw: AfterDraw = AfterDraw.ANY_FITTING
    pass_without_draw: bool = False
    pick_answer: PickAnswerRule = PickAnswerRule.PASS_ON
    threes_pick: bool = False
    master_ace: MasterAce = MasterAce.NEVER
    master_ace_cancel: MasterAceCancel = MasterAceCancel.NAME
    joker_names: JokerNames = JokerNames.SUIT
    joker_mode_three_value: int = 3
    joker_mode_master_ace_value: int = 15
    calls: Calls = Calls.NONE
    catch_penalty: int = 0
    owed_call_blocks: bool = False
    scoring: Scoring = Scoring.OWN_HAND

    def __post_init__(self) -> None:
        for field in fields(self):
            _check_value(field.name, getattr(self, field.name))
        for name, enum in CHOICE_ENUMS.items():
            object.__setattr__(self, name, enum(getattr(self, name)))
        if self.match_target is not None and self.match_rounds is not None:
            raise RulesError("Choose match_target or match_rounds, not both: a match ends one way.")
        if (
            self.cut_counts is CutCounts.INCLUDING
            and not self.sevens_normal
            and self.cut_limit is not None
            and self.cut_limit < MINIMUM_LIMIT_COUNTING_SEVENS
        ):
            raise RulesError(
                f"cut_limit must be at least {MINIMUM_LIMIT_COUNTING_SEVENS} when the seven counts, not {self.cut_limit}: "
                "below that two players could each be left holding two sevens that can never be played."
            )
        if self.chopper is Chopper.MARKER_SEVEN and self.marker is Marker.NONE:
            raise RulesError("chopper 'marker_seven' needs a marker card (marker 'base' or 'cutter').")

    # Derived facts the engine and the rules text both use.
    @property
    def master_ace_cancels(self) -> bool:
        """True when the A♠ cancels any pending pick."""
        return self.master_ace is MasterAce.ALWAYS or (self.master_ace is MasterAce.JOKER_MODE and self.jokers)

    @property
    def threes_are_picks(self) -> bool:
        return self.jokers and self.threes_pick

    @property
    def pick_mode(self) -> PickMode:
        """How a pending pick is answered: added up, passed on or compared."""
        return PickMode.ADD_UP if self.picks_add_up else _PICK_MODE_OF[self.pick_answer]

    def deck(self) -> tuple[Card, ...]:
        """Every card of one game, in canonical order; with two decks each card stands twice.

        >>> len(PRESETS["uganda"].deck()), len(replace(PRESETS["uganda"], jokers=True, decks=2).deck())
        (52, 108)
        """
        return deck_for(self.jokers) * self.decks

    def card_values(self) -> tuple[int, ...]:
        """The value of each of the 54 cards, indexed by card."""
        values = []
        for card in DECK:
            if card.is_joker:
                values.append(self.joker_value)
            elif card.rank == 2:
                values.append(self.two_value)
            elif card.rank == 3:
                values.append(self.joker_mode_three_value if self.jokers else 3)
            elif card.rank == ACE:
                master = card.suit == SPADES and self.jokers
                values.append(self.joker_mode_master_ace_value if master else 15)
            else:
                values.append(card.rank)
        return tuple(values)

    def pick_amounts(self) -> tuple[int, ...]:
        """How many cards each card makes the next player pick (0: not a pick card)."""
        amounts = []
        for card in DECK:
            if card.is_joker:
                amounts.append(5 if self.jokers else 0)
            elif card.rank == 2:
                amounts.append(2)
            elif card.rank == 3 and self.threes_are_picks:
                amounts.append(3)
            else:
                amounts.append(0)
        return tuple(amounts)

    def switches(self) -> dict[str, Any]:
        """Every setting by name, the named switches first."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    def __reduce__(self):
        # A ruleset sent to another process (a sweep's worker) arrives as the one equal ``Rules``
        # there: the per-ruleset tables are then found by identity, not by comparing 34 switches
        # on every lookup (which made a worker about 12% slower than the same work in one process).
        return (_interned, (tuple(getattr(self, field.name) for field in fields(self)),))


_INTERNED: dict[Rules, Rules] = {}


def _interned(values: tuple) -> Rules:
    """The process's one ``Rules`` equal to ``Rules(*values)`` (what unpickling a ruleset gives).

    >>> import pickle
    >>> pickle.loads(pickle.dumps(PRESETS["bomb"])) is PRESETS["bomb"]
    True
    """
    rules = Rules(*values)
    return _INTERNED.setdefault(rules, rules)


def _check_value(name: str, value: Any) -> None:
    default_type = _FIELD_TYPES[name]
    if default_type == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"{name} must be true or false, not {value!r}.")
    elif name in CHOICES:
        if value not in CHOICES[name]:
            raise RulesError(f"{name} must be one of {', '.join(CHOICES[name])}, not {value!r}.")
    elif name in NUMBER_CHOICES:
        if isinstance(value, bool) or value not in NUMBER_CHOICES[name]:
            allowed = " or ".join(str(number) for number in NUMBER_CHOICES[name])
            raise RulesError(f"{name} must be {allowed}, not {value!r}.")
    elif name in RANGES:
        low, high = RANGES[name]
        if value is None and name in OPTIONAL_NUMBERS:
            return
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            extra = " or null (none)" if name in OPTIONAL_NUMBERS else ""
            raise RulesError(f"{name} must be a whole number from {low} to {high}{extra}, not {value!r}.")


_FIELD_TYPES = {field.name: ("bool" if field.type == "bool" else "other") for field in fields(Rules)}
SWITCH_NAMES = tuple(field.name for field in fields(Rules))

PRESETS: dict[str, Rules] = {
    "house": Rules(
        jokers=False,
        cut_limit=20,
        picks_add_up=False,
        joker_value=25,
        opening="card",
        marker="base",
        chopper="marker_seven",
        cut_counts="after",
        cut_winner="lowest",
        jack="jump",
        draw_when_fitting=True,
        after_draw="any_fitting",
        pass_without_draw=True,
        pick_answer="pass_on",
        threes_pick=False,
        master_ace="always",
        master_ace_cancel="free",
        joker_names="suit",
    ),
    "uganda": Rules(
        jokers=False,
        cut_limit=30,
        picks_add_up=False,
        match_target=100,
        opening="bare",
        marker="cutter",
        chopper="marker_seven",
        cut_counts="including",
        cut_winner="strictly_lightest",
        jack="reverse",
        draw_when_fitting=True,
        after_draw="drawn_must",
        pass_without_draw=False,
        pick_answer="compare",
        threes_pick=True,
        master_ace="joker_mode",
        master_ace_cancel="spades",
        joker_names="colour",
        calls="warning_card",
        catch_penalty=2,
        owed_call_blocks=True,
        scoring="winner_takes_table",
    ),
    "bomb": Rules(
        jokers=True,
        cut_limit=None,
        picks_add_up=True,
        opening="card",
        marker="none",
        chopper="any_seven",
        cut_counts="including",
        cut_winner="cutter_loses_ties",
        jack="jump",
        draw_when_fitting=False,
        after_draw="end",
        pass_without_draw=False,
        pick_answer="pass_on",
        threes_pick=True,
        master_ace="joker_mode",
        master_ace_cancel="name",
        joker_names="suit",
        joker_mode_three_value=30,
        joker_mode_master_ace_value=60,
    ),
    "party": Rules(
        jokers=False,
        cut_limit=30,
        picks_add_up=True,
        two_value=2,
        match_rounds=5,
        opening="card",
        marker="none",
        chopper="any_seven",
        cut_counts="including",
        cut_winner="lowest",
        jack="jump",
        draw_when_fitting=True,
        after_draw="drawn_or_pass",
        pass_without_draw=True,
        pick_answer="pass_on",
        master_ace="never",
        calls="matatu",
        catch_penalty=4,
    ),
}
_INTERNED.update((rules, rules) for rules in PRESETS.values())

PRESET_TITLES = {
    "house": "How Matatu is played here (house rules)",
    "uganda": "Uganda Classic",
    "bomb": "The deck and the deal (54-card app ruleset)",
    "party": "One-page table handout",
}


def with_switches(base: Rules, overrides: dict[str, Any]) -> Rules:
    """``base`` with switches changed by name; unknown names and bad values get a sentence.

    >>> with_switches(PRESETS["uganda"], {"jokers": True}).threes_are_picks
    True
    """
    unknown = [name for name in overrides if name not in SWITCH_NAMES]
    if unknown:
        raise RulesError(f"'{unknown[0]}' is not a switch: the switches are {', '.join(SWITCH_NAMES)}.")
    return replace(base, **overrides)


def parse_switch_value(name: str, text: str) -> Any:
    """Read a switch value written on the command line (``true``, ``25``, ``null``, ``reverse``)."""
    if name not in SWITCH_NAMES:
        raise RulesError(f"'{name}' is not a switch: the switches are {', '.join(SWITCH_NAMES)}.")
    lowered = text.strip().lower()
    if _FIELD_TYPES[name] == "bool":
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise RulesError(f"{name} must be true or false, not '{text}'.")
    if name in CHOICES:
        return lowered
    if lowered in ("null", "none") and name in OPTIONAL_NUMBERS:
        return None
    try:
        return int(lowered)
    except ValueError:
        raise RulesError(f"{name} must be a whole number, not '{text}'.") from None
