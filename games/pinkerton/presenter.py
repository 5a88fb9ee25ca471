"""Pinkerton's presenter: the centre card or pile, its count, passes and outs, in words.

Every field of the Pinkerton view (``games/pinkerton/engine.py``) is shown in
words or deliberately left out:

* shown: ``phase``/``cycle``/``step`` (phase words and a centre sentence),
  ``round``, ``dealer``, ``opener`` (roles), ``k`` (the beat size), ``pile`` and
  ``pile_total`` (the centre, with the count rule), ``discard``, ``stock``,
  ``extra_decks``, ``hand_sizes``, ``passes``/``pass_limit``/``out`` (status),
  ``scores``/``target``; a seat's ``hand`` and ``pass_cards``; ``result``;
* left out: ``turns`` (only the 300-turn safety valve uses it; its event says so
  when it fires).

The pile's total is shown only when the view gives it (``show_total``, a single
centre card, or after someone asked for the count); otherwise the scene says
that it is not announced and who may ask.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_
from bot.present import text
from bot.present.base import Presenter, game_title, ordinal
from bot.present.scene import (
    CentreScene,
    Fact,
    HandScene,
    MoveChoice,
    MoveForm,
    PileScene,
    ResultScene,
    Scene,
    SeatScene,
)
from bot.present.you import SHARED, YouForms
from rules.actions import Action

PHASES = {"phase I": (N_("Phase I"), N_("beat the centre card")),
          "phase II": (N_("Phase II"), N_("beat the pile")),
          "phase III (bidding)": (N_("Phase III"), N_("the bidding"))}
DISCARD_SHOWN = 8   # the newest discards shown face up; the rest are counted


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# Pinkerton's acts told to the viewer in the second person (bot/present/you.py): the
# engine's message id -> the act told to its actor; a message naming several seats -> a
# form for each set of roles the viewer holds in it.  Marked for the catalogs.
YOU = YouForms(
    you={
        "{who} beats the pile ({was}) with {cards} ({sum}).":
            N_("You beat the pile ({was}) with {cards} ({sum})."),
        "{who} beats the centre card with {cards} ({sum}).":
            N_("You beat the centre card with {cards} ({sum})."),
        "{who} adds {card} to the pile: the pile stands at {n}.":
            N_("You add {card} to the pile: the pile stands at {n}."),
        "{who} skips the beat at 0 and adds {card} to the pile: the pile stands at {n}.":
            N_("You skip the beat at 0 and add {card} to the pile: the pile stands at {n}."),
        "{who} skips the beat at 0 and adds {card} to the pile.":
            N_("You skip the beat at 0 and add {card} to the pile."),
        "{who} opens the bidding: one card onto the pile, no beat needed.":
            N_("You open the bidding: one card onto the pile, no beat needed."),
        "{who} has beaten and now adds a card to the pile.":
            N_("You have beaten and now add a card to the pile."),
        "{who} cannot beat, has no cards and passes ({n} of {limit}).":
            N_("You cannot beat, have no cards and pass ({n} of {limit})."),
        "{who} cannot beat, has no cards and passes for the {nth} time: out of this round.":
            N_("You cannot beat, have no cards and pass for the {nth} time: you are out of "
               "this round."),
        "{who} opens with no card that may be added, and passes without penalty.":
            N_("You open with no card that may be added, and pass without penalty."),
        "{who} beats the pile with {cards} ({sum}).": N_("You beat the pile with {cards} ({sum})."),
        "{who} beats the centre card ({was}) with {cards} ({sum}).":
            N_("You beat the centre card ({was}) with {cards} ({sum})."),
        "{who} adds {card} to the pile.": N_("You add {card} to the pile."),
        "{who} opens the bidding.": N_("You open the bidding."),
        "{who} turns up {card} onto the centre.": N_("You turn up {card} onto the centre."),
        "{who} turns up {card} onto the centre, making a pile.":
            N_("You turn up {card} onto the centre, making a pile."),
        "{who} cannot beat, lays a card face down and passes ({n} of {limit}).":
            N_("You cannot beat, so you lay a card face down and pass ({n} of {limit})."),
        "{who} cannot beat, lays a card face down and passes for the {nth} time: out of this "
        "round.": N_("You cannot beat, so you lay a card face down and pass for the {nth} time: "
                     "you are out of this round."),
        "{who} has beaten but has no card that may be added, and passes without penalty.":
            N_("You have beaten but have no card that may be added, and pass without penalty."),
        "{who} matched it exactly and takes back a pass card ({n} of {limit} passes now).":
            N_("You matched it exactly and take back a pass card ({n} of {limit} passes now)."),
        "{who} is the last player in and scores {gain} for the {size}-card pile ({total} in all).":
            N_("You are the last player in and score {gain} for the {size}-card pile ({total} "
               "in all)."),
        "{who} reaches the target of {target} with {n} points and wins the game.":
            N_("You reach the target of {target} with {n} points and win the game."),
    },
    roles={
        "Round {n}: {who} deals 5 cards each.": {("who",): N_("Round {n}: you deal 5 cards each.")},
    },
) + SHARED


class PinkertonPresenter(Presenter):
    game = "pinkerton"
    you_forms = YOU   # its acts told to you: "You ..."

    def scene(self, view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
              legal: Sequence[str] = (), recent: int = 8) -> Scene:
        seat = view.get("seat")
        hand = None
        if seat is not None:
            cards = self.sort_cards(view.get("hand") or [])
            hand = HandScene(cards=cards, groups=self.group_cards(cards),
                             lines=tuple(self.private_lines(view)),
                             forms=tuple(self.view_form(f, view) for f in forms),
                             your_turn=bool(forms))
        return Scene(
            game=self.game, title=game_title("Pinkerton", self.lang), phase=self.phase_words(view),
            headline=tuple(self.headline(view)),
            seats=tuple(self._seat_scene(view, names, i) for i in range(view["players"])),
            centre=self.centre(view), events=self.events(view, recent),
            to_move=view.get("current_seat"), viewer=seat, hand=hand,
            result=self.result(view), deal_no=int(view.get("deal_no") or 0))

    # --- the table ---------------------------------------------------------------------

    def phase_words(self, view: dict) -> str:
        _ = self._
        if view.get("over"):
            return _("The game is over")
        name, what = (_(w) for w in PHASES[view["phase"]])
        if view["phase"].startswith("phase III") and view.get("cycle"):
            return _("{phase}, {what} - cycle {n}", phase=name, what=what, n=view["cycle"])
        return _("{phase} - {what}", phase=name, what=what)

    def headline(self, view: dict) -> list[Fact]:
        _ = self._
        limit = view["pass_limit"]
        facts = [Fact(_("Round"), str(view["round"])),
                 Fact(_("Target"), self.units(view["target"], "point")),
                 Fact(_("Passes"),
                      _("the {nth} pass puts a player out", nth=ordinal(limit, self.lang))
                      if limit > 1 else _("one pass puts a player out"))]
        return facts

    def _seat_scene(self, view: dict, names: Sequence[str], i: int) -> SeatScene:
        _ = self._
        roles = []
        if i == view["dealer"]:
            roles.append(_("dealer"))
        if view.get("opener") == i and view["phase"].startswith("phase III") and \
                not view.get("over"):
            roles.append(_("opener"))
        status = None
        if view["out"][i]:
            status = _("out of this round")
        elif view["passes"][i]:
            status = _("passed {n} of {limit}", n=view["passes"][i], limit=view["pass_limit"])
        over = view.get("over")
        return SeatScene(index=i, name=text.name_of(names, i), roles=tuple(roles),
                         score=str(view["scores"][i]),
                         hand_count=None if over else view["hand_sizes"][i],
                         status=None if over else status,
                         to_move=view.get("current_seat") == i)

    def centre(self, view: dict) -> CentreScene:
        if view.get("over"):
            return CentreScene()
        _ = self._
        pile = view["pile"]
        total = view.get("pile_total")
        label = _("Centre card") if len(pile) == 1 else _("Pile")
        piles = [PileScene(label, cards=tuple(pile), note=self.count_note(view))]
        discard = view.get("discard") or []
        if discard:
            shown = discard[-DISCARD_SHOWN:]
            note = self.units(len(discard), "card")
            if len(discard) > len(shown):
                note = _("{cards}, the newest {n} shown", cards=note, n=len(shown))
            piles.append(PileScene(_("Discard pile"), cards=tuple(shown), note=note))
        piles.append(PileScene(_("Stock"), face_down=view["stock"],
                               note=self.units(view["stock"], "card")))
        step, mover = view.get("step"), view.get("current_seat")
        lines = [] if step in ("open", "add") else [self.beat_line(view)]
        if step == "open" and mover is not None:
            lines.append(_("{who} opens the bidding: one card onto the pile, no beat needed.",
                           who=text.seat(mover)))
        elif step == "add" and mover is not None:
            lines.append(_("{who} has beaten and now adds a card to the pile.",
                           who=text.seat(mover)))
        if view["phase"].startswith("phase III") and total is not None and -20 < total < 20:
            lines.append(_("Jacks, queens and kings may not be added while the pile is "
                           "between -20 and 20."))
        extra = view.get("extra_decks") or 0
        if extra:
            lines.append(self.lang.n_("{n} fresh 52-card deck was shuffled in this round.",
                                      "{n} fresh 52-card decks were shuffled in this round.",
                                      extra))
        return CentreScene(piles=tuple(piles), lines=tuple(lines))

    def beat_line(self, view: dict) -> str:
        """What a beat of the centre needs now (the sum only when the total is shown)."""
        _ = self._
        total, k = view.get("pile_total"), view["k"]
        centre = len(view["pile"]) == 1
        cards = self.units(k, "card")
        if total is None:
            return (_("To beat the centre card: {cards} adding up to its value or more (or "
                      "less, when it is below zero).", cards=cards) if centre else
                    _("To beat the pile: {cards} adding up to its value or more (or less, "
                      "when it is below zero).", cards=cards))
        need = _("{n} or more", n=total) if total >= 0 else _("{n} or less", n=total)
        return (_("To beat the centre card: {cards} adding up to {need}.", cards=cards,
                  need=need) if centre else
                _("To beat the pile: {cards} adding up to {need}.", cards=cards, need=need))

    def count_note(self, view: dict) -> str:
        """The total, or the count rule when the table may not see it."""
        _ = self._
        total = view.get("pile_total")
        if total is not None:
            if view["options"].get("show_total"):
                return _("Worth {n} (the total is always shown)", n=signed(total))
            if len(view["pile"]) == 1:
                return _("Worth {n}", n=signed(total))
            return _("Worth {n} (the count was asked for)", n=signed(total))
        return _("Total not announced: any player but the dealer ({who}) may ask for the "
                 "count", who=text.seat(view["dealer"]))

    # --- what only the seat sees ------------------------------------------------------------

    def private_lines(self, view: dict) -> list[str]:
        _ = self._
        lines = []
        passed = view.get("pass_cards") or []
        if passed:
            cards = (_("{a} and {b}", a=", ".join(text.card(c) for c in passed[:-1]),
                       b=text.card(passed[-1])) if len(passed) > 1 else text.card(passed[0]))
            lines.append(_("You passed {cards} face down.", cards=cards))
        if view["out"][view["seat"]] and not view.get("over"):
            lines.append(_("You are out of this round: your cards stay aside until it ends."))
        return lines

    # --- moves as players say them -----------------------------------------------------------

    def describe(self, action: Action | str) -> str:
        _ = self._
        move = self.move(action)
        kind, args = move.kind, [str(a) for a in move.args]
        if kind == "beat":
            if "take" in args:
                i = args.index("take")
                return _("Beat with {cards} and take back {card}",
                         cards=text.cards(args[:i]), card=text.card(args[i + 1]))
            return _("Beat with {cards}", cards=text.cards(args))
        if kind == "add":
            return _("Add {card}", card=text.card(args[0]))
        if kind == "pass":
            return (_("Pass, laying {card} face down", card=text.card(args[0]))
                    if args else _("Pass"))
        if kind == "count":
            return _("Ask for the count")
        return super().describe(move)

    def form(self, form: dict, legal: Sequence[str]) -> MoveForm:
        return self.view_form(form, None)

    def view_form(self, form: dict, view: dict | None) -> MoveForm:
        _ = self._
        kind = form["kind"]
        v = view or {}
        centre = len(v.get("pile") or ()) == 1
        if kind == "beat" and "cards" in form:
            k = int(form["max"])
            note = None
            if form.get("take"):
                note = _("A beat exactly equal to the value may take back one of your "
                         "face-down pass cards ({cards}).", cards=text.cards(form["take"]))
            cards = self.units(k, "card")
            prompt = (_("Beat the centre card with {cards}", cards=cards) if centre else
                      _("Beat the pile with {cards}", cards=cards))
            return MoveForm(kind=kind, prompt=prompt, verb=_("Beat"),
                            cards=self.sort_cards(form["cards"]), low=k, high=k,
                            confirm=True, note=note)
        if kind == "add":
            note = None
            if v.get("step") == "open":
                note = _("You open the bidding: no beat needed.")
            elif v.get("step") == "turn":   # only offered at a pile of 0
                note = (_("You may skip the beat and just add a card (the pile is worth 0).")
                        if v.get("pile_total") is not None else
                        _("You may skip the beat and just add a card."))
            return MoveForm(kind=kind, prompt=_("Add a card to the pile"), verb=_("Add"),
                            cards=self.sort_cards(form["cards"]), note=note)
        if kind == "pass" and "cards" in form:
            note = None
            if view is not None:
                used, limit = v["passes"][v["seat"]], v["pass_limit"]
                note = (_("This pass puts you out of the round.") if used + 1 >= limit else
                        _("Pass {n} of {limit}: the card is dead and only you know it.",
                          n=used + 1, limit=limit))
            return MoveForm(kind=kind, prompt=_("Pass (lay a card face down)"), verb=_("Pass"),
                            cards=self.sort_cards(form["cards"]), note=note)
        choices = tuple(MoveChoice(a, self.describe(a)) for a in form.get("choices", ()))
        if kind == "pass":
            free = v.get("step") in ("open", "add")
            prompt = (_("Pass: you have no card you may add (it costs nothing)") if free
                      else _("Pass: your hand is empty (the pass counts)"))
            return MoveForm(kind=kind, prompt=prompt, verb=_("Pass"), choices=choices)
        if kind == "beat":
            return MoveForm(kind=kind, prompt=_("Or beat exactly and take back a pass card"),
                            verb=_("Beat"), choices=choices)
        if kind == "count":
            return MoveForm(kind=kind, prompt=_("Ask for the count"), verb=_("Count"),
                            choices=choices, note=_("The total is announced to everyone."))
        return MoveForm(kind=kind, prompt=self.verb(kind), verb=self.verb(kind),
                        choices=choices)

    # --- the result --------------------------------------------------------------------------

    def result(self, view: dict) -> ResultScene | None:
        _ = self._
        r = view.get("result")
        if not r:
            return None
        scores, ranks = r["scores"], r["ranks"]
        lines = []
        for seat in sorted(range(len(scores)), key=lambda s: (ranks[s], s)):
            values = dict(place=ordinal(ranks[seat], self.lang), who=text.seat(seat),
                          points=self.units(scores[seat], "point"))
            lines.append(_("{place} {who} - {points} - wins", **values)
                         if r.get("winner") == seat else _("{place} {who} - {points}", **values))
        details = [self.lang.n_("{n} round played.", "{n} rounds played.", r["rounds"])]
        if r.get("rounds_abandoned"):
            details.append(self.lang.n_("{n} round abandoned at 300 turns with no score.",
                                        "{n} rounds abandoned at 300 turns with no score.",
                                        r["rounds_abandoned"]))
        return ResultScene(lines=tuple(lines), winners=tuple(r.get("winners") or ()),
                           details=tuple(details))
