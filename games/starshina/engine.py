"""Starshina / Sergeant Major: 3 players, 16 cards each, a 4-card kitty, quotas 8-5-3.

Two rule sets share one state (option ``rules``):

* ``starshina`` (the seed's game): every hand a give-and-return exchange round
  the table, then the dealer swaps with the kitty; no trumps; stakes are
  settled once, when someone takes 12 tricks in a hand.
* ``classic`` (pagat's Sergeant Major): from the second hand the players who
  were up give cards to those who were down (the highest card of each suit
  comes back); the dealer names trumps and swaps with the kitty; every trick
  over or under quota is settled at the end of each hand.

The game ends after the hand in which a player reaches 12 tricks (the hand is
played out first).  See ``games/starshina/texts/starshina.md`` for the full rules.
"""

from __future__ import annotations

import random
from itertools import combinations

from games.starshina.knowledge import DISCARDS, KITTY, note_discard, note_transfer, places
from games.starshina.words import WORDS
from rules.actions import Action, act
from rules.base import Game, Option
from rules.cards import CARD, FRENCH_52, SUIT_NAME
from rules.errors import IllegalAction
from rules.messages import Cards, Join, Msg, Seat, Seats, Term, counted, event
from rules.messages import suit as suit_of
from rules.sampling import Slot, redeal
from rules.tricks import SUIT_SINGULAR, TrickState

HAND_SIZE = 16
KITTY_SIZE = 4
WIN_TRICKS = 12
QUOTAS = {"8-5-3": (8, 5, 3), "9-5-2": (9, 5, 2)}  # dealer, left of dealer, right of dealer

# Words accepted after "trump"; the canonical text is the suit's plural name.
SUIT_WORDS: dict[str, int] = {}
for _suit, _words in ((0, ("clubs", "club", "c", "♣", "♧")),
                      (1, ("diamonds", "diamond", "d", "♦", "♢")),
                      (2, ("hearts", "heart", "h", "♥", "♡")),
                      (3, ("spades", "spade", "s", "♠", "♤"))):
    for _w in _words:
        SUIT_WORDS[_w] = _suit
NO_TRUMP_WORDS = ("none", "nt", "notrump", "notrumps", "no-trump")
SUIT_BY_NAME = {SUIT_NAME[s]: s for s in range(4)}

GIVE: dict[int, Action] = {c: act("give", CARD[c]) for c in FRENCH_52.cards}
RETURN: dict[int, Action] = {c: act("return", CARD[c]) for c in FRENCH_52.cards}
TRUMP = [act("trump", SUIT_NAME[s]) for s in range(4)]

PHASE_HELP = {
    "give": Msg("it is the exchange: give one card face down with 'give <card>'"),
    "return": Msg("it is the exchange: return a card with 'return <card>'"),
    "exchange": Msg("it is the up/down exchange: give a card with 'give <card>'"),
    "trump": Msg("the dealer is naming trumps with 'trump <suit>'"),
    "discard": Msg("the dealer is discarding four cards with 'discard <4 cards>'"),
    "play": Msg("it is trick play: 'play <card>'"),
}
VERB = {"give": Msg("give a card"), "return": Msg("return a card"),
        "trump": Msg("name trumps"), "discard": Msg("discard"), "play": Msg("play a card")}
KIND_PHASES = {"give": ("give", "exchange"), "return": ("return",), "trump": ("trump",),
               "discard": ("discard",), "play": ("play",)}


def final_ranks(stakes: list[int], winner: int) -> list[int]:
    """Places at the end: the winner first, the others by their stakes (ties share)."""
    others = [s for s in range(len(stakes)) if s != winner]
    ranks = [1] * len(stakes)
    for s in others:
        ranks[s] = 2 + sum(1 for o in others if stakes[o] > stakes[s])
    return ranks


class StarshinaState(TrickState):
    deal_field = "hand_no"
    must_follow = True

    # --- setup and hands -------------------------------------------------------

    def _setup(self) -> None:
        self.rules = self.options["rules"]
        self.quota_set = list(QUOTAS[self.options["quotas"]])
        self.stakes = [0] * self.n
        self.hand_no = 0
        self.winner: int | None = None
        self.win_hand: dict | None = None
        self.last_hand: dict | None = None  # tricks, quotas and over/under of the previous hand
        self._new_hand(dealer=0)

    def _new_hand(self, dealer: int) -> None:
        kitty = self._deal_hand(dealer, HAND_SIZE)
        first = self.leader
        self.kitty = sorted(kitty)
        self.kitty_cards: list[int] = []   # what the dealer picked up (the dealer's knowledge)
        self.discards: list[int] = []
        self.trump: int | None = None
        q = self.quota_set
        self.quotas = [0] * self.n
        self.quotas[dealer], self.quotas[first], self.quotas[(dealer + 2) % self.n] = q
        self.exchanges: list[list] = []     # [giver, receiver, card given, card returned]
        self.known: list[list[list]] = [[] for _ in range(self.n)]
        self.pending: int | None = None     # starshina: the card the receiver just got
        self.step = 0                       # starshina: gives made this hand
        self.plan: list[list[int]] = []     # classic: [giver, receiver, cards still to give]
        self.reached: int | None = None     # the seat that reached 12 tricks this hand
        self._log(event("Hand {n}: {dealer} deals. Quotas: {a} {qa}, {b} {qb}, {c} {qc}.",
                      n=self.hand_no, dealer=Seat(dealer), a=Seat(dealer), qa=q[0],
                      b=Seat(first), qb=q[1], c=Seat((dealer + 2) % self.n), qc=q[2]))
        if self.rules == "starshina":
            self.phase = "give"
            self.current_seat = first
            return
        if self.last_hand is not None:
            self.plan = exchange_plan(self.last_hand["diffs"], first)
        if self.plan:
            self.phase = "exchange"
            self.current_seat = self.plan[0][0]
            for giver, receiver, count in self.plan:
                self._log(event("{who} was up and gives {n} to {to}.", who=Seat(giver),
                              n=counted("{n} card", "{n} cards", count), to=Seat(receiver)))
        else:
            self.phase = "trump"
            self.current_seat = dealer

    # --- legal actions ----------------------------------------------------------

    def _legal(self) -> list[Action]:
        seat = self.current_seat
        assert seat is not None
        phase = self.phase
        if phase == "play":
            return self.play_actions()
        if phase in ("give", "exchange"):
            return [GIVE[c] for c in self.hands[seat]]
        if phase == "return":
            return [RETURN[c] for c in self._returnable()]
        if phase == "trump":
            return list(TRUMP)
        # discard: every 4 of the dealer's 20 (sorted hand, so each combo is canonical)
        hand = [CARD[c] for c in self.hands[seat]]
        return [Action("discard", combo) for combo in combinations(hand, KITTY_SIZE)]

    def _returnable(self) -> list[int]:
        got = self.pending
        assert got is not None  # asked only while a card waits to be returned
        hand = self.hands[self.mover]
        higher = [c for c in hand if c >> 4 == got >> 4 and c > got]
        return higher or [c for c in hand if c != got]

    def _is_legal(self, action: Action) -> bool:
        if action.kind == "discard":
            return self._discard_problem(action) is None
        return super()._is_legal(action)

    def _in_play(self) -> bool:
        return self.phase == "play"

    def _discard_problem(self, action: Action) -> Msg | None:
        if self.phase != "discard":
            return Msg("You cannot {verb} now: {help}.", verb=VERB["discard"],
                       help=PHASE_HELP[self.phase])
        cards = [int(c) for c in action.args]
        if len(cards) != KITTY_SIZE:
            return Msg("Discard exactly {k} cards in one go (you named {n}).", k=KITTY_SIZE,
                       n=len(cards))
        if len(set(cards)) != KITTY_SIZE:
            return Msg("You named the same card twice: discard four different cards.")
        missing = [c for c in cards if c not in self.hands[self.mover]]
        if missing:
            return Msg("You do not hold {cards}.", cards=Cards.of(missing))
        if cards != sorted(cards):
            return Msg("List the discards in canonical order (as game.parse_action writes "
                       "them).")
        return None

    def _why_illegal(self, action: Action) -> Msg:
        phase = self.phase
        if phase not in KIND_PHASES.get(action.kind, ()):
            if action.kind == "return" and self.rules == "classic":
                return Msg("In the classic game the highest card of the suit comes back by "
                           "itself: {help}.", help=PHASE_HELP[phase])
            return Msg("You cannot {verb} now: {help}.",
                       verb=VERB.get(action.kind, action.kind), help=PHASE_HELP[phase])
        hand = self.hands[self.mover]
        if action.kind == "discard":
            return self._discard_problem(action) or Msg("That discard is not allowed.")
        if action.kind == "trump":
            return Msg("No-trump is not allowed: name a suit, e.g. 'trump hearts'.")
        card = int(action.args[0])
        if action.kind == "play" or card not in hand:
            return self._why_play(card)
        if action.kind == "return":
            got = self.pending
            assert got is not None  # a return is refused only in its phase
            if card == got:
                return Msg("You cannot hand back the {card} you just received: return any "
                           "other card.", card=Cards.of((got,)))
            higher = [c for c in hand if c >> 4 == got >> 4 and c > got]
            return Msg("You must return a {suit} higher than the {card} you received: "
                       "{cards}.", suit=suit_word(got >> 4), card=Cards.of((got,)),
                       cards=Cards.of(higher))
        return Msg("'{move}' is not allowed now.", move=str(action))

    def action_forms(self, seat: int) -> list[dict]:
        if self.over or seat != self.current_seat:
            return []
        if self.phase == "discard":
            return [{"kind": "discard", "cards": [str(CARD[c]) for c in self.hands[seat]],
                     "min": KITTY_SIZE, "max": KITTY_SIZE}]
        return super().action_forms(seat)

    # --- applying actions -----------------------------------------------------------

    def _apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "play":
            self._play(action.args[0])
        elif kind == "give" and self.phase == "give":
            self._give(int(action.args[0]))
        elif kind == "give":
            self._classic_give(int(action.args[0]))
        elif kind == "return":
            self._return(int(action.args[0]))
        elif kind == "trump":
            self._name_trump(SUIT_BY_NAME[action.args[0]])
        else:
            self._discard([int(c) for c in action.args])

    def _move(self, card: int, src: int, dst: int) -> None:
        self.hands[src].remove(card)
        hand = self.hands[dst]
        hand.append(card)
        hand.sort()
        note_transfer(self.known, card, src, dst)

    def _give(self, card: int) -> None:
        giver = self.current_seat
        assert giver is not None
        receiver = (giver + 1) % self.n
        self._move(card, giver, receiver)
        self.pending = card
        self.exchanges.append([giver, receiver, card, None])
        g, r, shown = Seat(giver), Seat(receiver), Cards.of((card,))
        self._log(event("{g} gives a card face down to {r}.", g=g, r=r))
        self._log(event("You give {card} to {r}.", card=shown, r=r), to=giver)
        self._log(event("{g} gives you {card}.", g=g, card=shown), to=receiver)
        self.phase = "return"
        self.current_seat = receiver

    def _return(self, card: int) -> None:
        receiver = self.current_seat
        assert receiver is not None
        giver = (receiver - 1) % self.n
        self._move(card, receiver, giver)
        self.exchanges[-1][3] = card
        self.pending = None
        g, r, shown = Seat(giver), Seat(receiver), Cards.of((card,))
        self._log(event("{r} returns a card to {g}.", r=r, g=g))
        self._log(event("You return {card} to {g}.", card=shown, g=g), to=receiver)
        self._log(event("{r} returns {card} to you.", r=r, card=shown), to=giver)
        self.step += 1
        if self.step < self.n:
            self.phase = "give"
            self.current_seat = receiver  # the receiver gives next, clockwise
        else:
            self._take_kitty()

    def _classic_give(self, card: int) -> None:
        giver, receiver, _ = self.plan[0]
        self._move(card, giver, receiver)
        suit = card >> 4
        back = max(c for c in self.hands[receiver] if c >> 4 == suit)
        self._move(back, receiver, giver)
        self.exchanges.append([giver, receiver, card, back])
        g, r, shown = Seat(giver), Seat(receiver), Cards.of((card,))
        word = suit_word(suit)
        self._log(event("{g} gives a card to {r} and gets one back.", g=g, r=r))
        if back == card:
            self._log(event("You give {card} to {r}; it comes back (no higher {suit}).",
                          card=shown, r=r, suit=word), to=giver)
            self._log(event("{g} gives you {card}; you hold no higher {suit}, so it goes back.",
                          g=g, card=shown, suit=word), to=receiver)
        else:
            got = Cards.of((back,))
            self._log(event("You give {card} to {r} and get {back} back.", card=shown, r=r,
                          back=got), to=giver)
            self._log(event("{g} gives you {card}; you return {back}, your highest {suit}.",
                          g=g, card=shown, back=got, suit=word), to=receiver)
        self.plan[0][2] -= 1
        if self.plan[0][2] == 0:
            self.plan.pop(0)
        if self.plan:
            self.current_seat = self.plan[0][0]
        else:
            self.phase = "trump"
            self.current_seat = self.dealer

    def _name_trump(self, suit: int) -> None:
        self.trump = suit
        self._log(event("{who} names {suit} as trumps.", who=Seat(self.dealer),
                      suit=suit_of(suit, SUIT_NAME[suit])))
        self._take_kitty()

    def _take_kitty(self) -> None:
        dealer = self.dealer
        self.kitty_cards = self.kitty
        self.kitty = []
        hand = self.hands[dealer]
        hand.extend(self.kitty_cards)
        hand.sort()
        self._log(event("{who} takes the kitty and will discard four cards.", who=Seat(dealer)))
        self._log(event("The kitty holds {cards}.", cards=Cards.of(self.kitty_cards)), to=dealer)
        self.phase = "discard"
        self.current_seat = dealer

    def _discard(self, cards: list[int]) -> None:
        dealer = self.dealer
        hand = self.hands[dealer]
        for c in cards:
            hand.remove(c)
        self.discards = sorted(cards)
        note_discard(self.known, dealer)
        self._log(event("{who} discards four cards face down.", who=Seat(dealer)))
        self._log(event("You discard {cards}.", cards=Cards.of(self.discards)), to=dealer)
        self.phase = "play"
        self.current_seat = self.leader
        self._log(event("{who} leads.", who=Seat(self.leader)))

    # --- trick play and scoring -------------------------------------------------------

    def _trump(self) -> int | None:
        return self.trump

    def _score_trick(self, winner: int, trick: list[list[int]]) -> bool:
        self._log(event("{who} takes the trick ({cards}).", who=Seat(winner),
                      cards=Cards.of(c for _, c in trick)))
        if self.tricks[winner] == WIN_TRICKS and self.reached is None:
            self.reached = winner
            self._log(event("{who} has {n} tricks and wins the game; the hand is played out.",
                          who=Seat(winner), n=WIN_TRICKS))
        return False

    def _end_hand(self, winner: int) -> None:
        tricks, quotas = list(self.tricks), list(self.quotas)
        diffs = [t - q for t, q in zip(tricks, quotas, strict=True)]
        parts = Join(tuple(event("{who} {tricks}/{quota}", who=Seat(s), tricks=tricks[s],
                               quota=quotas[s]) for s in range(self.n)))
        self._log(event("Hand {n} over (tricks/quota): {parts}.", n=self.hand_no, parts=parts))
        if self.rules == "classic":
            for s in range(self.n):
                self.stakes[s] += diffs[s]
            settled = Join(tuple(event("{who} {change}", who=Seat(s), change=f"{diffs[s]:+d}")
                                 for s in range(self.n)))
            self._log(event("Settled: {parts}.", parts=settled))
        self.last_hand = {"tricks": tricks, "quotas": quotas, "diffs": diffs}
        reached = self.reached
        if reached is None:
            self._new_hand((self.dealer + 1) % self.n)
            return
        winner = reached
        missed = [s for s in range(self.n) if tricks[s] < quotas[s]]
        if self.rules == "starshina":
            for s in range(self.n):
                if s != winner:
                    pay = 1 + (s in missed)  # the ante, plus one for a missed quota
                    self.stakes[s] -= pay
                    self.stakes[winner] += pay
            if missed:
                self._log(event("{who} takes the pot of {n} stakes, plus one from {missed} for "
                              "missing quota.", who=Seat(winner), n=self.n,
                              missed=Seats(tuple(missed))))
            else:
                self._log(event("{who} takes the pot of {n} stakes.", who=Seat(winner), n=self.n))
        self.winner = winner
        self.win_hand = {"hand": self.hand_no, "tricks": tricks, "quotas": quotas,
                         "missed": missed}
        self.phase = "over"
        self._finish()
        self._log(event("{who} wins the game.", who=Seat(winner)))

    # --- views and results -------------------------------------------------------------

    def _view(self, seat: int | None) -> dict:
        v = {
            "phase": self.phase, "rules": self.rules, "hand_no": self.hand_no,
            "dealer": self.dealer, "quotas": list(self.quotas),
            "quota_set": list(self.quota_set),
            "trump": None if self.trump is None else SUIT_NAME[self.trump],
            "stakes": list(self.stakes), "pot": self.n if self.rules == "starshina" else 0,
            "kitty_size": len(self.kitty), "discarded": len(self.discards) == KITTY_SIZE,
            "exchanges": [self._exchange_view(e, seat) for e in self.exchanges],
            "exchange_plan": [list(p) for p in self.plan],
            "last_hand": _copy_hand(self.last_hand), "reached_12": self.reached,
            "winner": self.winner,
            "voids": [[SUIT_NAME[s] for s in vs] for vs in self.voids],
        }
        v.update(self._trick_view())
        v.update(self._hand_view(seat))
        if seat is not None and seat == self.dealer:
            v["kitty_cards"] = [str(CARD[c]) for c in self.kitty_cards]
            v["discards"] = [str(CARD[c]) for c in self.discards]
        return v

    def _exchange_view(self, e: list, seat: int | None) -> dict:
        giver, receiver, card, back = e
        mine = seat == giver or seat == receiver
        return {"from": giver, "to": receiver,
                "given": str(CARD[card]) if mine and card is not None else None,
                "returned": str(CARD[back]) if mine and back is not None else None}

    def _result(self) -> dict:
        scores = list(self.stakes)
        assert self.winner is not None
        ranks = final_ranks(scores, self.winner)
        return {"scores": scores, "ranks": ranks, "winner": self.winner,
                "hands_played": self.hand_no, "rules": self.rules,
                "winning_hand": _copy_hand(self.win_hand)}

    # --- hidden cards ---------------------------------------------------------------------

    def _other_zones(self) -> dict[str, list[int]]:
        return {"kitty": list(self.kitty), "discards": list(self.discards)}

    def _resample(self, seat: int, rng: random.Random) -> None:
        zones: list[tuple[int, list[int]]] = [(s, self.hands[s]) for s in range(self.n)
                                              if s != seat]
        if self.kitty:
            zones.append((KITTY, self.kitty))
        if self.discards and seat != self.dealer:
            zones.append((DISCARDS, self.discards))
        hidden = {c for _, cards in zones for c in cards}
        tracked = {c: where for c, where in places(self.known, seat).items() if c in hidden}
        slots = []
        for place, cards in zones:
            pinned = [c for c, where in tracked.items() if where == [place]]
            barred = frozenset(c for c, where in tracked.items() if place not in where)
            voids = frozenset(self.voids[place]) if place >= 0 else frozenset()
            slots.append(Slot(cards, _banned(voids, barred), pinned))
        redeal(slots, rng)
        self._forget_others(seat, rng)

    def _forget_others(self, seat: int, rng: random.Random) -> None:
        """Drop what only other seats know, so the sampled world holds no real secrets."""
        for s in range(self.n):
            if s != seat:
                self.known[s] = []
        if seat != self.dealer:
            self.kitty_cards = []
        for e in self.exchanges:
            if seat not in (e[0], e[1]):
                e[2] = e[3] = None
        if self.pending is not None and self.exchanges[-1][2] is None:
            # The receiver holds some card the viewer cannot name: pick one of theirs.
            receiver = self.current_seat
            assert receiver is not None
            mine = {c for c, where in self.known[seat] if where == [receiver]}
            choices = [c for c in self.hands[receiver] if c not in mine]
            self.pending = rng.choice(choices)
            self.exchanges[-1][2] = self.pending


def suit_word(s: int) -> Term:
    """A suit in the singular, as a note or a refusal names it ("heart")."""
    return suit_of(s, SUIT_SINGULAR[s])


def _copy_hand(record: dict | None) -> dict | None:
    return None if record is None else {k: (list(v) if isinstance(v, list) else v)
                                        for k, v in record.items()}


def _banned(voids: frozenset, barred: frozenset):
    if not voids and not barred:
        return None
    return lambda c: (c >> 4) in voids or c in barred


def exchange_plan(diffs: list[int], first: int) -> list[list[int]]:
    """Classic up/down exchange for a hand: ``[giver, receiver, cards]`` in order.

    One up, one down: the up player gives all their overtricks to the down one.
    One up, two down: the up player gives each down player as many cards as
    that player was down, the most-down first.  Two up, one down: each up player
    gives their overtricks to the down player, the most-up first.  Ties go in
    clockwise order from the player left of the (new) dealer.
    """
    n = len(diffs)
    order = [(first + k) % n for k in range(n)]
    up = sorted((s for s in order if diffs[s] > 0), key=lambda s: -diffs[s])
    down = sorted((s for s in order if diffs[s] < 0), key=lambda s: diffs[s])
    if not up:
        return []
    if len(up) == 1:
        return [[up[0], d, -diffs[d]] for d in down]
    return [[u, down[0], diffs[u]] for u in up]


class Starshina(Game):
    name = "starshina"
    title = "Starshina (Sergeant Major)"
    deck = FRENCH_52
    min_players = max_players = 3
    option_list = (
        Option("rules", "starshina", ("starshina", "classic"),
               "starshina: give-and-return exchange, no trumps, stakes settled at the end; "
               "classic: Sergeant Major with up/down exchange, trumps, stakes every hand."),
        Option("quotas", "8-5-3", ("8-5-3", "9-5-2"),
               "Trick quotas of dealer, left of dealer and right of dealer."),
    )
    move_words = WORDS
    private_twins = frozenset({
        ("You give {card} to {r}.", "{g} gives a card face down to {r}."),
        ("{g} gives you {card}.", "{g} gives a card face down to {r}."),
        ("You return {card} to {g}.", "{r} returns a card to {g}."),
        ("{r} returns {card} to you.", "{r} returns a card to {g}."),
        ("You discard {cards}.", "{who} discards four cards face down."),
        *((note, "{g} gives a card to {r} and gets one back.") for note in (
            "You give {card} to {r} and get {back} back.",
            "You give {card} to {r}; it comes back (no higher {suit}).",
            "{g} gives you {card}; you hold no higher {suit}, so it goes back.",
            "{g} gives you {card}; you return {back}, your highest {suit}."))})
    grammar = {"give": ("card",), "return": ("card",),
               "trump": (tuple(SUIT_WORDS) + NO_TRUMP_WORDS,),
               "discard": ("cards",), "play": ("card",)}
    aliases = {"p": "play", "trumps": "trump"}
    state_class = StarshinaState
    turn_seconds = 90

    def configurations(self) -> list[tuple[int, dict]]:
        return [(3, {"rules": r, "quotas": q}) for r in ("starshina", "classic")
                for q in ("8-5-3", "9-5-2")]

    def parse_action(self, text: str | Action, options: dict | None = None) -> Action:
        if isinstance(text, str):
            words = text.replace(",", " ").split()
            head = self.aliases.get(words[0].lower(), words[0].lower()) if words else ""
            said = " ".join(words[1:]).lower().replace("\ufe0f", "")
            if head == "trump" and said not in SUIT_WORDS and said not in NO_TRUMP_WORDS:
                # The grammar also holds the no-trump words, only to refuse them clearly
                # below; the help lists what is accepted.
                raise IllegalAction(Msg("Name trumps with a suit: 'trump clubs', 'trump "
                                        "diamonds', 'trump hearts' or 'trump spades' (C, D, "
                                        "H, S and ♣ ♦ ♥ ♠ work too)."))
        return super().parse_action(text, options)

    def _normalise(self, action: Action) -> Action:
        if action.kind == "trump":
            word = action.args[0]
            name = "none" if word in NO_TRUMP_WORDS else SUIT_NAME[SUIT_WORDS[word]]
            return act("trump", name)
        if action.kind == "discard":
            return Action("discard", tuple(sorted(action.args)))
        return action


GAME = Starshina()
