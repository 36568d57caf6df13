"""The ``matatu-learn`` command. Bad arguments get one line and a non-zero exit."""

from __future__ import annotations

import argparse
import errno
import json
import os
import re
import secrets
import sys
from pathlib import Path

from .agents.choices import AGENT_CHOICES
from .engine.errors import MatatuError
from .engine.rules import parse_switch_value, with_switches
from .engine.rules_text import rules_text
from .server import DEFAULT_POOL_SIZE, MOST_CLASS_SIZE, MOST_POOL_SIZE
from .store.database import SEED_LIMIT, VERSION_LIMIT, RecordedSeat, SeatKind, StorageFailure, escaped, shown
from .store.roles import SHORTEST_CODE, TEACHER_CODE_VARIABLE
from .teaching.files import NAME_TOO_LONG, FileProblem, parse_json, read_text
from .teaching.voice import Voice, error_words

PROGRAM = "matatu-learn"
# Bounds no lesson, class or study needs to pass, short of a run that never ends or a number SQLite cannot hold.
GAMES_LIMIT = 10_000_000
HISTORY_LIMIT = 1_000_000
FAILURES_SHOWN = 50  # check prints this many failures, then how many more there were
LINE_LIMIT = 500  # characters of one printed line of check, so a 1 MB scenario name cannot flood a terminal
DISK_FULL = (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)
ASCII_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one sentence on one line, not usage plus a message."""

    def error(self, message: str) -> None:  # type: ignore[override]
        message = message[0].upper() + message[1:] if message else "Bad arguments"
        self.exit(2, f"{PROGRAM}: {escaped(message.rstrip('.'))}; see '{self.prog} --help'.\n")


def _whole_number(low: int, high: int):
    """A parser of whole numbers within bounds; every count has an upper bound, so none overflows SQLite."""

    def read(text: str) -> int:
        try:
            # ASCII digits only: int() would read '٣' (an Arabic-Indic three) as 3.
            if not ASCII_WHOLE_NUMBER.fullmatch(text.strip()):
                raise ValueError(text)
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{shown(text)} is not a whole number (write it in the digits 0-9)"
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{shown(value, 24)} is out of range (give a number from {low} to {high:,})"
            )
        return value

    return read


def _code_problem(code: str) -> str | None:
    """What is wrong with a teacher code as given, or None."""
    if code != code.strip():
        return "a teacher code cannot begin or end with a space (nobody could type it on a page); give it without them"
    if len(code) < SHORTEST_CODE or not code.isprintable():
        return f"a teacher code needs at least {SHORTEST_CODE} printable characters (a word the class does not know)"
    return None


def _teacher_code(text: str) -> str:
    problem = _code_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def _switch(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"'{text}' is not a switch setting (write NAME=VALUE, e.g. cut_limit=25)")
    return name.strip(), value


def _parser() -> _Parser:
    parser = _Parser(prog=PROGRAM, description="Learn and study Matatu, the Ugandan card game.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    serve = commands.add_parser(
        "serve",
        help="serve the notebooks with Voilà, landing page first",
        description="Serve the lessons with Voilà until Ctrl-C; the kernel of a closed page stops within two minutes. "
        "The notebooks served: --notebooks FOLDER if given, else ./notebooks if it holds an index.ipynb, "
        "else the lessons installed with matatu-learn.",
    )
    serve.add_argument("--port", type=_whole_number(1, 65535), default=8866, help="the port (default 8866)")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="the address to listen on (default 127.0.0.1, this machine only); "
        "0.0.0.0 serves a classroom network and prints the address to share",
    )
    serve.add_argument(
        "--notebooks",
        type=Path,
        default=None,
        metavar="FOLDER",
        help="the notebooks folder (default: ./notebooks, else the installed lessons)",
    )
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument(
        "--pool-size",
        type=_whole_number(0, MOST_POOL_SIZE),
        default=DEFAULT_POOL_SIZE,
        metavar="N",
        help=f"pre-heated kernels kept ready for each page, so that a page opens at once "
        f"(default {DEFAULT_POOL_SIZE}; 0: none, every page starts its own kernel)",
    )
    serve.add_argument(
        "--class-size",
        type=_whole_number(0, MOST_CLASS_SIZE),
        default=0,
        metavar="N",
        help="pre-heated kernels kept for the landing page instead, so that a class opening it together "
        "finds one each (about 65 MB each; default 0: --pool-size, as every page; with --pool-size 0, "
        "the landing page's pool is the only one)",
    )
    serve.add_argument(
        "--teacher-code",
        type=_teacher_code,
        default=None,
        metavar="CODE",
        help="the code a teacher types on the pages to publish rules, import games and see the class; "
        "without it nobody can",
    )
    serve.add_argument(
        "--teacher-code-file",
        type=Path,
        default=None,
        metavar="FILE",
        help="read the teacher code from FILE (its first line), so that it shows in no process list or shell history; "
        f"or set {TEACHER_CODE_VARIABLE}",
    )

    check = commands.add_parser("check", help="run scenario files (SCENARIOS.md)")
    check.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")

    rules = commands.add_parser(
        "rules",
        help="print a ruleset's rules text and switches, list rulesets, or publish your own",
        description=(
            "matatu-learn rules [RULESET] [--version N] [--set NAME=VALUE ...] | rules --list | "
            "rules publish NAME [--from BASE] --set NAME=VALUE ..."
        ),
    )
    rules.add_argument("name", nargs="?", metavar="RULESET", help="a published ruleset, or 'publish'")
    rules.add_argument("new_name", nargs="?", metavar="NAME", help="with publish: the name of your ruleset")
    rules.add_argument(
        "--version",
        type=_whole_number(1, VERSION_LIMIT),
        default=None,
        help="a published version (default: the latest)",
    )
    rules.add_argument("--list", action="store_true", help="list every ruleset and version")
    rules.add_argument(
        "--from",
        dest="base",
        metavar="BASE",
        help="with publish: the ruleset a new one starts from (a published name takes its next version without it)",
    )
    rules.add_argument(
        "--set",
        dest="switches",
        type=_switch,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a switch to change, e.g. --set cut_limit=25: printed as a mix, or with publish, published",
    )
    rules.add_argument("--title", default="", help="with publish: a one-line description")

    puzzles = commands.add_parser("puzzles", help='print "Can you cut?" puzzles with their answers')
    puzzles.add_argument(
        "--rules",
        default="house",
        metavar="RULESET",
        help="any published ruleset: a preset or your own (default house)",
    )
    puzzles.add_argument(
        "--level",
        default="easy",
        choices=("easy", "medium", "hard"),
        metavar="LEVEL",
        help="easy, medium or hard (default easy)",
    )
    puzzles.add_argument(
        "--count", type=_whole_number(1, 1000), default=10, help="how many (default 10, at most 1,000)"
    )
    puzzles.add_argument(
        "--seed", type=_whole_number(0, SEED_LIMIT), default=0, help="the set number: the same seed, the same puzzles"
    )
    puzzles.add_argument("--file", type=Path, metavar="FILE", help="check and print a teacher's puzzle file instead")
    puzzles.add_argument("--json", action="store_true", help="print one JSON list")

    history = commands.add_parser("history", help="list recorded games, newest first")
    history.add_argument("--rules", metavar="RULESET", help="only games of this ruleset")
    history.add_argument(
        "--limit", type=_whole_number(1, HISTORY_LIMIT), default=20, help="how many (default 20, at most 1,000,000)"
    )
    history.add_argument("--room", metavar="CODE", help="only the rounds played in the room of this code")
    history.add_argument("--json", action="store_true", help="print one JSON list")

    rooms = commands.add_parser(
        "rooms",
        help="list the open rooms on this server's database, or close one",
        description="Lists the open rooms (code, status, round, seats taken, rules, players); "
        "--close CODE closes one for everyone at it (its rounds stay in the history).",
    )
    rooms.add_argument("--close", metavar="CODE", help="close the room of this code")
    rooms.add_argument("--json", action="store_true", help="print one JSON list")

    replay = commands.add_parser("replay", help="replay a recorded game and confirm it reproduces")
    replay.add_argument(
        "game_id", type=_whole_number(1, SEED_LIMIT), metavar="ID", help="a game id from 'matatu-learn history'"
    )
    replay.add_argument("--steps", action="store_true", help="tell every move, one numbered line each")
    replay.add_argument(
        "--seat",
        type=_whole_number(1, 6),
        metavar="K",
        help="with --steps: tell the game as seat K (counted from 1) saw it; the cards K could not see stay unnamed",
    )

    export = commands.add_parser("export", help="write recorded games (and their rulesets) to a JSON file")
    export.add_argument("file", type=Path, metavar="FILE")
    export.add_argument("--rules", metavar="RULESET", help="only games of this ruleset")

    import_ = commands.add_parser("import", help="add the games of an exported JSON file; each is replayed first")
    import_.add_argument("file", type=Path, metavar="FILE")

    simulate = commands.add_parser("simulate", help="play rounds between agents and report results and speed")
    simulate.add_argument("--rules", required=True, metavar="RULESET", help="a published ruleset")
    simulate.add_argument("--version", type=_whole_number(1, VERSION_LIMIT), default=None, help="a published version")
    simulate.add_argument(
        "--set",
        dest="switches",
        type=_switch,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a switch for this run, e.g. --set cut_limit=25",
    )
    simulate.add_argument("--players", type=_whole_number(2, 6), default=2, help="2 to 6 (default 2)")
    simulate.add_argument(
        "--games",
        type=_whole_number(1, GAMES_LIMIT),
        default=100,
        help="rounds to play (default 100, at most 10,000,000)",
    )
    simulate.add_argument(
        "--seed", type=_whole_number(0, SEED_LIMIT), default=0, help="seed for the deals and agents (default 0)"
    )
    simulate.add_argument(
        "--agents",
        default="random",
        help="comma-separated agents, one per seat or one for all; they change seats from round to round: "
        + "; ".join(f"{spec} ({text})" for spec, text in AGENT_CHOICES.items())
        + "; search is search:2 (default random)",
    )
    simulate.add_argument(
        "--time-moves",
        action="store_true",
        help="time every move, also when every seat is random (timed by default otherwise)",
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    simulate.add_argument("--record", action="store_true", help="record every round in the database")
    where = simulate.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=_whole_number(1, 256),
        default=None,
        metavar="N",
        help="play the rounds on N local processes, at most 256 (the same results as one)",
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the rounds on a Dask cluster, e.g. tcp://10.0.0.5:8786 (the same results as here)",
    )

    odds = commands.add_parser(
        "odds",
        help="the chance that cutting now wins, from what the seat to move can see",
        description="Reads a position file (the rules and position of a scenario file). Only what the seat to move "
        "could see counts: the other hands and the stock matter only by their sizes.",
    )
    odds.add_argument(
        "--position", type=Path, required=True, metavar="FILE", help="a JSON file with rules and position"
    )
    odds.add_argument("--cut", metavar="CARD", help="the chopper to cut with (default: the best legal cut)")
    odds.add_argument(
        "--samples",
        type=_whole_number(1, 100_000_000),
        default=1_000_000,
        help="random deals when the odds are sampled (default 1,000,000, at most 100,000,000)",
    )
    odds.add_argument(
        "--seed", type=_whole_number(0, SEED_LIMIT), default=0, help="seed for the random deals (default 0)"
    )
    odds.add_argument(
        "--method",
        default="auto",
        choices=("auto", "exact", "sample"),
        metavar="METHOD",
        help="exact (count every deal), sample, or auto: exact when that is quick (default)",
    )
    odds.add_argument(
        "--wait", action="store_true", help="also play sampled rounds on to see whether waiting a turn does better"
    )
    odds.add_argument(
        "--wait-samples",
        type=_whole_number(1, 1_000_000),
        default=2_000,
        metavar="N",
        help="rounds played for --wait (default 2,000, at most 1,000,000)",
    )
    odds.add_argument("--json", action="store_true", help="print one JSON object")

    progress = commands.add_parser(
        "progress",
        help="learners' lessons, puzzle ratings, games and error rates (the teacher's view)",
        description="Every learner's progress kept in this database, or one learner's with --learner NAME.",
    )
    progress.add_argument("--learner", metavar="NAME", help="only this learner (names match whatever their case)")
    progress_format = progress.add_mutually_exclusive_group()
    progress_format.add_argument("--json", action="store_true", help="print one JSON list of learners")
    progress_format.add_argument("--csv", action="store_true", help="print a CSV table, one learner a row")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    for number, text in enumerate(argv, 1):
        if not _is_utf8(text):
            # Python keeps bytes that are not UTF-8 as lone surrogates, which no terminal or file can show.
            print(
                f"{PROGRAM}: argument {number} ({shown(text)}) is not valid UTF-8 text; write every argument in UTF-8.",
                file=sys.stderr,
            )
            return 2
    arguments = _parser().parse_args(argv)
    try:
        return _COMMANDS[arguments.command](arguments)
    except MatatuError as error:
        # The database's keeper runs the command line: a storage failure's sentence with its path and advice.
        words = str(error) if isinstance(error, StorageFailure) else error_words(error)
        print(f"{PROGRAM}: {escaped(words)}", file=sys.stderr)
        return 2
    except OSError as error:
        if error.errno != errno.ENAMETOOLONG:
            raise
        # A name the system refuses, wherever the command met it (a folder to serve, a file to write).
        print(f"{PROGRAM}: {shown(str(error.filename), 60)} {NAME_TOO_LONG}: give a shorter path.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (e.g. `head`) stopped early; say nothing more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _say(line: str, limit: int | None = None) -> None:
    """Print text that came from a file or the database: control characters escaped, never run by the terminal."""
    line = escaped(line)
    print(line if limit is None or len(line) <= limit else line[:limit] + "…")


def _print_json(data) -> None:
    text = json.dumps(data, ensure_ascii=False)
    print(text if text.isprintable() else json.dumps(data))  # unprintable characters as \u escapes


def _read_text(path: Path, what: str) -> str:
    """The text a file holds, or a sentence saying why it cannot be read (every command reads its files here)."""
    try:
        return read_text(path)
    except FileProblem as problem:
        raise MatatuError(f"{problem.path} {problem.phrase}: give {what}.") from None
    except OSError as error:
        raise MatatuError(f"Cannot read {path} ({error.strerror}).") from None
    except UnicodeDecodeError:
        raise MatatuError(f"{path} is not a text file in UTF-8: give {what}.") from None


def _read_json(path: Path, what: str):
    """The JSON a file holds, or a sentence saying why it cannot be read."""
    text = _read_text(path, what)
    try:
        return parse_json(text, path)
    except FileProblem as problem:
        raise MatatuError(f"{problem.path} {problem.phrase}: give {what}.") from None
    except json.JSONDecodeError as error:
        raise MatatuError(f"{path} is not JSON ({error.msg}, line {error.lineno}): give {what}.") from None


def _check(arguments) -> int:
    from .teaching.scenarios import Outcome, check_file, scenario_files

    passed = failed = 0
    for path in arguments.paths:
        files = scenario_files([path])
        found = []
        for file in files:
            found.extend(check_file(file))
        if not files:
            found = [Outcome(str(path), False, "no scenario files (*.json) in this folder")]
        for outcome in found:
            if not outcome.passed:
                failed += 1
                if failed > FAILURES_SHOWN:
                    continue
            else:
                passed += 1
            _say(outcome.line(), LINE_LIMIT)
    if failed > FAILURES_SHOWN:
        print(f"… and {failed - FAILURES_SHOWN} more failed (the first {FAILURES_SHOWN} are shown)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _rules(arguments) -> int:
    from .store.database import Store

    if arguments.name == "publish":
        return _publish(arguments)
    if arguments.base or arguments.title or arguments.new_name:
        raise MatatuError("--from, --title and a second name go with 'rules publish NAME'.")
    with Store() as store:
        if arguments.list or arguments.name is None:
            if arguments.switches:
                raise MatatuError("--set needs a ruleset: write e.g. 'matatu-learn rules uganda --set jokers=true'.")
            for name in store.names():
                published = store.ruleset(name)
                numbers = ", ".join(f"v{number}" for number in store.versions(name))
                _say(f"{name:<16} {numbers:<10} {published.title or 'from ' + published.base}")
            return 0
        published = store.ruleset(arguments.name, arguments.version)
    title = f"{published.name} v{published.version}: {published.title or 'based on ' + published.base}"
    rules = published.rules
    if arguments.switches:
        # A switch mix is printed, not published: what a table would read before it decides.
        changes = {name: parse_switch_value(name, value) for name, value in arguments.switches}
        rules = with_switches(rules, changes)
        written = ", ".join(f"{name}={value}" for name, value in arguments.switches)
        title = f"{published.name} v{published.version} with {written} (not published)"
    print(rules_text(rules, escaped(title)))  # the title may be anyone's text; the rest is the package's
    return 0


def _publish(arguments) -> int:
    from .store.database import Store

    if not arguments.new_name:
        raise MatatuError("Write 'matatu-learn rules publish NAME [--from BASE] --set NAME=VALUE ...'.")
    changes = {name: parse_switch_value(name, value) for name, value in arguments.switches}
    with Store() as store:
        version = store.publish(arguments.new_name, arguments.base, changes, arguments.title)
    _say(f"{arguments.new_name} v{version} is published; 'matatu-learn rules {arguments.new_name}' prints it.")
    return 0


def _puzzles(arguments) -> int:
    from .teaching.puzzles import QUESTION_TEXT, load_puzzles, puzzle_set

    if arguments.file is not None:
        puzzles = load_puzzles(arguments.file)
    else:
        puzzles = puzzle_set(arguments.rules, arguments.level, arguments.count, arguments.seed)
    if arguments.json:
        _print_json([puzzle.to_json() for puzzle in puzzles])
        return 0
    for number, puzzle in enumerate(puzzles, 1):
        position = puzzle.position
        _say(
            f"{number}. {QUESTION_TEXT[puzzle.question]}  ({json.dumps(puzzle.rules, ensure_ascii=False)}, {puzzle.level})"
        )
        _say(
            f"   your hand: {position['hands'][position.get('to_move', 0)]}   pile: {position.get('pile', 'bare table')}"
            + (f"   marker: {position['marker']}" if "marker" in position else "")
        )
        _say(f"   answer: {json.dumps(puzzle.answer, ensure_ascii=False)}")
        _say(f"   {puzzle.explanation}")
    return 0


def _history(arguments) -> int:
    from .store.database import Store

    room = None if arguments.room is None else _room_code(arguments.room)
    with Store() as store:
        records = store.games(arguments.rules, arguments.limit, room=room)
    if arguments.json:
        _print_json([record.to_json() for record in records])
        return 0
    if not records:
        if room is not None:
            print(f"No rounds of room {room} are recorded yet.")
            return 0
        print("No recorded games yet: 'matatu-learn simulate --rules house --games 10 --record' records some.")
        return 0
    print(
        f"{'id':>6}  {'ruleset':<18} {'room':<5} {'players':<8} {'seats':<28} {'ended':<8} {'winners':<8} "
        f"{'points':<20} finished"
    )
    for record in records:
        # A room's seats are its players' names; a table of one page names them by compass point.
        seats = [seat.agent if seat.kind is SeatKind.COMPUTER else seat.name or str(seat.kind) for seat in record.seats]
        voice = Voice(record.players, names=seats if record.room else None)
        winners = " and ".join(voice.seat(seat) for seat in record.winners)
        _say(
            f"{record.id:>6}  {record.ruleset + ' v' + str(record.version):<18} {record.room or '-':<5} "
            f"{record.players:<8} {escaped(','.join(seats))[:28]:<28} {record.reason:<8} {winners:<8} "
            f"{' '.join(map(str, record.points))[:20]:<20} {record.ended_at[:19].replace('T', ' ')}"
        )
    return 0


def _room_code(text: str) -> str:
    """A room's code as typed, or its refusal in words."""
    from .play.rooms import RoomError, read_code
    from .teaching.room import refusal_words

    try:
        return read_code(text)
    except RoomError as error:
        raise MatatuError(refusal_words(error)) from None


def _rooms(arguments) -> int:
    from .teaching.room import NO_OPEN_ROOMS, close_room, open_rooms

    if arguments.close is not None:
        if arguments.json:
            raise MatatuError("--json goes with the list of rooms, not with --close.")
        code = _room_code(arguments.close)
        close_room(None, code)
        print(f"Room {code} is closed; its recorded rounds stay in the history ('matatu-learn history --room {code}').")
        return 0
    listed = open_rooms()
    if arguments.json:
        _print_json(listed)
        return 0
    if not listed:
        print(NO_OPEN_ROOMS)
        return 0
    print(f"{'code':<5} {'status':<20} {'round':>5}  {'seats':<6} {'rules':<40} players")
    for room in listed:
        _say(
            f"{room['code']:<5} {room['status_words']:<20} {room['round']:>5}  {room['seats']:<6} "
            f"{room['ruleset'][:40]:<40} {', '.join(room['players'])}"
        )
    return 0


def _replay(arguments) -> int:
    from .store.database import Store

    if arguments.seat is not None and not arguments.steps:
        raise MatatuError("--seat tells the game from one seat: give it with --steps.")
    with Store() as store:
        report = store.replay(arguments.game_id)
    record = report.record
    seat = None if arguments.seat is None else arguments.seat - 1
    if seat is not None and seat >= record.players:
        raise MatatuError(f"Game {record.id} has {record.players} seats: give --seat from 1 to {record.players}.")
    voice = Voice(record.players, viewer=seat)
    if arguments.steps:
        for number, line in enumerate(voice.narrate(report.frames), 1):
            _say(f"{number:>4}. {line}")
    summary = (
        f"game {record.id}: {record.ruleset} v{record.version}, {record.players} players, seed {record.seed}, "
        f"{len(record.actions)} actions"
    )
    if report.reproduced:
        print(f"{summary}: reproduced. {voice.result(report.game.result)}")
        return 0
    _say(f"{summary}: NOT reproduced: {report.difference}.")
    return 1


def _export(arguments) -> int:
    from .store.database import Store

    with Store() as store:
        data = store.export(arguments.rules)
    # A lone surrogate left by an older version is written as the JSON escape it reads back as.
    _write_atomically(
        arguments.file, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8", "backslashreplace")
    )
    _say(f"{len(data['games'])} games written to {arguments.file}.")
    return 0


def _write_atomically(path: Path, content: bytes) -> None:
    """Write a file whole or not at all: a temporary file in the same folder, renamed over the old one."""
    if path.is_dir():
        raise MatatuError(f"{path} is a folder: give the name of the file to write.")
    temporary = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.partial"
    try:
        # os.open, not tempfile: the file gets the modes (umask) an ordinary new file would.
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(descriptor, "wb") as file:
            file.write(content)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        if error.errno in DISK_FULL:
            raise MatatuError(
                f"The disk is full, so {path} was not written (a file already there is as it was); "
                "free some space and try again."
            ) from None
        raise MatatuError(f"Cannot write {path} ({error.strerror}).") from None
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)


def _import(arguments) -> int:
    from .store.database import Store

    data = _read_json(arguments.file, "a JSON file of exported games ('matatu-learn export' writes one)")
    with Store() as store:
        report = store.import_games(data)
    ids = report.ids
    held = f"; {report.skipped} already held, skipped" if report.skipped else ""
    print(f"{len(ids)} games imported" + (f" (ids {ids[0]}-{ids[-1]})" if ids else "") + held + ".")
    return 0


def _simulate(arguments) -> int:
    from .agents.choices import agent_spec
    from .agents.simulate import simulate
    from .store.registry import find_rules

    rules = find_rules(arguments.rules, arguments.version)
    if arguments.switches:
        if arguments.record:
            raise MatatuError(
                "--record keeps games under a published ruleset: publish your switches first (matatu-learn rules publish)."
            )
        rules = with_switches(rules, {name: parse_switch_value(name, value) for name, value in arguments.switches})
    agents = [agent_spec(name) for name in arguments.agents.split(",") if name.strip()]
    if len(agents) not in (1, arguments.players):
        raise MatatuError(
            f"--agents needs one agent for all seats or one per seat ({arguments.players}), not {len(agents)}."
        )
    timed = True if arguments.time_moves else None
    spread = arguments.workers is not None or arguments.scheduler is not None
    if spread and arguments.record:
        raise MatatuError("--record writes rounds here as they are played: leave out --workers and --scheduler.")
    if arguments.record:
        from .store.database import Store

        with Store() as store:
            version = store.ruleset(arguments.rules, arguments.version).version

            def record(game, players):
                store.record(game, arguments.rules, version, [RecordedSeat.computer(player.name) for player in players])

            report = simulate(
                rules, arguments.players, arguments.games, arguments.seed, agents, on_round=record, timed=timed
            )
    elif spread:
        from .strategy.sweeps import simulate_sweep

        report = simulate_sweep(
            rules,
            arguments.players,
            arguments.games,
            arguments.seed,
            agents,
            workers=arguments.workers or 1,
            scheduler=arguments.scheduler,
            progress=not arguments.json and sys.stderr.isatty(),
            timed=timed,
        )
    else:
        report = simulate(rules, arguments.players, arguments.games, arguments.seed, agents, timed=timed)
    report["rules"] = arguments.rules
    report["recorded"] = arguments.record
    if arguments.json:
        _print_json(report)
        return 0
    print(
        f"{report['games']} rounds of {arguments.rules}, {arguments.players} players, agents {', '.join(report['agents'])}, seed {arguments.seed}"
    )
    print("wins by seat: " + ", ".join(f"seat {seat + 1}: {wins}" for seat, wins in enumerate(report["wins"])))
    print("rounds ended: " + ", ".join(f"{reason} {count}" for reason, count in report["reasons"].items()))
    print("wins by agent (a tie shared equally; 95% interval):")
    for name, won in report["agent_wins"].items():
        low, high = won["interval"]
        print(f"  {name:<10} {won['wins']:g} of {won['games']} = {won['share']:.1%} ({low:.1%} to {high:.1%})")
    if report["move_ms"]:
        print("move time (ms), all moves and those with more than one legal action:")
        for name, times in report["move_ms"].items():
            line = f"  {name:<10} median {times['median']:g}, 95th percentile {times['p95']:g} ({times['moves']} moves)"
            if times["choices"]:
                line += (
                    f"; median {times['choice_median']:g}, 95th percentile {times['choice_p95']:g} ({times['choices']})"
                )
            print(line)
    print(f"{report['decisions']} decisions, {report['avg_decisions_per_game']} per round")
    print(f"{report['seconds']} s: {report['games_per_s']} rounds/s, {report['decisions_per_s']} decisions/s")
    return 0


def _odds(arguments) -> int:
    from .engine.errors import IllegalActionError
    from .engine.view import PlayerView
    from .strategy.odds import INTERVAL, cut_odds, wait_odds

    game = _read_position_file(arguments.position)
    view = PlayerView(game, game.to_move)  # the seat to move asks, and sees only its own table
    try:
        odds = cut_odds(view, arguments.cut, samples=arguments.samples, seed=arguments.seed, method=arguments.method)
    except IllegalActionError as error:
        print(f"{PROGRAM}: {escaped(error_words(error))}", file=sys.stderr)
        return 1
    waiting, wait_refused = None, None
    if arguments.wait:
        try:
            waiting = wait_odds(view, odds.cut, samples=arguments.wait_samples, seed=arguments.seed)
        except MatatuError as error:  # a refused wait, or no move but the cut
            wait_refused = error_words(error)
    if arguments.json:
        report = {"seat": view.seat, **odds.to_json()}
        if arguments.wait:
            report["wait"] = waiting.to_json() if waiting is not None else None
            report["wait_refused"] = wait_refused
        _print_json(report)
        return 0
    sizes = ", ".join(map(str, odds.opponent_sizes))
    others = "the other hand holds" if len(odds.opponent_sizes) == 1 else "the other hands hold"
    print(
        f"Seat {view.seat} to move: your hand counts {odds.cutter_total} after the cut; {others} "
        f"{sizes} cards, dealt from the {odds.unseen} cards you have not seen."
    )
    print(odds.sentence())
    if odds.exact:
        print(f"Counted exactly in {odds.seconds:.3f} s.")
    else:
        print(
            f"{odds.samples:,} deals sampled in {odds.seconds:.2f} s ({odds.samples_per_s:,.0f} deals a second), "
            f"seed {odds.seed}; ± is {INTERVAL} standard errors (95% of such estimates land that close)."
        )
    if waiting is not None:
        print(waiting.sentence())
    if wait_refused is not None:
        print(wait_refused)
    return 0


def _read_position_file(path: Path):
    """The round a position file describes: its ``rules`` and ``position``, as in a scenario file."""
    from .teaching.scenarios import read_position, read_rules

    data = _read_json(path, "a JSON file with rules and position")
    if not isinstance(data, dict) or "rules" not in data or "position" not in data:
        raise MatatuError(f'{path} must hold one JSON object with "rules" and "position", as a scenario file does.')
    try:
        return read_position(read_rules(data["rules"]), data["position"])
    except MatatuError as error:
        raise MatatuError(f"{path}: {error}") from None


def _serve(arguments) -> int:
    from .server import notebooks_folder, serve

    code = _served_teacher_code(arguments)
    folder = notebooks_folder(arguments.notebooks)
    return serve(
        folder,
        arguments.port,
        arguments.host,
        open_browser=not arguments.no_browser,
        teacher_code=code,
        pool_size=arguments.pool_size,
        class_size=arguments.class_size,
    )


def _served_teacher_code(arguments) -> str | None:
    """The teacher code from --teacher-code, --teacher-code-file or the environment (one of them), checked."""
    given = [arguments.teacher_code is not None, arguments.teacher_code_file is not None]
    if all(given):
        raise MatatuError("Give the teacher code one way: --teacher-code or --teacher-code-file, not both.")
    if arguments.teacher_code is not None:
        return arguments.teacher_code
    if arguments.teacher_code_file is not None:
        path = arguments.teacher_code_file
        lines = _read_text(path, "a file holding the teacher code").splitlines()
        code, where = (lines[0] if lines else ""), str(path)
    else:
        code, where = os.environ.get(TEACHER_CODE_VARIABLE, ""), TEACHER_CODE_VARIABLE
        if not code:
            return None
    problem = _code_problem(code)
    if problem is not None:
        raise MatatuError(f"The teacher code in {where}: {problem}.")
    return code


# The columns of `progress --csv`: the JSON's fields a spreadsheet can hold.
PROGRESS_CSV = (
    "name",
    "lessons_done",
    "puzzles_attempted",
    "puzzles_right",
    "puzzle_rating",
    "puzzle_deviation",
    "games",
    "decisions",
    "error_rate",
    "blunders",
    "mistakes_queued",
    "mistakes_due",
    "active_at",
    "steps_done",  # added later than the others: a spreadsheet's columns keep their places
    "graded",
)


def _progress(arguments) -> int:
    import csv

    from .store.database import Store
    from .store.progress import Progress
    from .teaching.progress import CLASS_COLUMNS, NO_LEARNERS, class_rows, progress_json

    with Store() as store:
        keeper = Progress(store)
        if arguments.learner is not None:
            learners = [keeper.progress(arguments.learner)]
        else:
            learners = keeper.class_progress()
    if arguments.json:
        _print_json([progress_json(learner) for learner in learners])
        return 0
    if arguments.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(PROGRESS_CSV)
        for learner in learners:
            data = progress_json(learner)
            # A cell a spreadsheet would read as a formula is written as text.
            writer.writerow(
                "'" + value if isinstance(value, str) and value[:1] in ("=", "+", "-", "@") else value
                for value in ("" if data[field] is None else data[field] for field in PROGRESS_CSV)
            )
        return 0
    if not learners:
        print(NO_LEARNERS)
        return 0
    rows = [CLASS_COLUMNS, *class_rows(learners)]
    widths = [max(len(row[column]) for row in rows) for column in range(len(CLASS_COLUMNS))]
    for row in rows:
        _say("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
    return 0


_COMMANDS = {
    "check": _check,
    "rules": _rules,
    "simulate": _simulate,
    "serve": _serve,
    "history": _history,
    "replay": _replay,
    "export": _export,
    "import": _import,
    "puzzles": _puzzles,
    "odds": _odds,
    "rooms": _rooms,
    "progress": _progress,
}

if __name__ == "__main__":
    raise SystemExit(main())
