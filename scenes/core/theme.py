"""The shared rooms' palettes: the colours of text and marks on screen, written once.

Two families, the same warm hues:

- the play screens (the reels, their HUD and band, the paytable, rules, history, replay and
  round detail, the presentation's shared steps): `CREAM` text, `GOLD` titles and amounts,
  `SOFT` secondary text, `DIM` notes (quieter, still 4.5:1 on the panels), `INK` text on gold,
  `TEAL` what stays put (held cells, sticky wilds);
- the lobby and the menus (settings, mixer, reality check, key caps): a shade quieter,
  `MENU_CREAM`, `MENU_GOLD`, `MUTED` (the menus' hints) and `MUTED_LIGHT` (the lobby's and the
  reality check's).

A game's own look lives in its room (`scenes/games/<id>/`), not here.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

# the play screens
CREAM: Colour = (255, 248, 230)
GOLD: Colour = (255, 214, 120)
SOFT: Colour = (214, 190, 140)
DIM: Colour = (182, 174, 160)  # notes and hints: quieter than the text, still 4.5:1
INK: Colour = (18, 12, 10)
TEAL: Colour = (120, 255, 220)

# the lobby and the menus
MENU_CREAM: Colour = (246, 238, 222)
MENU_GOLD: Colour = (246, 206, 120)
MUTED: Colour = (186, 172, 152)
MUTED_LIGHT: Colour = (196, 184, 168)
