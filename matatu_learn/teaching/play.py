"""A table to play at: the learner's seat, the computer's seats, and the moves with their sentences.

A ``TableSession`` deals a round or a whole match of any published ruleset, fields an agent
for every computer seat and lets the people at the screen act. The page is a thin view of it:
everything it shows a person comes from that person's ``PlayerView``, and the computer moves
one step at a time, when asked, with the sentence its agent gives.

>>> import os, tempfile
>>> session = TableSession("house", ("human", "heuristic"), seed=3,
...     database=os.path.join(tempfile.mkdtemp(), "play.sqlite3"))
>>> session.names, session.status()
(('South (you)', 'North (computer, heuristic)'), 'Your turn: play a card, draw or pass.')
>>> session.describe(session.act("draw"))
'You draw the 3 of hearts.'
>>> session.describe(session.act("pass")), session.status()
('You pass.', "North's turn: the computer plays.")
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..agents.choices import AGENT_CHOICES, agent_spec, make_agent
from ..engine.actions import CUT, PLAY, Action, parse_action
from ..engine.cards import Card, parse_card
from ..engine.errors import MatatuError
from ..engine.events import CutterShown, Event, Opened
from ..engine.reference import MODE_PRESETS
from ..engine.round import MAX_PLAYERS, MIN_PLAYERS, Round
from ..engine.rules import PRESET_IDS, Rules, with_switches
from ..engine.scoring import Match
from ..engine.view import PlayerView
from ..play.choosing import Ask, Deciding, Refuse, choose
from ..store.database import RecordedSeat, SeatKind
from ..store.registry import Registry
from ..store.roles import WRITE_BUDGET
from .table_words import Control, TableWords
from .voice import (
    COMPASS,
    Voice,
    card_words,
    changes_words,
)

HUMAN = "human"
# The order in which a card's ways of being laid are asked: cut or play, then the suit, then the call.
QUESTIONS = tuple(deciding.value for deciding in Deciding)
MAX_NAME_LENGTH = 40
MAX_TITLE_LENGTH = 120
# Who plays a computer seat, as its label says it.
PLAYER_WORDS = {"random": "computer, random", "heuristic": "computer, heuristic"}


class PlayError(MatatuError):
    """A move or a setting the table cannot take now; nothing changed."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move at the table: who made it, the action, the computer's sentence and what followed."""

    seat: int
    action: Action
    reason: str = ""  # the computer's reason, as the table may hear it; empty for a person
    events: tuple[Event, ...] = ()  # what the move put in the log; told through the viewer's view


def player_words(kind: str) -> str:
    """Who plays a seat, in words: 'computer, search level 2'."""
    if kind in PLAYER_WORDS:
        return PLAYER_WORDS[kind]
    return f"computer, search level {kind.partition(':')[2]}"


def seat_player_words(seat: RecordedSeat) -> str:
    """Who played a recorded seat: a computer player in words, a person by the name they gave."""
    return player_words(seat.agent) if seat.kind is SeatKind.COMPUTER else seat.name or "a person"


def seat_labels(kinds: Sequence[str]) -> tuple[str, ...]:
    """Each seat's label at the table: where it sits, and who plays there.

    >>> seat_labels(["human", "heuristic", "search:2"])
    ('South (you)', 'West (computer, heuristic)', 'East (computer, search level 2)')
    >>> seat_labels(["human", "human"])
    ('South', 'North')
    """
    compass = COMPASS[len(kinds)]
    people = sum(kind == HUMAN for kind in kinds)
    labels = []
    for seat, kind in enumerate(kinds):
        if kind != HUMAN:
            labels.append(f"{compass[seat]} ({player_words(kind)})")
        else:
            labels.append(f"{compass[seat]} (you)" if people == 1 else compass[seat])
    return tuple(labels)


def publicly_seen(view: PlayerView) -> set[Card]:
    """Cards every seat has seen face up this round: the marker, the opening card and every card laid."""
    seen = {action.card for action in view.history if action.kind in (PLAY, CUT)}
    seen.update(event.card for event in view.log if event.__class__ in (Opened, CutterShown))
    if view.marker is not None:
        seen.add(view.marker)
    return seen


def hidden_cards(view: PlayerView) -> set[Card]:
    """The cards whose identity this seat cannot know now: other hands and the stock, less what was laid."""
    if view.over:
        return set()
    return set(view.unseen_cards()) - publicly_seen(view)


def ruleset_preset(registry: Registry, name: str) -> str | None:
    """The preset a published ruleset was built from, following its bases; None if none is found."""
    seen = set()
    while name not in PRESET_IDS:
        if name in seen:
            return None
        seen.add(name)
        name = registry.ruleset(name).base
    return name


def has_mode(registry: Registry, name: str) -> bool:
    """Whether a ruleset has a joker mode to switch, as its preset's source has (docs/rules.md)."""
    return ruleset_preset(registry, name) in MODE_PRESETS


def match_length(rules: Rules) -> str:
    """How long a whole match of these rules is, in a few words (for a picker)."""
    if rules.match_target is not None:
        return f"a match to {rules.match_target} points"
    if rules.match_rounds is not None:
        return f"a match of {rules.match_rounds} rounds"
    return "one round (each round stands alone)"


class TableSession:
    """A round or a match at one table: seats, agents, moves, and what each person may see.

    ``seats`` names every seat's player: ``"human"`` for a person at this screen (seat 0,
    South, is always the learner's), or an agent spec of ``AGENT_CHOICES``. ``jokers``
    switches the ruleset's mode where it has one, ``switches`` sets any mix of switches. Every
    finished round is recorded in the history of ``database`` (default: the user's) unless
    ``record`` is off.

    At a room's table (each person on their own device) ``people`` names the seats as their
    players gave them and ``viewer`` is this device's seat: the screen never passes to another
    person, and only the viewer may act here.
    """

    def __init__(
        self,
        ruleset: str = "house",
        seats: Sequence[str] = (HUMAN, "heuristic"),
        *,
        jokers: bool | None = None,
        switches: dict | None = None,
        whole_match: bool = True,
        seed: int = 1,
        database=None,
        people: Sequence[str] | None = None,
        viewer: int | None = None,
        record: bool = True,
    ):
        if isinstance(seats, str) or not isinstance(seats, Sequence) or not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            count = len(seats) if isinstance(seats, Sequence) and not isinstance(seats, str) else repr(seats)
            raise PlayError(
                f"A table seats {MIN_PLAYERS} to {MAX_PLAYERS} players: give one kind of player for each seat, not {count}."
            )
        if seats[0] != HUMAN:
            raise PlayError(f"The first seat (South) is the learner's: it must be 'human', not {seats[0]!r}.")
        kinds = [HUMAN if seat == HUMAN else agent_spec(seat) for seat in seats]
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise PlayError(f"The seed must be a whole number from 0 up, not {seed!r}.")
        if jokers is not None and not isinstance(jokers, bool):
            raise PlayError(f"jokers must be true, false or left out (the ruleset's own mode), not {jokers!r}.")
        self.registry = Registry(database)
        published = self.registry.ruleset(ruleset)
        rules = published.rules
        if jokers is not None and jokers != rules.jokers:
            if not has_mode(self.registry, ruleset):
                raise PlayError(f"{ruleset} has no joker mode: its source plays without jokers.")
            rules = with_switches(rules, {"jokers": jokers})
        if switches:
            # The table's own house rules, chosen before the deal; the engine refuses a bad mix in words.
            rules = with_switches(rules, dict(switches))
        self.ruleset, self.version, self.title = published.name, published.version, published.title
        self.published_rules = published.rules
        self.rules = rules
        self.whole_match = bool(whole_match)
        self.seed = seed
        if people is not None and len(people) != len(kinds):
            raise PlayError(f"Give a name for each of the {len(kinds)} seats, not {len(people)}.")
        if viewer is not None and (viewer not in range(len(kinds)) or kinds[viewer] != HUMAN):
            raise PlayError(f"The seat seen from here must be a person's seat, not {viewer!r}.")
        self.fixed_viewer = viewer
        self.record = record
        seeds = random.Random(f"agents {seed}")  # apart from the deal's seeds, so agents never change a deal
        # The match's seats; ``kinds``, ``agents``, ``names``, ``people`` and ``humans`` are the
        # current round's (with "eliminate" a round seats only the players still in the match).
        self.match_kinds = tuple(kinds)
        self.match_people = tuple(people) if people is not None else None
        self.match_names = seat_labels(kinds) if people is None else tuple(people)
        self.match_words = self.match_people or COMPASS[len(kinds)]
        self.match_agents = tuple(None if kind == HUMAN else make_agent(kind, seeds.randrange(2**63)) for kind in kinds)
        self.match = Match(rules, len(kinds), seed)
        self.recorded: list[int] = []
        self.record_problem = ""
        self._adviser = None
        self._deal()

    # ------------------------------------------------------------------ the round
    def _deal(self) -> None:
        self.game: Round = self.match.next_round()
        self._seat_round(self.match.round_seats)
        self.views = [PlayerView(self.game, seat) for seat in range(self.game.players)]
        self.moves: list[Move] = []
        self.pending: Ask | None = None  # the question a tapped card leaves open
        fixed = self.fixed_viewer
        self.viewer = self.humans[0] if fixed is None else self.round_seats.index(fixed)
        self.covered = False
        self._follow_turn()

    def _seat_round(self, round_seats: tuple[int, ...]) -> None:
        """The round's seats, each the match seat ``round_seats`` says (the engine numbers a round from 0)."""
        self.round_seats = round_seats
        self.kinds = tuple(self.match_kinds[seat] for seat in round_seats)
        self.agents = [self.match_agents[seat] for seat in round_seats]
        self.names = tuple(self.match_names[seat] for seat in round_seats)
        self.seat_words = tuple(self.match_words[seat] for seat in round_seats)
        self.people = None if self.match_people is None else self.seat_words
        self.humans = tuple(seat for seat, kind in enumerate(self.kinds) if kind == HUMAN)

    @property
    def players(self) -> int:
        """The seats of the round being played."""
        return len(self.kinds)

    @property
    def learner_in_match(self) -> bool:
        """A person at this screen still has a seat in the match (with "eliminate" they may have left)."""
        return any(self.match_kinds[seat] == HUMAN for seat in self.match.seated)

    @property
    def match_voice(self) -> Voice:
        """Sentences about the match's seats (the match table, who left): "You" for the viewer's."""
        return Voice(len(self.match_kinds), viewer=self.round_seats[self.viewer], names=self.match_words)

    @property
    def view(self) -> PlayerView:
        """What the person at the screen may see now: their own seat's view."""
        return self.views[self.viewer]

    @property
    def over(self) -> bool:
        """The round is over."""
        return self.game.over

    @property
    def match_over(self) -> bool:
        """No next round here: the match is over, it is a single round, or the learner left the match."""
        return self.match.over or (self.game.over and (not self.whole_match or not self.learner_in_match))

    @property
    def round_number(self) -> int:
        return self.match.rounds_played + (0 if self.game.over else 1)

    @property
    def computer_to_move(self) -> bool:
        """A computer seat is to move: it plays by itself after a pause, or on "Next move"."""
        return not self.game.over and self.agents[self.game.to_move] is not None

    @property
    def my_turn(self) -> bool:
        """The person at the screen is to move, with their hand shown."""
        return not self.game.over and self.game.to_move == self.viewer and not self.covered

    @property
    def voice(self) -> Voice:
        """The table's sentences for the person at the screen: "You" for their seat."""
        return Voice(self.players, viewer=self.viewer, names=self.seat_words)

    def _follow_turn(self) -> None:
        """Hand the screen to the person whose turn it is; cover their hand until they are ready."""
        game = self.game
        if game.over:
            self.covered = False
            return
        seat = game.to_move
        if self.agents[seat] is None and seat != self.viewer and self.fixed_viewer is None:
            self.viewer = seat
            self.covered = True

    def reveal(self) -> None:
        """The person the device was passed to shows their hand."""
        self.covered = False

    # ------------------------------------------------------------------ moving
    def step(self) -> Move:
        """The computer seat to move makes one move, with its sentence."""
        game = self.game
        if game.over:
            raise PlayError("The round is over: deal the next round, or a new game.")
        seat = game.to_move
        agent = self.agents[seat]
        if agent is None:
            raise PlayError(f"It is {self.voice.turn(seat)}, not the computer's: play a card or press a button.")
        decision = agent.decide(self.views[seat])
        return self._apply(seat, decision.action, self._heard(decision, seat))

    def act(self, action: Action | str) -> Move:
        """The person to move makes a move; a refused one leaves the table as it was and says why."""
        game = self.game
        if game.over:
            raise PlayError("The round is over: deal the next round, or a new game.")
        seat = game.to_move
        if self.agents[seat] is not None:
            raise PlayError(f"It is {self.voice.turn(seat)}: wait for the computer to play.")
        if seat != self.viewer and self.fixed_viewer is not None:
            raise PlayError(f"It is {self.voice.turn(seat)}: wait for your turn.")
        if self.covered:
            raise PlayError(f"The hand of {self.voice.seat(seat)} is covered: show it first.")
        action = parse_action(action)
        if action not in game.legal_actions():
            raise PlayError(self.voice.ruling(self.view.ruling(action)))
        return self._apply(seat, action, "")

    def _apply(self, seat: int, action: Action, reason: str) -> Move:
        game = self.game
        before = len(game.log)
        game.apply(action)
        self.cancel_choice()
        move = Move(seat, action, reason, tuple(game.log[before:]))
        self.moves.append(move)
        if game.over:
            self._finish_round()
        else:
            self._follow_turn()
        return move

    def _heard(self, decision, seat: int) -> str:
        """A computer seat's reason as the person at the screen may hear it: the public part only."""
        return self.voice.decision(decision)

    def choose_card(self, card: Card | str) -> Move | None:
        """Click a card: play it when one action lays it, else ask which way (cut, suit, call)."""
        if isinstance(card, str):
            card = parse_card(card)
        if not self.my_turn:
            raise PlayError(self.status())
        if card not in self.view.hand:
            raise PlayError(f"{card_words(card).capitalize()} is not in your hand.")
        self.cancel_choice()
        return self._chosen(choose(self.view, None, card=card))

    def _chosen(self, choice) -> Move | None:
        if isinstance(choice, Refuse):
            raise PlayError(self.voice.ruling(choice.ruling))
        if isinstance(choice, Ask):
            self.pending = choice
            return None
        return self.act(choice.action)

    def answer(self, value: object) -> Move | None:
        """Answer the open question about the selected card; the move is made once nothing is left to ask."""
        asked = self.choice()
        if asked is None:
            raise PlayError("There is no question open: click a card of your hand first.")
        question, answers = asked
        if value not in [answer for _, answer in answers]:
            accepted = ", ".join(label for label, _ in answers)
            raise PlayError(f"{value!r} does not answer “{question}”: choose {accepted}.")
        return self._chosen(choose(self.view, self.pending, answer=value))

    def cancel_choice(self) -> None:
        self.pending = None

    # ------------------------------------------------------------------ words for the page
    @property
    def words(self) -> TableWords:
        """The table's sentences, labels and reasons for the person at the screen."""
        return TableWords(self)

    @property
    def remote(self) -> bool:
        """A room's device: only its own seat's person acts here."""
        return self.fixed_viewer is not None

    @property
    def shared(self) -> bool:
        """People pass this one device between them."""
        return len(self.humans) > 1 and self.fixed_viewer is None

    def heard(self, move: Move) -> str:
        """A move's reason as the screen heard it (a computer's, said when it moved)."""
        return move.reason

    def describe(self, move: Move) -> str:
        return self.words.describe(move)

    def card_verdicts(self) -> list[tuple[Card, list[Action], str]]:
        return self.words.card_verdicts()

    def choice(self) -> tuple[str, list[tuple[str, object]]] | None:
        """The question the selected card leaves open — ``(question, [(label, answer), ...])`` — or None."""
        return self.words.choice()

    def controls(self) -> list[Control]:
        return self.words.controls()

    def status(self) -> str:
        return self.words.status()

    def order_sentence(self) -> str:
        return self.words.order_sentence()

    def facts(self) -> list[str]:
        return self.words.facts()

    def round_summary(self) -> list[tuple[str, tuple[Card, ...], int, int, bool]]:
        return self.words.round_summary()

    def ending(self) -> str:
        return self.words.ending()

    def match_text(self) -> str:
        return self.words.match_text()

    def hint(self, spec: str = "search") -> str:
        """What the search player would do in the viewer's place, and why (its own words)."""
        if not self.my_turn:
            raise PlayError("A hint is for your own turn: " + self.status())
        if self._adviser is None or self._adviser.name != agent_spec(spec):
            self._adviser = make_agent(spec, self.seed)
        decision = self._adviser.decide(self.view)
        # Advice for the viewer's own seat: its private reasons (its own cards) may be said.
        return f"The {player_words(self._adviser.name).partition(', ')[2]} player would say: “{self.voice.decision(decision)}”"

    # ------------------------------------------------------------------ the end of a round
    def _finish_round(self) -> None:
        game = self.game
        self.match.record(game)
        self.covered = False
        if not self.record:
            return  # a room's round is recorded by the store, in the move that ends it
        try:
            WRITE_BUDGET.spend("game")
            name, version = self._published_name()
            self.recorded.append(self.registry.database().record(game, name, version, list(self.kinds)))
            self.record_problem = ""
        except MatatuError as error:
            self.record_problem = f"This round could not be saved to the history: {error}"

    def changes_words(self) -> str:
        """What this table changed from the published ruleset, in words ('' for none)."""
        return changes_words(self.published_rules, self.rules)

    def _published_name(self) -> tuple[str, int]:
        """The published ruleset the round was played under (see ``published_mix``)."""
        return published_mix(self.registry, self.ruleset, self.rules)

    def next_round(self) -> None:
        """Deal the match's next round (the lead moves one seat)."""
        if not self.game.over:
            raise PlayError("The round is still being played: finish it first.")
        if self.match_over:
            raise PlayError("The match is over: start a new game.")
        self._deal()

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.match.scores)


def published_mix(registry: Registry, ruleset: str, rules: Rules) -> tuple[str, int]:
    """The published ruleset a table's rules are recorded under: ``ruleset`` itself where they are
    its rules, else a ruleset of that mix, published once by name.

    A mode alone is ``NAME-jokers`` or ``NAME-classic``; any other mix of switches is ``NAME-table``.
    """
    published = registry.ruleset(ruleset)
    if rules == published.rules:
        return published.name, published.version
    if rules == with_switches(published.rules, {"jokers": rules.jokers}):
        suffix = "-jokers" if rules.jokers else "-classic"
        mode = "joker mode" if rules.jokers else "classic"
    else:
        suffix, mode = "-table", changes_words(published.rules, rules)
    store = registry.database()
    number = 1
    while True:
        ending = suffix if number == 1 else f"{suffix}-{number}"
        name = ruleset[: MAX_NAME_LENGTH - len(ending)] + ending
        if name not in store.names() or store.rules(name) == rules:
            title = f"{published.title}, {mode}"[:MAX_TITLE_LENGTH]
            version = store.publish(name, ruleset, rules.switches(), title)
            return name, version
        number += 1


def agent_choices() -> dict[str, str]:
    """The players a seat may have: a person at this screen, or one of the computer's agents."""
    return {HUMAN: "A person at this screen (pass the device)", **AGENT_CHOICES}
