"""The world map's data and camera (no display needed to read the map), its ground drawn from the
tiles, and the quest as its events tell it."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.definitions import load_game
from game.events import events_from_json
from game.games.tombraider.events import AdventureEndEvent, AdventureStartEvent, LocationEndEvent
from game.paths import asset_path
from scenes.games.tombraider.quest import Quest
from scenes.games.tombraider.world import (
    MapCamera,
    along,
    arc_points,
    blend_camera,
    clamp_camera,
    load_world,
    render_ground,
)
from scenes.games.tombraider.world_map_layout import location_camera, panel_rect, panel_side, tile_rect

REPO = Path(__file__).resolve().parents[4]
MAP = asset_path("maps", "world.tmx")


@pytest.fixture(scope="module")
def world():
    return load_world(MAP)


def test_the_map_holds_the_games_locations_in_travel_order(world):
    adventure = load_game("tombraider").definition.feature.adventure
    assert world.ids == tuple(loc.id for loc in adventure.locations)
    assert world.size == (1280, 720) and len(world.tiles) == 80 * 45
    for loc, point in zip(world.locations, world.route, strict=True):
        assert loc.contains(point)  # the route runs through every location, in order
        assert loc.title == loc.id.capitalize()  # the paytable and history name them so
    assert world.leg(0) == (world.route[0], world.route[0])
    assert world.leg(2) == (world.route[1], world.route[2])


def test_locations_are_found_in_map_coordinates_through_any_camera(world):
    for cam in (MapCamera((640, 360)), location_camera(world.locations[3]), MapCamera((300, 200), 2.0)):
        cam = clamp_camera(cam, world.size)
        for loc in world.locations:
            screen = cam.to_screen(loc.centre)
            back = cam.to_map(screen)
            assert abs(back[0] - loc.centre[0]) < 1 and abs(back[1] - loc.centre[1]) < 1
            assert world.location_at(back) is loc
        src = cam.source_rect()
        assert src.left >= 0 and src.top >= 0 and src.right <= 1281 and src.bottom <= 721
    assert world.location_at((5.0, 5.0)) is None


def test_a_location_opens_its_panel_on_the_other_half_and_stays_in_view(world):
    for loc in world.locations:
        side = panel_side(loc)
        cam = clamp_camera(location_camera(loc), world.size)
        x, _y = cam.to_screen(loc.centre)
        panel = panel_rect(side)
        assert not panel.collidepoint(x, panel.centery)  # the marker is not under its panel
        for i in range(6):
            assert panel.contains(tile_rect(i, side))
    a, b = MapCamera((640, 360)), clamp_camera(location_camera(world.locations[0]), world.size)
    assert blend_camera(a, b, 0.0).to_map((640, 360)) == pytest.approx(a.to_map((640, 360)))
    assert blend_camera(a, b, 1.0).to_map((640, 360)) == pytest.approx(b.to_map((640, 360)))


def test_the_route_is_travelled_along_its_arc():
    pts = arc_points((0, 0), (100, 0))
    assert pts[0] == (0, 0) and pts[-1] == pytest.approx((100, 0))
    assert along(pts, 0.0) == (0, 0) and along(pts, 1.0) == pytest.approx((100, 0))
    assert along(pts, 0.5)[1] != 0  # bowed, not straight


def test_the_ground_is_every_tile_in_its_place(world, display):
    ground = render_ground(world)
    sheet = pygame.image.load(str(asset_path("maps", "world_tiles.png"))).convert()
    # the shipped tileset is the map cut in 16 px tiles, in order: the ground is the same picture
    for x, y in ((0, 0), (637, 211), (1279, 719), (400, 500), (1100, 90)):
        assert ground.get_at((x, y)) == sheet.get_at((x, y))


@pytest.mark.slow
def test_the_high_density_ground_is_the_same_world_finer(world, display):
    """In a denser window the ground comes from the high-density sheet, tile for tile: 1.5 times
    the map's size, and scaled back down it is the 1 px per map px ground."""
    from scenes.games.tombraider.world import HD_SCALE, ground_scale

    assert ground_scale(world, 1.0) == 1.0 and ground_scale(world, 1.5) == HD_SCALE
    fine = render_ground(world, HD_SCALE)
    assert fine.get_size() == (1920, 1080)
    coarse = pygame.surfarray.array3d(render_ground(world)).astype(int)
    down = pygame.surfarray.array3d(pygame.transform.smoothscale(fine, (1280, 720))).astype(int)
    assert abs(down - coarse).mean() < 6  # the same picture (only antialiasing differs)


def _golden(name: str) -> list:
    data = json.loads((REPO / "tests" / "game" / "golden" / "tombraider.json").read_text())
    return events_from_json(data["cases"][name]["events"])


QUESTS = ["quest_showdown_won", "quest_jackpot", "quest_shootout", "quest_two_traps_end"]


@pytest.mark.parametrize("name", QUESTS)
def test_the_quest_record_follows_its_events(name):
    events = _golden(name)
    start = next(e for e in events if isinstance(e, AdventureStartEvent))
    quest = Quest.start(start)
    for ev in events[events.index(start) :]:
        quest.apply(ev)
        if isinstance(ev, LocationEndEvent):
            assert quest.board.pot == ev.pot_coins and quest.banked == ev.banked_coins
            assert set(quest.board.revealed) | set(quest.board.hidden) == set(range(quest.board.size))
    end = next(e for e in events if isinstance(e, AdventureEndEvent))
    assert quest.end == end and quest.found == end.fragments and quest.won_so_far() == end.win_coins
    assert quest.average_bet_cents() == (start.bet_cents, start.spins)


def test_an_event_of_another_location_is_refused():
    events = _golden("quest_showdown_won")
    start = next(e for e in events if isinstance(e, AdventureStartEvent))
    quest = Quest.start(start)
    reveal = next(e for e in events if e.type == "artefact")
    with pytest.raises(ValueError):
        quest.apply(reveal)  # no location is open yet
