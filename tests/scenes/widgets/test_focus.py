"""The focus ring: Tab order (greyed items skipped), the arrows by position, in a list or left to
the scene, ←/→ changing a value, Enter, the pointer taking the focus, items rebuilt keeping it."""

from __future__ import annotations

import pygame
import pytest

from scenes.core.intents import Act, Intent
from scenes.widgets.focus import FocusItem, FocusRing, draw_focus_ring


def grid_items(log: list[str], enabled: dict[str, bool] | None = None) -> list[FocusItem]:
    """Six items in two rows of three: a b c / d e f (80 px squares, 100 px apart)."""
    enabled = enabled or {}
    out = []
    for i, key in enumerate("abcdef"):
        rect = pygame.Rect(100 * (i % 3), 100 * (i // 3), 80, 80)
        out.append(
            FocusItem(
                rect,
                activate=lambda key=key: log.append(key),
                enabled=(lambda key=key: enabled.get(key, True)),
                key=key,
            )
        )
    return out


def keys(ring: FocusRing, acts: list[Act]) -> list[str]:
    seen = []
    for act in acts:
        assert ring.handle(Intent(act))
        seen.append(ring.focused.key)
    return seen


def test_tab_goes_through_every_item_in_order_and_skips_greyed_ones():
    log: list[str] = []
    enabled = {"c": False}
    ring = FocusRing(grid_items(log, enabled))
    assert ring.focused.key == "a"
    assert keys(ring, [Act.NEXT] * 6) == ["b", "d", "e", "f", "a", "b"]
    assert keys(ring, [Act.PREV] * 2) == ["a", "f"]
    enabled["c"] = True
    assert keys(ring, [Act.PREV]) == ["e"]
    ring.handle(Intent(Act.CONFIRM))
    assert log == ["e"]


def test_arrows_move_to_the_nearest_item_that_way_and_wrap():
    ring = FocusRing(grid_items([]))
    assert keys(ring, [Act.RIGHT, Act.RIGHT, Act.DOWN, Act.LEFT, Act.UP]) == ["b", "c", "f", "e", "b"]
    assert keys(ring, [Act.UP]) == ["e"]  # nothing above: from the far side, in line
    assert keys(ring, [Act.LEFT, Act.LEFT]) == ["d", "f"]


def test_a_value_item_takes_left_and_right_and_linear_mode_moves_by_list():
    steps: list[int] = []
    items = grid_items([])
    items[0].step = steps.append
    ring = FocusRing(items, arrows="linear")
    assert ring.handle(Intent(Act.RIGHT)) and ring.handle(Intent(Act.LEFT))
    assert steps == [1, -1] and ring.focused.key == "a"
    assert keys(ring, [Act.DOWN, Act.DOWN, Act.UP]) == ["b", "c", "b"]
    assert not ring.handle(Intent(Act.RIGHT))  # no value, no move sideways in a list
    none = FocusRing(grid_items([]), arrows="none")
    assert not none.handle(Intent(Act.DOWN)) and none.handle(Intent(Act.NEXT))
    with pytest.raises(ValueError):
        FocusRing([], arrows="diagonal")


def test_the_pointer_takes_the_focus_and_rebuilt_items_keep_it():
    ring = FocusRing(grid_items([]))
    assert ring.pointer((240, 150)) and ring.focused.key == "f"
    assert not ring.pointer((900, 900)) and ring.focused.key == "f"
    ring.set_items(list(reversed(grid_items([]))))
    assert ring.focused.key == "f" and ring.index == 0
    assert not FocusRing().handle(Intent(Act.NEXT))


def test_the_ring_is_drawn_round_the_item(assets, display):
    display.fill((0, 0, 0))
    rect = pygame.Rect(100, 100, 80, 40)
    draw_focus_ring(display, assets, rect)
    assert display.get_at((rect.centerx, rect.top - 3))[:3] != (0, 0, 0)  # just outside the item
    assert display.get_at(rect.center)[:3] == (0, 0, 0)  # the item itself is not covered
