# ruff: noqa: N803, N806 (image maths: H, W and SS are the conventional names)
"""Every rendered figure: which mask, which material, where; and the driver that renders them.

A figure is the same mask the flat generator embossed (an icon placed on the symbol's canvas),
turned here into a height field — a rounded bevel along the outline plus a soft dome — and
rendered by Blender (`relief.py`) as cast metal (a passport in leather, a rune in polished
stone), lit by a studio sky and two area lights; a few build their own heights (the Warlords
wild's ring and settings, the rider's engraved lines, the Portrait modelled as a bust). The
PNG covers the whole canvas at the assets' density (1.5 px per logical px), so the generator
(`kit.rendered`) lays it back exactly where the mask was. The renders are committed in
`tools/assets/sources/rendered/<game>/<name>.png`: `make assets` composes from them and never
needs Blender; `make render` (this module) re-renders them:

    python -m tools.assets.render.jobs [NAME ...] [--samples N] [--list]

NAME is `<game>/<symbol>` or a game; none renders everything.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from tools.assets import gfx, kit, words
from tools.assets.kit import SS

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "tools" / "assets" / "sources" / "rendered"
SCRIPT = Path(__file__).with_name("relief.py")


def _lin(hex_or_rgb) -> tuple[float, float, float]:
    """An sRGB colour → linear RGB (Blender's material colours are linear)."""
    c = gfx.rgb(hex_or_rgb)
    r, g, b = (float(v) for v in np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4))
    return r, g, b


# Metals (linear base colours; roughness decides how sharp the reflections are).
GOLD = {"color": (1.0, 0.66, 0.25), "roughness": 0.22}
STEEL = {"color": (0.55, 0.58, 0.63), "roughness": 0.26}
SILVER = {"color": (0.9, 0.91, 0.93), "roughness": 0.18}
BRONZE = {"color": (0.78, 0.42, 0.2), "roughness": 0.3}
DARK_BRONZE = {"color": (0.42, 0.22, 0.1), "roughness": 0.38}
# not metals: a burgundy leather cover with a lacquer sheen, a polished red stone
LEATHER = {"color": (0.1, 0.014, 0.008), "metallic": 0.0, "roughness": 0.5, "clearcoat": 0.5}
RED_STONE = {"color": (0.2, 0.004, 0.003), "metallic": 0.0, "roughness": 0.25, "clearcoat": 1.0}


def tinted(hex_color: str, roughness: float = 0.24) -> dict:
    return {"color": _lin(hex_color), "roughness": roughness}


@dataclass(frozen=True)
class Figure:
    """One render: a mask on a canvas of w×h logical px, metal a (and metal b where `mix_fn` is 1)."""

    w: int
    h: int
    mask_fn: Callable[[int, int], np.ndarray]  # (H, W) at SS scale → coverage 0…1
    a: dict
    b: dict = field(default_factory=lambda: GOLD)
    mix_fn: Callable[[int, int], np.ndarray] | None = None
    bevel: float = 4.0  # logical px of rounded edge
    relief: float = 7.0  # logical px: height of the bevel's top
    dome: float = 9.0  # logical px: extra height in the middle of broad parts
    height_fn: Callable[[int, int], np.ndarray] | None = None  # heights (logical px) instead
    exposure: float = 0.0  # stops: lifts a figure that must stand out on a bright plate


def _icon_at(name: str, size: float, cx: float, cy: float) -> Callable[[int, int], np.ndarray]:
    return lambda H, W: gfx.place(kit.icon(name, int(size * SS)), H, W, cx * SS, cy * SS)


def _figures() -> dict[str, Figure]:
    # imported here: the art modules import kit, which imports this module's output folder only
    from tools.assets import art_stones, art_tombraider, art_warlords

    f: dict[str, Figure] = {}
    wl = art_warlords
    for name, (icon, _fac, _helm, _title) in wl.WARRIORS.items():
        f[f"warlords/{name}"] = Figure(160, 160, _icon_at(icon, 124, 80, 84), GOLD)
    metal = {"red": "#ffc8b8", "green": "#c8ffd4", "blue": "#cce0ff"}
    for name, (icon, fac) in wl.ANIMALS.items():
        fig = Figure(160, 160, _icon_at(icon, 112, 80, 84), tinted(metal[fac]), exposure=0.8)
        f[f"warlords/{name}"] = fig
    for name, (icon, _fac) in wl.HELMS.items():
        f[f"warlords/{name}"] = Figure(160, 160, _icon_at(icon, 104, 80, 84), STEEL, exposure=0.6)
    for name, (icon, _fac, helm, _title) in wl.WARRIORS.items():

        def stack_mask(H, W, icon=icon, helm=helm):
            hm = gfx.place(kit.icon(helm, 70 * SS), H, W, W / 2, 62 * SS)
            fm = gfx.place(kit.icon_fit(icon, 146 * SS, 250 * SS), H, W, W / 2, 240 * SS)
            return np.maximum(hm, fm)

        def helm_mix(H, W, helm=helm):
            return gfx.dilate(gfx.place(kit.icon(helm, 70 * SS), H, W, W / 2, 62 * SS), 3 * SS)

        f[f"warlords/{name}_stack"] = Figure(160, 480, stack_mask, GOLD, SILVER, helm_mix)
    for lang in words.LANGUAGES:
        suffix = "" if lang == "en" else f".{lang}"
        f[f"warlords/wild{suffix}"] = _warlords_wild(lang)
    tr = art_tombraider
    f["tombraider/climber"] = Figure(160, 160, tr.climber_mask, GOLD, DARK_BRONZE, _broad(tr.climber_mask, 7))
    rider = Figure(160, 160, tr.rider_mask, GOLD)
    f["tombraider/rider"] = replace(rider, height_fn=lambda H, W: _rider_heights(rider, H, W))
    f["tombraider/gunslinger"] = Figure(160, 160, tr.gunslinger_mask, GOLD)
    f["tombraider/sword"] = Figure(160, 160, _icon_at("shining-sword", 124, 80, 80), SILVER)
    f["tombraider/key"] = Figure(160, 160, _icon_at("skeleton-key", 112, 80, 80), GOLD)
    f["tombraider/portrait"] = Figure(
        160,
        160,
        lambda H, W: np.clip(_bust_heights(H, W, W / 2, H / 2 + 6 * SS, SS * 1.05) * 1.5, 0, 1),
        GOLD,
        height_fn=lambda H, W: _bust_heights(H, W, W / 2, H / 2 + 6 * SS, SS * 1.05),
    )
    f["tombraider/passport"] = Figure(160, 160, _icon_at("passport", 104, 80, 80), LEATHER)
    f["stones/scatter"] = Figure(160, 160, _icon_at("rune-stone", 104, 80, 80), RED_STONE)
    for name, (icon, _enamel, figure) in art_stones.ANIMALS.items():
        f[f"stones/{name}"] = Figure(160, 160, _icon_at(icon, 92, 80, 82), tinted(figure[0], 0.22))
    return f


def _warlords_wild(lang: str) -> Figure:
    """The wild's gold ring (a torus), its three gem settings and the word, as one render (the
    gems are drawn over it by the generator); geometry as in `art_warlords.wild_symbol`."""
    from tools.assets.art_warlords import WILD_GEMS, WILD_RING

    cx, cy, r, tube = WILD_RING

    def parts(H, W):
        x, y = gfx.grid(H, W)
        ring_d = np.abs(np.hypot(x - cx * SS, y - cy * SS) - r * SS) / SS
        ring = np.sqrt(np.clip(1 - (ring_d / tube) ** 2, 0, 1)) * tube * 0.8
        seats = np.zeros((H, W), np.float32)
        for gx, gy in WILD_GEMS:
            d = np.hypot(x - gx * SS, y - gy * SS) / SS
            seats = np.maximum(seats, np.sqrt(np.clip(1 - (d / 17) ** 2, 0, 1)) * 10)
        word = gfx.place(kit.text(words.word("WILD", lang), 110 * SS, 36 * SS), H, W, cx * SS, 128 * SS)
        return ring, seats, word

    def mask(H, W):
        ring, seats, word = parts(H, W)
        return np.maximum(np.maximum(ring > 0, seats > 0).astype(np.float32), word)

    def heights(H, W):
        ring, seats, word = parts(H, W)
        word_fig = Figure(160, 160, mask, GOLD, bevel=2.0, relief=4.0, dome=1.0)
        return np.maximum(np.maximum(ring, seats), height_field(word_fig, word))

    return Figure(160, 160, mask, GOLD, height_fn=heights)


def _broad(mask_fn, r: float) -> Callable[[int, int], np.ndarray]:
    """The parts of a mask broader than 2r logical px (an opening): the climber's rock face,
    not the climber, takes the second metal."""

    def fn(H, W):
        m = mask_fn(H, W)
        return gfx.smoothstep(0.3, 0.6, gfx.dilate(gfx.erode(m, r * SS), r * SS)) * m

    return fn


def _rider_heights(fig: Figure, H: int, W: int) -> np.ndarray:
    """The rider's relief with the motorcycle's drawn lines (the OpenMoji outline) and the
    rider's own outline engraved, so wheels, tank and body read in the metal."""
    from tools.assets.art_tombraider import rider_mask
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


def _ellipsoid(x, y, cx, cy, rx, ry, rz):
    return rz * np.sqrt(np.clip(1 - ((x - cx) / rx) ** 2 - ((y - cy) / ry) ** 2, 0, 1))


def _capsule(H, W, ax, ay, bx, by, r, k=1.0):
    d = gfx.sd_segment(H, W, ax, ay, bx, by, r) + r  # distance to the axis
    return k * np.sqrt(np.clip(r * r - d * d, 0, None))


def _bust_heights(H: int, W: int, cx: float, cy: float, s: float) -> np.ndarray:
    """The Portrait as a sculpted bust, facing left, in the silhouette of
    `art_tombraider.portrait_mask` (an original shape): head, hair, nose, chin, neck, shoulders
    and braid as rounded solids, the eye and the backpack strap engraved."""
    x, y = gfx.grid(H, W)
    parts = [
        _ellipsoid(x, y, cx, cy - 22 * s, 19 * s, 23 * s, 18 * s),  # head
        _ellipsoid(x, y, cx + 5 * s, cy - 28 * s, 17 * s, 19 * s, 19 * s),  # hair, swept back
        _ellipsoid(x, y, cx - 14 * s, cy - 20 * s, 7 * s, 4.5 * s, 15 * s),  # nose, forward
        _ellipsoid(x, y, cx - 9 * s, cy - 7 * s, 9 * s, 7 * s, 14 * s),  # chin
        _capsule(H, W, cx + 2 * s, cy - 6 * s, cx + 4 * s, cy + 14 * s, 10 * s),  # neck
        _ellipsoid(x, y, cx + 3 * s, cy + 17 * s, 26 * s, 13 * s, 14 * s),  # base of the neck
        _ellipsoid(x, y, cx + 2 * s, cy + 48 * s, 54 * s, 34 * s, 22 * s),  # shoulders
        _capsule(H, W, cx + 17 * s, cy - 24 * s, cx + 30 * s, cy + 4 * s, 6 * s, 1.6),  # braid
        _capsule(H, W, cx + 30 * s, cy + 4 * s, cx + 34 * s, cy + 30 * s, 4.5 * s, 1.6),
    ]
    hgt = np.maximum.reduce(parts) / SS
    strap = gfx.cover(gfx.sd_segment(H, W, cx - 30 * s, cy + 24 * s, cx + 24 * s, cy + 62 * s, 2.2 * s))
    eye = gfx.cover(gfx.sd_ellipse(H, W, cx - 8 * s, cy - 26 * s, 3.4 * s, 1.7 * s))
    hairline = gfx.cover(np.abs(gfx.sd_ellipse(H, W, cx + 5 * s, cy - 28 * s, 17 * s, 19 * s)) - 0.8 * s)
    hairline *= (x < cx + 2 * s) & (y > cy - 40 * s)
    grooves = gfx.blur(strap, 1.5 * SS) * 3 + gfx.blur(eye, 1.2 * SS) * 2.5 + gfx.blur(hairline, SS) * 1.5
    return np.clip(hgt - grooves, 0, None)


def height_field(fig: Figure, m: np.ndarray) -> np.ndarray:
    """Heights (logical px) from a coverage mask: a round bevel of `fig.bevel` along the outline
    (a clamped distance to the nearest uncovered pixel) plus a soft dome over the broad parts."""
    inside = m > 0.5
    b = fig.bevel * SS
    r = int(np.ceil(b))
    d = np.full(m.shape, float(r), dtype=np.float32)
    pad = np.pad(~inside, r, constant_values=True)
    H, W = m.shape
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            dist = float(np.hypot(dx, dy))
            if dist > r or (dx == 0 and dy == 0):
                continue
            hit = pad[r + dy : r + dy + H, r + dx : r + dx + W]
            np.minimum(d, np.where(hit, dist - 0.5, r), out=d)
    d = np.where(inside, d, 0.0)
    t = np.clip(d / b, 0, 1)
    bevel = np.sqrt(1 - (1 - t) ** 2)
    dome = gfx.blur(inside.astype(np.float32), 14 * SS) * inside
    return (bevel * fig.relief + dome * fig.dome).astype(np.float32)


def render(key: str, fig: Figure, samples: int, work: Path, blender: str) -> Path:
    H, W = fig.h * SS, fig.w * SS
    m = np.clip(fig.mask_fn(H, W), 0, 1).astype(np.float32)
    hgt = fig.height_fn(H, W) if fig.height_fn is not None else height_field(fig, m)
    hgt = hgt / (fig.w / 2)  # logical px → units of the canvas half-width
    mix = np.zeros_like(m) if fig.mix_fn is None else np.clip(fig.mix_fn(H, W), 0, 1).astype(np.float32)
    stem = key.replace("/", "_")
    paths = {}
    for name, arr in (("height", hgt), ("cover", m), ("mix", mix)):
        p = work / f"{stem}.{name}.f32"
        np.ascontiguousarray(arr, dtype=np.float32).tofile(p)
        paths[name] = str(p)
    out = OUT / f"{key}.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    job = {
        **paths,
        "grid": [W, H],
        "size": [round(fig.w * kit.DENSITY), round(fig.h * kit.DENSITY)],
        "a": fig.a,
        "b": fig.b,
        "samples": samples,
        "exposure": fig.exposure,
        "out": str(out),
    }
    jp = work / f"{stem}.json"
    jp.write_text(json.dumps(job))
    cmd = [blender, "-b", "--factory-startup", "-noaudio", "-P", str(SCRIPT), "--", str(jp)]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0 or not out.exists():
        raise SystemExit(f"{key}: blender failed:\n{res.stdout[-2000:]}\n{res.stderr[-2000:]}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--samples", type=int, default=64)
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tools.assets.make_assets import _setup_fonts

    _setup_fonts(ROOT)
    figs = _figures()
    keys = [k for k in figs if not a.names or k in a.names or k.split("/")[0] in a.names]
    if a.list:
        print("\n".join(keys))
        return 0
    unknown = [n for n in a.names if n not in figs and n not in {k.split("/")[0] for k in figs}]
    if unknown:
        print(f"Unknown figure(s): {', '.join(unknown)}. Try --list.")
        return 2
    blender = shutil.which("blender")
    if blender is None:
        print("Blender is not installed: the committed renders stay as they are.")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        for k in keys:
            t0 = time.monotonic()
            out = render(k, figs[k], a.samples, Path(tmp), blender)
            print(f"{k}: {out.stat().st_size // 1024} KB in {time.monotonic() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
