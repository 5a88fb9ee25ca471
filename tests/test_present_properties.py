"""Every registered presenter over random games (hypothesis): scenes read as text, hide nothing.

For each game with a presenter and each configuration the engine's property
tests cover, random positions are rendered for the spectator and every seat:
no Python value or engine field name reaches a reader, every token is filled,
and no card appears that the viewer's own engine view does not show.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from bot import plugins
from bot.present import text
from bot.present.base import COMMON_FIELDS, presenter_for
from bot.present.scene import Scene, shown_cards, texts
from tests.scenes import NAMES, scene_of, visible_codes

CONFIGS = [(name, n, opts) for name in plugins.names()
           for n, opts in plugins.engine(name).configurations()]
IDS = [f"{name}-{n}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "default")
       for name, n, o in CONFIGS]

REPR = re.compile(r"\b(None|True|False)\b|\[\]|\{\}|(?<![A-Za-z])'[^'\s]*'")
SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
BUTTON_LABEL = 80  # Discord's limit for a button label


def check_scene(scene: Scene, state: rules.State, seat: int | None) -> None:
    deck = state.game.deck
    view = state.view(seat)
    for raw in texts(scene):
        for s in text.seats_in(raw):
            assert 0 <= s < state.n, f"seat token out of range in {raw!r}"
        for code in text.cards_in(raw):
            assert str(deck.parse_card(code)) == code, f"bad card token in {raw!r}"
        plain = text.plain(raw, NAMES, deck)
        assert not REPR.search(plain), f"Python value in {plain!r}"
        assert not SNAKE.search(plain), f"engine name in {plain!r}"
        assert "{p" not in plain and "{c:" not in plain, f"token left in {plain!r}"
    known = presenter_for(state.game.name).fields
    if known:  # a presenter that declares its fields must know every one the view holds
        assert set(view) <= COMMON_FIELDS | known, f"unknown fields {set(view) - known}"
    hidden = shown_cards(scene) - visible_codes(view, deck)
    assert not hidden, f"seat {seat} is shown {sorted(hidden)}, which its view hides"
    assert [s.index for s in scene.seats] == list(range(state.n))
    assert [s.to_move for s in scene.seats] == [i == state.current_seat for i in range(state.n)]
    assert scene.viewer == seat and (scene.hand is None) == (seat is None)
    assert scene.to_move == state.current_seat and scene.deal_no == view.get("deal_no", 0)
    assert len(scene.events) <= 8 and scene.title and scene.phase
    if scene.hand is not None:
        legal = {str(a) for a in state.legal_actions(seat)}
        assert scene.hand.your_turn == bool(legal)
        assert sorted(scene.hand.cards) == sorted(view["hand"])
        for form in scene.hand.forms:
            for choice in form.choices:
                assert choice.action in legal
                assert len(text.plain(choice.label, NAMES, deck)) <= BUTTON_LABEL
            if form.cards and form.high == 1:
                assert all(f"{form.kind} {c}" in legal for c in form.cards)
    if state.is_over:
        assert scene.result is not None and scene.to_move is None


@pytest.mark.parametrize("name,n,opts", CONFIGS, ids=IDS)
@settings(max_examples=5)
@given(seed=st.integers(0, 2**40), moves=st.integers(0, 300), every=st.integers(6, 15))
def test_random_positions_read_cleanly_and_hide_nothing(name, n, opts, seed, moves, every):
    state = rules.get_game(name).new_state(n, opts, seed=seed)
    rng = random.Random(seed)
    for step in range(moves + 1):
        if step % every == 0 or step == moves or state.is_over:
            for seat in (None, *range(n)):
                check_scene(scene_of(state, seat), state, seat)
        if state.is_over:
            break
        state.apply(state.current_seat, rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name,n,opts", CONFIGS, ids=IDS)
def test_a_finished_game_has_a_result_scene(name, n, opts):
    state = rules.get_game(name).new_state(n, opts, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(state.current_seat, rng.choice(state.legal_actions()))
    for seat in (None, *range(n)):
        scene = scene_of(state, seat)
        check_scene(scene, state, seat)
        # Every seat is placed in the result (per player, or per side in partnerships).
        named = set().union(*(text.seats_in(line) for line in scene.result.lines))
        assert named == set(range(n))


@pytest.mark.parametrize("name", ["coins", "thirteens", "starshina"])
def test_these_presenters_declare_their_fields(name):
    assert presenter_for(name).fields


def test_the_checks_catch_a_leak_a_python_value_and_a_field_name():
    state = rules.get_game("coins").new_state(3, seed=1)
    seat_scene = scene_of(state, 0)
    held = text.card(state.view(0)["hand"][0])
    with pytest.raises(AssertionError, match="which its view hides"):
        check_scene(replace(seat_scene, viewer=None, hand=None, events=(f"You hold {held}.",)),
                    state, None)
    spectator = scene_of(state, None)
    with pytest.raises(AssertionError, match="Python value"):
        check_scene(replace(spectator, phase="Trick play (None)"), state, None)
    with pytest.raises(AssertionError, match="engine name"):
        check_scene(replace(spectator, phase="hand_no 1"), state, None)


# Marked-up text as scenes hold it: plain runs (stray braces and digits among them) and
# seat and card tokens, in any order and next to each other.
_RUNS = st.text(alphabet="ab {}:p1c ", max_size=6)
_TOKENS = st.one_of(st.integers(0, 12).map(text.seat),
                    st.sampled_from(["QH", "10O", "AE", "X1", "7B"]).map(text.card))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_RUNS, _TOKENS), max_size=8).map("".join))
def test_render_fills_every_token_and_every_run_as_parts_reads_them(marked: str) -> None:
    def seat(i: int) -> str:
        return f"<seat {i}>"

    def card(code: str) -> str:
        return f"<card {code}>"

    def plain(run: str) -> str:
        return run.upper()

    expected = "".join(seat(p.seat) if p.seat is not None else
                       card(p.card) if p.card is not None else plain(p.text)
                       for p in text.parts(marked))
    assert text.render(marked, seat, card, plain) == expected
    assert text.render(marked, seat, card) == "".join(
        seat(p.seat) if p.seat is not None else card(p.card) if p.card is not None
        else p.text for p in text.parts(marked))
