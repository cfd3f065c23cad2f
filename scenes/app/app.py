"""The application: bootstrap (data dir, settings, ledger, games, display, assets, audio) and the loop.

`run(options, started=...)` is what `main.py` calls. It owns the only clock: `dt` is measured
once per frame, clamped to `MAX_DT`, and passed down to the scene stack; nothing else reads wall
time. Input flows SDL event → `IntentMapper` → `SceneStack.handle`; the app itself handles only
window-level intents (close, F11 fullscreen) and, when no scene used the key, the ones that work
everywhere: M mutes (the same `ctx.audio.muted` the mixer's switch shows), S opens the settings
menu, H opens the game history of every game (not while a round is open).

The window has any size (at least MIN_WINDOW; `--window WxH` or 1280×720 to start, the desktop in
fullscreen). The app keeps a `Viewport` of it: the 1280×720 logical screen scaled to fill the
window, centred, with bars only for the difference in aspect. Scenes draw on `root`, a Canvas
over that part of the window at its density, so everything is drawn for the window's own pixels
(`scenes.core.canvas`). A new size is applied once it has settled (`SETTLE_S`): the asset store
and every scene redraw their prepared pictures at the new density (`SceneStack.rebuild`); until
then frames are drawn at the old density and scaled into the window.

After the stack's update each frame, `RealityCheck.tick` counts play time on the same `dt` and
shows the reality check when the setting asks for one (never under --bench or --autoplay, where
nobody is there to answer it). The context's translator is built for the saved language with the
context, before any scene exists.

Start-up is ordered so the first frame comes quickly: game definitions are validated first (bad
data must stop the app before a window opens), then the window, then only the assets the first
scene needs; everything else loads lazily on first use.

Exit codes (see `scenes.core.exits`): 0 normal, 1 the data folder, the settings or the ledger
cannot be used, at start-up or while playing (one plain sentence in the player's language, on
stderr and on the screen; nothing is lost, an open round resumes at the next start), 2 a game
data file is invalid or an image a game needs is missing (`file: field: reason` on stderr),
3 `--autoplay N` was cut short (its summary on stdout first). SIGINT and SIGTERM end the app
like a window close. Settings are not critical data: a failed settings save is said in a toast
(or logged, for F11) and play goes on with the new settings for the session.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import __version__ as APP_VERSION  # noqa: N812 - one version constant, named for what it is
from game import storage
from game.definitions import DefinitionError, LoadedGame, load_definition
from game.messages import Message
from game.paths import asset_path
from game.storage import StorageFailure
from scenes.app.routes import register_routes
from scenes.app.startup_checks import check_window, verify_at_start
from scenes.core.assets import IMAGE_SUFFIXES, AssetStore
from scenes.core.audio import AudioService
from scenes.core.canvas import Canvas
from scenes.core.context import AppContext, LaunchOptions, LazySeedSource
from scenes.core.exits import (
    EXIT_DATA,
    EXIT_STORAGE,
    HEADLESS_DRIVERS,
    StopSignals,
    autoplay_outcome,
    failure_text,
    show_failure,
)
from scenes.core.i18n import DEFAULT_LANGUAGE, Translator, catalog_collision, locale_dir
from scenes.core.intents import Act, Intent, IntentMapper
from scenes.core.settings_store import Settings, load_settings, saved_language
from scenes.core.stack import Scene, SceneStack
from scenes.core.verify import start_media_check
from scenes.core.view import LOGICAL_SIZE, MIN_WINDOW, SETTLE_S, BarFill, Viewport
from scenes.menus.reality_check import RealityCheck

if TYPE_CHECKING:
    from game.ledger import Ledger

log = logging.getLogger(__name__)

SCREEN_SIZE = LOGICAL_SIZE  # the window's size at start, unless asked otherwise
FPS = 60
MAX_DT = 0.1  # s: a stall (window drag, breakpoint) must not make animations jump
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"  # SDL's hint: how a window surface reaches the screen
WINDOW_TITLE = "Reelhouse"
ICON = "ui/app_icon"
ASSETS_ENV = "REELHOUSE_ASSETS"  # an alternate assets tree (tests, modders)

MSG_LOCKED = "Reelhouse is already running with this data folder ({path}). Close it first."
TEXT_OK = "OK"  # the word that closes a storage failure on screen (scenes.widgets.dialog's)


class StartupError(Exception):
    """Start-up cannot continue; `code` is the process exit code, the message is for stderr
    (already in the player's language, like `ok`, the word that closes it on screen)."""

    def __init__(self, message: str, code: int, ok: str = TEXT_OK, show: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.ok = ok
        self.show = show or code == EXIT_STORAGE  # also on the screen, for a player there


def _storage_error(text: str, language: str) -> StartupError:
    """A start-up storage failure (exit 1), with the closing word in the same language."""
    return StartupError(text, EXIT_STORAGE, Translator(language, locale_dir(assets_root())).gettext(TEXT_OK))


# bootstrap pieces --------------------------------------------------------------------------------
def assets_root() -> Path:
    env = os.environ.get(ASSETS_ENV)
    return Path(env).resolve() if env else asset_path()


def installed_game_ids(root: Path) -> list[str]:
    """Ids of the games with a definition under `root/games` (sorted)."""
    return sorted(p.parent.name for p in (root / "games").glob("*/game.toml"))


def load_all_games(root: Path) -> dict[str, LoadedGame]:
    """Validate every installed game's data; a bad file raises StartupError(code 2)."""
    games: dict[str, LoadedGame] = {}
    for gid in installed_game_ids(root):
        try:
            games[gid] = load_definition(root / "games" / gid / "game.toml")
        except DefinitionError as exc:
            raise StartupError(str(exc), EXIT_DATA) from exc
    return games


def missing_art(root: Path, games: dict[str, LoadedGame]) -> str | None:
    """`file: field: reason` for the first image a shown game needs that is not under `root`
    (its presentation lists them, `Presentation.required_images`), else None."""
    from scenes.presentation import required_images

    for gid, loaded in sorted(games.items()):
        for name, what in required_images(loaded.definition):
            paths = [root / "images" / f"{name}{suffix}" for suffix in IMAGE_SUFFIXES]
            if not any(p.is_file() for p in paths):
                return f"{paths[0]}: (file): missing; game {gid} shows it as {what}"
    return None


def shown_games(games: dict[str, LoadedGame]) -> dict[str, LoadedGame]:
    """The games the app can show: those whose feature has a presentation (`scenes.presentation`). A
    game whose data arrived before its scenes is validated but not offered anywhere."""
    from scenes.presentation import has_presentation

    shown = {gid: g for gid, g in games.items() if has_presentation(g.definition)}
    for gid in sorted(games.keys() - shown.keys()):
        log.info("game %s has no presentation yet: not offered", gid)
    return shown


def open_ledger(data_dir: Path, language: str = DEFAULT_LANGUAGE) -> Ledger:
    """The data folder's ledger; StartupError(code 1) with the reason in `language`."""
    from game.ledger import Ledger, LedgerError, LedgerLocked

    path = data_dir / "ledger.sqlite3"
    tr = Translator(language, locale_dir(assets_root()))
    try:
        return Ledger.open(path)
    except LedgerLocked as exc:
        raise _storage_error(tr.t(MSG_LOCKED, path=data_dir), language) from exc
    except LedgerError as exc:
        raise _storage_error(tr.translate_text(str(exc)), language) from exc
    except StorageFailure as exc:
        raise _storage_error(failure_text(exc, assets_root(), language), language) from exc


def build_context(
    options: LaunchOptions,
    *,
    assets: AssetStore,
    audio: AudioService,
    ledger: Ledger,
    settings: Settings | None = None,
    games: dict[str, LoadedGame] | None = None,
    notices: list[Message] | None = None,
) -> AppContext:
    """Wire the services into one AppContext (also used by tests with their own fixtures)."""
    settings = settings or Settings()
    if games is None:
        games = load_all_games(assets.root)
    games = shown_games(games)
    ctx = AppContext(
        options=options,
        assets=assets,
        audio=audio,
        ledger=ledger,
        settings=settings,
        settings_path=options.data_dir / "settings.json",
        games=games,
        seeds=LazySeedSource(options.seed),
        session_id=ledger.start_session(),
        mapper=IntentMapper(space_spins=settings.space_to_spin),
        # the catalogs come from the context's assets tree when it has a locale/ folder
        i18n=Translator(settings.language, locale_dir(assets.root)),
        notices=list(notices or []),
        version=APP_VERSION,
    )
    register_routes(ctx.routes)
    ctx.i18n.currency = lambda: ctx.settings.display_currency  # money follows the settings menu
    ctx.apply_audio_settings()
    ctx.apply_display_settings()
    return ctx


def initial_scenes(ctx: AppContext) -> list[Scene]:
    """The scenes to push at start, bottom first."""
    from scenes.front.lobby import LobbyScene, reels_scene

    opts = ctx.options
    open_round = ctx.ledger.open_round()
    if open_round is not None and open_round.game_id not in ctx.games:
        settle_orphan_round(ctx, open_round)
        open_round = None
    game = open_round.game_id if open_round is not None else opts.game
    if game is not None:
        # over the lobby, so Esc in the reels returns to it
        return [LobbyScene(ctx), reels_scene(ctx, game)]
    if ctx.settings.intro_screen and not (opts.autoplay or opts.bench):
        from scenes.front.intro import IntroScene

        return [IntroScene(ctx)]
    return [LobbyScene(ctx)]


def settle_orphan_round(ctx: AppContext, open_round) -> None:
    """An unfinished round whose game is no longer installed: completed under the rules it began
    with when it can be (the ledger kept them and it needs no pick), else voided and refunded
    with the reason (`game.session.settle_orphan`). Either way the slot is free again and the
    player is told in one sentence (translated when shown, money in the display currency)."""
    from game.session import settle_orphan

    _, said = settle_orphan(ctx.ledger, open_round, ctx.session_id)
    ctx.notices.append(said)


def prefetch_first_screen(
    assets: AssetStore, game: str | None, games: dict[str, LoadedGame], density: float | None
) -> None:
    """Decode the first screen's biggest pictures on worker threads while start-up goes on: the
    window icon, and with `--game` the reels' stage and symbols, scaled for the window when its
    density is known (`AssetStore.prefetch`)."""
    items: list[str | tuple[str, tuple[int, int]]] = [ICON]
    if game is not None:
        from scenes.presentation import presentation_of
        from scenes.reels.stage import first_images

        defn = games[game].definition
        items += first_images(assets, game, defn, presentation_of(defn).art)
    assets.prefetch(items, density)


def _set_window_icon(assets: AssetStore) -> None:
    # the icon must be set before the window is created to show on every platform
    pygame.display.set_icon(assets.file_surface(ICON))


def open_window(fullscreen: bool, size: tuple[int, int] | None = None) -> pygame.Surface:
    """The window: `size` (default 1280×720) and resizable, or the whole desktop in fullscreen.

    Headless (tests, the bench) there is no window manager: a plain surface of `size`."""
    pygame.display.set_caption(WINDOW_TITLE)
    size = size or SCREEN_SIZE
    prefer_direct_framebuffer()
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return pygame.display.set_mode(size, 0, vsync=0)
    if fullscreen:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN, vsync=0)
    else:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE, vsync=0)
    _set_minimum_size()
    return screen


def prefer_direct_framebuffer() -> None:
    """On X11, show frames by copying the window's pixels straight to the X server (shared
    memory) rather than through an OpenGL texture, unless the player's environment chose.

    The game draws every pixel in software, so the texture path only adds an upload and a
    present: with a GPU it costs about what the copy does, and without one (a virtual machine,
    remote or software-rendered desktops, where SDL falls back to Mesa's CPU renderer) it costs
    17 ms a frame at 1920×1080 and an OpenGL start-up, against about 1 ms for the copy. SDL
    itself makes the same choice on WSL. Only X11: other drivers (Wayland, macOS) have no
    direct path and need the texture. Read by SDL when the window's surface is made.
    """
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault(FRAMEBUFFER_HINT, "0")


def _set_minimum_size() -> None:
    try:
        pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    except (pygame.error, AttributeError) as exc:  # an SDL or pygame without it: no minimum
        log.info("minimum window size unavailable: %s", exc)


def warm_engine(ctx: AppContext) -> None:
    """Import the round engine (NumPy and each game's rules) on a background thread, once the
    first frame is shown: the first screen only shows reels at rest, and by the time the player
    presses SPIN the engine is usually in place. The main loop sleeps between frames, which is
    when the thread runs; a SPIN pressed sooner waits for the import to finish (Python's import
    lock), as it would have at start-up."""
    if ctx.options.bench or ctx.options.frames is not None:
        return  # measured runs and one-frame checks: nothing to get ahead of

    def load() -> None:
        try:
            import game.round  # noqa: F401 - the import is the point
            from game.games import rules_for

            for loaded in list(ctx.games.values()):
                rules_for(loaded.definition)
        except Exception as exc:  # a failure shows again, with its message, on first use
            log.warning("warming the engine failed: %r", exc)

    threading.Thread(target=load, name="engine-warmup", daemon=True).start()


# the loop ----------------------------------------------------------------------------------------
class App:
    """Owns the window, the stack and the clock."""

    def __init__(
        self,
        ctx: AppContext,
        screen: pygame.Surface | Canvas,
        started: float,
        signals: StopSignals | None = None,
    ) -> None:
        self.ctx = ctx
        self.signals = signals  # SIGINT / SIGTERM end the loop like a window close
        self.screen = screen.surf if isinstance(screen, Canvas) else screen  # the window's pixels
        self.view = Viewport(screen.get_size())
        self.root = self._root()
        self.bars = BarFill()
        self.stack = SceneStack()
        self._resized: tuple[int, int] | None = None  # a new window size, not yet applied
        self._settle = 0.0  # s since the last resize event
        self._windowed_size = screen.get_size() if not ctx.settings.fullscreen else SCREEN_SIZE
        self.started = started
        self.first_frame_ms: float | None = None
        self.first_frame_cpu_ms: float | None = None
        self.frames = 0
        self.frame_hook: Callable[[App], list[Intent]] | None = None  # the bench's script
        self.fixed_dt: float | None = None  # simulated time per frame (bench)
        self.running = True
        # nobody is at the screen to answer a reminder during the bench or a scripted autoplay
        unattended = bool(ctx.options.bench or ctx.options.autoplay)
        self.reality: RealityCheck | None = None if unattended else RealityCheck(ctx)

    def handle_intent(self, intent: Intent) -> None:
        act = intent.act
        if act is Act.QUIT:
            self.running = False
            return
        if act is Act.FULLSCREEN:
            self.toggle_fullscreen()
            return
        used = self.stack.handle(intent)
        if used:
            return
        if act is Act.MUTE:
            self.ctx.audio.toggle_mute()
        elif act is Act.SETTINGS:
            from scenes.menus.settings_menu import open_settings

            open_settings(self.ctx, self.stack)
        elif act is Act.HISTORY and self._may_open_history():
            from scenes.viewers.history import open_history

            open_history(self.ctx, self.stack, None)

    def _may_open_history(self) -> bool:
        """Not over an empty stack, and not while a round is open (the reels scene owns that)."""
        if self.stack.top is None:
            return False
        return self.ctx.ledger.open_round() is None

    def toggle_fullscreen(self) -> None:
        """F11: the whole desktop, or back to the window's last size."""
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            log.info("fullscreen toggle unavailable without a window")
            return
        s = self.ctx.settings
        try:
            if s.fullscreen:
                self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE, vsync=0)
                _set_minimum_size()
            else:
                self._windowed_size = self.screen.get_size()
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN, vsync=0)
        except pygame.error as exc:  # some drivers (some Wayland setups) cannot
            log.info("fullscreen toggle unavailable: %s", exc)
            return
        s.fullscreen = not s.fullscreen
        try:
            self.ctx.save_settings()
        except StorageFailure as exc:  # settings are not critical: the toggle still applies
            log.error("cannot save settings: %s", exc)
        self.apply_size(self.screen.get_size())

    # the window's size -------------------------------------------------------------------------
    def _root(self) -> Canvas:
        """The canvas scenes draw on: the viewport's part of the window, bars cleared."""
        self.screen.fill((0, 0, 0))
        self.ctx.mapper.to_logical = self.view.to_logical
        return Canvas(self.screen.subsurface(self.view.content), self.view.density, LOGICAL_SIZE)

    def window_resized(self, size: tuple[int, int]) -> None:
        """The window now has `size`: applied once no other size has come for SETTLE_S."""
        if size != self.view.window or self._resized is not None:
            self._resized = size
            self._settle = 0.0

    def apply_size(self, size: tuple[int, int]) -> None:
        """Lay the logical screen out in a window of `size` px now; redraw prepared art if the
        density changed."""
        self._resized = None
        self.screen = pygame.display.get_surface() or self.screen
        self.view = Viewport(self.screen.get_size())
        self.root = self._root()
        if self.ctx.assets.set_density(self.view.density):
            from scenes.core.text import clear_text_cache

            clear_text_cache()
            self.stack.rebuild()
        log.info("window %s: density %.3f, content %s", size, self.view.density, self.view.content)

    def _draw(self) -> None:
        if self._resized is None:
            self.stack.draw(self.root)
            if self.view.content.size != self.screen.get_size():
                self.bars.draw(self.screen, self.view.content)  # the scene runs into the bars
            return
        # between a resize and its settling: the old density, scaled into the new window
        frame = Canvas.new(LOGICAL_SIZE, self.root.k, alpha=False)
        self.stack.draw(frame)
        self.screen = pygame.display.get_surface() or self.screen
        self.screen.fill((0, 0, 0))
        c = Viewport(self.screen.get_size()).content
        pygame.transform.smoothscale(frame.surf, c.size, self.screen.subsurface(c))

    def should_stop(self) -> bool:
        opts = self.ctx.options
        return (
            not self.running
            or (self.signals is not None and self.signals.received is not None)
            or len(self.stack) == 0
            or self.stack.quit_requested
            or (opts.frames is not None and self.frames >= opts.frames)
        )

    def step(self, dt: float) -> None:
        """One frame: input, update, draw, flip."""
        mapper = self.ctx.mapper
        for event in pygame.event.get():
            if event.type == pygame.VIDEORESIZE:
                self.window_resized((event.w, event.h))
                continue
            intent = mapper.map(event)
            if intent is not None:
                self.handle_intent(intent)
        if self._resized is not None:
            self._settle += dt
            if self._settle >= SETTLE_S:
                self.apply_size(self._resized)
        if self.frame_hook is not None:
            for intent in self.frame_hook(self):
                self.handle_intent(intent)
        if not self.running:
            return
        if self.ctx.assets.set_language(self.ctx.i18n.language):
            self.stack.rebuild()  # the art with words in it, in the language just chosen
        self.stack.update(dt)
        if self.reality is not None:
            self.reality.tick(dt, self.stack)
        self._draw()
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_ms is None:
            self.first_frame_ms = (time.perf_counter() - self.started) * 1000.0
            # CPU time since the process began: the start-up's own cost, whatever the load
            self.first_frame_cpu_ms = time.process_time() * 1000.0
            log.info(
                "first frame %.0f ms after start (%.0f ms CPU), at %.6f",
                self.first_frame_ms,
                self.first_frame_cpu_ms,
                time.time(),  # the wall clock, for tools.startup_bench (nothing here reads it)
            )
            warm_engine(self.ctx)
            start_media_check(self.ctx.verification)

    def run(self, frame_times: list[float] | None = None, cpu_times: list[float] | None = None) -> int:
        """Loop until `should_stop`; optionally record each frame's wall and CPU milliseconds.

        The timing lists are for the bench only; no scene sees wall time.
        """
        clock = pygame.time.Clock()
        clock.tick()  # start the clock now so the first dt is not the whole start-up
        cap = 0 if self.ctx.options.bench else FPS
        measure = frame_times is not None
        while not self.should_stop():
            # the first frame is shown as soon as it is drawn: the cap paces the frames after it
            dt = min(clock.tick(cap if self.frames else 0) / 1000.0, MAX_DT)
            if self.fixed_dt is not None:
                dt = self.fixed_dt
            if measure:
                t0, c0 = time.perf_counter(), time.process_time()
            self.step(dt)
            if frame_times is not None:  # measure
                frame_times.append((time.perf_counter() - t0) * 1000.0)
                if cpu_times is not None:
                    cpu_times.append((time.process_time() - c0) * 1000.0)
            if not self.should_stop():
                # idle-time work queued by the scenes (images, motion blurs, line art), one piece
                # per frame in the time the clock would otherwise sleep: not part of the frame
                self.ctx.assets.pump_preload(1)
        return 0


def bootstrap(options: LaunchOptions) -> tuple[AppContext, pygame.Surface]:
    """Everything before the first frame; raises StartupError with the exit code."""
    root = assets_root()
    games = load_all_games(root)
    if not games:
        raise StartupError(f"no games installed under {root / 'games'}", EXIT_DATA)
    games = shown_games(games)
    verification, broken_fonts, fonts_notice = verify_at_start(root, games, options)
    if options.game is not None and options.game not in games:
        installed = ", ".join(sorted(games))
        raise StartupError(f"unknown game {options.game!r}; installed: {installed}", EXIT_DATA)
    assets = AssetStore(root)
    assets.broken_fonts = broken_fonts
    missing = missing_art(root, games)
    if missing is not None:  # before a window opens, not when the player opens the game
        raise StartupError(missing, EXIT_DATA)
    clash = catalog_collision(locale_dir(root))  # a game's words may not redefine another file's
    if clash is not None:
        raise StartupError(clash, EXIT_DATA)
    language = saved_language(options.data_dir / "settings.json")  # read only, for what goes wrong
    try:
        storage.prepare_data_dir(options.data_dir)
        settings, settings_notice = load_settings(options.data_dir / "settings.json")
        language = settings.language
        # saved settings must stay savable: a read-only file would fail at the first change
        storage.check_file_slot(options.data_dir / "settings.json", allow_link=True)
    except StorageFailure as exc:
        raise _storage_error(failure_text(exc, root, language), language) from exc
    if options.fullscreen is not None:
        settings.fullscreen = bool(options.fullscreen)
    assets.set_language(settings.language)  # before any art is loaded: no scene to rebuild yet
    # a window's density is known before it opens (the whole desktop's is not)
    density = None if settings.fullscreen else Viewport(options.window or SCREEN_SIZE).density
    prefetch_first_screen(assets, options.game, games, density)
    ledger = open_ledger(options.data_dir, language)
    notices = [n for n in (settings_notice, ledger.notice_message, fonts_notice) if n is not None]

    try:
        pygame.display.init()
        check_window(options.window, language)
        pygame.font.init()
        _set_window_icon(assets)
        screen = open_window(settings.fullscreen, options.window)
        assets.set_density(Viewport(screen.get_size()).density)
        audio = AudioService(assets)
        ctx = build_context(
            options,
            assets=assets,
            audio=audio,
            ledger=ledger,
            settings=settings,
            games=games,
            notices=notices,
        )
        ctx.verification = verification
    except StorageFailure as exc:  # the session's first write: a full disk shows here
        ledger.close()
        raise _storage_error(failure_text(exc, root, language), language) from exc
    except BaseException:
        ledger.close()
        raise
    for notice in notices:  # shown at the first screen; the log keeps the same words
        log.warning("told the player: %s", ctx.i18n.message(notice))
    return ctx, screen


def run(options: LaunchOptions, started: float | None = None) -> int:
    """Bootstrap and play until the player quits (or a signal asks); return the exit code."""
    started = time.perf_counter() if started is None else started
    unattended = bool(options.autoplay or options.bench)
    with StopSignals() as signals:
        stopped = lambda: signals.received is not None  # noqa: E731 - read by the failure's window
        try:
            ctx, screen = bootstrap(options)
        except StartupError as exc:
            print(str(exc), file=sys.stderr)
            if exc.show and not unattended:
                show_failure(str(exc), exc.ok, assets_root(), stopped)
                pygame.quit()
            return exc.code
        app = App(ctx, screen, started, signals)
        try:
            if options.bench:
                from scenes.app.bench import run_bench

                return run_bench(app)
            for scene in initial_scenes(ctx):
                app.stack.push(scene)
            code = app.run()
            return autoplay_outcome(ctx, app.stack.quit_requested) if options.autoplay else code
        except StorageFailure as failure:
            text = failure_text(failure, ctx.assets.root, ctx.settings.language)
            print(text, file=sys.stderr)
            if not unattended:
                show_failure(text, ctx.i18n.gettext(TEXT_OK), ctx.assets.root, stopped)
            return EXIT_STORAGE
        finally:
            shutdown(ctx)


def shutdown(ctx: AppContext) -> None:
    ctx.audio.shutdown()
    ctx.ledger.close()
    pygame.quit()
