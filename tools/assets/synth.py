# ruff: noqa: N806, RUF046, E741 (signal maths: X for spectra, l/r for channels)
"""Sound synthesis primitives (NumPy only, seeded): oscillators, envelopes, instruments,
FFT filters, a synthetic-tail convolution reverb, mixing helpers and level normalisation.
All signals are float64 arrays at 44.1 kHz; stereo is (n, 2).
"""

from __future__ import annotations

import numpy as np

SR = 44100


def n_of(sec: float) -> int:
    return int(round(sec * SR))


def tt(n: int) -> np.ndarray:
    return np.arange(n) / SR


def midi(m: float) -> float:
    return 440.0 * 2 ** ((m - 69) / 12)


def rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


# ----------------------------------------------------------------------------- envelopes


def env(
    n: int, a: float = 0.005, d: float = 0.1, s: float = 0.7, r: float = 0.2, hold: float | None = None
) -> np.ndarray:
    """ADSR; the note is held for `hold` s (default: until the release fits the buffer)."""
    t = tt(n)
    total = n / SR
    hold = max(total - r, a) if hold is None else hold
    e = np.where(t < a, t / max(a, 1e-6), s + (1 - s) * np.exp(-(t - a) / max(d, 1e-6)))
    rel = np.clip(1 - (t - hold) / max(r, 1e-6), 0, 1)
    return e * np.where(t > hold, rel, 1.0)


def decay(n: int, tau: float, a: float = 0.002) -> np.ndarray:
    t = tt(n)
    return np.minimum(t / a, 1.0) * np.exp(-t / tau)


def fade_edges(x: np.ndarray, fin: float = 0.002, fout: float = 0.01) -> np.ndarray:
    n = len(x)
    e = np.ones(n)
    a, b = n_of(fin), n_of(fout)
    if a:
        e[:a] = np.linspace(0, 1, a)
    if b:
        e[-b:] *= np.linspace(1, 0, b)
    return x * (e if x.ndim == 1 else e[:, None])


# ----------------------------------------------------------------------------- oscillators


def sine(freq: float | np.ndarray, n: int, phase: float = 0.0) -> np.ndarray:
    if not isinstance(freq, np.ndarray):  # one pitch; an array is a pitch per sample
        return np.sin(2 * np.pi * freq * tt(n) + phase)
    return np.sin(2 * np.pi * np.cumsum(freq) / SR + phase)


def partial(freq: float, n: int, phase: float = 0.0, tau: float | None = None) -> np.ndarray:
    """sin(2π·freq·t + phase)·exp(-t/tau), computed by blocks: a complex exponential per block
    and per offset in a block, then one complex product per sample (much cheaper than sin·exp)."""
    b = 1024
    w = 2j * np.pi * freq / SR - (0.0 if tau is None else 1.0 / (tau * SR))
    base = np.exp(w * np.arange(b))
    blocks = np.exp(w * b * np.arange((n + b - 1) // b) + 1j * phase)
    return (blocks[:, None] * base[None, :]).ravel()[:n].imag


def additive(
    freq: float, n: int, amps, decays=None, detune=None, phase_seed: int = 0, inharm: float = 0.0
) -> np.ndarray:
    """Sum of harmonics k·f (optionally stretched); each with its own exponential decay."""
    out = np.zeros(n)
    r = rng(phase_seed)
    for k, a in enumerate(amps, start=1):
        if a == 0:
            continue
        f = freq * k * np.sqrt(1 + inharm * k * k)
        if f > SR * 0.45:
            break
        if detune is not None:
            f *= 2 ** (detune / 1200)
        p = r.random() * 2 * np.pi
        out += a * partial(f, n, p, None if decays is None else decays[k - 1])
    return out


def saw(
    freq: float, n: int, harmonics: int = 24, bright: float = 1.0, seed: int = 0, detune: float = 0.0
) -> np.ndarray:
    """A soft band-limited saw, read from a one-cycle wavetable (partials with seeded phases)."""
    f = freq * 2 ** (detune / 1200)
    size = 4096
    ph = np.arange(size + 1) * (2 * np.pi / size)
    r = rng(seed)
    table = np.zeros(size + 1)
    for k in range(1, harmonics + 1):
        if f * k > SR * 0.45:
            break
        table += (
            (1 / k) * np.exp(-(k - 1) / (harmonics * 0.35 * bright)) * np.sin(k * ph + r.random() * 2 * np.pi)
        )
    pos = (f / SR * np.arange(n)) % 1.0 * size
    i = pos.astype(np.int64)
    frac = pos - i
    return table[i] + (table[i + 1] - table[i]) * frac


def noise(n: int, seed: int) -> np.ndarray:
    return rng(seed).standard_normal(n)


# ----------------------------------------------------------------------------- filters (FFT)


def fft_filter(x: np.ndarray, resp, circular: bool = False) -> np.ndarray:
    """Filter by a magnitude response resp(freqs) applied in the frequency domain."""
    n = len(x)
    size = n if circular else int(2 ** np.ceil(np.log2(n * 1.25 + 16)))
    f = np.fft.rfftfreq(size, 1 / SR)
    X = np.fft.rfft(x, size, axis=0)
    h = resp(f)
    y = np.fft.irfft(X * (h if x.ndim == 1 else h[:, None]), size, axis=0)
    return y[:n]


def lowpass(x, fc, order=2, circular=False):
    return fft_filter(x, lambda f: 1 / np.sqrt(1 + (f / fc) ** (2 * order)), circular)


def highpass(x, fc, order=2, circular=False):
    return fft_filter(x, lambda f: 1 / np.sqrt(1 + (fc / np.maximum(f, 1e-3)) ** (2 * order)), circular)


def bandpass(x, fc, q=1.0, circular=False):
    def resp(f):
        ff = np.maximum(f, 1e-3)
        return 1 / np.sqrt(1 + q * q * (ff / fc - fc / ff) ** 2)

    return fft_filter(x, resp, circular)


# ----------------------------------------------------------------------------- instruments


def pluck(freq: float, dur: float, bright: float = 1.0, seed: int = 0) -> np.ndarray:
    """Harp/guitar-like pluck: harmonics with faster decay for higher partials."""
    n = n_of(dur)
    amps = [(1 / k**1.1) * (1.0 if k < 3 else 0.7) * bright ** (k / 6) for k in range(1, 16)]
    base = min(dur * 0.5, 1.6)
    decays = [base / (1 + 0.45 * (k - 1)) for k in range(1, 16)]
    x = additive(freq, n, amps, decays, phase_seed=seed, inharm=0.00008)
    return fade_edges(x * np.minimum(tt(n) / 0.003, 1), 0, 0.02)


def bell(freq: float, dur: float, seed: int = 0, bright: float = 1.0) -> np.ndarray:
    n = n_of(dur)
    t = tt(n)
    ratios = [0.5, 1.0, 1.19, 1.56, 2.0, 2.51, 2.66, 3.01, 4.1, 5.4]
    amps = [0.35, 1.0, 0.6, 0.45, 0.5, 0.3, 0.25, 0.2, 0.12 * bright, 0.08 * bright]
    taus = [
        dur * 0.9,
        dur * 0.6,
        dur * 0.4,
        dur * 0.3,
        dur * 0.28,
        dur * 0.2,
        dur * 0.16,
        dur * 0.12,
        dur * 0.08,
        dur * 0.05,
    ]
    r = rng(seed)
    out = np.zeros(n)
    for q, a, tau in zip(ratios, amps, taus, strict=True):
        f = freq * q
        if f > SR * 0.45:
            continue
        out += a * np.sin(2 * np.pi * f * t + r.random() * 6.28) * np.exp(-t / tau)
    return fade_edges(out * np.minimum(t / 0.0015, 1), 0, 0.02)


def brass(freq: float, dur: float, seed: int = 0, bright: float = 1.0, attack: float = 0.05) -> np.ndarray:
    """Brass-like: saw harmonics whose brightness follows the envelope."""
    n = n_of(dur)
    t = tt(n)
    e = env(n, attack, 0.25, 0.75, min(0.25, dur * 0.4))
    vib = 1 + 0.004 * np.sin(2 * np.pi * 5.2 * t) * np.minimum(t / 0.4, 1)
    phase = 2 * np.pi * freq * np.cumsum(vib) / SR
    out = np.zeros(n)
    r = rng(seed)
    for k in range(1, 20):
        if freq * k > SR * 0.45:
            break
        ak = (1 / k) * np.clip(e * bright * 9 / k, 0, 1)
        out += ak * np.sin(k * phase + r.random() * 6.28)
    return out * e


def pad(
    freq: float,
    dur: float,
    seed: int = 0,
    voices: int = 3,
    bright: float = 0.6,
    attack: float = 0.8,
    release: float = 1.0,
) -> np.ndarray:
    """String/choir-like pad: detuned, soft saws with slow envelope."""
    n = n_of(dur)
    out = np.zeros(n)
    for v in range(voices):
        det = (v - (voices - 1) / 2) * 9
        out += saw(freq, n, harmonics=14, bright=bright, seed=seed + v, detune=det)
    t = tt(n)
    trem = 1 + 0.05 * np.sin(2 * np.pi * 0.3 * t + seed)
    return out / voices * env(n, attack, 0.5, 0.85, release) * trem


def flute(freq: float, dur: float, seed: int = 0, breath: float = 0.08) -> np.ndarray:
    n = n_of(dur)
    t = tt(n)
    vib = 1 + 0.006 * np.sin(2 * np.pi * 5.0 * t) * np.clip((t - 0.15) / 0.3, 0, 1)
    ph = 2 * np.pi * freq * np.cumsum(vib) / SR
    tone = np.sin(ph) + 0.25 * np.sin(2 * ph) + 0.08 * np.sin(3 * ph)
    air = bandpass(noise(n, seed), freq * 2, 2.0) * breath
    return (tone + air) * env(n, 0.06, 0.2, 0.8, min(0.2, dur * 0.4))


def epiano(freq: float, dur: float, seed: int = 0) -> np.ndarray:
    """FM electric piano."""
    n = n_of(dur)
    t = tt(n)
    idx = 1.6 * np.exp(-t / 0.35)
    mod = np.sin(2 * np.pi * freq * t) * idx
    car = np.sin(2 * np.pi * freq * t + mod)
    bell_ = 0.15 * np.sin(2 * np.pi * freq * 7.0 * t) * np.exp(-t / 0.05)
    return (car + bell_) * decay(n, max(dur * 0.5, 0.3), 0.003) * env(n, 0.003, 1, 1, 0.08)


def taiko(dur: float = 1.2, pitch: float = 70.0, seed: int = 0) -> np.ndarray:
    n = n_of(dur)
    t = tt(n)
    f = pitch * (1 + 1.4 * np.exp(-t / 0.03))
    body = np.sin(2 * np.pi * np.cumsum(f) / SR) * np.exp(-t / (dur * 0.28))
    skin = lowpass(noise(n, seed), 900) * np.exp(-t / 0.03) * 0.6
    over = np.sin(2 * np.pi * np.cumsum(f * 1.6) / SR) * np.exp(-t / 0.08) * 0.3
    return body + skin + over


def kick(dur=0.5, seed=0):
    n = n_of(dur)
    t = tt(n)
    f = 50 * (1 + 2.5 * np.exp(-t / 0.02))
    return np.sin(2 * np.pi * np.cumsum(f) / SR) * np.exp(-t / 0.12) + 0.3 * highpass(
        noise(n, seed), 2000
    ) * np.exp(-t / 0.004)


def shaker(dur=0.12, seed=0, bright=6000):
    n = n_of(dur)
    t = tt(n)
    return highpass(noise(n, seed), bright) * np.minimum(t / 0.01, 1) * np.exp(-t / 0.03)


def tom(dur=0.5, pitch=110, seed=0):
    n = n_of(dur)
    t = tt(n)
    f = pitch * (1 + 0.5 * np.exp(-t / 0.05))
    return np.sin(2 * np.pi * np.cumsum(f) / SR) * np.exp(-t / 0.15) + 0.2 * lowpass(
        noise(n, seed), 2000
    ) * np.exp(-t / 0.02)


def bowed(
    freq: float, dur: float, seed: int = 0, bright: float = 0.7, attack: float = 0.15, vib: float = 0.005
) -> np.ndarray:
    """Fiddle/cello-like bowed string: saw partials, a vibrato that comes in late, bow noise."""
    n = n_of(dur)
    t = tt(n)
    v = 1 + vib * np.sin(2 * np.pi * 5.5 * t + seed) * np.clip((t - 0.2) / 0.4, 0, 1)
    ph = 2 * np.pi * freq * np.cumsum(v) / SR
    r = rng(seed)
    out = np.zeros(n)
    for k in range(1, 17):
        if freq * k > SR * 0.45:
            break
        out += np.exp(-(k - 1) / (16 * 0.35 * bright)) / k * np.sin(k * ph + r.random() * 6.28)
    bow = bandpass(noise(n, seed), min(freq * 3, 8000), 1.5) * 0.04
    return (out + bow) * env(n, attack, 0.3, 0.85, min(0.3, dur * 0.4))


def koto(freq: float, dur: float, seed: int = 0, bright: float = 1.0) -> np.ndarray:
    """Koto/shamisen-like pluck: bright partials that die fast, a small pitch drop at the attack."""
    n = n_of(dur)
    t = tt(n)
    ph = 2 * np.pi * freq * np.cumsum(1 + 0.012 * np.exp(-t / 0.03)) / SR
    tau = min(dur * 0.45, 1.1)
    r = rng(seed)
    out = np.zeros(n)
    for k in range(1, 13):
        if freq * k > SR * 0.45:
            break
        a = bright ** (k / 4) / k**0.8
        out += a * np.sin(k * ph + r.random() * 6.28) * np.exp(-t / (tau / (1 + 0.6 * (k - 1))))
    pick = highpass(noise(n, seed + 1), 2500) * np.exp(-t / 0.004) * 0.3
    return fade_edges((out + pick) * np.minimum(t / 0.002, 1), 0, 0.02)


FORMANTS = {"a": ((800, 1.0), (1150, 0.5), (2900, 0.25)), "o": ((450, 1.0), (800, 0.45), (2830, 0.12))}


def choir(
    freq: float, dur: float, seed: int = 0, vowel: str = "a", attack: float = 0.5, release: float = 0.8
) -> np.ndarray:
    """A choir 'aah'/'ooh': four detuned bright voices through the vowel's formants."""
    base = pad(freq, dur, seed, 4, 1.0, attack, release)
    out = np.zeros_like(base)
    for f, g in FORMANTS[vowel]:
        out += bandpass(base, f, 3.0) * g
    return out * 2.0


def bass(freq: float, dur: float, seed: int = 0, bright: float = 0.5) -> np.ndarray:
    """A round bass: sine body with a few soft saw partials and a plucked envelope."""
    n = n_of(dur)
    t = tt(n)
    amps = [1.0, 0.45 * bright, 0.25 * bright, 0.12 * bright, 0.06 * bright]
    body = additive(freq, n, amps, phase_seed=seed)
    return body * decay(n, max(dur * 0.6, 0.25), 0.004) * env(n, 0.004, 1, 1, 0.06) * (1 - np.exp(-t / 0.002))


def snare(dur: float = 0.3, seed: int = 0, tone: float = 190.0, snappy: float = 1.0) -> np.ndarray:
    n = n_of(dur)
    t = tt(n)
    rattle = bandpass(noise(n, seed), 3500, 0.7) * np.exp(-t / 0.06) * snappy
    body = np.sin(2 * np.pi * tone * t) * np.exp(-t / 0.04)
    return rattle + 0.7 * body


def cymbal(dur: float = 2.0, seed: int = 0, bright: float = 6000.0) -> np.ndarray:
    """A crash/suspended cymbal: high noise with inharmonic metal partials, long decay."""
    n = n_of(dur)
    t = tt(n)
    wash = highpass(noise(n, seed), bright) * np.exp(-t / (dur * 0.3))
    r = rng(seed + 1)
    metal = sum(
        np.sin(2 * np.pi * f * t + r.random() * 6.28) * np.exp(-t / (dur * 0.2)) / 6
        for f in (3150.0, 4420.0, 5310.0, 6870.0, 7930.0)
    )
    return (wash + metal) * np.minimum(t / 0.002, 1)


def timpani(pitch: float = 65.0, dur: float = 1.6, seed: int = 0) -> np.ndarray:
    """A timpani hit: a tuned membrane (slightly sharp at the strike) with a felt thump."""
    n = n_of(dur)
    t = tt(n)
    f = pitch * (1 + 0.08 * np.exp(-t / 0.05))
    ph = 2 * np.pi * np.cumsum(f) / SR
    tone = np.sin(ph) + 0.5 * np.sin(1.5 * ph + 1) * np.exp(-t / 0.4) + 0.3 * np.sin(1.98 * ph + 2)
    thump = lowpass(noise(n, seed), 400) * np.exp(-t / 0.03)
    return tone * np.exp(-t / (dur * 0.35)) + 0.6 * thump


def whoosh(dur: float, f_from: float, f_to: float, seed: int = 0, q: float = 2.0) -> np.ndarray:
    """Air moving past: noise through a resonance that glides from f_from to f_to Hz,
    made of short overlapping band-passed grains, swelling in the middle."""
    n = n_of(dur)
    t = tt(n)
    out = np.zeros(n)
    grains = max(4, int(dur * 40))
    g = n_of(dur / grains * 2)
    win = np.hanning(g)
    src = noise(n + g, seed)
    for i in range(grains):
        st = int(i * (n - g) / max(grains - 1, 1))
        f = f_from * (f_to / f_from) ** (i / max(grains - 1, 1))
        out[st : st + g] += bandpass(src[st : st + g], f, q) * win
    return out * np.sin(np.pi * np.clip(t / dur, 0, 1)) ** 0.7


# ----------------------------------------------------------------------------- space


def impulse_response(
    dur: float, seed: int, damp: float = 5000, predelay: float = 0.012, stereo: bool = True
) -> np.ndarray:
    """A synthetic room: exponentially decaying noise that darkens over time."""
    n = n_of(dur)
    t = tt(n)
    chans = []
    for c in range(2 if stereo else 1):
        nz = noise(n, seed + c)
        early = nz * np.exp(-t / (dur * 0.16))
        bright = highpass(early, 200)
        dark = lowpass(bright, damp * 0.3)
        mix = np.exp(-t / (dur * 0.4))
        ir = (bright * mix + dark * (1 - mix)) * np.exp(-t * 6.9 / dur)
        ir[: n_of(predelay)] = 0
        ir /= np.sqrt(np.sum(ir**2)) + 1e-9
        chans.append(ir)
    return np.stack(chans, axis=1) if stereo else chans[0]


def reverb(
    x: np.ndarray,
    wet: float = 0.25,
    dur: float = 1.8,
    seed: int = 7,
    circular: bool = False,
    damp: float = 5000,
) -> np.ndarray:
    """Convolution reverb; mono in → stereo out. circular=True wraps the tail (for loops)."""
    mono = x if x.ndim == 1 else x.mean(axis=1)
    ir = impulse_response(dur, seed, damp)
    n = len(mono)
    size = n if circular else int(2 ** np.ceil(np.log2(n + len(ir))))
    X = np.fft.rfft(mono, size)
    wets = []
    for c in range(2):
        irc = ir[:, c]
        if circular and len(irc) > n:
            irc = irc[:n]
        y = np.fft.irfft(X * np.fft.rfft(irc, size), size)
        wets.append(y[:n] if circular else y[: n + len(ir)])
    w = np.stack(wets, axis=1)
    dry = x if x.ndim == 2 else np.stack([x, x], axis=1)
    if not circular:
        dry = np.concatenate([dry, np.zeros((len(w) - len(dry), 2))])
    return dry * (1 - wet * 0.5) + w * wet


# ----------------------------------------------------------------------------- mixing


class Track:
    """A stereo buffer; `loop=True` wraps anything placed past the end to the start."""

    def __init__(self, seconds: float, loop: bool = False):
        self.n = n_of(seconds)
        self.buf = np.zeros((self.n + (0 if loop else n_of(4.0)), 2))
        self.loop = loop

    def put(self, sig: np.ndarray, at: float, gain: float = 1.0, pan: float = 0.0) -> None:
        start = n_of(at)
        if sig.ndim == 1:
            l, r = np.cos((pan + 1) * np.pi / 4), np.sin((pan + 1) * np.pi / 4)
            st = np.stack([sig * l, sig * r], axis=1) * np.sqrt(2)
        else:
            st = sig
        st = st * gain
        if self.loop:
            # wrap past the end to the start, in contiguous slices (a note may wrap more than once)
            pos, k = start % self.n, 0
            while k < len(st):
                m = min(len(st) - k, self.n - pos)
                self.buf[pos : pos + m] += st[k : k + m]
                k, pos = k + m, 0
        else:
            end = min(start + len(st), len(self.buf))
            self.buf[start:end] += st[: end - start]

    def out(self) -> np.ndarray:
        if self.loop:
            return self.buf[: self.n]
        nz = np.where(np.abs(self.buf).max(axis=1) > 1e-5)[0]
        last = nz[-1] + 1 if len(nz) else 1
        return self.buf[:last]


def normalize_peak(x: np.ndarray, dbfs: float = -3.0) -> np.ndarray:
    p = np.max(np.abs(x)) + 1e-12
    return x * (10 ** (dbfs / 20) / p)


def soft_limit(x: np.ndarray, ceiling_db: float = -1.0) -> np.ndarray:
    c = 10 ** (ceiling_db / 20)
    return np.tanh(x / c) * c


def normalize_rms(x: np.ndarray, rms_db: float = -18.0, ceiling_db: float = -1.0) -> np.ndarray:
    r = np.sqrt(np.mean(x**2)) + 1e-12
    y = x * (10 ** (rms_db / 20) / r)
    return soft_limit(y, ceiling_db)
