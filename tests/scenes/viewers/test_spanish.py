"""No English left in Spanish: the Spanish catalog, the three rules.es.md texts and every viewer
drawn in Spanish (paytable and rules of each game, the history, a round's detail) never say
"Scatter", "Spin(s)", "Re-spin(s)" or "Free" (Disperso, Giros gratis, Regiros...).

Placeholders ({scatter}) are names, not words, and are left out; the game titles (proper names,
e.g. "Tomb Raider – Secret of the Sword") are not translated and are left out of the screens'
check too.
"""

from __future__ import annotations

import json
import re

import pytest

from game.paths import asset_path
from scenes.core.canvas import Canvas, TextRecorder
from scenes.core.stack import Scene, SceneStack

ENGLISH = re.compile(r"\b(scatters?|spins?|re-?spins?|free)\b", re.IGNORECASE)
GAMES = ("stones", "warlords", "tombraider")


def english_in(text: str) -> list[str]:
    """The English words of `text` (its {stand-ins} left out)."""
    return ENGLISH.findall(re.sub(r"\{[^}]*\}", "", text))


def test_the_detector_finds_english_and_spares_spanish():
    assert english_in("3 Scatters: Free Spins!") == ["Scatters", "Free", "Spins"]
    assert english_in("RE-SPINS") == ["RE-SPINS"] and english_in("Re-spin") == ["Re-spin"]
    assert english_in("{n} × {scatter}: 10 giros gratis, 3 Dispersos, Regiros") == []


def test_the_spanish_catalog_has_no_english_left():
    catalog = json.loads(asset_path("locale/es.json").read_text(encoding="utf-8"))
    bad = {
        key: value
        for key, value in catalog.items()
        for one in (value if isinstance(value, list) else [value])
        if key and isinstance(one, str) and english_in(one)
    }
    assert not bad


@pytest.mark.parametrize("game", GAMES)
def test_the_spanish_rules_have_no_english_left(game):
    text = asset_path(f"games/{game}/rules.es.md").read_text(encoding="utf-8")
    bad = [line for line in text.splitlines() if english_in(line)]
    assert not bad


def _shown_texts(ctx, build) -> list[str]:
    """Every text drawn while `build(stack)` fills a stack and each of its pages is drawn."""
    from scenes.core.intents import Act, Intent

    recorder = TextRecorder()
    Canvas.recorder = recorder
    try:
        st = SceneStack()
        st.push(Scene())
        build(st)
        root = Canvas.new((1280, 720), ctx.assets.density, alpha=False)
        viewer = st.top
        for i in range(viewer.page_count):
            if i:
                st.handle(Intent(Act.RIGHT))
            for _ in range(3):
                st.update(1 / 60)
            st.draw(root)
    finally:
        Canvas.recorder = None
    return list(recorder.rendered)


@pytest.mark.slow
def test_spanish_viewers_show_no_english(ctx):
    """Every page of each game's paytable and rules, the history and a free-spins round's
    detail, drawn in Spanish."""
    from stones_seeds import feature_round_seed

    from game.bets import default_bet
    from scenes.viewers.history import open_history
    from scenes.viewers.paytable import open_paytable
    from scenes.viewers.round_detail import RoundDetailScene
    from scenes.viewers.rules import open_rules
    from tests.support.screens import play_rounds

    ctx.i18n.set_language("es")
    play_rounds(ctx, [1, feature_round_seed()])  # the second: a free-spins round
    titles = {ctx.games[g].definition.name for g in GAMES}
    builders = [
        lambda st: open_history(ctx, st),
        lambda st: st.push(RoundDetailScene(ctx, ctx.ledger.round_detail(2))),
    ]
    for g in GAMES:
        bet = default_bet(ctx.games[g].definition)
        builders.append(lambda st, g=g, bet=bet: open_paytable(ctx, st, g, bet))
        builders.append(lambda st, g=g: open_rules(ctx, st, g))
    found: dict[str, list[str]] = {}
    for build in builders:
        for text in _shown_texts(ctx, build):
            for title in titles:
                text = text.replace(title, "")
            if english_in(text):
                found.setdefault(text, english_in(text))
    assert not found
