"""Tomb Raider's exact calculator against brute force on a small game, and the shipped par sheet.

Three computations meet here: the calculator (`game.games.tombraider.exact`), a naive reading of
the rules in this package's conftest (loops over cells and over every random outcome), and the
production engine (`feature.cascade_spins`, the quest functions) run over every stop combination.
They must agree exactly (as fractions).
"""

from __future__ import annotations

import itertools
import math
import time
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from game.definitions import GameDefinition
from game.evaluate import compile_game
from game.games.tombraider import exact
from game.games.tombraider.batch import activation_probabilities, stationary_sets
from game.games.tombraider.feature import cascade_spins, tables
from game.money import Bet

from .conftest import all_stops, naive_evaluate, naive_free_spin, naive_line, naive_window, small_data

# -- the line rule and the free spins ------------------------------------------------------------


def test_pay_run_table_is_the_line_rule(small: GameDefinition) -> None:
    pay, run = exact.pay_run_table(small)
    ids = small.symbol_ids
    size = len(ids)
    for cells in itertools.product(ids, repeat=5):
        code = sum(ids.index(c) * size ** (4 - r) for r, c in enumerate(cells))
        assert (int(pay[code]), int(run[code])) == naive_line(small, cells), cells


@pytest.mark.slow
@pytest.mark.parametrize("lines", [1, 3, 5])
def test_free_spins_match_brute_force_and_the_engine_on_every_stop(small: GameDefinition, lines: int) -> None:
    """Every stop combination of the free reels: the naive cascade, the calculator's enumeration
    and the production cascades pay the same, spin by spin (engine) and in total (calculator)."""
    free = small.reel_sets["free"]
    naive = {stops: naive_free_spin(small, stops, lines) for stops in all_stops(free)}
    stats = exact.free_spin_stats(small, lines)
    assert stats.combinations == len(naive)
    assert stats.total == sum(c for c, _ in naive.values())
    assert stats.max_coins == max(c for c, _ in naive.values())
    for k, count in enumerate(stats.steps):
        assert count == sum(1 for _, w in naive.values() if w == k)
    histogram = np.bincount([c for c, _ in naive.values()])
    assert np.array_equal(stats.histogram, histogram)

    cg = compile_game(small)
    stops = np.array(list(naive), dtype=np.int64)
    out = cascade_spins(cg, cg.reels("free"), cg.lut(), stops, Bet(lines=lines, level=1, coin_value_cents=1))
    assert out.win_coins.tolist() == [c for c, _ in naive.values()]
    assert out.wins.tolist() == [w for _, w in naive.values()]
    assert max(w for _, w in naive.values()) >= 3  # the ladder is exercised


# -- Super Mode ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_super_mode_matches_brute_force_over_placements_and_stops(small: GameDefinition) -> None:
    sm = small.feature.super_mode
    strips = small.reel_sets["base"]
    allowed = [(r - 1, w) for r in sm.reels for w in range(3)]
    total_w = sum(w.weight for w in sm.wilds)
    lines = len(small.lines)
    line_sum = scatter_sum = top = trigger = Fraction(0)
    top_pay = max(max(p.values()) for p in small.paytable.values())
    for opt in sm.wilds:
        placements = list(itertools.combinations(allowed, opt.value))
        acc_line = acc_scatter = acc_top = acc_trigger = 0
        count = 0
        for held in placements:
            for stops in all_stops(strips):
                grid = [naive_window(s, stop, 3) for s, stop in zip(strips, stops, strict=True)]
                for r, w in held:
                    grid[r][w] = "w"
                line_coins, scatter, _ = naive_evaluate(small, grid, lines)
                acc_line += line_coins
                acc_scatter += scatter
                # a Key under a held wild is a wild, not a Key
                acc_trigger += sum(col.count("k") for col in grid) >= small.feature.trigger_min
                acc_top += any(
                    naive_line(small, [grid[r][w] for r, w in enumerate(line)])[0] == top_pay
                    for line in small.lines
                )
                count += 1
        weight = Fraction(opt.weight, total_w)
        line_sum += weight * Fraction(acc_line, count * lines)
        scatter_sum += weight * Fraction(acc_scatter, count * lines)
        top += weight * Fraction(acc_top, count)
        trigger += weight * Fraction(acc_trigger, count)
    got = exact.super_mode_value(small, lines)
    assert got.line_per_spin == line_sum
    assert got.scatter_per_spin == scatter_sum
    assert got.top_award_per_spin == top
    assert got.trigger_per_spin == trigger and trigger > 0
    assert got.probability == Fraction(1, 10)


# -- passports ---------------------------------------------------------------------------------------


def test_passport_chain_two_ways_and_the_simulators_start_law(small: GameDefinition) -> None:
    chain = exact.passport_chain(small)
    p = exact.passport_probabilities(small)
    strips = small.reel_sets["base"]
    assert p == [Fraction(sum(s[(i + 1) % len(s)] == "p" for i in range(len(s))), len(s)) for s in strips]
    # the Markov chain's rate is 1 / E[collection time] (inclusion–exclusion over the reels)
    assert chain.rate == 1 / exact.expected_collection_spins(p)
    assert sum(chain.stationary) == 1 and sum(chain.before_round) == 1
    # the simulator's own start law (closed form, floats) is the chain's law before a round
    start = stationary_sets(activation_probabilities(tables(compile_game(small))))
    assert np.allclose(start, [float(x) for x in chain.before_round], rtol=1e-12, atol=1e-15)


def _naive_round(defn: GameDefinition, start: int) -> tuple[dict[int, Fraction], Fraction]:
    """A round from the set `start`, read from the rules one reel at a time: the law of the set
    after it and E[Adventures]. Every held-wild placement is enumerated; a held centre cell shows
    the wild, never the Passport; a spin completing the set owes an Adventure and empties it."""
    f = defn.feature
    sm = f.super_mode
    full = (1 << defn.reels) - 1

    def centre(strip: list[str]) -> Fraction:
        return Fraction(
            sum(strip[(i + f.passport_row) % len(strip)] == f.passport for i in range(len(strip))), len(strip)
        )

    def spin(
        law: dict[int, Fraction], strips: list[list[str]], held: set
    ) -> tuple[dict[int, Fraction], Fraction]:
        for r, strip in enumerate(strips):
            p = Fraction(0) if (r, f.passport_row) in held else centre(strip)
            nxt: dict[int, Fraction] = {}
            for m, q in law.items():
                for bit, pr in ((1 << r, p), (0, 1 - p)):
                    nxt[m | bit] = nxt.get(m | bit, Fraction(0)) + q * pr
            law = nxt
        done = law.pop(full, Fraction(0))
        law[0] = law.get(0, Fraction(0)) + done
        return law, done

    law, adventures = spin({start: Fraction(1)}, defn.reel_sets["base"], set())
    p_on = Fraction(sm.weight, sm.out_of)
    out = {m: q * (1 - p_on) for m, q in law.items()}
    cells = [(r - 1, w) for r in sm.reels for w in range(defn.rows)]
    total_w = sum(w.weight for w in sm.wilds)
    for opt in sm.wilds:
        placements = list(itertools.combinations(cells, opt.value))
        for held in placements:
            weight = p_on * Fraction(opt.weight, total_w) / len(placements)
            now = dict(law)
            for _ in range(sm.spins):
                now, done = spin(now, defn.reel_sets[sm.reel_set], set(held))
                adventures += weight * done
            for m, q in now.items():
                out[m] = out.get(m, Fraction(0)) + weight * q
    return out, adventures


@pytest.mark.slow
def test_passport_rounds_match_a_naive_round_and_are_stationary(small: GameDefinition) -> None:
    """Super Mode's spins stamp too: the round-by-round chain's E[Adventures | start] and its
    stationary law agree with a naive reading of a round, exactly."""
    rounds = exact.passport_rounds(small)
    law_after = [Fraction(0)] * 31
    for a in range(31):
        after, adventures = _naive_round(small, a)
        assert rounds.adventures[a] == adventures, a
        for m, q in after.items():
            law_after[m] += rounds.before_round[a] * q
    assert law_after == rounds.before_round  # π R = π
    assert sum(rounds.before_round) == 1
    assert rounds.rate == sum(p * e for p, e in zip(rounds.before_round, rounds.adventures, strict=True))
    assert 0 < rounds.in_super_mode < rounds.rate
    # without Super Mode, the round is the base spin: the spin-by-spin chain
    base = exact.passport_rounds(small, Fraction(0))
    assert base.rate == exact.passport_chain(small).rate and base.in_super_mode == 0


def test_collection_time_by_iterating_the_chain() -> None:
    """E[T] for three reels, by summing P(T > t) over t (independent geometric waits)."""
    p = [Fraction(1, 3), Fraction(1, 4), Fraction(1, 7)]
    tail = sum(
        (1 - math.prod((1 - (1 - x) ** t for x in p), start=Fraction(1)) for t in range(0, 700)),
        Fraction(0),
    )
    assert abs(float(exact.expected_collection_spins(p) - tail)) < 1e-30


# -- the Global Adventure: every layout and every draw, with any pick strategy ----------------------


def _weighted(table: list) -> list[tuple[Fraction, int]]:
    total = sum(w.weight for w in table)
    return [(Fraction(w.weight, total), w.value) for w in table]


def _location_outcomes(defn: GameDefinition, loc: int, strategy) -> list[tuple[Fraction, bool, Fraction]]:
    """Every (probability, fragment found, pot in total bets) of one location: every layout (a
    uniform order of the artefacts), every draw, the positions picked by `strategy(size,
    revealed)`. Amounts are in total bets (a constant bet)."""
    adv = defn.feature.adventure
    discs = defn.feature.shootout.discs
    bonus = _weighted(adv.locations[loc].bonus)
    tw = sum(adv.treasure.weights)
    kinds = [
        (Fraction(w, tw), k)
        for w, k in zip(adv.treasure.weights, ("bonus", "double", "shootout"), strict=True)
    ]
    ew = adv.end_weight + adv.showdown_weight
    duel = Fraction(adv.duel_won_weight, adv.duel_won_weight + adv.duel_lost_weight)
    out: list[tuple[Fraction, bool, Fraction]] = []

    def walk(board, revealed: frozenset, pot: Fraction, traps: int, prob: Fraction) -> None:
        if not prob:
            return
        pos = strategy(len(board), revealed)
        art, detail = board[pos]
        seen = revealed | {pos}
        if art == "fragment":
            out.append((prob, True, pot))
        elif art == "trap" and traps + 1 == adv.board.traps_to_end:
            showdown = prob * Fraction(adv.showdown_weight, ew)
            out.append((prob - showdown, False, pot))
            out.append((showdown * duel, True, pot))
            out.append((showdown * (1 - duel), False, pot))
        elif art == "trap":
            walk(board, seen, pot, traps + 1, prob)
        elif art == "bonus":
            walk(board, seen, pot + detail, traps, prob)
        elif detail[0] == "bonus":
            walk(board, seen, pot + detail[1], traps, prob)
        elif detail[0] == "double":
            walk(board, seen, pot * 2, traps, prob)
        else:  # the Shoot-out: whichever disc is clicked, its value is uniform over the discs
            for disc in discs:
                walk(board, seen, pot + disc, traps, prob / len(discs))

    items = (
        ["fragment"]
        + ["trap"] * adv.board.trap
        + ["treasure"] * adv.board.treasure
        + ["bonus"] * adv.board.bonus
    )
    layouts = list(itertools.permutations(range(len(items))))
    for layout in layouts:
        for values in itertools.product(bonus, repeat=adv.board.bonus):
            for q_kind, kind in kinds:
                t_values = _weighted(adv.treasure.bonus) if kind == "bonus" else [(Fraction(1), 0)]
                for q_value, t_value in t_values:
                    prob = (
                        Fraction(1, len(layouts))
                        * q_kind
                        * q_value
                        * math.prod((q for q, _ in values), start=1)
                    )
                    canonical = [("fragment", None)] + [("trap", None)] * adv.board.trap
                    canonical += [("treasure", (kind, t_value))] * adv.board.treasure
                    canonical += [("bonus", v) for _, v in values]
                    walk([canonical[j] for j in layout], frozenset(), Fraction(0), 0, prob)
    return out


STRATEGIES = {
    "left to right": lambda size, revealed: min(i for i in range(size) if i not in revealed),
    "right to left": lambda size, revealed: max(i for i in range(size) if i not in revealed),
    "adaptive": lambda size, revealed: min(
        (i for i in range(size) if i not in revealed), key=lambda i: (i * 7 + len(revealed) * 3) % size
    ),
}


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_adventure_value_by_brute_force_whatever_the_picks(small: GameDefinition, strategy: str) -> None:
    """Every layout and every draw of the small game's quest, picked by three strategies (one
    reacting to what it has seen): the same law of outcomes, equal to the calculator's DP."""
    adv = small.feature.adventure
    value = Fraction(0)
    reach = Fraction(1)
    for loc in range(len(adv.locations)):
        outcomes = _location_outcomes(small, loc, STRATEGIES[strategy])
        assert sum(p for p, _, _ in outcomes) == 1
        won = sum((p for p, f, _ in outcomes if f), Fraction(0))
        pots = sum((p * pot for p, f, pot in outcomes if f), Fraction(0))
        dp = exact.location_value(
            adv, loc, Fraction(sum(small.feature.shootout.discs), len(small.feature.shootout.discs))
        )
        assert (dp.pass_probability, dp.banked) == (won, pots)
        value += reach * pots
        reach *= won
    lines = len(small.lines)
    jackpot = sum((q * Fraction(v * lines // lines) for q, v in _weighted(adv.jackpots)), Fraction(0))
    got = exact.adventure_value(small, lines)
    assert got.banked == value
    assert got.jackpot_probability == reach
    assert got.jackpot == reach * jackpot / lines


# -- the whole par sheet of the small game -------------------------------------------------------


@pytest.mark.slow
def test_small_par_sheet_matches_brute_force(small: GameDefinition) -> None:
    """Every base stop combination played naively; each trigger weighted by the naive free-spins
    value; Super Mode and the Adventure at their (brute-forced above) values and rates."""
    lines = len(small.lines)
    f = small.feature
    free_value = (
        Fraction(
            sum(naive_free_spin(small, s, lines)[0] for s in all_stops(small.reel_sets["free"])),
            math.prod(len(s) for s in small.reel_sets["free"]) * lines,
        )
        * f.free_spins
    )
    total = Fraction(0)
    hits = n = 0
    strips = small.reel_sets["base"]
    for stops in all_stops(strips):
        grid = [naive_window(s, stop, 3) for s, stop in zip(strips, stops, strict=True)]
        line_coins, scatter, _ = naive_evaluate(small, grid, lines)
        keys = sum(col.count("k") for col in grid)
        total += Fraction(line_coins + scatter, lines) + (free_value if keys >= f.trigger_min else 0)
        hits += bool(line_coins + scatter)
        n += 1
    sm = exact.super_mode_value(small, lines)
    rounds = exact.passport_rounds(small)
    adv = exact.adventure_value(small, lines)
    sm_free = sm.probability * sm.spins * sm.trigger_per_spin * free_value
    total = total / n + sm.probability * sm.value + sm_free + rounds.rate * adv.value
    par = exact.par_sheet(small)
    assert Fraction(par["rtp_fraction"]) == total
    assert sum(Fraction(p["fraction"]) for p in par["parts"]) == total
    assert all(p["method"] == "exact" for p in par["parts"])
    for p in par["parts"]:
        if "split" in p:
            assert sum(Fraction(s["fraction"]) for s in p["split"]) == Fraction(p["fraction"])
    assert par["hit_frequency"] == pytest.approx(hits / n, abs=1e-15)


def test_cascades_follow_the_active_lines_only(small: GameDefinition) -> None:
    """With fewer active lines fewer cells burst, so the free spins' worth per line changes; the
    base game's per-line worth does not."""
    one, five = exact.par_sheet(small, 1), exact.par_sheet(small, 5)
    parts = [{p["name"]: Fraction(p["fraction"]) for p in s["parts"]} for s in (one, five)]
    assert parts[0]["base_line_pays"] == parts[1]["base_line_pays"]
    assert parts[0]["free_spins"] != parts[1]["free_spins"]


def test_a_looping_cascade_is_refused() -> None:
    """Strips on which a win can cascade forever (all wilds above a wild window) are rejected."""
    data = small_data()
    data["reel_sets"]["free"] = [["w"] * 4] * 5
    defn = GameDefinition.model_validate(data)
    with pytest.raises(ValueError, match="cascade chain"):
        exact.free_spin_stats(defn, 5)


# -- the shipped game ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def par(tombraider) -> dict[str, Any]:
    start = time.perf_counter()
    sheet = exact.par_sheet(tombraider.definition)
    print(f"\nTomb Raider par sheet in {time.perf_counter() - start:.1f} s")
    return sheet


@pytest.mark.slow
def test_the_rtp_is_the_published_one(par) -> None:
    assert abs(Fraction(par["rtp_fraction"]) - Fraction(9522, 10000)) <= Fraction(2, 10000)
    names = {p["name"] for p in par["parts"]}
    assert names == {"base_line_pays", "base_scatter_pays", "free_spins", "super_mode", "global_adventure"}
    assert all(p["method"] == "exact" for p in par["parts"])
    assert sum(Fraction(p["fraction"]) for p in par["parts"]) == Fraction(par["rtp_fraction"])


@pytest.mark.slow
def test_the_shape_is_the_designed_one(par) -> None:
    parts = {p["name"]: p["rtp"] for p in par["parts"]}
    assert 0.55 <= parts["base_line_pays"] <= 0.62
    assert 0.40 <= par["hit_frequency"] <= 0.50
    assert 120 <= par["free_spins"]["trigger_one_in"] <= 200
    assert par["free_spins"]["spins"] == 10 and par["free_spins"]["ladder"] == [1, 2, 3, 4, 5]
    assert 3 <= par["free_spins"]["most_wins_in_a_spin"] < 50
    assert par["top_award"]["coins_at_level_1"] == 7500
    assert par["top_award"]["pattern"] == [["portrait"]] * 5
    assert 100 <= par["passports"]["adventure_one_in"] <= 200
    # each location: the fragment before both traps (2/3), or a won Showdown (1/3 × 1/2 × 1/2)
    assert all(loc["fragment_probability"] == 0.75 for loc in par["global_adventure"]["locations"])
    assert par["global_adventure"]["jackpot_probability"] == pytest.approx(0.75**5)
    assert par["super_mode"]["held_wild_reels"] == [2, 3, 4, 5]


@pytest.mark.slow
def test_the_cap_cannot_matter_at_the_default_bet_and_barely_at_the_maximum(par) -> None:
    cap = par["cap"]
    assert cap["default_bet"]["can_bind"] is False
    assert cap["max_bet"]["estimate"]["rtp_loss"] < 1e-9
