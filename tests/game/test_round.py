"""The round state machine: determinism, the pick protocol, the cap, serialise and resume."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bets import default_bet
from game.events import (
    FreeSpinsEndEvent,
    PickRequestEvent,
    RoundEndEvent,
    SpinEvent,
    WinCapEvent,
    events_from_json,
)
from game.money import Bet
from game.round import RoundState, play_round


def first_seed(defn, bet, want, limit=5000):
    for seed in range(limit):
        r = play_round(defn, bet, seed)
        if want(r):
            return seed, r
    raise AssertionError("no seed found")


def all_picks(result):
    return list(range(result.pending.picks_left))


def test_same_inputs_same_events(tiny):
    d = tiny.definition
    bet = default_bet(d)
    for seed in range(30):
        a = play_round(d, bet, seed, [])
        b = play_round(d, bet, seed, [])
        assert a.to_json() == b.to_json()


def test_a_plain_round_is_one_spin_then_the_end(tiny):
    d = tiny.definition
    _, r = first_seed(d, default_bet(d), lambda r: r.finished)
    assert [e.type for e in r.events] == ["spin", "round_end"]
    assert r.events[0].mode == "base" and r.pending is None
    assert r.total_win_coins == r.events[0].win_coins == r.events[-1].total_win_coins


def test_event_order_with_free_spins(tiny):
    d = tiny.definition
    bet = default_bet(d)
    seed, r = first_seed(d, bet, lambda r: r.pending is not None)
    picks = r.pending.picks_left
    types = [e.type for e in r.events]
    assert types == ["spin", "free_spins_trigger", "pick_request"]
    assert r.pending == r.events[-1] and not r.finished
    done = play_round(d, bet, seed, list(range(picks)))
    types = [e.type for e in done.events]
    expect = ["spin", "free_spins_trigger"] + ["pick_request", "pick_reveal"] * picks
    expect += ["picks_done", "free_spins_start"]
    assert types[: len(expect)] == expect
    rest = types[len(expect) :]
    assert rest[-1] == "round_end"
    assert set(rest[: rest.index("free_spins_end")]) == {"spin"}
    modes = [e.mode for e in done.events if isinstance(e, SpinEvent)]
    assert modes[0] == "base" and set(modes[1:]) == {"free"}
    start = next(e for e in done.events if e.type == "free_spins_start")
    free = [e for e in done.events if isinstance(e, SpinEvent) and e.mode == "free"]
    end = next(e for e in done.events if isinstance(e, FreeSpinsEndEvent))
    if not done.capped:
        assert len(free) == start.spins == end.spins_played
    assert [e.spin_index for e in free] == list(range(1, len(free) + 1))
    assert all(e.multiplier == start.multiplier and e.wild_reels == start.wild_reels for e in free)
    assert end.win_coins == sum(e.win_coins for e in free)


def test_each_answer_extends_the_events(tiny):
    d = tiny.definition
    bet = default_bet(d)
    seed, r = first_seed(d, bet, lambda r: r.pending is not None)
    previous = r
    choices: list[int] = []
    for pick in [5, 0, 7, 3][: r.pending.picks_left]:
        choices.append(pick)
        nxt = play_round(d, bet, seed, choices)
        assert nxt.events[: len(previous.events)] == previous.events
        previous = nxt
    assert previous.finished


def test_bad_choices_raise(tiny):
    d = tiny.definition
    bet = default_bet(d)
    seed, r = first_seed(d, bet, lambda r: r.pending is not None)
    with pytest.raises(ValueError, match="out of range"):
        play_round(d, bet, seed, [len(d.feature.stones)])
    with pytest.raises(ValueError, match="out of range"):
        play_round(d, bet, seed, [-1])
    with pytest.raises(ValueError, match="already picked"):
        play_round(d, bet, seed, [2, 2])
    with pytest.raises(ValueError, match="no choice is pending"):
        play_round(d, bet, seed, [*range(r.pending.picks_left), 7])
    plain, _ = first_seed(d, bet, lambda r: r.finished)
    with pytest.raises(ValueError, match="no choice is pending"):
        play_round(d, bet, plain, [0])


def test_a_bet_the_game_does_not_offer_is_refused(tiny):
    d = tiny.definition
    with pytest.raises(ValueError, match="bet level 3 is not offered"):
        play_round(d, Bet(lines=5, level=3, coin_value_cents=5), 1)


def test_the_cap_ends_the_round_and_pays_exactly_the_cap(tiny):
    d = tiny.definition
    bet = default_bet(d)  # cap: 300 coins x level 1 (smaller than 100000 cents / 5)
    capped = None
    for seed in range(2000):
        r = play_round(d, bet, seed)
        if r.pending is not None:
            r = play_round(d, bet, seed, all_picks(r))
        if r.capped:
            capped = r
            break
    assert capped is not None
    ev = capped.events
    cap = next(e for e in ev if isinstance(e, WinCapEvent))
    assert cap.cap_coins == 300 and cap.uncapped_coins >= 300
    assert [e.type for e in ev][-2:] == ["win_cap", "round_end"]
    assert ev[-1].total_win_coins == 300 and ev[-1].capped
    assert capped.total_win_coins == 300
    spins = [e for e in ev if isinstance(e, SpinEvent)]
    assert sum(e.win_coins for e in spins) == cap.uncapped_coins
    assert sum(e.win_coins for e in spins[:-1]) < 300  # no spin after the one that reached it
    if any(e.mode == "free" for e in spins):
        i = [e.type for e in ev].index("free_spins_end")
        assert ev[i - 1] is spins[-1] and ev[i + 1] is cap


def test_currency_cap_uses_the_coin_value(tiny):
    d = tiny.definition
    bet = Bet(lines=5, level=5, coin_value_cents=10)  # 100000 // 10 = 10000 vs 300 x 5 = 1500
    from game.games.common import cap_coins

    assert cap_coins(d, bet) == 1500
    assert cap_coins(d, Bet(lines=5, level=5, coin_value_cents=1)) == 1500
    assert cap_coins(d, Bet(lines=5, level=1, coin_value_cents=5)) == 300


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), order=st.permutations(range(8)), lines=st.integers(1, 5))
def test_round_total_is_the_sum_of_its_parts(tiny, seed, order, lines):
    d = tiny.definition
    bet = Bet(lines=lines, level=1, coin_value_cents=5)
    r = play_round(d, bet, seed)
    if r.pending is not None:
        r = play_round(d, bet, seed, list(order[: r.pending.picks_left]))
    assert r.finished
    spin_total = sum(e.win_coins for e in r.events if isinstance(e, SpinEvent))
    for e in r.events:
        if isinstance(e, SpinEvent):
            assert e.win_coins == sum(w.coins for w in e.wins)
            assert all(w.line is None or w.line <= lines for w in e.wins)
    end = r.events[-1]
    assert isinstance(end, RoundEndEvent)
    assert end.total_win_coins == r.total_win_coins == min(spin_total, 300)
    assert r.capped == (spin_total >= 300) == any(isinstance(e, WinCapEvent) for e in r.events)


def test_serialise_at_a_pick_and_resume(tiny, stones):
    for loaded in (tiny, stones):
        d = loaded.definition
        bet = default_bet(d)
        seed, r = first_seed(d, bet, lambda r: r.pending is not None)
        uninterrupted = play_round(d, bet, seed, [4, 6, 1, 2, 3][: r.pending.picks_left])
        state = RoundState(game=d.id, bet=bet, seed=seed, choices=(4,))
        stored = json.dumps(state.to_json())
        resumed = RoundState.from_json(json.loads(stored))
        mid = resumed.resume(d)
        assert isinstance(mid.pending, PickRequestEvent) and mid.pending.picked == [4]
        for c in [6, 1, 2, 3][: r.pending.picks_left - 1]:
            resumed = resumed.with_choice(c)
        final = resumed.resume(d)
        assert final.to_json() == uninterrupted.to_json()
        assert events_from_json(final.to_json()["events"]) == final.events


def test_result_state_round_trips(tiny):
    d = tiny.definition
    r = play_round(d, default_bet(d), 42)
    assert RoundState.from_json(r.state.to_json()).resume(d).to_json() == r.to_json()
    with pytest.raises(ValueError, match="belongs to"):
        RoundState(game="other", bet=default_bet(d), seed=1).resume(d)


@pytest.mark.slow
def test_entropy_0_plays_as_before_and_fresh_entropy_keeps_each_reveal_uniform(stones):
    """A choice without entropy (or with 0) reveals what the seed's layout holds, byte for byte as
    before; with entropy the pick's content is drawn among the face-down ones: over entropies,
    the first stone picked at one position is every stone equally often (the law unchanged)."""
    from game.games.stones.events import PickRevealEvent

    d = stones.definition
    bet = default_bet(d)
    seed, r = first_seed(d, bet, lambda r: r.pending is not None)
    picks = list(range(r.pending.picks_left))
    plain = play_round(d, bet, seed, picks)
    assert play_round(d, bet, seed, picks, entropies=[0] * len(picks)).to_json() == plain.to_json()
    assert "entropies" not in plain.to_json()
    keyed = play_round(d, bet, seed, picks, entropies=[8843, 11, 17])
    assert keyed.entropies == (8843, 11, 17) and keyed.to_json()["entropies"] == [8843, 11, 17]
    assert (
        RoundState(game=d.id, bet=bet, seed=seed, choices=(0,), entropies=(8843,))
        .with_choice(1, 11)
        .with_choice(2, 17)
        .resume(d)
        .to_json()
        == keyed.to_json()
    )

    def first_key(result):
        return next(e for e in result.events if isinstance(e, PickRevealEvent)).feature.key

    shown = Counter(first_key(play_round(d, bet, seed, [0], entropies=[e])) for e in range(1, 4001))
    held = Counter(stone.key for stone in d.feature.stones)  # 20 stones, some alike
    assert set(shown) == set(held)
    stat = sum((shown[k] - 4000 * n / 20) ** 2 / (4000 * n / 20) for k, n in held.items())
    assert stat < 36.2  # chi-square over 11 kinds of stone, 10 degrees of freedom: p < 0.001
