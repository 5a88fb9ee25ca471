"""Starshina / Sergeant Major "easy" player: take every trick it cheaply can.

Both rule sets reward tricks (12 wins the game; classic pays per overtrick),
so the player simply tries to win as many as possible.  It uses only what
``seat`` may see: its own hand, the current trick, the cards already played
this hand (tricks are played face up), the voids players have shown, and its
own secrets (the dealer's discards; the card it was just given).

* Lead a card no unseen card can beat (drawing trumps first when it holds the
  top trump), else the lowest card of its longest plain suit.
* Last to play: win with the cheapest winner, else shed.  Second to play:
  win only with a card the last player cannot beat (or ruff), else play low.
* Shed the lowest card of the shortest plain suit, keeping winners and trumps.
* Exchanges give low cards from suits where the top cards lie elsewhere;
  the dealer names its strongest suit and discards low cards of short suits.
"""

from __future__ import annotations

import random
from collections import Counter

from games.starshina import endgame
from games.starshina.engine import GIVE, RETURN, TRUMP
from rules.actions import Action
from rules.ai.hooks import AIHooks, lead
from rules.cards import CARD
from rules.tricks import PLAY

ALL_CARDS = tuple(s * 16 + r for s in range(4) for r in range(2, 15))
HONOUR = {14: 4, 13: 3, 12: 2, 11: 1}


def choose(state, seat: int, rng: random.Random) -> Action:
    phase = state.phase
    hand = state.hands[seat]
    if phase == "play":
        return PLAY[_play(state, seat, rng)]
    if phase in ("give", "exchange"):
        return GIVE[_give(state, seat)]
    if phase == "return":
        return RETURN[_return(state, seat)]
    if phase == "trump":
        return TRUMP[_trump_suit(hand)]
    return _discard(state, seat)


# --- before play -------------------------------------------------------------------------


def _lengths(hand: list[int]) -> list[int]:
    lengths = [0, 0, 0, 0]
    for c in hand:
        lengths[c >> 4] += 1
    return lengths


def _give(state, seat: int) -> int:
    """A low card from a suit whose top cards are elsewhere (a higher one may come back)."""
    hand = state.hands[seat]
    mine = set(hand)
    lengths = _lengths(hand)
    back = comes_straight_back(hand) if state.phase == "exchange" else set()
    choices = [c for c in hand if c not in back] or hand
    best, best_key = choices[0], None
    for c in choices:
        s, r = c >> 4, c & 15
        top_elsewhere = max((x & 15 for x in ALL_CARDS if x >> 4 == s and x not in mine),
                            default=0)
        key = (top_elsewhere - r, -lengths[s], -r)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def _return(state, seat: int) -> int:
    """The cheapest card the rule allows: the lowest higher card, or the least useful one."""
    got = state.pending
    hand = state.hands[seat]
    higher = [c for c in hand if c >> 4 == got >> 4 and c > got]
    if higher:
        return higher[0]
    lengths = _lengths(hand)
    return min((c for c in hand if c != got), key=lambda c: (c & 15, lengths[c >> 4]))


def _trump_suit(hand: list[int]) -> int:
    score = [0, 0, 0, 0]
    for c in hand:
        score[c >> 4] += 2 + HONOUR.get(c & 15, 0)
    return max(range(4), key=lambda s: (score[s], s))


def _discard(state, seat: int) -> Action:
    hand = state.hands[seat]
    trump = state.trump
    lengths = _lengths(hand)
    # Keep trumps and honours; among the rest, empty short suits first.
    order = sorted(hand, key=lambda c: (c >> 4 == trump, (c & 15) >= 12, lengths[c >> 4],
                                        c & 15))
    action = Action("discard", tuple(CARD[c] for c in sorted(order[:4])))
    # Always legal by construction; the check keeps a broken state from crashing a rollout.
    return action if state.is_legal(seat, action) else state.legal_actions(seat)[0]


# --- trick play --------------------------------------------------------------------------


def _play(state, seat: int, rng: random.Random) -> int:
    legal = state.playable(seat)
    if len(legal) == 1:
        return legal[0]
    hand = state.hands[seat]
    trump = state.trump
    gone = set(hand)
    for w in state.won:
        gone.update(w)
    gone.update(c for _, c in state.trick)
    if seat == state.dealer:
        gone.update(state.discards)
    top_out = [0, 0, 0, 0]   # highest unseen rank per suit
    n_out = [0, 0, 0, 0]
    for c in ALL_CARDS:
        if c not in gone:
            s = c >> 4
            n_out[s] += 1
            if (c & 15) > top_out[s]:
                top_out[s] = c & 15
    trick = state.trick
    if not trick:
        return _lead(state, seat, hand, trump, top_out, n_out, rng)
    led = trick[0][1] >> 4
    best = trick[0][1]
    for _, c in trick[1:]:
        if _beats(c, best, trump):
            best = c
    winners = [c for c in legal if _beats(c, best, trump)]
    last = len(trick) == state.n - 1
    if winners:
        if last:
            return min(winners, key=lambda c: (c >> 4 == trump and led != trump, c & 15))
        third = (seat + 1) % state.n
        safe = [c for c in winners if _safe(c, led, trump, top_out, n_out, state.voids[third])]
        if safe:
            return min(safe, key=lambda c: c & 15)
        if winners[0] >> 4 != led:
            return min(winners, key=lambda c: c & 15)  # ruff low; may be overruffed
    return _shed(legal, hand, trump, top_out)


def _beats(c: int, best: int, trump: int | None) -> bool:
    if c >> 4 == best >> 4:
        return c > best
    return c >> 4 == trump


def _safe(c: int, led: int, trump: int | None, top_out: list[int], n_out: list[int],
          voids: list[int]) -> bool:
    """Whether the last player surely cannot beat ``c``, judging by unseen cards and voids."""
    void_led = led in voids or n_out[led] == 0
    can_ruff = (trump is not None and trump != led and void_led and trump not in voids
                and n_out[trump] > 0)
    if c >> 4 == led:
        return not can_ruff and (void_led or (c & 15) > top_out[led])
    # We are ruffing: only an overruff beats us.
    return not (can_ruff and trump is not None and top_out[trump] > (c & 15))


def _lead(state, seat: int, hand: list[int], trump: int | None, top_out: list[int],
          n_out: list[int], rng: random.Random) -> int:
    others = [s for s in range(state.n) if s != seat]
    masters = [c for c in hand if (c & 15) > top_out[c >> 4]]
    if trump is not None and n_out[trump] > 0:
        trump_masters = [c for c in masters if c >> 4 == trump]
        if trump_masters:
            return trump_masters[0]
    lengths = _lengths(hand)
    safe = []
    for c in masters:
        s = c >> 4
        if s == trump or trump is None or n_out[trump] == 0 or n_out[s] == 0:
            safe.append(c)
        elif not any(s in state.voids[o] and trump not in state.voids[o] for o in others):
            safe.append(c)
    if safe:
        return max(safe, key=lambda c: (lengths[c >> 4], -(c & 15)))
    plain = [c for c in hand if c >> 4 != trump] or hand
    longest = max(lengths[c >> 4] for c in plain)
    choices = [c for c in plain if lengths[c >> 4] == longest]
    low = min(c & 15 for c in choices)
    return rng.choice([c for c in choices if c & 15 == low])


def _shed(legal: list[int], hand: list[int], trump: int | None, top_out: list[int]) -> int:
    """The least useful legal card: not a winner, not a trump, from a short suit, low."""
    lengths = _lengths(hand)
    return min(legal, key=lambda c: (c >> 4 == trump, (c & 15) > top_out[c >> 4],
                                     c & 15, lengths[c >> 4]))


STARSHINA_SHAPE = 0.15   # only 12 tricks win (a terminal value); the rest only guides play
WIN_TRICKS = 12
LOSS_WITH_QUOTA = 0.1    # a lost game costs a stake less with the quota made (2nd place)


def closeness(tricks: int) -> float:
    """How near a hand came to the 12 tricks that win, convex: the eleventh trick brings
    a seat far nearer than the fifth."""
    return (min(tricks, WIN_TRICKS) / WIN_TRICKS) ** 2


def open_hand(tricks: list[int] | tuple[int, ...], seat: int) -> float:
    """The seed's rules, a hand in which nobody took 12: nothing carries over (stakes are
    settled only when the game is won, quotas count only in that hand), so this is a guide
    for the search, not a score - how near the seat came to 12 against how near the
    closest other came.  Raw tricks, not tricks over quota: a dealer on ten is nearer a
    win than a quota-3 seat on six, and is the one to stop."""
    others = max(closeness(t) for i, t in enumerate(tricks) if i != seat)
    return STARSHINA_SHAPE * (closeness(tricks[seat]) - others)


def game_won(tricks: list[int] | tuple[int, ...], quotas: list[int] | tuple[int, ...],
             seat: int, winner: int) -> float:
    """The seed's rules, the game won in a hand: 1 for the winner; a loss is worse than
    any hand that leaves the game open, a stake less so with the quota made."""
    if seat == winner:
        return 1.0
    return -1.0 + (LOSS_WITH_QUOTA if tricks[seat] >= quotas[seat] else 0.0)


def value(s, seat: int) -> float:
    """The seed's rules: see ``open_hand``.  Classic: the stakes, which carry over, and
    tricks over quota against the best other."""
    # At the horizon the next hand has been dealt: read the finished hand's record.
    if not any(s.tricks) and s.last_hand:
        tricks, quotas = s.last_hand["tricks"], s.last_hand["quotas"]
    else:
        tricks, quotas = s.tricks, s.quotas
    if s.rules != "classic":
        return open_hand(tricks, seat)
    over = [t - q for t, q in zip(tricks, quotas, strict=True)]
    mine = max(-1.0, min(1.0, (over[seat] - max(o for i, o in enumerate(over) if i != seat))
                         / 8.0))
    # Stakes are paid every hand and being up buys good cards in the next exchange.
    stakes = lead(s.stakes[seat], [x for i, x in enumerate(s.stakes) if i != seat], 10.0)
    return 0.5 * stakes + 0.3 * mine


def finished(s, seat: int) -> float | None:
    """The seed's rules: ``game_won``.  Classic: by place (the default)."""
    if s.rules == "classic" or s.win_hand is None or s.winner is None:
        return None
    return game_won(s.win_hand["tricks"], s.win_hand["quotas"], seat, s.winner)


def card_value(state, seat: int):
    """Trumps first, then rank, then length in the suit."""
    trump = state.trump
    lengths = Counter(c >> 4 for c in state.hands[seat])
    return lambda c: (40 if c >> 4 == trump else 0) + (c & 15) + 2 * lengths[c >> 4]


def comes_straight_back(hand: list[int]) -> set[int]:
    """Cards that, given in the classic exchange, return at once: nobody else can hold a
    higher card of the suit (the receiver gives back its highest), so the give is lost."""
    mine = set(hand)
    back = set()
    for c in hand:
        if all(x in mine for x in range(c + 1, (c | 15) + 1) if x & 15 <= 14):
            back.add(c)
    return back


def prune(state, seat: int, legal: list[Action]) -> list[Action]:
    """The classic exchange: never spend a give on a card that comes straight back.  The
    seed's exchange: never give the top card of a suit (every higher one is in this hand)
    either - the receiver can hold nothing higher, so they keep a sure trick and hand back
    any card they like.  A return that must be a higher card of the suit given: never
    hand over the suit's top card while a lower one will do - the giver would get a sure
    trick for a card any of them answers."""
    if state.phase in ("exchange", "give"):
        back = comes_straight_back(state.hands[seat])
        kept = [a for a in legal if int(a.args[0]) not in back]
        return kept or legal
    if state.phase == "return":
        got = state.pending
        if all(int(a.args[0]) >> 4 == got >> 4 and int(a.args[0]) > got for a in legal):
            tops = comes_straight_back(state.hands[seat])
            kept = [a for a in legal if int(a.args[0]) not in tops]
            return kept or legal
    return legal


# The endgame solver takes over sampled worlds this many tricks before the end of a hand
# (rules/ai/endgame.py): where a solve costs a few rollouts at most (measured by
# ``parlour selfplay --endgame``, docs/AI.md).
HOOKS = AIHooks("starshina", choose, value, step_cost=0.8, card_value=card_value,
                prune=prune, finished=finished,
                endgame=endgame.model, endgame_tricks=4)
