"""`matatu-learn replay ID --steps --seat K` and `history` speak the voice: seats by name, from 1."""

import json
import random
import re

import pytest

from matatu_learn.cli import main
from matatu_learn.engine.cards import CARD_NAMES
from matatu_learn.engine.events import Acted, Drew, Took
from matatu_learn.engine.round import Round
from matatu_learn.engine.rules import PRESETS
from matatu_learn.store.database import Store
from matatu_learn.teaching.voice import COMPASS, RANK_WORDS, SUIT_WORDS, card_words

CARD_WORDS = re.compile(r"\b(" + "|".join(w for w in RANK_WORDS if w) + r") of (" + "|".join(SUIT_WORDS) + r")\b")


@pytest.fixture
def recorded(tmp_path, monkeypatch):
    """A clean database holding one finished three-player house round, played at random."""
    monkeypatch.setenv("MATATU_LEARN_DB", str(tmp_path / "games.sqlite3"))
    game = Round(PRESETS["house"], 3, seed=21)
    chooser = random.Random(4)
    while not game.over:
        legal = game.legal_actions()
        plays = [action for action in legal if action.kind in ("play", "cut")]
        game.apply(chooser.choice(plays) if plays and chooser.random() < 0.7 else chooser.choice(legal))
    with Store() as store:
        game_id = store.record(game, "house", 1, ["human", "heuristic", "heuristic"])
    return game_id, game


def test_replay_steps_tells_each_action_from_the_seat_given(recorded, capsys):
    game_id, game = recorded
    assert main(["replay", str(game_id), "--steps", "--seat", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    steps, summary = lines[:-1], lines[-1]
    assert len(steps) == len(game.history)  # one numbered line per action
    assert [int(line.split(".")[0]) for line in steps] == list(range(1, len(steps) + 1))
    assert "reproduced" in summary
    # Seat 2 (West, the engine's seat 1) hears "You"; the others by their compass names.
    actions = [event for event in game.log if event.__class__ is Acted]
    for line, acted in zip(steps, actions, strict=True):
        who = "You" if acted.seat == 1 else COMPASS[3][acted.seat]
        assert line.split(". ", 1)[1].startswith(who), line
    # Only what West could see is named: West's own draws by card, the others' draws not at all.
    known = set(Round(PRESETS["house"], 3, seed=21).hands[1])
    known |= {event.action.card for event in actions if event.action.card is not None}
    known |= {event.top for event in actions if event.top is not None}
    known |= {event.card for event in game.log if event.__class__ is Drew and event.seat == 1 and event.card}
    known |= {card for event in game.log if event.__class__ is Took and event.seat == 1 for card in event.cards}
    known.add(game.marker)
    known.add(game.marker.__class__(game.marker.suit * 13 + 6))  # which seven is the chopper is public
    for line in steps:
        for rank, suit in CARD_WORDS.findall(line):
            card = SUIT_WORDS.index(suit) * 13 + RANK_WORDS.index(rank) - 1
            assert card in known, (line, CARD_NAMES[card])
    drew = [event for event in game.log if event.__class__ is Drew and event.card is not None]
    assert any(event.seat != 1 for event in drew), "the round should hold another seat's draw"
    own = [event for event in drew if event.seat == 1]
    for event in own:
        assert any(f"You draw {card_words(event.card)}." in line for line in steps)
    assert not any(re.search(r"\bseat \d", line) for line in lines)


def exit_code(arguments) -> int:
    try:
        return main(arguments)
    except SystemExit as stop:  # the parser refuses an argument with a sentence and exit 2
        return stop.code


def test_replay_seat_is_counted_from_one_and_refused_outside_the_table(recorded, capsys):
    game_id, _ = recorded
    assert exit_code(["replay", str(game_id), "--steps", "--seat", "4"]) != 0
    assert "give --seat from 1 to 3" in capsys.readouterr().err
    assert exit_code(["replay", str(game_id), "--steps", "--seat", "0"]) != 0
    assert "from 1 to 6" in capsys.readouterr().err
    assert exit_code(["replay", str(game_id), "--seat", "1"]) != 0
    assert "with --steps" in capsys.readouterr().err


def test_history_names_winners_by_seat_and_json_keeps_numbers(recorded, capsys):
    game_id, game = recorded
    assert main(["history"]) == 0
    out = capsys.readouterr().out
    names = " and ".join(COMPASS[3][seat] for seat in game.result.winners)
    assert names in out
    assert main(["history", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["winners"] == list(game.result.winners)
