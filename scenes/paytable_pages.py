"""The paytable's pages as plain data, generated from the validated game definition (CERT. P4).

Nothing here draws and nothing is typed in by hand: every pay, count and rule figure is read from
the same `GameDefinition` the engine evaluates, at the player's CURRENT bet, so the paytable can
never disagree with the maths. `scenes.paytable` only lays these pages out.

Amounts: a line pay of `p` (coins per line at level 1) shows as `p × level` coins and that many
coins × the coin value in currency (integer cents, formatted by `game.money.format_cents`). A
scatter pay of `m` (× total bet) shows as `m × total bet` coins. Free-spin wins are further
multiplied by the free-spins multiplier, which the pages state in words.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.definitions import GameDefinition
from game.games.stones.model import StoneFeature, StonesFeature
from game.money import Bet, format_cents

# Player-facing strings (one place, for the translation layer).
T_HIGH = "HIGH SYMBOLS"
T_LOW = "LOW SYMBOLS"
T_SYMBOLS = "SYMBOLS"
T_WILD_SCATTER = "WILD AND SCATTER"
T_STONES = "FREE SPINS: THE STONES"
T_FREE = "FREE SPINS"
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
T_SCATTER_TRIGGER = "{n} or more {scatter} symbols in the main game award {spins} Free Spins."
T_STONES_INTRO = (
    "Before Free Spins begin, pick from {count} stones to reveal bonus features. "
    "The number of picks equals the number of {scatter} symbols that awarded them:"
)
T_STONES_PICKS = "{n} × {scatter}  =  {picks} stones"
T_STONES_SHUFFLE = (
    "The stones are shuffled each time Free Spins are won. Unpicked stones are shown afterwards."
)
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
    "Free Spins are played on their own reels, with the same bet lines, bet level and coin value "
    "as the round that awarded them.",
    "Free Spins cannot be won again during Free Spins; {scatter} symbols still pay.",
    "The TOTAL WIN field includes any wins from the main game added to any wins from Free Spins.",
)
T_HOW_RULES = (
    "Bet line wins pay left to right, in succession from the leftmost reel.",
    "Only the highest win per active bet line is paid; wins on different bet lines are added.",
    "A bet line win in coins is the PAYTABLE value multiplied by the bet level ({level}), and by "
    "any multiplier. In currency it is the coins multiplied by the coin value ({coin}).",
    "All pays shown are for the current bet: {lines} lines, level {level}, coin value {coin}.",
)
T_MALFUNCTION = "Malfunction voids all pays and plays."
T_CAP_MONEY = "The maximum win from a single game is {amount}."
T_CAP_COINS = "The maximum win from a single game is {coins:,} coins × the bet level."
T_LINES_NOTE = "Lines in play are numbered 1 to {lines}; the current bet plays lines 1–{played}."

SYMBOLS_PER_PAGE = 5
_SYMBOLS = {"EUR": "€", "GBP": "£", "USD": "$"}


class Tr(Protocol):
    """What the pages need from `scenes.i18n.Translator` (translate + format; money from cents)."""

    def t(self, msgid: str, **values: Any) -> str: ...
    def format_money(self, cents: int, currency: str = "EUR") -> str: ...


class English:
    """The untranslated fallback (tests, tools): msgids formatted as they are."""

    def t(self, msgid: str, **values: Any) -> str:
        return msgid.format(**values)

    def format_money(self, cents: int, currency: str = "EUR") -> str:
        return format_cents(cents, _SYMBOLS.get(currency, currency))


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
class StoneCount:
    key: str  # the tablet art: `<game>/tablet/<key>`
    label: str
    count: int


@dataclass(frozen=True, slots=True)
class LineShape:
    number: int  # 1-based
    rows: tuple[int, ...]  # row per reel, 0 = top
    played: bool


@dataclass(frozen=True, slots=True)
class Page:
    """One paytable page. `kind` picks the layout: symbols, wild_scatter, stones, free, lines, how."""

    kind: str
    title: str
    symbols: tuple[SymbolPays, ...] = ()
    paragraphs: tuple[str, ...] = ()
    stones: tuple[StoneCount, ...] = ()
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
    scatter = _scatter_name(defn)
    if sym.kind == "wild":
        notes.append(tr.t(T_WILD_RULE, scatter=scatter))
    elif sym.kind == "scatter":
        notes.append(tr.t(T_SCATTER_RULE, scatter=sym.name))
        feature = defn.feature
        if isinstance(feature, StonesFeature) and feature.trigger_symbol == symbol_id:
            notes.append(
                tr.t(T_SCATTER_TRIGGER, n=feature.trigger_min, scatter=sym.name, spins=feature.free_spins)
            )
    else:
        feature = defn.feature
        if isinstance(feature, StonesFeature) and any(
            s.kind == "wild_symbol" and s.symbol == symbol_id for s in feature.stones
        ):
            notes.append(tr.t(T_STONE_SYMBOL, name=sym.name.upper()))
    return SymbolPays(symbol_id, sym.name, sym.kind, tuple(rows), tuple(notes))


def _scatter_name(defn: GameDefinition) -> str:
    scatters = defn.symbols_of_kind("scatter")
    return defn.symbol(scatters[0]).name if scatters else "Scatter"


def stone_label(stone: StoneFeature, defn: GameDefinition, tr: Tr = ENGLISH) -> str:
    if stone.kind == "spins":
        return tr.t(T_STONE_SPINS, n=stone.value)
    if stone.kind == "multiplier":
        return tr.t(T_STONE_MULT, n=stone.value)
    if stone.kind == "wild_reel":
        return tr.t(T_STONE_REEL, n=stone.value)
    return tr.t(T_STONE_SYMBOL, name=defn.symbol(stone.symbol or "").name.upper())


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
    special = [symbol_pays(defn, s, bet, tr) for s in (*wilds, *scatters)]
    if special:
        pages.insert(
            0,
            Page(
                "wild_scatter",
                tr.t(T_WILD_SCATTER),
                tuple(special),
                paragraphs=(tr.t(T_WILD_BEST),) if wilds else (),
            ),
        )
    feature = defn.feature
    scatter = _scatter_name(defn)
    if isinstance(feature, StonesFeature):
        picks = tuple(
            tr.t(T_STONES_PICKS, n=n, scatter=scatter, picks=p)
            for n, p in sorted(feature.picks_by_scatters.items())
        )
        pages.append(
            Page(
                "stones",
                tr.t(T_STONES),
                paragraphs=(
                    tr.t(T_STONES_INTRO, count=len(feature.stones), scatter=scatter),
                    *picks,
                    tr.t(T_STONES_SHUFFLE),
                ),
                stones=stone_counts(defn, tr),
                extra={"total": len(feature.stones)},
            )
        )
        pages.append(
            Page(
                "free",
                tr.t(T_FREE),
                paragraphs=tuple(
                    tr.t(
                        p,
                        n=feature.trigger_min,
                        scatter=scatter,
                        spins=feature.free_spins,
                        mult=feature.initial_multiplier,
                    )
                    for p in T_FREE_RULES
                ),
            )
        )
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
