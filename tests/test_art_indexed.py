"""Pictures drawn straight onto the shared palette (``bot.present.art.indexed``) show
what drawing them in RGB and mapping them afterwards showed."""

from __future__ import annotations

import io
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

import rules
from bot.present.art import hand as hand_art
from bot.present.art import indexed, sprites
from bot.present.art.canvas import Canvas, chip_for
from bot.present.art.encode import mapped, to_png
from bot.present.art.hand import render_hand
from bot.present.art.table import render_table
from rules.cards import FRENCH_54, SPANISH_48
from tests.scenes import NAMES, scene_of
from tests.test_art import GAMES, PLAYERS, _played

SPRITES = [sprites.sprite(int(c), size) for c in itertools.islice(SPANISH_48.cards, 0, 48, 11)
           for size in ("hand", "small")] + \
    [sprites.dimmed(int(FRENCH_54.cards[3])), sprites.back("hand"),
     chip_for(int(FRENCH_54.cards[9]), 17), hand_art._outlined(int(FRENCH_54.cards[20]))]
GROUNDS = [hand_art.BG, sprites.PAPER]


def _mapped(img: Image.Image) -> bytes:
    return mapped(img).tobytes()


def _differing(drawn: Image.Image, rgb: Image.Image) -> list[tuple[int, int]]:
    """The pixels where ``drawn`` (on the palette) and ``rgb``, mapped, differ."""
    a, b = drawn.tobytes(), _mapped(rgb)
    return [(k % drawn.width, k // drawn.width) for k in range(len(a)) if a[k] != b[k]]


@settings(max_examples=60, deadline=None)
@given(sprite=st.sampled_from(SPRITES), ground=st.sampled_from(GROUNDS),
       x=st.integers(-40, 160), y=st.integers(-60, 160))
def test_a_sprite_pasted_over_one_colour_is_the_rgb_paste_mapped(sprite, ground, x, y):
    # anywhere on the picture, partly off its edges too
    expected = Image.new("RGB", (200, 180), ground)
    expected.paste(sprite, (x, y), sprite)
    got = indexed.new((200, 180), ground)
    indexed.paste(got, sprite, (x, y))
    assert got.mode == "P" and got.tobytes() == _mapped(expected)


@pytest.mark.parametrize("ground", GROUNDS)
def test_text_and_card_chips_over_one_colour_are_the_rgb_text_mapped(ground):
    deck = rules.get_game("coins").deck
    marked = "{p1} leads {c:" + str(SPANISH_48.cards[4]) + "} - Zażółć, Ёлка 10"
    pictures = []
    for on_palette in (False, True):
        cv = Canvas((420, 90), ground, deck, NAMES, on_palette=on_palette)
        cv.rich(6, 4, marked, 17, 400, fill=(245, 245, 235))
        cv.text(30, 60, "12", 14, (20, 20, 20), bold=True, anchor="mm")
        pictures.append(cv.img)
    rgb, drawn = pictures
    assert drawn.mode == "P" and drawn.tobytes() == _mapped(rgb)


def _near_a_corner(x: int, y: int, boxes, reach: int = 10) -> bool:
    # a face's corners are rounded over 8 px; a card that may be picked has a 2-px outline
    return any(abs(x - cx) <= reach and abs(y - cy) <= reach
               for b in boxes for cx in (b.x - 2, b.x + b.w + 1)
               for cy in (b.y - 2, b.y + b.h + 1))


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_picture_differs_from_the_rgb_one_only_at_card_corners(game):
    # Where a card's rounded corner lies over another card's edge rather than over one
    # colour, its few blended pixels may differ by a shade; nowhere else.
    for moves in (0, 9, 21):
        state = _played(game, seed=11, moves=moves)
        for seat in range(PLAYERS[game]):
            scene = scene_of(state, seat)
            if scene.hand is None or not scene.hand.cards:
                continue
            drawn, layout = render_hand(scene, NAMES)
            rgb, rgb_layout = render_hand(scene, NAMES, on_palette=False)
            assert layout.boxes == rgb_layout.boxes
            cards = layout.of("hand-card")
            differ = _differing(drawn, rgb)
            assert all(_near_a_corner(x, y, cards) for x, y in differ), differ[:10]
            assert len(differ) <= 24 * len(cards)


CARD_KINDS = ("trick-card", "pile-card", "pile-back", "last-card", "turn-up", "chip")


@pytest.mark.parametrize("game", GAMES)
def test_the_table_picture_differs_from_the_rgb_one_only_at_card_corners(game):
    for moves in (0, 8, 17, 30):
        scene = scene_of(_played(game, seed=13, moves=moves), None)
        drawn, layout = render_table(scene, NAMES)
        rgb, rgb_layout = render_table(scene, NAMES, on_palette=False)
        assert layout.boxes == rgb_layout.boxes
        cards = [box for box in layout.boxes if box.kind in CARD_KINDS]
        differ = _differing(drawn, rgb)
        assert all(_near_a_corner(x, y, cards) for x, y in differ), differ[:10]
        assert len(differ) <= 24 * len(cards)


def test_a_finished_game_s_table_picture_on_the_palette():
    # the result box and its lines are drawn on the palette too (and a folded pile's badge)
    state = _played("coins", seed=2, moves=400)
    assert state.is_over
    scene = scene_of(state, None)
    drawn, layout = render_table(scene, NAMES)
    rgb, _ = render_table(scene, NAMES, on_palette=False)
    cards = [box for box in layout.boxes if box.kind in CARD_KINDS]
    assert layout.of("result")
    assert all(_near_a_corner(x, y, cards) for x, y in _differing(drawn, rgb))


def test_each_picture_reads_its_own_grounds_back():
    # The hand's background and the felt's rim map to one palette index (with today's
    # palette): what a hand picture blends over must not depend on a table picture
    # drawn before it.
    scene = scene_of(_played("piquet", seed=4, moves=3), 0)
    first = render_hand(scene, NAMES)[0]
    render_table(scene_of(_played("piquet", seed=4, moves=3), None), NAMES)
    assert render_hand(scene, NAMES)[0].tobytes() == first.tobytes()
    rgb, _ = render_hand(scene, NAMES, on_palette=False)
    assert len(_differing(first, rgb)) <= 24 * 12


def test_a_palette_picture_is_written_as_it_is():
    scene = scene_of(_played("coins", seed=3, moves=5), 0)
    drawn, _ = render_hand(scene, NAMES)
    back = Image.open(io.BytesIO(to_png(drawn)))
    back.load()
    assert back.mode == "P" and back.size == drawn.size
    assert back.tobytes() == drawn.tobytes()
    assert back.convert("RGB").tobytes() == drawn.convert("RGB").tobytes()
