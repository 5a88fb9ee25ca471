"""Pinkerton (Polish house game): beat the pile's value with k cards, or pass a card away.

Two 104-card decks, 2-6 players.  A round has three phases (see the rules
text); the last player still in scores the pile.  The state keeps the pile
total in ``total``; views show it only when the table may see it (the count
rule).  Beat search lives in ``pinkerton_beats``, move checks and refusal
messages in ``pinkerton_moves``.

Stacked decks (tests): ``deck`` orders are used, in the order the game needs
them, by each round's deal (cards go one at a time clockwise from the
dealer's left, then the centre card), each reshuffle of the discard pile and
each fresh 52-card deck.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.pinkerton.beats import VALUE, beat_size, beats, can_beat, canonical, pile_points
from games.pinkerton.moves import (
    ADD,
    PASS_CARD,
    PASS_FREE,
    MoveChecks,
    beat_action,
    split_beat,
)
from games.pinkerton.words import WORDS
from rules.actions import Action, parse_action
from rules.base import Game, Option
from rules.cards import CARD, DOUBLE_104, FRENCH_52, as_cards
from rules.errors import IllegalAction
from rules.messages import N_, Cards, Msg, Seat, event, ordinal
from rules.sampling import Slot, redeal

MAX_TURNS = 300  # safety valve: a round this long ends with no score
PHASE_NAMES = {1: "phase I", 2: "phase II", 3: "phase III (bidding)"}
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}
# Words only games saved by earlier versions hold, still read when their logs are: a
# penalty pass once told its passer this line before the public one.
SAVED_WORDS = (N_("You lay {card} face down."),)


class PinkertonState(MoveChecks):
    deal_field = "round_no"
    # --- set-up, dealing, the stock ----------------------------------------------

    def _setup(self) -> None:
        self.scores = [0] * self.n
        self.round_no = 0
        self.winner: int | None = None
        self.rounds_unscored = 0
        self._new_round(0)

    def _new_round(self, dealer: int) -> None:
        n = self.n
        self.round_no += 1
        self.dealer = dealer
        self.extra_decks = 0
        self.stock = self._deal_order(self.game.deck.cards)[::-1]  # top card last
        self.discard: list[int] = []
        self.pile: list[int] = []
        self.total = 0
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.pass_cards: list[list[int]] = [[] for _ in range(n)]
        self.passes = [0] * n
        self.out = [False] * n
        self.turns = 0
        self.cycle = 0
        self.count_shown = False
        self.opener: int | None = None
        self.phase = 1
        self.step = "turn"
        self._log(event("Round {n}: {who} deals 5 cards each.", n=self.round_no, who=Seat(dealer)))
        self._deal(5)
        self._turn_up()
        self.pending = self._active_from(dealer + 1)
        self.current_seat = self.pending[0]

    def _active_from(self, start: int) -> list[int]:
        n, out = self.n, self.out
        return [s for s in ((start + i) % n for i in range(n)) if not out[s]]

    def _draw(self) -> int:
        if not self.stock:
            self._refill()
        return self.stock.pop()

    def _refill(self) -> None:
        if self.discard:
            order = self._deal_order(self.discard)
            self.discard = []
            self._log(event("The stock is used up: the discard pile is shuffled into a new stock."))
        else:
            self.extra_decks += 1
            order = self._deal_order(FRENCH_52.cards)
            self._log(event("The stock and the discard pile are both empty: a fresh 52-card deck "
                          "is shuffled in."))
        self.stock = order[::-1]

    def _deal(self, count: int) -> None:
        """``count`` cards to each active player, one at a time from the dealer's left."""
        seats = self._active_from(self.dealer + 1)
        got: dict[int, list[int]] = {s: [] for s in seats}
        for _ in range(count):
            for s in seats:
                got[s].append(self._draw())
        for s in seats:
            self.hands[s].extend(got[s])
            self.hands[s].sort()
            self._log(event("You receive {cards}.", cards=Cards.of(canonical(got[s]))), to=s)

    def _turn_up(self) -> None:
        card = self._draw()
        self.pile.append(card)
        self.total += VALUE[card]
        self.count_shown = False
        text = (N_("{who} turns up {card} onto the centre.") if len(self.pile) == 1 else
                N_("{who} turns up {card} onto the centre, making a pile."))
        self._log(event(text, who=Seat(self.dealer), card=Cards.of((card,))))

    # --- what is legal -------------------------------------------------------------

    def _legal(self) -> list[Action]:
        seat = self.current_seat
        assert seat is not None
        hand = self.hands[seat]
        v = self.total
        if self.step != "turn":  # "open" or "add": add a card, else pass for free
            addable = self._addable(hand)
            acts = [ADD[c] for c in addable] if addable else [PASS_FREE]
        else:
            k = beat_size(v)
            combos = beats(hand, k, v)
            acts = [beat_action(c) for c in combos]
            if self.passes[seat] and self.pass_cards[seat] and combos:
                takes = sorted(set(self.pass_cards[seat]))
                for combo in combos:
                    if sum(VALUE[c] for c in combo) == v:
                        acts.extend(beat_action(combo, t) for t in takes)
            zero_adds = self._addable(hand) if self.phase == 3 and v == 0 else []
            acts.extend(ADD[c] for c in zero_adds)
            if not combos and not zero_adds:
                acts.extend([PASS_CARD[c] for c in sorted(set(hand))] if hand else [PASS_FREE])
        return acts

    # --- the count: asked, not played ----------------------------------------------------

    def ask_count(self, seat: int) -> Sequence[dict]:
        problem = self._count_problem(seat)
        if problem:
            raise IllegalAction(problem)
        first = len(self.log)
        self._version += 1
        self.count_shown = True
        self._log(event("{who} asks for the count: the pile stands at {n}.", who=Seat(seat),
                      n=self.total))
        return self._events_since(first)

    def count_askable(self) -> bool:
        return any(self._count_problem(s) is None for s in range(self.n))

    # --- applying moves ---------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        seat = self.current_seat
        assert seat is not None
        kind = action.kind
        if kind == "beat":
            self._beat(seat, action)
        elif kind == "add":
            self._add(seat, int(action.args[0]))
        elif self.step != "turn":
            text = (N_("{who} opens with no card that may be added, and passes without "
                       "penalty.") if self.step == "open" else
                    N_("{who} has beaten but has no card that may be added, and passes without "
                       "penalty."))
            self._log(event(text, who=Seat(seat)))
            self._end_turn(seat)
        else:
            self._penalty_pass(seat, [int(c) for c in action.args])

    def _beat(self, seat: int, action: Action) -> None:
        cards, take, _ = split_beat(action)
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.discard.extend(cards)
        s = sum(VALUE[c] for c in cards)
        centre, shown = len(self.pile) == 1, self._shown()
        text = (N_("{who} beats the centre card ({was}) with {cards} ({sum}).") if centre and shown
                else N_("{who} beats the pile ({was}) with {cards} ({sum}).") if shown
                else N_("{who} beats the centre card with {cards} ({sum}).") if centre
                else N_("{who} beats the pile with {cards} ({sum})."))
        self._log(event(text, who=Seat(seat), cards=Cards.of(canonical(cards)), sum=s,
                      **({"was": self.total} if shown else {})))
        if take is not None:
            self.pass_cards[seat].remove(take)
            hand.append(take)
            hand.sort()
            self.passes[seat] -= 1
            self._log(event("{who} matched it exactly and takes back a pass card ({n} of {limit} "
                          "passes now).", who=Seat(seat), n=self.passes[seat],
                          limit=self.options["passes"]))
            self._log(event("You take back {card}.", card=Cards.of((take,))), to=seat)
        if self.phase == 3:
            self.step = "add"
        else:
            self._end_turn(seat)

    def _add(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.total += VALUE[card]
        self.count_shown = False
        skipped = self.step == "turn"
        if self.options["show_total"]:
            text = (N_("{who} skips the beat at 0 and adds {card} to the pile: the pile stands "
                       "at {n}.") if skipped else
                    N_("{who} adds {card} to the pile: the pile stands at {n}."))
            self._log(event(text, who=Seat(seat), card=Cards.of((card,)), n=self.total))
        else:
            text = (N_("{who} skips the beat at 0 and adds {card} to the pile.") if skipped
                    else N_("{who} adds {card} to the pile."))
            self._log(event(text, who=Seat(seat), card=Cards.of((card,))))
        self._end_turn(seat)

    def _penalty_pass(self, seat: int, cards: list[int]) -> None:
        if cards:
            self.hands[seat].remove(cards[0])
            self.pass_cards[seat].append(cards[0])
        self.passes[seat] += 1
        count, limit = self.passes[seat], self.options["passes"]
        # The passer's own line follows the public one and says it all, the card included
        # (the public line then gives way to it: the pass is told once).
        if count >= limit:
            self.out[seat] = True
            text = (N_("{who} cannot beat, lays a card face down and passes for the {nth} time: "
                       "out of this round.") if cards else
                    N_("{who} cannot beat, has no cards and passes for the {nth} time: out of "
                       "this round."))
            nth = ordinal(count, ORDINAL.get(count, f"{count}th"))
            self._log(event(text, who=Seat(seat), nth=nth))
            if cards:
                self._log(event("You cannot beat, so you lay {card} face down and pass for the "
                                "{nth} time: you are out of this round.",
                                card=Cards.of(cards[:1]), nth=nth), to=seat)
            left = [s for s in range(self.n) if not self.out[s]]
            if len(left) == 1:
                self._finish_round(left[0])
                return
        else:
            text = (N_("{who} cannot beat, lays a card face down and passes ({n} of {limit}).")
                    if cards else
                    N_("{who} cannot beat, has no cards and passes ({n} of {limit})."))
            self._log(event(text, who=Seat(seat), n=count, limit=limit))
            if cards:
                self._log(event("You cannot beat, so you lay {card} face down and pass ({n} of "
                                "{limit}).", card=Cards.of(cards[:1]), n=count, limit=limit),
                          to=seat)
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        self.turns += 1
        self.step = "turn"
        self.pending.pop(0)
        if self.turns >= MAX_TURNS:
            self._log(event("The round reaches {n} turns and is abandoned: no score.", n=MAX_TURNS))
            self._finish_round(None)
            return
        if not self.pending:
            self._next_stage(seat)
        self.current_seat = self.pending[0]

    def _next_stage(self, last: int) -> None:
        if self.phase == 1:
            self.phase = 2
            self._log(event("Phase II: everyone still in gets 3 more cards."))
            self._deal(3)
            self._turn_up()
            self.pending = self._active_from(self.dealer + 1)
        elif self.phase == 2:
            self.phase = 3
            self.cycle = 1
            self._log(event("Phase III, the bidding: everyone still in gets 3 more cards."))
            self._deal(3)
            self.opener = self._pick_opener()
            self.step = "open"
            self.pending = self._active_from(self.opener)
            self._log(event("{who} opens the bidding.", who=Seat(self.opener)))
        else:
            k = beat_size(self.total)
            self.cycle += 1
            self._log(event("Cycle {n}: everyone still in gets {k} more cards.", n=self.cycle,
                          k=k + 1))
            self._deal(k + 1)
            self.pending = self._active_from(last + 1)

    def _pick_opener(self) -> int:
        """Most game points among active players; ties (and all zero): first from the dealer."""
        order = self._active_from(self.dealer)
        best = max(self.scores[s] for s in order)
        return next(s for s in order if self.scores[s] == best)

    def _finish_round(self, scorer: int | None) -> None:
        if scorer is None:
            self.rounds_unscored += 1
        else:
            size = len(self.pile)
            gain = pile_points(size)
            self.scores[scorer] += gain
            self._log(event("{who} is the last player in and scores {gain} for the {size}-card "
                          "pile ({total} in all).", who=Seat(scorer), gain=gain, size=size,
                          total=self.scores[scorer]))
            if self.scores[scorer] >= self.options["target"]:
                self.winner = scorer
                self.over = True
                self.current_seat = None
                self._log(event("{who} reaches the target of {target} with {n} points and wins "
                              "the game.", who=Seat(scorer), target=self.options["target"],
                              n=self.scores[scorer]))
                return
        self._new_round((self.dealer + 1) % self.n)

    # --- views, results, sampling -------------------------------------------------------

    def _view(self, seat: int | None) -> dict:
        v = {
            "phase": PHASE_NAMES[self.phase],
            "round": self.round_no,
            "dealer": self.dealer,
            "opener": self.opener,
            "cycle": self.cycle,
            "step": self.step,
            "turns": self.turns,
            "k": beat_size(self.total),
            "pile": as_cards(self.pile),
            "pile_total": self.total if self._shown() else None,
            "discard": as_cards(self.discard),
            "stock": len(self.stock),
            "extra_decks": self.extra_decks,
            "hand_sizes": [len(h) for h in self.hands],
            "passes": list(self.passes),
            "pass_limit": self.options["passes"],
            "out": list(self.out),
            "scores": list(self.scores),
            "target": self.options["target"],
            "count_askable": self.count_askable(),
        }
        if seat is not None:
            v["hand"] = as_cards(canonical(self.hands[seat]))
            v["pass_cards"] = as_cards(self.pass_cards[seat])
        return v

    def _result(self) -> dict:
        return {"scores": list(self.scores), "winner": self.winner, "rounds": self.round_no,
                "rounds_abandoned": self.rounds_unscored}

    def _resample(self, seat: int, rng: random.Random) -> None:
        slots = [Slot(self.stock, keep_sorted=False)]
        for s in range(self.n):
            if s != seat:
                slots.append(Slot(self.hands[s]))
                slots.append(Slot(self.pass_cards[s], keep_sorted=False))
        redeal(slots, rng)

    def _zones(self) -> dict[str, list[int]]:
        zones = {"stock": self.stock, "discard": self.discard, "pile": self.pile}
        for s in range(self.n):
            zones[f"hand{s}"] = self.hands[s]
            zones[f"pass{s}"] = self.pass_cards[s]
        return zones

    def _deck_cards(self) -> list[int]:
        return [int(c) for c in self.game.deck.cards] + \
            [int(c) for c in FRENCH_52.cards] * self.extra_decks

    # --- UI ---------------------------------------------------------------------------

    def action_forms(self, seat: int) -> list[dict]:
        """A multi-select for beats (the list can be huge), single picks for the rest."""
        legal = self.legal_actions(seat)
        if not legal or self.step != "turn":
            return super().action_forms(seat)
        forms: list[dict] = []
        hand = self.hands[seat]
        v = self.total
        k = beat_size(v)
        if can_beat(hand, k, v):
            form = {"kind": "beat", "cards": as_cards(canonical(set(hand))), "min": k, "max": k}
            if self.passes[seat] and self.pass_cards[seat]:
                form["take"] = as_cards(sorted(set(self.pass_cards[seat])))
            forms.append(form)
            recover = [str(a) for a in legal if a.kind == "beat" and "take" in a.args]
            if recover:
                forms.append({"kind": "beat", "choices": recover})
        rest = [a for a in legal if a.kind != "beat"]
        adds = [str(a.args[0]) for a in rest if a.kind == "add"]
        if adds:
            forms.append({"kind": "add", "cards": adds, "min": 1, "max": 1})
        passes = [a for a in rest if a.kind == "pass"]
        if passes and passes[0].args:
            forms.append({"kind": "pass", "cards": [str(a.args[0]) for a in passes],
                          "min": 1, "max": 1})
        elif passes:
            forms.append({"kind": "pass", "choices": ["pass"]})
        return forms


_PLAIN_BEAT = {"beat": ("cards",)}


class Pinkerton(Game):
    name = "pinkerton"
    title = "Pinkerton"
    deck = DOUBLE_104
    min_players = 2
    max_players = 6
    option_list = (
        Option("passes", 2, (), "Passes a player may make; the pass that reaches this "
               "number puts them out of the round.", int, minimum=1, maximum=5),
        Option("target", 100, (), "Points that win the game, checked at the end of each "
               "round.", int, minimum=10, maximum=1000),
        Option("show_total", False, (), "Always show the pile's total (otherwise a player "
               "must ask for the count).", bool),
    )
    move_words = WORDS
    private_twins = frozenset({
        ("You take back {card}.",
         "{who} matched it exactly and takes back a pass card ({n} of {limit} passes now)."),
        ("You cannot beat, so you lay {card} face down and pass ({n} of {limit}).",
         "{who} cannot beat, lays a card face down and passes ({n} of {limit})."),
        ("You cannot beat, so you lay {card} face down and pass for the {nth} time: you are "
         "out of this round.", "{who} cannot beat, lays a card face down and passes for the "
         "{nth} time: out of this round.")})
    grammar = {"beat": ("cards", ("take",), "card"), "add": ("card",), "pass": ("cards*",)}
    aliases = {"b": "beat", "a": "add", "p": "pass"}
    state_class = PinkertonState
    turn_seconds = 90

    def parse_action(self, text: str | Action, options: dict | None = None) -> Action:
        if isinstance(text, Action):
            return text
        if isinstance(text, str) and text.strip().lower() in ("count", "c"):
            raise IllegalAction(Msg("Asking for the count is not a move and needs no turn: use "
                                    "the Count button on the board (or 'count' in the "
                                    "terminal)."))
        grammar = self.grammar_for(options)
        if isinstance(text, str) and "take" not in text.lower().replace(",", " ").split():
            grammar = {**grammar, **_PLAIN_BEAT}  # 'take <card>' is optional
        return parse_action(text, grammar, self.deck, self.aliases, self._normalise)

    def _normalise(self, action: Action) -> Action:
        if action.kind != "beat":
            return action
        cards, take, took = split_beat(action)
        if not took:
            return Action("beat", tuple(CARD[c] for c in canonical(cards)))
        tail = ("take",) + ((CARD[take],) if take is not None else ())
        return Action("beat", tuple(CARD[c] for c in canonical(cards)) + tail)

    def configurations(self) -> list[tuple[int, dict]]:
        return [(n, {}) for n in self.player_counts({})] + [
            (3, {"passes": 1, "target": 50}),
            (4, {"passes": 3, "show_total": True}),
        ]


GAME = Pinkerton()

__all__ = ["GAME", "Pinkerton", "PinkertonState", "beat_action"]
