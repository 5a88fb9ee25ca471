"""The custom_id scheme of every button and select menu (all start with ``pl:``).

Ids carry what a click needs to be handled by a bot that has just restarted:
the channel (= the table) and, for moves, the move number the control was
drawn for, so an old or double click is recognised as stale.

    pl:hand:<channel>                       board: open my hand panel
    pl:count:<channel>                      board: ask for the count (Pinkerton)
    pl:lobby:<op>:<channel>                 board: join | leave | start | ai
    pl:do:<channel>:<move>:<action>         panel button: make this move
    pl:c:<channel>:<move>:<form>:<kind>     panel select: cards for "<kind> <cards>"
    pl:cc:<channel>:<move>:<form>:<kind>    the same, shown for Confirm / Change first
    pl:p:<channel>:<move>:<form>            panel select: one canonical move per option
    pl:pc:<channel>:<move>:<form>           the same, shown for Confirm / Change first

A Confirm button is a ``pl:do`` button holding the chosen move, so a pending
choice survives a restart and a stale one is refused like any old control.

``<channel>`` names the control's place (``bot.seat``): a table by its channel id, or
a daily deal by a number of 20 digits above every snowflake (``DAILY_BASE`` + day * 16 +
the game's daily code, ``DailyRule.code``: fixed per game, so the order games register
in does not move old buttons).  ``place_key`` reads it into a ``PlaceKey``
once, at the edge; ``field`` writes one.
    pl:rules:<game>:<page>                  rules pages
    pl:tourney:<op>:<tournament>            sign-up message: join | leave | check (in)
    pl:hint:<channel>:<move>                panel: the hard AI's move now, and why
    pl:open:<channel>                       board: open the table in the Activity (web on)
    pl:pz:<user>:<puzzle>:<next>:<action>   /puzzle: answer with this candidate move
    pl:pzs:<user>:<puzzle>:<next>           /puzzle: the same as a select (a long move text)
    pl:pzn:<user>:<next>                    /puzzle's answer: the next puzzle
    pl:pzr:<user>:<puzzle>:<next>           /puzzle's answer: report the puzzle as wrong

A puzzle's controls name the user it was issued to, so another person's click is refused
before anything is asked of the core, the puzzle, so a click after a restart answers, and
``<next>``: the game "Next puzzle" asks for (``any``: any game, as /puzzle was asked).
"""

from __future__ import annotations

import re

from ..core.daily import DailyError
from ..core.daily_rules import DAILY_CODES, by_code, rule_for
from ..seat import DailyKey, PlaceKey, TableKey

CUSTOM_ID_MAX = 100
ACTION_MAX = 60   # "pl:do:" + 20-digit channel + 9-digit move + separators + 60 <= 100
_CH = r"(?P<channel>[0-9]{1,20})"
_MOVE = r"(?P<move>[0-9]{1,9})"

# Compiled once: each is a DynamicItem's template and, as its ``pattern``, what the client
# matches a custom_id against before handing a click to discord.py.
HAND = re.compile(rf"pl:hand:{_CH}")
COUNT = re.compile(rf"pl:count:{_CH}")
LOBBY = re.compile(rf"pl:lobby:(?P<op>join|leave|start|ai):{_CH}")
DO = re.compile(rf"pl:do:{_CH}:{_MOVE}:(?P<action>[^:]{{1,{ACTION_MAX}}})")
CARDS = re.compile(rf"pl:(?P<op>cc?):{_CH}:{_MOVE}:(?P<form>[0-9]{{1,2}}):(?P<kind>[a-z_]{{1,20}})")
PICK = re.compile(rf"pl:(?P<op>pc?):{_CH}:{_MOVE}:(?P<form>[0-9]{{1,2}})")
RULES = re.compile(r"pl:rules:(?P<game>[a-z_]{1,20}):(?P<page>[0-9]{1,3})")
TOURNEY = re.compile(r"pl:tourney:(?P<op>join|leave|check):(?P<tournament>[0-9]{1,20})")
HINT = re.compile(rf"pl:hint:{_CH}:{_MOVE}")
OPEN = re.compile(rf"pl:open:{_CH}")
_USER = r"(?P<user>[0-9]{1,20})"
_PUZZLE = r"(?P<puzzle>[0-9]{1,12})"
_NEXT = r"(?P<next>[a-z_]{1,20})"
PUZZLE = re.compile(rf"pl:pz:{_USER}:{_PUZZLE}:{_NEXT}:(?P<action>[^:]{{1,{ACTION_MAX}}})")
PUZZLE_PICK = re.compile(rf"pl:pzs:{_USER}:{_PUZZLE}:{_NEXT}")
PUZZLE_NEXT = re.compile(rf"pl:pzn:{_USER}:{_NEXT}")
PUZZLE_REPORT = re.compile(rf"pl:pzr:{_USER}:{_PUZZLE}:{_NEXT}")


def hand(channel_id: int) -> str:
    return f"pl:hand:{channel_id}"


def count(channel_id: int) -> str:
    return f"pl:count:{channel_id}"


def lobby(op: str, channel_id: int) -> str:
    return f"pl:lobby:{op}:{channel_id}"


def do(channel_id: int, move: int, action: str) -> str | None:
    """None when the action text cannot travel in a custom_id (too long or has a colon)."""
    cid = f"pl:do:{channel_id}:{move}:{action}"
    return cid if ":" not in action and 0 < len(action) <= ACTION_MAX else None


def cards(channel_id: int, move: int, form: int, kind: str, *, confirm: bool = False) -> str:
    return f"pl:{'cc' if confirm else 'c'}:{channel_id}:{move}:{form}:{kind}"


def pick(channel_id: int, move: int, form: int, *, confirm: bool = False) -> str:
    return f"pl:{'pc' if confirm else 'p'}:{channel_id}:{move}:{form}"


def rules(game: str, page: int) -> str:
    return f"pl:rules:{game}:{page}"


def tourney(op: str, tournament_id: int) -> str:
    return f"pl:tourney:{op}:{tournament_id}"


def hint(channel_id: int, move: int) -> str:
    return f"pl:hint:{channel_id}:{move}"


def open_table(channel_id: int) -> str:
    return f"pl:open:{channel_id}"


def puzzle(user_id: int, puzzle_id: int, next_game: str | None, action: str) -> str | None:
    """None when the move's text cannot travel in a custom_id (too long or has a colon)."""
    cid = f"pl:pz:{user_id}:{puzzle_id}:{next_game or ANY_GAME}:{action}"
    ok = ":" not in action and 0 < len(action) <= ACTION_MAX and len(cid) <= CUSTOM_ID_MAX
    return cid if ok else None


def puzzle_pick(user_id: int, puzzle_id: int, next_game: str | None) -> str:
    return f"pl:pzs:{user_id}:{puzzle_id}:{next_game or ANY_GAME}"


def puzzle_next(user_id: int, next_game: str | None) -> str:
    return f"pl:pzn:{user_id}:{next_game or ANY_GAME}"


def puzzle_report(user_id: int, puzzle_id: int, next_game: str | None) -> str:
    return f"pl:pzr:{user_id}:{puzzle_id}:{next_game or ANY_GAME}"


def next_game(match: re.Match[str]) -> str | None:
    """The game a puzzle control's ``<next>`` names (None: any game)."""
    return None if match["next"] == ANY_GAME else match["next"]


ANY_GAME = "any"             # "Next puzzle" of any game (no plugin is named so)
DAILY_BASE = 10 ** 19        # snowflakes stay below 2**63 < 10**19 + anything used here


def field(key: PlaceKey) -> int:
    """The number a control's custom_id names ``key`` by."""
    if isinstance(key, DailyKey):
        rule = rule_for(key.game)
        if rule is None:
            raise DailyError("no_such")
        return DAILY_BASE + key.day * DAILY_CODES + rule.code
    return key.channel_id


def place_key(number: int) -> PlaceKey:
    """The place a control's number names (DailyError "no_such" for a daily deal of a game
    that has none now)."""
    if number < DAILY_BASE:
        return TableKey(number)
    day, code = divmod(number - DAILY_BASE, DAILY_CODES)
    rule = by_code(code)
    if rule is None:
        raise DailyError("no_such")
    return DailyKey(rule.game, day)
