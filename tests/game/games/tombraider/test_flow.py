"""Tomb Raider's rules, one at a time, on rounds whose draws are written by hand (a `Tape` read by
`TapeRng`), so every amount below is worked out by hand from the rules."""

from __future__ import annotations

from typing import Any

import pytest

from game.definitions import GameDefinition
from game.events import CascadeEvent, PickRequestEvent, SpinEvent
from game.games.common import PickRefused
from game.games.tombraider.events import (
    AdventureEndEvent,
    AdventureStartEvent,
    ArtefactRevealEvent,
    JackpotEvent,
    KeyTriggerEvent,
    LocationEndEvent,
    PassportsEvent,
    ShootoutRevealEvent,
    ShowdownEvent,
    SuperFreeSpinsEvent,
    SuperModeStartEvent,
)
from game.games.tombraider.feature import stamp_super
from game.games.tombraider.flow import collect
from game.games.tombraider.model import PassportState
from game.money import Bet
from game.round import RoundResult, run_round
from game.tape import Tape, TapeMismatch, TapeRng

from .conftest import small_data

OFF, ON = 1, 0  # Super Mode's draw: index 0 is "on"


def play(
    defn: GameDefinition, bet: Bet, tape: Tape, choices=(), state: PassportState | None = None
) -> RoundResult:
    rng = TapeRng(tape)
    result = run_round(defn, bet, rng, list(choices), state=state)
    if result.finished:
        assert rng.left == 0, "the round left taped draws unused"
    return result


def of(result: RoundResult, kind: type) -> list[Any]:
    return [e for e in result.events if isinstance(e, kind)]


# -- cascades and the ladder ------------------------------------------------------------------------

# Every free reel: p p a a a a b k b. At stop 5 a reel shows a, b, k (top to bottom) and the strip
# above the window holds a, a, a, p, p (nearest first).
CASCADE_STRIP = ["p", "p", "a", "a", "a", "a", "b", "k", "b"]


@pytest.fixture(scope="module")
def cascading() -> GameDefinition:
    data = small_data()
    data["reel_sets"]["free"] = [CASCADE_STRIP] * 5
    data["reel_sets"]["base"] = [["k", "a", "b", "p"]] * 5  # stop 0: k, a, b: five keys
    return GameDefinition.model_validate(data)


def test_cascades_burst_the_wins_drop_the_strip_above_and_climb_the_ladder(cascading) -> None:
    """One active line (the middle row), ladder 1, 2, 3:

    spin: b b b b b pays 30 and five keys 10 → 40 at 1x; the b's and the keys burst, each reel's
          a falls to the bottom and a, a drop in from above: a a a on every reel;
    1:    a×5 pays 20 at 2x → 40; the middle row bursts, one a drops in: still a a a;
    2:    20 at 3x → 60; the middle bursts, p drops in: p a a;
    3:    20 at 3x (the ladder stops at its top) → 60; p drops in: p p a;
    4:    nothing wins: the spin is over.
    """
    bet = Bet(lines=1, level=1, coin_value_cents=1)
    tape = Tape()
    tape.stops((4,) * 5, (0,) * 5)
    tape.choice((1, 9), OFF)
    tape.stops((9,) * 5, (5,) * 5)
    tape.stops((9,) * 5, (0,) * 5)  # p p a: no win
    tape.stops((9,) * 5, (0,) * 5)
    r = play(cascading, bet, tape)
    assert len(of(r, KeyTriggerEvent)) == 1
    free = [e for e in r.events if isinstance(e, SpinEvent) and e.mode == "free"]
    cascades = of(r, CascadeEvent)
    first = free[0]
    assert first.grid == [["a", "b", "k"]] * 5 and first.multiplier == 1 and first.win_coins == 40
    assert {w.kind for w in first.wins} == {"line", "scatter"}
    # the last fall is shown too: its grid wins nothing and ends the spin
    assert [c.step for c in cascades] == [1, 2, 3, 4]
    assert [c.multiplier for c in cascades] == [2, 3, 3, 3]
    assert [c.win_coins for c in cascades] == [40, 60, 60, 0]
    assert cascades[0].removed == sorted([(r_, 1) for r_ in range(5)] + [(r_, 2) for r_ in range(5)])
    assert cascades[0].grid == [["a", "a", "a"]] * 5
    assert cascades[1].removed == [(r_, 1) for r_ in range(5)]
    assert cascades[1].grid == [["a", "a", "a"]] * 5
    assert cascades[2].grid == [["p", "a", "a"]] * 5
    assert cascades[3].grid == [["p", "p", "a"]] * 5 and cascades[3].wins == []
    assert all(c.spin_index == 1 for c in cascades)
    assert [e.win_coins for e in free] == [40, 0, 0]
    base = r.events[0].win_coins  # a×5 on the middle row and five keys
    assert base == 20 + 10
    assert r.total_win_coins == base + 200


def test_the_ladder_starts_again_with_every_free_spin(cascading) -> None:
    bet = Bet(lines=1, level=1, coin_value_cents=1)
    tape = Tape()
    tape.stops((4,) * 5, (0,) * 5)
    tape.choice((1, 9), OFF)
    for _ in range(3):
        tape.stops((9,) * 5, (5,) * 5)
    r = play(cascading, bet, tape)
    free = [e for e in r.events if isinstance(e, SpinEvent) and e.mode == "free"]
    assert [e.multiplier for e in free] == [1, 1, 1]
    assert r.total_win_coins == 30 + 3 * 200


def test_a_tape_drawing_in_another_order_is_refused(cascading) -> None:
    bet = Bet(lines=1, level=1, coin_value_cents=1)
    tape = Tape()
    tape.stops((4,) * 5, (0,) * 5)
    tape.stops((9,) * 5, (5,) * 5)  # the free spin's stops before Super Mode's draw
    with pytest.raises(TapeMismatch):
        play(cascading, bet, tape)


# -- passports and the weighted average bet -----------------------------------------------------------

# base reels of the small game; on each, the stop whose middle row shows the passport
PASSPORT_STOP = [3, 4, 2, 3, 0]
BLANK_STOP = [4, 0, 0, 0, 1]  # no passport on the middle row, no key


def base_tape(stops: list[int], super_mode: int = OFF) -> Tape:
    tape = Tape()
    tape.stops((5, 6, 5, 6, 5), stops)
    tape.choice((1, 9), super_mode)
    return tape


def test_a_passport_on_the_middle_row_activates_its_reel_only(small) -> None:
    bet = Bet(lines=5, level=1, coin_value_cents=2)
    stops = list(BLANK_STOP)
    stops[1] = PASSPORT_STOP[1]
    stops[3] = 2  # reel 4 shows the passport on the bottom row: no activation
    r = play(small, bet, base_tape(stops))
    assert r.events[0].grid[1][1] == "p" and r.events[0].grid[3][2] == "p"
    (event,) = of(r, PassportsEvent)
    assert event.new == [2] and event.active == [False, True, False, False, False] and not event.complete
    assert r.state_out == PassportState(active=(False, True, False, False, False), spins=1, bet_cents=10)


def test_the_weighted_average_bet_counts_every_base_spin_from_the_first_activation(small) -> None:
    state = PassportState()
    bets = [Bet(lines=5, level=1, coin_value_cents=1), Bet(lines=3, level=2, coin_value_cents=5)]
    # no passport yet: nothing is collected
    state = play(small, bets[0], base_tape(BLANK_STOP), state=state).state_out
    assert state == PassportState()
    stops = list(BLANK_STOP)
    stops[0] = PASSPORT_STOP[0]
    state = play(small, bets[1], base_tape(stops), state=state).state_out
    assert (state.spins, state.bet_cents) == (1, 30)
    state = play(small, bets[0], base_tape(BLANK_STOP), state=state).state_out
    assert (state.spins, state.bet_cents, state.mask) == (2, 35, 1)


def test_collect_is_the_rule() -> None:
    s = collect(PassportState(), 0b00100, 30, 5)
    assert s.active == (False, False, True, False, False) and (s.spins, s.bet_cents) == (1, 30)
    s = collect(s, 0b00100, 10, 5)  # the same reel again: nothing new, the spin still counts
    assert s.mask == 0b00100 and (s.spins, s.bet_cents) == (2, 40)
    with pytest.raises(ValueError, match="reels"):
        collect(PassportState(active=(False,) * 3), 1, 1, 5)


@pytest.mark.parametrize(
    "bad",
    [
        {"active": [True, False, False, False, False]},
        {"spins": 2, "bet_cents": 10},
        {"active": [False] * 5, "spins": 1, "bet_cents": 0},
        {"version": 2},
        {"passports": 3},
    ],
)
def test_an_inconsistent_state_is_refused(bad) -> None:
    with pytest.raises(ValueError):
        PassportState.model_validate(bad)


def test_the_state_round_trips_as_json() -> None:
    s = PassportState(active=(True, False, True, False, False), spins=7, bet_cents=210, adventures=2)
    assert PassportState.model_validate(s.model_dump(mode="json")) == s


# -- Super Mode ----------------------------------------------------------------------------------------


def super_tape(base: list[int], *spins: list[int], wilds: int = 1) -> Tape:
    """A base spin at `base` with Super Mode on: two held wilds, (1, 0) and (2, 1) (reel 2 top,
    reel 3 centre; `wilds` 1 is the draw of two), then each Super Mode spin's stops."""
    tape = base_tape(base, ON)
    tape.choice((1, 2), wilds)
    tape.permutation(6, (4, 0, 1, 2, 3, 5))
    for stops in spins:
        tape.stops((5, 6, 5, 6, 5), stops)
    return tape


def test_super_mode_holds_its_wilds_for_every_spin_and_stamps_centre_passports(small) -> None:
    bet = Bet(lines=5, level=1, coin_value_cents=1)
    # passports on every centre row; reel 3's is under a held wild: reels 1, 2, 4 and 5 stamp
    tape = super_tape(BLANK_STOP, PASSPORT_STOP, BLANK_STOP)
    r = play(small, bet, tape)
    (start,) = of(r, SuperModeStartEvent)
    assert start.cells == [(1, 0), (2, 1)] and start.spins == 2
    spins = [e for e in r.events if isinstance(e, SpinEvent) and e.mode == "super"]
    assert [e.spin_index for e in spins] == [1, 2]
    for e in spins:
        assert e.held == [(1, 0), (2, 1)] and e.grid[1][0] == "w" and e.grid[2][1] == "w"
    assert spins[0].grid[0][1] == "p" and spins[0].grid[1][1] == "p"
    (stamp,) = of(r, PassportsEvent)
    assert r.events.index(stamp) == r.events.index(spins[0]) + 1  # right after its spin
    assert stamp.new == [1, 2, 4, 5] and stamp.positions == [(0, 1), (1, 1), (3, 1), (4, 1)]
    assert stamp.active == [True, True, False, True, True] and not stamp.complete
    # the collection this spin started counts the round's bet once
    assert (stamp.spins, stamp.bet_cents) == (1, 5)
    assert r.state_out == PassportState(active=(True, True, False, True, True), spins=1, bet_cents=5)


def test_a_super_mode_spin_adds_no_spin_to_a_running_collection(small) -> None:
    bet = Bet(lines=5, level=1, coin_value_cents=1)
    state = PassportState(active=(False, False, False, True, False), spins=2, bet_cents=20)
    stops = list(BLANK_STOP)
    stops[0] = PASSPORT_STOP[0]
    r = play(small, bet, super_tape(BLANK_STOP, stops, BLANK_STOP), state=state)
    (stamp,) = of(r, PassportsEvent)
    assert stamp.new == [1] and (stamp.spins, stamp.bet_cents) == (3, 25)  # the base spin's only


# Super Mode stops showing 3 Keys, on reels 1, 4 and 5 (bottom rows), no passport on a centre row
THREE_KEYS = [0, 0, 0, 1, 2]


def test_three_keys_in_super_mode_win_free_spins_played_after_its_last_spin(small) -> None:
    bet = Bet(lines=5, level=1, coin_value_cents=1)
    tape = super_tape(BLANK_STOP, THREE_KEYS, THREE_KEYS)
    for _ in range(2 * 3):  # 3 free spins per triggering Super Mode spin, in one run
        tape.stops((5, 5, 4, 5, 4), (1, 1, 1, 1, 1))
    r = play(small, bet, tape)
    kinds = [type(e).__name__ for e in r.events]
    triggers = of(r, KeyTriggerEvent)
    assert [(e.count, e.spins, e.after_super) for e in triggers] == [(3, 3, True), (3, 3, True)]
    assert triggers[0].positions == [(0, 2), (3, 2), (4, 2)]
    (won,) = of(r, SuperFreeSpinsEvent)
    assert (won.triggers, won.spins) == (2, 6)
    assert kinds.index("SuperModeEndEvent") < kinds.index("SuperFreeSpinsEvent")
    free = [e for e in r.events if isinstance(e, SpinEvent) and e.mode == "free"]
    assert [e.spin_index for e in free] == [1, 2, 3, 4, 5, 6] and {e.spins_total for e in free} == {6}
    assert kinds.index("SuperFreeSpinsEvent") < r.events.index(free[0])
    assert r.total_win_coins == sum(e.win_coins for e in r.events if isinstance(e, SpinEvent | CascadeEvent))


def test_a_key_under_a_held_wild_does_not_count(small) -> None:
    bet = Bet(lines=5, level=1, coin_value_cents=1)
    # reel 3 at stop 3 shows its key on the centre row, under the held wild: 2 keys, no trigger
    r = play(small, bet, super_tape(BLANK_STOP, [0, 0, 3, 1, 0], BLANK_STOP))
    spin = next(e for e in r.events if isinstance(e, SpinEvent) and e.mode == "super")
    assert spin.grid[2][1] == "w" and small.reel_sets["base"][2][(3 + 1) % 5] == "k"
    assert not of(r, KeyTriggerEvent) and not of(r, SuperFreeSpinsEvent)


def test_a_set_completed_in_super_mode_plays_its_adventure_at_the_end_of_the_round(small) -> None:
    bet = Bet(lines=5, level=1, coin_value_cents=1)
    four = PassportState(active=(True, True, True, True, False), spins=3, bet_cents=30)
    stops = list(BLANK_STOP)
    stops[4] = PASSPORT_STOP[4]
    tape = super_tape(BLANK_STOP, stops, BLANK_STOP)
    tape.permutation(5, IDENTITY)  # the quest: here, both traps, and the quest ends
    tape.choice((2, 1), 0)
    tape.choice((1, 2, 1), 1)
    tape.choice((1, 2), 0)
    r = play(small, bet, tape, [1, 2], state=four)
    assert r.finished
    kinds = [type(e).__name__ for e in r.events]
    (stamp,) = of(r, PassportsEvent)
    assert stamp.new == [5] and stamp.complete and (stamp.spins, stamp.bet_cents) == (4, 35)
    assert kinds.index("SuperModeEndEvent") < kinds.index("AdventureStartEvent")
    (start,) = of(r, AdventureStartEvent)
    assert (start.spins, start.bet_cents) == (4, 35)
    assert r.state_out == PassportState(adventures=1)


def test_a_super_mode_spin_after_a_complete_set_starts_a_new_collection(small) -> None:
    bet = Bet(lines=5, level=1, coin_value_cents=1)
    four = PassportState(active=(True, True, True, True, False), spins=3, bet_cents=30)
    base = list(BLANK_STOP)
    base[4] = PASSPORT_STOP[4]  # the base spin completes the set
    stamp_reel_1 = list(BLANK_STOP)
    stamp_reel_1[0] = PASSPORT_STOP[0]
    tape = super_tape(base, stamp_reel_1, BLANK_STOP)
    tape.permutation(5, IDENTITY)
    tape.choice((2, 1), 0)
    tape.choice((1, 2, 1), 1)
    tape.choice((1, 2), 0)
    r = play(small, bet, tape, [1, 2], state=four)
    assert r.finished
    first, second = of(r, PassportsEvent)
    assert first.complete and second.new == [1] and second.active == [True] + [False] * 4
    (start,) = of(r, AdventureStartEvent)
    assert (start.spins, start.bet_cents) == (4, 35)  # the completed set's collection
    assert r.state_out == PassportState(active=(True,) + (False,) * 4, spins=1, bet_cents=5, adventures=1)


def test_stamp_super_is_the_rule() -> None:
    assert stamp_super((0, 0, 0), 0, 30, 31) == ((0, 0, 0), False)
    assert stamp_super((0, 0, 0), 0b100, 30, 31) == ((0b100, 1, 30), False)
    assert stamp_super((0b100, 4, 90), 0b100, 30, 31) == ((0b100, 4, 90), False)
    assert stamp_super((0b01111, 4, 90), 0b10001, 30, 31) == ((31, 4, 90), True)


# -- the Global Adventure ----------------------------------------------------------------------------

# The small game's quest: 2 locations; 5 artefacts (fragment, 2 traps, treasure, 1 bonus amount);
# bonus values here 1 | 3 (weights 2:1), there 2 | 5; treasure bonus 4 | 6, double, Shoot-out
# (discs 1, 3, 7); ending end | showdown (1:2); duel won | lost (2:1); jackpots 10 | 40 per line.
IDENTITY = (0, 1, 2, 3, 4)  # position i holds canonical artefact i: fragment, trap, trap, treasure, bonus
FOUR = PassportState(active=(True, True, True, True, False), spins=3, bet_cents=30)


def quest_tape(*steps: tuple) -> Tape:
    """The base spin completing the passports (reel 5), then the quest's draws in play order:
    ("board", location, layout, bonus, treasure kind, treasure value) or a raw draw such as
    ("choice", weights, index) / ("permutation", n, order)."""
    stops = list(BLANK_STOP)
    stops[4] = PASSPORT_STOP[4]
    tape = base_tape(stops)
    for step in steps:
        if step[0] == "board":
            _, k, layout, bonus, treasure, treasure_value = step
            tape.permutation(5, layout)
            tape.choice((2, 1) if k == 0 else (1, 1), bonus)
            tape.choice((1, 2, 1), treasure)
            if treasure == 0:
                tape.choice((1, 3), treasure_value)
        else:
            getattr(tape, step[0])(*step[1:])
    return tape


def jackpot(index: int) -> tuple:
    return ("choice", (3, 1), index)


END, SHOWDOWN = ("choice", (1, 2), 0), ("choice", (1, 2), 1)
WON, LOST = ("choice", (2, 1), 0), ("choice", (2, 1), 1)


BET = Bet(lines=5, level=2, coin_value_cents=1)  # 10 coins; the collection: 40 cents over 4 spins


def test_fragments_bank_their_pots_and_all_of_them_win_the_jackpot(small) -> None:
    # here: bonus 3 (× the weighted average bet of 10 coins) = 30, the doubling → 60, the fragment;
    # there: bonus 5 → 50, fragment; the jackpot: 40 × 10 / 5 lines = 80.
    tape = quest_tape(("board", 0, IDENTITY, 1, 1, None), ("board", 1, IDENTITY, 1, 1, None), jackpot(1))
    r = play(small, BET, tape, [4, 3, 0, 4, 0], state=FOUR)
    assert r.finished
    reveals = of(r, ArtefactRevealEvent)
    assert [(e.artefact, e.treasure, e.value, e.coins, e.pot_coins) for e in reveals] == [
        ("bonus", None, 3, 30, 30),
        ("treasure", "double", None, 30, 60),
        ("fragment", None, None, 0, 60),
        ("bonus", None, 5, 50, 50),
        ("fragment", None, None, 0, 50),
    ]
    ends = of(r, LocationEndEvent)
    assert [(e.fragment, e.pot_coins, e.banked_coins) for e in ends] == [(True, 60, 60), (True, 50, 110)]
    assert [h.position for h in ends[0].hidden] == [1, 2] and {h.artefact for h in ends[0].hidden} == {"trap"}
    (won,) = of(r, JackpotEvent)
    assert (won.value, won.coins) == (40, 80)
    (end,) = of(r, AdventureEndEvent)
    assert (end.fragments, end.banked_coins, end.jackpot_coins, end.win_coins) == (2, 110, 80, 190)
    assert r.total_win_coins == r.events[0].win_coins + 190
    assert r.state_out == PassportState(active=(False,) * 5, adventures=1)


@pytest.mark.parametrize(
    ("ending", "showdown", "won"),
    [((END,), False, False), ((SHOWDOWN, WON), True, True), ((SHOWDOWN, LOST), True, False)],
)
def test_two_traps_end_the_quest_or_bring_the_showdown(small, ending, showdown, won) -> None:
    # here: bonus 1 → 10, then both traps; a won duel is the fragment: the pot is banked and the
    # quest goes on (there: the fragment at once, then the jackpot 10 × 10 / 5 = 20).
    later = [("board", 1, IDENTITY, 0, 1, None), jackpot(0)] if won else []
    tape = quest_tape(("board", 0, IDENTITY, 0, 1, None), *ending, *later)
    r = play(small, BET, tape, [4, 1, 2] + ([0] if won else []), state=FOUR)
    assert r.finished
    (event,) = of(r, ShowdownEvent)
    assert (event.showdown, event.won) == (showdown, won)
    first = of(r, LocationEndEvent)[0]
    assert first.fragment == won and first.pot_coins == 10
    (end,) = of(r, AdventureEndEvent)
    assert (end.win_coins, end.fragments) == ((30, 2) if won else (0, 0))


def test_a_quest_ended_by_traps_pays_the_locations_banked_before(small) -> None:
    # here: bonus 1 → 10, the fragment: 10 banked; there: bonus 2 → 20, both traps, the end.
    tape = quest_tape(("board", 0, IDENTITY, 0, 1, None), ("board", 1, IDENTITY, 0, 1, None), END)
    r = play(small, BET, tape, [4, 0, 4, 1, 2], state=FOUR)
    ends = of(r, LocationEndEvent)
    assert [(e.fragment, e.pot_coins, e.banked_coins) for e in ends] == [(True, 10, 10), (False, 20, 10)]
    assert of(r, AdventureEndEvent)[0].win_coins == 10
    assert r.total_win_coins == r.events[0].win_coins + 10


def test_the_shootout_pays_its_disc_times_the_total_bet(small) -> None:
    # here: the treasure is the Shoot-out; discs laid out 7, 1, 3; disc 0 is clicked: 7 × 10 coins.
    tape = quest_tape(
        ("board", 0, IDENTITY, 0, 2, None),
        ("permutation", 3, (2, 0, 1)),
        ("board", 1, IDENTITY, 0, 1, None),
        jackpot(0),
    )
    r = play(small, BET, tape, [3, 0, 0, 0], state=FOUR)
    (shot,) = of(r, ShootoutRevealEvent)
    assert (shot.index, shot.value, shot.coins, shot.values) == (0, 7, 70, [7, 1, 3])
    assert of(r, LocationEndEvent)[0].pot_coins == 70
    assert of(r, AdventureEndEvent)[0].win_coins == 70 + 20  # and the jackpot 10 × 10 / 5


def test_a_bonus_treasure_draws_its_value(small) -> None:
    tape = quest_tape(("board", 0, IDENTITY, 0, 0, 1), ("board", 1, IDENTITY, 0, 1, None), jackpot(0))
    r = play(small, BET, tape, [3, 0, 0], state=FOUR)
    first = of(r, ArtefactRevealEvent)[0]
    assert (first.treasure, first.value, first.coins) == ("bonus", 6, 60)


def test_every_pick_waits_for_the_player_and_resumes_where_it_stopped(small) -> None:
    tape = quest_tape(("board", 0, IDENTITY, 1, 1, None), ("board", 1, IDENTITY, 1, 1, None), jackpot(1))
    full = play(small, BET, tape, [4, 3, 0, 4, 0], state=FOUR)
    for k in range(5):
        part = run_round(small, BET, TapeRng(tape), [4, 3, 0, 4, 0][:k], state=FOUR)
        assert isinstance(part.pending, PickRequestEvent) and not part.finished
        assert part.events == full.events[: len(part.events)]
        assert part.events[-1] == part.pending and part.state_out is None
        revealed = of(part, ArtefactRevealEvent)
        assert len(revealed) == k
        here = [e for e in revealed if e.location == revealed[-1].location] if revealed else []
        assert part.pending.picked == ([e.position for e in here] if k not in (0, 3) else [])


def test_an_invalid_pick_is_refused(small) -> None:
    tape = quest_tape(("board", 0, IDENTITY, 1, 1, None))
    with pytest.raises(PickRefused):
        run_round(small, BET, TapeRng(tape), [4, 4], state=FOUR)
    with pytest.raises(PickRefused):
        run_round(small, BET, TapeRng(tape), [5], state=FOUR)


def test_amounts_follow_the_weighted_average_bet_not_the_current_one(small) -> None:
    """40 cents over 4 spins is 10 cents a spin: at 2 cents a coin that is 5 coins; bonus 3 → 15
    coins (30 cents, what 10 coins of 1 cent paid above); the jackpot 40 × 5 / 5 lines = 40 coins."""
    bet = Bet(lines=1, level=1, coin_value_cents=2)
    state = PassportState(active=(True, True, True, True, False), spins=3, bet_cents=38)  # + 2 cents now
    tape = quest_tape(("board", 0, IDENTITY, 1, 1, None), ("board", 1, IDENTITY, 1, 1, None), jackpot(1))
    r = play(small, bet, tape, [4, 3, 0, 4, 0], state=state)
    assert [e.coins for e in of(r, ArtefactRevealEvent)][:2] == [15, 15]
    assert of(r, JackpotEvent)[0].coins == 40
    assert of(r, AdventureEndEvent)[0].win_coins * bet.coin_value_cents == 190 * BET.coin_value_cents


def test_free_spins_play_at_the_bet_and_lines_of_the_triggering_spin(cascading) -> None:
    """The same round as above at level 2: every pay doubles, and only line 1 (the one in play)
    pays in the free spins."""
    bet = Bet(lines=1, level=2, coin_value_cents=5)
    tape = Tape()
    tape.stops((4,) * 5, (0,) * 5)
    tape.choice((1, 9), OFF)
    tape.stops((9,) * 5, (5,) * 5)
    tape.stops((9,) * 5, (0,) * 5)
    tape.stops((9,) * 5, (0,) * 5)
    r = play(cascading, bet, tape)
    free = [e for e in r.events if isinstance(e, SpinEvent | CascadeEvent) and e is not r.events[0]]
    assert {w.line for e in free for w in e.wins if w.kind == "line"} == {1}
    assert r.total_win_coins == 2 * (30 + 200) and r.total_win_cents == 5 * r.total_win_coins


def test_free_spins_start_no_super_mode_stamp_nothing_and_win_no_more_free_spins(cascading) -> None:
    """In the free spins above, five Keys show on the first spin and Passports reach the centre
    row after the cascades: no new trigger, no stamp; Super Mode is drawn once, for the base
    spin only (the tape holds no other draw)."""
    bet = Bet(lines=1, level=1, coin_value_cents=1)
    tape = Tape()
    tape.stops((4,) * 5, (0,) * 5)
    tape.choice((1, 9), OFF)
    tape.stops((9,) * 5, (5,) * 5)
    tape.stops((9,) * 5, (0,) * 5)
    tape.stops((9,) * 5, (0,) * 5)
    r = play(cascading, bet, tape)
    grids = [e.grid for e in r.events if isinstance(e, SpinEvent | CascadeEvent) and e is not r.events[0]]
    assert any(sum(col.count("k") for col in g) >= 3 for g in grids)
    assert any(all(col[1] == "p" for col in g) for g in grids)
    assert len(of(r, KeyTriggerEvent)) == 1 and not of(r, PassportsEvent) and not of(r, SuperModeStartEvent)
    assert r.state_out == PassportState()
