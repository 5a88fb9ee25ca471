"""The heartbeat file the bot writes and ``parlour health`` (Docker's HEALTHCHECK)."""

from __future__ import annotations

import asyncio
import json
import time

from bot import heartbeat
from bot.cli import main
from bot.cli.run import build_bot, run_bot
from bot.discordbot import BotConfig
from tests.fakediscord import FakeDiscord


def test_health_reads_the_beat(tmp_path, capsys) -> None:
    path = tmp_path / "beat"
    assert main(["health", "--file", str(path)]) == 1
    assert capsys.readouterr().err == ("Unhealthy: No heartbeat at "
                                       f"{path}: the bot has not started, or has stopped.\n")
    heartbeat.write_beat(path, gateway=True, database=True)
    assert main(["health", "--file", str(path)]) == 0
    assert capsys.readouterr().out == "Healthy: connected to Discord, database answering.\n"
    heartbeat.write_beat(path, gateway=False, database=True)
    assert main(["health", "--file", str(path)]) == 1
    assert "not connected to Discord" in capsys.readouterr().err
    heartbeat.write_beat(path, gateway=True, database=False)
    assert main(["health", "--file", str(path)]) == 1
    assert "database does not answer" in capsys.readouterr().err
    heartbeat.write_beat(path, gateway=True, database=True, now=time.time() - 600)
    assert main(["health", "--file", str(path), "--max-age", "90"]) == 1
    assert "The last heartbeat is 600 s old" in capsys.readouterr().err
    path.write_text("{not json")
    assert heartbeat.health(path, 90) == f"The heartbeat file {path} cannot be read."


def test_health_needs_a_file(monkeypatch, capsys) -> None:
    monkeypatch.delenv("PARLOUR_HEARTBEAT", raising=False)
    assert main(["health"]) == 1
    assert "set PARLOUR_HEARTBEAT" in capsys.readouterr().err


async def test_the_bot_beats_while_connected(fake_discord: FakeDiscord, tmp_path,
                                             monkeypatch, capsys) -> None:
    beat = tmp_path / "beat"
    config = BotConfig(token=fake_discord.token, db_path=str(tmp_path / "p.db"),
                       ai_executor="inline", heartbeat_path=str(beat), heartbeat_interval=0.05)
    bot = build_bot(config)
    task = asyncio.create_task(run_bot(config, bot))

    def healthy() -> bool:
        return beat.exists() and json.loads(beat.read_text())["gateway"]

    await fake_discord.wait_until(healthy, 10)
    monkeypatch.setenv("PARLOUR_HEARTBEAT", str(beat))
    assert await asyncio.to_thread(main, ["health"]) == 0
    assert bot.gateway_connected
    await bot.close()
    assert not bot.gateway_connected
    assert await asyncio.wait_for(task, 10) is None
    assert not beat.exists()  # a stopped bot is not healthy
    assert await asyncio.to_thread(main, ["health"]) == 1
    capsys.readouterr()
