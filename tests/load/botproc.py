"""The bot as a separate process (``parlour run`` against the fake), measured with psutil."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import psutil

# With two or more cores the bot gets the first and the driver the second (so the bot's
# CPU figures are its own); read once, before the driver pins itself.
CORES = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []


def parlour_command() -> list[str]:
    """The installed ``parlour`` script next to this interpreter, else ``python -m``-style."""
    script = Path(sys.executable).with_name("parlour")
    if script.exists():
        return [str(script)]
    found = shutil.which("parlour")
    if found:
        return [found]
    return [sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main())"]


def can_pin() -> bool:
    return hasattr(os, "sched_setaffinity") and len(CORES) >= 2


def pin_driver() -> set[int] | None:
    """Keep this (driver) process off the bot's core; the previous affinity when pinned."""
    if not can_pin():
        return None
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {CORES[1]})
    return before


def unpin_driver(before: set[int] | None) -> None:
    if before:
        os.sched_setaffinity(0, before)


def _pin_child_to_bot_core() -> None:  # runs in the child before exec: all its threads inherit
    os.sched_setaffinity(0, {CORES[0]})


# Tests that run ``parlour run`` beside a busy test suite draw boards in a thread: the board
# worker process of "auto" runs at SCHED_IDLE, which a machine with every core busy (the
# suite's other workers) runs so seldom that boards waited past the tests' hang guards.
BOARDS_IN_A_THREAD = {"PARLOUR_PICTURE_WORKER": "thread"}


class BotProcess:
    """``parlour run`` with the developer endpoint variables, its own database and log."""

    def __init__(self, api_url: str, gateway_url: str, token: str, db_path: Path | str,
                 log_path: Path, *, ai_executor: str = "inline", ai_delay: float = 0.0,
                 pin: bool = True, log_level: str = "WARNING",
                 env: dict[str, str] | None = None) -> None:
        self.db_path = db_path
        self.log_path = log_path
        self.pin = pin and can_pin()
        self.env = {**os.environ, "DISCORD_TOKEN": token, "PARLOUR_DB": str(db_path),
                    "PARLOUR_DISCORD_API": api_url, "PARLOUR_DISCORD_GATEWAY": gateway_url,
                    "PARLOUR_AI_EXECUTOR": ai_executor, "PARLOUR_AI_DELAY": str(ai_delay),
                    "PARLOUR_LOG_LEVEL": log_level, "PARLOUR_DEV_GUILD": "", **(env or {})}
        self.popen: subprocess.Popen | None = None
        self.ps: psutil.Process | None = None
        self.starts = 0

    def start(self, *, sync: bool) -> None:
        cmd = parlour_command() + ["run", "--db", str(self.db_path)] + (["--sync"] if sync else [])
        log = open(self.log_path, "a")  # noqa: SIM115 - handed to the child
        log.write(f"--- start {self.starts + 1}: {' '.join(cmd)}\n")
        log.flush()
        self.popen = subprocess.Popen(cmd, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                      stdin=subprocess.DEVNULL, cwd=self.log_path.parent,
                                      preexec_fn=_pin_child_to_bot_core if self.pin else None)
        log.close()
        self.ps = psutil.Process(self.popen.pid)
        self.starts += 1

    @property
    def pid(self) -> int:
        assert self.popen is not None
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def cpu_seconds(self) -> float:
        """User + system CPU of the bot: its threads and its worker processes (pictures,
        AI) included."""
        total = 0.0
        for p in self._processes():
            try:
                t = p.cpu_times()
            except psutil.Error:   # a worker that ended meanwhile
                continue
            total += t.user + t.system
        return total

    def rss(self) -> int:
        """Resident memory of the bot and its worker processes."""
        total = 0
        for p in self._processes():
            try:
                total += p.memory_info().rss
            except psutil.Error:
                continue
        return total

    def _processes(self) -> list[psutil.Process]:
        assert self.ps is not None
        try:
            return [self.ps, *self.ps.children(recursive=True)]
        except psutil.Error:
            return [self.ps]

    def written_bytes(self) -> int | None:
        try:
            assert self.ps is not None
            return self.ps.io_counters().write_bytes
        except (psutil.AccessDenied, AttributeError):
            return None

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs (the crash test)."""
        if self.alive():
            assert self.popen is not None
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(10)

    def stop(self, timeout: float = 15.0) -> int | None:
        """SIGTERM (a clean shutdown), SIGKILL if it does not exit in time."""
        if self.popen is None:
            return None
        if self.alive():
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        return self.popen.returncode

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

