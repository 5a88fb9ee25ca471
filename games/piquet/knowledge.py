"""What each seat knows, for re-dealing hidden cards (AI determinisation).

A seat knows its own hand and discards, the talon cards it was allowed to see, the
cards others showed when they scored (or which it saw them draw), the suits they
showed void in, and every claim said aloud: "point of five" means that hand held
five of a suit when it was declared (hand now + cards played since); "forty-six"
pins that point's pips, and an equal-length point answered "Good." is worth less
than the one it met.  Every sampled world keeps all of it, in three steps:

1. plain re-deals, each checked against every claim and rejected if one breaks
   (faithful to the odds; most positions stop here);
2. when that keeps failing (a rare claim, a stated point value), a random way of
   holding each unshown claim is picked - for a point with a stated value, cards
   of one suit worth exactly that, with the higher cards of that suit kept out of
   the claimant's hand - its cards pinned, and the rest re-dealt and checked;
3. should that fail too, a random walk from the deal as it is (which keeps every
   claim): swaps of hidden cards between places, each kept only if every claim
   still holds.
So no sampled world breaks anything its seat has heard.
"""

from __future__ import annotations

import random
from functools import partial
from itertools import combinations

from games.piquet.combos import FACES, PIPS, best_point, holds, run_cards
from games.piquet.host import PiquetHost
from rules.sampling import Slot, redeal

REJECT = 40         # plain re-deals before the unshown claims' cards are pinned
PIN_WAYS = 6        # ways of holding the claims tried
PIN_DEALS = 10      # re-deals per way
PIN_NODES = 60      # claims tried per search for a way
WALK = 400          # swaps tried by the last resort

Check = partial[bool]   # a claim's check: partial(method, seat, ...), seat first


class KnowledgeMixin(PiquetHost):

    def _resample(self, seat: int, rng: random.Random) -> None:
        slots = self._piquet_slots(seat)
        checks = self._claim_checks(seat)
        before = [list(slot.cards) for slot in slots] if checks else []
        if not _deal(slots, checks, rng, REJECT) and not self._pinned_deal(seat, checks, rng):
            for slot, cards in zip(slots, before, strict=True):
                slot.cards[:] = cards
            # A swap changes only the hands it touches: check only their seats' claims.
            mine = [[check for check in checks if slot.cards is self.hands[check.args[0]]]
                    for slot in slots]
            _walk(slots, mine, rng)
        self._refresh_hidden_point(seat)

    def _held(self, s: int) -> list[int]:
        """The hand ``s`` declared from: what it holds now plus what it has played since."""
        return self.hands[s] + self.played[s]

    def _pinned(self, s: int, viewer: int) -> list[int]:
        hand = self.hands[s]
        known = {c for rec in self.shown if rec["seat"] == s for c in rec["cards"] if c in hand}
        if self._v.exchange == "both" and viewer == self.order[0] and s == self.order[1]:
            left = self.seen[viewer]
            known.update(c for c in left[:self.drawn[s]] if c in hand)
        return sorted(known)

    def _talon_top(self, viewer: int) -> list[int]:
        """Talon cards ``viewer`` knows, in order, at the top of the talon."""
        if self._v.exchange == "both" and viewer == self.order[0] and self.seen[viewer]:
            return self.seen[viewer][self.drawn[self.order[1]]:]
        return []

    def _piquet_slots(self, viewer: int) -> list[Slot]:
        slots = []
        for s in range(self.n):
            if s == viewer:
                continue
            voids = set(self.voids[s])
            banned = (lambda c, v=voids: c >> 4 in v) if voids else None
            slots.append(Slot(self.hands[s], banned, self._pinned(s, viewer)))
            if self.discards[s]:
                blank = (lambda c: c & 15 in FACES) if s in self.blanche else None
                slots.append(Slot(self.discards[s], blank))
        if self.talon and viewer not in self.talon_open:
            slots.append(Slot(self.talon, None, self._talon_top(viewer), keep_sorted=False))
        return slots

    def _claim_checks(self, viewer: int) -> list[Check]:
        checks: list[Check] = []
        for rec in self.claims:
            s = rec["seat"]
            if s == viewer:
                continue
            checks.append(partial(self._holds_claim, s, rec["cat"], rec["n"], rec["x"] or 0,
                                  rec["v"], rec.get("lt")))
        for s in self.blanche:
            if s != viewer:
                checks.append(partial(self._blank_but_drawn, s))
        return checks

    def _holds_claim(self, s: int, cat: str, n: int, x: int, v: int | None,
                     below: int | None) -> bool:
        held = self._held(s)
        if below is not None:   # "Good." to an equal-length point: worth less than it
            found = best_point(held, n)
            return found is not None and found[0] < below
        return holds(held, cat, n, x, v)

    def _blank_but_drawn(self, s: int) -> bool:
        # A blank hand: every face card it shows now came from the talon.
        return sum(1 for c in self._held(s) if c & 15 in FACES) <= self.drawn[s]

    def _refresh_hidden_point(self, viewer: int) -> None:
        """The best point's pips, not yet said aloud, follow the re-dealt hand."""
        best = self.best if self.phase == "declare" else None
        if best and self.cat == 0 and not best[3] and best[0] != viewer:
            found = best_point(self._held(best[0]), best[1])
            if found is not None:
                best[2] = found[0]

    # --- pinning claims (when plain re-deals keep failing) -------------------------------

    def _pinned_deal(self, viewer: int, checks: list[Check], rng: random.Random) -> bool:
        """Re-deals with the unshown claims pinned (see ``_pin_claims``), a few random ways
        of holding them; False if none kept every claim."""
        for _ in range(PIN_WAYS):
            slots = self._piquet_slots(viewer)
            if not self._pin_claims(viewer, slots, rng):
                continue
            try:
                if _deal(slots, checks, rng, PIN_DEALS):
                    return True
            except ValueError:      # the pins crowd out a void: try another way
                continue
        return False

    def _pin_claims(self, viewer: int, slots: list[Slot], rng: random.Random) -> bool:
        """For each claim not yet shown, pick one way its holder can hold it and move those
        cards into the holder's slot as known (for a point worth a stated value, the
        higher cards of its suit are kept out of that hand too).  The ways are searched
        together, in random order, so one claimant's way leaves the others theirs; False
        if the search finds none within its budget (the caller tries again)."""
        hand_slot = {id(slot.cards): slot for slot in slots}
        slot_of = {s: hand_slot[id(self.hands[s])] for s in range(self.n)
                   if s != viewer and id(self.hands[s]) in hand_slot}
        free = ({c for slot in slots for c in slot.cards}
                - {c for slot in slots for c in slot.known})
        # Sequences pin exact cards, sets ranks, points any of a suit (a stated value a few
        # ways): the tightest claims go first, so a point's way sees the cards pinned already.
        tight = {"sequence": 0, "set": 1, "point": 2}
        recs = sorted((r for r in self.claims if r["seat"] in slot_of),
                      key=lambda r: (tight[r["cat"]], r["v"] is None))
        got: dict[int, set[int]] = {s: set() for s in slot_of}
        out: dict[int, set[int]] = {s: set() for s in slot_of}
        budget = [PIN_NODES]

        def search(i: int) -> bool:
            if i == len(recs):
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            rec = recs[i]
            s = rec["seat"]
            slot = slot_of[s]
            have = set(slot.known) | set(self.played[s]) | got[s]
            voids = self.voids[s]
            usable = sorted(c for c in free if c >> 4 not in voids and c not in out[s])
            room = len(slot.cards) - len(slot.known) - len(got[s])
            for need, higher in _ways(rec, have, usable, rng):
                if len(need) > room:
                    continue
                added = set(higher) - out[s]
                got[s].update(need)
                free.difference_update(need)
                out[s].update(added)
                if search(i + 1):
                    return True
                got[s].difference_update(need)
                free.update(need)
                out[s].difference_update(added)
            return False

        if not search(0):
            return False
        for s, cards in got.items():
            slot = slot_of[s]
            for c in sorted(cards):
                _move_into(c, slot, slots)
                slot.known.append(c)
            if out[s]:
                _keep_out(slot, frozenset(out[s]))
        return True


def _deal(slots: list[Slot], checks: list[Check], rng: random.Random, tries: int) -> bool:
    """Re-deal until every check holds; False if ``tries`` re-deals all broke one."""
    for _ in range(tries):
        redeal(slots, rng)
        if all(check() for check in checks):
            return True
    return not checks


def _keep_out(slot: Slot, cards: frozenset[int]) -> None:
    old = slot.banned
    slot.banned = ((lambda c: c in cards) if old is None
                   else (lambda c: c in cards or old(c)))


def _ways(rec: dict, have: set[int], usable: list[int],
          rng: random.Random) -> list[tuple[list[int], list[int]]]:
    """The ways, in random order, hidden cards added to ``have`` hold the claim ``rec``:
    (the cards to add, the cards to keep out of that hand)."""
    cat, n, x, value = rec["cat"], rec["n"], rec["x"] or 0, rec["v"]
    ways: list[tuple[list[int], list[int]]] = []
    pool = set(usable)
    if cat == "sequence":
        for suit in range(4):
            cards = run_cards(n, x, suit)
            if all(c in have or c in pool for c in cards):
                ways.append(([c for c in cards if c not in have], []))
    elif cat == "set":
        held = sum(1 for c in have if c & 15 == x)
        extra = [s * 16 + x for s in range(4) if s * 16 + x in pool]
        for more in combinations(extra, max(0, n - held)):
            ways.append((list(more), []))
    elif value is None:
        for suit in range(4):
            held = sum(1 for c in have if c >> 4 == suit)
            extra = [c for c in usable if c >> 4 == suit]
            if held + len(extra) >= n:
                rng.shuffle(extra)
                ways.append((extra[:max(0, n - held)], []))
    else:
        # n cards of one suit worth ``value``, the higher cards of that suit left out.
        for suit in range(4):
            mine = [c for c in have if c >> 4 == suit]
            cands = sorted({*mine, *(c for c in usable if c >> 4 == suit)})
            for combo in combinations(cands, n):
                if sum(PIPS[c & 15] for c in combo) != value:
                    continue
                low = min(c & 15 for c in combo)
                higher = [c for c in cands if c & 15 > low and c not in combo]
                if not any(c in higher for c in mine):
                    ways.append(([c for c in combo if c not in have], higher))
    rng.shuffle(ways)
    return ways


def _move_into(card: int, target: Slot, slots: list[Slot]) -> None:
    """Put ``card`` in ``target``'s cards, swapping out one of its unknown cards."""
    if card in target.cards:
        return
    source = next(slot for slot in slots if card in slot.cards)
    out = next(c for c in target.cards if c not in target.known)
    source.cards[source.cards.index(card)] = out
    target.cards[target.cards.index(out)] = card


def _allowed(slot: Slot, card: int) -> bool:
    return slot.banned is None or not slot.banned(card)


def _walk(slots: list[Slot], checks: list[list[Check]], rng: random.Random) -> None:
    """The last resort: from a deal that keeps every claim, swap hidden cards between
    places at random, keeping each swap only if every claim (and every void) still holds;
    ``checks[i]``: the claims a change of ``slots[i]`` can break."""
    spots = [(i, j) for i, slot in enumerate(slots)
             for j, c in enumerate(slot.cards) if c not in slot.known]
    if len(spots) > 1:
        for _ in range(WALK):
            (a, i), (b, j) = rng.sample(spots, 2)
            if a == b:
                continue
            sa, sb = slots[a], slots[b]
            ca, cb = sa.cards[i], sb.cards[j]
            if not (_allowed(sa, cb) and _allowed(sb, ca)):
                continue
            sa.cards[i], sb.cards[j] = cb, ca
            if not (all(check() for check in checks[a]) and all(check() for check in checks[b])):
                sa.cards[i], sb.cards[j] = ca, cb
    for slot in slots:
        if slot.keep_sorted:
            slot.cards.sort()
