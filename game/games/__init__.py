"""The game registry: which package plays which `feature.type`. Light by design.

A game lives in its own package, `game/games/<id>/` (see docs/architecture.md, "Adding a game"):
`model.py` (its `[feature]` data model, `FEATURE`), `events.py` (its own event models, `EVENTS`),
`flow.py` (the played round), `batch.py` (many rounds at once), `exact.py` (its par sheet) and
`rules.py` (`RULES`, a `game.games.common.GameRules` tying them together). This module only maps
feature types to packages and imports the parts on demand, so loading a definition (which needs
the feature model) never pulls in NumPy or a game's flow.

Adding a game is one line in `GAMES`. Tests register test-only games with `register_package`.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel

    from game.definitions import GameDefinition
    from game.games.common import GameRules
    from game.schema import Feature

GAMES: dict[str, str] = {
    "lines": "game.games.lines",
    "stones": "game.games.stones",
    "warlords": "game.games.warlords",
    "tombraider": "game.games.tombraider",
}
"""feature type -> package. "lines" plays definitions without a feature (plain line games)."""

_extra: dict[str, str] = {}
_generation = 0


def register_package(feature_type: str, package: str) -> None:
    """Make `package` the game for `feature_type` (test-only games; the shipped ones are in GAMES)."""
    global _generation
    if GAMES.get(feature_type, package) != package:
        raise ValueError(f"feature type {feature_type!r} already belongs to {GAMES[feature_type]}")
    _extra[feature_type] = package
    _generation += 1


def unregister_package(feature_type: str) -> None:
    global _generation
    if _extra.pop(feature_type, None) is not None:
        _generation += 1


def generation() -> int:
    """Bumped whenever the set of registered packages changes (caches built from it compare it)."""
    return _generation


def packages() -> dict[str, str]:
    """Every registered feature type and its package."""
    return {**GAMES, **_extra}


def package_for(feature_type: str) -> str:
    try:
        return packages()[feature_type]
    except KeyError:
        known = ", ".join(sorted(t for t, p in packages().items() if _has_model(p)))
        raise ValueError(f"no game plays feature type {feature_type!r} (known: {known})") from None


def _part(feature_type: str, module: str, name: str) -> Any:
    mod = importlib.import_module(f"{package_for(feature_type)}.{module}")
    return getattr(mod, name)


def feature_model(feature_type: str) -> type[Feature]:
    """The pydantic model of a feature type's `[feature]` section (ValueError for a type that
    has none, such as "lines", which is played when there is no `[feature]` section at all)."""
    package = package_for(feature_type)
    try:
        mod = importlib.import_module(f"{package}.model")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.model":
            raise
        with_model = ", ".join(sorted(t for t, p in packages().items() if _has_model(p)))
        raise ValueError(f"no game plays feature type {feature_type!r} (known: {with_model})") from None
    model: type[Feature] = mod.FEATURE
    return model


def _has_model(package: str) -> bool:
    return importlib.util.find_spec(f"{package}.model") is not None


def event_models() -> tuple[type, ...]:
    """Every registered game's own event models (each package's `events.EVENTS`, if it has one)."""
    out: list[type] = []
    for package in packages().values():
        try:
            mod = importlib.import_module(f"{package}.events")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.events":
                raise
            continue
        out.extend(getattr(mod, "EVENTS", ()))
    return tuple(out)


def feature_type(defn: GameDefinition) -> str:
    return defn.feature.type if defn.feature is not None else "lines"


def state_model(defn: GameDefinition) -> type[BaseModel] | None:
    """The model of the game's state across rounds (None: it keeps none): its model module's
    `STATE`, read without importing the game's rules (the reels show the stored state on the
    first frame, before any round code is loaded). `GameRules.state_model` is the same class
    (a test checks every registered game)."""
    package = package_for(feature_type(defn))
    try:
        mod = importlib.import_module(f"{package}.model")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.model":
            raise
        return None
    return getattr(mod, "STATE", None)


def rules_for(defn: GameDefinition) -> GameRules:
    """The rules (flow, batch, exact par) that play a definition."""
    rules: GameRules = _part(feature_type(defn), "rules", "RULES")
    return rules
