"""Draw sites: the draw order written once (issue 21).

A round's draws come from `KeyedDraws(seed)`, one counter-based stream per draw site, keyed by
(round seed, site name, part): draw i of a site is the SplitMix64 output at counter i·2**20 + 1
from the site's key (`site_key`, `keyed_below`). The flow names the site of each draw and counts
per site; the batch simulators compute the same values for arrays of rounds (`site_keys`,
`keyed_below_many`, `keyed_stops`, `keyed_choices`, `keyed_permutations`), in any order.
`SequentialDraws` answers the same calls from one PCG64 stream in play order: how engine 1.0.0
drew, so its rounds replay as played. The mixing and the unbiased draws themselves are
`game.rng`'s.
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from game.rng import (
    _BLOCK,
    _GAMMA,
    _MASK64,
    _S32,
    RAW_SPAN,
    Rng,
    _as_u64,
    _below_each,
    _below_top,
    _mix64,
    _mix64_array,
    _mix64_top,
    _mix_block,
    _total,
    _weighted,
)

_DRAW_TAG = 0x445241575F534954  # "DRAW_SIT": keeps draw-site streams apart from pick streams
_ATTEMPT_BITS = 20
"""A draw's rejection attempts take counters index·2**20 + 1, + 2, …, so the draws of one site
never share a counter (more than 2**20 attempts has odds below 2**-(2**20))."""


@functools.lru_cache(maxsize=256)
def site_tag(site: str) -> int:
    """A draw site's name as a 64-bit tag (BLAKE2b of its UTF-8 text: stable across versions)."""
    return int.from_bytes(hashlib.blake2b(site.encode(), digest_size=8).digest(), "little")


def site_key(seed: int, site: str, part: int = 0) -> int:
    """The key of one draw site's stream in one round: seed, site name and part mixed in turn.

    A site is a place in the rules that draws (e.g. "base" for the base spin's stops); `part`
    tells repeated places apart (e.g. the number of a quest). Draw i of the site is the SplitMix64
    output at counter i·2**20 + 1 (`keyed_below`), so what one site draws never depends on how
    many values another site drew (issue 21, "the draw order written once")."""
    state = _mix64((seed & _MASK64) ^ _DRAW_TAG)
    return _mix64(state ^ _place(site, part))


def _place(site: str, part: int) -> int:
    """A site and part as one 64-bit value (mixed, so parts of a site are far apart)."""
    return _mix64(site_tag(site) ^ ((part * _GAMMA) & _MASK64))


def keyed_below(key: int, index: int, n: int) -> int:
    """Draw `index` of the stream `key`: uniform in [0, n), by rejection on the top 32 bits of
    SplitMix64 outputs (like `Rng.below`, no bias)."""
    if not 1 <= n <= RAW_SPAN:
        raise ValueError(f"range must be 1..{RAW_SPAN}, got {n}")
    limit = RAW_SPAN - (RAW_SPAN % n)
    counter = index << _ATTEMPT_BITS
    while True:
        counter += 1
        r = _mix64((key + counter * _GAMMA) & _MASK64) >> 32
        if r < limit:
            return r % n


def round_keys(seeds: Any) -> np.ndarray:
    """Each round seed mixed once (uint64): what `site_keys` starts from, computed once for a
    batch that draws at many sites (`site_keys(round_keys(seeds), site, prepared=True)`)."""
    state = _as_u64(seeds)
    state ^= np.uint64(_DRAW_TAG)
    return _mix64_array(state)


def site_keys(seeds: Any, site: str, parts: Any = 0, *, prepared: bool = False) -> np.ndarray:
    """`site_key` for arrays of round seeds and parts (broadcast together), as uint64; with
    `prepared`, `seeds` are already `round_keys`."""
    state = np.asarray(seeds, dtype=np.uint64) if prepared else round_keys(seeds)
    if np.ndim(parts) == 0:
        return _mix64_array(state ^ np.uint64(_place(site, int(parts))))
    part = _as_u64(parts) * np.uint64(_GAMMA)
    part ^= np.uint64(site_tag(site))
    return _mix64_array(state ^ _mix64_array(part))


def keyed_below_many(keys: Any, index: Any, n: Any) -> np.ndarray:
    """`keyed_below` for arrays of keys, indices and ranges (broadcast together), as int64:
    element for element the same values."""
    if np.ndim(index) == 0 and np.ndim(n) == 0:
        return _keyed_below_keys(np.asarray(keys, dtype=np.uint64), int(index), int(n))
    key = np.asarray(keys, dtype=np.uint64)
    idx = np.asarray(index, dtype=np.int64)
    span = np.asarray(n, dtype=np.int64)
    if span.ndim == 0:
        if not 1 <= int(span) <= RAW_SPAN:
            raise ValueError(f"range must be 1..{RAW_SPAN}, got {n}")
    elif span.size and not (span.min() >= 1 and span.max() <= RAW_SPAN):
        raise ValueError(f"range must be 1..{RAW_SPAN}, got {n}")
    shape = np.broadcast_shapes(key.shape, idx.shape, span.shape)
    counter = (idx.astype(np.uint64) << np.uint64(_ATTEMPT_BITS)) + np.uint64(1)
    with np.errstate(over="ignore"):  # 0-d uint64 products warn where arrays silently wrap
        state = key + counter * np.uint64(_GAMMA)
    if state.shape != shape:  # a range array wider than the keys and indices
        state = np.broadcast_to(state, shape).copy()
    size = span.astype(np.uint64)
    limit = np.uint64(RAW_SPAN) - np.uint64(RAW_SPAN) % size  # on the ranges, before broadcasting
    if size.shape != shape and size.ndim:
        size, limit = np.broadcast_to(size, shape), np.broadcast_to(limit, shape)
    r = _mix64_top(state.copy())
    out = _below_top(r, int(size)) if not size.ndim else _below_each(r, size)
    bad = r >= limit
    if bad.any():  # rejected draws (fewer than n in 2**32) take the next counters
        todo = np.nonzero(bad)
        step = 1
        while todo[0].size:
            lim, sz = (limit, size) if not size.ndim else (limit[todo], size[todo])
            r = _mix64_array(state[todo] + np.uint64(step * _GAMMA & _MASK64)) >> np.uint64(32)
            ok = r < lim
            hit = tuple(t[ok] for t in todo)
            out[hit] = _below_top(r[ok], int(sz)) if not size.ndim else _below_each(r[ok], sz[ok])
            todo = tuple(t[~ok] for t in todo)
            step += 1
    return out


def _keyed_below_keys(key: np.ndarray, index: int, n: int, into: np.ndarray | None = None) -> np.ndarray:
    """`keyed_below_many` with one index and one range (the common case). `into` (an int64 array
    of the keys' size, e.g. a column of stops) receives the values instead of a new array."""
    start = ((index << _ATTEMPT_BITS) + 1) * _GAMMA & _MASK64
    out = _below_at(np.ascontiguousarray(key, dtype=np.uint64).reshape(-1), start, n, into)
    result: np.ndarray = out if into is not None else out.reshape(np.shape(key))
    return result


def _below_at(base: np.ndarray, offset: int, n: int, into: np.ndarray | None = None) -> np.ndarray:
    """The draw below n whose first counter state is base + offset, for each uint64 of the
    contiguous 1-d `base` (a key plus its counter times the gamma): each block stepped, mixed and
    reduced while it is in the cache; a rejected value takes the states after it."""
    if not 1 <= n <= RAW_SPAN:
        raise ValueError(f"range must be 1..{RAW_SPAN}, got {n}")
    start = np.uint64(offset)
    limit = RAW_SPAN - RAW_SPAN % n
    out = np.empty(base.size, dtype=np.int64) if into is None else into
    size = min(base.size, _BLOCK)
    z, tmp = np.empty(size, dtype=np.uint64), np.empty(size, dtype=np.uint64)
    rejected = []
    n32 = np.uint32(n) if n <= 0xFFFFFFFF else None
    for i in range(0, base.size, _BLOCK):
        block = base[i : i + _BLOCK]
        r, t = z[: block.size], tmp[: block.size]
        np.add(block, start, out=r)
        _mix_block(r, t)
        r >>= _S32
        top = r.astype(np.uint32)
        if limit < RAW_SPAN and top.max() >= limit:  # rejected values (rare): drawn again below
            rejected.append(np.flatnonzero(top >= limit) + i)
        if n32 is None:  # n == 2**32: every value is its own remainder
            out[i : i + block.size] = top
        else:  # the remainder in 32 bits: a division by one number is a multiplication (libdivide)
            q = top // n32
            q *= n32
            top -= q
            out[i : i + block.size] = top
    if rejected:  # rejected draws (fewer than n in 2**32) take the next counters
        bad = np.concatenate(rejected)
        step = 1
        while bad.size:
            r = _mix64_top(base[bad] + start + np.uint64(step * _GAMMA & _MASK64))
            ok = r < np.uint64(limit)
            out[bad[ok]] = _below_top(r[ok], n)
            bad = bad[~ok]
            step += 1
    return out


def keyed_stops(keys: np.ndarray, lengths: Sequence[int], first: Any = 0) -> np.ndarray:
    """Reel stops for each key: row k is what `KeyedDraws.stops` gives at a site whose stream
    stands at draw `first` (reel r takes draw first + r); shape (len(keys), reels)."""
    key = np.asarray(keys, dtype=np.uint64)
    start = np.asarray(first, dtype=np.int64)
    out = np.empty((len(key), len(lengths)), dtype=np.int64)
    if start.ndim:  # each key's own first draw: its counter state once, the reels' offsets after
        counter = (
            np.broadcast_to(start, key.shape).astype(np.uint64) << np.uint64(_ATTEMPT_BITS)
        ) + np.uint64(1)
        counter *= np.uint64(_GAMMA)
        counter += key
        base = counter.reshape(-1)
        for r, n in enumerate(lengths):  # reel r: draw first + r, a column at a time
            _below_at(base, (r << _ATTEMPT_BITS) * _GAMMA & _MASK64, int(n), into=out[:, r])
        return out
    for r, n in enumerate(lengths):  # a column at a time: one index and one range each
        _keyed_below_keys(key.reshape(-1), int(start) + r, int(n), into=out[:, r])
    return out


def keyed_permutations(keys: np.ndarray, n: int, first: Any = 0) -> np.ndarray:
    """A uniform order of range(n) for each key, as `KeyedDraws.permutation` (Fisher–Yates: the
    swap for position i = n-1 … 1 takes the site's next draw below i + 1)."""
    count = len(keys)
    out = np.tile(np.arange(n, dtype=np.int64), (count, 1))
    if n < 2 or not count:
        return out
    start = np.asarray(first, dtype=np.int64)
    steps = np.arange(n - 1, dtype=np.int64)
    index = (start[:, None] if start.ndim else start) + steps
    swaps = keyed_below_many(np.asarray(keys, dtype=np.uint64)[:, None], index, n - steps)
    if n <= _TABLE_ORDERS:  # every order in a table, row u for the swaps whose digits make u
        radices = n - steps
        weights = np.concatenate(([1], np.cumprod(radices[:-1])))
        table: np.ndarray = _orders(n)[swaps @ weights]
        return table
    rows = np.arange(count)
    for step, i in enumerate(range(n - 1, 0, -1)):
        j = swaps[:, step]
        tmp = out[rows, j]
        out[rows, j] = out[:, i]
        out[:, i] = tmp
    return out


_TABLE_ORDERS = 8
"""Up to this many positions (8! = 40,320 orders) `keyed_permutations` reads its orders from a table."""


@functools.cache
def _orders(n: int) -> np.ndarray:
    """Every order of range(n) that Fisher–Yates gives, row u for the swaps j_0, j_1, … (swap s, at
    position n − 1 − s, below n − s) that are u's digits in the mixed radix n, n − 1, …, 2 (the
    first swap the least significant digit). Read only."""
    total = math.factorial(n)
    out = np.tile(np.arange(n, dtype=np.int64), (total, 1))
    u = np.arange(total, dtype=np.int64)
    rows = np.arange(total)
    for i in range(n - 1, 0, -1):
        j = u % (i + 1)
        u //= i + 1
        tmp = out[rows, j]
        out[rows, j] = out[:, i]
        out[:, i] = tmp
    out.setflags(write=False)
    return out


def keyed_choices(keys: np.ndarray, weights: Sequence[int], index: Any = 0) -> np.ndarray:
    """`KeyedDraws.choice_index(site, weights)` for each key, at draw `index` of its site."""
    x = keyed_below_many(keys, index, _total(weights))
    bounds = np.cumsum(weights)[:-1].tolist()  # x < the total: the last bound never counts
    if len(bounds) > 8:
        out: np.ndarray = np.searchsorted(bounds, x, side="right")
        return out
    # a few bands: counting the bounds at or below x is cheaper than a binary search per value
    out = np.zeros(x.shape, dtype=np.int64)
    for bound in bounds:
        out += x >= bound
    return out


class KeyedDraws:
    """A played round's draws: one keyed stream per draw site (`site_key`), each counting its
    own draws. `stops(site, lengths)` takes one draw per reel; `permutation(site, n)` n - 1.
    The batch simulators compute the same values for arrays of rounds (`keyed_below_many`,
    `keyed_stops`, `keyed_permutations`)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._at: dict[tuple[str, int], list[int]] = {}

    def _stream(self, site: str, part: int) -> list[int]:
        """[key, next index] of a site's stream."""
        stream = self._at.get((site, part))
        if stream is None:
            stream = self._at[(site, part)] = [site_key(self.seed, site, part), 0]
        return stream

    def below(self, site: str, n: int, part: int = 0) -> int:
        stream = self._stream(site, part)
        stream[1] += 1
        return keyed_below(stream[0], stream[1] - 1, n)

    def stops(self, site: str, lengths: Sequence[int], part: int = 0) -> np.ndarray:
        """One spin's stops as a (1, reels) array."""
        return np.array([[self.below(site, int(n), part) for n in lengths]], dtype=np.int64)

    def choice_index(self, site: str, weights: Sequence[int], part: int = 0) -> int:
        return _weighted(self.below(site, _total(weights), part), weights)

    def permutation(self, site: str, n: int, part: int = 0) -> list[int]:
        out = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.below(site, i + 1, part)
            out[i], out[j] = out[j], out[i]
        return out


class SequentialDraws:
    """The draws of engine 1.0.0 (rounds recorded before draw sites): every site's draws come in
    play order from one PCG64 stream of the seed, so such a round replays as it was played."""

    def __init__(self, rng: Rng) -> None:
        self._rng = rng

    def below(self, site: str, n: int, part: int = 0) -> int:
        return self._rng.below(n)

    def stops(self, site: str, lengths: Sequence[int], part: int = 0) -> np.ndarray:
        return self._rng.stops(lengths, 1)

    def choice_index(self, site: str, weights: Sequence[int], part: int = 0) -> int:
        return self._rng.choice_index(weights)

    def permutation(self, site: str, n: int, part: int = 0) -> list[int]:
        return self._rng.permutation(n)


class Draws(Protocol):
    """What a round flow draws from: `KeyedDraws`, `SequentialDraws` or a hand-written tape."""

    def below(self, site: str, n: int, part: int = 0) -> int: ...

    def stops(self, site: str, lengths: Sequence[int], part: int = 0) -> np.ndarray: ...

    def choice_index(self, site: str, weights: Sequence[int], part: int = 0) -> int: ...

    def permutation(self, site: str, n: int, part: int = 0) -> list[int]: ...
