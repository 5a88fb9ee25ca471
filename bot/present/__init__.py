"""The presentation layer: engine views -> transport-neutral scenes.

``present(view, names, ...)`` is the one place that turns a view into what a
person reads; Discord, the terminal and the pictures render its ``Scene``.
See ``bot/present/scene.py`` for the scene and its marked-up text.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import Presenter, presenter_for
from .scene import Scene


def present(view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
            legal: Sequence[str] = (), recent: int = 8) -> Scene:
    """The scene of an engine view (``view["game"]`` picks the presenter)."""
    return presenter_for(view["game"]).scene(view, names, forms=forms, legal=legal,
                                             recent=recent)


__all__ = ["Presenter", "Scene", "present", "presenter_for"]
