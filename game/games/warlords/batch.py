"""Warlords' batch simulation: N rounds at once with the flow's rules, phase by phase (NumPy).

Every phase works on the rounds still in it: the overlay draw for all, the base spins (plain ones
by stops, overlay ones from grids with the wilds laid over), the battle by count pattern, the
re-spins step by step over the rounds still re-spinning, the Final Chance, then each free-spins
mode spin by spin. Evaluation uses the same functions as the flow (`game.evaluate`) and the same
tables (`tables.py`), and the same draws: every round has a seed, and each value comes from the
flow's draw site keyed by it (`game.draws.KeyedDraws`: "overlay", "base", "overlay.count",
"overlay.place", "battle", "respin", "final", "final.cell", "free"), whatever order the batch
computes them in. The rounds in `record` keep their seed (`tapes`), so that replaying them
through the flow must give the same total.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from game.draws import keyed_below_many, keyed_choices, keyed_stops, round_keys, site_keys
from game.evaluate import CompiledGame, evaluate_grids, evaluate_spins, grids_from_stops
from game.games.common import BatchStats, apply_cap, cap_coins, recorded
from game.games.warlords.model import OVERLAYS
from game.games.warlords.tables import CELLS, ROWS, WarlordsTables, battle, popcount, tables
from game.rng import round_seeds
from game.tape import Tape

if TYPE_CHECKING:
    from game.money import Bet
    from game.rng import Rng


def _draw_choice(keys: np.ndarray, weights: tuple[int, ...] | list[int]) -> np.ndarray:
    """The first `choice_index(weights)` of each round's site (`keys`)."""
    return keyed_choices(keys, weights)


def _spin_stops(keys: np.ndarray, lengths: Sequence[int], spin: Any) -> np.ndarray:
    """The stops of spin number `spin` (0 for the first) at each round's site (`keys`)."""
    return keyed_stops(keys, lengths, np.asarray(spin) * len(lengths))


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
    seeds = round_seeds(rng, n)
    mixed = round_keys(seeds)  # each round's seed mixed once for all its sites
    lut = cg.lut()
    win = np.zeros(n, dtype=np.int64)
    parts: dict[str, int] = {}
    counts: dict[str, int] = {}

    kind = _draw_choice(site_keys(mixed, "overlay", prepared=True), t.overlay_weights)

    # plain base spins
    plain = np.flatnonzero(kind == 0)
    base = cg.reels("base")
    stops = _spin_stops(site_keys(mixed[plain], "base", prepared=True), base.lengths, 0)
    spins = evaluate_spins(cg, base, lut, stops, bet)
    win[plain] = spins.line_coins
    parts["base_lines"] = int(spins.line_coins.sum())

    # overlay spins
    over = cg.reels(f.overlay.reel_set)
    for k, name in enumerate(OVERLAYS, start=1):
        rows = np.flatnonzero(kind == k)
        ostops = _spin_stops(site_keys(mixed[rows], "base", prepared=True), over.lengths, 0)
        masks = np.zeros(rows.size, dtype=np.int64)
        place = site_keys(mixed[rows], "overlay.place", prepared=True)
        if name == "hammer":
            pick = keyed_below_many(place, 0, len(t.hammer))
            masks = t.hammer[pick]
        else:
            ci = _draw_choice(site_keys(mixed[rows], "overlay.count", prepared=True), t.count_weights[name])
            for j, count in enumerate(t.counts[name]):
                sel = np.flatnonzero(ci == j)
                subsets = t.subsets[(name, count)]
                pick = keyed_below_many(place[sel], 0, len(subsets))
                masks[sel] = subsets[pick]
        ob = evaluate_grids(cg, lut, _wild_grids(cg, f.overlay.reel_set, ostops, masks), bet, 1, ostops)
        win[rows] = ob.line_coins
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
        idx = _draw_choice(site_keys(mixed[trig[sel]], "battle", prepared=True), weights)
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
    respun = np.zeros(trig.size, dtype=np.int64)
    respin_keys = site_keys(mixed[trig], "respin", prepared=True)
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
            rstops = _spin_stops(respin_keys[sel], lengths, respun[sel])
            new = _landed(t.rows_of(cg, w.respin_reel_set, c), rstops) & ~held[sel]
            held[sel] |= new
            left[sel] += popcount(new)
        respun[going] += 1
    scatters = popcount(held)

    # the Final Chance
    fc = np.flatnonzero(scatters < f.free_spins_min)
    counts["final_chance"] = int(fc.size)
    pick = _draw_choice(site_keys(mixed[trig[fc]], "final", prepared=True), t.fc_weights)
    coins_fc = np.zeros(fc.size, dtype=np.int64)
    is_coin = pick < len(t.fc_multiples)
    coins_fc[is_coin] = np.array(t.fc_multiples, dtype=np.int64)[pick[is_coin]] * bet.total_coins
    win[trig[fc]] += coins_fc
    parts["final_chance"] = int(coins_fc.sum())
    placed = fc[~is_coin]
    free_cells = ~_bits(held[placed])
    nfree = free_cells.sum(axis=1)
    for size in np.unique(nfree):
        sel = np.flatnonzero(nfree == size)
        drawn = keyed_below_many(site_keys(seeds[trig[placed[sel]]], "final.cell"), 0, int(size))
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
        free_keys = site_keys(mixed[trig[sel]], "free", prepared=True)
        coins, played = _free_spins(cg, t, bet, free_keys, c, held[sel])
        win[trig[sel]] += coins
        parts[f"free_spins_{w.mode}"] = int(coins.sum())
        counts["free_spins_played"] += played

    cap = cap_coins(cg.defn, bet)
    wins, capped = apply_cap(win, cap)
    counts["capped"] = int(capped.sum())
    return BatchStats(
        wins=wins,
        uncapped=win,
        parts=parts,
        counts=counts,
        tapes={i: Tape(seed=int(seeds[i])) for i in recorded(record, n).tolist()},
    )


def _free_spins(
    cg: CompiledGame,
    t: WarlordsTables,
    bet: Bet,
    keys: np.ndarray,
    colour: int,
    scatters: np.ndarray,
) -> tuple[np.ndarray, int]:
    """Coins won by each round's free spins of warlord `colour`, and the spins played.

    Barbarian and Priestess spins do not depend on the spins before them (only the spin count
    and the multiplier do), so they are drawn and evaluated many at once: the Priestess's 7 spins
    of every round together, the Barbarian's by generation (the spins the previous generation's
    scatters added). Spin s of a round takes its "free" site's draws s·reels … (`keys`: the
    rounds' keys of that site).
    """
    w = t.feature.warlords[colour]
    if not keys.size:
        return np.zeros(0, dtype=np.int64), 0
    if w.mode == "samurai":
        return _samurai(cg, t, bet, keys, colour, scatters)
    f = t.feature
    m = keys.size
    n = popcount(scatters)
    reels = cg.reels(w.free_reel_set)
    rows = t.rows_of(cg, w.free_reel_set, colour)
    lut = cg.lut()
    coins = np.zeros(m, dtype=np.int64)
    if w.mode == "priestess":
        spins = f.priestess.spins
        owner = np.repeat(np.arange(m), spins)
        stops = _spin_stops(keys[owner], reels.lengths, np.tile(np.arange(spins), m))
        got = evaluate_spins(cg, reels, lut, stops, bet)
        k = popcount(_landed(rows, stops)).reshape(m, spins)
        # each new scatter raises the multiplier before that spin's wins
        mult = (n[:, None] + np.cumsum(k, axis=1)).ravel()
        won = got.line_coins * mult
        coins += won.reshape(m, spins).sum(axis=1)
        return coins, int(owner.size)
    pending = f.barbarian.spins_per_scatter * n
    played = 0
    done = np.zeros(m, dtype=np.int64)  # spins each round has played
    while pending.any():
        owner = np.repeat(np.arange(m), pending)
        first = np.concatenate(([0], np.cumsum(pending)[:-1]))
        spin = done[owner] + np.arange(owner.size) - np.repeat(first, pending)
        done += pending
        stops = _spin_stops(keys[owner], reels.lengths, spin)
        got = evaluate_spins(cg, reels, lut, stops, bet)
        coins += np.bincount(owner, weights=got.line_coins, minlength=m).astype(np.int64)
        played += owner.size
        pending = f.barbarian.extra_spins * np.bincount(
            owner, weights=popcount(_landed(rows, stops)), minlength=m
        ).astype(np.int64)
    return coins, played


def _samurai(
    cg: CompiledGame,
    t: WarlordsTables,
    bet: Bet,
    keys: np.ndarray,
    colour: int,
    scatters: np.ndarray,
) -> tuple[np.ndarray, int]:
    """Samurai spins one at a time over all its rounds: each spin's sticky wilds hold the
    scatters of every spin before it and its own new ones."""
    w = t.feature.warlords[colour]
    reels = cg.reels(w.free_reel_set)
    rows = t.rows_of(cg, w.free_reel_set, colour)
    lut = cg.lut()
    coins = np.zeros(keys.size, dtype=np.int64)
    sticky = scatters.copy()
    spins = t.feature.samurai.spins
    for s in range(spins):
        stops = _spin_stops(keys, reels.lengths, s)
        sticky |= _landed(rows, stops)
        got = evaluate_grids(cg, lut, _wild_grids(cg, w.free_reel_set, stops, sticky), bet, 1, stops)
        coins += got.line_coins
    return coins, spins * keys.size
