"""Event sentences read right for every seat: third persons for ``{pN}``, "you" for the
viewer, and no transport passes "You" off as a seat name ("You takes the trick")."""

from __future__ import annotations

import re

import pytest

import rules
from bot.core.ai_runner import choose_action
from tests.test_core_cli import parlour

VERBS = ("take|win|play|pass|lead|beat|add|declare|score|discard|exchange|bid|have|are|"
         "sink|call|double|redouble|keep|give|get|make|lose|deal|name|turn|reach|return")
# One seat's name followed by a plural verb ("{p1} take"); teams ("{p0}+{p2} win") are plural.
SINGLE_PLURAL = re.compile(rf"(?<!\+)\{{p\d\}}(?!\+)(?:'s)? (?:{VERBS})\b")
YOU_THIRD = re.compile(r"\b[Yy]ou (?:takes|wins|plays|passes|leads|beats|adds|declares|scores|"
                       r"discards|has|is|was|gives|receives|returns|draws)\b")


@pytest.mark.parametrize("game", sorted(rules.GAMES))
def test_event_sentences_agree_with_their_subject(game: str) -> None:
    g = rules.GAMES[game]
    seen = 0
    for n, options in g.configurations():
        state = g.new_state(n, options, seed=5)
        for k in range(600):
            if state.is_over:
                break
            seat = state.current_seat
            action = choose_action(state.clone(), seat, "random", k)
            for event in state.apply(seat, g.parse_action(action)):
                text = event["text"]
                seen += 1
                assert not SINGLE_PLURAL.search(text), text
                assert not YOU_THIRD.search(text), text
    assert seen > 0


def test_the_terminal_never_names_a_player_you(tmp_path) -> None:
    refused = parlour("play", "coins", "--name", "You", cwd=tmp_path)
    assert refused.returncode == 2
    assert refused.stdout.startswith('Error: With --name You the game would say "You takes')
    helped = parlour("play", "--help", cwd=tmp_path)
    assert "(default: your login name, or Player)" in " ".join(helped.stdout.split())
