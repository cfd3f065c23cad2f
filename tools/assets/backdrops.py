"""Full-screen backdrops (1280×720 logical, saved at the output density: 1920×1080 JPEG), drawn
from layered skies, ridges, silhouettes and fog. Every helper takes logical coordinates."""

from __future__ import annotations

import numpy as np

from tools.assets import gfx, kit
from tools.assets.gfx import F

D = kit.DENSITY
LW, LH = 1280, 720  # logical size
W, H = round(LW * D), round(LH * D)  # pixel size of the arrays


def lgrid() -> tuple[np.ndarray, np.ndarray]:
    """Logical coordinates of every pixel centre."""
    x, y = gfx.grid(H, W)
    return x / D, y / D


def sky(stops, angle=90.0) -> np.ndarray:
    t = gfx.linear_t(H, W, angle)
    out = gfx.empty(H, W)
    out[..., :3] = gfx.ramp(t, stops)
    out[..., 3] = 1
    return out


def stars(dst, seed: int, n: int = 260, top: float = 0.6, color=(255, 255, 255)) -> None:
    rng = np.random.default_rng(seed)
    m = np.zeros((H, W), F)
    xs = rng.integers(0, W, n)
    ys = (rng.random(n) ** 1.6 * H * top).astype(int)
    b = rng.random(n) ** 2
    m[ys, xs] = b
    glow = gfx.blur(m, 3 * D) * 6
    gfx.add(dst, gfx.solid(np.clip(m + glow, 0, 1), color))


def sun(dst, cx, cy, r, color, strength=1.0) -> None:
    x, y = lgrid()
    d = np.hypot(x - cx, y - cy)
    m = np.exp(-((d / r) ** 2)) * 0.9 + np.exp(-d / (r * 3)) * 0.35
    gfx.add(dst, gfx.solid(np.clip(m * strength, 0, 1).astype(F), color))


def ridge(
    dst,
    base_y: float,
    amp: float,
    seed: int,
    color,
    cell: float = 180,
    rough: float = 0.3,
    haze=None,
    alpha: float = 1.0,
) -> np.ndarray:
    """A mountain/hill silhouette; returns its mask."""
    rng = np.random.default_rng(seed)
    xs = (np.arange(W, dtype=F) + 0.5) / D
    prof = np.zeros(W, F)
    a, c = 1.0, cell
    for _ in range(5):
        k = int(LW / c) + 3
        pts = rng.random(k).astype(F)
        prof += a * np.interp(xs / c, np.arange(k), pts)
        a *= rough * 1.6 if a == 1.0 else rough * 2
        c /= 2.2
    prof = (prof - prof.min()) / max(prof.max() - prof.min(), 1e-6)
    top = base_y - prof * amp
    y = (np.arange(H, dtype=F)[:, None] + 0.5) / D
    m = np.clip((y - top[None, :]) * D + 0.5, 0, 1).astype(F)
    col = np.broadcast_to(gfx.rgb(color), (H, W, 3)).copy()
    if haze is not None:
        t = np.clip((y - top[None, :]) / 160.0, 0, 1)
        col = col * (t[..., None]) + gfx.rgb(haze) * (1 - t[..., None]) * 0.5 + col * 0.5 * (1 - t[..., None])
    gfx.over(dst, gfx.paint(col, m * alpha))
    return m


def fog(dst, y0: float, y1: float, seed: int, color, strength: float = 0.5) -> None:
    n = gfx.value_noise(H, W, 160 * D, seed, 4)
    y = lgrid()[1]
    band = gfx.smoothstep(y0, (y0 + y1) / 2, y) * gfx.smoothstep(y1, (y0 + y1) / 2, y)
    gfx.over(dst, gfx.solid(np.clip(band * (0.4 + n) * strength, 0, 1).astype(F), color))


def silhouette(dst, name: str, cx, base_y, size, color, alpha: float = 1.0, flip: bool = False) -> np.ndarray:
    m = kit.icon(name, int(size * D))
    if flip:
        m = m[:, ::-1]
    full = gfx.place(m, H, W, cx * D, base_y * D - m.shape[0] / 2)
    gfx.over(dst, gfx.solid(full, color, alpha))
    return full


def vignette(dst, strength: float = 0.6) -> None:
    x, y = lgrid()
    d = np.hypot((x - LW / 2) / (LW * 0.62), (y - LH / 2) / (LH * 0.7))
    gfx.over(dst, gfx.solid(np.clip((d - 0.55) * 1.3, 0, 1).astype(F) * strength, (0, 0, 0)))


def motes(dst, seed: int, n: int, color, size=(2, 6), area=(0, 0, LW, LH)) -> None:
    """Floating glowing particles (embers, fireflies, dust)."""
    rng = np.random.default_rng(seed)
    m = np.zeros((H, W), F)
    x0, y0, x1, y1 = area
    for _ in range(n):
        x = rng.uniform(x0, x1) * D
        y = rng.uniform(y0, y1) * D
        r = rng.uniform(*size) * D
        b = rng.uniform(0.3, 1.0)
        ix0, iy0 = int(max(x - 3 * r, 0)), int(max(y - 3 * r, 0))
        ix1, iy1 = int(min(x + 3 * r, W)), int(min(y + 3 * r, H))
        if ix1 <= ix0 or iy1 <= iy0:
            continue
        yy, xx = np.mgrid[iy0:iy1, ix0:ix1].astype(F)
        d2 = ((xx - x) ** 2 + (yy - y) ** 2) / (r * r)
        m[iy0:iy1, ix0:ix1] += b * np.exp(-d2)
    gfx.add(dst, gfx.solid(np.clip(m, 0, 1), color))


def light_rays(dst, cx, cy, n, color, seed, strength=0.25, width=0.08) -> None:
    r = kit.rays(H, W, cx * D, cy * D, n, color, seed, width, falloff=2.5)
    gfx.add(dst, r * strength)


# ------------------------------------------------ the lobby (each game's backdrops: its generator module)


def lobby_bg(intro: bool = False) -> np.ndarray:
    out = sky([(0, "#06020e"), (0.5, "#1a0a30"), (1, "#050208")])
    x, y = lgrid()
    # art-deco fan of rays and arcs from the bottom centre
    light_rays(out, 640, 800, 28, (255, 200, 110), 71, 0.35 if intro else 0.22, 0.06)
    for r in (380, 480, 600, 740):
        arc = gfx.cover((np.abs(np.hypot(x - 640, y - 820) - r) - 1.2) * D)
        gfx.add(out, gfx.solid(arc.astype(F) * 0.35, (255, 200, 120)))
    sun(out, 640, 300 if intro else 120, 180, (120, 60, 200), 0.5)
    motes(out, 72, 110, (255, 210, 140), (2, 9))
    vignette(out, 0.75)
    return out
