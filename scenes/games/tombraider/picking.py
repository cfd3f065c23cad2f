"""Picking on a grid of hit-boxes, by mouse or keyboard: what the world map's artefacts and the
Shoot-out's discs share (a mixin). A click picks when it is pressed and released on the same
hit-box; the arrow keys move the focus round the grid (wrapping), Tab and Shift+Tab along it, and
Enter or SPIN picks it; a click or Enter on a cell that cannot be picked goes to the scene's
`refused(index)` (which says why in a toast). Each pick goes through `choose` (in play the ledger
records it before the engine reveals it); a failure leaves the pick to be made again, says why on
the scene (`error`) and in a toast, and turns automatic picks off (nothing retries it by itself).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from scenes.core.intents import Act, Intent

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_ERROR = "The pick could not be saved: {error}"
T_RECORDED = "The replay makes the recorded picks"

ARROWS = {Act.LEFT: (-1, 0), Act.RIGHT: (1, 0), Act.UP: (0, -1), Act.DOWN: (0, 1)}


def grid_move(focus: int, act: Act, cols: int, count: int) -> int:
    """The focus after an arrow key in a grid of `count` cells, `cols` wide (wrapping)."""
    dx, dy = ARROWS[act]
    rows = max(1, -(-count // cols))
    col = (focus % cols + dx) % cols
    row = (focus // cols + dy) % rows
    return min(count - 1, row * cols + col)


class GridPicks:
    """Mouse and keyboard picking; the scene gives `pick(index)`, `choose_fn`, `tr`."""

    focus: int
    hover: int | None
    armed: int | None
    error: str
    choose_fn: Callable[[int], list]
    auto_pick: Callable[[int, list[int]], int] | None

    if TYPE_CHECKING:  # the scene's

        def pick(self, index: int) -> bool: ...

        def pickable(self, index: int) -> bool: ...

    def refused(self, index: int) -> None:
        """A click or Enter on cell `index`, which cannot be picked now (the scene says why)."""

    def grid_input(
        self, intent: Intent, hit: Callable[[tuple[int, int] | None], int | None], count: int, cols: int
    ) -> bool:
        """A click, an arrow or Enter on the grid; False for any other intent."""
        act = intent.act
        if act is Act.POINTER_DOWN:
            self.armed = hit(intent.pos)
        elif act is Act.POINTER_UP:
            i = hit(intent.pos)
            if i is not None and i == self.armed:
                self._pick_or_refuse(i)
            self.armed = None
        elif act in ARROWS:
            self.focus = grid_move(self.focus, act, cols, count)
            self.hover = None
        elif act in (Act.NEXT, Act.PREV):
            self.focus = (self.focus + (1 if act is Act.NEXT else -1)) % max(1, count)
            self.hover = None
        elif act in (Act.CONFIRM, Act.SPIN):
            self._pick_or_refuse(self.focus)
        else:
            return False
        return True

    def _pick_or_refuse(self, index: int) -> None:
        if self.pickable(index):
            self.pick(index)
        else:
            self.refused(index)

    def chosen(self, index: int) -> list | None:
        """The events a pick reveals, through `choose_fn`; None (and `error` said) when it fails."""
        try:
            new = self.choose_fn(index)
        except Exception as exc:  # a ledger failure must not lose the open round
            log.exception("pick failed")
            self.error = self.tr.t(T_ERROR, error=exc)  # type: ignore[attr-defined]
            # never retried by itself: automatic picks stop, the player picks (or leaves)
            self.auto_pick = None
            self.toast(self.error)  # type: ignore[attr-defined]
            return None
        self.error = ""
        return new
