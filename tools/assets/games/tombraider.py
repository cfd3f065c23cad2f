# ruff: noqa: N803, N806 (image maths: H, W and SS are the conventional names)
"""Tomb Raider – Secret of the Sword's art and sound, for the asset generator (`tools.assets.games`).

Everything the generator makes for this game alone: its reel frame and marquee (sandstone
masonry with bronze and jade), its backdrops (the temple; the five quest locations), its symbols,
artefacts and discs (drawn in `tools.assets.games.tombraider_art`), its song, free-spins and world-map
themes, its stings. The common interface every game module offers is described in
`tools.assets.games`. (The world map itself is `tools.assets.worldmap`.)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tools.assets import gfx, kit
from tools.assets import synth as s
from tools.assets.backdrops import H, W, fog, light_rays, motes, ridge, silhouette, sky, stars, sun, vignette
from tools.assets.compose import Section, Song, prog
from tools.assets.frames import (
    BODY,
    GUTTERS,
    MARQUEE,
    PILLAR_X,
    ROW_CENTRES,
    D,
    Parts,
    Patch,
    _grid_logical,
    box_sd,
    finish_frame,
    gutters,
    lip,
    marquee_title,
    set_gem,
    shadow_under,
)
from tools.assets.games.tombraider_art import (
    dress_material as dress_material,  # its band, boxes, plates (make_assets)
)
from tools.assets.gfx import F
from tools.assets.music import (
    cello,
    fiddle,
    harp,
    horn,
    shaker_hit,
    soft_pad,
    staccato,
    upright,
    vibes,
    warm_pad,
    whistle,
)
from tools.assets.music_features import _hit
from tools.assets.sfx import _finish, _mono, arpeggio, coins
from tools.assets.stings import _brass_call, _music, _riser, _stab
from tools.assets.synth import SR, midi, n_of, tt

# ----------------------------------------------------------------------------- the reel frame and marquee


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


# ----------------------------------------------------------------------------- backdrops


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
    for i, (x, s) in enumerate(((110, 360), (1170, 380), (300, 240), (990, 260))):  # noqa: F402
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
    for i, (icon_name, x, y, s) in enumerate(spec["icons"]):  # noqa: F402
        silhouette(out, icon_name, x, y, s, spec["ink"], 0.95 if i == 0 else 1.0)
    ridge(out, 700, 60, 64, "#020202", cell=300)
    fog(out, 600, 720, 65, spec["fog"], 0.25)
    motes(out, 66, 60, spec["fog"], (1.2, 3))
    vignette(out, 0.65)
    return out


# ----------------------------------------------------------------------------- the base-game song


def tombraider() -> np.ndarray:
    """Tomb Raider: adventure in E minor, 120 bpm. String pulse and horn; cellos and timpani
    in B; a flute bridge without drums."""
    a = prog("E2m C2M G2M D2M E2m C2M D2M B1M")
    sections = [
        Section("intro", prog("E2m C2M G2M D2M"), {"pulse": 0.6, "pad": 0.7, "shaker": 0.6}),
        Section("A", a, {"pulse": 1, "pad": 0.8, "kit": 1, "shaker": 1, "horn": 1}, 1),
        Section("A'", a, {"pulse": 1, "pad": 0.8, "kit": 1, "shaker": 1, "horn": 1, "bells": 1}, 1),
        Section(
            "B",
            prog("A1m C2M D2M E2m A1m C2M B1M B1M"),
            {"pulse": 0.8, "pad": 1, "timp": 1, "cello": 1, "shaker": 0.7},
            2,
        ),
        Section("bridge", prog("E2m E2m C2M C2M A1m A1m B1M B1M"), {"pad": 1, "flute": 1, "soft": 1}, 3),
        Section(
            "A''", a, {"pulse": 1, "pad": 1, "kit": 1, "shaker": 1, "horn": 1, "strings": 0.8, "timp": 0.6}, 1
        ),
        Section("outro", prog("C2M D2M B1M B1M"), {"pulse": 1, "pad": 0.8, "kit": 0.8, "timp": 1}),
    ]
    song = Song(120, sections)
    song.chords("pad", warm_pad, 0.06, octave=1, spread=0.6, seed=7000)
    song.arpeggio("pulse", staccato, [0, 0, 10, 0, 2, 0, 10, 2], 0.5, 0.085, 0.2, 0, 7100, -0.4)
    song.arpeggio("bells", vibes, [10, 11, 12, 11], 1.0, 0.05, 1.2, 1, 7200, 0.5)
    scale = [64, 66, 67, 69, 71, 72, 74]
    song.melody("horn", horn, [64, 67, 69, 71, 74], 64, 83, 0.11, 0.25, 8001)
    song.melody("strings", fiddle, [64, 67, 69, 71, 74], 76, 91, 0.06, -0.3, 8001)
    song.melody("cello", cello, scale, 52, 71, 0.13, -0.1, 8101)
    song.melody("flute", whistle, scale, 67, 86, 0.14, 0.1, 8201, legato=0.25)
    kick = lambda sd: s.kick(0.5, sd)  # noqa: E731
    tom = lambda sd: s.tom(0.4, 130, sd)  # noqa: E731
    kit = [(0, kick, 0.35, 0.0), (2, tom, 0.15, 0.3), (2.5, kick, 0.22, 0.0)]
    fill = kit + [
        (b, lambda sd, p=p: s.tom(0.35, p, sd), 0.14, 0.3 - 0.1 * i)
        for i, (b, p) in enumerate(((3, 160), (3.25, 140), (3.5, 120), (3.75, 100)))
    ]
    song.drums("kit", kit, fill, 9000)
    timp = lambda sd: s.timpani(41.2, 1.4, sd)  # noqa: E731
    song.drums("timp", [(0, timp, 0.3, -0.2), (2.5, timp, 0.16, -0.2)], seed=9100)
    song.drums("soft", [(0, kick, 0.15, 0.0), (2, kick, 0.08, 0.0)], seed=9200)
    hat = shaker_hit(0.08, 7000)
    song.drums("shaker", [(j / 2, hat, 0.05 if j % 2 else 0.08, 0.5) for j in range(8)], seed=9300)
    return song.finish(0.3, 2.2, 73)


# ----------------------------------------------------------------------------- the feature music


def tomb_free() -> np.ndarray:
    """Tomb Raider free spins: action in E minor, 132 bpm; string ostinato, four-on-the-floor
    kick and snare, heroic horns; timpani and cellos in B; a half-time bridge."""
    a = prog("E2m C2M D2M E2m E2m C2M D2M B1M")
    sections = [
        Section("intro", prog("E2m C2M D2M B1M"), {"ostinato": 0.8, "kick": 0.6, "pad": 0.6}),
        Section("A", a, {"ostinato": 1, "kick": 1, "snare": 1, "horns": 1, "pad": 0.7, "hat": 1}, 1),
        Section(
            "A'",
            a,
            {"ostinato": 1, "kick": 1, "snare": 1, "horns": 1, "high": 0.8, "hat": 1, "bells": 0.8},
            1,
        ),
        Section(
            "B",
            prog("C2M D2M E2m E2m C2M D2M B1M B1M"),
            {"ostinato": 0.8, "timp": 1, "cellos": 1, "pad": 1, "hat": 0.6},
            2,
        ),
        Section("bridge", prog("A1m A1m C2M C2M D2M D2M B1M B1M"), {"half": 1, "pad": 1, "flute": 1}, 3),
        Section(
            "A''", a, {"ostinato": 1, "kick": 1, "snare": 1, "horns": 1, "high": 1, "timp": 0.6, "hat": 1}, 1
        ),
        Section(
            "outro",
            prog("C2M D2M E2m E2m C2M D2M B1M B1M"),
            {"ostinato": 1, "kick": 1, "timp": 1, "pad": 0.8},
        ),
    ]
    song = Song(132, sections)
    song.chords("pad", warm_pad, 0.055, octave=1, spread=0.6, seed=23000)
    song.arpeggio("ostinato", staccato, [0, 0, 10, 0, 0, 10, 2, 1], 0.5, 0.09, 0.2, 0, 23100, -0.4)
    song.arpeggio("bells", vibes, [10, 11, 12, 11], 1.0, 0.045, 1.0, 1, 23200, 0.5)
    heroic = [64, 66, 67, 69, 71, 72, 74]
    song.melody("horns", horn, heroic, 62, 79, 0.13, 0.2, 24001)
    song.melody("high", fiddle, heroic, 74, 91, 0.06, -0.3, 24001)
    song.melody("cellos", cello, heroic, 48, 67, 0.14, -0.1, 24101)
    song.melody("flute", whistle, heroic, 67, 86, 0.14, 0.1, 24201, legato=0.25)
    kick = lambda sd: s.kick(0.45, sd)  # noqa: E731
    song.drums("kick", [(b, kick, 0.3, 0.0) for b in range(4)], seed=25000)
    snr = _hit(s.snare, 0.3)
    song.drums(
        "snare",
        [(1, snr, 0.12, 0.1), (3, snr, 0.12, 0.1)],
        [(1, snr, 0.12, 0.1)] + [(3 + i / 4, snr, 0.07 + 0.02 * i, 0.1) for i in range(4)],
        25100,
    )
    song.drums("half", [(0, kick, 0.28, 0.0), (2, snr, 0.1, 0.1)], seed=25200)
    timp = lambda sd: s.timpani(41.2, 1.2, sd)  # noqa: E731
    song.drums("timp", [(0, timp, 0.3, -0.2), (1.5, timp, 0.14, -0.2), (2, timp, 0.2, -0.2)], seed=25300)
    hat = shaker_hit(0.06, 8000)
    song.drums("hat", [(j / 2, hat, 0.06 if j % 2 else 0.04, 0.45) for j in range(8)], seed=25400)
    return song.finish(0.28, 2.0, 85)


def world_map() -> np.ndarray:
    """The world-map bonus: a travelling theme in G, 100 bpm; harp and marimba-like bells move,
    strings carry the tune, a horn answers; a calmer B and a flute bridge over the pad."""
    a = prog("G2M D2M E2m C2M G2M D2M C2M D2M")
    sections = [
        Section("intro", prog("G2M D2M C2M D2M"), {"harp": 0.8, "pad": 0.6, "shaker": 0.6}),
        Section("A", a, {"harp": 1, "pad": 0.7, "strings": 1, "bass": 1, "shaker": 1, "tom": 1}, 1),
        Section(
            "B",
            prog("E2m C2M G2M D2M E2m C2M A1M D2M"),
            {"bells": 1, "horn": 1, "bass": 1, "pad": 1, "tom": 0.7},
            2,
        ),
        Section(
            "A'",
            a,
            {"harp": 1, "strings": 1, "horn2": 0.8, "bass": 1, "shaker": 1, "tom": 1, "bells": 0.6},
            1,
        ),
        Section("bridge", prog("C2M C2M A1m A1m E2m E2m D2M D2M"), {"pad": 1, "flute": 1, "harp": 0.4}, 3),
        Section(
            "outro", prog("C2M D2M C2M D2M"), {"harp": 1, "pad": 0.8, "bass": 1, "shaker": 1, "tom": 0.8}
        ),
    ]
    song = Song(100, sections)
    song.chords("pad", soft_pad, 0.06, octave=1, seed=26000)
    song.arpeggio("harp", harp, [0, 2, 1, 10, 2, 12, 11, 10], 0.5, 0.12, 2.0, 1, 26100, 0.6)
    song.arpeggio("bells", vibes, [0, 1, 2, 10, 2, 1, 10, 12], 0.5, 0.05, 0.8, 1, 26200, -0.5)
    song.bassline("bass", upright, [(0, 0, 1.5), (1.5, 7, 0.5), (2, 0, 1), (3, 7, 1)], 0.24, -1, 26300)
    major = [67, 69, 71, 72, 74, 76, 78]
    song.melody("strings", fiddle, major, 67, 86, 0.12, -0.2, 27001)
    song.melody("horn", horn, [67, 69, 71, 74, 76], 60, 79, 0.11, 0.2, 27101)
    song.melody("horn2", horn, [67, 69, 71, 74, 76], 55, 74, 0.07, 0.3, 27001)
    song.melody("flute", whistle, major, 67, 86, 0.15, 0.1, 27201, legato=0.3)
    tom = lambda sd: s.tom(0.4, 120, sd)  # noqa: E731
    song.drums(
        "tom",
        [(0, tom, 0.14, 0.2), (1.5, tom, 0.08, 0.2), (2, lambda sd: s.tom(0.4, 95, sd), 0.12, -0.2)],
        seed=28000,
    )
    hat = shaker_hit(0.08, 6000)
    song.drums("shaker", [(j / 2, hat, 0.05 if j % 2 else 0.035, 0.5) for j in range(8)], seed=28100)
    return song.finish(0.32, 2.4, 86)


# ----------------------------------------------------------------------------- stings


def cascade() -> np.ndarray:
    """Winning symbols burst and the rest fall: stone crumbling on low thumps, a sparkle."""
    tr = s.Track(1.6)
    r = s.rng(6001)
    for k in range(5):
        tr.put(s.tom(0.3, 70 + 20 * r.random(), 6002 + k), k * 0.07, 0.5 - 0.07 * k)
    for k in range(26):
        g = n_of(0.04)
        grain = s.bandpass(s.noise(g, 6010 + k), 600 + 2400 * r.random(), 1.5) * np.exp(-tt(g) / 0.01)
        tr.put(grain, r.random() * 0.6, 0.5 * (1 - k / 30))
    arpeggio([88, 95], 0.05, 0.8, "bell", 0.25, 6040, tr, 0.05)
    return _finish(_mono(tr.out()), 0.2, 1.2, 23)


def ladder_step() -> np.ndarray:
    """One step up the win ladder: a wooden marimba note with a bright tick."""
    n = n_of(0.7)
    t = tt(n)
    f = midi(79)
    bar_ = np.sin(2 * np.pi * f * t) * np.exp(-t / 0.25) + 0.4 * np.sin(
        2 * np.pi * f * 3.93 * t + 1
    ) * np.exp(-t / 0.06)
    tick = s.bandpass(s.noise(n, 6101), 4000, 2) * np.exp(-t / 0.004)
    return _finish(bar_ + 0.4 * tick, 0.15, 0.8, 24)


def super_mode() -> np.ndarray:
    """Super mode: a rising chord and riser that break into a brass hit, timpani and a crash."""
    tr = s.Track(4.0)
    n = n_of(1.2)
    t = tt(n)
    for i, m in enumerate((40, 47, 52, 55)):
        f = midi(m) * 2 ** (t * 12 / 12 / 1.2)
        ph = 2 * np.pi * np.cumsum(f) / SR
        tr.put(sum(np.sin(k * ph + k) / k for k in range(1, 10)) * (t / 1.2) ** 2, 0.0, 0.12, (i - 1.5) * 0.4)
    tr.put(_riser(1.2, 500, 8000, 6201), 0.0, 0.4)
    _stab(tr, [40, 52, 59, 64, 67, 71], 1.2, 2.2, 1.1, 6210, spread=0.8)
    tr.put(s.timpani(41.2, 1.8, 6220), 1.2, 0.9)
    tr.put(s.cymbal(2.6, 6221), 1.2, 0.2, 0.4)
    return _music(tr, 0.28, 2.2, 25)


def passport_stamp() -> np.ndarray:
    """A passport stamp: the rubber thud on paper, a slap and a tiny rattle of the handle."""
    n = n_of(0.6)
    t = tt(n)
    thud = np.sin(2 * np.pi * np.cumsum(110 * (1 + 0.8 * np.exp(-t / 0.01))) / SR) * np.exp(-t / 0.05)
    slap = s.bandpass(s.noise(n, 6301), 1400, 1.0) * np.exp(-t / 0.018)
    rattle = s.bandpass(s.noise(n, 6302), 3500, 3) * np.exp(-np.maximum(t - 0.06, 0) / 0.01) * (t > 0.06)
    return _finish(thud + 0.8 * slap + 0.25 * rattle, 0.12, 0.7, 26)


def adventure_start() -> np.ndarray:
    """A global adventure begins: horns call E–B–E'–G over timpani and swell to a G major chord."""
    tr = s.Track(4.0)
    call = ((64, 0.0, 0.3), (71, 0.3, 0.3), (76, 0.6, 0.45), (79, 1.05, 2.2))
    _brass_call(tr, call, 6400, (1.0, 0.8), 0.03, (0.45, 0.3), 0.2)
    _stab(tr, [43, 55, 59, 62, 67], 1.05, 2.2, 0.8, 6410)
    for i, at in enumerate((0.0, 0.6, 1.05)):
        tr.put(s.timpani(41.2 if i < 2 else 49.0, 1.5, 6420 + i), at, 0.8)
    for i, m in enumerate([55, 59, 62, 67]):
        tr.put(s.bowed(midi(m + 12), 2.4, 6430 + i, 0.7, 0.3), 1.05, 0.1, (i - 1.5) * 0.4)
    return _music(tr, 0.3, 2.4, 27)


def fragment() -> np.ndarray:
    """A map fragment found: a glittering run of high bells over a soft shimmer."""
    tr = s.Track(2.4)
    arpeggio([84, 88, 91, 96, 100], 0.05, 1.3, "bell", 0.45, 6501, tr)
    n = n_of(1.2)
    tr.put(
        s.bandpass(s.noise(n, 6502), 7000, 1.0) * np.exp(-tt(n) / 0.4) * np.minimum(tt(n) / 0.1, 1), 0.0, 0.15
    )
    tr.put(s.bell(midi(72), 1.8, 6503), 0.0, 0.3)
    return _finish(_mono(tr.out()), 0.3, 1.8, 28)


def jackpot() -> np.ndarray:
    """The jackpot: a cascade of bells down and up, brass I–V–I in E♭, coins without end."""
    tr = s.Track(4.0)
    for i, m in enumerate([99, 94, 91, 87, 82, 79, 75, 70]):
        tr.put(s.bell(midi(m), 1.4, 6600 + i), i * 0.05, 0.22, 0.5 * (-1) ** i)
    steps = (
        ([51, 58, 63, 67], 0.45, 0.25),
        ([46, 53, 58, 62], 0.72, 0.25),
        ([39, 51, 58, 63, 67, 70, 75], 1.0, 2.6),
    )
    for i, (notes, at, d) in enumerate(steps):
        _stab(tr, notes, at, d, 1.0, 6610 + 10 * i)
        tr.put(s.timpani(38.9, 1.4, 6640 + i), at, 0.7)
    arpeggio([75, 79, 82, 87, 91, 94, 99], 0.05, 1.3, "bell", 0.25, 6650, tr, 1.0, 0.6)
    coins(tr, 0.9, 2.8, 70, 6660, 0.12)
    tr.put(s.cymbal(2.6, 6670), 1.0, 0.18, -0.3)
    return _music(tr, 0.28, 2.2, 29)


def disc_hit() -> np.ndarray:
    """A clay disc shot in the shoot-out: a ceramic crack with ringing shards."""
    n = n_of(0.9)
    t = tt(n)
    crack = s.bandpass(s.noise(n, 6701), 3000, 0.8) * np.exp(-t / 0.01)
    pop = np.sin(2 * np.pi * np.cumsum(190 * (1 + np.exp(-t / 0.01))) / SR) * np.exp(-t / 0.03)
    ring = sum(
        np.sin(2 * np.pi * f * t + f) * np.exp(-t / tau)
        for f, tau in ((2330, 0.12), (3710, 0.08), (5120, 0.05))
    )
    shards = np.zeros(n)
    r = s.rng(6702)
    for _k in range(20):
        st = n_of(0.02 + r.random() * 0.4)
        g = n_of(0.015)
        if st + g < n:
            shards[st : st + g] += (
                s.bandpass(s.noise(g, int(r.integers(1 << 30))), 3000 + 4000 * r.random(), 3)
                * np.exp(-tt(g) / 0.004)
                * 0.5
            )
    return _finish(0.6 * crack + 0.5 * pop + 0.3 * ring + shards, 0.18, 1.0, 30)


# ------------------------------------------------------------------ the interface (tools.assets.games)

TITLE = ("SECRET OF THE SWORD", "TOMB RAIDER", False)
THEME = dict(
    title=gfx.GOLD,
    sub=gfx.SILVER,
    glow=(255, 170, 60),
    accent=(255, 200, 120),
    face=["#1a1408", "#080602"],
)
HERO = "symbols/key.png"
ARTEFACTS = ("closed", "fragment", "trap", "treasure", "bonus")
DISCS = ("disc_back", "disc_face")


def frame() -> np.ndarray:
    return tomb_frame()


def images(lang: str | None = None) -> dict[str, object]:
    """The symbols, the artefacts and the discs (`tombraider_art`); in `lang`, the ones with
    words in them."""
    from tools.assets.games import tombraider_art

    if lang is not None:
        return {"symbols/portrait.png": tombraider_art.portrait_symbol(lang)}
    return {
        **{f"symbols/{k}.png": v for k, v in tombraider_art.symbols().items()},
        **{f"artefacts/{k}.png": v for k, v in tombraider_art.artefacts().items()},
        **{f"discs/{k}.png": v for k, v in tombraider_art.discs().items()},
    }


def backdrops() -> dict[str, np.ndarray]:
    out = {"background.jpg": tomb_bg(), "background_free.jpg": tomb_bg(True)}
    for loc in LOCATIONS:
        out[f"locations/{loc}.jpg"] = location_bg(loc)
    return out


MUSIC = {"music": tombraider}
FEATURE_MUSIC = {"free_spins": tomb_free, "world_map": world_map}
SOUNDS = {
    "cascade": cascade,
    "ladder_step": ladder_step,
    "super_mode": super_mode,
    "passport_stamp": passport_stamp,
    "adventure_start": adventure_start,
    "fragment": fragment,
    "jackpot": jackpot,
    "disc_hit": disc_hit,
}


def contact_order(defn) -> list[str]:
    """The feature symbols first (wild, scatter, bonus: any kind but regular), then the pictures,
    then the card ranks from the ace down (a rank is named in one or two characters)."""
    kinds = {s.id: s.kind for s in defn.symbols}
    names = {s.id: s.name for s in defn.symbols}
    regular = [s for s in defn.symbol_ids if kinds[s] == "regular"]
    ranks = [s for s in regular if len(names[s]) <= 2]
    features = [s for s in defn.symbol_ids if kinds[s] != "regular"]
    return [*features, *(s for s in regular if s not in ranks), *ranks[::-1]]


def contact_rows(root, load, names) -> list[tuple[str, list]]:
    return [
        (
            "artefacts (140×140) and discs (120×120)",
            [(n, load(root, f"tombraider/artefacts/{n}.png")) for n in ARTEFACTS]
            + [(n, load(root, f"tombraider/discs/{n}.png")) for n in DISCS],
        )
    ]


def contact_backdrops(root, load) -> list[tuple[str, object]]:
    import pygame

    out = [(f"locations/{n}", load(root, f"tombraider/locations/{n}")) for n in LOCATIONS]
    return [*out, ("maps/world_tiles", pygame.image.load(str(root / "assets/maps/world_tiles.png")))]


# ----------------------------------------------------------------------------- rendered figures


def render_jobs() -> dict:
    """The game's Blender figures (`tools.assets.render.jobs`), name → Figure: the gold climber,
    rider and gunslinger, the silver sword, the gold key, the leather passport, the Portrait as a
    gold cameo with bronze hair, the artefacts (the closed jar's ? in gold) and the Shoot-out's
    clay discs."""
    from tools.assets.games import tombraider_art as tr
    from tools.assets.render.jobs import DARK_BRONZE, GOLD, LEATHER, SILVER, STEEL, Figure, broad
    from tools.assets.render.jobs import icon_at as at

    rider = Figure(160, 160, tr.rider_mask, GOLD)
    f = {
        "climber": Figure(160, 160, tr.climber_mask, GOLD, DARK_BRONZE, broad(tr.climber_mask, 7)),
        "rider": Figure(160, 160, tr.rider_mask, GOLD, height_fn=lambda H, W: _rider_heights(rider, H, W)),
        "gunslinger": Figure(160, 160, tr.gunslinger_mask, GOLD),
        "sword": Figure(160, 160, at("shining-sword", 124, 80, 80), SILVER),
        "key": Figure(160, 160, at("skeleton-key", 112, 80, 80), GOLD),
        "portrait": _cameo(),
        "passport": Figure(160, 160, at("passport", 104, 80, 80), LEATHER),
        "artefact_closed": _jar(),
        "artefact_fragment": Figure(140, 140, at("fragmented-sword", 100, 70, 70), SILVER, exposure=0.3),
        "artefact_trap": Figure(140, 140, at("wolf-trap", 96, 70, 70), STEEL, exposure=0.5),
        "artefact_treasure": Figure(140, 140, at("open-treasure-chest", 98, 70, 70), GOLD),
        "artefact_bonus": Figure(140, 140, at("coins-pile", 96, 70, 70), GOLD),
        "disc_back": _disc(False),
        "disc_face": _disc(True),
    }
    return f


def _rider_heights(fig, H: int, W: int) -> np.ndarray:
    """The rider's relief with the motorcycle's drawn lines (the OpenMoji outline) and the
    rider's own outline engraved, so wheels, tank and body read in the metal."""
    from tools.assets.games.tombraider_art import rider_mask
    from tools.assets.kit import SS
    from tools.assets.render.jobs import height_field
    from tools.assets.sources import openmoji_path

    m = rider_mask(H, W)
    bike = kit.svg_fit(openmoji_path("1F3CD"), 130 * SS, 100 * SS)
    # the emoji's colour layer, cropped and fitted exactly as kit.svg_fit fits its mask
    layer = gfx.svg_layer(openmoji_path("1F3CD"), 130 * SS * 2)
    rows = np.where(layer[..., 3].max(axis=1) > 0.02)[0]
    cols = np.where(layer[..., 3].max(axis=0) > 0.02)[0]
    layer = layer[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    layer = gfx.resize(layer, bike.shape[1], bike.shape[0])
    ink = (layer[..., 3] > 0.5) & (layer[..., :3].max(axis=2) < 0.2 * layer[..., 3])
    lines = gfx.place(ink.astype(np.float32), H, W, W / 2, H / 2 + 22 * SS)
    body = np.clip(m - gfx.place(bike, H, W, W / 2, H / 2 + 22 * SS), 0, 1)
    edge = np.clip(gfx.dilate(body, 1.5 * SS) - body, 0, 1)
    groove = gfx.blur(np.maximum(lines, edge), 1.5 * SS)
    return np.clip(height_field(fig, m) - groove * 3.5, 0, None) * (m > 0.5)


# the Portrait's profile, facing left (logical px on the 160 canvas): brow, nose, lips, chin, jaw
PROFILE = [
    (70, 26), (62, 34), (59, 44), (58, 48), (60, 52), (58, 55), (51, 63), (56, 66), (56, 69),
    (54.5, 71), (57, 73), (55.5, 75), (57, 80), (61, 85), (70, 88), (84, 82), (100, 70), (92, 30),
]  # fmt: skip
SHOULDERS = [(70, 96), (42, 108), (26, 128), (24, 152), (140, 152), (138, 126), (122, 106), (98, 96)]


def _cameo():
    """The Portrait as a gold cameo (an original adventurer, no likeness): a profile facing left
    with brow, eye, nose, lips and chin, the hair swept back in bronze strands into a beaded
    braid, the neck and shoulders with a tank top's straps."""
    from tools.assets.kit import SS
    from tools.assets.render.jobs import DARK_BRONZE, GOLD, built, ellipsoid, heights

    def build(H, W):
        x, y = gfx.grid(H, W)
        X, Y = x / SS, y / SS  # logical px

        def poly(pts):
            return gfx.sd_polygon(H, W, [(px * SS, py * SS) for px, py in pts])

        def ell(cx, cy, rx, ry):
            return gfx.sd_ellipse(H, W, cx * SS, cy * SS, rx * SS, ry * SS)

        def bump(cx, cy, rx, ry, rz):
            return ellipsoid(x, y, cx * SS, cy * SS, rx * SS, ry * SS, rz * SS) / SS

        def swell(cx, cy, rx, ry, rz):  # a bump that meets the surface smoothly
            t = np.clip(1 - ((X - cx) / rx) ** 2 - ((Y - cy) / ry) ** 2, 0, 1)
            return rz * t * t

        def groove(sd, soft):
            return gfx.blur(gfx.cover(sd), soft * SS)

        head = np.minimum(poly(PROFILE), ell(86, 52, 24, 28))
        neck = poly([(71, 84), (69, 104), (99, 104), (101, 74)])
        body_sd = np.minimum(np.minimum(head, neck), poly(SHOULDERS) + 3 * SS)
        body = gfx.cover(body_sd)
        # hair: the head behind a line from the forehead to the nape, and the crown's volume
        behind = (X - 64) * (80 - 28) - (Y - 28) * (98 - 64) > 0
        hair = gfx.blur((gfx.cover(np.minimum(head, ell(86, 40, 22, 17))) * behind).astype(F), 0.8 * SS)
        ear = gfx.cover(ell(86, 60, 4.5, 7))
        beads = [(103 + 2.4 * i, 70 + 8 * i) for i in range(7)]
        braid = np.zeros((H, W), F)
        braid_m = np.zeros((H, W), F)
        for bx, by in beads:
            braid = np.maximum(braid, bump(bx, by, 5.6, 5.0, 5.0))
            braid_m = np.maximum(braid_m, gfx.cover(ell(bx, by, 5.6, 5.0)))
        mask = np.maximum(np.maximum(body, hair), braid_m)
        hgt = heights(np.maximum(body, hair), bevel=6.0, relief=7.0, dome=8.0)
        hgt += swell(70, 64, 10, 9, 2.5) + swell(65, 47, 7, 2.8, 1.8)  # cheek, brow
        hgt += swell(84, 126, 44, 20, 5.0) * body  # chest
        strands = 0.5 + 0.5 * np.sin(np.arctan2(Y - 70, X - 103) * 46)
        hgt += hair * (2.5 + strands * 1.4)
        hgt += swell(86, 60, 4.5, 7, 2.5)
        hgt = np.where(braid_m > 0.5, np.maximum(hgt, 10 + braid), hgt)
        cut = (
            groove(ell(66.5, 52, 4.2, 1.5), 0.7) * 3.0  # the eye
            + groove(gfx.sd_segment(H, W, 55 * SS, 72 * SS, 60 * SS, 71.5 * SS, 0.6 * SS), 0.5) * 2.0  # lips
            + groove(np.abs(ell(87, 60, 2.2, 4.2)) - 0.5 * SS, 0.6) * 1.5  # the ear's fold
            + groove(gfx.sd_segment(H, W, 62 * SS, 104 * SS, 56 * SS, 152 * SS, 2.2 * SS), 1.0)
            * 3.0  # straps
            + groove(gfx.sd_segment(H, W, 104 * SS, 102 * SS, 110 * SS, 152 * SS, 2.2 * SS), 1.0) * 3.0
        )
        hgt = np.clip(hgt - cut, 0, None) * (mask > 0.02)
        return mask, hgt.astype(F), np.clip(np.maximum(hair - ear, braid_m), 0, 1)

    return built(160, 160, build, GOLD, DARK_BRONZE)


def _jar():
    """The closed artefact: a bronze amphora with a gold question mark raised on it."""
    from tools.assets.kit import SS
    from tools.assets.render.jobs import BRONZE, GOLD, built, heights

    def build(H, W):
        jar = gfx.place(kit.icon("amphora", 92 * SS), H, W, W / 2, H / 2)
        q = gfx.place(kit.text("?", 36 * SS, 44 * SS), H, W, W / 2, H / 2 + 10 * SS)
        jar_h = heights(jar)
        hgt = np.where(q > 0.5, jar_h + 1.5 + heights(q, 2.0, 3.5, 1.0), jar_h)  # the ? stands on the jar
        return np.maximum(jar, q), hgt.astype(F), q

    return built(140, 140, build, BRONZE, GOLD)


def _disc(face: bool):
    """A Shoot-out clay disc, 120 px: the face a target of orange rings round a flat cream centre
    (the value is printed there at run time), the back ribbed with gold crossed pistols."""
    from tools.assets.kit import SS
    from tools.assets.render.jobs import CLAY, GOLD, built, heights

    def build(H, W):
        cx, cy = W / 2, H / 2
        x, y = gfx.grid(H, W)
        sd = gfx.sd_circle(H, W, cx, cy, 56 * SS)
        m = gfx.cover(sd)
        r = np.hypot(x - cx, y - cy) / (56 * SS)
        rim = gfx.cover(np.abs(sd + 2.2 * SS) - 2.2 * SS) * m
        if face:
            rings = 0.5 + 0.5 * np.cos(r * 26)
            col = gfx.ramp(
                0.35 + 0.25 * rings * (r > 0.62), [(0, "#5a1a04"), (0.5, "#e8601a"), (1, "#ffd09a")]
            )
            centre = gfx.cover(gfx.sd_circle(H, W, cx, cy, 36 * SS))
            col = col * (1 - centre[..., None]) + centre[..., None] * gfx.rgb((250, 238, 214))
            hgt = gfx.bevel_height(sd, 10 * SS) * 8 + rings * (r > 0.62) * 0.8 - gfx.blur(centre, 4 * SS) * 3
            return m, (hgt * (m > 0.02)).astype(F), rim, col
        ang = np.arctan2(y - cy, x - cx)
        grooves = 0.5 + 0.5 * np.cos(ang * 16)
        col = gfx.ramp(
            0.3 + 0.4 * grooves * (r > 0.3) + 0.2 * (r < 0.3),
            [(0, "#3a1204"), (0.5, "#c04a12"), (1, "#ff9a4a")],
        )
        pistols = gfx.place(kit.icon("crossed-pistols", 56 * SS), H, W, cx, cy)
        hgt = (1 - r**2).clip(0, 1) * 12 + grooves * (r > 0.3) * 1.2
        hgt = np.where(pistols > 0.5, np.maximum(hgt, 10 + heights(pistols, 2.0, 3.5, 1.0)), hgt)
        return m, (hgt * (m > 0.02)).astype(F), np.maximum(rim, pistols), col

    return built(120, 120, build, CLAY, GOLD, albedo=True, exposure=-0.5)
