"""Shared trick-taking machinery: dealing, following suit, trick winners, history.

``TrickState`` is a ``State`` with hands, the current trick, the last trick,
tricks taken and voids shown.  It owns the lifecycle every trick game shares:
``_deal_hand`` starts a hand (the hand counter, the deal from the dealer's left,
who leads), ``_play`` plays a card, the winner of a trick leads the next one or
the hand ends when the hands are empty, ``_finish`` ends the game, and
``_why_play`` refuses a card not held or a failure to follow suit.  A game sets
its phase logic around it and overrides the hooks it needs:

* ``must_follow`` - whether a player must follow the led suit;
* ``_led_suit(trick)`` / ``_card_suit(card)`` - e.g. jokers that have no suit;
* ``_trump()`` - the trump suit or None; ``_trick_winner(trick)`` - who wins;
* ``_score_trick(winner, trick)`` - scoring; True when that ended the game;
* ``_end_hand(winner)`` - the hands are empty: score the hand, deal or finish;
* ``_in_play()`` - whether cards are being played (games with earlier phases);
* ``_card_named(card)`` - how a refusal names a card.

A trick is a list of ``[seat, card]`` pairs in play order.

What the AI reads of a trick game is ``TrickPosition``: every ``TrickState`` is one, and
``trick_position(state)`` gives it (or None for a game without tricks).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, Self, runtime_checkable

from .actions import Action, act
from .base import State
from .cards import CARD, SUIT_NAME, SUIT_SHIFT
from .messages import Cards, Msg, Value, suit
from .sampling import Slot, redeal
from .views import HandView, TrickView


def deal(order: Sequence[int], n: int, per_seat: int, first: int, packet: int = 1) -> \
        tuple[list[list[int]], list[int]]:
    """Deal ``per_seat`` cards to each of ``n`` seats from ``order`` (top first), in
    packets of ``packet``, starting with seat ``first``.  Returns (hands, rest)."""
    if packet == 1:  # the common case: one card at a time, by slicing
        dealt: list[list[int]] = [[] for _ in range(n)]
        for k in range(n):
            dealt[(first + k) % n] = sorted(order[k:n * per_seat:n])
        return dealt, list(order[n * per_seat:])
    hands: list[list[int]] = [[] for _ in range(n)]
    pos = 0
    while len(hands[first]) < per_seat:
        for k in range(n):
            seat = (first + k) % n
            take = min(packet, per_seat - len(hands[seat]))
            hands[seat].extend(order[pos:pos + take])
            pos += take
    for h in hands:
        h.sort()
    return hands, list(order[pos:])


def highest_card(trick: list[list[int]], led: int | None, trump: int | None) -> int:
    """The seat of the highest trump, else of the highest card of the led suit.

    Cards of other suits (and jokers, whose suit number matches no real suit)
    never win; with no led suit and no trump the leader keeps the trick."""
    best_seat, best_key = trick[0][0], -1
    for seat, c in trick:
        s = c >> 4
        if s == trump:
            key = 100 + (c & 15)
        elif s == led:
            key = c & 15
        else:
            continue
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat


PLAY: dict[int, Action] = {c: act("play", CARD[c]) for c in CARD}
_PLAY_OF = PLAY.__getitem__
SUIT_SINGULAR = {s: SUIT_NAME[s][:-1] for s in range(4)}  # "heart", for refusals


def play_action(card: int) -> Action:
    return PLAY[card]


@runtime_checkable
class TrickPosition(Protocol):
    """A trick game's position as the AI reads it (public: no engine internals).

    Cards are ints (``rules.cards``), hands sorted; a trick is ``[seat, card]`` pairs in
    play order, so it also says who played what to the trick in progress."""

    n: int
    current_seat: int | None
    hands: list[list[int]]               # every seat's cards (a sampled world's guess)
    trick: list[list[int]]               # the trick in progress
    last_trick: list[list[int]] | None   # the last completed trick, on show
    leader: int                          # who led (leads) the trick in progress
    tricks: list[int]                    # tricks taken this hand, by seat
    won: list[list[int]]                 # the cards each seat took this hand
    voids: list[list[int]]               # suits each seat has shown it lacks this hand

    def playable(self, seat: int) -> list[int]:
        """The cards ``seat`` may play to the trick in progress."""
        ...

    def before_play(self, k: int) -> State:
        """A new position: this one just before the ``k``-th play of the trick in progress
        (0: the lead)."""
        ...


def trick_position(state: State) -> TrickPosition | None:
    """``state`` as a trick game's position, or None if it has no tricks."""
    if isinstance(state, TrickState) or isinstance(state, TrickPosition):
        return state
    return None


class TrickState(State):
    must_follow = True

    # fields (set by _start_tricks): hands, trick, last_trick, leader, tricks, voids

    def _deal_hand(self, dealer: int, per_seat: int, packet: int = 1,
                   counted: bool = True) -> list[int]:
        """Start a hand: ``dealer`` deals ``per_seat`` cards each from their left, who leads;
        the hand counter (``deal_field``) goes up unless not ``counted`` (a redeal).
        Returns the undealt rest."""
        self.dealer = dealer
        if counted:
            setattr(self, self.deal_field, getattr(self, self.deal_field) + 1)
        first = (dealer + 1) % self.n
        hands, rest = deal(self._deal_order(self.game.deck.cards), self.n, per_seat, first,
                           packet)
        self._start_tricks(hands, first)
        return rest

    def _start_tricks(self, hands: list[list[int]], leader: int) -> None:
        self.hands = hands
        self.trick: list[list[int]] = []
        # The previous hand's last trick stays on show until a new trick completes.
        self.last_trick: list[list[int]] | None = getattr(self, "last_trick", None)
        self.leader = leader
        self.tricks = [0] * self.n
        self.voids: list[list[int]] = [[] for _ in range(self.n)]
        self.won: list[list[int]] = [[] for _ in range(self.n)]
        self.current_seat = leader

    # --- hooks --------------------------------------------------------------

    def _card_suit(self, card: int) -> int | None:
        return card >> 4

    def _led_suit(self, trick: list[list[int]]) -> int | None:
        for _, c in trick:
            s = self._card_suit(c)
            if s is not None:
                return s
        return None

    def _trump(self) -> int | None:
        return None

    def _trick_winner(self, trick: list[list[int]]) -> int:
        return highest_card(trick, self._led_suit(trick), self._trump())

    def _score_trick(self, winner: int, trick: list[list[int]]) -> bool:
        """Score a completed trick (and log it); True if that ended the game."""
        return False

    def _end_hand(self, winner: int) -> None:
        """Every card is played (``winner`` took the last trick): score, deal again or finish."""
        raise NotImplementedError

    def _in_play(self) -> bool:
        return True

    def _card_named(self, card: int) -> Value:
        return Cards.of((card,))

    def _trick_done(self, winner: int, trick: list[list[int]]) -> None:
        """The winner leads the next trick, or the hand is over."""
        if self._score_trick(winner, trick):
            return
        if any(self.hands):
            self.current_seat = self.leader = winner
        else:
            self._end_hand(winner)

    def _finish(self) -> None:
        """The game is over: nobody is to move."""
        self.over = True
        self.current_seat = None

    # --- machinery ------------------------------------------------------------

    def playable(self, seat: int) -> list[int]:
        """The cards ``seat`` may play to the trick in progress (its hand, or the cards
        that follow suit)."""
        hand = self.hands[seat]
        if not self.must_follow or not self.trick:
            return hand
        led = self._led_suit(self.trick)
        if led is None:
            return hand
        # ``_card_suit`` maps a card to ``c >> 4`` or to None (a joker), and ``led`` is a
        # real suit here, so the bare shift gives the same answer without a call per card.
        follow = [c for c in hand if c >> SUIT_SHIFT == led]
        return follow or hand

    def play_actions(self) -> list[Action]:
        """The play moves of the seat to move (a game's ``_legal`` in trick play)."""
        seat = self.current_seat
        assert seat is not None
        if self.trick and self.must_follow:
            return list(map(_PLAY_OF, self.playable(seat)))
        return list(map(_PLAY_OF, self.hands[seat]))

    _play_actions = play_actions   # the older name, for plug-in games written against it

    def _is_legal(self, action: Action) -> bool:
        if self._legal_version == self._version:  # the list legal_actions just built
            return action in self._legal_list
        # Otherwise a play is checked against the hand directly: no legal list is built.
        if action.kind == "play" and len(action.args) == 1 and self._in_play():
            return action.args[0] in self.playable(self.mover)
        return action in self._legal_cached()

    def _why_play(self, card: int) -> Msg:
        """Why playing ``card`` is refused: not held, or the led suit must be followed."""
        if card not in self.hands[self.mover]:
            return Msg("You do not hold {card}.", card=self._card_named(card))
        return Msg("You must follow suit: you hold a {suit}.", suit=self._led_word())

    def _led_word(self) -> Value:
        """The led suit as a refusal names it ("heart")."""
        led = self._led_suit(self.trick)
        return Msg("card of that suit") if led is None else suit(led, SUIT_SINGULAR[led])

    def _play(self, card: int) -> None:
        seat = self.current_seat
        assert seat is not None
        card = int(card)
        trick = self.trick
        if trick and self.must_follow:
            led = self._led_suit(trick)
            if led is not None and self._card_suit(card) != led and led not in self.voids[seat]:
                self.voids[seat].append(led)
        self.hands[seat].remove(card)
        trick.append([seat, card])
        if len(trick) < self.n:  # every seat plays to every trick
            self.current_seat = (seat + 1) % self.n
            return
        winner = self._trick_winner(trick)
        self.tricks[winner] += 1
        self.won[winner] += [c for _, c in trick]
        self.last_trick = trick
        self.trick = []
        self._trick_done(winner, trick)

    def before_play(self, k: int) -> Self:
        """A copy of this position just before the ``k``-th play of the trick in progress
        (0: the lead): the cards played since go back to their hands (and the game's own
        records of them, ``_take_back``), the trick is cut to its first ``k`` plays and
        the seat that made play ``k`` is to move, with the legal moves of that moment.
        What those plays revealed or scored (voids shown, Piquet's lead point) stays: a
        position for asking what a policy would have played there, not a replay.
        ValueError if there is no such play."""
        trick = self.trick
        if not 0 <= k < len(trick):
            raise ValueError(f"No play {k} in a trick of {len(trick)} cards.")
        before = self.clone()   # a fresh legal-move cache: nothing is carried over
        for s, c in trick[k:]:
            before._take_back(s, c)
        before.trick = [list(p) for p in trick[:k]]
        before.current_seat = trick[k][0]
        return before

    def _take_back(self, seat: int, card: int) -> None:
        """``before_play``: ``card``, played by ``seat`` to this trick, is in its hand again."""
        hand = self.hands[seat]
        hand.append(card)
        hand.sort()

    def _trick_view(self) -> TrickView:
        return {
            "trick": [[s, str(CARD[c])] for s, c in self.trick],
            "last_trick": None if self.last_trick is None else
            [[s, str(CARD[c])] for s, c in self.last_trick],
            "tricks": list(self.tricks),
            "hand_sizes": [len(h) for h in self.hands],
            "leader": self.leader,
        }

    def _hand_view(self, seat: int | None) -> HandView:
        if seat is None:
            return {}
        return {"hand": [str(CARD[c]) for c in self.hands[seat]]}

    def _zones(self) -> dict[str, list[int]]:
        zones = {"hands": [c for h in self.hands for c in h],
                 "trick": [c for _, c in self.trick],
                 "won": [c for w in self.won for c in w]}
        zones.update(self._other_zones())
        return zones

    def _other_zones(self) -> dict[str, list[int]]:
        """Cards outside hands and tricks (kitty, stock, discards): games override."""
        return {}

    # --- determinisation ------------------------------------------------------

    def _hidden_slots(self, seat: int) -> list[Slot]:
        """Other seats' hands with their voids; games add kitties, stocks and known cards."""
        slots = []
        for s in range(self.n):
            if s == seat:
                continue
            voids = set(self.voids[s])
            banned = (lambda c, v=voids, f=self._card_suit: f(c) in v) if voids else None
            slots.append(Slot(self.hands[s], banned))
        return slots

    def _resample(self, seat: int, rng: random.Random) -> None:
        redeal(self._hidden_slots(seat), rng)
