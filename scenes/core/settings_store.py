"""The player's settings: a typed, versioned model and a load/save that never loses data.

`load_settings(path)` returns the settings and, if the file was damaged, one plain sentence to
show the player. A damaged file (not JSON, not valid settings) is never deleted: it is moved
aside to `settings.json.damaged-<UTC time>` and defaults are used (CERTIFICATION F4). A file from
an older version is upgraded step by step (`UPGRADERS`); one from a newer version than this app
knows is treated as damaged (kept aside, never half-read). A file the app may not read or write
(permissions, read-only, a folder or a dangling link in its place, a disk error) is NOT damage:
it raises `game.storage.StorageFailure` with one plain sentence and is left as it is.
`save_settings` writes a temporary file in the same folder and renames it over the old one
(`os.replace`), so a crash mid-write leaves either the old or the new file, never half of one; a
disk that refuses the write raises StorageFailure.

Nothing here touches the disk at import time.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    computed_field,
    field_validator,
    model_validator,
)

from game import storage
from game.messages import Message
from game.storage import is_unreadable_kind, read_bounded

log = logging.getLogger(__name__)

SETTINGS_VERSION = 3

# Player-facing text (one plain sentence; its Spanish is in assets/locale/es.json).
DAMAGED_MESSAGE = (
    "Your settings file could not be read, so the default settings are in use; "
    "the old file was kept as {name}."
)

NOT_A_SETTINGS_FILE = (
    "Your settings file is not an ordinary file of at most 64 KB, so it was not read and the "
    "default settings are in use; it was kept as {name}."
)

CURRENCY_SYMBOLS: dict[str, str] = {"EUR": "€", "GBP": "£", "USD": "$"}
REALITY_CHECK_CHOICES = (0, 15, 30, 60)  # minutes; 0 = off
LINE_PALETTES = ("standard", "colour_blind")
SIZE_CHOICES = ("standard", "large", "larger")
SIZE_SCALES: dict[str, float] = {"standard": 1.0, "large": 1.15, "larger": 1.3}  # body text × size


class Settings(BaseModel):
    """Everything the player can change in the settings screen."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    version: int = SETTINGS_VERSION
    intro_screen: bool = True
    quick_spin: bool = False
    space_to_spin: bool = True
    ambience: bool = True
    sound_effects: bool = True
    master_volume: float = Field(default=0.8, ge=0.0, le=1.0)
    music_volume: float = Field(default=0.5, ge=0.0, le=1.0)
    effects_volume: float = Field(default=0.9, ge=0.0, le=1.0)
    fullscreen: bool = False
    graphics_quality: Literal["low", "high"] = "high"
    reduced_motion: bool = False
    intro_movie: bool = True
    display_currency: Literal["EUR", "GBP", "USD"] = "EUR"
    language: Literal["en", "es"] = "en"
    reality_check_minutes: int = 0
    # version 3: accessibility beyond the originals
    line_palette: Literal["standard", "colour_blind"] = "standard"
    text_size: Literal["standard", "large", "larger"] = "standard"

    @field_validator("reality_check_minutes")
    @classmethod
    def _known_interval(cls, v: int) -> int:
        if v not in REALITY_CHECK_CHOICES:
            raise ValueError(f"must be one of {REALITY_CHECK_CHOICES}")
        return v

    @model_validator(mode="before")
    @classmethod
    def _currency_from_symbol(cls, data: Any) -> Any:
        # `currency_symbol` was a stored field in version 1 and is still accepted as input
        # (Settings(currency_symbol="$")); `display_currency` wins when both are given.
        if isinstance(data, dict) and "currency_symbol" in data:
            data = dict(data)
            symbol = data.pop("currency_symbol")
            if "display_currency" not in data:
                code = next((c for c, sym in CURRENCY_SYMBOLS.items() if sym == symbol), None)
                if code is None:
                    log.warning("unknown currency symbol %r in settings: using EUR", symbol)
                data["display_currency"] = code or "EUR"
        return data

    @computed_field  # type: ignore[prop-decorator]
    @property
    def currency_symbol(self) -> str:
        """The symbol of `display_currency` (kept for code written before that setting)."""
        return CURRENCY_SYMBOLS[self.display_currency]


def _upgrade_v1(data: dict[str, Any]) -> dict[str, Any]:
    # Version 2 added intro_movie, display_currency (from currency_symbol), language and
    # reality_check_minutes, all with defaults: only the version number changes.
    return {**data, "version": 2}


def _upgrade_v2(data: dict[str, Any]) -> dict[str, Any]:
    # Version 3 added line_palette and text_size, both with defaults (the look of version 2).
    return {**data, "version": 3}


# UPGRADERS[v] turns a version-v dict into a version-(v + 1) dict.
UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _upgrade_v1, 2: _upgrade_v2}


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a stored settings dict up to SETTINGS_VERSION; ValueError if it cannot be."""
    version = data.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError(f"bad settings version {version!r}")
    if version > SETTINGS_VERSION:
        raise ValueError(f"settings version {version} is newer than this app ({SETTINGS_VERSION})")
    while version < SETTINGS_VERSION:
        data = UPGRADERS[version](data)
        version = data["version"]
    return data


def _move_aside(path: Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError as exc:
        raise storage.from_os_error(exc, path.parent) from exc
    return target


def load_settings(path: Path) -> tuple[Settings, Message | None]:
    """Read settings; on damage, keep the file aside and return defaults plus a message for the
    player (`DAMAGED_MESSAGE` with the name the old file was kept as).

    Raises StorageFailure when the file cannot be used at all (see the module docstring).
    """
    path = Path(path)
    if is_unreadable_kind(path):  # a FIFO, a device, a huge file: never opened, kept aside
        log.warning("settings file %s is not a small regular file: not read", path)
        return Settings(), Message(NOT_A_SETTINGS_FILE, {"name": _move_aside(path).name})
    storage.check_file_slot(path, allow_link=True)
    if not path.exists():
        return Settings(), None
    try:
        raw = read_bounded(path)
    except OSError as exc:
        raise storage.from_os_error(exc, path) from exc
    if raw is None:  # changed into something else since the look above
        return Settings(), Message(NOT_A_SETTINGS_FILE, {"name": _move_aside(path).name})
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return Settings.model_validate(upgrade(data)), None
    except (UnicodeDecodeError, ValueError, ValidationError, RecursionError) as exc:
        log.warning("settings file %s is damaged: %s", path, exc)
        kept = _move_aside(path)
        return Settings(), Message(DAMAGED_MESSAGE, {"name": kept.name})


def saved_language(path: Path) -> str:
    """The language the settings file at `path` names, read without changing anything (the
    default when it cannot be read or is not valid): storage failures found before the settings
    are loaded are said in the player's language too."""
    try:
        data = json.loads((read_bounded(Path(path)) or b"").decode("utf-8"))
        language = upgrade(data).get("language") if isinstance(data, dict) else None
        return Settings.model_validate({"language": language}).language
    except (OSError, UnicodeDecodeError, ValueError, ValidationError, RecursionError, AttributeError):
        return Settings().language


def save_settings(path: Path, settings: Settings) -> None:
    """Write settings atomically (temp file in the same folder, fsync, os.replace).

    Raises StorageFailure (one plain sentence) when the disk refuses; the old file is kept.
    """
    path = Path(path)
    text = json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                Path(tmp).unlink()
        raise storage.from_os_error(exc, path) from exc
    except BaseException:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise


def save_failure_reason(exc: BaseException) -> str:
    """The short reason a settings save failed ("No space left on device"), for the toast that
    says so: settings are not critical data, so a failed save never ends the app."""
    cause = exc.__cause__ if isinstance(exc, storage.StorageFailure) else exc
    return getattr(cause, "strerror", None) or str(exc)
