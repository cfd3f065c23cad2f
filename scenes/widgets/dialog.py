"""Dialogs and toasts: small overlay scenes pushed on the stack.

- `ConfirmDialog`: modal question with two buttons (Esc = no; ←/→ or Tab move the focus ring
  between them, Enter presses the focused one, yes at first).
- `MessageDialog`: modal notice with one OK button (for things the player must read, such as a
  damaged settings file having been set aside).

A key that asks for something else (open a screen, spin, change the bet) is answered with a
toast saying to close the dialog first (`scenes.widgets.feedback`).
- `Toast`: a non-modal, non-opaque message that fades out by itself; input and updates pass
  through to the scene below.

They dim what is under them (modal ones) and draw on the shared `ui/panel` art.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.intents import COMMAND_ACTS, Act, Intent
from scenes.core.stack import Scene
from scenes.core.text import draw_text, wrap_text
from scenes.widgets.button import Button
from scenes.widgets.focus import FocusItem, FocusRing, draw_focus_ring
from scenes.widgets.panel import draw_panel

SCREEN = pygame.Rect(0, 0, 1280, 720)
TITLE_COLOR = (245, 214, 140)
BODY_COLOR = (236, 230, 218)
DIM_ALPHA = 175

TEXT_OK = "OK"
TEXT_YES = "Yes"
TEXT_NO = "No"
TEXT_CLOSE_FIRST = "Close this screen first (Esc)"


def dim_layer(assets, alpha: int) -> Canvas:
    """A full-screen dark veil of `alpha` over the scenes below a menu (cached per density)."""

    def build() -> Canvas:
        surf = assets.canvas(SCREEN.size)
        surf.fill((6, 4, 10, alpha))
        return surf

    return assets.derived(("dim", alpha), build)


class _Dialog(Scene):
    opaque = False
    modal = True

    def __init__(self, assets, title: str, body: str, width: int = 560) -> None:
        super().__init__()
        self.assets = assets
        self.title = title
        self.body = body
        self.buttons: list[Button] = []
        self.ring = FocusRing()
        self.t = 0.0
        body_font = assets.font("text", 22)
        self._lines = wrap_text(body_font, body, width - 80) if body else []
        height = 100 + 30 * len(self._lines) + 100
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = SCREEN.center
        # what a key meant for another screen is told (the opener sets it in its language)
        self.close_first = TEXT_CLOSE_FIRST
        self.rebuild()

    def rebuild(self) -> None:
        a = self.assets
        # the panel art is translucent; a solid backing keeps text readable over busy scenes
        self._backing = a.canvas(self.rect.inflate(-8, -8).size)
        draw.rect(self._backing, (14, 8, 24, 235), self._backing.get_rect(), border_radius=18)

    def _button_row(self, specs: list[tuple[str, Callable[[], None]]]) -> None:
        w, h, gap = 150, 50, 24
        total = len(specs) * w + (len(specs) - 1) * gap
        x = self.rect.centerx - total // 2
        y = self.rect.bottom - h - 26
        for label, fn in specs:
            button = Button(pygame.Rect(x, y, w, h), label=label, on_click=fn)
            button.fit_label(self.assets)
            self.buttons.append(button)
            self.ring.items.append(FocusItem(button.rect, button.click))
            x += w + gap
        self.ring.index = len(self.buttons) - 1  # the last button (yes / OK) is the default

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def handle(self, intent: Intent) -> bool:
        if intent.act is Act.POINTER_MOVE:
            self.ring.pointer(intent.pos)
        for b in self.buttons:
            b.handle(intent)
        if self.ring.handle(intent):
            return True
        if intent.act in COMMAND_ACTS:
            show_toast(self.stack, self.assets, self.close_first)
        return True  # a modal dialog swallows everything

    def update(self, dt: float) -> None:
        self.t += dt
        for b in self.buttons:
            b.update(dt)

    def draw(self, surface: Canvas) -> None:
        surface.blit(dim_layer(self.assets, DIM_ALPHA), (0, 0))
        surface.blit(self._backing, self.rect.inflate(-8, -8))
        draw_panel(surface, self.assets, self.rect, alpha=255)
        a = self.assets
        draw_text(
            surface, a.font("display", 32), self.title, (self.rect.centerx, self.rect.top + 52), TITLE_COLOR
        )
        font = a.font("text", 22)
        y = self.rect.top + 96
        for line in self._lines:
            draw_text(surface, font, line, (self.rect.centerx, y), BODY_COLOR, anchor="midtop")
            y += 30
        for b in self.buttons:
            b.draw(surface, a)
        focused = self.ring.focused
        if focused is not None:
            draw_focus_ring(surface, a, focused.area)


class ConfirmDialog(_Dialog):
    """Ask a yes/no question; `on_yes` runs after the dialog has closed."""

    def __init__(
        self,
        assets,
        title: str,
        body: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
        yes: str = TEXT_YES,
        no: str = TEXT_NO,
        close_first: str = TEXT_CLOSE_FIRST,
    ) -> None:
        super().__init__(assets, title, body)
        self.close_first = close_first
        self.on_yes = on_yes
        self.on_no = on_no
        self._button_row([(no, self._no), (yes, self._yes)])

    def _yes(self) -> None:
        self.close()
        if self.stack is not None:
            self.stack.queue(self.on_yes)
        else:
            self.on_yes()

    def _no(self) -> None:
        self.close()
        if self.on_no is not None:
            self.on_no()

    def handle(self, intent: Intent) -> bool:
        if intent.act is Act.BACK:
            self._no()
            return True
        if intent.act is Act.QUIT:
            return False  # let the app close the window
        return super().handle(intent)


class MessageDialog(_Dialog):
    """A notice with one OK button (Enter, Esc or Space close it)."""

    def __init__(
        self, assets, title: str, body: str, ok: str = TEXT_OK, close_first: str = TEXT_CLOSE_FIRST
    ) -> None:
        super().__init__(assets, title, body, width=640)
        self.close_first = close_first
        self._button_row([(ok, self.close)])

    def handle(self, intent: Intent) -> bool:
        if intent.act in (Act.BACK, Act.CONFIRM, Act.SPIN):
            self.close()
            return True
        if intent.act in (Act.MUTE,):
            return False
        if intent.act is Act.QUIT:
            return False
        return super().handle(intent)


class Toast(Scene):
    """A short message near the top of the screen that fades out; never blocks input."""

    opaque = False
    modal = False
    transient = True  # a scene closing itself under a toast closes; the toast stays
    FADE_S = 0.35

    def __init__(self, assets, text: str, seconds: float = 3.0) -> None:
        super().__init__()
        self.assets = assets
        self.text = text
        self.seconds = seconds
        self.t = 0.0
        self.owner: Scene | None = None  # placed for this scene: closes when it leaves
        font = assets.font("text_bold", 22)
        w = min(1100, font.size(text)[0] + 64)
        self.rect = pygame.Rect(0, 0, w, 56)
        self.rect.midtop = (SCREEN.centerx, 24)

    @property
    def alpha(self) -> int:
        t, s, f = self.t, self.seconds, self.FADE_S
        k = min(1.0, t / f, max(0.0, (s - t) / f))
        return int(255 * max(0.0, k))

    def update(self, dt: float) -> None:
        self.t += dt
        if self.stack is None:
            return
        if self.t >= self.seconds or (self.owner is not None and self.owner not in self.stack.scenes):
            self.stack.remove(self)

    def draw(self, surface: Canvas) -> None:
        # quantise alpha to keep the cache of faded panels small
        a = max(0, min(240, self.alpha // 16 * 16))
        if a <= 0:
            return
        draw_panel(surface, self.assets, self.rect, alpha=a)
        draw_text(surface, self.assets.font("text_bold", 22), self.text, self.rect.center, (255, 244, 220, a))


def show_toast(
    stack, assets, text: str, *, midtop: tuple[int, int] | None = None, seconds: float = 2.6
) -> Toast | None:
    """Show `text` in a toast on `stack` (None when there is no stack). The same text already
    showing starts again (a key pressed ten times is one toast, not ten); an older toast gives way
    to the new one, so toasts never pile up. `midtop` places it (default: near the screen's top)."""
    if stack is None:
        return None
    for scene in stack.scenes:
        if isinstance(scene, Toast):
            if scene.text == text and scene.stack is not None:
                scene.t = min(scene.t, Toast.FADE_S)  # the same words: shown again from the start
                scene.seconds = max(scene.seconds, seconds)
                return scene
            stack.remove(scene)
    toast = Toast(assets, text, seconds=seconds)
    if midtop is not None:  # placed for the scene on top: its toast leaves with it
        toast.rect.midtop = midtop
        # the top scene that is not a toast (a toast given way to above may still be on the stack
        # while the stack is handling an intent: its removal is deferred)
        toast.owner = next((s for s in reversed(stack.scenes) if not isinstance(s, Toast)), None)
    stack.push(toast)
    return toast
