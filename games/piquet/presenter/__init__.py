"""Piquet's presenter: the five variants as a table of Piquet players sees them.

Every field of the Piquet view (``games/piquet/views.py``) is either shown
in words here or deliberately left out:

* shown: ``variant`` (title), ``phase`` and ``declaring`` (phase words and the
  open category), ``deal``/``deals``, ``dealer``/``elder``/``order`` (roles),
  ``sides`` (partners, à quatre), ``totals``/``deal_scores`` (score and "this
  deal"), ``exchanged`` (what each took), ``talon_size`` (the talon pile),
  ``carte_blanche``/``claims``/``shown``/``bonus`` (centre sentences),
  ``calls``/``contract`` (auction), ``target`` (normand), ``trick``/
  ``last_trick``/``tricks``/``hand_sizes``/``leader``; a seat's ``hand``,
  ``discards``, ``talon_seen`` and ``talon`` (private sentences), ``result``;
* left out: ``history`` during play (totals carry it; the result lists it deal by
  deal), ``options`` (the variant and target are shown as such).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.i18n import EN, N_, Lang
from bot.present import text
from bot.present.base import Presenter, ordinal, units
from bot.present.scene import (
    CentreScene,
    Fact,
    HandScene,
    MoveChoice,
    MoveForm,
    PileScene,
    Play,
    ResultScene,
    Scene,
    SeatScene,
    TrickScene,
)
from bot.present.you import SHARED, YouForms
from games.piquet.presenter.declarations import (
    TITLE_WORDS,
    concedes,
    current_category,
    declaration_lines,
    declare_label,
    parse_declare,
    pips,
    said_words,
    words_of,
)
from games.piquet.scoring import CATEGORIES as DETAIL_ORDER
from games.piquet.variants import AU_CENT_TARGET, VARIANTS, Variant, auction_thresholds
from rules.actions import Action
from rules.cards import PIQUET_32

TITLES = {"rubicon": N_("Piquet - Rubicon"), "au_cent": N_("Piquet au cent"),
          "normand": N_("Piquet normand"), "a_quatre": N_("Piquet à quatre"),
          "auction": N_("Piquet - Auction")}
CATEGORY_PHASE = {"point": N_("Declaring: the point"), "sequence": N_("Declaring: sequences"),
                  "set": N_("Declaring: sets")}
SINK_LABEL = {"point": N_("Sink the point"), "sequence": N_("Sink the sequences"),
              "sets": N_("Sink the sets")}
# The engine's score categories (``scoring.CATEGORIES``) in a deal's breakdown.
DETAIL_WORDS = {"carte blanche": N_("carte blanche"), "point": N_("point"),
                "sequences": N_("sequences"), "sets": N_("sets"), "repique": N_("repique"),
                "play": N_("play"), "pique": N_("pique"), "cards": N_("cards"),
                "capot": N_("capot"), "contract": N_("contract")}
CALLS = {"pass": N_("pass"), "double": N_("double"), "redouble": N_("redouble")}


def bid_words(value: int, lang: Lang = EN) -> str:
    """"8 (at least 8 tricks)" / "minus 8 (at most 4 tricks)"."""
    _ = lang.gettext
    n = abs(value)
    if value > 0:
        return _("{n} (at least {tricks})", n=n, tricks=units(lang, n, "trick"))
    if n == 12:
        return _("minus 12 (no trick at all)")
    return _("minus {n} (at most {tricks})", n=n, tricks=units(lang, 12 - n, "trick"))


# Engine events the centre's lines sum up (calls, declarations and their answers, what
# they score, carte blanche, pique and repique): while those lines show, Recent skips them.
_SUMMED_UP = re.compile(r"^\{p\d+\}: |^\{p\d+\} (does not declare|scores \d+ for the|"
                        r"holds carte blanche|makes? an? (re)?pique)|^Nobody scores for the |"
                        r"^The \w+ (is|are) equal: nobody scores")


def summed_up(engine_text: str) -> bool:
    return bool(_SUMMED_UP.search(engine_text))


# Piquet's acts told to the viewer in the second person (bot/present/you.py): the
# engine's message id -> the act told to its actor; a message naming several seats -> a
# form for each set of roles the viewer holds in it.  Marked for the catalogs.
YOU = YouForms(
    you={
        "{who} exchanges {n}, leaving {left}.": N_("You exchange {n}, leaving {left}."),
        "{who} exchanges {n}.": N_("You exchange {n}."),
        "{who} exchanges five.": N_("You exchange five."),
        "{who} exchanges {n}, taking the whole talon.":
            N_("You exchange {n}, taking the whole talon."),
        "{side} wins the partie by {n}.": N_("You win the partie by {n}."),
        "{side} wins the game by {n}.": N_("You win the game by {n}."),
        "{who} does not declare a point.": N_("You do not declare a point."),
        "{who} does not declare a sequence.": N_("You do not declare a sequence."),
        "{who} does not declare any set.": N_("You do not declare any set."),
        "{who} scores {n} for {what}: {parts}.": N_("You score {n} for {what}: {parts}."),
        "{who} scores {n} for the point ({cards}).": N_("You score {n} for the point ({cards})."),
        "{who} bids {bid}.": N_("You bid {bid}."),
        "{who} holds carte blanche (no king, queen or jack): 10 points.":
            N_("You hold carte blanche (no king, queen or jack): 10 points."),
        "{who} repiques ({pts} before anything against): +{n}.":
            N_("You repique ({pts} before anything against): +{n}."),
        "{who} piques ({pts} before anything against): +{n}.":
            N_("You pique ({pts} before anything against): +{n}."),
        "{who} reaches {n}: play stops at once.": N_("You reach {n}: play stops at once."),
        "{side} wins the cards with {n} tricks: +10.":
            N_("You win the cards with {n} tricks: +10."),
        "{side} wins every trick: capot, +{n}.": N_("You win every trick: capot, +{n}."),
        "{who} takes {n} tricks: the contract is made exactly.":
            N_("You take {n} tricks: the contract is made exactly."),
        "{who} takes {n} tricks and fails the contract: {other} +{m}.":
            N_("You take {n} tricks and fail the contract: {other} +{m}."),
    },
    roles={
        "{leader} leads {card}, {plays}: {winner} wins.": {
            ("leader",): N_("You lead {card}, {plays}: {winner} wins."),
            ("winner",): N_("{leader} leads {card}, {plays}: you win."),
            ("leader", "winner"): N_("You lead {card}, {plays}: you win."),
        },
        "{who} plays {card}": {("who",): N_("you play {card}")},
        "Deal {n}: {dealer} deals; {elder} is elder.": {
            ("dealer",): N_("Deal {n}: you deal; {elder} is elder."),
            ("elder",): N_("Deal {n}: {dealer} deals; you are elder."),
        },
        "Both pass: {who} deals again.": {("who",): N_("Both pass: you deal again.")},
    },
) + SHARED


class PiquetPresenter(Presenter):
    game = "piquet"
    you_forms = YOU   # its acts told to you: "You ..."

    # --- the scene ---------------------------------------------------------------------

    def scene(self, view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
              legal: Sequence[str] = (), recent: int = 8) -> Scene:
        var = VARIANTS[view["variant"]]
        to_move = view.get("current_seat")
        seat = view.get("seat")
        hand = None
        if seat is not None:
            cards = self.sort_cards(view.get("hand") or [])
            hand = HandScene(cards=cards, groups=self.group_cards(cards),
                             lines=tuple(self.private_lines(view)),
                             forms=self.menu(view, forms),
                             your_turn=bool(forms))
        centre = self.centre(view, var)
        return Scene(
            game=self.game, title=self._(TITLES[var.name]), phase=self.phase_words(view, var),
            headline=tuple(self.headline(view, var)),
            seats=tuple(self._seat_scene(view, var, names, i) for i in range(view["players"])),
            centre=centre, events=self.events(view, recent, summed_up if centre.lines else None),
            to_move=to_move, viewer=seat, hand=hand, result=self.result(view, var),
            deal_no=int(view.get("deal_no") or 0))

    @staticmethod
    def side_of(var: Variant):
        return (lambda s: s % 2) if var.teams else (lambda s: s)

    def side_name(self, var: Variant, side: int) -> str:
        if var.teams:
            return self._("{a} and {b}", a=text.seat(side), b=text.seat(side + 2))
        return text.seat(side)

    def phase_words(self, view: dict, var: Variant) -> str:
        _ = self._
        phase = view["phase"]
        if phase == "declare":
            cat = current_category(view)
            assert cat is not None  # the declaring phase names its category
            return _(CATEGORY_PHASE[cat])
        if phase == "done":
            return _("The game is over") if var.deals is None else _("The partie is over")
        return {"exchange": _("The exchange"), "play": _("Trick play"),
                "bid": _("Bidding")}.get(phase, _("The deal"))

    def headline(self, view: dict, var: Variant) -> list[Fact]:
        _ = self._
        deal, deals = view["deal"], view.get("deals")
        if deals:
            value = _("{n} of {total}", n=deal, total=deals)
            if deals > (var.deals or 0):
                value = _("{n} of {total} (the scores were tied after {deals})", n=deal,
                          total=deals, deals=var.deals)
        else:
            value = str(deal)
        facts = [Fact(_("Deal"), value)]
        if var.rubicon is not None:
            facts.append(Fact(_("Rubicon"), self.units(var.rubicon, "point")))
        elif var.name == "au_cent":
            facts.append(Fact(_("Game"), _("first to {points}, play stops at once",
                                           points=self.units(AU_CENT_TARGET, "point"))))
        elif view.get("target"):
            facts.append(Fact(_("Target"), _("{points}, checked after each deal",
                                             points=self.units(view["target"], "point"))))
        if var.teams:
            facts.append(Fact(_("Sides"), _("{a} against {b}", a=self.side_name(var, 0),
                                            b=self.side_name(var, 1))))
        contract = view.get("contract")
        if contract:
            value = contract["n"] * (-1 if contract["negative"] else 1)
            how = {1: N_("{who} {bid}"), 2: N_("{who} {bid}, doubled"),
                   4: N_("{who} {bid}, redoubled")}[contract["mult"]]
            facts.append(Fact(_("Contract"), _(how, who=text.seat(contract["seat"]),
                                               bid=bid_words(value, self.lang))))
            (rep, _r), (piq, _p) = auction_thresholds(contract["negative"])
            facts.append(Fact(_("Pique and repique"),
                              _("at {n}", n=piq) if rep == piq else
                              _("pique at {piq}, repique at {rep}", piq=piq, rep=rep)))
        return facts

    def _seat_scene(self, view: dict, var: Variant, names: Sequence[str], i: int) -> SeatScene:
        _ = self._
        side = self.side_of(var)(i)
        roles = []
        if i == view["dealer"]:
            roles.append(_("dealer"))
        if i == view["elder"]:
            roles.append(_("elder"))
        elif var.players == 2:
            roles.append(_("younger"))
        if var.teams:
            roles.append(_("partner of {who}", who=text.seat((i + 2) % 4)))
        contract = view.get("contract")
        if contract and contract["seat"] == i:
            roles.append(_("declarer"))
        phase = view["phase"]
        facts = []
        took = self.exchanged(view, var, i)
        if took is not None:
            facts.append(Fact(_("Exchanged"), _("kept the hand") if took == 0
                              else self.units(took, "card")))
        if phase in ("declare", "play", "done"):
            facts.append(Fact(_("This deal"), self.units(view["deal_scores"][side], "point")))
        if phase == "play" or (phase == "done" and sum(view["tricks"])):
            facts.append(Fact(_("Tricks"), str(view["tricks"][i])))
        return SeatScene(index=i, name=text.name_of(names, i), roles=tuple(roles),
                         score=str(view["totals"][side]), facts=tuple(facts),
                         hand_count=view["hand_sizes"][i], to_move=view.get("current_seat") == i,
                         team=side if var.teams else None)

    @staticmethod
    def exchanged(view: dict, var: Variant, i: int) -> int | None:
        """Cards ``i`` took from the talon this deal, or None when it has not exchanged."""
        phase = view["phase"]
        if var.exchange == "none" or phase in ("bid", "deal"):
            return None
        if var.exchange == "dealer":
            done = i == view["dealer"] and phase != "exchange"
        elif i == view["elder"]:
            done = phase != "exchange" or view.get("current_seat") != i
        else:
            done = phase != "exchange"
        return int(view["exchanged"][i]) if done else None

    # --- the centre -----------------------------------------------------------------------

    def centre(self, view: dict, var: Variant) -> CentreScene:
        _ = self._
        phase = view["phase"]
        played = sum(view["tricks"])
        trick = None
        if phase == "play" or (phase == "done" and view["trick"]):
            label = (_("Trick {n} of {total} (play stopped)", n=played + 1, total=var.hand)
                     if phase == "done" else
                     _("Trick {n} of {total}", n=played + 1, total=var.hand))
            trick = self.trick(view["trick"], label,
                               to_lead=view["leader"] if not view["trick"] else None)
        last = None
        if played and phase in ("play", "done") and view.get("last_trick"):
            plays = view["last_trick"]
            last = TrickScene(label=_("Last trick"),
                              plays=tuple(Play(int(s), (str(c),)) for s, c in plays),
                              winner=self._trick_winner(plays))
        piles = []
        if view["talon_size"]:
            what = self.units(view["talon_size"], "card")
            note = (_("{cards}, set aside unseen", cards=what) if var.name == "auction"
                    else _("{cards} left", cards=what))
            piles.append(PileScene(_("Talon"), face_down=view["talon_size"], note=note))
        return CentreScene(trick=trick, last_trick=last, piles=tuple(piles),
                           lines=tuple(self.centre_lines(view, var)))

    @staticmethod
    def _trick_winner(plays: Sequence) -> int:
        led = PIQUET_32.parse_card(plays[0][1]).suit
        best = max((PIQUET_32.parse_card(c).rank, int(s)) for s, c in plays
                   if PIQUET_32.parse_card(c).suit == led)
        return best[1]

    def centre_lines(self, view: dict, var: Variant) -> list[str]:
        _ = self._
        lines = []
        me = view.get("seat")      # the viewer's own lines in the second person
        if view["phase"] == "bid":
            for seat, said in view.get("calls") or []:
                if said.startswith("bid "):
                    bid = bid_words(int(said.split()[1]), self.lang)
                    lines.append(_("You: bid {bid}", bid=bid) if seat == me else
                                 _("{who}: bid {bid}", who=text.seat(seat), bid=bid))
                else:
                    call = _(CALLS[said]) if said in CALLS else said
                    lines.append(_("You: {call}", call=call) if seat == me else
                                 _("{who}: {call}", who=text.seat(seat), call=call))
        later = view["phase"] in ("bid", "exchange")
        for seat in view.get("carte_blanche") or []:   # announced as soon as it is dealt
            if seat == me:
                lines.append(_("You hold carte blanche: 10 points when the declarations "
                               "begin.") if later else _("You hold carte blanche: 10 points."))
                continue
            lines.append(_("{who} holds carte blanche: 10 points when the declarations begin.",
                           who=text.seat(seat)) if later else
                         _("{who} holds carte blanche: 10 points.", who=text.seat(seat)))
        lines.extend(declaration_lines(view, self.side_of(var), self.lang))
        bonus = view.get("bonus")
        if bonus:
            side, kind = bonus
            who = self.side_name(var, side)
            rep, piq = (auction_thresholds(view["contract"]["negative"])
                        if var.name == "auction" and view.get("contract")
                        else (var.repique, var.pique))
            points = (rep if kind == "repique" else piq)[1]
            msg = {("repique", True): N_("{who} make a repique: +{n}."),
                   ("repique", False): N_("{who} makes a repique: +{n}."),
                   ("pique", True): N_("{who} make a pique: +{n}."),
                   ("pique", False): N_("{who} makes a pique: +{n}.")}[kind, bool(var.teams)]
            lines.append(_(msg, who=who, n=points))
        return lines

    # --- what only the seat sees ------------------------------------------------------------

    def private_lines(self, view: dict) -> list[str]:
        _ = self._
        lines = []
        if view.get("discards"):
            lines.append(_("You discarded {cards}.", cards=text.cards(view["discards"])))
        talon, seen = view.get("talon"), view.get("talon_seen") or []
        if talon:
            lines.append(_("Left in the talon: {cards}.", cards=text.cards(talon)))
        elif talon is None and seen:
            lines.append(_("You left {cards} on top of the talon and have seen them.",
                           cards=text.cards(seen)))
        return lines

    # --- moves as players say them -----------------------------------------------------------

    def describe(self, action: Action | str) -> str:
        _ = self._
        move = self.move(action)
        kind = move.kind
        if kind == "keep":
            return _("Keep your hand")
        if kind == "good":
            return _("Good")
        if kind == "sink":
            return _(SINK_LABEL[str(move.args[0])])
        if kind == "declare":
            return _("Declare {claim}", claim=words_of(self.lang, *parse_declare(move)))
        if kind == "bid":
            value = int(move.args[0])
            return _("Bid {n}", n=value) if value > 0 else _("Bid minus {n}", n=-value)
        if kind in CALLS:
            return _(CALLS[kind]).capitalize()
        return super().describe(move)

    def form(self, form: dict, legal: Sequence[str]) -> MoveForm:
        return self.view_form(form, None)

    def view_form(self, form: dict, view: dict | None, forms: Sequence[dict] = ()) -> MoveForm:
        """A move form in the game's words (``view``: the viewer's, for answers in context)."""
        _ = self._
        kind = form["kind"]
        if kind == "discard":
            low, high = int(form["min"]), int(form["max"])
            what = self.units(high, "card") if low == high else (
                # The noun agrees with the nearer number (pl "1 lub 2 karty", ru "1 или 2 карты").
                self.lang.n_("{low} or {n} card", "{low} or {n} cards", high, low=low)
                if high == low + 1
                else _("{low} to {high} cards", low=low, high=high))
            return MoveForm(kind=kind, prompt=_("Discard {what}", what=what), verb=_("Discard"),
                            cards=self.sort_cards(form["cards"]), low=low, high=high,
                            confirm=True,
                            note=_("You draw as many from the top of the talon."))
        if kind == "play":
            note = None
            if view and view.get("trick"):
                led = PIQUET_32.parse_card(view["trick"][0][1]).suit
                if all(PIQUET_32.parse_card(c).suit == led for c in form["cards"]):
                    note = _("You must follow suit.")
            return MoveForm(kind=kind, prompt=_("Play a card"), verb=_("Play"),
                            cards=self.sort_cards(form["cards"]), note=note)
        choices = tuple(MoveChoice(a, self.choice_label(a, view)) for a in form["choices"])
        prompt, verb, note = self.choice_prompt(kind, view, alone=len(forms) == 1)
        return MoveForm(kind=kind, prompt=prompt, verb=verb, choices=choices, note=note)

    def menu(self, view: dict, forms: Sequence[dict]) -> tuple[MoveForm, ...]:
        """The viewer's move forms, less declarations that only concede: beside "Good"
        they would say the same and show the cards (typed, they are still accepted)."""
        out = []
        answering = any(f["kind"] == "good" for f in forms)
        for f in forms:
            if answering and f["kind"] == "declare":
                f = {**f, "choices": [a for a in f["choices"]
                                      if not concedes(self.move(a), view)]}
                if not f["choices"]:
                    continue
            out.append(self.view_form(f, view, forms))
        return tuple(out)

    def choice_label(self, action: str, view: dict | None) -> str:
        move = self.move(action)
        if move.kind == "declare" and view is not None:
            var = VARIANTS[view["variant"]]
            return declare_label(move, view, self.side_of(var), self.lang)
        return self.describe(move)

    def choice_prompt(self, kind: str, view: dict | None,
                      alone: bool = False) -> tuple[str, str, str | None]:
        """(prompt, verb, note) of a kind of choice (``alone``: the viewer's only move)."""
        _ = self._
        best = ((view or {}).get("declaring") or {}).get("best")
        cat = (current_category(view) if view else None) or ""  # "": none yet
        if kind == "declare":
            if best:
                said = said_words(self.lang, best["said"].split(" (")[0])
                value = best.get("value")
                said += f", {pips(self.lang, value)}" if value is not None else ""
                return (_("Answer {who}'s {claim}", who=text.seat(best["seat"]), claim=said),
                        _("Declare"), None)
            what = {"point": N_("Declare your point"), "sequence": N_("Declare your best "
                                                                      "sequence"),
                    "set": N_("Declare your best set")}
            return _(what.get(cat, N_("Declare your combination"))), _("Declare"), None
        if kind == "good":
            if best:
                said = said_words(self.lang, best["said"].split(" (")[0])
                if best.get("value") is not None:     # told after "making?"
                    said = f"{said}, {pips(self.lang, best['value'])}"
                return (_("Concede {who}'s {claim}", who=text.seat(best["seat"]), claim=said),
                        _("Good"), None)
            return _("Concede"), _("Good"), None
        if kind == "sink":
            if alone:
                what = {"point": N_("You have no point to declare"),
                        "sequence": N_("You have no sequence to declare"),
                        "set": N_("You have no set to declare")}
                return _(what.get(cat, N_("You have nothing to declare"))), _("Sink"), None
            return (_("Or sink {what}", what=_(TITLE_WORDS.get(cat, N_("the category")))),
                    _("Sink"), _("Declaring nothing: an opponent may still score."))
        if kind == "bid":
            return _("Bid"), _("Bid"), _("Bid 8: take at least 8 of the 12 tricks; bid minus "
                                         "8: take at most 4.")
        if kind == "keep":
            return _("Or keep your hand"), _("Keep"), None
        return self.verb(kind), self.verb(kind), None

    # --- the result --------------------------------------------------------------------------

    def result(self, view: dict, var: Variant) -> ResultScene | None:
        r = view.get("result")
        if not r:
            return None
        _ = self._
        totals = r["totals"]
        lines: list[str] = []
        if var.name == "normand":
            for seat in sorted(range(var.players), key=lambda s: r["ranks"][s]):
                lines.append(_("{place} {who} - {points}", place=ordinal(r["ranks"][seat],
                                                                         self.lang),
                               who=text.seat(seat), points=self.units(totals[seat], "point")))
        elif r.get("drawn"):
            lines.append(_("The partie is drawn at {n} all.", n=totals[0]))
        else:
            win = r["winner_side"]
            lose = 1 - win if len(totals) == 2 else None
            hi = totals[win]
            lo = totals[lose] if lose is not None else 0
            msg = {(True, True): N_("{side} win the game, {hi} to {lo}, worth {n}: {rule}."),
                   (True, False): N_("{side} wins the game, {hi} to {lo}, worth {n}: {rule}."),
                   (False, True): N_("{side} win the partie, {hi} to {lo}, worth {n}: {rule}."),
                   (False, False): N_("{side} wins the partie, {hi} to {lo}, worth {n}: "
                                      "{rule}.")}
            key = (var.name == "au_cent", bool(var.teams))
            lines.append(_(msg[key],
                           side=self.side_name(var, win), hi=hi, lo=lo, n=r["partie"],
                           rule=self.partie_rule(var, hi, lo)))
            assert lose is not None  # Piquet has two sides
            for side in (win, lose):
                sign = "+" if side == win else "-"
                values = dict(place=ordinal(1 if side == win else 2, self.lang),
                              side=self.side_name(var, side),
                              points=self.units(totals[side], "point"),
                              n=f"{sign}{r['partie']}")
                lines.append(_("{place} {side} - {points}, {n} each", **values) if var.teams
                             else _("{place} {side} - {points}, {n}", **values))
        details = tuple(self.deal_line(var, d) for d in r.get("deals") or [])
        return ResultScene(lines=tuple(lines), winners=tuple(r.get("winners") or ()),
                           details=details)

    def partie_rule(self, var: Variant, hi: int, lo: int) -> str:
        _ = self._
        if var.rubicon is None:
            if lo < 50:
                return _("the difference, doubled as the loser has less than 50")
            return _("the difference")
        if lo >= var.rubicon:
            return _("the difference plus {n}", n=var.rubicon)
        return _("the loser is rubiconed (under {n}): both totals plus {n}", n=var.rubicon)

    def deal_line(self, var: Variant, d: dict) -> str:
        _ = self._
        parts = []
        for side, pts in enumerate(d["points"]):
            detail = d["detail"][side]
            items = ", ".join(f"{_(DETAIL_WORDS.get(label, label))} {detail[label]}"
                              for label in DETAIL_ORDER if detail.get(label))
            parts.append(f"{self.side_name(var, side)} {pts}" + (f" ({items})" if items else ""))
        return _("Deal {n}, dealt by {who}: {parts}.", n=d["deal"], who=text.seat(d["dealer"]),
                 parts="; ".join(parts))


__all__ = ["PiquetPresenter"]
