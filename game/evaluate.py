"""Batch-first evaluation of line and scatter wins (NumPy); a batch of one serves play.

The binding rules are in the architecture doc ("Evaluation rules"). This module is their one
implementation for play and simulation alike:

- `compile_game(defn)` turns a definition into integer tables once (cached): symbol ids → ints,
  the line table, per-count pay tables.
- `CompiledGame.reels(name, wild_reels)` compiles one reel set: for every reel and stop, the
  window of symbols it shows (wild-reel covers already applied), each window's contribution to
  every line's combination code, and its scatter counts.
- `CompiledGame.lut(wild_symbols)` is the line rule itself, applied once to every possible
  combination of `reels` symbols: best pay, symbol and run per combination code, built once per
  wild-acting set and shared by every definition with the same symbols and paytable.
- `evaluate_spins(...)` evaluates N spins at once: stops → line codes → pays, scatter counts →
  scatter pays, times level and multiplier. `evaluate_grids(...)` does the same from grids.
- `batch_wins(...)` / `spin_wins(...)` turn evaluated spins into the `Win` objects of
  `game.events` (with positions), for play; the simulator needs only the totals.

Combination code of a line: digits are symbol indices, reel 1 most significant
(code = Σ sym[r] · S^(reels-1-r), S = number of symbols). When S^reels is too large for a table,
the same rule function is evaluated on the actual cells instead (`LineLut.direct`).

Cells that are not stop-driven (overlay wilds, held symbols, cascades) are evaluated from a grid
with `evaluate_grids`; the stop-driven path is a shortcut that yields the same codes (tested).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from game.bounds import MAX_LINE_PAY, MAX_REELS, MAX_SYMBOLS
from game.events import Win

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.money import Bet

SMALL_BATCH = 256
"""Batches up to this size gather all reels at once; larger ones reel by reel (less memory)."""
LUT_MAX_ENTRIES = 1 << 22
"""Largest combination table built (4M entries, ~24 MB); beyond it lines are evaluated directly."""

LUT_BLOCK = 1 << 16
"""Combinations evaluated at a time while a line table is built (bounds its temporaries)."""

# The tables' integer types follow from the bounds the game data is held to (game.bounds).
LUT_PAY_DTYPE = np.int32 if np.iinfo(np.int32).max >= MAX_LINE_PAY else np.int64
"""The line table's pay column: the smallest type holding the largest pay a game may have."""
LUT_SYMBOL_DTYPE = np.int8 if np.iinfo(np.int8).max >= MAX_SYMBOLS else np.int16
BEST_LINE_KEY_MAX = (MAX_LINE_PAY * (MAX_REELS + 1) + MAX_REELS) * MAX_SYMBOLS + MAX_SYMBOLS
"""The largest key `best_line` packs (pay, run, symbol) into: far below int64's limit."""


@dataclass(frozen=True, eq=False)
class LineLut:
    """The best line pay (at level 1) of every combination, for one wild-acting set.

    `pay[code]`, `symbol[code]` (symbol index, -1 if no win) and `run[code]`. When `direct` is set
    no table exists and `best_line` evaluates cells on demand.
    """

    wild_set: frozenset[int]
    pay: np.ndarray | None
    symbol: np.ndarray | None
    run: np.ndarray | None
    direct: bool = False


@dataclass(frozen=True, eq=False)
class CompiledReels:
    """One reel set (with any wild-reel covers applied) as integer tables.

    windows[r]: (len_r, rows) symbol indices shown for each stop of reel r.
    line_parts[r]: (len_r, L) each stop's contribution to every line's combination code.
    scatter_parts[r]: (len_r, n_scatter) how many of each scatter symbol each stop's window shows.
    The `flat_*` tables stack the reels' tables (reel r's rows start at `offsets[r]`), so a small
    batch is one gather: `flat[stops + offsets]`.
    """

    name: str
    wild_reels: frozenset[int]
    lengths: tuple[int, ...]
    windows: tuple[np.ndarray, ...]
    line_parts: tuple[np.ndarray, ...]
    scatter_parts: tuple[np.ndarray, ...]
    offsets: np.ndarray
    flat_windows: np.ndarray
    flat_line_parts: np.ndarray
    flat_scatter_parts: np.ndarray
    _by_lines: dict[int, tuple[np.ndarray, ...]] = field(default_factory=dict)

    def line_parts_for(self, lines: int) -> tuple[np.ndarray, ...]:
        """`line_parts` cut to the first `lines` lines, contiguous (cached per line count)."""
        hit = self._by_lines.get(lines)
        if hit is None:
            hit = tuple(np.ascontiguousarray(p[:, :lines]) for p in self.line_parts)
            self._by_lines[lines] = hit
        return hit


@dataclass(eq=False)
class CompiledGame:
    """A definition compiled into integer tables. Build with `compile_game`."""

    defn: GameDefinition
    symbol_ids: tuple[str, ...]
    index: dict[str, int]
    reel_count: int
    rows: int
    wild: int
    """Index of the wild symbol, -1 if the game has none."""
    scatters: tuple[int, ...]
    """Indices of the scatter symbols (in symbol order)."""
    lines: np.ndarray
    """(L, reels) row index of each line on each reel."""
    line_pay: np.ndarray
    """(S, reels + 1) pay at level 1 for a run of k of each symbol (0 where nothing pays)."""
    scatter_pay: np.ndarray
    """(n_scatter, reels·rows + 1) scatter pay in × total bet for k symbols anywhere."""
    powers: np.ndarray
    """(reels,) digit weights of the combination code."""
    extras: dict[str, Any] = field(default_factory=dict)
    """Game-specific compiled tables (e.g. a feature's), keyed by the game module."""
    _reels: dict[tuple[str, frozenset[int]], CompiledReels] = field(default_factory=dict)

    @property
    def line_rows(self) -> list[list[int]]:
        """The line table as plain lists (for building events)."""
        return self.defn.lines

    @property
    def symbol_count(self) -> int:
        return len(self.symbol_ids)

    @property
    def code_dtype(self) -> type[np.signedinteger]:
        """int32 codes while every combination fits (always with a table), else int64."""
        return np.int32 if self.symbol_count**self.reel_count < 2**31 else np.int64

    def reels(self, name: str, wild_reels: frozenset[int] = frozenset()) -> CompiledReels:
        """The compiled reel set `name`, with the 1-based `wild_reels` covered by wilds."""
        key = (name, frozenset(wild_reels))
        hit = self._reels.get(key)
        if hit is None:
            hit = self._compile_reels(name, key[1])
            self._reels[key] = hit
        return hit

    def lut(self, wild_symbols: frozenset[int] = frozenset()) -> LineLut:
        """The line table for a wild-acting set: the wild (if any) plus `wild_symbols` indices."""
        wild_set = frozenset(wild_symbols) | ({self.wild} if self.wild >= 0 else set())
        key = (self._pay_key, wild_set)
        hit = _LUTS.get(key)
        if hit is None:
            hit = self._build_lut(wild_set)
            _LUTS[key] = hit
            while len(_LUTS) > _LUT_CACHE_SIZE:
                _LUTS.popitem(last=False)
        else:
            _LUTS.move_to_end(key)
        return hit

    def wild_set_of(self, symbol_ids: list[str] | tuple[str, ...]) -> frozenset[int]:
        return frozenset(self.index[s] for s in symbol_ids)

    # -- compilation ---------------------------------------------------------------------------
    @property
    def _pay_key(self) -> tuple[object, ...]:
        return (self.symbol_ids, self.reel_count, self.line_pay.tobytes())

    def _compile_reels(self, name: str, wild_reels: frozenset[int]) -> CompiledReels:
        strips = self.defn.reel_sets[name]
        windows, line_parts, scatter_parts, lengths = [], [], [], []
        scat = np.array(self.scatters, dtype=np.int64)
        for r, strip in enumerate(strips):
            ids = np.array([self.index[s] for s in strip], dtype=np.int64)
            n = len(ids)
            win = ids[(np.arange(n)[:, None] + np.arange(self.rows)[None, :]) % n]
            if (r + 1) in wild_reels:
                if self.wild < 0:
                    raise ValueError(f"{self.defn.id}: a wild reel needs a wild symbol")
                win = np.full_like(win, self.wild)
            windows.append(win.astype(np.int16))
            line_parts.append((win[:, self.lines[:, r]] * self.powers[r]).astype(self.code_dtype))
            scatter_parts.append((win[:, :, None] == scat[None, None, :]).sum(axis=1, dtype=np.int16))
            lengths.append(n)
        return CompiledReels(
            name=name,
            wild_reels=wild_reels,
            lengths=tuple(lengths),
            windows=tuple(windows),
            line_parts=tuple(line_parts),
            scatter_parts=tuple(scatter_parts),
            offsets=np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64),
            flat_windows=np.concatenate(windows),
            flat_line_parts=np.concatenate(line_parts),
            flat_scatter_parts=np.concatenate(scatter_parts).astype(np.int64),
        )

    def _build_lut(self, wild_set: frozenset[int]) -> LineLut:
        size = self.symbol_count**self.reel_count
        if size > LUT_MAX_ENTRIES:
            return LineLut(wild_set=wild_set, pay=None, symbol=None, run=None, direct=True)
        # the smallest type that holds this game's top pay (int16 for most), within the bounds
        top = int(self.line_pay.max(initial=0))
        pay = np.empty(size, dtype=np.int16 if top < 2**15 else LUT_PAY_DTYPE)
        sym = np.empty(size, dtype=LUT_SYMBOL_DTYPE)
        run = np.empty(size, dtype=np.int8)
        # block by block: the int64 temporaries of a whole table would be ~10 times its size, a
        # spike of tens of MB each time a feature needs a new wild set
        for lo in range(0, size, LUT_BLOCK):
            hi = min(size, lo + LUT_BLOCK)
            codes = np.arange(lo, hi, dtype=np.int64)
            cells = (codes[:, None] // self.powers[None, :]) % self.symbol_count
            pay[lo:hi], sym[lo:hi], run[lo:hi] = best_line(self, cells, wild_set)
        return LineLut(wild_set=wild_set, pay=pay, symbol=sym, run=run)


_LUTS: OrderedDict[tuple[object, ...], LineLut] = OrderedDict()
_LUT_CACHE_SIZE = 16
_GAMES: OrderedDict[int, CompiledGame] = OrderedDict()
_GAME_CACHE_SIZE = 16


def best_line(
    cg: CompiledGame, cells: np.ndarray, wild_set: frozenset[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The line rule: best (pay, symbol, run) for each row of `cells` (M, reels) symbol indices.

    For each paying symbol s: the wild's run counts leading wild-acting cells (the wild and any
    symbol made wild, which is a Wild in every respect); any other symbol's run counts leading
    cells equal to s or wild-acting. Pay is the table value for the run; the best
    candidate is chosen by (pay, run, symbol position). No win gives (0, -1, 0).
    """
    m = cells.shape[0]
    by_reel = np.ascontiguousarray(cells.T, dtype=np.int16)  # (reels, M): one vector per reel
    acting = np.zeros(cg.symbol_count, dtype=bool)
    acting[list(wild_set)] = True
    wild_cell = acting[by_reel]
    best_key = np.zeros(m, dtype=np.int64)
    width = cg.reel_count + 1
    alive = np.empty(m, dtype=bool)
    match = np.empty(m, dtype=bool)
    run = np.empty(m, dtype=np.int64)
    for s in range(cg.symbol_count):
        if not cg.line_pay[s].any():
            continue
        alive.fill(True)
        run.fill(0)
        for r in range(cg.reel_count):
            if s == cg.wild:
                # the wild's own run counts every wild-acting cell: a symbol made wild is a Wild
                np.copyto(match, wild_cell[r])
            else:
                np.equal(by_reel[r], s, out=match)
                match |= wild_cell[r]
            alive &= match
            run += alive
        pay = cg.line_pay[s][run]
        key = np.where(pay > 0, (pay * width + run) * cg.symbol_count + s, 0)
        np.maximum(best_key, key, out=best_key)
    sym = np.where(best_key > 0, best_key % cg.symbol_count, -1)
    rest = best_key // cg.symbol_count
    return rest // width, sym, np.where(best_key > 0, rest % width, 0)


def compile_game(defn: GameDefinition) -> CompiledGame:
    """The compiled tables of a definition, built once per definition object and cached."""
    hit = _GAMES.get(id(defn))
    if hit is not None and hit.defn is defn:
        _GAMES.move_to_end(id(defn))
        return hit
    ids = tuple(defn.symbol_ids)
    index = {s: i for i, s in enumerate(ids)}
    reels, rows = defn.reels, defn.rows
    line_pay = np.zeros((len(ids), reels + 1), dtype=np.int64)
    for sym, pays in defn.paytable.items():
        for k in range(reels + 1):
            listed = [c for c in pays if c <= k]
            if listed:
                line_pay[index[sym], k] = pays[max(listed)]
    scatters = tuple(index[s] for s in defn.symbols_of_kind("scatter"))
    scatter_pay = np.zeros((len(scatters), reels * rows + 1), dtype=np.int64)
    for j, s in enumerate(scatters):
        pays = defn.scatter_pays.get(ids[s], {})
        for k in range(reels * rows + 1):
            listed = [c for c in pays if c <= k]
            if listed:
                scatter_pay[j, k] = pays[max(listed)]
    wilds = defn.symbols_of_kind("wild")
    cg = CompiledGame(
        defn=defn,
        symbol_ids=ids,
        index=index,
        reel_count=reels,
        rows=rows,
        wild=index[wilds[0]] if wilds else -1,
        scatters=scatters,
        lines=np.array(defn.lines, dtype=np.int64),
        line_pay=line_pay,
        scatter_pay=scatter_pay,
        powers=len(ids) ** np.arange(reels - 1, -1, -1, dtype=np.int64),
    )
    _GAMES[id(defn)] = cg
    while len(_GAMES) > _GAME_CACHE_SIZE:
        _GAMES.popitem(last=False)
    return cg


# -- batch evaluation --------------------------------------------------------------------------
def grids_from_stops(reels: CompiledReels, stops: np.ndarray) -> np.ndarray:
    """(N, reels, rows) symbol indices shown for (N, reels) stops."""
    grids: np.ndarray = reels.flat_windows[stops + reels.offsets]
    return grids


def line_codes(reels: CompiledReels, stops: np.ndarray, lines: int) -> np.ndarray:
    """(N, lines) combination code of each of the first `lines` lines for (N, reels) stops."""
    if stops.shape[0] <= SMALL_BATCH:
        flat = reels.flat_line_parts
        small: np.ndarray = flat[stops + reels.offsets][:, :, :lines].sum(axis=1, dtype=flat.dtype)
        return small
    parts = reels.line_parts_for(lines)
    # np.take on contiguous tables: a plain row gather, much faster than fancy indexing of a view
    codes: np.ndarray = np.take(parts[0], stops[:, 0], axis=0)
    for r in range(1, len(parts)):
        codes += np.take(parts[r], stops[:, r], axis=0)
    return codes


def line_codes_from_grid(cg: CompiledGame, grid: np.ndarray, lines: int) -> np.ndarray:
    """(N, lines) combination codes from (N, reels, rows) grids of symbol indices."""
    reel_idx = np.arange(cg.reel_count)[None, :]
    cells = grid[:, reel_idx, cg.lines[:lines]]  # (N, lines, reels)
    codes: np.ndarray = (cells.astype(np.int64) @ cg.powers).astype(cg.code_dtype)
    return codes


def line_cells(cg: CompiledGame, codes: np.ndarray) -> np.ndarray:
    """The symbol indices (…, reels) a combination code stands for."""
    cells: np.ndarray = (codes[..., None].astype(np.int64) // cg.powers) % cg.symbol_count
    return cells


def line_pays(cg: CompiledGame, lut: LineLut, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(pay at level 1, symbol index, run) of every line code, each shaped like `codes`."""
    if lut.pay is not None and lut.symbol is not None and lut.run is not None:  # not lut.direct
        return lut.pay[codes], lut.symbol[codes], lut.run[codes]
    pay, sym, run = best_line(cg, line_cells(cg, codes).reshape(-1, cg.reel_count), lut.wild_set)
    return pay.reshape(codes.shape), sym.reshape(codes.shape), run.reshape(codes.shape)


def line_pay_totals(cg: CompiledGame, lut: LineLut, codes: np.ndarray) -> np.ndarray:
    """(N,) sum of the level-1 line pays of each row of codes (the simulator's hot path)."""
    if lut.pay is not None:  # not lut.direct
        totals: np.ndarray = np.take(lut.pay, codes).sum(axis=1, dtype=np.int64)
        return totals
    direct: np.ndarray = line_pays(cg, lut, codes)[0].sum(axis=1, dtype=np.int64)
    return direct


def scatter_counts(reels: CompiledReels, stops: np.ndarray) -> np.ndarray:
    """(N, n_scatter) how many of each scatter symbol the window shows."""
    if stops.shape[0] <= SMALL_BATCH:
        small: np.ndarray = reels.flat_scatter_parts[stops + reels.offsets].sum(axis=1)
        return small
    parts = reels.scatter_parts
    counts = np.take(parts[0], stops[:, 0], axis=0).astype(np.int64)
    for r in range(1, len(parts)):
        counts += np.take(parts[r], stops[:, r], axis=0)
    return counts


def scatter_counts_from_grid(cg: CompiledGame, grid: np.ndarray) -> np.ndarray:
    """(N, n_scatter) scatter counts from (N, reels, rows) grids."""
    scat = np.array(cg.scatters, dtype=grid.dtype)
    counts: np.ndarray = (grid[:, :, :, None] == scat).sum(axis=(1, 2), dtype=np.int64)
    return counts


def scatter_multiples(cg: CompiledGame, counts: np.ndarray) -> np.ndarray:
    """(N,) total scatter pay in multiples of the total bet for (N, n_scatter) counts."""
    if not cg.scatters:
        return np.zeros(counts.shape[0], dtype=np.int64)
    total = np.zeros(counts.shape[0], dtype=np.int64)
    for j in range(len(cg.scatters)):
        total += cg.scatter_pay[j][counts[:, j]]
    return total


@dataclass(frozen=True, eq=False)
class SpinBatch:
    """N evaluated spins. Coins include the bet level and each spin's multiplier."""

    stops: np.ndarray
    codes: np.ndarray
    scatter_counts: np.ndarray
    line_coins: np.ndarray
    scatter_coins: np.ndarray
    multiplier: np.ndarray

    @property
    def win_coins(self) -> np.ndarray:
        coins: np.ndarray = self.line_coins + self.scatter_coins
        return coins


def evaluate_spins(
    cg: CompiledGame,
    reels: CompiledReels,
    lut: LineLut,
    stops: np.ndarray,
    bet: Bet,
    multiplier: int | np.ndarray = 1,
) -> SpinBatch:
    """Evaluate N spins given their (N, reels) stops: line and scatter wins in coins."""
    codes = line_codes(reels, stops, bet.lines)
    return evaluate_codes(cg, lut, stops, codes, scatter_counts(reels, stops), bet, multiplier)


def evaluate_grids(
    cg: CompiledGame,
    lut: LineLut,
    grids: np.ndarray,
    bet: Bet,
    multiplier: int | np.ndarray = 1,
    stops: np.ndarray | None = None,
) -> SpinBatch:
    """Evaluate N grids that are not plain stop windows (held symbols, overlay or sticky wilds,
    cascades): (N, reels, rows) symbol indices. `stops` are recorded as given (zeros if None)."""
    n = grids.shape[0]
    shown = np.zeros((n, cg.reel_count), dtype=np.int64) if stops is None else stops
    codes = line_codes_from_grid(cg, grids, bet.lines)
    return evaluate_codes(cg, lut, shown, codes, scatter_counts_from_grid(cg, grids), bet, multiplier)


def evaluate_codes(
    cg: CompiledGame,
    lut: LineLut,
    stops: np.ndarray,
    codes: np.ndarray,
    counts: np.ndarray,
    bet: Bet,
    multiplier: int | np.ndarray = 1,
) -> SpinBatch:
    """Evaluate N spins from line codes and scatter counts (the grid-driven entry point)."""
    n = codes.shape[0]
    mult: np.ndarray = (
        np.full(n, multiplier, dtype=np.int64) if np.ndim(multiplier) == 0 else np.asarray(multiplier)
    )
    line = line_pay_totals(cg, lut, codes) * (bet.level * mult)
    scatter = scatter_multiples(cg, counts) * (bet.total_coins * mult)
    return SpinBatch(
        stops=stops,
        codes=codes,
        scatter_counts=counts,
        line_coins=line,
        scatter_coins=scatter,
        multiplier=mult,
    )


def batch_wins(
    cg: CompiledGame, lut: LineLut, batch: SpinBatch, grids: np.ndarray, bet: Bet
) -> list[list[Win]]:
    """The `Win` objects of every spin of a batch (line wins in line order, then scatters).

    `grids` are the spins' (N, reels, rows) symbol indices, used for scatter positions.
    """
    n = batch.codes.shape[0]
    out: list[list[Win]] = [[] for _ in range(n)]
    ids = cg.symbol_ids
    level = bet.level
    mults = batch.multiplier.tolist()
    pay, sym, run = line_pays(cg, lut, batch.codes)
    spin_idx, line_idx = np.nonzero(pay)
    line_rows = cg.line_rows
    for i, line, p, s, k in zip(
        spin_idx.tolist(),
        line_idx.tolist(),
        pay[spin_idx, line_idx].tolist(),
        sym[spin_idx, line_idx].tolist(),
        run[spin_idx, line_idx].tolist(),
        strict=True,
    ):
        rows = line_rows[line]
        out[i].append(
            Win(
                kind="line",
                line=line + 1,
                symbol=ids[s],
                count=k,
                coins=p * level * mults[i],
                positions=[(r, rows[r]) for r in range(k)],
            )
        )
    for j, s in enumerate(cg.scatters):
        counts = batch.scatter_counts[:, j]
        multiples = cg.scatter_pay[j][counts]
        for i in np.flatnonzero(multiples).tolist():
            cells = np.argwhere(grids[i] == s).tolist()
            out[i].append(
                Win(
                    kind="scatter",
                    line=None,
                    symbol=ids[s],
                    count=int(counts[i]),
                    coins=int(multiples[i]) * bet.total_coins * mults[i],
                    positions=[(r, w) for r, w in cells],
                )
            )
    return out


def spin_wins(
    cg: CompiledGame, lut: LineLut, batch: SpinBatch, grid: np.ndarray, i: int, bet: Bet
) -> list[Win]:
    """The `Win` objects of spin `i` of a batch; `grid` is its (reels, rows) symbol indices."""
    one = SpinBatch(
        stops=batch.stops[i : i + 1],
        codes=batch.codes[i : i + 1],
        scatter_counts=batch.scatter_counts[i : i + 1],
        line_coins=batch.line_coins[i : i + 1],
        scatter_coins=batch.scatter_coins[i : i + 1],
        multiplier=batch.multiplier[i : i + 1],
    )
    return batch_wins(cg, lut, one, grid[None], bet)[0]


def grid_symbols(cg: CompiledGame, grid: np.ndarray) -> list[list[str]]:
    """A (reels, rows) grid of indices as `grid[reel][row]` symbol ids."""
    ids = cg.symbol_ids
    return [[ids[x] for x in reel] for reel in grid.tolist()]
