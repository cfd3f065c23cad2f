"""scenes/ imports one way: the package-level import graph has no cycle and no room imports a room
above it (`ROOMS`, lowest first; docs/scenes.md). Every import counts, at module level or inside a
function, except the type-only ones under `if TYPE_CHECKING:` (they never run)."""

from __future__ import annotations

import ast
from pathlib import Path

SCENES = Path(__file__).resolve().parents[2] / "scenes"
ROOMS = ["core", "widgets", "presentation", "reels", "viewers", "menus", "games", "front", "app"]


def rooms() -> list[str]:
    return sorted(p.name for p in SCENES.iterdir() if (p / "__init__.py").exists())


def imported_modules(source: str, package: list[str]) -> list[tuple[int, str]]:
    """(line, module) of every import in `source`, a module of `package` (e.g. ["scenes",
    "reels"]), that runs: absolute names, relative ones resolved."""
    tree = ast.parse(source)
    type_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only.update(id(sub) for sub in ast.walk(node))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                found.append((node.lineno, ".".join(base + ([node.module] if node.module else []))))
            elif node.module:
                # `from scenes import menus` names the room in the imported name, not the module
                names = [f"{node.module}.{a.name}" for a in node.names] if node.module == "scenes" else []
                found += [(node.lineno, m) for m in names or [node.module]]
    return found


def room_graph() -> dict[str, dict[str, list[str]]]:
    """room -> the rooms it imports -> where ("path:line")."""
    known = set(rooms())
    graph: dict[str, dict[str, list[str]]] = {r: {} for r in known}
    for path in sorted(SCENES.rglob("*.py")):
        rel = path.relative_to(SCENES).parts
        if len(rel) < 2 or rel[0] not in known:
            continue
        source = path.read_text(encoding="utf-8")
        for line, module in imported_modules(source, ["scenes", *rel[:-1]]):
            parts = module.split(".")
            if parts[0] == "scenes" and len(parts) > 1 and parts[1] in known and parts[1] != rel[0]:
                graph[rel[0]].setdefault(parts[1], []).append(f"scenes/{'/'.join(rel)}:{line}")
    return graph


def cycles(graph: dict[str, dict[str, list[str]]]) -> list[list[str]]:
    """The strongly connected components of more than one room (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp: list[str] = []
            while not comp or comp[-1] != v:
                comp.append(stack.pop())
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_every_room_has_its_place_in_the_order():
    assert sorted(ROOMS) == rooms(), "a new room under scenes/ needs its place in ROOMS (and docs/scenes.md)"


def test_no_room_imports_a_room_above_it():
    graph = room_graph()
    upward = [
        f"{src} -> {dst}: {', '.join(where)}"
        for src, targets in sorted(graph.items())
        for dst, where in sorted(targets.items())
        if ROOMS.index(dst) > ROOMS.index(src)
    ]
    assert not upward, "imports up the rooms (open a screen by route id instead):\n" + "\n".join(upward)


def test_the_rooms_import_graph_has_no_cycle():
    assert cycles(room_graph()) == []


def test_the_walker_sees_imports_inside_functions_and_skips_type_only_ones():
    # the graph and the cycle finder on made-up input, so a broken walker cannot pass silently
    source = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from scenes.app import x\n"
        "def f():\n    from scenes.front.lobby import LobbyScene\n    from ..menus import mixer\n"
    )
    found = [m for _, m in imported_modules(source, ["scenes", "core"])]
    assert found == ["typing", "scenes.front.lobby", "scenes.menus"]
    assert cycles({"a": {"b": []}, "b": {"a": []}, "c": {"a": []}}) == [["a", "b"]]
