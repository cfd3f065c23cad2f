"""Feature music: the free-spins theme of each game (one per warlord in Warlords) and the Tomb
Raider world-map bonus theme. Same form as the base songs (`music`): about 95 s, sections with
their own progressions, instruments and density, seamless, at the music loudness target; faster
and fuller than the base theme of the same game so a feature is heard to start.
"""

from __future__ import annotations

import numpy as np

from tools.assets import synth as s
from tools.assets.compose import Section, Song, prog
from tools.assets.music import (
    cello,
    choir_a,
    choir_o,
    drone,
    fiddle,
    frame_drum,
    harp,
    horn,
    koto,
    low_brass,
    shaker_hit,
    shakuhachi,
    soft_pad,
    staccato,
    taiko_hit,
    upright,
    vibes,
    warm_pad,
    whistle,
)


def _hit(fn, *args):
    return lambda sd: fn(*args, sd)


def stones_free() -> np.ndarray:
    """Stones free spins: D major reel-dance, 112 bpm; harp and bodhrán drive, whistle and
    fiddle trade the tune, a choir in the bridge."""
    a = prog("D3M G3M D3M A2M D3M G3M A2M D3M")
    sections = [
        Section("intro", prog("D3M C3M D3M A2M"), {"harp": 0.8, "bodhran": 0.6, "pad": 0.5}),
        Section("A", a, {"harp": 1, "bodhran": 1, "pad": 0.7, "whistle": 1, "bass": 1}, 1),
        Section(
            "B",
            prog("B2m G3M D3M A2M B2m G3M E3m A2M"),
            {"harp": 0.8, "bodhran": 1, "fiddle": 1, "bass": 1, "pad": 0.8},
            2,
        ),
        Section("A'", a, {"harp": 1, "bodhran": 1, "whistle": 1, "fiddle2": 0.8, "bass": 1, "bells": 1}, 1),
        Section(
            "bridge",
            prog("G3M A3M B3m B3m G3M A3M D3M D3M"),
            {"choir": 1, "harp": 0.5, "low": 1, "pad": 0.6},
            3,
        ),
        Section(
            "A''",
            a,
            {"harp": 1, "bodhran": 1, "whistle": 1, "fiddle2": 1, "bass": 1, "bells": 1, "pad": 0.6},
            1,
        ),
    ]
    song = Song(112, sections)
    drone(song, ((38, 0.18), (45, 0.12)))
    song.chords("pad", soft_pad, 0.06, spread=0.5, seed=11000)
    song.chords("choir", choir_a, 0.05, octave=1, seed=11100)
    song.arpeggio("harp", harp, [0, 1, 2, 10, 11, 12, 11, 10], 0.5, 0.13, 1.8, 1, 11200, 0.6)
    song.arpeggio("bells", vibes, [10, 12, 11, 12], 1.0, 0.05, 1.0, 1, 11300, -0.5)
    song.bassline("bass", upright, [(0, 0, 1), (1.5, 7, 0.5), (2, 12, 1), (3, 7, 1)], 0.2, -1, 11400)
    major = [62, 64, 66, 69, 71]
    song.melody("whistle", whistle, major, 69, 88, 0.16, 0.2, 12001)
    song.melody("fiddle", fiddle, [62, 64, 66, 67, 69, 71, 73], 64, 83, 0.12, -0.25, 12101)
    song.melody("fiddle2", fiddle, major, 57, 76, 0.08, -0.3, 12001)
    song.melody("low", whistle, major, 57, 76, 0.15, 0.1, 12201, legato=0.3)
    bod = [
        (0, _hit(frame_drum), 0.2, 0.0),
        (1, _hit(frame_drum), 0.1, 0.1),
        (1.5, lambda sd: frame_drum(sd, 110, 0.4), 0.08, 0.2),
        (2, _hit(frame_drum), 0.16, 0.0),
        (3, _hit(frame_drum), 0.1, 0.1),
        (3.5, lambda sd: frame_drum(sd, 110, 0.4), 0.09, 0.2),
    ]
    fill = bod[:4] + [(b, lambda sd: frame_drum(sd, 120, 0.35), 0.09, 0.3) for b in (3, 3.25, 3.5, 3.75)]
    song.drums("bodhran", bod, fill, 13000)
    return song.finish(0.38, 2.8, 81)


def barbarian() -> np.ndarray:
    """The Barbarian's free spins: war drums and low brass in E minor, 100 bpm; driving low
    strings, a brass battle tune, a men's choir in the bridge."""
    a = prog("E2m E2m C2M D2M E2m E2m C2M B1M")
    sections = [
        Section("intro", prog("E2m E2m C2M D2M"), {"war": 0.7, "brass": 1, "strings": 0.6}),
        Section("A", a, {"war": 1, "brass": 1, "strings": 1, "tune": 1, "crash": 1}, 1),
        Section(
            "B",
            prog("A1m C2M D2M E2m A1m C2M B1M B1M"),
            {"war": 1, "strings": 1, "cellos": 1, "brass": 0.7},
            2,
        ),
        Section("A'", a, {"war": 1, "brass": 1, "strings": 1, "tune": 1, "choir": 0.6, "crash": 1}, 1),
        Section("bridge", prog("C2M C2M D2M D2M E2m E2m B1M B1M"), {"choir": 1, "pulse": 1, "brass": 0.6}, 3),
        Section("outro", prog("C2M D2M B1M B1M"), {"war": 1, "brass": 1, "strings": 1, "crash": 1}),
    ]
    song = Song(100, sections)
    song.bassline("brass", low_brass, [(0, 0, 4), (0, 7, 4), (0, -12, 4)], 0.14, 0, 14000)
    song.arpeggio("strings", staccato, [0, 0, 0, 10, 0, 0, 2, 1], 0.5, 0.1, 0.2, -1, 14100, 0.3)
    song.chords("choir", choir_o, 0.05, octave=0, seed=14200)
    song.melody("tune", horn, [64, 66, 67, 69, 71, 72, 74], 60, 79, 0.13, 0.2, 15001)
    song.melody("cellos", cello, [64, 66, 67, 69, 71, 72, 74], 48, 67, 0.14, -0.2, 15101)

    war = [
        (0, taiko_hit(52, 1.2), 0.34, 0.0),
        (0.75, taiko_hit(60), 0.15, -0.3),
        (1, taiko_hit(70), 0.2, 0.3),
        (2, taiko_hit(52, 1.2), 0.3, 0.0),
        (2.5, taiko_hit(60), 0.16, -0.3),
        (3, taiko_hit(70), 0.2, 0.3),
        (3.5, _hit(s.snare, 0.25), 0.08, 0.2),
    ]
    fill = war[:4] + [
        (b, taiko_hit(64 + 8 * i, 0.6), 0.18, 0.4 - 0.2 * i) for i, b in enumerate((2.5, 3, 3.25, 3.5, 3.75))
    ]
    song.drums("war", war, fill, 16000)
    song.drums("pulse", [(0, taiko_hit(48, 1.5), 0.26, 0.0), (2, taiko_hit(48, 1.2), 0.14, 0.0)], seed=16100)
    song.drums("crash", [(0, lambda sd: s.cymbal(2.0, sd), 0.05, 0.5)], seed=16200)
    return song.finish(0.3, 2.4, 82)


def priestess() -> np.ndarray:
    """The Priestess's free spins: mystical, C# minor (Dorian), 84 bpm; a choir, harp and bells,
    a flute melody, a soft frame drum; koto and strings in B."""
    a = prog("C#3m B2M C#3m A2M C#3m B2M F#2m G#2M")
    sections = [
        Section("intro", prog("C#3m B2M A2M G#2M"), {"choir": 0.7, "harp": 0.6}),
        Section("A", a, {"choir": 1, "harp": 1, "flute": 1, "drum": 0.8}, 1),
        Section(
            "B",
            prog("A2M B2M C#3m C#3m A2M B2M G#2M G#2M"),
            {"pad": 1, "koto": 1, "bellmel": 1, "drum": 1, "harp": 0.5},
            2,
        ),
        Section("A'", a, {"choir": 1, "harp": 1, "flute": 1, "strings": 0.8, "drum": 1, "bells": 1}, 1),
        Section("bridge", prog("F#2m F#2m A2M A2M"), {"choir": 0.8, "bellmel": 0.6}, 3),
        Section("outro", prog("C#3m B2M A2M G#2M"), {"choir": 1, "harp": 0.8, "drum": 0.6, "bells": 0.8}),
    ]
    song = Song(84, sections)
    drone(song, ((37, 0.16), (44, 0.1)), swells=2)
    song.chords("choir", choir_a, 0.06, octave=1, spread=0.6, seed=17000)
    song.chords("pad", warm_pad, 0.05, octave=1, seed=17100)
    song.arpeggio("harp", harp, [0, 1, 2, 10, 11, 12, 20, 12], 0.5, 0.11, 2.4, 1, 17200, 0.6)
    song.arpeggio("koto", koto, [0, 2, 10, 2], 0.5, 0.1, 1.2, 1, 17300, -0.4)
    song.arpeggio("bells", vibes, [20, 12, 11, 12], 1.0, 0.04, 1.6, 1, 17400, 0.5)
    dorian = [61, 63, 64, 66, 68, 70, 71]
    song.melody("flute", whistle, dorian, 68, 88, 0.15, -0.1, 18001, legato=0.3)
    song.melody("bellmel", vibes, [61, 64, 66, 68, 71], 73, 92, 0.09, 0.2, 18101)
    song.melody("strings", fiddle, dorian, 61, 80, 0.07, 0.3, 18001)
    drum = [
        (0, lambda sd: frame_drum(sd, 75, 1.0), 0.16, 0.0),
        (1.5, lambda sd: frame_drum(sd, 95, 0.5), 0.06, -0.2),
        (2.5, lambda sd: frame_drum(sd, 85, 0.6), 0.09, 0.2),
    ]
    song.drums("drum", drum, seed=19000)
    return song.finish(0.5, 3.6, 83)


def samurai() -> np.ndarray:
    """The Samurai's free spins: D 'in' scale (D Eb G A Bb), 96 bpm; koto ostinato, shakuhachi
    melody, taiko ensemble; strings in B, a lone flute over a drone in the bridge."""
    a = prog("D3m D3m A#2M A2m D3m G2m A#2M A2m")
    sections = [
        Section("intro", prog("D3m D3m A#2M A2m"), {"koto": 0.8, "taiko": 0.5}),
        Section("A", a, {"koto": 1, "taiko": 1, "flute": 1, "shaker": 1, "bass": 1}, 1),
        Section(
            "B",
            prog("G2m A#2M A2m D3m G2m A#2M A2M A2M"),
            {"koto": 0.7, "taiko": 1, "kotomel": 1, "strings": 1, "bass": 1},
            2,
        ),
        Section("bridge", prog("D3m D3m D3m D3m A#2M A2m"), {"flute": 1, "pulse": 1, "pad": 0.6}, 3),
        Section("A'", a, {"koto": 1, "taiko": 1, "flute": 1, "shaker": 1, "bass": 1, "pad": 0.6}, 1),
        Section("outro", prog("A#2M A2m A2M A2M"), {"koto": 1, "taiko": 1, "bass": 1}),
    ]
    song = Song(96, sections)
    in_scale = [62, 63, 67, 69, 70]
    drone(song, ((38, 0.14), (45, 0.08)))
    song.arpeggio("koto", koto, [0, 10, 2, 10, 1, 12, 2, 10], 0.5, 0.13, 1.2, 1, 20000, 0.5)
    song.chords("pad", warm_pad, 0.05, octave=1, seed=20100)
    song.bassline("bass", low_brass, [(0, 0, 2), (2, 7, 2)], 0.1, 0, 20200)
    song.melody("flute", shakuhachi, in_scale, 62, 82, 0.16, -0.15, 21001, legato=0.3)
    song.melody("kotomel", koto, in_scale, 67, 86, 0.2, 0.2, 21101)
    song.melody("strings", fiddle, in_scale, 62, 79, 0.08, -0.3, 21101)

    taiko = [
        (0, taiko_hit(60), 0.3, 0.0),
        (0.5, taiko_hit(84, 0.4), 0.1, -0.4),
        (1, taiko_hit(72), 0.16, 0.3),
        (2, taiko_hit(60), 0.26, 0.0),
        (2.75, taiko_hit(84, 0.4), 0.1, -0.4),
        (3, taiko_hit(72), 0.18, 0.3),
        (3.5, taiko_hit(90, 0.4), 0.1, -0.4),
    ]
    fill = taiko[:4] + [
        (b, taiko_hit(70 + 6 * i, 0.5), 0.16, 0.3 - 0.15 * i) for i, b in enumerate((3, 3.25, 3.5, 3.75))
    ]
    song.drums("taiko", taiko, fill, 22000)
    song.drums("pulse", [(0, taiko_hit(56, 1.4), 0.22, 0.0)], seed=22100)
    hat = shaker_hit(0.08, 5000)
    song.drums("shaker", [(j / 2 + 0.25, hat, 0.04, 0.6) for j in range(8)], seed=22200)
    return song.finish(0.35, 2.6, 84)


def tomb_free() -> np.ndarray:
    """Tomb Raider free spins: action in E minor, 132 bpm; string ostinato, four-on-the-floor
    kick and snare, heroic horns; timpani and cellos in B; a half-time bridge."""
    a = prog("E2m C2M D2M E2m E2m C2M D2M B1M")
    sections = [
        Section("intro", prog("E2m C2M D2M B1M"), {"ostinato": 0.8, "kick": 0.6, "pad": 0.6}),
        Section("A", a, {"ostinato": 1, "kick": 1, "snare": 1, "horns": 1, "pad": 0.7, "hat": 1}, 1),
        Section(
            "A'",
            a,
            {"ostinato": 1, "kick": 1, "snare": 1, "horns": 1, "high": 0.8, "hat": 1, "bells": 0.8},
            1,
        ),
        Section(
            "B",
            prog("C2M D2M E2m E2m C2M D2M B1M B1M"),
            {"ostinato": 0.8, "timp": 1, "cellos": 1, "pad": 1, "hat": 0.6},
            2,
        ),
        Section("bridge", prog("A1m A1m C2M C2M D2M D2M B1M B1M"), {"half": 1, "pad": 1, "flute": 1}, 3),
        Section(
            "A''", a, {"ostinato": 1, "kick": 1, "snare": 1, "horns": 1, "high": 1, "timp": 0.6, "hat": 1}, 1
        ),
        Section(
            "outro",
            prog("C2M D2M E2m E2m C2M D2M B1M B1M"),
            {"ostinato": 1, "kick": 1, "timp": 1, "pad": 0.8},
        ),
    ]
    song = Song(132, sections)
    song.chords("pad", warm_pad, 0.055, octave=1, spread=0.6, seed=23000)
    song.arpeggio("ostinato", staccato, [0, 0, 10, 0, 0, 10, 2, 1], 0.5, 0.09, 0.2, 0, 23100, -0.4)
    song.arpeggio("bells", vibes, [10, 11, 12, 11], 1.0, 0.045, 1.0, 1, 23200, 0.5)
    heroic = [64, 66, 67, 69, 71, 72, 74]
    song.melody("horns", horn, heroic, 62, 79, 0.13, 0.2, 24001)
    song.melody("high", fiddle, heroic, 74, 91, 0.06, -0.3, 24001)
    song.melody("cellos", cello, heroic, 48, 67, 0.14, -0.1, 24101)
    song.melody("flute", whistle, heroic, 67, 86, 0.14, 0.1, 24201, legato=0.25)
    kick = lambda sd: s.kick(0.45, sd)  # noqa: E731
    song.drums("kick", [(b, kick, 0.3, 0.0) for b in range(4)], seed=25000)
    snr = _hit(s.snare, 0.3)
    song.drums(
        "snare",
        [(1, snr, 0.12, 0.1), (3, snr, 0.12, 0.1)],
        [(1, snr, 0.12, 0.1)] + [(3 + i / 4, snr, 0.07 + 0.02 * i, 0.1) for i in range(4)],
        25100,
    )
    song.drums("half", [(0, kick, 0.28, 0.0), (2, snr, 0.1, 0.1)], seed=25200)
    timp = lambda sd: s.timpani(41.2, 1.2, sd)  # noqa: E731
    song.drums("timp", [(0, timp, 0.3, -0.2), (1.5, timp, 0.14, -0.2), (2, timp, 0.2, -0.2)], seed=25300)
    hat = shaker_hit(0.06, 8000)
    song.drums("hat", [(j / 2, hat, 0.06 if j % 2 else 0.04, 0.45) for j in range(8)], seed=25400)
    return song.finish(0.28, 2.0, 85)


def world_map() -> np.ndarray:
    """The world-map bonus: a travelling theme in G, 100 bpm; harp and marimba-like bells move,
    strings carry the tune, a horn answers; a calmer B and a flute bridge over the pad."""
    a = prog("G2M D2M E2m C2M G2M D2M C2M D2M")
    sections = [
        Section("intro", prog("G2M D2M C2M D2M"), {"harp": 0.8, "pad": 0.6, "shaker": 0.6}),
        Section("A", a, {"harp": 1, "pad": 0.7, "strings": 1, "bass": 1, "shaker": 1, "tom": 1}, 1),
        Section(
            "B",
            prog("E2m C2M G2M D2M E2m C2M A1M D2M"),
            {"bells": 1, "horn": 1, "bass": 1, "pad": 1, "tom": 0.7},
            2,
        ),
        Section(
            "A'",
            a,
            {"harp": 1, "strings": 1, "horn2": 0.8, "bass": 1, "shaker": 1, "tom": 1, "bells": 0.6},
            1,
        ),
        Section("bridge", prog("C2M C2M A1m A1m E2m E2m D2M D2M"), {"pad": 1, "flute": 1, "harp": 0.4}, 3),
        Section(
            "outro", prog("C2M D2M C2M D2M"), {"harp": 1, "pad": 0.8, "bass": 1, "shaker": 1, "tom": 0.8}
        ),
    ]
    song = Song(100, sections)
    song.chords("pad", soft_pad, 0.06, octave=1, seed=26000)
    song.arpeggio("harp", harp, [0, 2, 1, 10, 2, 12, 11, 10], 0.5, 0.12, 2.0, 1, 26100, 0.6)
    song.arpeggio("bells", vibes, [0, 1, 2, 10, 2, 1, 10, 12], 0.5, 0.05, 0.8, 1, 26200, -0.5)
    song.bassline("bass", upright, [(0, 0, 1.5), (1.5, 7, 0.5), (2, 0, 1), (3, 7, 1)], 0.24, -1, 26300)
    major = [67, 69, 71, 72, 74, 76, 78]
    song.melody("strings", fiddle, major, 67, 86, 0.12, -0.2, 27001)
    song.melody("horn", horn, [67, 69, 71, 74, 76], 60, 79, 0.11, 0.2, 27101)
    song.melody("horn2", horn, [67, 69, 71, 74, 76], 55, 74, 0.07, 0.3, 27001)
    song.melody("flute", whistle, major, 67, 86, 0.15, 0.1, 27201, legato=0.3)
    tom = lambda sd: s.tom(0.4, 120, sd)  # noqa: E731
    song.drums(
        "tom",
        [(0, tom, 0.14, 0.2), (1.5, tom, 0.08, 0.2), (2, lambda sd: s.tom(0.4, 95, sd), 0.12, -0.2)],
        seed=28000,
    )
    hat = shaker_hit(0.08, 6000)
    song.drums("shaker", [(j / 2, hat, 0.05 if j % 2 else 0.035, 0.5) for j in range(8)], seed=28100)
    return song.finish(0.32, 2.4, 86)


TRACKS = {
    "stones/free_spins": stones_free,
    "warlords/free_spins_barbarian": barbarian,
    "warlords/free_spins_priestess": priestess,
    "warlords/free_spins_samurai": samurai,
    "tombraider/free_spins": tomb_free,
    "tombraider/world_map": world_map,
}
