"""Song structure for the music: a song is a list of sections (intro, A, B, bridge, ...), each a
chord per bar and the layers that play in it at some level; layers are rendered bar by bar onto
one circular stereo track, so a note ringing past the end continues at the start and the reverb
wraps too: the last sample flows into the first and the loop has no seam.

Melodies are built from a section's theme: a two-bar motif (a rhythm and a contour in scale
steps, seeded by the theme number) stated, answered, restated and closed on the chord's root.
Sections that share a theme share the motif, so an A section comes back recognisably while its
instruments and density change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from tools.assets import loudness
from tools.assets import synth as s
from tools.assets.synth import midi

MUSIC_LUFS = -18.0  # integrated loudness of every music track (BS.1770, as played)
MUSIC_CEILING_DB = -1.5  # sample peak before Vorbis encoding

CHORDS = {
    "m": (0, 3, 7),
    "M": (0, 4, 7),
    "m7": (0, 3, 7, 10),
    "M7": (0, 4, 7, 11),
    "7": (0, 4, 7, 10),
    "sus": (0, 5, 7),
    "sus2": (0, 2, 7),
    "dim": (0, 3, 6),
    "5": (0, 7, 12),
}

# one-bar rhythms in beats (4/4): (onset, length); the second bar of a motif comes from the
# sparser half so a phrase breathes at its end
RHYTHMS = (
    ((0, 1), (1, 0.5), (1.5, 0.5), (2, 1.5), (3.5, 0.5)),
    ((0, 1.5), (1.5, 0.5), (2, 1), (3, 1)),
    ((0, 0.5), (0.5, 0.5), (1, 1), (2, 2)),
    ((0, 1), (1, 1), (2, 1), (3, 0.5), (3.5, 0.5)),
    ((0, 0.75), (0.75, 0.25), (1, 1), (2, 1.5), (3.5, 0.5)),
    ((0, 2), (2, 1), (3, 1)),
    ((0, 1), (1.5, 0.5), (2, 2)),
    ((0, 3), (3, 1)),
)


def chord(root: int, kind: str) -> list[int]:
    return [root + i for i in CHORDS[kind]]


def prog(text: str) -> tuple[tuple[int, str], ...]:
    """'D2m C2M Bb1M' → ((38, 'm'), (36, 'M'), (34, 'M')): note name, octave, chord kind."""
    names = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
    out = []
    for tok in text.split():
        pc = names[tok[0]]
        i = 1
        if tok[i] in "#b":
            pc += 1 if tok[i] == "#" else -1
            i += 1
        octave = int(tok[i])
        out.append((12 * (octave + 1) + pc, tok[i + 1 :]))
    return tuple(out)


@dataclass(frozen=True)
class Section:
    """`bars` chords (root midi, kind); `layers` name → level 0..1; `theme` picks the motif."""

    name: str
    bars: tuple[tuple[int, str], ...]
    layers: dict[str, float] = field(default_factory=dict)
    theme: int = 0


@dataclass(frozen=True)
class Bar:
    index: int  # bar in the song
    at: float  # start, s
    chord: list[int]
    section: Section
    pos: int  # bar within its section
    count: int  # bars in its section

    @property
    def last(self) -> bool:
        return self.pos == self.count - 1

    def level(self, layer: str) -> float:
        return self.section.layers.get(layer, 0.0)


class Song:
    def __init__(self, bpm: float, sections: list[Section], beats: int = 4) -> None:
        self.beat = 60.0 / bpm
        self.bpb = beats
        self.sections = sections
        self.bars: list[Bar] = []
        for sec in sections:
            for i, (root, kind) in enumerate(sec.bars):
                at = len(self.bars) * beats * self.beat
                self.bars.append(Bar(len(self.bars), at, chord(root, kind), sec, i, len(sec.bars)))
        self.bar_s = beats * self.beat
        self.length = len(self.bars) * self.bar_s
        self.track = s.Track(self.length, loop=True)

    def put(self, sig: np.ndarray, at: float, gain: float = 1.0, pan: float = 0.0) -> None:
        self.track.put(sig, at, gain, pan)

    def playing(self, layer: str) -> Iterator[tuple[Bar, float]]:
        """The bars where `layer` plays, with its level."""
        for bar in self.bars:
            lv = bar.level(layer)
            if lv > 0:
                yield bar, lv

    # generic layers ------------------------------------------------------------------------------
    def chords(
        self,
        layer: str,
        inst: Callable[[float, float, int], np.ndarray],
        gain: float,
        octave: int = 0,
        spread: float = 0.5,
        overlap: float = 0.6,
        seed: int = 0,
        hits: tuple[tuple[float, float], ...] = (),
    ) -> None:
        """Each bar's chord held (or struck at `hits`: (beat, length in beats))."""
        for bar, lv in self.playing(layer):
            n = len(bar.chord)
            for i, m in enumerate(bar.chord):
                pan = (i / max(n - 1, 1) - 0.5) * 2 * spread
                for b, ln in hits or ((0.0, float(self.bpb)),):
                    sig = inst(midi(m + 12 * octave), ln * self.beat + overlap, seed + bar.index * 31 + i)
                    self.put(sig, bar.at + b * self.beat + i * 0.006, gain * lv / n * 3, pan)

    def arpeggio(
        self,
        layer: str,
        inst: Callable[[float, float, int], np.ndarray],
        pattern: list[int],
        step: float,
        gain: float,
        ring: float = 1.5,
        octave: int = 1,
        seed: int = 0,
        pan: float = 0.4,
    ) -> None:
        """Chord tones in order `pattern` (index into the chord; +10 = an octave up), every `step`
        beats, accent on the beat."""
        for bar, lv in self.playing(layer):
            tones = bar.chord
            for j in range(round(self.bpb / step)):
                idx = pattern[j % len(pattern)]
                m = tones[idx % 10 % len(tones)] + 12 * (octave + idx // 10)
                accent = 1.0 if (j * step) % 1 == 0 else 0.72
                sig = inst(midi(m), ring, seed + bar.index * 37 + j)
                self.put(sig, bar.at + j * step * self.beat, gain * lv * accent, pan * np.sin(j * 1.3))

    def bassline(
        self,
        layer: str,
        inst: Callable[[float, float, int], np.ndarray],
        rhythm: list[tuple[float, int, float]],
        gain: float,
        octave: int = -1,
        seed: int = 0,
    ) -> None:
        """rhythm: (beat, semitones above the root, length in beats)."""
        for bar, lv in self.playing(layer):
            for k, (b, iv, ln) in enumerate(rhythm):
                m = bar.chord[0] + iv + 12 * octave
                self.put(
                    inst(midi(m), ln * self.beat + 0.1, seed + bar.index * 7 + k),
                    bar.at + b * self.beat,
                    gain * lv,
                )

    def drums(
        self,
        layer: str,
        pattern: list[tuple[float, Callable[[int], np.ndarray], float, float]],
        fill=None,
        seed: int = 0,
    ) -> None:
        """pattern: (beat, hit(seed) → signal, gain, pan); `fill` replaces it on a section's last bar."""
        for bar, lv in self.playing(layer):
            pat = fill if (fill is not None and bar.last) else pattern
            for k, (b, hit, g, pan) in enumerate(pat):
                self.put(hit(seed + bar.index * 53 + k), bar.at + b * self.beat, g * lv, pan)

    def melody(
        self,
        layer: str,
        inst: Callable[[float, float, int], np.ndarray],
        scale: list[int],
        low: int,
        high: int,
        gain: float,
        pan: float = 0.0,
        seed: int = 0,
        transpose: int = 0,
        legato: float = 0.15,
    ) -> None:
        """The section's theme on `inst` wherever `layer` plays (level < 0.6: a sparser line)."""
        pool = [m for m in range(low, high + 1) if m % 12 in {p % 12 for p in scale}]
        cur = pool[len(pool) // 2]
        for sec_bars in self._section_runs(layer):
            theme = sec_bars[0][0].section.theme
            motif = _motif(theme * 1009 + seed)
            r = s.rng(theme * 7 + seed + sec_bars[0][0].index)
            for p in range(0, len(sec_bars), 2):
                phrase = sec_bars[p : p + 2]
                kind = ("state", "answer", "state", "close")[(p // 2) % 4]
                if p + 2 >= len(sec_bars):
                    kind = "close"
                cur = self._phrase(phrase, motif, kind, pool, cur, r, inst, gain, pan, transpose, legato)

    def _section_runs(self, layer: str) -> list[list[tuple[Bar, float]]]:
        runs: list[list[tuple[Bar, float]]] = []
        for bar, lv in self.playing(layer):
            if runs and runs[-1][-1][0].index == bar.index - 1 and runs[-1][-1][0].section is bar.section:
                runs[-1].append((bar, lv))
            else:
                runs.append([(bar, lv)])
        return runs

    def _phrase(self, bars, motif, kind, pool, cur, r, inst, gain, pan, transpose, legato) -> int:
        rhythm, steps = motif
        notes = [(0, on, ln) for on, ln in rhythm[0]] + [(1, on, ln) for on, ln in rhythm[1]]
        contour = list(steps)
        if kind == "answer":  # the same rhythm, the contour mirrored
            contour = [-c for c in contour]
        for k, (bi, on, ln) in enumerate(notes):
            if bi >= len(bars):
                break
            bar, lv = bars[bi]
            last_note = kind == "close" and bi == 1 and k == len(notes) - 1
            strong = on in (0, 2)
            if lv < 0.6 and not strong and r.random() < 0.5:
                continue  # the sparser variant skips some passing notes
            i = pool.index(cur)
            cur = pool[int(np.clip(i + contour[k % len(contour)], 0, len(pool) - 1))]
            if strong or last_note:
                tones = [m for m in pool if m % 12 in {c % 12 for c in bar.chord[:3]}]
                if last_note:
                    tones = [m for m in pool if m % 12 == bar.chord[0] % 12] or tones
                cur = min(tones, key=lambda m: abs(m - cur) + r.random() * 2)
            length = (self.bpb - on) if last_note else ln
            sig = inst(midi(cur + transpose), length * self.beat + legato, int(bar.index * 13 + k))
            self.put(sig, bar.at + on * self.beat, gain * (1.0 if strong else 0.85), pan)
        return cur

    # output --------------------------------------------------------------------------------------
    def finish(self, wet: float, room: float, seed: int, damp: float = 5000) -> np.ndarray:
        """Circular reverb and rumble filter, then the music loudness target."""
        y = s.reverb(self.track.out(), wet, room, seed, circular=True, damp=damp)
        y = s.highpass(y, 30, circular=True)
        return loudness.fit_level(y, MUSIC_LUFS, loudness.integrated, MUSIC_CEILING_DB)


def _motif(seed: int) -> tuple[tuple[tuple, tuple], list[int]]:
    """A two-bar rhythm (a fuller bar, then a sparser one) and scale-step moves for its notes."""
    r = s.rng(seed)
    first = RHYTHMS[int(r.integers(0, 5))]
    second = RHYTHMS[int(r.integers(4, len(RHYTHMS)))]
    steps = [int(r.choice([-2, -1, -1, 1, 1, 2, 0, 3])) for _ in range(len(first) + len(second))]
    return (first, second), steps
