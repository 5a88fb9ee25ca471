"""``/rules`` on Discord: every page of every game, as a Discord user sees it."""

from __future__ import annotations

import re

import pytest

import rules
from bot.discordbot.ui import rules_pages
from bot.i18n import lang_for

# A terminal command line, e.g. "parlour rules piquet" or "python -m ...".
TERMINAL = re.compile(r"\b(parlour|python3?) +(rules|play|run|leaderboard|replay|-m)\b", re.I)


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_rules_pages_never_send_a_discord_user_to_the_terminal(game: str) -> None:
    pages = rules_pages.pages(game)
    for number in range(len(pages)):
        embed, _ = rules_pages.page(game, number)
        shown = "\n".join([embed.title or "", embed.description or "", embed.footer.text or ""])
        assert not TERMINAL.search(shown), (game, number, TERMINAL.search(shown))
        assert embed.footer.text == f"page {number + 1} of {len(pages)}"


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_polish_and_russian_rules_fit_the_same_pages(game: str, lang: str) -> None:
    text = rules.get_game(game).rules_text(lang)
    pages = rules_pages.pages(game, lang)
    assert all(0 < len(p) <= rules_pages.PAGE for p in pages)
    assert "\n\n".join(pages) == text  # nothing lost or cut mid-paragraph
    for number in range(len(pages)):
        embed, _ = rules_pages.page(game, number, lang_for(lang))
        assert embed.description == pages[number]
        assert len(embed.description) <= 4096 and len(embed) <= 6000
