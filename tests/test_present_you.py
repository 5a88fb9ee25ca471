"""The viewer's own acts told in the second person (bot/present/you.py): in the viewer's
own Recent lines "You take the trick", on the public board "Alice takes the trick"."""

from __future__ import annotations

import random
import re

import pytest

import rules
from bot.i18n import lang_for
from bot.present import present
from bot.present.messages import marked
from bot.present.you import YOU_FORMS
from rules.messages import Msg, Seat, decode

FIELD = re.compile(r"\{(\w+)\}")
CONFIGS = [("coins", 3, {}), ("thirteens", 3, {}), ("starshina", 3, {}),
           ("starshina", 3, {"rules": "classic"}), ("pinkerton", 4, {}), ("piquet", 2, {}),
           ("piquet", 3, {"variant": "normand"}), ("piquet", 2, {"variant": "auction"})]
NAMES = ["Alice", "Bo", "Cy", "Di"]


def test_each_you_form_keeps_the_acts_placeholders() -> None:
    for key, you in YOU_FORMS.items():
        assert key.startswith(("{who} ", "{side} ")) and you.startswith("You ")
        assert set(FIELD.findall(you)) == set(FIELD.findall(key)) - {"who", "side"}, key


@pytest.mark.parametrize("game,players,options", CONFIGS)
def test_own_acts_are_told_to_you_and_nobody_else(game: str, players: int,
                                                  options: dict) -> None:
    told = 0
    deck = rules.get_game(game).deck
    for seed in range(3):
        state = rules.get_game(game).new_state(players, options, seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            if state.is_over:
                break
            seat = state.current_seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        viewer = 0
        raw = [e["text"] for e in state.view(viewer)["events"]]
        mine = [m for m in raw if isinstance(m, Msg) and m.key in YOU_FORMS
                and dict((k, decode(v)) for k, v in m.data).get("who") == Seat(viewer)]
        for code in ("en", "pl", "ru"):
            lang = lang_for(code)
            own = present(state.view(viewer), NAMES[:players], lang=lang, recent=999).events
            board = present(state.view(None), NAMES[:players], lang=lang, recent=999).events
            # The act as the board tells it ("{p0} takes the trick ...") is not in the
            # viewer's own lines, and the board never says "You".
            third = {marked(m, lang, deck) for m in mine}
            assert not third & set(own), third & set(own)
            assert not any(line.startswith(("You ", "Вы ")) for line in board), board
            if code == "en" and game != "piquet":   # (Piquet sums its declarations up)
                assert sum(line.startswith("You ") for line in own) >= len(mine), own
        told += len(mine)
    assert told > 0


@pytest.mark.parametrize("game,players,options", [
    *CONFIGS, ("pinkerton", 3, {"show_total": True}), ("thirteens", 6, {})])
def test_no_act_of_your_own_is_told_by_your_name(game: str, players: int,
                                                 options: dict) -> None:
    """"Alice adds 3♠ to the pile: the pile stands at -4." beside "You add ..." (and in
    Thirteens, Starshina, Piquet): the viewer's Recent tells every act of theirs "You ...",
    only dialogue ("Alice: Good.") and the deal's opening name them."""
    for seed in range(3):
        state = rules.get_game(game).new_state(players, options, seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if state.is_over:
                break
            seat = state.current_seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            if seat == 0:
                own = present(state.view(0), NAMES[:players], recent=999).events
                # (Piquet's trick lines name every seat: "{p0} leads 9D, {p1} plays ...")
                assert not any(line.startswith("{p0} ") and not line.startswith("{p0} leads ")
                               for line in own), own
