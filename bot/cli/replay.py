"""``parlour replay GAME_ID``: watch a finished game again, move by move."""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import sys
from dataclasses import replace

import rules

from ..core import Store, TableError
from ..core.leaderboard import recent_games
from ..core.replay import Replay, load_replay
from ..core.store import is_postgres, sqlite_path
from ..present import present, presenter_for
from ..present.scene import Scene
from .table_view import Style, TableView, wants_colour


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
    table = TableView(game.name, names, Style(colour=wants_colour(out)))
    describe = presenter_for(game.name).describe
    opts = ", ".join(f"{k}={v}" for k, v in r.options.items()) or "default options"
    print(f"Game #{r.game_id}: {game.title} ({opts}), seed {r.seed}, {r.moves} moves", file=out)
    print("Players: " + ", ".join(f"{pl['name']}" + (" (left)" if pl["abandoned"] else "")
                                  for pl in r.players), file=out)
    state = replay.initial_state()
    _board(state, table, hands, brief, out, shown=0, legend=True)
    shown = _last_event(state)
    last = None
    for s in replay.steps():
        tag = "" if s.actor == "human" else f" [{s.actor}]"
        print(f"\n{s.move}. {s.name}{tag}: {table.fill(describe(s.action))}", file=out)
        _board(s.state, table, hands, brief, out, shown)
        shown = _last_event(s.state)
        last = s.state
        if step:
            input("(Enter for the next move) ")
    if last is None or not last.is_over:
        print(f"\nThe game ended unfinished ({r.reason}).", file=out)
    print("\nFinal ranks: " + ", ".join(f"{n} {k}" for n, k in zip(names, r.ranks, strict=True)),
          file=out)


def _board(state, table: TableView, hands: bool, brief: bool, out, shown: int,
           legend: bool = False) -> None:
    view = state.view(None)
    fresh = sum(1 for e in view["events"] if e["n"] > shown)
    scene = present(view, table.names, recent=max(fresh, 1))
    if brief:
        for e in scene.events[-fresh:] if fresh else ():
            print("  · " + table.fill(e), file=out)
    else:
        print(table.render(scene if fresh else _quiet(scene), legend=legend), file=out)
    if hands:
        for i, name in enumerate(table.names):
            mine = present(state.view(i), table.names)
            if mine.hand is not None:
                print(f"  hand of {name}: {table.cards(mine.hand.cards)}", file=out)


def _quiet(scene: Scene) -> Scene:
    """A scene with no events (none are new since the last board)."""
    return replace(scene, events=())


def _last_event(state) -> int:
    events = state.view(None)["events"]
    return events[-1]["n"] if events else 0
