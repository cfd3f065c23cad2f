"""Every storage failure as a player meets it: the real app (`main.py`) against storage that says no.

Each case below sets up a scratch data folder, runs the app as a separate process (the dummy
video and audio drivers, so no window), and records the exit code and the sentence the player is
shown: the last line the app prints on stderr (a log line is not a sentence), the "told the
player" line for a notice shown on the first screen, or the autoplay summary on stdout. Each
case runs with the settings in English and in Spanish (`--lang en,es`); `--data-dir ""` has no
settings to read, so it is English only.

The failures are real, not injected: a normal user's permission bits (run as root, the app runs
without root's override of them, through `setpriv`), a full disk (a small tmpfs filled to the
last byte), a read-only file system (a tmpfs remounted read-only), signals sent to the running
process. Mounting needs root; the cases that need it are listed as skipped otherwise.

    python -m tools.storage_failures            # prints the Markdown table
    python -m tools.storage_failures --json     # the rows as JSON
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.definitions import list_game_ids

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "main.py"
# as root, run the app without the capabilities that let root ignore permission bits
NORMAL_USER = (
    ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"] if os.geteuid() == 0 else []
)
LOG_LINE = re.compile(r"^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*: ")  # "game.ledger.files: ..." is a log line
AUTOPLAY = ["--game", list_game_ids()[0], "--turbo", "--seed", "5"]  # the first installed game


@dataclass
class Row:
    case: str
    language: str
    code: int | None
    said: str
    note: str = ""


def env() -> dict[str, str]:
    full = {k: v for k, v in os.environ.items() if k != "REELHOUSE_ASSETS"}
    full.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    return full


def command(*args: str, normal_user: bool = False) -> list[str]:
    return [*(NORMAL_USER if normal_user else []), sys.executable, str(MAIN), *args]


def run_app(*args: str, normal_user: bool = False, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run(
        command(*args, normal_user=normal_user),
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env(),
        cwd=ROOT,
    )


def start_app(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(), cwd=ROOT
    )


def sentence(stdout: str, stderr: str) -> str:
    """What the player is shown (see the module docstring); "" when nothing is said."""
    if "Traceback" in stderr:
        return "TRACEBACK: " + stderr.strip().splitlines()[-1]
    told = [ln.split("told the player: ", 1)[1] for ln in stderr.splitlines() if "told the player: " in ln]
    if told:
        return told[-1]
    summary = [ln for ln in stdout.splitlines() if ln.startswith("autoplay:")]
    said = [ln.strip() for ln in stderr.splitlines() if ln.strip() and not LOG_LINE.match(ln)]
    return said[-1] if said else (summary[-1] if summary else "")


def row(case: str, lang: str, res: subprocess.CompletedProcess, note: str = "") -> Row:
    return Row(case, lang, res.returncode, sentence(res.stdout, res.stderr), note)


def data_folder(base: Path, lang: str) -> Path:
    """A data folder whose settings say `lang`."""
    data = base / "data"
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(json.dumps({"version": 3, "language": lang}), encoding="utf-8")
    return data


def new_wallet(data: Path) -> None:
    res = run_app("--data-dir", str(data), "--frames", "2")
    if res.returncode != 0:
        raise RuntimeError(f"could not make a wallet: {res.stderr}")


def rounds_in(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM rounds").fetchone()[0])
    except sqlite3.Error:
        return 0


def wait_for(condition: Callable[[], bool], seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError("the app never got there")
        time.sleep(0.05)


class Tmpfs:
    """A small tmpfs mounted on `path` (root only), unmounted on exit."""

    def __init__(self, path: Path, size: str) -> None:
        self.path, self.size = path, size

    def __enter__(self) -> Path:
        self.path.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={self.size}", "tmpfs", str(self.path)], check=True
        )
        return self.path

    def __exit__(self, *exc: object) -> None:
        subprocess.run(["umount", "-l", str(self.path)], check=False)


def fill(folder: Path) -> None:
    """Write a filler file until the file system is full (ENOSPC)."""
    block = b"\0" * 65536
    with open(folder / "filler", "wb", buffering=0) as out:
        try:
            while True:
                out.write(block)
        except OSError:
            pass
        try:
            while True:
                out.write(b"\0")
        except OSError:
            pass


# -- the cases -------------------------------------------------------------------------------------
def read_only_folder(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    data.chmod(0o555)
    try:
        res = run_app("--data-dir", str(data), "--frames", "2", normal_user=True)
    finally:
        data.chmod(0o755)
    return [row("read-only data folder (a normal user)", lang, res)]


def with_mode(base: Path, lang: str, name: str, mode: int) -> tuple[Path, subprocess.CompletedProcess]:
    """A wallet whose file `name` has permission bits `mode`, opened by a normal user."""
    data = data_folder(base, lang)
    new_wallet(data)
    (data / name).chmod(mode)
    return data, run_app("--data-dir", str(data), "--frames", "2", normal_user=True)


def read_only_file(base: Path, lang: str) -> list[Row]:
    _, res = with_mode(base, lang, "ledger.sqlite3", 0o444)
    return [row("read-only ledger file (a normal user)", lang, res)]


def read_only_file_system(base: Path, lang: str) -> list[Row]:
    with Tmpfs(base / "mnt", "16m") as mnt:
        data = data_folder(mnt, lang)
        new_wallet(data)
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True)
        res = run_app("--data-dir", str(data), "--frames", "2")
    return [row("read-only file system (remounted ro)", lang, res)]


def permission_denied(base: Path, lang: str) -> list[Row]:
    _, res = with_mode(base, lang, "ledger.sqlite3", 0o000)
    return [row("permission denied (ledger mode 000, a normal user)", lang, res)]


def settings_unreadable(base: Path, lang: str) -> list[Row]:
    data, res = with_mode(base, lang, "settings.json", 0o000)
    kept = (data / "settings.json").exists() and not list(data.glob("settings.json.damaged-*"))
    note = "kept in place" if kept else "MOVED"
    return [row("settings.json unreadable (mode 000, a normal user)", lang, res, note)]


def full_disk_at_start(base: Path, lang: str) -> list[Row]:
    with Tmpfs(base / "mnt", "1m") as mnt:
        data = data_folder(mnt, lang)
        fill(mnt)
        res = run_app("--data-dir", str(data), "--frames", "2")
    return [row("full disk at start-up (new wallet)", lang, res)]


def full_disk_mid_round(base: Path, lang: str) -> list[Row]:
    with Tmpfs(base / "mnt", "8m") as mnt:
        data = data_folder(mnt, lang)
        db = data / "ledger.sqlite3"
        proc = start_app(*AUTOPLAY, "--autoplay", "100000", "--data-dir", str(data))
        try:
            wait_for(lambda: rounds_in(db) >= 5)
            fill(mnt)
            out, err = proc.communicate(timeout=300)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            pending = conn.execute("SELECT id FROM rounds WHERE status = 'open'").fetchone()
        note = f"round {pending[0]} left open" if pending else "no round open (failed between rounds)"
        rows = [Row("full disk mid-play (autoplay)", lang, proc.returncode, sentence(out, err), note)]
        (mnt / "filler").unlink()  # space is back
        res = run_app(*AUTOPLAY, "--autoplay", "1", "--data-dir", str(data))
        note = ""
        if pending:
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
                status = conn.execute("SELECT status FROM rounds WHERE id = ?", pending).fetchone()[0]
                kinds = [
                    k for (k,) in conn.execute("SELECT kind FROM transactions WHERE round_id = ?", pending)
                ]
            note = f"round {pending[0]}: {status}, journal {' + '.join(kinds)}"
        rows.append(row("... then space freed: next start (--autoplay 1)", lang, res, note))
    return rows


def ledger_is_folder(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    (data / "ledger.sqlite3").mkdir()
    return [row("ledger.sqlite3 is a folder", lang, run_app("--data-dir", str(data), "--frames", "2"))]


def dangling_link(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    (data / "ledger.sqlite3").symlink_to(base / "gone.sqlite3")
    return [row("ledger.sqlite3 is a dangling link", lang, run_app("--data-dir", str(data), "--frames", "2"))]


def ledger_is_link(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    other = base / "other"
    other.mkdir()
    new_wallet(other)
    (data / "ledger.sqlite3").symlink_to(other / "ledger.sqlite3")
    return [
        row("ledger.sqlite3 is a link to a ledger", lang, run_app("--data-dir", str(data), "--frames", "2"))
    ]


def data_dir_is_file(base: Path, lang: str) -> list[Row]:
    data = base / "data"
    data.write_text("not a folder", encoding="utf-8")
    return [row("the data folder is a file", lang, run_app("--data-dir", str(data), "--frames", "2"))]


def zero_length(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    (data / "ledger.sqlite3").write_bytes(b"")
    res = run_app("--data-dir", str(data), "--frames", "5")
    kept = [p.name for p in data.glob("ledger.sqlite3.damaged-*") if p.stat().st_size == 0]
    return [row("zero-length ledger file", lang, res, f"kept as {kept[0]}" if kept else "NOT KEPT")]


def empty_data_dir(base: Path, lang: str) -> list[Row]:
    if lang != "en":
        return []
    return [row('--data-dir ""', lang, run_app("--data-dir", "", "--frames", "2"))]


def sigterm(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    proc = start_app("--data-dir", str(data), "--frames", "1000000")
    wait_for(lambda: (data / "ledger.sqlite3").exists())
    time.sleep(1.0)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    said = sentence(out, err) or "(nothing: the app closes as from the window's close button)"
    return [Row("SIGTERM while playing", lang, proc.returncode, said)]


def ctrl_c_autoplay(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    proc = start_app(*AUTOPLAY, "--autoplay", "100000", "--data-dir", str(data))
    wait_for(lambda: rounds_in(data / "ledger.sqlite3") >= 3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return [Row("Ctrl-C (SIGINT) during autoplay", lang, proc.returncode, sentence(out, err))]


# -- the wallet that can't be quietly rolled back, doubled or forged cheaply --------------------
def second_instance(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    first = start_app("--data-dir", str(data), "--frames", "1000000")
    try:
        wait_for(lambda: (data / "ledger.sqlite3.anchor").exists())
        for side in data.iterdir():  # no side file holds the lock: delete them all
            if side.name not in ("ledger.sqlite3", "settings.json"):
                side.unlink()
        res = run_app("--data-dir", str(data), "--frames", "2")
    finally:
        first.terminate()
        first.communicate(timeout=60)
    return [row("a second copy running (every file beside the ledger deleted)", lang, res)]


def hard_link(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    other = base / "other"
    other.mkdir()
    new_wallet(other)
    os.link(other / "ledger.sqlite3", data / "ledger.sqlite3")
    res = run_app("--data-dir", str(data), "--frames", "2")
    return [row("ledger.sqlite3 hard-linked into a second data folder", lang, res)]


def older_copy(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    db = data / "ledger.sqlite3"
    run_app(*AUTOPLAY, "--autoplay", "2", "--data-dir", str(data))
    backup = base / "backup.sqlite3"
    shutil.copyfile(db, backup)
    run_app(*AUTOPLAY, "--autoplay", "26", "--data-dir", str(data))
    shutil.copyfile(backup, db)
    res = run_app("--data-dir", str(data), "--frames", "5")
    kept = [p.name for p in data.glob("ledger.sqlite3.not-latest-*") if p.read_bytes() == backup.read_bytes()]
    return [
        row(
            "an older copy of the ledger put back",
            lang,
            res,
            f"kept as found: {kept[0]}" if kept else "NOT KEPT",
        )
    ]


def other_wallet(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    run_app(*AUTOPLAY, "--autoplay", "1", "--data-dir", str(data))
    other = base / "other"
    other.mkdir()
    new_wallet(other)
    shutil.copyfile(other / "ledger.sqlite3", data / "ledger.sqlite3")
    res = run_app("--data-dir", str(data), "--frames", "5")
    return [row("another wallet's ledger copied in", lang, res)]


def wal_lost_after_kill(base: Path, lang: str) -> list[Row]:
    data = data_folder(base, lang)
    db = data / "ledger.sqlite3"
    proc = start_app(*AUTOPLAY, "--autoplay", "100000", "--data-dir", str(data))
    wait_for(lambda: rounds_of_copy(db, Path(tempfile.mkdtemp(dir=base))) >= 6)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    before = rounds_of_copy(db, base / "before")
    for suffix in ("-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    res = run_app(*AUTOPLAY, "--autoplay", "1", "--data-dir", str(data))
    after = rounds_of_copy(db, base / "after")
    note = f"{before} rounds in the ledger and its WAL at the kill, {after} after the next start"
    return [
        row("SIGKILL mid-autoplay, then -wal and -shm deleted (next start --autoplay 1)", lang, res, note)
    ]


def rounds_of_copy(db: Path, scratch: Path) -> int:
    """Rounds in a copy of the ledger and its companions: this process never opens the files the
    app uses, whose -wal and -shm the case deletes under SQLite's feet."""
    scratch.mkdir(exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{db}{suffix}").exists():
            shutil.copyfile(f"{db}{suffix}", scratch / f"ledger.sqlite3{suffix}")
    conn = sqlite3.connect(scratch / "ledger.sqlite3")
    try:
        return int(conn.execute("SELECT COUNT(*) FROM rounds").fetchone()[0])
    except sqlite3.Error:  # copied mid-write while the app runs: not yet
        return 0
    finally:
        conn.close()


def forge_top_up(db: Path, amount: int) -> None:
    """A top-up appended like an attacker: sqlite3, the rules dropped and put back, every digest
    recomputed with the seal module, the anchor deleted."""
    sys.path.insert(0, str(ROOT))
    from game.ledger import seal

    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        rules = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
        for name, _ in rules:
            conn.execute(f'DROP TRIGGER "{name}"')
        balance, head = conn.execute("SELECT balance_cents, head_digest FROM account").fetchone()
        meters = conn.execute(f"SELECT {', '.join(seal.METER_COLUMNS)} FROM meters").fetchone()
        txn_id = conn.execute("SELECT COALESCE(MAX(id), 0) FROM transactions").fetchone()[0] + 1
        at = "2026-12-01T12:00:00.000000+00:00"
        after, new = balance + amount, seal.meters_after(meters, "top_up", amount)
        digest = seal.txn_digest(head, txn_id, "top_up", amount, after, None, at, new)
        conn.execute(
            "INSERT INTO transactions (id, kind, amount_cents, balance_after_cents, round_id, at, "
            "prev_digest, digest) VALUES (?, 'top_up', ?, ?, NULL, ?, ?, ?)",
            (txn_id, amount, after, at, head, digest),
        )
        conn.execute("UPDATE account SET balance_cents = ?, head_digest = ?", (after, digest))
        conn.execute(f"UPDATE meters SET {', '.join(f'{c} = ?' for c in seal.METER_COLUMNS)}", new)
        for _, sql in rules:
            conn.execute(sql)
        conn.execute("COMMIT")
    finally:
        conn.close()
    Path(f"{db}.anchor").unlink(missing_ok=True)


def forged_top_up(base: Path, lang: str) -> list[Row]:
    rows = []
    for amount, case in (
        (999_999_999_999, "a forged top-up of 999,999,999,999 cents, digests recomputed"),
        (2**63 - 10**7, "a forged balance near 2^63 cents, digests recomputed"),
    ):
        data = data_folder(base / str(amount), lang)
        run_app(*AUTOPLAY, "--autoplay", "1", "--data-dir", str(data))
        forge_top_up(data / "ledger.sqlite3", amount)
        rows.append(row(case, lang, run_app(*AUTOPLAY, "--autoplay", "1", "--data-dir", str(data))))
    return rows


WALLET_CASES = [second_instance, hard_link, older_copy, other_wallet, wal_lost_after_kill, forged_top_up]

CASES: list[tuple[Callable[[Path, str], list[Row]], bool]] = [  # (case, needs root to mount)
    (read_only_folder, False),
    (read_only_file, False),
    (read_only_file_system, True),
    (full_disk_at_start, True),
    (full_disk_mid_round, True),
    (ledger_is_folder, False),
    (dangling_link, False),
    (ledger_is_link, False),
    (data_dir_is_file, False),
    (zero_length, False),
    (permission_denied, False),
    (settings_unreadable, False),
    (empty_data_dir, False),
    (sigterm, False),
    (ctrl_c_autoplay, False),
    *((case, False) for case in WALLET_CASES),
]


def run(languages: list[str]) -> list[Row]:
    rows: list[Row] = []
    is_root = os.geteuid() == 0
    for case, needs_root in CASES:
        for lang in languages:
            if needs_root and not is_root:
                rows.append(Row(case.__name__, lang, None, "", "skipped: mounting a tmpfs needs root"))
                continue
            base = Path(tempfile.mkdtemp(prefix="reelhouse-storage-"))
            try:
                for r in case(base, lang):  # the scratch folder's name says nothing
                    r.said, r.note = r.said.replace(str(base), "<tmp>"), r.note.replace(str(base), "<tmp>")
                    rows.append(r)
            finally:
                shutil.rmtree(base, ignore_errors=True)
            print(f"  {case.__name__} ({lang}) done", file=sys.stderr, flush=True)
    return rows


def markdown(rows: list[Row]) -> str:
    out = ["| storage failure | lang | exit | the sentence shown | after |", "|---|---|---|---|---|"]
    for r in rows:
        said = r.said.replace("|", "\\|")
        out.append(f"| {r.case} | {r.language} | {r.code} | {said} | {r.note} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en,es", help="settings languages to run, comma-separated")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    rows = run([lang for lang in args.lang.split(",") if lang])
    print(
        json.dumps([r.__dict__ for r in rows], ensure_ascii=False, indent=1) if args.json else markdown(rows)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
