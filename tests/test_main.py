"""`main.py` as a real process: --version, --help, a short headless run, bad data → exit 2."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / "main.py"


def run_main(*args: str, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k != "REELHOUSE_ASSETS"}
    full_env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})})
    return subprocess.run(
        [sys.executable, str(MAIN), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=full_env,
        cwd=ROOT,
    )


def test_version():
    from game import __version__

    res = run_main("--version")
    assert res.returncode == 0
    assert res.stdout.strip() == f"Reelhouse {__version__}"


def test_help_explains_every_flag():
    res = run_main("--help")
    assert res.returncode == 0
    for flag in (
        "--game",
        "--data-dir",
        "--fullscreen",
        "--windowed",
        "--seed",
        "--autoplay",
        "--turbo",
        "--frames",
        "--bench",
        "--version",
    ):
        assert flag in res.stdout


@pytest.mark.slow
def test_runs_frames_and_exits(tmp_path):
    data = tmp_path / "data"
    res = run_main("--frames", "30", "--data-dir", str(data), "--seed", "1")
    assert res.returncode == 0, res.stderr
    assert (data / "ledger.sqlite3").exists()
    assert res.stdout == ""


@pytest.mark.slow
def test_damaged_settings_are_kept_aside(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text("{broken", encoding="utf-8")
    res = run_main("--frames", "5", "--data-dir", str(data))
    assert res.returncode == 0, res.stderr
    assert list(data.glob("settings.json.damaged-*"))


@pytest.mark.slow
def test_unknown_game_is_refused(tmp_path):
    res = run_main("--game", "nope", "--frames", "1", "--data-dir", str(tmp_path))
    assert res.returncode == 2
    assert "nope" in res.stderr and "stones" in res.stderr


def test_autoplay_needs_a_game(tmp_path):
    res = run_main("--autoplay", "3", "--data-dir", str(tmp_path))
    assert res.returncode == 2
    assert "--autoplay needs --game" in res.stderr


@pytest.mark.slow
def test_bad_game_data_exits_2_naming_file_field_reason(tmp_path):
    assets = tmp_path / "assets"
    shutil.copytree(ROOT / "assets" / "games", assets / "games")
    toml = assets / "games" / "stones" / "game.toml"
    text = toml.read_text(encoding="utf-8")
    assert "rtp_published = " in text
    lines = [("rtp_published = 1.5" if ln.startswith("rtp_published") else ln) for ln in text.splitlines()]
    toml.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = run_main(
        "--frames", "1", "--data-dir", str(tmp_path / "data"), env={"REELHOUSE_ASSETS": str(assets)}
    )
    assert res.returncode == 2
    line = res.stderr.strip().splitlines()[-1]
    assert line.startswith(str(toml)), line
    assert ": rtp_published: " in line
    assert not (tmp_path / "data").exists() or not (tmp_path / "data" / "ledger.sqlite3").exists()


@pytest.mark.slow
@pytest.mark.parametrize("flag", ["--fullscreen", "--windowed"])
def test_screen_flags(tmp_path, flag):
    res = run_main(flag, "--frames", "3", "--data-dir", str(tmp_path))
    assert res.returncode == 0, res.stderr


@pytest.mark.slow
def test_bench_prints_one_json_object():
    import json

    res = run_main("--bench", timeout=240)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.strip().splitlines()
    assert len(lines) == 1
    figures = json.loads(lines[0])
    for key in (
        "frame_ms_p50",
        "frame_ms_p95",
        "frame_ms_p99",
        "frames",
        "seconds",
        "startup_to_first_frame_ms",
        "peak_rss_mb",
        "rounds",
    ):
        assert key in figures
    assert figures["frames"] > 1000 and figures["rounds"] >= 1


def test_percentile():
    from scenes.app.bench import percentile

    assert percentile([], 50) == 0.0
    assert percentile([5.0], 99) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile(list(range(101)), 99) == 99.0


@pytest.mark.slow
def test_game_flag_opens_the_reels(tmp_path):
    res = run_main("--game", "stones", "--frames", "30", "--data-dir", str(tmp_path), "--seed", "1")
    assert res.returncode == 0, res.stderr


@pytest.mark.slow
def test_autoplay_plays_and_exits(tmp_path):
    res = run_main(
        "--game",
        "stones",
        "--autoplay",
        "2",
        "--turbo",
        "--seed",
        "1",
        "--data-dir",
        str(tmp_path),
        timeout=180,
    )
    assert res.returncode == 0, res.stderr
    from game.ledger import Ledger

    with Ledger.open(tmp_path / "ledger.sqlite3") as led:
        assert led.meters().rounds_played == 2
        assert led.open_round() is None


@pytest.mark.slow
def test_saved_spanish_without_intro_runs_with_every_string_translated(tmp_path):
    import json

    data = tmp_path / "data"
    data.mkdir()
    settings = {
        "version": 2,
        "language": "es",
        "intro_screen": False,
        "intro_movie": False,
        "reality_check_minutes": 15,
    }
    (data / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    res = run_main("--frames", "30", "--data-dir", str(data), "--seed", "1")
    assert res.returncode == 0, res.stderr
    assert "missing es translation" not in res.stderr
    assert not list(data.glob("settings.json.damaged-*"))
