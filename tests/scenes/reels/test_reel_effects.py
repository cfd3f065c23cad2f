"""The reel view for what comes next, on the test-only Relic game's real rounds: held cells stay
put while their reels spin, overlay wilds are laid over the landed strip windows, cascades burst,
fall and drop in. At every step the landed cells are exactly the event's (R6)."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest

from game.bets import default_bet
from game.definitions import load_definition
from game.events import CascadeEvent, SpinEvent
from game.round import play_round
from scenes.core.canvas import Canvas
from scenes.reels.reel_effects import CascadeFall
from scenes.reels.reel_view import NORMAL, QUICK, SYMBOL, TURBO, ReelView, SymbolArt

DT = 1 / 60
COLOURS = {
    "a": (200, 40, 40),
    "b": (40, 200, 40),
    "c": (40, 40, 200),
    "wild": (230, 200, 30),
    "gem": (200, 40, 200),
}


@pytest.fixture(scope="module")
def relic():
    import relicgame

    relicgame.register()
    return load_definition(Path(relicgame.DATA) / "relic" / "game.toml").definition


@pytest.fixture(scope="module")
def art(relic):
    pygame.init()
    images = {}
    for sym in relic.symbol_ids:
        surf = Canvas.new((SYMBOL, SYMBOL), 1.0)
        surf.fill((*COLOURS[sym], 255))
        images[sym] = surf
    return SymbolArt(images)


@pytest.fixture(scope="module")
def rounds(relic):
    """120 rounds in a row from one player's seeds (the state carried), as events."""
    from relicgame.model import RelicState

    bet, state, out = default_bet(relic), RelicState(), []
    for seed in range(1, 121):
        result = play_round(relic, bet, seed, state=state)
        out.append(result.events)
        state = result.state_out
    return out


def strip_windows(relic, ev: SpinEvent) -> list[list[str]]:
    """The event's grid with every overlay cell showing the strip's symbol under it."""
    strips = relic.reel_sets[ev.reel_set]
    out = [list(col) for col in ev.grid]
    for reel, row in ev.overlay:
        out[reel][row] = strips[reel][(ev.stops[reel] + row) % len(strips[reel])]
    return out


def run(view, dt=DT, limit=4000) -> list:
    signals = []
    for _ in range(limit):
        got = view.update(dt)
        signals += got
        if any(s.kind == "done" for s in got):
            return signals
    raise AssertionError("the view never came to rest")


def play(view, relic, events, timing, dt, surface=None) -> dict:
    """Drive the view as the round player does, checking the landed cells at every step."""
    seen = {"held": 0, "overlay": 0, "cascade": 0}
    for ev in events:
        if isinstance(ev, SpinEvent):
            view.spin(ev, timing)
            if surface is not None:
                view.update(dt)
                view.draw(surface)
            run(view, dt)
            assert view.visible_cells() == strip_windows(relic, ev)
            if ev.overlay:
                assert view.overlay_pending and view.lay_overlay(timing)
                run(view, dt)
                seen["overlay"] += 1
            assert not view.overlay_pending and view.visible_cells() == ev.grid
            seen["held"] += bool(ev.held)
        elif isinstance(ev, CascadeEvent):
            view.cascade(ev, timing)
            signals = run(view, dt)
            assert any(s.kind == "burst" for s in signals) or timing.effects == 0
            assert view.visible_cells() == ev.grid
            seen["cascade"] += 1
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(("timing", "dt"), [(NORMAL, DT), (QUICK, 1 / 30), (TURBO, 0.1), (NORMAL, 0.07)])
def test_every_step_of_every_round_lands_on_its_grid(relic, art, rounds, timing, dt):
    view = ReelView(relic, art)
    totals = {"held": 0, "overlay": 0, "cascade": 0}
    for events in rounds:
        for k, v in play(view, relic, events, timing, dt).items():
            totals[k] += v
    # the sample holds every behaviour, several times
    assert totals["held"] >= 5 and totals["overlay"] >= 5 and totals["cascade"] >= 20


def first(rounds, test):
    return next(ev for events in rounds for ev in events if test(ev))


def test_overlay_cells_show_the_strip_until_their_wild_lands(relic, art, rounds):
    ev = first(rounds, lambda e: isinstance(e, SpinEvent) and len(e.overlay) == 2)
    view = ReelView(relic, art)
    view.spin(ev, NORMAL)
    run(view)
    under = strip_windows(relic, ev)
    assert view.visible_cells() == under
    (r1, w1), (r2, w2) = ev.overlay
    assert under[r1][w1] != "wild" or under[r2][w2] != "wild" or ev.grid == under
    view.lay_overlay(NORMAL)
    stamps = []
    for _ in range(600):
        got = view.update(DT)
        stamps += [s for s in got if s.kind == "stamp"]
        cells = view.visible_cells()
        if len(stamps) == 1:  # the first wild is down, the second not yet
            assert cells[r1][w1] == "wild" and cells[r2][w2] == under[r2][w2]
        if any(s.kind == "done" for s in got):
            break
    assert [s.reel for s in stamps] == [r1, r2] and view.visible_cells() == ev.grid


def test_held_cells_stay_put_while_their_reels_spin(relic, art, rounds, display):
    ev = first(rounds, lambda e: isinstance(e, SpinEvent) and e.held)
    view = ReelView(relic, art)
    view.spin(ev, NORMAL)
    backdrop = Canvas.new((1280, 720), 1.0, alpha=False)
    backdrop.fill((10, 10, 10))
    for _ in range(20):  # well into the spin: every reel that moves is a blur
        view.update(DT)
    assert view.spinning
    display.blit(backdrop, (0, 0))
    view.draw(display, backdrop=backdrop)
    for reel, row in ev.held:
        rect = view.cell_rect(reel, row)
        assert display.get_at(rect.center)[:3] == COLOURS[ev.grid[reel][row]]
    full = [r for r in range(relic.reels) if all((r, row) in ev.held for row in range(relic.rows))]
    for r in full:  # a reel held in every row does not move at all
        assert view.reels[r].phase == "rest"
    run(view)
    assert view.visible_cells() == ev.grid


def test_a_cascade_falls_as_the_grids_say(relic, art, rounds):
    spin_then_cascade = next(
        (events[i - 1], events[i])
        for events in rounds
        for i in range(1, len(events))
        if isinstance(events[i], CascadeEvent) and isinstance(events[i - 1], SpinEvent)
    )
    spin, cascade = spin_then_cascade
    fall = CascadeFall(spin.grid, cascade.removed, cascade.grid, 1.0)
    gone = {tuple(c) for c in cascade.removed}
    assert {c for c, _ in fall.bursts} == gone
    for reel, falls in fall.falls.items():
        k = sum(1 for r, _ in gone if r == reel)
        new = [f for f in falls if f.src < 0]
        kept = [f for f in falls if f.src >= 0]
        assert [f.symbol for f in new] == cascade.grid[reel][:k]
        assert [f.symbol for f in kept] == [
            spin.grid[reel][r] for r in range(relic.rows) if (reel, r) not in gone
        ]
        assert all(f.dst >= f.src for f in falls)  # everything falls, nothing rises
    # halfway through the fall, the moving symbols are between where they were and where they go
    fall.update(0.5)
    for reel, falls in fall.falls.items():
        for f in falls:
            assert min(f.src, f.dst) - 0.1 <= fall.row_of(reel, f) <= f.dst + 0.1


def test_a_cascade_that_is_not_a_fall_still_rests_on_its_grid(relic, art, rounds, caplog):
    spin = first(rounds, lambda e: isinstance(e, SpinEvent) and e.mode == "base")
    odd = [list(col) for col in spin.grid]
    odd[0] = list(reversed(odd[0])) if odd[0] != odd[0][::-1] else ["a", "b", "c"]
    ev = CascadeEvent(step=1, removed=[(0, 0)], grid=odd)
    view = ReelView(relic, art)
    view.spin(spin, TURBO)
    run(view)
    view.lay_overlay(TURBO) and run(view)
    with caplog.at_level(logging.ERROR, logger="scenes.reels.reel_effects"):
        view.cascade(ev, NORMAL)
        run(view)
    assert view.visible_cells() == odd
    assert any("drops in anew" in r.message for r in caplog.records)


def test_spin_ends_laying_and_cascading_at_once(relic, art, rounds):
    ev = first(rounds, lambda e: isinstance(e, SpinEvent) and e.overlay)
    view = ReelView(relic, art)
    view.spin(ev, NORMAL)
    run(view)
    view.lay_overlay(NORMAL)
    view.update(DT)
    view.slam()
    assert any(s.kind == "done" for s in view.update(DT)) and view.visible_cells() == ev.grid
    casc = first(rounds, lambda e: isinstance(e, CascadeEvent))
    view.cascade(casc, NORMAL)
    view.update(DT)
    view.slam()
    assert any(s.kind == "done" for s in view.update(DT)) and view.visible_cells() == casc.grid


def test_draw_changes_nothing_while_laying_and_falling(relic, art, rounds, display):
    events = next(
        ev
        for ev in rounds
        if any(e.type == "cascade" for e in ev) and any(e.type == "spin" and e.overlay for e in ev)
    )
    view = ReelView(relic, art)
    backdrop = Canvas.new((1280, 720), 1.0, alpha=False)
    for ev in events:
        if isinstance(ev, SpinEvent):
            view.spin(ev, NORMAL)
            run(view)
            if not view.lay_overlay(NORMAL):
                continue
        elif isinstance(ev, CascadeEvent):
            view.cascade(ev, NORMAL)
        else:
            continue
        for _ in range(400):
            before = (view.visible_cells(), view.busy)
            view.draw(display, 0.5, backdrop=backdrop)
            assert (view.visible_cells(), view.busy) == before
            if any(s.kind == "done" for s in view.update(DT)):
                break
