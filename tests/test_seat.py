"""The seat (``bot/seat.py``): what a person sees at a place and may do, and what became of a
move - the same for a table and the daily deal, and for every transport.

* every transport offers exactly the engine's legal moves, for seeded random positions of
  every game (the Discord panel's controls and the terminal's move list);
* each ``Outcome`` (made, moved on, not legal with the reason, elsewhere) at a table and
  at the daily deal, with the place unchanged by every move that is not made;
* each outcome through the fake Discord and through the terminal.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

import pytest

from bot import plugins
from bot.cli import daily as cli_daily
from bot.cli.moves import Moves
from bot.cli.play import LOCAL_USER, move_reader
from bot.cli.table_view import Style, TableView
from bot.core import Core, CoreConfig, ManualClock, TableError
from bot.discordbot import ids
from bot.discordbot.transport import replies
from bot.discordbot.transport.replies import SORRY
from bot.discordbot.ui.controls import Controls
from bot.discordbot.ui.panel import plan_controls
from bot.i18n import lang_for
from bot.present import presenter_for, seat_scene
from bot.present.messages import said
from bot.seat import (
    DailyKey,
    DailyPlace,
    Result,
    TableKey,
    TablePlace,
    act_on,
    check_on,
)
from rules.actions import Action
from tests.backends import db_for
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import panel_control, parlour_bot
from tests.test_core_helpers import HOST, make_table, running_core
from tests.test_discord_robustness import coins_table, forge, warned

NAMES = ("Ada", "Ben", "Cleo", "Dev", "Edith", "Finn")
START = 1_780_000_000.0   # a moment in 2026


def _positions(game: str, seed: int, count: int):
    """``count`` seeded random positions of ``game`` (new games when one ends)."""
    plugin = plugins.get(game)
    rng = random.Random(seed)
    state = plugin.game.new_state(plugin.players, {}, seed=seed)
    for _ in range(count):
        steps = rng.randrange(0, 40)
        for _ in range(steps):
            if state.is_over:
                state = plugin.game.new_state(plugin.players, {}, seed=rng.getrandbits(40))
            seat = state.current_seat
            assert seat is not None
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if not state.is_over:
            yield state


def _panel_offers(scene, legal: Sequence[Action]) -> tuple[set[str], list, bool]:
    """The whole moves a panel's controls offer, its card selects, and whether some
    did not fit (the panel then says to type the move)."""
    forms = scene.hand.forms if scene.hand else ()
    describe = presenter_for(scene.game, "en").describe
    plan = plan_controls(forms, legal, lambda text: text, describe)
    whole = {v for c in plan.controls if c.kind in ("buttons", "moves") for v in c.values}
    return whole, [c for c in plan.controls if c.kind == "cards"], plan.more


@pytest.mark.parametrize("game", sorted(plugins.names()))
def test_every_transport_offers_the_engines_legal_moves(game: str) -> None:
    positions = 0
    for seed in (1, 2, 3):
        for state in _positions(game, seed, 12):
            seat = state.current_seat
            assert seat is not None
            engine = [str(a) for a in state.legal_actions(seat)]
            scene, moves = seat_scene(state, seat, NAMES)
            assert [str(m) for m in moves] == engine and all(isinstance(m, Action)
                                                             for m in moves)
            # Nothing for a seat whose turn it is not, nor for the AI's seat.
            other = (seat + 1) % len(scene.seats)
            assert seat_scene(state, other, NAMES)[1] == ()
            assert seat_scene(state, seat, NAMES, moving=False)[1] == ()
            # Discord: every button and whole-move option is legal; every legal move is a
            # button or option, or its cards can be picked in one card select of its kind.
            whole, selects, more = _panel_offers(scene, moves)
            assert whole <= set(engine), whole - set(engine)
            for move in engine if not more else ():
                kind, *cards = move.split()
                assert move in whole or any(
                    c.move_kind == kind and c.low <= len(cards) <= c.high
                    and set(cards) <= {v.split(".")[0] for v in c.values}
                    for c in selects), move
            # The terminal: every numbered move is legal, and every legal move typed as
            # the engine writes it is read back as itself.
            table = TableView(game, NAMES[:len(scene.seats)], Style(), 100)
            reader = move_reader(plugins.engine(game), state.options)
            typed = Moves(scene.hand.forms if scene.hand else (), moves,
                          presenter_for(game, "en").describe, table,
                          scene.hand.cards if scene.hand else (), reader)
            assert {e.action for e in typed.numbered} <= set(engine)
            for move in engine:
                assert typed.resolve(move).action is not None, move
                assert reader(typed.resolve(move).action or "") == move
            positions += 1
    assert positions >= 12


# --- the outcomes at a table ---------------------------------------------------------------


async def test_a_table_place_scene_and_each_outcome(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        core = env.core
        await make_table(core, "coins", [HOST], ["easy", "easy"], channel=1)
        place = TablePlace(core, 1)
        assert place.key == TableKey(1) and place.reaches(1) and not place.reaches(2)
        seen = await place.scene(HOST, lang_for("en"))
        info = core.table(1)
        assert info is not None and seen.version == info.move and seen.seat == 0
        assert [str(m) for m in seen.moves] == core.legal_actions(1, HOST)
        assert seen.names[0] == "Alice" and "(AI, easy)" in seen.names[1]
        move = seen.moves[0]
        before = core.private_view(1, HOST)
        # Stale, elsewhere, not legal: refused with what to say, the table unchanged.
        stale = await place.act(HOST, move, seen.version + 3)
        assert stale.result is Result.MOVED_ON and stale.version == seen.version
        away = await place.act(HOST, move, seen.version, here=2)
        assert away.result is Result.ELSEWHERE
        hand = before["hand"]
        missing = next(f"play {c}" for c in ("2O", "3O", "4O", "KO", "AO") if c not in hand)
        wrong = await act_on(place, HOST, missing, seen.version)
        assert wrong.result is Result.NOT_LEGAL and wrong.reason
        assert said(wrong.reason, lang_for("pl")) != str(wrong.reason)   # worded in Polish
        garbage = await act_on(place, HOST, "xyzzy", seen.version)
        assert garbage.result is Result.NOT_LEGAL and garbage.reason
        assert await check_on(place, HOST, missing, seen.version) != (None, None)
        assert core.private_view(1, HOST) == before and core.table(1).move == seen.version
        # A checked move would be made; made, it says what it was.
        assert await place.check(HOST, move, seen.version) is None
        made = await place.act(HOST, move, seen.version)
        assert made.made and made.action == move and made.game == "coins"
        assert made.version is not None and made.version > seen.version
        # The same click again is stale now.
        again = await place.act(HOST, move, seen.version)
        assert again.result is Result.MOVED_ON
        # Not seated, no table: refusals, not outcomes.
        with pytest.raises(TableError):
            await place.scene(999)
        with pytest.raises(TableError):
            await TablePlace(core, 77).scene(HOST)


# --- the outcomes at the daily deal --------------------------------------------------------


async def _daily_core(tmp_path) -> Core:
    core = Core(CoreConfig(db_path=db_for(tmp_path / "d.db"), ai_executor="inline",
                           ai_delay=0, daily_ai_level="easy", daily_par_level="easy"),
                clock=ManualClock(start=START))
    await core.start()
    return core


async def test_a_daily_place_scene_and_each_outcome(tmp_path) -> None:
    core = await _daily_core(tmp_path)
    try:
        attempt = await core.daily.start("pinkerton", HOST, "Alice")
        place = DailyPlace(core.daily, "pinkerton", attempt.day)
        assert place.key == DailyKey("pinkerton", attempt.day) and place.reaches(None)
        seen = await place.scene(HOST)
        assert seen.version == attempt.moves and seen.info.channel_id == 0
        assert [str(m) for m in seen.moves] == attempt.legal_actions()
        move = seen.moves[0]
        stale = await place.act(HOST, move, seen.version + 1)
        assert stale.result is Result.MOVED_ON
        wrong = await act_on(place, HOST, "play 2X", seen.version)
        assert wrong.result is Result.NOT_LEGAL and wrong.reason
        legal = set(attempt.legal_actions())
        other = next(str(a) for a in attempt.state.legal_actions(attempt.seat)
                     if str(a) in legal)
        read, outcome = await check_on(place, HOST, other, seen.version)
        assert outcome is None and str(read) == other
        unchanged = await place.attempt(HOST)
        assert unchanged.moves == attempt.moves and unchanged.state.to_json() == \
            attempt.state.to_json()
        made = await place.act(HOST, move, seen.version)
        assert made.made and made.action == move and made.version > seen.version
        # Another user has no attempt here: a refusal in their words.
        with pytest.raises(TableError) as refused:
            await place.scene(HOST + 1)
        assert said(refused.value, lang_for("ru")) != said(refused.value, lang_for("en"))
        # The daily deal is named at the edge by a number, read back into its key.
        assert ids.place_key(ids.field(place.key)) == place.key
        assert ids.place_key(12345) == TableKey(12345)
    finally:
        await core.stop()


# --- through the terminal ------------------------------------------------------------------


class _Lines:
    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    async def get(self) -> str | None:
        return self.lines.pop(0) if self.lines else None


async def test_each_outcome_through_the_terminal(tmp_path) -> None:
    core = await _daily_core(tmp_path)
    try:
        lang = lang_for("en")
        old = await core.daily.start("pinkerton", LOCAL_USER, "Alice")
        names = list(old.names)
        table = TableView("pinkerton", names, Style(), 100, lang)
        said_lines: list[str] = []

        def say(text: str = "", end: str = "\n") -> None:
            said_lines.append(text)

        # Not legal, then made: the reason and the way to help, then the move.
        first = old.legal_actions()[0]
        kind = first.split()[0]
        hand = old.view()["hand"]
        absent = next(f"{kind} {c}" for c in ("3H", "4H", "KS", "QD", "8C") if c not in hand)
        moved = await cli_daily._turn(core, old, _Lines(absent, first), say, table, lang)
        assert moved is not None and moved.moves > old.moves
        assert any("Type help to see your moves." in line for line in said_lines)
        # Moved on: a screen drawn for the earlier position takes no move, says so and
        # comes back with the attempt as it is.
        said_lines.clear()
        now = moved.moves
        again = await cli_daily._turn(core, old, _Lines(first), say, table, lang)
        assert again is not None and again.moves == now
        assert any("the game has moved on" in line for line in said_lines), said_lines
    finally:
        await core.stop()


# --- through the fake Discord --------------------------------------------------------------


async def test_each_outcome_through_discord(fake_discord: FakeDiscord, tmp_path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=7)
    ran: list[str] = []
    move = Controls.move

    async def counted(self, interaction, channel_id, at, action) -> None:
        ran.append(action)
        await move(self, interaction, channel_id, at, action)

    monkeypatch.setattr(Controls, "move", counted)
    async with fake.run_bot(bot):
        t = await coins_table(fake, bot, humans=(s.alice, s.bob), ais=1)
        core, ch = bot.core, s.table.id
        mover = await t.human_to_move()
        user = fake.world.users[mover]
        at = core.table(ch).move
        legal = core.legal_actions(ch, mover)
        hand = core.private_view(ch, mover)["hand"]
        panel_message = await t.open_panel(user)
        # Elsewhere: a control naming another channel's table is stopped by its item's
        # check before the controls run.
        elsewhere = await forge(fake, user, panel_message, f"pl:do:{s.lobby.id}:{at}:{legal[0]}")
        assert warned(elsewhere) and "another channel" in elsewhere.text and not ran
        # Not legal: the engine's reason as a warning.
        missing = next(f"play {c}" for c in ("2O", "3O", "KO", "AO") if c not in hand)
        wrong = await forge(fake, user, panel_message, f"pl:do:{ch}:{at}:{missing}")
        assert warned(wrong) and ran == [missing]
        # Moved on: a fresh panel, said so.
        later = await forge(fake, user, panel_message, f"pl:do:{ch}:{at + 5}:{legal[0]}")
        assert later.callback_type == 7 and "moved on" in panel_message.text
        assert core.table(ch).move == at
        # Made.
        panel_message = await t.open_panel(user)
        target = panel_control(panel_message, legal[0])
        assert target is not None
        custom_id, values = target
        if values is None:
            await fake.click(user, panel_message, custom_id)
        else:
            await fake.select(user, panel_message, custom_id, values)
        await fake.wait_until(lambda: "Your move:" in panel_message.text)
        assert core.table(ch).move > at
        assert not fake.violations


async def test_the_daily_panels_outcomes(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db")
    bot.core.daily.ai_level = bot.core.daily.par_level = "easy"
    async with fake.run_bot(bot):
        record = await fake.slash(s.alice, "daily", channel=s.table,
                                  options={"game": "pinkerton"})
        message = record.message
        assert message is not None
        attempt = await bot.core.daily.attempt("pinkerton", s.alice.id)
        number = ids.field(DailyKey("pinkerton", attempt.day))
        assert any(str(number) in cid for cid in message.custom_ids)
        stale_payload = copy.deepcopy(message.payload)
        # Not legal (a choice is checked before Confirm): the panel gives the engine's
        # reason, and the attempt is as it was.
        bogus = await forge(fake, s.alice, message, f"pl:cc:{number}:{attempt.moves}:0:play",
                            values=["XX"])
        assert bogus.callback_type == 7 and "Unknown move 'play'" in message.text
        assert (await bot.core.daily.attempt("pinkerton", s.alice.id)).moves == attempt.moves
        # Made.
        action = attempt.legal_actions()[0]
        target = panel_control(message, action)
        assert target is not None
        made = await forge(fake, s.alice, message, f"pl:do:{number}:{attempt.moves}:{action}")
        assert made.callback_type == 7 and "Your move:" in message.text, message.text
        # Moved on: the old panel's control again.
        message.payload = stale_payload
        again = await forge(fake, s.alice, message, f"pl:do:{number}:{attempt.moves}:{action}")
        assert again.callback_type == 7 and "earlier position" in message.text
        # A daily number naming no game's deal: said so, nothing run.
        nowhere = ids.DAILY_BASE + attempt.day * 16 + 15
        gone = await forge(fake, s.alice, message, f"pl:hand:{nowhere}")
        assert warned(gone) and "does not exist" in gone.text
        assert not fake.violations


async def test_a_failing_channel_check_answers_with_the_apology(
        fake_discord: FakeDiscord, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py drops a click whose item check raises without answering it: the check
    answers with the apology itself."""
    fake, s = fake_discord, fake_discord.scene
    bot = parlour_bot(fake, tmp_path / "p.db", table_seed=7)
    async with fake.run_bot(bot):
        t = await coins_table(fake, bot, humans=(s.alice, s.bob), ais=1)
        mover = await t.human_to_move()
        user = fake.world.users[mover]
        panel_message = await t.open_panel(user)

        def broken(core, key):
            raise RuntimeError("a bug in the check")

        monkeypatch.setattr(replies.seat, "place", broken)
        record = await fake.click(user, panel_message, f"pl:hand:{s.table.id}")
        assert record.acknowledged and warned(record) and SORRY in record.text
