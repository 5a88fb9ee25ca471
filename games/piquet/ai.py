"""Piquet "easy" player: a real exchange, honest declaring, a simple auction, sound play.

It reads only what ``seat`` may see: its hand and discards, the talon cards it was
shown, the claims said aloud, the combinations shown, the cards played and the
voids players have revealed.

* Exchange: every card gets a keep value (trick strength, length in its suit,
  runs, tens-up ranks held two or more times); the lowest go.  Everyone takes all
  the cards they may.  Both choices were tuned on duplicate deals (docs/AI.md):
  younger taking all and a heavier weight on suit length gained 1.5 points a deal
  over taking only "rubbish" with the lighter weight.
* Declaring: open with the best combination held; answer with it only when it can
  match or beat the claim on the table, else say "good".  Never declare only part.
* Auction: count likely tricks; bid plus with a strong hand, minus with a weak one,
  double a contract its hand would break, redouble a doubled one it expects to make.
* Play: cash masters (cards nothing unseen can beat) and suits the others are void
  in, otherwise lead low from the longest suit; follow by winning as cheaply as is
  safe, else play low; discard from short suits, keeping masters and guards.
"""

from __future__ import annotations

import random

from games.piquet.combos import (
    SEQ_SCORE,
    SET_SCORE,
    best_point,
    longest_suit,
    rank_counts,
    runs,
    sequence_options,
    set_options,
)
from games.piquet.declaring import CATS, GOOD, SINK_WORD, declare_action, sets_scored_all
from rules.actions import Action, act
from rules.ai.hooks import AIHooks, FirstOf, lead
from rules.cards import CARD
from rules.tricks import PLAY

TRICK_VALUE = {14: 10, 13: 7, 12: 5, 11: 3.5, 10: 2.5, 9: 1, 8: 0.5, 7: 0}
LENGTH = 3.5  # keep value per card a suit holds beyond three (tuned, see the docstring)
POINTS_PER_UNIT = 100.0   # deal points per unit of value(): the lead in totals / 100
# What a hand declares: (point key, best sequence key, sequences' score, best set key, sets'
# score) - the keys compare between hands, the scores are what the categories are worth.
Holding = tuple[tuple[int, int], tuple[int, int], int, tuple[int, int], int]


def holding(hand: list[int]) -> Holding:
    """What ``hand`` declares, for the exchange searches (two-handed and normand)."""
    length = longest_suit(hand)
    best = best_point(hand, length) if length else None
    point = (length, best[0]) if best else (0, 0)
    found = runs(hand)
    seq = found[0][:2] if found else (0, 0)
    sets = sets_scored_all(hand)     # the best first
    return (point, seq, sum(SEQ_SCORE[n] for n, _, _ in found), sets[0] if sets else (0, 0),
            sum(SET_SCORE[k] for k, _ in sets))


def choose(state, seat: int, rng: random.Random) -> Action:
    phase = state.phase
    if phase == "play":
        return PLAY[_play(state, seat)]
    if phase == "declare":
        return _declare(state, seat)
    if phase == "exchange":
        return _exchange(state, seat)
    return _bid(state, seat)


# --- the exchange -----------------------------------------------------------------------------

def keep_values(hand: list[int]) -> dict[int, float]:
    """How much each card is worth keeping."""
    lengths = [0, 0, 0, 0]
    for c in hand:
        lengths[c >> 4] += 1
    in_run: dict[int, int] = {}
    for length, top, suit in runs(hand):
        for r in range(top, top - length, -1):
            in_run[suit * 16 + r] = length
    mine = set(hand)
    counts = rank_counts(hand)
    longest = max(lengths)
    values = {}
    for c in hand:
        s, r = c >> 4, c & 15
        v = TRICK_VALUE[r]
        if lengths[s] >= 4:
            v += LENGTH * (lengths[s] - 3) + (2 if lengths[s] == longest else 0)
        if c in in_run:
            v += 3 + 2.5 * (in_run[c] - 3)
        elif (c + 1) in mine or (c - 1) in mine:
            v += 1.5
        if r >= 10:
            v += {2: 1.5, 3: 6, 4: 11}.get(counts[r], 0)
        if r in (13, 12) and 2 <= lengths[s] <= 3:
            v += 1   # a guarded king or queen holds off the opponent's lead
        values[c] = v
    return values


def weakest(hand: list[int], k: int) -> list[int]:
    """The ``k`` cards of ``hand`` least worth keeping: the heuristic's discard."""
    values = keep_values(hand)
    return sorted(hand, key=lambda c: (values[c], c))[:k]


def _exchange(state, seat: int) -> Action:
    hi = state.discard_limits(seat)[1]
    action = Action("discard", tuple(CARD[c] for c in sorted(weakest(state.hands[seat], hi))))
    if state.is_legal(seat, action):
        return action
    return state.legal_actions(seat)[-1]


# --- declaring ------------------------------------------------------------------------------

def _declare(state, seat: int) -> Action:
    cat = CATS[state.cat]
    hand = state.hands[seat]
    best = state.best
    mine = _my_best(hand, cat)
    if best is None:
        if mine is None:
            return act("sink", SINK_WORD[cat])
        return declare_action(cat, mine[0], mine[1])
    if mine is None:
        return GOOD
    partner_best = state.variant_rules.teams and any(state.side(h) == state.side(seat)
                                          for h in [best[0]] + list(state.equal))
    n, x = mine
    if cat == "point":
        point = best_point(hand, n)
        assert point is not None  # n is the length of one of our suits
        value = point[0]
        if n > best[1]:
            ok = True
        elif n == best[1] and not partner_best:
            ok = not best[3] or value >= best[2]   # the pips are public only once said
        else:
            ok = False
    else:
        ok = (n, x) > (best[1], best[2]) or ((n, x) == (best[1], best[2]) and not partner_best)
    return declare_action(cat, n, x) if ok else GOOD


def _my_best(hand: list[int], cat: str) -> tuple[int, int] | None:
    if cat == "point":
        return (max(len([c for c in hand if c >> 4 == s]) for s in range(4)), 0)
    options = sequence_options(hand) if cat == "sequence" else set_options(hand)
    return options[0] if options else None


# --- the auction ----------------------------------------------------------------------------

def likely_tricks(hand: list[int], elder: bool) -> float:
    """A rough count of the tricks a 12-card hand takes at no trumps."""
    est = 0.5 if elder else 0.0
    for s in range(4):
        ranks = sorted((c & 15 for c in hand if c >> 4 == s), reverse=True)
        top = 14
        for r in ranks:
            if r == top:
                est += 1
                top -= 1
            else:
                break
        else:
            continue
        length = len(ranks)
        if length >= 4 and ranks[0] >= 13:
            est += 0.6 * (length - 3)
        if ranks and ranks[0] == 13 and length >= 2 and 14 not in ranks:
            est += 0.5
    return est


def _bid(state, seat: int) -> Action:
    legal = state.legal_actions(seat)
    est = likely_tricks(state.hands[seat], seat == state.order[0])
    high = state.high
    if high is not None and high[0] != seat:
        value = high[1]
        if act("double") in legal:
            theirs = 12 - est                      # what the bidder may expect to take
            if value > 0 and theirs < value - 1.5:
                return act("double")
            if value < 0 and theirs > 12 - abs(value) + 1.5:
                return act("double")
    if high is not None and high[0] == seat:
        if state.mult == 2 and act("redouble") in legal and _safe(high[1], est):
            return act("redouble")
        return act("pass")
    for bid in [a for a in legal if a.kind == "bid"]:
        value = bid.args[0]
        if value > 0 and est >= value - 0.5:
            return bid
        if value < 0 and est <= 12 - abs(value) - 1.5:
            return bid
    return act("pass")


def _safe(value: int, est: float) -> bool:
    if value > 0:
        return est >= value + 1.5
    return est <= 12 - abs(value) - 2


# --- play -----------------------------------------------------------------------------------

def _unseen(state, seat: int) -> set[int]:
    """Cards that may lie with another player (or unseen in a talon or discard)."""
    out = set(state.hands[seat]) | set(state.discards[seat])
    for p in state.played:
        out.update(p)
    if seat in state.talon_open:
        out.update(state.talon)
    elif state.seen[seat] and state.variant_rules.exchange == "both" and seat == state.order[0]:
        out.update(state.seen[seat][state.drawn[state.order[1]]:])
    return set(_DECK) - out


_DECK = frozenset(s * 16 + r for s in range(4) for r in range(7, 15))


def _is_master(card: int, unseen: set[int]) -> bool:
    s, r = card >> 4, card & 15
    return not any(s * 16 + h in unseen for h in range(r + 1, 15))


def _opponents_void(state, seat: int, suit: int) -> bool:
    return all(suit in state.voids[o] for o in range(state.n)
               if state.side(o) != state.side(seat))


def _play(state, seat: int) -> int:
    hand = state.hands[seat]
    playable = state.playable(seat)
    unseen = _unseen(state, seat)
    if not state.trick:
        return _lead(state, seat, hand, unseen)
    led = state.trick[0][1] >> 4
    following = [c for c in playable if c >> 4 == led]
    win_seat, win_card = _winning(state.trick, led)
    partner_winning = state.side(win_seat) == state.side(seat) and win_seat != seat
    last = len(state.trick) == state.n - 1
    if following:
        beaters = [c for c in following if c > win_card]
        if beaters and not partner_winning:
            cheapest = min(beaters)
            if last or _is_master(cheapest, unseen):
                return cheapest
            top = max(beaters)
            if _is_master(top, unseen):
                return top
        return min(following)
    return _shed(hand, unseen)


def _winning(trick: list[list[int]], led: int) -> tuple[int, int]:
    best = trick[0]
    for s, c in trick[1:]:
        if c >> 4 == led and c > best[1]:
            best = [s, c]
    return best[0], best[1]


def _lead(state, seat: int, hand: list[int], unseen: set[int]) -> int:
    lengths = [0, 0, 0, 0]
    for c in hand:
        lengths[c >> 4] += 1
    for suit in sorted(range(4), key=lambda s: -lengths[s]):
        # Nobody else can follow: any card of the suit wins.
        if lengths[suit] and (_opponents_void(state, seat, suit)
                              or not any(u >> 4 == suit for u in unseen)):
            return min(c for c in hand if c >> 4 == suit)
    masters = [c for c in hand if _is_master(c, unseen)]
    if masters:
        return max(masters, key=lambda c: (lengths[c >> 4], c & 15))
    long_suit = max(range(4), key=lambda s: (lengths[s], -s) if lengths[s] else (-1, 0))
    return min(c for c in hand if c >> 4 == long_suit)


def _shed(hand: list[int], unseen: set[int]) -> int:
    """The least useful card: low, from a short suit, never a master if avoidable."""
    lengths = [0, 0, 0, 0]
    for c in hand:
        lengths[c >> 4] += 1

    def cost(c: int) -> tuple:
        guard = (c & 15) >= 12 and lengths[c >> 4] <= 3
        return (_is_master(c, unseen), guard, c & 15, lengths[c >> 4])

    return min(hand, key=cost)


def value(s, seat: int) -> float:
    """The side's lead in the partie's points."""
    side = s.side(seat)
    totals = list(s.totals)
    others = [t for i, t in enumerate(totals) if i != side]
    return lead(totals[side], others, POINTS_PER_UNIT)


def card_value(state, seat: int):
    values = keep_values(state.hands[seat])
    return lambda c: values.get(c, 0.0)


# The exchange searches (two hands, normand's dealer) build on this module's rules of
# thumb, so they are imported once those are defined.
from games.piquet import (  # noqa: E402
    ai_exchange,
    ai_exchange_normand,
    ai_inference,
    ai_playout,
    endgame,
)


def _own_rollout(world, seat: int) -> Action | None:
    """The searching seat's card in a rollout: the open play-out's rules, which see the
    sampled world's every hand (+0.75 +- 0.44 points a deal over easy's, docs/AI.md)."""
    card = ai_playout.open_card(world, seat)
    return None if card is None else PLAY[card]


# The endgame solver takes over sampled worlds this many tricks before the end of a hand
# (rules/ai/endgame.py): where a solve costs a few rollouts at most (measured by
# ``parlour selfplay --endgame``, docs/AI.md).
HOOKS = AIHooks("piquet", choose, value, step_cost=1.2, card_value=card_value,
                endgame=endgame.model, endgame_tricks=5,
                exchange=FirstOf((ai_exchange, ai_exchange_normand)),
                world_weight=ai_inference.weigher, own_rollout=_own_rollout)
