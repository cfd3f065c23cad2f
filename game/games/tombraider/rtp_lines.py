"""Tomb Raider's exact RTP at every line count, shipped beside the game's data.

The free spins' cascades follow the wins of the active lines (and a jackpot per line is rounded
down to whole coins), so the RTP changes with the lines played. The exact calculator takes a few
seconds per line count, too long to run while a player reads the paytable, so the figures are
generated once (`python -m tools.design.tombraider --rtp-by-lines`) into `rtp_by_lines.json`
next to `game.toml`, stamped with the SHA-256 of that `game.toml`: a file generated from other
data is stale and `read` refuses it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from game.definitions import GameDefinition

FILE_NAME = "rtp_by_lines.json"
DATA_FILE = "game.toml"


@dataclass(frozen=True)
class RtpByLines:
    """The exact RTP (a fraction of the total bet) for lines 1, 2, …, in order."""

    rtp: tuple[float, ...]

    def at(self, lines: int) -> float:
        return self.rtp[lines - 1]


def exact_rtps(defn: GameDefinition) -> list[Fraction]:
    """The exact RTP at 1, 2, … every line of the game (the par sheet's, uncapped)."""
    from game.games.tombraider.exact import par_sheet

    lines = range(1, len(defn.lines) + 1)
    return [Fraction(par_sheet(defn, n, estimate_cap=False)["rtp_fraction"]) for n in lines]


def document(defn: GameDefinition, sha256: str, rtps: list[Fraction]) -> dict[str, Any]:
    """The JSON file's content for data whose `game.toml` has this SHA-256."""
    return {
        "game": defn.id,
        "definition_sha256": sha256,
        "note": (
            "Exact long-run RTP per round at a constant bet, by the number of lines played "
            "(python -m game par GAME --lines N); generated, do not edit."
        ),
        "rtp_by_lines": [{"lines": n, "rtp": float(r)} for n, r in enumerate(rtps, start=1)],
    }


def data_sha256(game_dir: Path) -> str:
    return hashlib.sha256((game_dir / DATA_FILE).read_bytes()).hexdigest()


def read(game_dir: Path, lines: int) -> RtpByLines | None:
    """The figures shipped in `game_dir`, or None when the file is missing, unreadable, for
    another number of lines or stamped for other data (stale)."""
    try:
        doc = json.loads((game_dir / FILE_NAME).read_text(encoding="utf-8"))
        if doc["definition_sha256"] != data_sha256(game_dir):
            return None
        rows = doc["rtp_by_lines"]
        if [r["lines"] for r in rows] != list(range(1, lines + 1)):
            return None
        return RtpByLines(tuple(float(r["rtp"]) for r in rows))
    except (OSError, ValueError, KeyError, TypeError):
        return None
