"""Who knows where which exchanged card lies (Starshina / Sergeant Major).

Exchanges move cards face down between hands, so a seat may know that a card
it gave (or got back) lies in another hand.  Later hidden moves blur that:
if the holder passes *some* card on where the seat cannot see, the card may
have gone too.  ``known[viewer]`` holds ``[card, [places...]]`` entries: the
places the card may be, as the viewer can tell.  A place is a seat number or
``DISCARDS``.  A single place pins the card there when re-dealing hidden cards;
several places ban it from every other hidden zone.  The sets only ever grow
with hidden moves, so the real deal always fits them.
"""

from __future__ import annotations

DISCARDS = -1  # the dealer's four discards
KITTY = -2     # the undealt kitty (never a tracked place: tracked cards come from hands)


def note_transfer(known: list[list[list]], card: int, src: int, dst: int) -> None:
    """``card`` moved face down from seat ``src`` to seat ``dst``: update every viewer."""
    for viewer, entries in enumerate(known):
        if viewer == src or viewer == dst:
            # The two players in the exchange both know exactly which card moved.
            for e in entries:
                if e[0] == card:
                    e[1] = [dst]
                    break
            else:
                entries.append([card, [dst]])
        else:
            # Anything this viewer placed in ``src`` may be the card that moved.
            for e in entries:
                if src in e[1] and dst not in e[1]:
                    e[1].append(dst)


def note_discard(known: list[list[list]], dealer: int) -> None:
    """The dealer discarded four unseen cards: what others placed there may be among them."""
    for viewer, entries in enumerate(known):
        if viewer == dealer:
            continue
        for e in entries:
            if dealer in e[1] and DISCARDS not in e[1]:
                e[1].append(DISCARDS)


def places(known: list[list[list]], viewer: int) -> dict[int, list[int]]:
    """The viewer's tracked cards and where each may be."""
    return {card: where for card, where in known[viewer]}
