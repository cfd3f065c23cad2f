"""Writes docs/assets.md: every generated file with its size in pixels (images) or its length,
measured loudness, peak and purpose (sounds), plus how to regenerate. Built from the files on
disk, so it always matches what ships."""

from __future__ import annotations

from pathlib import Path

import pygame

from tools.assets.kit import DENSITY

ROOT = Path(__file__).resolve().parents[2]

HEADER = """# Assets

Everything under `assets/images`, `assets/sounds` and `assets/maps` is baked by the generator in
`tools/assets/` and committed, so a fresh checkout plays without running it. Licences and
attributions: `assets/CREDITS.md`.

## Regenerating

```sh
.venv/bin/pip install -r tools/requirements-assets.txt   # generator-only: soundfile, fonttools
.venv/bin/python -m tools.assets.make_assets               # rebuild everything (~2-3 min, 2 cores)
.venv/bin/python -m tools.assets.make_assets --only sounds # or: images | map | sheets
.venv/bin/python -m tools.assets.make_assets --check       # rebuild in a temp dir, compare hashes
.venv/bin/python -m tools.assets.make_assets --fetch       # refresh inputs with npm (see below)
```

The build reads only committed inputs: the game-icons and OpenMoji SVGs actually used
(`tools/assets/sources/`, with their licences) and the fonts in `assets/fonts/`. `--fetch` runs
`npm pack` for the pinned packages (`@iconify-json/game-icons@1.2.4`, `openmoji@17.0.0`,
`@fontsource/cinzel@5.3.0`, `@fontsource/lato@5.3.0`) in a temporary folder and refreshes those
copies (fonts are converted from WOFF to TTF with fontTools, timestamps kept).

Reproducibility: all noise and melodies are seeded; PNGs are written by pygame (deterministic);
OGG Vorbis is encoded by libsndfile, whose random stream serial numbers are replaced by a
serial derived from the file name (CRCs recomputed), so two runs give byte-identical files.
`--check` verifies this over every output; `tests/assets/test_assets.py` re-encodes a few sounds
and the map and compares bytes (it skips, saying why, when the generator-only packages are
missing).

Contact sheets for review: `docs/contact-sheets/<game>.png` and `ui.png`.

### Rendered figures (Blender)

The figures on the symbols are rendered in 3-D and committed as generator inputs in
`tools/assets/sources/rendered/<game>/<name>.png` (RGBA, the whole canvas at 1.5 px per logical
px), so `make assets` and `--check` need no Blender: Warlords' warriors, animals, helms, stacks,
the wild's ring, the banners (dyed cloth, gold pole and crest), the blank (carved dark stone) and
the weapon overlays; Tomb Raider's climber, rider, gunslinger, sword, key, passport, the Portrait
(a gold cameo with bronze hair), the artefacts and the Shoot-out's clay discs; Stones' animals,
rune stone, royals (carved stone with the rank inlaid in gold) and the wild's jade knot with its
gold word. Each game declares its figures in its generator module (`render_jobs()` in
`tools/assets/games/<id>.py`: the mask — the same icon or drawn shape the flat art used — where
it sits, its material, or its own heights and colours); `tools/assets/render/jobs.py`, which
names no game, gathers them through the registry, turns each mask into a height field (a round
bevel along the outline plus a soft dome) and runs `tools/assets/render/relief.py` in Blender,
which builds the relief as a mesh and renders it with Cycles on the CPU (lit by a studio sky
and two area lights, camera tilted 12°, no denoiser: 32–64 samples; metal, leather, cloth,
glazed clay or stone, the last two coloured by the figure's own albedo map). The art modules lay
each render on its plate or medallion with a halo, a drop shadow and a thin outline
(`kit.place_rendered`).

```sh
make render                                              # re-render every figure (~15 min, 2 cores)
.venv/bin/python -m tools.assets.render.jobs <id>         # or one figure, <id>/<name>
.venv/bin/python -m tools.assets.render.jobs --list
```

Tested with Debian's `blender` 3.4 (`blender -b --factory-startup`); each figure takes 15–80 s
on a busy 2-core machine.
Re-render only what changed, then run `make assets`.

## Conventions

- Sizes are in logical px, the units of the app's 1280×720 layout. Every file under
  `assets/images` holds 1.5 px per logical px (`kit.DENSITY`: a full screen is 1920×1080), so a
  1920×1080 window shows it pixel for pixel and smaller windows scale it down; the app divides
  a file's pixel size by 1.5 to get its logical size. Opaque full-screen art (backdrops,
  locations) is JPEG; everything else is PNG.
- Symbols are 160×160 RGBA; the reels show them at 150×150 in cells of 172×150. The art keeps a
  few px of transparent margin for its drop shadow. Warlords stacks are 160×480.
- The reel screen (`tools/assets/frames.py`): reel window (210, 92, 860, 450); line-marker
  gutters x 168..206 and 1074..1112 (y 88..546), part of the frame; frame body x 126..1154,
  y 58..558; marquee with the game's full title x 320..960, y 2..88; HUD band from y = 560.
  `frame.png` is transparent over the reel window and outside the frame.
- Buttons are 9-slice sources: 96×48 with 16 px corners; `panel.png` 96×96 with 24 px corners
  (logical).
- UI icons are white on transparent; tint them at run time.
- Art with words baked in has a file per language: `<name>.<lang>.png` beside the English
  `<name>.png`, the same size (`tools/assets/words.py` holds the words, the catalog's own: WILD is
  COMODÍN). Spanish today: the Stones wild, wild reel and open tablets (GIROS, MULTIPLICADOR,
  RODILLO COMODÍN, COMODÍN; a long word takes two lines), the Warlords wild, its name plates
  (SAMURÁI, SACERDOTISA, BÁRBARO) and its lobby tile (which shows the wild), and Tomb Raider's
  Portrait wild. The asset store shows the player's language's file where
  there is one (`AssetStore.set_language`; the app follows a language switch at once and the
  scenes prepare their art again), so scenes ask for the English name only.
- The world map (`assets/maps/world.tmx`, 80×45 tiles of 16 px = 1280×720, orthogonal, CSV)
  has a tile layer `ground`, an object layer `locations` (five 48×48 rectangles; the location id
  is the object's own name, `obj.name`: london, ghana, cambodia, peru, tokyo; int property
  `order` 1..5; string property `title` for display) and an object layer `path` with one
  polyline through the five locations in order. A custom property called `name` is not used
  because pytmx rejects it ("reserved name") unless `allow_duplicate_names=True` is passed.
- Levels (measured per ITU-R BS.1770-4 by `tools/assets/loudness.py`, a mono file as played on
  both speakers): **music** at **-18 LUFS integrated**, sample peaks under -1.5 dBFS before
  encoding; **effects and stings** at **-14 LUFS momentary maximum** (the loudest 400 ms), peaks
  under -2 dBFS before encoding (Vorbis lets sharp transients overshoot by about 1 dB).
  `tests/assets/test_assets.py` decodes every file as the app does and checks each within ±1 LU
  of its target and its peak under -0.3 dBFS (no clipping). The app's mixer (master × music or
  effects × the cue's own volume) sets the balance from there: at the default volumes music
  plays about 9 LU under the effects.
- Music is stereo, at least 90 s, in sections (intro, A, B, bridge, A again, turnaround) with
  their own chords, instruments and density, and loops seamlessly (circular mixing and reverb);
  the test checks the length and the seam. Effects are mono so the app pans them to where they
  happen (a reel stop on its reel); the win-tier and free-spins-won stings are stereo.

## Files
"""


def _describe(path: Path) -> str:
    if path.suffix in (".png", ".jpg"):
        w, h = pygame.image.load(str(path)).get_size()
        if "images" not in path.parts:  # the map's tileset is at 1 px per logical px
            return f"{w}×{h} px"
        d = DENSITY
        return f"{w / d:g}×{h / d:g} ({w}×{h} px)"
    if path.suffix == ".tmx":
        return "Tiled map, 80×45 tiles of 16 px"
    return ""


def _purposes() -> dict[str, str]:
    """Sound name → what it is for: the first sentence of its generator's docstring."""
    from tools.assets import games, music, sfx, stings

    out = {}
    each_game = (games.sounds(kind) for kind in ("SOUNDS", "MUSIC", "FEATURE_MUSIC"))
    for table in (sfx.EFFECTS, stings.STINGS, music.TRACKS, *each_game):
        for name, fn in table.items():
            doc = " ".join((fn.__doc__ or "").split())
            out[name] = doc.split(". ")[0].rstrip(".")
    return out


def _sound_row(path: Path, rel: Path, purpose: str) -> str:
    import soundfile as sf  # generator-only dependency

    from tools.assets import loudness

    x, sr = sf.read(str(path))
    music = x.ndim == 2 and len(x) > 60 * sr
    level = loudness.integrated(x) if music else loudness.momentary_max(x)
    kind = "I" if music else "M"
    ch = "stereo" if x.ndim == 2 else "mono"
    return (
        f"| `{rel}` | {len(x) / sr:.2f} s, {ch} | {level:.1f} LUFS {kind} | {loudness.peak_db(x):.1f} dBFS "
        f"| {purpose} | {path.stat().st_size:,} |\n"
    )


def write(root: Path) -> str:
    lines = [HEADER]
    total = 0
    purposes = _purposes()
    for sub in ("images", "sounds", "maps", "fonts"):
        # fonts are inputs, not outputs: always list the committed ones
        base = (ROOT if sub == "fonts" else root) / "assets" / sub
        files = sorted(p for p in base.rglob("*") if p.is_file())
        if sub == "sounds":
            lines.append(
                "\n### assets/sounds\n\nLoudness: I = integrated (music), M = momentary maximum "
                "(effects and stings); peak = sample peak of the decoded file.\n\n"
                "| file | length | loudness | peak | purpose | bytes |\n|---|---|---|---|---|---:|\n"
            )
            for p in files:
                total += p.stat().st_size
                name = str(p.relative_to(base).with_suffix(""))
                lines.append(_sound_row(p, p.relative_to(base.parent), purposes.get(name, "")))
            continue
        lines.append(f"\n### assets/{sub}\n\n| file | size | bytes |\n|---|---|---:|\n")
        for p in files:
            size = p.stat().st_size
            total += size
            rel = p.relative_to(base.parent)
            lines.append(f"| `{rel}` | {_describe(p)} | {size:,} |\n")
    lines.append(f"\nTotal of the files listed: {total / 1e6:.1f} MB.\n")
    out = root / "docs" / "assets.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(lines))
    return "docs/assets.md"
