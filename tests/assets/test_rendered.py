"""The rendered figures (tools/assets/render): the job list is gathered from the games' generator
modules (the driver names no game); every figure the generator lays on a symbol has its committed
render, at its canvas's size and the files' density, transparent around it, small; no render lies
unused; the height field a mask becomes is a bevelled plateau.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import re
import types
from pathlib import Path

import numpy as np
import pygame
import pytest

from tools.assets import games, gfx, kit
from tools.assets.render import jobs

FIGURES = jobs.figures()
MAX_BYTES = 128 * 1024  # a stack (160×480) is three tiles' worth; a tile's render is about 50 KB
MAX_TOTAL = 4 * 1024 * 1024


def test_the_job_list_is_gathered_from_the_games_modules(monkeypatch):
    """Every figure is `<game>/<name>` from a registered game's `render_jobs()`; a game added to
    the registry brings its figures, one without `render_jobs` none."""
    assert {k.split("/")[0] for k in FIGURES} == set(games.ids())
    for g in games.ids():
        own = games.module(g).render_jobs()
        assert {f"{g}/{n}" for n in own} == {k for k in FIGURES if k.startswith(f"{g}/")}
    fig = jobs.Figure(40, 40, lambda h, w: np.zeros((h, w), np.float32), jobs.GOLD)
    relic = types.SimpleNamespace(render_jobs=lambda: {"idol": fig})
    plain = types.SimpleNamespace()
    fake = {"relic": relic, "plain": plain}
    monkeypatch.setattr(games, "ids", lambda: ("relic", "plain"))
    monkeypatch.setattr(games, "module", fake.__getitem__)
    assert jobs.figures() == {"relic/idol": fig}


def test_the_render_driver_names_no_game():
    folder = Path(jobs.__file__).parent
    pattern = re.compile(r"\b(" + "|".join(games.ids()) + r")\b", re.IGNORECASE)
    for path in sorted(folder.glob("*.py")):
        assert not pattern.search(path.read_text(encoding="utf-8")), path.name


@pytest.mark.parametrize("key", sorted(FIGURES))
def test_every_figure_has_its_render(key):
    fig = FIGURES[key]
    path = jobs.OUT / f"{key}.png"
    assert path.is_file(), f"{path} is missing: python -m tools.assets.render.jobs {key}"
    surf = pygame.image.load(str(path))
    assert surf.get_size() == (round(fig.w * kit.DENSITY), round(fig.h * kit.DENSITY))
    assert surf.get_bitsize() == 32
    w, h = surf.get_size()
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert surf.get_at(corner).a == 0
    assert path.stat().st_size <= MAX_BYTES


def test_no_render_lies_unused_and_all_stay_small():
    files = sorted(jobs.OUT.rglob("*.png"))
    keys = {p.relative_to(jobs.OUT).with_suffix("").as_posix() for p in files}
    assert keys == set(FIGURES)
    assert sum(p.stat().st_size for p in files) <= MAX_TOTAL


def test_kit_lays_a_render_over_its_whole_canvas():
    layer = kit.rendered("warlords/samurai", 160, 160)
    assert layer.shape == (160 * kit.SS, 160 * kit.SS, 4)
    assert 0.05 < float(layer[..., 3].mean()) < 0.6  # a figure, not an empty or full square


def test_height_field_is_a_bevelled_plateau():
    n = 40 * kit.SS
    m = gfx.cover(gfx.sd_circle(n, n, n / 2, n / 2, 15 * kit.SS))
    fig = jobs.Figure(40, 40, lambda h, w: m, jobs.GOLD, bevel=3.0, relief=5.0, dome=0.0)
    hf = jobs.height_field(fig, m)
    assert hf[0, 0] == 0.0  # nothing outside the outline
    row = hf[n // 2, n // 2 :]
    assert np.all(np.diff(row) <= 1e-6)  # falls from the middle to the edge
    assert row[0] == pytest.approx(5.0)  # a flat top at `relief` once past the bevel
