"""The garbage-collector policy of a running bot (bot/discordbot/transport/long_lived.py): what
survives a full pass is frozen, so the next pass is short, and every interval all is
unfrozen and collected once, so garbage cycles among frozen objects do not stay."""

from __future__ import annotations

import asyncio
import gc
import weakref

from bot.discordbot.transport.long_lived import LongLived


class Node:
    def __init__(self) -> None:
        self.me = self   # a reference cycle: only the collector frees it


async def settle() -> None:
    for _ in range(3):
        await asyncio.sleep(0)


async def test_survivors_of_a_full_pass_are_frozen_until_the_release() -> None:
    policy = LongLived(release_every=3600)
    try:
        policy.start()
        frozen = gc.get_freeze_count()
        assert frozen > 0                      # what start-up left alive

        keep = [[i] for i in range(1000)]      # long-lived objects made after start-up
        gc.collect()                           # a full pass: its survivors are frozen
        await settle()
        assert gc.get_freeze_count() >= frozen + len(keep)

        node = Node()
        gone = weakref.ref(node)
        gc.collect()
        await settle()                         # the cycle is frozen with the rest
        del node
        gc.collect()
        assert gone() is not None              # a frozen cycle waits for the release...
        policy.release()
        assert gone() is None                  # ...which collects it
        assert gc.get_freeze_count() > 0       # and freezes what is alive again
    finally:
        policy.stop()
        gc.unfreeze()


async def test_stop_removes_the_callback_and_the_timer() -> None:
    policy = LongLived(release_every=3600)
    try:
        policy.start()
        assert policy._after_pass in gc.callbacks
    finally:
        policy.stop()
        gc.unfreeze()
    assert policy._after_pass not in gc.callbacks and policy._timer is None


async def test_the_release_comes_by_itself_every_interval() -> None:
    policy = LongLived(release_every=0.05)
    try:
        policy.start()
        node = Node()
        gone = weakref.ref(node)
        gc.collect()
        await settle()
        del node
        for _ in range(100):                   # bounded: 2 s at most
            if gone() is None:
                break
            await asyncio.sleep(0.02)
        assert gone() is None
    finally:
        policy.stop()
        gc.unfreeze()
