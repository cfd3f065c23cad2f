"""docs/math/volatility.md and each game's volatility section quote the shipped figures: a test
that fails when the docs were not regenerated (`python -m tools.volatility_doc`)."""

from __future__ import annotations

import pytest

from game.definitions import list_game_ids
from tools.volatility_doc import BEGIN, DOCS, END, overview, section, with_section


def test_the_overview_is_current() -> None:
    text = (DOCS / "volatility.md").read_text(encoding="utf-8")
    assert text == overview(), "docs/math/volatility.md is stale: run python -m tools.volatility_doc"


@pytest.mark.parametrize("game", list_game_ids())
def test_each_par_sheet_document_carries_its_current_section(game) -> None:
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    assert section(game) in text, f"docs/math/{game}.md is stale: run python -m tools.volatility_doc"


def test_the_section_is_replaced_not_repeated() -> None:
    doc = "# Par sheet\n\nbody\n"
    once = with_section(doc, "stones")
    assert once.count(BEGIN) == 1 and once.count(END) == 1 and once.startswith(doc.rstrip("\n"))
    assert with_section(once, "stones") == once
    assert with_section(once.replace("high", "low"), "stones") == once
