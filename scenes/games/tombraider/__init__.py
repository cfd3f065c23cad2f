"""Tomb Raider – Secret of the Sword on screen: what this game alone shows.

`presentation` (its events on the reels, in the replay and the history; its paytable pages),
`decor` (the passport meter, the multiplier ladder and Super Mode's shots beside and over the
reels), `world` (the Tiled world map's data, its camera and ground), `quest` (the Global
Adventure as its events tell it), `world_map` + `world_map_paint` (the world-map bonus scene),
`duel` (the Showdown), `shootout` (the Shoot-out scene), `pages` (paytable), `detail` (history).

`ART`, `BENCH` (how the render benchmark plays the game) and `FAULTS` (where the app-faults
campaign stops it) are here, light, so the start-up check of every game's images
(`scenes.presentation.required_images`) and the bench need none of the game's scenes.
"""

from scenes.presentation.base import BenchScript, FaultTargets, GameArt

FOUR_PASSPORTS = {"version": 1, "active": [True, True, True, True, False], "spins": 40, "bet_cents": 1200}
"""The game's state across rounds (as stored) with four passports: the next one opens the world map."""
QUEST = ("WorldMapScene", "ShootoutScene", "WorldMapScene:showdown", "WorldMapScene:summary")

ART = GameArt()
BENCH = BenchScript(
    seed=9217,  # from `state`: the 3rd round's free spins cascade up the ladder to x3; the 4th: the quest
    seconds=100.0,
    # four passports stored (the most common start in the long run): the last one opens the
    # world map, whose quest the bench plays with the automatic picks
    state=FOUR_PASSPORTS,
)
FAULTS = FaultTargets(
    ("reels:spin", "reels:idle", "reels:free", *QUEST, "CelebrationScene"),
    shown_by={
        "WorldMapScene": lambda events: any(e.type == "adventure_start" for e in events),
        "ShootoutScene": lambda events: any(e.type == "shootout_start" for e in events),
        "WorldMapScene:showdown": lambda events: any(e.type == "showdown" and e.showdown for e in events),
        "WorldMapScene:summary": lambda events: any(e.type == "adventure_end" for e in events),
    },
    state=FOUR_PASSPORTS,  # four passports stored, so the quest's scenes come soon
    state_for=frozenset(QUEST),
)
