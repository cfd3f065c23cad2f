"""Rules: rules.md parses into pages that fit, agrees with the game data (RTP, cap, coin values),
carries the disclosures (A1); the About / audit page shows versions and SHA-256 (S1) and the exact
par-sheet RTP; smoke and paging."""

from __future__ import annotations

import hashlib

import pytest

from game import ENGINE_VERSION
from game.definitions import load_game
from game.money import format_cents
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack
from scenes.viewers.paytable import CONTENT
from scenes.viewers.rules import (
    T_ABOUT,
    audit_lines,
    load_rules,
    open_rules,
    paginate,
    parse_rules,
    rules_path,
    wait_exact_rtp,
)


def test_parse_headings_paragraphs_bullets_and_comments():
    text = (
        "# Title\n<!-- hidden\n-->\n## One\n\nA para\ncontinued.\n\n- bullet one\n- bullet\n  two\n"
        "## Two\n\nx\n"
    )
    secs = parse_rules(text)
    assert [s.title for s in secs] == ["One", "Two"]
    assert [(b.text, b.bullet) for b in secs[0].blocks] == [
        ("A para continued.", False),
        ("bullet one", True),
        ("bullet two", True),
    ]


def test_rules_text_agrees_with_the_game_data(assets):
    loaded = load_game("stones")
    defn = loaded.definition
    text = rules_path(assets, "stones").read_text(encoding="utf-8")
    assert f"{defn.rtp_published * 100:.2f} %" in text
    assert f"The maximum win from a single game is {format_cents(defn.cap.max_currency_cents)}." in text
    assert "Malfunction voids all pays and plays, and all affected bets are refunded." in text
    coins = defn.bet.coin_values_cents
    assert f"from {format_cents(coins[0])} to {format_cents(coins[-1])}" in text
    assert f"{len(defn.lines)} bet lines" in text and f"{len(defn.feature.stones)} ancient stones" in text
    assert f"award {defn.feature.free_spins} Free Spins" in text
    for rounds in (10, 25, 50, 100, 250, 500, 1000):
        assert str(rounds) in text


def test_pages_fit_the_panel(assets):
    font = assets.font("text", 21)
    pages = paginate(load_rules(assets, "stones"), font, CONTENT.w - 80, CONTENT.h - 20)
    line_h = font.get_linesize() + 4
    for page in pages:
        height = sum(12 if not t else line_h for t, _, _ in page.lines)
        assert height <= CONTENT.h
        for t, _, _ in page.lines:
            assert font.size(t)[0] <= CONTENT.w - 80
    assert len(pages) >= 8


def test_about_page_versions_sha_and_exact_rtp(ctx):
    loaded = ctx.games["stones"]
    assert loaded.sha256 == hashlib.sha256(loaded.path.read_bytes()).hexdigest()
    exact = wait_exact_rtp(loaded)
    assert isinstance(exact, float) and abs(exact - loaded.definition.rtp_published) < 0.0002
    texts = [t for _, t in audit_lines(ctx, "stones")]
    assert loaded.sha256 in texts
    assert f"Exact RTP of the par sheet: {exact * 100:.4f} %" in texts
    assert "Theoretical return to player: 96.70 %" in texts
    assert "The maximum win from a single game is €250,000.00." in texts
    assert "Malfunction voids all pays and plays, and all affected bets are refunded." in texts
    assert f"Reelhouse version {ctx.version}" in texts and f"Game engine version {ENGINE_VERSION}" in texts


@pytest.mark.slow
def test_smoke_paging_to_about_and_close(ctx, display):
    st = SceneStack()
    base = Scene()
    st.push(base)
    scene = open_rules(ctx, st, "stones")
    for _ in range(60):
        st.update(1 / 60)
        st.draw(display)
    st.handle(Intent(Act.LEFT))  # wraps to the last page: About
    assert scene.page == scene.about_index and scene.page_title(scene.page) == T_ABOUT
    st.draw(display)
    for _ in range(scene.page_count):
        st.handle(Intent(Act.RIGHT))
        st.update(1 / 60)
        st.draw(display)
    st.handle(Intent(Act.RULES))
    assert st.top is base


def _figures(text: str) -> list[str]:
    """Every number in a rules text, with thousands and decimal separators removed."""
    import re

    body = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    return sorted(re.sub(r"[.,]", "", n) for n in re.findall(r"\d[\d.,]*\d|\d", body))


def test_spanish_rules_match_the_english_pages_and_figures(assets):
    en = rules_path(assets, "stones", "en")
    es = rules_path(assets, "stones", "es")
    assert es.name == "rules.es.md" and en.name == "rules.md"
    en_text, es_text = en.read_text(encoding="utf-8"), es.read_text(encoding="utf-8")
    en_secs, es_secs = parse_rules(en_text), parse_rules(es_text)
    assert len(en_secs) == len(es_secs)
    for a, b in zip(en_secs, es_secs, strict=True):
        assert [x.bullet for x in a.blocks] == [x.bullet for x in b.blocks], a.title
    assert _figures(en_text) == _figures(es_text)
    malfunction = (
        "Un mal funcionamiento anula todos los pagos y jugadas, y se reembolsan todas las apuestas afectadas."
    )
    assert malfunction in es_text
    font = assets.font("text", 21)
    for page in paginate(load_rules(assets, "stones", "es"), font, CONTENT.w - 80, CONTENT.h - 20):
        for t, _, _ in page.lines:
            assert font.size(t)[0] <= CONTENT.w - 80


def test_warlords_rules_agree_with_the_game_data(assets):
    defn = load_game("warlords").definition
    f = defn.feature
    text = rules_path(assets, "warlords").read_text(encoding="utf-8")
    assert f"{defn.rtp_published * 100:.2f} %" in text
    assert f"{len(defn.lines)} fixed bet lines" in text
    coins = defn.bet.coin_values_cents
    assert f"from {format_cents(coins[0])} to {format_cents(coins[-1])}" in text
    assert f"The total bet is {defn.bet.coins_per_level} coins per bet level" in text
    assert f"{defn.cap.max_coins_per_level:,} coins multiplied by the bet level" in text
    assert f"{f.barbarian.spins_per_scatter} Free Spins for each Scatter" in text
    assert f"Priestess Free Spins: {f.priestess.spins} Free Spins" in text
    assert f"Samurai Free Spins: {f.samurai.spins} Free Spins" in text
    multiples = sorted(f.final_chance.coin_weights)
    assert ", ".join(map(str, multiples[:-1])) + f" or {multiples[-1]} times the total bet" in text
    pair, single = f.battle.pair_vs_single
    assert f"{round(100 * pair / (pair + single))} % chance" in text
    assert "MAX BET twice" in text and defn.bet.max_bet == "plays_at_top"
    assert "Malfunction voids all pays and plays, and all affected bets are refunded." in text


def test_warlords_spanish_rules_match_the_english_pages_and_figures(assets):
    en_text = rules_path(assets, "warlords", "en").read_text(encoding="utf-8")
    es_text = rules_path(assets, "warlords", "es").read_text(encoding="utf-8")
    en_secs, es_secs = parse_rules(en_text), parse_rules(es_text)
    assert len(en_secs) == len(es_secs)
    for a, b in zip(en_secs, es_secs, strict=True):
        assert [x.bullet for x in a.blocks] == [x.bullet for x in b.blocks], a.title
    assert _figures(en_text) == _figures(es_text)
    font = assets.font("text", 21)
    for language in ("en", "es"):
        for page in paginate(load_rules(assets, "warlords", language), font, CONTENT.w - 80, CONTENT.h - 20):
            for t, _, _ in page.lines:
                assert font.size(t)[0] <= CONTENT.w - 80
