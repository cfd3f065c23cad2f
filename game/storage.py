"""Storage failures in plain words: the one sentence the player reads when the disk says no.

The app keeps two things on disk, the ledger (`game.ledger`) and the settings file; both live in
one data folder. Whatever goes wrong there (a read-only folder or file, a full disk, a path that
is a folder, a link or something else than a plain file, missing permissions, an I/O error)
ends the app with exit code 1 and ONE sentence naming the path and what to do. Nothing is lost
on the way: every write is a transaction or an atomic rename, so the data on disk stays as it
was before the failed write (an open round stays open and resumes at the next start).

`StorageFailure` carries the sentence as an English template (`msgid`, a key of the translation
catalogs) and its values (`params`), so the app can show it in the player's language;
`str(exc)` is the English text. It is deliberately NOT a `LedgerError`: code that catches ledger
refusals (insufficient funds, a round in progress) to show them and carry on must not swallow a
failure that has to end the app.

Nothing here touches the disk at import time.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import Any

# -- the sentences (English msgids; their Spanish is in assets/locale/es.json) -----------------
MSG_FULL = (
    "The disk holding {path} is full, so Reelhouse cannot save your game. Free some space and "
    "start Reelhouse again; an unfinished round will resume."
)
MSG_READ_ONLY = (
    "Reelhouse cannot save to {path} because it is read-only. Make it writable and start Reelhouse again."
)
MSG_PERMISSION = "Reelhouse is not allowed to use {path}. Check its permissions and start Reelhouse again."
MSG_IS_FOLDER = (
    "{path} is a folder, but Reelhouse keeps a file there. Move the folder away and start Reelhouse again."
)
MSG_NOT_A_FILE = (
    "{path} is not a plain file, but Reelhouse keeps a file there. Move it away and start Reelhouse again."
)
MSG_LINK = (
    "{path} is a link; Reelhouse keeps its wallet only in a plain file. Put the file itself "
    "there and start Reelhouse again."
)
MSG_DANGLING = (
    "{path} is a link to {target}, which does not exist. Restore its target or remove the link "
    "and start Reelhouse again."
)
MSG_DIR_IS_FILE = (
    "The data folder {path} is a file, not a folder. Choose another folder with --data-dir or "
    "move the file away."
)
MSG_DIR_EMPTY = (
    "The data folder cannot be an empty name. Give a folder with --data-dir, or leave the "
    "option out to use the usual one."
)
MSG_IO = "Reelhouse could not read or write {path} ({reason}). Check the disk and start Reelhouse again."
MSG_DAMAGED_NOW = (
    "Your saved game data was found damaged and has been set aside as {name}; start Reelhouse "
    "again to play with a new wallet."
)

MESSAGES = (
    MSG_FULL,
    MSG_READ_ONLY,
    MSG_PERMISSION,
    MSG_IS_FOLDER,
    MSG_NOT_A_FILE,
    MSG_LINK,
    MSG_DANGLING,
    MSG_DIR_IS_FILE,
    MSG_DIR_EMPTY,
    MSG_IO,
    MSG_DAMAGED_NOW,
)

EXIT_STORAGE = 1  # the process exit code of every storage failure


class StorageFailure(Exception):  # noqa: N818 - reads as what happened
    """The data folder cannot be used; the app ends with exit code 1 and this one sentence.

    `msgid` is the English template (a translation-catalog key), `params` its values, `kind`
    a short tag for tests and logs ("full", "read_only", "permission", "is_folder",
    "not_a_file", "link", "dangling", "dir_is_file", "dir_empty", "io", "damaged").
    """

    def __init__(self, kind: str, msgid: str, **params: Any) -> None:
        self.kind = kind
        self.msgid = msgid
        self.params = {k: str(v) for k, v in params.items()}
        super().__init__(msgid.format(**self.params))


def full(path: Path | str) -> StorageFailure:
    return StorageFailure("full", MSG_FULL, path=path)


def read_only(path: Path | str) -> StorageFailure:
    return StorageFailure("read_only", MSG_READ_ONLY, path=path)


def from_os_error(exc: OSError, path: Path | str) -> StorageFailure:
    """The sentence for an OSError met while using `path` (its errno decides)."""
    code = exc.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return full(path)
    if code == errno.EROFS:
        return read_only(path)
    if code in (errno.EACCES, errno.EPERM):
        return StorageFailure("permission", MSG_PERMISSION, path=path)
    if code == errno.EISDIR:
        return StorageFailure("is_folder", MSG_IS_FOLDER, path=path)
    if code == errno.ENOTDIR:
        return StorageFailure("dir_is_file", MSG_DIR_IS_FILE, path=_first_file_on(Path(path)))
    return StorageFailure("io", MSG_IO, path=path, reason=exc.strerror or type(exc).__name__)


def _first_file_on(path: Path) -> Path:
    """The component of `path` that exists but is not a folder (what ENOTDIR complains of)."""
    for parent in [*reversed(path.parents), path]:
        if parent.exists() and not parent.is_dir():
            return parent
    return path


def _link_target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"


def check_file_slot(path: Path, *, allow_link: bool) -> None:
    """Raise StorageFailure unless `path` is absent or a plain file the app may read and write.

    A dangling link is always refused; any link is refused unless `allow_link`. As root the
    permission bits do not bind, so only a read-only file system is then reported (by the
    first write).
    """
    path = Path(path)
    if path.is_symlink():
        if not path.exists():
            raise StorageFailure("dangling", MSG_DANGLING, path=path, target=_link_target(path))
        if not allow_link:
            raise StorageFailure("link", MSG_LINK, path=path)
    if not path.exists():
        return
    if path.is_dir():
        raise StorageFailure("is_folder", MSG_IS_FOLDER, path=path)
    if not path.is_file():
        raise StorageFailure("not_a_file", MSG_NOT_A_FILE, path=path)
    if not os.access(path, os.R_OK):
        raise StorageFailure("permission", MSG_PERMISSION, path=path)
    if not os.access(path, os.W_OK):
        raise read_only(path)


def prepare_data_dir(path: Path | str) -> Path:
    """Make sure the data folder exists and can be written; return it (links resolved).

    Raises StorageFailure for an empty name, a file or dangling link in its place, a folder that
    cannot be created, or one the app may not write to (probed by creating and removing a
    small file, which also finds a read-only file system).
    """
    if str(path).strip() == "":
        raise StorageFailure("dir_empty", MSG_DIR_EMPTY)
    path = Path(path)
    if path.is_symlink() and not path.exists():
        raise StorageFailure("dangling", MSG_DANGLING, path=path, target=_link_target(path))
    if path.exists() and not path.is_dir():
        raise StorageFailure("dir_is_file", MSG_DIR_IS_FILE, path=path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise from_os_error(exc, path) from exc
    probe = path / f".reelhouse-probe-{os.getpid()}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"reelhouse")
        finally:
            os.close(fd)
    except OSError as exc:
        raise from_os_error(exc, path) from exc
    finally:
        with contextlib.suppress(OSError):
            probe.unlink()
    if not os.access(path, os.R_OK | os.X_OK):
        raise StorageFailure("permission", MSG_PERMISSION, path=path)
    return path


SETTINGS_LIMIT = 64 * 1024  # bytes: far above any real settings file (about 600 bytes)


def read_bounded(path: Path, limit: int = SETTINGS_LIMIT) -> bytes | None:
    """The bytes of `path` if it is a regular file (links followed) of at most `limit` bytes;
    None when it is anything else (a FIFO, a device, a folder, too big). Opened non-blocking,
    so a FIFO with no writer never holds the app. OSError when it cannot be read."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
        return None
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)  # what was opened, not what the name pointed to a moment before
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        data = os.read(fd, limit + 1)
    finally:
        os.close(fd)
    return data if len(data) <= limit else None


def is_unreadable_kind(path: Path, limit: int = SETTINGS_LIMIT) -> bool:
    """True when `path` exists (links followed) but is not a regular file of at most `limit`
    bytes: never opened (a FIFO would block, /dev/zero never ends)."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return (stat.S_ISREG(st.st_mode) and st.st_size > limit) or not (
        stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)
    )
