"""The ledger's file: the single-instance lock, opening, damage detection, setting aside, creating.

A damaged database file (CERTIFICATION F4) is moved aside, never deleted. "Damaged" means: not
a database, failing `PRAGMA integrity_check`, a schema other than the one its version defines,
an empty file (the app never leaves one: a new wallet is built beside the file and renamed into
place complete), or content that fails the full check (`game.ledger.audit`). Errors that are not
damage (a read-only file, a full disk, a folder where the file should be, a busy file) become a
`game.storage.StorageFailure` with one plain sentence and are never set aside.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn

from game import storage
from game.ledger import audit, schema
from game.ledger.records import LedgerLocked, LedgerTooNew
from game.messages import Message
from game.storage import StorageFailure

log = logging.getLogger(__name__)

# SQLite primary result codes. Damage: "these bytes are not a sound database". The others are
# not damage and must never trigger a set-aside.
SQLITE_PERM = 3
SQLITE_BUSY = 5
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_AUTH = 23
SQLITE_NOTADB = 26

COMPANIONS = ("-wal", "-shm")
MSG_SET_ASIDE = "Your saved game data was damaged and has been set aside as {name}; a new wallet was started."


class LockFile:
    """An exclusive, non-blocking lock on `<ledger>.lock`, held for the ledger's lifetime.

    The OS drops the lock when the process dies (even by SIGKILL), so a crash never leaves a stale
    lock. The file itself is never deleted: deleting a lock file races with a second opener.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        storage.check_file_slot(path, allow_link=False)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise storage.from_os_error(exc, path) from exc
        try:
            if sys.platform.startswith("win"):
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            raise LedgerLocked(
                "Reelhouse is already running with this wallet; close the other window first."
            ) from exc
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            if sys.platform.startswith("win"):
                import msvcrt

                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        finally:
            os.close(fd)  # on POSIX closing the descriptor releases the flock


def _code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def is_damage(exc: BaseException) -> bool:
    """Whether an error from SQLite means the bytes are not a sound database."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = _code(exc)
    if code is not None:
        return code in (SQLITE_CORRUPT, SQLITE_NOTADB)
    text = str(exc).lower()
    # no code: very old sqlite3 modules, and text SQLite stored but Python cannot decode
    return "not a database" in text or "malformed" in text or "could not decode" in text


def storage_failure(exc: sqlite3.Error, path: Path) -> StorageFailure | None:
    """The plain sentence for an SQLite error that is the disk's doing, else None."""
    code = _code(exc)
    if code == SQLITE_FULL:
        return storage.full(path)
    if code == SQLITE_READONLY:
        return storage.read_only(path)
    if code in (SQLITE_PERM, SQLITE_AUTH):
        return StorageFailure("permission", storage.MSG_PERMISSION, path=path)
    if code in (SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_BUSY):
        reason = getattr(exc, "sqlite_errorname", None) or str(exc)
        return StorageFailure("io", storage.MSG_IO, path=path, reason=reason)
    return None


def connect(path: Path) -> sqlite3.Connection:
    """A connection that writes nothing yet: the file is checked before anything is written
    (a damaged file is set aside exactly as it was found). `inspect` then turns on WAL."""
    # isolation_level=None: no implicit transactions; every write goes through Ledger._tx().
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = FULL")  # fsync the WAL on every commit
    except BaseException:
        conn.close()
        raise
    return conn


def check_sound(conn: sqlite3.Connection) -> int:
    """Return the schema version of a sound file; raise schema.DamagedError otherwise.

    A file from a newer app is returned as is (its version above ours): it is not ours to judge.
    """
    rows = conn.execute("PRAGMA integrity_check").fetchall()
    if rows != [("ok",)]:
        raise schema.DamagedError("; ".join(str(r[0]) for r in rows[:5]))
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == 0:
        # the app never leaves an unversioned file: a new wallet is renamed into place complete
        raise schema.DamagedError("an empty or unversioned file")
    if version > schema.SCHEMA_VERSION:
        return version
    if version < 0 or schema.schema_of(conn) != schema.expected_schema(version):
        raise schema.DamagedError(f"the schema is not that of version {version}")
    for table in ("account", "meters"):
        if conn.execute(f"SELECT COUNT(*) FROM {table} WHERE id = 1").fetchone()[0] != 1:
            raise schema.DamagedError(f"table {table} has no row")
    return version


def fsync_dir(directory: Path) -> None:
    """Make a rename durable on POSIX (best effort; Windows has no directory handles)."""
    if sys.platform.startswith("win"):
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(path: Path, stamp: str) -> Path:
    """Rename the damaged file (and its -wal/-shm companions) to `<name>.damaged-<stamp>`.

    Never deletes. The companions move first: a stale -wal beside a fresh database could
    otherwise be replayed into it if we were killed between the renames. A folder that refuses
    the rename is a StorageFailure.
    """
    base = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while any(
        Path(f"{base}{suffix}").exists() for suffix in ("", *COMPANIONS)
    ):  # two damages in one second: never overwrite an earlier set-aside
        n += 1
        base = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        for suffix in (*COMPANIONS, ""):
            src = Path(f"{path}{suffix}")
            if src.exists():
                os.replace(src, f"{base}{suffix}")
    except OSError as exc:
        raise storage.from_os_error(exc, path.parent) from exc
    fsync_dir(path.parent)
    log.warning("damaged ledger %s set aside as %s", path, base.name)
    return base


def create_wallet(path: Path, now: str, start_balance_cents: int) -> None:
    """Build a new wallet at the current schema beside `path` and rename it into place.

    A kill before the rename leaves no ledger file (the next start builds again), so the app
    itself never leaves an empty or half-made one: an empty ledger file is always damage.
    """
    tmp = path.with_name(f"{path.name}.new")
    for suffix in ("", "-journal", "-wal", "-shm"):
        leftover = Path(f"{tmp}{suffix}")
        if leftover.exists():  # our own unfinished creation: a wallet nobody ever played
            leftover.unlink()
    conn = sqlite3.connect(tmp, isolation_level=None)
    try:
        # a kill before the rename throws the file away, so only the one fsync below matters
        conn.execute("PRAGMA journal_mode = MEMORY")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("PRAGMA foreign_keys = OFF")
        schema.migrate(conn, 0, schema.SCHEMA_VERSION, now, start_balance_cents)
        conn.execute("PRAGMA journal_mode = WAL")
    finally:
        conn.close()
    fd = os.open(tmp, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    fsync_dir(path.parent)


def stray_wal(path: Path) -> bool:
    """A write-ahead log with content but no database beside it (never written by the app)."""
    wal = Path(f"{path}-wal")
    return not path.exists() and wal.exists() and wal.stat().st_size > 0


def utc(moment: datetime) -> datetime:
    """A clock reading in UTC; a naive reading is taken to be UTC already."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def stamp(clock: Callable[[], datetime]) -> str:
    """The set-aside suffix: the clock's UTC second."""
    return utc(clock()).strftime("%Y%m%dT%H%M%SZ")


def reraise(exc: sqlite3.Error, path: Path) -> NoReturn:
    """Raise the StorageFailure for a disk error, or the SQLite error itself."""
    failure = storage_failure(exc, path)
    if failure is None:
        raise exc
    raise failure from exc


def open_checked(
    path: Path, clock: Callable[[], datetime], start_balance_cents: int
) -> tuple[sqlite3.Connection, Message | None]:
    """Connect to a sound, current, fully checked file; set a damaged one aside first. The
    notice says what was set aside (None when nothing was)."""
    notice: Message | None = None
    for _attempt in range(3):  # a fresh wallet cannot be damaged; 3 bounds a flaky disk
        if stray_wal(path):
            notice = Message(MSG_SET_ASIDE, {"name": set_aside(path, stamp(clock)).name})
        try:
            if not path.exists():
                create_wallet(path, utc(clock()).isoformat(timespec="microseconds"), start_balance_cents)
            return inspect(path, clock, start_balance_cents), notice
        except schema.DamagedError as exc:
            log.error("ledger %s is damaged: %s", path, exc)
            notice = Message(MSG_SET_ASIDE, {"name": set_aside(path, stamp(clock)).name})
        except OSError as exc:
            raise storage.from_os_error(exc, path) from exc
    raise StorageFailure("io", storage.MSG_IO, path=path, reason="it is damaged again at once")


def inspect(path: Path, clock: Callable[[], datetime], start_balance_cents: int) -> sqlite3.Connection:
    """Connect to the file at `path`, check it in full and bring it to the current version.

    Every sign of damage becomes `schema.DamagedError` (the caller sets the file aside); a file
    from a newer app raises LedgerTooNew and a disk error a StorageFailure. This is the whole
    start-up check, so the byte-flip test calls it directly.
    """
    try:
        conn = connect(path)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        _damage_or_failure(exc, path)
    try:
        _check_and_upgrade(conn, clock, start_balance_cents)
        return conn
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        conn.close()
        _damage_or_failure(exc, path)
    except BaseException:
        conn.close()
        raise


def _damage_or_failure(exc: sqlite3.DatabaseError | UnicodeDecodeError, path: Path) -> NoReturn:
    """While the file is read at start-up, an SQLite error that is not the disk's doing comes
    from its bytes ("unsupported file format", "malformed schema", a rule the upgrade breaks,
    text that is not even UTF-8 in SQLite's own message...): that is damage."""
    if isinstance(exc, sqlite3.DatabaseError):
        failure = storage_failure(exc, path)
        if failure is not None:
            raise failure from exc
    raise schema.DamagedError(f"{type(exc).__name__}: {exc}") from exc


def _check_and_upgrade(conn: sqlite3.Connection, clock: Callable[[], datetime], start: int) -> None:
    version = check_sound(conn)
    if version > schema.SCHEMA_VERSION:
        raise LedgerTooNew(
            "Your saved game data was written by a newer version of Reelhouse; please update the app."
        )
    conn.execute("PRAGMA journal_mode = WAL")  # persistent in the file (a no-op when it is)
    if version < schema.SCHEMA_VERSION:
        # Rebuilding a table (v2) needs foreign keys off: the pragma is a no-op inside a
        # transaction, so it is switched here, around the steps, and each step checks them.
        conn.execute("PRAGMA foreign_keys = OFF")
        try:
            now = utc(clock()).isoformat(timespec="microseconds")
            schema.migrate(conn, version, schema.SCHEMA_VERSION, now, start)
        finally:
            conn.execute("PRAGMA foreign_keys = ON")
    problems = audit.audit(conn)
    if problems:
        raise schema.DamagedError("; ".join(problems[:5]))
