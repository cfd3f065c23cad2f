"""What Relic's flow and batch share: overlays, evaluation of a grid, cascades, re-spins."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.evaluate import CompiledGame, batch_wins, evaluate_grids, grids_from_stops
from game.events import Win
from game.money import Bet
from relicgame.model import RelicFeature

Cell = tuple[int, int]


def feature(cg: CompiledGame) -> RelicFeature:
    f = cg.defn.feature
    assert isinstance(f, RelicFeature)
    return f


def overlay_cells(cg: CompiledGame, k: int) -> list[Cell]:
    """The cell named by draw k (reel-major) and its right-hand neighbour."""
    reel, row = divmod(int(k), cg.rows)
    cells = [(reel, row)]
    if reel + 1 < cg.reel_count:
        cells.append((reel + 1, row))
    return cells


def window(cg: CompiledGame, reel_set: str, stops: np.ndarray) -> np.ndarray:
    """The (reels, rows) symbol indices a spin's stops show."""
    return grids_from_stops(cg.reels(reel_set), np.asarray(stops, dtype=np.int64)[None])[0].astype(np.int64)


def evaluate(cg: CompiledGame, grid: np.ndarray, bet: Bet) -> tuple[int, list[Win]]:
    """(coins, wins) of one grid's line wins."""
    lut = cg.lut()
    batch = evaluate_grids(cg, lut, grid[None], bet)
    return int(batch.win_coins[0]), batch_wins(cg, lut, batch, grid[None], bet)[0]


def cascade(cg: CompiledGame, grid: np.ndarray, removed: set[Cell], tops: list[int]) -> np.ndarray:
    """The grid after `removed` burst: each reel's survivors fall, new symbols drop in from its
    base strip above the window; `tops[r]` (the strip index of reel r's top cell) moves up."""
    out = grid.copy()
    strips = cg.defn.reel_sets["base"]
    for r in range(cg.reel_count):
        gone = {w for (rr, w) in removed if rr == r}
        if not gone:
            continue
        keep = [int(grid[r, w]) for w in range(cg.rows) if w not in gone]
        e = len(gone)
        strip = strips[r]
        fresh = [cg.index[strip[(tops[r] - e + j) % len(strip)]] for j in range(e)]
        tops[r] -= e
        out[r] = fresh + keep
    return out


def win_cells(wins: list[Win]) -> set[Cell]:
    return {tuple(p) for w in wins for p in w.positions}


def gems_on_row(cg: CompiledGame, grid: np.ndarray, row: int) -> list[Cell]:
    gem = cg.index[feature(cg).bonus_symbol]
    return [(r, row) for r in range(cg.reel_count) if grid[r, row] == gem]


def gem_cells(cg: CompiledGame, grid: np.ndarray) -> list[Cell]:
    gem = cg.index[feature(cg).bonus_symbol]
    return [(int(r), int(w)) for r, w in np.argwhere(grid == gem)]


@dataclass
class BaseOutcome:
    """The base spin after its overlay and cascades."""

    grid: np.ndarray
    coins: int
    steps: list[tuple[set[Cell], np.ndarray, int, list[Win]]]
    """Per cascade: (removed, grid after, coins, wins)."""
    first_grid: np.ndarray
    first_coins: int
    first_wins: list[Win]


def base_outcome(cg: CompiledGame, stops: np.ndarray, overlay: list[Cell], bet: Bet) -> BaseOutcome:
    f = feature(cg)
    grid = window(cg, "base", stops)
    for r, w in overlay:
        grid[r, w] = cg.wild
    coins, wins = evaluate(cg, grid, bet)
    out = BaseOutcome(grid=grid, coins=coins, steps=[], first_grid=grid, first_coins=coins, first_wins=wins)
    tops = [int(s) for s in stops]
    while wins and len(out.steps) < f.cascade_steps:
        removed = win_cells(wins)
        grid = cascade(cg, grid, removed, tops)
        step_coins, wins = evaluate(cg, grid, bet)
        out.steps.append((removed, grid, step_coins, wins))
        out.coins += step_coins
        out.grid = grid
    return out


def respin(cg: CompiledGame, stops: np.ndarray, held: list[Cell]) -> tuple[np.ndarray, list[Cell]]:
    """One relic re-spin: the grid (held gems kept) and the held cells after it."""
    f = feature(cg)
    grid = window(cg, f.respin_reel_set, stops)
    gem = cg.index[f.bonus_symbol]
    for r, w in held:
        grid[r, w] = gem
    return grid, sorted(set(held) | set(gem_cells(cg, grid)))
