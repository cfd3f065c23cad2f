"""The lobby: the installed games as tiles, the balance, lobby music; the way into each game.

Only games with a validated definition and a presentation get a tile (`ctx.games` holds only
those, see `scenes.app.app.shown_games`: a game whose data arrives before its scenes is not
offered). A tile shows the game's art (`<game>/tile.png`, named by its presentation), its name,
published RTP and one-line pitch; it lifts and glows while hovered or focused. Click a tile, or
choose with ←/→ and press Enter (or Space), to open the game's `ReelsScene` over the lobby; Esc
in the reels comes back here. Esc in the lobby asks whether to leave. Start-up notices (a damaged
settings file or ledger) are shown here in a dialog.

The keyboard reaches everything: ←/→ move along a row (the tiles, or the icons), ↑ goes up to the
icons and ↓ back to the tiles, Tab / Shift+Tab go through them all; the focus ring
(`scenes.widgets.focus`) shows where Enter acts. A key meant for a game (paytable, rules,
autoplay, the bet) says "Open a game first" in a toast.

Top right, four icon buttons: the game history of every game (H), the settings menu (the spanner;
S), the sound mixer (M still mutes without opening it: the app handles M) and leave. The keys are
handled by the app, so they work the same over any scene.

Every player-facing string goes through the context's translator, money through
`format_money` in the player's display currency. The static layer (captions, version, key hints)
is composed once per language and cached, so the part of the lobby seen under the settings menu
switches with the language at once; the button labels and tooltips are rebuilt when the
translator's `generation` changes. No restart is needed.

`reels_scene(ctx, game_id)` is the one place that imports the reels scene (lazily: the lobby's
first frame does not wait for the reels machinery).
"""

from __future__ import annotations

import functools
import sys

import pygame

from game.ledger import LedgerError
from game.messages import Message
from scenes.core.canvas import Canvas, ScaledFont
from scenes.core.context import AppContext
from scenes.core.i18n import Translator
from scenes.core.intents import COMMAND_ACTS, Act, Intent
from scenes.core.routes import HISTORY, MIXER, SETTINGS
from scenes.core.stack import Scene
from scenes.core.text import draw_text, fit_font, wrap_text
from scenes.core.theme import MENU_CREAM, MENU_GOLD
from scenes.core.transitions import Fade
from scenes.front.lobby_static import (
    CAPTION_H,
    PITCH_TOP,
    TEXT_HINT_CHOOSE,
    TEXT_HINT_LEAVE,
    TEXT_HINT_PLAY,
    TEXT_VERSION,
    TILE_GAP,
    TILE_H,
    TILE_TOP,
    TILE_W,
    build_static,
)
from scenes.presentation import art_of
from scenes.widgets.button import Button
from scenes.widgets.dialog import TEXT_OK, ConfirmDialog, MessageDialog, Toast
from scenes.widgets.effects import glint, glint_band, soft_glow
from scenes.widgets.feedback import show_toast
from scenes.widgets.focus import FocusItem, FocusRing, draw_focus_ring
from scenes.widgets.panel import draw_panel

# Player-facing msgids (translated through ctx.i18n; the catalogs are assets/locale/*.json)
TEXT_BALANCE = "BALANCE"
TEXT_RTP = "RTP {rtp} %"
TEXT_PLAY = "PLAY"
TEXT_QUIT_TITLE = "Leave Reelhouse?"
TEXT_QUIT_BODY = "Your balance and game history are saved."
TEXT_QUIT_YES = "Leave"
TEXT_QUIT_NO = "Stay"
TEXT_NOTICE_TITLE = "Please note"
TEXT_UNAVAILABLE = "This game is not available yet."
TEXT_TOOLTIP_SOUND = "Sound mixer (M mutes)"
TEXT_TOOLTIP_SETTINGS = "Settings (S)"
TEXT_TOOLTIP_HISTORY = "Game history (H)"
TEXT_TOOLTIP_QUIT = "Leave Reelhouse"
TEXT_OPEN_GAME_FIRST = "Open a game first"
TEXT_CLOSE_FIRST = "Close this screen first (Esc)"
TEXT_ROUND_WAITS = "The round waits: it resumes when you open {game} again"
TEXT_ROUND_WAITING = "ROUND WAITING"
# keys meant for a game: in the lobby they say to open one (S and H are the app's, Space plays)
GAME_ACTS = COMMAND_ACTS - {Act.SPIN, Act.SETTINGS, Act.HISTORY}

PLAY_W, PLAY_H = 176, 42
ICON_SIZE, ICON_GAP = 48, 8
ICONS_RIGHT, ICONS_TOP = 1254, 28  # the row of icon buttons ends here (the mixer drops below it)
PITCH_LINES = 2
PITCH_SIZE, PITCH_MIN_SIZE = 15, 10  # under 13 only when a larger text size leaves no room
PITCH_W = TILE_W - 44  # inside the caption panel's border, with a margin
LIFT_PX = 10
HOVER_RATE = 12.0  # 1/s easing of the lift and glow
GLOW_STEP = 8  # the halo's alpha moves in steps of this (each step is one copy of the halo)
GLOW_PAD = 36
GLINT_STEPS = 18
GLINT_S = 0.8  # duration of one light sweep over the focused tile
GLINT_EVERY_S = 4.5
# the lobby's own compositions in the asset store, let go while a game covers the lobby
HIDDEN_LET_GO = ("lobby-glint", "lobby-static", "lobby-glow", "lobby-shadow")


def reels_scene(ctx: AppContext, game_id: str) -> Scene:
    """Build the reels scene for `game_id` (imported lazily)."""
    from scenes.reels.scene import ReelsScene

    return ReelsScene(ctx, game_id)


def rtp_text(tr: Translator, rtp: float) -> str:
    """The published RTP (a fraction) as "RTP 96.70 %" / "RTP 96,70 %"."""
    return tr.t(TEXT_RTP, rtp=tr.format_number(round(rtp * 10000), 2))


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
        # ctx.games holds only the games that can be shown (a registered presentation)
        self.tile_art = {gid: f"{gid}/{art_of(g.definition).tile}" for gid, g in ctx.games.items()}
        self.ids = [gid for gid in sorted(ctx.games) if a.has_image(self.tile_art[gid])]
        n = len(self.ids)
        total = n * TILE_W + (n - 1) * TILE_GAP
        x0 = 640 - total // 2
        self.tiles: list[_Tile] = []
        for i, gid in enumerate(self.ids):
            rect = pygame.Rect(x0 + i * (TILE_W + TILE_GAP), TILE_TOP, TILE_W, TILE_H)
            play_rect = pygame.Rect(0, 0, PLAY_W, PLAY_H)
            play_rect.midtop = (rect.centerx, rect.bottom + 10 + CAPTION_H + 7)
            play = Button(play_rect, label="", font_size=22, on_click=functools.partial(self.open_game, gid))
            self.tiles.append(_Tile(gid, rect, play))
        self.focus = 0
        self.fade = Fade(0.45, "in")
        self.t = 0.0
        self.glint_step = -1
        self.balance_cents = 0
        self.waiting: str | None = None  # the game holding an open round (its tile's ribbon)
        self.left_game = False  # a game was opened from here: back from it, say a waiting round
        self._balance_clock = 0.0
        # right to left: leave, sound, settings, history
        icons = [
            ("icon_close", self.ask_quit),
            ("icon_sound", self.open_sound),
            ("icon_settings", self.open_settings),
            ("icon_history", self.open_history),
        ]
        made: list[Button] = []
        for i, (icon, fn) in enumerate(icons):
            rect = pygame.Rect(0, ICONS_TOP, ICON_SIZE, ICON_SIZE)
            rect.right = ICONS_RIGHT - i * (ICON_SIZE + ICON_GAP)
            made.append(Button(rect, icon=icon, style="icon", on_click=fn))
        self.quit_button, self.sound_button, self.settings_button, self.history_button = made
        self.icon_buttons = made[::-1]  # left to right
        self.buttons = [*self.icon_buttons, *(t.play for t in self.tiles)]
        self._glow_copy: Canvas | None = None  # made on first use: the lobby may sit unseen under the reels
        self._glow_alpha = 0
        self._glow_level = -1  # the alpha baked into _glow_copy
        self._rest: tuple[tuple, Canvas] | None = None  # (key, the static layer with resting tiles)
        self._rest_wanted: tuple | None = None  # the key of the layer being made
        # the keyboard's way round: the tiles first, then the icons (Tab's order); the arrows are
        # handled here, by rows
        self.ring = FocusRing(
            [FocusItem(functools.partial(self._tile_focus_rect, t), key=t.game_id) for t in self.tiles]
            + [FocusItem(b.rect, b.click, key=f"icon-{i}") for i, b in enumerate(self.icon_buttons)],
            arrows="none",
        )
        self.tr = ctx.i18n
        self._generation = -1
        self._relabel()

    @property
    def glow(self) -> Canvas:
        """The focused tile's halo at its alpha of the moment, in steps of GLOW_STEP.

        The halo's own alpha is baked into its pixels (the scene's copy, made again when the step
        changes) rather than set as the surface's alpha: a picture with both kinds of alpha blits
        on a slow path, several times the cost of per-pixel alpha alone. The copy is made once
        and written over at each step."""
        level = min(255, (self._glow_alpha + GLOW_STEP // 2) // GLOW_STEP * GLOW_STEP)
        if self._glow_copy is None or self._glow_level != level:
            a = self.ctx.assets
            glow = a.derived(
                ("lobby-glow", TILE_W, TILE_H),
                lambda: soft_glow((TILE_W, TILE_H), GLOW_PAD, (255, 196, 100), a.density, 190, 22),
            )
            copy = self._glow_copy
            if copy is None or copy.surf.get_size() != glow.surf.get_size():
                copy = glow.copy()
            else:  # the same picture again (a new 2 MB one each step cost 2–5 ms at 1920×1080)
                copy.surf.fill((0, 0, 0, 0))
                copy.surf.blit(glow.surf, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
            if level < 255:
                copy.fill((255, 255, 255, level), special_flags=pygame.BLEND_RGBA_MULT)
            self._glow_copy, self._glow_level = copy, level
        return self._glow_copy

    def rebuild(self) -> None:
        self._glow_copy = None
        self._rest = self._rest_wanted = None
        self._warm()

    def _warm(self) -> None:
        """Hand the tiles' band of light (the first sweep starts after a second) to the asset
        store's idle-time queue, so the sweep never waits for it."""
        a = self.ctx.assets
        a.defer(lambda: self.glow)
        for rel in dict.fromkeys(self.tile_art[t.game_id] for t in self.tiles):
            a.defer(functools.partial(self._glint_band, rel))

    def _glint_band(self, rel: str) -> Canvas:
        """The band of light the sweep adds to a tile (one for tiles of a height, kept by the
        asset store). Each step is made from it as it shows: 18 steps kept for each tile were
        some 70 MB at 1920×1080, more than the store's budget, so they were pushed out and made
        again in the frames that showed them (5 ms each)."""
        a = self.ctx.assets
        h = a.image(rel).get_height()
        return a.derived(("lobby-glint", h), lambda: glint_band(h, a.density))

    def _glint(self, rel: str, step: int) -> Canvas:
        """One frame of a tile's light sweep."""
        return glint(self.ctx.assets.image(rel), step, GLINT_STEPS, band=self._glint_band(rel))

    # text -----------------------------------------------------------------------------------------
    def _relabel(self) -> None:
        """Button labels and tooltips in the current language (once per language change)."""
        tr = self.tr
        self._generation = tr.generation
        for tile in self.tiles:
            tile.play.label = tr.gettext(TEXT_PLAY)
        for button, tip in (
            (self.history_button, TEXT_TOOLTIP_HISTORY),
            (self.settings_button, TEXT_TOOLTIP_SETTINGS),
            (self.sound_button, TEXT_TOOLTIP_SOUND),
            (self.quit_button, TEXT_TOOLTIP_QUIT),
        ):
            button.tooltip = tr.gettext(tip)

    @property
    def static(self) -> Canvas:
        """The composed static layer for the current language (cached per language).

        A cache, not state: it is a pure function of the language, the games and the version, so
        `draw` may fetch it; the layer seen under the settings menu switches with the language.
        """
        v = self.ctx.verification
        key = ("lobby-static", self.tr.language, tuple(self.ids), self.ctx.version, v and v.generation)
        return self.ctx.assets.derived(key, self._build_static)

    def pitch_layout(self, game_id: str) -> tuple[ScaledFont, list[str]]:
        """The game's pitch, translated and wrapped to the caption: two lines at most, in the
        largest text size (15 down to 13 px) that holds it whole (Spanish runs longer)."""
        pitch = self.tr.gettext(self.ctx.games[game_id].definition.pitch)
        room = CAPTION_H - PITCH_TOP - 6  # the caption panel's height left under the RTP
        for size in range(PITCH_SIZE, PITCH_MIN_SIZE - 1, -1):
            font = self.ctx.assets.font("text", size)
            lines = wrap_text(font, pitch, PITCH_W)
            if len(lines) <= PITCH_LINES and len(lines) * (font.get_height() + 1) <= room:
                return font, lines
        # a small window (the 11 px floor): the lines the caption holds, and the pitch says it
        # goes on
        shown = max(1, min(PITCH_LINES, room // (font.get_height() + 1)))
        if len(lines) > shown:
            last = " ".join(lines[shown - 1 :]).rstrip(" ,;:")
            while last and font.size(last + "…")[0] > PITCH_W:
                last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
            lines = [*lines[: shown - 1], last.rstrip(" ,;:") + "…"]
        return font, lines

    def pitch_lines(self, game_id: str) -> list[str]:
        return self.pitch_layout(game_id)[1]

    def caption_texts(self) -> dict[str, str | list[str]]:
        """Every string the lobby shows, as it shows them now (tests, and a check on the layout)."""
        tr = self.tr
        out: dict[str, str | list[str]] = {
            "balance_title": tr.gettext(TEXT_BALANCE),
            "balance": self.balance_text(),
            "version": tr.t(TEXT_VERSION, version=self.ctx.version),
            "hints": [tr.gettext(t) for t in (TEXT_HINT_CHOOSE, TEXT_HINT_PLAY, TEXT_HINT_LEAVE)],
            "tooltips": [b.tooltip for b in self.icon_buttons],
        }
        for tile in self.tiles:
            d = self.ctx.games[tile.game_id].definition
            out[f"{tile.game_id}.name"] = tr.gettext(d.name)
            out[f"{tile.game_id}.rtp"] = self.tile_rtp(tile.game_id)
            out[f"{tile.game_id}.pitch"] = self.pitch_lines(tile.game_id)
            out[f"{tile.game_id}.play"] = tile.play.label
        return out

    def tile_rtp(self, game_id: str) -> str:
        """The RTP line under a tile: the published RTP, or for a game whose data differs from
        the release (`--modified-games`) MODIFIED and the exact RTP computed from that data."""
        d = self.ctx.games[game_id].definition
        v = self.ctx.verification
        said = v.tile_text(game_id) if v is not None else None
        if said is None:
            return rtp_text(self.tr, d.rtp_published)
        rtp = v.modified[game_id] if v is not None else None
        return self.tr.t(said, rtp=self.tr.format_number(round((rtp or 0.0) * 10000), 2))

    def balance_text(self) -> str:
        return self.tr.format_money(self.balance_cents, self.ctx.settings.display_currency)

    def _build_static(self) -> Canvas:
        """Everything that never moves, composed once per language into one opaque layer."""
        return build_static(self)

    @staticmethod
    def caption_rect(tile: _Tile) -> pygame.Rect:
        return pygame.Rect(tile.rect.x, tile.rect.bottom + 10, TILE_W, CAPTION_H)

    def _tile_focus_rect(self, tile: _Tile) -> pygame.Rect:
        """The tile lifted, with its caption and PLAY button: what the ring goes round. The same
        rect while the tile rises (the focused tile is on its way up), so the ring is drawn once
        rather than at a new size every frame of the lift."""
        return tile.rect.move(0, -LIFT_PX).union(tile.play.rect)

    @property
    def on_icons(self) -> bool:
        """The keyboard focus is on the icon row (not on a tile)."""
        return self.ring.index >= len(self.tiles)

    # lifecycle ----------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self._refresh_balance()
        self.waiting = self._waiting_game()
        self.ctx.audio.music("common/lobby_music")
        self._tell(self.ctx.take_notices())

    def _tell(self, notices: list) -> None:
        """Say the start-up notices: in a dialog each, or on stderr when nobody is watching."""
        if not notices:
            return
        if self.ctx.options.autoplay or self.ctx.options.bench:
            for n in notices:  # nobody is watching the screen: say it on stderr
                print(n.english(), file=sys.stderr)
            return
        tr, stack = self.tr, self.stack
        if stack is None:
            return
        for n in notices:
            # queued, so the dialog lands on top of whatever the app pushes at start-up
            stack.queue(functools.partial(self._show_notice, tr, n))

    def _show_notice(self, tr: Translator, notice: Message) -> None:
        if self.stack is not None:
            self.stack.push(
                MessageDialog(
                    self.ctx.assets,
                    tr.gettext(TEXT_NOTICE_TITLE),
                    tr.message(notice),
                    ok=tr.gettext(TEXT_OK),
                    close_first=tr.gettext(TEXT_CLOSE_FIRST),
                )
            )

    def on_pause(self) -> None:
        # an overlay takes the pointer: no hover highlight or tooltip left frozen underneath
        for b in self.buttons:
            b.hover = b.pressed = False
            b.hover_t = b.press_t = 0.0
        # what covers the lobby is known once the push is done: checked after the next frame
        self.ctx.assets.defer(self._let_go_if_hidden)

    def _let_go_if_hidden(self) -> None:
        """Under an opaque scene (a game's reels) the lobby is not drawn: its layers and light
        sweeps (some 60 MB at 1920×1080) are let go, and made again when it is shown."""
        stack = self.stack
        if stack is None or self not in stack.scenes:
            return
        above = stack.scenes[stack.scenes.index(self) + 1 :]
        if not any(s.opaque for s in above):
            return
        self._rest = self._rest_wanted = None
        self._glow_copy = None
        self.ctx.assets.forget_derived(*HIDDEN_LET_GO)

    def on_resume(self) -> None:
        self._warm()  # the light sweeps again, if they were let go (a look-up each if not)
        self._refresh_balance()
        before, self.waiting = self.waiting, self._waiting_game()
        back_from_game, self.left_game = self.left_game or before != self.waiting, False
        if back_from_game and self.waiting is not None and self.stack is not None:  # Esc in a bonus
            name = self.tr.gettext(self.ctx.games[self.waiting].definition.name)
            # over the tiles' pictures, clear of the tagline and the tiles' captions
            at = (640, TILE_TOP + 150)
            show_toast(self.stack, self.ctx.assets, self.tr.t(TEXT_ROUND_WAITS, game=name), midtop=at)
        self.ctx.audio.music("common/lobby_music")
        self.fade = Fade(0.3, "in")
        for tile in self.tiles:
            tile.armed = False

    def _waiting_game(self) -> str | None:
        """The game holding an open round (left in a bonus), if any."""
        led = self.ctx.ledger
        if led is None:
            return None
        try:
            held = led.open_round()
        except LedgerError:  # a record it cannot read is reported where the game opens
            return None
        return held.game_id if held is not None and held.game_id in self.ctx.games else None

    def _draw_waiting(self, surface: Canvas) -> None:
        """The ROUND WAITING ribbon across the top of the tile whose game holds the open round."""
        tile = next((t for t in self.tiles if t.game_id == self.waiting), None)
        if tile is None:
            return
        r = tile.rect.move(0, -round(LIFT_PX * tile.hot))
        band = pygame.Rect(r.x, r.y + 18, r.w, 34)
        surface.fill((150, 28, 36), band)
        surface.fill((236, 196, 98), (band.x, band.y, band.w, 2))
        surface.fill((236, 196, 98), (band.x, band.bottom - 2, band.w, 2))
        text = self.tr.gettext(TEXT_ROUND_WAITING)
        font = fit_font(self.ctx.assets, "text_bold", text, band.w - 24, 18, 14)
        draw_text(surface, font, text, band.center, MENU_CREAM, shadow=True)

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
            if exc.name != "scenes.reels.scene":
                raise
            self.stack.push(Toast(self.ctx.assets, self.tr.gettext(TEXT_UNAVAILABLE)))
            return
        self.left_game = True
        self.stack.push(scene)

    def ask_quit(self) -> None:
        if self.stack is None:
            return
        stack = self.stack
        self.ctx.audio.play("common/click")
        tr = self.tr
        stack.push(
            ConfirmDialog(
                self.ctx.assets,
                tr.gettext(TEXT_QUIT_TITLE),
                tr.gettext(TEXT_QUIT_BODY),
                on_yes=stack.request_quit,
                yes=tr.gettext(TEXT_QUIT_YES),
                no=tr.gettext(TEXT_QUIT_NO),
                close_first=tr.gettext(TEXT_CLOSE_FIRST),
            )
        )

    def open_sound(self) -> None:
        """The sound button: the mixer drops down under the icon row (a second click closes it)."""
        if self.stack is None:
            return
        self.ctx.audio.play("common/click")
        # by route: the menus load when first opened
        self.ctx.open(MIXER, self.stack, topright=(ICONS_RIGHT + 2, ICONS_TOP + ICON_SIZE + 8))

    def open_settings(self) -> None:
        if self.stack is None:
            return
        self.ctx.audio.play("common/click")
        self.ctx.open(SETTINGS, self.stack)

    def open_history(self) -> None:
        """Every game's rounds (the lobby belongs to no one game)."""
        if self.stack is None:
            return
        self.ctx.audio.play("common/click")
        self.ctx.open(HISTORY, self.stack, None)  # the viewer pulls in the paytable frame: load on use

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
            if hit is not None:
                self.ring.index = hit
            else:
                icon = next((i for i, b in enumerate(self.icon_buttons) if b.hover), None)
                if icon is not None:
                    self.ring.index = len(self.tiles) + icon
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
        if act in (Act.LEFT, Act.RIGHT, Act.UP, Act.DOWN, Act.NEXT, Act.PREV):
            self._move_focus(act)
            return True
        if act in (Act.CONFIRM, Act.SPIN):
            if self.on_icons and act is Act.CONFIRM:
                self.ring.handle(intent)  # the focused icon
            elif self.tiles:
                self.open_game(self.tiles[self.focus].game_id)
            return True
        if act in GAME_ACTS:
            show_toast(self.stack, self.ctx.assets, self.tr.gettext(TEXT_OPEN_GAME_FIRST))
            return True
        if act is Act.BACK:
            self.ask_quit()
            return True
        return False

    def _move_focus(self, act: Act) -> None:
        """←/→ along the focused row, ↑ to the icons, ↓ to the tiles, Tab through everything."""
        tiles, icons = len(self.tiles), len(self.icon_buttons)
        ring = self.ring
        if act in (Act.NEXT, Act.PREV):
            ring.handle(Intent(act))
        elif act is Act.UP and not self.on_icons:
            ring.index = tiles + self.icon_buttons.index(self.settings_button)  # the spanner
        elif act is Act.DOWN and self.on_icons and tiles:
            ring.index = self.focus
        elif act in (Act.LEFT, Act.RIGHT):
            step = -1 if act is Act.LEFT else 1
            if self.on_icons:
                ring.index = tiles + (ring.index - tiles + step) % icons
            elif tiles:
                ring.index = (self.focus + step) % tiles
        if not self.on_icons:
            self.focus = ring.index
        self.ctx.audio.play("common/click", volume=0.5)

    def _tile_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        for i, tile in enumerate(self.tiles):
            if tile.rect.collidepoint(pos):
                return i
        return None

    # animation -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.t == 0.0:
            self._warm()
        v = self.ctx.verification
        media = v.media_notice() if v is not None else None
        if media is not None:  # the released media checked after the first frame
            self._tell([media])
        self.t += dt
        if self.tr.generation != self._generation:
            self._relabel()
        self.fade.update(dt)
        k = min(1.0, dt * HOVER_RATE)
        for i, tile in enumerate(self.tiles):
            focused = i == self.focus and not self.on_icons
            tile.hot += ((1.0 if focused else 0.0) - tile.hot) * k
            tile.play.focused = focused
        for i, b in enumerate(self.icon_buttons):
            b.focused = self.on_icons and self.ring.index == len(self.tiles) + i
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
            self._glow_alpha = int(255 * hot * pulse)
            phase = (self.t - 1.0) % GLINT_EVERY_S
            reduced = self.ctx.settings.reduced_motion
            self.glint_step = int(phase / GLINT_S * GLINT_STEPS) if phase < GLINT_S and not reduced else -1

    # drawing ---------------------------------------------------------------------------------------
    def draw(self, surface: Canvas) -> None:
        a = self.ctx.assets
        resting = tuple(
            i for i, t in enumerate(self.tiles) if i != self.focus and round(LIFT_PX * t.hot) == 0
        )
        layer = self._rest_layer(resting)
        if layer is None:  # being made between frames: the tiles one by one meanwhile
            surface.blit(self.static, (0, 0))
            resting = ()
        else:
            surface.blit(layer, (0, 0))
        self._draw_balance(surface)
        for i, tile in enumerate(self.tiles):
            if i not in resting:
                self._draw_tile(surface, tile, i == self.focus)
        if self.waiting is not None:
            self._draw_waiting(surface)
        for b in self.buttons:
            b.draw(surface, a)
        focused = self.ring.focused
        if focused is not None:
            draw_focus_ring(surface, a, focused.area, radius=16 if not self.on_icons else 24)
        self.fade.draw(surface)

    def _rest_layer(self, resting: tuple[int, ...]) -> Canvas | None:
        """The static layer with the tiles in `resting` drawn on it (unfocused, not lifted), so a
        frame blits one opaque layer instead of a layer and a tile each. When the focus moves the
        layer for the new set is made between frames (the asset store's idle queue), and until
        it is ready (None) the frame draws the tiles itself, as it costs a frame no more."""
        key = (self.static, resting, self.tr.generation)
        if self._rest is not None and self._rest[0] == key:
            return self._rest[1]
        if self._rest_wanted != key:
            self._rest_wanted = key
            self.ctx.assets.defer(lambda: self._make_rest_layer(key))
        return None

    def _make_rest_layer(self, key: tuple) -> None:
        if key != self._rest_wanted or (self._rest is not None and self._rest[0] == key):
            return  # the focus has moved on (or it is made already)
        static, resting, _ = key
        layer = static.copy()
        for i in resting:
            self._draw_tile(layer, self.tiles[i], False)
        self._rest = (key, layer)

    def _draw_balance(self, surface: Canvas) -> None:
        a = self.ctx.assets
        box = pygame.Rect(24, 22, 256, 72)
        draw_panel(surface, a, box, alpha=225)
        title = self.tr.gettext(TEXT_BALANCE)
        head = draw_text(
            surface,
            a.font("text_bold", 13),
            title,
            (box.centerx, box.top + 10),
            MENU_GOLD,
            anchor="midtop",
            shadow=False,
        )
        amount = self.balance_text()
        font = fit_font(a, "display", amount, box.w - 24, 26)
        # under the title whatever the text size: centred in the room left below it
        draw_text(surface, font, amount, (box.centerx, (head.bottom + box.bottom - 4) // 2), MENU_CREAM)

    def _draw_tile(self, surface: Canvas, tile: _Tile, focused: bool) -> None:
        a = self.ctx.assets
        d = self.ctx.games[tile.game_id].definition
        r = tile.rect.move(0, -round(LIFT_PX * tile.hot))
        if focused and tile.hot > 0.02:
            surface.blit(self.glow, (r.x - GLOW_PAD, r.y - GLOW_PAD))
        rel = self.tile_art[tile.game_id]
        if focused and self.glint_step >= 0:
            step = self.glint_step
            art = self._glint(rel, step)
        else:
            art = a.image(rel)
        surface.blit(art, r)
        cap = self.caption_rect(tile)
        name = self.tr.gettext(d.name)
        font = fit_font(a, "display", name, cap.w - 24, 23)
        draw_text(surface, font, name, (cap.centerx, cap.top + 20), MENU_GOLD if focused else MENU_CREAM)


def _tri(x: float) -> float:
    """A smooth 0..1..0 wave with period 1 (cheap stand-in for a sine)."""
    f = x % 1.0
    t = 2.0 * f if f < 0.5 else 2.0 - 2.0 * f
    return t * t * (3.0 - 2.0 * t)
