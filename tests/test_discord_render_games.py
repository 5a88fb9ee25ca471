"""The Discord board and hand panel over random games of every game and variant.

At positions along random legal play, the board (from ``view(None)``) and each
seat's panel (from ``view(seat)`` with that seat's moves) are rendered as
discord.py would send them, then checked: Discord accepts them (the fake's
limit checks), nobody reads a Python value or an engine key, and no card shows
that the viewer's own view does not hold.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from bot.core import GameOver, SeatInfo, TableInfo
from bot.discordbot.ui import board, panel
from bot.present import present
from tests.fakediscord.limits import FLAG_COMPONENTS_V2, check_message
from tests.fakediscord.privacy import CardScanner
from tests.fakediscord.recorder import message_text

CONFIGS = [(name, n, opts) for name, g in sorted(rules.GAMES.items())
           for n, opts in g.configurations()]
IDS = [f"{name}-{n}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "default")
       for name, n, o in CONFIGS]
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")
EVERY = 13           # render every 13th position (and the first and the last)
# What must never reach a reader: Python values, engine keys, unfilled tokens.
REPR = re.compile(r"\b(None|True|False)\b|\[\]|\{\}|\{p\d+\}|\{c:")
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")


def table(game: str, n: int, move: int, current: int | None) -> TableInfo:
    seats = tuple(SeatInfo(i, NAMES[i], 100 + i, "human", None, 0, False) for i in range(n))
    return TableInfo(table_id=1, channel_id=77, guild_id=1, game=game,
                     title=rules.get_game(game).title, options={}, turn_seconds=0,
                     keep_order=False, stand_in=None, status="playing", host_id=100,
                     host_name="Alice", seats=seats, player_counts=(n,), move=move,
                     current_seat=current, deadline=None, created=0.0)


def visible(view) -> tuple[dict[str, Any], str]:
    body = {"flags": FLAG_COMPONENTS_V2, "components": view.to_components()}
    return body, message_text(body)


def check_shown(view, allowed: set[str], scan: CardScanner, where: str) -> None:
    body, text = visible(view)
    assert check_message(body) == [], where
    assert not REPR.search(text), (where, REPR.search(text), text)
    assert not SNAKE.search(text), (where, SNAKE.search(text), text)
    leaked = scan.cards(text) - allowed
    assert not leaked, (where, leaked, text)


def render_position(state, game: str, move: int, scan: CardScanner) -> None:
    n = state.n
    names = list(NAMES[:n])
    current = None if state.is_over else state.current_seat
    info = table(game, n, move, current)
    public = state.view(None)
    shown = board.draw_game(info, present(public, names, recent=board.RECENT))
    check_shown(shown.view, scan.in_json(public), scan, f"board at move {move}")
    for seat in range(n):
        mine = state.view(seat)
        forms = state.action_forms(seat) if seat == current else []
        legal = [str(a) for a in state.legal_actions(seat)] if forms else []
        scene = present(mine, names, forms=forms, legal=legal, recent=panel.RECENT)
        moves = state.legal_actions(seat) if forms else []
        drawn = panel.draw(info, seat, scene, moves)
        check_shown(drawn, scan.in_json(mine), scan, f"panel of seat {seat} at move {move}")
        # The Confirm step of a multi-card move shows only the chooser's cards too.
        multi = [a for a in legal if len(a.split()) > 2]
        if multi and move % 2 == 0:
            pending = panel.draw(info, seat, scene, moves, pending=multi[0])
            check_shown(pending, scan.in_json(mine), scan, f"confirm of seat {seat}")


@pytest.mark.parametrize("name,n,opts", CONFIGS, ids=IDS)
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**32))
def test_board_and_panels_over_random_games(name, n, opts, seed, play_seed) -> None:
    game = rules.get_game(name)
    scan = CardScanner(game)
    state = game.new_state(n, opts, seed=seed)
    rng = random.Random(play_seed)
    move = 0
    render_position(state, name, move, scan)
    while not state.is_over:
        seat = state.current_seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        move += 1
        if move % EVERY == 0:
            render_position(state, name, move, scan)
    render_position(state, name, move, scan)
    info = table(name, n, move, None)
    final = state.view(None)
    over = board.over(GameOver(1, 77, 1, info, "complete", state.result(), final, ()), ())
    check_shown(over.view, scan.in_json(final), scan, "final board")


@pytest.mark.parametrize(("lang", "words"), [("en", "3 points for each thirteen"),
                                             ("pl", "3 punkty za każdą trzynastkę"),
                                             ("ru", "3 очка за каждые «тринадцать»")])
def test_the_thirteens_lobby_says_what_a_thirteen_is_worth_in_words(lang, words):
    # The outside client read "thirteen value 3": an option key, not a phrase.
    from dataclasses import replace

    from bot.i18n import lang_for
    info = replace(table("thirteens", 5, 0, None), status="lobby",
                   options=rules.get_game("thirteens").validate_options({}))
    _, text = visible(board.lobby(info, lang_for(lang)).view)
    assert words in text and "thirteen value" not in text and "thirteen_value" not in text
    one = replace(info, options={**info.options, "thirteen_value": 1})
    _, text = visible(board.lobby(one, lang_for(lang)).view)
    assert {"en": "1 point for each thirteen", "pl": "1 punkt za każdą trzynastkę",
            "ru": "1 очко за каждые «тринадцать»"}[lang] in text
