"""Every refusal has one shape: a ``TableError`` carrying a ``Msg`` (``rules/messages.py``),
worded in the reader's language by ``present.messages.said`` - the core's own, the daily
deal's and the tournaments' alike, with no switch on the refusal's type."""

from __future__ import annotations

import pytest

from bot.core import TableError
from bot.core.daily import ERRORS, DailyError
from bot.core.daily_rules import daily_rules
from bot.core.tournaments import TournamentRefusal
from bot.i18n import lang_for
from bot.present import daily as words
from bot.present.messages import said
from rules.messages import Msg
from tests.test_core_helpers import BOB, HOST, make_table, running_core

PL, RU = lang_for("pl"), lang_for("ru")


async def _lobby_refusals(tmp_path) -> list[TableError]:
    refused: list[TableError] = []
    async with running_core(tmp_path) as env:
        core = env.core
        await core.create_table(1, HOST, "Alice", "piquet")
        for attempt in (core.create_table(1, BOB, "Bob", "coins"),   # busy channel
                        core.add_ai(1, HOST, "genius"),               # unknown level
                        core.start_game(1, HOST),                     # too few players
                        core.create_table(2, HOST, "Alice", "coins", stand_in="genius")):
            with pytest.raises(TableError) as e:
                await attempt
            refused.append(e.value)
        await make_table(core, "coins", [BOB], channel=3, start=False)
        with pytest.raises(TableError) as e:
            await core.remove_ai(3, BOB, 0)                           # not an AI seat
        refused.append(e.value)
    return refused


async def test_the_cores_refusals_with_values_are_messages_in_every_language(tmp_path) -> None:
    refused = await _lobby_refusals(tmp_path)
    english = [str(e) for e in refused]
    assert english[0] == ("A game of Piquet is already running here (host: Alice). Finish or "
                          "cancel it first.")
    assert english[1] == "Unknown AI level 'genius'. Levels: random, easy, normal, hard."
    assert english[2] == "Piquet with these options needs 2 players; there is 1."
    for e in refused:
        assert isinstance(e.message, Msg)
        for lang in (PL, RU):
            worded = said(e, lang)
            assert worded != str(e), (lang.code, worded)   # not left in English
    assert said(refused[0], PL).startswith("Tu trwa już partia: Pikieta")
    assert said(refused[2], RU).endswith("нужно игроков: 2; сейчас: 1.")


def test_a_daily_refusal_is_a_message_its_title_and_score_in_the_readers_words() -> None:
    game = next(iter(daily_rules()))
    refusal = DailyError("played", game, 100, 7.0)
    assert isinstance(refusal.message, Msg) and refusal.message.key == ERRORS["played"]
    for lang in (lang_for("en"), PL, RU):
        assert said(refusal, lang) == lang._(
            ERRORS["played"], title=words.title(game, 100, lang),
            score=words.score_text(game, 7.0, lang))
    unknown = DailyError("unknown", "bridge")
    assert "bridge" in said(unknown, PL) and said(unknown, PL) != str(unknown)


def test_a_tournament_refusal_is_a_message() -> None:
    refusal = TournamentRefusal("too few", need=4, have=2)
    assert isinstance(refusal.message, Msg)
    assert str(refusal) == "A tournament needs at least 4 entrants to start; it has 2."
    assert "4" in said(refusal, RU) and said(refusal, RU) != str(refusal)


def test_a_constant_refusal_is_a_message_whose_id_is_its_text() -> None:
    refusal = TableError("That game is over.")
    assert isinstance(refusal.message, Msg) and refusal.message.key == "That game is over."
    assert said(refusal, PL) == PL._("That game is over.") != "That game is over."
