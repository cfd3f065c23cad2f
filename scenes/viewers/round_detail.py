"""One recorded round in detail (from the history): every step, paged, and REPLAY.

`RoundDetailScene(ctx, record)` shows the round's steps from its stored events, as the game's
presentation lists them (`scenes.presentation`, `Presentation.detail_steps`): each spin and cascade
step as its grid with small symbol thumbnails, the winning cells framed (held cells in teal),
its wins listed; the shared events in one line each (free-spins end, the cap in the player's
words and currency, the total); and the game's own steps (the Stones' trigger, picks and
free-spins features), drawn by its presentation. Long rounds continue on further pages.
REPLAY re-animates the round on the reels (`scenes.viewers.replay.ReplayScene`).

Every win of every spin and cascade is listed: a spin's card grows to hold its wins, and a spin
with more wins than a card can hold continues on the next card (`expand_steps`, pure; tested),
its grid on the first. `paginate_steps(steps, height)` lays the steps out in two columns per
page (pure; tested).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.events import CascadeEvent, SpinEvent, events_from_json
from scenes.core.canvas import Canvas, draw
from scenes.core.context import AppContext
from scenes.core.intents import Act, Intent
from scenes.core.text import draw_text, fit_font, wrap_text
from scenes.core.theme import CREAM, DIM, GOLD, SOFT, TEAL
from scenes.presentation import presentation_or_plain
from scenes.presentation.base import Step
from scenes.presentation.hosts import DetailHost, facade
from scenes.viewers.history import T_REPLAY, local_time, win_text
from scenes.viewers.paytable import CONTENT, PagedOverlayScene, card
from scenes.widgets import Button

# Player-facing msgids (assets/locale/*.json)
T_DETAIL = "ROUND {id}"
T_SUMMARY = "{time} · {game} · Bet {bet} ({lines} lines, level {level}, coin {coin}) · Win {win}"
T_BALANCES = "Balance before {before} · after {after}"
T_VOID_REASON = "Round void: {reason}"
T_BASE_SPIN = "MAIN GAME SPIN"
T_FREE_SPIN = "FREE SPIN {index} of {total}"
T_RESPIN = "RE-SPIN"
T_CASCADE = "CASCADE {step}"
T_MULT = "x{mult}"
T_NO_WIN = "No win"
T_LINE_WIN = "Line {line}: {count} × {symbol}"
T_SCATTER_WIN = "Scatter: {count} × {symbol}"
T_SPIN_WIN = "Spin win {coins:,} coins · {money}"
T_WAITING = "The round waits for a pick."
T_CONTINUED = "{title} (continued)"

COLUMN_GAP = 10
CELL = 38  # px of a grid cell's thumbnail
WIN_LINE_H = 19  # px a listed win takes
WINS_TOP = 34  # px from a spin card's top to its first win
WINS_BOTTOM = 30  # px under the last win: the spin's total


@dataclass(frozen=True, slots=True)
class WinSlice:
    """Which of a spin's wins one card lists: `start` to `stop`; `first` is the card with the
    grid (False: a continuation card)."""

    start: int
    stop: int
    first: bool = True


def spin_card_height(rows: int, wins: int) -> int:
    """The height of a spin card showing a grid of `rows` rows and `wins` wins."""
    grid = CELL * rows + 22
    return max(grid, WINS_TOP + WIN_LINE_H * max(1, wins) + WINS_BOTTOM)


def expand_steps(steps: list[Step], max_height: int) -> list[Step]:
    """The steps with each spin card as tall as its wins need; a spin with more wins than fit
    in `max_height` continues on further cards (`WinSlice` in `data`), none cut."""
    out: list[Step] = []
    for step in steps:
        spin = step.spin
        if step.kind != "spin" or spin is None:
            out.append(step)
            continue
        rows, wins = len(spin.grid[0]) if spin.grid else 0, len(spin.wins)
        per_card = max(1, (max_height - WINS_TOP - WINS_BOTTOM) // WIN_LINE_H)
        if wins <= per_card:
            out.append(replace(step, height=spin_card_height(rows, wins), data=WinSlice(0, wins)))
            continue
        for start in range(0, wins, per_card):
            stop = min(wins, start + per_card)
            height = spin_card_height(rows if start == 0 else 0, stop - start)
            out.append(replace(step, height=height, data=WinSlice(start, stop, first=start == 0)))
    return out


def paginate_steps(steps: list[Step], height: int, columns: int = 2) -> list[list[list[Step]]]:
    """Pages of columns of steps, each column at most `height` px tall, in reading order."""
    pages: list[list[list[Step]]] = []
    cols: list[list[Step]] = [[]]
    used = 0
    for step in steps:
        if cols[-1] and used + step.height > height:
            if len(cols) == columns:
                pages.append(cols)
                cols = [[]]
            else:
                cols.append([])
            used = 0
        cols[-1].append(step)
        used += step.height + COLUMN_GAP
    if cols[-1] or not pages:
        pages.append(cols)
    return pages


class RoundDetailScene(PagedOverlayScene):
    """Every step of one recorded round, paged; REPLAY plays it again on the reels."""

    def __init__(self, ctx: AppContext, record) -> None:
        super().__init__(ctx, record.game_id if record.game_id in ctx.games else None, T_DETAIL)
        self.record = record
        loaded = ctx.games.get(record.game_id)
        self.definition = loaded.definition if loaded is not None else None
        self.presentation = presentation_or_plain(self.definition)
        self.face: DetailHost = facade(self, DetailHost)  # what the presentation draws with
        events = events_from_json(record.events) if record.events else []
        steps = self.presentation.detail_steps(events, self.definition, record.bet)
        self.steps = expand_steps(steps, CONTENT.h - 56)
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

    def on_enter(self) -> None:
        self.refresh_focus("extra-0")  # REPLAY, when the round can be replayed

    def page_title(self, index: int) -> str:
        game = self.definition.name if self.definition is not None else self.record.game_id
        return f"{self.tr.t(T_DETAIL, id=self.record.round_id)} · {game}"

    def replay(self) -> None:
        from scenes.viewers.replay import ReplayScene  # the reels machinery loads only when asked

        if self.stack is not None:
            self.stack.push(ReplayScene(self.ctx, self.record))

    def handle(self, intent: Intent) -> bool:
        if intent.act is Act.CONFIRM and self.replay_btn.enabled:
            self.replay()
            return True
        return super().handle(intent)

    # -- words -----------------------------------------------------------------------------------
    def symbol_name(self, symbol: str) -> str:
        """The symbol's name in the player's language (its id for a game no longer installed)."""
        if self.definition is None:
            return symbol
        try:
            return self.tr.gettext(self.definition.symbol(symbol).name)
        except KeyError:
            return symbol

    def coin_money(self, coins: int) -> str:
        return self.money(self.record.bet.coins_to_cents(coins))

    # -- drawing ---------------------------------------------------------------------------------
    def draw_page(self, surface: Canvas, index: int) -> None:
        a, tr, rec = self.assets, self.tr, self.record
        bet = rec.bet
        game = self.definition.name if self.definition is not None else rec.game_id
        summary = tr.t(
            T_SUMMARY,
            time=local_time(rec.started_at),
            game=game,
            bet=self.money(rec.bet_cents),
            lines=bet.lines,
            level=bet.level,
            coin=self.money(bet.coin_value_cents),
            win=win_text(self.money, tr, rec),
        )
        font = fit_font(a, "text", summary, CONTENT.w, 18)
        draw_text(surface, font, summary, (CONTENT.centerx, CONTENT.top + 6), CREAM, shadow=False)
        after = self.money(rec.balance_after_cents) if rec.balance_after_cents is not None else "—"
        balances = tr.t(T_BALANCES, before=self.money(rec.balance_before_cents), after=after)
        draw_text(
            surface,
            a.font("text_bold", 17),
            balances,
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
                y += step.height + COLUMN_GAP
        if rec.status == "void":
            reason = tr.t(T_VOID_REASON, reason=tr.translate_text(rec.void_reason or ""))
            lines = wrap_text(a.font("text", 20), reason, CONTENT.w - 80)
            for i, line in enumerate(lines):
                pos = (CONTENT.centerx, CONTENT.centery + 28 * i)
                draw_text(surface, a.font("text", 20), line, pos, CREAM)
        elif not self.steps:
            draw_text(surface, a.font("text", 20), tr.t(T_WAITING), CONTENT.center, CREAM)

    def _draw_step(self, surface: Canvas, step: Step, r: pygame.Rect) -> None:
        card(surface, r)
        if step.kind == "spin" and step.spin is not None:
            part = step.data if isinstance(step.data, WinSlice) else WinSlice(0, len(step.spin.wins))
            self._draw_spin(surface, step.spin, r, part)
        elif step.kind == "text":
            text = self.tr.say(step.text)
            font = fit_font(self.assets, "text_bold", text, r.w - 30, 17)
            pos = (r.left + 16, r.centery)
            draw_text(surface, font, text, pos, step.colour, anchor="midleft", shadow=False)
        else:
            self.presentation.draw_step(self.face, surface, step, r)

    def _spin_title(self, spin: SpinEvent | CascadeEvent) -> str:
        tr = self.tr
        if isinstance(spin, CascadeEvent):
            title = tr.t(T_CASCADE, step=spin.step)
        elif spin.mode == "base":
            title = tr.t(T_BASE_SPIN)
        elif spin.mode == "respin":
            title = tr.t(T_RESPIN)
        else:
            title = tr.t(T_FREE_SPIN, index=spin.spin_index or 0, total=spin.spins_total or 0)
        if spin.multiplier > 1:
            title += "  " + tr.t(T_MULT, mult=spin.multiplier)
        return title

    def _draw_spin(
        self, surface: Canvas, spin: SpinEvent | CascadeEvent, r: pygame.Rect, part: WinSlice
    ) -> None:
        a, tr = self.assets, self.tr
        cell = CELL
        gx, gy = r.left + 12, r.top + 11
        grid_rect = pygame.Rect(gx - 3, gy - 3, cell * len(spin.grid) + 6, cell * len(spin.grid[0]) + 6)
        if part.first:
            self._draw_grid(surface, spin, grid_rect)
        tx = grid_rect.right + 14 if part.first else r.left + 16
        title = self._spin_title(spin)
        if not part.first:
            title = tr.t(T_CONTINUED, title=title)
        title_font = fit_font(a, "text_bold", title, r.right - 12 - tx, 16)
        pos = (tx, r.top + 10)
        draw_text(surface, title_font, title, pos, self.look.title, anchor="topleft", shadow=False)
        y = r.top + WINS_TOP
        body = a.font("text", 15)
        for w in spin.wins[part.start : part.stop]:
            name = self.symbol_name(w.symbol)
            if w.kind == "scatter":
                label = tr.t(T_SCATTER_WIN, count=w.count, symbol=name)
            else:
                label = tr.t(T_LINE_WIN, line=w.line, count=w.count, symbol=name)
            money = self.coin_money(w.coins)
            money_w = body.size(money)[0]
            font = fit_font(a, "text", label, r.right - 24 - money_w - tx, 15)
            draw_text(surface, font, label, (tx, y), CREAM, anchor="topleft", shadow=False)
            draw_text(surface, body, money, (r.right - 12, y), CREAM, anchor="topright", shadow=False)
            y += WIN_LINE_H
        if part.stop < len(spin.wins):  # the rest on the next card: no total yet
            return
        total = (
            tr.t(T_SPIN_WIN, coins=spin.win_coins, money=self.coin_money(spin.win_coins))
            if spin.wins
            else tr.t(T_NO_WIN)
        )
        colour = GOLD if spin.wins else DIM
        draw_text(
            surface,
            fit_font(a, "text_bold", total, r.right - 12 - tx, 15),
            total,
            (tx, r.bottom - 8),
            colour,
            anchor="bottomleft",
            shadow=False,
        )

    def _draw_grid(self, surface: Canvas, spin: SpinEvent | CascadeEvent, grid_rect: pygame.Rect) -> None:
        """The spin's grid as thumbnails, the winning cells framed (held cells in teal)."""
        a, cell = self.assets, CELL
        gx, gy = grid_rect.left + 3, grid_rect.top + 3
        wins = {tuple(p) for w in spin.wins for p in w.positions}
        held = {tuple(p) for p in spin.held} if isinstance(spin, SpinEvent) else set()
        draw.rect(surface, (8, 6, 6), grid_rect, border_radius=6)
        for reel, column in enumerate(spin.grid):
            for row, sym in enumerate(column):
                rel = f"{self.game_id}/symbols/{sym}"
                pos = (gx + reel * cell, gy + row * cell)
                if self.game_id and a.has_image(rel):
                    surface.blit(a.scaled(rel, (cell - 2, cell - 2)), pos)
                frame = GOLD if (reel, row) in wins else TEAL if (reel, row) in held else None
                if frame is not None:
                    draw.rect(surface, frame, (*pos, cell - 2, cell - 2), width=2, border_radius=5)
