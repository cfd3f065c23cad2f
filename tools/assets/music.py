"""Music loops (stereo, ≥ 30 s, seamless): every note is placed on a circular track, so a note
ringing past the end continues at the start, and the reverb is a circular convolution; the
last sample therefore flows into the first. Chord progressions with seeded pentatonic melodies.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tools.assets import synth as s
from tools.assets.oggio import write_ogg
from tools.assets.synth import midi

MUSIC_RMS_DB = -20.0  # roughly -14..-16 LUFS-ish once the reverb and limiter have acted


def melody(
    scale: list[int],
    chords: list[list[int]],
    beats_per_bar: int,
    seed: int,
    density: float = 0.55,
    low: int = 62,
    high: int = 81,
) -> list[tuple[float, int, float]]:
    """A seeded pentatonic line: (beat, midi, length in beats); chord tones on strong beats,
    stepwise motion, a rest at each phrase end (every 2 bars)."""
    r = s.rng(seed)
    pool = [m for m in range(low, high + 1) if m % 12 in {p % 12 for p in scale}]
    cur = pool[len(pool) // 2]
    notes = []
    for bar, chord in enumerate(chords):
        b = 0.0
        while b < beats_per_bar:
            phrase_end = bar % 2 == 1 and b >= beats_per_bar - 1
            if phrase_end:
                break
            strong = b in (0.0, 2.0)
            if strong:
                tones = [m for m in pool if m % 12 in {c % 12 for c in chord}]
                cur = min(tones, key=lambda m: abs(m - cur) + r.random() * 3)
            else:
                i = pool.index(cur)
                i = int(np.clip(i + r.choice([-2, -1, -1, 1, 1, 2]), 0, len(pool) - 1))
                cur = pool[i]
            length = r.choice([0.5, 1.0, 1.0, 1.5, 2.0]) if strong else r.choice([0.5, 0.5, 1.0])
            length = min(length, beats_per_bar - b)
            if r.random() < density or strong:
                notes.append((bar * beats_per_bar + b, cur, length))
            b += length
    return notes


def chord_notes(root: int, kind: str) -> list[int]:
    iv = {
        "m": [0, 3, 7],
        "M": [0, 4, 7],
        "m7": [0, 3, 7, 10],
        "M7": [0, 4, 7, 11],
        "7": [0, 4, 7, 10],
        "sus": [0, 5, 7],
    }[kind]
    return [root + i for i in iv]


def finish(tr: s.Track, wet: float, room: float, seed: int) -> np.ndarray:
    x = tr.out()
    y = s.reverb(x, wet, room, seed, circular=True)
    y = s.highpass(y, 30, circular=True)
    return s.normalize_rms(y, MUSIC_RMS_DB, -1.5)


# ----------------------------------------------------------------------------- per game


def stones() -> np.ndarray:
    """Mystical Celtic: D drone, harp arpeggios, whistle melody in D minor pentatonic."""
    bpm, bars, bpb = 90, 12, 4
    beat = 60 / bpm
    length = bars * bpb * beat
    tr = s.Track(length, loop=True)
    prog = [
        (50, "m"),
        (48, "M"),
        (46, "M"),
        (48, "M"),
        (50, "m"),
        (53, "M"),
        (48, "M"),
        (45, "m"),
        (46, "M"),
        (53, "M"),
        (48, "sus"),
        (50, "m"),
    ]
    chords = [chord_notes(r, k) for r, k in prog]
    # drone: D2 + A2, a soft pad that spans the whole loop (seamless by construction)
    n = s.n_of(length)
    t = s.tt(n)
    for m, g in ((38, 0.35), (45, 0.25), (50, 0.12)):
        f = midi(m)
        cycles = round(f * length)
        f = cycles / length  # an integer number of cycles per loop
        v = sum(np.sin(2 * np.pi * f * k * t + k) / k**1.6 for k in range(1, 8))
        swell = 0.8 + 0.2 * np.sin(2 * np.pi * t / length * 3)
        tr.put(v * swell * g, 0)
    for bar, ch in enumerate(chords):
        at = bar * bpb * beat
        # pad chord
        for i, m in enumerate(ch):
            tr.put(
                s.pad(midi(m), bpb * beat + 0.8, 1000 + bar * 7 + i, 3, 0.35, 0.9, 1.0),
                at,
                0.07,
                (i - 1) * 0.4,
            )
        # harp: up-and-down arpeggio in eighths over two octaves
        arp = [ch[0] + 12, ch[1] + 12, ch[2] + 12, ch[0] + 24, ch[2] + 12, ch[1] + 24, ch[0] + 24, ch[1] + 12]
        for j, m in enumerate(arp):
            tr.put(
                s.pluck(midi(m), 2.2, 0.9, 2000 + bar * 11 + j),
                at + j * beat / 2,
                0.16 if j % 4 == 0 else 0.11,
                np.sin(j) * 0.5,
            )
    mel = melody([62, 65, 67, 69, 72], chords, bpb, 3001, 0.6, 69, 86)
    for b, m, ln in mel:
        tr.put(s.flute(midi(m), ln * beat + 0.15, int(b * 10), 0.1), b * beat, 0.16, 0.15)
    # a soft frame drum pulse on 1 and 3
    for bar in range(bars):
        for bt in (0, 2):
            tr.put(s.taiko(0.8, 80, bar * 4 + bt), (bar * bpb + bt) * beat, 0.12 if bt else 0.18)
    return finish(tr, 0.45, 3.2, 71)


def warlords() -> np.ndarray:
    """Taiko drums, low brass drone and a shakuhachi-like flute over A minor pentatonic."""
    bpm, bars, bpb = 90, 12, 4
    beat = 60 / bpm
    length = bars * bpb * beat
    tr = s.Track(length, loop=True)
    prog = [
        (45, "m"),
        (45, "m"),
        (41, "M"),
        (43, "M"),
        (45, "m"),
        (40, "m"),
        (41, "M"),
        (43, "M"),
        (38, "m"),
        (41, "M"),
        (40, "m"),
        (40, "M"),
    ]
    chords = [chord_notes(r, k) for r, k in prog]
    for bar, ch in enumerate(chords):
        at = bar * bpb * beat
        # low brass: root and fifth, swelling each bar
        for i, m in enumerate((ch[0] - 12, ch[0] - 5)):
            tr.put(
                s.brass(midi(m), bpb * beat + 0.4, 5000 + bar * 3 + i, 0.55, 0.6), at, 0.16, (i - 0.5) * 0.5
            )
        for i, m in enumerate(ch):
            tr.put(
                s.pad(midi(m + 12), bpb * beat + 0.6, 5100 + bar * 5 + i, 2, 0.3, 0.5, 0.8),
                at,
                0.05,
                (i - 1) * 0.5,
            )
        # taiko pattern: DON . do-DON | . DON . (ka)
        pattern = [(0, 1.0, 62), (1.5, 0.55, 70), (2, 0.85, 62), (3, 0.5, 78), (3.5, 0.35, 90)]
        if bar % 4 == 3:
            pattern += [(3.25, 0.45, 84), (3.75, 0.6, 70)]
        for b, g, p in pattern:
            tr.put(s.taiko(1.0, p, bar * 17 + int(b * 4)), at + b * beat, 0.32 * g, -0.3 if p > 70 else 0.1)
        tr.put(s.shaker(0.1, bar, 4000), at + 1 * beat, 0.05, 0.6)
        tr.put(s.shaker(0.1, bar + 50, 4000), at + 3 * beat, 0.05, 0.6)
    mel = melody([57, 60, 62, 64, 67], chords, bpb, 6001, 0.45, 64, 81)
    for b, m, ln in mel:
        tr.put(s.flute(midi(m), ln * beat + 0.2, int(b * 10) + 7, 0.22), b * beat, 0.15, -0.2)
    return finish(tr, 0.35, 2.6, 72)


def tombraider() -> np.ndarray:
    """Adventurous: staccato string pulse in eighths, string pad, horn melody in E minor."""
    bpm, bars, bpb = 120, 16, 4
    beat = 60 / bpm
    length = bars * bpb * beat
    tr = s.Track(length, loop=True)
    prog = [(40, "m"), (36, "M"), (43, "M"), (38, "M")] * 3 + [(40, "m"), (36, "M"), (38, "M"), (35, "M")]
    chords = [chord_notes(r, k) for r, k in prog]
    for bar, ch in enumerate(chords):
        at = bar * bpb * beat
        for i, m in enumerate(ch):
            tr.put(
                s.pad(midi(m + 12), bpb * beat + 0.5, 7000 + bar * 5 + i, 3, 0.5, 0.4, 0.6),
                at,
                0.06,
                (i - 1) * 0.6,
            )
        # staccato pulse (root, octave, fifth)
        pulse = [ch[0], ch[0], ch[0] + 12, ch[0], ch[0] + 7, ch[0], ch[0] + 12, ch[0] + 7]
        for j, m in enumerate(pulse):
            sig = s.saw(midi(m), s.n_of(0.2), 16, 0.6, j) * s.env(s.n_of(0.2), 0.005, 0.06, 0.3, 0.08)
            tr.put(sig, at + j * beat / 2, 0.07 if j % 2 else 0.1, -0.4)
        tr.put(s.kick(0.5, bar), at, 0.35)
        tr.put(s.kick(0.5, bar + 100), at + 2.5 * beat, 0.22)
        tr.put(s.tom(0.4, 130, bar), at + 2 * beat, 0.15, 0.3)
        for j in range(8):
            tr.put(s.shaker(0.08, bar * 8 + j, 7000), at + j * beat / 2, 0.05 if j % 2 else 0.08, 0.5)
    mel = melody([64, 67, 69, 71, 74], chords, bpb, 8001, 0.5, 64, 83)
    for b, m, ln in mel:
        tr.put(s.brass(midi(m), ln * beat + 0.1, int(b * 10) + 3, 0.8, 0.04), b * beat, 0.11, 0.25)
    return finish(tr, 0.3, 2.2, 73)


def lobby() -> np.ndarray:
    """Gentle lounge: electric-piano seventh chords, soft bass, brushes, vibes melody."""
    bpm, bars, bpb = 96, 12, 4
    beat = 60 / bpm
    length = bars * bpb * beat
    tr = s.Track(length, loop=True)
    prog = [(48, "M7"), (45, "m7"), (50, "m7"), (43, "7")] * 3
    chords = [chord_notes(r, k) for r, k in prog]
    for bar, ch in enumerate(chords):
        at = bar * bpb * beat
        for hit, ln in ((0, 1.5), (1.5, 1.0), (2.5, 1.5)):
            for i, m in enumerate(ch):
                tr.put(
                    s.epiano(midi(m + 12), ln * beat + 0.3, bar + i),
                    at + hit * beat + i * 0.008,
                    0.07,
                    (i - 1.5) * 0.3,
                )
        for b, m in ((0, ch[0] - 12), (2, ch[0] - 5), (3.5, ch[0] - 12)):
            tr.put(s.pluck(midi(m), 0.9, 0.5, bar * 3 + int(b)), at + b * beat, 0.25)
        for j in range(8):
            tr.put(s.shaker(0.1, bar * 9 + j, 5000), at + j * beat / 2, 0.03 if j % 2 else 0.045, 0.4)
    mel = melody([60, 62, 64, 67, 69], chords, bpb, 9001, 0.5, 67, 86)
    for b, m, ln in mel:
        tr.put(s.bell(midi(m), max(ln * beat, 0.5) + 0.6, int(b * 10), 0.5), b * beat, 0.09, -0.25)
    return finish(tr, 0.3, 2.4, 74)


TRACKS = {
    "stones/music": stones,
    "warlords/music": warlords,
    "tombraider/music": tombraider,
    "common/lobby_music": lobby,
}


def build_all(root: Path) -> list[str]:
    done = []
    for name, fn in TRACKS.items():
        rel = f"assets/sounds/{name}.ogg"
        write_ogg(root / rel, fn(), quality=0.4)
        done.append(rel)
    return done
