"""The table picture's layout over random positions of every game, in every language.

Each picture's layout record is checked by ``tests/art_layout.problems``: every text
inside its box, no card over a seat box, captions and results whole, names whole or
cut with an ellipsis the same way everywhere.  Positions come from seeded random play
of whole games (the final position included, with its result), and from hypothesis.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from bot.i18n import lang_for
from bot.present import present
from bot.present.art.canvas import Canvas, fit, ink_width
from bot.present.art.table import render_table
from bot.present.base import seat_label
from rules.cards import FRENCH_52
from tests.art_layout import problems

GAMES = sorted(rules.GAMES)
LANGS = ("en", "pl", "ru")
PLAYERS = {"coins": 3, "pinkerton": 4, "piquet": 2, "starshina": 3, "thirteens": 5}
# The names Discord gives seats: AI seats with their level, long and short human names,
# Polish and Cyrillic letters.
NAMES = ("Basil (AI, easy)", "Ada (AI, normal)", "Клара Длиннофамильная",
         "Gżegżółka Brzęczyszczykiewicz", "Edith (AI, hard)", "Jo", "Łucja", "Felix (AI, hard)")


def _names(lang: str, seed: int, n: int) -> list[str]:
    rotated = NAMES[seed % len(NAMES):] + NAMES[:seed % len(NAMES)]
    out = []
    for name in (rotated * 2)[:n]:
        level = name.removesuffix(")").split(", ")[-1] if "(AI, " in name else None
        own = name.split(" (")[0] if level else None     # the AI seat's own name, as stored
        out.append(seat_label(name, "ai" if level else "human", level, lang_for(lang),
                              ai_name=own))
    return out


def _check(state, names: list[str], lang: str) -> list[str]:
    scene = present(state.view(None), names, lang=lang, recent=8)
    _, layout = render_table(scene, names)
    return problems(layout, names)


def _game(game: str, seed: int, n: int | None = None, options: dict | None = None):
    """Every position of a seeded random game of ``game``, to its end."""
    rng = random.Random(seed)
    state = rules.get_game(game).new_state(n or PLAYERS[game], options or {}, seed=seed)
    yield state
    while not state.is_over:
        seat = state.current_seat
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        yield state


# Every game with every number of players and variant it has (five seats crowd the oval,
# six leave no corner free for the turn-up).
CONFIGS = [(name, n, opts) for name, g in sorted(rules.GAMES.items())
           for n, opts in g.configurations()]
CONFIG_IDS = [f"{name}-{n}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "default")
              for name, n, o in CONFIGS]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "n", "options"), CONFIGS, ids=CONFIG_IDS)
def test_every_picture_of_a_whole_random_game_keeps_its_layout(game, n, options, lang):
    checked = 0
    seed = CONFIGS.index((game, n, options)) + LANGS.index(lang)
    names = _names(lang, seed, n)
    for k, state in enumerate(_game(game, seed, n, options)):
        if k % 13 == 0 or state.is_over:
            found = _check(state, names, lang)
            assert not found, f"{game} {n}p {options} seed {seed} move {k} ({lang}): {found[:5]}"
            checked += 1
    assert state.is_over   # the final position, with its result, was checked
    assert checked >= 3


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), lang=st.sampled_from(LANGS),
       seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 400),
       names=st.lists(st.text(st.characters(codec="utf-8", categories=("L", "Zs", "Nd")),
                              min_size=1, max_size=40).map(str.strip).filter(bool),
                      min_size=6, max_size=6))
def test_any_position_with_any_names_keeps_its_layout(config, lang, seed, moves, names):
    """Random positions and random names (any letters, up to 40 characters)."""
    game, n, options = config
    position = None
    for k, position in enumerate(_game(game, seed, n, options)):  # noqa: B007  (the one reached)
        if k >= moves:
            break
    assert position is not None
    found = _check(position, names[:n], lang)
    assert not found, found[:5]


def test_a_name_is_cut_the_same_way_in_a_seat_box_and_under_the_last_trick():
    # The outside client saw "Basil (" and "Ada (AI" under the last trick and
    # "Ada (ИИ, лёгки…" in a seat box: a name is whole, or cut by ``fit`` at a word's
    # letter with an ellipsis, wherever it is drawn.
    names = _names("ru", 0, 3)
    names[1] = "Gżegżółka Brzęczyszczykiewicz-Długonazwiskowa"
    for state in _game("coins", 4):
        scene = present(state.view(None), names, lang="ru", recent=8)
        if scene.centre.last_trick is not None and len(scene.centre.last_trick.plays) == 3:
            break
    _, layout = render_table(scene, names)
    assert not problems(layout, names)
    seat_name = layout.of("name", 1)[0]
    under = [b for b in layout.of("last-name") if b.seat == 1]
    assert seat_name.cut and seat_name.key.endswith("…")
    assert under and under[0].cut and under[0].key.endswith("…")
    assert names[1].startswith(seat_name.key[:-1]) and names[1].startswith(under[0].key[:-1])
    # AI names stay whole in Russian, in the box and under the trick
    ai = next(b for b in layout.of("name") if "ИИ" in b.key)
    assert not ai.cut and ai.key == names[ai.seat]


def test_fit_cuts_by_the_ink_and_keeps_what_fits():
    assert fit("Ada", 200, 19, True) == "Ada"
    cut = fit("Ada (ИИ, нормальный) и ещё что-то длинное", 150, 19, True)
    assert cut.endswith("…") and ink_width(cut, 19, True) <= 150
    assert not cut[:-1].endswith((" ", ","))


def test_a_line_that_does_not_fit_ends_in_an_ellipsis_and_says_so():
    cv = Canvas((400, 200), (0, 0, 0), FRENCH_52, ["Ann"])
    cv.rich(0, 0, "one two three four five six seven eight nine ten eleven", 15, 120,
            kind="event", max_lines=2)
    (box,) = cv.layout.of("event")
    assert box.cut and box.w <= 120
    cv.rich(0, 100, "{p0} leads {c:QH}.", 15, 300, kind="event", max_lines=1)
    whole = cv.layout.of("event")[1]
    assert not whole.cut and cv.layout.of("chip")


def _hand_problems(layout) -> list[str]:
    """The hand picture: everything inside it, the header whole and over no card."""
    out = [f"{b.kind} {b.key!r} leaves the picture" for b in layout.boxes
           if b.x < 0 or b.y < 0 or b.x + b.w > layout.width or b.y + b.h > layout.height]
    (header,) = layout.of("hand-header")
    if header.cut:
        out.append(f"the header {header.key!r} is cut")
    out += [f"the header overlaps {b.kind} {b.key!r}" for b in layout.boxes
            if b is not header and b.kind != "chip" and header.meets(b)]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("game", "n", "options"), CONFIGS, ids=CONFIG_IDS)
def test_every_hand_picture_of_a_random_game_says_its_header_whole(game, n, options, lang):
    # The header ("Your hand: 2 cards. Play a card. You must follow suit.") was cut at
    # one line on a narrow hand picture; it takes a second line now.
    from bot.present.art.hand import render_hand
    seed = CONFIGS.index((game, n, options))
    names = _names(lang, seed, n)
    checked = 0
    for k, state in enumerate(_game(game, seed, n, options)):
        if k % 7 or state.is_over:
            continue
        seat = state.current_seat
        scene = present(state.view(seat), names, forms=state.action_forms(seat),
                        legal=[str(a) for a in state.legal_actions(seat)], lang=lang)
        if scene.hand is None:
            continue
        _, layout = render_hand(scene, names)
        found = _hand_problems(layout)
        assert not found, f"{game} {n}p move {k} ({lang}): {found[:3]}"
        checked += 1
    assert checked >= 3
