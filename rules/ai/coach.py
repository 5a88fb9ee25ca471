"""The hard AI as a coach: its evaluation of every root move, hints and the cost of a move.

Everything here runs the hard level's own search (``SearchPlayer.choose``) and reads
its root statistics (``last_root``: each root move's values in the common sampled
worlds), so a hint is the move the hard AI would make (or its runner-up, where that is
clearly better on fresh worlds), and a review weighs a player's move on the same worlds
as that choice (paired samples: the luck of the deal cancels out of the difference).
Pure and deterministic given the seed: budgets are iteration counts, never wall-clock
time.

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

COACH_BUDGET = 150      # iterations of the search behind a hint and a review's decision
COACH_WORLDS = 12       # common worlds every root move is tried in, in that search
PRICE_WORLDS = 64       # fresh worlds the moves are then priced on, paired: at least this many
# Rounds of more fresh worlds for a loss whose interval still straddles MATTERS after the
# worlds before; each round is played STEP worlds at a time and stops once it does not.
MORE_WORLDS: tuple[int, ...] = (192, 768, 3072)
# A hint stops after the first round (bounded CPU); its sample is the first part of the
# review's, decided by the same rule, so where the hint settles a loss the review agrees.
HINT_MORE: tuple[int, ...] = MORE_WORLDS[:1]
STEP = 64
Z = 2.0                 # an interval is the mean loss plus or minus Z standard errors
NOISE = 0.005           # a mean loss under this (a quarter of a percent of a game) is nothing
MATTERS = 0.02          # costly: the whole interval above this (1% of a game)
# Kept for the callers that name them: a hint and a review are the same judgement.
HINT_BUDGET = REVIEW_BUDGET = COACH_BUDGET
REVIEW_WORLDS = COACH_WORLDS
CHECK_WORLDS = PRICE_WORLDS
# A review's second opinion, where the loss of the move played may matter (its interval
# reaches above MATTERS): every legal move of a short list played out on fresh worlds,
# else a search of this many times the budget, looks for a better move to price it
# against.
SECOND_OPINION = 3     # times the coach's budget
WIDE = 16               # a second opinion plays out every legal move of a list this short


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
    * ``only``: the next best move is clearly worse (its loss's interval is above nothing);
    * ``best_in``: at least as good as the next best move in ``count`` of ``of`` sampled deals;
    * ``wins_trick`` / ``loses_trick``: takes (or leaves) the trick in ``count`` of ``of``
      sampled deals (``of`` 0: certain, the trick's last card);
    * ``trick_coins``: the trick's last card, it takes the trick and the ``count`` coins on it
      (Coins);
    * ``trick_points``: the trick's last card, it takes the trick and its ``count`` points
      (Thirteens);
    * ``margin``: ahead of the next best move by ``count`` hundredths of a game;
    * ``plan``: a planned exchange (a game's own exchange search), at least as good as the
      next best discard in ``count`` of ``of`` sampled draws from the talon.
    """
    kind: str
    count: int = 0
    of: int = 0


@dataclass(frozen=True)
class Hint:
    action: Action
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class Price:
    """A move's loss against the coach's choice, on the same fresh sampled worlds."""
    action: Action
    cost: float         # mean loss against the choice (value units; may be < 0: noise)
    error: float        # standard error of that mean
    worlds: int         # the paired worlds it was priced on
    as_good: int        # of those, the worlds where it did as well as the choice or better
    beaten: int = 0     # of those, the worlds where the choice did as well as it or better

    @property
    def low(self) -> float:
        return self.cost - Z * self.error

    @property
    def high(self) -> float:
        return self.cost + Z * self.error

    @property
    def clear(self) -> bool:
        """Costly beyond the noise (``costly``)."""
        return costly(self.cost, self.error)

    @property
    def unsettled(self) -> bool:
        """Worth more worlds: a mean loss above a trifle whose interval straddles
        MATTERS (the sample cannot yet tell whether it matters)."""
        return self.cost >= NOISE and self.low <= MATTERS < self.high


@dataclass(frozen=True)
class Assessment:
    """The coach's judgement of one decision: its choice and the moves priced against it
    (the choice first, at cost 0; then the runner-up of the search; then the move played;
    after a review's second opinion, the choice it found and the move played alone)."""
    best: Action
    prices: tuple[Price, ...]
    exchange: bool      # priced on sampled draws from the talon (Piquet's exchange)

    def price(self, action: Action) -> Price | None:
        return next((p for p in self.prices if p.action == action), None)


@dataclass(frozen=True)
class Judgement:
    """How a move compares with the coach's choice in one position."""
    played: Action
    best: Action
    cost: float         # mean loss against ``best`` in common worlds, >= 0 (value units)
    spread: float       # standard error of that mean (0 when it was not sampled)
    worlds: int         # common worlds the two were compared in
    disagree: int       # of those, the worlds where ``played`` did as well or better

    @property
    def clear(self) -> bool:
        return costly(self.cost, self.spread)


def costly(cost: float, error: float) -> bool:
    """The one rule for a costly decision (a hint's "clearly worse", a review's listed
    item): the loss's whole interval, the mean plus or minus Z standard errors, is above
    MATTERS.  A loss within the noise, or one that surely matters little, is not."""
    return cost - Z * error > MATTERS


def decision_seed(game_seed: int, move: int) -> int:
    """The seed of the coach's judgement of the ``move``-th move (1-based) of a game: a hint
    at that position and the review of the move made there run the same search."""
    return game_seed * 1000 + move


def _player(state: State, seed: int, budget: int, worlds: int = 0) -> SearchPlayer:
    return SearchPlayer(state.game.name, "hard", seed, iterations=budget, time_budget=None,
                        common_worlds=worlds)


def evaluate_moves(state: State, seat: int, budget: int = COACH_BUDGET,
                   seed: int = 0) -> list[tuple[Action, float, float]]:
    """Every root move the hard search weighed, with its mean value and spread over the
    sampled worlds, best mean first.  A position without a search (one legal move) gives
    its one move with value 0 and spread 0."""
    player = _player(state, seed, budget, COACH_WORLDS)
    chosen = player.choose(state, seat)
    return [(m.action, m.value, m.spread) for m in _root(player, chosen)]


def _root(player: SearchPlayer, chosen: Action) -> list[MoveValue]:
    if player.last_root is None:
        return [MoveValue(chosen, 0.0, 0.0, 0)]
    cands, values = player.last_root
    out = [MoveValue(a, _mean(v), _sd(v), len(v)) for a, v in zip(cands, values, strict=True)
           if v]
    return sorted(out, key=lambda m: (-m.value, m.action != chosen))


def assess(state: State, seat: int, seed: int = 0, budget: int = COACH_BUDGET,
           worlds: int = PRICE_WORLDS, played: Action | None = None,
           more: tuple[int, ...] = MORE_WORLDS, second: int = 0) -> Assessment | None:
    """The one judgement behind a hint and a review: the hard search (``budget``
    iterations, ``COACH_WORLDS`` common worlds) chooses; then its choice, its runner-up and
    ``played`` are priced against each other on ``worlds`` fresh sampled worlds, paired
    (the same deal and rollout seed for each: the luck of the deal cancels out).  Fresh,
    because the search chose its move for how it did in its own worlds (the winner's
    curse); where the runner-up is clearly better there (``costly`` the other way), the
    runner-up is the choice.  A hint and the review of the move made at the same
    position, with the same seed, run exactly this: the hinted move costs nothing there.
    None with one legal move.  Piquet's exchange is priced by its own search, on
    ``worlds`` fresh sampled talons.
    The move asked about (``played``, else the runner-up) whose loss is unsettled
    (``Price.unsettled``: its interval straddles MATTERS) is priced again against the
    choice in rounds (``more``: each round's size), ``STEP`` fresh worlds at a time, until
    the interval no longer straddles or the rounds run out; judged on the whole sample.
    ``second``: a second opinion where the loss of ``played`` may still matter after
    that (``_second_opinion``, its search at ``second`` times ``budget``); 0, none (a hint
    never has one)."""
    if len(state.legal_actions(seat)) < 2:
        return None
    player = _player(state, seed, budget, COACH_WORLDS)
    best = player.choose(state, seat)      # never ``include``: the hint's search exactly
    moves = [best]
    if player.last_root is not None:
        cands, values = player.last_root
        others = [(_mean(v), a) for a, v in zip(cands, values, strict=True)
                  if v and a != best]
        if others:
            moves.append(max(others, key=lambda o: o[0])[1])
    if played is not None and played not in moves:
        moves.append(played)
    if len(moves) == 1:
        return Assessment(best, (Price(best, 0.0, 0.0, 0, 0),), False)
    vals = _values(state, seat, seed, budget, moves, worlds, _stream(state, seat, seed,
                                                                      "judge"))
    # Decided on the first fresh worlds alone, which a hint and a review share whatever
    # else the review prices (a world's values do not depend on the other moves).
    if _price(moves[0], vals[1], vals[0]).clear:
        moves[0], moves[1] = moves[1], moves[0]
        vals[0], vals[1] = vals[1], vals[0]
        best = moves[0]
    asked = played if played is not None else moves[1]
    if asked != best:
        # More worlds only where the sample cannot tell whether the loss matters.  Only
        # the move asked about (the hint's runner-up, the review's move played) and the
        # choice, on streams of their own, seeded by the decision and the position alone:
        # a hint and the review of its runner-up see the same worlds, step for step.
        k = moves.index(asked)
        vals[0], vals[k] = _rounds(state, seat, seed, budget, best, asked, vals[0], vals[k],
                                   more, "judge")
        if second and played is not None:
            moves, vals = _second_opinion(state, seat, seed, budget, worlds, moves, vals,
                                          played, more, second * budget)
    search = hooks_for(state.game.name).exchange
    exchange = search is not None and search.applies(state)
    return Assessment(moves[0], tuple(_price(m, vals[0], v)
                                      for m, v in zip(moves, vals, strict=True)), exchange)


def _rounds(state: State, seat: int, seed: int, budget: int, best: Action, asked: Action,
            mine: list[float], theirs: list[float], more: tuple[int, ...], name: str
            ) -> tuple[list[float], list[float]]:
    """``asked`` and ``best`` (values ``theirs`` and ``mine`` so far, paired) priced again
    in the rounds ``more`` while the loss of ``asked`` is unsettled, on the streams
    ``name+0``, ``name+1``, ... of this decision."""
    for r, size in enumerate(more):
        rng = _stream(state, seat, seed, f"{name}+{r}")
        done = 0
        while done < size and _price(asked, mine, theirs).unsettled:
            step = min(STEP, size - done)
            extra = _values(state, seat, seed, budget, [best, asked], step, rng)
            if not extra[0]:
                break           # no consistent world to be had: judged as it stands
            # The other moves keep their first sample, paired with the choice's first part.
            mine, theirs = mine + extra[0], theirs + extra[1]
            done += step
    return mine, theirs


def _second_opinion(state: State, seat: int, seed: int, budget: int, worlds: int,
                    moves: list[Action], vals: list[list[float]], played: Action,
                    more: tuple[int, ...], iterations: int
                    ) -> tuple[list[Action], list[list[float]]]:
    """Where the loss of ``played`` against the choice ``moves[0]`` may matter - its
    interval reaches above MATTERS - a second, wider look for a better move: the first
    search's choice may be little better than the move played, or the best of several
    weak ones, and the first sample may have been unlucky.  Every legal move (at most
    ``WIDE``; else the choice of a search of ``iterations``) is played out on ``worlds``
    fresh worlds, and ``played`` is priced against the best of them on fresh worlds again
    (with rounds).  That best is the first choice and the loss was not clear: the two
    samples together are the judgement.  Another move: it becomes the choice where
    ``played`` loses clearly more against it.  Otherwise the judgement stands, so a loss
    the first pricing found clear stays clear, at least as costly.  The choice is never
    ``played``: a move a hint named stays free."""
    k = moves.index(played)
    first = _price(played, vals[0], vals[k])
    if first.high <= MATTERS:
        return moves, vals
    legal = state.legal_actions(seat)
    if len(legal) <= WIDE:
        looked = _values(state, seat, seed, budget, legal, worlds,
                         _stream(state, seat, seed, "wide"))
        if not looked[0]:
            return moves, vals
        other = max(zip(legal, looked, strict=True), key=lambda m: _mean(m[1]))[0]
    else:
        other = _player(state, seed + 2, iterations, COACH_WORLDS).choose(state, seat)
    if other == played or (other == moves[0] and first.clear):
        return moves, vals      # a clear loss stays as the hint's rounds priced it
    got = _values(state, seat, seed, budget, [other, played], worlds,
                  _stream(state, seat, seed, "second"))
    if not got[0]:
        return moves, vals
    if other == moves[0]:
        # The same two moves on worlds of their own: more of the same paired sample.
        n = min(len(vals[0]), len(vals[k]))
        got = [vals[0][:n] + got[0], vals[k][:n] + got[1]]
    mine, theirs = _rounds(state, seat, seed, budget, other, played, got[0], got[1], more,
                           "second")
    again = _price(played, mine, theirs)
    if other != moves[0] and (not again.clear or again.cost <= first.cost):
        return moves, vals
    # Only the two priced on the same worlds: the other moves' samples are not paired
    # with the new choice's.
    return [other, played], [mine, theirs]


def price_moves(state: State, seat: int, best: Action, moves: list[Action], seed: int = 0,
                budget: int = COACH_BUDGET, worlds: int = PRICE_WORLDS,
                stream: str = "all") -> tuple[Price, ...]:
    """Each of ``moves`` priced against ``best`` on ``worlds`` fresh sampled worlds,
    paired (``assess``'s pricing, for every move at once: a puzzle checks that every
    alternative is costly), on the random stream ``stream`` of this decision."""
    vals = _values(state, seat, seed, budget, [best, *moves], worlds,
                   _stream(state, seat, seed, stream))
    return tuple(_price(m, vals[0], v) for m, v in zip(moves, vals[1:], strict=True))


def _stream(state: State, seat: int, seed: int, name: str) -> random.Random:
    """The random stream ``name`` of a decision, seeded by ``seed`` and the position alone."""
    return random.Random(f"{name}/{seed}/{rng_for(seed, state, seat).random()}")


def _values(state: State, seat: int, seed: int, budget: int, moves: list[Action],
            worlds: int, rng: random.Random) -> list[list[float]]:
    """Each of ``moves`` on ``worlds`` fresh sampled worlds drawn from ``rng``, paired (by
    move, then by world); Piquet's exchange on its own search's sampled talons."""
    search = hooks_for(state.game.name).exchange
    if search is not None and search.applies(state):
        _, weighed, by_world = search.choose(state, seat, list(moves), rng, worlds, None)
        return [list(by_world[weighed.index(m)]) for m in moves]
    return _player(state, seed + 1, budget).play_out(state, seat, moves, worlds, rng)


def _price(action: Action, best: list[float], mine: list[float]) -> Price:
    m = min(len(best), len(mine))
    d = [best[w] - mine[w] for w in range(m)]
    err = _sd(d) / math.sqrt(m) if m > 1 else 0.0
    return Price(action, _mean(d), err, m, sum(1 for x in d if x <= 0),
                 sum(1 for x in d if x >= 0))


def hint(state: State, seat: int, budget: int = COACH_BUDGET, seed: int = 0,
         worlds: int = PRICE_WORLDS, more: tuple[int, ...] = HINT_MORE) -> Hint:
    """The coach's move for ``seat`` and the facts behind it (``assess``, the runner-up
    priced again in the rounds ``more``: the review's first rounds)."""
    got = assess(state, seat, seed, budget, worlds, more=more)
    if got is None:
        return Hint(state.legal_actions(seat)[0], (Reason("forced"),))
    move = got.best
    runner = got.prices[1] if len(got.prices) > 1 else None
    reasons: list[Reason] = []
    if got.exchange:
        if runner is not None and runner.worlds:
            reasons.append(Reason("plan", runner.beaten, runner.worlds))
    else:
        reasons += _trick_facts(state, seat, move, seed,
                                runner.worlds if runner is not None and runner.worlds
                                else worlds)
        if runner is None or runner.clear:
            reasons.append(Reason("only"))
        if runner is not None and runner.worlds:
            reasons.append(Reason("best_in", runner.beaten, runner.worlds))
    if runner is not None and runner.clear:
        gain = round(50 * runner.cost)   # hundredths of the [-1, 1] scale
        if gain > 0:
            reasons.append(Reason("margin", gain))
    return Hint(move, tuple(reasons) or (Reason("only"),))


def judge(state: State, seat: int, played: Action | str, budget: int = COACH_BUDGET,
          seed: int = 0, worlds: int = COACH_WORLDS,
          check: int = PRICE_WORLDS, more: tuple[int, ...] = MORE_WORLDS,
          second: int = SECOND_OPINION) -> Judgement | None:
    """How much ``played`` loses against the coach's choice (``assess``: the same
    judgement as a hint's at this position and seed, priced again in the rounds
    ``more``, with a second opinion by a search of ``second`` times ``budget`` where the
    loss may matter; 0, none), or None when there was no choice to speak of (one legal
    move).  ``check`` 0: priced on the search's own ``worlds`` common worlds instead,
    where the choice of the best is partly luck (the benchmark's oracle)."""
    if isinstance(played, str):
        played = state.game.parse_action(played, state.options)
    if len(state.legal_actions(seat)) < 2:
        return None
    if check:
        got = assess(state, seat, seed, budget, check, played, more, second)
        if got is None:
            return None
        p = got.price(played)
        assert p is not None
        if played == got.best or p.worlds == 0:
            return Judgement(played, got.best, 0.0, 0.0, p.worlds, 0)
        return Judgement(played, got.best, max(0.0, p.cost), p.error, p.worlds, p.as_good)
    player = _player(state, seed, budget, worlds)
    best = player.choose(state, seat, include=played)
    if player.last_root is None:
        return None
    cands, values = player.last_root
    if played == best:
        return Judgement(played, best, 0.0, 0.0, len(values[cands.index(best)]), 0)
    if played not in cands:
        return None
    p = _price(played, values[cands.index(best)], values[cands.index(played)])
    if p.worlds == 0:
        return None
    return Judgement(played, best, max(0.0, p.cost), p.error, p.worlds, p.as_good)


def _trick_facts(state: State, seat: int, move: Action, seed: int,
                 deals: int = PRICE_WORLDS) -> list[Reason]:
    """How often ``move`` takes the trick it is played to, over ``deals`` sampled deals (the
    others playing on by the game's heuristic until the trick is full); at the trick's
    last card, certain, and with what the trick carries in the game's terms (its coins,
    its points).  Empty outside trick play."""
    hooks = hooks_for(state.game.name)
    if hooks.endgame is None or move.kind != "play" or len(move.args) != 1:
        return []
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
                card = int(action.args[0])
                winner = model.winner(pos.trick + (card,), pos.leader)
                won = model.side(winner) == model.side(seat)
                if _step == 0:      # the last card of the trick: no sampling about it
                    return _last_card(model, pos, card, won)
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
        return []
    # Said as the share it is ("in 18 of 19 sampled deals"), never as a certainty.
    return [Reason("wins_trick" if 2 * wins >= seen else "loses_trick",
                   wins if 2 * wins >= seen else seen - wins, seen)]


def _last_card(model, pos, card: int, won: bool) -> list[Reason]:
    """The trick's last card: whether it takes the trick, and what the trick carries for
    the seat's side (Coins' coins, Thirteens' points), in the game's terms."""
    before = model.points(pos.acc)
    after = model.points(pos.after(model, card).acc)
    side = model.side(model.me)
    gain = after[side] - before[side] if before is not None and after is not None else 0
    if won and gain > 0:
        return [Reason(f"trick_{model.carries}", gain)]
    return [Reason("wins_trick" if won else "loses_trick", 1, 0)]


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _sd(xs: list[float]) -> float:
    if len(xs) < 2:
        return 0.0
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
