"""A learner's progress in words, and the puzzles' side of it: keys, seed ratings, sets drawn
near a learner's rating, and the mistakes asked again.

**Puzzle keys.** A puzzle is known by its ruleset and a digest of what is asked (its rules,
position and question): the same puzzle has the same key whichever set it came from, and a
changed generator makes new puzzles, never a new meaning for an old key.

**Seed ratings.** The game's computer players cannot seed a "Can you cut?" rating: they are
handed the legal moves, so every one of them would solve every puzzle. A puzzle is rated
instead by which rule of thumb gets it right, on a ladder of four solvers of fixed ratings:

- *guess* (1250): picks an answer at random (its expected score is the chance of that);
- *chopper* (1500): knows which seven is the chopper, and nothing else — you can cut when you
  hold it; counts every card at its printed number; the cutter wins;
- *limit* (1750): also weighs the hand against the limit, with the ruleset's values (but a 3
  and the A♠ counted as usual in joker mode) and whether the seven counts; the lightest hand
  after the cut wins;
- *pile* (2000): also checks that the chopper fits the pile (suit, rank, named suit); knows the
  values and who wins exactly, but not that a pending pick or an owed call stops a cut.

Each puzzle starts as an unrated player (1500, deviation 350) and plays one Glicko-2 rating
period against the four, winning where a solver fails: a puzzle every rule of thumb solves
starts at 1286, one that needs the whole of the rules (a pending pick, an owed call, the joker
mode's values) at 1700 to 1930, every one with a deviation of 189. A new learner starts at
1500, level with the *chopper* solver. The puzzles' ratings then move with learners' first
attempts, as the learners' do.

>>> from matatu_learn.teaching.puzzles import generate_puzzle
>>> puzzle = generate_puzzle("house", "easy", seed=1, index=0)
>>> puzzle_key(puzzle).startswith("house:"), len(puzzle_key(puzzle))
(True, 22)
>>> rating_words(1511.6, 34.2)
'Your rating: 1,512 (+34).'
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from urllib.parse import parse_qs

from ..engine.cards import CARD_NAMES, RANK_OF, SPADES, SUIT_OF
from ..engine.errors import MatatuError
from ..store.database import RecordError
from ..store.progress import (
    NAME_LIMIT,
    NAME_REFUSED,
    GradedGame,
    LearnerProgress,
    LessonRecord,
    MissedPuzzle,
    Mistake,
    Progress,
    PuzzleEntry,
    learner_name,
)
from ..strategy.grading import agent_rates
from ..strategy.review import THRESHOLDS
from .lessons import LESSON_PATH, PRACTICE, Question, practice_question
from .mistakes import record_lesson_answer
from .path import SET_SIZE, lesson_record, path_standing, steps_done
from .play import player_name
from .puzzles import LEVELS, QUESTION_TEXT, Puzzle, answer_for, answer_text, generate_puzzle
from .ratings import START_RATING, PuzzleAnswer, Rating, rated, record_puzzle_answer
from .voice import action_words, count, listed

# The solvers a puzzle is seeded against: name, rating. Their ratings are fixed points of the
# scale (a small deviation): they never move.
SOLVERS = (("guess", 1250.0), ("chopper", 1500.0), ("limit", 1750.0), ("pile", 2000.0))
SOLVER_DEVIATION = 50.0
# The pool a set is drawn from: sets of ``SET_SIZE`` per level, added POOL_STEP sets per level at a time,
# up to POOL_SETS, until the learner has three times a set's worth not yet tried.
POOL_STEP = 2
POOL_SETS = 40
PROVISIONAL = 110  # a deviation above this marks a rating as provisional (as lichess does)


# ----------------------------------------------------------------- puzzle keys
def puzzle_ruleset(puzzle: Puzzle) -> str:
    """The ruleset a puzzle drills: its ``rules`` name, or the preset its rules start from."""
    rules = puzzle.rules
    return rules if isinstance(rules, str) else str(rules.get("preset", "custom"))


def puzzle_key(puzzle: Puzzle) -> str:
    """A stable key: the ruleset, and a digest of the rules, position and question."""
    asked = json.dumps(
        {"rules": puzzle.rules, "position": puzzle.position, "question": puzzle.question},
        sort_keys=True,
        ensure_ascii=False,
    )
    return f"{puzzle_ruleset(puzzle)}:{hashlib.sha256(asked.encode()).hexdigest()[:16]}"


def puzzle_from_json(data: Mapping) -> Puzzle:
    """A puzzle kept as ``Puzzle.to_json``, whole again."""
    return Puzzle(
        data["rules"],
        data["position"],
        data["question"],
        data["answer"],
        data["explanation"],
        data.get("level", "custom"),
        data.get("hint", ""),
        data.get("rule"),
    )


# ------------------------------------------------------------- seed ratings
def _values_by_rule_of_thumb(game, card: int) -> int:
    """A card's value as the *limit* solver counts it: the ruleset's, but a 3 and the A♠ as usual."""
    if game.rules.jokers and RANK_OF[card] == 3 and not card.is_joker:
        return 3
    if game.rules.jokers and RANK_OF[card] == 1 and SUIT_OF[card] == SPADES:
        return 15
    return game.value(card)


def _after_cut(game, seat: int, chopper: int, values) -> list[int]:
    totals = [sum(values(card) for card in hand) for hand in game.hands]
    totals[seat] -= values(chopper)
    return totals


def solver_answers(puzzle: Puzzle) -> dict[str, dict | None]:
    """What each rule-of-thumb solver answers (None for the guess, which is scored by its chance)."""
    game = puzzle.game()
    seat = game.to_move
    hand = game.hands[seat]
    question = puzzle.question
    choppers = [card for card in hand if game.is_chopper(card)]
    light = [card for card in choppers if game.light_enough(card)]
    fitting = [card for card in light if game.fits(card)]
    answers: dict[str, dict | None] = {"guess": None}
    for name, cards in (("chopper", choppers), ("limit", light), ("pile", fitting)):
        if question == "can_cut":
            answers[name] = {"can_cut": bool(cards)}
        elif question == "which_card":
            answers[name] = {"cards": sorted({CARD_NAMES[card] for card in cards})}
        elif question == "hand_value":
            if name == "chopper":
                value = sum(0 if card.is_joker else RANK_OF[card] for card in hand)
            elif name == "limit":
                value = sum(_values_by_rule_of_thumb(game, card) for card in hand)
            else:
                value = game.total(seat)
            answers[name] = {"value": value}
        else:  # who_wins: the puzzle's position always has exactly one cut
            if name == "chopper" or not choppers:
                answers[name] = {"winners": [seat]}
            elif name == "limit":
                totals = _after_cut(game, seat, choppers[0], lambda card: _values_by_rule_of_thumb(game, card))
                answers[name] = {"winners": [other for other, total in enumerate(totals) if total == min(totals)]}
            else:
                answers[name] = answer_for(puzzle.game(), "who_wins")
    return answers


def _right(puzzle: Puzzle, answer: dict) -> bool:
    """Whether an answer is right, as the puzzle page judges one (a tie is any shared win)."""
    wanted = puzzle.answer
    if puzzle.question == "can_cut":
        return answer["can_cut"] == wanted["can_cut"]
    if puzzle.question == "which_card":
        return set(answer["cards"]) == set(wanted["cards"])
    if puzzle.question == "hand_value":
        return answer["value"] == wanted["value"]
    mine, theirs = answer["winners"], wanted["winners"]
    return set(mine) == set(theirs) or (len(mine) > 1 and len(theirs) > 1)


def guess_chance(puzzle: Puzzle) -> float:
    """How often a guess among the answers offered is right."""
    game = puzzle.game()
    if puzzle.question == "can_cut":
        return 0.5
    if puzzle.question == "which_card":
        sevens = {card for card in game.hands[game.to_move] if RANK_OF[card] == 7}
        return 1 / (len(sevens) + 1) if len(puzzle.answer["cards"]) <= 1 else 0.0
    if puzzle.question == "hand_value":
        return 1 / 4  # the value and three others near it
    return 1 / (game.players + 1)  # each seat, or a tie


def solver_scores(puzzle: Puzzle) -> dict[str, float]:
    """Each solver's score on the puzzle (1 right, 0 wrong; the guess its chance).

    >>> from matatu_learn.teaching.puzzles import read_puzzles
    >>> heavy = read_puzzles('[{"rules": "uganda", "question": "can_cut", "position": '
    ...     '{"hands": ["7♦ K♣ J♥", "K♠ Q♠"], "pile": "4♦", "marker": "3♦"}}]')[0]
    >>> solver_scores(heavy)  # too heavy: holding the chopper is not enough
    {'guess': 0.5, 'chopper': 0.0, 'limit': 1.0, 'pile': 1.0}
    """
    scores = {"guess": guess_chance(puzzle)}
    for name, answer in solver_answers(puzzle).items():
        if answer is not None:
            scores[name] = 1.0 if _right(puzzle, answer) else 0.0
    return scores


def seed_rating(puzzle: Puzzle) -> Rating:
    """A puzzle's starting rating: an unrated player's, after one Glicko-2 period against the solvers.

    >>> from matatu_learn.teaching.puzzles import read_puzzles
    >>> heavy = read_puzzles('[{"rules": "uganda", "question": "can_cut", "position": '
    ...     '{"hands": ["7♦ K♣ J♥", "K♠ Q♠"], "pile": "4♦", "marker": "3♦"}}]')[0]
    >>> round(seed_rating(heavy).rating)
    1489
    """
    scores = solver_scores(puzzle)
    games = [(Rating(rating, SOLVER_DEVIATION), 1.0 - scores[name]) for name, rating in SOLVERS]
    return rated(Rating(), games)


def puzzle_entry(puzzle: Puzzle, set_number: int | None = None, number: int | None = None) -> PuzzleEntry:
    """A puzzle as the store keeps it, with its seed rating."""
    seed = seed_rating(puzzle)
    return PuzzleEntry(
        puzzle_key(puzzle),
        puzzle_ruleset(puzzle),
        puzzle.level,
        puzzle.question,
        puzzle.to_json(),
        seed,
        set_number,
        number,
        seed,
    )


# ---------------------------------------------------------------- drawing sets
def grow_pool(progress: Progress, ruleset: str, sets: int = POOL_STEP) -> int:
    """Add up to ``sets`` more generated sets of each level (the lowest set numbers not kept yet, below
    ``POOL_SETS``) to a ruleset's pool; returns how many sets were added."""
    kept = progress.pool_sets(ruleset, SET_SIZE)
    entries = []
    added = 0
    for level in LEVELS:
        missing = [number for number in range(POOL_SETS) if number not in kept.get(level, set())][:sets]
        added += len(missing)
        for set_number in missing:
            for index in range(SET_SIZE):
                entries.append(puzzle_entry(generate_puzzle(ruleset, level, set_number, index), set_number, index))
    progress.add_puzzles(entries)
    return added


def draw_set(
    progress: Progress, name: str, ruleset: str, count: int = SET_SIZE, seed: int | str | None = None
) -> list[Puzzle]:
    """A set of ``count`` puzzles the learner has not tried, drawn near their rating (easiest first).

    The ruleset's pool grows (``POOL_STEP`` sets a level at a time, up to ``POOL_SETS``) while the
    learner has fewer than three sets' worth left to try in it.
    """
    while progress.unattempted(name, ruleset) < 3 * count and grow_pool(progress, ruleset):
        pass
    return [puzzle_from_json(entry.puzzle) for entry in progress.puzzles_near(name, ruleset, count, seed)]


def answer_puzzle(
    progress: Progress,
    name: str,
    puzzle: Puzzle,
    right: bool,
    set_number: int | None = None,
    number: int | None = None,
) -> PuzzleAnswer:
    """Keep a learner's answer to a puzzle (kept first, with its seed rating, if new): the first
    attempt moves both ratings; a wrong answer joins the mistakes queue."""
    key = puzzle_key(puzzle)
    if not progress.known_puzzles([key]):
        progress.add_puzzles([puzzle_entry(puzzle, set_number, number)])
    return record_puzzle_answer(progress, name, key, right)


# ------------------------------------------------------------------- learners
def learner_from_query(query: str) -> tuple[str | None, str]:
    """The learner a page's address names (``learner=Amina``), and a sentence when the name is refused.

    No name: the page works as before and keeps nothing.

    >>> learner_from_query("rules=house&learner=%20Amina"), learner_from_query("rules=house")
    (('Amina', ''), (None, ''))
    >>> print(learner_from_query("learner=%3Cb%3EBo")[1])
    The name in the address cannot be used, so this page keeps no progress: a name is 1 to 24 letters, digits, spaces and punctuation other than < > & " ` \\, with a letter or digit in it.
    """
    asked = parse_qs(query or "").get("learner", [""])[-1]
    if not asked.strip():
        return None, ""
    try:
        return learner_name(asked), ""
    except RecordError:
        # The refused text is not repeated: a page shows only what it can show as text.
        return None, (
            "The name in the address cannot be used, so this page keeps no progress: a name is 1 to "
            f"{NAME_LIMIT} letters, digits, spaces and punctuation other than {' '.join(NAME_REFUSED)}, "
            "with a letter or digit in it."
        )


# ------------------------------------------------------------------- lessons
def lesson_question_key(ruleset: str, seed: int) -> str:
    """The key of a lesson's practice question: enough to ask it again.

    >>> lesson_question_key("uganda-jokers", 17)
    'uganda-jokers/17'
    """
    return f"{ruleset}/{seed}"


def answer_lesson(progress: Progress, name: str, lesson: str, ruleset: str, seed: int, right: bool) -> LessonRecord:
    """Keep an answer to a lesson's practice question (``practice_question(lesson, ruleset, seed)``)."""
    if lesson not in PRACTICE:
        raise MatatuError(f"'{lesson}' has no practice questions; these do: {', '.join(PRACTICE)}.")
    return record_lesson_answer(progress, name, lesson, lesson_question_key(ruleset, seed), right)


def mistake_item(progress: Progress, mistake: Mistake) -> Puzzle | Question:
    """The puzzle or lesson question a mistake asks again."""
    if mistake.kind == "puzzle":
        entry = progress.puzzle(mistake.key)
        if entry is None:
            raise MatatuError(f"The puzzle {mistake.key} is no longer kept.")
        return puzzle_from_json(entry.puzzle)
    ruleset, _, seed = mistake.key.rpartition("/")
    return practice_question(mistake.lesson, ruleset, int(seed))


def due_mistakes(progress: Progress, name: str, limit: int = SET_SIZE) -> list[tuple[Mistake, Puzzle | Question]]:
    """The learner's "Your mistakes" set: the items due now, the longest due first, each ready to ask."""
    return [(mistake, mistake_item(progress, mistake)) for mistake in progress.mistakes_due(name, limit)]


# -------------------------------------------------------------------- words
def round_half(value: float) -> int:
    """A rating as people read it: a whole number, halves away from zero.

    >>> round_half(1511.5), round_half(1464.05)
    (1512, 1464)
    """
    return int(math.floor(value + 0.5)) if value >= 0 else -int(math.floor(-value + 0.5))


def rating_words(rating: float, change: float | None = None, deviation: float | None = None) -> str:
    """A rating as the learner reads it, with its last move; while it is still settling (a
    deviation over ``PROVISIONAL``), one more sentence says why it moves so much.

    >>> rating_words(1464.05, -35.9), rating_words(1520.2, 0.2)
    ('Your rating: 1,464 (−36).', 'Your rating: 1,520 (±0).')
    >>> rating_words(1500, deviation=350)
    'Your rating: 1,500. Your first answers move your rating a lot, while it settles.'
    """
    words = f"Your rating: {round_half(rating):,}" + (f" ({signed(change)})." if change is not None else ".")
    if deviation is not None and deviation > PROVISIONAL:
        words += f" {SETTLING}"
    return words


# Why a new learner's rating swings: the first answers are worth more while the rating settles.
SETTLING = "Your first answers move your rating a lot, while it settles."
# Said with a hint: a hint costs the puzzle its first try (``Puzzles`` in docs/decisions.md).
HINT_COST = "With a hint, this puzzle counts as missed, even if you then answer it right."


def signed(change: float) -> str:
    """A rating's move as people read it: whole, signed, with a true minus.

    >>> signed(35.9), signed(-35.9), signed(0.2), signed(1234)
    ('+36', '−36', '±0', '+1,234')
    """
    moved = round_half(change)
    return "±0" if moved == 0 else f"+{moved:,}" if moved > 0 else f"−{-moved:,}"


def answer_words(answer: PuzzleAnswer) -> str:
    """What an answer did to the rating, in a sentence or two.

    >>> before, after = Rating(1500, 350), Rating(1662.3, 290)
    >>> answer_words(PuzzleAnswer(True, True, before, after, Rating(1400, 200), Rating(1380, 190)))
    'Your rating: 1,662 (+162). Your first answers move your rating a lot, while it settles.'
    >>> answer_words(PuzzleAnswer(False, True, Rating(1662.3, 90), Rating(1662.3, 90), Rating(1400, 200), Rating(1400, 200)))
    'Your rating: 1,662. Only your first try at a puzzle moves it.'
    """
    if not answer.first:
        return f"{rating_words(answer.after.rating)} Only your first try at a puzzle moves it."
    return rating_words(answer.after.rating, answer.change, answer.after.deviation)


def played_like_words(spec: str) -> str:
    """Which computer player a game was played like, as the learner reads it.

    >>> played_like_words("search:1"), played_like_words("heuristic")
    ('You played like the Strong player this game.', 'You played like the Steady player this game.')
    """
    if not spec:
        return "There was nothing to decide this game."
    return f"You played like {player_name(spec)} this game."


def points(chance: float) -> str:
    """A share of a win in percent, signed.

    >>> points(0.304), points(-0.05), points(0.0)
    ('+30%', '−5%', '0%')
    """
    value = round_half(100 * chance)
    return "0%" if value == 0 else f"+{value}%" if value > 0 else f"−{-value}%"


# A flagged move's name, one and many.
FLAG_WORDS = {
    "blunder": ("blunder", "blunders"),
    "mistake": ("mistake", "mistakes"),
    "inaccuracy": ("inaccuracy", "inaccuracies"),
}


def flagged_words(counts: Mapping[str, int]) -> str:
    """The flagged moves of a game, with what each flag means.

    >>> flagged_words({"blunder": 1, "mistake": 0, "inaccuracy": 2})
    'You made 1 blunder and 2 inaccuracies (a blunder cost 20% or more of your chance to win, a mistake 10%, an inaccuracy 5%).'
    >>> flagged_words({"blunder": 0, "mistake": 0, "inaccuracy": 0})
    'No blunder, mistake or inaccuracy: no move cost 5% or more of your chance to win.'
    """
    thresholds = dict(THRESHOLDS)
    meaning = ", ".join(
        f"a{'n' if label[0] in 'aeiou' else ''} {label} {'cost ' if index == 0 else ''}"
        f"{round_half(100 * thresholds[label])}%{' or more of your chance to win' if index == 0 else ''}"
        for index, label in enumerate(thresholds)
    )
    flagged = [f"{counts[label]} {FLAG_WORDS[label][counts[label] != 1]}" for label in thresholds if counts[label]]
    if not flagged:
        return f"No blunder, mistake or inaccuracy: no move cost {round_half(100 * min(thresholds.values()))}% or more of your chance to win."
    return f"You made {listed(flagged)} ({meaning})."


def grade_words(graded: GradedGame, ruleset: str = "house") -> list[str]:
    """A graded game in sentences: what the moves cost against the computer's, the flagged moves, the luck.

    Chances are in percent of a win.
    """
    result = graded.grade["result"]
    lines = ["You won this round." if result == 1 else "You shared the win." if result > 0 else "You lost this round."]
    if not graded.decisions:
        lines.append("You had no choice to make this game: every move was forced.")
    else:
        lines.append(played_like_words(graded.played_like))
        lines.append(flagged_words(graded.counts))
        worst = max(graded.grade["decisions"], key=lambda decision: decision["error"])
        if worst["label"] != "good":
            lines.append(
                f"Your costliest move was move {worst['number']}: you chose to {action_words(worst['played'])}; "
                f"to {action_words(worst['best'])} was better (it kept {points(worst['best_chance'] - worst['played_chance'])[1:]} "
                f"more of your chance to win)."
            )
        rates = agent_rates(ruleset)
        lines.append(
            f"Your {count(graded.decisions, 'decision')} cost you {100 * graded.error_rate:.1f}% of your chance to "
            f"win each, on average ({player_name('search:2')}: {100 * rates['search:2']:.1f}%; "
            f"{player_name('random')}: {100 * rates['random']:.1f}%)."
        )
    play = -sum(decision["error"] for decision in graded.grade["decisions"])
    later = graded.luck - graded.deal_luck
    lines.append(
        f"What decided the result, in chance to win: luck {points(graded.luck)} (the deal {points(graded.deal_luck)}, "
        f"the draws and the others' moves {points(later)}), your play {points(play)}."
    )
    if abs(graded.luck) > abs(play):
        lines.append("The cards decided more of this result than your play.")
    elif play:
        lines.append("Your play decided more of this result than the cards.")
    return lines


def lesson_status(record: LessonRecord | None) -> str:
    """A lesson's practice in a word or two.

    >>> lesson_status(None), lesson_status(LessonRecord("scoring", 2, 0, None, "t"))
    ('Not started', 'Practised: 0 of 2 right')
    >>> lesson_status(LessonRecord("scoring", 3, 2, "t", "t"))
    'Done: 2 of 3 right'
    """
    if record is None or not record.asked:
        return "Not started"
    words = "Done" if record.done else "Practised"
    return f"{words}: {record.right} of {record.asked} right"


def lesson_statuses(progress: LearnerProgress) -> list[tuple[str, str, str]]:
    """Every lesson of the path: (page, title, status); the puzzles lesson's is the learner's first tries."""
    return [(page, title, lesson_status(lesson_record(progress, page))) for page, title in LESSON_PATH]


def lessons_done(progress: LearnerProgress) -> int:
    """How many lessons of the path are done (the puzzles lesson by a first try answered right)."""
    return sum(status.startswith("Done") for _, _, status in lesson_statuses(progress))


def practised_lessons(progress: LearnerProgress) -> set[str]:
    """The lessons of the path whose practice the learner has done, as their own page counts them."""
    return {page for page, _, status in lesson_statuses(progress) if status.startswith("Done")}


def wait_words(seconds: float) -> str:
    """A wait, roughly, as a learner reads it.

    >>> wait_words(30), wait_words(7 * 60 + 5), wait_words(5 * 3600), wait_words(26 * 3600)
    ('in a minute', 'in 8 minutes', 'in 5 hours', 'tomorrow')
    """
    minutes = max(1, -(-int(seconds) // 60))
    if minutes == 1:
        return "in a minute"
    if minutes < 60:
        return f"in {minutes} minutes"
    hours = round(minutes / 60)
    return f"in {count(hours, 'hour')}" if hours < 20 else "tomorrow"


def mistakes_words(queued: int, due: int, next_in: float | None = None) -> str:
    """The mistakes set in a sentence; ``next_in``: seconds until the next one comes back, if known.

    >>> mistakes_words(0, 0), mistakes_words(3, 1), mistakes_words(2, 0)
    ('No mistakes to practise.', '1 of your 3 mistakes is due again now.', 'Your 2 mistakes come back later.')
    >>> mistakes_words(1, 0, next_in=590)
    'Your 1 mistake comes back later: the next one in 10 minutes.'
    """
    if not queued:
        return "No mistakes to practise."
    if not due:
        when = f": the next one {wait_words(next_in)}" if next_in is not None else ""
        return f"Your {queued} mistake{'s come' if queued != 1 else ' comes'} back later{when}."
    return f"{due} of your {queued} mistake{'s' if queued != 1 else ''} {'is' if due == 1 else 'are'} due again now."


def games_words(progress: LearnerProgress) -> str:
    """The learner's games in a sentence: played wherever (the first game, the Play table, a room), and graded.

    >>> from matatu_learn.store.progress import LearnerProgress
    >>> games_words(LearnerProgress("Amina", {}, 0, 0, 1500.0, 350.0, 0, 0, None, 0, 0, 0, "t"))
    'Games played: none yet. Finish a game, with the coach, at the Play table or in a room, and it counts here.'
    >>> games_words(LearnerProgress("Amina", {}, 0, 0, 1500.0, 350.0, 3, 20, 0.052, 0, 0, 0, "t", graded=2))
    'Games played: 3, 2 of them graded; your moves cost you 5.2% of your chance to win each, on average.'
    """
    if not progress.games:
        return (
            "Games played: none yet. Finish a game, with the coach, at the Play table or in a room, and it counts here."
        )
    if progress.error_rate is None:
        return f"Games played: {progress.games}; their grades are on the way."
    return (
        f"Games played: {progress.games}, {progress.graded} of them graded; your moves cost you "
        f"{100 * progress.error_rate:.1f}% of your chance to win each, on average."
    )


def progress_lines(progress: LearnerProgress) -> list[str]:
    """A learner's own page: the rating, the lessons, the puzzles, the games, the mistakes."""
    lines = [
        rating_words(progress.puzzle_rating, deviation=progress.puzzle_deviation),
        f"Lessons done: {lessons_done(progress)} of {len(LESSON_PATH)}.",
        path_words(progress),
    ]
    lines += [f"{title}: {status}." for _, title, status in lesson_statuses(progress)]
    lines.append(
        f"Puzzles: {progress.puzzles_right} of {progress.puzzles_attempted} right at the first try."
        if progress.puzzles_attempted
        else "Puzzles: none tried yet."
    )
    lines.append(games_words(progress))
    lines.append(mistakes_words(progress.mistakes_queued, progress.mistakes_due))
    return lines


def path_words(progress: LearnerProgress) -> str:
    """The path's steps done, in a line.

    >>> from matatu_learn.store.progress import LearnerProgress
    >>> path_words(LearnerProgress("Amina", {}, 0, 0, 1500.0, 350.0, 0, 0, None, 0, 0, 0, "t"))
    'Path: 0 of 10 steps done.'
    """
    standings = path_standing(progress)
    return f"Path: {steps_done(standings)} of {len(standings)} steps done."


CLASS_COLUMNS = ("Name", "Lessons", "Path", "Puzzles right", "Rating", "Games", "Error rate", "Mistakes due")


def rating_short(rating: float, deviation: float) -> str:
    """A rating in a table's cell: ``?`` marks a provisional one (see ``CLASS_NOTE``).

    >>> rating_short(1662.3, 290), rating_short(1480.5, 60)
    ('1,662?', '1,481')
    """
    return f"{round_half(rating):,}" + ("?" if deviation > PROVISIONAL else "")


def class_rows(learners: Sequence[LearnerProgress]) -> list[tuple[str, ...]]:
    """The teacher's table: one row of text a learner, under ``CLASS_COLUMNS``."""
    rows = []
    for learner in learners:
        rows.append(
            (
                learner.name,
                f"{lessons_done(learner)} of {len(LESSON_PATH)}",
                f"{steps_done(path_standing(learner))} of {len(path_standing(learner))}",
                f"{learner.puzzles_right} of {learner.puzzles_attempted}",
                rating_short(learner.puzzle_rating, learner.puzzle_deviation),
                str(learner.games),
                "—" if learner.error_rate is None else f"{100 * learner.error_rate:.1f}",
                str(learner.mistakes_due),
            )
        )
    return rows


def progress_json(progress: LearnerProgress) -> dict:
    """A learner's progress as ``matatu-learn progress --json`` prints it."""
    data = progress.to_json()
    data["lessons_done"] = lessons_done(progress)
    data["lessons"] = {page: status for page, _, status in lesson_statuses(progress)}
    standings = path_standing(progress)
    data["steps_done"] = steps_done(standings)
    data["path"] = {
        standing.step.id: {"state": standing.state.value, "stars": standing.stars} for standing in standings
    }
    return data


# ------------------------------------------------------------ the teacher's view
CLASS_PAGE_DOING = "see the class's progress"  # what the teacher code unlocks on the class page
NO_LEARNERS = (
    "No learners yet: a learner's progress is kept once they give their name, on the landing page or in a room."
)
CLASS_NOTE = (
    "Lessons: the lessons with a practice question answered right (the puzzles lesson: a puzzle right at the "
    "first try). Path: the steps of the learner's path done: the lessons, the coached first game, a game "
    "without help, a first set of puzzles and a game in a room. Games: the games finished, wherever played. "
    "Puzzles right: at the first try, the only one that is rated. A rating marked ? is still "
    "provisional: too few puzzles tried to be sure of it. Error rate: the share of their chance to win (in "
    "%) the learner's moves cost each, on average, in their graded games; lower is better."
)
TREND_COLUMN = "Trend"
MISSED_HEADING = "The puzzles the class gets wrong most"
MISSED_COLUMNS = ("Puzzle", "The answer", "Rules", "Wrong at the first try", "Puzzle rating")
NONE_MISSED = "No puzzle has been answered wrong at the first try yet."
LEVEL_WORDS = {"custom": "a teacher's puzzle"}  # a generated puzzle's level is its own word


def class_summary(learners: Sequence[LearnerProgress]) -> str:
    """The line above the teacher's table.

    >>> class_summary([]) == NO_LEARNERS
    True
    """
    if not learners:
        return NO_LEARNERS
    count = len(learners)
    tried = sum(1 for learner in learners if learner.puzzles_attempted)
    return (
        f"{count} learner{'s' if count != 1 else ''}, by name; {tried} of them ha{'s' if tried == 1 else 've'} "
        "tried the puzzles."
    )


def trend_words(trend: Sequence[float]) -> str:
    """A learner's rating trend in a table's cell: the last rated puzzle's move, and the move since
    the start (every learner starts at ``START_RATING``).

    >>> trend_words([]), trend_words([1662.3]), trend_words([1662.3, 1600.1, 1641.0])
    ('no puzzle rated yet', '+162 after 1 puzzle', 'last +41 (since the start +141 over 3 puzzles)')
    """
    if not trend:
        return "no puzzle rated yet"
    since = signed(trend[-1] - START_RATING)
    if len(trend) == 1:
        return f"{since} after 1 puzzle"
    return f"last {signed(trend[-1] - trend[-2])} (since the start {since} over {len(trend)} puzzles)"


def trend_description(trend: Sequence[float]) -> str:
    """What a drawing of the trend shows, for those who cannot see it (its text alternative).

    >>> trend_description([1662.3, 1600.1, 1641.0])
    'Rating after each of 3 rated puzzles, from 1,500 at the start to 1,641; lowest 1,500, highest 1,662.'
    """
    if not trend:
        return "No puzzle rated yet."
    ratings = [START_RATING, *trend]
    low, high = (f"{round_half(value):,}" for value in (min(ratings), max(ratings)))
    count = len(trend)
    return (
        f"Rating after each of {count} rated puzzle{'s' if count != 1 else ''}, from "
        f"{round_half(START_RATING):,} at the start to {round_half(trend[-1]):,}; lowest {low}, highest {high}."
    )


def missed_rows(missed: Sequence[MissedPuzzle]) -> list[tuple[str, ...]]:
    """The puzzles the class gets wrong most, one row of text each under ``MISSED_COLUMNS``."""
    rows = []
    for item in missed:
        entry = item.entry
        question = QUESTION_TEXT.get(entry.question, entry.question)
        try:
            answer = answer_text(puzzle_from_json(entry.puzzle))
        except (MatatuError, KeyError, ValueError):
            answer = "—"  # a puzzle kept by an older version that no longer reads: its counts still stand
        rows.append(
            (
                f"{question} ({LEVEL_WORDS.get(entry.level, entry.level)})",
                answer,
                entry.ruleset,
                f"{item.wrong} of {item.tried} learner{'s' if item.tried != 1 else ''}",
                rating_short(entry.rating.rating, entry.rating.deviation),
            )
        )
    return rows
