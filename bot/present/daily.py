"""The daily deal in words, in the reader's language: titles, scores, the result against
par and the field, the share line, the standings and the daily's refusals.

The core (``bot/core/daily.py``) keeps numbers; every transport (Discord, the terminal)
words them here, so a Polish player reads "Coins - wyzwanie dnia #314: 7 monet".
"""

from __future__ import annotations

from collections.abc import Callable

from bot import plugins
from bot.core.daily import DailyResult, DailyStandings
from bot.core.daily_rules import daily_number, daily_rules
from bot.i18n import EN, Lang
from bot.i18n.terms import add_terms
from rules.messages import Term

from .base import game_title, ordinal, units


def _whole(n: float) -> int:
    return int(round(n))


def title(game: str, day: int, lang: Lang = EN) -> str:
    """``Coins daily #314``: what players quote."""
    g = plugins.engine(game)
    name = game_title(g.title or g.name, lang).split(" (")[0]
    return lang._("{game} daily #{number}", game=name, number=daily_number(day))


def amount(game: str, n: float, lang: Lang = EN) -> str:
    """``7 coins``, ``2 tricks``: a score or a difference, without its sign's words."""
    return units(lang, _whole(n), daily_rules()[game].unit)


def score_text(game: str, n: float, lang: Lang = EN) -> str:
    """A daily score as players say it (Starshina's counts against the quota)."""
    if not daily_rules()[game].quota:
        return amount(game, n, lang)
    if n == 0:
        return lang._("exactly on quota")
    if n > 0:
        return lang._("{tricks} over quota", tricks=amount(game, n, lang))
    return lang._("{tricks} short of quota", tricks=amount(game, -n, lang))


def why(game: str, lang: Lang = EN) -> str:
    """Why the game's daily is what it is, as a sentence."""
    text = lang._(daily_rules()[game].why)
    return text[:1].upper() + text[1:] + "."


def choice_name(game: str, lang: Lang = EN) -> str:
    """/daily's choice: ``Coins - a whole game``."""
    kind = (lang._("a whole game") if daily_rules()[game].whole_game else lang._("one deal"))
    g = plugins.engine(game)
    return f"{game_title(g.title or g.name, lang)} - {kind}"


def versus_par(result: DailyResult, lang: Lang = EN) -> str:
    assert result.attempt.score is not None  # a result is of a finished attempt
    diff = result.attempt.score - result.par
    if diff == 0:
        return lang._("level with par")
    game = result.attempt.game
    if diff > 0:
        return lang._("{amount} above par", amount=amount(game, diff, lang))
    return lang._("{amount} below par", amount=amount(game, -diff, lang))


def share_line(result: DailyResult, lang: Lang = EN) -> str:
    """Spoiler-free: the score and the place, never a card."""
    a = result.attempt
    if result.rank_here is not None:
        place = lang._("{place} of {count} here", place=ordinal(result.rank_here, lang),
                       count=result.count_here)
    else:
        place = lang._("{place} of {count} overall", place=ordinal(result.rank_all, lang),
                       count=result.count_all)
    assert a.score is not None  # a result is of a finished attempt
    return f"{title(a.game, a.day, lang)}: {score_text(a.game, a.score, lang)}, {place}"


def summary(result: DailyResult, lang: Lang = EN) -> list[str]:
    """The result as sentences, for every transport."""
    a = result.attempt
    assert a.score is not None  # a result is of a finished attempt
    _ = lang.gettext
    lines = [_("You finished {title} with {score}.", title=title(a.game, a.day, lang),
               score=score_text(a.game, a.score, lang)),
             _("Par, what the {level} AI scored from your seat, is {par}: you are {versus}.",
               level=_(result.par_level), par=score_text(a.game, result.par, lang),
               versus=versus_par(result, lang))]
    here = ordinal(result.rank_here, lang) if result.rank_here is not None else None
    overall = ordinal(result.rank_all, lang)
    if here is not None:
        lines.append(_("You are {here} of {count_here} on this server and {overall} of "
                       "{count} overall.", here=here, count_here=result.count_here,
                       overall=overall, count=result.count_all))
    else:
        lines.append(_("You are {overall} of {count} overall.", overall=overall,
                       count=result.count_all))
    if result.streak == 1:
        lines.append(_("Your daily streak: 1 day."))
    else:
        lines.append(lang.n_("Your daily streak: {n} day in a row.",
                             "Your daily streak: {n} days in a row.", result.streak))
    return lines


def standings_heading(board: DailyStandings, lang: Lang = EN) -> str:
    """``Today on this server (3 played)`` / ``Today everywhere (120 played)``."""
    played = lang.n_("{n} played", "{n} played", board.count)
    if board.scope == "here":
        return lang._("Today on this server ({played})", played=played)
    return lang._("Today everywhere ({played})", played=played)


def standings_rows(board: DailyStandings, lang: Lang = EN,
                   name: Callable[[str], str] = str) -> list[tuple[int, str, str]]:
    """(position, name, score) of each row; ``name`` escapes a name for the transport."""
    return [(r.position, name(r.name), score_text(board.game, r.score, lang))
            for r in board.rows]


def _title_term(lang: Lang, term: Term) -> str:
    return title(term.data[0], term.data[1], lang)


def _score_term(lang: Lang, term: Term) -> str:
    return score_text(term.data[0], term.data[1], lang)


# A daily refusal (``DailyError``) names the deal and the score as terms: worded here.
add_terms("daily", {"daily": _title_term, "daily score": _score_term})
