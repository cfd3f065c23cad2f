"""Choice: a left/right option picker (‹ value ›) with position dots, for small closed lists.

The owner keeps the truth in `value` (one of `values`); `on_change(new)` fires when the player
steps. The arrows complete a click on release like buttons do; a click on the middle steps
forward. `format_value(v)` is called while drawing, so a label follows a language switch at once.
Stepping wraps around (the lists are short: low/high, €/£/$, off/15/30/60).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.core.intents import Act, Intent
from scenes.core.text import draw_text, fit_font
from scenes.widgets.toggle import HOVER_EDGE, pill

VALUE_COLOR = (255, 248, 232)
ARROW_COLOR = (236, 200, 130)
ARROW_HOT = (255, 236, 190)
DOT_ON = (246, 206, 120)
DOT_OFF = (96, 82, 70)
ANIM_RATE = 16.0


class Choice:
    def __init__(
        self,
        rect: pygame.Rect,
        *,
        values: Sequence[Any],
        value: Any,
        format_value: Callable[[Any], str],
        on_change: Callable[[Any], None] | None = None,
        enabled: bool = True,
    ) -> None:
        if not values:
            raise ValueError("a Choice needs at least one value")
        self.rect = pygame.Rect(rect)
        self.values = list(values)
        self.value = value if value in self.values else self.values[0]
        self.format_value = format_value
        self.on_change = on_change
        self.enabled = enabled
        self.focused = False
        self.hover = False
        self.hover_side = 0  # -1 over the left arrow, +1 the right one, 0 elsewhere
        self._armed = 0
        self.hover_t = 0.0
        self.bump = 0.0  # 1 right after a step, decays: the value nudges in its direction
        self._bump_dir = 0

    @property
    def index(self) -> int:
        return self.values.index(self.value)

    def arrow_rect(self, side: int) -> pygame.Rect:
        w = min(44, self.rect.h + 6)
        if side < 0:
            return pygame.Rect(self.rect.left, self.rect.top, w, self.rect.h)
        return pygame.Rect(self.rect.right - w, self.rect.top, w, self.rect.h)

    def step(self, direction: int) -> None:
        """Move to the previous (-1) or next (+1) value, wrapping; tell the owner."""
        if not self.enabled or len(self.values) < 2:
            return
        self.value = self.values[(self.index + direction) % len(self.values)]
        self.bump, self._bump_dir = 1.0, (1 if direction > 0 else -1)
        if self.on_change is not None:
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(+1)

    def _side(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None or not self.rect.collidepoint(pos):
            return None
        if self.arrow_rect(-1).collidepoint(pos):
            return -1
        if self.arrow_rect(+1).collidepoint(pos):
            return 1
        return 0

    def handle(self, intent: Intent) -> bool:
        act = intent.act
        side = self._side(intent.pos)
        if act is Act.POINTER_MOVE:
            self.hover = side is not None
            self.hover_side = side or 0
            return False
        if act is Act.POINTER_DOWN:
            self._armed = (side if side else 2) if side is not None else 0
            return side is not None
        if act is Act.POINTER_UP:
            armed, self._armed = self._armed, 0
            if side is None:
                return False
            if armed and (side or 2) == armed:
                self.step(-1 if side < 0 else 1)
            return True
        return False

    def update(self, dt: float) -> None:
        k = min(1.0, dt * ANIM_RATE)
        hot = self.enabled and (self.hover or self.focused)
        self.hover_t += ((1.0 if hot else 0.0) - self.hover_t) * k
        self.bump = max(0.0, self.bump - dt * 6.0)

    def draw(self, surface: pygame.Surface, assets) -> None:
        r = self.rect
        hot = self.hover_t > 0.5
        plate = assets.derived(
            ("choice-plate", r.size, hot),
            lambda: pill(
                r.size, (26, 20, 30), (46, 38, 52), HOVER_EDGE if hot else (120, 98, 74), 2, radius=r.h // 2
            ),
        )
        surface.blit(plate, r)
        for side in (-1, 1):
            ar = self.arrow_rect(side)
            lit = self.hover_side == side or (self.focused and self.enabled)
            icon = "icon_left" if side < 0 else "icon_right"
            color = ARROW_HOT if lit else ARROW_COLOR
            size = min(26, r.h - 10)
            img = assets.tinted(f"ui/{icon}", color, (size, size))
            surface.blit(img, img.get_rect(center=ar.center))
        text = self.format_value(self.value)
        inner = r.w - 2 * self.arrow_rect(-1).w - 8
        font = fit_font(assets, "text_bold", text, inner, max(12, min(20, r.h // 2)))
        # the new value slides in from the side it came from (a few pixels, easing out)
        dx = round(self._bump_dir * 8 * self.bump * self.bump)
        cy = r.centery - (4 if len(self.values) > 1 else 0)
        draw_text(surface, font, text, (r.centerx + dx, cy), VALUE_COLOR, shadow=False)
        if len(self.values) > 1:
            gap = 9
            x0 = r.centerx - gap * (len(self.values) - 1) // 2
            y = r.bottom - 6
            for i in range(len(self.values)):
                color = DOT_ON if i == self.index else DOT_OFF
                pygame.draw.circle(surface, color, (x0 + i * gap, y), 2)
