# ruff: noqa: N803, N806 (image maths: H, W and SS are the conventional names)
"""A game's dress, in pixels: its HUD band, its panel (boxes, selectors, viewers), its feature
plate and its buttons (AUTO, MAX BET and the others' plate, the round SPIN button; each in four
states), from the material its art module names (`art_<game>.dress_material`).

Each piece is a function of a `Material` (face colours, a grain, the rim's metal, an accent for
light lines), so the three games' dresses are one drawing in three materials. Sizes follow the
app's contract (docs/assets.md): the band is 1280×160 logical, the panel a 96×96 9-slice with
24 px corners, the plate a 192×128 9-slice with 40 px corners, the button a 96×48 9-slice with
16 px corners and the spin button 128×128, as the house's `ui/button_*` and `ui/spin_*`;
everything at kit.DENSITY. The buttons' faces stay dark enough in every state for the app's
cream label (and its grey one on a disabled button) at 4.5:1 or more.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from tools.assets import gfx, kit
from tools.assets.gfx import F
from tools.assets.kit import SS

D = kit.DENSITY
PANEL = 96
PLATE = (192, 128)
PLATE_CORNER = 40
BUTTON = (96, 48)
SPIN = 128
STATES = ("normal", "hover", "pressed", "disabled")


@dataclass(frozen=True)
class Material:
    """What a game's chrome is made of."""

    face: list  # colour stops, top to bottom (a ramp for gfx.ramp)
    rim: list  # the rim's metal stops
    accent: tuple[int, int, int]  # light lines and glows
    grain: float = 0.18  # how much the face's noise shows
    grain_cell: float = 10.0  # the noise's cell, logical px
    seed: int = 1
    rivets: bool = False  # iron: rivets along the rim
    pattern: str = "none"  # "none" | "veins" (stone) | "bricks" (sandstone) | "plates" (iron)
    embers: bool = False  # a glow of embers along the band's foot and a few sparks rising
    jewel: list | None = None  # the SPIN button's face, dark to light (default: from the accent)


def _face(H: int, W: int, m: Material, scale: float) -> np.ndarray:
    """The material's face colour over an H×W area (`scale` px per logical px)."""
    col = gfx.ramp(gfx.linear_t(H, W, 90), m.face)
    n = gfx.value_noise(H, W, m.grain_cell * scale, m.seed, 4)
    col = col * (1 + m.grain * (n - 0.5) * 2)[..., None]
    x, y = gfx.grid(H, W)
    x, y = x / scale, y / scale
    if m.pattern == "veins":  # slate: faint diagonal veins
        v = gfx.value_noise(H, W, 40 * scale, m.seed + 7, 3)
        vein = np.exp(-(((v - 0.5) / 0.012) ** 2))
        col = col * (1 - 0.25 * vein)[..., None]
    elif m.pattern == "bricks":  # sandstone: courses of blocks
        row = (y // 40).astype(int)
        bx = (x + (row % 2) * 60) % 120
        by = y % 40
        joint = np.minimum(np.minimum(bx, 120 - bx), np.minimum(by, 40 - by))
        col = col * (0.72 + 0.28 * gfx.smoothstep(0.5, 3.0, joint))[..., None]
    elif m.pattern == "plates":  # iron: hammered plates
        px = x % 160
        seam = np.minimum(px, 160 - px)
        col = col * (0.7 + 0.3 * gfx.smoothstep(0.5, 2.5, seam))[..., None]
    return np.clip(col, 0, 255).astype(F)


def hud_bar(m: Material) -> np.ndarray:
    """The band under the reels, 1280×160 logical, drawn at the output density."""
    w, h = round(1280 * D), round(160 * D)
    out = gfx.empty(h, w)
    out[..., :3] = _face(h, w, m, D)
    out[..., 3] = 1
    x, y = gfx.grid(h, w)
    x, y = x / D, y / D
    # darker towards the bottom, so the boxes stand out
    out[..., :3] *= (1 - 0.45 * gfx.smoothstep(40, 160, y))[..., None]
    # a metal moulding along the top edge, lit
    top = gfx.smoothstep(0, 1, 9 - y) * gfx.smoothstep(0, 1, y + 1)
    band_h = np.clip(1 - np.abs(y - 4.5) / 4.5, 0, 1)
    metal = gfx.metal(band_h * 4, m.rim, strength=2.0)
    gfx.over(out, gfx.paint(metal, np.clip(top, 0, 1).astype(F)))
    # the accent: a glow under the moulding, brightest at the centre
    line = np.exp(-(((y - 11) / 2.2) ** 2)) * (0.35 + 0.65 * np.exp(-(((x - 640) / 380) ** 2)))
    gfx.add(out, gfx.solid(np.clip(line * 0.8, 0, 1).astype(F), m.accent))
    shade = np.exp(-(((y - 16) / 6) ** 2)) * 0.35
    gfx.over(out, gfx.solid(shade.astype(F), (0, 0, 0)))
    if m.embers:
        heat = gfx.value_noise(h, w, 60 * D, m.seed + 3, 3)
        foot = gfx.smoothstep(100, 160, y) * np.clip(heat * 1.6 - 0.5, 0, 1)
        gfx.add(out, gfx.solid((foot * 0.28).astype(F), m.accent))
        rng = np.random.default_rng(m.seed)
        for _ in range(90):
            sx, sy = rng.uniform(0, 1280), rng.uniform(70, 158)
            r = rng.uniform(0.5, 1.3)
            spark = np.exp(-((x - sx) ** 2 + (y - sy) ** 2) / (2 * r * r))
            gfx.add(out, gfx.solid((spark * rng.uniform(0.25, 0.6)).astype(F), (255, 170, 70)))
    if m.rivets:
        for cx in range(40, 1280, 80):
            dist = np.hypot(x - cx, y - 4.5)
            dot = gfx.smoothstep(2.6, 1.6, dist)
            hl = gfx.smoothstep(1.4, 0.0, np.hypot(x - cx + 0.7, y - 3.8))
            gfx.over(out, gfx.solid(dot.astype(F), (40, 34, 30)))
            gfx.add(out, gfx.solid((hl * 0.6).astype(F), m.accent))
    return out.astype(F)


def panel(m: Material) -> np.ndarray:
    """The 9-slice box (96×96, 24 px corners): the material's face, a metal rim, see-through a
    little in the middle (the band's and viewers' boxes)."""
    W = H = PANEL * SS
    out = gfx.empty(H, W)
    sd = gfx.sd_round_rect(H, W, W / 2, H / 2, W / 2 - 2 * SS, H / 2 - 2 * SS, 14 * SS)
    rim, face_sd = kit.rim_ring(sd, 3 * SS, m.rim)
    face_m = gfx.cover(face_sd)
    # darker and calmer than the plate: small titles sit on it (the selectors' at its top edge)
    col = _face(H, W, replace(m, grain=m.grain * 0.5), SS) * 0.5
    inner = gfx.blur(1 - face_m, 8 * SS) * face_m
    col = col * (1 - 0.6 * inner)[..., None]
    gfx.over(out, gfx.paint(col.astype(F), face_m * 0.92))
    edge = gfx.cover(np.abs(face_sd + 5 * SS) - 0.5 * SS)
    gfx.over(out, gfx.solid(edge, m.accent, 0.22))
    gfx.over(out, rim)
    return kit.finish(out)


def plate(m: Material) -> np.ndarray:
    """The feature plate (192×128 9-slice, 40 px corners): the material's face, opaque, bevelled,
    a heavy metal rim with cut corners and the accent's light line inside."""
    w, h = PLATE
    W, H = w * SS, h * SS
    out = gfx.empty(H, W)
    c = 14 * SS  # the cut corners
    i = 3 * SS
    pts = [
        (i + c, i),
        (W - i - c, i),
        (W - i, i + c),
        (W - i, H - i - c),
        (W - i - c, H - i),
        (i + c, H - i),
        (i, H - i - c),
        (i, i + c),
    ]
    sd = gfx.sd_polygon(H, W, pts)
    kit.drop(out, gfx.cover(sd), dy=2, r=3, a=0.6)
    rim, face_sd = kit.rim_ring(sd, 6 * SS, m.rim)
    face_m = gfx.cover(face_sd)
    col = _face(H, W, m, SS)
    inner = gfx.blur(1 - face_m, 12 * SS) * face_m
    col = col * (1 - 0.7 * inner)[..., None]
    hf = gfx.bevel_height(face_sd, 8 * SS) * 2
    col = gfx.lit(col, hf, strength=1.0, ambient=0.75, spec_k=0.06)
    gfx.over(out, gfx.paint(col, face_m))
    gfx.over(out, rim)
    line = gfx.cover(np.abs(face_sd + 9 * SS) - 0.7 * SS)
    gfx.over(out, gfx.solid(line, m.accent, 0.7))
    for cx, cy in ((22, 22), (w - 22, 22), (22, h - 22), (w - 22, h - 22)):  # corner studs
        gem = gfx.sd_circle(H, W, cx * SS, cy * SS, 4 * SS)
        gfx.over(out, kit.emboss_metal(gfx.cover(gem), m.rim, bevel=2 * SS))
    return kit.finish(out)


def _grey(stops: list) -> list:
    """`stops` (a ramp) without colour, a little darker: a disabled button's metal."""
    out = []
    for t, c in stops:
        r, g, b = gfx.rgb(c)
        v = int(255 * 0.85 * (0.3 * r + 0.59 * g + 0.11 * b))
        out.append((t, (v, v, v)))
    return out


def button(m: Material, state: str) -> np.ndarray:
    """The button plate (96×48 9-slice, 16 px corners) in `state`: the material's face under its
    rim; hover lifts the face and lights its edge in the accent, pressed sinks it (lit from
    below), disabled is the same shape in grey."""
    w, h = BUTTON
    W, H = w * SS, h * SS
    out = gfx.empty(H, W)
    sd = gfx.sd_round_rect(H, W, W / 2, H / 2, W / 2 - 2 * SS, H / 2 - 2 * SS, 13 * SS)
    rim_stops = _grey(m.rim) if state == "disabled" else m.rim
    rim, face_sd = kit.rim_ring(sd, 3 * SS, rim_stops)
    face_m = gfx.cover(face_sd)
    col = _face(H, W, replace(m, grain=m.grain * 0.6, pattern="none"), SS).astype(np.float64)
    if state == "pressed":
        col = col[::-1] * 0.62
    elif state == "hover":
        col = col * 1.22
    elif state == "disabled":
        lum = col @ np.array([0.3, 0.59, 0.11])
        col = np.repeat((lum * 0.62)[..., None], 3, axis=2)
    else:
        col = col * 0.9
    # darker where the label sits, so it reads on every material
    _x, y = gfx.grid(H, W)
    mid = np.exp(-(((y - H / 2) / (H * 0.32)) ** 2))
    col = col * (1 - 0.25 * mid)[..., None]
    inner = gfx.blur(1 - face_m, 8 * SS) * face_m
    col = col * (1 - 0.6 * inner)[..., None]
    hf = gfx.bevel_height(face_sd, 6 * SS) * (-1.5 if state == "pressed" else 2.0)
    col = gfx.lit(np.clip(col, 0, 1).astype(F), hf, strength=1.0, ambient=0.78, spec_k=0.05)
    gfx.over(out, gfx.paint(col, face_m))
    if state != "disabled":  # the accent's light line inside the rim
        line = gfx.cover(np.abs(face_sd + 3.5 * SS) - 0.5 * SS)
        gfx.over(out, gfx.solid(line, m.accent, 0.55 if state == "hover" else 0.3))
    gfx.over(out, rim)
    if state in ("normal", "hover"):
        kit.gloss(out, face_m, 0.16 if state == "hover" else 0.1)
    if state == "hover":
        edge = gfx.cover(np.abs(face_sd) - 1 * SS)
        gfx.add(out, gfx.glow(edge, m.accent, 5 * SS, 0.55))
    return kit.finish(out)


def _jewel(m: Material) -> list:
    if m.jewel is not None:
        return m.jewel
    r, g, b = m.accent
    return [(0, (r // 8, g // 8, b // 8)), (0.6, (r // 2, g // 2, b // 2)), (1, (r, g, b))]


def spin_button(m: Material, state: str) -> np.ndarray:
    """The round SPIN button (128×128) in `state`: a jewel of the game's hue in a ring of its rim
    metal, the turning arrow embossed on it (disabled: grey; pressed: the light falls from below)."""
    W = H = SPIN * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    sd = gfx.sd_circle(H, W, cx, cy, 60 * SS)
    if state == "hover":
        kit.halo(out, gfx.cover(sd), m.accent, 10, 1.4)
    kit.drop(out, gfx.cover(sd), dy=3, r=5, a=0.7)
    rim_stops = _grey(m.rim) if state == "disabled" else m.rim
    rim, face_sd = kit.rim_ring(sd, 7 * SS, rim_stops)
    face_m = gfx.cover(face_sd)
    stops = _jewel(m)
    if state == "disabled":
        stops = [(0, "#202224"), (0.6, "#3a3c40"), (1, "#6a6c70")]
    t = gfx.radial_t(H, W, cx, cy - (14 if state != "pressed" else -10) * SS, 62 * SS)
    face = gfx.ramp(1 - t, stops).astype(np.float64)
    if state == "hover":
        face = np.clip(face * 1.25 + 0.05, 0, 1)
    elif state == "pressed":
        face = face * 0.6
    if m.grain:  # the material shows through the jewel a little
        n = gfx.value_noise(H, W, m.grain_cell * SS, m.seed + 11, 3)
        face = face * (1 + 0.5 * m.grain * (n - 0.5))[..., None]
    face *= (1 - 0.5 * gfx.blur(1 - face_m, 10 * SS) * face_m)[..., None]
    gfx.over(out, gfx.paint(np.clip(face, 0, 1).astype(F), face_m))
    if state != "disabled":
        line = gfx.cover(np.abs(face_sd + 4 * SS) - 0.6 * SS)
        gfx.over(out, gfx.solid(line, m.accent, 0.45))
    gfx.over(out, rim)
    if m.rivets:  # iron: studs round the ring
        for k in range(8):
            a = np.pi * k / 4 + np.pi / 8
            stud = gfx.sd_circle(H, W, cx + 56.5 * SS * np.cos(a), cy + 56.5 * SS * np.sin(a), 2.2 * SS)
            gfx.over(out, kit.emboss_metal(gfx.cover(stud), rim_stops, bevel=1.5 * SS))
    return kit.spin_face(out, face_m, cx, cy, state)
