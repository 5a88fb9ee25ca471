"""``parlour bench engine``: random-legal playouts, games/s and actions/s per game.

``parlour bench solver``: the endgame solver's CPU time a solve (``bench_builds``);
``parlour bench render`` (``bench_render``): the table and hand pictures."""

from __future__ import annotations

import argparse
import random
import time

from .. import plugins
from .subcommands import Subcommands, show_help


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("bench", help="benchmarks")
    bsub = p.add_subparsers(dest="what", metavar="WHAT")
    e = bsub.add_parser("engine", help="random-legal playouts per game")
    e.add_argument("--game", action="append", help="a game (repeatable; default: all)")
    e.add_argument("--players", type=int, help="players (default: each game's first count)")
    e.add_argument("--option", action="append", default=[], metavar="K=V")
    e.add_argument("--seconds", type=float, default=2.0, help="time per game (default 2)")
    e.add_argument("--seed", type=int, default=1)
    e.add_argument("--compare", action="store_true",
                   help="also OpenSpiel's and RLCard's games in the same run (the bench extra)")
    e.add_argument("--against", nargs="+", metavar="REV",
                   help="earlier builds (git revisions) side by side with this one, "
                        "interleaved in one run, with OpenSpiel's hearts when installed")
    e.add_argument("--cpu", action="store_true",
                   help="with --against: actions per CPU second of each batch, not per "
                        "wall-clock second (a machine whose cores other jobs share)")
    e.add_argument("--rounds", type=int, default=3,
                   help="with --against: rounds of every game on every build (default 3)")
    e.set_defaults(func=run_engine)
    v = bsub.add_parser("solver", help="the endgame solver on seeded endings, per trick game")
    v.add_argument("--game", action="append",
                   help="a trick game (repeatable; default: every game with a solver)")
    v.add_argument("--positions", type=int, default=60,
                   help="endings per game (default 60)")
    v.add_argument("--seed", type=int, default=1)
    v.add_argument("--against", nargs="+", metavar="REV", default=[],
                   help="earlier builds (git revisions) side by side with this one, "
                        "interleaved in one run, on the same endings")
    v.add_argument("--rounds", type=int, default=3,
                   help="rounds of every game on every build (default 3)")
    v.set_defaults(func=run_solver)
    from .bench_render import add_arguments
    add_arguments(bsub.add_parser("render", help="table and hand pictures: time and size"))
    p.set_defaults(func=show_help(p))


def playouts(game, n: int, options: dict, seconds: float, seed: int) -> dict:
    """Play random games for about ``seconds``; count games, actions and legal-gen time."""
    rng = random.Random(seed)
    games = actions = 0
    legal_time = 0.0
    start = time.perf_counter()
    deadline = start + seconds
    clock = time.perf_counter
    while clock() < deadline or games == 0:
        state = game.new_state(n, options, seed=rng.getrandbits(40))
        while not state.is_over:
            seat = state.current_seat
            t0 = clock()
            legal = state.legal_actions(seat)
            legal_time += clock() - t0
            state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    elapsed = clock() - start
    return {"games": games, "actions": actions, "seconds": elapsed,
            "games_per_s": games / elapsed, "actions_per_s": actions / elapsed,
            "legal_share": legal_time / elapsed}


def run_engine(args: argparse.Namespace) -> int:
    from .play import parse_options

    if args.compare:
        # The comparison is research tooling in its own package (benchmarks/, which needs
        # only rules/): the product CLI only hands over to it.
        from benchmarks import compare
        compare.run(args.seconds, args.seed)
        return 0

    names = args.game or plugins.names()
    if args.against:
        from .bench_builds import BenchError, run_against
        if args.option or args.players:
            print("--against plays each game's defaults: drop --option and --players.")
            return 2
        try:
            run_against(args.against, names, args.seconds, args.seed, max(1, args.rounds),
                        cpu=args.cpu)
        except BenchError as e:
            print(e)
            return 2
        return 0
    results = {}
    print(f"{'game':<12}{'players':>8}{'games/s':>10}{'actions/s':>12}{'legal-gen %':>13}")
    for name in names:
        game = plugins.find(name).game
        options = game.validate_options(parse_options(args.option)) if args.game else {}
        n = args.players or game.player_counts(options)[0]
        r = results[name] = {**playouts(game, n, options, args.seconds, args.seed), "players": n}
        print(f"{name:<12}{n:>8}{r['games_per_s']:>10.1f}{r['actions_per_s']:>12,.0f}"
              f"{100 * r['legal_share']:>12.1f}%")
    return 0


def run_solver(args: argparse.Namespace) -> int:
    from rules.ai.hooks import hooks_for

    from .bench_builds import BenchError
    from .bench_builds import run_solver as run

    with_solver = [g for g in plugins.names() if hooks_for(g).endgame is not None]
    games = args.game or with_solver
    unknown = [g for g in games if g not in with_solver]
    if unknown:
        print(f"No endgame solver for {', '.join(unknown)}. "
              f"Games with one: {', '.join(with_solver)}.")
        return 2
    if args.positions < 1 or args.rounds < 1:
        print("--positions and --rounds take a number from 1 up.")
        return 2
    try:
        run(args.against, games, args.positions, args.seed, args.rounds)
    except BenchError as e:
        print(e)
        return 2
    return 0
