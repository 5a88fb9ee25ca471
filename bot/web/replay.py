"""A finished game's replay as JSON for the web page (``GET /api/replay/<game_id>``).

Built from the stored record like ``parlour replay`` (``bot/core/replay.py``: the seed and
the action log): one step per move, each with the move, the public events it brought and the
public scene after it, in the reader's language and the scene markup of the protocol
(``{pN}`` names, ``{c:CODE}`` cards).  With ``reveal`` every seat's hand is added to each
step: only for a player of that game, which the caller checks.
"""

from __future__ import annotations

from typing import Any

from rules.base import State

from ..core.replay import Replay
from ..i18n import Lang
from ..present import present
from ..present.base import player_name
from . import protocol as p


def _fresh(state: State, shown: int) -> tuple[int, int]:
    """How many public events are new since event number ``shown``, and the newest one."""
    events = state.view(None)["events"]
    fresh = sum(1 for e in events if e["n"] > shown)
    return fresh, (events[-1]["n"] if events else shown)


def _step(state: State, names: list[str], lang: Lang, shown: int, reveal: bool,
          version: int, move: dict | None) -> tuple[dict, int]:
    fresh, newest = _fresh(state, shown)
    scene = present(state.view(None), names, recent=max(fresh, 1), lang=lang)
    step: dict[str, Any] = {"version": version, "move": move,
                            "events": list(scene.events[-fresh:]) if fresh else [],
                            "scene": p.scene_json(scene)}
    if reveal:
        hands = []
        for seat in range(len(names)):
            mine = present(state.view(seat), names, recent=0, lang=lang).hand
            hands.append(list(mine.cards) if mine is not None else [])
        step["hands"] = hands
    return step, newest


def replay_json(replay: Replay, lang: Lang, *, reveal: bool = False) -> dict:
    r = replay.record
    names = [player_name(pl, lang) for pl in r.players]
    state = replay.initial_state()
    first, shown = _step(state, names, lang, 0, reveal, 0, None)
    steps = [first]
    for s in replay.steps():
        move = {"seat": s.seat, "action": s.action, "by": s.actor}
        step, shown = _step(s.state, names, lang, shown, reveal, s.move, move)
        steps.append(step)
    return {"game": r.game, "game_id": r.game_id, "names": names, "reveal": reveal,
            "steps": steps,
            "result": {"ranks": list(r.ranks), "scores": r.scores, "reason": r.reason,
                       "winners": [names[i] for i, rank in enumerate(r.ranks) if rank == 1]}}


def players_of(replay: Replay) -> set[int]:
    """The people (user ids) who played that game."""
    return {int(pl["user_id"]) for pl in replay.record.players if pl.get("user_id")}


__all__ = ["players_of", "replay_json"]
