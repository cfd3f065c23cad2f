"""Reelhouse asset generator: bakes every PNG, OGG and map file under `assets/`.

Usage (from the repository root):

    python -m tools.assets.make_assets            # build everything into assets/
    python -m tools.assets.make_assets --only images|sounds|map|sheets
    python -m tools.assets.make_assets --check    # rebuild into a temp dir, compare hashes
    python -m tools.assets.make_assets --fetch    # refresh tools/assets/sources and fonts (npm)

The build reads only committed inputs (tools/assets/sources/*, assets/fonts/*) and is seeded,
so two runs give byte-identical files. A build into the repository ends by rewriting
`assets/MANIFEST.sha256` (`game.manifest`: every file under assets/ with its SHA-256, which the
app checks at start-up). Sounds need the generator-only packages pinned in
tools/requirements-assets.txt (soundfile for OGG Vorbis).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported by the steps that draw (workers start light)
    import numpy as np

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools.assets import games, sources

ROOT = Path(__file__).resolve().parents[2]
GAMES = games.ids()  # each game's art and sound: its module in tools/assets/games/
OUTPUT_DIRS = ("assets/images", "assets/sounds", "assets/maps", "docs/contact-sheets")
HAND_MADE = "docs/contact-sheets/"  # a folder shared with review sheets the build does not make


def _setup_fonts(root: Path) -> None:
    from tools.assets import gfx

    f = ROOT / "assets" / "fonts"
    gfx.Fonts.display = f / "display.ttf"
    gfx.Fonts.display_regular = f / "display_regular.ttf"
    gfx.Fonts.text = f / "text.ttf"
    gfx.Fonts.text_bold = f / "text_bold.ttf"


def _save_all(items: Mapping[str, np.ndarray], root: Path, opaque: bool = False) -> list[str]:
    from tools.assets import gfx

    for rel, layer in items.items():
        gfx.save(layer, root / rel, opaque=opaque)
    return list(items)


# ----------------------------------------------------------------------------- jobs


def job_symbols(root: str) -> list[str]:
    """Every game's own pictures (`images()` of its generator module), and again those with
    words in them in each other language (`<name>.<lang>.png`: words.py)."""
    from tools.assets import words

    r = Path(root)
    _setup_fonts(r)
    done: list[str] = []
    img = "assets/images"
    for game in GAMES:
        done += _save_all({f"{img}/{game}/{k}": v for k, v in games.module(game).images().items()}, r)
    for lang in words.LANGUAGES[1:]:
        for game in GAMES:
            items = {f"{img}/{game}/{k}": v for k, v in games.module(game).images(lang).items()}
            done += _save_all({words.variant(k, lang): v for k, v in items.items()}, r)
    return done


def job_backdrops(root: str) -> list[str]:
    from tools.assets import backdrops as bd

    r = Path(root)
    _setup_fonts(r)
    img = "assets/images"
    # opaque full-screen art is JPEG: a quarter of the PNG's bytes, decoded several times faster
    items = {f"{img}/{game}/{k}": v for game in GAMES for k, v in games.module(game).backdrops().items()}
    items[f"{img}/ui/lobby_bg.jpg"] = bd.lobby_bg()
    items[f"{img}/ui/intro_bg.jpg"] = bd.lobby_bg(True)
    return _save_all(items, r, opaque=True)


def job_chrome(root: str) -> list[str]:
    """UI kit, reel backgrounds and logos."""

    from tools.assets import frames, gfx, ui

    r = Path(root)
    _setup_fonts(r)
    img = "assets/images"
    items: dict[str, np.ndarray] = {}
    for s in ("normal", "hover", "pressed", "disabled"):
        items[f"{img}/ui/button_{s}.png"] = ui.button(s)
        items[f"{img}/ui/spin_{s}.png"] = ui.spin_button(s)
    items[f"{img}/ui/panel.png"] = ui.panel()
    items[f"{img}/ui/hud_bar.png"] = ui.hud_bar()
    for name in ui.ICONS:
        items[f"{img}/ui/{name}.png"] = ui.ui_icon(name)
    items[f"{img}/ui/line_badge.png"] = ui.line_badge()
    items[f"{img}/ui/coin.png"] = ui.coin()
    items[f"{img}/ui/win_banner.png"] = ui.win_banner()
    items[f"{img}/ui/app_icon.png"] = ui.app_icon()
    # the tagline under the wordmark is text the app draws in the player's language
    items[f"{img}/ui/logo.png"] = ui.wordmark("REELHOUSE", 700, 150)
    for game in GAMES:
        items[f"{img}/{game}/logo.png"] = frames.logo(game)
    done = _save_all(items, r)
    done += _save_all({f"{img}/{g}/reel_bg.png": frames.reel_bg(g) for g in GAMES}, r, opaque=True)
    # light added onto the screen (BLEND_ADD ignores alpha): its colour is kept premultiplied
    gfx.save(ui.particle(), r / img / "ui/particle.png", premultiplied=True)
    done.append(f"{img}/ui/particle.png")
    return done


def job_dress(root: str) -> list[str]:
    """Each game's dress: its HUD band, its panel (the band's boxes, its viewers), its feature
    plate and its buttons (plate and SPIN, four states each), from the material its generator
    module names (`dress_material()`; tools.assets.dress draws them)."""
    from tools.assets import dress
    from tools.assets.games import ids, module

    r = Path(root)
    img = "assets/images"
    done: list[str] = []
    for game in ids():
        material = module(game).dress_material()
        done += _save_all(
            {
                f"{img}/{game}/panel.png": dress.panel(material),
                f"{img}/{game}/plate.png": dress.plate(material),
                **{f"{img}/{game}/button_{s}.png": dress.button(material, s) for s in dress.STATES},
                **{f"{img}/{game}/spin_{s}.png": dress.spin_button(material, s) for s in dress.STATES},
            },
            r,
        )
        done += _save_all({f"{img}/{game}/hud_bar.jpg": dress.hud_bar(material)}, r, opaque=True)
    return done


def job_frames(root: str) -> list[str]:
    """Each game's reel frame and marquee (the slowest pieces: full-screen at the density)."""
    from tools.assets import frames

    r = Path(root)
    _setup_fonts(r)
    return _save_all({f"assets/images/{g}/frame.png": frames.frame(g) for g in GAMES}, r)


def job_tiles(root: str) -> list[str]:
    import pygame

    from tools.assets import frames, gfx, words

    r = Path(root)
    _setup_fonts(r)
    img = "assets/images"
    hero = {game: f"{game}/{games.module(game).HERO}" for game in GAMES}
    items = {}
    for game in GAMES:

        def load(rel: str) -> np.ndarray:
            return gfx.from_surface(pygame.image.load(str(r / img / rel)))

        items[f"{img}/{game}/tile.png"] = frames.tile(
            game, load(f"{game}/background.jpg"), load(hero[game]), load(f"{game}/logo.png")
        )
        # a hero with words in it (a wild with its word) makes a tile per language too
        for lang in words.LANGUAGES[1:]:
            if (r / img / words.variant(hero[game], lang)).is_file():
                items[words.variant(f"{img}/{game}/tile.png", lang)] = frames.tile(
                    game,
                    load(f"{game}/background.jpg"),
                    load(words.variant(hero[game], lang)),
                    load(f"{game}/logo.png"),
                )
    return _save_all(items, r)


def job_stages(root: str) -> list[str]:
    """Each game's reel screen composed once (backdrop, reel backing, frame, its HUD band), as the
    app would compose it, saved as one JPEG per backdrop: the first frame then decodes one
    picture instead of four (the frame alone is a 1920×1080 PNG)."""
    import pygame

    from tools.assets import frames

    r = Path(root)
    img = r / "assets/images"
    done = []
    for game in GAMES:
        for part in ("background", "background_free"):
            stage = frames.stage(
                pygame.image.load(str(img / game / f"{part}.jpg")),
                pygame.image.load(str(img / game / "reel_bg.png")),
                pygame.image.load(str(img / game / "frame.png")),
                pygame.image.load(str(img / game / "hud_bar.jpg")),
            )
            name = "stage" if part == "background" else "stage_free"
            pygame.image.save(stage, str(img / game / f"{name}.jpg"))
            done.append(f"assets/images/{game}/{name}.jpg")
    return done


def job_map(root: str) -> list[str]:
    from tools.assets import gfx, worldmap

    r = Path(root)
    _setup_fonts(r)
    gfx.save(worldmap.paint_world(), r / "assets/maps/world_tiles.png", opaque=True)
    gfx.save(worldmap.paint_world(worldmap.HD_SCALE), r / "assets/maps" / worldmap.HD_SHEET, opaque=True)
    worldmap.write_tmx(r / "assets/maps/world.tmx", "world_tiles.png")
    return ["assets/maps/world_tiles.png", f"assets/maps/{worldmap.HD_SHEET}", "assets/maps/world.tmx"]


def job_sounds(root: str) -> list[str]:
    from tools.assets import sfx

    return sfx.build_all(Path(root))


def job_music(root: str) -> list[str]:
    """The lobby and base-game songs."""
    from tools.assets import music

    return music.build_all(Path(root))


def job_feature_music(root: str) -> list[str]:
    """The free-spins and bonus themes."""
    from tools.assets import music

    return music.build_all(Path(root), games.sounds("FEATURE_MUSIC"))


def job_sheets(root: str) -> list[str]:
    from tools.assets import contact

    r = Path(root)
    _setup_fonts(r)
    return contact.build_all(r)


GROUPS = {
    "images": [job_frames, job_backdrops, job_symbols, job_chrome, job_dress],
    "map": [job_map],
    "sounds": [job_feature_music, job_music, job_sounds],
}


def build(root: Path, only: str | None = None, workers: int = 2) -> list[str]:
    """Build all outputs into root (the repository root, or a temp dir for --check)."""
    missing = sources.missing_inputs()
    if missing:
        raise SystemExit("missing generator inputs (run with --fetch): " + ", ".join(missing))
    groups = [only] if only else ["images", "map", "sounds"]
    jobs = [j for g in groups if g != "sheets" for j in GROUPS[g]]
    done: list[str] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for res in pool.map(_run, [(j.__name__, str(root)) for j in jobs]):
            done += res
    if only in (None, "images"):
        done += job_tiles(str(root))
        done += job_stages(str(root))
    if only in (None, "sheets", "images"):
        done += job_sheets(str(root))
    if only is None:
        from tools.assets import manifest

        done.append(manifest.write(root))
    if root == ROOT:  # every file under assets/ with its digest, checked by the app at start-up
        from game import manifest as released

        done.append(str(released.write(root / "assets").relative_to(root)))
    return done


def _run(args: tuple[str, str]) -> list[str]:
    name, root = args
    t = time.time()
    res = globals()[name](root)
    print(f"  {name}: {len(res)} files in {time.time() - t:.1f} s", flush=True)
    return res


def digest_tree(root: Path) -> dict[str, str]:
    out = {}
    for d in (*OUTPUT_DIRS, "docs/assets.md"):
        base = root / d
        if base.is_file():
            out[d] = hashlib.sha256(base.read_bytes()).hexdigest()
            continue
        if not base.exists():
            continue
        for p in sorted(base.rglob("*")):
            if p.is_file():
                out[str(p.relative_to(root))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def check() -> int:
    """Rebuild into a temporary folder and compare every output with the committed one."""
    with tempfile.TemporaryDirectory() as tmp:
        build(Path(tmp))
        new = digest_tree(Path(tmp))
    # docs/contact-sheets also holds hand-made review sheets (screenshots, before/after): only
    # the generated ones are compared there
    old = {k: v for k, v in digest_tree(ROOT).items() if k in new or not k.startswith(HAND_MADE)}
    diff = sorted(k for k in set(new) | set(old) if new.get(k) != old.get(k))
    for k in diff:
        print(f"DIFFERS: {k}")
    print(f"checked {len(new)} files: {'OK' if not diff else f'{len(diff)} differ'}")
    return 1 if diff else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fetch", action="store_true", help="npm pack the pinned inputs first")
    ap.add_argument("--check", action="store_true", help="verify outputs are reproducible")
    ap.add_argument("--only", choices=["images", "sounds", "map", "sheets"])
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args(argv)
    t = time.time()
    if a.fetch:
        sources.fetch()
    if a.check:
        return check()
    files = build(ROOT, a.only, a.workers)
    print(f"built {len(files)} files in {time.time() - t:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
