"""``python -m benchmarks.compare``: the same random-legal playouts on Parlour, OpenSpiel
and RLCard.

Research tooling, not the product: ``parlour bench engine`` gives the engine's own
figures.  Every engine is driven the same way: one Python loop on one core,
``random.Random`` picking uniformly among the legal actions each step.
Only player decisions count as actions. OpenSpiel's chance nodes (the deal,
hearts' pass direction) are resolved inside the timed loop, like our deal inside
``new_state``, but are not counted (they are reported as chance/game).
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Iterable

INSTALL_HINT = "pip install -e '.[bench]'"
OPENSPIEL_GAMES: tuple[str, ...] = ("hearts", "spades", "oh_hell", "skat")
RLCARD_GAMES: tuple[str, ...] = ("bridge", "doudizhu", "uno", "bridge/raw")
RLCARD_RAW = frozenset({"bridge", "uno"})  # games whose bare engine exposes legal actions
# (engine, game) -> minimum ours/theirs actions/s ratio we aim for.
TARGETS: dict[tuple[str, str], float] = {("openspiel", "hearts"): 1.0, ("rlcard", "bridge"): 5.0}


def _result(games: int, actions: int, chance: int, elapsed: float, players: int) -> dict:
    return {"games": games, "actions": actions, "chance": chance, "seconds": elapsed,
            "players": players, "games_per_s": games / elapsed,
            "actions_per_s": actions / elapsed}


def openspiel_playouts(pyspiel, name: str, seconds: float, seed: int) -> dict:
    """Random playouts of an OpenSpiel game for about ``seconds`` (at least one game)."""
    game = pyspiel.load_game(name)
    sample = pyspiel.sample_action  # C++ sampler: no Python loop over 52 deal outcomes
    rng = random.Random(seed)
    games = actions = chance = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline or games == 0:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng.random())[0])
                chance += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        games += 1
    return _result(games, actions, chance, clock() - start, game.num_players())


def parlour_playouts(game, n: int, seconds: float, seed: int) -> dict:
    """Random playouts of one of our games, in the same loop as ``openspiel_playouts``."""
    rng = random.Random(seed)
    games = actions = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline or games == 0:
        state = game.new_state(n, {}, seed=rng.getrandbits(40))
        while not state.is_over:
            seat = state.current_seat
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return _result(games, actions, 0, clock() - start, n)


def rlcard_playouts(rlcard, name: str, seconds: float, seed: int) -> dict:
    """Random playouts of an RLCard env via ``env.step`` (its public API, which also builds
    the RL observation each step - that is what RLCard users pay).  ``NAME/raw`` drives the
    env's game object directly instead (no observations): RLCard's bare rules engine."""
    if name.endswith("/raw"):
        return _rlcard_raw_playouts(rlcard.make(name[:-4], config={"seed": seed}), seconds, seed)
    env = rlcard.make(name, config={"seed": seed})
    rng = random.Random(seed)
    games = actions = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline or games == 0:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])  # action ids (dict/OrderedDict keys)
            state, _ = env.step(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return _result(games, actions, 0, clock() - start, env.num_players)


def _rlcard_raw_playouts(env, seconds: float, seed: int) -> dict:
    game = env.game
    # Bridge keeps its legal-move generator on the judger; the other games on the game.
    legal_of = getattr(game, "get_legal_actions", None) or game.judger.get_legal_actions
    rng = random.Random(seed)
    games = actions = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while clock() < deadline or games == 0:
        game.init_game()
        while not game.is_over():
            legal = legal_of()
            game.step(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return _result(games, actions, 0, clock() - start, env.num_players)


def trick_game_names() -> list[str]:
    """Our games whose state is a ``TrickState``."""
    import rules
    from rules.tricks import TrickState

    return sorted(n for n, g in rules.GAMES.items() if issubclass(g.state_class, TrickState))


def our_trick_results(ours: dict[str, dict] | None, seconds: float, seed: int) -> dict[str, dict]:
    """Our trick games' figures: those passed in (already measured), else measured now."""
    names = trick_game_names()
    got = {n.strip().lower(): r for n, r in (ours or {}).items() if n.strip().lower() in names}
    if got:
        return got
    import rules

    for name in names:
        game = rules.get_game(name)
        got[name] = parlour_playouts(game, game.player_counts({})[0], seconds, seed)
    return got


def _import(module: str):
    try:
        return importlib.import_module(module)
    except Exception:  # ImportError, or a broken binary wheel
        return None


def _row(engine: str, name: str, r: dict) -> str:
    per_game = f"{r['chance'] / r['games']:.0f}" if r.get("chance") else "-"
    return (f"{engine:<11}{name:<13}{r['players']:>8}{r['games_per_s']:>10.1f}"
            f"{r['actions_per_s']:>12,.0f}{r['actions'] / r['games']:>12.1f}{per_game:>10}")


def _measure(engine: str, module: str, names: Iterable[str], seconds: float, seed: int,
             available, playout) -> dict[str, dict]:
    lib = _import(module)
    if lib is None:
        print(f"{engine:<11}not installed (import {module} failed); "
              f"install with: {INSTALL_HINT}")
        return {}
    out = {}
    for name in names:
        if not available(lib, name):
            print(f"{engine:<11}{name:<13}not available; skipped")
            continue
        try:
            out[name] = r = playout(lib, name, seconds, seed)
        except Exception as e:  # another version's API drift must not end the whole bench
            print(f"{engine:<11}{name:<13}failed ({type(e).__name__}: {e}); skipped")
            continue
        print(_row(engine, name, r))
    return out


def _rlcard_has(rlcard, name: str) -> bool:
    from rlcard.envs.registration import registry

    base = name.removesuffix("/raw")
    return base in registry.env_specs and (base == name or base in RLCARD_RAW)


def run(seconds: float, seed: int, ours: dict[str, dict] | None = None,
        openspiel_games: Iterable[str] = OPENSPIEL_GAMES,
        rlcard_games: Iterable[str] = RLCARD_GAMES) -> dict:
    """Measure OpenSpiel and RLCard games and print them with ours/theirs ratios.

    ``ours``: figures already measured (name -> ``parlour_playouts`` dict); our
    trick games are measured here if it holds none.
    Returns {"ours": ..., "openspiel": ..., "rlcard": ...} for tests and callers.
    """
    mine = our_trick_results(ours, seconds, seed)
    print()
    print("comparison: random legal playouts, one core, Python driver; actions = player "
          "decisions (chance nodes not counted)")
    print(f"{'engine':<11}{'game':<13}{'players':>8}{'games/s':>10}{'actions/s':>12}"
          f"{'actions/gm':>12}{'chance/gm':>10}")
    for name, r in sorted(mine.items()):
        print(_row("parlour", name, {**r, "chance": 0}))
    theirs = {
        "openspiel": _measure("openspiel", "pyspiel", openspiel_games, seconds, seed,
                              lambda lib, n: n in lib.registered_names(), openspiel_playouts),
        "rlcard": _measure("rlcard", "rlcard", rlcard_games, seconds, seed,
                           _rlcard_has, rlcard_playouts),
    }
    best = max(mine, key=lambda n: mine[n]["actions_per_s"])
    b = mine[best]
    for (engine, name), target in TARGETS.items():
        t = theirs[engine].get(name)
        if t is None:
            print(f"ratio      {best} vs {engine} {name}: not measured ({INSTALL_HINT})")
            continue
        ratio = b["actions_per_s"] / t["actions_per_s"]
        verdict = "met" if ratio >= target else "NOT met"
        print(f"ratio      {best} vs {engine} {name}: {ratio:.2f}x actions/s "
              f"({b['games_per_s'] / t['games_per_s']:.2f}x games/s); "
              f"target >= {target:g}x: {verdict}")
    raw = theirs["rlcard"].get("bridge/raw")
    if raw is not None:  # context, no target: RLCard's engine without its observation encoder
        print(f"ratio      {best} vs rlcard bridge/raw: "
              f"{b['actions_per_s'] / raw['actions_per_s']:.2f}x actions/s (no target)")
    return {"ours": mine, **theirs}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.compare", description=(
        "Random legal playouts of our trick games, OpenSpiel's and RLCard's, in one run."))
    p.add_argument("--seconds", type=float, default=2.0, help="time per game (default 2)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    run(args.seconds, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
