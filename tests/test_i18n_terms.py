"""A game's own kinds of message terms are worded by its plug-in (``GamePlugin.terms``),
not by a shared table: Piquet's claims in Polish and Russian come from its package."""

from __future__ import annotations

import pytest

from bot import plugins
from bot.i18n import lang_for
from bot.i18n.terms import add_terms, remove_terms, worder
from bot.present.messages import plain
from games.piquet.combos import claim_term
from rules.messages import Msg


@pytest.mark.parametrize(("code", "want"), [
    ("en", "Quint to the king is good."),
    ("pl", "Kwinta do króla"),
    ("ru", "Квинта до короля"),
])
def test_a_piquet_claim_reads_in_the_readers_words(code: str, want: str) -> None:
    plugins.get("piquet")   # the plug-ins are loaded, as in the bot and the terminal
    said = plain(Msg("{claim} is good.", claim=claim_term("sequence", 5, 13, capital=True)),
                 lang_for(code))
    assert said.startswith(want), said


def test_the_claim_worder_is_the_piquet_plug_ins() -> None:
    assert worder("claim") is plugins.get("piquet").terms["claim"]
    assert plugins.get("coins").terms == {}


def test_a_kind_worded_by_another_owner_is_refused_and_nothing_changes() -> None:
    plugins.get("piquet")
    before = worder("claim")
    with pytest.raises(ValueError, match="'claim' is worded by 'piquet'"):
        add_terms("someone else", {"claim": lambda lang, term: "x", "other": lambda l, t: "y"})
    assert worder("claim") is before and worder("other") is None


def test_an_owner_takes_its_kinds_away_again() -> None:
    add_terms("test", {"test kind": lambda lang, term: "worded"})
    assert worder("test kind") is not None
    remove_terms("test")
    assert worder("test kind") is None
