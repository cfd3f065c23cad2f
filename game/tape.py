"""Tapes: one simulated round kept for the flow check, or a round's draws written by hand.

The batch simulator (`simulate_batch`) draws for many rounds at once from the flow's own keyed
draw sites (`game.draws.KeyedDraws`), so a round is fixed by its seed. For a sample of its rounds
it keeps a `Tape`: the seed, the player's picks (each with its entropy) and, for games with state
across rounds, the state in and out; `python -m game simulate --check-flow` plays each again with
`play_round` and compares the pay and the state.

Tests that build a round by hand list its draws in play order instead (`stops`, `below`,
`choice`, `permutation`); `TapeRng` answers the flow's draws from them (whatever site the flow
names), refusing a draw of another kind or arguments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

Draw = tuple[str, Any, Any]
"""(kind, arguments, result): ("stops", lengths, row), ("below", n, value),
("choice", weights, index) or ("permutation", n, order)."""


class TapeMismatch(Exception):  # noqa: N818 - reads as what happened
    """The played flow asked for a draw the tape does not hold next."""


@dataclass
class Tape:
    """One recorded round: its draws in play order, its picks, its state in and out."""

    draws: list[Draw] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)
    entropies: list[int] = field(default_factory=list)
    """Each pick's entropy (parallel to `choices`)."""
    state_in: Any = None
    state_out: Any = None
    seed: int | None = None
    """The round's seed, when the batch drew from the flow's keyed draw sites (`game.draws.KeyedDraws`):
    then `draws` stays empty and the round is replayed with `play_round` from the seed."""

    def stops(self, lengths: Sequence[int], row: Sequence[int]) -> None:
        self.draws.append(("stops", tuple(int(n) for n in lengths), tuple(int(s) for s in row)))

    def below(self, n: int, value: int) -> None:
        self.draws.append(("below", int(n), int(value)))

    def choice(self, weights: Sequence[int], index: int) -> None:
        self.draws.append(("choice", tuple(int(w) for w in weights), int(index)))

    def permutation(self, n: int, order: Sequence[int]) -> None:
        self.draws.append(("permutation", int(n), tuple(int(i) for i in order)))

    def pick(self, choice: int, entropy: int = 0) -> None:
        self.choices.append(int(choice))
        self.entropies.append(int(entropy))


class TapeRng:
    """Answers a flow's draws from a tape, checking each call against the recorded one."""

    def __init__(self, tape: Tape) -> None:
        self._draws = tape.draws
        self._pos = 0

    @property
    def left(self) -> int:
        """Draws not yet asked for (a replayed round must use them all)."""
        return len(self._draws) - self._pos

    def _next(self, kind: str, args: Any) -> Any:
        if self._pos >= len(self._draws):
            raise TapeMismatch(f"the flow asked for {kind}{args!r} after the tape's last draw")
        got_kind, got_args, result = self._draws[self._pos]
        if got_kind != kind or got_args != args:
            raise TapeMismatch(
                f"draw {self._pos}: the flow asked for {kind}{args!r}, the batch drew {got_kind}{got_args!r}"
            )
        self._pos += 1
        return result

    def stops(self, site: str, lengths: Sequence[int], part: int = 0) -> np.ndarray:
        row = self._next("stops", tuple(int(n) for n in lengths))
        return np.array([row], dtype=np.int64)

    def below(self, site: str, n: int, part: int = 0) -> int:
        return int(self._next("below", int(n)))

    def choice_index(self, site: str, weights: Sequence[int], part: int = 0) -> int:
        return int(self._next("choice", tuple(int(w) for w in weights)))

    def permutation(self, site: str, n: int, part: int = 0) -> list[int]:
        return list(self._next("permutation", int(n)))
