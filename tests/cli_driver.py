"""Drive ``parlour play`` as a person would: read the table view, answer at the prompt.

Runs the real command in a subprocess, on a pseudo-terminal (``tty=True``: colour,
echo, Ctrl-C as SIGINT) or on pipes (like ``parlour play coins < moves.txt``).
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;]*m")
PROMPT = "> "


class Session:
    def __init__(self, *args: str, cwd: Path, tty: bool = False,
                 env: dict[str, str] | None = None, size: tuple[int, int] | None = None,
                 command: str = "play") -> None:
        """``size`` (columns, lines): a pseudo-terminal of that size, as a terminal
        emulator sets it (no COLUMNS in the environment then)."""
        full_env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80")
        full_env.pop("NO_COLOR", None)
        for var in ("LINES", "COLUMNS") if size else ():
            full_env.pop(var, None)
        full_env.update(env or {})
        cmd = [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())",
               command, *args]
        self.tty = tty or size is not None
        if self.tty:
            master, slave = pty.openpty()
            if size is not None:
                fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0],
                                                                    0, 0))
            self.proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave,
                                         cwd=cwd, env=full_env, close_fds=True)
            os.close(slave)
            self.read_fd = self.write_fd = master
        else:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.STDOUT, cwd=cwd, env=full_env)
            self.read_fd = self.proc.stdout.fileno()
            self.write_fd = self.proc.stdin.fileno()
        self.raw = ""        # everything read, escapes and all
        self._mark = 0

    # -- reading ----------------------------------------------------------------------

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.read_fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.read_fd, 65536)
        except OSError:  # the pty closes with EIO once the child is gone
            chunk = b""
        if not chunk:
            return False
        self.raw += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return True

    def until_prompt(self, timeout: float = 60) -> str:
        """Text (escapes stripped) printed since the last call, up to the next prompt
        or the end of output."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.plain(self.raw[self._mark:]).endswith(PROMPT):
                break
            if not self._read(0.5):
                break
        else:
            raise TimeoutError(self.plain(self.raw[self._mark:])[-2000:])
        out, self._mark = self.raw[self._mark:], len(self.raw)
        return self.plain(out)

    @staticmethod
    def plain(s: str) -> str:
        return ANSI.sub("", s)

    @property
    def text(self) -> str:
        return self.plain(self.raw)

    # -- writing ----------------------------------------------------------------------

    def send(self, line: str) -> str:
        os.write(self.write_fd, (line + "\n").encode())
        return self.until_prompt()

    def eof(self) -> int:
        if self.tty:
            os.write(self.write_fd, b"\x04")
        else:
            self.proc.stdin.close()
        return self.finish()

    def interrupt(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        return self.finish()

    def finish(self, timeout: float = 60) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end and self._read(0.5):
            if self.proc.poll() is not None and not select.select([self.read_fd], [], [], 0)[0]:
                break
        code = self.proc.wait(timeout=max(1.0, end - time.monotonic()))
        if self.tty:
            os.close(self.read_fd)
        return code


def ends_with(text: str, line: str) -> bool:
    """Does ``text`` end with ``line``, however the terminal's width wrapped either?"""
    return " ".join(text.split()).endswith(" ".join(line.split()))


MOVE_HEADINGS = ("Your move", "Twój ruch", "Ваш ход")


def next_move(screen: str) -> str:
    """What a newcomer types for the table view ``screen`` (in any language): the first
    numbered move, or else the example the view gives for a choice of several cards."""
    panel = screen[max(screen.rfind(h) for h in MOVE_HEADINGS):]
    if re.search(r"\[1\] ", panel):
        return "1"
    example = re.findall(r"(?:e\.g\.|np\.|например)\s+(.+)", panel)
    assert example, f"no move offered in:\n{screen}"
    return " ".join(example[-1].split())


def play_out(s: Session, limit: int = 400) -> str:
    """Answer every prompt with ``next_move`` until the game ends; everything shown."""
    screen = board = s.until_prompt()
    for _ in range(limit):
        if not screen.endswith(PROMPT):
            break
        if "Your move" in screen:
            board = screen
        screen = s.send(next_move(board))
    else:
        s.eof()   # the limit: stop the game as a player would
        return s.text
    s.finish()
    return s.text
