"""How much an agent's choices cost, against a player who could see the other hands.

    python benchmarks/search_regret.py [--rules house] [--games 400] [--rollouts 400]
        [--agents heuristic,search:2] [--seed 11] [--workers 2]

The positions are decisions from heuristic-against-heuristic rounds, two players: one in five
of the moves with more than one legal action. Each legal action of a position is valued by the
hand oracle: played out ``--rollouts`` times by the heuristic in every seat, with every hand as
it truly is and only the stock shuffled. An agent's regret at a position is the best action's
value less the value of the action it chose; the mean regret is in points of winning chance per
decision. A search's distance from zero is mostly what it cannot see; its distance below the heuristic
is what searching adds. Every agent meets the same positions, so two agents' regrets compare
position by position: the paired difference and its standard error are printed too.

This tells two versions of the search apart far more cheaply than whole rounds: at the default
size the paired standard error is about 0.2 points a decision. Between the heuristic and the
search, one point of regret a decision was worth about nine points of win share; smaller changes
have carried over to whole rounds less surely, so confirm a change with ``agent_strength.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from matatu_learn.agents.choices import make_agent
from matatu_learn.agents.heuristic import style_for
from matatu_learn.agents.playouts import play_out
from matatu_learn.agents.simulate import deal_game
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.engine.view import PlayerView, views_of

KEPT = 0.2  # the share of decisions kept as positions


def positions(rules: str, games: int, seed: int) -> list[tuple[Round, int]]:
    """Copies of rounds at decisions of the seat to move (more than one legal action)."""
    rng = random.Random(seed)
    found = []
    for index in range(games):
        game, agents = deal_game(PRESETS[rules], ("heuristic", "heuristic"), seed, index)
        views = views_of(game)
        while not game.over and len(game.history) < 400:
            seat = game.to_move
            if len(game.legal_actions()) > 1 and rng.random() < KEPT:
                found.append((game.copy(), seat))
            game.apply(agents[seat].choose(views[seat]))
    return found


def oracle_values(task: tuple[Round, int, int, int]) -> list[float]:
    """Each legal action's share of wins with every hand known, the stock shuffled, on the same deals."""
    game, seat, rollouts, seed = task
    legal = game.legal_actions()
    style = style_for(game.rules)
    rng = random.Random(seed)
    values = [0.0] * len(legal)
    for _ in range(rollouts):
        deal = game.copy(seed=rng.getrandbits(63))
        stock = list(deal.stock)
        rng.shuffle(stock)
        deal.replace_hidden({}, stock, log=())  # a rollout reads no log
        for index, action in enumerate(legal):
            branch = deal.copy()
            branch.apply(action)
            values[index] += play_out(branch, seat, style)
    return [value / rollouts for value in values]


def regret(task: tuple[str, int, Round, int, list[float]]) -> float:
    spec, index, game, seat, values = task
    action = make_agent(spec, seed=index).choose(PlayerView(game, seat))
    return max(values) - values[game.legal_actions().index(action)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="house", choices=sorted(PRESETS))
    parser.add_argument("--games", type=int, default=400, help="heuristic rounds the positions come from")
    parser.add_argument("--rollouts", type=int, default=400, help="oracle play-outs of each action")
    parser.add_argument("--agents", default="heuristic,search:2", help="comma-separated agent specs")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args()
    found = positions(arguments.rules, arguments.games, arguments.seed)
    print(f"{len(found)} positions from {arguments.games} {arguments.rules} rounds, two players")
    with ProcessPoolExecutor(arguments.workers) as pool:
        tasks = [(game, seat, arguments.rollouts, number) for number, (game, seat) in enumerate(found)]
        values = list(pool.map(oracle_values, tasks, chunksize=4))
        regrets = {}
        for spec in arguments.agents.split(","):
            tasks = [
                (spec, number, game, seat, value)
                for number, ((game, seat), value) in enumerate(zip(found, values, strict=True))
            ]
            regrets[spec] = list(pool.map(regret, tasks, chunksize=4))
    count = len(found)
    first = None
    for spec, costs in regrets.items():
        mean = 100 * statistics.mean(costs)
        error = 100 * statistics.stdev(costs) / count**0.5
        line = f"{spec:<12} regret {mean:6.3f} ± {error:.3f} points a decision; within 2 points of the best at {sum(cost < 0.02 for cost in costs) / count:.0%} of positions"
        if first is not None:
            differences = [cost - base for cost, base in zip(costs, regrets[first], strict=True)]
            paired = 100 * statistics.stdev(differences) / count**0.5
            line += f"; against {first}: {100 * statistics.mean(differences):+.3f} ± {paired:.3f}"
        first = first or spec
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
