"""The lobby: the installed games as tiles, the balance, lobby music; the way into each game.

Only games with a validated definition (`ctx.games`) get a tile. A tile shows the game's art
(`<game>/tile.png`), its name, published RTP and one-line pitch; it lifts and glows while hovered
or focused. Click a tile, or choose with ←/→ and press Enter (or Space), to open the game's
`ReelsScene` over the lobby; Esc in the reels comes back here. Esc in the lobby asks whether to
leave. Start-up notices (a damaged settings file or ledger) are shown here in a dialog.

`reels_scene(ctx, game_id)` is the one place that imports the reels scene (lazily, so the lobby
runs before the reels module exists).
"""

from __future__ import annotations

import sys

import pygame

from game.money import format_cents
from scenes.context import AppContext
from scenes.intents import Act, Intent
from scenes.stack import Scene
from scenes.text import draw_text, render_text, wrap_text
from scenes.transitions import Fade
from scenes.widgets.button import Button
from scenes.widgets.dialog import ConfirmDialog, MessageDialog, Toast
from scenes.widgets.panel import draw_panel

# Player-facing text, in one place for a later translation layer
TEXT_BALANCE = "BALANCE"
TEXT_RTP = "RTP {rtp} %"
TEXT_PLAY = "PLAY"
TEXT_QUIT_TITLE = "Leave Reelhouse?"
TEXT_QUIT_BODY = "Your balance and game history are saved."
TEXT_QUIT_YES = "Leave"
TEXT_QUIT_NO = "Stay"
TEXT_NOTICE_TITLE = "Please note"
TEXT_UNAVAILABLE = "This game is not available yet."
TEXT_HINT = "\u2190 \u2192  choose     ENTER  play     ESC  leave"
TEXT_VERSION = "Reelhouse {version}"
TEXT_TOOLTIP_SOUND = "Sound on/off (M)"
TEXT_TOOLTIP_QUIT = "Leave Reelhouse"

TILE_W, TILE_H = 360, 420
TILE_GAP = 48
TILE_TOP = 150
CAPTION_H = 112
LIFT_PX = 12
HOVER_RATE = 12.0  # 1/s easing of the lift and glow
GLOW_PAD = 28

GOLD = (246, 206, 120)
CREAM = (246, 238, 222)
MUTED = (196, 184, 168)


def reels_scene(ctx: AppContext, game_id: str) -> Scene:
    """Build the reels scene for `game_id` (imported lazily)."""
    from scenes.reels import ReelsScene

    return ReelsScene(ctx, game_id)


def rtp_text(rtp: float) -> str:
    return TEXT_RTP.format(rtp=f"{rtp * 100:.2f}")


class _Tile:
    def __init__(self, game_id: str, rect: pygame.Rect) -> None:
        self.game_id = game_id
        self.rect = rect
        self.hot = 0.0  # 0..1 eased hover/focus amount
        self.armed = False


class LobbyScene(Scene):
    opaque = True
    modal = True

    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        a = ctx.assets
        self.bg = a.image("ui/lobby_bg")
        self.logo = a.scaled("ui/logo", (420, 108))
        self.ids = [gid for gid in sorted(ctx.games) if a.has_image(f"{gid}/tile")]
        n = len(self.ids)
        total = n * TILE_W + (n - 1) * TILE_GAP
        x0 = 640 - total // 2
        self.tiles = [
            _Tile(gid, pygame.Rect(x0 + i * (TILE_W + TILE_GAP), TILE_TOP, TILE_W, TILE_H))
            for i, gid in enumerate(self.ids)
        ]
        self.focus = 0
        self.pointer_focus = False
        self.fade = Fade(0.45, "in")
        self.t = 0.0
        self.balance_cents = 0
        self._balance_clock = 0.0
        self.sound_button = Button(pygame.Rect(1150, 26, 48, 48), icon="icon_sound", style="icon",
                                   on_click=self._toggle_sound, tooltip=TEXT_TOOLTIP_SOUND)
        self.quit_button = Button(pygame.Rect(1206, 26, 48, 48), icon="icon_close", style="icon",
                                  on_click=self.ask_quit, tooltip=TEXT_TOOLTIP_QUIT)
        self.buttons = [self.sound_button, self.quit_button]
        self._captions = {gid: self._caption_lines(gid) for gid in self.ids}
        self._glow = a.derived(("lobby-glow", TILE_W, TILE_H), lambda: _glow_surface(TILE_W, TILE_H))
        self._glow_copy = self._glow.copy()  # alpha animated in update()
        self.version_text = TEXT_VERSION.format(version=ctx.version)

    def _caption_lines(self, gid: str) -> list[str]:
        d = self.ctx.games[gid].definition
        return wrap_text(self.ctx.assets.font("text", 17), d.pitch, TILE_W - 16)[:2]

    # lifecycle ----------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self._refresh_balance()
        self.ctx.audio.music("common/lobby_music")
        notices = self.ctx.take_notices()
        if not notices:
            return
        if self.ctx.options.autoplay or self.ctx.options.bench:
            for n in notices:  # nobody is watching the screen: say it on stderr
                print(n, file=sys.stderr)
            return
        for n in notices:
            # queued, so the dialog lands on top of whatever the app pushes at start-up
            self.stack.queue(lambda n=n: self.stack and self.stack.push(
                MessageDialog(self.ctx.assets, TEXT_NOTICE_TITLE, n)))

    def on_resume(self) -> None:
        self._refresh_balance()
        self.ctx.audio.music("common/lobby_music")
        self.fade = Fade(0.3, "in")
        for tile in self.tiles:
            tile.armed = False

    def _refresh_balance(self) -> None:
        led = self.ctx.ledger
        self.balance_cents = led.balance_cents if led is not None else 0

    # actions ---------------------------------------------------------------------------------------
    def open_game(self, game_id: str) -> None:
        if self.stack is None:
            return
        self.ctx.audio.play("common/click")
        try:
            scene = reels_scene(self.ctx, game_id)
        except ModuleNotFoundError as exc:
            if exc.name != "scenes.reels":
                raise
            self.stack.push(Toast(self.ctx.assets, TEXT_UNAVAILABLE))
            return
        self.stack.push(scene)

    def ask_quit(self) -> None:
        if self.stack is None:
            return
        stack = self.stack
        self.ctx.audio.play("common/click")
        stack.push(ConfirmDialog(self.ctx.assets, TEXT_QUIT_TITLE, TEXT_QUIT_BODY,
                                 on_yes=stack.request_quit, yes=TEXT_QUIT_YES, no=TEXT_QUIT_NO))

    def _toggle_sound(self) -> None:
        self.ctx.audio.toggle_mute()
        self.ctx.audio.play("common/click")

    # input -----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        for b in self.buttons:
            if b.handle(intent):
                return True
        act = intent.act
        if act is Act.POINTER_MOVE:
            hit = self._tile_at(intent.pos)
            if hit is not None:
                self.focus = hit
                self.pointer_focus = True
            else:
                self.pointer_focus = False
            return False
        if act is Act.POINTER_DOWN:
            hit = self._tile_at(intent.pos)
            for i, tile in enumerate(self.tiles):
                tile.armed = i == hit
            return hit is not None
        if act is Act.POINTER_UP:
            hit = self._tile_at(intent.pos)
            if hit is not None and self.tiles[hit].armed:
                self.tiles[hit].armed = False
                self.open_game(self.tiles[hit].game_id)
                return True
            for tile in self.tiles:
                tile.armed = False
            return hit is not None
        if act in (Act.LEFT, Act.RIGHT) and self.tiles:
            step = -1 if act is Act.LEFT else 1
            self.focus = (self.focus + step) % len(self.tiles)
            self.pointer_focus = False
            self.ctx.audio.play("common/click", volume=0.5)
            return True
        if act in (Act.CONFIRM, Act.SPIN) and self.tiles:
            self.open_game(self.tiles[self.focus].game_id)
            return True
        if act is Act.BACK:
            self.ask_quit()
            return True
        return False

    def _tile_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        for i, tile in enumerate(self.tiles):
            if tile.rect.collidepoint(pos):
                return i
        return None

    # animation -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self.fade.update(dt)
        k = min(1.0, dt * HOVER_RATE)
        for i, tile in enumerate(self.tiles):
            target = 1.0 if i == self.focus else 0.0
            tile.hot += (target - tile.hot) * k
        for b in self.buttons:
            b.update(dt)
        self.sound_button.icon = "icon_mute" if self.ctx.audio.muted else "icon_sound"
        self._balance_clock += dt
        if self._balance_clock >= 1.0:
            self._balance_clock = 0.0
            self._refresh_balance()
        if self.tiles:
            # the glow breathes gently on the focused tile
            hot = self.tiles[self.focus].hot
            pulse = 0.82 + 0.18 * _tri(self.t * 0.8)
            self._glow_copy.set_alpha(int(255 * hot * pulse))

    # drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        surface.blit(self.bg, (0, 0))
        surface.blit(self.logo, self.logo.get_rect(midtop=(640, 18)))
        self._draw_balance(surface)
        for i, tile in enumerate(self.tiles):
            self._draw_tile(surface, tile, i == self.focus)
        for b in self.buttons:
            b.draw(surface, a)
        small = a.font("text", 15)
        draw_text(surface, small, self.version_text, (16, 706), MUTED, anchor="bottomleft", shadow=False)
        draw_text(surface, small, TEXT_HINT, (640, 706), MUTED, anchor="midbottom", shadow=False)
        self.fade.draw(surface)

    def _draw_balance(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        box = pygame.Rect(24, 24, 250, 64)
        draw_panel(surface, a, box, alpha=220)
        draw_text(surface, a.font("text_bold", 13), TEXT_BALANCE, (box.centerx, box.top + 10), GOLD,
                  anchor="midtop", shadow=False)
        amount = format_cents(self.balance_cents, self.ctx.settings.currency_symbol)
        draw_text(surface, a.font("display", 26), amount, (box.centerx, box.bottom - 8), CREAM,
                  anchor="midbottom")

    def _draw_tile(self, surface: pygame.Surface, tile: _Tile, focused: bool) -> None:
        a = self.ctx.assets
        d = self.ctx.games[tile.game_id].definition
        lift = round(LIFT_PX * tile.hot)
        r = tile.rect.move(0, -lift)
        if focused and tile.hot > 0.02:
            surface.blit(self._glow_copy, (r.x - GLOW_PAD, r.y - GLOW_PAD))
        shadow = a.derived(("lobby-shadow", TILE_W, TILE_H), lambda: _shadow_surface(TILE_W, TILE_H))
        surface.blit(shadow, (tile.rect.x - 14, tile.rect.y + 10))
        surface.blit(a.image(f"{tile.game_id}/tile"), r)
        # caption under the tile
        cap = pygame.Rect(tile.rect.x + 6, tile.rect.bottom + 14, TILE_W - 12, CAPTION_H)
        draw_panel(surface, a, cap, alpha=200)
        name_font = a.font("display", 24)
        draw_text(surface, name_font, d.name, (cap.centerx, cap.top + 22), GOLD if focused else CREAM)
        rtp = render_text(a.font("text_bold", 15), rtp_text(d.rtp_published), GOLD)
        surface.blit(rtp, rtp.get_rect(center=(cap.centerx, cap.top + 46)))
        y = cap.top + 62
        for line in self._captions[tile.game_id]:
            draw_text(surface, a.font("text", 17), line, (cap.centerx, y), MUTED, anchor="midtop",
                      shadow=False)
            y += 21


def _tri(x: float) -> float:
    """A smooth 0..1..0 wave with period 1 (cheap stand-in for a sine)."""
    f = x % 1.0
    t = 2.0 * f if f < 0.5 else 2.0 - 2.0 * f
    return t * t * (3.0 - 2.0 * t)


def _glow_surface(w: int, h: int) -> pygame.Surface:
    """A soft warm halo around a w×h rounded rect (blurred once by down/up-scaling)."""
    pad = GLOW_PAD
    size = (w + 2 * pad, h + 2 * pad)
    base = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(base, (255, 196, 96, 200), base.get_rect().inflate(-pad, -pad), border_radius=34)
    small = pygame.transform.smoothscale(base, (size[0] // 8, size[1] // 8))
    blurred = pygame.transform.smoothscale(small, size)
    return blurred


def _shadow_surface(w: int, h: int) -> pygame.Surface:
    size = (w + 28, h + 28)
    base = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(base, (0, 0, 0, 170), base.get_rect().inflate(-28, -28), border_radius=26)
    small = pygame.transform.smoothscale(base, (size[0] // 6, size[1] // 6))
    return pygame.transform.smoothscale(small, size)
