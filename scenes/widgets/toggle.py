"""Toggle: an on/off pill switch with a sliding knob (gold when on), and the pill art it uses.

The owner keeps the truth: `value` is what the switch shows, `on_change(new)` fires when the
player flips it (click, or `toggle()` from the keyboard). Setting `value` directly does not fire
the callback, so the owner can mirror a setting every frame. The knob eases towards its side in
`update(dt)`; `draw` only blits cached surfaces.

`pill(...)` builds an antialiased rounded plate (supersampled, then smoothscaled) with an optional
vertical gradient; the slider and the option picker draw with it too.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core.canvas import Canvas
from scenes.core.intents import Act, Intent

Color = tuple[int, int, int] | tuple[int, int, int, int]

ANIM_RATE = 16.0  # 1/s: knob and colour easing
LEVELS = 8  # the on/off blend is quantised so only a handful of track surfaces are cached
SUPERSAMPLE = 4
LARGE_PILL = 120 * 120  # logical px²: above it, a pill is supersampled 2×, not 4×

GOLD_TOP = (255, 222, 140)
GOLD_BOTTOM = (206, 148, 52)
GOLD_EDGE = (255, 240, 196)
OFF_TOP = (34, 27, 40)
OFF_BOTTOM = (52, 42, 58)
OFF_EDGE = (128, 104, 78)
HOVER_EDGE = (236, 200, 130)
KNOB = (252, 248, 240)
KNOB_OFF = (206, 198, 188)


def _mix(a: Color, b: Color, k: float) -> Color:
    m = [round(x + (y - x) * k) for x, y in zip(a, b, strict=False)]
    return (m[0], m[1], m[2]) if len(m) == 3 else (m[0], m[1], m[2], m[3])


def pill(
    size: tuple[int, int],
    top: Color,
    bottom: Color | None = None,
    edge: Color | None = None,
    edge_w: int = 2,
    radius: int | None = None,
    *,
    density: float,
) -> Canvas:
    """An antialiased rounded rect of logical `size` at `density` with a top→bottom gradient
    fill and an optional edge (drawn SUPERSAMPLE× larger, then smooth-scaled). A large plate (a
    panel, a plaque) is drawn at half that: its corners stay smooth and it costs a quarter."""
    w, h = size
    s = (SUPERSAMPLE if w * h <= LARGE_PILL else SUPERSAMPLE / 2) * density
    big = (max(1, round(w * s)), max(1, round(h * s)))
    r = round((min(w, h) // 2 if radius is None else radius) * s)
    bottom = bottom or top
    # the gradient as one column of pixels, stretched across (a line per row is much slower)
    column = pygame.Surface((1, big[1]), pygame.SRCALPHA)
    for y in range(big[1]):
        column.set_at((0, y), _mix(top, bottom, y / max(1, big[1] - 1)))
    fill = pygame.transform.scale(column, big)
    mask = pygame.Surface(big, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    if edge is not None and edge_w > 0:
        pygame.draw.rect(fill, edge, fill.get_rect(), width=max(1, round(edge_w * s)), border_radius=r)
    return Canvas.resampled(fill, size, density)


def knob(diameter: int, color: Color = KNOB, *, density: float) -> Canvas:
    """A round knob with a soft drop shadow, `diameter + 4` logical px square, at `density`."""
    s = SUPERSAMPLE * density
    d = diameter + 4
    n = max(1, round(d * s))
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    rad = diameter * s / 2
    pygame.draw.circle(big, (0, 0, 0, 90), (c, c + 2 * s), rad)
    pygame.draw.circle(big, color, (c, c), rad)
    # the sheen is blended on (drawing RGBA straight onto an alpha surface would punch a hole)
    sheen = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(sheen, (255, 255, 255, 150), (c, c - diameter * s / 6), diameter * s / 4)
    big.blit(sheen, (0, 0))
    pygame.draw.circle(big, (150, 120, 80), (c, c), rad, width=max(1, round(s)))
    return Canvas.resampled(big, (d, d), density)


class Toggle:
    """An on/off switch. `rect` is the pill; clicks inside it flip the value."""

    def __init__(
        self,
        rect: pygame.Rect,
        *,
        value: bool = False,
        on_change: Callable[[bool], None] | None = None,
        enabled: bool = True,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.value = bool(value)
        self.on_change = on_change
        self.enabled = enabled
        self.focused = False
        self.hover = False
        self._armed = False
        self.t = 1.0 if self.value else 0.0  # knob position 0 (off, left) .. 1 (on, right)
        self.hover_t = 0.0

    def toggle(self) -> None:
        """Flip the value and tell the owner (keyboard activation uses this too)."""
        if not self.enabled:
            return
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)

    activate = toggle

    def handle(self, intent: Intent) -> bool:
        act = intent.act
        inside = intent.pos is not None and self.rect.collidepoint(intent.pos)
        if act is Act.POINTER_MOVE:
            self.hover = inside
            return False
        if act is Act.POINTER_DOWN:
            self._armed = inside and self.enabled
            return inside
        if act is Act.POINTER_UP:
            armed, self._armed = self._armed, False
            if armed and inside:
                self.toggle()
            return inside
        return False

    def update(self, dt: float) -> None:
        k = min(1.0, dt * ANIM_RATE)
        self.t += ((1.0 if self.value else 0.0) - self.t) * k
        hot = self.enabled and (self.hover or self.focused)
        self.hover_t += ((1.0 if hot else 0.0) - self.hover_t) * k

    def draw(self, surface: Canvas, assets) -> None:
        r = self.rect
        level = round(self.t * LEVELS)
        hot = self.hover_t > 0.5
        track = assets.derived(
            ("toggle-track", r.size, level, hot, self.enabled),
            lambda: _track(r.size, level / LEVELS, hot, self.enabled, assets.density),
        )
        surface.blit(track, r)
        d = r.h - 8
        color = _mix(KNOB_OFF, KNOB, self.t)
        kn = assets.derived(("toggle-knob", d, color), lambda: knob(d, color, density=assets.density))
        travel = r.w - d - 8
        cx = r.x + 4 + d // 2 + round(travel * self.t)
        surface.blit(kn, kn.get_rect(center=(cx, r.centery)))


def _track(size: tuple[int, int], k: float, hot: bool, enabled: bool, density: float) -> Canvas:
    top = _mix(OFF_TOP, GOLD_TOP, k)
    bottom = _mix(OFF_BOTTOM, GOLD_BOTTOM, k)
    edge = HOVER_EDGE if hot else _mix(OFF_EDGE, GOLD_EDGE, k)
    surf = pill(size, top, bottom, edge, density=density)
    if not enabled:
        surf.set_alpha(110)
    return surf
