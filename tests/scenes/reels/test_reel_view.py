"""The reel view lands exactly on the stored stops (R6), slam-stops onto the same grid, and
anticipates only when the scatters landed so far are one short of a trigger."""

from __future__ import annotations

import random  # test data only, never an outcome the app shows

import pygame
import pytest

from game.definitions import load_game
from game.events import SpinEvent
from scenes.core.canvas import Canvas, draw
from scenes.presentation import presentation_of
from scenes.reels.reel_view import CELL_H, NORMAL, QUICK, SYMBOL, TURBO, ReelView, SymbolArt

DT = 1 / 60


def trigger(defn):
    """What the game's presentation tells the reels: the symbol and count that win the feature."""
    return presentation_of(defn).trigger(defn)


@pytest.fixture(scope="module")
def defn():
    return load_game("stones").definition


@pytest.fixture(scope="module")
def art(defn):
    pygame.init()
    images = {}
    for i, sym in enumerate(defn.symbol_ids):
        surf = Canvas.new((SYMBOL, SYMBOL), 1.0)
        surf.fill(((i * 37) % 255, (i * 91) % 255, (i * 53) % 255, 255))
        images[sym] = surf
    cover = Canvas.new((SYMBOL, 3 * CELL_H), 1.0)
    cover.fill((200, 180, 40, 255))
    return SymbolArt(images, wild_cover=cover)


def event_for(defn, stops, reel_set="base", mode="base", wild_reels=()):
    strips = defn.reel_sets[reel_set]
    grid = []
    for i, (strip, stop) in enumerate(zip(strips, stops, strict=True)):
        if i + 1 in wild_reels:
            grid.append(["wild"] * defn.rows)
        else:
            grid.append([strip[(stop + r) % len(strip)] for r in range(defn.rows)])
    return SpinEvent(
        mode=mode,
        reel_set=reel_set,
        stops=list(stops),
        grid=grid,
        wild_symbols=["wild"],
        wild_reels=list(wild_reels),
    )


def run_until_rest(view, dt=DT, limit=20.0, slam_at=None):
    signals = []
    t = 0.0
    while view.spinning:
        if slam_at is not None and t >= slam_at:
            view.slam()
            slam_at = None
        signals.extend(view.update(dt))
        t += dt
        assert t < limit, "the reels never stopped"
    return signals, t


def random_stops(defn, rng, reel_set="base"):
    return [rng.randrange(len(s)) for s in defn.reel_sets[reel_set]]


@pytest.mark.parametrize("timing", [NORMAL, QUICK, TURBO], ids=["normal", "quick", "turbo"])
def test_lands_exactly_on_the_event_grid(defn, art, timing):
    view = ReelView(defn, art, trigger=trigger(defn))
    rng = random.Random(4)
    for _ in range(60):
        ev = event_for(defn, random_stops(defn, rng))
        view.spin(ev, timing)
        assert view.spinning
        signals, _ = run_until_rest(view)
        assert view.visible_cells() == ev.grid
        assert view.strip_cells() == ev.grid  # the strip itself shows the grid at the stops
        assert [r.rest for r in view.reels] == ev.stops
        lands = [s.reel for s in signals if s.kind == "land"]
        assert sorted(lands) == list(range(5)), "each reel lands once"
        if timing is not TURBO:
            assert lands == list(range(5)), "reel 1 stops first"
        assert signals[-1].kind == "done"


def test_large_and_uneven_frames_land_the_same(defn, art):
    view = ReelView(defn, art, trigger=trigger(defn))
    rng = random.Random(9)
    for dt in (0.1, 0.033, 0.25, 0.007):
        ev = event_for(defn, random_stops(defn, rng))
        view.spin(ev, NORMAL)
        run_until_rest(view, dt=dt)
        assert view.visible_cells() == ev.grid


def test_slam_stop_lands_on_the_same_grid_sooner(defn, art):
    view = ReelView(defn, art, trigger=trigger(defn))
    rng = random.Random(11)
    for slam_at in (0.0, 0.05, 0.2, 0.5, 0.9, 1.3):
        ev = event_for(defn, random_stops(defn, rng))
        view.spin(ev, NORMAL)
        _, normal_time = run_until_rest(view)
        view.spin(ev, NORMAL)
        _, slam_time = run_until_rest(view, slam_at=slam_at)
        assert view.visible_cells() == ev.grid
        assert slam_time <= normal_time + 1e-9


def test_the_motion_is_continuous(defn, art):
    """No frame jumps more than full speed allows (no teleporting symbols)."""
    view = ReelView(defn, art, trigger=trigger(defn))
    ev = event_for(defn, [3, 9, 20, 1, 30])
    view.spin(ev, NORMAL)
    prev = [r.pos for r in view.reels]
    while view.spinning:
        view.update(DT)
        for i, r in enumerate(view.reels):
            if r.phase == "rest":
                continue  # at rest the position is re-expressed as the wrapped stop itself
            assert abs(r.pos - prev[i]) <= NORMAL.speed * DT * 1.05 + 1e-6
            prev[i] = r.pos


def test_wild_reels_are_covered_and_count_as_wild(defn, art):
    view = ReelView(defn, art, trigger=trigger(defn))
    ev = event_for(defn, [5, 6, 7, 8, 9], reel_set="free", mode="free", wild_reels=(2, 4))
    view.spin(ev, QUICK)
    run_until_rest(view)
    cells = view.visible_cells()
    assert cells == ev.grid
    assert cells[1] == ["wild"] * 3 and cells[3] == ["wild"] * 3


def find_stops(defn, want, rng, tries=200_000):
    """Stops whose scatter counts per reel satisfy `want(counts)`."""
    strips = defn.reel_sets["base"]
    for _ in range(tries):
        stops = random_stops(defn, rng)
        counts = [
            sum(1 for r in range(3) if strips[i][(stops[i] + r) % len(strips[i])] == "scatter")
            for i in range(5)
        ]
        if want(counts):
            return stops, counts
    raise AssertionError("no stops found")


def test_anticipation_after_two_scatters(defn, art):
    view = ReelView(defn, art, trigger=trigger(defn))
    rng = random.Random(2)
    stops, _ = find_stops(defn, lambda c: c[0] == 1 and c[1] == 1 and sum(c[2:]) == 0, rng)
    ev = event_for(defn, stops)
    view.spin(ev, NORMAL)
    assert view.anticipation_reels == (2, 3, 4)
    signals, t_ant = run_until_rest(view)
    assert [s.reel for s in signals if s.kind == "anticipation"] == [2, 3, 4]
    assert view.visible_cells() == ev.grid

    # the same spin without the second scatter is shorter and has no anticipation
    stops2, _ = find_stops(defn, lambda c: sum(c) == 0, rng)
    view.spin(event_for(defn, stops2), NORMAL)
    assert view.anticipation_reels == ()
    signals2, t_plain = run_until_rest(view)
    assert not [s for s in signals2 if s.kind == "anticipation"]
    assert t_ant > t_plain + 2 * NORMAL.anticipation


def test_anticipation_stops_once_triggered(defn, art):
    view = ReelView(defn, art, trigger=trigger(defn))
    rng = random.Random(3)
    stops, _ = find_stops(defn, lambda c: c[0] == 1 and c[1] == 1 and c[2] == 1, rng)
    view.spin(event_for(defn, stops), NORMAL)
    assert view.anticipation_reels == (2,)
    stops, _ = find_stops(defn, lambda c: c[0] == 1 and sum(c[1:]) == 0, rng)
    view.spin(event_for(defn, stops), NORMAL)
    assert view.anticipation_reels == ()


def test_no_anticipation_in_free_spins(defn, art):
    view = ReelView(defn, art, trigger=trigger(defn))
    strips = defn.reel_sets["free"]
    rng = random.Random(5)
    for _ in range(100_000):
        stops = random_stops(defn, rng, "free")
        if (
            sum(
                1 for r in range(3) for i in (0, 1) if strips[i][(stops[i] + r) % len(strips[i])] == "scatter"
            )
            >= 2
        ):
            break
    view.spin(event_for(defn, stops, reel_set="free", mode="free"), NORMAL)
    assert view.anticipation_reels == ()


def test_draw_changes_nothing_and_runs_at_every_phase(defn, art):
    surface = Canvas.new((1280, 720), 1.0, alpha=False)
    view = ReelView(defn, art, trigger=trigger(defn))
    view.set_wild_symbols(["wild", "deer"])
    ev = event_for(defn, [1, 2, 3, 4, 5])
    view.spin(ev, NORMAL)
    while view.spinning:
        before = [(r.pos, r.phase) for r in view.reels]
        view.draw(surface, clock=view.time)
        assert before == [(r.pos, r.phase) for r in view.reels]
        view.update(DT)
    view.draw(surface, clock=1.0, emphasis=frozenset({(0, 0), (1, 1)}), pulse=3)
    assert view.visible_cells() == ev.grid


@pytest.mark.slow
def test_engine_spins_land_on_their_grids(defn, art):
    """R6 with the engine's own events: base spins and free spins (wild reels included)."""
    from game.bets import default_bet
    from game.round import play_round

    bet = default_bet(defn)
    view = ReelView(defn, art, trigger=trigger(defn))
    spins = features = 0
    for seed in range(5000):
        if spins >= 150 and features >= 2:
            break
        result = play_round(defn, bet, seed)
        features += result.pending is not None
        picks = 0
        while result.pending is not None:
            p = result.pending
            choices = [*result.choices, next(i for i in range(p.options) if i not in p.picked)]
            result = play_round(defn, bet, seed, choices)
            picks += 1
        for ev in result.events:
            if isinstance(ev, SpinEvent):
                view.set_cover(ev.wild_reels)
                view.spin(ev, TURBO if spins % 3 else QUICK)
                run_until_rest(view)
                assert view.visible_cells() == ev.grid, (seed, ev)
                spins += 1
    assert spins >= 150 and features >= 2


def _translucent_art(defn):
    """Symbols with soft edges and holes, so a wrong blend order would show in the pixels."""
    images = {}
    for i, sym in enumerate(defn.symbol_ids):
        surf = Canvas.new((SYMBOL, SYMBOL), 1.0)
        surf.fill(((i * 37) % 255, (i * 91) % 255, (i * 53) % 255, 120))
        draw.circle(surf, (250, 240 - i * 9, 20 + i * 13, 230), (80, 80), 60)
        images[sym] = surf
    tag = Canvas.new((60, 20), 1.0)
    tag.fill((255, 255, 255, 170))
    cover = Canvas.new((SYMBOL, 3 * CELL_H), 1.0)
    cover.fill((200, 180, 40, 200))
    return SymbolArt(images, wild_cover=cover, wild_tag=tag)


def _backdrop():
    back = Canvas.new((1280, 720), 1.0, alpha=False)
    for y in range(0, 720, 8):
        back.fill(((y * 3) % 256, (y * 7) % 256, 90), (0, y, 1280, 8))
    return back


def _pixels(view, back, **kw):
    surface = back.copy()
    view.draw(surface, **kw)
    return pygame.image.tobytes(surface.surf, "RGB")


def test_resting_columns_drawn_over_a_backdrop_match_the_symbol_by_symbol_draw(defn):
    """The cached columns are the same pixels as drawing each symbol, and follow what the reels
    show: a new landing, the WILD tags, the emphasised (lit and dimmed) cells."""
    pygame.init()
    view = ReelView(defn, _translucent_art(defn), trigger=trigger(defn))
    back = _backdrop()
    for stops, emphasis in (
        ([1, 2, 3, 4, 5], None),
        ([7, 3, 9, 0, 2], None),
        ([7, 3, 9, 0, 2], frozenset({(0, 0), (1, 1), (2, 2)})),
        ([7, 3, 9, 0, 2], frozenset({(0, 1)})),
    ):
        view.set_wild_symbols(["wild", defn.symbol_ids[2], defn.symbol_ids[5]])
        view.spin(event_for(defn, stops), NORMAL)
        run_until_rest(view)
        kw = {"clock": 0.4, "emphasis": emphasis, "pulse": 2}
        assert _pixels(view, back, backdrop=back, **kw) == _pixels(view, back, **kw)
    view.set_cover([2])
    assert _pixels(view, back, backdrop=back) == _pixels(view, back)
    assert 0 < len(view._columns) <= 30
