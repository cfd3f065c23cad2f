"""Faults through the real app, a quick subset of `make faults` (tools/app_faults.py): two stops
per game of the unmodified main.py (SIGKILL in the main game, SIGTERM in the game's bonus scene),
then the audit, the balance arithmetic, a bounded restart that leaves no round open, and every
round replayed by the engine."""

from __future__ import annotations

import random
import signal

import pytest

from tools import app_faults

pytestmark = pytest.mark.slow

AIMS = {"stones": "StonePickerScene", "warlords": "BattleScene", "tombraider": "WorldMapScene"}


@pytest.mark.parametrize("game", sorted(AIMS))
def test_two_stops_through_the_real_app(tmp_path, game):
    from tests.game.faults import Replayer

    trace = tmp_path / "trace"
    trace.mkdir()
    (trace / "sitecustomize.py").write_text(app_faults.SITECUSTOMIZE)
    data = tmp_path / game
    tally = app_faults.GameTally(game)
    replayer = Replayer(game)
    for k, (target, sig) in enumerate((("reels:spin", signal.SIGKILL), (AIMS[game], signal.SIGTERM))):
        aim = app_faults.targets(game)
        if target in aim.state_for and aim.state is not None:
            assert app_faults.store_state(data, game, aim.state)
            replayer.state = type(replayer.state).model_validate(aim.state)
        state = app_faults.stored_state(data, game)
        seed = app_faults.aimed_seed(game, target, state, random.Random(11 + k))
        hit, _reached, other = app_faults.stop_in(game, data, target, sig, k == 1, seed, trace, 90.0)
        assert not any("Traceback" in line for line in other), "".join(other)[-2000:]
        tally.hit[hit] += 1
        app_faults.check(game, data, tally, replayer, trace, 120.0)
    assert tally.failures == []
    assert tally.not_finished == 0 and tally.mismatches == 0
    assert tally.replayed >= 1
