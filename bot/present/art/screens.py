"""Screenshots of every game's board picture and of one hand panel, for the docs.

    python -m bot.present.art.screens docs/pictures

writes ``table-<game>.png`` for each game (a seeded position mid-deal, drawn
from the spectator's scene) and ``hand-<game>.png`` for the first game's
player to move, ``table-starshina-ru.png``: a Russian board with Russian and
Polish names, to show the shipped font's Cyrillic and Polish letters, and
``table-thirteens-over.png``: a finished game's final table with its result.  The
positions are seeded, so the files only change when the drawing does.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ... import plugins
from .. import present
from . import hand_picture, table_picture
from .positions import NAMES, finished, scene_of, showcase

HAND_GAME = "thirteens"
OVER_GAME = "thirteens"   # the game-over screenshot
# The non-English screenshot: Starshina in Russian, names in Cyrillic and Polish.
LOCAL = ("starshina", "ru", ("Иван Ж", "Łukasz", "Ольга", "Źdźisław", "Юлия", "Gżegżółka"))


def _narrowed(game: str):
    """A position where the player to move may play only some of their cards (seat 0)."""
    for seed in range(4, 60):
        state = showcase(game, seed)
        scene = scene_of(state, state.current_seat)
        form = next((f for f in scene.hand.forms if f.cards), None) if scene.hand else None
        if state.current_seat == 0 and form and scene.hand and \
                1 < len(form.cards) < len(scene.hand.cards):
            return state
    return showcase(game)


def make(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game in plugins.names():
        state = showcase(game)
        pic = table_picture(scene_of(state, None), NAMES)
        path = out / f"table-{game}.png"
        path.write_bytes(pic.png)
        written.append(path)
        if game == HAND_GAME:
            hand = hand_picture(scene_of(_narrowed(game), 0), NAMES)
            path = out / f"hand-{game}.png"
            path.write_bytes(hand.png)
            written.append(path)
    pic = table_picture(scene_of(finished(OVER_GAME), None), NAMES)
    path = out / f"table-{OVER_GAME}-over.png"
    path.write_bytes(pic.png)
    written.append(path)
    game, lang, names = LOCAL
    pic = table_picture(present(showcase(game).view(None), names, lang=lang), names)
    path = out / f"table-{game}-{lang}.png"
    path.write_bytes(pic.png)
    written.append(path)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bot.present.art.screens OUT_DIR", file=sys.stderr)
        return 2
    for path in make(Path(argv[0])):
        print(f"{path} ({path.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
