"""The HUD's composed band and boxes (drawn once per look over the backdrop) are the same pixels
as drawing them piece by piece, and are composed again whenever what they show changes: a new
balance, a language switch, a counting win meter, a locked bet, a hover, a tooltip, STOP, a new
message."""

from __future__ import annotations

import pygame
import pytest

from game.rng import SeedSource
from scenes.core.intents import Act, Intent
from scenes.core.stack import SceneStack
from scenes.reels.hud import RECT_BALANCE, RECT_TOTAL_WIN
from scenes.reels.scene import ReelsScene

DT = 1 / 60


def make(ctx):
    ctx.options.seed = 4
    ctx.seeds = SeedSource(4)
    stack = SceneStack()
    scene = ReelsScene(ctx, "stones")
    stack.push(scene)
    stack.update(DT)
    return scene


def pixels(hud, backdrop, cached: bool) -> bytes:
    surface = backdrop.copy()
    hud.draw(surface, backdrop if cached else None)
    return pygame.image.tobytes(surface.surf, "RGB")


def region(data: bytes, rect: pygame.Rect) -> bytes:
    surf = pygame.image.frombytes(data, (1280, 720), "RGB")
    return pygame.image.tobytes(surf.subsurface(rect), "RGB")


def same(hud, backdrop) -> bytes:
    cached = pixels(hud, backdrop, True)
    assert cached == pixels(hud, backdrop, False)
    return cached


@pytest.mark.slow
def test_composed_boxes_match_and_follow_what_they_show(ctx, display):
    scene = make(ctx)
    hud = scene.hud
    back = scene.stage.backdrop
    first = same(hud, back)
    assert hud._boxes, "the boxes were composed"

    hud.balance_cents += 123_456  # a new balance: the BALANCE box shows it
    after = same(hud, back)
    assert region(after, RECT_BALANCE) != region(first, RECT_BALANCE)

    hud.count_win_to(40, 1.0)  # the win meter counts, then flashes
    for _ in range(30):
        hud.update(DT)
        same(hud, back)
    hud.finish_count()
    hud.win_flash = 1.0
    flashed = same(hud, back)
    assert region(flashed, RECT_TOTAL_WIN) != region(after, RECT_TOTAL_WIN)

    hud.bet_locked = True  # the selectors grey out
    hud.update(DT)
    same(hud, back)
    hud.bet_locked = False
    hud.handle(Intent(Act.POINTER_MOVE, pos=hud.level.plus.rect.center))  # a hover highlight
    for _ in range(20):
        hud.update(DT)
        same(hud, back)

    hud.handle(Intent(Act.POINTER_MOVE, pos=hud.auto.rect.center))  # AUTO's tooltip shows
    for _ in range(50):
        hud.update(DT)
    assert hud.auto.look()[-1], "the tooltip is up"
    same(hud, back)
    hud.spin_mode = "stop"  # SPIN reads STOP
    hud.update(DT)
    stopping = same(hud, back)
    hud.set_message("Good luck!")  # a new message on the message line
    assert same(hud, back) != stopping

    english = same(hud, back)
    ctx.i18n.set_language("es")  # a language switch relabels at once, also from draw
    spanish = same(hud, back)
    assert hud.coin.title == "VALOR DE MONEDA"
    assert region(spanish, hud.coin.rect) != region(english, hud.coin.rect)
    assert region(spanish, RECT_BALANCE) != region(english, RECT_BALANCE)


def test_draw_with_a_backdrop_changes_nothing_shown(ctx, display):
    scene = make(ctx)
    hud = scene.hud
    back = scene.stage.backdrop
    before = (hud.balance_cents, hud.win_shown, hud.lines.value_text, hud._labels)
    for _ in range(3):
        hud.draw(display, back)
    assert before == (hud.balance_cents, hud.win_shown, hud.lines.value_text, hud._labels)
    assert len(hud._boxes) <= 48


def test_the_balance_box_shows_the_coins_you_can_wager(ctx, display):
    # The rules' "COINS displays the number of coins available to wager": the BALANCE box shows the
    # balance in coins of the current coin value (rounded down) and in currency.
    scene = make(ctx)
    hud = scene.hud
    coin = hud.bet.coin_value_cents
    hud.balance_cents = 1_000 * coin + coin - 1
    rect, title, coins, cents, *_ = hud._boxes_shown()[0]
    assert rect == RECT_BALANCE and title == "BALANCE"
    assert coins == 1_000 == hud.balance_cents // coin and cents == hud.balance_cents
