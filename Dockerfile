# Parlour's Discord bot.  Build: docker build -t parlour .   (or: docker compose up -d)
# Once:  docker run --rm -it -e DISCORD_TOKEN=... -v parlour-data:/data parlour parlour run --sync
# Run:   docker run -d --name parlour --restart unless-stopped \
#            -e DISCORD_TOKEN=... -v parlour-data:/data parlour
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PARLOUR_DB=/data/parlour.db \
    PARLOUR_HEARTBEAT=/tmp/parlour-heartbeat \
    PARLOUR_WAIT_ON_ERROR=1

# A fixed numeric user (10001), so that a bind-mounted /data can be given to it.
RUN groupadd --system --gid 10001 parlour \
    && useradd --system --uid 10001 --gid parlour --home-dir /home/parlour --create-home parlour \
    && mkdir -p /data \
    && chown parlour:parlour /data

WORKDIR /app
# Dependencies first, in their own layer, at the exact versions CI tested (locks/bot.txt,
# every file's hash checked): rebuilt only when the lock changes, not on every change of
# the code.
COPY locks/bot.txt ./locks/bot.txt
RUN pip install --no-cache-dir --require-hashes -r locks/bot.txt

# Then the code (no dependency is resolved again).
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY games ./games
COPY bot ./bot
RUN pip install --no-cache-dir --no-deps . && rm -rf /app/build

USER 10001:10001
VOLUME ["/data"]
# The token comes from the environment (DISCORD_TOKEN); never bake it into the image.
# Healthy = connected to Discord's gateway and the database answering, as of the bot's
# heartbeat (rewritten every 30 s); see `parlour health`.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["parlour", "health"]
# A start-up failure a restart cannot fix (missing or rejected token, database...) waits
# with a clear log line instead of exiting (PARLOUR_WAIT_ON_ERROR=1), so that
# `--restart unless-stopped` does not loop; network failures exit (code 3) and are retried.
# SIGTERM (docker stop) shuts the bot down cleanly: the database is closed.
STOPSIGNAL SIGTERM
CMD ["parlour", "run"]
