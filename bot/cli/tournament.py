"""``parlour tournament simulate``: a whole tournament of AI players in the terminal, to try
a format before running it on a server (and for the tests)."""

from __future__ import annotations

import argparse
import itertools

import rules
from rules.ai.players import LEVELS, make_player

from .. import plugins
from ..core.names import AI_FIRST_NAMES
from ..core.tournament.model import Entrant, Format, Result, Table
from ..core.tournament.state import Tournament, TournamentError, table_seed
from ..i18n import EN, Lang
from ..present.base import game_title, units
from ..present.messages import ordinal
from ..present.tournament import FORMAT_NAMES, TIEBREAKS, standings_notes
from .play import fit_lines, parse_options, terminal_lang
from .subcommands import Subcommands, show_help


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("tournament", help="tournaments: try a format with AI players")
    tsub = p.add_subparsers(dest="tournament_command", metavar="ACTION")
    s = tsub.add_parser("simulate", help="run a tournament of AI players and print the rounds "
                                         "and the standings")
    s.add_argument("game", help=f"one of: {', '.join(plugins.names())}")
    s.add_argument("--players", type=int, default=8, help="entrants (default 8)")
    s.add_argument("--format", default="swiss", choices=[f.value for f in Format],
                   help="swiss (default), knockout or round-robin")
    s.add_argument("--rounds", type=int, default=None,
                   help="Swiss rounds (default: enough to find a winner, at least 3)")
    s.add_argument("--table-size", type=int, default=None,
                   help="players a table where the game allows several sizes")
    s.add_argument("--duplicate", action="store_true",
                   help="every table of a round plays the same deals from the same seats")
    s.add_argument("--levels", default="easy",
                   help="AI levels of the entrants, in turn (default: easy; e.g. easy,hard)")
    s.add_argument("--seed", type=int, default=1,
                   help="the deals and the AI's choices (default 1: the same event each time)")
    s.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, as for parlour play")
    s.add_argument("--lang", choices=["en", "pl", "ru"], default=None,
                   help="language of the output (default: the terminal's locale, else "
                        "English)")
    s.set_defaults(func=simulate)
    p.set_defaults(func=show_help(p))


def swiss_rounds(n: int) -> int:
    """Rounds enough to single out a winner of ``n`` (log2, at least 3)."""
    rounds = 0
    while (1 << rounds) < n:
        rounds += 1
    return max(3, rounds)


def simulate(args: argparse.Namespace) -> int:
    try:
        game = plugins.find(args.game).game
        options = game.validate_options(parse_options(args.option))
        allowed = tuple(game.player_counts(options))
        levels = [lvl.strip() for lvl in args.levels.split(",") if lvl.strip()]
        bad = [lvl for lvl in levels if lvl not in LEVELS]
        if bad or not levels:
            raise ValueError(f"--levels takes {', '.join(LEVELS)}, not {','.join(bad)}.")
        if args.table_size is not None and args.table_size not in allowed:
            raise ValueError(f"{game.title} is played by {', '.join(map(str, allowed))} "
                             f"at a table, not {args.table_size}.")
    except ValueError as e:
        print(f"Error: {e}")
        return 2
    if args.players < 2:
        print("Error: a tournament needs at least 2 players.")
        return 2
    fmt = Format(args.format)
    t = Tournament(args.game, fmt, allowed, args.seed,
                   rounds_planned=args.rounds or swiss_rounds(args.players),
                   duplicate=args.duplicate, preferred=args.table_size)
    level_of: dict[str, str] = {}
    for i, (first, level) in enumerate(zip(_names(), itertools.cycle(levels), strict=False)):
        if i == args.players:
            break
        eid = f"ai{i + 1}"
        level_of[eid] = level
        # Ratings spread by level, so seeds differ (knockout brackets, Swiss order).
        t.add(Entrant(eid, f"{first} ({level})", 1500 + 100 * LEVELS.index(level) - i))
    names = {e.id: e.name for e in t.entrants}
    lang = terminal_lang(args.lang)
    try:
        total = t.total_rounds()
        parts = [lang._(FORMAT_NAMES[fmt]), units(lang, args.players, "player"),
                 units(lang, total, "round")] + ([lang._("duplicate deals")]
                                                 if args.duplicate else [])
        print(lang._("{game} tournament: {details}", game=game_title(game.title, lang),
                     details=", ".join(parts)))
        while not t.is_over:
            rnd = t.pair_round()
            print("\n" + lang._("Round {n}", n=rnd.number), flush=True)
            for table in rnd.tables:
                seed = rnd.deal_seed if args.duplicate else table_seed(rnd.deal_seed, table.number)
                result = _play(game, options, table, seed, level_of)
                t.record(Result(table, result[0], result[1],
                                deal=rnd.deal_seed if args.duplicate else None))
                print("  " + _table_line(table, result[0], result[1], names, lang), flush=True)
            for p in rnd.byes:
                print("  " + lang._("{name}: bye", name=names[p]))
    except TournamentError as e:
        print(f"Error: {e.key}")
        return 2
    print("\n" + lang._("Standings"))
    tb = lang._(TIEBREAKS[fmt]) if fmt in TIEBREAKS else ""
    header = lang._("Points") if fmt is not Format.KNOCKOUT else lang._("Rounds passed")
    name_w, col_w = 24, max(10, len(header))
    print(f"  {'#':>3}  {lang._('Player'):<{name_w}} {header:>{col_w}}"
          + (f"  {tb:>16}" if tb else ""))
    for row in t.standings():
        line = f"  {row.rank:>3}  {row.entrant.name:<{name_w}} {_num(row.points):>{col_w}}"
        if tb:
            line += f"  {_num(row.tiebreak):>16}"
        print(line)
    notes = standings_notes(fmt, args.duplicate, lang)   # what 3.25 and 7.38 mean
    if notes:
        print()
    for note in notes:
        print(fit_lines(note, 80))
    return 0


def _num(x: float) -> str:
    """2, 2.5, 2.33: whole numbers without decimals."""
    return str(int(x)) if x == int(x) else f"{x:.2f}".rstrip("0")


def _names() -> itertools.chain[str]:
    return itertools.chain(AI_FIRST_NAMES, (f"{n} {i}" for i in itertools.count(2)
                                            for n in AI_FIRST_NAMES))


def _play(game: rules.Game, options: dict, table: Table, seed: int,
          level_of: dict[str, str]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    state = game.new_state(table.size, options, seed=seed)
    seats = [level_of[p] for p in table.players] + ["easy"] * table.ai_seats
    players = [make_player(lvl, game.name, seed=seed * 31 + i) for i, lvl in enumerate(seats)]
    while not state.is_over:
        seat = state.current_seat
        assert seat is not None  # someone is to move while the game is not over
        state.apply(seat, players[seat].choose(state, seat))
    r = state.result()
    return tuple(r["ranks"]), tuple(float(s) for s in r["scores"])


def _table_line(table: Table, ranks: tuple[int, ...], scores: tuple[float, ...],
                names: dict[str, str], lang: Lang = EN) -> str:
    seats = [names[p] for p in table.players] + [lang._("AI seat")] * table.ai_seats
    parts = [f"{n} {s:g} ({ordinal(r, lang)})"
             for n, s, r in zip(seats, scores, ranks, strict=True)]
    return lang._("Table {n}", n=table.number) + ": " + ", ".join(parts)
