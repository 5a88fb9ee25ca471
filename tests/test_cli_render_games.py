"""The terminal over random positions of every game and variant: every numbered move
and every example it offers is legal, and what it prints reads as words."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from bot.cli.moves import Moves
from bot.cli.table_view import Style, TableView, width_of
from bot.present import present, presenter_for

CONFIGS = [(name, n, opts) for name, game in sorted(rules.GAMES.items())
           for n, opts in game.configurations()]
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
PYTHON = re.compile(r"\b(None|True|False)\b|\[\]|\{\}")


def _position(name: str, n: int, opts: dict, seed: int, steps: int):
    game = rules.get_game(name)
    state = game.new_state(n, game.validate_options(opts), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return game, state


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 10_000), st.integers(0, 120))
def test_random_positions_render_and_every_offered_move_is_legal(config, seed, steps) -> None:
    name, n, opts = config
    game, state = _position(name, n, opts, seed, steps)
    if state.is_over:
        return
    seat = state.current_seat
    names = [f"Player {chr(65 + i)}" for i in range(n)]
    legal = [str(a) for a in state.legal_actions(seat)]
    forms = state.action_forms(seat)
    scene = present(state.view(seat), names, forms=forms, legal=legal)
    view = TableView(name, names, Style(), 80)
    moves = Moves(scene.hand.forms, state.legal_actions(seat), presenter_for(name).describe,
                  view)
    text = "\n".join([view.render(scene, moves.panel()), *moves.short_help(),
                      *moves.full_help()])
    assert not PYTHON.search(text), text
    assert not SNAKE.search(text), text
    assert "\x1b[" not in text
    assert all(width_of(line) <= 80 for line in view.render(scene, moves.panel()).splitlines())
    # made to fit an 80x24 terminal (22 lines: a blank line above, the prompt below), the
    # view keeps its title, every seat and the moves; only what cannot give way (title,
    # seats, one line per centre row, the hand, the moves) may be taller - Pinkerton's
    # bidding with five or six players and several exact beats on offer
    fitted = view.render(scene, moves.panel(), height=22, tail=moves.hint(),
                         short_moves=moves.panel(notes=False)).splitlines()
    least = view.render(scene, moves.panel(), height=1, tail=moves.hint(),
                        short_moves=moves.panel(notes=False)).splitlines()
    assert len(fitted) <= max(22, len(least)), "\n".join(fitted)
    assert len(least) <= 22 or name == "pinkerton", "\n".join(least)
    assert fitted[0].startswith("━━ ") and all(width_of(line) <= 80 for line in fitted)
    assert all(any(name in line for line in fitted) for name in names)
    assert any("\n".join(panel) in "\n".join(fitted)
               for panel in (moves.panel(), moves.panel(notes=False)))
    legal_set = {str(game.parse_action(a)) for a in legal}
    for e in moves.numbered:                     # typing any number makes a legal move
        assert str(game.parse_action(e.action)) in legal_set, (e, legal)
    for form in moves.multi:                     # and so does every example shown
        assert str(game.parse_action(moves.example(form))) in legal_set
    assert moves.numbered or moves.multi         # there is always something to type
