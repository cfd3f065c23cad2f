"""An assets tree that also holds Relic: the shipped assets (linked) plus Relic's data and art.

`build_tree(root)` makes `root/` an assets tree for `scenes.core.assets.AssetStore` (and for the
app through REELHOUSE_ASSETS): every shipped folder is linked, `games/relic` is the test game's
data, and `images/relic/` is drawn here: plain shapes and letters, clearly a test game's, in
the sizes of the art contract (symbols 160×160, backdrop and frame 1280×720, reel backing
860×480, tile 360×420, logo 520×130).
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import pygame

from game.paths import asset_path

WINDOW = pygame.Rect(210, 56, 860, 480)
SYMBOLS = {
    "a": ((70, 150, 220), "A"),
    "b": ((80, 190, 120), "B"),
    "c": ((220, 130, 60), "C"),
}


def _link(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    if not dst.exists():
        os.symlink(src, dst, target_is_directory=src.is_dir())


def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", "display.ttf")), size)


def _label(surf: pygame.Surface, text: str, size: int, colour, centre) -> None:
    img = _font(size).render(text, True, colour)
    surf.blit(img, img.get_rect(center=centre))


def _tile(colour, letter: str) -> pygame.Surface:
    s = pygame.Surface((160, 160), pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour, 255), (14, 14, 132, 132), border_radius=26)
    pygame.draw.rect(s, (255, 255, 255, 200), (14, 14, 132, 132), width=5, border_radius=26)
    _label(s, letter, 84, (255, 255, 255), (80, 84))
    return s


def _wild() -> pygame.Surface:
    s = pygame.Surface((160, 160), pygame.SRCALPHA)
    pts = []
    for i in range(10):
        r = 72 if i % 2 == 0 else 32
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((80 + r * math.cos(a), 80 + r * math.sin(a)))
    pygame.draw.polygon(s, (250, 205, 60, 255), pts)
    pygame.draw.polygon(s, (255, 245, 200, 255), pts, width=4)
    _label(s, "WILD", 30, (90, 40, 0), (80, 86))
    return s


def _gem() -> pygame.Surface:
    s = pygame.Surface((160, 160), pygame.SRCALPHA)
    pts = [(80, 12), (146, 64), (80, 148), (14, 64)]
    pygame.draw.polygon(s, (210, 60, 220, 255), pts)
    pygame.draw.polygon(s, (255, 210, 255, 255), pts, width=5)
    pygame.draw.line(s, (255, 210, 255, 255), (14, 64), (146, 64), 3)
    return s


def _background() -> pygame.Surface:
    s = pygame.Surface((1280, 720))
    for y in range(720):
        k = y / 719
        s.fill((int(20 + 30 * k), int(40 - 10 * k), int(60 + 40 * k)), (0, y, 1280, 1))
    return s


def _frame() -> pygame.Surface:
    s = pygame.Surface((1280, 720), pygame.SRCALPHA)
    pygame.draw.rect(s, (200, 170, 90, 255), WINDOW.inflate(28, 28), width=14, border_radius=18)
    pygame.draw.rect(s, (255, 230, 160, 255), WINDOW.inflate(6, 6), width=3, border_radius=10)
    return s


def build_tree(root: Path) -> Path:
    """Make `root` an assets tree with Relic in it; returns `root`."""
    root = Path(root)
    shipped = asset_path()
    for part in ("fonts", "sounds", "locale", "maps", "CREDITS.md"):
        _link(shipped / part, root / part)
    for part in (shipped / "images").iterdir():
        _link(part, root / "images" / part.name)
    for part in (shipped / "games").iterdir():
        _link(part, root / "games" / part.name)
    import relicgame

    _link(Path(relicgame.DATA) / "relic", root / "games" / "relic")
    art = root / "images" / "relic"
    (art / "symbols").mkdir(parents=True, exist_ok=True)
    for sym, (colour, letter) in SYMBOLS.items():
        pygame.image.save(_tile(colour, letter), str(art / "symbols" / f"{sym}.png"))
    pygame.image.save(_wild(), str(art / "symbols" / "wild.png"))
    pygame.image.save(_gem(), str(art / "symbols" / "gem.png"))
    pygame.image.save(_background(), str(art / "background.png"))
    reel_bg = pygame.Surface(WINDOW.size)
    reel_bg.fill((14, 18, 30))
    pygame.image.save(reel_bg, str(art / "reel_bg.png"))
    pygame.image.save(_frame(), str(art / "frame.png"))
    logo = pygame.Surface((520, 130), pygame.SRCALPHA)
    _label(logo, "RELIC TEST", 86, (255, 225, 140), (260, 65))
    pygame.image.save(logo, str(art / "logo.png"))
    tile = _background().subsurface((460, 150, 360, 420)).copy()
    tile.blit(_gem(), (100, 80))
    _label(tile, "RELIC", 60, (255, 225, 140), (180, 330))
    pygame.image.save(tile, str(art / "tile.png"))
    return root
