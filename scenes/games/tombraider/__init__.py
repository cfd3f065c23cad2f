"""Tomb Raider – Secret of the Sword on screen: what this game alone shows.

`presentation` (its events on the reels, in the replay and the history; its paytable pages),
`decor` (the passport meter, the multiplier ladder and Super Mode's shots beside and over the
reels), `world` (the Tiled world map's data, its camera and ground), `quest` (the Global
Adventure as its events tell it), `world_map` + `world_map_paint` (the world-map bonus scene),
`duel` (the Showdown), `shootout` (the Shoot-out scene), `pages` (paytable), `detail` (history).

`ART` is here, light, so the start-up check of every game's images (`scenes.presentation.required_images`)
needs none of the game's scenes.
"""

from scenes.presentation.base import GameArt

ART = GameArt()
