"""What each seat knows, for re-dealing hidden cards (AI determinisation).

A seat knows its own hand and discards, the talon cards it was allowed to see, the
cards others showed when they scored (or which it saw them draw), the suits they
showed void in, and every claim said aloud: "point of five" means that hand held
five of a suit when it was declared (hand now + cards played since).  Pins and
voids go into ``redeal`` slots; claims are checked on each re-deal and a deal that
breaks one is re-drawn.  Rejection keeps the re-deal faithful to the odds; when it
keeps failing (a rare claim, long voids), one way of holding each unshown claim is
chosen and its cards pinned to the claimant, so the world can always be played on
(a stated point value is the only thing then dropped: the view stays exact).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from ...sampling import Slot, redeal
from .combos import FACES, best_point, holds, run_cards
from .host import PiquetHost

TRIES = 200
STRICT = 120
PIN_AFTER = 60      # rejected re-deals before the unshown claims' cards are pinned
PIN_WAYS = 5


class KnowledgeMixin(PiquetHost):

    def _resample(self, seat: int, rng: random.Random) -> None:
        slots = self._piquet_slots(seat)
        checks = self._claim_checks(seat)
        for attempt in range(TRIES):
            if attempt == PIN_AFTER:
                slots = self._pinned_slots(seat, rng) or slots
            redeal(slots, rng)
            strict = attempt < STRICT
            if all(check(strict) for check in checks):
                break
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

    def _claim_checks(self, viewer: int) -> list[Callable[[bool], bool]]:
        checks: list[Callable[[bool], bool]] = []
        for rec in self.claims:
            s = rec["seat"]
            if s == viewer:
                continue
            cat, n, x, v = rec["cat"], rec["n"], rec["x"] or 0, rec["v"]
            checks.append(partial(self._holds_claim, s, cat, n, x, v))
        for s in self.blanche:
            if s != viewer:
                checks.append(partial(self._blank_but_drawn, s))
        return checks

    def _holds_claim(self, s: int, cat: str, n: int, x: int, v: int | None,
                     strict: bool) -> bool:
        return holds(self._held(s), cat, n, x, v if strict else None)

    def _blank_but_drawn(self, s: int, strict: bool) -> bool:
        # A blank hand: every face card it shows now came from the talon.
        return sum(1 for c in self._held(s) if c & 15 in FACES) <= self.drawn[s]

    def _refresh_hidden_point(self, viewer: int) -> None:
        """The best point's pips, not yet said aloud, follow the re-dealt hand."""
        best = self.best if self.phase == "declare" else None
        if best and self.cat == 0 and not best[3] and best[0] != viewer:
            found = best_point(self._held(best[0]), best[1])
            if found is not None:
                best[2] = found[0]

    # --- pinning claims (the fallback when rejection keeps failing) ----------------------

    def _pinned_slots(self, viewer: int, rng: random.Random) -> list[Slot] | None:
        """Slots with the unshown claims pinned (see ``_pin_claims``), trying a few random
        ways; None if no way tried leaves a consistent deal (pins can crowd out voids)."""
        for _ in range(PIN_WAYS):
            slots = self._piquet_slots(viewer)
            if not self._pin_claims(viewer, slots, rng):
                continue
            try:
                redeal(slots, rng)
                return slots
            except ValueError:
                continue
        return None

    def _pin_claims(self, viewer: int, slots: list[Slot], rng: random.Random) -> bool:
        """For each claim not yet shown, pick one way its holder can hold it and move those
        cards into the holder's slot as known, so every re-deal keeps the claim.  False if
        the ways picked leave some claim no way (the caller tries again)."""
        hand_slot = {id(slot.cards): slot for slot in slots}
        slot_of = {s: hand_slot[id(self.hands[s])] for s in range(self.n)
                   if s != viewer and id(self.hands[s]) in hand_slot}
        free = {c for slot in slots for c in slot.cards} - {c for slot in slots
                                                            for c in slot.known}
        # Sequences pin exact cards, points any of a suit: the tightest claims go first.
        tight = {"sequence": 0, "set": 1, "point": 2}
        for rec in sorted(self.claims, key=lambda r: tight[r["cat"]]):
            s = rec["seat"]
            slot = slot_of.get(s)
            if slot is None:
                continue
            have = set(slot.known) | set(self.played[s])
            voids = set(self.voids[s])
            usable = [c for c in free if c >> 4 not in voids]
            need = _claim_cards(rec["cat"], rec["n"], rec["x"] or 0, have, usable, rng)
            room = len(slot.cards) - len(slot.known)
            if need is None or len(need) > room:
                return False
            for c in need:
                _move_into(c, slot, slots)
                slot.known.append(c)
                free.discard(c)
        return True


def _claim_cards(cat: str, n: int, x: int, have: set[int], usable: list[int],
                 rng: random.Random) -> list[int] | None:
    """Hidden cards that, added to ``have``, hold the claim; a random way, None if none."""
    pool = set(usable)
    ways: list[list[int]] = []
    if cat == "sequence":
        for suit in range(4):
            cards = run_cards(n, x, suit)
            if all(c in have or c in pool for c in cards):
                ways.append([c for c in cards if c not in have])
    elif cat == "set":
        held = [c for c in have if c & 15 == x]
        extra = [s * 16 + x for s in range(4) if s * 16 + x in pool]
        if len(held) + len(extra) >= n:
            rng.shuffle(extra)
            ways.append(extra[:max(0, n - len(held))])
    else:
        for suit in range(4):
            held = [c for c in have if c >> 4 == suit]
            extra = [c for c in pool if c >> 4 == suit]
            if len(held) + len(extra) >= n:
                rng.shuffle(extra)
                ways.append(extra[:max(0, n - len(held))])
    if not ways:
        return None
    return rng.choice(ways)


def _move_into(card: int, target: Slot, slots: list[Slot]) -> None:
    """Put ``card`` in ``target``'s cards, swapping out one of its unknown cards."""
    if card in target.cards:
        return
    source = next(slot for slot in slots if card in slot.cards)
    out = next(c for c in target.cards if c not in target.known)
    source.cards[source.cards.index(card)] = out
    target.cards[target.cards.index(out)] = card
