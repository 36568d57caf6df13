"""A review of one round for one seat, as a chess site reviews a game.

At each of the learner's decisions, every legal move is tried on the same imagined deals
(``PlayerView.sample_round``: the cards that seat could not see dealt at random) and the
round is played to its end by the heuristic agent in every seat. The share of those deals
the seat wins is its chance with that move; the best move found is the one with the best
chance, and the cost of the move played is how much chance it gave away. Only the seat's
own view is used: the review never looks at the real hidden cards.

>>> from matatu_learn.engine.rules import PRESETS
>>> from matatu_learn.engine.cards import parse_card, parse_cards
>>> game = Round.from_position(PRESETS["house"], [parse_cards("7♦"), parse_cards("9♦ K♣ 4♣")],
...     pile=parse_cards("4♦"), marker=parse_card("6♦"))
>>> move = judge(PlayerView(game, 0), parse_action("pass"), samples=30)
>>> move["best"], move["best_chance"], move["label"]  # passing instead of a last-card cut
('cut 7♦', 1.0, 'blunder')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..agents.choices import make_agent
from ..agents.simulate import game_seed, play_round
from ..engine.actions import Action, parse_action
from ..engine.errors import IllegalActionError, MatatuError
from ..engine.round import Round
from ..engine.rules import Rules
from ..engine.view import PlayerView

# Chance given away by a move (0 to 1) from which it is flagged, worst first, as chess sites do.
THRESHOLDS = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
DEFAULT_SAMPLES = 100


def label_for(cost: float, choices: int) -> str:
    """The flag of a move that gave away ``cost`` of the chance to win.

    >>> label_for(0.25, 3), label_for(0.12, 3), label_for(0.0, 3), label_for(0.0, 1)
    ('blunder', 'mistake', 'good', 'forced')
    """
    if choices == 1:
        return "forced"
    for label, threshold in THRESHOLDS:
        if cost >= threshold:
            return label
    return "good"


def review_round(
    rules: Rules,
    players: int,
    seed: int,
    leader: int,
    actions: Iterable[Action | str],
    seat: int,
    samples: int = DEFAULT_SAMPLES,
    estimate_seed: int = 0,
    progress: bool | None = None,
) -> dict:
    """Review a recorded round (its rules, table, seed, leader and actions) for ``seat``."""
    return review_from(Round(rules, players, seed, leader), actions, seat, samples, estimate_seed, progress)


def review_from(
    start: Round,
    actions: Iterable[Action | str],
    seat: int,
    samples: int = DEFAULT_SAMPLES,
    estimate_seed: int = 0,
    progress: bool | None = None,
) -> dict:
    """Review the moves played from ``start`` (a deal or a fixed position) for ``seat``.

    Returns ``{"seat", "samples", "moves": [...], "result"}``; each move has its number in
    the round, the move played and its chance, the best move found and its chance, the
    cost (the chance given away), the number of legal moves and the flag.
    """
    if not 0 <= seat < start.players:
        raise MatatuError(f"The seat to review must be from 0 to {start.players - 1}, not {seat}.")
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise MatatuError(f"samples must be a whole number of imagined deals, 1 or more, not {samples!r}.")
    game = start.copy()
    actions = [parse_action(action) if isinstance(action, str) else action for action in actions]
    decisions = sum(1 for _ in _learner_turns(start.copy(), actions, seat))
    bar = _progress_bar(decisions) if (progress or (progress is None and decisions * samples >= 2000)) else None
    moves = []
    try:
        for number, action in enumerate(actions):
            if game.over:
                raise MatatuError(f"Move {number + 1} ({action}) comes after the end of the round.")
            if game.to_move == seat:
                move = judge(PlayerView(game, seat), action, samples, game_seed(estimate_seed, number))
                moves.append({"number": number + 1, "seat": seat, **move})
                if bar is not None:
                    bar.update(1)
            game.apply(action)
    finally:
        if bar is not None:
            bar.close()
    result = game.result
    return {
        "seat": seat,
        "samples": samples,
        "moves": moves,
        "result": None
        if result is None
        else {"reason": str(result.reason), "winners": list(result.winners), "totals": list(result.totals)},
    }


def _learner_turns(game: Round, actions: Sequence[Action], seat: int):
    for action in actions:
        if game.over:
            return
        if game.to_move == seat:
            yield action
        game.apply(action)


def _progress_bar(total: int):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="your moves", unit=" moves", leave=False)


def judge(view: PlayerView, played: Action, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> dict:
    """Every legal move of the seat to move, tried on the same ``samples`` imagined deals.

    The chance of a move is the share of deals its seat goes on to win (a shared win counts
    its share) with the heuristic playing every seat to the end.
    """
    legal = view.legal
    if played not in legal:
        raise IllegalActionError(view.ruling(played))
    seat = view.seat
    rng = random.Random(seed)
    scores = [0.0] * len(legal)
    for _ in range(samples):
        imagined = view.sample_round(rng)
        agent_seed = rng.getrandbits(32)
        for index, action in enumerate(legal):
            # Every move meets the same deal, the same reshuffles and the same agents: only the move differs.
            branch = imagined.copy()
            branch.apply(action)
            if not branch.over:
                play_round(branch, [make_agent("heuristic", agent_seed + other) for other in range(branch.players)])
            winners = branch.result.winners
            scores[index] += 1 / len(winners) if seat in winners else 0.0
    chances = [score / samples for score in scores]
    mine = legal.index(played)
    # On equal chances the move played is the best one: a review flags only a real difference.
    best = max(range(len(legal)), key=lambda index: (chances[index], index == mine))
    cost = chances[best] - chances[mine]
    return {
        "played": str(played),
        "played_chance": chances[mine],
        "best": str(legal[best]),
        "best_chance": chances[best],
        "cost": cost,
        "choices": len(legal),
        "label": label_for(cost, len(legal)),
        "chances": {str(action): chance for action, chance in zip(legal, chances, strict=True)},
    }


def flagged(review: dict, labels: Sequence[str] = ("blunder", "mistake")) -> list[dict]:
    """The moves that mattered: those flagged with one of ``labels``, costliest first."""
    return sorted((move for move in review["moves"] if move["label"] in labels), key=lambda move: -move["cost"])
