"""Play ≡ simulation, round by round: the batch draws every value from the flow's keyed draw
sites, keeps the seed, picks and entropies of a sample of rounds, and the played flow, replayed
from them, pays the same (`simulate --check-flow`). A flow that breaks a rule is caught, and so is
a flow that draws from another site than the batch."""

from __future__ import annotations

import numpy as np
import pytest

from game.bets import default_bet
from game.definitions import load_game
from game.games import rules_for
from game.math.simulate import checked_rounds, simulate
from game.round import play_round, run_round
from game.tape import Tape, TapeMismatch, TapeRng


@pytest.mark.slow
def test_stones_flow_equals_its_batch_on_ten_thousand_rounds_with_features(stones):
    d = stones.definition
    out = simulate(d, default_bet(d), 26_000, seed=21, workers=1, check_flow=26_000)
    assert out["flow_checked"] == 26_000
    assert out["flow_checked_feature_rounds"] >= 100
    assert out["flow_mismatches"] == 0, out.get("flow_mismatch_examples")


@pytest.mark.slow
def test_stateful_flow_equals_its_batch_with_state_carried_per_player(relic):
    d = relic.definition
    out = simulate(d, default_bet(d), 12_000, seed=5, workers=1, check_flow=12_000)
    assert out["flow_checked"] == 12_000
    assert out["feature_rates"]["relic"] * 12_000 >= 100
    assert out["flow_checked_feature_rounds"] >= 100
    assert out["flow_mismatches"] == 0, out.get("flow_mismatch_examples")


@pytest.mark.slow
def test_a_flow_that_pays_differently_is_caught(stones, monkeypatch):
    from game.games.stones import flow

    real = flow.free_spins_setup

    def one_more_spin(t, picked):
        setup = real(t, picked)
        return type(setup)(setup.spins + 1, setup.multiplier, setup.reel_bits, setup.symbol_bits)

    monkeypatch.setattr(flow, "free_spins_setup", one_more_spin)
    d = stones.definition
    out = simulate(d, default_bet(d), 12_000, seed=21, workers=1, check_flow=12_000)
    # every free-spins round plays one spin too many: those whose extra spin pays disagree
    assert 8 <= out["flow_mismatches"] <= out["flow_checked_feature_rounds"]
    assert all("the flow paid" in e for e in out["flow_mismatch_examples"])


@pytest.mark.slow
def test_a_flow_that_draws_from_another_site_is_caught(stones, monkeypatch):
    from game.draws import KeyedDraws

    real = KeyedDraws.permutation

    def elsewhere(self, site, n, part=0):
        return real(self, "stones.elsewhere" if site == "stones" else site, n, part)

    monkeypatch.setattr(KeyedDraws, "permutation", elsewhere)
    d = stones.definition
    out = simulate(d, default_bet(d), 6_000, seed=21, workers=1, check_flow=6_000)
    # the stones behind the picks differ from the batch's: most free-spins rounds pay otherwise
    picked = out["flow_checked_feature_rounds"]
    assert picked >= 10 and out["flow_mismatches"] >= picked // 2


@pytest.mark.slow
def test_a_flow_that_pays_a_coin_more_is_caught(relic, monkeypatch):
    import relicgame.flow as relic_flow

    real = relic_flow.base_outcome

    def generous(*args, **kwargs):
        out = real(*args, **kwargs)
        out.first_coins += 1
        return out

    monkeypatch.setattr(relic_flow, "base_outcome", generous)
    d = relic.definition
    out = simulate(d, default_bet(d), 500, seed=5, workers=1, check_flow=500)
    assert out["flow_mismatches"] == 500
    assert "the flow paid" in out["flow_mismatch_examples"][0]


def test_the_tape_refuses_a_draw_of_another_kind(stones):
    d = stones.definition
    tape = Tape()
    tape.below(7, 3)
    with pytest.raises(TapeMismatch, match="the batch drew below"):
        run_round(d, default_bet(d), TapeRng(tape))


def test_a_kept_round_replays_exactly_from_its_seed(stones):
    d = stones.definition
    bet = default_bet(d)
    rules = rules_for(d)
    from game.evaluate import compile_game
    from game.rng import Rng

    b = rules.simulate_batch(
        compile_game(d), bet, Rng.from_seed(3), Rng.from_seed(4), 5_000, record=np.arange(5_000)
    )
    feature = [i for i, t in b.tapes.items() if t.choices]
    assert feature, "some round of 5,000 triggers the free spins"
    i = feature[0]
    tape = b.tapes[i]
    assert tape.seed is not None and not tape.draws  # no draw is written down: the seed keys them all
    result = play_round(d, bet, tape.seed, tape.choices, entropies=tape.entropies)
    assert result.finished and result.total_win_coins == int(b.wins[i])
    assert all(tape.entropies)  # every simulated pick carries its own entropy


@pytest.mark.slow
@pytest.mark.parametrize("game", ["stones", "tombraider"])
def test_taped_picks_replay_with_their_entropies_and_not_without(request, game):
    """The batch swaps each pick's content as the played flow does with the pick's entropy: with
    the taped entropies every feature round pays as in the batch; replayed without them (the
    old reveal) some pay otherwise, so the check looks at the swaps."""
    from game.evaluate import compile_game
    from game.rng import Rng

    d = (request.getfixturevalue("stones") if game == "stones" else load_game(game)).definition
    bet = default_bet(d)
    rules = rules_for(d)
    n = 6_000 if game == "stones" else 400
    state = None
    if rules.initial_batch_state is not None:  # every player's passports complete: a quest each
        state = np.zeros((n, 4), dtype=np.int64)
        state[:, :3] = ((1 << compile_game(d).reel_count) - 1, 1, bet.total_cents)
    b = rules.simulate_batch(
        compile_game(d), bet, Rng.from_seed(3), Rng.from_seed(4), n, state=state, record=np.arange(n)
    )
    picked = [i for i, t in b.tapes.items() if t.choices]
    assert len(picked) >= 20
    differ = 0
    for i in picked:
        tape = b.tapes[i]
        assert tape.seed is not None
        with_them = play_round(d, bet, tape.seed, tape.choices, state=tape.state_in, entropies=tape.entropies)
        assert with_them.total_win_coins == int(b.wins[i])
        try:
            without = play_round(d, bet, tape.seed, tape.choices, state=tape.state_in)
            differ += without.total_win_coins != int(b.wins[i])
        except ValueError:  # another path through the feature
            differ += 1
    assert differ >= len(picked) // 4


@pytest.mark.parametrize(("total", "check"), [(10, 3), (1_000_003, 17), (250_000, 250_000), (5, 9)])
def test_taped_rounds_are_spread_evenly_over_the_chunks(total, check):
    size = 100_000
    picked = []
    for start in range(0, total, size):
        n = min(size, total - start)
        picked += (checked_rounds(total, check, start, n) + start).tolist()
    k = min(check, total)
    assert picked == [j * total // k for j in range(k)]
