"""The README's quick-start commands, read from README.md itself (standard library only,
so .ci/run can read them before anything is installed).

``python3 tests/readme_commands.py tests`` prints the tests' command, ``... bot`` the bot's,
``... demo`` the fake-Discord demo's.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start_commands() -> tuple[str, str]:
    """(the bot's command, the tests' command) from the README's Quick start section."""
    text = (ROOT / "README.md").read_text()
    section = text.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    blocks = [b.strip() for b in re.findall(r"```sh\n(.*?)```", section, re.S)]
    bot = [b for b in blocks if "parlour run --sync" in b]
    tests = [b for b in blocks if re.search(r"&& pytest( -n \d+)?$", b)]
    assert len(bot) == 1 and len(tests) == 1, blocks
    assert "\n" not in bot[0] and "\n" not in tests[0]
    return bot[0], tests[0]


def demo_command() -> str:
    """The command of the README's "Developing against the fake Discord" section."""
    text = (ROOT / "README.md").read_text()
    section = text.split("\n## Developing against the fake Discord\n", 1)[1].split("\n## ", 1)[0]
    blocks = [b.strip() for b in re.findall(r"```sh\n(.*?)```", section, re.S)]
    assert len(blocks) == 1 and "\n" not in blocks[0], blocks
    return blocks[0]


if __name__ == "__main__":
    bot, tests = quick_start_commands()
    print({"tests": tests, "demo": demo_command()}.get(" ".join(sys.argv[1:]), bot))
