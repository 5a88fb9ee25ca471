"""``parlour selfplay piquet --younger-check``: younger's points a deal, ``hard`` against
``easy`` from the same seat, on the same duplicate deals, against the same elder (issue 48).

Each game seed's first deal is played twice: younger's seat by ``hard``, then by
``easy``; elder's seat by the same ``--opponent`` player (same level, same seed) both
times.  A deal's figure is younger's points less elder's in that deal; the paired
difference per deal gives the interval (95%, normal approximation over deals).  Move
times are CPU time inside the worker, as in the rest of selfplay.
"""

from __future__ import annotations

import time
from multiprocessing import Pool

from games.piquet.state import PiquetState
from rules.ai.players import make_player

from .. import plugins
from .selfplay_match import mean_ci, percentile

YOUNGER_LEVELS = ("hard", "easy")


def play_deal(game_seed: int, options: dict, younger_level: str, opponent: str,
              time_cap: float | None) -> dict:
    """The first deal of ``game_seed``: younger's points less elder's, younger's move times
    (CPU seconds, real choices only), capped moves and effective sample shares."""
    game = plugins.engine("piquet")
    state = game.new_state(2, options, seed=game_seed)
    assert isinstance(state, PiquetState)
    elder, younger = state.order
    players = {elder: make_player(opponent, "piquet", seed=game_seed * 7919 + elder),
               younger: make_player(younger_level, "piquet", seed=game_seed * 7919 + younger)}
    if time_cap is not None:
        for p in players.values():
            if hasattr(p, "time_budget"):
                p.time_budget = time_cap
    times: list[float] = []
    capped = 0
    deal = state.deal_no
    while not state.is_over and state.deal_no == deal:
        seat = state.current_seat
        assert seat is not None
        forced = len(state.legal_actions(seat)) == 1
        t0 = time.process_time()
        action = players[seat].choose(state, seat)
        dt = time.process_time() - t0
        if seat == younger and not forced:
            times.append(dt)
            capped += bool(getattr(players[seat], "last_capped", False))
        state.apply(seat, action)
    points = state.history[0]["points"]
    return {"net": points[younger] - points[elder], "times": times, "capped": capped,
            "ess": list(getattr(players[younger], "ess_log", []))}


def _task(args: tuple) -> tuple:
    key, *rest = args
    return key, play_deal(*rest)


def run_younger_check(deals: int, seed: int, options: dict, opponent: str, jobs: int,
                      time_cap: float | None) -> dict:
    tasks = [((d, lvl), seed + d, options, lvl, opponent, time_cap)
             for d in range(deals) for lvl in YOUNGER_LEVELS]
    if jobs <= 1:
        out = [_task(t) for t in tasks]
    else:
        with Pool(min(jobs, len(tasks))) as pool:
            out = list(pool.imap_unordered(_task, tasks, chunksize=1))
    got = dict(out)
    by_level = {}
    for lvl in YOUNGER_LEVELS:
        rows = [got[(d, lvl)] for d in range(deals)]
        t = sorted(x for r in rows for x in r["times"])
        ess = [x for r in rows for x in r["ess"]]
        by_level[lvl] = {"net": mean_ci([float(r["net"]) for r in rows]), "moves": len(t),
                         "p50_ms": 1000 * percentile(t, 50) if t else None,
                         "p95_ms": 1000 * percentile(t, 95) if t else None,
                         "capped": sum(r["capped"] for r in rows),
                         "ess": sum(ess) / len(ess) if ess else None}
    diff = mean_ci([float(got[(d, "hard")]["net"] - got[(d, "easy")]["net"])
                    for d in range(deals)])
    return {"deals": deals, "seed": seed, "opponent": opponent, "by_level": by_level,
            "hard_minus_easy": diff}


def format_younger(r: dict) -> str:
    lines = [f"piquet younger check: {r['deals']} duplicate deals (seeds {r['seed']}.."
             f"{r['seed'] + r['deals'] - 1}, the first deal of each), elder played by "
             f"{r['opponent']}; points a deal = younger's less elder's; +- = 95% CI over deals",
             f"{'younger':<9}{'points a deal':>16}{'moves':>8}{'p50 ms':>9}{'p95 ms':>9}"
             f"{'capped':>8}{'ESS share':>11}"]
    for lvl, s in r["by_level"].items():
        m, h = s["net"]
        ess = "-" if s["ess"] is None else f"{100 * s['ess']:.0f}%"
        p50 = "-" if s["p50_ms"] is None else f"{s['p50_ms']:.1f}"
        p95 = "-" if s["p95_ms"] is None else f"{s['p95_ms']:.1f}"
        lines.append(f"{lvl:<9}{f'{m:+.1f}+-{h:.1f}':>16}{s['moves']:>8}{p50:>9}{p95:>9}"
                     f"{s['capped']:>8}{ess:>11}")
    m, h = r["hard_minus_easy"]
    verdict = "at least as many points a deal as" if m >= 0 else "fewer points a deal than"
    lines.append(f"hard - easy as younger: {m:+.1f}+-{h:.1f} points a deal "
                 f"(hard scores {verdict} easy from the same seat)")
    return "\n".join(lines)
