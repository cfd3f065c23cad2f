"""Tomb Raider's bonus scenes as bonus scenes (`scenes.reels.bonus`): their style — dark leather
and bronze, gold figures, over a location's scenery or the map — and their money strip.

The strip (`QuestHud`) is the shared `BonusHud` with the quest's own figures: the balance comes
from the round player's band (so it is the reels' own, and a replay's band, knowing no balance,
leaves it out), then what the scene names — the pot, the pots banked, the round's win so far —
given in coins and shown as coins and money at the bet's coin value, composed once per change as
every bonus strip is (`BonusHud.draw`).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.games.tombraider.art import CREAM, GOLD, INK, SOFT
from scenes.reels.bonus import T_BALANCE, BonusHud, BonusStyle

Figures = Callable[[], list[tuple[str, int]]]  # (label msgid, coins) of each plaque after BALANCE


def tomb_style(backdrop: str) -> BonusStyle:
    """The quest's look: leather plaques with a bronze edge and brass studs, gold figures."""
    return BonusStyle(
        backdrop=backdrop,
        face_top=(50, 34, 22),
        face_bottom=(20, 12, 8),
        edge=(214, 160, 80),
        accent=(255, 196, 110),
        label=SOFT,
        value=GOLD,
        title=GOLD,
        title_outline=INK,
        text=CREAM,
        vignette=170,
    )


def scenery(assets, location: str | None) -> str:
    """The image behind a scene at `location` (its scenery, else the free spins' backdrop)."""
    name = f"tombraider/locations/{location}"
    return name if location and assets.has_image(name) else "tombraider/background_free"


class QuestHud(BonusHud):
    """The money strip of the world map and the Shoot-out (see the module docstring)."""

    def __init__(self, band, bet, style: BonusStyle, rect: pygame.Rect, figures: Figures) -> None:
        super().__init__(band, bet, style, rect)
        self._figures = figures

    def figures(self) -> list[tuple[str, int]]:
        cv = self.bet.coin_value_cents if self.bet is not None else 1
        out: list[tuple[str, int]] = []
        balance = self.band.shown_balance_cents(cv) if self.band is not None else None
        if balance is not None:
            out.append((T_BALANCE, balance))
        out.extend((label, coins * cv) for label, coins in self._figures())
        return out
