"""Fixtures for Tomb Raider's scenes: a context on the real assets with a chosen session seed, a
player's stored passports, and a loop that runs the real scene stack until a condition holds.

Session seeds used here (first round of a session at the default bet, found by playing the
engine; tests that rely on them check what they rely on):
- 225: free spins whose wins cascade up the ladder to x3 and beyond;
- 417: Super Mode;
- 5 (with four passports stored): the fifth passport and the Global Adventure;
- 1096 (a new player): passports stamped in rounds 3, 5 and 6, the Global Adventure in round 7.
"""

from __future__ import annotations

import pytest

from game.rng import SeedSource
from scenes.core.stack import Scene, SceneStack


@pytest.fixture
def tr_ctx(ctx):
    """The app context with Tomb Raider shown; `tr_ctx.seeds` is set by each test."""
    assert "tombraider" in ctx.games
    ctx.seeds = SeedSource(1)
    return ctx


@pytest.fixture
def reels(tr_ctx):
    """A factory: the Tomb Raider reels scene on a stack over a base scene, for session seed S."""

    def build(seed: int, *, quick: bool = True, turbo: bool = False) -> tuple[SceneStack, Scene]:
        from scenes.reels.scene import ReelsScene

        tr_ctx.seeds = SeedSource(seed)
        tr_ctx.settings.quick_spin = quick
        tr_ctx.options.turbo = turbo
        stack = SceneStack()
        stack.push(Scene())
        scene = ReelsScene(tr_ctx, "tombraider")
        stack.push(scene)
        return stack, scene

    return build
