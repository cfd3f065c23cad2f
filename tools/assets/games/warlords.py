# ruff: noqa: N803, N806 (image maths: H, W and SS are the conventional names)
"""Warlords – Crystals of Power's art and sound, for the asset generator (`tools.assets.games`).

Everything the generator makes for this game alone: its reel frame and marquee (blackened iron
with gold trim, rivets and faction crystals), its backdrops (the battlefield; the battle's), its
symbols, stacks and weapon overlays (drawn in `tools.assets.games.warlords_art`), its song and one
free-spins theme per warlord, its stings and scatter sounds. The common interface every game
module offers is described in `tools.assets.games`.
"""

from __future__ import annotations

import numpy as np

from tools.assets import gfx, kit
from tools.assets import synth as s
from tools.assets.backdrops import fog, lgrid, light_rays, motes, ridge, silhouette, sky, sun, vignette
from tools.assets.compose import Section, Song, prog
from tools.assets.frames import (
    BODY,
    IRON,
    MARQUEE,
    PILLAR_X,
    ROW_CENTRES,
    D,
    Parts,
    Patch,
    finish_frame,
    gutters,
    lip,
    marquee_title,
    rail_points,
    rivets,
    shadow_under,
)
from tools.assets.games.warlords_art import (
    dress_material as dress_material,  # its band, boxes, plates (make_assets)
)
from tools.assets.gfx import F
from tools.assets.music import (
    cello,
    choir_a,
    choir_o,
    drone,
    fiddle,
    frame_drum,
    harp,
    horn,
    koto,
    low_brass,
    shaker_hit,
    shakuhachi,
    staccato,
    taiko_hit,
    vibes,
    warm_pad,
    whistle,
)
from tools.assets.music_features import _hit
from tools.assets.sfx import _finish, _mono, arpeggio, coin_ping, coins, scatter
from tools.assets.stings import _brass_call, _choir, _music, _riser, _stab
from tools.assets.synth import SR, midi, n_of, tt

# ----------------------------------------------------------------------------- the reel frame and marquee


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


# ----------------------------------------------------------------------------- backdrops


def warlords_bg(free: bool = False) -> np.ndarray:
    if free:
        out = sky([(0, "#05030f"), (0.5, "#1a1040"), (0.75, "#4a2a7a"), (1, "#0a0614")])
    else:
        out = sky([(0, "#0e0404"), (0.45, "#4a1008"), (0.72, "#c0501a"), (1, "#2a0a04")])
    sun(out, 640, 430, 90, (255, 170, 80) if not free else (170, 150, 255), 0.9)
    ridge(out, 480, 220, 31, "#2a0c08" if not free else "#1a1030", cell=240)
    fog(out, 380, 520, 32, (255, 120, 60) if not free else (120, 100, 255), 0.25)
    ridge(out, 560, 140, 33, "#140604" if not free else "#0c0818", cell=200)
    for i, (bx, size) in enumerate(((180, 190), (1100, 210), (90, 140), (1200, 150))):
        silhouette(out, "vertical-banner", bx, 560, size, "#0a0302", 1.0, flip=i % 2 == 1)
    ridge(out, 680, 70, 34, "#050202", cell=300)
    motes(out, 35, 160, (255, 150, 60) if not free else (160, 170, 255), (1.2, 3.5))
    if free:
        x, y = lgrid()
        bolt = gfx.cover((np.abs(x - 300 - 40 * np.sin(y / 37) - 20 * np.sin(y / 11)) - 2) * D) * (y < 420)
        gfx.add(out, gfx.glow(bolt.astype(F), (200, 180, 255), 10 * D, 2.5))
        gfx.add(out, gfx.solid(bolt.astype(F), (255, 255, 255)))
    vignette(out, 0.7)
    return out


def battle_bg() -> np.ndarray:
    out = sky([(0, "#0a0204"), (0.5, "#3a0a10"), (1, "#100408")], angle=0)
    x, _y = lgrid()
    blue = gfx.smoothstep(500, 900, x)
    gfx.over(out, gfx.solid(blue * 0.7, (16, 30, 90)))
    ridge(out, 520, 160, 41, "#12060a", cell=220)
    sun(out, 640, 360, 120, (255, 220, 150), 1.0)
    light_rays(out, 640, 360, 18, (255, 200, 120), 42, 0.45)
    ridge(out, 640, 60, 43, "#050203", cell=300)
    motes(out, 44, 220, (255, 190, 100), (1.2, 4))
    vignette(out, 0.7)
    return out


# ----------------------------------------------------------------------------- the base-game song


def warlords() -> np.ndarray:
    """Warlords: taiko, low brass and shakuhachi in A minor, 90 bpm; koto ostinato in B."""
    a = prog("A2m A2m F2M G2M A2m E2m F2M G2M")
    sections = [
        Section("intro", prog("A2m A2m F2M G2M"), {"brass": 0.7, "pad": 0.6, "taiko": 0.5}),
        Section("A", a, {"brass": 1, "pad": 0.8, "taiko": 1, "flute": 1, "shaker": 1}, 1),
        Section(
            "B",
            prog("D2m F2M E2m A2m D2m F2M E2M E2M"),
            {"koto": 1, "pad": 1, "taiko": 0.9, "kotomel": 1, "brass": 0.6},
            2,
        ),
        Section("bridge", prog("F2M G2M A2m A2m"), {"pad": 0.8, "flute": 0.7, "pulse": 1}, 3),
        Section("A'", a, {"brass": 1, "choir": 0.8, "taiko": 1, "flute": 1, "koto": 0.7, "shaker": 1}, 1),
        Section("outro", prog("F2M G2M E2M E2M"), {"brass": 0.9, "pad": 0.8, "taiko": 0.8}),
    ]
    song = Song(90, sections)
    song.bassline("brass", low_brass, [(0, 0, 4), (0, 7, 4)], 0.16, 0, 5000)
    song.chords("pad", warm_pad, 0.05, octave=1, seed=5100)
    song.chords("choir", choir_o, 0.05, octave=1, seed=5200)
    song.arpeggio("koto", koto, [0, 2, 10, 2, 1, 2, 10, 12], 0.5, 0.12, 1.4, 1, 5300, 0.5)
    pent = [57, 60, 62, 64, 67]
    song.melody("flute", shakuhachi, pent, 64, 81, 0.15, -0.2, 6001)
    song.melody("kotomel", koto, pent, 64, 84, 0.2, 0.25, 6101)

    beat = [
        (0, taiko_hit(62), 0.32, 0.1),
        (1.5, taiko_hit(70), 0.18, -0.3),
        (2, taiko_hit(62), 0.27, 0.1),
        (3, taiko_hit(78), 0.16, -0.3),
        (3.5, taiko_hit(90), 0.11, -0.3),
    ]
    fill = [*beat, (3.25, taiko_hit(84), 0.14, -0.3), (3.75, taiko_hit(70), 0.19, -0.3)]
    song.drums("taiko", beat, fill, 7000)
    song.drums("pulse", [(0, taiko_hit(58, 1.4), 0.2, 0.0), (2.5, taiko_hit(66), 0.1, 0.0)], seed=7100)
    hat = shaker_hit(0.1, 4000)
    song.drums("shaker", [(1, hat, 0.05, 0.6), (3, hat, 0.05, 0.6), (3.5, hat, 0.03, 0.6)], seed=7200)
    return song.finish(0.35, 2.6, 72)


# ----------------------------------------------------------------------------- the feature music


def barbarian() -> np.ndarray:
    """The Barbarian's free spins: war drums and low brass in E minor, 100 bpm; driving low
    strings, a brass battle tune, a men's choir in the bridge."""
    a = prog("E2m E2m C2M D2M E2m E2m C2M B1M")
    sections = [
        Section("intro", prog("E2m E2m C2M D2M"), {"war": 0.7, "brass": 1, "strings": 0.6}),
        Section("A", a, {"war": 1, "brass": 1, "strings": 1, "tune": 1, "crash": 1}, 1),
        Section(
            "B",
            prog("A1m C2M D2M E2m A1m C2M B1M B1M"),
            {"war": 1, "strings": 1, "cellos": 1, "brass": 0.7},
            2,
        ),
        Section("A'", a, {"war": 1, "brass": 1, "strings": 1, "tune": 1, "choir": 0.6, "crash": 1}, 1),
        Section("bridge", prog("C2M C2M D2M D2M E2m E2m B1M B1M"), {"choir": 1, "pulse": 1, "brass": 0.6}, 3),
        Section("outro", prog("C2M D2M B1M B1M"), {"war": 1, "brass": 1, "strings": 1, "crash": 1}),
    ]
    song = Song(100, sections)
    song.bassline("brass", low_brass, [(0, 0, 4), (0, 7, 4), (0, -12, 4)], 0.14, 0, 14000)
    song.arpeggio("strings", staccato, [0, 0, 0, 10, 0, 0, 2, 1], 0.5, 0.1, 0.2, -1, 14100, 0.3)
    song.chords("choir", choir_o, 0.05, octave=0, seed=14200)
    song.melody("tune", horn, [64, 66, 67, 69, 71, 72, 74], 60, 79, 0.13, 0.2, 15001)
    song.melody("cellos", cello, [64, 66, 67, 69, 71, 72, 74], 48, 67, 0.14, -0.2, 15101)

    war = [
        (0, taiko_hit(52, 1.2), 0.34, 0.0),
        (0.75, taiko_hit(60), 0.15, -0.3),
        (1, taiko_hit(70), 0.2, 0.3),
        (2, taiko_hit(52, 1.2), 0.3, 0.0),
        (2.5, taiko_hit(60), 0.16, -0.3),
        (3, taiko_hit(70), 0.2, 0.3),
        (3.5, _hit(s.snare, 0.25), 0.08, 0.2),
    ]
    fill = war[:4] + [
        (b, taiko_hit(64 + 8 * i, 0.6), 0.18, 0.4 - 0.2 * i) for i, b in enumerate((2.5, 3, 3.25, 3.5, 3.75))
    ]
    song.drums("war", war, fill, 16000)
    song.drums("pulse", [(0, taiko_hit(48, 1.5), 0.26, 0.0), (2, taiko_hit(48, 1.2), 0.14, 0.0)], seed=16100)
    song.drums("crash", [(0, lambda sd: s.cymbal(2.0, sd), 0.05, 0.5)], seed=16200)
    return song.finish(0.3, 2.4, 82)


def priestess() -> np.ndarray:
    """The Priestess's free spins: mystical, C# minor (Dorian), 84 bpm; a choir, harp and bells,
    a flute melody, a soft frame drum; koto and strings in B."""
    a = prog("C#3m B2M C#3m A2M C#3m B2M F#2m G#2M")
    sections = [
        Section("intro", prog("C#3m B2M A2M G#2M"), {"choir": 0.7, "harp": 0.6}),
        Section("A", a, {"choir": 1, "harp": 1, "flute": 1, "drum": 0.8}, 1),
        Section(
            "B",
            prog("A2M B2M C#3m C#3m A2M B2M G#2M G#2M"),
            {"pad": 1, "koto": 1, "bellmel": 1, "drum": 1, "harp": 0.5},
            2,
        ),
        Section("A'", a, {"choir": 1, "harp": 1, "flute": 1, "strings": 0.8, "drum": 1, "bells": 1}, 1),
        Section("bridge", prog("F#2m F#2m A2M A2M"), {"choir": 0.8, "bellmel": 0.6}, 3),
        Section("outro", prog("C#3m B2M A2M G#2M"), {"choir": 1, "harp": 0.8, "drum": 0.6, "bells": 0.8}),
    ]
    song = Song(84, sections)
    drone(song, ((37, 0.16), (44, 0.1)), swells=2)
    song.chords("choir", choir_a, 0.06, octave=1, spread=0.6, seed=17000)
    song.chords("pad", warm_pad, 0.05, octave=1, seed=17100)
    song.arpeggio("harp", harp, [0, 1, 2, 10, 11, 12, 20, 12], 0.5, 0.11, 2.4, 1, 17200, 0.6)
    song.arpeggio("koto", koto, [0, 2, 10, 2], 0.5, 0.1, 1.2, 1, 17300, -0.4)
    song.arpeggio("bells", vibes, [20, 12, 11, 12], 1.0, 0.04, 1.6, 1, 17400, 0.5)
    dorian = [61, 63, 64, 66, 68, 70, 71]
    song.melody("flute", whistle, dorian, 68, 88, 0.15, -0.1, 18001, legato=0.3)
    song.melody("bellmel", vibes, [61, 64, 66, 68, 71], 73, 92, 0.09, 0.2, 18101)
    song.melody("strings", fiddle, dorian, 61, 80, 0.07, 0.3, 18001)
    drum = [
        (0, lambda sd: frame_drum(sd, 75, 1.0), 0.16, 0.0),
        (1.5, lambda sd: frame_drum(sd, 95, 0.5), 0.06, -0.2),
        (2.5, lambda sd: frame_drum(sd, 85, 0.6), 0.09, 0.2),
    ]
    song.drums("drum", drum, seed=19000)
    return song.finish(0.5, 3.6, 83)


def samurai() -> np.ndarray:
    """The Samurai's free spins: D 'in' scale (D Eb G A Bb), 96 bpm; koto ostinato, shakuhachi
    melody, taiko ensemble; strings in B, a lone flute over a drone in the bridge."""
    a = prog("D3m D3m A#2M A2m D3m G2m A#2M A2m")
    sections = [
        Section("intro", prog("D3m D3m A#2M A2m"), {"koto": 0.8, "taiko": 0.5}),
        Section("A", a, {"koto": 1, "taiko": 1, "flute": 1, "shaker": 1, "bass": 1}, 1),
        Section(
            "B",
            prog("G2m A#2M A2m D3m G2m A#2M A2M A2M"),
            {"koto": 0.7, "taiko": 1, "kotomel": 1, "strings": 1, "bass": 1},
            2,
        ),
        Section("bridge", prog("D3m D3m D3m D3m A#2M A2m"), {"flute": 1, "pulse": 1, "pad": 0.6}, 3),
        Section("A'", a, {"koto": 1, "taiko": 1, "flute": 1, "shaker": 1, "bass": 1, "pad": 0.6}, 1),
        Section("outro", prog("A#2M A2m A2M A2M"), {"koto": 1, "taiko": 1, "bass": 1}),
    ]
    song = Song(96, sections)
    in_scale = [62, 63, 67, 69, 70]
    drone(song, ((38, 0.14), (45, 0.08)))
    song.arpeggio("koto", koto, [0, 10, 2, 10, 1, 12, 2, 10], 0.5, 0.13, 1.2, 1, 20000, 0.5)
    song.chords("pad", warm_pad, 0.05, octave=1, seed=20100)
    song.bassline("bass", low_brass, [(0, 0, 2), (2, 7, 2)], 0.1, 0, 20200)
    song.melody("flute", shakuhachi, in_scale, 62, 82, 0.16, -0.15, 21001, legato=0.3)
    song.melody("kotomel", koto, in_scale, 67, 86, 0.2, 0.2, 21101)
    song.melody("strings", fiddle, in_scale, 62, 79, 0.08, -0.3, 21101)

    taiko = [
        (0, taiko_hit(60), 0.3, 0.0),
        (0.5, taiko_hit(84, 0.4), 0.1, -0.4),
        (1, taiko_hit(72), 0.16, 0.3),
        (2, taiko_hit(60), 0.26, 0.0),
        (2.75, taiko_hit(84, 0.4), 0.1, -0.4),
        (3, taiko_hit(72), 0.18, 0.3),
        (3.5, taiko_hit(90, 0.4), 0.1, -0.4),
    ]
    fill = taiko[:4] + [
        (b, taiko_hit(70 + 6 * i, 0.5), 0.16, 0.3 - 0.15 * i) for i, b in enumerate((3, 3.25, 3.5, 3.75))
    ]
    song.drums("taiko", taiko, fill, 22000)
    song.drums("pulse", [(0, taiko_hit(56, 1.4), 0.22, 0.0)], seed=22100)
    hat = shaker_hit(0.08, 5000)
    song.drums("shaker", [(j / 2 + 0.25, hat, 0.04, 0.6) for j in range(8)], seed=22200)
    return song.finish(0.35, 2.6, 84)


# ----------------------------------------------------------------------------- stings


def wild_hammer() -> np.ndarray:
    """The hammer lands on a reel: a deep impact, an iron clang and falling debris."""
    n = n_of(1.6)
    t = tt(n)
    thud = np.sin(2 * np.pi * np.cumsum(42 * (1 + 2.2 * np.exp(-t / 0.03))) / SR) * np.exp(-t / 0.25)
    ratios = (1.0, 2.32, 3.1, 4.27, 5.6)
    clang = sum(np.sin(2 * np.pi * 380 * q * t + q) * np.exp(-t / (0.35 / q**0.5)) / q for q in ratios)
    crack = s.highpass(s.noise(n, 5501), 1500) * np.exp(-t / 0.015)
    debris = np.zeros(n)
    r = s.rng(5502)
    for _k in range(18):
        st = n_of(0.08 + r.random() * 0.7)
        g = n_of(0.03)
        debris[st : st + g] += (
            s.bandpass(s.noise(g, int(r.integers(1 << 30))), 900 + 1500 * r.random(), 2)
            * np.exp(-tt(g) / 0.008)
            * (0.6 - 0.5 * st / n)
        )
    return _finish(1.0 * thud + 0.35 * clang + 0.6 * crack + 0.5 * debris, 0.2, 1.4, 11)


def wild_arrow() -> np.ndarray:
    """An arrow flies in and strikes: a rising whistle of air, a wooden thunk and the shaft's twang."""
    tr = s.Track(1.6)
    tr.put(s.whoosh(0.35, 700, 3200, 5511, 3.0), 0.0, 0.7)
    n = n_of(0.6)
    t = tt(n)
    thunk = (np.sin(2 * np.pi * 210 * t) + 0.6 * np.sin(2 * np.pi * 370 * t + 1)) * np.exp(-t / 0.05)
    knock = s.bandpass(s.noise(n, 5512), 1800, 1.5) * np.exp(-t / 0.006)
    tr.put(thunk + 0.8 * knock, 0.33, 1.0)
    tw = n_of(0.8)
    twang = np.sin(2 * np.pi * 520 * tt(tw) * (1 + 0.02 * np.sin(2 * np.pi * 28 * tt(tw)))) * np.exp(
        -tt(tw) / 0.2
    )
    tr.put(twang, 0.34, 0.25)
    return _finish(_mono(tr.out()), 0.15, 1.0, 12)


def wild_sword() -> np.ndarray:
    """A sword slash: a fast swish through the air, then the blade's bright ring."""
    tr = s.Track(1.6)
    tr.put(s.whoosh(0.22, 5000, 1400, 5521, 1.5), 0.0, 0.8)
    n = n_of(2.0)
    t = tt(n)
    ring = sum(
        np.sin(2 * np.pi * f * t + i) * np.exp(-t / tau) * a
        for i, (f, a, tau) in enumerate(
            ((2210, 1.0, 0.5), (3370, 0.6, 0.35), (4980, 0.4, 0.25), (6430, 0.25, 0.15))
        )
    )
    scrape = s.bandpass(s.noise(n, 5522), 6500, 1.2) * np.exp(-t / 0.05)
    tr.put(s.fade_edges(ring * 0.5 + scrape * 0.6, 0, 0.4), 0.16, 1.0)
    return _finish(_mono(tr.out()), 0.22, 1.3, 13)


def battle_start() -> np.ndarray:
    """The battle begins: a war horn swelling from below the note, a taiko roll, a last hit."""
    tr = s.Track(4.0)
    n = n_of(2.2)
    t = tt(n)
    f = midi(45) * 2 ** ((-2 + 2 * np.minimum(t / 0.35, 1)) / 12)
    ph = 2 * np.pi * np.cumsum(f) / SR
    horn = sum(np.sin(k * ph + k) / k * min(1.0, 3 / k) for k in range(1, 16)) * s.env(n, 0.2, 0.4, 0.8, 0.5)
    tr.put(horn, 0.0, 0.35, -0.2)
    tr.put(s.lowpass(horn, 900), 0.0, 0.3, 0.3)
    pos, gap, k = 0.6, 0.16, 0
    while pos < 2.0:
        tr.put(s.taiko(0.6, 70, 5530 + k), pos, 0.25 + 0.3 * (pos - 0.6) / 1.4, 0.3 * (-1) ** k)
        pos, gap, k = pos + gap, max(gap * 0.88, 0.05), k + 1
    tr.put(s.taiko(1.4, 52, 5560), 2.05, 1.0)
    tr.put(s.cymbal(1.8, 5561), 2.05, 0.12)
    return _music(tr, 0.3, 2.4, 14)


def battle_charge() -> np.ndarray:
    """The warlords rush at each other (the battle's 0.25 s rush): a gust from each side, rising
    in pitch and closing on the middle, cut short where the clash takes over."""
    n = n_of(0.3)
    t = tt(n)
    out = np.zeros((n, 2))
    for side, seed in ((0, 5650), (1, 5651)):
        gust = s.whoosh(0.5, 220, 2600, seed, q=1.6)[:n] * np.clip(t / 0.25, 0, 1)
        wide = np.clip(1 - t / 0.25, 0, 1)  # from its own side to the middle as it closes
        out[:, side] += gust * (0.5 + 0.5 * wide)
        out[:, 1 - side] += gust * 0.5 * (1 - wide)
    thud = s.lowpass(s.noise(n, 5652), 160) * np.clip(t / 0.25, 0, 1) ** 2  # feet on the ground
    out += thud[:, None] * 0.6
    out[n_of(0.26) :] *= np.exp(-tt(n - n_of(0.26)) / 0.012)[:, None]
    return _finish(out, 0.12, 1.0, 17, stereo=True)


def battle_clash() -> np.ndarray:
    """The warlords meet: a low boom, a bright crack, two blades ringing against each other
    (slightly out of tune: they beat), a scrape as they slide, and armour rattling after."""
    n = n_of(1.4)
    t = tt(n)
    boom = np.sin(2 * np.pi * np.cumsum(55 * (1 + 1.8 * np.exp(-t / 0.025))) / SR) * np.exp(-t / 0.18)
    crack = s.highpass(s.noise(n, 5653), 1800) * np.exp(-t / 0.012)
    ratios = (1.0, 2.41, 3.87, 5.2, 6.9)
    ring = sum(
        np.sin(2 * np.pi * base * q * t + q + base) * np.exp(-t / (0.45 / q**0.6)) / q**0.7
        for base in (612.0, 641.0)
        for q in ratios
    )
    scrape = s.bandpass(s.noise(n, 5654), 4200, 1.4) * np.clip(1 - np.abs(t - 0.1) / 0.09, 0, 1)
    rattle = np.zeros(n)
    r = s.rng(5655)
    for _k in range(12):
        st = n_of(0.05 + r.random() * 0.45)
        g = n_of(0.025)
        rattle[st : st + g] += (
            s.bandpass(s.noise(g, int(r.integers(1 << 30))), 1800 + 2500 * r.random(), 3)
            * np.exp(-tt(g) / 0.006)
            * (0.7 - 0.6 * st / n)
        )
    dry = s.fade_edges(1.0 * boom + 0.7 * crack + 0.3 * ring + 0.3 * scrape + 0.4 * rattle, 0, 0.5)
    return _finish(dry, 0.25, 1.5, 16)


def battle_won() -> np.ndarray:
    """The battle is won: a brass call up the A major triad, taiko and a crash."""
    tr = s.Track(4.0)
    call = ((57, 0.0, 0.16), (61, 0.18, 0.16), (64, 0.36, 0.16), (69, 0.54, 1.9))
    _brass_call(tr, call, 5570, (1.2, 0.9), 0.02, (0.5, 0.3), 0.15)
    _stab(tr, [45, 52, 57, 61, 64], 0.54, 1.9, 0.8, 5580)
    for i, at in enumerate((0.0, 0.36, 0.54)):
        tr.put(s.taiko(1.0, 58, 5590 + i), at, 0.7)
    tr.put(s.cymbal(2.2, 5595), 0.54, 0.15, 0.3)
    return _music(tr, 0.28, 2.2, 15)


def respin() -> np.ndarray:
    """A re-spin: a swell of air drawn in, two ticks and a catch."""
    tr = s.Track(1.6)
    n = n_of(0.6)
    swell = s.bandpass(s.noise(n, 5601), 1800, 0.8) * (tt(n) / 0.6) ** 2.5
    tr.put(swell, 0.0, 0.7)
    for i, at in enumerate((0.62, 0.74)):
        tr.put(s.bandpass(s.noise(n_of(0.03), 5602 + i), 3000, 3) * s.decay(n_of(0.03), 0.005), at, 0.8)
    m = n_of(0.5)
    catch = (np.sin(2 * np.pi * 880 * tt(m)) + 0.5 * np.sin(2 * np.pi * 1320 * tt(m))) * np.exp(-tt(m) / 0.1)
    tr.put(catch, 0.86, 0.5)
    return _finish(_mono(tr.out()), 0.2, 1.2, 16)


def scatter_join() -> np.ndarray:
    """A new scatter joins: a rising shimmer settling on a low gong and a high chime."""
    tr = s.Track(3.0)
    tr.put(_riser(0.5, 1500, 7000, 5611), 0.0, 0.35)
    n = n_of(2.4)
    t = tt(n)
    gong = sum(
        np.sin(2 * np.pi * 131 * q * t + q) * np.exp(-t / (0.9 / q**0.5)) / q
        for q in (1.0, 1.41, 2.03, 2.76, 3.2)
    )
    tr.put(s.fade_edges(gong, 0, 0.5), 0.45, 0.6)
    arpeggio([84, 91, 96], 0.05, 1.1, "bell", 0.5, 5612, tr, 0.45)
    return _finish(_mono(tr.out()), 0.3, 1.8, 17)


def final_coins() -> np.ndarray:
    """Final chance reveals coins: a quick bell run into a shower of coins."""
    tr = s.Track(2.4)
    arpeggio([76, 79, 84, 88], 0.06, 1.0, "bell", 0.5, 5621, tr)
    coins(tr, 0.15, 1.2, 30, 5622, 0.3)
    tr.put(coin_ping(5623, 0.9), 0.2, 0.6)
    return _finish(_mono(tr.out()), 0.22, 1.4, 18)


def final_scatter() -> np.ndarray:
    """Final chance reveals a scatter: a choir swell, a low gong and rising bells."""
    tr = s.Track(3.0)
    for i, m in enumerate((57, 64, 69, 73)):
        tr.put(s.choir(midi(m), 2.0, 5630 + i, "a", 0.3, 0.8), 0.0, 0.25)
    n = n_of(2.6)
    t = tt(n)
    gong = sum(
        np.sin(2 * np.pi * 110 * q * t + q) * np.exp(-t / (1.1 / q**0.5)) / q for q in (1.0, 1.41, 2.03, 2.76)
    )
    tr.put(s.fade_edges(gong, 0, 0.6), 0.3, 0.6)
    arpeggio([81, 85, 88, 93, 97], 0.07, 1.3, "bell", 0.4, 5640, tr, 0.3)
    return _finish(_mono(tr.out()), 0.3, 2.0, 19)


def free_spins_won_barbarian() -> np.ndarray:
    """The Barbarian's free spins: war drums, a low brass roar up to E minor and a crash."""
    tr = s.Track(4.0)
    for i, at in enumerate((0.0, 0.2, 0.4, 0.5, 0.6)):
        tr.put(s.taiko(1.0, 50 + 6 * (i % 2), 5700 + i), at, 0.8, 0.3 * (-1) ** i)
    for i, (notes, at, d) in enumerate(
        (([40, 47, 52], 0.0, 0.5), ([36, 43, 48], 0.3, 0.3), ([40, 47, 52, 55, 59, 64], 0.6, 2.6))
    ):
        _stab(tr, notes, at, d, 1.0, 5710 + 10 * i, lambda f, d, sd: s.brass(f, d, sd, 0.9, 0.08))
    _choir(tr, [52, 59, 64], 0.6, 2.4, 0.5, 5740, "o")
    tr.put(s.cymbal(2.6, 5750), 0.6, 0.18, 0.3)
    return _music(tr, 0.3, 2.4, 20)


def free_spins_won_priestess() -> np.ndarray:
    """The Priestess's free spins: a choir opening from one note to C♯ minor, harp and bells."""
    tr = s.Track(4.0)
    for i, m in enumerate((61, 64, 68, 73)):
        tr.put(s.choir(midi(m), 3.4 - 0.25 * i, 5800 + i, "a", 0.4, 1.0), 0.25 * i, 0.3, (i - 1.5) * 0.4)
    for i, m in enumerate([61, 64, 68, 73, 76, 80, 85, 88]):
        tr.put(s.pluck(midi(m), 2.2, 1.0, 5810 + i), 0.3 + i * 0.07, 0.3, 0.6 - 0.15 * i)
    arpeggio([85, 88, 92, 97], 0.12, 1.6, "bell", 0.22, 5820, tr, 1.1, 0.6)
    tr.put(s.taiko(1.4, 70, 5830), 0.3, 0.4)
    return _music(tr, 0.45, 3.2, 21)


def free_spins_won_samurai() -> np.ndarray:
    """The Samurai's free spins: a koto flourish in the 'in' scale, a shakuhachi cry, taiko."""
    tr = s.Track(4.0)
    for i, m in enumerate([62, 63, 67, 69, 70, 74, 75, 79]):
        tr.put(s.koto(midi(m), 1.4, 5900 + i), i * 0.06, 0.4, -0.5 + 0.13 * i)
    tr.put(s.flute(midi(81), 1.6, 5910, 0.3), 0.55, 0.5, 0.2)
    tr.put(s.flute(midi(79), 1.2, 5911, 0.3), 2.0, 0.35, 0.2)
    for i, (at, p) in enumerate(((0.5, 60), (0.75, 72), (1.0, 56))):
        tr.put(s.taiko(1.2, p, 5920 + i), at, 0.8)
    return _music(tr, 0.35, 2.6, 22)


# ----------------------------------------------------------------------------- effects


def scatter_blue() -> np.ndarray:
    """A blue Warlords scatter lands: icy, high crystalline bells."""
    return scatter("blue")


def scatter_green() -> np.ndarray:
    """A green Warlords scatter lands: woody plucks and a breathy flute."""
    return scatter("green")


def scatter_red() -> np.ndarray:
    """A red Warlords scatter lands: a low fiery gong under bells."""
    return scatter("red")


# ------------------------------------------------------------------ the interface (tools.assets.games)

TITLE = ("CRYSTALS OF POWER", "WARLORDS", False)
THEME = dict(
    title=gfx.GOLD,
    sub=gfx.SILVER,
    glow=(255, 110, 40),
    accent=(255, 120, 60),
    face=["#1a0608", "#080204"],
)
HERO = "symbols/wild.png"
WARLORDS = ("samurai", "priestess", "barbarian")
OVERLAYS = ("overlay_hammer", "overlay_arrow", "overlay_sword")


def frame() -> np.ndarray:
    return warlords_frame()


def images(lang: str | None = None) -> dict[str, object]:
    """The symbols, the warlords' stacks and the weapon overlays (`warlords_art`); in `lang`, the
    ones with words in them."""
    from tools.assets.games import warlords_art

    if lang is not None:
        return {
            "symbols/wild.png": warlords_art.wild_symbol(lang),
            **{f"symbols/{k}.png": v for k, v in warlords_art.stacks(lang).items()},
        }
    return {
        **{f"symbols/{k}.png": v for k, v in warlords_art.symbols().items()},
        **{f"symbols/{k}.png": v for k, v in warlords_art.stacks().items()},
        **{f"{k}.png": v for k, v in warlords_art.overlays().items()},
    }


def backdrops() -> dict[str, np.ndarray]:
    return {
        "background.jpg": warlords_bg(),
        "background_free.jpg": warlords_bg(True),
        "battle_bg.jpg": battle_bg(),
    }


MUSIC = {"music": warlords}
FEATURE_MUSIC = {
    "free_spins_barbarian": barbarian,
    "free_spins_priestess": priestess,
    "free_spins_samurai": samurai,
}
SOUNDS = {
    "scatter_blue": scatter_blue,
    "scatter_green": scatter_green,
    "scatter_red": scatter_red,
    "wild_hammer": wild_hammer,
    "wild_arrow": wild_arrow,
    "wild_sword": wild_sword,
    "battle_start": battle_start,
    "battle_charge": battle_charge,
    "battle_clash": battle_clash,
    "battle_won": battle_won,
    "respin": respin,
    "scatter_join": scatter_join,
    "final_coins": final_coins,
    "final_scatter": final_scatter,
    "free_spins_won_barbarian": free_spins_won_barbarian,
    "free_spins_won_priestess": free_spins_won_priestess,
    "free_spins_won_samurai": free_spins_won_samurai,
}


def contact_order(defn) -> list[str]:
    """The symbols in the order of its data (game.toml)."""
    return list(defn.symbol_ids)


def contact_rows(root, load, names) -> list[tuple[str, list]]:
    return [
        (
            "stacks (160×480) and overlays",
            [(n, load(root, f"warlords/symbols/{n}_stack.png")) for n in WARLORDS]
            + [(n, load(root, f"warlords/{n}.png")) for n in OVERLAYS],
        )
    ]


def contact_backdrops(root, load) -> list[tuple[str, object]]:
    return [("battle_bg", load(root, "warlords/battle_bg"))]


# ----------------------------------------------------------------------------- rendered figures


def render_jobs() -> dict:
    """The game's Blender figures (`tools.assets.render.jobs`), name → Figure: gold warriors,
    faction-tinted silver animals, steel helms and masks, the stacks (helm over warrior), the
    wild's ring (one per language), the banners, the blank and the weapon overlays."""
    from tools.assets import words
    from tools.assets.games import warlords_art as wl
    from tools.assets.kit import SS
    from tools.assets.render.jobs import GOLD, SILVER, STEEL, Figure, icon_at, tinted

    f: dict = {}
    for name, (icon, _fac, _helm, _title) in wl.WARRIORS.items():
        f[name] = Figure(160, 160, icon_at(icon, 124, 80, 84), GOLD)
    metal = {"red": "#ffc8b8", "green": "#c8ffd4", "blue": "#cce0ff"}
    for name, (icon, fac) in wl.ANIMALS.items():
        f[name] = Figure(160, 160, icon_at(icon, 112, 80, 84), tinted(metal[fac]), exposure=0.8)
    # the panther's pale green silver sank into its green plate: deeper relief, less exposure
    f["panther"] = Figure(
        160, 160, icon_at("lynx-head", 120, 80, 84), SILVER, bevel=3.0, relief=9.0, exposure=0.1
    )
    for name, (icon, _fac) in wl.HELMS.items():
        f[name] = Figure(160, 160, icon_at(icon, 104, 80, 84), STEEL, exposure=0.6)
    for name, (icon, _fac, helm, _title) in wl.WARRIORS.items():

        def stack_mask(H, W, icon=icon, helm=helm):
            hm = gfx.place(kit.icon(helm, 70 * SS), H, W, W / 2, 62 * SS)
            fm = gfx.place(kit.icon_fit(icon, 146 * SS, 250 * SS), H, W, W / 2, 240 * SS)
            return np.maximum(hm, fm)

        def helm_mix(H, W, helm=helm):
            return gfx.dilate(gfx.place(kit.icon(helm, 70 * SS), H, W, W / 2, 62 * SS), 3 * SS)

        f[f"{name}_stack"] = Figure(160, 480, stack_mask, GOLD, SILVER, helm_mix)
    for lang in words.LANGUAGES:
        f["wild" + ("" if lang == "en" else f".{lang}")] = _wild_ring(lang)
    for fac in ("blue", "green", "red"):
        f[f"scatter_{fac}"] = _banner(fac)
    f["blank"] = _blank()
    f["overlay_hammer"] = Figure(160, 160, icon_at("thor-hammer", 124, 80, 80), STEEL, exposure=0.5)
    f["overlay_arrow"] = Figure(160, 160, icon_at("arrow-cluster", 124, 80, 80), GOLD)
    f["overlay_sword"] = Figure(160, 160, icon_at("broadsword", 124, 80, 80), SILVER, exposure=0.3)
    return f


def _wild_ring(lang: str):
    """The wild's gold ring (a torus), its three gem settings and the word, as one render (the
    gems are drawn over it by the generator); geometry as in `warlords_art.wild_symbol`."""
    from tools.assets import words
    from tools.assets.games.warlords_art import WILD_GEMS, WILD_RING
    from tools.assets.kit import SS
    from tools.assets.render.jobs import GOLD, built, heights

    cx, cy, r, tube = WILD_RING

    def build(H, W):
        x, y = gfx.grid(H, W)
        ring_d = np.abs(np.hypot(x - cx * SS, y - cy * SS) - r * SS) / SS
        ring = np.sqrt(np.clip(1 - (ring_d / tube) ** 2, 0, 1)) * tube * 0.8
        seats = np.zeros((H, W), np.float32)
        for gx, gy in WILD_GEMS:
            d = np.hypot(x - gx * SS, y - gy * SS) / SS
            seats = np.maximum(seats, np.sqrt(np.clip(1 - (d / 17) ** 2, 0, 1)) * 10)
        word = gfx.place(kit.text(words.word("WILD", lang), 110 * SS, 36 * SS), H, W, cx * SS, 128 * SS)
        mask = np.maximum(np.maximum(ring > 0, seats > 0).astype(np.float32), word)
        hgt = np.maximum(np.maximum(ring, seats), heights(word, bevel=2.0, relief=4.0, dome=1.0))
        return mask, hgt, None

    return built(160, 160, build, GOLD)


BANNER_CLOTH = [(38, 30), (122, 30), (122, 136), (80, 112), (38, 136)]  # logical px, swallow-tailed


def _banner(faction: str):
    """A war banner: dyed swallow-tailed cloth with folds and a gold border, the crossed-swords
    crest raised on it in gold, a gold pole with ball finials (the gem is the generator's)."""
    from tools.assets.games.warlords_art import FACTION
    from tools.assets.kit import SS
    from tools.assets.render.jobs import GOLD, built, capsule, cloth, ellipsoid, heights

    cols = FACTION[faction]

    def build(H, W):
        x, y = gfx.grid(H, W)
        cloth_sd = gfx.sd_polygon(H, W, [(px * SS, py * SS) for px, py in BANNER_CLOTH])
        cm = gfx.cover(cloth_sd)
        folds = np.sin(x / (7 * SS) + 0.6)  # vertical folds, 5 px deep
        cloth_h = (gfx.bevel_height(cloth_sd, 6 * SS) * 3 + (folds * 0.5 + 0.5) * 5 + 1) * cm
        border = gfx.cover(np.abs(cloth_sd + 3.5 * SS) - 2.5 * SS) * cm
        crest = gfx.place(kit.icon("crossed-swords", 54 * SS), H, W, W / 2, 84 * SS) * cm
        hgt = np.maximum(cloth_h + border * 2.5, cloth_h + heights(crest, bevel=2.5, relief=4.0, dome=1.0))
        pole = capsule(H, W, 22 * SS, 26 * SS, 138 * SS, 26 * SS, 5 * SS) / SS
        fins = (
            np.maximum(
                ellipsoid(x, y, 18 * SS, 26 * SS, 8 * SS, 8 * SS, 8 * SS),
                ellipsoid(x, y, 142 * SS, 26 * SS, 8 * SS, 8 * SS, 8 * SS),
            )
            / SS
        )
        metal = np.maximum(pole, fins)
        pm = gfx.cover(
            np.minimum(
                gfx.sd_segment(H, W, 22 * SS, 26 * SS, 138 * SS, 26 * SS, 5 * SS),
                np.minimum(
                    gfx.sd_circle(H, W, 18 * SS, 26 * SS, 8 * SS),
                    gfx.sd_circle(H, W, 142 * SS, 26 * SS, 8 * SS),
                ),
            )
        )
        hgt = np.where(pm > 0.5, np.maximum(hgt, 6 + metal), hgt)
        mix = np.maximum(np.maximum(border, crest), pm)
        dye = gfx.ramp(
            gfx.linear_t(H, W, 90, None, 83 * SS, 110 * SS), [(0, cols[2]), (0.55, cols[1]), (1, cols[0])]
        )
        return np.maximum(cm, pm), hgt.astype(F), mix, dye

    return built(160, 160, build, cloth("#9a9a9a"), GOLD, albedo=True)


def _blank():
    """The re-spin reels' blank: a dark stone tile with a ring carved in it."""
    from tools.assets.kit import SS
    from tools.assets.render.jobs import STONE, built

    def build(H, W):
        sd = gfx.sd_round_rect(H, W, W / 2, H / 2, 74 * SS, 74 * SS, 16 * SS)
        m = gfx.cover(sd)
        ring = gfx.blur(gfx.cover(np.abs(gfx.sd_circle(H, W, W / 2, H / 2, 40 * SS)) - 3 * SS), 2 * SS)
        hgt = (gfx.bevel_height(sd, 10 * SS) * 10 + kit.stone_height(H, W, 9, 2.0) - ring * 3.5) * (m > 0.02)
        alb = kit.stone_albedo(H, W, 9, (58, 60, 66)) * (1 - 0.35 * ring[..., None])
        return m, hgt.astype(F), None, alb

    return built(160, 160, build, STONE, albedo=True, exposure=-0.6)
