"""``parlour play GAME``: play in the terminal against AI seats."""

from __future__ import annotations

import argparse
import sys

import rules
from rules.ai.players import LEVELS, make_player
from rules.errors import IllegalAction

from ..textview import render_view


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a game in the terminal (you are seat 0)")
    p.add_argument("game", help=f"one of: {', '.join(sorted(rules.GAMES))}")
    p.add_argument("--players", type=int, help="number of players (default: the fewest)")
    p.add_argument("--seed", type=int, help="seed for the deal (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="a game option, e.g. --option target=10 (repeatable)")
    p.add_argument("--ai", default="random", choices=LEVELS, help="level of the AI seats")
    p.set_defaults(func=run)


def parse_options(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"Options look like key=value, not '{pair}'.")
        k, v = pair.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def run(args: argparse.Namespace, stdin=None, out=None) -> int:
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    try:
        game = rules.get_game(args.game)
        options = game.validate_options(parse_options(args.option))
        n = args.players or game.player_counts(options)[0]
        state = game.new_state(n, options, seed=args.seed)
    except ValueError as e:
        print(f"Error: {e}", file=out)
        return 2
    names = ["You"] + [f"AI {i}" for i in range(1, n)]
    bots = {i: make_player(args.ai, game.name, seed=i) for i in range(1, n)}
    print(f"{game.title}: {game.summary()}\nType 'help' for your moves, 'quit' to stop.\n",
          file=out)
    shown = 0
    while not state.is_over:
        seat = state.current_seat
        if seat != 0:
            state.apply(seat, bots[seat].choose(state, seat))
            continue
        view = state.view(0)
        new_events = [e for e in view["events"] if e["n"] > shown]
        print(render_view(dict(view, events=new_events), names, game.deck, events=50), file=out)
        shown = view["events"][-1]["n"] if view["events"] else shown
        legal = state.legal_actions(0)
        print("Moves: " + _moves_hint(legal), file=out)
        while True:
            print("> ", end="", file=out, flush=True)
            line = stdin.readline()
            if not line:
                print("\nBye.", file=out)
                return 0
            text = line.strip()
            if text.lower() in ("quit", "exit", "q"):
                print("Bye.", file=out)
                return 0
            if text.lower() in ("help", "?", ""):
                print("Moves: " + _moves_hint(legal, full=True), file=out)
                continue
            try:
                state.apply(0, text)
                break
            except IllegalAction as e:
                print("Not allowed: " + str(e).replace("{p", "{seat "), file=out)
    view = state.view(0)
    new_events = [e for e in view["events"] if e["n"] > shown]
    print(render_view(dict(view, events=new_events), names, game.deck, events=50), file=out)
    return 0


def _moves_hint(legal: list, full: bool = False) -> str:
    texts = [str(a) for a in legal]
    if full or len(texts) <= 20:
        return ", ".join(texts)
    return ", ".join(texts[:20]) + f", ... ({len(texts)} in all; 'help' lists them)"
