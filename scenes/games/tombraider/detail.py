"""Tomb Raider in the history detail: passports, free spins, Super Mode and the Global Adventure.

`detail_steps` lists a round's steps from its stored events: the shared ones as every game lists
them (`scenes.presentation.base.shared_step`: spins and cascade steps as grids, the free spins' end, the
cap, the total), the passports stamped, the Keys' trigger, Super Mode and the adventure in one
line each, and every location of the quest as one step (`draw_location`): its six artefacts in
place, those picked bright with what they held, the rest greyed, with the pot and what became of
it (banked, lost, the Shoot-out's disc, the Showdown).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.games.tombraider.events import (
    AdventureEndEvent,
    AdventureStartEvent,
    ArtefactRevealEvent,
    HiddenArtefact,
    JackpotEvent,
    KeyTriggerEvent,
    LocationEndEvent,
    LocationStartEvent,
    PassportsEvent,
    ShootoutRevealEvent,
    ShowdownEvent,
    SuperFreeSpinsEvent,
    SuperModeEndEvent,
    SuperModeStartEvent,
)
from scenes.core.canvas import Canvas, draw
from scenes.core.text import draw_text, fit_font
from scenes.games.tombraider.world_map_paint import T_CAP_DOUBLE, T_CAP_SHOOTOUT, T_CAP_VALUE
from scenes.presentation.base import CREAM, GOLD, Step, shared_step

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.money import Bet
    from scenes.core.i18n import Translator
    from scenes.presentation.hosts import DetailHost

# Player-facing msgids (assets/locale/*.json)
T_PASSPORTS = "PASSPORTS: reel {reels} stamped · {n} of {total}"
T_KEYS = "{count} × Excalibur Key: {spins} FREE SPINS"
T_KEYS_LATER = "{count} × Excalibur Key: {spins} FREE SPINS after Super Mode"
T_SUPER_FREE = "FREE SPINS WON IN SUPER MODE: {spins}"
T_SUPER = "SUPER MODE: {n} wilds held for {spins} spins"
T_SUPER_END = "Super Mode paid {coins:,} coins in {spins} spins"
T_ADVENTURE = "GLOBAL ADVENTURE · average bet {money} over {spins} spins"
T_LOCATION = "{name} · pot {coins:,} coins"
T_BANKED = "banked"
T_LOST = "lost"
T_SHOOTOUT = "Shoot-out: disc x{value} = {coins:,} coins"
T_SHOWDOWN_WON = "Showdown won"
T_SHOWDOWN_LOST = "Showdown lost"
T_TWO_TRAPS = "Two traps"
T_WAITING = "waiting for a pick"
T_JACKPOT = "JACKPOT x{value}: {coins:,} coins"
T_ADVENTURE_END = "Global Adventure paid {coins:,} coins · {n} of {total} fragments"

RED = (255, 130, 110)
DIM = (150, 142, 128)


@dataclass
class LocationStep:
    """One location of a quest, as the detail shows it."""

    index: int
    location: str
    size: int
    picked: list[ArtefactRevealEvent] = field(default_factory=list)
    hidden: list[HiddenArtefact] = field(default_factory=list)
    pot: int = 0
    fragment: bool | None = None
    shootout: ShootoutRevealEvent | None = None
    showdown: ShowdownEvent | None = None


def _said(msgid: str, tr: Translator, **values: object) -> str:
    """`msgid` with `values` in `tr`'s language: a step's line, bound with `partial`."""
    return tr.t(msgid, **values)


def _adventure(avg: int, spins: int, tr: Translator) -> str:
    """The adventure's start: its average bet and its spins (bound with `partial`)."""
    return tr.t(T_ADVENTURE, money=tr.money(avg), spins=spins)


def detail_steps(events: list, defn: GameDefinition | None, bet: Bet) -> list[Step]:
    """The steps of a round from its events, in order (each location gathered into one step)."""
    steps: list[Step] = []
    loc: LocationStep | None = None
    locations = 0
    for ev in events:
        if isinstance(ev, PassportsEvent):
            reels = ", ".join(str(r) for r in ev.new)
            n, total = sum(ev.active), len(ev.active)
            steps.append(Step("text", text=partial(_said, T_PASSPORTS, reels=reels, n=n, total=total)))
        elif isinstance(ev, KeyTriggerEvent):
            msgid = T_KEYS_LATER if ev.after_super else T_KEYS
            steps.append(
                Step(
                    "text",
                    text=partial(_said, msgid, count=ev.count, spins=ev.spins),
                    colour=GOLD,
                )
            )
        elif isinstance(ev, SuperFreeSpinsEvent):
            steps.append(Step("text", text=partial(_said, T_SUPER_FREE, spins=ev.spins), colour=GOLD))
        elif isinstance(ev, SuperModeStartEvent):
            n, spins = len(ev.cells), ev.spins
            steps.append(Step("text", text=partial(_said, T_SUPER, n=n, spins=spins), colour=GOLD))
        elif isinstance(ev, SuperModeEndEvent):
            c, s = ev.win_coins, ev.spins_played
            steps.append(Step("text", text=partial(_said, T_SUPER_END, coins=c, spins=s)))
        elif isinstance(ev, AdventureStartEvent):
            locations = len(ev.locations)
            avg, spins = ev.bet_cents // max(1, ev.spins), ev.spins
            steps.append(
                Step(
                    "text",
                    text=partial(_adventure, avg, spins),
                    colour=GOLD,
                )
            )
        elif isinstance(ev, LocationStartEvent):
            loc = LocationStep(ev.index, ev.location, ev.artefacts)
            steps.append(Step("location", 136, data=loc))
        elif isinstance(ev, ArtefactRevealEvent) and loc is not None:
            loc.picked.append(ev)
            loc.pot = ev.pot_coins
        elif isinstance(ev, ShootoutRevealEvent) and loc is not None:
            loc.shootout = ev
            loc.pot += ev.coins
        elif isinstance(ev, ShowdownEvent) and loc is not None:
            loc.showdown = ev
        elif isinstance(ev, LocationEndEvent) and loc is not None:
            loc.hidden, loc.pot, loc.fragment = list(ev.hidden), ev.pot_coins, ev.fragment
        elif isinstance(ev, JackpotEvent):
            steps.append(
                Step(
                    "text",
                    text=partial(_said, T_JACKPOT, value=ev.value, coins=ev.coins),
                    colour=GOLD,
                )
            )
        elif isinstance(ev, AdventureEndEvent):
            c, n = ev.win_coins, ev.fragments
            steps.append(
                Step(
                    "text",
                    text=partial(_said, T_ADVENTURE_END, coins=c, n=n, total=locations),
                    colour=GOLD,
                )
            )
        else:
            step = shared_step(ev, defn, bet)
            if step is not None:
                steps.append(step)
    return steps


def draw_step(detail: DetailHost, surface: Canvas, step: Step, r: pygame.Rect) -> None:
    if step.kind == "location":
        draw_location(detail, surface, step.data, r)


def _face(ev: ArtefactRevealEvent | HiddenArtefact) -> str:
    return "treasure" if ev.treasure is not None else ev.artefact


def _caption(detail: DetailHost, ev: ArtefactRevealEvent | HiddenArtefact) -> str:
    """What an artefact held, in a few characters: coins won, the pot doubled, the Shoot-out, or
    (not picked) its multiple of the average bet."""
    tr = detail.tr
    if isinstance(ev, ArtefactRevealEvent) and ev.coins:
        return f"+{ev.coins:,}"
    if ev.treasure == "double":
        return tr.gettext(T_CAP_DOUBLE)
    if ev.treasure == "shootout":
        return tr.gettext(T_CAP_SHOOTOUT)
    if ev.value is not None and not isinstance(ev, ArtefactRevealEvent):
        return tr.t(T_CAP_VALUE, value=ev.value)
    return ""


def draw_location(detail: DetailHost, surface: Canvas, loc: LocationStep, r: pygame.Rect) -> None:
    """The location's name and outcome on top; its artefacts in place below (picked bright)."""
    a, tr = detail.assets, detail.tr
    name = tr.gettext(loc.location.capitalize())
    title = tr.t(T_LOCATION, name=name.upper(), coins=loc.pot)
    if loc.fragment is None:
        outcome, colour = tr.gettext(T_WAITING), DIM
    elif loc.fragment:
        outcome, colour = tr.gettext(T_BANKED), GOLD
    else:
        outcome, colour = tr.gettext(T_LOST), RED
    draw_text(
        surface,
        a.font("text_bold", 16),
        title,
        (r.left + 14, r.top + 14),
        GOLD,
        anchor="midleft",
        shadow=False,
    )
    draw_text(
        surface,
        a.font("text_bold", 16),
        outcome,
        (r.right - 14, r.top + 14),
        colour,
        anchor="midright",
        shadow=False,
    )
    size, pitch = 52, 64
    shown: dict[int, tuple[ArtefactRevealEvent | HiddenArtefact, bool]] = {}
    for ev in loc.picked:
        shown[ev.position] = (ev, True)
    for h in loc.hidden:
        shown[h.position] = (h, False)
    x0, y0 = r.left + 14, r.top + 32
    for pos in range(loc.size):
        x = x0 + pos * pitch
        item = shown.get(pos)
        rel = f"{detail.game_id}/artefacts/{_face(item[0]) if item else 'closed'}"
        if not (detail.game_id and a.has_image(rel)):
            continue
        bright = item is None or item[1]
        img = a.scaled(rel, (size, size)) if bright else a.tinted(rel, (120, 120, 120, 170), (size, size))
        surface.blit(img, (x, y0))
        if item is not None:
            cap = _caption(detail, item[0])
            if cap:
                font = fit_font(a, "text_bold", cap, pitch - 4, 13, min_size=9)
                draw_text(
                    surface,
                    font,
                    cap,
                    (x + size // 2, y0 + size + 10),
                    CREAM if item[1] else DIM,
                    shadow=False,
                )
            if item[1]:
                order = loc.picked.index(item[0]) + 1  # type: ignore[arg-type]
                draw.circle(surface, (40, 24, 10), (x + 8, y0 + 8), 9)
                draw_text(surface, a.font("text_bold", 12), str(order), (x + 8, y0 + 8), GOLD, shadow=False)
    notes = []
    if loc.shootout is not None:
        notes.append((tr.t(T_SHOOTOUT, value=loc.shootout.value, coins=loc.shootout.coins), GOLD))
    if loc.showdown is not None:
        if not loc.showdown.showdown:
            notes.append((tr.gettext(T_TWO_TRAPS), RED))
        else:
            notes.append(
                (
                    tr.gettext(T_SHOWDOWN_WON if loc.showdown.won else T_SHOWDOWN_LOST),
                    GOLD if loc.showdown.won else RED,
                )
            )
    nx = x0 + loc.size * pitch + 8
    for i, (text, c) in enumerate(notes):
        font = fit_font(a, "text_bold", text, max(40, r.right - nx - 10), 15, min_size=10)
        draw_text(surface, font, text, (nx, y0 + 14 + 24 * i), c, anchor="midleft", shadow=False)
