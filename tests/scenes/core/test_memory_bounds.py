"""What a long session renders stays bounded (issue: a 5,000-round autoplay grew past 250 MB).

Counters and amounts render a new string every round. The shared caches are LRUs bounded in
pixel bytes as well as entries, and a button keeps its own few looks, so a counting label
never fills the shared cache. (The soak itself, RSS over 5,000 rounds, is `make soak`.)
"""

from __future__ import annotations

import pygame
import pytest

from scenes.core.canvas import ScaledFont
from scenes.core.text import TextCache
from scenes.widgets.button import LOOKS_KEPT, Button


def test_derived_surfaces_stay_within_their_byte_budget(synthetic_assets):
    assets = synthetic_assets
    assets.derived_budget = 2_000_000
    for i in range(400):  # 400 x 40 KB = 16 MB asked for
        assets.derived(("counter", i), lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
        assert assets.derived_bytes <= assets.derived_budget + 40_000
    assert assets.derived_bytes == sum(s.get_pitch() * s.get_height() for s in assets._derived.values())
    kept = assets.derived(("counter", 399), lambda: pygame.Surface((1, 1)))
    assert kept.get_size() == (100, 100)  # the newest is still cached
    assets.forget_derived()
    assert assets.derived_bytes == 0


@pytest.mark.slow
def test_rendered_text_stays_within_its_byte_budget(display):
    cache = TextCache(capacity=10_000, budget=300_000)
    font = ScaledFont(pygame.font.Font(None, 40), 1.0, 40)  # texts at 1 px per logical px
    for balance in range(1_000):
        cache.get(font, f"€{balance:,}.00", (255, 255, 255), True, 2, (0, 0, 0))
        assert cache.bytes <= cache.budget + 60_000
    assert 0 < len(cache) < 1_000
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0


def test_a_counting_button_keeps_a_few_looks_and_leaves_the_shared_cache_alone(display, assets):
    button = Button(pygame.Rect(0, 0, 116, 42), label="AUTO 1000", icon="icon_autoplay")
    button.draw(display, assets)
    shared = len(assets._derived)
    for n in range(999, 900, -1):
        button.label = f"AUTO {n}"
        button.draw(display, assets)
    assert len(button._looks) == LOOKS_KEPT
    assert len(assets._derived) == shared  # the plate and icon, not one per label


@pytest.mark.slow
def test_the_byte_budgets_grow_with_the_density(display):
    """A 1920×1080 window's pictures hold 2.25× the bytes: the budgets follow, or the reels'
    working set would be rebuilt frame after frame."""
    cache = TextCache(capacity=10_000, budget=300_000)
    font = ScaledFont(pygame.font.Font(None, 60), 1.5, 40)
    for balance in range(1_000):
        cache.get(font, f"€{balance:,}.00", (255, 255, 255), True, 2, (0, 0, 0))
    assert 300_000 < cache.bytes <= 300_000 * 1.5**2 + 60_000
