"""The hard AI as a coach: its evaluation of every root move, hints and the cost of a move.

Everything here runs the hard level's own search (``SearchPlayer.choose``) and reads
its root statistics (``last_root``: each root move's values in the common sampled
worlds), so a hint is exactly the move the hard AI would make, and a review weighs a
player's move on the same worlds as the AI's choice (paired samples: the luck of the
deal cancels out of the difference).  Pure and deterministic given the seed: budgets
are iteration counts, never wall-clock time.

Reasons are facts, not sentences (``Reason``): the presentation layer words them in
the reader's language (bot/present/coach_words.py).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..actions import Action
from ..base import State
from .hooks import hooks_for, rng_for
from .search import SearchPlayer

HINT_BUDGET = 120       # iterations for a hint: a hard move's usual work
REVIEW_BUDGET = 150     # iterations per decision of a review
REVIEW_WORLDS = 12      # common worlds every root move is tried in, for a review
TRICK_WORLDS = 10       # sampled deals the trick fact is counted on, with no runner-up
CHECK_WORLDS = 64       # fresh worlds a review prices a move that is not the AI's on
GIFT_SAID_WORLDS = 10   # common deals before a hint says a move does worse in every one


@dataclass(frozen=True)
class MoveValue:
    action: Action
    value: float        # mean result over the sampled worlds, about [-1, 1] for the seat
    spread: float       # standard deviation of those results (how much the worlds disagree)
    worlds: int         # how many worlds it was tried in


@dataclass(frozen=True)
class Reason:
    """One fact behind a hint.  ``kind``:

    * ``forced``: it is the only legal move;
    * ``only``: every other move is plainly worse;
    * ``best_in``: at least as good as every other move in ``count`` of ``of`` sampled deals;
    * ``wins_trick`` / ``loses_trick``: takes (or leaves) the trick in ``count`` of ``of``
      sampled deals (``of`` 0: certain, the trick's last card);
    * ``gifts``: ``count`` other moves do worse in every sampled deal (10 or more);
    * ``margin``: ahead of the next best move by ``count`` hundredths of a game;
    * ``plan``: a planned exchange (a game's own exchange search), best on average over
      ``of`` sampled draws from the talon and at least as good as the next best discard
      in ``count`` of them (0: not compared);
    * ``gifts_draws``: ``count`` other discards do worse in every sampled draw.
    """
    kind: str
    count: int = 0
    of: int = 0


@dataclass(frozen=True)
class Hint:
    action: Action
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class Judgement:
    """How a move compares with the hard AI's choice in one position."""
    played: Action
    best: Action
    cost: float         # mean loss against ``best`` in common worlds, >= 0 (value units)
    spread: float       # standard error of that mean (0 when it was not sampled)
    worlds: int         # common worlds the two were compared in
    disagree: int       # of those, the worlds where ``played`` did as well or better


def _player(state: State, seed: int, budget: int, worlds: int = 0) -> SearchPlayer:
    return SearchPlayer(state.game.name, "hard", seed, iterations=budget, time_budget=None,
                        common_worlds=worlds)


def evaluate_moves(state: State, seat: int, budget: int = REVIEW_BUDGET,
                   seed: int = 0) -> list[tuple[Action, float, float]]:
    """Every root move the hard search weighed, with its mean value and spread over the
    sampled worlds, best mean first.  A position without a search (one legal move) gives
    its one move with value 0 and spread 0."""
    player = _player(state, seed, budget, REVIEW_WORLDS)
    chosen = player.choose(state, seat)
    return [(m.action, m.value, m.spread) for m in _root(player, chosen)]


def _root(player: SearchPlayer, chosen: Action) -> list[MoveValue]:
    if player.last_root is None:
        return [MoveValue(chosen, 0.0, 0.0, 0)]
    cands, values = player.last_root
    out = [MoveValue(a, _mean(v), _sd(v), len(v)) for a, v in zip(cands, values, strict=True)
           if v]
    return sorted(out, key=lambda m: (-m.value, m.action != chosen))


def hint(state: State, seat: int, budget: int = HINT_BUDGET, seed: int = 0) -> Hint:
    """The hard AI's move for ``seat`` and the facts behind it."""
    player = _player(state, seed, budget)
    move = player.choose(state, seat)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(move, (Reason("forced"),))
    if player.last_root is None:
        return Hint(move, (Reason("only"),))
    cands, values = player.last_root
    i = cands.index(move)
    mine = values[i]
    others = [v for j, v in enumerate(values) if j != i and v]
    # Said as "do worse in every sampled deal": only on enough deals that a fresh look (a
    # review's) would not find it as good (the search drops a gift after 3).
    gifts = {j for j, v in enumerate(values) if j != i and _worse_in_all(v, mine)}
    # Against the runner-up (the best other mean), on the worlds both were tried in.
    second = max(others, key=_mean) if others else []
    common = min(len(mine), len(second))
    if common < 3:      # too few to quote ("in 1 of 2 sampled deals" says nothing)
        common = 0
    as_good = sum(1 for w in range(common) if mine[w] >= second[w])
    reasons: list[Reason] = []
    exchange = hooks_for(state.game.name).exchange
    if exchange is not None and exchange.applies(state):
        # A discard is weighed on sampled draws from the talon: every fact counts those.
        reasons.append(Reason("plan", as_good, common) if common
                       else Reason("plan", 0, player.last_iterations))
        if gifts:
            reasons.append(Reason("gifts_draws", len(gifts)))
    else:
        # Said beside the comparison with the runner-up (no other move does worse in
        # every deal), the trick fact is counted on as many sampled deals: one sentence
        # never quotes two sample sizes.
        beside = bool(common) and not gifts
        trick = _trick_facts(state, seat, move, seed, common if beside else TRICK_WORLDS)
        if trick is not None:
            reasons.append(trick)
        if others and len(gifts) == len(others):
            reasons.append(Reason("only"))
        else:
            if gifts:
                reasons.append(Reason("gifts", len(gifts)))
            if common:
                reasons.append(Reason("best_in", as_good, common))
    if second:
        gain = round(50 * (_mean(mine) - _mean(second)))   # hundredths of the [-1, 1] scale
        if gain > 0:
            reasons.append(Reason("margin", gain))
    return Hint(move, tuple(reasons) or (Reason("only"),))


def judge(state: State, seat: int, played: Action | str, budget: int = REVIEW_BUDGET,
          seed: int = 0, worlds: int = REVIEW_WORLDS,
          check: int = CHECK_WORLDS) -> Judgement | None:
    """How much ``played`` loses against the hard AI's choice, or None when there was no
    choice to speak of (one legal move).  A game's own exchange search (Piquet's) prices a
    discard on its sampled talons like the flat search prices a card.
    ``worlds``: every root move is first tried in this many common sampled worlds.
    ``check``: the loss is then measured in this many other worlds, the two moves paired
    (0: on the search's own worlds, where the choice of the best is partly luck)."""
    if isinstance(played, str):
        played = state.game.parse_action(played, state.options)
    if len(state.legal_actions(seat)) < 2:
        return None
    player = _player(state, seed, budget, worlds)
    best = player.choose(state, seat, include=played)
    if player.last_root is None:
        return None
    cands, values = player.last_root
    if played == best:
        return Judgement(played, best, 0.0, 0.0, len(values[cands.index(best)]), 0)
    if played not in cands:
        return None
    exchange = hooks_for(state.game.name).exchange
    if check and not (exchange is not None and exchange.applies(state)):
        # Priced apart: the search chose ``best`` for how it did in its own worlds, so
        # its lead there is partly luck (the winner's curse) - the two moves are played
        # again, paired, in fresh worlds.  (A game's own exchange search prices on its
        # sampled talons, in its own units: not played out here.)
        rng = random.Random(f"judge/{seed}/{rng_for(seed, state, seat).random()}")
        theirs, mine = _player(state, seed + 1, budget).play_out(state, seat, [best, played],
                                                                  check, rng)
    else:
        mine, theirs = values[cands.index(played)], values[cands.index(best)]
    m = min(len(mine), len(theirs))
    if m == 0:
        return None
    d = [theirs[w] - mine[w] for w in range(m)]
    err = _sd(d) / math.sqrt(m) if m > 1 else 0.0
    return Judgement(played, best, max(0.0, _mean(d)), err, m, sum(1 for x in d if x <= 0))


def _trick_facts(state: State, seat: int, move: Action, seed: int,
                 deals: int = TRICK_WORLDS) -> Reason | None:
    """How often ``move`` takes the trick it is played to, over ``deals`` sampled deals (the
    others playing on by the game's heuristic until the trick is full); None outside trick
    play."""
    hooks = hooks_for(state.game.name)
    if hooks.endgame is None or move.kind != "play" or len(move.args) != 1:
        return None
    rng = random.Random(f"coach/{seed}/{rng_for(seed, state, seat).random()}")
    wins = seen = 0
    for _ in range(deals):
        world = state.sample_world(seat, rng)
        mover, action = seat, move
        for _step in range(8):
            got = hooks.endgame(world, seat)
            if got is None:
                break
            model, pos = got
            if len(pos.trick) == len(pos.hands) - 1:
                winner = model.winner(pos.trick + (int(action.args[0]),), pos.leader)
                won = model.side(winner) == model.side(seat)
                if _step == 0:      # the last card of the trick: no sampling about it
                    return Reason("wins_trick" if won else "loses_trick", 1, 0)
                seen += 1
                wins += won
                break
            try:
                world.apply(mover, action)
            except Exception:   # a sampled world the game cannot play on: skip it
                break
            nxt = world.current_seat
            if nxt is None:
                break
            mover = nxt
            action = hooks.rollout_policy(world, mover, rng)
            if action.kind != "play" or len(action.args) != 1:
                break
    if not seen:
        return None
    return Reason("wins_trick" if 2 * wins >= seen else "loses_trick",
                  wins if 2 * wins >= seen else seen - wins, seen)


def _worse_in_all(theirs: list[float], mine: list[float]) -> bool:
    m = min(len(theirs), len(mine))
    return m >= GIFT_SAID_WORLDS and all(theirs[w] < mine[w] for w in range(m))


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _sd(xs: list[float]) -> float:
    if len(xs) < 2:
        return 0.0
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
