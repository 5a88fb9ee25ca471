"""A command's docstring as its ``--help`` description: plain words, no markup."""

from __future__ import annotations

import re

_LEAD = re.compile(r"\A\s*``parlour [\w-]+``:\s*")   # "``parlour run``: " names the command
_CODE = re.compile(r"``(.+?)``|`([^`\n]+)`")


def description(doc: str | None) -> str:
    """``doc`` without the leading command name and with ``code`` marks dropped
    ("``parlour doctor``: check what ``parlour run`` needs" -> "Check what parlour run
    needs")."""
    text = _CODE.sub(lambda m: m.group(1) or m.group(2), _LEAD.sub("", doc or ""))
    return text[:1].upper() + text[1:]
