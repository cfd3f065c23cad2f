"""Fast checks of the packaging files: the PyInstaller spec, the build script, the desktop entry,
and the frozen-build behaviour of `game.paths` (asset lookup under `sys._MEIPASS`, user data
outside the bundle). Nothing here runs PyInstaller; `make package-smoke` does that.
"""

from __future__ import annotations

import configparser
import importlib.util
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game import paths

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
SPEC = BUILD / "reelhouse.spec"
DESKTOP = BUILD / "reelhouse.desktop"


def _load_package() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reelhouse_build_package", BUILD / "package.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


package = _load_package()


class _Recorder:
    """Stands in for PyInstaller's Analysis/PYZ/EXE/COLLECT and records how each was called."""

    def __init__(self, calls: dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]], kind: str) -> None:
        self._calls = calls
        self._kind = kind

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self._calls.setdefault(self._kind, []).append((args, kwargs))
        return _Built(self._kind, args, kwargs)


class _Built:
    def __init__(self, kind: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs
        self.pure = self.scripts = self.binaries = self.datas = ()


def run_spec(
    monkeypatch: pytest.MonkeyPatch, spec_file: Path = SPEC, spec_args: tuple[str, ...] = ()
) -> dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]]:
    """Execute the spec the way PyInstaller does (SPECPATH injected, sys.argv = [spec, *args])."""
    calls: dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]] = {}
    namespace: dict[str, Any] = {
        "__name__": "__main__",
        "__file__": str(spec_file),
        "SPECPATH": str(spec_file.parent),
        **{kind: _Recorder(calls, kind) for kind in ("Analysis", "PYZ", "EXE", "COLLECT")},
    }
    monkeypatch.setattr(sys, "argv", [str(spec_file), *spec_args])
    exec(compile(spec_file.read_text(encoding="utf-8"), str(spec_file), "exec"), namespace)
    return calls


# -- the spec -------------------------------------------------------------------------------------


def test_spec_anchors_every_path_on_specpath_not_on_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    calls = run_spec(monkeypatch)
    (args, kwargs) = calls["Analysis"][0]
    assert [Path(p) for p in args[0]] == [ROOT / "main.py"]
    assert [Path(p) for p in kwargs["pathex"]] == [ROOT]
    for src, _dest in kwargs["datas"]:
        assert Path(src).is_absolute() and Path(src).is_relative_to(ROOT), src


def test_spec_follows_specpath_when_the_tree_moves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    moved = tmp_path / "checkout" / "build" / "reelhouse.spec"
    moved.parent.mkdir(parents=True)
    shutil.copy(SPEC, moved)
    calls = run_spec(monkeypatch, moved)
    (args, kwargs) = calls["Analysis"][0]
    assert [Path(p) for p in args[0]] == [tmp_path / "checkout" / "main.py"]
    assert kwargs["datas"] == [(str(tmp_path / "checkout" / "assets"), "assets")]


def test_spec_holds_no_absolute_path_literals() -> None:
    text = SPEC.read_text(encoding="utf-8")
    assert not re.search(r"""["'](/|~|[A-Za-z]:[\\/])""", text)
    assert "SPECPATH" in text


def test_spec_bundles_the_whole_assets_tree_and_the_window_icon(monkeypatch: pytest.MonkeyPatch) -> None:
    (_args, kwargs) = run_spec(monkeypatch)["Analysis"][0]
    assert (str(ROOT / "assets"), "assets") in kwargs["datas"]
    assert (ROOT / "assets" / "games" / "stones" / "game.toml").is_file()
    # the icon travels inside assets/; the archive also carries a copy next to the desktop file
    assert package.ICON_PNG == ROOT / "assets" / "images" / "ui" / "app_icon.png"


def test_spec_excludes_dev_tools_but_nothing_the_app_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    (_args, kwargs) = run_spec(monkeypatch)["Analysis"][0]
    excludes = set(kwargs["excludes"])
    assert {"tkinter", "pytest", "hypothesis", "PyInstaller"} <= excludes
    needed = {"numpy", "pygame", "pydantic", "pydantic_core", "pytmx", "sqlite3", "tomllib", "json"}
    assert not needed & excludes
    assert not [name for name in excludes if name.split(".")[0] in {"game", "scenes"}]


def test_spec_lists_every_own_module_as_a_hidden_import(monkeypatch: pytest.MonkeyPatch) -> None:
    # game.games loads each game's rules by name (importlib), invisible to PyInstaller's scan
    (_args, kwargs) = run_spec(monkeypatch)["Analysis"][0]
    hidden = set(kwargs["hiddenimports"])
    for path in (ROOT / "game" / "games").glob("*.py"):
        name = "game.games" if path.stem == "__init__" else f"game.games.{path.stem}"
        assert name in hidden, name
    assert {"game", "game.paths", "game.ledger", "scenes", "scenes.app.app"} <= hidden
    assert "game.__main__" not in hidden


def test_spec_builds_one_dir_by_default_and_one_file_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    onedir = run_spec(monkeypatch)
    (_a, exe_kwargs) = onedir["EXE"][0]
    (_a, coll_kwargs) = onedir["COLLECT"][0]
    assert exe_kwargs["name"] == "reelhouse" and exe_kwargs["exclude_binaries"] is True
    assert coll_kwargs["name"] == "reelhouse"
    assert exe_kwargs["console"] is True  # --version and --bench print to stdout

    onefile = run_spec(monkeypatch, spec_args=("--onefile",))
    assert "COLLECT" not in onefile
    (_a, exe_kwargs) = onefile["EXE"][0]
    assert exe_kwargs["name"] == "reelhouse-onefile"


# -- the build script -----------------------------------------------------------------------------


def test_build_keeps_work_files_out_of_the_committed_build_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: list[list[str]] = []

    def fake_run(cmd: list[str], **_kwargs: Any) -> subprocess.CompletedProcess[str]:
        seen.append(cmd)
        exe = tmp_path / "dist" / "reelhouse" / "reelhouse"
        exe.parent.mkdir(parents=True, exist_ok=True)
        exe.write_text("")
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(package.subprocess, "run", fake_run)
    package.run_pyinstaller(dist=tmp_path / "dist", work=tmp_path / "work")
    cmd = seen[0]
    workpath = Path(cmd[cmd.index("--workpath") + 1])
    distpath = Path(cmd[cmd.index("--distpath") + 1])
    assert not workpath.is_relative_to(BUILD) and not distpath.is_relative_to(BUILD)
    # the defaults are the git-ignored folders
    assert package.WORK == ROOT / ".build-work" and package.DIST == ROOT / "dist"
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert ".build-work/" in ignored and "dist/" in ignored


def test_version_comes_from_the_project(tmp_path: Path) -> None:
    with (ROOT / "pyproject.toml").open("rb") as f:
        pyproject_version = tomllib.load(f)["project"]["version"]
    game_version = getattr(sys.modules["game"], "__version__", None)
    assert package.project_version() == (game_version or pyproject_version)
    if game_version is not None:
        assert game_version == pyproject_version, "game.__version__ and pyproject.toml disagree"

    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text('"""x"""\n__version__ = "9.8.7"\n')
    assert package.project_version(tmp_path) == "9.8.7"


def test_archive_name(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(package.sys, "platform", "linux")
    monkeypatch.setattr(package.platform, "machine", lambda: "x86_64")
    assert package.archive_path("1.2.3", tmp_path) == tmp_path / "reelhouse-1.2.3-linux-x86_64.tar.gz"


def test_archive_holds_the_app_folder_desktop_file_and_icon_reproducibly(tmp_path: Path) -> None:
    app = tmp_path / "reelhouse"
    (app / "_internal" / "assets").mkdir(parents=True)
    (app / "reelhouse").write_bytes(b"\x7fELF")
    (app / "reelhouse").chmod(0o755)
    (app / "_internal" / "assets" / "a.txt").write_text("a")
    icon = tmp_path / "icon.png"
    icon.write_bytes(b"\x89PNG")
    extras = {"reelhouse.desktop": DESKTOP, "reelhouse.png": icon}

    first = package.make_archive(app, tmp_path / "one.tar.gz", extras, mtime=1_700_000_000)
    second = package.make_archive(app, tmp_path / "two.tar.gz", extras, mtime=1_700_000_000)
    assert first.read_bytes() == second.read_bytes()

    with tarfile.open(first) as tar:
        members = {m.name: m for m in tar.getmembers()}
        assert sorted(members) == [
            "reelhouse",
            "reelhouse/_internal",
            "reelhouse/_internal/assets",
            "reelhouse/_internal/assets/a.txt",
            "reelhouse/reelhouse",
            "reelhouse/reelhouse.desktop",
            "reelhouse/reelhouse.png",
        ]
        assert members["reelhouse/reelhouse"].mode == 0o755
        assert members["reelhouse/reelhouse.desktop"].mode == 0o644
        assert all(m.uid == 0 and m.uname == "" and m.mtime == 1_700_000_000 for m in members.values())


def test_archive_refuses_a_missing_extra(tmp_path: Path) -> None:
    (tmp_path / "reelhouse").mkdir()
    with pytest.raises(SystemExit, match="missing"):
        package.make_archive(tmp_path / "reelhouse", tmp_path / "x.tar.gz", {"a.png": tmp_path / "no.png"})


# -- the desktop entry ----------------------------------------------------------------------------


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read_string(DESKTOP.read_text(encoding="utf-8"))
    assert parser.sections()[0] == "Desktop Entry"
    return parser["Desktop Entry"]


def test_desktop_entry_names_the_app_and_its_icon() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Reelhouse"
    assert entry["Exec"] == "reelhouse"
    assert entry["Icon"] == "reelhouse"
    assert entry["Terminal"] == "false"
    categories = entry["Categories"]
    assert categories.endswith(";") and "Game" in categories.split(";")


def test_desktop_entry_is_well_formed() -> None:
    text = DESKTOP.read_text(encoding="utf-8")
    assert text.endswith("\n") and "\r" not in text
    for line in text.splitlines():
        assert line == "" or line.startswith(("#", "[")) or re.fullmatch(r"[A-Za-z0-9-]+=.*", line), line
    validator = shutil.which("desktop-file-validate")
    if validator:
        result = subprocess.run([validator, str(DESKTOP)], capture_output=True, text=True, check=False)
        assert result.returncode == 0 and "error" not in result.stdout.lower(), result.stdout


# -- game.paths in a frozen build -----------------------------------------------------------------


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Pretend to run from a PyInstaller 6 one-dir build; return the bundle (`_internal`) folder."""
    app = tmp_path / "reelhouse"
    bundle = app / "_internal"
    (bundle / "assets" / "games" / "stones").mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setattr(sys, "executable", str(app / "reelhouse"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("APPDATA", raising=False)
    return bundle


def test_asset_path_resolves_inside_the_bundle_when_frozen(frozen: Path) -> None:
    assert paths.resource_root() == frozen
    assert paths.asset_path("games", "stones", "game.toml") == frozen / "assets/games/stones/game.toml"
    assert paths.asset_path("images", "ui", "app_icon.png") == frozen / "assets/images/ui/app_icon.png"


def test_asset_path_resolves_in_the_source_tree_when_not_frozen() -> None:
    assert getattr(sys, "_MEIPASS", None) is None
    assert paths.asset_path("games", "stones", "game.toml") == ROOT / "assets/games/stones/game.toml"


@pytest.mark.parametrize("xdg", [None, "", "data"])
def test_user_data_dir_is_never_inside_the_bundle(
    frozen: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, xdg: str | None
) -> None:
    if xdg is not None:
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / xdg) if xdg else "")
    app_folder = Path(sys.executable).parent
    data = paths.user_data_dir()
    assert data.is_absolute()
    assert not data.is_relative_to(app_folder)
    assert not data.is_relative_to(frozen)


def test_nothing_in_the_build_folder_but_the_packaging_files() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "build"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    allowed = {"reelhouse.spec", "package.py", "package.sh", "reelhouse.desktop", "smoke_test.py"}
    names = {Path(line).name for line in tracked.stdout.splitlines()}
    assert names <= allowed, names - allowed
