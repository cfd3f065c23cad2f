"""The issue-5 pieces wired into the app frame: translator on the context, S/H/M from the app,
the reality check on the frame step, the lobby's settings / mixer / history buttons, a live
language switch reaching the lobby."""

from __future__ import annotations

import time
from itertools import pairwise

import pygame
import pytest

from game import ENGINE_VERSION
from game.bets import default_bet
from scenes.app.app import App
from scenes.core.i18n import Translator
from scenes.core.intents import Act, Intent
from scenes.front.intro import IntroScene
from scenes.front.lobby import LobbyScene
from scenes.menus.mixer import MixerScene
from scenes.menus.reality_check import RealityCheckScene
from scenes.menus.settings_menu import SettingsScene
from scenes.viewers.history import HistoryScene

DT = 1 / 60


@pytest.fixture
def app(ctx, display):
    app = App(ctx, display, time.perf_counter())
    pygame.event.clear()
    return app


def with_lobby(app: App) -> LobbyScene:
    lobby = LobbyScene(app.ctx)
    app.stack.push(lobby)
    app.step(DT)
    return lobby


def click(app: App, pos: tuple[int, int]) -> None:
    """A real click through SDL's queue, the mapper and the app's intent handling."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step(DT)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(DT)


def test_build_context_installs_the_translator(ctx):
    assert isinstance(ctx.i18n, Translator)
    assert ctx.i18n.language == ctx.settings.language


def test_s_opens_the_settings_from_the_lobby_and_closes_them(app):
    lobby = with_lobby(app)
    key(app, pygame.K_s)
    assert isinstance(app.stack.top, SettingsScene)
    key(app, pygame.K_s)  # the key that opened it closes it
    assert app.stack.top is lobby


def test_s_over_the_intro_opens_the_settings(app):
    intro = IntroScene(app.ctx)
    app.stack.push(intro)
    app.step(DT)
    key(app, pygame.K_s)
    assert isinstance(app.stack.top, SettingsScene)
    assert app.stack.scenes[0] is intro


def test_spanish_in_the_settings_relabels_the_lobby(app):
    lobby = with_lobby(app)
    en = lobby.caption_texts()
    assert en["stones.play"] == "PLAY" and en["balance_title"] == "BALANCE"
    old_static = lobby.static
    app.handle_intent(Intent(Act.SETTINGS))
    menu = app.stack.top
    assert isinstance(menu, SettingsScene)
    assert menu.rows[menu.focus].key == "language"
    app.handle_intent(Intent(Act.RIGHT))  # English → Español
    assert app.ctx.settings.language == "es"
    app.handle_intent(Intent(Act.BACK))
    app.step(DT)
    assert app.stack.top is lobby
    es = lobby.caption_texts()
    tr = app.ctx.i18n
    assert es["stones.play"] == tr.gettext("PLAY") == "JUGAR"
    assert es["balance_title"] == "SALDO"
    assert es["stones.rtp"].startswith("RTP ") and "," in es["stones.rtp"]
    assert es["stones.pitch"] != en["stones.pitch"]
    assert es["hints"] == ["elegir", "ENTER  jugar", "ESC  salir"]
    assert es["balance"].endswith("€") and es["balance"] != en["balance"]
    assert lobby.static is not old_static  # the composed layer was rebuilt, no restart
    # and the choice was saved
    assert '"language": "es"' in app.ctx.settings_path.read_text(encoding="utf-8").replace("\n", " ")


def test_the_art_with_words_follows_the_language_chosen(app):
    """Spanish chosen in the settings: the next frame the reels show the Spanish wild (its word
    baked into the art) without a restart; back to English, the English one."""
    import pygame

    from scenes.front.lobby import reels_scene

    reels = reels_scene(app.ctx, "stones")
    app.stack.push(reels)
    app.step(DT)

    def wild() -> bytes:
        return pygame.image.tobytes(reels.stage.view.art.sharp["wild"].surf, "RGBA")

    english = wild()
    app.ctx.i18n.set_language("es")
    app.step(DT)
    assert app.ctx.assets.language == "es" and wild() != english
    app.ctx.i18n.set_language("en")
    app.step(DT)
    assert wild() == english


def test_reality_check_fires_on_the_frame_step_when_enabled(app):
    lobby = with_lobby(app)
    app.ctx.settings.reality_check_minutes = 15
    for _ in range(14):
        app.step(60.0)  # a simulated minute per frame: the app passes dt straight to the timer
    assert app.stack.top is lobby
    app.step(60.0)
    check = app.stack.top
    assert isinstance(check, RealityCheckScene)
    assert check.session_seconds >= 15 * 60
    app.handle_intent(Intent(Act.CONFIRM))  # CONTINUE is the default
    app.step(DT)
    assert app.stack.top is lobby


@pytest.mark.slow
def test_reality_check_off_by_default_and_never_unattended(app, ctx, display):
    lobby = with_lobby(app)
    assert ctx.settings.reality_check_minutes == 0
    for _ in range(70):
        app.step(60.0)
    assert app.stack.top is lobby
    ctx.options.autoplay = 3
    assert App(ctx, display, time.perf_counter()).reality is None
    ctx.options.autoplay = None
    ctx.options.bench = True
    assert App(ctx, display, time.perf_counter()).reality is None


@pytest.mark.slow
def test_sound_button_opens_the_mixer_and_its_switch_is_the_mute(app):
    lobby = with_lobby(app)
    click(app, lobby.sound_button.rect.center)
    mixer = app.stack.top
    assert isinstance(mixer, MixerScene)
    assert mixer.rect.top > lobby.sound_button.rect.bottom  # drops down under the icon row
    key(app, pygame.K_m)  # M inside the panel flips the mixer's switch
    assert app.ctx.audio.muted and mixer.mute.value
    click(app, lobby.sound_button.rect.center)  # the sound button again closes it
    assert app.stack.top is lobby
    assert lobby.sound_button.icon == "icon_mute"
    key(app, pygame.K_m)  # with the panel closed the app's M unmutes the same state
    assert not app.ctx.audio.muted
    click(app, lobby.sound_button.rect.center)
    assert not app.stack.top.mute.value


def test_m_in_the_lobby_still_mutes(app):
    with_lobby(app)
    key(app, pygame.K_m)
    assert app.ctx.audio.muted
    assert isinstance(app.stack.top, LobbyScene)


def test_spanner_and_history_buttons(app):
    lobby = with_lobby(app)
    icons = lobby.icon_buttons
    assert [b.icon for b in icons] == ["icon_history", "icon_settings", "icon_sound", "icon_close"]
    for left, right in pairwise(icons):
        assert left.rect.right < right.rect.left and left.rect.top == right.rect.top
    click(app, lobby.settings_button.rect.center)
    assert isinstance(app.stack.top, SettingsScene)
    app.handle_intent(Intent(Act.BACK))
    app.step(DT)
    click(app, lobby.history_button.rect.center)
    history = app.stack.top
    assert isinstance(history, HistoryScene) and history.game_id is None


def test_h_opens_every_games_history_unless_a_round_is_open(app, ctx):
    lobby = with_lobby(app)
    key(app, pygame.K_h)
    assert isinstance(app.stack.top, HistoryScene)
    key(app, pygame.K_h)  # H again closes it
    assert app.stack.top is lobby
    loaded = ctx.games["stones"]
    ctx.ledger.begin_round(
        "stones", loaded.sha256, ENGINE_VERSION, default_bet(loaded.definition), 7, ctx.session_id
    )
    key(app, pygame.K_h)
    assert app.stack.top is lobby  # the reels scene owns the history while a round is open


def test_intro_screen_off_starts_in_the_lobby(ctx):
    from scenes.app.app import initial_scenes

    ctx.settings.intro_screen = False
    assert [type(s) for s in initial_scenes(ctx)] == [LobbyScene]
