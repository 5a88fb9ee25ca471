"""Piquet combinations: point, sequences, sets, carte blanche, and how they are named.

Pure functions over lists of int cards (``suit * 16 + rank``, ranks 7..14).
A combination is compared by a *key*: point ``(cards, pip value)``, sequence
``(length, top rank)``, set ``(count, rank)``; a higher key is better.
"""

from __future__ import annotations

from rules.messages import Term, number

# Pip values for the point: A 11, K Q J 10 count 10, the rest their face.
PIPS = (0, 0, 0, 0, 0, 0, 0, 7, 8, 9, 10, 10, 10, 10, 11)
FACES = (11, 12, 13)
SET_RANKS = (10, 11, 12, 13, 14)  # sets count from tens up, aces included
SEQ_SCORE = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SET_SCORE = {3: 3, 4: 14}

SEQ_NAME = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
RANK_WORD = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine"}
RANKS_WORD = {14: "aces", 13: "kings", 12: "queens", 11: "jacks", 10: "tens"}
WORD_RANK = {w: r for r, w in RANK_WORD.items()}
WORDS_RANK = {w: r for r, w in RANKS_WORD.items()}

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
         "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_word(n: int) -> str:
    """English words for 0..99 ("forty-eight"), digits beyond."""
    if 0 <= n < 20:
        return _ONES[n]
    if 20 <= n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + ("" if ones == 0 else "-" + _ONES[ones])
    return str(n)


def by_suit(cards: list[int]) -> list[list[int]]:
    """Ranks held in each suit (0-3), highest first."""
    suits: list[list[int]] = [[], [], [], []]
    for c in cards:
        suits[c >> 4].append(c & 15)
    for s in suits:
        s.sort(reverse=True)
    return suits


def is_carte_blanche(cards: list[int]) -> bool:
    return all((c & 15) not in FACES for c in cards)


# --- point ---------------------------------------------------------------------

def longest_suit(cards: list[int]) -> int:
    return max(len(s) for s in by_suit(cards))


def best_point(cards: list[int], n: int) -> tuple[int, int] | None:
    """(pip value, suit) of the best n-card point: the top n cards of the suit that gives the
    highest value among suits holding at least n (lowest suit index on a tie)."""
    best: tuple[int, int] | None = None
    for suit, ranks in enumerate(by_suit(cards)):
        if len(ranks) >= n:
            value = sum(PIPS[r] for r in ranks[:n])
            if best is None or value > best[0]:
                best = (value, suit)
    return best


def point_cards(cards: list[int], n: int) -> list[int]:
    """The cards shown for an n-card point (see ``best_point``)."""
    found = best_point(cards, n)
    assert found is not None
    suit = found[1]
    ranks = by_suit(cards)[suit][:n]
    return [suit * 16 + r for r in ranks]


# --- sequences -------------------------------------------------------------------

def runs(cards: list[int]) -> list[tuple[int, int, int]]:
    """Maximal runs of 3+ cards in a suit as (length, top, suit), best first."""
    out = []
    for suit, ranks in enumerate(by_suit(cards)):
        i = 0
        while i < len(ranks):
            j = i
            while j + 1 < len(ranks) and ranks[j + 1] == ranks[j] - 1:
                j += 1
            if j - i + 1 >= 3:
                out.append((j - i + 1, ranks[i], suit))
            i = j + 1
    out.sort(key=lambda r: (-r[0], -r[1], r[2]))
    return out


def sequence_options(cards: list[int]) -> list[tuple[int, int]]:
    """Every (length, top) a player may call: each maximal run or any part of one (sinking)."""
    found = set()
    for length, top, _ in runs(cards):
        for n in range(3, length + 1):
            for t in range(top, top - (length - n) - 1, -1):
                found.add((n, t))
    return sorted(found, reverse=True)


def _run_for(cards: list[int], n: int, top: int) -> tuple[int, int, int]:
    """The maximal run that holds the called part: an exact match first, else the shortest."""
    fits = [r for r in runs(cards) if r[1] >= top and r[1] - r[0] + 1 <= top - n + 1]
    fits.sort(key=lambda r: (r[0] != n or r[1] != top, r[0], r[2]))
    return fits[0]


def sequences_scored(cards: list[int], n: int, top: int) -> list[tuple[int, int, int]]:
    """Sequences a player reckons when the called (n, top) is good: the called one (a part of
    its maximal run if they sank some of it) plus every other maximal run they hold."""
    called = _run_for(cards, n, top)
    out = [(n, top, called[2])]
    out += [r for r in runs(cards) if r != called]
    return out


def run_cards(length: int, top: int, suit: int) -> list[int]:
    return [suit * 16 + r for r in range(top, top - length, -1)]


# --- sets --------------------------------------------------------------------------

def rank_counts(cards: list[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in cards:
        counts[c & 15] = counts.get(c & 15, 0) + 1
    return counts


def set_options(cards: list[int]) -> list[tuple[int, int]]:
    """Every (count, rank) a player may call; a quatorze may be called as a trio (sinking)."""
    counts = rank_counts(cards)
    out = []
    for r in SET_RANKS:
        for k in (3, 4):
            if counts.get(r, 0) >= k:
                out.append((k, r))
    return sorted(out, reverse=True)


def sets_scored(cards: list[int], n: int, rank: int) -> list[tuple[int, int]]:
    """Sets reckoned when the called (n, rank) is good: it plus every other full set held."""
    counts = rank_counts(cards)
    out = [(n, rank)]
    out += [(counts[r], r) for r in sorted(SET_RANKS, reverse=True)
            if r != rank and counts.get(r, 0) >= 3]
    return out


def set_cards(cards: list[int], n: int, rank: int) -> list[int]:
    """The cards shown for a set: the first n of that rank in suit order."""
    return sorted(c for c in cards if c & 15 == rank)[:n]


# --- names ---------------------------------------------------------------------------

def point_name(n: int) -> str:
    return f"point of {number_word(n)}"


def sequence_name(n: int, top: int) -> str:
    if top == 14:
        return f"{SEQ_NAME[n]} major"
    return f"{SEQ_NAME[n]} to the {RANK_WORD[top]}"


def set_name(n: int, rank: int) -> str:
    return f"{'quatorze' if n == 4 else 'trio'} of {RANKS_WORD[rank]}"


def claim_name(cat: str, n: int, x: int) -> str:
    if cat == "point":
        return point_name(n)
    if cat == "sequence":
        return sequence_name(n, x)
    return set_name(n, x)


def claim_term(cat: str, n: int, x: int, *, capital: bool = False) -> Term:
    """A claim as a message's word ("quint to the king"): the presentation names it in the
    reader's language."""
    name = claim_name(cat, n, x)
    return Term("claim", (cat, n, x), name.capitalize() if capital else name)


def said_number(n: int) -> Term:
    """A number said aloud at the table ("Forty-one")."""
    return number(n, number_word(n).capitalize())


def holds(cards: list[int], cat: str, n: int, x: int, value: int | None = None) -> bool:
    """Whether ``cards`` hold the claim (for knowledge checks); ``value`` pins a point's pips."""
    if cat == "point":
        found = best_point(cards, n)
        return found is not None and (value is None or found[0] == value)
    if cat == "sequence":
        return (n, x) in sequence_options(cards)
    return rank_counts(cards).get(x, 0) >= n
