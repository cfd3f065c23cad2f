"""Warlords – Crystals of Power on screen: what this game alone shows.

`presentation` (its events in the round player, the history and the paytable), `overlays` (the
Random Overlay Wild's weapons striking the reels), `battle` (the battle scene), `decor` (held
scatters, counters, the Final Chance, the free-spins intro), `look` (the warlords' colours, names
and free-spins backdrops), `pages` (its paytable pages) and `detail` (its history steps).

`ART` and `BENCH` (how the render benchmark plays the game) are here, light, so the start-up
check of every game's images (`scenes.presentation.required_images`) and the bench need none of
the game's scenes.
"""

from scenes.presentation.base import BenchScript, GameArt

ART = GameArt(extras=("overlay_hammer", "overlay_arrow", "overlay_sword"))
BENCH = BenchScript(seed=126)  # the 1st round: a three-way battle, re-spins, the Samurai's free spins
