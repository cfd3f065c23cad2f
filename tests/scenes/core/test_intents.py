"""Intents at the edge: SDL events become device-independent intents."""

from __future__ import annotations

import pygame

from scenes.core.intents import Act, Intent, IntentMapper


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_keys_map_to_acts():
    m = IntentMapper()
    assert m.map(key(pygame.K_SPACE)) == Intent(Act.SPIN)
    assert m.map(key(pygame.K_ESCAPE)) == Intent(Act.BACK)
    assert m.map(key(pygame.K_RETURN)) == Intent(Act.CONFIRM)
    assert m.map(key(pygame.K_F11)) == Intent(Act.FULLSCREEN)
    assert m.map(key(pygame.K_m)) == Intent(Act.MUTE)
    assert m.map(key(pygame.K_F5)) == Intent(Act.ANY_KEY)


def test_space_to_spin_setting():
    m = IntentMapper(space_spins=False)
    assert m.map(key(pygame.K_SPACE)) == Intent(Act.ANY_KEY)
    m.space_spins = True
    assert m.map(key(pygame.K_SPACE)) == Intent(Act.SPIN)


def test_custom_bindings():
    m = IntentMapper(keys={pygame.K_q: Act.SPIN})
    assert m.map(key(pygame.K_q)) == Intent(Act.SPIN)
    assert m.map(key(pygame.K_SPACE)) == Intent(Act.ANY_KEY)


def test_mouse_and_window_events():
    m = IntentMapper()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 20))
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(11, 21))
    right = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(10, 20))
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(1, 1), buttons=(0, 0, 0))
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    assert m.map(down) == Intent(Act.POINTER_DOWN, pos=(10, 20))
    assert m.map(up) == Intent(Act.POINTER_UP, pos=(11, 21))
    assert m.map(right) is None
    assert m.map(move) == Intent(Act.POINTER_MOVE, pos=(5, 6))
    assert m.map(wheel) == Intent(Act.WHEEL, amount=-2)
    assert m.map(pygame.event.Event(pygame.QUIT)) == Intent(Act.QUIT)
    assert m.map(pygame.event.Event(pygame.WINDOWFOCUSLOST)) is None
