"""Tapes: the draws of one simulated round, replayed through the played flow.

The batch simulator (`simulate_batch`) draws for many rounds at once, in whatever order is fast.
For a sample of its rounds it writes a `Tape`: each draw that round consumed, in the order the
played flow (`play`) makes them, as the flow's own call (`stops`, `below`, `choice_index`,
`permutation`), plus the player's picks (each with its entropy) and, for games with state across
rounds, the state in and out. `TapeRng` then stands in for the round's `Rng` and `play_round`
plays the round again from the tape; if the flow asks for a different draw, or leaves draws
unused, or pays another total, the two paths disagree on a rule
(`python -m game simulate --check-flow`).
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

    def stops(self, lengths: Sequence[int], count: int) -> np.ndarray:
        if count != 1:
            raise TapeMismatch(f"a played flow draws one spin's stops at a time, not {count}")
        row = self._next("stops", tuple(int(n) for n in lengths))
        return np.array([row], dtype=np.int64)

    def below(self, n: int) -> int:
        drawn: int = self._next("below", int(n))
        return drawn

    def choice_index(self, weights: Sequence[int]) -> int:
        drawn: int = self._next("choice", tuple(int(w) for w in weights))
        return drawn

    def permutation(self, n: int) -> list[int]:
        return list(self._next("permutation", int(n)))
