"""Lessons as data: fixed positions and actions in the scenario format, with words.

A lesson file (``matatu_learn/teaching/lesson_data/*.json``) has topics; each topic has,
for every ruleset it applies to, a list of steps. A step is a scenario (``rules``,
``position``, ``actions``) plus ``text``. ``lesson_frames`` plays a step's actions
on the engine and returns what to show before and after each one.

>>> frames = step_frames({"text": "An 8 jumps.", "rules": "bomb",
...     "position": {"hands": ["8♣ K♣", "K♥", "Q♥"], "pile": "9♣"}, "actions": ["play 8♣"]})
>>> [str(frame.action) for frame in frames], frames[1].effects
(['None', 'play 8♣'], ('Seat 1 is jumped.',))
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from ..engine.cards import DECK, RANK_OF, SUIT_OF, SUIT_SYMBOLS, SUITS, make_card
from ..engine.errors import ScenarioError
from ..engine.frames import Frame, play_frames
from ..engine.round import Round
from ..engine.rules import Rules
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


def step_frames(step: dict[str, Any]) -> list[Frame]:
    """The starting position of a step, then one frame after each of its actions."""
    rules = read_rules(step["rules"])
    return play_frames(read_position(rules, step["position"]), step.get("actions", []), step.get("text", ""))


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


def position_for_seat_zero(rules: Rules, seed: int, players: int = 3) -> Round:
    """A mid-round position where seat 0 is to move with no pick pending: a deal, then a few moves."""
    for attempt in range(50):
        game = Round(rules, players, seed * 101 + attempt)
        chooser = random.Random(seed + attempt)
        for _ in range(chooser.randrange(0, 9)):
            if game.over:
                break
            legal = game.legal_actions()
            plays = [action for action in legal if action.kind == "play"]
            game.apply(chooser.choice(plays or legal))
        while not game.over and (game.to_move != 0 or game.pending or game.has_drawn or game.owed[0]):
            legal = game.legal_actions()
            plays = [action for action in legal if action.kind == "play"]
            game.apply(chooser.choice(plays or legal))
        if not game.over:
            return game
    return Round(rules, players, seed)


def cut_position(rules: Rules, hand: list, marker_suit: int | None) -> Round:
    """Seat 0 holds ``hand`` and a pile card that every chopper in it fits; only the weight decides."""
    used = set(hand)
    marker = None
    if rules.marker != "none":
        marker = next(
            (
                make_card(rank, marker_suit)
                for rank in (3, 4, 5, 6, 9, 10, 12, 13)
                if make_card(rank, marker_suit) not in used
            ),
            None,
        )
        if marker is None:
            raise ScenarioError(
                f"The hand holds every card that could show the marker's suit {SUIT_SYMBOLS[marker_suit]}: "
                "hold fewer cards of that suit."
            )
        used.add(marker)
    # A seven on the pile lets every seven fit by rank; with all four in hand, any card of their suit does.
    pile = next((make_card(7, suit) for suit in SUITS if make_card(7, suit) not in used), None)
    if pile is None:
        pile = next((card for card in DECK[:52] if card not in used and SUIT_OF[card] == SUIT_OF[hand[0]]), None)
    if pile is None:
        raise ScenarioError("The hand leaves no card to put on the pile: hold fewer cards.")
    other = [card for card in DECK[:52] if card not in used and card != pile and RANK_OF[card] in (9, 10)][:1]
    return Round.from_position(rules, [hand, other], pile=[pile], stock=[], marker=marker)
