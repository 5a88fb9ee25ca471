"""The presentation layer: engine views -> transport-neutral scenes.

``present(view, names, ...)`` is the one place that turns a view into what a
person reads; Discord, the terminal and the pictures render its ``Scene``.
See ``bot/present/scene.py`` for the scene and its marked-up text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import Lang
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


__all__ = ["Presenter", "Scene", "present", "presenter_for"]
