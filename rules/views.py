"""The typed shape of the view fields every game shares.

A view (``State.view(seat)``) is a JSON-native dict: the fields below, which every game
has, plus the game's own (``State._view``: a trick game adds ``TrickView`` and, for a
seat, ``HandView``).  These are ``TypedDict``s, plain dicts at run time
(no ``from __future__ import annotations`` here: ``NotRequired`` is read at run time
too, by ``View.__required_keys__``)."""

from typing import Any, NotRequired, TypedDict, cast


class ViewEvent(TypedDict):
    """An event as a view shows it: its number, its message (a ``Msg``; a game saved
    before messages keeps plain text), and ``private`` when told to this seat alone."""
    n: int
    text: str
    private: NotRequired[bool]


class View(TypedDict):
    """The fields of ``State.view(seat)`` every game shares."""
    game: str
    players: int
    seat: int | None                 # whose view; None: a spectator's
    options: dict[str, Any]
    current_seat: int | None         # None once the game is over
    over: bool
    events: list[ViewEvent]          # the kept log this seat may read
    deal_no: NotRequired[int]        # the hand/deal/round counter (``State.deal_no``)
    # once over: ``State.result()`` - scores, ranks (1 best), winners, the game's own
    result: NotRequired[dict[str, Any]]


class TrickView(TypedDict):
    """A trick game's table (``TrickState._trick_view``): cards as text codes."""
    trick: list[list[Any]]           # [seat, "QH"] in play order
    last_trick: list[list[Any]] | None
    tricks: list[int]                # tricks taken, by seat
    hand_sizes: list[int]
    leader: int


class HandView(TypedDict, total=False):
    """A seat's own hand in its view (``TrickState._hand_view``); none for a spectator."""
    hand: list[str]


def game_fields(view: View) -> dict[str, Any]:
    """``view`` itself, typed for a reader of the game's own fields too (a game's
    presenter): a ``View`` names only the shared ones."""
    return cast(dict[str, Any], view)
