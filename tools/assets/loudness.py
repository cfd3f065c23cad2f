# ruff: noqa: N806 (signal maths: X for spectra)
"""Loudness and peak measurement (ITU-R BS.1770-4, NumPy only) and level fitting.

The generator uses it to bring every sound to its target, and the asset tests use it to check
the committed files. A signal is float in -1..1, mono (n,) or stereo (n, 2), at 44.1 kHz; a mono
signal is measured as it is heard, played on both speakers (so it reads +3 dB above one channel).

- `integrated(x)`: gated integrated loudness in LUFS (400 ms blocks, 75 % overlap, absolute gate
  -70 LUFS, relative gate -10 LU): the measure for music.
- `momentary_max(x)`: the loudest 400 ms window (10 ms steps) in LUFS; a sound shorter than
  400 ms is measured in a 400 ms window, as a player hears it: the measure for effects and stings.
- `peak_db(x)`: the sample peak in dBFS.

The K-weighting pre-filter (a high shelf and a high pass, two biquads) is applied exactly in the
frequency domain with enough zero padding for the filters' tails to die out.
"""

from __future__ import annotations

import numpy as np

SR = 44100
BLOCK = 0.4  # s, the BS.1770 gating block
ABS_GATE = -70.0
REL_GATE = -10.0


def _k_biquads(sr: int) -> list[tuple[list[float], list[float]]]:
    """The two K-weighting biquads (b, a) at sample rate `sr` (BS.1770, re-derived per rate)."""
    f0, gain, q = 1681.974450955533, 3.999843853973347, 0.7071752369554196
    k = np.tan(np.pi * f0 / sr)
    vh = 10 ** (gain / 20)
    vb = vh**0.4996667741545416
    a0 = 1 + k / q + k * k
    shelf = (
        [(vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0],
        [1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0],
    )
    f0, q = 38.13547087602444, 0.5003270373238773
    k = np.tan(np.pi * f0 / sr)
    a0 = 1 + k / q + k * k
    high = ([1.0, -2.0, 1.0], [1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0])
    return [shelf, high]


def _as_stereo(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, dtype=np.float64)
    return np.stack([x, x], axis=1) if x.ndim == 1 else x


def _fft_size(n: int) -> int:
    """The smallest 2^a·3^b·5^c ≥ n (a length the FFT handles fast)."""
    best = 1 << int(np.ceil(np.log2(max(n, 1))))
    p3 = 1
    while p3 < best:
        p35 = p3
        while p35 < best:
            m = p35
            while m < n:
                m *= 2
            best = min(best, m)
            p35 *= 5
        p3 *= 3
    return best


def k_weight(x: np.ndarray, sr: int = SR) -> np.ndarray:
    """The K-weighted signal, (n, channels)."""
    x = _as_stereo(x)
    n = len(x)
    size = _fft_size(n + sr)  # one second of padding for the filter tails
    z = np.exp(-1j * np.pi * np.arange(size // 2 + 1) / (size // 2))
    H = np.ones(size // 2 + 1, dtype=complex)
    for b, a in _k_biquads(sr):
        H *= (b[0] + b[1] * z + b[2] * z * z) / (a[0] + a[1] * z + a[2] * z * z)
    X = np.fft.rfft(x, size, axis=0)
    return np.fft.irfft(X * H[:, None], size, axis=0)[:n]


def _window_powers(x: np.ndarray, step: float, sr: int, prefiltered: bool) -> np.ndarray:
    """Mean square (summed over channels) of every 400 ms window, `step` s apart."""
    y = _as_stereo(x) if prefiltered else k_weight(x, sr)
    w = round(BLOCK * sr)
    if len(y) < w:
        y = np.concatenate([y, np.zeros((w - len(y), y.shape[1]))])
    c = np.concatenate([[0.0], np.cumsum(np.sum(y * y, axis=1))])
    hop = max(1, round(step * sr))
    starts = np.arange(0, len(y) - w + 1, hop)
    return (c[starts + w] - c[starts]) / w


def _lufs(power: np.ndarray | float) -> np.ndarray | float:
    return -0.691 + 10 * np.log10(np.maximum(power, 1e-20))


def integrated(x: np.ndarray, sr: int = SR, prefiltered: bool = False) -> float:
    """Gated integrated loudness (LUFS) of the whole signal (`prefiltered`: already K-weighted)."""
    p = _window_powers(x, BLOCK / 4, sr, prefiltered)
    p = p[_lufs(p) > ABS_GATE]
    if len(p) == 0:
        return -np.inf
    rel = _lufs(np.mean(p)) + REL_GATE
    p = p[_lufs(p) > rel]
    return float(_lufs(np.mean(p)))


def momentary_max(x: np.ndarray, sr: int = SR, prefiltered: bool = False) -> float:
    """Loudness (LUFS) of the loudest 400 ms window (`prefiltered`: already K-weighted)."""
    return float(_lufs(np.max(_window_powers(x, 0.01, sr, prefiltered))))


def peak_db(x: np.ndarray) -> float:
    return float(20 * np.log10(np.max(np.abs(x)) + 1e-12))


def knee_limit(x: np.ndarray, ceiling_db: float, knee: float = 0.75) -> np.ndarray:
    """Leave samples below knee·ceiling untouched; bend the rest smoothly under the ceiling."""
    c = 10 ** (ceiling_db / 20)
    k = knee * c
    a = np.abs(x)
    over = a > k
    if not np.any(over):
        return x
    y = x.copy()
    y[over] = np.sign(x[over]) * (k + (c - k) * np.tanh((a[over] - k) / (c - k)))
    return y


def fit_level(x: np.ndarray, target: float, measure, ceiling_db: float) -> np.ndarray:
    """Scale `x` so that `measure(x)` reads `target` LUFS, limiting peaks to `ceiling_db`.

    Limiting lowers the loudness a little, so scale and limit alternate until both hold; the
    peak always ends at or under the ceiling."""
    for _ in range(8):
        level = measure(x)
        if abs(level - target) < 0.05:
            break
        x = x * 10 ** ((target - level) / 20)
        if peak_db(x) <= ceiling_db:
            break  # plain gain: the measure moved by exactly the gain
        x = knee_limit(x, ceiling_db)
    return knee_limit(x, ceiling_db)
