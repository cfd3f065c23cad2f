"""Warlords' batch simulation: N rounds at once with the flow's rules, phase by phase (NumPy).

Every phase works on the rounds still in it: the overlay draw for all, the base spins (plain ones
by stops, overlay ones from grids with the wilds laid over), the battle by count pattern, the
re-spins step by step over the rounds still re-spinning, the Final Chance, then each free-spins
mode spin by spin. Evaluation uses the same functions as the flow (`game.evaluate`) and the same
tables (`tables.py`). The batch draws in bulk from its own order; for the rounds in `record` it
writes the draws each consumed in the flow's order (`tapes`), so that replaying them through the
flow must give the same total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from game.evaluate import CompiledGame, evaluate_grids, evaluate_spins, grids_from_stops
from game.games.common import BatchStats, apply_cap, cap_coins, recorded
from game.games.warlords.model import OVERLAYS
from game.games.warlords.tables import CELLS, ROWS, WarlordsTables, battle, popcount, tables
from game.tape import Tape

if TYPE_CHECKING:
    from game.money import Bet
    from game.rng import Rng


class _Recorder:
    """The draws of the taped rounds, in the flow's order, with credit marks for the cap."""

    def __init__(self, record: np.ndarray | None, n: int) -> None:
        self.rounds = recorded(record, n)
        self.steps: dict[int, list[tuple[str, Any, Any]]] = {int(i): [] for i in self.rounds}

    def pick(self, rows: np.ndarray) -> list[tuple[int, int]]:
        """(position in `rows`, round) of the taped rounds among the round indices `rows`."""
        if not self.steps:
            return []
        pos = np.flatnonzero(np.isin(rows, self.rounds))
        return list(zip(pos.tolist(), rows[pos].tolist(), strict=True))

    def add(self, rows: np.ndarray, kind: str, args: Any, values: np.ndarray) -> None:
        """Draw `kind` with `args` made by each of `rows`, with its value (a row of stops, an
        index or a number)."""
        for p, i in self.pick(rows):
            self.steps[i].append((kind, args, values[p]))

    def spins(self, rows: np.ndarray, lengths: tuple[int, ...], stops: np.ndarray, coins: np.ndarray) -> None:
        """Spins of the rounds `rows` (each round's in play order): their stops and credits."""
        for p, i in self.pick(rows):
            self.steps[i] += [("stops", lengths, stops[p]), ("credit", None, int(coins[p]))]

    def credit(self, rows: np.ndarray, coins: np.ndarray) -> None:
        for p, i in self.pick(rows):
            self.steps[i].append(("credit", None, int(coins[p])))

    def tapes(self, cap: int | None) -> dict[int, Tape]:
        """Each round's tape, cut where its total reached the cap (the flow draws nothing after)."""
        out = {}
        for i, steps in self.steps.items():
            tape, total = Tape(), 0
            for kind, args, value in steps:
                if kind == "credit":
                    total += value
                    if cap is not None and total >= cap:
                        break
                elif kind == "stops":
                    tape.stops(args, value)
                elif kind == "below":
                    tape.below(args, int(value))
                else:
                    tape.choice(args, int(value))
            out[i] = tape
        return out


def _draw_choice(rng: Rng, weights: tuple[int, ...] | list[int], n: int) -> np.ndarray:
    """n draws of `choice_index(weights)` (the same mapping of a uniform integer to an index)."""
    x = rng.below_many(int(sum(weights)), n)
    return np.searchsorted(np.cumsum(weights), x, side="right")


def _landed(rows: tuple[np.ndarray, ...], stops: np.ndarray) -> np.ndarray:
    out = np.zeros(stops.shape[0], dtype=np.int64)
    for r, per_stop in enumerate(rows):
        out |= per_stop[stops[:, r]] << (r * ROWS)
    return out


def _bits(masks: np.ndarray) -> np.ndarray:
    """(N, 15) booleans of cell masks."""
    bits: np.ndarray = (masks[:, None] >> np.arange(CELLS)) & 1 == 1
    return bits


def _wild_grids(cg: CompiledGame, reel_set: str, stops: np.ndarray, masks: np.ndarray) -> np.ndarray:
    grid = grids_from_stops(cg.reels(reel_set), stops).reshape(-1, CELLS)
    return np.where(_bits(masks), cg.wild, grid).reshape(-1, cg.reel_count, ROWS)


def simulate_batch(
    cg: CompiledGame,
    bet: Bet,
    rng: Rng,
    pick_rng: Rng,
    n: int,
    *,
    state: Any = None,
    record: np.ndarray | None = None,
) -> BatchStats:
    """Play n rounds at once (Warlords has no player choices: `pick_rng` is not used)."""
    t = tables(cg)
    f = t.feature
    rec = _Recorder(record, n)
    lut = cg.lut()
    win = np.zeros(n, dtype=np.int64)
    parts: dict[str, int] = {}
    counts: dict[str, int] = {}
    everyone = np.arange(n)

    kind = _draw_choice(rng, t.overlay_weights, n)
    rec.add(everyone, "choice", t.overlay_weights, kind)

    # plain base spins
    plain = np.flatnonzero(kind == 0)
    base = cg.reels("base")
    stops = rng.stops(base.lengths, plain.size)
    rec.add(plain, "stops", base.lengths, stops)
    spins = evaluate_spins(cg, base, lut, stops, bet)
    win[plain] = spins.line_coins
    rec.credit(plain, spins.line_coins)
    parts["base_lines"] = int(spins.line_coins.sum())

    # overlay spins
    over = cg.reels(f.overlay.reel_set)
    for k, name in enumerate(OVERLAYS, start=1):
        rows = np.flatnonzero(kind == k)
        ostops = rng.stops(over.lengths, rows.size)
        rec.add(rows, "stops", over.lengths, ostops)
        masks = np.zeros(rows.size, dtype=np.int64)
        if name == "hammer":
            pick = rng.below_many(len(t.hammer), rows.size)
            rec.add(rows, "below", len(t.hammer), pick)
            masks = t.hammer[pick]
        else:
            ci = _draw_choice(rng, t.count_weights[name], rows.size)
            rec.add(rows, "choice", t.count_weights[name], ci)
            for j, count in enumerate(t.counts[name]):
                sel = np.flatnonzero(ci == j)
                subsets = t.subsets[(name, count)]
                pick = rng.below_many(len(subsets), sel.size)
                rec.add(rows[sel], "below", len(subsets), pick)
                masks[sel] = subsets[pick]
        ob = evaluate_grids(cg, lut, _wild_grids(cg, f.overlay.reel_set, ostops, masks), bet, 1, ostops)
        win[rows] = ob.line_coins
        rec.credit(rows, ob.line_coins)
        parts[f"overlay_{name}"] = int(ob.line_coins.sum())
        counts[f"overlay_{name}"] = int(rows.size)

    # the trigger and the battle
    cols = spins.scatter_counts[:, list(t.colour_columns)]
    hit = np.flatnonzero(cols.sum(axis=1) >= f.respin_trigger)
    trig = plain[hit]
    tcols = cols[hit]
    held = np.zeros(trig.size, dtype=np.int64)
    for c in range(len(t.colours)):
        held |= _landed(t.rows_of(cg, "base", c), stops[hit])
    active = np.zeros(trig.size, dtype=np.int64)
    keys = tcols @ (8 ** np.arange(len(t.colours)))
    for key in np.unique(keys):
        sel = np.flatnonzero(keys == key)
        contenders, weights = battle(t, tcols[sel[0]].tolist())
        if len(contenders) == 1:
            active[sel] = contenders[0]
            continue
        idx = _draw_choice(rng, weights, sel.size)
        rec.add(trig[sel], "choice", weights, idx)
        active[sel] = np.array(contenders)[idx]
        tally = "battle_" + "v".join(str(x) for x in sorted(tcols[sel[0]].tolist(), reverse=True) if x)
        counts[tally] = counts.get(tally, 0) + int(sel.size)
        for j in range(len(contenders)):
            # contenders come in the battle's order: the pair first in a pair against a single
            won = f"{tally}_won_{j + 1}"
            counts[won] = counts.get(won, 0) + int((idx == j).sum())
    counts["respins"] = int(trig.size)

    # the re-spins
    left = np.full(trig.size, f.respins, dtype=np.int64)
    while True:
        going = np.flatnonzero(left > 0)
        if not going.size:
            break
        left[going] -= 1
        for c, w in enumerate(f.warlords):
            sel = going[active[going] == c]
            if not sel.size:
                continue
            lengths = cg.reels(w.respin_reel_set).lengths
            rstops = rng.stops(lengths, sel.size)
            rec.add(trig[sel], "stops", list(lengths), rstops)
            new = _landed(t.rows_of(cg, w.respin_reel_set, c), rstops) & ~held[sel]
            held[sel] |= new
            left[sel] += popcount(new)
    scatters = popcount(held)

    # the Final Chance
    fc = np.flatnonzero(scatters < f.free_spins_min)
    counts["final_chance"] = int(fc.size)
    pick = _draw_choice(rng, t.fc_weights, fc.size)
    rec.add(trig[fc], "choice", t.fc_weights, pick)
    coins_fc = np.zeros(fc.size, dtype=np.int64)
    is_coin = pick < len(t.fc_multiples)
    coins_fc[is_coin] = np.array(t.fc_multiples, dtype=np.int64)[pick[is_coin]] * bet.total_coins
    win[trig[fc]] += coins_fc
    rec.credit(trig[fc], coins_fc)
    parts["final_chance"] = int(coins_fc.sum())
    placed = fc[~is_coin]
    free_cells = ~_bits(held[placed])
    nfree = free_cells.sum(axis=1)
    for size in np.unique(nfree):
        sel = np.flatnonzero(nfree == size)
        drawn = rng.below_many(int(size), sel.size)
        rec.add(trig[placed[sel]], "below", int(size), drawn)
        cell = np.argmax(np.cumsum(free_cells[sel], axis=1) == (drawn + 1)[:, None], axis=1)
        held[placed[sel]] |= np.left_shift(1, cell)
    counts["final_chance_scatter"] = int(placed.size)
    scatters = popcount(held)

    # the free spins
    fs = np.flatnonzero(scatters >= f.free_spins_min)
    counts["free_spins"] = int(fs.size)
    counts["free_spins_played"] = 0
    for c, w in enumerate(f.warlords):
        sel = fs[active[fs] == c]
        counts[f"free_spins_{w.mode}"] = int(sel.size)
        coins, played = _free_spins(cg, t, bet, rng, rec, c, trig[sel], held[sel])
        win[trig[sel]] += coins
        parts[f"free_spins_{w.mode}"] = int(coins.sum())
        counts["free_spins_played"] += played

    cap = cap_coins(cg.defn, bet)
    wins, capped = apply_cap(win, cap)
    counts["capped"] = int(capped.sum())
    return BatchStats(wins=wins, uncapped=win, parts=parts, counts=counts, tapes=rec.tapes(cap))


def _free_spins(
    cg: CompiledGame,
    t: WarlordsTables,
    bet: Bet,
    rng: Rng,
    rec: _Recorder,
    colour: int,
    rounds: np.ndarray,
    scatters: np.ndarray,
) -> tuple[np.ndarray, int]:
    """Coins won by each round's free spins of warlord `colour`, and the spins played.

    Barbarian and Priestess spins do not depend on the spins before them (only the spin count
    and the multiplier do), so they are drawn and evaluated many at once: the Priestess's 7 spins
    of every round together, the Barbarian's by generation (the spins the previous generation's
    scatters added). A round's spins are taped in play order, each with its credit.
    """
    w = t.feature.warlords[colour]
    if not rounds.size:
        return np.zeros(0, dtype=np.int64), 0
    if w.mode == "samurai":
        return _samurai(cg, t, bet, rng, rec, colour, rounds, scatters)
    f = t.feature
    m = rounds.size
    n = popcount(scatters)
    reels = cg.reels(w.free_reel_set)
    rows = t.rows_of(cg, w.free_reel_set, colour)
    lut = cg.lut()
    coins = np.zeros(m, dtype=np.int64)
    if w.mode == "priestess":
        spins = f.priestess.spins
        owner = np.repeat(np.arange(m), spins)
        stops = rng.stops(reels.lengths, owner.size)
        got = evaluate_spins(cg, reels, lut, stops, bet)
        k = popcount(_landed(rows, stops)).reshape(m, spins)
        # each new scatter raises the multiplier before that spin's wins
        mult = (n[:, None] + np.cumsum(k, axis=1)).ravel()
        won = got.line_coins * mult
        coins += won.reshape(m, spins).sum(axis=1)
        rec.spins(rounds[owner], reels.lengths, stops, won)
        return coins, int(owner.size)
    pending = f.barbarian.spins_per_scatter * n
    played = 0
    while pending.any():
        owner = np.repeat(np.arange(m), pending)
        stops = rng.stops(reels.lengths, owner.size)
        got = evaluate_spins(cg, reels, lut, stops, bet)
        coins += np.bincount(owner, weights=got.line_coins, minlength=m).astype(np.int64)
        rec.spins(rounds[owner], reels.lengths, stops, got.line_coins)
        played += owner.size
        pending = f.barbarian.extra_spins * np.bincount(
            owner, weights=popcount(_landed(rows, stops)), minlength=m
        ).astype(np.int64)
    return coins, played


def _samurai(
    cg: CompiledGame,
    t: WarlordsTables,
    bet: Bet,
    rng: Rng,
    rec: _Recorder,
    colour: int,
    rounds: np.ndarray,
    scatters: np.ndarray,
) -> tuple[np.ndarray, int]:
    """Samurai spins one at a time over all its rounds: each spin's sticky wilds hold the
    scatters of every spin before it and its own new ones."""
    w = t.feature.warlords[colour]
    reels = cg.reels(w.free_reel_set)
    rows = t.rows_of(cg, w.free_reel_set, colour)
    lut = cg.lut()
    coins = np.zeros(rounds.size, dtype=np.int64)
    sticky = scatters.copy()
    spins = t.feature.samurai.spins
    for _ in range(spins):
        stops = rng.stops(reels.lengths, rounds.size)
        sticky |= _landed(rows, stops)
        got = evaluate_grids(cg, lut, _wild_grids(cg, w.free_reel_set, stops, sticky), bet, 1, stops)
        coins += got.line_coins
        rec.spins(rounds, reels.lengths, stops, got.line_coins)
    return coins, spins * rounds.size
