"""No module in ``rules/`` or ``bot/`` reads another module's private names.

A *private name* is an identifier that starts with one underscore and is not a dunder
(``__x__``); ``_`` alone (the gettext convention) is not one.  A module *defines* a private
name when it has a ``def``/``class`` of that name at any depth, assigns it at module level
or in a class body (annotations included), or assigns ``self.<name>``/``cls.<name>`` in one
of its functions.

For every module under ``rules/`` and ``bot/`` except ``bot/compat.py`` (the one place
that may reach into libraries' internals, see docs/ARCHITECTURE.md) these count as a
violation:

1. ``from M import _x`` or ``import M._x``/``from M._x import y`` (a private name or
   module of another module; relative imports too).
2. An attribute access ``<expr>._x`` (read, write or delete) when ``<expr>`` is not the
   bare name ``self`` or ``cls`` or a call ``super()``, and ``_x`` is not defined in this
   module.  ``self._x``, ``cls._x`` and ``super()._x`` are an object's own protected
   members, including those a subclass inherits from its engine base class
   (``State._log``, ``TrickState._play``): the hooks a game overrides and calls are the
   documented subclass protocol (docs/ENGINE.md).
3. ``getattr``/``setattr``/``hasattr``/``delattr`` with a literal private name, on the
   same terms as 2.

Not private, though they begin with an underscore: the standard library's documented
public names ``os._exit`` and the named tuple methods and fields ``_replace``,
``_asdict``, ``_make``, ``_fields``, ``_field_defaults`` (``PUBLIC``; matched by attribute
name, whatever the receiver).

A name defined in the module itself is that module's business: ``other._x`` where this
module defines ``_x`` (two instances of one class, a module's helper objects) is allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXEMPT = {Path("bot/compat.py")}
REFLECT = {"getattr", "setattr", "hasattr", "delattr"}
PUBLIC = {"_exit", "_replace", "_asdict", "_make", "_fields", "_field_defaults"}


def _private(name: str) -> bool:
    return name.startswith("_") and name != "_" and not (name.startswith("__")
                                                         and name.endswith("__"))


def _defined(tree: ast.Module) -> set[str]:
    names: set[str] = set()

    def targets(node: ast.AST) -> list[ast.expr]:
        if isinstance(node, ast.Assign):
            return list(node.targets)
        if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            return [node.target]
        return []

    def bind(t: ast.expr, body_level: bool) -> None:
        if isinstance(t, (ast.Tuple, ast.List)):
            for e in t.elts:
                bind(e, body_level)
        elif isinstance(t, ast.Name) and body_level:
            names.add(t.id)
        elif isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) \
                and t.value.id in ("self", "cls"):
            names.add(t.attr)

    def visit(node: ast.AST, body_level: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(child.name)
                visit(child, isinstance(child, ast.ClassDef))
                continue
            for t in targets(child):
                bind(t, body_level)
            visit(child, body_level and isinstance(child, (ast.If, ast.Try, ast.With)))

    visit(tree, True)
    return {n for n in names if _private(n)}


def violations(path: Path) -> list[str]:
    """``path:line: what`` for each private name of another module that ``path`` uses."""
    rel = path.relative_to(ROOT)
    tree = ast.parse(path.read_text("utf-8"), str(rel))
    own = _defined(tree)
    out: list[tuple[int, int, str]] = []

    def bad(node: ast.AST, what: str) -> None:
        line, col = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
        out.append((line, col, f"{rel}:{line}: {what}"))

    def receiver_ok(value: ast.expr, name: str) -> bool:
        return ((isinstance(value, ast.Name) and value.id in ("self", "cls"))
                or (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                    and value.func.id == "super" and not value.args)
                or name in own or name in PUBLIC)

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".")
            if any(_private(p) for p in parts):
                bad(node, f"imports from private module {node.module}")
            for alias in node.names:
                if _private(alias.name):
                    bad(node, f"imports {alias.name} from {'.' * node.level}{node.module or ''}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if any(_private(p) for p in alias.name.split(".")):
                    bad(node, f"imports private module {alias.name}")
        elif isinstance(node, ast.Attribute):
            if _private(node.attr) and not receiver_ok(node.value, node.attr):
                bad(node, f"uses {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in REFLECT and len(node.args) >= 2:
            arg = node.args[1]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                    and _private(arg.value) and not receiver_ok(node.args[0], arg.value):
                bad(node, f"uses {node.func.id}(..., {arg.value!r})")
    return [what for _, _, what in sorted(out)]


def all_violations() -> list[str]:
    out: list[str] = []
    for top in ("rules", "games", "bot"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if path.relative_to(ROOT) not in EXEMPT:
                out += violations(path)
    return out


def test_no_module_reads_another_modules_private_names() -> None:
    found = all_violations()
    assert not found, f"{len(found)} reads of another module's private names:\n" + \
        "\n".join(found)


def _check_source(tmp_path: Path, text: str) -> list[str]:
    # violations() names files relative to the repository: write inside it, then tidy up
    path = ROOT / "tests" / f"_probe_{tmp_path.name}.py"
    path.write_text(text, "utf-8")
    try:
        return violations(path)
    finally:
        path.unlink()


def test_the_check_sees_each_kind_of_use(tmp_path: Path) -> None:
    found = _check_source(tmp_path, (
        "from rules.base import _copy\n"
        "import rules._hidden\n"
        "def f(state):\n"
        "    state._version += 1\n"
        "    return state._mover, getattr(state, '_legal_list')\n"
        "class B:\n"
        "    def g(self, other):\n"
        "        setattr(other, '_trick', [])\n"
        "        return super(B, self)._hook(), self.peer._mover\n"))
    assert [f.split(": ", 1)[1] for f in found] == [
        "imports _copy from rules.base", "imports private module rules._hidden",
        "uses state._version", "uses state._mover", "uses getattr(..., '_legal_list')",
        "uses setattr(..., '_trick')", "uses super(B, self)._hook", "uses self.peer._mover"]


def test_the_check_allows_own_and_inherited_names(tmp_path: Path) -> None:
    assert _check_source(tmp_path, (
        "import orjson as _orjson\n"
        "from gettext import gettext as _\n"
        "_CACHE = {}\n"
        "class A:\n"
        "    _slot: int\n"
        "    def __init__(self):\n"
        "        self._n = 0\n"
        "        self._inherited()\n"
        "        super()._setup()\n"
        "    def _helper(self, other):\n"
        "        return other._n + other._slot + len(_CACHE) + self.__class__.__name__.__len__()\n"
        "def g(a):\n"
        "    return a._helper(a), _orjson.dumps(1), _('x'), a._replace(x=1)\n")) == []
