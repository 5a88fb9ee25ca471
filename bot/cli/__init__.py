"""The ``parlour`` command line: one module per subcommand.

Each module in ``COMMANDS`` defines ``add_parser(subparsers)`` which registers
its subcommand and sets ``func`` (returning an exit code).
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .subcommands import Subcommands

COMMANDS = ("play", "daily", "rules_cmd", "bench", "leaderboard", "replay", "selfplay", "run",
            "health", "doctor", "dbtools", "tournament", "review", "puzzle")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="parlour", description="Parlour: card tables for Discord and the terminal.")
    sub: Subcommands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    from ..plugins import GameModuleError

    try:
        parser = build_parser()   # the help texts list the games: they load here
    except GameModuleError as e:
        print(f"Error: {e}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print()
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
