"""Pinkerton moves: canonical actions, and why a move is illegal (player-readable).

``MoveChecks`` is mixed into the state: it checks a typed move directly (a
beat is validated without generating every legal beat) and explains refusals
without revealing the pile's total unless the table may see it.
"""

from __future__ import annotations

from games.pinkerton.beats import VALUE, beat_size, beats_value, can_beat, canonical, may_add
from rules.actions import Action, act
from rules.base import State
from rules.cards import CARD, DOUBLE_104, Card
from rules.messages import N_, Cards, Msg

PASS_FREE = act("pass")
ADD = {c: act("add", CARD[c]) for c in DOUBLE_104.distinct}
PASS_CARD = {c: act("pass", CARD[c]) for c in DOUBLE_104.distinct}
VALUE_CARDS = DOUBLE_104.distinct


_BEATS: dict[tuple[int, ...], Action] = {}


def beat_action(cards: tuple[int, ...] | list[int], take: int | None = None) -> Action:
    """The canonical action beating with ``cards`` (and taking back pass card ``take``)."""
    if take is None and type(cards) is tuple:
        a = _BEATS.get(cards)  # the hot path: legal lists rebuild the same beats
        if a is None:
            a = _BEATS[cards] = act("beat", *[CARD[c] for c in canonical(cards)])
        return a
    args: list[Card | int | str] = [CARD[c] for c in canonical(cards)]
    if take is not None:
        args += ["take", CARD[take]]
    return act("beat", *args)


def split_beat(action: Action) -> tuple[list[int], int | None, bool]:
    """(beat cards, pass card to take back or None, whether 'take' was written)."""
    args = action.args
    if "take" in args:
        i = args.index("take")
        rest = args[i + 1:]
        return [int(c) for c in args[:i]], (int(rest[0]) if rest else None), True
    return [int(c) for c in args], None, False


def _signed(cards: list[int]) -> Msg:
    """'3H + 2D = 5' style arithmetic for messages (black cards count minus); the cards
    a parameter, so a screen shows them its way (3♥ + 2♦ = 5)."""
    return Msg("{cards} = {total}", cards=Cards.of(cards, sep=" + "),
               total=sum(VALUE[c] for c in cards))


def _shape_problem(action: Action) -> Msg | None:
    """Catch hand-built actions the parser would never produce."""
    args = action.args
    cards = [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
    words = [a for a in args if isinstance(a, str)]
    if action.kind == "beat":
        if words not in ([], ["take"]) or len(cards) + len(words) != len(args):
            return Msg("Write a beat as 'beat <cards>' or 'beat <cards> take <pass card>'.")
        if words and (args.index("take") != len(args) - 2):
            return Msg("Name one pass card after 'take', e.g. 'beat KS 6D take 7C'.")
    elif action.kind == "add" and (len(args) != 1 or len(cards) != 1):
        return Msg("Add exactly one card: 'add <card>'.")
    elif action.kind == "pass" and (len(args) > 1 or len(cards) != len(args)):
        return Msg("To pass, lay exactly one card from your hand face down: 'pass <card>'.")
    if any(c not in VALUE_CARDS for c in cards):
        return Msg("That is not a card of this game.")
    return None


class MoveChecks(State):
    """Legality and refusal messages; the state supplies hands, pile, phase and step."""

    # Set up by PinkertonState._setup, declared here so the checks read on their own.
    hands: list[list[int]]
    dealer: int
    pile: list[int]
    total: int
    pass_cards: list[list[int]]
    passes: list[int]
    count_shown: bool
    phase: int          # 1, 2, 3: rounds of a deal
    step: str           # "turn", "open", "add"

    def _shown(self) -> bool:
        return self.options["show_total"] or self.count_shown or len(self.pile) == 1

    def _may_count(self, seat: int) -> bool:
        return self._count_problem(seat) is None

    def _addable(self, hand: list[int]) -> list[int]:
        v = self.total
        return sorted({c for c in hand if may_add(c, v)})

    def _is_legal(self, action: Action) -> bool:
        return self._problem(action) is None

    def _why_illegal(self, action: Action) -> Msg:
        return self._problem(action) or Msg("That move is not allowed now.")

    def _problem(self, action: Action) -> Msg | None:
        """Why ``action`` is illegal for the current seat, or None if it is legal."""
        kind = action.kind
        shape = _shape_problem(action)
        if shape:
            return shape
        if kind == "beat":
            return self._beat_problem(action)
        if kind == "add":
            return self._add_problem(action)
        if kind == "pass":
            return self._pass_problem(action)
        return Msg("'{move}' is not a Pinkerton move: beat, add or pass.", move=str(action))

    def _count_problem(self, seat: int) -> Msg | None:
        """Why ``seat`` may not ask for the count now, or None (RULINGS 6: any seated
        player but the dealer, at any moment of a round, on their turn or not)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            return Msg("You do not have a seat in this game.")
        if self.over:
            return Msg("The game is over.")
        if seat == self.dealer:
            return Msg("The dealer may not ask for the count; another player has to ask.")
        if self.options["show_total"] or self.count_shown or len(self.pile) == 1:
            if len(self.pile) == 1:
                return Msg("There is only one card in the centre: its value is plain to see.")
            return Msg("The pile's total is already shown: {n}.", n=self.total)
        return None

    def _held(self, cards: list[int]) -> Msg | None:
        hand = list(self.hands[self.mover])
        for c in cards:
            if c not in hand:
                twice = cards.count(c) > 1 and c in self.hands[self.mover]
                text = N_("You hold only one {card}.") if twice else N_("You do not hold {card}.")
                return Msg(text, card=Cards.of((c,)))
            hand.remove(c)
        return None

    def _target_text(self) -> Msg:
        """What a beat must beat: "the pile", "the centre card (7)" (the total when shown)."""
        centre = len(self.pile) == 1
        if not self._shown():
            return Msg(N_("the centre card") if centre else N_("the pile"))
        return Msg(N_("the centre card ({n})") if centre else N_("the pile ({n})"), n=self.total)

    def _beat_problem(self, action: Action) -> Msg | None:
        seat = self.current_seat
        assert seat is not None
        if self.step == "open":
            return Msg("You open the bidding: add any card to the pile (add <card>), no beat "
                       "needed.")
        if self.step == "add":
            return Msg("You have already beaten this turn: now add a card to the pile (add "
                       "<card>).")
        cards, take, took = split_beat(action)
        k = beat_size(self.total)
        if len(cards) != k:
            return Msg("A beat takes exactly {k} cards now, not {n}.", k=k, n=len(cards))
        missing = self._held(cards)
        if missing:
            return missing
        s = sum(VALUE[c] for c in cards)
        v = self.total
        if not beats_value(s, v):
            what = self._target_text()
            if self._shown():
                text = (N_("{sum} does not beat {what}: you need {v} or more.") if v >= 0 else
                        N_("{sum} does not beat {what}: you need {v} or less."))
                return Msg(text, sum=_signed(cards), what=what, v=v)
            if self._may_count(seat):
                return Msg("{sum} does not beat {what}. Ask for the count to have the total "
                           "announced.", sum=_signed(cards), what=what)
            return Msg("{sum} does not beat {what}.", sum=_signed(cards), what=what)
        if not took:
            return None
        if not self.passes[seat]:
            return Msg("You have no pass to recover: beat without 'take'.")
        if take is None:
            return Msg("Name the face-down pass card to take back, e.g. 'take 7S'.")
        if take not in self.pass_cards[seat]:
            yours = sorted(set(self.pass_cards[seat]))
            return Msg("{card} is not one of your face-down pass cards (yours: {yours}).",
                       card=Cards.of((take,)), yours=Cards.of(yours) if yours else Msg("none"))
        if s != v:
            return Msg("Only a beat exactly equal to {what} recovers a pass; {sum} is not "
                       "exact. Beat without 'take'.", what=self._target_text(),
                       sum=_signed(cards))
        return None

    def _add_problem(self, action: Action) -> Msg | None:
        card = int(action.args[0])
        if self.phase != 3:
            return Msg("Cards are added to the pile only in phase III; now beat {what} or pass.",
                       what=self._target_text())
        if self.step == "turn" and self.total != 0:
            k = beat_size(self.total)
            return Msg("Beat the pile first (beat with {n} cards), then add a card.", n=k)
        missing = self._held([card])
        if missing:
            return missing
        if not may_add(card, self.total):
            return Msg("While the pile is between -20 and 20, jacks, queens and kings may not "
                       "be added: add an ace to 10.")
        return None

    def _pass_problem(self, action: Action) -> Msg | None:
        seat = self.current_seat
        assert seat is not None
        hand = self.hands[seat]
        cards = [int(c) for c in action.args]
        if self.step != "turn":
            if self._addable(hand):
                return Msg("You have a card you may add, so add one (add <card>); you may not "
                           "pass.")
            if cards:
                return Msg("You have no card you may add: just 'pass' (it costs nothing).")
            return None
        v = self.total
        if can_beat(hand, beat_size(v), v):
            return Msg("You can beat, so you may not pass.")
        if self.phase == 3 and v == 0 and self._addable(hand):
            return Msg("The pile stands at 0: add a card without beating; you may not pass.")
        if not hand:
            return Msg("Your hand is empty: just 'pass'.") if cards else None
        if not cards:
            return Msg("To pass, lay exactly one card from your hand face down: 'pass <card>'.")
        return self._held(cards)
