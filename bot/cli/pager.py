"""Long output on a terminal, a screen at a time (``parlour replay``).

On a terminal the text goes to the pager a person expects: ``$PAGER`` if set (run by the
shell, as git does), else ``less`` (with ``LESS=FRX`` unless ``LESS`` is set: colours
kept, no pager at all for a text that fits one screen, the text left on the screen on
quitting).  With neither, the terminal shows it a screen at a time itself: Enter for the
next screen, q to stop.  Piped or redirected, the text is printed as it is.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from typing import TextIO

from ..i18n import EN, Lang

QUIT = ("q", "quit", "exit", "wyjdź", "wyjdz", "koniec", "выход", "выйти")


def wants_pager(out: TextIO, stdin: TextIO | None = None) -> bool:
    """Page only a person's terminal: both ends are a tty."""
    stdin = stdin or sys.stdin
    try:
        return out.isatty() and stdin.isatty()
    except (AttributeError, ValueError):
        return False


def page(text: str, *, out: TextIO | None = None, lang: Lang = EN,
         env: dict[str, str] | None = None, rows: int | None = None,
         read: Callable[[], str] | None = None) -> None:
    """Show ``text`` on the terminal ``out``, a screen at a time (see the module)."""
    out = out or sys.stdout
    env = dict(os.environ if env is None else env)
    command = env.get("PAGER", "").strip()
    if not command and shutil.which("less", path=env.get("PATH")):
        command = "less"
        env.setdefault("LESS", "FRX")
    if command and command != "cat":
        out.flush()
        try:
            subprocess.run(command, shell=True, input=text.encode(), env=env, check=False)
            return
        except OSError:   # the pager did not start: page it here
            pass
    if command == "cat":   # PAGER=cat: as is
        out.write(text)
        out.flush()
        return
    screens(text, out=out, lang=lang, rows=rows, read=read)


def screens(text: str, *, out: TextIO, lang: Lang = EN, rows: int | None = None,
            read: Callable[[], str] | None = None) -> None:
    """``text`` a screen at a time, asking between screens (Enter: next, q: stop)."""
    if rows is None:
        rows = shutil.get_terminal_size((80, 24)).lines
    step = max(rows - 1, 5)           # the last line is the question's
    lines = text.splitlines()
    read = read or sys.stdin.readline
    at = 0
    while at < len(lines):
        out.write("\n".join(lines[at:at + step]) + "\n")
        at += step
        if at >= len(lines):
            break
        out.write(lang._("-- line {at} of {total}: Enter for more, q to stop --",
                         at=at, total=len(lines)) + " ")
        out.flush()
        answer = read()
        if not answer or " ".join(answer.strip().lower().split()) in QUIT:
            if not answer:
                out.write("\n")
            break
    out.flush()
