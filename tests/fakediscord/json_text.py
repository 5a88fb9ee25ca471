"""JSON as the fake sends it: compact, like Discord's, and fast.

orjson rather than the standard library: encoding alone was a sixth of the load
driver's busy time, and the fake shares the machine with the bot it measures, so its
CPU is taken from the bot.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps(data: Any) -> bytes:
    """``data`` as compact JSON."""
    try:
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:   # an integer beyond 64 bits, say
        return json.dumps(data, separators=(",", ":")).encode()


def loads(text: str | bytes) -> Any:
    return orjson.loads(text)


def copy_json(data: Any) -> Any:
    """A deep copy of JSON data (what ``copy.deepcopy`` gives, several times faster)."""
    return orjson.loads(dumps(data))
