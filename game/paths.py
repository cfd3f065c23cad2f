"""Where bundled resources live, from a source checkout or a frozen (PyInstaller) build.

This is the one resolver for read-only files under `assets/`; user data (settings, ledger) never
lives here (see `user_data_dir`).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder that holds `assets/`: the bundle dir when frozen, else the repository root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    """Absolute path of a bundled asset, e.g. asset_path("games", "<id>", "game.toml")."""
    return resource_root().joinpath("assets", *parts)


def user_data_dir(app_name: str = "Reelhouse") -> Path:
    """The per-user data folder (not created here): XDG on Linux, AppData on Windows, etc."""
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
        return base / app_name
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / app_name
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / app_name.lower()
