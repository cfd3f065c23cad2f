# ruff: noqa: N803, N806 (image maths: H, W and SS are the conventional names)
"""Secret of the Stones' art and sound, for the asset generator (`tools.assets.games`).

Everything the generator makes for this game alone: its reel frame and marquee (granite with
silver inlay and teal rune light), its backdrops (standing stones; the stone picker's), its
symbols and picker tablets (drawn in `tools.assets.games.stones_art`), its base-game song and
free-spins theme (Celtic, D minor), its sting. The common interface every game module offers is
described in `tools.assets.games`.
"""

from __future__ import annotations

import numpy as np

from tools.assets import gfx, kit
from tools.assets import synth as s
from tools.assets.backdrops import H, W, fog, lgrid, motes, ridge, sky, stars, sun, vignette
from tools.assets.compose import Section, Song, prog
from tools.assets.frames import (
    BODY,
    MARQUEE,
    PILLAR_X,
    ROW_CENTRES,
    STEEL,
    D,
    Parts,
    Patch,
    _grid_logical,
    box_sd,
    finish_frame,
    gutters,
    lip,
    marquee_title,
    shadow_under,
)
from tools.assets.games.stones_art import (
    dress_material as dress_material,  # its band, boxes, plates (make_assets)
)
from tools.assets.gfx import F
from tools.assets.music import (
    cello,
    choir_a,
    drone,
    fiddle,
    frame_drum,
    harp,
    soft_pad,
    upright,
    vibes,
    whistle,
)
from tools.assets.music_features import _hit
from tools.assets.sfx import arpeggio
from tools.assets.stings import _choir, _music
from tools.assets.synth import midi

# ----------------------------------------------------------------------------- the reel frame and marquee


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


# ----------------------------------------------------------------------------- backdrops


def standing_stones(dst, cx, base_y, n, radius, height, color, seed, alpha=1.0) -> None:
    """A ring of standing stones in perspective."""
    rng = np.random.default_rng(seed)
    m = np.zeros((H, W), F)
    for i in range(n):
        a = i * 2 * np.pi / n + 0.3
        depth = 0.55 + 0.45 * np.sin(a)
        sx = cx + np.cos(a) * radius
        sh = height * depth * rng.uniform(0.8, 1.15)
        sw = sh * rng.uniform(0.28, 0.4)
        sy = base_y + np.sin(a) * radius * 0.18
        sd = gfx.sd_round_rect(H, W, sx * D, (sy - sh / 2) * D, sw / 2 * D, sh / 2 * D, sw * 0.35 * D)
        m = np.maximum(m, gfx.cover(sd))
    gfx.over(dst, gfx.solid(m, color, alpha))


def stones_bg(free: bool = False) -> np.ndarray:
    if free:
        out = sky([(0, "#12041e"), (0.45, "#3a0e4a"), (0.7, "#6a2a6a"), (1, "#1a0a20")])
    else:
        out = sky([(0, "#020a14"), (0.45, "#0a2a3a"), (0.7, "#1a5050"), (1, "#061414")])
    stars(out, 11)
    moon_c = (255, 200, 255) if free else (200, 255, 240)
    sun(out, 960, 150, 46, moon_c, 0.9)
    moon = gfx.cover(gfx.sd_circle(H, W, 960 * D, 150 * D, 40 * D))
    gfx.over(out, gfx.solid(moon, (240, 240, 225) if not free else (255, 225, 245)))
    if free:
        # aurora ribbons
        x, y = lgrid()
        for k, col in enumerate(((90, 255, 190), (200, 120, 255))):
            wave = 180 + 60 * np.sin(x / 170 + k * 2) + 30 * np.sin(x / 53 + k)
            band = np.exp(-(((y - wave - k * 40) / 26) ** 2)) * (
                0.5 + 0.5 * gfx.value_noise(H, W, 60 * D, 30 + k, 3)
            )
            gfx.add(out, gfx.solid(np.clip(band * 0.55, 0, 1).astype(F), col))
    ridge(out, 470, 130, 3, "#0c2630" if not free else "#2a1036", cell=260)
    fog(out, 380, 560, 4, (140, 200, 200) if not free else (200, 150, 220), 0.35)
    standing_stones(out, 640, 560, 11, 460, 230, "#061418" if not free else "#14061c", 5)
    ridge(out, 640, 80, 6, "#030a0c" if not free else "#0a0410", cell=320)
    fog(out, 560, 720, 7, (100, 160, 160) if not free else (170, 110, 200), 0.3)
    motes(out, 8, 70, (140, 255, 220) if not free else (255, 160, 255), (1.5, 4))
    vignette(out, 0.7)
    return out


def picker_bg() -> np.ndarray:
    out = sky([(0, "#02060c"), (0.5, "#0a2026"), (1, "#04100e")])
    stars(out, 21, 200)
    sun(out, 640, 420, 140, (80, 255, 210), 0.6)
    ridge(out, 420, 60, 22, "#061a1c", cell=300)
    standing_stones(out, 640, 500, 14, 560, 320, "#050d10", 23)
    # glowing ground circle
    x, y = lgrid()
    ring = np.exp(-(((np.hypot((x - 640) / 520, (y - 560) / 110) - 1) / 0.04) ** 2))
    gfx.add(out, gfx.solid(np.clip(ring * 0.7, 0, 1).astype(F), (90, 255, 220)))
    fog(out, 480, 720, 24, (120, 200, 190), 0.35)
    motes(out, 25, 120, (150, 255, 230), (1.5, 4.5))
    vignette(out, 0.75)
    return out


# ----------------------------------------------------------------------------- the base-game song


def stones() -> np.ndarray:
    """Secret of the Stones: Celtic, D minor, 90 bpm. Harp, drone, whistle; fiddle in B."""
    a = prog("D3m C3M A#2M C3M D3m F3M C3M A2m")
    sections = [
        Section("intro", prog("D3m C3M A#2M C3M"), {"harp": 0.6, "pad": 0.5}),
        Section("A", a, {"harp": 1, "pad": 0.8, "drum": 0.8, "whistle": 1}, 1),
        Section(
            "B",
            prog("A#2M F3M C3M D3m A#2M F3M G3m A2M"),
            {"harp2": 0.8, "pad": 1, "drum": 1, "fiddle": 1},
            2,
        ),
        Section("bridge", prog("G3m D3m A#2M C3sus"), {"pad": 0.7, "harp": 0.4, "low": 1}, 3),
        Section("A'", a, {"harp": 1, "pad": 0.8, "drum": 1, "whistle": 1, "cello": 0.8}, 1),
        Section("outro", prog("A#2M C3M D3m A2M"), {"harp": 0.8, "pad": 0.8, "drum": 0.5}),
    ]
    song = Song(90, sections)
    drone(song, ((38, 0.3), (45, 0.2), (50, 0.1)))
    song.chords("pad", soft_pad, 0.07, spread=0.4, overlap=0.8, seed=1000)
    song.arpeggio("harp", harp, [0, 1, 2, 10, 2, 11, 10, 1], 0.5, 0.14, 2.2, 1, 2000)
    song.arpeggio("harp2", harp, [0, 2, 10, 12, 11, 2, 10, 2], 0.5, 0.12, 2.2, 1, 2100, 0.6)
    pentatonic = [62, 65, 67, 69, 72]
    song.melody("whistle", whistle, pentatonic, 69, 86, 0.16, 0.15, 3001)
    song.melody("fiddle", fiddle, [62, 64, 65, 67, 69, 70, 72], 62, 81, 0.12, -0.2, 3101)
    song.melody("low", whistle, pentatonic, 57, 74, 0.15, 0.1, 3201, legato=0.3)
    song.chords("cello", cello, 0.05, octave=-1, spread=0.2, seed=3300)
    beat = [
        (0, frame_drum, 0.18, 0.0),
        (2, frame_drum, 0.12, 0.0),
        (3.5, lambda sd: frame_drum(sd, 95, 0.5), 0.07, 0.2),
    ]
    fill = beat[:2] + [(b, lambda sd: frame_drum(sd, 100, 0.4), 0.08, 0.3) for b in (3, 3.25, 3.5, 3.75)]
    song.drums("drum", beat, fill, seed=4000)
    return song.finish(0.45, 3.2, 71)


# ----------------------------------------------------------------------------- the feature music


def stones_free() -> np.ndarray:
    """Stones free spins: D major reel-dance, 112 bpm; harp and bodhrán drive, whistle and
    fiddle trade the tune, a choir in the bridge."""
    a = prog("D3M G3M D3M A2M D3M G3M A2M D3M")
    sections = [
        Section("intro", prog("D3M C3M D3M A2M"), {"harp": 0.8, "bodhran": 0.6, "pad": 0.5}),
        Section("A", a, {"harp": 1, "bodhran": 1, "pad": 0.7, "whistle": 1, "bass": 1}, 1),
        Section(
            "B",
            prog("B2m G3M D3M A2M B2m G3M E3m A2M"),
            {"harp": 0.8, "bodhran": 1, "fiddle": 1, "bass": 1, "pad": 0.8},
            2,
        ),
        Section("A'", a, {"harp": 1, "bodhran": 1, "whistle": 1, "fiddle2": 0.8, "bass": 1, "bells": 1}, 1),
        Section(
            "bridge",
            prog("G3M A3M B3m B3m G3M A3M D3M D3M"),
            {"choir": 1, "harp": 0.5, "low": 1, "pad": 0.6},
            3,
        ),
        Section(
            "A''",
            a,
            {"harp": 1, "bodhran": 1, "whistle": 1, "fiddle2": 1, "bass": 1, "bells": 1, "pad": 0.6},
            1,
        ),
    ]
    song = Song(112, sections)
    drone(song, ((38, 0.18), (45, 0.12)))
    song.chords("pad", soft_pad, 0.06, spread=0.5, seed=11000)
    song.chords("choir", choir_a, 0.05, octave=1, seed=11100)
    song.arpeggio("harp", harp, [0, 1, 2, 10, 11, 12, 11, 10], 0.5, 0.13, 1.8, 1, 11200, 0.6)
    song.arpeggio("bells", vibes, [10, 12, 11, 12], 1.0, 0.05, 1.0, 1, 11300, -0.5)
    song.bassline("bass", upright, [(0, 0, 1), (1.5, 7, 0.5), (2, 12, 1), (3, 7, 1)], 0.2, -1, 11400)
    major = [62, 64, 66, 69, 71]
    song.melody("whistle", whistle, major, 69, 88, 0.16, 0.2, 12001)
    song.melody("fiddle", fiddle, [62, 64, 66, 67, 69, 71, 73], 64, 83, 0.12, -0.25, 12101)
    song.melody("fiddle2", fiddle, major, 57, 76, 0.08, -0.3, 12001)
    song.melody("low", whistle, major, 57, 76, 0.15, 0.1, 12201, legato=0.3)
    bod = [
        (0, _hit(frame_drum), 0.2, 0.0),
        (1, _hit(frame_drum), 0.1, 0.1),
        (1.5, lambda sd: frame_drum(sd, 110, 0.4), 0.08, 0.2),
        (2, _hit(frame_drum), 0.16, 0.0),
        (3, _hit(frame_drum), 0.1, 0.1),
        (3.5, lambda sd: frame_drum(sd, 110, 0.4), 0.09, 0.2),
    ]
    fill = bod[:4] + [(b, lambda sd: frame_drum(sd, 120, 0.35), 0.09, 0.3) for b in (3, 3.25, 3.5, 3.75)]
    song.drums("bodhran", bod, fill, 13000)
    return song.finish(0.38, 2.8, 81)


# ----------------------------------------------------------------------------- stings


def stones_free_spins_won() -> np.ndarray:
    """Stones free spins won: a harp glissando up D major, the whistle's call, bodhrán and a choir."""
    tr = s.Track(4.0)
    for i, m in enumerate([50, 54, 57, 62, 66, 69, 74, 78, 81, 86]):
        tr.put(s.pluck(midi(m), 2.0, 1.0, 5400 + i), i * 0.045, 0.35, -0.6 + 0.12 * i)
    for i, (m, at, d) in enumerate(((74, 0.5, 0.25), (78, 0.75, 0.25), (81, 1.0, 0.25), (86, 1.25, 1.6))):
        tr.put(s.flute(midi(m), d, 5420 + i, 0.1), at, 0.5, 0.2)
    for i, at in enumerate((0.5, 1.0, 1.25)):
        tr.put(s.taiko(0.8, 85, 5430 + i), at, 0.6)
    _choir(tr, [62, 66, 69, 74], 1.25, 2.4, 0.45, 5440)
    arpeggio([86, 90, 93, 98], 0.08, 1.2, "bell", 0.2, 5450, tr, 1.3, 0.5)
    return _music(tr, 0.4, 2.8, 7)


# ------------------------------------------------------------------ the interface (tools.assets.games)

TITLE = ("SECRET OF THE", "STONES", True)
THEME = dict(
    title=gfx.SILVER,
    sub=gfx.GOLD,
    glow=(60, 220, 190),
    accent=(90, 255, 210),
    face=["#0a1c1e", "#040c0e"],
)
HERO = "symbols/scatter.png"


def frame() -> np.ndarray:
    return stones_frame()


def images(lang: str | None = None) -> dict[str, object]:
    """The symbols, the picker's tablets and the wild reel (`stones_art`); in `lang`, the ones
    with words in them."""
    from tools.assets.games import stones_art

    if lang is not None:
        return {
            "symbols/wild.png": stones_art.wild_symbol(lang),
            "wild_reel.png": stones_art.wild_reel(lang),
            **{f"tablet/{k}.png": v for k, v in stones_art.tablets(lang).items()},
        }
    return {
        **{f"symbols/{k}.png": v for k, v in stones_art.symbols().items()},
        **{f"tablet/{k}.png": v for k, v in stones_art.tablets().items()},
        "wild_reel.png": stones_art.wild_reel(),
    }


def backdrops() -> dict[str, np.ndarray]:
    return {
        "background.jpg": stones_bg(),
        "background_free.jpg": stones_bg(True),
        "picker_bg.jpg": picker_bg(),
    }


MUSIC = {"music": stones}
FEATURE_MUSIC = {"free_spins": stones_free}
SOUNDS = {"free_spins_won": stones_free_spins_won}


def contact_order(defn) -> list[str]:
    """The symbols in the order of its data (game.toml)."""
    return list(defn.symbol_ids)


def contact_rows(root, load, names) -> list[tuple[str, list]]:
    return [
        (
            "picker tablets (120×120) and wild reel",
            [(n, load(root, f"stones/tablet/{n}.png")) for n in names(root, "stones/tablet")]
            + [("wild_reel", load(root, "stones/wild_reel.png"))],
        )
    ]


def contact_backdrops(root, load) -> list[tuple[str, object]]:
    return [("picker_bg", load(root, "stones/picker_bg"))]


# ----------------------------------------------------------------------------- rendered figures


def render_jobs() -> dict:
    """The game's Blender figures (`tools.assets.render.jobs`), name → Figure: the animals in
    metal, the rune stone, the royals carved in stone with gold inlay, the wild's knot in jade
    with its word in gold (one per language)."""
    from tools.assets import words
    from tools.assets.games import stones_art
    from tools.assets.render.jobs import RED_STONE, Figure, icon_at, tinted

    f = {"scatter": Figure(160, 160, icon_at("rune-stone", 104, 80, 80), RED_STONE)}
    for name, (icon, _enamel, figure) in stones_art.ANIMALS.items():
        f[name] = Figure(160, 160, icon_at(icon, 92, 80, 82), tinted(figure[0], 0.22))
    for i, (rank, (label, _col)) in enumerate(stones_art.ROYALS.items()):
        f[rank] = _carved_royal(label, 100 + i)
    for lang in words.LANGUAGES:
        f["wild" + ("" if lang == "en" else f".{lang}")] = _wild_knot(lang)
    return f


def _carved_royal(label: str, seed: int):
    """A royal: the rough stone block of `stones_art.stone_block` with the rank cut into it as a
    channel and a gold letter inlaid at its bottom (the stone's own colours tint it)."""
    from tools.assets.games import stones_art
    from tools.assets.kit import SS
    from tools.assets.render.jobs import GOLD, STONE, built, heights

    def build(H, W):
        _sd, m, hf, alb = stones_art.stone_block(160, 160, seed)
        glyph = kit.text(label, 112 * SS if len(label) > 1 else 84 * SS, 96 * SS)
        gm = gfx.place(glyph, H, W, W / 2, H / 2 + 2 * SS)
        channel = gfx.blur(gfx.dilate(gm, 2.6 * SS), 1.4 * SS)
        inlay = gfx.erode(gm, 0.6 * SS)
        surface = hf / SS
        hgt = surface - channel * 8.0
        floor = gfx.blur(surface, 6 * SS) - 8.0  # the letter sits level, not on the stone's grain
        letter = floor + heights(inlay, bevel=2.2, relief=4.5, dome=1.5)
        hgt = np.where(inlay > 0.5, np.maximum(hgt, letter), hgt) * (m > 0.02)
        return m, hgt.astype(F), inlay, alb * (1 - 0.5 * channel[..., None])

    return built(160, 160, build, STONE, GOLD, albedo=True, exposure=-0.3)


def _wild_knot(lang: str):
    """The wild's triskelion in polished jade with the word struck over it in raised gold, on the
    medallion's face (`stones_art.wild_symbol` lays it there)."""
    from tools.assets import words
    from tools.assets.kit import SS
    from tools.assets.render.jobs import GOLD, built, heights, jade

    def build(H, W):
        cx, cy = W / 2, H / 2
        face = gfx.cover(gfx.sd_circle(H, W, cx, cy, 54 * SS))
        tri = gfx.place(kit.icon("light-thorny-triskelion", 100 * SS), H, W, cx, cy) * face
        word = gfx.place(kit.text(words.word("WILD", lang), 118 * SS, 46 * SS), H, W, cx, cy + 4 * SS)
        knot_h = heights(tri, bevel=3.0, relief=4.0, dome=2.0)
        word_h = 5.0 + heights(word, bevel=3.2, relief=6.0, dome=2.0)
        hgt = np.where(word > 0.5, np.maximum(knot_h, word_h), knot_h)
        return np.maximum(tri, word), hgt.astype(F), word

    return built(160, 160, build, jade("#1a9c84"), GOLD, exposure=0.35)
