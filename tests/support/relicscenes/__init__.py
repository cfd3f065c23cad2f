"""Relic on screen: the test-only presentation of the test-only Relic game (tests/support/relicgame).

It is what a new game's `scenes/games/<id>/` package would be, kept under tests: its own events
(gems collected, the relic's pay) in the round player and the history detail, and generated art
(`art.build_tree`) so the reels scene, the replay and the history can show Relic's rounds with
their held cells, overlay wilds and cascades. `register()` registers both the engine's game and
this presentation; never shipped.
"""

from __future__ import annotations

FEATURE_TYPE = "relic"


def register() -> None:
    """Make Relic playable and showable (idempotent)."""
    import relicgame

    from scenes.presentation import register_package

    relicgame.register()
    register_package(FEATURE_TYPE, "relicscenes")
