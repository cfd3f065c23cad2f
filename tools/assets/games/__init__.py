"""The asset generator's games: one module per game, found through `GAMES` (one line per game).

Each game's art and sound live in its own module here, beside the shared toolkits (`frames`,
`backdrops`, `music`, `stings`, `sfx`, `contact`), which name no game. `make_assets` and the
contact sheets ask this registry for every game and use the module's common interface:

- `TITLE`: (small line, big line, small line above the big one?) of the marquee and the logo;
- `THEME`: the marquee's and the reels' colours (`title`, `sub`, `glow`, `accent`, `face`);
- `HERO`: the image (under `assets/images/<id>/`) the lobby tile shows big;
- `frame()`: the reel frame with its marquee (`tools.assets.frames`);
- `images(lang)`: the game's own pictures, name under `assets/images/<id>/` → layer: every one
  with `lang` None, else only those with words in them, in that language;
- `backdrops()`: its opaque full-screen pictures (saved as JPEG), name → layer;
- `dress_material()`: the material of its HUD band, boxes and feature plate (`tools.assets.dress`);
- `MUSIC`, `FEATURE_MUSIC`, `SOUNDS`: name under `assets/sounds/<id>/` → generator (the base song,
  the feature themes, the stings and effects);
- `contact_order(defn)`, `contact_rows(root, load)`, `contact_backdrops(root, load)`: the game's
  contact sheet (its symbols in order, its own pictures, its extra backdrops);
- `render_jobs()` (optional): its figures rendered in Blender, name → `render.jobs.Figure`
  (`tools.assets.render.jobs` gathers them as `<id>/<name>`; the art modules lay the committed
  renders on their plates).

Adding a game's assets is its module and one line in `GAMES`.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

GAMES: dict[str, str] = {
    "stones": "tools.assets.games.stones",
    "warlords": "tools.assets.games.warlords",
    "tombraider": "tools.assets.games.tombraider",
}
"""game id → its generator module (the ids of `assets/games/<id>/`)."""


def ids() -> tuple[str, ...]:
    return tuple(GAMES)


def module(game: str) -> ModuleType:
    """The generator module of `game` (KeyError for a game it does not know)."""
    return importlib.import_module(GAMES[game])


def sounds(kind: str = "SOUNDS") -> dict[str, Any]:
    """Every game's sounds of one kind ("SOUNDS", "MUSIC" or "FEATURE_MUSIC"): `<id>/<name>` →
    generator, in the registry's order."""
    return {f"{g}/{name}": fn for g in GAMES for name, fn in getattr(module(g), kind).items()}
