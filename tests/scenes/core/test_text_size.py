"""The text size setting: the body text fonts grow by its scale, the display fonts stay; a change
applies at once (composed text is laid out again: the translator's generation, the HUD's caches),
from the settings menu too."""

from __future__ import annotations

import pytest

from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack


def test_body_text_grows_and_titles_stay(ctx, display):
    a = ctx.assets
    base = a.font("text", 20).get_height(), a.font("display", 40).get_height()
    bold_26 = a.font("text_bold", 26).get_height()
    generation = ctx.i18n.generation
    ctx.settings.text_size = "larger"
    ctx.apply_display_settings()
    assert a.text_scale == pytest.approx(1.3) and ctx.i18n.generation == generation + 1
    assert a.font("text", 20).get_height() > base[0]
    assert a.font("text_bold", 20).get_height() == bold_26  # 20 × 1.3
    assert a.font("display", 40).get_height() == base[1]
    ctx.apply_display_settings()  # nothing changed: nothing laid out again
    assert ctx.i18n.generation == generation + 1


def test_the_settings_menu_applies_it_at_once_over_the_reels(ctx, display):
    from scenes.menus.settings_menu import SettingsScene
    from scenes.reels.scene import ReelsScene

    stack = SceneStack()
    stack.push(Scene())
    reels = ReelsScene(ctx, "stones")
    stack.push(reels)
    stack.update(1 / 60)
    stack.draw(display)
    title = reels.hud._fit("text_bold", "BALANCE", 160, 14)
    menu = SettingsScene(ctx)
    stack.push(menu)
    menu.focus = next(i for i, r in enumerate(menu.rows) if r.key == "text_size")
    stack.handle(Intent(Act.RIGHT))
    assert ctx.settings.text_size == "large" and ctx.assets.text_scale == pytest.approx(1.15)
    stack.draw(display)  # the HUD under the menu lays its text out again, in the same frame
    assert reels.hud._fit("text_bold", "BALANCE", 160, 14).get_height() > title.get_height()
    saved = (ctx.settings_path).read_text(encoding="utf-8")
    assert '"text_size": "large"' in saved
