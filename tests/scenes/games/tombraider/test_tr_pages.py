"""Tomb Raider's words: the rules text agrees with the game data and the par sheet (in English and
Spanish, with the same pages and figures, fitting the panel); the paytable pages come from the
data and lay out in both languages; the history lists every step of a quest."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.bets import default_bet
from game.definitions import load_game
from game.events import events_from_json
from game.money import format_cents
from scenes.games.tombraider import detail, pages
from scenes.viewers.paytable import CONTENT, PaytableScene
from scenes.viewers.paytable_pages import build_pages
from scenes.viewers.rules import load_rules, paginate, parse_rules, rules_path

REPO = Path(__file__).resolve().parents[4]


@pytest.fixture(scope="module")
def defn():
    return load_game("tombraider").definition


def _figures(text: str) -> list[str]:
    body = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    return sorted(re.sub(r"[.,]", "", n) for n in re.findall(r"\d[\d.,]*\d|\d", body))


def _rtp_by_lines() -> dict[int, str]:
    """The exact RTP by number of lines the rules quote (from the shipped figures, which
    tests/game/games/tombraider/test_rtp_lines.py checks against the calculator)."""
    from game.definitions import games_dir
    from game.games.tombraider import rtp_lines

    table = rtp_lines.read(games_dir() / "tombraider", 30)
    assert table is not None
    return {n: f"{100 * table.at(n):.4f}" for n in (1, 10, 20, 30)}


def test_the_par_sheet_document_lists_the_shipped_rtp_at_every_line_count():
    from game.definitions import games_dir
    from game.games.tombraider import rtp_lines

    table = rtp_lines.read(games_dir() / "tombraider", 30)
    assert table is not None
    text = (REPO / "docs" / "math" / "tombraider.md").read_text(encoding="utf-8")
    section = text[text.index("## Other line counts") :]
    rows = dict(re.findall(r"^\| (\d+) \| ([\d.]+) % \|", section, flags=re.M))
    assert {int(n): v for n, v in rows.items()} == {n: f"{100 * r:.4f}" for n, r in enumerate(table.rtp, 1)}


def test_rules_text_states_the_engines_decisions_from_the_data(assets, defn):
    text = rules_path(assets, "tombraider").read_text(encoding="utf-8")
    f = defn.feature
    sm, adv = f.super_mode, f.adventure
    assert f"{defn.rtp_published * 100:.2f} %" in text
    assert f"The maximum win from a single game is {format_cents(defn.cap.max_currency_cents)}." in text
    assert "Malfunction voids all pays and plays, and all affected bets are refunded." in text
    coins = defn.bet.coin_values_cents
    assert f"from {format_cents(coins[0])} to {format_cents(coins[-1])}" in text
    assert f"{len(defn.lines)} bet lines" in text and f"1 to {defn.bet.levels[-1]} coins per line" in text
    assert f"{f.trigger_min} or more Excalibur Keys" in text and f"award {f.free_spins} Free Spins" in text
    assert ", ".join(f"x{m}" for m in f.ladder[1:-1]) + f" and x{f.ladder[-1]}" in text
    assert f"once in {round(sm.out_of / sm.weight)} spins" in text and f"gives {sm.spins} free spins" in text
    counts = sorted(w.value for w in sm.wilds)
    assert f"{counts[0]} to {counts[-1]} positions on reels 2, 3, 4 and 5" in text
    places = [loc.id.capitalize() for loc in adv.locations]
    assert ", ".join(places[:-1]) + f" and {places[-1]}" in text
    values = sorted({w.value for loc in adv.locations for w in loc.bonus})
    assert f"({values[0]} to {values[-1]} × the weighted average bet)" in text
    assert ", ".join(str(w.value) for w in adv.treasure.bonus[:-1]) in text
    jackpots = [f"{j.value:,}" for j in adv.jackpots]
    assert ", ".join(jackpots[:-1]) + f" or {jackpots[-1]} × the weighted average bet per line" in text
    assert f"divided by {len(defn.lines)}" in text
    discs = f.shootout.discs
    assert f"{len(discs)} discs" in text
    assert ", ".join(str(d) for d in discs[:-1]) + f" and {discs[-1]} × the total bet" in text
    # the engine's decisions a player can notice
    for phrase in (
        "rounded down once",
        "when you leave the game, close the app or restart it",
        "If a round reaches the maximum win before its Global Adventure, the stamps are kept",
        "Passports on the Free Spins reels are blank",
        "Winning Excalibur Keys also explode",
        "with 30 bet lines",
    ):
        assert phrase in text, phrase
    for lines, rtp in _rtp_by_lines().items():
        rounded = f"{float(rtp):.2f} %"
        unit = "line" if lines == 1 else "lines"
        assert f"{rounded} with {lines} {unit}" in text, (lines, rounded)


def test_spanish_rules_have_the_same_pages_and_figures_and_fit(assets):
    en, es = rules_path(assets, "tombraider", "en"), rules_path(assets, "tombraider", "es")
    assert es.name == "rules.es.md"
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
    for lang in ("en", "es"):
        for page in paginate(load_rules(assets, "tombraider", lang), font, CONTENT.w - 80, CONTENT.h - 20):
            for t, _, _ in page.lines:
                assert font.size(t)[0] <= CONTENT.w - 80


def test_paytable_pages_come_from_the_data(defn):
    bet = default_bet(defn)
    own = pages.pages(defn, bet)
    assert [p.kind for p in own] == ["free", "super", "passports", "adventure", "jackpot", "rtp_lines"]
    f = defn.feature
    by_kind = {p.kind: p for p in own}
    assert by_kind["free"].items == tuple(f.ladder)
    assert by_kind["jackpot"].items == tuple(sorted(f.shootout.discs, reverse=True))
    assert [values for _, values in by_kind["adventure"].items] == [
        tuple(w.value for w in loc.bonus) for loc in f.adventure.locations
    ]
    assert str(round(f.super_mode.out_of / f.super_mode.weight)) in by_kind["super"].paragraphs[0]
    assert f"{bet.total_coins:,} coins" in by_kind["adventure"].extra["example"]
    notes = {s: pages.symbol_notes(defn, s) for s in ("key", "passport", "portrait", "ace")}
    assert str(f.free_spins) in notes["key"][0] and "Passport" in notes["portrait"][0]
    assert notes["ace"] == [] and "Global Adventure" in notes["passport"][0]
    rtp = by_kind["rtp_lines"]
    assert len(rtp.items) == 30 and rtp.extra["current"] == bet.lines
    figure = rtp.items[bet.lines - 1][1]
    assert f"With your {bet.lines} lines the return to player is {figure} %." in rtp.paragraphs
    every = build_pages(defn, bet)
    assert {"free", "super", "passports", "adventure", "jackpot", "lines"} <= {p.kind for p in every}


def test_the_rtp_page_names_the_players_line_count_and_says_when_the_figures_are_stale(defn, monkeypatch):
    from game.games.tombraider import rtp_lines

    twelve = pages.rtp_page(defn, default_bet(defn).model_copy(update={"lines": 12}))
    table = rtp_lines.read(REPO / "assets" / "games" / "tombraider", 30)
    assert table is not None and twelve.extra["current"] == 12
    assert f"{100 * table.at(12):.2f} %" in twelve.paragraphs[1] and "12 lines" in twelve.paragraphs[1]
    monkeypatch.setattr(rtp_lines, "read", lambda *_: None)
    stale = pages.rtp_page(defn, default_bet(defn))
    assert stale.items == () and stale.paragraphs == (pages.T_RTP_LINES_MISSING,)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_paytable_page_draws(ctx, display, language):
    ctx.i18n.set_language(language)
    defn = ctx.games["tombraider"].definition
    viewer = PaytableScene(ctx, "tombraider", default_bet(defn))
    for i in range(viewer.page_count):
        viewer.page = i
        viewer.draw(display)
    assert viewer.page_count >= 9


def _golden(name: str) -> tuple:
    data = json.loads((REPO / "tests" / "game" / "golden" / "tombraider.json").read_text())
    case = data["cases"][name]
    return case, events_from_json(case["events"])


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["quest_fragment", "quest_two_traps_end", "quest_showdown_won", "quest_jackpot", "quest_shootout"]
)
def test_the_history_lists_every_location_of_a_quest(ctx, name):
    from game.money import Bet

    case, events = _golden(name)
    defn = ctx.games["tombraider"].definition
    b = case["bet"]
    bet = Bet(lines=b["lines"], level=b["level"], coin_value_cents=b["coin_value_cents"])
    steps = detail.detail_steps(events, defn, bet)
    locations = [s for s in steps if s.kind == "location"]
    assert len(locations) == sum(1 for e in events if e.type == "location_start")
    for step in locations:
        loc = step.data
        assert loc.fragment is not None  # every location of a finished quest ends
        assert len(loc.picked) + len(loc.hidden) == loc.size
    texts = [ctx.i18n.say(s.text) for s in steps if s.kind == "text"]
    assert any(t.startswith("GLOBAL ADVENTURE") for t in texts)
    assert any(t.startswith("Global Adventure paid") for t in texts)
    if name == "quest_jackpot":
        assert any(t.startswith("JACKPOT") for t in texts)
