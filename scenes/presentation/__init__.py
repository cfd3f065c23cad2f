"""The presentation registry: which package shows which game, keyed like `game.games.GAMES`.

The presentation contract (`base.Presentation`, `GameArt`, the shared steps) lives here, below
the reels and the viewers, which ask this registry for a game's presentation and never import
`scenes.games`. Each game the engine plays (a `feature.type`) is shown by a package
`scenes/games/<id>/` whose `presentation` module holds `PRESENTATION`, a `base.Presentation`:
what the game's events look like on the reels, in the replay and in the history detail (one
round player serves the reels and the replay, see `scenes.reels.player`), its paytable pages and
its art names. The package itself may declare, light, its `ART` (image names), `own_images` and
`BENCH` (a `base.BenchScript`: how the render benchmark plays it) and `FAULTS` (a
`base.FaultTargets`: where the app-faults campaign stops it).
Everything outside a game's package asks this registry and never names a game's own types.

Packages are imported on first use, so the lobby can list games without loading their scenes.
The app offers only games that have a presentation (`has_presentation`): a game whose data has
arrived before its scenes is left out of the lobby rather than shown half-drawn. Tests register
test-only games with `register_package`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.games import feature_type

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from scenes.presentation.base import BenchScript, FaultTargets, GameArt, Presentation

PRESENTATIONS: dict[str, str] = {
    "lines": "scenes.games.lines",
    "stones": "scenes.games.stones",
    "tombraider": "scenes.games.tombraider",
    "warlords": "scenes.games.warlords",
}
"""feature type -> package (the keys of `game.games.GAMES` that can be shown)."""

_extra: dict[str, str] = {}
_loaded: dict[str, Presentation] = {}


def register_package(kind: str, package: str) -> None:
    """Show feature type `kind` with `package` (test-only games; the shipped ones are above)."""
    if PRESENTATIONS.get(kind, package) != package:
        raise ValueError(f"feature type {kind!r} is already shown by {PRESENTATIONS[kind]}")
    _extra[kind] = package
    _loaded.pop(kind, None)


def unregister_package(kind: str) -> None:
    _extra.pop(kind, None)
    _loaded.pop(kind, None)


def packages() -> dict[str, str]:
    return {**PRESENTATIONS, **_extra}


def presentation(kind: str) -> Presentation:
    """The presentation of feature type `kind` (KeyError when no package shows it)."""
    found = _loaded.get(kind)
    if found is None:
        package = packages()[kind]
        found = importlib.import_module(f"{package}.presentation").PRESENTATION
        _loaded[kind] = found
    return found


def presentation_of(defn: GameDefinition) -> Presentation:
    """The presentation of a game definition (KeyError when no package shows its feature)."""
    return presentation(feature_type(defn))


def art_of(defn: GameDefinition) -> GameArt:
    """The game's image names (`Presentation.art`), from its package's light `ART` when it
    declares one there, so the lobby and the start-up check import none of the game's scenes."""
    art = getattr(importlib.import_module(packages()[feature_type(defn)]), "ART", None)
    return art if art is not None else presentation_of(defn).art


def bench_script(defn: GameDefinition) -> BenchScript | None:
    """The game's render-benchmark script (its package's light `BENCH`), None when it has none."""
    return getattr(importlib.import_module(packages()[feature_type(defn)]), "BENCH", None)


def fault_targets(defn: GameDefinition) -> FaultTargets | None:
    """Where the app-faults campaign stops the game (its package's light `FAULTS`), None when
    it declares none."""
    return getattr(importlib.import_module(packages()[feature_type(defn)]), "FAULTS", None)


def required_images(defn: GameDefinition) -> list[tuple[str, str]]:
    """(image name, what it shows) of every image the game's screens load without a fallback
    (`Presentation.required_images`). A package that declares its `ART` (and `own_images`) in its
    `__init__` is answered from there, so the start-up check of every installed game's art
    imports none of their scenes (its dress is data: `<package>.dress`); a test checks both give
    the same list."""
    from scenes.presentation.base import base_images, dress_images
    from scenes.presentation.dress import PLAIN

    name = packages()[feature_type(defn)]
    package = importlib.import_module(name)
    if getattr(package, "ART", None) is None:
        return presentation_of(defn).required_images(defn)
    own = getattr(package, "own_images", None)
    try:  # the game's dress, light data in its room (`<package>.dress`)
        dress = importlib.import_module(f"{name}.dress").DRESS
    except ModuleNotFoundError as exc:
        if exc.name != f"{name}.dress":
            raise
        dress = PLAIN
    return base_images(defn, package.ART) + (own(defn) if own is not None else []) + dress_images(dress)


def has_presentation(defn: GameDefinition) -> bool:
    """True when the app can show this game (its feature type has a registered package)."""
    return feature_type(defn) in packages()


def presentation_or_plain(defn: GameDefinition | None) -> Presentation:
    """The game's presentation, or the plain one (shared events only) for a game that is not
    installed or not shown: what the history needs to list an old round's shared steps."""
    if defn is not None and has_presentation(defn):
        return presentation_of(defn)
    from scenes.presentation.base import Presentation

    return Presentation()
