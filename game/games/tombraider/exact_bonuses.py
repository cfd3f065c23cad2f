"""Tomb Raider's bonuses, exactly: Super Mode, the passports' chain and the Global Adventure.

Part of the independent exact calculator (`exact.py`): it shares no code with the production
engine. Super Mode over every held-wild count and placement; the passports as a Markov chain over
the activation sets, spin by spin for the base game (checked by the collection time by
inclusion–exclusion) and round by round with Super Mode's spins stamping too
(`passport_rounds`); the Global Adventure by a dynamic programme over its locations and revealed
artefacts.
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
from game.games.tombraider.model import Adventure, Weighted, feature_of
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
    trigger_per_spin: Fraction
    """P(a Super Mode spin shows `trigger_min` or more Keys not under a held wild)."""

    @property
    def value(self) -> Fraction:
        """Its spins' own pays (the free spins they win are valued by the caller)."""
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
    trigger = Fraction(0)
    for opt in sm.wilds:
        k = opt.value
        groups: dict[tuple[int, ...], int] = {}
        for chosen in itertools.combinations(allowed, k):
            reel_masks = [0] * reels
            for c in chosen:
                reel_masks[c // rows] |= 1 << (c % rows)
            groups[tuple(reel_masks)] = groups.get(tuple(reel_masks), 0) + 1
        placements = math.comb(n_allowed, k)
        acc = Fraction(0)
        top_acc = trigger_acc = 0
        for masks, count in groups.items():
            dist = np.array([1], dtype=np.int64)
            joint = np.array([1], dtype=np.int64)
            for r, m in enumerate(masks):
                dist = np.convolve(dist, by_mask[r][m])
                joint = np.outer(joint, wild_masks[r][m]).ravel()
            acc += count * Fraction(sum(int(c) * pays[n] for n, c in enumerate(dist)), den)
            top_acc += count * int(joint[complete].sum())
            trigger_acc += count * int(dist[feature.trigger_min :].sum())
        scatter += Fraction(opt.weight, total_w) * acc / placements
        top += Fraction(opt.weight, total_w) * Fraction(top_acc, placements * den)
        trigger += Fraction(opt.weight, total_w) * Fraction(trigger_acc, placements * den)
    return SuperModeValue(
        line_per_spin=line,
        scatter_per_spin=scatter,
        spins=sm.spins,
        probability=Fraction(sm.weight, sm.out_of),
        top_award_per_spin=top,
        trigger_per_spin=trigger,
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


@dataclass(frozen=True)
class PassportRounds:
    """The activation sets as a Markov chain, one step per round: the base spin, then, with Super
    Mode's probability, its spins, each stamping the reels whose centre row shows a Passport not
    under a held wild. Every spin that completes the set owes a Global Adventure and empties it.

    `before_round[s]`: the long-run law of the set a round starts with (never the full set);
    `adventures[s]`: E[Adventures in a round | it starts with s]; `rate`: E[Adventures per
    round]; `in_super_mode`: the part of `rate` completed by Super Mode spins.
    """

    before_round: list[Fraction]
    adventures: list[Fraction]
    rate: Fraction
    in_super_mode: Fraction


def _spin_table(lengths: list[int], hits: list[int], blocked: int) -> list[list[tuple[int, int]]]:
    """One spin's transitions from every set a (never the full one): (set after, weight), the
    weights whole numbers summing to Π lengths. A reel of `blocked` never activates."""
    reels = len(lengths)
    full = (1 << reels) - 1
    out = []
    for a in range(full):
        free = [r for r in range(reels) if not (a | blocked) >> r & 1]
        fixed = math.prod(lengths[r] for r in range(reels) if (a | blocked) >> r & 1)
        row = []
        for k in range(1 << len(free)):
            w = fixed
            b = a
            for i, r in enumerate(free):
                if k >> i & 1:
                    w *= hits[r]
                    b |= 1 << r
                else:
                    w *= lengths[r] - hits[r]
            if w:
                row.append((b, w))
        out.append(row)
    return out


def _step(v: list[int], table: list[list[tuple[int, int]]]) -> tuple[list[int], int]:
    """A distribution over sets (whole weights) after one spin; the full set empties at once.
    Returns it and the weight of the completions (both over the old denominator × Π lengths)."""
    full = len(table)
    out = [0] * full
    done = 0
    for a, x in enumerate(v):
        if not x:
            continue
        for b, w in table[a]:
            if b == full:
                done += x * w
                out[0] += x * w
            else:
                out[b] += x * w
    return out, done


def _centre_hits(defn: GameDefinition, reel_set: str) -> tuple[list[int], list[int]]:
    feature = feature_of(defn)
    lengths, hits = [], []
    for strip in defn.reel_sets[reel_set]:
        n = len(strip)
        lengths.append(n)
        hits.append(sum(strip[(s + feature.passport_row) % n] == feature.passport for s in range(n)))
    return lengths, hits


def blocked_law(defn: GameDefinition) -> dict[int, Fraction]:
    """P(Super Mode's held wilds cover exactly the centre cells of the reels in B), by B (bits):
    the held cells are a uniform set of the drawn size among Super Mode's cells, and each of its
    reels has one centre cell (hypergeometric)."""
    sm = feature_of(defn).super_mode
    n_allowed = len(super_mode_cells(defn))
    centres = [r - 1 for r in sm.reels]
    total_w = sum(w.weight for w in sm.wilds)
    out: dict[int, Fraction] = {}
    for opt in sm.wilds:
        k = opt.value
        for j in range(len(centres) + 1):
            ways = math.comb(n_allowed - len(centres), k - j) if k - j >= 0 else 0
            if not ways:
                continue
            for chosen in itertools.combinations(centres, j):
                b = sum(1 << r for r in chosen)
                p = Fraction(opt.weight, total_w) * Fraction(ways, math.comb(n_allowed, k))
                out[b] = out.get(b, Fraction(0)) + p
    return out


def passport_rounds(defn: GameDefinition, super_probability: Fraction | None = None) -> PassportRounds:
    """The round-by-round chain of the activation sets, exactly (`super_probability` overrides
    Super Mode's, e.g. 0 for the base spins alone). Cached per data content: it does not depend
    on the lines played, and takes seconds."""
    feature = feature_of(defn)
    sm = feature.super_mode
    p_super = Fraction(sm.weight, sm.out_of) if super_probability is None else super_probability
    key = repr((defn.reel_sets["base"], defn.reel_sets[sm.reel_set], sm, feature.passport))
    key += repr((feature.passport_row, p_super))
    hit = _ROUNDS_CACHE.get(key)
    if hit is None:
        hit = _ROUNDS_CACHE[key] = _passport_rounds(defn, p_super)
        while len(_ROUNDS_CACHE) > 4:
            _ROUNDS_CACHE.pop(next(iter(_ROUNDS_CACHE)))
    return hit


_ROUNDS_CACHE: dict[str, PassportRounds] = {}


def _passport_rounds(defn: GameDefinition, p_super: Fraction) -> PassportRounds:
    feature = feature_of(defn)
    sm = feature.super_mode
    base_len, base_hits = _centre_hits(defn, "base")
    sm_len, sm_hits = _centre_hits(defn, sm.reel_set)
    reels = len(base_len)
    full = (1 << reels) - 1
    d_base, d_super = math.prod(base_len), math.prod(sm_len)
    base = _spin_table(base_len, base_hits, 0)
    blocked = {b: (p, _spin_table(sm_len, sm_hits, b)) for b, p in blocked_law(defn).items()}
    rows: list[list[Fraction]] = []
    adventures: list[Fraction] = []
    in_super: list[Fraction] = []
    for a in range(full):
        start = [0] * full
        start[a] = 1
        v1, done = _step(start, base)
        after = [Fraction(x, d_base) * (1 - p_super) for x in v1]
        from_base = Fraction(done, d_base)
        from_super = Fraction(0)
        if p_super:
            for p_b, table in blocked.values():
                v, den = v1, d_base
                for _ in range(sm.spins):
                    v, done = _step(v, table)
                    den *= d_super
                    from_super += p_super * p_b * Fraction(done, den)
                for s, x in enumerate(v):
                    if x:
                        after[s] += p_super * p_b * Fraction(x, den)
        rows.append(after)
        adventures.append(from_base + from_super)
        in_super.append(from_super)
    # π = π R with Σ π = 1: replace one balance equation by the normalisation
    a_mat = [[rows[s][t] - (1 if s == t else 0) for s in range(full)] for t in range(full)]
    a_mat[0] = [Fraction(1)] * full
    b_vec = [Fraction(0)] * full
    b_vec[0] = Fraction(1)
    pi = _solve(a_mat, b_vec)
    return PassportRounds(
        before_round=pi,
        adventures=adventures,
        rate=sum((p * e for p, e in zip(pi, adventures, strict=True)), Fraction(0)),
        in_super_mode=sum((p * e for p, e in zip(pi, in_super, strict=True)), Fraction(0)),
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


def _mean(table: list[Weighted]) -> Fraction:
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
