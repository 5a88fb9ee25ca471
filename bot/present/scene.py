"""The scene: what a table looks like, in words, for any transport.

A presenter (``games/<game>/presenter.py``) turns an engine view - plus the
seat names and, for a seat, its legal moves - into a ``Scene``.  Renderers
(Discord, the terminal, pictures) format scenes and know no game's field
names.  Nothing here imports discord.

Marked-up text.  Every ``str`` in a scene that a person reads may hold two
kinds of token, so each transport can style them its own way:

* ``{pN}`` - seat N's name (Discord may bold it, the terminal colour it);
* ``{c:CODE}`` - a card by its canonical code (``{c:QH}``, ``{c:10S}``,
  ``{c:NO}``); a transport shows it as ``Q♥``, a picture as a face.

``bot.present.text`` parses and fills these.  Texts are sentences with
correct grammar and the game's own words; no engine field names, no Python
values (``None``, ``True``, ``[]``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Fact:
    """A labelled value: ("Target", "100 points"), ("Trump", "{c:10S} - spades").  A fact
    with ``keep`` never gives way to fit a screen (the trumps of a trump game)."""

    label: str
    value: str
    keep: bool = False


@dataclass(frozen=True)
class SeatScene:
    index: int
    name: str                        # display name ("Alice", "Ada (AI, hard)")
    roles: tuple[str, ...] = ()      # "dealer", "elder", "younger", "partner of {p2}"...
    score: str | None = None         # the running score as shown ("42", "-3")
    facts: tuple[Fact, ...] = ()     # per-seat counters: tricks, quota, passes, stake...
    hand_count: int | None = None    # cards in hand (shown as backs to others)
    status: str | None = None        # "passed 1 of 2", "out of this round", "quota met"
    to_move: bool = False
    team: int | None = None          # partnership index, when the game has sides


@dataclass(frozen=True)
class Play:
    """Cards one seat put into a trick or onto a pile (Pinkerton beats are two)."""

    seat: int
    cards: tuple[str, ...]           # canonical codes
    note: str | None = None          # "leads", "trumps", "-46"...


@dataclass(frozen=True)
class TrickScene:
    label: str                       # "Trick 4", "Last trick"
    plays: tuple[Play, ...]
    winner: int | None = None        # seat that won it (last trick), if known
    to_lead: int | None = None       # empty current trick: who leads


@dataclass(frozen=True)
class PileScene:
    """A visible heap: Pinkerton's centre card/pile, a turn-up, a talon."""

    label: str                       # "Centre", "Talon", "Kitty", "Turn-up"
    cards: tuple[str, ...] = ()      # face-up cards, oldest first
    face_down: int = 0               # cards shown only as backs
    note: str | None = None          # "count -46 (beat it with more)", "5 cards left"


@dataclass(frozen=True)
class CentreScene:
    trick: TrickScene | None = None          # the trick in progress (None: no trick play now)
    last_trick: TrickScene | None = None     # the previous trick of this deal only
    piles: tuple[PileScene, ...] = ()
    lines: tuple[str, ...] = ()              # other centre facts as sentences:
                                             # "{p2}: point of five - good"


@dataclass(frozen=True)
class MoveChoice:
    """One move the viewer can make, as players say it."""

    action: str                      # canonical action text (what the engine parses)
    label: str                       # "Good", "Not good", "Declare point of five", "Sink"
    cards: tuple[str, ...] = ()      # cards the move uses, if any


@dataclass(frozen=True)
class MoveForm:
    """One kind of move open to the viewer now.

    Either a card choice (``cards`` with ``low``..``high`` to pick: a select or
    a multi-select) or a list of whole ``choices`` (buttons).  ``confirm`` asks
    the transport to show the chosen cards and a Confirm / Change step before
    committing (multi-card choices).
    """

    kind: str                        # the action kind: "play", "discard", "declare"...
    prompt: str                      # "Play a card", "Discard 1 to 5 cards"
    verb: str                        # button/label verb: "Play", "Discard", "Beat"
    cards: tuple[str, ...] = ()      # selectable cards (codes; duplicates allowed)
    low: int = 1
    high: int = 1
    choices: tuple[MoveChoice, ...] = ()
    confirm: bool = False
    note: str | None = None          # "you must take 8D with it", rules reminder...


@dataclass(frozen=True)
class HandScene:
    """What only the viewer sees: their cards and their moves."""

    cards: tuple[str, ...]           # sorted as a player sorts them
    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()   # (suit label, cards) per suit
    lines: tuple[str, ...] = ()      # private facts: "You discarded ...", "Talon you saw ..."
    forms: tuple[MoveForm, ...] = ()  # empty when it is not the viewer's turn
    your_turn: bool = False


@dataclass(frozen=True)
class ResultScene:
    lines: tuple[str, ...]           # ranked: "1st {p1}: 15 coins"
    winners: tuple[int, ...] = ()
    details: tuple[str, ...] = ()    # deal-by-deal breakdown etc.


@dataclass(frozen=True)
class Scene:
    game: str                        # engine name
    title: str                       # "Piquet - Rubicon"
    phase: str                       # "The exchange", "Declaring the point", "Trick play"
    headline: tuple[Fact, ...]       # target, "Deal 3 of 6", trump, stakes...
    seats: tuple[SeatScene, ...]
    centre: CentreScene
    events: tuple[str, ...]          # recent events, oldest first, as sentences
    to_move: int | None              # seat whose turn it is (None: game over)
    viewer: int | None = None        # None: the spectator's scene
    hand: HandScene | None = None    # only in a seat's own scene
    result: ResultScene | None = None
    deal_no: int = 0
    legend: tuple[Fact, ...] = ()    # deck notes where needed ("Cups > Coins > ...")
    extra: dict = field(default_factory=dict, compare=False)  # renderer hints, never shown
    lang: str = "en"                 # the language of its texts (renderers speak it too)


# -- walking a scene (for renderers that need every text, and for the tests) ------------


def _fact_texts(facts: tuple[Fact, ...]) -> Iterator[str]:
    for f in facts:
        yield f.label
        yield f.value


def _trick_texts(trick: TrickScene | None) -> Iterator[str]:
    if trick is not None:
        yield trick.label
        yield from (p.note for p in trick.plays if p.note)


def texts(scene: Scene) -> Iterator[str]:
    """Every marked-up text of ``scene`` that a person reads (not action texts or codes)."""
    yield scene.title
    yield scene.phase
    yield from _fact_texts(scene.headline)
    yield from _fact_texts(scene.legend)
    for s in scene.seats:
        yield s.name
        yield from s.roles
        if s.score is not None:
            yield s.score
        yield from _fact_texts(s.facts)
        if s.status is not None:
            yield s.status
    c = scene.centre
    yield from _trick_texts(c.trick)
    yield from _trick_texts(c.last_trick)
    for pile in c.piles:
        yield pile.label
        if pile.note:
            yield pile.note
    yield from c.lines
    yield from scene.events
    if scene.hand is not None:
        yield from (label for label, _ in scene.hand.groups)
        yield from scene.hand.lines
        for form in scene.hand.forms:
            yield form.prompt
            yield form.verb
            if form.note:
                yield form.note
            yield from (ch.label for ch in form.choices)
    if scene.result is not None:
        yield from scene.result.lines
        yield from scene.result.details


def shown_cards(scene: Scene) -> set[str]:
    """Every card code ``scene`` shows face up: in its fields and its text tokens."""
    from .text import cards_in

    shown = {code for t in texts(scene) for code in cards_in(t)}
    c = scene.centre
    for trick in (c.trick, c.last_trick):
        if trick is not None:
            shown.update(code for p in trick.plays for code in p.cards)
    for pile in c.piles:
        shown.update(pile.cards)
    if scene.hand is not None:
        shown.update(scene.hand.cards)
        shown.update(code for _, cards in scene.hand.groups for code in cards)
        for form in scene.hand.forms:
            shown.update(form.cards)
            shown.update(code for ch in form.choices for code in ch.cards)
    return shown
