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

Each game has its own material, drawn in its generator module (`tools.assets.games.<id>`, its
`frame()`, `TITLE` and `THEME`) with the shared pieces here (geometry, gutters, lips, gems,
rivets, the marquee title). The frame is drawn directly at the output density (SDF coverage
gives the anti-aliasing); the marquee title is drawn supersampled like every other text.
"""

from __future__ import annotations

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


def _game(game: str):
    """The game's generator module (`tools.assets.games`): its TITLE, THEME and frame."""
    from tools.assets import games

    return games.module(game)


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
    small, big, small_above = _game(game).TITLE
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
    th = _game(game).THEME
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
    th = _game(game).THEME
    x0, y0, x1, y1 = panel
    pad_x, pad_y = 14, 5
    w, h = x1 - x0 - 2 * pad_x, y1 - y0 - 2 * pad_y
    layer = kit.finish(title_layer(game, w, h, th["title"], th["sub"], th["glow"]))
    gfx.over(out, layer, round((x0 + pad_x) * D), round((y0 + pad_y) * D))


# ----------------------------------------------------------------------------- per game (its module's)


def frame(game: str) -> np.ndarray:
    return _game(game).frame()


def reel_bg(game: str) -> np.ndarray:
    """The reel window's background (860×450 logical): five dark drums with thin separators."""
    th = _game(game).THEME
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
    th = _game(game).THEME
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
