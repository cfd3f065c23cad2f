"""Fixtures for Tomb Raider's tests: the installed game, a small Tomb Raider whose every stop
combination can be played out, and a naive reading of the rules (plain loops over cells) that
the exact calculator and the production engine are both checked against."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest

from game.definitions import GameDefinition, LoadedGame, load_game


@pytest.fixture(scope="session")
def tombraider() -> LoadedGame:
    return load_game("tombraider")


SMALL_LINES = [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2]]
SMALL_PAYS = {"a": {3: 5, 4: 10, 5: 20}, "b": {2: 1, 3: 4, 5: 30}, "w": {3: 10, 4: 50, 5: 100}}
SMALL_BASE = [
    ["a", "b", "k", "w", "p"],
    ["b", "a", "w", "k", "a", "p"],
    ["a", "w", "b", "p", "k"],
    ["w", "a", "b", "k", "p", "a"],
    ["b", "p", "a", "w", "k"],
]
SMALL_FREE = [
    ["a", "b", "w", "a", "k"],
    ["b", "a", "a", "w", "p"],
    ["w", "b", "a", "k"],
    ["a", "w", "b", "b", "a"],
    ["b", "a", "k", "w"],
]


def small_data(**feature: Any) -> dict[str, Any]:
    """A small but complete Tomb Raider definition's data (symbols a, b, wild w, key k,
    passport p; 5 lines); `feature` overrides fields of its `[feature]` section."""
    data: dict[str, Any] = {
        "id": "small",
        "name": "Small",
        "pitch": "A test game.",
        "rtp_published": 0.9,
        "reels": 5,
        "rows": 3,
        "symbols": [
            {"id": "a", "name": "A", "kind": "regular"},
            {"id": "b", "name": "B", "kind": "regular"},
            {"id": "w", "name": "W", "kind": "wild"},
            {"id": "k", "name": "K", "kind": "scatter"},
            {"id": "p", "name": "P", "kind": "bonus"},
        ],
        "lines": SMALL_LINES,
        "paytable": SMALL_PAYS,
        "scatter_pays": {"k": {2: 1, 3: 2, 4: 5, 5: 10}},
        "reel_sets": {"base": SMALL_BASE, "free": SMALL_FREE},
        "bet": {
            "lines_selectable": True,
            "default_lines": 5,
            "levels": [1, 2],
            "default_level": 1,
            "coin_values_cents": [1, 2, 5],
            "default_coin_value_cents": 1,
        },
        "feature": {
            "type": "tombraider",
            "scatter": "k",
            "passport": "p",
            "passport_row": 1,
            "trigger_min": 3,
            "free_spins": 3,
            "free_reel_set": "free",
            "ladder": [1, 2, 3],
            "super_mode": {
                "weight": 1,
                "out_of": 10,
                "spins": 2,
                "reel_set": "base",
                "reels": [2, 3],
                "wilds": [{"value": 1, "weight": 1}, {"value": 2, "weight": 2}],
            },
            "adventure": {
                "locations": [
                    {"id": "here", "bonus": [{"value": 1, "weight": 2}, {"value": 3, "weight": 1}]},
                    {"id": "there", "bonus": [{"value": 2, "weight": 1}, {"value": 5, "weight": 1}]},
                ],
                "board": {"trap": 2, "treasure": 1, "bonus": 1, "traps_to_end": 2},
                "treasure": {
                    "bonus_weight": 1,
                    "double_weight": 2,
                    "shootout_weight": 1,
                    "bonus": [{"value": 4, "weight": 1}, {"value": 6, "weight": 3}],
                },
                "end_weight": 1,
                "showdown_weight": 2,
                "duel_won_weight": 2,
                "duel_lost_weight": 1,
                "jackpots": [{"value": 10, "weight": 3}, {"value": 40, "weight": 1}],
            },
            "shootout": {"discs": [1, 3, 7]},
        },
    }
    data["feature"].update(feature)
    return data


@pytest.fixture(scope="session")
def small() -> GameDefinition:
    return GameDefinition.model_validate(small_data())


# -- a naive reading of the rules ----------------------------------------------------------------


def naive_line(defn: GameDefinition, cells: Sequence[str]) -> tuple[int, int]:
    """(pay, run) of one line: for every paying symbol, its run of leading cells (the wild's own
    run counts wilds only; the others count themselves or the wild); the best candidate by pay,
    then run, then the symbol's place in the list."""
    kinds = {s.id: s.kind for s in defn.symbols}
    order = defn.symbol_ids
    best = (0, 0, -1)
    for sym, pays in defn.paytable.items():
        run = 0
        for cell in cells:
            if cell == sym or (kinds[sym] != "wild" and kinds[cell] == "wild"):
                run += 1
            else:
                break
        pay = max((v for k, v in pays.items() if k <= run), default=0)
        if pay and (pay, run, order.index(sym)) > best:
            best = (pay, run, order.index(sym))
    return best[0], best[1] if best[0] else 0


def naive_window(strip: Sequence[str], stop: int, rows: int) -> list[str]:
    return [strip[(stop + w) % len(strip)] for w in range(rows)]


def naive_evaluate(defn: GameDefinition, grid: list[list[str]], lines: int) -> tuple[int, int, set]:
    """(line coins, scatter coins, cells of every win) of a grid at level 1."""
    feature = defn.feature
    line_coins = 0
    cells: set[tuple[int, int]] = set()
    for line in defn.lines[:lines]:
        pay, run = naive_line(defn, [grid[r][w] for r, w in enumerate(line)])
        line_coins += pay
        cells |= {(r, line[r]) for r in range(run)}
    keys = [(r, w) for r in range(len(grid)) for w in range(len(grid[r])) if grid[r][w] == feature.scatter]
    pays = defn.scatter_pays[feature.scatter]
    scatter = max((v for k, v in pays.items() if k <= len(keys)), default=0) * lines
    if scatter:
        cells |= set(keys)
    return line_coins, scatter, cells


def naive_free_spin(defn: GameDefinition, stops: Sequence[int], lines: int) -> tuple[int, int]:
    """(coins at level 1, winning evaluations) of one free spin with its cascades, read from the
    rules: winning cells burst, the rest fall, the strip above the window drops in."""
    feature = defn.feature
    strips = defn.reel_sets[feature.free_reel_set]
    rows = defn.rows
    grid = [naive_window(strip, stop, rows) for strip, stop in zip(strips, stops, strict=True)]
    tops = list(stops)
    total = wins = 0
    while True:
        line_coins, scatter, cells = naive_evaluate(defn, grid, lines)
        if not line_coins + scatter:
            return total, wins
        total += feature.multiplier(wins) * (line_coins + scatter)
        wins += 1
        for r, strip in enumerate(strips):
            keep = [grid[r][w] for w in range(rows) if (r, w) not in cells]
            gone = rows - len(keep)
            new = [strip[(tops[r] - gone + j) % len(strip)] for j in range(gone)]
            tops[r] -= gone
            grid[r] = new + keep


def all_stops(strips: Sequence[Sequence[str]]):
    return itertools.product(*(range(len(s)) for s in strips))
