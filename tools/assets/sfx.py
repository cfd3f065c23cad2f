"""Sound effects: each is synthesised from layered partials, noise and envelopes, given some
room with the convolution reverb, and brought to the effects loudness target (the loudest 400 ms
at EFFECT_LUFS, peaks under EFFECT_CEILING_DB). Mono OGG, 44.1 kHz, so the app can pan them.
The win-tier stings are in `stings`; each game's own effects and stings are in its generator
module (`tools.assets.games.<id>`, its `SOUNDS`).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tools.assets import loudness
from tools.assets import synth as s
from tools.assets.oggio import write_ogg
from tools.assets.synth import SR, midi, n_of, tt

EFFECT_LUFS = -14.0  # loudest 400 ms of every effect and sting (BS.1770 momentary, as played)
EFFECT_CEILING_DB = -2.0  # sample peak before Vorbis encoding (its transients overshoot ~1 dB)
EFFECT_QUALITY = 0.5  # Vorbis quality 0..1


def _mono(x: np.ndarray) -> np.ndarray:
    return x.mean(axis=1) if x.ndim == 2 else x


def _finish(
    x: np.ndarray,
    wet: float = 0.18,
    room: float = 1.2,
    seed: int = 3,
    stereo: bool = False,
    max_len: float = 0.0,
) -> np.ndarray:
    """Room, edges, trailing silence trimmed (or cut at `max_len` s with a fade), then the
    effects loudness target. Mono unless `stereo` (music stings keep the reverb's width)."""
    if wet > 0:
        x = s.reverb(x, wet, room, seed)
    if not stereo:
        x = _mono(x)
    elif x.ndim == 1:
        x = np.stack([x, x], axis=1)
    x = s.fade_edges(x, 0.0005, 0.03)
    level = np.abs(x) if x.ndim == 1 else np.abs(x).max(axis=1)
    nz = np.where(level > 1e-4 * np.max(level))[0]
    x = x[: nz[-1] + 1] if len(nz) else x
    if max_len and len(x) > n_of(max_len):
        x = s.fade_edges(x[: n_of(max_len)], 0, 0.6)
    x = s.fade_edges(x, 0, 0.02)
    return loudness.fit_level(x, EFFECT_LUFS, loudness.momentary_max, EFFECT_CEILING_DB)


# ----------------------------------------------------------------------------- reels


def spin_loop() -> np.ndarray:
    """1.5 s seamless whirr: periodic ticks of symbols passing + a filtered rumble."""
    dur = 1.5
    n = n_of(dur)
    t = tt(n)
    rumble = s.bandpass(s.noise(n, 11), 180, 1.2, circular=True) * 0.6
    hiss = s.bandpass(s.noise(n, 12), 2400, 0.8, circular=True) * 0.12
    ticks = np.zeros(n)
    rate = 18  # ticks per second: 27 per loop, an integer so the loop is seamless
    click = s.bandpass(s.noise(n_of(0.02), 13), 3200, 2.5) * s.decay(n_of(0.02), 0.004)
    for i in range(int(rate * dur)):
        st = int(i * n / (rate * dur))
        seg = click * (0.8 + 0.2 * ((i * 7) % 5) / 4)
        idx = (st + np.arange(len(seg))) % n
        ticks[idx] += seg
    hum = 0.25 * np.sin(2 * np.pi * 60 * t) + 0.12 * np.sin(2 * np.pi * 120 * t)
    wob = 1 + 0.15 * np.sin(2 * np.pi * 4 * t)  # 6 cycles per loop
    x = rumble * wob + hiss + ticks * 0.9 + hum * 0.5
    return loudness.fit_level(x, EFFECT_LUFS, loudness.momentary_max, EFFECT_CEILING_DB)


def reel_stop() -> np.ndarray:
    """A reel lands: a low thud, a wooden knock and a short clack."""
    n = n_of(0.5)
    t = tt(n)
    f = 60 * (1 + 1.5 * np.exp(-t / 0.015))
    thud = np.sin(2 * np.pi * np.cumsum(f) / SR) * np.exp(-t / 0.07)
    wood = (np.sin(2 * np.pi * 240 * t) + 0.5 * np.sin(2 * np.pi * 410 * t)) * np.exp(-t / 0.04)
    clack = s.bandpass(s.noise(n, 21), 2500, 1.5) * np.exp(-t / 0.006)
    return _finish(thud + 0.35 * wood + 0.5 * clack, wet=0.08, room=0.6)


def anticipation() -> np.ndarray:
    """A reel spins on for a possible feature: a quickening drum roll under rising strings."""
    dur = 2.4
    n = n_of(dur)
    t = tt(n)
    tr = s.Track(dur + 1)
    # accelerating drum roll with crescendo
    pos = 0.0
    gap = 0.16
    i = 0
    while pos < dur - 0.05:
        g = 0.25 + 0.75 * pos / dur
        tr.put(s.tom(0.25, 140 + 40 * pos / dur, i), pos, g * 0.6)
        pos += gap
        gap = max(gap * 0.94, 0.045)
        i += 1
    # rising tremolo strings
    for k, m in enumerate((50, 57, 62, 66)):
        f = midi(m) * 2 ** (t * 7 / 12 / dur)
        ph = 2 * np.pi * np.cumsum(f) / SR
        v = np.zeros(n)
        for h in range(1, 8):
            v += np.sin(h * ph + k) / h
        trem = 0.6 + 0.4 * np.sin(2 * np.pi * 14 * t)
        tr.put(v * trem * (t / dur) ** 1.5 * 0.18, 0)
    return _finish(_mono(tr.out()), wet=0.2, room=1.4)


# ----------------------------------------------------------------------------- wins


def arpeggio(notes, step, dur_each, inst="bell", gain=1.0, seed=0, tr=None, at=0.0, pan=0.0):
    tr = tr or s.Track(step * len(notes) + dur_each + 1)
    for i, m in enumerate(notes):
        if inst == "bell":
            sig = s.bell(midi(m), dur_each, seed + i)
        elif inst == "pluck":
            sig = s.pluck(midi(m), dur_each, 1.2, seed + i)
        else:
            sig = s.brass(midi(m), dur_each, seed + i)
        tr.put(sig, at + i * step, gain, pan * (1 if i % 2 else -1))
    return tr


def line_win() -> np.ndarray:
    """A winning line shown: three quick bells."""
    tr = arpeggio([76, 79, 84], 0.07, 0.9, "bell", 0.7, 31)
    tr.put(s.bell(midi(88), 1.2, 35) * 0.4, 0.21)
    return _finish(_mono(tr.out()), wet=0.25, room=1.6)


def win_small() -> np.ndarray:
    """A small win: a bell run over a plucked fifth and a few coins."""
    tr = arpeggio([72, 76, 79, 84, 88], 0.09, 1.2, "bell", 0.7, 41)
    tr.put(s.pluck(midi(60), 1.5, 1.0, 45) * 0.5, 0)
    tr.put(s.pluck(midi(67), 1.5, 1.0, 46) * 0.4, 0.02)
    coins(tr, 0.2, 0.8, 10, 47, 0.25)
    return _finish(_mono(tr.out()), wet=0.25, room=1.8)


def coins(tr, start, length, count, seed, gain):
    r = s.rng(seed)
    for i in range(count):
        at = start + r.random() * length
        tr.put(coin_ping(seed + i, 1.0 + r.random() * 0.4), at, gain * (0.5 + 0.5 * r.random()))


def coin_ping(seed: int, k: float = 1.0) -> np.ndarray:
    n = n_of(0.25)
    t = tt(n)
    out = np.zeros(n)
    for q, a, tau in ((1.0, 1.0, 0.08), (2.76, 0.6, 0.05), (5.4, 0.4, 0.03), (8.9, 0.2, 0.02)):
        out += a * np.sin(2 * np.pi * 2100 * k * q / 1.0 * t + seed) * np.exp(-t / tau)
    return out * np.minimum(t / 0.0008, 1)


def chord_stab(tr, notes, at, dur, gain, seed, inst="brass"):
    for i, m in enumerate(notes):
        sig = (
            s.brass(midi(m), dur, seed + i, 1.1)
            if inst == "brass"
            else s.pad(midi(m), dur, seed + i, 3, 0.8, 0.05, 0.5)
        )
        tr.put(sig, at, gain / len(notes) * 1.5, (i / max(len(notes) - 1, 1) - 0.5) * 0.6)


def coin_tick() -> np.ndarray:
    """One tick of the win meter counting up: a short coin ping."""
    x = coin_ping(5, 1.15)[: n_of(0.09)]
    return _finish(x, wet=0.05, room=0.3)


def click() -> np.ndarray:
    """A UI button: a bright tick on a short wooden body."""
    n = n_of(0.12)
    t = tt(n)
    x = s.bandpass(s.noise(n, 201), 3500, 3) * np.exp(-t / 0.004)
    x += 0.6 * np.sin(2 * np.pi * 1400 * t) * np.exp(-t / 0.012)
    x += 0.5 * np.sin(2 * np.pi * 520 * t) * np.exp(-t / 0.03)
    x += 0.35 * np.sin(2 * np.pi * 260 * t) * np.exp(-t / 0.035)
    return _finish(x, wet=0.0)


def reveal() -> np.ndarray:
    """A pick revealed (a stone turning): stone grind, a shimmer and a bell arpeggio."""
    dur = 1.6
    n = n_of(dur)
    t = tt(n)
    tr = s.Track(dur + 1)
    # stone grind (low filtered noise) then a magic shimmer rising into a bell
    grind = s.lowpass(s.noise(n_of(0.5), 211), 500) * np.exp(-tt(n_of(0.5)) / 0.2)
    tr.put(grind * 0.8, 0)
    sweep = s.bandpass(s.noise(n, 212), 2500, 0.8) * np.clip(t / 0.5, 0, 1) * np.exp(-t / 0.6)
    tr.put(sweep * 0.3, 0)
    arpeggio([79, 83, 86, 91], 0.05, 1.2, "bell", 0.5, 213, tr, 0.25)
    return _finish(_mono(tr.out()), wet=0.3, room=1.8)


def trap() -> np.ndarray:
    """A trap springs: a boom, a descending dissonant brass cluster and a rattle."""
    dur = 1.8
    tr = s.Track(dur + 1)
    n = n_of(dur)
    t = tt(n)
    boom = np.sin(2 * np.pi * np.cumsum(45 * (1 + 2 * np.exp(-t / 0.04))) / SR) * np.exp(-t / 0.5)
    tr.put(boom, 0, 1.0)
    # dissonant descending brass (minor second cluster)
    for i, m in enumerate((46, 47, 53)):
        f = midi(m) * 2 ** (-t * 5 / 12)
        ph = 2 * np.pi * np.cumsum(f) / SR
        v = sum(np.sin(k * ph) / k for k in range(1, 10))
        tr.put(v * s.env(n, 0.02, 0.3, 0.6, 0.6) * 0.22, 0.05, 1.0, (i - 1) * 0.5)
    rattle = (
        s.bandpass(s.noise(n_of(0.6), 221), 1200, 2)
        * (0.5 + 0.5 * np.sign(np.sin(2 * np.pi * 22 * tt(n_of(0.6)))))
        * np.exp(-tt(n_of(0.6)) / 0.2)
    )
    tr.put(rattle * 0.4, 0.05)
    return _finish(_mono(tr.out()), wet=0.3, room=2.0)


def clash() -> np.ndarray:
    """Blades meet: a metal clash with a scrape."""
    n = n_of(1.4)
    t = tt(n)
    ratios = [1.0, 1.52, 2.31, 2.87, 3.7, 4.43, 5.9, 7.1]
    metal = sum(np.sin(2 * np.pi * 1180 * q * t + q) * np.exp(-t / (0.5 / q**0.7)) / q**0.5 for q in ratios)
    hit = s.highpass(s.noise(n, 231), 2500) * np.exp(-t / 0.02)
    thump = np.sin(2 * np.pi * 110 * t) * np.exp(-t / 0.05)
    scrape = s.bandpass(s.noise(n, 232), 5000, 1.5) * np.clip(1 - np.abs(t - 0.12) / 0.1, 0, 1)
    return _finish(0.5 * metal + 1.2 * hit + 0.5 * thump + 0.4 * scrape, wet=0.25, room=1.4)


def gunshot() -> np.ndarray:
    """A pistol shot (the showdown duel): crack, body and a canyon echo."""
    n = n_of(1.6)
    t = tt(n)
    crack = s.highpass(s.noise(n, 241), 1200) * np.exp(-t / 0.012)
    body = s.lowpass(s.noise(n, 242), 800) * np.exp(-t / 0.06)
    boom = np.sin(2 * np.pi * np.cumsum(70 * (1 + 1.5 * np.exp(-t / 0.01))) / SR) * np.exp(-t / 0.1)
    x = 1.0 * crack + 0.9 * body + 0.8 * boom
    # canyon echo
    tr = s.Track(2.6)
    tr.put(x, 0)
    tr.put(s.lowpass(x, 2000) * 0.25, 0.32)
    tr.put(s.lowpass(x, 1200) * 0.1, 0.7)
    return _finish(_mono(tr.out()), wet=0.25, room=1.6)


def fanfare() -> np.ndarray:
    """A feature won (generic): a brass call and a C major chord with bells."""
    tr = s.Track(4.0)
    seq = [
        (60, 0.0, 0.18),
        (64, 0.2, 0.18),
        (67, 0.4, 0.18),
        (72, 0.6, 0.5),
        (67, 1.15, 0.18),
        (72, 1.35, 1.8),
    ]
    for i, (m, at, d) in enumerate(seq):
        tr.put(s.brass(midi(m), d, 300 + i, 1.2, 0.02), at, 0.5)
        tr.put(s.brass(midi(m - 12), d, 310 + i, 0.9, 0.02), at, 0.3)
    chord_stab(tr, [48, 55, 60, 64, 67], 1.35, 1.9, 0.9, 320)
    for at in (0.0, 0.6, 1.35):
        tr.put(s.taiko(0.8, 62, int(at * 10)), at, 0.6)
    arpeggio([84, 88, 91, 96], 0.06, 1.4, "bell", 0.22, 330, tr, 1.35)
    return _finish(_mono(tr.out()), wet=0.25, room=2.0)


def feature_end() -> np.ndarray:
    """A feature ends: three soft pad chords down to C with falling bells."""
    tr = s.Track(3.5)
    for i, (notes, at) in enumerate(
        (([55, 59, 62, 67], 0.0), ([53, 57, 60, 65], 0.45), ([48, 55, 60, 64], 0.9))
    ):
        chord_stab(tr, notes, at, 0.5 if i < 2 else 2.0, 0.7, 340 + i * 5, "pad")
    arpeggio([79, 76, 72], 0.15, 1.5, "bell", 0.35, 360, tr, 0.9)
    return _finish(_mono(tr.out()), wet=0.3, room=2.2)


def scatter_land() -> np.ndarray:
    """A scatter lands (any game): a bright bell triad on a soft drum."""
    return scatter("generic")


def scatter(kind: str) -> np.ndarray:
    """A magical 'land' accent; kind picks pitch and timbre (generic, blue, green, red)."""
    tr = s.Track(3.0)
    if kind == "blue":  # icy, high crystalline
        arpeggio([88, 95, 100], 0.04, 1.4, "bell", 0.5, 401, tr)
        shimmer_f = 6000
    elif kind == "green":  # woody, natural
        arpeggio([79, 84, 86, 91], 0.05, 1.2, "pluck", 0.6, 411, tr)
        tr.put(s.flute(midi(86), 0.6, 412, 0.15) * 0.3, 0.1)
        shimmer_f = 3500
    elif kind == "red":  # fiery, low gong
        n = n_of(2.0)
        t = tt(n)
        gong = sum(
            np.sin(2 * np.pi * 98 * q * t + q) * np.exp(-t / (1.2 / q**0.5)) / q
            for q in (1.0, 1.41, 2.03, 2.76, 3.2, 4.1)
        )
        tr.put(gong * 0.7, 0)
        arpeggio([67, 74, 79], 0.05, 1.0, "bell", 0.35, 421, tr)
        shimmer_f = 2200
    else:
        arpeggio([76, 83, 88], 0.05, 1.3, "bell", 0.55, 431, tr)
        tr.put(s.taiko(0.7, 80, 432), 0, 0.35)
        shimmer_f = 4500
    n = n_of(0.9)
    t = tt(n)
    tr.put(s.bandpass(s.noise(n, 440 + len(kind)), shimmer_f, 1.2) * np.exp(-t / 0.3) * 0.2, 0.0)
    return _finish(_mono(tr.out()), wet=0.3, room=1.8)


EFFECTS = {
    "common/spin_loop": spin_loop,
    "common/reel_stop": reel_stop,
    "common/anticipation": anticipation,
    "common/line_win": line_win,
    "common/win_small": win_small,
    "common/coin_tick": coin_tick,
    "common/click": click,
    "common/reveal": reveal,
    "common/trap": trap,
    "common/clash": clash,
    "common/gunshot": gunshot,
    "common/fanfare": fanfare,
    "common/scatter_land": scatter_land,
    "common/feature_end": feature_end,
}


def build_all(root: Path) -> list[str]:
    """Every effect and sting (mono effects, stereo music stings) under assets/sounds/."""
    from tools.assets import games
    from tools.assets.stings import STINGS

    done = []
    for name, fn in {**EFFECTS, **STINGS, **games.sounds()}.items():
        rel = f"assets/sounds/{name}.ogg"
        write_ogg(root / rel, fn(), quality=EFFECT_QUALITY)
        done.append(rel)
    return done
