"""``replies.answer``: the work runs in the answering task; a timer defers slow work."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.core import TableError
from bot.discordbot.transport import replies
from bot.discordbot.transport.replies import Reply, answer


@pytest.fixture(autouse=True)
def _first_answers_through_the_response(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first answer is ``callback.respond``'s request; here the fake response's."""
    async def respond(interaction: Any, *, update: bool, ephemeral: bool = False,
                      **message: Any) -> None:
        if update:
            await interaction.response.edit_message(**message)
        else:
            await interaction.response.send_message(**message, ephemeral=ephemeral)
    monkeypatch.setattr(replies, "respond", respond)


class _Response:
    def __init__(self, log: list[tuple[str, dict]]) -> None:
        self.log = log
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, **kwargs: Any) -> None:
        await asyncio.sleep(0.01)   # a request to Discord
        self.done = True
        self.log.append(("defer", kwargs))

    async def send_message(self, **kwargs: Any) -> None:
        self.done = True
        self.log.append(("send_message", kwargs))


class _Followup:
    def __init__(self, log: list[tuple[str, dict]]) -> None:
        self.log = log

    async def send(self, **kwargs: Any) -> None:
        self.log.append(("followup", kwargs))


class _Interaction:
    """What ``answer`` uses of a slash command's interaction."""

    type = discord.InteractionType.application_command
    client = None
    locale = "en-US"

    def __init__(self) -> None:
        self.log: list[tuple[str, dict]] = []
        self.response = _Response(self.log)
        self.followup = _Followup(self.log)


async def test_fast_work_runs_in_the_answering_task_and_is_sent_once() -> None:
    interaction = _Interaction()
    me = asyncio.current_task()

    async def work() -> Reply:
        assert asyncio.current_task() is me   # no task (and turn of the loop) in between
        return Reply("done")

    reply = await answer(interaction, work(), budget=1.0)  # type: ignore[arg-type]
    assert reply.content == "done"
    assert [what for what, _ in interaction.log] == ["send_message"]
    assert interaction.log[0][1]["content"] == "done"


async def test_work_past_the_budget_is_deferred_then_followed_up() -> None:
    interaction = _Interaction()

    async def work() -> Reply:
        await asyncio.sleep(0.2)
        return Reply("slow")

    await answer(interaction, work(), budget=0.05)  # type: ignore[arg-type]
    assert [what for what, _ in interaction.log] == ["defer", "followup"]
    assert interaction.log[0][1] == {"ephemeral": True, "thinking": True}
    assert interaction.log[1][1]["content"] == "slow"


async def test_work_ending_while_the_defer_is_in_flight_waits_for_it() -> None:
    interaction = _Interaction()

    async def work() -> Reply:
        await asyncio.sleep(0.055)   # just after the timer, before the defer's answer
        return Reply("close")

    await answer(interaction, work(), budget=0.05)  # type: ignore[arg-type]
    assert [what for what, _ in interaction.log] == ["defer", "followup"]


async def test_a_refusal_becomes_a_warning_and_nothing_is_deferred() -> None:
    interaction = _Interaction()

    async def work() -> Reply:
        raise TableError("It is not your turn.")

    reply = await answer(interaction, work(), budget=0.05)  # type: ignore[arg-type]
    await asyncio.sleep(0.1)   # the timer was cancelled: no defer comes later
    assert reply.content == "⚠️ It is not your turn."
    assert [what for what, _ in interaction.log] == ["send_message"]
