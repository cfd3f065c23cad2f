"""Game history (H): the latest rounds from the ledger, newest first, and one round in detail.

`HistoryScene(ctx, game_id=None)` lists rounds 8 to a page (date and time in local time, game,
bet, win, balance before and after); the ledger is the source, so the history survives restarts
(CERTIFICATION G1). Below the list a small chart shows this session's balance. Clicking a row
(or Enter on the highlighted one) opens `RoundDetailScene`.

`RoundDetailScene(ctx, record)` shows every step of the round from its stored events: each spin's
grid with small symbol thumbnails and the winning cells framed, its wins listed, the free-spins
trigger, the stones picked (and the ones not picked, greyed), the free-spins features, the cap and
the total. Long rounds continue on further pages. REPLAY re-animates the round on the reels
(`scenes.replay.ReplayScene`).

`detail_steps(events)` turns events into the steps shown (pure; tested without drawing).

Entry point for the reels scene and the settings menu: `open_history(ctx, stack, game_id=None)`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pygame

from game.events import FreeSpinsEndEvent, RoundEndEvent, SpinEvent, WinCapEvent, events_from_json
from game.games.stones.events import (
    FreeSpinsStartEvent,
    FreeSpinsTriggerEvent,
    PickRevealEvent,
    PicksDoneEvent,
    StoneReveal,
)
from game.ledger import LedgerError
from scenes.balance_chart import T_NO_POINTS, draw_balance_chart
from scenes.intents import Act, Intent
from scenes.paytable import CONTENT, CREAM, DIM, GOLD, SOFT, PagedOverlayScene, card
from scenes.paytable_pages import stone_label
from scenes.text import draw_text, fit_font, wrap_text
from scenes.widgets import Button

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
T_VOID_REASON = "Round void: {reason}"
T_EMPTY = "No rounds played yet."
T_SESSION = "THIS SESSION"
T_PAGE_OF = "Rounds {first}–{last} of {total}"
T_HINT = "Click a round to see every step and replay it."
T_DETAIL = "ROUND {id}"
T_SUMMARY = "{time} · {game} · Bet {bet} ({lines} lines, level {level}, coin {coin}) · Win {win}"
T_BALANCES = "Balance before {before} · after {after}"
T_REPLAY = "REPLAY"
T_BASE_SPIN = "MAIN GAME SPIN"
T_FREE_SPIN = "FREE SPIN {index} of {total}"
T_MULT = "x{mult}"
T_NO_WIN = "No win"
T_LINE_WIN = "Line {line}: {count} × {symbol}"
T_SCATTER_WIN = "Scatter: {count} × {symbol}"
T_SPIN_WIN = "Spin win {coins:,} coins · {money}"
T_TRIGGER = "{count} × {symbol}: {spins} FREE SPINS, {picks} stones to pick"
T_PICKED = "STONES PICKED"
T_FREE_START = "FREE SPINS: {spins} spins at x{mult}"
T_WILD_REELS = "Wild reels: {reels}"
T_WILD_SYMBOLS = "Wild: {names}"
T_FREE_END = "Free spins paid {coins:,} coins in {spins} spins"
T_CAP = "MAXIMUM WIN REACHED: {reason}"
T_END = "ROUND TOTAL: {coins:,} coins · {money}"
T_WAITING = "The round waits for a pick."
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
ROW_FILL = (40, 28, 22, 150)
ROW_HOVER = (110, 76, 36, 200)


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


# -- the steps of one round -----------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One thing shown in the detail: `kind` spin | trigger | picks | free_start | free_end | cap | end."""

    kind: str
    spin: SpinEvent | None = None
    event: object | None = None
    picked: tuple[tuple[int, StoneReveal], ...] = ()
    unpicked: tuple[tuple[int, StoneReveal], ...] = ()
    extra: dict = field(default_factory=dict)

    @property
    def height(self) -> int:
        return {"spin": 136, "picks": 136}.get(self.kind, 54)


def detail_steps(events: list) -> list[Step]:
    """The steps of a round from its events, in order (picks gathered into one step)."""
    steps: list[Step] = []
    picked: list[tuple[int, StoneReveal]] = []
    for ev in events:
        if isinstance(ev, SpinEvent):
            steps.append(Step("spin", spin=ev))
        elif isinstance(ev, FreeSpinsTriggerEvent):
            steps.append(Step("trigger", event=ev))
        elif isinstance(ev, PickRevealEvent):
            picked.append((ev.index, ev.feature))
        elif isinstance(ev, PicksDoneEvent):
            steps.append(Step("picks", picked=tuple(picked), unpicked=tuple(ev.unpicked)))
            picked = []
        elif isinstance(ev, FreeSpinsStartEvent):
            steps.append(Step("free_start", event=ev))
        elif isinstance(ev, FreeSpinsEndEvent):
            steps.append(Step("free_end", event=ev))
        elif isinstance(ev, WinCapEvent):
            steps.append(Step("cap", event=ev))
        elif isinstance(ev, RoundEndEvent):
            steps.append(Step("end", event=ev))
    if picked:  # a round still waiting for picks: show those made so far
        steps.append(Step("picks", picked=tuple(picked)))
    return steps


def paginate_steps(steps: list[Step], height: int, columns: int = 2) -> list[list[list[Step]]]:
    """Pages of columns of steps, each column at most `height` px tall, in reading order."""
    pages: list[list[list[Step]]] = []
    cols: list[list[Step]] = [[]]
    used = 0
    gap = 10
    for step in steps:
        if cols[-1] and used + step.height > height:
            if len(cols) == columns:
                pages.append(cols)
                cols = [[]]
            else:
                cols.append([])
            used = 0
        cols[-1].append(step)
        used += step.height + gap
    if cols[-1] or not pages:
        pages.append(cols)
    return pages


# -- the list ------------------------------------------------------------------------------------
class HistoryScene(PagedOverlayScene):
    toggle_act = Act.HISTORY

    def __init__(self, ctx, game_id: str | None = None) -> None:
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

    def go(self, delta: int) -> None:
        old = self.page
        super().go(delta)
        if self.page != old:
            self.focus = 0
            self._load()

    def on_resume(self) -> None:
        self._load()  # a replay or a new round may have changed what is newest

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
        self.stack.push(RoundDetailScene(self.ctx, record))

    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.POINTER_MOVE:
            self.hover = self.row_at(intent.pos)
        elif act is Act.UP and self.records:
            self.focus = max(0, self.focus - 1)
            return True
        elif act is Act.DOWN and self.records:
            self.focus = min(len(self.records) - 1, self.focus + 1)
            return True
        elif act is Act.CONFIRM:
            self.open_row(self.focus)
            return True
        return super().handle(intent)

    def click(self, pos: tuple[int, int] | None) -> None:
        row = self.row_at(pos)
        if row is not None:
            self.focus = row
            self.open_row(row)

    def draw_page(self, surface: pygame.Surface, index: int) -> None:
        a, tr = self.assets, self.tr
        head_f, row_f, small = a.font("text_bold", 15), a.font("text", 18), a.font("text", 15)
        y = TABLE_TOP + HEADER_H // 2
        for title, x, anchor in COLUMNS:
            draw_text(surface, head_f, tr.t(title), (x, y), SOFT, anchor=anchor, shadow=False)
        if self.error:
            draw_text(
                surface,
                row_f,
                tr.t(T_LOAD_ERROR, error=self.error),
                (CONTENT.centerx, TABLE_TOP + 120),
                CREAM,
            )
        elif not self.records:
            draw_text(surface, row_f, tr.t(T_EMPTY), (CONTENT.centerx, TABLE_TOP + 120), CREAM)
        for i, rec in enumerate(self.records):
            r = self.row_rect(i)
            plate = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(
                plate, ROW_HOVER if i == self.hover else ROW_FILL, plate.get_rect(), border_radius=8
            )
            if i == self.focus:  # keyboard focus: a gold outline, distinct from the pointer's hover
                pygame.draw.rect(plate, (*GOLD, 220), plate.get_rect(), width=2, border_radius=8)
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
                draw_text(surface, row_f, text, (x, cy), colour, anchor=anchor, shadow=False)
        if self.total:
            first = self.page * ROWS_PER_PAGE + 1
            last = first + len(self.records) - 1
            draw_text(
                surface,
                small,
                tr.t(T_PAGE_OF, first=first, last=last, total=self.total),
                (CONTENT.right - 4, CHART.top + 14),
                SOFT,
                anchor="topright",
                shadow=False,
            )
            draw_text(
                surface,
                small,
                tr.t(T_HINT),
                (CONTENT.right - 4, CHART.top + 40),
                DIM,
                anchor="topright",
                shadow=False,
            )
        draw_balance_chart(
            surface, a, CHART, self.session_points, self.money, tr.t(T_SESSION), tr.gettext(T_NO_POINTS)
        )


def open_history(ctx, stack, game_id: str | None = None) -> HistoryScene:
    """Push the game history (the reels scene's H key and history button)."""
    scene = HistoryScene(ctx, game_id)
    stack.push(scene)
    return scene


def win_text(money, tr, rec) -> str:
    """The win column: the amount, or why there is none (still open, or void and refunded)."""
    if rec.status == "void":
        return tr.t(T_VOID)
    return money(rec.win_cents) if rec.win_cents is not None else tr.t(T_OPEN)


# -- one round -----------------------------------------------------------------------------------
class RoundDetailScene(PagedOverlayScene):
    """Every step of one recorded round, paged; REPLAY plays it again on the reels."""

    def __init__(self, ctx, record) -> None:
        super().__init__(ctx, record.game_id if record.game_id in ctx.games else None, T_DETAIL)
        self.record = record
        loaded = ctx.games.get(record.game_id)
        self.definition = loaded.definition if loaded is not None else None
        events = events_from_json(record.events) if record.events else []
        self.steps = detail_steps(events)
        self.pages = paginate_steps(self.steps, CONTENT.h - 56)
        self.replay_btn = Button(
            pygame.Rect(CONTENT.right - 190, 612, 180, 52),
            label=self.tr.t(T_REPLAY),
            on_click=self.replay,
            enabled=record.status == "closed" and loaded is not None,
        )
        self.extra_buttons = [self.replay_btn]

    @property
    def page_count(self) -> int:
        return len(self.pages)

    def page_title(self, index: int) -> str:
        game = self.definition.name if self.definition is not None else self.record.game_id
        return f"{self.tr.t(T_DETAIL, id=self.record.round_id)} · {game}"

    def replay(self) -> None:
        from scenes.replay import ReplayScene  # the reels machinery loads only when asked

        if self.stack is not None:
            self.stack.push(ReplayScene(self.ctx, self.record))

    def handle(self, intent: Intent) -> bool:
        if intent.act is Act.CONFIRM and self.replay_btn.enabled:
            self.replay()
            return True
        return super().handle(intent)

    # -- drawing ---------------------------------------------------------------------------------
    def _name(self, symbol: str) -> str:
        if self.definition is None:
            return symbol
        try:
            return self.definition.symbol(symbol).name
        except KeyError:
            return symbol

    def _coin_money(self, coins: int) -> str:
        return self.money(coins * self.record.bet.coin_value_cents)

    def draw_page(self, surface: pygame.Surface, index: int) -> None:
        a, tr, rec = self.assets, self.tr, self.record
        bet = rec.bet
        summary = tr.t(
            T_SUMMARY,
            time=local_time(rec.started_at),
            game=rec.game_id,
            bet=self.money(rec.bet_cents),
            lines=bet.lines,
            level=bet.level,
            coin=self.money(bet.coin_value_cents),
            win=win_text(self.money, tr, rec),
        )
        if self.definition is not None:
            summary = summary.replace(f" · {rec.game_id} · ", f" · {self.definition.name} · ", 1)
        font = fit_font(a, "text", summary, CONTENT.w, 18)
        draw_text(surface, font, summary, (CONTENT.centerx, CONTENT.top + 6), CREAM, shadow=False)
        after = self.money(rec.balance_after_cents) if rec.balance_after_cents is not None else "—"
        draw_text(
            surface,
            a.font("text_bold", 17),
            tr.t(T_BALANCES, before=self.money(rec.balance_before_cents), after=after),
            (CONTENT.centerx, CONTENT.top + 32),
            SOFT,
            shadow=False,
        )
        col_w = (CONTENT.w - 20) // 2
        for c, column in enumerate(self.pages[index]):
            x = CONTENT.left + c * (col_w + 20)
            y = CONTENT.top + 58
            for step in column:
                r = pygame.Rect(x, y, col_w, step.height)
                self._draw_step(surface, step, r)
                y += step.height + 10
        if rec.status == "void":
            reason = tr.t(T_VOID_REASON, reason=tr.translate_text(rec.void_reason or ""))
            lines = wrap_text(a.font("text", 20), reason, CONTENT.w - 80)
            for i, line in enumerate(lines):
                pos = (CONTENT.centerx, CONTENT.centery + 28 * i)
                draw_text(surface, a.font("text", 20), line, pos, CREAM)
        elif not self.steps:
            draw_text(surface, a.font("text", 20), tr.t(T_WAITING), CONTENT.center, CREAM)

    def _draw_step(self, surface: pygame.Surface, step: Step, r: pygame.Rect) -> None:
        a, tr = self.assets, self.tr
        card(surface, r)
        if step.kind == "spin":
            self._draw_spin(surface, step.spin, r)
        elif step.kind == "picks":
            self._draw_picks(surface, step, r)
        else:
            ev = step.event
            text, colour = "", CREAM
            if isinstance(ev, FreeSpinsTriggerEvent):
                text, colour = (
                    tr.t(
                        T_TRIGGER,
                        count=ev.count,
                        symbol=self._name(ev.symbol),
                        spins=ev.spins,
                        picks=ev.picks,
                    ),
                    GOLD,
                )
            elif isinstance(ev, FreeSpinsStartEvent):
                parts = [tr.t(T_FREE_START, spins=ev.spins, mult=ev.multiplier)]
                if ev.wild_reels:
                    parts.append(tr.t(T_WILD_REELS, reels=", ".join(str(n) for n in ev.wild_reels)))
                extra = [
                    s
                    for s in ev.wild_symbols
                    if self.definition is None or self.definition.symbol(s).kind != "wild"
                ]
                if extra:
                    parts.append(tr.t(T_WILD_SYMBOLS, names=", ".join(self._name(s) for s in extra)))
                text, colour = " · ".join(parts), GOLD
            elif isinstance(ev, FreeSpinsEndEvent):
                text = tr.t(T_FREE_END, coins=ev.win_coins, spins=ev.spins_played)
            elif isinstance(ev, WinCapEvent):
                text, colour = tr.t(T_CAP, reason=ev.reason), (255, 150, 120)
            elif isinstance(ev, RoundEndEvent):
                text, colour = (
                    tr.t(T_END, coins=ev.total_win_coins, money=self._coin_money(ev.total_win_coins)),
                    GOLD,
                )
            font = fit_font(a, "text_bold", text, r.w - 30, 17)
            draw_text(surface, font, text, (r.left + 16, r.centery), colour, anchor="midleft", shadow=False)

    def _draw_spin(self, surface: pygame.Surface, spin: SpinEvent | None, r: pygame.Rect) -> None:
        if spin is None:
            return
        a, tr = self.assets, self.tr
        cell = 38
        gx, gy = r.left + 12, r.top + 11
        wins = {tuple(p) for w in spin.wins for p in w.positions}
        grid_rect = pygame.Rect(gx - 3, gy - 3, cell * len(spin.grid) + 6, cell * len(spin.grid[0]) + 6)
        pygame.draw.rect(surface, (8, 6, 6), grid_rect, border_radius=6)
        for reel, column in enumerate(spin.grid):
            for row, sym in enumerate(column):
                rel = f"{self.game_id}/symbols/{sym}"
                pos = (gx + reel * cell, gy + row * cell)
                if self.game_id and a.has_image(rel):
                    surface.blit(a.scaled(rel, (cell - 2, cell - 2)), pos)
                if (reel, row) in wins:
                    pygame.draw.rect(surface, GOLD, (*pos, cell - 2, cell - 2), width=2, border_radius=5)
        tx = grid_rect.right + 14
        title = (
            tr.t(T_BASE_SPIN)
            if spin.mode == "base"
            else tr.t(T_FREE_SPIN, index=spin.spin_index or 0, total=spin.spins_total or 0)
        )
        if spin.multiplier > 1:
            title += "  " + tr.t(T_MULT, mult=spin.multiplier)
        draw_text(
            surface, a.font("text_bold", 16), title, (tx, r.top + 10), GOLD, anchor="topleft", shadow=False
        )
        y = r.top + 32
        body = a.font("text", 15)
        shown = spin.wins[:4] if len(spin.wins) <= 4 else spin.wins[:3]
        for w in shown:
            if w.kind == "scatter":
                label = tr.t(T_SCATTER_WIN, count=w.count, symbol=self._name(w.symbol))
            else:
                label = tr.t(T_LINE_WIN, line=w.line, count=w.count, symbol=self._name(w.symbol))
            draw_text(surface, body, label, (tx, y), CREAM, anchor="topleft", shadow=False)
            draw_text(
                surface,
                body,
                self._coin_money(w.coins),
                (r.right - 12, y),
                CREAM,
                anchor="topright",
                shadow=False,
            )
            y += 18
        if len(spin.wins) > len(shown):
            draw_text(
                surface,
                body,
                f"+{len(spin.wins) - len(shown)}…",
                (tx, y),
                SOFT,
                anchor="topleft",
                shadow=False,
            )
        total = (
            tr.t(T_SPIN_WIN, coins=spin.win_coins, money=self._coin_money(spin.win_coins))
            if spin.wins
            else tr.t(T_NO_WIN)
        )
        draw_text(
            surface,
            a.font("text_bold", 15),
            total,
            (tx, r.bottom - 8),
            GOLD if spin.wins else DIM,
            anchor="bottomleft",
            shadow=False,
        )

    def _draw_picks(self, surface: pygame.Surface, step: Step, r: pygame.Rect) -> None:
        a, tr = self.assets, self.tr
        draw_text(
            surface,
            a.font("text_bold", 16),
            tr.t(T_PICKED),
            (r.left + 14, r.top + 10),
            GOLD,
            anchor="topleft",
            shadow=False,
        )
        x, y = r.left + 30, r.top + 34
        size, pitch = 56, 100
        for _, feature in step.picked:
            self._stone(surface, feature, (x, y), size, bright=True)
            if self.definition is not None:
                label = _reveal_label(feature, self.definition, tr)
                font = fit_font(a, "text_bold", label, pitch - 8, 13, min_size=9)
                draw_text(surface, font, label, (x + size // 2, y + size + 14), CREAM, shadow=False)
            x += pitch
        # the stones nobody picked, small and greyed, as large as the space left allows
        x, y = r.left + 30 + pitch * max(1, len(step.picked)) - 10, r.top + 34
        avail_w, avail_h = r.right - 10 - x, r.bottom - 8 - y
        n = len(step.unpicked)
        small = 28
        while small > 12:
            cols = max(1, avail_w // (small + 4))
            if -(-n // cols) * (small + 4) <= avail_h:
                break
            small -= 2
        cols = max(1, avail_w // (small + 4))
        for i, (_, feature) in enumerate(step.unpicked):
            self._stone(
                surface,
                feature,
                (x + (i % cols) * (small + 4), y + (i // cols) * (small + 4)),
                small,
                bright=False,
            )

    def _stone(
        self, surface: pygame.Surface, feature: StoneReveal, pos: tuple[int, int], size: int, bright: bool
    ) -> None:
        a = self.assets
        rel = f"{self.game_id}/tablet/{feature.key}"
        if not (self.game_id and a.has_image(rel)):
            return
        if bright:
            surface.blit(a.scaled(rel, (size, size)), pos)
        else:
            surface.blit(a.tinted(rel, (120, 120, 120, 170), (size, size)), pos)


def _reveal_label(feature: StoneReveal, defn, tr) -> str:
    from game.games.stones.model import StoneFeature

    stone = StoneFeature(kind=feature.kind, value=feature.value, symbol=feature.symbol)
    return stone_label(stone, defn, tr)
