# ruff: noqa: N806, RUF005 (image maths: H, W and SS are the conventional names)
"""Reusable art pieces built on gfx: plates, rims, embossed icons and text, gems, frames.

Every file under `assets/images` is saved at DENSITY output pixels per logical pixel (the unit
the app lays out its 1280×720 screen in), so it stays crisp in a 1920×1080 window. A piece is
drawn at SS = DENSITY × SUPER internal pixels per logical pixel and box-filtered down by SUPER at
the end (`finish`), which gives clean anti-aliased edges. Sizes passed to these helpers are in
*logical* pixels unless a name ends in `_ss` (internal pixels).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tools.assets import gfx
from tools.assets.gfx import F
from tools.assets.sources import icon_path

DENSITY = 1.5  # output px per logical px, for every file under assets/images
SUPER = 2  # supersampling: drawn SUPER× larger than the output, then box-filtered
SS = 3  # internal px per logical px (DENSITY × SUPER)


def canvas(w: int, h: int) -> np.ndarray:
    return gfx.empty(h * SS, w * SS)


def finish(layer: np.ndarray) -> np.ndarray:
    """Internal (SS) scale → output (DENSITY) scale."""
    return gfx.downsample(layer, SUPER).astype(F)


def icon(name: str, size_ss: int) -> np.ndarray:
    """A game-icons mask, tightly cropped, fitting size_ss × size_ss."""
    m = gfx.svg_mask(icon_path(name), size_ss * 2)
    m = gfx.crop_to_content(m)
    return gfx.fit_mask(m, size_ss, size_ss)


def icon_fit(name: str, w_ss: int, h_ss: int) -> np.ndarray:
    m = gfx.svg_mask(icon_path(name), max(w_ss, h_ss) * 2)
    m = gfx.crop_to_content(m)
    return gfx.fit_mask(m, w_ss, h_ss)


def svg_fit(path: Path, w_ss: int, h_ss: int) -> np.ndarray:
    m = gfx.svg_mask(path, max(w_ss, h_ss) * 2)
    m = gfx.crop_to_content(m)
    return gfx.fit_mask(m, w_ss, h_ss)


def _text_fit(s: str, path, w_ss: int, h_ss: int, size: int, tracking: int = 0) -> np.ndarray:
    """Text rasterised large enough that fitting it to (w_ss, h_ss) only ever shrinks it."""
    m = gfx.text_mask(s, path, size, tracking=tracking)
    k = min(w_ss / m.shape[1], h_ss / m.shape[0])
    if k > 0.9:  # re-render bigger rather than enlarge a mask (soft edges)
        m = gfx.text_mask(s, path, int(size * k * 1.25) + 1, tracking=int(tracking * k * 1.25))
    return gfx.fit_mask(m, w_ss, h_ss)


def text(s: str, w_ss: int, h_ss: int, bold: bool = True, tracking: int = 0) -> np.ndarray:
    path = gfx.Fonts.display if bold else gfx.Fonts.display_regular
    return _text_fit(s, path, w_ss, h_ss, 200, tracking)


def sans(s: str, w_ss: int, h_ss: int, bold: bool = True) -> np.ndarray:
    path = gfx.Fonts.text_bold if bold else gfx.Fonts.text
    return _text_fit(s, path, w_ss, h_ss, 160)


# ----------------------------------------------------------------------------- materials


def stone_albedo(
    h: int, w: int, seed: int, base=(128, 130, 134), var: float = 0.35, tint=None, unit: float = SS
) -> np.ndarray:
    """Grey stone: fractal noise, speckles and faint veins (`unit` = array px per logical px)."""
    n = gfx.value_noise(h, w, 24 * unit, seed, 5)
    fine = gfx.value_noise(h, w, max(1.5 * unit, 2.0), seed + 1, 2)
    veins = np.abs(gfx.value_noise(h, w, 35 * unit, seed + 2, 3) - 0.5)
    k = 1 + var * (n - 0.5) + 0.18 * (fine - 0.5) - 0.25 * np.exp(-veins * 60)
    col = gfx.rgb(base)[None, None, :] * k[..., None]
    if tint is not None:
        spots = gfx.smoothstep(0.62, 0.8, gfx.value_noise(h, w, 15 * unit, seed + 3, 4))
        col = col * (1 - 0.5 * spots[..., None]) + gfx.rgb(tint) * 0.5 * spots[..., None]
    return np.clip(col, 0, 1).astype(F)


def stone_height(h: int, w: int, seed: int, amount: float = 0.25, unit: float = SS) -> np.ndarray:
    return (gfx.value_noise(h, w, 10 * unit, seed + 7, 4) * amount).astype(F)


def gem(h: int, w: int, cx, cy, r, color, sides: int = 8, rot: float = 0.0) -> np.ndarray:
    """A faceted cut gem (table + crown facets) with specular sparkle, as a layer."""
    pts = gfx.regular_polygon(cx, cy, r, sides, rot)
    sd = gfx.sd_polygon(h, w, pts)
    m = gfx.cover(sd, 1.0)
    x, y = gfx.grid(h, w)
    ang = np.arctan2(y - cy, x - cx) - rot
    facet = np.floor((ang % (2 * np.pi)) / (2 * np.pi / sides))
    table = gfx.cover(gfx.sd_polygon(h, w, gfx.regular_polygon(cx, cy, r * 0.55, sides, rot)))
    base = gfx.rgb(color)
    # facet brightness depends on its orientation to the light
    fa = rot + (facet + 0.5) * 2 * np.pi / sides
    facing = -(np.cos(fa) * gfx.LIGHT[0] + np.sin(fa) * gfx.LIGHT[1])
    k_crown = 0.55 + 0.6 * facing
    rr = np.hypot(x - cx, y - cy) / r
    k_table = 0.9 + 0.5 * (1 - rr) - 0.3 * ((x - cx + y - cy) / (2 * r))
    k = np.where(table > 0.5, k_table, k_crown)
    col = base[None, None, :] * k[..., None]
    col = col + 0.5 * gfx.smoothstep(0.8, 1.25, k)[..., None] * np.array([1, 1, 1], dtype=F)
    # inner glow (light entering the stone)
    inner = np.exp(-(((x - cx + r * 0.2) ** 2 + (y - cy + r * 0.25) ** 2) / (r * r * 0.12)))
    col = col + 0.45 * inner[..., None]
    out = gfx.paint(np.clip(col, 0, 1), m)
    edge = gfx.tube_height(sd, -2.5 * SS, 0) * m
    out[..., :3] = np.clip(out[..., :3] + 0.35 * edge[..., None] * m[..., None], 0, 1)
    gfx.add(out, gfx.sparkle(h, w, cx - r * 0.35, cy - r * 0.4, r * 0.9, rays=4) * 0.9)
    return out


def rim_ring(sd: np.ndarray, width: float, stops=gfx.GOLD, strength: float = 7.0):
    """A metal rim lying along the outside of an SDF contour: returns (layer, inner sd)."""
    hgt = gfx.tube_height(sd, -width, 0)
    m = gfx.cover(sd) * gfx.cover(-(sd + width))
    col = gfx.metal(hgt * width * 0.5, stops, strength=strength / width * 2)
    return gfx.paint(col, m), sd + width


def emboss(
    mask: np.ndarray,
    fill: np.ndarray | tuple | str,
    *,
    bevel: float = 5.0,
    strength: float = 3.0,
    ambient: float = 0.5,
    spec: float = 0.5,
    gloss: float = 24.0,
) -> np.ndarray:
    """Raised, lit shape from a mask: fill is an RGB image or a colour."""
    hf = gfx.blur(mask, bevel) * mask
    if not isinstance(fill, np.ndarray):
        fill = np.broadcast_to(gfx.rgb(fill), mask.shape + (3,))
    col = gfx.lit(fill, hf * bevel, strength=strength / bevel * 2, ambient=ambient, spec_k=spec, gloss=gloss)
    return gfx.paint(col, mask)


def emboss_metal(mask: np.ndarray, stops=gfx.GOLD, bevel: float = 5.0, strength: float = 3.0) -> np.ndarray:
    hf = gfx.blur(mask, bevel) * mask
    col = gfx.metal(hf * bevel, stops, strength=strength / bevel * 2)
    return gfx.paint(col, mask)


def vgrad_in(mask: np.ndarray, stops) -> np.ndarray:
    """A top-to-bottom colour ramp over the mask's bounding box."""
    rows = np.where(mask.max(axis=1) > 0.02)[0]
    h, w = mask.shape
    if len(rows) == 0:
        return np.zeros((h, w, 3), F)
    y = np.arange(h, dtype=F)[:, None] * np.ones((1, w), F)
    t = (y - rows[0]) / max(rows[-1] - rows[0], 1)
    return gfx.ramp(t, stops)


def outlined(dst: np.ndarray, mask: np.ndarray, width: float, color=(10, 6, 4), alpha: float = 0.9) -> None:
    """Draw a dark outline under the mask (call before drawing the mask's own layer)."""
    gfx.over(dst, gfx.solid(gfx.dilate(mask, width), color, alpha))


def drop(dst: np.ndarray, mask: np.ndarray, dy: float = 4, r: float = 8, a: float = 0.65) -> None:
    gfx.over(dst, gfx.shadow(mask, 0, int(dy * SS), r * SS, a))


def halo(
    dst: np.ndarray, mask: np.ndarray, color, r: float, strength: float = 1.5, additive: bool = False
) -> None:
    g = gfx.glow(mask, color, r * SS, strength)
    if additive:
        gfx.add(dst, g)
    else:
        gfx.over(dst, g)


def rays(
    h: int, w: int, cx, cy, n: int, color, seed: int = 0, width: float = 0.12, falloff: float = 1.0
) -> np.ndarray:
    """Soft light rays from a centre (for glows behind specials)."""
    x, y = gfx.grid(h, w)
    ang = np.arctan2(y - cy, x - cx)
    d = np.hypot(x - cx, y - cy) / (max(h, w) * 0.5)
    rng = np.random.default_rng(seed)
    ph = rng.random() * 6.28
    r = np.clip(np.cos(ang * n + ph) - (1 - width * 4), 0, None) / (width * 4)
    m = r * np.exp(-d * 2.2 / falloff) * (d > 0.05)
    return gfx.solid(np.clip(m, 0, 1).astype(F), color)


def round_plate(
    w: int,
    h: int,
    *,
    radius: float,
    inset: float,
    face_stops,
    rim_stops=gfx.GOLD,
    rim_w: float = 6.0,
    face_angle: float = 100.0,
    seed: int = 0,
    texture: float = 0.08,
    shadow: bool = True,
    dome: float = 0.0,
):
    """A rounded-rectangle plate with a metal rim, shaded face and drop shadow.

    Returns (layer, face_mask, face_sd) at SS scale.
    """
    H, W = h * SS, w * SS
    sd = gfx.sd_round_rect(H, W, W / 2, H / 2, W / 2 - inset * SS, H / 2 - inset * SS, radius * SS)
    out = gfx.empty(H, W)
    if shadow:
        drop(out, gfx.cover(sd), dy=3, r=6, a=0.75)
    rim, face_sd = rim_ring(sd, rim_w * SS, rim_stops)
    face_m = gfx.cover(face_sd)
    t = gfx.linear_t(H, W, face_angle)
    col = gfx.ramp(t, face_stops)
    if texture:
        n = gfx.value_noise(H, W, 12 * SS, seed, 4)
        col = col * (1 + texture * (n - 0.5) * 2)[..., None]
    # inner shadow cast by the rim, and a soft vignette toward the edge
    inner = gfx.blur(1 - face_m, 14 * SS) * face_m
    col = col * (1 - 0.75 * inner)[..., None]
    hf = gfx.bevel_height(face_sd, 10 * SS) * (2 + dome)
    col = gfx.lit(col, hf, strength=1.2, ambient=0.7, spec_k=0.08)
    gfx.over(out, gfx.paint(col, face_m))
    gfx.over(out, rim)
    # a thin bright edge just inside the rim (rim light)
    edge = gfx.cover(face_sd + 1.2 * SS) * gfx.cover(-(face_sd + 2.6 * SS))
    gfx.add(out, gfx.solid(edge * 0.25, (255, 240, 200)))
    return out, face_m, face_sd


def gloss(dst: np.ndarray, face_m: np.ndarray, strength: float = 0.22) -> None:
    """A soft glassy highlight over the upper part of a face."""
    H, W = face_m.shape
    _x, y = gfx.grid(H, W)
    ell = gfx.cover(gfx.sd_ellipse(H, W, W * 0.5, H * -0.05, W * 0.62, H * 0.45), 10 * SS)
    m = ell * face_m * gfx.smoothstep(H * 0.45, 0, y) * strength
    gfx.add(dst, gfx.solid(m.astype(F), (255, 255, 255)))


# ----------------------------------------------------------------------------- rendered figures

RENDERED = Path(__file__).resolve().parent / "sources" / "rendered"


def rendered(key: str, w: int, h: int) -> np.ndarray:
    """A committed Blender render (`render/jobs.py`, key `<game>/<name>`) of a w×h logical canvas,
    as a premultiplied layer at SS scale: it lies exactly where the figure's mask was."""
    import pygame

    path = RENDERED / f"{key}.png"
    if not path.exists():
        raise FileNotFoundError(f"missing render {path} (make render re-creates it)")
    layer = gfx.from_surface(pygame.image.load(str(path)))
    return gfx.resize(layer, w * SS, h * SS).astype(F)


def place_rendered(
    dst: np.ndarray, key: str, glow_col=None, glow_r: float = 12, outline: float = 1.2
) -> np.ndarray:
    """Lay a rendered figure on dst with its halo, drop shadow and a thin dark outline; returns
    its coverage mask (SS scale)."""
    h, w = dst.shape[0] // SS, dst.shape[1] // SS
    fig = rendered(key, w, h)
    m = fig[..., 3]
    if glow_col is not None:
        halo(dst, m, glow_col, glow_r, 1.4, additive=True)
    drop(dst, m, dy=4, r=5, a=0.85)
    if outline:
        outlined(dst, m, outline * SS, (10, 6, 3), 0.8)
    gfx.over(dst, fig)
    return m


def spin_face(out: np.ndarray, face_m: np.ndarray, cx: float, cy: float, state: str) -> np.ndarray:
    """A spin button finished: the round arrow embossed on its face (a step lower when pressed,
    greyed when disabled), the face's gloss, and the layer finished (`finish`)."""
    h, w = out.shape[:2]
    arrow = gfx.place(
        icon("clockwise-rotation", 70 * SS), h, w, cx, cy + (2 if state == "pressed" else 0) * SS
    )
    drop(out, arrow, dy=2, r=3, a=0.6)
    ac = (200, 200, 200) if state == "disabled" else (255, 255, 255)
    gfx.over(out, emboss(arrow, ac, bevel=3 * SS, spec=0.3))
    if state != "pressed":
        gloss(out, face_m, 0.3)
    return finish(out)
