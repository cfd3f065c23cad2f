# ruff: noqa: N803, N806 (image maths: H, W and SS are the conventional names)
"""Each game's chrome: the reel frame with its marquee (the logo area above the reels), the reel
background, the logo and the lobby tile.

The frame covers the whole 1280×720 logical screen (saved at the output density, 1920×1080) and
is transparent everywhere except the frame itself: the reel window stays clear (the app paints
the reels there) and so does the backdrop around the frame. The line markers sit in two
recessed gutters that are part of the frame, so nothing of the backdrop shows behind them.

Layout, in logical px (the reels scene uses the same numbers, see `docs/assets.md`):

    reel window   (210, 92) 860×450: five reels of 172 px, three rows of 150 px
    gutters       x 168..206 and 1074..1112, y 88..546 (the line markers, 30 px wide)
    frame body    x 126..1154, y 58..558: 42 px pillars, a 30 px top rail (HUD band from 560)
    marquee       x 320..960, y 2..88: the game's full title on its own plate

Each game has its own material: granite with silver inlay and teal rune light (Stones),
blackened iron with gold trim, rivets and faction crystals (Warlords), sandstone masonry with
bronze and jade (Tomb Raider). The frame is drawn directly at the output density (SDF coverage
gives the anti-aliasing); the marquee title is drawn supersampled like every other text.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tools.assets import gfx, kit
from tools.assets.gfx import F
from tools.assets.kit import SS

D = kit.DENSITY
SCREEN_W, SCREEN_H = 1280, 720
WINDOW = (210, 92, 860, 450)
CELL_W, CELL_H = 172, 150
LIP = 4
GUTTERS = ((168, 88, 206, 546), (1074, 88, 1112, 546))
BODY = (126, 58, 1154, 558)
MARQUEE = (320, 2, 960, 88)
HUD_Y = 560  # the HUD band's top (scenes.reels.hud.BAND_Y)
ROW_CENTRES = tuple(WINDOW[1] + (r + 0.5) * CELL_H for r in range(3))
PILLAR_X = ((BODY[0] + GUTTERS[0][0]) / 2, (GUTTERS[1][2] + BODY[2]) / 2)

IRON = [
    (0.0, (6, 6, 8)),
    (0.35, (26, 26, 32)),
    (0.6, (58, 58, 68)),
    (0.82, (110, 110, 124)),
    (1.0, (200, 200, 214)),
]

STEEL = [
    (0.0, (8, 10, 12)),
    (0.4, (44, 50, 56)),
    (0.7, (100, 108, 116)),
    (0.9, (160, 168, 176)),
    (1.0, (215, 222, 228)),
]

TITLES = {
    # (small line, big line, small line above the big one?)
    "stones": ("SECRET OF THE", "STONES", True),
    "warlords": ("CRYSTALS OF POWER", "WARLORDS", False),
    "tombraider": ("SECRET OF THE SWORD", "TOMB RAIDER", False),
}


# ----------------------------------------------------------------------------- geometry


def box_sd(H: int, W: int, box, r: float, scale: float = D, origin=(0.0, 0.0)) -> np.ndarray:
    """SDF of a rounded box given in logical px (x0, y0, x1, y1), on an array at `scale` whose
    top-left corner is the logical point `origin`."""
    x0, y0, x1, y1 = box
    ox, oy = origin
    return gfx.sd_round_rect(
        H,
        W,
        ((x0 + x1) / 2 - ox) * scale,
        ((y0 + y1) / 2 - oy) * scale,
        (x1 - x0) / 2 * scale,
        (y1 - y0) / 2 * scale,
        r * scale,
    )


def window_box(grow: float = 0.0):
    x, y, w, h = WINDOW
    return (x - grow, y - grow, x + w + grow, y + h + grow)


def _grid_logical(H: int, W: int) -> tuple[np.ndarray, np.ndarray]:
    x, y = gfx.grid(H, W)
    return x / D, y / D


class Patch:
    """A small square layer around a logical point, for ornaments: drawing them on the whole
    1920×1080 screen would cost seconds each."""

    def __init__(self, cx: float, cy: float, half: float) -> None:
        self.ox, self.oy = cx - half, cy - half
        self.n = round(2 * half * D)
        self.layer = gfx.empty(self.n, self.n)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        """Logical point → this patch's pixel coordinates."""
        return (x - self.ox) * D, (y - self.oy) * D

    def onto(self, out: np.ndarray) -> None:
        gfx.over(out, self.layer, round(self.ox * D), round(self.oy * D))


class Parts:
    """The masks every frame shares, on the full screen at density D."""

    def __init__(self, rough: float = 0.0, seed: int = 0) -> None:
        H, W = int(SCREEN_H * D), int(SCREEN_W * D)
        self.H, self.W = H, W
        body = box_sd(H, W, BODY, 10)
        if rough:
            body = body + (gfx.value_noise(H, W, 7 * D, seed, 3) - 0.5) * rough * D
        self.body_sd = body
        self.hole_sd = box_sd(H, W, window_box(LIP), 6)
        g = [box_sd(H, W, b, 6) for b in GUTTERS]
        self.gutter_sd = np.minimum(g[0], g[1])
        self.frame_sd = np.maximum(self.body_sd, -self.hole_sd)
        self.frame_m = gfx.cover(self.frame_sd)
        self.gutter_m = gfx.cover(self.gutter_sd)
        self.lip_m = gfx.cover(-self.hole_sd) * gfx.cover(self.hole_sd - LIP * D)


def finish_frame(out: np.ndarray) -> np.ndarray:
    """Clear the reel window exactly (the app paints it every frame)."""
    x, y, w, h = WINDOW
    out[int(y * D) : int((y + h) * D), int(x * D) : int((x + w) * D)] = 0.0
    return out.astype(F)


def shadow_under(out: np.ndarray, mask: np.ndarray, dy: float = 5, r: float = 10, a: float = 0.75) -> None:
    gfx.over(out, gfx.shadow(mask, 0, int(dy * D), r * D, a))


def gutters(out: np.ndarray, parts: Parts, face, edge_stops) -> None:
    """Recessed channels for the line markers: a dark face, an inner shadow and a metal edge."""
    m = parts.gutter_m
    H, W = parts.H, parts.W
    t = gfx.linear_t(H, W, 0)
    col = gfx.ramp(t, [(0, face[0]), (0.5, face[1]), (1, face[0])])
    inner = gfx.blur(1 - m, 6 * D) * m
    col = col * (1 - 0.7 * inner)[..., None]
    gfx.over(out, gfx.paint(col, m))
    edge = gfx.cover(-parts.gutter_sd) * gfx.cover(parts.gutter_sd + 1.6 * D)
    hf = gfx.tube_height(parts.gutter_sd, -1.6 * D, 0)
    gfx.over(out, gfx.paint(gfx.metal(hf * 2 * D, edge_stops, strength=1.2), edge))


def lip(out: np.ndarray, parts: Parts, stops) -> None:
    """A rounded metal lip around the reel window."""
    hf = gfx.tube_height(parts.hole_sd, -LIP * D, 0) * LIP * D
    gfx.over(out, gfx.paint(gfx.metal(hf, stops, strength=1.4), parts.lip_m))


def set_gem(
    p: Patch, x: float, y: float, r: float, colour, mount_stops, sides: int = 8, rot: float = 0.3
) -> None:
    """A cut gem (logical centre and radius) in a metal mount, with a little light around it."""
    n = p.n
    cx, cy = p.xy(x, y)
    mount = gfx.cover(gfx.sd_circle(n, n, cx, cy, (r + 3) * D))
    gfx.over(p.layer, gfx.shadow(mount, 0, int(2 * D), 3 * D, 0.8))
    gfx.over(p.layer, kit.emboss_metal(mount, mount_stops, bevel=2 * D))
    g = kit.gem(n, n, cx, cy, r * D, colour, sides, rot)
    gfx.add(p.layer, gfx.glow(g[..., 3], colour, 4 * D, 0.6))
    gfx.over(p.layer, g)


def rivets(out: np.ndarray, points, r: float, stops) -> None:
    for px, py in points:
        p = Patch(px, py, r + 4)
        n = p.n
        cx, cy = p.xy(px, py)
        m = gfx.cover(gfx.sd_circle(n, n, cx, cy, r * D))
        gfx.over(p.layer, gfx.shadow(m, 0, int(1.2 * D), 1.5 * D, 0.7))
        gfx.over(p.layer, kit.emboss_metal(m, stops, bevel=r * D, strength=2.0))
        p.onto(out)


def rail_points(step: float, inset: float) -> list[tuple[float, float]]:
    """Evenly spaced points along the top and bottom rails and down both outer pillars."""
    x0, y0, x1, y1 = BODY
    pts = []
    top, bottom = y0 + inset, y1 - inset + 3
    n = int((x1 - x0 - 120) / step)
    for i in range(n + 1):
        x = x0 + 60 + i * (x1 - x0 - 120) / n
        if not (MARQUEE[0] - 8 < x < MARQUEE[2] + 8):
            pts.append((x, top))
        pts.append((x, bottom))
    pw = GUTTERS[0][0] - x0  # pillar width
    m = int((y1 - y0 - 100) / step)
    for i in range(m + 1):
        y = y0 + 50 + i * (y1 - y0 - 100) / m
        pts.append((x0 + pw / 2, y))
        pts.append((x1 - pw / 2, y))
    return pts


# ----------------------------------------------------------------------------- titles


def title_mask(game: str, w: float, h: float) -> tuple[np.ndarray, np.ndarray]:
    """The game's full title as two masks (big line, small line) in a w×h logical box at SS."""
    small, big, small_above = TITLES[game]
    W, H = int(w * SS), int(h * SS)
    big_h = 0.6 * h
    small_h = 0.24 * h
    gap = h - big_h - small_h
    bm = kit.text(big, int(W * 0.96), int(big_h * SS), tracking=10 if len(big) < 8 else 4)
    sm = kit.text(small, int(W * 0.7), int(small_h * SS), bold=True, tracking=8)
    if small_above:
        sy, by = small_h / 2, small_h + gap + big_h / 2
    else:
        by, sy = big_h / 2, big_h + gap + small_h / 2
    return gfx.place(bm, H, W, W / 2, by * SS), gfx.place(sm, H, W, W / 2, sy * SS)


def title_layer(game: str, w: float, h: float, big_stops, small_stops, glow, outline=(8, 4, 2)) -> np.ndarray:
    """The title embossed in metal with a dark outline and a soft glow, at SS (not finished)."""
    bm, sm = title_mask(game, w, h)
    out = gfx.empty(*bm.shape)
    both = np.maximum(bm, sm)
    kit.halo(out, both, glow, 6, 0.9)
    kit.drop(out, both, dy=2, r=3, a=0.9)
    kit.outlined(out, bm, 2.2 * SS, outline, 1.0)
    kit.outlined(out, sm, 1.6 * SS, outline, 1.0)
    gfx.over(out, kit.emboss_metal(bm, big_stops, bevel=3 * SS, strength=2.4))
    gfx.over(out, kit.emboss_metal(sm, small_stops, bevel=1.5 * SS, strength=2.0))
    return out


def logo(game: str) -> np.ndarray:
    """The title alone on a transparent 520×130 plate (the lobby tile and other screens), with a
    dark halo so it reads on any backdrop."""
    th = THEMES[game]
    w, h = 520, 130
    W, H = w * SS, h * SS
    out = gfx.empty(H, W)
    bm, sm = title_mask(game, w - 20, h - 16)
    both = gfx.place(np.maximum(bm, sm), H, W, W / 2, H / 2)
    shade = np.clip(gfx.blur(gfx.dilate(both, 6 * SS), 10 * SS) * 1.6, 0, 1)
    gfx.over(out, gfx.solid(shade, (2, 2, 4), 0.85))
    layer = title_layer(game, w - 20, h - 16, th["title"], th["sub"], th["glow"])
    gfx.over(out, layer, int(10 * SS), int(8 * SS))
    return kit.finish(out)


def marquee_title(out: np.ndarray, game: str, panel) -> None:
    """Draw the title into a panel (logical box) of the frame layer `out` (at D)."""
    th = THEMES[game]
    x0, y0, x1, y1 = panel
    pad_x, pad_y = 14, 5
    w, h = x1 - x0 - 2 * pad_x, y1 - y0 - 2 * pad_y
    layer = kit.finish(title_layer(game, w, h, th["title"], th["sub"], th["glow"]))
    gfx.over(out, layer, round((x0 + pad_x) * D), round((y0 + pad_y) * D))


# ----------------------------------------------------------------------------- Stones: granite


def granite(H: int, W: int, seed: int, base=(104, 112, 118)) -> np.ndarray:
    return kit.stone_albedo(H, W, seed, base, tint=(70, 96, 66), unit=D)


def stones_frame() -> np.ndarray:
    p = Parts(rough=3.0, seed=901)
    H, W = p.H, p.W
    out = gfx.empty(H, W)
    lintel_sd = stones_lintel_sd(H, W)
    shadow_under(out, np.maximum(p.frame_m, gfx.cover(lintel_sd)), 6, 12, 0.8)
    # granite slabs: bevelled edges, grain, moss in the hollows, a row of carved pits along the rails
    lx, ly = _grid_logical(H, W)
    x0, y0, x1, y1 = BODY
    pits = gfx.cover((np.hypot((lx % 14) - 7, ly - (y0 + 15)) - 2.2) * D) * (
        (lx < MARQUEE[0] - 6) | (lx > MARQUEE[2] + 6)
    )
    pits = np.maximum(pits, gfx.cover((np.hypot((lx % 14) - 7, ly - (y1 - 6)) - 1.8) * D))
    pits = pits * ((lx > x0 + 40) & (lx < x1 - 40)) * p.frame_m
    hf = np.minimum(gfx.bevel_height(p.body_sd, 10 * D), gfx.bevel_height(-p.hole_sd, 5 * D)) * 10 * D
    hf = hf + kit.stone_height(H, W, 902, 3.0 * D, unit=D) - gfx.blur(pits, 1.2 * D) * 3 * D
    alb = granite(H, W, 903) * (1 - 0.45 * pits[..., None])
    col = gfx.lit(alb, hf, strength=0.8, ambient=0.5, spec_k=0.12, gloss=12)
    gfx.over(out, gfx.paint(col, p.frame_m))
    gfx.add(out, gfx.solid(gfx.erode(pits, 0.4 * D) * 0.5, (60, 220, 190)))
    gutters(out, p, ["#05100f", "#0b1c1c"], STEEL)
    lip(out, p, STEEL)
    for px in PILLAR_X:
        for cy in ROW_CENTRES:
            carved_rune(out, px, cy, 38)
    for cx, cy, r in (
        (PILLAR_X[0], y0 + 14, 27),
        (PILLAR_X[1], y0 + 14, 27),
        (PILLAR_X[0], y1 - 16, 18),
        (PILLAR_X[1], y1 - 16, 18),
    ):
        stone_boss(out, cx, cy, r, 904 + int(cx + cy))
    stones_lintel(out, lintel_sd)
    return finish_frame(out)


def carved_rune(out: np.ndarray, x: float, y: float, size: float) -> None:
    """A triskelion carved into the granite with teal light pooled in the carving."""
    p = Patch(x, y, size)
    n = p.n
    cx, cy = p.xy(x, y)
    tri = gfx.place(kit.icon("light-thorny-triskelion", int(size * D)), n, n, cx, cy)
    gfx.over(p.layer, gfx.solid(gfx.blur(tri, 1.5 * D), (4, 10, 10), 0.85))
    gfx.add(p.layer, gfx.glow(tri, (30, 190, 160), 5 * D, 0.9))
    gfx.add(p.layer, gfx.solid(gfx.erode(tri, 0.5 * D), (90, 245, 215)) * 0.9)
    p.onto(out)


def stones_lintel_sd(H: int, W: int) -> np.ndarray:
    x0, y0, x1, y1 = MARQUEE
    sd = box_sd(H, W, (x0, y0, x1, y1 - 2), 8)
    return sd + (gfx.value_noise(H, W, 6 * D, 905, 3) - 0.5) * 3 * D


def stones_lintel(out: np.ndarray, sd: np.ndarray) -> None:
    """The capstone of the trilithon: granite, a recessed slate panel with a silver inlay, the
    title, and a glowing triskelion at each end."""
    H, W = out.shape[:2]
    m = gfx.cover(sd)
    x0, y0, x1, y1 = MARQUEE
    panel = (x0 + 38, y0 + 8, x1 - 38, y1 - 10)
    psd = box_sd(H, W, panel, 6)
    pm = gfx.cover(psd)
    hf = gfx.bevel_height(sd, 8 * D) * 10 * D + kit.stone_height(H, W, 906, 3.0 * D, unit=D)
    hf = hf - gfx.blur(pm, 3 * D) * 6 * D
    col = gfx.lit(granite(H, W, 907, (112, 118, 124)), hf, strength=0.8, ambient=0.5, spec_k=0.12, gloss=12)
    gfx.over(out, gfx.paint(col, m))
    t = gfx.linear_t(H, W, 90, None, (y0 + y1) / 2 * D, (y1 - y0) * D)
    face = gfx.ramp(t, [(0, "#0a2226"), (0.5, "#061416"), (1, "#030a0b")])
    face = face * (1 - 0.6 * gfx.blur(1 - pm, 8 * D) * pm)[..., None]
    gfx.over(out, gfx.paint(face, pm))
    ring = gfx.cover(np.abs(psd + 3 * D) - 0.9 * D) * pm
    gfx.over(out, kit.emboss_metal(ring, gfx.SILVER, bevel=1.0 * D))
    for cx in (x0 + 19, x1 - 19):
        carved_rune(out, cx, (y0 + y1) / 2 - 2, 24)
    marquee_title(out, "stones", panel)


def stone_boss(out: np.ndarray, x: float, y: float, r: float, seed: int) -> None:
    """A round granite boss with a silver ring and a teal gem."""
    p = Patch(x, y, r + 10)
    n = p.n
    cx, cy = p.xy(x, y)
    sd = gfx.sd_circle(n, n, cx, cy, r * D) + (gfx.value_noise(n, n, 5 * D, seed, 2) - 0.5) * 2 * D
    m = gfx.cover(sd)
    gfx.over(p.layer, gfx.shadow(m, 0, int(3 * D), 6 * D, 0.85))
    hf = gfx.bevel_height(sd, 8 * D) * 8 * D + kit.stone_height(n, n, seed, 2 * D, unit=D)
    col = gfx.lit(granite(n, n, seed, (112, 118, 124)), hf, strength=0.8, ambient=0.5)
    gfx.over(p.layer, gfx.paint(col, m))
    ring = gfx.cover(np.abs(sd + 5 * D) - 1.1 * D)
    gfx.over(p.layer, kit.emboss_metal(ring * m, gfx.SILVER, bevel=1.2 * D))
    g = kit.gem(n, n, cx, cy, r * 0.5 * D, (60, 230, 200), 8, 0.3)
    gfx.add(p.layer, gfx.glow(g[..., 3], (60, 230, 200), 4 * D, 0.7))
    gfx.over(p.layer, g)
    p.onto(out)


# ----------------------------------------------------------------------------- Warlords: iron and gold

FACTION_GEMS = ((235, 40, 50), (40, 210, 90), (50, 120, 255))  # samurai, priestess, barbarian


def warlords_frame() -> np.ndarray:
    p = Parts()
    H, W = p.H, p.W
    out = gfx.empty(H, W)
    msd = warlords_marquee_sd(H, W)
    shadow_under(out, np.maximum(p.frame_m, gfx.cover(msd)), 6, 12, 0.8)
    # blackened, hammered iron plates, lit from their bevels and the hammer dents
    dents = gfx.value_noise(H, W, 6 * D, 911, 3)
    hf = np.minimum(gfx.bevel_height(p.body_sd, 8 * D), gfx.bevel_height(-p.hole_sd, 5 * D)) * 8 * D
    hf = hf + dents * 0.7 * D
    col = gfx.metal(hf, IRON, strength=0.9, spec_k=0.5, gloss=18) * 0.62
    gfx.over(out, gfx.paint(col, p.frame_m))
    # gold trim just inside the outer edge, and a gold-inlaid groove down each pillar
    trim_sd = np.abs(p.body_sd + 4 * D)
    trim = gfx.cover(trim_sd - 1.4 * D) * p.frame_m
    gfx.over(
        out, gfx.paint(gfx.metal(gfx.tube_height(trim_sd, -1.4 * D, 1.4 * D) * 3 * D, gfx.GOLD, 1.2), trim)
    )
    x0, y0, x1, y1 = BODY
    groove = np.minimum.reduce(
        [gfx.sd_segment(H, W, px * D, (y0 + 40) * D, px * D, (y1 - 26) * D, 1.5 * D) for px in PILLAR_X]
    )
    gm = gfx.cover(groove)
    gfx.over(out, gfx.paint(gfx.metal(gfx.tube_height(groove, -1.5 * D, 0) * 3 * D, gfx.GOLD, 1.2), gm))
    gutters(out, p, ["#070506", "#140c0e"], gfx.GOLD)
    lip(out, p, gfx.GOLD)
    rivets(out, [(x, y) for x, y in rail_points(44, 9) if x not in PILLAR_X], 2.6, gfx.GOLD)
    for px in PILLAR_X:
        for cy, c in zip(ROW_CENTRES, FACTION_GEMS, strict=True):
            crystal(out, px, cy, c)
    # the top crests sit under the HUD's icon rows (rules at x 130, history at x 1150, y 6..50):
    # a little lower and smaller than they could be, so their points stay clear of the icons
    for cx, cy in ((x0 + 4, y0 + 10), (x1 - 4, y0 + 10), (x0 + 6, y1 - 10), (x1 - 6, y1 - 10)):
        warlords_crest(out, cx, cy, 22 if cy < 300 else 20)
    warlords_marquee(out, msd)
    return finish_frame(out)


def crystal(out: np.ndarray, x: float, y: float, colour) -> None:
    """A faction crystal set in a gold collet on the iron pillar."""
    p = Patch(x, y, 22)
    n = p.n
    cx, cy = p.xy(x, y)
    pts = [(cx, cy - 17 * D), (cx + 11 * D, cy), (cx, cy + 17 * D), (cx - 11 * D, cy)]
    sd = gfx.sd_polygon(n, n, pts) - 3 * D
    m = gfx.cover(sd)
    gfx.over(p.layer, gfx.shadow(m, 0, int(2 * D), 4 * D, 0.8))
    rim, face_sd = kit.rim_ring(sd, 3 * D, gfx.GOLD, strength=5.0)
    fm = gfx.cover(face_sd)
    # two facets lit differently, a bright table line and a sparkle
    xx, _yy = gfx.grid(n, n)
    base = gfx.rgb(colour)
    k = np.where(xx < cx, 1.15, 0.6)
    t = gfx.radial_t(n, n, cx - 3 * D, cy - 6 * D, 16 * D)
    col = base[None, None, :] * (k * (1.2 - 0.6 * t))[..., None] + 0.4 * np.exp(-((t / 0.25) ** 2))[..., None]
    gfx.add(p.layer, gfx.glow(fm, colour, 6 * D, 0.8))
    gfx.over(p.layer, gfx.paint(np.clip(col, 0, 1), fm))
    gfx.over(p.layer, rim)
    gfx.add(p.layer, gfx.sparkle(n, n, cx - 3 * D, cy - 7 * D, 12 * D) * 0.8)
    p.onto(out)


def warlords_marquee_sd(H: int, W: int) -> np.ndarray:
    """A heraldic plate with pointed ends, like a war banner's header."""
    x0, y0, x1, y1 = MARQUEE
    cy = (y0 + y1) / 2
    pts = [(x0, cy + 2), (x0 + 36, y0), (x1 - 36, y0), (x1, cy + 2), (x1 - 36, y1), (x0 + 36, y1)]
    return gfx.sd_polygon(H, W, [(x * D, y * D) for x, y in pts]) - 1 * D


def warlords_marquee(out: np.ndarray, sd: np.ndarray) -> None:
    H, W = out.shape[:2]
    rim, face_sd = kit.rim_ring(sd, 5 * D, gfx.GOLD, strength=5.0)
    fm = gfx.cover(face_sd)
    dents = gfx.value_noise(H, W, 6 * D, 913, 3)
    hf = gfx.bevel_height(face_sd, 6 * D) * 5 * D + dents * 0.7 * D
    col = gfx.metal(hf, IRON, strength=0.9, spec_k=0.4, gloss=18) * 0.55
    # a deep red field behind the title, fading into the iron
    x0, y0, x1, y1 = MARQUEE
    t = gfx.radial_t(H, W, (x0 + x1) / 2 * D, (y0 + y1) / 2 * D, 300 * D)
    ember = gfx.smoothstep(1.0, 0.2, t)
    col = col * (1 - 0.6 * ember[..., None]) + gfx.rgb((70, 8, 10)) * 0.6 * ember[..., None]
    gfx.over(out, gfx.paint(col, fm))
    inner = gfx.cover(np.abs(face_sd + 4 * D) - 0.8 * D) * fm
    gfx.over(out, kit.emboss_metal(inner, gfx.GOLD, bevel=1 * D))
    gfx.over(out, rim)
    cy = (y0 + y1) / 2 + 2
    crystal(out, x0 + 22, cy, FACTION_GEMS[0])
    crystal(out, x1 - 22, cy, FACTION_GEMS[2])
    marquee_title(out, "warlords", (x0 + 44, y0 + 6, x1 - 44, y1 - 6))


def warlords_crest(out: np.ndarray, x: float, y: float, r: float) -> None:
    """A gold-rimmed iron diamond on a frame corner, set with the priestess's green crystal."""
    p = Patch(x, y, r + 8)
    n = p.n
    cx, cy = p.xy(x, y)
    pts = [(cx, cy - r * D), (cx + r * D, cy), (cx, cy + r * D), (cx - r * D, cy)]
    sd = gfx.sd_polygon(n, n, pts) - 3 * D
    m = gfx.cover(sd)
    gfx.over(p.layer, gfx.shadow(m, 0, int(3 * D), 6 * D, 0.85))
    rim, face_sd = kit.rim_ring(sd, 4 * D, gfx.GOLD, strength=5.0)
    fm = gfx.cover(face_sd)
    gfx.over(p.layer, gfx.paint(gfx.metal(gfx.bevel_height(face_sd, 6 * D) * 5 * D, IRON, 0.9), fm))
    gfx.over(p.layer, rim)
    g = kit.gem(n, n, cx, cy, r * 0.45 * D, FACTION_GEMS[1], 6, 0.5)
    gfx.add(p.layer, gfx.glow(g[..., 3], FACTION_GEMS[1], 4 * D, 0.8))
    gfx.over(p.layer, g)
    p.onto(out)


# ----------------------------------------------------------------------------- Tomb Raider: sandstone


SAND = [(0, "#6a4422"), (0.5, "#b88a52"), (1, "#e8c88c")]
JADE = (40, 200, 120)


def sandstone_albedo(H: int, W: int, seed: int) -> np.ndarray:
    n = gfx.value_noise(H, W, 20 * D, seed, 5)
    strata = 0.5 + 0.5 * np.sin(gfx.grid(H, W)[1] / (5 * D) + n * 5)
    fine = gfx.value_noise(H, W, 2 * D, seed + 1, 2)
    return gfx.ramp(0.25 + 0.5 * n + 0.12 * strata + 0.1 * (fine - 0.5), SAND)


def masonry_joints(H: int, W: int) -> np.ndarray:
    """Mortar lines between the blocks of the rails and pillars (coverage)."""
    lx, ly = _grid_logical(H, W)
    x0, y0, x1, y1 = BODY
    pw = GUTTERS[0][0] - x0
    m = np.zeros((H, W), F)
    line = lambda d: gfx.cover((np.abs(d) - 0.6) * D)  # noqa: E731
    # rails: vertical joints every 80 px, staggered between top and bottom; a course line on top
    for k in range(int((x1 - x0) / 80) + 1):
        xt = x0 + 50 + k * 80
        m = np.maximum(m, line(lx - xt) * (ly < y0 + 30))
        m = np.maximum(m, line(lx - xt - 40) * (ly > y1 - 12))
    m = np.maximum(m, line(ly - (y0 + 15)) * ((lx < x0 + pw) | (lx > x1 - pw) | (ly < y0 + 30)))
    for k in range(int((y1 - y0) / 75) + 1):
        yt = y0 + 30 + 75 * k
        m = np.maximum(m, line(ly - yt) * ((lx < x0 + pw) | (lx > x1 - pw)))
    return m


def tomb_frame() -> np.ndarray:
    p = Parts(rough=1.5, seed=921)
    H, W = p.H, p.W
    out = gfx.empty(H, W)
    msd = tomb_marquee_sd(H, W)
    shadow_under(out, np.maximum(p.frame_m, gfx.cover(msd)), 6, 12, 0.8)
    joints = masonry_joints(H, W) * p.frame_m
    hf = np.minimum(gfx.bevel_height(p.body_sd, 7 * D), gfx.bevel_height(-p.hole_sd, 5 * D)) * 8 * D
    hf = hf + kit.stone_height(H, W, 922, 2.0 * D, unit=D) - gfx.blur(joints, 1.5 * D) * 3 * D
    alb = sandstone_albedo(H, W, 923) * (1 - 0.55 * joints[..., None])
    col = gfx.lit(alb, hf, strength=0.8, ambient=0.5, spec_k=0.1, gloss=10)
    gfx.over(out, gfx.paint(col, p.frame_m))
    gutters(out, p, ["#0c0803", "#1e1408"], gfx.BRONZE)
    lip(out, p, gfx.GOLD)
    x0, y0, x1, y1 = BODY
    for px in PILLAR_X:
        for cy in ROW_CENTRES:
            sun_glyph(out, px, cy)
    for cx, cy, r in (
        (x0 + 6, y0 + 8, 26),
        (x1 - 6, y0 + 8, 26),
        (x0 + 8, y1 - 12, 20),
        (x1 - 8, y1 - 12, 20),
    ):
        tomb_corner(out, cx, cy, r)
    tomb_marquee(out, msd)
    return finish_frame(out)


def sun_glyph(out: np.ndarray, x: float, y: float) -> None:
    """A carved sun disc inlaid with gold on a sandstone pillar."""
    p = Patch(x, y, 22)
    n = p.n
    cx, cy = p.xy(x, y)
    xx, yy = gfx.grid(n, n)
    ang = np.arctan2(yy - cy, xx - cx)
    rr = np.hypot(xx - cx, yy - cy) / D
    rays = gfx.cover((np.abs(rr - 13.5) - 3.5) * D) * (np.cos(ang * 12) > 0.35)
    disc = gfx.cover((rr - 7.5) * D)
    carve = np.maximum(rays, disc)
    gfx.over(p.layer, gfx.solid(gfx.blur(carve, 1.2 * D), (30, 18, 6), 0.8))
    gfx.over(p.layer, kit.emboss_metal(gfx.erode(carve, 0.4 * D), gfx.GOLD, bevel=1.5 * D))
    g = kit.gem(n, n, cx, cy, 5 * D, JADE, 8, 0.4)
    gfx.over(p.layer, g)
    p.onto(out)


def tomb_marquee_sd(H: int, W: int) -> np.ndarray:
    """A temple lintel with stepped ends."""
    x0, y0, x1, y1 = MARQUEE
    parts = [
        box_sd(H, W, (x0 + 40, y0, x1 - 40, y1), 4),
        box_sd(H, W, (x0 + 20, y0 + 14, x1 - 20, y1), 4),
        box_sd(H, W, (x0, y0 + 30, x1, y1), 4),
    ]
    return np.minimum.reduce(parts)


def tomb_marquee(out: np.ndarray, sd: np.ndarray) -> None:
    H, W = out.shape[:2]
    m = gfx.cover(sd)
    x0, y0, x1, y1 = MARQUEE
    panel = (x0 + 54, y0 + 7, x1 - 54, y1 - 9)
    psd = box_sd(H, W, panel, 5)
    pm = gfx.cover(psd)
    hf = gfx.bevel_height(sd, 6 * D) * 8 * D + kit.stone_height(H, W, 924, 2.0 * D, unit=D)
    hf = hf - gfx.blur(pm, 3 * D) * 6 * D
    # the steps are separate blocks
    lx, ly = _grid_logical(H, W)
    mid = (x0 + x1) / 2
    steps = gfx.cover((np.abs(ly - (y0 + 14)) - 0.6) * D) * (np.abs(lx - mid) > (x1 - x0) / 2 - 40)
    steps = steps + gfx.cover((np.abs(ly - (y0 + 30)) - 0.6) * D) * (np.abs(lx - mid) > (x1 - x0) / 2 - 20)
    steps = np.clip(steps, 0, 1) * m
    alb = sandstone_albedo(H, W, 925) * (1 - 0.55 * steps[..., None])
    col = gfx.lit(alb, hf - steps * 2 * D, strength=0.8, ambient=0.5, spec_k=0.1, gloss=10)
    gfx.over(out, gfx.paint(col, m))
    t = gfx.linear_t(H, W, 90, None, (y0 + y1) / 2 * D, (y1 - y0) * D)
    face = gfx.ramp(t, [(0, "#22160a"), (0.5, "#140c05"), (1, "#0a0602")])
    face = face * (1 - 0.6 * gfx.blur(1 - pm, 8 * D) * pm)[..., None]
    gfx.over(out, gfx.paint(face, pm))
    ring = gfx.cover(np.abs(psd + 3 * D) - 0.9 * D) * pm
    gfx.over(out, kit.emboss_metal(ring, gfx.GOLD, bevel=1.0 * D))
    for cx in (x0 + 27, x1 - 27):
        p = Patch(cx, y0 + 58, 16)
        set_gem(p, cx, y0 + 58, 8.5, JADE, gfx.GOLD)
        p.onto(out)
    marquee_title(out, "tombraider", panel)


def tomb_corner(out: np.ndarray, x: float, y: float, r: float) -> None:
    """A stepped sandstone corner block with a bronze-set jade."""
    p = Patch(x, y, r + 10)
    n = p.n
    a, b = r, r * 0.66
    sd = np.minimum(
        box_sd(n, n, (x - a, y - b, x + a, y + b), 3, origin=(p.ox, p.oy)),
        box_sd(n, n, (x - b, y - a, x + b, y + a), 3, origin=(p.ox, p.oy)),
    )
    m = gfx.cover(sd)
    gfx.over(p.layer, gfx.shadow(m, 0, int(3 * D), 6 * D, 0.85))
    hf = gfx.bevel_height(sd, 6 * D) * 7 * D + kit.stone_height(n, n, 926, 1.5 * D, unit=D)
    col = gfx.lit(sandstone_albedo(n, n, 927), hf, strength=0.8, ambient=0.5)
    gfx.over(p.layer, gfx.paint(col, m))
    set_gem(p, x, y, r * 0.36, JADE, gfx.BRONZE)
    p.onto(out)


# ----------------------------------------------------------------------------- registry


THEMES: dict[str, dict[str, Any]] = {
    "stones": dict(
        title=gfx.SILVER,
        sub=gfx.GOLD,
        glow=(60, 220, 190),
        accent=(90, 255, 210),
        face=["#0a1c1e", "#040c0e"],
        frame=stones_frame,
    ),
    "warlords": dict(
        title=gfx.GOLD,
        sub=gfx.SILVER,
        glow=(255, 110, 40),
        accent=(255, 120, 60),
        face=["#1a0608", "#080204"],
        frame=warlords_frame,
    ),
    "tombraider": dict(
        title=gfx.GOLD,
        sub=gfx.SILVER,
        glow=(255, 170, 60),
        accent=(255, 200, 120),
        face=["#1a1408", "#080602"],
        frame=tomb_frame,
    ),
}


def frame(game: str) -> np.ndarray:
    return THEMES[game]["frame"]()


def reel_bg(game: str) -> np.ndarray:
    """The reel window's background (860×450 logical): five dark drums with thin separators."""
    th = THEMES[game]
    w, h = round(WINDOW[2] * D), round(WINDOW[3] * D)
    out = gfx.empty(h, w)
    t = gfx.linear_t(h, w, 90)
    x, y = gfx.grid(h, w)
    x, y = x / D, y / D
    col = gfx.ramp(t, [(0, th["face"][1]), (0.5, th["face"][0]), (1, th["face"][1])])
    n = gfx.value_noise(h, w, 30 * D, 5, 3)
    col = col * (0.85 + 0.3 * n)[..., None]
    # each reel is a slightly lighter cylinder
    u = (x % CELL_W) / CELL_W
    cyl = np.sin(u * np.pi) ** 0.7
    col = col * (0.7 + 0.45 * cyl)[..., None]
    sep = np.zeros((h, w), F)
    for i in range(1, 5):
        sep += np.exp(-(((x - i * CELL_W) / 1.0) ** 2))
    col = (
        col * (1 - 0.6 * np.clip(sep * 3, 0, 1))[..., None]
        + np.clip(np.exp(-((((x % CELL_W) - 2) / 0.8) ** 2)) * (x > 4), 0, 1)[..., None]
        * gfx.rgb(th["accent"])
        * 0.15
    )
    # shade top and bottom like a curved drum
    col *= (0.55 + 0.45 * np.sin(np.clip(y / WINDOW[3], 0, 1) * np.pi) ** 0.6)[..., None]
    out[..., :3] = np.clip(col, 0, 1)
    out[..., 3] = 1
    return out


def tile(game: str, backdrop: np.ndarray, hero: np.ndarray, logo_img: np.ndarray) -> np.ndarray:
    """Lobby tile 360×420: cropped backdrop, hero symbol, logo, gold frame (inputs at density)."""
    w, h = 360, 420
    W, H = w * SS, h * SS
    out = gfx.empty(H, W)
    sd = gfx.sd_round_rect(H, W, W / 2, H / 2, W / 2 - 4 * SS, H / 2 - 4 * SS, 22 * SS)
    cx = backdrop.shape[1] // 2
    half = round(250 * D)
    bg = gfx.resize(backdrop[:, cx - half : cx + half], W, H)
    rim, face_sd = kit.rim_ring(sd, 6 * SS)
    face_m = gfx.cover(face_sd)
    gfx.over(out, bg * face_m[..., None])
    th = THEMES[game]
    gfx.add(out, kit.rays(H, W, W / 2, H * 0.4, 14, th["glow"], 7, 0.1, 1.6) * face_m[..., None] * 0.5)
    k = 1.5 * SS / D  # the hero at 1.5× its logical size
    hero_big = gfx.resize(hero, int(hero.shape[1] * k), int(hero.shape[0] * k))
    gfx.over(out, hero_big, int(W / 2 - hero_big.shape[1] / 2), int(H * 0.38 - hero_big.shape[0] / 2))
    _x, y = gfx.grid(H, W)
    shade_m = gfx.smoothstep(H * 0.55, H * 0.85, y) * face_m
    gfx.over(out, gfx.solid(shade_m, (0, 0, 0), 0.75))
    lg = gfx.resize(logo_img, int(344 * SS), int(344 * SS * logo_img.shape[0] / logo_img.shape[1]))
    gfx.over(out, lg, int(W / 2 - lg.shape[1] / 2), int(H * 0.8 - lg.shape[0] / 2))
    gfx.over(out, rim)
    kit.gloss(out, face_m, 0.08)
    return kit.finish(out)


def stage(backdrop, reel_bg, frame_img, hud_bar):
    """The reel screen's steady layers composed in the app's order and layout, at the density
    (pygame surfaces in, an opaque pygame surface out): backdrop, reel backing in the window,
    the frame over both, the HUD band from y = 560."""
    import pygame

    out = pygame.Surface((round(SCREEN_W * D), round(SCREEN_H * D)))
    out.blit(backdrop, (0, 0))
    out.blit(reel_bg, (round(WINDOW[0] * D), round(WINDOW[1] * D)))
    out.blit(frame_img, (0, 0))
    out.blit(hud_bar, (0, round(HUD_Y * D)))
    return out
