"""The art every installed game needs, checked at start-up: a game whose data is valid but whose
art is missing must stop the app before a window opens, not crash when the player opens it.

`required_images(defn)` lists the images (names under `assets/images/`, without `.png`) that the
screens load without a fallback for a game: its backdrop, reel backing, frame and every symbol,
plus what its own screens need (Secret of the Stones: the picker's backdrop and a tablet face for
every stone). Optional art (logo, free-spins backdrop, wild-reel cover, lobby tile) is not
listed: the screens do without it. `missing_art(root, games)` names the first file missing, as
`file: field: reason` like a bad data file (exit code 2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from game.definitions import GameDefinition, LoadedGame


def _stones_images(defn: GameDefinition) -> list[tuple[str, str]]:
    gid = defn.id
    names = [
        (f"{gid}/picker_bg", "the stone picker"),
        (f"{gid}/tablet/closed", "a closed stone"),
        (f"{gid}/tablet/hover", "a stone under the pointer"),
    ]
    stones = getattr(defn.feature, "stones", [])
    names += [(f"{gid}/tablet/{stone.key}", f"stone {stone.key}") for stone in stones]
    return names


# the feature type's own screens -> the images they load (games add theirs here)
FEATURE_IMAGES: dict[str, Callable[[GameDefinition], list[tuple[str, str]]]] = {"stones": _stones_images}


def required_images(defn: GameDefinition) -> list[tuple[str, str]]:
    """(image name, what it shows) for everything the game's screens load without a fallback."""
    gid = defn.id
    names = [
        (f"{gid}/background", "the backdrop"),
        (f"{gid}/reel_bg", "the reels' backing"),
        (f"{gid}/frame", "the reels' frame"),
    ]
    names += [(f"{gid}/symbols/{s}", f"symbol {s}") for s in defn.symbol_ids]
    kind = getattr(defn.feature, "type", None)
    if kind in FEATURE_IMAGES:
        names += FEATURE_IMAGES[kind](defn)
    return names


def missing_art(root: Path, games: Mapping[str, LoadedGame]) -> str | None:
    """`file: field: reason` for the first image a game needs that is not there, else None."""
    for gid, loaded in sorted(games.items()):
        for name, what in required_images(loaded.definition):
            path = root / "images" / f"{name}.png"
            if not path.is_file():
                return f"{path}: (file): missing; game {gid} shows it as {what}"
    return None
