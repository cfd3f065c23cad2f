"""Warlords' rounds through the real reels scene: every spin's landed cells equal its event's grid
(overlays laid, held cells held), the battle scene comes for a battle and converts the scatters,
the re-spins dim all but the held scatters, the counters follow the events, the Final Chance pays
or places its scatter, each warlord's free spins get their own backdrop, and the win is credited
once. Seeds are found from the engine (`SeedSource` as the app uses it), not hard-coded, but for
the rare three-way battle, pinned and checked against the engine (`warlords_seeds`)."""

from __future__ import annotations

import pytest

from game.bets import default_bet
from game.definitions import load_game
from game.events import SpinEvent
from game.rng import SeedSource
from game.round import play_round
from scenes.core.stack import SceneStack
from scenes.games.warlords.battle import BattleScene
from scenes.games.warlords.decor import Counter, HeldScatters
from scenes.reels.player import RoundPlayer
from scenes.reels.scene import ReelsScene

DT = 1 / 60


def _tags(events: list) -> set[str]:
    out = set()
    base = events[0]
    if base.overlay_style:
        out.add(f"overlay_{base.overlay_style}")
    for e in events:
        if e.type == "battle":
            out.add(f"battle{len(e.contenders)}")
        elif e.type == "final_chance":
            out.add(f"final_{e.kind}")
        elif e.type == "warlords_free_spins_start":
            out.add(f"free_{e.mode}")
        elif e.type == "warlords_new_scatters" and e.phase == "respin":
            out.add("respin_joined")
    return out


@pytest.fixture(scope="module")
def seeds() -> dict[str, int]:
    """A session seed whose first round shows each thing (at the default bet)."""
    from warlords_seeds import three_way_session_seed

    defn = load_game("warlords").definition
    bet = default_bet(defn)
    wanted = {
        "overlay_hammer",
        "overlay_arrow",
        "overlay_sword",
        "battle2",
        "final_coins",
        "final_scatter",
        "free_barbarian",
        "free_priestess",
        "free_samurai",
        "respin_joined",
    }
    found: dict[str, int] = {"battle3": three_way_session_seed()}  # and the Samurai's free spins
    for s in range(1, 20_000):
        for tag in _tags(play_round(defn, bet, SeedSource(s).next_seed()).events):
            found.setdefault(tag, s)
        if wanted <= found.keys():
            return found
    raise AssertionError(f"no seeds for {wanted - found.keys()}")


def play(ctx, seed: int, screen, *, turbo: bool = False):
    """Play the first round of session `seed` on the Warlords reels to its end; returns what was
    seen: (scene, landings [(event, cells shown)], decor snapshots, battle scenes pushed)."""
    ctx.options.seed = seed
    ctx.options.turbo = turbo
    ctx.seeds = SeedSource(seed)
    stack = SceneStack()
    scene = ReelsScene(ctx, "warlords")
    stack.push(scene)
    scene.start_balance = ctx.ledger.balance_cents  # type: ignore[attr-defined]
    heard: list[str] = []
    scene.heard = heard  # type: ignore[attr-defined]
    played = scene.sounds._play

    def hear(name, *args, **kwargs):
        heard.append(name)
        played(name, *args, **kwargs)

    scene.sounds._play = hear  # type: ignore[method-assign]
    landings: list = []
    battles: list = []
    real = RoundPlayer.show_wins

    def show_wins(player, ev):
        decor = player.stage.decor
        snap = {
            "counter": decor["counter"].value if isinstance(decor.get("counter"), Counter) else None,
            "held": set(decor["held"].held) if isinstance(decor.get("held"), HeldScatters) else None,
        }
        landings.append((ev, player.view.visible_cells(), snap))
        real(player, ev)

    RoundPlayer.show_wins = show_wins  # type: ignore[method-assign]
    try:
        stack.update(DT)
        assert scene.start_round()
        for _ in range(60 * 400):
            stack.update(DT)
            stack.draw(screen)
            if isinstance(stack.top, BattleScene) and stack.top not in battles:
                battles.append(stack.top)
            if not scene.driver.active and scene.player.waiting == "":
                break
        else:
            raise AssertionError("the round never ended")
    finally:
        RoundPlayer.show_wins = real  # type: ignore[method-assign]
    return scene, landings, battles


def _check_landings(landings) -> None:
    for ev, shown, _ in landings:
        assert isinstance(ev, SpinEvent)
        assert shown == ev.grid, (ev.mode, ev.spin_index)


@pytest.mark.slow
@pytest.mark.parametrize("tag", ["overlay_hammer", "overlay_arrow", "overlay_sword"])
def test_overlay_spins_land_with_their_wilds_laid(ctx, display, seeds, tag):
    scene, landings, battles = play(ctx, seeds[tag], display)
    (ev, shown, _), *_ = landings
    assert ev.overlay_style == tag.split("_")[1] and ev.overlay
    assert all(shown[r][w] == "wild" for r, w in ev.overlay)
    _check_landings(landings)
    assert not battles
    assert f"warlords/wild_{ev.overlay_style}" in scene.heard


@pytest.mark.slow
def test_a_battle_of_three_then_the_samurai_free_spins(ctx, display, seeds):
    scene, landings, battles = play(ctx, seeds["battle3"], display)
    _check_landings(landings)
    (battle,) = battles
    assert len(battle.contenders) == 3 and battle.finished
    assert any(e.type == "warlords_free_spins_start" and e.mode == "samurai" for e in scene.player.events)
    # its money strip reads the reels' own band: the balance as shown there, the bet, the win
    assert battle.hud.band is scene.player.band and battle.hud.bet == scene.bet
    assert [label for label, _ in battle.hud.figures()] == ["BALANCE", "BET", "WIN"]
    respins = [(ev, decor) for ev, _, decor in landings if ev.mode == "respin"]
    assert respins
    for ev, decor in respins:
        assert decor["held"] is not None and set(map(tuple, ev.held)) <= decor["held"]
    start = next(e for e in scene.player.events if e.type == "respins_start")
    assert all(e.grid[r][w] == start.symbol for e, _ in respins for r, w in e.held)
    end = scene.player.events[-1]
    assert scene.balance_cents == ctx.ledger.balance_cents
    assert scene.balance_cents == scene.start_balance - scene.bet.total_cents + scene.bet.coins_to_cents(
        end.total_win_coins
    )


@pytest.mark.slow
def test_new_scatters_join_the_respins_before_the_counter_moves_on(ctx, display, seeds):
    scene, landings, _ = play(ctx, seeds["respin_joined"], display, turbo=True)
    _check_landings(landings)
    counters = [d["counter"] for ev, _, d in landings if ev.mode == "respin"]
    assert counters and all(c is not None for c in counters)
    # the counter says what is left once the spin's new scatters joined (before its wins)
    events = scene.player.events
    for ev, _, decor in landings:
        if ev.mode != "respin":
            continue
        i = events.index(ev)
        nxt = events[i + 1] if i + 1 < len(events) else None
        if nxt is not None and nxt.type == "warlords_new_scatters":
            assert decor["counter"] == str(nxt.respins_left)
            assert set(map(tuple, nxt.cells)) <= decor["held"]


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["barbarian", "priestess", "samurai"])
def test_each_warlords_free_spins_have_their_backdrop_and_counter(ctx, display, seeds, mode):
    scene, landings, _ = play(ctx, seeds[f"free_{mode}"], display, turbo=True)
    _check_landings(landings)
    free = [(ev, decor) for ev, _, decor in landings if ev.mode == "free"]
    assert free
    events = scene.player.events
    for ev, decor in free:
        counter = decor["counter"]
        if mode == "barbarian":
            assert counter == str(ev.spins_total - ev.spin_index)
        elif mode == "priestess":
            assert counter == f"x{ev.multiplier}"
        else:
            i = events.index(ev)
            nxt = events[i + 1] if i + 1 < len(events) else None
            new = len(nxt.cells) if nxt is not None and nxt.type == "warlords_new_scatters" else 0
            assert counter == str(len(ev.held) + new)
    assert f"warlords/free_spins_won_{mode}" in scene.heard


@pytest.mark.slow
def test_the_final_chance_pays_its_coins_once(ctx, display, seeds):
    scene, landings, _ = play(ctx, seeds["final_coins"], display, turbo=True)
    _check_landings(landings)
    fc = next(e for e in scene.player.events if e.type == "final_chance")
    assert fc.kind == "coins" and scene.player.round_win >= fc.coins
    end = scene.player.events[-1]
    assert scene.player.round_win == end.total_win_coins
    assert "warlords/final_coins" in scene.heard


@pytest.mark.slow
def test_the_final_chance_places_a_scatter(ctx, display, seeds):
    scene, landings, _ = play(ctx, seeds["final_scatter"], display, turbo=True)
    fc = next(e for e in scene.player.events if e.type == "final_chance")
    assert fc.kind == "scatter"
    first_free = next(ev for ev, _, _ in landings if ev.mode == "free")
    assert first_free is not None
    assert "warlords/final_scatter" in scene.heard


@pytest.mark.slow
def test_turbo_plays_a_battle_round_to_its_end_quickly(ctx, display, seeds):
    scene, landings, battles = play(ctx, seeds["battle2"], display, turbo=True)
    _check_landings(landings)
    assert battles and all(b.finished for b in battles)
    assert not scene.stage.decor  # nothing left on the reels once the round is over
