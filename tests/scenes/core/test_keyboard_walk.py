"""The keyboard-only walk through every menu: real key events posted to SDL's queue and read by the
app's own frame step (events → intent mapper → scene stack), never a click and never a call into a
scene. From the intro to the lobby (the tiles and the icon row), the settings menu (every row
reached and changed, the mixer and the history opened from it), the history of every game, a
game's reels, a round with the stone picker, the paytable, the rules, the game's history, a
round's detail and its replay, the autoplay dialog (each stop condition reached and set), the
reality check, and the leave dialog, which quits. At each step the focus ring is where the keys
put it. A second walk plays a Warlords battle (a bonus scene) from the keyboard alone."""

from __future__ import annotations

import time

import pygame
import pytest
from stones_seeds import feature_session_seed

from game.autoplay import AutoplayConfig

DT = 1 / 60


@pytest.fixture
def app(tmp_path):
    from scenes.app.app import App, bootstrap, initial_scenes, shutdown
    from scenes.core.context import LaunchOptions

    options = LaunchOptions(data_dir=tmp_path / "data", seed=feature_session_seed())
    ctx, screen = bootstrap(options)
    application = App(ctx, screen, time.perf_counter())
    for scene in initial_scenes(ctx):
        application.stack.push(scene)
    yield application
    shutdown(ctx)


def press(app, key: int, *, shift: bool = False, frames: int = 2) -> None:
    """One key, as the keyboard sends it, then a few frames."""
    mod = pygame.KMOD_SHIFT if shift else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    for _ in range(frames):
        app.step(DT)


def until(app, cond, limit: int = 20000) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    raise AssertionError("the app never got there")


def top(app):
    """The top scene that is not a passing toast."""
    return [s for s in app.stack.scenes if not s.transient][-1]


@pytest.mark.slow
def test_every_menu_from_the_keyboard_alone(app):
    from scenes.front.intro import IntroScene
    from scenes.front.lobby import LobbyScene
    from scenes.games.stones.picker import StonePickerScene
    from scenes.menus.autoplay_dialog import AutoplayScene
    from scenes.menus.mixer import MixerScene
    from scenes.menus.reality_check import RealityCheckScene
    from scenes.menus.settings_menu import SettingsScene
    from scenes.reels.celebration import CelebrationScene
    from scenes.reels.scene import ReelsScene
    from scenes.viewers.history import HistoryScene
    from scenes.viewers.paytable import PaytableScene
    from scenes.viewers.replay import ReplayScene
    from scenes.viewers.round_detail import RoundDetailScene
    from scenes.viewers.rules import RulesScene
    from scenes.widgets.dialog import ConfirmDialog

    ctx, settings = app.ctx, app.ctx.settings
    for _ in range(5):
        app.step(DT)
    # -- the intro: any key goes on ----------------------------------------------------------------
    assert isinstance(top(app), IntroScene)
    press(app, pygame.K_RETURN)
    lobby = top(app)
    assert isinstance(lobby, LobbyScene)

    # -- the lobby: the tiles' row and the icons' row ------------------------------------------------
    tiles = len(lobby.tiles)
    assert lobby.ring.index == 0 and not lobby.on_icons  # the first game, ringed
    press(app, pygame.K_UP)  # up to the icons: the spanner
    assert lobby.on_icons and lobby.ring.focused.area == lobby.settings_button.rect
    press(app, pygame.K_LEFT)  # the history icon
    assert lobby.ring.focused.area == lobby.history_button.rect
    press(app, pygame.K_TAB)  # Tab goes on through the icons: the spanner again
    assert lobby.ring.focused.area == lobby.settings_button.rect
    press(app, pygame.K_RETURN)
    menu = top(app)
    assert isinstance(menu, SettingsScene)

    # -- the settings menu: every row reached, each kind of row changed ----------------------------
    keys = []
    for _ in range(len(menu.rows)):
        keys.append(menu.rows[menu.focus].key)
        press(app, pygame.K_DOWN)
    assert sorted(keys) == sorted(r.key for r in menu.rows) and menu.focus == 0
    assert {"line_palette", "text_size", "reduced_motion", "mixer", "history"} <= set(keys)

    def go_to(key: str) -> None:
        for _ in range(len(menu.rows)):
            if menu.rows[menu.focus].key == key:
                return
            press(app, pygame.K_TAB)  # Tab walks the rows like ↓
        raise AssertionError(key)

    go_to("line_palette")
    press(app, pygame.K_RIGHT)
    assert settings.line_palette == "colour_blind"
    go_to("text_size")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert settings.text_size == "larger" and ctx.assets.text_scale == pytest.approx(1.3)
    press(app, pygame.K_RIGHT)  # the list wraps: back to the standard size
    assert settings.text_size == "standard" and ctx.assets.text_scale == 1.0
    go_to("reduced_motion")
    press(app, pygame.K_RETURN)  # Enter flips a switch
    assert settings.reduced_motion is True
    press(app, pygame.K_RETURN)
    assert settings.reduced_motion is False
    go_to("language")
    press(app, pygame.K_RIGHT)
    assert settings.language == "es" and ctx.i18n.gettext("SETTINGS") == "AJUSTES"
    press(app, pygame.K_LEFT)
    assert settings.language == "en"
    go_to("quick_spin")
    press(app, pygame.K_RETURN)  # quick spin on: the round below plays at half the pace
    assert settings.quick_spin is True
    go_to("reality_check_minutes")
    press(app, pygame.K_RIGHT)
    assert settings.reality_check_minutes == 15
    go_to("mixer")
    press(app, pygame.K_RETURN)
    mixer = top(app)
    assert isinstance(mixer, MixerScene)
    volume = settings.master_volume
    press(app, pygame.K_LEFT)  # the master volume, nudged
    assert settings.master_volume == pytest.approx(volume - 0.05)
    for _ in range(len(mixer.sliders)):
        press(app, pygame.K_DOWN)
    assert mixer.focus == len(mixer.sliders)  # the mute switch
    press(app, pygame.K_RETURN)
    assert ctx.audio.muted
    press(app, pygame.K_RETURN)
    assert not ctx.audio.muted
    press(app, pygame.K_ESCAPE)
    assert top(app) is menu
    go_to("history")
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), HistoryScene) and not top(app).records
    press(app, pygame.K_ESCAPE)
    assert top(app) is menu
    press(app, pygame.K_ESCAPE)
    assert top(app) is lobby

    # -- a game: down to the tiles, Enter -----------------------------------------------------------
    press(app, pygame.K_DOWN)
    assert not lobby.on_icons and lobby.ring.index == lobby.focus < tiles
    lobby.focus = lobby.ring.index = lobby.ids.index("stones")  # (the only game shown today)
    press(app, pygame.K_RETURN, frames=5)
    reels = top(app)
    assert isinstance(reels, ReelsScene)

    # a round with the stone picker: Space spins, the arrows and Enter pick
    press(app, pygame.K_SPACE)
    until(app, lambda: isinstance(top(app), StonePickerScene) and top(app).phase == "picking")
    picker = top(app)
    for _ in range(picker.total_picks):
        until(app, lambda: picker.phase == "picking")
        while not picker.pickable(picker.focus):
            press(app, pygame.K_RIGHT, frames=1)
        press(app, pygame.K_RETURN, frames=1)
    until(app, lambda: picker.phase == "intro")
    press(app, pygame.K_RETURN)
    until(
        app,
        lambda: not reels.driver.active or isinstance(top(app), CelebrationScene),
        limit=60000,
    )
    while isinstance(top(app), CelebrationScene):
        press(app, pygame.K_RETURN)  # a press completes the count, the next one closes it
    until(app, lambda: not reels.driver.active and not reels.player.waiting, limit=60000)
    assert ctx.ledger.count_rounds() == 1

    # -- the paytable: every page, P closes -------------------------------------------------------------
    press(app, pygame.K_p)
    table = top(app)
    assert isinstance(table, PaytableScene)
    pages = {table.page}
    for _ in range(table.page_count):
        press(app, pygame.K_RIGHT)
        pages.add(table.page)
    assert pages == set(range(table.page_count))
    press(app, pygame.K_TAB)  # the ring over ◀ ✕ ▶: Enter presses the focused one
    focused = table.ring.focused.key
    before = table.page
    press(app, pygame.K_RETURN)
    if focused == "close":
        assert top(app) is reels
    else:
        assert table.page != before
        press(app, pygame.K_p)
    assert top(app) is reels

    # -- the rules -----------------------------------------------------------------------------------
    press(app, pygame.K_i)
    rules = top(app)
    assert isinstance(rules, RulesScene)
    press(app, pygame.K_RIGHT)
    assert rules.page == 1
    press(app, pygame.K_ESCAPE)
    assert top(app) is reels

    # -- the history, a round's detail, its replay ---------------------------------------------------------
    press(app, pygame.K_h)
    history = top(app)
    assert isinstance(history, HistoryScene) and len(history.records) == 1
    assert history.ring.focused.key == "row-0"
    press(app, pygame.K_RETURN)
    detail = top(app)
    assert isinstance(detail, RoundDetailScene) and detail.ring.focused.key == "extra-0"  # REPLAY
    press(app, pygame.K_RETURN, frames=30)
    assert isinstance(top(app), ReplayScene)
    press(app, pygame.K_ESCAPE)
    assert top(app) is detail
    press(app, pygame.K_ESCAPE)
    assert top(app) is history
    press(app, pygame.K_ESCAPE)
    assert top(app) is reels

    # -- the autoplay dialog: every stop condition reached and set, then START ---------------------------
    press(app, pygame.K_a)
    auto = top(app)
    assert isinstance(auto, AutoplayScene) and auto.ring.focused.key == "start"
    press(app, pygame.K_UP)  # up from START: the advanced settings button
    assert auto.ring.focused.key == "advanced"
    press(app, pygame.K_RETURN)
    assert auto.advanced
    reached = []
    for _ in range(len(auto.ring.items)):
        reached.append(auto.ring.focused.key)
        press(app, pygame.K_TAB)
    assert {
        "rounds",
        "advanced",
        "any_win",
        "free_spins",
        "single_win_exceeds_cents",
        "start",
        "close",
    } <= set(reached)

    def focus(key: str) -> None:
        for _ in range(len(auto.ring.items)):
            if auto.ring.focused.key == key:
                return
            press(app, pygame.K_TAB)
        raise AssertionError(key)

    focus("rounds")
    press(app, pygame.K_RIGHT)  # 10 → 25 rounds
    focus("any_win")
    press(app, pygame.K_RETURN)  # Enter flips the switch
    focus("single_win_exceeds_cents")
    assert auto.config.single_win_exceeds_cents is None
    press(app, pygame.K_RIGHT)  # → turns it on
    amount = auto.config.single_win_exceeds_cents
    assert amount is not None
    press(app, pygame.K_RIGHT)  # → steps its amount
    assert auto.config.single_win_exceeds_cents > amount
    assert auto.config.rounds == 25 and auto.config.stop_on_any_win
    assert auto.config != AutoplayConfig()
    started = auto.config
    focus("start")
    press(app, pygame.K_RETURN, frames=3)
    assert top(app) is reels and reels.autoplay.running and reels.autoplay.config == started
    press(app, pygame.K_RIGHT)  # any key stops autoplay, and does nothing else
    until(app, lambda: not reels.autoplay.running)
    until(app, lambda: not reels.driver.active and not reels.player.waiting, limit=60000)

    # -- the reality check (15 minutes were set above): ←/→ and Enter -----------------------------------
    app.reality.timer.since_check = app.reality.timer.interval  # a quarter of an hour, played
    until(app, lambda: isinstance(top(app), RealityCheckScene))
    check = top(app)
    assert check.focus == 1  # CONTINUE
    press(app, pygame.K_LEFT)
    assert check.focus == 0
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert top(app) is reels

    # -- back to the lobby, and the leave dialog: Stay, then Leave -----------------------------------
    press(app, pygame.K_ESCAPE, frames=5)
    assert top(app) is lobby
    press(app, pygame.K_ESCAPE)
    ask = top(app)
    assert isinstance(ask, ConfirmDialog) and ask.ring.index == 1  # "Leave" first
    press(app, pygame.K_LEFT)  # the ring to "Stay"
    press(app, pygame.K_RETURN)
    assert top(app) is lobby and not app.stack.quit_requested
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RETURN, frames=1)
    assert app.stack.quit_requested
    assert ctx.ledger.verify() == []


@pytest.mark.slow
def test_a_warlords_battle_from_the_keyboard_alone(tmp_path):
    """The lobby's arrows to Warlords, Enter, Space spins into a battle (a bonus scene of its own):
    Esc and a stray key say why they cannot act, Enter skips to the result, Space continues and
    the reels take the round on."""
    from warlords_seeds import battle_session_seed

    from scenes.app.app import App, bootstrap, initial_scenes, shutdown
    from scenes.core.context import LaunchOptions
    from scenes.front.lobby import LobbyScene
    from scenes.games.warlords.battle import BattleScene
    from scenes.reels.scene import ReelsScene
    from scenes.widgets.dialog import Toast

    options = LaunchOptions(data_dir=tmp_path / "data", seed=battle_session_seed(2))
    ctx, screen = bootstrap(options)
    ctx.settings.intro_screen = False
    app = App(ctx, screen, time.perf_counter())
    try:
        for scene in initial_scenes(ctx):
            app.stack.push(scene)
        app.step(DT)
        lobby = top(app)
        assert isinstance(lobby, LobbyScene)
        for _ in range(len(lobby.ids)):
            if lobby.ids[lobby.ring.index] == "warlords":
                break
            press(app, pygame.K_RIGHT)
        press(app, pygame.K_RETURN, frames=5)
        reels = top(app)
        assert isinstance(reels, ReelsScene) and reels.game_id == "warlords"

        press(app, pygame.K_SPACE)
        until(app, lambda: isinstance(top(app), BattleScene))
        battle = top(app)
        press(app, pygame.K_ESCAPE, frames=1)
        said = [s.text for s in app.stack.scenes if isinstance(s, Toast)]
        assert said == ["The battle cannot be left: SPACE or a click skips it"] and top(app) is battle
        press(app, pygame.K_h, frames=1)  # the history: not during a feature
        assert [s.text for s in app.stack.scenes if isinstance(s, Toast)] == ["Finish the feature first"]
        press(app, pygame.K_RETURN, frames=1)  # skip to the result
        assert battle.resolved and not battle.finished
        press(app, pygame.K_SPACE, frames=2)  # continue
        assert battle.finished and top(app) is reels and reels.player.waiting != "feature"
    finally:
        shutdown(ctx)
