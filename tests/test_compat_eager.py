"""compat.start_eagerly (Python 3.11): an interaction's handler starts in the turn that read
it, as the new task, on asyncio's private _enter_task and _leave_task."""

from __future__ import annotations

import asyncio
import contextvars
import re
import sys

import discord
import pytest
from discord import app_commands

from bot import compat
from bot.compat import start_eagerly
from tests.fakediscord import FakeDiscord

seen: contextvars.ContextVar[str] = contextvars.ContextVar("seen", default="unset")


async def test_the_first_step_runs_at_once_as_the_new_task_and_the_rest_as_a_task() -> None:
    loop = asyncio.get_running_loop()
    caller = asyncio.current_task()
    steps: list[object] = []
    go_on: asyncio.Future[int] = loop.create_future()

    async def handler() -> str:
        steps.append(asyncio.current_task())
        seen.set("handler")
        steps.append(await go_on)
        steps.append((asyncio.current_task(), seen.get()))
        return "answered"

    task = start_eagerly(loop, handler(), name="handler")
    assert steps == [task]                            # ran before start() returned
    assert asyncio.current_task() is caller           # the caller is current again
    assert seen.get() == "unset"                      # its context variable stayed with it
    go_on.set_result(7)
    assert await task == "answered"
    assert steps == [task, 7, (task, "handler")]


async def test_a_handler_done_in_its_first_step_or_failing_reports_through_its_task() -> None:
    loop = asyncio.get_running_loop()

    async def quick() -> int:
        return 3

    async def failing() -> None:
        raise ValueError("bad click")

    assert await start_eagerly(loop, quick()) == 3
    task = start_eagerly(loop, failing())
    with pytest.raises(ValueError, match="bad click"):
        await task


async def test_a_handler_fails_later_or_is_cancelled_through_its_task() -> None:
    loop = asyncio.get_running_loop()
    gate: asyncio.Future[None] = loop.create_future()
    cleaned: list[str] = []

    async def later() -> None:
        await asyncio.sleep(0)
        raise KeyError("later")

    async def waits() -> None:
        try:
            await gate
        finally:
            cleaned.append("finally")

    with pytest.raises(KeyError):
        await start_eagerly(loop, later())
    task = start_eagerly(loop, waits())
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cleaned == ["finally"] and gate.cancelled()


async def test_timeouts_inside_the_first_step_cancel_the_handler_not_its_caller() -> None:
    """aiohttp's and asyncio's timeouts cancel ``current_task()``: during the eager step
    that is the handler's task."""
    loop = asyncio.get_running_loop()

    async def slow() -> str:
        try:
            async with asyncio.timeout(0.01):
                await asyncio.sleep(5)
        except TimeoutError:
            return "timed out"
        return "not reached"

    task = start_eagerly(loop, slow())
    assert await asyncio.wait_for(task, 5) == "timed out"
    assert not asyncio.current_task().cancelling()


async def test_many_handlers_started_from_one_task_interleave_as_tasks() -> None:
    loop = asyncio.get_running_loop()
    order: list[str] = []

    async def handler(n: int) -> int:
        order.append(f"start {n}")
        await asyncio.sleep(0)
        order.append(f"end {n}")
        return n

    tasks = [start_eagerly(loop, handler(n)) for n in range(3)]
    assert order == ["start 0", "start 1", "start 2"]
    assert await asyncio.gather(*tasks) == [0, 1, 2]
    assert sorted(order[3:]) == ["end 0", "end 1", "end 2"]


async def test_a_task_cancelled_before_its_first_turn_closes_the_handler() -> None:
    """The bot closing cancels every task, some before their first turn: the handler's
    ``finally`` still runs, then."""
    loop = asyncio.get_running_loop()
    cleaned: list[str] = []

    async def waits() -> None:
        try:
            await loop.create_future()
        finally:
            cleaned.append("finally")

    task = start_eagerly(loop, waits())
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert cleaned == ["finally"]


class _Note(discord.ui.DynamicItem[discord.ui.Button], template=r"note:(?P<n>\d+)"):
    """A button as the bot's controls are: a dynamic item, found by its custom id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Note", custom_id=f"note:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str]) -> _Note:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        interaction.client.tasks["click"] = asyncio.current_task().get_name()
        await interaction.response.send_message("clicked")


class _Bot(discord.Client):
    """A command, a click and the interaction event, each noting the task it runs in."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.tasks: dict[str, str] = {}
        self.add_dynamic_items(_Note)

        @self.tree.command(description="Note the task")
        async def note(interaction: discord.Interaction) -> None:
            self.tasks["command"] = asyncio.current_task().get_name()
            view = discord.ui.View()
            view.add_item(_Note(1))
            await interaction.response.send_message("noted", view=view)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.tasks["event"] = asyncio.current_task().get_name()


async def test_interactions_start_eagerly_through_discord_pys_private_hooks(
        fake_discord: FakeDiscord) -> None:
    """``Client._schedule_event``/``_run_event``, ``CommandTree._from_interaction``/
    ``_call``/``_dispatch_error`` and the view store's ``dispatch_dynamic_items``: replaced
    on the instance, and used by discord.py."""
    fake, s, bot = fake_discord, fake_discord.scene, _Bot()
    assert compat.start_interactions_eagerly(bot) is (sys.version_info < (3, 12))
    async with fake.run_bot(bot):
        await bot.tree.sync()
        record = await fake.slash(s.alice, "note", channel=s.lobby)
        await fake.wait_until(lambda: "event" in bot.tasks)
        assert record.message is not None
        clicked = await fake.click(s.alice, record.message, "note:1")
        await fake.wait_until(lambda: "click" in bot.tasks)
    assert record.content == "noted" and clicked.content == "clicked"
    if sys.version_info < (3, 12):
        assert bot.tasks == {"command": "eager: command", "event": "eager: on_interaction",
                             "click": "eager: _Note"}
    assert not fake.violations


@pytest.mark.parametrize("owner, name", [
    (discord.Client, "_schedule_event"), (discord.Client, "_run_event"),
    (app_commands.CommandTree, "_from_interaction"), (app_commands.CommandTree, "_call"),
    (app_commands.CommandTree, "_dispatch_error"),
    (discord.ui.view.ViewStore, "dispatch_dynamic_items"),
    (discord.ui.view.ViewStore, "schedule_dynamic_item_call"),
    (discord.ui.view.ViewStore, "add_task"),
    (asyncio.tasks, "_enter_task"), (asyncio.tasks, "_leave_task")])
def test_each_private_name_the_eager_start_uses_is_there_and_callable(owner: object,
                                                                      name: str) -> None:
    # One per name: a library release that renames one fails here, by name.
    assert callable(getattr(owner, name, None)), f"{owner!r} has no {name}"


def test_the_view_store_the_eager_clicks_use_is_the_clients_and_keeps_its_items() -> None:
    """``ConnectionState._view_store`` and its ``_dynamic_items`` (private names): the store
    the clicks are dispatched from, holding the items ``add_dynamic_items`` registered."""
    bot = _Bot()
    store = bot._connection._view_store
    assert isinstance(store, discord.ui.view.ViewStore)
    assert _Note in store._dynamic_items.values()
