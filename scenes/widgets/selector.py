"""Selector: a titled value box with − and + buttons (lines, bet level, coin value, …).

The owner keeps the value: it sets `value` (formatted with `format_value`) or `value_text`
directly each frame, and receives `on_step(-1)` / `on_step(+1)` when the player presses − / +.
`can_decrease` / `can_increase` disable one end when the value is at its bound; a press on a
disabled end calls `on_refused(direction)` (when given), so the owner can say why.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core.canvas import Canvas, ScaledFont
from scenes.core.intents import Intent
from scenes.core.text import draw_text, fit_font
from scenes.widgets.button import Button
from scenes.widgets.panel import draw_panel

TITLE_COLOR = (214, 190, 140)
VALUE_COLOR = (255, 250, 236)
DISABLED_COLOR = (176, 172, 164)  # greyed, still 4.5:1 on the panel
TITLE_TOP = 5  # px from the box's top to the title's


class Selector:
    def __init__(
        self,
        rect: pygame.Rect,
        *,
        title: str,
        format_value: Callable[[int], str],
        on_step: Callable[[int], None],
        enabled: bool = True,
        on_refused: Callable[[int], None] | None = None,
        panel: str = "ui/panel",
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.panel = panel  # the 9-slice behind it (a game's own panel, from its dress)
        self.title = title
        self.format_value = format_value
        self.on_step = on_step
        self.value_text = ""
        self._value: int | None = None
        self.can_decrease = True
        self.can_increase = True
        side = min(self.rect.h - 8, 40)
        cy = self.rect.centery + 6
        self.minus = Button(
            pygame.Rect(0, 0, side, side).move(self.rect.left + 4, cy - side // 2),
            icon="icon_minus",
            style="icon",
            on_click=lambda: self.on_step(-1),
            on_refused=(lambda: on_refused(-1)) if on_refused is not None else None,
        )
        self.plus = Button(
            pygame.Rect(0, 0, side, side).move(self.rect.right - 4 - side, cy - side // 2),
            icon="icon_plus",
            style="icon",
            on_click=lambda: self.on_step(+1),
            on_refused=(lambda: on_refused(+1)) if on_refused is not None else None,
        )
        self._fit: dict[str, ScaledFont] = {}
        self._enabled = True
        self.enabled = enabled

    @property
    def value(self) -> int | None:
        return self._value

    @value.setter
    def value(self, v: int) -> None:
        if v != self._value:
            self._value = v
            self.value_text = self.format_value(v)

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        self.minus.enabled = self._enabled and self.can_decrease
        self.plus.enabled = self._enabled and self.can_increase

    def handle(self, intent: Intent) -> bool:
        self._sync_buttons()
        used = self.minus.handle(intent)
        used = self.plus.handle(intent) or used
        return used

    def update(self, dt: float) -> None:
        self._sync_buttons()
        self.minus.update(dt)
        self.plus.update(dt)

    def look(self) -> tuple:
        """Everything `draw` shows, as a key: equal looks draw the same pixels."""
        return (
            tuple(self.rect),
            self.title,
            self.value_text,
            self._enabled,
            self.minus.look(),
            self.plus.look(),
        )

    def draw(self, surface: Canvas, assets) -> None:
        r = self.rect
        surface.blit(
            assets.derived(("selector-plate", r.size, self.title, self.panel), lambda: self._plate(assets)), r
        )
        color = VALUE_COLOR if self._enabled else DISABLED_COLOR
        inner = r.w - 2 * (self.minus.rect.w + 6)
        text = self.value_text
        size = max(14, min(28, r.h // 2))
        # the fitted font depends only on the text: remember it instead of measuring each frame
        font = self._fit.get(text)
        if font is None:
            font = fit_font(assets, "display", text or " ", inner, size)
            # and clear of the title above it (a low box in a small window, where the 11 px floor
            # sets the title larger): the value's capitals stay under the title's baseline
            title_foot = TITLE_TOP + self._title_font(assets).get_ascent()
            centre = self.minus.rect.centery - r.top
            while size > 12 and centre - 0.4 * font.get_ascent() < title_foot + 1:
                size -= 1
                font = fit_font(assets, "display", text or " ", inner, size)
            if len(self._fit) > 64:
                self._fit.clear()
            self._fit[text] = font
        draw_text(surface, font, text, (r.centerx, self.minus.rect.centery), color)
        self.minus.draw(surface, assets)
        self.plus.draw(surface, assets)

    def _title_font(self, assets) -> ScaledFont:
        # fitted to the box: a larger text size, or Spanish ("VALOR DE MONEDA"), must not spill
        r = self.rect
        return fit_font(assets, "text_bold", self.title, r.w - 12, max(11, min(15, r.h // 4)))

    def _plate(self, assets) -> Canvas:
        """The panel and the title, composed once per size and title."""
        r = self.rect
        out = assets.canvas(r.size)
        draw_panel(out, assets, out.get_rect(), alpha=215, art=self.panel)
        title_font = self._title_font(assets)
        draw_text(
            out, title_font, self.title, (r.w // 2, TITLE_TOP), TITLE_COLOR, anchor="midtop", shadow=False
        )
        return out.convert_alpha() if pygame.display.get_surface() is not None else out
