"""Secret of the Stones' paytable pages: the stones and the free-spins rules, from the definition.

Like every page (`scenes.viewers.paytable_pages`), nothing is typed in by hand: the stones are
counted from `feature.stones`, the picks from `picks_by_scatters`, the spins and multiplier from
the feature, at the player's current bet. `pages` builds them; `draw_stones` and `draw_free` lay
them out inside the paytable viewer (its content rectangle, fonts and colours).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.games.stones.model import StoneFeature, StonesFeature
from scenes.core.canvas import Canvas
from scenes.core.text import draw_text, fit_font, wrap_text
from scenes.core.theme import CREAM, GOLD, SOFT
from scenes.viewers.look import ViewerLook
from scenes.viewers.paytable import CONTENT, draw_paragraphs
from scenes.viewers.paytable_pages import ENGLISH, Page, Tr, scatter_name

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from scenes.presentation.hosts import PaytableHost

# The paytable, rules, history and round detail of this game wear its slate and jade.
VIEWER_LOOK = ViewerLook(
    backing=((38, 46, 54), (14, 19, 25)),
    edge=(96, 214, 160),
    title=(150, 240, 196),
    title_outline=(4, 40, 26),
    accent=(170, 236, 206),
    card_fill=(14, 19, 25, 215),
    row_fill=(38, 46, 54, 170),
    row_alt=(14, 19, 25, 150),
    row_hover=(48, 107, 80, 210),
    framed=True,
)

# Player-facing msgids (assets/locale/*.json)
T_STONES = "FREE SPINS: THE STONES"
T_FREE = "FREE SPINS"
T_SCATTER_TRIGGER = "{n} or more {scatter} symbols in the main game award {spins} Free Spins."
T_STONES_INTRO = (
    "Before Free Spins begin, pick from {count} stones to reveal bonus features. "
    "The number of picks equals the number of {scatter} symbols that awarded them:"
)
T_STONES_PICKS = "{n} × {scatter}  =  {picks} stones"
T_STONES_SHUFFLE = (
    "The stones are shuffled each time Free Spins are won. Unpicked stones are shown afterwards."
)
T_STONES_TOTAL = "{total} stones in all"
# how many stones hold a feature: a count of stones, never "×2" (which reads as a multiplier);
# a plural entry: its catalog value is [one, other]
T_STONE_COUNT = "{n} stone"
T_STONE_SPINS = "+{n} FREE SPINS"
T_STONE_MULT = "+x{n} MULTIPLIER"
T_STONE_REEL = "WILD REEL {n}"
T_STONE_SYMBOL = "{name} BECOMES WILD"
T_FREE_RULES = (
    "{n} or more {scatter} symbols anywhere in the main game award {spins} Free Spins.",
    "Extra Free Spins revealed by the stones are added to the initial {spins}.",
    "Multipliers revealed by the stones are added to the initial x{mult}; every Free Spins win "
    "(line and scatter) is multiplied by the total multiplier.",
    "Wild reels and animals that become wild stay for all the Free Spins.",
    "Animals that become wild are Wild symbols: they substitute, and pay the Wild's own pays when "
    "those are higher (3 wild Deer pay as 3 Wilds).",
    "Free Spins are played on their own reels, with the same bet lines, bet level and coin value "
    "as the round that awarded them.",
    "Free Spins cannot be won again during Free Spins; {scatter} symbols still pay.",
    "The TOTAL WIN field includes any wins from the main game added to any wins from Free Spins.",
)


@dataclass(frozen=True, slots=True)
class StoneCount:
    key: str  # the tablet art: `<game>/tablet/<key>`
    label: str
    count: int


def stone_label(stone: StoneFeature, defn: GameDefinition, tr: Tr = ENGLISH) -> str:
    """What a stone holds, in the paytable's words ("+3 FREE SPINS", "DEER BECOMES WILD")."""
    if stone.kind == "spins":
        return tr.t(T_STONE_SPINS, n=stone.value)
    if stone.kind == "multiplier":
        return tr.t(T_STONE_MULT, n=stone.value)
    if stone.kind == "wild_reel":
        return tr.t(T_STONE_REEL, n=stone.value)
    return tr.t(T_STONE_SYMBOL, name=tr.t(defn.symbol(stone.symbol or "").name).upper())


def stone_counts(defn: GameDefinition, tr: Tr = ENGLISH) -> tuple[StoneCount, ...]:
    """The stones' contents counted from the definition, in the order they first appear."""
    feature = defn.feature
    if not isinstance(feature, StonesFeature):
        return ()
    counts = Counter(s.key for s in feature.stones)
    seen: dict[str, StoneFeature] = {}
    for s in feature.stones:
        seen.setdefault(s.key, s)
    return tuple(StoneCount(k, stone_label(s, defn, tr), counts[k]) for k, s in seen.items())


def symbol_notes(defn: GameDefinition, symbol_id: str, tr: Tr = ENGLISH) -> list[str]:
    """The trigger under the scatter's pays; "… BECOMES WILD" under a symbol a stone turns wild."""
    feature = defn.feature
    if not isinstance(feature, StonesFeature):
        return []
    sym = defn.symbol(symbol_id)
    if feature.trigger_symbol == symbol_id:
        name = tr.t(sym.name)
        return [tr.t(T_SCATTER_TRIGGER, n=feature.trigger_min, scatter=name, spins=feature.free_spins)]
    if sym.kind != "scatter" and any(
        s.kind == "wild_symbol" and s.symbol == symbol_id for s in feature.stones
    ):
        return [tr.t(T_STONE_SYMBOL, name=tr.t(sym.name).upper())]
    return []


def pages(defn: GameDefinition, tr: Tr = ENGLISH) -> list[Page]:
    """The stones page and the free-spins page."""
    feature = defn.feature
    if not isinstance(feature, StonesFeature):
        return []
    scatter = scatter_name(defn, tr)
    picks = tuple(
        tr.t(T_STONES_PICKS, n=n, scatter=scatter, picks=p)
        for n, p in sorted(feature.picks_by_scatters.items())
    )
    stones = Page(
        "stones",
        tr.t(T_STONES),
        paragraphs=(
            tr.t(T_STONES_INTRO, count=len(feature.stones), scatter=scatter),
            *picks,
            tr.t(T_STONES_SHUFFLE),
        ),
        items=stone_counts(defn, tr),
        extra={"total": len(feature.stones)},
    )
    values = {
        "n": feature.trigger_min,
        "scatter": scatter,
        "spins": feature.free_spins,
        "mult": feature.initial_multiplier,
    }
    free = Page("free", tr.t(T_FREE), paragraphs=tuple(tr.t(p, **values) for p in T_FREE_RULES))
    return [stones, free]


def draw_stones(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    """The picks on the left; the stones with their tablet art and counts on the right."""
    a = viewer.assets
    left = pygame.Rect(CONTENT.left, CONTENT.top + 10, 400, CONTENT.h)
    intro, *rest = page.paragraphs
    y = draw_paragraphs(surface, a, [intro], left, size=21, bullet=False)
    picks, shuffle = rest[:-1], rest[-1]
    for p in picks:
        draw_text(surface, a.font("display", 26), p, (left.left + 10, y + 8), GOLD, anchor="topleft")
        y += 42
    y = draw_paragraphs(
        surface, a, [shuffle], pygame.Rect(left.left, y + 14, left.w, 120), size=19, bullet=False, color=SOFT
    )
    grid = pygame.Rect(CONTENT.left + 430, CONTENT.top, CONTENT.w - 430, CONTENT.h)
    cols, cw, ch = 4, grid.w // 4, 160
    count_f = a.font("display", 22)
    for i, st in enumerate(page.items):
        cx = grid.left + (i % cols) * cw + cw // 2
        top = grid.top + (i // cols) * ch
        face = f"{viewer.game_id}/tablet/{st.key}"
        if a.has_image(face):
            img = a.scaled(face, (96, 96))
            surface.blit(img, img.get_rect(midtop=(cx, top)))
        # fitted to its column ("+10 GIROS GRATIS"); too long for one line, on two
        room = cw - 10
        font = fit_font(a, "text_bold", st.label, room, 15, min_size=12)
        lines = [st.label]
        if font.size(st.label)[0] > room:
            for size in range(13, 9, -1):  # the largest size that holds it on two lines (else three)
                font = a.font("text_bold", size)
                lines = wrap_text(font, st.label, room)
                if len(lines) <= 2:
                    break
        step = font.get_linesize()
        line_y = top + 110 - step * (len(lines) - 1) // 2
        for line in lines:
            draw_text(surface, font, line, (cx, line_y), CREAM)
            line_y += step
        count = viewer.tr.nt(T_STONE_COUNT, "{n} stones", st.count)
        draw_text(surface, count_f, count, (cx, line_y + 26 - step), GOLD)
    total = page.extra.get("total")
    if total:
        text = viewer.tr.t(T_STONES_TOTAL, total=total)
        draw_text(surface, a.font("display", 24), text, (left.left + 10, y + 10), CREAM, anchor="topleft")


def draw_free(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    """The free-spins rules beside the wild-reel art and the scatter."""
    a = viewer.assets
    draw_paragraphs(
        surface, a, page.paragraphs, pygame.Rect(CONTENT.left + 10, CONTENT.top + 14, 690, CONTENT.h), size=21
    )
    art_x = CONTENT.right - 150
    cover = f"{viewer.game_id}/wild_reel"
    if a.has_image(cover):
        img = a.scaled(cover, (140, 420))
        surface.blit(img, img.get_rect(midtop=(art_x, CONTENT.top + 10)))
    scatters = viewer.definition.symbols_of_kind("scatter")
    if scatters:
        img = a.scaled(f"{viewer.game_id}/symbols/{scatters[0]}", (130, 130))
        surface.blit(img, img.get_rect(center=(art_x - 170, CONTENT.top + 360)))
