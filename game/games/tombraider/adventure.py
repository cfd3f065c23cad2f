"""The Global Adventure and the Shoot-out, batch-first: the played flow runs a batch of one quest,
the simulator all of its quests at once, through the same functions.

Rules (the rules text and our design, see docs/math/tombraider.md):

- The locations are played in order. At each, the artefacts (1 sword fragment, the traps, the
  hidden treasure, the bonus amounts) are laid out face down: `permutation(size)` puts the
  artefact `layout[i]` of the canonical order (fragment, traps, treasure, bonus amounts) at
  position i; then each bonus amount's value is drawn (`choice_index`, in canonical order), then
  the treasure's kind and, for a bonus treasure, its value.
- A bonus amount adds `value` × the weighted average bet (rounded down to whole coins) to the
  location's pot. The treasure adds a bonus amount, doubles the pot, or starts the Shoot-out:
  `permutation(discs)` lays the disc values face down, the player clicks one and its value × the
  round's total bet goes into the pot.
- The fragment banks the pot and the quest moves on. The last trap (`traps_to_end`) draws the
  ending (`choice_index([end, showdown])`) and, for the Showdown, the duel (`choice_index([won,
  lost])`): a won duel is worth the fragment; otherwise the quest ends and the pot is lost.
- A pick that carries an entropy (a played pick's, drawn after it is stored) first swaps the
  picked position's content with that of a face-down position drawn from its own stream
  (`swap_hidden`; a Shoot-out disc likewise with a disc), so the seed does not tell what it shows.
- Every fragment found: a jackpot (`choice_index`) of `value` × the weighted average bet per
  line (the weighted average bet ÷ the game's line count), rounded down to whole coins.

Money: the weighted average bet in this round's coins is bet_cents / (spins × coin value). Each
amount is worked out exactly from the cents staked and rounded down once, to whole coins of this
round's coin value; the coin value in use when the quest starts changes nothing but that
rounding (less than one coin per amount).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.games.tombraider.model import TombRaiderFeature

FRAGMENT, TRAP, TREASURE, BONUS = range(4)
ARTEFACTS = ("fragment", "trap", "treasure", "bonus")
NO_TREASURE, TREASURE_BONUS, TREASURE_DOUBLE, TREASURE_SHOOTOUT = -1, 0, 1, 2
TREASURES = ("bonus", "double", "shootout")


@dataclass(frozen=True, eq=False)
class QuestTables:
    """The quest's data as arrays (built once per game)."""

    canonical: np.ndarray
    """Artefact code of each canonical item (what a layout's entries index)."""
    bonus_items: tuple[int, ...]
    treasure_items: tuple[int, ...]
    locations: tuple[str, ...]
    bonus_values: tuple[np.ndarray, ...]
    bonus_weights: tuple[tuple[int, ...], ...]
    treasure_weights: tuple[int, ...]
    treasure_values: np.ndarray
    treasure_value_weights: tuple[int, ...]
    ending_weights: tuple[int, int]
    """(end, showdown) at the last trap."""
    duel_weights: tuple[int, int]
    """(won, lost)."""
    jackpot_values: np.ndarray
    jackpot_weights: tuple[int, ...]
    discs: np.ndarray
    traps_to_end: int

    @property
    def size(self) -> int:
        return len(self.canonical)


def quest_tables(feature: TombRaiderFeature) -> QuestTables:
    adv = feature.adventure
    b = adv.board
    canonical = np.array([FRAGMENT] + [TRAP] * b.trap + [TREASURE] * b.treasure + [BONUS] * b.bonus)
    tr = adv.treasure
    return QuestTables(
        canonical=canonical,
        bonus_items=tuple(int(i) for i in np.flatnonzero(canonical == BONUS)),
        treasure_items=tuple(int(i) for i in np.flatnonzero(canonical == TREASURE)),
        locations=tuple(loc.id for loc in adv.locations),
        bonus_values=tuple(np.array([w.value for w in loc.bonus]) for loc in adv.locations),
        bonus_weights=tuple(tuple(w.weight for w in loc.bonus) for loc in adv.locations),
        treasure_weights=tuple(tr.weights),
        treasure_values=np.array([w.value for w in tr.bonus]),
        treasure_value_weights=tuple(w.weight for w in tr.bonus),
        ending_weights=(adv.end_weight, adv.showdown_weight),
        duel_weights=(adv.duel_won_weight, adv.duel_lost_weight),
        jackpot_values=np.array([j.value for j in adv.jackpots]),
        jackpot_weights=tuple(j.weight for j in adv.jackpots),
        discs=np.array(feature.shootout.discs),
        traps_to_end=b.traps_to_end,
    )


@dataclass(frozen=True, eq=False)
class Money:
    """Q quests' amounts in their round's coins (exact, rounded down): the weighted average bet
    is `num` / `den` coins (bet cents ÷ (spins × coin value))."""

    num: np.ndarray
    den: np.ndarray
    total_bet: int
    """The round's total bet in coins (a Shoot-out disc's unit)."""
    lines_in_game: int

    def subset(self, rows: np.ndarray) -> Money:
        """The same quests' money for a subset of them (`rows` index this one)."""
        return Money(self.num[rows], self.den[rows], self.total_bet, self.lines_in_game)

    def amount(self, rows: np.ndarray, value: np.ndarray) -> np.ndarray:
        """`value` × the weighted average bet, in whole coins."""
        coins: np.ndarray = value * self.num[rows] // self.den[rows]
        return coins

    def jackpot(self, rows: np.ndarray, value: np.ndarray) -> np.ndarray:
        """`value` × the weighted average bet per line, in whole coins."""
        coins: np.ndarray = value * self.num[rows] // (self.den[rows] * self.lines_in_game)
        return coins

    def disc(self, value: np.ndarray) -> np.ndarray:
        return value * self.total_bet


def money(
    spins: np.ndarray, bet_cents: np.ndarray, coin_value_cents: int, total_bet: int, lines: int
) -> Money:
    return Money(
        num=np.asarray(bet_cents, dtype=np.int64),
        den=np.asarray(spins, dtype=np.int64) * coin_value_cents,
        total_bet=total_bet,
        lines_in_game=lines,
    )


@dataclass(frozen=True, eq=False)
class Boards:
    """Q boards of one location, by position: artefact code, value, treasure kind."""

    artefact: np.ndarray
    value: np.ndarray
    treasure: np.ndarray


def lay_boards(
    qt: QuestTables,
    location: int,
    layouts: np.ndarray,
    bonus_choice: np.ndarray,
    treasure_kind: np.ndarray,
    treasure_choice: np.ndarray,
) -> Boards:
    """Boards from their draws: layouts (Q, size); bonus_choice (Q, bonus items) the drawn
    indices of each bonus amount; treasure_kind / treasure_choice (Q, treasure items), the
    latter read only for bonus treasures."""
    q = layouts.shape[0]
    value = np.zeros((q, qt.size), dtype=np.int64)
    treasure = np.full((q, qt.size), NO_TREASURE, dtype=np.int64)
    for j, item in enumerate(qt.bonus_items):
        value[:, item] = qt.bonus_values[location][bonus_choice[:, j]]
    for j, item in enumerate(qt.treasure_items):
        treasure[:, item] = treasure_kind[:, j]
        bonus = treasure_kind[:, j] == TREASURE_BONUS
        value[bonus, item] = qt.treasure_values[treasure_choice[bonus, j]]
    return Boards(
        artefact=qt.canonical[layouts],
        value=np.take_along_axis(value, layouts, axis=1),
        treasure=np.take_along_axis(treasure, layouts, axis=1),
    )


@dataclass
class Progress:
    """Q quests at one location: the pot, traps revealed, picked positions, the outcome so far.
    `shootout` / `ending` flag a quest waiting for its Shoot-out / its last-trap draws."""

    pot: np.ndarray
    traps: np.ndarray
    picked: np.ndarray
    found: np.ndarray
    lost: np.ndarray
    shootout: np.ndarray
    ending: np.ndarray

    @classmethod
    def start(cls, q: int, size: int) -> Progress:
        zeros = np.zeros(q, dtype=np.int64)
        flags = np.zeros(q, dtype=bool)
        return cls(
            zeros.copy(),
            zeros.copy(),
            np.zeros((q, size), dtype=bool),
            flags.copy(),
            flags.copy(),
            flags.copy(),
            flags.copy(),
        )

    @property
    def playing(self) -> np.ndarray:
        still: np.ndarray = ~(self.found | self.lost)
        return still


def swap_hidden(b: Boards, rows: np.ndarray, positions: np.ndarray, others: np.ndarray) -> None:
    """Boards `rows` exchange what lies face down at `positions` and at `others` (a pick that
    carries an entropy takes the content of a face-down position drawn from its own stream; the
    swap never looks at the contents, so a uniform layout stays uniform)."""
    for arr in (b.artefact, b.value, b.treasure):
        held = arr[rows, positions].copy()
        arr[rows, positions] = arr[rows, others]
        arr[rows, others] = held


def reveal(
    qt: QuestTables, b: Boards, p: Progress, m: Money, rows: np.ndarray, positions: np.ndarray
) -> np.ndarray:
    """The picked artefacts of quests `rows` take effect; returns the coins each added to its pot.

    A bonus amount (or a bonus treasure) adds its amount; a doubling treasure doubles the pot;
    the Shoot-out treasure flags the quest for its Shoot-out; the fragment is found; the last
    trap flags the quest for its ending draws.
    """
    p.picked[rows, positions] = True
    art = b.artefact[rows, positions]
    kind = b.treasure[rows, positions]
    adds = (art == BONUS) | (kind == TREASURE_BONUS)
    coins = np.where(adds, m.amount(rows, b.value[rows, positions]), 0)
    coins = np.where(kind == TREASURE_DOUBLE, p.pot[rows], coins)
    p.pot[rows] += coins
    p.shootout[rows] = kind == TREASURE_SHOOTOUT
    p.traps[rows] += art == TRAP
    p.ending[rows] = (art == TRAP) & (p.traps[rows] == qt.traps_to_end)
    p.found[rows] |= art == FRAGMENT
    return coins


def shoot(
    qt: QuestTables, p: Progress, m: Money, rows: np.ndarray, orders: np.ndarray, discs: np.ndarray
) -> np.ndarray:
    """Quests `rows` play their Shoot-out: disc `discs` of the values laid out in `orders`; returns
    each disc's value (× the total bet, into the pot)."""
    value: np.ndarray = qt.discs[orders[np.arange(len(rows)), discs]]
    p.pot[rows] += m.disc(value)
    p.shootout[rows] = False
    return value


def end_by_traps(p: Progress, rows: np.ndarray, won: np.ndarray) -> None:
    """Quests `rows` reached the last trap: a won duel finds the fragment, else the quest ends."""
    p.found[rows] |= won
    p.lost[rows] |= ~won
    p.ending[rows] = False


def choices(weights: tuple[int, ...], draws: np.ndarray) -> np.ndarray:
    """The option each uniform draw in [0, Σ weights) selects (what `Rng.choice_index` returns
    for the same draw)."""
    return np.searchsorted(np.cumsum(weights), draws, side="right")
