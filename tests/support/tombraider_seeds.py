"""Session seeds and quest picks for Tomb Raider's tests, found with the engine (never typed in).

A test that needs a situation (free spins climbing the ladder, Super Mode, the Global Adventure)
asks for it here by what it needs, and this module finds a session seed whose rounds reach it,
playing the engine at the default bet. Each search starts with the seed it found last time
(`hint`: no scan while the engine draws the same) and otherwise scans seeds from 1, so a change
of the engine's draws moves the seed, never the test. Results are cached for the test session.

Picks: in a session with a fixed seed every choice carries entropy 0, so what a pick reveals is
the seed's layout at that position. `Quest` reads a location's layout by trying each position
with the engine, and the plans below choose picks from it (the fragment, a trap, the Shoot-out)
instead of writing position numbers into the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.bets import default_bet
from game.definitions import GameDefinition, load_game
from game.money import Bet
from game.rng import SeedSource
from game.round import RoundResult, play_round

FOUR = {"version": 1, "active": [True, True, True, True, False], "spins": 40, "bet_cents": 1200}
"""A player's stored passports, reels 1–4 stamped: the fifth opens the Global Adventure."""


@cache
def game() -> tuple[GameDefinition, Bet]:
    """Tomb Raider's definition and its default bet (what a new session plays)."""
    defn = load_game("tombraider").definition
    return defn, default_bet(defn)


def first_round(session_seed: int, state: dict | None = None) -> RoundResult:
    """The first round of a session with `--seed session_seed`, up to its first pick."""
    defn, bet = game()
    return play_round(defn, bet, SeedSource(session_seed).next_seed(), state=state)


def _search(wanted: Callable[[int], bool], hint: int, what: str, limit: int = 20_000) -> int:
    if wanted(hint):
        return hint
    for s in range(1, limit):
        if s != hint and wanted(s):
            return s
    raise AssertionError(f"no session seed below {limit} gives {what}")


def _types(result: RoundResult) -> list[str]:
    return [e.type for e in result.events]


# -- the main game ---------------------------------------------------------------------------------
def _climbs_to_x3(s: int) -> bool:
    r = first_round(s)
    return r.pending is None and any(
        e.type == "cascade" and e.multiplier >= 3 and e.win_coins > 0 for e in r.events
    )


@cache
def cascade_session_seed() -> int:
    """A session whose first round plays free spins with a cascade paid at x3 or more (the
    ladder lit step by step up to it)."""
    return _search(_climbs_to_x3, 820, "free spins with a cascade paid at x3")


@cache
def super_session_seed() -> int:
    """A session whose first round starts Super Mode (no quest)."""
    return _search(
        lambda s: "super_mode_start" in _types(r := first_round(s)) and r.pending is None, 2, "Super Mode"
    )


def celebrated(win_coins: int) -> bool:
    """A round's win the reels celebrate (a tier reached: big, 15× the total bet, or more)."""
    from scenes.reels.win_presenter import win_tier

    return win_tier(win_coins, game()[1].total_coins) is not None


def _super_big_win(s: int) -> bool:
    r = first_round(s)
    kinds = _types(r)
    return (
        "super_mode_start" in kinds
        and kinds[-2:] == ["super_mode_end", "round_end"]
        and celebrated(r.total_win_coins)
    )


@cache
def super_big_win_session_seed() -> int:
    """A session whose first round ends with Super Mode (its last event before the round's end)
    and a win the reels celebrate."""
    return _search(_super_big_win, 205, "Super Mode ending the round with a big win")


# -- the Global Adventure ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Reveal:
    """What a pick shows: the artefact (with its treasure kind) and whether the location or the
    quest goes on after it."""

    artefact: str
    treasure: str | None
    ends_location: bool
    showdown: bool | None
    """The last trap's ending: a duel (True), the quest's end (False); None for any other pick."""


class Quest:
    """A quest round (`seed`, from `state`) played by the engine, for planning picks."""

    def __init__(self, seed: int, state: dict[str, Any] | None = None) -> None:
        self.seed = seed
        self.state = state

    def play(self, choices: Sequence[int]) -> RoundResult:
        defn, bet = game()
        return play_round(defn, bet, self.seed, list(choices), state=self.state)

    @staticmethod
    def discs_pending(result: RoundResult) -> bool:
        """The pick awaited is a Shoot-out disc (else an artefact on the map)."""
        return [e.type for e in result.events if e.type != "pick_request"][-1] == "shootout_start"

    @staticmethod
    def location(result: RoundResult) -> int:
        """The location being played (0-based)."""
        return [e.index for e in result.events if e.type == "location_start"][-1]

    def reveal(self, choices: Sequence[int], position: int) -> Reveal:
        """What picking `position` after `choices` shows (on the map)."""
        before = len(self.play(choices).events) - 1  # the pending request is the last event
        after = self.play([*choices, position]).events[before:]
        art = next(e for e in after if e.type == "artefact")
        down = next((e for e in after if e.type == "showdown"), None)
        return Reveal(
            art.artefact,
            art.treasure,
            any(e.type == "location_end" for e in after),
            None if down is None else down.showdown,
        )

    def layout(self, choices: Sequence[int]) -> dict[int, Reveal]:
        """Each position still face down at the location awaiting a pick, and what it shows."""
        pending = self.play(choices).pending
        assert pending is not None
        return {p: self.reveal(choices, p) for p in range(pending.options) if p not in pending.picked}

    def first_pickable(self, choices: Sequence[int] = (), disc: int = 0) -> tuple[list[int], RoundResult]:
        """The picks of a player who always takes the first face-down artefact (and `disc` in a
        Shoot-out), to the quest's end; and the finished round."""
        made = list(choices)
        r = self.play(made)
        while r.pending is not None:
            made.append(
                disc if self.discs_pending(r) else min(set(range(r.pending.options)) - set(r.pending.picked))
            )
            r = self.play(made)
        return made, r

    def bank(self, choices: list[int], *, shootout: bool = True, disc: int = 0) -> list[int]:
        """Picks at the current location: every bonus amount and treasure (the Shoot-out's only
        with `shootout`, its `disc`), then the fragment; returns the choices after them."""
        made = list(choices)
        at = self.location(self.play(made))
        while True:
            layout = self.layout(made)
            keep = [p for p, v in layout.items() if v.artefact in ("bonus", "treasure")]
            if not shootout:
                keep = [p for p in keep if layout[p].treasure != "shootout"]
            if not keep:
                made.append(next(p for p, v in layout.items() if v.artefact == "fragment"))
                break
            made.append(keep[0])
            if self.discs_pending(self.play(made)):
                made.append(disc)
        r = self.play(made)
        assert r.pending is None or self.location(r) == at + 1
        return made

    def quiet_pick(self, choices: Sequence[int]) -> int | None:
        """A position at the current location whose artefact leaves it open for the next pick
        (a bonus amount, a doubling or bonus treasure, a trap that is not the last)."""
        return next(
            (
                p
                for p, v in self.layout(choices).items()
                if not v.ends_location and v.treasure != "shootout" and v.artefact != "fragment"
            ),
            None,
        )


def _quest_from_four(s: int) -> bool:
    """The first round stamps the fifth passport and the quest opens at once on its first
    location (the spin pays nothing: spin, passports, adventure start, location start); the
    first face-down artefact leaves the location open; a player taking the first face-down
    artefact each time meets the Shoot-out."""
    r = first_round(s, FOUR)
    if r.pending is None or _types(r)[:4] != ["spin", "passports", "adventure_start", "location_start"]:
        return False
    quest = Quest(r.seed, FOUR)
    first = quest.reveal([], 0)
    if first.ends_location or first.treasure == "shootout" or first.artefact == "fragment":
        return False
    _picks, end = quest.first_pickable()
    return any(e.type == "shootout_start" for e in end.events)


@cache
def quest_session_seed() -> int:
    """With FOUR stored, a session whose first round opens the Global Adventure (see
    `_quest_from_four` for what else the tests rely on)."""
    return _search(_quest_from_four, 83, "the Global Adventure from four passports")


def quest_from_four() -> Quest:
    return Quest(first_round(quest_session_seed(), FOUR).seed, FOUR)


@cache
def picks_to_second_location() -> tuple[tuple[int, ...], int, str]:
    """Picks of the FOUR quest that bank the first location's fragment (its Shoot-out played if
    it holds one) and open one artefact of the second that leaves it open; with that
    position and the second location's id."""
    quest = quest_from_four()
    made = quest.bank([])
    p = quest.quiet_pick(made)
    assert p is not None, "the second location has no artefact that leaves it open"
    r = quest.play(made)
    second = next(e.location for e in r.events if e.type == "location_start" and e.index == 1)
    return (*made, p), p, second


@cache
def picks_to_every_fragment() -> tuple[int, ...]:
    """Picks of the FOUR quest that find all five fragments (each location's bonus amounts
    and treasures first, then its fragment): the jackpot follows."""
    quest = quest_from_four()
    made: list[int] = []
    while quest.play(made).pending is not None:
        made = quest.bank(made)
    assert any(e.type == "jackpot" for e in quest.play(made).events)
    return tuple(made)


@cache
def picks_to_duel() -> tuple[tuple[int, ...], int]:
    """Picks of the FOUR quest that reach a Showdown duel: fragments banked up to a location
    whose last trap draws the duel, then its traps; with that location's index."""
    quest = quest_from_four()
    made: list[int] = []
    while quest.play(made).pending is not None:
        at = quest.location(quest.play(made))
        trial = list(made)
        while True:
            layout = quest.layout(trial)
            trap = next(p for p, v in layout.items() if v.artefact == "trap")
            trial.append(trap)
            if layout[trap].ends_location:
                if layout[trap].showdown:
                    return tuple(trial), at
                break
        made = quest.bank(made, shootout=False)
    raise AssertionError("no location of this quest ends in a duel")


# -- a new player's collection ---------------------------------------------------------------------
@dataclass(frozen=True)
class NaturalQuest:
    """A session of a new player (nothing stored) at the default bet whose round `quest_round`
    (1-based) completes the passports and opens the Global Adventure; `stamps` are the rounds
    that stamped a passport, `states` the passports stored after each round before the quest
    (as stored: `PassportState.model_dump`), and `seed` the quest round's seed."""

    session_seed: int
    quest_round: int
    stamps: tuple[int, ...]
    states: tuple[dict[str, Any], ...]
    seed: int

    @property
    def last_stamp_before(self) -> int:
        """The last round before the quest that stamps a passport."""
        return max(k for k in self.stamps if k < self.quest_round)

    def quest(self) -> Quest:
        return Quest(self.seed, self.states[-1])


def natural_quest(session_seed: int, rounds: int = 10) -> NaturalQuest | None:
    """The session's first Global Adventure within `rounds` rounds, if any."""
    defn, bet = game()
    seeds = SeedSource(session_seed)
    state: Any = None
    stamps: list[int] = []
    states: list[dict[str, Any]] = []
    for k in range(1, rounds + 1):
        seed = seeds.next_seed()
        r = play_round(defn, bet, seed, state=state)
        if any(e.type == "passports" for e in r.events):
            stamps.append(k)
        if r.pending is not None:
            return NaturalQuest(session_seed, k, tuple(stamps), tuple(states), seed)
        state = r.state_out
        states.append(state.model_dump())
    return None


@cache
def natural_quest_session() -> NaturalQuest:
    """A session whose eighth round or earlier is a Global Adventure, a passport stamped in
    some round before it (a new player's collection is rarely so quick: about one session in
    three thousand, so the seed found is the hint; the scan from 1 is only a fallback)."""

    def quick(s: int) -> bool:
        q = natural_quest(s, 8)
        return q is not None and any(k < q.quest_round for k in q.stamps)

    found = natural_quest(_search(quick, 2777, "a Global Adventure within 8 rounds"), 8)
    assert found is not None
    return found


def pick_kinds(quest: Quest, picks: Sequence[int]) -> list[str]:
    """For each of `picks`, "disc" when it answers a Shoot-out, else "map"."""
    return ["disc" if quest.discs_pending(quest.play(picks[:i])) else "map" for i in range(len(picks))]


@cache
def natural_quest_picks() -> tuple[tuple[str, int], ...]:
    """The natural quest's picks to its third location: the first two locations' bonus amounts
    and treasures (a Shoot-out's disc with it) and fragments, then an artefact of the third
    that leaves it open; each with its kind ("map" or "disc")."""
    quest = natural_quest_session().quest()
    made = quest.bank(quest.bank([]))
    p = quest.quiet_pick(made)
    assert p is not None, "the third location has no artefact that leaves it open"
    made.append(p)
    return tuple(zip(pick_kinds(quest, made), made, strict=True))


def _quest_big_win(s: int) -> bool:
    r = first_round(s, FOUR)
    if r.pending is None:
        return False
    end = Quest(r.seed, FOUR).first_pickable()[1].events
    return celebrated(next(e.win_coins for e in end if e.type == "adventure_end"))


@cache
def quest_big_win_session_seed() -> int:
    """With FOUR stored, a session whose first round opens the quest and, the first artefact
    taken each time (a Shoot-out's first disc), the quest alone wins what the reels celebrate."""
    return _search(_quest_big_win, 245, "a quest from four passports winning a big win")
