"""Data that cannot overflow: the models' bounds, the round-win bound, the tables' dtypes, bets
built through Bet's checks, and a loader that turns any parse failure into `file: field: reason`.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from pydantic import ValidationError

from game import bounds, games
from game.bets import make_bet, max_bet, step_bet
from game.definitions import (
    DefinitionError,
    load_definition,
    load_game,
    parse_definition,
    win_bound_cents,
    win_bound_coins,
)
from game.evaluate import BEST_LINE_KEY_MAX, LUT_PAY_DTYPE, LUT_SYMBOL_DTYPE, compile_game
from game.money import Bet
from game.round import play_round
from game.schema import Feature

STONES = load_game("stones")
TEXT = STONES.data.decode()


def variant(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "stones"
    folder.mkdir(exist_ok=True)
    (folder / "game.toml").write_text(text, encoding="utf-8")
    return folder / "game.toml"


def refusal(tmp_path: Path, text: str) -> str:
    path = variant(tmp_path, text)
    with pytest.raises(DefinitionError) as caught:
        load_definition(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and message.count(": ") >= 2  # file: field: reason
    return message.removeprefix(f"{path}: ")


def first_pay(text: str, value: int) -> str:
    """The paytable's first symbol paying `value` for its longest run."""
    return re.sub(
        r"(\[paytable\][^\n]*\n[^\n]*= *)(\d+)( *\})", lambda m: m[1] + str(value) + m[3], text, count=1
    )


# -- the cases -----------------------------------------------------------------------------
def test_a_pay_of_two_to_the_31_is_refused(tmp_path: Path) -> None:
    said = refusal(tmp_path, first_pay(TEXT, 2**31))
    assert said.startswith("paytable.") and "less than or equal to 100000" in said


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("levels", "[1, 1000000]", "bet.levels[1]"),
        ("coin_values_cents", "[1, 9223372036854775807]", "bet.coin_values_cents[1]"),
        ("coin_values_cents", "[1, 99999999999999999999999999]", "bet.coin_values_cents[1]"),
    ],
)
def test_huge_levels_and_coin_values_are_refused(tmp_path: Path, field: str, value: str, where: str) -> None:
    said = refusal(tmp_path, re.sub(rf"{field} = \[[^\]]*\]", f"{field} = {value}", TEXT, count=1))
    assert said.startswith(f"{where}: ")


@pytest.mark.parametrize("depth", [100, 100_000])
def test_deep_nesting_is_a_plain_refusal(tmp_path: Path, depth: int) -> None:
    said = refusal(tmp_path, TEXT + "\nnested = " + "[" * depth + "]" * depth + "\n")
    assert "nested" in said


@pytest.mark.parametrize(
    "text",
    [b"\xff\xfe not utf-8", b"id = ", b"x = 1\n" * 200_000, b"= = =", b'id = "stones"\n[[lines]]\n'],
)
def test_any_parse_failure_names_the_file(tmp_path: Path, text: bytes) -> None:
    with pytest.raises(DefinitionError) as caught:
        parse_definition(text, tmp_path / "stones" / "game.toml")
    assert str(caught.value).startswith(str(tmp_path / "stones" / "game.toml") + ": ")


def test_a_round_that_could_win_past_two_to_the_53_is_refused(tmp_path: Path) -> None:
    """Every field within its own bounds, the combination too large: the load says so."""
    text = first_pay(TEXT, bounds.MAX_LINE_PAY)
    text = re.sub(r"coin_values_cents = \[[^\]]*\]", "coin_values_cents = [1, 100000]", text, count=1)
    text = re.sub(r"levels = \[[^\]]*\]", "levels = [1, 100]", text, count=1)
    text = re.sub(r"default_coin_value_cents = \d+", "default_coin_value_cents = 1", text, count=1)
    text = re.sub(r"default_level = \d+", "default_level = 1", text, count=1)
    text = re.sub(r"initial_multiplier = \d+", "initial_multiplier = 100", text, count=1)
    said = refusal(tmp_path, text)
    assert said.startswith("paytable: ") and "above the limit of 9,007,199,254,740,992" in said


def play_out(defn, bet: Bet, seed: int) -> int:
    """A round's total win, picking the lowest stones left until it ends."""
    result = play_round(defn, bet, seed)
    while result.pending is not None:
        pick = next(i for i in range(result.pending.options) if i not in result.pending.picked)
        result = play_round(defn, bet, seed, [*result.choices, pick])
    return result.total_win_coins


# -- the bound and the tables -------------------------------------------------------------------------
def test_every_registered_feature_declares_what_a_round_can_pay() -> None:
    """A game's feature must bound its spins, multiplier and extra pays (the defaults would
    understate a feature that has any): each overrides the hooks that say so."""
    checked = []
    for kind in games.packages():
        try:
            model = games.feature_model(kind)
        except ValueError:  # "lines": plain line games have no feature section
            continue
        checked.append(kind)
        declared = [
            name
            for name in ("max_spins", "max_multiplier", "max_bonus_x_bet")
            if getattr(model, name) is not getattr(Feature, name)
        ]
        assert declared, f"{kind}: declares none of max_spins, max_multiplier, max_bonus_x_bet"
    assert "stones" in checked


@pytest.mark.slow
def test_the_bound_holds_over_many_played_rounds() -> None:
    defn = STONES.definition
    bet = max_bet(defn, make_bet(defn))
    most = win_bound_coins(defn)
    best = max(play_out(defn, bet, seed) for seed in range(300))
    assert most is not None and 0 < best <= most
    assert win_bound_cents(defn) == most * max(defn.bet.coin_values_cents) <= bounds.MAX_ROUND_WIN_CENTS


def test_a_feature_without_a_limit_on_its_spins_needs_a_cap(tmp_path: Path) -> None:
    """Warlords' Barbarian adds spins without end: its cap bounds the round, and without one
    its data is refused."""
    warlords = load_game("warlords")
    assert warlords.definition.feature.max_spins(warlords.definition) is None
    assert win_bound_cents(warlords.definition) <= bounds.MAX_ROUND_WIN_CENTS
    text = re.sub(r"\[cap\]\nmax_coins_per_level = \d+\n", "", warlords.data.decode(), count=1)
    folder = tmp_path / "warlords"
    folder.mkdir()
    (folder / "game.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DefinitionError, match="cap: the feature sets no limit on a round's spins"):
        load_definition(folder / "game.toml")


def test_the_tables_types_follow_from_the_bounds() -> None:
    assert np.iinfo(LUT_PAY_DTYPE).max >= bounds.MAX_LINE_PAY
    assert np.iinfo(LUT_SYMBOL_DTYPE).max >= bounds.MAX_SYMBOLS
    assert BEST_LINE_KEY_MAX < 2**62
    lut = compile_game(STONES.definition).lut()
    top = max(v for pays in STONES.definition.paytable.values() for v in pays.values())
    assert int(lut.pay.max()) == top and np.iinfo(lut.pay.dtype).max >= top
    assert np.iinfo(lut.pay.dtype).bits <= np.iinfo(LUT_PAY_DTYPE).bits


def test_the_top_pay_survives_the_line_table(tmp_path: Path) -> None:
    """The issue's -2,147,483,647: the largest pay the data may have comes out whole."""
    loaded = load_definition(variant(tmp_path, first_pay(TEXT, bounds.MAX_LINE_PAY)))
    lut = compile_game(loaded.definition).lut()
    assert int(lut.pay.max()) == bounds.MAX_LINE_PAY


# -- bets ------------------------------------------------------------------------------------------
def test_bets_are_built_through_their_checks() -> None:
    defn = STONES.definition
    unchecked = Bet.model_construct(lines=10, level=0, coin_value_cents=5, coins_per_level_unit=None)
    for step in (
        lambda: step_bet(defn, unchecked, "coin_value", 1),
        lambda: step_bet(defn, unchecked, "lines", 1),
        lambda: max_bet(defn, Bet.model_construct(lines=10, level=1, coin_value_cents=0)),
    ):
        with pytest.raises(ValidationError):
            step()
    bet = make_bet(defn)
    assert step_bet(defn, bet, "level", 1) == Bet.model_validate(step_bet(defn, bet, "level", 1).model_dump())


def test_the_definitions_bounds_are_the_bets() -> None:
    """Any offer the data may make is a valid Bet: the two sets of bounds are one."""
    fields = Bet.model_fields
    limit = {name: next(m.le for m in fields[name].metadata if hasattr(m, "le")) for name in fields}
    assert limit["lines"] == bounds.MAX_LINES and limit["level"] == bounds.MAX_LEVEL
    assert limit["coin_value_cents"] == bounds.MAX_COIN_VALUE_CENTS
    assert limit["coins_per_level_unit"] == bounds.MAX_COINS_PER_LEVEL


@pytest.mark.slow
def test_the_line_table_built_block_by_block_equals_one_pass() -> None:
    """The table is built in blocks (no spike of temporaries); the result is the same."""
    from game.evaluate import best_line

    cg = compile_game(STONES.definition)
    lut = cg.lut(frozenset({1}))  # a second wild symbol, as a stone makes one
    codes = np.arange(cg.symbol_count**cg.reel_count, dtype=np.int64)
    cells = (codes[:, None] // cg.powers[None, :]) % cg.symbol_count
    pay, sym, run = best_line(cg, cells, lut.wild_set)
    assert (lut.pay == pay).all() and (lut.symbol == sym).all() and (lut.run == run).all()
