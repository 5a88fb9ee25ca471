"""Piquet's presenter: the five variants as a table of Piquet players sees them.

Every field of the Piquet view (``rules/games/piquet/views.py``) is either shown
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

from collections.abc import Sequence

from rules.cards import PIQUET_32
from rules.games.piquet.combos import number_word
from rules.games.piquet.scoring import CATEGORIES as DETAIL_ORDER
from rules.games.piquet.variants import AU_CENT_TARGET, VARIANTS, Variant, auction_thresholds

from ... import text
from ...base import Presenter, ordinal, plural, register
from ...scene import (
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
from .declarations import (
    TITLE,
    claim_name,
    current_category,
    declaration_lines,
    declare_label,
    parse_declare,
)

TITLES = {"rubicon": "Piquet - Rubicon", "au_cent": "Piquet au cent",
          "normand": "Piquet normand", "a_quatre": "Piquet à quatre",
          "auction": "Piquet - Auction"}
CATEGORY_PHASE = {"point": "Declaring: the point", "sequence": "Declaring: sequences",
                  "set": "Declaring: sets"}
SINK_LABEL = {"point": "Sink the point", "sequence": "Sink the sequences",
              "sets": "Sink the sets"}


def bid_words(value: int) -> str:
    """"8 (at least 8 tricks)" / "minus 8 (at most 4 tricks)"."""
    n = abs(value)
    if value > 0:
        return f"{n} (at least {plural(n, 'trick')})"
    if n == 12:
        return "minus 12 (no trick at all)"
    return f"minus {n} (at most {plural(12 - n, 'trick')})"


@register
class PiquetPresenter(Presenter):
    game = "piquet"

    # --- the scene ---------------------------------------------------------------------

    def scene(self, view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
              legal: Sequence[str] = (), recent: int = 8) -> Scene:
        var = VARIANTS[view["variant"]]
        to_move = view.get("current_seat")
        seat = view.get("seat")
        hand = None
        if seat is not None:
            hand = HandScene(cards=self.sort_cards(view.get("hand") or []),
                             groups=self.group_cards(view.get("hand") or []),
                             lines=tuple(self.private_lines(view)),
                             forms=tuple(self.view_form(f, view, forms) for f in forms),
                             your_turn=bool(forms))
        return Scene(
            game=self.game, title=TITLES[var.name], phase=self.phase_words(view, var),
            headline=tuple(self.headline(view, var)),
            seats=tuple(self._seat_scene(view, var, names, i) for i in range(view["players"])),
            centre=self.centre(view, var), events=self.events(view, recent),
            to_move=to_move, viewer=seat, hand=hand, result=self.result(view, var),
            deal_no=int(view.get("deal_no") or 0))

    @staticmethod
    def side_of(var: Variant):
        return (lambda s: s % 2) if var.teams else (lambda s: s)

    @staticmethod
    def side_name(var: Variant, side: int) -> str:
        if var.teams:
            return f"{text.seat(side)} and {text.seat(side + 2)}"
        return text.seat(side)

    def phase_words(self, view: dict, var: Variant) -> str:
        phase = view["phase"]
        if phase == "declare":
            cat = current_category(view)
            assert cat is not None  # the declaring phase names its category
            return CATEGORY_PHASE[cat]
        if phase == "done":
            return "The game is over" if var.deals is None else "The partie is over"
        return {"exchange": "The exchange", "play": "Trick play", "bid": "Bidding"}.get(
            phase, "The deal")

    def headline(self, view: dict, var: Variant) -> list[Fact]:
        deal, deals = view["deal"], view.get("deals")
        if deals:
            value = f"{deal} of {deals}"
            if deals > (var.deals or 0):
                value += f" (the scores were tied after {var.deals})"
        else:
            value = str(deal)
        facts = [Fact("Deal", value)]
        if var.rubicon is not None:
            facts.append(Fact("Rubicon", f"{var.rubicon} points"))
        elif var.name == "au_cent":
            facts.append(Fact("Game", f"first to {AU_CENT_TARGET} points, play stops at once"))
        elif view.get("target"):
            facts.append(Fact("Target", f"{view['target']} points, checked after each deal"))
        if var.teams:
            facts.append(Fact("Sides", f"{self.side_name(var, 0)} against "
                                       f"{self.side_name(var, 1)}"))
        contract = view.get("contract")
        if contract:
            value = contract["n"] * (-1 if contract["negative"] else 1)
            how = {1: "", 2: ", doubled", 4: ", redoubled"}[contract["mult"]]
            facts.append(Fact("Contract",
                              f"{text.seat(contract['seat'])} {bid_words(value)}{how}"))
            (rep, _), (piq, _) = auction_thresholds(contract["negative"])
            facts.append(Fact("Pique and repique",
                              f"at {piq}" if rep == piq else f"pique at {piq}, repique at {rep}"))
        return facts

    def _seat_scene(self, view: dict, var: Variant, names: Sequence[str], i: int) -> SeatScene:
        side = self.side_of(var)(i)
        roles = []
        if i == view["dealer"]:
            roles.append("dealer")
        if i == view["elder"]:
            roles.append("elder")
        elif var.players == 2:
            roles.append("younger")
        if var.teams:
            roles.append(f"partner of {text.seat((i + 2) % 4)}")
        contract = view.get("contract")
        if contract and contract["seat"] == i:
            roles.append("declarer")
        phase = view["phase"]
        facts = []
        took = self.exchanged(view, var, i)
        if took is not None:
            facts.append(Fact("Exchanged", "kept the hand" if took == 0 else plural(took, "card")))
        if phase in ("declare", "play", "done"):
            facts.append(Fact("This deal", plural(view["deal_scores"][side], "point")))
        if phase == "play" or (phase == "done" and sum(view["tricks"])):
            facts.append(Fact("Tricks", str(view["tricks"][i])))
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
        phase = view["phase"]
        played = sum(view["tricks"])
        trick = None
        if phase == "play" or (phase == "done" and view["trick"]):
            label = f"Trick {played + 1} of {var.hand}"
            if phase == "done":
                label += " (play stopped)"
            trick = self.trick(view["trick"], label,
                               to_lead=view["leader"] if not view["trick"] else None)
        last = None
        if played and phase in ("play", "done") and view.get("last_trick"):
            plays = view["last_trick"]
            last = TrickScene(label="Last trick",
                              plays=tuple(Play(int(s), (str(c),)) for s, c in plays),
                              winner=self._trick_winner(plays))
        piles = []
        if view["talon_size"]:
            what = plural(view["talon_size"], "card")
            note = f"{what}, set aside unseen" if var.name == "auction" else f"{what} left"
            piles.append(PileScene("Talon", face_down=view["talon_size"], note=note))
        return CentreScene(trick=trick, last_trick=last, piles=tuple(piles),
                           lines=tuple(self.centre_lines(view, var)))

    @staticmethod
    def _trick_winner(plays: Sequence) -> int:
        led = PIQUET_32.parse_card(plays[0][1]).suit
        best = max((PIQUET_32.parse_card(c).rank, int(s)) for s, c in plays
                   if PIQUET_32.parse_card(c).suit == led)
        return best[1]

    def centre_lines(self, view: dict, var: Variant) -> list[str]:
        lines = []
        if view["phase"] == "bid":
            for seat, said in view.get("calls") or []:
                if said.startswith("bid "):
                    lines.append(f"{text.seat(seat)}: bid {bid_words(int(said.split()[1]))}")
                else:
                    lines.append(f"{text.seat(seat)}: {said}")
        later = " when the declarations begin" if view["phase"] in ("bid", "exchange") else ""
        for seat in view.get("carte_blanche") or []:   # announced as soon as it is dealt
            lines.append(f"{text.seat(seat)} holds carte blanche: 10 points{later}.")
        lines.extend(declaration_lines(view, self.side_of(var)))
        bonus = view.get("bonus")
        if bonus:
            side, kind = bonus
            who = self.side_name(var, side)
            rep, piq = (auction_thresholds(view["contract"]["negative"])
                        if var.name == "auction" and view.get("contract")
                        else (var.repique, var.pique))
            points = (rep if kind == "repique" else piq)[1]
            verb = "make" if var.teams else "makes"
            lines.append(f"{who} {verb} a {kind}: +{points}.")
        return lines

    # --- what only the seat sees ------------------------------------------------------------

    def private_lines(self, view: dict) -> list[str]:
        lines = []
        if view.get("discards"):
            lines.append(f"You discarded {text.cards(view['discards'])}.")
        talon, seen = view.get("talon"), view.get("talon_seen") or []
        if talon:
            lines.append(f"Left in the talon: {text.cards(talon)}.")
        elif talon is None and seen:
            lines.append(f"You left {text.cards(seen)} on top of the talon "
                         "and have seen them.")
        return lines

    # --- moves as players say them -----------------------------------------------------------

    def describe(self, action: str) -> str:
        words = action.split()
        kind = words[0]
        if kind == "keep":
            return "Keep your hand"
        if kind == "good":
            return "Good"
        if kind == "sink":
            return SINK_LABEL[words[1]]
        if kind == "declare":
            return "Declare " + claim_name(*parse_declare(action))
        if kind == "bid":
            value = int(words[1])
            return f"Bid {value}" if value > 0 else f"Bid minus {-value}"
        return super().describe(action)

    def form(self, form: dict, legal: Sequence[str]) -> MoveForm:
        return self.view_form(form, None)

    def view_form(self, form: dict, view: dict | None, forms: Sequence[dict] = ()) -> MoveForm:
        """A move form in the game's words (``view``: the viewer's, for answers in context)."""
        kind = form["kind"]
        if kind == "discard":
            low, high = int(form["min"]), int(form["max"])
            what = plural(high, "card") if low == high else (
                f"{low} or {high} cards" if high == low + 1 else f"{low} to {high} cards")
            return MoveForm(kind=kind, prompt=f"Discard {what}", verb="Discard",
                            cards=self.sort_cards(form["cards"]), low=low, high=high,
                            confirm=True,
                            note="You draw as many from the top of the talon.")
        if kind == "play":
            note = None
            if view and view.get("trick"):
                led = PIQUET_32.parse_card(view["trick"][0][1]).suit
                if all(PIQUET_32.parse_card(c).suit == led for c in form["cards"]):
                    note = "You must follow suit."
            return MoveForm(kind=kind, prompt="Play a card", verb="Play",
                            cards=self.sort_cards(form["cards"]), note=note)
        choices = tuple(MoveChoice(a, self.choice_label(a, view)) for a in form["choices"])
        prompt, verb, note = self.choice_prompt(kind, view, alone=len(forms) == 1)
        return MoveForm(kind=kind, prompt=prompt, verb=verb, choices=choices, note=note)

    def choice_label(self, action: str, view: dict | None) -> str:
        if action.startswith("declare ") and view is not None:
            var = VARIANTS[view["variant"]]
            return declare_label(action, view, self.side_of(var))
        return self.describe(action)

    def choice_prompt(self, kind: str, view: dict | None,
                      alone: bool = False) -> tuple[str, str, str | None]:
        """(prompt, verb, note) of a kind of choice (``alone``: the viewer's only move)."""
        best = ((view or {}).get("declaring") or {}).get("best")
        cat = (current_category(view) if view else None) or ""  # "": none yet
        if kind == "declare":
            if best:
                said = best["said"].split(" (")[0]
                value = best.get("value")
                said += f", {number_word(value)}" if value is not None else ""
                return f"Answer {text.seat(best['seat'])}'s {said}", "Declare", None
            what = {"point": "point", "sequence": "best sequence", "set": "best set"}
            return f"Declare your {what.get(cat, 'combination')}", "Declare", None
        if kind == "good":
            if best:
                said = best["said"].split(" (")[0]
                return f"Concede {text.seat(best['seat'])}'s {said}", "Good", None
            return "Concede", "Good", None
        if kind == "sink":
            if alone:
                noun = {"point": "point", "sequence": "sequence", "set": "set"}.get(cat, "")
                return f"You have no {noun} to declare", "Sink", None
            return f"Or sink the {TITLE.get(cat, 'category')}", "Sink", \
                "Declaring nothing: an opponent may still score."
        if kind == "bid":
            return "Bid", "Bid", ("Bid 8: take at least 8 of the 12 tricks; "
                                  "bid minus 8: take at most 4.")
        if kind == "keep":
            return "Or keep your hand", "Keep", None
        return kind.capitalize(), kind.capitalize(), None

    # --- the result --------------------------------------------------------------------------

    def result(self, view: dict, var: Variant) -> ResultScene | None:
        r = view.get("result")
        if not r:
            return None
        totals = r["totals"]
        lines: list[str] = []
        if var.name == "normand":
            for seat in sorted(range(var.players), key=lambda s: r["ranks"][s]):
                lines.append(f"{ordinal(r['ranks'][seat])} {text.seat(seat)} - "
                             f"{plural(totals[seat], 'point')}")
        elif r.get("drawn"):
            lines.append(f"The partie is drawn at {totals[0]} all.")
        else:
            win = r["winner_side"]
            lose = 1 - win if len(totals) == 2 else None
            hi = totals[win]
            lo = totals[lose] if lose is not None else 0
            verb = "win" if var.teams else "wins"
            what = "the game" if var.name == "au_cent" else "the partie"
            lines.append(f"{self.side_name(var, win)} {verb} {what}, {hi} to {lo}, "
                         f"worth {r['partie']}: {self.partie_rule(var, hi, lo)}.")
            assert lose is not None  # Piquet has two sides
            for side in (win, lose):
                sign = "+" if side == win else "-"
                each = " each" if var.teams else ""
                lines.append(f"{ordinal(1 if side == win else 2)} {self.side_name(var, side)}"
                             f" - {plural(totals[side], 'point')}, {sign}{r['partie']}{each}")
        details = tuple(self.deal_line(var, d) for d in r.get("deals") or [])
        return ResultScene(lines=tuple(lines), winners=tuple(r.get("winners") or ()),
                           details=details)

    @staticmethod
    def partie_rule(var: Variant, hi: int, lo: int) -> str:
        if var.rubicon is None:
            if lo < 50:
                return "the difference, doubled as the loser has less than 50"
            return "the difference"
        if lo >= var.rubicon:
            return f"the difference plus {var.rubicon}"
        return f"the loser is rubiconed (under {var.rubicon}): both totals plus {var.rubicon}"

    def deal_line(self, var: Variant, d: dict) -> str:
        parts = []
        for side, pts in enumerate(d["points"]):
            detail = d["detail"][side]
            items = ", ".join(f"{label} {detail[label]}" for label in DETAIL_ORDER
                              if detail.get(label))
            parts.append(f"{self.side_name(var, side)} {pts}" + (f" ({items})" if items else ""))
        return f"Deal {d['deal']}, dealt by {text.seat(d['dealer'])}: " + "; ".join(parts) + "."


__all__ = ["PiquetPresenter"]
