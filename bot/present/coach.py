"""Hints and reviews in words: the coach's facts (rules/ai/coach.py ``Reason``, a review's
``Decision``) as sentences in the reader's language.  Moves arrive already worded by the
caller (marked-up or filled, as its transport shows them)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.ai.coach import Reason

from ..core.reviews import Decision, GameReview
from ..i18n import Lang

CLAUSES_SHOWN = 2     # a hint is one sentence: its first two facts


def clause(r: Reason, lang: Lang) -> str | None:
    """One fact as a clause (lowercase, no full stop); None for facts not worded.  A
    sampled fact is said as the share it is ("in 60 of 64 sampled deals"), never as a
    certainty the deal could contradict; only the trick's last card is certain."""
    every = r.of > 1 and r.count == r.of     # "in all 10 sampled deals", not "in 10 of 10"
    if r.kind == "forced":
        return lang._("it is your only legal move")
    if r.kind == "only":
        return lang._("the next best move is clearly worse")
    if r.kind == "trick_coins":
        return lang.n_("it takes the trick and its {n} coin", "it takes the trick and its {n} "
                       "coins", r.count)
    if r.kind == "trick_points":
        return lang.n_("it takes the trick and its {n} point", "it takes the trick and its {n} "
                       "points", r.count)
    if r.kind == "wins_trick":
        if not r.of:        # the last card of the trick: certain
            return lang._("it takes the trick")
        return lang.n_("it takes the trick in {count} of {of} sampled deal",
                       "it takes the trick in {count} of {of} sampled deals", r.of,
                       count=r.count, of=r.of)
    if r.kind == "loses_trick":
        if not r.of:
            return lang._("it leaves the trick to an opponent")
        return lang.n_("it leaves the trick to an opponent in {count} of {of} sampled deal",
                       "it leaves the trick to an opponent in {count} of {of} sampled deals",
                       r.of, count=r.count, of=r.of)
    if r.kind == "best_in":
        if every:
            return lang.n_("it does at least as well as the next best move in the {n} "
                           "sampled deal",
                           "it does at least as well as the next best move in all {n} "
                           "sampled deals", r.of)
        return lang.n_("it does at least as well as the next best move in {count} of {of} "
                       "sampled deal",
                       "it does at least as well as the next best move in {count} of {of} "
                       "sampled deals", r.of, count=r.count, of=r.of)
    if r.kind == "plan":
        if every:
            return lang.n_("it does at least as well as the next best discard in the {n} "
                           "sampled draw from the talon",
                           "it does at least as well as the next best discard in all {n} "
                           "sampled draws from the talon", r.of)
        return lang.n_("it does at least as well as the next best discard in {count} of {of} "
                       "sampled draw from the talon",
                       "it does at least as well as the next best discard in {count} of {of} "
                       "sampled draws from the talon", r.of, count=r.count, of=r.of)
    return None


def why(reasons: Sequence[Reason], lang: Lang) -> str:
    """The reasons as one sentence (the first facts that have words)."""
    said = [c for c in (clause(r, lang) for r in reasons) if c][:CLAUSES_SHOWN]
    if not said:
        said = [lang._("the search of sampled deals rates it highest")]
    text = "; ".join(said)
    return text[0].upper() + text[1:] + "."


def hint_text(move: str, reasons: Sequence[Reason], lang: Lang) -> str:
    """"Hint: play Q♥. It takes the trick in 7 of 10 sampled deals." (``move`` worded)."""
    return lang._("Hint: {move}.", move=move) + " " + why(reasons, lang)


def cost_text(d: Decision, lang: Lang) -> str:
    """The estimated cost and its interval: hundredths of the way from a win to a loss (the
    AI's scale)."""
    share = max(1, round(50 * d.cost))
    low, high = d.interval
    low, high = min(share, max(0, round(50 * low))), max(share, round(50 * high))
    if low == high:
        return lang._("Estimated cost: about {share}% of a game.", share=share)
    return lang._("Estimated cost: about {share}% of a game (between {low}% and {high}%).",
                  share=share, low=low, high=high)


def confidence_text(d: Decision, lang: Lang) -> str:
    """How sure the estimate is: said plainly when the sampled deals disagree."""
    if d.unsure and d.disagree:
        return lang.n_("Uncertain: the move played did as well in {count} of {of} sampled deal.",
                       "Uncertain: the move played did as well in {count} of {of} sampled "
                       "deals.", d.worlds, count=d.disagree, of=d.worlds)
    if d.unsure:
        return lang.n_("Uncertain: the cost varies widely over {of} sampled deal.",
                       "Uncertain: the cost varies widely over {of} sampled deals.", d.worlds,
                       of=d.worlds)
    if 3 * d.disagree >= d.worlds:
        # A clear loss on average that most deals do not show: a few deals lose much.
        return lang.n_("Clear on average: the move played did as well in {count} of {of} "
                       "sampled deal, but lost more in the others.",
                       "Clear on average: the move played did as well in {count} of {of} "
                       "sampled deals, but lost more in the others.", d.worlds,
                       count=d.disagree, of=d.worlds)
    if d.disagree:
        return lang.n_("Fairly confident: the move played did as well in only {count} of {of} "
                       "sampled deal.",
                       "Fairly confident: the move played did as well in only {count} of {of} "
                       "sampled deals.", d.worlds, count=d.disagree, of=d.worlds)
    return lang.n_("Confident: {of} sampled deal agrees.",
                   "Confident: all {of} sampled deals agree.", d.worlds, of=d.worlds)


def decision_head(d: Decision, name: str, played: str, best: str, lang: Lang) -> str:
    """"Move 12 - Ada: Play 9O. The hard AI prefers: Play JE." (moves worded as the game
    words them, as orders: after a colon, and no "played: Play")."""
    return lang._("Move {move} - {name}: {played}. The hard AI prefers: {best}.",
                  move=d.move, name=name, played=played, best=best)


def review_head(review: GameReview, name: str, game: str, lang: Lang) -> str:
    if not review.done:
        return lang._("The review of game #{number} for {name} is being computed: ask again "
                      "in a minute.", number=review.game_id, name=name)
    weighed = lang.n_("{n} decision weighed", "{n} decisions weighed", review.judged)
    return lang._("Review of game #{number} ({game}) for {name}: {weighed}.",
                  number=review.game_id, game=game, name=name, weighed=weighed)


def costliest_first(lang: Lang) -> str:
    """Said above the list: it is ordered by cost, not by when the moves came; what a
    move number counts, and what a cost is a share of."""
    return lang._("The costliest decisions come first. Move numbers count every player's "
                  "moves; a cost of 100% would turn a sure win into a sure last place.")


def nothing_lost(lang: Lang) -> str:
    """A review without a clear mistake: no decision's cost stands out from the noise."""
    return lang._("No clear mistakes: no decision's cost stood out from the noise of the "
                  "sampled deals. Well played.")
