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
    assert "the name you last played under, or Player)" in " ".join(helped.stdout.split())


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_a_pinkerton_pass_of_your_own_is_told_once_with_its_card(lang: str) -> None:
    """The pass was told twice: "You lay 8♦ face down." then "You cannot beat, so you lay
    a card face down and pass (1 of 2)."."""
    import random

    from bot.i18n import lang_for
    from bot.present import present

    g = rules.GAMES["pinkerton"]
    language = lang_for(lang)
    said = 0
    for seed in range(4):
        state = g.new_state(3, g.validate_options({}), seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current_seat
            action = rng.choice(state.legal_actions(seat))
            last = max((e["n"] for e in state.view(0)["events"]), default=0)
            round_no = state.round_no
            state.apply(seat, action)
            if (seat == 0 and str(action).startswith("pass ") and not state.is_over
                    and state.round_no == round_no):             # no new deal of the card
                fresh = sum(1 for e in state.view(0)["events"] if e["n"] > last)
                events = present(state.view(0), ["Alice", "Ada", "Basil"], lang=language,
                                 recent=fresh).events        # what this move told
                card = "{c:" + str(action).split()[1] + "}"
                assert len([e for e in events if card in e]) == 1, events
                assert not any(e.startswith("{p0}") for e in events), events
                english = present(state.view(0), ["Alice", "Ada", "Basil"],
                                  recent=fresh).events
                assert len([e for e in english if "face down" in e]) == 1, english
                said += 1
    assert said > 5


@pytest.mark.parametrize("variant", ["rubicon", "normand", "a_quatre", "auction"])
def test_piquet_tells_your_own_declarations_as_yours(variant: str) -> None:
    """The table said "Alice: tierce to the queen - good" and "Alice scores 3 for ..."
    while Recent said "You score 3 for ..."."""
    import random

    from bot.i18n import lang_for
    from bot.present import present

    g = rules.GAMES["piquet"]
    options = g.validate_options({} if variant == "rubicon" else {"variant": variant})
    n = g.player_counts(options)[0]
    names = ["Alice", "Ada", "Basil", "Cyril"][:n]
    yours = 0
    for seed in range(3):
        state = g.new_state(n, options, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if state.is_over:
                break
            for lang in ("en", "pl", "ru"):
                lines = present(state.view(0), names, lang=lang_for(lang)).centre.lines
                assert not any(line.startswith("{p0}") or "{p0}'s" in line
                               or "{p0}," in line for line in lines), lines
                yours += sum(1 for line in lines if line.startswith(("You", "Ty:", "Вы:",
                                                                     "Masz", "У вас")))
            seat = state.current_seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert yours > 0
