"""The released files' digests: `assets/MANIFEST.sha256`, in `sha256sum` format.

Every file under `assets/` (but the manifest itself) is listed with its SHA-256, one
`<hex>  <path relative to assets/>` line each, sorted, so `cd assets && sha256sum -c
MANIFEST.sha256` checks a tree by hand. The asset generator and the package build write it
(`python -m game.manifest write`, `make manifest`); the app checks it at start-up
(`scenes.core.verify`): game data and fonts before the first frame, the rest after it.

Pure: no pygame, no scenes. Files are grouped by what a difference means (`kind_of`): the game
data the maths is computed from, the fonts, and the media (pictures, sounds, maps, catalogs,
rules texts, credits).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

MANIFEST_NAME = "MANIFEST.sha256"
GAME_DATA_SUFFIXES = (".toml", ".json")  # under games/<id>/: what the engine and the par read
CHUNK = 1 << 16


def kind_of(rel: str) -> str:
    """What a difference in `rel` means: "data" (a game's definition, its generated tables, and
    the world map a bonus is played on: a map that cannot be parsed mid-bonus would leave a round
    open), "font" or "media"."""
    parts = rel.split("/")
    if parts[0] == "games" and rel.endswith(GAME_DATA_SUFFIXES):
        return "data"
    if parts[0] == "maps" and rel.endswith(".tmx"):
        return "data"
    if parts[0] == "fonts" and rel.endswith(".ttf"):
        return "font"
    return "media"


def file_digest(path: Path) -> str:
    """The file's SHA-256 in hex (OSError when it cannot be read)."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(CHUNK):
            h.update(chunk)
    return h.hexdigest()


def released_files(root: Path) -> list[str]:
    """Every regular file under `root` (an assets tree) but the manifest, as sorted posix paths."""
    out = []
    for p in root.rglob("*"):
        if p.is_file() and p.name != MANIFEST_NAME and "__pycache__" not in p.parts:
            out.append(p.relative_to(root).as_posix())
    return sorted(out)


def build(root: Path) -> dict[str, str]:
    """{relative path: digest} of every released file under `root`."""
    return {rel: file_digest(root / rel) for rel in released_files(root)}


def render(entries: dict[str, str]) -> str:
    return "".join(f"{digest}  {rel}\n" for rel, digest in sorted(entries.items()))


def parse(text: str) -> dict[str, str]:
    """The manifest's entries; ValueError naming the first line that is not `<hex>  <path>`."""
    out: dict[str, str] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        digest, sep, rel = line.partition("  ")
        rel = rel.removeprefix("*")  # sha256sum's binary-mode marker
        if not sep or len(digest) != 64 or not rel or any(c not in "0123456789abcdef" for c in digest):
            raise ValueError(f"{MANIFEST_NAME} line {n}: expected '<sha256>  <path>'")
        out[rel] = digest
    return out


def read(root: Path) -> dict[str, str] | None:
    """The manifest of the assets tree at `root`, or None when it has none."""
    path = root / MANIFEST_NAME
    if not path.is_file():
        return None
    return parse(path.read_text(encoding="utf-8"))


def write(root: Path) -> Path:
    """Write `root/MANIFEST.sha256` for the files there now; return its path."""
    path = root / MANIFEST_NAME
    text = render(build(root))
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8", newline="\n")
    return path


@dataclass(frozen=True)
class Difference:
    """One released file that is not as shipped: `how` is "changed", "missing" or "unlisted"."""

    rel: str
    how: str

    @property
    def kind(self) -> str:
        return kind_of(self.rel)


def differences(root: Path, expected: dict[str, str], rels: Iterable[str]) -> list[Difference]:
    """The files among `rels` that differ from `expected` (a file that cannot be read is changed)."""
    out = []
    for rel in rels:
        path = root / rel
        want = expected.get(rel)
        if not path.is_file():
            if want is not None:
                out.append(Difference(rel, "missing"))
            continue
        if want is None:
            out.append(Difference(rel, "unlisted"))
            continue
        try:
            got = file_digest(path)
        except OSError:
            got = ""
        if got != want:
            out.append(Difference(rel, "changed"))
    return out


def stale(root: Path) -> list[str]:
    """What `write` would change: files added, removed or changed since the manifest was written."""
    now = build(root)
    was = read(root) or {}
    return sorted(rel for rel in now.keys() | was.keys() if now.get(rel) != was.get(rel))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.manifest", description=__doc__.splitlines()[0])
    p.add_argument("action", choices=("write", "check"))
    p.add_argument("root", nargs="?", type=Path, default=Path(__file__).resolve().parent.parent / "assets")
    args = p.parse_args(argv)
    if args.action == "write":
        path = write(args.root)
        print(f"wrote {path} ({len(released_files(args.root))} files)")
        return 0
    changed = stale(args.root)
    for rel in changed:
        print(f"stale: {rel}", file=sys.stderr)
    if changed:
        print(f"{MANIFEST_NAME} is stale ({len(changed)} files): run `make manifest`", file=sys.stderr)
        return 1
    print(f"{MANIFEST_NAME}: {len(released_files(args.root))} files match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
