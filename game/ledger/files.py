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
import shutil
import sqlite3
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import NoReturn

from game import storage
from game.ledger import anchor, audit, schema
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

COMPANIONS = ("-wal", "-shm", "-journal")
STAGE = ".as-found"  # where the files are copied, as found, before a connection opens them
MSG_SET_ASIDE = "Your saved game data was damaged and has been set aside as {name}; a new wallet was started."


# On Windows the lock is a byte range: this byte, far beyond the bytes SQLite locks (its lock page
# starts at 1 GiB) and never read or written while the ledger stays under 2 GiB. SQLite's own
# locks on Windows are byte ranges too, and a range lock is mandatory, so it must not overlap them.
WINDOWS_LOCK_OFFSET = 0x7FFF_0000
MSG_LOCKED = "Reelhouse is already running with this wallet; close the other window first."
MSG_HARD_LINK = (
    "{path} has another name on this disk (a hard link), so two copies of Reelhouse could use it "
    "at once. Copy it to a file of its own and start Reelhouse again."
)
MESSAGES = (MSG_HARD_LINK,)


def _windows() -> bool:
    return sys.platform.startswith("win")


def _open_handle(path: Path, create: bool) -> int:
    """A read-write descriptor on `path`. On Windows through CreateFileW with FILE_SHARE_DELETE,
    so the file can still be renamed (set aside, replaced by a new wallet) while we hold it."""
    if not _windows():
        return os.open(path, os.O_RDWR | (os.O_CREAT if create else 0), 0o644)
    import ctypes
    import msvcrt
    from ctypes import wintypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
    create_file = kernel32.CreateFileW
    create_file.argtypes = [
        wintypes.LPCWSTR,
        wintypes.DWORD,
        wintypes.DWORD,
        wintypes.LPVOID,
        wintypes.DWORD,
        wintypes.DWORD,
        wintypes.HANDLE,
    ]
    create_file.restype = wintypes.HANDLE
    generic_rw, share_all, normal = 0xC0000000, 0x7, 0x80  # GENERIC_READ|WRITE; READ|WRITE|DELETE
    disposition = 4 if create else 3  # OPEN_ALWAYS, OPEN_EXISTING
    handle = create_file(str(path), generic_rw, share_all, None, disposition, normal, None)
    if handle is None or handle == wintypes.HANDLE(-1).value:
        raise ctypes.WinError(ctypes.get_last_error())  # type: ignore[attr-defined]
    return int(msvcrt.open_osfhandle(handle, os.O_RDWR))  # type: ignore[attr-defined]


def _lock(fd: int) -> None:
    """Take the exclusive lock on `fd` without waiting (OSError if another process holds it)."""
    if _windows():
        import msvcrt

        os.lseek(fd, WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class LedgerLock:
    """The single-instance lock, held on the ledger file ITSELF for the ledger's lifetime.

    POSIX: `flock` on a descriptor of the file (independent of SQLite's own fcntl locks); Windows:
    `msvcrt.locking` of one byte SQLite never uses (`WINDOWS_LOCK_OFFSET`). The OS drops it when the
    process dies (even by SIGKILL). There is no side file: deleting any file beside the ledger
    changes nothing. The lock follows the file, so whoever replaces the ledger (a new wallet, a
    set-aside) locks the replacement before it is renamed into place, and a taker checks that the
    file it locked is still the one at the path. A file with another name (`st_nlink > 1`) is
    refused before SQLite opens it: two data folders would each lock their own path to it.

    The descriptor is closed only after every SQLite connection to the file in this process is
    closed: on POSIX closing any descriptor of a file drops SQLite's fcntl locks on it.
    """

    def __init__(self, fd: int, path: Path) -> None:
        self._fd: int | None = fd
        self.path = path

    @classmethod
    def take(cls, path: Path, *, create: bool = False) -> LedgerLock:
        """Lock the file at `path` (made empty if `create` and missing). LedgerLocked if another
        process holds it; StorageFailure when the disk says no or the file has another name."""
        for _attempt in range(5):
            try:
                fd = _open_handle(path, create)
            except OSError as exc:
                raise storage.from_os_error(exc, path) from exc
            try:
                _lock(fd)
            except OSError as exc:
                os.close(fd)
                raise LedgerLocked(MSG_LOCKED) from exc
            lock = cls(fd, path)
            try:
                held, there = os.fstat(fd), os.stat(path)
            except FileNotFoundError:
                lock.release()  # replaced or set aside while we took it: take the new one
                continue
            except OSError as exc:
                lock.release()
                raise storage.from_os_error(exc, path) from exc
            if (held.st_dev, held.st_ino) != (there.st_dev, there.st_ino) and held.st_ino:
                lock.release()
                continue
            if held.st_nlink > 1:
                lock.release()
                raise StorageFailure("hard_link", MSG_HARD_LINK, path=path)
            return lock
        raise LedgerLocked(MSG_LOCKED)

    def truncate(self) -> None:
        if self._fd is not None:
            os.ftruncate(self._fd, 0)

    def fsync(self) -> None:
        if self._fd is not None:
            os.fsync(self._fd)

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            if _windows():
                import msvcrt

                os.lseek(fd, WINDOWS_LOCK_OFFSET, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            pass
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
    version: int = conn.execute("PRAGMA user_version").fetchone()[0]
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


def _aside_base(path: Path, stamp: str, tag: str) -> Path:
    base = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while any(
        Path(f"{base}{suffix}").exists() for suffix in ("", *COMPANIONS)
    ):  # two set-asides in one second: never overwrite an earlier one
        n += 1
        base = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
    return base


def set_aside(path: Path, stamp: str, staged: Path | None = None, tag: str = "damaged") -> Path:
    """Set the ledger aside as `<name>.<tag>-<stamp>` (with its -wal, -shm, -journal); return
    that name. `tag` is "damaged", or "not-latest" for a sound file older than the data folder's
    anchor. Never deletes what it has not kept.

    With `staged` (the copies `stage` made before any connection opened the file), the copies ARE
    the set-aside files, byte for byte as found, and the files as the check left them are removed
    (they hold nothing the copies do not). Without, the files themselves are renamed, companions
    first: a stale -wal beside a fresh database could otherwise be replayed into it if we were
    killed between the renames. A folder that refuses is a StorageFailure.
    """
    base = _aside_base(path, stamp, tag)
    try:
        if staged is not None:
            for suffix in ("", *COMPANIONS):
                src = Path(f"{staged}{suffix}")
                if src.exists():
                    _fsync_file(src)
                    os.replace(src, f"{base}{suffix}")
            fsync_dir(path.parent)
            for suffix in (*COMPANIONS, ""):
                Path(f"{path}{suffix}").unlink(missing_ok=True)
        else:
            for suffix in (*COMPANIONS, ""):
                src = Path(f"{path}{suffix}")
                if src.exists():
                    os.replace(src, f"{base}{suffix}")
    except OSError as exc:
        raise storage.from_os_error(exc, path.parent) from exc
    fsync_dir(path.parent)
    log.warning("ledger %s set aside as %s", path, base.name)
    return base


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def opens_unchanged(path: Path) -> bool:
    """Whether the start-up check leaves the file's bytes as they are: a WAL-mode SQLite file at
    the current version with no -wal, -shm or -journal beside it (the check then only reads it;
    otherwise opening merges a WAL, rolls a journal back or upgrades the file)."""
    if any(Path(f"{path}{suffix}").exists() for suffix in COMPANIONS):
        return False
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError:
        return False
    return (
        len(head) == 100
        and head[:16] == b"SQLite format 3\0"
        and head[18:20] == b"\x02\x02"
        and int.from_bytes(head[60:64], "big") == schema.SCHEMA_VERSION
    )


def stage(path: Path) -> Path | None:
    """Copy the ledger and its companions byte for byte to `<name>.as-found` before any connection
    opens them, unless opening leaves them as they are (`opens_unchanged`); return the copy's name
    (None: nothing copied). A damaged file is set aside from these copies (`set_aside`)."""
    if opens_unchanged(path):
        return None
    staged = path.with_name(path.name + STAGE)
    try:
        for suffix in ("", *COMPANIONS):
            Path(f"{staged}{suffix}").unlink(missing_ok=True)  # an earlier start's, killed
        for suffix in ("", *COMPANIONS):
            src = Path(f"{path}{suffix}")
            if src.exists():
                shutil.copyfile(src, f"{staged}{suffix}")
    except OSError as exc:
        raise storage.from_os_error(exc, path.parent) from exc
    return staged


def discard(staged: Path | None) -> None:
    """Remove the as-found copies of a file that proved sound."""
    if staged is None:
        return
    for suffix in ("", *COMPANIONS):
        try:
            Path(f"{staged}{suffix}").unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove %s%s: %s", staged, suffix, exc)


def create_wallet(path: Path, now: str, start_balance_cents: int) -> LedgerLock | None:
    """Build a new wallet at the current schema beside `path`, lock it and rename it into place;
    return the lock, now on `path` (None: another instance placed a wallet meanwhile; retry).

    A kill before the rename leaves no ledger file (the next start builds again), so the app
    itself never leaves an empty or half-made one: an empty ledger file is always damage. The
    wallet is locked while it is built, so a second instance never sees it unlocked.
    """
    tmp = path.with_name(f"{path.name}.new")
    lock = LedgerLock.take(tmp, create=True)
    try:
        if path.exists():
            lock.release()
            return None
        for suffix in COMPANIONS:  # our own unfinished creation: a wallet nobody ever played
            Path(f"{tmp}{suffix}").unlink(missing_ok=True)
        lock.truncate()
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
        lock.fsync()
        os.replace(tmp, path)
        lock.path = path
        fsync_dir(path.parent)
    except BaseException:
        lock.release()
        raise
    return lock


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
) -> tuple[sqlite3.Connection, LedgerLock, Message | None]:
    """Lock the ledger, then connect to a sound, current, fully checked file that is the latest
    this data folder saved (`game.ledger.anchor`); a damaged or older file is set aside as found
    first and a new wallet started. The notice says what was set aside (None when nothing was)."""
    notice: Message | None = None
    for _attempt in range(4):  # a fresh wallet cannot be damaged; 4 bounds a flaky disk
        if stray_wal(path):
            notice = Message(MSG_SET_ASIDE, {"name": set_aside(path, stamp(clock)).name})
        try:
            created = not path.exists()
            lock = (
                create_wallet(path, utc(clock()).isoformat(timespec="microseconds"), start_balance_cents)
                if created
                else LedgerLock.take(path)
            )
        except OSError as exc:
            raise storage.from_os_error(exc, path) from exc
        if lock is None:
            continue
        staged: Path | None = None
        try:
            staged = None if created else stage(path)
            try:
                conn = inspect(path, clock, start_balance_cents)
            except schema.DamagedError as exc:
                log.error("ledger %s is damaged: %s", path, exc)
                notice = Message(MSG_SET_ASIDE, {"name": set_aside(path, stamp(clock), staged).name})
                lock.release()
                continue
            try:
                older = _older_than_anchor(conn, path, created)
                if older is not None:
                    conn.close()
                    aside = set_aside(path, stamp(clock), staged, tag="not-latest")
                    notice = Message(older.id, {**older.params, "name": aside.name})
                    lock.release()
                    continue
                anchor.write(path, anchor.of(conn))
            except BaseException:
                conn.close()
                raise
            discard(staged)
            return conn, lock, notice
        except OSError as exc:
            lock.release()
            discard(staged)
            raise storage.from_os_error(exc, path) from exc
        except BaseException:  # a file from a newer app, a disk that says no: left as it was
            lock.release()
            discard(staged)
            raise
    raise StorageFailure("io", storage.MSG_IO, path=path, reason="it is damaged again at once")


def _older_than_anchor(conn: sqlite3.Connection, path: Path, created: bool) -> Message | None:
    if created:
        return None
    found = anchor.read(path)
    if found is None:  # the first start after the upgrade that brought anchors: say nothing
        return None
    older = anchor.compare(conn, found)
    if older is not None:
        log.error("ledger %s is not the one its anchor describes (%s)", path, found)
    return older


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
