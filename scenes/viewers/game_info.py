"""The rules viewer's GAME INFO page: RTP, hit frequency, volatility, top award, largest win and how
round wins are spread, drawn as a commercial slot's info page.

The figures come from the game's precomputed `par_info.json` (`game.math.info`: the par sheet with
its volatility section, stamped with the data file's SHA-256), read once per data file; a file
that is missing or stamped for other data shows "not available" rather than wrong figures.
Nothing is computed at run time, so opening the page costs one small file read.

Left: six figure tiles (the volatility tile with a four-step meter). Right: the share of rounds
in each win bucket (× the total bet) as bars on a log scale, each labelled with its percentage.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.math.info import INFO_FILE, read_info
from scenes.core.canvas import Canvas, draw
from scenes.core.context import AppContext
from scenes.core.text import draw_text, fit_font, wrap_text
from scenes.viewers.paytable import CARD_EDGE, CREAM, DIM, GOLD, SOFT, card

# Player-facing strings (one place, for the translation layer).
T_INFO = "GAME INFO"
T_RTP = "RETURN TO PLAYER"
T_HIT = "HIT FREQUENCY"
T_HIT_ONE_IN = "a win about 1 round in {n}"
T_VOLATILITY = "VOLATILITY"
T_INDEX = "index {vi90} (90 %) · {vi95} (95 %)"
T_SD = "STANDARD DEVIATION"
T_X_BET = "{x} × bet"
T_SD_EXACT = "per round, exact"
T_SD_SAMPLED = "per round, 99 % interval {lo}–{hi}"
T_TOP = "TOP AWARD"
T_TOP_ODDS = "about 1 round in {n}"
T_LARGEST = "LARGEST POSSIBLE WIN"
T_LARGEST_NOTE = "in one round, by the paytable's limits"
T_LARGEST_CAP = "the win cap at the default bet"
T_CHART = "HOW ROUNDS PAY"
T_CHART_AXIS = "Round win in × the total bet · share of rounds (log scale)"
T_CHART_NOTE = "{n} simulated rounds at the default bet"
T_NO_WIN = "no win"
T_NOT_AVAILABLE = "Game info is not available for this version of the game data."
T_CLASSES = {"low": "LOW", "medium": "MEDIUM", "high": "HIGH", "very high": "VERY HIGH"}
"""Volatility class → its msgid."""
BUCKETS = ("0", "0–1", "1–2", "2–5", "5–10", "10–20", "20–50", "50–100", "100–250", "250–1k", ">1k")
"""The buckets' axis labels (figures and signs only: the same in every language)."""
LOG_FLOOR = 1e-6
"""The chart's lowest share (0.0001 % of rounds): bars start here."""

_CACHE: dict[tuple[str, str], dict[str, Any] | None] = {}


def info_for(ctx: AppContext, game_id: str) -> dict[str, Any] | None:
    """The game's info figures if its file matches the installed data (cached per data file)."""
    loaded = ctx.games[game_id]
    key = (game_id, loaded.sha256)
    if key not in _CACHE:
        _CACHE[key] = read_info(ctx.assets.path("games", game_id, INFO_FILE), loaded.sha256)
    return _CACHE[key]


def _pct(tr, p: float, decimals: int = 2) -> str:
    return tr.format_number(round(p * 100 * 10**decimals), decimals) + " %"


def _share(tr, p: float) -> str:
    """A bucket's share with the decimals its size needs (70.6 %, 0.31 %, 0.0012 %)."""
    if p <= 0:
        return "0 %"
    pct = p * 100
    decimals = 1 if pct >= 10 else 2 if pct >= 0.1 else 3 if pct >= 0.01 else 4
    return tr.format_number(round(pct * 10**decimals), decimals) + " %"


def _num(tr, x: float, decimals: int = 0) -> str:
    return tr.format_number(round(x * 10**decimals), decimals)


def draw_game_info(surface: Canvas, ctx: AppContext, game_id: str, rect: pygame.Rect) -> None:
    """The whole page inside `rect` (the viewer's content area)."""
    tr, assets = ctx.i18n, ctx.assets
    info = info_for(ctx, game_id)
    if info is None:
        box = rect.inflate(-200, -300)
        card(surface, box)
        draw_text(surface, assets.font("text", 22), tr.t(T_NOT_AVAILABLE), box.center, CREAM, shadow=False)
        return
    gap = 14
    left = pygame.Rect(rect.left + 10, rect.top + 4, 470, rect.h - 8)
    tile_w, tile_h = (left.w - gap) // 2, (left.h - 2 * gap) // 3
    tiles = [
        (T_RTP, _pct(tr, info["rtp"]), "", None),
        (
            T_HIT,
            _pct(tr, info["hit_frequency"]),
            tr.t(T_HIT_ONE_IN, n=_num(tr, 1 / info["hit_frequency"], 1)),
            None,
        ),
        (
            T_VOLATILITY,
            tr.t(T_CLASSES[info["class"]]),
            tr.t(T_INDEX, vi90=_num(tr, info["vi90"], 1), vi95=_num(tr, info["vi95"], 1)),
            info["class"],
        ),
        (T_SD, tr.t(T_X_BET, x=_num(tr, info["std_per_round"], 2)), _sd_note(tr, info), None),
        (
            T_TOP,
            tr.t(T_X_BET, x=_num(tr, info["top_award_x_bet"])),
            tr.t(T_TOP_ODDS, n=_num(tr, info["top_award_one_in"])) if info["top_award_one_in"] else "",
            None,
        ),
        (
            T_LARGEST,
            tr.t(T_X_BET, x=_num(tr, info["largest_win_x_bet"])),
            tr.t(T_LARGEST_CAP if "cap" in info["largest_win_method"] else T_LARGEST_NOTE),
            None,
        ),
    ]
    for i, (title, value, note, meter) in enumerate(tiles):
        x = left.left + (i % 2) * (tile_w + gap)
        y = left.top + (i // 2) * (tile_h + gap)
        _tile(surface, assets, pygame.Rect(x, y, tile_w, tile_h), tr.t(title), value, note, meter)
    chart = pygame.Rect(left.right + 24, rect.top + 4, rect.right - left.right - 34, rect.h - 8)
    _chart(surface, ctx, chart, info)


def _sd_note(tr, info: dict[str, Any]) -> str:
    if info["std_method"].startswith("exact"):
        return tr.t(T_SD_EXACT)
    lo, hi = _interval(info["std_method"])
    return tr.t(T_SD_SAMPLED, lo=_num(tr, lo, 2), hi=_num(tr, hi, 2)) if lo and hi is not None else ""


def _interval(method: str) -> tuple[float, float] | tuple[None, None]:
    """The '99 % CI lo..hi' a sampled method names (None when it names none)."""
    try:
        lo, hi = method.split("CI ", 1)[1].rstrip(")").split("..")
        return float(lo), float(hi)
    except (IndexError, ValueError):
        return None, None


def _tile(surface, assets, rect, title: str, value: str, note: str, meter: str | None) -> None:
    card(surface, rect)
    draw_text(surface, assets.font("text", 15), title, (rect.centerx, rect.top + 20), SOFT, shadow=False)
    big = fit_font(assets, "display", value, rect.w - 24, 40, 20)
    vy = rect.top + 62 if meter is None else rect.top + 54
    draw_text(surface, big, value, (rect.centerx, vy), GOLD)
    if meter is not None:
        _meter(surface, pygame.Rect(rect.centerx - 70, rect.top + 80, 140, 12), meter)
    if note:
        small = fit_font(assets, "text", note, rect.w - 16, 15, 13)
        lines = wrap_text(small, note, rect.w - 16)[:2]  # a long translation takes two lines
        line_h = small.get_linesize()
        for i, line in enumerate(lines):
            y = rect.bottom - 20 - (len(lines) - 1 - i) * line_h
            draw_text(surface, small, line, (rect.centerx, y), DIM, shadow=False)


METER_COLOURS = ((120, 200, 120), (230, 210, 90), (240, 150, 60), (230, 80, 60))


def _meter(surface, rect: pygame.Rect, klass: str) -> None:
    """Four steps, lit up to the class (low … very high), each in its own colour."""
    level = list(T_CLASSES).index(klass)
    w = (rect.w - 3 * 6) // 4
    for i, colour in enumerate(METER_COLOURS):
        r = pygame.Rect(rect.left + i * (w + 6), rect.top, w, rect.h)
        if i <= level:
            draw.rect(surface, colour, r, border_radius=4)
        else:
            draw.rect(surface, (70, 58, 48), r, border_radius=4)
            draw.rect(surface, CARD_EDGE, r, width=1, border_radius=4)


def _chart(surface, ctx: AppContext, rect: pygame.Rect, info: dict[str, Any]) -> None:
    tr, assets = ctx.i18n, ctx.assets
    card(surface, rect)
    draw_text(surface, assets.font("display", 22), tr.t(T_CHART), (rect.centerx, rect.top + 24), GOLD)
    axis_font = assets.font("text", 14)
    buckets = info["distribution"]
    slot = (rect.w - 76) / len(buckets)
    labels = [tr.t(T_NO_WIN) if i == 0 else BUCKETS[i] for i in range(len(buckets))]
    label_font = fit_font(assets, "text", max(labels[1:], key=len), int(slot) - 4, 14, 11)
    first_font = fit_font(assets, "text", labels[0], int(slot) + 6, 14, 11)
    # a small window (the 11 px floor): labels too wide for a slot alternate on two rows
    stagger = first_font.size(labels[0])[0] > slot + 6 or any(
        label_font.size(t)[0] > slot - 4 for t in labels[1:]
    )
    lift = label_font.get_height() if stagger else 0
    plot = pygame.Rect(rect.left + 64, rect.top + 56, rect.w - 76, rect.h - 140 - lift)
    decades = round(-math.log10(LOG_FLOOR))
    for d in range(decades + 1):  # gridlines at 100 %, 10 %, … 0.0001 %
        y = plot.bottom - round(plot.h * (decades - d) / decades)
        draw.line(surface, (90, 72, 50), (plot.left, y), (plot.right, y), 1)
        label = tr.format_number(10 ** max(0, 2 - d), max(0, d - 2)) + " %"
        draw_text(surface, axis_font, label, (plot.left - 6, y), DIM, anchor="midright", shadow=False)
    bar_w = max(6, int(slot * 0.64))
    shares = [_share(tr, float(b["probability"])) for b in buckets]
    value_font = fit_font(assets, "text", max(shares, key=len), int(slot) + 2, 13, 11)
    for i, b in enumerate(buckets):
        p = float(b["probability"])
        cx = plot.left + round(slot * (i + 0.5))
        if p > 0:
            h = max(2, round(plot.h * (math.log10(max(p, LOG_FLOOR)) + decades) / decades))
            bar = pygame.Rect(cx - bar_w // 2, plot.bottom - h, bar_w, h)
            _bar(surface, bar, i == 0)
            draw_text(surface, value_font, shares[i], (cx, bar.top - 9), CREAM, shadow=False)
        else:  # none seen: the interval's upper end says how rare
            upper = "< " + _share(tr, float(b["ci99"][1]))
            small = fit_font(assets, "text", upper, int(slot) + 2, 12, 11)
            draw_text(surface, small, upper, (cx, plot.bottom - 9), DIM, shadow=False)
        font = label_font if i else first_font
        y = plot.bottom + 14 + (lift if i % 2 else 0)
        draw_text(surface, font, labels[i], (cx, y), SOFT, shadow=False)
    note_font = assets.font("text", 14)
    draw_text(surface, note_font, tr.t(T_CHART_AXIS), (rect.centerx, rect.bottom - 48), DIM, shadow=False)
    rounds = _rounds(info["distribution_method"])
    if rounds:
        note = tr.t(T_CHART_NOTE, n=tr.format_number(rounds))
        draw_text(surface, note_font, note, (rect.centerx, rect.bottom - 26), DIM, shadow=False)


def _rounds(method: str) -> int | None:
    """The number of rounds a sampled method names ("sampled (1,000,000 rounds …")."""
    try:
        return int(method.split("(", 1)[1].split(" ", 1)[0].replace(",", ""))
    except (IndexError, ValueError):
        return None


def _bar(surface, rect: pygame.Rect, muted: bool) -> None:
    """A bar with a vertical gold gradient (the no-win bar in a quieter bronze)."""
    top, bottom = ((150, 130, 110), (90, 76, 64)) if muted else ((255, 226, 140), (196, 128, 40))
    for row in range(rect.h):
        t = row / max(1, rect.h - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        draw.line(surface, colour, (rect.left, rect.top + row), (rect.right - 1, rect.top + row))
    draw.rect(surface, (255, 240, 200), rect, width=1)
