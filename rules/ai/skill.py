"""Accuracy and luck of every seat of a game, by the hard AI's estimate (issue 49).

* **Accuracy**: each decision of a seat (a position with two legal moves or more) is
  priced as a review prices it (``coach.assess``: the hard search chooses, then its
  choice and the move played are played on in the same fresh sampled worlds, with the
  seed a hint at that position uses); ``c`` is the seat's mean cost per decision (value
  units: a sole win is 1, a sole loss -1) and ``accuracy = 100 / (1 + c / SCALE)``: 100
  for a game of the coach's own moves (or a forced one), 50 when every decision gave
  away SCALE (2% of a win) on average.
* **Luck**: at each chance event each seat's estimate of its result (``estimate``:
  rollouts of the hard AI's policy to the end of the hand, in worlds sampled from that
  seat's own view, valued as its search values them), the changes summed per seat, then
  centred (the seats' mean taken away), so the seats' luck in one game sums to zero and a
  seat's luck over both games of a duplicate pair to about zero.  At a deal: the estimate
  with the seat's cards against the same position's estimate with every hand re-dealt
  (``blind``); at Piquet's draw from the talon: the drawer's estimate after the draw
  against the same exchange's before the cards drawn are seen; at a draw inside a hand
  (Pinkerton's later deals and turn-ups: the game's ``stock`` hook), every seat's
  estimate against the same move made with the stock shuffled.

Pure and deterministic given the seed: budgets are counts, never wall-clock time.
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass

from ..actions import Action
from ..base import State
from . import evaluate
from .coach import Z, assess, decision_seed
from .hooks import hooks_for

SCALE = 0.02          # the mean cost per decision at which accuracy is 50
SKILL_BUDGET = 24     # iterations of the search behind each decision's pricing
SKILL_WORLDS = 12     # fresh worlds each decision is priced on
SKILL_MORE: tuple[int, ...] = ()   # no rounds of more pricing (coach.MORE_WORLDS)
LUCK_WORLDS = 8       # sampled worlds behind each estimate at a chance event
ROLLOUT_CAP = 400     # actions a rollout may take before it is valued where it stands


@dataclass(frozen=True)
class SeatSkill:
    seat: int
    decisions: int      # decisions weighed (two legal moves or more)
    cost: float         # mean cost per decision (value units)
    error: float        # standard error of that mean
    accuracy: float     # 100 / (1 + cost / SCALE)
    low: float          # accuracy at cost + Z * error
    high: float         # accuracy at max(0, cost - Z * error)
    luck: float         # centred sum of the estimate's changes at chance events (value units)
    luck_error: float   # standard error of that sum (from the estimates' own spread)
    events: int         # chance events counted

    @property
    def luck_percent(self) -> int:
        """Luck as hundredths of a win (a sole win is 1 value unit)."""
        return round(100 * self.luck)


def accuracy(cost: float) -> float:
    """The 0-100 figure of a mean cost per decision."""
    return 100.0 / (1.0 + max(0.0, cost) / SCALE)


def estimate(state: State, seat: int, rng: random.Random, worlds: int = LUCK_WORLDS,
             then: Action | None = None, blind: bool = False) -> tuple[float, float]:
    """``seat``'s expected result from its own view: the mean, and its standard error, of
    ``worlds`` rollouts (the hard AI's rollout policy, to the end of the hand) in worlds
    sampled from what the seat knows, valued as the search values a rollout's end.
    ``then``: the seat's own move, made first in each sampled world (the value of a draw
    from the talon before the cards drawn are seen).  ``blind``: from what everyone knows
    instead - the seat's own cards re-dealt too (a world sampled from the seat's view, then
    from another seat's view of that world): what the seat could expect of this position
    before it saw the cards dealt."""
    if state.is_over:
        return evaluate.value(state, seat), 0.0
    policy = hooks_for(state.game.name).rollout_policy
    other = (seat + 1) % state.n
    vals: list[float] = []
    for _ in range(worlds):
        try:
            world = state.sample_world(seat, rng)
            if blind:
                world = world.sample_world(other, rng)
            if then is not None:
                world.apply(seat, then, quiet=True)
            hand = evaluate.hand_counter(world)
            steps = 0
            while steps < ROLLOUT_CAP and not world.is_over \
                    and evaluate.hand_counter(world) == hand:
                s = world.mover
                world.apply(s, policy(world, s, rng), quiet=True)
                steps += 1
            vals.append(evaluate.value(world, seat))
        except Exception:   # a sampled world the game cannot play on: left out
            continue
    if not vals:
        return evaluate.value(state, seat), 0.0
    return _mean_error(vals)


def undrawn(state: State, mover: int, move: Action, seat: int, rng: random.Random,
            worlds: int = LUCK_WORLDS) -> tuple[float, float]:
    """``seat``'s expected result of ``move`` before the cards it draws are seen: the move
    made in copies of the position with the stock (the game's ``stock`` hook: cards nobody
    has seen) shuffled, each valued by one rollout from ``seat``'s view of it."""
    stock = hooks_for(state.game.name).stock
    assert stock is not None
    vals = []
    for _ in range(worlds):
        copy = state.clone()
        rng.shuffle(stock(copy))
        copy.apply(mover, move, quiet=True)
        vals.append(estimate(copy, seat, rng, 1)[0])
    return _mean_error(vals)


def _mean_error(vals: list[float]) -> tuple[float, float]:
    mean = sum(vals) / len(vals)
    sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / (len(vals) - 1)) if len(vals) > 1 \
        else 0.0
    return mean, sd / math.sqrt(len(vals))


def _chance(state: State) -> bool:
    """Whether the move made here draws from the talon (the game's exchange search
    applies): a chance event.  A new deal is seen after the move (the deal counter)."""
    search = hooks_for(state.game.name).exchange
    return search is not None and search.applies(state)


def scaled_budgets(game: str, budget: int, worlds: int, luck_worlds: int
                   ) -> tuple[int, int, int]:
    """The budgets ``game_skill`` spends on ``game``: the pricing's times the game's
    ``skill_scale``, the luck estimates' times its ``luck_scale``."""
    hooks = hooks_for(game)
    return budget * hooks.skill_scale, worlds * hooks.skill_scale, luck_worlds * hooks.luck_scale


def game_skill(start: State, seed: int, actions: list[tuple[int, str]],
               budget: int = SKILL_BUDGET, worlds: int = SKILL_WORLDS,
               luck_worlds: int = LUCK_WORLDS, more: tuple[int, ...] = SKILL_MORE) -> dict:
    """Every seat's accuracy and luck in the game dealt as ``start`` (seeded ``seed``) and
    logged as ``actions`` ((seat, action) per move); JSON-able: {"seats": [SeatSkill as
    dicts]}.  ``budget`` and ``worlds``: the search's iterations and the fresh worlds of
    each decision's pricing (``coach.assess``, with ``more`` rounds of more worlds: none
    by default), both times the game's ``skill_scale``; ``luck_worlds``: the worlds of each
    estimate at a chance event (times the game's ``luck_scale``)."""
    state = start.clone()
    n = state.n
    stock = hooks_for(state.game.name).stock
    budget, worlds, luck_worlds = scaled_budgets(state.game.name, budget, worlds, luck_worlds)
    costs: list[list[float]] = [[] for _ in range(n)]
    errors: list[list[float]] = [[] for _ in range(n)]
    raw = [0.0] * n
    var = [0.0] * n
    events = 0
    rng = random.Random(f"luck/{seed}")

    def estimates() -> list[tuple[float, float]]:
        return [estimate(state, s, rng, luck_worlds) for s in range(n)]

    def add(before: list[tuple[float, float]], after: list[tuple[float, float]],
            only: int | None = None) -> None:
        nonlocal events
        events += 1
        for s in range(n) if only is None else (only,):
            raw[s] += after[s][0] - before[s][0]
            var[s] += after[s][1] ** 2 + before[s][1] ** 2

    def blind() -> list[tuple[float, float]]:
        return [estimate(state, s, rng, luck_worlds, blind=True) for s in range(n)]

    # Each deal: what the seat's cards are worth against any cards in the same position
    # (the same scores, dealer and rules), both to the end of that hand.  Not against the
    # estimate just before the deal: that one is about the hand just ended, and where a
    # game's value is the hand's own (Starshina's seed rules) the difference would be the
    # last hand's result taken away (the luck of a new deal came out as minus the result).
    add(blind(), estimates())
    for i, (s, action) in enumerate(actions, start=1):
        if state.is_over:
            break
        if s == state.current_seat and len(state.legal_actions(s)) > 1:
            played = state.game.parse_action(action, state.options)
            got = assess(state, s, decision_seed(seed, i), budget, worlds, played, more=more)
            if got is not None:
                p = got.price(played)
                if p is not None:
                    lost = 0.0 if played == got.best or p.worlds == 0 else max(0.0, p.cost)
                    costs[s].append(lost)
                    errors[s].append(0.0 if lost == 0.0 else p.error)
        deal = evaluate.hand_counter(state)
        pre = state.clone()
        move = state.game.parse_action(action, state.options)
        state.apply(s, move)
        if state.is_over:
            continue
        if evaluate.hand_counter(state) != deal:
            if i < len(actions):           # a new deal (not one the log stops at)
                add(blind(), estimates())
        elif _chance(pre):
            # A draw from the talon: the drawer's cards against what that same exchange
            # was worth before they were seen (its decision is the accuracy's, not luck).
            add([estimate(pre, s, rng, luck_worlds, then=move)] * n,
                [estimate(state, s, rng, luck_worlds)] * n, only=s)
        elif stock is not None and stock(pre) != stock(state):
            # Cards dealt or turned up inside a hand (Pinkerton's phases): every seat's
            # estimate against the same move with other cards drawn.
            add([undrawn(pre, s, move, t, rng, luck_worlds) for t in range(n)], estimates())
    centre = sum(raw) / n
    out = []
    for s in range(n):
        k = len(costs[s])
        c = sum(costs[s]) / k if k else 0.0
        err = math.sqrt(sum(e * e for e in errors[s])) / k if k else 0.0
        out.append(SeatSkill(s, k, round(c, 5), round(err, 5), round(accuracy(c), 2),
                             round(accuracy(c + Z * err), 2),
                             round(accuracy(max(0.0, c - Z * err)), 2),
                             round(raw[s] - centre, 4), round(math.sqrt(var[s]), 4), events))
    return {"seats": [asdict(x) for x in out]}


def seat_skills(body: dict) -> list[SeatSkill]:
    """The seats of a stored ``game_skill`` result."""
    return [SeatSkill(**d) for d in body.get("seats", ())]
