"""Contact sheets of the app's screens: screenshots laid out in a labelled grid, with an index.

    python -m tools.screens_sheet OUT.png TITLE SHOT.png [SHOT.png ...] [--columns N] [--width W]

Each screenshot is scaled to the column width (keeping its aspect) and captioned with its file
name, so one picture shows every screen at a window size. The screenshots themselves are taken
from the real window under an X server (see docs/screenshots/README.md).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the headless driver is chosen

ROOT = Path(__file__).resolve().parents[1]
BG = (18, 16, 24)
INK = (236, 230, 214)
MUTED = (168, 164, 176)
PAD = 16


def sheet(title: str, shots: list[Path], columns: int = 4, width: int = 2400) -> pygame.Surface:
    pygame.font.init()
    f_title = pygame.font.Font(str(ROOT / "assets/fonts/display.ttf"), 34)
    f_cap = pygame.font.Font(str(ROOT / "assets/fonts/text.ttf"), 16)
    cell_w = (width - PAD * (columns + 1)) // columns
    thumbs = []
    for p in shots:
        img = pygame.image.load(str(p))
        w, h = img.get_size()
        th = round(h * cell_w / w)
        thumbs.append((p.stem, pygame.transform.smoothscale(img, (cell_w, th)), (w, h)))
    rows = [thumbs[i : i + columns] for i in range(0, len(thumbs), columns)]
    cap_h = f_cap.get_linesize() + 6
    heights = [max(t[1].get_height() for t in row) + cap_h for row in rows]
    top = 70
    out = pygame.Surface((width, top + sum(heights) + PAD * (len(rows) + 1)))
    out.fill(BG)
    out.blit(f_title.render(title, True, INK), (PAD, 18))
    y = top + PAD
    for row, rh in zip(rows, heights, strict=True):
        for i, (name, img, (w, h)) in enumerate(row):
            x = PAD + i * (cell_w + PAD)
            out.blit(img, (x, y))
            pygame.draw.rect(out, (60, 56, 70), (x - 1, y - 1, img.get_width() + 2, img.get_height() + 2), 1)
            out.blit(f_cap.render(f"{name}  ({w}×{h})", True, MUTED), (x, y + img.get_height() + 4))
        y += rh + PAD
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("title")
    ap.add_argument("shots", type=Path, nargs="+")
    ap.add_argument("--columns", type=int, default=4)
    ap.add_argument("--width", type=int, default=2400)
    a = ap.parse_args(argv)
    surf = sheet(a.title, a.shots, a.columns, a.width)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(a.out))
    print(f"{a.out}: {surf.get_width()}×{surf.get_height()}, {len(a.shots)} screens")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
