"""The generator's third-party inputs: which packages, which files, and how to fetch them.

`fetch()` runs `npm pack` for pinned package versions into a temporary folder and copies only
the few files the generator uses into `tools/assets/sources/` (SVGs and licence texts) and the
fonts, converted from WOFF to TTF, into `assets/fonts/`. Those copies are committed, so the
build step (`make_assets.build`) needs no network and no npm.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "tools" / "assets" / "sources"
FONTS = ROOT / "assets" / "fonts"

GAME_ICONS_PKG = "@iconify-json/game-icons@1.2.4"
OPENMOJI_PKG = "openmoji@17.0.0"
CINZEL_PKG = "@fontsource/cinzel@5.3.0"
LATO_PKG = "@fontsource/lato@5.3.0"

# game-icons.net icons used (name in the iconify set).
GAME_ICONS = sorted(
    {
        # stones
        "sea-serpent",
        "wolf-howl",
        "charging-bull",
        "owl",
        "deer",
        "rune-stone",
        "light-thorny-triskelion",
        "stone-tablet",
        # warlords
        "ninja-heroic-stance",
        "sun-priest",
        "barbarian",
        "wolf-head",
        "lynx-head",
        "boar",
        "samurai-helmet",
        "ceremonial-mask",
        "horned-helm",
        "power-ring",
        "vertical-banner",
        "thor-hammer",
        "arrow-cluster",
        "broadsword",
        "crossed-swords",
        "fire-gem",
        # tomb raider
        "mountain-climbing",
        "crossed-pistols",
        "shining-sword",
        "skeleton-key",
        "passport",
        "amphora",
        "fragmented-sword",
        "wolf-trap",
        "open-treasure-chest",
        "coins-pile",
        "compass",
        "outback-hat",
        "palm-tree",
        "pagoda",
        "fuji",
        "mayan-pyramid",
        "ancient-ruins",
        "tower-bridge",
        "clock-tower",
        "jungle",
        "mountains",
        "elephant",
        "egyptian-temple",
        # ui
        "spanner",
        "sound-on",
        "sound-off",
        "scroll-unfurled",
        "info",
        "cycle",
        "backward-time",
        "expand",
        "clockwise-rotation",
        "crown-coin",
    }
)

# OpenMoji colour SVGs used (hex code → what for).
OPENMOJI = {"1F3CD": "motorcycle (rider symbol silhouette)"}

FONT_FILES = {
    # target file in assets/fonts → (package, file inside the package)
    "display.ttf": (CINZEL_PKG, "files/cinzel-latin-700-normal.woff"),
    "display_regular.ttf": (CINZEL_PKG, "files/cinzel-latin-400-normal.woff"),
    "text.ttf": (LATO_PKG, "files/lato-latin-400-normal.woff"),
    "text_bold.ttf": (LATO_PKG, "files/lato-latin-700-normal.woff"),
}


def icon_path(name: str) -> Path:
    return SOURCES / "game-icons" / f"{name}.svg"


def openmoji_path(code: str) -> Path:
    return SOURCES / "openmoji" / f"{code}.svg"


def _npm_pack(spec: str, dest: Path) -> Path:
    out = (
        subprocess.run(
            ["npm", "pack", spec, "--silent"], cwd=dest, check=True, capture_output=True, text=True
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    folder = dest / (out.removesuffix(".tgz"))
    folder.mkdir(exist_ok=True)
    with tarfile.open(dest / out) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package"


def _woff_to_ttf(src: Path, dst: Path) -> None:
    from fontTools.ttLib import TTFont  # generator-only dependency

    f = TTFont(str(src), recalcTimestamp=False)
    f.flavor = None
    f.save(str(dst), reorderTables=True)


def wrap_icon(body: str) -> str:
    """A game-icons body as a standalone white 512×512 SVG."""
    body = body.replace("currentColor", "#ffffff")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">'
        f'<g fill="#ffffff">{body}</g></svg>\n'
    )


def fetch() -> None:
    """Fetch the pinned packages with npm and refresh the committed copies of what is used."""
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        gi = _npm_pack(GAME_ICONS_PKG, t)
        data = json.loads((gi / "icons.json").read_text())
        out = SOURCES / "game-icons"
        out.mkdir(parents=True, exist_ok=True)
        for name in GAME_ICONS:
            icon = data["icons"].get(name)
            if icon is None:
                icon = data["icons"][data["aliases"][name]["parent"]]
            icon_path(name).write_text(wrap_icon(icon["body"]))
        (out / "LICENSE.txt").write_text(
            "game-icons.net icons, from the npm package "
            f"{GAME_ICONS_PKG} (Iconify JSON).\n"
            "Authors: Lorc, Delapouite and contributors, https://game-icons.net\n"
            "Licence: Creative Commons Attribution 3.0 Unported (CC BY 3.0),\n"
            "https://creativecommons.org/licenses/by/3.0/\n"
            "Each file here is one icon body wrapped in an <svg> element with a white fill.\n"
        )

        om = _npm_pack(OPENMOJI_PKG, t)
        out = SOURCES / "openmoji"
        out.mkdir(parents=True, exist_ok=True)
        for code in OPENMOJI:
            shutil.copyfile(om / "color" / "svg" / f"{code}.svg", openmoji_path(code))
        shutil.copyfile(om / "LICENSE.txt", out / "LICENSE.txt")

        FONTS.mkdir(parents=True, exist_ok=True)
        pkgs: dict[str, Path] = {}
        for target, (pkg, inner) in FONT_FILES.items():
            if pkg not in pkgs:
                pkgs[pkg] = _npm_pack(pkg, t)
            _woff_to_ttf(pkgs[pkg] / inner, FONTS / target)
        shutil.copyfile(pkgs[CINZEL_PKG] / "LICENSE", FONTS / "OFL-Cinzel.txt")
        shutil.copyfile(pkgs[LATO_PKG] / "LICENSE", FONTS / "OFL-Lato.txt")


def missing_inputs() -> list[str]:
    """Inputs the build step needs that are not in the checkout."""
    need = [icon_path(n) for n in GAME_ICONS] + [openmoji_path(c) for c in OPENMOJI]
    need += [FONTS / n for n in FONT_FILES]
    return [str(p.relative_to(ROOT)) for p in need if not p.exists()]
