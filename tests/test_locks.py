"""The lock files (``locks/``, made by ``locks/update.sh``) agree with pyproject.toml, and
Docker and CI install from them.

- ``bot.txt``: every dependency pinned within its range, with hashes (the Docker image);
- ``test.txt``: the same pins, and the test extra's (CI);
- ``lowest.txt``: every direct dependency at the lowest version pyproject.toml allows
  (CI's smoke test of the minimums)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
# What the locks are resolved for (locks/update.sh): CPython 3.11 on Linux.
TARGET = {"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix",
          "python_version": "3.11", "python_full_version": "3.11.0",
          "implementation_name": "cpython", "platform_python_implementation": "CPython"}


def pins(name: str) -> dict[str, Version]:
    """The lock's ``package==version`` lines; each must carry at least one hash."""
    text = (ROOT / "locks" / name).read_text()
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])
    found: dict[str, Version] = {}
    for block in blocks:
        m = re.match(r"([A-Za-z0-9._-]+)==([^ \\\n]+)", block)
        assert m, block[:80]
        assert "--hash=sha256:" in block, f"{m[1]} has no hash in {name}"
        found[canonicalize_name(m[1])] = Version(m[2])
    return found


def requirements(*extras: str) -> list[Requirement]:
    """pyproject.toml's dependencies (and those of ``extras``) that apply to the target."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"])
    for extra in extras:
        lines += project["optional-dependencies"][extra]
    reqs = [Requirement(line) for line in lines]
    return [r for r in reqs if r.marker is None or r.marker.evaluate(TARGET)]


def minimum(req: Requirement) -> Version:
    lows = [Version(s.version) for s in req.specifier if s.operator == ">="]
    assert len(lows) == 1, f"{req} needs one lower bound"
    return lows[0]


def test_the_bots_lock_pins_every_dependency_within_its_range() -> None:
    locked = pins("bot.txt")
    for req in requirements():
        name = canonicalize_name(req.name)
        assert name in locked, f"{req.name} is not in locks/bot.txt: run locks/update.sh"
        assert locked[name] in req.specifier, (req, locked[name])


def test_the_test_lock_has_the_bots_pins_and_the_test_extra() -> None:
    bot, test = pins("bot.txt"), pins("test.txt")
    assert {name: test.get(name) for name in bot} == bot
    for req in requirements("test"):
        name = canonicalize_name(req.name)
        assert name in test and test[name] in req.specifier, (req, test.get(name))


def test_the_lowest_lock_is_at_every_minimum() -> None:
    lowest = pins("lowest.txt")
    for req in requirements("test"):
        name = canonicalize_name(req.name)
        assert lowest.get(name) == minimum(req), (req, lowest.get(name))
    assert lowest["discord-py"] == Version("2.6.2")


def test_docker_and_ci_install_from_the_locks() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pip install --no-cache-dir --require-hashes -r locks/bot.txt" in dockerfile
    assert "--require-hashes -r locks/test.txt" in ci
    assert "--require-hashes -r locks/lowest.txt" in ci
