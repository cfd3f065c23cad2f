"""Fault injection, per game: SIGKILL at random instants over hundreds of rounds, checked round by
round against a replay.

A child process plays one game through the real round driver (`game.session.RoundDriver` over a
`game.ledger.Ledger`: the money contract the app uses, with no screen) round after round, with
random bets (every offered line count, level and coin value), random picks and a top-up whenever
the balance runs short. It is killed with SIGKILL either after a random delay (wherever it is) or
from inside SQLite just before a random statement (so kills land inside transactions too). After
each kill the parent:

1. reopens the ledger: no damage reported, the full check (`verify`) clean;
2. finds every round the child reported finished, closed with the win it reported;
3. resumes the open round, if any, through a new driver (never void), finishes it with its own
   picks and checks it credited exactly once;
4. replays every round closed since the last kill through the engine (`play_round` with the
   stored bet, seed and choices, and for a stateful game the state the previous round left,
   which must be the state kept with the round): the stored win and events must be the
   replay's, the stored state the last round's.

Then the next child goes on with the same ledger, so one run covers hundreds of rounds and kills.
Children are forked from one warmed-up process (imports paid once).

    python -m tests.game.faults [--game ID ...] [--kills N] [--seed S]

prints one JSON line per game (kills, rounds replayed, where the kills landed) and exits 1 on any
failure; `make faults` runs every installed game with 300 kills. The test suite runs a few kills
per game (tests/game/test_faults.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START_BALANCE = 20_000

# The zygote: imports once, then for each command line "<game> <ledger> <seed> <stmt>" forks a
# child that plays until it is killed (stmt > 0: it kills itself before that SQL statement).
# Reports are single os.write() calls on the pipe (atomic below PIPE_BUF).
ZYGOTE = r"""
import os, random, sys
sys.path.insert(0, os.path.join(os.getcwd(), "tests", "support"))
from game.ledger import Ledger
from game.session import RoundDriver
from tests.game.faults import load, pick, random_bet
from tests.game.sqlite_kill import install_killer

START = int(sys.argv[1])
loaded = {}


def tell(*words):
    os.write(1, (" ".join(map(str, words)) + "\n").encode())


class Seeds:
    def __init__(self, rng):
        self.rng = rng

    def next_seed(self):
        return self.rng.getrandbits(64)


for command in sys.stdin:
    game, path, seed, stmt = command.split()
    if game not in loaded:
        loaded[game] = load(game)
    pid = os.fork()
    if pid == 0:
        if int(stmt):
            install_killer("stmt", int(stmt))
        rng = random.Random(int(seed))
        led = Ledger.open(__import__("pathlib").Path(path), start_balance_cents=START)
        driver = RoundDriver(led, loaded[game], Seeds(rng), led.start_session())
        tell("ready", os.getpid())
        while True:
            bet = random_bet(loaded[game].definition, rng)
            if not driver.can_afford(bet):
                led.top_up(min_bet_cents=bet.total_cents)
                tell("T")
            view = driver.start(bet)
            tell("B", view.round_id)
            while driver.pending is not None:
                choice = pick(driver.pending, rng)
                driver.choose(choice)
                tell("C", view.round_id, choice)
            balance = driver.finish()
            tell("F", view.round_id, driver.total_win_coins, balance)
    _, status = os.waitpid(pid, 0)
    tell("exit", os.waitstatus_to_exitcode(status))
"""


TEST_GAMES = ("relic",)
"""Test-only games (tests/support) the suite can also run: Relic keeps state across rounds."""


def load(game_id: str):
    """An installed game by id, or a test-only game (registered first)."""
    if game_id in TEST_GAMES:
        support = str(ROOT / "tests" / "support")
        if support not in sys.path:
            sys.path.insert(0, support)
        import relicgame

        from game.definitions import load_definition

        relicgame.register()
        return load_definition(Path(relicgame.DATA) / game_id / "game.toml")
    from game.definitions import load_game

    return load_game(game_id)


def random_bet(defn, rng: random.Random):
    """Any stake the game offers."""
    from game.bets import default_bet, make_bet

    opts = defn.bet
    lines = rng.randint(1, len(defn.lines)) if opts.lines_selectable else default_bet(defn).lines
    return make_bet(
        defn, lines=lines, level=rng.choice(opts.levels), coin_value_cents=rng.choice(opts.coin_values_cents)
    )


def pick(pending, rng: random.Random) -> int:
    """A valid pick for a pending request."""
    return rng.choice([i for i in range(pending.options) if i not in pending.picked])


class Replayer:
    """Replays the ledger's rounds of one game in order, carrying the game's state."""

    def __init__(self, game_id: str) -> None:
        from game.games import rules_for

        self.loaded = load(game_id)
        self.rules = rules_for(self.loaded.definition)
        model = self.rules.state_model
        self.state = model() if model is not None else None
        self.checked_to = 0  # round ids up to this one are replayed
        self.replayed = 0

    def check(self, led) -> None:
        from game.events import events_to_json
        from game.round import play_round
        from game.session import STATE_KEY

        defn = self.loaded.definition
        for rec in reversed(led.history(100_000, 0, defn.id)):
            if rec.round_id <= self.checked_to:
                continue
            if rec.status == "open":
                raise AssertionError(f"round {rec.round_id} is still open after the resume")
            assert rec.status == "closed", f"round {rec.round_id} is {rec.status}: {rec.void_reason}"
            if self.state is not None:  # the state kept with the round is the one it began with
                assert rec.state_in == self.state.model_dump(mode="json"), f"round {rec.round_id}: state_in"
            result = play_round(
                defn, rec.bet, rec.seed, list(rec.choices), state=self.state, entropies=rec.entropies
            )
            assert result.finished, f"round {rec.round_id}: the replay waits for a pick"
            assert rec.win_coins == result.total_win_coins, (
                rec.round_id,
                rec.win_coins,
                result.total_win_coins,
            )
            assert rec.events == events_to_json(list(result.events)), f"round {rec.round_id}: events differ"
            if result.state_out is not None:
                self.state = result.state_out
            self.checked_to = rec.round_id
            self.replayed += 1
        if self.state is not None:
            stored = led.get_state(defn.id, STATE_KEY)
            expected = self.state.model_dump(mode="json")
            assert stored in (None, expected), f"stored state {stored}, the replay's {expected}"


def after_kill(path: Path, lines: list[list[str]], replayer: Replayer, rng: random.Random) -> str:
    """Steps 1-4 of the module docstring; returns where the kill landed."""
    from game.ledger import Ledger
    from game.session import RoundDriver

    with Ledger.open(path, start_balance_cents=START_BALANCE) as led:
        assert led.notice is None, led.notice  # a kill never damages the file
        problems = led.verify()
        assert problems == [], problems
        for _, rid, *rest in (x for x in lines if x[0] == "F"):
            record = led.round_detail(int(rid))
            assert record.status == "closed" and record.win_coins == int(rest[0]), (rid, record.status)
        open_round = led.open_round()
        if open_round is not None:
            driver = RoundDriver(led, replayer.loaded, _NoSeeds(), None)
            view = driver.resume()  # never refused: the data and engine are the round's own
            assert view is not None and view.round_id == open_round.round_id
            while driver.pending is not None:
                driver.choose(pick(driver.pending, rng))
            before = led.balance_cents
            after = driver.finish()
            assert after == before + open_round.bet.coins_to_cents(driver.total_win_coins)
            journal = led._conn.execute(
                "SELECT kind FROM transactions WHERE round_id = ? ORDER BY id", (open_round.round_id,)
            ).fetchall()
            assert journal == [("bet",), ("win",)], journal  # debited once, credited once
        replayer.check(led)
        assert led.verify() == []
    last = lines[-1][0] if lines else "open"
    where = {
        "open": "while opening",
        "ready": "between rounds",
        "T": "after a top-up",
        "B": "mid-round",
        "C": "after a pick",
        "F": "after a credit",
    }.get(last, last)
    return f"{where}, {'a round resumed' if open_round is not None else 'nothing open'}"


class _NoSeeds:
    def next_seed(self) -> int:
        raise AssertionError("the parent never starts a round")


def run(game_id: str, kills: int, seed: int, folder: Path) -> dict:
    """Kill a child playing `game_id` `kills` times; return the counts (raises on any failure)."""
    rng = random.Random(seed)
    path = folder / f"{game_id}.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    zygote = subprocess.Popen(
        [sys.executable, "-c", ZYGOTE, str(START_BALANCE)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert zygote.stdin is not None and zygote.stdout is not None
    replayer = Replayer(game_id)
    landed: dict[str, int] = {}
    started = time.monotonic()
    try:
        for _ in range(kills):
            # half the kills from inside SQLite before a random statement (transactions cut
            # open), half from outside after a random delay (anywhere, reels spinning or not)
            stmt = rng.randint(1, 2_000) if rng.random() < 0.5 else 0
            zygote.stdin.write(f"{game_id} {path} {rng.getrandbits(32)} {stmt}\n")
            zygote.stdin.flush()
            lines: list[list[str]] = []
            while True:
                line = zygote.stdout.readline()
                if not line:
                    raise AssertionError(
                        f"the zygote died: {zygote.stderr.read()[-3000:] if zygote.stderr else ''}"
                    )
                words = line.split()
                if words[0] == "exit":
                    break
                lines.append(words)
                if words[0] == "ready" and not stmt:
                    time.sleep(rng.uniform(0.0, 0.6))
                    os.kill(int(words[1]), signal.SIGKILL)
            assert words == ["exit", str(-signal.SIGKILL)], (lines[-3:], words)
            where = after_kill(path, lines, replayer, rng)
            landed[where] = landed.get(where, 0) + 1
    finally:
        zygote.stdin.close()
        zygote.wait(timeout=60)
    from game.ledger import Ledger

    with Ledger.open(path) as led:  # and once more, every round from the first
        full = Replayer(game_id)
        full.check(led)
        rounds = led.count_rounds()
    return {
        "game": game_id,
        "kills": kills,
        "rounds": rounds,
        "rounds_replayed": full.replayed,
        "seconds": round(time.monotonic() - started, 1),
        "landed": dict(sorted(landed.items())),
    }


def main(argv: list[str] | None = None) -> int:
    from game.definitions import list_game_ids

    parser = argparse.ArgumentParser(prog="python -m tests.game.faults", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", action="append", help="a game id (default: every installed game, and the test-only Relic)"
    )
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args(argv)
    failed = False
    for game_id in args.game or [*list_game_ids(), *TEST_GAMES]:
        with tempfile.TemporaryDirectory(prefix="reelhouse-faults-") as tmp:
            try:
                print(json.dumps(run(game_id, args.kills, args.seed, Path(tmp))), flush=True)
            except AssertionError as exc:
                failed = True
                print(json.dumps({"game": game_id, "failure": str(exc)[:2000]}), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
