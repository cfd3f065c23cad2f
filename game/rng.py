"""The engine's only source of randomness.

`Rng` draws uniform integers without modulo bias from a raw 32-bit source by rejection: a raw value
r in [0, 2**32) is accepted only if r < limit, where limit is the largest multiple of n not above
2**32, then r % n is returned. Every stop of a strip of length n is therefore hit by exactly
limit / n raw values (CERTIFICATION R4).

- `Rng.from_seed(seed)`: deterministic stream (tests, simulation, replay), PCG64 from NumPy.
- `new_play_seed()`: a fresh 64-bit seed from the OS (`secrets`), recorded with the round so that
  the round can be replayed; never derived from the clock.
- `new_choice_entropy()`: fresh non-zero entropy from the OS for one player choice, drawn after
  the choice is made and stored with it; `pick_below(seed, k, entropy, n)` is the one draw that
  choice k's reveal takes from a SplitMix64 stream keyed by (round seed, k, entropy), and
  `pick_below_many` the same draw for arrays of keys (the simulator), value for value. So what is
  behind a pick cannot be computed from the seed alone (issue 19, "outcomes drawn after the
  choice is stored"); entropy 0 means "no draw" (rounds recorded before, `--seed` sessions).

Scalar and batch draws consume the same raw stream, so a batch of one equals a scalar draw.

The draw sites a round's draws come from (one keyed stream per site, and engine 1.0.0's
sequential draws) are `game.draws`, built on the mixing and the unbiased draws here.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import numpy as np

T = TypeVar("T")

RAW_BITS = 32
RAW_SPAN = 1 << RAW_BITS


class RawSource(Protocol):
    """Anything that yields raw unsigned values (a fake one enumerates them in tests).

    A source may declare a narrower width with a `bits` attribute (e.g. 16, so a test can enumerate
    every raw value quickly); without it the width is `RAW_BITS`. It may also offer `raw_one()`,
    the next value as a Python int (the same stream), which scalar draws then use.
    """

    def raw(self, count: int) -> np.ndarray:
        """Return `count` raw values as a uint64 array, each in [0, 2**bits)."""
        ...


class Pcg64Source:
    """Raw 32-bit values from NumPy's PCG64 bit generator.

    Small requests are served from a read-ahead block. NumPy yields the same sequence whether the
    values are drawn one at a time or in one call, so the stream a caller sees is unchanged; only
    the per-call overhead of scalar draws goes (a played round makes a few dozen of them).
    """

    BLOCK = 64

    def __init__(self, seed: int) -> None:
        self._gen = np.random.Generator(np.random.PCG64(seed))
        self._block = np.empty(0, dtype=np.uint64)
        self._pos = 0
        self._block_list: list[int] | None = None

    def _draw(self, count: int) -> np.ndarray:
        return self._gen.integers(0, RAW_SPAN, size=count, dtype=np.uint64)

    def raw(self, count: int) -> np.ndarray:
        pos = self._pos
        left = len(self._block) - pos
        if count <= left:
            self._pos = pos + count
            return self._block[pos : pos + count].copy()
        head = self._block[pos:]
        need = count - left
        self._block_list = None
        if need >= self.BLOCK:
            self._block, self._pos = np.empty(0, dtype=np.uint64), 0
            fresh = self._draw(need)
            return np.concatenate((head, fresh)) if left else fresh
        self._block, self._pos = self._draw(self.BLOCK), need
        return np.concatenate((head, self._block[:need]))

    def raw_one(self) -> int:
        """The next raw value as a Python int (the same stream as `raw(1)`)."""
        block = self._block_list
        if block is None:
            block = self._block_list = self._block.tolist()
        if self._pos >= len(block):
            self._block, self._pos = self._draw(self.BLOCK), 0
            block = self._block_list = self._block.tolist()
        value = block[self._pos]
        self._pos += 1
        return value


def new_play_seed() -> int:
    """A fresh, unpredictable 63-bit seed from the operating system."""
    return secrets.randbits(63)


ENTROPY_BITS = 63
"""A choice's entropy fits SQLite's signed INTEGER: 1 ≤ entropy < 2**63."""

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_PICK_TAG = 0x5049434B5F524556  # "PICK_REV": keeps pick streams apart from any other use of a seed


def new_choice_entropy() -> int:
    """Fresh entropy for one stored player choice, from the OS: uniform in [1, 2**63)."""
    while True:
        value = secrets.randbits(ENTROPY_BITS)
        if value:
            return value


def _mix64(z: int) -> int:
    """SplitMix64's finaliser (Steele, Lea, Flood 2014): a bijection of 64-bit values."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def pick_stream_start(seed: int, k: int, entropy: int) -> int:
    """The SplitMix64 state of choice k's stream: seed, choice number and entropy mixed in turn."""
    state = _mix64((seed & _MASK64) ^ _PICK_TAG)
    state = _mix64(state ^ ((k * _GAMMA) & _MASK64))
    return _mix64(state ^ (entropy & _MASK64))


def pick_below(seed: int, k: int, entropy: int, n: int) -> int:
    """One integer uniform in [0, n) from choice k's stream (rejection on the top 32 bits of each
    SplitMix64 output, like `Rng.below`, so there is no bias)."""
    if not 1 <= n <= RAW_SPAN:
        raise ValueError(f"range must be 1..{RAW_SPAN}, got {n}")
    limit = RAW_SPAN - (RAW_SPAN % n)
    state = pick_stream_start(seed, k, entropy)
    while True:
        state = (state + _GAMMA) & _MASK64
        r = _mix64(state) >> 32
        if r < limit:
            return r % n


_BLOCK = 32768
"""Elements mixed per step of the array forms: their scratch and the block stay in the cache (a
whole batch at once spends more time waiting for memory and allocating temporaries than mixing)."""
_C1, _C2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_S27, _S30, _S31, _S32 = np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)


def _mix_block(z: np.ndarray, tmp: np.ndarray) -> None:
    """`_mix64` of each uint64 in `z`, in place, `tmp` a scratch of the same shape (uint64
    products wrap, as the masked scalar's)."""
    np.right_shift(z, _S30, out=tmp)
    z ^= tmp
    z *= _C1
    np.right_shift(z, _S27, out=tmp)
    z ^= tmp
    z *= _C2
    np.right_shift(z, _S31, out=tmp)
    z ^= tmp


def _mix64_array(z: np.ndarray, top: bool = False) -> np.ndarray:
    """`_mix64` of each uint64 in `z`, in place and returned (with `top`, only each output's top
    32 bits), a cache-sized block at a time."""
    flat = z.reshape(-1) if z.flags.c_contiguous else None
    if flat is None or flat.size <= _BLOCK:
        tmp = np.empty_like(z)
        _mix_block(z, tmp)
        if top:
            z >>= _S32
        return z
    scratch = np.empty(_BLOCK, dtype=np.uint64)
    for i in range(0, flat.size, _BLOCK):
        block = flat[i : i + _BLOCK]
        _mix_block(block, scratch[: block.size])
        if top:
            block >>= _S32
    return z


def _mix64_top(z: np.ndarray) -> np.ndarray:
    """The top 32 bits of `_mix64` of each uint64 in `z` (overwritten)."""
    return _mix64_array(z, top=True)


def _below_top(r: np.ndarray, n: int) -> np.ndarray:
    """Each value r (a uint64 below 2**32) modulo n, as int64. In 32 bits a division by one
    number is a multiplication (NumPy's libdivide path for `//`), many times faster than a 64-bit
    remainder; the values are the same."""
    if n > 0xFFFFFFFF:  # n == 2**32: every r is its own remainder
        return r.astype(np.int64)
    r32 = r.astype(np.uint32)
    q = r32 // np.uint32(n)
    q *= np.uint32(n)
    r32 -= q
    return r32.astype(np.int64)


def _below_each(r: np.ndarray, size: np.ndarray) -> np.ndarray:
    """Each r (below 2**32) modulo its own range in `size` (uint64, 1 … 2**32), as int64."""
    if not size.size or size.max() <= 0xFFFFFFFF:  # a 32-bit remainder is cheaper than a 64-bit one
        out: np.ndarray = (r.astype(np.uint32) % size.astype(np.uint32)).astype(np.int64)
    else:
        out = (r % size).astype(np.int64)
    return out


def _as_u64(values: Any) -> np.ndarray:
    """Whole numbers in [0, 2**64) as a new uint64 array of at least one dimension (int64 input
    reinterpreted bit for bit; 0-d arithmetic would check every product for overflow)."""
    arr = np.atleast_1d(np.asarray(values))
    if arr.dtype == np.int64:
        return arr.view(np.uint64).copy()
    return np.array(arr, dtype=np.uint64)


def pick_below_many(seeds: Any, ks: Any, entropies: Any, n: Any) -> np.ndarray:
    """`pick_below` for arrays of (seed, k, entropy) keys and ranges `n` (broadcast together), as
    int64: element for element the same values (uint64 arithmetic wraps like the masked scalar
    one)."""
    span = np.asarray(n, dtype=np.int64)
    if span.size and not (span.min() >= 1 and span.max() <= RAW_SPAN):
        raise ValueError(f"range must be 1..{RAW_SPAN}, got {n}")
    shape = np.broadcast_shapes(np.shape(seeds), np.shape(ks), np.shape(entropies), span.shape)
    seed, k, entropy = _as_u64(seeds), _as_u64(ks), _as_u64(entropies)
    seed ^= np.uint64(_PICK_TAG)
    k *= np.uint64(_GAMMA)
    state = _mix64_array(_mix64_array(seed) ^ k)  # a single seed is mixed once, then broadcast
    keyed = state ^ entropy
    full = shape or (1,)
    if keyed.shape != full:  # a range array longer than the keys
        keyed = np.broadcast_to(keyed, full).copy()
    state = _mix64_array(keyed).ravel()
    if span.ndim:
        span = np.broadcast_to(span, full).ravel()
    size = span.astype(np.uint64)
    limit = np.uint64(RAW_SPAN) - np.uint64(RAW_SPAN) % size
    state += np.uint64(_GAMMA)
    r = _mix64_array(state.copy()) >> np.uint64(32)
    out = _below_top(r, int(size)) if not span.ndim else _below_each(r, size)
    todo = np.flatnonzero(r >= limit)  # rejected draws (fewer than n in 2**32) draw again
    while todo.size:
        state[todo] += np.uint64(_GAMMA)
        r = _mix64_array(state[todo]) >> np.uint64(32)
        lim, sz = (limit, size) if not span.ndim else (limit[todo], size[todo])
        ok = r < lim
        out[todo[ok]] = _below_top(r[ok], int(sz)) if not span.ndim else _below_each(r[ok], sz[ok])
        todo = todo[~ok]
    result: np.ndarray = out.reshape(shape)
    return result


def entropies_from(rng: Rng, count: int) -> np.ndarray:
    """`count` simulated choice entropies from a stream (int64, in [1, 2**63)): what
    `new_choice_entropy` gives a played choice, from two raw 32-bit draws each (one call). A
    draw of 0 (odds 2**-63) counts as 1."""
    raw = rng.below_many(RAW_SPAN, 2 * count)
    out: np.ndarray = np.maximum(((raw[:count] >> 1) << 32) | raw[count:], 1)
    return out


def round_seeds(rng: Rng, count: int) -> np.ndarray:
    """`count` simulated round seeds (int64, in [0, 2**63)), like `new_play_seed` gives a played
    round: a SplitMix64 stream from a start drawn from `rng` (two raw draws), its outputs' top
    63 bits (cheaper than two raw draws per round)."""
    start = (rng.below(RAW_SPAN) << 32) | rng.below(RAW_SPAN)
    z = np.arange(1, count + 1, dtype=np.uint64)
    z *= np.uint64(_GAMMA)
    z += np.uint64(start)
    _mix64_array(z)
    z >>= np.uint64(1)
    out: np.ndarray = z.view(np.int64)  # below 2**63: the same numbers
    return out


def _total(weights: Sequence[int]) -> int:
    total = int(sum(weights))
    if total <= 0:
        raise ValueError("weights must sum to a positive integer")
    return total


def _weighted(x: int, weights: Sequence[int]) -> int:
    """The index whose cumulative weight band holds x."""
    acc = 0
    for i, w in enumerate(weights):
        acc += int(w)
        if x < acc:
            return i
    raise AssertionError("unreachable")


class Rng:
    """Unbiased uniform integer draws, scalar or batched, from one raw source."""

    def __init__(self, source: RawSource) -> None:
        self._source = source
        bits = int(getattr(source, "bits", RAW_BITS))
        if not 1 <= bits <= RAW_BITS:
            raise ValueError(f"a raw source must be 1..{RAW_BITS} bits wide, got {bits}")
        self._span = 1 << bits
        one = getattr(source, "raw_one", None)
        self._raw_one = one if one is not None else (lambda: int(source.raw(1)[0]))

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        if seed < 0:
            raise ValueError("seed must be non-negative")
        return cls(Pcg64Source(seed))

    def below(self, n: int) -> int:
        """One integer uniform in [0, n) (the same draw as `below_many(n, 1)`, faster)."""
        span = self._span
        if not 1 <= n <= span:
            raise ValueError(f"range must be 1..{span}, got {n}")
        limit = span - (span % n)
        raw_one = self._raw_one
        while True:
            r = raw_one()
            if r < limit:
                return r % n

    def below_many(self, n: int, count: int) -> np.ndarray:
        """`count` integers uniform in [0, n) as an int64 array (rejection sampling, no bias)."""
        span = self._span
        if not 1 <= n <= span:
            raise ValueError(f"range must be 1..{span}, got {n}")
        limit = span - (span % n)
        out = np.empty(count, dtype=np.int64)
        filled = 0
        while filled < count:
            need = count - filled
            raw = self._source.raw(need)
            ok = raw[raw < limit]
            take = min(len(ok), need)
            out[filled : filled + take] = (ok[:take] % n).astype(np.int64)
            filled += take
        return out

    def stops(self, lengths: Sequence[int], count: int) -> np.ndarray:
        """`count` rows of reel stops, one column per reel: shape (count, len(lengths)).

        A batch of one draws reel 1, reel 2, … in turn (the order a played spin uses); a larger
        batch draws column by column, which is as uniform and independent but orders the stream
        differently, so seeds are only comparable between calls of the same batch size.
        """
        reels = len(lengths)
        if count == 1:
            return np.array([[self.below(n) for n in lengths]], dtype=np.int64)
        if len(set(lengths)) == 1:
            flat = self.below_many(lengths[0], count * reels)
            return flat.reshape(count, reels)
        out = np.empty((count, reels), dtype=np.int64)
        for r, n in enumerate(lengths):
            out[:, r] = self.below_many(n, count)
        return out

    def choice_index(self, weights: Sequence[int]) -> int:
        """Index drawn with probability proportional to integer weights."""
        total = int(sum(weights))
        if total <= 0:
            raise ValueError("weights must sum to a positive integer")
        return _weighted(self.below(total), weights)

    def permutations(self, n: int, count: int) -> np.ndarray:
        """`count` uniform permutations of range(n) as a (count, n) int64 array (batch Fisher–Yates).

        Row k applies the same swaps `shuffle` makes, so with count == 1 it consumes the stream
        exactly as `shuffle(list(range(n)))` does and returns the same order.
        """
        out = np.tile(np.arange(n, dtype=np.int64), (count, 1))
        rows = np.arange(count)
        for i in range(n - 1, 0, -1):
            j = self.below_many(i + 1, count)
            tmp = out[rows, j]
            out[rows, j] = out[:, i]
            out[:, i] = tmp
        return out

    def permutation(self, n: int) -> list[int]:
        """A uniform order of range(n): the same draws as `shuffle(list(range(n)))`."""
        return self.shuffle(list(range(n)))

    def shuffle(self, items: list[T]) -> list[T]:
        """A new list: a uniform Fisher–Yates permutation of `items`."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


class SeedSource:
    """Where the app gets each round's seed.

    Normal play: every seed comes fresh from the OS (`secrets`). With a fixed session seed
    (`--seed S`, for tests and demos) the round seeds are a deterministic sequence derived from S,
    so a whole session replays identically. `auto_pick(options, picked)` chooses for the player
    (autoplay) from a separate stream, never from a round's own RNG.
    """

    def __init__(self, session_seed: int | None = None) -> None:
        self.session_seed = session_seed
        self._seq = Rng.from_seed(session_seed) if session_seed is not None else None
        self._picks = Rng.from_seed(session_seed + 1) if session_seed is not None else None

    def next_entropy(self) -> int:
        """The entropy stored with a player's choice: fresh from the OS in normal play, 0 in a
        session with a fixed seed (its rounds then replay exactly, picks included)."""
        return new_choice_entropy() if self.session_seed is None else 0

    def next_seed(self) -> int:
        if self._seq is None:
            return new_play_seed()
        hi = self._seq.below(1 << 31)
        lo = self._seq.below(1 << 32)
        return (hi << 32) | lo

    def auto_pick(self, options: int, picked: Sequence[int]) -> int:
        free = [i for i in range(options) if i not in set(picked)]
        if not free:
            raise ValueError("nothing left to pick")
        rng = self._picks if self._picks is not None else Rng.from_seed(new_play_seed())
        return free[rng.below(len(free))]
