"""How a reel moves through one spin: the timings, the signals, one reel's state and its spin-up.

A reel's `pos` is the (unwrapped, fractional) strip index shown in the top row. The motion is an
analytic function of the spin's own clock, so a large `dt` lands exactly where small ones would
(see `scenes.reels.reel_view`, which plans each landing onto the event's stop).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SpinTiming:
    """How a spin moves. Times in seconds, distances in symbols, speed in symbols per second.

    `effects` scales what happens on reels at rest (overlay wilds laid, cascades): 1 normal,
    less is quicker, 0 shows the result at once."""

    windup_time: float
    windup_dist: float
    accel_time: float
    speed: float
    start_stagger: float
    first_stop: float
    stagger: float
    stop_dist: float
    bounce_dist: float
    bounce_time: float
    anticipation: float
    slam_stagger: float
    slam_stop_dist: float
    effects: float = 1.0


NORMAL = SpinTiming(
    windup_time=0.11,
    windup_dist=0.22,
    accel_time=0.22,
    speed=17.0,
    start_stagger=0.035,
    first_stop=0.78,
    stagger=0.21,
    stop_dist=2.4,
    bounce_dist=0.14,
    bounce_time=0.15,
    anticipation=1.25,
    slam_stagger=0.045,
    slam_stop_dist=1.2,
)
QUICK = SpinTiming(
    windup_time=0.07,
    windup_dist=0.15,
    accel_time=0.12,
    speed=22.0,
    start_stagger=0.02,
    first_stop=0.32,
    stagger=0.10,
    stop_dist=1.8,
    bounce_dist=0.10,
    bounce_time=0.09,
    anticipation=0.6,
    slam_stagger=0.03,
    slam_stop_dist=1.0,
    effects=0.55,
)
TURBO = SpinTiming(
    windup_time=0.0,
    windup_dist=0.0,
    accel_time=0.005,
    speed=90.0,
    start_stagger=0.0,
    first_stop=0.01,
    stagger=0.0,
    stop_dist=0.6,
    bounce_dist=0.0,
    bounce_time=0.0,
    anticipation=0.0,
    slam_stagger=0.0,
    slam_stop_dist=0.6,
    effects=0.0,
)


@dataclass(frozen=True, slots=True)
class ReelSignal:
    """Something a listener (sound, scene) may react to, returned by `update`.

    kind: "land" (reel `reel` hit its stop, or its cascade settled; `scatters` scatter symbols
    landed on it), "anticipation" (reel `reel` starts its long anticipating spin), "stamp" (an
    overlay wild was laid on reel `reel`), "burst" (a cascade's winning cells burst), "done"
    (all reels at rest, every effect over).
    """

    kind: str
    reel: int = -1
    scatters: int = 0


class Reel:
    """The motion of one reel through one spin (analytic in the spin clock `time`)."""

    __slots__ = (
        "bounce_time",
        "brake_pos",
        "covered",
        "decel_at",
        "decel_time",
        "index",
        "land_from",
        "landed",
        "length",
        "phase",
        "pos",
        "prev_cells",
        "prev_top",
        "rest",
        "shift",
        "start_at",
        "start_pos",
        "stop_at",
        "stop_dist",
        "target",
        "target_stop",
        "velocity",
    )

    def __init__(self, index: int, length: int, stop: int) -> None:
        self.index = index
        self.length = length
        self.pos = float(stop)
        self.rest = stop  # the stop shown at rest
        self.phase = "rest"  # rest | spin | decel | bounce
        self.start_at = 0.0
        self.start_pos = float(stop)
        self.stop_at = math.inf
        self.stop_dist = 0.0
        self.target = float(stop)  # unwrapped landing index, known once decelerating
        self.target_stop = stop
        self.land_from = 0.0  # the overshoot point
        self.brake_pos = 0.0  # where braking begins
        self.decel_at = math.inf  # when braking begins (planned at full speed)
        self.shift = 0  # strip index of unwrapped index i is (i + shift) % length
        self.decel_time = 0.0
        self.bounce_time = 0.0
        self.velocity = 0.0
        self.landed = True
        self.covered = False
        self.prev_top = stop  # the rows shown before this spin, scrolling out as it starts
        self.prev_cells: list[str] = []


def spinup(t: SpinTiming, tau: float) -> tuple[float, float]:
    """Offset (symbols, + = upwards) and velocity of a reel `tau` s after its spin began."""
    if tau <= 0:
        return 0.0, 0.0
    a, tw, ta, v = t.windup_dist, t.windup_time, t.accel_time, t.speed
    if tau < tw:
        return a * (1 - math.cos(math.pi * tau / tw)) / 2, a * math.pi / (2 * tw) * math.sin(
            math.pi * tau / tw
        )
    tau -= tw
    if tau < ta:
        return a - v * tau * tau / (2 * ta), -v * tau / ta
    return a - v * ta / 2 - v * (tau - ta), -v
