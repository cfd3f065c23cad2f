"""The one asset store: finds, loads, converts and caches images, fonts and sounds.

Every file the app shows or plays is reached through an `AssetStore`, built once by the app and
passed to the scenes (no module-level cache). Paths are relative names without extensions:
`image("stones/symbols/wild")` is `assets/images/stones/symbols/wild.png`, `sound("common/click")`
is `assets/sounds/common/click.ogg`, `font("display", 40)` is `assets/fonts/display.ttf`.

Images are converted (`convert_alpha`) once a display exists; a surface loaded before the display
is converted the first time it is asked for afterwards. Derived surfaces (scaled, 9-sliced,
tinted) are cached by their parameters, so scenes can ask for them every frame: the cost is a
dict lookup. A missing image is a packaging error and raises `FileNotFoundError` naming the path;
a missing sound (or no mixer) only costs silence and one log line.

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
from pathlib import Path

import pygame

from game.paths import asset_path

log = logging.getLogger(__name__)

FONT_NAMES = ("display", "display_regular", "text", "text_bold")
SCALED_FONTS = ("text", "text_bold")  # the body text the text size setting enlarges

DERIVED_BUDGET_BYTES = 64 * 1024 * 1024
"""Pixel bytes the derived surfaces may hold: a reels scene's working set (backdrops, line art,
panels) with room to spare; beyond it the least recently used are rebuilt on demand."""

Size = tuple[int, int]


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory a surface holds."""
    return surf.get_pitch() * surf.get_height()


Color = tuple[int, int, int] | tuple[int, int, int, int]


class AssetStore:
    """Loads each asset once and caches it and the surfaces derived from it."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else asset_path()
        self._images: dict[str, pygame.Surface] = {}
        self._converted: set[str] = set()
        # derived surfaces: an LRU bounded in entries and in bytes, so nothing a scene composes
        # can grow it without limit; an evicted surface is simply rebuilt on next use
        self._derived: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.derived_capacity = 1500
        self.derived_budget = DERIVED_BUDGET_BYTES
        self._derived_bytes = 0
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._preload: list[str] = []
        self._warned_no_mixer = False
        self._text_scale = 1.0

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

    # paths -------------------------------------------------------------------------------------
    def path(self, *parts: str) -> Path:
        """Absolute path of a file under the assets root."""
        return self.root.joinpath(*parts)

    def image_path(self, rel: str) -> Path:
        return self.root / "images" / f"{rel}.png"

    def has_image(self, rel: str) -> bool:
        return rel in self._images or self.image_path(rel).is_file()

    # images ------------------------------------------------------------------------------------
    def image(self, rel: str) -> pygame.Surface:
        """The image `assets/images/<rel>.png`, loaded once (FileNotFoundError if missing)."""
        surf = self._images.get(rel)
        if surf is None:
            path = self.image_path(rel)
            if not path.is_file():
                raise FileNotFoundError(f"missing image: {path}")
            surf = pygame.image.load(str(path))
            self._images[rel] = surf
        if rel not in self._converted and pygame.display.get_surface() is not None:
            # convert needs a display mode; surfaces loaded earlier are converted here, on first
            # use after set_mode, so blits afterwards take the fast path. Opaque files (saved
            # without alpha: backdrops) become opaque surfaces, which blit several times faster.
            surf = surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()
            self._images[rel] = surf
            self._converted.add(rel)
        return surf

    def scaled(self, rel: str, size: Size) -> pygame.Surface:
        """The image smooth-scaled to `size` (cached per size)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = ("scaled", rel, size)
        surf = self._cached(key)
        if surf is None:
            src = self.image(rel)
            surf = src if src.get_size() == size else pygame.transform.smoothscale(src, size)
            self._store(key, surf)
        return surf

    def nine_slice(self, rel: str, size: Size, corner: int, *, alpha: int = 255) -> pygame.Surface:
        """The image stretched to `size` keeping its `corner`-pixel corners intact (cached).

        Edges stretch along one axis, the centre along both. `alpha` < 255 returns a faded copy
        (cached too), so callers never change a shared surface's alpha.
        """
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        key = ("nine", rel, (w, h), corner, alpha)
        surf = self._cached(key)
        if surf is not None:
            return surf
        src = self.image(rel)
        sw, sh = src.get_size()
        c = max(0, min(corner, sw // 2, sh // 2, w // 2, h // 2))
        cs = min(corner, sw // 2, sh // 2)  # corner size in the source
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        # source and destination column/row bands: (start, length)
        sx = ((0, cs), (cs, sw - 2 * cs), (sw - cs, cs))
        sy = ((0, cs), (cs, sh - 2 * cs), (sh - cs, cs))
        dx = ((0, c), (c, w - 2 * c), (w - c, c))
        dy = ((0, c), (c, h - 2 * c), (h - c, c))
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
        self._store(key, out)
        return out

    def tinted(self, rel: str, color: Color, size: Size | None = None) -> pygame.Surface:
        """The image with its RGB multiplied by `color` (alpha kept; a 4th component scales it).

        With `size`, the scaled image is tinted (cached per size and colour).
        """
        key = ("tint", rel, tuple(color), size)
        surf = self._cached(key)
        if surf is None:
            src = self.scaled(rel, size) if size is not None else self.image(rel)
            surf = src.copy()
            rgba = (*color[:3], color[3] if len(color) > 3 else 255)
            surf.fill(rgba, special_flags=pygame.BLEND_RGBA_MULT)
            self._store(key, surf)
        return surf

    def derived(self, key: tuple, build) -> pygame.Surface:
        """A cached surface built once by `build()` under `key` (for scene-specific compositions)."""
        surf = self._cached(key)
        if surf is None:
            surf = build()
            self._store(key, surf)
        return surf

    def _cached(self, key: tuple) -> pygame.Surface | None:
        surf = self._derived.get(key)
        if surf is not None:
            self._derived.move_to_end(key)
        return surf

    def _store(self, key: tuple, surf: pygame.Surface) -> None:
        old = self._derived.pop(key, None)
        if old is not None:
            self._derived_bytes -= surface_bytes(old)
        self._derived[key] = surf
        self._derived_bytes += surface_bytes(surf)
        while len(self._derived) > 1 and (
            len(self._derived) > self.derived_capacity or self._derived_bytes > self.derived_budget
        ):
            _, dropped = self._derived.popitem(last=False)
            self._derived_bytes -= surface_bytes(dropped)

    @property
    def derived_bytes(self) -> int:
        """Pixel bytes held by the derived-surface cache (at most `derived_budget` + one)."""
        return self._derived_bytes

    # fonts -------------------------------------------------------------------------------------
    def font(self, name: str, size: int) -> pygame.font.Font:
        """A font from assets/fonts/<name>.ttf at `size` pixels (× `text_scale` for the body text
        fonts), cached."""
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
            if not path.is_file():
                raise FileNotFoundError(f"missing font: {path}")
            f = pygame.font.Font(str(path), int(size))
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
            if rel not in self._images and rel not in self._preload:
                self._preload.append(rel)

    def pump_preload(self, max_items: int = 1) -> int:
        """Load up to `max_items` queued images (the app calls this once per frame)."""
        done = 0
        while self._preload and done < max_items:
            rel = self._preload.pop(0)
            try:
                self.image(rel)
            except FileNotFoundError as exc:
                log.error("%s", exc)  # it will fail loudly again when really used
            done += 1
        return done

    @property
    def preload_pending(self) -> int:
        return len(self._preload)

    # housekeeping ------------------------------------------------------------------------------
    def forget_derived(self) -> None:
        """Drop derived surfaces (e.g. after a quality change); originals stay cached."""
        self._derived.clear()
        self._derived_bytes = 0
