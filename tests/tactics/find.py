"""Finds and proves trick-play positions for the tactics suite (a tool, not a test).

    python -m tests.tactics.find coins --cards 3 --count 20 [--seed 1] [--option K=V]

Deals random stacked decks, lets the ``easy`` player play each one into the
last few tricks of the first hand, and keeps the positions where, in the
seat's information set (every world ``sample_world`` gives, exhaustively
played out by ``exact.bounds``), some legal moves are dominated: they can
never do better than another move, whatever the hidden cards and whatever
anybody plays later.  It prints each as a ``Position`` with the proof in its
``why``; a person then reads it and keeps the instructive ones.  ``check``
re-proves a position already in the suite.
"""

from __future__ import annotations

import argparse
import random

import rules
from rules.ai.players import make_player
from rules.base import State
from rules.cards import CARD

from .exact import (
    SECOND_RESULT,
    bounds,
    dominated,
    trick_bounds,
    trick_won,
    visible_gifts,
    worlds,
)
from .position import Position, build

UNIT = {"coins": "coins", "thirteens": "points", "starshina": "stakes", "piquet": "points"}


def _hand_len(state: State, seat: int) -> int:
    return len(state.hands[seat])


def _fmt(v: float) -> str:
    return f"{v:+g}"


def prove(state: State, seat: int) -> dict:
    """The exact analysis of ``state`` for ``seat``: worlds, bounds, dominated moves, gifts."""
    ws = worlds(state, seat)
    table = bounds(state, seat, ws)
    bad = dominated(table)
    for other in SECOND_RESULT.get(state.game.name, ()):
        bad &= dominated(bounds(state, seat, ws, other))
    tb = trick_bounds(state, seat, ws, trick_won)
    gifts = visible_gifts(state, seat)
    return {"worlds": len(ws), "table": table, "bad": bad, "tricks": tb, "gifts": gifts}


def _scored(state: State, seat: int, move: str) -> str:
    """Thirteens, the seat completing a trick: who takes it with ``move`` and its score."""
    from games.thirteens.scoring import describe, trick_points
    card = int(state.game.parse_action(move, state.options).args[0])
    trick = [list(p) for p in state.trick] + [[seat, card]]
    cards = [c for _, c in trick]
    points, combos, jokers = trick_points(cards, state.thirteen_value)
    mine = state._trick_winner(trick) == seat
    text = " ".join(str(CARD[c]) for c in cards)
    return f"with {CARD[card]} {'you take' if mine else 'another player takes'} {text} " \
        f"({describe(combos, jokers, state.thirteen_value, points)})"


def why_text(game: str, proof: dict, keep: list[str], bad: list[str], base: float,
             state: State | None = None, seat: int = 0) -> str:
    """One sentence stating the proof: for each avoided move, a kept move whose worst
    result is at least the avoided move's best in every deal the seat cannot tell apart."""
    table, tricks = proof["table"], proof["tricks"]
    unit = UNIT[game]
    if game == "piquet" and state is not None and state.n == 3:
        # Normand: proved on the lead over the best other player and on the seat's own
        # points (exact.SECOND_RESULT); the sentence states the first.
        unit = "points against the best other player (and as many of its own)"
    n = proof["worlds"]

    def card(m: str) -> str:
        return m.split(" ", 1)[1]

    def beats(a: str, b: str) -> int:
        """Deals where a's worst beats b's best; -1 if a's worst falls below b's best once."""
        pairs = list(zip(table[a], table[b], strict=True))
        if any(alo < bhi for (alo, _), (_, bhi) in pairs):
            return -1
        return sum(1 for (alo, _), (_, bhi) in pairs if alo > bhi)

    sure_win = [m for m in keep if all(lo > 0 for lo, _ in tricks[m])]
    sure_loss = [m for m in bad if all(hi < 0 for _, hi in tricks[m])]
    lose = "lose" if len(bad) > 1 else "loses"
    parts = []
    if sure_win and len(sure_loss) == len(bad):
        parts.append(f"{' or '.join(card(m) for m in sure_win)} takes this trick whatever "
                     f"the others hold, {' and '.join(card(m) for m in bad)} {lose} it")
    elif len(sure_loss) == len(bad):
        parts.append(f"{' and '.join(card(m) for m in bad)} {lose} this trick whatever the "
                     f"others hold")
    if game == "thirteens" and state is not None and len(state.trick) == state.n - 1 \
            and len(keep) + len(bad) <= 4:
        parts.append("; ".join(_scored(state, seat, m) for m in keep + bad))
    # One kept move that beats every avoided one, else one per avoided move.
    covering = [a for a in keep if all(beats(a, b) > 0 for b in bad)]
    groups = [(covering[0], bad)] if covering else \
        [(next(a for a in keep if beats(a, b) > 0), [b]) for b in bad]
    deals = f"each of the {n} deals you cannot tell apart" if n > 1 else "this deal"
    clauses = []
    for a, bs in groups:
        more = min(beats(a, b) for b in bs)
        clauses.append(f"{card(a)} ends the hand with at least as many {unit} as "
                       f"{' or '.join(card(b) for b in bs)} could at best, and more in "
                       f"{more if n > 1 else 'it'}" + ("" if n == 1 else " of them"))
    parts.append(f"in {deals}, played out every way, " + "; ".join(clauses))
    text = "; ".join(parts)
    return text[0].upper() + text[1:] + "."


def find(game_name: str, players: int, options: dict, cards: int, count: int, seed: int,
         prefix: str, instructive: bool = True, start: int = 1,
         only_seat: int | None = None) -> None:
    game = rules.get_game(game_name)
    rng = random.Random(seed)
    easy = make_player("easy", game_name, 0)
    found = 0
    tries = 0
    start -= 1
    while found < count and tries < count * 40:
        tries += 1
        deck = list(game.deck.cards)
        rng.shuffle(deck)
        deck_text = " ".join(str(CARD[int(c)]) for c in deck)
        state = game.new_state(players, options, seed=1, deck=deck_text.split())
        script: list[str] = []
        hand = getattr(state, state.deal_field)
        stop_at = rng.randrange(players)   # which place in the trick the seat plays
        ok = False
        while not state.is_over and getattr(state, state.deal_field) == hand:
            seat = state.current_seat
            assert seat is not None
            if getattr(state, "phase", "play") == "play" and _hand_len(state, seat) == cards \
                    and len(state.trick) == stop_at % players \
                    and len(state.legal_actions(seat)) > 1 \
                    and only_seat in (None, seat):
                ok = True
                break
            if getattr(state, "phase", "play") == "play" and _hand_len(state, seat) < cards:
                break
            a = easy.choose(state, seat) if rng.random() < 0.85 else \
                rng.choice(state.legal_actions(seat))
            script.append(str(a))
            state.apply(seat, a)
        if not ok:
            continue
        seat = state.current_seat
        assert seat is not None
        proof = prove(state, seat)
        bad = sorted(proof["bad"])
        legal = [str(a) for a in state.legal_actions(seat)]
        keep = [m for m in legal if m not in proof["bad"]]
        if not bad:
            continue
        easy_move = str(easy.choose(state, seat))
        if instructive and easy_move not in proof["bad"] and not proof["gifts"] \
                and rng.random() < 0.7:
            continue
        base = _base(state, seat)
        found += 1
        name = f"{prefix}-{start + found:02d}"
        why = why_text(game_name, proof, keep, bad, base, state, seat)
        field = ("best", keep) if len(keep) <= len(bad) else ("avoid", bad)
        gift = bool(proof["gifts"]) and proof["gifts"] <= proof["bad"]
        pos = Position(name=name, game=game_name, players=players, deck=deck_text,
                       moves="; ".join(script), seat=seat, why=why, options=options,
                       gift=gift, **{field[0]: tuple(field[1])})
        build(pos)
        print(f"# easy plays {easy_move} ({'wrong' if easy_move in proof['bad'] else 'right'}); "
              f"hand {sorted(str(CARD[c]) for c in state.hands[seat])}, trick "
              f"{[str(CARD[c]) for _, c in state.trick]}, gifts {sorted(proof['gifts'])}")
        print(render(pos))


def _base(state: State, seat: int) -> float:
    from .exact import HAND_RESULT
    return HAND_RESULT[state.game.name](state, seat)


def render(pos: Position) -> str:
    """``pos`` as Python source for a data module."""
    lines = ["    Position(",
             f"        name={pos.name!r}, game={pos.game!r}, players={pos.players}, "
             f"seat={pos.seat},"]
    if pos.options:
        lines.append(f"        options={pos.options!r},")
    lines.append(f"        deck={pos.deck!r},")
    lines.append(f"        moves={pos.moves!r},")
    if pos.keep:
        lines.append(f"        keep={pos.keep!r},")
    elif pos.best:
        lines.append(f"        best={pos.best!r},")
    else:
        lines.append(f"        avoid={pos.avoid!r},")
    if pos.gift:
        lines.append("        gift=True,")
    lines.append(f"        why={pos.why!r},")
    lines.append("    ),")
    return "\n".join(lines)


def check(pos: Position) -> list[str]:
    """Re-prove a suite position: what is wrong with it (empty when the proof holds)."""
    state = build(pos)
    proof = prove(state, pos.seat)
    legal = {str(a) for a in state.legal_actions(pos.seat)}
    wrong = set(pos.avoid) if pos.avoid else legal - set(pos.best)
    problems = []
    if not wrong <= proof["bad"]:
        problems.append(f"not proved bad: {sorted(wrong - proof['bad'])}")
    if pos.gift and not proof["gifts"]:
        problems.append("marked gift, but no visible gift")
    return problems


def refresh(module: str) -> None:
    """Re-prove every trick position of ``tests/tactics/<module>.py`` and print it with
    its proof sentence written afresh (problems are printed as comments)."""
    from importlib import import_module
    for pos in import_module(f"{__package__}.{module}").POSITIONS:
        state = build(pos)
        if pos.game not in UNIT or getattr(state, "phase", "play") != "play":
            print(render(pos))   # proved by hand: its why says how
            continue
        proof = prove(state, pos.seat)
        legal = [str(a) for a in state.legal_actions(pos.seat)]
        bad = sorted(set(pos.avoid) if pos.avoid else set(legal) - set(pos.best))
        keep = [m for m in legal if m not in bad]
        problems = check(pos)
        if problems:
            print(f"# {pos.name}: {problems}")
            continue
        why = why_text(pos.game, proof, keep, bad, 0.0, state, pos.seat)
        print(render(Position(**{**pos.__dict__, "why": why})))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("game")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--cards", type=int, default=3)
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[])
    p.add_argument("--prefix", default="")
    p.add_argument("--start", type=int, default=1)
    p.add_argument("--seat", type=int, help="only positions where this seat is to move "
                   "(the dealer knows the discards: fewer worlds to prove over)")
    p.add_argument("--refresh", action="store_true",
                   help="re-prove tests/tactics/GAME.py and print it with fresh whys")
    args = p.parse_args()
    if args.refresh:
        refresh(args.game)
        return
    options = {}
    for kv in args.option:
        k, v = kv.split("=", 1)
        options[k] = int(v) if v.isdigit() else v
    find(args.game, args.players, options, args.cards, args.count, args.seed,
         args.prefix or args.game, start=args.start, only_seat=args.seat)


if __name__ == "__main__":
    main()
