"""What stands in for a picture that cannot be decoded: a plain panel of the size the file declares.

A damaged file found mid-play (a truncated PNG in a bonus) must not end the round: the asset
store draws this instead and play goes on; the start-up check has already said which files are
damaged (`scenes.core.verify`). The size comes from the file's own header (a PNG's IHDR, a
JPEG's frame header), which a truncated file still holds; without one, a 160×160 px square.
"""

from __future__ import annotations

import logging
import struct
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

FALLBACK_PX = (160, 160)  # a symbol's size in file pixels, when the header is gone too
FILL = (58, 46, 70, 255)
EDGE = (150, 130, 170, 255)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
JPEG_FRAMES = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
MAX_SIDE = 8192  # a header claiming more is not believed


def declared_size(path: Path) -> tuple[int, int] | None:
    """The width and height in px that the PNG or JPEG file at `path` declares, else None."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(64 * 1024)
    except OSError:
        return None
    size: tuple[int, int] | None = None
    if head.startswith(PNG_MAGIC) and len(head) >= 24 and head[12:16] == b"IHDR":
        size = struct.unpack(">II", head[16:24])
    elif head.startswith(b"\xff\xd8"):
        i = 2
        while i + 9 < len(head) and head[i] == 0xFF:
            marker, length = head[i + 1], struct.unpack(">H", head[i + 2 : i + 4])[0]
            if marker in JPEG_FRAMES:
                h, w = struct.unpack(">HH", head[i + 5 : i + 9])
                size = (w, h)
                break
            i += 2 + length
    if size is None or not (0 < size[0] <= MAX_SIDE and 0 < size[1] <= MAX_SIDE):
        return None
    return size


def placeholder(path: Path) -> pygame.Surface:
    """A plain framed panel of `path`'s declared size (file px), standing in for its picture."""
    w, h = declared_size(path) or FALLBACK_PX
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(FILL)
    pygame.draw.rect(surf, EDGE, surf.get_rect(), width=max(2, min(w, h) // 40))
    log.warning("picture %s cannot be decoded: a %d×%d placeholder stands in", path, w, h)
    return surf


def load_font(path: Path, px: int, broken: bool = False) -> pygame.font.Font:
    """The font file at `path` at `px`, or pygame's default font when it is `broken` (the
    start-up check found it damaged or missing), missing or cannot be read."""
    if not broken and path.is_file():
        try:
            font = pygame.font.Font(str(path), px)
            font.render("Ag", True, (0, 0, 0))  # a truncated file opens, then fails to draw
            return font
        except (pygame.error, OSError) as exc:
            log.warning("font %s cannot be read (%s): the default font stands in", path, exc)
    return pygame.font.Font(None, px)
