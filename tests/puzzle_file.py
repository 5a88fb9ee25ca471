"""The pool of the Discord puzzle tests and screenshots: ``tests/data/puzzles.json``
(puzzles of every game mined as the bot mines a finished game, at small budgets, by
``tests/data/make_puzzles.py``: mining a dozen of each game in a test would take minutes),
stored through the service's own ``keep`` as a finished game's puzzles are."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import rules
from bot.core import Core
from bot.core.puzzles import Source
from tests.fakediscord.privacy import CardScanner

DATA = Path(__file__).with_name("data") / "puzzles.json"


@dataclass(frozen=True)
class Planted:
    """A puzzle of the pool as the test knows it: what its solver may and may not see."""
    game: str
    seat: int
    answer: str
    moves: frozenset[str]
    own: frozenset[str]       # cards in the solver's view
    hand: frozenset[str]      # the solver's hand
    others: frozenset[str]    # the other seats' hands


async def fill(core: Core) -> dict[int, Planted]:
    """The pool from the mined file, stored by the service's ``keep``; each puzzle by id."""
    data = json.loads(DATA.read_text())
    for game, entries in data.items():
        for e in entries:
            source = Source(f"test:{game}:{e['seed']}", game, e["players"], {}, e["seed"],
                            [], None, None, None)
            await core.puzzles.keep(source, e["puzzles"])
    out = {}
    for row in await core.store.fetchall("SELECT id, game, seat, state, answer FROM puzzles"):
        game = rules.get_game(row["game"])
        state = game.state_from_json(row["state"])
        seat = row["seat"]
        scan = CardScanner(game)
        out[row["id"]] = Planted(
            row["game"], seat, row["answer"],
            frozenset(str(a) for a in state.legal_actions(seat)),
            frozenset(scan.in_json(state.view(seat))),
            frozenset(state.view(seat).get("hand") or ()),
            frozenset(c for i in range(state.n) if i != seat
                      for c in state.view(i).get("hand") or ()))
    return out
