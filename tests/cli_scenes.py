"""Hand-made scenes for the terminal renderer's tests (no presenter needed)."""

from __future__ import annotations

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

NAMES = ["Alice", "Ada (AI, normal)"]


def piquet_declaring() -> Scene:
    hand = ("AC", "KC", "9C", "JD", "7H", "8H", "JH", "QH", "KH", "7S", "9S", "JS")
    return Scene(
        game="piquet", title="Piquet - Rubicon", phase="Declaring the point",
        headline=(Fact("Deal", "1 of 6"), Fact("Target", "100 points")),
        seats=(SeatScene(0, "Alice", roles=("dealer", "younger"), score="0",
                         facts=(Fact("Tricks", "0"),), hand_count=12, to_move=True),
               SeatScene(1, "Ada (AI, normal)", roles=("elder",), score="0",
                         facts=(Fact("Tricks", "0"),), hand_count=12,
                         status="exchanged 5")),
        centre=CentreScene(piles=(PileScene("Talon", face_down=0, note="all drawn"),),
                           lines=("{p1}: point of four.",)),
        events=("Deal 1: {p0} deals; {p1} is elder.", "{p1} exchanges 5.",
                "You discard {c:9C} {c:JC} and draw {c:9S} {c:JD}.", "{p1}: point of four."),
        to_move=0, viewer=0,
        hand=HandScene(
            cards=hand,
            groups=(("Clubs", hand[:3]), ("Diamonds", hand[3:4]), ("Hearts", hand[4:9]),
                    ("Spades", hand[9:])),
            lines=("You discarded {c:9C} {c:JC}.",),
            forms=(MoveForm("declare", "Answer {p1}'s point of four", "Say",
                            choices=(MoveChoice("good", "Good"),
                                     MoveChoice("declare point 5", "Not good (point of five)"),
                                     MoveChoice("declare point 4", "Equal"))),),
            your_turn=True),
        deal_no=1)


def piquet_exchange() -> Scene:
    base = piquet_declaring()
    cards = base.hand.cards
    form = MoveForm("discard", "Discard 1 to 5 cards and draw as many", "Discard",
                    cards=cards, low=1, high=5, confirm=True)
    return Scene(**{**base.__dict__, "phase": "The exchange",
                    "hand": HandScene(cards=cards, groups=base.hand.groups, forms=(form,),
                                      your_turn=True)})


def coins_trick() -> Scene:
    hand = ("KC", "4C", "AO", "7O", "JE", "2B")
    return Scene(
        game="coins", title="Coins", phase="Trick play",
        headline=(Fact("Target", "first to 15 coins wins"), Fact("Hand", "1")),
        seats=(SeatScene(0, "Alice", roles=("dealer",), score="0 coins",
                         facts=(Fact("Tricks", "0"),), hand_count=6, to_move=True),
               SeatScene(1, "Bo", score="1 coin", facts=(Fact("Tricks", "1"),), hand_count=5),
               SeatScene(2, "Cy", score="0 coins", facts=(Fact("Tricks", "0"),),
                         hand_count=5)),
        centre=CentreScene(
            trick=TrickScene("Trick 2 of 16", (Play(1, ("NO",)), Play(2, ("3E",)))),
            last_trick=TrickScene("Last trick", (Play(1, ("KC",)), Play(2, ("NO",)),
                                                 Play(0, ("JC",))), winner=1)),
        events=("{p1} takes the trick ({c:KC} {c:NO} {c:JC}), +1 coin.",),
        to_move=0, viewer=0,
        hand=HandScene(cards=hand, groups=(("Cups", hand[:2]), ("Coins", hand[2:4]),
                                           ("Swords", hand[4:5]), ("Clubs", hand[5:])),
                       forms=(MoveForm("play", "Play a card", "Play", cards=hand,
                                       note="Any card may be played."),),
                       your_turn=True),
        legend=(Fact("Suit cycle", "Cups > Coins > Swords > Clubs > Cups"),
                Fact("Suit letters", "C Cups, O Coins, E Swords, B Clubs")),
        deal_no=1)


def coins_over() -> Scene:
    base = coins_trick()
    return Scene(**{**base.__dict__, "phase": "Game over", "hand": None, "viewer": None,
                    "to_move": None,
                    "result": ResultScene(lines=("1st {p1} - 15 coins", "2nd {p0} - 9 coins",
                                                 "3rd {p2} - 4 coins"), winners=(1,))})
