"""Secret of the Stones' dress: slate and jade (`scenes.presentation.dress`): its HUD band, boxes and
feature plates carved in slate with jade rims, its buttons in slate and a jade SPIN jewel, and its
celebrations on a stone tablet."""

from __future__ import annotations

from scenes.presentation.dress import Dress, TierLook

DRESS = Dress(
    hud_bar="stones/hud_bar",
    panel="stones/panel",
    panel_corner=24,
    plate="stones/plate",
    plate_corner=40,
    button="stones/button",
    spin="stones/spin",
    backing=((38, 46, 54), (16, 21, 27)),
    title=(150, 240, 196),
    title_outline=(4, 40, 26),
    text=(236, 246, 240),
    accent=(110, 230, 170),
    celebration="tablet",
    tiers={
        "big": TierLook(
            rays=(150, 240, 190),
            plate_top=(70, 84, 96),
            plate_bottom=(26, 32, 40),
            rim=(96, 214, 160),
            title=(190, 255, 220),
            outline=(4, 44, 28),
            gem=(60, 210, 140),
            flash=(160, 255, 210),
        ),
        "mega": TierLook(
            rays=(90, 220, 200),
            plate_top=(20, 86, 70),
            plate_bottom=(6, 34, 30),
            rim=(170, 255, 220),
            title=(236, 255, 200),
            outline=(0, 50, 40),
            gem=(140, 255, 240),
            flash=(140, 255, 230),
        ),
        "epic": TierLook(
            rays=(255, 214, 120),
            plate_top=(34, 40, 46),
            plate_bottom=(8, 10, 14),
            rim=(255, 222, 130),
            title=(255, 240, 190),
            outline=(70, 40, 0),
            gem=(90, 255, 170),
            flash=(255, 236, 170),
        ),
    },
)
