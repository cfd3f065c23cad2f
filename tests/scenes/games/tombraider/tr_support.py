"""Helpers for Tomb Raider's scene tests (see conftest.py for the fixtures; the session seeds and
quest picks are found with the engine by `tombraider_seeds`, in tests/support)."""

from __future__ import annotations

from collections.abc import Callable

from tombraider_seeds import FOUR

from game.session import STATE_KEY
from scenes.core.stack import SceneStack

__all__ = ["DT", "FOUR", "run", "run_to_shootout", "store_passports"]

DT = 1 / 60


def store_passports(ctx, state: dict) -> None:
    """What a player carries into the next round, as the ledger stores it."""
    ctx.ledger.set_state("tombraider", STATE_KEY, state)


def run(stack: SceneStack, until: Callable[[], bool], display=None, limit: int = 60_000) -> int:
    """Update (and now and then draw) the stack until `until()`; returns the frames it took."""
    for frame in range(limit):
        if until():
            return frame
        stack.update(DT)
        if display is not None and frame % 5 == 0:
            stack.draw(display)
    raise AssertionError("the condition never held")


def run_to_shootout(stack: SceneStack, display=None):
    """Pick the world map's first pickable artefact until a Shoot-out waits for its pick; returns it."""
    from scenes.games.tombraider.shootout import ShootoutScene
    from scenes.games.tombraider.world_map import WorldMapScene

    def to_shootout() -> bool:
        top = stack.top
        if isinstance(top, ShootoutScene):
            return top.phase == "picking"
        if isinstance(top, WorldMapScene) and top.phase == "picking":
            top.pick(next(p for p in range(len(top.tiles)) if top.pickable(p)))
        return False

    run(stack, to_shootout, display)
    return stack.top
