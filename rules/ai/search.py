"""Search over sampled worlds: determinised flat UCB with heuristic rollouts.

Each iteration picks a root move by UCB1, plays it in a world consistent with
what the seat has seen (``state.sample_world``), lets every seat play on with
the game's cheap heuristic until the hand ends, and scores the position with
``evaluate.value``.  This is PIMC with the samples spread over root moves by
UCB (information-set search at the root), which is what beats rule-based play
in trick games without the strategy-fusion cost of a deep tree.

Refinements that make the few hundred iterations count:

* Common worlds: the j-th visit of every move uses the same sampled world and
  the same rollout seed, so moves are compared on the same cards (paired
  samples) and the luck of the deal mostly cancels out of the comparison.
* The exploration term is scaled by the spread of the values seen so far, so
  the same constant works for games whose values move by 0.02 or by 1.
* The heuristic's move is overruled only when the search's pick beats it on
  the same worlds by more than the noise (a paired test), so a small budget
  does not turn good heuristic play into noise.
* Huge legal lists are cut to the heuristic's move and its near neighbours.
* Piquet's exchange is the exception: rollouts are too noisy to rank discards, so
  they are scored on many sampled talons instead (piquet_exchange.py for two hands,
  piquet_exchange_normand.py for normand's dealer).
* The last few tricks of a sampled world are solved exactly, not rolled out
  (endgame.py: PIMC with a perfect-information solver).
* Worlds are weighed by how likely the others' decisions were: in Piquet every one of
  the deal (claims, "good", discards, every play; games/piquet/ai_inference.py) by
  importance resampling (rules/ai/inference.py, the effective sample size kept in
  ``last_ess``); elsewhere the plays to the current trick under the easy policy, by
  rejection sampling.
* No visible gifts: a move worse than another in every common world is never
  played, and last to play a card that hands the others points for nothing is
  left out.

Budgets are counts (iterations and simulated work), so a player is
deterministic given its seed; ``time_budget`` is a safety cap for slow
machines (when it bites, the result depends on the machine's speed;
``last_capped`` says so).
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action
from ..base import State
from ..tricks import TrickPosition, trick_position
from . import evaluate
from .endgame import Solver
from .hooks import hooks_for
from .hooks import rng_for as _rng_for
from .inference import Resampler

# Per move: at most this many iterations, and at most this much work - simulated actions,
# weighted by the game's cost per action, plus ITERATION_COST per iteration for the world
# copy.  Both are counts, so the moves never depend on the machine; the work bound keeps
# the moves early in a hand (long rollouts) as quick as the late ones.
LEVEL_ITERATIONS = {"normal": 40, "hard": 200}
# Piquet's exchange is judged on this many sampled talons instead (piquet_exchange.py).
LEVEL_EXCHANGE_WORLDS = {"normal": 30, "hard": 100}
EXCHANGE_CANDIDATES = 12
LEVEL_WORK = {"normal": 1000, "hard": 5000}
ITERATION_COST = 8.0
MAX_CANDIDATES = {"normal": 6, "hard": 10}   # root moves looked at when the list is huge
ROLLOUT_CAP = 400            # actions, a guard against pathological hands
EXPLORATION = 0.7            # times the spread of the values seen
DEFAULT_TIME_BUDGET = 0.25   # seconds: the safety cap when the caller gives none
BAD_WORLD_RETRIES = 4
CONFIDENCE = 0.5             # standard errors by which search must beat the heuristic's move
# A visible gift: a root move worse than another in every common sampled world - at least
# GIFT_WORLDS of them where the worlds are solved exactly, ROLLOUT_GIFT_WORLDS where they
# are rolled out (a rollout's noise makes three losses in a row too common a fluke).
GIFT_WORLDS = 3              # every root move is tried in this many common worlds first
ROLLOUT_GIFT_WORLDS = 8
# The endgame solver's work per node searched, against one simulated action (2-3 us a
# node against 10-15 us a rollout action, `parlour selfplay --endgame`; docs/AI.md).
NODE_COST = 0.2
ENDGAME_MAX_CARDS = 12       # at most this many cards left in the hands when solving
# Inference: a sampled world where ``easy`` would not have made an opponent's play to the
# current trick is kept with this chance per such play, over at most INFERENCE_TRIES draws.
UNLIKELY_PLAY = 0.35
INFERENCE_TRIES = 4


class SearchPlayer:
    def __init__(self, game: str, level: str = "hard", seed: int = 0,
                 iterations: int | None = None, time_budget: float | None = DEFAULT_TIME_BUDGET,
                 max_candidates: int | None = None, work: float | None = None,
                 endgame_tricks: int | None = None, common_worlds: int = GIFT_WORLDS,
                 endgame_cards: int = ENDGAME_MAX_CARDS) -> None:
        self.game = game
        self.level = level
        self.seed = seed
        self.iterations = iterations or LEVEL_ITERATIONS[level]
        # An explicit iteration count (tests, experiments) means exactly that many.
        self.work = work or (math.inf if iterations else LEVEL_WORK[level])
        self.hooks = hooks_for(game)
        self._step_cost = self.hooks.step_cost
        self.max_candidates = max_candidates or MAX_CANDIDATES[level]
        self.exchange_worlds = iterations or LEVEL_EXCHANGE_WORLDS[level]
        self.time_budget = time_budget
        self._policy = self.hooks.choose
        self._rollout_policy = self.hooks.rollout_policy
        self._own_rollout = self.hooks.own_rollout
        self.last_iterations = 0
        self.last_capped = False
        self.bad_worlds = 0          # sampled worlds that could not be played (see _play_world)
        # Sampled worlds with this many tricks left (or fewer) are solved exactly.
        self._endgame = self.hooks.endgame
        tricks = self.hooks.endgame_tricks if endgame_tricks is None else endgame_tricks
        self._endgame_tricks = tricks if self._endgame is not None else 0
        self._endgame_cards = endgame_cards
        self._solvers: dict[int | tuple, Solver] = {}   # by world: its table serves every root move
        self._solved = False         # whether this move's worlds were solved exactly
        # Trick gifts kept as root moves because the whole hand is solved: played only
        # where the solve shows they gain (see _without_trick_gifts).
        self._trick_gifts: set[Action] = set()
        self.last_gifts: list[Action] = []   # root moves the last search saw as gifts
        # Every root move is tried on this many common worlds first (budget allowing): the
        # visible-gift test needs GIFT_WORLDS; a review asks for more, to price a bad move.
        self.common_worlds = max(common_worlds, GIFT_WORLDS)
        # The last search's root moves and each one's values by common sampled world (None
        # when no search ran: one move); the coach (rules/ai/coach.py) reads its hints and
        # reviews from these - also a game's own exchange search's, on its sampled talons.
        self.last_root: tuple[list[Action], list[list[float]]] | None = None
        # Inference over the whole deal (a game's world_weight hook): this move's resampler,
        # and the effective sample share of its uniform draws (None: no weights this move);
        # ``ess_log`` keeps every move's, for selfplay's statistics.
        self._resampler: Resampler | None = None
        self.last_ess: float | None = None
        self.ess_log: list[float] = []

    def choose(self, state: State, seat: int, time_budget: float | None = None,
               include: Action | None = None) -> Action:
        """The move for ``seat``; ``time_budget`` (seconds) caps this one search.
        ``include``: a legal move searched among the root moves whatever the cuts (a
        review weighs the move a player made)."""
        self.last_iterations = 0
        self.last_capped = False
        self.last_gifts = []
        self.last_root = None
        self._solvers = {}
        self._solved = False
        self._trick_gifts = set()
        self._resampler = None
        self.last_ess = None
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if self.hooks.world_weight is not None:
            self._resampler = Resampler(self.hooks.world_weight(state, seat))
        try:
            return self._choose(state, seat, legal, include, time_budget)
        finally:
            if self._resampler is not None:
                self.last_ess = self._resampler.ess_share()
                if self.last_ess is not None:
                    self.ess_log.append(self.last_ess)

    def _choose(self, state: State, seat: int, legal: list[Action], include: Action | None,
                time_budget: float | None) -> Action:
        rng = _rng_for(self.seed, state, seat)
        guess = self._policy(state, seat, rng)
        if self.hooks.prune is not None:
            legal = self.hooks.prune(state, seat, legal)
            if guess not in legal:
                guess = legal[0]
        search = self.hooks.exchange
        exchange = search is not None and search.applies(state)
        limit = EXCHANGE_CANDIDATES if exchange else self.max_candidates
        cands = candidates(state, seat, legal, guess, limit, rng)
        if not exchange and self._endgame is not None:
            cands, guess = self._without_trick_gifts(state, seat, legal, cands, guess, rng)
        if include is not None and include not in cands and state.is_legal(seat, include):
            cands = cands + [include]
        if len(cands) == 1:
            return cands[0]
        budget = time_budget if time_budget is not None else self.time_budget
        deadline = None if budget is None else time.perf_counter() + budget
        if exchange:
            assert search is not None  # exchange is only true with a game's own search
            move, cands, by_world = search.choose(state, seat, cands, rng,
                                                  self.exchange_worlds, deadline,
                                                  self._resampler)
            used = len(by_world[0])
            self.last_iterations = used
            self.last_capped = used < self.exchange_worlds
            # Values by common world, in the search's units: a review prices a discard as
            # it prices a card.
            self.last_root = (cands, by_world)
            return move
        return self._search(state, seat, cands, guess, rng, deadline)

    def _search(self, state: State, seat: int, cands: list[Action], guess: Action,
                rng: random.Random, deadline: float | None) -> Action:
        k = len(cands)
        visits = [0] * k
        totals = [0.0] * k
        values: list[list[float]] = [[] for _ in range(k)]   # by world, for paired tests
        worlds: list[tuple[State, int]] = []
        s1 = s2 = 0.0     # sum and sum of squares of all values: their spread scales UCB
        budget = self.iterations
        clock = time.perf_counter
        it = 0
        work = 0.0
        # Every move is tried on the first common_worlds worlds (budget allowing), so a move
        # that loses in every one of them to another is seen for the gift it is.
        rounds = k * min(self.common_worlds, max(1, budget // k))
        while it < budget and (it < rounds or work < self.work):
            if it >= k and deadline is not None and clock() > deadline:
                self.last_capped = True
                break
            if it < rounds:
                i = it % k
            else:
                spread = math.sqrt(max(s2 / it - (s1 / it) ** 2, 0.0)) or 1e-3
                c = EXPLORATION * spread
                log_n = math.log(it)
                i = max(range(k), key=lambda j: totals[j] / visits[j]
                        + c * math.sqrt(log_n / visits[j]))
            j = visits[i]
            if j == len(worlds):
                worlds.append((self._sample(state, seat, rng), rng.getrandbits(32)))
            played = self._play_world(worlds, j, state, seat, cands[i], rng)
            if played is None:
                break   # no consistent world to be had: settle for what we have
            v, steps = played
            work += ITERATION_COST + self._step_cost * steps
            totals[i] += v
            visits[i] += 1
            values[i].append(v)
            s1 += v
            s2 += v * v
            it += 1
            if it > k and _settled(visits, budget - it):
                break
        self.last_iterations = it
        self.last_root = (cands, values)
        # A visible gift - worse than some other move in every world both were tried in -
        # is never played, whatever the counts say.
        gifts = visible_gifts(values, GIFT_WORLDS if self._solved else ROLLOUT_GIFT_WORLDS)
        self.last_gifts += [cands[i] for i in gifts]
        ok = [j for j in range(k) if j not in gifts] or list(range(k))
        # Most-visited move; then the better mean; then the heuristic's choice.
        def rank(j: int) -> tuple:
            return visits[j], totals[j] / max(1, visits[j]), cands[j] == guess

        best = max(ok, key=rank)
        plain = [j for j in ok if cands[j] not in self._trick_gifts]
        if cands[best] in self._trick_gifts and plain:
            # A trick gift only on proof: never worse than the best other move in any
            # solved world, and better by more than the noise (the others may all be
            # worse in every world already: visible gifts of the whole hand).
            other = max(plain, key=rank)
            m = min(len(values[best]), len(values[other]))
            if not (self._solved and _clearly_better(values[best], values[other])
                    and all(values[best][w] >= values[other][w] for w in range(m))):
                best = other
        # Overrule the heuristic only on evidence: on the worlds both were tried in, the
        # search's pick must beat the guess by more than the noise (a paired test).
        g = cands.index(guess)
        if best != g and g not in gifts and not _clearly_better(values[best], values[g]):
            return guess
        return cands[best]

    def play_out(self, state: State, seat: int, moves: list[Action], worlds: int,
                 rng: random.Random) -> list[list[float]]:
        """Each of ``moves`` played in the same ``worlds`` freshly sampled worlds and
        played on as in the search (rollouts, solved endings): values by move, then by
        world (paired samples).  Apart from any search, so a move chosen for how it did
        in the search's worlds is not also measured on them (the winner's curse)."""
        self._solvers = {}
        ws: list[tuple[State, int]] = []
        out: list[list[float]] = [[] for _ in moves]
        for j in range(worlds):
            ws.append((self._sample(state, seat, rng), rng.getrandbits(32)))
            for _attempt in range(2):
                bad = self.bad_worlds
                got = [self._play_world(ws, j, state, seat, m, rng) for m in moves]
                if self.bad_worlds == bad:
                    break   # otherwise world j was replaced midway: play it again, paired
            if any(g is None for g in got) or self.bad_worlds != bad:
                break       # no consistent world to be had: settle for what we have
            for i, g in enumerate(got):
                assert g is not None
                out[i].append(g[0])
        self._solvers = {}
        return out

    def _sample(self, state: State, seat: int, rng: random.Random) -> State:
        """A sampled world, weighed by how likely the others' plays to the current trick
        were in it under the ``easy`` policy: a world where ``easy`` would have played
        each of those cards is kept, one where it would not is kept with chance
        UNLIKELY_PLAY a card (rejection sampling, at most INFERENCE_TRIES draws).  The
        hard constraints (voids, shown cards) are the sampler's own.  A game with a
        ``world_weight`` hook weighs the whole deal instead (importance resampling)."""
        if self._resampler is not None:
            return self._resampler.draw(lambda: state.sample_world(seat, rng), rng)
        position = trick_position(state) if self._endgame is not None else None
        plays = [] if position is None else \
            [k for k, (s, _) in enumerate(position.trick) if s != seat]
        world = state.sample_world(seat, rng)
        if not plays:
            return world
        assert position is not None
        trick = position.trick
        for _ in range(INFERENCE_TRIES - 1):
            weight = 1.0
            for k in plays:
                if not self._would_play(world, trick, k):
                    weight *= UNLIKELY_PLAY
            if weight >= 1.0 or rng.random() < weight:
                return world
            world = state.sample_world(seat, rng)
        return world

    def _would_play(self, world: State, trick: list[list[int]], k: int) -> bool:
        """Whether ``easy`` plays the k-th card of ``trick`` (the trick in progress, the same
        in every sampled world) in ``world`` taken back to just before it was played (the
        engine's ``before_play``: the cards played since are returned to their hands)."""
        position = trick_position(world)
        assert position is not None   # a world of a trick game is one
        s, c = trick[k]
        before = position.before_play(k)
        try:
            move = self._policy(before, s, random.Random(k))
        except Exception:  # an odd reconstruction must not cost the search its world
            return True
        return move.kind == "play" and int(move.args[0]) == c

    def _without_trick_gifts(self, state: State, seat: int, legal: list[Action],
                             cands: list[Action], guess: Action, rng: random.Random
                             ) -> tuple[list[Action], Action]:
        """Last to play to a trick, its outcome is in plain sight: a card that hands the
        others more points (coins, combinations) than another card would, for no more to
        this seat, is a gift; it is left out (the best trick outcome becomes the guess).
        Read in a sampled world: the trick's cards and this seat's hand are the same in
        every world."""
        assert self._endgame is not None
        position = trick_position(state)
        if position is None or not position.trick or len(position.trick) != state.n - 1:
            return cands, guess
        got = self._endgame(state.sample_world(seat, rng), seat)
        if got is None:
            return cands, guess
        model, pos = got
        before = model.points(pos.acc)
        if before is None:
            return cands, guess
        me = model.side(seat)
        outcome: dict[Action, tuple[int, int]] = {}
        for a in legal:
            if a.kind != "play" or len(a.args) != 1:
                return cands, guess
            after = model.points(pos.after(model, int(a.args[0])).acc)
            assert after is not None
            gains = [x - y for x, y in zip(after, before, strict=True)]
            outcome[a] = (gains[me], sum(g for i, g in enumerate(gains) if i != me))
        gifts = {a for a, (mine, theirs) in outcome.items()
                 if any(m2 >= mine and t2 < theirs for m2, t2 in outcome.values())}
        kept = [a for a in cands if a not in gifts]
        if not kept or len(kept) == len(cands):
            return cands, guess
        self.last_gifts = [a for a in cands if a in gifts]
        if guess in gifts:
            guess = max(kept, key=lambda a: (outcome[a][0] - outcome[a][1],
                                             -(int(a.args[0]) & 15)))
            kept.remove(guess)
            kept.insert(0, guess)
        if _cards_left(position) - 1 <= self._endgame_limit(state):
            # The rest of the hand is solved in every world: the gifts stay root moves, to
            # be played only where the whole hand shows they gain (a coin handed over now
            # that wins the hand's last coins).
            self._trick_gifts = gifts & set(cands)
            return kept + [a for a in cands if a in gifts], guess
        return kept, guess

    def _play_world(self, worlds: list[tuple[State, int]], j: int, state: State, seat: int,
                    move: Action, rng: random.Random) -> tuple[float, float] | None:
        """``move`` then a rollout in world ``j``.  A sampled world the game cannot play on
        (a sampler that missed some public fact, say) is replaced by a fresh sample."""
        for _ in range(BAD_WORLD_RETRIES):
            base, roll_seed = worlds[j]
            world = base.clone()
            try:
                world.apply(seat, move, quiet=True)
                return self._rollout(world, seat, random.Random(roll_seed), j)
            except Exception:  # any failure at all means this world is unusable
                self.bad_worlds += 1
                self._solvers.pop(j, None)
                worlds[j] = (self._sample(state, seat, rng), rng.getrandbits(32))
        return None

    def _rollout(self, world: State, seat: int, rng: random.Random,
                 j: int = -1) -> tuple[float, float]:
        """Play on to the end of the hand; the value there and the work it took (actions;
        a solved ending counts its nodes).  Once few enough cards are left, the rest of
        the hand is solved exactly instead (PIMC with a perfect-information solver)."""
        hand = evaluate.hand_counter(world)
        policy, own = self._rollout_policy, self._own_rollout
        limit = self._endgame_limit(world)
        # A solver's game is a trick game: its position is the world itself, read once.
        position = trick_position(world) if limit else None
        steps = 0
        while steps < ROLLOUT_CAP and not world.is_over and evaluate.hand_counter(world) == hand:
            if limit and position is not None and _cards_left(position) <= limit:
                solved = self._solve(world, seat, j)
                if solved is not None:
                    # Solved straight after the root move: this move's values are exact.
                    self._solved = self._solved or steps == 0
                    return solved[0], steps + solved[1]
                limit = 0     # not in trick play (an exchange, say): roll out
            s = world.mover
            move = own(world, s) if own is not None and s == seat else None
            world.apply(s, policy(world, s, rng) if move is None else move, quiet=True)
            steps += 1
        return evaluate.value(world, seat), steps

    def _endgame_limit(self, world: State) -> int:
        """Solved exactly from this many cards left in the hands (0: never)."""
        return min(self._endgame_tricks * world.n, self._endgame_cards)

    def _solve(self, world: State, seat: int, j: int) -> tuple[float, float] | None:
        """The exact value of the rest of the hand in this sampled world (it sees every
        hand: never called on the real state) and its work; None outside trick play."""
        assert self._endgame is not None   # _endgame_tricks is 0 without a model
        got = self._endgame(world, seat)
        if got is None:
            return None
        model, pos = got
        # One table per world: the positions after different root moves share it - under
        # one contract (Piquet's auction): root moves that bid differently reach the same
        # cards under another, and get a table of their own (issue 48: every bid was
        # valued as the first one solved).
        contract = getattr(model, "contract", None)
        key = j if contract is None else (j, tuple(sorted(contract.items())))
        solver = self._solvers.get(key)
        if solver is None:
            solver = Solver(model)
            if j >= 0:
                self._solvers[key] = solver
        before = solver.nodes
        v = solver.value(pos)
        return v, NODE_COST * (solver.nodes - before)


def _cards_left(position: TrickPosition) -> int:
    """Cards in the hands of a trick game's position."""
    return sum(len(h) for h in position.hands)


def visible_gifts(values: list[list[float]], worlds: int = GIFT_WORLDS) -> set[int]:
    """The moves (indices) that end worse than one other move in every sampled world both
    were played in, over at least ``worlds`` common worlds: a gift in plain sight."""
    gifts = set()
    for i, mine in enumerate(values):
        for o, theirs in enumerate(values):
            m = min(len(mine), len(theirs))
            if o != i and m >= worlds and all(theirs[w] > mine[w] for w in range(m)):
                gifts.add(i)
                break
    return gifts


def _clearly_better(mine: list[float], theirs: list[float]) -> bool:
    """Paired samples (same worlds): is the mean gain above CONFIDENCE standard errors?"""
    d = [a - b for a, b in zip(mine, theirs, strict=False)]
    m = len(d)
    if m == 0:
        return False
    mean = sum(d) / m
    if mean <= 0:
        return False
    if m == 1:
        return False
    var = sum((x - mean) ** 2 for x in d) / (m - 1)
    return mean > CONFIDENCE * math.sqrt(var / m)


def _settled(visits: list[int], left: int) -> bool:
    """No other move can catch up with the most-visited one in the iterations left."""
    top = max(visits)
    second = max(v for i, v in enumerate(visits) if i != visits.index(top))
    return top - second > left


# --- root candidates ----------------------------------------------------------------------

def candidates(state: State, seat: int, legal: list[Action], guess: Action, limit: int,
               rng: random.Random) -> list[Action]:
    """The root moves worth searching, the heuristic's ``guess`` first.

    A short list is searched whole.  A huge one (discards, big beats) keeps the
    guess and its near neighbours - the same cards with one swapped, added or
    dropped - that the game's card values rate closest to it: the choices the
    heuristic was least sure about.  Single-card moves keep the highest and
    lowest card of each suit, which covers the strategic options in trick play.
    """
    moves = legal
    if guess not in moves:
        guess = moves[0]
    rest = [a for a in moves if a != guess]
    if len(moves) <= limit:
        return [guess] + rest
    if len(guess.cards) == 1 and all(len(a.cards) == 1 for a in rest):
        lo: dict[tuple, int] = {}
        hi: dict[tuple, int] = {}
        for a in moves:
            c = int(a.cards[0])
            key = (a.kind, c >> 4)
            lo[key] = min(lo.get(key, c), c)
            hi[key] = max(hi.get(key, c), c)
        ends = set(lo.values()) | set(hi.values())
        ranked = sorted(rest, key=lambda a: (int(a.cards[0]) not in ends, rng.random()))
    else:
        value = _card_value(state, seat)
        worth: dict[int, float] = {}
        mine = [int(c) for c in guess.cards]
        gset = set(mine)
        base = sum(value(c) for c in mine)

        def closeness(a: Action) -> tuple:
            # Thousands of actions: plain sets (Pinkerton's twin cards are rare enough).
            cards = [int(c) for c in a.cards]
            total = 0.0
            for c in cards:
                w = worth.get(c)
                if w is None:
                    w = worth[c] = value(c)
                total += w
            dist = len(gset.symmetric_difference(cards))
            return (a.kind != guess.kind, dist > 2, abs(total - base), rng.random())

        ranked = sorted(rest, key=closeness)
        # Keep one move of every other kind too (pass, keep, add...): a different plan.
        kinds = {guess.kind}
        firsts = []
        for a in ranked:
            if a.kind not in kinds:
                kinds.add(a.kind)
                firsts.append(a)
        # And the guess less one card, where that is legal (a discard of fewer cards): also
        # a different plan - keeping a card the guess throws - which the card values rate
        # far from the guess.
        fewer = {frozenset(gset - {c}) for c in gset} if len(gset) == len(mine) else set()
        firsts += [a for a in ranked if a.kind == guess.kind and len(a.cards) == len(mine) - 1
                   and frozenset(int(c) for c in a.cards) in fewer]
        ranked = firsts + [a for a in ranked if a not in firsts]
    return [guess] + ranked[:limit - 1]


def _card_value(state: State, seat: int):
    """How much a card is worth keeping, for ranking discards and beats near the guess."""
    return hooks_for(state.game.name).card_value(state, seat)
