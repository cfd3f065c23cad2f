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
from scenes.widgets.effects import glint, soft_glow, soft_shadow
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
TEXT_HINT_CHOOSE = "choose"
TEXT_HINT_PLAY = "ENTER  play"
TEXT_HINT_LEAVE = "ESC  leave"
TEXT_VERSION = "Reelhouse {version}"
TEXT_TOOLTIP_SOUND = "Sound on/off (M)"
TEXT_TOOLTIP_QUIT = "Leave Reelhouse"

TILE_W, TILE_H = 360, 420
TILE_GAP = 48
TILE_TOP = 118
CAPTION_H = 96
PLAY_W, PLAY_H = 176, 42
LIFT_PX = 10
HOVER_RATE = 12.0  # 1/s easing of the lift and glow
GLOW_PAD = 36
SHADOW_PAD = 22
GLINT_STEPS = 18
GLINT_S = 0.8  # duration of one light sweep over the focused tile
GLINT_EVERY_S = 4.5

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
    def __init__(self, game_id: str, rect: pygame.Rect, play: Button) -> None:
        self.game_id = game_id
        self.rect = rect
        self.play = play
        self.hot = 0.0  # 0..1 eased hover/focus amount
        self.armed = False


class LobbyScene(Scene):
    opaque = True
    modal = True

    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        a = ctx.assets
        self.ids = [gid for gid in sorted(ctx.games) if a.has_image(f"{gid}/tile")]
        n = len(self.ids)
        total = n * TILE_W + (n - 1) * TILE_GAP
        x0 = 640 - total // 2
        self.tiles: list[_Tile] = []
        for i, gid in enumerate(self.ids):
            rect = pygame.Rect(x0 + i * (TILE_W + TILE_GAP), TILE_TOP, TILE_W, TILE_H)
            play_rect = pygame.Rect(0, 0, PLAY_W, PLAY_H)
            play_rect.midtop = (rect.centerx, rect.bottom + 10 + CAPTION_H + 7)
            play = Button(play_rect, label=TEXT_PLAY, font_size=22,
                          on_click=lambda gid=gid: self.open_game(gid))
            self.tiles.append(_Tile(gid, rect, play))
        self.focus = 0
        self.fade = Fade(0.45, "in")
        self.t = 0.0
        self.glint_step = -1
        self.balance_cents = 0
        self._balance_clock = 0.0
        self.sound_button = Button(pygame.Rect(1150, 28, 48, 48), icon="icon_sound", style="icon",
                                   on_click=self._toggle_sound, tooltip=TEXT_TOOLTIP_SOUND)
        self.quit_button = Button(pygame.Rect(1206, 28, 48, 48), icon="icon_close", style="icon",
                                  on_click=self.ask_quit, tooltip=TEXT_TOOLTIP_QUIT)
        self.buttons = [self.sound_button, self.quit_button] + [t.play for t in self.tiles]
        self._glow = a.derived(("lobby-glow", TILE_W, TILE_H),
                               lambda: soft_glow((TILE_W, TILE_H), GLOW_PAD, (255, 196, 100), 190, 22))
        self._glow_copy = self._glow.copy()  # its alpha is animated in update()
        self.static = self._build_static()

    def _build_static(self) -> pygame.Surface:
        """Everything that never moves, composed once into one opaque layer (one blit a frame)."""
        a = self.ctx.assets
        layer = a.image("ui/lobby_bg").copy()
        logo = a.scaled("ui/logo", (360, 93))
        layer.blit(logo, logo.get_rect(midtop=(640, 10)))
        shadow = a.derived(("lobby-shadow", TILE_W, TILE_H),
                           lambda: soft_shadow((TILE_W, TILE_H), SHADOW_PAD, 190, 22))
        text_font = a.font("text", 15)
        rtp_font = a.font("text_bold", 14)
        for tile in self.tiles:
            d = self.ctx.games[tile.game_id].definition
            layer.blit(shadow, (tile.rect.x - SHADOW_PAD, tile.rect.y - SHADOW_PAD + 10))
            cap = self._caption_rect(tile)
            draw_panel(layer, a, cap, alpha=215)
            draw_text(layer, rtp_font, rtp_text(d.rtp_published), (cap.centerx, cap.top + 41), GOLD,
                      shadow=False)
            y = cap.top + 52
            for line in wrap_text(text_font, d.pitch, TILE_W - 64)[:2]:
                draw_text(layer, text_font, line, (cap.centerx, y), MUTED, anchor="midtop", shadow=False)
                y += 18
        small = a.font("text", 15)
        draw_text(layer, small, TEXT_VERSION.format(version=self.ctx.version), (16, 712), MUTED,
                  anchor="bottomleft", shadow=False)
        self._draw_hint(layer, small)
        return layer.convert() if pygame.display.get_surface() is not None else layer

    def _draw_hint(self, layer: pygame.Surface, font: pygame.font.Font) -> None:
        a = self.ctx.assets
        parts = [render_text(font, t, MUTED) for t in (TEXT_HINT_CHOOSE, TEXT_HINT_PLAY, TEXT_HINT_LEAVE)]
        icon = 16
        gap = 28
        width = 2 * icon + 6 + sum(p.get_width() for p in parts) + 2 * gap
        x = 1264 - width
        y = 704
        for name in ("icon_left", "icon_right"):
            layer.blit(a.tinted(f"ui/{name}", MUTED, (icon, icon)), (x, y - icon // 2))
            x += icon
        x += 6
        for i, p in enumerate(parts):
            layer.blit(p, p.get_rect(midleft=(x, y)))
            x += p.get_width() + (gap if i < len(parts) - 1 else 0)

    @staticmethod
    def _caption_rect(tile: _Tile) -> pygame.Rect:
        return pygame.Rect(tile.rect.x + 8, tile.rect.bottom + 10, TILE_W - 16, CAPTION_H)

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
        act = intent.act
        if act is Act.POINTER_MOVE:
            for b in self.buttons:
                b.handle(intent)
            hit = self._tile_at(intent.pos)
            if hit is None:
                hit = next((i for i, t in enumerate(self.tiles) if t.play.hover), None)
            if hit is not None and hit != self.focus:
                self.focus = hit
            return False
        for b in self.buttons:
            if b.handle(intent):
                return True
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
            focused = i == self.focus
            tile.hot += ((1.0 if focused else 0.0) - tile.hot) * k
            tile.play.focused = focused
        for b in self.buttons:
            b.update(dt)
        self.sound_button.icon = "icon_mute" if self.ctx.audio.muted else "icon_sound"
        self._balance_clock += dt
        if self._balance_clock >= 1.0:
            self._balance_clock = 0.0
            self._refresh_balance()
        if self.tiles:
            # the glow breathes gently on the focused tile; a light sweep crosses it now and then
            hot = self.tiles[self.focus].hot
            pulse = 0.8 + 0.2 * _tri(self.t * 0.6)
            self._glow_copy.set_alpha(int(255 * hot * pulse))
            phase = (self.t - 1.0) % GLINT_EVERY_S
            reduced = self.ctx.settings.reduced_motion
            self.glint_step = int(phase / GLINT_S * GLINT_STEPS) if phase < GLINT_S and not reduced else -1

    # drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        surface.blit(self.static, (0, 0))
        self._draw_balance(surface)
        for i, tile in enumerate(self.tiles):
            self._draw_tile(surface, tile, i == self.focus)
        for b in self.buttons:
            b.draw(surface, a)
        self.fade.draw(surface)

    def _draw_balance(self, surface: pygame.Surface) -> None:
        a = self.ctx.assets
        box = pygame.Rect(24, 22, 256, 72)
        draw_panel(surface, a, box, alpha=225)
        draw_text(surface, a.font("text_bold", 13), TEXT_BALANCE, (box.centerx, box.top + 14), GOLD,
                  anchor="midtop", shadow=False)
        amount = format_cents(self.balance_cents, self.ctx.settings.currency_symbol)
        draw_text(surface, a.font("display", 26), amount, (box.centerx, box.bottom - 12), CREAM,
                  anchor="midbottom")

    def _draw_tile(self, surface: pygame.Surface, tile: _Tile, focused: bool) -> None:
        a = self.ctx.assets
        d = self.ctx.games[tile.game_id].definition
        r = tile.rect.move(0, -round(LIFT_PX * tile.hot))
        if focused and tile.hot > 0.02:
            surface.blit(self._glow_copy, (r.x - GLOW_PAD, r.y - GLOW_PAD))
        rel = f"{tile.game_id}/tile"
        if focused and self.glint_step >= 0:
            step = self.glint_step
            art = a.derived(("lobby-glint", rel, step), lambda: glint(a.image(rel), step, GLINT_STEPS))
        else:
            art = a.image(rel)
        surface.blit(art, r)
        cap = self._caption_rect(tile)
        draw_text(surface, a.font("display", 23), d.name, (cap.centerx, cap.top + 20),
                  GOLD if focused else CREAM)


def _tri(x: float) -> float:
    """A smooth 0..1..0 wave with period 1 (cheap stand-in for a sine)."""
    f = x % 1.0
    t = 2.0 * f if f < 0.5 else 2.0 - 2.0 * f
    return t * t * (3.0 - 2.0 * t)
