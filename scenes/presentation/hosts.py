"""What a presentation may use of the screens that show it: one small facade per host.

A game's presentation (`base.Presentation`) is called by three hosts: the round player
(`scenes.reels.player.RoundPlayer`, on the reels and in the replay), the history's round detail
(`scenes.viewers.round_detail.RoundDetailScene`) and the paytable
(`scenes.viewers.paytable.PaytableScene`). It never receives the host itself, only a facade: an
object with exactly the members of the host's protocol here (`ReelsHost`, `DetailHost`,
`PaytableHost`), each forwarded to the host, and nothing else — no private attribute, no queue
or scene stack to reach into. A member the protocol declares as a plain annotation can be set
(`ReelsHost.round_win`); a property or a method is read only.

`facade(host, protocol)` builds one; the hosts build theirs once and pass it to every hook.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.definitions import GameDefinition
    from game.events import CascadeEvent, SpinEvent
    from game.money import Bet
    from scenes.core.assets import AssetStore
    from scenes.core.i18n import Translator
    from scenes.core.stack import Scene
    from scenes.reels.band import Band
    from scenes.reels.player import Pace, Picks
    from scenes.reels.sound_director import SoundDirector
    from scenes.reels.stage import Stage


class ReelsHost(Protocol):
    """The round player as a presentation sees it (the reels and the replay alike)."""

    round_win: int
    """What the round has won so far (coins); a feature that pays adds to it."""
    leave_after: Callable[[], None] | None
    """How to leave a free mode once the round's celebration closes (a game's own way out of its
    mode, e.g. Super Mode's); None: the reels' own `leave_free`."""

    @property
    def stage(self) -> Stage: ...
    @property
    def band(self) -> Band: ...
    @property
    def sounds(self) -> SoundDirector: ...
    @property
    def tr(self) -> Translator: ...
    @property
    def definition(self) -> GameDefinition: ...
    @property
    def bet(self) -> Bet | None: ...
    @property
    def pace(self) -> Pace: ...
    @property
    def speed(self) -> float: ...
    @property
    def resumed_picks(self) -> bool: ...
    @property
    def events(self) -> Sequence[Any]:
        """The round's events handed to the player so far."""
        ...

    def next_event(self) -> Any | None:
        """The event that plays after the one being shown, None when none is queued."""
        ...

    def picks(self) -> Picks:
        """How the round's picks are answered (live, autoplay or a replay)."""
        ...

    def push_scene(self, scene: Scene) -> bool:
        """Show `scene` over the reels; False (nothing pushed) where there is no scene stack."""
        ...

    def clear_wins(self) -> None:
        """Take the shown wins off the reels."""
        ...

    def say(self, msgid: str, color: tuple[int, int, int] = ..., **values: Any) -> None: ...
    def wait(self, seconds: float, then: Callable[[], None] | None = None) -> None: ...
    def wait_for(self, what: str) -> None: ...
    def done_waiting(self) -> None: ...
    def show_wins(self, ev: SpinEvent | CascadeEvent) -> None: ...
    def count_spin(self, ev: SpinEvent, total: int, multiplier: int) -> None: ...
    def enter_free(
        self,
        spins: int,
        multiplier: int,
        wild_reels: list[int],
        wild_symbols: list[str],
        theme: str | None = None,
    ) -> None: ...
    def leave_free(self) -> None: ...
    def feature_won(self) -> None: ...
    def celebrated_next(self) -> bool:
        """The round ends with the next event and its end is celebrated: a feature's own summary
        gives way to the celebration (one celebration per moment)."""
        ...

    def feature_done(self, rest: list[Any]) -> None: ...


class ViewerHost(Protocol):
    """What the history's round detail and the paytable share with a presentation drawing in
    them: the game's id and data, the art and the words."""

    @property
    def game_id(self) -> str | None: ...
    @property
    def definition(self) -> GameDefinition | None: ...
    @property
    def assets(self) -> AssetStore: ...
    @property
    def tr(self) -> Translator: ...


class DetailHost(ViewerHost, Protocol):
    """The history's round detail as `Presentation.draw_step` sees it."""


class PaytableHost(ViewerHost, Protocol):
    """The paytable as `Presentation.draw_page` sees it (always of an installed game)."""

    @property
    def game_id(self) -> str: ...
    @property
    def definition(self) -> GameDefinition: ...


def members(protocol: type) -> tuple[list[str], list[str]]:
    """(settable, read-only) public member names of `protocol` and the protocols it extends."""
    settable: list[str] = []
    readonly: list[str] = []
    for klass in reversed(protocol.__mro__):
        if klass is object or klass is Protocol or not getattr(klass, "_is_protocol", False):
            continue
        for name in getattr(klass, "__annotations__", {}):
            if not name.startswith("_") and name not in settable:
                settable.append(name)
        for name, value in vars(klass).items():
            if name.startswith("_") or name in settable or name in readonly:
                continue
            if isinstance(value, property) or callable(value):
                readonly.append(name)
    return settable, readonly


def facade(host: object, protocol: type) -> Any:
    """An object with exactly `protocol`'s public members, each forwarded to `host`: the host is
    held in the members' closures, not in an attribute, so the facade offers nothing more. (Typed
    `Any`: the caller names the protocol it holds, `self.face: ReelsHost = facade(self, ReelsHost)`.)"""

    def read(name: str) -> property:
        return property(lambda _self: getattr(host, name))

    def read_write(name: str) -> property:
        return property(lambda _self: getattr(host, name), lambda _self, value: setattr(host, name, value))

    settable, readonly = members(protocol)
    body: dict[str, Any] = {"__slots__": (), "__doc__": protocol.__doc__}
    body.update({name: read_write(name) for name in settable})
    body.update({name: read(name) for name in readonly})
    body["__repr__"] = lambda _self: f"<{protocol.__name__} of {type(host).__name__}>"
    return type(f"{protocol.__name__}Facade", (), body)()


__all__ = ["DetailHost", "PaytableHost", "ReelsHost", "ViewerHost", "facade", "members"]
