"""Keyboard focus for menus: focusable items, moved by the arrows and Tab, used with Enter.

Every menu is usable from the keyboard alone: a `FocusRing` holds a menu's items (`FocusItem`: a
rect, what Enter does, what ←/→ do to its value when it has one, whether it can act now) and
`handle(intent)` moves the focus — Tab / Shift+Tab (`Act.NEXT` / `Act.PREV`) through the items in
order; the arrows to the nearest item in that direction (`arrows="spatial"`), through the list
(`"linear"`: ↑/↓ only) or not at all (`"none"`: the scene uses them, e.g. to turn pages) — and
Enter activates the focused item. ←/→ on an item with a value (`step`) change the value instead
of moving. The pointer moves the focus too (`pointer(pos)`: the item under it), so mouse and
keyboard never disagree about which item Enter would use.

`draw_focus_ring(surface, assets, rect)` draws the ring the same way in every menu: a bright
rounded outline with a dark edge, readable over light and dark art alike. Esc is the scene's
(one level back), never the ring's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.intents import Act, Intent

RING = (255, 236, 160)
RING_EDGE = (20, 12, 6)
RING_PAD = 5
RING_RADIUS = 12


@dataclass
class FocusItem:
    """One thing the keyboard can reach. `rect` is where it is (a rect, or a function returning
    one, for items that move); `activate` runs on Enter; `step(direction)` on ←/→ when the item
    holds a value; `enabled()` says whether it can be reached now (greyed items are skipped)."""

    rect: pygame.Rect | Callable[[], pygame.Rect]
    activate: Callable[[], None] | None = None
    step: Callable[[int], None] | None = None
    enabled: Callable[[], bool] | None = None
    key: str = ""

    @property
    def area(self) -> pygame.Rect:
        return pygame.Rect(self.rect() if callable(self.rect) else self.rect)

    @property
    def reachable(self) -> bool:
        return self.enabled is None or bool(self.enabled())


class FocusRing:
    """The focus of one menu (see the module docstring)."""

    def __init__(
        self, items: list[FocusItem] | None = None, *, arrows: str = "spatial", start: int = 0
    ) -> None:
        if arrows not in ("spatial", "linear", "none"):
            raise ValueError(f"unknown arrow mode {arrows!r}")
        self.items: list[FocusItem] = list(items or [])
        self.arrows = arrows
        self.index = min(max(0, start), max(0, len(self.items) - 1))

    # -- the focused item -------------------------------------------------------------------------
    @property
    def focused(self) -> FocusItem | None:
        if not self.items:
            return None
        self.index = min(self.index, len(self.items) - 1)
        item = self.items[self.index]
        if not item.reachable:
            self._advance(+1)
            item = self.items[self.index]
        return item if item.reachable else None

    def set_items(self, items: list[FocusItem], keep: bool = True) -> None:
        """Replace the items (a menu that rebuilt its layout); the focus stays on the item with the
        same key when there is one."""
        key = self.focused.key if keep and self.focused is not None else ""
        self.items = list(items)
        self.index = 0
        if key:
            self.focus_key(key)

    def focus_key(self, key: str) -> bool:
        for i, item in enumerate(self.items):
            if item.key == key and item.reachable:
                self.index = i
                return True
        return False

    # -- input ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Move or use the focus; True when the intent was the ring's."""
        act = intent.act
        if not self.items:
            return False
        if act is Act.NEXT:
            self._advance(+1)
            return True
        if act is Act.PREV:
            self._advance(-1)
            return True
        item = self.focused
        if act is Act.CONFIRM:
            if item is not None and item.activate is not None:
                item.activate()
                return True
            return False
        if act in (Act.LEFT, Act.RIGHT) and item is not None and item.step is not None:
            item.step(-1 if act is Act.LEFT else 1)
            return True
        if self.arrows == "none" or act not in (Act.UP, Act.DOWN, Act.LEFT, Act.RIGHT):
            return False
        if self.arrows == "linear":
            if act in (Act.UP, Act.DOWN):
                self._advance(-1 if act is Act.UP else 1)
                return True
            return False
        dx = {Act.LEFT: -1, Act.RIGHT: 1}.get(act, 0)
        dy = {Act.UP: -1, Act.DOWN: 1}.get(act, 0)
        self._move(dx, dy)
        return True

    def pointer(self, pos: tuple[int, int] | None) -> bool:
        """The pointer is over an item: it takes the focus. True when it did."""
        if pos is None:
            return False
        for i, item in enumerate(self.items):
            if item.reachable and item.area.collidepoint(pos):
                self.index = i
                return True
        return False

    def _advance(self, step: int) -> None:
        n = len(self.items)
        for k in range(1, n + 1):
            i = (self.index + step * k) % n
            if self.items[i].reachable:
                self.index = i
                return

    def _move(self, dx: int, dy: int) -> None:
        """To the nearest reachable item in direction (dx, dy); from the far side when none is."""
        current = self.focused
        if current is None:
            return
        cx, cy = current.area.center
        best: tuple[float, int] | None = None
        wrap: tuple[float, int] | None = None
        for i, item in enumerate(self.items):
            if i == self.index or not item.reachable:
                continue
            x, y = item.area.center
            along = (x - cx) * dx + (y - cy) * dy
            across = abs((x - cx) * dy) + abs((y - cy) * dx)
            if along > 4:
                score = along + 2.5 * across
                if best is None or score < best[0]:
                    best = (score, i)
            elif along < -4:
                score = along + 2.5 * across  # the farthest on the other side, in line
                if wrap is None or score < wrap[0]:
                    wrap = (score, i)
        chosen = best or wrap
        if chosen is not None:
            self.index = chosen[1]


def draw_focus_ring(surface: Canvas, assets, rect: pygame.Rect, radius: int = RING_RADIUS) -> None:
    """The keyboard focus around `rect`: the same ring in every menu (cached per size)."""
    r = pygame.Rect(rect).inflate(2 * RING_PAD, 2 * RING_PAD)
    ring = assets.derived(("focus-ring", r.size, radius), lambda: _ring(r.size, radius, assets.density))
    surface.blit_frame(ring, r.topleft, radius + 8)  # the ring's edges (and corners), not its clear middle


def _ring(size: tuple[int, int], radius: int, density: float) -> Canvas:
    surf = Canvas.new(size, density)
    box = surf.get_rect()
    draw.rect(surf, (*RING_EDGE, 200), box, width=5, border_radius=radius + 2)
    draw.rect(surf, (*RING, 255), box.inflate(-2, -2), width=3, border_radius=radius + 1)
    return surf
