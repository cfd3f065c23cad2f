"""The stone tables the flow and the batch share: everything that decides a Stones pay.

`tables(cg)` compiles the feature once per compiled game; `picks_for_counts`,
`free_spins_setup` and `feature_config` turn scatter counts and picked stones into the free
spins' shape, for one played round or for thousands of simulated ones alike.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.evaluate import CompiledGame
from game.games.stones.events import StoneReveal
from game.games.stones.model import StoneFeature, StonesFeature


@dataclass(frozen=True, eq=False)
class StonesTables:
    """The feature compiled into arrays indexed by stone (position in `feature.stones`).

    reel_bits: bit r-1 set for a wild_reel stone covering reel r. symbol_bits: bit j set for a
    wild_symbol stone turning `transforms[j]` (a symbol index) wild.
    """

    feature: StonesFeature
    trigger: int
    """Column of the trigger symbol in the scatter counts."""
    picks_by_count: np.ndarray
    spins: np.ndarray
    multiplier: np.ndarray
    reel_bits: np.ndarray
    symbol_bits: np.ndarray
    transforms: tuple[int, ...]


def tables(cg: CompiledGame) -> StonesTables:
    """The compiled stone tables of a game (built once per compiled game)."""
    cached: StonesTables | None = cg.extras.get("stones")
    if cached is not None:
        return cached
    f = cg.defn.feature
    if not isinstance(f, StonesFeature):
        raise ValueError(f"{cg.defn.id} is not a Secret of the Stones game")
    max_count = cg.reel_count * cg.rows
    picks = np.zeros(max_count + 1, dtype=np.int64)
    for n in range(f.trigger_min, max_count + 1):
        keys = [k for k in f.picks_by_scatters if k <= n]
        picks[n] = f.picks_by_scatters[max(keys)] if keys else 0
    transforms: list[int] = []
    for s in f.stones:
        if s.kind == "wild_symbol" and cg.index[s.target] not in transforms:
            transforms.append(cg.index[s.target])
    size = len(f.stones)
    spins, mult = np.zeros(size, np.int64), np.zeros(size, np.int64)
    reel_bits, symbol_bits = np.zeros(size, np.int64), np.zeros(size, np.int64)
    for i, s in enumerate(f.stones):
        if s.kind == "spins":
            spins[i] = s.amount
        elif s.kind == "multiplier":
            mult[i] = s.amount
        elif s.kind == "wild_reel":
            reel_bits[i] = 1 << (s.amount - 1)
        else:
            symbol_bits[i] = 1 << transforms.index(cg.index[s.target])
    out = StonesTables(
        feature=f,
        trigger=cg.scatters.index(cg.index[f.trigger_symbol]),
        picks_by_count=picks,
        spins=spins,
        multiplier=mult,
        reel_bits=reel_bits,
        symbol_bits=symbol_bits,
        transforms=tuple(transforms),
    )
    cg.extras["stones"] = out
    return out


def picks_for_counts(t: StonesTables, counts: np.ndarray) -> np.ndarray:
    """Picks won for each base spin's trigger-symbol count (0: no free spins)."""
    picks: np.ndarray = t.picks_by_count[counts]
    return picks


@dataclass(frozen=True)
class FreeSpinsSetup:
    """The features of one round's free spins, arrays over T rounds."""

    spins: np.ndarray
    multiplier: np.ndarray
    reel_bits: np.ndarray
    symbol_bits: np.ndarray


def free_spins_setup(t: StonesTables, picked: np.ndarray) -> FreeSpinsSetup:
    """Free-spin features of T rounds from their picked stones, (T, k) indices into the stones."""
    f = t.feature
    return FreeSpinsSetup(
        spins=f.free_spins + t.spins[picked].sum(axis=1),
        multiplier=f.initial_multiplier + t.multiplier[picked].sum(axis=1),
        reel_bits=np.bitwise_or.reduce(t.reel_bits[picked], axis=1),
        symbol_bits=np.bitwise_or.reduce(t.symbol_bits[picked], axis=1),
    )


def feature_config(
    t: StonesTables, reel_bits: int, symbol_bits: int
) -> tuple[frozenset[int], frozenset[int]]:
    """(1-based wild reels, symbol indices turned wild) of a setup's bit masks."""
    reels = frozenset(r + 1 for r in range(reel_bits.bit_length()) if reel_bits >> r & 1)
    symbols = frozenset(s for j, s in enumerate(t.transforms) if symbol_bits >> j & 1)
    return reels, symbols


def reveal(stone: StoneFeature) -> StoneReveal:
    return StoneReveal(kind=stone.kind, value=stone.value, symbol=stone.symbol, key=stone.key)
