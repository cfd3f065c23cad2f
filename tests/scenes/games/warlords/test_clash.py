"""The battle's choreography (`scenes.games.warlords.clash`): positions at its key instants, the
impact's flash, shake and sparks, the shards (the round's own, the same every time), the banners'
turn, and reduced motion keeping everyone still. Pure functions: no display needed."""

from __future__ import annotations

import itertools

import pytest

from scenes.games.warlords import clash

CENTRE, Y, W, H = 640.0, 380.0, 140.0, 420.0
HOMES2 = clash.homes(2, CENTRE, 330.0)
HOMES3 = clash.homes(3, CENTRE, 380.0)


def pose(t: float, i: int, n: int = 2, won: bool = False, reduced: bool = False) -> clash.Pose:
    homes = HOMES2 if n == 2 else HOMES3
    return clash.pose(t, i, n, homes[i], Y, centre=CENTRE, width=W, won=won, reduced=reduced)


def test_the_timeline_is_in_order_and_everything_settles_before_the_result():
    assert 0 < clash.T_WIND < clash.T_RUSH < clash.T_IMPACT < clash.T_BREAK < clash.T_SWEEP < clash.T_RESOLVED
    assert clash.T_BREAK + clash.SHARD_LIFE <= clash.T_RESOLVED  # every shard gone
    assert clash.T_IMPACT + clash.SPARK_LIFE <= clash.T_RESOLVED  # every spark out
    assert clash.T_BREAK + clash.RETURN <= clash.T_RESOLVED  # the winner back in place
    assert pytest.approx(clash.T_RESOLVED + clash.HOLD) == clash.TOTAL


def test_two_warlords_come_in_wind_up_rush_meet_and_are_thrown_back():
    left, right = HOMES2
    assert pose(0.0, 0).x == pytest.approx(left - 700) and pose(0.0, 1).x == pytest.approx(right + 700)
    assert (pose(clash.T_WIND, 0).x, pose(clash.T_WIND, 0).y) == pytest.approx((left, Y))
    wound = pose(clash.T_RUSH - 1e-9, 0)
    assert wound.x == pytest.approx(left - clash.WIND_BACK) and wound.y == pytest.approx(Y + clash.CROUCH)
    # they meet edge to edge, GAP apart, about the centre
    a, b = pose(clash.T_IMPACT - 1e-9, 0), pose(clash.T_IMPACT - 1e-9, 1)
    assert (b.x - W / 2) - (a.x + W / 2) == pytest.approx(clash.GAP, abs=1e-3)
    assert a.x + b.x == pytest.approx(2 * CENTRE)
    assert clash.meeting_points(2, CENTRE, W, Y) == [(pytest.approx(CENTRE), Y)]
    # thrown back as far as THROWN, braced until the break
    braced = pose(clash.T_BREAK - 1e-9, 0)
    assert braced.x == pytest.approx(a.x - clash.THROWN, abs=0.5) and braced.whole


def test_they_move_as_mirror_images_until_the_outcome():
    t = 0.0
    while t < clash.T_BREAK:
        a, b = pose(t, 0, won=True), pose(t, 1)
        assert a.x + b.x == pytest.approx(2 * CENTRE) and a.y == pytest.approx(b.y), t
        t += 0.01


def test_the_beaten_break_and_the_winner_takes_the_middle_risen():
    assert not pose(clash.T_BREAK, 0).whole and pose(clash.T_BREAK, 1, won=True).whole
    home = pose(clash.T_RESOLVED, 1, won=True)
    assert (home.x, home.y) == pytest.approx((CENTRE, Y - clash.RISE))
    assert not pose(clash.T_RESOLVED, 0).whole
    assert clash.halo(clash.T_BREAK - 0.01) == 0 and clash.halo(clash.T_RESOLVED) == pytest.approx(1.0)


def test_three_warlords_the_outer_ones_charge_the_middle_one():
    meet = [pose(clash.T_IMPACT - 1e-9, i, 3) for i in range(3)]
    assert meet[1].x == pytest.approx(CENTRE)
    assert meet[1].x - W / 2 - (meet[0].x + W / 2) == pytest.approx(clash.GAP, abs=1e-3)
    assert meet[2].x - W / 2 - (meet[1].x + W / 2) == pytest.approx(clash.GAP, abs=1e-3)
    points = clash.meeting_points(3, CENTRE, W, Y)
    assert [x for x, _ in points] == pytest.approx(
        [CENTRE - W / 2 - clash.GAP / 2, CENTRE + W / 2 + clash.GAP / 2]
    )
    assert pose(0.0, 1, 3).y == pytest.approx(Y + 520)  # the middle one rises from the ground
    assert pose(clash.T_WIND, 1, 3).x == pytest.approx(CENTRE)


def test_flash_shake_and_ghosts_only_as_they_meet():
    assert clash.flash(clash.T_IMPACT) == pytest.approx(1.0)
    assert clash.flash(clash.T_IMPACT - 0.01) == 0 == clash.flash(clash.T_IMPACT + clash.FLASH)
    assert clash.shake(clash.T_IMPACT - 0.01) == (0, 0) == clash.shake(clash.T_IMPACT + clash.SHAKE)
    jolts = [clash.shake(clash.T_IMPACT + k * 0.02) for k in range(1, 10)]
    assert any(j != (0, 0) for j in jolts)
    assert all(abs(dx) <= clash.SHAKE_PX and abs(dy) <= clash.SHAKE_PX for dx, dy in jolts)
    assert clash.vs_shown(clash.T_WIND) and not clash.vs_shown(clash.T_IMPACT)
    kw = {"centre": CENTRE, "width": W}
    assert clash.trail(clash.T_WIND, 0, 2, HOMES2[0], Y, **kw) == []
    assert len(clash.trail(clash.T_RUSH + 0.15, 0, 2, HOMES2[0], Y, **kw)) == 2
    assert clash.trail(clash.T_RUSH + 0.15, 1, 3, HOMES3[1], Y, **kw) == []  # the middle one stands


def test_sparks_fly_out_and_go_out():
    sparks = clash.sparks(1234, 0)
    assert len(sparks) == clash.SPARKS and sparks == clash.sparks(1234, 0)
    assert sparks != clash.sparks(1234, 1) and sparks != clash.sparks(99, 0)
    for s in sparks:
        assert clash.spark_at(s, 0.0) == (0.0, 0.0)
        assert clash.spark_at(s, -0.01) is None and clash.spark_at(s, s.life) is None
        x, y = clash.spark_at(s, 0.1)
        assert (x * x + y * y) ** 0.5 > 10


EVENT = (
    [(1, 0, "scatter_green"), (2, 1, "scatter_green"), (3, 2, "scatter_blue")],
    ["scatter_green", "scatter_blue"],
)


def test_the_shards_are_the_rounds_own_and_the_same_every_time():
    seed = clash.round_seed(*EVENT, [3, 1], "scatter_blue")
    assert seed == clash.round_seed(*EVENT, [3, 1], "scatter_blue")  # no draw: a pure function
    assert seed != clash.round_seed(*EVENT, [3, 1], "scatter_green")
    assert seed != clash.round_seed(
        [(0, 0, "scatter_green"), *EVENT[0][1:]], EVENT[1], [3, 1], "scatter_blue"
    )
    pieces = clash.shards(seed, 0, (W, H), -1)
    assert pieces == clash.shards(seed, 0, (W, H), -1)
    assert pieces != clash.shards(seed + 1, 0, (W, H), -1)
    cols, rows = clash.SHARD_GRID
    assert len(pieces) == cols * rows


def test_the_shards_cover_the_figure_exactly_and_fly_away_from_the_winner():
    pieces = clash.shards(77, 0, (W, H), -1)

    def area(pts):
        return (
            abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))) / 2
        )

    assert sum(area(list(p.points)) for p in pieces) == pytest.approx(W * H)
    assert all(0 <= x <= W and 0 <= y <= H for p in pieces for x, y in p.points)
    assert sum(p.vx for p in pieces) < 0  # the winner on the right: they fly left
    assert all(p.vy < 0 for p in pieces[: clash.SHARD_GRID[0]])  # the top row flies up first
    for p in pieces:
        assert clash.shard_at(p, 0.0) == (0.0, 0.0, 1.0)  # face on as it breaks
        assert clash.shard_at(p, clash.SHARD_LIFE) is None
        # by the end of its flight it has fallen below the figure's foot and its odds (out of sight)
        assert p.centre[1] + clash.shard_at(p, 0.999 * clash.SHARD_LIFE)[1] > H + 40
        faces = [clash.shard_at(p, k / 60)[2] for k in range(60)]
        assert all(0 <= f <= 1 for f in faces) and len(set(faces)) > 30  # tumbling
        assert -35 <= p.tilt <= 35


def test_the_winners_colour_turns_each_banner_as_it_passes():
    origin = 970.0
    near, far = clash.turn(clash.T_SWEEP + 0.1, 900.0, origin), clash.turn(clash.T_SWEEP + 0.1, 300.0, origin)
    assert near > 0 and far == 0  # the near banner turns first
    assert clash.turn(clash.T_SWEEP - 0.01, origin, origin) == 0
    assert clash.turn(clash.T_RESOLVED, 100.0, 1020.0) == 1  # farther than any banner from its winner
    assert clash.turn(clash.T_SWEEP + 0.1, 900.0, origin, reduced=True) == 1.0  # at once


def test_reduced_motion_keeps_everyone_still():
    for n in (2, 3):
        for i in range(n):
            places = {
                (pose(t / 10, i, n, won=i == 0, reduced=True).x, pose(t / 10, i, n, reduced=True).y)
                for t in range(40)
            }
            assert places == {((HOMES2 if n == 2 else HOMES3)[i], Y)}
    assert (
        not pose(clash.T_BREAK, 1, reduced=True).whole
        and pose(clash.T_BREAK, 0, won=True, reduced=True).whole
    )
    for t in (clash.T_IMPACT, clash.T_IMPACT + 0.1, clash.T_BREAK - 0.1):
        assert clash.flash(t, True) == 0 and clash.shake(t, True) == (0, 0) and clash.cracks(t, True) == 0


@pytest.mark.parametrize(("n", "winner"), [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)])
def test_the_odds_come_up_go_with_the_winner_and_never_cover_each_other(n, winner):
    """Each warlord's odds come up under it as they stand, the beaten's go as they crack and the
    winner's end in the middle (an outer winner of three: gone while it walks past the beaten
    middle one's pieces, back under it after); the scene's test checks them against the names."""
    homes = HOMES2 if n == 2 else HOMES3
    plate_w = 150.0  # battle.PLATE
    assert [clash.plate_at(0.2, i, homes, winner)[1] for i in range(n)] == [0.0] * n
    assert [clash.plate_at(clash.T_WIND, i, homes, winner) for i in range(n)] == [(h, 1.0) for h in homes]
    at_break = [clash.plate_at(clash.T_BREAK, i, homes, winner) for i in range(n)]
    assert [shown for i, (_, shown) in enumerate(at_break) if i != winner] == [0.0] * (n - 1)
    final = [clash.plate_at(clash.T_RESOLVED, i, homes, winner) for i in range(n)]
    assert final[winner] == pytest.approx((CENTRE, 1.0))
    assert all(final[i][1] == 0.0 for i in range(n) if i != winner)
    t = 0.0
    while t < clash.TOTAL:
        shown = [clash.plate_at(t, i, homes, winner) for i in range(n)]
        xs = [x for x, a in shown if a > 0]
        assert all(abs(a - b) >= plate_w for a, b in itertools.combinations(xs, 2)), t
        t += 0.005
    assert all(clash.plate_at(t, i, homes, winner, reduced=True) == (homes[i], 1.0) for i in range(n))


def test_back_on_the_reels_the_colour_turns_each_scatter_left_to_right():
    from scenes.games.warlords.look import COLOURS, DEEP, LIGHT, Warlord
    from scenes.games.warlords.sweep import ReelSweep

    blue = Warlord(
        "scatter_blue", "barbarian", "Barbarian", COLOURS["barbarian"], DEEP["barbarian"], LIGHT["barbarian"]
    )
    cells = [(3, 2), (0, 1), (4, 0), (1, 1)]
    order: list[tuple[int, int]] = []
    sweep = ReelSweep(blue, cells, 5, order.append)
    assert order == [] and not sweep.over
    while not sweep.over:
        sweep.update(1 / 60)
    assert order == [(0, 1), (1, 1), (3, 2), (4, 0)]  # as the front passes each reel
    assert [clash.reel_turn_at(r, 5) for r in range(5)] == sorted(clash.reel_turn_at(r, 5) for r in range(5))
    assert clash.reel_turn_at(4, 5) < clash.REEL_SWEEP and clash.reel_front(clash.REEL_SWEEP, 5) == 5
    still: list[tuple[int, int]] = []
    ReelSweep(blue, cells, 5, still.append, reduced=True)
    assert sorted(still) == sorted(cells)  # reduced motion: all at once, from the first frame
