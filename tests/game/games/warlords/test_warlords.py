"""Warlords' rules through the production flow and batch: play ≡ simulation round by round (tapes
replayed through the flow), the battle odds (chi-square), and one check per rule of the rules
text over seeded played rounds and hand-built grids."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from game.bets import default_bet
from game.definitions import load_game
from game.evaluate import compile_game
from game.events import FreeSpinsEndEvent, RoundEndEvent, SpinEvent, WinCapEvent
from game.games import rules_for
from game.games.warlords.events import (
    BattleEvent,
    FinalChanceEvent,
    NewScattersEvent,
    RespinsStartEvent,
    WarlordsFreeSpinsStartEvent,
)
from game.math.simulate import ChunkStats, check_tapes, simulate
from game.rng import Rng
from game.round import play_round

SCATTERS = {"scatter_blue", "scatter_green", "scatter_red"}


@pytest.fixture(scope="module")
def warlords():
    return load_game("warlords").definition


@pytest.fixture(scope="module")
def rounds(warlords) -> list:
    """Seeded played rounds, kept with their events."""
    bet = default_bet(warlords)
    return [play_round(warlords, bet, seed) for seed in range(5000)]


def _cells(grid: list[list[str]], symbol: str) -> set[tuple[int, int]]:
    return {(c, w) for c, col in enumerate(grid) for w, s in enumerate(col) if s == symbol}


def _respin_rounds(batch: Any) -> int:
    """How many of the batch's rounds played re-spins (the batch counts the rounds that start them)."""
    return int(batch.counts["respins"])


# -- play ≡ simulation ---------------------------------------------------------------------------


@pytest.mark.slow
def test_flow_equals_batch_on_twenty_thousand_rounds(warlords) -> None:
    """`simulate --check-flow`: every taped round played again through the flow pays the same."""
    out = simulate(warlords, default_bet(warlords), 20_000, seed=11, workers=1, check_flow=20_000)
    assert out["flow_checked"] == 20_000
    assert out["flow_checked_feature_rounds"] >= 300  # re-spins come about 1 round in 43
    assert out["flow_mismatches"] == 0, out.get("flow_mismatch_examples")


@pytest.mark.slow
@pytest.mark.parametrize("level", [1, 10])
def test_every_taped_round_replays_at_each_level(warlords, level) -> None:
    bet = default_bet(warlords).model_copy(update={"level": level})
    n = 12_000
    b = rules_for(warlords).simulate_batch(
        compile_game(warlords), bet, Rng.from_seed(level), Rng.from_seed(99), n, record=np.arange(n)
    )
    assert b.counts["free_spins"] >= 50 and _respin_rounds(b) >= 200
    out = ChunkStats()
    check_tapes(warlords, bet, b.tapes, b.wins, out)
    assert out.flow_checked == n and out.flow_mismatches == 0, out.mismatch_examples


@pytest.mark.slow
def test_capped_rounds_replay_through_the_flow(warlords) -> None:
    """A tiny cap: a capped round replays from its seed to the cap (the flow draws nothing after)."""
    data = warlords.model_dump()
    data["cap"] = {"max_coins_per_level": 40}
    small_cap = type(warlords).model_validate(data)
    bet = default_bet(small_cap)
    n = 5_000
    b = rules_for(small_cap).simulate_batch(
        compile_game(small_cap), bet, Rng.from_seed(5), Rng.from_seed(6), n, record=np.arange(n)
    )
    assert b.counts["capped"] > 20 and b.wins.max() == 40
    out = ChunkStats()
    check_tapes(small_cap, bet, b.tapes, b.wins, out)
    assert out.flow_mismatches == 0, out.mismatch_examples
    capped = next(i for i in range(n) if b.uncapped[i] > 40 and b.wins[i] == 40)
    from game.round import play_round

    seed = b.tapes[capped].seed
    assert seed is not None
    result = play_round(small_cap, bet, seed)
    assert isinstance(result.events[-2], WinCapEvent) and result.total_win_coins == 40


@pytest.mark.slow
def test_a_flow_that_breaks_a_rule_is_caught(warlords, monkeypatch) -> None:
    """A flow that never sees new scatters (no extra re-spins, no Priestess steps...) disagrees
    with the batch on exactly the rounds where one landed."""
    from game.games.warlords import flow

    monkeypatch.setattr(flow, "_landed", lambda rows, stops: 0)
    bet = default_bet(warlords)
    n = 12_000
    b = rules_for(warlords).simulate_batch(
        compile_game(warlords), bet, Rng.from_seed(8), Rng.from_seed(9), n, record=np.arange(n)
    )
    out = ChunkStats()
    check_tapes(warlords, bet, b.tapes, b.wins, out)
    assert 10 <= out.flow_mismatches < _respin_rounds(b)


# -- the battle ----------------------------------------------------------------------------------


def _chi2(observed: list[int], probs: list[float]) -> float:
    total = sum(observed)
    return sum((o - total * p) ** 2 / (total * p) for o, p in zip(observed, probs, strict=True))


@pytest.mark.slow
def test_battle_winners_follow_the_odds(warlords) -> None:
    """Chi-square at the 0.1 % level: 50/50, 75/25 (the pair first), 1/3 each."""
    bet = default_bet(warlords)
    cg = compile_game(warlords)
    batch = rules_for(warlords).simulate_batch
    counts: dict[str, int] = {}
    for seed in range(12):
        s = batch(cg, bet, Rng.from_seed(1000 + seed), Rng.from_seed(1), 100_000)
        for k, v in s.counts.items():
            counts[k] = counts.get(k, 0) + v
    critical = {1: 10.83, 2: 13.82}  # chi-square 99.9 % quantiles, 1 and 2 degrees of freedom
    for name, probs in (("1v1", [0.5, 0.5]), ("2v1", [0.75, 0.25]), ("1v1v1", [1 / 3] * 3)):
        observed = [counts.get(f"battle_{name}_won_{j + 1}", 0) for j in range(len(probs))]
        assert sum(observed) == counts[f"battle_{name}"] > 100
        assert _chi2(observed, probs) < critical[len(probs) - 1], (name, observed)


@pytest.mark.slow
def test_the_battle_in_played_rounds(rounds) -> None:
    """Differing colours battle (contenders, weights by the rules, the winner among them); one
    colour starts the re-spins at once."""
    seen = set()
    for r in rounds:
        battles = [e for e in r.events if isinstance(e, BattleEvent)]
        starts = [e for e in r.events if isinstance(e, RespinsStartEvent)]
        if not starts:
            assert not battles
            continue
        landed = [s for col in r.events[0].grid for s in col if s in SCATTERS]
        colours = {s: landed.count(s) for s in landed}
        if len(colours) == 1:
            assert not battles
            continue
        (b,) = battles
        assert set(b.contenders) == set(colours) and b.winner in colours
        assert sorted(s for *_, s in b.scatters) == sorted(landed)
        counts = sorted(colours.values(), reverse=True)
        if counts == [2, 1]:
            assert b.weights == [3, 1] and colours[b.contenders[0]] == 2
        else:
            assert b.weights == [1] * len(colours)
        assert starts[0].symbol == b.winner
        seen.add(tuple(counts))
    assert {(1, 1), (2, 1)} <= seen


# -- one check per rule, over seeded played rounds --------------------------------------------


@pytest.mark.slow
def test_overlay_wilds(rounds) -> None:
    """Hammer: a 2×2 square on reels 1–4; arrow: 2–5 wilds on reels 1–5; sword: 2–5 on reels
    1–4; overlay spins use the scatter-free reels, the overlaid cells show the wild and the
    others the landed strip windows; an overlay spin never starts the re-spins."""
    seen = set()
    for r in rounds:
        spin = r.events[0]
        assert isinstance(spin, SpinEvent) and spin.mode == "base"
        if spin.overlay_style is None:
            assert spin.reel_set == "base" and not spin.overlay
            continue
        seen.add(spin.overlay_style)
        assert spin.reel_set == "overlay"
        cells = spin.overlay
        assert all(spin.grid[c][w] == "wild" for c, w in cells)
        assert not any(s in SCATTERS for col in spin.grid for s in col)
        reels = {c for c, _ in cells}
        if spin.overlay_style == "hammer":
            assert len(cells) == 4 and len(reels) == 2 and max(reels) <= 3
            assert len({w for _, w in cells}) == 2 and max(reels) - min(reels) == 1
        else:
            assert 2 <= len(cells) <= 5
            assert max(reels) <= (4 if spin.overlay_style == "arrow" else 3)
        assert [type(e) for e in r.events[1:]] in ([RoundEndEvent],)
    assert seen == {"hammer", "arrow", "sword"}


@pytest.mark.slow
def test_respins_and_final_chance(rounds) -> None:
    """2+ scatters (reels 2–4) start re-spins; held scatters stay; no line wins in re-spins;
    each new scatter is held and adds a re-spin; exactly 2 at the end gives the Final Chance."""
    started = finals = placed = 0
    for r in rounds:
        base = r.events[0]
        scat = [(c, w) for c, col in enumerate(base.grid) for w, s in enumerate(col) if s in SCATTERS]
        starts = [e for e in r.events if isinstance(e, RespinsStartEvent)]
        if base.overlay_style is not None or len(scat) < 2:
            assert not starts
            continue
        started += 1
        assert all(1 <= c <= 3 for c, _ in scat)
        (start,) = starts
        assert sorted(start.held) == sorted(scat) and start.respins == 1
        held, left = set(scat), 1
        events = r.events[r.events.index(start) + 1 :]
        for i, e in enumerate(events):
            if isinstance(e, SpinEvent) and e.mode == "respin":
                left -= 1
                assert e.win_coins == 0 and not e.wins
                assert set(e.held) == held
                assert all(e.grid[c][w] == start.symbol for c, w in held)
                new = _cells(e.grid, start.symbol) - held
                nxt = events[i + 1] if i + 1 < len(events) else None
                if new:
                    assert isinstance(nxt, NewScattersEvent) and nxt.phase == "respin"
                    assert set(nxt.cells) == new
                    left += len(new)
                    assert nxt.respins_left == left
                    held |= new
                else:
                    assert not isinstance(nxt, NewScattersEvent)
                assert e.spins_total == e.spin_index + left
        assert left == 0
        fc = [e for e in r.events if isinstance(e, FinalChanceEvent)]
        assert bool(fc) == (len(held) == 2)
        if fc:
            finals += 1
            if fc[0].kind == "coins":
                assert fc[0].coins == fc[0].multiple * 15 and fc[0].multiple in {3, 5, 10, 20, 50, 100}
                assert not any(isinstance(e, WarlordsFreeSpinsStartEvent) for e in r.events)
                assert r.total_win_coins == base.win_coins + fc[0].coins
            else:
                placed += 1
                assert tuple(fc[0].position) not in held and fc[0].symbol == start.symbol
                fs = next(e for e in r.events if isinstance(e, WarlordsFreeSpinsStartEvent))
                assert fs.scatters == 3
    assert started > 80 and finals > 50 and placed > 5


@pytest.mark.slow
def test_free_spins_modes(rounds) -> None:
    """Barbarian 3 spins per scatter, +3 per new one, warriors and animals only; Priestess 7
    spins at ×n, +1 per new scatter before that spin's wins; Samurai 5 spins with sticky wilds
    where the scatters stood and where new ones land."""
    modes = set()
    for r in rounds:
        starts = [e for e in r.events if isinstance(e, WarlordsFreeSpinsStartEvent)]
        if not starts:
            continue
        (start,) = starts
        modes.add(start.mode)
        assert start.scatters >= 3
        after = r.events[r.events.index(start) + 1 :]
        spins = [e for e in after if isinstance(e, SpinEvent)]
        news = {i: e for i, e in enumerate(after) if isinstance(e, NewScattersEvent)}
        assert all(isinstance(after[i - 1], SpinEvent) and after[i - 1].mode == "free" for i in news)
        assert all(s.reel_set == f"free_{start.mode}" for s in spins)
        assert not any(x in SCATTERS - {start.symbol} for s in spins for col in s.grid for x in col)
        if start.mode == "barbarian":
            total = 3 * start.scatters
            assert start.spins == total
            for s in spins:
                total += 3 * len(_cells(s.grid, start.symbol))
                assert s.spins_total == total and s.multiplier == 1
                assert not any(x.endswith(("_helmet", "_mask")) for c in s.grid for x in c)
            assert len(spins) == total
        elif start.mode == "priestess":
            mult = start.scatters
            assert start.multiplier == mult and start.spins == 7 and len(spins) == 7
            for s in spins:
                mult += sum(x == start.symbol for c in s.grid for x in c)
                assert s.multiplier == mult
                assert all(w.coins % mult == 0 for w in s.wins)
        else:
            sticky = set(start.sticky)
            assert len(sticky) == start.scatters and start.spins == 5 and len(spins) == 5
            for s in spins:
                assert set(s.held) == sticky
                assert not set(s.overlay) & sticky
                assert s.overlay_style == ("sticky" if s.overlay else None) or not s.overlay
                sticky |= set(s.overlay)
                assert all(s.grid[c][w] == "wild" for c, w in sticky)
        end = next(e for e in after if isinstance(e, FreeSpinsEndEvent))
        assert end.win_coins == sum(s.win_coins for s in spins) and end.spins_played == len(spins)
    assert modes == {"barbarian", "priestess", "samurai"}


def test_line_wins_with_overlay_wilds(eval_grid, warlords) -> None:
    """Hand-built grid: wilds substitute, the highest win per line pays, × the bet level."""
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


def test_blanks_and_scatters_never_pay_or_substitute(eval_grid, warlords) -> None:
    """A blank or a scatter on reel 2 ends every run through it; only lines through reel 2's
    wolf pay, three of a kind each."""
    grid = [
        ["wolf", "wolf", "wolf"],
        ["blank", "scatter_red", "wolf"],
        ["wolf", "wolf", "wolf"],
        ["blank", "blank", "blank"],
        ["blank", "blank", "blank"],
    ]
    coins, wins = eval_grid(warlords, grid)
    through_wolf = {i for i, line in enumerate(warlords.lines, start=1) if line[1] == 2}
    assert {(w.line, w.symbol, w.count) for w in wins} == {(i, "wolf", 3) for i in through_wolf}
    assert coins == 5 * len(through_wolf)


def test_rounds_are_deterministic_and_serialise(warlords) -> None:
    from game.events import events_from_json, events_to_json

    bet = default_bet(warlords)
    for seed in (3, 77, 1234):
        a, b = play_round(warlords, bet, seed), play_round(warlords, bet, seed)
        assert a.to_json() == b.to_json()
        assert events_from_json(events_to_json(a.events)) == a.events


# -- the published rules that the tests above do not already pin ---------------------------------
def test_the_published_shape_bets_and_cap(warlords) -> None:
    """5 reels, 3 rows, 30 fixed lines; 15 coins per bet level; the minimum bet £0.15 and the
    maximum £4.50 (in the app's currency); the cap 100,000 coins × the bet level; three scatter
    colours, each with its free spins (blue Barbarian, green Priestess, red Samurai)."""
    from game.bets import max_bet, min_bet

    d = warlords
    assert (d.reels, d.rows, len(d.lines)) == (5, 3, 30) and not d.bet.lines_selectable
    assert d.bet.coins_per_level == 15
    assert min_bet(d).total_cents == 15
    assert max_bet(d, default_bet(d).model_copy(update={"coin_value_cents": 3})).total_cents == 450
    assert d.cap.max_coins_per_level == 100_000
    modes = {w.scatter: w.mode for w in d.feature.warlords}
    assert modes == {"scatter_blue": "barbarian", "scatter_green": "priestess", "scatter_red": "samurai"}
    names = {s.id: s.name for s in d.symbols}
    assert [names[s].split()[0] for s in modes] == ["Blue", "Green", "Red"]


def test_scatters_land_on_reels_2_to_4_and_on_every_reel_in_respins(warlords) -> None:
    base = warlords.reel_sets["base"]
    assert [any(s in SCATTERS for s in strip) for strip in base] == [False, True, True, True, False]
    assert not any(s in SCATTERS for strip in warlords.reel_sets["overlay"] for s in strip)
    for w in warlords.feature.warlords:
        strips = warlords.reel_sets[w.respin_reel_set]
        assert all(w.scatter in strip for strip in strips), w.respin_reel_set
        assert not any(s in SCATTERS - {w.scatter} for strip in strips for s in strip)


def test_free_spins_play_at_the_round_bet_and_add_to_its_wins(warlords) -> None:
    """Free spins at the bet level and coin value of the round that won them: each line win is the
    paytable value × that level × the spin's multiplier; the round's total adds every spin's wins
    and any Final Chance coins; scatters in free spins start no re-spins."""
    bet = default_bet(warlords).model_copy(update={"level": 3, "coin_value_cents": 2})
    found = 0
    for seed in range(20_000):
        r = play_round(warlords, bet, seed)
        start = next((e for e in r.events if isinstance(e, WarlordsFreeSpinsStartEvent)), None)
        if start is None or r.capped:
            continue
        found += 1
        after = r.events[r.events.index(start) :]
        assert not any(isinstance(e, RespinsStartEvent) for e in after)
        spins = [e for e in r.events if isinstance(e, SpinEvent)]
        for s in spins:
            for w in s.wins:
                pays = warlords.paytable[w.symbol]
                value = pays[max(k for k in pays if k <= w.count)]
                assert w.coins == value * bet.level * s.multiplier
        fc = sum(e.coins or 0 for e in r.events if isinstance(e, FinalChanceEvent))
        assert r.total_win_coins == sum(s.win_coins for s in spins) + fc
        assert r.total_win_cents == r.total_win_coins * bet.coin_value_cents
        if found == 6:
            break
    assert found == 6
