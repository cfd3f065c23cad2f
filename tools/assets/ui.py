# ruff: noqa: N803, N806 (image maths: H, W and SS are the conventional names)
"""Common UI art: buttons, spin button, panel, HUD bar, icons, badges, coin, particle, win
banner, app icon and the Reelhouse wordmark (each game's own chrome is in `frames`).
"""

from __future__ import annotations

import numpy as np

from tools.assets import gfx, kit
from tools.assets.gfx import F
from tools.assets.kit import SS

D = kit.DENSITY


# ----------------------------------------------------------------------------- buttons


BUTTON_FACE = {
    "normal": [(0, "#5a1020"), (0.5, "#2a0610"), (1, "#14020a")],
    "hover": [(0, "#8a2030"), (0.5, "#4a0c18"), (1, "#22040e")],
    "pressed": [(0, "#12020a"), (0.5, "#22040e"), (1, "#3a0a14")],
    "disabled": [(0, "#3a3a3e"), (0.5, "#26262a"), (1, "#18181a")],
}


def button(state: str) -> np.ndarray:
    w, h = 96, 48
    out, face_m, _ = kit.round_plate(
        w,
        h,
        radius=13,
        inset=2,
        rim_w=3,
        face_stops=BUTTON_FACE[state],
        rim_stops=gfx.SILVER if state == "disabled" else gfx.GOLD,
        texture=0.0,
        shadow=False,
    )
    if state != "pressed":
        kit.gloss(out, face_m, 0.3 if state == "hover" else 0.2)
    if state == "hover":
        edge = gfx.cover(
            np.abs(gfx.sd_round_rect(h * SS, w * SS, w * SS / 2, h * SS / 2, 44 * SS, 20 * SS, 10 * SS))
            - 1 * SS
        )
        gfx.add(out, gfx.glow(edge, (255, 200, 120), 6 * SS, 0.5))
    if state == "disabled":
        out[..., :3] *= 0.8
    return kit.finish(out)


def spin_button(state: str) -> np.ndarray:
    S = 128
    W = H = S * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    sd = gfx.sd_circle(H, W, cx, cy, 60 * SS)
    if state == "hover":
        kit.halo(out, gfx.cover(sd), (255, 210, 120), 10, 1.4)
    kit.drop(out, gfx.cover(sd), dy=3, r=5, a=0.7)
    rim, face_sd = kit.rim_ring(sd, 7 * SS, gfx.SILVER if state == "disabled" else gfx.GOLD)
    face_m = gfx.cover(face_sd)
    stops = {
        "normal": [(0, "#053a1c"), (0.6, "#0c8a3c"), (1, "#5af08a")],
        "hover": [(0, "#0a5a2c"), (0.6, "#18b050"), (1, "#a0ffc0")],
        "pressed": [(0, "#02200e"), (0.6, "#06501e"), (1, "#20903c")],
        "disabled": [(0, "#202224"), (0.6, "#3a3c40"), (1, "#6a6c70")],
    }[state]
    t = gfx.radial_t(H, W, cx, cy - (14 if state != "pressed" else -10) * SS, 62 * SS)
    face = gfx.ramp(1 - t, stops)
    face *= (1 - 0.5 * gfx.blur(1 - face_m, 10 * SS) * face_m)[..., None]
    gfx.over(out, gfx.paint(face, face_m))
    gfx.over(out, rim)
    return kit.spin_face(out, face_m, cx, cy, state)


def panel() -> np.ndarray:
    w = h = 96
    W, H = w * SS, h * SS
    out = gfx.empty(H, W)
    sd = gfx.sd_round_rect(H, W, W / 2, H / 2, W / 2 - 2 * SS, H / 2 - 2 * SS, 18 * SS)
    rim, face_sd = kit.rim_ring(sd, 3 * SS)
    face_m = gfx.cover(face_sd)
    t = gfx.linear_t(H, W, 90)
    face = gfx.ramp(t, [(0, "#1c1430"), (1, "#0a0612")])
    gfx.over(out, gfx.paint(face, face_m * 0.88))
    inner = gfx.cover(np.abs(face_sd + 6 * SS) - 0.6 * SS)
    gfx.over(out, gfx.solid(inner, (200, 160, 90), 0.35))
    gfx.over(out, rim)
    return kit.finish(out)


def hud_bar() -> np.ndarray:
    """The HUD band, 1280×160 logical, drawn directly at the output density."""
    w, h = round(1280 * D), round(160 * D)
    out = gfx.empty(h, w)
    t = gfx.linear_t(h, w, 90)
    out[..., :3] = gfx.ramp(t, [(0, "#1a1028"), (0.2, "#0e0818"), (1, "#040208")])
    out[..., 3] = 1
    x, y = gfx.grid(h, w)
    x, y = x / D, y / D  # logical px from here on
    # art-deco pattern, faint
    pat = (np.abs(((x + y * 0.5) % 40) - 20) < 0.8) | (np.abs(((x - y * 0.5) % 40) - 20) < 0.8)
    gfx.over(out, gfx.solid(pat.astype(F) * gfx.smoothstep(160, 20, y), (255, 200, 120), 0.05))
    line = np.exp(-(((y - 3) / 1.6) ** 2)) * (0.6 + 0.4 * np.exp(-(((x - 640) / 420) ** 2)))
    gfx.add(out, gfx.solid(np.clip(line, 0, 1).astype(F), (255, 210, 120)))
    gfx.over(out, gfx.solid(np.exp(-(((y - 8) / 6) ** 2)).astype(F) * 0.4, (0, 0, 0)))
    return out.astype(F)


# ----------------------------------------------------------------------------- icons (48×48)


def _line_icon(kind: str, S: int) -> np.ndarray:
    H = W = S
    c = S / 2
    t = S * 0.09
    if kind == "plus":
        parts = [
            gfx.sd_segment(H, W, c - S * 0.32, c, c + S * 0.32, c, t),
            gfx.sd_segment(H, W, c, c - S * 0.32, c, c + S * 0.32, t),
        ]
    elif kind == "minus":
        parts = [gfx.sd_segment(H, W, c - S * 0.32, c, c + S * 0.32, c, t)]
    elif kind in ("left", "right"):
        s = -1 if kind == "left" else 1
        parts = [
            gfx.sd_segment(H, W, c - s * S * 0.12, c - S * 0.3, c + s * S * 0.16, c, t),
            gfx.sd_segment(H, W, c + s * S * 0.16, c, c - s * S * 0.12, c + S * 0.3, t),
        ]
    elif kind == "close":
        k = S * 0.28
        parts = [
            gfx.sd_segment(H, W, c - k, c - k, c + k, c + k, t),
            gfx.sd_segment(H, W, c - k, c + k, c + k, c - k, t),
        ]
    elif kind == "back":
        parts = [
            gfx.sd_segment(H, W, c - S * 0.32, c, c + S * 0.3, c, t),
            gfx.sd_segment(H, W, c - S * 0.32, c, c - S * 0.08, c - S * 0.24, t),
            gfx.sd_segment(H, W, c - S * 0.32, c, c - S * 0.08, c + S * 0.24, t),
        ]
    elif kind == "autoplay":
        # a circular arrow around a play triangle
        ring = np.abs(gfx.sd_circle(H, W, c, c, S * 0.36)) - t * 0.7
        x, y = gfx.grid(H, W)
        ring = np.where((x > c) & (y < c - S * 0.05), 99, ring)
        head = gfx.sd_polygon(
            H, W, [(c + S * 0.06, c - S * 0.5), (c + S * 0.3, c - S * 0.36), (c + S * 0.06, c - S * 0.2)]
        )
        tri = gfx.sd_polygon(
            H, W, [(c - S * 0.1, c - S * 0.17), (c + S * 0.18, c), (c - S * 0.1, c + S * 0.17)]
        )
        parts = [ring, head, tri]
    else:
        raise ValueError(kind)
    return gfx.cover(np.minimum.reduce(parts))


ICONS = {
    "icon_settings": "spanner",
    "icon_sound": "sound-on",
    "icon_mute": "sound-off",
    "icon_paytable": "scroll-unfurled",
    "icon_rules": "info",
    "icon_history": "backward-time",
    "icon_fullscreen": "expand",
    "icon_autoplay": "@autoplay",
    "icon_plus": "@plus",
    "icon_minus": "@minus",
    "icon_left": "@left",
    "icon_right": "@right",
    "icon_close": "@close",
    "icon_back": "@back",
}


def ui_icon(name: str) -> np.ndarray:
    src = ICONS[name]
    S = 48 * SS
    m = (
        _line_icon(src[1:], S)
        if src.startswith("@")
        else gfx.place(kit.icon(src, 40 * SS), S, S, S / 2, S / 2)
    )
    return kit.finish(gfx.solid(m, (255, 255, 255)))


def line_badge() -> np.ndarray:
    w, h = 34, 26
    W, H = w * SS, h * SS
    sd = gfx.sd_round_rect(H, W, W / 2, H / 2, W / 2 - 1 * SS, H / 2 - 1 * SS, 8 * SS)
    m = gfx.cover(sd)
    hf = gfx.bevel_height(sd, 4 * SS) * 3 * SS
    col = gfx.lit(np.ones((H, W, 3), F) * 0.95, hf, strength=0.6, ambient=0.75, spec_k=0.2)
    ring = gfx.cover(np.abs(sd + 1.5 * SS) - 0.7 * SS)
    col = col * (1 - 0.25 * ring[..., None])
    return kit.finish(gfx.paint(col, m))


def coin() -> np.ndarray:
    S = 48
    W = H = S * SS
    out = gfx.empty(H, W)
    cx = cy = W / 2
    sd = gfx.sd_circle(H, W, cx, cy, 22 * SS)
    m = gfx.cover(sd)
    hf = gfx.bevel_height(sd, 4 * SS) * 4 * SS
    ring = gfx.cover(np.abs(gfx.sd_circle(H, W, cx, cy, 16.5 * SS)) - 1 * SS)
    hf = hf + gfx.blur(ring, 2 * SS) * 2 * SS
    star = gfx.cover(
        gfx.sd_polygon(
            H,
            W,
            [
                (cx + np.cos(a) * r * SS, cy + np.sin(a) * r * SS)
                for i, a in enumerate(np.arange(10) * np.pi / 5 - np.pi / 2)
                for r in [(11 if i % 2 == 0 else 4.6)]
            ],
        )
    )
    hf = hf + gfx.blur(star, 2 * SS) * 3 * SS
    gfx.over(out, gfx.paint(gfx.metal(hf, gfx.GOLD, strength=1.0), m))
    gfx.add(out, gfx.sparkle(H, W, cx - 8 * SS, cy - 9 * SS, 14 * SS) * 0.8)
    return kit.finish(out)


def particle() -> np.ndarray:
    S = round(32 * D)
    x, y = gfx.grid(S, S)
    d = np.hypot(x - S / 2, y - S / 2) / (S / 2)
    m = np.clip(np.exp(-(d**2) * 4) * (1 - d).clip(0, 1) ** 0.5, 0, 1).astype(F)
    return gfx.solid(m, (255, 255, 255))


def win_banner() -> np.ndarray:
    w, h = 900, 220
    W, H = w * SS, h * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    gfx.add(out, kit.rays(H, W, cx, cy, 22, (255, 200, 90), 81, 0.09, 1.5) * 0.7)
    pts = [(40, 110), (120, 40), (780, 40), (860, 110), (780, 180), (120, 180)]
    sd = gfx.sd_polygon(H, W, [(px * SS, py * SS) for px, py in pts]) + 0 * SS
    kit.halo(out, gfx.cover(sd), (255, 170, 50), 16, 1.2)
    kit.drop(out, gfx.cover(sd), dy=6, r=10)
    rim, face_sd = kit.rim_ring(sd, 10 * SS)
    face_m = gfx.cover(face_sd)
    t = gfx.linear_t(H, W, 90)
    face = gfx.ramp(t, [(0, "#6a0c2a"), (0.5, "#3a0418"), (1, "#16010a")])
    gfx.over(out, gfx.paint(face, face_m))
    inner = gfx.cover(np.abs(face_sd + 10 * SS) - 1 * SS)
    gfx.over(out, kit.emboss_metal(inner, gfx.GOLD, bevel=1 * SS))
    gfx.over(out, rim)
    for gx in (95, 805):
        gfx.over(out, kit.gem(H, W, gx * SS, cy, 16 * SS, (230, 40, 60), 6, 0))
    kit.gloss(out, face_m, 0.18)
    return kit.finish(out)


# ----------------------------------------------------------------------------- brand


def wordmark(
    text: str, w: int, h: int, glow_col=(255, 180, 60), stops=gfx.GOLD, sub: str | None = None, seed: int = 0
) -> np.ndarray:
    W, H = w * SS, h * SS
    out = gfx.empty(H, W)
    th = int(H * (0.62 if sub else 0.8))
    m = kit.text(text, int(W * 0.94), th, tracking=6)
    mm = gfx.place(m, H, W, W / 2, (th / 2 + H * 0.08) if sub else H / 2)
    kit.halo(out, mm, glow_col, 14, 1.4)
    kit.drop(out, mm, dy=4, r=5)
    kit.outlined(out, mm, 3 * SS, (24, 10, 2))
    gfx.over(out, kit.emboss_metal(mm, stops, bevel=5 * SS, strength=2.4))
    if sub:
        sm = kit.text(sub, int(W * 0.7), int(H * 0.2), bold=True, tracking=4)
        smm = gfx.place(sm, H, W, W / 2, H * 0.86)
        # a dark bed under the small line, so it reads on any backdrop
        bed = np.clip(gfx.blur(gfx.dilate(smm, 5 * SS), 8 * SS) * 1.6, 0, 1)
        gfx.over(out, gfx.solid(bed, (8, 4, 14), 0.85))
        kit.outlined(out, smm, 2 * SS, (10, 4, 0))
        gfx.over(out, kit.emboss_metal(smm, gfx.SILVER, bevel=2 * SS))
    for sx, sy in ((0.06, 0.16), (0.95, 0.58)):
        gfx.add(out, gfx.sparkle(H, W, W * sx, H * sy, H * 0.3))
    return kit.finish(out)


def app_icon() -> np.ndarray:
    S = 256
    W = H = S * SS
    out, face_m, _face_sd = kit.round_plate(
        S,
        S,
        radius=50,
        inset=8,
        rim_w=10,
        face_stops=[(0, "#3a0a5a"), (0.6, "#1a0430"), (1, "#0a0214")],
        texture=0.0,
    )
    cx, cy = W / 2, H / 2
    gfx.over(out, kit.rays(H, W, cx, cy, 16, (255, 200, 120), 91, 0.1) * face_m[..., None] * 0.6)
    # three reel windows with a gem, a 7 and a crown-coin
    for i, dx in enumerate((-62, 0, 62)):
        r_sd = gfx.sd_round_rect(H, W, cx + dx * SS, cy, 27 * SS, 62 * SS, 10 * SS)
        rim, in_sd = kit.rim_ring(r_sd, 3 * SS)
        gfx.over(
            out,
            gfx.paint(
                gfx.ramp(gfx.linear_t(H, W, 90), [(0, "#e8e0d0"), (0.5, "#ffffff"), (1, "#c8c0b0")]),
                gfx.cover(in_sd),
            ),
        )
        gfx.over(out, rim)
        if i == 1:
            m = gfx.place(kit.text("7", 40 * SS, 60 * SS), H, W, cx, cy)
            gfx.over(
                out,
                kit.emboss(
                    m, kit.vgrad_in(m, [(0, "#ff8a7a"), (0.5, "#e0101a"), (1, "#6a0004")]), bevel=4 * SS
                ),
            )
        else:
            gfx.over(
                out,
                kit.gem(H, W, cx + dx * SS, cy, 19 * SS, (40, 120, 255) if i == 0 else (40, 210, 90), 8, 0.4),
            )
    kit.gloss(out, face_m, 0.22)
    return kit.finish(out)
