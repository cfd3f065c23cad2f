"""Stings: the short (1–4 s) cues of wins and features. The win tiers (big, mega, epic) and the
free-spins wins are music stings, stereo, each in its game's colour; feature effects (a wild
landing, a disc hit, a stamp) are mono so the app can pan them to where they happen. All are
brought to the effects loudness target by `sfx._finish`.
"""

from __future__ import annotations

import numpy as np

from tools.assets import synth as s
from tools.assets.sfx import _finish, _mono, arpeggio, coin_ping, coins
from tools.assets.synth import SR, midi, n_of, tt

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


# ----------------------------------------------------------------------------- Stones


def stones_free_spins_won() -> np.ndarray:
    """Stones free spins won: a harp glissando up D major, the whistle's call, bodhrán and a choir."""
    tr = s.Track(4.0)
    for i, m in enumerate([50, 54, 57, 62, 66, 69, 74, 78, 81, 86]):
        tr.put(s.pluck(midi(m), 2.0, 1.0, 5400 + i), i * 0.045, 0.35, -0.6 + 0.12 * i)
    for i, (m, at, d) in enumerate(((74, 0.5, 0.25), (78, 0.75, 0.25), (81, 1.0, 0.25), (86, 1.25, 1.6))):
        tr.put(s.flute(midi(m), d, 5420 + i, 0.1), at, 0.5, 0.2)
    for i, at in enumerate((0.5, 1.0, 1.25)):
        tr.put(s.taiko(0.8, 85, 5430 + i), at, 0.6)
    _choir(tr, [62, 66, 69, 74], 1.25, 2.4, 0.45, 5440)
    arpeggio([86, 90, 93, 98], 0.08, 1.2, "bell", 0.2, 5450, tr, 1.3, 0.5)
    return _music(tr, 0.4, 2.8, 7)


# ----------------------------------------------------------------------------- Warlords


def wild_hammer() -> np.ndarray:
    """The hammer lands on a reel: a deep impact, an iron clang and falling debris."""
    n = n_of(1.6)
    t = tt(n)
    thud = np.sin(2 * np.pi * np.cumsum(42 * (1 + 2.2 * np.exp(-t / 0.03))) / SR) * np.exp(-t / 0.25)
    ratios = (1.0, 2.32, 3.1, 4.27, 5.6)
    clang = sum(np.sin(2 * np.pi * 380 * q * t + q) * np.exp(-t / (0.35 / q**0.5)) / q for q in ratios)
    crack = s.highpass(s.noise(n, 5501), 1500) * np.exp(-t / 0.015)
    debris = np.zeros(n)
    r = s.rng(5502)
    for _k in range(18):
        st = n_of(0.08 + r.random() * 0.7)
        g = n_of(0.03)
        debris[st : st + g] += (
            s.bandpass(s.noise(g, int(r.integers(1 << 30))), 900 + 1500 * r.random(), 2)
            * np.exp(-tt(g) / 0.008)
            * (0.6 - 0.5 * st / n)
        )
    return _finish(1.0 * thud + 0.35 * clang + 0.6 * crack + 0.5 * debris, 0.2, 1.4, 11)


def wild_arrow() -> np.ndarray:
    """An arrow flies in and strikes: a rising whistle of air, a wooden thunk and the shaft's twang."""
    tr = s.Track(1.6)
    tr.put(s.whoosh(0.35, 700, 3200, 5511, 3.0), 0.0, 0.7)
    n = n_of(0.6)
    t = tt(n)
    thunk = (np.sin(2 * np.pi * 210 * t) + 0.6 * np.sin(2 * np.pi * 370 * t + 1)) * np.exp(-t / 0.05)
    knock = s.bandpass(s.noise(n, 5512), 1800, 1.5) * np.exp(-t / 0.006)
    tr.put(thunk + 0.8 * knock, 0.33, 1.0)
    tw = n_of(0.8)
    twang = np.sin(2 * np.pi * 520 * tt(tw) * (1 + 0.02 * np.sin(2 * np.pi * 28 * tt(tw)))) * np.exp(
        -tt(tw) / 0.2
    )
    tr.put(twang, 0.34, 0.25)
    return _finish(_mono(tr.out()), 0.15, 1.0, 12)


def wild_sword() -> np.ndarray:
    """A sword slash: a fast swish through the air, then the blade's bright ring."""
    tr = s.Track(1.6)
    tr.put(s.whoosh(0.22, 5000, 1400, 5521, 1.5), 0.0, 0.8)
    n = n_of(2.0)
    t = tt(n)
    ring = sum(
        np.sin(2 * np.pi * f * t + i) * np.exp(-t / tau) * a
        for i, (f, a, tau) in enumerate(
            ((2210, 1.0, 0.5), (3370, 0.6, 0.35), (4980, 0.4, 0.25), (6430, 0.25, 0.15))
        )
    )
    scrape = s.bandpass(s.noise(n, 5522), 6500, 1.2) * np.exp(-t / 0.05)
    tr.put(s.fade_edges(ring * 0.5 + scrape * 0.6, 0, 0.4), 0.16, 1.0)
    return _finish(_mono(tr.out()), 0.22, 1.3, 13)


def battle_start() -> np.ndarray:
    """The battle begins: a war horn swelling from below the note, a taiko roll, a last hit."""
    tr = s.Track(4.0)
    n = n_of(2.2)
    t = tt(n)
    f = midi(45) * 2 ** ((-2 + 2 * np.minimum(t / 0.35, 1)) / 12)
    ph = 2 * np.pi * np.cumsum(f) / SR
    horn = sum(np.sin(k * ph + k) / k * min(1.0, 3 / k) for k in range(1, 16)) * s.env(n, 0.2, 0.4, 0.8, 0.5)
    tr.put(horn, 0.0, 0.35, -0.2)
    tr.put(s.lowpass(horn, 900), 0.0, 0.3, 0.3)
    pos, gap, k = 0.6, 0.16, 0
    while pos < 2.0:
        tr.put(s.taiko(0.6, 70, 5530 + k), pos, 0.25 + 0.3 * (pos - 0.6) / 1.4, 0.3 * (-1) ** k)
        pos, gap, k = pos + gap, max(gap * 0.88, 0.05), k + 1
    tr.put(s.taiko(1.4, 52, 5560), 2.05, 1.0)
    tr.put(s.cymbal(1.8, 5561), 2.05, 0.12)
    return _music(tr, 0.3, 2.4, 14)


def battle_won() -> np.ndarray:
    """The battle is won: a brass call up the A major triad, taiko and a crash."""
    tr = s.Track(4.0)
    call = ((57, 0.0, 0.16), (61, 0.18, 0.16), (64, 0.36, 0.16), (69, 0.54, 1.9))
    _brass_call(tr, call, 5570, (1.2, 0.9), 0.02, (0.5, 0.3), 0.15)
    _stab(tr, [45, 52, 57, 61, 64], 0.54, 1.9, 0.8, 5580)
    for i, at in enumerate((0.0, 0.36, 0.54)):
        tr.put(s.taiko(1.0, 58, 5590 + i), at, 0.7)
    tr.put(s.cymbal(2.2, 5595), 0.54, 0.15, 0.3)
    return _music(tr, 0.28, 2.2, 15)


def respin() -> np.ndarray:
    """A re-spin: a swell of air drawn in, two ticks and a catch."""
    tr = s.Track(1.6)
    n = n_of(0.6)
    swell = s.bandpass(s.noise(n, 5601), 1800, 0.8) * (tt(n) / 0.6) ** 2.5
    tr.put(swell, 0.0, 0.7)
    for i, at in enumerate((0.62, 0.74)):
        tr.put(s.bandpass(s.noise(n_of(0.03), 5602 + i), 3000, 3) * s.decay(n_of(0.03), 0.005), at, 0.8)
    m = n_of(0.5)
    catch = (np.sin(2 * np.pi * 880 * tt(m)) + 0.5 * np.sin(2 * np.pi * 1320 * tt(m))) * np.exp(-tt(m) / 0.1)
    tr.put(catch, 0.86, 0.5)
    return _finish(_mono(tr.out()), 0.2, 1.2, 16)


def scatter_join() -> np.ndarray:
    """A new scatter joins: a rising shimmer settling on a low gong and a high chime."""
    tr = s.Track(3.0)
    tr.put(_riser(0.5, 1500, 7000, 5611), 0.0, 0.35)
    n = n_of(2.4)
    t = tt(n)
    gong = sum(
        np.sin(2 * np.pi * 131 * q * t + q) * np.exp(-t / (0.9 / q**0.5)) / q
        for q in (1.0, 1.41, 2.03, 2.76, 3.2)
    )
    tr.put(s.fade_edges(gong, 0, 0.5), 0.45, 0.6)
    arpeggio([84, 91, 96], 0.05, 1.1, "bell", 0.5, 5612, tr, 0.45)
    return _finish(_mono(tr.out()), 0.3, 1.8, 17)


def final_coins() -> np.ndarray:
    """Final chance reveals coins: a quick bell run into a shower of coins."""
    tr = s.Track(2.4)
    arpeggio([76, 79, 84, 88], 0.06, 1.0, "bell", 0.5, 5621, tr)
    coins(tr, 0.15, 1.2, 30, 5622, 0.3)
    tr.put(coin_ping(5623, 0.9), 0.2, 0.6)
    return _finish(_mono(tr.out()), 0.22, 1.4, 18)


def final_scatter() -> np.ndarray:
    """Final chance reveals a scatter: a choir swell, a low gong and rising bells."""
    tr = s.Track(3.0)
    for i, m in enumerate((57, 64, 69, 73)):
        tr.put(s.choir(midi(m), 2.0, 5630 + i, "a", 0.3, 0.8), 0.0, 0.25)
    n = n_of(2.6)
    t = tt(n)
    gong = sum(
        np.sin(2 * np.pi * 110 * q * t + q) * np.exp(-t / (1.1 / q**0.5)) / q for q in (1.0, 1.41, 2.03, 2.76)
    )
    tr.put(s.fade_edges(gong, 0, 0.6), 0.3, 0.6)
    arpeggio([81, 85, 88, 93, 97], 0.07, 1.3, "bell", 0.4, 5640, tr, 0.3)
    return _finish(_mono(tr.out()), 0.3, 2.0, 19)


def free_spins_won_barbarian() -> np.ndarray:
    """The Barbarian's free spins: war drums, a low brass roar up to E minor and a crash."""
    tr = s.Track(4.0)
    for i, at in enumerate((0.0, 0.2, 0.4, 0.5, 0.6)):
        tr.put(s.taiko(1.0, 50 + 6 * (i % 2), 5700 + i), at, 0.8, 0.3 * (-1) ** i)
    for i, (notes, at, d) in enumerate(
        (([40, 47, 52], 0.0, 0.5), ([36, 43, 48], 0.3, 0.3), ([40, 47, 52, 55, 59, 64], 0.6, 2.6))
    ):
        _stab(tr, notes, at, d, 1.0, 5710 + 10 * i, lambda f, d, sd: s.brass(f, d, sd, 0.9, 0.08))
    _choir(tr, [52, 59, 64], 0.6, 2.4, 0.5, 5740, "o")
    tr.put(s.cymbal(2.6, 5750), 0.6, 0.18, 0.3)
    return _music(tr, 0.3, 2.4, 20)


def free_spins_won_priestess() -> np.ndarray:
    """The Priestess's free spins: a choir opening from one note to C♯ minor, harp and bells."""
    tr = s.Track(4.0)
    for i, m in enumerate((61, 64, 68, 73)):
        tr.put(s.choir(midi(m), 3.4 - 0.25 * i, 5800 + i, "a", 0.4, 1.0), 0.25 * i, 0.3, (i - 1.5) * 0.4)
    for i, m in enumerate([61, 64, 68, 73, 76, 80, 85, 88]):
        tr.put(s.pluck(midi(m), 2.2, 1.0, 5810 + i), 0.3 + i * 0.07, 0.3, 0.6 - 0.15 * i)
    arpeggio([85, 88, 92, 97], 0.12, 1.6, "bell", 0.22, 5820, tr, 1.1, 0.6)
    tr.put(s.taiko(1.4, 70, 5830), 0.3, 0.4)
    return _music(tr, 0.45, 3.2, 21)


def free_spins_won_samurai() -> np.ndarray:
    """The Samurai's free spins: a koto flourish in the 'in' scale, a shakuhachi cry, taiko."""
    tr = s.Track(4.0)
    for i, m in enumerate([62, 63, 67, 69, 70, 74, 75, 79]):
        tr.put(s.koto(midi(m), 1.4, 5900 + i), i * 0.06, 0.4, -0.5 + 0.13 * i)
    tr.put(s.flute(midi(81), 1.6, 5910, 0.3), 0.55, 0.5, 0.2)
    tr.put(s.flute(midi(79), 1.2, 5911, 0.3), 2.0, 0.35, 0.2)
    for i, (at, p) in enumerate(((0.5, 60), (0.75, 72), (1.0, 56))):
        tr.put(s.taiko(1.2, p, 5920 + i), at, 0.8)
    return _music(tr, 0.35, 2.6, 22)


# ----------------------------------------------------------------------------- Tomb Raider


def cascade() -> np.ndarray:
    """Winning symbols burst and the rest fall: stone crumbling on low thumps, a sparkle."""
    tr = s.Track(1.6)
    r = s.rng(6001)
    for k in range(5):
        tr.put(s.tom(0.3, 70 + 20 * r.random(), 6002 + k), k * 0.07, 0.5 - 0.07 * k)
    for k in range(26):
        g = n_of(0.04)
        grain = s.bandpass(s.noise(g, 6010 + k), 600 + 2400 * r.random(), 1.5) * np.exp(-tt(g) / 0.01)
        tr.put(grain, r.random() * 0.6, 0.5 * (1 - k / 30))
    arpeggio([88, 95], 0.05, 0.8, "bell", 0.25, 6040, tr, 0.05)
    return _finish(_mono(tr.out()), 0.2, 1.2, 23)


def ladder_step() -> np.ndarray:
    """One step up the win ladder: a wooden marimba note with a bright tick."""
    n = n_of(0.7)
    t = tt(n)
    f = midi(79)
    bar_ = np.sin(2 * np.pi * f * t) * np.exp(-t / 0.25) + 0.4 * np.sin(
        2 * np.pi * f * 3.93 * t + 1
    ) * np.exp(-t / 0.06)
    tick = s.bandpass(s.noise(n, 6101), 4000, 2) * np.exp(-t / 0.004)
    return _finish(bar_ + 0.4 * tick, 0.15, 0.8, 24)


def super_mode() -> np.ndarray:
    """Super mode: a rising chord and riser that break into a brass hit, timpani and a crash."""
    tr = s.Track(4.0)
    n = n_of(1.2)
    t = tt(n)
    for i, m in enumerate((40, 47, 52, 55)):
        f = midi(m) * 2 ** (t * 12 / 12 / 1.2)
        ph = 2 * np.pi * np.cumsum(f) / SR
        tr.put(sum(np.sin(k * ph + k) / k for k in range(1, 10)) * (t / 1.2) ** 2, 0.0, 0.12, (i - 1.5) * 0.4)
    tr.put(_riser(1.2, 500, 8000, 6201), 0.0, 0.4)
    _stab(tr, [40, 52, 59, 64, 67, 71], 1.2, 2.2, 1.1, 6210, spread=0.8)
    tr.put(s.timpani(41.2, 1.8, 6220), 1.2, 0.9)
    tr.put(s.cymbal(2.6, 6221), 1.2, 0.2, 0.4)
    return _music(tr, 0.28, 2.2, 25)


def passport_stamp() -> np.ndarray:
    """A passport stamp: the rubber thud on paper, a slap and a tiny rattle of the handle."""
    n = n_of(0.6)
    t = tt(n)
    thud = np.sin(2 * np.pi * np.cumsum(110 * (1 + 0.8 * np.exp(-t / 0.01))) / SR) * np.exp(-t / 0.05)
    slap = s.bandpass(s.noise(n, 6301), 1400, 1.0) * np.exp(-t / 0.018)
    rattle = s.bandpass(s.noise(n, 6302), 3500, 3) * np.exp(-np.maximum(t - 0.06, 0) / 0.01) * (t > 0.06)
    return _finish(thud + 0.8 * slap + 0.25 * rattle, 0.12, 0.7, 26)


def adventure_start() -> np.ndarray:
    """A global adventure begins: horns call E–B–E'–G over timpani and swell to a G major chord."""
    tr = s.Track(4.0)
    call = ((64, 0.0, 0.3), (71, 0.3, 0.3), (76, 0.6, 0.45), (79, 1.05, 2.2))
    _brass_call(tr, call, 6400, (1.0, 0.8), 0.03, (0.45, 0.3), 0.2)
    _stab(tr, [43, 55, 59, 62, 67], 1.05, 2.2, 0.8, 6410)
    for i, at in enumerate((0.0, 0.6, 1.05)):
        tr.put(s.timpani(41.2 if i < 2 else 49.0, 1.5, 6420 + i), at, 0.8)
    for i, m in enumerate([55, 59, 62, 67]):
        tr.put(s.bowed(midi(m + 12), 2.4, 6430 + i, 0.7, 0.3), 1.05, 0.1, (i - 1.5) * 0.4)
    return _music(tr, 0.3, 2.4, 27)


def fragment() -> np.ndarray:
    """A map fragment found: a glittering run of high bells over a soft shimmer."""
    tr = s.Track(2.4)
    arpeggio([84, 88, 91, 96, 100], 0.05, 1.3, "bell", 0.45, 6501, tr)
    n = n_of(1.2)
    tr.put(
        s.bandpass(s.noise(n, 6502), 7000, 1.0) * np.exp(-tt(n) / 0.4) * np.minimum(tt(n) / 0.1, 1), 0.0, 0.15
    )
    tr.put(s.bell(midi(72), 1.8, 6503), 0.0, 0.3)
    return _finish(_mono(tr.out()), 0.3, 1.8, 28)


def jackpot() -> np.ndarray:
    """The jackpot: a cascade of bells down and up, brass I–V–I in E♭, coins without end."""
    tr = s.Track(4.0)
    for i, m in enumerate([99, 94, 91, 87, 82, 79, 75, 70]):
        tr.put(s.bell(midi(m), 1.4, 6600 + i), i * 0.05, 0.22, 0.5 * (-1) ** i)
    steps = (
        ([51, 58, 63, 67], 0.45, 0.25),
        ([46, 53, 58, 62], 0.72, 0.25),
        ([39, 51, 58, 63, 67, 70, 75], 1.0, 2.6),
    )
    for i, (notes, at, d) in enumerate(steps):
        _stab(tr, notes, at, d, 1.0, 6610 + 10 * i)
        tr.put(s.timpani(38.9, 1.4, 6640 + i), at, 0.7)
    arpeggio([75, 79, 82, 87, 91, 94, 99], 0.05, 1.3, "bell", 0.25, 6650, tr, 1.0, 0.6)
    coins(tr, 0.9, 2.8, 70, 6660, 0.12)
    tr.put(s.cymbal(2.6, 6670), 1.0, 0.18, -0.3)
    return _music(tr, 0.28, 2.2, 29)


def disc_hit() -> np.ndarray:
    """A clay disc shot in the shoot-out: a ceramic crack with ringing shards."""
    n = n_of(0.9)
    t = tt(n)
    crack = s.bandpass(s.noise(n, 6701), 3000, 0.8) * np.exp(-t / 0.01)
    pop = np.sin(2 * np.pi * np.cumsum(190 * (1 + np.exp(-t / 0.01))) / SR) * np.exp(-t / 0.03)
    ring = sum(
        np.sin(2 * np.pi * f * t + f) * np.exp(-t / tau)
        for f, tau in ((2330, 0.12), (3710, 0.08), (5120, 0.05))
    )
    shards = np.zeros(n)
    r = s.rng(6702)
    for _k in range(20):
        st = n_of(0.02 + r.random() * 0.4)
        g = n_of(0.015)
        if st + g < n:
            shards[st : st + g] += (
                s.bandpass(s.noise(g, int(r.integers(1 << 30))), 3000 + 4000 * r.random(), 3)
                * np.exp(-tt(g) / 0.004)
                * 0.5
            )
    return _finish(0.6 * crack + 0.5 * pop + 0.3 * ring + shards, 0.18, 1.0, 30)


STINGS = {
    "common/win_big": win_big,
    "common/win_mega": win_mega,
    "common/win_epic": win_epic,
    "stones/free_spins_won": stones_free_spins_won,
    "warlords/wild_hammer": wild_hammer,
    "warlords/wild_arrow": wild_arrow,
    "warlords/wild_sword": wild_sword,
    "warlords/battle_start": battle_start,
    "warlords/battle_won": battle_won,
    "warlords/respin": respin,
    "warlords/scatter_join": scatter_join,
    "warlords/final_coins": final_coins,
    "warlords/final_scatter": final_scatter,
    "warlords/free_spins_won_barbarian": free_spins_won_barbarian,
    "warlords/free_spins_won_priestess": free_spins_won_priestess,
    "warlords/free_spins_won_samurai": free_spins_won_samurai,
    "tombraider/cascade": cascade,
    "tombraider/ladder_step": ladder_step,
    "tombraider/super_mode": super_mode,
    "tombraider/passport_stamp": passport_stamp,
    "tombraider/adventure_start": adventure_start,
    "tombraider/fragment": fragment,
    "tombraider/jackpot": jackpot,
    "tombraider/disc_hit": disc_hit,
}
