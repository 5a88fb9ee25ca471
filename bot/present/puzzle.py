"""Puzzles in words (issue 49), for the terminal and Discord alike: the position as the
solver saw it (their own view only, the other seats named by their place, never by a
real name), the candidate moves, and the answer with the hint's reasons.

Everything is plain text: cards as ``Q♥``, names filled."""

from __future__ import annotations

from collections.abc import Sequence

from rules.messages import Term

from ..core.puzzles import Answered, Shown, anonymous_names
from ..i18n import Lang
from ..i18n.terms import add_terms
from . import present, presenter_for
from .base import game_title
from .coach import why
from .scene import Fact, Scene, TrickScene
from .text import plain as plain_text

RECENT = 4      # the last events before the decision, as a review's position shows them
BULLET = "  · "   # a listed event (``puzzle_text(listed=True)``), as the terminal lists them


def puzzle_names(n: int, seat: int, lang: Lang) -> tuple[str, ...]:
    """Each seat's name in a puzzle of ``n`` players solved from ``seat``, in ``lang``:
    "You" for the solver, the others by their place ("Left", "Opponent")."""
    return tuple(lang._(name) for name in anonymous_names(n, seat))


def scene_of(shown: Shown, lang: Lang, recent: int = RECENT) -> Scene:
    """The solver's scene of the puzzle's position (their own view; their moves)."""
    names = puzzle_names(shown.state.n, shown.seat, lang)
    return present(shown.state.view(shown.seat), names,
                   forms=shown.state.action_forms(shown.seat), legal=list(shown.moves),
                   recent=recent, lang=lang)


def move_labels(shown: Shown, lang: Lang) -> list[str]:
    """The candidate moves as players say them, in ``shown.moves``' order ("Play 9♦")."""
    scene = scene_of(shown, lang)
    labels = {ch.action: ch.label for form in (scene.hand.forms if scene.hand else ())
              for ch in form.choices}
    p = presenter_for(shown.game, lang)
    names = puzzle_names(shown.state.n, shown.seat, lang)
    return [plain_text(labels.get(m) or p.describe(m), names, p.deck) for m in shown.moves]


def move_label(shown: Shown, move: str, lang: Lang) -> str:
    """One move of the puzzle as players say it."""
    p = presenter_for(shown.game, lang)
    return plain_text(p.describe(move), puzzle_names(shown.state.n, shown.seat, lang), p.deck)


def _facts(facts: Sequence[Fact]) -> str:
    return " · ".join(f"{f.label}: {f.value}" if f.label else f.value for f in facts)


def _trick(trick: TrickScene, names: Sequence[str]) -> str:
    plays = ", ".join(f"{{p{p.seat}}} {' '.join('{c:' + c + '}' for c in p.cards)}"
                      + (f" ({p.note})" if p.note else "") for p in trick.plays)
    return f"{trick.label}: {plays}" if plays else trick.label


def puzzle_text(shown: Shown, lang: Lang, recent: int = RECENT, brief: bool = False,
                listed: bool = False, glue: str = " ") -> str:
    """The position in words, as a review's decision is shown, then the question
    (``recent``: the last events shown, 0 for none; ``brief``: without the centre's and
    the hand's sentences, for a small screen; ``listed``: the events a line each, as the
    terminal's table lists its recent events, rather than one paragraph; ``glue``: the
    space between the cards of one suit in the hand, a terminal's unbreakable one so
    that a wrapped hand breaks between suits)."""
    scene = scene_of(shown, lang, max(1, recent))
    names = puzzle_names(shown.state.n, shown.seat, lang)
    deck = presenter_for(shown.game, lang).deck
    title = game_title(shown.state.game.title, lang)
    head = lang._("Daily puzzle {date} · {game} · rating {rating}", date=shown.daily,
                  game=title, rating=shown.rating) if shown.daily else \
        lang._("Puzzle #{number} · {game} · rating {rating}", number=shown.puzzle_id,
               game=title, rating=shown.rating)
    lines = [head, scene.title + (" - " + scene.phase if scene.phase else "")]
    if scene.headline:
        lines.append(_facts(scene.headline))
    for s in scene.seats:
        parts = [s.name + (" (" + ", ".join(s.roles) + ")" if s.roles else "")]
        if s.score is not None:
            parts.append(lang._("score {score}", score=s.score))
        if s.facts:
            parts.append(_facts(s.facts))
        if s.hand_count is not None and s.index != shown.seat:
            parts.append(lang.n_("{n} card", "{n} cards", s.hand_count))
        if s.status:
            parts.append(s.status)
        lines.append("  " + " · ".join(parts))
    c = scene.centre
    for trick in (c.last_trick, c.trick):
        if trick is not None:
            lines.append(_trick(trick, names))
    for pile in c.piles:
        shown_cards = " ".join("{c:" + code + "}" for code in pile.cards)
        backs = lang.n_("{n} face down", "{n} face down", pile.face_down) \
            if pile.face_down else ""
        said = " · ".join(x for x in (shown_cards, backs, pile.note or "") if x)
        lines.append(f"{pile.label}: {said}" if said else pile.label)
    if not brief:
        lines += list(c.lines)
    if scene.events and recent > 0:
        before = lang._("Before this:")
        lines += [before, *(BULLET + event for event in scene.events)] if listed else \
            [before + " " + " ".join(scene.events)]
    if scene.hand is not None:
        hand = "  ".join(f"{label}:{glue}{glue.join('{c:' + x + '}' for x in cards)}"
                         for label, cards in scene.hand.groups) \
            or " ".join("{c:" + x + "}" for x in scene.hand.cards)
        lines.append(lang._("Your hand: {cards}", cards=hand))
        if not brief:
            lines += list(scene.hand.lines)
    lines.append(lang._("Find the best move."))
    return "\n".join(plain_text(line, names, deck) for line in lines)


def answer_text(answered: Answered, lang: Lang, shown: Shown | None = None) -> str:
    """"Correct. The best move: Play 9♦." / "Not this time. The best move: ...", the
    reasons, the rating's change and the streak.  ``shown`` words the moves as players
    say them (else their canonical texts)."""
    def word(move: str) -> str:
        return move if shown is None else move_label(shown, move, lang)

    if answered.correct:
        lines = [lang._("Correct. The best move: {move}.", move=word(answered.answer))]
    else:
        lines = [lang._("Not this time. The best move: {move}. Yours: {played}, about "
                        "{share}% of a game worse.", move=word(answered.answer),
                        played=word(answered.played),
                        share=max(1, round(50 * answered.cost)))]
    lines.append(why(answered.reasons, lang))
    if not answered.counted:
        lines.append(lang._("Already answered: counted once."))
    lines.append(lang._("Puzzle rating {before} -> {after}", before=answered.rating_before,
                        after=answered.rating_after))
    if answered.streak:
        lines.append(lang.n_("Daily streak: {n} day", "Daily streak: {n} days",
                             answered.streak))
    return "\n".join(lines)


def _game_word(lang: Lang, term: Term) -> str | None:
    """The game named in a puzzle refusal ("No puzzles of Piquet yet")."""
    return game_title(term.en, lang)


add_terms("puzzles", {"puzzle game": _game_word})
