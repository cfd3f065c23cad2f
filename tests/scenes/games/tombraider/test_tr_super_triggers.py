"""Tomb Raider's Super Mode spins are main-game spins on screen too: 3+ Keys in a Super Mode spin
glow and the banner says their free spins come after Super Mode, which then begin with their own
banner; a centre Passport's stamp flies to the meter as in the main game. The rounds are the
golden ones (seeds 60144 and 6579), played through the real reels scene."""

from __future__ import annotations

import pytest
from tr_support import run

from game.events import SpinEvent
from game.games.tombraider.events import KeyTriggerEvent, PassportsEvent, SuperFreeSpinsEvent
from game.rng import SeedSource
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.games.tombraider.decor import decor_of


class FirstSeed(SeedSource):
    """A session whose first round has a chosen seed (then a fixed sequence)."""

    def __init__(self, first: int) -> None:
        super().__init__(1)
        self.first: int | None = first

    def next_seed(self) -> int:
        seed, self.first = self.first, None
        return super().next_seed() if seed is None else seed


def _reels(tr_ctx, seed: int):
    from scenes.reels.scene import ReelsScene

    tr_ctx.seeds = FirstSeed(seed)
    tr_ctx.settings.quick_spin = True
    stack = SceneStack()
    stack.push(Scene())
    scene = ReelsScene(tr_ctx, "tombraider")
    stack.push(scene)
    return stack, scene


def _idle(scene) -> bool:
    return not scene.driver.active and not scene.player.waiting


def _banner_text(scene) -> str:
    banner = scene.stage.banner
    return "" if banner is None else " / ".join(f(scene.stage.tr) for f in banner[1:])


@pytest.mark.slow
def test_keys_in_super_mode_announce_free_spins_after_it_and_they_follow(tr_ctx, display) -> None:
    stack, scene = _reels(tr_ctx, 60144)
    player = scene.player
    stack.handle(Intent(Act.SPIN))
    run(stack, lambda: any(isinstance(e, KeyTriggerEvent) for e in player.played), display)
    trigger = next(e for e in player.played if isinstance(e, KeyTriggerEvent))
    assert trigger.after_super
    banners: list[str] = []

    def banner_seen() -> bool:
        text = _banner_text(scene)
        if text and text not in banners:
            banners.append(text)
        return "10 free spins after Super Mode" in text

    run(stack, banner_seen, display)
    assert scene.stage.trigger_cells == frozenset(tuple(p) for p in trigger.positions)
    assert scene.hud.free_title is not None  # Super Mode goes on

    def free_begun() -> bool:
        text = _banner_text(scene)
        if text and text not in banners:
            banners.append(text)
        return any(isinstance(e, SpinEvent) and e.mode == "free" for e in player.played)

    run(stack, free_begun, display)
    assert any("10 free spins won in Super Mode" in b for b in banners), banners
    kinds = [type(e).__name__ for e in player.played]
    assert kinds.index("SuperModeEndEvent") < kinds.index("SuperFreeSpinsEvent")
    run(stack, lambda: _idle(scene), display)
    free = [e for e in player.played if isinstance(e, SpinEvent) and e.mode == "free"]
    assert len(free) == next(e for e in player.played if isinstance(e, SuperFreeSpinsEvent)).spins == 10
    assert scene.ctx.ledger.verify() == []


@pytest.mark.slow
def test_a_centre_passport_in_super_mode_flies_to_the_meter(tr_ctx, display) -> None:
    stack, scene = _reels(tr_ctx, 6579)
    decor = decor_of(scene.stage)
    player = scene.player
    stack.handle(Intent(Act.SPIN))

    def stamping() -> bool:
        return decor.super_spin is not None and bool(decor.flying)

    run(stack, stamping, display)
    ev = next(e for e in player.played if isinstance(e, PassportsEvent))
    before = player.played[player.played.index(ev) - 1]
    assert isinstance(before, SpinEvent) and before.mode == "super"
    assert [f[0] + 1 for f in decor.flying] == ev.new and not decor.active[ev.new[0] - 1]
    run(stack, lambda: not decor.flying, display)
    assert decor.active[ev.new[0] - 1] and "tombraider/passport_stamp" in scene.sounds.played
    run(stack, lambda: _idle(scene), display)
    assert decor.active == [False, False, False, True, True]
    assert list(scene.driver.stored_state().active) == decor.active
