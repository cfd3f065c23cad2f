"""The screens behind the route ids (`scenes.core.routes`): registered on the context at start, each
opener imported the first time its screen opens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scenes.core import routes

if TYPE_CHECKING:
    from scenes.core.context import AppContext
    from scenes.core.stack import SceneStack

ROUTES: dict[str, str] = {
    routes.SETTINGS: "scenes.menus.settings_menu:open_settings",
    routes.MIXER: "scenes.menus.mixer:open_mixer",
    routes.AUTOPLAY: "scenes.menus.autoplay_dialog:open_autoplay",
    routes.PAYTABLE: "scenes.viewers.paytable:open_paytable",
    routes.MINI_PAYTABLE: "scenes.viewers.paytable:open_mini_paytable",
    routes.RULES: "scenes.viewers.rules:open_rules",
    routes.HISTORY: "scenes.viewers.history:open_history",
    routes.LOBBY: "scenes.app.routes:return_to_lobby",
}


def register_routes(table: routes.Routes) -> None:
    """Register every route the rooms open by id."""
    for route, target in ROUTES.items():
        table.register(route, target)


def return_to_lobby(ctx: AppContext, stack: SceneStack) -> None:
    """Pop everything above the lobby (or start the lobby if it is not in the stack)."""
    from scenes.front.lobby import LobbyScene

    scenes = stack.scenes
    lobby_at = next((i for i, s in enumerate(scenes) if isinstance(s, LobbyScene)), None)
    if lobby_at is None:
        stack.clear_to(LobbyScene(ctx))
        return
    for _ in range(len(scenes) - 1 - lobby_at):
        stack.pop()
