"""Relic on screen: the test-only presentation of the test-only Relic game (tests/support/relicgame).

It is what a new game's `scenes/games/<id>/` package would be, kept under tests: its own events
(gems collected, the relic's pay) in the round player and the history detail, and generated art
(`art.build_tree`) so the reels scene, the replay and the history can show Relic's rounds with
their held cells, overlay wilds and cascades. `register()` registers both the engine's game and
this presentation; never shipped. Like a shipped game's package, it declares here, light, how
the render benchmark plays it (`BENCH`); its words are in the game's own catalogs
(`relicgame/data/relic/locale/<lang>.json`, linked into the tree as `games/relic/locale/`).
"""

from __future__ import annotations

from scenes.presentation.base import BenchScript

FEATURE_TYPE = "relic"
BENCH = BenchScript(seed=3, seconds=12.0)  # rounds with held gems, overlay wilds and cascades


def register() -> None:
    """Make Relic playable and showable (idempotent)."""
    import relicgame

    from scenes.presentation import register_package

    relicgame.register()
    register_package(FEATURE_TYPE, "relicscenes")
