"""Warlords in the history detail: a round's battle, re-spins, Final Chance and free spins.

`detail_steps` lists a round's steps: the shared events as every game lists them (spins as their
grids, overlay wilds included; `scenes.presentation.base.shared_step`) and Warlords' own events in one
line each, in the player's language (names translated when shown).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.games.warlords.events import (
    BattleEvent,
    FinalChanceEvent,
    NewScattersEvent,
    RespinsStartEvent,
    WarlordsFreeSpinsStartEvent,
)
from scenes.games.warlords.pages import percent
from scenes.presentation.base import GOLD, Step, shared_step

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.money import Bet
    from scenes.core.i18n import Translator

# Player-facing msgids (assets/locale/*.json)
T_BATTLE = "Battle: {sides}. {winner} wins"
T_SIDE = "{name} {pct} %"
T_RESPINS = "Re-spins: {count} × {symbol} held, {respins} re-spin"
T_NEW_RESPIN = "+{n} × {symbol}: re-spins left: {left}"
T_NEW_BARBARIAN = "+{n} × {symbol}: +{spins} free spins"
T_NEW_PRIESTESS = "+{n} × {symbol}: multiplier x{mult}"
T_NEW_SAMURAI = "+{n} × {symbol}: sticky wilds"
T_FINAL_COINS = "Final Chance: {multiple} × bet = {coins:,} coins"
T_FINAL_SCATTER = "Final Chance: a {symbol} on reel {reel}"
T_FREE = "{title}: {spins} free spins at x{mult}"
T_FREE_TITLE = {
    "barbarian": "The Barbarian's free spins",
    "priestess": "The Priestess's free spins",
    "samurai": "The Samurai's free spins",
}


def _name(defn: GameDefinition | None, symbol: str, tr: Translator) -> str:
    if defn is None or symbol not in defn.symbol_ids:
        return symbol
    return tr.gettext(defn.symbol(symbol).name)


def _said(ev, defn: GameDefinition | None, tr: Translator) -> str:
    """`_line` of `ev`, empty when it has none (a step's text, bound with `partial`)."""
    return _line(ev, defn, tr) or ""


def _line(ev, defn: GameDefinition | None, tr: Translator) -> str | None:
    """One of Warlords' own events in words (None for any other event)."""
    if isinstance(ev, BattleEvent):
        total = sum(ev.weights)
        sides = ", ".join(
            tr.t(T_SIDE, name=_name(defn, s, tr), pct=percent(tr, w, total))
            for s, w in zip(ev.contenders, ev.weights, strict=True)
        )
        return tr.t(T_BATTLE, sides=sides, winner=_name(defn, ev.winner, tr))
    if isinstance(ev, RespinsStartEvent):
        return tr.t(T_RESPINS, count=len(ev.held), symbol=_name(defn, ev.symbol, tr), respins=ev.respins)
    if isinstance(ev, NewScattersEvent):
        n, symbol = len(ev.cells), _name(defn, ev.symbol, tr)
        if ev.phase == "respin":
            return tr.t(T_NEW_RESPIN, n=n, symbol=symbol, left=ev.respins_left)
        if ev.mode == "barbarian":
            return tr.t(T_NEW_BARBARIAN, n=n, symbol=symbol, spins=ev.spins_added)
        if ev.mode == "priestess":
            return tr.t(T_NEW_PRIESTESS, n=n, symbol=symbol, mult=ev.multiplier)
        return tr.t(T_NEW_SAMURAI, n=n, symbol=symbol)
    if isinstance(ev, FinalChanceEvent):
        if ev.kind == "coins":
            return tr.t(T_FINAL_COINS, multiple=ev.multiple, coins=ev.coins)
        reel = ev.position[0] + 1 if ev.position is not None else 0
        return tr.t(T_FINAL_SCATTER, symbol=_name(defn, ev.symbol, tr), reel=reel)
    if isinstance(ev, WarlordsFreeSpinsStartEvent):
        return tr.t(T_FREE, title=tr.gettext(T_FREE_TITLE[ev.mode]), spins=ev.spins, mult=ev.multiplier)
    return None


def detail_steps(events: list, defn: GameDefinition | None, bet: Bet) -> list[Step]:
    """The steps of a round from its events, in order."""
    steps: list[Step] = []
    for ev in events:
        if isinstance(
            ev,
            BattleEvent
            | RespinsStartEvent
            | NewScattersEvent
            | FinalChanceEvent
            | WarlordsFreeSpinsStartEvent,
        ):
            colour = (
                GOLD if isinstance(ev, FinalChanceEvent | WarlordsFreeSpinsStartEvent) else (255, 248, 230)
            )
            steps.append(Step("text", text=partial(_said, ev, defn), colour=colour))
            continue
        step = shared_step(ev, defn, bet)
        if step is not None:
            steps.append(step)
    return steps
