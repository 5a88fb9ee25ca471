"""``parlour replay GAME_ID``: watch a finished game again, move by move."""

from __future__ import annotations

import argparse
import asyncio
import datetime
import io
import os
import sys
from dataclasses import replace

from .. import plugins
from ..core import Store, TableError
from ..core.leaderboard import recent_games
from ..core.replay import Replay, load_replay
from ..core.store import is_postgres, sqlite_path
from ..i18n import EN, LANGUAGES, N_, Lang
from ..present import present, presenter_for
from ..present.base import game_title, player_name, units
from ..present.messages import said
from ..present.scene import Scene
from .pager import page, wants_pager
from .play import terminal_lang
from .subcommands import Subcommands
from .table_view import Style, TableView, wants_colour

# Who made a move, and why a game ended early, as the replay says them.
ACTORS = {"ai": N_("AI"), "timer": N_("timer")}
REASONS = {"abandoned": N_("abandoned"), "complete": N_("complete")}


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("replay", help="replay a finished game (no id: list recent games)")
    p.add_argument("game_id", nargs="?", type=int, help="the game number")
    p.add_argument("--hands", action="store_true", help="show every hand (the game is over)")
    p.add_argument("--brief", action="store_true", help="moves and events only, no boards")
    p.add_argument("--step", action="store_true", help="wait for Enter after each move")
    p.add_argument("--no-pager", action="store_true",
                   help="print it all at once; without it a terminal shows the replay a "
                        "screen at a time ($PAGER, else less, else Enter/q)")
    p.add_argument("--db", default="parlour.db", help="database file (default: parlour.db)")
    p.add_argument("--lang", default=None, choices=LANGUAGES,
                   help="language: en, pl or ru (default: from LANG, else en)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    lang = terminal_lang(getattr(args, "lang", None))
    if not is_postgres(args.db) and not os.path.exists(sqlite_path(args.db)):
        print(lang._("No database at {db}: no games played yet.", db=args.db))
        return 1
    try:
        return asyncio.run(_run(args, lang))
    except TableError as e:
        print(lang._("Error: {error}", error=said(e, lang)))
        return 2


async def _run(args: argparse.Namespace, lang: Lang = EN) -> int:
    store = Store(args.db)
    await store.open()
    try:
        if args.game_id is None:
            games = await recent_games(store, limit=20)
            if not games:
                print(lang._("No finished games yet."))
            for g in games:
                when = datetime.datetime.fromtimestamp(g.finished).strftime("%Y-%m-%d %H:%M")
                label = {p["name"]: player_name(p, lang) for p in g.players}
                names = ", ".join(label[p["name"]] for p in g.players)
                won = ", ".join(label.get(w, w) for w in g.winners) or "-"
                print(f"#{g.game_id:<5} {when}  {g.game:<10} {names}  ("
                      + lang._("won: {who}", who=won) + ")")
            return 0
        replay = await load_replay(store, args.game_id)
    finally:
        await store.close()
    if args.step or getattr(args, "no_pager", False) or not wants_pager(sys.stdout):
        show(replay, hands=args.hands, brief=args.brief, step=args.step, lang=lang)
        return 0
    # A terminal: the whole replay (thousands of lines) a screen at a time.
    text = io.StringIO()
    show(replay, hands=args.hands, brief=args.brief, out=text, lang=lang,
         colour=wants_colour(sys.stdout))
    page(text.getvalue(), lang=lang)
    return 0


def show(replay: Replay, *, hands: bool = False, brief: bool = False, step: bool = False,
         out=None, lang: Lang = EN, colour: bool | None = None) -> None:
    """The replay printed to ``out``; ``colour`` (default: if ``out`` wants it)."""
    out = out or sys.stdout
    _ = lang.gettext
    r = replay.record
    game = plugins.engine(r.game)
    names = [player_name(p, lang) for p in r.players]
    table = TableView(game.name, names,
                      Style(colour=wants_colour(out) if colour is None else colour), lang=lang)
    describe = presenter_for(game.name, lang).describe
    opts = ", ".join(f"{k}={v}" for k, v in r.options.items()) or _("default options")
    print(_("Game #{number}: {game} ({options}), seed {seed}, {moves}", number=r.game_id,
            game=game_title(game.title, lang), options=opts, seed=r.seed,
            moves=units(lang, r.moves, "move")), file=out)
    left = " (" + _("left") + ")"
    print(_("Players: {names}", names=", ".join(
        player_name(pl, lang) + (left if pl["abandoned"] else "") for pl in r.players)),
        file=out)
    state = replay.initial_state()
    _board(state, table, hands, brief, out, shown=0, legend=True)
    shown = _last_event(state)
    last = None
    for s in replay.steps():
        # An AI seat's own moves need no tag (its name says AI); a person's move made by
        # the AI or the timer does.
        ai_seat = r.players[s.seat].get("kind") == "ai"
        tag = "" if s.actor == "human" or (s.actor == "ai" and ai_seat) \
            else f" [{_(ACTORS.get(s.actor, s.actor))}]"
        who = names[s.seat]
        print(f"\n{s.move}. {who}{tag}: {table.fill(describe(s.action))}", file=out)
        _board(s.state, table, hands, brief, out, shown)
        shown = _last_event(s.state)
        last = s.state
        if step:
            input(_("(Enter for the next move) "))
    if last is None or not last.is_over:
        why = _(REASONS.get(r.reason, r.reason))
        print("\n" + _("The game ended unfinished ({reason}).", reason=why), file=out)
    print("\n" + _("Final ranks: {ranks}", ranks=", ".join(
        f"{n} {k}" for n, k in zip(names, r.ranks, strict=True))), file=out)


def _board(state, table: TableView, hands: bool, brief: bool, out, shown: int,
           legend: bool = False) -> None:
    view = state.view(None)
    fresh = sum(1 for e in view["events"] if e["n"] > shown)
    scene = present(view, table.names, recent=max(fresh, 1), lang=table.lang)
    if brief:
        for e in scene.events[-fresh:] if fresh else ():
            print("  · " + table.fill(e), file=out)
    else:
        print(table.render(scene if fresh else _quiet(scene), legend=legend), file=out)
    if hands:
        for i, name in enumerate(table.names):
            mine = present(state.view(i), table.names, lang=table.lang)
            if mine.hand is not None:
                print("  " + table.lang._("hand of {name}: {cards}", name=name,
                                          cards=table.cards(mine.hand.cards)), file=out)


def _quiet(scene: Scene) -> Scene:
    """A scene with no events (none are new since the last board)."""
    return replace(scene, events=())


def _last_event(state) -> int:
    events = state.view(None)["events"]
    return events[-1]["n"] if events else 0
