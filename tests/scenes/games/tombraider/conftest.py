"""Fixtures for Tomb Raider's scenes: a context on the real assets with a chosen session seed, a
player's stored passports, and a loop that runs the real scene stack until a condition holds.

Session seeds (first round of a session at the default bet) and quest picks are found with the
engine by `tombraider_seeds` (tests/support), by what the tests need of them:
- `cascade_session_seed()`: free spins whose wins cascade up the ladder to x3 and beyond;
- `super_session_seed()`: Super Mode;
- `quest_session_seed()` (with four passports stored): the fifth passport and the Global
  Adventure, a Shoot-out on the way of a player taking the first artefact each time;
- `natural_quest_session()` (a new player): passports stamped in the first rounds, the Global
  Adventure within eight.
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
