"""The par sheet: each game's exact parts, put together the same way for every game.

`par_sheet(defn, lines)` asks the game's rules (`game/games/<id>/exact.py`, reached through the
registry) for its par sheet. This module holds what every par sheet shares: a part's record
(`part`), the round cap's section (where it lies at the default and maximum bets and whether it
can bind) and its note in plain words.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from game.definitions import GameDefinition
from game.games import rules_for
from game.math.patterns import fraction_str


def par_sheet(
    defn: GameDefinition,
    lines: int | None = None,
    *,
    estimate_cap: bool = True,
    volatility: bool = False,
    rounds: int | None = None,
) -> dict[str, Any]:
    """The game's par sheet (JSON-ready): its exact RTP, every part with its method, hit
    frequency, top award and the cap. `estimate_cap` adds the (sampled) estimate of what the cap
    removes where it can bind. `volatility` adds `std_per_round` and the `volatility` section
    (SD, index, class, the round-win distribution; `game.math.volatility`), sampling `rounds`
    rounds where a figure is not exact."""
    from game.math.volatility import SAMPLE_ROUNDS, volatility_section

    rules = rules_for(defn)
    sheet = rules.par_sheet(defn, lines, estimate_cap=estimate_cap)
    if volatility:
        section = volatility_section(defn, sheet, rules.round_moments, rounds=rounds or SAMPLE_ROUNDS)
        sheet["std_per_round"] = section["std_per_round"]
        sheet["volatility"] = section
    return sheet


def check_lines(defn: GameDefinition, lines: int | None) -> int:
    """The active lines a par sheet is computed for (default: the game's default lines)."""
    n = defn.bet.default_lines if lines is None else lines
    if not 1 <= n <= len(defn.lines):
        raise ValueError(f"lines must be 1..{len(defn.lines)}")
    return n


def part(name: str, value: Fraction, **extra: Any) -> dict[str, Any]:
    """One exact part of the RTP."""
    return {"name": name, "rtp": float(value), "method": "exact", "fraction": fraction_str(value), **extra}


RTP_NOTE = (
    "The RTP does not depend on the active lines or the bet level: every line has "
    "the same expected pay and all pays scale with the level. It is the uncapped "
    "RTP."
)


def cap_section(
    defn: GameDefinition,
    lines: int,
    bound_lvl1: int,
    bet_lvl1: int,
    estimate: Callable[[float], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Where the round cap lies at the default and the maximum bet, and whether it can bind.

    `bound_lvl1` is an upper bound on a round's win in coins at level 1 and `bet_lvl1` the total
    bet in coins at level 1. Where the cap can bind and `estimate` is given, `estimate(cap in
    coins at level 1)` adds the game's estimate of what the cap removes.
    """
    cap = defn.cap
    max_level = max(defn.bet.levels)
    rows: list[dict[str, Any]] = []
    for coin in defn.bet.coin_values_cents:
        caps = []
        if cap.max_currency_cents is not None:
            caps.append(cap.max_currency_cents // coin)
        rows.append({"coin_value_cents": coin, "cap_coins": min(caps) if caps else None})
    out: dict[str, Any] = {
        "max_currency_cents": cap.max_currency_cents,
        "max_coins_per_level": cap.max_coins_per_level,
        "by_coin_value": rows,
    }

    def cap_coins(level: int, coin: int) -> int | None:
        caps = []
        if cap.max_currency_cents is not None:
            caps.append(cap.max_currency_cents // coin)
        if cap.max_coins_per_level is not None:
            caps.append(cap.max_coins_per_level * level)
        return min(caps) if caps else None

    for row in rows:
        coin = row["coin_value_cents"]
        for level in (1, max_level):
            c = cap_coins(level, coin)
            row[f"cap_x_bet_level_{level}"] = c / (bet_lvl1 * level) if c else None
            row[f"can_bind_level_{level}"] = c is not None and bound_lvl1 * level >= c
    d_level, d_coin = defn.bet.default_level, defn.bet.default_coin_value_cents
    d_cap = cap_coins(d_level, d_coin)
    m_coin = max(defn.bet.coin_values_cents)
    m_cap = cap_coins(max_level, m_coin)
    out["default_bet"] = {
        "lines": lines,
        "level": d_level,
        "coin_value_cents": d_coin,
        "cap_coins": d_cap,
        "bound_coins": bound_lvl1 * d_level,
        "cap_x_bet": d_cap / (bet_lvl1 * d_level) if d_cap else None,
        "can_bind": d_cap is not None and bound_lvl1 * d_level >= d_cap,
    }
    out["max_bet"] = {
        "lines": lines,
        "level": max_level,
        "coin_value_cents": m_coin,
        "cap_coins": m_cap,
        "bound_coins": bound_lvl1 * max_level,
        "cap_x_bet": m_cap / (bet_lvl1 * max_level) if m_cap else None,
        "can_bind": m_cap is not None and bound_lvl1 * max_level >= m_cap,
    }
    for key, level in (("default_bet", d_level), ("max_bet", max_level)):
        row = out[key]
        if row["can_bind"] and estimate is not None:
            row["estimate"] = estimate(row["cap_coins"] / level)
    return out


def cap_note(defn: GameDefinition, cap: dict[str, Any]) -> str:
    """Plain words: can the cap change the RTP at the default and at the maximum bet?"""
    parts = ["The par RTP is the uncapped one."]
    if cap["max_currency_cents"] is None and cap["max_coins_per_level"] is None:
        return parts[0] + " The game has no win cap."
    for key, label in (("default_bet", "default bet"), ("max_bet", "maximum bet")):
        row = cap[key]
        where = (
            f"At the {label} ({row['lines']} lines, level {row['level']}, coin value "
            f"{row['coin_value_cents']} cents) the cap is {row['cap_coins']:,} coins"
        )
        if not row["can_bind"]:
            parts.append(
                f"{where}, above the largest possible round win "
                f"({row['bound_coins']:,} coins): the cap cannot change the RTP."
            )
        elif "estimate" not in row:
            parts.append(f"{where}; a round can reach it (bound {row['bound_coins']:,} coins).")
        else:
            est = row["estimate"]
            parts.append(
                f"{where} ({row['cap_x_bet']:,.0f} × the total bet); a round can "
                f"reach it (bound {row['bound_coins']:,} coins), about 1 round in "
                f"{est['one_in']:,.0f}, which lowers the RTP there by about "
                f"{100 * est['rtp_loss']:.4f} percentage points (estimate)."
            )
    return " ".join(parts)
