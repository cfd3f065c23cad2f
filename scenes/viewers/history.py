"""Game history (H): the latest rounds from the ledger, newest first, and one round in detail.

`HistoryScene(ctx, game_id=None)` lists rounds 8 to a page (date and time in local time, game,
bet, win, balance before and after); the ledger is the source, so the history survives restarts
(CERTIFICATION G1). Below the list a small chart shows this session's balance. Clicking a row
(or Enter on the highlighted one: ↑/↓ move the focus ring over the rows, Tab reaches the
buttons too) opens `RoundDetailScene`. Empty states take little room: no rounds at all is one
line under the column titles, and a session with no rounds yet is one line where the chart goes.

The detail of one round is `scenes.viewers.round_detail.RoundDetailScene`.

Entry point for the reels scene and the settings menu: `open_history(ctx, stack, game_id=None)`.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pygame

from game.ledger import LedgerError
from scenes.core.canvas import Canvas, draw
from scenes.core.context import AppContext
from scenes.core.intents import Act, Intent
from scenes.core.stack import SceneStack
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import CREAM, DIM, GOLD, SOFT
from scenes.viewers.balance_chart import T_NO_POINTS, draw_balance_chart
from scenes.viewers.paytable import CONTENT, PagedOverlayScene
from scenes.widgets.focus import FocusItem

log = logging.getLogger(__name__)

# Player-facing strings (one place, for the translation layer).
T_HISTORY = "GAME HISTORY"
T_COL_ROUND = "ROUND"
T_COL_TIME = "DATE / TIME"
T_COL_GAME = "GAME"
T_COL_BET = "BET"
T_COL_WIN = "WIN"
T_COL_BEFORE = "BALANCE BEFORE"
T_COL_AFTER = "BALANCE AFTER"
T_OPEN = "in progress"
T_VOID = "void, bet refunded"
T_EMPTY = "No rounds played yet."
T_SESSION = "THIS SESSION"
T_PAGE_OF = "Rounds {first}–{last} of {total}"
T_HINT = "Click a round to see every step and replay it."
T_REPLAY = "REPLAY"
T_LOAD_ERROR = "The history could not be read: {error}"

ROWS_PER_PAGE = 8
ROW_H = 36
TABLE_TOP = CONTENT.top + 4
HEADER_H = 30
# column x positions and anchors across the table
COLUMNS = (
    (T_COL_ROUND, 96, "midleft"),
    (T_COL_TIME, 196, "midleft"),
    (T_COL_GAME, 410, "midleft"),
    (T_COL_BET, 736, "midright"),
    (T_COL_WIN, 866, "midright"),
    (T_COL_BEFORE, 1026, "midright"),
    (T_COL_AFTER, 1186, "midright"),
)
CHART = pygame.Rect(CONTENT.left + 10, TABLE_TOP + HEADER_H + ROWS_PER_PAGE * ROW_H + 12, 700, 132)
EMPTY_H = 30  # px an empty list takes: one line under the column titles
ROW_FILL = (40, 28, 22, 150)
ROW_HOVER = (110, 76, 36, 200)


def column_room(i: int) -> int:
    """The width column `i`'s title may take: to the next column's text (left-anchored), or from
    the previous column's edge (right-anchored), less a gap."""
    _title, x, anchor = COLUMNS[i]
    if anchor == "midleft":
        nxt = COLUMNS[i + 1] if i + 1 < len(COLUMNS) else None
        if nxt is None:
            return 0
        end = nxt[1] - 120 if nxt[2] == "midright" else nxt[1]  # a right-anchored neighbour's text
        return max(40, end - x - 16)
    prev = COLUMNS[i - 1]
    start = prev[1] if prev[2] == "midright" else prev[1] + 120
    return max(40, x - start - 14)


def local_time(stamp: str | None) -> str:
    """A ledger timestamp (UTC ISO-8601) as local date and time, "2026-11-29 23:20:01"."""
    if not stamp:
        return ""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S")


# -- the list ------------------------------------------------------------------------------------
class HistoryScene(PagedOverlayScene):
    toggle_act = Act.HISTORY

    def __init__(self, ctx: AppContext, game_id: str | None = None) -> None:
        super().__init__(ctx, game_id, T_HISTORY)
        self.filter_game = None  # every game: the history is the player's, not one machine's
        self.total = 0
        self.records: list = []
        self.session_points: list[tuple[str, int]] = []
        self.hover: int | None = None
        self.focus = 0
        self.error = ""
        self._load()

    @property
    def page_count(self) -> int:
        return max(1, -(-self.total // ROWS_PER_PAGE))

    def _load(self) -> None:
        """Read the current page and the session's balances from the ledger."""
        ledger = self.ctx.ledger
        try:
            self.total = ledger.count_rounds(self.filter_game)
            self.page = min(self.page, self.page_count - 1)
            self.records = ledger.history(ROWS_PER_PAGE, self.page * ROWS_PER_PAGE, self.filter_game)
            self.session_points = ledger.session_balances(self.ctx.session_id)
            self.error = ""
        except LedgerError as exc:
            log.warning("history: %s", exc)
            self.error = str(exc)
            self.records, self.session_points = [], []
        self.focus = min(self.focus, max(0, len(self.records) - 1))
        self.refresh_focus()

    def focus_items(self) -> list[FocusItem]:
        rows = [
            FocusItem(self.row_rect(i), lambda i=i: self.open_row(i), key=f"row-{i}")
            for i in range(len(self.records))
        ]
        return rows + super().focus_items()

    def refresh_focus(self, default: str = "") -> None:
        super().refresh_focus(default or (f"row-{self.focus}" if self.records else ""))
        if self.records and not self.ring.focus_key(f"row-{self.focus}"):
            self.ring.focus_key("row-0")

    def go(self, delta: int) -> None:
        old = self.page
        super().go(delta)
        if self.page != old:
            self.focus = 0
            self._load()

    def on_resume(self) -> None:
        self._load()  # a replay or a new round may have changed what is newest

    @property
    def chart_rect(self) -> pygame.Rect:
        """The session chart, right under the rows shown (no empty band under a short page)."""
        rows_h = len(self.records) * ROW_H if self.records else EMPTY_H
        return CHART.move(0, TABLE_TOP + HEADER_H + rows_h + 12 - CHART.top)

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(CONTENT.left, TABLE_TOP + HEADER_H + i * ROW_H, CONTENT.w, ROW_H - 4)

    def row_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        for i in range(len(self.records)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return None

    def open_row(self, i: int) -> None:
        if not 0 <= i < len(self.records) or self.stack is None:
            return
        try:
            record = self.ctx.ledger.round_detail(self.records[i].round_id)
        except LedgerError as exc:
            self.error = str(exc)
            return
        from scenes.viewers.round_detail import RoundDetailScene

        self.stack.push(RoundDetailScene(self.ctx, record))

    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.POINTER_MOVE:
            self.hover = self.row_at(intent.pos)
        elif act is Act.UP and self.records:
            self.focus = max(0, self.focus - 1)
            self.ring.focus_key(f"row-{self.focus}")
            return True
        elif act is Act.DOWN and self.records:
            self.focus = min(len(self.records) - 1, self.focus + 1)
            self.ring.focus_key(f"row-{self.focus}")
            return True
        used = super().handle(intent)
        focused = self.ring.focused
        if focused is not None and focused.key.startswith("row-"):
            self.focus = int(focused.key[4:])
        return used

    def click(self, pos: tuple[int, int] | None) -> None:
        row = self.row_at(pos)
        if row is not None:
            self.focus = row
            self.open_row(row)

    def draw_page(self, surface: Canvas, index: int) -> None:
        a, tr = self.assets, self.tr
        head_f, row_f = a.font("text_bold", 15), a.font("text", 18)
        y = TABLE_TOP + HEADER_H // 2
        for i, (title, x, anchor) in enumerate(COLUMNS):
            # each title fits its column (a larger text size, or Spanish, must not run into the next)
            room = column_room(i)
            font = fit_font(a, "text_bold", tr.t(title), room, 15) if room else head_f
            draw_text(surface, font, tr.t(title), (x, y), SOFT, anchor=anchor, shadow=False)
        empty_y = TABLE_TOP + HEADER_H + EMPTY_H // 2
        if self.error:
            draw_text(
                surface,
                row_f,
                tr.t(T_LOAD_ERROR, error=self.error),
                (CONTENT.centerx, empty_y),
                CREAM,
            )
        elif not self.records:
            draw_text(surface, row_f, tr.t(T_EMPTY), (CONTENT.left + 20, empty_y), CREAM, anchor="midleft")
        for i, rec in enumerate(self.records):
            r = self.row_rect(i)
            plate = Canvas.new(r.size, surface.k)
            draw.rect(plate, ROW_HOVER if i == self.hover else ROW_FILL, plate.get_rect(), border_radius=8)
            surface.blit(plate, r)
            cy = r.centery
            game = self.ctx.games.get(rec.game_id)
            name = game.definition.name if game is not None else rec.game_id
            win = win_text(self.money, tr, rec)
            after = self.money(rec.balance_after_cents) if rec.balance_after_cents is not None else "—"
            cells = (
                f"#{rec.round_id}",
                local_time(rec.started_at),
                name,
                self.money(rec.bet_cents),
                win,
                self.money(rec.balance_before_cents),
                after,
            )
            for col, ((_, x, anchor), text) in enumerate(zip(COLUMNS, cells, strict=True)):
                colour = GOLD if (col == 4 and (rec.win_cents or 0) > 0) else CREAM
                room = column_room(col)
                font = fit_font(a, "text", text, room, 18) if room else row_f
                draw_text(surface, font, text, (x, cy), colour, anchor=anchor, shadow=False)
        chart = self.chart_rect
        if self.total:
            first = self.page * ROWS_PER_PAGE + 1
            last = first + len(self.records) - 1
            room = CONTENT.right - 4 - chart.right - 20  # right of the chart, never over it
            for text, dy, colour in (
                (tr.t(T_PAGE_OF, first=first, last=last, total=self.total), 14, SOFT),
                (tr.t(T_HINT), 40, DIM),
            ):
                font = fit_font(a, "text", text, room, 15)
                draw_text(
                    surface,
                    font,
                    text,
                    (CONTENT.right - 4, chart.top + dy),
                    colour,
                    anchor="topright",
                    shadow=False,
                )
        draw_balance_chart(
            surface, a, chart, self.session_points, self.money, tr.t(T_SESSION), tr.gettext(T_NO_POINTS)
        )


def open_history(ctx: AppContext, stack: SceneStack, game_id: str | None = None) -> HistoryScene:
    """Push the game history (the reels scene's H key and history button)."""
    scene = HistoryScene(ctx, game_id)
    stack.push(scene)
    return scene


def win_text(money, tr, rec) -> str:
    """The win column: the amount, or why there is none (still open, or void and refunded)."""
    if rec.status == "void":
        return tr.t(T_VOID)
    return money(rec.win_cents) if rec.win_cents is not None else tr.t(T_OPEN)
