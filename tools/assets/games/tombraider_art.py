# ruff: noqa: N803, N806 (image maths: H, W and SS are the conventional names)
"""Tomb Raider – Secret of the Sword: sandstone tablets with enamel royals, sunset medallions
with adventurer silhouettes (original shapes, no likeness), a gold portrait wild, key scatter,
passport bonus, artefacts and shoot-out discs.
"""

from __future__ import annotations

import numpy as np

from tools.assets import gfx, kit, words
from tools.assets.dress import Material
from tools.assets.kit import SS
from tools.assets.sources import openmoji_path

ROYALS = {
    "ace": ("A", ["#ffd0c0", "#e8402a", "#6a0a04"]),
    "king": ("K", ["#d0e4ff", "#2a70e8", "#061a5a"]),
    "queen": ("Q", ["#d8ffd0", "#2ab84a", "#04400e"]),
    "jack": ("J", ["#f4d8ff", "#a040e0", "#30064a"]),
    "ten": ("10", ["#fff0c0", "#f09a1a", "#5a2a02"]),
}
SUNSET = ["#4a1006", "#b03a10", "#f08024", "#ffc860", "#fff6d8"]
SAND = ["#f0d29a", "#c89a5a", "#7a5028"]


def sandstone(w: int, h: int, seed: int, radius=16, inset=6):
    H, W = h * SS, w * SS
    sd = gfx.sd_round_rect(H, W, W / 2, H / 2, W / 2 - inset * SS, H / 2 - inset * SS, radius * SS)
    sd = sd + (gfx.value_noise(H, W, 8 * SS, seed, 3) - 0.5) * 3 * SS
    m = gfx.cover(sd)
    hf = gfx.bevel_height(sd, 11 * SS) * 12 * SS + kit.stone_height(H, W, seed, 2.5 * SS)
    n = gfx.value_noise(H, W, 20 * SS, seed + 1, 5)
    strata = 0.5 + 0.5 * np.sin(gfx.grid(H, W)[1] / (7 * SS) + n * 5)
    alb = gfx.ramp(0.3 + 0.5 * n + 0.15 * strata, [(0, SAND[2]), (0.5, SAND[1]), (1, SAND[0])])
    return sd, m, hf, alb


def royal_symbol(label: str, enamel, seed: int) -> np.ndarray:
    W = H = 160 * SS
    out = gfx.empty(H, W)
    _sd, m, hf, alb = sandstone(160, 160, seed)
    kit.drop(out, m, dy=4, r=7, a=0.8)
    # a carved recessed panel inside the tablet
    panel = gfx.sd_round_rect(H, W, W / 2, H / 2, 56 * SS, 56 * SS, 10 * SS)
    pm = gfx.cover(panel)
    hf2 = hf - gfx.blur(pm, 6 * SS) * 5 * SS
    alb2 = alb * (1 - 0.25 * pm[..., None])
    col = gfx.lit(alb2, hf2, strength=0.55, ambient=0.5, spec_k=0.1)
    gfx.over(out, gfx.paint(col, m))
    glyph = kit.text(label, 118 * SS if len(label) > 1 else 92 * SS, 108 * SS)
    gm = gfx.place(glyph, H, W, W / 2, H / 2 + 2 * SS)
    kit.halo(out, gm, gfx.rgb(enamel[1]), 8, 1.0)
    kit.drop(out, gm, dy=3, r=4, a=0.8)
    # gold border around the enamel letter
    border = gfx.dilate(gm, 3.2 * SS)
    kit.outlined(out, border, 1.2 * SS, (30, 16, 4))
    gfx.over(out, kit.emboss_metal(border, gfx.GOLD, bevel=3 * SS))
    fill = kit.vgrad_in(gm, [(0, enamel[0]), (0.45, enamel[1]), (1, enamel[2])])
    gfx.over(out, kit.emboss(gm, fill, bevel=4 * SS, strength=2.0, spec=0.7, gloss=36))
    return kit.finish(out)


def medallion(seed: int, sky=SUNSET, rim=gfx.BRONZE):
    """Round sunset medallion with a bronze rim: (layer, face mask)."""
    W = H = 160 * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    sd = gfx.sd_circle(H, W, cx, cy, 74 * SS)
    kit.drop(out, gfx.cover(sd), dy=4, r=7, a=0.8)
    rimlayer, face_sd = kit.rim_ring(sd, 9 * SS, rim)
    face_m = gfx.cover(face_sd)
    x, y = gfx.grid(H, W)
    # a bright low sun right behind the figure so the dark silhouette reads at a glance
    t = gfx.radial_t(H, W, cx, cy + 8 * SS, 110 * SS)
    col = gfx.ramp(1 - t, [(0, sky[0]), (0.3, sky[1]), (0.6, sky[2]), (0.82, sky[3]), (1, sky[4])])
    # distant hills
    hills = gfx.cover(y - (H * 0.8 + 6 * SS * np.sin(x / (17 * SS) + seed)))
    col = col * (1 - 0.55 * hills[..., None])
    col *= (1 - 0.45 * gfx.blur(1 - face_m, 12 * SS) * face_m)[..., None]
    gfx.over(out, gfx.paint(np.clip(col, 0, 1), face_m))
    gfx.over(
        out, kit.rays(H, W, cx, cy + 20 * SS, 12, (255, 220, 150), seed, 0.1, 1.2) * face_m[..., None] * 0.6
    )
    return out, face_m, rimlayer


def relief_symbol(key: str, seed: int) -> np.ndarray:
    """A rendered gold relief (`render/jobs.py`) on the sunset medallion, inside its bronze rim."""
    out, face_m, rimlayer = medallion(seed)
    fig = gfx.mul_alpha(kit.rendered(key, 160, 160), face_m)
    m = fig[..., 3]
    kit.halo(out, m, (255, 236, 190), 8, 1.0, additive=True)
    kit.drop(out, m, dy=3, r=4, a=0.85)
    kit.outlined(out, m, 1.2 * SS, (40, 14, 4), 0.8)
    gfx.over(out, fig)
    gfx.over(out, rimlayer)
    kit.gloss(out, face_m, 0.1)
    return kit.finish(out)


def climber_mask(H, W):
    return gfx.place(kit.icon("mountain-climbing", 124 * SS), H, W, W / 2, H / 2 + 4 * SS)


def gunslinger_mask(H, W):
    return gfx.place(kit.icon("crossed-pistols", 118 * SS), H, W, W / 2, H / 2 + 2 * SS)


def rider_mask(H, W):
    bike = kit.svg_fit(openmoji_path("1F3CD"), 130 * SS, 100 * SS)
    m = gfx.place(bike, H, W, W / 2, H / 2 + 22 * SS)
    # a rider leaning over the tank: head, torso and arm, drawn as simple SDF capsules
    cx, cy = W / 2, H / 2
    parts = [
        gfx.sd_circle(H, W, cx - 2 * SS, cy - 30 * SS, 10 * SS),
        gfx.sd_segment(H, W, cx - 16 * SS, cy + 4 * SS, cx - 4 * SS, cy - 18 * SS, 10 * SS),
        gfx.sd_segment(H, W, cx - 4 * SS, cy - 16 * SS, cx + 22 * SS, cy - 6 * SS, 5 * SS),
        gfx.sd_segment(H, W, cx - 16 * SS, cy + 4 * SS, cx + 6 * SS, cy + 16 * SS, 7 * SS),
        gfx.sd_segment(H, W, cx + 6 * SS, cy + 16 * SS, cx + 2 * SS, cy + 30 * SS, 5.5 * SS),
        # ponytail streaming back
        gfx.sd_segment(H, W, cx - 10 * SS, cy - 34 * SS, cx - 30 * SS, cy - 28 * SS, 3.5 * SS),
    ]
    body = gfx.cover(np.minimum.reduce(parts))
    return np.maximum(m, body)


def portrait_mask(H, W, cx, cy, s):
    """An original adventurer head-and-shoulders silhouette, facing three-quarters left."""
    parts = [
        gfx.sd_ellipse(H, W, cx, cy - 22 * s, 19 * s, 23 * s),  # head
        gfx.sd_segment(H, W, cx + 2 * s, cy - 4 * s, cx + 4 * s, cy + 12 * s, 8 * s),  # neck
        gfx.sd_ellipse(H, W, cx + 2 * s, cy + 46 * s, 52 * s, 34 * s),  # shoulders
        gfx.sd_segment(H, W, cx + 16 * s, cy - 24 * s, cx + 30 * s, cy + 4 * s, 6 * s),  # braid
        gfx.sd_segment(H, W, cx + 30 * s, cy + 4 * s, cx + 34 * s, cy + 30 * s, 4.5 * s),
        gfx.sd_circle(H, W, cx - 17 * s, cy - 20 * s, 4 * s),  # nose hint
    ]
    m = gfx.cover(np.minimum.reduce(parts))
    # strap of a backpack across the chest (cut out as a thin line)
    strap = gfx.cover(gfx.sd_segment(H, W, cx - 30 * s, cy + 20 * s, cx + 24 * s, cy + 60 * s, 2.2 * s))
    return np.clip(m - strap * 0.8, 0, 1)


def portrait_symbol(lang: str = "en") -> np.ndarray:
    W = H = 160 * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    frame_sd = gfx.sd_ellipse(H, W, cx, cy - 4 * SS, 62 * SS, 72 * SS)
    kit.halo(out, gfx.cover(frame_sd), (255, 200, 80), 12, 1.3)
    kit.drop(out, gfx.cover(frame_sd), dy=4, r=6)
    rim, face_sd = kit.rim_ring(frame_sd, 9 * SS, gfx.GOLD)
    face_m = gfx.cover(face_sd)
    t = gfx.radial_t(H, W, cx - 10 * SS, cy - 30 * SS, 80 * SS)
    face = gfx.ramp(1 - t, [(0, "#0a2426"), (0.6, "#1f6a64"), (1, "#8ad8c0")])
    gfx.over(out, gfx.paint(face, face_m))
    gfx.over(out, kit.rays(H, W, cx, cy - 30 * SS, 12, (200, 255, 230), 4, 0.1) * face_m[..., None] * 0.5)
    bust = gfx.mul_alpha(kit.rendered("tombraider/portrait", 160, 160), face_m)
    kit.drop(out, bust[..., 3], dy=3, r=5, a=0.8)
    gfx.over(out, bust)
    gfx.over(out, rim)
    # WILD ribbon across the bottom
    rib = gfx.sd_round_rect(H, W, cx, 134 * SS, 60 * SS, 16 * SS, 6 * SS)
    rm = gfx.cover(rib)
    kit.drop(out, rm, dy=3, r=4)
    rrim, rin = kit.rim_ring(rib, 3 * SS, gfx.GOLD)
    gfx.over(
        out,
        gfx.paint(
            gfx.ramp(gfx.linear_t(H, W, 90, None, 134 * SS, 32 * SS), [(0, "#b0261a"), (1, "#4a0604")]),
            gfx.cover(rin),
        ),
    )
    gfx.over(out, rrim)
    wm = gfx.place(kit.text(words.word("WILD", lang), 90 * SS, 22 * SS), H, W, cx, 135 * SS)
    gfx.over(out, kit.emboss_metal(wm, gfx.GOLD, bevel=2 * SS))
    kit.gloss(out, face_m, 0.12)
    gfx.add(out, gfx.sparkle(H, W, 40 * SS, 30 * SS, 26 * SS))
    return kit.finish(out)


def special_on_frame(render: str, face_cols, glow_col, octagon=True, seed=0) -> np.ndarray:
    """A rendered figure (`render/jobs.py`) on a glowing octagonal or round gold-rimmed face."""
    W = H = 160 * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    if octagon:
        sd = gfx.sd_polygon(H, W, gfx.regular_polygon(cx, cy, 78 * SS, 8, np.pi / 8)) + 2 * SS
    else:
        sd = gfx.sd_circle(H, W, cx, cy, 74 * SS)
    kit.halo(out, gfx.cover(sd), glow_col, 12, 1.4)
    kit.drop(out, gfx.cover(sd), dy=4, r=6)
    rim, face_sd = kit.rim_ring(sd, 9 * SS, gfx.GOLD)
    face_m = gfx.cover(face_sd)
    t = gfx.radial_t(H, W, cx, cy - 10 * SS, 70 * SS)
    gfx.over(
        out, gfx.paint(gfx.ramp(1 - t, [(0, face_cols[0]), (0.6, face_cols[1]), (1, face_cols[2])]), face_m)
    )
    gfx.over(out, kit.rays(H, W, cx, cy, 10, glow_col, seed, 0.1) * face_m[..., None] * 0.7)
    gfx.over(out, rim)
    kit.place_rendered(out, render, glow_col, 10)
    kit.gloss(out, face_m, 0.12)
    gfx.add(out, gfx.sparkle(H, W, 46 * SS, 38 * SS, 28 * SS))
    return kit.finish(out)


def sword_symbol() -> np.ndarray:
    W = H = 160 * SS
    out, face_m, rimlayer = medallion(
        44, sky=["#020a14", "#0a2a4a", "#1a6a9a", "#7ad0ff", "#e8f8ff"], rim=gfx.GOLD
    )
    kit.place_rendered(out, "tombraider/sword", (150, 220, 255), 10)
    gfx.over(out, rimlayer)
    kit.gloss(out, face_m, 0.12)
    gfx.add(out, gfx.sparkle(H, W, 104 * SS, 52 * SS, 34 * SS))
    return kit.finish(out)


def symbols() -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {"portrait": portrait_symbol()}
    out["key"] = special_on_frame(
        "tombraider/key", ["#02060e", "#0a2a5a", "#2a7ae0"], (120, 200, 255), seed=2
    )
    out["passport"] = special_on_frame(
        "tombraider/passport", ["#0a1a06", "#1e5a12", "#5ac830"], (160, 255, 120), octagon=False, seed=3
    )
    out["climber"] = relief_symbol("tombraider/climber", 11)
    out["rider"] = relief_symbol("tombraider/rider", 12)
    out["gunslinger"] = relief_symbol("tombraider/gunslinger", 13)
    out["sword"] = sword_symbol()
    for i, (name, (label, enamel)) in enumerate(ROYALS.items()):
        out[name] = royal_symbol(label, enamel, 400 + i)
    return out


# ----------------------------------------------------------------------------- artefacts, discs


def artefact(kind: str) -> np.ndarray:
    S = 140
    W = H = S * SS
    out = gfx.empty(H, W)
    _sd, m, hf, alb = sandstone(S, S, 500 + len(kind), radius=20, inset=6)
    kit.drop(out, m, dy=4, r=6, a=0.8)
    col = gfx.lit(alb, hf, strength=0.55, ambient=0.5, spec_k=0.1)
    dark = kind != "closed"
    if dark:
        col *= 0.55
    gfx.over(out, gfx.paint(col, m))
    glow_col = {
        "closed": (255, 200, 120),
        "fragment": (140, 220, 255),
        "trap": (255, 60, 40),
        "treasure": (255, 210, 90),
        "bonus": (255, 230, 120),
    }[kind]
    # the artefact in metal (the closed jar's ? in gold): one render (`render/jobs.py`)
    fig = gfx.mul_alpha(kit.rendered(f"tombraider/artefact_{kind}", S, S), m)
    im = fig[..., 3]
    kit.halo(out, im, glow_col, 10, 1.6 if dark else 0.6, additive=True)
    kit.drop(out, im, dy=3, r=4)
    kit.outlined(out, im, 1.6 * SS)
    gfx.over(out, fig)
    if kind == "closed":  # a dark edge round the gold ? so it reads on the bronze jar
        q = gfx.place(kit.text("?", 36 * SS, 44 * SS), H, W, W / 2, H / 2 + 10 * SS)
        gfx.over(out, gfx.solid(np.clip(gfx.dilate(q, 2 * SS) - q, 0, 1), (40, 20, 0), 0.9))
    return kit.finish(out)


def artefacts() -> dict[str, np.ndarray]:
    return {k: artefact(k) for k in ("closed", "fragment", "trap", "treasure", "bonus")}


def disc(face: bool) -> np.ndarray:
    """A Shoot-out clay disc, rendered (`render/jobs.py`): the face a target round a flat cream
    centre for the printed value, the back ribbed with gold crossed pistols."""
    S = 120
    W = H = S * SS
    out = gfx.empty(H, W)
    fig = kit.rendered(f"tombraider/disc_{'face' if face else 'back'}", S, S)
    kit.drop(out, fig[..., 3], dy=4, r=6)
    gfx.over(out, fig)
    return kit.finish(out)


def discs() -> dict[str, np.ndarray]:
    return {"disc_back": disc(False), "disc_face": disc(True)}


def preview() -> dict[str, np.ndarray]:
    d = symbols()
    d.update(artefacts())
    d.update(discs())
    return d


# ----------------------------------------------------------------------------- the game's dress

# sandstone and gold: the band, boxes and plates of the game's screens (tools/assets/dress.py)


def dress_material() -> Material:
    """The game's dress material: its HUD band, boxes and plates (`tools.assets.dress`)."""
    return Material(
        face=[(0, "#6e5436"), (0.5, "#4e3a24"), (1, "#2c2012")],
        rim=gfx.GOLD,
        accent=(255, 214, 120),
        grain=0.2,
        grain_cell=5.0,
        seed=83,
        pattern="bricks",
        jewel=[(0, "#06122e"), (0.6, "#1c3f8a"), (1, "#6a9ee8")],  # lapis in the gold ring
    )
