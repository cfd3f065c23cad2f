"""A game's dress: the material and palette its shared screens wear (names no game).

The HUD band, the money boxes and selectors, the feature plates (a feature's intro, the free
spins' summary, the cap, a game's own plates) and the win celebration are drawn by shared code
(`scenes.reels`), which asks the shown game's presentation for its `Dress`
(`Presentation.dress`); each game's data lives in its own room, `scenes/games/<id>/dress.py`.
A game without one wears `PLAIN` (the house look: purple boxes, the ribbon-shaped banner).

Images are names under `assets/images/` (made by the asset generator, tools/assets/dress.py);
colours are RGB. `celebration` is the shape of the celebration's plate, one of `SHAPES`; `tiers`
how each tier (big, mega, epic) looks on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Color = tuple[int, int, int]

SHAPES = ("ribbon", "tablet", "shield", "cartouche")
TIERS = ("big", "mega", "epic")
BUTTON_STATES = ("normal", "hover", "pressed", "disabled")


@dataclass(frozen=True, slots=True)
class TierLook:
    """How one celebration tier looks: its rays, its plate's gradient and rim, its title's
    colours (`title` the lettering's light, `outline` its edge), the plate's gems, and the light
    its flash adds (`flash`)."""

    rays: Color
    plate_top: Color
    plate_bottom: Color
    rim: Color
    title: Color
    outline: Color
    gem: Color
    flash: Color = (255, 236, 180)


PLAIN_TIERS: dict[str, TierLook] = {
    "big": TierLook(
        rays=(255, 206, 110),
        plate_top=(122, 22, 44),
        plate_bottom=(46, 6, 20),
        rim=(250, 206, 110),
        title=(255, 230, 140),
        outline=(84, 34, 0),
        gem=(255, 110, 140),
    ),
    "mega": TierLook(
        rays=(214, 140, 255),
        plate_top=(78, 26, 128),
        plate_bottom=(26, 6, 54),
        rim=(236, 210, 255),
        title=(255, 238, 170),
        outline=(56, 0, 92),
        gem=(150, 230, 255),
    ),
    "epic": TierLook(
        rays=(255, 140, 50),
        plate_top=(158, 46, 6),
        plate_bottom=(62, 12, 0),
        rim=(255, 224, 120),
        title=(255, 246, 206),
        outline=(110, 24, 0),
        gem=(255, 240, 120),
    ),
}


@dataclass(frozen=True, slots=True)
class Dress:
    """The look of one game's shared screens.

    - `hud_bar`: the band under the reels (1280×160), `panel`: the 9-slice of the band's boxes,
      selectors and the game's viewers (`panel_corner` px corners), `plate`: the 9-slice of its
      feature plates (`plate_corner`);
    - `button`, `spin`: the plates of the band's buttons (AUTO, MAX BET, TOP UP, CONTINUE) and of
      the SPIN button, each `<name>_<state>` for every state of `BUTTON_STATES`;
    - `backing`: the opaque colours (top, bottom) under a solid plate's see-through middle;
    - `title`, `title_outline`, `text`: a plate's lettering (title, its edge, the body);
    - `accent`: the material's light (rules, glows);
    - `celebration`: the celebration plate's shape (`SHAPES`), `tiers`: each tier's look.
    """

    hud_bar: str = "ui/hud_bar"
    panel: str = "ui/panel"
    panel_corner: int = 24
    plate: str = "ui/panel"
    plate_corner: int = 24
    button: str = "ui/button"
    spin: str = "ui/spin"
    backing: tuple[Color, Color] = ((24, 17, 32), (12, 9, 18))
    title: Color = (255, 214, 120)
    title_outline: Color = (60, 30, 0)
    text: Color = (255, 248, 230)
    accent: Color = (200, 160, 90)
    celebration: str = "ribbon"
    tiers: dict[str, TierLook] = field(default_factory=lambda: dict(PLAIN_TIERS))

    def images(self) -> list[str]:
        """Every image the dress names (the start-up check and its tests)."""
        return [name for name, _ in self.described_images()]

    def described_images(self) -> list[tuple[str, str]]:
        """(image name, what it shows) of every image the dress names."""
        return [
            (self.hud_bar, "the HUD band"),
            (self.panel, "the boxes' panel"),
            (self.plate, "the feature plate"),
            *((f"{self.button}_{s}", f"the buttons' {s} plate") for s in BUTTON_STATES),
            *((f"{self.spin}_{s}", f"the SPIN button, {s}") for s in BUTTON_STATES),
        ]


PLAIN = Dress()
"""The house look, worn by a game that has no dress of its own (plain line games, test games)."""
