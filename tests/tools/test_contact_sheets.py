"""The contact-sheet tool (`tools.contact_sheets`): a screen rendered as a window of a given size
shows that many pixels, the letterbox filled as the app fills it; a sheet's pages keep within
their byte budget by spreading the screens over more pages."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from tools import contact_sheets as cs


def test_a_screen_has_the_windows_pixels_and_its_bars_are_filled():
    (name, surf), *rest = cs.render_all((1000, 700), "es", ["reels"], log=lambda _line: None)
    assert (name, rest) == ("reels", [])
    assert surf is not None and surf.get_size() == (1000, 700)
    # the 1280×720 screen fills 1000×562 px, centred: the bars above and below carry the scene
    top_bar = pygame.surfarray.array3d(surf)[:, :60]
    assert top_bar.max() > 0


def test_sizes_parse_and_bad_ones_say_so():
    assert cs.parse_size("1920x1080") == (1920, 1080)
    assert cs.parse_size("1000×700") == (1000, 700)
    with pytest.raises(Exception, match="not a size"):
        cs.parse_size("big")


def test_pages_keep_within_the_budget(tmp_path):
    pygame.init()
    noise = pygame.surfarray.make_surface(
        np.random.default_rng(1).integers(0, 255, (400, 280, 3), dtype=np.uint8)
    )
    shots = []
    for i in range(6):
        path = tmp_path / f"{i:02d} screen.png"
        pygame.image.save(noise, str(path))
        shots.append(path)
    layout = cs.Layout(columns=2, width=600, per_page=6, max_bytes=40 * 1024)
    pages = cs.write_pages(shots, tmp_path / "sheet.jpg", "test", layout=layout)
    assert len(pages) > 1
    assert all(p.stat().st_size <= layout.max_bytes for p in pages)
    assert not (tmp_path / "sheet.jpg").exists()
