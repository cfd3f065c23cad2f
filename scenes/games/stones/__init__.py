"""Secret of the Stones on screen: what this game alone shows (the stone picker, its paytable
pages, its events in the replay and the history detail), registered in `scenes.presentation`.

`ART`, `own_images`, `BENCH` (how the render benchmark plays the game) and `FAULTS` (where the
app-faults campaign stops it) are here, light, so the start-up check of every game's images
(`scenes.presentation.required_images`) and the bench need none of the game's scenes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.games.stones.model import StonesFeature
from scenes.presentation.base import BenchScript, FaultTargets, GameArt

if TYPE_CHECKING:
    from game.definitions import GameDefinition

ART = GameArt(wild_cover="wild_reel")
BENCH = BenchScript(seed=2)  # at the default bet, the session's 3rd round triggers free spins
FAULTS = FaultTargets(
    ("reels:spin", "reels:idle", "reels:free", "StonePickerScene", "CelebrationScene"),
    shown_by={"StonePickerScene": lambda events: any(e.type == "pick_request" for e in events)},
)


def own_images(defn: GameDefinition) -> list[tuple[str, str]]:
    """The stone picker's backdrop and a tablet face for every stone (picker_paint.py)."""
    gid = defn.id
    names = [(f"{gid}/picker_bg", "the stone picker"), (f"{gid}/tablet/closed", "a closed stone")]
    names.append((f"{gid}/tablet/hover", "a stone under the pointer"))
    stones = defn.feature.stones if isinstance(defn.feature, StonesFeature) else []
    return names + [(f"{gid}/tablet/{s.key}", f"stone {s.key}") for s in stones]
