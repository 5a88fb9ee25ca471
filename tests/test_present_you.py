"""The viewer's own acts told in the second person (bot/present/you.py): in the viewer's
own Recent lines "You take the trick", on the public board "Alice takes the trick"."""

from __future__ import annotations

import random
import re

import pytest

import rules
from bot import plugins
from bot.i18n import lang_for
from bot.present import present
from bot.present.messages import marked
from rules.messages import Msg, Seat, decode

FIELD = re.compile(r"\{(\w+)\}")
CONFIGS = [("coins", 3, {}), ("thirteens", 3, {}), ("starshina", 3, {}),
           ("starshina", 3, {"rules": "classic"}), ("pinkerton", 4, {}), ("piquet", 2, {}),
           ("piquet", 3, {"variant": "normand"}), ("piquet", 2, {"variant": "auction"})]
NAMES = ["Alice", "Bo", "Cy", "Di"]


def _you(game: str) -> dict[str, str]:
    return dict(plugins.get(game).presenter.you_forms.you)


def test_each_you_form_keeps_the_acts_placeholders() -> None:
    for key, you in {k: v for p in plugins.plugins() for k, v in _you(p.name).items()}.items():
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
        mine = [m for m in raw if isinstance(m, Msg) and m.key in _you(game)
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


# An act of seat 0's told by its name, in English: "{p0} leads", "{p0} deals",
# "you play 7D: {p0} wins", "rozdaje {p0}".  Not an act: a list of names and numbers
# ("Quotas: {p0} 8"), several seats together ("from {p0} and {p2}"), a contract's bid.
NAMED_ACT = re.compile(r"\{p0\} (?!and )[a-z]|[a-z]: \{p0\} [a-z]")
EVERY_VARIANT = [*CONFIGS, ("pinkerton", 3, {"show_total": True}), ("thirteens", 6, {}),
                 ("thirteens", 4, {}), ("piquet", 2, {"variant": "au_cent"}),
                 ("piquet", 4, {"variant": "a_quatre"})]


@pytest.mark.parametrize("game,players,options", EVERY_VARIANT)
def test_no_act_of_your_own_is_told_by_your_name(game: str, players: int,
                                                 options: dict) -> None:
    """"Alice adds 3♠ to the pile: the pile stands at -4." beside "You add ..." (and in
    Thirteens, Starshina, Piquet): the viewer's Recent tells every act of theirs "You ...",
    the deal's opening ("Hand 1: you deal; Bo leads.") and Piquet's trick line ("You lead
    9♦, Bo plays 7♦: you win.", "Bo leads 9♦, you play 7♦: Bo wins.") too; only dialogue
    ("Alice: Good.") names them.  The public board never says "you"."""
    for seed in range(3):
        state = rules.get_game(game).new_state(players, options, seed=seed)
        rng = random.Random(seed)
        for move in range(400):
            if state.is_over:
                break
            seat = state.current_seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            if move % 7 and not state.is_over:
                continue
            own = present(state.view(0), NAMES[:players], recent=999).events
            named = [line for line in own if NAMED_ACT.search(line)
                     and not line.startswith(("Contract: {p0} ", "{p0}: "))]
            assert not named, named
            board = present(state.view(None), NAMES[:players], recent=999).events
            assert not [line for line in board if re.search(r"\byou\b", line, re.I)], board


@pytest.mark.parametrize("leader,players,winner,code,want", [
    (0, 1, 0, "en", "You lead {c:9D}, {p1} plays {c:7D}: you win."),
    (1, 0, 1, "en", "{p1} leads {c:9D}, you play {c:7D}: {p1} wins."),
    (1, 0, 0, "en", "{p1} leads {c:9D}, you play {c:7D}: you win."),
    (0, 1, 1, "en", "You lead {c:9D}, {p1} plays {c:7D}: {p1} wins."),
    (1, 0, 0, "pl", "{p1} wychodzi {c:9D}, ty {c:7D}: bierzesz."),
    (0, 1, 1, "pl", "Wychodzisz {c:9D}, {p1} {c:7D}: bierze {p1}."),
    (1, 0, 1, "ru", "{p1} заходит с {c:9D}, вы {c:7D}: берёт {p1}."),
    (0, 1, 0, "ru", "Вы заходите с {c:9D}, {p1} {c:7D}: берёте вы."),
])
def test_piquet_trick_line_in_your_voice(leader: int, players: int, winner: int, code: str,
                                         want: str) -> None:
    from bot.present.you import to_you
    from rules.messages import Cards, Join, event
    line = Msg("{leader} leads {card}, {plays}: {winner} wins.", leader=Seat(leader),
               card=Cards(("9D",)), winner=Seat(winner),
               plays=Join((event("{who} plays {card}", who=Seat(players),
                                 card=Cards(("7D",))),)))
    forms = plugins.get("piquet").presenter.you_forms
    assert marked(to_you(line, 0, forms), lang_for(code)) == want
    # the board, and the other seat, read it by names
    assert marked(to_you(line, 2, forms), lang_for(code)) == marked(line, lang_for(code))
    assert "you" not in marked(line, lang_for(code)).lower()
