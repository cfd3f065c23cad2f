"""The autoplay dialog (A / the AUTO button): number of rounds, advanced stop settings, START.

A modal overlay over the reels. The player picks 10, 25, 50, 100, 250, 500 or 1000 rounds and,
under "Advanced settings", the stop conditions of the rules text: on any win; if Free Spins is
won; if a single win exceeds (or equals) an amount; if cash increases by an amount; if cash
decreases by an amount (each amount a currency stepper, only active while its switch is on).
START hands an `AutoplayConfig` to the caller's `on_start` and closes.

Nothing is saved: the reels scene keeps the last config in memory for the session only, so the
settings return to their defaults whenever the game is reloaded (as the rules promise). While
autoplay runs, the same dialog applies changes (`running=True` labels the button APPLY); the
controller holds them until the current round is complete (`AutoplayController.change_config`).

The keyboard reaches everything (the focus ring, `scenes.widgets.focus`): ↑/↓ or Tab move
between the rounds, "Advanced settings", each stop condition, START (and STOP) and the close
button; ←/→ change the rounds, or the focused condition's amount (→ on / ← off on a switch);
Enter presses the focused control (START at first, and on the rounds row). Esc, A or a click
outside the panel closes without starting.

Entry point: `open_autoplay(ctx, stack, game_id, config, on_start, running=False)`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from game.autoplay import ROUND_CHOICES, AutoplayConfig, RoundsChoice
from scenes.core.canvas import Canvas, draw
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import CREAM, GOLD, INK, SOFT
from scenes.widgets import Button, Selector, draw_panel
from scenes.widgets.dialog import TEXT_CLOSE_FIRST, dim_layer
from scenes.widgets.feedback import refuse_command
from scenes.widgets.focus import FocusItem, FocusRing, draw_focus_ring
from scenes.widgets.toggle import Toggle

# Player-facing strings (one place, for the translation layer).
T_TITLE = "AUTOPLAY"
T_ROUNDS = "NUMBER OF ROUNDS"
T_ADVANCED = "Advanced settings"
T_ADVANCED_OPEN = "Hide advanced settings"
T_STOP = "STOP AUTOPLAY"
T_ANY_WIN = "On any win"
T_FREE_SPINS = "If Free Spins is won"
T_SINGLE_WIN = "If single win exceeds"
T_CASH_UP = "If cash increases by"
T_CASH_DOWN = "If cash decreases by"
T_AMOUNT = "AMOUNT"
T_START = "START"
T_APPLY = "APPLY"
T_NOTE = "Autoplay settings return to their defaults when the game is reloaded."
T_PICK_NOTE = "When Free Spins are won, autoplay waits for your picks; press CONTINUE to go on."
T_TIP_CLOSE = "Close (Esc)"
# Amounts offered by the steppers, in cents (a ladder the player can step through quickly).
AMOUNTS_CENTS: tuple[int, ...] = (
    100,
    200,
    500,
    1_000,
    2_000,
    5_000,
    10_000,
    20_000,
    50_000,
    100_000,
    250_000,
    500_000,
    1_000_000,
)
DEFAULT_AMOUNT_CENTS = 5_000

PANEL = pygame.Rect(250, 24, 780, 672)
PANEL_SHORT = pygame.Rect(250, 175, 780, 370)  # no empty band: START right under the options
ROWS_TOP = 250  # px below the panel's top: the first advanced option
ROW_PITCH = 58
BUTTONS_UP = 104  # px from the panel's bottom to the top of START / STOP
NOTE_UP = 22  # px from the panel's bottom to the footnote's baseline: inside the border
SCREEN = pygame.Rect(0, 0, 1280, 720)

AMOUNT_FIELDS = ("single_win_exceeds_cents", "cash_increases_by_cents", "cash_decreases_by_cents")


def _nearest_step(cents: int) -> int:
    return min(range(len(AMOUNTS_CENTS)), key=lambda i: abs(AMOUNTS_CENTS[i] - cents))


class AutoplayScene(Scene):
    opaque = False
    modal = True

    def __init__(
        self,
        ctx,
        game_id: str,
        config: AutoplayConfig | None,
        on_start: Callable[[AutoplayConfig], None],
        *,
        running: bool = False,
        on_stop: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.assets = ctx.assets
        self.tr = ctx.i18n
        self.game_id = game_id
        self.on_start = on_start
        self.on_stop = on_stop
        self.running = running
        cfg = config or AutoplayConfig()
        self.rounds = cfg.rounds
        self.any_win = cfg.stop_on_any_win
        self.free_spins = cfg.stop_on_free_spins
        # per amount field: (on, ladder index); an off field keeps the index for when it is on
        self.amounts: dict[str, list] = {}
        for name in AMOUNT_FIELDS:
            value = getattr(cfg, name)
            self.amounts[name] = [value is not None, _nearest_step(value or DEFAULT_AMOUNT_CENTS)]
        # the advanced part starts open when any advanced option is on, so nothing set is hidden
        self.advanced = any(
            [cfg.stop_on_any_win, cfg.stop_on_free_spins, *[on for on, _ in self.amounts.values()]]
        )
        self.t = 0.0
        self.ring = FocusRing()
        self._outside_down = False
        self._build()
        self.ring.focus_key("start")

    # -- widgets ---------------------------------------------------------------------------------
    @property
    def panel(self) -> pygame.Rect:
        return PANEL if self.advanced else PANEL_SHORT

    def _build(self) -> None:
        """(Re)build the widgets for the current layout (open or closed advanced part)."""
        p, tr = self.panel, self.tr
        self.close_btn = Button(
            pygame.Rect(p.right - 64, p.top + 14, 48, 48),
            icon="icon_close",
            style="icon",
            on_click=self.close,
            tooltip=tr.t(T_TIP_CLOSE),
        )
        w, gap = 92, 10
        x = p.centerx - (len(ROUND_CHOICES) * w + (len(ROUND_CHOICES) - 1) * gap) // 2
        self.round_btns: list[Button] = []
        for n in ROUND_CHOICES:
            self.round_btns.append(
                Button(
                    pygame.Rect(x, p.top + 122, w, 52),
                    label=str(n),
                    font_size=24,
                    on_click=functools.partial(self.set_rounds, n),
                )
            )
            x += w + gap
        self.advanced_btn = Button(
            pygame.Rect(p.centerx - 170, p.top + 190, 340, 44),
            label=tr.t(T_ADVANCED_OPEN if self.advanced else T_ADVANCED),
            font_size=19,
            on_click=self.toggle_advanced,
        )
        self.toggles: dict[str, Toggle] = {}
        self.selectors: dict[str, Selector] = {}
        if self.advanced:
            y = p.top + ROWS_TOP
            rows = [("any_win", None), ("free_spins", None), *[(f, f) for f in AMOUNT_FIELDS]]
            for key, field in rows:
                value = (
                    self.any_win
                    if key == "any_win"
                    else self.free_spins
                    if key == "free_spins"
                    else self.amounts[key][0]
                )
                self.toggles[key] = Toggle(
                    pygame.Rect(p.left + 330, y + 8, 76, 38),
                    value=value,
                    on_change=functools.partial(self.set_flag, key),
                )
                if field is not None:
                    sel = Selector(
                        pygame.Rect(p.left + 450, y, 280, 54),
                        title=tr.t(T_AMOUNT),
                        format_value=lambda i: self._money(AMOUNTS_CENTS[i]),
                        on_step=functools.partial(self.step_amount, field),
                    )
                    self.selectors[field] = sel
                y += ROW_PITCH
        label = tr.t(T_APPLY if self.running else T_START)
        bottom = p.bottom - BUTTONS_UP
        if self.running and self.on_stop is not None:
            self.stop_btn: Button | None = Button(
                pygame.Rect(p.centerx - 250, bottom, 230, 58),
                label=tr.t(T_STOP),
                font_size=20,
                on_click=self.stop,
            )
            self.start_btn = Button(
                pygame.Rect(p.centerx + 20, bottom, 230, 58), label=label, font_size=26, on_click=self.start
            )
        else:
            self.stop_btn = None
            self.start_btn = Button(
                pygame.Rect(p.centerx - 120, bottom, 240, 58), label=label, font_size=26, on_click=self.start
            )
        self._sync()
        self.ring.set_items(self._focus_items())

    def _focus_items(self) -> list[FocusItem]:
        """What the keyboard reaches, top to bottom (see the module docstring)."""
        rounds = self.round_btns[0].rect.unionall([b.rect for b in self.round_btns[1:]])
        items = [
            FocusItem(rounds, self.start, step=self._step_rounds, key="rounds"),
            FocusItem(self.advanced_btn.rect, self.advanced_btn.click, key="advanced"),
        ]
        p = self.panel
        for key, toggle in self.toggles.items():
            row = pygame.Rect(p.left + 30, toggle.rect.centery - 26, p.w - 60, 52)
            items.append(
                FocusItem(
                    row,
                    toggle.toggle,
                    step=functools.partial(self._step_row, key, toggle),
                    key=key,
                )
            )
        if self.stop_btn is not None:
            items.append(FocusItem(self.stop_btn.rect, self.stop_btn.click, key="stop"))
        items.append(FocusItem(self.start_btn.rect, self.start_btn.click, key="start"))
        items.append(FocusItem(self.close_btn.rect, self.close_btn.click, key="close"))
        return items

    def _step_rounds(self, d: int) -> None:
        i = ROUND_CHOICES.index(self.rounds) + d
        self.set_rounds(ROUND_CHOICES[max(0, min(len(ROUND_CHOICES) - 1, i))])

    def _step_row(self, key: str, toggle: Toggle, d: int) -> None:
        """←/→ on a stop condition: its amount when it has one and is on; else → on, ← off."""
        if key in self.selectors and toggle.value:
            if d < 0 and self.amounts[key][1] == 0:
                toggle.toggle()  # ← past the smallest amount turns the condition off
            else:
                self.step_amount(key, d)
        elif toggle.value != (d > 0):
            toggle.toggle()

    @property
    def widgets(self) -> list:
        out: list = [
            self.close_btn,
            *self.round_btns,
            self.advanced_btn,
            *self.toggles.values(),
            *self.selectors.values(),
            self.start_btn,
        ]
        if self.stop_btn is not None:
            out.append(self.stop_btn)
        return out

    def _sync(self) -> None:
        """Mirror the choices into the widgets (selected round button, steppers on/off, values)."""
        for n, b in zip(ROUND_CHOICES, self.round_btns, strict=True):
            b.selected = n == self.rounds
        for field, sel in self.selectors.items():
            on, idx = self.amounts[field]
            sel.value = idx
            sel.value_text = self._money(AMOUNTS_CENTS[idx])
            sel.can_decrease = idx > 0
            sel.can_increase = idx < len(AMOUNTS_CENTS) - 1
            sel.enabled = on

    def _money(self, cents: int) -> str:
        return self.tr.format_money(cents, self.ctx.settings.display_currency)

    # -- state changes ---------------------------------------------------------------------------
    def set_rounds(self, n: RoundsChoice) -> None:
        if n in ROUND_CHOICES:
            self.rounds = n
            self._sync()

    def set_flag(self, key: str, value: bool) -> None:
        if key == "any_win":
            self.any_win = value
        elif key == "free_spins":
            self.free_spins = value
        else:
            self.amounts[key][0] = value
        self._sync()

    def step_amount(self, field: str, delta: int) -> None:
        entry = self.amounts[field]
        entry[1] = max(0, min(len(AMOUNTS_CENTS) - 1, entry[1] + delta))
        self._sync()

    def toggle_advanced(self) -> None:
        self.advanced = not self.advanced
        self._build()

    @property
    def config(self) -> AutoplayConfig:
        """The settings as chosen so far."""
        amounts = {f: (AMOUNTS_CENTS[idx] if on else None) for f, (on, idx) in self.amounts.items()}
        return AutoplayConfig(
            rounds=self.rounds, stop_on_any_win=self.any_win, stop_on_free_spins=self.free_spins, **amounts
        )

    def start(self) -> None:
        cfg = self.config
        self.close()
        if self.stack is not None:
            self.stack.queue(lambda: self.on_start(cfg))
        else:
            self.on_start(cfg)

    def stop(self) -> None:
        self.close()
        if self.on_stop is not None:
            self.on_stop()

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    # -- input / time ----------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.QUIT:
            return False
        if act in (Act.POINTER_MOVE, Act.POINTER_DOWN):
            self.ring.pointer(intent.pos)
        for w in self.widgets:
            if w.handle(intent):
                return True
        if self.ring.handle(intent):
            return True
        if act in (Act.BACK, Act.AUTOPLAY):
            self.close()
        elif act is Act.SPIN:
            self.start()
        elif act is Act.POINTER_DOWN:
            self._outside_down = not self.panel.collidepoint(intent.pos or (0, 0))
        elif act is Act.POINTER_UP:
            # a click outside the panel closes it, as the settings menu does
            outside, self._outside_down = self._outside_down, False
            if outside and not self.panel.collidepoint(intent.pos or (0, 0)):
                self.close()
        else:
            refuse_command(self, intent, self.tr.gettext(TEXT_CLOSE_FIRST))
        return True  # modal: the reels below see nothing

    def update(self, dt: float) -> None:
        self.t += dt
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface: Canvas) -> None:
        self.draw_backdrop(surface)
        self.draw_front(surface)

    def draw_backdrop(self, surface: Canvas) -> None:
        surface.blit(dim_layer(self.ctx.assets, 160), (0, 0))
        draw_panel(surface, self.assets, self.panel, alpha=248)

    def draw_front(self, surface: Canvas) -> None:
        a, tr, p = self.assets, self.tr, self.panel
        icon = "ui/icon_autoplay"
        title_y = p.top + 50
        # the icon and the title centred together ("JUEGO AUTOMÁTICO" runs long)
        title = tr.t(T_TITLE)
        font = fit_font(a, "display", title, p.w - 220, 40)
        icon_w = 40 if a.has_image(icon) else 0
        gap = 14 if icon_w else 0
        x0 = p.centerx - (icon_w + gap + font.size(title)[0]) // 2
        if icon_w:
            img = a.tinted(icon, GOLD, (40, 40))
            surface.blit(img, img.get_rect(midleft=(x0, title_y)))
        draw_text(
            surface,
            font,
            title,
            (x0 + icon_w + gap, title_y),
            GOLD,
            anchor="midleft",
            outline=2,
            outline_color=INK,
        )
        draw_text(
            surface, a.font("text_bold", 16), tr.t(T_ROUNDS), (p.centerx, p.top + 104), SOFT, shadow=False
        )
        if self.advanced:
            y = p.top + ROWS_TOP
            font = a.font("text", 21)
            for key in ("any_win", "free_spins", *AMOUNT_FIELDS):
                label = {
                    "any_win": T_ANY_WIN,
                    "free_spins": T_FREE_SPINS,
                    "single_win_exceeds_cents": T_SINGLE_WIN,
                    "cash_increases_by_cents": T_CASH_UP,
                    "cash_decreases_by_cents": T_CASH_DOWN,
                }[key]
                draw_text(
                    surface, font, tr.t(label), (p.left + 48, y + 27), CREAM, anchor="midleft", shadow=False
                )
                y += ROW_PITCH
            note = tr.t(T_PICK_NOTE)
            draw_text(
                surface, fit_font(a, "text", note, p.w - 60, 15), note, (p.centerx, y + 8), SOFT, shadow=False
            )
        note = tr.t(T_NOTE)
        draw_text(
            surface,
            fit_font(a, "text", note, p.w - 60, 15),
            note,
            (p.centerx, p.bottom - NOTE_UP),
            SOFT,
            anchor="midbottom",
            shadow=False,
        )
        for w in self.widgets:
            w.draw(surface, a)
        chosen = self.round_btns[ROUND_CHOICES.index(self.rounds)].rect
        draw.rect(surface, GOLD, chosen.inflate(8, 8), width=3, border_radius=12)
        focused = self.ring.focused
        if focused is not None:
            draw_focus_ring(surface, a, focused.area)


def open_autoplay(
    ctx,
    stack,
    game_id: str,
    config: AutoplayConfig | None,
    on_start: Callable[[AutoplayConfig], None],
    *,
    running: bool = False,
    on_stop: Callable[[], None] | None = None,
) -> AutoplayScene:
    """Push the autoplay dialog; `on_start(config)` runs after it closes with START/APPLY."""
    scene = AutoplayScene(ctx, game_id, config, on_start, running=running, on_stop=on_stop)
    stack.push(scene)
    return scene
