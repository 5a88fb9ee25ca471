"""A fast open-handed play of a two-handed Piquet deal's twelve tricks, for the exchange.

The exchange search (ai_exchange.py) scores each candidate discard in many
sampled worlds; to weigh the play as well as the declarations it plays each
world's two hands out here, both hands visible, by a few greedy rules:

* lead: a suit the other hand is void in (any card wins), else the top of a
  suit headed by a master (the longest such suit first: cashing it squeezes
  the other hand's discards), else low from the longest suit;
* follow: win as cheaply as possible, else play the lowest card;
* discard: from a suit with nothing to win first, then a spare low card, then
  masters (worth a trick only once the lead is won), and the last small card
  guarding a king or queen (K-7 under a lone ace) last of all.

The same rules play the searching seat's own cards in the play search's
rollouts (``open_card``, the ``own_rollout`` hook): in a sampled world every hand
is in sight, and there they beat the ``easy`` player's closed-hand rules - the
others keep ``easy``'s, the model of how they play (docs/AI.md).

Only about 24 list operations a trick, so a deal costs tens of microseconds -
cheap enough for every candidate in every world, where an exact solve of
twelve tricks would cost seconds.  It is not the best play, but it sees what a
hand-by-hand trick estimate cannot: tempo (who holds the lead when the
masters are gone), guards that stop a long suit, and which discards the other
hand is squeezed into.
"""

from __future__ import annotations


def by_suit(hand: list[int]) -> list[list[int]]:
    """Ranks in each suit, highest first."""
    suits: list[list[int]] = [[], [], [], []]
    for c in sorted(hand, reverse=True):
        suits[c >> 4].append(c & 15)
    return suits


def play_out(elder: list[int], younger: list[int]) -> tuple[int, int, int, int]:
    """(elder's play points, younger's, elder's tricks, elder's play points before younger
    scored any).  A point for each lead, one for winning a trick the other led, one more
    for the last trick (the cards and the capot are left to the caller)."""
    hands = (by_suit(elder), by_suit(younger))
    pts = [0, 0]
    elder_tricks = 0
    run = -1            # elder's points before younger's first; -1 while younger has none
    leader = 0
    tricks = len(elder)
    for t in range(tricks):
        lead, follow = hands[leader], hands[1 - leader]
        s = _lead_suit(lead, follow)
        mine, theirs = lead[s], follow[s]
        card = mine.pop(0) if theirs and mine[0] > theirs[0] else mine.pop()
        winner = leader
        if theirs:
            if theirs[0] > card:
                i = len(theirs) - 1
                while theirs[i] < card:
                    i -= 1
                theirs.pop(i)
                winner = 1 - leader
            else:
                theirs.pop()
        else:
            follow[_discard_suit(follow, lead)].pop()
        # In reckoning order: the lead, the trick won against the lead, the last trick.
        pts[leader] += 1
        if run < 0 and leader == 1:
            run = pts[0]
        if winner != leader:
            pts[winner] += 1
        if t == tricks - 1:
            pts[winner] += 1
        if run < 0 and winner == 1:
            run = pts[0]
        elder_tricks += winner == 0
        leader = winner
    return pts[0], pts[1], elder_tricks, pts[0] if run < 0 else run


def _lead_suit(lead: list[list[int]], follow: list[list[int]]) -> int:
    best, key = -1, (-1, 0, 0)
    for s in range(4):
        mine = lead[s]
        if not mine:
            continue
        theirs = follow[s]
        # 2: they are void; 1: my top card is a master; 0: neither - then the longest suit.
        kind = 2 if not theirs else 1 if mine[0] > theirs[0] else 0
        k = (kind, len(mine), mine[0])
        if k > key:
            best, key = s, k
    return best


def _discard_suit(hand: list[list[int]], other: list[list[int]]) -> int:
    """The suit whose lowest card is the least useful of ``hand`` (void in the suit led)
    against ``other``: the one to throw."""
    best, key = -1, (9, 0)
    for s in range(4):
        mine = hand[s]
        if not mine:
            continue
        theirs = other[s]
        low = mine[-1]
        if not theirs or low > theirs[0]:
            cost = 2        # every card a master - worth a trick only once we get the lead
        else:
            above = sum(1 for r in theirs if r > mine[0])
            if mine[0] > theirs[0]:
                cost = 1                    # a master on top: a low card may go
            elif len(mine) > above:
                # A guard: its last spare card goes last of all (then their masters
                # catch it), any other spare card may go.
                cost = 3 if len(mine) == above + 1 else 1
            else:
                cost = 0                    # nothing in the suit will win
        k = (cost, low)
        if k < key:
            best, key = s, k
    return best


def open_card(world, seat: int) -> int | None:
    """``seat``'s card by these rules in a two-handed trick play with every hand in sight
    (a sampled world's), or None where they do not apply: another phase, more hands, or
    a contract (an auction's minus bid wants to lose tricks)."""
    if world.phase != "play" or world.n != 2 or world.contract is not None:
        return None
    mine = by_suit(world.hands[seat])
    if not world.trick:
        theirs = by_suit(world.hands[1 - seat])
        s = _lead_suit(mine, theirs)
        ranks = mine[s]
        return s * 16 + (ranks[0] if theirs[s] and ranks[0] > theirs[s][0] else ranks[-1])
    led = world.trick[0][1]
    s, rank = led >> 4, led & 15
    if mine[s]:         # following suit, the other hand's cards do not matter
        winners = [r for r in mine[s] if r > rank]
        return s * 16 + (winners[-1] if winners else mine[s][-1])
    s = _discard_suit(mine, by_suit(world.hands[1 - seat]))
    return s * 16 + mine[s][-1]
