"""``/puzzle`` through the fake Discord (issue 49).

The pool is filled from ``tests/data/puzzles.json`` (puzzles mined as the bot mines a
finished game, at small budgets: ``tests/data/make_puzzles.py``) through the service's
own ``keep``, as a finished game's puzzles are stored.

* Ten puzzles of each game played by clicks: a button per candidate, the answer in place
  of the question (right or wrong, the rating's change), "Next puzzle" on the same
  message; ``/stats`` shows the puzzle rating; the daily puzzle's streak over two days.
* Nothing private: every version of every message the solver saw (text, components,
  the picture's alt text) and every hand picture drawn (its layout's cards) hold no card
  of another seat's hand that the solver could not see.
* Bad input: a double click counted once, a stale click (an older message of an answered
  puzzle), someone else's click, a withdrawn (reported) puzzle: a clear message, nothing
  changed.  A report removes the puzzle from the pool; a click after a restart answers.
* Polish and Russian once each.
"""

from __future__ import annotations

import asyncio
import re

import rules
from bot.core.clock import ManualClock
from bot.discordbot import ids
from bot.present.art import hand_picture
from tests.fakediscord import FakeDiscord
from tests.fakediscord.interactions import MESSAGE_COMPONENT, build_interaction
from tests.fakediscord.limits import walk_components
from tests.fakediscord.players import parlour_bot
from tests.fakediscord.privacy import CardScanner
from tests.fakediscord.recorder import StoredMessage, message_text
from tests.puzzle_file import Planted, fill

GAMES = ("coins", "pinkerton", "piquet", "starshina", "thirteens")
EACH = 10
RATING = re.compile(r"Puzzle rating (\d+) -> (\d+)")
DAY = 86_400.0


def question(msg: StoredMessage, user_id: int) -> tuple[int, dict[str, str]]:
    """The puzzle a question shows and its move buttons (canonical move -> custom_id)."""
    moves: dict[str, str] = {}
    pid = None
    for cid in msg.custom_ids:
        m = ids.PUZZLE.fullmatch(cid)
        if m:
            assert int(m["user"]) == user_id, cid
            pid = int(m["puzzle"])
            moves[m["action"]] = cid
    assert pid is not None, msg.text
    return pid, moves


def control(msg: StoredMessage, prefix: str) -> str:
    return next(c for c in msg.custom_ids if c.startswith(prefix))


def puzzle_of(payload: dict) -> int | None:
    """The puzzle a version of a message is about (its controls name it)."""
    for comp in walk_components(payload.get("components")):
        for pattern in (ids.PUZZLE, ids.PUZZLE_REPORT, ids.PUZZLE_PICK):
            m = pattern.fullmatch(str(comp.get("custom_id", "")))
            if m:
                return int(m["puzzle"])
    return None


def leaks(messages: list[StoredMessage], pool: dict[int, Planted]) -> tuple[list[str], int]:
    """Cards of another seat's hand, unseen by the solver, in any version of ``messages``
    (text, components, alt texts): (leaks, versions checked)."""
    bad, checked = [], 0
    scans = {g: CardScanner(rules.get_game(g)) for g in GAMES}
    for msg in messages:
        for version in msg.versions:
            pid = puzzle_of(version)
            if pid is None:
                continue
            p = pool[pid]
            checked += 1
            shown = scans[p.game].cards(message_text(version))
            wrong = (shown & p.others) - p.own
            if wrong:
                bad.append(f"puzzle {pid}: {sorted(wrong)}")
    return bad, checked


def record_pictures(bot) -> list:
    """Every hand picture the desk has had drawn, in order, with what it was drawn from
    (the painter sends the file without its layout: drawn again here, it has one)."""
    drawn: list = []
    painter = bot.puzzles.painter
    hand = painter.hand

    async def recording(scene, names):
        picture = await hand(scene, names)
        drawn.append((picture, scene, list(names)))
        return picture
    painter.hand = recording
    return drawn


def picture_cards(drawn) -> set[str]:
    """The cards a recorded picture shows (its layout's, the same picture drawn again)."""
    picture, scene, names = drawn
    again = hand_picture(scene, names)
    assert again.digest == picture.digest
    return {b.key for b in again.layout.of("hand-card")}


def forged_click(fake: FakeDiscord, user, msg: StoredMessage, custom_id: str):
    """A click by ``user`` on someone else's ephemeral message (Discord's client would not
    show it them: a forged or replayed interaction)."""
    payload = build_interaction(fake.world, kind=MESSAGE_COMPONENT, user=user,
                                channel=fake.world.channels[msg.channel_id],
                                data={"custom_id": custom_id, "component_type": 2},
                                message=msg)
    return fake.send_interaction(payload, name=custom_id, source=msg)


async def test_ten_puzzles_of_each_game_by_clicks_with_rating_streak_and_no_leak(
        fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    clock = ManualClock()
    bot = parlour_bot(fake, tmp_path / "p.db", clock=clock)
    drawn = record_pictures(bot)
    async with fake.run_bot(bot):
        pool = await fill(bot.core)
        alice = s.alice.id
        rating = None
        solved = tried = 0
        pictures = []     # (puzzle, the picture drawn for it)
        for game in GAMES:
            first = await fake.slash(s.alice, "puzzle", channel=s.table,
                                     options={"game": game})
            assert first.ephemeral, first.text
            msg = first.message
            assert msg is not None
            seen: set[int] = set()
            for i in range(EACH):
                pid, moves = question(msg, alice)
                p = pool[pid]
                assert p.game == game and pid not in seen, (game, pid)
                seen.add(pid)
                assert "Find the best move." in msg.text, msg.text
                assert set(moves) == p.moves          # a button per candidate, no other
                assert drawn, "a hand picture with the question"
                pictures.append((pid, drawn[-1]))
                files = msg.payload.get("attachments") or []
                assert [f["filename"] for f in files] == ["puzzle.png"], files
                right = i % 3 != 2
                move = p.answer if right else sorted(p.moves - {p.answer})[0]
                await fake.click(s.alice, msg, moves[move])
                text = msg.text
                assert msg.ephemeral and "Find the best move." not in text, text
                said = "✅ Correct." if right else "❌ Not this time."
                assert f"{said} The best move: " in text, text
                # The position stays under the answer, with its hand picture.
                assert [f["filename"] for f in msg.payload["attachments"]] == ["puzzle.png"]
                before, after = map(int, RATING.search(text).groups())
                assert rating is None or before == rating, (rating, text)
                if right:
                    assert after > before, text
                rating = after
                solved += right
                tried += 1
                assert not any(c.startswith("pl:pz:") for c in msg.custom_ids)
                assert control(msg, f"pl:pzr:{alice}:{pid}:")
                if i < EACH - 1:
                    await fake.click(s.alice, msg, control(msg, f"pl:pzn:{alice}:{game}"))
        standing = await bot.core.puzzles.standing(alice)
        assert (standing.solved, standing.tried, standing.rating) == (solved, tried, rating)
        stats = await fake.slash(s.alice, "stats", channel=s.table)
        assert f"Puzzles: rating {rating} · {solved} of {tried} solved · daily streak 0 " \
               "days (best 0)" in stats.text, stats.text
        assert "Puzzles:" not in (await fake.slash(s.bob, "stats", channel=s.table)).text

        # The daily puzzle, two days running: the streak grows and /stats shows it.
        for day in (1, 2):
            await clock.advance(DAY)
            daily = await fake.slash(s.alice, "puzzle", channel=s.table,
                                     options={"daily": True})
            assert "Daily puzzle 20" in daily.text, daily.text
            msg = daily.message
            pid, moves = question(msg, alice)
            await fake.click(s.alice, msg, moves[pool[pid].answer])
            assert "✅ Correct. The best move: " in msg.text and \
                f"Daily streak: {day} day" in msg.text, msg.text
            # "Next puzzle" after the daily: a puzzle of any game.
            assert control(msg, f"pl:pzn:{alice}:{ids.ANY_GAME}")
        stats = await fake.slash(s.alice, "stats", channel=s.table)
        assert "daily streak 2 days (best 2)" in stats.text, stats.text

        # Nothing of another hand: every version of every message Alice was shown, and
        # every hand picture (its cards: the solver's own hand, and all of it).
        found, checked = leaks(fake.ephemerals(s.alice), pool)
        assert not found, found
        assert checked >= 2 * len(GAMES) * EACH, checked
        for pid, picture in pictures:
            cards = picture_cards(picture)
            assert cards == set(pool[pid].hand), (pid, cards, pool[pid].hand)


async def test_double_stale_and_foreign_clicks_change_nothing(fake_discord: FakeDiscord,
                                                               tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    bot = parlour_bot(fake, tmp_path / "p.db")
    async with fake.run_bot(bot):
        pool = await fill(bot.core)
        puzzles, alice = bot.core.puzzles, s.alice.id

        # Two clicks at once on the question: one answer, counted once.
        msg = (await fake.slash(s.alice, "puzzle", channel=s.table,
                                options={"game": "coins"})).message
        pid, moves = question(msg, alice)
        cid = moves[pool[pid].answer]
        one, two = await asyncio.gather(fake.click(s.alice, msg, cid),
                                        fake.click(s.alice, msg, cid))
        texts = [r.text for r in (one, two)]
        assert sum("You have answered this puzzle already" in t for t in texts) == 1, texts
        assert sum(RATING.search(message_text(v)) is not None for v in msg.versions) == 1
        assert (await puzzles.standing(alice)).tried == 1

        # A stale click: the same puzzle on two messages (asked twice before answering),
        # answered on the second; the first's button says so and changes nothing.
        old = (await fake.slash(s.alice, "puzzle", channel=s.table,
                                options={"game": "piquet"})).message
        new = (await fake.slash(s.alice, "puzzle", channel=s.table,
                                options={"game": "piquet"})).message
        pid, moves = question(old, alice)
        assert question(new, alice)[0] == pid      # the unanswered one, shown again
        await fake.click(s.alice, new, moves[pool[pid].answer])
        versions, before = len(old.versions), await puzzles.standing(alice)
        wrong = sorted(pool[pid].moves - {pool[pid].answer})[0]
        stale = await fake.click(s.alice, old, moves[wrong])
        assert "You have answered this puzzle already" in stale.text, stale.text
        assert stale.messages and all(m.ephemeral for m in stale.messages)
        assert len(old.versions) == versions and await puzzles.standing(alice) == before

        # Someone else's click (a replayed interaction): refused, nothing asked of the core.
        msg = (await fake.slash(s.alice, "puzzle", channel=s.table,
                                options={"game": "thirteens"})).message
        pid, moves = question(msg, alice)
        versions = len(msg.versions)
        foreign = await forged_click(fake, s.bob, msg, moves[pool[pid].answer])
        assert "That puzzle was given to someone else" in foreign.text, foreign.text
        assert len(msg.versions) == versions
        assert (await puzzles.standing(s.bob.id)).tried == 0

        # A move that is none of the puzzle's (a forged custom_id): refused, unchanged.
        forged = ids.puzzle(alice, pid, "thirteens", "play ZZ")
        assert forged is not None
        payload = build_interaction(fake.world, kind=MESSAGE_COMPONENT, user=s.alice,
                                    channel=fake.world.channels[msg.channel_id],
                                    data={"custom_id": forged, "component_type": 2},
                                    message=msg)
        got = await fake.send_interaction(payload, name=forged, source=msg)
        assert got.text.startswith("⚠️"), got.text
        assert len(msg.versions) == versions


async def test_a_report_takes_the_puzzle_out_of_the_pool(fake_discord: FakeDiscord,
                                                         tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    bot = parlour_bot(fake, tmp_path / "p.db")
    async with fake.run_bot(bot):
        empty = await fake.slash(s.carol, "puzzle", channel=s.table,
                                 options={"game": "starshina"})
        assert empty.ephemeral and empty.text.startswith(
            "⚠️ No puzzles of Starshina (Sergeant Major) yet: they come from finished "
            "games"), empty.text
        pool = await fill(bot.core)
        carol, dave = s.carol.id, s.dave.id
        mine = (await fake.slash(s.carol, "puzzle", channel=s.table,
                                 options={"game": "starshina"})).message
        theirs = (await fake.slash(s.dave, "puzzle", channel=s.table,
                                   options={"game": "starshina"})).message
        pid, moves = question(mine, carol)
        dave_pid, dave_moves = question(theirs, dave)
        assert dave_pid == pid       # two new players, the same rating: the same puzzle
        await fake.click(s.carol, mine, moves[pool[pid].answer])
        report = await fake.click(s.carol, mine, control(mine, f"pl:pzr:{carol}:{pid}:"))
        assert "Thank you: this puzzle has left the pool" in report.text, report.text
        assert any(c.startswith(f"pl:pzn:{carol}:starshina") for m in report.messages
                   for c in m.custom_ids)
        # Dave's question of it is withdrawn: his click says so and changes nothing.
        versions = len(theirs.versions)
        late = await fake.click(s.dave, theirs, dave_moves[pool[pid].answer])
        assert "reported as wrong and has left the pool" in late.text, late.text
        assert len(theirs.versions) == versions
        assert (await bot.core.puzzles.standing(dave)).tried == 0
        # Nobody is given it again.
        for user in (s.dave, s.bob):
            again = await fake.slash(user, "puzzle", channel=s.table,
                                     options={"game": "starshina"})
            assert question(again.message, user.id)[0] != pid


async def test_a_question_answers_after_a_restart(fake_discord: FakeDiscord,
                                                  tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    path = tmp_path / "p.db"
    bot = parlour_bot(fake, path)
    async with fake.run_bot(bot):
        pool = await fill(bot.core)
        msg = (await fake.slash(s.alice, "puzzle", channel=s.table)).message
        pid, moves = question(msg, s.alice.id)
    bot = parlour_bot(fake, path)
    async with fake.run_bot(bot):
        await fake.click(s.alice, msg, moves[pool[pid].answer])
        assert "✅ Correct. The best move: " in msg.text, msg.text
        # "Next puzzle" of a /puzzle without a game: any game.
        await fake.click(s.alice, msg, control(msg, f"pl:pzn:{s.alice.id}:{ids.ANY_GAME}"))
        assert "Find the best move." in msg.text


async def test_moves_too_long_for_a_custom_id_come_as_a_select(fake_discord: FakeDiscord,
                                                               tmp_path, monkeypatch) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    monkeypatch.setattr(ids, "ACTION_MAX", 4)    # no move's text fits: "play 7O" is 7
    bot = parlour_bot(fake, tmp_path / "p.db")
    async with fake.run_bot(bot):
        pool = await fill(bot.core)
        msg = (await fake.slash(s.alice, "puzzle", channel=s.table,
                                options={"game": "coins"})).message
        assert not any(ids.PUZZLE.fullmatch(c) for c in msg.custom_ids), msg.custom_ids
        pick = next(m for m in map(ids.PUZZLE_PICK.fullmatch, msg.custom_ids) if m)
        pid = int(pick["puzzle"])
        options = {o["value"] for o in msg.component(pick.string)["options"]}
        assert options == pool[pid].moves
        await fake.select(s.alice, msg, pick.string, [pool[pid].answer])
        assert "✅ Correct. The best move: " in msg.text, msg.text


async def test_puzzles_in_polish_and_russian(fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    bot = parlour_bot(fake, tmp_path / "p.db")
    words = {"pl": ("Pikieta", "Znajdź najlepszy ruch.", "Dobrze. Najlepszy ruch: ",
                    "Następne zadanie", "Zgłoś jako błędne"),
             "ru": ("Пикет", "Найдите лучший ход.", "Верно. Лучший ход: ", "Следующая задача",
                    "Сообщить об ошибке")}
    async with fake.run_bot(bot):
        pool = await fill(bot.core)
        for code, user in (("pl", s.bob), ("ru", s.carol)):
            user.locale = code
            title, ask, right, next_word, report_word = words[code]
            msg = (await fake.slash(user, "puzzle", channel=s.table,
                                    options={"game": "piquet"})).message
            assert title in msg.text and ask in msg.text, msg.text
            assert "Find the best move." not in msg.text, msg.text
            pid, moves = question(msg, user.id)
            await fake.click(user, msg, moves[pool[pid].answer])
            assert right in msg.text, msg.text
            assert next_word in msg.text and report_word in msg.text, msg.text
            assert "Correct" not in msg.text and "Puzzle rating" not in msg.text, msg.text
