"""Warlords – Crystals of Power on screen: what this game alone shows.

`presentation` (its events in the round player, the history and the paytable), `overlays` (the
Random Overlay Wild's weapons striking the reels), `battle` (the battle scene), `decor` (held
scatters, counters, the Final Chance, the free-spins intro), `look` (the warlords' colours, names
and free-spins backdrops), `pages` (its paytable pages) and `detail` (its history steps).

`ART`, `BENCH` (how the render benchmark plays the game) and `FAULTS` (where the app-faults
campaign stops it) are here, light, so the start-up check of every game's images
(`scenes.presentation.required_images`) and the bench need none of the game's scenes.
"""

from scenes.presentation.base import BenchScript, FaultTargets, GameArt

ART = GameArt(extras=("overlay_hammer", "overlay_arrow", "overlay_sword"))
BENCH = BenchScript(seed=9373)  # the 1st round: a three-way battle, re-spins, the Samurai's free spins
FAULTS = FaultTargets(
    ("reels:spin", "reels:idle", "reels:free", "BattleScene", "CelebrationScene"),
    shown_by={"BattleScene": lambda events: any(e.type == "battle" for e in events)},
)
