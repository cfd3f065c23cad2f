"""Stings: the short (1–4 s) cues of wins and features (the shared win tiers and the helpers here;
each game's own in its generator module, `tools.assets.games.<id>`). The win tiers (big, mega,
epic) and the free-spins wins are music stings, stereo, each in its game's colour; feature effects
(a wild landing, a disc hit, a stamp) are mono so the app can pan them to where they happen. All
are brought to the effects loudness target by `sfx._finish`.
"""

from __future__ import annotations

import numpy as np

from tools.assets import synth as s
from tools.assets.sfx import _finish, arpeggio, coins
from tools.assets.synth import midi, n_of, tt

STING_MAX = 4.0  # s


def _stab(tr, notes, at, dur, gain, seed, inst=s.brass, spread=0.7):
    for i, m in enumerate(notes):
        pan = (i / max(len(notes) - 1, 1) - 0.5) * 2 * spread
        tr.put(inst(midi(m), dur, seed + i), at, gain / len(notes) * 1.5, pan)


def _choir(tr, notes, at, dur, gain, seed, vowel="a"):
    for i, m in enumerate(notes):
        tr.put(
            s.choir(midi(m), dur, seed + i, vowel, 0.15, 0.6),
            at,
            gain / len(notes),
            (i / max(len(notes) - 1, 1) - 0.5),
        )


def _brass_call(tr, notes, seed, bright, attack, gains, pan):
    """A horn call, (midi, at, dur) per note, doubled an octave below on the other side."""
    for i, (m, at, d) in enumerate(notes):
        tr.put(s.brass(midi(m), d, seed + i, bright[0], attack), at, gains[0], pan)
        tr.put(s.brass(midi(m - 12), d, seed + 5 + i, bright[1], attack), at, gains[1], -pan)


def _riser(dur, f_from, f_to, seed):
    n = n_of(dur)
    return s.whoosh(dur, f_from, f_to, seed, 1.5) * (tt(n) / dur) ** 1.5


def _music(tr: s.Track, wet=0.28, room=2.2, seed=5) -> np.ndarray:
    return _finish(tr.out(), wet, room, seed, stereo=True, max_len=STING_MAX)


# ----------------------------------------------------------------------------- win tiers


def win_big() -> np.ndarray:
    """BIG WIN: three rising brass stabs over taiko, a bell run and a coin shower (C major)."""
    tr = s.Track(4.0)
    steps = (
        ([48, 55, 60, 64], 0.0, 0.3),
        ([50, 57, 62, 65], 0.35, 0.3),
        ([52, 55, 60, 64, 67, 72], 0.7, 2.2),
    )
    for i, (notes, at, d) in enumerate(steps):
        _stab(tr, notes, at, d, 0.9, 5100 + 10 * i)
        tr.put(s.taiko(0.9, 60, 5150 + i), at, 0.7)
    arpeggio([72, 76, 79, 84, 88, 91, 96], 0.07, 1.3, "bell", 0.3, 5160, tr, 0.7, 0.6)
    coins(tr, 0.8, 1.8, 22, 5170, 0.14)
    tr.put(s.cymbal(2.4, 5180), 0.7, 0.12, 0.4)
    return _music(tr)


def win_mega() -> np.ndarray:
    """MEGA WIN: a riser into I–IV–V–I brass with choir, a double bell run, more coins (D major)."""
    tr = s.Track(4.0)
    tr.put(_riser(0.9, 400, 5000, 5201), 0.0, 0.35)
    steps = (
        ([50, 57, 62, 66], 0.6),
        ([55, 59, 62, 67], 0.9),
        ([57, 61, 64, 69], 1.2),
        ([50, 57, 62, 66, 69, 74], 1.5),
    )
    for i, (notes, at) in enumerate(steps):
        _stab(tr, notes, at, 0.26 if i < 3 else 2.2, 1.0, 5210 + 10 * i)
        tr.put(s.taiko(1.0, 55, 5250 + i), at, 0.75)
    _choir(tr, [62, 66, 69, 74], 1.5, 2.2, 0.5, 5260)
    for k in range(6):
        tr.put(s.taiko(0.4, 90, 5270 + k), 1.5 + 0.1 * k, 0.22, 0.3 * (-1) ** k)
    arpeggio([74, 78, 81, 86, 90, 93, 98], 0.06, 1.4, "bell", 0.3, 5280, tr, 1.5, 0.6)
    arpeggio([86, 90, 93, 98], 0.06, 1.2, "bell", 0.22, 5290, tr, 2.3, 0.6)
    coins(tr, 1.5, 2.2, 40, 5295, 0.13)
    tr.put(s.cymbal(2.5, 5299), 1.5, 0.16, -0.3)
    return _music(tr)


def win_epic() -> np.ndarray:
    """EPIC WIN: a timpani roll and riser, then ♭VI–♭VII–I (A♭–B♭–C) in brass and full choir,
    crash cymbals, bells cascading over two octaves and a long coin shower."""
    tr = s.Track(4.0)
    for k in range(14):
        tr.put(s.timpani(43.65, 0.6, 5300 + k), k * 0.05, 0.18 + 0.03 * k, 0.2 * (-1) ** k)
    tr.put(_riser(0.8, 300, 6000, 5320), 0.0, 0.4)
    steps = (
        ([44, 51, 56, 60, 63], 0.75, 0.3),
        ([46, 53, 58, 62, 65], 1.05, 0.3),
        ([36, 48, 55, 60, 64, 67, 72], 1.35, 2.6),
    )
    for i, (notes, at, d) in enumerate(steps):
        _stab(tr, notes, at, d, 1.1, 5330 + 10 * i, spread=0.85)
        tr.put(s.timpani(43.65 * (1.12 if i < 2 else 1.0), 1.6, 5360 + i), at, 0.8)
        tr.put(s.taiko(1.2, 50, 5365 + i), at, 0.6)
    _choir(tr, [60, 64, 67, 72, 76], 1.35, 2.6, 0.7, 5370)
    tr.put(s.cymbal(2.6, 5380), 1.35, 0.2, -0.5)
    tr.put(s.cymbal(2.6, 5381), 1.36, 0.2, 0.5)
    arpeggio([72, 76, 79, 84, 88, 91, 96, 100, 103, 108], 0.05, 1.4, "bell", 0.3, 5390, tr, 1.35, 0.7)
    coins(tr, 1.35, 2.5, 60, 5395, 0.12)
    return _music(tr, 0.32, 2.6, 6)


STINGS = {
    "common/win_big": win_big,
    "common/win_mega": win_mega,
    "common/win_epic": win_epic,
}
