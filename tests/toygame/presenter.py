"""Duel's presenter: the view in words (every field shown or left out on purpose)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import N_
from bot.present.base import TRICK_FIELDS, Presenter, game_title
from bot.present.scene import CentreScene, Fact, Scene
from bot.present.you import SHARED, YouForms
from rules.tricks import highest_card

from .engine import HAND

# Duel's acts told to you (its own words: the catalogs in locale/ translate them).
YOU = YouForms(you={"{who} wins the duel.": N_("You win the duel.")},
               roles={"Hand {n}: {dealer} deals; {first} leads.": {
                   ("dealer",): N_("Hand {n}: you deal; {first} leads."),
                   ("first",): N_("Hand {n}: {dealer} deals; you lead.")}}) + SHARED


class DuelPresenter(Presenter):
    game = "duel"
    you_forms = YOU
    fields = TRICK_FIELDS | {"scores", "target", "dealer", "hand_no"}

    def trick_winner(self, view: dict, plays: Sequence) -> int | None:
        trick = [[int(s), int(self.deck.parse_card(c))] for s, c in plays]
        return highest_card(trick, trick[0][1] >> 4, None)

    def scene(self, view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
              legal: Sequence[str] = (), recent: int = 8) -> Scene:
        _ = self._
        over = bool(view["over"])
        scores = view["scores"]
        winner = view["result"]["winner"] if over else None
        seats = tuple(self.seat_scene(view, names, i, score=self.units(scores[i], "trick"),
                                      status=_("winner") if i == winner else None)
                      for i in range(view["players"]))
        trick, last = self.trick_centre(view, HAND)
        held = len(view.get("hand") or ())
        offered = len(forms[0]["cards"]) if forms and "cards" in forms[0] else held
        note = self.follow_note(int(self.deck.parse_card(view["trick"][0][1]).suit)
                                if view["trick"] else None, offered, held)
        result = (self.ranked_lines(view["result"], [self.units(s, "trick") for s in scores])
                  if over else None)
        return Scene(game=self.game, title=game_title(self.engine.title, self.lang),
                     phase=_("Game over") if over else _("Trick play"),
                     headline=(Fact(_("Target"), self.units(view["target"], "trick")),
                               Fact(_("Hand"), str(view["hand_no"]))),
                     seats=seats, centre=CentreScene(trick=None if over else trick,
                                                     last_trick=last),
                     events=self.events(view, recent), to_move=view["current_seat"],
                     viewer=view["seat"],
                     hand=(self.hand(view, forms, legal, [note] if note else [])
                           if view["seat"] is not None else None),
                     result=result, deal_no=view["deal_no"])
