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

Drawing goes bottom-up from the top-most opaque scene; input goes top-down until a scene consumes
it or a modal scene stops it. `update(dt)` runs only for the top scene and the scenes under
non-modal overlays (an animation keeps running under a non-modal toast, not under a modal dialog).
`draw()` must change nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.core.intents import Intent


class Scene:
    """Base class. Subclasses override the hooks they need.

    `opaque`: the scene paints the whole screen, so scenes below need not be drawn.
    `modal`: input and updates stop at this scene (scenes below are paused).
    `transient`: a passing message (a toast) that `pop` and `replace` leave alone.
    """

    opaque: bool = True
    modal: bool = True
    transient: bool = False  # a toast: `pop` and `replace` pass over it

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    # lifecycle ---------------------------------------------------------------------------------
    def on_enter(self) -> None: ...
    def on_exit(self) -> None: ...
    def on_pause(self) -> None: ...
    def on_resume(self) -> None: ...

    # per frame ---------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Act on an intent; return True if consumed (it then goes no further down)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (clamped by the main loop)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto `surface` (1280×720 logical). Must not change state."""


class SceneStack:
    """Owns the scenes; applies changes between passes."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []
        self._queued: list[Callable[[], None]] = []  # `queue`: drained at the end of a pass
        self._busy = 0
        self.quit_requested = False

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

    def draw(self, surface: pygame.Surface) -> None:
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        for scene in self._scenes[start:]:
            scene.draw(surface)

    def _active(self) -> list[Scene]:
        out: list[Scene] = []
        for scene in reversed(self._scenes):
            out.append(scene)
            if scene.modal:
                break
        return list(reversed(out))
