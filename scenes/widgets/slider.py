"""Slider: a horizontal 0..1 value (volumes) with a gold fill, a draggable knob and key nudges.

Pointer: press on the track (or its knob) to grab it and jump there; moves while held drag it;
the release calls `on_release(value)`, which is where owners save (one write per gesture, not one
per motion event). Keyboard: `nudge(±1)` moves by `step`. `on_change(value)` fires on every
change so the effect can be heard live. Values are kept to hundredths so saved settings stay
readable.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core.intents import Act, Intent
from scenes.widgets.toggle import GOLD_BOTTOM, GOLD_EDGE, GOLD_TOP, KNOB, knob, pill

TRACK_H = 10
HIT_PAD = 14  # px above and below the track that still grab it (a thin track is hard to hit)
ANIM_RATE = 16.0


def _q(v: float) -> float:
    return round(min(1.0, max(0.0, float(v))), 2)


class Slider:
    def __init__(
        self,
        rect: pygame.Rect,
        *,
        value: float = 0.5,
        on_change: Callable[[float], None] | None = None,
        on_release: Callable[[float], None] | None = None,
        step: float = 0.05,
        enabled: bool = True,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.value = _q(value)
        self.on_change = on_change
        self.on_release = on_release
        self.step = step
        self.enabled = enabled
        self.dragging = False
        self.hover = False
        self.focused = False
        self.hover_t = 0.0

    @property
    def hit_rect(self) -> pygame.Rect:
        return self.rect.inflate(self.knob_d, 2 * HIT_PAD)

    @property
    def knob_d(self) -> int:
        return max(14, self.rect.h + 12)

    def value_at(self, x: int) -> float:
        return _q((x - self.rect.left) / max(1, self.rect.w))

    def set_value(self, value: float) -> bool:
        """Set and report (on_change) if it changed; returns whether it did."""
        value = _q(value)
        if value == self.value:
            return False
        self.value = value
        if self.on_change is not None:
            self.on_change(value)
        return True

    def nudge(self, direction: int) -> bool:
        if not self.enabled:
            return False
        return self.set_value(self.value + direction * self.step)

    def handle(self, intent: Intent) -> bool:
        act, pos = intent.act, intent.pos
        if act is Act.POINTER_MOVE:
            self.hover = pos is not None and self.hit_rect.collidepoint(pos)
            if self.dragging and pos is not None:
                self.set_value(self.value_at(pos[0]))
                return True
            return False
        if act is Act.POINTER_DOWN and pos is not None and self.hit_rect.collidepoint(pos):
            if self.enabled:
                self.dragging = True
                self.set_value(self.value_at(pos[0]))
            return True
        if act is Act.POINTER_UP and self.dragging:
            self.dragging = False
            if pos is not None:
                self.set_value(self.value_at(pos[0]))
            if self.on_release is not None:
                self.on_release(self.value)
            return True
        return False

    def update(self, dt: float) -> None:
        hot = self.enabled and (self.hover or self.focused or self.dragging)
        self.hover_t += ((1.0 if hot else 0.0) - self.hover_t) * min(1.0, dt * ANIM_RATE)

    def draw(self, surface: pygame.Surface, assets) -> None:
        r = self.rect
        track = pygame.Rect(0, 0, r.w, TRACK_H)
        track.midleft = (r.left, r.centery)
        groove = assets.derived(
            ("slider-groove", track.size),
            lambda: pill(track.size, (18, 14, 22), (44, 36, 48), (112, 92, 70), 1),
        )
        surface.blit(groove, track)
        fill_w = round(track.w * self.value)
        if fill_w >= TRACK_H:
            # quantised to 2 px so a drag caches a bounded number of fills
            fw = fill_w // 2 * 2
            fill = assets.derived(
                ("slider-fill", fw, TRACK_H), lambda: pill((fw, TRACK_H), GOLD_TOP, GOLD_BOTTOM, GOLD_EDGE, 1)
            )
            surface.blit(fill, track.topleft)
        d = self.knob_d
        if self.hover_t > 0.05:
            halo_d = d + 12
            level = round(self.hover_t * 4)
            halo = assets.derived(("slider-halo", halo_d, level), lambda: _halo(halo_d, level))
            surface.blit(halo, halo.get_rect(center=(track.left + fill_w, track.centery)))
        kn = assets.derived(("toggle-knob", d, KNOB), lambda: knob(d, KNOB))
        surface.blit(kn, kn.get_rect(center=(track.left + fill_w, track.centery)))


def _halo(d: int, level: int) -> pygame.Surface:
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(surf, (255, 214, 130, 24 * level), (d // 2, d // 2), d // 2)
    return surf
