"""The game info page's figures, precomputed: `assets/games/<id>/par_info.json`.

The par sheet with its volatility section takes seconds to a minute (Tomb Raider's exact parts,
a million sampled rounds), too slow for a page the player opens at any moment. So its figures
are written once into a small JSON file beside the game data, stamped with that data file's
SHA-256: `python -m game par GAME --write-info`. The app reads it (`read_info`); a file whose
stamp differs from the installed data (the strips were retuned, say) is treated as missing, so
the page shows "not available" instead of another game's figures. A test fails while a shipped
file is stale.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.definitions import LoadedGame

INFO_FILE = "par_info.json"
FORMAT = 1
"""Bumped when the file's fields change (an older file is then treated as missing)."""


def info_path(loaded: LoadedGame) -> Path:
    """Where a game's info file lives: beside its data file."""
    return loaded.path.parent / INFO_FILE


def build_info(loaded: LoadedGame, *, rounds: int | None = None) -> dict[str, Any]:
    """The info page's figures from the par sheet with its volatility section (JSON-ready)."""
    from game.math.par import par_sheet

    sheet = par_sheet(loaded.definition, estimate_cap=False, volatility=True, rounds=rounds)
    return info_from_sheet(loaded, sheet)


def info_from_sheet(loaded: LoadedGame, sheet: dict[str, Any]) -> dict[str, Any]:
    """The info file's content from a par sheet that has its volatility section."""
    vol = sheet["volatility"]
    exact = all(p.get("method") == "exact" for p in sheet.get("parts", []))
    return {
        "format": FORMAT,
        "game": loaded.definition.id,
        "data_sha256": loaded.sha256,
        "lines": sheet["lines"],
        "rtp": sheet["rtp"],
        "rtp_method": "exact" if exact else "see the par sheet",
        "hit_frequency": vol["hit_frequency"],
        "std_per_round": vol["std_per_round"],
        "std_method": vol["std_method"],
        "vi90": vol["vi90"],
        "vi95": vol["vi95"],
        "class": vol["class"],
        "top_award_x_bet": vol["top_award"]["x_bet"],
        "top_award_one_in": vol["top_award"]["one_in_rounds"],
        "largest_win_x_bet": vol["largest_win"]["x_bet"],
        "largest_win_method": vol["largest_win"]["method"],
        "distribution_method": vol["distribution"]["method"],
        "distribution": [
            {"bucket": b["bucket"], "probability": b["probability"], "ci99": b["ci99"]}
            for b in vol["distribution"]["buckets"]
        ],
    }


def write_info(loaded: LoadedGame, info: dict[str, Any]) -> Path:
    """Write the info file beside the game data (atomically) and return its path."""
    path = info_path(loaded)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(info, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def read_info(path: Path, sha256: str) -> dict[str, Any] | None:
    """The info file at `path` if it is readable, of this format and stamped with `sha256`
    (the installed data's); None otherwise (missing, damaged or stale)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("data_sha256") != sha256:
        return None
    return data
