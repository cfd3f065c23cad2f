"""Tomb Raider – Secret of the Sword on screen: what this game alone shows.

`presentation` (its events on the reels, in the replay and the history; its paytable pages),
`decor` (the passport meter, the multiplier ladder and Super Mode's shots beside and over the
reels), `world` (the Tiled world map's data, its camera and ground), `quest` (the Global
Adventure as its events tell it), `world_map` + `world_map_paint` (the world-map bonus scene),
`duel` (the Showdown), `shootout` (the Shoot-out scene), `pages` (paytable), `detail` (history).

`ART` and `BENCH` (how the render benchmark plays the game) are here, light, so the start-up
check of every game's images (`scenes.presentation.required_images`) and the bench need none of
the game's scenes.
"""

from scenes.presentation.base import BenchScript, GameArt

ART = GameArt()
BENCH = BenchScript(
    seed=112,  # from `state`: the 3rd round's free spins cascade up the ladder, then the quest
    seconds=100.0,
    # four passports stored (the most common start in the long run): the last one opens the
    # world map, whose quest the bench plays with the automatic picks
    state={"version": 1, "active": [True, True, True, True, False], "spins": 40, "bet_cents": 1200},
)
