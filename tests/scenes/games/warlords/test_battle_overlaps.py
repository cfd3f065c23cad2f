"""The battle's odds plates never cover a text, at any instant of the battle.

The battle's clock is sampled from the first frame to the last, for two warlords and three, each
winner, at the density of a 1000×700 window, in English and in Spanish. At each instant the frame
is drawn through the text recorder (`scenes.core.canvas.TextRecorder`: every text's glyphs and
place), and every odds plate shown must stay clear of the solid glyphs of every other text (the
title, the key hints, the money strip, the VS, the other plates), and of the names painted on the
warlords' art: on a figure standing whole, and on the pieces of a beaten one as they fly and fall
(a piece's share of the name, turned and squeezed as it is drawn).
"""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from game.definitions import load_game
from game.games.warlords.events import BattleEvent
from scenes.core.canvas import Canvas
from scenes.core.stack import Scene, SceneStack
from scenes.games.warlords import clash
from scenes.games.warlords.battle import FIGURE, NAME, BattleScene, odds_text
from scenes.reels.sound_director import SoundDirector

DENSITY = 0.78125  # a 1000×700 window
SOLID = 160  # glyph coverage counted as solid (as the layout test counts it)
STEP = 1 / 30  # s of the battle's clock between two frames drawn through the recorder
FINE = 1 / 240  # s between two instants at which the names' places are checked
COLOURS = ("scatter_red", "scatter_green", "scatter_blue")


def event(n: int, winner: int) -> BattleEvent:
    contenders = list(COLOURS[:n]) if n == 3 else ["scatter_green", "scatter_blue"]
    scatters = [(k, k % 3, contenders[k % n]) for k in range(n + 1)]
    return BattleEvent(scatters=scatters, contenders=contenders, weights=[1] * n, winner=contenders[winner])


def build(ctx, ev: BattleEvent) -> BattleScene:
    scene = BattleScene(
        ctx.assets, SoundDirector(ctx.audio, "warlords"), load_game("warlords").definition, ev, ctx.i18n,
        on_done=lambda: None,
    )  # fmt: skip
    stack = SceneStack()
    stack.push(Scene())
    stack.push(scene)
    stack.update(1 / 60)
    scene._prepare_more(everything=True)  # every piece cut, as by the rush
    scene.fade.t = scene.fade.seconds
    return scene


def name_points(scene: BattleScene, p: float) -> np.ndarray:
    """Points (logical px, every 2 px) over the letters of every name shown at `p`: on each
    whole figure, and on the flying pieces of the beaten (turned by their tilt, squeezed as they
    tumble, as `BattleScene._draw_shards` draws them)."""
    gx, gy = np.meshgrid(np.arange(NAME.left, NAME.right + 1, 2.0), np.arange(NAME.top, NAME.bottom + 1, 2.0))
    grid = np.stack([gx.ravel(), gy.ravel()], axis=1)  # figure px
    out = []
    for i in range(len(scene.contenders)):
        at = scene._pose(i, p)
        left, top = at.x - FIGURE[0] / 2, at.y - FIGURE[1] / 2
        if at.whole or scene.reduced:
            out.append(grid + np.array([left, top]))
            continue
        if p < clash.T_BREAK:
            continue
        for shard in scene.shards[i]:
            state = clash.shard_at(shard, p - clash.T_BREAK)
            if state is None:
                continue
            dx, dy, face = state
            poly = _inside(grid, shard.points)
            if not poly.any():
                continue
            xs = [q[0] for q in shard.points]
            ys = [q[1] for q in shard.points]
            bx, by = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2  # the piece turns about its box
            rel = grid[poly] - (bx, by)
            a = math.radians(shard.tilt)  # pygame turns a picture counter-clockwise on screen
            rx = rel[:, 0] * math.cos(a) + rel[:, 1] * math.sin(a)
            ry = -rel[:, 0] * math.sin(a) + rel[:, 1] * math.cos(a)
            cx, cy = shard.centre
            out.append(np.stack([left + cx + dx + rx * face, top + cy + dy + ry], axis=1))
    return np.concatenate(out) if out else np.zeros((0, 2))


def _inside(points: np.ndarray, poly) -> np.ndarray:
    """Which `points` lie inside the convex-or-not polygon `poly` (even-odd rule)."""
    x, y = points[:, 0], points[:, 1]
    inside = np.zeros(len(points), bool)
    for (x1, y1), (x2, y2) in zip(poly, (*poly[1:], poly[0]), strict=True):
        crosses = (y1 > y) != (y2 > y)
        with np.errstate(divide="ignore", invalid="ignore"):
            at = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (x < at)
    return inside


def solid_box(mark) -> pygame.Rect | None:
    cov = pygame.surfarray.array_alpha(mark.glyphs) >= SOLID
    xs, ys = np.nonzero(cov.any(axis=1))[0], np.nonzero(cov.any(axis=0))[0]
    if not len(xs):
        return None
    return pygame.Rect(mark.x + xs[0], mark.y + ys[0], xs[-1] - xs[0] + 1, ys[-1] - ys[0] + 1)


def physical(rect: pygame.Rect) -> pygame.Rect:
    k = DENSITY
    return pygame.Rect(
        math.floor(rect.x * k), math.floor(rect.y * k), math.ceil(rect.w * k), math.ceil(rect.h * k)
    )


CASES = [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)]


@pytest.mark.parametrize(("n", "winner"), CASES)
def test_no_odds_plate_covers_a_name_at_any_instant(ctx, display, n, winner):
    scene = build(ctx, event(n, winner))
    p, clear = 0.0, True
    while p <= clash.TOTAL:
        names = name_points(scene, p)
        for i, rect, _ in scene.plate_places(p):
            hit = (
                (names[:, 0] > rect.left)
                & (names[:, 0] < rect.right)
                & (names[:, 1] > rect.top)
                & (names[:, 1] < rect.bottom)
            )
            assert not hit.any(), f"t={p:.3f}: warlord {i}'s odds cover a name at {names[hit][0]}"
            clear = False
        p += FINE
    assert not clear  # the plates were there to check


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize(("n", "winner"), CASES)
def test_no_odds_plate_covers_a_text_at_any_instant(ctx, display, recorder, language, n, winner):
    ctx.assets.set_density(DENSITY)
    ctx.settings.language = language
    ctx.i18n.set_language(language)
    scene = build(ctx, event(n, winner))
    odds = set(range(len(scene.contenders)))
    p = 0.0
    while p <= clash.TOTAL:
        scene.t = p
        root = Canvas.new((1280, 720), DENSITY, alpha=False)
        scene.draw(root)
        marks = root.own_marks() or []
        plates = scene.plate_places(p)
        assert {i for i, _, _ in plates} <= odds
        texts = [(m, solid_box(m)) for m in marks]
        dx, dy = clash.shake(p, scene.reduced)
        boxes = [(i, physical(rect.move(dx, dy))) for i, rect, _ in plates]
        for a, (i, box) in enumerate(boxes):
            assert not any(box.colliderect(other) for _, other in boxes[a + 1 :]), f"t={p:.3f}: odds on odds"
            mine = [
                (abs(solid.centerx - box.centerx) + abs(solid.centery - box.centery), k)
                for k, (mark, solid) in enumerate(texts)
                if solid is not None
                and box.contains(solid)
                and mark.text == odds_text(ctx.i18n, *scene.odds[i])
            ]
            assert mine, f"t={p:.3f}: warlord {i}'s odds not drawn where the scene says"
            own = min(mine)[1]
            for k, (mark, solid) in enumerate(texts):
                if k != own and solid is not None:
                    assert not box.colliderect(solid), f"t={p:.3f}: warlord {i}'s odds over {mark.text!r}"
        p += STEP
