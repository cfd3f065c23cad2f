"""Bonus scenes: a game's feature as a screen of its own, in the game's own style.

A feature the reels hand over to (the Stones' stone picker; later a battle, a world map, a
shoot-out) is a full scene, not an overlay on the reels: `BonusScene` is opaque and modal, fills
the screen with its backdrop and lays its parts out on a balanced grid (`BonusLayout`), and shows
the player's money in its own style (`BonusHud`) — the reels' HUD is not drawn around it.

- `BonusStyle`: the scene's look — its backdrop image, the colours of its plaques (face, edge,
  the runes or rivets of its edge), labels and values, its title's colours. Nothing here names a
  game: each game's package makes its own style.
- `BonusLayout`: where things go on the 1280×720 screen — the title band, the stage (a picker's
  tablets, a battlefield, a map) and a side panel beside it, balanced around the centre, the hint line
  and the HUD strip at the bottom. `BonusLayout.balanced(stage_w, panel_w, …)` centres them.
- `BonusHud(band, bet, style)`: the strip — BALANCE, BET and the round's WIN so far in coins with
  the money under them (as the reels' band shows them), read from the band of the round player
  (the reels' HUD in play; a replay's band knows no balance, so the strip shows BET and WIN
  only). The balance is the band's shown balance, so it follows the same count as on the reels.
- `BonusScene`: the base — the backdrop composed once (the image, darkened at the edges), a fade
  in from black (none with reduced motion), the HUD strip, key hints, M left to the app (mute),
  and every key that asks for another screen or the bet answered with a toast
  (`T_FEATURE_FIRST`) instead of silence. Subclasses draw their stage in `draw_stage` and handle
  their own input in `handle_bonus`; one whose stage fills the screen (a map) or that composes
  its still parts over the backdrop once draws them in `draw_backdrop`.
- The still layer: a subclass that says what its still parts show (`still_key`, any hashable)
  draws them in `draw_still` and the rest in `draw_moving`. The backdrop, the still parts, the
  money strip and `draw_over` are then composed into one opaque layer, again only when the key,
  the strip's figures or the language change, and a frame is that one blit plus what moves: at
  1920×1080 a full repaint of a bonus scene costs several times the one opaque blit.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.intents import COMMAND_ACTS, Act, Intent
from scenes.core.stack import Scene
from scenes.core.text import draw_counter, draw_text, fit_font
from scenes.core.transitions import Fade
from scenes.widgets.dialog import show_toast
from scenes.widgets.toggle import pill

# Player-facing msgids (assets/locale/*.json)
T_BALANCE = "BALANCE"
T_BET = "BET"
T_WIN = "WIN"
T_FEATURE_FIRST = "Finish the feature first"

SCREEN = pygame.Rect(0, 0, 1280, 720)
Color = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class BonusStyle:
    """A bonus scene's look (see the module docstring)."""

    backdrop: str  # image name under assets/images, 1280×720
    face_top: Color = (40, 46, 52)
    face_bottom: Color = (20, 24, 28)
    edge: Color = (150, 130, 90)
    accent: Color = (120, 255, 220)  # the edge's runes / rivets, the focus glow
    label: Color = (196, 226, 216)
    value: Color = (255, 222, 140)
    title: Color = (255, 214, 120)
    title_outline: Color = (40, 24, 0)
    text: Color = (246, 240, 226)
    vignette: int = 150  # how dark the backdrop's edges get (0..255)


@dataclass(frozen=True, slots=True)
class BonusLayout:
    """The regions of a bonus scene on the 1280×720 screen."""

    title: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 14, 1280, 92))
    stage: pygame.Rect = field(default_factory=lambda: pygame.Rect(136, 112, 664, 480))
    panel: pygame.Rect = field(default_factory=lambda: pygame.Rect(844, 112, 300, 480))
    hint_y: int = 608
    hud: pygame.Rect = field(default_factory=lambda: pygame.Rect(200, 628, 880, 80))

    @classmethod
    def balanced(
        cls, stage_w: int, stage_h: int, panel_w: int, *, gap: int = 44, top: int = 112, hud_w: int = 880
    ) -> BonusLayout:
        """The stage and the side panel side by side, centred on the screen as one block, both as
        tall as the stage; the title above, the hint line and the HUD strip below."""
        total = stage_w + gap + panel_w
        left = SCREEN.centerx - total // 2
        stage = pygame.Rect(left, top, stage_w, stage_h)
        panel = pygame.Rect(stage.right + gap, top, panel_w, stage_h)
        hud = pygame.Rect(0, 0, hud_w, 80)
        hud.midbottom = (SCREEN.centerx, SCREEN.bottom - 10)
        hint_y = (stage.bottom + hud.top) // 2
        return cls(pygame.Rect(0, 14, SCREEN.w, top - 20), stage, panel, hint_y, hud)


def plaque(size: tuple[int, int], style: BonusStyle, radius: int = 14, *, density: float) -> Canvas:
    """A plaque in the style at `density`: a gradient face, an edge, and small accent marks
    along the edge (the scene's runes or rivets), antialiased."""
    w, h = size
    out = pill(
        size, (*style.face_top, 242), (*style.face_bottom, 242), style.edge, 2, radius=radius, density=density
    )
    inner = pill(
        (w - 8, h - 8), (0, 0, 0, 0), None, (*style.accent, 70), 1, radius=max(2, radius - 4), density=density
    )
    out.blit(inner, (4, 4))
    for x in (radius + 6, w - radius - 6):
        for y in (6, h - 7):
            draw.circle(out, (*style.accent, 150), (x, y), 2)
    return out.convert_alpha() if pygame.display.get_surface() is not None else out


class BonusHud:
    """The money strip of a bonus scene, in its style (see the module docstring)."""

    def __init__(self, band, bet, style: BonusStyle, rect: pygame.Rect) -> None:
        self.band = band
        self.bet = bet
        self.style = style
        self.rect = pygame.Rect(rect)
        self._strip: tuple[tuple, Canvas] | None = None  # (figures, language... density), picture

    def figures(self) -> list[tuple[str, int]]:
        """(label msgid, cents) of each plaque shown now."""
        bet = self.bet
        cv = bet.coin_value_cents if bet is not None else 1
        out: list[tuple[str, int]] = []
        balance = self.band.shown_balance_cents(cv) if self.band is not None else None
        if balance is not None:
            out.append((T_BALANCE, balance))
        if bet is not None:
            out.append((T_BET, bet.total_cents))
        win = int(self.band.win_shown) if self.band is not None else 0
        out.append((T_WIN, win * cv))
        return out

    def reset(self) -> None:
        """Compose the strip again when next drawn (a new density, a text layout)."""
        self._strip = None

    def draw(self, surface: Canvas, assets, tr) -> None:
        """The strip, composed once per change of its figures (or the language) into one
        picture: a frame blits that instead of three plaques and nine texts."""
        figures = tuple(self.figures())
        key = (figures, tr.generation, tr.currency(), assets.density)
        if self._strip is None or self._strip[0] != key:
            strip = assets.canvas(self.rect.size)
            self._compose(strip, figures, assets, tr)
            self._strip = (key, strip)
        surface.blit(self._strip[1], self.rect)

    def _compose(self, surface: Canvas, figures: tuple, assets, tr) -> None:
        """Each figure as the reels' band shows it: coins large, the money under them (drawn at
        the strip's own origin)."""
        cv = self.bet.coin_value_cents if self.bet is not None else 1
        r = pygame.Rect((0, 0), self.rect.size)
        gap = 16
        w = (r.w - gap * (len(figures) - 1)) // len(figures)
        for i, (label, cents) in enumerate(figures):
            box = pygame.Rect(r.left + i * (w + gap), r.top, w, r.h)
            face = assets.derived(
                ("bonus-plaque", box.size, self.style),
                lambda box=box: plaque(box.size, self.style, density=assets.density),
            )
            surface.blit(face, box)
            text = tr.gettext(label)
            draw_text(
                surface,
                fit_font(assets, "text_bold", text, box.w - 24, 14),
                text,
                (box.centerx, box.top + 13),
                self.style.label,
                shadow=False,
            )
            coins = tr.format_coins(cents // cv)
            draw_counter(
                surface,
                fit_font(assets, "display", coins, box.w - 24, 24),
                coins,
                (box.centerx, box.top + 37),
                self.style.value,
                outline=1,
                outline_color=(0, 0, 0),
            )
            draw_text(
                surface,
                fit_font(assets, "text", tr.money(cents), box.w - 24, 14),
                tr.money(cents),
                (box.centerx, box.bottom - 16),
                self.style.label,
                shadow=False,
            )


class BonusScene(Scene):
    """The base of a bonus scene (see the module docstring). Opaque: it is the whole screen."""

    opaque = True
    modal = True

    def __init__(
        self,
        assets,
        tr,
        style: BonusStyle,
        layout: BonusLayout,
        *,
        band=None,
        bet=None,
        reduced_motion: bool = False,
    ) -> None:
        super().__init__()
        self.assets = assets
        self.tr = tr
        self.style = style
        self.layout = layout
        self.hud = BonusHud(band, bet, style, layout.hud)
        self.fade = Fade(0.0 if reduced_motion else 0.35, "in")
        self.backdrop = self._backdrop()
        self._still: Canvas | None = None  # the still layer (see the module docstring)
        self._still_key: Hashable = None

    def _backdrop(self) -> Canvas:
        return self.assets.derived(
            ("bonus-backdrop", self.style.backdrop, self.style.vignette), self._compose_backdrop
        )

    def rebuild(self) -> None:
        """The backdrop again, at the store's new density (and the still layer when next drawn)."""
        self.backdrop = self._backdrop()
        self._still = None
        self.hud.reset()

    def _compose_backdrop(self) -> Canvas:
        """The image with darkened edges (a vignette), so the stage in the middle reads best."""
        a = self.assets
        surf = a.canvas(SCREEN.size, alpha=False)
        surf.blit(a.scaled(self.style.backdrop, SCREEN.size), (0, 0))
        # drawn small as nested ellipses, darker towards the edges, then scaled up smooth (the
        # small picture's pixels are physical: it is made at 1/8 of the screen's pixels)
        q = pygame.Surface(
            (round(SCREEN.w * a.density) // 8, round(SCREEN.h * a.density) // 8), pygame.SRCALPHA
        )
        q.fill((0, 0, 0, self.style.vignette))
        steps = 24
        for k in range(1, steps + 1):
            u = k / steps  # 0 at the edge, 1 in the middle
            alpha = int(self.style.vignette * max(0.0, 1.0 - u * 1.35))
            box = q.get_rect().inflate(-u * q.get_width() * 0.9, -u * q.get_height() * 0.9)
            pygame.draw.ellipse(q, (0, 0, 0, alpha), box)
        surf.blit(Canvas.resampled(q, SCREEN.size, a.density), (0, 0))
        return surf

    # -- input -----------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act in (Act.QUIT, Act.MUTE, Act.FULLSCREEN):
            return False  # the app's: close the window, mute, fullscreen
        if self.handle_bonus(intent):
            return True
        if act in COMMAND_ACTS:
            self.toast(self.tr.gettext(T_FEATURE_FIRST))
        return True  # modal: nothing reaches the reels under a bonus

    def handle_bonus(self, intent: Intent) -> bool:
        """The scene's own input (subclasses); True when used."""
        return False

    def toast(self, text: str) -> None:
        """`text` in a toast over the hint line (which gives way while it shows: `toasting`), clear
        of the title and the stage."""
        show_toast(self.stack, self.assets, text, midtop=(SCREEN.centerx, self.layout.hint_y - 28))

    @property
    def toasting(self) -> bool:
        """A toast of this scene is showing (over the hint line)."""
        return self.stack is not None and any(getattr(s, "owner", None) is self for s in self.stack.scenes)

    # -- time and drawing ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.fade.update(dt)

    def draw(self, surface: Canvas) -> None:
        key = self.still_key()
        if key is None:
            self.draw_backdrop(surface)
            self.draw_stage(surface)
            self.hud.draw(surface, self.assets, self.tr)
            self.draw_over(surface)
        else:
            surface.blit(self.still_layer(key), (0, 0))
            self.draw_moving(surface)
        self.fade.draw(surface)

    def still_layer(self, key: Hashable) -> Canvas:
        """The backdrop, the still parts, the money strip and `draw_over`, composed once for
        `key`, the strip's figures and the language (the same layer while they stay)."""
        full = (key, tuple(self.hud.figures()), self.tr.generation)
        if self._still is None or full != self._still_key:
            layer = self._still if self._still is not None else self.assets.canvas(SCREEN.size, alpha=False)
            self.draw_backdrop(layer)
            self.draw_still(layer)
            self.hud.draw(layer, self.assets, self.tr)
            self.draw_over(layer)
            self._still, self._still_key = layer, full
        return self._still

    def still_key(self) -> Hashable | None:
        """What the still parts show now, for the still layer (subclasses that split their drawing
        into `draw_still` and `draw_moving`); None: everything is drawn every frame."""
        return None

    def draw_still(self, surface: Canvas) -> None:
        """The parts that stay the same while `still_key` does (subclasses with a still layer)."""

    def draw_moving(self, surface: Canvas) -> None:
        """What is drawn over the still layer every frame (subclasses with a still layer)."""

    def draw_backdrop(self, surface: Canvas) -> None:
        """The backdrop composed once; a subclass whose stage is the whole screen (a map under a
        moving camera) or that composes its still parts over the backdrop draws them here instead."""
        surface.blit(self.backdrop, (0, 0))

    def draw_stage(self, surface: Canvas) -> None:
        """The scene's own parts (subclasses)."""

    def draw_over(self, surface: Canvas) -> None:
        """What goes over everything but the fade (subclasses: an intro panel)."""

    def draw_title(self, surface: Canvas, title: str, subtitle: str = "") -> None:
        """The title (and a line under it) centred in the title band, in the style."""
        a, s, band = self.assets, self.style, self.layout.title
        font = fit_font(a, "display", title, band.w - 200, 46)
        draw_text(
            surface,
            font,
            title,
            (band.centerx, band.top + 34),
            s.title,
            outline=2,
            outline_color=s.title_outline,
        )
        if subtitle:
            sub = fit_font(a, "display_regular", subtitle, band.w - 200, 26)
            draw_text(
                surface,
                sub,
                subtitle,
                (band.centerx, band.top + 76),
                s.text,
                outline=1,
                outline_color=(0, 0, 0),
            )
