"""Headless fixtures for scene tests: dummy SDL drivers set BEFORE pygame is imported.

Fixtures: `display` (a 1280×720 dummy display, as the Canvas scenes draw on, at 1 px per logical
px), `assets` (the real AssetStore), `synthetic_assets` (an AssetStore over a tiny generated tree,
for widget logic that must not depend on the art; its images are saved at the files' density),
`audio`, `ledger` (a fresh ledger in a temp dir), `ctx` (an AppContext wired from those).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import shutil
from pathlib import Path

import pygame
import pytest

from game.paths import asset_path
from scenes.core.canvas import Canvas, TextRecorder
from scenes.core.text import clear_text_cache

UI_IMAGES = {
    **{f"button_{s}": (96, 48) for s in ("normal", "hover", "pressed", "disabled")},
    **{f"spin_{s}": (128, 128) for s in ("normal", "hover", "pressed", "disabled")},
    "panel": (96, 96),
    **{f"icon_{n}": (48, 48) for n in ("plus", "minus", "close", "settings", "sound", "mute")},
}


@pytest.fixture
def display():
    from scenes.core.canvas import Canvas

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    yield Canvas(screen, 1.0)
    pygame.display.quit()


@pytest.fixture
def assets(display):
    from scenes.core.assets import AssetStore

    return AssetStore()


def make_synthetic_tree(root: Path) -> Path:
    """A minimal assets tree (generated images, the real fonts) for logic tests."""
    ui = root / "images" / "ui"
    ui.mkdir(parents=True)
    from scenes.core.assets import FILE_DENSITY

    for name, size in UI_IMAGES.items():
        size = (round(size[0] * FILE_DENSITY), round(size[1] * FILE_DENSITY))
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((90, 60, 30, 255))
        pygame.image.save(surf, str(ui / f"{name}.png"))
    shutil.copytree(asset_path("fonts"), root / "fonts")
    (root / "sounds" / "common").mkdir(parents=True)
    return root


@pytest.fixture
def synthetic_tree(display, tmp_path) -> Path:
    return make_synthetic_tree(tmp_path / "assets")


@pytest.fixture
def synthetic_assets(synthetic_tree):
    from scenes.core.assets import AssetStore

    return AssetStore(synthetic_tree)


@pytest.fixture
def audio(assets):
    from scenes.core.audio import AudioService

    service = AudioService(assets)
    yield service
    service.shutdown()


@pytest.fixture
def ledger(tmp_path):
    from game.ledger import Ledger

    led = Ledger.open(tmp_path / "ledger.sqlite3")
    yield led
    close = getattr(led, "close", None)
    if close is not None:
        close()


@pytest.fixture
def ctx(assets, audio, ledger, tmp_path):
    from scenes.app.app import build_context
    from scenes.core.context import LaunchOptions

    options = LaunchOptions(data_dir=tmp_path, seed=1)
    return build_context(options, assets=assets, audio=audio, ledger=ledger)


@pytest.fixture
def recorder():
    """Every text drawn while the test runs, with its glyphs and place (`Canvas.recorder`); the
    text cache is emptied before and after, so cached renders are recorded too."""
    rec = TextRecorder()
    Canvas.recorder = rec
    clear_text_cache()
    yield rec
    Canvas.recorder = None
    clear_text_cache()
