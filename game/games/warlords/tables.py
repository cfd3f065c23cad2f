"""Warlords' rules compiled into integer tables, shared by the round flow and the batch.

Cell numbering everywhere: bit / index `reel * 3 + row` (reel and row 0-based), so a (N, 5, 3) grid
reshaped to (N, 15) is indexed by the same numbers as a cell mask.

- Overlay placements: hammer squares in (left reel, top row) order; arrow and sword cell subsets
  of each count in `itertools.combinations` order of the cell numbers. A played spin draws
  `choice_index(overlay weights)`, then for the hammer `below(squares)`, for the arrow and the sword
  `choice_index(count weights)` and `below(subsets of that count)`.
- Per reel set and colour: each stop's 3-bit mask of the rows showing that scatter.
- The battle: contenders ordered by count (most first), then by the warlords' order.
- The Final Chance: coin multiples in increasing order, then the scatter, as one weight list.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

from game.evaluate import CompiledGame
from game.games.warlords.model import OVERLAYS, WarlordsFeature

ROWS = 3
CELLS = 15


@dataclass(frozen=True, eq=False)
class WarlordsTables:
    feature: WarlordsFeature
    overlay_weights: tuple[int, ...]
    """none, hammer, arrow, sword."""
    hammer: np.ndarray
    """(squares,) cell masks."""
    counts: dict[str, tuple[int, ...]]
    """arrow / sword: the wild counts, in increasing order."""
    count_weights: dict[str, tuple[int, ...]]
    subsets: dict[tuple[str, int], np.ndarray]
    """(overlay, count) → (subsets,) cell masks."""
    colours: tuple[int, ...]
    """Scatter symbol index of each warlord (feature order)."""
    colour_columns: tuple[int, ...]
    """Each warlord's column in the evaluator's scatter counts."""
    wild: int
    fc_multiples: tuple[int, ...]
    fc_weights: tuple[int, ...]
    """Coin multiples' weights, then the scatter's weight."""
    scatter_rows: dict[tuple[str, int], tuple[np.ndarray, ...]] = field(default_factory=dict)

    def rows_of(self, cg: CompiledGame, reel_set: str, colour: int) -> tuple[np.ndarray, ...]:
        """Per reel: each stop's mask of rows showing warlord `colour`'s scatter (cached)."""
        key = (reel_set, colour)
        hit = self.scatter_rows.get(key)
        if hit is None:
            reels = cg.reels(reel_set)
            sym = self.colours[colour]
            hit = tuple(
                ((w == sym) * (1 << np.arange(ROWS))).sum(axis=1).astype(np.int64) for w in reels.windows
            )
            self.scatter_rows[key] = hit
        return hit


def tables(cg: CompiledGame) -> WarlordsTables:
    """The compiled tables of a Warlords game (built once per compiled game)."""
    cached: WarlordsTables | None = cg.extras.get("warlords")
    if cached is not None:
        return cached
    f = cg.defn.feature
    if not isinstance(f, WarlordsFeature):
        raise ValueError(f"{cg.defn.id} is not a Warlords game")
    o = f.overlay
    a, b = o.hammer_reels
    hammer = [
        sum(1 << ((r + dr) * ROWS + w + dw) for dr in (0, 1) for dw in (0, 1))
        for r in range(a - 1, b - 1)
        for w in range(ROWS - 1)
    ]
    counts: dict[str, tuple[int, ...]] = {}
    weights: dict[str, tuple[int, ...]] = {}
    subsets: dict[tuple[str, int], np.ndarray] = {}
    for name, table, (lo, hi) in (
        ("arrow", o.arrow_counts, o.arrow_reels),
        ("sword", o.sword_counts, o.sword_reels),
    ):
        counts[name] = tuple(sorted(table))
        weights[name] = tuple(table[k] for k in counts[name])
        cells = range((lo - 1) * ROWS, hi * ROWS)
        for k in counts[name]:
            subsets[(name, k)] = np.array(
                [sum(1 << c for c in combo) for combo in itertools.combinations(cells, k)], dtype=np.int64
            )
    colours = tuple(cg.index[w.scatter] for w in f.warlords)
    fc = f.final_chance
    multiples = tuple(sorted(fc.coin_weights))
    out = WarlordsTables(
        feature=f,
        overlay_weights=(o.weights["none"], *(o.weights[k] for k in OVERLAYS)),
        hammer=np.array(hammer, dtype=np.int64),
        counts=counts,
        count_weights=weights,
        subsets=subsets,
        colours=colours,
        colour_columns=tuple(cg.scatters.index(c) for c in colours),
        wild=cg.wild,
        fc_multiples=multiples,
        fc_weights=(*(fc.coin_weights[m] for m in multiples), fc.scatter_weight),
    )
    cg.extras["warlords"] = out
    return out


def battle(t: WarlordsTables, counts: list[int]) -> tuple[list[int], list[int]]:
    """(contenders as warlord indices, integer weights) for scatter counts per warlord."""
    present = sorted((c for c in range(len(counts)) if counts[c]), key=lambda c: (-counts[c], c))
    if len(present) == 2 and counts[present[0]] != counts[present[1]]:
        return present, list(t.feature.battle.pair_vs_single)
    return present, [1] * len(present)


def mask_cells(mask: int) -> list[tuple[int, int]]:
    """The (reel, row) cells of a cell mask, in cell order."""
    return [(c // ROWS, c % ROWS) for c in range(CELLS) if mask >> c & 1]


def popcount(x: np.ndarray) -> np.ndarray:
    """Set bits of each (non-negative, < 2**16) integer."""
    return np.bitwise_count(x.astype(np.uint16)).astype(np.int64)
