"""What a player may stake in a game: the default bet, validation, MAX BET and the selectors.

The LINES, LEVEL and COIN VALUE selectors step through the options of `defn.bet` and clamp at
the ends (no wrap-around). Every function returns a new `Bet`, built through `Bet`'s own checks
(never `model_copy`, which skips them); bets are immutable.
"""

from __future__ import annotations

from typing import Literal

from game import messages
from game.definitions import GameDefinition
from game.messages import Message
from game.money import Bet, cents_to_decimal_str


class BetRefused(ValueError):  # noqa: N818 - reads as what happened to the bet
    """A bet the game does not offer; `message` says why to the player (str: plain English)."""

    def __init__(self, message: Message, detail: str) -> None:
        super().__init__(detail)
        self.message = message


Selector = Literal["lines", "level", "coin_value"]


def _unit(defn: GameDefinition) -> int | None:
    return defn.bet.coins_per_level


def default_bet(defn: GameDefinition) -> Bet:
    """The bet a game opens with, from its data file."""
    opts = defn.bet
    lines = opts.default_lines if opts.lines_selectable else len(defn.lines)
    return Bet(
        lines=lines,
        level=opts.default_level,
        coin_value_cents=opts.default_coin_value_cents,
        coins_per_level_unit=_unit(defn),
    )


def validate_bet(defn: GameDefinition, bet: Bet) -> None:
    """Raise BetRefused (a ValueError with a plain message) if `bet` is not a stake this game
    offers."""
    opts = defn.bet
    max_lines = len(defn.lines)
    if not 1 <= bet.lines <= max_lines:
        raise BetRefused(
            Message(messages.LINES_RANGE, {"max": max_lines}),
            f"lines must be 1 to {max_lines}, got {bet.lines}",
        )
    if not opts.lines_selectable and bet.lines != max_lines:
        raise BetRefused(
            Message(messages.LINES_FIXED, {"max": max_lines}),
            f"this game always plays all {max_lines} lines, got {bet.lines}",
        )
    if bet.level not in opts.levels:
        raise BetRefused(
            Message(messages.LEVEL_OFFERED, {"level": bet.level}),
            f"bet level {bet.level} is not offered (levels: {opts.levels})",
        )
    if bet.coin_value_cents not in opts.coin_values_cents:
        offered = ", ".join(cents_to_decimal_str(c) for c in opts.coin_values_cents)
        coin = cents_to_decimal_str(bet.coin_value_cents)
        raise BetRefused(
            Message(messages.COIN_OFFERED, {"coin": coin}), f"coin value {coin} is not offered ({offered})"
        )
    if bet.coins_per_level_unit != _unit(defn):
        raise BetRefused(
            Message(messages.LINES_FIXED, {"max": max_lines}),
            f"coins per level must be {_unit(defn)} for this game, got {bet.coins_per_level_unit}",
        )


def min_bet(defn: GameDefinition) -> Bet:
    """The smallest stake the game offers (fewest lines, lowest level and coin value): the
    balance below which the player can no longer play and may top up."""
    opts = defn.bet
    return Bet(
        lines=1 if opts.lines_selectable else len(defn.lines),
        level=min(opts.levels),
        coin_value_cents=min(opts.coin_values_cents),
        coins_per_level_unit=_unit(defn),
    )


def _with(bet: Bet, **changes: int) -> Bet:
    """`bet` with some fields changed, validated like any new Bet."""
    return Bet.model_validate({**bet.model_dump(), **changes})


def max_bet(defn: GameDefinition, bet: Bet) -> Bet:
    """MAX BET: every line, the highest level, the current coin value."""
    return _with(bet, lines=len(defn.lines), level=max(defn.bet.levels))


def _step_in(options: list[int], current: int, delta: int) -> int:
    """Move `delta` places through sorted `options` from `current`, clamped at both ends.

    A current value between options first snaps to the next option in the direction of travel.
    """
    if current in options:
        i = options.index(current) + delta
    elif delta >= 0:
        i = next((k for k, v in enumerate(options) if v > current), len(options) - 1) + delta - 1
    else:
        below = [k for k, v in enumerate(options) if v < current]
        i = (below[-1] if below else 0) + delta + 1
    return options[max(0, min(len(options) - 1, i))]


def step_bet(defn: GameDefinition, bet: Bet, selector: Selector, delta: int) -> Bet:
    """The bet after moving one selector `delta` steps (clamped). Fixed lines never move."""
    if selector == "lines":
        if not defn.bet.lines_selectable:
            return bet
        lines = max(1, min(len(defn.lines), bet.lines + delta))
        return _with(bet, lines=lines)
    if selector == "level":
        return _with(bet, level=_step_in(defn.bet.levels, bet.level, delta))
    if selector == "coin_value":
        return _with(bet, coin_value_cents=_step_in(defn.bet.coin_values_cents, bet.coin_value_cents, delta))
    raise ValueError(f"unknown selector {selector!r}")


def next_lines(defn: GameDefinition, bet: Bet) -> Bet:
    return step_bet(defn, bet, "lines", 1)


def previous_lines(defn: GameDefinition, bet: Bet) -> Bet:
    return step_bet(defn, bet, "lines", -1)


def next_level(defn: GameDefinition, bet: Bet) -> Bet:
    return step_bet(defn, bet, "level", 1)


def previous_level(defn: GameDefinition, bet: Bet) -> Bet:
    return step_bet(defn, bet, "level", -1)


def next_coin_value(defn: GameDefinition, bet: Bet) -> Bet:
    return step_bet(defn, bet, "coin_value", 1)


def previous_coin_value(defn: GameDefinition, bet: Bet) -> Bet:
    return step_bet(defn, bet, "coin_value", -1)


def make_bet(
    defn: GameDefinition,
    lines: int | None = None,
    level: int | None = None,
    coin_value_cents: int | None = None,
) -> Bet:
    """A validated bet: the default with any given field replaced (ValueError if not offered)."""
    base = default_bet(defn)
    # Built unvalidated so that a bad value gets validate_bet's plain message, not pydantic's.
    bet = Bet.model_construct(
        lines=base.lines if lines is None else lines,
        level=base.level if level is None else level,
        coin_value_cents=base.coin_value_cents if coin_value_cents is None else coin_value_cents,
        coins_per_level_unit=base.coins_per_level_unit,
    )
    validate_bet(defn, bet)
    return Bet.model_validate(bet.model_dump())  # and Bet's own checks
