"""Start-ups that must end in one plain sentence (tools.start_failures' cases against the real
main.py): the exit code, the sentence, never a traceback or a hang, and the settings file kept."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tools import start_failures as sf

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, /dev/zero and ulimit are POSIX")

SETTINGS_KEPT = "Your settings file is not an ordinary file of at most 64 KB"
EXPECTED = {
    "settings_fifo": (0, SETTINGS_KEPT),
    "settings_dev_zero": (0, SETTINGS_KEPT),
    "settings_64_mb": (0, SETTINGS_KEPT),
    "folder_name_300_chars": (1, "is longer than the file system allows"),
    "unknown_user": (1, "names a user this computer does not know"),
    "relative_xdg_data_home": (1, "XDG_DATA_HOME is set to relative/data, which is not a full path"),
    "window_20_digits": (2, "is larger than any screen here"),
    "window_100000_square": (2, "A window of 100000×100000 pixels is larger than any screen here"),
    "low_memory": (1, "Reelhouse does not have enough memory to start ("),
    "game_data_changed": (2, "games/stones/game.toml is not the one released"),
    "font_damaged": (
        0,
        "These font files are damaged or missing, so a plain font is used instead: text.ttf.",
    ),
}


def test_every_case_has_an_expectation() -> None:
    assert sorted(case.__name__ for _, case in sf.CASES) == sorted(EXPECTED)


@pytest.mark.parametrize("case", [case for _, case in sf.CASES], ids=lambda c: c.__name__)
def test_one_sentence_no_traceback(case, tmp_path: Path) -> None:
    code, words = EXPECTED[case.__name__]
    try:
        res = case(tmp_path, "en")
    except subprocess.TimeoutExpired:
        pytest.fail(f"{case.__name__}: the app hung")
    said = sf.sentence(res.stdout, res.stderr)
    assert "Traceback" not in res.stderr, res.stderr[-1500:]
    assert res.returncode == code, res.stderr[-1500:]
    assert words in said, said
    if case.__name__.startswith("settings_"):
        kept = list((tmp_path / "data").glob("settings.json.damaged-*"))
        assert len(kept) == 1 and kept[0].name in said  # kept aside as it was, never opened


@pytest.mark.parametrize("limit_kb", [40_000, 60_000, 90_000, 120_000])
def test_too_little_memory_at_any_level_is_one_sentence(limit_kb: int, tmp_path: Path) -> None:
    """Where the start fails depends on the machine: at each level it either starts or says one
    sentence (exit 1), never a traceback or a hang."""
    res = sf.run("--data-dir", str(tmp_path / "data"), limit_kb=limit_kb, timeout=120)
    assert "Traceback" not in res.stderr, res.stderr[-1500:]
    assert res.returncode in (0, 1), res.stderr[-1500:]
    if res.returncode == 1:
        assert sf.sentence(res.stdout, res.stderr).startswith(
            "Reelhouse does not have enough memory to start ("
        )


def test_the_spanish_of_a_sentence_said_in_english() -> None:
    english = (
        "The data folder ~bob/x names a user this computer does not know; give a full path with --data-dir."
    )
    assert sf.catalog_spanish(english) == (
        "La carpeta de datos ~bob/x nombra un usuario que este ordenador no conoce; indica una ruta "
        "completa con --data-dir."
    )


def test_a_fifo_is_never_opened_and_dev_zero_never_read(tmp_path: Path) -> None:
    import os

    from game.storage import is_unreadable_kind, read_bounded

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert is_unreadable_kind(fifo) and read_bounded(fifo) is None
    zero = tmp_path / "zero"
    zero.symlink_to("/dev/zero")
    assert is_unreadable_kind(zero) and read_bounded(zero) is None
    small = tmp_path / "small.json"
    small.write_bytes(b"{}")
    assert not is_unreadable_kind(small) and read_bounded(small) == b"{}"
