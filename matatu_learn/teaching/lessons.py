"""Lessons as data: fixed positions and actions in the scenario format, with words.

A lesson file (``matatu_learn/teaching/lesson_data/*.json``) has topics; each topic has,
for every ruleset it applies to, a list of steps. A step is a scenario (``rules``,
``position``, ``actions``) plus ``text``. ``lesson_frames`` plays a step's actions
on the engine and returns what to show before and after each one.

>>> frames = step_frames({"text": "An 8 jumps.", "rules": "bomb",
...     "position": {"hands": ["8♣ K♣", "K♥", "Q♥"], "pile": "9♣"}, "actions": ["play 8♣"]})
>>> [str(frame.action) for frame in frames], Voice(3).tell(frames[1].events)
(['None', 'play 8♣'], ['South plays the 8 of clubs.', 'West is jumped.'])
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from ..engine.cards import CARD_NAMES, DECK, RANK_OF, SUIT_OF, SUIT_SYMBOLS, SUITS, make_card
from ..engine.errors import MatatuError, ScenarioError
from ..engine.frames import Frame, play_frames
from ..engine.round import Round
from ..engine.rules import Marker, Rules
from ..engine.rules_text import cut_limit_sentence, deck_sentence, marker_name, marker_sentence, rules_sections
from .pages import PageKind, page, path
from .puzzles import generate_puzzle
from .scenarios import read_position, read_rules
from .voice import (
    RANK_WORDS,
    SUIT_WORDS,
    Voice,
    answers_words,
    card_name,
    card_words,
    chopper_words,
    count,
    listed,
    ruleset_words,
)

LESSON_DATA = Path(__file__).parent / "lesson_data"

# The rulesets a learner can pick: each preset, and its other mode where it has one, named as
# people say them (the keys stay the same in addresses, files and code).
RULESET_CHOICES: dict[str, tuple[str, str, dict]] = {
    "house": (ruleset_words("house"), "house", {}),
    "house-jokers": (f"{ruleset_words('house')} with jokers", "house", {"jokers": True}),
    "uganda": (ruleset_words("uganda"), "uganda", {}),
    "uganda-jokers": (f"{ruleset_words('uganda')}, joker mode", "uganda", {"jokers": True}),
    "bomb": (ruleset_words("bomb"), "bomb", {}),
    "bomb-classic": (f"{ruleset_words('bomb')}, classic 52 cards", "bomb", {"jokers": False}),
    "party": (ruleset_words("party"), "party", {}),
}


def ruleset_name(key: str) -> str:
    """A ruleset choice as people say it.

    >>> ruleset_name("house"), ruleset_name("uganda-jokers"), ruleset_name("bomb-classic")
    ('House rules', 'Uganda Classic, joker mode', '54-card app rules, classic 52 cards')
    """
    return RULESET_CHOICES[key][0]


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

    A ruleset's entry is a list of steps or ``{"same_as": OTHER}`` (the other choice's steps,
    played under this choice's rules); a ruleset without an entry has nothing of the topic.
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


def lesson_topics(lesson: str, ruleset: str) -> list[tuple[str, str]]:
    """The topics of a lesson that a ruleset choice has, as (title, key), in the lesson's order.

    >>> [key for _, key in lesson_topics("special_cards", "house")]
    ['twos', 'jumps', 'aces', 'master_ace']
    """
    topics = load_lesson(lesson)["topics"]
    return [(data["title"], key) for key, data in topics.items() if topic_steps(lesson, key, ruleset)[0]]


def topic_transcript(lesson: str, topic: str, ruleset: str) -> list[str]:
    """A topic as sentences: each step's text, then each move with its effects, as the table tells them."""
    steps, why_not = topic_steps(lesson, topic, ruleset)
    if not steps:
        return [why_not]
    lines = []
    for step in steps:
        frames = step_frames(step)
        voice = Voice(frames[0].game.players)
        for frame in frames:
            if frame.action is None:
                lines.append(frame.text)
                continue
            sentences = voice.tell(frame.events)
            if frame.game.over:
                sentences.append(voice.result(frame.game.result))
            lines.append(" ".join(sentences))
    return lines


def cut_position(rules: Rules, hand: list, marker_suit: int | None) -> Round:
    """Seat 0 holds ``hand`` and a pile card that every chopper in it fits; only the weight decides."""
    used = set(hand)
    marker = None
    if rules.marker is not Marker.NONE:
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


def deal_facts(game: Round) -> list[str]:
    """What one deal put where, in words (the table beside them shows the marker and the chopper;
    the rules of the deal are the rules text's).

    >>> deal_facts(Round(ruleset_rules("house"), 3, 1))
    ['3 hands of 7 cards.', 'The stock holds 30 cards, face down.', 'The opening card is the 9 of spades.']
    """
    return [
        f"{len(game.hands)} hands of {count(game.rules.hand_size)}.",
        f"The stock holds {count(len(game.stock))}, face down.",
        "The table is bare." if game.top is None else f"The opening card is {card_words(game.top)}.",
    ]


# ----------------------------------------------------------------- the path
# The learner's path, in order: (page id, title) of each lesson (``teaching.pages``). A first game
# with a coach follows the last lesson.
LESSON_PATH = tuple((entry.id, entry.title) for entry in path() if entry.kind is not PageKind.GAME)
FIRST_GAME = next((entry.id, entry.title) for entry in path() if entry.kind is PageKind.GAME)
HOME_PAGE = page("home").id
GLOSSARY_PAGE = page("glossary").id

# The path's own words: its links, and what the foot of a lesson says before its practice is done.
PATH_WORDS = {
    "where": "Lesson {number} of {total}",
    "previous": "← Previous: {title}",
    "lessons": "All lessons",
    "glossary": "Glossary",
    "ruleset": "Your ruleset",
    "next": "Next lesson: {title} →",
    "last": "{title} →",
    "practise first": "Answer a practice question right at the first try, and the way on opens here.",
    "try another": "Press “Another one” for a new question: a right first answer opens the way on.",
    "skip": "Skip ahead: {title} →",
    "start": "Start lesson 1: {title} →",
    "go on": "Go on: lesson {number}, {title} →",
    "learning as": "Learning as {name}",
    "learn with": "Learn with",
    "advice": (
        "New to Matatu? Start with {name}: {reason}. You can change the ruleset here or at the top of any "
        "lesson, and it follows you from page to page."
    ),
    "first game": "After the lessons: {title} →",
}

# The ruleset for a first game: no calls to remember, a 2 never grows, no jokers, and you may
# always draw or pass; the same one the lessons open on.
RECOMMENDED_RULESET = "house"
RECOMMENDED_REASON = (
    "no calls to remember, a 2 never grows past two cards, no jokers in the deck, "
    "and you may always draw or pass instead of playing"
)


def lesson_number(page: str) -> int:
    """Where a page stands on the path, from 1.

    >>> lesson_number("matching-and-turns"), len(LESSON_PATH)
    (2, 6)
    """
    pages = [name for name, _ in LESSON_PATH]
    if page not in pages:
        raise ScenarioError(f"'{page}' is not a lesson; the lessons are {', '.join(pages)}.")
    return pages.index(page) + 1


def ruleset_from_query(query: str) -> tuple[str, str]:
    """The ruleset a page's address carries (``rules=uganda``), and a sentence when it names none we know.

    >>> ruleset_from_query("rules=uganda-jokers"), ruleset_from_query("")
    (('uganda-jokers', ''), ('house', ''))
    >>> ruleset_from_query("rules=chess")[1]
    "The address asks for the ruleset 'chess', which these lessons do not know; they use House rules. Known: house, house-jokers, uganda, uganda-jokers, bomb, bomb-classic, party."
    """
    asked = parse_qs(query or "").get("rules", [""])[-1].strip()
    if not asked:
        return RECOMMENDED_RULESET, ""
    if asked in RULESET_CHOICES:
        return asked, ""
    return RECOMMENDED_RULESET, (
        f"The address asks for the ruleset '{asked}', which these lessons do not know; they use "
        f"{ruleset_name(RECOMMENDED_RULESET)}. Known: {', '.join(RULESET_CHOICES)}."
    )


def _section_line(rules: Rules, section: str, start: str = "") -> str | None:
    return next((line for line in rules_sections(rules).get(section, []) if line.startswith(start)), None)


# Where the engine has its own words for a term, under a ruleset: the rules text's sentence.
ENGINE_WORDS = {
    "chopper": lambda rules: _section_line(rules, "The chopper"),
    "cut limit": cut_limit_sentence,
    "marker": lambda rules: marker_sentence(rules) or _section_line(rules, "The chopper"),
    "deck": deck_sentence,
    "fit": lambda rules: _section_line(rules, "A turn"),
    "pick": lambda rules: _section_line(rules, "Special cards", "Picks"),
    "calls": lambda rules: _section_line(rules, "Calls") or "These rules have no calls.",
}


def load_glossary(rules: Rules | None = None) -> list[dict[str, str]]:
    """The glossary's terms in alphabetical order, each with its definition and, given a ruleset,
    the sentence its rules text says about the term (``ruleset_words``) where it has one."""
    terms = json.loads((LESSON_DATA / "glossary.json").read_text(encoding="utf-8"))["terms"]
    entries = []
    for entry in sorted(terms, key=lambda entry: entry["term"].lower()):
        words = ENGINE_WORDS[entry["engine"]](rules) if rules is not None and "engine" in entry else None
        entries.append({"term": entry["term"], "definition": entry["definition"], "ruleset_words": words or ""})
    return entries


# ------------------------------------------------------------ practice tasks
# Ranks with no effect under every preset: lesson 2 teaches matching before any special card.
ORDINARY_RANKS = (4, 5, 6, 9, 10, 12, 13)


def ordinary_position(rules: Rules, seed: int, players: int = 3, hand_size: int = 5) -> Round:
    """A deal of ordinary cards only (no 2, 3, 7, 8, Jack, Ace or joker), seat 0 to move,
    holding at least one card that fits and one that does not."""
    ordinary = [card for card in DECK[:52] if RANK_OF[card] in ORDINARY_RANKS]
    chooser = random.Random(f"ordinary/{seed}")
    # The base card or cutter is a seven of another suit, so none of the lesson's cards is special.
    while True:
        chooser.shuffle(ordinary)
        hands = [ordinary[seat * hand_size : (seat + 1) * hand_size] for seat in range(players)]
        top = ordinary[players * hand_size]
        rest = ordinary[players * hand_size + 1 :]
        fits = [RANK_OF[card] == RANK_OF[top] or SUIT_OF[card] == SUIT_OF[top] for card in hands[0]]
        if any(fits) and not all(fits):
            break
    marker = make_card(3, SUIT_OF[top]) if rules.marker is not Marker.NONE else None
    return Round.from_position(rules, hands, pile=[top], stock=rest, marker=marker)


@dataclass(frozen=True)
class Question:
    """One practice question: what to ask, the position to show, the choices and which are right.

    ``viewer`` is the seat the table is shown to (None: every hand face up); ``choices`` are
    (label, key) pairs; ``right`` holds the keys the engine accepts; ``explanation`` says why;
    ``why_not`` says, for a wrong choice, what is wrong with it.
    ``marker_only``: show the marker card alone, since the table's words would give the answer.
    """

    prompt: str
    game: Round
    viewer: int | None
    choices: tuple[tuple[str, str], ...]
    right: frozenset[str]
    explanation: str
    marker_only: bool = False
    names: tuple[str, ...] = ()  # the seats' names, where the question uses them
    why_not: dict[str, str] = field(default_factory=dict)

    def answer_words(self) -> str:
        """The right answers as the choices name them."""
        return " or ".join(label for label, key in self.choices if key in self.right)

    def verdict(self, chosen: str) -> str:
        """What an answer earns, in words: right, or the choice (quoted: a choice may itself say
        "no") and the right answer."""
        label = dict((key, label) for label, key in self.choices)[chosen]
        if chosen in self.right:
            return f"✔ Right: {label}."
        return f"✘ You chose “{label}”. The answer: {self.answer_words()}."

    def reasons(self, chosen: str) -> str:
        """Why, after the verdict, said once: what is wrong with a wrong choice where the question
        knows it (it quotes the rule), else why the answer is right."""
        if chosen not in self.right and self.why_not.get(chosen):
            return self.why_not[chosen]
        return self.explanation


def _preset(ruleset: str) -> str:
    return RULESET_CHOICES[ruleset][1]


def _sentence(words: str) -> str:
    return words[0].upper() + words[1:]


def marker_caption(rules: Rules) -> str:
    """What a lone marker card is called above it, or that these rules turn none up.

    >>> from matatu_learn.engine.rules import PRESETS
    >>> marker_caption(PRESETS["house"]), marker_caption(PRESETS["party"])
    ('The base card:', 'These rules turn up no marker card.')
    """
    name = marker_name(rules)
    return "These rules turn up no marker card." if name is None else f"The {name}:"


def chopper_question(ruleset: str, seed: int) -> Question:
    """Lesson 1: which seven is the chopper in this deal?"""
    # Other deals than the lesson's deal explorer shows (it starts on seed 1).
    rules = ruleset_rules(ruleset)
    game = Round(rules, 3, 1000 + seed)
    sevens = [make_card(7, suit) for suit in SUITS]
    choppers = {CARD_NAMES[card] for card in sevens if game.is_chopper(card)}
    any_seven = len(choppers) == len(sevens)
    right = frozenset({"any"} if any_seven else choppers)
    choices = tuple((card_name(card), CARD_NAMES[card]) for card in sevens)
    if rules.marker is Marker.NONE:
        # Only where no card marks a suit is "any seven" worth offering.
        choices += (("any seven", "any"),)
    why_not = {}
    for card in sevens:
        if any_seven:
            why_not[CARD_NAMES[card]] = (
                f"{_sentence(card_words(card))} chops, but it is not the only one: {chopper_words(game)}."
            )
        elif CARD_NAMES[card] not in choppers:
            why_not[CARD_NAMES[card]] = (
                f"{_sentence(card_words(card))} is an ordinary card in this deal: "
                f"its suit is not the {marker_name(rules)}'s suit ({SUIT_WORDS[SUIT_OF[game.marker]]})."
            )
    return Question(
        "A new deal: which seven is the chopper?",
        game,
        None,
        choices,
        right,
        f"Here {chopper_words(game)}.",
        marker_only=True,
        why_not=why_not,
    )


def fit_question(ruleset: str, seed: int) -> Question:
    """Lesson 2: play a card that fits (ordinary cards only)."""
    # Other positions than the lesson's practice table deals (it starts on seed 1).
    game = ordinary_position(ruleset_rules(ruleset), 1000 + seed)
    hand = game.hands[0]
    playable = {CARD_NAMES[action.card] for action in game.legal_actions() if action.card is not None}
    top = game.pile[-1]
    voice = Voice(game.players, viewer=0)
    return Question(
        "It is your turn: choose a card of your hand that fits the pile.",
        game,
        0,
        tuple((card_name(card), CARD_NAMES[card]) for card in hand),
        frozenset(playable),
        f"The top card is {card_words(top)}: a card fits when it is one of the {SUIT_WORDS[SUIT_OF[top]]} "
        f"or another {RANK_WORDS[RANK_OF[top]]}.",
        why_not={
            CARD_NAMES[card]: voice.explain(game, f"play {CARD_NAMES[card]}")
            for card in hand
            if CARD_NAMES[card] not in playable
        },
    )


def pick_question(ruleset: str, seed: int) -> Question:
    """Lesson 3: a 2 was played on you; which card of your hand answers it, if any?"""
    rules = ruleset_rules(ruleset)
    chooser = random.Random(f"pick/{ruleset}/{seed}")
    two = make_card(2, chooser.choice(SUITS))
    plain = [card for card in DECK[:52] if RANK_OF[card] in ORDINARY_RANKS + (2, 8, 11)]
    chooser.shuffle(plain)
    plain = [card for card in plain if card != two]
    hand = plain[:4]
    if chooser.random() < 0.6 and not any(RANK_OF[card] == 2 for card in hand):
        hand[0] = next(card for card in plain[4:] if RANK_OF[card] == 2)
    rest = [card for card in plain[4:] if card not in hand]
    under = next(card for card in rest if RANK_OF[card] != 2 and SUIT_OF[card] == SUIT_OF[two])
    other = [card for card in rest if card != under][:4]
    marker = make_card(3, SUIT_OF[two]) if rules.marker is not Marker.NONE else None
    game = Round.from_position(rules, [hand, other], pile=[under, two], marker=marker, pending=2)
    answers = {action.card for action in game.legal_actions() if action.card is not None}
    voice = Voice(game.players, viewer=0)
    why_not = {
        CARD_NAMES[card]: voice.explain(game, f"play {CARD_NAMES[card]}") for card in hand if card not in answers
    }
    if answers:
        why_not["pick"] = (
            f"You need not pick up: {listed([card_words(card) for card in sorted(answers)], 'or')} answers the pick."
        )
    return Question(
        f"The player before you laid {card_words(two)}: you owe {count(2)}. Which card of your hand answers the pick?",
        game,
        0,
        tuple((card_name(card), CARD_NAMES[card]) for card in hand) + (("I pick up", "pick"),),
        frozenset({CARD_NAMES[card] for card in answers} or {"pick"}),
        f"Only {answers_words(game.pick_answers())} answers a pick"
        + (
            f": {listed([card_words(card) for card in sorted(answers)])} here."
            if answers
            else f"; you hold none of them, so you pick up {count(2)}."
        ),
        why_not=why_not,
    )


def cut_question(ruleset: str, seed: int) -> Question:
    """Lesson 4: is this hand light enough, and may the chopper cut now?"""
    # Other positions than lesson 6's first set (set 1) begins with.
    puzzle = generate_puzzle(_preset(ruleset), "easy", 1000 + seed, 0, "can_cut")
    game = puzzle.game()
    return Question(
        "Can you cut now?",
        game,
        game.to_move,
        (("yes, I can cut", "yes"), ("no, not now", "no")),
        frozenset({"yes" if puzzle.answer["can_cut"] else "no"}),
        puzzle.explanation,
    )


def winner_question(ruleset: str, seed: int) -> Question:
    """Lesson 5: the player to move cuts; who wins the round?"""
    puzzle = generate_puzzle(_preset(ruleset), "easy", 1000 + seed, 0, "who_wins")
    game = puzzle.game()
    voice = Voice(game.players)
    names = voice.names
    finished = game.copy()
    cutter = next(action for action in finished.legal_actions() if action.kind == "cut")
    finished.apply(cutter)
    winners = finished.result.winners
    choices = tuple((name, str(seat)) for seat, name in enumerate(names)) + (("a tie", "tie"),)
    return Question(
        f"{names[game.to_move]} cuts with {card_words(cutter.card)}. Count every hand: who wins?",
        game,
        None,
        choices,
        frozenset({"tie"} if len(winners) > 1 else {str(winners[0])}),
        f"{rules_sections(game.rules)['The chopper'][-1]} {voice.result(finished.result)}",
        names=names,
    )


# Each lesson's practice task; "Can you cut?" is practice from start to end.
PRACTICE = {
    "the-deal": chopper_question,
    "matching-and-turns": fit_question,
    "special-cards": pick_question,
    "chopper-arithmetic": cut_question,
    "scoring": winner_question,
}


def practice_question(page: str, ruleset: str, seed: int) -> Question:
    """A lesson's practice question for a ruleset choice; the same seed gives the same question."""
    if page not in PRACTICE:
        raise MatatuError(f"'{page}' has no practice task; these do: {', '.join(PRACTICE)}.")
    return PRACTICE[page](ruleset, seed)
