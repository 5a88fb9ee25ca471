"""``parlour rules``: the Markdown rules as terminal text."""

from __future__ import annotations

import argparse
import io

import rules
from bot.cli.rules_cmd import for_terminal, run
from bot.cli.table_view import Style


def _rules(game: str | None) -> tuple[int, str]:
    out = io.StringIO()
    code = run(argparse.Namespace(game=game, lang="en"), out=out)
    return code, out.getvalue()


def test_every_rules_text_reads_without_markdown_marks() -> None:
    for name in rules.GAMES:
        code, text = _rules(name)
        assert code == 0
        assert "**" not in text and "\x1b[" not in text
        assert not any(line.startswith("#") or line.startswith("| ") for line in
                       text.splitlines()), name
        title = rules.get_game(name).rules_text().splitlines()[0].lstrip("# ")
        assert text.splitlines()[:2] == [title, "=" * len(title)]


def test_tables_become_aligned_lines_and_emphasis_is_kept_on_a_colour_terminal() -> None:
    md = ("# T\n\nSay **Good** or *not*.\n\n"
          "| Move | Meaning |\n| --- | --- |\n| `good` | concede |\n")
    assert for_terminal(md, Style()).splitlines() == [
        "T", "=", "", "Say Good or not.", "", "  Move    Meaning", "  `good`  concede"]
    assert "\x1b[1mGood\x1b[0m" in for_terminal(md, Style(colour=True))


def test_the_list_of_games_and_an_unknown_game() -> None:
    code, text = _rules(None)
    assert code == 0 and text.startswith("Games (parlour rules GAME for the full rules")
    for name in rules.GAMES:
        assert f"\n{name} - {rules.get_game(name).title}\n  " in text
    assert max(len(line) for line in text.splitlines()[1:]) <= 80
    code, text = _rules("bridge")
    assert code == 2 and text.startswith("Unknown game 'bridge'.")


def test_every_rules_text_is_wrapped_to_the_terminal_and_names_no_seat_number() -> None:
    from bot.cli.table_view import width_of
    for name in rules.GAMES:
        for lang in ("en", "pl", "ru"):
            md = rules.get_game(name).rules_text(lang)
            for width in (60, 80):
                lines = for_terminal(md, Style(), width).splitlines()
                assert max(width_of(line) for line in lines) <= width, (name, lang, width)
            words = " ".join(md.split())
            assert "Seat 0" not in words and "miejsce 0" not in words and "место 0" not in words


def test_a_list_item_wraps_under_its_text() -> None:
    md = "- one two three four five six\n  seven eight\n- nine\n\nA paragraph of words here."
    assert for_terminal(md, Style(), 20).splitlines() == [
        "- one two three four", "  five six seven", "  eight", "- nine", "",
        "A paragraph of words", "here."]
