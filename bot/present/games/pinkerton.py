"""Pinkerton's presenter: the centre card or pile, its count, passes and outs, in words.

Every field of the Pinkerton view (``rules/games/pinkerton.py``) is shown in
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

from .. import text
from ..base import Presenter, ordinal, plural, register
from ..scene import (
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

PHASES = {"phase I": ("Phase I", "beat the centre card"),
          "phase II": ("Phase II", "beat the pile"),
          "phase III (bidding)": ("Phase III", "the bidding")}
DISCARD_SHOWN = 8   # the newest discards shown face up; the rest are counted


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


@register
class PinkertonPresenter(Presenter):
    game = "pinkerton"

    def scene(self, view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
              legal: Sequence[str] = (), recent: int = 8) -> Scene:
        seat = view.get("seat")
        hand = None
        if seat is not None:
            cards = view.get("hand") or []
            hand = HandScene(cards=self.sort_cards(cards), groups=self.group_cards(cards),
                             lines=tuple(self.private_lines(view)),
                             forms=tuple(self.view_form(f, view) for f in forms),
                             your_turn=bool(forms))
        return Scene(
            game=self.game, title="Pinkerton", phase=self.phase_words(view),
            headline=tuple(self.headline(view)),
            seats=tuple(self._seat_scene(view, names, i) for i in range(view["players"])),
            centre=self.centre(view), events=self.events(view, recent),
            to_move=view.get("current_seat"), viewer=seat, hand=hand,
            result=self.result(view), deal_no=int(view.get("deal_no") or 0))

    # --- the table ---------------------------------------------------------------------

    @staticmethod
    def phase_words(view: dict) -> str:
        if view.get("over"):
            return "The game is over"
        name, what = PHASES[view["phase"]]
        if view["phase"].startswith("phase III") and view.get("cycle"):
            return f"{name}, {what} - cycle {view['cycle']}"
        return f"{name} - {what}"

    @staticmethod
    def headline(view: dict) -> list[Fact]:
        facts = [Fact("Round", str(view["round"])),
                 Fact("Target", f"{view['target']} points"),
                 Fact("Passes", f"the {ordinal(view['pass_limit'])} pass puts a player out"
                      if view["pass_limit"] > 1 else "one pass puts a player out")]
        return facts

    @staticmethod
    def _seat_scene(view: dict, names: Sequence[str], i: int) -> SeatScene:
        roles = []
        if i == view["dealer"]:
            roles.append("dealer")
        if view.get("opener") == i and view["phase"].startswith("phase III") and \
                not view.get("over"):
            roles.append("opener")
        status = None
        if view["out"][i]:
            status = "out of this round"
        elif view["passes"][i]:
            status = f"passed {view['passes'][i]} of {view['pass_limit']}"
        over = view.get("over")
        return SeatScene(index=i, name=text.name_of(names, i), roles=tuple(roles),
                         score=str(view["scores"][i]),
                         hand_count=None if over else view["hand_sizes"][i],
                         status=None if over else status,
                         to_move=view.get("current_seat") == i)

    def centre(self, view: dict) -> CentreScene:
        if view.get("over"):
            return CentreScene()
        pile = view["pile"]
        total = view.get("pile_total")
        label = "Centre card" if len(pile) == 1 else "Pile"
        piles = [PileScene(label, cards=tuple(pile), note=self.count_note(view))]
        discard = view.get("discard") or []
        if discard:
            shown = discard[-DISCARD_SHOWN:]
            note = plural(len(discard), "card")
            if len(discard) > len(shown):
                note += f", the newest {len(shown)} shown"
            piles.append(PileScene("Discard pile", cards=tuple(shown), note=note))
        piles.append(PileScene("Stock", face_down=view["stock"],
                               note=plural(view["stock"], "card")))
        step, mover = view.get("step"), view.get("current_seat")
        lines = [] if step in ("open", "add") else [self.beat_line(view)]
        if step == "open" and mover is not None:
            lines.append(f"{text.seat(mover)} opens the bidding: one card onto the pile, "
                         "no beat needed.")
        elif step == "add" and mover is not None:
            lines.append(f"{text.seat(mover)} has beaten and now adds a card to the pile.")
        if view["phase"].startswith("phase III") and total is not None and -20 < total < 20:
            lines.append("Jacks, queens and kings may not be added while the pile is "
                         "between -20 and 20.")
        extra = view.get("extra_decks") or 0
        if extra:
            lines.append("A fresh 52-card deck was shuffled in this round." if extra == 1 else
                         f"{extra} fresh 52-card decks were shuffled in this round.")
        return CentreScene(piles=tuple(piles), lines=tuple(lines))

    @staticmethod
    def beat_line(view: dict) -> str:
        """What a beat of the centre needs now (the sum only when the total is shown)."""
        total, k = view.get("pile_total"), view["k"]
        target = "the centre card" if len(view["pile"]) == 1 else "the pile"
        if total is None:
            return (f"To beat {target}: {plural(k, 'card')} adding up to its value or more "
                    "(or less, when it is below zero).")
        need = f"{total} or more" if total >= 0 else f"{total} or less"
        return f"To beat {target}: {plural(k, 'card')} adding up to {need}."

    @staticmethod
    def count_note(view: dict) -> str:
        """The total, or the count rule when the table may not see it."""
        total = view.get("pile_total")
        if total is not None:
            if view["options"].get("show_total"):
                return f"Worth {signed(total)} (the total is always shown)"
            if len(view["pile"]) == 1:
                return f"Worth {signed(total)}"
            return f"Worth {signed(total)} (the count was asked for)"
        return (f"Total not announced: any player but the dealer ({text.seat(view['dealer'])}) "
                "may ask for the count")

    # --- what only the seat sees ------------------------------------------------------------

    @staticmethod
    def private_lines(view: dict) -> list[str]:
        lines = []
        passed = view.get("pass_cards") or []
        if passed:
            cards = " and ".join([", ".join(text.card(c) for c in passed[:-1]), text.card(
                passed[-1])]) if len(passed) > 1 else text.card(passed[0])
            lines.append(f"You passed {cards} face down.")
        if view["out"][view["seat"]] and not view.get("over"):
            lines.append("You are out of this round: your cards stay aside until it ends.")
        return lines

    # --- moves as players say them -----------------------------------------------------------

    def describe(self, action: str) -> str:
        words = action.split()
        kind = words[0]
        if kind == "beat":
            if "take" in words:
                i = words.index("take")
                return (f"Beat with {text.cards(words[1:i])} and take back "
                        f"{text.card(words[i + 1])}")
            return f"Beat with {text.cards(words[1:])}"
        if kind == "add":
            return f"Add {text.card(words[1])}"
        if kind == "pass":
            return (f"Pass, laying {text.card(words[1])} face down" if len(words) > 1
                    else "Pass")
        if kind == "count":
            return "Ask for the count"
        return super().describe(action)

    def form(self, form: dict, legal: Sequence[str]) -> MoveForm:
        return self.view_form(form, None)

    def view_form(self, form: dict, view: dict | None) -> MoveForm:
        kind = form["kind"]
        v = view or {}
        target = "the centre card" if len(v.get("pile") or ()) == 1 else "the pile"
        if kind == "beat" and "cards" in form:
            k = int(form["max"])
            note = None
            if form.get("take"):
                note = ("A beat exactly equal to the value may take back one of your "
                        f"face-down pass cards ({text.cards(form['take'])}).")
            return MoveForm(kind=kind, prompt=f"Beat {target} with {plural(k, 'card')}",
                            verb="Beat", cards=self.sort_cards(form["cards"]), low=k, high=k,
                            confirm=True, note=note)
        if kind == "add":
            note = None
            if v.get("step") == "open":
                note = "You open the bidding: no beat needed."
            elif v.get("step") == "turn":   # only offered at a pile of 0
                note = "You may skip the beat and just add a card" + (
                    " (the pile is worth 0)." if v.get("pile_total") is not None else ".")
            return MoveForm(kind=kind, prompt="Add a card to the pile", verb="Add",
                            cards=self.sort_cards(form["cards"]), note=note)
        if kind == "pass" and "cards" in form:
            note = None
            if view is not None:
                used, limit = v["passes"][v["seat"]], v["pass_limit"]
                note = ("This pass puts you out of the round." if used + 1 >= limit else
                        f"Pass {used + 1} of {limit}: the card is dead and only you know it.")
            return MoveForm(kind=kind, prompt="Pass (lay a card face down)", verb="Pass",
                            cards=self.sort_cards(form["cards"]), note=note)
        choices = tuple(MoveChoice(a, self.describe(a)) for a in form.get("choices", ()))
        if kind == "pass":
            free = v.get("step") in ("open", "add")
            prompt = ("Pass: you have no card you may add (it costs nothing)" if free
                      else "Pass: your hand is empty (the pass counts)")
            return MoveForm(kind=kind, prompt=prompt, verb="Pass", choices=choices)
        if kind == "beat":
            return MoveForm(kind=kind, prompt="Or beat exactly and take back a pass card",
                            verb="Beat", choices=choices)
        if kind == "count":
            return MoveForm(kind=kind, prompt="Ask for the count", verb="Count",
                            choices=choices, note="The total is announced to everyone.")
        return MoveForm(kind=kind, prompt=kind.capitalize(), verb=kind.capitalize(),
                        choices=choices)

    # --- the result --------------------------------------------------------------------------

    @staticmethod
    def result(view: dict) -> ResultScene | None:
        r = view.get("result")
        if not r:
            return None
        scores, ranks = r["scores"], r["ranks"]
        lines = []
        for seat in sorted(range(len(scores)), key=lambda s: (ranks[s], s)):
            won = " - wins" if r.get("winner") == seat else ""
            lines.append(f"{ordinal(ranks[seat])} {text.seat(seat)} - "
                         f"{plural(scores[seat], 'point')}{won}")
        details = [f"{plural(r['rounds'], 'round')} played."]
        if r.get("rounds_abandoned"):
            details.append(f"{plural(r['rounds_abandoned'], 'round')} abandoned at 300 turns "
                           "with no score.")
        return ResultScene(lines=tuple(lines), winners=tuple(r.get("winners") or ()),
                           details=tuple(details))
