"""Warlords' dress: dark iron and embers (`scenes.presentation.dress`): its HUD band, boxes and feature
plates in riveted iron lit by embers, its buttons in iron and an ember SPIN jewel in a studded ring,
and its celebrations on an iron shield."""

from __future__ import annotations

from scenes.presentation.dress import Dress, TierLook

DRESS = Dress(
    hud_bar="warlords/hud_bar",
    panel="warlords/panel",
    panel_corner=24,
    plate="warlords/plate",
    plate_corner=40,
    button="warlords/button",
    spin="warlords/spin",
    backing=((40, 36, 34), (14, 12, 12)),
    title=(255, 170, 80),
    title_outline=(60, 16, 0),
    text=(246, 236, 224),
    accent=(255, 128, 40),
    celebration="shield",
    tiers={
        "big": TierLook(
            rays=(255, 150, 60),
            plate_top=(74, 68, 64),
            plate_bottom=(26, 22, 20),
            rim=(200, 186, 170),
            title=(255, 200, 110),
            outline=(70, 20, 0),
            gem=(255, 110, 30),
            flash=(255, 170, 90),
        ),
        "mega": TierLook(
            rays=(255, 80, 40),
            plate_top=(110, 24, 14),
            plate_bottom=(40, 6, 4),
            rim=(230, 200, 170),
            title=(255, 226, 150),
            outline=(80, 10, 0),
            gem=(255, 60, 30),
            flash=(255, 130, 80),
        ),
        "epic": TierLook(
            rays=(255, 220, 120),
            plate_top=(60, 52, 48),
            plate_bottom=(14, 10, 8),
            rim=(255, 220, 140),
            title=(255, 246, 200),
            outline=(100, 30, 0),
            gem=(255, 240, 140),
            flash=(255, 220, 150),
        ),
    },
)
