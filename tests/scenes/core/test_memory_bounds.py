"""What a long session renders stays bounded (issue: a 5,000-round autoplay grew past 250 MB).

Counters and amounts render a new string every round. The shared caches are LRUs bounded in
pixel bytes as well as entries, and a button keeps its own few looks, so a counting label
never fills the shared cache. The decoded files are bounded too, and so are the reels' pulse
steps and composed columns; the lobby lets its layers go while a game covers it, the HUD its
composed pictures while a bonus scene covers the reels; the win lines are kept run-length
encoded. (The soak itself, RSS over 5,000 rounds, is `make soak`; the bench's peak RSS is in
docs/scenes.md.)
"""

from __future__ import annotations

import pygame
import pytest

from scenes.core.canvas import Canvas, ScaledFont
from scenes.core.text import TextCache
from scenes.widgets.button import LOOKS_KEPT, Button


def test_derived_surfaces_stay_within_their_byte_budget(synthetic_assets):
    assets = synthetic_assets
    assets.derived_budget = 2_000_000
    for i in range(400):  # 400 x 40 KB = 16 MB asked for
        assets.derived(("counter", i), lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
        assert assets.derived_bytes <= assets.derived_budget + 40_000
    assert assets.derived_bytes == sum(s.get_pitch() * s.get_height() for s in assets._derived.values())
    kept = assets.derived(("counter", 399), lambda: pygame.Surface((1, 1)))
    assert kept.get_size() == (100, 100)  # the newest is still cached
    assets.forget_derived()
    assert assets.derived_bytes == 0


@pytest.mark.slow
def test_rendered_text_stays_within_its_byte_budget(display):
    cache = TextCache(capacity=10_000, budget=300_000)
    font = ScaledFont(pygame.font.Font(None, 40), 1.0, 40)  # texts at 1 px per logical px
    for balance in range(1_000):
        cache.get(font, f"€{balance:,}.00", (255, 255, 255), True, 2, (0, 0, 0))
        assert cache.bytes <= cache.budget + 60_000
    assert 0 < len(cache) < 1_000
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0


def test_a_counting_button_keeps_a_few_looks_and_leaves_the_shared_cache_alone(display, assets):
    button = Button(pygame.Rect(0, 0, 116, 42), label="AUTO 1000", icon="icon_autoplay")
    button.draw(display, assets)
    shared = len(assets._derived)
    for n in range(999, 900, -1):
        button.label = f"AUTO {n}"
        button.draw(display, assets)
    assert len(button._looks) == LOOKS_KEPT
    assert len(assets._derived) == shared  # the plate and icon, not one per label


@pytest.mark.slow
def test_the_byte_budgets_grow_with_the_density(display):
    """A 1920×1080 window's pictures hold 2.25× the bytes: the budgets follow, or the reels'
    working set would be rebuilt frame after frame."""
    cache = TextCache(capacity=10_000, budget=300_000)
    font = ScaledFont(pygame.font.Font(None, 60), 1.5, 40)
    for balance in range(1_000):
        cache.get(font, f"€{balance:,}.00", (255, 255, 255), True, 2, (0, 0, 0))
    assert 300_000 < cache.bytes <= 300_000 * 1.5**2 + 60_000


def test_decoded_files_stay_within_their_byte_budget(synthetic_assets, synthetic_tree):
    """Files beyond the budget are let go least recently used first (with the image made from
    each), and one still in use (asked for each frame) stays."""
    from scenes.core.assets import surface_bytes

    assets = synthetic_assets
    art = synthetic_tree / "images" / "art"
    art.mkdir()
    for i in range(12):  # 12 x 360 KB
        pygame.image.save(pygame.Surface((300, 300), pygame.SRCALPHA), str(art / f"p{i}.png"))
    assets.files_budget = 2_000_000
    assets.image("art/p0")
    for i in range(1, 12):
        assets.file_surface(f"art/p{i}")
        assets.image("art/p0")  # in use every "frame"
        assert assets.files_bytes <= assets.files_budget + 360_000
    assert assets.files_bytes == sum(surface_bytes(s) for s in assets._files.values())
    assert "art/p0" in assets._files and "art/p1" not in assets._files
    assert "art/p1" not in assets._images
    assert assets.image("art/p1").get_size() == (200, 200)  # decoded again when asked for


def test_a_file_loaded_for_one_composition_is_not_kept(synthetic_assets, synthetic_tree):
    assets = synthetic_assets
    pygame.image.save(pygame.Surface((90, 60)), str(synthetic_tree / "images" / "ui" / "scenery.png"))
    once = assets.file_surface("ui/scenery", keep=False)
    assert once.get_size() == (90, 60)
    assert "ui/scenery" not in assets._files and assets.files_bytes == 0
    with pytest.raises(FileNotFoundError):
        assets.file_surface("ui/nowhere", keep=False)


def test_forgetting_some_kinds_of_derived_surfaces_keeps_the_count_right(synthetic_assets):
    from scenes.core.assets import surface_bytes

    assets = synthetic_assets
    for kind in ("lobby-glint", "reel-art", "lobby-static"):
        for i in range(3):
            assets.derived((kind, i), lambda: Canvas.new((50, 50), 1.0))
    assets.forget_derived("lobby-glint", "lobby-static")
    assert {k[0] for k in assets._derived} == {"reel-art"}
    assert assets.derived_bytes == 3 * surface_bytes(Canvas.new((50, 50), 1.0))


def test_the_reels_keep_the_pulse_steps_of_a_few_symbols(display):
    from scenes.reels.symbol_art import PULSE_KEPT, SYMBOL, SymbolArt

    images = {f"s{i}": Canvas.new((SYMBOL, SYMBOL), 1.0) for i in range(PULSE_KEPT + 4)}
    art = SymbolArt(images)
    for name in images:
        assert len(art.pulse[name]) == 5
    assert len(art.pulse) == PULSE_KEPT
    assert list(art.pulse) == list(images)[-PULSE_KEPT:]  # the latest winners
    assert len(art.pulse["s0"]) == 5  # made again when it wins again


@pytest.mark.slow
def test_the_lobby_lets_its_layers_go_while_a_game_covers_it(ctx, display):
    from scenes.core.stack import Scene, SceneStack
    from scenes.front.lobby import HIDDEN_LET_GO, LobbyScene

    class Overlay(Scene):
        opaque = False

    st = SceneStack()
    lobby = LobbyScene(ctx)
    st.push(lobby)
    for _ in range(90):
        st.update(1 / 60)
        st.draw(display)
        ctx.assets.pump_preload(1)
    ctx.assets.run_deferred()
    assert lobby._rest is not None
    st.push(Overlay())  # the lobby still shows under a menu: kept
    ctx.assets.run_deferred()
    assert lobby._rest is not None
    st.pop()
    st.push(Scene())  # a game's reels: opaque
    ctx.assets.run_deferred()
    assert lobby._rest is None and lobby._glow_copy is None
    assert not [k for k in ctx.assets._derived if k[0] in HIDDEN_LET_GO]
    st.pop()
    ctx.assets.run_deferred()  # shown again: the light sweeps are made again
    assert [k for k in ctx.assets._derived if k[0] == "lobby-glint"]


@pytest.mark.slow
def test_the_win_lines_are_kept_run_length_encoded_and_out_of_the_shared_cache(ctx, display):
    """Every line of a game spans the reel window (3 MB at 1920×1080, a sixth of it showing):
    the presenter keeps its lines and cell frames encoded, ready behind the first frame, and
    draws a spin's lines one by one (no composed layer per set of lines)."""
    from scenes.core.stack import SceneStack
    from scenes.reels.scene import ReelsScene

    st = SceneStack()
    scene = ReelsScene(ctx, "warlords")
    st.push(scene)
    st.update(1 / 60)
    st.draw(display)  # the presenter learns the surface it draws on
    ctx.assets.run_deferred()  # the lines, made and encoded behind the first frame
    p = scene.presenter
    n = len(p.definition.lines)
    assert n == 30
    for i in range(n):
        art, _pos = p._line_art[i]
        assert art.surf.get_flags() & pygame.RLEACCEL
        assert p._frames[i].surf.get_flags() & pygame.RLEACCEL
    assert not [k for k in ctx.assets._derived if k[0] == "win-art" and k[2] in ("line", "frame")]
    assert not hasattr(p, "_layers")
    before = dict(p._kept)
    p.rebuild(p._font, p._badge_art)  # the same density: the same pictures, not made again
    assert all(p._line_art[i][0] is before[k] for i, k in enumerate(k for k in before if k[0] == "line"))
    st.draw(display)


@pytest.mark.slow
def test_the_hud_lets_its_composed_pictures_go_under_a_bonus_scene(ctx, display):
    from scenes.core.stack import Scene, SceneStack
    from scenes.reels.scene import ReelsScene

    class Overlay(Scene):
        opaque = False

    st = SceneStack()
    scene = ReelsScene(ctx, "stones")
    st.push(scene)
    for _ in range(5):
        st.update(1 / 60)
        st.draw(display)
    ctx.assets.run_deferred()
    hud = scene.hud
    assert hud._boxes and hud._scratch is not None
    st.push(Overlay())  # a menu: the reels still show under it, kept
    ctx.assets.run_deferred()
    assert hud._boxes and hud._scratch is not None
    st.pop()
    st.push(Scene())  # a bonus scene: opaque
    ctx.assets.run_deferred()
    assert not hud._boxes and not hud._bands and hud._scratch is None
    st.pop()
    for _ in range(3):
        st.update(1 / 60)
        st.draw(display)
    assert hud._boxes  # composed again when shown
