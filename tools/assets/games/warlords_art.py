# ruff: noqa: N806 (image maths: H, W and SS are the conventional names)
"""Warlords – Crystals of Power: faction-coloured crystal plates (red samurai, green priestess,
blue barbarian), gold warriors, tall stacks, three-gem wild ring, banners, overlay weapons.
"""

from __future__ import annotations

import numpy as np

from tools.assets import gfx, kit, words
from tools.assets.dress import Material
from tools.assets.kit import SS

FACTION = {
    "red": ["#2a0306", "#7a0c14", "#e0303a", "#ffb0a0"],
    "green": ["#03220e", "#0b6a30", "#30d070", "#c0ffd0"],
    "blue": ["#040e2e", "#0e3a8a", "#3a8aff", "#c0e0ff"],
}
WARRIORS = {
    "samurai": ("ninja-heroic-stance", "red", "samurai-helmet", "SAMURAI"),
    "priestess": ("sun-priest", "green", "ceremonial-mask", "PRIESTESS"),
    "barbarian": ("barbarian", "blue", "horned-helm", "BARBARIAN"),
}
ANIMALS = {"wolf": ("wolf-head", "red"), "panther": ("lynx-head", "green"), "boar": ("boar", "blue")}
HELMS = {
    "samurai_helmet": ("samurai-helmet", "red"),
    "priestess_mask": ("ceremonial-mask", "green"),
    "barbarian_helmet": ("horned-helm", "blue"),
}
GEM = {"red": (235, 40, 50), "green": (40, 210, 90), "blue": (50, 120, 255)}
WILD_RING = (80, 72, 40, 9)  # the wild's gold ring: centre x, y, radius, tube half-width (logical)
WILD_GEMS = [
    (80 + np.cos(np.deg2rad(a)) * 40, 72 + np.sin(np.deg2rad(a)) * 40) for a in (-90, 150, 30)
]  # its three settings (red, green, blue), on the ring


def crystal_face(dst, face_m, cols, seed: int, strength: float = 1.0) -> None:
    """Faceted crystal shards in the background of a face."""
    H, W = face_m.shape
    x, y = gfx.grid(H, W)
    rng = np.random.default_rng(seed)
    pts = rng.random((14, 2)) * np.array([W, H])
    d = np.stack([np.hypot(x - px, y - py) for px, py in pts])
    idx = np.argmin(d, axis=0)
    shade_v = rng.random(14)[idx]
    d.sort(axis=0)
    edge = gfx.smoothstep(3 * SS, 0, d[1] - d[0])
    t = gfx.radial_t(H, W, W / 2, H * 0.42, W * 0.6)
    base = gfx.ramp(1 - t + 0.25 * (shade_v - 0.5), [(0, cols[0]), (0.55, cols[1]), (1, cols[2])])
    base = base + 0.18 * strength * edge[..., None]
    base *= (1 - 0.7 * gfx.blur(1 - face_m, 12 * SS) * face_m)[..., None]
    gfx.over(dst, gfx.paint(np.clip(base, 0, 1), face_m))


def plate(w, h, faction, seed, rim=gfx.GOLD, radius=18):
    cols = FACTION[faction]
    out, face_m, _face_sd = kit.round_plate(
        w,
        h,
        radius=radius,
        inset=5,
        rim_w=7,
        rim_stops=rim,
        face_stops=[(0, cols[1]), (1, cols[0])],
        seed=seed,
        texture=0.0,
    )
    crystal_face(out, face_m, cols, seed)
    return out, face_m


def figure_symbol(key: str, faction: str, seed: int, *, rim=gfx.GOLD) -> np.ndarray:
    """A rendered metal figure (`render/jobs.py`) on its faction's crystal plate."""
    out, face_m = plate(160, 160, faction, seed, rim)
    kit.place_rendered(out, key, gfx.rgb(FACTION[faction][2]), 14)
    kit.gloss(out, face_m, 0.1)
    return kit.finish(out)


def stack_symbol(name: str, seed: int, lang: str = "en") -> np.ndarray:
    _icon, faction, helm, title = WARRIORS[name]
    cols = FACTION[faction]
    W, H = 160 * SS, 480 * SS
    out, face_m = plate(160, 480, faction, seed, radius=20)
    cx = W / 2
    gfx.over(
        out, kit.rays(H, W, cx, H * 0.36, 14, gfx.rgb(cols[2]) * 0.8, seed, 0.1, 2.0) * face_m[..., None]
    )
    # emblem helm on top (silver), warrior large in the middle (gold): one render
    kit.halo(
        out, gfx.place(kit.icon(helm, 70 * SS), H, W, cx, 62 * SS) * face_m, gfx.rgb(cols[2]), 10, 1.2, True
    )
    kit.place_rendered(out, f"warlords/{name}_stack", gfx.rgb(cols[3]), 22, outline=1.6)
    # name ribbon
    rib_sd = gfx.sd_round_rect(H, W, cx, 412 * SS, 66 * SS, 20 * SS, 8 * SS)
    rib_m = gfx.cover(rib_sd)
    kit.drop(out, rib_m, dy=3, r=4)
    rim, in_sd = kit.rim_ring(rib_sd, 3 * SS)
    gfx.over(
        out,
        gfx.paint(
            gfx.ramp(gfx.linear_t(H, W, 90, None, 412 * SS, 40 * SS), [(0, cols[1]), (1, cols[0])]),
            gfx.cover(in_sd),
        ),
    )
    gfx.over(out, rim)
    tm = gfx.place(kit.text(words.word(title, lang), 118 * SS, 22 * SS), H, W, cx, 413 * SS)
    kit.outlined(out, tm, 1.2 * SS)
    gfx.over(out, kit.emboss_metal(tm, gfx.GOLD, bevel=2 * SS))
    kit.gloss(out, face_m, 0.08)
    return kit.finish(out)


def wild_symbol(lang: str = "en") -> np.ndarray:
    W = H = 160 * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    bg = gfx.cover(gfx.sd_circle(H, W, cx, cy, 70 * SS))
    kit.halo(out, bg, (255, 200, 90), 14, 1.3)
    p, face_m = plate(160, 160, "blue", 77, radius=80)
    # re-tint the face to a dark violet so no faction is favoured
    gfx.over(out, p)
    gfx.over(out, gfx.solid(face_m, (30, 10, 40), 0.7))
    gfx.over(out, kit.rays(H, W, cx, cy, 12, (255, 220, 130), 5, 0.11) * face_m[..., None])
    # the gold ring, its settings and the word: one render (`render/jobs.py`); the gems over it
    word = gfx.place(kit.text(words.word("WILD", lang), 110 * SS, 36 * SS), H, W, cx, 128 * SS)
    kit.halo(out, word, (255, 170, 40), 8, 1.6)
    kit.place_rendered(out, "warlords/wild" + ("" if lang == "en" else f".{lang}"), outline=1.6)
    for i, (c, (gx, gy)) in enumerate(zip((GEM["red"], GEM["green"], GEM["blue"]), WILD_GEMS, strict=True)):
        gfx.over(out, kit.gem(H, W, gx * SS, gy * SS, 13 * SS, c, 8, 0.2 + i))
    return kit.finish(out)


def banner_symbol(faction: str) -> np.ndarray:
    """A war banner, rendered (`render/jobs.py` via the game's generator module): gold pole with
    finials, swallow-tailed faction cloth with a gold border and crest; the gem set over it."""
    cols = FACTION[faction]
    W = H = 160 * SS
    out = gfx.empty(H, W)
    cx = W / 2
    fig = kit.rendered(f"warlords/scatter_{faction}", 160, 160)
    whole = fig[..., 3]
    kit.halo(out, whole, gfx.rgb(cols[2]), 16, 1.6)
    kit.drop(out, whole, dy=4, r=6, a=0.8)
    kit.outlined(out, whole, 1.2 * SS, (10, 6, 3), 0.8)
    gfx.over(out, fig)
    gfx.over(out, kit.gem(H, W, cx, 50 * SS, 10 * SS, gfx.rgb(cols[2]) * 255, 6, 0.5))
    gfx.add(out, gfx.sparkle(H, W, 136 * SS, 20 * SS, 26 * SS))
    return kit.finish(out)


def blank_symbol() -> np.ndarray:
    """The re-spin reels' blank: a dark stone tile with a carved ring, rendered."""
    W = H = 160 * SS
    out = gfx.empty(H, W)
    fig = kit.rendered("warlords/blank", 160, 160)
    kit.drop(out, fig[..., 3], dy=3, r=5, a=0.6)
    gfx.over(out, fig)
    return kit.finish(out)


def overlay(kind: str) -> np.ndarray:
    """Transparent weapon overlay drawn over a cell turning wild: a rendered weapon (`render/jobs.py`)
    in its glow."""
    W = H = 160 * SS
    out = gfx.empty(H, W)
    cx, cy = W / 2, H / 2
    glow_col = {"hammer": (120, 200, 255), "arrow": (120, 255, 160), "sword": (255, 120, 90)}[kind]
    ring = gfx.cover(np.abs(gfx.sd_circle(H, W, cx, cy, 66 * SS)) - 2 * SS)
    gfx.add(out, gfx.glow(ring, glow_col, 8 * SS, 1.4))
    gfx.add(out, kit.rays(H, W, cx, cy, 8, glow_col, 4, 0.12, 1.4))
    fig = kit.rendered(f"warlords/overlay_{kind}", 160, 160)
    m = fig[..., 3]
    kit.halo(out, m, glow_col, 16, 2.0, additive=True)
    kit.outlined(out, m, 2 * SS)
    gfx.over(out, fig)
    gfx.add(out, gfx.sparkle(H, W, cx + 34 * SS, cy - 40 * SS, 40 * SS))
    return kit.finish(out)


def symbols() -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    for i, (name, (_icon, faction, _h, _t)) in enumerate(WARRIORS.items()):
        out[name] = figure_symbol(f"warlords/{name}", faction, 300 + i)
    for i, (name, (_icon, faction)) in enumerate(ANIMALS.items()):
        out[name] = figure_symbol(f"warlords/{name}", faction, 310 + i)
    for i, (name, (_icon, faction)) in enumerate(HELMS.items()):
        out[name] = figure_symbol(f"warlords/{name}", faction, 320 + i, rim=gfx.SILVER)
    out["wild"] = wild_symbol()
    for f in ("blue", "green", "red"):
        out[f"scatter_{f}"] = banner_symbol(f)
    out["blank"] = blank_symbol()
    return out


def stacks(lang: str = "en") -> dict[str, np.ndarray]:
    return {f"{n}_stack": stack_symbol(n, 340 + i, lang) for i, n in enumerate(WARRIORS)}


def overlays() -> dict[str, np.ndarray]:
    return {f"overlay_{k}": overlay(k) for k in ("hammer", "arrow", "sword")}


def preview() -> dict[str, np.ndarray]:
    d = symbols()
    d.update(overlays())
    return d


# ----------------------------------------------------------------------------- the game's dress

# dark iron and embers: the band, boxes and plates of the game's screens (tools/assets/dress.py)


def dress_material() -> Material:
    """The game's dress material: its HUD band, boxes and plates (`tools.assets.dress`)."""
    return Material(
        face=[(0, "#34302e"), (0.5, "#1f1c1b"), (1, "#0d0b0b")],
        rim=[(0, "#1a1614"), (0.35, "#4a423c"), (0.6, "#8a7e72"), (0.8, "#c8b8a4"), (1, "#ffe2b0")],
        accent=(255, 128, 40),
        grain=0.26,
        grain_cell=6.0,
        seed=57,
        rivets=True,
        pattern="plates",
        embers=True,
    )
