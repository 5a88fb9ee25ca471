"""The viewer's own acts in the second person: "You take the trick (K♥ 3♥ 10♥)." in the
viewer's own Recent lines (their hand panel, the terminal), where the public board says
"Alice takes the trick ...".

The engines tell every act in the third person (one log for every reader); a message
whose subject (``who``) is the viewer is told here with the matching "You ..." text,
where there is one.  A message that names several seats in their roles (Piquet's trick
line: its leader, its winner and, nested, each seat that plays to it; a deal's dealer
and the seat that leads) has a form for each set of roles the viewer holds in it
(``YouForms.roles``), and the messages nested in it are told to the viewer the same way:
"You lead 9♦, Ada plays 7♦: you win.", "Ada leads 9♦, you play 7♦: Ada wins.".
Dialogue ("Alice: Good.") stays as it is said at the table.

Each game's presenter brings the forms of its own acts (``Presenter.you_forms``: its
``YouForms`` added to ``SHARED``, the acts every trick game logs through
``rules/tricks.py``), so a game plugged in from elsewhere tells its acts to you with no
edit here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.messages import Msg, Seat, decode

from ..i18n import N_


@dataclass(frozen=True)
class YouForms:
    """A game's acts told to their actor: ``you`` maps the engine's message id to the same
    act told to its actor (the same placeholders, less ``{who}``); ``roles`` maps a
    message that names several seats to {the placeholders that name the viewer (sorted):
    the message told to the viewer} (the viewer in any other set of roles: the message
    as it is).  Marked ``N_`` where they are written: pl and ru translate both."""

    you: Mapping[str, str] = field(default_factory=dict)
    roles: Mapping[str, Mapping[tuple[str, ...], str]] = field(default_factory=dict)

    def __add__(self, other: YouForms) -> YouForms:
        return YouForms({**other.you, **self.you}, {**other.roles, **self.roles})


# The acts of every trick game (rules/tricks.py).
SHARED = YouForms(you={
    "{who} takes the trick ({cards}).": N_("You take the trick ({cards})."),
})


def to_you(message: object, seat: int, forms: YouForms = SHARED) -> object:
    """``message`` told to ``seat`` when it is ``seat``'s own act and has a "You ..."
    form in ``forms`` (or a form for the roles ``seat`` holds in it, its nested messages
    told to ``seat`` too); otherwise ``message`` unchanged."""
    if not isinstance(message, Msg) or message.plural_key is not None:
        return message
    told = _told(message.key, message.data, Seat(seat), forms)
    return message if told is None else Msg.load(*told)


def _told(key: str, data: tuple, me: Seat, forms: YouForms) -> tuple[str, None, tuple] | None:
    """(key, plural key, data) of the message told to ``me``; None: as it is."""
    you = forms.you.get(key)
    if you is not None:
        # the act's subject: a seat ("who"), or a side of one seat (Piquet's "side")
        who = next((decode(v) for k, v in data if k in ("who", "side")), None)
        return (you, None, data) if who == me else None
    by_roles = forms.roles.get(key)
    if by_roles is None:
        return None
    roles = tuple(sorted(k for k, v in data if type(v) is tuple and v[:1] == ("p",)
                         and decode(v) == me))
    nested = tuple((k, _nested(v, me, forms)) for k, v in data)
    form = by_roles.get(roles, key) if roles else key
    if form == key and nested == data:
        return None
    return (form, None, nested)


def _nested(value: object, me: Seat, forms: YouForms) -> object:
    """A parameter with the messages in it told to ``me`` (a message, or a Join's)."""
    if type(value) is not tuple or not value:
        return value
    if value[0] == "m" and value[2] is None:
        told = _told(value[1], value[3], me, forms)
        return value if told is None else ("m", *told)
    if value[0] == "j":
        return (*value[:2], *(_nested(m, me, forms) for m in value[2:]))
    return value
