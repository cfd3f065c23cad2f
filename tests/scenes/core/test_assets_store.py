"""The asset store: loud missing images, quiet missing sounds, caching and derived surfaces."""

from __future__ import annotations

import pygame
import pytest

from scenes.core.assets import AssetStore


def test_missing_image_raises_naming_the_path(synthetic_assets):
    with pytest.raises(FileNotFoundError) as err:
        synthetic_assets.image("nowhere/nothing")
    assert "nowhere/nothing.png" in str(err.value).replace("\\", "/")


def test_missing_sound_is_none(synthetic_assets, audio, caplog):
    assert synthetic_assets.sound("common/does_not_exist") is None
    assert synthetic_assets.sound("common/does_not_exist") is None  # cached; logged once
    assert sum("does_not_exist" in r.getMessage() for r in caplog.records) <= 1


def test_sound_without_mixer_is_none(synthetic_assets):
    if pygame.mixer.get_init():
        pygame.mixer.quit()
    assert synthetic_assets.sound("common/click") is None


def test_images_cached_and_converted(synthetic_assets):
    a = synthetic_assets.image("ui/panel")
    assert synthetic_assets.image("ui/panel") is a
    assert a.get_flags() & pygame.SRCALPHA


def test_image_loaded_before_display_is_converted_after(synthetic_tree):
    root = synthetic_tree
    pygame.display.quit()
    pygame.display.init()
    store = AssetStore(root)
    early = store.image("ui/panel")
    pygame.display.set_mode((1280, 720))
    assert store.image("ui/panel") is not early


def test_derived_surfaces(synthetic_assets):
    s = synthetic_assets
    sc = s.scaled("ui/panel", (200, 50))
    assert sc.get_size() == (200, 50)
    assert s.scaled("ui/panel", (200, 50)) is sc
    nine = s.nine_slice("ui/panel", (300, 120), 24)
    assert nine.get_size() == (300, 120)
    assert s.nine_slice("ui/panel", (300, 120), 24) is nine
    faded = s.nine_slice("ui/panel", (300, 120), 24, alpha=100)
    assert faded.get_at((150, 60)).a == pytest.approx(100, abs=2)
    red = s.tinted("ui/panel", (255, 0, 0))
    assert tuple(red.get_at((5, 5)))[:3] == pytest.approx((90, 0, 0), abs=3)  # smoothscale rounds down
    assert s.tinted("ui/panel", (255, 0, 0)) is red


def test_fonts(synthetic_assets):
    f = synthetic_assets.font("display", 30)
    assert synthetic_assets.font("display", 30) is f
    with pytest.raises(ValueError):
        synthetic_assets.font("comic", 12)


def test_path(synthetic_assets):
    assert synthetic_assets.path("fonts", "text.ttf").is_file()


def test_preload_queue_loads_one_per_pump(synthetic_assets, caplog):
    s = synthetic_assets
    s.queue_preload(["ui/panel", "ui/icon_plus", "ui/missing_one", "ui/panel"])
    assert s.preload_pending == 3
    assert s.pump_preload() == 1
    assert "ui/panel" in s._images
    s.pump_preload(5)
    assert s.preload_pending == 0
    assert any("missing_one" in r.getMessage() for r in caplog.records)


def test_prefetched_files_are_the_files_pixels(synthetic_tree):
    """A file decoded ahead on the worker threads is the file as `file_surface` loads it; a
    missing one still raises naming its path when asked for; asking twice decodes once."""
    early, plain = AssetStore(synthetic_tree), AssetStore(synthetic_tree)
    early.prefetch(["ui/panel", "ui/panel", "nowhere/nothing"])
    got, want = early.file_surface("ui/panel"), plain.file_surface("ui/panel")
    assert got.get_size() == want.get_size()
    assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")
    assert early.file_surface("ui/panel") is got
    with pytest.raises(FileNotFoundError, match="nothing"):
        early.file_surface("nowhere/nothing")


def test_prefetched_scaled_art_is_the_scaled_art(synthetic_tree):
    """An image decoded and scaled ahead for the window's density is pixel for pixel what
    `scaled` makes from the file; one made for another density is left unused."""
    for density in (0.78125, 1.0, 1.25):
        early, plain = AssetStore(synthetic_tree, density), AssetStore(synthetic_tree, density)
        early.prefetch([("ui/panel", (50, 30))], density)
        got, want = early.scaled("ui/panel", (50, 30)).surf, plain.scaled("ui/panel", (50, 30)).surf
        assert got.get_size() == want.get_size()
        assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")
    other = AssetStore(synthetic_tree, 1.0)
    other.prefetch([("ui/panel", (50, 30))], 2.0)
    assert other.scaled("ui/panel", (50, 30)).surf.get_size() == (50, 30)


@pytest.mark.slow
def test_the_reels_first_frame_finds_its_big_art_prefetched(assets, tmp_path):
    """`first_images` names what the reels' stage scales for its first frame (the composed
    stage, the wild cover, the symbols, their stacks, the extras) at the sizes it asks for, and
    nothing it does not."""
    from game.definitions import load_definition
    from game.paths import asset_path
    from scenes.core.i18n import Translator, locale_dir
    from scenes.presentation import presentation_of
    from scenes.reels.stage import Stage, first_images

    for gid in ("stones", "warlords", "tombraider"):
        defn = load_definition(asset_path("games", gid, "game.toml")).definition
        store = AssetStore(asset_path())
        asked: list[tuple[str, tuple[int, int]]] = []
        real = store.scaled

        def spy(rel: str, size, real=real, asked=asked):
            if (rel, tuple(size)) not in asked:
                asked.append((rel, tuple(size)))
            return real(rel, size)

        store.scaled = spy  # type: ignore[method-assign]
        pres = presentation_of(defn)
        Stage(store, gid, defn, pres, Translator("en", locale_dir(asset_path())))
        listed = first_images(store, gid, defn, pres.art)
        game_files = [item for item in asked if item[0].startswith(f"{gid}/")]
        assert set(listed) == set(game_files), gid


def test_art_with_words_has_a_file_per_language(display):
    """Every `<name>.<lang>.png` has its English `<name>.png` at the same size; in Spanish the
    store shows the Spanish file, and switching back shows the English one again."""
    from game.paths import asset_path

    images = asset_path("images")
    variants = sorted(images.rglob("*.es.png"))
    assert len(variants) >= 19  # the tablets, the wilds, the warlords' name plates, a lobby tile
    for path in variants:
        base = path.with_name(path.name.replace(".es.png", ".png"))
        assert base.is_file(), path
        assert pygame.image.load(str(path)).get_size() == pygame.image.load(str(base)).get_size(), path
    store = AssetStore(asset_path())
    english = pygame.image.tobytes(store.image("stones/tablet/spins_3").surf, "RGBA")
    plain = store.image("stones/tablet/closed")
    assert store.set_language("es") and not store.set_language("es")
    spanish = pygame.image.tobytes(store.image("stones/tablet/spins_3").surf, "RGBA")
    assert spanish != english
    assert store.image("stones/tablet/closed") is plain  # no words, nothing reloaded
    store.set_language("en")
    assert pygame.image.tobytes(store.image("stones/tablet/spins_3").surf, "RGBA") == english
