"""The battle's choreography: where everything is at each instant, as pure functions of the
battle's clock.

Nothing here draws or keeps state: `battle.BattleScene` asks, every frame, for the pose of each
warlord, the flash, the sparks, the screen's shake, the shards of the beaten and the turn of each
banner at its unscaled time `t` (seconds since the battle began), and draws what it is told. So a
frame is the same whenever it is drawn, a skip is only a jump of the clock, and the tests can
check positions at key instants without a display.

The timeline (seconds, before the player's speed scales it):

    0.00  ENTER     the warlords come in from the sides (the middle one rises from the ground)
    0.50  WIND_UP   each leans back and crouches, VS between them
    0.90  RUSH      they rush at each other, quicker and quicker (ghosts trail them)
    1.15  IMPACT    they meet: a flash, sparks and the screen shaking where they meet
    1.15  RECOIL    they are thrown back and stand, braced; cracks run over the beaten
    1.60  BREAK     the outcome: the beaten break into shards that fly and fall (their odds
                    go); the winner walks to the middle of the stage and rises in its colour,
                    its odds with it (an outer winner of three: back under it at 2.30)
    1.90  SWEEP     the winner's colour runs out from it over the banners, turning each it passes
    2.80  RESOLVED  everything at rest (the final state); it stays for HOLD, then the scene leaves

Distances are logical px (1280×720). The randomness of the sparks and the shards is a pure
function of the round (`round_seed`: a hash of the battle event), never a draw: the same battle
breaks the same way in play, replay and tests. The outcome itself is the event's (`winner`).
"""

from __future__ import annotations

import itertools
import math
import zlib
from dataclasses import dataclass

ENTER = 0.5  # s the contenders take to come in
WIND_UP = 0.4  # s they lean back
RUSH = 0.25  # s they rush at each other
RECOIL = 0.45  # s from the impact to the break (thrown back, braced)
T_WIND = ENTER
T_RUSH = T_WIND + WIND_UP
T_IMPACT = T_RUSH + RUSH
T_BREAK = T_IMPACT + RECOIL  # the outcome is shown from here
RETURN = 0.45  # s the winner takes to the middle of the stage
T_SWEEP = T_BREAK + 0.3  # the winner's colour sets out over the banners
SWEEP_SPEED = 1600.0  # logical px per s the colour's front runs
TURN = 0.22  # s a banner takes to turn (edge on at its middle)
T_RESOLVED = T_BREAK + 1.2  # every banner turned, every shard gone
HOLD = 0.8  # s the result stays before the scene leaves by itself
TOTAL = T_RESOLVED + HOLD

FLASH = 0.3  # s the impact's flash takes to fade
SHAKE = 0.42  # s the screen shakes
SHAKE_PX = 11.0  # the shake's first swing
SPARK_LIFE = 0.7  # s the longest spark lives
SPARKS = 26  # sparks per meeting point
SHARD_LIFE = 1.0  # s a shard flies: by then it has fallen off the stage (gone before T_RESOLVED)
GRAVITY = 1800.0  # logical px/s² on shards and sparks
SHARD_GRID = (3, 4)  # columns × rows of the pieces a beaten warlord breaks into
CRACKS = 0.3  # s before the break the cracks run over the beaten

WIND_BACK = 40.0  # px each outer warlord leans back
CROUCH = 8.0  # px they crouch as they wind up
GAP = 6.0  # px between two warlords' edges as they meet (sparks fill it)
THROWN = 70.0  # px the impact throws each outer warlord back
RISE = 18.0  # px the winner rises
PLATE_IN = 0.1  # s the odds take to come up, as the warlords stand in their places
PLATE_FADE = 0.15  # s a beaten warlord's odds take to go as it breaks (and the winner's to come back)
PLATE_BACK = 0.7  # s after the break the winner's odds come back in the middle, when they had to go


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a warlord's figure stands: its centre (x, y), and whether it is drawn whole (a
    beaten warlord is shards from the break on)."""

    x: float
    y: float
    whole: bool = True


@dataclass(frozen=True, slots=True)
class Shard:
    """One piece of a beaten warlord: its outline in the figure's own logical px (a quad of the
    jittered grid), where it flies off to (px/s), how fast it tumbles and how it is tilted."""

    points: tuple[tuple[float, float], ...]
    vx: float
    vy: float
    spin: float  # degrees/s it tumbles (about its upright axis)
    tilt: float = 0.0  # degrees it is turned in the picture's plane as it flies

    @property
    def centre(self) -> tuple[float, float]:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (sum(xs) / len(xs), sum(ys) / len(ys))


@dataclass(frozen=True, slots=True)
class Spark:
    """One spark from a meeting point: its direction (radians), speed (px/s) and life (s)."""

    angle: float
    speed: float
    life: float


# -- the round's own randomness -----------------------------------------------------------------


def round_seed(
    scatters: list[tuple[int, int, str]], contenders: list[str], weights: list[int], winner: str
) -> int:
    """A 32-bit number that is the battle's own: the same round, the same shards and sparks."""
    text = repr((sorted(tuple(s) for s in scatters), list(contenders), list(weights), winner))
    return zlib.crc32(text.encode("utf-8"))


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit number from any integer."""
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def unit(seed: int, *key: int) -> float:
    """A number in [0, 1) that is a pure function of `seed` and `key` (not a draw)."""
    x = seed
    for k in key:
        x = _mix(x ^ (k * 0x632BE59BD9B4E019 & 0xFFFFFFFFFFFFFFFF))
    return _mix(x) / 2.0**64


# -- easing ----------------------------------------------------------------------------------------


def _clamp(u: float) -> float:
    return 0.0 if u < 0.0 else 1.0 if u > 1.0 else u


def ease_out(u: float) -> float:
    u = _clamp(u)
    return 1.0 - (1.0 - u) ** 3


def ease_in(u: float) -> float:
    u = _clamp(u)
    return u * u


def ease_in_out(u: float) -> float:
    u = _clamp(u)
    return u * u * (3.0 - 2.0 * u)


# -- the warlords ----------------------------------------------------------------------------------


def homes(n: int, centre: float, spread: float) -> list[float]:
    """Where each of `n` warlords stands: symmetric about `centre`, the outer ones `spread` from it."""
    if n <= 1:
        return [centre]
    return [centre - spread + i * 2 * spread / (n - 1) for i in range(n)]


def side(i: int, n: int) -> int:
    """-1 for a warlord left of the centre, +1 right of it, 0 the middle one."""
    mid = (n - 1) / 2
    return -1 if i < mid else 1 if i > mid else 0


def meeting_x(i: int, n: int, centre: float, width: float) -> float:
    """Where warlord `i` of `n` stands as they meet: the outer ones touching the middle one (or,
    two alone, each other) `GAP` apart, the middle one in its place."""
    s = side(i, n)
    if s == 0:
        return centre
    reach = width / 2 + GAP / 2 if n == 2 else width + GAP
    return centre + s * reach


def meeting_points(n: int, centre: float, width: float, y: float) -> list[tuple[float, float]]:
    """Where the warlords meet: between each two neighbours as they touch."""
    if n < 2:
        return []
    xs = [meeting_x(i, n, centre, width) for i in range(n)]
    return [((a + b) / 2, y) for a, b in itertools.pairwise(xs)]


def pose(
    t: float,
    i: int,
    n: int,
    home: float,
    y: float,
    *,
    centre: float,
    width: float,
    won: bool,
    reduced: bool = False,
    enter_from: float = 700.0,
) -> Pose:
    """Warlord `i` of `n` at time `t`: its figure's centre and whether it is whole. `home` is
    its place, `y` the centre line it stands on; `won` whether it is the event's winner. With
    `reduced` (reduced motion) everyone stands still at home from the first frame (the beaten
    are no longer whole from the break: the scene darkens them where they stand)."""
    s = side(i, n)
    if reduced:
        return Pose(home, y, whole=won or t < T_BREAK)
    if t < T_WIND:  # coming in from beyond the side (the middle one rising from below)
        k = 1.0 - ease_out(t / ENTER)
        return Pose(home + s * enter_from * k, y + (0.0 if s else 520.0 * k))
    wound = home + s * WIND_BACK  # leaning back, away from the centre
    if t < T_RUSH:
        k = ease_out((t - T_WIND) / WIND_UP)
        return Pose(home + (wound - home) * k, y + CROUCH * k)
    meet = meeting_x(i, n, centre, width)
    if t < T_IMPACT:
        k = ease_in((t - T_RUSH) / RUSH)
        return Pose(wound + (meet - wound) * k, y + CROUCH * (1.0 - k))
    thrown = meet + s * THROWN
    if t < T_BREAK:  # thrown back, then braced; the middle one jolts in place
        k = ease_out((t - T_IMPACT) / (RECOIL * 0.7))
        jolt = 0.0 if s else 10.0 * math.sin(min(1.0, (t - T_IMPACT) / 0.3) * math.pi * 3) * (1.0 - k)
        return Pose(meet + (thrown - meet) * k + jolt, y - 6.0 * math.sin(math.pi * _clamp(k)))
    if not won:
        return Pose(thrown, y, whole=False)
    k = ease_in_out((t - T_BREAK) / RETURN)  # to the middle of the stage, risen
    return Pose(thrown + (centre - thrown) * k, y - RISE * k)


def plate_at(t: float, i: int, homes: list[float], winner: int, reduced: bool = False) -> tuple[float, float]:
    """Where warlord `i`'s odds stand on their line (x) and how much they show (0..1): under its
    place, coming up as the warlords stand in their places; a beaten one's go as the cracks
    run over it, before it breaks; the winner's go with it to the middle. An outer winner of
    three does not carry its odds over the beaten middle one's falling pieces (its name among
    them): they go as it sets out and come back under it once the pieces have fallen. So no
    plate ever passes over another text or a name."""
    n, home = len(homes), homes[i]
    if reduced:
        return (home, 1.0)
    if i != winner and n > 1 and t >= T_BREAK - PLATE_FADE:  # as the cracks run over it
        return (home, _clamp((T_BREAK - t) / PLATE_FADE))
    if t < T_BREAK or n < 2:  # they show once everyone stands (the middle one's name rises past them)
        return (home, _clamp((t - T_WIND + PLATE_IN) / PLATE_IN))
    u = t - T_BREAK
    centre = (homes[0] + homes[-1]) / 2
    if n % 2 == 1 and winner != n // 2:
        if u < PLATE_BACK:
            return (home, _clamp(1.0 - u / PLATE_FADE))
        return (centre, _clamp((u - PLATE_BACK) / PLATE_FADE))
    k = ease_in_out(u / RETURN)
    return (home + (centre - home) * k, 1.0)


def trail(t: float, i: int, n: int, home: float, y: float, *, centre: float, width: float) -> list[Pose]:
    """Where the rushing warlord's ghosts are (two, each a little behind it in time), none
    outside the rush."""
    if not T_RUSH + 0.05 <= t < T_IMPACT + 0.06 or side(i, n) == 0:
        return []
    at = min(t, T_IMPACT)
    return [pose(at - lag, i, n, home, y, centre=centre, width=width, won=True) for lag in (0.05, 0.1)]


def halo(t: float, reduced: bool = False) -> float:
    """How strongly the winner's glow shows (0..1)."""
    if t < T_BREAK:
        return 0.0
    return 1.0 if reduced else ease_out((t - T_BREAK) / 0.5)


def vs_shown(t: float) -> bool:
    """VS stands between the warlords from their wind-up until they rush."""
    return T_WIND <= t < T_RUSH + 0.06


# -- the impact ------------------------------------------------------------------------------------


def flash(t: float, reduced: bool = False) -> float:
    """The impact's flash (0..1): full as they meet, gone after FLASH."""
    if reduced or not T_IMPACT <= t < T_IMPACT + FLASH:
        return 0.0
    return (1.0 - (t - T_IMPACT) / FLASH) ** 2


def shake(t: float, reduced: bool = False) -> tuple[int, int]:
    """The screen's offset (logical px) while it shakes from the impact: a decaying jolt."""
    if reduced or not T_IMPACT <= t < T_IMPACT + SHAKE:
        return (0, 0)
    u = (t - T_IMPACT) / SHAKE
    a = SHAKE_PX * (1.0 - u) ** 2
    return (round(a * math.sin(u * 38.0)), round(0.6 * a * math.cos(u * 29.0 + 0.7)))


def sparks(seed: int, point: int) -> list[Spark]:
    """The sparks that fly from meeting point `point` (the round's own, see `round_seed`)."""
    out = []
    for j in range(SPARKS):
        angle = 2 * math.pi * (j + unit(seed, point, j, 1)) / SPARKS
        speed = 380.0 + 720.0 * unit(seed, point, j, 2)
        life = SPARK_LIFE * (0.45 + 0.55 * unit(seed, point, j, 3))
        out.append(Spark(angle, speed, life))
    return out


def spark_at(spark: Spark, age: float) -> tuple[float, float] | None:
    """A spark's offset from its meeting point `age` s after the impact (slowed by the air,
    pulled down), None once it is out."""
    if age < 0 or age >= spark.life:
        return None
    drag = 3.2
    reach = spark.speed * (1.0 - math.exp(-drag * age)) / drag
    return (reach * math.cos(spark.angle), reach * math.sin(spark.angle) + 0.35 * GRAVITY * age * age)


# -- the break -------------------------------------------------------------------------------------


def shards(seed: int, who: int, size: tuple[float, float], away: int) -> list[Shard]:
    """The pieces warlord `who` breaks into: a grid over its figure of logical `size`, the inner
    corners jittered (the round's own), each piece flying out from the figure's middle, up and
    `away` from the winner (-1 left, +1 right, 0 both ways), tilted and tumbling."""
    cols, rows = SHARD_GRID
    w, h = size

    def corner(c: int, r: int) -> tuple[float, float]:
        x, y = c * w / cols, r * h / rows
        if 0 < c < cols:
            x += (unit(seed, who, c, r, 1) - 0.5) * 0.5 * w / cols
        if 0 < r < rows:
            y += (unit(seed, who, c, r, 2) - 0.5) * 0.5 * h / rows
        return (x, y)

    out = []
    for r in range(rows):
        for c in range(cols):
            pts = (corner(c, r), corner(c + 1, r), corner(c + 1, r + 1), corner(c, r + 1))
            cx = sum(p[0] for p in pts) / 4 - w / 2
            cy = sum(p[1] for p in pts) / 4 - h / 2
            k = r * cols + c
            push = 150.0 * away if away else 0.0
            vx = 3.2 * cx + push + (unit(seed, who, k, 3) - 0.5) * 260.0
            vy = 0.5 * cy - 240.0 - 200.0 * unit(seed, who, k, 4)
            spin = (unit(seed, who, k, 5) - 0.5) * 1100.0
            tilt = (unit(seed, who, k, 6) - 0.5) * 70.0
            out.append(Shard(pts, vx, vy, spin, tilt))
    return out


def shard_at(shard: Shard, age: float) -> tuple[float, float, float] | None:
    """A shard `age` s after the break: its centre's offset from where it was in the figure
    (logical px) and how wide it shows as it tumbles (1 face on … 0 edge on); None once it is
    gone (fallen off the stage)."""
    if age < 0:
        return (0.0, 0.0, 1.0)
    if age >= SHARD_LIFE:
        return None
    face = abs(math.cos(math.radians(shard.spin * age)))
    return (shard.vx * age, shard.vy * age + 0.5 * GRAVITY * age * age, face)


def cracks(t: float, reduced: bool = False) -> float:
    """How far the cracks have run over the beaten (0..1) before they break."""
    if reduced or t < T_BREAK - CRACKS or t >= T_BREAK:
        return 0.0
    return (t - (T_BREAK - CRACKS)) / CRACKS


# -- the banners -----------------------------------------------------------------------------------


def turn(t: float, x: float, origin: float, reduced: bool = False) -> float:
    """How far the banner at `x` has turned to the winner's colour (0..1), the colour running
    out from `origin` (the winner's place) from T_SWEEP. Past ½ it shows the winner's face."""
    at = T_SWEEP + abs(x - origin) / SWEEP_SPEED
    if reduced:
        return 1.0 if t >= at else 0.0
    return _clamp((t - at) / TURN)


def sweep_front(t: float) -> float:
    """How far (px) the winner's colour has run from its origin; negative before it sets out."""
    return (t - T_SWEEP) * SWEEP_SPEED


# -- back on the reels ------------------------------------------------------------------------------

REEL_SWEEP = 0.8  # s the winner's colour takes across the reels after the battle
REEL_GLOW = 0.45  # s a turned scatter glows


def reel_turn_at(reel: int, reels: int, duration: float = REEL_SWEEP) -> float:
    """When (s after the battle) the colour's front reaches the middle of `reel` of `reels`,
    turning the scatters on it: left to right, as one reads the reels."""
    return duration * (reel + 0.5) / max(1, reels)


def reel_front(t: float, reels: int, duration: float = REEL_SWEEP) -> float:
    """Where the colour's front is, in reels from the window's left edge (0 … `reels`)."""
    return reels * _clamp(t / duration) if duration > 0 else float(reels)
