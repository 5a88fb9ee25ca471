"""The README's two quick-start commands and its fake-Discord demo, run verbatim (read
from README.md itself) in a fresh copy of the project with a fresh virtualenv, as a
newcomer would type them.

Slow (pip installs into new virtualenvs; the second runs the whole suite): marked ``slow``,
left out of the default run, run by ``pytest -m slow``; what the demo imports is checked
against what its command installs in the default run.  .ci/run runs the bot's test
and, instead of the tests' test (which would run the whole suite a second time), the
tests' command itself, read from README.md the same way.  pip may reach
the package registry; everything else stays on this machine: the bot talks to the fake
Discord on 127.0.0.1 through PARLOUR_DISCORD_API / PARLOUR_DISCORD_GATEWAY."""

from __future__ import annotations

import asyncio
import importlib.metadata as metadata
import os
import re
import shutil
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import psutil
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.fakediscord import FakeDiscord, build_scene
from tests.readme_commands import ROOT, demo_command, quick_start_commands

INSTALL_TIMEOUT = 900.0  # s: a fresh virtualenv and pip install
SUITE_TIMEOUT = 3600.0   # s: the install and the whole default suite (busy machines too)


def fresh_copy(dest: Path) -> Path:
    """The project as a fresh clone has it: no virtualenv, caches, databases or builds."""
    ignored = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.egg-info", "build",
                                     "dist", ".pytest_cache", ".hypothesis", ".ruff_cache",
                                     "*.db", "*.db-wal", "*.db-shm", ".env")
    shutil.copytree(ROOT, dest, ignore=ignored)
    return dest


def newcomer_env(**extra: str) -> dict[str, str]:
    """This environment without the test run's virtualenv, Parlour or pytest settings."""
    venv = os.environ.get("VIRTUAL_ENV")
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep)
            if p and not (venv and p.startswith(venv)) and not p.startswith(str(ROOT))]
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PARLOUR_", "PYTEST", "VIRTUAL_ENV", "PYTHON"))
           and k != "DISCORD_TOKEN"}
    env["PATH"] = os.pathsep.join(path)
    env.update(extra)
    return env


A_TOKEN = "MTIzNDU2Nzg5.R2hvc3Q.c2lnbmF0dXJlLW5vdC12YWxpZA"   # shaped like a bot token


@pytest.mark.slow
async def test_the_bot_command_runs_the_bot(tmp_path) -> None:
    bot_command, _ = quick_start_commands()
    token = re.search(r"DISCORD_TOKEN=(\S+)", bot_command)
    assert token, bot_command
    # The reader puts their bot's token in place of the README's placeholder (which
    # `parlour run` refuses, naming where the token is found); the rest runs as written.
    bot_command = bot_command.replace(token.group(0), f"DISCORD_TOKEN={A_TOKEN}")
    project = fresh_copy(tmp_path / "parlour")
    log_path = tmp_path / "bot.log"
    async with FakeDiscord(token=A_TOKEN) as fake:
        build_scene(fake)
        env = newcomer_env(PARLOUR_DISCORD_API=fake.api_url,
                           PARLOUR_DISCORD_GATEWAY=fake.gateway_url)
        with open(log_path, "w") as log:
            proc = await asyncio.create_subprocess_exec(
                "/bin/sh", "-c", bot_command, cwd=project, env=env, stdout=log,
                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + INSTALL_TIMEOUT
            while not (fake.connected and fake.commands.listing(None)):
                assert proc.returncode is None, log_path.read_text()[-3000:]
                assert loop.time() < deadline, log_path.read_text()[-3000:]
                await asyncio.sleep(0.5)
            # The bot is up and synced: stop it as `docker stop` or Ctrl-C would.
            bot = [p for p in psutil.Process(proc.pid).children()
                   if p.cmdline()[1:3] == [str(project / ".venv" / "bin" / "parlour"), "run"]]
            assert len(bot) == 1, [p.cmdline() for p in bot]
            bot[0].send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(proc.wait(), 60) == 0, log_path.read_text()[-3000:]
        finally:
            if proc.returncode is None:  # a failed test: the shell and the bot it started
                os.killpg(proc.pid, signal.SIGKILL)
                await proc.wait()
    output = log_path.read_text()
    assert re.search(r"synced \d+ global commands", output), output[-3000:]
    assert "Traceback" not in output and "voice will NOT be supported" not in output
    assert (project / "parlour.db").exists() and (project / ".venv" / "bin" / "parlour").exists()


@pytest.mark.slow
def test_the_tests_command_passes(tmp_path) -> None:
    _, tests_command = quick_start_commands()
    project = fresh_copy(tmp_path / "parlour")
    with subprocess.Popen(["/bin/sh", "-c", tests_command], cwd=project, env=newcomer_env(),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          stdin=subprocess.DEVNULL, start_new_session=True) as proc:
        try:
            output, _ = proc.communicate(timeout=SUITE_TIMEOUT)
        finally:
            if proc.poll() is None:  # timed out: the shell, pip or pytest and their children
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    done = subprocess.CompletedProcess(proc.args, proc.returncode, output)
    assert done.returncode == 0, output[-5000:]
    summary = re.findall(r"^\d+ passed.*$", output, re.M)
    assert summary, output[-2000:]
    assert "failed" not in summary[-1] and "error" not in summary[-1], summary[-1]


def _installed_by(extras: set[str]) -> set[str]:
    """The distributions ``pip install -e '.[extras]'`` brings: Parlour's requirements (with
    those extras) and theirs, as installed here."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"])
    for extra in extras:
        wanted += project["optional-dependencies"][extra]
    found: set[str] = set()
    while wanted:
        req = Requirement(wanted.pop())
        name = canonicalize_name(req.name)
        if name in found or (req.marker and not req.marker.evaluate({"extra": ""})):
            continue
        found.add(name)
        try:
            wanted += metadata.requires(req.name) or []
        except metadata.PackageNotFoundError:
            continue
    return found


def test_the_demo_command_installs_what_the_demo_imports() -> None:
    command = demo_command()
    steps = [step.strip() for step in command.split("&&")]
    assert steps[-1].startswith("python -m tests.fakediscord.demo"), command
    installs = [re.fullmatch(r"pip install -e '?\.(?:\[([\w,]+)\])?'?", step)
                for step in steps[:-1]]
    install = next((found for found in installs if found), None)
    assert install, f"the demo's command {command!r} installs nothing before the demo"
    extras = set(install.group(1).split(",")) if install.group(1) else set()
    shown = subprocess.run(
        [sys.executable, "-c", "import sys, tests.fakediscord.demo; print(*sorted({m.split('.')[0] "
         "for m in sys.modules}))"], cwd=ROOT, capture_output=True, text=True, check=True)
    by_module = metadata.packages_distributions()
    imported = {canonicalize_name(d) for m in shown.stdout.split() for d in by_module.get(m, [])}
    missing = imported - _installed_by(extras) - {"parlour", "pip", "setuptools"}
    assert not missing, f"the demo imports {sorted(missing)}, which {command!r} does not install"


@pytest.mark.slow
def test_the_demo_command_runs_the_demo(tmp_path) -> None:
    project = fresh_copy(tmp_path / "parlour")
    done = subprocess.run(["/bin/sh", "-c", demo_command()], cwd=project, env=newcomer_env(),
                          capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=INSTALL_TIMEOUT)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    assert "Traceback" not in done.stdout + done.stderr
