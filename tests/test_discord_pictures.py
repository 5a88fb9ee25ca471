"""The table picture on the board, through the fake Discord.

The board shows the picture as a Components V2 media item referring to
``attachment://table.png``; the file is uploaded with the edit only when the
picture changed (an edit without ``attachments`` keeps the file), the final
table with the result when the game is over, never sent at a table opened with pictures off or in a
channel where the bot may not attach files, and uploaded again by a restarted
bot, whose buttons keep working.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.present.art.table import FELT, RESULT_BG
from tests.fakediscord import FakeDiscord
from tests.fakediscord.limits import (
    ATTACHMENT_SIZE_MAX,
    MEDIA_GALLERY,
    check_attachments,
    walk_components,
)
from tests.fakediscord.models import ADMINISTRATOR
from tests.fakediscord.players import TableDriver, find_seed, parlour_bot
from tests.fakediscord.recorder import Attachment, StoredMessage

pytestmark = pytest.mark.usefixtures("backend")  # SQLite and PostgreSQL

GAME, OPTIONS = "coins", {"target": 10}


def gallery_urls(msg: StoredMessage) -> list[str]:
    return [item["media"]["url"] for c in walk_components(msg.payload.get("components"))
            if c.get("type") == MEDIA_GALLERY for item in c["items"]]


def files_of(msg: StoredMessage) -> list[str]:
    return [a["filename"] for a in msg.payload.get("attachments") or []]


def uploads(fake: FakeDiscord, channel_id: int) -> list[list[str]]:
    """The file names of every board create/edit request that uploaded files."""
    return [c.files for c in fake.calls
            if c.method in ("POST", "PATCH") and f"/channels/{channel_id}/messages" in c.path
            and c.files]


async def game_bot(fake: FakeDiscord, tmp_path, **config):
    seed, _ = await find_seed(GAME, OPTIONS, ["human", "easy", "easy"], max_human_moves=30)
    return parlour_bot(fake, tmp_path / "parlour.db", table_seed=seed, **config)


async def start(fake: FakeDiscord, bot, table_options: dict | None = None) -> TableDriver:
    s = fake.scene
    t = TableDriver(fake, bot, s.table, {s.alice.id: "mixed"})
    await t.open(s.alice, GAME, {**OPTIONS, **(table_options or {})})
    await t.expect_ok(s.alice, "table ai-add", options={"level": "easy", "count": 2})
    await t.expect_ok(s.alice, "table start")
    return t


async def started(fake: FakeDiscord, bot) -> TableDriver:
    """The table started, with its one human (Alice) to move."""
    t = await start(fake, bot)
    assert await t.human_to_move() == fake.scene.alice.id
    return t


async def test_the_board_carries_the_picture_and_uploads_it_only_when_it_changed(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await start(fake, bot)
        board = await t.wait_board(lambda b: gallery_urls(b), timeout=60)
        assert gallery_urls(board) == ["attachment://table.png"]
        assert files_of(board) == ["table.png"]
        item = next(c for c in walk_components(board.payload["components"])
                    if c.get("type") == MEDIA_GALLERY)["items"][0]
        assert item["description"].startswith("Coins")   # alt text from the scene

        # The same picture again (a re-render of an unchanged table): no new upload,
        # and the message keeps its file.
        await bot.feed.out.drain(5)
        table_id = bot.core.table(s.table.id).table_id
        before, kept = len(uploads(fake, s.table.id)), board.payload["attachments"]
        await bot.feed.boards.show(table_id)
        assert len(uploads(fake, s.table.id)) == before
        assert t.board().payload["attachments"] == kept
        assert gallery_urls(t.board()) == ["attachment://table.png"]

        await t.play_to_end()
        final = await t.wait_board(lambda b: "game over" in b.text)
        assert len(uploads(fake, s.table.id)) > before       # the picture followed the game
        assert all(files == ["table.png"] for files in uploads(fake, s.table.id))
        # the final board carries the final table (test below)
        assert files_of(final) == ["table.png"]
        assert gallery_urls(final) == ["attachment://table.png"]
        assert not fake.violations


async def test_the_game_over_board_carries_the_final_table_with_the_result(
        fake_discord: FakeDiscord, tmp_path) -> None:
    """The picture people share: the final table, the result and the scores, on the
    game-over board; its alt text says the result."""
    fake = fake_discord
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await started(fake, bot)
        playing = await t.wait_board(lambda b: gallery_urls(b), timeout=60)
        running = fake.recorder.files[playing.payload["attachments"][0]["id"]]
        await t.play_to_end()
        final = await t.wait_board(lambda b: "game over" in b.text)
        assert gallery_urls(final) == ["attachment://table.png"]
        (attachment,) = final.payload["attachments"]
        png = fake.recorder.files[attachment["id"]]
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and png != running
        img = Image.open(io.BytesIO(png)).convert("RGB")
        # The result's box under the header (cream, gold edge), the felt under it.
        column = [img.getpixel((500, y)) for y in range(img.height)]

        def near(colour) -> list[int]:   # as mapped onto the shared palette
            return [y for y, c in enumerate(column)
                    if sum(abs(a - b) for a, b in zip(c, colour, strict=True)) <= 12]
        box = near(RESULT_BG)
        assert box and box[0] < 200
        end = box[0]
        while end + 1 in box:   # the result's box, down to its gold edge
            end += 1
        assert end - box[0] > 60 and near(FELT) and near(FELT)[0] > end
        description = next(c for c in walk_components(final.payload["components"])
                           if c.get("type") == MEDIA_GALLERY)["items"][0]["description"]
        result = description.split("Result: ", 1)[1]
        assert all(name in result for name in ("Alice", "(AI, easy)")), description
        assert "1st" in result and not fake.violations


async def test_the_hand_panel_carries_the_hand_picture_numbered_like_its_options(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await started(fake, bot)
        panel = await t.open_panel(s.alice)
        assert gallery_urls(panel) == ["attachment://hand.png"]
        assert files_of(panel) == ["hand.png"]
        select = next(c for c in walk_components(panel.payload["components"])
                      if c.get("type") == 3)
        labels = [o["label"] for o in select["options"]]
        assert labels and all(label.startswith(f"{n}. ") for n, label in
                              enumerate(labels, start=1))
        item = next(c for c in walk_components(panel.payload["components"])
                    if c.get("type") == MEDIA_GALLERY)["items"][0]
        # The alt text numbers the cards as the options do: "1. Three of cups, 2. ..."
        assert item["description"].startswith("Your hand: ") and "You may pick: 1. " in \
            item["description"]
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text)
        assert not fake.violations


async def test_pictures_off_sends_no_file(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await start(fake, bot, {"pictures": False})
        board = await t.wait_board(lambda b: f"pl:hand:{s.table.id}" in b.custom_ids)
        status = await fake.slash(s.alice, "table status", channel=s.table)
        assert "Table picture on the board: off" in status.text
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text)
        assert gallery_urls(board) == [] and files_of(board) == []
        assert uploads(fake, s.table.id) == []
        assert not fake.violations


async def test_without_attach_files_the_board_goes_on_without_its_picture(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    guild = s.guild
    for role in guild.roles.values():   # the bot may view, send, embed and read history only
        role.permissions &= ~(ADMINISTRATOR | (1 << 15))
    bot_role = next(r for r in guild.roles.values() if r.managed)
    bot_role.permissions |= (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16)
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await start(fake, bot)
        board = await t.wait_board(lambda b: f"pl:hand:{s.table.id}" in b.custom_ids)
        assert gallery_urls(board) == [] and files_of(board) == []
        panel = await t.open_panel(s.alice)
        assert panel.ephemeral_to == s.alice.id
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text)
        assert not fake.violations


async def test_after_a_restart_the_picture_is_uploaded_again_and_buttons_work(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    first = await game_bot(fake, tmp_path)
    async with fake.run_bot(first):
        t = await start(fake, first)
        await t.wait_board(lambda b: gallery_urls(b), timeout=60)
        await first.feed.out.drain(5)
    before = len(uploads(fake, s.table.id))
    seed = first.config.table_seed
    second = parlour_bot(fake, tmp_path / "parlour.db", table_seed=seed, sync=False)
    async with fake.run_bot(second):
        t = TableDriver(fake, second, s.table, {s.alice.id: "mixed"})
        await t.move(s.alice)     # a move by the restarted bot's panel or /play
        await fake.wait_until(lambda: len(uploads(fake, s.table.id)) > before, 5)
        board = t.board()
        assert gallery_urls(board) == ["attachment://table.png"]
        assert files_of(board) == ["table.png"]      # replaced, not added
        panel = await t.open_panel(s.alice)
        assert panel.ephemeral_to == s.alice.id
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text)
        assert not fake.violations


def test_the_fake_enforces_discords_attachment_limits() -> None:
    gallery = [{"type": 17, "components": [{"type": MEDIA_GALLERY, "items": [
        {"media": {"url": "attachment://table.png"}, "description": "x"}]}]}]
    png = Attachment("files[0]", "table.png", b"\x89PNG", "image/png")
    assert check_attachments({"components": gallery, "attachments": [png]}) == []
    kept = {"id": "1", "filename": "table.png", "size": 100}
    assert check_attachments({"components": gallery, "attachments": [kept]}) == []
    assert "names no file" in check_attachments({"components": gallery, "attachments": []})[0]
    other = Attachment("files[0]", "hand.png", b"", "image/png")
    assert check_attachments({"components": gallery, "attachments": [other]})
    eleven = [Attachment(f"files[{i}]", f"f{i}.png", b"", None) for i in range(11)]
    assert "11 attachments" in check_attachments({"attachments": eleven})[0]
    big = {"id": "2", "filename": "big.png", "size": ATTACHMENT_SIZE_MAX + 1}
    assert "bytes" in check_attachments({"attachments": [big]})[0]
    long_alt = [{"type": MEDIA_GALLERY, "items": [
        {"media": {"url": "attachment://table.png"}, "description": "x" * 1025}]}]
    assert check_attachments({"components": long_alt, "attachments": [png]})


async def test_each_player_chooses_pictures_for_their_own_panel_and_dms(
        fake_discord: FakeDiscord, tmp_path) -> None:
    """/settings pictures: on (the default) the hand DM and the panel carry the hand
    picture; off, both are text only and the panel still plays; the choice is kept."""
    fake, s = fake_discord, fake_discord.scene
    db = tmp_path / "parlour.db"
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await start(fake, bot)
        await fake.wait_until(lambda: fake.dms(s.alice), timeout=30)
        dm = fake.dms(s.alice)[0]
        assert files_of(dm) == ["hand.png"], dm.payload
        assert dm.payload["attachments"][0]["description"].startswith("Your hand: ")

        off = await fake.slash(s.alice, "settings", channel=s.table,
                               options={"pictures": "off"})
        assert off.ephemeral and "Hand pictures are off now." in off.text
        assert await t.human_to_move() == s.alice.id
        panel = await t.open_panel(s.alice)
        assert gallery_urls(panel) == [] and files_of(panel) == []
        assert panel.custom_ids                     # the controls are all there
        log = await t.play_to_end()
        assert log.moves > 0
        await t.wait_board(lambda b: "game over" in b.text)
        assert not fake.violations
    # Kept across a restart; switched back on, the panel shows the picture again.
    again = parlour_bot(fake, db, sync=False)
    async with fake.run_bot(again):
        assert not again.user_settings.pictures(s.alice.id)
        on = await fake.slash(s.alice, "settings", channel=s.table, options={"pictures": "on"})
        assert "Hand pictures are on again." in on.text
        assert again.user_settings.pictures(s.alice.id)


async def test_a_panel_uploads_its_hand_picture_only_when_it_changed(
        fake_discord: FakeDiscord, tmp_path) -> None:
    """Refreshing a panel whose hand did not change edits it without uploading the picture
    again (the message keeps its file); a move that changes the hand uploads the new one."""
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await started(fake, bot)
        panel = await t.open_panel(s.alice)
        assert files_of(panel) == ["hand.png"]
        kept = panel.payload["attachments"]
        refresh = next(cid for cid in panel.custom_ids if cid.startswith("pl:hand:"))

        def callbacks_with_files() -> int:
            return sum(1 for c in fake.calls if "/callback" in c.path and c.files)
        before, versions = callbacks_with_files(), len(panel.versions)
        await fake.click(s.alice, panel, refresh)
        await fake.wait_until(lambda: len(panel.versions) > versions)
        assert callbacks_with_files() == before            # nothing uploaded again
        assert panel.payload["attachments"] == kept and gallery_urls(panel)
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text)
        assert callbacks_with_files() > before             # new hands were uploaded
        assert not fake.violations


async def test_a_late_answer_leaves_the_hand_picture_to_the_next_refresh(
        fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    """Under load a panel answer built long after its interaction leaves the hand picture
    out (the answer is complete without it, and drawing it would make it later still); the
    panel's refresh adds it right after, at the same position."""
    from bot.discordbot.ui import controls
    from bot.present import art
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await started(fake, bot)
        await fake.wait_until(art.ready)   # the card faces exist (drawn after start-up)
        monkeypatch.setattr(controls, "PICTURE_LATE_AFTER", -1.0)   # every answer is late
        shown = await fake.slash(s.alice, "hand", channel=s.table)
        panel = shown.message
        assert panel is not None and shown.callback_data is not None
        assert not any(c.get("type") == MEDIA_GALLERY   # the answer itself: no picture
                       for c in walk_components(shown.callback_data.get("components") or []))
        await fake.wait_until(lambda: files_of(panel) == ["hand.png"])
        assert gallery_urls(panel) == ["attachment://hand.png"]
        monkeypatch.setattr(controls, "PICTURE_LATE_AFTER", 1.0)
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text)
        assert not fake.violations


async def test_an_answer_whose_picture_is_slow_goes_without_it_and_the_refresh_adds_it(
        fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    """The panel worker busy (under load): an answer waits ``PICTURE_WITHIN`` at most for
    its hand picture, goes without it, and the refresh that follows adds the picture the
    worker finished meanwhile."""
    from bot.discordbot.ui import controls
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path, picture_worker="process")
    async with fake.run_bot(bot):
        t = await started(fake, bot)
        await fake.wait_until(lambda: bot.feed.painter._panels_ready, timeout=60)
        # The board waits for its picture from the board worker (it runs only on a free
        # core), which may be slow to warm up on a busy machine (tests in parallel).
        await t.wait_board(lambda b: f"pl:hand:{s.table.id}" in b.custom_ids, timeout=60)
        monkeypatch.setattr(controls, "PICTURE_WITHIN", 0.0)   # no worker is that quick
        shown = await fake.slash(s.alice, "hand", channel=s.table)
        panel = shown.message
        assert panel is not None and shown.callback_data is not None
        assert not any(c.get("type") == MEDIA_GALLERY   # the answer itself: no picture
                       for c in walk_components(shown.callback_data.get("components") or []))
        await fake.wait_until(lambda: files_of(panel) == ["hand.png"], timeout=30)
        assert gallery_urls(panel) == ["attachment://hand.png"]
        monkeypatch.setattr(controls, "PICTURE_WITHIN", 5.0)
        panel = await t.open_panel(s.alice)   # in time: the answer carries it
        assert files_of(panel) == ["hand.png"]
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text, timeout=60)   # its picture too
        assert not fake.violations


async def test_with_the_picture_worker_process_boards_and_dms_carry_their_pictures(
        fake_discord: FakeDiscord, tmp_path) -> None:
    """What ``parlour run`` uses: board and DM pictures drawn in a worker process (the
    panel's on the event loop, once this process has drawn the faces too)."""
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path, picture_worker="process")
    async with fake.run_bot(bot):
        t = await start(fake, bot)
        # The worker runs at idle priority: with every core busy (tests in parallel) its
        # warm-up waits for a free moment, so these waits bound a failure generously.
        board = await t.wait_board(lambda b: gallery_urls(b), timeout=120)
        assert files_of(board) == ["table.png"]
        await fake.wait_until(lambda: fake.dms(s.alice), timeout=120)
        assert files_of(fake.dms(s.alice)[0]) == ["hand.png"]
        await t.play_to_end()
        # Each board waits for its picture from the worker process: on a busy two-core
        # machine the last one can take longer than the default wait.
        await t.wait_board(lambda b: "game over" in b.text, timeout=60)
        assert len(uploads(fake, s.table.id)) > 1
        assert not fake.violations


async def test_every_upload_lets_go_of_its_picture_once_sent(
        fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    # Boards, DMs and panels, sent or left out: every upload is closed, buffer and all,
    # so a request waiting for the garbage collector keeps no picture's bytes alive.
    from bot.discordbot.transport.uploads import Upload

    made: list[Upload] = []
    init = Upload.__init__

    def recording(self, picture) -> None:
        init(self, picture)
        made.append(self)
    monkeypatch.setattr(Upload, "__init__", recording)
    fake, s = fake_discord, fake_discord.scene
    bot = await game_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        t = await started(fake, bot)
        await t.open_panel(s.alice)
        await t.play_to_end()
        await t.wait_board(lambda b: "game over" in b.text)
        await bot.feed.out.drain(5)
        names = {u.filename for u in made}
        assert {"table.png", "hand.png"} <= names
        open_ = [u.filename for u in made if not u.fp.closed]
        assert not open_, (open_, len(made))
        assert not fake.violations
