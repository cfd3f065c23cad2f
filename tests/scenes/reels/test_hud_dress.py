"""Each game's band buttons (AUTO, MAX BET, TOP UP, CONTINUE and SPIN) wear its dress: their
plates are the game's own images (`Dress.button`, `Dress.spin`), drawn from those images, and
every state keeps its label legible (4.5:1 or more against the plate where the label sits)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.definitions import load_game
from game.rng import SeedSource
from scenes.core.stack import SceneStack
from scenes.presentation import presentation_of
from scenes.presentation.dress import BUTTON_STATES, PLAIN
from scenes.reels.scene import ReelsScene
from scenes.widgets.button import DISABLED_LABEL, LABEL_COLOR, Button

GAMES = ("stones", "warlords", "tombraider")
DT = 1 / 60


def luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG relative luminance of sRGB colours (0..255, last axis RGB)."""
    c = rgb.astype(np.float64) / 255.0
    lin = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def contrast(a: float, b: float) -> float:
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("game", GAMES)
def test_the_band_buttons_come_from_the_games_dress(ctx, display, game):
    dress = presentation_of(load_game(game).definition).dress
    assert dress.button != PLAIN.button and dress.spin != PLAIN.spin
    ctx.options.seed = 4
    ctx.seeds = SeedSource(4)
    stack = SceneStack()
    scene = ReelsScene(ctx, game)
    stack.push(scene)
    stack.update(DT)
    hud = scene.hud
    for b in (hud.auto, hud.max_bet, hud.top_up, hud.cont):
        assert b.art == dress.button, b.label
    assert hud.spin.art == dress.spin
    for state in BUTTON_STATES:
        for art in (dress.button, dress.spin):
            assert ctx.assets.has_image(f"{art}_{state}"), f"{art}_{state}"
    # drawn from them: the game's SPIN differs from the house's, pixel for pixel
    own = Button(hud.spin.rect, style="spin", art=dress.spin)
    house = Button(hud.spin.rect, style="spin")
    a, b = display.copy(), display.copy()
    own.draw(a, ctx.assets)
    house.draw(b, ctx.assets)
    assert pygame.image.tobytes(a.surf, "RGB") != pygame.image.tobytes(b.surf, "RGB")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("state", BUTTON_STATES)
def test_every_state_of_a_games_button_keeps_its_label_legible(assets, game, state):
    dress = presentation_of(load_game(game).definition).dress
    img = assets.image(f"{dress.button}_{state}").surf
    rgb = pygame.surfarray.pixels3d(img).transpose(1, 0, 2)  # [y, x]
    alpha = pygame.surfarray.pixels_alpha(img).T
    h, w = alpha.shape
    # where a label sits: the middle of the plate (left and right of it are the rim's corners)
    box = (slice(int(h * 0.3), int(h * 0.7)), slice(int(w * 0.2), int(w * 0.8)))
    assert alpha[box].min() > 200, "the plate is solid under the label"
    face = luminance(rgb[box].reshape(-1, 3))
    brightest = float(np.percentile(face, 95))  # the worst of the background, bar stray specks
    label = DISABLED_LABEL if state == "disabled" else LABEL_COLOR
    ratio = contrast(float(luminance(np.array(label))), brightest)
    assert ratio >= 4.5, f"{game} {state}: {ratio:.2f}:1"
