"""``parlour health``: is the running bot healthy?  Reads the heartbeat file the bot
rewrites every 30 s (PARLOUR_HEARTBEAT): connected to Discord's gateway, database
answering, beat recent.  Exit 0 healthy, 1 not (Docker's HEALTHCHECK)."""

from __future__ import annotations

import argparse
import os
import sys

from ..heartbeat import health
from .help_text import description
from .subcommands import Subcommands

DEFAULT_MAX_AGE = 90.0  # three missed beats


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("health", help="check the running bot's heartbeat (exit 0 healthy, 1 not)",
                       description=description(__doc__))
    p.add_argument("--file", help="the heartbeat file (default: PARLOUR_HEARTBEAT)")
    p.add_argument("--max-age", type=float, default=DEFAULT_MAX_AGE,
                   help=f"seconds after which a heartbeat is too old (default {DEFAULT_MAX_AGE:g})")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    path = args.file or os.environ.get("PARLOUR_HEARTBEAT", "").strip()
    if not path:
        print("No heartbeat file: set PARLOUR_HEARTBEAT (as the bot has it) or pass --file.",
              file=sys.stderr)
        return 1
    problem = health(path, args.max_age)
    if problem:
        print(f"Unhealthy: {problem}", file=sys.stderr)
        return 1
    print("Healthy: connected to Discord, database answering.")
    return 0
