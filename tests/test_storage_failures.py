"""The app as a real process against storage that says no, and signals that end it.

Every storage failure ends with exit code 1 and one sentence on stderr (no traceback), in the
player's language; nothing is lost: a round cut by a full disk stays open and resumes at the next
start. SIGTERM and Ctrl-C end the app like a window close; `--autoplay N` cut short prints its
summary and exits 3. Permission bits are met as a normal user would meet them: as root the app
runs without root's override of them (setpriv).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.ledger import Ledger

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "main.py"
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX")


def env() -> dict[str, str]:
    full = {k: v for k, v in os.environ.items() if k != "REELHOUSE_ASSETS"}
    full.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    return full


def run_main(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(MAIN), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env(),
        cwd=ROOT,
    )


def one_sentence(stderr: str) -> str:
    lines = [ln for ln in stderr.strip().splitlines() if ln.strip()]
    assert "Traceback" not in stderr, stderr
    assert len(lines) >= 1
    return lines[-1]


# -- start-up -------------------------------------------------------------------------------------
@pytest.mark.slow
def test_an_empty_data_dir_is_refused(tmp_path: Path) -> None:
    res = run_main("--data-dir", "", "--frames", "2")
    assert res.returncode == 1
    assert "cannot be an empty name" in one_sentence(res.stderr)
    assert not (ROOT / "ledger.sqlite3").exists()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("what", "words"),
    [
        ("dir_is_file", "is a file, not a folder"),
        ("dir_dangling", "which does not exist"),
        ("ledger_folder", "is a folder"),
        ("ledger_dangling", "which does not exist"),
        ("settings_folder", "is a folder"),
    ],
)
def test_what_stands_in_the_way_is_named(tmp_path: Path, what: str, words: str) -> None:
    data = tmp_path / "data"
    if what == "dir_is_file":
        data.write_text("not a folder")
    elif what == "dir_dangling":
        data.symlink_to(tmp_path / "gone")
    else:
        data.mkdir()
        name = "settings.json" if what == "settings_folder" else "ledger.sqlite3"
        if what.endswith("folder"):
            (data / name).mkdir()
        else:
            (data / name).symlink_to(tmp_path / "elsewhere.sqlite3")
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    res = run_main("--data-dir", str(data), "--frames", "2")
    assert res.returncode == 1
    sentence = one_sentence(res.stderr)
    assert (words in sentence and "start Reelhouse again" in sentence) or "--data-dir" in sentence
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before  # nothing moved, made or lost


@pytest.mark.slow
def test_the_sentence_is_in_the_players_language(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"version": 2, "language": "es"}), encoding="utf-8")
    (data / "ledger.sqlite3").mkdir()
    res = run_main("--data-dir", str(data), "--frames", "2")
    assert res.returncode == 1
    assert "es una carpeta" in one_sentence(res.stderr)


# As root the app runs without root's override of permission bits (setpriv), as a normal user would.
NORMAL_USER = (
    ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"] if os.geteuid() == 0 else []
)


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() == 0 and not shutil.which("setpriv"), reason="root ignores permission bits")
@pytest.mark.parametrize(
    ("target", "mode", "words"),
    [
        ("data", 0o555, "no tiene permiso para usar"),
        ("ledger.sqlite3", 0o444, "porque es de solo lectura"),
        ("ledger.sqlite3", 0o000, "no tiene permiso para usar"),
    ],
)
def test_permission_bits_stop_the_app_in_the_players_words(
    tmp_path: Path, target: str, mode: int, words: str
) -> None:
    """A read-only data folder, a read-only ledger, an unreadable one, met by a normal user: one
    sentence in the saved language (read before the folder is probed), exit 1, nothing changed."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"version": 3, "language": "es"}), encoding="utf-8")
    if target != "data":
        with Ledger.open(data / target):
            pass
    before = sorted((str(p), p.read_bytes()) for p in data.iterdir() if p.is_file())
    where = data if target == "data" else data / target
    where.chmod(mode)
    try:
        res = subprocess.run(
            [*NORMAL_USER, sys.executable, str(MAIN), "--data-dir", str(data), "--frames", "2"],
            capture_output=True,
            text=True,
            timeout=120,
            env=env(),
            cwd=ROOT,
        )
    finally:
        where.chmod(0o755 if target == "data" else 0o644)
    assert res.returncode == 1, res.stderr
    assert words in one_sentence(res.stderr)
    assert sorted((str(p), p.read_bytes()) for p in data.iterdir() if p.is_file()) == before


@pytest.mark.slow
def test_a_zero_length_ledger_is_kept_and_a_new_wallet_started(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "ledger.sqlite3").write_bytes(b"")
    res = run_main("--data-dir", str(data), "--frames", "5")
    assert res.returncode == 0, res.stderr
    (kept,) = data.glob("ledger.sqlite3.damaged-*")
    assert (
        f"told the player: Your saved game data was damaged and has been set aside as {kept.name}"
        in res.stderr
    )
    assert kept.read_bytes() == b""
    with Ledger.open(data / "ledger.sqlite3") as led:
        assert led.verify() == [] and led.count_rounds() == 0


# -- a full disk in the middle of a round ----------------------------------------------------------
# The child runs the real app with one change at the SQLite layer: every connection refuses, as a
# full disk would (SQLITE_FULL), the credit of the FULL_AT-th round.
FULL_DISK_CHILD = r"""
import runpy, sqlite3, sys

FULL_AT = int(sys.argv[1])
finishes = 0


class FullDisk(sqlite3.Connection):
    def execute(self, sql, *args):
        global finishes
        if sql.startswith("UPDATE rounds SET status = ?, win_coins = ?"):  # finish_round
            finishes += 1
            if finishes == FULL_AT:
                exc = sqlite3.OperationalError("database or disk is full")
                exc.sqlite_errorcode, exc.sqlite_errorname = 13, "SQLITE_FULL"
                raise exc
        return super().execute(sql, *args)


real_connect = sqlite3.connect
sqlite3.connect = lambda *a, **k: real_connect(*a, factory=FullDisk, **k)
sys.argv = ["main.py", *sys.argv[2:]]
runpy.run_path("main.py", run_name="__main__")
"""


@pytest.mark.slow
def test_a_full_disk_mid_round_ends_plainly_and_the_round_resumes(tmp_path: Path) -> None:
    data = tmp_path / "data"
    args = ["--game", "stones", "--turbo", "--seed", "5", "--data-dir", str(data)]
    res = subprocess.run(
        [sys.executable, "-c", FULL_DISK_CHILD, "4", *args, "--autoplay", "10"],
        capture_output=True,
        text=True,
        timeout=180,
        env=env(),
        cwd=ROOT,
    )
    assert res.returncode == 1, res.stderr
    assert "is full" in one_sentence(res.stderr) and "an unfinished round will resume" in res.stderr
    with Ledger.open(data / "ledger.sqlite3") as led:
        assert led.verify() == []
        pending = led.open_round()
        assert pending is not None and led.count_rounds() == 4  # the fourth round was never credited
        balance = led.balance_cents

    res = run_main(*args, "--autoplay", "1", timeout=180)  # space is back
    assert res.returncode == 0, res.stderr
    with Ledger.open(data / "ledger.sqlite3") as led:
        assert led.verify() == [] and led.open_round() is None
        resumed = led.round_detail(pending.round_id)
        assert resumed.status == "closed" and resumed.seed == pending.seed
        journal = led._conn.execute(
            "SELECT kind FROM transactions WHERE round_id = ? ORDER BY id", (pending.round_id,)
        ).fetchall()
        assert journal == [("bet",), ("win",)]  # debited once before the failure, credited once after
        later = [r for r in led.history(50) if r.round_id > pending.round_id]
        assert led.balance_cents == balance + resumed.win_cents + sum(
            r.win_cents - r.bet_cents for r in later
        )
        assert led.meters().rounds_played == led.count_rounds()


# -- signals ----------------------------------------------------------------------------------------
def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(MAIN), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(),
        cwd=ROOT,
    )


def rounds_in(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            return conn.execute("SELECT COUNT(*) FROM rounds").fetchone()[0]
    except sqlite3.Error:
        return 0


def wait_for(condition, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the app never got there")
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_the_app_like_a_window_close(tmp_path: Path, sig: int) -> None:
    data = tmp_path / "data"
    proc = start("--data-dir", str(data), "--frames", "1000000")
    wait_for(lambda: (data / "ledger.sqlite3").exists())
    time.sleep(0.5)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    with Ledger.open(data / "ledger.sqlite3") as led:  # closed cleanly: the lock is free
        assert led.verify() == []


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_autoplay_cut_short_prints_its_summary_and_exits_3(tmp_path: Path, sig: int) -> None:
    data = tmp_path / "data"
    proc = start(
        "--game", "stones", "--autoplay", "100000", "--turbo", "--seed", "3", "--data-dir", str(data)
    )
    wait_for(lambda: rounds_in(data / "ledger.sqlite3") >= 3)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 3, err
    assert "Traceback" not in err
    (line,) = [ln for ln in out.splitlines() if ln.startswith("autoplay: cut short after ")]
    played = int(line.split("after ")[1].split(" of ")[0])
    assert " of 100000 rounds, balance €" in line
    with Ledger.open(data / "ledger.sqlite3") as led:
        assert led.verify() == []
        open_round = led.open_round()
        assert played == led.count_rounds() - (open_round is not None) >= 2
        assert ("resumes at the next start" in line) == (open_round is not None)
