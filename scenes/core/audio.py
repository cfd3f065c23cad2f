"""The audio service: the mixer, effects, named loops and the music/ambience track.

One `AudioService` is built by the app and passed to scenes. It starts the mixer itself; if that
fails for any reason (no sound card, no driver) it runs silent: every call still works and does
nothing, and one line is logged. Volumes are 0..1: an effect plays at
`master × effects × volume`, music at `master × music`. Muting keeps the settings and silences
output; turning music off remembers the requested track so it starts again when turned back on.

`play(name, key="spin_loop", loops=-1)` gives a sound a name so `stop("spin_loop")` can end it;
playing again under the same key replaces the previous sound.

`play(name, pan=p)` places an effect between the speakers, -1 (left) .. 0 (centre) .. 1 (right),
through the channel's left/right volumes; `pan_for_x` turns a position on the 1280 px design
screen into a pan, so a sound comes from where it happens on screen.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass

import pygame

from scenes.core.assets import AssetStore

log = logging.getLogger(__name__)

EFFECT_CHANNELS = 24
SCREEN_W = 1280  # the design width positions are given in


def pan_gains(pan: float) -> tuple[float, float]:
    """Left and right gains for `pan` (-1..1): an equal-power law scaled so the centre plays at
    full level on both sides (as an unpanned sound) and a side only loses the far speaker."""
    p = -1.0 if pan < -1 else 1.0 if pan > 1 else float(pan)
    theta = (p + 1) * math.pi / 4
    return min(1.0, math.sqrt(2) * math.cos(theta)), min(1.0, math.sqrt(2) * math.sin(theta))


def pan_for_x(x: float, width: float = SCREEN_W) -> float:
    """The pan of something at `x` px across the screen (left edge -1, centre 0, right edge 1)."""
    p = (2.0 * x / width) - 1.0
    return -1.0 if p < -1 else 1.0 if p > 1 else p


@dataclass
class Volumes:
    """Output levels, each 0..1."""

    master: float = 0.8
    music: float = 0.5
    effects: float = 0.9


def _clamp01(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else float(x)


class AudioService:
    """Plays effects and music through pygame.mixer, or nothing when there is no mixer."""

    def __init__(self, assets: AssetStore, volumes: Volumes | None = None) -> None:
        self.assets = assets
        self.volumes = volumes or Volumes()
        self._muted = False
        self._effects_enabled = True
        self._music_enabled = True
        self._keyed: dict[str, tuple[pygame.mixer.Channel, float, float]] = {}  # channel, volume, pan
        self._music_rel: str | None = None  # the track asked for (kept while music is off)
        self._music_playing: str | None = None  # the track actually loaded and playing
        self._silent = not self._start_mixer()

    def _start_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                # a small buffer keeps click-to-sound latency low
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(EFFECT_CHANNELS)
            return True
        except Exception as exc:  # any failure means "no sound", never a crash
            log.warning("audio disabled: %s", exc)
            return False

    # state -------------------------------------------------------------------------------------
    @property
    def silent(self) -> bool:
        """True when there is no mixer (everything is a no-op)."""
        return self._silent

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        if bool(value) == self._muted:
            return
        self._muted = bool(value)
        if self._muted:
            self.stop_all()
        self._apply_music()

    def toggle_mute(self) -> bool:
        """Flip mute; return the new state."""
        self.muted = not self._muted
        return self._muted

    @property
    def effects_enabled(self) -> bool:
        return self._effects_enabled

    @effects_enabled.setter
    def effects_enabled(self, value: bool) -> None:
        self._effects_enabled = bool(value)
        if not self._effects_enabled:
            self.stop_all()

    @property
    def music_enabled(self) -> bool:
        return self._music_enabled

    @music_enabled.setter
    def music_enabled(self, value: bool) -> None:
        self._music_enabled = bool(value)
        self._apply_music()

    def _mixer_failed(self, exc: Exception) -> None:
        """A mixer call failed mid-run (device lost, mixer shut down): go silent, log once."""
        if not self._silent:
            log.warning("audio disabled: %s", exc)
        self._silent = True
        self._keyed.clear()
        self._music_playing = None

    def set_volumes(self, master: float, music: float, effects: float) -> None:
        self.volumes = Volumes(_clamp01(master), _clamp01(music), _clamp01(effects))
        if self._silent:
            return
        try:
            for channel, vol, pan in self._keyed.values():
                self._set_channel(channel, vol, pan)
            pygame.mixer.music.set_volume(self._music_level())
        except pygame.error as exc:
            self._mixer_failed(exc)

    def _effect_level(self, volume: float) -> float:
        return _clamp01(self.volumes.master * self.volumes.effects * volume)

    def _set_channel(self, channel: pygame.mixer.Channel, volume: float, pan: float) -> None:
        level = self._effect_level(volume)
        left, right = pan_gains(pan)
        channel.set_volume(level * left, level * right)

    def _music_level(self) -> float:
        return _clamp01(self.volumes.master * self.volumes.music)

    # effects -----------------------------------------------------------------------------------
    def play(
        self, name: str, *, volume: float = 1.0, loops: int = 0, key: str | None = None, pan: float = 0.0
    ) -> pygame.mixer.Channel | None:
        """Play sounds/<name>.ogg at `pan` (-1 left .. 1 right); with `key`, replace and remember
        it for `stop(key)`."""
        if self._silent or self._muted or not self._effects_enabled:
            return None
        snd = self.assets.sound(name)
        if snd is None:
            return None
        if key is not None:
            self.stop(key)
        try:
            channel = snd.play(loops=loops)
            if channel is None:  # every channel busy: drop the effect rather than cut another
                return None
            self._set_channel(channel, volume, pan)
        except pygame.error as exc:
            self._mixer_failed(exc)
            return None
        if key is not None:
            self._keyed[key] = (channel, volume, pan)
        return channel

    def stop(self, key: str) -> None:
        entry = self._keyed.pop(key, None)
        if entry is not None and not self._silent:
            try:
                entry[0].stop()
            except pygame.error as exc:
                self._mixer_failed(exc)

    def is_playing(self, key: str) -> bool:
        entry = self._keyed.get(key)
        if not entry or self._silent:
            return False
        try:
            return bool(entry[0].get_busy())
        except pygame.error as exc:
            self._mixer_failed(exc)
            return False

    def stop_all(self) -> None:
        """Stop every effect (music is left alone)."""
        self._keyed.clear()
        if not self._silent:
            try:
                pygame.mixer.stop()
            except pygame.error as exc:
                self._mixer_failed(exc)

    # music -------------------------------------------------------------------------------------
    def music(self, rel: str | None, *, fade_ms: int = 800) -> None:
        """Loop sounds/<rel>.ogg as music/ambience (no restart if it already plays); None stops."""
        self._music_rel = rel
        self._apply_music(fade_ms)

    @property
    def music_track(self) -> str | None:
        return self._music_rel

    def _apply_music(self, fade_ms: int = 800) -> None:
        if self._silent:
            return
        try:
            self._switch_music(fade_ms)
        except pygame.error as exc:
            self._mixer_failed(exc)

    def _switch_music(self, fade_ms: int) -> None:
        want = self._music_rel if (self._music_enabled and not self._muted) else None
        if want == self._music_playing:
            pygame.mixer.music.set_volume(self._music_level())
            return
        if want is None:
            if fade_ms > 0:
                pygame.mixer.music.fadeout(fade_ms)
            else:
                pygame.mixer.music.stop()
            self._music_playing = None
            return
        path = self.assets.sound_path(want)
        if not path.is_file():
            log.warning("missing music: %s", path)
            self._music_playing = None
            return
        try:
            pygame.mixer.music.load(str(path))
        except pygame.error as exc:  # a damaged file: no music, sound effects still work
            log.warning("cannot play music %s: %s", path, exc)
            self._music_playing = None
            return
        pygame.mixer.music.set_volume(self._music_level())
        pygame.mixer.music.play(loops=-1, fade_ms=max(0, fade_ms))
        self._music_playing = want

    def shutdown(self) -> None:
        if not self._silent:
            try:
                pygame.mixer.music.stop()
                pygame.mixer.stop()
            except pygame.error:
                pass  # shutting down anyway
