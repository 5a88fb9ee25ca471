"""Helpers for presenter tests: a state's scenes, a scene as plain text, visible cards."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from bot.present import present
from bot.present import text as tx
from bot.present.scene import Scene
from rules.base import State
from rules.cards import DeckKind

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def scene_of(state: State, seat: int | None, names: Sequence[str] = NAMES) -> Scene:
    """The scene ``seat`` (None: a spectator) sees, with its moves when it is its turn."""
    view = state.view(seat)
    if seat is None or state.is_over:
        return present(view, names)
    return present(view, names, forms=state.action_forms(seat),
                   legal=[str(a) for a in state.legal_actions(seat)])


def plain(scene: Scene, s: str, names: Sequence[str] = NAMES) -> str:
    return tx.plain(s, names, _deck(scene))


def _deck(scene: Scene) -> DeckKind:
    import rules
    return rules.get_game(scene.game).deck


def dump(scene: Scene, names: Sequence[str] = NAMES) -> str:
    """The whole scene as labelled plain text, for reading and for asserting on."""
    deck = _deck(scene)

    def p(s: str) -> str:
        return tx.plain(s, names, deck)

    def cards(codes: Sequence[str]) -> str:
        return " ".join(tx.pretty_card(c, deck) for c in codes)

    out = [f"== {scene.title} - {p(scene.phase)}"]
    out += [f"{f.label}: {p(f.value)}" for f in scene.headline]
    for s in scene.seats:
        bits = [s.name + (" ▶" if s.to_move else "")]
        if s.roles:
            bits.append("(" + ", ".join(p(r) for r in s.roles) + ")")
        if s.score is not None:
            bits.append(p(s.score))
        bits += [f"{f.label} {p(f.value)}" for f in s.facts]
        if s.hand_count is not None:
            bits.append(f"{s.hand_count} in hand")
        if s.status:
            bits.append(f"[{p(s.status)}]")
        out.append("  " + " · ".join(bits))
    c = scene.centre
    for t in (c.trick, c.last_trick):
        if t is None:
            continue
        plays = ", ".join(f"{names[pl.seat]} {cards(pl.cards)}"
                          + (f" ({p(pl.note)})" if pl.note else "") for pl in t.plays)
        extra = ""
        if t.to_lead is not None:
            extra = f" - {names[t.to_lead]} to lead"
        if t.winner is not None:
            extra = f" - won by {names[t.winner]}"
        out.append(f"{t.label}: {plays or 'empty'}{extra}")
    for pile in c.piles:
        out.append(f"{pile.label}: {cards(pile.cards)}"
                   + (f" +{pile.face_down} face down" if pile.face_down else "")
                   + (f" - {p(pile.note)}" if pile.note else ""))
    out += [p(line) for line in c.lines]
    if scene.events:
        out.append("Recent:")
        out += ["  " + p(e) for e in scene.events]
    if scene.hand is not None:
        h = scene.hand
        out.append("Your hand: " + " | ".join(f"{label} {cards(cs)}" for label, cs in h.groups))
        out += ["  " + p(line) for line in h.lines]
        for f in h.forms:
            line = f"  > {p(f.prompt)} [{f.verb}]"
            if f.cards:
                line += ": " + cards(f.cards)
            if f.choices:
                line += ": " + " / ".join(p(ch.label) for ch in f.choices[:12])
            if f.note:
                line += f" ({p(f.note)})"
            out.append(line)
    if scene.result is not None:
        out.append("Result:")
        out += ["  " + p(line) for line in scene.result.lines]
        out += ["  " + p(line) for line in scene.result.details]
    if scene.legend:
        out += [f"({f.label}: {p(f.value)})" for f in scene.legend]
    return "\n".join(out)


def _strings(value) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def visible_codes(view: dict, deck: DeckKind) -> set[str]:
    """Every canonical card code written anywhere in ``view`` (values, lists, event texts)."""
    codes = {str(c) for c in deck.cards}
    found = set()
    for s in _strings(view):
        for word in _WORD.findall(s):
            if word in codes:
                found.add(word)
    return found


_WORD = re.compile(r"[0-9A-Z]+")
