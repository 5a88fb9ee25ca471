"""Coins (Mark Steere, 2022): 3 players, Spanish deck, no duty to follow, a suit cycle."""

from __future__ import annotations

from rules.actions import Action
from rules.base import Game, Option
from rules.cards import BASTOS, CARD, CARD_TEXT, COPAS, ESPADAS, OROS, SPANISH_48, SUIT_SHIFT
from rules.messages import Msg, Value, card_named, counted, event, seat_data
from rules.tricks import TrickState

# Cups beat Coins, Coins beat Swords, Swords beat Clubs, Clubs beat Cups.
BEATS = {COPAS: OROS, OROS: ESPADAS, ESPADAS: BASTOS, BASTOS: COPAS}
SUIT_SUM = sum(BEATS)  # the four Spanish suit numbers add up to this


def coins_winner(trick: list[list[int]]) -> int:
    """The seat winning a 3-card Coins trick (see the rules text for the three cases)."""
    (_, c0), (_, c1), (_, c2) = trick
    return trick[winning_place(c0, c1, c2)][0]


def winning_place(c0: int, c1: int, c2: int) -> int:
    """Which of three cards, in the order played, wins the trick: 0, 1 or 2.  (The AI
    weighs each of its cards against dozens of guessed tricks: cards, not seats.)"""
    u0, u1, u2 = c0 >> 4, c1 >> 4, c2 >> 4
    # Two (or three) of a suit: the highest of that suit wins, whatever the odd card.
    if u0 == u1:
        if u1 == u2:
            return 0 if c0 > c1 and c0 > c2 else (1 if c1 > c2 else 2)
        return 0 if c0 > c1 else 1
    if u0 == u2:
        return 0 if c0 > c2 else 2
    if u1 == u2:
        return 1 if c1 > c2 else 2
    # Three suits: the missing one names the winner (the suit it beats).
    winning = BEATS[SUIT_SUM - u0 - u1 - u2]
    return 0 if u0 == winning else (1 if u1 == winning else 2)


class CoinsState(TrickState):
    deal_field = "hand_no"
    must_follow = False

    def _setup(self) -> None:
        self.target = self.options["target"]
        self.scores = [0] * self.n
        self.hand_no = 0
        self.winner: int | None = None
        self._new_hand(dealer=0)

    def _new_hand(self, dealer: int) -> None:
        self._deal_hand(dealer, 16)
        self._log(event("Hand {n}: {dealer} deals; {first} leads.", n=self.hand_no,
                        dealer=seat_data(dealer), first=seat_data(self.leader)))

    _legal = TrickState.play_actions  # the only move is "play <card>"

    def _apply(self, action: Action) -> None:
        self._play(action[1][0])  # the only move is "play <card>"

    def _why_illegal(self, action: Action) -> Msg:
        if action.kind == "play" and action.args:
            return self._why_play(int(action.args[0]))
        return super()._why_illegal(action)

    def _card_named(self, card: int) -> Value:
        return card_named(card, f"the {CARD[card].name}")

    _trick_winner = staticmethod(coins_winner)

    def _score_trick(self, winner: int, trick: list[list[int]]) -> bool:
        (_, a), (_, b), (_, c) = trick   # three cards: no loop (a playout scores every trick)
        gained = (a >> SUIT_SHIFT == OROS) + (b >> SUIT_SHIFT == OROS) + (c >> SUIT_SHIFT == OROS)
        self.scores[winner] += gained
        # Seat(winner) and Cards.of((a, b, c)) as the event keeps them (``seat_data``)
        who, cards = seat_data(winner), ("c", " ", CARD_TEXT[a], CARD_TEXT[b], CARD_TEXT[c])
        if gained:
            self._log(event("{who} takes the trick ({cards}), +{n}.", who=who, cards=cards,
                            n=counted("{n} coin", "{n} coins", gained)))
        else:
            self._log(event("{who} takes the trick ({cards}).", who=who, cards=cards))
        if self.scores[winner] < self.target:
            return False
        self.winner = winner
        self._finish()
        self._log(event("{who} reaches {n} and wins the game.", who=who,
                        n=self.scores[winner]))
        return True

    def _end_hand(self, winner: int) -> None:
        # The winner of the last trick ends up left of the new dealer, and leads.
        self._new_hand(dealer=(winner - 1) % self.n)

    def _view(self, seat: int | None) -> dict:
        v = {"phase": "play", "scores": list(self.scores), "target": self.target,
             "dealer": self.dealer, "hand_no": self.hand_no}
        v.update(self._trick_view())
        v.update(self._hand_view(seat))
        return v

    def _result(self) -> dict:
        return {"scores": list(self.scores), "winner": self.winner}


class Coins(Game):
    name = "coins"
    title = "Coins"
    deck = SPANISH_48
    min_players = max_players = 3
    option_list = (
        Option("target", 15, (10, 15, 20), "Coins needed to win; the game ends the moment "
               "a player reaches it.", int),
    )
    grammar = {"play": ("card",)}
    aliases = {"p": "play"}
    state_class = CoinsState
    turn_seconds = 60


GAME = Coins()
