"""Paytable: pages generated from the validated definition at the current bet (P4), a changed
data file changes the page, the stones are counted from the data, smoke and paging, mini paytable."""

from __future__ import annotations

import re
import shutil
from collections import Counter

import pygame
import pytest

from game.definitions import load_game
from game.money import Bet
from scenes.app.app import ASSETS_ENV, assets_root, load_all_games
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.games.stones.pages import stone_counts
from scenes.viewers.paytable import MiniPaytable, PaytableScene, open_paytable
from scenes.viewers.paytable_pages import build_pages, cap_text, symbol_pays
from scenes.widgets.dialog import Toast

BET = Bet(lines=20, level=3, coin_value_cents=10)


def _pays(pages, symbol_id):
    for page in pages:
        for sp in page.symbols:
            if sp.symbol_id == symbol_id:
                return {row.count: (row.coins, row.cents) for row in sp.rows}
    raise AssertionError(symbol_id)


def test_pays_follow_the_definition_at_the_current_bet():
    defn = load_game("stones").definition
    pages = build_pages(defn, BET)
    for sym, table in defn.paytable.items():
        assert _pays(pages, sym) == {k: (p * 3, p * 3 * 10) for k, p in table.items()}
    total = BET.total_coins
    scatter = {k: (m * total, m * total * 10) for k, m in defn.scatter_pays["scatter"].items()}
    assert _pays(pages, "scatter") == scatter
    kinds = [p.kind for p in pages]
    assert kinds == ["wild_scatter", "symbols", "symbols", "stones", "free", "lines", "how"]
    # every paying symbol appears exactly once
    shown = [sp.symbol_id for p in pages for sp in p.symbols]
    assert sorted(shown) == sorted([*defn.paytable, *defn.scatter_pays])


def test_a_changed_data_file_changes_the_page(tmp_path, monkeypatch):
    root = tmp_path / "assets"
    (root / "games" / "stones").mkdir(parents=True)
    src = load_game("stones").path
    text = src.read_text(encoding="utf-8")
    old = "deer    = { 2 = 5, 3 = 50, 4 = 200, 5 = 750 }"
    assert old in text
    (root / "games" / "stones" / "game.toml").write_text(
        text.replace(old, "deer    = { 2 = 5, 3 = 50, 4 = 200, 5 = 800 }"), encoding="utf-8"
    )
    monkeypatch.setenv(ASSETS_ENV, str(root))
    games = load_all_games(assets_root())  # what the app does with REELHOUSE_ASSETS
    pages = build_pages(games["stones"].definition, BET)
    assert _pays(pages, "deer")[5] == (800 * 3, 800 * 3 * 10)
    assert _pays(build_pages(load_game("stones").definition, BET), "deer")[5] == (750 * 3, 750 * 3 * 10)


def test_stones_counted_from_the_definition_and_lines_drawn_from_it():
    defn = load_game("stones").definition
    counts = {s.key: s.count for s in stone_counts(defn)}
    assert counts == dict(Counter(s.key for s in defn.feature.stones))
    assert sum(counts.values()) == 20 and counts["mult_1"] == 5 and counts["spins_2"] == 2
    lines_page = next(p for p in build_pages(defn, BET) if p.kind == "lines")
    assert [list(s.rows) for s in lines_page.lines] == defn.lines
    assert [s.played for s in lines_page.lines] == [i < 20 for i in range(25)]


def test_cap_and_malfunction_are_stated():
    defn = load_game("stones").definition
    assert cap_text(defn) == "The maximum win from a single game is €250,000.00."
    how = next(p for p in build_pages(defn, BET) if p.kind == "how")
    assert cap_text(defn) in how.paragraphs
    assert "Malfunction voids all pays and plays, and all affected bets are refunded." in how.paragraphs


def test_wild_and_scatter_notes():
    defn = load_game("stones").definition
    assert "except Scatter" in symbol_pays(defn, "wild", BET).notes[0]
    notes = " ".join(symbol_pays(defn, "scatter", BET).notes)
    assert "3 or more Scatter" in notes and "10 Free Spins" in notes


def _frames(st, surface, n=60):
    for _ in range(n):
        st.update(1 / 60)
        st.draw(surface)


@pytest.mark.slow
def test_smoke_paging_and_close(ctx, display):
    st = SceneStack()
    base = Scene()
    st.push(base)
    scene = open_paytable(ctx, st, "stones", BET)
    assert st.top is scene
    _frames(st, display)
    seen = set()
    for _ in range(scene.page_count):
        seen.add(scene.page)
        st.handle(Intent(Act.RIGHT))
        _frames(st, display, 3)
    assert seen == set(range(scene.page_count)) and scene.page == 0  # wraps around
    st.handle(Intent(Act.WHEEL, amount=-1))
    assert scene.page == 1
    st.handle(Intent(Act.LEFT))
    st.handle(Intent(Act.LEFT))
    assert scene.page == scene.page_count - 1
    c = scene.next_btn.rect.center
    st.handle(Intent(Act.POINTER_DOWN, pos=c))
    st.handle(Intent(Act.POINTER_UP, pos=c))
    assert scene.page == 0
    st.handle(Intent(Act.SPIN))  # never reaches the game below: says to close the paytable first
    toast = st.top
    assert isinstance(toast, Toast) and toast.text == "Close this screen first (Esc)"
    st.handle(Intent(Act.PAYTABLE))  # closes it, under the toast
    assert st.scenes == (base, toast)


def test_paytable_in_other_currency(ctx, display):
    ctx.settings.display_currency = "GBP"
    scene = PaytableScene(ctx, "stones", BET)
    scene.draw(display)
    assert any("£" in p for page in scene.pages for p in page.paragraphs)


def test_mini_paytable_opens_beside_the_cell_and_closes_on_click(ctx, display):
    st = SceneStack()
    base = Scene()
    st.push(base)
    cell = pygame.Rect(900, 200, 172, 160)
    mini = MiniPaytable(ctx, "stones", "owl", BET, cell)
    st.push(mini)
    _frames(st, display, 10)
    assert not mini.rect.colliderect(cell) and display.get_rect().contains(mini.rect)
    assert mini.pays.rows[0].coins == 500 * 3
    st.handle(Intent(Act.POINTER_DOWN, pos=(10, 10)))
    assert st.top is mini
    st.handle(Intent(Act.POINTER_UP, pos=(10, 10)))
    assert st.top is base


def test_the_stones_page_counts_stones_not_multipliers(ctx, display):
    """Under "+2 FREE SPINS" the count reads "3 stones", never "× 3" (which reads as a
    multiplier); Spanish has its own plural."""
    from scenes.core.text import draw_text
    from scenes.games.stones import pages

    seen: list[str] = []
    real = pages.draw_text

    def record(surface, font, text, *args, **kwargs):
        seen.append(text)
        return real(surface, font, text, *args, **kwargs)

    pages.draw_text = record
    try:
        for lang, word in (("en", "stone"), ("es", "piedra")):
            ctx.i18n.set_language(lang)
            scene = PaytableScene(ctx, "stones", BET)
            scene.page = next(i for i, p in enumerate(scene.pages) if p.kind == "stones")
            seen.clear()
            scene.draw(display)
            counts = [t for t in seen if re.fullmatch(rf"\d+ {word}s?", t)]
            assert len(counts) == len(stone_counts(ctx.games["stones"].definition))
            assert not any(t.startswith("×") for t in seen)
    finally:
        pages.draw_text = real
    assert draw_text is real


def test_symbol_art_exists_for_every_paying_symbol(assets):
    defn = load_game("stones").definition
    for sym in defn.symbol_ids:
        assert assets.has_image(f"stones/symbols/{sym}")
    for st in stone_counts(defn):
        assert assets.has_image(f"stones/tablet/{st.key}")
    assert shutil is not None
