"""The screenshots of docs/ACTIVITY.md ("What a player sees"): ``python -m tests.screenshots``
(Debian's chromium; writes docs/activity/*.png, desktop 1280x800 and mobile 390x844)."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from bot.web.protocol import offered
from tests.browser import DESKTOP, MOBILE, browser_table, play_by_clicks, wait_version
from tests.test_core_helpers import BOB, HOST, make_table, running_core

OUT = Path(__file__).resolve().parent.parent / "docs" / "activity"
GAMES = [("piquet", ("easy",), {}), ("coins", ("easy", "easy"), {}),
         ("starshina", ("easy", "easy"), {}), ("pinkerton", ("easy", "easy", "easy"), {}),
         ("thirteens", ("easy",) * 4, {})]
SIZES = {"desktop": DESKTOP, "mobile": MOBILE}


async def shoot(seen, name: str) -> None:
    await seen.page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)


async def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for game, ais, options in GAMES:
        with tempfile.TemporaryDirectory() as d:
            async with running_core(Path(d)) as env:
                await make_table(env.core, game, ais=ais, options=options, seed=7)
                async with browser_table(env.core) as b:
                    for size, viewport in SIZES.items():
                        seen = await b.open(HOST, viewport=viewport)
                        await wait_version(seen, None)
                        await shoot(seen, f"{game}-{size}")
                        if game == "piquet":
                            picks = [m for m in offered(seen.last) if m["args"]]
                            for code in picks[-1]["args"][:3]:
                                await seen.page.locator(
                                    f'.hand-cards button.card[data-card="{code}"]').click()
                            await shoot(seen, f"piquet-exchange-{size}")
                            await seen.page.locator(".confirm-row button:not(.confirm)").click()
                            await seen.page.locator("button.hint").click()
                            await seen.page.locator(".hint-text").wait_for(timeout=60000)
                            await shoot(seen, f"hint-{size}")
                        if game == "coins":
                            watcher = await b.open(BOB, viewport=viewport)
                            await wait_version(watcher, None)
                            await shoot(watcher, f"spectator-{size}")
                        await seen.page.context.close()
    for size, viewport in SIZES.items():
        with tempfile.TemporaryDirectory() as d:
            async with running_core(Path(d)) as env:
                await make_table(env.core, "coins", ais=("easy", "easy"),
                                 options={"target": 10}, seed=7)
                async with browser_table(env.core) as b:
                    seen = await b.open(HOST, viewport=viewport)
                    await play_by_clicks(seen)
                    await shoot(seen, f"game-over-{size}")
                    (row,) = await env.core.store.fetchall("SELECT id FROM games")
                    page = await seen.page.context.new_page()
                    await page.goto(f"{b.base}/replay/{row['id']}")
                    for _ in range(7):
                        await page.locator(".replay-nav button").nth(1).click()
                    await page.screenshot(path=str(OUT / f"replay-{size}.png"), full_page=True)


if __name__ == "__main__":
    asyncio.run(main())
