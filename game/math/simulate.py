"""Monte Carlo simulation through the production engine, on one or several processes.

Rounds are played by the game's registered `simulate_batch` (see `game.games`), which uses the
same evaluation and feature functions as `play_round`; player picks are uniform, drawn from a
separate RNG. The work is cut into fixed chunks, each with its own seeds derived from the run's
seed (`numpy.random.SeedSequence(seed).spawn`), so a result depends on (seed, rounds, bet) and
not on how many worker processes ran it. Workers are started with the "spawn" method.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from game.bets import validate_bet
from game.definitions import GameDefinition
from game.evaluate import compile_game
from game.games import rules_for
from game.money import Bet
from game.rng import Rng

CHUNK_ROUNDS = 100_000
"""Rounds per chunk (one seed pair each); also the simulator's batch size."""
Z99 = 2.5758293035489004
"""Two-sided 99 % normal quantile."""


@dataclass
class ChunkStats:
    """Sums over some simulated rounds (mergeable)."""

    rounds: int = 0
    win_coins: int = 0
    win_sq: float = 0.0
    uncapped_coins: int = 0
    hits: int = 0
    largest: int = 0
    parts: dict[str, int] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def merge(self, other: ChunkStats) -> None:
        self.rounds += other.rounds
        self.win_coins += other.win_coins
        self.win_sq += other.win_sq
        self.uncapped_coins += other.uncapped_coins
        self.hits += other.hits
        self.largest = max(self.largest, other.largest)
        for mine, theirs in ((self.parts, other.parts), (self.counts, other.counts)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v


def chunk_seeds(seed: int, chunks: int) -> list[tuple[int, int]]:
    """(spin seed, pick seed) for each chunk, derived from the run's seed."""
    out = []
    for child in np.random.SeedSequence(seed).spawn(chunks):
        spin, pick = child.spawn(2)
        out.append((_as_int(spin), _as_int(pick)))
    return out


def _as_int(seq: np.random.SeedSequence) -> int:
    words = seq.generate_state(4, dtype=np.uint32)
    return sum(int(w) << (32 * i) for i, w in enumerate(words))


def run_chunk(defn: GameDefinition, bet: Bet, rounds: int, seeds: tuple[int, int]) -> ChunkStats:
    """Simulate `rounds` rounds with one seed pair, in batches of at most CHUNK_ROUNDS."""
    cg = compile_game(defn)
    rules = rules_for(defn)
    rng, pick_rng = Rng.from_seed(seeds[0]), Rng.from_seed(seeds[1])
    stats = ChunkStats()
    left = rounds
    while left > 0:
        n = min(left, CHUNK_ROUNDS)
        left -= n
        b = rules.simulate_batch(cg, bet, rng, pick_rng, n)
        wins = b.wins.astype(np.float64)
        stats.merge(
            ChunkStats(
                rounds=n,
                win_coins=int(b.wins.sum()),
                win_sq=float(np.dot(wins, wins)),
                uncapped_coins=int(b.uncapped.sum()),
                hits=int(np.count_nonzero(b.wins)),
                largest=int(b.wins.max()) if n else 0,
                parts=b.parts,
                counts=b.counts,
            )
        )
    return stats


_WORKER: dict[str, Any] = {}


def _worker_init(defn: GameDefinition, bet: Bet) -> None:
    _WORKER["defn"], _WORKER["bet"] = defn, bet


def _worker_chunk(task: tuple[int, int, tuple[int, int]]) -> tuple[int, ChunkStats]:
    index, rounds, seeds = task
    return index, run_chunk(_WORKER["defn"], _WORKER["bet"], rounds, seeds)


def simulate(
    defn: GameDefinition,
    bet: Bet,
    rounds: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Simulate `rounds` rounds; a JSON-ready report (RTP, 99 % interval, rates, speed).

    `progress(done, total)` is called as chunks finish.
    """
    if rounds < 2:
        raise ValueError("simulate at least 2 rounds")
    validate_bet(defn, bet)
    rules_for(defn)
    chunks = math.ceil(rounds / CHUNK_ROUNDS)
    seeds = chunk_seeds(seed, chunks)
    tasks = [(i, min(CHUNK_ROUNDS, rounds - i * CHUNK_ROUNDS), seeds[i]) for i in range(chunks)]
    workers = max(1, min(workers, chunks))
    start = time.perf_counter()
    results: dict[int, ChunkStats] = {}
    done = 0
    if workers == 1:
        for index, n, pair in tasks:
            results[index] = run_chunk(defn, bet, n, pair)
            done += n
            if progress:
                progress(done, rounds)
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers, initializer=_worker_init, initargs=(defn, bet)) as pool:
            for index, stats in pool.imap_unordered(_worker_chunk, tasks):
                results[index] = stats
                done += stats.rounds
                if progress:
                    progress(done, rounds)
    seconds = time.perf_counter() - start
    total = ChunkStats()
    for index in sorted(results):
        total.merge(results[index])
    return report(defn, bet, total, seconds, seed=seed, workers=workers)


def report(
    defn: GameDefinition, bet: Bet, s: ChunkStats, seconds: float, *, seed: int, workers: int
) -> dict[str, Any]:
    """The JSON-ready summary of merged chunk stats."""
    n = s.rounds
    stake = bet.total_coins
    rtp = s.win_coins / (n * stake)
    # Per-round x = win / total bet: sample variance from Σx and Σx².
    var = max(0.0, (s.win_sq / stake**2 - n * rtp * rtp) / (n - 1))
    half = Z99 * math.sqrt(var / n)
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
        "std_per_round": math.sqrt(var),
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
