"""What each seat knows, for re-dealing hidden cards (AI determinisation).

A seat knows its own hand and discards, the talon cards it was allowed to see, the
cards others showed when they scored (or which it saw them draw), the suits they
showed void in, and every claim said aloud: "point of five" means that hand held
five of a suit when it was declared (hand now + cards played since).  Pins and
voids go into ``redeal`` slots; claims are checked on each re-deal and a deal that
breaks one is re-drawn (a stated point value is dropped after many tries, and the
last draw is kept as a rare fallback: the view stays exact either way).
"""

from __future__ import annotations

import random

from ...sampling import Slot, redeal
from .combos import FACES, best_point, holds

TRIES = 200
STRICT = 120


class KnowledgeMixin:

    def _resample(self, seat: int, rng: random.Random) -> None:
        slots = self._piquet_slots(seat)
        checks = self._claim_checks(seat)
        for attempt in range(TRIES):
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

    def _claim_checks(self, viewer: int) -> list:
        checks = []
        for rec in self.claims:
            s = rec["seat"]
            if s == viewer:
                continue
            cat, n, x, v = rec["cat"], rec["n"], rec["x"] or 0, rec["v"]
            checks.append(lambda strict, s=s, cat=cat, n=n, x=x, v=v:
                          holds(self._held(s), cat, n, x, v if strict else None))
        for s in self.blanche:
            if s != viewer:
                # A blank hand: every face card it shows now came from the talon.
                checks.append(lambda strict, s=s: sum(
                    1 for c in self._held(s) if c & 15 in FACES) <= self.drawn[s])
        return checks

    def _refresh_hidden_point(self, viewer: int) -> None:
        """The best point's pips, not yet said aloud, follow the re-dealt hand."""
        best = self.best if self.phase == "declare" else None
        if best and self.cat == 0 and not best[3] and best[0] != viewer:
            found = best_point(self._held(best[0]), best[1])
            if found is not None:
                best[2] = found[0]
