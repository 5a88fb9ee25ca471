"""``parlour run`` (configuration, token errors, clean SIGTERM), the synced command set,
and the panel's layout rules within Discord's limits."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import threading
from pathlib import Path

import pytest

from bot.cli import main
from bot.cli.run import serve
from bot.discordbot import BotConfig, ConfigError
from bot.discordbot import ids as custom_ids
from bot.discordbot.client import INVITE_PERMISSIONS, invite_url
from bot.discordbot.ui.panel import MAX_OPTIONS, MOVE_ROWS, Plan, plan_controls, rows
from bot.present.scene import MoveChoice, MoveForm
from rules.actions import Action
from tests.fakediscord import FakeDiscord


def test_run_without_token_says_so(monkeypatch, capsys) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err


def test_run_with_bad_settings(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("PARLOUR_DEV_GUILD", "my-guild")
    assert main(["run"]) == 2
    assert "PARLOUR_DEV_GUILD must be a guild id" in capsys.readouterr().err
    with pytest.raises(ConfigError):
        BotConfig.from_env({"PARLOUR_AI_DELAY": "-1"})
    config = BotConfig.from_env({"DISCORD_TOKEN": " t ", "PARLOUR_DB": "/data/p.db",
                                 "PARLOUR_DEV_GUILD": "123", "PARLOUR_LOG_LEVEL": "debug"})
    assert (config.token, config.db_path, config.dev_guild, config.log_level) == \
        ("t", "/data/p.db", 123, "DEBUG")
    assert BotConfig.from_env({}).db_path == "parlour.db"


async def test_run_with_a_rejected_token(fake_discord: FakeDiscord, tmp_path, monkeypatch,
                                         capsys) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-the-token")
    monkeypatch.setenv("PARLOUR_AI_EXECUTOR", "inline")
    code = await asyncio.to_thread(main, ["run", "--db", str(tmp_path / "p.db")])
    assert code == 4
    assert "Discord rejected the token" in capsys.readouterr().err
    assert [c.status for c in fake_discord.calls_to("GET", r"^/users/@me$")] == [401]


async def test_run_checks_postgresql_before_discord(fake_discord: FakeDiscord, monkeypatch,
                                                    capsys) -> None:
    # docs/DISCORD.md: the database is checked first. A PostgreSQL that is down stops
    # `parlour run` with one line - no traceback, no password - before any call to Discord.
    from tests.test_startup_errors import closed_port

    port = closed_port()
    monkeypatch.setenv("DISCORD_TOKEN", fake_discord.token)
    monkeypatch.setenv("PARLOUR_AI_EXECUTOR", "inline")
    monkeypatch.setenv("PARLOUR_DB", f"postgresql://parlour:pw-1234@127.0.0.1:{port}/parlour")
    monkeypatch.delenv("PARLOUR_WAIT_ON_ERROR", raising=False)
    code = await asyncio.to_thread(main, ["run"])
    captured = capsys.readouterr()
    assert code == 7
    assert captured.err.splitlines() == [
        f"Error: cannot reach PostgreSQL at 127.0.0.1:{port} (connection refused). Is the "
        "server running, and are the host and port in PARLOUR_DB right?"]
    assert "pw-1234" not in captured.out + captured.err
    assert fake_discord.calls == [] and fake_discord.gateway_sessions == []


async def test_run_serves_until_sigterm(fake_discord: FakeDiscord, tmp_path) -> None:
    # Signal handlers can only be installed from the main thread.
    assert threading.current_thread() is threading.main_thread()
    fake, s = fake_discord, fake_discord.scene
    config = BotConfig(token=fake.token, db_path=str(tmp_path / "p.db"), sync=True,
                       dev_guild=s.guild.id, ai_executor="inline", ai_delay=0)
    err = io.StringIO()
    task = asyncio.create_task(serve(config, err))
    await fake.wait_until(lambda: fake.connected and fake.commands.listing(s.guild.id), 10)
    opened = await fake.slash(s.alice, "table new coins", channel=s.table)
    assert "You opened" in opened.text
    os.kill(os.getpid(), signal.SIGTERM)
    assert await asyncio.wait_for(task, 10) == 0, err.getvalue()
    assert fake.gateway_sessions[-1].ws.closed
    assert (tmp_path / "p.db").exists()

    # The synced command set: discoverable, typed, within Discord's limits (the fake checks).
    commands = {c["name"]: c for c in fake.commands.listing(s.guild.id)}
    assert set(commands) == {"table", "hand", "play", "rules", "leaderboard", "stats", "recent",
                             "settings", "daily", "season", "mygames", "tournament", "review",
                             "puzzle"}
    table = {o["name"]: o for o in commands["table"]["options"]}
    assert {"new", "join", "leave", "ai-add", "ai-remove", "start", "cancel", "kick",
            "settings", "status"} <= set(table)
    new = {o["name"]: o for o in table["new"]["options"]}
    assert set(new) == {"coins", "starshina", "thirteens", "piquet", "pinkerton"}
    piquet = {o["name"]: o for o in new["piquet"]["options"]}
    assert [c["value"] for c in piquet["variant"]["choices"]] == \
        ["rubicon", "au_cent", "normand", "a_quatre", "auction"]
    assert piquet["turn-seconds"]["min_value"] == 0
    coins = {o["name"]: o for o in new["coins"]["options"]}
    assert [c["value"] for c in coins["target"]["choices"]] == [10, 15, 20]
    settings = {o["name"]: o for o in table["settings"]["options"]}
    assert settings["pings"]["type"] == 5 and "turn starts" in settings["pings"]["description"]
    assert {"turn-seconds"} == set(coins) - {"target"}    # the table's settings: stated once
    assert commands["play"]["options"][0]["autocomplete"] is True


def _forms(*forms: dict) -> list[MoveForm]:
    """Engine action forms as plain move forms (the base presenter's wording)."""
    return [MoveForm(kind=f["kind"], prompt=f["kind"], verb=f["kind"],
                     cards=tuple(f.get("cards", ())), low=f.get("min", 1), high=f.get("max", 1),
                     choices=tuple(MoveChoice(c, c) for c in f.get("choices", ())))
            for f in forms]


def _plan(forms: list[dict], legal: list[str]) -> Plan:
    """The plan of ``forms`` with ``legal`` moves (texts here; the panel gets Actions)."""
    moves = [Action(kind, tuple(args)) for kind, *args in (t.split() for t in legal)]
    return plan_controls(_forms(*forms), moves, str, str)


def test_panel_plan_respects_discord_limits() -> None:
    cards = [f"{r}{s}" for s in "CDHS" for r in ("2", "3", "4", "5", "6", "7", "8")]
    plan = _plan([{"kind": "play", "cards": cards, "min": 1, "max": 1}],
                 [f"play {c}" for c in cards])
    assert plan.more and len(plan.controls[0].values) == MAX_OPTIONS
    forms = [{"kind": f"k{i}", "choices": [f"k{i} {j}" for j in range(3)]} for i in range(7)]
    packed, more = rows(_plan(forms, [c for f in forms for c in f["choices"]]))
    assert len(packed) == MOVE_ROWS and more
    big = [{"kind": "declare", "choices": [f"declare point {i}" for i in range(30)]}]
    plan = _plan(big, big[0]["choices"])
    assert plan.controls[0].kind == "moves" and len(plan.controls[0].values) == 25
    # Few legal combinations: offered whole; many: a multi-select of cards within min/max;
    # both are confirmed before they are made.
    two = [{"kind": "beat", "cards": ["KS", "QS", "2H"], "min": 2, "max": 2}]
    plan = _plan(two, ["beat KS QS", "beat QS 2H"])
    assert plan.controls[0].kind == "moves" and plan.controls[0].values == \
        ["beat KS QS", "beat QS 2H"] and plan.controls[0].confirm
    hand = ["7C", "8C", "9C", "7D", "8D", "9D", "7H", "8H"]
    combos = [f"discard {a} {b}" for a in hand for b in hand if a < b]
    plan = _plan([{"kind": "discard", "cards": hand, "min": 1, "max": 5}], combos)
    control = plan.controls[0]
    assert control.kind == "cards" and (control.low, control.high) == (1, 5) and control.confirm
    twin = _plan([{"kind": "add", "cards": ["QH", "QH", "2C"], "min": 1, "max": 1}],
                 ["add QH", "add 2C"])
    assert twin.controls[0].values == ["QH", "QH.2", "2C"] and not twin.controls[0].confirm


def test_invite_permissions_match_the_docs() -> None:
    assert INVITE_PERMISSIONS.value == 309237763072
    url = invite_url(123)
    assert "scope=bot+applications.commands" in url and "permissions=309237763072" in url
    docs = (Path(__file__).parent.parent / "docs" / "DISCORD.md").read_text()
    assert "309237763072" in docs and "bot applications.commands" in docs


def test_custom_ids_fit() -> None:
    channel = 2**64 - 1
    longest = max((custom_ids.do(channel, 10**9 - 1, "x" * 60) or ""),
                  custom_ids.cards(channel, 10**9 - 1, 99, "k" * 20, confirm=True),
                  custom_ids.pick(channel, 10**9 - 1, 99, confirm=True), custom_ids.hand(channel),
                  custom_ids.lobby("leave", channel), custom_ids.rules("thirteens", 999),
                  key=len)
    assert len(longest) <= 100
    assert custom_ids.do(1, 1, "a:b") is None and custom_ids.do(1, 1, "x" * 61) is None


async def test_demo_plays_a_game_and_exits(tmp_path, capsys) -> None:
    from tests.fakediscord.demo import demo

    assert await asyncio.wait_for(demo("pinkerton", tmp_path / "demo.db"), 60) == 0
    out = capsys.readouterr().out
    assert "game over" in out and "violations: 0" in out and "dave's last hand panel" in out


def test_tournament_new_options_match_the_docs() -> None:
    # README, docs/DISCORD.md and docs/CORE.md say what `/tournament new` takes, as built.
    import re

    from bot.cli.doctor import expected_commands

    tournament = next(c for c in expected_commands(BotConfig(token="x"))
                      if c["name"] == "tournament")
    new = next(o for o in tournament["options"] if o["name"] == "new")
    built = " ".join(o["name"] if o.get("required") else f"[{o['name']}]"
                     for o in new["options"])
    root = Path(__file__).parent.parent
    for doc in ("README.md", "docs/DISCORD.md"):
        said = re.findall(r"`/tournament new ([^`]*)`", (root / doc).read_text())
        assert said == [built], doc
    core = (root / "docs" / "CORE.md").read_text()
    assert "check-in" in built and "Not built yet: a check-in" not in core
    assert "/tournament new ... starts:60 check-in:15" in core


async def test_the_readme_says_global_commands_are_slow_and_how_to_sync_to_a_server(
        fake_discord: FakeDiscord, tmp_path) -> None:
    readme = " ".join((Path(__file__).parent.parent / "README.md").read_text().split())
    assert "can take up to an hour to appear in Discord" in readme
    said = "`PARLOUR_DEV_GUILD=<that id> DISCORD_TOKEN=... parlour run --sync`"
    assert said in readme
    # What it says is what the code does: that setting uploads to that server only.
    fake, guild = fake_discord, fake_discord.scene.guild.id
    config = BotConfig.from_env({"DISCORD_TOKEN": fake.token, "PARLOUR_DEV_GUILD": str(guild),
                                 "PARLOUR_DB": str(tmp_path / "p.db"),
                                 "PARLOUR_AI_EXECUTOR": "inline"}, sync=True)
    from bot.cli.run import build_bot

    bot = build_bot(config)
    async with fake.run_bot(bot):
        await bot.sync_commands()
    assert fake.commands.listing(guild) and not fake.commands.listing(None)
