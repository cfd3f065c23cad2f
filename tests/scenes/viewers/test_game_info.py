"""The rules viewer's GAME INFO page: drawn for every game in both languages from the shipped
figures, and "not available" (never another data file's figures) when they are stale."""

from __future__ import annotations

import pytest

from scenes.core.stack import Scene, SceneStack
from scenes.viewers import game_info
from scenes.viewers.game_info import T_INFO, T_NOT_AVAILABLE, info_for
from scenes.viewers.rules import open_rules


def _texts(display, scene, monkeypatch) -> list[str]:
    """Every text the page draws (through the module's `draw_text`)."""
    seen: list[str] = []
    real = game_info.draw_text

    def record(surface, font, text, *args, **kwargs):
        seen.append(text)
        return real(surface, font, text, *args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(game_info, "draw_text", record)
        scene.draw(display)
    return seen


@pytest.mark.parametrize("game", ["stones", "warlords", "tombraider"])
def test_info_page_shows_the_figures_in_both_languages(ctx, display, game, monkeypatch):
    st = SceneStack()
    st.push(Scene())
    scene = open_rules(ctx, st, game)
    scene.page = scene.info_index
    assert scene.page_title(scene.page) == T_INFO
    info = info_for(ctx, game)
    assert info is not None
    for _ in range(30):
        st.update(1 / 60)
    texts = _texts(display, scene, monkeypatch)
    assert f"{info['rtp'] * 100:.2f} %" in texts
    assert f"{info['hit_frequency'] * 100:.2f} %" in texts
    assert game_info.T_CLASSES[info["class"]] in texts
    assert any(t.startswith(f"index {info['vi90']:.1f} (90 %)") for t in texts)
    assert "no win" in texts and "HOW ROUNDS PAY" in texts
    ctx.i18n.set_language("es")
    try:
        texts = _texts(display, scene, monkeypatch)
        assert f"{info['rtp'] * 100:.2f} %".replace(".", ",") in texts
        assert "sin premio" in texts and "VOLATILIDAD" in texts
    finally:
        ctx.i18n.set_language("en")


def test_stale_figures_show_not_available(ctx, display, monkeypatch):
    monkeypatch.setattr(game_info, "_CACHE", {})
    monkeypatch.setattr(game_info, "read_info", lambda path, sha: None)
    st = SceneStack()
    st.push(Scene())
    scene = open_rules(ctx, st, "stones")
    scene.page = scene.info_index
    st.update(1 / 60)
    assert T_NOT_AVAILABLE in _texts(display, scene, monkeypatch)
