"""An AI seat's own name and level are data (issue 46): "Ada (AI, hard)" is made from them
where it is shown, in the reader's language, and nothing reads the English back but the
one legacy reader, for rows stored before (``bot.core.names.legacy_ai_name``)."""

from __future__ import annotations

import ast
import json
import sqlite3
from pathlib import Path

import pytest

from bot.core.daily import daily_ai_names
from bot.core.leaderboard import players
from bot.core.names import ai_seat_name, legacy_ai_name
from bot.core.seats import Seat
from bot.core.tournament.model import Entrant, Format
from bot.core.tournament.state import Tournament
from bot.i18n import lang_for
from bot.present.base import player_name, seat_label
from tests.test_core_helpers import HOST, make_table, running_core

ROOT = Path(__file__).resolve().parent.parent
# Where the words "(AI" may stand in code: names.py makes the English table name (and
# its legacy reader reads it back); present/base.py's catalog texts word the label.
MAKERS = {"bot/core/names.py", "bot/present/base.py"}
# The stored rows' decoders, the only callers of the legacy reader.
DECODERS = {"bot/core/names.py", "bot/core/seats.py", "bot/core/leaderboard.py",
            "bot/core/tournament/state.py"}


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def test_no_code_but_the_legacy_reader_reads_ai_names_back() -> None:
    strings, readers = [], []
    for top in ("bot", "games", "rules"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = _docstrings(tree)
            for node in ast.walk(tree):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                        and "(AI" in node.value and id(node) not in docs
                        and rel not in MAKERS):
                    strings.append(f"{rel}:{node.lineno}")
                names = {node.id} if isinstance(node, ast.Name) else \
                    {a.name for a in node.names} if isinstance(node, ast.ImportFrom) else set()
                if names & {"legacy_ai_name", "AI_SUFFIX", "ai_first_name"} \
                        and rel not in DECODERS:
                    readers.append(f"{rel}:{node.lineno}")
    assert strings == [] and readers == [], (strings, readers)
    # The test sees what it looks for: the makers do hold the words.
    assert '"{name} (AI, {level})"' in (ROOT / "bot/present/base.py").read_text()


def test_an_ai_seat_keeps_its_own_name_and_level_as_data() -> None:
    seat = Seat.ai("Ada", "hard")
    assert (seat.name, seat.ai_name, seat.ai_level, seat.kind) == \
        ("Ada (AI, hard)", "Ada", "hard", "ai")
    again = Seat.from_dict(json.loads(json.dumps(seat.to_dict())))
    assert again == seat
    # An AI named otherwise than Ada: its own name is not read from its table name.
    odd = Seat.from_dict({**seat.to_dict(), "ai_name": "Zoë"})
    assert odd.ai_name == "Zoë" and seat_label(odd.name, "ai", "hard", lang_for("en"),
                                               odd.ai_name) == "Zoë (AI, hard)"


@pytest.mark.parametrize("code", ["en", "pl", "ru"])
def test_old_rows_read_once_at_load_and_show_as_before(code: str) -> None:
    lang = lang_for(code)
    before = lang._("{name} (AI, {level})", name="Ada", level=lang._("hard"))
    # A seat row of a556011's: no ai_name.
    old = Seat.from_dict({"name": "Ada (AI, hard)", "user_id": None, "ai_level": "hard",
                          "strikes": 0, "abandoned": False})
    assert old.ai_name == "Ada"
    assert seat_label(old.name, old.kind, old.ai_level, lang, old.ai_name) == before
    # A person whose name looks like an AI's is not taken apart; a human the AI plays for.
    person = Seat.from_dict({"name": "Ada (AI, hard)", "user_id": 7, "ai_level": None})
    assert person.ai_name is None and seat_label(person.name, person.kind, None, lang) == \
        "Ada (AI, hard)"
    # A finished game's players as stored then.
    stored = players(json.dumps([{"seat": 0, "name": "Alice", "user_id": 1, "kind": "human",
                                  "ai_level": None, "abandoned": False, "strikes": 0},
                                 {"seat": 1, "name": "Ada (AI, hard)", "user_id": None,
                                  "kind": "ai", "ai_level": "hard", "abandoned": False,
                                  "strikes": 0}]))
    assert [p["ai_name"] for p in stored] == [None, "Ada"]
    assert [player_name(p, lang) for p in stored] == ["Alice", before]


def test_tournament_entrants_keep_the_ai_name_and_read_old_ones() -> None:
    t = Tournament("piquet", Format.SWISS, (2,), 1, 3, False, 2,
                   [Entrant("1", "Alice"), Entrant("ai:hard:1", "Ada (AI, hard)", 1600, "Ada")])
    assert Tournament.from_json(t.to_json()).entrants == t.entrants
    old = json.loads(t.to_json())
    old["entrants"] = [e[:3] for e in old["entrants"]]   # as stored before ai_name
    assert [e.ai_name for e in Tournament.from_json(json.dumps(old)).entrants] == [None, "Ada"]
    assert legacy_ai_name("Ada (AI, hard)", "easy") is None   # not the level it says


def test_daily_ai_names_are_the_ones_the_table_names_were_made_from() -> None:
    for seat in range(4):
        names: list[str] = []
        for i in range(4):   # as the daily deal named its seats before ai_name
            names.append("Basil" if i == seat else ai_seat_name("normal", names + ["Basil"]))
        made = daily_ai_names(4, seat, "Basil")
        assert [n if a is None else f"{a} (AI, normal)" for n, a in zip(names, made,
                                                                         strict=True)] == names


@pytest.mark.usefixtures("backend")
async def test_lobby_seats_carry_the_ai_name(tmp_path) -> None:
    async with running_core(tmp_path) as env:
        await make_table(env.core, "starshina", ais=["easy"], start=False)
        info = await env.core.add_ai(1, HOST, "hard")
        assert [(s.name, s.ai_name) for s in info.seats] == \
            [("Alice", None), ("Ada (AI, easy)", "Ada"), ("Basil (AI, hard)", "Basil")]
        ru = lang_for("ru")
        assert seat_label(info.seats[2].name, "ai", "hard", ru, info.seats[2].ai_name) == \
            ru._("{name} (AI, {level})", name="Basil", level=ru._("hard"))


def test_a556011_database_rows_read_their_ai_names() -> None:
    """The database a556011 wrote (tests/test_main_games.py plays on from it): its AI seats
    and finished games' AI players come out with their own names."""
    conn = sqlite3.connect(ROOT / "tests/data/main_games.db")
    try:
        games = [players(r[0]) for r in conn.execute("SELECT players FROM games")]
        seats = [Seat.from_dict(s) for r in conn.execute("SELECT seats FROM tables")
                 for s in json.loads(r[0])]
    finally:
        conn.close()
    ai = [p for g in games for p in g if p["kind"] == "ai"]
    assert ai and all(p["ai_name"] and p["name"] == f"{p['ai_name']} (AI, {p['ai_level']})"
                      for p in ai)
    assert all(s.ai_name is not None for s in seats if s.user_id is None)
    pl = lang_for("pl")
    assert player_name(ai[0], pl) == pl._("{name} (AI, {level})", name=ai[0]["ai_name"],
                                          level=pl._(ai[0]["ai_level"]))
