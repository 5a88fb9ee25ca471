# Parlour's Discord bot.  Build: docker build -t parlour .
# Once:  docker run --rm -it -e DISCORD_TOKEN=... -v parlour-data:/data parlour parlour run --sync
# Run:   docker run -d --name parlour -e DISCORD_TOKEN=... -v parlour-data:/data parlour
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PARLOUR_DB=/data/parlour.db

RUN groupadd --system parlour \
    && useradd --system --gid parlour --home-dir /home/parlour --create-home parlour \
    && mkdir -p /data \
    && chown parlour:parlour /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY rules ./rules
COPY bot ./bot
RUN pip install . && rm -rf /app/build

USER parlour
VOLUME ["/data"]
# The token comes from the environment (DISCORD_TOKEN); never bake it into the image.
# SIGTERM (docker stop) shuts the bot down cleanly: the database is closed.
STOPSIGNAL SIGTERM
CMD ["parlour", "run"]
