"""The base-game and lobby music: one song per game (in its generator module,
`tools.assets.games.<id>`, its `MUSIC`) plus the lobby, each about 96 s long with an intro, an A
section, a B section in another progression and instrumentation, a bridge where the drums drop out,
the A theme returning fuller and a turnaround back to the start (see `compose`). Stereo, seamless,
at the music loudness target. The free-spins and bonus themes are each game's `FEATURE_MUSIC`
(`music_features` holds what they share). The instruments here are shared by every game's songs.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tools.assets import synth as s
from tools.assets.compose import Section, Song, prog
from tools.assets.oggio import write_ogg
from tools.assets.synth import midi

MUSIC_QUALITY = 0.4  # Vorbis quality 0..1: about 14 kB/s for these mixes


# instruments with the (freq, dur, seed) signature the layers use --------------------------------
def harp(f, d, sd):
    return s.pluck(f, max(d, 1.8), 0.9, sd)


def whistle(f, d, sd):
    return s.flute(f, d, sd, 0.1)


def shakuhachi(f, d, sd):
    return s.flute(f, d, sd, 0.22)


def soft_pad(f, d, sd):
    return s.pad(f, d, sd, 3, 0.35, 0.9, 1.0)


def warm_pad(f, d, sd):
    return s.pad(f, d, sd, 3, 0.5, 0.5, 0.8)


def fiddle(f, d, sd):
    return s.bowed(f, d, sd, 0.8, 0.08)


def cello(f, d, sd):
    return s.bowed(f, d, sd, 0.5, 0.25, 0.004)


def horn(f, d, sd):
    return s.brass(f, d, sd, 0.8, 0.04)


def low_brass(f, d, sd):
    return s.brass(f, d, sd, 0.55, 0.6)


def koto(f, d, sd):
    return s.koto(f, max(d, 1.2), sd)


def vibes(f, d, sd):
    return s.bell(f, max(d, 0.5) + 0.6, sd, 0.5)


def epiano(f, d, sd):
    return s.epiano(f, d, sd)


def upright(f, d, sd):
    return s.bass(f, d, sd, 0.6)


def choir_a(f, d, sd):
    return s.choir(f, d, sd, "a", 0.7)


def choir_o(f, d, sd):
    return s.choir(f, d, sd, "o", 0.6)


def staccato(f, d, sd):
    n = s.n_of(0.2)
    return s.saw(f, n, 16, 0.6, sd) * s.env(n, 0.005, 0.06, 0.3, 0.08)


def drone(song: Song, notes: tuple[tuple[int, float], ...], swells: int = 3) -> None:
    """Held notes across the whole loop, each an integer number of cycles long (seamless)."""
    n = s.n_of(song.length)
    t = s.tt(n)
    for m, g in notes:
        f = round(midi(m) * song.length) / song.length
        v = sum(np.sin(2 * np.pi * f * k * t + k) / k**1.6 for k in range(1, 8))
        song.put(v * (0.8 + 0.2 * np.sin(2 * np.pi * t / song.length * swells)) * g, 0)


def taiko_hit(pitch: float, dur: float = 1.0):
    """A drum-pattern hit (seed → signal): a taiko stroke at `pitch` Hz."""
    return lambda sd: s.taiko(dur, pitch, sd)


def shaker_hit(dur: float, bright: float):
    """A drum-pattern hit (seed → signal): a shaker above `bright` Hz."""
    return lambda sd: s.shaker(dur, sd, bright)


def frame_drum(sd: int, pitch: float = 80.0, dur: float = 0.8) -> np.ndarray:
    return s.taiko(dur, pitch, sd)


# ----------------------------------------------------------------------------- the lobby's song


def lobby() -> np.ndarray:
    """The lobby: gentle lounge in C, 96 bpm. Electric piano, upright bass, brushes; vibes in A,
    flute in B, the piano alone over a ii-V bridge."""
    a = prog("C3M7 A2m7 D3m7 G2_7 C3M7 A2m7 D3m7 G2_7".replace("_", ""))
    comp = ((0, 1.5), (1.5, 1.0), (2.5, 1.5))
    sections = [
        Section("intro", prog("C3M7 A2m7 D3m7 G27"), {"keys": 0.8, "bass": 0.7}),
        Section("A", a, {"keys": 1, "bass": 1, "brush": 1, "vibes": 1}, 1),
        Section(
            "B",
            prog("F3M7 E3m7 D3m7 C3M7 F3M7 E3m7 D37 G27"),
            {"keys": 1, "bass": 1, "shaker": 1, "flute": 1},
            2,
        ),
        Section("A'", a, {"keys": 1, "bass": 1, "brush": 1, "vibes": 1, "pad": 0.8}, 1),
        Section(
            "bridge",
            prog("E3m7 A27 D3m7 G27 E3m7 A27 D3m7 G27"),
            {"keys": 0.6, "bass": 0.8, "solo": 1, "pad": 0.6},
            3,
        ),
        Section("outro", prog("C3M7 A2m7 D3m7 G27"), {"keys": 1, "bass": 0.8, "brush": 0.6}),
    ]
    song = Song(96, sections)
    song.chords("keys", epiano, 0.07, octave=1, spread=0.45, overlap=0.3, seed=100, hits=comp)
    song.chords("pad", soft_pad, 0.04, octave=1, seed=200)
    song.bassline("bass", upright, [(0, 0, 1.5), (2, 7, 1.0), (3.5, 12, 0.5)], 0.3, -1, 300)
    brush = shaker_hit(0.1, 5000)
    song.drums("brush", [(j / 2, brush, 0.03 if j % 2 else 0.045, 0.4) for j in range(8)], seed=400)
    song.drums("shaker", [(j / 2 + 0.25, brush, 0.03, -0.4) for j in range(8)], seed=500)
    major = [60, 62, 64, 67, 69]
    song.melody("vibes", vibes, major, 67, 86, 0.09, -0.25, 9001)
    song.melody("flute", whistle, [60, 62, 64, 65, 67, 69, 71], 67, 86, 0.1, 0.2, 9101)
    song.melody("solo", epiano, [60, 62, 64, 65, 67, 69, 71], 64, 84, 0.1, 0.1, 9201)
    return song.finish(0.3, 2.4, 74)


TRACKS = {
    "common/lobby_music": lobby,
}


def build_all(root: Path, tracks: dict | None = None) -> list[str]:
    """The lobby's song and every game's (`<id>/<name>`), or `tracks`, under assets/sounds/."""
    from tools.assets import games

    done = []
    for name, fn in (tracks or {**TRACKS, **games.sounds("MUSIC")}).items():
        rel = f"assets/sounds/{name}.ogg"
        write_ogg(root / rel, fn(), quality=MUSIC_QUALITY)
        done.append(rel)
    return done
