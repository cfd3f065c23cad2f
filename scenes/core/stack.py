"""The scene stack: push / pop / replace / queue with symmetric lifecycle hooks.

Lifecycle: `on_enter` when a scene first becomes part of the stack, `on_pause` when another scene
is pushed over it, `on_resume` when it is on top again, `on_exit` when it leaves. Changes
requested while the stack is busy are deferred and applied, in the order asked, once the current
step is over: "busy" is a pass (`handle`, `update`) AND a change being applied, so a push made
inside a lifecycle hook (a resumed round opening its picker from `on_enter`) lands after the
change that ran the hook, on top of the scene that asked. Outside a pass a change applies at once.

A `transient` scene (a toast) never stands in the way: `pop` and `replace` act on the top-most
scene that is not transient, so a menu that closes itself while a toast shows over it closes, and
the toast stays until it fades.

Drawing goes bottom-up from the top-most opaque scene, on a Canvas of 1280×720 logical px at the
window's density (`scenes.core.canvas`); when that density changes (the window was resized),
`rebuild()` asks every scene to redraw what it had drawn ahead of time. Input goes top-down until
a scene consumes it or a modal scene stops it. `update(dt)` runs only for the top scene and the
scenes under non-modal overlays (an animation keeps running under a non-modal toast, not under a
modal dialog). So the scenes under a modal overlay look the same frame after frame: they are
drawn once into a picture, kept until the stack changes, an intent is handled or `rebuild()`
runs, and the overlay is drawn over that picture each frame (a menu over the reels costs the
menu, not the reels and the menu).
`draw()` must change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scenes.core.intents import Intent

if TYPE_CHECKING:
    from scenes.core.canvas import Canvas


class Scene:
    """Base class. Subclasses override the hooks they need.

    `opaque`: the scene paints the whole screen, so scenes below need not be drawn.
    `modal`: input and updates stop at this scene (scenes below are paused).
    `transient`: a passing message (a toast) that `pop` and `replace` leave alone.
    `live_under`: a modal scene under which the scenes below still change on screen (a
    celebration moves the balance the reels' band shows): they are drawn every frame instead of
    kept as a picture.
    """

    opaque: bool = True
    modal: bool = True
    transient: bool = False  # a toast: `pop` and `replace` pass over it
    live_under: bool = False

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    # lifecycle ---------------------------------------------------------------------------------
    def on_enter(self) -> None: ...
    def on_exit(self) -> None: ...
    def on_pause(self) -> None: ...
    def on_resume(self) -> None: ...
    def on_uncovered(self, by: Scene) -> None:
        """Called after `on_resume` with the scene that left and made this one the top again
        (a scene that greets the player back from a bonus scene with a fade, say)."""

    # per frame ---------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Act on an intent; return True if consumed (it then goes no further down)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (clamped by the main loop)."""

    def draw(self, surface: Canvas) -> None:
        """Paint onto `surface` (1280×720 logical px). Must not change state."""

    def draw_backdrop(self, surface: Canvas) -> None:
        """The part of `draw` that stays the same while the scene is on top (a modal overlay's
        dim and panel). A scene that has one draws it first in `draw` and the rest in
        `draw_front`; the stack then keeps it in its picture of the scenes below (see
        `SceneStack.draw`) and calls `draw_front` each frame."""

    def draw_front(self, surface: Canvas) -> None:
        """`draw` without `draw_backdrop` (the whole of `draw` for a scene with no backdrop)."""
        self.draw(surface)

    def rebuild(self) -> None:
        """Redraw whatever was drawn ahead of time and kept (composed backdrops, pre-rendered
        labels): the density changed, so those pictures are at the wrong one. Art reached
        through the asset store each frame needs nothing: the store has dropped the old."""


class SceneStack:
    """Owns the scenes; applies changes between passes."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self._queued: list[Callable[[], None]] = []  # `queue`: drained at the end of a pass
        self._busy = 0
        self.quit_requested = False
        self._under: tuple[tuple, Canvas] | None = None  # (key, the scenes under a modal overlay)

    # queries -----------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    # changes (deferred while dispatching) ------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._do(lambda: self._push(scene))

    def pop(self) -> None:
        self._do(self._pop)

    def replace(self, scene: Scene) -> None:
        """Pop the top scene and push `scene` (the scene below is not resumed in between)."""
        self._do(lambda: self._replace(scene))

    def clear_to(self, scene: Scene) -> None:
        """Exit every scene and push `scene` as the only one."""
        self._do(lambda: self._clear_to(scene))

    def remove(self, scene: Scene) -> None:
        """Take `scene` out wherever it is (a toast expiring under a newer overlay)."""
        self._do(lambda: self._remove(scene))

    def queue(self, fn: Callable[[], None]) -> None:
        """Run `fn` at the end of the current pass, or of the next one when none is running,
        after every change asked for until then (e.g. a notice that must land above the scenes
        the app pushes at start-up)."""
        self._queued.append(fn)

    def request_quit(self) -> None:
        self.quit_requested = True

    def _do(self, fn: Callable[[], None]) -> None:
        self._pending.append(fn)
        self._apply()

    def _push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_pause()
        scene.stack = self
        self._scenes.append(scene)
        scene.on_enter()

    def _target(self) -> int:
        """The index `pop` and `replace` act on: the top-most scene that is not transient (the
        top one when all are)."""
        i = len(self._scenes) - 1
        while i > 0 and self._scenes[i].transient:
            i -= 1
        return i

    def _remove_at(self, i: int) -> None:
        scene = self._scenes.pop(i)
        scene.on_exit()
        scene.stack = None
        # the scene below is the top again (maybe under transient ones): it resumes
        if i > 0 and all(s.transient for s in self._scenes[i:]):
            self._scenes[i - 1].on_resume()
            self._scenes[i - 1].on_uncovered(scene)

    def _pop(self) -> None:
        if self._scenes:
            self._remove_at(self._target())

    def _replace(self, scene: Scene) -> None:
        at = len(self._scenes)
        if self._scenes:
            at = self._target()
            old = self._scenes.pop(at)
            old.on_exit()
            old.stack = None
        scene.stack = self
        self._scenes.insert(at, scene)
        scene.on_enter()

    def _remove(self, scene: Scene) -> None:
        if scene in self._scenes:
            self._remove_at(self._scenes.index(scene))

    def _clear_to(self, scene: Scene) -> None:
        while self._scenes:
            old = self._scenes.pop()
            old.on_exit()
            old.stack = None
        self._push(scene)

    def _apply(self) -> None:
        """Apply the deferred changes in order, unless the stack is busy (then its owner will).

        Each change runs with the stack busy, so whatever its hooks ask for is queued behind it.
        """
        if self._busy:
            return
        self._busy += 1
        try:
            while self._pending:
                self._pending.pop(0)()
                self._under = None
        finally:
            self._busy -= 1

    def flush(self) -> None:
        """Apply deferred changes, then what was `queue`d (called at the end of every pass)."""
        self._apply()
        while self._queued and not self._busy:
            self._pending.extend(self._queued)
            self._queued.clear()
            self._apply()

    # passes ------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Offer an intent top-down until one consumes it or a modal scene stops it."""
        self._under = None  # what the scenes below show may follow the intent (a language switch)
        self._busy += 1
        try:
            for scene in reversed(self._scenes):
                if scene.handle(intent):
                    return True
                if scene.modal:
                    return False
            return False
        finally:
            self._busy -= 1
            self.flush()

    def update(self, dt: float) -> None:
        """Update the top scene and every scene below non-modal overlays."""
        self._busy += 1
        try:
            for scene in self._active():
                scene.update(dt)
        finally:
            self._busy -= 1
            self.flush()

    def rebuild(self) -> None:
        """Every scene redraws what it keeps (see `Scene.rebuild`), bottom first."""
        self._under = None
        for scene in list(self._scenes):
            scene.rebuild()

    def draw(self, surface: Canvas) -> None:
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        shown = self._scenes[start:]
        front = max((i for i, s in enumerate(shown) if s.modal), default=0)
        if front == 0 or shown[front].live_under:
            for scene in shown:
                scene.draw(surface)
            return
        key = (id(shown[front]), surface.k, surface.get_size())
        if self._under is None or self._under[0] != key:
            from scenes.core.canvas import Canvas

            under = Canvas.new(surface.get_size(), surface.k, alpha=False)
            for scene in shown[:front]:
                scene.draw(under)
            shown[front].draw_backdrop(under)
            self._under = (key, under)
        surface.blit(self._under[1], (0, 0))
        shown[front].draw_front(surface)
        for scene in shown[front + 1 :]:
            scene.draw(surface)

    def _active(self) -> list[Scene]:
        out: list[Scene] = []
        for scene in reversed(self._scenes):
            out.append(scene)
            if scene.modal:
                break
        return list(reversed(out))
