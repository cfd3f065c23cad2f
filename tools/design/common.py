"""Helpers the per-game design tools share (they name no game): a game file's paytable and reel
strips written as TOML, the file swapped in only once it loads, and "1 in N" odds as text."""

from __future__ import annotations

import os
from pathlib import Path

from game.definitions import GameDefinition, load_definition


def toml_pays(table: dict[str, dict[int, int]]) -> str:
    width = max(len(s) for s in table)
    out = []
    for sym, pays in table.items():
        body = ", ".join(f"{k} = {v}" for k, v in sorted(pays.items()))
        out.append(f"{sym.ljust(width)} = {{ {body} }}")
    return "\n".join(out)


def toml_strips(strips: list[list[str]]) -> str:
    lines = []
    for r, strip in enumerate(strips, start=1):
        body = ", ".join(f'"{s}"' for s in strip)
        lines.append(f"  # reel {r}: {len(strip)} stops\n  [{body}],")
    return "\n".join(lines)


def write_atomically(path: Path, text: str) -> GameDefinition:
    """Validate the new file next to the old one, then swap it in with os.replace."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    try:
        defn = load_definition(tmp).definition
    except Exception:
        tmp.unlink()
        raise
    os.replace(tmp, path)
    return defn


def one_in(p: float) -> str:
    if not p:
        return "never"
    return f"1 in {1 / p:,.2f}" if 1 / p < 100 else f"1 in {1 / p:,.0f}"
