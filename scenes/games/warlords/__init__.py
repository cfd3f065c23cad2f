"""Warlords – Crystals of Power on screen: what this game alone shows.

`presentation` (its events in the round player, the history and the paytable), `overlays` (the
Random Overlay Wild's weapons striking the reels), `battle` (the battle scene), `decor` (held
scatters, counters, the Final Chance, the free-spins intro), `look` (the warlords' colours, names
and free-spins backdrops), `pages` (its paytable pages) and `detail` (its history steps).

`ART` is here, light, so the start-up check of every game's images (`scenes.presentation.required_images`)
needs none of the game's scenes.
"""

from scenes.presentation.base import GameArt

ART = GameArt(extras=("overlay_hammer", "overlay_arrow", "overlay_sword"))
