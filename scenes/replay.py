"""Replay of a recorded round on the reels, exactly as it happened (CERTIFICATION G1).

`ReplayScene(ctx, round_record)` first checks the round (`check_replay`): it must be finished,
its game installed and its data unchanged (the stored `game_sha256` equals the loaded file's),
and re-running `play_round(definition, bet, seed, choices)` from the stored seed and choices must
give exactly the stored events. If any check fails the scene says why in plain words and shows
nothing else: an old round must never be re-animated with different data or a different outcome.

Then it animates those events with the reels engineer's `ReelView` (the reels land on the stored
stops) and `WinPresenter` (lines and winning cells), shows the stone picks on a panel over the
reels, the free-spins features (wild reels, wild symbols, the free-spins backdrop), the cap and the
total. A "REPLAY" banner stays on screen; no money moves and nothing is written. SPIN / Enter
slam-stops the reels or skips a pause; Esc ends the replay.
"""

from __future__ import annotations

import logging
import math
from collections import deque

import pygame

from game.definitions import LoadedGame
from game.events import FreeSpinsEndEvent, RoundEndEvent, SpinEvent, WinCapEvent, events_to_json
from game.games.stones.events import (
    FreeSpinsStartEvent,
    FreeSpinsTriggerEvent,
    PickRevealEvent,
    PicksDoneEvent,
    StoneReveal,
)
from game.games.stones.model import StonesFeature
from game.round import play_round
from scenes.i18n import translator
from scenes.intents import Act, Intent
from scenes.paytable import CREAM, GOLD, INK, SOFT, backdrop
from scenes.reel_view import NORMAL, QUICK, WINDOW, ReelView, SymbolArt
from scenes.stack import Scene
from scenes.text import draw_text, render_text
from scenes.widgets import Button, draw_panel
from scenes.win_presenter import ALL_TIME, WinPresenter

log = logging.getLogger(__name__)

# Player-facing strings (one place, for the translation layer).
T_REPLAY = "REPLAY"
T_ROUND = "Round {id} · {time}"
T_BET = "BET"
T_WIN = "WIN"
T_HINT = "SPIN skips · Esc ends the replay"
T_FREE_SPINS = "FREE SPINS"
T_FREE_COUNT = "Free spin {index} of {total}  x{mult}"
T_TRIGGER = "{count} SCATTERS: FREE SPINS!"
T_PICKS = "THE STONES PICKED"
T_FS_WIN = "FREE SPINS WIN: {coins:,} coins"
T_CAP = "Maximum win reached"
T_DONE = "REPLAY COMPLETE · TOTAL WIN {money}"
T_CANNOT = "This round cannot be replayed"
T_NOT_FINISHED = "The round is not finished yet, so there is nothing to replay."
T_NO_GAME = "The game of this round is not installed."
T_CHANGED = (
    "The game data changed since this round was played, so it cannot be replayed exactly. "
    "Its record in the history is unchanged."
)
T_DIFFERENT = (
    "Playing this round again does not give the recorded outcome, so it is not shown. "
    "Its record in the history is unchanged."
)
T_CLOSE = "Back"

BAND = pygame.Rect(0, 560, 1280, 160)
PICK_PANEL = pygame.Rect(300, 90, 680, 420)
STONE = 84


def check_replay(loaded: LoadedGame | None, record) -> tuple[list | None, str | None]:
    """The events to animate, or (None, the reason in plain words) if the round can't be replayed.

    The checks that make a replay trustworthy: the round is closed with stored events; the data
    file is the one it was played with (SHA-256); the engine, fed the stored seed and choices,
    reproduces the stored events exactly.
    """
    if record.status != "closed" or not record.events:
        return None, T_NOT_FINISHED
    if loaded is None:
        return None, T_NO_GAME
    if record.game_sha256 != loaded.sha256:
        return None, T_CHANGED
    try:
        result = play_round(loaded.definition, record.bet, record.seed, list(record.choices))
    except ValueError as exc:
        log.warning("replay of round %s failed: %s", record.round_id, exc)
        return None, T_DIFFERENT
    if not result.finished or events_to_json(result.events) != record.events:
        log.warning("replay of round %s gives different events", record.round_id)
        return None, T_DIFFERENT
    return list(result.events), None


class ReplayScene(Scene):
    opaque = True
    modal = True

    def __init__(self, ctx, record) -> None:
        super().__init__()
        self.ctx = ctx
        self.assets = ctx.assets
        self.tr = translator(ctx)
        self.record = record
        self.game_id = record.game_id
        self.loaded = ctx.games.get(record.game_id)
        self.events, self.error = check_replay(self.loaded, record)
        self.close_btn = Button(pygame.Rect(565, 470, 150, 52), label=self.tr.t(T_CLOSE), on_click=self.close)
        self.t = 0.0
        self.queue: deque = deque(self.events or [])
        self.played: list = []  # events already shown (what the test compares)
        self.wait = 0.0
        self.phase = "idle"  # idle | spinning | presenting | pause | done
        self.message = ""
        self.banner = ""
        self.win_coins = 0
        self.free: FreeSpinsStartEvent | None = None
        self.current_spin: SpinEvent | None = None
        self.picks: list[tuple[int, StoneReveal]] = []
        self.unpicked: list[tuple[int, StoneReveal]] = []
        self.show_picks = False
        self.timing = QUICK if ctx.turbo else NORMAL
        self.scale = 0.6 if ctx.turbo else 1.0
        if self.error is None:
            defn = self.loaded.definition
            self.view = ReelView(defn, self._symbol_art())
            font = self.assets.font("text_bold", 13)
            badge = self.assets.image("ui/line_badge") if self.assets.has_image("ui/line_badge") else None
            self.presenter = WinPresenter(defn, self.view, font, badge)

    # -- set-up ----------------------------------------------------------------------------------
    def _symbol_art(self) -> SymbolArt:
        a = self.assets
        defn = self.loaded.definition
        images = {s: a.image(f"{self.game_id}/symbols/{s}") for s in defn.symbol_ids}
        cover = None
        feature = defn.feature
        if (
            isinstance(feature, StonesFeature)
            and any(s.kind == "wild_reel" for s in feature.stones)
            and a.has_image(f"{self.game_id}/wild_reel")
        ):
            cover = a.image(f"{self.game_id}/wild_reel")
        art = SymbolArt(images, wild_cover=cover, wild_tag=self._wild_tag())
        art.convert()
        return art

    def _wild_tag(self) -> pygame.Surface:
        text = render_text(self.assets.font("display", 18), "WILD", (50, 24, 0))
        plate = pygame.Surface((text.get_width() + 18, text.get_height() + 4), pygame.SRCALPHA)
        pygame.draw.rect(plate, (255, 214, 90), plate.get_rect(), border_radius=8)
        plate.blit(text, text.get_rect(center=plate.get_rect().center))
        return plate

    # -- flow ------------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.phase == "done"

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def _next(self) -> None:
        """Start showing the next event (several quick ones may pass in one call)."""
        while self.queue:
            ev = self.queue.popleft()
            self.played.append(ev)
            tr = self.tr
            if isinstance(ev, SpinEvent):
                self.presenter.clear()
                self.show_picks = False
                self.current_spin = ev
                if ev.mode == "free":
                    self.message = tr.t(
                        T_FREE_COUNT, index=ev.spin_index or 0, total=ev.spins_total or 0, mult=ev.multiplier
                    )
                self.view.spin(ev, self.timing)
                self.phase = "spinning"
                return
            if isinstance(ev, FreeSpinsTriggerEvent):
                self.banner = tr.t(T_TRIGGER, count=ev.count)
                self._pause(1.6)
                return
            if isinstance(ev, PickRevealEvent):
                self.presenter.clear()
                self.show_picks = True
                self.picks.append((ev.index, ev.feature))
                self.banner = ""
                self._pause(0.9)
                return
            if isinstance(ev, PicksDoneEvent):
                self.unpicked = list(ev.unpicked)
                self._pause(1.8)
                return
            if isinstance(ev, FreeSpinsStartEvent):
                self.free = ev
                self.show_picks = False
                self.view.set_cover(ev.wild_reels)
                self.view.set_wild_symbols(ev.wild_symbols)
                self.banner = tr.t(T_FREE_SPINS)
                self._pause(1.4)
                return
            if isinstance(ev, FreeSpinsEndEvent):
                self.banner = tr.t(T_FS_WIN, coins=ev.win_coins)
                self._pause(1.8)
                return
            if isinstance(ev, WinCapEvent):
                self.banner = tr.t(T_CAP)
                self.message = ev.reason
                self._pause(2.2)
                return
            if isinstance(ev, RoundEndEvent):
                self.win_coins = ev.total_win_coins
                self.banner = tr.t(
                    T_DONE, money=self._money(ev.total_win_coins * self.record.bet.coin_value_cents)
                )
                self.phase = "done"
                return
            # pick requests carry nothing to show: the reveal that answers them follows

    def _pause(self, seconds: float) -> None:
        self.phase = "pause"
        self.wait = seconds * self.scale

    def _money(self, cents: int) -> str:
        return self.tr.format_money(cents, self.ctx.settings.display_currency)

    def on_enter(self) -> None:
        if self.error is None:
            self._next()

    def skip(self) -> None:
        """SPIN: slam the reels or cut the current pause short."""
        if self.phase == "spinning":
            self.view.slam()
        elif self.phase in ("pause", "presenting"):
            self.wait = 0.0

    # -- input / time ----------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.QUIT:
            return False
        if self.error is not None and self.close_btn.handle(intent):
            return True
        if act is Act.BACK:
            self.close()
        elif act in (Act.SPIN, Act.CONFIRM):
            if self.error is not None:
                self.close()
            else:
                self.skip()
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        if self.error is not None:
            self.close_btn.update(dt)
            return
        signals = self.view.update(dt)
        self.presenter.update(dt)
        if self.phase == "spinning" and any(s.kind == "done" for s in signals):
            spin = self.current_spin
            assert spin is not None
            if spin.wins:
                self.win_coins += spin.win_coins
                self.presenter.present(spin, self.scale)
                self.phase = "presenting"
                self.wait = (ALL_TIME + 0.4) * self.scale
            else:
                self._pause(0.45)
        elif self.phase in ("pause", "presenting"):
            self.wait -= dt
            if self.wait <= 0:
                if self.phase == "pause" and not self.show_picks:
                    self.banner = ""  # a banner lasts its pause; over the picks the panel is the show
                self._next()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        a = self.assets
        if self.error is not None:
            self._draw_error(surface)
            return
        free_bg = f"{self.game_id}/background_free"
        name = free_bg if self.free is not None and a.has_image(free_bg) else f"{self.game_id}/background"
        surface.blit(a.image(name), (0, 0))
        frame = f"{self.game_id}/frame"
        if a.has_image(frame):
            surface.blit(a.image(frame), (0, 0))
        self.view.draw(surface, self.t, self.presenter.emphasis, self.presenter.pulse)
        self.presenter.draw_lines(surface)
        self.presenter.draw_markers(surface, self.record.bet.lines)
        if self.show_picks:
            self._draw_picks(surface)
        self._draw_band(surface)
        self._draw_banner(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        a = self.assets
        # the REPLAY mark: always there, gently pulsing, so nobody mistakes this for play
        glow = 0.5 + 0.5 * math.sin(self.t * 3.0)
        colour = (255, int(170 + 60 * glow), 90)
        plate = pygame.Rect(24, 586, 200, 56)  # in the band: the reels and line markers stay clear
        pygame.draw.rect(surface, (40, 10, 10), plate, border_radius=12)
        pygame.draw.rect(surface, colour, plate, width=3, border_radius=12)
        draw_text(
            surface,
            a.font("display", 34),
            self.tr.t(T_REPLAY),
            plate.center,
            colour,
            outline=2,
            outline_color=INK,
        )
        if self.banner:
            font = a.font("display", 40)
            text = render_text(font, self.banner, GOLD, outline=2, outline_color=INK)
            box = text.get_rect(center=(640, 300 if not self.show_picks else 60)).inflate(60, 24)
            draw_panel(surface, a, box, alpha=235)
            surface.blit(text, text.get_rect(center=box.center))

    def _draw_band(self, surface: pygame.Surface) -> None:
        a, tr, rec = self.assets, self.tr, self.record
        if a.has_image("ui/hud_bar"):
            surface.blit(a.image("ui/hud_bar"), BAND.topleft)
        else:
            pygame.draw.rect(surface, (20, 14, 12), BAND)
        from scenes.history import local_time

        draw_text(
            surface,
            a.font("text_bold", 20),
            tr.t(T_ROUND, id=rec.round_id, time=local_time(rec.started_at)),
            (246, 600),
            CREAM,
            anchor="midleft",
        )
        draw_text(surface, a.font("text", 16), tr.t(T_HINT), (246, 630), SOFT, anchor="midleft", shadow=False)
        for title, value, x in (
            (T_BET, rec.bet_cents, 760),
            (T_WIN, self.win_coins * rec.bet.coin_value_cents, 1040),
        ):
            box = pygame.Rect(x, 588, 220, 100)
            draw_panel(surface, a, box, alpha=220)
            draw_text(
                surface, a.font("text_bold", 15), tr.t(title), (box.centerx, box.top + 20), SOFT, shadow=False
            )
            draw_text(surface, a.font("display", 30), self._money(value), (box.centerx, box.top + 60), GOLD)
        msg = self.presenter.message or self.message
        if msg:
            draw_text(surface, a.font("text_bold", 22), msg, (246, 672), CREAM, anchor="midleft")

    def _draw_picks(self, surface: pygame.Surface) -> None:
        a = self.assets
        shade = pygame.Surface(WINDOW.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, WINDOW.topleft)
        draw_panel(surface, a, PICK_PANEL, alpha=240)
        draw_text(
            surface,
            a.font("display", 26),
            self.tr.t(T_PICKS),
            (PICK_PANEL.centerx, PICK_PANEL.top + 34),
            GOLD,
        )
        shown = {i: f for i, f in self.picks}
        grey = {i: f for i, f in self.unpicked}
        pitch_x, pitch_y = 120, 88
        x0 = PICK_PANEL.centerx - 2 * pitch_x
        for i in range(20):
            cx, cy = x0 + (i % 5) * pitch_x, PICK_PANEL.top + 110 + (i // 5) * pitch_y
            if i in shown:
                img = a.scaled(f"{self.game_id}/tablet/{shown[i].key}", (STONE, STONE))
                pygame.draw.circle(surface, (255, 220, 120), (cx, cy), STONE // 2 + 6)
            elif i in grey:
                img = a.tinted(
                    f"{self.game_id}/tablet/{grey[i].key}", (110, 110, 110, 190), (STONE - 10, STONE - 10)
                )
            else:
                img = a.scaled(f"{self.game_id}/tablet/closed", (STONE - 6, STONE - 6))
            surface.blit(img, img.get_rect(center=(cx, cy)))

    def _draw_error(self, surface: pygame.Surface) -> None:
        a = self.assets
        surface.blit(backdrop(a, self.game_id if self.loaded is not None else None), (0, 0))
        box = pygame.Rect(0, 0, 760, 340)
        box.center = (640, 360)
        draw_panel(surface, a, box, alpha=245)
        draw_text(surface, a.font("display", 30), self.tr.t(T_CANNOT), (box.centerx, box.top + 50), GOLD)
        from scenes.text import wrap_text

        font = a.font("text", 21)
        y = box.top + 100
        for line in wrap_text(font, self.tr.t(self.error or ""), box.w - 80):
            draw_text(surface, font, line, (box.centerx, y), CREAM, anchor="midtop", shadow=False)
            y += 30
        self.close_btn.draw(surface, a)
