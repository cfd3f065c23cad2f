"""Warlords' paytable pages: the stacked warlords, the Random Overlay Wild, the scatters and the
battle, the re-spins and the Final Chance, and the three free-spins modes.

Like every page (`scenes.viewers.paytable_pages`), nothing is typed in by hand: every count,
reel range, odds and multiple is read from the game's `[feature]` data. `pages` builds them (at
the player's current bet, in the player's language); `draw_page` lays them out inside the
paytable viewer (its content rectangle, fonts and colours).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.games.warlords.model import WarlordsFeature
from scenes.core.canvas import Canvas
from scenes.core.text import draw_text, fit_font
from scenes.core.theme import CREAM, GOLD, SOFT
from scenes.games.warlords.look import COLOURS
from scenes.viewers.look import ViewerLook
from scenes.viewers.paytable import CONTENT, card, draw_paragraphs
from scenes.viewers.paytable_pages import ENGLISH, Page, Tr

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.money import Bet
    from scenes.presentation.hosts import PaytableHost

# The paytable, rules, history and round detail of this game wear its dark iron and embers.
VIEWER_LOOK = ViewerLook(
    backing=((42, 37, 35), (14, 12, 12)),
    edge=(214, 110, 44),
    title=(255, 170, 80),
    title_outline=(60, 16, 0),
    accent=(255, 190, 130),
    card_fill=(14, 12, 12, 215),
    row_fill=(42, 37, 35, 170),
    row_alt=(14, 12, 12, 150),
    row_hover=(107, 55, 22, 210),
    framed=True,
)

# Player-facing msgids (assets/locale/*.json)
T_STACKS = "THE WARLORDS"
T_STACKS_RULES = (
    "The Samurai, the Priestess and the Barbarian come in stacks as tall as the reel: a stack can "
    "fill a whole reel at once.",
    "A reel that stops one or two positions off a stack shows part of it.",
)
T_OVERLAY = "RANDOM OVERLAY WILD"
T_OVERLAY_RULES = (
    "On any spin of the main game a Random Overlay Wild may strike. It uses its own reels, which "
    "hold no Scatter symbols.",
    "The symbols under the overlay turn into Wilds before the wins are counted.",
)
T_WEAPON = {"hammer": "BARBARIAN HAMMER", "arrow": "PRIESTESS ARROW", "sword": "SAMURAI SWORD"}
T_HAMMER = "{n} Wilds in a square on reels {first} to {last}"
T_SCATTERED = "{low} to {high} Wilds anywhere on reels {first} to {last}"
T_BATTLE = "SCATTERS AND THE BATTLE"
T_BRINGS = "{warlord}'s Free Spins"
T_BATTLE_RULES = (
    "Scatters land on reels {first} to {last} in the main game and on every reel during Re-Spins.",
    "{n} or more Scatters in the main game award Re-Spins. If they differ, the warlords battle and "
    "every Scatter turns into the winner's colour.",
    "2 Scatters of different colours: {even} % each.",
    "A pair against a single Scatter: the pair wins {pair} %, the single {single} %.",
    "3 Scatters of three colours: {third} % each.",
)
T_RESPINS = "RE-SPINS AND FINAL CHANCE"
T_RESPIN_RULES = (
    "During Re-Spins the active Scatters stay in place; every other position re-spins and shows "
    "inactive symbols. There are no bet line wins during Re-Spins.",
    "Re-Spins start with {respins} Re-Spin; each new Scatter of the active colour stays and awards one more.",
    "When no Re-Spins are left, {n} or more active Scatters start the Free Spins of their colour.",
    "FINAL CHANCE: if the Re-Spins started with {trigger} Scatters and none was added, it reveals "
    "a coin win of {multiples} × the total bet, or one more Scatter and the Free Spins at once.",
)
T_FREE = "FREE SPINS"
T_FREE_RULES = {
    "barbarian": (
        "{per} Free Spins for each Scatter (at least {least}).",
        "Only warriors, animals and the Wild on their reels.",
        "Each new blue Scatter adds {extra} Free Spins.",
    ),
    "priestess": (
        "{spins} Free Spins with a multiplier of x1 for each Scatter.",
        "Each new green Scatter adds x1 before the wins of its spin.",
    ),
    "samurai": (
        "{spins} Free Spins.",
        "Each Scatter becomes a sticky Wild where it stands.",
        "Each new red Scatter becomes one more sticky Wild.",
    ),
}
T_FREE_NOTE = "Free Spins use their own reels, at the bet of the round that awarded them."
T_NOTE_WARLORD = "Comes in full-height stacks."
T_NOTE_SCATTER = "Brings the {warlord}'s Free Spins: {n} or more start Re-Spins."
T_AND = "{a} and {b}"


@dataclass(frozen=True, slots=True)
class Figure:
    """A picture on a page (`<game>/<art>`) with its title and lines."""

    art: str
    title: str
    lines: tuple[str, ...]
    colour: tuple[int, int, int] = GOLD


def _feature(defn: GameDefinition) -> WarlordsFeature | None:
    return defn.feature if isinstance(defn.feature, WarlordsFeature) else None


def percent(tr: Tr, weight: int, total: int) -> str:
    """weight / total as a percentage in the player's number format ("75", "33.3", "33,3")."""
    tenths = round(1000 * weight / total)
    return tr.format_number(tenths // 10) if tenths % 10 == 0 else tr.format_number(tenths, 1)


def _scatter_reels(defn: GameDefinition) -> tuple[int, int]:
    scatters = set(defn.symbols_of_kind("scatter"))
    reels = [r for r, strip in enumerate(defn.reel_sets["base"], start=1) if scatters & set(strip)]
    return (min(reels), max(reels)) if reels else (1, defn.reels)


def pages(defn: GameDefinition, bet: Bet, tr: Tr = ENGLISH) -> list[Page]:
    """The warlords, the overlay wild, the scatters and battle, re-spins and Final Chance, free spins."""
    f = _feature(defn)
    if f is None:
        return []
    names = {w.mode: defn.symbol(w.mode).name if w.mode in defn.symbol_ids else w.mode for w in f.warlords}
    stacks = Page(
        "warlords_stacks",
        tr.t(T_STACKS),
        paragraphs=tuple(tr.t(p) for p in T_STACKS_RULES),
        items=tuple(Figure(f"symbols/{m}_stack", tr.t(n).upper(), (), COLOURS[m]) for m, n in names.items()),
    )
    o = f.overlay
    weapons = []
    for style, counts, (first, last) in (
        ("hammer", {4: 1}, o.hammer_reels),
        ("arrow", o.arrow_counts, o.arrow_reels),
        ("sword", o.sword_counts, o.sword_reels),
    ):
        present = [k for k, w in counts.items() if w > 0]
        low, high = min(present), max(present)
        line = (
            tr.t(T_HAMMER, n=4, first=first, last=last)
            if style == "hammer"
            else tr.t(T_SCATTERED, low=low, high=high, first=first, last=last)
        )
        weapons.append(Figure(f"overlay_{style}", tr.t(T_WEAPON[style]), (line,)))
    overlay = Page(
        "warlords_overlay",
        tr.t(T_OVERLAY),
        paragraphs=tuple(tr.t(p) for p in T_OVERLAY_RULES),
        items=tuple(weapons),
    )
    first, last = _scatter_reels(defn)
    pair, single = f.battle.pair_vs_single
    values = {
        "first": first,
        "last": last,
        "n": f.respin_trigger,
        "even": percent(tr, 1, 2),
        "pair": percent(tr, pair, pair + single),
        "single": percent(tr, single, pair + single),
        "third": percent(tr, 1, 3),
    }
    battle = Page(
        "warlords_battle",
        tr.t(T_BATTLE),
        paragraphs=tuple(tr.t(p, **values) for p in T_BATTLE_RULES),
        items=tuple(
            Figure(
                f"symbols/{w.scatter}",
                tr.t(defn.symbol(w.scatter).name).upper(),
                (tr.t(T_BRINGS, warlord=tr.t(names[w.mode])),),
                COLOURS[w.mode],
            )
            for w in f.warlords
        ),
    )
    multiples = sorted(k for k, w in f.final_chance.coin_weights.items() if w > 0)
    listed = ", ".join(str(m) for m in multiples[:-1])
    shown = tr.t(T_AND, a=listed, b=multiples[-1]) if len(multiples) > 1 else str(multiples[0])
    respins = Page(
        "warlords_respins",
        tr.t(T_RESPINS),
        paragraphs=tuple(
            tr.t(
                p,
                respins=f.respins,
                n=f.free_spins_min,
                trigger=f.respin_trigger,
                multiples=shown,
            )
            for p in T_RESPIN_RULES
        ),
    )
    modes = []
    for w in f.warlords:
        v = {
            "per": f.barbarian.spins_per_scatter,
            "least": f.barbarian.spins_per_scatter * f.free_spins_min,
            "extra": f.barbarian.extra_spins,
            "spins": f.priestess.spins if w.mode == "priestess" else f.samurai.spins,
        }
        modes.append(
            Figure(
                f"symbols/{w.mode}_stack",
                tr.t(names[w.mode]).upper(),
                tuple(tr.t(p, **v) for p in T_FREE_RULES[w.mode]),
                COLOURS[w.mode],
            )
        )
    free = Page("warlords_free", tr.t(T_FREE), paragraphs=(tr.t(T_FREE_NOTE),), items=tuple(modes))
    return [stacks, overlay, battle, respins, free]


def symbol_notes(defn: GameDefinition, symbol_id: str, tr: Tr = ENGLISH) -> list[str]:
    """Under a warlord's pays: its stacks; under a scatter: the free spins it brings."""
    f = _feature(defn)
    if f is None:
        return []
    for w in f.warlords:
        if w.mode == symbol_id:
            return [tr.t(T_NOTE_WARLORD)]
        if w.scatter == symbol_id:
            name = defn.symbol(w.mode).name if w.mode in defn.symbol_ids else w.mode
            return [tr.t(T_NOTE_SCATTER, warlord=tr.t(name), n=f.respin_trigger)]
    return []


# -- layouts ---------------------------------------------------------------------------------------
def draw_page(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    if page.kind in ("warlords_stacks", "warlords_free"):
        _figures(viewer, surface, page, tall=True)
    elif page.kind in ("warlords_overlay", "warlords_battle"):
        _figures(viewer, surface, page, tall=False)
    elif page.kind == "warlords_respins":
        draw_paragraphs(
            surface,
            viewer.assets,
            page.paragraphs,
            pygame.Rect(CONTENT.left + 40, CONTENT.top + 20, CONTENT.w - 80, CONTENT.h),
            size=23,
            gap=18,
        )


def _figures(viewer: PaytableHost, surface: Canvas, page: Page, *, tall: bool) -> None:
    """A card per item (its art, title and lines) in a row; the page's paragraphs beneath."""
    a = viewer.assets
    n = max(1, len(page.items))
    gap = 24
    w = (CONTENT.w - (n - 1) * gap) // n
    h = 340 if tall else 290
    x = CONTENT.left
    for item in page.items:
        r = pygame.Rect(x, CONTENT.top, w, h)
        card(surface, r)
        name = f"{viewer.game_id}/{item.art}"
        if tall and not item.lines:  # the figure alone, its name beneath
            img = a.scaled(name, (100, 300))
            surface.blit(img, img.get_rect(midtop=(r.centerx, r.top + 10)))
            text = pygame.Rect(r.left + 10, r.bottom - 34, r.w - 20, 30)
        elif tall:
            img = a.scaled(name, (100, 300))
            surface.blit(img, img.get_rect(topleft=(r.left + 16, r.top + 20)))
            text = pygame.Rect(r.left + 130, r.top + 16, r.w - 146, r.h - 30)
        else:
            img = a.scaled(name, (150, 150))
            surface.blit(img, img.get_rect(midtop=(r.centerx, r.top + 10)))
            text = pygame.Rect(r.left + 18, r.top + 168, r.w - 36, r.h - 172)
        title_font = fit_font(a, "display", item.title, text.w, 28)
        draw_text(surface, title_font, item.title, (text.centerx, text.top + 14), item.colour, outline=1)
        draw_paragraphs(
            surface,
            a,
            item.lines,
            pygame.Rect(text.left, text.top + 42, text.w, text.h - 42),
            size=20,
            bullet=len(item.lines) > 1,
            color=CREAM,
            gap=8,
        )
        x += w + gap
    draw_paragraphs(
        surface,
        a,
        page.paragraphs,
        pygame.Rect(CONTENT.left + 10, CONTENT.top + h + 22, CONTENT.w - 20, CONTENT.h - h - 22),
        size=21,
        color=SOFT,
        gap=8,
    )
