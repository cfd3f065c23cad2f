"""The words baked into the art, per language: the art is made once per language that needs
different words (`<name>.<lang>.png` beside the English `<name>.png`; the app's asset store
picks the player's language's file when there is one). The Spanish words are the catalog's
(assets/locale/es.json: "WILD" is "COMODÍN" there too)."""

from __future__ import annotations

LANGUAGES = ("en", "es")
"""Every language the art is made in; English is the base file, the others variants."""

WORDS: dict[str, dict[str, str]] = {
    "es": {
        "WILD": "COMODÍN",
        "SPINS": "GIROS",
        # a tablet's small line holds about ten letters: longer words take two lines
        "MULTIPLIER": "MULTI-\nPLICADOR",
        "WILD REEL": "RODILLO\nCOMODÍN",
        "SAMURAI": "SAMURÁI",
        "PRIESTESS": "SACERDOTISA",
        "BARBARIAN": "BÁRBARO",
    }
}


def word(text: str, lang: str) -> str:
    """`text` (an English word baked into the art) in `lang` ("\n" where it takes two lines)."""
    return WORDS.get(lang, {}).get(text, text)


def variant(rel: str, lang: str) -> str:
    """The file of `rel` (a path ending in .png) for `lang`: the English base, or `name.<lang>.png`."""
    if lang == "en":
        return rel
    stem, dot, ext = rel.rpartition(".")
    return f"{stem}.{lang}{dot}{ext}"
