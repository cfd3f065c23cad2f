"""The battle's sounds: a horn as it begins, a gust as they rush, a clash as they meet, the
winner's call at the outcome; each once, at its moment on the battle's clock, none that a skip
jumps past or reduced motion does not show. They go through the mixer's effects (its volume and
mute apply) and are decoded when the Warlords reels open, one a frame, never in a battle frame."""

from __future__ import annotations

import pytest

from game.definitions import load_game
from game.games.warlords.events import BattleEvent
from game.paths import asset_path
from scenes.core.audio import pan_gains
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.games.warlords import clash
from scenes.games.warlords.battle import BATTLE_SOUNDS, CHARGE_VOLUME, BattleScene
from scenes.games.warlords.presentation import WarlordsPresentation
from scenes.reels.scene import ReelsScene
from scenes.reels.sound_director import SoundDirector

DT = 1 / 60


def event() -> BattleEvent:
    contenders = ["scatter_green", "scatter_blue"]
    return BattleEvent(
        scatters=[(1, 0, contenders[0]), (2, 1, contenders[0]), (3, 2, contenders[1])],
        contenders=contenders,
        weights=[3, 1],
        winner="scatter_blue",
    )


class Heard:
    """Stands in for the AudioService: what was played, when on the battle's clock, how loud."""

    def __init__(self, real) -> None:
        self.assets = real.assets
        self.scene: BattleScene | None = None
        self.plays: list[tuple[str, float, float]] = []

    def play(self, name: str, *, volume: float = 1.0, **kw) -> None:
        self.plays.append((name, self.scene.phase if self.scene else -1.0, volume))


def battle(ctx, *, reduced: bool = False, speed: float = 1.0) -> tuple[SceneStack, BattleScene, Heard]:
    heard = Heard(ctx.audio)
    scene = BattleScene(
        ctx.assets,
        SoundDirector(heard, "warlords"),
        load_game("warlords").definition,
        event(),
        ctx.i18n,
        on_done=lambda: None,
        speed=speed,
        reduced_motion=reduced,
    )
    heard.scene = scene
    stack = SceneStack()
    stack.push(Scene())
    stack.push(scene)
    return stack, scene, heard


def test_each_sound_once_at_its_moment(ctx, display):
    stack, scene, heard = battle(ctx)
    while not scene.finished:
        stack.update(DT)
    names = [name for name, _, _ in heard.plays]
    assert names == [f"warlords/{n}" for n in BATTLE_SOUNDS]
    at = {name.split("/")[1]: (t, volume) for name, t, volume in heard.plays}
    assert clash.T_RUSH <= at["battle_charge"][0] < clash.T_RUSH + DT + 1e-9
    assert clash.T_IMPACT <= at["battle_clash"][0] < clash.T_IMPACT + DT + 1e-9  # the flash's frame
    assert clash.T_BREAK <= at["battle_won"][0] < clash.T_BREAK + DT + 1e-9
    assert at["battle_charge"][1] == CHARGE_VOLUME and at["battle_clash"][1] == 1.0


def test_a_skip_or_reduced_motion_plays_no_rush_or_clash(ctx, display):
    stack, scene, heard = battle(ctx)
    for _ in range(20):  # in the wind-up
        stack.update(DT)
    stack.handle(Intent(Act.SPIN))
    stack.update(DT)
    assert [name for name, _, _ in heard.plays] == ["warlords/battle_start", "warlords/battle_won"]
    stack, scene, heard = battle(ctx, reduced=True)
    while not scene.finished:
        stack.update(DT)
    assert [name for name, _, _ in heard.plays] == ["warlords/battle_start", "warlords/battle_won"]


def test_the_sounds_are_shipped_and_decoded_when_the_reels_open(ctx, display, monkeypatch):
    definition = load_game("warlords").definition
    wanted = WarlordsPresentation().feature_sounds(definition)
    assert wanted == [f"warlords/{n}" for n in BATTLE_SOUNDS]
    assert all(asset_path("sounds", f"{rel}.ogg").is_file() for rel in wanted)
    asked: list[str] = []
    monkeypatch.setattr(ctx.assets, "sound", asked.append)
    jobs: list = []
    monkeypatch.setattr(ctx.assets, "defer", jobs.append)
    stack = SceneStack()
    stack.push(ReelsScene(ctx, "warlords"))  # its first frame decodes none of them
    assert not set(asked) & set(wanted)
    for job in jobs:  # one a frame, behind the frames (`AssetStore.pump_preload`)
        job()
    assert set(wanted) <= set(asked)


def test_through_the_effects_volume_and_mute(ctx, display, monkeypatch):
    audio = ctx.audio
    if audio.silent:
        pytest.skip("no mixer under this driver")
    levels: list[tuple[float, float]] = []

    def set_channel(channel, volume: float, pan: float) -> None:
        left, right = pan_gains(pan)
        level = audio._effect_level(volume)
        levels.append((level * left, level * right))
        channel.set_volume(level * left, level * right)

    monkeypatch.setattr(audio, "_set_channel", set_channel)
    audio.set_volumes(0.5, 1.0, 0.4)  # master, music, effects
    sounds = SoundDirector(audio, "warlords")
    sounds.feature("battle_clash")
    sounds.feature("battle_charge", volume=CHARGE_VOLUME)
    assert levels == [pytest.approx((0.2, 0.2)), pytest.approx((0.14, 0.14))]
    audio.muted = True
    assert audio.play("warlords/battle_clash") is None
    audio.muted = False
    audio.effects_enabled = False
    assert audio.play("warlords/battle_charge") is None
    assert len(levels) == 2


def test_quick_spin_keeps_the_clash_but_not_the_gust_longer_than_its_rush(ctx, display):
    stack, scene, heard = battle(ctx, speed=0.5)
    while not scene.finished:
        stack.update(DT)
    assert [name for name, _, _ in heard.plays] == [
        "warlords/battle_start",
        "warlords/battle_clash",
        "warlords/battle_won",
    ]
