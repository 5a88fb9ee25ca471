"""What a subcommand module registers itself with: ``ArgumentParser.add_subparsers()``'s
result, typed by what the modules call on it (argparse's class for it is private)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Protocol


class Subcommands(Protocol):
    def add_parser(self, name: str, *, help: str | None = ...,
                   description: str | None = ...,
                   formatter_class: type[argparse.HelpFormatter] = ...
                   ) -> argparse.ArgumentParser: ...


def show_help(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    """The ``func`` of a command given without its action (``parlour bench``): its help,
    exit code 2."""
    def run(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2
    return run
