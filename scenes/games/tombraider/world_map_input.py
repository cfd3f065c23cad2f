"""The world map's input (a mixin of `scenes.games.tombraider.world_map.WorldMapScene`): picking
an artefact with the mouse (the panel's hit-boxes) or the arrow keys and Enter, the pointer over
a location (hit-tested in map coordinates), SPIN / Enter / a click hurrying a moment between
picks, and Esc: it leaves while the player is to pick (the quest resumes next time), else a toast
says why not; an artefact already open and a click in a replay say why in a toast too.
Each pick goes through `choose` (in play the ledger records it before the engine reveals it).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from scenes.core.intents import Act, Intent
from scenes.games.tombraider.picking import T_RECORDED, GridPicks
from scenes.games.tombraider.world_map_layout import COLS, panel_side, tile_rect

if TYPE_CHECKING:
    from collections import deque
    from collections.abc import Callable
    from typing import Any

    from game.events import PickRequestEvent
    from scenes.games.tombraider.duel import Showdown
    from scenes.games.tombraider.quest import Quest
    from scenes.games.tombraider.world import MapCamera, MapLocation, WorldMap
    from scenes.games.tombraider.world_map import Tile

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_CANT_LEAVE = "The quest can be left while you choose an artefact; it resumes next time."
T_OPEN = "That artefact is already open"

AUTO_PICK_WAIT = 0.6  # s before a pick made without the player


class MapInput(GridPicks):
    """Picks and the player's input on the world map."""

    if TYPE_CHECKING:  # the host's (WorldMapScene), for the checker
        _cam_t: float
        _cam_to: MapCamera
        _queue: deque[Any]
        camera: MapCamera
        hover_location: str | None
        on_leave: Callable[[], None]
        panel_k: float
        panel_target: float
        phase: str
        phase_len: float
        phase_t: float
        quest: Quest
        request: PickRequestEvent | None
        showdown: Showdown | None
        speed: float
        tiles: list[Tile]
        tr: Any
        watch_only: bool
        world: WorldMap

        def _arrive(self) -> None: ...

        def _current_location(self) -> MapLocation: ...

        def _finish(self) -> None: ...

        def _next(self) -> None: ...

        def _set_phase(self, phase: str, length: float = ...) -> None: ...

        def toast(self, text: str) -> None: ...

    def pickable(self, index: int) -> bool:
        req = self.request
        board = self.quest.board
        return (
            self.phase == "picking"
            and req is not None
            and board is not None
            and 0 <= index < req.options
            and index not in req.picked
            and not board.is_open(index)
        )

    def pick(self, index: int) -> bool:
        """Pick artefact `index` (through the driver: the ledger records it first)."""
        if not self.pickable(index):
            return False
        self._set_phase("wait")
        new = self.chosen(index)
        if new is None:
            self._set_phase("picking")
            return False
        self.request = None
        self._queue.extend(new)
        self._next()
        return True

    def tile_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None or self.panel_k < 1.0 or self.quest.board is None:
            return None
        side = panel_side(self._current_location())
        for i in range(len(self.tiles)):
            if tile_rect(i, side).collidepoint(pos):
                return i
        return None

    def location_at(self, pos: tuple[int, int] | None) -> str | None:
        """The location under the pointer, hit-tested in map coordinates."""
        if pos is None:
            return None
        loc = self.world.location_at(self.camera.to_map(pos), slack=10 / self.camera.zoom)
        return loc.id if loc is not None else None

    # -- input ---------------------------------------------------------------------------------------
    def handle_bonus(self, intent: Intent) -> bool:
        """The map's own input (`BonusScene.handle` passes on the app's keys first and says
        "Finish the feature first" for a key meant for another screen)."""
        act = intent.act
        if act is Act.BACK:
            if self.phase == "picking" or self.watch_only:
                self.on_leave()
            else:
                self.toast(self.tr.gettext(T_CANT_LEAVE))
            return True
        if act is Act.POINTER_MOVE:
            self.hover = self.tile_at(intent.pos)
            self.hover_location = self.location_at(intent.pos) if self.hover is None else None
            if self.hover is not None:
                self.focus = self.hover
            return True
        if self.phase == "summary":
            if act in (Act.SPIN, Act.CONFIRM, Act.POINTER_UP):
                self._finish()
            return act in (Act.SPIN, Act.CONFIRM, Act.POINTER_DOWN, Act.POINTER_UP)
        if act in (Act.SPIN, Act.CONFIRM) and (self.phase != "picking" or self.watch_only):
            self.hurry()
            return True
        if act is Act.POINTER_UP and self.phase != "picking":
            self.hurry()  # a click between picks ends the moment, as SPIN does
            return True
        if self.watch_only:
            if act is Act.POINTER_UP and self.tile_at(intent.pos) is not None:
                self.toast(self.tr.gettext(T_RECORDED))
            return act in (Act.POINTER_DOWN, Act.POINTER_UP)
        return self.grid_input(intent, self.tile_at, len(self.tiles), COLS) or act is Act.POINTER_DOWN

    def refused(self, index: int) -> None:
        board = self.quest.board
        if self.phase == "picking" and board is not None and board.is_open(index):
            self.toast(self.tr.gettext(T_OPEN))

    def hurry(self) -> None:
        """SPIN / Enter between picks: the current moment ends now (the outcome never changes)."""
        if self.showdown is not None and self.phase == "showdown":
            self.showdown.hurry()
        elif self.phase in ("intro", "travel"):
            self._arrive()
            self._cam_t, self.camera, self.panel_k = 1.0, self._cam_to, self.panel_target
        elif self.phase in ("arrive", "reveal", "unveil", "ends", "pot", "jackpot"):
            self.phase_t = max(self.phase_t, self.phase_len)
            self._cam_t = 1.0
            self.camera = self._cam_to
            self.panel_k = self.panel_target
            for tile in self.tiles:
                if tile.turning:
                    tile.turning, tile.t = False, 1.0
        elif self.phase == "picking" and self.watch_only:
            self.phase_t = max(self.phase_t, AUTO_PICK_WAIT * self.speed)
