"""The player's settings: a typed, versioned model and a load/save that never loses data.

`load_settings(path)` returns the settings and, if the file was damaged, one plain sentence to
show the player. A damaged or unreadable file is never deleted: it is moved aside to
`settings.json.damaged-<UTC time>` and defaults are used (CERTIFICATION F4). `save_settings`
writes a temporary file in the same folder and renames it over the old one (`os.replace`), so a
crash mid-write leaves either the old or the new file, never half of one.

Nothing here touches the disk at import time.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

log = logging.getLogger(__name__)

SETTINGS_VERSION = 1

# Player-facing text (kept here so a translation layer can pick it up).
DAMAGED_MESSAGE = (
    "Your settings file could not be read, so the default settings are in use. "
    "The old file was kept as {name}."
)


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
    currency_symbol: str = Field(default="€", min_length=0, max_length=4)


def _move_aside(path: Path) -> Path | None:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError as exc:
        log.error("cannot move damaged settings %s aside: %s", path, exc)
        return None
    return target


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """Read settings; on damage, keep the file aside and return defaults plus a message."""
    path = Path(path)
    if not path.exists():
        return Settings(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        if data.get("version", SETTINGS_VERSION) != SETTINGS_VERSION:
            raise ValueError(f"unknown settings version {data.get('version')!r}")
        return Settings.model_validate(data), None
    except (OSError, UnicodeDecodeError, ValueError, ValidationError) as exc:
        log.warning("settings file %s is damaged: %s", path, exc)
        kept = _move_aside(path)
        name = kept.name if kept is not None else path.name
        return Settings(), DAMAGED_MESSAGE.format(name=name)


def save_settings(path: Path, settings: Settings) -> None:
    """Write settings atomically (temp file in the same folder, fsync, os.replace)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(settings.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
