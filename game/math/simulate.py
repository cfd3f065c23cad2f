"""Monte Carlo simulation through the production engine, on one or several processes.

Rounds are played by the game's registered `simulate_batch` (see `game.games.common`), which uses
the same evaluation and feature functions as `play_round`; player picks are uniform, drawn from a
separate RNG, and each carries a simulated entropy from that RNG (the played pick's swap, see
`game.round`). The work is cut into fixed chunks, each with its own seeds derived from the run's
seed (chunk i's seeds are child i of `numpy.random.SeedSequence(seed)`, derived when the chunk is
handed out), so a result depends on (seed, rounds, bet) and not on how many worker processes ran
it, and memory stays flat however many rounds are asked for: chunks are handed to the workers a
few at a time and merged in order as they come back. Workers are started with the "spawn" method.

Games whose rounds depend on earlier ones (`GameRules.stateful`) are played as `PLAYERS`
simulated players in lock-step within a chunk, each carrying its own state from round to round
(the batch state's first axis is the player); each chunk's players start from the game's
`initial_batch_state`.

Play ≡ simulation (`check_flow`): the batch keeps an evenly spread sample of rounds (seed, picks,
state in and out, see `game.tape`); every value either path draws comes from the same keyed draw
site (`game.draws.KeyedDraws`), so each kept round is played again through `game.round.play_round`
from its seed and the two totals (and states) must agree. `flow_mismatches` counts the rounds
where they do not. A kept pick is replayed with the entropy the batch drew for it.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from game.bets import validate_bet
from game.definitions import GameDefinition
from game.evaluate import compile_game
from game.games import rules_for
from game.math.volatility import LABELS, bucket_counts, distribution, sample_sd
from game.money import Bet
from game.rng import Rng

if TYPE_CHECKING:
    from game.tape import Tape

CHUNK_ROUNDS = 100_000
"""Rounds per chunk of a stateless game (one seed pair each); also its batch size."""
PLAYERS = 10_000
"""Simulated players per chunk of a stateful game (the batch size)."""
PLAYER_ROUNDS = 100
"""Rounds each simulated player of a stateful game plays per chunk."""
Z99 = 2.5758293035489004
"""Two-sided 99 % normal quantile."""
IN_FLIGHT = 2
"""Chunks handed to each worker ahead of the results (keeps memory flat in the number of rounds)."""
MISMATCH_EXAMPLES = 5


@dataclass
class ChunkStats:
    """Sums over some simulated rounds (mergeable)."""

    rounds: int = 0
    win_coins: int = 0
    win_sq: float = 0.0
    win_cube: float = 0.0
    win_quad: float = 0.0
    buckets: np.ndarray = field(default_factory=lambda: np.zeros(len(LABELS), dtype=np.int64))
    uncapped_coins: int = 0
    hits: int = 0
    largest: int = 0
    parts: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    flow_checked: int = 0
    flow_mismatches: int = 0
    flow_feature_rounds: int = 0
    mismatch_examples: list[str] = field(default_factory=list)

    def merge(self, other: ChunkStats) -> None:
        self.rounds += other.rounds
        self.win_coins += other.win_coins
        self.win_sq += other.win_sq
        self.win_cube += other.win_cube
        self.win_quad += other.win_quad
        self.buckets = self.buckets + other.buckets
        self.uncapped_coins += other.uncapped_coins
        self.hits += other.hits
        self.largest = max(self.largest, other.largest)
        for mine, theirs in ((self.parts, other.parts), (self.counts, other.counts)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        self.flow_checked += other.flow_checked
        self.flow_mismatches += other.flow_mismatches
        self.flow_feature_rounds += other.flow_feature_rounds
        room = MISMATCH_EXAMPLES - len(self.mismatch_examples)
        self.mismatch_examples.extend(other.mismatch_examples[: max(room, 0)])


def chunk_seed(seed: int, index: int) -> tuple[int, int]:
    """(spin seed, pick seed) of chunk `index`: child `index` of the run's SeedSequence."""
    child = np.random.SeedSequence(seed, spawn_key=(index,))
    spin, pick = child.spawn(2)
    return _as_int(spin), _as_int(pick)


def chunk_seeds(seed: int, chunks: int) -> list[tuple[int, int]]:
    """The first `chunks` chunks' seed pairs (see `chunk_seed`)."""
    return [chunk_seed(seed, i) for i in range(chunks)]


def _as_int(seq: np.random.SeedSequence) -> int:
    words = seq.generate_state(4, dtype=np.uint32)
    return sum(int(w) << (32 * i) for i, w in enumerate(words))


def chunk_size(defn: GameDefinition) -> int:
    """Rounds per chunk for this game."""
    return PLAYERS * PLAYER_ROUNDS if rules_for(defn).stateful else CHUNK_ROUNDS


def checked_rounds(total: int, check: int, start: int, n: int) -> np.ndarray:
    """Which of the rounds start..start+n-1 (of `total`) are taped: `check` rounds spread evenly."""
    if check <= 0 or n <= 0:
        return np.zeros(0, dtype=np.int64)
    check = min(check, total)
    # round j·total // check for j = 0..check-1; those inside [start, start + n)
    lo = -(-start * check // total)
    hi = -(-(start + n) * check // total)
    picks = np.arange(lo, hi, dtype=np.int64) * total // check
    return picks[(picks >= start) & (picks < start + n)] - start


def run_chunk(
    defn: GameDefinition,
    bet: Bet,
    rounds: int,
    seeds: tuple[int, int],
    record: np.ndarray | None = None,
) -> ChunkStats:
    """Simulate `rounds` rounds with one seed pair; tape and replay the rounds in `record`
    (indices within the chunk)."""
    cg = compile_game(defn)
    rules = rules_for(defn)
    rng, pick_rng = Rng.from_seed(seeds[0]), Rng.from_seed(seeds[1])
    rec = np.zeros(0, dtype=np.int64) if record is None else np.asarray(record, dtype=np.int64)
    stats = ChunkStats()
    if rules.stateful:
        players = min(PLAYERS, rounds)
        assert rules.initial_batch_state is not None
        state = rules.initial_batch_state(cg, bet, rng, players)
        done = 0
        while done < rounds:
            n = min(players, rounds - done)
            part = state if n == players else state[:n]
            mine = rec[(rec >= done) & (rec < done + n)] - done
            b = rules.simulate_batch(cg, bet, rng, pick_rng, n, state=part, record=mine)
            if n == players:
                state = b.state
            _merge_batch(stats, defn, bet, b, n)
            done += n
    else:
        done = 0
        while done < rounds:
            n = min(rounds - done, CHUNK_ROUNDS)
            mine = rec[(rec >= done) & (rec < done + n)] - done
            b = rules.simulate_batch(cg, bet, rng, pick_rng, n, record=mine)
            _merge_batch(stats, defn, bet, b, n)
            done += n
    return stats


def _merge_batch(stats: ChunkStats, defn: GameDefinition, bet: Bet, b: Any, n: int) -> None:
    wins = b.wins.astype(np.float64)
    sq = wins * wins
    one = ChunkStats(
        rounds=n,
        win_coins=int(b.wins.sum()),
        win_sq=float(sq.sum()),
        win_cube=float(np.dot(sq, wins)),
        win_quad=float(np.dot(sq, sq)),
        buckets=bucket_counts(b.wins, bet.total_coins),
        uncapped_coins=int(b.uncapped.sum()),
        hits=int(np.count_nonzero(b.wins)),
        largest=int(b.wins.max()) if n else 0,
        parts=b.parts,
        counts=b.counts,
    )
    if b.tapes:
        check_tapes(defn, bet, b.tapes, b.wins, one)
    stats.merge(one)


def check_tapes(
    defn: GameDefinition, bet: Bet, tapes: dict[int, Tape], wins: np.ndarray, out: ChunkStats
) -> None:
    """Play each kept round through the flow from its seed and compare it with the batch (`out`
    counts)."""
    from game.events import SpinEvent
    from game.round import play_round

    for i, tape in sorted(tapes.items()):
        out.flow_checked += 1
        problem = ""
        try:
            if tape.seed is None:
                raise ValueError("the batch kept no seed for this round")
            result = play_round(
                defn, bet, tape.seed, tape.choices, state=tape.state_in, entropies=tape.entropies
            )
            # a feature round: more than the base spin (re-spins, free spins...) or a pick
            spins = sum(isinstance(e, SpinEvent) for e in result.events)
            out.flow_feature_rounds += spins > 1 or bool(tape.choices)
            if not result.finished:
                problem = "the flow still waits for a pick after the kept picks"
            elif result.total_win_coins != int(wins[i]):
                problem = f"the flow paid {result.total_win_coins} coins, the batch {int(wins[i])}"
            elif tape.state_out is not None and result.state_out != tape.state_out:
                problem = f"the flow left state {result.state_out!r}, the batch {tape.state_out!r}"
        except ValueError as exc:
            problem = f"{type(exc).__name__}: {exc}"
        if problem:
            out.flow_mismatches += 1
            if len(out.mismatch_examples) < MISMATCH_EXAMPLES:
                out.mismatch_examples.append(f"round {i} of its batch: {problem}")


_WORKER: dict[str, Any] = {}


def _worker_init(defn: GameDefinition, bet: Bet) -> None:
    _WORKER["defn"], _WORKER["bet"] = defn, bet


def _worker_chunk(task: tuple[int, int, tuple[int, int], np.ndarray]) -> tuple[int, ChunkStats]:
    index, rounds, seeds, record = task
    return index, run_chunk(_WORKER["defn"], _WORKER["bet"], rounds, seeds, record)


def _tasks(
    rounds: int, size: int, seed: int, check: int
) -> Iterator[tuple[int, int, tuple[int, int], np.ndarray]]:
    """The chunks one at a time: (index, rounds, seeds, rounds to tape)."""
    chunks = math.ceil(rounds / size)
    for i in range(chunks):
        n = min(size, rounds - i * size)
        yield i, n, chunk_seed(seed, i), checked_rounds(rounds, check, i * size, n)


def simulate(
    defn: GameDefinition,
    bet: Bet,
    rounds: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    check_flow: int = 0,
) -> dict[str, Any]:
    """Simulate `rounds` rounds; a JSON-ready report (RTP, 99 % interval, rates, speed).

    `progress(done, total)` is called as chunks finish. `check_flow` rounds, spread evenly over
    the run, are also played through the flow and compared (`flow_checked`, `flow_mismatches`).
    """
    if rounds < 2:
        raise ValueError("simulate at least 2 rounds")
    if check_flow < 0:
        raise ValueError("check_flow must not be negative")
    validate_bet(defn, bet)
    size = chunk_size(defn)
    chunks = math.ceil(rounds / size)
    workers = max(1, min(workers, chunks))
    start = time.perf_counter()
    total = ChunkStats()
    tasks = _tasks(rounds, size, seed, check_flow)
    if workers == 1:
        for _index, n, pair, record in tasks:
            total.merge(run_chunk(defn, bet, n, pair, record))
            if progress:
                progress(total.rounds, rounds)
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers, initializer=_worker_init, initargs=(defn, bet)) as pool:
            pending: dict[int, Any] = {}
            ready: dict[int, ChunkStats] = {}
            next_merge = 0
            exhausted = False
            while not exhausted or pending:
                while not exhausted and len(pending) < workers * IN_FLIGHT:
                    task = next(tasks, None)
                    if task is None:
                        exhausted = True
                        break
                    pending[task[0]] = pool.apply_async(_worker_chunk, (task,))
                done = [i for i, res in pending.items() if res.ready()]
                if not done:
                    next(iter(pending.values())).wait(0.05)
                    continue
                for i in done:
                    index, stats = pending.pop(i).get()
                    ready[index] = stats
                # merge in chunk order, so the float sums do not depend on worker timing
                while next_merge in ready:
                    total.merge(ready.pop(next_merge))
                    next_merge += 1
                if progress:
                    progress(total.rounds + sum(s.rounds for s in ready.values()), rounds)
    seconds = time.perf_counter() - start
    out = report(defn, bet, total, seconds, seed=seed, workers=workers)
    if check_flow:
        out["flow_checked"] = total.flow_checked
        out["flow_mismatches"] = total.flow_mismatches
        out["flow_checked_feature_rounds"] = total.flow_feature_rounds
        if total.mismatch_examples:
            out["flow_mismatch_examples"] = total.mismatch_examples
    return out


def report(
    defn: GameDefinition, bet: Bet, s: ChunkStats, seconds: float, *, seed: int, workers: int
) -> dict[str, Any]:
    """The JSON-ready summary of merged chunk stats."""
    n = s.rounds
    stake = bet.total_coins
    rtp = s.win_coins / (n * stake)
    # Per-round x = win / total bet: sample variance from Σx and Σx², the SD's interval from
    # Σx³ and Σx⁴ (delta method, `sample_sd`).
    sd, sd_se = sample_sd(
        n, s.win_coins / stake, s.win_sq / stake**2, s.win_cube / stake**3, s.win_quad / stake**4
    )
    half = Z99 * sd / math.sqrt(n)
    rates = {name: count / n for name, count in sorted(s.counts.items())}
    parts = {name: coins / (n * stake) for name, coins in s.parts.items()}
    if s.uncapped_coins != s.win_coins:
        parts["cap"] = (s.win_coins - s.uncapped_coins) / (n * stake)
    triggers = s.counts.get("free_spins", 0)
    return {
        "game": defn.id,
        "seed": seed,
        "bet": {"lines": bet.lines, "level": bet.level, "coin_value_cents": bet.coin_value_cents},
        "rounds": n,
        "rtp": rtp,
        "ci99": [rtp - half, rtp + half],
        "std_per_round": sd,
        "std_ci99": [max(0.0, sd - Z99 * sd_se), sd + Z99 * sd_se],
        "distribution": distribution(s.buckets, n),
        "rtp_published": defn.rtp_published,
        "rtp_parts": parts,
        "hit_frequency": s.hits / n,
        "free_spins_rate": rates.get("free_spins", 0.0),
        "free_spins_per_trigger": (s.counts.get("free_spins_played", 0) / triggers) if triggers else None,
        "feature_rates": rates,
        "largest_win": {"coins": s.largest, "x_bet": s.largest / stake},
        "workers": workers,
        "seconds": seconds,
        "rounds_per_second": n / seconds if seconds > 0 else None,
    }


def default_workers() -> int:
    """One worker per available CPU."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)
