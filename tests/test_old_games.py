"""Games saved before engine messages existed (d96b579: events were English strings in the
state JSON) load, resume and show in English, Polish and Russian.

``tests/data/old_games.db`` was written by that commit's code with
``tests/data/make_old_games_db.py``: five running tables (channels 1-5: Coins, Thirteens,
Pinkerton, Piquet, Starshina; users 1 and 2 seated) and a finished Coins game.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

import rules
from bot.cli.replay import show
from bot.core import Core, CoreConfig
from bot.core.leaderboard import recent_games
from bot.core.replay import load_replay
from bot.present import present, text
from bot.present.scene import texts
from rules.messages import Msg

OLD_DB = Path(__file__).parent / "data" / "old_games.db"
CHANNELS = {1: "coins", 2: "thirteens", 3: "pinkerton", 4: "piquet", 5: "starshina"}


@pytest.fixture
async def core(tmp_path):
    path = tmp_path / "old.db"
    shutil.copy(OLD_DB, path)
    core = Core(CoreConfig(db_path=str(path), ai_executor="inline", ai_delay=0))
    await core.start()
    try:
        yield core
    finally:
        await core.stop()


async def _play_until_new_event(core: Core, channel: int) -> None:
    """Humans play their first legal move until an event the engine wrote as a message."""
    for _ in range(200):
        await core.settle()
        view = core.board(channel).view
        if any(isinstance(e["text"], Msg) for e in view["events"]) or view["over"]:
            return
        info = core.table(channel)
        assert info is not None
        seat = info.seats[info.current_seat]
        assert seat.user_id is not None   # the AI seats moved in settle()
        await core.act(channel, seat.user_id, core.legal_actions(channel, seat.user_id)[0],
                       expect_move=info.move)
    raise AssertionError("no new event in 200 moves")


@pytest.mark.parametrize("channel", sorted(CHANNELS))
async def test_an_old_table_loads_resumes_and_shows_in_every_language(core, channel) -> None:
    info = core.table(channel)
    assert info is not None and info.game == CHANNELS[channel] and info.status == "playing"
    old = core.board(channel).view["events"]
    assert old and all(type(e["text"]) is str for e in old)   # saved as English sentences
    for code in ("en", "pl", "ru"):
        scene = present(core.board(channel).view, info.names, recent=80, lang=code)
        assert scene.events and all(texts(scene))
    # English shows exactly what was saved (card codes marked for the transports).
    deck = rules.get_game(info.game).deck
    english = present(core.board(channel).view, info.names, recent=len(old), lang="en")
    # (Piquet's declarations are summed up on the table, not repeated under Recent.)
    saved = [text.from_engine(e["text"], deck) for e in old]
    assert english.events and all(e in saved for e in english.events)
    assert [saved.index(e) for e in english.events] == sorted(saved.index(e)
                                                              for e in english.events)
    await _play_until_new_event(core, channel)
    view = core.board(channel).view
    new = [e for e in view["events"] if isinstance(e["text"], Msg)]
    assert new
    for code in ("pl", "ru"):
        scene = present(view, info.names, recent=len(view["events"]), lang=code)
        shown = scene.events[-len(new):]
        english = present(view, info.names, recent=len(new), lang="en").events
        assert any(a != b for a, b in zip(shown, english, strict=True)), (code, shown)
    # The hand of a human seat shows too, old private notes and all.
    for user in (1, 2):
        if info.seat_of(user) is not None:
            present(core.private_view(channel, user), info.names, lang="ru")


@pytest.mark.parametrize("code", ["en", "pl", "ru"])
async def test_an_old_finished_game_replays_in_every_language(core, code) -> None:
    from bot.i18n import lang_for
    games = await recent_games(core.store, limit=5)
    assert len(games) == 1
    replay = await load_replay(core.store, games[0].game_id)
    assert replay.record.game == "coins"
    out = io.StringIO()
    show(replay, brief=True, out=out, lang=lang_for(code))
    assert "Alice" in out.getvalue() and "Traceback" not in out.getvalue()
