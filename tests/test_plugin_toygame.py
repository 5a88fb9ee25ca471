"""A game is a plug-in: Duel (tests/toygame), which no shared file names, plugged in at run
time and played through the core, the fake Discord and the terminal.

In this process it is plugged in with ``plugins.installed("tests.toygame")`` for each
test (and taken out after, so the other tests see the five games); the terminal, a
process of its own, gets it from ``PARLOUR_GAMES=tests.toygame``, as a game installed
from elsewhere would be.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules
from bot import plugins
from bot.core import Core, CoreConfig
from bot.i18n import lang_for
from bot.present import present
from bot.present.base import game_title
from bot.present.scene import texts
from rules.ai.hooks import hooks_for
from rules.ai.players import make_player
from rules.messages import Cards, Seat, said
from tests.cli_driver import PROMPT, Session, play_out
from tests.fakediscord import FakeDiscord
from tests.fakediscord.players import TableDriver, find_seed, parlour_bot
from tests.fakediscord.privacy import channel_leaks, game_truth, private_leaks
from tests.playout import assert_conserved, assert_unchanged_after_bad_input, random_playout

TOY = "tests.toygame"


@pytest.fixture
def duel() -> Iterator[plugins.GamePlugin]:
    with plugins.installed(TOY) as plugin:
        yield plugin


# -- the registry ------------------------------------------------------------------------


def test_plugging_in_and_out_touches_only_the_registry(duel: plugins.GamePlugin) -> None:
    assert "duel" in plugins.names() and plugins.find("TOY") is duel
    assert rules.get_game("duel") is duel.game and hooks_for("duel") is duel.ai
    assert plugins.get("duel").presenter.__module__ == "tests.toygame.presenter"
    plugins.unregister("duel")
    assert "duel" not in plugins.names() and "duel" not in rules.GAMES
    with pytest.raises(KeyError):
        hooks_for("duel")
    with pytest.raises(ValueError, match="Unknown game 'duel'. Games: coins, pinkerton"):
        plugins.find("duel")
    assert plugins.load(TOY) is duel     # and back, for the fixture to take out again


def test_a_name_or_alias_already_taken_is_refused(duel: plugins.GamePlugin) -> None:
    from dataclasses import replace

    with pytest.raises(ValueError, match="already a game called 'duel'"):
        plugins.register(duel)
    plugins.unregister("duel")
    with pytest.raises(ValueError, match="already a game called 'sergeant-major'"):
        plugins.register(replace(duel, aliases=("sergeant-major",)))
    assert "duel" not in rules.GAMES        # refused before anything was registered
    assert plugins.find("sergeant-major").name == "starshina"
    plugins.load(TOY)


def test_its_words_come_from_its_own_catalogs(duel: plugins.GamePlugin) -> None:
    pl, ru = lang_for("pl"), lang_for("ru")
    assert game_title("Duel", pl) == "Pojedynek" and game_title("Duel", ru) == "Дуэль"
    assert ru.pgettext("command name", "duel") == "дуэль"
    assert pl._("Trick play") == "Gra na lewy"          # the project's catalog still first
    assert duel.rules_text("pl").startswith("# Pojedynek")
    assert duel.summary("ru").startswith("Два игрока")
    assert duel.rules_text("de") == duel.rules_text("en")


# Modules that name games on purpose: the benchmark suites docs/AI.md quotes (self-play,
# the review's planted blunders) and the games the docs' screenshots show.
NAMES_GAMES = {"bot/cli/selfplay_report.py", "bot/cli/review_bench.py",
               "bot/present/art/screens.py",
               # Piquet's younger-hand check: elder and younger are Piquet's seats
               "bot/cli/selfplay.py", "bot/cli/selfplay_younger.py"}
# A suit shares its word with a game: the Spanish deck's coins (oros) in the suit tables.
SUIT_TABLES = {"rules/cards.py", "rules/lang.py"}
SUIT_WORDS = {"coins"}


def test_no_shared_module_names_a_game() -> None:
    """Only a game's own files (its package, ``games/<game>/``) say its name: no lookup
    table keyed by games, no ``if game == "piquet"`` in ``bot/`` or ``rules/``."""
    root = Path(__file__).resolve().parents[1]
    games = set(plugins.names())
    found = []
    for path in sorted([*(root / "bot").rglob("*.py"), *(root / "rules").rglob("*.py")]):
        rel = path.relative_to(root).as_posix()
        if rel in NAMES_GAMES:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and node.value in games and \
                    not (rel in SUIT_TABLES and node.value in SUIT_WORDS):
                found.append(f"{rel}:{node.lineno} {node.value!r}")
            elif isinstance(node, ast.ImportFrom) and node.module and \
                    any(g in node.module.split(".") for g in games):
                found.append(f"{rel}:{node.lineno} imports {node.module}")
    assert found == []


# -- the engine contract (docs/ENGINE.md) ------------------------------------------------


@pytest.mark.parametrize("target", [3, 5, 7])
def test_random_games_keep_the_engine_contract(duel: plugins.GamePlugin, target: int) -> None:
    game = duel.game
    for seed in range(6):
        state = game.new_state(2, {"target": target}, seed=seed)
        rng, worlds = random.Random(seed), random.Random(seed + 100)

        def check(s: rules.State, step: int, worlds: random.Random = worlds) -> None:
            assert_conserved(s)
            text = s.to_json()
            assert game.state_from_json(text).to_json() == text
            json.dumps(s.view(None))
            if not s.is_over:
                for seat in range(2):
                    world = s.sample_world(seat, worlds)
                    assert world.view(seat) == s.view(seat)
                    assert_conserved(world)

        actions = random_playout(state, rng, on_step=check)
        assert state.is_over and max(state.result()["scores"]) == target
        again = game.new_state(2, {"target": target}, seed=seed)
        for a in actions:
            again.apply(again.current_seat, a)
        assert again.to_json() == state.to_json()


def test_a_stacked_deal_follows_suit_and_refuses_what_it_must(
        duel: plugins.GamePlugin) -> None:
    # Seat 1 (not the dealer) leads; each seat's five cards come from the stacked deck.
    deck = ["AH", "KH", "10H", "QH", "JC", "AC", "KC", "QC", "10S", "JS"]
    state = duel.game.new_state(2, {"target": 3}, seed=1, deck=deck)
    assert state.current_seat == 1 and sorted(state.view(1)["hand"]) == \
        sorted(["AH", "10H", "JC", "KC", "10S"])
    state.apply(1, "play 10H")
    before = state.to_json()
    with pytest.raises(rules.IllegalAction, match="You must follow suit: you hold a heart."):
        state.apply(0, "play AC")
    with pytest.raises(rules.IllegalAction, match="You do not hold"):
        state.apply(0, "play AH")
    assert state.to_json() == before
    assert_unchanged_after_bad_input(state)
    state.apply(0, "play QH")
    assert state.scores == [1, 0] and state.current_seat == 0
    # Logged as a message (an id and typed values), whose English is the sentence.
    told = said(state.log[-1])
    assert told == "{p0} takes the trick (10H QH)." and told.args == \
        {"who": Seat(0), "cards": Cards(("10H", "QH"))}


def test_the_ai_plays_it_at_every_level(duel: plugins.GamePlugin) -> None:
    for level in ("random", "easy", "normal", "hard"):
        state = duel.game.new_state(2, {"target": 3}, seed=2)
        players = [make_player(level, "duel", 1), make_player("easy", "duel", 2)]
        while not state.is_over:
            seat = state.current_seat
            assert seat is not None
            state.apply(seat, players[seat].choose(state, seat))
        assert max(state.result()["scores"]) == 3


async def test_a_worker_process_knows_it_too(duel: plugins.GamePlugin) -> None:
    """The AI's process pool is spawned after the game was plugged in here: the workers
    load it by its module (the picture workers likewise)."""
    from bot.core.ai_runner import ProcessRunner, choose_action

    state = duel.game.new_state(2, {}, seed=8)
    seat = state.current_seat
    runner = ProcessRunner(1)
    try:
        text = await runner.choose(state, seat, "easy", 3)
    finally:
        runner.close()
    assert text == choose_action(state.clone(), seat, "easy", 3)


def test_its_scenes_read_in_every_language(duel: plugins.GamePlugin) -> None:
    state = duel.game.new_state(2, {}, seed=3)
    rng = random.Random(1)
    for _ in range(3):
        seat = state.current_seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.current_seat
    for code, phase, took in (("en", "Trick play", "takes the trick"),
                              ("pl", "Gra na lewy", "bierze lewę"),
                              ("ru", "Розыгрыш взяток", "берёт взятку")):
        scene = present(state.view(seat), ["Ada", "Ben"], forms=state.action_forms(seat),
                        legal=[str(a) for a in state.legal_actions(seat)], lang=code)
        assert scene.phase == phase and scene.hand is not None and scene.hand.forms
        shown = "\n".join(texts(scene))
        assert "None" not in shown and "hand_no" not in shown
        # The game's events too are in the reader's language (it logs messages).
        assert any(took in e for e in scene.events), scene.events
    assert present(state.view(None), ["Ada", "Ben"], lang="pl").title == "Pojedynek"


def test_its_pictures(duel: plugins.GamePlugin) -> None:
    """The board and hand pictures of a telling position (a short game: found in a
    later game when the first ends too soon)."""
    from bot.present.art import hand_picture, table_picture
    from bot.present.art.positions import NAMES, scene_of, showcase

    state = showcase("duel")
    assert not state.is_over and state.trick
    board = table_picture(scene_of(state, None), NAMES)
    hand = hand_picture(scene_of(state, state.current_seat), NAMES)
    assert board.png.startswith(b"\x89PNG") and hand.png.startswith(b"\x89PNG")
    assert board.description.startswith("Duel")


# -- the core ----------------------------------------------------------------------------


async def test_the_core_runs_a_table_of_it_to_the_end(duel: plugins.GamePlugin) -> None:
    core = Core(CoreConfig(db_path=":memory:", ai_executor="inline", ai_delay=0,
                           default_turn_seconds=0))
    await core.start()
    try:
        await core.create_table(1, 11, "Ada", "toy", {"target": "3"}, guild_id=1,
                                turn_seconds=0, seed=5)
        info = await core.add_ai(1, 11, "hard")
        assert [s.kind for s in info.seats] == ["human", "ai"] and info.game == "duel"
        await core.start_game(1, 11)
        moves = 0
        while (info := core.table(1)) is not None:
            await core.settle()
            info = core.table(1)
            if info is None:
                break
            legal = core.legal_actions(1, 11)
            if legal:
                await core.act(1, 11, legal[0], expect_move=info.move)
                moves += 1
            assert moves < 100
        rows = await core.leaderboard("duel")
        assert [(r.name, r.games) for r in rows] == [("Ada", 1)]   # AI seats are not rated
    finally:
        await core.stop()


# -- the fake Discord --------------------------------------------------------------------


async def test_a_whole_game_on_the_fake_discord(duel: plugins.GamePlugin,
                                                fake_discord: FakeDiscord, tmp_path) -> None:
    fake, s = fake_discord, fake_discord.scene
    fake.settle_quiet = 0.02
    seed, _ = await find_seed("duel", {"target": 3}, ["human", "easy"], max_human_moves=20)
    bot = parlour_bot(fake, tmp_path / "parlour.db", table_seed=seed)
    async with fake.run_bot(bot):
        t = TableDriver(fake, bot, s.table, {s.alice.id: "mixed"})
        await t.open(s.alice, "duel", {"target": 3})
        lobby = await t.wait_board(lambda b: "lobby" in b.text)
        assert "Duel" in lobby.text and "Two players, twenty cards" in lobby.text
        await t.expect_ok(s.alice, "table ai-add", options={"level": "easy"})
        await t.expect_ok(s.alice, "table start")
        table_id = bot.core.table(s.table.id).table_id
        playing = await t.wait_board(lambda b: "Trick" in b.text)
        assert "Target" in playing.text and "Show my hand" in playing.text

        log = await t.play_to_end()
        assert log.moves > 0 and not log.panel_fallbacks, log
        final = await t.wait_board(lambda b: "game over" in b.text)
        assert re.search(r"1st \*\*(Alice|.+AI.+)\*\*: 3 tricks", final.text), final.text

        truth, scan = await game_truth(bot.core, table_id)
        assert channel_leaks([e.text for e in fake.history(s.table)], [(truth, scan)]) == []
        leaks, checked = private_leaks(s.alice.id, fake.ephemerals(s.alice) + fake.dms(s.alice),
                                       truth, scan)
        assert leaks == [] and checked > 0

        rules_page = await fake.slash(s.alice, "rules", channel=s.table,
                                      options={"game": "duel"})
        assert rules_page.ephemeral and "Follow suit if you can" in rules_page.text
        board = await fake.slash(s.alice, "leaderboard", channel=s.table,
                                 options={"game": "duel"})
        assert "Alice" in board.text


async def test_its_commands_speak_polish_and_russian(duel: plugins.GamePlugin) -> None:
    from bot.discordbot.client import ParlourBot
    from bot.discordbot.commands.translator import CommandTranslator

    bot = ParlourBot(Core())
    try:
        table = next(c for c in bot.tree.get_commands() if c.name == "table")
        payload = await table.get_translated_payload(bot.tree, CommandTranslator())
        new = next(o for o in payload["options"] if o["name"] == "new")
        command = next(o for o in new["options"] if o["name"] == "duel")
        assert command["name_localizations"] == {"pl": "pojedynek", "ru": "дуэль"}
        assert command["description"] == "Duel (2 players)"
        assert command["description_localizations"]["pl"] == "Pojedynek (gracze: 2)"
        target = next(o for o in command["options"] if o["name"] == "target")
        assert target["description"] == "Tricks that win the game (default 5)"
        assert target["description_localizations"]["ru"] == \
            "Взятки, которые выигрывают игру (по умолчанию 5)"
    finally:
        await bot.close()


# -- the terminal ------------------------------------------------------------------------


def test_a_whole_game_in_the_terminal_from_parlour_games(tmp_path) -> None:
    s = Session("duel", "--seed", "4", "--ai", "easy", "--name", "Alice", "--option",
                "target=3", cwd=tmp_path, env={"NO_COLOR": "1", "PARLOUR_GAMES": TOY})
    text = play_out(s, limit=200)
    assert s.proc.returncode == 0 and "Traceback" not in text
    assert "Duel: Two players, twenty cards" in text
    assert "Result" in text.splitlines() and "3 tricks" in text
    assert re.search(r"Game #\d+ recorded: see it again with 'parlour replay \d+'\.", text)


def test_the_terminal_in_polish_with_the_alias(tmp_path) -> None:
    s = Session("toy", "--seed", "4", "--ai", "easy", "--name", "Ala", "--lang", "pl",
                "--option", "target=3", cwd=tmp_path,
                env={"NO_COLOR": "1", "PARLOUR_GAMES": TOY})
    screen = s.until_prompt()
    for _ in range(200):     # every move offered is numbered: a single card, or [1] first
        if not screen.endswith(PROMPT):
            break
        screen = s.send("1")
    assert s.finish() == 0 and "Traceback" not in s.text
    assert "Pojedynek: Dwóch graczy" in s.text and "Gra na lewy" in s.text
    assert "Wynik" in s.text and "3 lewy" in s.text


def test_without_the_plug_in_the_terminal_names_the_games(tmp_path) -> None:
    s = Session("duel", cwd=tmp_path, env={"NO_COLOR": "1"})
    assert s.finish() == 2
    said = " ".join(s.text.split())   # wrapped to the terminal's width
    assert "Unknown game 'duel'. Games: coins, pinkerton, piquet, starshina, thirteens." \
        in said


def test_a_game_module_that_does_not_load_is_named(tmp_path) -> None:
    s = Session("coins", cwd=tmp_path, env={"NO_COLOR": "1", "PARLOUR_GAMES": "tests.nogame"})
    assert s.finish() == 2
    assert "Error: Cannot load the game module 'tests.nogame' (named in PARLOUR_GAMES" in s.text
    assert "Traceback" not in s.text


# -- its own words: move words and acts told to you, in Polish and Russian ----------------


def test_its_move_words_and_second_person_are_its_own(duel: plugins.GamePlugin) -> None:
    """Duel's word for its move ("wystaw", "выставить") and its win told to the winner
    ("Wygrywasz pojedynek.") come from its own package - the engine's ``move_words``, the
    presenter's ``you_forms``, its catalogs in ``locale/`` - and from no shared table."""
    from bot.i18n import read_catalog
    from bot.present.you import SHARED
    from rules.lang import COMMON, move_phrase, move_word

    game = duel.game
    assert str(game.parse_action("wystaw damę kier")) == "play QH"
    assert str(game.parse_action("выставить даму червей")) == "play QH"
    assert str(game.parse_action("zagraj damę kier")) == "play QH"   # the common word too
    queen = game.parse_action("play QH")
    assert (move_word("play", "pl", game.move_words), move_word("play", "ru", game.move_words)) \
        == ("wystaw", "выставить")
    assert move_phrase(queen, "pl", game.move_words) == "wystaw damę kier"
    assert game.parse_action(move_phrase(queen, "ru", game.move_words)) == queen
    # The words are Duel's: not the common ones, and no other game reads them.
    assert "wystaw" not in COMMON.verbs_of("play", "pl")
    with pytest.raises((rules.IllegalAction, ValueError)):
        rules.get_game("thirteens").parse_action("wystaw damę kier")

    state = game.new_state(2, {"target": 3}, seed=4)
    random_playout(state, random.Random(4))
    winner = state.result()["winner"]
    names = ["Alice", "Bo"]
    told = f"{{p{winner}}}"   # the events name seats by tokens the transports fill in
    for code, you, board in (("en", "You win the duel.", f"{told} wins the duel."),
                             ("pl", "Wygrywasz pojedynek.", f"{told} wygrywa pojedynek."),
                             ("ru", "Вы выигрываете дуэль.", f"{told} выигрывает дуэль.")):
        own = present(state.view(winner), names, lang=code, recent=999).events
        loser = present(state.view(1 - winner), names, lang=code, recent=999).events
        public = present(state.view(None), names, lang=code, recent=999).events
        assert you in own and board not in own, (code, own)
        assert board in loser and board in public, (code, loser)
        assert you not in public
    # ... and in no shared table: not the shared "you" forms, not another game's, not the
    # project's catalogs.
    assert "{who} wins the duel." not in SHARED.you
    assert all("{who} wins the duel." not in p.presenter.you_forms.you
               for p in plugins.plugins() if p.name != "duel")
    for code in ("pl", "ru"):
        assert read_catalog(code).get("You win the duel.") is None
