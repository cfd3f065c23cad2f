"""Input at the edge: SDL events become intents; scenes never see SDL key codes.

`IntentMapper.map(event)` turns one pygame event into zero or one `Intent`. Key bindings come
from a plain dict (settings can override them). Tab is `Act.NEXT` and Shift+Tab `Act.PREV`
(menus move their keyboard focus with them, `scenes.widgets.focus`). Mouse positions are in logical (1280×720)
coordinates, which pygame.SCALED already provides.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

import pygame


class Act(Enum):
    """What the player means, independent of the device."""

    SPIN = auto()  # start a round, or slam-stop the reels while they spin
    CONFIRM = auto()
    BACK = auto()
    LEFT = auto()
    RIGHT = auto()
    UP = auto()
    DOWN = auto()
    NEXT = auto()  # Tab: the next item of a menu
    PREV = auto()  # Shift+Tab: the previous one
    LINES_UP = auto()
    LINES_DOWN = auto()
    LEVEL_UP = auto()
    LEVEL_DOWN = auto()
    COIN_UP = auto()
    COIN_DOWN = auto()
    MAX_BET = auto()
    AUTOPLAY = auto()
    PAYTABLE = auto()
    RULES = auto()
    SETTINGS = auto()
    HISTORY = auto()
    MUTE = auto()
    FULLSCREEN = auto()
    TURBO = auto()
    QUIT = auto()
    POINTER_DOWN = auto()  # mouse button 1 pressed at `pos`
    POINTER_UP = auto()  # mouse button 1 released at `pos` (a click completes here)
    POINTER_MOVE = auto()  # pointer moved to `pos`
    WHEEL = auto()  # wheel moved by `amount` (positive = up)
    ANY_KEY = auto()  # any other key (e.g. to stop autoplay / skip an intro)


# The keys that ask for something elsewhere (open a screen, change the bet, spin, quick spin): a
# modal screen with no use for one says so in a toast instead of swallowing it silently.
COMMAND_ACTS = frozenset(
    {
        Act.SPIN,
        Act.PAYTABLE,
        Act.RULES,
        Act.HISTORY,
        Act.SETTINGS,
        Act.AUTOPLAY,
        Act.MAX_BET,
        Act.LINES_UP,
        Act.LINES_DOWN,
        Act.LEVEL_UP,
        Act.LEVEL_DOWN,
        Act.COIN_UP,
        Act.COIN_DOWN,
        Act.TURBO,
    }
)


@dataclass(frozen=True, slots=True)
class Intent:
    act: Act
    pos: tuple[int, int] | None = None
    amount: int = 0


DEFAULT_KEYS: dict[int, Act] = {
    pygame.K_SPACE: Act.SPIN,
    pygame.K_RETURN: Act.CONFIRM,
    pygame.K_KP_ENTER: Act.CONFIRM,
    pygame.K_ESCAPE: Act.BACK,
    pygame.K_BACKSPACE: Act.BACK,
    pygame.K_LEFT: Act.LEFT,
    pygame.K_RIGHT: Act.RIGHT,
    pygame.K_UP: Act.UP,
    pygame.K_DOWN: Act.DOWN,
    pygame.K_TAB: Act.NEXT,
    pygame.K_l: Act.LINES_UP,
    pygame.K_k: Act.LINES_DOWN,
    pygame.K_PLUS: Act.LEVEL_UP,
    pygame.K_EQUALS: Act.LEVEL_UP,
    pygame.K_KP_PLUS: Act.LEVEL_UP,
    pygame.K_MINUS: Act.LEVEL_DOWN,
    pygame.K_KP_MINUS: Act.LEVEL_DOWN,
    pygame.K_c: Act.COIN_UP,
    pygame.K_x: Act.COIN_DOWN,
    pygame.K_b: Act.MAX_BET,
    pygame.K_a: Act.AUTOPLAY,
    pygame.K_p: Act.PAYTABLE,
    pygame.K_i: Act.RULES,
    pygame.K_s: Act.SETTINGS,
    pygame.K_h: Act.HISTORY,
    pygame.K_m: Act.MUTE,
    pygame.K_F11: Act.FULLSCREEN,
    pygame.K_t: Act.TURBO,
}


class IntentMapper:
    """Maps pygame events to intents using a key table (defaults overridable)."""

    def __init__(self, keys: dict[int, Act] | None = None, space_spins: bool = True) -> None:
        self.keys = dict(DEFAULT_KEYS if keys is None else keys)
        self.space_spins = space_spins

    def map(self, event: pygame.event.Event) -> Intent | None:
        if event.type == pygame.QUIT:
            return Intent(Act.QUIT)
        if event.type == pygame.KEYDOWN:
            act = self.keys.get(event.key)
            if act is Act.SPIN and not self.space_spins:
                return Intent(Act.ANY_KEY)
            if act is Act.NEXT and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
                return Intent(Act.PREV)
            return Intent(act if act is not None else Act.ANY_KEY)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return Intent(Act.POINTER_DOWN, pos=tuple(event.pos))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return Intent(Act.POINTER_UP, pos=tuple(event.pos))
        if event.type == pygame.MOUSEMOTION:
            return Intent(Act.POINTER_MOVE, pos=tuple(event.pos))
        if event.type == pygame.MOUSEWHEEL:
            return Intent(Act.WHEEL, amount=int(event.y))
        return None
