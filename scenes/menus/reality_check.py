"""The reality check: every N minutes of play, a modal reminder of session time and net result.

`RealityCheckTimer(minutes)` is advanced by the one clock (`update(dt) -> bool`, True when a
check is due); `minutes = 0` turns it off, and changing `minutes` keeps the time already counted
since the last check. `session_seconds` counts the whole run.

`RealityCheckScene(ctx, session_seconds, net_cents)` says how long the player has played and the
session's net result (`session_net_cents(ctx)`: the ledger's session balances, last − first, so a
top-up counts as a gain). CONTINUE closes it; STOP returns to the lobby (the `LOBBY` route) or
calls the `on_stop` hook the app passes. ←/→ (or Tab) move the focus ring between them, Enter
presses the focused one (CONTINUE at first), Esc continues.

`RealityCheck.tick(dt)` is the piece the app loop calls: it follows the setting, and when a check
is due it waits for the end of any open round (a reminder never lands on spinning reels or a
pending pick) and for other dialogs to close, then pushes the scene.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from scenes.core.canvas import Canvas
from scenes.core.context import AppContext
from scenes.core.i18n import Translator
from scenes.core.intents import Act, Intent
from scenes.core.routes import LOBBY
from scenes.core.stack import Scene, SceneStack
from scenes.core.text import draw_text
from scenes.core.theme import MENU_CREAM, MENU_GOLD, MUTED_LIGHT
from scenes.widgets.button import Button
from scenes.widgets.dialog import TEXT_CLOSE_FIRST, dim_layer
from scenes.widgets.feedback import refuse_command
from scenes.widgets.focus import draw_focus_ring
from scenes.widgets.panel import draw_solid_panel

log = logging.getLogger(__name__)

T_TITLE = "Reality check"
T_PLAYED = "You have been playing for {duration}."
T_NET = "Net result this session: {amount}"
T_ASK = "Would you like to keep playing?"
T_CONTINUE = "CONTINUE"
T_STOP = "STOP"

SCREEN = pygame.Rect(0, 0, 1280, 720)
GAIN = (150, 230, 140)
LOSS = (255, 150, 120)


class RealityCheckTimer:
    """Counts play time; `update(dt)` returns True each time `minutes` have passed."""

    def __init__(self, minutes: int = 0) -> None:
        self._minutes = 0
        self.since_check = 0.0  # seconds since the last check (or since it was turned on)
        self.session_seconds = 0.0
        self.minutes = minutes

    @property
    def minutes(self) -> int:
        return self._minutes

    @minutes.setter
    def minutes(self, value: int) -> None:
        value = max(0, int(value))
        if value and not self._minutes:
            self.since_check = 0.0  # turned on now: the first check is a full interval away
        self._minutes = value

    @property
    def interval(self) -> float:
        return self._minutes * 60.0

    def update(self, dt: float) -> bool:
        self.session_seconds += dt
        if not self._minutes:
            return False
        self.since_check += dt
        if self.since_check >= self.interval:
            # one check per due time, even after a long stall; the next is a full interval on
            self.since_check = 0.0
            return True
        return False


def session_net_cents(ctx: AppContext) -> int:
    """The session's balance change (last − first of the ledger's session balances)."""
    try:
        points = ctx.ledger.session_balances(ctx.session_id)
    except Exception as exc:  # a reminder must never stop play; show a zero result instead
        log.warning("cannot read session balances: %s", exc)
        return 0
    return int(points[-1][1] - points[0][1]) if points else 0


class RealityCheckScene(Scene):
    opaque = False
    modal = True

    def __init__(
        self, ctx: Any, session_seconds: float, net_cents: int, *, on_stop: Callable[[], None] | None = None
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.tr: Translator = ctx.i18n
        self.session_seconds = session_seconds
        self.net_cents = int(net_cents)
        self.on_stop = on_stop
        self.rect = pygame.Rect(0, 0, 640, 356)
        self.rect.center = SCREEN.center
        w, h, gap = 210, 54, 28
        y = self.rect.bottom - h - 30
        x = self.rect.centerx - w - gap // 2
        self.stop_button = Button(pygame.Rect(x, y, w, h), on_click=self.stop)
        self.continue_button = Button(pygame.Rect(x + w + gap, y, w, h), on_click=self.resume_play)
        self.buttons = [self.stop_button, self.continue_button]
        self.focus = 1  # CONTINUE: Enter on a reminder should never end the session by surprise
        self.t = 0.0

    def resume_play(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def stop(self) -> None:
        stack = self.stack
        if stack is None:
            return
        stack.pop()
        if self.on_stop is not None:
            stack.queue(self.on_stop)
        else:
            stack.queue(lambda: self.ctx.open(LOBBY, stack))

    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.QUIT:
            return False
        for b in self.buttons:
            if b.handle(intent):
                return True
        if act is Act.POINTER_MOVE:
            for i, b in enumerate(self.buttons):
                if b.contains(intent.pos):
                    self.focus = i
        if act in (Act.LEFT, Act.RIGHT, Act.UP, Act.DOWN, Act.NEXT, Act.PREV):
            self.focus = 1 - self.focus
        elif act is Act.CONFIRM:
            self.buttons[self.focus].click()
        elif act is Act.BACK:
            self.resume_play()
        else:
            refuse_command(self, intent, self.tr.gettext(TEXT_CLOSE_FIRST))
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus
            b.update(dt)

    def draw(self, surface: Canvas) -> None:
        a = self.ctx.assets
        tr = self.tr
        self.stop_button.label = tr.gettext(T_STOP)
        self.continue_button.label = tr.gettext(T_CONTINUE)
        surface.blit(dim_layer(a, 170), (0, 0))
        r = self.rect
        draw_solid_panel(surface, a, r)
        draw_text(
            surface,
            a.font("display", 34),
            tr.gettext(T_TITLE),
            (r.centerx, r.top + 50),
            MENU_GOLD,
            outline=1,
            outline_color=(70, 40, 10),
        )
        body = a.font("text", 22)
        played = tr.t(T_PLAYED, duration=tr.format_duration(self.session_seconds))
        draw_text(surface, body, played, (r.centerx, r.top + 112), MENU_CREAM, shadow=False)
        currency = self.ctx.settings.display_currency
        amount = tr.format_money(self.net_cents, currency)
        if self.net_cents > 0:
            amount = "+" + amount
        net_font = a.font("text_bold", 24)
        net = tr.t(T_NET, amount=amount)
        color = GAIN if self.net_cents > 0 else LOSS if self.net_cents < 0 else MENU_CREAM
        draw_text(surface, net_font, net, (r.centerx, r.top + 156), color, shadow=False)
        draw_text(
            surface,
            a.font("text", 19),
            tr.gettext(T_ASK),
            (r.centerx, r.top + 204),
            MUTED_LIGHT,
            shadow=False,
        )
        for b in self.buttons:
            b.draw(surface, a)
        draw_focus_ring(surface, a, self.buttons[self.focus].rect)


class RealityCheck:
    """The app-side driver: follows the setting, and shows the check when it is safe to.

    The app builds one after the context (`RealityCheck(ctx)`) and calls `tick(dt, stack)` once
    per frame after `stack.update(dt)`.
    """

    def __init__(self, ctx: AppContext, *, on_stop: Callable[[], None] | None = None) -> None:
        self.ctx = ctx
        self.timer = RealityCheckTimer(ctx.settings.reality_check_minutes)
        self.on_stop = on_stop
        self.due = False

    def tick(self, dt: float, stack: SceneStack) -> bool:
        """Advance the timer; push the check when due and safe. True when it was pushed."""
        self.timer.minutes = self.ctx.settings.reality_check_minutes
        if self.timer.update(dt):
            self.due = True
        if not self.timer.minutes:
            self.due = False
        if not self.due or not self._safe(stack):
            return False
        self.due = False
        stack.push(
            RealityCheckScene(
                self.ctx, self.timer.session_seconds, session_net_cents(self.ctx), on_stop=self.on_stop
            )
        )
        return True

    def _safe(self, stack: SceneStack) -> bool:
        top = stack.top
        if top is None or (top.modal and not top.opaque):
            return False  # a dialog or overlay is up (the settings menu, a pick, another check)
        try:
            return self.ctx.ledger.open_round() is None
        except Exception as exc:
            log.warning("cannot check for an open round: %s", exc)
            return False
