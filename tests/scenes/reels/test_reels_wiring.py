"""The reels scene's game functions: each icon and key opens its screen between rounds and is
refused mid-spin (the round untouched), a click on a reel symbol at rest opens the mini paytable
for that very symbol, and a language switch in the settings menu over the reels relabels the HUD
at once."""

from __future__ import annotations

import pytest

from game.rng import SeedSource
from scenes.core.intents import Act, Intent
from scenes.core.stack import SceneStack
from scenes.menus.autoplay_dialog import AutoplayScene
from scenes.menus.mixer import MixerScene
from scenes.menus.settings_menu import SettingsScene
from scenes.reels.scene import ReelsScene
from scenes.viewers.history import HistoryScene
from scenes.viewers.paytable import MiniPaytable, PaytableScene
from scenes.viewers.rules import RulesScene
from scenes.widgets.dialog import Toast

DT = 1 / 60

# (HUD button attribute, intent, the scene it opens)
FUNCTIONS = [
    ("settings", Act.SETTINGS, SettingsScene),
    ("paytable", Act.PAYTABLE, PaytableScene),
    ("rules", Act.RULES, RulesScene),
    ("history", Act.HISTORY, HistoryScene),
    ("auto", Act.AUTOPLAY, AutoplayScene),
    ("sound", None, MixerScene),
]


def make(ctx, seed: int = 4):
    ctx.options.seed = seed
    ctx.seeds = SeedSource(seed)
    stack = SceneStack()
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    stack.update(DT)
    return stack, scene


def click(stack, pos) -> None:
    stack.handle(Intent(Act.POINTER_DOWN, pos=pos))
    stack.handle(Intent(Act.POINTER_UP, pos=pos))


def run_until(stack, screen, cond, limit: int = 6000) -> None:
    for _ in range(limit):
        if cond():
            return
        stack.update(DT)
        stack.draw(screen)
    raise AssertionError("condition never met")


@pytest.mark.slow
@pytest.mark.parametrize(("attr", "act", "kind"), FUNCTIONS)
def test_each_icon_and_key_opens_its_screen_between_rounds(ctx, display, attr, act, kind):
    stack, scene = make(ctx)
    button = getattr(scene.hud, attr)
    assert button.enabled
    click(stack, button.rect.center)
    stack.update(DT)
    assert isinstance(stack.top, kind)
    stack.draw(display)
    stack.pop()
    stack.update(DT)
    assert stack.top is scene
    if act is not None:
        stack.handle(Intent(act))
        stack.update(DT)
        assert isinstance(stack.top, kind)
    if kind is HistoryScene:
        assert stack.top.game_id == "stones"  # this game's rounds
    if kind is PaytableScene:
        assert stack.top.bet == scene.bet  # at the current bet


def test_p_then_right_turns_the_paytable_pages(ctx, display):
    stack, scene = make(ctx)
    stack.handle(Intent(Act.PAYTABLE))
    table = stack.top
    assert isinstance(table, PaytableScene) and table.page == 0
    stack.handle(Intent(Act.RIGHT))
    assert table.page == 1
    stack.handle(Intent(Act.PAYTABLE))  # the key that opened it closes it
    stack.update(DT)
    assert stack.top is scene


@pytest.mark.slow
@pytest.mark.parametrize(("attr", "act", "kind"), FUNCTIONS)
def test_icons_and_keys_are_refused_mid_spin(ctx, display, attr, act, kind):
    stack, scene = make(ctx)
    stack.handle(Intent(Act.SPIN))
    stack.update(DT)
    assert scene.driver.active and scene.waiting == "reels"
    before = (ctx.ledger.open_round(), scene.waiting, scene.player.current)
    muted = ctx.audio.muted
    button = getattr(scene.hud, attr)
    click(stack, button.rect.center)
    if act is not None:
        assert stack.handle(Intent(act))  # swallowed: the app must not open it either
    stack.update(DT)
    real = [s for s in stack.scenes if not s.transient]
    assert real[-1] is scene and not any(isinstance(s, kind) for s in stack.scenes)
    assert (ctx.ledger.open_round(), scene.player.current) == (before[0], before[2])
    if attr == "sound":
        assert ctx.audio.muted != muted  # mid-round the sound icon mutes instead
    else:
        assert not button.enabled
        # never silently: the greyed icon and the key both say why, in one toast
        toasts = [s for s in stack.scenes if isinstance(s, Toast)]
        assert [t.text for t in toasts] == ["Finish the round first"]
    run_until(stack, display, lambda: not scene.driver.active)
    assert ctx.ledger.count_rounds() == 1


@pytest.mark.slow
def test_clicking_a_symbol_at_rest_opens_its_mini_paytable(ctx, display):
    stack, scene = make(ctx)
    stack.handle(Intent(Act.SPIN))
    run_until(stack, display, lambda: not scene.driver.active and not scene.waiting)
    if scene.free_mode:  # pragma: no cover - the seed's first round has no free spins
        pytest.skip("free spins")
    cells = scene.view.visible_cells()
    for reel, row in ((0, 0), (2, 1), (4, 2)):
        rect = scene.view.cell_rect(reel, row)
        click(stack, rect.center)
        popup = stack.top
        assert isinstance(popup, MiniPaytable)
        assert popup.pays.symbol_id == cells[reel][row]
        assert popup.anchor == rect
        assert not scene.presenter.active  # the win presentation gave way
        stack.draw(display)
        click(stack, (10, 700))  # any click closes it
        stack.update(DT)
        assert stack.top is scene


def test_no_mini_paytable_while_the_reels_turn(ctx, display):
    stack, scene = make(ctx)
    stack.handle(Intent(Act.SPIN))
    stack.update(DT)
    click(stack, scene.view.cell_rect(1, 1).center)
    assert stack.top is scene and scene.driver.active


@pytest.mark.slow
def test_spanish_from_the_settings_menu_relabels_the_hud_at_once(ctx, display):
    stack, scene = make(ctx)
    hud = scene.hud
    assert hud.lines.title == "LINES" and hud.message == "Place your bet"
    stack.handle(Intent(Act.SETTINGS))
    menu = stack.top
    assert isinstance(menu, SettingsScene) and menu.rows[menu.focus].key == "language"
    stack.handle(Intent(Act.RIGHT))  # English → Español
    assert ctx.settings.language == "es"
    stack.draw(display)  # the reels are drawn (not updated) under the menu
    assert hud.lines.title == "LÍNEAS" and hud.level.title == "NIVEL"
    assert hud.coin.title == "VALOR DE MONEDA" and hud.coin.value_text.endswith("€")
    assert hud.max_bet.label == "APUESTA MÁX." and hud.message == "Haz tu apuesta"
    assert hud.settings.tooltip == "Ajustes (S)"
    stack.handle(Intent(Act.BACK))
    stack.update(DT)
    assert stack.top is scene
    assert scene.tr.gettext("BALANCE") == "SALDO"
    stack.handle(Intent(Act.SPIN))
    run_until(stack, display, lambda: not scene.driver.active)
    assert hud.message.startswith(("Has ganado", "Haz tu apuesta", "LÍNEA", "SCATTER"))


def test_a_language_switch_reaches_the_picker_and_the_free_spins_tags(ctx, display):
    from scenes.games.stones.picker import feature_name

    ctx.i18n.set_language("es")
    stack, scene = make(ctx)
    stack.update(DT)
    defn = ctx.games["stones"].definition
    from game.games.stones.events import StoneReveal

    assert (
        feature_name(StoneReveal(kind="spins", value=3, key="spins_3"), defn, scene.tr) == "+3 GIROS GRATIS"
    )
    assert scene.view.art.wild_tag is scene.assets.derived(("reels-wild-tag", "COMODÍN"), lambda: None)
