"""Tomb Raider on its shipped data: a seed for every path of a round, pinned as golden rounds.

The boards are drawn when the quest reaches a location, before any pick, so a seed's board can be
learned by a first play and then picked on purpose: the fragment first, both traps first, the
treasure first. `tests/game/golden/tombraider.json` holds the complete JSON of each case (the
`python -m game play --json` output, state in and out included) and the SHA-256 of the data it
was played on. After a deliberate change of the data, regenerate and review the diff:

    REGEN_GOLDEN=1 python -m pytest tests/game/games/tombraider/test_rounds.py -k golden
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from game.bets import default_bet
from game.definitions import LoadedGame
from game.events import CascadeEvent, SpinEvent
from game.games.tombraider.events import (
    ArtefactRevealEvent,
    JackpotEvent,
    KeyTriggerEvent,
    LocationEndEvent,
    PassportsEvent,
    ShootoutRevealEvent,
    ShootoutStartEvent,
    ShowdownEvent,
    SuperModeStartEvent,
)
from game.games.tombraider.model import PassportState
from game.money import Bet
from game.round import RoundResult, play_round

GOLDEN = Path(__file__).parents[2] / "golden" / "tombraider.json"
REGEN = os.environ.get("REGEN_GOLDEN") == "1"
NEW = PassportState()
EVERY = PassportState(active=(True,) * 5, spins=10, bet_cents=300)  # the round plays a quest


def drive(loaded: LoadedGame, bet: Bet, seed: int, state: PassportState, choose: Callable) -> RoundResult:
    """Play a round to its end, answering each pick with `choose(result)`."""
    choices: list[int] = []
    while True:
        r = play_round(loaded.definition, bet, seed, choices, state=state)
        if r.finished:
            return r
        choices.append(choose(r))


def lowest(r: RoundResult) -> int:
    if isinstance(r.events[-2], ShootoutStartEvent):
        return 0
    return min(i for i in range(r.pending.options) if i not in r.pending.picked)


def board(loaded: LoadedGame, bet: Bet, seed: int, prefix: list[int], location: int) -> dict[int, str]:
    """The artefacts of `location` (position → artefact, "treasure:<kind>" for the treasure),
    learned by playing the picks `prefix` and then the lowest positions."""
    queue = list(prefix)

    def choose(r: RoundResult) -> int:
        return queue.pop(0) if queue else lowest(r)

    r = drive(loaded, bet, seed, EVERY, choose)
    out: dict[int, str] = {}
    for e in r.events:
        if isinstance(e, ArtefactRevealEvent) and e.location == location:
            out[e.position] = e.artefact if e.treasure is None else f"treasure:{e.treasure}"
        if isinstance(e, LocationEndEvent) and e.index == location:
            for h in e.hidden:
                out[h.position] = h.artefact if h.treasure is None else f"treasure:{h.treasure}"
    assert len(out) == 6, r.events
    return out


def where(b: dict[int, str], artefact: str) -> list[int]:
    return sorted(p for p, a in b.items() if a.startswith(artefact))


def finish(loaded: LoadedGame, bet: Bet, seed: int, prefix: list[int]) -> list[int]:
    """`prefix`, then the lowest positions until the quest is over: the round's full picks."""
    queue = list(prefix)
    r = drive(loaded, bet, seed, EVERY, lambda r: queue.pop(0) if queue else lowest(r))
    return list(r.choices)


# -- the cases: (state, bet overrides, finder(loaded, bet, seed) -> choices or None) ---------------


def _round(loaded, bet, seed, state=NEW) -> RoundResult:
    return play_round(loaded.definition, bet, seed, state=state)


def no_win(loaded, bet, seed):
    r = _round(loaded, bet, seed)
    return [] if r.finished and r.total_win_coins == 0 else None


def line_win(loaded, bet, seed):
    r = _round(loaded, bet, seed)
    return [] if any(w.kind == "line" for w in r.events[0].wins) and len(r.events) == 2 else None


def passport(loaded, bet, seed):
    r = _round(loaded, bet, seed)
    return [] if any(isinstance(e, PassportsEvent) for e in r.events) else None


def free_spins_3x(loaded, bet, seed):
    r = _round(loaded, bet, seed)
    ok = any(isinstance(e, KeyTriggerEvent) for e in r.events) and any(
        isinstance(e, CascadeEvent) and e.multiplier >= 3 and e.win_coins for e in r.events
    )
    return [] if ok else None


def super_mode(loaded, bet, seed):
    r = _round(loaded, bet, seed)
    return [] if any(isinstance(e, SuperModeStartEvent) for e in r.events) else None


def super_mode_free_spins(loaded, bet, seed):
    """3+ Keys in a Super Mode spin: ten free spins, played after Super Mode's last spin."""
    r = _round(loaded, bet, seed)
    kinds = [e["type"] for e in r.to_json()["events"]]
    ok = any(isinstance(e, KeyTriggerEvent) and e.after_super for e in r.events)
    return [] if ok and kinds.index("super_mode_end") < kinds.index("super_free_spins") else None


def super_mode_passport(loaded, bet, seed):
    """A Passport on the centre row of a Super Mode spin stamps its reel."""
    r = _round(loaded, bet, seed)
    ok = any(
        isinstance(e, PassportsEvent) and isinstance(b, SpinEvent) and b.mode == "super"
        for b, e in zip(r.events, r.events[1:], strict=False)
    )
    return [] if ok else None


def fragment(loaded, bet, seed):
    return finish(loaded, bet, seed, where(board(loaded, bet, seed, [], 0), "fragment"))


def _traps(outcome: tuple[bool, bool]):
    def finder(loaded, bet, seed):
        choices = where(board(loaded, bet, seed, [], 0), "trap")
        r = play_round(loaded.definition, bet, seed, choices, state=EVERY)
        (event,) = [e for e in r.events if isinstance(e, ShowdownEvent)]
        return finish(loaded, bet, seed, choices) if (event.showdown, event.won) == outcome else None

    return finder


def jackpot(loaded, bet, seed):
    choices: list[int] = []
    for location in range(5):
        choices += where(board(loaded, bet, seed, choices, location), "fragment")
    return choices


def shootout(loaded, bet, seed):
    b = board(loaded, bet, seed, [], 0)
    if not where(b, "treasure:shootout"):
        return None
    return finish(loaded, bet, seed, [*where(b, "treasure"), 3, *where(b, "fragment")])


CASES: list[tuple[str, PassportState, dict, Callable]] = [
    ("no_win", NEW, {}, no_win),
    ("line_win", NEW, {"lines": 12, "level": 2}, line_win),
    ("passport", NEW, {}, passport),
    ("free_spins_cascade_3x", NEW, {}, free_spins_3x),
    ("super_mode", NEW, {}, super_mode),
    ("super_mode_free_spins", NEW, {}, super_mode_free_spins),
    ("super_mode_passport", NEW, {}, super_mode_passport),
    ("quest_fragment", EVERY, {}, fragment),
    ("quest_two_traps_end", EVERY, {}, _traps((False, False))),
    ("quest_showdown_won", EVERY, {}, _traps((True, True))),
    ("quest_showdown_lost", EVERY, {}, _traps((True, False))),
    ("quest_jackpot", EVERY, {}, jackpot),
    ("quest_shootout", EVERY, {}, shootout),
]


def _bet(loaded: LoadedGame, overrides: dict) -> Bet:
    return default_bet(loaded.definition).model_copy(update=overrides)


# where the search for a rare case starts (the seeds found under engine 1.1.0's draw sites)
FIRST_SEED = {super_mode_free_spins: 60_144, super_mode_passport: 6_579}


def _find(loaded: LoadedGame, state: PassportState, overrides: dict, finder: Callable) -> RoundResult:
    bet = _bet(loaded, overrides)
    start = FIRST_SEED.get(finder, 0)
    for seed in range(start, start + 50_000):
        choices = finder(loaded, bet, seed)
        if choices is not None:
            return play_round(loaded.definition, bet, seed, choices, state=state)
    raise AssertionError("no seed found")


def _golden(loaded: LoadedGame) -> dict:
    if REGEN:
        cases = {name: _find(loaded, *rest).to_json() for name, *rest in CASES}
        data = {"definition_sha256": loaded.sha256, "cases": cases}
        GOLDEN.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def golden(tombraider) -> dict:
    data = _golden(tombraider)
    assert data["definition_sha256"] == tombraider.sha256, (
        "the data file changed since the golden rounds were recorded: regenerate them with "
        "REGEN_GOLDEN=1 (see this module's docstring) and review the diff"
    )
    return data["cases"]


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_golden_rounds(tombraider, golden, name: str) -> None:
    """Each case replays exactly (events, pay, state out) and still shows what it is for."""
    _, state, overrides, finder = next(c for c in CASES if c[0] == name)
    want = golden[name]
    bet = _bet(tombraider, overrides)
    got = play_round(tombraider.definition, bet, want["seed"], want["choices"], state=state)
    assert got.to_json() == want, f"{name} (seed {want['seed']}) differs from its golden round"
    assert got.finished
    assert finder(tombraider, bet, want["seed"]) == want["choices"] or state is NEW


def _events(golden: dict, name: str) -> list[dict]:
    return golden[name]["events"]


def test_the_quest_paths(golden) -> None:
    def ends(name: str) -> list[dict]:
        return [e for e in _events(golden, name) if e["type"] == "location_end"]

    assert ends("quest_fragment")[0]["fragment"] is True
    assert [e["fragment"] for e in ends("quest_two_traps_end")] == [False]
    won = ends("quest_showdown_won")
    assert won[0]["fragment"] is True and len(won) >= 2
    assert [e["fragment"] for e in ends("quest_showdown_lost")] == [False]
    jackpot = _events(golden, "quest_jackpot")
    assert sum(e["fragment"] for e in ends("quest_jackpot")) == 5
    assert [e["type"] for e in jackpot].count("jackpot") == 1
    (pay,) = [e for e in jackpot if e["type"] == "jackpot"]
    assert pay["coins"] == pay["value"] * 30 // 30  # × the weighted average bet per line (1 coin)
    shots = [e for e in _events(golden, "quest_shootout") if e["type"] == "shootout"]
    assert len(shots) == 1 and shots[0]["coins"] == shots[0]["value"] * 30
    for name in ("quest_fragment", "quest_jackpot", "quest_two_traps_end"):
        assert golden[name]["state_out"]["adventures"] == 1
        assert golden[name]["state_out"]["active"] == [False] * 5


def test_a_golden_free_spins_round_climbs_the_ladder(golden) -> None:
    events = _events(golden, "free_spins_cascade_3x")
    free = [e for e in events if e["type"] in ("spin", "cascade") and e.get("mode", "free") == "free"]
    assert [e["spin_index"] for e in free if e["type"] == "spin"] == list(range(1, 11))
    assert max(e["multiplier"] for e in free if e["type"] == "cascade" and e["win_coins"]) >= 3
    assert events[-1]["type"] == "round_end"


def test_the_passport_case_starts_a_collection(golden) -> None:
    case = golden["passport"]
    (event,) = [e for e in case["events"] if e["type"] == "passports"]
    assert case["state_out"]["spins"] == 1 and case["state_out"]["bet_cents"] == 30
    assert [i + 1 for i, on in enumerate(case["state_out"]["active"]) if on] == event["new"]


def test_types_of_the_pinned_events_load_back(tombraider, golden) -> None:
    from game.events import events_from_json

    for name, case in golden.items():
        events = events_from_json(case["events"])
        assert len(events) == len(case["events"]), name
        assert any(isinstance(e, SpinEvent) for e in events)
        if name.startswith("quest_"):
            assert any(isinstance(e, (JackpotEvent, LocationEndEvent, ShootoutRevealEvent)) for e in events)


def test_the_super_mode_cases_keep_the_main_game_triggers(golden) -> None:
    """Seed 60144: a Super Mode spin shows 3+ Keys; its ten free spins follow Super Mode's end.
    Seed 6579: Passports on the centre row of Super Mode spins stamp reel 5, then reel 4."""
    events = _events(golden, "super_mode_free_spins")
    kinds = [e["type"] for e in events]
    (trigger,) = [e for e in events if e["type"] == "key_trigger"]
    assert trigger["after_super"] and trigger["count"] >= 3 and trigger["spins"] == 10
    assert kinds.index("key_trigger") < kinds.index("super_mode_end") < kinds.index("super_free_spins")
    free = [e for e in events if e["type"] == "spin" and e["mode"] == "free"]
    assert len(free) == 10 and kinds.index("super_free_spins") < kinds.index(
        "spin", kinds.index("super_free_spins")
    )
    stamps = [e for e in _events(golden, "super_mode_passport") if e["type"] == "passports"]
    stamped = [r for e in stamps for r in e["new"]]
    assert stamped == [5, 4]
    assert golden["super_mode_passport"]["state_out"]["active"] == [r + 1 in stamped for r in range(5)]
