"""``parlour replay GAME_ID``: watch a finished game again, move by move."""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import sys

import rules

from ..core import Store, TableError, fill_names
from ..core.leaderboard import recent_games
from ..core.replay import Replay, load_replay
from ..core.store import is_postgres, sqlite_path
from ..textview import prettify, render_view


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="replay a finished game (no id: list recent games)")
    p.add_argument("game_id", nargs="?", type=int, help="the game number")
    p.add_argument("--hands", action="store_true", help="show every hand (the game is over)")
    p.add_argument("--brief", action="store_true", help="moves and events only, no boards")
    p.add_argument("--step", action="store_true", help="wait for Enter after each move")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not is_postgres(args.db) and not os.path.exists(sqlite_path(args.db)):
        print(f"No database at {args.db}: no games played yet.")
        return 1
    try:
        return asyncio.run(_run(args))
    except TableError as e:
        print(f"Error: {e}")
        return 2


async def _run(args: argparse.Namespace) -> int:
    store = Store(args.db)
    await store.open()
    try:
        if args.game_id is None:
            games = await recent_games(store, limit=20)
            if not games:
                print("No finished games yet.")
            for g in games:
                when = datetime.datetime.fromtimestamp(g.finished).strftime("%Y-%m-%d %H:%M")
                names = ", ".join(p["name"] for p in g.players)
                print(f"#{g.game_id:<5} {when}  {g.game:<10} {names}  "
                      f"(won: {', '.join(g.winners) or '-'})")
            return 0
        replay = await load_replay(store, args.game_id)
    finally:
        await store.close()
    show(replay, hands=args.hands, brief=args.brief, step=args.step)
    return 0


def show(replay: Replay, *, hands: bool = False, brief: bool = False, step: bool = False,
         out=None) -> None:
    out = out or sys.stdout
    r = replay.record
    game = rules.get_game(r.game)
    names = replay.names
    p = lambda t: prettify(t, game.deck)  # noqa: E731
    opts = ", ".join(f"{k}={v}" for k, v in r.options.items()) or "default options"
    print(f"Game #{r.game_id}: {game.title} ({opts}), seed {r.seed}, {r.moves} moves", file=out)
    print("Players: " + ", ".join(f"{pl['name']}" + (" (left)" if pl["abandoned"] else "")
                                  for pl in r.players), file=out)
    state = replay.initial_state()
    _board(state, names, game, hands, brief, out, shown=0)
    shown = _last_event(state)
    last = None
    for s in replay.steps():
        tag = "" if s.actor == "human" else f" [{s.actor}]"
        print(f"\n{s.move}. {s.name}{tag}: {p(s.action)}", file=out)
        _board(s.state, names, game, hands, brief, out, shown)
        shown = _last_event(s.state)
        last = s.state
        if step:
            input("(Enter for the next move) ")
    if last is None or not last.is_over:
        print(f"\nThe game ended unfinished ({r.reason}).", file=out)
    print("\nFinal ranks: " + ", ".join(f"{n} {k}" for n, k in zip(names, r.ranks, strict=True)),
          file=out)


def _board(state, names, game, hands, brief, out, shown: int) -> None:
    view = state.view(None)
    fresh = [e for e in view["events"] if e["n"] > shown]
    if brief:
        for e in fresh:
            print("  · " + prettify(fill_names(e["text"], names), game.deck), file=out)
    else:
        print(render_view(dict(view, events=fresh), names, game.deck, events=50), file=out)
    if hands:
        for i, name in enumerate(names):
            hand = state.view(i).get("hand")
            if hand is not None:
                print(f"  hand of {name}: {prettify(' '.join(hand), game.deck)}", file=out)


def _last_event(state) -> int:
    events = state.view(None)["events"]
    return events[-1]["n"] if events else 0
