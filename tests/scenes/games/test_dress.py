"""Each game's dress (`scenes/games/<id>/dress.py`) is complete: every field set to the game's own
(not the house look's), every tier of the celebration coloured, a known plate shape, and every
image it names generated and decodable at the size the shared code slices it to."""

from __future__ import annotations

import dataclasses

import pytest

from game.definitions import load_game
from scenes.presentation import presentation_of
from scenes.presentation.dress import PLAIN, SHAPES, TIERS, Dress, TierLook

GAMES = ("stones", "warlords", "tombraider")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_wears_a_complete_dress_of_its_own(assets, game):
    dress = presentation_of(load_game(game).definition).dress
    assert isinstance(dress, Dress)
    assert dress is not PLAIN
    for f in dataclasses.fields(Dress):
        value = getattr(dress, f.name)
        assert value is not None, f.name
        if f.name not in ("panel_corner", "plate_corner"):  # a corner may well be the house's
            assert value != getattr(PLAIN, f.name), f"{game}: {f.name} is the house look's"
    assert dress.celebration in SHAPES
    assert set(dress.tiers) == set(TIERS)
    for tier, look in dress.tiers.items():
        assert isinstance(look, TierLook)
        for c in dataclasses.fields(TierLook):
            colour = getattr(look, c.name)
            assert len(colour) == 3 and all(0 <= v <= 255 for v in colour), f"{tier}.{c.name}"
    for name in dress.images():
        assert name.startswith(f"{game}/"), name
        assert assets.has_image(name), f"{name} is not generated"
    # the 9-slices hold their corners; the band covers the band's 1280×160
    w, h = assets.image(dress.panel).get_size()
    assert w >= 2 * dress.panel_corner and h >= 2 * dress.panel_corner
    w, h = assets.image(dress.plate).get_size()
    assert w >= 2 * dress.plate_corner and h >= 2 * dress.plate_corner
    assert assets.image(dress.hud_bar).get_size() == (1280, 160)


def test_the_three_dresses_differ(assets):
    dresses = [presentation_of(load_game(g).definition).dress for g in GAMES]
    assert len({d.celebration for d in dresses}) == 3
    assert len({d.hud_bar for d in dresses}) == 3
    assert len({d.tiers["big"] for d in dresses}) == 3


def test_a_game_without_a_dress_wears_the_house_look():
    from scenes.presentation.base import Presentation

    assert Presentation().dress is PLAIN
    assert PLAIN.celebration in SHAPES and set(PLAIN.tiers) == set(TIERS)
