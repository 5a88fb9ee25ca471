"""Engine messages (rules/messages.py): every event and refusal of every game is a message
- an id in the Polish and Russian catalogs plus typed parameters - whose English is the
engine's sentence; random play of every configuration, with random bad input."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from bot import plugins
from bot.i18n import PSEUDO, lang_for, read_catalog
from bot.present.messages import marked, plain
from rules.errors import IllegalAction
from rules.messages import Cards, Join, Msg, Seat, Seats, Term, counted, decode, event, said

CONFIGS = [(name, n, opts) for name, game in sorted(rules.GAMES.items())
           for n, opts in game.configurations()]
# Typed input a player might get wrong, in any game and phase.
BAD = ("", "zz", "play", "play ZZ", "play 2Z", "play AS", "play KO", "play 2C 3C", "pass",
       "pass 2C 3C", "beat", "beat AH", "beat KS take", "beat KS take 7C", "add", "add KH",
       "give", "give 2C", "return", "return AS", "trump", "trump zz", "trump none",
       "trump hearts", "discard", "discard AH", "discard 2C 3C 4C 5C 6C 7C", "discard 7C 7C",
       "keep", "declare", "declare point", "declare point 9", "declare sequence 3 ZZ",
       "declare sequence 5 seven", "declare set 4 sevens", "declare set 4 aces", "sink",
       "sink zz", "sink sets", "good", "bid", "bid 99", "bid 7", "bid -8", "double",
       "redouble", "count", "zagraj damę", "play queen of hearts", "play KH", "play 7O")


def _catalog_ids(code: str) -> set[str]:
    """The ids translated in ``code``: the project's catalog and every plug-in's (a
    game's own words are in its package)."""
    from babel.messages.pofile import read_po
    catalogs = [read_catalog(code)]
    for plugin in plugins.plugins():
        if plugin.catalogs is not None and (plugin.catalogs / f"{code}.po").exists():
            with (plugin.catalogs / f"{code}.po").open("rb") as f:
                catalogs.append(read_po(f, locale=code))
    return {m.id if isinstance(m.id, str) else m.id[0] for c in catalogs for m in c
            if m.id and m.string and all(m.string if isinstance(m.string, tuple)
                                         else [m.string])}


CATALOGS = {code: _catalog_ids(code) for code in ("pl", "ru")}


def _ids(message: Msg) -> set[str]:
    """The ids of ``message`` and of every message inside it."""
    out = {message.key}

    def walk(v: object) -> None:
        if isinstance(v, Msg):
            out.update(_ids(v))
        elif isinstance(v, tuple) and v and v[0] == "m":
            out.update(_ids(Msg.of(v)))
        elif isinstance(v, Join):
            for m in v.items:
                walk(m)
        elif isinstance(v, tuple) and v and v[0] == "j":
            walk(decode(v))
    for value in message.args.values():
        walk(value)
    return out


def _check(message: object, seen: set[str]) -> None:
    assert isinstance(message, Msg), f"not a message: {message!r}"
    for key in _ids(message):
        for code, ids in CATALOGS.items():
            assert key in ids, f"{code}: no translation of {key!r}"
        seen.add(key)
    # Its English is what it says, worded again from its id and parameters.
    assert plain(message, lang_for("en")) == str(message)


def _bad_input(state, rng: random.Random, seen: set[str]) -> None:
    n = state.n
    for typed in rng.sample(BAD, 5):
        for seat in (state.current_seat, (state.current_seat + 1) % n, n + 3):
            before = state.to_json()
            try:
                state.apply(seat, typed)
            except IllegalAction as e:
                _check(e.msg, seen)
                assert str(e) == str(e.msg)
                assert state.to_json() == before   # a refusal changes nothing
            else:
                return
    try:
        state.ask_count((state.current_seat + 1) % n)
    except IllegalAction as e:
        _check(e.msg, seen)


@settings(max_examples=40, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32), steps=st.integers(1, 600),
       bad=st.floats(0.0, 0.3))
def test_every_event_and_refusal_is_a_message_in_the_catalogs(config, seed, steps, bad):
    name, n, options = config
    game = rules.get_game(name)
    state = game.new_state(n, options, seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(steps):
        if state.is_over:
            break
        if rng.random() < bad:
            _bad_input(state, rng, seen)
        seat = state.current_seat
        for e in state.apply(seat, rng.choice(state.legal_actions(seat))):
            _check(e["text"], seen)
    for seat in (None, *range(n)):
        for e in state.view(seat)["events"]:
            _check(e["text"], seen)
    # The kept log is plain data that words the same after a JSON round trip.
    restored = game.state_from_json(state.to_json())
    assert [str(said(e)) for e in restored.log] == [str(said(e)) for e in state.log]


@pytest.mark.parametrize("game,n,options", CONFIGS,
                         ids=[f"{g}-{n}-{'-'.join(map(str, o.values())) or 'default'}"
                              for g, n, o in CONFIGS])
def test_refusals_in_the_pseudo_locale_come_from_catalogs(game, n, options):
    """Every refusal of those typed moves, worded in the marker pseudo-locale: nothing but
    names, card codes, numbers and quoted move words is left outside ⟦ ⟧."""
    g = rules.get_game(game)
    qps = lang_for(PSEUDO)
    for seed in range(3):
        rng = random.Random(seed)
        state = g.new_state(n, options, seed=seed)
        for _ in range(rng.randrange(0, 60)):
            if state.is_over:
                break
            state.apply(state.current_seat, rng.choice(state.legal_actions(
                state.current_seat)))
        if state.is_over:
            continue
        for seat in range(n):
            for typed in BAD:
                try:
                    g.state_from_json(state.to_json()).apply(seat, typed)
                except IllegalAction as e:
                    out = plain(e.msg, qps, [f"P{i}" for i in range(n)])
                    left = re.sub(r"⟦[^⟦⟧]*⟧", "", out)
                    while re.search(r"⟦[^⟦⟧]*⟧", left):
                        left = re.sub(r"⟦[^⟦⟧]*⟧", "", left)
                    left = re.sub(r"'[^']*'|\bP\d\b", "", left)
                    assert not re.search(r"[A-Za-z]{3,}", left), (typed, str(e), out)


def test_a_message_is_its_english_and_its_data():
    m = Msg("{who} takes the trick ({cards}), +{n}.", who=Seat(1),
            cards=Cards(("KC", "NO", "JC")), n=counted("{n} coin", "{n} coins", 2))
    assert m == "{p1} takes the trick (KC NO JC), +2 coins."
    assert m.args["who"] == Seat(1) and m.same(Msg.of(event(m.key, **m.args)))
    assert not m.same(Msg("{who} takes the trick ({cards}), +{n}.", who=Seat(2),
                          cards=Cards(("KC", "NO", "JC")), n=counted("{n} coin", "{n} coins", 2)))
    assert Msg.plural("{n} card", "{n} cards", 1) == "1 card"
    assert Msg("{names} share the win with {n} points.", names=Seats((0, 2)), n=60) == \
        "{p0} and {p2} share the win with 60 points."
    pl = lang_for("pl")
    assert marked(m, pl) == "{p1} bierze lewę ({c:KC} {c:NO} {c:JC}), +2 monety."
    assert plain(m.named(["Ala", "Olek"]), pl) == "Olek bierze lewę (KC NO JC), +2 monety."
    hearts = Msg("{suit} are trumps", suit=Term("suit", (2, "hearts"), "hearts"))
    assert plain(hearts, lang_for("ru")) != str(hearts)


def test_an_old_plain_text_is_shown_as_it_was_or_through_the_catalogs():
    pl = lang_for("pl")
    assert marked("The cards are divided.", pl) == pl._("The cards are divided.") != \
        "The cards are divided."
    deck = rules.get_game("coins").deck
    assert marked("{p1} takes the trick (KC NO JC), +1 coin.", pl, deck) == \
        "{p1} takes the trick ({c:KC} {c:NO} {c:JC}), +1 coin."
