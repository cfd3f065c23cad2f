"""Start-up inputs that must end in one plain sentence, never a traceback or a hang.

- The released files (`verify_at_start`, see `scenes.core.verify`).
- The data folder named by `--data-dir` or the environment (`data_dir_problem`): an unknown
  `~user`, a relative XDG_DATA_HOME (the XDG rules say to ignore it; we say so instead of
  writing somewhere unexpected), a name longer than the file system allows.
- `--window` larger than any screen (`check_window`; headless, larger than SDL's own limit).
- The settings file read only as a regular file of at most `SETTINGS_LIMIT` bytes, opened
  without blocking (`game.storage.read_bounded`): a FIFO, a device (a link to /dev/zero) or a huge file is
  never read.
- Too little memory to start (`out_of_memory_text`): MemoryError, SDL out of memory, a library
  that cannot be loaded, a thread that cannot start.

Exit codes as `scenes.core.exits`: 1 for the data folder and memory, 2 for the command line and
the released data.
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # nothing heavy at import: the low-memory sentence must load when little else can
    from game.definitions import LoadedGame
    from game.messages import Message
    from scenes.core.context import LaunchOptions
    from scenes.core.verify import Verification

MAX_WINDOW_SIDE = 16384  # px: SDL's largest window surface on any platform we ship for
NAME_MAX = 255  # bytes in one file name (ext4, NTFS, APFS)
PATH_MAX = 4096

MSG_UNKNOWN_USER = (
    "The data folder {path} names a user this computer does not know; give a full path with --data-dir."
)
MSG_RELATIVE_XDG = (
    "XDG_DATA_HOME is set to {path}, which is not a full path, so Reelhouse will not guess where "
    "to keep your wallet; set it to a full path or give one with --data-dir."
)
MSG_NAME_TOO_LONG = (
    "The data folder's path {path} is longer than the file system allows; choose a shorter one "
    "with --data-dir."
)
MSG_WINDOW = (
    "A window of {size} pixels is larger than any screen here (the largest is {largest}); give a "
    "smaller --window."
)
MSG_NO_MEMORY = (
    "Reelhouse does not have enough memory to start ({reason}); close other programs and start it again."
)


def verify_at_start(
    root: Path, games: dict[str, LoadedGame], options: LaunchOptions
) -> tuple[Verification, set[str], Message | None]:
    """`scenes.core.verify.check_before_first_frame`, its refusal as a StartupError (exit 2)
    in the player's language, shown on the screen too."""
    from game.paths import asset_path
    from scenes.app.app import TEXT_OK, StartupError
    from scenes.core.exits import EXIT_DATA
    from scenes.core.i18n import Translator, locale_dir
    from scenes.core.settings_store import saved_language
    from scenes.core.verify import DataChangedError, check_before_first_frame

    try:
        return check_before_first_frame(
            root,
            games,
            allow_modified=options.modified_games,
            shipped=root.resolve() == asset_path().resolve(),
        )
    except DataChangedError as exc:
        tr = Translator(saved_language(options.data_dir / "settings.json"), locale_dir(root))
        raise StartupError(tr.t(exc.msgid, **exc.params), EXIT_DATA, tr.gettext(TEXT_OK), show=True) from exc


def data_dir_problem(given: str | None, environ: Mapping[str, str] = os.environ) -> Message | None:
    """Why the data folder (`--data-dir` as given, else the per-user one) cannot be used, before
    anything touches it; None when it may be tried."""
    from game.messages import Message

    if given is None:
        if not sys.platform.startswith(("win", "darwin")):
            xdg = environ.get("XDG_DATA_HOME")
            if xdg and not os.path.isabs(xdg):
                return Message(MSG_RELATIVE_XDG, {"path": xdg})
        return None
    if given.startswith("~"):
        try:
            expanded = os.path.expanduser(given)
        except (RuntimeError, KeyError):  # RuntimeError: no home directory for it
            expanded = given
        if expanded.startswith("~"):
            return Message(MSG_UNKNOWN_USER, {"path": given})
        given = expanded
    raw = os.fsencode(given)
    if len(raw) >= PATH_MAX or any(len(part) > NAME_MAX for part in raw.split(b"/")):
        return Message(MSG_NAME_TOO_LONG, {"path": _short(given)})
    try:
        os.stat(given)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return Message(MSG_NAME_TOO_LONG, {"path": _short(given)})
    return None


def _short(path: str, keep: int = 60) -> str:
    """A long path shortened for a sentence: its start and end around an ellipsis."""
    return path if len(path) <= keep else f"{path[: keep // 2]}…{path[-keep // 2 :]}"


def check_window(size: tuple[int, int] | None, language: str) -> None:
    """StartupError (exit 2) when `size` (`--window`) is larger than every screen (headless:
    than MAX_WINDOW_SIDE). Needs the display initialised."""
    if size is None:
        return
    import pygame

    from scenes.app.app import TEXT_OK, StartupError, assets_root
    from scenes.core.exits import EXIT_DATA, HEADLESS_DRIVERS
    from scenes.core.i18n import Translator, locale_dir

    largest = (MAX_WINDOW_SIDE, MAX_WINDOW_SIDE)
    if pygame.display.get_driver() not in HEADLESS_DRIVERS:
        try:
            screens = pygame.display.get_desktop_sizes()
        except pygame.error:
            screens = []
        if screens:
            largest = (max(s[0] for s in screens), max(s[1] for s in screens))
    if size[0] <= largest[0] and size[1] <= largest[1]:
        return
    tr = Translator(language, locale_dir(assets_root()))
    text = tr.t(MSG_WINDOW, size=_size_text(size), largest=f"{largest[0]}×{largest[1]}")
    raise StartupError(text, EXIT_DATA, tr.gettext(TEXT_OK), show=True)


def _size_text(size: tuple[int, int]) -> str:
    w, h = (str(v) if len(str(v)) <= 9 else f"{str(v)[:6]}…" for v in size)
    return f"{w}×{h}"


def out_of_memory_text(exc: BaseException, data_dir: str | None) -> str | None:
    """The sentence for a start-up that ran out of memory (or could not load a library or start
    a thread for want of it), in the saved language when it can be read; None when `exc` is
    something else."""
    reason = _memory_reason(exc)
    if reason is None:
        return None
    language = "en"
    try:
        from game.paths import asset_path, user_data_dir
        from scenes.core.i18n import Translator, locale_dir
        from scenes.core.settings_store import saved_language

        folder = Path(data_dir) if data_dir else user_data_dir()
        language = saved_language(folder / "settings.json")
        return Translator(language, locale_dir(asset_path())).t(MSG_NO_MEMORY, reason=reason)
    except BaseException:  # memory is short: the English sentence still goes out
        return MSG_NO_MEMORY.format(reason=reason)


def _memory_reason(exc: BaseException) -> str | None:
    text = " ".join(str(exc).split())
    if isinstance(exc, MemoryError):
        return "MemoryError"
    if isinstance(exc, ImportError):
        shared = re.search(r"[\w.+-]+\.(?:so|pyd|dll|dylib)(?:\.[\w.]+)?", text)
        library = shared.group(0) if shared else (exc.name or text)
        return f"a library could not be loaded: {library[:80]}"
    if isinstance(exc, RuntimeError) and "thread" in text:
        return "no new thread could be started"
    if type(exc).__name__ == "error" and "memory" in text.lower():  # pygame.error from SDL
        return f"SDL: {text[:120]}"
    if isinstance(exc, OSError) and exc.errno == errno.ENOMEM:
        return str(exc.strerror)
    return None
