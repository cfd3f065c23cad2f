"""How the app ends: exit codes, storage failures told to the player, signals, autoplay cut short.

- Exit codes: 0 normal, 1 storage (`game.storage.StorageFailure`: the data folder, the settings
  or the ledger cannot be used, at start-up or while playing), 2 a game data file is invalid,
  3 `--autoplay N` was cut short.
- A storage failure is told in ONE sentence in the player's language: on stderr, and on the
  screen when a player is there (stderr is invisible to them): the system's message box, or the
  sentence in the game's own window when the system has none.
- SIGINT (Ctrl-C) and SIGTERM end the app like a window close: `StopSignals` only records the
  signal, and the loop reads it between frames, so no ledger write is ever interrupted.
- `--autoplay N` ended before its N rounds (a signal, a window close, `--frames`, or the balance
  running short) prints its summary on stdout and exits 3.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

from game import storage
from game.money import format_cents
from game.storage import StorageFailure
from scenes.core.i18n import DEFAULT_LANGUAGE, Translator, locale_dir

log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_STORAGE = storage.EXIT_STORAGE  # 1
EXIT_DATA = 2
EXIT_CUT_SHORT = 3

HEADLESS_DRIVERS = ("dummy", "offscreen")
GRACE_MS = 600  # a key or click this soon after the failure shows was meant for the game
WINDOW_TITLE = "Reelhouse"

# Printed on stdout for scripts when `--autoplay N` ends before its N rounds (kept in English,
# like the reels scene's own autoplay lines).
P_AUTOPLAY_CUT_SHORT = "autoplay: cut short after {rounds} of {total} rounds, balance {balance}"
P_ROUND_OPEN = "; the unfinished round resumes at the next start"


def failure_text(failure: StorageFailure, assets_root: Path | None, language: str = DEFAULT_LANGUAGE) -> str:
    """A storage failure's sentence in `language` (the catalogs of the assets tree in use)."""
    return Translator(language, locale_dir(assets_root)).t(failure.msgid, **failure.params)


def show_failure(
    text: str, ok: str, assets_root: Path | None, stop: Callable[[], bool] = lambda: False
) -> None:
    """Tell a player at the screen (stderr is invisible to them): the system's message box when
    it has one, else the sentence in the game's own window until a key, a click, the close
    button or a stop signal. A headless run only prints."""
    if os.environ.get("SDL_VIDEODRIVER", "") in HEADLESS_DRIVERS:
        return
    import pygame

    try:
        pygame.display.message_box(WINDOW_TITLE, text, message_type="error")
        return
    except pygame.error as exc:  # e.g. no zenity on a Linux desktop: our own window says it
        log.info("no system message box: %s", exc)
    try:
        _failure_window(text, ok, assets_root, stop)
    except pygame.error as exc:  # no screen at all: stderr has it
        log.info("no window for the failure either: %s", exc)


def _failure_window(text: str, ok: str, assets_root: Path | None, stop: Callable[[], bool]) -> None:
    import pygame

    from scenes.core.text import wrap_text

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.get_surface()
    if screen is None:
        pygame.display.set_caption(WINDOW_TITLE)
        screen = pygame.display.set_mode((760, 300))
    from scenes.core.placeholder import load_font

    fonts = (assets_root or Path(".")) / "fonts"
    # a damaged file (truncated fonts open, then fail to draw) falls back to pygame's own font
    font, bold = load_font(fonts / "text.ttf", 22), load_font(fonts / "text_bold.ttf", 22)
    width = min(680, screen.get_width() - 80)
    lines = wrap_text(font, text, width)
    height = 30 * len(lines) + 110
    panel = pygame.Rect(0, 0, width + 60, height)
    panel.center = screen.get_rect().center
    shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 160))
    screen.blit(shade, (0, 0))  # over the game, if there is one: the sentence on top
    pygame.draw.rect(screen, (28, 22, 18), panel, border_radius=14)
    pygame.draw.rect(screen, (214, 170, 90), panel, width=2, border_radius=14)
    for i, line in enumerate(lines):
        screen.blit(font.render(line, True, (255, 248, 230)), (panel.x + 30, panel.y + 28 + 30 * i))
    label = bold.render(ok, True, (255, 214, 120))
    screen.blit(label, label.get_rect(midbottom=(panel.centerx, panel.bottom - 22)))
    pygame.display.flip()
    clock = pygame.time.Clock()
    # input already on its way (the key that met the failure, its repeats) was meant for the
    # game, not for this: drop it for a moment, then any key, click or the close button closes
    calm = pygame.time.get_ticks() + GRACE_MS
    while pygame.time.get_ticks() < calm and not stop():
        pygame.event.clear()
        clock.tick(30)
    while not stop():
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                log.info("the failure was closed (%s)", pygame.event.event_name(event.type))
                return
        clock.tick(30)


class StopSignals:
    """SIGINT and SIGTERM end the app like a window close (a context manager around the run).

    The handlers only record the signal (`received`). Outside the main thread (some tests)
    nothing is installed.
    """

    def __init__(self) -> None:
        self.received: int | None = None
        self._previous: dict[int, Any] = {}

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.received = signum

    def __enter__(self) -> StopSignals:
        for name in ("SIGINT", "SIGTERM"):
            sig = getattr(signal, name, None)
            if sig is None:
                continue
            with contextlib.suppress(ValueError):  # not the main thread: nothing installed
                self._previous[sig] = signal.signal(sig, self._on_signal)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, previous in self._previous.items():
            signal.signal(sig, previous)
        self._previous.clear()


def autoplay_outcome(ctx: Any, quit_requested: bool) -> int:
    """`--autoplay N`: 0 when its rounds were played; else print the summary and return 3.

    The reels scene asks the stack to quit when the N rounds are done (it prints its own line)
    or when the balance runs short (it prints why and marks `ctx.autoplay_cut_short`); anything
    else that ended the loop (a window close, Ctrl-C, SIGTERM, `--frames`) cut the run short.
    """
    if quit_requested and not ctx.autoplay_cut_short:
        return EXIT_OK
    if not quit_requested:
        ledger = ctx.ledger
        open_round = ledger.open_round()
        begun_here = open_round is not None and open_round.session_id == ctx.session_id
        played = ledger.count_rounds(session_id=ctx.session_id) - (1 if begun_here else 0)
        line = P_AUTOPLAY_CUT_SHORT.format(
            rounds=played,
            total=ctx.options.autoplay,
            balance=format_cents(ledger.balance_cents, ctx.settings.currency_symbol),
        )
        print(line + (P_ROUND_OPEN if open_round is not None else ""), flush=True)
    return EXIT_CUT_SHORT
