"""Pictures of a scene: the table for the public board, the hand for a private panel.

``table_picture(scene, names)`` draws a spectator's scene, ``hand_picture(scene,
names)`` a seat's own scene; both return a ``Picture`` (PNG bytes, a digest to
tell whether it changed, and a description for screen readers).  Drawing
knows only the scene - never a view - so a picture can show no more than the
scene it comes from.  See ``sprites`` (card faces), ``canvas`` (the layout
record), ``table``, ``hand`` and ``encode``.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rules.lang import card_name

from ... import plugins
from ...i18n import lang_for
from .. import text as tx
from ..scene import CentreScene, Scene
from .canvas import Layout
from .encode import palette, to_png
from .hand import card_form, render_hand
from .table import render_table

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
DESCRIPTION_LIMIT = 1000   # Discord allows 1024 characters of alt text


@dataclass(frozen=True)
class Picture:
    png: bytes
    digest: str          # changes exactly when the picture does
    description: str     # alt text for screen readers
    layout: Layout
    filename: str
    key: tuple = field(default=(), compare=False)   # what it shows (hand_key), if known


def _picture(img, layout: Layout, description: str, filename: str) -> Picture:
    png = to_png(img)
    return Picture(png, hashlib.sha1(png).hexdigest()[:16], description[:DESCRIPTION_LIMIT],
                   layout, filename)


def table_picture(scene: Scene, names: Sequence[str] | None = None) -> Picture:
    names = list(names or [s.name for s in scene.seats])
    img, layout = render_table(scene, names)
    return _picture(img, layout, describe_table(scene, names), TABLE_FILE)


# A player's panel shows one hand several times (opened, answered, refreshed, reopened):
# the picture depends only on the hand part of the scene, so it is drawn once.  Bounded:
# a hand picture is ~20 KB of PNG.
HAND_CACHE_SIZE = 256
_hands: OrderedDict[tuple, Picture] = OrderedDict()
_hands_lock = threading.Lock()


def hand_key(scene: Scene, names: Sequence[str] | None = None) -> tuple:
    """What the hand picture of ``scene`` shows: equal keys, equal pictures.  Not the
    whole hand scene: its private lines and move prompts change from trick to trick while
    the picture stays the same."""
    names = list(names or [s.name for s in scene.seats])
    hand, form = scene.hand, card_form(scene)
    assert hand is not None  # a hand picture is of a scene with the viewer's hand
    return (scene.game, scene.lang, scene.viewer, hand.cards, hand.groups, hand.your_turn,
            form.cards if form is not None else None,
            hand.forms[0].prompt if hand.forms else None, tuple(names))


def hand_only(scene: Scene) -> Scene:
    """``scene`` cut down to what its hand picture shows (what ``hand_key`` covers), to
    be drawn from with the seats' ``names`` given: what goes to a worker process, a
    sixth of the whole scene to pickle on the event loop."""
    return Scene(game=scene.game, title="", phase="", headline=(), seats=(),
                 centre=_NO_CENTRE, events=(), to_move=None, viewer=scene.viewer,
                 hand=scene.hand, lang=scene.lang)


_NO_CENTRE = CentreScene()


def hand_picture(scene: Scene, names: Sequence[str] | None = None) -> Picture:
    names = list(names or [s.name for s in scene.seats])
    key = hand_key(scene, names)
    with _hands_lock:   # panels draw on the event loop, DMs maybe in the painter's thread
        cached = _hands.get(key)
        if cached is not None:
            _hands.move_to_end(key)
            return cached
    img, layout = render_hand(scene, names)
    picture = replace(_picture(img, layout, describe_hand(scene, names), HAND_FILE), key=key)
    with _hands_lock:
        _hands[key] = picture
        if len(_hands) > HAND_CACHE_SIZE:
            _hands.popitem(last=False)
    return picture


def warm_up() -> None:
    """Draw every card face and build the shared palette now, not on the first picture."""
    palette()


def ready() -> bool:
    """True once the faces and the palette exist (``warm_up`` ran): until then a picture
    costs over a second, too long for code that answers an interaction."""
    return palette.cache_info().currsize > 0


def _card_name(code: str, deck, lang: str = "en") -> str:
    try:
        return card_name(deck.parse_card(code), lang)
    except ValueError:
        return code


def describe_table(scene: Scene, names: Sequence[str]) -> str:
    """The table picture in words (in the scene's language): phase, whose turn, the
    trick, the piles, the seats."""
    deck = plugins.engine(scene.game).deck
    lang = lang_for(scene.lang)

    def card(c: str) -> str:
        return _card_name(c, deck, scene.lang)

    def plain(s: str) -> str:
        return tx.render(s, lambda i: tx.name_of(names, i), card)

    out = [lang._("{title}, {phase}.", title=scene.title, phase=plain(scene.phase))]
    if scene.to_move is not None:
        out.append(lang._("{name} to play.", name=tx.name_of(names, scene.to_move)))
    c = scene.centre
    for trick in (c.trick, c.last_trick):
        if trick is not None and trick.plays:
            plays = "; ".join(f"{tx.name_of(names, p.seat)} "
                              + ", ".join(card(x) for x in p.cards)
                              for p in trick.plays)
            out.append(f"{trick.label}: {plays}.")
    for pile in c.piles:
        shown = ", ".join(card(x) for x in pile.cards)
        count = (lang.n_("{n} face down", "{n} face down", pile.face_down)
                 if pile.face_down else "")
        out.append(f"{pile.label}: {', '.join(b for b in (shown, count) if b)}.")
    if scene.result is not None and scene.result.lines:
        out.append(lang._("Result: {result}.",
                          result="; ".join(plain(line) for line in scene.result.lines)))
    for seat in scene.seats:
        bits = [seat.name]
        if seat.score is not None:
            bits.append(lang._("score {score}", score=plain(seat.score)))
        if seat.hand_count is not None:
            bits.append(lang.n_("{n} card in hand", "{n} cards in hand", seat.hand_count))
        out.append(", ".join(bits) + ".")
    return " ".join(out)


def describe_hand(scene: Scene, names: Sequence[str]) -> str:
    deck = plugins.engine(scene.game).deck
    lang = lang_for(scene.lang)
    hand = scene.hand
    assert hand is not None  # described only for a scene with the viewer's hand
    text = lang._("Your hand: {cards}.", cards=", ".join(
        _card_name(c, deck, scene.lang) for c in hand.cards))
    form = card_form(scene)
    if form is not None:
        text += " " + lang._("You may pick: {cards}.", cards=", ".join(
            f"{n}. {_card_name(c, deck, scene.lang)}"
            for n, c in enumerate(form.cards, start=1)))
    return text


__all__ = ["HAND_FILE", "TABLE_FILE", "Picture", "describe_hand", "describe_table", "hand_key",
           "hand_picture", "ready", "table_picture", "warm_up"]
