"""Button: a clickable control with normal / hover / pressed / disabled looks.

Styles:
- "default": the 9-slice `<art>_<state>` art (16 px corners; `ui/button` unless a game's dress
  names its own) stretched to the rect, a label and an optional icon left of it;
- "spin": the round `<art>_<state>` art (`ui/spin` unless a dress names its own) scaled to the
  rect (the SPIN button);
- "icon": no plate; a soft round highlight on hover and the white `ui/<icon>` art tinted.

Clicks complete on release: POINTER_DOWN inside arms the button, POINTER_UP inside while armed
fires `on_click`. Releasing outside disarms without firing (the player changed their mind).
With `on_double_click`, a click that comes within `DOUBLE_CLICK_S` of the previous click fires
`on_double_click` instead of `on_click` (the first click still fired `on_click`). Time comes
from `update(dt)`, never from the wall clock, so tests drive it by hand.

A disabled button still occupies its rect: clicks inside it are consumed (they must not fall
through to whatever is below), but nothing fires, except `on_refused`: a completed click on a
disabled button (or `click()` from the keyboard) calls it, so the owner can say why the button
cannot act now (a toast) instead of staying silent.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.intents import Act, Intent
from scenes.core.text import draw_text, render_text

LOOKS_KEPT = 6
"""Composed looks a button keeps (its states with one label, or the latest labels of a counter)."""
DOUBLE_CLICK_S = 0.4
TOOLTIP_DELAY_S = 0.6
ANIM_RATE = 14.0  # 1/s: how fast hover/press highlights ease towards their target

STYLES = ("default", "spin", "icon")
HOUSE_ART = {"default": "ui/button", "spin": "ui/spin"}  # a style's plates when no `art` is given

LABEL_COLOR = (255, 248, 230)
DISABLED_LABEL = (178, 174, 166)  # greyed, still 4.5:1 on the disabled plate
ICON_TINTS = {"disabled": (120, 116, 110), "hover": (255, 236, 190)}


class Button:
    def __init__(
        self,
        rect: pygame.Rect,
        *,
        label: str = "",
        icon: str | None = None,
        on_click: Callable[[], None] | None = None,
        style: str = "default",
        enabled: bool = True,
        font_size: int = 22,
        tooltip: str = "",
        on_double_click: Callable[[], None] | None = None,
        on_refused: Callable[[], None] | None = None,
        art: str | None = None,
    ) -> None:
        if style not in STYLES:
            raise ValueError(f"unknown button style {style!r}")
        self.rect = pygame.Rect(rect)
        # the plate's images, `<art>_<state>` (a game's dress: `Dress.button`, `Dress.spin`)
        self.art = art or HOUSE_ART.get(style, "")
        self.label = label
        self.icon = icon
        self.on_click = on_click
        self.on_double_click = on_double_click
        self.on_refused = on_refused
        self.style = style
        self.enabled = enabled
        self.font_size = font_size
        self.tooltip = tooltip
        self.focused = False  # keyboard focus draws like hover
        self.selected = False  # a toggle that is "on" draws like pressed
        self.hover = False
        self.pressed = False
        self._refused_down = False  # pressed while disabled: the release says why
        self._clock = 0.0
        self._last_click: float | None = None
        self._hover_for = 0.0
        self._looks: OrderedDict[tuple[object, ...], Canvas] = OrderedDict()
        self.hover_t = 0.0  # 0..1 eased highlight
        self.press_t = 0.0  # 0..1 eased press

    # state -------------------------------------------------------------------------------------
    @property
    def state(self) -> str:
        if not self.enabled:
            return "disabled"
        if (self.pressed and self.hover) or self.selected:
            return "pressed"
        if self.hover or self.focused:
            return "hover"
        return "normal"

    def contains(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.rect.collidepoint(pos)

    # input -------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.POINTER_MOVE:
            self.hover = self.contains(intent.pos)
            return False  # moves are shared: every widget needs to see them
        if act is Act.POINTER_DOWN:
            inside = self.contains(intent.pos)
            self.hover = inside
            if not inside:
                self.pressed = False
                self._refused_down = False
                return False
            self.pressed = self.enabled
            self._refused_down = not self.enabled
            return True
        if act is Act.POINTER_UP:
            inside = self.contains(intent.pos)
            armed, refused = self.pressed, self._refused_down
            self.pressed = self._refused_down = False
            if armed and inside and self.enabled:
                self.click()
                return True
            if refused and inside and not self.enabled and self.on_refused is not None:
                self.on_refused()
            return inside
        return False

    def fit_label(self, assets, size: int | None = None) -> None:
        """The largest label size up to `size` (default: the current one) that fits the button's
        width (a long translation, or a larger text size)."""
        size = size or self.font_size
        room = self.rect.w - (48 if self.icon else 18)
        while size > 11 and self.label and assets.font("text_bold", size).size(self.label)[0] > room:
            size -= 1
        self.font_size = size

    def click(self) -> None:
        """Fire the click (as if released inside); also used for keyboard activation. A disabled
        button fires nothing but `on_refused`."""
        if not self.enabled:
            if self.on_refused is not None:
                self.on_refused()
            return
        double = (
            self.on_double_click is not None
            and self._last_click is not None
            and self._clock - self._last_click <= DOUBLE_CLICK_S
        )
        if double:
            self._last_click = None  # a third quick click starts a new pair
            self.on_double_click()  # type: ignore[misc]
            return
        self._last_click = self._clock
        if self.on_click is not None:
            self.on_click()

    def update(self, dt: float) -> None:
        self._clock += dt
        hot = self.enabled and (self.hover or self.focused)
        self._hover_for = self._hover_for + dt if self.hover else 0.0
        k = min(1.0, dt * ANIM_RATE)
        self.hover_t += ((1.0 if hot else 0.0) - self.hover_t) * k
        self.press_t += ((1.0 if self.state == "pressed" else 0.0) - self.press_t) * k

    # drawing -----------------------------------------------------------------------------------
    def look(self) -> tuple:
        """Everything `draw` shows, as a key: equal looks draw the same pixels at the same rect."""
        state = self.state
        tip = self.tooltip if self.tooltip and self.hover and self._hover_for >= TOOLTIP_DELAY_S else ""
        if self.style == "icon":
            level = 0 if state == "disabled" else round(self.hover_t * 6) + (2 if state == "pressed" else 0)
        else:
            level = 0
        return (
            tuple(self.rect),
            self.style,
            self.art,
            state,
            level,
            self.label,
            self.icon,
            self.font_size,
            tip,
        )

    def draw(self, surface: Canvas, assets) -> None:
        state = self.state
        r = self.rect
        if self.style == "icon":
            self._draw_icon_style(surface, assets, state)
        else:
            # plate, icon and label composed once per look, then one blit per frame; the looks
            # are kept by the button itself, a few at most: a label that counts (AUTO 250, 249,
            # ...) replaces its older looks instead of filling the shared cache with them; a new
            # window density makes new looks (an old one would be scaled on the fly: soft)
            key = (self.art, state, r.size, self.label, self.icon, self.font_size, assets.density)
            look = self._looks.get(key)
            if look is None:
                look = self._looks[key] = self._compose(assets, state)
                while len(self._looks) > LOOKS_KEPT:
                    self._looks.popitem(last=False)
            else:
                self._looks.move_to_end(key)
            surface.blit(look, r)
        if self.tooltip and self.hover and self._hover_for >= TOOLTIP_DELAY_S:
            self._draw_tooltip(surface, assets)

    def is_enabled(self) -> bool:
        """`enabled` as a callable (for focus items that ask each frame)."""
        return self.enabled

    def _compose(self, assets, state: str) -> Canvas:
        r = self.rect
        out = assets.canvas(r.size)
        if self.style == "default":
            out.blit(assets.nine_slice(f"{self.art}_{state}", r.size, 16), (0, 0))
            if Canvas.recorder is not None:  # tests: the label must stay on the plate
                Canvas.recorder.mark_panel(out, out.get_rect())
        else:
            out.blit(assets.scaled(f"{self.art}_{state}", r.size), (0, 0))
        dy = 1 if state == "pressed" else 0  # the label sinks with the pressed art
        self._draw_content(out, assets, out.get_rect().move(0, dy), state)
        return out.convert_alpha() if pygame.display.get_surface() is not None else out

    def _draw_content(self, surface: Canvas, assets, r: pygame.Rect, state: str) -> None:
        color = DISABLED_LABEL if state == "disabled" else LABEL_COLOR
        font = assets.font("text_bold", self.font_size) if self.label else None
        icon_size = int(min(r.h * 0.55, 40)) if self.style == "default" else int(r.h * 0.42)
        if self.icon and font is not None:
            text_w = font.size(self.label)[0]
            gap = 8
            total = icon_size + gap + text_w
            x0 = r.centerx - total // 2
            surface.blit(self._icon_surface(assets, icon_size, state), (x0, r.centery - icon_size // 2))
            draw_text(surface, font, self.label, (x0 + icon_size + gap, r.centery), color, anchor="midleft")
        elif self.icon:
            img = self._icon_surface(assets, icon_size, state)
            surface.blit(img, img.get_rect(center=r.center))
        elif font is not None:
            draw_text(surface, font, self.label, r.center, color)

    def _icon_surface(self, assets, size: int, state: str) -> Canvas:
        tint = ICON_TINTS.get(state, (255, 255, 255))
        return assets.tinted(f"ui/{self.icon}", tint, (size, size))

    def _draw_icon_style(self, surface: Canvas, assets, state: str) -> None:
        r = self.rect
        # the highlight's alpha is quantised so the cache holds a handful of discs, not one per frame
        level = round(self.hover_t * 6) + (2 if state == "pressed" else 0)
        if state == "disabled":
            level = 0
        key = ("icon-button", r.size, self.icon, state, level)
        surface.blit(assets.derived(key, lambda: self._compose_icon(assets, state, level)), r)
        if self.label:
            font = assets.font("text_bold", self.font_size)
            color = DISABLED_LABEL if state == "disabled" else LABEL_COLOR
            draw_text(surface, font, self.label, (r.centerx, r.bottom + 2), color, anchor="midtop")

    def _compose_icon(self, assets, state: str, level: int) -> Canvas:
        r = self.rect
        out = _disc(r.size, level, assets.density) if level else assets.canvas(r.size)
        if self.icon:
            size = int(min(r.w, r.h) * (0.62 if state == "pressed" else 0.66))
            img = self._icon_surface(assets, size, state)
            out.blit(img, img.get_rect(center=out.get_rect().center))
        return out.convert_alpha() if pygame.display.get_surface() is not None else out

    def _draw_tooltip(self, surface: Canvas, assets) -> None:
        font = assets.font("text", 16)
        text = render_text(font, self.tooltip, (240, 236, 228))
        box = text.get_rect().inflate(20, 12)
        box.midbottom = (self.rect.centerx, self.rect.top - 6)
        box.clamp_ip(surface.get_rect())
        plate = assets.derived(("tooltip", box.size), lambda: _plate(box.size, assets.density))
        surface.blit(plate, box)
        surface.blit(text, text.get_rect(center=box.center))


def _disc(size: tuple[int, int], level: int, k: float) -> Canvas:
    surf = Canvas.new(size, k)
    radius = min(size) // 2
    draw.circle(surf, (255, 230, 170, min(255, 18 * level)), (size[0] // 2, size[1] // 2), radius)
    return surf


def _plate(size: tuple[int, int], k: float) -> Canvas:
    surf = Canvas.new(size, k)
    draw.rect(surf, (12, 10, 18, 225), surf.get_rect(), border_radius=6)
    draw.rect(surf, (200, 160, 90, 255), surf.get_rect(), width=1, border_radius=6)
    return surf
