"""Tomb Raider's bonuses, exactly: Super Mode, the passports' chain and the Global Adventure.

Part of the independent exact calculator (`exact.py`): it shares no code with the production
engine. Super Mode over every held-wild count and placement; the passports as a Markov chain over
the activation sets (and, as a check, the collection time by inclusion–exclusion); the Global
Adventure by a dynamic programme over its locations and revealed artefacts.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from game.definitions import GameDefinition
from game.games.tombraider.exact_cascades import windows
from game.games.tombraider.model import Adventure, feature_of
from game.math.odds import complete_lines
from game.math.patterns import contract, line_factor, line_pay_table, pays_by_run, reel_distributions

# -- Super Mode -------------------------------------------------------------------------------------


def _masked_line_pay(defn: GameDefinition, reel_set: str) -> dict[int, Fraction]:
    """E[one line's pay at level 1] given the set of its cells held wild (bit r: reel r+1)."""
    table = line_pay_table(defn)
    counts, den = reel_distributions(defn, reel_set, frozenset())
    wild = defn.symbol_ids.index(defn.symbols_of_kind("wild")[0])
    lengths = [len(s) for s in defn.reel_sets[reel_set]]
    out = {}
    for mask in range(1 << defn.reels):
        dist = []
        d = 1
        for r in range(defn.reels):
            if mask >> r & 1:
                c = np.zeros_like(counts[r])
                c[wild] = 1
                dist.append(c)
            else:
                dist.append(counts[r])
                d *= lengths[r]
        out[mask] = Fraction(contract(table, dist), d)
    assert den == math.prod(lengths)
    return out


@dataclass(frozen=True)
class SuperModeValue:
    """Super Mode's expected win per activation (× total bet) and its per-spin parts."""

    line_per_spin: Fraction
    scatter_per_spin: Fraction
    spins: int
    probability: Fraction
    top_award_per_spin: Fraction

    @property
    def value(self) -> Fraction:
        return self.spins * (self.line_per_spin + self.scatter_per_spin)


def super_mode_cells(defn: GameDefinition) -> list[int]:
    """The cells Super Mode may hold wild, as flat indices reel × rows + row (0-based)."""
    sm = feature_of(defn).super_mode
    return [(r - 1) * defn.rows + w for r in sm.reels for w in range(defn.rows)]


def super_mode_value(defn: GameDefinition, lines: int) -> SuperModeValue:
    """Exact Super Mode value: over the held-wild count, the placements and the stops."""
    feature = feature_of(defn)
    sm = feature.super_mode
    reels, rows = defn.reels, defn.rows
    allowed = super_mode_cells(defn)
    n_allowed = len(allowed)
    on_line = len(sm.reels)  # a line has one cell on each reel
    reel_bits = sum(1 << (r - 1) for r in sm.reels)
    masked = _masked_line_pay(defn, sm.reel_set)
    total_w = sum(w.weight for w in sm.wilds)
    line = Fraction(0)
    for opt in sm.wilds:
        k = opt.value
        # a line's j cells on the held reels are wild, the other k - j wilds lie off the line
        per_line = Fraction(0)
        for m, value in masked.items():
            j = bin(m).count("1")
            if m & ~reel_bits or not 0 <= k - j <= n_allowed - on_line:
                continue
            per_line += Fraction(math.comb(n_allowed - on_line, k - j), math.comb(n_allowed, k)) * value
        line += Fraction(opt.weight, total_w) * per_line
    line *= line_factor(defn, lines)
    # Scatters: for every placement, each reel's covered rows hide the keys under them.
    strips = defn.reel_sets[sm.reel_set]
    key = defn.symbol_ids.index(feature.scatter)
    wild = defn.symbol_ids.index(defn.symbols_of_kind("wild")[0])
    by_mask = []
    wild_masks = []
    for strip in strips:
        win = windows(defn, strip)
        is_key = win == key
        by_mask.append(
            [
                np.bincount((is_key & ~_bits(m, rows)).sum(axis=1), minlength=rows + 1)
                for m in range(1 << rows)
            ]
        )
        # stops by the mask of rows showing a wild (held or from the strip)
        shown = (win == wild) @ (1 << np.arange(rows))
        wild_masks.append(
            [np.bincount(shown | m, minlength=1 << rows).astype(np.int64) for m in range(1 << rows)]
        )
    pays = pays_by_run(defn.scatter_pays[feature.scatter], reels * rows)
    den = math.prod(len(s) for s in strips)
    complete = complete_lines(reels, rows, tuple(map(tuple, defn.lines[:lines])))
    scatter = Fraction(0)
    top = Fraction(0)
    for opt in sm.wilds:
        k = opt.value
        groups: dict[tuple[int, ...], int] = {}
        for chosen in itertools.combinations(allowed, k):
            masks = [0] * reels
            for c in chosen:
                masks[c // rows] |= 1 << (c % rows)
            groups[tuple(masks)] = groups.get(tuple(masks), 0) + 1
        placements = math.comb(n_allowed, k)
        acc = Fraction(0)
        top_acc = 0
        for masks, count in groups.items():
            dist = np.array([1], dtype=np.int64)
            joint = np.array([1], dtype=np.int64)
            for r, m in enumerate(masks):
                dist = np.convolve(dist, by_mask[r][m])
                joint = np.outer(joint, wild_masks[r][m]).ravel()
            acc += count * Fraction(sum(int(c) * pays[n] for n, c in enumerate(dist)), den)
            top_acc += count * int(joint[complete].sum())
        scatter += Fraction(opt.weight, total_w) * acc / placements
        top += Fraction(opt.weight, total_w) * Fraction(top_acc, placements * den)
    return SuperModeValue(
        line_per_spin=line,
        scatter_per_spin=scatter,
        spins=sm.spins,
        probability=Fraction(sm.weight, sm.out_of),
        top_award_per_spin=top,
    )


def _bits(mask: int, rows: int) -> np.ndarray:
    return np.array([bool(mask >> w & 1) for w in range(rows)])


# -- passports: the Markov chain over activation sets -----------------------------------------------


def passport_probabilities(defn: GameDefinition) -> list[Fraction]:
    """P(a base spin shows the passport on the activation row of reel r), per reel."""
    feature = feature_of(defn)
    out = []
    for strip in defn.reel_sets["base"]:
        n = len(strip)
        hits = sum(strip[(s + feature.passport_row) % n] == feature.passport for s in range(n))
        out.append(Fraction(hits, n))
    return out


@dataclass(frozen=True)
class PassportChain:
    """The activation sets as a Markov chain, one step per base spin.

    State 2^reels - 1 (all active) is the spin that completes the set: the Global Adventure is
    played and the next spin starts from the empty set. `stationary[s]` is the long-run share of
    spins ending in state s; `rate` the Global Adventure's probability per round;
    `before_round[s]` the law of the state a round starts in (what a simulated player starts
    from, so the simulation is stationary from its first round).
    """

    probabilities: list[Fraction]
    stationary: list[Fraction]
    rate: Fraction
    expected_spins: Fraction
    before_round: list[Fraction]


def _solve(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction]:
    """Gaussian elimination over fractions (a small dense system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = next(r for r in range(c, n) if m[r][c] != 0)
        m[c], m[p] = m[p], m[c]
        pivot = m[c][c]
        m[c] = [x / pivot for x in m[c]]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] for i in range(n)]


def passport_chain(defn: GameDefinition) -> PassportChain:
    """The stationary law of the activation sets and the Global Adventure's rate, exactly."""
    p = passport_probabilities(defn)
    reels = len(p)
    full = (1 << reels) - 1
    size = full + 1

    def step(state: int) -> dict[int, Fraction]:
        start = 0 if state == full else state  # after the Adventure the set is empty again
        out: dict[int, Fraction] = {}
        for new in range(size):
            if new & start != start:
                continue
            prob = Fraction(1)
            for r in range(reels):
                if start >> r & 1:
                    continue
                prob *= p[r] if new >> r & 1 else 1 - p[r]
            if prob:
                out[new] = out.get(new, Fraction(0)) + prob
        return out

    trans = [step(s) for s in range(size)]
    # π = π P with Σ π = 1: replace one balance equation by the normalisation.
    a = [[Fraction(0)] * size for _ in range(size)]
    for s in range(size):
        for t, prob in trans[s].items():
            a[t][s] += prob
    for s in range(size):
        a[s][s] -= 1
    a[0] = [Fraction(1)] * size
    b = [Fraction(0)] * size
    b[0] = Fraction(1)
    pi = _solve(a, b)
    before = list(pi)
    before[0] += before[full]
    before[full] = Fraction(0)
    return PassportChain(
        probabilities=p,
        stationary=pi,
        rate=pi[full],
        expected_spins=expected_collection_spins(p),
        before_round=before,
    )


def expected_collection_spins(p: list[Fraction]) -> Fraction:
    """E[spins from an empty set to all reels active]: the largest of independent geometric
    waiting times, by inclusion–exclusion: Σ over non-empty sets S of (−1)^(|S|+1) / P(some
    reel of S activates in a spin)."""
    total = Fraction(0)
    for k in range(1, len(p) + 1):
        for subset in itertools.combinations(p, k):
            none = math.prod((1 - x for x in subset), start=Fraction(1))
            total += (-1) ** (k + 1) / (1 - none)
    return total


# -- the Global Adventure ---------------------------------------------------------------------------


def _mean(table: list) -> Fraction:
    total = sum(w.weight for w in table)
    return Fraction(sum(w.value * w.weight for w in table), total)


@dataclass(frozen=True)
class LocationValue:
    """One location: P(the fragment is won) and E[pot banked; won], in total bets."""

    pass_probability: Fraction
    banked: Fraction
    shootout_probability: Fraction
    trap_probability: Fraction
    showdown_probability: Fraction


def location_value(adv: Adventure, loc: int, shootout_mean: Fraction) -> LocationValue:
    """DP over (traps, treasures, bonus amounts revealed) with the fragment still hidden.

    Each state carries its probability and E[pot; state]; every reveal is linear in the pot
    (a bonus adds its mean, the doubling doubles, the Shoot-out adds its mean), so expectations
    propagate exactly.
    """
    board = adv.board
    bonus = _mean(adv.locations[loc].bonus)
    tr = adv.treasure
    tw = sum(tr.weights)
    t_bonus = Fraction(tr.bonus_weight, tw) * _mean(tr.bonus)
    t_double = Fraction(tr.double_weight, tw)
    t_shoot = Fraction(tr.shootout_weight, tw)
    ew = adv.end_weight + adv.showdown_weight
    p_showdown = Fraction(adv.showdown_weight, ew)
    dw = adv.duel_won_weight + adv.duel_lost_weight
    p_duel = Fraction(adv.duel_won_weight, dw) if dw else Fraction(0)
    states: dict[tuple[int, int, int], tuple[Fraction, Fraction]] = {(0, 0, 0): (Fraction(1), Fraction(0))}
    passed = banked = shoot = trap_end = showdown = Fraction(0)
    for _ in range(board.size):
        nxt: dict[tuple[int, int, int], tuple[Fraction, Fraction]] = {}
        add = functools.partial(_add_state, nxt)

        for (t, h, b), (prob, pot) in states.items():
            left = board.size - t - h - b
            frag = Fraction(1, left)
            passed += prob * frag
            banked += pot * frag
            if board.trap - t:
                q = Fraction(board.trap - t, left)
                if t + 1 == board.traps_to_end:
                    trap_end += prob * q
                    showdown += prob * q * p_showdown
                    won = q * p_showdown * p_duel
                    passed += prob * won
                    banked += pot * won
                else:
                    add((t + 1, h, b), prob * q, pot * q)
            if board.treasure - h:
                q = Fraction(board.treasure - h, left)
                shoot += prob * q * t_shoot
                # E[pot after] = pot + E[bonus] (bonus) | 2 pot (double) | pot + E[disc] (shoot-out)
                after = pot * (1 + t_double) + prob * (t_bonus + t_shoot * shootout_mean)
                add((t, h + 1, b), prob * q, after * q)
            if board.bonus - b:
                q = Fraction(board.bonus - b, left)
                add((t, h, b + 1), prob * q, (pot + prob * bonus) * q)
        states = nxt
    return LocationValue(passed, banked, shoot, trap_end, showdown)


def _add_state(
    states: dict[tuple[int, int, int], tuple[Fraction, Fraction]],
    state: tuple[int, int, int],
    prob: Fraction,
    pot: Fraction,
) -> None:
    p0, m0 = states.get(state, (Fraction(0), Fraction(0)))
    states[state] = (p0 + prob, m0 + pot)


@dataclass(frozen=True)
class AdventureValue:
    """E[Global Adventure win] in total bets at a constant bet, and its parts."""

    locations: list[LocationValue]
    banked: Fraction
    jackpot: Fraction
    jackpot_probability: Fraction
    shootout_rate: Fraction
    reach: list[Fraction]

    @property
    def value(self) -> Fraction:
        return self.banked + self.jackpot


def adventure_value(defn: GameDefinition, lines: int, level: int = 1) -> AdventureValue:
    """The Adventure's mean win at a constant bet of `lines` lines and `level`, in total bets."""
    feature = feature_of(defn)
    adv = feature.adventure
    total_bet = lines * level
    shoot_mean = Fraction(sum(feature.shootout.discs), len(feature.shootout.discs))
    reach = Fraction(1)
    reaches = []
    banked = shoot = Fraction(0)
    locs = []
    for i in range(len(adv.locations)):
        v = location_value(adv, i, shoot_mean)
        reaches.append(reach)
        banked += reach * v.banked
        shoot += reach * v.shootout_probability
        reach *= v.pass_probability
        locs.append(v)
    # jackpot coins: value × total bet ÷ the game's lines, rounded down (exact at every level
    # when all lines are played)
    jw = sum(j.weight for j in adv.jackpots)
    jackpot_coins = sum(
        (Fraction(j.weight, jw) * ((j.value * total_bet) // len(defn.lines)) for j in adv.jackpots),
        Fraction(0),
    )
    return AdventureValue(
        locations=locs,
        banked=banked,
        jackpot=reach * jackpot_coins / total_bet,
        jackpot_probability=reach,
        shootout_rate=shoot,
        reach=reaches,
    )
