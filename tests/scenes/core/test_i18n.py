"""Translation layer: complete catalogs, matching format fields, fallbacks, live switching, formats."""

from __future__ import annotations

import ast
import json
import logging
from pathlib import Path

import pytest

from game.paths import asset_path
from scenes.core.i18n import (
    Translator,
    catalog_collision,
    catalog_files,
    format_fields,
    load_catalog,
    load_catalogs,
)

LOCALE = asset_path("locale")
SCENES = Path(__file__).resolve().parents[3] / "scenes"


def _catalog(lang: str) -> dict:
    """The shared catalog and every game's own, merged (no msgid is in two of them)."""
    out: dict = {}
    for path in catalog_files(LOCALE, lang):
        data = json.loads(path.read_text(encoding="utf-8"))
        out.update({k: v for k, v in data.items() if k})
    return out


def test_the_shipped_catalogs_do_not_collide_and_every_game_has_its_own():
    assert catalog_collision(LOCALE) is None
    games = sorted(p.parent.name for p in LOCALE.parent.glob("games/*/game.toml"))
    for lang in ("en", "es"):
        own = [p.parent.parent.name for p in catalog_files(LOCALE, lang)[1:]]
        assert own == games, lang
        assert load_catalogs(LOCALE, lang) == _catalog(lang)


def _tree(tmp_path: Path, game: dict[str, str], shared: dict[str, str] | None = None) -> Path:
    """An assets tree with a shared Spanish catalog and game `relic`'s own."""
    locale = tmp_path / "locale"
    own = tmp_path / "games" / "relic" / "locale"
    own.mkdir(parents=True)
    locale.mkdir()
    (locale / "es.json").write_text(json.dumps(shared or {"SPIN": "GIRAR"}), encoding="utf-8")
    (own / "es.json").write_text(json.dumps(game), encoding="utf-8")
    return locale


def test_a_games_own_catalog_is_merged_with_the_shared_one(tmp_path):
    locale = _tree(tmp_path, {"GEMS": "GEMAS"})
    tr = Translator("es", locale)
    assert (tr.gettext("SPIN"), tr.gettext("GEMS")) == ("GIRAR", "GEMAS")
    assert catalog_collision(locale) is None


def test_a_msgid_defined_twice_names_both_files(tmp_path, caplog):
    locale = _tree(tmp_path, {"SPIN": "TIRAR", "GEMS": "GEMAS"})
    said = catalog_collision(locale)
    own = tmp_path / "games" / "relic" / "locale" / "es.json"
    assert said == f"{own}: 'SPIN': already defined in {locale / 'es.json'}"
    with caplog.at_level(logging.ERROR, logger="scenes.core.i18n"):
        assert Translator("es", locale).gettext("SPIN") == "GIRAR"  # the shared one is kept
    assert any("collide" in r.message for r in caplog.records)


def test_start_up_refuses_colliding_catalogs(tmp_path, monkeypatch):
    """bootstrap stops with the collision (exit 2) before the data folder is touched."""
    from scenes.app import app
    from scenes.core.exits import EXIT_DATA

    _tree(tmp_path, {"SPIN": "TIRAR"})
    monkeypatch.setattr(app, "load_all_games", lambda root: {"x": object()})
    monkeypatch.setattr(app, "shown_games", lambda games: games)
    monkeypatch.setattr(app, "verify_at_start", lambda root, games, options: (None, [], None))
    monkeypatch.setattr(app, "missing_art", lambda root, games: None)
    monkeypatch.setattr(app, "assets_root", lambda: tmp_path)
    options = app.LaunchOptions(data_dir=tmp_path / "data")
    with pytest.raises(app.StartupError) as err:
        app.bootstrap(options)
    assert err.value.code == EXIT_DATA and "'SPIN': already defined in" in str(err.value)
    assert not (tmp_path / "data").exists()


def _forms(value) -> list[str]:
    return value if isinstance(value, list) else [value]


def test_spanish_covers_every_english_msgid_with_the_same_format_fields():
    en, es = _catalog("en"), _catalog("es")
    assert len(en) > 100
    missing = [k for k in en if k not in es]
    assert not missing
    assert not [k for k in es if k not in en], "es.json has msgids en.json does not list"
    for msgid, en_value in en.items():
        es_value = es[msgid]
        assert isinstance(es_value, type(en_value)), msgid
        assert all(f.strip() for f in _forms(es_value)), f"empty Spanish for {msgid!r}"
        en_forms, es_forms = _forms(en_value), _forms(es_value)
        assert len(en_forms) == len(es_forms), msgid
        for a, b in zip(en_forms, es_forms, strict=True):
            assert format_fields(a) == format_fields(b), (msgid, b)
    # English entries are the msgids themselves (or their plural pair)
    assert all(_forms(v)[0] == k for k, v in en.items())


PREFIXES = ("T_", "TEXT_", "MSG_", "TIP_")
NOT_TEXT = {"\u2014"}  # a dash shown for "none" is the same in every language


def _player_strings() -> dict[str, str]:
    """Module-level player-facing constants (T_*, TEXT_*, MSG_*, TIP_*: a string, a tuple of
    strings or a dict of strings) in every scene module → where they come from."""
    found: dict[str, str] = {}
    for path in sorted(SCENES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            target = node.targets[0]
            if not isinstance(target, ast.Name) or not target.id.startswith(PREFIXES):
                continue
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                continue
            values = value.values() if isinstance(value, dict) else value
            values = [value] if isinstance(value, str) else list(values)
            for text in values:
                if isinstance(text, str) and text not in NOT_TEXT:
                    found.setdefault(text, f"{path.name}:{target.id}")
    return found


@pytest.mark.slow
def test_every_player_facing_constant_in_the_scenes_has_a_msgid():
    """New player-facing text must be added to assets/locale/en.json and es.json."""
    en = _catalog("en")
    strings = _player_strings()
    assert "LINES" in strings and "SETTINGS" in strings
    missing = sorted(f"{where}: {text!r}" for text, where in strings.items() if text not in en)
    assert not missing, missing


def test_fallback_to_msgid_is_logged_once(caplog, tmp_path):
    (tmp_path / "en.json").write_text("{}", encoding="utf-8")
    (tmp_path / "es.json").write_text('{"Yes": "Sí"}', encoding="utf-8")
    tr = Translator("es", tmp_path)
    assert tr.gettext("Yes") == "Sí"
    with caplog.at_level(logging.WARNING, logger="scenes.core.i18n"):
        assert tr.gettext("Never translated") == "Never translated"
        assert tr.gettext("Never translated") == "Never translated"
    assert sum("Never translated" in r.message for r in caplog.records) == 1


def test_broken_catalog_falls_back_without_crashing(tmp_path):
    (tmp_path / "es.json").write_bytes(b"\xff{nope")
    assert load_catalog(tmp_path, "es") == {}
    tr = Translator("es", tmp_path)
    assert tr.gettext("SPIN") == "SPIN"
    assert Translator("xx", tmp_path).language == "en"


def test_bad_format_field_in_a_translation_shows_the_template(tmp_path):
    (tmp_path / "es.json").write_text('{"Hi {name}": "Hola {nombre}"}', encoding="utf-8")
    tr = Translator("es", tmp_path)
    assert tr.t("Hi {name}", name="Ana") == "Hola {nombre}"


def test_switch_language_at_once_and_bump_generation():
    tr = Translator("en")
    g = tr.generation
    assert tr.gettext("FREE SPINS") == "FREE SPINS"
    tr.set_language("es")
    assert tr.gettext("FREE SPINS") == "GIROS GRATIS"
    assert tr.generation == g + 1
    tr.set_language("es")
    assert tr.generation == g + 1  # no change, no rebuild
    tr.set_language("en")
    assert tr.gettext("TOTAL WIN") == "TOTAL WIN"


def test_plurals_and_coins():
    tr = Translator("es")
    assert tr.nt("{n} minute", "{n} minutes", 1) == "1 minuto"
    assert tr.nt("{n} minute", "{n} minutes", 5) == "5 minutos"
    assert tr.format_coins(1) == "1 moneda"
    assert tr.format_coins(1234) == "1.234 monedas"
    en = Translator("en")
    assert en.format_coins(1234) == "1,234 coins"
    assert en.ngettext("{n} coin", "{n} coins", 0) == "{n} coins"


def test_grouping_spec_follows_the_language():
    assert Translator("es").t("{coins:,} coins", coins=1234567) == "1.234.567 monedas"
    assert Translator("en").t("You won {coins:,} coins", coins=2500) == "You won 2,500 coins"


@pytest.mark.parametrize(
    ("lang", "cents", "currency", "expected"),
    [
        ("en", 123456, "EUR", "€1,234.56"),
        ("es", 123456, "EUR", "1.234,56\u00a0€"),
        ("en", 5, "GBP", "£0.05"),
        ("es", 100000000, "USD", "1.000.000,00\u00a0$"),
        ("en", -250, "USD", "-$2.50"),
        ("es", -250, "GBP", "-2,50\u00a0£"),
    ],
)
def test_format_money(lang, cents, currency, expected):
    assert Translator(lang).format_money(cents, currency) == expected


def test_format_number_and_duration():
    en, es = Translator("en"), Translator("es")
    assert en.format_number(1234567) == "1,234,567"
    assert es.format_number(9670, 2) == "96,70"
    assert en.format_number(-5, 2) == "-0.05"
    assert en.format_duration(59) == "0 minutes"
    assert en.format_duration(60 * 61) == "1 hour and 1 minute"
    assert es.format_duration(60 * 125) == "2 horas y 5 minutos"
    assert es.format_duration(3600) == "1 hora"


def test_engine_messages_are_translated_from_their_ids():
    """What the engine says comes as a message id with values; nothing is parsed back."""
    from game import messages
    from game.messages import Message, Money
    from scenes.core.settings_store import DAMAGED_MESSAGE

    es = Translator("es", currency=lambda: "GBP")
    out = es.message(Message(DAMAGED_MESSAGE, {"name": "settings.json.damaged-20250101T000000Z"}))
    assert out.startswith("No se pudo leer") and "settings.json.damaged-20250101T000000Z" in out
    voided = es.message(Message(messages.VOIDED, {"amount": Money(125)}))
    assert "1,25\u00a0£" in voided and voided != messages.VOIDED
    cap = es.message(Message(messages.CAP_MONEY, {"amount": Money(25_000_000), "coins": 5_000_000}))
    assert "250.000,00\u00a0£" in cap
    # a stored sentence without values (a void reason) is looked up as it is, never matched
    assert es.translate_text("The game of this round is no longer installed.") != (
        "The game of this round is no longer installed."
    )
    english = Message(messages.FUNDS).english()
    assert es.translate_text(english) == "Saldo insuficiente para esta apuesta."
    filled = messages.OTHER_GAME.format(game="stones")
    assert es.translate_text(filled) == filled  # a sentence with its values filled in stays as it is


def test_the_scenes_hold_no_regular_expression_to_read_sentences_back():
    import scenes.core.i18n as i18n

    assert "re" not in vars(i18n) and not hasattr(Translator, "_template_patterns")


def test_the_context_is_built_with_a_translator_for_the_saved_language(assets, audio, ledger, tmp_path):
    from scenes.app.app import build_context
    from scenes.core.context import LaunchOptions
    from scenes.core.settings_store import Settings

    ctx = build_context(
        LaunchOptions(data_dir=tmp_path),
        assets=assets,
        audio=audio,
        ledger=ledger,
        settings=Settings(language="es"),
    )
    assert isinstance(ctx.i18n, Translator) and ctx.i18n.language == "es"
