"""The line markers and the line cycle (scenes/reels/win_presenter.py): markers never overlap,
whatever the number of lines (Stones' 25, the 30-line games); every line keeps a marker; a game
whose rows have room keeps one at both ends; the wins show all at once only briefly, then one
line at a time."""

from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace

import pygame
import pytest

from game.definitions import load_game
from game.events import Win
from scenes.reels import win_presenter as wp
from scenes.reels.symbol_art import CELL_H

WINDOW = pygame.Rect(210, 110, 860, 450)


def _rects(centres) -> list[pygame.Rect]:
    out = []
    for c in centres:
        if c is not None:
            r = pygame.Rect(0, 0, wp.BADGE_W, wp.BADGE_H)
            r.center = c
            out.append(r)
    return out


@pytest.mark.parametrize("game", ["stones", "warlords", "tombraider"])
def test_markers_never_overlap_and_every_line_keeps_one(game):
    d = load_game(game).definition
    left, right = wp.marker_positions(d.lines, WINDOW, d.rows)
    for side in (left, right):
        rects = _rects(side)
        assert not [(a, b) for a, b in combinations(rects, 2) if a.colliderect(b)]
        for r in rects:  # beside the window, within its height
            assert WINDOW.top <= r.centery <= WINDOW.bottom
    assert all(a is not None or b is not None for a, b in zip(left, right, strict=True))
    if len(d.lines) > 3 * (CELL_H // wp.BADGE_H):  # crowded: one marker per line, both sides used
        assert all((a is None) != (b is None) for a, b in zip(left, right, strict=True))
        assert any(a is not None for a in left) and any(b is not None for b in right)


def test_a_game_with_room_keeps_both_markers_of_every_line():
    lines = [[0] * 5, [1] * 5, [2] * 5, [0, 1, 2, 1, 0], [2, 1, 0, 1, 2]]
    left, right = wp.marker_positions(lines, WINDOW, 3)
    assert None not in left and None not in right


def test_a_crowded_row_is_what_the_old_layout_overlapped():
    """The check can fail: both markers of 30 lines beside 3 rows of 150 px overlap."""
    d = load_game("warlords").definition
    row_of = [ln[0] for ln in d.lines]
    members = [i for i, r in enumerate(row_of) if r == 0]
    step = CELL_H / len(members)
    assert step < wp.BADGE_H


def test_all_lines_flash_briefly_then_one_line_at_a_time():
    assert wp.ALL_TIME <= 1.0
    p = wp.WinPresenter.__new__(wp.WinPresenter)
    p.tr = None
    p.clear()
    wins = [Win(kind="line", line=n, symbol="A", count=3, coins=5, positions=[(0, 0)]) for n in (3, 7, 12)]
    p.present(SimpleNamespace(wins=wins))
    assert p.lit_lines() == {3, 7, 12}
    shown = []
    for _ in range(round((wp.ALL_TIME + 3 * wp.EACH_TIME) * 60) + 2):
        p.update(1 / 60)
        if p.phase == "cycle":
            assert len(p.lit_lines()) == 1
            shown.append(next(iter(p.lit_lines())))
    assert p.phase == "cycle" and shown[0] == 3 and set(shown) == {3, 7, 12}
