"""Scenes as Discord text: seats in bold, cards with suit symbols, Discord markdown.

Everything here formats a ``bot.present`` ``Scene`` (or a piece of one); it knows
no game and no engine field.  What it is given is all it can show, so the board
(a spectator's scene) and a panel (that seat's scene) cannot leak each other.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import discord

import rules
from bot import plugins
from bot.i18n import EN, Lang, lang_for
from bot.present import Presenter, Scene, messages, presenter_for
from bot.present import text as marked
from bot.present.scene import CentreScene, Fact, HandScene, PileScene, SeatScene, TrickScene
from rules.messages import Msg

from .render import clip

TURN = "▶"
BULLET = "•"


@functools.lru_cache(maxsize=4096)   # the same few names, in every panel and board
def escape(name: str) -> str:
    """A name as Discord shows it literally (no accidental bold, no mentions)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


class Writer:
    """Fills marked-up scene text for Discord: ``{pN}`` -> **Name**, ``{c:QH}`` -> Q♥."""

    def __init__(self, names: Sequence[str], deck: rules.cards.DeckKind, *,
                 viewer: int | None = None, lang: Lang = EN) -> None:
        self.names = list(names)
        self.deck = deck
        self.viewer = viewer
        self.lang = lang
        self._ = lang.gettext

    @classmethod
    def for_scene(cls, scene: Scene) -> Writer:
        names = [s.name for s in sorted(scene.seats, key=lambda s: s.index)]
        return cls(names, plugins.engine(scene.game).deck, viewer=scene.viewer,
                   lang=lang_for(scene.lang))

    def seat(self, i: int) -> str:
        return f"**{escape(marked.name_of(self.names, i))}**"

    def card(self, code: str) -> str:
        return marked.pretty_card(code, self.deck)

    def cards(self, codes: Iterable[str]) -> str:
        return " ".join(self.card(c) for c in codes)

    def __call__(self, text: str) -> str:
        return marked.render(text, self.seat, self.card)

    def bold(self, text: str) -> str:
        """``text`` in bold as a whole (names inside it are not bolded again)."""
        inner = marked.render(text, lambda i: escape(marked.name_of(self.names, i)), self.card)
        return f"**{inner}**"

    def plain(self, text: str) -> str:
        """For labels, placeholders and options, where Discord shows no markdown."""
        return marked.plain(text, self.names, self.deck)

    # --- pieces of a scene ------------------------------------------------------------

    def facts(self, facts: Iterable[Fact], sep: str = " · ") -> str:
        return sep.join(f"{self(f.label)} {self.bold(f.value)}" for f in facts)

    def seat_line(self, seat: SeatScene, *, over: bool = False) -> str:
        """``▶ **Alice** (dealer) — 42 · Tricks **3** · 8 cards · *passed*``."""
        head = f"{TURN} " if seat.to_move and not over else ""
        head += self.seat(seat.index)
        if seat.roles:
            head += " (" + ", ".join(self(r) for r in seat.roles) + ")"
        parts = []
        if seat.score is not None:
            parts.append(self._("score {score}", score=self.bold(seat.score)))
        parts += [f"{self(f.label)} {self.bold(f.value)}" for f in seat.facts]
        if seat.hand_count is not None and not over:
            parts.append(self.lang.n_("{n} card", "{n} cards", seat.hand_count))
        if seat.status:
            parts.append(f"*{self(seat.status)}*")
        return head + (" — " + " · ".join(parts) if parts else "")

    def trick(self, trick: TrickScene) -> str:
        """``**Trick 4**: **Alice** Q♥ · **Bob** 7♠ — won by **Bob**``."""
        plays = []
        for play in trick.plays:
            what = f"{self.seat(play.seat)} {self.cards(play.cards)}"
            plays.append(what + (f" ({self(play.note)})" if play.note else ""))
        line = f"**{self(trick.label)}**: "
        if plays:
            line += " · ".join(plays)
        elif trick.to_lead is not None:
            line += self._("{who} to lead", who=self.seat(trick.to_lead))
        else:
            line += self._("no card yet")
        if trick.winner is not None:
            line += " — " + self._("won by {who}", who=self.seat(trick.winner))
        return line

    def pile(self, pile: PileScene) -> str:
        """``**Centre**: 9♦ 6♣ (+3 face down) — count -46``."""
        shown = [self.cards(pile.cards)] if pile.cards else []
        if pile.face_down:
            backs = self.lang.n_("{n} card face down", "{n} cards face down", pile.face_down)
            shown.append(backs if not pile.cards else f"+{backs}")
        line = f"**{self(pile.label)}**: " + (" ".join(shown) or self._("empty"))
        if pile.note and not _restates_count(pile.note, pile.face_down):
            line += f" — {self(pile.note)}"
        return line

    def centre(self, centre: CentreScene) -> list[str]:
        lines = []
        if centre.trick is not None:
            lines.append(self.trick(centre.trick))
        if centre.last_trick is not None:
            lines.append(self.trick(centre.last_trick))
        lines += [self.pile(p) for p in centre.piles]
        lines += [self(line) for line in centre.lines]
        return lines

    def events(self, events: Sequence[str], limit: int) -> list[str]:
        return [f"{BULLET} {self(e)}" for e in list(events)[-limit:]]

    def hand(self, hand: HandScene) -> list[str]:
        """The hand by suit, one line each: ``**Spades** A♠ K♠ 10♠``."""
        if not hand.cards:
            return ["*" + self._("No cards in your hand.") + "*"]
        groups = hand.groups or ((self._("Cards"), hand.cards),)
        return [f"**{self(label)}** {self.cards(cards)}" for label, cards in groups]


def _restates_count(note: str, count: int) -> bool:
    """A note that only repeats the number of face-down cards ("68 cards", "6 cards left")."""
    # Any language: a short note holding the number ("68 cards", "осталось: 2 карты").
    words = note.strip().rstrip(".").split()
    return bool(count) and str(count) in words and len(words) <= 3


# --- whole scenes ------------------------------------------------------------------------


def heading(scene: Scene, w: Writer) -> str:
    """The phase and the headline facts: ``*Trick play* · Target **100 points**``."""
    parts = [f"*{w(scene.phase)}*"] if scene.phase else []
    if scene.headline:
        parts.append(w.facts(scene.headline))
    return " · ".join(parts)


def seats(scene: Scene, w: Writer) -> str:
    over = scene.to_move is None
    return "\n".join(w.seat_line(s, over=over) for s in scene.seats)


def legend(scene: Scene, w: Writer) -> str:
    return "\n".join(f"-# {w(f.label)}: {w(f.value)}" for f in scene.legend)


def result(scene: Scene, w: Writer) -> list[str]:
    if scene.result is None:
        return []
    return [w(line) for line in scene.result.lines] + [w(d) for d in scene.result.details]


def dm_text(scene: Scene, title: str, channel_id: int, deal: int | None, table_id: int,
            move: int) -> str:
    """A seat's hand by DM on a new deal: game, channel, the hand by suit."""
    w = Writer.for_scene(scene)
    _ = w._
    hand = w.hand(scene.hand) if scene.hand else []
    what = _("deal {n}", n=deal) if deal else _("new deal")
    title = scene.title or title
    lines = ["🂠 " + _("Your hand in {title} at {channel} ({what}):",
                      title=f"**{escape(title)}**", channel=f"<#{channel_id}>", what=what),
             *hand]
    if scene.hand and scene.hand.lines:
        lines += [w(line) for line in scene.hand.lines]
    lines += [_("Play with **Show my hand** on the board or `/play` in that channel."),
              "-# " + _("table #{table} · move {move}", table=table_id, move=move)]
    return clip("\n".join(lines), 2000)


@functools.cache
def presenter(game: str, lang: str = "en") -> Presenter:
    """One presenter per game and language (they hold no state): autocomplete words hundreds
    of moves."""
    return presenter_for(game, lang)


def describe(game: str, action: str, lang: str = "en") -> str:
    """A canonical move as players say it, for Discord (``play QH`` -> ``Play Q♥``)."""
    words = presenter(game, lang)
    return marked.render(words.describe(action), lambda i: f"seat {i + 1}",
                         lambda c: marked.pretty_card(c, words.deck))


def event(game: str, text: str, lang: str = "en", names: Sequence[str] = ()) -> str:
    """An engine event (a message) in ``lang`` with its cards shown as ``Q♥`` and its
    seats by ``names`` (else the names the core filled in); any other text (a move's
    canonical text) with its cards shown so."""
    deck = plugins.engine(game).deck
    if isinstance(text, Msg):
        who = tuple(names) or text.names or ()
        tokens = messages.marked(text, lang_for(lang), deck)
    else:
        who, tokens = tuple(names), marked.from_engine(text, deck)
    return marked.render(tokens, lambda i: marked.name_of(who, i) if who else f"seat {i + 1}",
                         lambda c: marked.pretty_card(c, deck))
