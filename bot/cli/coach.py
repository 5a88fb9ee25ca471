"""The terminal's ``hint`` (typed at the prompt of ``parlour play``)."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Core, TableError
from ..i18n import Lang
from ..present import coach as words
from ..present.messages import said
from .moves import Moves
from .table_view import TableView

HINT_WORDS = ("hint", "podpowiedź", "podpowiedz", "подсказка")


async def hint_line(core: Core, channel_id: int, user_id: int, table: TableView,
                    describe: Callable[[str], str], lang: Lang,
                    moves: Moves | None = None) -> str:
    """The coach's move and why, worded for the terminal (or why there is no hint): as the
    move menu shows it, with its number there (what the player may type)."""
    try:
        got = await core.hints.hint(channel_id, user_id)
    except TableError as e:
        return said(e, lang)
    move = table.fill(describe(got.action))
    if moves is not None:
        number = moves.number_of(got.action)
        if number is not None:
            move = f"[{number}] {move}"
    return words.hint_text(move, got.reasons, lang)


def hint_help(lang: Lang) -> str:
    return lang._("Type hint for the move the hard AI would make, and why.")
