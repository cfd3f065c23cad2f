"""Many rounds of Tomb Raider at once: players in lock-step, each carrying its passports.

The batch state is an int64 array, one row per player: (active reels as bits, base spins since
the first activation, their total bets in cents, adventures played). The rounds use the flow's
functions for every pay and stamp (`game.evaluate`, `feature.cascade_spins`, `feature.super_grids`,
`feature.stamp_super`, the quest of `adventure`) and the same draws: every round has a seed and
every value comes from the flow's draw site keyed by it (`game.draws.KeyedDraws`, the sites listed in
`flow`), whatever order the batch computes them in (every base spin, every Super Mode decision,
all the free spins, all of Super Mode, the free spins Super Mode won, then the first quest of every
player who owes one, then the second ones, …). Taped rounds keep their seed, picks and entropies,
so the simulator can replay them through `flow.play` (`--check-flow`).

Players start where the base spins' passports put them in the long run (`initial_batch_state`).
Super Mode's spins stamp too (about one activation in 140 on the shipped game), which that law
leaves out: the start-up bias is confined to each player's first collection and is far inside
any simulation's interval (tests that need the exact law burn rounds in first).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from game.draws import keyed_below_many, keyed_choices, keyed_permutations, keyed_stops, round_keys, site_keys
from game.evaluate import CompiledGame, evaluate_grids, evaluate_spins
from game.games.common import BatchStats, apply_cap, cap_coins, recorded
from game.games.tombraider import adventure as quest
from game.games.tombraider.feature import (
    Collection,
    Tables,
    cascade_spins,
    passport_bits,
    stamp_super,
    super_grids,
    super_passport_bits,
    tables,
)
from game.games.tombraider.model import PassportState
from game.rng import entropies_from, pick_below_many, round_seeds
from game.tape import Tape

if TYPE_CHECKING:
    from game.money import Bet
    from game.rng import Rng

MASK, SPINS, CENTS, ADVENTURES = range(4)


def activation_probabilities(t: Tables) -> np.ndarray:
    """P(a base spin shows a passport on reel r's activation row), per reel."""
    return np.array([t.centre[r, :n].mean() for r, n in enumerate(t.base_lengths)])


def stationary_sets(p: np.ndarray) -> np.ndarray:
    """The long-run law of the active set before a round, by set (bit r: reel r + 1).

    Each reel waits a geometric number of spins for its passport; a collection ends when every
    reel is active, and starts again from none. The expected number of spins of a collection
    that begin with exactly the set A active is Σ_t P(A at age t) = Σ over B ⊆ A of
    (−1)^|B| / (1 − Π_{r ∈ B ∪ not A} (1 − p_r)); normalised by their sum (the mean collection).
    """
    reels = len(p)
    full = (1 << reels) - 1
    q = 1.0 - p
    out = np.zeros(full + 1)
    for a in range(full):
        total = 0.0
        b = a
        while True:
            idle = b | (full & ~a)
            total += (-1) ** bin(b).count("1") / (
                1.0 - np.prod(q[[r for r in range(reels) if idle >> r & 1]])
            )
            if b == 0:
                break
            b = (b - 1) & a
        out[a] = total
    dist: np.ndarray = out / out.sum()
    return dist


def initial_batch_state(cg: CompiledGame, bet: Bet, rng: Rng, players: int) -> np.ndarray:
    """`players` start states drawn from the passports' long-run law. At a constant bet a
    collection's length does not change any pay (the weighted average bet is the bet), so a
    player in the middle of one starts with one spin of it counted."""
    t = tables(cg)
    law = stationary_sets(activation_probabilities(t))
    weights = np.round(law * (1 << 30)).astype(np.int64)
    cum = np.cumsum(weights)
    sets = np.searchsorted(cum, rng.below_many(int(cum[-1]), players), side="right")
    out = np.zeros((players, 4), dtype=np.int64)
    out[:, MASK] = sets
    out[:, SPINS] = sets > 0
    out[:, CENTS] = (sets > 0) * bet.total_cents
    return out


def typed(row: np.ndarray, reels: int) -> PassportState:
    return PassportState(
        active=tuple(bool(int(row[MASK]) >> r & 1) for r in range(reels)),
        spins=int(row[SPINS]),
        bet_cents=int(row[CENTS]),
        adventures=int(row[ADVENTURES]),
    )


@dataclass
class Quests:
    """What Q quests paid: coins each, and counters."""

    coins: np.ndarray
    jackpots: int = 0
    shootouts: int = 0
    fragments: int = 0
    choices: np.ndarray | None = None
    """How many choices each quest's round has made by the quest's end (its picks' numbers)."""


def permutations(rng: Rng, n: int, count: int) -> np.ndarray:
    """`count` uniform orders of range(n), (count, n): Fisher–Yates with the swap indices drawn a
    few at a time as the digits of one uniform number (mixed radix n, n−1, …, 2), so a handful of
    draws serve a whole batch. Each order is exactly uniform (the draws are unbiased). For small n
    every order is decoded once into a table and a draw picks its row (the same orders)."""
    if count == 0 or n < 2:
        return np.tile(np.arange(n, dtype=np.int64), (count, 1))
    if math.factorial(n) <= SMALL_ORDERS:
        orders: np.ndarray = _orders(n)[rng.below_many(math.factorial(n), count)]
        return orders
    return _swap(n, rng, count)


SMALL_ORDERS = 40_320
"""Up to this many orders (8!) a table holds them all."""


class _Counter:
    """Draws 0, 1, 2, … (below their bound): every value of a draw in turn."""

    def below_many(self, m: int, count: int) -> np.ndarray:
        return np.arange(count, dtype=np.int64) % m


@functools.cache
def _orders(n: int) -> np.ndarray:
    """Every order of range(n), row u being the one the digits of u give (see `permutations`)."""
    out = _swap(n, _Counter(), math.factorial(n))
    out.setflags(write=False)
    return out


def _swap(n: int, rng: Rng | _Counter, count: int) -> np.ndarray:
    out = np.tile(np.arange(n, dtype=np.int64), (count, 1))
    radices = list(range(n, 1, -1))  # swap at position i = radix - 1 with j in [0, i]
    rows = np.arange(count)
    while radices:
        group = [radices.pop(0)]
        while radices and math.prod(group) * radices[0] <= 1 << 32:
            group.append(radices.pop(0))
        u = rng.below_many(math.prod(group), count)
        for radix in group:
            i = radix - 1
            j = u % radix
            u //= radix
            swap = out[rows, j]
            out[rows, j] = out[:, i]
            out[:, i] = swap
    return out


def play_quests(
    t: Tables,
    m: quest.Money,
    seeds: np.ndarray,
    pick_rng: Rng,
    tapes: list[Tape | None],
    first_choice: np.ndarray | None = None,
    number: int = 0,
) -> Quests:
    """Q quests at once, location by location, each its round's adventure `number` (0 for the
    first), drawing from the quest sites keyed by its round's seed (`seeds[k]`); the picks are
    uniform (a random order of the positions each), each with a simulated entropy that swaps the
    picked content with a drawn face-down one, as in play (a quest's first pick is its round's
    choice `first_choice[k]`, default 0). `tapes[k]` (or None) receives quest k's picks."""
    qt = t.quest
    q = len(tapes)
    seeds = np.asarray(seeds, dtype=np.int64)
    prepared = round_keys(seeds)  # each quest's round seed, mixed once for all its sites
    picks_made = (
        np.zeros(q, dtype=np.int64) if first_choice is None else np.array(first_choice, dtype=np.int64)
    )
    out = Quests(coins=np.zeros(q, dtype=np.int64), choices=picks_made)
    # every location's board, ending and first Shoot-out drawn for every quest at once (a handful
    # of calls per batch; a quest that ends early leaves its later locations' values unused)
    places = len(qt.locations)
    parts = number * places + np.arange(places)  # the part of each location's sites
    each = prepared[:, None]  # (quest, location) keys
    items = np.arange(len(qt.treasure_items))
    all_layouts = keyed_permutations(
        site_keys(each, "quest.layout", parts, prepared=True).reshape(-1), qt.size
    ).reshape(q, places, qt.size)
    # item j of each board takes draw j of its site (a treasure's value: its own part)
    bonus_x = keyed_below_many(
        site_keys(each, "quest.bonus", parts, prepared=True)[:, :, None],
        np.arange(len(qt.bonus_items)),
        np.array([sum(w) for w in qt.bonus_weights])[:, None],
    )
    all_kinds = keyed_choices(
        site_keys(each, "quest.treasure", parts, prepared=True)[:, :, None], qt.treasure_weights, items
    )
    value_keys = site_keys(prepared[:, None, None], "quest.value", parts[:, None] * 64 + items, prepared=True)
    all_values = keyed_choices(value_keys, qt.treasure_value_weights) * (all_kinds == quest.TREASURE_BONUS)
    all_showdowns = (
        keyed_choices(site_keys(each, "quest.ending", parts, prepared=True), qt.ending_weights) == 1
    )
    all_duels_won = keyed_choices(site_keys(each, "quest.duel", parts, prepared=True), qt.duel_weights) == 0
    disc_keys = site_keys(each, "quest.discs", parts, prepared=True)
    all_laid = keyed_permutations(disc_keys.reshape(-1), len(qt.discs)).reshape(q, places, len(qt.discs))
    alive = np.arange(q)
    for loc in range(places):
        if not alive.size:
            break
        a = alive.size
        ma = m.subset(alive)
        here = seeds[alive]
        layouts = all_layouts[alive, loc]
        cum = np.cumsum(qt.bonus_weights[loc])
        bonus = np.searchsorted(cum, bonus_x[alive, loc], side="right")
        kinds, values = all_kinds[alive, loc], all_values[alive, loc]
        boards = quest.lay_boards(qt, loc, layouts, bonus, kinds, values)
        taped = [(k, tape) for k, g in enumerate(alive.tolist()) if (tape := tapes[int(g)]) is not None]
        p = quest.Progress.start(a, qt.size)
        order = permutations(pick_rng, qt.size, a)
        # Every pick's entropy and swap draw at once, per step: an artefact pick at step s is its
        # round's choice count + s + (Shoot-outs earlier at this location), a Shoot-out's disc the
        # one after it. One or no earlier Shoot-out is read from tables; more are drawn again.
        count = picks_made[alive]
        steps = np.arange(qt.size)
        keys = count[:, None] + steps
        col = here[:, None]
        entropy = entropies_from(pick_rng, 2 * a * qt.size).reshape(2, a, qt.size)
        first = pick_below_many(col, keys, entropy[0], qt.size - steps)
        after_shot = pick_below_many(col, keys + 1, entropy[0], qt.size - steps)
        disc_draws = pick_below_many(col, keys + 1, entropy[1], len(qt.discs))
        shots_here = np.zeros(a, dtype=np.int64)
        for step in range(qt.size):
            rows = np.flatnonzero(p.playing)
            if not rows.size:
                break
            positions = order[rows, step]
            shot_before = shots_here[rows]
            drawn = np.where(shot_before == 0, first[rows, step], after_shot[rows, step])
            if shot_before.max() > 1:
                more = shot_before > 1
                drawn[more] = pick_below_many(
                    here[rows[more]], count[rows[more]], entropy[0, rows[more], step], qt.size - step
                )
            # the drawn-th position still face down, counting in increasing order
            others = np.argmax(np.cumsum(~p.picked[rows], axis=1) > drawn[:, None], axis=1)
            quest.swap_hidden(boards, rows, positions, others)
            count[rows] += 1
            quest.reveal(qt, boards, p, ma, rows, positions)
            shots = rows[p.shootout[rows]]
            laid = discs = np.zeros((0, len(qt.discs)), dtype=np.int64)
            if shots.size:
                laid = all_laid[alive[shots], loc]
                if shots_here[shots].any():  # another Shoot-out at this location: the site's next draws
                    more = shots_here[shots] > 0
                    laid[more] = keyed_permutations(
                        disc_keys[alive[shots[more]], loc],
                        len(qt.discs),
                        shots_here[shots[more]] * (len(qt.discs) - 1),
                    )
                discs = pick_rng.below_many(len(qt.discs), shots.size)
                swapped = disc_draws[shots, step]
                again = shots_here[shots] > 0
                if again.any():
                    swapped[again] = pick_below_many(
                        here[shots[again]], count[shots[again]], entropy[1, shots[again], step], len(qt.discs)
                    )
                orders = laid.copy()
                shot_rows = np.arange(shots.size)
                orders[shot_rows, discs], orders[shot_rows, swapped] = (
                    laid[shot_rows, swapped],
                    laid[shot_rows, discs],
                )
                count[shots] += 1
                shots_here[shots] += 1
                quest.shoot(qt, p, ma, shots, orders, discs)
                out.shootouts += int(shots.size)
            ending = rows[p.ending[rows]]
            won = showdown = np.zeros(ending.size, dtype=bool)
            if ending.size:  # a location ends by traps at most once: its first ending and duel draws
                showdown = all_showdowns[alive[ending], loc]
                won = showdown & all_duels_won[alive[ending], loc]
                quest.end_by_traps(p, ending, won)
            for k, tape in taped:
                if not (p.picked[k, order[k, step]] and k in rows):
                    continue
                tape.pick(order[k, step], int(entropy[0, k, step]))
                if k in shots:
                    j = int(np.flatnonzero(shots == k)[0])
                    tape.pick(discs[j], int(entropy[1, k, step]))
        picks_made[alive] = count
        out.coins[alive[p.found]] += p.pot[p.found]
        out.fragments += int(p.found.sum())
        alive = alive[p.found]
    if alive.size:
        pick = keyed_choices(
            site_keys(prepared[alive], "quest.jackpot", number, prepared=True), qt.jackpot_weights
        )
        out.coins[alive] += m.jackpot(alive, qt.jackpot_values[pick])
        out.jackpots = int(alive.size)
    return out


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
    """Play one round for each of n players; the quests' picks are uniform, from `pick_rng`."""
    t = tables(cg)
    f = t.feature
    reels = cg.reel_count
    full = (1 << reels) - 1
    state_in = np.zeros((n, 4), dtype=np.int64) if state is None else np.asarray(state, dtype=np.int64)
    cap = cap_coins(cg.defn, bet)
    rec = recorded(record, n).tolist()
    seeds = round_seeds(rng, n)
    tapes = {i: Tape(seed=int(seeds[i]), state_in=typed(state_in[i], reels)) for i in rec}

    base = cg.reels("base")
    mixed = round_keys(seeds)
    stops = keyed_stops(site_keys(mixed, "base", prepared=True), base.lengths)
    spins = evaluate_spins(cg, base, cg.lut(), stops, bet)
    on = keyed_choices(site_keys(mixed, "super", prepared=True), t.super_weights) == 0
    mask = state_in[:, MASK] | passport_bits(t, stops)
    collecting = mask > 0
    state_out = state_in.copy()
    state_out[:, MASK] = mask
    state_out[:, SPINS] += collecting
    state_out[:, CENTS] += collecting * bet.total_cents

    # running totals at each point where the flow credits, for the cap
    running = spins.win_coins.copy()
    free_coins = np.zeros(n, dtype=np.int64)
    triggered = np.flatnonzero(spins.scatter_counts[:, t.key_column] >= f.trigger_min)
    if triggered.size:
        free = cg.reels(f.free_reel_set)
        free_stops = _spins(mixed[triggered], "free", free.lengths, np.full(triggered.size, f.free_spins))
        per_spin = cascade_spins(cg, free, cg.lut(), free_stops, bet).win_coins.reshape(-1, f.free_spins)
        free_coins[triggered] = per_spin.sum(axis=1)
        running += free_coins

    # every player's collection after its spins, and the collections it completed (owed Adventures)
    coll = state_out[:, :3].copy()
    owed: dict[int, list[tuple[int, int]]] = {
        int(i): [(int(state_out[i, SPINS]), int(state_out[i, CENTS]))] for i in np.flatnonzero(mask == full)
    }
    coll[mask == full] = 0

    super_coins = np.zeros(n, dtype=np.int64)
    triggers = np.zeros(n, dtype=np.int64)
    supers = np.flatnonzero(on)
    if supers.size:
        counts = np.array(t.wild_counts)[
            keyed_choices(site_keys(mixed[supers], "super.wilds", prepared=True), t.wild_weights)
        ]
        orders = keyed_permutations(
            site_keys(mixed[supers], "super.cells", prepared=True), len(t.super_cells)
        )
        sm = f.super_mode
        sm_stops = _spins(mixed[supers], "super.spin", t.super_lengths, np.full(supers.size, sm.spins))
        held = np.zeros((supers.size, reels, cg.rows), dtype=bool)
        cells = np.array(t.super_cells)
        for j in range(supers.size):
            chosen = cells[orders[j, : counts[j]]]
            held[j, chosen[:, 0], chosen[:, 1]] = True
        held_spins = np.repeat(held, sm.spins, axis=0)
        grids = super_grids(cg, sm_stops, held_spins)
        sp = evaluate_grids(cg, cg.lut(), grids, bet)
        per_spin = sp.win_coins.reshape(-1, sm.spins)
        keyed = (sp.scatter_counts[:, t.key_column] >= f.trigger_min).reshape(-1, sm.spins)
        stamps = super_passport_bits(t, sm_stops, held_spins).reshape(-1, sm.spins)
        for j, i in enumerate(supers.tolist()):
            # the spins as the flow plays them: stamps, then the credit (a cap ends Super Mode),
            # then the Keys' trigger
            c: Collection = (int(coll[i, MASK]), int(coll[i, SPINS]), int(coll[i, CENTS]))
            total = int(running[i])
            capped = cap is not None and total >= cap
            for k in range(sm.spins if not capped else 0):
                c, complete = stamp_super(c, int(stamps[j, k]), bet.total_cents, full)
                if complete:
                    owed.setdefault(i, []).append(c[1:])
                    c = (0, 0, 0)
                total += int(per_spin[j, k])
                if cap is not None and total >= cap:
                    break
                triggers[i] += bool(keyed[j, k])
            coll[i] = c
        super_coins[supers] = per_spin.sum(axis=1)
        running += super_coins

    # the free spins Super Mode won, played after it (in one run per player)
    won_in_super = np.flatnonzero(triggers)
    super_free = np.zeros(n, dtype=np.int64)
    if won_in_super.size:
        free = cg.reels(f.free_reel_set)
        lengths = (triggers[won_in_super] * f.free_spins).tolist()
        # the "free" site's spins after those the base spin's Keys won
        after = np.isin(won_in_super, triggered) * f.free_spins
        free_stops = _spins(mixed[won_in_super], "free", free.lengths, np.array(lengths), after)
        coins = cascade_spins(cg, free, cg.lut(), free_stops, bet).win_coins
        at = 0
        for i, count in zip(won_in_super.tolist(), lengths, strict=True):
            super_free[i] = coins[at : at + count].sum()
            at += count
        running += super_free

    counts_out = {
        "free_spins": int(triggered.size + triggers.sum()),
        "free_spins_played": f.free_spins * int(triggered.size + triggers.sum()),
        "super_mode": int(supers.size),
        "super_mode_free_spins": int(triggers.sum()),
    }

    # the Global Adventures, one round of quests after another (a player's second quest after
    # its first, as the flow plays them)
    quest_coins = np.zeros(n, dtype=np.int64)
    played_quests = np.zeros(n, dtype=np.int64)
    adventure_counts = {"adventure": 0, "jackpot": 0, "shootout": 0, "fragments": 0}
    k = 0
    while True:
        rows = [
            i for i, q in owed.items() if len(q) > k and (cap is None or running[i] + quest_coins[i] < cap)
        ]
        if not rows:
            break
        quests = np.array(sorted(rows), dtype=np.int64)
        m = quest.money(
            np.array([owed[i][k][0] for i in quests.tolist()]),
            np.array([owed[i][k][1] for i in quests.tolist()]),
            bet.coin_value_cents,
            bet.total_coins,
            len(cg.defn.lines),
        )
        played = play_quests(t, m, seeds[quests], pick_rng, [tapes.get(i) for i in quests.tolist()], number=k)
        quest_coins[quests] += played.coins
        played_quests[quests] += 1
        adventure_counts["adventure"] += int(quests.size)
        adventure_counts["jackpot"] += played.jackpots
        adventure_counts["shootout"] += played.shootouts
        adventure_counts["fragments"] += played.fragments
        k += 1
    counts_out.update(adventure_counts)
    counts_out["adventures_in_super_mode"] = sum(
        len(q) - (1 if (mask[i] == full) else 0) for i, q in owed.items()
    )

    # what each player carries: the first complete collection a cap left unplayed, else its own
    state_out[:, :3] = coll
    for i, q in owed.items():
        if played_quests[i] < len(q):
            state_out[i, :3] = (full, *q[played_quests[i]])
    state_out[:, ADVENTURES] = state_in[:, ADVENTURES] + played_quests
    uncapped = running + quest_coins
    wins, capped_rows = apply_cap(uncapped, cap)
    counts_out["capped"] = int(capped_rows.sum())
    for i in rec:
        tapes[i].state_out = typed(state_out[i], reels)
    return BatchStats(
        wins=wins,
        uncapped=uncapped,
        parts={
            "base_lines": int(spins.line_coins.sum()),
            "base_scatter": int(spins.scatter_coins.sum()),
            "free_spins": int(free_coins.sum()),
            "super_mode": int(super_coins.sum() + super_free.sum()),
            "adventure": int(quest_coins.sum()),
        },
        counts=counts_out,
        tapes=tapes,
        state=state_out,
    )


def _spins(
    mixed: np.ndarray, site: str, lengths: tuple[int, ...], count: np.ndarray, after: Any = 0
) -> np.ndarray:
    """The stops of `count[k]` spins of round k (its seed mixed: `round_keys`) at its `site` (round
    k's spins one after another), its first spin being the site's spin number `after[k]` (spin s
    takes draws s·reels …)."""
    count = np.asarray(count, dtype=np.int64)
    owner = np.repeat(np.arange(count.size), count)
    first = np.concatenate(([0], np.cumsum(count)[:-1]))
    spin = np.arange(owner.size) - np.repeat(first, count) + np.broadcast_to(after, count.shape)[owner]
    return keyed_stops(site_keys(mixed, site, prepared=True)[owner], lengths, spin * len(lengths))
