"""The exact par sheet of Tomb Raider – Secret of the Sword, computed from the data alone.

It shares no code with the production engine (`game.evaluate`, this package's `feature`, `flow`,
`batch`, `adventure`): every rule is re-derived here from the validated definition, so that the
two computations check each other. All figures are exact fractions unless a key says otherwise.
The free spins' enumeration lives in `exact_cascades`, Super Mode, the passports and the Global
Adventure in `exact_bonuses`; this module puts the par sheet together.

- Base game: line pays (every line has the same expected pay: a contraction of the pattern pay
  table with the reels' symbol distributions) and scatter pays (per-reel window counts,
  convolved), from the shared helpers of `game.math.patterns` and `game.math.odds`.
- Free spins: every stop combination of the free reels is enumerated (NumPy, in chunks). A free
  spin's cascades and ladder are then a function of its stops, played out here by an
  independent implementation of the cascade rule; the mean over all combinations is exact.
  Free spins are independent and identically distributed (no retrigger), so their value is the
  number of spins times that mean. Cascades depend on which lines are active, so this part
  (alone) depends on the line count.
- Super Mode: its probability per base spin is a data weight. Each spin's line pay, for every
  number of held wilds, is the sum over the wild masks a line can get (hypergeometric over the
  uniformly chosen cells) of the exact line pay with those cells wild; scatters are enumerated
  over every held-wild placement (each reel's covered rows change its key counts), and so is
  the chance that a spin shows 3+ Keys: each such spin wins the free spins (valued as above).
- Passports: each base spin activates reel r with probability p_r (a passport on its centre
  row), each Super Mode spin with its strip's probability unless a held wild covers that centre
  cell. The activation sets at the start of each round form a Markov chain over the 31 sets
  short of all five (a spin completing the set owes an Adventure and empties it); its
  stationary law gives the Global Adventures per round. Without Super Mode the chain is the
  spin-by-spin one, checked against 1 / E[collection time] by inclusion–exclusion over the
  reels' independent geometric waiting times.
- Global Adventure: a dynamic programme over the locations and, within a location, over the
  artefacts revealed so far (counts of traps, bonus amounts and the treasure), carrying the
  probability and the expected pot of each state. The board is a uniformly random layout that
  the player cannot see, so every unrevealed position hides each remaining artefact with the
  same probability: whatever the player picks, the revealed artefacts come in a uniformly random
  order, and every pick strategy has the same distribution of outcomes.

Money: at a constant bet the weighted average bet is the total bet, so every bonus amount is a
whole number of total bets; a jackpot (× the weighted average bet per line, i.e. total ÷ the
game's lines) is rounded down to whole coins at bet level 1. Figures are fractions of the total
bet.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from game.definitions import GameDefinition
from game.games.tombraider.exact_bonuses import (
    AdventureValue,
    PassportChain,
    PassportRounds,
    SuperModeValue,
    adventure_value,
    expected_collection_spins,
    location_value,
    passport_chain,
    passport_probabilities,
    passport_rounds,
    super_mode_value,
)
from game.games.tombraider.exact_cascades import FreeSpinStats, free_spin_stats, pay_run_table
from game.games.tombraider.model import TombRaiderFeature, feature_of
from game.math.odds import hit_frequency, top_award
from game.math.par import cap_note, cap_section, check_lines, part
from game.math.patterns import (
    fraction_str,
    line_factor,
    line_pay_table,
    line_rtp,
    scatter_count_distribution,
    scatter_rtp,
)

__all__ = [
    "AdventureValue",
    "FreeSpinStats",
    "PassportChain",
    "PassportRounds",
    "SuperModeValue",
    "adventure_value",
    "expected_collection_spins",
    "free_spin_stats",
    "location_value",
    "par_sheet",
    "passport_chain",
    "passport_probabilities",
    "passport_rounds",
    "pay_run_table",
    "super_mode_value",
]


# -- the par sheet --------------------------------------------------------------------------------


def _one_in(p: Fraction | float) -> float | None:
    return float(1 / p) if p else None


RTP_NOTE = (
    "Long-run RTP per round at a constant bet, uncapped. Free-spin cascades follow the wins of the "
    "active lines, so the free spins' part (and only it) depends on the line count; at a constant "
    "bet nothing depends on the level or the coin value."
)


def par_sheet(defn: GameDefinition, lines: int | None = None, *, estimate_cap: bool = True) -> dict[str, Any]:
    """The exact par sheet at `lines` active lines (default: the game's default), JSON-ready.

    `estimate_cap` adds a bound on what the round cap can remove where it can bind (the free
    spins' tail, from their exact per-spin law); everything else is exact.
    """
    feature = feature_of(defn)
    n_lines = check_lines(defn, lines)
    base_line = line_rtp(defn, "base") * line_factor(defn, n_lines)
    base_scatter = scatter_rtp(defn, "base")
    keys = scatter_count_distribution(defn, "base", feature.scatter)
    p_trigger = sum(keys[feature.trigger_min :], Fraction(0))

    fs = free_spin_stats(defn, n_lines)
    free_value = feature.free_spins * fs.mean_coins / n_lines
    free = p_trigger * free_value
    free_scatter = p_trigger * feature.free_spins * Fraction(fs.scatter_total, fs.combinations * n_lines)

    sm = super_mode_value(defn, n_lines)
    sm_line = sm.probability * sm.spins * sm.line_per_spin
    sm_scatter = sm.probability * sm.spins * sm.scatter_per_spin
    # every Super Mode spin with 3+ Keys wins the free spins (played after Super Mode)
    sm_triggers = sm.probability * sm.spins * sm.trigger_per_spin
    sm_free = sm_triggers * free_value

    chain = passport_chain(defn)
    rounds = passport_rounds(defn)
    adv = adventure_value(defn, n_lines)
    adv_pots = rounds.rate * adv.banked
    adv_jackpot = rounds.rate * adv.jackpot

    parts = [
        part("base_line_pays", base_line),
        part("base_scatter_pays", base_scatter),
        part(
            "free_spins",
            free,
            split=[
                part("free_spins_line_pays", free - free_scatter),
                part("free_spins_scatter_pays", free_scatter),
            ],
        ),
        part(
            "super_mode",
            sm_line + sm_scatter + sm_free,
            split=[
                part("super_mode_line_pays", sm_line),
                part("super_mode_scatter_pays", sm_scatter),
                part("super_mode_free_spins", sm_free),
            ],
        ),
        part(
            "global_adventure",
            adv_pots + adv_jackpot,
            split=[part("adventure_pots", adv_pots), part("adventure_jackpot", adv_jackpot)],
        ),
    ]
    total = base_line + base_scatter + free + sm_line + sm_scatter + sm_free + adv_pots + adv_jackpot
    out: dict[str, Any] = {"game": defn.id, "lines": n_lines, "rtp": float(total)}
    out["rtp_fraction"] = fraction_str(total)
    out["parts"] = parts
    out["hit_frequency"] = float(hit_frequency(defn, n_lines))
    out["hit_frequency_note"] = (
        "a base spin pays a line or the scatter (Super Mode and passports not counted)"
    )
    out["free_spins"] = _free_section(feature, keys, p_trigger, fs, free_value)
    out["super_mode"] = {
        "probability": float(sm.probability),
        "one_in": _one_in(sm.probability),
        "spins": sm.spins,
        "held_wild_reels": feature.super_mode.reels,
        "held_wild_weights": {str(w.value): w.weight for w in feature.super_mode.wilds},
        "per_spin_x_bet": float(sm.line_per_spin + sm.scatter_per_spin),
        "free_spins_trigger_per_spin": float(sm.trigger_per_spin),
        "free_spins_triggers_per_round": float(sm_triggers),
        "value_x_bet": float(sm.value + sm.spins * sm.trigger_per_spin * free_value),
        "method": (
            "every held-wild count and placement, line masks by the hypergeometric law; Keys "
            "under a held wild do not count"
        ),
    }
    out["passports"] = {
        "activation_probability_by_reel": [float(p) for p in chain.probabilities],
        "adventure_rate": float(rounds.rate),
        "adventure_one_in": _one_in(rounds.rate),
        "adventure_rate_in_super_mode": float(rounds.in_super_mode),
        "adventure_rate_base_spins_only": float(chain.rate),
        "expected_collection_spins_base_only": float(chain.expected_spins),
        "stationary_by_active_reels": _by_popcount(rounds.before_round, defn.reels),
        "method": (
            "Markov chain over the activation sets, round by round (the base spin, then Super "
            "Mode's spins by the law of the centre cells its wilds hold); without Super Mode it "
            "is the spin-by-spin chain, checked by inclusion–exclusion"
        ),
    }
    out["global_adventure"] = _adventure_section(defn, adv)
    out["top_award"] = _top_award(defn, feature, n_lines, keys, fs, sm)
    rest = total - free
    out["cap"] = _cap(defn, n_lines, fs, sm, p_trigger, rest, estimate_cap)
    out["cap"]["note"] = cap_note(defn, out["cap"])
    out["rtp_note"] = RTP_NOTE
    return out


def _by_popcount(probs: list[Fraction], reels: int) -> dict[str, float]:
    out = {str(k): 0.0 for k in range(reels)}
    for s, p in enumerate(probs):
        if p:
            out[str(bin(s).count("1"))] += float(p)
    return out


def _free_section(
    feature: TombRaiderFeature, keys: list[Fraction], p_trigger: Fraction, fs: FreeSpinStats, value: Fraction
) -> dict[str, Any]:
    steps = fs.steps
    return {
        "trigger_probability": float(p_trigger),
        "trigger_one_in": _one_in(p_trigger),
        "trigger_by_keys": {str(n): float(p) for n, p in enumerate(keys) if n >= feature.trigger_min and p},
        "spins": feature.free_spins,
        "ladder": feature.ladder,
        "per_spin_x_bet": float(fs.mean_coins / fs.lines),
        "value_x_bet": float(value),
        "stop_combinations": fs.combinations,
        "spin_pays_probability": 1 - steps[0] / fs.combinations,
        "wins_in_a_spin": {str(k): c / fs.combinations for k, c in enumerate(steps) if c},
        "most_wins_in_a_spin": len(steps) - 1,
        "max_spin_win_x_bet": fs.max_coins / fs.lines,
        "method": "every stop combination of the free reels played out (cascades and ladder)",
    }


def _adventure_section(defn: GameDefinition, adv: AdventureValue) -> dict[str, Any]:
    feature = feature_of(defn)
    locs = []
    for loc, v, reach in zip(feature.adventure.locations, adv.locations, adv.reach, strict=True):
        locs.append(
            {
                "id": loc.id,
                "reach_probability": float(reach),
                "fragment_probability": float(v.pass_probability),
                "banked_x_bet_when_won": float(v.banked / v.pass_probability),
                "two_traps_probability": float(v.trap_probability),
                "showdown_probability": float(v.showdown_probability),
                "shootout_probability": float(v.shootout_probability),
            }
        )
    return {
        "value_x_bet": float(adv.value),
        "pots_x_bet": float(adv.banked),
        "jackpot_x_bet": float(adv.jackpot),
        "jackpot_probability": float(adv.jackpot_probability),
        "shootouts_per_adventure": float(adv.shootout_rate),
        "shootout_mean_x_bet": sum(feature.shootout.discs) / len(feature.shootout.discs),
        "locations": locs,
        "pick_strategy": (
            "the board is a uniformly random layout the player cannot see, so every pick strategy "
            "reveals the artefacts in a uniformly random order: the same distribution of outcomes"
        ),
        "method": "dynamic programme over locations and revealed artefacts",
    }


def _top_award(
    defn: GameDefinition,
    feature: TombRaiderFeature,
    lines: int,
    keys: list[Fraction],
    fs: FreeSpinStats,
    sm: SuperModeValue,
) -> dict[str, Any]:
    """The top line pay's odds per line, base spin, free spin, Super Mode spin and round."""
    out, detail = top_award(defn, lines, "base", feature.scatter)
    q_free = Fraction(fs.top_award, fs.combinations)
    out["probability_per_free_spin"] = float(q_free)
    out["probability_per_super_mode_spin"] = float(sm.top_award_per_spin)
    out["largest_multiplier"] = feature.ladder[-1]
    if detail is None:
        return out
    _sets, joint, den = detail
    in_free = 1 - (1 - q_free) ** feature.free_spins
    in_super = sm.probability * (1 - (1 - sm.top_award_per_spin) ** sm.spins)
    # P(no top award in a round): the base spin (by its key count) and the free spins it
    # triggers, times Super Mode's (drawn independently of the stops).
    none = Fraction(0)
    for n, p_n in enumerate(keys):
        t_n = Fraction(int(joint[n]), den) if n < len(joint) else Fraction(0)
        none += (p_n - t_n) * ((1 - in_free) if n >= feature.trigger_min else 1)
    none *= 1 - in_super
    out["probability_per_round"] = float(1 - none)
    out["one_in_per_round"] = _one_in(1 - none)
    return out


def _cap(
    defn: GameDefinition,
    lines: int,
    fs: FreeSpinStats,
    sm: SuperModeValue,
    p_trigger: Fraction,
    rest_mean: Fraction,
    estimate: bool,
) -> dict[str, Any]:
    """Where the round cap lies and, where it can bind, a bound on what it removes.

    The round's win is bounded by every active line at the top pay plus the top scatter pay on
    the base spin and each Super Mode spin, the best free spin (from the enumeration) ten times,
    and the largest Global Adventure. Only the free spins can come near the cap in practice: the
    estimate bounds P(the free spins reach the cap less the rest of the round at its mean) and
    what the cap would take from them, by Chernoff's inequality on their exact per-spin law.
    """
    feature = feature_of(defn)
    bet1 = lines
    top_line = int(line_pay_table(defn).max())
    top_scatter = max(defn.scatter_pays[feature.scatter].values()) * bet1
    spin_bound = lines * top_line + top_scatter
    # the base spin and every Super Mode spin can win free spins and complete a passport set
    bound = (1 + sm.spins) * (spin_bound + feature.free_spins * fs.max_coins + _adventure_bound(defn, lines))

    def tail(cap_level_1: float) -> dict[str, Any]:
        # the rest of the round (base spin, Super Mode, Adventure) is taken at its mean
        room = cap_level_1 - float(rest_mean) * bet1
        p, loss = _chernoff_tail(fs, feature.free_spins, room)
        # below the smallest float (few lines, a cap of 10^5 × the bet): that is still a bound
        prob = max(float(p_trigger) * p, math.ulp(0.0))
        return {
            "method": "estimate (Chernoff bound on the free spins, the rest of the round at its mean)",
            "probability_capped": prob,
            "one_in": 1 / prob if prob > 0 else None,
            "rtp_loss": float(p_trigger) * loss / bet1,
        }

    section = cap_section(defn, lines, bound, bet1, tail if estimate else None)
    section["max_round_win_coins_upper_bound"] = bound
    return section


def _adventure_bound(defn: GameDefinition, lines: int) -> int:
    """The largest Global Adventure win at a constant bet (level 1), in coins."""
    feature = feature_of(defn)
    adv = feature.adventure
    tr = adv.treasure
    best_treasure = max(max(b.value for b in tr.bonus), max(feature.shootout.discs))
    total = 0
    for loc in adv.locations:
        bonus = max(b.value for b in loc.bonus) * adv.board.bonus + best_treasure
        total += 2 * bonus if tr.double_weight else bonus
    return total * lines + max(j.value for j in adv.jackpots) * lines // len(defn.lines)


def _chernoff_tail(fs: FreeSpinStats, spins: int, threshold: float) -> tuple[float, float]:
    """Upper bounds on P(S ≥ t) and E[(S − t)+] for S the sum of `spins` independent free spins
    (coins at level 1): min over θ > 0 of M(θ)^n e^(−θt) and of n M(θ)^(n−1) M'(θ) e^(−θt),
    with M the exact per-spin moment generating function (worked in logarithms)."""
    if threshold <= 0:
        return 1.0, float("inf")
    x = np.flatnonzero(fs.histogram).astype(np.float64)
    log_p = np.log(fs.histogram[fs.histogram > 0] / fs.combinations)
    best_p = 0.0  # log 1 and log E[S]: the trivial bounds
    best_e = float(np.log(float(fs.mean_coins) * spins))
    for theta in np.geomspace(1e-7, 1.0, 600):
        a = theta * (x - threshold / spins) + log_p
        top = a.max()
        log_m = top + np.log(np.exp(a - top).sum())
        log_dm = top + np.log((x * np.exp(a - top)).sum())
        best_p = min(best_p, spins * log_m)
        best_e = min(best_e, np.log(spins) + (spins - 1) * log_m + log_dm)
    return float(np.exp(best_p)), float(np.exp(best_e))
