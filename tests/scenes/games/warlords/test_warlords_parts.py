"""Warlords' scene parts one at a time: the battle scene, the overlay weapons, the stacked
warlords drawn as one piece, the history steps, the paytable pages, MAX BET's two presses, the
free-spins backdrops and the sounds."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.bets import default_bet, max_bet
from game.definitions import load_game
from game.events import SpinEvent
from game.games.warlords.events import (
    BattleEvent,
    FinalChanceEvent,
    NewScattersEvent,
    RespinsStartEvent,
    WarlordsFreeSpinsStartEvent,
)
from game.rng import SeedSource
from scenes.core.canvas import Canvas
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.games.warlords import detail, pages
from scenes.games.warlords.battle import BattleScene, odds_text
from scenes.games.warlords.look import by_mode, free_backdrop
from scenes.games.warlords.overlays import WeaponOverlay
from scenes.reels.reel_view import ReelView
from scenes.reels.scene import ReelsScene
from scenes.reels.symbol_art import CELL_H, SYMBOL, WINDOW, SymbolArt
from scenes.viewers.paytable_pages import build_pages

DT = 1 / 60


@pytest.fixture(scope="module")
def warlords():
    return load_game("warlords").definition


# -- the battle ------------------------------------------------------------------------------------


def battle(weights=(3, 1), contenders=("scatter_green", "scatter_blue"), winner="scatter_blue"):
    scatters = [(1, 0, contenders[0]), (2, 1, contenders[0]), (3, 2, contenders[1])][: 1 + len(contenders)]
    return BattleEvent(scatters=scatters, contenders=list(contenders), weights=list(weights), winner=winner)


@pytest.mark.slow
def test_the_battle_plays_the_events_outcome_and_leaves(ctx, display, warlords):
    done = []
    from scenes.reels.sound_director import SoundDirector

    sounds = SoundDirector(ctx.audio, "warlords")
    scene = BattleScene(
        ctx.assets, sounds, warlords, battle(), ctx.i18n, speed=1.0, on_done=lambda: done.append(1)
    )
    stack = SceneStack()
    stack.push(Scene())
    stack.push(scene)
    assert scene.winner.scatter == "scatter_blue" and [w.mode for w in scene.contenders] == [
        "priestess",
        "barbarian",
    ]
    for _ in range(60 * 5):
        stack.update(DT)
        stack.draw(display)
    assert done == [1] and scene.finished and stack.top is not scene
    assert sounds.played[:4] == [
        "warlords/battle_start",
        "warlords/battle_charge",
        "warlords/battle_clash",
        "warlords/battle_won",
    ]


def test_spin_hurries_the_battle(ctx, display, warlords):
    done = []
    from scenes.reels.sound_director import SoundDirector

    scene = BattleScene(
        ctx.assets,
        SoundDirector(ctx.audio, "warlords"),
        warlords,
        battle(),
        ctx.i18n,
        on_done=lambda: done.append(1),
    )
    stack = SceneStack()
    stack.push(Scene())
    stack.push(scene)
    stack.update(DT)
    assert scene.handle(Intent(Act.SPIN))
    for _ in range(60):
        stack.update(DT)
    assert done == [1]


def _battle_on_stack(ctx, event, **kwargs):
    from scenes.reels.sound_director import SoundDirector

    done: list[int] = []
    scene = BattleScene(
        ctx.assets,
        SoundDirector(ctx.audio, "warlords"),
        load_game("warlords").definition,
        event,
        ctx.i18n,
        on_done=lambda: done.append(1),
        **kwargs,
    )
    stack = SceneStack()
    stack.push(Scene())
    stack.push(scene)
    stack.update(DT)
    return stack, scene, done


def test_the_battle_fills_the_window_balanced_about_its_centre(ctx, display):
    """A bonus scene of its own: opaque (nothing of the reels under it), its backdrop corner to
    corner, the warlords standing symmetric about the centre above the hints and the money strip."""
    from scenes.games.warlords.battle import FIGURE, LAYOUT, PLATE, PLATE_TOP, contender_xs
    from scenes.reels.bonus import BonusScene

    stack, scene, _ = _battle_on_stack(
        ctx, battle((1, 1, 1), ("scatter_red", "scatter_green", "scatter_blue"))
    )
    assert isinstance(scene, BonusScene) and scene.opaque and scene.modal
    for n in (1, 2, 3):
        xs = contender_xs(n)
        assert [640 - x for x in xs] == [x - 640 for x in reversed(xs)]
        assert all(
            LAYOUT.stage.left <= x - FIGURE[0] // 2 and x + FIGURE[0] // 2 <= LAYOUT.stage.right for x in xs
        )
    assert LAYOUT.stage.centerx == 640 and LAYOUT.hud.centerx == 640
    plates_bottom = PLATE_TOP + PLATE[1]
    assert plates_bottom < LAYOUT.hint_y - 11 < LAYOUT.hint_y + 11 < LAYOUT.hud.top  # the hints' row between
    for _ in range(60):
        stack.update(DT)
    display.fill((255, 0, 255))
    stack.draw(display)
    for x, y in ((2, 2), (1277, 2), (2, 717), (1277, 717), (640, 360), (40, 400), (1240, 400)):
        assert display.get_at((x, y))[:3] != (255, 0, 255), (x, y)


def test_the_battle_shows_the_balance_and_win_in_its_own_style(ctx, display):
    from scenes.games.warlords.battle import battle_style
    from scenes.reels.band import Band

    band = Band(ctx.i18n)
    band.balance_cents = ctx.ledger.balance_cents
    band.count_win_to(40, 0.0)
    bet = default_bet(load_game("warlords").definition)
    stack, scene, _ = _battle_on_stack(ctx, battle(), band=band, bet=bet)
    assert scene.style == battle_style("warlords") and scene.style.backdrop == "warlords/battle_bg"
    assert scene.hud.figures() == [
        ("BALANCE", ctx.ledger.balance_cents),
        ("BET", bet.total_cents),
        ("WIN", 40 * bet.coin_value_cents),
    ]
    # the strip is drawn: its plates differ from the bare backdrop where they stand
    for _ in range(60):
        stack.update(DT)
    stack.draw(display)
    hud = scene.layout.hud
    at = (hud.left + hud.w // 6, hud.top + 3)
    assert display.get_at(at)[:3] != scene.backdrop.get_at(at)[:3]


def test_presses_that_cannot_act_in_a_battle_say_why(ctx, display):
    from scenes.widgets.dialog import Toast

    stack, scene, done = _battle_on_stack(ctx, battle())

    def toasts() -> list[str]:
        return [s.text for s in stack.scenes if isinstance(s, Toast)]

    assert stack.handle(Intent(Act.BACK))
    assert toasts() == ["The battle cannot be left: SPACE or a click skips it"]
    stack.handle(Intent(Act.PAYTABLE))
    assert toasts() == ["Finish the feature first"]
    stack.handle(Intent(Act.LEFT))
    assert toasts() == ["SPACE, Enter or a click skips the battle"]
    assert not stack.handle(Intent(Act.MUTE))  # left to the app, which mutes
    assert not done and scene.stack is stack
    ctx.i18n.set_language("es")
    try:
        stack.handle(Intent(Act.BACK))
        assert toasts() == ["No se puede salir de la batalla: ESPACIO o un clic la salta"]
    finally:
        ctx.i18n.set_language("en")


def test_space_skips_the_battle_then_continues(ctx, display):
    stack, scene, done = _battle_on_stack(ctx, battle())
    assert not scene.decided
    stack.handle(Intent(Act.SPIN))  # skip: the result, every banner turned
    stack.update(DT)
    assert scene.resolved and not done
    stack.handle(Intent(Act.LEFT))
    assert [s.text for s in stack.scenes if hasattr(s, "text")][-1] == "SPACE, Enter or a click continues"
    stack.handle(Intent(Act.CONFIRM))  # continue: gone at once, without waiting out the result
    stack.update(DT)
    assert done == [1] and scene.finished and scene not in stack.scenes


def test_a_skip_lands_on_the_final_state(ctx, display):
    """SPACE jumps the battle's clock to the end of the result: the same frame as waiting it
    out (every banner turned, every shard gone, the winner in place), not a shortcut picture."""
    from scenes.games.warlords import clash

    event = battle((1, 1, 1), ("scatter_red", "scatter_green", "scatter_blue"), "scatter_blue")
    stack, skipped, _ = _battle_on_stack(ctx, event)
    stack.handle(Intent(Act.SPIN))
    assert skipped.phase == pytest.approx(clash.T_RESOLVED) and skipped.resolved
    display.fill((0, 0, 0))
    stack.draw(display)
    after_skip = display.copy()
    stack, waited, _ = _battle_on_stack(ctx, event)
    waited.t = skipped.t  # the same instant, reached by waiting
    display.fill((0, 0, 0))
    stack.draw(display)
    assert pygame.image.tobytes(after_skip.surf, "RGB") == pygame.image.tobytes(display.surf, "RGB")
    # every banner shows the winner's scatter, each turned completely
    assert all(clash.turn(skipped.phase, x, skipped.xs[skipped.win_index]) == 1 for x, _ in skipped.banner_xs)


def test_the_beaten_break_into_the_rounds_own_shards(ctx, display):
    from scenes.games.warlords import clash

    stack, scene, _ = _battle_on_stack(ctx, battle())
    _, again, _ = _battle_on_stack(ctx, battle())
    assert scene.shards == again.shards and list(scene.shards) == [0]  # the priestess breaks
    made = []
    while scene.phase < clash.T_RUSH:  # the pieces are cut a few a frame while they come in
        made.append(len(scene.pieces[0]))
        stack.update(DT)
    assert made[0] < made[-1] and max(b - a for a, b in itertools.pairwise(made)) <= 4
    assert len(scene.pieces[0]) == len(scene.shards[0]) == clash.SHARD_GRID[0] * clash.SHARD_GRID[1]
    _, other, _ = _battle_on_stack(ctx, battle(winner="scatter_green"))
    assert list(other.shards) == [1] and other.shards[1] != scene.shards[0]


@pytest.mark.slow
def test_with_reduced_motion_the_warlords_stand_in_place_from_the_first_frame(ctx, display):
    from scenes.games.warlords.battle import LAYOUT

    def first_frame(reduced: bool) -> Canvas:
        stack, _, _ = _battle_on_stack(ctx, battle(), reduced_motion=reduced)
        display.fill((0, 0, 0))
        stack.draw(display)
        return display.subsurface(LAYOUT.stage).copy()

    still, moving = first_frame(True), first_frame(False)
    stack, scene, _ = _battle_on_stack(ctx, battle(), reduced_motion=True)
    scene.t = 1.0  # the face-off: still where they stood at first
    display.fill((0, 0, 0))
    stack.draw(display)
    settled = display.subsurface(LAYOUT.stage).copy()
    x = scene.xs[0]
    column = pygame.Rect(x - LAYOUT.stage.left - 20, 200, 40, 200)
    assert still.subsurface(column).get_at((20, 100)) == settled.subsurface(column).get_at((20, 100))
    assert still.subsurface(column).get_at((20, 100)) != moving.subsurface(column).get_at((20, 100))


def test_odds_are_shown_in_the_players_number_format(ctx):
    tr = ctx.i18n
    assert [odds_text(tr, w, 4) for w in (3, 1)] == ["75 %", "25 %"]
    assert odds_text(tr, 1, 3) == "33.3 %" and odds_text(tr, 1, 2) == "50 %"
    tr.set_language("es")
    assert odds_text(tr, 1, 3) == "33,3 %"
    tr.set_language("en")


# -- the overlay weapons ---------------------------------------------------------------------------


@pytest.mark.parametrize("style", ["hammer", "arrow", "sword", "sticky"])
def test_a_weapon_lays_every_wild_of_its_overlay(style):
    cells = [(0, 0), (0, 1), (1, 0), (1, 1)] if style == "hammer" else [(2, 2), (0, 1), (3, 0)]
    effect = WeaponOverlay(cells, style, 1.0)
    laid = []
    for _ in range(400):
        laid += effect.update(DT)
        if effect.done:
            break
    assert effect.done and sorted(laid) == sorted(cells)
    if style == "hammer":  # the hammer's square lands at once
        assert len({effect._start(i) for i in range(4)}) == 1
    if style == "sword":  # reel after reel
        assert [c[0] for c in effect.cells] == sorted(c[0] for c in cells)
    quick = WeaponOverlay(cells, style, 0.0)
    assert sorted(quick.update(0.0)) == sorted(cells)


def test_weapons_draw_without_changing_anything(display, assets):
    images = {s: Canvas.new((SYMBOL, SYMBOL), 1.0) for s in ("wild", "a")}
    extras = {
        f"overlay_{w}": assets.scaled(f"warlords/overlay_{w}", (SYMBOL, SYMBOL))
        for w in ("hammer", "arrow", "sword")
    }
    art = SymbolArt(images, extras=extras)
    window = WINDOW
    for style in ("hammer", "arrow", "sword", "sticky"):
        effect = WeaponOverlay([(1, 1), (2, 1), (1, 2), (2, 2)], style, 1.0)
        for _ in range(12):
            effect.update(0.05)
            before = (effect.t, set(effect.laid))
            effect.draw(display, art, window, "wild")
            assert (effect.t, set(effect.laid)) == before


# -- the stacks --------------------------------------------------------------------------------------


def test_a_full_height_warlord_is_drawn_as_one_piece(display, warlords):
    """At rest on a run's first cell the reel shows the stack's art; one cell off, its part."""
    red, blue = (200, 20, 20, 255), (20, 20, 200, 255)
    images = {}
    for s in warlords.symbol_ids:
        img = Canvas.new((SYMBOL, SYMBOL), 1.0)
        img.fill(red)
        images[s] = img
    stack = Canvas.new((SYMBOL, 3 * CELL_H), 1.0)
    stack.fill(blue)
    art = SymbolArt(images, stacks={"samurai": stack})
    view = ReelView(warlords, art)
    strip = warlords.reel_sets["base"][0]
    start = next(
        i for i in range(len(strip)) if strip[i : i + 3] == ["samurai"] * 3 and strip[i - 1] != "samurai"
    )
    backdrop = Canvas.new((1280, 720), 1.0, alpha=False)
    for off, rows in ((0, (0, 1, 2)), (1, (0, 1)), (2, (0,))):
        stops = view.resting_stops("base")
        stops[0] = start + off
        view.show("base", stops)
        display.fill((0, 0, 0))
        view.draw(display, backdrop=backdrop)
        for row in range(3):
            cx, cy = view.cell_center(0, row)
            colour = tuple(display.get_at((cx, cy)))[:3]
            assert colour == (blue[:3] if row in rows else red[:3]), (off, row)
    runs = view._stack_runs(0, start, frozenset({(0, 1)}))
    assert not runs  # a winning cell in the run: drawn cell by cell (to pulse alone)


# -- the history and the paytable -------------------------------------------------------------------


def test_every_warlords_event_has_its_words_in_the_history(ctx, warlords):
    bet = default_bet(warlords)
    spin = SpinEvent(
        mode="base", reel_set="base", stops=[0] * 5, grid=[["wolf"] * 3] * 5, wild_symbols=["wild"]
    )
    events = [
        spin,
        battle((1, 1, 1), ("scatter_red", "scatter_green", "scatter_blue"), "scatter_red"),
        RespinsStartEvent(symbol="scatter_red", held=[(1, 0), (2, 1), (3, 2)], respins=1),
        NewScattersEvent(phase="respin", symbol="scatter_red", cells=[(4, 0)], respins_left=1),
        FinalChanceEvent(kind="coins", symbol="scatter_red", multiple=5, coins=75),
        WarlordsFreeSpinsStartEvent(
            mode="samurai", symbol="scatter_red", scatters=4, spins=5, sticky=[(1, 0)]
        ),
        NewScattersEvent(
            phase="free", mode="priestess", symbol="scatter_green", cells=[(2, 2)], multiplier=4
        ),
    ]
    steps = detail.detail_steps(events, warlords, bet)
    assert steps[0].kind == "spin"
    texts = [ctx.i18n.say(s.text) for s in steps[1:]]
    assert texts == [
        "Battle: Red scatter 33.3 %, Green scatter 33.3 %, Blue scatter 33.3 %. Red scatter wins",
        "Re-spins: 3 × Red scatter held, 1 re-spin",
        "+1 × Red scatter: re-spins left: 1",
        "Final Chance: 5 × bet = 75 coins",
        "The Samurai's free spins: 5 free spins at x1",
        "+1 × Green scatter: multiplier x4",
    ]
    ctx.i18n.set_language("es")
    assert ctx.i18n.say(steps[4].text) == "Última oportunidad: 5 × apuesta = 75 monedas"
    ctx.i18n.set_language("en")


def test_the_paytable_pages_come_from_the_data(warlords):
    bet = default_bet(warlords)
    all_pages = build_pages(warlords, bet)
    kinds = [p.kind for p in all_pages]
    assert kinds[0] == "wild_scatter" and [s.symbol_id for s in all_pages[0].symbols] == ["wild"]
    assert kinds[-2:] == ["lines", "how"] and len(all_pages[-2].lines) == 30
    own = pages.pages(warlords, bet)
    assert [p.kind for p in own] == [
        "warlords_stacks",
        "warlords_overlay",
        "warlords_battle",
        "warlords_respins",
        "warlords_free",
    ]
    f = warlords.feature
    overlay = own[1]
    assert overlay.items[1].lines == (f"2 to 5 Wilds anywhere on reels 1 to {f.overlay.arrow_reels[1]}",)
    battle_page = own[2]
    assert "A pair against a single Scatter: the pair wins 75 %, the single 25 %." in battle_page.paragraphs
    respins = own[3].paragraphs[-1]
    assert "3, 5, 10, 20, 50 and 100 × the total bet" in respins
    free = {item.title: item.lines for item in own[4].items}
    assert free["BARBARIAN"][0] == "3 Free Spins for each Scatter (at least 9)."
    assert pages.symbol_notes(warlords, "scatter_blue", pages.ENGLISH) == [
        "Brings the Barbarian's Free Spins: 2 or more start Re-Spins."
    ]


@pytest.mark.slow
def test_every_paytable_page_draws(ctx, display):
    from scenes.viewers.paytable import PaytableScene

    for language in ("en", "es"):
        ctx.i18n.set_language(language)
        stack = SceneStack()
        stack.push(Scene())
        defn = ctx.games["warlords"].definition
        scene = PaytableScene(ctx, "warlords", default_bet(defn))
        stack.push(scene)
        for page in range(scene.page_count):
            scene.page = page
            stack.update(DT)
            stack.draw(display)
    ctx.i18n.set_language("en")


# -- MAX BET, backdrops, sounds ----------------------------------------------------------------------


def test_max_bet_raises_the_bet_then_plays(ctx, display, warlords):
    ctx.seeds = SeedSource(5)
    stack = SceneStack()
    scene = ReelsScene(ctx, "warlords")
    stack.push(scene)
    stack.update(DT)
    assert scene.bet.level == 1
    scene.handle(Intent(Act.MAX_BET))  # below the top level: the first press raises the bet
    assert scene.bet == max_bet(warlords, default_bet(warlords)) and not scene.driver.active
    scene.handle(Intent(Act.MAX_BET))  # at the top level: it plays
    assert scene.driver.active and scene.bet.level == 10


def test_stones_max_bet_plays_at_once(ctx, display):
    stack = SceneStack()
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    stack.update(DT)
    scene.handle(Intent(Act.MAX_BET))  # "MAX BET plays the game at 25 bet lines, the highest bet level"
    top = ctx.games["stones"].definition.bet
    assert scene.driver.active and scene.bet.level == max(top.levels) and scene.bet.lines == 25


def test_each_warlord_has_a_backdrop_of_its_own(assets, warlords):
    shots = [
        free_backdrop(assets, "warlords", by_mode(warlords, m)) for m in ("barbarian", "priestess", "samurai")
    ]
    assert all(s.get_size() == (1280, 720) for s in shots)
    centre = [tuple(s.get_at((640, 100)))[:3] for s in shots]
    assert len(set(centre)) == 3
    assert free_backdrop(assets, "warlords", by_mode(warlords, "samurai")) is shots[2]  # made once


def test_overlay_stings_are_the_games_own(ctx):
    from scenes.reels.sound_director import SoundDirector

    sounds = SoundDirector(ctx.audio, "warlords")
    for style in ("hammer", "arrow", "sword"):
        sounds.overlay(style)
    sounds.overlay("sticky")  # no sting of its own: each wild's stamp sounds instead
    assert sounds.played == ["warlords/wild_hammer", "warlords/wild_arrow", "warlords/wild_sword"]


def test_while_a_spin_turns_the_counters_show_what_was_there_before_its_scatters(warlords):
    """A spin's own new scatters add spins or multiplier once they land, not before."""
    from types import SimpleNamespace

    from scenes.games.warlords.presentation import PRESENTATION

    def spin(mode, total, mult):
        return SpinEvent(
            mode=mode,
            reel_set="free_priestess",
            stops=[0] * 5,
            grid=[["wolf"] * 3] * 5,
            wild_symbols=["wild"],
            spin_index=2,
            spins_total=total,
            multiplier=mult,
        )

    def player(*queued):
        return SimpleNamespace(next_event=lambda: queued[0] if queued else None)

    priestess = NewScattersEvent(
        phase="free", mode="priestess", symbol="scatter_green", cells=[(1, 0), (3, 2)], multiplier=6
    )
    assert PRESENTATION.counts_before(spin("free", 7, 6), player(priestess)) == (7, 4)
    barbarian = NewScattersEvent(
        phase="free", mode="barbarian", symbol="scatter_blue", cells=[(1, 0)], spins_added=3, spins_total=12
    )
    assert PRESENTATION.counts_before(spin("free", 12, 1), player(barbarian)) == (9, 1)
    respin = NewScattersEvent(phase="respin", symbol="scatter_red", cells=[(4, 1)], respins_left=1)
    assert PRESENTATION.counts_before(spin("respin", 2, 1), player(respin)) == (1, 1)
    assert PRESENTATION.counts_before(spin("free", 7, 3), player()) == (7, 3)
