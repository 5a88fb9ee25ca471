"""Starshina / Sergeant Major: three players, quotas 8-5-3, exchanges, a kitty.

Both rule sets share one view: ``starshina`` (give-and-return exchange round
the table, no trumps, a pot settled at the end) and ``classic`` (up/down
exchange, the dealer names trumps, stakes settled every hand).

``quotas`` are seat facts and ``quota_set`` the headline rule; ``exchanges``
and ``exchange_plan`` become sentences (cards only in the two players' own
lines); ``kitty_size``/``discarded`` are face-down piles, ``kitty_cards`` and
``discards`` the dealer's private lines; ``reached_12`` and ``winner`` are seat
statuses and the result; ``last_hand`` is a centre sentence before play.  Left
out: ``voids`` (the tricks show who could not follow) and ``leader``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.cards import SUIT_NAME
from rules.games.starshina import HAND_SIZE, KITTY_SIZE, WIN_TRICKS
from rules.tricks import highest_card

from .. import text
from ..base import TRICK_FIELDS, Presenter, counted, plural, register, signed, suit_name
from ..scene import CentreScene, Fact, MoveForm, PileScene, ResultScene, Scene, SeatScene

SUIT_BY_NAME = {SUIT_NAME[s]: s for s in range(4)}
PHASE = {"exchange": "The up/down exchange", "trump": "Naming trumps",
         "discard": "The kitty", "play": "Trick play", "over": "Game over"}


def stakes(n: int) -> str:
    """``+3 stakes``, ``-1 stake``, ``0 stakes``."""
    return f"{signed(n)} {'stake' if abs(n) == 1 else 'stakes'}"


@register
class StarshinaPresenter(Presenter):
    game = "starshina"
    fields = TRICK_FIELDS | {"phase", "rules", "hand_no", "dealer", "quotas", "quota_set",
                             "trump", "stakes", "pot", "kitty_size", "discarded", "exchanges",
                             "exchange_plan", "last_hand", "reached_12", "winner", "voids",
                             "kitty_cards", "discards"}

    def _trump(self, view: dict) -> int | None:
        return None if view["trump"] is None else SUIT_BY_NAME[view["trump"]]

    def trick_winner(self, view: dict, plays: Sequence) -> int | None:
        trick = [[int(s), int(self.deck.parse_card(c))] for s, c in plays]
        return highest_card(trick, trick[0][1] >> 4, self._trump(view))

    # -- the scene ------------------------------------------------------------------------

    def scene(self, view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
              legal: Sequence[str] = (), recent: int = 8) -> Scene:
        classic = view["rules"] == "classic"
        phase = view["phase"]
        seats = tuple(self._seat(view, names, i) for i in range(view["players"]))
        trick, last = self.trick_centre(view, HAND_SIZE)
        centre = CentreScene(trick=trick if phase == "play" else None, last_trick=last,
                             piles=self._piles(view), lines=tuple(self._centre_lines(view)))
        hand = None
        if view["seat"] is not None:
            hand = self.hand(view, forms, legal, self._private_lines(view))
            hand = replace(hand, forms=tuple(self._form(view, f) for f in hand.forms))
        title = "Starshina - classic rules" if classic else "Starshina"
        return Scene(game=self.game, title=title, phase=self._phase(view),
                     headline=self._headline(view), seats=seats, centre=centre,
                     events=self.events(view, recent), to_move=view["current_seat"],
                     viewer=view["seat"], hand=hand, result=self._result(view),
                     deal_no=view["deal_no"])

    def _phase(self, view: dict) -> str:
        phase = view["phase"]
        if phase in ("give", "return"):
            swap = len(view["exchanges"]) + (phase == "give")
            return f"The exchange: swap {swap} of {view['players']}"
        return PHASE[phase]

    def _headline(self, view: dict) -> tuple[Fact, ...]:
        dealer, left, right = view["quota_set"]
        facts = [Fact("Hand", str(view["hand_no"])),
                 Fact("To win", f"take {WIN_TRICKS} tricks in one hand"),
                 Fact("Quotas", f"dealer {dealer}, dealer's left {left}, "
                      f"dealer's right {right}")]
        if view["rules"] == "classic":
            trump = self._trump(view)
            facts.append(Fact("Trumps", "not named yet" if trump is None
                              else suit_name(trump, capital=True)))
            facts.append(Fact("Stakes", "settled every hand: +1 for each trick over quota, "
                              "-1 for each trick under"))
        else:
            facts.append(Fact("Trumps", "none in this game"))
            facts.append(Fact("Pot", f"{plural(view['pot'], 'stake')}, one from each player; "
                              "whoever misses quota in the winning hand pays 1 more"))
        return tuple(facts)

    def _seat(self, view: dict, names: Sequence[str], i: int) -> SeatScene:
        tricks, quota = view["tricks"][i], view["quotas"][i]
        over = bool(view["over"])
        facts = [Fact("Quota", plural(quota, "trick"))]
        status = None
        if view["phase"] in ("play", "over"):
            facts.append(Fact("Tricks", str(tricks)))
            if self.tricks_played(view):
                status = self._quota_status(tricks, quota, finished=over)
            if view["reached_12"] == i:
                status = ("winner" if over else
                          f"{plural(tricks, 'trick')}: wins the game once the hand is played out")
        # The starshina pot is settled only when the game ends: no running score till then.
        score = stakes(view["stakes"][i]) if view["rules"] == "classic" or over else None
        return self.seat_scene(view, names, i, score=score, facts=facts, status=status)

    @staticmethod
    def _quota_status(tricks: int, quota: int, *, finished: bool) -> str:
        if tricks == quota:
            return "quota made"
        if tricks > quota:
            return f"up {tricks - quota}"
        return f"missed quota by {quota - tricks}" if finished else f"needs {quota - tricks} more"

    def _piles(self, view: dict) -> tuple[PileScene, ...]:
        dealer = text.seat(view["dealer"])
        if view["kitty_size"]:
            when = "naming trumps" if view["rules"] == "classic" else "the exchange"
            return (PileScene("Kitty", face_down=view["kitty_size"],
                              note=f"{dealer} takes it after {when}"),)
        if view["discarded"] and view["phase"] == "play":
            return (PileScene("Laid aside", face_down=KITTY_SIZE,
                              note=f"{dealer}'s discards, out of play"),)
        return ()

    # -- centre lines: the last hand, exchanges, the kitty ---------------------------------

    def _centre_lines(self, view: dict) -> list[str]:
        phase = view["phase"]
        if phase in ("play", "over"):
            return []
        lines = []
        if view["last_hand"] is not None:
            lines.append(self._last_hand_line(view["last_hand"]))
        if view["rules"] == "classic":
            lines += self._classic_exchange_lines(view)
        else:
            lines += self._swap_lines(view)
        dealer = text.seat(view["dealer"])
        if phase == "trump":
            lines.append(f"{dealer} names trumps, then takes the kitty.")
        elif phase == "discard":
            lines.append(f"{dealer} has taken the kitty and lays four cards aside face down.")
        return lines

    @staticmethod
    def _last_hand_line(last: dict) -> str:
        parts = []
        for s, (t, q, d) in enumerate(zip(last["tricks"], last["quotas"], last["diffs"],
                                          strict=True)):
            how = "made" if d == 0 else (f"up {d}" if d > 0 else f"down {-d}")
            took = f"took {plural(t, 'trick')}" if s == 0 else str(t)
            parts.append(f"{text.seat(s)} {took} (quota {q}, {how})")
        return "Last hand: " + "; ".join(parts) + "."

    def _swap_lines(self, view: dict) -> list[str]:
        """Starshina give-and-return swaps as the table saw them (the viewer's are private)."""
        me, lines = view["seat"], []
        for k, e in enumerate(view["exchanges"]):
            giver, receiver = text.seat(e["from"]), text.seat(e["to"])
            if me in (e["from"], e["to"]):
                continue
            if self._pending(view, k):
                lines.append(f"{giver} gave {receiver} a card face down; "
                             f"{receiver} now returns one.")
            else:
                lines.append(f"{giver} gave {receiver} a card face down and got one back.")
        return lines

    @staticmethod
    def _pending(view: dict, k: int) -> bool:
        return view["phase"] == "return" and k == len(view["exchanges"]) - 1

    @staticmethod
    def _pairs(view: dict) -> list[list]:
        """Classic swaps grouped by giver and receiver: ``[giver, receiver, done, to_go]``."""
        pairs: list[list] = []
        for e in view["exchanges"]:
            if pairs and pairs[-1][:2] == [e["from"], e["to"]]:
                pairs[-1][2] += 1
            else:
                pairs.append([e["from"], e["to"], 1, 0])
        for k, (giver, receiver, count) in enumerate(view["exchange_plan"]):
            if k == 0 and pairs and pairs[-1][:2] == [giver, receiver]:
                pairs[-1][3] = count
            else:
                pairs.append([giver, receiver, 0, count])
        return pairs

    def _classic_exchange_lines(self, view: dict) -> list[str]:
        me, lines = view["seat"], []
        for giver, receiver, done, to_go in self._pairs(view):
            g, r = text.seat(giver), text.seat(receiver)
            total = done + to_go
            cards = counted(total, "card") + (", one at a time" if total > 1 else "")
            back = "for each, " if total > 1 else ""
            if not to_go:
                if me not in (giver, receiver):
                    lines.append(f"{g} gave {r} {cards}, and got "
                                 + ("one back for each." if total > 1 else "one back."))
            elif done:
                lines.append(f"{g} is giving {r} {cards} ({done} given so far); for each, "
                             f"{r} gives back their highest card of its suit.")
            else:
                lines.append(f"{g} gives {r} {cards}; {back}{r} gives back their highest "
                             "card of its suit.")
        return lines

    # -- what only the viewer knows ------------------------------------------------------

    def _private_lines(self, view: dict) -> list[str]:
        me, lines = view["seat"], []
        if view["rules"] == "classic":
            for giver, receiver, _, _ in self._pairs(view):
                if me in (giver, receiver):
                    swaps = [e for e in view["exchanges"]
                             if [e["from"], e["to"]] == [giver, receiver]]
                    if swaps:
                        lines.append(self._classic_private(me, giver, receiver, swaps))
        else:
            for k, e in enumerate(view["exchanges"]):
                if me in (e["from"], e["to"]):
                    lines.append(self._swap_private(me, e, self._pending(view, k)))
        if me == view["dealer"]:
            if view.get("kitty_cards"):
                lines.append(f"You took {text.cards(view['kitty_cards'])} from the kitty.")
            if view.get("discards"):
                lines.append(f"You laid aside {text.cards(view['discards'])}.")
        return lines

    @staticmethod
    def _swap_private(me: int, e: dict, pending: bool) -> str:
        given, back = text.card(e["given"]), e["returned"] and text.card(e["returned"])
        if me == e["from"]:
            other = text.seat(e["to"])
            if pending:
                return f"You gave {given} to {other}; {other} now returns a card."
            return f"You gave {given} to {other} and got {back} back."
        other = text.seat(e["from"])
        if pending:
            return f"{other} gave you {given}: return a card."
        return f"{other} gave you {given}; you returned {back}."

    @staticmethod
    def _classic_private(me: int, giver: int, receiver: int, swaps: list[dict]) -> str:
        parts = []
        for e in swaps:
            given, back = text.card(e["given"]), text.card(e["returned"])
            if e["given"] == e["returned"]:
                parts.append(f"{given} (it came back)" if me == giver
                             else f"{given} (it went back)")
            else:
                parts.append(f"{given} (you got {back})" if me == giver
                             else f"{given} (you gave back {back})")
        if me == giver:
            return f"You gave {text.seat(receiver)} " + ", ".join(parts) + "."
        return f"{text.seat(giver)} gave you " + ", ".join(parts) + "."

    # -- moves ------------------------------------------------------------------------------

    def describe(self, action: str) -> str:
        kind, _, rest = action.partition(" ")
        if kind == "trump":
            return rest.capitalize()
        return super().describe(action)

    def _form(self, view: dict, f: MoveForm) -> MoveForm:
        phase, exchanges = view["phase"], view["exchanges"]
        if f.kind == "give" and phase == "give":
            to = text.seat((view["seat"] + 1) % view["players"])
            return replace(f, prompt=f"Give {to} a card face down", verb="Give",
                           note=f"{to} must give back a higher card of its suit if they hold "
                           "one, otherwise any other card.")
        if f.kind == "give":
            giver, receiver, to_go = view["exchange_plan"][0]
            done = sum(1 for e in exchanges if [e["from"], e["to"]] == [giver, receiver])
            to = text.seat(receiver)
            return replace(f, prompt=f"Give {to} a card ({done + 1} of {done + to_go})",
                           verb="Give", note=f"{to} gives back their highest card of its suit "
                           "(the same card if they hold nothing higher).")
        if f.kind == "return":
            got = exchanges[-1]["given"]
            suit = suit_name(self.deck.parse_card(got).suit, singular=True)
            giver = text.seat(exchanges[-1]["from"])
            higher = all(self.deck.parse_card(c).suit == self.deck.parse_card(got).suit
                         for c in f.cards)
            note = (f"You must return a {suit} higher than {text.card(got)}." if higher else
                    f"You hold no {suit} higher than {text.card(got)}: return any other card.")
            return replace(f, prompt=f"Return a card to {giver}", verb="Return", note=note)
        if f.kind == "trump":
            return replace(f, prompt="Name trumps", verb="Name",
                           note="Then you take the kitty and lay four cards aside.")
        if f.kind == "discard":
            return replace(f, prompt="Lay four cards aside face down", verb="Discard",
                           confirm=True, note="They take no part in the play; only you see them.")
        if f.kind == "play" and view["trick"]:
            led = self.deck.parse_card(view["trick"][0][1]).suit
            return replace(f, note=self.follow_note(led, len(f.cards), len(view["hand"])))
        return f

    # -- the end ------------------------------------------------------------------------------

    def _result(self, view: dict) -> ResultScene | None:
        if not view["over"]:
            return None
        result = view["result"]
        ranked = self.ranked_lines(result, [stakes(s) for s in result["scores"]])
        win, winner = result["winning_hand"], result["winner"]
        details = [f"{text.seat(winner)} took {plural(win['tricks'][winner], 'trick')} in "
                   f"hand {win['hand']} and wins the game."]
        missed = [text.seat(s) for s in win["missed"]]
        if view["rules"] == "classic":
            details.append("Stakes were settled after every hand; the winner ranks first "
                           "whatever their stakes.")
        elif missed:
            details.append(f"{text.seat(winner)} takes the pot of {plural(view['pot'], 'stake')} "
                           f"and 1 more from {' and '.join(missed)} for missing quota.")
        else:
            details.append(f"{text.seat(winner)} takes the pot of "
                           f"{plural(view['pot'], 'stake')}.")
        return replace(ranked, details=tuple(details))
