"""The one asset store: finds, loads, converts and caches images, fonts and sounds.

Every file the app shows or plays is reached through an `AssetStore`, built once by the app and
passed to the scenes (no module-level cache). Paths are relative names without extensions:
`image("<id>/symbols/wild")` is `assets/images/<id>/symbols/wild.png` (or `.jpg`: opaque
full-screen art is JPEG), `sound("common/click")` is `assets/sounds/common/click.ogg`,
`font("display", 40)` is `assets/fonts/display.ttf` at 40 logical px. Art with words in it has a
file per language, `<name>.<lang>.png` beside the English `<name>.png`, and the store shows the
player's language's (`set_language`; the app follows the translator's language).

Density. Scenes think in logical px (1280×720 fill the window); the store hands them art and
fonts at the window's density `density` (physical px per logical px, set by the app when the
window's size changes): `image`, `scaled`, `nine_slice`, `tinted` and `canvas` return Canvases
(`scenes.core.canvas`) whose pixels are at that density, and `font` returns a `ScaledFont` that
renders at it. Every image file holds FILE_DENSITY px per logical px (1920×1080 for a full
screen, see docs/assets.md), so a 1920×1080 window uses the files pixel for pixel and any other
size smooth-scales each image once, from the file's own pixels, and caches it. Changing the
density drops everything derived from the old one.

Images are converted (`convert_alpha`) once a display exists; a surface loaded before the display
is converted the first time it is asked for afterwards. Derived surfaces (scaled, 9-sliced,
tinted, and a scene's compositions through `derived`) are cached by their parameters and the
density, so scenes can ask for them every frame: the cost is a dict lookup. A missing image is a
packaging error and raises `FileNotFoundError` naming the path; a missing sound (or no mixer)
only costs silence and one log line.

The body-text fonts ("text", "text_bold") are scaled by `text_scale` (the player's text size
setting): `font("text", 20)` at 1.3 is the 26 px font. Changing the scale forgets the derived
surfaces (buttons, plates and layers with text baked in), so everything is composed again at the
new size.

The root defaults to the bundled `assets/` folder (`game.paths.asset_path()`), which knows about
frozen builds; the environment variable `REELHOUSE_ASSETS` (read by the app at start-up, not
here) can point at another tree.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pygame

from game.paths import asset_path
from scenes.core.canvas import Canvas, ScaledFont
from scenes.core.stand_in import load_font, stand_in

log = logging.getLogger(__name__)

FONT_NAMES = ("display", "display_regular", "text", "text_bold")
# s: the longest wait for a picture a worker decodes; a worker that died (out of memory) never
# finishes its job, and the picture is then decoded here instead
PREFETCH_WAIT_S = 15.0
FILE_DENSITY = 1.5  # px per logical px of every file under assets/images
IMAGE_SUFFIXES = (".png", ".jpg")
SCALED_FONTS = ("text", "text_bold")  # the body text the text size setting enlarges
MIN_TEXT_PX = 11  # no text renders smaller, in physical px (small windows: 1000×700, 800×600)

DERIVED_BUDGET_BYTES = 24 * 1024 * 1024
"""Pixel bytes the derived surfaces may hold at 1 px per logical px (× the density² in a denser
window): a scene's working set (backdrops, panels, plates) with room to spare (the win lines
are the presenter's own, and the full-screen dims are fills: 24 MB rebuilds no more in the
bench than 32 did); beyond it the least recently used are rebuilt on demand."""

FILES_BUDGET_BYTES = 24 * 1024 * 1024
"""Pixel bytes the decoded files may hold (at their own density, whatever the window's): the
least recently used beyond it are let go, and decoded again if asked for. Most files are asked
for once, to be scaled or composed into what a scene keeps (a location's scenery into a panel);
those a scene blits as they are stay in use and so stay."""

Size = tuple[int, int]


def surface_bytes(img: pygame.Surface | Canvas) -> int:
    """The pixel memory a surface (or a Canvas's surface) holds."""
    surf = img.surf if isinstance(img, Canvas) else img
    return surf.get_pitch() * surf.get_height()


Color = tuple[int, int, int] | tuple[int, int, int, int]


def _whole(size: tuple[float, float]) -> Size:
    """A logical size as `scaled` keys it: whole px, at least 1."""
    return max(1, int(size[0])), max(1, int(size[1]))


def _load_scaled(path: str, size: Size, density: float) -> pygame.Surface:
    """The file at `path` smooth-scaled to logical `size` at `density` (a prefetch job: no display
    needed, so the caller converts it)."""
    surf = pygame.image.load(path)
    pw, ph = max(1, round(size[0] * density)), max(1, round(size[1] * density))
    if surf.get_size() == (pw, ph):
        return surf
    if surf.get_bitsize() != 32:  # a JPEG's 24-bit pixels: scaled as 32-bit, twice as fast
        wide = pygame.Surface(surf.get_size(), 0, 32)
        wide.blit(surf, (0, 0))
        surf = wide
    return pygame.transform.smoothscale(surf, (pw, ph))


class AssetStore:
    """Loads each asset once and caches it and the surfaces derived from it."""

    def __init__(self, root: Path | None = None, density: float = 1.0) -> None:
        self.root = Path(root) if root is not None else asset_path()
        self.density = density
        # as loaded, at FILE_DENSITY: an LRU bounded in bytes (`files_budget`)
        self._files: OrderedDict[str, pygame.Surface] = OrderedDict()
        self.files_budget = FILES_BUDGET_BYTES
        self._files_bytes = 0
        self._converted: set[str] = set()
        self._images: dict[str, Canvas] = {}  # at `density`
        # derived surfaces: an LRU bounded in entries and in bytes, so nothing a scene composes
        # can grow it without limit; an evicted surface is simply rebuilt on next use
        self._derived: OrderedDict[tuple, Canvas] = OrderedDict()
        self.derived_capacity = 1500
        self.derived_budget = DERIVED_BUDGET_BYTES
        self._derived_bytes = 0
        self._fonts: dict[tuple[str, int], ScaledFont] = {}
        self.broken_fonts: set[str] = set()  # damaged or missing (scenes.core.verify): pygame's own
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._preload: list[str] = []
        self._jobs: list[Callable[[], object]] = []  # art prepared behind the first frame
        self._warned_no_mixer = False
        self._text_scale = 1.0
        self.language = "en"  # art with words in it has files per language (`set_language`)
        self._decoding: dict[str, Future[pygame.Surface]] = {}  # prefetch(): files being decoded
        self._scaling: dict[tuple[str, Size, float], Future[pygame.Surface]] = {}  # ... and scaled

    @property
    def text_scale(self) -> float:
        """How much larger the body text is drawn (1.0: as designed)."""
        return self._text_scale

    @text_scale.setter
    def text_scale(self, scale: float) -> None:
        scale = max(0.5, min(2.0, float(scale)))
        if scale != self._text_scale:
            self._text_scale = scale
            self.forget_derived()  # composed surfaces hold text at the old size

    # density -----------------------------------------------------------------------------------
    def set_density(self, density: float) -> bool:
        """Use `density` px per logical px from now on; False if it was already that."""
        if abs(density - self.density) < 1e-9:
            return False
        self.density = density
        self._images.clear()
        self._derived.clear()
        self._derived_bytes = 0
        self._fonts.clear()
        self._jobs.clear()  # they would prepare art at the old density; the scenes defer anew
        return True

    def canvas(self, size: tuple[float, float], alpha: bool = True) -> Canvas:
        """A new, cleared Canvas of logical `size` at the current density."""
        return Canvas.new(size, self.density, alpha)

    # paths -------------------------------------------------------------------------------------
    def path(self, *parts: str) -> Path:
        """Absolute path of a file under the assets root."""
        return self.root.joinpath(*parts)

    def image_path(self, rel: str) -> Path:
        """assets/images/<rel>.png, else .jpg (the .png path when neither exists); in another
        language than English its `<rel>.<language>.png` first, when there is one."""
        base = self.root / "images" / rel
        if self.language != "en":
            found = self._variant(rel, self.language)
            if found is not None:
                return found
        for suffix in IMAGE_SUFFIXES:
            p = base.with_name(base.name + suffix)
            if p.is_file():
                return p
        return base.with_name(base.name + IMAGE_SUFFIXES[0])

    def _variant(self, rel: str, language: str) -> Path | None:
        """The file of `rel` made for `language` (art with words in it), if there is one."""
        base = self.root / "images" / rel
        for suffix in IMAGE_SUFFIXES:
            p = base.with_name(f"{base.name}.{language}{suffix}")
            if p.is_file():
                return p
        return None

    def set_language(self, language: str) -> bool:
        """Show the image files made for `language` from now on: art with words in it (a stone
        tablet's "GIROS", a warlord's name plate) has a file per language, `<name>.<lang>.png`
        beside the English `<name>.png` (see docs/assets.md). False if it was that already.

        What was loaded from a file that has a variant is dropped, and so is everything derived
        (a composition may hold such a picture) and the art queued to prepare: the scenes then
        prepare their art again (`Scene.rebuild`), as after a density change."""
        if language == self.language:
            return False
        old, self.language = self.language, language

        def worded(rel: str) -> bool:
            return any(self._variant(rel, lang) is not None for lang in (old, language) if lang != "en")

        for rel in [r for r in self._files if worded(r)]:
            self._files_bytes -= surface_bytes(self._files.pop(rel))
            self._converted.discard(rel)
        for rel in [r for r in self._images if worded(r)]:
            del self._images[rel]
        self._decoding.clear()
        self._scaling.clear()
        self._jobs.clear()
        self.forget_derived()
        return True

    def has_image(self, rel: str) -> bool:
        return rel in self._files or self.image_path(rel).is_file()

    # images ------------------------------------------------------------------------------------
    def prefetch(self, items: Iterable[str | tuple[str, Size]], density: float | None = None) -> None:
        """Start decoding these image files on two worker threads, for a screen about to be shown.

        Decoding runs in C without the interpreter's lock, so it proceeds beside what start-up
        does meanwhile (opening the ledger and the window, importing the scenes) on another core,
        and the first frame finds its art decoded. An item `(rel, size)` with a `density` (the
        density the window will have) is also smooth-scaled there to that logical size, as
        `scaled(rel, size)` will ask for it; a plain `rel` is decoded only (`file_surface`).
        Each is taken from here when first asked for (waiting if it is not done yet); one that is
        missing or fails is simply loaded again there, where the error is raised as usual, and
        one made for another density than the store's by then is not used. Nothing else runs on
        these threads, and they end when the queue is empty.
        """
        todo: list[tuple[str, Size | None]] = []
        for item in items:
            rel, size = (item, None) if isinstance(item, str) else (item[0], _whole(item[1]))
            if size is None or density is None:
                if rel not in self._files and rel not in self._decoding:
                    todo.append((rel, None))
            elif (rel, size, density) not in self._scaling:
                todo.append((rel, size))
        if not todo:
            return
        pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="image-decode")
        for rel, size in todo:
            path = str(self.image_path(rel))
            if size is None:
                self._decoding[rel] = pool.submit(pygame.image.load, path)
            elif density is not None:  # always, for a sized item (see above)
                self._scaling[(rel, size, density)] = pool.submit(_load_scaled, path, size, density)
        pool.shutdown(wait=False)

    def _prefetched_scaled(self, rel: str, size: Size) -> pygame.Surface | None:
        """The image `prefetch` scaled to `size` at the store's density, converted, if it was
        asked for at this density and succeeded."""
        job = self._scaling.pop((rel, size, self.density), None)
        if job is None:
            return None
        try:
            surf = job.result(timeout=PREFETCH_WAIT_S)
        except (OSError, pygame.error, TimeoutError) as exc:  # made again by the caller, which reports it
            log.info("prefetching %s failed: %s", rel, exc)
            return None
        if pygame.display.get_surface() is None:
            return surf
        return surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()

    def _decoded(self, rel: str) -> pygame.Surface | None:
        """The file decoded by `prefetch`, if it was asked for and succeeded."""
        job = self._decoding.pop(rel, None)
        if job is None:
            return None
        try:
            return job.result(timeout=PREFETCH_WAIT_S)
        except (OSError, pygame.error, TimeoutError) as exc:  # loaded again by the caller, which reports it
            log.info("prefetching %s failed: %s", rel, exc)
            return None

    def file_surface(self, rel: str, keep: bool = True) -> pygame.Surface:
        """The image file's own pixels (at FILE_DENSITY), loaded once; FileNotFoundError if missing.

        `keep` False: loaded for one composition (a scenery resampled into a panel, itself kept
        in `derived`), not kept here, so its pixels go when the caller is done (a full-screen
        file is 8 MB)."""
        surf = self._files.get(rel)
        if surf is None and not keep:
            return self._read_file(rel)
        if surf is None:
            surf = self._read_file(rel)
            self._keep_file(rel, surf)
        else:
            self._files.move_to_end(rel)
        if rel not in self._converted and pygame.display.get_surface() is not None:
            # convert needs a display mode; surfaces loaded earlier are converted here, on first
            # use after set_mode, so blits afterwards take the fast path. Opaque files (JPEG
            # backdrops) become opaque surfaces, which blit several times faster.
            surf = surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()
            self._keep_file(rel, surf)
            self._converted.add(rel)
        return surf

    def _read_file(self, rel: str) -> pygame.Surface:
        """The picture `rel` decoded (a prefetched decode if there is one), or a stand-in of its
        declared size when it cannot be decoded: the round goes on. FileNotFoundError if missing."""
        surf = self._decoded(rel)
        if surf is not None:
            return surf
        path = self.image_path(rel)
        if not path.is_file():
            raise FileNotFoundError(f"missing image: {path}")
        try:
            return pygame.image.load(str(path))
        except (pygame.error, OSError):  # damaged: the round goes on over a stand-in
            return stand_in(path)

    def _keep_file(self, rel: str, surf: pygame.Surface) -> None:
        """Keep `rel`'s pixels, letting the least recently used files go beyond the budget (with
        the image made from each: it may be the file's own pixels)."""
        old = self._files.pop(rel, None)
        if old is not None:
            self._files_bytes -= surface_bytes(old)
        self._files[rel] = surf
        self._files_bytes += surface_bytes(surf)
        while self._files_bytes > self.files_budget and len(self._files) > 1:
            gone, pixels = self._files.popitem(last=False)
            self._files_bytes -= surface_bytes(pixels)
            self._converted.discard(gone)
            self._images.pop(gone, None)

    @property
    def files_bytes(self) -> int:
        """Pixel bytes held by the decoded files (at most `files_budget` + the newest)."""
        return self._files_bytes

    def logical_size(self, rel: str) -> tuple[float, float]:
        w, h = self.file_surface(rel).get_size()
        return w / FILE_DENSITY, h / FILE_DENSITY

    def image(self, rel: str) -> Canvas:
        """The image `assets/images/<rel>` at its logical size and the current density."""
        img = self._images.get(rel)
        if img is not None and rel in self._files:
            self._files.move_to_end(rel)  # in use: the last file to let go
        if img is None or (rel not in self._converted and pygame.display.get_surface() is not None):
            src = self.file_surface(rel)
            lw, lh = src.get_width() / FILE_DENSITY, src.get_height() / FILE_DENSITY
            img = Canvas(self._resample(src, (lw, lh)), self.density, (lw, lh))
            self._images[rel] = img
        return img

    def _resample(self, src: pygame.Surface, size: tuple[float, float]) -> pygame.Surface:
        """`src` smooth-scaled to logical `size` at the current density (itself when it fits)."""
        pw, ph = max(1, round(size[0] * self.density)), max(1, round(size[1] * self.density))
        if src.get_size() == (pw, ph):
            return src
        return pygame.transform.smoothscale(src, (pw, ph))

    def scaled(self, rel: str, size: Size) -> Canvas:
        """The image smooth-scaled to logical `size` (cached per size), from the file's pixels."""
        size = _whole(size)
        key = ("scaled", rel, size, self.density)
        img = self._cached(key)
        if img is None:
            surf = self._prefetched_scaled(rel, size)
            if surf is None:
                surf = self._resample(self.file_surface(rel), size)
            img = Canvas(surf, self.density, size)
            self._store(key, img)
        return img

    def nine_slice(self, rel: str, size: Size, corner: int, *, alpha: int = 255) -> Canvas:
        """The image stretched to logical `size` keeping its `corner`-px corners intact (cached).

        Edges stretch along one axis, the centre along both. `alpha` < 255 returns a faded copy
        (cached too), so callers never change a shared surface's alpha. Corners are cut from the
        file at its own density and scaled once to the current one.
        """
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        key = ("nine", rel, (w, h), corner, alpha, self.density)
        img = self._cached(key)
        if img is not None:
            return img
        k = self.density
        src = self.file_surface(rel)
        sw, sh = src.get_size()
        pw, ph = max(1, round(w * k)), max(1, round(h * k))
        cs = min(round(corner * FILE_DENSITY), sw // 2, sh // 2)  # corner in the file
        c = max(0, min(round(corner * k), pw // 2, ph // 2))  # corner on screen
        out = pygame.Surface((pw, ph), pygame.SRCALPHA)
        # source and destination column/row bands: (start, length)
        sx = ((0, cs), (cs, sw - 2 * cs), (sw - cs, cs))
        sy = ((0, cs), (cs, sh - 2 * cs), (sh - cs, cs))
        dx = ((0, c), (c, pw - 2 * c), (pw - c, c))
        dy = ((0, c), (c, ph - 2 * c), (ph - c, c))
        for (sx0, sw0), (dx0, dw0) in zip(sx, dx, strict=True):
            for (sy0, sh0), (dy0, dh0) in zip(sy, dy, strict=True):
                if sw0 <= 0 or sh0 <= 0 or dw0 <= 0 or dh0 <= 0:
                    continue
                part = src.subsurface((sx0, sy0, sw0, sh0))
                if (sw0, sh0) != (dw0, dh0):
                    part = pygame.transform.smoothscale(part, (dw0, dh0))
                out.blit(part, (dx0, dy0))
        if alpha < 255:
            out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        if pygame.display.get_surface() is not None:
            out = out.convert_alpha()
        img = Canvas(out, k, (w, h))
        self._store(key, img)
        return img

    def tinted(self, rel: str, color: Color, size: Size | None = None) -> Canvas:
        """The image with its RGB multiplied by `color` (alpha kept; a 4th component scales it).

        With `size`, the scaled image is tinted (cached per size and colour).
        """
        key = ("tint", rel, tuple(color), size, self.density)
        img = self._cached(key)
        if img is None:
            src = self.scaled(rel, size) if size is not None else self.image(rel)
            img = src.copy()
            rgba = (*color[:3], color[3] if len(color) > 3 else 255)
            img.fill(rgba, special_flags=pygame.BLEND_RGBA_MULT)
            self._store(key, img)
        return img

    def derived(self, key: tuple, build: Callable[[], Canvas]) -> Canvas:
        """A cached surface built once by `build()` under `key` at the current density (for
        scene-specific compositions)."""
        key = (*key, self.density)
        img = self._cached(key)
        if img is None:
            img = build()
            self._store(key, img)
        return img

    def _cached(self, key: tuple) -> Canvas | None:
        img = self._derived.get(key)
        if img is not None:
            self._derived.move_to_end(key)
        return img

    def _store(self, key: tuple, img: Canvas) -> None:
        old = self._derived.pop(key, None)
        if old is not None:
            self._derived_bytes -= surface_bytes(old)
        self._derived[key] = img
        self._derived_bytes += surface_bytes(img)
        # the budget is for 1 px per logical px: a denser window's pictures hold k² the bytes
        budget = self.derived_budget * max(1.0, self.density**2)
        while len(self._derived) > 1 and (
            len(self._derived) > self.derived_capacity or self._derived_bytes > budget
        ):
            _, dropped = self._derived.popitem(last=False)
            self._derived_bytes -= surface_bytes(dropped)

    @property
    def derived_bytes(self) -> int:
        """Pixel bytes held by the derived-surface cache (at most `derived_budget` + one)."""
        return self._derived_bytes

    # fonts -------------------------------------------------------------------------------------
    def font(self, name: str, size: int) -> ScaledFont:
        """A font from assets/fonts/<name>.ttf at `size` logical px (× `text_scale` for the body
        text fonts), rendering at the density; cached."""
        if name in SCALED_FONTS and self._text_scale != 1.0:
            size = round(size * self._text_scale)
        key = (name, int(size))
        f = self._fonts.get(key)
        if f is None:
            if name not in FONT_NAMES:
                raise ValueError(f"unknown font {name!r}; expected one of {FONT_NAMES}")
            if not pygame.font.get_init():
                pygame.font.init()
            path = self.root / "fonts" / f"{name}.ttf"
            px = max(MIN_TEXT_PX, round(int(size) * self.density))
            f = ScaledFont(load_font(path, px, name in self.broken_fonts), self.density, int(size))
            self._fonts[key] = f
        return f

    # sounds ------------------------------------------------------------------------------------
    def sound(self, rel: str) -> pygame.mixer.Sound | None:
        """The sound assets/sounds/<rel>.ogg, or None (logged once) if missing or no mixer."""
        if rel in self._sounds:
            return self._sounds[rel]
        if not pygame.mixer.get_init():
            if not self._warned_no_mixer:
                log.info("no audio mixer: sounds are silent")
                self._warned_no_mixer = True
            return None
        path = self.sound_path(rel)
        snd: pygame.mixer.Sound | None = None
        if not path.is_file():
            log.warning("missing sound: %s", path)
        else:
            try:
                snd = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError) as exc:
                log.warning("cannot load sound %s: %s", path, exc)
        self._sounds[rel] = snd
        return snd

    def sound_path(self, rel: str) -> Path:
        return self.root / "sounds" / f"{rel}.ogg"

    # background loading ------------------------------------------------------------------------
    def queue_preload(self, rels) -> None:
        """Queue images to load a few per frame while the app idles (see `pump_preload`).

        A scene that will need art later (a bonus picker, a celebration) queues it on enter, so
        opening it later does not stall a frame on PNG decoding.
        """
        for rel in rels:
            if rel not in self._files and rel not in self._preload:
                self._preload.append(rel)

    def defer(self, job: Callable[[], object]) -> None:
        """Run `job` (preparing art a scene will need later, such as its motion blurs) one per
        frame after the frame is shown (see `pump_preload`), so a scene's first frame waits
        only for what it shows. The job must be safe to run late or twice: the art it prepares
        is also prepared on first use."""
        self._jobs.append(job)

    def pump_preload(self, max_items: int = 1) -> int:
        """Load up to `max_items` queued images, then run as many deferred jobs (the app calls
        this once per frame, after the flip)."""
        done = 0
        while self._preload and done < max_items:
            rel = self._preload.pop(0)
            try:
                self.image(rel)
            except FileNotFoundError as exc:
                log.error("%s", exc)  # it will fail loudly again when really used
            done += 1
        ran = 0
        while self._jobs and ran < max_items:
            self._jobs.pop(0)()
            ran += 1
        return done + ran

    def run_deferred(self) -> None:
        """Run every deferred job now (tests, and anything that must not wait)."""
        while self._jobs:
            self._jobs.pop(0)()

    @property
    def preload_pending(self) -> int:
        return len(self._preload) + len(self._jobs)

    # housekeeping ------------------------------------------------------------------------------
    def forget_derived(self, *kinds: str) -> None:
        """Drop derived surfaces (e.g. after a quality change); originals stay cached. With
        `kinds`, only those whose key begins with one of them (a scene letting go of its own
        compositions while it is hidden: the lobby's light sweeps while a game is open)."""
        if not kinds:
            self._derived.clear()
            self._derived_bytes = 0
            return
        for key in [k for k in self._derived if k and k[0] in kinds]:
            self._derived_bytes -= surface_bytes(self._derived.pop(key))
