"""Game history (H): the player's rounds from the ledger, newest first, filtered, with a chart.

`HistoryScene(ctx, game_id=None)` fills the screen with a table of rounds, `ROWS_PER_PAGE` to a
page: round number, date and time (local), game, bet, win, balance after and the round's
features (free spins, re-spins, cascades, picks, the cap). The ledger is the source, so the
history survives restarts (CERTIFICATION G1); the latest `HISTORY_LIMIT` rounds are read once
when the viewer opens (and again when it comes back to the top).

Filters, over the bar above the table: the game (every game, or one of the installed games) and
the day (every day, or one day that has rounds: ◀ ▶ step through them). Both work by mouse and
keyboard: Tab / Shift+Tab reach every filter, the rows and the page buttons, Enter presses the
focused one; ↑/↓ move over the rows, ←/→ turn pages. Under the table a chart shows the balance
after each round of the filtered rounds, oldest first (`chart_series`). Clicking a row (or Enter
on it) opens `RoundDetailScene`.

`round_features`, `filter_rounds`, `round_days` and `chart_series` are pure (tested).

Entry point for the reels scene and the settings menu: `open_history(ctx, stack, game_id=None)`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import pygame

from game.ledger import LedgerError
from scenes.core.canvas import Canvas, draw
from scenes.core.context import AppContext
from scenes.core.intents import Act, Intent
from scenes.core.stack import SceneStack
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import CREAM, DIM, GOLD, SOFT
from scenes.viewers.balance_chart import draw_balance_chart
from scenes.viewers.look import look_of
from scenes.viewers.paytable import PagedOverlayScene
from scenes.widgets import Button
from scenes.widgets.focus import FocusItem

log = logging.getLogger(__name__)

# Player-facing strings (one place, for the translation layer).
T_HISTORY = "GAME HISTORY"
T_COL_ROUND = "ROUND"
T_COL_TIME = "DATE / TIME"
T_COL_GAME = "GAME"
T_COL_BET = "BET"
T_COL_WIN = "WIN"
T_COL_AFTER = "BALANCE AFTER"
T_COL_FEATURES = "FEATURES"
T_OPEN = "in progress"
T_VOID = "void, bet refunded"
T_EMPTY = "No rounds played yet."
T_EMPTY_FILTER = "No rounds match these filters."
T_PAGE_OF = "Rounds {first}–{last} of {total}"
T_HINT = "Click a round to see every step and replay it."
T_REPLAY = "REPLAY"
T_LOAD_ERROR = "The history could not be read: {error}"
T_FILTER_GAME = "GAME"
T_FILTER_DAY = "DAY"
T_ALL_GAMES = "All games"
T_ALL_DAYS = "All days"
T_CHART = "BALANCE AFTER EACH ROUND"
T_CHART_EMPTY = "Play two rounds to see the balance over time"
T_LATEST = "The latest {n} rounds"
T_TIP_DAY_PREV = "Earlier day"
T_TIP_DAY_NEXT = "Later day"
# the features column, in the order they are listed
T_FEAT_FREE = "Free spins"
T_FEAT_RESPIN = "Re-spins"
T_FEAT_CASCADE = "Cascades"
T_FEAT_SUPER = "Super Mode"
T_FEAT_PICKS = "Picks"
T_FEAT_CAP = "Win cap"

HISTORY_LIMIT = 2000
ROWS_PER_PAGE = 9
ROW_H = 31
LEFT, RIGHT = 60, 1220  # the table spans the panel
FILTER_Y = 104  # the filter bar's top
FILTER_H = 38
CHIPS_X = 76  # the game chips start this far right of the table's left (after "GAME")
DAY_BOX_W = 150  # the day shown between ◀ and ▶
DAY_LABEL_W = 70  # room for "DAY" left of ◀
TABLE_TOP = FILTER_Y + FILTER_H + 8
HEADER_H = 26
CHART = pygame.Rect(LEFT, TABLE_TOP + HEADER_H + ROWS_PER_PAGE * ROW_H + 8, RIGHT - LEFT, 134)
EMPTY_H = 30  # px an empty list takes: one line under the column titles
ROW_FILL = (40, 28, 22, 150)
ROW_HOVER = (110, 76, 36, 200)
# column: title, x, anchor, room (px its text may take)
COLUMNS = (
    (T_COL_ROUND, 72, "midleft", 74),
    (T_COL_TIME, 146, "midleft", 172),
    (T_COL_GAME, 330, "midleft", 262),
    (T_COL_BET, 676, "midright", 100),
    (T_COL_WIN, 812, "midright", 126),
    (T_COL_AFTER, 980, "midright", 156),
    (T_COL_FEATURES, 1000, "midleft", 212),
)


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


def local_day(stamp: str | None) -> str:
    """The local date of a ledger timestamp, "2026-11-29" ("" when unknown)."""
    return local_time(stamp)[:10]


# -- pure helpers (tested) ------------------------------------------------------------------------
def round_features(events: Iterable[dict[str, Any]] | None) -> list[str]:
    """The features a round went through (msgids, in a fixed order), from its stored events."""
    found: set[str] = set()
    for ev in events or ():
        kind, mode = ev.get("type"), ev.get("mode")
        if kind == "cascade" or mode == "cascade":
            found.add(T_FEAT_CASCADE)
        elif kind == "pick_request":
            found.add(T_FEAT_PICKS)
        elif kind == "win_cap":
            found.add(T_FEAT_CAP)
        elif kind == "spin" and mode == "free":
            found.add(T_FEAT_FREE)
        elif kind == "spin" and mode == "respin":
            found.add(T_FEAT_RESPIN)
        elif kind == "spin" and mode == "super":
            found.add(T_FEAT_SUPER)
    order = (T_FEAT_FREE, T_FEAT_RESPIN, T_FEAT_CASCADE, T_FEAT_SUPER, T_FEAT_PICKS, T_FEAT_CAP)
    return [f for f in order if f in found]


def round_days(records: Sequence[Any]) -> list[str]:
    """The local days that have rounds, newest first."""
    return sorted({local_day(r.started_at) for r in records if r.started_at}, reverse=True)


def filter_rounds(records: Sequence[Any], game_id: str | None = None, day: str | None = None) -> list[Any]:
    """The rounds of one game (None: every game) played on one local day (None: any day), in
    the order given."""
    return [
        r
        for r in records
        if (game_id is None or r.game_id == game_id) and (day is None or local_day(r.started_at) == day)
    ]


def chart_series(records: Sequence[Any]) -> list[tuple[str, int]]:
    """(time, balance in cents) points of rounds given newest first: the balance before the
    oldest, then the balance after each round, oldest first (an open round counts its bet)."""
    points: list[tuple[str, int]] = []
    for r in reversed(records):
        if not points:
            points.append((r.started_at, r.balance_before_cents))
        after = r.balance_after_cents
        if after is None:
            after = r.balance_before_cents - r.bet_cents
        points.append((r.finished_at or r.started_at, after))
    return points


# -- the list ------------------------------------------------------------------------------------
class HistoryScene(PagedOverlayScene):
    toggle_act = Act.HISTORY

    def __init__(self, ctx: AppContext, game_id: str | None = None) -> None:
        super().__init__(ctx, game_id, T_HISTORY)
        self.look = look_of(ctx, game_id)
        self.filter_game: str | None = None  # every game: the history is the player's
        self.filter_day: str | None = None
        self.all_records: list = []
        self.filtered: list = []
        self.features: dict[int, list[str]] = {}
        self.days: list[str] = []
        self.total = 0
        self.ledger_total = 0
        self.records: list = []
        self.hover: int | None = None
        self.focus = 0
        self.error = ""
        self.game_buttons: list[tuple[str | None, Button]] = []
        self._build_filters()
        self._load()

    # -- filters ---------------------------------------------------------------------------------
    def _build_filters(self) -> None:
        """The game chips (every game first) and the day stepper, as buttons Tab reaches."""
        ids: list[str | None] = [
            None,
            *sorted(self.ctx.games, key=lambda g: self.ctx.games[g].definition.name),
        ]
        a = self.assets
        # the day stepper keeps its place at the right; the chips share the room left of it
        day_x = RIGHT - 40 - DAY_BOX_W - 40
        x, room = LEFT + CHIPS_X, day_x - DAY_LABEL_W - (LEFT + CHIPS_X)
        font = a.font("text_bold", 15)
        games = self.ctx.games
        names = [self.tr.t(T_ALL_GAMES) if gid is None else games[gid].definition.name for gid in ids]
        gaps = 8 * (len(ids) - 1)

        def widths(labels: list[str]) -> list[int]:
            wants = [max(80, min(250, font.size(label)[0] + 18)) for label in labels]
            scale = min(1.0, (room - gaps) / max(1, sum(wants)))
            return [int(want * scale) for want in wants]

        labels, ws = names, widths(names)
        floor = a.font("text_bold", 11)  # the smallest a label may shrink to (a small window)
        if any(floor.size(t)[0] > w - 18 for t, w in zip(labels, ws, strict=True)):
            # the brand before the dash ("Tomb Raider"); the whole name in the tooltip
            labels = [t.split(" – ")[0] for t in names]
            ws = widths(labels)
        self.game_buttons = []
        for gid, label, name, w in zip(ids, labels, names, ws, strict=True):
            btn = Button(
                pygame.Rect(x, FILTER_Y + 2, w, FILTER_H - 4),
                label=label,
                font_size=15,
                on_click=functools.partial(self.set_game, gid),
                tooltip=name if name != label else "",
            )
            btn.fit_label(a, 15)
            self.game_buttons.append((gid, btn))
            x += w + 8
        self.day_prev = Button(
            pygame.Rect(day_x, FILTER_Y + 2, 40, FILTER_H - 4),
            icon="icon_left",
            style="icon",
            on_click=lambda: self.step_day(+1),
            tooltip=self.tr.t(T_TIP_DAY_PREV),
        )
        self.day_next = Button(
            pygame.Rect(RIGHT - 40, FILTER_Y + 2, 40, FILTER_H - 4),
            icon="icon_right",
            style="icon",
            on_click=lambda: self.step_day(-1),
            tooltip=self.tr.t(T_TIP_DAY_NEXT),
        )
        self.day_label_rect = pygame.Rect(self.day_prev.rect.right, FILTER_Y, 0, FILTER_H)
        self.day_label_rect.width = self.day_next.rect.left - self.day_prev.rect.right
        self._mark_filters()

    def _mark_filters(self) -> None:
        for gid, btn in self.game_buttons:
            btn.selected = gid == self.filter_game

    @property
    def filter_buttons(self) -> list[Button]:
        return [b for _, b in self.game_buttons] + [self.day_prev, self.day_next]

    def set_game(self, game_id: str | None) -> None:
        """Show one game's rounds (None: every game's)."""
        self.filter_game = game_id
        self.look = look_of(self.ctx, game_id if game_id is not None else self.game_id)
        self._apply()

    def set_day(self, day: str | None) -> None:
        """Show one local day's rounds ("2026-11-29"; None: every day)."""
        self.filter_day = day
        self._apply()

    def step_day(self, delta: int) -> None:
        """Step through the days with rounds: +1 an earlier day, -1 a later one; past either end
        is every day again."""
        stops: list[str | None] = [None, *self.days]
        i = stops.index(self.filter_day) if self.filter_day in stops else 0
        self.set_day(stops[(i + delta) % len(stops)])

    # -- data ------------------------------------------------------------------------------------
    @property
    def page_count(self) -> int:
        return max(1, -(-self.total // ROWS_PER_PAGE))

    def _load(self) -> None:
        """Read the latest rounds from the ledger, then apply the filters."""
        ledger = self.ctx.ledger
        try:
            self.ledger_total = ledger.count_rounds(None)
            self.all_records = ledger.history(HISTORY_LIMIT, 0, None)
            self.error = ""
        except LedgerError as exc:
            log.warning("history: %s", exc)
            self.error = str(exc)
            self.all_records = []
        self.features = {r.round_id: round_features(r.events) for r in self.all_records}
        self.days = round_days(self.all_records)
        self._apply(keep_page=True)

    def _apply(self, keep_page: bool = False) -> None:
        if self.filter_day is not None and self.filter_day not in self.days:
            self.filter_day = None
        self.filtered = filter_rounds(self.all_records, self.filter_game, self.filter_day)
        self.total = len(self.filtered)
        if not keep_page:
            self.page, self.focus = 0, 0
        self.page = min(self.page, self.page_count - 1)
        self._mark_filters()
        self._page_records()

    def _page_records(self) -> None:
        start = self.page * ROWS_PER_PAGE
        self.records = self.filtered[start : start + ROWS_PER_PAGE]
        self.focus = min(self.focus, max(0, len(self.records) - 1))
        self.refresh_focus()

    @property
    def chart_points(self) -> list[tuple[str, int]]:
        return chart_series(self.filtered)

    # -- focus -----------------------------------------------------------------------------------
    def focus_items(self) -> list[FocusItem]:
        filters = [
            FocusItem(b.rect, b.click, key=f"game-{i}") for i, (_, b) in enumerate(self.game_buttons)
        ] + [
            FocusItem(self.day_prev.rect, self.day_prev.click, key="day-prev"),
            FocusItem(self.day_next.rect, self.day_next.click, key="day-next"),
        ]
        rows = [
            FocusItem(self.row_rect(i), functools.partial(self.open_row, i), key=f"row-{i}")
            for i in range(len(self.records))
        ]
        return filters + rows + super().focus_items()

    def refresh_focus(self, default: str = "") -> None:
        super().refresh_focus(default or (f"row-{self.focus}" if self.records else ""))
        focused = self.ring.focused
        if self.records and focused is not None and focused.key.startswith("row-"):
            self.ring.focus_key(f"row-{self.focus}")

    def go(self, delta: int) -> None:
        old = self.page
        super().go(delta)
        if self.page != old:
            self.focus = 0
            self._page_records()
            self.ring.focus_key("row-0")

    def on_resume(self) -> None:
        self._load()  # a replay or a new round may have changed what is newest

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(LEFT, TABLE_TOP + HEADER_H + i * ROW_H, RIGHT - LEFT, ROW_H - 4)

    @property
    def chart_rect(self) -> pygame.Rect:
        """The chart, right under the table's rows (no empty band under a short page)."""
        rows_h = len(self.records) * ROW_H if self.records else EMPTY_H
        top = TABLE_TOP + HEADER_H + rows_h + 8
        return pygame.Rect(CHART.left, top, CHART.w, CHART.bottom - top if len(self.records) else CHART.h)

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
        used = False
        for b in self.filter_buttons:
            used = b.handle(intent) or used
        if used:
            return True
        focused = self.ring.focused
        on_row = focused is None or focused.key.startswith("row-")
        if act is Act.POINTER_MOVE:
            self.hover = self.row_at(intent.pos)
        elif act is Act.UP and self.records and on_row:
            self.focus = max(0, self.focus - 1)
            self.ring.focus_key(f"row-{self.focus}")
            return True
        elif act is Act.DOWN and self.records and on_row:
            self.focus = min(len(self.records) - 1, self.focus + 1)
            self.ring.focus_key(f"row-{self.focus}")
            return True
        elif act in (Act.UP, Act.DOWN) and not on_row:
            self.ring.handle(Intent(Act.PREV if act is Act.UP else Act.NEXT))
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

    def update(self, dt: float) -> None:
        super().update(dt)
        for b in self.filter_buttons:
            b.update(dt)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_filters(self, surface: Canvas) -> None:
        a, tr, look = self.assets, self.tr, self.look
        cy = FILTER_Y + FILTER_H // 2
        text = tr.t(T_FILTER_GAME)
        font = fit_font(a, "text_bold", text, CHIPS_X - 10, 16)
        draw_text(surface, font, text, (LEFT + 4, cy), look.accent, anchor="midleft", shadow=False)
        last_chip = self.game_buttons[-1][1].rect.right
        text = tr.t(T_FILTER_DAY)
        room = self.day_prev.rect.left - last_chip - 16
        font = fit_font(a, "text_bold", text, max(30, room), 16)
        draw_text(
            surface,
            font,
            text,
            (self.day_prev.rect.left - 6, cy),
            look.accent,
            anchor="midright",
            shadow=False,
        )
        day = self.filter_day or tr.t(T_ALL_DAYS)
        box = self.day_label_rect.inflate(-4, -6)
        plate = Canvas.new(box.size, surface.k)
        draw.rect(plate, (*look.card_fill[:3], 220), plate.get_rect(), border_radius=8)
        draw.rect(plate, (*look.edge, 255), plate.get_rect(), width=2, border_radius=8)
        surface.blit(plate, box)
        font = fit_font(a, "text_bold", day, box.w - 24, 17)
        draw_text(surface, font, day, box.center, CREAM, shadow=False)
        for gid, b in self.game_buttons:
            if gid == self.filter_game:  # the chosen game: lit in the look's accent
                glow = Canvas.new(b.rect.inflate(10, 10).size, surface.k)
                draw.rect(glow, (*look.title, 90), glow.get_rect(), border_radius=12)
                surface.blit(glow, b.rect.inflate(10, 10))
        for b in self.filter_buttons:
            b.draw(surface, a)
        for gid, b in self.game_buttons:
            if gid == self.filter_game:
                draw.rect(surface, look.title, b.rect.inflate(6, 6), width=3, border_radius=10)

    def draw_page(self, surface: Canvas, index: int) -> None:
        a, tr, look = self.assets, self.tr, self.look
        self.draw_filters(surface)
        y = TABLE_TOP + HEADER_H // 2
        for title, x, anchor, room in COLUMNS:
            font = fit_font(a, "text_bold", tr.t(title), room, 15)
            draw_text(surface, font, tr.t(title), (x, y), look.accent, anchor=anchor, shadow=False)
        draw.line(surface, look.edge, (LEFT, TABLE_TOP + HEADER_H - 2), (RIGHT, TABLE_TOP + HEADER_H - 2), 1)
        empty_y = TABLE_TOP + HEADER_H + EMPTY_H // 2
        row_f = a.font("text", 17)
        if self.error:
            text = tr.t(T_LOAD_ERROR, error=self.error)
            font = fit_font(a, "text", text, RIGHT - LEFT - 20, 17)
            draw_text(surface, font, text, ((LEFT + RIGHT) // 2, empty_y), CREAM)
        elif not self.records:
            text = tr.t(T_EMPTY if not self.all_records else T_EMPTY_FILTER)
            draw_text(surface, row_f, text, (LEFT + 12, empty_y), CREAM, anchor="midleft")
        for i, rec in enumerate(self.records):
            self._draw_row(surface, i, rec)
        chart = self.chart_rect
        draw_balance_chart(
            surface,
            a,
            chart,
            self.chart_points,
            self.money,
            tr.t(T_CHART),
            tr.t(T_CHART_EMPTY),
            edge=look.edge,
        )
        self._draw_footer(surface)

    def _draw_row(self, surface: Canvas, i: int, rec) -> None:
        a, tr, look = self.assets, self.tr, self.look
        r = self.row_rect(i)
        plate = Canvas.new(r.size, surface.k)
        fill = look.row_hover if i == self.hover else (look.row_fill if i % 2 == 0 else look.row_alt)
        draw.rect(plate, fill, plate.get_rect(), border_radius=6)
        surface.blit(plate, r)
        game = self.ctx.games.get(rec.game_id)
        name = game.definition.name if game is not None else rec.game_id
        after = self.money(rec.balance_after_cents) if rec.balance_after_cents is not None else "—"
        features = ", ".join(tr.t(f) for f in self.features.get(rec.round_id, ())) or "—"
        cells = (
            f"#{rec.round_id}",
            local_time(rec.started_at),
            name,
            self.money(rec.bet_cents),
            win_text(self.money, tr, rec),
            after,
            features,
        )
        for col, ((_, x, anchor, room), text) in enumerate(zip(COLUMNS, cells, strict=True)):
            won = col == 4 and (rec.win_cents or 0) > 0
            colour = GOLD if won else SOFT if col in (0, 6) else CREAM
            font = fit_font(a, "text_bold" if won else "text", text, room, 17)
            draw_text(surface, font, text, (x, r.centery), colour, anchor=anchor, shadow=False)

    def _draw_footer(self, surface: Canvas) -> None:
        """Which rounds are shown, left of the page buttons; the hint right of them."""
        a, tr = self.assets, self.tr
        y = 640
        if self.total:
            first = self.page * ROWS_PER_PAGE + 1
            last = first + len(self.records) - 1
            text = tr.t(T_PAGE_OF, first=first, last=last, total=self.total)
            if self.ledger_total > len(self.all_records):
                text += " · " + tr.t(T_LATEST, n=len(self.all_records))
            font = fit_font(a, "text", text, 420, 16)
            draw_text(surface, font, text, (LEFT + 4, y), SOFT, anchor="midleft", shadow=False)
            hint = tr.t(T_HINT)
            font = fit_font(a, "text", hint, 420, 16)
            draw_text(surface, font, hint, (RIGHT - 4, y), DIM, anchor="midright", shadow=False)


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
