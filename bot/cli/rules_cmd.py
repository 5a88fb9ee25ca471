"""``parlour rules GAME``: the player-facing rules text, formatted for a terminal.

The rules are written in Markdown (the bot shows them on Discord as they are);
here headings, emphasis and tables become plain text, bold on a colour terminal.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
from typing import TextIO

from rules.lang import LANGUAGES

from .. import plugins
from .subcommands import Subcommands
from .table_view import BOLD, CYAN, Style, wants_colour, wrap

_STRONG = re.compile(r"\*\*(.+?)\*\*", re.S)
_EMPHASIS = re.compile(r"(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])", re.S)
_ITEM = re.compile(r"(\s*)([-*]|\d+\.)\s+")   # a list item's mark ("- ", "2. ")


def add_parser(sub: Subcommands) -> None:
    p = sub.add_parser("rules", help="show the rules of a game")
    p.add_argument("game", nargs="?", help=f"one of: {', '.join(plugins.names())}")
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help="language of the rules text (default: from LANG, else en)")
    p.set_defaults(func=run)


def language(chosen: str | None, env: dict[str, str] | None = None) -> str:
    """``--lang`` if given, else pl or ru when LANG starts with it, else en."""
    if chosen:
        return chosen
    setting = (os.environ if env is None else env).get("LANG", "").lower()
    return next((lang for lang in ("pl", "ru") if setting.startswith(lang)), "en")


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    style = Style(colour=wants_colour(out))
    lang = language(getattr(args, "lang", None))
    if not args.game:
        print(style.paint("Games", BOLD) + " (parlour rules GAME for the full rules, "
              "parlour play GAME to play one against the AI):", file=out)
        for plugin in sorted(plugins.plugins(), key=lambda p: p.name):
            print("\n" + style.paint(f"{plugin.name}", BOLD, CYAN) + f" - {plugin.game.title}",
                  file=out)
            for para in paragraphs(plugin.summary(lang), style):
                print("\n".join(wrap(para, 78, "  ", "  ")), file=out)
        return 0
    try:
        plugin = plugins.find(args.game)
    except ValueError as e:
        print(e, file=out)
        return 2
    width = min(max(shutil.get_terminal_size((80, 24)).columns, 40), 100)
    print(for_terminal(plugin.rules_text(lang), style, width), file=out)
    return 0


def for_terminal(markdown: str, style: Style, width: int = 80) -> str:
    """Markdown rules as terminal text: headings underlined (or bold), ``**x**`` bold,
    ``*x*`` plain, table rows as aligned lines; paragraphs and list items wrapped to
    ``width`` columns (a list item's lines under its text)."""
    out: list[str] = []
    rows: list[list[str]] = []
    prose: list[str] = []   # the lines of the paragraph or list item being read

    def flush_prose() -> None:
        if prose:
            item = _ITEM.match(prose[0])
            hang = " " * (item.end() if item else len(prose[0]) - len(prose[0].lstrip()))
            lead = prose[0][:len(prose[0]) - len(prose[0].lstrip())]
            words = " ".join(" ".join(line.split()) for line in prose)
            out.extend(wrap(words, width, lead, hang))
            prose.clear()

    def flush_table() -> None:
        if rows:
            w = max(len(r[0]) for r in rows)
            for r in rows:   # a long row wraps under its second column
                out.extend(wrap(f"  {r[0]:<{w}}  {' '.join(r[1:])}".rstrip(), width, "",
                                " " * (w + 4 if w + 4 <= width // 2 else 6)))
            rows.clear()

    for line in _inline(markdown, style).splitlines():
        if line.strip() and not line.startswith(("|", "#")):
            if prose and _ITEM.match(line):
                flush_prose()
            prose.append(line)
            continue
        flush_prose()
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= set("-: ") for c in cells):
                rows.append(cells)
            continue
        flush_table()
        heading = re.match(r"(#+)\s+(.*)", line)
        if heading:
            title = heading.group(2)
            if style.colour:
                out.append(style.paint(title, BOLD, CYAN))
            else:
                out += [title, ("=" if len(heading.group(1)) == 1 else "-") * len(title)]
            continue
        out.append(line)
    flush_prose()
    flush_table()
    return "\n".join(out)


def paragraphs(markdown: str, style: Style) -> list[str]:
    """Markdown prose (a game's summary) as paragraphs of one line each, emphasis styled,
    for the caller to wrap to its own width (the source is wrapped at 80 columns)."""
    return [" ".join(p.split()) for p in _inline(markdown, style).split("\n\n") if p.strip()]


def _inline(text: str, style: Style) -> str:
    text = _STRONG.sub(lambda m: style.paint(m.group(1), BOLD), text)
    return _EMPHASIS.sub(lambda m: m.group(1), text)
