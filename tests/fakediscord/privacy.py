"""Checks that the channel only ever showed public cards and each user only their own.

Ground truth comes from the game's replay (seed + action log): the engine's
views at every move number.  Texts are scanned for cards written either way
the bot might write them: suit symbols (``Q♥``) or ASCII (``QH``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import rules
from rules.cards import CARD

from .recorder import StoredMessage, message_text

_ASCII = re.compile(r"(?<![\w#])(?:10|[2-9TJQKANX])[CDHSOEBU12](?!\w)")
_MARK = re.compile(r"table #(\d+)\D{0,40}?move (\d+)", re.S)


class CardScanner:
    """Finds the cards a text mentions (as ASCII codes) for one game's deck."""

    def __init__(self, game: rules.Game) -> None:
        self.deck = game.deck
        self.pretty = {CARD[int(c)].pretty: str(CARD[int(c)]) for c in game.deck.cards}
        alternation = "|".join(re.escape(p) for p in sorted(self.pretty, key=len, reverse=True))
        self._pretty = re.compile(f"(?<![0-9])(?:{alternation})")
        self.codes = set(self.pretty.values())

    def cards(self, text: str) -> set[str]:
        found = {self.pretty[m.group(0)] for m in self._pretty.finditer(text)}
        found |= {m.group(0) for m in _ASCII.finditer(text) if m.group(0) in self.codes}
        return found

    def in_json(self, data: object) -> set[str]:
        text = json.dumps(data)
        return {c for c in re.findall(r'"([^"]{2,3})"', text) if c in self.codes} | \
            self.cards(text)


@dataclass
class GameTruth:
    game_id: int
    seats: list[int | None]                  # user id per seat (None: AI)
    hands: list[list[set[str]]] = field(default_factory=list)   # [move][seat]
    seen: list[list[set[str]]] = field(default_factory=list)    # [move][seat] cards in view
    public: set[str] = field(default_factory=set)              # every card ever public

    def seat_of(self, user_id: int) -> int | None:
        return self.seats.index(user_id) if user_id in self.seats else None


async def game_truth(core, game_id: int) -> tuple[GameTruth, CardScanner]:
    replay = await core.replay(game_id)
    game = rules.get_game(replay.record.game)
    scan = CardScanner(game)
    truth = GameTruth(game_id, [p["user_id"] for p in replay.record.players])
    n = len(truth.seats)

    def record(state) -> None:
        truth.hands.append([set(state.view(i).get("hand") or []) for i in range(n)])
        truth.seen.append([scan.in_json(state.view(i)) for i in range(n)])
        truth.public |= scan.in_json(state.view(None))

    record(replay.initial_state())
    for step in replay.steps():
        record(step.state)
    return truth, scan


def channel_leaks(texts: Iterable[str], truths: list[tuple[GameTruth, CardScanner]]
                  ) -> list[str]:
    """Cards shown in the channel that were never public in any of these games."""
    public = set().union(*(t.public for t, _ in truths))
    leaks = []
    for text in texts:
        for _, scan in truths:
            bad = scan.cards(text) - public
            if bad:
                leaks.append(f"{sorted(bad)} in {text[:200]!r}")
    return leaks


def private_leaks(user_id: int, messages: Iterable[StoredMessage], truth: GameTruth,
                  scan: CardScanner) -> tuple[list[str], int]:
    """Cards of other seats' hands shown to ``user_id`` (ephemerals, DMs): (leaks, checked).

    A text marked "table #T ... move M" is checked against the hands at move M;
    other texts against everything the user's own views ever contained."""
    seat = truth.seat_of(user_id)
    ever_seen = set().union(*(m[seat] for m in truth.seen)) if seat is not None else set()
    leaks, checked = [], 0
    for msg in messages:
        for version in msg.versions:
            text = message_text(version)
            cards = scan.cards(text)
            mark = _MARK.search(text)
            if mark and int(mark.group(1)) != truth.game_id:
                continue
            checked += 1
            if seat is None:
                if cards - truth.public:
                    leaks.append(f"non-player saw {sorted(cards - truth.public)}")
                continue
            if mark:
                move = int(mark.group(2))
                others = set().union(*(h for i, h in enumerate(truth.hands[move]) if i != seat))
                bad = (cards & others) - truth.seen[move][seat]
            else:
                bad = cards - ever_seen - truth.public
            if bad:
                leaks.append(f"{sorted(bad)} at {mark.group(0) if mark else 'no mark'}: "
                             f"{text[:200]!r}")
    return leaks, checked
