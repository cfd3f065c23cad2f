"""The Showdown: Lara and Amanda face off in a gun duel, animated over the world map.

`Showdown(assets, tr, location_art, won, speed)` plays a duel whose outcome is already decided
(`ShowdownEvent.won`): the duellists walk in from either side, a count of three, "DRAW!", the
winner fires first, the other falls, and the result is said. `update(dt)` returns the moments
that want a sound ("shot", "fall"); `draw(surface)` paints it (a dimmed screen and the duel's
stage in the middle). SPIN / Enter hurries it (`hurry`).

The duellists are drawn here, once, from simple shapes: original silhouettes (no likeness of
any real character), Lara with a ponytail and a holster, Amanda in a long coat, each lit from
behind in her own colour.
"""

from __future__ import annotations

import math

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.text import draw_text, fit_font
from scenes.games.tombraider.art import CREAM, GOLD

# Player-facing msgids (assets/locale/*.json)
T_SHOWDOWN = "SHOWDOWN"
T_LARA = "LARA"
T_AMANDA = "AMANDA"
T_DRAW = "DRAW!"
T_WON = "Lara wins the duel!"
T_WON_SUB = "The sword fragment is yours: the quest goes on"
T_LOST = "Amanda wins the duel"
T_LOST_SUB = "The quest ends: the pots banked so far are paid"

STAGE = pygame.Rect(140, 110, 1000, 470)
RED = (255, 130, 110)

WALK = 0.7  # s the duellists walk in
COUNT = 0.55  # s per count of three
DRAW_AT = WALK + 3 * COUNT
SHOT_AT = DRAW_AT + 0.25
FALL = 0.8
RESULT_AT = SHOT_AT + FALL + 0.2
TOTAL = RESULT_AT + 1.8

FIGURE = (150, 260)
SS = 3  # supersampling of the figures


def figure(rim: tuple[int, int, int], coat: bool, density: float) -> Canvas:
    """A duellist facing right, arm raised with a pistol (coat: Amanda's long coat, else Lara's
    ponytail and holster), at `density` px per logical px (drawn supersampled, then resampled)."""
    w, h = FIGURE[0] * SS, FIGURE[1] * SS
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    ink = (22, 14, 14, 255)

    def P(x: float, y: float) -> tuple[float, float]:  # noqa: N802 - a point in figure units
        return (x * SS, y * SS)

    # legs, apart
    pygame.draw.polygon(body, ink, [P(58, 150), P(74, 150), P(60, 252), P(46, 252)])
    pygame.draw.polygon(body, ink, [P(74, 150), P(90, 150), P(104, 252), P(90, 252)])
    pygame.draw.ellipse(body, ink, (*P(38, 246), 26 * SS, 10 * SS))
    pygame.draw.ellipse(body, ink, (*P(88, 246), 26 * SS, 10 * SS))
    # torso
    pygame.draw.polygon(body, ink, [P(56, 68), P(92, 68), P(86, 112), P(90, 154), P(56, 154), P(62, 112)])
    if coat:
        pygame.draw.polygon(
            body, ink, [P(54, 72), P(90, 72), P(100, 214), P(80, 200), P(64, 206), P(42, 214)]
        )
    else:
        pygame.draw.rect(body, ink, (*P(54, 140), 38 * SS, 8 * SS))  # belt
        pygame.draw.rect(body, ink, (*P(50, 146), 10 * SS, 26 * SS), border_radius=3 * SS)  # holster
    # head and neck
    pygame.draw.rect(body, ink, (*P(68, 52), 12 * SS, 20 * SS))
    pygame.draw.ellipse(body, ink, (*P(60, 20), 28 * SS, 36 * SS))
    if coat:
        pygame.draw.polygon(body, ink, [P(60, 30), P(66, 22), P(58, 74), P(50, 70)])  # loose hair
    else:
        pygame.draw.polygon(body, ink, [P(62, 34), P(58, 40), P(40, 96), P(34, 112), P(46, 92)])  # ponytail
        pygame.draw.circle(body, ink, P(38, 108), 4 * SS)
    # the arm raised towards the other duellist, and the pistol
    pygame.draw.polygon(body, ink, [P(80, 72), P(90, 68), P(136, 76), P(134, 86), P(86, 84)])
    pygame.draw.rect(body, ink, (*P(128, 70), 20 * SS, 8 * SS), border_radius=2 * SS)
    pygame.draw.rect(body, ink, (*P(130, 74), 7 * SS, 14 * SS), border_radius=2 * SS)
    # the other arm down
    pygame.draw.polygon(body, ink, [P(58, 72), P(66, 74), P(60, 134), P(52, 132)])
    # lit from behind: the silhouette in the rim colour, offset, under the dark one
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    rim_layer = body.copy()
    rim_layer.fill((*rim, 0), special_flags=pygame.BLEND_RGBA_MAX)
    rim_layer.fill((*rim, 255), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(rim_layer, (-3 * SS, -2 * SS))
    out.blit(body, (0, 0))
    return Canvas.resampled(out, FIGURE, density)


def _ease(u: float) -> float:
    u = max(0.0, min(1.0, u))
    return 1 - (1 - u) ** 3


def _veil(surf: Canvas) -> Canvas:
    surf.fill((4, 2, 6, 190))
    return surf


class Showdown:
    """One duel, from walk-in to result (see the module docstring)."""

    def __init__(self, assets, tr, backdrop: Canvas, won: bool, speed: float = 1.0) -> None:
        self.assets = assets
        self.tr = tr
        self.won = won
        self.speed = max(0.02, speed)
        self.t = 0.0
        self._fired = False
        self._fell = False
        self.backdrop = backdrop
        self.rebuild()

    def rebuild(self, backdrop: Canvas | None = None) -> None:
        """The duellists and the dimming at the asset store's density (and the stage's backdrop,
        when given, at it too)."""
        assets = self.assets
        if backdrop is not None:
            self.backdrop = backdrop
        k = assets.density
        self.lara = assets.derived(("tombraider-duellist", "lara"), lambda: figure((255, 190, 110), False, k))
        amanda = assets.derived(("tombraider-duellist", "amanda"), lambda: figure((200, 140, 255), True, k))
        self.amanda = amanda.flipped(True, False)

    @property
    def done(self) -> bool:
        return self.t >= TOTAL * self.speed

    def hurry(self) -> None:
        """Skip to the result (the outcome never changes)."""
        self.t = max(self.t, RESULT_AT * self.speed)

    def update(self, dt: float) -> list[str]:
        self.t += dt
        out = []
        k = self.t / self.speed
        if not self._fired and k >= SHOT_AT:
            self._fired = True
            out.append("shot")
        if not self._fell and k >= SHOT_AT + 0.3:
            self._fell = True
            out.append("fall")
        return out

    def draw(self, surface: Canvas, dimmed: bool = True) -> None:
        """Paint the duel; `dimmed` False when the scene under it is dimmed already."""
        a, tr = self.assets, self.tr
        k = self.t / self.speed
        if dimmed:  # a full-screen veil, made when first needed (the world map dims for itself)
            surface.blit(a.derived(("tombraider-duel-dim",), lambda: _veil(a.canvas((1280, 720)))), (0, 0))
        surface.blit(self.backdrop, STAGE)
        draw.rect(surface, (214, 160, 80), STAGE, width=3, border_radius=18)
        title = tr.gettext(T_SHOWDOWN)
        draw_text(
            surface,
            a.font("display", 54),
            title,
            (STAGE.centerx, STAGE.top + 52),
            GOLD,
            outline=3,
            outline_color=(50, 20, 0),
        )
        ground = STAGE.bottom - 70
        walk = _ease(k / WALK)
        lx = int(STAGE.left - 80 + (STAGE.left + 250 - (STAGE.left - 80)) * walk)
        rx = int(STAGE.right + 80 - (STAGE.right + 80 - (STAGE.right - 250)) * walk)
        fall = _ease((k - SHOT_AT - 0.1) / FALL) if k > SHOT_AT else 0.0
        for img, x, loser, name in (
            (self.lara, lx, not self.won, T_LARA),
            (self.amanda, rx, self.won, T_AMANDA),
        ):
            shown = img
            if loser and fall > 0:
                angle = 78 * fall * (1 if x < STAGE.centerx else -1)
                shown = img.rotated(angle)
                shown.set_alpha(int(255 * (1 - 0.55 * fall)))
            rect = shown.get_rect(midbottom=(x, ground + int(30 * fall * loser)))
            surface.blit(shown, rect)
            draw_text(surface, a.font("display", 26), tr.gettext(name), (x, ground + 34), CREAM)
        if WALK <= k < DRAW_AT:
            n = 3 - int((k - WALK) / COUNT)
            draw_text(
                surface, a.font("display", 96), str(n), (STAGE.centerx, STAGE.centery), CREAM, outline=3
            )
        elif DRAW_AT <= k < SHOT_AT + 0.3:
            word = tr.gettext(T_DRAW)
            draw_text(surface, a.font("display", 80), word, (STAGE.centerx, STAGE.centery), RED, outline=3)
        if SHOT_AT <= k < SHOT_AT + 0.35:
            winner_x = lx if self.won else rx
            muzzle = (winner_x + (70 if self.won else -70), ground - FIGURE[1] + 84)
            flash = a.derived(("tombraider-duel-flash",), lambda: _duel_flash(a.canvas((120, 120))))
            surface.blit(flash, flash.get_rect(center=muzzle))
        if k >= RESULT_AT:
            title, sub = (T_WON, T_WON_SUB) if self.won else (T_LOST, T_LOST_SUB)
            colour = GOLD if self.won else RED
            text = tr.gettext(title)
            box = pygame.Rect(0, 0, 760, 120)
            box.center = (STAGE.centerx, STAGE.top + 178)
            shade = a.derived(("tombraider-duel-result", box.size), lambda: _result_shade(a.canvas(box.size)))
            surface.blit(shade, box)
            draw_text(
                surface,
                fit_font(a, "display", text, box.w - 40, 44),
                text,
                (box.centerx, box.top + 42),
                colour,
                outline=2,
            )
            line = tr.gettext(sub)
            draw_text(
                surface,
                fit_font(a, "text_bold", line, box.w - 40, 20),
                line,
                (box.centerx, box.top + 90),
                CREAM,
                shadow=False,
            )


def _result_shade(s: Canvas) -> Canvas:
    """The dark plate under the duel's result, solid enough for its words over any scenery."""
    draw.rect(s, (10, 6, 6, 240), s.get_rect(), border_radius=16)
    return s


def _duel_flash(s: Canvas) -> Canvas:
    """A shot's flash drawn into the cleared 120×120 canvas `s`."""
    for r, colour in ((56, (255, 180, 60, 110)), (34, (255, 230, 140, 200)), (16, (255, 255, 240, 255))):
        pts = [
            (
                60 + (r if i % 2 == 0 else r * 0.4) * math.cos(i * math.pi / 6),
                60 + (r if i % 2 == 0 else r * 0.4) * math.sin(i * math.pi / 6),
            )
            for i in range(12)
        ]
        draw.polygon(s, colour, pts)
    return s
