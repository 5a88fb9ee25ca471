"""``parlour doctor``: check what ``parlour run`` needs, and say in plain words what is
wrong - the token, the database (path and schema version), whether Discord can be reached
with the token, and whether the slash commands on Discord match this Parlour's.  Settings
come from the same environment as ``parlour run``.  Exit 0 when all is well, 1 otherwise.
Nothing is changed: the database is only read, and commands are only listed."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from ..core.db_check import DatabaseUnusable, check_database
from ..core.schema import SchemaTooNewError
from ..core.store import mask_password
from .help_text import description
from .startup_errors import explain
from .subcommands import Subcommands

if TYPE_CHECKING:
    from ..discordbot import BotConfig

OK, PROBLEM, SKIPPED = "ok", "PROBLEM", "skipped"
SYNC_HINT = "Run `parlour run --sync` once to upload them."


@dataclass(frozen=True)
class Check:
    status: str  # OK, PROBLEM or SKIPPED
    subject: str
    text: str


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("doctor", help="check the token, database, Discord and commands",
                       description=description(__doc__))
    p.add_argument("--db", help="database file (overrides PARLOUR_DB)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    checks = diagnose(args.db)
    print("Parlour doctor", file=out)
    for check in checks:
        lead = f"{check.status:<9}{check.subject}: "
        # Paths and URLs stay whole, so they can be copied from the report.
        print(textwrap.fill(check.text, width=96, initial_indent=lead, subsequent_indent=" " * 9,
                            break_long_words=False, break_on_hyphens=False), file=out)
    problems = sum(c.status == PROBLEM for c in checks)
    if problems:
        print(f"\n{problems} problem{'s' if problems > 1 else ''} found.", file=out)
        return 1
    print("\nAll is well.", file=out)
    return 0


def diagnose(db: str | None = None, env: Mapping[str, str] | None = None) -> list[Check]:
    from ..discordbot import BotConfig, ConfigError

    env = os.environ if env is None else env
    checks = []
    try:
        config = BotConfig.from_env(env)
    except ConfigError as e:
        checks.append(Check(PROBLEM, "Settings", str(e)))
        # Check the token and the database anyway, but talk to no server before the
        # settings (which say where Discord is) are right.
        config = BotConfig(token=(env.get("DISCORD_TOKEN") or "").strip() or None,
                           db_path=env.get("PARLOUR_DB") or "parlour.db")
    if db:
        config.db_path = db
    token = _token(config)
    checks += [token, _database(config.db_path)]
    if checks[0].status == PROBLEM or token.status == PROBLEM:
        checks.append(Check(SKIPPED, "Discord", "needs the problems above fixed first."))
        checks.append(Check(SKIPPED, "Commands", "need Discord."))
    else:
        checks.extend(asyncio.run(_discord(config)))
    return checks


def _token(config: BotConfig) -> Check:
    from ..discordbot.config import token_problem, token_shape_warning

    if not config.token:
        return Check(PROBLEM, "Token", "DISCORD_TOKEN is not set. Create a bot at "
                     "https://discord.com/developers/applications and copy its token.")
    warning = token_problem(config.token) or token_shape_warning(config.token)
    if warning:
        return Check(PROBLEM, "Token", warning)
    return Check(OK, "Token", "set, and shaped like a bot token.")


def _database(path: str) -> Check:
    try:
        state = check_database(path)
    except DatabaseUnusable as e:
        return Check(PROBLEM, "Database", str(e))
    except SchemaTooNewError as e:
        return Check(PROBLEM, "Database", f"{mask_password(path)} was written by a newer "
                     f"Parlour (schema "
                     f"v{e.found}). Upgrade Parlour, or set PARLOUR_DB to another file.")
    return Check(OK, "Database", state.describe())


async def _discord(config: BotConfig) -> list[Check]:
    """Log in over REST (as ``parlour run`` does, same API root) and compare the commands."""
    import discord

    from ..compat import rest_client
    from .run import api_root, point_discord_at

    point_discord_at(config)
    http = rest_client(asyncio.get_running_loop())
    try:
        try:
            me = await http.static_login(config.token or "")
            app = await http.application_info()
        except Exception as e:
            return [Check(PROBLEM, "Discord", _plain(explain(e, config).message)),
                    Check(SKIPPED, "Commands", "need Discord.")]
        reached = Check(OK, "Discord", f"reached {api_root()}; the token belongs to the bot "
                        f"{me.get('username')} (application {app['id']}).")
        try:
            if config.dev_guild:
                remote = await http.get_guild_commands(int(app["id"]), config.dev_guild)
            else:
                remote = await http.get_global_commands(int(app["id"]))
        except discord.HTTPException as e:
            return [reached, Check(PROBLEM, "Commands", _plain(explain(e, config,
                                                                       int(app["id"])).message))]
        return [reached, _compare(expected_commands(config), remote, config.dev_guild)]
    finally:
        await http.close()


def expected_commands(config: BotConfig) -> list[dict[str, Any]]:
    """The commands this Parlour uploads with ``--sync`` (as JSON payloads)."""
    from ..core import Core, CoreConfig
    from ..discordbot import ParlourBot

    # Never started: only its command tree is read (inline AI: no process pool).
    core = Core(CoreConfig(db_path=":memory:", ai_executor="inline"))
    bot = ParlourBot(core, config)
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]


def _compare(expected: list[dict[str, Any]], remote: Sequence[Mapping[str, Any]],
             dev_guild: int | None) -> Check:
    where = f"server {dev_guild}" if dev_guild else "Discord (global commands)"
    want = {c["name"]: _shape(c) for c in expected}
    have = {c["name"]: _shape(c) for c in remote}
    missing = sorted(set(want) - set(have))
    extra = sorted(set(have) - set(want))
    changed = sorted(n for n in set(want) & set(have) if want[n] != have[n])
    if not (missing or extra or changed):
        return Check(OK, "Commands", f"the {len(want)} commands on {where} match this Parlour's.")
    parts = []
    if missing:
        parts.append(f"not uploaded to {where}: {_names(missing)}")
    if changed:
        parts.append(f"different on {where} from this Parlour's: {_names(changed)}")
    if extra:
        parts.append(f"on {where} but not in this Parlour: {_names(extra)}")
    return Check(PROBLEM, "Commands", "; ".join(parts) + ". " + SYNC_HINT)


def _names(names: list[str]) -> str:
    return ", ".join(f"/{n}" for n in names)


# What makes two command payloads the same command for a user (ids, versions and
# fields Discord fills in do not matter).
_KEPT = ("name", "description", "type", "required", "choices", "options", "min_value",
         "max_value", "min_length", "max_length", "autocomplete", "channel_types")
_DEFAULTS: dict[str, Any] = {"required": False, "autocomplete": False, "choices": [],
                             "options": [], "channel_types": []}


def _shape(payload: Mapping[str, Any], top: bool = True) -> tuple:
    items = []
    for key in _KEPT:
        value = payload.get(key, 1 if key == "type" and top else _DEFAULTS.get(key))
        if value in (None, [], False) and key != "type":
            continue
        if key == "options":
            value = tuple(_shape(o, top=False) for o in value)
        elif key == "choices":
            value = tuple((c["name"], c["value"]) for c in value)
        elif isinstance(value, list):
            value = tuple(value)
        items.append((key, value))
    return tuple(items)


def _plain(message: str) -> str:
    """A start-up message without its "Error:" and on one line (doctor wraps its own)."""
    return " ".join(message.removeprefix("Error: ").split())
