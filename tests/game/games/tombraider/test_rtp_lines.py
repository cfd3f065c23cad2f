"""The exact RTP at every line count shipped beside Tomb Raider's data
(`assets/games/tombraider/rtp_by_lines.json`): stamped with the data it was computed from,
agreeing with the calculator, refused when stale."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.definitions import games_dir
from game.games.tombraider import rtp_lines
from game.games.tombraider.exact import par_sheet

GAME = games_dir() / "tombraider"


def test_the_shipped_figures_are_stamped_with_the_shipped_data(tombraider) -> None:
    doc = json.loads((GAME / rtp_lines.FILE_NAME).read_text(encoding="utf-8"))
    assert doc["definition_sha256"] == tombraider.sha256 == rtp_lines.data_sha256(GAME)
    table = rtp_lines.read(GAME, len(tombraider.definition.lines))
    assert table is not None and len(table.rtp) == 30
    assert table.at(30) == pytest.approx(tombraider.definition.rtp_published, abs=0.0002)


@pytest.mark.slow
@pytest.mark.parametrize("lines", [1, 12, 30])
def test_the_shipped_figures_are_the_calculators(tombraider, lines: int) -> None:
    table = rtp_lines.read(GAME, 30)
    assert table is not None
    assert table.at(lines) == par_sheet(tombraider.definition, lines, estimate_cap=False)["rtp"]


def test_stale_or_broken_figures_are_refused(tmp_path: Path) -> None:
    game = tmp_path / "tombraider"
    shutil.copytree(GAME, game)
    assert rtp_lines.read(game, 30) is not None
    assert rtp_lines.read(game, 25) is None  # another number of lines
    data = game / rtp_lines.DATA_FILE
    data.write_text(data.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert rtp_lines.read(game, 30) is None  # the data changed since: stale
    (game / rtp_lines.FILE_NAME).write_text("{", encoding="utf-8")
    assert rtp_lines.read(game, 30) is None
    (game / rtp_lines.FILE_NAME).unlink()
    assert rtp_lines.read(game, 30) is None
