"""Thirteens (Po trinadtsati): 3-6 players, 54 cards, tricks scored for combinations.

RULINGS section 3 is the authority; the choices made where it and the seed are
silent are listed in ``games/thirteens/texts/thirteens.md``.  The ones that shape this
code: the turned trump card is the top card of the undealt rest and stays face
up, out of play; a joker may follow a led joker (no suit has been set yet); the
last trick of a hand stays visible as ``last_trick`` into the next hand.
"""

from __future__ import annotations

from games.thirteens.scoring import NO_TRICK_PENALTY, describe, trick_points
from rules.actions import Action
from rules.base import Game, Option
from rules.cards import CARD, CARD_TEXT, FRENCH_54, JOKER_SUIT, SUIT_LETTER, SUIT_NAME
from rules.messages import Cards, Join, Msg, Seat, Seats, event, seat_data, suit
from rules.sampling import Slot
from rules.tricks import TrickState, highest_card


def hand_size(n_players: int) -> int:
    """Cards dealt to each player: floor(53 / n), so at least one card is left to turn."""
    return 53 // n_players


def is_joker(card: int) -> bool:
    return card >> 4 == JOKER_SUIT


def led_suit(trick: list[list[int]]) -> int | None:
    """The suit of the first non-joker card (None while only jokers have been played)."""
    for _, c in trick:
        if c >> 4 != JOKER_SUIT:
            return c >> 4
    return None


def thirteens_winner(trick: list[list[int]], trump: int | None) -> int:
    """Highest trump, else highest card of the led suit; a joker in the trick
    cancels trumps.  A trick with no led suit (only jokers) goes to its leader."""
    led = None
    for _, c in trick:
        s = c >> 4
        if s == JOKER_SUIT:
            trump = None
        elif led is None:
            led = s
    return highest_card(trick, led, trump)


class ThirteensState(TrickState):
    deal_field = "hand_no"
    must_follow = True

    # --- setup and hands ------------------------------------------------------

    def _setup(self) -> None:
        self.target = self.options["target"]
        self.thirteen_value = self.options["thirteen_value"]
        self.scores = [0] * self.n
        self.hand_points = [0] * self.n
        self.last_hand: list[int] | None = None
        self.hand_no = 0
        self._new_hand(dealer=0)

    def _new_hand(self, dealer: int) -> None:
        per_seat = hand_size(self.n)
        rest = self._deal_hand(dealer, per_seat)  # the last hand's final trick stays on view
        first = self.leader
        # The top card of the undealt rest is turned for trump; it stays face up, out of play.
        self.turned = rest[0]
        self.undealt = sorted(rest[1:])
        self.trump = None if is_joker(self.turned) else self.turned >> 4
        self.hand_points = [0] * self.n
        if self.trump is None:
            trumps = event("a joker: no trumps this hand")
        else:
            trumps = event("{suit} are trumps", suit=suit(self.trump, SUIT_NAME[self.trump]))
        self._log(event("Hand {n}: {dealer} deals {k} cards each and turns {card} ({trumps}); "
                      "{first} leads.", n=self.hand_no, dealer=Seat(dealer), k=per_seat,
                      card=Cards.of((self.turned,)), trumps=trumps, first=Seat(first)))

    # --- trick hooks ------------------------------------------------------------

    def _card_suit(self, card: int) -> int | None:
        return None if card >> 4 == JOKER_SUIT else card >> 4

    def _led_suit(self, trick: list[list[int]]) -> int | None:
        return led_suit(trick)

    def _trump(self) -> int | None:
        return self.trump

    def _trick_winner(self, trick: list[list[int]]) -> int:
        return thirteens_winner(trick, self.trump)

    def _score_trick(self, winner: int, trick: list[list[int]]) -> bool:
        cards = [c for _, c in trick]
        points, combos, jokers = trick_points(cards, self.thirteen_value)
        self.hand_points[winner] += points
        why = describe(combos, jokers, self.thirteen_value, points)
        # Seat(winner) and Cards.of(cards) as the event keeps them (``seat_data``)
        self._log(event("{who} takes the trick ({cards}): {why}.", who=seat_data(winner),
                        cards=("c", " ", *map(CARD_TEXT.__getitem__, cards)), why=why))
        return False

    def _end_hand(self, winner: int) -> None:
        for seat in range(self.n):
            if self.tricks[seat] == 0:
                self.hand_points[seat] -= NO_TRICK_PENALTY
                self._log(event("{who} took no trick this hand: {n}.", who=Seat(seat),
                              n=-NO_TRICK_PENALTY))
        for seat in range(self.n):
            self.scores[seat] += self.hand_points[seat]
        self.last_hand = list(self.hand_points)
        summary = Join(tuple(event("{who} {change} ({total})", who=Seat(s),
                                 change=f"{self.hand_points[s]:+d}", total=self.scores[s])
                             for s in range(self.n)))
        self._log(event("End of hand {n}: {parts}.", n=self.hand_no, parts=summary))
        best = max(self.scores)
        if best >= self.target:
            self._finish()
            leaders = [s for s in range(self.n) if self.scores[s] == best]
            if len(leaders) > 1:
                self._log(event("{names} share the win with {n} points.",
                              names=Seats(tuple(leaders)), n=best))
            else:
                self._log(event("{who} wins with {n} points.", who=Seat(leaders[0]), n=best))
            return
        self._new_hand(dealer=(self.dealer + 1) % self.n)

    # --- the contract -------------------------------------------------------------

    def _legal(self) -> list[Action]:
        return self.play_actions()

    def _apply(self, action: Action) -> None:
        self._play(action.args[0])

    def _why_illegal(self, action: Action) -> Msg:
        playable = [int(a.args[0]) for a in self._legal_cached()]
        legal = Cards.of(playable, ", ")
        if action.kind != "play" or not action.args:
            return Msg("Play a card, e.g. '{example}'.", example=f"play {legal.codes[0]}")
        card = int(action.args[0])
        if card not in self.hands[self.mover]:
            return Msg("You do not hold {card}. You can play: {legal}.",
                       card=self._card_named(card), legal=legal)
        if is_joker(card):
            return Msg("A joker may be played only when leading or when you cannot follow "
                       "suit; you hold a {suit}, so play one of: {legal}.",
                       suit=self._led_word(), legal=legal)
        return Msg("You must follow suit: you hold a {suit}. Play one of: {legal}.",
                   suit=self._led_word(), legal=legal)

    def _view(self, seat: int | None) -> dict:
        v = {
            "phase": "play",
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "target": self.target,
            "thirteen_value": self.thirteen_value,
            "trump_card": str(CARD[self.turned]),
            "trump": None if self.trump is None else SUIT_LETTER[self.trump],
            "undealt": len(self.undealt),  # face down besides the turned card
            "scores": list(self.scores),
            "hand_points": list(self.hand_points),
            "last_hand": None if self.last_hand is None else list(self.last_hand),
        }
        v.update(self._trick_view())
        v.update(self._hand_view(seat))
        return v

    def _result(self) -> dict:
        return {"scores": list(self.scores), "hands": self.hand_no}

    # --- hidden cards ---------------------------------------------------------------

    def _other_zones(self) -> dict[str, list[int]]:
        return {"turned": [self.turned], "undealt": list(self.undealt)}

    def _hidden_slots(self, seat: int) -> list[Slot]:
        # The face-down undealt cards are hidden from everyone; the turned one is public.
        return super()._hidden_slots(seat) + [Slot(self.undealt)]


class Thirteens(Game):
    name = "thirteens"
    title = "Thirteens"
    deck = FRENCH_54
    min_players = 3
    max_players = 6
    option_list = (
        Option("target", 50, help="Points that end the game: play stops at the end of the "
               "hand in which someone has at least this many (10-200).", kind=int,
               minimum=10, maximum=200),
        Option("thirteen_value", 3, help="Points for each thirteen (a set of cards counting "
               "13) in a trick you take (1-10).", kind=int, minimum=1, maximum=10),
    )
    grammar = {"play": ("card",)}
    aliases = {"p": "play"}
    state_class = ThirteensState
    turn_seconds = 60

    def configurations(self) -> list[tuple[int, dict]]:
        return [(n, {}) for n in self.player_counts({})] + [
            (4, {"target": 20, "thirteen_value": 1}),
            (5, {"target": 30, "thirteen_value": 10}),
        ]


GAME = Thirteens()
