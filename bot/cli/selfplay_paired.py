"""``parlour selfplay ... --save FILE`` / ``--paired FILE``: one build against another on the
same games.

A change to an AI is judged best on the very games the previous build played: the same
deal seeds, the same seat rotations.  ``--save`` writes every game's result as a JSON
line; ``--paired`` reads such a file, written by another build with the same seats and
game, and prints how the first seat type's win rate and score moved, paired by deal
(the independent unit), and in how many games another seat type won.  A small change
moves few games' winners, so a paired difference is far narrower than the difference
of two win rates with their own intervals.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from .selfplay_match import mean_ci, rotated

NONE_SAVED = ("it holds none of these games (another game or options, other seats or "
              "other seeds).")
FIELDS = ("game", "options", "seed", "rotation", "levels", "ranks", "scores")


def records(game: str, options: dict, seats: list[str], seed: int,
            results: list[tuple]) -> list[dict]:
    """Each game's result with what identifies it: the game and its options, its seed,
    rotation and seat types."""
    out = []
    for (_, d, rot), r in results:
        out.append({"game": game, "options": options, "seed": seed + d, "rotation": rot,
                    "levels": rotated(seats, rot),
                    "ranks": list(r["ranks"]), "scores": list(r["scores"])})
    return out


def save(path: str, games: list[dict]) -> None:
    Path(path).write_text("".join(json.dumps(g) + "\n" for g in games), encoding="utf-8")


def load(path: str) -> list[dict]:
    """The games of a ``--save`` file; ValueError with what is wrong, for the command."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror}.") from None
    bad = ValueError(f"{path} is not a file written by 'parlour selfplay --save'.")
    try:
        games = [json.loads(line) for line in lines if line.strip()]
    except ValueError:
        raise bad from None
    if not all(isinstance(g, dict) and all(f in g for f in FIELDS) for g in games):
        raise bad
    return games


def _key(g: dict) -> tuple:
    return (g["game"], json.dumps(g["options"], sort_keys=True), g["seed"], g["rotation"],
            tuple(g["levels"]))


def overlap(before: list[dict], game: str, options: dict, seats: list[str], seed: int,
            deals: int) -> int:
    """How many of the games a run will play ``before`` holds (checked before playing)."""
    planned = {_key({"game": game, "options": options, "seed": seed + d, "rotation": rot,
                     "levels": rotated(seats, rot)})
               for d in range(deals) for rot in range(len(seats))}
    return sum(_key(g) in planned for g in before)


def _outcome(game: dict, level: str) -> tuple[float, float]:
    """Whether ``level`` came first (sole or shared) and its seats' mean score."""
    seats = [i for i, lvl in enumerate(game["levels"]) if lvl == level]
    best = min(game["ranks"])
    won = any(game["ranks"][i] == best for i in seats)
    return float(won), statistics.fmean(game["scores"][i] for i in seats)


def _winners(game: dict) -> set[str]:
    """The seat types in first place."""
    best = min(game["ranks"])
    return {lvl for lvl, r in zip(game["levels"], game["ranks"], strict=True) if r == best}


def compare(level: str, before: list[dict], after: list[dict]) -> dict:
    """``after`` less ``before`` for ``level`` on the games both played."""
    old = {_key(g): g for g in before}
    new = {_key(g): g for g in after}
    keys = sorted(k for k in new if k in old)
    if not keys:
        raise ValueError(NONE_SAVED)
    by_deal: dict[int, dict[str, list[float]]] = {}
    changed = 0
    for k in keys:
        (w0, s0), (w1, s1) = _outcome(old[k], level), _outcome(new[k], level)
        changed += _winners(old[k]) != _winners(new[k])
        row = by_deal.setdefault(k[2], {"before": [], "after": [], "score": []})
        row["before"].append(w0)
        row["after"].append(w1)
        row["score"].append(s1 - s0)
    out: dict = {"level": level, "games": len(keys), "deals": len(by_deal), "changed": changed}
    deals = list(by_deal.values())
    out["before"] = mean_ci([statistics.fmean(r["before"]) for r in deals])
    out["after"] = mean_ci([statistics.fmean(r["after"]) for r in deals])
    out["win_diff"] = mean_ci([statistics.fmean(r["after"]) - statistics.fmean(r["before"])
                               for r in deals])
    out["score_diff"] = mean_ci([statistics.fmean(r["score"]) for r in deals])
    return out


def format_paired(c: dict, path: str) -> str:
    def pct(mh: list[float], sign: str = "") -> str:
        return f"{100 * mh[0]:{sign}.1f} +- {100 * mh[1]:.1f}"
    return (f"paired with {path}: {c['level']} in the same {c['games']} games "
            f"({c['deals']} deals)\n"
            f"  win %  there {pct(c['before'])}  here {pct(c['after'])}  "
            f"here - there {pct(c['win_diff'], '+')}\n"
            f"  score  here - there {c['score_diff'][0]:+.1f} +- {c['score_diff'][1]:.1f} a "
            f"game; another seat type won {c['changed']} of {c['games']} games")
