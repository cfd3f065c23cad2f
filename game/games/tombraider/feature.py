"""What Tomb Raider's flow and batch share: compiled tables, cascades, Super Mode and passports.

Everything that decides a pay goes through here (and `game.evaluate`), for a batch of one spin
(the played flow) or thousands (the simulator):

- `cascade_spins`: free spins with cascades. A spin's grid is evaluated (line wins on the active
  lines, key scatter wins) at the ladder's multiplier for that step; the cells of every win
  burst (a line win's run of cells, every key if the keys paid), the survivors of each reel fall
  in order and the reel's strip positions just above the window drop in, in strip order (so a
  spin and all its cascades are a function of its stops); until a step wins nothing.
- `super_grids`: Super Mode spins, the held cells shown as the wild.
- `passports`: which reels a base spin or a Super Mode spin activates (a passport on the
  activation row; a held wild there hides it), and `stamp_super`, how a Super Mode spin's stamps
  join the collection.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from game.evaluate import (
    CompiledGame,
    CompiledReels,
    LineLut,
    SpinBatch,
    evaluate_grids,
    grids_from_stops,
    line_pays,
)
from game.games.tombraider.adventure import QuestTables, quest_tables
from game.games.tombraider.model import CASCADE_LIMIT, TombRaiderFeature
from game.money import Bet

"""A spin cascading longer than this would mean the strips can loop (the exact calculator plays
every stop combination of the shipped strips: none comes near)."""


@dataclass(frozen=True, eq=False)
class Tables:
    """The feature compiled once per game."""

    feature: TombRaiderFeature
    key: int
    """Symbol index of the Excalibur Key."""
    key_column: int
    """Its column in the scatter counts."""
    passport: int
    centre: np.ndarray
    """(reels, max strip length) bool: base stop s shows a passport on the activation row."""
    super_centre: np.ndarray
    """The same for the stops of Super Mode's reel set."""
    base_lengths: tuple[int, ...]
    super_lengths: tuple[int, ...]
    """The strip lengths of Super Mode's reel set."""
    free_strips: tuple[np.ndarray, ...]
    """The free strips as symbol indices (cascades draw from them)."""
    super_cells: tuple[tuple[int, int], ...]
    """The cells Super Mode may hold, in draw order (reel-major)."""
    super_weights: tuple[int, ...]
    """Super Mode on / off, per base spin."""
    wild_counts: tuple[int, ...]
    wild_weights: tuple[int, ...]
    quest: QuestTables


def tables(cg: CompiledGame) -> Tables:
    """The compiled feature of a game (built once per compiled game)."""
    cached: Tables | None = cg.extras.get("tombraider")
    if cached is not None:
        return cached
    f = cg.defn.feature
    if not isinstance(f, TombRaiderFeature):
        raise ValueError(f"{cg.defn.id} is not a Tomb Raider game")
    base = cg.reels("base")
    passport = cg.index[f.passport]
    sm = f.super_mode
    centre, super_centre = (
        _centre(cg.reels(name), passport, f.passport_row) for name in ("base", sm.reel_set)
    )
    out = Tables(
        feature=f,
        key=cg.index[f.scatter],
        key_column=cg.scatters.index(cg.index[f.scatter]),
        passport=passport,
        centre=centre,
        super_centre=super_centre,
        base_lengths=base.lengths,
        super_lengths=cg.reels(f.super_mode.reel_set).lengths,
        free_strips=tuple(
            np.array([cg.index[s] for s in strip], dtype=np.int64)
            for strip in cg.defn.reel_sets[f.free_reel_set]
        ),
        super_cells=tuple((r - 1, w) for r in sm.reels for w in range(cg.rows)),
        super_weights=(sm.weight, sm.out_of - sm.weight),
        wild_counts=tuple(w.value for w in sm.wilds),
        wild_weights=tuple(w.weight for w in sm.wilds),
        quest=quest_tables(f),
    )
    cg.extras["tombraider"] = out
    return out


def _centre(reels: CompiledReels, passport: int, row: int) -> np.ndarray:
    out = np.zeros((len(reels.windows), max(reels.lengths)), dtype=bool)
    for r, win in enumerate(reels.windows):
        out[r, : len(win)] = win[:, row] == passport
    return out


# -- passports ----------------------------------------------------------------------------------
def passport_bits(t: Tables, stops: np.ndarray) -> np.ndarray:
    """(N,) bit r set when base stops (N, reels) show a passport on reel r's activation row."""
    bits = np.zeros(stops.shape[0], dtype=np.int64)
    for r in range(stops.shape[1]):
        bits |= t.centre[r, stops[:, r]].astype(np.int64) << r
    return bits


def super_passport_bits(t: Tables, stops: np.ndarray, held: np.ndarray) -> np.ndarray:
    """(N,) bit r set when Super Mode stops (N, reels) show a passport on reel r's activation
    row and that cell is not held: a held wild covers the cell (it is never a Passport)."""
    row = t.feature.passport_row
    bits = np.zeros(stops.shape[0], dtype=np.int64)
    for r in range(stops.shape[1]):
        shown = t.super_centre[r, stops[:, r]] & ~held[:, r, row]
        bits |= shown.astype(np.int64) << r
    return bits


Collection = tuple[int, int, int]
"""(active reels as bits, spins counted, their total bets in cents): a passport collection."""


def stamp_super(before: Collection, bits: int, bet_cents: int, full: int) -> tuple[Collection, bool]:
    """The collection after a Super Mode spin whose passports show on the reels in `bits`, and
    whether it is complete.

    A Super Mode spin is a spin of the round already staked: it adds no spin to the weighted
    average bet, except that a collection it starts (none was running) counts the round's total
    bet once, as a base spin starting it would. A complete collection is the caller's to play and
    to empty (the next stamp starts a new one).
    """
    mask, spins, cents = before
    if not bits & ~mask:
        return before, False
    if not mask:
        spins, cents = 1, bet_cents
    mask |= bits
    return (mask, spins, cents), mask == full


# -- cascades -----------------------------------------------------------------------------------
@dataclass
class CascadeStep:
    """One evaluation of the spins still cascading: `rows` index the batch's spins."""

    rows: np.ndarray
    grids: np.ndarray
    batch: SpinBatch
    removed: np.ndarray | None = None
    """(n, reels, rows) cells that burst after this step (None when nothing won)."""


@dataclass
class Cascades:
    """N free spins played out. Coins include the bet level and the ladder."""

    line_coins: np.ndarray
    scatter_coins: np.ndarray
    wins: np.ndarray
    """(N,) winning evaluations per spin (0: the spin paid nothing)."""
    steps: list[CascadeStep] = field(default_factory=list)
    """Every evaluation, kept only when asked for (the played flow)."""

    @property
    def win_coins(self) -> np.ndarray:
        coins: np.ndarray = self.line_coins + self.scatter_coins
        return coins


def burst_cells(cg: CompiledGame, t: Tables, grids: np.ndarray, batch: SpinBatch, lines: int) -> np.ndarray:
    """(n, reels, rows) the cells of every win: each winning line's run, and the keys if they paid."""
    _, _, run = line_pays(cg, cg.lut(), batch.codes)
    gone = np.zeros(grids.shape, dtype=bool)
    line_rows = cg.lines[:lines]
    for r in range(cg.reel_count):
        reaches = run > r  # (n, lines): the line's run covers its cell on reel r
        for w in range(cg.rows):
            on = line_rows[:, r] == w
            if on.any():
                gone[:, r, w] = reaches[:, on].any(axis=1)
    gone |= (grids == t.key) & (batch.scatter_coins > 0)[:, None, None]
    return gone


def fall(t: Tables, grids: np.ndarray, tops: np.ndarray, gone: np.ndarray) -> np.ndarray:
    """The grids after `gone` burst (a new array; `tops` move up the strips in place)."""
    _, reels, rows = grids.shape
    out = np.empty_like(grids)
    for r in range(reels):
        strip = t.free_strips[r]
        dropped = gone[:, r, :].sum(axis=1)
        # survivors keep their order and sink to the bottom: sort burst cells first (stable)
        order = np.argsort(~gone[:, r, :], axis=1, kind="stable")
        sunk = np.take_along_axis(grids[:, r, :], order, axis=1)
        fresh = strip[(tops[:, r, None] - dropped[:, None] + np.arange(rows)[None, :]) % len(strip)]
        out[:, r, :] = np.where(np.arange(rows)[None, :] < dropped[:, None], fresh, sunk)
        tops[:, r] = (tops[:, r] - dropped) % len(strip)
    return out


def cascade_spins(
    cg: CompiledGame,
    reels: CompiledReels,
    lut: LineLut,
    stops: np.ndarray,
    bet: Bet,
    *,
    keep_steps: bool = False,
) -> Cascades:
    """Play N free spins (N, reels) stops with their cascades and ladder."""
    t = tables(cg)
    f = t.feature
    n = stops.shape[0]
    out = Cascades(
        line_coins=np.zeros(n, dtype=np.int64),
        scatter_coins=np.zeros(n, dtype=np.int64),
        wins=np.zeros(n, dtype=np.int64),
    )
    grids = grids_from_stops(reels, stops).astype(np.int64)
    tops = stops.astype(np.int64).copy()
    rows = np.arange(n)
    step = 0
    while rows.size:
        if step > CASCADE_LIMIT:
            raise RuntimeError(f"{cg.defn.id}: a free spin cascades more than {CASCADE_LIMIT} times")
        batch = evaluate_grids(cg, lut, grids, bet, f.multiplier(step))
        out.line_coins[rows] += batch.line_coins
        out.scatter_coins[rows] += batch.scatter_coins
        won = batch.win_coins > 0
        record = CascadeStep(rows=rows, grids=grids, batch=batch) if keep_steps else None
        if not won.any():
            if record is not None:
                out.steps.append(record)
            break
        out.wins[rows[won]] += 1
        gone = burst_cells(cg, t, grids, batch, bet.lines)
        gone[~won] = False
        if record is not None:
            record.removed = gone
            out.steps.append(record)
        keep = np.flatnonzero(won)
        rows, grids, tops = rows[keep], grids[keep], tops[keep]
        grids = fall(t, grids, tops, gone[keep])
        step += 1
    return out


# -- Super Mode ---------------------------------------------------------------------------------
def held_cells(t: Tables, count: int, order: list[int] | np.ndarray) -> list[tuple[int, int]]:
    """The cells a Super Mode holds: the first `count` of the allowed cells in a drawn order."""
    return sorted(t.super_cells[int(i)] for i in list(order)[:count])


def super_grids(cg: CompiledGame, stops: np.ndarray, held: np.ndarray) -> np.ndarray:
    """(N, reels, rows) windows of Super Mode's reel set at (N, reels) stops with (N, reels, rows)
    `held` cells wild."""
    reels = cg.reels(tables(cg).feature.super_mode.reel_set)
    grids = grids_from_stops(reels, stops).astype(np.int64)
    grids[held] = cg.wild
    return grids
