"""Tomb Raider's dress: sandstone and gold (`scenes.presentation.dress`): its HUD band, boxes and
feature plates in sandstone blocks with gold rims, its buttons in sandstone and a lapis SPIN jewel
in gold, and its celebrations on a cartouche."""

from __future__ import annotations

from scenes.presentation.dress import Dress, TierLook

DRESS = Dress(
    hud_bar="tombraider/hud_bar",
    panel="tombraider/panel",
    panel_corner=24,
    plate="tombraider/plate",
    plate_corner=40,
    button="tombraider/button",
    spin="tombraider/spin",
    backing=((78, 58, 36), (36, 26, 16)),
    title=(255, 216, 120),
    title_outline=(72, 36, 4),
    text=(255, 246, 226),
    accent=(255, 214, 120),
    celebration="cartouche",
    tiers={
        "big": TierLook(
            rays=(255, 210, 120),
            plate_top=(150, 114, 70),
            plate_bottom=(80, 56, 30),
            rim=(255, 214, 110),
            title=(255, 236, 160),
            outline=(70, 36, 0),
            gem=(60, 190, 200),
            flash=(255, 226, 160),
        ),
        "mega": TierLook(
            rays=(110, 210, 230),
            plate_top=(24, 74, 110),
            plate_bottom=(8, 28, 50),
            rim=(255, 214, 110),
            title=(255, 238, 170),
            outline=(10, 30, 60),
            gem=(255, 200, 80),
            flash=(170, 230, 255),
        ),
        "epic": TierLook(
            rays=(255, 150, 60),
            plate_top=(150, 56, 20),
            plate_bottom=(64, 20, 4),
            rim=(255, 228, 130),
            title=(255, 246, 206),
            outline=(90, 24, 0),
            gem=(80, 220, 220),
            flash=(255, 200, 140),
        ),
    },
)
