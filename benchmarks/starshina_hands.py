"""``python -m benchmarks.starshina_hands``: Starshina's AI measured hand by hand, where a
game would take an hour.

Under the seed's rules only 12 tricks in one hand win, and they are rare: with three
``easy`` players 3% of first hands reach 12 (85% of them the dealer's), so a game lasts
about thirty hands and ``parlour selfplay`` needs hours of CPU for an interval worth
reading.  Nothing carries over from a hand without a winner, so a game is a run of
independent hands and its winner is the seat of the first 12: what decides the win rate
is how often a level reaches 12 itself and how often it lets another seat do it.

So: the first hands of ``--screen`` deals are played by three easy players; the hands
where some seat took at least ``--min-tricks`` (the ones where 12 is in reach) are
played again, each under every rotation, with ``--level`` in one seat and easy in the
others (duplicate hands, as in selfplay), and stopped as soon as the hand is decided
(a seat has 12, or every seat has lost five tricks).  It prints, by the level's seat
(dealer, left of dealer, right of dealer), how often it took 12 and how often another
seat did, and its share of the 12s; three easy seats have a share of a third.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool

import rules
from bot.cli.selfplay_match import percentile
from rules.ai.players import LEVELS, make_player

GAME = rules.get_game("starshina")
ROLES = ("dealer", "left", "right")
TIME_CAP = 5.0   # the search's wall-clock safety cap: far above any move, so never binds


def _players(level: str, hero: int, seed: int) -> list:
    players = [make_player(level if s == hero else "easy", "starshina", seed=seed * 7919 + s)
               for s in range(3)]
    for p in players:
        if hasattr(p, "time_budget"):
            p.time_budget = TIME_CAP
    return players


def _decided(state) -> bool:
    if state.phase != "play":
        return False
    done = sum(state.tricks)
    return max(state.tricks) >= 12 or all(done - t > 4 for t in state.tricks)


def first_hand(seed: int, level: str = "easy", hero: int = 0, stop: bool = False) -> dict:
    """The first hand of deal ``seed``, ``level`` in seat ``hero`` and easy elsewhere
    (``stop``: until it is decided)."""
    state = GAME.new_state(3, {}, seed=seed)
    role = (hero - state.dealer) % 3
    players = _players(level, hero, seed)
    clock = time.process_time
    t0 = clock()
    times = []   # the level's moves with a choice, CPU seconds (as selfplay times them)
    while state.hand_no == 1 and not state.is_over and not (stop and _decided(state)):
        seat = state.current_seat
        choice = len(state.legal_actions(seat)) > 1
        t = clock()
        action = players[seat].choose(state, seat)
        if seat == hero and choice:
            times.append(clock() - t)
        state.apply(seat, action)
    over = state.hand_no != 1 or state.is_over
    tricks = list(state.last_hand["tricks"]) if over else list(state.tricks)
    reached = next((s for s in range(3) if tricks[s] >= 12), None)
    return {"seed": seed, "hero": hero, "role": role, "tricks": tricks, "reached": reached,
            "cpu": time.process_time() - t0, "times": times}


def hot_hands(first: int, screen: int, min_tricks: int, max_tricks: int = 16) -> list[int]:
    """The deals among ``screen`` whose first hand, played by three easy players, gave
    some seat ``min_tricks`` to ``max_tricks``; in a fixed shuffled order (cut anywhere,
    a sample)."""
    hot = [seed for seed in range(first, first + screen)
           if min_tricks <= max(first_hand(seed)["tricks"]) <= max_tricks]
    random.Random(1).shuffle(hot)
    return hot


def _task(args: tuple) -> dict:
    seed, level, hero = args
    return first_hand(seed, level, hero, stop=True)


def tally(rows: list[dict]) -> dict[str, list[int]]:
    """By the level's seat and in all: [hands, its 12s, another seat's 12s]."""
    out: dict[str, list[int]] = {r: [0, 0, 0] for r in (*ROLES, "all")}
    for row in rows:
        for key in (ROLES[row["role"]], "all"):
            t = out[key]
            t[0] += 1
            t[1] += row["reached"] == row["hero"]
            t[2] += row["reached"] is not None and row["reached"] != row["hero"]
    return out


def table(level: str, rows: list[dict]) -> str:
    lines = [f"{level} in one seat, easy in the others: {len(rows)} hands",
             f"{'seat':<8}{'hands':>7}{'own 12':>8}{'other 12':>10}{'share':>8}"]
    for key, (n, own, other) in tally(rows).items():
        share = f"{own / (own + other):.2f}" if own + other else "-"
        lines.append(f"{key:<8}{n:>7}{own:>8}{other:>10}{share:>8}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.starshina_hands",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("--level", default="hard", choices=LEVELS)
    p.add_argument("--first", type=int, default=5000, help="first deal seed (default 5000)")
    p.add_argument("--screen", type=int, default=2500, help="deals screened (default 2500)")
    p.add_argument("--min-tricks", type=int, default=11,
                   help="a hand is played when easy play gave a seat this many (default 11)")
    p.add_argument("--max-tricks", type=int, default=16,
                   help="... and at most this many (default 16: no bound); the hands below "
                        "the hot ones, for a share over all hands")
    p.add_argument("--hands", type=int, default=60, help="hot hands played (default 60)")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print every hand as a JSON line too")
    args = p.parse_args(argv)
    hot = hot_hands(args.first, args.screen, args.min_tricks, args.max_tricks)[:args.hands]
    tasks = [(seed, args.level, hero) for seed in hot for hero in range(3)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            rows = list(pool.imap(_task, tasks))
    else:
        rows = [_task(t) for t in tasks]
    if args.json:
        for row in rows:
            print(json.dumps(row))
    print(table(args.level, rows))
    cpu = sum(r["cpu"] for r in rows)
    times = sorted(t for r in rows for t in r["times"])
    if times:
        print(f"{args.level} moves timed: {len(times)}, p50 {1000 * percentile(times, 50):.1f} ms,"
              f" p95 {1000 * percentile(times, 95):.1f} ms, max {1000 * times[-1]:.1f} ms "
              "(CPU, moves with a choice, until each hand is decided)")
    print(f"({len(hot)} hands of {args.screen} screened; {cpu:.0f} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
