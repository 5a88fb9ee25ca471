"""A game's rules text as pages that fit an embed, with Previous/Next buttons."""

from __future__ import annotations

from functools import lru_cache

import discord

from ..core import TableError
from . import render
from .components import RulesButton, view_of

PAGE = 3500   # characters per page (an embed description holds 4096)


@lru_cache(maxsize=16)
def pages(game: str) -> tuple[str, ...]:
    """The rules text cut at paragraph boundaries into pages of at most PAGE characters."""
    text = render.game_of(game).rules_text()
    out: list[str] = []
    current = ""
    for para in text.split("\n\n"):
        while len(para) > PAGE:  # a giant paragraph: cut it hard
            if current:
                out.append(current)
                current = ""
            out.append(para[:PAGE])
            para = para[PAGE:]
        if current and len(current) + 2 + len(para) > PAGE:
            out.append(current)
            current = para
        else:
            current = f"{current}\n\n{para}" if current else para
    if current:
        out.append(current)
    return tuple(out) or ("(no rules text)",)


def page(game: str, number: int) -> tuple[discord.Embed, discord.ui.View | None]:
    try:
        gm = render.game_of(game)
    except ValueError as e:
        raise TableError(str(e)) from None
    texts = pages(gm.name)
    number = max(0, min(number, len(texts) - 1))
    embed = discord.Embed(title=f"Rules of {gm.title}"[:256], description=texts[number],
                          colour=discord.Colour.blurple())
    embed.set_footer(text=f"page {number + 1} of {len(texts)}")  # no terminal commands here
    items = []
    if number > 0:
        items.append(RulesButton(gm.name, number - 1, label="Previous", emoji="◀️"))
    if number < len(texts) - 1:
        items.append(RulesButton(gm.name, number + 1, label="Next", emoji="▶️"))
    return embed, (view_of(*items) if items else None)
