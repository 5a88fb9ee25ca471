"""Watch the real bot play on the fake Discord: ``python -m tests.fakediscord.demo [GAME]``.

Starts the loopback fake Discord, runs the bot through the same code path as
``parlour run`` (``bot.cli.run.serve``) and lets simulated users open a table,
join, and play a short game: alice types ``/play`` (with autocomplete) and
uses the hand panel; dave has DMs closed and plays through the panel only.
Prints what the channel showed, what alice got by DM and dave's last panel,
then shuts the bot down.  Exits by itself (time limit: 120 s).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from pathlib import Path

from bot.cli.run import build_bot, serve
from bot.discordbot import BotConfig

from .fixtures import build_scene
from .limits import walk_components
from .players import TableDriver, find_seed
from .server import FakeDiscord

PRESETS = {  # options, seats after the host (alice): "dave" or an AI level
    "coins": ({"target": 10}, ["dave", "easy"]),
    "thirteens": ({"target": 10}, ["dave", "easy"]),
    "pinkerton": ({"target": 10}, ["dave"]),
    "piquet": ({"variant": "au_cent"}, ["dave"]),
    "starshina": ({"rules": "classic"}, ["dave", "easy"]),
}


MOVE_IDS = ("pl:do:", "pl:c", "pl:p")


def shown(payload: dict) -> str:
    """A message as a reader sees it: its text, then its controls in brackets."""
    lines = [payload.get("content") or ""]
    for embed in payload.get("embeds") or []:
        lines += [embed.get("title") or "", embed.get("description") or ""]
        for fld in embed.get("fields") or []:
            lines += [f"{fld.get('name')}:", str(fld.get("value"))]
        lines.append((embed.get("footer") or {}).get("text") or "")
    controls = []
    for comp in walk_components(payload.get("components")):
        if comp.get("type") == 10:
            lines.append(comp.get("content") or "")
        elif comp.get("type") == 14:
            lines.append("-" * 20)
        elif comp.get("type") == 2:
            controls.append(f"[{comp.get('label') or ''}]")
        elif comp.get("options"):
            labels = ", ".join(o.get("label", "") for o in comp["options"][:6])
            more = "..." if len(comp["options"]) > 6 else ""
            controls.append(f"[{comp.get('placeholder') or 'select'}: {labels}{more}]")
    return "\n".join([x for x in lines if x] + ([" ".join(controls)] if controls else []))


def rule(title: str) -> None:
    print(f"\n===== {title} " + "=" * max(0, 60 - len(title)))


async def demo(game: str, db: Path) -> int:
    options, rest = PRESETS[game]
    kinds = ["human"] + ["human" if x == "dave" else x for x in rest]
    seed, _ = await find_seed(game, options, kinds, max_human_moves=60)
    async with FakeDiscord() as fake:
        s = build_scene(fake)
        fake.settle_quiet = 0.02  # the users click as soon as the bot has answered
        config = BotConfig(token=fake.token, db_path=str(db), sync=True, dev_guild=s.guild.id,
                           ai_executor="inline", ai_delay=0.02, board_interval=0.3,
                           table_seed=seed)
        bot = build_bot(config)
        running = asyncio.create_task(serve(config, bot=bot))
        await fake.wait_until(lambda: fake.connected and bool(fake.commands.listing(s.guild.id)),
                              15)
        started = time.monotonic()
        t = TableDriver(fake, bot, s.table, {s.alice.id: "mixed", s.dave.id: "panel"})
        await t.open(s.alice, game, options)
        if "dave" in rest:
            await t.expect_ok(s.dave, "table join")
        ais = [x for x in rest if x != "dave"]
        if ais:
            await t.expect_ok(s.alice, "table ai-add", options={"level": ais[0],
                                                                "count": len(ais)})
        await t.expect_ok(s.alice, "table start")
        log = await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text, timeout=10)
        await fake.slash(s.alice, "leaderboard", channel=s.table, options={"game": game})
        await fake.settle(0.6)

        rule(f"#{s.table.name}: what everyone in the channel sees now")
        for message in fake.channel_messages(s.table):
            print(shown(message.payload), end="\n\n")
        rule("alice's DMs")
        for message in fake.dms(s.alice):
            print(message.text, end="\n\n")
        rule("dave's last hand panel (ephemeral; dave has DMs closed)")
        panels = [m for m in fake.ephemerals(s.dave) if m.embeds or m.components]
        for version in panels[-1].versions[-2:] if panels else []:
            print(shown(version), end="\n\n")
        rule("the board in the middle of the game")
        versions = [v for v in t.board().versions if "pl:hand:" in str(v.get("components"))]
        if versions:
            print(shown(versions[len(versions) // 2]))
        rule("dave's panel in the middle of the game")
        turns = [v for m in fake.ephemerals(s.dave) for v in m.versions
                 if any(c.get("custom_id", "").startswith(MOVE_IDS)
                        for c in walk_components(v.get("components")))]
        if turns:
            print(shown(turns[len(turns) // 2]))
        rule("summary")
        edits = len(fake.calls_to("PATCH", rf"^/channels/{s.table.id}/messages/"))
        print(f"{log.moves} human moves ({log.via}) in {time.monotonic() - started:.1f} s; "
              f"{edits} board edits; {len(fake.interactions)} interactions; "
              f"violations: {len(fake.violations)}")
        await bot.close()
        code = await running
    return code or (1 if fake.violations else 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fakediscord.demo",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="coins", choices=sorted(PRESETS))
    parser.add_argument("--log", default="WARNING", help="log level of the bot")
    args = parser.parse_args(argv)
    logging.basicConfig(level=args.log.upper(), format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory() as tmp:
        try:
            return asyncio.run(asyncio.wait_for(demo(args.game, Path(tmp) / "demo.db"), 120))
        except TimeoutError:
            print("demo: time limit reached", file=sys.stderr)
            return 1


if __name__ == "__main__":
    sys.exit(main())
