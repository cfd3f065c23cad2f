# ruff: noqa: N806 (image maths: H, W and SS are the conventional names)
"""Secret of the Stones: carved-stone royals, enamel animal medallions, wild, scatter, tablets,
wild reel, frame and backdrops. Theme: Celtic night, standing stones, teal mist and gold.
"""

from __future__ import annotations

import numpy as np

from tools.assets import gfx, kit, words
from tools.assets.dress import Material
from tools.assets.gfx import F
from tools.assets.kit import SS

ROYALS = {
    "ten": ("10", (70, 220, 210)),
    "jack": ("J", (90, 160, 255)),
    "queen": ("Q", (200, 120, 255)),
    "king": ("K", (110, 230, 120)),
    "ace": ("A", (255, 190, 80)),
}

ANIMALS = {
    # id: (icon, enamel colours dark→light, figure colours)
    "serpent": ("sea-serpent", ["#07301c", "#127a44", "#3fd27e"], ["#d8ffe4", "#7cf0a8", "#1f9a56"]),
    "wolf": ("wolf-howl", ["#0a1a3a", "#1d4f9a", "#5aa8ff"], ["#f4f8ff", "#b8d6ff", "#5a86c8"]),
    "bull": ("charging-bull", ["#3a0a06", "#9a2a12", "#ff7a3a"], ["#fff0e0", "#ffc08a", "#c8602a"]),
    "owl": ("owl", ["#3a2200", "#a06a0a", "#ffc83a"], ["#fffbe8", "#ffe9a0", "#c89a30"]),
    "deer": ("deer", ["#2a0a3a", "#7a2a9a", "#d67aff"], ["#fff4ff", "#f0c8ff", "#a060c8"]),
}


def stone_block(
    w: int,
    h: int,
    seed: int,
    *,
    inset: float = 6,
    radius: float = 18,
    base=(128, 131, 136),
    rough: float = 3.0,
):
    """A rough-hewn grey stone block with bevelled edges: (layer, mask, height, albedo)."""
    H, W = h * SS, w * SS
    sd = gfx.sd_round_rect(H, W, W / 2, H / 2, W / 2 - inset * SS, H / 2 - inset * SS, radius * SS)
    sd = sd + (gfx.value_noise(H, W, 9 * SS, seed + 11, 3) - 0.5) * rough * 2 * SS
    m = gfx.cover(sd)
    hf = gfx.bevel_height(sd, 12 * SS) * 14 * SS + kit.stone_height(H, W, seed, 3.0 * SS)
    alb = kit.stone_albedo(H, W, seed, base, tint=(92, 110, 70))
    return sd, m, hf, alb


def carved_symbol(rank: str, label: str, glow_col, seed: int) -> np.ndarray:
    """A royal: the stone block with its rank cut in and inlaid in gold, rendered (`render/jobs.py`
    via the game's generator module), the rank's light pooled in the channel around the letter."""
    W = H = 160 * SS
    out = gfx.empty(H, W)
    fig = kit.rendered(f"stones/{rank}", 160, 160)
    m = fig[..., 3]
    kit.drop(out, m, dy=4, r=7, a=0.8)
    gfx.over(out, fig)
    glyph = kit.text(label, 112 * SS if len(label) > 1 else 84 * SS, 96 * SS)
    gm = gfx.place(glyph, H, W, W / 2, H / 2 + 2 * SS)
    channel = np.clip(gfx.dilate(gm, 2.6 * SS) - gm, 0, 1) * m  # the channel's floor round the letter
    gfx.add(out, gfx.solid(gfx.blur(channel, 1.5 * SS) * (1 - gm) * 0.9, glow_col))
    kit.halo(out, channel, glow_col, 6, 0.4, additive=True)
    return kit.finish(out)


def medallion(seed: int, enamel, *, gold_ring: bool = False):
    """The round medallion every Stones picture symbol sits in: a carved stone ring with
    knotwork dots, a gold bezel and an enamel face. Returns (layer, face mask) at SS scale."""
    W = H = 160 * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    sd = gfx.sd_circle(H, W, cx, cy, 74 * SS)
    kit.drop(out, gfx.cover(sd), dy=4, r=7, a=0.8)
    # stone ring
    ring_m = gfx.cover(sd)
    ring_h = gfx.tube_height(sd, -16 * SS, 0) * 10 * SS + kit.stone_height(H, W, seed, 2 * SS)
    ring_col = gfx.lit(
        kit.stone_albedo(H, W, seed, (120, 122, 128)), ring_h, strength=0.7, ambient=0.45, spec_k=0.1
    )
    # carved knotwork dots on the ring
    x, y = gfx.grid(H, W)
    ang = np.arctan2(y - cy, x - cx)
    dots = gfx.cover(np.hypot(np.hypot(x - cx, y - cy) - 66 * SS, 0) - 1.5 * SS) * (np.cos(ang * 24) > 0.6)
    ring_col *= (1 - 0.35 * gfx.blur(dots.astype(F), 3 * SS))[..., None]
    gfx.over(out, gfx.paint(ring_col, ring_m))
    if gold_ring:
        # the wild's ring is inlaid with gold where the others have carved dots
        inlay = gfx.cover(np.abs(np.hypot(x - cx, y - cy) - 66 * SS) - 2.2 * SS)
        gfx.over(out, kit.emboss_metal(inlay * ring_m, gfx.GOLD, bevel=1.5 * SS))
    # gold inner bezel
    bez_sd = sd + 15 * SS
    bez, face_sd = kit.rim_ring(bez_sd, 5 * SS)
    # enamel face
    face_m = gfx.cover(face_sd)
    t = gfx.radial_t(H, W, cx - 10 * SS, cy - 16 * SS, 64 * SS)
    face = gfx.ramp(1 - t, [(0, enamel[0]), (0.55, enamel[1]), (1, enamel[2])])
    face *= (1 - 0.6 * gfx.blur(1 - face_m, 12 * SS) * face_m)[..., None]
    gfx.over(out, gfx.paint(face, face_m))
    gfx.over(out, kit.rays(H, W, cx, cy, 9, gfx.rgb(enamel[2]) * 0.6, seed)[..., :] * face_m[..., None])
    gfx.over(out, bez)
    return out, face_m


def animal_symbol(name: str, seed: int) -> np.ndarray:
    enamel = ANIMALS[name][1]
    out, face_m = medallion(seed, enamel)
    kit.place_rendered(out, f"stones/{name}", gfx.rgb(enamel[2]), 10)
    kit.gloss(out, face_m, 0.16)
    return kit.finish(out)


def wild_symbol(lang: str = "en") -> np.ndarray:
    """A round medallion like the animals' (same stone ring and bezel), gold-inlaid, with a
    glowing triskelion on a deep teal face and WILD struck across it in gold."""
    W = H = 160 * SS
    cx, cy = W / 2, H / 2
    glow = np.zeros((H, W), F)
    glow += gfx.cover(gfx.sd_circle(H, W, cx, cy, 72 * SS))
    out = gfx.empty(H, W)
    kit.halo(out, glow, (255, 196, 80), 9, 1.1)
    base, face_m = medallion(207, ["#021614", "#0a4a44", "#3ad8c0"], gold_ring=True)
    gfx.over(out, base)
    gfx.add(out, kit.rays(H, W, cx, cy, 12, (255, 214, 120), 3, 0.1) * face_m[..., None] * 0.55)
    # the knot in jade and the word in gold: one render (`render/jobs.py`), glowing in the face
    tri = gfx.place(kit.icon("light-thorny-triskelion", 100 * SS), H, W, cx, cy) * face_m
    kit.halo(out, tri, (60, 230, 190), 6, 1.1, additive=True)
    word = gfx.place(kit.text(words.word("WILD", lang), 118 * SS, 46 * SS), H, W, cx, cy + 4 * SS)
    fig = kit.rendered("stones/wild" + ("" if lang == "en" else f".{lang}"), 160, 160)
    kit.drop(out, fig[..., 3], dy=3, r=4, a=0.8)
    gfx.over(out, fig)
    # a dark band behind the word (over the knot, not the word) so the gold reads on it
    band = gfx.cover(gfx.sd_round_rect(H, W, cx, cy + 4 * SS, 66 * SS, 21 * SS, 10 * SS)) * face_m
    gfx.over(out, gfx.solid(gfx.blur(band, 6 * SS) * (1 - word), (2, 10, 10), 0.6))
    edge = np.clip(gfx.dilate(word, 2.2 * SS) - word, 0, 1) * face_m
    gfx.over(out, gfx.solid(edge, (20, 10, 0), 0.85))
    kit.halo(out, word, (255, 170, 40), 8, 0.8, additive=True)
    kit.gloss(out, face_m, 0.14)
    for sx, sy, r in ((40, 40, 24), (122, 118, 18)):
        gfx.add(out, gfx.sparkle(H, W, sx * SS, sy * SS, r * SS, (255, 240, 200)))
    return kit.finish(out)


def scatter_symbol() -> np.ndarray:
    W = H = 160 * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    sd = gfx.sd_circle(H, W, cx, cy, 72 * SS)
    kit.halo(out, gfx.cover(sd), (255, 60, 30), 12, 1.4)
    kit.drop(out, gfx.cover(sd), dy=4, r=7, a=0.7)
    rim, face_sd = kit.rim_ring(sd, 11 * SS)
    face_m = gfx.cover(face_sd)
    t = gfx.radial_t(H, W, cx, cy, 62 * SS)
    face = gfx.ramp(1 - t, [(0, "#1a0202"), (0.6, "#5a0808"), (1, "#b01a10")])
    gfx.over(out, gfx.paint(face, face_m))
    gfx.over(out, kit.rays(H, W, cx, cy, 10, (255, 160, 60), 9, 0.1) * face_m[..., None])
    gfx.over(out, rim)
    # red rune stone
    kit.place_rendered(out, "stones/scatter", (255, 80, 30), 9)
    # golden rivets around the rim
    for i in range(8):
        a = i * np.pi / 4 + np.pi / 8
        px, py = cx + np.cos(a) * 66.5 * SS, cy + np.sin(a) * 66.5 * SS
        dm = gfx.cover(gfx.sd_circle(H, W, px, py, 3.2 * SS))
        gfx.over(out, kit.emboss_metal(dm, gfx.GOLD, bevel=2 * SS))
    gfx.add(out, gfx.sparkle(H, W, 52 * SS, 46 * SS, 30 * SS, (255, 230, 200)))
    return kit.finish(out)


def symbols() -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for i, (rank, (label, col)) in enumerate(ROYALS.items()):
        out[rank] = carved_symbol(rank, label, col, 100 + i)
    for i, name in enumerate(ANIMALS):
        out[name] = animal_symbol(name, 200 + i)
    out["wild"] = wild_symbol()
    out["scatter"] = scatter_symbol()
    return out


# ----------------------------------------------------------------------------- picker tablets

TABLET_FACES = {
    "spins_2": ("+2", "SPINS"),
    "spins_3": ("+3", "SPINS"),
    "spins_4": ("+4", "SPINS"),
    "spins_5": ("+5", "SPINS"),
    "spins_10": ("+10", "SPINS"),
    "mult_1": ("+x1", "MULTIPLIER"),
    "mult_2": ("+x2", "MULTIPLIER"),
    "wild_reel_2": ("2", "WILD REEL"),
    "wild_reel_4": ("4", "WILD REEL"),
    "wild_deer": ("@deer", "WILD"),
    "wild_owl": ("@owl", "WILD"),
}


def tablet(kind: str, lang: str = "en") -> np.ndarray:
    S = 120
    W = H = S * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    is_open = kind not in ("closed", "hover")
    base = (150, 152, 156) if is_open else (112, 116, 120)
    sd, m, hf, alb = stone_block(S, S, 600 + len(kind) * 7, inset=6, radius=22, base=base, rough=2.0)
    if kind == "hover":
        kit.halo(out, m, (80, 255, 210), 10, 1.8)
    kit.drop(out, m, dy=4, r=6, a=0.8)
    if is_open:
        # the lid is gone: a recessed glowing face
        rec = gfx.sd_round_rect(H, W, cx, cy, 44 * SS, 44 * SS, 12 * SS)
        rm = gfx.cover(rec)
        hf = hf - gfx.blur(rm, 5 * SS) * 6 * SS
        alb = alb * (1 - 0.55 * rm[..., None])
    col = gfx.lit(alb, hf, strength=0.6, ambient=0.45, spec_k=0.12)
    gfx.over(out, gfx.paint(col, m))
    if not is_open:
        tri = gfx.place(kit.icon("light-thorny-triskelion", 70 * SS), H, W, cx, cy)
        groove = gfx.blur(tri, 3 * SS)
        glow_c = (90, 255, 210) if kind == "hover" else (60, 150, 140)
        gfx.over(out, gfx.solid(groove * m, (10, 14, 16), 0.7))
        gfx.add(out, gfx.solid(gfx.erode(tri, 1.2 * SS) * m, glow_c) * (0.9 if kind == "hover" else 0.45))
        if kind == "hover":
            edge = gfx.cover(np.abs(sd + 3 * SS) - 1.5 * SS)
            gfx.add(out, gfx.glow(edge, (120, 255, 220), 4 * SS, 1.2))
        return kit.finish(out)
    big, small = TABLET_FACES[kind]
    small = words.word(small, lang)
    rec_m = gfx.cover(gfx.sd_round_rect(H, W, cx, cy, 44 * SS, 44 * SS, 12 * SS))
    gfx.add(out, gfx.solid(gfx.blur(rec_m, 16 * SS) * rec_m * 0.35, (90, 255, 210)))
    if big.startswith("@"):
        icon_name = ANIMALS[big[1:]][0]
        mm = gfx.place(kit.icon(icon_name, 56 * SS), H, W, cx, cy - 10 * SS)
        fill = kit.vgrad_in(mm, [(0, ANIMALS[big[1:]][2][0]), (1, ANIMALS[big[1:]][2][2])])
        kit.halo(out, mm, gfx.rgb(ANIMALS[big[1:]][1][2]), 6, 1.5, additive=True)
        kit.outlined(out, mm, 1.2 * SS)
        gfx.over(out, kit.emboss(mm, fill, bevel=3 * SS))
        sm = gfx.place(kit.text(small, 60 * SS, 20 * SS), H, W, cx, cy + 32 * SS)
    else:
        two = small.split("\n")
        # a word on two lines: the figure a little higher and smaller, the lines under it
        bm = gfx.place(
            kit.text(big, 76 * SS, (46 if len(two) == 1 else 36) * SS),
            H,
            W,
            cx,
            (cy - (8 if len(two) == 1 else 14) * SS),
        )
        kit.halo(out, bm, (255, 190, 60), 6, 1.4)
        kit.outlined(out, bm, 2 * SS, (30, 12, 0))
        gfx.over(out, kit.emboss_metal(bm, gfx.GOLD, bevel=3 * SS))
        if len(two) == 1:
            sm = gfx.place(kit.text(small, 78 * SS, 15 * SS), H, W, cx, cy + 28 * SS)
        else:
            sm = np.maximum(
                gfx.place(kit.text(two[0], 78 * SS, 13 * SS), H, W, cx, cy + 20 * SS),
                gfx.place(kit.text(two[1], 78 * SS, 13 * SS), H, W, cx, cy + 34 * SS),
            )
    kit.outlined(out, sm, 1.5 * SS, (0, 20, 16))
    gfx.over(out, kit.emboss(sm, (200, 255, 240), bevel=1.5 * SS, spec=0.2))
    return kit.finish(out)


def tablets(lang: str = "en") -> dict[str, np.ndarray]:
    """Every tablet; in another language only the open faces (the closed ones carry no words)."""
    out = {k: tablet(k) for k in ("closed", "hover")} if lang == "en" else {}
    out.update({k: tablet(k, lang) for k in TABLET_FACES})
    return out


def wild_reel(lang: str = "en") -> np.ndarray:
    W, H = 160 * SS, 480 * SS
    out = gfx.empty(H, W)
    cx = W / 2
    sd = gfx.sd_round_rect(H, W, cx, H / 2, 72 * SS, 232 * SS, 24 * SS)
    sd = sd + (gfx.value_noise(H, W, 10 * SS, 77, 3) - 0.5) * 4 * SS
    m = gfx.cover(sd)
    kit.halo(out, m, (80, 255, 210), 14, 1.4)
    hf = gfx.bevel_height(sd, 14 * SS) * 14 * SS + kit.stone_height(H, W, 78, 3 * SS)
    alb = kit.stone_albedo(H, W, 79, (120, 128, 130))
    # glowing runes carved down the pillar
    runes = np.zeros((H, W), F)
    for yy in (70, 140, 340, 410):
        r = gfx.place(kit.icon("light-thorny-triskelion", 44 * SS), H, W, cx, yy * SS)
        runes = np.maximum(runes, r)
    word = np.zeros((H, W), F)
    letters = words.word("WILD", lang)
    step = min(40, 240 // len(letters))  # "WILD" at 40 px a letter, longer words closer
    for i, ch in enumerate(letters):
        y = 240 + (2 * i - (len(letters) - 1)) * step // 2  # whole px: 180, 220, 260, 300 for "WILD"
        word = np.maximum(word, gfx.place(kit.text(ch, 64 * SS, step * SS), H, W, cx, y * SS))
    groove = gfx.blur(runes, 3 * SS)
    hf = hf - groove * 4 * SS
    col = gfx.lit(alb * (1 - 0.5 * groove[..., None]), hf, strength=0.6, ambient=0.45)
    col = col + gfx.rgb((90, 255, 210)) * gfx.erode(runes, 1 * SS)[..., None] * 0.8
    gfx.over(out, gfx.paint(np.clip(col, 0, 1), m))
    x, _y = gfx.grid(H, W)
    gfx.add(out, gfx.solid(np.exp(-(((x - cx) / (40 * SS)) ** 2)) * m * 0.25, (90, 255, 210)))
    kit.halo(out, word, (255, 190, 60), 10, 1.8)
    kit.outlined(out, word, 2.5 * SS, (30, 12, 0))
    gfx.over(out, kit.emboss_metal(word, gfx.GOLD, bevel=3 * SS))
    for sy in (150, 330):
        gfx.add(out, gfx.sparkle(H, W, cx + 40 * SS, sy * SS, 30 * SS, (200, 255, 240)))
    return kit.finish(out)


# ----------------------------------------------------------------------------- the game's dress

# slate and jade: the band, boxes and plates of the game's screens (tools/assets/dress.py)


def dress_material() -> Material:
    """The game's dress material: its HUD band, boxes and plates (`tools.assets.dress`)."""
    return Material(
        face=[(0, "#3a4550"), (0.5, "#252d36"), (1, "#12171d")],
        rim=[(0, "#06281c"), (0.35, "#17684a"), (0.62, "#3fb488"), (0.82, "#9ef0c8"), (1, "#eafff4")],
        accent=(110, 230, 170),
        grain=0.22,
        seed=31,
        pattern="veins",
    )
