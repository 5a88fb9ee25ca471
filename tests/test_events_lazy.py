"""Events are logged as data and worded when read: a move (``apply``) words nothing, so
random playouts and AI rollouts pay nothing for English."""

from __future__ import annotations

import random

import pytest

import rules
import rules.base
from rules.messages import Events, Msg, event, said


def _trick_ending_state():
    """A Coins state one play before the first trick ends."""
    state = rules.get_game("coins").new_state(3, {}, seed=5)
    for _ in range(2):
        seat = state.current_seat
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_a_move_words_no_event_until_it_is_read(monkeypatch) -> None:
    state = _trick_ending_state()
    worded = []
    real = rules.base.english
    monkeypatch.setattr(rules.base, "english", lambda *a: worded.append(a) or real(*a))
    seat = state.current_seat
    events = state.apply(seat, state.legal_actions(seat)[0])
    assert len(events) == 1
    assert worded == []                       # the move itself words nothing
    assert events[0]["to"] is None
    text = events[0]["text"]
    assert len(worded) == 1                   # reading it does, once
    assert isinstance(text, Msg) and text.key.startswith("{who} takes the trick")
    assert str(text).startswith("{p") and " takes the trick (" in text
    assert state.view(None)["events"][-1]["text"] == text
    # The view words the events not read yet (the deal's), not this one again.
    assert [a[0] for a in worded].count(text.key) == 1


def test_events_read_like_the_list_of_dicts_apply_returned_before() -> None:
    state = _trick_ending_state()
    seat = state.current_seat
    events = state.apply(seat, state.legal_actions(seat)[0])
    as_list = [{"n": e[0], "to": e[1], "text": said(e)} for e in state.log[-1:]]
    assert events == as_list and as_list == list(events)
    assert events[0] == as_list[0] and events[-1:] == as_list and events[5:] == []
    assert bool(events) and len(events) == 1
    assert repr(events) == repr(as_list)
    assert events != [] and events != "text"
    with pytest.raises(TypeError):
        hash(events)


def test_an_event_keeps_its_words_whatever_the_state_does_next() -> None:
    state = _trick_ending_state()
    seat = state.current_seat
    events = state.apply(seat, state.legal_actions(seat)[0])
    first = str(events[0]["text"])
    rng = random.Random(1)
    while not state.is_over:
        seat = state.current_seat
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert str(events[0]["text"]) == first   # read after the log was trimmed


def test_events_of_plain_entries_word_them_on_their_own() -> None:
    e = event("{n} and {m}", n=1, m="two")
    events = Events([(7, 2, e[1], e[2], e[3]), (8, None, "An old game's text.")])
    assert [(x["n"], x["to"], str(x["text"])) for x in events] == [
        (7, 2, "1 and two"), (8, None, "An old game's text.")]
