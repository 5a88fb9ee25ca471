"""Duel, the toy game: two players, twenty cards (10 to ace of four suits), five each.

Follow suit if you can; the highest card of the led suit takes the trick and leads
the next; a trick is a point; after five tricks the other player deals anew; the
first to the target wins.  Ten cards stay undealt each hand (a stock nobody sees).
"""

from __future__ import annotations

from rules.actions import Action
from rules.base import Game, Option
from rules.cards import FRENCH_SUITS, DeckKind
from rules.lang import COMMON, MoveWords
from rules.messages import Cards, Seat, event
from rules.sampling import Slot
from rules.tricks import TrickState

DECK = DeckKind("duel", FRENCH_SUITS, (10, 11, 12, 13, 14))
HAND = 5
# Duel's own word for its move in Polish and Russian ("wystaw damę kier": put the queen of
# hearts forward), shown first; the common words ("zagraj", "сыграть") are read too.
WORDS = MoveWords(verbs={"pl": {"play": ("wystaw", "wystawiam")},
                         "ru": {"play": ("выставить", "выставляю")}}) + COMMON


class DuelState(TrickState):
    deal_field = "hand_no"

    def _setup(self) -> None:
        self.target = self.options["target"]
        self.scores = [0] * self.n
        self.hand_no = 0
        self.winner: int | None = None
        self._new_hand(dealer=0)

    def _new_hand(self, dealer: int) -> None:
        self.stock = self._deal_hand(dealer, HAND)
        # What it says are messages (an id and typed values), not English: every reader
        # gets them in their language (these ids are Coins' too: the catalogs have them).
        self._log(event("Hand {n}: {dealer} deals; {first} leads.", n=self.hand_no,
                        dealer=Seat(dealer), first=Seat(self.leader)))

    _legal = TrickState._play_actions   # the only move is "play <card>"

    def _apply(self, action: Action) -> None:
        self._play(action[1][0])

    def _why_illegal(self, action: Action) -> str:
        if action.kind == "play" and action.args:
            return self._why_play(int(action.args[0]))
        return super()._why_illegal(action)

    def _score_trick(self, winner: int, trick: list[list[int]]) -> bool:
        self.scores[winner] += 1
        self._log(event("{who} takes the trick ({cards}).", who=Seat(winner),
                        cards=Cards.of([c for _, c in trick])))
        if self.scores[winner] < self.target:
            return False
        self.winner = winner
        self._finish()
        self._log(event("{who} wins the duel.", who=Seat(winner)))   # Duel's own message
        return True

    def _end_hand(self, winner: int) -> None:
        self._new_hand(dealer=(self.dealer + 1) % self.n)

    def _other_zones(self) -> dict[str, list[int]]:
        return {"stock": list(self.stock)}

    def _hidden_slots(self, seat: int) -> list[Slot]:
        return [*super()._hidden_slots(seat), Slot(self.stock)]

    def _view(self, seat: int | None) -> dict:
        v = {"scores": list(self.scores), "target": self.target, "dealer": self.dealer,
             "hand_no": self.hand_no}
        v.update(self._trick_view())
        v.update(self._hand_view(seat))
        return v

    def _result(self) -> dict:
        return {"scores": list(self.scores), "winner": self.winner}


class Duel(Game):
    name = "duel"
    title = "Duel"
    deck = DECK
    min_players = max_players = 2
    option_list = (Option("target", 5, (3, 5, 7), "Tricks that win the game.", int),)
    grammar = {"play": ("card",)}
    aliases = {"p": "play"}
    move_words = WORDS
    state_class = DuelState
    turn_seconds = 60


GAME = Duel()
