#!/usr/bin/env bash
# Re-resolve the lock files from pyproject.toml (a developer's step; CI and Docker only
# install from them).  Needs uv (`pip install uv`).  Pins are kept where they still fit;
# `locks/update.sh --upgrade` moves everything to the newest allowed versions.
#   bot.txt     the bot's dependencies: what the Docker image installs
#   test.txt    the bot's and the test extra's, with the same pins as bot.txt: what .ci/run
#               installs before the README's test command
#   lowest.txt  every direct dependency at the lowest version pyproject.toml allows
#               (discord.py 2.6.0...): .ci/run's smoke test of the minimums
# All for CPython 3.11 on Linux (the Docker image, CI), wheels only (nothing is compiled on
# a clean machine), every file's hash.
set -euo pipefail
cd "$(dirname "$0")/.."
common=(--python-version 3.11 --python-platform x86_64-manylinux_2_28 --only-binary :all:
        --generate-hashes --quiet --custom-compile-command "locks/update.sh")
uv pip compile pyproject.toml "${common[@]}" "$@" -o locks/bot.txt
uv pip compile pyproject.toml --extra test -c locks/bot.txt "${common[@]}" "$@" \
    -o locks/test.txt
uv pip compile pyproject.toml --extra test --resolution lowest-direct "${common[@]}" "$@" \
    -o locks/lowest.txt
