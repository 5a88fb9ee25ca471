"""Every private name of a library that Parlour uses, and why: the one module to check
when discord.py, aiosqlite or Python is upgraded (tests/test_compat.py fails on a
library that lacks one of them; docs/ARCHITECTURE.md, "Private library names").

Private here means not in the library's documented API: a name with a leading
underscore, or a module-level function of a module the library does not document
(``discord.http``, ``discord.gateway``, ``discord.webhook.async_``).

The core uses only the aiosqlite part, and must not import discord (bot/core never
does): the discord.py names are imported inside the functions that use them.
"""

from __future__ import annotations

import asyncio
import contextvars
import sqlite3
import sys
from collections.abc import Callable, Coroutine, Generator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import aiosqlite
    import discord
    from discord.http import HTTPClient, MultipartParameters

T = TypeVar("T")

# --- aiosqlite -----------------------------------------------------------------------------
# aiosqlite runs every call on its own thread, one at a time.  The store commits on the
# event loop's thread when nothing else waits (store_sqlite.py: cheaper than the hop), so
# it needs the sqlite3 connection itself, and a way to run a whole transaction (several
# statements, no await between them) as one job on aiosqlite's thread.  aiosqlite has no
# public name for either.


def sqlite_of(conn: aiosqlite.Connection) -> sqlite3.Connection:
    """The ``sqlite3.Connection`` under ``conn`` (aiosqlite: ``Connection._conn``)."""
    return conn._conn


async def on_db_thread(conn: aiosqlite.Connection, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` run on ``conn``'s thread, queued behind its other calls
    (aiosqlite: ``Connection._execute``)."""
    return await conn._execute(work, *args)


# --- discord.py: the interaction callback without asking for the message back -------------
# discord.py's ``InteractionResponse.send_message``/``edit_message`` always ask Discord for
# the message they made (``?with_response``) and parse it into a ``Message`` nobody
# reads (callback.py).  Sending the same request ourselves needs discord.py's builders of
# message parameters (its views, files and allowed mentions as a payload) and, once sent,
# the response marked answered, so that ``is_done()`` and a second answer behave as
# discord.py's own.


def interaction_params(**message: Any) -> MultipartParameters:
    """The body of an interaction callback (``type``, ``flags``, ``content``, ``view``,
    ``files``...), as discord.py builds it
    (``discord.webhook.async_.interaction_message_response_params``)."""
    from discord.webhook.async_ import interaction_message_response_params

    return interaction_message_response_params(**message)


def message_params(**message: Any) -> AbstractContextManager[MultipartParameters]:
    """The body of a webhook message (``content``, ``view``, ``attachments``...), as
    discord.py builds it; closes the files on exit
    (``discord.http.handle_message_parameters``)."""
    from discord.http import handle_message_parameters

    return handle_message_parameters(**message)


def mark_answered(response: discord.InteractionResponse,
                  kind: discord.InteractionResponseType) -> None:
    """Record on ``response`` that the interaction was answered with ``kind``, as
    discord.py does after its own callback request (``InteractionResponse._response_type``)."""
    response._response_type = kind


# --- discord.py: the REST root and the gateway (the fake Discord) --------------------------
# discord.py has no public setting for either; they are class attributes it reads on
# every request (``discord.http.Route.BASE``, which discord.py itself reassigns to change
# API version) and connection (``DiscordWebSocket.DEFAULT_GATEWAY``).


def api_root() -> str:
    """The REST root discord.py talks to (``Route.BASE``)."""
    from discord.http import Route

    return Route.BASE


def point_at(api_base: str | None, gateway_url: str | None) -> str:
    """Send discord.py's REST calls to ``api_base`` and its gateway connections to
    ``gateway_url`` (each if given); the gateway now used."""
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    if api_base:
        Route.BASE = api_base.rstrip("/")
    if gateway_url:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    return str(DiscordWebSocket.DEFAULT_GATEWAY)


# --- discord.py: REST without a client (parlour doctor) ----------------------------------
# ``parlour doctor`` logs in over REST and reads the application's commands as JSON, to
# compare them with what ``--sync`` would upload, without a gateway connection.


def rest_client(loop: asyncio.AbstractEventLoop) -> HTTPClient:
    """discord.py's REST client, alone (``discord.http.HTTPClient``): ``static_login``,
    ``application_info``, ``get_global_commands``, ``get_guild_commands``, ``close``."""
    from discord.http import HTTPClient

    return HTTPClient(loop)


# --- discord.py: rate-limit buckets swept in amortised time --------------------------------
# discord.py keeps one bucket per route and channel and, once it holds 256, looks at
# every bucket for expired ones each time it adds one (``HTTPClient.get_ratelimit``).  A
# bot with thousands of channels adds buckets all the time - each channel's first board
# edit, every DM channel - so each addition walked thousands (10% of the event loop at
# 2,000 busy tables in issue 17's profile).  Here the same sweep runs only once the
# buckets have doubled since the last one: the same buckets expire, a little later, at a
# constant cost per bucket.

BUCKET_FLOOR = 256   # discord.py's own threshold


def sweep_buckets_amortised(http: HTTPClient) -> None:
    """Make ``http`` sweep its expired buckets only when their number has doubled
    (``HTTPClient._try_clear_expired_ratelimits``, ``HTTPClient._buckets``)."""
    sweep = http._try_clear_expired_ratelimits
    size_after = BUCKET_FLOOR // 2

    def try_clear() -> None:
        nonlocal size_after
        if len(http._buckets) >= 2 * size_after:
            sweep()
            size_after = max(BUCKET_FLOOR // 2, len(http._buckets))

    http._try_clear_expired_ratelimits = try_clear  # type: ignore[method-assign]


# --- asyncio and discord.py: interactions started in the turn that read them (3.11) --------
# discord.py hands each interaction to a new task (``Client._schedule_event`` for
# ``on_interaction``, ``CommandTree._from_interaction`` for commands and autocomplete,
# the view store's ``dispatch_dynamic_items`` for the clicks on the controls), and a new
# task's first step waits for the event loop's next turn, behind everything that became
# ready meanwhile: milliseconds under load, paid by every answer before any of its work.
# Python 3.12's eager tasks start a task's first step at once (``parlour run`` sets
# ``asyncio.eager_task_factory`` there).  On 3.11 the same is done by hand for the
# interactions: the first step runs as the new task (``asyncio.current_task()`` is it,
# so timeouts cancel the handler) and in its own context, which needs asyncio's
# ``tasks._enter_task``/``_leave_task``; the rest goes on as an ordinary task.
# Measured side by side in docs/PERFORMANCE.md.


def start_interactions_eagerly(client: discord.Client) -> bool:
    """On Python 3.11, run the first step of each interaction's handler (events, the
    command tree and dynamic items) in the turn that read it; False where the loop's eager
    tasks do it (3.12+) and nothing was changed.  Call after ``client.tree`` is set, if it
    has one."""
    if sys.version_info >= (3, 12):
        return False
    from discord import app_commands

    schedule = client._schedule_event

    def eager_schedule(coro: Callable[..., Coroutine[Any, Any, Any]], event_name: str,
                       *args: Any, **kwargs: Any) -> asyncio.Task[Any]:
        if event_name == "on_interaction":
            return start_eagerly(client.loop,
                                 client._run_event(coro, event_name, *args, **kwargs),
                                 name=f"eager: {event_name}")
        return schedule(coro, event_name, *args, **kwargs)

    client._schedule_event = eager_schedule  # type: ignore[method-assign]
    tree = getattr(client, "tree", None)
    if isinstance(tree, app_commands.CommandTree):
        def from_interaction(interaction: discord.Interaction) -> None:
            # discord.py's own, with the command started at once.
            async def wrapper() -> None:
                try:
                    await tree._call(interaction)
                except app_commands.AppCommandError as e:
                    await tree._dispatch_error(interaction, e)
            start_eagerly(client.loop, wrapper(), name="eager: command")

        tree._from_interaction = from_interaction  # type: ignore[method-assign]
    # The clicks on the controls (``Client.add_dynamic_items``): the view store's own
    # dispatch, with each matching item's call started at once.  discord.py keeps one
    # store per client (replaced only by ``Client.clear``, which the bot never calls).
    store = client._connection._view_store

    def eager_dynamic_items(component_type: int, custom_id: str,
                            interaction: discord.Interaction) -> None:
        for pattern, item in store._dynamic_items.items():
            match = pattern.fullmatch(custom_id)
            if match is not None:
                store.add_task(start_eagerly(
                    client.loop, store.schedule_dynamic_item_call(
                        component_type, item, interaction, custom_id, match),
                    name=f"eager: {item.__name__}"))

    store.dispatch_dynamic_items = eager_dynamic_items  # type: ignore[method-assign]
    return True


def start_eagerly(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any], *,
                  name: str | None = None) -> asyncio.Task[Any]:
    """A task running ``coro``, whose first step has run when this returns (as
    ``asyncio.eager_task_factory`` does on 3.12; ``asyncio.tasks._enter_task`` and
    ``_leave_task`` make the step run as the task)."""
    context = contextvars.copy_context()
    rest = _Rest(coro)
    task = loop.create_task(rest.run(), name=name, context=context)
    task.add_done_callback(rest.ended)
    caller = asyncio.current_task(loop)   # left just now: it is the current one
    if caller is not None:
        asyncio.tasks._leave_task(loop, caller)
    try:
        asyncio.tasks._enter_task(loop, task)
    except RuntimeError:   # the loop's task bookkeeping is not as expected: no eager step
        if caller is not None:
            asyncio.tasks._enter_task(loop, caller)
        rest.fresh = True
        return task
    try:
        rest.step(context)
    finally:
        asyncio.tasks._leave_task(loop, task)
        if caller is not None:
            asyncio.tasks._enter_task(loop, caller)
    if isinstance(rest.outcome, (KeyboardInterrupt, SystemExit)):
        raise rest.outcome   # as the loop would: these stop the program, not the task
    return task


class _Rest:
    """The coroutine after its first step: what the task goes on with."""

    def __init__(self, coro: Coroutine[Any, Any, Any]) -> None:
        self.coro = coro
        self.fresh = False           # no eager step was made: the task runs it all
        self.finished = False        # the first step returned (or raised)
        self.outcome: Any = None     # what it waits on, returned, or raised
        self.handed = False          # the task drives the coroutine on

    def step(self, context: contextvars.Context) -> None:
        try:
            self.outcome = context.run(self.coro.send, None)
        except StopIteration as stop:
            self.finished, self.outcome = True, stop.value
        except BaseException as e:   # the task raises it
            self.finished, self.outcome = True, e

    async def run(self) -> Any:
        self.handed = True
        if self.fresh:
            return await self.coro
        if self.finished:
            if isinstance(self.outcome, BaseException):
                raise self.outcome
            return self.outcome
        return await _Continue(self.coro, self.outcome)

    def ended(self, task: asyncio.Task[Any]) -> None:
        """A task cancelled before its first turn (the bot closing) never drove the
        coroutine on: close it now, so its ``finally`` blocks run."""
        if not self.handed and not self.finished:
            self.coro.close()


class _Continue:
    """Awaiting this hands the task what the coroutine waits on, then drives it on: a
    coroutine's awaits talk to its task through these yields."""

    def __init__(self, coro: Coroutine[Any, Any, Any], waiting_on: Any) -> None:
        self.coro, self.waiting_on = coro, waiting_on

    def __await__(self) -> Generator[Any, Any, Any]:
        coro, value = self.coro, self.waiting_on
        while True:
            try:
                sent = yield value
            except BaseException as e:   # thrown in by the task (cancelled): passed on
                try:
                    value = coro.throw(e)
                except StopIteration as stop:
                    return stop.value
                continue
            try:
                value = coro.send(sent)
            except StopIteration as stop:
                return stop.value


# --- commands kept by a sync: the Entry Point (bot/discordbot/commands/entry_point.py) ---
# discord.py has no Entry Point command type (APPLICATION_COMMAND type 4) and its
# ``CommandTree.sync`` overwrites the global commands with the tree's alone, which Discord
# refuses once the application has one (error 50240).  The sync therefore reads the raw
# global commands and sends the overwrite itself, through the client's HTTP client
# (``Client.http``, undocumented) and its two command routes.

async def global_commands(client: discord.Client) -> list[dict[str, Any]]:
    """The application's global commands as Discord sends them (every type)."""
    assert client.application_id is not None
    commands: list[Any] = await client.http.get_global_commands(client.application_id)
    return [dict(c) for c in commands]


async def overwrite_global_commands(client: discord.Client,
                                    payload: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Bulk overwrite of the global commands with ``payload`` (raw command objects)."""
    assert client.application_id is not None
    synced: list[Any] = await client.http.bulk_upsert_global_commands(
        client.application_id, payload=payload)
    return [dict(c) for c in synced]
