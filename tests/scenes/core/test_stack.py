"""The scene stack: lifecycle order, modal/non-modal dispatch, deferred changes."""

from __future__ import annotations

import pygame

from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack


class Probe(Scene):
    def __init__(
        self, name: str, log: list, *, modal: bool = True, opaque: bool = True, consume: bool = False
    ) -> None:
        super().__init__()
        self.name, self.log, self.modal, self.opaque, self.consume = name, log, modal, opaque, consume
        self.updates = 0
        self.on_update = None

    def on_enter(self):
        self.log.append(f"{self.name}.enter")

    def on_exit(self):
        self.log.append(f"{self.name}.exit")

    def on_pause(self):
        self.log.append(f"{self.name}.pause")

    def on_resume(self):
        self.log.append(f"{self.name}.resume")

    def handle(self, intent):
        self.log.append(f"{self.name}.handle")
        return self.consume

    def update(self, dt):
        self.updates += 1
        if self.on_update:
            fn, self.on_update = self.on_update, None
            fn()

    def draw(self, surface):
        self.log.append(f"{self.name}.draw")


def test_push_pop_lifecycle_order():
    log: list = []
    st = SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    st.push(a)
    st.push(b)
    st.pop()
    st.pop()
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume", "a.exit"]
    assert len(st) == 0 and st.top is None
    st.pop()  # popping an empty stack is harmless


def test_the_scene_made_top_again_learns_which_scene_left():
    """After `on_resume`, `on_uncovered(by)` names the scene whose leaving made it the top
    (pop or remove), so it can greet the player back from it."""
    log: list = []

    class Watcher(Probe):
        def on_uncovered(self, by):
            self.log.append(f"{self.name}.uncovered-by-{by.name}")

    st = SceneStack()
    a, b, c = Watcher("a", log), Probe("b", log), Probe("c", log)
    st.push(a)
    st.push(b)
    st.pop()
    st.push(c)
    st.remove(c)
    assert log == [
        "a.enter",
        "a.pause",
        "b.enter",
        "b.exit",
        "a.resume",
        "a.uncovered-by-b",
        "a.pause",
        "c.enter",
        "c.exit",
        "a.resume",
        "a.uncovered-by-c",
    ]


def test_replace_and_clear_to():
    log: list = []
    st = SceneStack()
    a, b, c, d = (Probe(n, log) for n in "abcd")
    st.push(a)
    st.push(b)
    st.replace(c)
    assert log[-2:] == ["b.exit", "c.enter"]  # a is not resumed in between
    assert st.scenes == (a, c)
    log.clear()
    st.clear_to(d)
    assert log == ["c.exit", "a.exit", "d.enter"]
    assert st.scenes == (d,)
    assert a.stack is None and d.stack is st


def test_remove_from_the_middle():
    log: list = []
    st = SceneStack()
    a, b, c = (Probe(n, log) for n in "abc")
    for s in (a, b, c):
        st.push(s)
    log.clear()
    st.remove(b)
    assert st.scenes == (a, c) and log == ["b.exit"]
    st.remove(c)
    assert log == ["b.exit", "c.exit", "a.resume"]


def test_modal_scene_stops_input_and_updates():
    log: list = []
    st = SceneStack()
    base, dialog = Probe("base", log), Probe("dialog", log, modal=True, opaque=False)
    st.push(base)
    st.push(dialog)
    log.clear()
    assert st.handle(Intent(Act.SPIN)) is False
    assert log == ["dialog.handle"]
    st.update(0.016)
    assert (base.updates, dialog.updates) == (0, 1)


def test_non_modal_overlay_passes_input_and_keeps_updates():
    log: list = []
    st = SceneStack()
    base = Probe("base", log, consume=True)
    toast = Probe("toast", log, modal=False, opaque=False)
    st.push(base)
    st.push(toast)
    log.clear()
    assert st.handle(Intent(Act.SPIN)) is True
    assert log == ["toast.handle", "base.handle"]
    st.update(0.016)
    assert (base.updates, toast.updates) == (1, 1)


def test_consumed_input_goes_no_further():
    log: list = []
    st = SceneStack()
    st.push(Probe("base", log))
    st.push(Probe("top", log, modal=False, consume=True))
    log.clear()
    st.handle(Intent(Act.SPIN))
    assert log == ["top.handle"]


def _canvas():
    from scenes.core.canvas import Canvas

    return Canvas(pygame.Surface((1280, 720)), 1.0)


def test_draw_from_topmost_opaque():
    log: list = []
    st = SceneStack()
    st.push(Probe("a", log))
    st.push(Probe("b", log))
    st.push(Probe("c", log, opaque=False, modal=False))
    log.clear()
    st.draw(_canvas())
    assert log == ["b.draw", "c.draw"]


def test_the_scenes_under_a_modal_overlay_are_drawn_once_until_something_changes():
    """They get no updates and no input, so the stack keeps their picture: a frame costs the
    overlay. An intent, a change of the stack or a rebuild draws them again."""
    log: list = []
    st = SceneStack()
    st.push(Probe("a", log))
    st.push(Probe("b", log, opaque=False))  # a modal overlay
    surface = _canvas()
    log.clear()
    for _ in range(3):
        st.draw(surface)
    assert log == ["a.draw", "b.draw", "b.draw", "b.draw"]
    log.clear()
    st.handle(Intent(Act.CONFIRM))
    st.draw(surface)
    assert log == ["b.handle", "a.draw", "b.draw"]
    log.clear()
    st.push(Probe("c", log, opaque=False, modal=False))  # a toast over the overlay
    log.clear()
    st.draw(surface)
    st.draw(surface)
    assert log == ["a.draw", "b.draw", "c.draw", "b.draw", "c.draw"]
    log.clear()
    st.rebuild()
    st.draw(surface)
    assert log == ["a.draw", "b.draw", "c.draw"]


def test_push_pop_inside_update_is_deferred():
    log: list = []
    st = SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    st.push(a)
    seen = []
    a.on_update = lambda: (st.push(b), seen.append(st.top))
    log.clear()
    st.update(0.016)
    assert seen == [a]  # not applied while dispatching
    assert st.top is b and log == ["a.pause", "b.enter"]
    assert b.updates == 0  # a scene pushed during a pass does not update in that pass
    b.on_update = lambda: (st.pop(), st.pop())
    st.update(0.016)
    assert len(st) == 0


def test_changes_inside_handle_are_deferred():
    log: list = []
    st = SceneStack()

    class Pusher(Probe):
        def handle(self, intent):
            self.stack.replace(Probe("next", log))
            assert self.stack.top is self
            return True

    st.push(Pusher("p", log))
    st.handle(Intent(Act.CONFIRM))
    assert st.top.name == "next"


def test_queue_and_quit():
    st = SceneStack()
    ran = []
    st.queue(lambda: ran.append(1))
    assert ran == []
    st.flush()
    assert ran == [1]
    assert not st.quit_requested
    st.request_quit()
    assert st.quit_requested


class Opener(Probe):
    """Pushes `child` from a lifecycle hook, as a resumed round opens its picker from on_enter."""

    def __init__(self, name: str, log: list, hook: str, child: Scene) -> None:
        super().__init__(name, log)
        self.hook, self.child = hook, child

    def _open(self, hook: str) -> None:
        self.log.append(f"{self.name}.{hook}")
        if hook == self.hook:
            self.stack.push(self.child)
            self.log.append(f"{self.name}.{hook}-returns (top {self.stack.top.name})")

    def on_enter(self):
        self._open("enter")

    def on_resume(self):
        self._open("resume")


def test_a_push_inside_on_enter_lands_after_the_push_that_ran_it():
    log: list = []
    st = SceneStack()
    child = Probe("child", log)
    st.push(Opener("reels", log, "enter", child))
    # the hook returned before the child entered (deferred), and the child is on top
    assert log == ["reels.enter", "reels.enter-returns (top reels)", "reels.pause", "child.enter"]
    assert st.top is child and len(st) == 2


def test_a_push_inside_on_resume_is_deferred_too():
    log: list = []
    st = SceneStack()
    child = Probe("child", log)
    base = Opener("base", log, "resume", child)
    st.push(base)
    st.push(Probe("dialog", log))
    log.clear()
    st.pop()
    assert log == [
        "dialog.exit",
        "base.resume",
        "base.resume-returns (top base)",
        "base.pause",
        "child.enter",
    ]
    assert st.top is child


def test_queued_work_waits_for_the_end_of_a_pass():
    """A notice queued by the first scene lands above the scenes pushed after it at start-up."""
    log: list = []
    st = SceneStack()
    notice = Probe("notice", log, opaque=False)

    class Lobby(Probe):
        def on_enter(self):
            super().on_enter()
            self.stack.queue(lambda: self.stack.push(notice))

    st.push(Lobby("lobby", log))
    st.push(Probe("reels", log))
    assert st.top.name == "reels"
    st.update(0.016)
    assert st.top is notice and [s.name for s in st.scenes] == ["lobby", "reels", "notice"]


def test_pop_and_replace_pass_over_a_transient_toast():
    """A menu closing itself while a toast shows over it closes; the toast stays until it fades,
    and the scene under the menu resumes (it is the top one again, under the toast)."""
    log: list = []
    st = SceneStack()
    a, menu = Probe("a", log), Probe("menu", log)
    toast = Probe("toast", log, modal=False, opaque=False)
    toast.transient = True
    st.push(a)
    st.push(menu)
    st.push(toast)
    log.clear()
    st.pop()
    assert st.scenes == (a, toast) and log == ["menu.exit", "a.resume"]
    b = Probe("b", log)
    st.replace(b)
    assert st.scenes == (b, toast)
    st.remove(toast)  # the toast fades: b is on top again (already resumed: it never paused)
    assert st.scenes == (b,)
    st.push(toast)
    st.pop()  # only transient scenes above the bottom one: the bottom one goes
    assert st.scenes == (toast,)
