"""Thirteens: 3-6 players, 54 cards, a turned trump, tricks scored for combinations.

``trump`` and ``trump_card`` make one headline ("Spades (turned 10♠)");
``undealt`` is a centre sentence; ``hand_points`` and ``last_hand`` are seat
facts (the last hand's only until this hand's first trick); ``thirteen_value``
is in the scoring legend.  Left out: ``leader`` (the trick shows it) and
``phase`` (only trick play).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.i18n import N_
from bot.present import text
from bot.present.base import TRICK_FIELDS, Presenter, game_title, signed
from bot.present.scene import CentreScene, Fact, Scene
from bot.present.you import SHARED, YouForms
from games.thirteens.engine import hand_size, led_suit, thirteens_winner
from games.thirteens.scoring import JOKER_PENALTY, NO_TRICK_PENALTY
from rules.cards import SUIT_LETTER

SUIT_BY_LETTER = {SUIT_LETTER[s]: s for s in range(4)}


# Thirteens's acts told to the viewer in the second person (bot/present/you.py): the
# engine's message id -> the act told to its actor; a message naming several seats -> a
# form for each set of roles the viewer holds in it.  Marked for the catalogs.
YOU = YouForms(
    you={
        "{who} takes the trick ({cards}): {why}.": N_("You take the trick ({cards}): {why}."),
        "{who} wins with {n} points.": N_("You win with {n} points."),
        "{who} took no trick this hand: {n}.": N_("You took no trick this hand: {n}."),
    },
    roles={
        "Hand {n}: {dealer} deals {k} cards each and turns {card} ({trumps}); {first} leads.": {
            ("dealer",): N_("Hand {n}: you deal {k} cards each and turn {card} ({trumps}); "
                            "{first} leads."),
            ("first",): N_("Hand {n}: {dealer} deals {k} cards each and turns {card} ({trumps}); "
                           "you lead."),
        },
    },
) + SHARED


class ThirteensPresenter(Presenter):
    game = "thirteens"
    you_forms = YOU   # its acts told to you: "You ..."
    fields = TRICK_FIELDS | {"phase", "dealer", "hand_no", "target", "thirteen_value",
                             "trump_card", "trump", "undealt", "scores", "hand_points",
                             "last_hand"}

    def _cards(self, plays: Sequence) -> list[list[int]]:
        return [[int(s), int(self.deck.parse_card(c))] for s, c in plays]

    def _trump(self, view: dict) -> int | None:
        return None if view["trump"] is None else SUIT_BY_LETTER[view["trump"]]

    def trick_winner(self, view: dict, plays: Sequence) -> int | None:
        return thirteens_winner(self._cards(plays), self._trump(view))

    def scene(self, view: dict, names: Sequence[str], *, forms: Sequence[dict] = (),
              legal: Sequence[str] = (), recent: int = 8) -> Scene:
        _ = self._
        n, over = view["players"], bool(view["over"])
        trump = self._trump(view)
        turned = text.card(view["trump_card"])
        trump_words = (_("{suit} (turned {card})", suit=self.suit(trump, capital=True),
                         card=turned) if trump is not None
                       else _("none this hand (turned {card}, a joker)", card=turned))
        headline = (Fact(_("Target"), _("{points}, checked at the end of each hand",
                                        points=self.units(view["target"], "point"))),
                    Fact(_("Hand"), str(view["hand_no"])),
                    Fact(_("Trumps"), trump_words, keep=True))
        played = self.tricks_played(view)
        seats = tuple(self._seat(view, names, i, played) for i in range(n))
        trick, last = self.trick_centre(view, hand_size(n))
        lines = []
        if not over:
            left = view["undealt"]
            lines.append(self.lang.n_("Besides the turned card, {n} card lies face down, out "
                                      "of play.", "Besides the turned card, {n} cards lie face "
                                      "down, out of play.", left))
            lines += self._trick_lines(view)
        centre = CentreScene(trick=None if over else trick, last_trick=last, lines=tuple(lines))
        result = None
        if over:
            result = replace(self.ranked_lines(view["result"],
                                               [self.units(s, "point") for s in view["scores"]]),
                             details=(_("The game lasted {hands}.",
                                        hands=self.units(view["hand_no"], "hand")),))
        hand = None
        if view["seat"] is not None:
            hand = self.hand(view, forms, legal)
            if view["trick"] and hand.forms:
                led = led_suit(self._cards(view["trick"]))
                note = self.follow_note(led, len(hand.forms[0].cards), len(view["hand"]))
                hand = replace(hand, forms=(replace(hand.forms[0], note=note),))
        return Scene(game=self.game, title=game_title(self.engine.title, self.lang),
                     phase=_("Game over") if over else _("Trick play"), headline=headline,
                     seats=seats, centre=centre, events=self.events(view, recent),
                     to_move=view["current_seat"], viewer=view["seat"], hand=hand,
                     result=result, deal_no=view["deal_no"], legend=self._legend(view))

    def _seat(self, view: dict, names: Sequence[str], i: int, played: int):
        _ = self._
        tricks = view["tricks"][i]
        facts = [Fact(_("Tricks"), str(tricks)),
                 Fact(_("This hand"), signed(view["hand_points"][i]))]
        if view["last_hand"] is not None and played == 0:
            # Between hands the points just scored matter more than this hand's zero.
            facts[1] = Fact(_("Last hand"), signed(view["last_hand"][i]))
        status = None
        if not view["over"] and played and tricks == 0:
            status = _("no trick yet")
        if view["over"] and i in view["result"]["winners"]:
            status = _("winner")
        return self.seat_scene(view, names, i, score=self.units(view["scores"][i], "point"),
                               facts=facts, status=status)

    def _trick_lines(self, view: dict) -> list[str]:
        """What decides the trick in progress: the suit to follow and whether trumps count."""
        plays = self._cards(view["trick"])
        if not plays:
            return []
        led = led_suit(plays)
        jokers = sum(1 for _, c in plays if c >> 4 not in range(4))
        _ = self._
        if led is None:
            lines = [_("A joker was led: the first ordinary card sets the suit to follow.")]
        else:
            lines = [_("{suit} led.", suit=self.suit(led, capital=True))]
        if jokers and self._trump(view) is not None:
            lines.append(_("A joker is in this trick, so trumps have no power in it."))
        return lines

    def _legend(self, view: dict) -> tuple[Fact, ...]:
        _ = self._
        value = view["thirteen_value"]
        return (
            Fact(_("Counting values"), _("A 1, J 2, Q 3, K 4, 2 to 10 at face value; "
                                         "jokers count nothing")),
            Fact(_("Scoring a trick"), _("+1 for the trick, +{value} for each thirteen "
                                         "(cards counting 13), +1 for each pair, +1 for each "
                                         "run of three, -{joker} for each joker",
                                         value=value, joker=JOKER_PENALTY)),
            Fact(_("No trick in a hand"), f"-{NO_TRICK_PENALTY}"),
        )
