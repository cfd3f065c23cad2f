"""A tiny Warlords (5×3, 4–15 stop strips, 6 lines, the same features) and a literal reading of
the rules over it, for checking the exact calculator by brute force.

Every function here loops over cells and stop combinations as the rules text reads; nothing is
shared with the calculator (`game.games.warlords.exact`), the flow or the evaluator.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from game.definitions import GameDefinition

SYMBOLS = [
    ("hero", "regular"),
    ("fox", "regular"),
    ("cap", "regular"),
    ("wild", "wild"),
    ("scatter_blue", "scatter"),
    ("scatter_green", "scatter"),
    ("scatter_red", "scatter"),
    ("blank", "blank"),
]
PAYS = {
    "hero": {3: 10, 4: 40, 5: 100},
    "fox": {3: 5, 4: 20, 5: 50},
    "cap": {3: 2, 4: 5, 5: 10},
    "wild": {3: 20, 4: 60, 5: 200},
}
LINES = [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2], [0, 0, 1, 2, 2]]
STRIP5 = ["hero", "fox", "cap", "wild", "fox"]


def tiny(**over: Any) -> GameDefinition:
    """A 5×3 Warlords with 4–6 stop strips (scatters ≥ 3 apart), 6 lines, 3 coins per level."""
    sets = {
        "base": [
            ["hero", "fox", "cap", "wild"],
            ["scatter_blue", "hero", "fox", "scatter_red", "cap", "wild"],
            ["scatter_green", "cap", "hero", "scatter_blue", "fox", "wild"],
            ["scatter_red", "fox", "cap", "scatter_green", "hero", "wild"],
            ["cap", "hero", "fox", "wild", "fox"],
        ],
        "overlay": [
            ["hero", "fox", "wild"],
            ["fox", "hero", "cap"],
            ["cap", "wild", "hero"],
            STRIP5,
            ["fox", "cap", "hero"],
        ],
    }
    for colour, mode in (("blue", "barbarian"), ("green", "priestess"), ("red", "samurai")):
        sc = f"scatter_{colour}"
        # scatters on reels 2–4 only keep the naive recursion over held cells small
        sets[f"respin_{colour}"] = [
            ["blank"] * 3,
            [sc, "blank", "blank", "blank"],
            ["blank", sc, "blank", "blank", "blank"],
            [sc, "blank", "blank", "blank"],
            ["blank"] * 3,
        ]
        sets[f"free_{mode}"] = [
            ["hero", "fox", "cap", "wild"],
            [sc, "hero", "fox", "cap"],
            ["fox", sc, "hero", "wild", "cap"],
            ["cap", "hero", sc, "fox"],
            ["fox", "wild", "hero", "cap"],
        ]
    data: dict[str, Any] = {
        "id": "warlords",
        "name": "Tiny Warlords",
        "pitch": "A test game.",
        "rtp_published": 0.9,
        "reels": 5,
        "rows": 3,
        "symbols": [{"id": s, "name": s, "kind": k} for s, k in SYMBOLS],
        "lines": LINES,
        "paytable": PAYS,
        "reel_sets": sets,
        "bet": {
            "lines_selectable": False,
            "default_lines": len(LINES),
            "levels": [1, 2],
            "default_level": 1,
            "coin_values_cents": [1],
            "default_coin_value_cents": 1,
            "coins_per_level": 3,
        },
        "cap": {"max_coins_per_level": 100_000},
        "feature": {
            "type": "warlords",
            "overlay": {
                "reel_set": "overlay",
                "weights": {"none": 5, "hammer": 1, "arrow": 2, "sword": 1},
                "arrow_counts": {2: 3},
                "sword_counts": {2: 1},
            },
            "final_chance": {"coin_weights": {3: 5, 10: 1}, "scatter_weight": 2},
            "samurai": {"spins": 2},
            "warlords": [
                {
                    "scatter": f"scatter_{c}",
                    "mode": m,
                    "respin_reel_set": f"respin_{c}",
                    "free_reel_set": f"free_{m}",
                }
                for c, m in (("blue", "barbarian"), ("green", "priestess"), ("red", "samurai"))
            ],
        },
    }
    # Barbarian: one scatter in 15 stops on reel 3 only, so extra spins average below one a spin
    sets["free_barbarian"] = [
        ["hero", "fox", "cap", "wild"],
        ["hero", "fox", "cap"],
        [
            "fox",
            "scatter_blue",
            "hero",
            "wild",
            "cap",
            "fox",
            "hero",
            "cap",
            "fox",
            "hero",
            "cap",
            "fox",
            "wild",
            "hero",
            "cap",
        ],
        ["cap", "hero", "fox", "wild"],
        ["fox", "wild", "hero", "cap"],
    ]
    data.update(over)
    return GameDefinition.model_validate(data)


def line_pay(cells: list[str]) -> int:
    """The best candidate of one line (wild substitutes; its own run counts wilds only)."""
    best = 0
    for sym, pays in PAYS.items():
        run = 0
        for c in cells:
            if c == sym or (sym != "wild" and c == "wild"):
                run += 1
            else:
                break
        best = max([best] + [p for k, p in pays.items() if k <= run])
    return best


def grid_pay(grid: list[list[str]]) -> int:
    return sum(line_pay([grid[r][row] for r, row in enumerate(line)]) for line in LINES)


def windows(strip: list[str]) -> list[list[str]]:
    return [[strip[(s + k) % len(strip)] for k in range(3)] for s in range(len(strip))]


def all_grids(defn: GameDefinition, name: str):
    for combo in itertools.product(*(windows(s) for s in defn.reel_sets[name])):
        yield [list(col) for col in combo]


def placements(defn: GameDefinition, kind: str) -> list[tuple[Fraction, set[tuple[int, int]]]]:
    o = defn.feature.overlay
    if kind == "hammer":
        squares = [(r, w) for r in range(3) for w in range(2)]
        return [(Fraction(1, 6), {(r + dr, w + dw) for dr in (0, 1) for dw in (0, 1)}) for r, w in squares]
    counts, (lo, hi) = (o.arrow_counts, o.arrow_reels) if kind == "arrow" else (o.sword_counts, o.sword_reels)
    cells = [(r, w) for r in range(lo - 1, hi) for w in range(3)]
    out = []
    for k, wt in counts.items():
        subsets = list(itertools.combinations(cells, k))
        out += [(Fraction(wt, sum(counts.values()) * len(subsets)), set(s)) for s in subsets]
    return out


TOP = max(max(p.values()) for p in PAYS.values())


def shows_top(grid: list[list[str]]) -> bool:
    """Some line pays the top award."""
    return any(line_pay([grid[r][row] for r, row in enumerate(line)]) == TOP for line in LINES)


def cells_of(grid: list[list[str]], symbol: str) -> frozenset[tuple[int, int]]:
    return frozenset((r, w) for r in range(5) for w in range(3) if grid[r][w] == symbol)


def covered(grid: list[list[str]], cells: set | frozenset) -> list[list[str]]:
    """The grid with `cells` laid over with the wild."""
    return [[("wild" if (r, w) in cells else grid[r][w]) for w in range(3)] for r in range(5)]
