"""WCAG 2 contrast of text measured on rendered screens.

A screen is rendered twice from the same state: once as the player sees it and once with the
fill of every glyph made transparent (outlines and shadows kept, since they are what the letters
stand on). Where a glyph's own pixels differ between the two renders, the first render is the
text's colour and the second is what is behind it. Each text's ratio is the 10th percentile of
the per-pixel ratios over its solid glyph pixels, so at least nine in ten of them meet it; a
text none of whose pixels differ is hidden (covered by something drawn later) and not judged.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

AA_NORMAL = 4.5  # WCAG 2.x level AA, normal text
CORE_ALPHA = 0.75  # glyph coverage from which a pixel counts as the letter itself
MIN_PIXELS = 6  # fewer visible glyph pixels than this: the text is hidden, not judged


def relative_luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG relative luminance of sRGB colours (0..255, last axis RGB)."""
    c = np.asarray(rgb, dtype=np.float64)[..., :3] / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def contrast_ratio(l1, l2):
    """WCAG contrast ratio of two relative luminances (≥ 1, symmetric)."""
    hi, lo = np.maximum(l1, l2), np.minimum(l1, l2)
    return (hi + 0.05) / (lo + 0.05)


@dataclass(frozen=True)
class TextContrast:
    text: str
    rect: tuple[int, int, int, int]  # physical px on the screen
    ratio: float  # 10th percentile of the per-pixel ratios
    median: float
    pixels: int  # visible solid glyph pixels

    @property
    def visible(self) -> bool:
        return self.pixels >= MIN_PIXELS


def measure(
    text: str,
    shown: np.ndarray,
    bare: np.ndarray,
    coverage: np.ndarray,
    x: int,
    y: int,
) -> TextContrast:
    """The contrast of one text whose glyph `coverage` (h, w in 0..1) sits at physical (x, y) of
    the screens `shown` and `bare` (H, W, 3 uint8: with and without the glyph fill)."""
    h, w = coverage.shape
    H, W = shown.shape[:2]  # noqa: N806 - screen size
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x0 >= x1 or y0 >= y1:
        return TextContrast(text, (x, y, w, h), 0.0, 0.0, 0)
    cov = coverage[y0 - y : y1 - y, x0 - x : x1 - x]
    a = shown[y0:y1, x0:x1].astype(np.int16)
    b = bare[y0:y1, x0:x1].astype(np.int16)
    differs = np.abs(a - b).max(axis=2) > 2
    core = (cov >= CORE_ALPHA) & differs
    n = int(core.sum())
    if n < MIN_PIXELS:
        return TextContrast(text, (x, y, w, h), 0.0, 0.0, n)
    ratios = contrast_ratio(relative_luminance(a[core]), relative_luminance(b[core]))
    return TextContrast(text, (x, y, w, h), float(np.percentile(ratios, 10)), float(np.median(ratios)), n)
