"""The world map of the Global Adventure: the Tiled map's data apart from its pixels.

`load_world(path)` parses `assets/maps/world.tmx` once with pytmx and no image loader (no display
needed) into typed records: the map's size, each location's object (its id is the object's
name, as in the game data; `order` and `title` are properties; its rectangle in map pixels) and
the route, the polyline of the `path` layer through the locations in travel order. Objects are
keyed on their layer's name and their properties (Tiled ≥ 1.9 writes an object's kind as `class`,
which pytmx does not read).

`MapCamera` says where the map is drawn: map pixels → screen pixels and back (`to_screen`,
`to_map`). Clicks and hovers are hit-tested in map coordinates (`WorldMap.location_at`).

`render_ground(world)` draws the tile layers into one opaque surface from the tile placements
the parse recorded (which tileset image, which rectangle of it, where on the map): one image
load and a few thousand blits, after the display mode is set. In a window denser than 1280×720
it draws from the tileset's high-density sheet (`world_tiles_hd.png`, the same world painted at
1.5 px per map px by the asset generator) instead, so the zoomed map stays sharp at 1920×1080.
The scene caches it and scales the part under the camera straight to the screen's pixels.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import pygame

Point = tuple[float, float]
HD_SCALE = 1.5  # px per map px of a tileset's high-density sheet (the art files' density)
HD_SUFFIX = "_hd"


@dataclass(frozen=True, slots=True)
class MapLocation:
    """One stop of the quest on the map (map pixels)."""

    id: str
    title: str
    order: int
    rect: tuple[float, float, float, float]

    @property
    def centre(self) -> Point:
        x, y, w, h = self.rect
        return (x + w / 2, y + h / 2)

    def contains(self, point: Point, slack: float = 0.0) -> bool:
        x, y, w, h = self.rect
        return x - slack <= point[0] <= x + w + slack and y - slack <= point[1] <= y + h + slack


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile of a tile layer: drawn at map pixel (x, y) from `rect` of the tileset `image`."""

    x: int
    y: int
    image: str
    rect: tuple[int, int, int, int]
    flip_x: bool = False
    flip_y: bool = False


@dataclass(frozen=True, slots=True)
class WorldMap:
    """The map's data: its size in pixels, its locations in travel order, the route and the
    ground's tiles (visible tile layers, bottom first)."""

    size: tuple[int, int]
    locations: tuple[MapLocation, ...]
    route: tuple[Point, ...]
    tiles: tuple[Tile, ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(loc.id for loc in self.locations)

    def location(self, location_id: str) -> MapLocation:
        for loc in self.locations:
            if loc.id == location_id:
                return loc
        raise KeyError(location_id)

    def location_at(self, point: Point, slack: float = 8.0) -> MapLocation | None:
        """The location whose object holds `point` (map pixels), if any."""
        for loc in self.locations:
            if loc.contains(point, slack):
                return loc
        return None

    def leg(self, index: int) -> tuple[Point, Point]:
        """The route from location `index - 1` to location `index` (0-based); the first leg
        starts at the first location itself."""
        a = self.route[max(0, index - 1)] if self.route else self.locations[max(0, index - 1)].centre
        b = self.route[index] if index < len(self.route) else self.locations[index].centre
        return a, b


def load_world(path: Path | str) -> WorldMap:
    """Parse the .tmx's object layers (no images, no display); ValueError for a map that lacks
    its locations or whose route does not pass through them in order."""
    import pytmx

    tmx = pytmx.TiledMap(str(path))  # the default loader only records tile names: no pixels
    size = (int(tmx.width * tmx.tilewidth), int(tmx.height * tmx.tileheight))
    layers = {layer.name: layer for layer in tmx.layers if isinstance(layer, pytmx.TiledObjectGroup)}
    if "locations" not in layers:
        raise ValueError(f"{path}: no 'locations' object layer")
    locations = []
    for obj in layers["locations"]:
        props = obj.properties
        if "order" not in props:
            raise ValueError(f"{path}: location {obj.name!r} has no 'order' property")
        locations.append(
            MapLocation(
                id=str(obj.name),
                title=str(props.get("title", obj.name)),
                order=int(props["order"]),
                rect=(float(obj.x), float(obj.y), float(obj.width), float(obj.height)),
            )
        )
    locations.sort(key=lambda loc: loc.order)
    route: tuple[Point, ...] = ()
    for obj in layers.get("path", ()):
        points = getattr(obj, "points", None)  # pytmx sets `points` only on poly objects
        if points:
            route = tuple((float(p.x), float(p.y)) for p in points)
            break
    if route and len(route) != len(locations):
        raise ValueError(f"{path}: the route has {len(route)} points for {len(locations)} locations")
    for loc, point in zip(locations, route, strict=False):
        if not loc.contains(point):
            raise ValueError(f"{path}: the route misses {loc.id}")
    return WorldMap(size, tuple(locations), route, _tiles(tmx))


def _tiles(tmx) -> tuple[Tile, ...]:
    """The visible tile layers' tiles, from what pytmx's default loader records for each gid
    (the tileset image's path, the tile's rectangle in it and its flip flags)."""
    import pytmx

    tw, th = tmx.tilewidth, tmx.tileheight
    out: list[Tile] = []
    for layer in tmx.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        for x, y, gid in layer:
            entry = tmx.images[gid] if gid else None
            if not entry:
                continue
            image, rect, flags = entry[0], entry[1], entry[2] if len(entry) > 2 else None
            out.append(
                Tile(
                    x * tw,
                    y * th,
                    str(image),
                    tuple(int(v) for v in rect),  # type: ignore[arg-type]
                    bool(flags and flags.flipped_horizontally),
                    bool(flags and flags.flipped_vertically),
                )
            )
    return tuple(out)


def arc_points(a: Point, b: Point, bend: float = 0.14, steps: int = 40) -> list[Point]:
    """A gentle arc from `a` to `b` (a quadratic curve bowed by `bend` × the distance), as the
    route is drawn and travelled; `steps` + 1 points."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    # bow to the left of the direction of travel
    cx, cy = mx - dy * bend, my + dx * bend
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (u * u * a[0] + 2 * u * t * cx + t * t * b[0], u * u * a[1] + 2 * u * t * cy + t * t * b[1])
        )
    return out


def along(points: list[Point], t: float) -> Point:
    """The point a fraction `t` (0..1) of the way along a polyline, by length."""
    if len(points) < 2:
        return points[0]
    lengths = [math.dist(p, q) for p, q in itertools.pairwise(points)]
    total = sum(lengths) or 1.0
    goal = max(0.0, min(1.0, t)) * total
    for (p, q), n in zip(itertools.pairwise(points), lengths, strict=False):
        if goal <= n or n == 0:
            k = goal / n if n else 0.0
            return (p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k)
        goal -= n
    return points[-1]


@dataclass(frozen=True, slots=True)
class MapCamera:
    """The map drawn at `zoom` with map point `centre` at the screen's `anchor`."""

    centre: Point
    zoom: float = 1.0
    anchor: Point = (640.0, 360.0)

    def to_screen(self, p: Point) -> tuple[int, int]:
        return (
            round(self.anchor[0] + (p[0] - self.centre[0]) * self.zoom),
            round(self.anchor[1] + (p[1] - self.centre[1]) * self.zoom),
        )

    def to_map(self, pos: tuple[int, int]) -> Point:
        return (
            self.centre[0] + (pos[0] - self.anchor[0]) / self.zoom,
            self.centre[1] + (pos[1] - self.anchor[1]) / self.zoom,
        )

    def source_rect(self, screen: tuple[int, int] = (1280, 720), scale: float = 1.0) -> pygame.Rect:
        """The part of the map that fills a screen of `screen` size, in map pixels × `scale`
        (the pixels of a ground drawn at `scale` px per map px)."""
        w, h = screen[0] / self.zoom, screen[1] / self.zoom
        x = self.centre[0] - self.anchor[0] / self.zoom
        y = self.centre[1] - self.anchor[1] / self.zoom
        return pygame.Rect(round(x * scale), round(y * scale), round(w * scale), round(h * scale))


def clamp_camera(cam: MapCamera, size: tuple[int, int], screen: tuple[int, int] = (1280, 720)) -> MapCamera:
    """The same view moved so that it never shows beyond the map's edges."""
    w, h = screen[0] / cam.zoom, screen[1] / cam.zoom
    left = cam.centre[0] - cam.anchor[0] / cam.zoom
    top = cam.centre[1] - cam.anchor[1] / cam.zoom
    left = min(max(0.0, left), max(0.0, size[0] - w))
    top = min(max(0.0, top), max(0.0, size[1] - h))
    centre = (left + cam.anchor[0] / cam.zoom, top + cam.anchor[1] / cam.zoom)
    return MapCamera(centre, cam.zoom, cam.anchor)


def blend_camera(a: MapCamera, b: MapCamera, t: float) -> MapCamera:
    """Between two views (eased by the caller): the map point at the screen's centre moves in a
    straight line and the zoom geometrically, so the view glides without leaving the map."""
    t = max(0.0, min(1.0, t))
    zoom = a.zoom * (b.zoom / a.zoom) ** t
    ca, cb = a.to_map((640, 360)), b.to_map((640, 360))
    centre = (ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t)
    return MapCamera(centre, zoom, (640.0, 360.0))


def hd_sheet(image: str) -> Path:
    """The high-density sheet beside a tileset image (`world_tiles.png` → `world_tiles_hd.png`):
    the same world painted at HD_SCALE px per map px, tile for tile."""
    p = Path(image)
    return p.with_name(f"{p.stem}{HD_SUFFIX}{p.suffix}")


def ground_scale(world: WorldMap, density: float) -> float:
    """The px per map px to draw the ground at for a window of `density`: HD_SCALE when the
    window is denser than 1280×720 and every tileset has its high-density sheet, else 1."""
    if density <= 1.0:
        return 1.0
    return HD_SCALE if all(hd_sheet(t.image).is_file() for t in world.tiles) else 1.0


def render_ground(world: WorldMap, scale: float = 1.0) -> pygame.Surface:
    """The ground's tiles drawn into one opaque surface of the map's size × `scale` (after
    set_mode): at 1 from the tileset image, as Tiled draws it; at HD_SCALE from its
    high-density sheet (`hd_sheet`), each tile's rectangle and place scaled alike."""
    k = scale
    surf = pygame.Surface((round(world.size[0] * k), round(world.size[1] * k)))
    sheets: dict[str, pygame.Surface] = {}
    blits: list[
        tuple[pygame.Surface, tuple[int, int]] | tuple[pygame.Surface, tuple[int, int], pygame.Rect]
    ] = []
    for tile in world.tiles:
        sheet = sheets.get(tile.image)
        if sheet is None:
            path = tile.image if k == 1.0 else str(hd_sheet(tile.image))
            sheet = sheets[tile.image] = pygame.image.load(path)
        x, y, w, h = tile.rect
        rect = pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))
        at = (round(tile.x * k), round(tile.y * k))
        if tile.flip_x or tile.flip_y:
            part = pygame.transform.flip(sheet.subsurface(rect), tile.flip_x, tile.flip_y)
            blits.append((part, at))
        else:
            blits.append((sheet, at, rect))
    surf.blits(blits, doreturn=False)
    return surf.convert() if pygame.display.get_surface() is not None else surf
