"""The render benchmark's per-game scripts come from each game's presentation package (`BENCH`):
the shipped games' and the test-only Relic's through the same path."""

from __future__ import annotations

import pytest

from game.paths import asset_path
from scenes.app.app import load_all_games
from scenes.app.bench import PLAIN, ReelsPhase, bench_script, bench_seed, default_game
from scenes.presentation.base import BenchScript


def test_every_shipped_game_declares_its_script_in_its_room() -> None:
    import importlib

    games = load_all_games(asset_path())
    for gid in games:
        declared = importlib.import_module(f"scenes.games.{gid}").BENCH
        assert isinstance(declared, BenchScript)
        assert bench_script(gid, games) is declared and bench_script(gid) is declared
        assert bench_seed(gid) == declared.seed
    assert default_game() == sorted(games)[0]
    assert bench_seed(None) == bench_script(default_game()).seed


def test_a_long_script_sets_its_length_and_state() -> None:
    phase = ReelsPhase("x", BenchScript(seed=1, seconds=50.0, state={"spins": 3}))
    assert phase.seconds == 47.0 and phase.state == {"spins": 3}


def test_an_unknown_game_gets_the_plain_script() -> None:
    assert bench_script("no-such-game") is PLAIN


@pytest.fixture
def relic_tree(tmp_path, display, monkeypatch):
    import relicscenes
    from relicscenes.art import build_tree

    from scenes.presentation import unregister_package

    relicscenes.register()
    tree = build_tree(tmp_path / "assets")
    monkeypatch.setenv("REELHOUSE_ASSETS", str(tree))
    yield tree
    unregister_package(relicscenes.FEATURE_TYPE)


def test_the_test_only_game_goes_through_the_same_path(relic_tree) -> None:
    """Relic's bench script is its package's `BENCH`; its words come from its own catalog,
    merged with the shared ones without a collision."""
    import relicscenes
    from relicscenes.presentation import GEMS

    from scenes.core.i18n import Translator, catalog_collision, catalog_files, locale_dir

    assert bench_script("relic") is relicscenes.BENCH
    assert bench_script("relic", load_all_games(relic_tree)) is relicscenes.BENCH
    locale = locale_dir(relic_tree)
    assert relic_tree / "games" / "relic" / "locale" / "es.json" in catalog_files(locale, "es")
    assert catalog_collision(locale) is None
    tr = Translator("es", locale)
    assert tr.t(GEMS, total=3, needed=5) == "Gemas: 3 de 5"
    assert tr.gettext("SPIN") != "SPIN"  # the shared catalog is still there
