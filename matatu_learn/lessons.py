"""Lessons as data: fixed positions and actions in the scenario format, with words.

A lesson file (``matatu_learn/lesson_data/*.json``) has topics; each topic has,
for every ruleset it applies to, a list of steps. A step is a scenario (``rules``,
``position``, ``actions``) plus ``text``. ``lesson_frames`` plays a step's actions
on the engine and returns what to show before and after each one.

>>> frames = step_frames({"text": "An 8 jumps.", "rules": "bomb",
...     "position": {"hands": ["8♣ K♣", "K♥", "Q♥"], "pile": "9♣"}, "actions": ["play 8♣"]})
>>> [frame.action for frame in frames], frames[1].effects
([None, 'play 8♣'], ['Seat 1 is jumped.'])
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .engine import Round
from .errors import ScenarioError
from .explain import describe_event
from .rules import Rules
from .scenarios import read_position, read_rules

LESSON_DATA = Path(__file__).parent / "lesson_data"

# The rulesets a learner can pick: each preset, and its other mode where it has one.
RULESET_CHOICES: dict[str, tuple[str, str, dict]] = {
    "house": ("house", "house", {}),
    "house-jokers": ("house, with jokers", "house", {"jokers": True}),
    "uganda": ("uganda (classic)", "uganda", {}),
    "uganda-jokers": ("uganda, joker mode", "uganda", {"jokers": True}),
    "bomb": ("bomb (joker mode)", "bomb", {}),
    "bomb-classic": ("bomb, classic", "bomb", {"jokers": False}),
    "party": ("party", "party", {}),
}


def ruleset_spec(key: str) -> dict | str:
    """The ``rules`` field of a scenario for one of the choices."""
    _, preset, switches = RULESET_CHOICES[key]
    return {"preset": preset, **switches} if switches else preset


def ruleset_rules(key: str) -> Rules:
    return read_rules(ruleset_spec(key))


@dataclass(frozen=True)
class Frame:
    """One picture of a lesson: the round after ``action`` (None: the starting position)."""

    text: str
    game: Round
    action: str | None
    seat: int | None
    explanation: str
    effects: list[str]


def step_frames(step: dict[str, Any]) -> list[Frame]:
    """The starting position of a step, then one frame after each of its actions."""
    rules = read_rules(step["rules"])
    frames = [Frame(step.get("text", ""), read_position(rules, step["position"]), None, None, "", [])]
    for count, action in enumerate(step.get("actions", []), 1):
        game = read_position(rules, step["position"])
        for earlier in step["actions"][: count - 1]:
            game.apply(earlier)
        seat = game.to_move
        explanation = game.explain(action)
        before = len(game.log)
        game.apply(action)
        effects = [sentence for event in game.log[before:] if (sentence := describe_event(event))]
        frames.append(Frame(step.get("text", ""), game, action, seat, explanation, effects))
    return frames


@cache
def load_lesson(name: str) -> dict[str, Any]:
    """A lesson file by name (``special_cards``, ``scoring``)."""
    path = LESSON_DATA / f"{name}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(f"There is no lesson '{name}'.") from None


def topic_steps(lesson: str, topic: str, ruleset: str) -> tuple[list[dict[str, Any]], str]:
    """The steps of one topic for one ruleset choice, and a sentence when the topic does not apply.

    A ruleset's entry is a list of steps, ``{"same_as": OTHER}`` (the other choice's steps,
    played under this choice's rules) or ``{"text": WHY_NOT}``.
    """
    entries = load_lesson(lesson)["topics"][topic]["rulesets"]
    entry = entries.get(ruleset, {"text": "This topic does not apply to this ruleset."})
    borrowed = False
    while isinstance(entry, dict) and "same_as" in entry:
        entry, borrowed = entries[entry["same_as"]], True
    if isinstance(entry, dict):
        return [], entry["text"]
    if borrowed:
        return [dict(step, rules=ruleset_spec(ruleset)) for step in entry], ""
    return entry, ""


def topic_transcript(lesson: str, topic: str, ruleset: str) -> list[str]:
    """A topic as sentences: each step's text, each move with the engine's explanation and its effects."""
    steps, why_not = topic_steps(lesson, topic, ruleset)
    if not steps:
        return [why_not]
    lines = []
    for step in steps:
        for frame in step_frames(step):
            if frame.action is None:
                lines.append(frame.text)
            else:
                lines.append(f"Seat {frame.seat}: {frame.action}. " + " ".join(frame.effects))
    return lines
