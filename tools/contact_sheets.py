"""Contact sheets of every screen, rendered headless as a real window shows them.

    python -m tools.contact_sheets --size 1920x1080 --lang es --out docs/contact-sheets/after-1920x1080-es.jpg
    python -m tools.contact_sheets --all    # the four "after" sheets: 1920×1080, 1000×700 × en, es

Each screen of `tests/support/screens.py` (the builders the overlap and legibility tests use: a
scene stack driven the way a player gets there, with fixed seeds) is built in a fresh context in
the chosen language, at the density of a window of the chosen size, and drawn the way the app
draws a frame (`App._draw`: the logical screen scaled to fill the window, centred, and the bars
filled as the app fills them), so each picture has the window's own pixels. Paged viewers show
their first page. The pictures are laid out with `tools.screens_sheet.sheet` into JPEG pages, the
caption under each naming the screen; `--shots DIR` keeps the full-size PNGs too.

Headless (SDL's dummy video and audio drivers): it runs on any machine, with no window.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import importlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame is imported: never a real window
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parents[1]
SIZES = ((1920, 1080), (1000, 700))
LANGUAGES = {"en": "English", "es": "Español"}
# The art is dense (textured stone, sparkles, backdrops): a screen's thumbnail costs about a bit
# per pixel at JPEG quality 40. Within MAX_BYTES a page holds 24 thumbnails 384 px wide (headings,
# amounts and buttons readable, body text not); `--columns 4 --per-page 12` gives 582 px ones, whose
# body text reads, in four or five pages a sheet.
COLUMNS = 6
WIDTH = 2400  # px
PER_PAGE = 24  # screens a page at most: two pages for the 48 screens
MAX_BYTES = 300_000  # each JPEG page at most (the repository keeps them)
QUALITY = (25, 90)  # the JPEG qualities tried, from the floor up; below the floor: another page
OUT_DIR = ROOT / "docs" / "contact-sheets"

Builder = Callable[[Any], Any]  # (AppContext) -> SceneStack


@dataclass(frozen=True)
class Layout:
    """How the screens are laid out on a sheet's pages and how large a page may be."""

    columns: int = COLUMNS
    width: int = WIDTH  # px
    per_page: int = PER_PAGE  # screens a page at most (more pages if one is over the budget)
    max_bytes: int = MAX_BYTES


def parse_size(text: str) -> tuple[int, int]:
    """'1920x1080' → (1920, 1080)."""
    try:
        w, h = (int(v) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080") from None
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080")
    return w, h


def screen_builders() -> dict[str, Builder]:
    """The screens, in the order `tests/support/screens.py` lists them."""
    support = str(ROOT / "tests" / "support")
    if support not in sys.path:
        sys.path.insert(0, support)
    screens = importlib.import_module("screens")
    return dict(screens.SCREENS)


def _app_module() -> Any:
    """The composition root (`build_context`, `App`); older trees kept it in scenes.core."""
    try:
        return importlib.import_module("scenes.app.app")
    except ModuleNotFoundError:
        return importlib.import_module("scenes.core.app")


class Renderer:
    """Builds screens in one window size and language, each in a fresh context and ledger; the
    asset store (the decoded art) is shared between them."""

    def __init__(self, window: tuple[int, int], language: str) -> None:
        from scenes.core.assets import AssetStore
        from scenes.core.view import Viewport

        self.window = window
        self.language = language
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(window)
        self.assets = AssetStore()
        if hasattr(self.assets, "set_language"):  # art with words in it, per language
            self.assets.set_language(language)
        self.assets.set_density(Viewport(window).density)

    def render(self, builder: Builder) -> pygame.Surface:
        """The window's pixels showing the screen `builder` reaches."""
        from game.ledger import Ledger
        from scenes.core.audio import AudioService
        from scenes.core.context import LaunchOptions
        from scenes.core.settings_store import Settings

        app_mod = _app_module()
        with tempfile.TemporaryDirectory(prefix="contact-sheets-") as tmp:
            data = Path(tmp)
            ledger = Ledger.open(data / "ledger.sqlite3")
            audio = AudioService(self.assets)
            try:
                ctx = app_mod.build_context(
                    LaunchOptions(data_dir=data, seed=1),
                    assets=self.assets,
                    audio=audio,
                    ledger=ledger,
                    settings=Settings.model_validate({"language": self.language}),
                )
                stack = builder(ctx)
                app = app_mod.App(ctx, self.screen, time.perf_counter())
                app.stack = stack
                app._draw()  # the frame exactly as the loop draws it, bars and all
                return self.screen.copy()
            finally:
                audio.shutdown()
                close = getattr(ledger, "close", None)
                if close is not None:
                    close()

    def close(self) -> None:
        pygame.display.quit()


def render_all(
    window: tuple[int, int],
    language: str,
    names: list[str] | None = None,
    log: Callable[[str], None] = print,
) -> Iterator[tuple[str, pygame.Surface | None]]:
    """(name, picture) per screen; None where the screen could not be reached (said in `log`)."""
    builders = screen_builders()
    chosen = names or list(builders)
    unknown = [n for n in chosen if n not in builders]
    if unknown:
        raise SystemExit(f"unknown screen {unknown[0]!r}; the screens: {', '.join(builders)}")
    renderer = Renderer(window, language)
    try:
        for name in chosen:
            t0 = time.perf_counter()
            try:
                surf: pygame.Surface | None = renderer.render(builders[name])
            except Exception as exc:  # a screen a tree cannot reach: said, and the sheet goes on
                log(f"  {name}: not reached ({type(exc).__name__}: {exc})")
                surf = None
            else:
                log(f"  {name}: {time.perf_counter() - t0:.1f} s")
            gc.collect()
            yield name, surf
    finally:
        renderer.close()


def _commit() -> str:
    """The last commit that changed what the screens come from (anything but docs/: a commit of
    the sheets themselves does not count), as 'hash date'; '' outside a git checkout."""
    cmd = ["git", "log", "-1", "--format=%h %cs", "--", ".", ":(exclude)docs"]
    try:
        out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    return out.stdout.strip()


class JpegWriter:
    """JPEG files at a chosen quality. pygame saves JPEG at a fixed quality (85), too large for
    a sheet of 24 screens in the budget, so this calls SDL_image's `IMG_SaveJPG` (the library
    pygame itself ships and uses) through ctypes. Where that library cannot be found, pygame's
    own save is used (`quality` None: its fixed quality)."""

    RGB24 = 0x17101803  # SDL_PIXELFORMAT_RGB24

    def __init__(self) -> None:
        self._sdl: ctypes.CDLL | None = None
        self._img: ctypes.CDLL | None = None
        libs = self._library_dirs()
        sdl = self._find(libs, ("libSDL2-2*.so*", "libSDL2-2*.dylib", "SDL2.dll"))
        img = self._find(libs, ("libSDL2_image*.so*", "libSDL2_image*.dylib", "SDL2_image.dll"))
        if sdl is None or img is None:
            return
        try:
            self._sdl, self._img = ctypes.CDLL(str(sdl)), ctypes.CDLL(str(img))
        except OSError:
            return
        create = self._sdl.SDL_CreateRGBSurfaceWithFormatFrom
        create.restype = ctypes.c_void_p
        create.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
        create.argtypes += [ctypes.c_uint32]
        self._sdl.SDL_FreeSurface.argtypes = [ctypes.c_void_p]
        self._img.IMG_SaveJPG.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        self._img.IMG_SaveJPG.restype = ctypes.c_int

    @staticmethod
    def _library_dirs() -> list[Path]:
        here = Path(pygame.__file__).parent
        return [here.parent / "pygame_ce.libs", here / ".dylibs", here]  # Linux, macOS, Windows wheels

    @staticmethod
    def _find(dirs: list[Path], patterns: tuple[str, ...]) -> Path | None:
        for d in dirs:
            for pattern in patterns:
                found = sorted(d.glob(pattern))
                if found:
                    return found[0]
        return None

    @property
    def tunable(self) -> bool:
        return self._img is not None

    def save(self, surf: pygame.Surface, path: Path, quality: int | None) -> int:
        """Write `surf` to `path`; its size in bytes."""
        if quality is None or self._sdl is None or self._img is None:
            pygame.image.save(surf, str(path))
            return path.stat().st_size
        w, h = surf.get_size()
        pixels = ctypes.create_string_buffer(pygame.image.tobytes(surf, "RGB"), 3 * w * h)
        raw = self._sdl.SDL_CreateRGBSurfaceWithFormatFrom(pixels, w, h, 24, 3 * w, self.RGB24)
        if not raw:
            raise OSError(f"cannot hand {w}×{h} px to SDL_image")
        try:
            if self._img.IMG_SaveJPG(raw, os.fsencode(path), quality) != 0:
                raise OSError(f"cannot write {path}")
        finally:
            self._sdl.SDL_FreeSurface(raw)
        return path.stat().st_size

    def fit(self, surf: pygame.Surface, path: Path, max_bytes: int) -> int | None:
        """Write `surf` at the best quality within `max_bytes`; that quality (0: pygame's fixed
        one), or None if even the floor is too large (the file is left at the floor)."""
        if not self.tunable:
            return 0 if self.save(surf, path, None) <= max_bytes else None
        lo, hi = QUALITY
        if self.save(surf, path, lo) > max_bytes:
            return None
        best = lo
        while lo < hi:  # the largest quality that fits, by halving the range
            mid = (lo + hi + 1) // 2
            if self.save(surf, path, mid) <= max_bytes:
                best, lo = mid, mid
            else:
                hi = mid - 1
        self.save(surf, path, best)
        return best


def page_paths(out: Path, pages: int) -> list[Path]:
    """`out` itself for one page, else out-1.jpg, out-2.jpg, …"""
    if pages == 1:
        return [out]
    return [out.with_name(f"{out.stem}-{i}{out.suffix}") for i in range(1, pages + 1)]


def make_sheet(
    window: tuple[int, int],
    language: str,
    out: Path,
    *,
    label: str = "",
    names: list[str] | None = None,
    shots: Path | None = None,
    layout: Layout | None = None,
) -> list[Path]:
    """Render the screens and write the sheet's pages; returns the files written."""
    layout = layout or Layout()
    size = f"{window[0]}x{window[1]}"
    print(f"{out.name}: {size}, {LANGUAGES.get(language, language)}")
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="contact-shots-") as tmp:
        folder = shots / f"{size}-{language}" if shots is not None else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        files, missing = [], []
        for i, (name, surf) in enumerate(render_all(window, language, names), start=1):
            if surf is None:
                missing.append(name)
                continue
            path = folder / f"{i:02d} {name}.png"
            pygame.image.save(surf, str(path))
            files.append(path)
        if not files:
            raise SystemExit("no screen could be reached")
        words = (label, f"{size} window", LANGUAGES.get(language, language))
        written = write_pages(files, out, *words, layout=layout)
    if missing:
        print(f"  not reached: {', '.join(missing)}")
    print(f"  {len(files)} screens in {time.perf_counter() - t0:.0f} s")
    return written


def write_pages(files: list[Path], out: Path, *words: str, layout: Layout) -> list[Path]:
    """Lay `files` out in as few pages as keep each JPEG within the budget at a quality of at
    least the floor (as many as `layout.per_page` screens a page); the pages written."""
    from tools.screens_sheet import sheet

    writer = JpegWriter()
    commit = _commit()
    out.parent.mkdir(parents=True, exist_ok=True)
    pages = max(1, -(-len(files) // layout.per_page))
    while True:
        per = -(-len(files) // pages)
        per = -(-per // layout.columns) * layout.columns  # whole rows
        pages = -(-len(files) // per)
        chunks = [files[i : i + per] for i in range(0, len(files), per)]
        paths = page_paths(out, len(chunks))
        report = []
        for n, (chunk, path) in enumerate(zip(chunks, paths, strict=True), start=1):
            parts = [w for w in (*words, commit) if w]
            if len(chunks) > 1:
                parts.append(f"page {n}/{len(chunks)}")
            surf = sheet("Reelhouse screens · " + " · ".join(parts), chunk, layout.columns, layout.width)
            quality = writer.fit(surf, path, layout.max_bytes)
            if quality is None:
                break
            q = f"quality {quality}" if quality else "pygame's quality"
            report.append(f"  → {path} ({path.stat().st_size / 1000:.0f} KB, {len(chunk)} screens, {q})")
        else:
            break
        if per <= layout.columns:
            raise SystemExit(f"a row of screens does not fit in {layout.max_bytes // 1000} KB")
        pages += 1  # a page over the budget even at the floor: spread the screens thinner
    for stale in (out, *page_paths(out, 99)):
        if stale not in paths and stale.exists():
            stale.unlink()  # an earlier run's page count
    print("\n".join(report))
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=parse_size, help="the window, e.g. 1920x1080")
    ap.add_argument("--lang", choices=sorted(LANGUAGES), default="en")
    ap.add_argument("--out", type=Path, help="the sheet (.jpg); several pages get -1, -2, …")
    ap.add_argument(
        "--all",
        action="store_true",
        help="the sheets for 1920x1080 and 1000x700 in en and es: <dir>/<prefix>-<size>-<lang>.jpg",
    )
    ap.add_argument("--prefix", default="after", help="with --all: the file names' first word")
    ap.add_argument("--dir", type=Path, default=OUT_DIR, help="with --all: where the sheets go")
    ap.add_argument("--label", default=None, help="a word for the title (default: the prefix)")
    ap.add_argument("--screens", nargs="+", metavar="NAME", help="only these screens")
    ap.add_argument("--shots", type=Path, help="also keep each full-size screen here as PNG")
    ap.add_argument("--per-page", type=int, default=PER_PAGE, help="screens per JPEG page")
    ap.add_argument("--columns", type=int, default=COLUMNS)
    ap.add_argument("--width", type=int, default=WIDTH, help="the sheet's width in px")
    ap.add_argument(
        "--max-kb", type=int, default=MAX_BYTES // 1000, help="each JPEG page at most (1000 bytes)"
    )
    a = ap.parse_args(argv)
    if a.all:
        jobs = [
            ((w, h), lang, a.dir / f"{a.prefix}-{w}x{h}-{lang}.jpg") for (w, h) in SIZES for lang in LANGUAGES
        ]
    elif a.size is None or a.out is None:
        ap.error("give --size and --out (or --all)")
    else:
        jobs = [(a.size, a.lang, a.out)]
    label = a.prefix if a.label is None and a.all else (a.label or "")
    t0 = time.perf_counter()
    for window, lang, out in jobs:
        make_sheet(
            window,
            lang,
            out,
            label=label,
            names=a.screens,
            shots=a.shots,
            layout=Layout(a.columns, a.width, a.per_page, a.max_kb * 1000),
        )
    print(f"{len(jobs)} sheet(s) in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
