"""Lobby: tiles only for defined games, keyboard and pointer opening, quit confirm, notices,
translated text (rebuilt on a language switch), the icon buttons."""

from __future__ import annotations

import pytest

from game import messages
from game.messages import Message
from scenes.core.canvas import Canvas
from scenes.core.i18n import Translator
from scenes.core.intents import Act, Intent
from scenes.core.settings_store import DAMAGED_MESSAGE
from scenes.core.stack import Scene, SceneStack
from scenes.front import lobby as lobby_mod
from scenes.front.lobby import LobbyScene, rtp_text
from scenes.menus.mixer import MixerScene
from scenes.menus.settings_menu import SettingsScene
from scenes.viewers.history import HistoryScene
from scenes.widgets.dialog import ConfirmDialog, MessageDialog


class FakeReels(Scene):
    def __init__(self, ctx, game_id):
        super().__init__()
        self.game_id = game_id


@pytest.fixture
def fake_reels(monkeypatch):
    opened = []

    def make(ctx, gid):
        opened.append(gid)
        return FakeReels(ctx, gid)

    monkeypatch.setattr(lobby_mod, "reels_scene", make)
    return opened


def run_frames(st, surface, n=60):
    for _ in range(n):
        st.update(1 / 60)
        st.draw(surface)


@pytest.mark.slow
def test_smoke_and_tiles_only_for_defined_games(ctx, display):
    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    st.handle(Intent(Act.POINTER_MOVE, pos=lobby.tiles[0].rect.center))
    run_frames(st, display)
    assert [t.game_id for t in lobby.tiles] == sorted(ctx.games)
    assert lobby.tiles[0].hot > 0.9
    assert lobby.balance_cents == ctx.ledger.balance_cents


@pytest.mark.slow
def test_the_resting_tiles_layer_draws_what_the_tiles_draw(ctx, display):
    """The unfocused tiles baked into one layer (made between frames after the focus moves)
    give the same picture as drawing them one by one, and the frame uses the layer once made."""
    import pygame

    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    st.handle(Intent(Act.POINTER_MOVE, pos=lobby.tiles[1].rect.center))
    run_frames(st, display, 90)  # the fade and the lift settle; the layer for tiles 0 and 2 is asked for
    lobby._rest = None
    lobby._rest_wanted = None
    lobby.draw(display)
    one_by_one = pygame.image.tobytes(display.surf, "RGB")
    ctx.assets.run_deferred()
    assert lobby._rest is not None and lobby._rest[0][1] == (0, 2)
    lobby.draw(display)
    assert pygame.image.tobytes(display.surf, "RGB") == one_by_one


def test_rtp_text():
    assert rtp_text(Translator("en"), 0.967) == "RTP 96.70 %"
    assert rtp_text(Translator("es"), 0.967) == "RTP 96,70 %"


def test_language_switch_rebuilds_the_lobby_text(ctx, display):
    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    run_frames(st, display, 2)
    assert lobby.tiles[0].play.label == "PLAY"
    ctx.i18n.set_language("es")
    run_frames(st, display, 2)
    texts = lobby.caption_texts()
    assert lobby.tiles[0].play.label == texts["stones.play"] == "JUGAR"
    assert texts["version"] == f"Reelhouse {ctx.version}"
    assert lobby.sound_button.tooltip == "Mezclador de sonido (M silencia)"
    ctx.settings.display_currency = "GBP"
    assert lobby.balance_text() == ctx.i18n.format_money(lobby.balance_cents, "GBP")


def test_spanish_text_fits_its_boxes(ctx, display):
    ctx.i18n.set_language("es")
    lobby = LobbyScene(ctx)
    a = ctx.assets
    for tile in lobby.tiles:
        d = ctx.games[tile.game_id].definition
        pitch = ctx.i18n.gettext(d.pitch)
        lines = lobby.pitch_lines(tile.game_id)
        assert " ".join(lines) == " ".join(pitch.split())  # two lines hold the whole pitch
        assert a.font("text_bold", 22).size(tile.play.label)[0] < tile.play.rect.w - 16


def test_quit_dialog_and_notices_are_translated(ctx, display):
    ctx.i18n.set_language("es")
    ctx.notices.append(Message(messages.FUNDS))
    st = SceneStack()
    st.push(LobbyScene(ctx))
    st.update(1 / 60)
    notice = st.top
    assert isinstance(notice, MessageDialog)
    assert notice.title == "Aviso" and notice.body == "Saldo insuficiente para esta apuesta."
    assert notice.buttons[0].label == "ACEPTAR"
    st.handle(Intent(Act.CONFIRM))
    st.handle(Intent(Act.BACK))
    ask = st.top
    assert isinstance(ask, ConfirmDialog)
    assert ask.title == "¿Salir de Reelhouse?"
    assert [b.label for b in ask.buttons] == ["Quedarme", "Salir"]


def test_click_opens_game_over_lobby(ctx, display, fake_reels):
    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    c = lobby.tiles[0].rect.center
    st.handle(Intent(Act.POINTER_DOWN, pos=c))
    st.handle(Intent(Act.POINTER_UP, pos=c))
    assert fake_reels == [lobby.tiles[0].game_id]
    assert st.scenes[0] is lobby and isinstance(st.top, FakeReels)
    st.pop()
    assert st.top is lobby


def test_keyboard_opens_focused_game(ctx, fake_reels):
    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    st.handle(Intent(Act.RIGHT))
    st.handle(Intent(Act.LEFT))
    st.handle(Intent(Act.CONFIRM))
    assert fake_reels == [lobby.tiles[0].game_id]


@pytest.mark.slow
def test_drag_off_tile_does_not_open(ctx, fake_reels):
    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    st.handle(Intent(Act.POINTER_DOWN, pos=lobby.tiles[0].rect.center))
    st.handle(Intent(Act.POINTER_UP, pos=(5, 700)))
    assert fake_reels == []


@pytest.mark.slow
def test_esc_asks_before_quitting(ctx, display):
    st = SceneStack()
    st.push(LobbyScene(ctx))
    st.handle(Intent(Act.BACK))
    assert isinstance(st.top, ConfirmDialog)
    run_frames(st, display, 5)
    st.handle(Intent(Act.BACK))  # "Stay"
    assert isinstance(st.top, LobbyScene) and not st.quit_requested
    st.handle(Intent(Act.BACK))
    dialog = st.top
    yes = dialog.buttons[1].rect.center
    st.handle(Intent(Act.POINTER_DOWN, pos=yes))
    st.handle(Intent(Act.POINTER_UP, pos=yes))
    st.flush()
    assert st.quit_requested


@pytest.mark.slow
def test_notices_shown_in_a_dialog(ctx, display):
    ctx.notices.append(Message(DAMAGED_MESSAGE, {"name": "settings.json.damaged-1"}))
    st = SceneStack()
    st.push(LobbyScene(ctx))
    st.update(1 / 60)
    assert isinstance(st.top, MessageDialog)
    assert ctx.notices == []
    run_frames(st, display, 5)
    st.handle(Intent(Act.CONFIRM))
    assert isinstance(st.top, LobbyScene)


@pytest.mark.slow
def test_missing_reels_module_shows_a_toast(ctx, display, monkeypatch):
    def missing(ctx, gid):
        raise ModuleNotFoundError("No module named 'scenes.reels.scene'", name="scenes.reels.scene")

    monkeypatch.setattr(lobby_mod, "reels_scene", missing)
    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    st.handle(Intent(Act.CONFIRM))
    assert type(st.top).__name__ == "Toast"
    run_frames(st, display, 400)
    assert st.top is lobby


@pytest.mark.slow
def test_sound_button_opens_the_mixer_and_follows_mute(ctx, display):
    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    c = lobby.sound_button.rect.center
    st.handle(Intent(Act.POINTER_DOWN, pos=c))
    st.handle(Intent(Act.POINTER_UP, pos=c))
    assert isinstance(st.top, MixerScene)
    st.handle(Intent(Act.MUTE))  # the mixer's switch
    assert ctx.audio.muted
    st.handle(Intent(Act.BACK))
    st.update(1 / 60)
    assert st.top is lobby
    assert lobby.sound_button.icon == "icon_mute"
    assert isinstance(display, Canvas)


@pytest.mark.slow
def test_settings_and_history_buttons(ctx, display):
    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    for button, kind in ((lobby.settings_button, SettingsScene), (lobby.history_button, HistoryScene)):
        c = button.rect.center
        st.handle(Intent(Act.POINTER_DOWN, pos=c))
        st.handle(Intent(Act.POINTER_UP, pos=c))
        assert isinstance(st.top, kind)
        run_frames(st, display, 3)
        st.handle(Intent(Act.BACK))
        st.update(1 / 60)
        assert st.top is lobby


def test_startup_routing(ctx):
    from game import ENGINE_VERSION
    from game.bets import default_bet
    from scenes.app.app import initial_scenes
    from scenes.front.intro import IntroScene

    assert [type(s) for s in initial_scenes(ctx)] == [IntroScene]
    ctx.settings.intro_screen = False
    assert [type(s) for s in initial_scenes(ctx)] == [LobbyScene]
    ctx.settings.intro_screen = True
    ctx.options.autoplay = 3
    assert [type(s) for s in initial_scenes(ctx)] == [LobbyScene]
    ctx.options.autoplay = None

    ctx.options.game = "stones"
    scenes = initial_scenes(ctx)
    assert [type(s).__name__ for s in scenes] == ["LobbyScene", "ReelsScene"]
    ctx.options.game = None

    # an unfinished round opens its game directly, whatever the flags say
    loaded = ctx.games["stones"]
    ctx.ledger.begin_round(
        "stones", loaded.sha256, ENGINE_VERSION, default_bet(loaded.definition), 12345, ctx.session_id
    )
    scenes = initial_scenes(ctx)
    assert [type(s).__name__ for s in scenes] == ["LobbyScene", "ReelsScene"]
    assert scenes[1].game_id == "stones"


@pytest.mark.parametrize(
    ("language", "toast", "ribbon"),
    [
        ("en", "The round waits: it resumes when you open ", "ROUND WAITING"),
        ("es", "La ronda espera: continúa cuando vuelvas a abrir ", "RONDA EN ESPERA"),
    ],
)
def test_esc_in_a_bonus_says_the_round_waits_and_marks_its_tile(ctx, display, language, toast, ribbon):
    """Esc in the stone picker: back in the lobby a toast says the round waits, and the game's
    tile wears a ribbon while the round stays open (and only that game's tile)."""
    from screens import lobby_round_waiting

    from scenes.core.canvas import TextRecorder
    from scenes.core.text import clear_text_cache
    from scenes.widgets.dialog import Toast

    ctx.settings.language = language
    ctx.i18n.set_language(language)
    st = lobby_round_waiting(ctx)
    lobby = st.scenes[0]
    assert isinstance(lobby, LobbyScene) and ctx.ledger.open_round() is not None
    toasts = [s for s in st.scenes if isinstance(s, Toast)]
    name = ctx.i18n.gettext(ctx.games["stones"].definition.name)
    assert len(toasts) == 1 and toasts[0].text.startswith(toast + name)
    assert lobby.waiting == "stones"
    rec = TextRecorder()
    Canvas.recorder = rec
    clear_text_cache()
    try:
        lobby.draw(display)
    finally:
        Canvas.recorder = None
        clear_text_cache()
    assert rec.rendered.count(ribbon) == 1
    lobby.on_resume()  # back from a menu: no second toast
    assert len([s for s in st.scenes if isinstance(s, Toast)]) == 1
