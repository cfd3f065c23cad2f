"""Secret of the Stones' paytable pages say what the stones do, from the definition."""

from __future__ import annotations

from game.definitions import load_game
from scenes.games.stones.pages import pages, symbol_notes


def test_the_paytable_names_the_animals_the_stones_make_wild():
    # "Deer and/or Owl symbols from the main game become Wild symbols during Free Spins. See
    # paytable for symbols."
    d = load_game("stones").definition
    assert symbol_notes(d, "deer") == ["DEER BECOMES WILD"]
    assert symbol_notes(d, "owl") == ["OWL BECOMES WILD"]
    assert symbol_notes(d, "bull") == []
    free = next(p for p in pages(d) if p.kind == "free")
    assert any("Wild symbols" in text and "Wild's own pays" in text for text in free.paragraphs)
