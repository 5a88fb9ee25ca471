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

from bot.i18n import N_, Lang
from bot.present import text
from bot.present.base import TRICK_FIELDS, Presenter, number_word, signed, suit_name
from bot.present.scene import CentreScene, Fact, MoveForm, PileScene, ResultScene, Scene, SeatScene
from bot.present.you import SHARED, YouForms
from games.starshina.engine import HAND_SIZE, KITTY_SIZE, WIN_TRICKS
from rules.actions import Action
from rules.cards import SUIT_NAME
from rules.tricks import highest_card

SUIT_BY_NAME = {SUIT_NAME[s]: s for s in range(4)}
PHASE = {"exchange": N_("The up/down exchange"), "trump": N_("Naming trumps"),
         "discard": N_("The kitty"), "play": N_("Trick play"), "over": N_("Game over")}


def stakes(n: int, lang: Lang) -> str:
    """``+3 stakes``, ``-1 stake``, ``0 stakes``."""
    return lang.n_("{n} stake", "{n} stakes", abs(n)).replace(str(abs(n)), signed(n), 1)


# Starshina's acts told to the viewer in the second person (bot/present/you.py): the
# engine's message id -> the act told to its actor; a message naming several seats -> a
# form for each set of roles the viewer holds in it.  Marked for the catalogs.
YOU = YouForms(
    you={
        "{who} leads.": N_("You lead."),
        "{who} names {suit} as trumps.": N_("You name {suit} as trumps."),
        "{who} wins the game.": N_("You win the game."),
        "{who} has {n} tricks and wins the game; the hand is played out.":
            N_("You have {n} tricks and win the game; the hand is played out."),
        "{who} was up and gives {n} to {to}.": N_("You were up and give {n} to {to}."),
        "{who} takes the kitty and will discard four cards.":
            N_("You take the kitty and will discard four cards."),
    },
    roles={
        "Hand {n}: {dealer} deals. Quotas: {a} {qa}, {b} {qb}, {c} {qc}.": {
            ("a", "dealer"): N_("Hand {n}: you deal. Quotas: {a} {qa}, {b} {qb}, {c} {qc}."),
        },
    },
) + SHARED


class StarshinaPresenter(Presenter):
    game = "starshina"
    you_forms = YOU   # its acts told to you: "You ..."
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
        title = self._("Starshina - classic rules") if classic else self._("Starshina")
        return Scene(game=self.game, title=title, phase=self._phase(view),
                     headline=self._headline(view), seats=seats, centre=centre,
                     events=self.events(view, recent), to_move=view["current_seat"],
                     viewer=view["seat"], hand=hand, result=self._result(view),
                     deal_no=view["deal_no"])

    def _phase(self, view: dict) -> str:
        _ = self._
        phase = view["phase"]
        if phase in ("give", "return"):
            swap = len(view["exchanges"]) + (phase == "give")
            return _("The exchange: swap {n} of {total}", n=swap, total=view["players"])
        return _(PHASE[phase])

    def _headline(self, view: dict) -> tuple[Fact, ...]:
        _ = self._
        dealer, left, right = view["quota_set"]
        facts = [Fact(_("Hand"), str(view["hand_no"])),
                 Fact(_("To win"), _("take {n} tricks in one hand", n=WIN_TRICKS)),
                 Fact(_("Quotas"), _("dealer {dealer}, dealer's left {left}, dealer's right "
                                     "{right}", dealer=dealer, left=left, right=right))]
        if view["rules"] == "classic":
            trump = self._trump(view)
            facts.append(Fact(_("Trumps"), _("not named yet") if trump is None
                              else self.suit(trump, capital=True), keep=True))
            facts.append(Fact(_("Stakes"), _("settled every hand: +1 for each trick over quota, "
                                             "-1 for each trick under")))
        else:
            facts.append(Fact(_("Trumps"), _("none in this game")))
            facts.append(Fact(_("Pot"), _("{stakes}, one from each player; whoever misses "
                                          "quota in the winning hand pays 1 more",
                                          stakes=self.units(view["pot"], "stake"))))
        return tuple(facts)

    def _seat(self, view: dict, names: Sequence[str], i: int) -> SeatScene:
        _ = self._
        tricks, quota = view["tricks"][i], view["quotas"][i]
        over = bool(view["over"])
        facts = [Fact(_("Quota"), self.units(quota, "trick"))]
        status = None
        if view["phase"] in ("play", "over"):
            facts.append(Fact(_("Tricks"), str(tricks)))
            if self.tricks_played(view):
                status = self._quota_status(tricks, quota, finished=over)
            if view["reached_12"] == i:
                status = (_("winner") if over else
                          _("{tricks}: wins the game once the hand is played out",
                            tricks=self.units(tricks, "trick")))
        # The starshina pot is settled only when the game ends: no running score till then.
        score = (stakes(view["stakes"][i], self.lang) if view["rules"] == "classic" or over
                 else None)
        return self.seat_scene(view, names, i, score=score, facts=facts, status=status)

    def _quota_status(self, tricks: int, quota: int, *, finished: bool) -> str:
        _ = self._
        if tricks == quota:
            return _("quota made")
        if tricks > quota:
            return _("up {n}", n=tricks - quota)
        return (_("missed quota by {n}", n=quota - tricks) if finished
                else _("needs {n} more", n=quota - tricks))

    def _piles(self, view: dict) -> tuple[PileScene, ...]:
        _ = self._
        dealer = text.seat(view["dealer"])
        if view["kitty_size"]:
            note = (_("{who} takes it after naming trumps", who=dealer)
                    if view["rules"] == "classic" else
                    _("{who} takes it after the exchange", who=dealer))
            return (PileScene(_("Kitty"), face_down=view["kitty_size"], note=note),)
        if view["discarded"] and view["phase"] == "play":
            return (PileScene(_("Laid aside"), face_down=KITTY_SIZE,
                              note=_("{who}'s discards, out of play", who=dealer)),)
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
            lines.append(self._("{who} names trumps, then takes the kitty.", who=dealer))
        elif phase == "discard":
            lines.append(self._("{who} has taken the kitty and lays four cards aside face "
                                "down.", who=dealer))
        return lines

    def _last_hand_line(self, last: dict) -> str:
        _ = self._
        parts = []
        for s, (t, q, d) in enumerate(zip(last["tricks"], last["quotas"], last["diffs"],
                                          strict=True)):
            how = _("made") if d == 0 else (_("up {n}", n=d) if d > 0 else _("down {n}", n=-d))
            took = (_("took {tricks}", tricks=self.units(t, "trick")) if s == 0 else str(t))
            parts.append(_("{who} {took} (quota {quota}, {how})", who=text.seat(s), took=took,
                           quota=q, how=how))
        return _("Last hand: {parts}.", parts="; ".join(parts))

    def _swap_lines(self, view: dict) -> list[str]:
        """Starshina give-and-return swaps as the table saw them (the viewer's are private)."""
        me, lines = view["seat"], []
        for k, e in enumerate(view["exchanges"]):
            giver, receiver = text.seat(e["from"]), text.seat(e["to"])
            if me in (e["from"], e["to"]):
                continue
            if self._pending(view, k):
                lines.append(self._("{giver} gave {receiver} a card face down; {receiver} now "
                                    "returns one.", giver=giver, receiver=receiver))
            else:
                lines.append(self._("{giver} gave {receiver} a card face down and got one "
                                    "back.", giver=giver, receiver=receiver))
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
        _ = self._
        me, lines = view["seat"], []
        for giver, receiver, done, to_go in self._pairs(view):
            g, r = text.seat(giver), text.seat(receiver)
            total = done + to_go
            cards = (_("{n} cards, one at a time", n=number_word(total, self.lang)) if total > 1
                     else _("one card"))
            if not to_go:
                if me not in (giver, receiver):
                    lines.append(_("{g} gave {r} {cards}, and got one back for each.", g=g, r=r,
                                   cards=cards) if total > 1 else
                                 _("{g} gave {r} {cards}, and got one back.", g=g, r=r,
                                   cards=cards))
            elif done:
                lines.append(_("{g} is giving {r} {cards} ({done} given so far); for each, "
                               "{r} gives back their highest card of its suit.", g=g, r=r,
                               cards=cards, done=done))
            elif total > 1:
                lines.append(_("{g} gives {r} {cards}; for each, {r} gives back their highest "
                               "card of its suit.", g=g, r=r, cards=cards))
            else:
                lines.append(_("{g} gives {r} {cards}; {r} gives back their highest card of "
                               "its suit.", g=g, r=r, cards=cards))
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
                lines.append(self._("You took {cards} from the kitty.",
                                    cards=text.cards(view["kitty_cards"])))
            if view.get("discards"):
                lines.append(self._("You laid aside {cards}.",
                                    cards=text.cards(view["discards"])))
        return lines

    def _swap_private(self, me: int, e: dict, pending: bool) -> str:
        _ = self._
        given, back = text.card(e["given"]), e["returned"] and text.card(e["returned"])
        if me == e["from"]:
            other = text.seat(e["to"])
            if pending:
                return _("You gave {card} to {who}; {who} now returns a card.", card=given,
                         who=other)
            return _("You gave {card} to {who} and got {back} back.", card=given, who=other,
                     back=back)
        other = text.seat(e["from"])
        if pending:
            return _("{who} gave you {card}: return a card.", who=other, card=given)
        return _("{who} gave you {card}; you returned {back}.", who=other, card=given, back=back)

    def _classic_private(self, me: int, giver: int, receiver: int, swaps: list[dict]) -> str:
        _ = self._
        parts = []
        for e in swaps:
            given, back = text.card(e["given"]), text.card(e["returned"])
            if e["given"] == e["returned"]:
                parts.append(_("{card} (it came back)", card=given) if me == giver
                             else _("{card} (it went back)", card=given))
            else:
                parts.append(_("{card} (you got {back})", card=given, back=back) if me == giver
                             else _("{card} (you gave back {back})", card=given, back=back))
        if me == giver:
            return _("You gave {who} {cards}.", who=text.seat(receiver), cards=", ".join(parts))
        return _("{who} gave you {cards}.", who=text.seat(giver), cards=", ".join(parts))

    # -- moves ------------------------------------------------------------------------------

    def describe(self, action: Action | str) -> str:
        move = self.move(action)
        if move.kind == "trump":
            word = str(move.args[0])
            suit = SUIT_BY_NAME.get(word)
            return self.suit(suit, capital=True) if suit is not None else word.capitalize()
        return super().describe(move)

    def _form(self, view: dict, f: MoveForm) -> MoveForm:
        _ = self._
        phase, exchanges = view["phase"], view["exchanges"]
        if f.kind == "give" and phase == "give":
            to = text.seat((view["seat"] + 1) % view["players"])
            return replace(f, prompt=_("Give {who} a card face down", who=to), verb=_("Give"),
                           note=_("{who} must give back a higher card of its suit if they hold "
                                  "one, otherwise any other card.", who=to))
        if f.kind == "give":
            giver, receiver, to_go = view["exchange_plan"][0]
            done = sum(1 for e in exchanges if [e["from"], e["to"]] == [giver, receiver])
            to = text.seat(receiver)
            return replace(f, prompt=_("Give {who} a card ({n} of {total})", who=to, n=done + 1,
                                       total=done + to_go),
                           verb=_("Give"), note=_("{who} gives back their highest card of its "
                                                  "suit (the same card if they hold nothing "
                                                  "higher).", who=to))
        if f.kind == "return":
            got = exchanges[-1]["given"]
            giver = text.seat(exchanges[-1]["from"])
            higher = all(self.deck.parse_card(c).suit == self.deck.parse_card(got).suit
                         for c in f.cards)
            suit = suit_name(self.deck.parse_card(got).suit, singular=True, lang=self.lang)
            note = (_("You must return a {suit} higher than {card}.", suit=suit,
                      card=text.card(got)) if higher else
                    _("You hold no {suit} higher than {card}: return any other card.",
                      suit=suit, card=text.card(got)))
            return replace(f, prompt=_("Return a card to {who}", who=giver), verb=_("Return"),
                           note=note)
        if f.kind == "trump":
            return replace(f, prompt=_("Name trumps"), verb=_("Name"),
                           note=_("Then you take the kitty and lay four cards aside."))
        if f.kind == "discard":
            return replace(f, prompt=_("Lay four cards aside face down"), verb=_("Discard"),
                           confirm=True, note=_("They take no part in the play; only you see "
                                                "them."))
        if f.kind == "play" and view["trick"]:
            led = self.deck.parse_card(view["trick"][0][1]).suit
            return replace(f, note=self.follow_note(led, len(f.cards), len(view["hand"])))
        return f

    # -- the end ------------------------------------------------------------------------------

    def _result(self, view: dict) -> ResultScene | None:
        if not view["over"]:
            return None
        _ = self._
        result = view["result"]
        ranked = self.ranked_lines(result, [stakes(s, self.lang) for s in result["scores"]])
        win, winner = result["winning_hand"], result["winner"]
        who = text.seat(winner)
        details = [_("{who} took {tricks} in hand {hand} and wins the game.", who=who,
                     tricks=self.units(win["tricks"][winner], "trick"), hand=win["hand"])]
        missed = [text.seat(s) for s in win["missed"]]
        pot = self.units(view["pot"], "stake")
        if view["rules"] == "classic":
            details.append(_("Stakes were settled after every hand; the winner ranks first "
                             "whatever their stakes."))
        elif missed:
            details.append(_("{who} takes the pot of {stakes} and 1 more from {missed} for "
                             "missing quota.", who=who, stakes=pot,
                             missed=(" " + _("and") + " ").join(missed)))
        else:
            details.append(_("{who} takes the pot of {stakes}.", who=who, stakes=pot))
        return replace(ranked, details=tuple(details))
