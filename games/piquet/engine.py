"""Piquet (Rubicon, as Cavendish codified it) with au cent, normand, à quatre and auction."""

from __future__ import annotations

from games.piquet.parsing import bid_tokens, parse_declare, parse_sink
from games.piquet.state import PiquetState
from games.piquet.variants import VARIANTS
from games.piquet.words import WORDS
from rules.actions import Action
from rules.base import Game, Option
from rules.cards import PIQUET_32
from rules.errors import IllegalAction


class Piquet(Game):
    name = "piquet"
    title = "Piquet"
    deck = PIQUET_32
    min_players = 2
    max_players = 4
    option_list = (
        Option("variant", "rubicon", tuple(VARIANTS),
               "rubicon: the classic two-handed partie of six deals; au_cent: first to 100; "
               "normand: three players; a_quatre: two against two; auction: bid for tricks.",
               str),
        Option("target", 100, (), "Normand only: the game ends after the deal in which "
               "someone reaches this score.", int, minimum=30, maximum=1000),
    )
    move_words = WORDS
    private_twins = frozenset({
        ("You discard {out} and draw {got}; the cards you left are {left}.",
         "{who} exchanges {n}, leaving {left}."),
        ("You discard {out} and draw {got}; the cards left are {left}.",
         "{who} exchanges {n}, leaving {left}."),
        *(("You discard {out} and draw {got}.", public) for public in (
            "{who} exchanges five.", "{who} exchanges {n}, taking the whole talon.",
            "{who} exchanges {n}."))})
    grammar = {"discard": ("cards",), "keep": (), "declare": (), "sink": (), "good": (),
               "play": ("card",), "bid": ("int",), "pass": (), "double": (), "redouble": ()}
    aliases = {"exchange": "discard", "stand": "keep", "call": "declare",
               "announce": "declare", "contre": "double", "surcontre": "redouble"}
    state_class = PiquetState
    turn_seconds = 120
    teams = False

    def player_counts(self, options: dict | None = None) -> tuple[int, ...]:
        variant = (options or {}).get("variant", "rubicon")
        return (VARIANTS[variant].players,) if variant in VARIANTS else (2,)

    def configurations(self) -> list[tuple[int, dict]]:
        return [(2, {})] + [(v.players, {"variant": name}) for name, v in VARIANTS.items()
                            if name != "rubicon"]

    def kinds(self, options: dict | None = None) -> tuple[str, ...]:
        v = VARIANTS.get((options or {}).get("variant", "rubicon"))
        if v is None:
            return tuple(self.grammar)
        exchange = ("discard", "keep") if v.exchange != "none" else ()
        bidding = ("bid", "pass", "double", "redouble") if v.name == "auction" else ()
        return exchange + bidding + ("declare", "sink", "good", "play")

    def parse_action(self, text: str | Action, options: dict | None = None) -> Action:
        if isinstance(text, str):
            words = text.replace(",", " ").split()
            head = self.aliases.get(words[0].lower(), words[0].lower()) if words else ""
            if options is not None and head not in self.kinds(options):
                head = ""  # not this variant's move: the generic parser says so
            if head == "declare":
                return parse_declare(words[1:])
            if head == "sink":
                return parse_sink(words[1:])
            if head == "bid":
                text = " ".join(["bid"] + bid_tokens(words[1:]))
        return super().parse_action(text, options)

    def _normalise(self, action: Action) -> Action:
        if action.kind == "discard":
            return Action("discard", tuple(sorted(action.args)))
        return action


GAME = Piquet()

__all__ = ["GAME", "IllegalAction", "Piquet", "PiquetState"]
