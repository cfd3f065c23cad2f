"""Full-screen backdrops (1280×720 logical, saved at the output density: 1920×1080 JPEG), drawn
from layered skies, ridges, silhouettes and fog. Every helper takes logical coordinates."""

from __future__ import annotations

from typing import Any

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


# ----------------------------------------------------------------------------- per game


def standing_stones(dst, cx, base_y, n, radius, height, color, seed, alpha=1.0) -> None:
    """A ring of standing stones in perspective."""
    rng = np.random.default_rng(seed)
    m = np.zeros((H, W), F)
    for i in range(n):
        a = i * 2 * np.pi / n + 0.3
        depth = 0.55 + 0.45 * np.sin(a)
        sx = cx + np.cos(a) * radius
        sh = height * depth * rng.uniform(0.8, 1.15)
        sw = sh * rng.uniform(0.28, 0.4)
        sy = base_y + np.sin(a) * radius * 0.18
        sd = gfx.sd_round_rect(H, W, sx * D, (sy - sh / 2) * D, sw / 2 * D, sh / 2 * D, sw * 0.35 * D)
        m = np.maximum(m, gfx.cover(sd))
    gfx.over(dst, gfx.solid(m, color, alpha))


def stones_bg(free: bool = False) -> np.ndarray:
    if free:
        out = sky([(0, "#12041e"), (0.45, "#3a0e4a"), (0.7, "#6a2a6a"), (1, "#1a0a20")])
    else:
        out = sky([(0, "#020a14"), (0.45, "#0a2a3a"), (0.7, "#1a5050"), (1, "#061414")])
    stars(out, 11)
    moon_c = (255, 200, 255) if free else (200, 255, 240)
    sun(out, 960, 150, 46, moon_c, 0.9)
    moon = gfx.cover(gfx.sd_circle(H, W, 960 * D, 150 * D, 40 * D))
    gfx.over(out, gfx.solid(moon, (240, 240, 225) if not free else (255, 225, 245)))
    if free:
        # aurora ribbons
        x, y = lgrid()
        for k, col in enumerate(((90, 255, 190), (200, 120, 255))):
            wave = 180 + 60 * np.sin(x / 170 + k * 2) + 30 * np.sin(x / 53 + k)
            band = np.exp(-(((y - wave - k * 40) / 26) ** 2)) * (
                0.5 + 0.5 * gfx.value_noise(H, W, 60 * D, 30 + k, 3)
            )
            gfx.add(out, gfx.solid(np.clip(band * 0.55, 0, 1).astype(F), col))
    ridge(out, 470, 130, 3, "#0c2630" if not free else "#2a1036", cell=260)
    fog(out, 380, 560, 4, (140, 200, 200) if not free else (200, 150, 220), 0.35)
    standing_stones(out, 640, 560, 11, 460, 230, "#061418" if not free else "#14061c", 5)
    ridge(out, 640, 80, 6, "#030a0c" if not free else "#0a0410", cell=320)
    fog(out, 560, 720, 7, (100, 160, 160) if not free else (170, 110, 200), 0.3)
    motes(out, 8, 70, (140, 255, 220) if not free else (255, 160, 255), (1.5, 4))
    vignette(out, 0.7)
    return out


def picker_bg() -> np.ndarray:
    out = sky([(0, "#02060c"), (0.5, "#0a2026"), (1, "#04100e")])
    stars(out, 21, 200)
    sun(out, 640, 420, 140, (80, 255, 210), 0.6)
    ridge(out, 420, 60, 22, "#061a1c", cell=300)
    standing_stones(out, 640, 500, 14, 560, 320, "#050d10", 23)
    # glowing ground circle
    x, y = lgrid()
    ring = np.exp(-(((np.hypot((x - 640) / 520, (y - 560) / 110) - 1) / 0.04) ** 2))
    gfx.add(out, gfx.solid(np.clip(ring * 0.7, 0, 1).astype(F), (90, 255, 220)))
    fog(out, 480, 720, 24, (120, 200, 190), 0.35)
    motes(out, 25, 120, (150, 255, 230), (1.5, 4.5))
    vignette(out, 0.75)
    return out


def warlords_bg(free: bool = False) -> np.ndarray:
    if free:
        out = sky([(0, "#05030f"), (0.5, "#1a1040"), (0.75, "#4a2a7a"), (1, "#0a0614")])
    else:
        out = sky([(0, "#0e0404"), (0.45, "#4a1008"), (0.72, "#c0501a"), (1, "#2a0a04")])
    sun(out, 640, 430, 90, (255, 170, 80) if not free else (170, 150, 255), 0.9)
    ridge(out, 480, 220, 31, "#2a0c08" if not free else "#1a1030", cell=240)
    fog(out, 380, 520, 32, (255, 120, 60) if not free else (120, 100, 255), 0.25)
    ridge(out, 560, 140, 33, "#140604" if not free else "#0c0818", cell=200)
    for i, (bx, s) in enumerate(((180, 190), (1100, 210), (90, 140), (1200, 150))):
        silhouette(out, "vertical-banner", bx, 560, s, "#0a0302", 1.0, flip=i % 2 == 1)
    ridge(out, 680, 70, 34, "#050202", cell=300)
    motes(out, 35, 160, (255, 150, 60) if not free else (160, 170, 255), (1.2, 3.5))
    if free:
        x, y = lgrid()
        bolt = gfx.cover((np.abs(x - 300 - 40 * np.sin(y / 37) - 20 * np.sin(y / 11)) - 2) * D) * (y < 420)
        gfx.add(out, gfx.glow(bolt.astype(F), (200, 180, 255), 10 * D, 2.5))
        gfx.add(out, gfx.solid(bolt.astype(F), (255, 255, 255)))
    vignette(out, 0.7)
    return out


def battle_bg() -> np.ndarray:
    out = sky([(0, "#0a0204"), (0.5, "#3a0a10"), (1, "#100408")], angle=0)
    x, _y = lgrid()
    blue = gfx.smoothstep(500, 900, x)
    gfx.over(out, gfx.solid(blue * 0.7, (16, 30, 90)))
    ridge(out, 520, 160, 41, "#12060a", cell=220)
    sun(out, 640, 360, 120, (255, 220, 150), 1.0)
    light_rays(out, 640, 360, 18, (255, 200, 120), 42, 0.45)
    ridge(out, 640, 60, 43, "#050203", cell=300)
    motes(out, 44, 220, (255, 190, 100), (1.2, 4))
    vignette(out, 0.7)
    return out


def tomb_bg(free: bool = False) -> np.ndarray:
    if free:
        out = sky([(0, "#1a0a02"), (0.5, "#5a3008"), (0.8, "#c08020"), (1, "#2a1404")])
    else:
        out = sky([(0, "#021010"), (0.45, "#0a3a30"), (0.75, "#3a7a4a"), (1, "#0a1a0c")])
    sun(out, 640, 120, 80, (255, 230, 160), 0.8)
    light_rays(out, 640, 0, 14, (255, 240, 190), 51, 0.35)
    ridge(out, 470, 140, 52, "#0c2a20" if not free else "#3a2008", cell=260)
    silhouette(out, "mayan-pyramid", 640, 500, 330, "#0a201a" if not free else "#2a1606")
    fog(out, 380, 540, 53, (180, 230, 190) if not free else (255, 200, 120), 0.3)
    for i, (x, s) in enumerate(((110, 360), (1170, 380), (300, 240), (990, 260))):
        silhouette(out, "palm-tree", x, 720, s, "#020806" if not free else "#120802", 1.0, flip=i % 2 == 0)
    silhouette(out, "jungle", 640, 735, 520, "#010503" if not free else "#0c0602")
    motes(out, 54, 90, (200, 255, 170) if not free else (255, 220, 120), (1.2, 3.5))
    vignette(out, 0.7)
    return out


LOCATIONS: dict[str, dict[str, Any]] = {
    "london": dict(
        sky=[(0, "#0a1020"), (0.5, "#2a3a5a"), (0.8, "#8a90a0"), (1, "#20242c")],
        sun=(300, 200, (255, 230, 200)),
        icons=[("tower-bridge", 640, 560, 520), ("clock-tower", 1080, 580, 420)],
        ink="#070a12",
        fog=(190, 200, 220),
    ),
    "ghana": dict(
        sky=[(0, "#2a0a04"), (0.45, "#9a3a0a"), (0.75, "#ffb040"), (1, "#4a2008")],
        sun=(640, 380, (255, 220, 120)),
        icons=[("palm-tree", 220, 600, 380), ("elephant", 780, 600, 260), ("palm-tree", 1120, 600, 420)],
        ink="#1a0802",
        fog=(255, 190, 120),
    ),
    "cambodia": dict(
        sky=[(0, "#041008"), (0.45, "#1a4a2a"), (0.75, "#7ab070"), (1, "#0a1a0a")],
        sun=(900, 160, (230, 255, 200)),
        icons=[("ancient-ruins", 640, 590, 560), ("jungle", 160, 620, 360), ("jungle", 1120, 620, 380)],
        ink="#030a04",
        fog=(180, 230, 180),
    ),
    "peru": dict(
        sky=[(0, "#060a1a"), (0.45, "#2a3a6a"), (0.75, "#d0a0a0"), (1, "#2a2020")],
        sun=(1000, 220, (255, 230, 210)),
        icons=[("mayan-pyramid", 640, 610, 300)],
        peaks=[(330, 250, 260), (760, 200, 330), (1120, 280, 240)],
        ink="#0a0810",
        fog=(230, 220, 240),
    ),
    "tokyo": dict(
        sky=[(0, "#0a0418"), (0.45, "#3a1050"), (0.75, "#f07090"), (1, "#200818")],
        sun=(640, 330, (255, 200, 220)),
        icons=[("pagoda", 260, 640, 420), ("pagoda", 1040, 640, 360)],
        ink="#0c0410",
        fog=(255, 190, 220),
        peaks=[(640, 250, 420)],
        snow=True,
    ),
}


def peak(dst, cx, top, half_w, color, snow: bool = False) -> None:
    """A steep mountain (optionally snow-capped) standing on the horizon at y = 560."""
    base = 560
    pts = [
        (cx - half_w, base),
        (cx - half_w * 0.12, top + 8),
        (cx, top),
        (cx + half_w * 0.14, top + 10),
        (cx + half_w, base),
    ]
    m = gfx.cover(gfx.sd_polygon(H, W, [(px * D, py * D) for px, py in pts]))
    gfx.over(dst, gfx.solid(m, color))
    if snow:
        cap = gfx.cover(
            gfx.sd_polygon(
                H,
                W,
                [
                    (px * D, py * D)
                    for px, py in (
                        (cx - half_w * 0.3, top + 90),
                        (cx - half_w * 0.12, top + 8),
                        (cx, top),
                        (cx + half_w * 0.14, top + 10),
                        (cx + half_w * 0.32, top + 95),
                        (cx + half_w * 0.1, top + 70),
                        (cx - half_w * 0.05, top + 96),
                        (cx - half_w * 0.15, top + 72),
                    )
                ],
            )
        )
        gfx.over(dst, gfx.solid(cap * m, (250, 225, 240), 0.85))


def location_bg(name: str) -> np.ndarray:
    spec = LOCATIONS[name]
    out = sky(spec["sky"])
    if name in ("tokyo", "london", "peru"):
        stars(out, 61 + len(name), 140, 0.4)
    sx, sy, sc = spec["sun"]
    sun(out, sx, sy, 60, sc, 0.9)
    ridge(out, 560, 120, 62 + len(name), spec["ink"], cell=280, alpha=0.6)
    for px, top, hw in spec.get("peaks", []):
        peak(out, px, top, hw, spec["ink"] if not spec.get("snow") else "#2a1030", spec.get("snow", False))
    fog(out, 420, 600, 63, spec["fog"], 0.3)
    for i, (icon_name, x, y, s) in enumerate(spec["icons"]):
        silhouette(out, icon_name, x, y, s, spec["ink"], 0.95 if i == 0 else 1.0)
    ridge(out, 700, 60, 64, "#020202", cell=300)
    fog(out, 600, 720, 65, spec["fog"], 0.25)
    motes(out, 66, 60, spec["fog"], (1.2, 3))
    vignette(out, 0.65)
    return out


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
