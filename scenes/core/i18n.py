"""The translation layer: catalogs, plural forms, and number / money / time formatting per language.

One `Translator` lives on the app context (`ctx.i18n`, built by `scenes.app.app.build_context`
for the saved language); there is no module-level `_` singleton. Catalogs are JSON files
keyed by the English msgid: a value is either the translated string or, for plural entries, a
list `[one, other]` (English and Spanish share the rule "one when n == 1"). The shared rooms'
words are in `assets/locale/<lang>.json`; a game's own words are in its room,
`assets/games/<id>/locale/<lang>.json`, merged at load (`load_catalogs`). A msgid defined in two
files is refused at start-up naming both (`catalog_collision`). The English catalogs together
list every player-facing msgid; a test checks the Spanish ones cover them with the same format
fields.

Switching language (`set_language`) swaps the catalog at once and bumps `generation`. Nothing
here caches translated text; scenes translate while drawing (the text cache is keyed by the
final string, so a new language simply renders new surfaces). A scene that builds labels once
(e.g. wrapped paragraphs) compares `generation` and rebuilds when it changes. `relayout()` bumps it
too, for a change that moves text without changing a word (the text size setting).

Formatting uses integer minor units only (no floats): `format_money(123456, "EUR")` is
"€1,234.56" in English and "1.234,56 €" in Spanish. Placeholders with a grouping spec, e.g.
`{coins:,}`, follow the language too when formatted through `Translator.t`.
"""

from __future__ import annotations

import json
import logging
import string
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from game.messages import Message, Money
from game.paths import asset_path

log = logging.getLogger(__name__)

# Shown in their own language on purpose: a player who cannot read the current one must still
# find theirs.
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
DEFAULT_LANGUAGE = "en"

CURRENCY_SYMBOLS: dict[str, str] = {"EUR": "€", "GBP": "£", "USD": "$"}

# Per language: (group separator, decimal separator, money symbol goes before the amount)
_NUMBER_STYLE: dict[str, tuple[str, str, bool]] = {
    "en": (",", ".", True),
    "es": (".", ",", False),
}


def locale_dir(assets_root: Path | None = None) -> Path:
    """The catalogs folder: under `assets_root` when it has one, else the bundled one."""
    if assets_root is not None:
        candidate = Path(assets_root) / "locale"
        if candidate.is_dir():
            return candidate
    return asset_path("locale")


def load_catalog(folder: Path, language: str) -> dict[str, str | list[str]]:
    """Read `<folder>/<language>.json`; a missing or broken catalog gives {} and one log line."""
    path = Path(folder) / f"{language}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        log.error("cannot read translation catalog %s: %s", path, exc)
        return {}
    if not isinstance(data, dict):
        log.error("translation catalog %s is not a JSON object", path)
        return {}
    # a comment entry ("": "...") documents the file; it is not a msgid
    return {k: v for k, v in data.items() if k and isinstance(v, str | list)}


def game_catalog_paths(folder: Path, language: str) -> list[Path]:
    """Every game's own catalog for `language` beside the shared `folder` (`<folder>/../games/<id>/
    locale/<language>.json`), sorted by game id."""
    return sorted(Path(folder).parent.glob(f"games/*/locale/{language}.json"))


def catalog_files(folder: Path, language: str) -> list[Path]:
    """The shared catalog and every game's own, the shared one first."""
    return [Path(folder) / f"{language}.json", *game_catalog_paths(folder, language)]


def _merged(folder: Path, language: str) -> tuple[dict[str, str | list[str]], str | None]:
    """The merged catalog, and a sentence naming the first msgid two files define (else None);
    the first file's entry is kept."""
    merged: dict[str, str | list[str]] = {}
    source: dict[str, Path] = {}
    clash: str | None = None
    for path in catalog_files(folder, language):
        if not path.is_file() and path.parent != Path(folder):
            continue
        for key, value in load_catalog(path.parent, language).items():
            if key in merged:
                clash = clash or f"{path}: {key!r}: already defined in {source[key]}"
                continue
            merged[key] = value
            source[key] = path
    return merged, clash


def load_catalogs(folder: Path, language: str) -> dict[str, str | list[str]]:
    """The shared catalog `<folder>/<language>.json` merged with every game's own; a msgid two
    files define keeps the first (logged; start-up refuses it first, `catalog_collision`)."""
    merged, clash = _merged(folder, language)
    if clash:
        log.error("translation catalogs collide: %s", clash)
    return merged


def catalog_collision(folder: Path) -> str | None:
    """`file: msgid: already defined in other file` for the first msgid two catalogs of one
    language define (the shared one and the games' own), else None."""
    for language in LANGUAGES:
        _, clash = _merged(folder, language)
        if clash:
            return clash
    return None


def format_fields(text: str) -> set[str]:
    """The field names used by a format string ("{coins:,} coins" → {"coins"})."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


class _LocaleFormatter(string.Formatter):
    """str.format, except that an integer's `,` grouping uses the language's separators."""

    def __init__(self, group: str, decimal: str) -> None:
        super().__init__()
        self.group = group
        self.decimal = decimal

    def format_field(self, value: Any, format_spec: str) -> str:
        out = super().format_field(value, format_spec)
        if "," in format_spec and isinstance(value, int) and self.group != ",":
            out = out.replace(",", "\0").replace(".", self.decimal).replace("\0", self.group)
        return out


Caption = str | Callable[["Translator"], str]
"""Words for the player that follow the language of the moment: a plain string shown as it is,
or a function of the translator called each time it is shown (`Translator.say`)."""


class Translator:
    """Translates msgids and formats numbers for one language at a time (switchable live).

    `currency` reads the display currency of the moment (the app binds it to the settings), so
    `money(cents)` and the money in an engine `Message` follow a change made in the settings menu.
    """

    def __init__(
        self,
        language: str = DEFAULT_LANGUAGE,
        folder: Path | None = None,
        currency: Callable[[], str] = lambda: "EUR",
    ) -> None:
        self.folder = Path(folder) if folder is not None else locale_dir()
        self.currency = currency
        self._catalogs: dict[str, dict[str, str | list[str]]] = {}
        self._warned: set[tuple[str, str]] = set()
        self.generation = 0  # bumped on every language (or text size) change; scenes rebuild on it
        self.language = DEFAULT_LANGUAGE
        self.set_language(language)

    # language ----------------------------------------------------------------------------------
    def set_language(self, language: str) -> None:
        """Switch at once; an unknown language falls back to English (logged)."""
        if language not in LANGUAGES:
            log.warning("unknown language %r, using %s", language, DEFAULT_LANGUAGE)
            language = DEFAULT_LANGUAGE
        if language not in self._catalogs:
            self._catalogs[language] = load_catalogs(self.folder, language)
        if language != self.language or self.generation == 0:
            self.generation += 1
        self.language = language

    def relayout(self) -> None:
        """Composed text must be laid out again (the text size changed): bump `generation`, so
        every scene that builds text once rebuilds it, as after a language switch."""
        self.generation += 1

    @property
    def catalog(self) -> Mapping[str, str | list[str]]:
        return self._catalogs[self.language]

    def _missing(self, msgid: str) -> None:
        key = (self.language, msgid)
        if key not in self._warned:
            self._warned.add(key)
            log.warning("missing %s translation: %r", self.language, msgid)

    # lookups -----------------------------------------------------------------------------------
    def gettext(self, msgid: str) -> str:
        """The translation of `msgid`, or `msgid` itself (logged once) when there is none."""
        value = self.catalog.get(msgid)
        if isinstance(value, list):
            value = value[0] if value else None
        if not value:
            self._missing(msgid)
            return msgid
        return value

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of `singular`'s entry for count `n` (not yet formatted)."""
        other = n != 1
        value = self.catalog.get(singular)
        if isinstance(value, list) and len(value) >= 2 and value[0] and value[1]:
            return value[1] if other else value[0]
        self._missing(singular)
        return plural if other else singular

    def t(self, msgid: str, **values: Any) -> str:
        """Translate and format: `t("{coins:,} coins", coins=1234)` → "1.234 monedas" in Spanish."""
        return self.format(self.gettext(msgid), **values)

    def nt(self, singular: str, plural: str, n: int, **values: Any) -> str:
        """Plural-aware `t`; `n` is also offered to the format string."""
        return self.format(self.ngettext(singular, plural, n), n=n, **values)

    def format(self, template: str, **values: Any) -> str:
        group, decimal, _ = _NUMBER_STYLE[self.language]
        try:
            return _LocaleFormatter(group, decimal).format(template, **values)
        except (KeyError, IndexError, ValueError) as exc:
            # a broken translation must never take the game down: show the English instead
            log.error("bad %s translation %r: %s", self.language, template, exc)
            return template

    def say(self, caption: Caption) -> str:
        """A caption as shown now (a function of the translator is called with this one)."""
        return caption(self) if callable(caption) else caption

    def message(self, message: Message) -> str:
        """What the engine said (`game.messages.Message`), in this language: the id is the
        catalog's msgid; money parameters in the display currency."""
        values = {k: self.money(v.cents) if isinstance(v, Money) else v for k, v in message.params.items()}
        return self.t(message.id, **values)

    def translate_text(self, text: str) -> str:
        """A stored sentence that is a msgid with no fields (a void reason such as "The game of
        this round is no longer installed."), translated; any other text comes back unchanged.

        Nothing is parsed back: what the engine says with values comes as a `Message`
        (`message`), what the scenes say as a msgid and its values (`t`).
        """
        return self.gettext(text) if isinstance(self.catalog.get(text), str) else text

    # numbers -----------------------------------------------------------------------------------
    def format_number(self, n: int, decimals: int = 0) -> str:
        """An integer with grouping; with `decimals`, `n` counts in 10^-decimals units.

        `format_number(1234567)` → "1,234,567" / "1.234.567";
        `format_number(9670, 2)` → "96.70" / "96,70".
        """
        group, decimal, _ = _NUMBER_STYLE[self.language]
        sign = "-" if n < 0 else ""
        n = abs(int(n))
        if decimals > 0:
            whole, frac = divmod(n, 10**decimals)
            tail = f"{decimal}{frac:0{decimals}d}"
        else:
            whole, tail = n, ""
        return f"{sign}{whole:,}".replace(",", group) + tail

    def format_money(self, cents: int, currency: str = "EUR") -> str:
        """Integer cents as money: "€1,234.56" / "1.234,56 €" (minus sign first)."""
        symbol = CURRENCY_SYMBOLS.get(currency, currency)
        _, _, before = _NUMBER_STYLE[self.language]
        amount = self.format_number(abs(int(cents)), 2)
        sign = "-" if cents < 0 else ""
        return f"{sign}{symbol}{amount}" if before else f"{sign}{amount}\u00a0{symbol}"

    def money(self, cents: int) -> str:
        """Integer cents in the display currency of the moment (see `currency`)."""
        return self.format_money(cents, self.currency())

    def format_coins(self, n: int) -> str:
        """A count of coins with its noun: "1 coin", "1,234 coins" / "1.234 monedas"."""
        return self.format(self.ngettext("{n} coin", "{n} coins", n), n=self.format_number(n))

    def format_duration(self, seconds: float) -> str:
        """Whole minutes in words: "1 minute", "2 hours and 5 minutes" / "2 horas y 5 minutos"."""
        minutes = max(0, int(seconds) // 60)
        hours, mins = divmod(minutes, 60)
        m_text = self.nt("{n} minute", "{n} minutes", mins)
        if hours == 0:
            return m_text
        h_text = self.nt("{n} hour", "{n} hours", hours)
        if mins == 0:
            return h_text
        return self.t("{hours} and {minutes}", hours=h_text, minutes=m_text)


__all__ = [
    "CURRENCY_SYMBOLS",
    "LANGUAGES",
    "Translator",
    "catalog_collision",
    "catalog_files",
    "format_fields",
    "load_catalog",
    "load_catalogs",
]
