"""The bonus scenes' shared parts: the money strip is composed once per change of its figures
(the reels' band counting up, a new language or density), not every frame."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.money import Bet
from scenes.core.canvas import Canvas
from scenes.core.i18n import Translator
from scenes.reels.bonus import BonusHud, BonusStyle


def test_the_strip_is_composed_once_per_change_of_its_figures(assets, display):
    band = SimpleNamespace(win_shown=0, shown_balance_cents=lambda cv: 500_000)
    bet = Bet(lines=25, level=1, coin_value_cents=5)
    hud = BonusHud(band, bet, BonusStyle(backdrop="stones/picker_bg"), pygame.Rect(200, 628, 880, 80))
    tr = Translator("en")
    composed = []
    real = hud._compose

    def counting(*a):
        composed.append(a[1])
        return real(*a)

    hud._compose = counting  # type: ignore[method-assign]
    screen = Canvas.new((1280, 720), assets.density, alpha=False)
    for _ in range(3):
        hud.draw(screen, assets, tr)
    assert len(composed) == 1
    assert composed[0] == (("BALANCE", 500_000), ("BET", 125), ("WIN", 0))
    band.win_shown = 90
    hud.draw(screen, assets, tr)
    hud.draw(screen, assets, tr)
    assert len(composed) == 2 and composed[1][-1] == ("WIN", 450)
    hud.reset()
    hud.draw(screen, assets, tr)
    assert len(composed) == 3
