"""Secret of the Stones in the history detail: the trigger, the stones picked, the free spins.

`detail_steps` lists a round's steps: the shared events as every game lists them
(`scenes.presentation.base.shared_step`), the trigger and the free-spins start in one line each, and
the picks gathered into one step showing the picked tablets with what they hold and the ones
nobody picked, greyed. `draw_picks` draws that step in the detail's card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.games.stones.events import (
    FreeSpinsStartEvent,
    FreeSpinsTriggerEvent,
    PickRevealEvent,
    PicksDoneEvent,
    StoneReveal,
)
from game.games.stones.model import StoneFeature
from scenes.core.canvas import Canvas
from scenes.core.text import draw_text, fit_font, wrap_text
from scenes.games.stones.pages import stone_label
from scenes.presentation.base import CREAM, GOLD, Step, shared_step

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.money import Bet
    from scenes.core.i18n import Translator
    from scenes.presentation.hosts import DetailHost

# Player-facing msgids (assets/locale/*.json)
T_TRIGGER = "{count} × {symbol}: {spins} FREE SPINS, {picks} stones to pick"
T_PICKED = "STONES PICKED"
T_FREE_START = "FREE SPINS: {spins} spins at x{mult}"
T_WILD_REELS = "Wild reels: {reels}"
T_WILD_SYMBOLS = "Wild: {names}"


@dataclass(frozen=True, slots=True)
class Picks:
    """The picks of one round: (index, what it held) picked, and those nobody picked."""

    picked: tuple[tuple[int, StoneReveal], ...]
    unpicked: tuple[tuple[int, StoneReveal], ...] = ()


def _name(defn: GameDefinition | None, symbol: str) -> str:
    if defn is None:
        return symbol
    try:
        return defn.symbol(symbol).name
    except KeyError:
        return symbol


def _trigger(values: dict, tr: Translator) -> str:
    """The trigger's line, its symbol's name translated (bound with `partial`)."""
    return tr.t(T_TRIGGER, **{**values, "symbol": tr.gettext(values["symbol"])})


def _free_start(ev: FreeSpinsStartEvent, defn: GameDefinition | None, tr: Translator) -> str:
    parts = [tr.t(T_FREE_START, spins=ev.spins, mult=ev.multiplier)]
    if ev.wild_reels:
        parts.append(tr.t(T_WILD_REELS, reels=", ".join(str(n) for n in ev.wild_reels)))
    extra = [s for s in ev.wild_symbols if defn is None or defn.symbol(s).kind != "wild"]
    if extra:
        parts.append(tr.t(T_WILD_SYMBOLS, names=", ".join(tr.gettext(_name(defn, s)) for s in extra)))
    return " · ".join(parts)


def detail_steps(events: list, defn: GameDefinition | None, bet: Bet) -> list[Step]:
    """The steps of a round from its events, in order (the picks gathered into one step)."""
    steps: list[Step] = []
    picked: list[tuple[int, StoneReveal]] = []
    for ev in events:
        if isinstance(ev, FreeSpinsTriggerEvent):
            values = {
                "count": ev.count,
                "symbol": _name(defn, ev.symbol),
                "spins": ev.spins,
                "picks": ev.picks,
            }
            steps.append(
                Step(
                    "text",
                    text=partial(_trigger, values),
                    colour=GOLD,
                )
            )
        elif isinstance(ev, PickRevealEvent):
            picked.append((ev.index, ev.feature))
        elif isinstance(ev, PicksDoneEvent):
            steps.append(Step("picks", 136, data=Picks(tuple(picked), tuple(ev.unpicked))))
            picked = []
        elif isinstance(ev, FreeSpinsStartEvent):
            steps.append(Step("text", text=partial(_free_start, ev, defn), colour=GOLD))
        else:
            step = shared_step(ev, defn, bet)
            if step is not None:
                steps.append(step)
    if picked:  # a round still waiting for picks: show those made so far
        steps.append(Step("picks", 136, data=Picks(tuple(picked))))
    return steps


def _stone(detail: DetailHost, surface, feature: StoneReveal, pos, size: int, bright: bool) -> None:
    a = detail.assets
    rel = f"{detail.game_id}/tablet/{feature.key}"
    if not (detail.game_id and a.has_image(rel)):
        return
    if bright:
        surface.blit(a.scaled(rel, (size, size)), pos)
    else:
        surface.blit(a.tinted(rel, (120, 120, 120, 170), (size, size)), pos)


def draw_picks(detail: DetailHost, surface: Canvas, step: Step, r: pygame.Rect) -> None:
    """The picked tablets with their labels, then the unpicked ones small and greyed."""
    a, tr, defn = detail.assets, detail.tr, detail.definition
    picks: Picks = step.data
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
    labels = []
    if defn is not None:
        for _, feature in picks.picked:
            stone = StoneFeature(kind=feature.kind, value=feature.value, symbol=feature.symbol)
            labels.append(stone_label(stone, defn, tr))
        # wider apart when a label's longest word is wider than the room (a small window's text
        # is never under 11 px): the labels never run into each other
        least = a.font("text_bold", 9)
        pitch = max([pitch] + [least.size(w)[0] + 14 for label in labels for w in label.split()])
    for n, (_, feature) in enumerate(picks.picked):
        _stone(detail, surface, feature, (x + (pitch - 100) // 2, y), size, bright=True)
        if labels:
            label = labels[n]
            font = fit_font(a, "text_bold", label, pitch - 8, 13, min_size=9)
            lines = wrap_text(font, label, pitch - 8)  # two lines when even the least size is wider
            pitch_y = font.get_linesize() - 2
            for i, line in enumerate(lines[:2]):
                at = (
                    x + (pitch - 100) // 2 + size // 2,
                    y + size + 14 + pitch_y * i - pitch_y * (len(lines[:2]) - 1) // 2,
                )
                draw_text(surface, font, line, at, CREAM, shadow=False)
        x += pitch
    # the stones nobody picked, small and greyed, as large as the space left allows
    x, y = r.left + 30 + pitch * max(1, len(picks.picked)) - 10, r.top + 34
    avail_w, avail_h = r.right - 10 - x, r.bottom - 8 - y
    n = len(picks.unpicked)
    small = 28
    while small > 12:
        cols = max(1, avail_w // (small + 4))
        if -(-n // cols) * (small + 4) <= avail_h:
            break
        small -= 2
    cols = max(1, avail_w // (small + 4))
    for i, (_, feature) in enumerate(picks.unpicked):
        pos = (x + (i % cols) * (small + 4), y + (i // cols) * (small + 4))
        _stone(detail, surface, feature, pos, small, bright=False)
