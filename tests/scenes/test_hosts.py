"""A presentation gets its host's facade, never the host: exactly the protocol's members, no
private attribute, no way back to the round player's queue or scene stack."""

from __future__ import annotations

from typing import Any

import pytest

from scenes.presentation.base import Presentation
from scenes.presentation.hosts import DetailHost, PaytableHost, ReelsHost, facade, members


def _public(obj: object) -> set[str]:
    return {n for n in dir(obj) if not n.startswith("__")}


def test_the_reels_facade_has_exactly_the_protocols_members():
    settable, readonly = members(ReelsHost)
    assert settable == ["round_win", "leave_after"]
    assert {"stage", "band", "next_event", "picks", "push_scene", "clear_wins", "say"} <= set(readonly)
    assert not {"queue", "host", "presenter", "view", "played", "held"} & set(readonly)
    assert all(not n.startswith("_") for n in settable + readonly)


class _Host:
    """A stand-in host with private parts and more than the protocol offers."""

    def __init__(self) -> None:
        self.round_win = 5
        self.leave_after = None
        self.queue = ["secret"]
        self._private = 1
        self.game_id = "g"
        self.definition = None
        self.assets = "assets"
        self.tr = "tr"

    def say(self, msgid: str, color: Any = None, **values: Any) -> None:
        self.said = (msgid, values)


def test_a_facade_forwards_and_offers_nothing_more():
    host = _Host()
    face = facade(host, ReelsHost)
    settable, readonly = members(ReelsHost)
    assert _public(face) == set(settable) | set(readonly)
    assert not [n for n in dir(face) if n.startswith("_") and not n.startswith("__")]
    assert face.round_win == 5
    face.round_win += 3
    assert host.round_win == 8
    face.say("HI", n=1)
    assert host.said == ("HI", {"n": 1})
    for name in ("queue", "_private", "host"):
        with pytest.raises(AttributeError):
            getattr(face, name)
    with pytest.raises(AttributeError):
        face.tr = "other"  # read only
    with pytest.raises(AttributeError):
        face.anything = 1  # no __dict__ to put it in
    viewer = facade(host, PaytableHost)
    assert _public(viewer) == {"game_id", "definition", "assets", "tr"}
    assert viewer.assets == "assets" and _public(facade(host, DetailHost)) == _public(viewer)


def test_every_hook_of_the_round_player_gets_the_facade(ctx, display):
    """A live reels scene: every hook a presentation answers is called with the player's
    `ReelsHost` facade; the round detail and the paytable hold theirs."""
    from scenes.core.intents import Act, Intent
    from scenes.core.stack import SceneStack
    from scenes.reels.player import RoundPlayer
    from scenes.reels.scene import ReelsScene
    from scenes.viewers.paytable import PaytableScene
    from scenes.viewers.round_detail import RoundDetailScene

    seen: list[tuple[str, object]] = []

    class Spy(Presentation):
        def begin(self, event: Any, player: Any) -> bool:
            seen.append(("begin", player))
            return False

        def landed(self, event: Any, player: Any) -> bool:
            seen.append(("landed", player))
            return False

    gid = "stones"
    ctx.settings.quick_spin = True
    stack = SceneStack()
    scene = ReelsScene(ctx, gid)
    stack.push(scene)
    player: RoundPlayer = scene.player
    player.presentation = Spy()
    stack.handle(Intent(Act.SPIN))
    for _ in range(3000):
        stack.update(1 / 60)
        if not scene.driver.active and not player.waiting:
            break
    assert {"begin", "landed"} <= {k for k, _ in seen}
    assert all(p is player.face for _, p in seen) and not isinstance(player.face, RoundPlayer)
    table = PaytableScene(ctx, gid, scene.bet)
    detail = RoundDetailScene(ctx, ctx.ledger.history(1)[0])
    for face in (table.face, detail.face):
        assert _public(face) == {"game_id", "definition", "assets", "tr"}
        assert face.game_id == gid
