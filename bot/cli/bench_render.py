"""``parlour bench render``: how long the table and hand pictures take, and how big they are.

CPU time of this thread (one core, whatever else the machine runs) per
picture: drawing, PNG encoding, and both together; the PNG sizes; the sprite
and text caches.  A benchmark prints figures; nothing here fails on time.
"""

from __future__ import annotations

import argparse
import time


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def run_render(args: argparse.Namespace) -> int:
    from bot import plugins
    from bot.present.art import canvas, sprites
    from bot.present.art.encode import palette, to_png
    from bot.present.art.hand import render_hand
    from bot.present.art.positions import positions, scene_of
    from bot.present.art.table import render_table

    clock = time.thread_time
    t0 = clock()
    palette()  # builds every face once, as the first picture of a process would
    print(f"first use (all faces drawn, palette built): {1000 * (clock() - t0):.0f} ms CPU")
    games = args.game or plugins.names()
    print(f"{'picture':<18}{'draw p50':>9}{'p95':>7}{'encode p95':>11}{'total p50':>10}"
          f"{'p95':>7}{'PNG max':>9}{'mean':>7}")
    for picture in ("table", "hand"):
        for game in games:
            draw, enc, total, sizes = [], [], [], []
            for state in positions(game, args.positions, seed=args.seed):
                seat = None if picture == "table" else state.current_seat
                if seat is not None and state.is_over:
                    continue
                scene = scene_of(state, seat)
                if picture == "hand" and scene.hand is None:
                    continue
                render = render_table if picture == "table" else render_hand
                a = clock()
                img, _ = render(scene)
                b = clock()
                png = to_png(img)
                c = clock()
                draw.append(b - a)
                enc.append(c - b)
                total.append(c - a)
                sizes.append(len(png))
            ms = 1000
            label = f"{picture} {game}"
            print(f"{label:<18}{ms * _pct(draw, .5):>9.1f}{ms * _pct(draw, .95):>7.1f}"
                  f"{ms * _pct(enc, .95):>11.1f}{ms * _pct(total, .5):>10.1f}"
                  f"{ms * _pct(total, .95):>7.1f}{max(sizes) / 1024:>8.0f}K"
                  f"{sum(sizes) / len(sizes) / 1024:>6.0f}K")
    print(f"sprite cache: {sprites.cache_bytes() / 2**20:.1f} MiB; "
          f"text cache: {canvas.cache_bytes() / 2**20:.1f} MiB")
    return 0


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", action="append", help="a game (repeatable; default: all)")
    p.add_argument("--positions", type=int, default=200, help="positions per game (default 200)")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=run_render)
