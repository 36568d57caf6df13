"""Who wins a round and what it scores, from the hand totals alone (docs/rules.md §6 and §8).

Pure arithmetic on totals: the round calls it when it ends, and a lesson or the odds
calculator can ask the same question of imagined hands.

>>> from matatu_learn.engine.rules import PRESETS
>>> round_winners(PRESETS["uganda"], (22, 22, 40), cutter=0)
(1,)
>>> round_points(PRESETS["uganda"], (22, 22, 40), (1,))
(0, 62, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import CutWinner, Rules, Scoring


def round_winners(rules: Rules, totals: Sequence[int], cutter: int | None) -> tuple[int, ...]:
    """The winners of a cut, or, with no cutter, of a blocked table (several: a tie)."""
    seats = range(len(totals))
    if cutter is not None and rules.cut_winner is CutWinner.STRICTLY_LIGHTEST:
        others = [seat for seat in seats if seat != cutter]
        lightest_other = min(totals[seat] for seat in others)
        if totals[cutter] < lightest_other:
            return (cutter,)
        return tuple(seat for seat in others if totals[seat] == lightest_other)
    lowest = min(totals)
    tied = tuple(seat for seat in seats if totals[seat] == lowest)
    if cutter is not None and rules.cut_winner is CutWinner.CUTTER_LOSES_TIES and len(tied) > 1:
        tied = tuple(seat for seat in tied if seat != cutter)
    return tied


def round_points(rules: Rules, totals: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Each seat's points for the round under the ruleset's scoring."""
    if rules.scoring is Scoring.WINNER_TAKES_TABLE:
        table = sum(total for seat, total in enumerate(totals) if seat not in winners)
        return tuple(table if seat in winners else 0 for seat in range(len(totals)))
    return tuple(totals)
