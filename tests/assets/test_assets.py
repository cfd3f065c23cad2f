"""The shipped asset contract: every file the app loads exists, loads headless, has the agreed
size (logical px × the files' density: every image holds 1.5 px per logical px); the frames
leave the reel window clear and carry the line markers' gutters; the world map parses with
pytmx; music loops are long enough; assets/ stays small; and the generator is reproducible (when
its generator-only inputs are installed).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import importlib.util
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.definitions import list_game_ids, load_game
from tools.assets import loudness
from tools.assets.compose import MUSIC_LUFS
from tools.assets.sfx import EFFECT_LUFS

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
IMG = ASSETS / "images"
GAMES = tuple(list_game_ids())
DENSITY = 1.5  # px per logical px of every file under assets/images (scenes.core.assets)
OPAQUE = "jpg"  # full-screen backdrops
LEVEL_TOLERANCE = 1.0  # LU around each target, after Vorbis coding
PEAK_MAX_DB = -0.3  # decoded sample peak: under full scale with a margin

SYMBOLS = {game: list(load_game(game).definition.symbol_ids) for game in GAMES}  # game.toml's
UI_ICONS = [
    "settings",
    "sound",
    "mute",
    "paytable",
    "rules",
    "autoplay",
    "history",
    "plus",
    "minus",
    "left",
    "right",
    "close",
    "back",
    "fullscreen",
]
TABLETS = [
    "closed",
    "hover",
    "spins_2",
    "spins_3",
    "spins_4",
    "spins_5",
    "spins_10",
    "mult_1",
    "mult_2",
    "wild_reel_2",
    "wild_reel_4",
    "wild_deer",
    "wild_owl",
]
LOCATIONS = ["london", "ghana", "cambodia", "peru", "tokyo"]


def _images() -> dict[str, tuple[int, int] | None]:
    """Relative path → exact logical size (None: size only roughly specified)."""
    want: dict[str, tuple[int, int] | None] = {}
    for game in GAMES:
        for sym in SYMBOLS[game]:
            want[f"{game}/symbols/{sym}.png"] = (160, 160)
        want[f"{game}/background.{OPAQUE}"] = (1280, 720)
        want[f"{game}/background_free.{OPAQUE}"] = (1280, 720)
        want[f"{game}/frame.png"] = (1280, 720)
        want[f"{game}/reel_bg.png"] = (860, 450)
        want[f"{game}/logo.png"] = None
        want[f"{game}/tile.png"] = (360, 420)
        want[f"{game}/stage.{OPAQUE}"] = (1280, 720)  # backdrop, reel backing, frame, HUD band
        want[f"{game}/stage_free.{OPAQUE}"] = (1280, 720)
    for w in ("samurai", "priestess", "barbarian"):
        want[f"warlords/symbols/{w}_stack.png"] = (160, 480)
    for t in TABLETS:
        want[f"stones/tablet/{t}.png"] = (120, 120)
    want["stones/wild_reel.png"] = (160, 480)
    want[f"stones/picker_bg.{OPAQUE}"] = (1280, 720)
    for o in ("hammer", "arrow", "sword"):
        want[f"warlords/overlay_{o}.png"] = (160, 160)
    want[f"warlords/battle_bg.{OPAQUE}"] = (1280, 720)
    for loc in LOCATIONS:
        want[f"tombraider/locations/{loc}.{OPAQUE}"] = (1280, 720)
    for a in ("closed", "fragment", "trap", "treasure", "bonus"):
        want[f"tombraider/artefacts/{a}.png"] = (140, 140)
    for d in ("disc_back", "disc_face"):
        want[f"tombraider/discs/{d}.png"] = (120, 120)
    for s in ("normal", "hover", "pressed", "disabled"):
        want[f"ui/button_{s}.png"] = (96, 48)
        want[f"ui/spin_{s}.png"] = (128, 128)
    want["ui/panel.png"] = (96, 96)
    want["ui/hud_bar.png"] = (1280, 160)
    for i in UI_ICONS:
        want[f"ui/icon_{i}.png"] = (48, 48)
    want["ui/line_badge.png"] = (34, 26)
    want["ui/coin.png"] = (48, 48)
    want["ui/particle.png"] = (32, 32)
    want["ui/win_banner.png"] = None
    want["ui/app_icon.png"] = (256, 256)
    want["ui/logo.png"] = None
    want[f"ui/intro_bg.{OPAQUE}"] = (1280, 720)
    want[f"ui/lobby_bg.{OPAQUE}"] = (1280, 720)
    return want


IMAGES = _images()

EFFECTS = [
    f"common/{n}.ogg"
    for n in (
        "spin_loop",
        "reel_stop",
        "anticipation",
        "line_win",
        "win_small",
        "coin_tick",
        "click",
        "reveal",
        "trap",
        "clash",
        "gunshot",
        "fanfare",
        "scatter_land",
        "feature_end",
    )
] + [f"warlords/scatter_{c}.ogg" for c in ("blue", "green", "red")]
STINGS = (
    [f"common/win_{t}.ogg" for t in ("big", "mega", "epic")]
    + ["stones/free_spins_won.ogg"]
    + [
        f"warlords/{n}.ogg"
        for n in (
            "wild_hammer",
            "wild_arrow",
            "wild_sword",
            "battle_start",
            "battle_charge",
            "battle_clash",
            "battle_won",
            "respin",
            "scatter_join",
            "final_coins",
            "final_scatter",
            "free_spins_won_barbarian",
            "free_spins_won_priestess",
            "free_spins_won_samurai",
        )
    ]
    + [
        f"tombraider/{n}.ogg"
        for n in (
            "cascade",
            "ladder_step",
            "super_mode",
            "passport_stamp",
            "adventure_start",
            "fragment",
            "jackpot",
            "disc_hit",
        )
    ]
)
SOUNDS = EFFECTS + STINGS
MUSIC = (
    [f"{g}/music.ogg" for g in GAMES]
    + [
        "common/lobby_music.ogg",
        "stones/free_spins.ogg",
        "tombraider/free_spins.ogg",
        "tombraider/world_map.ogg",
    ]
    + [f"warlords/free_spins_{w}.ogg" for w in ("barbarian", "priestess", "samurai")]
)
FONTS = ["display.ttf", "display_regular.ttf", "text.ttf", "text_bold.ttf"]


@pytest.fixture(scope="module")
def display():
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


@pytest.fixture(scope="module")
def mixer():
    pygame.mixer.init(44100, -16, 2, 512)
    yield
    pygame.mixer.quit()


@pytest.mark.parametrize("rel", sorted(IMAGES))
def test_image_loads_with_size(display, rel):
    path = IMG / rel
    assert path.is_file(), f"missing {path.relative_to(ROOT)}"
    surf = pygame.image.load(str(path)).convert_alpha()
    size = IMAGES[rel]
    if size is not None:
        assert surf.get_size() == (round(size[0] * DENSITY), round(size[1] * DENSITY)), rel


def _logical_size(rel: str) -> tuple[float, float]:
    w, h = pygame.image.load(str(IMG / rel)).get_size()
    return w / DENSITY, h / DENSITY


def test_logo_sizes(display):
    for game in GAMES:
        w, h = _logical_size(f"{game}/logo.png")
        assert 480 <= w <= 560 and 110 <= h <= 150
    w, h = _logical_size("ui/logo.png")
    assert 640 <= w <= 760 and 150 <= h <= 210
    w, h = _logical_size("ui/win_banner.png")
    assert 860 <= w <= 940 and 190 <= h <= 250


def _px(*logical: float) -> list[int]:
    return [round(v * DENSITY) for v in logical]


@pytest.mark.parametrize("game", GAMES)
def test_frame_leaves_reel_window_clear_and_holds_the_markers(display, game):
    """The reel window (210, 92, 860×450) is clear; the line markers' gutters (x 168..206 and
    1074..1112) are part of the frame, so no backdrop shows behind the markers; the marquee
    above the window (x 320..960, y 2..88) and the frame's corners are solid; outside the frame
    the backdrop shows."""
    from scenes.reels.symbol_art import WINDOW

    surf = pygame.image.load(str(IMG / game / "frame.png")).convert_alpha()
    alpha = pygame.surfarray.array_alpha(surf)  # (x, y)
    x0, x1, y0, y1 = _px(WINDOW.left, WINDOW.right, WINDOW.top, WINDOW.bottom)
    assert alpha[x0:x1, y0:y1].max() == 0
    for gx0, gx1 in ((172, 204), (1076, 1108)):
        a, b, c, d = _px(gx0, gx1, WINDOW.top + 4, WINDOW.bottom - 4)
        assert alpha[a:b, c:d].min() == 255, "a gutter must hide the backdrop"
    a, b, c, d = _px(400, 880, 10, 80)
    assert alpha[a:b, c:d].min() == 255, "the marquee"
    a, b, c, d = _px(0, 100, 120, 500)
    assert alpha[a:b, c:d].max() == 0, "the backdrop beside the frame"


@pytest.mark.parametrize("game", GAMES)
def test_symbols_are_rgba_with_transparent_corners(display, game):
    surf = pygame.image.load(str(IMG / game / "symbols" / f"{SYMBOLS[game][0]}.png"))
    surf = surf.convert_alpha()
    assert surf.get_at((0, 0)).a == 0


def test_world_map_parses_without_display():
    import pytmx

    tm = pytmx.TiledMap(str(ASSETS / "maps" / "world.tmx"))
    assert (tm.width * tm.tilewidth, tm.height * tm.tileheight) == (1280, 720)
    assert tm.orientation == "orthogonal"
    locs = list(tm.get_layer_by_name("locations"))
    assert len(locs) == 5
    ordered = sorted(locs, key=lambda o: o.properties["order"])
    assert [o.name for o in ordered] == LOCATIONS
    assert [o.properties["order"] for o in ordered] == [1, 2, 3, 4, 5]
    assert all(o.properties["title"] for o in ordered)
    path = list(tm.get_layer_by_name("path"))
    assert len(path) == 1
    pts = path[0].points
    assert len(pts) == 5
    for p, o in zip(pts, ordered, strict=True):
        cx, cy = o.x + o.width / 2, o.y + o.height / 2
        assert abs(p.x - cx) < 1 and abs(p.y - cy) < 1
    for o in ordered:
        assert o.x >= 0 and o.x + o.width <= 1280 and o.y >= 0 and o.y + o.height <= 720


def test_world_map_loads_with_images(display):
    from pytmx.util_pygame import load_pygame

    tm = load_pygame(str(ASSETS / "maps" / "world.tmx"))
    layer = tm.get_layer_by_name("ground")
    tiles = list(layer.tiles())
    assert len(tiles) == 80 * 45
    assert tiles[0][2].get_size() == (16, 16)


@pytest.mark.slow
@pytest.mark.parametrize("rel", SOUNDS + MUSIC)
def test_sound_loads(mixer, rel):
    path = ASSETS / "sounds" / rel
    assert path.is_file(), f"missing {path.relative_to(ROOT)}"
    assert len(decoded(rel)) / 44100 > 0.03


def test_every_shipped_sound_is_listed():
    shipped = {str(p.relative_to(ASSETS / "sounds")) for p in (ASSETS / "sounds").rglob("*.ogg")}
    assert shipped == set(SOUNDS + MUSIC)


_decoded: dict[str, np.ndarray] = {}


def decoded(rel: str) -> np.ndarray:
    """The file as the app plays it: decoded by the mixer (44.1 kHz stereo), floats in -1..1."""
    if rel not in _decoded:
        snd = pygame.mixer.Sound(str(ASSETS / "sounds" / rel))
        _decoded[rel] = pygame.sndarray.array(snd).astype(np.float64) / 32768.0
    return _decoded[rel]


@pytest.mark.slow
@pytest.mark.parametrize("rel", MUSIC)
def test_music_length_seam_loudness_and_peak(mixer, rel):
    """Each track: stereo, at least 90 s, at the music loudness target without clipping, and
    seamless when looped: the last sample flows into the first (the step across the seam is no
    bigger than the steps inside the music) and the level in the 100 ms either side of the seam
    changes no more than between any two neighbouring 100 ms blocks inside the track (a downbeat
    may start the loop, a cut-off may not)."""
    x = decoded(rel)
    assert x.shape[1] == 2 and not np.array_equal(x[:, 0], x[:, 1]), "music is stereo"
    assert len(x) / 44100 >= 90.0
    assert loudness.peak_db(x) <= PEAK_MAX_DB, "no clipping: peaks stay under full scale"

    step = np.abs(x[0] - x[-1])
    inside = np.percentile(np.abs(np.diff(x, axis=0)), 99.9, axis=0)
    assert np.all(step <= inside), (step, inside)

    y = loudness.k_weight(x)
    assert loudness.integrated(y, prefiltered=True) == pytest.approx(MUSIC_LUFS, abs=LEVEL_TOLERANCE)
    w = 44100 // 10
    energy = np.sum(y * y, axis=1)
    blocks = 10 * np.log10(energy[: len(y) // w * w].reshape(-1, w).mean(axis=1) + 1e-12)
    before = 10 * np.log10(energy[-w:].mean() + 1e-12)
    assert abs(blocks[0] - before) <= np.max(np.abs(np.diff(blocks))), (before, blocks[0])


@pytest.mark.parametrize("rel", SOUNDS)
def test_effect_loudness_and_peak(mixer, rel):
    x = decoded(rel)
    assert loudness.momentary_max(x) == pytest.approx(EFFECT_LUFS, abs=LEVEL_TOLERANCE)
    assert loudness.peak_db(x) <= PEAK_MAX_DB, "no clipping: peaks stay under full scale"


@pytest.mark.parametrize("rel", STINGS)
def test_stings_are_short(mixer, rel):
    assert 0.3 <= len(decoded(rel)) / 44100 <= 4.0


def test_spin_loop_is_short_loop(mixer):
    snd = pygame.mixer.Sound(str(ASSETS / "sounds/common/spin_loop.ogg"))
    assert 1.2 <= snd.get_length() <= 2.0


@pytest.mark.parametrize("name", FONTS)
def test_font_loads(name):
    pygame.font.init()
    f = pygame.font.Font(str(ASSETS / "fonts" / name), 32)
    assert f.size("BIG WIN 1,234.56 €")[0] > 100


def test_font_licences_present():
    assert (ASSETS / "fonts" / "OFL-Cinzel.txt").is_file()
    assert (ASSETS / "fonts" / "OFL-Lato.txt").is_file()


def test_credits_name_every_source():
    text = (ASSETS / "CREDITS.md").read_text()
    for needle in (
        "game-icons.net",
        "Lorc, Delapouite",
        "CC BY 3.0",
        "OpenMoji",
        "CC BY-SA 4.0",
        "Cinzel",
        "Lato",
        "OFL",
    ):
        assert needle in text


def test_assets_total_size_under_40_mb():
    total = sum(p.stat().st_size for p in ASSETS.rglob("*") if p.is_file())
    assert total < 40 * 1024 * 1024, f"assets/ is {total / 1e6:.1f} MB"


@pytest.mark.slow
def test_generator_is_reproducible(tmp_path):
    """Rebuilding the sounds and the map gives byte-identical files (images are checked by
    `python -m tools.assets.make_assets --check`, which takes a few minutes)."""
    if importlib.util.find_spec("soundfile") is None:
        pytest.skip("generator-only packages not installed (pip install -r tools/requirements-assets.txt)")
    from tools.assets import make_assets, sources

    if sources.missing_inputs():
        pytest.skip("generator inputs missing; run make_assets --fetch")
    make_assets.job_map(str(tmp_path))
    from tools.assets import games, sfx
    from tools.assets.oggio import write_ogg
    from tools.assets.stings import STINGS

    made = {**sfx.EFFECTS, **STINGS, **games.sounds()}
    for name in ("common/click", "common/reel_stop", "warlords/scatter_red", "tombraider/passport_stamp"):
        write_ogg(tmp_path / f"{name}.ogg", made[name](), quality=sfx.EFFECT_QUALITY)
        assert (tmp_path / f"{name}.ogg").read_bytes() == (ASSETS / "sounds" / f"{name}.ogg").read_bytes(), (
            name
        )
    for rel in ("assets/maps/world.tmx", "assets/maps/world_tiles.png", "assets/maps/world_tiles_hd.png"):
        assert (tmp_path / rel).read_bytes() == (ROOT / rel).read_bytes(), rel
