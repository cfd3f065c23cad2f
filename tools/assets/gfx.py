# ruff: noqa: N806, RUF005 (image maths: H, W and SS are the conventional names)
"""Image maths for the asset generator: masks, height fields, lighting, compositing.

Images are NumPy float32 arrays in (row, column) order. A layer is an (H, W, 4) array of
*premultiplied* RGBA in 0..1; a mask is an (H, W) array of coverage in 0..1. Signed distance
functions (SDF) are in pixels, negative inside. pygame is used only to rasterise SVG and text
and to save PNGs; everything else is plain NumPy so the output is deterministic.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pygame

pygame.font.init()

F = np.float32
LIGHT = np.array([-0.45, -0.62, 0.64], dtype=F)
LIGHT /= np.linalg.norm(LIGHT)


# ----------------------------------------------------------------------------- basics


def grid(h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """Pixel-centre coordinates (x, y), each (h, w)."""
    y, x = np.mgrid[0:h, 0:w].astype(F)
    return x + 0.5, y + 0.5


def smoothstep(e0: float, e1: float, x: np.ndarray) -> np.ndarray:
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


def cover(sd: np.ndarray, soft: float = 1.0) -> np.ndarray:
    """Anti-aliased coverage of an SDF (soft = edge width in px)."""
    return np.clip(0.5 - sd / soft, 0.0, 1.0).astype(F)


def rgb(c) -> np.ndarray:
    """A colour given as (r, g, b) in 0..255 or a '#rrggbb' string, as floats 0..1."""
    if isinstance(c, str):
        c = tuple(int(c[i : i + 2], 16) for i in (1, 3, 5))
    return np.array(c[:3], dtype=F) / 255.0


def empty(h: int, w: int) -> np.ndarray:
    return np.zeros((h, w, 4), dtype=F)


def solid(mask: np.ndarray, color, alpha: float = 1.0) -> np.ndarray:
    """A flat-coloured layer with the mask's shape."""
    a = (mask * alpha).astype(F)
    c = rgb(color) if not isinstance(color, np.ndarray) else color
    out = np.empty(mask.shape + (4,), dtype=F)
    out[..., :3] = c * a[..., None]
    out[..., 3] = a
    return out


def paint(rgb_img: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """A layer from a straight RGB image (H, W, 3) and a coverage mask."""
    out = np.empty(mask.shape + (4,), dtype=F)
    out[..., :3] = np.clip(rgb_img, 0, 1) * mask[..., None]
    out[..., 3] = mask
    return out


def over(dst: np.ndarray, src: np.ndarray, x: int = 0, y: int = 0) -> np.ndarray:
    """Composite src over dst in place (premultiplied), src placed at (x, y); clips."""
    h, w = src.shape[:2]
    H, W = dst.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x0 >= x1 or y0 >= y1:
        return dst
    s = src[y0 - y : y1 - y, x0 - x : x1 - x]
    d = dst[y0:y1, x0:x1]
    d *= 1.0 - s[..., 3:4]
    d += s
    return dst


def add(dst: np.ndarray, src: np.ndarray, x: int = 0, y: int = 0) -> np.ndarray:
    """Additive (screen-like light) composite of src onto dst, clamped."""
    h, w = src.shape[:2]
    H, W = dst.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x0 >= x1 or y0 >= y1:
        return dst
    s = src[y0 - y : y1 - y, x0 - x : x1 - x]
    d = dst[y0:y1, x0:x1]
    d[..., :3] = np.minimum(d[..., :3] + s[..., :3], 1.0)
    d[..., 3] = np.minimum(d[..., 3] + s[..., 3] * (1 - d[..., 3]), 1.0)
    return dst


def mul_alpha(layer: np.ndarray, m) -> np.ndarray:
    return (layer * (m[..., None] if isinstance(m, np.ndarray) else m)).astype(F)


BLEED_RADIUS = 6  # px of colour carried into the transparent pixels around a shape


def to_surface(layer: np.ndarray, premultiplied: bool = False) -> pygame.Surface:
    """Premultiplied float layer → straight-alpha 32-bit pygame surface.

    Fully transparent pixels take the colour of the shape next to them (an "alpha bleed"), so
    scaling the image without premultiplied alpha, as pygame's smoothscale does when the app
    fits art to a window, does not pull black into the shape's anti-aliased edge.

    `premultiplied`: keep the colour multiplied by the alpha instead (light that is added onto
    the screen, BLEND_ADD, which ignores alpha: the particle)."""
    a = layer[..., 3:4]
    if premultiplied:
        px = np.clip(np.concatenate([layer[..., :3], a], axis=2) * 255.0 + 0.5, 0, 255).astype(np.uint8)
        h, w = px.shape[:2]
        return pygame.image.frombuffer(px.tobytes(), (w, h), "RGBA").copy()
    straight = np.where(a > 1e-6, layer[..., :3] / np.maximum(a, 1e-6), 0.0)
    if float(a.min()) < 1.0 / 512:
        pre_b = blur(layer[..., :3], BLEED_RADIUS)
        a_b = blur(a[..., 0], BLEED_RADIUS)[..., None]
        bleed = np.where(a_b > 1e-5, pre_b / np.maximum(a_b, 1e-5), 0.0)
        straight = np.where(a > 1.0 / 512, straight, bleed)
    px = np.concatenate([straight, a], axis=2)
    px = np.clip(px * 255.0 + 0.5, 0, 255).astype(np.uint8)
    h, w = px.shape[:2]
    return pygame.image.frombuffer(px.tobytes(), (w, h), "RGBA").copy()


def from_surface(surf: pygame.Surface) -> np.ndarray:
    """pygame surface → premultiplied float layer."""
    surf = surf.convert_alpha() if pygame.display.get_init() and pygame.display.get_surface() else surf
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGBA")
    px = np.frombuffer(raw, dtype=np.uint8).reshape(h, w, 4).astype(F) / 255.0
    px[..., :3] *= px[..., 3:4]
    return px


def downsample(layer: np.ndarray, factor: int) -> np.ndarray:
    """Box-filter downsample by an integer factor (exact, deterministic)."""
    if factor == 1:
        return layer
    h, w = layer.shape[:2]
    sh = (h // factor, factor, w // factor, factor) + layer.shape[2:]
    return layer[: h // factor * factor, : w // factor * factor].reshape(sh).mean(axis=(1, 3))


def resize(layer: np.ndarray, w: int, h: int) -> np.ndarray:
    """Smooth resize through pygame (premultiplied data survives since alpha is kept)."""
    if layer.ndim == 2:
        lay = np.stack([layer] * 4, axis=2)
        return resize(lay, w, h)[..., 3]
    surf = _raw_surface(layer)
    out = pygame.transform.smoothscale(surf, (w, h))
    raw = pygame.image.tobytes(out, "RGBA")
    return np.frombuffer(raw, dtype=np.uint8).reshape(h, w, 4).astype(F) / 255.0


def _raw_surface(layer: np.ndarray) -> pygame.Surface:
    px = np.clip(layer * 255.0 + 0.5, 0, 255).astype(np.uint8)
    h, w = px.shape[:2]
    return pygame.image.frombuffer(px.tobytes(), (w, h), "RGBA").copy()


def save(layer: np.ndarray, path: Path, opaque: bool = False, premultiplied: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    surf = to_surface(layer, premultiplied)
    if opaque:
        s2 = pygame.Surface(surf.get_size())
        s2.fill((0, 0, 0))
        s2.blit(surf, (0, 0))
        surf = s2
    pygame.image.save(surf, str(path))


# ----------------------------------------------------------------------------- blur


def _box(a: np.ndarray, r: int, axis: int, edge: bool) -> np.ndarray:
    if r < 1:
        return a
    n = a.shape[axis]
    pad = [(0, 0)] * a.ndim
    pad[axis] = (r + 1, r)
    p = np.pad(a, pad, mode="edge" if edge else "constant")
    c = np.cumsum(p, axis=axis, dtype=np.float64)
    sl_hi = [slice(None)] * a.ndim
    sl_lo = [slice(None)] * a.ndim
    sl_hi[axis] = slice(2 * r + 1, 2 * r + 1 + n)
    sl_lo[axis] = slice(0, n)
    return ((c[tuple(sl_hi)] - c[tuple(sl_lo)]) / (2 * r + 1)).astype(F)


def blur(a: np.ndarray, radius: float, edge: bool = False) -> np.ndarray:
    """Gaussian-like blur (three box passes per axis). radius ≈ 2 sigma. Works on 2-D or 3-D."""
    r = max(round(radius / 2.0), 0)
    if r < 1:
        return a.astype(F)
    out = a.astype(F)
    for _ in range(3):
        out = _box(out, r, 0, edge)
        out = _box(out, r, 1, edge)
    return out


def dilate(mask: np.ndarray, r: float) -> np.ndarray:
    """Soft dilation: blur then threshold upward."""
    b = blur(mask, r * 2)
    return np.clip(b * 2.2, 0, 1).astype(F)


def erode(mask: np.ndarray, r: float) -> np.ndarray:
    b = blur(mask, r * 2)
    return np.clip((b - 0.55) * 2.2, 0, 1).astype(F)


def shift(a: np.ndarray, dx: int, dy: int) -> np.ndarray:
    out = np.zeros_like(a)
    h, w = a.shape[:2]
    ys, yd = (slice(0, h - dy), slice(dy, h)) if dy >= 0 else (slice(-dy, h), slice(0, h + dy))
    xs, xd = (slice(0, w - dx), slice(dx, w)) if dx >= 0 else (slice(-dx, w), slice(0, w + dx))
    out[yd, xd] = a[ys, xs]
    return out


# ----------------------------------------------------------------------------- shapes (SDF)


def sd_round_rect(h: int, w: int, cx, cy, hw, hh, r) -> np.ndarray:
    x, y = grid(h, w)
    qx = np.abs(x - cx) - (hw - r)
    qy = np.abs(y - cy) - (hh - r)
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    inside = np.minimum(np.maximum(qx, qy), 0)
    return (outside + inside - r).astype(F)


def sd_circle(h: int, w: int, cx, cy, r) -> np.ndarray:
    x, y = grid(h, w)
    return (np.hypot(x - cx, y - cy) - r).astype(F)


def sd_ellipse(h: int, w: int, cx, cy, rx, ry) -> np.ndarray:
    """Approximate SDF of an ellipse (good near the edge)."""
    x, y = grid(h, w)
    k = np.hypot((x - cx) / rx, (y - cy) / ry)
    return ((k - 1.0) * min(rx, ry)).astype(F)


def sd_polygon(h: int, w: int, pts) -> np.ndarray:
    """Exact SDF of a simple polygon given as [(x, y), ...]."""
    x, y = grid(h, w)
    pts = np.asarray(pts, dtype=F)
    d = np.full((h, w), np.inf, dtype=F)
    s = np.ones((h, w), dtype=F)
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i]
        bx, by = pts[i - 1]
        ex, ey = bx - ax, by - ay
        wx, wy = x - ax, y - ay
        t = np.clip((wx * ex + wy * ey) / max(ex * ex + ey * ey, 1e-9), 0, 1)
        dx, dy = wx - ex * t, wy - ey * t
        d = np.minimum(d, dx * dx + dy * dy)
        c1 = y >= ay
        c2 = y < by
        c3 = ex * wy > ey * wx
        flip = (c1 & c2 & c3) | (~c1 & ~c2 & ~c3)
        s = np.where(flip, -s, s)
    return (s * np.sqrt(d)).astype(F)


def sd_segment(h: int, w: int, ax, ay, bx, by, r) -> np.ndarray:
    x, y = grid(h, w)
    ex, ey = bx - ax, by - ay
    wx, wy = x - ax, y - ay
    t = np.clip((wx * ex + wy * ey) / max(ex * ex + ey * ey, 1e-9), 0, 1)
    return (np.hypot(wx - ex * t, wy - ey * t) - r).astype(F)


def regular_polygon(cx, cy, r, n, rot=0.0):
    a = rot + np.arange(n) * 2 * np.pi / n
    return [(cx + r * np.cos(t), cy + r * np.sin(t)) for t in a]


# ----------------------------------------------------------------------------- gradients / noise


def ramp(t: np.ndarray, stops) -> np.ndarray:
    """Map t (any shape) through colour stops [(pos, colour), ...] → (..., 3)."""
    pos = np.array([p for p, _ in stops], dtype=F)
    cols = np.array([rgb(c) for _, c in stops], dtype=F)
    t = np.clip(t, 0, 1)
    return np.stack([np.interp(t, pos, cols[:, i]).astype(F) for i in range(3)], axis=-1)


def linear_t(h: int, w: int, angle_deg: float = 90.0, x0=None, y0=None, length=None):
    """Gradient parameter along a direction (90 = top to bottom)."""
    x, y = grid(h, w)
    a = np.deg2rad(angle_deg)
    dx, dy = np.cos(a), np.sin(a)
    if length is None:
        length = abs(dx) * w + abs(dy) * h
    cx = w / 2 if x0 is None else x0
    cy = h / 2 if y0 is None else y0
    return (((x - cx) * dx + (y - cy) * dy) / length + 0.5).astype(F)


def radial_t(h: int, w: int, cx, cy, r) -> np.ndarray:
    x, y = grid(h, w)
    return (np.hypot(x - cx, y - cy) / r).astype(F)


def value_noise(h: int, w: int, cell: float, seed: int, octaves: int = 4) -> np.ndarray:
    """Fractal value noise in 0..1 (seeded)."""
    rng = np.random.default_rng(seed)
    out = np.zeros((h, w), dtype=F)
    amp, total = 1.0, 0.0
    for _ in range(octaves):
        gh, gw = int(h / cell) + 3, int(w / cell) + 3
        g = rng.random((gh, gw)).astype(F)
        ys = (np.arange(h, dtype=F) + 0.5) / cell
        xs = (np.arange(w, dtype=F) + 0.5) / cell
        y0 = np.floor(ys).astype(int)
        x0 = np.floor(xs).astype(int)
        fy = smoothstep(0, 1, ys - y0)[:, None]
        fx = smoothstep(0, 1, xs - x0)[None, :]
        a = g[y0][:, x0]
        b = g[y0][:, x0 + 1]
        c = g[y0 + 1][:, x0]
        d = g[y0 + 1][:, x0 + 1]
        out += amp * ((a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy)
        total += amp
        amp *= 0.5
        cell = max(cell / 2.0, 1.0)
    return (out / total).astype(F)


# ----------------------------------------------------------------------------- lighting


def normals(hf: np.ndarray, strength: float):
    gy, gx = np.gradient(hf.astype(F))
    nx, ny = -gx * strength, -gy * strength
    inv = 1.0 / np.sqrt(nx * nx + ny * ny + 1.0)
    return nx * inv, ny * inv, inv


def shade(hf: np.ndarray, strength: float = 6.0, light=LIGHT, shininess: float = 24.0):
    """(diffuse, specular) from a height field; flat areas give diffuse = light.z."""
    nx, ny, nz = normals(hf, strength)
    diff = np.clip(nx * light[0] + ny * light[1] + nz * light[2], 0, 1)
    hv = light + np.array([0, 0, 1], dtype=F)
    hv /= np.linalg.norm(hv)
    spec = np.clip(nx * hv[0] + ny * hv[1] + nz * hv[2], 0, 1) ** shininess
    return diff.astype(F), spec.astype(F)


GOLD = [
    (0.0, (52, 26, 6)),
    (0.30, (128, 76, 18)),
    (0.55, (206, 146, 44)),
    (0.72, (246, 200, 92)),
    (0.86, (255, 234, 160)),
    (1.0, (255, 252, 232)),
]
SILVER = [
    (0.0, (30, 32, 38)),
    (0.35, (95, 100, 112)),
    (0.6, (170, 176, 188)),
    (0.8, (225, 230, 238)),
    (1.0, (255, 255, 255)),
]
BRONZE = [
    (0.0, (40, 18, 8)),
    (0.35, (112, 58, 26)),
    (0.6, (182, 108, 52)),
    (0.8, (232, 170, 104)),
    (1.0, (255, 232, 196)),
]


def metal(hf: np.ndarray, stops=GOLD, strength: float = 8.0, spec_k: float = 0.6, gloss=30.0):
    """Shiny metal RGB from a height field: the light term is looked up in a colour ramp."""
    diff, spec = shade(hf, strength, shininess=gloss)
    t = 0.12 + 0.9 * diff + spec_k * spec
    return ramp(t, stops)


def lit(
    albedo: np.ndarray,
    hf: np.ndarray,
    strength: float = 6.0,
    ambient: float = 0.42,
    spec_k: float = 0.25,
    gloss: float = 20.0,
    spec_color=(255, 255, 255),
) -> np.ndarray:
    """Diffuse + specular lighting of a coloured surface; flat areas keep ≈ the albedo."""
    diff, spec = shade(hf, strength, shininess=gloss)
    k = ambient + (1 - ambient) * diff / LIGHT[2]
    out = albedo * k[..., None] + spec_k * spec[..., None] * rgb(spec_color)
    return np.clip(out, 0, 1).astype(F)


def bevel_height(sd: np.ndarray, width: float, profile: str = "round") -> np.ndarray:
    """Height rising from 0 at the edge to 1 at `width` px inside."""
    t = np.clip(-sd / width, 0, 1)
    if profile == "round":
        return np.sqrt(1 - (1 - t) ** 2).astype(F)
    if profile == "linear":
        return t.astype(F)
    return smoothstep(0, 1, t)


def tube_height(sd: np.ndarray, inner: float, outer: float) -> np.ndarray:
    """A rounded ridge (e.g. a rim) between two SDF levels."""
    mid = (inner + outer) / 2
    half = (outer - inner) / 2
    t = np.clip(1 - ((sd - mid) / half) ** 2, 0, 1)
    return np.sqrt(t).astype(F)


# ----------------------------------------------------------------------------- effects


def glow(mask: np.ndarray, color, radius: float, strength: float = 1.0) -> np.ndarray:
    g = np.clip(blur(mask, radius) * strength, 0, 1)
    return solid(g, color)


def shadow(mask: np.ndarray, dx: int, dy: int, radius: float, opacity: float = 0.6) -> np.ndarray:
    s = blur(shift(mask, dx, dy), radius) * opacity
    return solid(np.clip(s, 0, 1), (0, 0, 0))


def sparkle(h: int, w: int, cx, cy, r, color=(255, 255, 255), rays: int = 4) -> np.ndarray:
    """A star-shaped lens sparkle (additive)."""
    x, y = grid(h, w)
    dx, dy = x - cx, y - cy
    d = np.hypot(dx, dy) + 1e-3
    ang = np.arctan2(dy, dx)
    star = np.abs(np.cos(ang * rays / 2)) ** 40
    core = np.exp(-((d / (r * 0.18)) ** 2))
    ray = star * np.exp(-d / (r * 0.35)) * (d < r)
    m = np.clip(core + ray, 0, 1).astype(F)
    return solid(m, color)


# ----------------------------------------------------------------------------- text and svg


class Fonts:
    """Font paths, filled in by the generator once fonts are in place."""

    display: Path | None = None
    display_regular: Path | None = None
    text: Path | None = None
    text_bold: Path | None = None


_font_cache: dict[tuple[str, int], pygame.font.Font] = {}


def font(path: Path | None, size: int) -> pygame.font.Font:
    if path is None:
        raise RuntimeError("the fonts are not in place yet (make_assets fills in gfx.Fonts)")
    key = (str(path), size)
    if key not in _font_cache:
        _font_cache[key] = pygame.font.Font(str(path), size)
    return _font_cache[key]


def text_mask(text: str, path: Path, size: int, tracking: int = 0) -> np.ndarray:
    """Coverage mask of a line of text, tightly cropped horizontally, full line height."""
    f = font(path, size)
    if tracking == 0:
        s = f.render(text, True, (255, 255, 255))
        m = pygame.surfarray.array_alpha(s).T.astype(F) / 255.0
    else:
        glyphs = [pygame.surfarray.array_alpha(f.render(ch, True, (255, 255, 255))).T for ch in text]
        wsum = sum(g.shape[1] for g in glyphs) + tracking * (len(glyphs) - 1)
        m = np.zeros((f.get_height(), max(wsum, 1)), dtype=F)
        x = 0
        for g in glyphs:
            m[: g.shape[0], x : x + g.shape[1]] = np.maximum(
                m[: g.shape[0], x : x + g.shape[1]], g.astype(F) / 255.0
            )
            x += g.shape[1] + tracking
    cols = np.where(m.max(axis=0) > 0.01)[0]
    rows = np.where(m.max(axis=1) > 0.01)[0]
    if len(cols) == 0:
        return m
    return m[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]


def fit_mask(m: np.ndarray, max_w: float, max_h: float) -> np.ndarray:
    h, w = m.shape
    k = min(max_w / w, max_h / h)
    nw, nh = max(round(w * k), 1), max(round(h * k), 1)
    return resize(m, nw, nh)


def place(mask: np.ndarray, h: int, w: int, cx: float, cy: float) -> np.ndarray:
    """Put a small mask into an (h, w) canvas centred at (cx, cy)."""
    out = np.zeros((h, w), dtype=F)
    mh, mw = mask.shape
    x = round(cx - mw / 2)
    y = round(cy - mh / 2)
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + mw, w), min(y + mh, h)
    if x0 < x1 and y0 < y1:
        out[y0:y1, x0:x1] = mask[y0 - y : y1 - y, x0 - x : x1 - x]
    return out


def svg_mask(path: Path, w: int, h: int | None = None) -> np.ndarray:
    """Rasterise an SVG at (w, h) and return its alpha as a mask."""
    h = w if h is None else h
    surf = pygame.image.load_sized_svg(str(path), (w, h))
    m = pygame.surfarray.array_alpha(surf).T.astype(F) / 255.0
    return m


def svg_layer(path: Path, w: int, h: int | None = None) -> np.ndarray:
    h = w if h is None else h
    surf = pygame.image.load_sized_svg(str(path), (w, h))
    raw = pygame.image.tobytes(surf, "RGBA")
    sw, sh = surf.get_size()
    px = np.frombuffer(raw, dtype=np.uint8).reshape(sh, sw, 4).astype(F) / 255.0
    px[..., :3] *= px[..., 3:4]
    return px


def crop_to_content(m: np.ndarray, pad: int = 0) -> np.ndarray:
    rows = np.where(m.max(axis=1) > 0.02)[0]
    cols = np.where(m.max(axis=0) > 0.02)[0]
    if len(rows) == 0:
        return m
    r0, r1 = max(rows[0] - pad, 0), min(rows[-1] + 1 + pad, m.shape[0])
    c0, c1 = max(cols[0] - pad, 0), min(cols[-1] + 1 + pad, m.shape[1])
    return m[r0:r1, c0:c1]
