"""The terminal's ``hint`` (typed at the prompt of ``parlour play``)."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Core, TableError
from ..i18n import Lang
from ..present import coach as words
from ..present.messages import said
from .table_view import TableView

HINT_WORDS = ("hint", "podpowiedź", "podpowiedz", "подсказка")


async def hint_line(core: Core, channel_id: int, user_id: int, table: TableView,
                    describe: Callable[[str], str], lang: Lang) -> str:
    """The hard AI's move and why, worded for the terminal (or why there is no hint)."""
    try:
        got = await core.hints.hint(channel_id, user_id)
    except TableError as e:
        return said(e, lang)
    return words.hint_text(table.fill(describe(got.action)), got.reasons, lang)


def hint_help(lang: Lang) -> str:
    return lang._("Type hint for the move the hard AI would make, and why.")
