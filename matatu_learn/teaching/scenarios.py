"""Scenario files (SCENARIOS.md): load a position, apply actions, check what follows.

>>> outcome = run_scenario({"name": "bomb: any seven cuts", "rules": "bomb",
...     "position": {"hands": ["7♣ K♠", "2♦"], "pile": "9♣"},
...     "actions": ["cut 7♣"], "expect": {"winners": [0], "totals": [13, 20]}})
>>> outcome.passed, outcome.message
(True, '')
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.actions import parse_action
from ..engine.cards import CARD_NAMES, SUIT_SYMBOLS, parse_card, parse_cards, parse_colour, parse_suit
from ..engine.errors import IllegalActionError, MatatuError, NotationError, ScenarioError
from ..engine.round import Round
from ..engine.rules import PRESET_IDS, Rules, with_switches
from ..store.registry import find_rules
from .files import FileProblem, read_json
from .voice import error_words

POSITION_FIELDS = (
    "hands",
    "pile",
    "stock",
    "marker",
    "to_move",
    "direction",
    "suit",
    "colour",
    "pending",
    "free",
    "drawn",
    "owed_call",
)
EXPECT_FIELDS = (
    "to_move",
    "direction",
    "top",
    "suit",
    "colour",
    "pending",
    "hands",
    "hand_sizes",
    "stock_size",
    "over",
    "reason",
    "winners",
    "totals",
    "points",
    "legal",
)


@dataclass(frozen=True)
class Outcome:
    name: str
    passed: bool
    message: str = ""

    def line(self) -> str:
        return f"ok  {self.name}" if self.passed else f"FAIL  {self.name}: {self.message}"


# ------------------------------------------------------------------ reading
def _field(where: str, reader: Callable[[Any], Any], value: Any) -> Any:
    try:
        return reader(value)
    except MatatuError as error:
        raise ScenarioError(f"{where}: {error}") from None


def _whole_number(where: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{where}: expected a whole number, found {json.dumps(value, ensure_ascii=False)}.")
    return value


def _boolean(where: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: expected true or false, found {json.dumps(value, ensure_ascii=False)}.")
    return value


def _cards(where: str, value: Any) -> list:
    if not isinstance(value, (str, list)):
        raise ScenarioError(
            f"{where}: expected cards as a string or a list, found {json.dumps(value, ensure_ascii=False)}."
        )
    return _field(where, parse_cards, value)


def read_rules(value: Any) -> Rules:
    """The ``rules`` field: a ruleset name, or an object with ``preset``, ``version`` and switches.

    A preset's name without a version means the preset as the package publishes it (its
    version 1), so a scenario file means the same on every machine, whatever next versions
    a table has published there; ``{"preset": "house", "version": 2}`` names a next version.
    """
    if isinstance(value, str):
        return _field("rules", lambda name: find_rules(name, 1 if name in PRESET_IDS else None), value)
    if not isinstance(value, dict):
        raise ScenarioError('rules: expected a ruleset name or an object with "preset".')
    if "preset" not in value or not isinstance(value["preset"], str):
        raise ScenarioError('rules.preset: expected the name of a ruleset, e.g. "house".')
    version = value.get("version")
    if version is not None:
        version = _whole_number("rules.version", version)
    if version is None and value["preset"] in PRESET_IDS:
        version = 1
    base = _field("rules.preset", lambda name: find_rules(name, version), value["preset"])
    overrides = {key: item for key, item in value.items() if key not in ("preset", "version")}
    try:
        return with_switches(base, overrides)
    except (MatatuError, TypeError) as error:
        raise ScenarioError(f"rules: {error}") from None


def read_position(rules: Rules, value: Any, seed: int = 0) -> Round:
    """The ``position`` field, as a round ready to play."""
    if not isinstance(value, dict):
        raise ScenarioError('position: expected an object with at least "hands".')
    unknown = [key for key in value if key not in POSITION_FIELDS]
    if unknown:
        raise ScenarioError(
            f"position.{unknown[0]}: not a position field; the fields are {', '.join(POSITION_FIELDS)}."
        )
    if "hands" not in value or not isinstance(value["hands"], list):
        raise ScenarioError("position.hands: required, a list with one hand per seat.")
    hands = [_cards(f"position.hands[{seat}]", hand) for seat, hand in enumerate(value["hands"])]
    arguments: dict[str, Any] = {"hands": hands, "seed": seed}
    if "pile" in value:
        arguments["pile"] = _cards("position.pile", value["pile"])
    if "stock" in value:
        arguments["stock"] = _cards("position.stock", value["stock"])
    for name, reader in (("marker", parse_card), ("drawn", parse_card), ("suit", parse_suit), ("colour", parse_colour)):
        if value.get(name) is not None:
            arguments[name] = _field(f"position.{name}", reader, value[name])
    for name in ("to_move", "direction", "pending"):
        if name in value:
            arguments[name] = _whole_number(f"position.{name}", value[name])
    if "free" in value:
        arguments["free"] = _boolean("position.free", value["free"])
    owed = value.get("owed_call")
    if owed is not None:
        if not isinstance(owed, dict) or "seat" not in owed or "word" not in owed:
            raise ScenarioError('position.owed_call: expected {"seat": N, "word": "warning", "catchable": true}.')
        seat = _whole_number("position.owed_call.seat", owed["seat"])
        catchable = _boolean("position.owed_call.catchable", owed.get("catchable", True))
        arguments["owed_call"] = (seat, str(owed["word"]).lower(), catchable)
    try:
        return Round.from_position(rules, **arguments)
    except MatatuError as error:
        raise ScenarioError(f"position: {error}") from None


def _action_list(where: str, value: Any) -> list[str]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: expected a list of actions.")
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise ScenarioError(f'{where}[{index}]: expected an action as text, e.g. "play 7♦".')
    return value


def _canonical(where: str, texts: Iterable[str]) -> set[str]:
    result = set()
    for index, text in enumerate(texts):
        try:
            result.add(str(parse_action(text)))
        except NotationError as error:
            raise ScenarioError(f"{where}[{index}]: {error}") from None
    return result


# ----------------------------------------------------------------- checking
def _legal_difference(game: Round, expected: set[str]) -> str:
    actual = {str(action) for action in game.legal_actions()}
    if actual == expected:
        return ""
    missing = sorted(expected - actual)
    extra = sorted(actual - expected)
    parts = []
    if missing:
        parts.append("not legal: " + ", ".join(missing))
    if extra:
        parts.append("also legal: " + ", ".join(extra))
    return "; ".join(parts)


def _expect_differences(game: Round, expect: dict) -> list[str]:
    differences = []
    result = game.result

    def differ(name: str, expected: Any, actual: Any) -> None:
        if expected != actual:
            differences.append(
                f"{name} expected {json.dumps(expected, ensure_ascii=False)}, got {json.dumps(actual, ensure_ascii=False)}"
            )

    for name, wanted in expect.items():
        where = f"expect.{name}"
        if name in ("to_move", "direction", "pending", "stock_size"):
            actual = {
                "to_move": game.to_move,
                "direction": game.direction,
                "pending": game.pending,
                "stock_size": len(game.stock),
            }[name]
            differ(name, _whole_number(where, wanted), actual)
        elif name == "top":
            expected = None if wanted is None else CARD_NAMES[_field(where, parse_card, wanted)]
            differ(name, expected, None if game.top is None else CARD_NAMES[game.top])
        elif name == "suit":
            # null: no suit is named; a suit: the suit in play (named, or the top card's).
            if wanted is None:
                differ(name, None, None if game.named_suit is None else SUIT_SYMBOLS[game.named_suit])
            else:
                expected = SUIT_SYMBOLS[_field(where, parse_suit, wanted)]
                actual = game.suit_in_play
                differ(name, expected, None if actual is None else SUIT_SYMBOLS[actual])
        elif name == "colour":
            differ(name, None if wanted is None else _field(where, parse_colour, wanted), game.colour)
        elif name == "hands":
            if not isinstance(wanted, list):
                raise ScenarioError(f"{where}: expected a list with one hand per seat.")
            expected = [sorted(_cards(f"{where}[{seat}]", hand)) for seat, hand in enumerate(wanted)]
            actual = [sorted(hand) for hand in game.hands]
            if expected != actual:
                differences.append(
                    "hands expected "
                    + " | ".join(" ".join(CARD_NAMES[c] for c in hand) for hand in expected)
                    + ", got "
                    + " | ".join(" ".join(CARD_NAMES[c] for c in hand) for hand in actual)
                )
        elif name in ("hand_sizes", "totals"):
            if not isinstance(wanted, list):
                raise ScenarioError(f"{where}: expected a list of numbers, one per seat.")
            numbers = [_whole_number(f"{where}[{index}]", item) for index, item in enumerate(wanted)]
            actual = [len(hand) for hand in game.hands] if name == "hand_sizes" else list(game.totals())
            differ(name, numbers, actual)
        elif name == "over":
            differ(name, _boolean(where, wanted), game.over)
        elif name in ("reason", "winners", "points"):
            if result is None:
                differences.append(
                    f"{name} expected {json.dumps(wanted, ensure_ascii=False)}, but the round is not over"
                )
                continue
            if name == "reason":
                differ(name, wanted, result.reason)
            elif name == "winners":
                if not isinstance(wanted, list):
                    raise ScenarioError(f"{where}: expected a list of seats.")
                seats = sorted(_whole_number(f"{where}[{index}]", item) for index, item in enumerate(wanted))
                differ(name, seats, sorted(result.winners))
            else:
                if not isinstance(wanted, list):
                    raise ScenarioError(f"{where}: expected a list of numbers, one per seat.")
                differ(
                    name, [_whole_number(f"{where}[{i}]", item) for i, item in enumerate(wanted)], list(result.points)
                )
        elif name == "legal":
            difference = _legal_difference(game, _canonical(where, _action_list(where, wanted)))
            if difference:
                differences.append(f"legal after the actions: {difference}")
        else:
            raise ScenarioError(f"{where}: not an expectation; the fields are {', '.join(EXPECT_FIELDS)}.")
    return differences


def run_scenario(data: Any, fallback_name: str = "scenario") -> Outcome:
    """Check one scenario (already parsed from JSON); never raises on bad content."""
    name = fallback_name
    if isinstance(data, dict) and isinstance(data.get("name"), str):
        name = data["name"]
    try:
        return Outcome(name, *_check(data))
    except ScenarioError as error:
        return Outcome(name, False, f"not a valid scenario: {error}")


def _check(data: Any) -> tuple[bool, str]:
    if not isinstance(data, dict):
        raise ScenarioError("expected a JSON object with rules and position.")
    for required in ("rules", "position"):
        if required not in data:
            raise ScenarioError(f"{required}: required.")
    rules = read_rules(data["rules"])
    position = data["position"]
    game = read_position(rules, position)
    failures: list[str] = []
    if "legal" in data:
        expected = _canonical("legal", _action_list("legal", data["legal"]))
        difference = _legal_difference(game, expected)
        if difference:
            failures.append(f"legal: {difference}")
    for index, text in enumerate(_action_list("refused", data.get("refused", []))):
        before = game.snapshot()
        try:
            game.apply(text)
        except (IllegalActionError, NotationError):  # text that is no action is refused too
            if game.snapshot() != before:
                failures.append(f"refused[{index}] '{text}' changed the position")
                game = read_position(rules, position)
        else:
            failures.append(f"refused[{index}] '{text}' was accepted")
            game = read_position(rules, position)
    for index, text in enumerate(_action_list("actions", data.get("actions", []))):
        try:
            game.apply(text)
        except (IllegalActionError, NotationError) as error:
            failures.append(f"actions[{index}] '{text}' was refused: {error_words(error)}")
            return False, "; ".join(failures)
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        raise ScenarioError("expect: expected an object of checks.")
    failures.extend(_expect_differences(game, expect))
    return not failures, "; ".join(failures)


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The JSON files named, folders searched recursively, in a stable order."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files.extend(sorted(path.rglob("*.json")))
        else:
            files.append(path)
    return files


def check_file(path: Path) -> list[Outcome]:
    """Every scenario in one file; a file that cannot be read is one failed outcome."""
    try:
        data = read_json(path)
    except FileProblem as problem:
        return [Outcome(str(path), False, f"{problem.path} {problem.phrase}")]
    except FileNotFoundError:
        return [Outcome(str(path), False, "no such file")]
    except IsADirectoryError:
        return [Outcome(str(path), False, "is a folder")]
    except UnicodeDecodeError:
        return [Outcome(str(path), False, "not a text file in UTF-8")]
    except json.JSONDecodeError as error:
        return [Outcome(str(path), False, f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})")]
    except OSError as error:
        return [Outcome(str(path), False, f"cannot be read ({error.strerror})")]
    items = data if isinstance(data, list) else [data]
    outcomes = []
    for index, item in enumerate(items):
        fallback = f"{path}" if len(items) == 1 else f"{path}[{index}]"
        outcome = run_scenario(item, fallback)
        if not outcome.passed and outcome.message.startswith("not a valid scenario"):
            outcome = Outcome(outcome.name, False, f"{fallback}: {outcome.message}")
        outcomes.append(outcome)
    return outcomes
