"""``parlour bench engine --against REV [REV ...]``: this build's engine and earlier
builds' side by side, in one run (and ``parlour bench solver``: the endgame solver's).

Each REV is checked out with ``git worktree add --detach`` into a temporary directory
(removed at the end).  Every batch - one build, one game, ``--seconds`` long - runs in a
child process (``benchmarks/playout_child.py``, the same driver for every build, through
the public contract only), and the batches are interleaved: each round plays every game
on every build, the builds' order rotating from round to round, with one batch of
OpenSpiel's hearts per round when it is installed.  So a change in the machine's load
falls on all builds alike; the table gives each build's median over the rounds (and the
range), and each build's Coins figure as a ratio to OpenSpiel's hearts in the same run.
``--cpu`` divides by the child's CPU time instead of the wall clock: on a machine whose
cores are shared, the wall clock also counts the time other jobs held the core.

``parlour bench solver`` checks builds out the same way (``checked_out``) and runs
``benchmarks/solver_child.py`` instead: the same seeded endings solved on every build,
CPU time only, with a digest of the values found so the report can say whether the
builds agree.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import rules

HEARTS = "openspiel:hearts"
CHILD = Path(__file__).resolve().parents[2] / "benchmarks" / "playout_child.py"
SOLVER_CHILD = CHILD.with_name("solver_child.py")


class BenchError(Exception):
    """A build that cannot be checked out (said in a sentence)."""


def source_tree() -> Path:
    """The source tree this build's ``rules`` comes from."""
    return Path(rules.__file__).resolve().parent.parent


def _git(tree: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(tree), *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise BenchError(done.stderr.strip() or f"git {' '.join(args)} failed")
    return done.stdout.strip()


def resolve(tree: Path, rev: str) -> str:
    """``rev``'s commit id, or BenchError saying it is not one."""
    try:
        return _git(tree, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    except BenchError:
        raise BenchError(f"'{rev}' is not a commit of the repository at {tree}.") from None


def run_child(tree: Path, game: str, seconds: float, seed: int) -> dict | None:
    """One batch in a child process: its JSON, or None if that build cannot play it."""
    done = subprocess.run([sys.executable, str(CHILD), str(tree), game, str(seconds),
                           str(seed)], capture_output=True, text=True)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def has_openspiel() -> bool:
    done = subprocess.run([sys.executable, "-c", "import pyspiel"], capture_output=True)
    return done.returncode == 0


def _rotated(builds: Sequence[tuple[str, Path]], r: int) -> list[tuple[str, Path]]:
    """The builds in round ``r``'s order: each round a different build goes first."""
    k = r % len(builds)
    return list(builds[k:]) + list(builds[:k])


def measure(builds: Sequence[tuple[str, Path]], games: Sequence[str], seconds: float,
            seed: int, rounds: int, hearts: bool,
            child: Callable[[Path, str, float, int], dict | None] = run_child,
            cpu: bool = False) -> dict[str, dict[str, list[float]]]:
    """actions/s per batch: {game: {build label: [one figure per round]}}; the key
    ``HEARTS`` holds OpenSpiel's, under the label "openspiel".  ``cpu``: per CPU second
    of the child, not per wall-clock second."""
    per = "cpu" if cpu else "seconds"
    out: dict[str, dict[str, list[float]]] = {g: {b: [] for b, _ in builds} for g in games}
    if hearts:
        out[HEARTS] = {"openspiel": []}
    for r in range(rounds):
        order = _rotated(builds, r)
        for g in games:
            for label, tree in order:
                got = child(tree, g, seconds, seed + r)
                if got is not None:
                    out[g][label].append(got["actions"] / got[per])
        if hearts:
            got = child(builds[0][1], HEARTS, seconds, seed + r)
            if got is not None:
                out[HEARTS]["openspiel"].append(got["actions"] / got[per])
    return out


def _cell(xs: list[float]) -> str:
    if not xs:
        return "-"
    if len(xs) == 1:
        return f"{xs[0]:,.0f}"
    return f"{statistics.median(xs):,.0f} ({min(xs) / 1000:.0f}-{max(xs) / 1000:.0f}k)"


def report(figures: dict[str, dict[str, list[float]]], labels: Sequence[str],
           print_: Callable[[str], None] = print) -> None:
    """The table: actions/s per game per build (median, range over rounds), each build
    against the first, and Coins against OpenSpiel's hearts."""
    width = max(24, *(len(label) + 2 for label in labels))
    print_(f"{'game':<12}" + "".join(f"{label:>{width}}" for label in labels))
    med = {g: {b: statistics.median(xs) for b, xs in row.items() if xs}
           for g, row in figures.items()}
    for g, row in figures.items():
        if g == HEARTS:
            continue
        print_(f"{g:<12}" + "".join(f"{_cell(row[b]):>{width}}" for b in labels))
    first = labels[0]
    for b in labels[1:]:
        ratios = [f"{g} {med[g][first] / med[g][b]:.2f}x" for g in figures
                  if g != HEARTS and first in med[g] and b in med[g]]
        print_(f"{first} / {b}: " + ", ".join(ratios))
    hearts = med.get(HEARTS, {}).get("openspiel")
    if hearts is None:
        print_("OpenSpiel hearts: not measured (pip install open-spiel)")
        return
    print_(f"OpenSpiel hearts: {_cell(figures[HEARTS]['openspiel'])} actions/s")
    for g in figures:   # every game against the same yardstick (no game named here)
        if g != HEARTS:
            print_(f"{g} / OpenSpiel hearts: " + ", ".join(
                f"{b} {med[g][b] / hearts:.2f}x" for b in labels if b in med[g]))


@contextmanager
def checked_out(revs: Sequence[str]) -> Iterator[list[tuple[str, Path]]]:
    """This build and each of ``revs`` checked out in a temporary worktree, as (label,
    source tree); every checkout is removed on the way out.  BenchError (nothing left
    checked out) for a rev that is no commit."""
    tree = source_tree()
    _git(tree, "rev-parse", "--git-dir")   # a repository at all
    commits = [(rev, resolve(tree, rev)) for rev in revs]
    here = _git(tree, "rev-parse", "--short", "HEAD")
    dirty = _git(tree, "status", "--porcelain", "--untracked-files=no", "--", "rules",
                 "games")
    builds: list[tuple[str, Path]] = [(f"this ({here}{'+' if dirty else ''})", tree)]
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as tmp:
        added: list[Path] = []
        try:
            for rev, sha in commits:
                where = Path(tmp) / sha[:12]
                _git(tree, "worktree", "add", "--detach", "--quiet", str(where), sha)
                added.append(where)
                builds.append((f"{rev} ({sha[:7]})" if not sha.startswith(rev) else rev,
                               where))
            yield builds
        finally:
            for where in added:
                try:
                    _git(tree, "worktree", "remove", "--force", str(where))
                except BenchError:
                    pass
            _git(tree, "worktree", "prune")


def run_against(revs: Sequence[str], games: Sequence[str], seconds: float, seed: int,
                rounds: int, print_: Callable[[str], None] = print, cpu: bool = False) -> dict:
    """Check out ``revs``, measure them and this build interleaved, print the table;
    returns the figures.  BenchError (nothing left checked out) for a bad rev."""
    with checked_out(revs) as builds:
        hearts = has_openspiel()
        print_(f"{rounds} rounds of {seconds:g} s per game per build, interleaved; "
               f"actions per {'CPU' if cpu else 'wall-clock'} second, median (range)")
        figures = measure(builds, games, seconds, seed, rounds, hearts, cpu=cpu)
        report(figures, [b for b, _ in builds], print_)
    return figures


# --- parlour bench solver ---------------------------------------------------------------

def run_solver_child(tree: Path, game: str, positions: int, seed: int) -> dict | None:
    """One batch of solves in a child process: its JSON, or None if that build cannot."""
    done = subprocess.run([sys.executable, str(SOLVER_CHILD), str(tree), game,
                           str(positions), str(seed)], capture_output=True, text=True)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure_solver(builds: Sequence[tuple[str, Path]], games: Sequence[str], positions: int,
                   seed: int, rounds: int,
                   child: Callable[[Path, str, int, int], dict | None] = run_solver_child
                   ) -> dict[str, dict[str, list[dict]]]:
    """Each batch's JSON: {game: {build label: [one per round]}}.  Every round solves the
    same positions (``seed``) on every build, the builds' order rotating."""
    out: dict[str, dict[str, list[dict]]] = {g: {b: [] for b, _ in builds} for g in games}
    for r in range(rounds):
        order = _rotated(builds, r)
        for g in games:
            for label, tree in order:
                got = child(tree, g, positions, seed)
                if got is not None:
                    out[g][label].append(got)
    return out


def report_solver(figures: dict[str, dict[str, list[dict]]], labels: Sequence[str],
                  print_: Callable[[str], None] = print) -> None:
    """CPU ms a solve per game per build (median, range over rounds), nodes a solve, each
    build against the first, and whether every build found the same values."""
    width = max(21, *(len(label) + 2 for label in labels))   # 80 columns for two builds
    print_(f"{'game':<10}{'positions':>10}" + "".join(f"{label:>{width}}" for label in labels)
           + f"{'nodes a solve':>15}")
    med: dict[str, dict[str, float]] = {}
    differ = []
    for g, row in figures.items():
        ms = {b: [1000 * x["cpu"] / x["positions"] for x in xs if x["positions"]]
              for b, xs in row.items()}
        med[g] = {b: statistics.median(v) for b, v in ms.items() if v}
        runs = [x for b in labels for x in row.get(b, [])]
        count = runs[0]["positions"] if runs else 0
        nodes = {x["nodes"] / max(1, x["positions"]) for x in runs}
        cells = "".join(f"{_ms_cell(ms.get(b, [])):>{width}}" for b in labels)
        nodes_cell = "-" if not nodes else " / ".join(f"{v:,.0f}" for v in sorted(nodes))
        print_(f"{g:<10}{count:>10}{cells}{nodes_cell:>15}")
        if len({x["values"] for x in runs}) > 1:
            differ.append(g)
    first = labels[0]
    for b in labels[1:]:
        ratios = [f"{g} {med[g][b] / med[g][first]:.2f}x" for g in figures
                  if first in med[g] and b in med[g]]
        print_(textwrap.fill(f"{b} / {first} (time a solve): " + ", ".join(ratios), 80,
                             subsequent_indent="  "))
    if len(labels) > 1:
        print_("values: " + ("the same on every build" if not differ else
                             "differ between builds in " + ", ".join(differ)))


def _ms_cell(xs: list[float]) -> str:
    if not xs:
        return "-"
    if len(xs) == 1:
        return f"{xs[0]:.2f} ms"
    return f"{statistics.median(xs):.2f} ms ({min(xs):.2f}-{max(xs):.2f})"


def run_solver(revs: Sequence[str], games: Sequence[str], positions: int, seed: int,
               rounds: int, print_: Callable[[str], None] = print) -> dict:
    """This build's endgame solver (and ``revs``', checked out, interleaved) on the same
    seeded endings; prints the table and returns the figures."""
    with checked_out(revs) as builds:
        print_(f"{rounds} round{'s' if rounds != 1 else ''} of {positions} endings per game "
               "per build, at the search's solving depth.")
        print_("CPU time a solve: the median over the rounds (and the range).")
        figures = measure_solver(builds, games, positions, seed, rounds)
        report_solver(figures, [b for b, _ in builds], print_)
    return figures
