"""The heartbeat file: the running bot writes its health there every interval, and
``parlour health`` (Docker's HEALTHCHECK) reads it.  A small JSON object::

    {"time": 1790000000.0, "gateway": true, "database": true, "pid": 7}

No discord import here: the health check must stay quick and light."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Beat:
    time: float
    gateway: bool   # connected to Discord's gateway, session ready
    database: bool  # the database answered a query
    pid: int


def write_beat(path: str | Path, gateway: bool, database: bool,
               now: float | None = None) -> None:
    """Replace the file atomically (a reader never sees half a beat)."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    beat = {"time": time.time() if now is None else now, "gateway": gateway,
            "database": database, "pid": os.getpid()}
    tmp.write_text(json.dumps(beat))
    os.replace(tmp, path)


def remove_beat(path: str | Path) -> None:
    Path(path).unlink(missing_ok=True)


def health(path: str | Path, max_age: float, now: float | None = None) -> str | None:
    """What is wrong according to the heartbeat file, in plain words; None if healthy."""
    path = Path(path)
    try:
        data = json.loads(path.read_text())
        beat = Beat(float(data["time"]), bool(data["gateway"]), bool(data["database"]),
                    int(data["pid"]))
    except FileNotFoundError:
        return f"No heartbeat at {path}: the bot has not started, or has stopped."
    except (OSError, ValueError, KeyError, TypeError):
        return f"The heartbeat file {path} cannot be read."
    age = (time.time() if now is None else now) - beat.time
    if age > max_age:
        return f"The last heartbeat is {age:.0f} s old: the bot is stuck or has stopped."
    if not beat.gateway:
        return "The bot is not connected to Discord (it is reconnecting, or cannot)."
    if not beat.database:
        return "The bot's database does not answer."
    return None
