"""A game's rules text as pages that fit an embed, with Previous/Next buttons."""

from __future__ import annotations

from functools import lru_cache

import discord

from ... import plugins
from ...core import TableError
from ...i18n import EN, Lang
from ...present.base import game_title
from .. import render
from .components import RulesButton, view_of

PAGE = 3500   # characters per page (an embed description holds 4096)


@lru_cache(maxsize=16)
def pages(game: str, lang: str = "en") -> tuple[str, ...]:
    """The rules text in ``lang`` cut at paragraph boundaries into pages of at most PAGE
    characters."""
    text = plugins.find(game).rules_text(lang)
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


def page(game: str, number: int,
         lang: Lang = EN) -> tuple[discord.Embed, discord.ui.View | None]:
    """Page ``number`` of ``game``'s rules in ``lang`` (the reader's: the Previous/Next
    buttons are answered in the same reader's language, so pages line up)."""
    _ = lang.gettext
    try:
        gm = render.game_of(game)
    except ValueError as e:
        raise TableError(str(e)) from None
    texts = pages(gm.name, lang.code)
    number = max(0, min(number, len(texts) - 1))
    embed = discord.Embed(title=_("Rules of {game}", game=game_title(gm.title, lang))[:256],
                          description=texts[number], colour=discord.Colour.blurple())
    # no terminal commands here
    embed.set_footer(text=_("page {n} of {total}", n=number + 1, total=len(texts)))
    items = []
    if number > 0:
        items.append(RulesButton(gm.name, number - 1, label=_("Previous"), emoji="◀️"))
    if number < len(texts) - 1:
        items.append(RulesButton(gm.name, number + 1, label=_("Next"), emoji="▶️"))
    return embed, (view_of(*items) if items else None)
