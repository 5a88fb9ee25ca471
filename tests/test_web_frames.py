"""The web table's frames stay small and say exactly the legal moves (bot/web/protocol.py):
a card form marked ``any_of`` stands for every choice of its cards, so a Piquet exchange or
a Starshina kitty is one form, not thousands of listed discards; what a client builds from
a frame (``protocol.offered``) is exactly the engine's legal moves, at random positions of
every game; the largest frame of random games stays under a bound per game; and a client too
slow to read is closed (1013) rather than queued for without end."""

from __future__ import annotations

import asyncio
import random
from collections import Counter

import pytest
from aiohttp import WSCloseCode
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from bot.i18n import lang_for
from bot.present import seat_scene
from bot.web import protocol as p
from bot.web.server import QUEUE_FRAMES, Conn
from tests.load.frames import NAMES, configurations, largest

CONFIGS = configurations()
IDS = [f"{name}-{n}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "default")
       for name, n, o in CONFIGS]

# Bytes of the largest frame of three random games (tests/load/frames.py measured 2,694 to
# 7,875 on 2026-12-02): a listed move per combination would be 200-380 KB.
BOUND = {"pinkerton": 10_000}
DEFAULT_BOUND = 6_000


def _frame(state: rules.State, seat: int | None) -> dict:
    names = NAMES[:state.n]
    scene, moves = seat_scene(state, seat, names)
    return p.table_frame("scene", 0, scene, seat, names, moves)


def _key(kind: str, args) -> tuple[str, frozenset]:
    return kind, frozenset(Counter(str(a) for a in args).items())


def check_offered(state: rules.State) -> None:
    seat = state.current_seat
    if seat is None:
        return
    frame = _frame(state, seat)
    got = p.offered(frame)
    legal = state.legal_actions(seat)
    # Every move the frame offers is legal as the client sends it (its cards in any order)...
    for move in got:
        assert state.is_legal(seat, " ".join([move["kind"], *map(str, move["args"])])), move
    # ...and every legal move is offered.
    assert {_key(m["kind"], m["args"]) for m in got} == {_key(a.kind, a.args) for a in legal}
    # A spectator is offered nothing.
    assert p.offered(_frame(state, None)) == []


@pytest.mark.parametrize("name,n,opts", CONFIGS, ids=IDS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**40), moves=st.integers(0, 300), every=st.integers(3, 9))
def test_a_frame_offers_exactly_the_legal_moves(name, n, opts, seed, moves, every) -> None:
    state = rules.get_game(name).new_state(n, opts, seed=seed)
    rng = random.Random(seed)
    for step in range(moves + 1):
        if state.is_over:
            break
        if step % every == 0:
            check_offered(state)
        state.apply(state.mover, rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name, options, phase", [
    ("piquet", {}, "exchange"), ("starshina", {"rules": "starshina", "quotas": "8-5-3"},
                                 "discard")])
def test_a_several_card_choice_is_one_form_not_every_combination(name, options, phase) -> None:
    state = rules.get_game(name).new_state(2 if name == "piquet" else 3, options, seed=3)
    rng = random.Random(3)
    while getattr(state, "phase", None) != phase:
        state.apply(state.mover, rng.choice(state.legal_actions()))
    seat = state.mover
    frame = _frame(state, seat)
    form = next(f for f in frame["scene"]["hand"]["forms"] if f["high"] > 1)
    assert form["any_of"] is True
    assert len(state.legal_actions(seat)) > 100 and len(frame["moves"]) == 0
    assert len(p.dumps(frame).encode()) < 4_000
    check_offered(state)


def test_a_form_that_is_not_every_choice_keeps_its_moves_listed() -> None:
    # Pinkerton's beat form offers the hand's cards, but only some choices of them beat.
    state = rules.get_game("pinkerton").new_state(3, {}, seed=5)
    rng = random.Random(5)
    seen = False
    for _ in range(3000):
        if state.is_over:
            break
        frame = _frame(state, state.mover)
        for form in frame["scene"]["hand"]["forms"]:
            if form["kind"] == "beat" and form["cards"] and not form["any_of"]:
                assert any(m["kind"] == "beat" for m in frame["moves"])
                seen = True
        if seen:
            check_offered(state)
            break
        state.apply(state.mover, rng.choice(state.legal_actions()))
    assert seen


@pytest.mark.parametrize("name,n,opts", CONFIGS, ids=IDS)
def test_the_largest_frame_of_random_games_stays_small(name, n, opts) -> None:
    top = largest(name, n, opts, games=1, seed=11, every=3)
    assert 0 < top.size < BOUND.get(name, DEFAULT_BOUND), top


class _StuckSocket:
    """A websocket whose client never reads: every send waits forever."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.code: int | None = None
        self.closed = False

    async def send_str(self, text: str) -> None:
        self.sent.append(text)
        await asyncio.Event().wait()

    async def close(self, code: int = 1000) -> None:
        self.code, self.closed = code, True


async def test_a_client_too_slow_is_closed_try_again_later_and_holds_few_frames() -> None:
    ws = _StuckSocket()
    conn = Conn(ws, user_id=1, channel_id=1, lang=lang_for("en"))   # type: ignore[arg-type]
    conn.start()
    for i in range(QUEUE_FRAMES * 3):
        conn.put(f'{{"type":"update","version":{i}}}')
        assert conn.queue.qsize() <= QUEUE_FRAMES + 1
        await asyncio.sleep(0)
    # The writer is stuck in its first send; the frames after it were dropped for the close.
    assert conn.closing and len(ws.sent) == 1 and conn.queue.qsize() == 1
    conn.stop()                                    # the stuck send given up (a heartbeat's
    conn.start()                                   # timeout): the close goes out next
    await asyncio.sleep(0)
    assert ws.code == WSCloseCode.TRY_AGAIN_LATER


async def test_frames_queued_before_a_close_are_sent_first() -> None:
    sent: list[str] = []

    class Socket(_StuckSocket):
        async def send_str(self, text: str) -> None:
            sent.append(text)

    ws = Socket()
    conn = Conn(ws, user_id=1, channel_id=1, lang=lang_for("en"))   # type: ignore[arg-type]
    conn.start()
    conn.put("a")
    conn.put("b")
    conn.close(4004)
    conn.put("after the close")
    await conn.finish()
    assert sent == ["a", "b"] and ws.code == 4004
