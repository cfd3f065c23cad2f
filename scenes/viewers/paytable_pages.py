"""The paytable's pages as plain data, generated from the validated game definition (CERT. P4).

Nothing here draws and nothing is typed in by hand: every pay, count and rule figure is read from
the same `GameDefinition` the engine evaluates, at the player's CURRENT bet, so the paytable can
never disagree with the maths. `scenes.viewers.paytable` only lays these pages out. A game's
feature has pages of its own and notes under its symbols' pays: its presentation gives them
(`scenes.presentation`), placed after the symbols and before the bet lines.

Amounts: a line pay of `p` (coins per line at level 1) shows as `p × level` coins and that many
coins × the coin value in currency (integer cents, formatted by `game.money.format_cents`). A
scatter pay of `m` (× total bet) shows as `m × total bet` coins. Free-spin wins are further
multiplied by the free-spins multiplier, which the pages state in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from game.definitions import GameDefinition
from game.money import Bet, format_cents
from scenes.presentation import presentation_of

# Player-facing strings (one place, for the translation layer).
T_HIGH = "HIGH SYMBOLS"
T_LOW = "LOW SYMBOLS"
T_SYMBOLS = "SYMBOLS"
T_WILD_SCATTER = "WILD AND SCATTER"
T_WILD = "WILD"
T_SCATTERS = "the Scatter symbols"
T_LINES = "BET LINES"
T_HOW = "HOW WINS PAY"
T_WILD_RULE = (
    "Wild appears on every reel in the main game and in Free Spins and substitutes for "
    "all symbols except {scatter}."
)
T_WILD_BEST = "A substitution pays the highest possible winning combination on a bet line."
T_SCATTER_RULE = (
    "{scatter} pays anywhere on the reels, multiplied by the total bet, and is added to the line wins."
)
T_HOW_RULES = (
    "Bet line wins pay left to right, in succession from the leftmost reel.",
    "Only the highest win per active bet line is paid; wins on different bet lines are added.",
    "A bet line win in coins is the PAYTABLE value multiplied by the bet level ({level}), and by "
    "any multiplier. In currency it is the coins multiplied by the coin value ({coin}).",
    "All pays shown are for the current bet: {lines} lines, level {level}, coin value {coin}.",
)
T_MALFUNCTION = "Malfunction voids all pays and plays, and all affected bets are refunded."
T_CAP_MONEY = "The maximum win from a single game is {amount}."
T_CAP_COINS = "The maximum win from a single game is {coins:,} coins × the bet level."
T_LINES_NOTE = "Lines in play are numbered 1 to {lines}; the current bet plays lines 1–{played}."

SYMBOLS_PER_PAGE = 5
_SYMBOLS = {"EUR": "€", "GBP": "£", "USD": "$"}


class Tr(Protocol):
    """What the pages need from `scenes.core.i18n.Translator` (translate + format; money from cents)."""

    def t(self, msgid: str, **values: Any) -> str: ...
    def gettext(self, msgid: str) -> str: ...
    def format_money(self, cents: int, currency: str = "EUR") -> str: ...
    def format_number(self, n: int, decimals: int = 0) -> str: ...


class English:
    """The untranslated fallback (tests, tools): msgids formatted as they are."""

    def t(self, msgid: str, **values: Any) -> str:
        return msgid.format(**values)

    def gettext(self, msgid: str) -> str:
        return msgid

    def format_money(self, cents: int, currency: str = "EUR") -> str:
        return format_cents(cents, _SYMBOLS.get(currency, currency))

    def format_number(self, n: int, decimals: int = 0) -> str:
        whole, frac = divmod(abs(int(n)), 10**decimals)
        sign = "-" if n < 0 else ""
        return f"{sign}{whole:,}" + (f".{frac:0{decimals}d}" if decimals else "")


ENGLISH = English()


@dataclass(frozen=True, slots=True)
class PayRow:
    """One line of a symbol's pays: `count` symbols pay `coins` coins = `cents` at this bet."""

    count: int
    coins: int
    cents: int


@dataclass(frozen=True, slots=True)
class SymbolPays:
    symbol_id: str
    name: str
    kind: str
    rows: tuple[PayRow, ...]  # highest count first, as paytables read
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LineShape:
    number: int  # 1-based
    rows: tuple[int, ...]  # row per reel, 0 = top
    played: bool


@dataclass(frozen=True, slots=True)
class Page:
    """One paytable page. `kind` picks the layout: symbols, wild_scatter, lines, how, or a game's
    own kind (laid out by its presentation); `items` holds what a game's own page lists."""

    kind: str
    title: str
    symbols: tuple[SymbolPays, ...] = ()
    paragraphs: tuple[str, ...] = ()
    items: tuple[Any, ...] = ()
    lines: tuple[LineShape, ...] = ()
    reels: int = 5
    rows: int = 3
    extra: dict = field(default_factory=dict)


def symbol_pays(defn: GameDefinition, symbol_id: str, bet: Bet, tr: Tr = ENGLISH) -> SymbolPays:
    """What one symbol pays at `bet` (line pays × level; scatter pays × total bet)."""
    sym = defn.symbol(symbol_id)
    rows: list[PayRow] = []
    if symbol_id in defn.paytable:
        for count, pay in sorted(defn.paytable[symbol_id].items(), reverse=True):
            coins = pay * bet.level
            rows.append(PayRow(count, coins, bet.coins_to_cents(coins)))
    elif symbol_id in defn.scatter_pays:
        for count, mult in sorted(defn.scatter_pays[symbol_id].items(), reverse=True):
            coins = mult * bet.total_coins
            rows.append(PayRow(count, coins, bet.coins_to_cents(coins)))
    notes: list[str] = []
    name = tr.gettext(sym.name)  # the symbol's name in the player's language
    if sym.kind == "wild":
        notes.append(tr.t(T_WILD_RULE, scatter=scatter_name(defn, tr)))  # translated there
    elif sym.kind == "scatter" and symbol_id in defn.scatter_pays:
        notes.append(tr.t(T_SCATTER_RULE, scatter=name))
    notes.extend(presentation_of(defn).symbol_notes(defn, symbol_id, tr))
    return SymbolPays(symbol_id, name, sym.kind, tuple(rows), tuple(notes))


def scatter_name(defn: GameDefinition, tr: Tr = ENGLISH) -> str:
    """What the wild does not stand in for: the scatter's name, or all the scatters in a word."""
    scatters = defn.symbols_of_kind("scatter")
    if len(scatters) > 1:
        return tr.t(T_SCATTERS)
    return tr.gettext(defn.symbol(scatters[0]).name if scatters else "Scatter")


def cap_text(defn: GameDefinition, currency: str = "EUR", tr: Tr = ENGLISH) -> str:
    """The win cap in the rules' words ("The maximum win from a single game is €250,000.00.")."""
    cap = defn.cap
    if cap.max_currency_cents is not None:
        return tr.t(T_CAP_MONEY, amount=tr.format_money(cap.max_currency_cents, currency))
    if cap.max_coins_per_level is not None:
        return tr.t(T_CAP_COINS, coins=cap.max_coins_per_level)
    return ""


def build_pages(defn: GameDefinition, bet: Bet, currency: str = "EUR", tr: Tr = ENGLISH) -> list[Page]:
    """Every paytable page for `defn` at `bet`, in reading order, in `tr`'s language.

    `currency` is a display-currency code (EUR, GBP, USD); amounts stay integer cents.
    """
    pages: list[Page] = []
    wilds = defn.symbols_of_kind("wild")
    scatters = defn.symbols_of_kind("scatter")
    regular = [s for s in defn.symbols_of_kind("regular") if s in defn.paytable]
    # highest top pay first: the animals, then the carved royals
    regular.sort(key=lambda s: (max(defn.paytable[s].values()), defn.symbol_ids.index(s)), reverse=True)
    chunks = [regular[i : i + SYMBOLS_PER_PAGE] for i in range(0, len(regular), SYMBOLS_PER_PAGE)]
    for n, chunk in enumerate(chunks):
        title = T_SYMBOLS if len(chunks) == 1 else (T_HIGH if n == 0 else T_LOW)
        pages.append(Page("symbols", tr.t(title), tuple(symbol_pays(defn, s, bet, tr) for s in chunk)))
    # scatters that pay go with the wild; a game's other scatters are its feature's (its pages)
    paying = [s for s in scatters if s in defn.scatter_pays]
    special = [symbol_pays(defn, s, bet, tr) for s in (*wilds, *paying)]
    if special:
        pages.insert(
            0,
            Page(
                "wild_scatter",
                tr.t(T_WILD_SCATTER if paying else T_WILD),
                tuple(special),
                paragraphs=(tr.t(T_WILD_BEST),) if wilds else (),
            ),
        )
    pages.extend(presentation_of(defn).pages(defn, bet, tr))
    pages.append(
        Page(
            "lines",
            tr.t(T_LINES),
            lines=tuple(LineShape(i, tuple(ln), i <= bet.lines) for i, ln in enumerate(defn.lines, start=1)),
            reels=defn.reels,
            rows=defn.rows,
            paragraphs=(tr.t(T_LINES_NOTE, lines=len(defn.lines), played=bet.lines),),
        )
    )
    coin = tr.format_money(bet.coin_value_cents, currency)
    cap = cap_text(defn, currency, tr)
    how = [tr.t(p, level=bet.level, coin=coin, lines=bet.lines) for p in T_HOW_RULES]
    how += [cap, tr.t(T_MALFUNCTION)]
    pages.append(Page("how", tr.t(T_HOW), paragraphs=tuple(p for p in how if p)))
    return pages
