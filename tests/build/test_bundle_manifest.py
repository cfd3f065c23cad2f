"""The package build's manifest check: a bundle whose assets match assets/MANIFEST.sha256 passes,
one with a changed, missing or extra file is named (build/package.py stops on it)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _package():
    spec = importlib.util.spec_from_file_location(
        "reelhouse_build_package_manifest", ROOT / "build" / "package.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bundles_assets_are_checked_against_the_manifest(tmp_path: Path) -> None:
    package = _package()
    app = tmp_path / "reelhouse"
    bundled = app / "_internal" / "assets"
    shutil.copytree(ROOT / "assets", bundled, ignore=shutil.ignore_patterns("*.ogg", "*.jpg"))
    assert package.bundle_assets(app) == bundled
    missing = package.manifest_mismatch(bundled)
    assert missing and all(rel.endswith((".ogg", ".jpg")) for rel in missing)  # left out above
    for rel in missing:
        (bundled / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "assets" / rel, bundled / rel)
    assert package.manifest_mismatch(bundled) == []
    (bundled / "games" / "stones" / "game.toml").write_text("changed\n")
    (bundled / "extra.txt").write_text("not released\n")
    assert package.manifest_mismatch(bundled) == ["extra.txt", "games/stones/game.toml"]
