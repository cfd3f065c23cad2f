"""The audio service: silent mode when the mixer fails, volumes, mute, keyed loops."""

from __future__ import annotations

import wave

import pygame
import pytest

from scenes.core.audio import AudioService, Volumes


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
