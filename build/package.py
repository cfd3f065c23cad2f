"""Build the Reelhouse desktop executable with PyInstaller and pack the download archive.

    python build/package.py              # one-dir app dist/reelhouse/ + the .tar.gz archive
    python build/package.py --onefile    # one self-extracting file dist/reelhouse-onefile
    python build/package.py --if-stale   # skip the build when dist/ is newer than every input

PyInstaller runs with explicit `--workpath .build-work/pyinstaller[-onefile]` and
`--distpath dist` (both git-ignored), so the committed `build/` folder only ever holds the spec
and these scripts. The archive `dist/reelhouse-<version>-<os>-<arch>.tar.gz` holds one folder
`reelhouse/`: the executable, its `_internal/` bundle, `reelhouse.desktop` and `reelhouse.png`.
It is reproducible: sorted entries, fixed owner and modification time (SOURCE_DATE_EPOCH, else
the last commit's time, else 0).
"""

from __future__ import annotations

import argparse
import ast
import gzip
import os
import platform
import subprocess
import sys
import tarfile
import time
import tomllib
from collections.abc import Iterable
from pathlib import Path

BUILD_DIR = Path(__file__).resolve().parent
ROOT = BUILD_DIR.parent
SPEC = BUILD_DIR / "reelhouse.spec"
DESKTOP_FILE = BUILD_DIR / "reelhouse.desktop"
ICON_PNG = ROOT / "assets" / "images" / "ui" / "app_icon.png"
DIST = ROOT / "dist"
WORK = ROOT / ".build-work"
APP_NAME = "reelhouse"

# What a build depends on: when none of these is newer than the built executable, it is current.
BUILD_INPUTS = ("main.py", "game", "scenes", "assets", "build/reelhouse.spec", "requirements.lock")


def project_version(root: Path = ROOT) -> str:
    """The app version: `game.__version__` when the package defines it, else pyproject's."""
    init = root / "game" / "__init__.py"
    if init.is_file():
        for node in ast.parse(init.read_text(encoding="utf-8")).body:
            if (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets)
                and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)
            ):
                return node.value.value
    with (root / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def platform_tag() -> str:
    """`linux-x86_64`, `windows-amd64`, `macos-arm64`… for the archive name."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform.split("-")[0])
    if system.startswith("linux"):
        system = "linux"
    return f"{system}-{platform.machine().lower()}"


def archive_path(version: str, dist: Path = DIST) -> Path:
    """Where the download archive for `version` is written."""
    return dist / f"{APP_NAME}-{version}-{platform_tag()}.tar.gz"


def onedir_executable(dist: Path = DIST) -> Path:
    """The one-dir build's executable."""
    suffix = ".exe" if sys.platform.startswith("win") else ""
    return dist / APP_NAME / f"{APP_NAME}{suffix}"


def onefile_executable(dist: Path = DIST) -> Path:
    """The one-file build's executable."""
    suffix = ".exe" if sys.platform.startswith("win") else ""
    return dist / f"{APP_NAME}-onefile{suffix}"


def _iter_files(paths: Iterable[Path]) -> Iterable[Path]:
    for path in paths:
        if path.is_file():
            yield path
        elif path.is_dir():
            for sub in path.rglob("*"):
                if sub.is_file() and "__pycache__" not in sub.parts:
                    yield sub


def newest_input_mtime(root: Path = ROOT) -> float:
    """Modification time of the newest file the build depends on (0 if none exist)."""
    return max((p.stat().st_mtime for p in _iter_files(root / name for name in BUILD_INPUTS)), default=0.0)


def is_stale(executable: Path, root: Path = ROOT) -> bool:
    """True when `executable` is missing or older than any build input."""
    return not executable.is_file() or executable.stat().st_mtime < newest_input_mtime(root)


def run_pyinstaller(
    onefile: bool = False, clean: bool = False, dist: Path = DIST, work: Path = WORK
) -> float:
    """Run PyInstaller on the spec; return the wall time in seconds. Raises on failure.

    Work files go to `work/pyinstaller[-onefile]` (one folder per mode, so the two builds never
    reuse each other's analysis) and the result to `dist`.
    """
    workpath = work / ("pyinstaller-onefile" if onefile else "pyinstaller")
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        str(SPEC),
        "--noconfirm",
        "--log-level",
        "WARN",
        "--workpath",
        str(workpath),
        "--distpath",
        str(dist),
    ]
    if clean:
        cmd.append("--clean")
    if onefile:
        cmd += ["--", "--onefile"]
    print("package:", " ".join(cmd), flush=True)
    start = time.perf_counter()
    try:
        subprocess.run(cmd, cwd=ROOT, check=True)
    except subprocess.CalledProcessError as exc:
        raise SystemExit(f"package: PyInstaller failed with exit code {exc.returncode}") from exc
    elapsed = time.perf_counter() - start
    executable = onefile_executable(dist) if onefile else onedir_executable(dist)
    if not executable.is_file():
        raise SystemExit(f"package: PyInstaller finished but {executable} is missing")
    # A stale build must never pass as current: stamp the result after the build finished.
    executable.touch()
    return elapsed


def _source_date_epoch() -> int:
    env = os.environ.get("SOURCE_DATE_EPOCH")
    if env and env.isdigit():
        return int(env)
    try:
        out = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        return int(out)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return 0


def make_archive(
    app_dir: Path, out: Path, extras: dict[str, Path], mtime: int = 0, top: str = APP_NAME
) -> Path:
    """Write `out` (.tar.gz): `app_dir` as `top/`, plus `extras` (name in `top/` → source file).

    Entries are sorted and carry a fixed owner and `mtime`, so equal inputs give equal bytes.
    """
    if not app_dir.is_dir():
        raise SystemExit(f"package: no app folder at {app_dir}; build it first")
    for name, src in extras.items():
        if not src.is_file():
            raise SystemExit(f"package: {src} is missing (needed in the archive as {top}/{name})")
        if (app_dir / name).exists():
            raise SystemExit(f"package: {name} would overwrite a file of the app folder")

    entries: list[tuple[str, Path]] = [(top, app_dir)]
    entries += [(f"{top}/{p.relative_to(app_dir).as_posix()}", p) for p in sorted(app_dir.rglob("*"))]
    entries += [(f"{top}/{name}", src) for name, src in extras.items()]
    entries.sort(key=lambda e: e[0])

    def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = mtime
        if info.isdir() or info.mode & 0o111:
            info.mode = 0o755
        else:
            info.mode = 0o644
        return info

    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".part")
    with (
        tmp.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=6, mtime=mtime) as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar,
    ):
        for arcname, path in entries:
            tar.add(path, arcname=arcname, recursive=False, filter=normalise)
    tmp.replace(out)
    return out


def archive_extras() -> dict[str, Path]:
    """Files that sit next to the executable in the archive (for a desktop menu entry)."""
    return {"reelhouse.desktop": DESKTOP_FILE, "reelhouse.png": ICON_PNG}


def bundle_assets(app_dir: Path) -> Path:
    """The assets tree inside a one-dir app (`_internal/assets`, or `assets` beside the program)."""
    inner = app_dir / "_internal" / "assets"
    return inner if inner.is_dir() else app_dir / "assets"


def manifest_mismatch(assets: Path, committed: Path = ROOT / "assets") -> list[str]:
    """The files of the bundled `assets` tree whose digests differ from the committed manifest
    (`assets/MANIFEST.sha256`, which the bundle also carries); [] when they all match."""
    if str(ROOT) not in sys.path:  # run as a script from build/
        sys.path.insert(0, str(ROOT))
    from game import manifest

    want = manifest.read(committed)
    if want is None:
        return [f"{committed / manifest.MANIFEST_NAME}: missing (run `make manifest`)"]
    got = manifest.build(assets)
    return sorted(rel for rel in want.keys() | got.keys() if want.get(rel) != got.get(rel))


def dir_size(path: Path) -> int:
    """Total size in bytes of the files under `path`."""
    return sum(p.stat().st_size for p in _iter_files([path]))


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--onefile", action="store_true", help="build dist/reelhouse-onefile instead")
    parser.add_argument("--if-stale", action="store_true", help="skip the build when dist/ is current")
    parser.add_argument("--clean", action="store_true", help="drop PyInstaller's caches first")
    parser.add_argument("--no-archive", action="store_true", help="build the app folder only")
    args = parser.parse_args(argv)

    version = project_version()
    executable = onefile_executable() if args.onefile else onedir_executable()
    if args.if_stale and not is_stale(executable):
        print(f"package: {executable.relative_to(ROOT)} is current, not rebuilding")
    else:
        elapsed = run_pyinstaller(onefile=args.onefile, clean=args.clean)
        print(f"package: PyInstaller build took {elapsed:.1f} s")

    if args.onefile:
        size = executable.stat().st_size
        print(f"package: {executable.relative_to(ROOT)} {size / 1e6:.1f} MB")
        return 0

    app_dir = executable.parent
    print(f"package: {app_dir.relative_to(ROOT)}/ {dir_size(app_dir) / 1e6:.1f} MB unpacked")
    differ = manifest_mismatch(bundle_assets(app_dir))
    if differ:  # a bundle that is not what was released must not ship
        listed = ", ".join(differ[:10])
        raise SystemExit(f"package: the bundle's assets differ from assets/MANIFEST.sha256: {listed}")
    print("package: the bundle's assets match assets/MANIFEST.sha256")
    if not args.no_archive:
        out = make_archive(app_dir, archive_path(version), archive_extras(), mtime=_source_date_epoch())
        print(f"package: {out.relative_to(ROOT)} {out.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
