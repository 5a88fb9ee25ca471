"""Coins: three players, the Spanish deck, no duty to follow, a suit cycle.

Every view field is shown in words except ``leader`` (the trick shows who led)
and ``phase`` (Coins has only trick play).  The legend carries the suit cycle,
the suit letters and the rank letters the rules text uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import N_, Lang
from bot.present.base import TRICK_FIELDS, Presenter, game_title, suit_name
from bot.present.scene import CentreScene, Fact, MoveForm, Scene
from bot.present.you import SHARED, YouForms
from games.coins.engine import BEATS, coins_winner
from rules.cards import BASTOS, COPAS, ESPADAS, OROS, SUIT_LETTER, SUIT_SYMBOL

HAND_TRICKS = 16
# The cycle from Cups round to Cups (each suit beats the next); hands are sorted this way.
CYCLE = (COPAS, OROS, ESPADAS, BASTOS)
assert all(BEATS[a] == b for a, b in zip(CYCLE, CYCLE[1:] + CYCLE[:1], strict=True))


def _suit(s: int, lang: Lang) -> str:
    return f"{SUIT_SYMBOL[s]} {suit_name(s, capital=True, lang=lang)}"


def legend(lang: Lang) -> tuple[Fact, ...]:
    _ = lang.gettext
    cycle = " > ".join(_suit(s, lang) for s in CYCLE + CYCLE[:1])
    return (
        Fact(_("Suit cycle"), _("{cycle} (each suit beats the next)", cycle=cycle)),
        Fact(_("Suit letters"), ", ".join(f"{SUIT_LETTER[s]} {_suit(s, lang)}" for s in CYCLE)),
        Fact(_("Ranks"), _("A ace, K king, N knight, J knave, then 9 down to 2")),
        Fact(_("Who takes a trick"), _("with three suits, the suit the missing one beats; "
                                       "with two or three of one suit, the highest of that "
                                       "suit")),
    )


# Coins's acts told to the viewer in the second person (bot/present/you.py): the
# engine's message id -> the act told to its actor; a message naming several seats -> a
# form for each set of roles the viewer holds in it.  Marked for the catalogs.
YOU = YouForms(
    you={
        "{who} takes the trick ({cards}), +{n}.": N_("You take the trick ({cards}), +{n}."),
        "{who} reaches {n} and wins the game.": N_("You reach {n} and win the game."),
    },
    roles={
        "Hand {n}: {dealer} deals; {first} leads.": {
            ("dealer",): N_("Hand {n}: you deal; {first} leads."),
            ("first",): N_("Hand {n}: {dealer} deals; you lead."),
        },
    },
) + SHARED


class CoinsPresenter(Presenter):
    game = "coins"
    you_forms = YOU   # its acts told to you: "You ..."
    fields = TRICK_FIELDS | {"phase", "scores", "target", "dealer", "hand_no"}
    suit_order = CYCLE

    def trick_winner(self, view: dict, plays: Sequence) -> int | None:
        return coins_winner([[int(s), int(self.deck.parse_card(c))] for s, c in plays])

    def scene(self, view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
              legal: Sequence[str] = (), recent: int = 8) -> Scene:
        _ = self._
        over = bool(view["over"])
        scores = view["scores"]
        winner = view["result"]["winner"] if over else None
        seats = tuple(
            self.seat_scene(view, names, i, score=self.units(scores[i], "coin"),
                            facts=[Fact(_("Tricks"), str(view["tricks"][i]))],
                            status=_("winner") if i == winner else None)
            for i in range(view["players"]))
        trick, last = self.trick_centre(view, HAND_TRICKS)
        centre = CentreScene(trick=None if over else trick, last_trick=last)
        headline = (Fact(_("Target"), _("first to {coins} wins",
                                        coins=self.units(view["target"], "coin"))),
                    Fact(_("Hand"), str(view["hand_no"])))
        result = None
        if over:
            result = self.ranked_lines(view["result"], [self.units(s, "coin") for s in scores])
        hand = self.hand(view, forms, legal) if view["seat"] is not None else None
        return Scene(game=self.game, title=game_title(self.engine.title, self.lang),
                     phase=_("Game over") if over else _("Trick play"), headline=headline,
                     seats=seats, centre=centre, events=self.events(view, recent),
                     to_move=view["current_seat"], viewer=view["seat"], hand=hand,
                     result=result, deal_no=view["deal_no"], legend=legend(self.lang))

    def form(self, form: dict, legal: Sequence[str]) -> MoveForm:
        f = super().form(form, legal)
        if form["kind"] == "play":
            return replace(f, note=self._("Any card may be played: there is no duty to follow "
                                          "suit."))
        return f
