"""Text for the declaration moves, which the generic one-shape-per-kind grammar cannot hold.

``declare point 5`` / ``declare sequence 5 king`` (a quint to the king) /
``declare set 4 aces`` (quatorze of aces); ``sink point|sequence|sets``.  Friendly
spellings are accepted ("declare seq 5 to the K", "sink set") and normalised.
"""

from __future__ import annotations

import re

from games.piquet.combos import RANK_WORD, RANKS_WORD
from rules.actions import Action
from rules.errors import IllegalAction
from rules.messages import N_, Msg

_RANK_ALIASES = {"a": 14, "ace": 14, "aces": 14, "k": 13, "king": 13, "kings": 13,
                 "q": 12, "queen": 12, "queens": 12, "j": 11, "jack": 11, "jacks": 11,
                 "knave": 11, "knaves": 11, "t": 10, "10": 10, "ten": 10, "tens": 10,
                 "9": 9, "nine": 9, "nines": 9}
_CATS = {"point": "point", "points": "point", "sequence": "sequence", "sequences": "sequence",
         "seq": "sequence", "set": "set", "sets": "set"}
_SINK = {"point": "point", "sequence": "sequence", "set": "sets"}
_FILLER = {"to", "the", "of", "in"}
_HOW = Msg("Write a declaration like 'declare point 5', 'declare sequence 5 king' (a quint "
           "to the king) or 'declare set 4 aces'.")


def _number(token: str | None, lo: int, hi: int, what: str) -> int:
    if token is None or not re.fullmatch(r"\d+", token):
        raise IllegalAction(Msg({"point": N_("Say how many cards your point has. {how}"),
                                 "sequence": N_("Say how many cards your sequence has. {how}"),
                                 "set": N_("Say how many cards your set has. {how}")}[what],
                                how=_HOW))
    n = int(token)
    if not lo <= n <= hi:
        raise IllegalAction(Msg({"point": N_("A point has {lo} to {hi} cards, not {n}."),
                                 "sequence": N_("A sequence has {lo} to {hi} cards, not {n}."),
                                 "set": N_("A set has {lo} to {hi} cards, not {n}.")}[what],
                                lo=lo, hi=hi, n=n))
    return n


def parse_declare(words: list[str]) -> Action:
    words = [w.lower() for w in words if w.lower() not in _FILLER]
    if not words or words[0] not in _CATS:
        raise IllegalAction(_HOW)
    cat = _CATS[words[0]]
    rest = words[1:]
    if cat == "point":
        if len(rest) != 1:
            raise IllegalAction(_HOW)
        return Action("declare", ("point", _number(rest[0], 1, 8, "point")))
    if len(rest) != 2:
        raise IllegalAction(_HOW)
    rank = _RANK_ALIASES.get(rest[1])
    if cat == "sequence":
        n = _number(rest[0], 3, 8, "sequence")
        if rank is None or rank - n + 1 < 7:
            raise IllegalAction(Msg("'{word}' cannot top a sequence of {n}. {how}", word=rest[1],
                                    n=n, how=_HOW))
        return Action("declare", ("sequence", n, RANK_WORD[rank]))
    n = _number(rest[0], 3, 4, "set")
    if rank is None or rank < 10:
        raise IllegalAction(Msg("Sets are of aces, kings, queens, jacks or tens. {how}",
                                how=_HOW))
    return Action("declare", ("set", n, RANKS_WORD[rank]))


def parse_sink(words: list[str]) -> Action:
    if len(words) != 1 or words[0].lower() not in _CATS:
        raise IllegalAction(Msg("Say what you sink: 'sink point', 'sink sequence' or 'sink "
                                "sets'."))
    return Action("sink", (_SINK[_CATS[words[0].lower()]],))


def bid_tokens(words: list[str]) -> list[str]:
    """'bid 8-' and 'bid minus 8' both mean the minus bid 'bid -8'."""
    low = [w.lower() for w in words]
    if len(low) == 2 and low[0] in ("minus", "-", "neg", "negative"):
        return ["-" + low[1]]
    if len(low) == 1 and low[0].endswith("-") and low[0][:-1].isdigit():
        return ["-" + low[0][:-1]]
    if len(low) == 1 and low[0].startswith("+"):
        return [low[0][1:]]
    return words
