"""The Discord renderers over hand-made scenes: board, hand panel, Confirm step, DM text.

Messages are serialised exactly as discord.py sends them and checked with the
fake Discord's limit checks, so a layout Discord would refuse fails here.
"""

from __future__ import annotations

from typing import Any

from bot.core import SeatInfo, TableInfo
from bot.discordbot import scene_view
from bot.discordbot.ui import board, panel
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
from rules.actions import act
from rules.cards import PIQUET_32
from tests.fakediscord.limits import FLAG_COMPONENTS_V2, check_message, walk_components
from tests.fakediscord.recorder import message_text

CHANNEL = 4242


def table(game: str = "piquet", title: str = "Piquet", move: int = 17,
          names: tuple[str, ...] = ("Alice", "Dave"), current: int | None = 1) -> TableInfo:
    seats = tuple(SeatInfo(i, n, 100 + i, "human", None, 0, False) for i, n in enumerate(names))
    return TableInfo(table_id=3, channel_id=CHANNEL, guild_id=1, game=game, title=title,
                     options={}, turn_seconds=60, keep_order=False, stand_in=None,
                     status="playing", host_id=100, host_name="Alice", seats=seats,
                     player_counts=(2,), move=move, current_seat=current,
                     deadline=1_900_000_000.0, created=0.0)


def piquet_scene(viewer: int | None = None, forms: tuple[MoveForm, ...] = ()) -> Scene:
    hand = None
    if viewer is not None:
        hand = HandScene(cards=("AS", "KS", "10H", "7C"),
                         groups=(("Spades", ("AS", "KS")), ("Hearts", ("10H",)),
                                 ("Clubs", ("7C",))),
                         lines=("You discarded {c:8C}.",), forms=forms, your_turn=bool(forms))
    return Scene(
        game="piquet", title="Piquet - Au cent", phase="Trick play",
        headline=(Fact("Target", "100 points"), Fact("Deal", "1"),
                  Fact("Sides", "{p0} against {p1}")),
        seats=(SeatScene(0, "Alice", roles=("dealer", "younger"), score="3",
                         facts=(Fact("Tricks", "3"),), hand_count=8),
               SeatScene(1, "Dave", roles=("elder",), score="97", facts=(Fact("Tricks", "1"),),
                         hand_count=8, to_move=True, status="to play")),
        centre=CentreScene(
            trick=TrickScene("Trick 5", (Play(0, ("QD",)),)),
            last_trick=TrickScene("Last trick", (Play(0, ("8D",)), Play(1, ("7H",))), winner=0),
            piles=(PileScene("Talon", face_down=3, note="left after the exchange"),
                   PileScene("Stock", face_down=68, note="68 cards")),
            lines=("{p1}: point of six - good",)),
        events=("{p1} leads {c:9C}, {p0} plays {c:8C}: {p1} wins.",
                "{p0} leads {c:QD}."),
        to_move=1, viewer=viewer, hand=hand, deal_no=1)


def payload(view) -> dict[str, Any]:
    """What discord.py puts on the wire for this layout."""
    return {"flags": FLAG_COMPONENTS_V2, "components": view.to_components()}


def texts(view) -> str:
    return message_text(payload(view))


def ids_of(view) -> list[str]:
    return [c["custom_id"] for c in walk_components(view.to_components()) if c.get("custom_id")]


def test_board_reads_as_a_table() -> None:
    shown = board.draw_game(table(), piquet_scene())
    body = payload(shown.view)
    assert check_message(body) == []
    text = texts(shown.view)
    assert "Piquet - Au cent · table #3" in text
    assert "*Trick play* · Target **100 points** · Deal **1** · Sides **Alice against Dave**" \
        in text
    assert "▶ **Dave** (elder) — score **97** · Tricks **1** · 8 cards · *to play*" in text
    assert "**Alice** (dealer, younger) — score **3**" in text
    assert "**Trick 5**: **Alice** Q♦" in text
    assert "**Last trick**: **Alice** 8♦ · **Dave** 7♥ — won by **Alice**" in text
    assert "**Talon**: 3 cards face down — left after the exchange" in text
    assert "**Stock**: 68 cards face down\n" in text     # a note repeating the count: once
    assert "**Dave**: point of six - good" in text
    assert "• **Dave** leads 9♣, **Alice** plays 8♣: **Dave** wins." in text
    assert "It's **Dave**'s turn. Time runs out <t:1900000000:R>." in text
    assert ids_of(shown.view) == [f"pl:hand:{CHANNEL}", "pl:rules:piquet:0"]
    assert "{p" not in text and "{c:" not in text


def test_count_button_comes_from_the_view() -> None:
    """The board offers Count whenever the public view says someone may ask (the
    engine contract's ``count_askable``), for any game: no list of games."""
    shown = board.draw_game(table(), piquet_scene(), {"count_askable": True})
    assert f"pl:count:{CHANNEL}" in ids_of(shown.view)
    assert check_message(payload(shown.view)) == []
    quiet = board.draw_game(table(), piquet_scene(), {"count_askable": False})
    assert f"pl:count:{CHANNEL}" not in ids_of(quiet.view)


def test_names_are_shown_literally() -> None:
    info = table(names=("**Bo**_ld", "@everyone"))
    scene = piquet_scene()
    scene = Scene(**{**scene.__dict__, "seats": tuple(
        SeatScene(s.index, info.seats[s.index].name, to_move=s.to_move) for s in scene.seats)})
    text = texts(board.draw_game(info, scene).view)
    assert r"**\*\*Bo\*\*\_ld**" in text and "@\u200beveryone" in text


def test_board_blocks_stay_within_discord_limits() -> None:
    long = "{p0} says something long " * 60
    scene = piquet_scene()
    seats = tuple(SeatScene(s.index, s.name, roles=(long,), facts=(Fact(long, long),))
                  for s in scene.seats)
    scene = Scene(**{**scene.__dict__, "events": (long,) * 12, "seats": seats,
                     "headline": (Fact(long, long),) * 3, "legend": (Fact(long, long),) * 4,
                     "centre": CentreScene(lines=(long,) * 10)})
    body = payload(board.draw_game(table(), scene).view)
    assert check_message(body) == []


def test_panel_shows_the_hand_by_suit_and_the_moves() -> None:
    forms = (MoveForm("play", "Play a card", "Play", cards=("7C", "10H", "AS", "KS"),
                      note="Any card may be played"),)
    play_as = act("play", PIQUET_32.parse_card("AS"))
    view = panel.draw(table(), 1, piquet_scene(viewer=1, forms=forms), [play_as],
                      note="✅ Your move: **Good**.", describe=str)
    assert check_message(payload(view)) == []
    text = texts(view)
    assert "### Your hand · Piquet - Au cent\n✅ Your move: **Good**." in text
    assert "**Spades** A♠ K♠\n**Hearts** 10♥\n**Clubs** 7♣" in text
    assert "You discarded 8♣." in text
    assert "▶ **Your turn**: Play a card. Any card may be played. Choose below, or type " \
        "`/play`." in text
    comps = list(walk_components(view.to_components()))
    select = next(c for c in comps if c.get("type") == 3)
    assert select["custom_id"] == f"pl:c:{CHANNEL}:17:0:play"
    assert [o["label"] for o in select["options"]] == ["A♠", "K♠", "10♥", "7♣"]
    assert select["options"][0]["description"] == "Ace of spades"
    assert ids_of(view)[-1] == f"pl:hand:{CHANNEL}"   # Refresh


def test_labels_are_plain_text() -> None:
    forms = (MoveForm("give", "Give {p0} a card face down", "Give", cards=("AS", "KS")),
             MoveForm("good", "Answer", "Answer", choices=(
                 MoveChoice("good", "Concede {p0}'s point"),)))
    view = panel.draw(table(), 1, piquet_scene(viewer=1, forms=forms), [], describe=str)
    comps = list(walk_components(view.to_components()))
    assert next(c for c in comps if c["type"] == 3)["placeholder"] == "Give Alice a card face down"
    assert next(c for c in comps if c["type"] == 2)["label"] == "Concede Alice's point"


def test_panel_buttons_say_what_players_say() -> None:
    forms = (MoveForm("good", "Answer", "Answer", choices=(
        MoveChoice("good", "Good"), MoveChoice("not_good", "Not good"),
        MoveChoice("equal", "Equal"))),
        MoveForm("sink", "Sink", "Sink", choices=(MoveChoice("sink point", "Sink the point"),)))
    view = panel.draw(table(), 1, piquet_scene(viewer=1, forms=forms), [], describe=str)
    buttons = [c for c in walk_components(view.to_components()) if c.get("type") == 2]
    assert [b["label"] for b in buttons] == ["Good", "Not good", "Equal", "Sink the point",
                                             "Refresh"]
    rows = [c for c in view.to_components()[0]["components"] if c["type"] == 1]
    assert len(rows[0]["components"]) == 4   # both short forms share one row
    assert buttons[3]["custom_id"] == f"pl:do:{CHANNEL}:17:sink point"


def test_multi_card_choice_goes_through_confirm() -> None:
    forms = (MoveForm("discard", "Discard 1 to 3 cards", "Discard",
                      cards=("AS", "KS", "10H", "7C"), low=1, high=3, confirm=True),)
    scene = piquet_scene(viewer=1, forms=forms)
    view = panel.draw(table(), 1, scene, [], describe=str)
    select = next(c for c in walk_components(view.to_components()) if c.get("type") == 3)
    assert select["custom_id"] == f"pl:cc:{CHANNEL}:17:0:discard"
    assert (select["min_values"], select["max_values"]) == (1, 3)

    def describe(action: str) -> str:
        kind, *cards = action.split()
        return kind.capitalize() + " " + " ".join("{c:" + c + "}" for c in cards)

    card = PIQUET_32.parse_card
    legal = [act("discard", card("7C"), card("10H"))]
    pending = panel.draw(table(), 1, scene, legal, pending="discard 10H 7C", describe=describe)
    assert check_message(payload(pending)) == []
    text = texts(pending)
    assert "You chose 10♥ 7♣.\n**Discard 10♥ 7♣** — press **Confirm**" in text
    buttons = [c for c in walk_components(pending.to_components()) if c.get("type") == 2]
    assert [(b["label"], b["custom_id"]) for b in buttons] == [
        ("Confirm", f"pl:do:{CHANNEL}:17:discard 10H 7C"), ("Change", f"pl:hand:{CHANNEL}")]
    assert not [c for c in walk_components(pending.to_components()) if c.get("type") == 3]


def test_few_whole_moves_are_offered_whole_and_confirmed() -> None:
    forms = (MoveForm("beat", "Beat with two cards", "Beat", cards=("AS", "KS", "10H"),
                      low=2, high=2, confirm=True),)
    card = PIQUET_32.parse_card
    legal = [act("beat", card("AS"), card("KS")), act("beat", card("AS"), card("10H"))]
    view = panel.draw(table(), 1, piquet_scene(viewer=1, forms=forms), legal,
                      describe=lambda a: "Beat with " + a[5:])
    select = next(c for c in walk_components(view.to_components()) if c.get("type") == 3)
    assert select["custom_id"] == f"pl:pc:{CHANNEL}:17:0"
    assert [(o["label"], o["value"]) for o in select["options"]] == [
        ("Beat with AS KS", "beat AS KS"), ("Beat with AS 10H", "beat AS 10H")]


def test_too_many_moves_point_to_play() -> None:
    forms = tuple(MoveForm(f"k{i}", f"Form {i}", "Do", choices=tuple(
        MoveChoice(f"k{i} {j}", f"Choice {j}") for j in range(30))) for i in range(6))
    view = panel.draw(table(), 1, piquet_scene(viewer=1, forms=forms), [], describe=str)
    assert check_message(payload(view)) == []
    assert panel.MORE in texts(view)


def test_waiting_panel_and_game_over_message() -> None:
    view = panel.draw(table(current=0), 1, Scene(**{**piquet_scene(viewer=1).__dict__,
                                                    "to_move": 0}), [], describe=str)
    assert "⏳ Waiting for **Alice**." in texts(view)
    assert check_message(payload(panel.message("This game is over."))) == []


def test_game_over_board_and_dm_text() -> None:
    scene = Scene(**{**piquet_scene().__dict__, "to_move": None,
                     "result": ResultScene(lines=("1st {p1} - 182", "2nd {p0} - -182"),
                                           winners=(1,))})
    assert "1st **Dave** - 182" in "\n".join(scene_view.result(scene,
                                                               scene_view.Writer.for_scene(scene)))
    dm = scene_view.dm_text(piquet_scene(viewer=0), "Piquet", CHANNEL, 1, 3, 0)
    assert dm.startswith(f"🂠 Your hand in **Piquet - Au cent** at <#{CHANNEL}> (deal 1):\n"
                         "**Spades** A♠ K♠")
    assert "You discarded 8♣." in dm


def test_panel_blocks_stay_within_discord_limits() -> None:
    long = "{p0} says something long " * 60
    forms = (MoveForm("play", long, "Play", cards=("AS", "KS"), note=long),)
    scene = piquet_scene(viewer=1, forms=forms)
    hand = HandScene(cards=scene.hand.cards, groups=scene.hand.groups, lines=(long,) * 5,
                     forms=forms, your_turn=True)
    scene = Scene(**{**scene.__dict__, "events": (long,) * 12, "hand": hand,
                     "headline": (Fact(long, long),) * 3,
                     "centre": CentreScene(lines=(long,) * 10)})
    view = panel.draw(table(), 1, scene, [], note=long, describe=str)
    assert check_message(payload(view)) == []
