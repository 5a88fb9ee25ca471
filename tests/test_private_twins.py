"""A private note that tells the viewer the same act as the public line before it is
paired with that line by data (``Game.private_twins``, message ids), not by reading the
English ("You ..." after a line the viewer acts in): every pair the English reading made
in random games of every variant is declared, and the viewer's lines show the note in
place of the public line."""

from __future__ import annotations

import random
import re

import rules
from rules.messages import Msg

ACTOR = re.compile(r"^\{p\d+\}")


def _paired_by_english(public: object, following: dict, seat: int) -> bool:
    """How a556011 paired them: its English, read back."""
    me = f"{{p{seat}}}"
    if not following.get("private") or me not in str(public):
        return False
    actor = ACTOR.match(str(public))
    if actor is None:
        return False
    note = str(following["text"])
    return note.startswith("You ") if actor.group(0) == me else note.startswith(actor.group(0))


def test_every_twin_the_english_paired_is_declared_and_shown_once() -> None:
    seen = 0
    for name, game in sorted(rules.GAMES.items()):
        for n, options in game.configurations():
            for seed in range(4):
                state = game.new_state(n, options, seed=seed)
                rng = random.Random(seed)
                for _ in range(300):
                    if state.is_over:
                        break
                    seat = state.current_seat
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                for seat in range(n):
                    events = state.view(seat)["events"]
                    for public, note in zip(events, events[1:], strict=False):
                        if not _paired_by_english(public["text"], note, seat):
                            continue
                        assert isinstance(note["text"], Msg)
                        pair = (note["text"].key, public["text"].key)
                        assert pair in game.private_twins, (name, pair)
                        seen += 1
    assert seen > 0
