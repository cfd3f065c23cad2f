"""The paytable viewer (P) and the mini paytable of one symbol; the shared paged-viewer frame.

`PaytableScene(ctx, game_id, bet)` lays out the pages of `scenes.viewers.paytable_pages.build_pages`,
which are generated from the very definition the engine plays (CERTIFICATION P4) at the current
bet: symbols with their art and pays, wild and scatter, the pages of the game's own feature (laid
out by its presentation, `scenes.presentation`: e.g. its picks and free-spins rules), the numbered
line diagrams and how wins pay (with the win cap).
The arrows (buttons, ← →, the wheel) page through it; the centre button, Esc or P returns.

`MiniPaytable(ctx, game_id, symbol_id, bet, anchor_rect)` is the small popup shown when the
player clicks a symbol on the reels: that symbol's art and pays next to the clicked cell. Any
click or key closes it.

`PagedOverlayScene` is the frame every full-screen viewer shares (paytable, rules, history,
round detail): a dimmed backdrop of the game, the panel, a title, page dots and the
◀ ✕ ▶ buttons. Subclasses say how many pages there are and draw one. ←/→ (and ↑/↓, the wheel)
turn pages; Tab / Shift+Tab move the focus ring over the buttons (and a subclass's own items,
`focus_items`: the history's rows), Enter presses the focused one. A key meant for another screen
says to close this one first.

Entry point for the reels scene: `open_paytable(ctx, stack, game_id, bet)`.
"""

from __future__ import annotations

import pygame

from game.money import Bet
from scenes.core.canvas import Canvas, draw
from scenes.core.context import AppContext
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.core.text import draw_text, fit_font, wrap_text
from scenes.core.theme import CREAM, DIM, GOLD, INK, SOFT
from scenes.presentation import presentation_of
from scenes.presentation.hosts import PaytableHost, facade
from scenes.reels.line_palette import draw_patterned, line_style
from scenes.viewers.look import PLAIN, ViewerLook, draw_framed_panel, look_of
from scenes.viewers.paytable_pages import LineShape, Page, SymbolPays, build_pages, symbol_pays
from scenes.widgets import Button, draw_panel
from scenes.widgets.dialog import TEXT_CLOSE_FIRST
from scenes.widgets.feedback import refuse_command
from scenes.widgets.focus import FocusItem, FocusRing, draw_focus_ring

# Player-facing strings (one place, for the translation layer).
T_PAYTABLE = "PAYTABLE"
T_PAGE = "{page} / {pages}"
T_COINS = "{coins:,} coins"
T_TIP_PREV = "Previous page (←)"
T_TIP_NEXT = "Next page (→)"
T_TIP_CLOSE = "Back to the game (Esc)"
T_MINI_HINT = "Click anywhere to close"

SCREEN = pygame.Rect(0, 0, 1280, 720)
PANEL = pygame.Rect(36, 18, 1208, 684)
CONTENT = pygame.Rect(76, 104, 1128, 500)
NAV_Y = 640
CARD_FILL = (24, 16, 14, 200)
CARD_EDGE = (150, 112, 60)


# -- drawing helpers shared by the viewers -------------------------------------------------------
_WORN: list[ViewerLook] = [PLAIN]
"""The look of the viewer being drawn (set by `PagedOverlayScene.draw` around its page)."""


def card(surface: Canvas, rect: pygame.Rect, fill=None, edge=None, radius: int = 14) -> None:
    """A dark card (translucent), edged in the shown game's look (gold in the house look)."""
    look = _WORN[-1]
    if fill is None:
        fill = look.card_fill if look.framed else CARD_FILL
    if edge is None:
        edge = look.edge if look.framed else CARD_EDGE
    rect = pygame.Rect(rect)
    plate = Canvas.new(rect.size, surface.k)
    draw.rect(plate, fill, plate.get_rect(), border_radius=radius)
    draw.rect(plate, (*edge, 255), plate.get_rect(), width=2, border_radius=radius)
    surface.blit(plate, rect)


def draw_paragraphs(
    surface: Canvas,
    assets,
    paragraphs,
    rect: pygame.Rect,
    *,
    size: int = 21,
    bullet: bool = True,
    color=CREAM,
    gap: int = 10,
    min_size: int = 13,
) -> int:
    """Word-wrapped paragraphs (bulleted) inside `rect`; returns the y below the last one. When
    they would run past the rect's bottom (a long translation, a larger text size), a smaller
    size that fits is used, down to `min_size`."""
    while True:
        font = assets.font("text", size)
        line_h = font.get_linesize() + 2
        indent = 22 if bullet else 0
        wrapped = [wrap_text(font, para, rect.w - indent) for para in paragraphs]
        height = sum(len(lines) * line_h + gap for lines in wrapped)
        if height <= rect.h or size <= min_size:
            break
        size -= 1
    y = rect.top
    for lines in wrapped:
        if bullet:
            draw.circle(surface, GOLD, (rect.left + 7, y + line_h // 2), 4)
        for line in lines:
            draw_text(surface, font, line, (rect.left + indent, y), color, anchor="topleft", shadow=False)
            y += line_h
        y += gap
    return y


def backdrop(assets, game_id: str | None) -> Canvas:
    """The game's background, darkened (cached): the viewers sit 'inside' the game."""

    def build() -> Canvas:
        surf = assets.canvas(SCREEN.size, alpha=False)
        name = f"{game_id}/background" if game_id else None
        if name and assets.has_image(name):
            surf.blit(assets.image(name), (0, 0))
        else:
            surf.fill((30, 22, 18))
        shade = assets.canvas(SCREEN.size)
        shade.fill((8, 6, 10, 170))
        surf.blit(shade, (0, 0))
        return surf

    return assets.derived(("viewer-backdrop", game_id), build)


class PagedOverlayScene(Scene):
    """A full-screen viewer with pages: ◀ ✕ ▶ at the bottom, ←/→/wheel, Esc (or `toggle_act`)."""

    opaque = True
    modal = True
    toggle_act: Act | None = None  # the key that opened the viewer also closes it

    def __init__(self, ctx: AppContext, game_id: str | None, title: str) -> None:
        super().__init__()
        self.ctx = ctx
        self.assets = ctx.assets
        self.tr = ctx.i18n
        self.game_id = game_id
        self.title = title  # a msgid, translated when drawn
        self.look = look_of(ctx, game_id)  # the shown game's palette (the house look for none)
        self.page = 0
        self.t = 0.0
        cx = SCREEN.centerx
        self.prev_btn = Button(
            pygame.Rect(cx - 150, NAV_Y - 30, 60, 60),
            icon="icon_left",
            style="icon",
            on_click=lambda: self.go(-1),
            tooltip=self.tr.t(T_TIP_PREV),
        )
        self.close_btn = Button(
            pygame.Rect(cx - 32, NAV_Y - 32, 64, 64),
            icon="icon_close",
            style="icon",
            on_click=self.close,
            tooltip=self.tr.t(T_TIP_CLOSE),
        )
        self.next_btn = Button(
            pygame.Rect(cx + 90, NAV_Y - 30, 60, 60),
            icon="icon_right",
            style="icon",
            on_click=lambda: self.go(+1),
            tooltip=self.tr.t(T_TIP_NEXT),
        )
        self.extra_buttons: list[Button] = []
        self.ring = FocusRing(arrows="none")

    # -- the keyboard's focus --------------------------------------------------------------------
    def focus_items(self) -> list[FocusItem]:
        """What Tab reaches: the buttons (a subclass may put its own items first)."""
        keys = {id(self.prev_btn): "prev", id(self.close_btn): "close", id(self.next_btn): "next"}
        keys.update({id(b): f"extra-{k}" for k, b in enumerate(self.extra_buttons)})
        return [FocusItem(b.rect, b.click, enabled=b.is_enabled, key=keys[id(b)]) for b in self.buttons]

    def refresh_focus(self, default: str = "") -> None:
        """Rebuild the focus items (the page or its rows changed); the focus stays on the same
        item, else goes to `default`, else to the next page's arrow (or the close button)."""
        had = self.ring.focused.key if self.ring.focused is not None else ""
        self.ring.set_items(self.focus_items(), keep=False)
        for key in (had, default, "next", "close"):
            if key and self.ring.focus_key(key):
                return

    def on_enter(self) -> None:
        self.refresh_focus()

    # -- paging ----------------------------------------------------------------------------------
    @property
    def page_count(self) -> int:
        return 1

    def go(self, delta: int) -> None:
        """Turn pages; the arrows wrap around, as a slot paytable's do."""
        n = self.page_count
        if n > 0:
            self.page = (self.page + delta) % n

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    @property
    def buttons(self) -> list[Button]:
        nav = [self.prev_btn, self.close_btn, self.next_btn] if self.page_count > 1 else [self.close_btn]
        return [*nav, *self.extra_buttons]

    # -- input -----------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        used = False
        for b in self.buttons:
            used = b.handle(intent) or used
        if used:
            return True
        act = intent.act
        if act is Act.BACK or (self.toggle_act is not None and act is self.toggle_act):
            self.close()
        elif act in (Act.NEXT, Act.PREV, Act.CONFIRM):
            self.ring.handle(intent)
        elif act in (Act.LEFT, Act.UP):
            self.go(-1)
        elif act in (Act.RIGHT, Act.DOWN):
            self.go(+1)
        elif act is Act.WHEEL:
            self.go(-1 if intent.amount > 0 else +1)
        elif act is Act.POINTER_UP:
            self.click(intent.pos)
        elif act is Act.QUIT:
            return False
        else:
            refuse_command(self, intent, self.tr.gettext(TEXT_CLOSE_FIRST))
        return True  # a full-screen viewer keeps input from the game below

    def click(self, pos: tuple[int, int] | None) -> None:
        """A click that no button took (subclasses: rows, thumbnails)."""

    def update(self, dt: float) -> None:
        self.t += dt
        for b in self.buttons:
            b.update(dt)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: Canvas) -> None:
        a = self.assets
        look = self.look
        surface.blit(backdrop(a, self.game_id), (0, 0))
        if look.framed:
            draw_framed_panel(surface, a, PANEL, look)
        else:
            draw_panel(surface, a, PANEL, alpha=236)
        title = self.page_title(self.page)
        font = fit_font(a, "display", title, PANEL.w - 200, 40)
        colour, ink = (look.title, look.title_outline) if look.framed else (GOLD, INK)
        draw_text(surface, font, title, (SCREEN.centerx, 62), colour, outline=2, outline_color=ink)
        _WORN.append(look)
        try:
            self.draw_page(surface, self.page)
        finally:
            _WORN.pop()
        n = self.page_count
        if n > 1:
            x0 = SCREEN.centerx - (n - 1) * 9
            for i in range(n):
                c = GOLD if i == self.page else (90, 80, 70)
                draw.circle(surface, c, (x0 + i * 18, NAV_Y + 40), 5 if i == self.page else 4)
        for b in self.buttons:
            b.draw(surface, a)
        focused = self.ring.focused
        if focused is not None:
            draw_focus_ring(surface, a, focused.area, radius=30 if focused.area.w <= 64 else 12)

    def page_title(self, index: int) -> str:
        return self.tr.t(self.title)

    def money(self, cents: int) -> str:
        """Integer cents in the player's currency and language."""
        return self.tr.format_money(cents, self.ctx.settings.display_currency)

    def draw_page(self, surface: Canvas, index: int) -> None:
        """Draw page `index` inside CONTENT (subclasses)."""


# -- the paytable ---------------------------------------------------------------------------------
class PaytableScene(PagedOverlayScene):
    toggle_act = Act.PAYTABLE

    def __init__(self, ctx: AppContext, game_id: str, bet: Bet) -> None:
        defn = ctx.games[game_id].definition
        super().__init__(ctx, game_id, defn.name)
        self.definition = defn
        self.bet = bet
        self.face: PaytableHost = facade(self, PaytableHost)  # what the presentation draws with
        self._built = (-1, "")
        self.pages: list[Page] = []
        self._rebuild()

    def _rebuild(self) -> None:
        """Pages in the current language and currency (rebuilt when either changes)."""
        key = (self.tr.generation, self.ctx.settings.display_currency)
        if key != self._built:
            self._built = key
            self.pages = build_pages(self.definition, self.bet, key[1], self.tr)

    def update(self, dt: float) -> None:
        self._rebuild()
        super().update(dt)

    @property
    def page_count(self) -> int:
        return len(self.pages)

    def page_title(self, index: int) -> str:
        return f"{self.tr.t(T_PAYTABLE)} · {self.pages[index].title}"

    def draw_page(self, surface: Canvas, index: int) -> None:
        page = self.pages[index]
        layouts = {
            "symbols": self._draw_symbols,
            "wild_scatter": self._draw_wild_scatter,
            "lines": self._draw_lines,
            "how": self._draw_how,
        }
        layout = layouts.get(page.kind)
        if layout is not None:
            layout(surface, page)
        else:  # a page of the game's own feature
            presentation_of(self.definition).draw_page(self.face, surface, page)

    # -- layouts ---------------------------------------------------------------------------------
    def _symbol_image(self, symbol_id: str, size: int) -> Canvas:
        return self.assets.scaled(f"{self.game_id}/symbols/{symbol_id}", (size, size))

    def _pays_block(self, surface: Canvas, sp: SymbolPays, x: int, y: int, w: int) -> int:
        """The pays of one symbol as rows "5   €37.50" with the coins beneath; returns the bottom."""
        a = self.assets
        count_f, cash_f, coin_f = a.font("display", 26), a.font("text_bold", 22), a.font("text", 14)
        for row in sp.rows:
            draw_text(surface, count_f, str(row.count), (x, y + 14), GOLD, anchor="midleft")
            draw_text(surface, cash_f, self.money(row.cents), (x + w, y + 10), CREAM, anchor="midright")
            draw_text(
                surface,
                coin_f,
                self.tr.t(T_COINS, coins=row.coins),
                (x + w, y + 30),
                SOFT,
                anchor="midright",
                shadow=False,
            )
            y += 42
        return y

    def _draw_symbols(self, surface: Canvas, page: Page) -> None:
        cards = list(page.symbols)
        w, h, gap = 352, 226, 22
        rows = [cards[:3], cards[3:]] if len(cards) > 3 else [cards]
        y = CONTENT.top + 6
        for row in rows:
            x = CONTENT.centerx - (len(row) * w + (len(row) - 1) * gap) // 2
            for sp in row:
                r = pygame.Rect(x, y, w, h)
                card(surface, r)
                img = self._symbol_image(sp.symbol_id, 150)
                surface.blit(img, img.get_rect(midleft=(r.left + 6, r.centery - 8)))
                draw_text(
                    surface,
                    self.assets.font("display", 20),
                    sp.name.upper(),
                    (r.left + 81, r.bottom - 20),
                    SOFT,
                )
                n = len(sp.rows)
                self._pays_block(surface, sp, r.left + 172, r.centery - n * 21, w - 192)
                x += w + gap
            y += h + gap

    def _draw_wild_scatter(self, surface: Canvas, page: Page) -> None:
        a = self.assets
        n = len(page.symbols)
        w, gap = 540, 28
        x = CONTENT.centerx - (n * w + (n - 1) * gap) // 2
        for sp in page.symbols:
            r = pygame.Rect(x, CONTENT.top + 6, w, CONTENT.h - 30)
            card(surface, r)
            img = self._symbol_image(sp.symbol_id, 190)
            surface.blit(img, (r.left + 16, r.top + 16))
            draw_text(
                surface,
                a.font("display", 30),
                sp.name.upper(),
                (r.left + 111, r.top + 226),
                GOLD,
                outline=1,
                outline_color=INK,
            )
            self._pays_block(surface, sp, r.left + 240, r.top + 40, w - 270)
            notes = list(sp.notes)
            if sp.kind == "wild":
                notes.extend(page.paragraphs)
            draw_paragraphs(surface, a, notes, pygame.Rect(r.left + 24, r.top + 262, w - 48, 200), size=20)
            x += w + gap

    def _draw_lines(self, surface: Canvas, page: Page) -> None:
        cols = 5
        rows_needed = -(-len(page.lines) // cols)
        # 25 lines keep the full size; more (Warlords' 30) fit the page with shorter diagrams
        pitch_x, pitch_y = CONTENT.w // cols, min(92, (CONTENT.h - 28) // max(1, rows_needed))
        for i, shape in enumerate(page.lines):
            x = CONTENT.left + (i % cols) * pitch_x + 14
            y = CONTENT.top + (i // cols) * pitch_y
            rect = pygame.Rect(x, y, pitch_x - 28, pitch_y - 12)
            self._line_diagram(surface, shape, rect, page.reels, page.rows)
        draw_text(
            surface,
            self.assets.font("text", 17),
            page.paragraphs[0],
            (CONTENT.centerx, CONTENT.bottom - 6),
            SOFT,
            shadow=False,
        )

    def _line_diagram(
        self, surface: Canvas, shape: LineShape, rect: pygame.Rect, reels: int, rows: int
    ) -> None:
        palette = self.ctx.settings.line_palette
        colour, pattern = line_style(shape.number, palette)
        if not shape.played:
            colour = (110, 104, 96)
        badge = pygame.Rect(rect.left, rect.top + 8, 36, 26)
        draw.rect(surface, colour, badge, border_radius=7)
        draw_text(
            surface, self.assets.font("text_bold", 17), str(shape.number), badge.center, INK, shadow=False
        )
        cw, chh = 28, min(20, (rect.h - 12) // rows)
        gx, gy = rect.left + 46, rect.top + 6
        cells = pygame.Rect(gx, gy, cw * reels, chh * rows)
        draw.rect(surface, (12, 9, 8), cells.inflate(6, 6), border_radius=6)
        pts = []
        for r in range(reels):
            for row in range(rows):
                c = pygame.Rect(gx + r * cw + 1, gy + row * chh + 1, cw - 2, chh - 2)
                on = shape.rows[r] == row
                draw.rect(surface, colour if on else (52, 44, 38), c, border_radius=3)
            pts.append((gx + r * cw + cw // 2, gy + shape.rows[r] * chh + chh // 2))
        ink = (255, 255, 255) if shape.played else (170, 166, 160)
        if pattern == "solid":
            draw.lines(surface, ink, False, pts, 2)
        else:  # the colour-blind-safe palette: the line's own pattern, over a dark edge
            draw.lines(surface, (12, 9, 8), False, pts, 5)
            draw_patterned(surface, colour, pts, 3, pattern)

    def _draw_how(self, surface: Canvas, page: Page) -> None:
        draw_paragraphs(
            surface,
            self.assets,
            page.paragraphs,
            pygame.Rect(CONTENT.left + 40, CONTENT.top + 20, CONTENT.w - 80, CONTENT.h),
            size=23,
            gap=16,
        )


def open_paytable(ctx: AppContext, stack: SceneStack, game_id: str, bet: Bet) -> PaytableScene:
    """Push the paytable for `game_id` at `bet` (the reels scene's P key and paytable button)."""
    scene = PaytableScene(ctx, game_id, bet)
    stack.push(scene)
    return scene


# -- the mini paytable ----------------------------------------------------------------------------
class MiniPaytable(Scene):
    """One symbol's pays in a small popup beside the clicked reel cell; any input closes it."""

    opaque = False
    modal = True
    WIDTH = 330

    def __init__(
        self, ctx: AppContext, game_id: str, symbol_id: str, bet: Bet, anchor_rect: pygame.Rect
    ) -> None:
        super().__init__()
        self.assets = ctx.assets
        self.tr = ctx.i18n
        self.currency = ctx.settings.display_currency
        self.game_id = game_id
        defn = ctx.games[game_id].definition
        self.pays = symbol_pays(defn, symbol_id, bet, self.tr)
        self.anchor = pygame.Rect(anchor_rect)
        note_font = self.assets.font("text", 16)
        self._notes = [ln for n in self.pays.notes for ln in wrap_text(note_font, n, self.WIDTH - 36)]
        h = max(150, 60 + 42 * len(self.pays.rows)) + 22 * len(self._notes) + 36
        self.rect = pygame.Rect(0, 0, self.WIDTH, h)
        # beside the cell, on whichever side has room; clamped to the screen
        if self.anchor.right + 8 + self.WIDTH <= SCREEN.right - 8:
            self.rect.midleft = (self.anchor.right + 8, self.anchor.centery)
        else:
            self.rect.midright = (self.anchor.left - 8, self.anchor.centery)
        self.rect.clamp_ip(SCREEN.inflate(-16, -16))
        self.t = 0.0

    def handle(self, intent: Intent) -> bool:
        if intent.act is Act.POINTER_MOVE:
            return True
        if intent.act is Act.QUIT:
            return False
        if intent.act is Act.POINTER_DOWN:
            return True  # close on the release, so the click does not reach the reels
        if self.stack is not None:
            self.stack.pop()
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: Canvas) -> None:
        a = self.assets
        r = self.rect
        # a highlight round the clicked cell ties the popup to it
        draw.rect(surface, GOLD, self.anchor.inflate(4, 4), width=3, border_radius=10)
        draw_panel(surface, a, r, alpha=245)
        img = a.scaled(f"{self.game_id}/symbols/{self.pays.symbol_id}", (110, 110))
        surface.blit(img, (r.left + 14, r.top + 18))
        draw_text(surface, a.font("display", 18), self.pays.name.upper(), (r.left + 69, r.top + 140), GOLD)
        y = r.top + 24
        count_f, cash_f, coin_f = a.font("display", 24), a.font("text_bold", 20), a.font("text", 13)
        x, w = r.left + 140, r.w - 160
        for row in self.pays.rows:
            draw_text(surface, count_f, str(row.count), (x, y + 12), GOLD, anchor="midleft")
            draw_text(
                surface,
                cash_f,
                self.tr.format_money(row.cents, self.currency),
                (x + w, y + 8),
                CREAM,
                anchor="midright",
            )
            draw_text(
                surface,
                coin_f,
                self.tr.t(T_COINS, coins=row.coins),
                (x + w, y + 27),
                SOFT,
                anchor="midright",
                shadow=False,
            )
            y += 42
        y = max(y, r.top + 160) + 6
        note_font = a.font("text", 16)
        for line in self._notes:
            draw_text(surface, note_font, line, (r.left + 18, y), CREAM, anchor="topleft", shadow=False)
            y += 22
        draw_text(
            surface, a.font("text", 13), self.tr.t(T_MINI_HINT), (r.centerx, r.bottom - 16), DIM, shadow=False
        )


def open_mini_paytable(
    ctx, stack, game_id: str, symbol_id: str, bet: Bet, anchor_rect: pygame.Rect
) -> MiniPaytable:
    """Push the mini paytable for the symbol in `anchor_rect` (a clicked reel cell)."""
    scene = MiniPaytable(ctx, game_id, symbol_id, bet, anchor_rect)
    stack.push(scene)
    return scene
