"""Card art: faces, the table and hand pictures, their layout record, and secrecy."""

from __future__ import annotations

import hashlib
import itertools
import math
import pickle
import random

import pytest
from PIL import Image

import rules
from bot.present.art import (
    describe_hand,
    hand_key,
    hand_only,
    hand_picture,
    sprites,
    table_picture,
)
from bot.present.art.hand import render_hand
from bot.present.art.table import render_table
from rules.cards import DOUBLE_104, FRENCH_52, FRENCH_54, PIQUET_32, SPANISH_48
from tests.scenes import NAMES, scene_of

DECKS = (FRENCH_52, FRENCH_54, PIQUET_32, DOUBLE_104, SPANISH_48)
GAMES = sorted(rules.GAMES)
PLAYERS = {"coins": 3, "pinkerton": 4, "piquet": 2, "starshina": 3, "thirteens": 5}


def _all_cards() -> list[int]:
    return sorted({int(c) for deck in DECKS for c in deck.cards})


@pytest.mark.parametrize("size", sorted(sprites.SIZES))
def test_every_face_is_distinct_and_of_the_documented_size(size):
    cards = _all_cards()
    assert len(cards) == 54 + 48
    hashes = {}
    for c in cards + [sprites.BACK]:
        img = sprites.sprite(c, size)
        assert img.size == sprites.size_of(size)
        digest = hashlib.sha256(img.tobytes()).hexdigest()
        assert digest not in hashes, f"{c} looks like {hashes.get(digest)} at {size}"
        hashes[digest] = c


def test_the_two_jokers_differ_and_the_sprite_cache_stays_small():
    from rules.cards import JOKERS
    a, b = (sprites.sprite(int(j), "hand") for j in JOKERS)
    assert a.tobytes() != b.tobytes()
    for c in _all_cards():
        for size in sprites.SIZES:
            sprites.sprite(c, size)
    assert sprites.cache_bytes() <= 20 * 1024 * 1024


def test_rank_index_is_legible_at_table_size():
    """The index of a table-size card (72 px wide, about 1000 px picture) is >= 14 px high."""
    from rules.cards import CARD, code
    img = sprites.sprite(int(CARD[code(3, 13)]), "table")  # king of spades
    alpha_ink = [y for y in range(img.height // 3)
                 if any(sum(img.getpixel((x, y))[:3]) < 200 for x in range(4, 24))]
    assert alpha_ink, "no index drawn"
    # the first ink run from the top is the letter K
    run = [y for y in alpha_ink if y < alpha_ink[0] + 30]
    height = max(y for k, y in enumerate(run) if y == run[0] + k) - run[0] + 1
    assert height >= 14


def _played(game: str, seed: int, moves: int, want_trick: bool = False):
    """A state stacked by its seed after ``moves`` random moves (more until a trick shows)."""
    g = rules.get_game(game)
    n = PLAYERS[game]
    deck = list(reversed(g.deck.cards))[: n * 3]
    state = g.new_state(n, {}, seed=seed, deck=deck)
    rng = random.Random(seed)
    for k in range(400):
        if state.is_over:
            break
        if k >= moves:
            trick = scene_of(state, None).centre.trick
            if not want_trick or (trick is not None and len(trick.plays) >= min(2, n - 1)):
                break
        seat = state.current_seat
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return state


def _gap(a, b) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(a.x - (b.x + b.w), b.x - (a.x + a.w), 0)
    dy = max(a.y - (b.y + b.h), b.y - (a.y + a.h), 0)
    return math.hypot(dx, dy)


TRICK_GAMES = ("coins", "piquet", "starshina", "thirteens")


@pytest.mark.parametrize("game", TRICK_GAMES)
def test_each_trick_card_lies_in_front_of_its_player(game):
    state = _played(game, seed=5, moves=30, want_trick=True)
    scene = scene_of(state, None)
    img, layout = render_table(scene, NAMES, on_palette=False)  # pixels as drawn
    seats = {b.seat: b for b in layout.of("seat")}
    assert sorted(seats) == list(range(len(scene.seats)))
    cards = layout.of("trick-card")
    plays = scene.centre.trick.plays
    assert [(b.seat, b.key) for b in cards] == [(p.seat, c) for p in plays for c in p.cards]
    assert len(cards) >= min(2, len(scene.seats) - 1)
    for box in cards:
        nearest = min(seats.values(), key=lambda s: _gap(s, box))
        assert nearest.seat == box.seat, f"{box.key} of seat {box.seat} lies by {nearest.seat}"
        assert all(_gap(s, box) > 0 for s in seats.values()), "a card covers a seat"
        # pixel check: the middle of the card on the picture is the sprite's middle
        sprite = sprites.sprite(int(rules.get_game(game).deck.parse_card(box.key)), "table")
        mid = (sprite.width // 2, sprite.height // 2)
        assert img.getpixel((box.x + mid[0], box.y + mid[1])) == sprite.getpixel(mid)[:3]


@pytest.mark.parametrize("game", GAMES)
def test_each_seat_has_its_name_score_and_backs_in_its_box(game):
    state = _played(game, seed=7, moves=12)
    scene = scene_of(state, None)
    img, layout = render_table(scene, NAMES, on_palette=False)  # pixels as drawn
    for seat in scene.seats:
        (box,) = layout.of("seat", seat.index)
        (name,) = layout.of("name", seat.index)
        assert name.key == seat.name and box.contains(name)
        if seat.score is not None:   # one to three lines, broken between facts
            scores = layout.of("score", seat.index)
            assert 1 <= len(scores) <= 3 and all(box.contains(s) for s in scores)
            assert not any(s.key.endswith("·") or s.key.startswith("·") for s in scores)
        if seat.hand_count:
            backs = layout.of("backs", seat.index)
            assert backs and all(box.contains(b) for b in backs)
            # pixel check: a back shows its blue pattern inside the seat box
            b = backs[0]
            r, g, bl = img.getpixel((b.x + 5, b.y + b.h // 2))
            assert bl > r + 40
        (count,) = layout.of("hand-count", seat.index)
        assert count.key.startswith(str(seat.hand_count))
    movers = [s.index for s in scene.seats if s.to_move]
    for seat in scene.seats:
        (box,) = layout.of("seat", seat.index)
        edge = img.getpixel((box.x + 2, box.y + box.h // 2))
        assert (edge == (232, 170, 0)) == (seat.index in movers)


def test_last_trick_is_smaller_and_names_its_players():
    state = _played("coins", seed=5, moves=8, want_trick=True)
    scene = scene_of(state, None)
    _, layout = render_table(scene, NAMES)
    last = scene.centre.last_trick
    assert last is not None
    cards = layout.of("last-card")
    assert [(b.seat, b.key) for b in cards] == [(p.seat, c) for p in last.plays for c in p.cards]
    assert all(b.w < layout.of("trick-card")[0].w for b in cards)
    assert [b.key for b in layout.of("last-name")] == [NAMES[p.seat] for p in last.plays]


def test_pinkerton_centre_piles_and_talon_counts_are_drawn():
    state = _played("pinkerton", seed=3, moves=14)
    scene = scene_of(state, None)
    _, layout = render_table(scene, NAMES)
    faces = [p for p in scene.centre.piles if p.cards]
    assert faces
    # Each fan shows its newest cards, every index readable; older ones fold under a
    # "+n" badge when the row would not fit otherwise.
    drawn = [b.key for b in layout.of("pile-card")]
    folded = [int(b.key.lstrip("+")) for b in layout.of("pile-folded")]
    assert len(drawn) + sum(folded) == sum(len(p.cards) for p in faces)
    at = 0
    for p in faces:
        shown = [c for c in drawn[at:at + len(p.cards)] if c in p.cards]
        assert shown == list(p.cards[len(p.cards) - len(shown):])
        at += len(shown)
    steps = [b2.x - b1.x for b1, b2 in itertools.pairwise(layout.of("pile-card"))
             if 0 < b2.x - b1.x < 40]
    assert all(step >= 18 for step in steps)   # a full step of its size: never squeezed
    labels = [b.key for b in layout.of("pile-label")]
    assert labels == [p.label for p in scene.centre.piles if p.cards or p.face_down]
    piquet = scene_of(_played("piquet", seed=3, moves=0), None)
    _, playout = render_table(piquet, NAMES)
    talon = [p for p in piquet.centre.piles if p.face_down]
    assert talon and playout.of("pile-back")


def test_turn_up_card_is_shown():
    state = _played("thirteens", seed=2, moves=3)
    scene = scene_of(state, None)
    _, layout = render_table(scene, NAMES)
    from bot.present import text as tx
    named = [c for f in scene.headline for c in tx.cards_in(f.value)]
    assert named and [b.key for b in layout.of("turn-up")] == named[:1]


@pytest.mark.parametrize("game", GAMES)
def test_hand_picture_numbers_the_legal_cards_in_menu_order(game):
    state = _played(game, seed=11, moves=10)
    seat = state.current_seat
    scene = scene_of(state, seat)
    img, layout = render_hand(scene, NAMES)
    cards = layout.of("hand-card")
    assert sorted(b.key for b in cards) == sorted(scene.hand.cards)
    form = next((f for f in scene.hand.forms if f.cards), None)
    badges = layout.of("badge")
    if form is None:
        assert not badges
        return
    assert [b.key for b in badges] == [f"{n}:{c}" for n, c in enumerate(form.cards, start=1)]
    used = set()
    for badge in badges:
        code = badge.key.split(":")[1]
        under = [k for k, b in enumerate(cards) if b.key == code and k not in used
                 and b.x <= badge.centre[0] <= b.x + b.w and b.y > badge.y]
        assert under, f"badge {badge.key} is over no such card"
        used.add(under[0])
        assert cards[under[0]].y < cards[-1].y + 20  # raised (or level when all are legal)


def test_pictures_refuse_the_wrong_scene():
    state = _played("coins", seed=1, moves=2)
    with pytest.raises(ValueError, match="spectator"):
        render_table(scene_of(state, 0), NAMES)
    with pytest.raises(ValueError, match="own scene"):
        render_hand(scene_of(state, None), NAMES)


def _swap_hidden(state, viewer: int):
    """The same state with a card of one other seat swapped with another hidden card."""
    world = state.clone()
    others = [s for s in range(state.n) if s != viewer and world.hands[s]]
    a = others[0]
    if len(others) > 1:
        b_cards = world.hands[others[1]]
    else:
        b_cards = world.talon
    i = 0
    j = next(k for k, c in enumerate(b_cards) if c != world.hands[a][i])
    world.hands[a][i], b_cards[j] = b_cards[j], world.hands[a][i]
    world._version += 1
    return world


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("moves", [0, 9, 25])
def test_no_hidden_card_reaches_a_picture(game, moves):
    state = _played(game, seed=13, moves=moves)
    viewer = 0
    swapped = _swap_hidden(state, viewer)
    assert swapped.to_json() != state.to_json()
    for seat in (None, viewer):
        before, after = scene_of(state, seat), scene_of(swapped, seat)
        draw = table_picture if seat is None else hand_picture
        if seat is not None and before.hand is None:
            continue
        assert draw(before, NAMES).png == draw(after, NAMES).png


@pytest.mark.parametrize("game", GAMES)
def test_pictures_are_small_palette_pngs_with_a_description(game):
    state = _played(game, seed=17, moves=20)
    pic = table_picture(scene_of(state, None), NAMES)
    assert pic.png[:8] == b"\x89PNG\r\n\x1a\n" and len(pic.png) <= 150 * 1024
    assert pic.png[25] == 3  # colour type 3: palette
    assert NAMES[0] in pic.description and len(pic.description) <= 1024
    seat = state.current_seat
    hand = hand_picture(scene_of(state, seat), NAMES)
    assert len(hand.png) <= 150 * 1024 and hand.description.startswith("Your hand: ")


def test_polish_and_cyrillic_letters_have_real_glyphs():
    f = sprites.font(16)

    def mask(s: str) -> bytes:
        return Image.frombytes("L", f.getmask(s).size, bytes(f.getmask(s))).tobytes()

    missing = mask("\ufffe")  # a noncharacter: the font draws its notdef box
    for letter in "ŁłąęśżźćńóИванЖ":
        assert mask(letter) and mask(letter) != missing, letter
    assert mask("Ł") != mask("L")


def test_polish_and_cyrillic_names_stay_inside_their_seat_boxes():
    names = ("Łukasz", "Иван Ж", "Źdźbło", "Жанна", "Ślęża", "Юлия", "Gżegżółka", "Щукин")
    state = _played("thirteens", seed=7, moves=8)
    scene = scene_of(state, None, names)
    _, layout = render_table(scene, names)
    for seat in scene.seats:
        (box,) = layout.of("seat", seat.index)
        (name,) = layout.of("name", seat.index)
        assert name.key == seat.name and box.contains(name)


def test_a_hand_picture_is_drawn_once_per_hand():
    # Panels show one hand several times (opened, answered, refreshed): drawn once.
    state = _played("coins", seed=11, moves=10)
    seat = state.current_seat
    first = hand_picture(scene_of(state, seat), NAMES)
    assert hand_picture(scene_of(state, seat), NAMES) is first
    other = (seat + 1) % 3
    assert hand_picture(scene_of(state, other), NAMES).digest != first.digest


@pytest.mark.parametrize(("lang", "words"), [("pl", "Twoje karty: "), ("ru", "Ваши карты: ")])
def test_the_hand_picture_header_speaks_the_scene_language(lang, words):
    from bot.present import present
    state = _played("thirteens", seed=3, moves=4)
    other = (state.current_seat + 1) % 3
    scene = present(state.view(other), NAMES, lang=lang)
    _, layout = render_hand(scene, NAMES)
    header = layout.of("hand-header")[0].key
    assert header.startswith(words) and "hand" not in header and "turn" not in header, header


def test_sprites_are_pasted_with_the_same_pixels_as_through_their_alpha():
    """``sprites.paste`` copies the opaque rows and blends only the corner rows: the
    result must be what ``Image.paste(img, xy, img)`` gives, on any background."""
    from bot.present.art.canvas import chip_for
    faces = [sprites.sprite(int(c), size) for c in itertools.islice(SPANISH_48.cards, 0, 48, 7)
             for size in ("table", "small", "hand", "tiny")]
    others = [sprites.back("hand"), sprites.back("tiny"), sprites.dimmed(int(FRENCH_54.cards[3])),
              chip_for(int(FRENCH_54.cards[9]), 16)]
    rng = random.Random(5)
    for img in faces + others:
        ground = Image.new("RGB", (img.width + 20, img.height + 20))
        ground.putdata([tuple(rng.randrange(256) for _ in range(3))
                        for _ in range(ground.width * ground.height)])
        for xy in ((0, 0), (7, 13)):
            expected, got = ground.copy(), ground.copy()
            expected.paste(img, xy, img)
            sprites.paste(got, img, xy)
            assert got.tobytes() == expected.tobytes()


def test_the_png_is_a_valid_palette_png_of_the_mapped_picture():
    """``to_png`` writes the PNG itself (ISA-L's deflate): a decoder reads back exactly
    the picture mapped onto the shared palette."""
    import io

    from bot.present.art.encode import palette, to_png
    img, _ = render_table(scene_of(_played("coins", seed=3, moves=12), None), on_palette=False)
    png = to_png(img)
    back = Image.open(io.BytesIO(png))
    back.load()
    assert back.format == "PNG" and back.mode == "P" and back.size == img.size
    mapped = img.quantize(palette=palette(), dither=Image.Dither.NONE)
    assert back.convert("RGB").tobytes() == mapped.convert("RGB").tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_only_scene_draws_the_same_hand_picture(game):
    # What a worker process is sent (art.hand_only) draws what the whole scene draws.
    for moves in (0, 7, 19):
        state = _played(game, seed=5, moves=moves)
        for seat in range(PLAYERS[game]):
            whole = scene_of(state, seat)
            cut = hand_only(whole)
            assert hand_key(cut, NAMES) == hand_key(whole, NAMES)
            assert describe_hand(cut, NAMES) == describe_hand(whole, NAMES)
            assert render_hand(cut, NAMES)[0].tobytes() == render_hand(whole, NAMES)[0].tobytes()
            assert len(pickle.dumps(cut)) < len(pickle.dumps(whole))
