"""The ``matatu-learn`` command. Bad arguments get one line and a non-zero exit."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

from .errors import MatatuError
from .rules import PRESET_TITLES, PUBLISHED, parse_switch_value, published_rules, with_switches
from .rules_text import rules_text

PROGRAM = "matatu-learn"


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one sentence on one line, not usage plus a message."""

    def error(self, message: str) -> None:  # type: ignore[override]
        message = message[0].upper() + message[1:] if message else "Bad arguments"
        self.exit(2, f"{PROGRAM}: {message.rstrip('.')}; see '{self.prog} --help'.\n")


def _whole_number(low: int, high: int | None = None):
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < low or (high is not None and value > high):
            bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{value} is out of range (give a number {bounds})")
        return value

    return read


def _switch(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"'{text}' is not a switch setting (write NAME=VALUE, e.g. cut_limit=25)")
    return name.strip(), value


def _parser() -> _Parser:
    parser = _Parser(prog=PROGRAM, description="Learn and study Matatu, the Ugandan card game.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    serve = commands.add_parser("serve", help="serve the notebooks with Voilà, landing page first")
    serve.add_argument("--port", type=_whole_number(1, 65535), default=8866, help="port on localhost (default 8866)")
    serve.add_argument("--notebooks", type=Path, default=None, help="the notebooks folder (default: the project's)")
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")

    check = commands.add_parser("check", help="run scenario files (SCENARIOS.md)")
    check.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")

    rules = commands.add_parser("rules", help="print a ruleset's rules text and switches")
    rules.add_argument("name", nargs="?", metavar="RULESET", help="a published ruleset (house, uganda, bomb, party)")
    rules.add_argument("--version", type=_whole_number(1), default=None, help="a published version (default: the latest)")
    rules.add_argument("--list", action="store_true", help="list every ruleset and version")

    simulate = commands.add_parser("simulate", help="play rounds between agents and report results and speed")
    simulate.add_argument("--rules", required=True, metavar="RULESET", help="a published ruleset")
    simulate.add_argument("--version", type=_whole_number(1), default=None, help="a published version")
    simulate.add_argument("--set", dest="switches", type=_switch, action="append", default=[], metavar="NAME=VALUE",
                          help="change a switch for this run, e.g. --set cut_limit=25")
    simulate.add_argument("--players", type=_whole_number(2, 6), default=2, help="2 to 6 (default 2)")
    simulate.add_argument("--games", type=_whole_number(1), default=100, help="rounds to play (default 100)")
    simulate.add_argument("--seed", type=_whole_number(0), default=0, help="seed for the deals and agents (default 0)")
    simulate.add_argument("--agents", default="random", help="comma-separated agents, one per seat or one for all: random, heuristic")
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: list[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    try:
        return _COMMANDS[arguments.command](arguments)
    except MatatuError as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _check(arguments) -> int:
    from .scenarios import Outcome, check_file, scenario_files

    outcomes = []
    for path in arguments.paths:
        files = scenario_files([path])
        if files:
            found = [outcome for file in files for outcome in check_file(file)]
        else:
            found = [Outcome(str(path), False, "no scenario files (*.json) in this folder")]
        for outcome in found:
            print(outcome.line())
        outcomes.extend(found)
    failed = sum(not outcome.passed for outcome in outcomes)
    print(f"{len(outcomes) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _rules(arguments) -> int:
    if arguments.list or arguments.name is None:
        for name, versions in PUBLISHED.items():
            numbers = ", ".join(f"v{number}" for number in sorted(versions))
            print(f"{name:<10} {numbers:<8} {PRESET_TITLES.get(name, '')}")
        return 0
    rules = published_rules(arguments.name, arguments.version)
    version = arguments.version or max(PUBLISHED[arguments.name])
    title = f"{arguments.name} v{version}: {PRESET_TITLES.get(arguments.name, '')}".rstrip(": ")
    print(rules_text(rules, title))
    return 0


def _simulate(arguments) -> int:
    from .agents import AGENTS
    from .simulate import simulate

    rules = published_rules(arguments.rules, arguments.version)
    if arguments.switches:
        rules = with_switches(rules, {name: parse_switch_value(name, value) for name, value in arguments.switches})
    agents = [name.strip() for name in arguments.agents.split(",") if name.strip()]
    for name in agents:
        if name not in AGENTS:
            raise MatatuError(f"'{name}' is not an agent: choose from {', '.join(AGENTS)}.")
    if len(agents) not in (1, arguments.players):
        raise MatatuError(f"--agents needs one agent for all seats or one per seat ({arguments.players}), not {len(agents)}.")
    report = simulate(rules, arguments.players, arguments.games, arguments.seed, agents)
    report["rules"] = arguments.rules
    if arguments.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"{report['games']} rounds of {arguments.rules}, {arguments.players} players, agents {', '.join(report['agents'])}, seed {arguments.seed}")
    print("wins by seat: " + ", ".join(f"seat {seat}: {wins}" for seat, wins in enumerate(report["wins"])))
    print("rounds ended: " + ", ".join(f"{reason} {count}" for reason, count in report["reasons"].items()))
    print(f"{report['decisions']} decisions, {report['avg_decisions_per_game']} per round")
    print(f"{report['seconds']} s: {report['games_per_s']} rounds/s, {report['decisions_per_s']} decisions/s")
    return 0


def notebooks_folder(given: Path | None) -> Path:
    """The notebooks to serve: the one given, ./notebooks, or the project's beside the package."""
    candidates = [given] if given is not None else [Path.cwd() / "notebooks", Path(__file__).resolve().parent.parent / "notebooks"]
    for folder in candidates:
        if (folder / "index.ipynb").is_file():
            return folder
    raise MatatuError(f"No notebooks folder with an index.ipynb was found (looked in {', '.join(map(str, candidates))}).")


def _serve(arguments) -> int:
    folder = notebooks_folder(arguments.notebooks)
    voila = shutil.which("voila")
    if voila is None:
        raise MatatuError("Voilà is not installed: install matatu-learn with its dependencies (pip install -e .).")
    url = f"http://localhost:{arguments.port}/voila/render/index.ipynb"
    print(f"Serving the lessons at {url}")
    command = [
        voila, str(folder), f"--port={arguments.port}", "--Voila.ip=127.0.0.1",
        "--VoilaConfiguration.show_tracebacks=False", "--no-browser",
    ]
    if not arguments.no_browser:
        import threading
        import webbrowser

        threading.Timer(2.0, webbrowser.open, args=(url,)).start()
    return subprocess.call(command)


_COMMANDS = {"check": _check, "rules": _rules, "simulate": _simulate, "serve": _serve}

if __name__ == "__main__":
    raise SystemExit(main())
