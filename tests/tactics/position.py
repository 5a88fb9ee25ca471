"""A tactics position: a stacked deal, the moves that reach it, and the answer.

A position is data: the game, its options and seed, the first deal's deck in
the engine's card text (top first), the scripted moves in canonical action
text, the seat to move, and either the acceptable moves (``best``) or the moves
to avoid (``avoid``), with one sentence of why.  ``build`` reaches it through
the public engine contract only (``new_state(..., deck=...)``, ``apply``) and
checks on the way that it is well formed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import rules
from rules.base import State


@dataclass(frozen=True)
class Position:
    name: str
    game: str
    players: int
    deck: str                   # the first deal, top card first, space-separated; later
                                # deals after " | " (Pinkerton: each round's stock)
    moves: str                  # the moves that reach the position, "; "-separated
    seat: int                   # the seat to move
    why: str
    best: tuple[str, ...] = ()  # the acceptable moves (all others are wrong) ...
    avoid: tuple[str, ...] = () # ... or the moves that are wrong (all others are fine)
    keep: tuple[str, ...] = ()  # ... or cards a multi-card move (a discard) must not include
    options: dict = field(default_factory=dict)
    seed: int = 1
    gift: bool = False          # avoiding a visible gift is what this position tests

    def script(self) -> list[str]:
        return [m.strip() for m in self.moves.split(";") if m.strip()]

    def solved_by(self, move: str) -> bool:
        """Whether ``move`` (canonical text) answers the position."""
        if self.keep:
            return not set(move.split()[1:]) & set(self.keep)
        if self.best:
            return move in self.best
        return move not in self.avoid


class Malformed(Exception):
    """A position that cannot be reached, or whose answer does not fit it."""


def build(pos: Position) -> State:
    """The position's state, reached through the public engine contract; raises
    ``Malformed`` naming the position and what is wrong with it."""
    def fail(what: str) -> Malformed:
        return Malformed(f"{pos.name}: {what}")

    if (bool(pos.best) + bool(pos.avoid) + bool(pos.keep)) != 1:
        raise fail("give one of: the best moves, the moves to avoid, the cards to keep")
    if not pos.why.strip():
        raise fail("no reason given")
    game = rules.get_game(pos.game)
    decks = [d.split() for d in pos.deck.split("|")]
    state = game.new_state(pos.players, pos.options, seed=pos.seed,
                           deck=decks if len(decks) > 1 else decks[0])
    for i, text in enumerate(pos.script()):
        seat = state.current_seat
        if seat is None:
            raise fail(f"the game is over before move {i + 1} ({text})")
        action = game.parse_action(text, state.options)
        if str(action) != text:
            raise fail(f"move {i + 1} is written {text!r}; the engine writes it {str(action)!r}")
        try:
            state.apply(seat, action)
        except rules.IllegalAction as e:
            raise fail(f"move {i + 1} ({text}) is illegal for seat {seat}: {e}") from None
    if state.current_seat != pos.seat:
        raise fail(f"seat {state.current_seat} is to move, not seat {pos.seat}")
    legal = {str(a) for a in state.legal_actions(pos.seat)}
    if pos.keep:
        hand = {str(c) for c in game.deck.cards}
        if not set(pos.keep) <= hand:
            raise fail(f"the cards to keep {pos.keep} are not all cards")
        if all(pos.solved_by(m) for m in legal) or not any(pos.solved_by(m) for m in legal):
            raise fail("the cards to keep do not split the legal moves")
    for text in pos.best + pos.avoid:
        if str(game.parse_action(text, state.options)) != text:
            raise fail(f"the answer {text!r} is not in the engine's canonical text")
        if text not in legal:
            raise fail(f"the answer {text!r} is not a legal move here")
    if pos.best and len(pos.best) == len(legal):
        raise fail("every legal move is accepted: nothing to test")
    if pos.avoid and len(pos.avoid) == len(legal):
        raise fail("every legal move is to be avoided")
    return state
