"""``parlour rules GAME``: the player-facing rules text."""

from __future__ import annotations

import argparse

import rules


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("rules", help="show the rules of a game")
    p.add_argument("game", nargs="?", help=f"one of: {', '.join(sorted(rules.GAMES))}")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not args.game:
        for name, game in sorted(rules.GAMES.items()):
            print(f"{name:10} {game.summary()}\n")
        return 0
    try:
        game = rules.get_game(args.game)
    except ValueError as e:
        print(e)
        return 2
    print(game.rules_text())
    return 0
