"""The Global Adventure world map: a painted parchment world cut into 16 px tiles, written as a
Tiled map (`assets/maps/world.tmx`, orthogonal, CSV) with its tileset image
(`assets/maps/world_tiles.png`), an object layer `locations` (one object per location, in
travel order) and an object layer `path` (one polyline through the five locations in order).

pytmx refuses a custom property called `name` (it clashes with the object's own `name`
attribute and raises "Reserved names ... are not allowed"), so each location's id lives in the
object's standard Tiled `name` attribute (`obj.name`), its order in the int property `order`
and its display title in the string property `title`.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

import numpy as np

from tools.assets import gfx, kit
from tools.assets.gfx import F

W, H = 1280, 720
MAP_W, MAP_H = W, H  # the map in map px (1 px per logical px at zoom 1)
HD_SCALE = 1.5  # px per map px of the high-density sheet (the files' density, docs/assets.md)
HD_SHEET = "world_tiles_hd.png"
"""The world painted again at HD_SCALE: the tileset image is at 1 px per map px, as Tiled draws
it; the app draws the ground from this sheet in windows denser than 1280×720 (`render_ground`)."""
TILE = 16
COLS, ROWS = W // TILE, H // TILE

# Location id, title, (longitude, latitude) of the city.
LOCATIONS = [
    ("london", "London", (-0.1, 51.5)),
    ("ghana", "Ghana", (-0.2, 5.6)),
    ("cambodia", "Cambodia", (104.9, 11.6)),
    ("peru", "Peru", (-77.0, -12.0)),
    ("tokyo", "Tokyo", (139.7, 35.7)),
]

# Coarse continent outlines (longitude, latitude): a stylised treasure-map world.
LAND = [
    [
        (-168, 66),
        (-160, 70),
        (-140, 70),
        (-125, 70),
        (-95, 72),
        (-80, 73),
        (-65, 62),
        (-60, 55),
        (-53, 47),
        (-66, 44),
        (-70, 41),
        (-76, 35),
        (-81, 31),
        (-80, 25),
        (-82, 28),
        (-84, 30),
        (-90, 29),
        (-97, 27),
        (-97, 22),
        (-92, 18),
        (-87, 21),
        (-88, 15),
        (-83, 10),
        (-78, 8),
        (-80, 7),
        (-86, 12),
        (-92, 14),
        (-105, 20),
        (-110, 24),
        (-112, 30),
        (-115, 30),
        (-110, 23),
        (-117, 32),
        (-124, 40),
        (-124, 48),
        (-130, 55),
        (-140, 60),
        (-150, 60),
        (-158, 56),
        (-165, 60),
    ],
    [(-55, 60), (-42, 60), (-20, 70), (-18, 80), (-40, 83), (-65, 80), (-72, 78), (-55, 70)],
    [
        (-78, 8),
        (-72, 12),
        (-62, 10),
        (-52, 5),
        (-35, -5),
        (-38, -13),
        (-40, -22),
        (-48, -27),
        (-53, -34),
        (-58, -38),
        (-65, -42),
        (-68, -52),
        (-72, -54),
        (-75, -48),
        (-73, -38),
        (-71, -30),
        (-70, -18),
        (-76, -14),
        (-81, -6),
        (-80, 0),
        (-77, 4),
    ],
    [
        (-10, 36),
        (-9, 43),
        (-2, 44),
        (-5, 48),
        (2, 51),
        (5, 53),
        (8, 57),
        (12, 56),
        (10, 59),
        (5, 62),
        (15, 69),
        (28, 71),
        (40, 67),
        (45, 68),
        (60, 70),
        (70, 73),
        (80, 73),
        (100, 78),
        (115, 74),
        (140, 72),
        (160, 70),
        (178, 69),
        (178, 65),
        (170, 60),
        (160, 55),
        (157, 51),
        (140, 53),
        (135, 44),
        (128, 39),
        (127, 35),
        (122, 40),
        (122, 31),
        (120, 24),
        (110, 20),
        (108, 12),
        (105, 9),
        (100, 14),
        (99, 8),
        (104, 2),
        (100, 3),
        (98, 9),
        (94, 17),
        (90, 22),
        (86, 20),
        (80, 15),
        (78, 8),
        (73, 18),
        (72, 22),
        (67, 25),
        (57, 26),
        (55, 22),
        (59, 22),
        (52, 16),
        (44, 13),
        (35, 28),
        (33, 31),
        (35, 36),
        (28, 37),
        (26, 40),
        (23, 36),
        (20, 40),
        (16, 38),
        (18, 42),
        (12, 44),
        (14, 41),
        (8, 44),
        (3, 43),
        (-2, 37),
    ],
    [
        (-17, 21),
        (-17, 15),
        (-12, 8),
        (-8, 4),
        (0, 5),
        (8, 4),
        (9, 1),
        (13, -5),
        (12, -17),
        (15, -27),
        (18, -34),
        (25, -34),
        (33, -26),
        (35, -18),
        (40, -10),
        (40, -2),
        (51, 11),
        (43, 12),
        (38, 18),
        (33, 28),
        (32, 31),
        (20, 32),
        (11, 37),
        (0, 36),
        (-6, 36),
        (-10, 30),
        (-14, 27),
    ],
    [
        (114, -22),
        (122, -18),
        (130, -12),
        (137, -12),
        (142, -11),
        (146, -19),
        (153, -26),
        (150, -37),
        (141, -38),
        (135, -34),
        (129, -31),
        (115, -34),
    ],
    [(130, 31), (135, 34), (140, 35), (142, 40), (141, 45), (145, 44), (140, 41), (136, 36), (131, 34)],
    [(-5, 50), (1, 51), (2, 53), (-1, 55), (-2, 57), (-5, 58), (-6, 56), (-3, 54), (-5, 52)],
    [(95, 5), (106, -6), (104, -5), (98, 1)],
    [(109, 1), (117, 7), (119, 0), (116, -4), (110, -3)],
    [(131, -1), (141, -3), (150, -10), (141, -9)],
    [(172, -34), (178, -38), (174, -41), (167, -46), (170, -46), (175, -40)],
    [(44, -25), (47, -25), (50, -15), (49, -12), (44, -16)],
    [(-24, 65), (-14, 66), (-14, 64), (-22, 63)],
]


def project(lon: float, lat: float) -> tuple[float, float]:
    """Equirectangular, centred on 10°E, latitudes 82°N..58°S, onto the 1280×720 map."""
    x = (lon - 10 + 180) / 360 * W
    y = (82 - lat) / 140 * H
    return x, y


def paint_world(k: float = 1.0) -> np.ndarray:
    """The painted world at `k` px per map px: 1 for the Tiled tileset, FILE_DENSITY (1.5) for
    the sheet the app draws the ground from at high density (`HD_SHEET`). Every length is in map
    px times `k`, and the noise is a lattice per map px, so both show the same world."""
    h, w = round(MAP_H * k), round(MAP_W * k)
    out = gfx.empty(h, w)
    x, y = gfx.grid(h, w)
    n = gfx.value_noise(h, w, 90 * k, 801, 5)
    sd: np.ndarray = np.full((h, w), np.inf, F)
    for poly in LAND:
        sd = np.minimum(sd, gfx.sd_polygon(h, w, [tuple(c * k for c in project(*p)) for p in poly]))
    # wobble the coasts a little so they look hand drawn
    sd = sd + (gfx.value_noise(h, w, 14 * k, 802, 3) - 0.5) * 5 * k
    land = gfx.cover(sd)
    sea = gfx.ramp(
        0.35 + 0.4 * n - 0.15 * np.clip(sd / (120 * k), 0, 1),
        [(0, "#1a3a44"), (0.5, "#2e6470"), (1, "#5a9a9a")],
    )
    # concentric coastal ripples
    ripple = sum(gfx.cover(np.abs(sd - d * k) - 0.6 * k) * (1 - d / 40) for d in (8, 16, 26))
    sea = sea * (1 - 0.3 * np.clip(ripple, 0, 1))[..., None]
    parch = gfx.ramp(
        0.3 + 0.55 * n + 0.15 * np.clip(-sd / (60 * k), 0, 1),
        [(0, "#8a6a3a"), (0.5, "#c8a66a"), (1, "#f0dcaa")],
    )
    hf = gfx.bevel_height(sd, 10 * k) * 6 * k + gfx.value_noise(h, w, 12 * k, 803, 4) * 2.5 * k
    parch = gfx.lit(parch, hf, strength=0.5, ambient=0.6, spec_k=0.05)
    col = sea * (1 - land[..., None]) + parch * land[..., None]
    # ink coastline
    coast = gfx.cover(np.abs(sd) - 0.9 * k)
    col = col * (1 - 0.75 * coast[..., None]) + gfx.rgb((40, 24, 10)) * 0.75 * coast[..., None]
    # graticule
    grat = np.zeros((h, w), F)
    for lon in range(-180, 181, 30):
        gx, _ = project(lon, 0)
        grat = np.maximum(grat, gfx.cover(np.abs(x - gx * k) - 0.4 * k))
    for lat in range(-60, 90, 30):
        _, gy = project(0, lat)
        grat = np.maximum(grat, gfx.cover(np.abs(y - gy * k) - 0.4 * k))
    col = col * (1 - 0.18 * grat[..., None])
    out[..., :3] = col
    out[..., 3] = 1
    # compass rose in the South Atlantic
    cm = gfx.place(kit.icon("compass", round(150 * k)), h, w, 470 * k, 590 * k)
    gfx.over(out, gfx.solid(cm, (230, 210, 160), 0.55))
    # parchment border and vignette
    edge = gfx.sd_round_rect(h, w, w / 2, h / 2, w / 2 - 8 * k, h / 2 - 8 * k, 10 * k)
    vign = np.clip(1 + edge / (90 * k), 0, 1)
    gfx.over(out, gfx.solid(vign.astype(F) * 0.55, (30, 16, 4)))
    border = gfx.cover(np.abs(edge + 2 * k) - 2 * k)
    gfx.over(out, gfx.solid(border, (70, 40, 14), 0.9))
    return out


def location_points() -> list[tuple[str, str, float, float]]:
    return [(key, title, *project(*ll)) for key, title, ll in LOCATIONS]


def write_tmx(path: Path, tileset_name: str) -> None:
    gids = np.arange(1, COLS * ROWS + 1).reshape(ROWS, COLS)
    csv = ",\n".join(",".join(str(g) for g in row) for row in gids)
    pts = location_points()
    box = 48
    objs = []
    for i, (key, title, px, py) in enumerate(pts, start=1):
        objs.append(
            f'  <object id="{i}" name={quoteattr(key)} x="{px - box / 2:.1f}" '
            f'y="{py - box / 2:.1f}" width="{box}" height="{box}">\n'
            "   <properties>\n"
            f'    <property name="order" type="int" value="{i}"/>\n'
            f'    <property name="title" value={quoteattr(title)}/>\n'
            "   </properties>\n"
            "  </object>\n"
        )
    x0, y0 = pts[0][2], pts[0][3]
    poly = " ".join(f"{px - x0:.1f},{py - y0:.1f}" for _, _, px, py in pts)
    n = len(pts)
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{COLS}" height="{ROWS}" tilewidth="{TILE}" '
        f'tileheight="{TILE}" infinite="0" nextlayerid="4" nextobjectid="{n + 2}">\n'
        f' <tileset firstgid="1" name="world" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="{COLS * ROWS}" columns="{COLS}">\n'
        f'  <image source="{tileset_name}" width="{W}" height="{H}"/>\n'
        " </tileset>\n"
        f' <layer id="1" name="ground" width="{COLS}" height="{ROWS}">\n'
        f'  <data encoding="csv">\n{csv}\n</data>\n'
        " </layer>\n"
        ' <objectgroup id="2" name="path">\n'
        f'  <object id="{n + 1}" name="route" x="{x0:.1f}" y="{y0:.1f}">\n'
        f'   <polyline points="{poly}"/>\n'
        "  </object>\n"
        " </objectgroup>\n"
        ' <objectgroup id="3" name="locations">\n' + "".join(objs) + " </objectgroup>\n"
        "</map>\n"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(xml)
