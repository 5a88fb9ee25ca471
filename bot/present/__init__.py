"""The presentation layer: engine views -> transport-neutral scenes.

``present(view, names, ...)`` is the one place that turns a view into what a
person reads; Discord, the terminal and the pictures render its ``Scene``.
See ``bot/present/scene.py`` for the scene and its marked-up text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import Lang
from rules.actions import Action
from rules.base import State
from rules.views import View, game_fields

from .base import Presenter, presenter_for
from .scene import Scene


def present(view: View, names: Sequence[str], *, forms: Sequence[dict] = (),
            legal: Sequence[str] = (), recent: int = 8, lang: Lang | str | None = None) -> Scene:
    """The scene of an engine view (``view["game"]`` picks the presenter) in ``lang``
    (a ``Lang`` or a locale code; English when None)."""
    p = presenter_for(view["game"], lang)
    scene = p.scene(game_fields(view), names, forms=forms, legal=legal, recent=recent)
    return replace(scene, lang=p.lang.code)


def seat_scene(state: State, seat: int | None, names: Sequence[str], *, moving: bool = True,
               recent: int = 8, lang: Lang | str | None = None
               ) -> tuple[Scene, tuple[Action, ...]]:
    """What ``seat`` (None: a spectator) sees of ``state`` and may do now: the scene of its
    view with the move forms, and its legal moves (none when it is not the seat's turn, or
    not ``moving``: the AI plays the seat).  The one place a view, its forms and the legal
    moves make a scene (``bot/seat.py`` serves it to every transport)."""
    legal: tuple[Action, ...] = ()
    if moving and seat is not None and not state.is_over and state.current_seat == seat:
        legal = tuple(state.legal_actions(seat))
    forms = state.action_forms(seat) if legal and seat is not None else []
    scene = present(state.view(seat), names, forms=forms, legal=[str(a) for a in legal],
                    recent=recent, lang=lang)
    return scene, legal


# The daily deal's terms (its title and score in a refusal) are worded by present/daily.py.
from . import daily as _daily  # noqa: E402, F401

__all__ = ["Presenter", "Scene", "present", "presenter_for", "seat_scene"]
