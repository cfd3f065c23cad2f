"""The audio service: silent mode when the mixer fails, volumes, mute, keyed loops."""

from __future__ import annotations

import wave

import pygame
import pytest

from scenes.core.audio import AudioService, Volumes, pan_for_x, pan_gains


@pytest.fixture
def no_mixer(monkeypatch):
    if pygame.mixer.get_init():
        pygame.mixer.quit()

    def boom(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", boom)


def test_mixer_failure_means_silent(no_mixer, synthetic_assets):
    audio = AudioService(synthetic_assets)
    assert audio.silent
    assert audio.play("common/click") is None
    audio.play("common/spin_loop", loops=-1, key="spin")
    audio.stop("spin")
    audio.music("common/lobby_music")
    audio.set_volumes(0.1, 0.2, 0.3)
    assert audio.toggle_mute() is True
    audio.stop_all()
    audio.music(None)
    audio.shutdown()


def test_volumes_clamped_and_mute(synthetic_assets):
    audio = AudioService(synthetic_assets, Volumes(0.5, 0.5, 0.5))
    audio.set_volumes(2.0, -1.0, 0.25)
    assert (audio.volumes.master, audio.volumes.music, audio.volumes.effects) == (1.0, 0.0, 0.25)
    assert not audio.muted
    audio.toggle_mute()
    assert audio.muted
    assert audio.play("common/click") is None
    audio.toggle_mute()
    assert not audio.muted
    audio.shutdown()


def _tone(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        w.writeframes(b"\x00\x10" * 22050)


def test_keyed_loop_can_be_stopped(synthetic_assets):
    audio = AudioService(synthetic_assets)
    if audio.silent:
        pytest.skip("no mixer under this driver")
    # pygame reads the container from the data, so a WAV under the .ogg name is fine for a test
    _tone(synthetic_assets.sound_path("common/loop"))
    ch = audio.play("common/loop", loops=-1, key="spin")
    assert ch is not None
    assert audio.is_playing("spin")
    audio.stop("spin")
    assert not audio.is_playing("spin")
    audio.effects_enabled = False
    assert audio.play("common/loop") is None
    audio.shutdown()


def test_music_missing_file_is_harmless(synthetic_assets):
    audio = AudioService(synthetic_assets)
    audio.music("common/not_there")
    assert audio.music_track == "common/not_there"
    audio.music_enabled = False
    audio.music_enabled = True
    audio.music(None)
    audio.shutdown()


def test_mixer_lost_mid_run_goes_silent(synthetic_assets):
    audio = AudioService(synthetic_assets)
    if audio.silent:
        pytest.skip("no mixer under this driver")
    _tone(synthetic_assets.sound_path("common/loop"))
    audio.play("common/loop", loops=-1, key="spin")
    pygame.mixer.quit()  # the device went away
    audio.set_volumes(0.5, 0.5, 0.5)
    audio.music("common/loop")
    audio.stop("spin")
    assert audio.silent
    assert audio.play("common/loop") is None


# -- panning --------------------------------------------------------------------------------------
class FakeChannel:
    """Records the left/right volumes an AudioService sets."""

    def __init__(self) -> None:
        self.volumes: list[tuple[float, ...]] = []

    def set_volume(self, *lr: float) -> None:
        self.volumes.append(lr)

    def stop(self) -> None:
        pass

    def get_busy(self) -> bool:
        return True


class FakeSound:
    def __init__(self) -> None:
        self.channels: list[FakeChannel] = []

    def play(self, loops: int = 0) -> FakeChannel:
        ch = FakeChannel()
        self.channels.append(ch)
        return ch


class FakeStore:
    def __init__(self) -> None:
        self.sounds: dict[str, FakeSound] = {}

    def sound(self, rel: str) -> FakeSound:
        return self.sounds.setdefault(rel, FakeSound())


@pytest.fixture
def fake_mixer(monkeypatch):
    """A mixer that is 'up' without a device: the service talks to fake sounds and channels."""
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, -16, 2))
    monkeypatch.setattr(pygame.mixer, "set_num_channels", lambda n: None)
    monkeypatch.setattr(pygame.mixer.music, "set_volume", lambda v: None)
    store = FakeStore()
    audio = AudioService(store, Volumes(1.0, 1.0, 1.0))
    assert not audio.silent
    return audio, store


def test_pan_gains_centre_is_full_and_sides_drop_the_far_speaker():
    assert pan_gains(0.0) == pytest.approx((1.0, 1.0))
    assert pan_gains(-1.0) == pytest.approx((1.0, 0.0), abs=1e-9)
    assert pan_gains(1.0) == pytest.approx((0.0, 1.0), abs=1e-9)
    assert pan_gains(5.0) == pan_gains(1.0) and pan_gains(-5.0) == pan_gains(-1.0)
    rights = [pan_gains(p / 10)[1] for p in range(-10, 11)]
    lefts = [pan_gains(p / 10)[0] for p in range(-10, 11)]
    assert rights == sorted(rights) and lefts == sorted(lefts, reverse=True)
    # half-way right: the left speaker down by about 5 dB, the right at full level
    left, right = pan_gains(0.5)
    assert right == 1.0 and 0.5 < left < 0.6


def test_pan_for_x_maps_the_design_screen():
    assert pan_for_x(0) == -1.0 and pan_for_x(640) == 0.0 and pan_for_x(1280) == 1.0
    assert pan_for_x(-50) == -1.0 and pan_for_x(2000) == 1.0
    assert pan_for_x(320) == pytest.approx(-0.5)


def test_play_sets_left_and_right_from_pan(fake_mixer):
    audio, store = fake_mixer
    audio.set_volumes(1.0, 1.0, 0.5)
    audio.play("common/reel_stop", pan=-1.0, volume=0.8)
    (vol,) = store.sounds["common/reel_stop"].channels[0].volumes
    assert vol == pytest.approx((0.4, 0.0), abs=1e-9)
    audio.play("common/reel_stop")
    assert store.sounds["common/reel_stop"].channels[1].volumes == [pytest.approx((0.5, 0.5))]


def test_keyed_sound_keeps_its_pan_when_volumes_change(fake_mixer):
    audio, store = fake_mixer
    audio.play("common/anticipation", key="ant", loops=-1, pan=1.0)
    ch = store.sounds["common/anticipation"].channels[0]
    audio.set_volumes(0.5, 1.0, 1.0)
    assert ch.volumes[-1] == pytest.approx((0.0, 0.5), abs=1e-9)
