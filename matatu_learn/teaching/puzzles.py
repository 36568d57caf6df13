""" "Can you cut?" puzzles: generated from a seed, verified by the engine, explained in words.

A puzzle is a scenario-format position (the player to move is the one asked), a
question, the engine's answer, and an explanation built from the rules.

>>> puzzle = generate_puzzle("house", "easy", seed=42, index=0)
>>> puzzle.question in QUESTIONS and puzzle.answer == answer_for(puzzle.game(), puzzle.question)
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.cards import (
    ACE,
    CARD_NAMES,
    DECK,
    RANK_OF,
    SPADES,
    SUIT_OF,
    SUIT_SYMBOLS,
    SUITS,
    make_card,
    parse_card,
)
from ..engine.errors import MatatuError, ScenarioError
from ..engine.round import Round
from ..engine.rules import PRESET_IDS, Chopper, CutCounts, Marker, Rules
from ..engine.rules_text import cut_limit_sentence, marker_name, rules_sections
from ..engine.rulings import Rule
from ..store.registry import Registry
from .files import FileProblem, parse_json, read_text
from .scenarios import read_position, read_rules
from .voice import SUIT_WORDS, Voice, card_name, card_words, changes_words, chopper_words, listed, ruleset_words

QUESTIONS = ("can_cut", "which_card", "hand_value", "who_wins")
LEVELS = ("easy", "medium", "hard")
QUESTION_TEXT = {
    "can_cut": "Can you cut?",
    "which_card": "Which of your cards can cut? (Choose none if no card can.)",
    "hand_value": "What is your whole hand worth, every card counted?",
    "who_wins": "You cut now. Who wins the round?",
}
# Why a cut is refused, as named in a can_cut puzzle's "rule".
RULE_WORDS = {
    "too_heavy": "too heavy",
    "does_not_fit": "the chopper does not fit the pile",
    "pick_pending": "a pick is pending",
    "wrong_seven": "that seven is not the chopper",
    "no_seven": "there is no seven in your hand",
    "call_owed": "a call is owed",
}


@dataclass(frozen=True)
class Puzzle:
    rules: Any  # a scenario's "rules" field: a ruleset name or an object with "preset" and switches
    position: dict
    question: str
    answer: dict
    explanation: str
    level: str = "custom"
    hint: str = ""
    rule: str | None = None  # can_cut: why the answer is no (see RULE_WORDS)

    def game(self) -> Round:
        return read_position(read_rules(self.rules), self.position)

    def to_json(self) -> dict[str, Any]:
        data = {
            "rules": self.rules,
            "position": self.position,
            "question": self.question,
            "answer": self.answer,
            "explanation": self.explanation,
            "level": self.level,
            "hint": self.hint,
        }
        if self.question == "can_cut":
            data["rule"] = self.rule
        return data


# --------------------------------------------------------------- answers
def cutting_cards(game: Round) -> list[str]:
    return sorted(CARD_NAMES[action.card] for action in game.legal_actions() if action.kind == "cut")


def refusal_rule(game: Round) -> str | None:
    """Which rule stops the player to move from cutting (None: they can cut)."""
    if cutting_cards(game):
        return None
    hand = game.hands[game.to_move]
    sevens = [card for card in hand if RANK_OF[card] == 7]
    if not sevens:
        return "no_seven"
    choppers = [card for card in sevens if game.is_chopper(card)]
    if not choppers:
        return "wrong_seven"
    if game.owed[game.to_move] is not None and game.rules.owed_call_blocks:
        return "call_owed"
    if game.pending:
        return "pick_pending"
    if not any(game.fits(card) for card in choppers):
        return "does_not_fit"
    return "too_heavy"


def answer_for(game: Round, question: str) -> dict[str, Any]:
    """The verified answer: read off the engine's legal actions and results.

    For ``who_wins`` the cut is played on ``game`` itself: pass a round that may be used up.
    """
    seat = game.to_move
    cards = cutting_cards(game)
    if question == "can_cut":
        return {"can_cut": bool(cards), "card": cards[0] if cards else None}
    if question == "which_card":
        return {"cards": cards}
    if question == "hand_value":
        return {"value": game.total(seat)}
    if question == "who_wins":
        if not cards:
            raise ScenarioError("question who_wins: the player to move cannot cut in this position.")
        game.apply(f"cut {cards[0]}")
        return {"winners": list(game.result.winners), "points": list(game.result.points)}
    raise ScenarioError(f"question: '{question}' is not a question; choose one of {', '.join(QUESTIONS)}.")


# ----------------------------------------------------------- explanations
# The rulings on a cut whose words say which seven is the chopper.
NAMES_THE_CHOPPER = frozenset({Rule.CUT, Rule.NOT_A_CHOPPER, Rule.NO_CHOPPER_HELD})


def value_breakdown(game: Round, seat: int) -> str:
    hand = game.hands[seat]
    parts = " + ".join(f"{card_name(card)} ({game.value(card)})" for card in hand)
    return f"{parts} = {game.total(seat)}"


def explain_puzzle(game: Round, question: str, answer: dict) -> str:
    """Words for the answer, from the engine and the rules: the total, the limit, the matching rule."""
    seat = game.to_move
    hand = game.hands[seat]
    sentences = []
    if question == "hand_value":
        sentences.append(f"Your hand: {value_breakdown(game, seat)}.")
        return " ".join(sentences)
    voice = Voice(game.players, viewer=seat)
    sevens = [card for card in hand if RANK_OF[card] == 7]
    rulings = [game.ruling(f"cut {CARD_NAMES[card]}") for card in dict.fromkeys(sevens)]
    # Which seven chops is said once: by a ruling that names it, else here.
    if not any(ruling.rule in NAMES_THE_CHOPPER for ruling in rulings):
        sentences.append(f"Here {chopper_words(game)}.")
    sentences.append(cut_limit_sentence(game.rules))
    sentences.append(f"Your hand: {value_breakdown(game, seat)}.")
    sentences += [voice.ruling(ruling) for ruling in rulings]
    if not sevens:
        sentences.append("You hold no seven, so you cannot cut.")
    if question == "who_wins":
        chopper = parse_card(cutting_cards(game)[0])
        after = ", ".join(
            f"{voice.seat(other)} {game.total(other) - (game.value(chopper) if other == seat else 0)}"
            for other in range(game.players)
        )
        sentences.append(f"After the cut with {card_words(chopper)} the hands count: {after}.")
        sentences.append(rules_sections(game.rules)["The chopper"][-1])
        points = ", ".join(f"{voice.seat(other)} {point}" for other, point in enumerate(answer["points"]))
        sentences.append(f"So {voice.winners(answer['winners'])}; the round's points: {points}.")
    return " ".join(sentences)


def hint_for(game: Round, question: str, level: str) -> str:
    """A nudge that speaks of this position — which seven is the chopper here, the limit, the pile — never the answer.

    >>> from matatu_learn.teaching.scenarios import read_position, read_rules
    >>> game = read_position(read_rules("uganda"), {"hands": ["7♦ K♣", "Q♠"], "pile": "4♦", "marker": "3♦"})
    >>> hint_for(game, "can_cut", "easy")
    'The cutter is the 3 of diamonds, so the chopper here is the 7 of diamonds. The limit is 30, the seven counted: add up the whole hand.'
    """
    rules = game.rules
    hand = game.hands[game.to_move]
    values = rules.card_values()
    if question == "hand_value":
        # Name the values of this hand's cards that are not their printed number.
        special = [f"{card_words(card)} is worth {values[card]}" for card in hand if values[card] != RANK_OF[card]]
        return "Add up every card" + (f": here {', '.join(special)}." if special else ": each counts its number.")
    choppers = [card for card in DECK[:52] if RANK_OF[card] == 7 and game.is_chopper(card)]
    if rules.chopper is Chopper.ANY_SEVEN:
        sentences = ["Any seven is a chopper here."]
    else:
        sentences = [
            f"The {marker_name(rules)} is {card_words(game.marker)}, so the chopper here is {card_words(choppers[0])}."
        ]
    if rules.cut_limit is None:
        sentences.append("There is no limit here: what matters is whether the chopper may be laid.")
    elif rules.cut_counts is CutCounts.AFTER:
        sentences.append(f"The limit is {rules.cut_limit}, the chopper not counted: add up the rest.")
    else:
        sentences.append(f"The limit is {rules.cut_limit}, the seven counted: add up the whole hand.")
    if level != "easy" or question == "which_card":
        if game.pending:
            sentences.append(f"Look at the pile too: a pick of {game.pending} is pending.")
        elif game.top is not None:
            in_play = SUIT_WORDS[game.suit_in_play]
            sentences.append(
                f"Look at the pile too: the chopper must fit {card_words(game.top)} with {in_play} in play."
            )
    if question == "who_wins":
        winner = rules_sections(rules)["The chopper"][-1]
        sentences.append(f"Then count every hand after the cut: {winner[0].lower()}{winner[1:]}")
    return " ".join(sentences)


def answer_text(puzzle: Puzzle) -> str:
    """A puzzle's answer in words, as a learner is told it.

    >>> puzzle = read_puzzles('[{"rules": "uganda", "question": "can_cut", "position": '
    ...     '{"hands": ["7♦ K♣ J♥", "K♠ Q♠"], "pile": "4♦", "marker": "3♦"}}]')[0]
    >>> answer_text(puzzle)
    'No — too heavy.'
    """
    answer = puzzle.answer
    if puzzle.question == "can_cut":
        if answer["can_cut"]:
            return f"Yes — cut with {card_words(parse_card(answer['card']))}."
        return f"No — {RULE_WORDS[puzzle.rule]}."
    if puzzle.question == "which_card":
        cards = answer["cards"]
        if not cards:
            return "None of them: no card can cut."
        named = listed([card_words(parse_card(card)) for card in cards])
        return f"{named[0].upper()}{named[1:]} can cut."
    if puzzle.question == "hand_value":
        return f"Your hand is worth {answer['value']}."
    game = puzzle.game()
    voice = Voice(game.players, viewer=game.to_move)
    points = ", ".join(f"{voice.seat(seat)} {point}" for seat, point in enumerate(answer["points"]))
    return f"{voice.winners(answer['winners'])}; the points: {points}."


def added_switches(puzzle: Puzzle) -> str:
    """What a puzzle adds to its ruleset, said at its top ("" when it plays the ruleset as it is).

    >>> puzzle = read_puzzles('[{"rules": {"preset": "house", "jokers": true}, "question": "hand_value", '
    ...     '"position": {"hands": ["RJ K♣", "Q♠"], "pile": "4♦", "marker": "3♦"}}]')[0]
    >>> added_switches(puzzle)
    'This puzzle adds to House rules: joker mode.'
    >>> added_switches(generate_puzzle("house", "hard", 1, 0))
    ''
    """
    if not isinstance(puzzle.rules, dict):
        return ""
    base = {key: puzzle.rules[key] for key in ("preset", "version") if key in puzzle.rules}
    changes = changes_words(read_rules(base), read_rules(puzzle.rules))
    return f"This puzzle adds to {ruleset_words(base.get('preset', ''))}: {changes}." if changes else ""


# --------------------------------------------------------------- generating
def _ruleset_field(preset: str, version: int) -> Any:
    """The ``rules`` of a puzzle: the preset as published, or a table's own ruleset at the version
    the set was made from. A generated puzzle adds no switch: house rules' puzzles deal house
    rules' deck, at every level."""
    if preset not in PRESET_IDS:
        return {"preset": preset, "version": version}
    return preset


def _build(rules: Rules, level: str, question: str, rng: random.Random) -> dict[str, Any]:
    deck = list(rules.deck())
    rng.shuffle(deck)
    values = rules.card_values()
    taken: set = set()

    def take(predicate=lambda card: True):
        for card in deck:
            if card not in taken and predicate(card):
                taken.add(card)
                return card
        raise MatatuError("no card left")

    position: dict[str, Any] = {}
    marker = None
    if rules.marker is not Marker.NONE:
        marker = take(lambda card: not card.is_joker and RANK_OF[card] != 7)
        position["marker"] = CARD_NAMES[marker]
        chopper = make_card(7, SUIT_OF[marker])
    else:
        chopper = make_card(7, rng.choice(SUITS))
    taken.add(chopper)
    hand = [chopper]
    if question == "can_cut" and rng.random() < (0.15 if level == "easy" else 0.25):
        hand = [take(lambda card: RANK_OF[card] == 7)] if rules.marker is not Marker.NONE else []
        if not hand:
            taken.discard(chopper)
    if level == "hard" and rules.chopper is Chopper.ANY_SEVEN and rng.random() < 0.5:
        hand.append(take(lambda card: RANK_OF[card] == 7))
    extras = {"easy": (1, 3), "medium": (2, 4), "hard": (2, 5)}[level]
    ordinary = (
        (lambda card: not card.is_joker and RANK_OF[card] != 7)
        if level != "hard"
        else (lambda card: RANK_OF[card] != 7)
    )
    limit = rules.cut_limit
    if level == "medium" and limit is not None and hand and rng.random() < 0.6:
        # Aim at exactly the limit, or one over.
        target = limit + rng.choice((0, 1))
        counted = [card for card in hand if not (rules.cut_counts is CutCounts.AFTER and card == chopper)]
        weight = sum(values[card] for card in counted)
        for _ in range(6):
            need = target - weight
            if need <= 0:
                break
            exact = [
                card
                for card in deck
                if card not in taken and not card.is_joker and RANK_OF[card] != 7 and values[card] == need
            ]
            card = (
                exact[0]
                if exact
                else take(lambda c, need=need: not c.is_joker and RANK_OF[c] != 7 and values[c] < need)
            )
            taken.add(card)
            hand.append(card)
            weight += values[card]
    else:
        for _ in range(rng.randint(*extras)):
            hand.append(take(ordinary))
    if level == "hard" and rules.master_ace_cancels and rng.random() < 0.3 and make_card(ACE, SPADES) not in taken:
        taken.add(make_card(ACE, SPADES))
        hand.append(make_card(ACE, SPADES))
    rng.shuffle(hand)
    # The pile: usually the chopper's suit; sometimes another suit, a named suit, or a pending pick.
    suit = SUIT_OF[chopper]
    roll = rng.random()
    if level == "hard" and roll < 0.25:
        top = take(lambda card: not card.is_joker and RANK_OF[card] == 2)
        position["pending"] = 2
    elif level != "easy" and roll < 0.5:
        top = take(lambda card: not card.is_joker and RANK_OF[card] == ACE and card != make_card(ACE, SPADES))
        position["suit"] = SUIT_SYMBOLS[suit if rng.random() < 0.6 else rng.choice(SUITS)]
    elif level != "easy" and roll < 0.7:
        top = take(lambda card: not card.is_joker and SUIT_OF[card] != suit and RANK_OF[card] not in (2, 7, ACE, 8, 11))
    else:
        top = take(
            lambda card: not card.is_joker and SUIT_OF[card] == suit and RANK_OF[card] not in (2, 3, 7, ACE, 8, 11)
        )
    under = take(lambda card: not card.is_joker and RANK_OF[card] not in (2, 3))
    players = 2 if level == "easy" else rng.randint(2, 3 if level == "medium" else 4)
    hands = [hand]
    for _ in range(players - 1):
        size = rng.randint(1, 4)
        hands.append([take(lambda card: not card.is_joker and RANK_OF[card] != 7) for _ in range(size)])
    position["hands"] = [" ".join(CARD_NAMES[card] for card in cards) for cards in hands]
    position["pile"] = f"{CARD_NAMES[under]} {CARD_NAMES[top]}"
    return {key: position[key] for key in ("hands", "pile", "marker", "suit", "pending") if key in position}


def _worth_asking(game: Round, question: str, level: str, answer: dict, want_yes: bool) -> bool:
    cards = cutting_cards(game)
    if question == "can_cut":
        return len(cards) <= 1 and answer["can_cut"] == want_yes
    if question == "who_wins":
        return len(cards) == 1 and (level != "easy" or len(answer["winners"]) == 1)
    if question == "which_card":
        return level == "hard" or len(cards) <= 1
    return True


def generate_puzzle(preset: str, level: str, seed: int, index: int, question: str | None = None) -> Puzzle:
    """Puzzle number ``index`` of set ``seed``: the same numbers give the same puzzle.

    ``preset`` is any published ruleset: a table's own rules are drilled at their latest version.
    """
    version = 1 if preset in PRESET_IDS else Registry().ruleset(preset).version
    if level not in LEVELS:
        raise MatatuError(f"'{level}' is not a level: choose one of {', '.join(LEVELS)}.")
    rng = random.Random(f"{preset}/{level}/{seed}/{index}")
    wanted = question or QUESTIONS[index % len(QUESTIONS)]
    want_yes = rng.random() < 0.5  # can_cut: as many yes as no
    field = _ruleset_field(preset, version)
    rules = read_rules(field)
    for _ in range(400):
        try:
            position = _build(rules, level, wanted, rng)
            game = read_position(rules, position)
            answer = answer_for(read_position(rules, position), wanted)
        except MatatuError:
            continue
        if not _worth_asking(game, wanted, level, answer, want_yes):
            continue
        return Puzzle(
            field,
            position,
            wanted,
            answer,
            explain_puzzle(game, wanted, answer),
            level,
            hint_for(game, wanted, level),
            refusal_rule(game) if wanted == "can_cut" else None,
        )
    raise MatatuError(f"No {level} {wanted} puzzle could be made for {preset} from seed {seed}.")


def puzzle_set(preset: str, level: str, count: int, seed: int) -> list[Puzzle]:
    """A seeded set: the same ruleset, level, count and seed give the same puzzles (set 42 for the whole class)."""
    return [generate_puzzle(preset, level, seed, index) for index in range(count)]


# ------------------------------------------------------------ hand-written
def load_puzzles(path: str | Path) -> list[Puzzle]:
    """A teacher's puzzles from a JSON file (see ``read_puzzles``)."""
    path = Path(path)
    try:
        text = read_text(path)
    except FileNotFoundError:
        raise ScenarioError(f"{path}: no such file.") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a text file in UTF-8.") from None
    except OSError as error:
        raise ScenarioError(f"{path}: cannot be read ({error.strerror}).") from None
    return read_puzzles(text, str(path))


def read_puzzles(text: str, source: str = "puzzles") -> list[Puzzle]:
    """A teacher's puzzles: a JSON list of scenario-format positions, each with a question.

    Answers are computed by the engine; an answer written in the file must agree with it.
    Any problem is one sentence naming the puzzle and the field.
    """
    try:
        data = parse_json(text, source)
    except FileProblem as problem:
        raise ScenarioError(str(problem)) from None
    except json.JSONDecodeError as error:
        raise ScenarioError(
            f"{source}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})."
        ) from None
    items = data if isinstance(data, list) else [data]
    if not items:
        raise ScenarioError(f"{source}: the file holds no puzzles.")
    puzzles = []
    for index, item in enumerate(items):
        where = f"{source}: puzzle {index + 1}"
        if not isinstance(item, dict):
            raise ScenarioError(f"{where}: expected an object with rules, position and question.")
        for field in ("rules", "position", "question"):
            if field not in item:
                raise ScenarioError(f"{where}: {field} is required.")
        try:
            rules = read_rules(item["rules"])
            game = read_position(rules, item["position"])
            answer = answer_for(read_position(rules, item["position"]), item["question"])
        except ScenarioError as error:
            raise ScenarioError(f"{where}: {error}") from None
        if "answer" in item and item["answer"] != answer:
            raise ScenarioError(
                f"{where}: answer {json.dumps(item['answer'], ensure_ascii=False)} disagrees with the "
                f"rules, which give {json.dumps(answer, ensure_ascii=False)}."
            )
        puzzles.append(
            Puzzle(
                item["rules"],
                item["position"],
                item["question"],
                answer,
                item.get("explanation") or explain_puzzle(game, item["question"], answer),
                str(item.get("level", "custom")),
                item.get("hint") or hint_for(game, item["question"], "medium"),
                refusal_rule(game) if item["question"] == "can_cut" else None,
            )
        )
    return puzzles


__all__ = [
    "Puzzle",
    "QUESTIONS",
    "LEVELS",
    "generate_puzzle",
    "puzzle_set",
    "load_puzzles",
    "read_puzzles",
    "answer_for",
    "refusal_rule",
    "cutting_cards",
    "answer_text",
    "hint_for",
    "added_switches",
]
