"""Languages (issue 16): catalogs complete with the right plural forms, a marker
pseudo-locale over random Coins and Thirteens games, and slash-command localisations
that pass Discord's naming rules."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import rules
from bot import plugins
from bot.core import Core
from bot.discordbot.commands.translator import CommandTranslator, valid_name
from bot.i18n import EN, LOCALE_DIR, NATIVE_NAME, PSEUDO, lang_for, read_catalog
from bot.present import present, text
from bot.present.base import game_title
from bot.present.scene import texts

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
FIELD = re.compile(r"\{(\w+)(?::[^}]*)?\}")


def _pot():
    from babel.messages.pofile import read_po
    with (LOCALE_DIR / "parlour.pot").open("rb") as f:
        return read_po(f)


# The keywords of docs/I18N.md's ``pybabel extract`` command.
KEYWORDS = {"_": None, "n_": (1, 2), "N_": None, "C_": ((1, "c"), 2), "Msg": None,
            "plural": (1, 2), "event": None, "counted": (1, 2)}


def _marked(folder: Path) -> list:
    """The messages the Python files under ``folder`` mark, as catalog messages."""
    from babel.messages.catalog import Message
    from babel.messages.extract import extract_from_dir
    return [Message(msg if isinstance(msg, str) else tuple(msg), context=ctx)
            for _f, _l, msg, _c, ctx in extract_from_dir(
                str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS)]


def _translated(catalog, msg, code: str) -> None:
    got = catalog.get(msg.id, context=msg.context)
    assert got is not None and got.string, f"{code}: no translation of {msg.id!r}"
    if isinstance(msg.id, (list, tuple)):
        assert len(got.string) == 3 and all(got.string), f"{code}: forms of {msg.id!r}"
        forms = got.string
    else:
        forms = [got.string]
    want = set(FIELD.findall(msg.id if isinstance(msg.id, str) else msg.id[1]))
    for form in forms:   # the same placeholders, or str.format would fail
        assert set(FIELD.findall(form)) == want, (code, msg.id, form)


@pytest.mark.parametrize("code", ["pl", "ru"])
def test_every_message_is_translated_with_three_plural_forms(code):
    catalog = read_catalog(code)
    assert catalog.num_plurals == 3
    for msg in _pot():
        if msg.id:
            _translated(catalog, msg, code)


@pytest.mark.parametrize("code", ["pl", "ru"])
def test_the_projects_catalog_holds_only_the_projects_words(code):
    """A game's own words live in its package (``games/<game>/locale``): every message
    of the project's catalog is one ``bot/`` or ``rules/`` marks (the template's)."""
    pot = {(m.id, m.context) for m in _pot()}
    stray = [m.id for m in read_catalog(code) if m.id and (m.id, m.context) not in pot]
    assert not stray, f"{code}: not marked in bot/ or rules/: {stray[:5]}"


@pytest.mark.parametrize("code", ["pl", "ru"])
@pytest.mark.parametrize("game", rules.BUILT_IN)
def test_a_games_words_are_in_its_own_catalogs(game, code):
    """Each message a built-in game's package marks is translated in its own catalog,
    unless the project's catalog has it (words bot/ uses too)."""
    from babel.messages.pofile import read_po
    plugin = plugins.get(game)
    assert plugin.catalogs == GAMES_DIR / game / "locale"
    with (plugin.catalogs / f"{code}.po").open("rb") as f:
        own = read_po(f, locale=code)
    project = read_catalog(code)
    marked = _marked(GAMES_DIR / game)
    assert marked
    for msg in marked:
        if project.get(msg.id, context=msg.context) is None:
            _translated(own, msg, code)
    # And nothing it does not mark (a word left behind when its code changed).
    ids = {(m.id, m.context) for m in marked}
    assert [m.id for m in own if m.id and (m.id, m.context) not in ids] == []


def test_plural_forms_follow_each_language():
    pl, ru = lang_for("pl"), lang_for("ru")
    assert [pl.n_("{n} card", "{n} cards", n) for n in (1, 2, 5, 22, 25)] == \
        ["1 karta", "2 karty", "5 kart", "22 karty", "25 kart"]
    assert [ru.n_("{n} trick", "{n} tricks", n) for n in (1, 3, 11, 21, 24)] == \
        ["1 взятка", "3 взятки", "11 взяток", "21 взятка", "24 взятки"]


def test_locale_codes_and_fallback():
    assert lang_for("pl_PL.UTF-8").code == "pl"
    assert lang_for("ru").code == "ru"
    assert lang_for("en-US").code == "en"
    assert lang_for("de").code == "en" and lang_for(None) is EN
    assert EN._("Trick play") == "Trick play"


MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
TOKEN = re.compile(r"\{p\d+\}|\{c:[0-9A-Z]{2,3}\}")


def _unmarked(raw: str) -> str:
    """What is left of a text once catalog texts (innermost first) and tokens are gone."""
    out = TOKEN.sub("", raw)
    while MARKED.search(out):
        out = MARKED.sub("", out)
    return out


CONFIGS = [(name, n, opts) for name in plugins.names()
           for n, opts in plugins.engine(name).configurations()]


@pytest.mark.parametrize("game,n,options", CONFIGS,
                         ids=[f"{g}-{n}-{'-'.join(map(str, o.values())) or 'default'}"
                              for g, n, o in CONFIGS])
def test_pseudo_locale_scene_texts_all_come_from_catalogs(game, n, options):
    """Everything a scene says but the players' names comes from a catalog - engine
    events too, rendered from their messages - in random positions of every game."""
    g = rules.get_game(game)
    for seed in range(6):
        rng = random.Random(seed)
        state = g.new_state(n, options, seed=seed)
        for _ in range(rng.randrange(5, 400)):
            if state.is_over:
                break
            seat = state.current_seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for seat in [None, *range(n)]:
            forms = state.action_forms(seat) if seat == state.current_seat else ()
            scene = present(state.view(seat), [f"P{i}" for i in range(n)], forms=forms,
                            legal=state.legal_actions(seat) if forms else (), lang=PSEUDO)
            names = {s.name for s in scene.seats}
            for raw in texts(scene):
                if raw in names:
                    continue
                left = _unmarked(raw)
                assert not re.search(r"[A-Za-z]{2,}", left), f"not from a catalog: {raw!r}"


def test_scenes_read_in_polish_and_russian():
    g = rules.get_game("thirteens")
    state = g.new_state(3, {}, seed=1)
    for code, word in (("pl", "Gra na lewy"), ("ru", "Розыгрыш взяток")):
        scene = present(state.view(0), ["A", "B", "C"], forms=state.action_forms(0),
                        legal=state.legal_actions(0), lang=code)
        assert scene.lang == code and scene.phase == word
        assert all(text.parts(t) for t in texts(scene))


@pytest.mark.parametrize("game,n,seed,prompts", [
    ("thirteens", 3, 1, {"en": "Play a card", "pl": "Zagraj kartę", "ru": "Сыграть карту"}),
    ("piquet", 2, 8, {"en": "Discard 1 to 5 cards", "pl": "Odrzuć od 1 do 5 kart",
                      "ru": "Сбросить от 1 до 5 карт"})])
def test_a_move_prompt_is_one_phrase(game, n, seed, prompts):
    """A verb and its object, as the panel's turn line says it: "Ваш ход: Сыграть карту.",
    not "Ваш ход: Сыграть: карту." (the colon read as a second label)."""
    state = rules.get_game(game).new_state(n, {}, seed=seed)
    while not state.action_forms(state.current_seat)[0].get("cards"):
        state.apply(state.current_seat, state.legal_actions(state.current_seat)[0])
    seat = state.current_seat
    for code, prompt in prompts.items():
        scene = present(state.view(seat), [f"P{i}" for i in range(n)],
                        forms=state.action_forms(seat), legal=state.legal_actions(seat),
                        lang=code)
        assert scene.hand is not None and scene.hand.forms[0].prompt == prompt


def test_a_discard_of_one_or_two_cards_agrees_with_the_nearer_number():
    """The normand dealer's "1 or 2 cards": pl "karty", ru "карты" (not "kart", "карт")."""
    state = rules.get_game("piquet").new_state(3, {"variant": "normand"}, seed=5)
    while not any(f["kind"] == "discard" and f["max"] == 2
                  for f in state.action_forms(state.current_seat)):
        state.apply(state.current_seat, state.legal_actions(state.current_seat)[0])
    seat = state.current_seat
    assert state.action_forms(seat)[0]["min"] == 1
    prompts = {code: present(state.view(seat), ["A", "B", "C"],
                             forms=state.action_forms(seat), legal=state.legal_actions(seat),
                             lang=code).hand.forms[0].prompt for code in ("en", "pl", "ru")}
    assert prompts == {"en": "Discard 1 or 2 cards", "pl": "Odrzuć 1 lub 2 karty",
                       "ru": "Сбросить 1 или 2 карты"}


async def test_command_payload_carries_valid_pl_and_ru_localisations():
    from bot.discordbot.client import ParlourBot

    bot = ParlourBot(Core())
    translator = CommandTranslator()
    seen = {"pl": 0, "ru": 0}
    untranslated: list[str] = []

    def check(node: dict) -> None:
        for code in ("pl", "ru"):
            name = (node.get("name_localizations") or {}).get(code)
            if name is not None:
                assert valid_name(name) and 1 <= len(name) <= 32, name
                seen[code] += 1
            desc = (node.get("description_localizations") or {}).get(code)
            if desc is not None:
                assert 1 <= len(desc) <= 100, desc
            elif node.get("description"):
                untranslated.append(f"{code}: {node['description']}")
        for choice in node.get("choices") or ():
            for code in ("pl", "ru"):
                name = (choice.get("name_localizations") or {}).get(code)
                assert name is None or 1 <= len(name) <= 100
                # Left as they are: values, languages' own names, game titles that are
                # the same word in the language (Coins, Pinkerton in Polish).
                same = plugins.by_title(choice["name"]) is not None and game_title(
                    choice["name"], lang_for(code)) == choice["name"]
                if name is None and not same and choice["name"] not in (
                        str(choice["value"]), *NATIVE_NAME.values()):
                    untranslated.append(f"{code}: {choice['name']}")
        for child in node.get("options") or ():
            check(child)

    for command in bot.tree.get_commands():
        check(await command.get_translated_payload(bot.tree, translator))
    assert seen["pl"] >= 20 and seen["ru"] >= 20
    # Every description and worded choice reaches a Polish or Russian user in their words.
    assert not untranslated, untranslated
    await bot.close()


def test_terminal_language_from_flag_then_locale_variables():
    from bot.cli.play import terminal_lang
    assert terminal_lang("ru", {"LANG": "pl_PL.UTF-8"}).code == "ru"
    assert terminal_lang(None, {"LANG": "pl_PL.UTF-8"}).code == "pl"
    assert terminal_lang(None, {"LC_ALL": "ru_RU.UTF-8", "LANG": "pl_PL.UTF-8"}).code == "ru"
    assert terminal_lang(None, {"LANG": "C.UTF-8"}).code == "en"
    assert terminal_lang(None, {}).code == "en"


@pytest.mark.parametrize(("code", "words"), [("pl", ("Gracz", "Na stole", "Twoje karty")),
                                             ("ru", ("Игрок", "На столе", "Ваши карты"))])
def test_a_terminal_table_in_polish_and_russian(tmp_path, code, words):
    from tests.cli_driver import Session
    s = Session("thirteens", "--seed", "4", "--ai", "random", "--name", "Alice", "--lang",
                code, cwd=tmp_path, env={"NO_COLOR": "1"})
    board = s.until_prompt()
    for word in words:
        assert word in board, (word, board)
    s.send("quit")


@pytest.mark.parametrize("code", ["pl", "ru"])
def test_refusals_in_the_readers_language(code):
    """Core and engine refusals, constant or with names and cards, come out translated."""
    from bot.core import TableError
    from bot.present.messages import said
    from games.piquet.combos import claim_term
    from rules.base import not_your_turn
    from rules.messages import Cards, Msg, suit
    lang, names = lang_for(code), ["Alice", "Bob"]
    for message in (
            "You are not playing at this table.",
            not_your_turn(1).named(names),
            Msg("You do not hold {card}. You can play: {legal}.", card=Cards(("QH",)),
                legal=Cards(("7C", "8D"), ", ")),
            Msg("You must follow suit: you hold a {suit}.", suit=suit(2, "heart")),
            Msg("Only the host ({who}) or a moderator can do that.", who="Alice"),
            Msg("Your {claim} does not beat the {best}: say 'good'.",
                claim=claim_term("set", 3, 13), best=claim_term("set", 4, 14)),
            Msg("{best} has been declared: answer 'good' or declare a better one.",
                best=claim_term("sequence", 5, 13, capital=True)),
            Msg("You cannot hand back the {card} you just received: return any other card.",
                card=Cards(("7H",))),
            Msg("You must return a {suit} higher than the {card} you received: {cards}.",
                suit=suit(2, "heart"), card=Cards(("7H",)), cards=Cards(("9H", "KH"))),
            Msg("You do not hold {cards}.", cards=Cards(("2C", "3C")))):
        out = said(TableError(message), lang)
        assert out != str(message) and not re.search(r"\b(you|your|the|hold)\b", out), out
    assert "Bob" in said(TableError(not_your_turn(1).named(names)), lang)
    assert said(TableError(Msg("The game is over.")), EN) == "The game is over."


# Typed moves a player might get wrong, for every game (bad cards, missing arguments,
# moves of another phase or variant).
BAD_MOVES = ("", "zz", "play", "play ZZ", "play 10H", "play AS", "play KO", "play 2C 3C",
             "pass", "beat", "beat AH", "add", "give", "give 2C", "return", "trump",
             "trump zz", "trump none", "discard", "discard AH", "discard 2C 3C 4C 5C 6C 7C",
             "keep", "declare", "declare point", "declare point 9", "declare sequence 3 ZZ",
             "declare sets", "sink", "sink zz", "good", "bid", "bid 99", "bid zz", "double",
             "redouble", "count", "play 7", "discard 7C 7C", "take", "play 10♥️",
             "declare point 8", "declare sequence 8 ace", "declare set 4 aces",
             "declare set 3 tens", "sink sets", "return 2C", "return AS", "give AS",
             "trump hearts", "discard AS KS QS JS", "bid 7", "bid -8", "add 2C", "pass 2C")


@pytest.mark.parametrize("code", ["pl", "ru"])
def test_typed_move_refusals_are_translated(code):
    """Every refusal the engines give to those typed moves, in random positions of every
    game configuration and from every seat, comes out in the reader's language."""
    from bot.present.messages import plain
    from rules.errors import IllegalAction
    lang, english = lang_for(code), []
    for game, n, options in CONFIGS:
        g = rules.get_game(game)
        for seed in range(4):
            rng = random.Random(seed)
            state = g.new_state(n, options, seed=seed)
            for _ in range(rng.randrange(0, 40)):
                if state.is_over:
                    break
                state.apply(state.current_seat, rng.choice(state.legal_actions(
                    state.current_seat)))
            if state.is_over:
                continue
            for seat in range(n):
                for typed in BAD_MOVES:
                    try:
                        g.state_from_json(state.to_json()).apply(seat, typed)
                    except IllegalAction as e:
                        names = [f"P{i}" for i in range(n)]
                        said = plain(e.msg, EN, names)
                        if plain(e.msg, lang, names) == said:
                            english.append(f"{game}: {said}")
    assert not english, sorted({re.sub(r"\d+", "N", e) for e in english})


@pytest.mark.parametrize("code, words", [("pl", ("Twoje karty", "na ręce", "kier")),
                                          ("ru", ("Ваши карты", "на руке", "червей"))])
def test_picture_alt_texts_speak_the_scene_language(code: str, words: tuple[str, ...]) -> None:
    from bot.present.art import describe_hand, describe_table
    g = rules.get_game("thirteens")
    state = g.new_state(3, {}, seed=1)
    scene = present(state.view(0), ["A", "B", "C"], forms=state.action_forms(0),
                    legal=state.legal_actions(0), lang=code)
    said = describe_table(scene, ["A", "B", "C"]) + " " + describe_hand(scene, ["A", "B", "C"])
    print(said)
    for word in ("Your hand", "to play", "cards in hand", "face down", "hearts"):
        assert word not in said
    assert all(w in said for w in words[:2])


def test_a_point_of_one_card_is_singular_in_polish_and_russian():
    from games.piquet.presenter.claims import claim_words
    assert claim_words("pl", "point", 1, 0) == "punkt z 1 karty"
    assert claim_words("pl", "point", 4, 0) == "punkt z 4 kart"
    assert claim_words("ru", "point", 1, 0) == "пойнт из 1 карты"
    assert claim_words("ru", "point", 5, 0) == "пойнт из 5 карт"


@pytest.mark.parametrize(("code", "want"), [
    ("en", "'7 swords' is not a card. Write cards like AS, A♠ or ace of spades."),
    ("pl", "'7 swords' to nie karta. Zapisuj karty tak: AS, A♠ albo as pik."),
    ("ru", "'7 swords' — не карта. Записывайте карты так: AS, A♠ или туз пик."),
])
def test_a_word_that_is_no_card_gets_an_example_of_the_games_own_deck(code, want):
    """Thirteens' deck ends with its jokers: the example was 'X2 or 🃏2'."""
    from bot.present.messages import said
    with pytest.raises(rules.IllegalAction) as e:
        rules.get_game("thirteens").parse_action("play 7 swords")
    assert said(e.value, lang_for(code)) == want
    with pytest.raises(rules.IllegalAction) as e:
        rules.get_game("coins").parse_action("play zz")
    assert "AB" in said(e.value, lang_for(code))
