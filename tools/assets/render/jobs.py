# ruff: noqa: N803, N806 (image maths: H, W and SS are the conventional names)
"""The rendered figures' driver: what a figure is, how its mask becomes a height field, and the
run that renders every figure the games declare.

A figure is a mask on a symbol's canvas (an icon placed where the flat art had it, or a drawn
shape), turned into a height field — a rounded bevel along the outline plus a soft dome — or
given its own heights, and rendered by Blender (`relief.py`) as cast metal, leather, cloth,
ceramic or carved stone, lit by a studio sky and two area lights. Each game declares its
figures in its generator module (`render_jobs()`, found through `tools.assets.games`); this
module names no game. The PNG covers the whole canvas at the assets' density (1.5 px per
logical px), so the generator (`kit.rendered`) lays it back exactly where the mask was. The
renders are committed in `tools/assets/sources/rendered/<game>/<name>.png`: `make assets`
composes from them and never needs Blender; `make render` (this module) re-renders them:

    python -m tools.assets.render.jobs [NAME ...] [--samples N] [--list]

NAME is `<game>/<figure>` or a game; none renders everything.
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
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tools.assets import gfx, kit
from tools.assets.kit import SS

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "tools" / "assets" / "sources" / "rendered"
SCRIPT = Path(__file__).with_name("relief.py")


def lin(hex_or_rgb) -> tuple[float, float, float]:
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
# not metals: a burgundy leather cover with a lacquer sheen, a polished red stone, rough stone
# (its colour comes from the figure's albedo map), glazed clay, woven cloth (tinted per figure)
LEATHER = {"color": (0.1, 0.014, 0.008), "metallic": 0.0, "roughness": 0.5, "clearcoat": 0.5}
RED_STONE = {"color": (0.2, 0.004, 0.003), "metallic": 0.0, "roughness": 0.25, "clearcoat": 1.0}
STONE = {"color": (0.45, 0.45, 0.45), "metallic": 0.0, "roughness": 0.82, "specular": 0.3}
CLAY = {"color": (0.42, 0.42, 0.42), "metallic": 0.0, "roughness": 0.4, "clearcoat": 0.35}


def tinted(hex_color: str, roughness: float = 0.24) -> dict:
    """A metal of the given sRGB colour."""
    return {"color": lin(hex_color), "roughness": roughness}


def cloth(hex_color: str) -> dict:
    """A dyed cloth of the given sRGB colour: no metal, a soft sheen."""
    return {"color": lin(hex_color), "metallic": 0.0, "roughness": 0.62, "specular": 0.35, "sheen": 0.6}


def jade(hex_color: str) -> dict:
    """A polished stone of the given sRGB colour, lacquered like the rune stone."""
    return {"color": lin(hex_color), "metallic": 0.0, "roughness": 0.2, "clearcoat": 1.0}


@dataclass(frozen=True)
class Figure:
    """One render: a mask on a canvas of w×h logical px, material a (and b where `mix_fn` is 1)."""

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
    albedo_fn: Callable[[int, int], np.ndarray] | None = None  # (H, W, 3) sRGB: tints material a


def icon_at(name: str, size: float, cx: float, cy: float) -> Callable[[int, int], np.ndarray]:
    """The mask of a game-icons icon `size` logical px wide centred at (cx, cy)."""
    return lambda H, W: gfx.place(kit.icon(name, int(size * SS)), H, W, cx * SS, cy * SS)


def broad(mask_fn, r: float) -> Callable[[int, int], np.ndarray]:
    """The parts of a mask broader than 2r logical px (an opening): e.g. a rock face, not the
    thin figure on it, takes the second material."""

    def fn(H, W):
        m = mask_fn(H, W)
        return gfx.smoothstep(0.3, 0.6, gfx.dilate(gfx.erode(m, r * SS), r * SS)) * m

    return fn


def ellipsoid(x, y, cx, cy, rx, ry, rz):
    """Heights of half an ellipsoid (SS px) over the grid x, y."""
    return rz * np.sqrt(np.clip(1 - ((x - cx) / rx) ** 2 - ((y - cy) / ry) ** 2, 0, 1))


def capsule(H, W, ax, ay, bx, by, r, k=1.0):
    """Heights of half a capsule of radius r (SS px) from (ax, ay) to (bx, by), scaled by k."""
    d = gfx.sd_segment(H, W, ax, ay, bx, by, r) + r  # distance to the axis
    return k * np.sqrt(np.clip(r * r - d * d, 0, None))


def figures() -> dict[str, Figure]:
    """Every game's figures, `<game>/<name>` → Figure, gathered from each generator module's
    `render_jobs()` through the registry (a game without one has no rendered figures)."""
    from tools.assets import games

    out: dict[str, Figure] = {}
    for g in games.ids():
        jobs = getattr(games.module(g), "render_jobs", None)
        for name, fig in (jobs() if jobs is not None else {}).items():
            out[f"{g}/{name}"] = fig
    return out


def height_field(fig: Figure, m: np.ndarray) -> np.ndarray:
    """Heights (logical px) from a coverage mask with the figure's bevel, relief and dome."""
    return heights(m, fig.bevel, fig.relief, fig.dome)


def heights(m: np.ndarray, bevel: float = 4.0, relief: float = 7.0, dome: float = 9.0) -> np.ndarray:
    """Heights (logical px) from a coverage mask: a round bevel `bevel` px wide along the outline
    (a clamped distance to the nearest uncovered pixel) rising to `relief`, plus a soft dome of
    up to `dome` over the broad parts."""
    inside = m > 0.5
    b = bevel * SS
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
    rim = np.sqrt(1 - (1 - t) ** 2)
    broad_parts = gfx.blur(inside.astype(np.float32), 14 * SS) * inside
    return (rim * relief + broad_parts * dome).astype(np.float32)


def cached(build: Callable[[int, int], tuple]) -> Callable[[int, int], tuple]:
    """`build(H, W)` computed once per size: a figure's mask, heights, mix and colours share it."""
    memo: dict[tuple[int, int], tuple] = {}

    def get(H: int, W: int) -> tuple:
        if (H, W) not in memo:
            memo[(H, W)] = build(H, W)
        return memo[(H, W)]

    return get


def built(
    w: int,
    h: int,
    build: Callable[[int, int], tuple],
    a: dict,
    b: dict | None = None,
    *,
    albedo: bool = False,
    **kw,
) -> Figure:
    """A figure whose parts come from one `build(H, W)` → (mask, heights, mix or None[, albedo]):
    the mask, the heights (logical px), the second material's share and, with `albedo`, the sRGB
    colours tinting the first material."""
    get = cached(build)
    return Figure(
        w,
        h,
        lambda H, W: get(H, W)[0],
        a,
        b if b is not None else GOLD,
        mix_fn=lambda H, W: _or_zeros(get(H, W), 2, H, W),
        height_fn=lambda H, W: get(H, W)[1],
        albedo_fn=(lambda H, W: get(H, W)[3]) if albedo else None,
        **kw,
    )


def _or_zeros(parts: tuple, i: int, H: int, W: int) -> np.ndarray:
    return parts[i] if len(parts) > i and parts[i] is not None else np.zeros((H, W), np.float32)


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
    if fig.albedo_fn is not None:
        c = np.clip(fig.albedo_fn(H, W), 0, 1)
        c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)  # sRGB → linear
        rgba = np.concatenate([c, np.ones((H, W, 1))], axis=2)
        p = work / f"{stem}.albedo.f32"
        np.ascontiguousarray(rgba, dtype=np.float32).tofile(p)
        paths["albedo"] = str(p)
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
    figs = figures()
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
