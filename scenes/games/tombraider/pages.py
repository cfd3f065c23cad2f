"""Tomb Raider's paytable pages: free spins and the ladder, Super Mode, the passports, the Global
Adventure, the jackpot and the Shoot-out — every figure read from the game's data.

Like every page (`scenes.viewers.paytable_pages`), nothing is typed in by hand: the ladder, the
spins, Super Mode's held wilds, the locations' bonus amounts, the artefacts on a board, the
treasure, the jackpots and the discs come from the feature's validated model, and amounts in
coins are worked out at the player's current bet. `pages` builds them, `draw_page` lays them out
inside the paytable viewer; `symbol_notes` adds what the Key, the Passport and the Portrait do.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.games.tombraider.model import TombRaiderFeature
from scenes.core.canvas import Canvas, draw
from scenes.core.text import draw_text, fit_font
from scenes.viewers.look import ViewerLook
from scenes.viewers.paytable import CONTENT, CREAM, GOLD, SOFT, T_COINS, card, draw_paragraphs
from scenes.viewers.paytable_pages import ENGLISH, Page, Tr

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.money import Bet
    from scenes.presentation.hosts import PaytableHost

# The paytable, rules, history and round detail of this game wear its sandstone and gold.
VIEWER_LOOK = ViewerLook(
    backing=((80, 60, 38), (34, 24, 14)),
    edge=(226, 182, 100),
    title=(255, 216, 120),
    title_outline=(72, 36, 4),
    accent=(255, 226, 160),
    card_fill=(34, 24, 14, 215),
    row_fill=(80, 60, 38, 170),
    row_alt=(34, 24, 14, 150),
    row_hover=(113, 91, 50, 210),
    framed=True,
)

# Player-facing msgids (assets/locale/*.json)
T_FREE = "FREE SPINS AND THE LADDER"
T_FREE_RULES = (
    "{n} or more {key} symbols anywhere in the main game award {spins} Free Spins, played with the "
    "same lines, bet level and coin value.",
    "A winning combination explodes after it is paid: the symbols above fall into the gaps and new "
    "symbols drop in from the reel above. A new win pays again, at the next step of the ladder.",
    "The ladder multiplies the wins of a spin: the first win x{first}, then {rest}; it starts again "
    "at x{first} with every free spin.",
    "Wins cascade on the lines in play: the fewer lines, the fewer cascades.",
    "Free Spins cannot be won again during Free Spins. Passports on the free reels are blank, and "
    "neither Super Mode nor the Global Adventure starts during Free Spins.",
)
T_SUPER = "SUPER MODE"
T_SUPER_RULES = (
    "Super Mode starts at random after a main-game spin (on average once in {odds:,} spins).",
    "It plays {spins} spins. Before the first, shots turn {low} to {high} positions on reels "
    "{reels} into Portrait wilds, held in place for all {spins} spins.",
    "Super Mode spins are main-game spins: {n} or more {key} symbols award {free} Free Spins, played "
    "after the last Super Mode spin, and a {passport} on the centre row stamps its reel. A held wild "
    "is never a {key} or a {passport}.",
    "Super Mode cannot start during Free Spins. Its wins are added to the round's.",
)
T_PASSPORTS = "PASSPORTS"
T_PASSPORT_RULES = (
    "A {passport} on the centre row of a reel in the main game stamps that reel. Stamps are kept "
    "from spin to spin and when you leave the game or restart it.",
    "When all {reels} reels are stamped, the Global Adventure is played at the end of that round and "
    "the stamps start again (in Super Mode, its next spins can stamp again).",
    "Passports pay nothing and Portrait does not substitute for them.",
    "The weighted average bet is the average total bet of your main-game spins from the one that "
    "stamped the first reel to the one that stamped the last, both included. Every amount of the "
    "Global Adventure is a multiple of it.",
    "If a round reaches the maximum win before its Global Adventure, the stamps stay and the "
    "adventure is played in your next round.",
)
T_ADVENTURE = "THE GLOBAL ADVENTURE"
T_ADVENTURE_RULES = (
    "Travel to {places} in that order. At each, {size} artefacts lie face down: a sword fragment, "
    "{traps} traps, the hidden treasure and {bonus} bonus amounts.",
    "A bonus amount goes into the location's pot. The fragment banks the pot and you travel on.",
    "The hidden treasure holds a further bonus amount, the pot doubled, or the Shoot-out.",
    "Two traps: the quest ends, or the Showdown: if Lara wins the duel you get the fragment and "
    "the quest goes on; if not, it ends. When the quest ends, the pots banked are paid and the "
    "current pot is lost.",
)
T_AMOUNTS = "Bonus amounts (× the average bet)"
T_TREASURE_AMOUNTS = "Hidden treasure: {values} × the average bet"
T_EXAMPLE = "At a steady bet of {bet}, x1 is {coins}."
T_JACKPOT = "JACKPOT AND SHOOT-OUT"
T_JACKPOT_RULES = (
    "Find all {n} sword fragments to win a random jackpot: {values} × the average bet per line "
    "(the average bet divided by {lines}, the game's number of lines).",
    "Shoot-out: {discs} discs lie face down. Click one: the others are shot away and your disc's "
    "value, × the total bet of the spin that began the adventure, goes into the pot.",
    "Every amount is worked out from the money staked and rounded down once, to whole coins of "
    "that spin's coin value.",
)
T_DISCS = "Disc values (× the total bet)"
T_RTP_LINES = "RETURN TO PLAYER BY LINES"
T_RTP_LINES_RULES = (
    "Free Spins cascades follow the wins of the lines in play, so the return to player depends on "
    "how many lines you play.",
    "With your {lines} lines the return to player is {rtp} %.",
    "Long-run averages at a steady bet, worked out exactly from the game's data; any single session "
    "can be very different.",
)
T_RTP_LINES_MISSING = "The figures by lines are not available for this version of the game's data."
T_RTP_AXIS = "lines"
T_NOTE_KEY = "{n} or more award {spins} Free Spins with cascading wins."
T_NOTE_PASSPORT = "On the centre row it stamps its reel; {reels} stamps start the Global Adventure. No pays."
T_NOTE_WILD = "It does not substitute for {passport} either."


def _feature(defn: GameDefinition) -> TombRaiderFeature | None:
    f = defn.feature
    return f if isinstance(f, TombRaiderFeature) else None


def _name(defn: GameDefinition, symbol: str, tr: Tr) -> str:
    """A symbol's name in the player's language (names are msgids without fields)."""
    return tr.t(defn.symbol(symbol).name)


def _joined(values: list[int]) -> str:
    return ", ".join(f"{v:,}" for v in values)


def symbol_notes(defn: GameDefinition, symbol_id: str, tr: Tr = ENGLISH) -> list[str]:
    f = _feature(defn)
    if f is None:
        return []
    sym = defn.symbol(symbol_id)
    if symbol_id == f.scatter:
        return [tr.t(T_NOTE_KEY, n=f.trigger_min, spins=f.free_spins)]
    if symbol_id == f.passport:
        return [tr.t(T_NOTE_PASSPORT, reels=defn.reels)]
    if sym.kind == "wild":
        return [tr.t(T_NOTE_WILD, passport=_name(defn, f.passport, tr))]
    return []


def pages(defn: GameDefinition, bet: Bet, tr: Tr = ENGLISH) -> list[Page]:
    """The feature's pages, in reading order."""
    f = _feature(defn)
    if f is None:
        return []
    key = _name(defn, f.scatter, tr)
    ladder = [f"x{m}" for m in f.ladder]
    free = Page(
        "free",
        tr.t(T_FREE),
        paragraphs=tuple(
            tr.t(
                p, n=f.trigger_min, key=key, spins=f.free_spins, first=f.ladder[0], rest=", ".join(ladder[1:])
            )
            for p in T_FREE_RULES
        ),
        items=tuple(f.ladder),
    )
    sm = f.super_mode
    wild_counts = sorted(w.value for w in sm.wilds)
    reels = ", ".join(str(r) for r in sm.reels)
    super_page = Page(
        "super",
        tr.t(T_SUPER),
        paragraphs=tuple(
            tr.t(
                p,
                odds=round(sm.out_of / sm.weight),
                spins=sm.spins,
                low=wild_counts[0],
                high=wild_counts[-1],
                reels=reels,
                n=f.trigger_min,
                key=key,
                free=f.free_spins,
                passport=_name(defn, f.passport, tr),
            )
            for p in T_SUPER_RULES
        ),
    )
    passports = Page(
        "passports",
        tr.t(T_PASSPORTS),
        paragraphs=tuple(
            tr.t(p, passport=_name(defn, f.passport, tr), reels=defn.reels) for p in T_PASSPORT_RULES
        ),
    )
    adv = f.adventure
    places = ", ".join(_title(loc.id, tr) for loc in adv.locations)
    adventure = Page(
        "adventure",
        tr.t(T_ADVENTURE),
        paragraphs=tuple(
            tr.t(p, places=places, size=adv.board.size, traps=adv.board.trap, bonus=adv.board.bonus)
            for p in T_ADVENTURE_RULES
        ),
        items=tuple((_title(loc.id, tr), tuple(w.value for w in loc.bonus)) for loc in adv.locations),
        extra={
            "treasure": tr.t(T_TREASURE_AMOUNTS, values=_joined([w.value for w in adv.treasure.bonus])),
            "example": tr.t(
                T_EXAMPLE, bet=tr.format_money(bet.total_cents), coins=_coins(tr, bet.total_coins)
            ),
        },
    )
    jackpots = [j.value for j in adv.jackpots]
    jackpot = Page(
        "jackpot",
        tr.t(T_JACKPOT),
        paragraphs=tuple(
            tr.t(
                p,
                n=len(adv.locations),
                values=_joined(jackpots),
                lines=len(defn.lines),
                discs=len(f.shootout.discs),
            )
            for p in T_JACKPOT_RULES
        ),
        items=tuple(sorted(f.shootout.discs, reverse=True)),
    )
    return [free, super_page, passports, adventure, jackpot, rtp_page(defn, bet, tr)]


def rtp_page(defn: GameDefinition, bet: Bet, tr: Tr = ENGLISH) -> Page:
    """The exact RTP at every line count (shipped beside the data, `rtp_lines`), the player's
    current count named; a stale or missing file says the figures are not available."""
    from game.definitions import games_dir
    from game.games.tombraider import rtp_lines

    table = rtp_lines.read(games_dir() / defn.id, len(defn.lines))
    if table is None:
        return Page("rtp_lines", tr.t(T_RTP_LINES), paragraphs=(tr.t(T_RTP_LINES_MISSING),))
    rtp = tr.format_number(round(table.at(bet.lines) * 10_000), 2)
    return Page(
        "rtp_lines",
        tr.t(T_RTP_LINES),
        paragraphs=tuple(tr.t(p, lines=bet.lines, rtp=rtp) for p in T_RTP_LINES_RULES),
        items=tuple((n, tr.format_number(round(r * 10_000), 2)) for n, r in enumerate(table.rtp, start=1)),
        extra={"current": bet.lines, "rtp": table.rtp},
    )


def _title(location_id: str, tr: Tr) -> str:
    """A location's name: its msgid is the map's title (the id, capitalised)."""
    return tr.t(location_id.capitalize())


def _coins(tr: Tr, coins: int) -> str:
    return tr.t(T_COINS, coins=coins)


# -- layouts ---------------------------------------------------------------------------------------
def draw_page(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    layouts = {
        "free": _draw_free,
        "super": _draw_super,
        "passports": _draw_passports,
        "adventure": _draw_adventure,
        "jackpot": _draw_jackpot,
        "rtp_lines": _draw_rtp_lines,
    }
    layout = layouts.get(page.kind)
    if layout is not None:
        layout(viewer, surface, page)


def _text_left(viewer: PaytableHost, surface: Canvas, page: Page, width: int, size: int = 20) -> int:
    rect = pygame.Rect(CONTENT.left + 10, CONTENT.top + 10, width, CONTENT.h)
    return draw_paragraphs(surface, viewer.assets, page.paragraphs, rect, size=size)


def _draw_free(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    a = viewer.assets
    _text_left(viewer, surface, page, 720)
    right = pygame.Rect(CONTENT.right - 330, CONTENT.top + 6, 320, CONTENT.h - 20)
    card(surface, right)
    for i, mult in enumerate(page.items):
        r = pygame.Rect(0, 0, 150, 62)
        r.center = (right.centerx, right.bottom - 56 - i * 84)
        k = i / max(1, len(page.items) - 1)
        fill = (int(90 + 150 * k), int(60 + 116 * k), int(24 + 36 * k))
        draw.rect(surface, fill, r, border_radius=12)
        draw.rect(surface, (255, 236, 180), r, width=2, border_radius=12)
        draw_text(
            surface, a.font("display", 36), f"x{mult}", r.center, CREAM, outline=2, outline_color=(40, 20, 0)
        )


def _draw_super(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    a = viewer.assets
    _text_left(viewer, surface, page, 700, 21)
    wilds = viewer.definition.symbols_of_kind("wild")
    if wilds:
        img = a.scaled(f"{viewer.game_id}/symbols/{wilds[0]}", (220, 220))
        surface.blit(img, img.get_rect(center=(CONTENT.right - 200, CONTENT.centery - 10)))
        draw.rect(
            surface,
            (120, 255, 220),
            img.get_rect(center=(CONTENT.right - 200, CONTENT.centery - 10)).inflate(10, 10),
            width=4,
            border_radius=18,
        )


def _draw_passports(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    from scenes.games.tombraider.decor import stamp_art

    a = viewer.assets
    _text_left(viewer, surface, page, 760, 19)
    x0 = CONTENT.right - 280
    img = a.scaled(f"{viewer.game_id}/symbols/passport", (170, 170))
    surface.blit(img, img.get_rect(center=(x0 + 130, CONTENT.top + 110)))
    for n in range(viewer.definition.reels):
        stamp = a.derived(
            ("tombraider-stamp-page", n), partial(stamp_art, a, viewer.game_id or "", n < 3, n + 1, 70)
        )
        surface.blit(stamp, (x0 + (n % 3) * 88, CONTENT.top + 240 + (n // 3) * 92))


def _draw_adventure(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    a, tr = viewer.assets, viewer.tr
    y = _text_left(viewer, surface, page, 640, 18)
    right = pygame.Rect(CONTENT.left + 672, CONTENT.top + 4, CONTENT.w - 672, CONTENT.h - 12)
    card(surface, right)
    draw_text(
        surface,
        a.font("text_bold", 17),
        tr.gettext(T_AMOUNTS),
        (right.centerx, right.top + 22),
        GOLD,
        shadow=False,
    )
    row_y = right.top + 56
    for title, values in page.items:
        draw_text(surface, a.font("display", 22), title, (right.left + 20, row_y), CREAM, anchor="midleft")
        text = " · ".join(f"x{v}" for v in values)
        draw_text(
            surface,
            fit_font(a, "text_bold", text, right.w - 190, 18),
            text,
            (right.right - 20, row_y),
            SOFT,
            anchor="midright",
            shadow=False,
        )
        row_y += 44
    extra = page.extra
    draw_paragraphs(
        surface,
        a,
        [extra["treasure"], extra["example"]],
        pygame.Rect(right.left + 18, row_y + 6, right.w - 36, 120),
        size=17,
        bullet=False,
        color=SOFT,
    )
    kinds = ("fragment", "trap", "trap", "treasure", "bonus", "bonus")
    x = CONTENT.left + 14
    for kind in kinds:
        img = a.scaled(f"{viewer.game_id}/artefacts/{kind}", (84, 84))
        surface.blit(img, (x, max(y + 6, CONTENT.bottom - 96)))
        x += 98


def _draw_jackpot(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    a, tr = viewer.assets, viewer.tr
    y = _text_left(viewer, surface, page, 640, 19)
    right = pygame.Rect(CONTENT.left + 672, CONTENT.top + 4, CONTENT.w - 672, CONTENT.h - 12)
    card(surface, right)
    draw_text(
        surface,
        a.font("text_bold", 17),
        tr.gettext(T_DISCS),
        (right.centerx, right.top + 22),
        GOLD,
        shadow=False,
    )
    face = a.scaled(f"{viewer.game_id}/discs/disc_face", (70, 70))
    cols = 5
    for i, value in enumerate(page.items):
        cx = right.left + 28 + (i % cols) * ((right.w - 56) // cols) + (right.w - 56) // (2 * cols)
        cy = right.top + 84 + (i // cols) * 92
        surface.blit(face, face.get_rect(center=(cx, cy)))
        draw_text(surface, a.font("display", 22), f"x{value}", (cx, cy), (120, 40, 10), shadow=False)
    sword = a.scaled(f"{viewer.game_id}/symbols/sword", (120, 120))
    surface.blit(sword, (CONTENT.left + 20, max(y, CONTENT.bottom - 130)))


def _draw_rtp_lines(viewer: PaytableHost, surface: Canvas, page: Page) -> None:
    """The text on the left; on the right a bar chart of the 30 figures (the player's line count
    in gold) and the table of them under it."""
    a, tr = viewer.assets, viewer.tr
    _text_left(viewer, surface, page, 400, 19)
    if not page.items:
        return
    current = page.extra["current"]
    rtps: tuple[float, ...] = page.extra["rtp"]
    right = pygame.Rect(CONTENT.left + 430, CONTENT.top + 4, CONTENT.w - 430, CONTENT.h - 12)
    card(surface, right)
    chart = pygame.Rect(right.left + 64, right.top + 22, right.w - 86, 250)
    low = math.floor(min(rtps) * 100 - 0.5)
    high = math.ceil(max(rtps) * 100 + 0.2)
    small = a.font("text", 14)

    def y_of(percent: float) -> int:
        return round(chart.bottom - (percent - low) / (high - low) * chart.h)

    for tick in range(low, high + 1):
        y = y_of(tick)
        draw.line(surface, (90, 70, 44), (chart.left, y), (chart.right, y), 1)
        label = tr.format_number(tick * 100, 2) + " %"
        draw_text(surface, small, label, (chart.left - 6, y), SOFT, anchor="midright", shadow=False)
    step = chart.w / len(rtps)
    for i, r in enumerate(rtps):
        n = i + 1
        top = y_of(r * 100)
        bar = pygame.Rect(round(chart.left + i * step + 2), top, max(2, round(step) - 4), chart.bottom - top)
        draw.rect(surface, GOLD if n == current else (150, 112, 60), bar, border_radius=2)
        if n == 1 or n % 5 == 0 or n == current:
            colour = GOLD if n == current else SOFT
            draw_text(surface, small, str(n), (bar.centerx, chart.bottom + 10), colour, shadow=False)
    axis = tr.gettext(T_RTP_AXIS)
    draw_text(surface, small, axis, (chart.right, chart.bottom + 26), SOFT, anchor="midright", shadow=False)
    # the table: 6 columns of 5
    font, bold = a.font("text", 15), a.font("text_bold", 15)
    cols, rows = 6, math.ceil(len(page.items) / 6)
    cell_w = (right.w - 24) // cols
    table_top = chart.bottom + 46
    for i, (n, text) in enumerate(page.items):
        x = right.left + 12 + (i // rows) * cell_w
        y = table_top + (i % rows) * 28
        mine = n == current
        f = bold if mine else font
        draw_text(surface, f, f"{n}", (x + 26, y), GOLD if mine else SOFT, anchor="topright", shadow=False)
        at = (x + cell_w - 12, y)
        draw_text(surface, f, f"{text} %", at, GOLD if mine else CREAM, anchor="topright", shadow=False)
