"""The base-game and lobby music: one song per game plus the lobby, each about 96 s long with
an intro, an A section, a B section in another progression and instrumentation, a bridge where
the drums drop out, the A theme returning fuller and a turnaround back to the start (see
`compose`). Stereo, seamless, at the music loudness target. The free-spins and bonus themes are
in `music_features`.
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


# ----------------------------------------------------------------------------- the songs


def stones() -> np.ndarray:
    """Secret of the Stones: Celtic, D minor, 90 bpm. Harp, drone, whistle; fiddle in B."""
    a = prog("D3m C3M A#2M C3M D3m F3M C3M A2m")
    sections = [
        Section("intro", prog("D3m C3M A#2M C3M"), {"harp": 0.6, "pad": 0.5}),
        Section("A", a, {"harp": 1, "pad": 0.8, "drum": 0.8, "whistle": 1}, 1),
        Section(
            "B",
            prog("A#2M F3M C3M D3m A#2M F3M G3m A2M"),
            {"harp2": 0.8, "pad": 1, "drum": 1, "fiddle": 1},
            2,
        ),
        Section("bridge", prog("G3m D3m A#2M C3sus"), {"pad": 0.7, "harp": 0.4, "low": 1}, 3),
        Section("A'", a, {"harp": 1, "pad": 0.8, "drum": 1, "whistle": 1, "cello": 0.8}, 1),
        Section("outro", prog("A#2M C3M D3m A2M"), {"harp": 0.8, "pad": 0.8, "drum": 0.5}),
    ]
    song = Song(90, sections)
    drone(song, ((38, 0.3), (45, 0.2), (50, 0.1)))
    song.chords("pad", soft_pad, 0.07, spread=0.4, overlap=0.8, seed=1000)
    song.arpeggio("harp", harp, [0, 1, 2, 10, 2, 11, 10, 1], 0.5, 0.14, 2.2, 1, 2000)
    song.arpeggio("harp2", harp, [0, 2, 10, 12, 11, 2, 10, 2], 0.5, 0.12, 2.2, 1, 2100, 0.6)
    pentatonic = [62, 65, 67, 69, 72]
    song.melody("whistle", whistle, pentatonic, 69, 86, 0.16, 0.15, 3001)
    song.melody("fiddle", fiddle, [62, 64, 65, 67, 69, 70, 72], 62, 81, 0.12, -0.2, 3101)
    song.melody("low", whistle, pentatonic, 57, 74, 0.15, 0.1, 3201, legato=0.3)
    song.chords("cello", cello, 0.05, octave=-1, spread=0.2, seed=3300)
    beat = [
        (0, frame_drum, 0.18, 0.0),
        (2, frame_drum, 0.12, 0.0),
        (3.5, lambda sd: frame_drum(sd, 95, 0.5), 0.07, 0.2),
    ]
    fill = beat[:2] + [(b, lambda sd: frame_drum(sd, 100, 0.4), 0.08, 0.3) for b in (3, 3.25, 3.5, 3.75)]
    song.drums("drum", beat, fill, seed=4000)
    return song.finish(0.45, 3.2, 71)


def warlords() -> np.ndarray:
    """Warlords: taiko, low brass and shakuhachi in A minor, 90 bpm; koto ostinato in B."""
    a = prog("A2m A2m F2M G2M A2m E2m F2M G2M")
    sections = [
        Section("intro", prog("A2m A2m F2M G2M"), {"brass": 0.7, "pad": 0.6, "taiko": 0.5}),
        Section("A", a, {"brass": 1, "pad": 0.8, "taiko": 1, "flute": 1, "shaker": 1}, 1),
        Section(
            "B",
            prog("D2m F2M E2m A2m D2m F2M E2M E2M"),
            {"koto": 1, "pad": 1, "taiko": 0.9, "kotomel": 1, "brass": 0.6},
            2,
        ),
        Section("bridge", prog("F2M G2M A2m A2m"), {"pad": 0.8, "flute": 0.7, "pulse": 1}, 3),
        Section("A'", a, {"brass": 1, "choir": 0.8, "taiko": 1, "flute": 1, "koto": 0.7, "shaker": 1}, 1),
        Section("outro", prog("F2M G2M E2M E2M"), {"brass": 0.9, "pad": 0.8, "taiko": 0.8}),
    ]
    song = Song(90, sections)
    song.bassline("brass", low_brass, [(0, 0, 4), (0, 7, 4)], 0.16, 0, 5000)
    song.chords("pad", warm_pad, 0.05, octave=1, seed=5100)
    song.chords("choir", choir_o, 0.05, octave=1, seed=5200)
    song.arpeggio("koto", koto, [0, 2, 10, 2, 1, 2, 10, 12], 0.5, 0.12, 1.4, 1, 5300, 0.5)
    pent = [57, 60, 62, 64, 67]
    song.melody("flute", shakuhachi, pent, 64, 81, 0.15, -0.2, 6001)
    song.melody("kotomel", koto, pent, 64, 84, 0.2, 0.25, 6101)

    beat = [
        (0, taiko_hit(62), 0.32, 0.1),
        (1.5, taiko_hit(70), 0.18, -0.3),
        (2, taiko_hit(62), 0.27, 0.1),
        (3, taiko_hit(78), 0.16, -0.3),
        (3.5, taiko_hit(90), 0.11, -0.3),
    ]
    fill = [*beat, (3.25, taiko_hit(84), 0.14, -0.3), (3.75, taiko_hit(70), 0.19, -0.3)]
    song.drums("taiko", beat, fill, 7000)
    song.drums("pulse", [(0, taiko_hit(58, 1.4), 0.2, 0.0), (2.5, taiko_hit(66), 0.1, 0.0)], seed=7100)
    hat = shaker_hit(0.1, 4000)
    song.drums("shaker", [(1, hat, 0.05, 0.6), (3, hat, 0.05, 0.6), (3.5, hat, 0.03, 0.6)], seed=7200)
    return song.finish(0.35, 2.6, 72)


def tombraider() -> np.ndarray:
    """Tomb Raider: adventure in E minor, 120 bpm. String pulse and horn; cellos and timpani
    in B; a flute bridge without drums."""
    a = prog("E2m C2M G2M D2M E2m C2M D2M B1M")
    sections = [
        Section("intro", prog("E2m C2M G2M D2M"), {"pulse": 0.6, "pad": 0.7, "shaker": 0.6}),
        Section("A", a, {"pulse": 1, "pad": 0.8, "kit": 1, "shaker": 1, "horn": 1}, 1),
        Section("A'", a, {"pulse": 1, "pad": 0.8, "kit": 1, "shaker": 1, "horn": 1, "bells": 1}, 1),
        Section(
            "B",
            prog("A1m C2M D2M E2m A1m C2M B1M B1M"),
            {"pulse": 0.8, "pad": 1, "timp": 1, "cello": 1, "shaker": 0.7},
            2,
        ),
        Section("bridge", prog("E2m E2m C2M C2M A1m A1m B1M B1M"), {"pad": 1, "flute": 1, "soft": 1}, 3),
        Section(
            "A''", a, {"pulse": 1, "pad": 1, "kit": 1, "shaker": 1, "horn": 1, "strings": 0.8, "timp": 0.6}, 1
        ),
        Section("outro", prog("C2M D2M B1M B1M"), {"pulse": 1, "pad": 0.8, "kit": 0.8, "timp": 1}),
    ]
    song = Song(120, sections)
    song.chords("pad", warm_pad, 0.06, octave=1, spread=0.6, seed=7000)
    song.arpeggio("pulse", staccato, [0, 0, 10, 0, 2, 0, 10, 2], 0.5, 0.085, 0.2, 0, 7100, -0.4)
    song.arpeggio("bells", vibes, [10, 11, 12, 11], 1.0, 0.05, 1.2, 1, 7200, 0.5)
    scale = [64, 66, 67, 69, 71, 72, 74]
    song.melody("horn", horn, [64, 67, 69, 71, 74], 64, 83, 0.11, 0.25, 8001)
    song.melody("strings", fiddle, [64, 67, 69, 71, 74], 76, 91, 0.06, -0.3, 8001)
    song.melody("cello", cello, scale, 52, 71, 0.13, -0.1, 8101)
    song.melody("flute", whistle, scale, 67, 86, 0.14, 0.1, 8201, legato=0.25)
    kick = lambda sd: s.kick(0.5, sd)  # noqa: E731
    tom = lambda sd: s.tom(0.4, 130, sd)  # noqa: E731
    kit = [(0, kick, 0.35, 0.0), (2, tom, 0.15, 0.3), (2.5, kick, 0.22, 0.0)]
    fill = kit + [
        (b, lambda sd, p=p: s.tom(0.35, p, sd), 0.14, 0.3 - 0.1 * i)
        for i, (b, p) in enumerate(((3, 160), (3.25, 140), (3.5, 120), (3.75, 100)))
    ]
    song.drums("kit", kit, fill, 9000)
    timp = lambda sd: s.timpani(41.2, 1.4, sd)  # noqa: E731
    song.drums("timp", [(0, timp, 0.3, -0.2), (2.5, timp, 0.16, -0.2)], seed=9100)
    song.drums("soft", [(0, kick, 0.15, 0.0), (2, kick, 0.08, 0.0)], seed=9200)
    hat = shaker_hit(0.08, 7000)
    song.drums("shaker", [(j / 2, hat, 0.05 if j % 2 else 0.08, 0.5) for j in range(8)], seed=9300)
    return song.finish(0.3, 2.2, 73)


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
    "stones/music": stones,
    "warlords/music": warlords,
    "tombraider/music": tombraider,
}


def build_all(root: Path, tracks: dict | None = None) -> list[str]:
    done = []
    for name, fn in (tracks or TRACKS).items():
        rel = f"assets/sounds/{name}.ogg"
        write_ogg(root / rel, fn(), quality=MUSIC_QUALITY)
        done.append(rel)
    return done
