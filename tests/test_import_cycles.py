"""The module import graph of ``bot/`` and ``rules/`` has no circle inside
``bot/discordbot/`` (issue 46: the adapter in rooms).

Every import counts, also those under ``if TYPE_CHECKING:`` and inside functions: a
type-only circle still ties the modules' meaning together.  A ``from pkg import name``
counts as an import of ``pkg.name`` where that is a module, else of ``pkg`` (its
``__init__``); a package's ``__init__`` that only hands names on is still a module
here, so a circle through a package's face is a circle.

Run as a script (``python -m tests.test_import_cycles``) it prints every circle of
the whole tree, largest first.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "games", "rules")


def module_names() -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of the tree that ``module`` imports, anywhere in its text."""
    is_package = path.name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.name
                while name and name not in known:
                    name = name.rpartition(".")[0]
                if name:
                    yield name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    yield sub
                elif target in known:
                    yield target


def import_graph() -> dict[str, set[str]]:
    known = module_names()
    return {module: {m for m in _imported(module, path, known) if m != module}
            for module, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan's,
    iterative), each sorted, the largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found, key=lambda c: (-len(c), c))


def test_the_graph_sees_type_checking_and_relative_imports() -> None:
    graph = import_graph()
    # boards.py imports discord's client only for types, under TYPE_CHECKING, if at all;
    # what matters here is that relative and package imports resolve to modules.
    assert "bot.core" in graph["bot.discordbot.services.board_ids"]
    assert "rules" not in graph["rules"]
    assert all(target in graph for targets in graph.values() for target in targets)


def test_circles_finds_a_loop_and_leaves_a_line() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_import_circle_in_the_discord_adapter() -> None:
    inside = [c for c in circles(import_graph())
              if any(m.startswith("bot.discordbot") for m in c)]
    assert inside == [], "\n".join(" <-> ".join(c) for c in inside)


if __name__ == "__main__":
    every = circles(import_graph())
    print(f"{len(every)} import circle(s) in {', '.join(PACKAGES)}:")
    for circle in every:
        print(f"  {len(circle)}: " + ", ".join(circle))
