"""Navigation by route ids: a room opens another room's screen by its id, never by importing it.

The rooms import one way (`core < widgets < presentation < reels < viewers < menus < games <
front < app`, see docs/scenes.md), yet the reels open the settings, the mixer, the paytable,
the rules, the history and the autoplay dialog, and the reality check returns to the lobby: all
screens of rooms above them. So each such screen has a route id here, the composition root
(`scenes.app.routes`) registers where its opener lives, and a scene asks its context:
`ctx.open(HISTORY, stack, game_id)`. The opener's module is imported on first use, so a screen
nobody opens costs nothing at start-up.

An opener is a function `(ctx, stack, *args, **kwargs)`, the arguments each route takes are
listed below; it pushes its scene onto `stack` (or, for the lobby, pops down to it).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Opener = Callable[..., Any]

SETTINGS = "settings"  # ()
MIXER = "mixer"  # (*, topright=(x, y))
PAYTABLE = "paytable"  # (game_id, bet)
MINI_PAYTABLE = "mini_paytable"  # (game_id, symbol, bet, cell rect)
RULES = "rules"  # (game_id)
HISTORY = "history"  # (game_id)
AUTOPLAY = "autoplay"  # (game_id, config, on_start, *, running=False, on_stop=None)
LOBBY = "lobby"  # (): back to the lobby, everything above it closed


class Routes:
    """route id → its opener, given as "package.module:function" and imported when first opened."""

    def __init__(self) -> None:
        self._targets: dict[str, str] = {}
        self._loaded: dict[str, Opener] = {}

    def register(self, route: str, target: str) -> None:
        """Open `route` with `target` ("package.module:function")."""
        module, sep, name = target.partition(":")
        if not sep or not module or not name:
            raise ValueError(f"route {route!r}: {target!r} is not 'package.module:function'")
        self._targets[route] = target
        self._loaded.pop(route, None)

    def registered(self) -> dict[str, str]:
        """Every route id and its target."""
        return dict(self._targets)

    def opener(self, route: str) -> Opener:
        """The function that opens `route` (LookupError when the app registered none)."""
        found = self._loaded.get(route)
        if found is None:
            try:
                target = self._targets[route]
            except KeyError:
                raise LookupError(f"no screen is registered for route {route!r}") from None
            module, _, name = target.partition(":")
            found = getattr(importlib.import_module(module), name)
            self._loaded[route] = found
        return found
