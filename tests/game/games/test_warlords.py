"""Warlords' rules through the production flow and batch: play ≡ simulation round by round, the
battle odds (chi-square), and one check per rule of the rules text over seeded rounds."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from game.bets import default_bet
from game.definitions import load_game
from game.evaluate import compile_game
from game.games.warlords.batch import simulate_batch
from game.games.warlords.flow import play
from game.rng import Rng
from game.round import RoundContext, play_round


class TapeRng:
    """Replays a batch tape; any draw of another kind or arguments fails."""

    def __init__(self, tape: list) -> None:
        self.tape, self.pos = list(tape), 0

    def _next(self, kind: str, args: Any) -> Any:
        k, a, v = self.tape[self.pos]
        self.pos += 1
        assert (k, a) == (kind, args)
        return v

    def stops(self, lengths, count: int) -> np.ndarray:
        assert count == 1
        return np.array([self._next("stops", list(lengths))], dtype=np.int64)

    def below(self, n: int) -> int:
        return self._next("below", n)

    def choice_index(self, weights) -> int:
        return self._next("choice", list(weights))


@pytest.fixture(scope="module")
def warlords():
    return load_game("warlords").definition


@pytest.fixture(scope="module")
def rounds(warlords) -> list:
    """Seeded played rounds, kept with their events."""
    bet = default_bet(warlords)
    return [play_round(warlords, bet, seed) for seed in range(4000)]


def replay(defn, bet, tape) -> tuple[int, int]:
    ctx = RoundContext(defn, bet, TapeRng(tape))  # type: ignore[arg-type]
    for _ in play(ctx):
        pass
    assert ctx.rng.pos == len(tape), "draws left over"
    return ctx.paid_coins, ctx.rng.pos


@pytest.mark.parametrize("level", [1, 10])
def test_batch_rounds_replay_through_the_flow(warlords, level) -> None:
    bet = default_bet(warlords).model_copy(update={"level": level})
    cg = compile_game(warlords)
    n = 20_000
    record = np.arange(n)
    stats = simulate_batch(cg, bet, Rng.from_seed(level), Rng.from_seed(99), n, record=record)
    assert stats.counts["free_spins"] > 50
    for i in range(n):
        paid, _ = replay(warlords, bet, stats.tapes[i])
        assert paid == stats.wins[i], i


def test_capped_rounds_replay_through_the_flow(warlords) -> None:
    data = warlords.model_dump()
    data["cap"] = {"max_coins_per_level": 40}
    small_cap = type(warlords).model_validate(data)
    bet = default_bet(small_cap)
    stats = simulate_batch(
        compile_game(small_cap), bet, Rng.from_seed(5), Rng.from_seed(6), 5000, record=np.arange(5000)
    )
    assert stats.counts["capped"] > 20
    assert stats.wins.max() == 40
    for i in range(5000):
        assert replay(small_cap, bet, stats.tapes[i])[0] == stats.wins[i]


def _chi2(observed: list[int], probs: list[float]) -> float:
    total = sum(observed)
    return sum((o - total * p) ** 2 / (total * p) for o, p in zip(observed, probs, strict=True))


def test_battle_winners_follow_the_odds(warlords) -> None:
    """Chi-square at the 0.1 % level: 50/50, 75/25 (the pair first), 1/3 each."""
    bet = default_bet(warlords)
    cg = compile_game(warlords)
    counts: dict[str, int] = {}
    for seed in range(12):
        s = simulate_batch(cg, bet, Rng.from_seed(1000 + seed), Rng.from_seed(1), 100_000)
        for k, v in s.counts.items():
            counts[k] = counts.get(k, 0) + v
    critical = {1: 10.83, 2: 13.82}  # chi-square 99.9 % quantiles, 1 and 2 degrees of freedom
    for name, probs in (("1v1", [0.5, 0.5]), ("2v1", [0.75, 0.25]), ("1v1v1", [1 / 3] * 3)):
        observed = [counts.get(f"battle_{name}_won_{j + 1}", 0) for j in range(len(probs))]
        assert sum(observed) == counts[f"battle_{name}"] > 100
        assert _chi2(observed, probs) < critical[len(probs) - 1], (name, observed)


# -- one check per rule, over seeded played rounds ---------------------------------------------------


def _of(r, kind: str) -> list:
    return [e for e in r.events if e.type == kind]


def test_overlay_wilds(rounds, warlords) -> None:
    """Hammer: a 2×2 square on reels 1–4; arrow: 2–5 wilds on reels 1–5; sword: 2–5 on reels 1–4;
    overlay spins use the scatter-free reels and the overlaid cells show the wild."""
    seen = set()
    for r in rounds:
        spin = r.events[0]
        if spin.overlay_style is None:
            assert spin.reel_set == "base"
            continue
        seen.add(spin.overlay_style)
        assert spin.reel_set == "overlay"
        cells = spin.overlay
        assert all(spin.grid[c][w] == "wild" for c, w in cells)
        assert not any(s.startswith("scatter") for col in spin.grid for s in col)
        reels = {c for c, _ in cells}
        if spin.overlay_style == "hammer":
            assert len(cells) == 4 and len(reels) == 2 and max(reels) <= 3
            assert len({w for _, w in cells}) == 2 and max(reels) - min(reels) == 1
        else:
            assert 2 <= len(cells) <= 5
            assert max(reels) <= (4 if spin.overlay_style == "arrow" else 3)
        assert len(r.events) == 2  # no re-spins from an overlay spin
    assert seen == {"hammer", "arrow", "sword"}


def test_respins_battle_and_final_chance(rounds) -> None:
    """2+ scatters (reels 2–4) start re-spins; differing colours battle; held scatters stay; no line
    wins in re-spins; each new scatter adds a re-spin; 2 at the end → Final Chance."""
    started = final = 0
    for r in rounds:
        base = r.events[0]
        scat = [
            (c, w) for c, col in enumerate(base.grid) for w, s in enumerate(col) if s.startswith("scatter")
        ]
        starts = _of(r, "respins_start")
        if base.overlay_style is not None or len(scat) < 2:
            assert not starts
            continue
        started += 1
        assert all(1 <= c <= 3 for c, _ in scat)
        colours = {base.grid[c][w] for c, w in scat}
        battles = _of(r, "battle")
        assert len(battles) == (len(colours) > 1)
        if battles:
            assert set(battles[0].contenders) == colours and battles[0].winner in colours
        (start,) = starts
        assert sorted(start.held) == sorted(scat)
        held = set(scat)
        respins = [e for e in r.events if getattr(e, "mode", None) == "respin"]
        left = 1
        for spin in respins:
            assert spin.win_coins == 0 and not spin.wins
            assert set(spin.held) == held
            assert all(spin.grid[c][w] == start.symbol for c, w in held)
            new = set(spin.new_scatters)
            assert not new & held and all(spin.grid[c][w] == start.symbol for c, w in new)
            held |= new
            left += len(new) - 1
        assert left == 0 and len(respins) == 1 + len(held) - len(scat)
        fc = _of(r, "final_chance")
        assert bool(fc) == (len(held) == 2)
        if fc:
            final += 1
            if fc[0].kind == "coins":
                assert fc[0].coins == fc[0].multiple * 15 and 3 <= fc[0].multiple <= 100
                assert not _of(r, "warlords_free_spins_start")
            else:
                assert tuple(fc[0].position) not in held
    assert started > 50 and final > 20


def test_free_spins_modes(rounds) -> None:
    """Barbarian 3 spins per scatter, +3 per new one; Priestess 7 spins at ×n, +1 per new scatter
    before its wins; Samurai 5 spins with sticky wilds where the scatters stood and land."""
    modes = set()
    for r in rounds:
        starts = _of(r, "warlords_free_spins_start")
        if not starts:
            continue
        (start,) = starts
        modes.add(start.mode)
        spins = [e for e in r.events if getattr(e, "mode", None) == "free"]
        assert start.scatters >= 3
        if start.mode == "barbarian":
            total = 3 * start.scatters
            for s in spins:
                total += 3 * len(s.new_scatters)
                assert s.spins_total == total
                assert not any(
                    x in {"samurai_helmet", "priestess_mask", "barbarian_helmet"} for c in s.grid for x in c
                )
            assert len(spins) == total
        elif start.mode == "priestess":
            mult = start.scatters
            assert start.multiplier == mult and len(spins) == 7
            for s in spins:
                mult += len(s.new_scatters)
                assert s.multiplier == mult
                assert all(w.coins % mult == 0 for w in s.wins)
        else:
            sticky = set(start.sticky)
            assert len(sticky) == start.scatters and len(spins) == 5
            for s in spins:
                assert set(s.held) == sticky
                sticky |= set(s.overlay)
                assert all(s.grid[c][w] == "wild" for c, w in sticky)
        assert r.events[-2].type == "free_spins_end"
        assert r.events[-2].win_coins == sum(s.win_coins for s in spins)
    assert modes == {"barbarian", "priestess", "samurai"}


def test_line_wins_with_overlay_wilds(eval_grid, warlords) -> None:
    """Hand-built grid: wilds substitute and the highest win per line pays, × the bet level."""
    grid = [
        ["wild", "samurai", "boar"],
        ["wild", "samurai", "boar"],
        ["wild", "samurai", "wolf"],
        ["wolf", "samurai", "panther"],
        ["boar", "wild", "panther"],
    ]
    coins, wins = eval_grid(warlords, grid, level=2)
    line1 = next(w for w in wins if w.line == 1)
    assert (line1.symbol, line1.count, line1.coins) == ("samurai", 5, 300 * 2)
    line2 = next(w for w in wins if w.line == 2)
    assert (line2.symbol, line2.count, line2.coins) == ("wolf", 4, 40 * 2)  # beats 3 wilds (15)
    assert coins == sum(w.coins for w in wins)


def test_rounds_are_deterministic_and_serialise(warlords) -> None:
    bet = default_bet(warlords)
    for seed in (3, 77, 1234):
        a, b = play_round(warlords, bet, seed), play_round(warlords, bet, seed)
        assert a.to_json() == b.to_json()
        assert a.finished and math.isfinite(a.total_win_coins)
