"""Every screen of the app, built headless and settled, for tests that look at whole screens
(the legibility test renders each one in English and Spanish).

`SCREENS` maps a name to a builder `(ctx) -> SceneStack` that returns the stack showing that
screen, driven the way a player gets there (keys, clicks, rounds played with fixed seeds) and
advanced until nothing on it is fading in. `PAGED` names the screens with pages (the paytable,
the rules, the history): `pages(stack)` turns through every page of the viewer on top.
"""

from __future__ import annotations

from collections.abc import Callable

from stones_seeds import feature_round_seed
from warlords_seeds import three_way_session_seed

from game.bets import default_bet
from game.definitions import load_game
from game.rng import SeedSource
from game.session import RoundDriver
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene, SceneStack

DT = 1 / 60


class _Seeds:
    def __init__(self, seeds):
        self.seeds = list(seeds)

    def next_seed(self) -> int:
        return self.seeds.pop(0)


def play_rounds(ctx, seeds) -> None:
    """Rounds of Stones straight through the round driver (picks: the first stones free)."""
    loaded = load_game("stones")
    driver = RoundDriver(ctx.ledger, loaded, _Seeds(seeds), ctx.session_id)
    bet = default_bet(loaded.definition)
    for _ in seeds:
        driver.start(bet)
        while driver.pending is not None:
            driver.choose(next(i for i in range(20) if i not in driver.pending.picked))
        driver.finish()


def settle(stack: SceneStack, seconds: float = 2.0) -> SceneStack:
    for _ in range(round(seconds / DT)):
        stack.update(DT)
    return stack


def run_until(stack: SceneStack, cond: Callable[[], bool], limit: float = 120.0) -> None:
    for _ in range(round(limit / DT)):
        if cond():
            return
        stack.update(DT)
    raise AssertionError("the screen never came")


def click(stack: SceneStack, pos) -> None:
    stack.handle(Intent(Act.POINTER_DOWN, pos=tuple(pos)))
    stack.handle(Intent(Act.POINTER_UP, pos=tuple(pos)))


def _base(ctx, *scenes: Scene) -> SceneStack:
    st = SceneStack()
    for s in scenes:
        st.push(s)
    return st


# -- the front ---------------------------------------------------------------------------------
def intro_still(ctx) -> SceneStack:
    from scenes.front.intro import IntroScene

    ctx.settings.intro_movie = False
    return settle(_base(ctx, IntroScene(ctx)), 1.0)


def intro_movie(ctx) -> SceneStack:
    """The animated intro when its prompt is at its faintest in the pulse."""
    from scenes.front import intro

    ctx.settings.intro_movie = True
    st = _base(ctx, intro.IntroScene(ctx))
    return settle(st, intro.PROMPT_AT + 1.2)


def lobby(ctx) -> SceneStack:
    from scenes.front.lobby import LobbyScene

    return settle(_base(ctx, LobbyScene(ctx)))


def lobby_quit(ctx) -> SceneStack:
    from scenes.front.lobby import LobbyScene

    scene = LobbyScene(ctx)
    st = settle(_base(ctx, scene))
    st.handle(Intent(Act.BACK))
    return settle(st, 1.0)


# -- the reels -----------------------------------------------------------------------------------
def _reels(ctx, seed: int = 4, game: str = "stones"):
    from scenes.front.lobby import LobbyScene
    from scenes.reels.scene import ReelsScene

    ctx.options.seed = seed
    ctx.seeds = SeedSource(seed)
    scene = ReelsScene(ctx, game)
    return _base(ctx, LobbyScene(ctx), scene), scene


def reels(ctx) -> SceneStack:
    st, _scene = _reels(ctx)
    return settle(st)


def _win_seed() -> int:
    from game.round import play_round

    defn = load_game("stones").definition
    bet = default_bet(defn)
    for s in range(1, 5000):
        r = play_round(defn, bet, SeedSource(s).next_seed())
        if r.pending is None and r.total_win_coins > 0:
            return s
    raise AssertionError("no winning seed")


def _feature_seed() -> int:
    from game.round import play_round

    defn = load_game("stones").definition
    bet = default_bet(defn)
    for s in range(1, 5000):
        if play_round(defn, bet, SeedSource(s).next_seed()).pending is not None:
            return s
    raise AssertionError("no feature seed")


def reels_win(ctx) -> SceneStack:
    """Every winning line at once, the win counted up."""
    st, scene = _reels(ctx, _win_seed())
    settle(st, 0.5)
    st.handle(Intent(Act.SPIN))
    run_until(st, lambda: scene.presenter.active)
    return settle(st, 0.4)


def reels_line(ctx) -> SceneStack:
    """One line of the cycle with its message."""
    st, scene = _reels(ctx, _win_seed())
    settle(st, 0.5)
    st.handle(Intent(Act.SPIN))
    run_until(st, lambda: scene.presenter.phase == "cycle")
    return settle(st, 0.3)


def _to_picker(ctx):
    from scenes.games.stones.picker import StonePickerScene

    st, scene = _reels(ctx, _feature_seed())
    settle(st, 0.5)
    st.handle(Intent(Act.SPIN))
    run_until(st, lambda: isinstance(st.top, StonePickerScene))
    return st, scene, st.top


def picker(ctx) -> SceneStack:
    from scenes.games.stones.picker import stone_center

    st, _scene, _pick = _to_picker(ctx)
    settle(st, 1.5)
    for i in (0, 7):
        click(st, stone_center(i))
        settle(st, 1.5)
    return st


def lobby_round_waiting(ctx) -> SceneStack:
    """Esc in the stone picker: back in the lobby, the round waits (a toast, the tile's ribbon)."""
    st = picker(ctx)
    st.handle(Intent(Act.BACK))
    return settle(st, 1.0)


def picker_toast(ctx) -> SceneStack:
    """A stone already open clicked again: the toast says so, over the hint line."""
    from scenes.games.stones.picker import stone_center

    st = picker(ctx)
    click(st, stone_center(0))
    return settle(st, 0.5)


def picker_done(ctx) -> SceneStack:
    from scenes.games.stones.picker import stone_center

    st, _scene, pick = _to_picker(ctx)
    settle(st, 1.5)
    i = 0
    while pick.request is not None and i < 20:
        click(st, stone_center(i))
        settle(st, 1.2)
        i += 1
    return st


def _free_spins_stack(ctx):
    from scenes.games.stones.picker import StonePickerScene, stone_center

    st, scene, _pick = _to_picker(ctx)
    settle(st, 1.5)
    i = 0
    while isinstance(st.top, StonePickerScene) and i < 20:
        click(st, stone_center(i))
        settle(st, 1.2)
        st.handle(Intent(Act.SPIN))
        i += 1
    return st, scene


def free_spins(ctx) -> SceneStack:
    st, scene = _free_spins_stack(ctx)
    run_until(st, lambda: scene.free_mode and scene.hud.free is not None and scene.view.spinning)
    run_until(st, lambda: not scene.view.spinning)
    return settle(st, 0.3)


def celebration(ctx) -> SceneStack:
    from scenes.reels.celebration import CelebrationScene

    st, scene = _reels(ctx)
    settle(st, 0.5)
    st.push(
        CelebrationScene(
            ctx.assets,
            scene.sounds,
            160 * scene.bet.total_coins,  # an epic win, counted through big and mega
            scene.bet.total_coins,
            scene.bet.coin_value_cents,
            currency=scene.currency,
            tr=scene.tr,
            parts=[("MAIN GAME", 10 * scene.bet.total_coins), ("BONUS WINS", 150 * scene.bet.total_coins)],
            dress=scene.presentation.dress,  # the game's own plate and tier colours, as the reels give it
        )
    )
    return settle(st, 4.0)  # mid-count: MEGA WIN, the rays, the fountain and the parts line


def mini_paytable(ctx) -> SceneStack:
    st, scene = _reels(ctx)
    settle(st, 0.5)
    click(st, scene.view.cell_rect(2, 1).center)
    return settle(st, 1.0)


def autoplay_dialog(ctx) -> SceneStack:
    st, _scene = _reels(ctx)
    settle(st, 0.5)
    st.handle(Intent(Act.AUTOPLAY))
    return settle(st, 1.0)


def autoplay_advanced(ctx) -> SceneStack:
    st = autoplay_dialog(ctx)
    dialog = st.top
    dialog.advanced = True
    dialog._build()
    return settle(st, 1.0)


def autoplay_running(ctx) -> SceneStack:
    from game.autoplay import AutoplayConfig

    st, scene = _reels(ctx)
    settle(st, 0.5)
    scene.start_autoplay(AutoplayConfig(rounds=25))  # as the dialog's START does
    run_until(st, lambda: scene.view.spinning)
    return settle(st, 0.2)


def settings_menu(ctx) -> SceneStack:
    from scenes.menus.settings_menu import open_settings

    st, _scene = _reels(ctx)
    settle(st, 0.5)
    open_settings(ctx, st)
    return settle(st, 1.0)


def mixer(ctx) -> SceneStack:
    from scenes.menus.mixer import open_mixer

    st, _scene = _reels(ctx)
    settle(st, 0.5)
    open_mixer(ctx, st)
    return settle(st, 1.0)


def reality_check(ctx) -> SceneStack:
    from scenes.menus.reality_check import RealityCheckScene

    st, _scene = _reels(ctx)
    settle(st, 0.5)
    st.push(RealityCheckScene(ctx, 3725.0, -1250))
    return settle(st, 1.0)


def paytable(ctx) -> SceneStack:
    from scenes.viewers.paytable import open_paytable

    st, scene = _reels(ctx)
    settle(st, 0.5)
    open_paytable(ctx, st, "stones", scene.bet)
    return settle(st, 0.8)


def rules(ctx) -> SceneStack:
    from scenes.viewers.rules import open_rules

    st, _scene = _reels(ctx)
    settle(st, 0.5)
    open_rules(ctx, st, "stones")
    return settle(st, 0.8)


def pages(stack: SceneStack):
    """Yield the stack once per page of the paged viewer on top (→ turns the page)."""
    viewer = stack.top
    for i in range(viewer.page_count):
        if i:
            stack.handle(Intent(Act.RIGHT))
            settle(stack, 0.5)
        yield i + 1


def history(ctx) -> SceneStack:
    from scenes.viewers.history import open_history

    play_rounds(ctx, [1, 2, 3, feature_round_seed(), 5])
    st = _base(ctx, Scene())
    open_history(ctx, st, None)
    return settle(st, 1.0)


def round_detail(ctx) -> SceneStack:
    from scenes.viewers.round_detail import RoundDetailScene

    play_rounds(ctx, [feature_round_seed()])
    st = _base(ctx, Scene())
    st.push(RoundDetailScene(ctx, ctx.ledger.history(1)[0]))
    return settle(st, 1.0)


def replay(ctx) -> SceneStack:
    from scenes.viewers.replay import ReplayScene

    play_rounds(ctx, [_win_seed_round()])
    st = _base(ctx, Scene())
    scene = ReplayScene(ctx, ctx.ledger.history(1)[0])
    st.push(scene)
    run_until(st, lambda: scene.stage.presenter.active)
    return settle(st, 0.5)


def _win_seed_round() -> int:
    return SeedSource(_win_seed()).next_seed()


def toast(ctx) -> SceneStack:
    from scenes.widgets.dialog import Toast

    st, _scene = _reels(ctx)
    settle(st, 0.5)
    st.push(Toast(ctx.assets, ctx.i18n.gettext("Your balance was topped up")))
    return settle(st, 0.5)


def feature_summary(ctx) -> SceneStack:
    """The free spins' end: the feature's win, the main game's and the round's total, labelled
    (as a round below the celebration tiers ends it: a celebrated end replaces the summary)."""
    st, scene = _free_spins_stack(ctx)
    scene.celebrates = lambda _coins: False
    run_until(st, lambda: scene.stage.banner is not None and scene.stage.banner[0] == "fs_end", 600.0)
    return settle(st, 0.4)


def esc_mid_spin(ctx) -> SceneStack:
    """Esc while the reels spin: the toast says why nothing happens."""
    st, scene = _reels(ctx)
    settle(st, 0.5)
    st.handle(Intent(Act.SPIN))
    run_until(st, lambda: scene.view.spinning)
    st.handle(Intent(Act.BACK))
    return settle(st, 0.3)


def lobby_focus(ctx) -> SceneStack:
    """The lobby from the keyboard: Tab has moved the focus ring onto the icons."""
    st = lobby(ctx)
    for _ in range(4):
        st.handle(Intent(Act.NEXT))
    return settle(st, 0.3)


def settings_larger(ctx) -> SceneStack:
    """The settings at the largest text size, with the colour-blind line palette chosen."""
    ctx.settings.text_size = "larger"
    ctx.settings.line_palette = "colour_blind"
    ctx.apply_display_settings()
    return settings_menu(ctx)


def reels_colour_blind(ctx) -> SceneStack:
    """Every winning line at once in the colour-blind-safe palette (patterned lines)."""
    ctx.settings.line_palette = "colour_blind"
    return reels_win(ctx)


# -- Warlords --------------------------------------------------------------------------------------
def _warlords_seed(kind: str) -> int:
    """A session seed whose first Warlords round holds an event of type `kind`."""
    from game.round import play_round

    defn = load_game("warlords").definition
    bet = default_bet(defn)
    for s in range(1, 20_000):
        if any(e.type == kind for e in play_round(defn, bet, SeedSource(s).next_seed()).events):
            return s
    raise AssertionError(f"no Warlords seed for {kind}")


def _warlords_round(ctx, seed: int | None = None):
    """The Warlords reels spun once: by default the session whose first round holds a three-way
    battle, the re-spins and the Samurai's free spins (`warlords_seeds.THREE_WAY_SEED`)."""
    st, scene = _reels(ctx, three_way_session_seed() if seed is None else seed, "warlords")
    settle(st, 0.5)
    st.handle(Intent(Act.SPIN))
    return st, scene


def warlords_reels(ctx) -> SceneStack:
    st, _scene = _reels(ctx, three_way_session_seed(), "warlords")
    return settle(st)


def warlords_battle(ctx) -> SceneStack:
    """The battle decided: the winner's name and the scatters it converts."""
    from scenes.games.warlords import battle

    st, _scene = _warlords_round(ctx)
    run_until(st, lambda: isinstance(st.top, battle.BattleScene))
    return settle(st, (battle.ENTER + battle.FACE_OFF + battle.RESULT) * st.top.speed)


def warlords_respins(ctx) -> SceneStack:
    """The re-spins: the held scatters, the others dimmed, the counter."""
    st, scene = _warlords_round(ctx)
    run_until(st, lambda: "counter" in scene.stage.decor and "held" in scene.stage.decor)
    return settle(st, 0.6)


def warlords_final_chance(ctx) -> SceneStack:
    """The Final Chance's reveal."""
    st, scene = _warlords_round(ctx, _warlords_seed("final_chance"))
    run_until(st, lambda: "final" in scene.stage.decor)
    final = scene.stage.decor["final"]
    run_until(st, lambda: final.t > final.reveal_at + 0.4)
    return st


def warlords_free_intro(ctx) -> SceneStack:
    """A warlord's free-spins intro over the reels."""
    st, scene = _warlords_round(ctx)
    run_until(st, lambda: "intro" in scene.stage.decor)
    return settle(st, 0.6)


def warlords_free_spins(ctx) -> SceneStack:
    """A free spin at rest on the warlord's backdrop, the counter up."""
    st, scene = _warlords_round(ctx)
    run_until(st, lambda: scene.free_mode and "counter" in scene.stage.decor and scene.view.spinning)
    run_until(st, lambda: not scene.view.spinning)
    return settle(st, 0.3)


def warlords_paytable(ctx) -> SceneStack:
    from scenes.viewers.paytable import open_paytable

    st, scene = _reels(ctx, three_way_session_seed(), "warlords")
    settle(st, 0.5)
    open_paytable(ctx, st, "warlords", scene.bet)
    return settle(st, 0.8)


def warlords_rules(ctx) -> SceneStack:
    from scenes.viewers.rules import open_rules

    st, _scene = _reels(ctx, three_way_session_seed(), "warlords")
    settle(st, 0.5)
    open_rules(ctx, st, "warlords")
    return settle(st, 0.8)


# -- Tomb Raider -----------------------------------------------------------------------------------
# four passports stored (a player's collection so far); the session seeds are found with the
# engine (tombraider_seeds): with four passports, one whose first round lands the fifth and starts
# the Global Adventure; one whose first round cascades up the ladder in free spins; one whose
# first round starts Super Mode
TR_FOUR = {"version": 1, "active": [True, True, True, True, False], "spins": 40, "bet_cents": 1200}


def _tombraider(ctx, seed: int, passports: dict | None = None):
    from game.session import STATE_KEY

    if passports is not None:
        ctx.ledger.set_state("tombraider", STATE_KEY, passports)
    return _reels(ctx, seed, "tombraider")


def tombraider_reels(ctx) -> SceneStack:
    """The reels at rest: the passport meter with four stamps and the average bet, the ladder dim."""
    from tombraider_seeds import quest_session_seed

    st, _scene = _tombraider(ctx, quest_session_seed(), TR_FOUR)
    return settle(st)


def tombraider_ladder(ctx) -> SceneStack:
    """A free spin's cascade lit the ladder's x3."""
    from tombraider_seeds import cascade_session_seed

    from scenes.games.tombraider.decor import decor_of

    st, scene = _tombraider(ctx, cascade_session_seed())
    settle(st, 0.5)
    st.handle(Intent(Act.SPIN))
    decor = decor_of(scene.stage)
    run_until(st, lambda: decor.level is not None and decor.level >= 2)
    return settle(st, 0.4)


def tombraider_super(ctx) -> SceneStack:
    """Super Mode: its panel, and the shots turning the held cells wild over the reels."""
    from tombraider_seeds import super_session_seed

    from scenes.games.tombraider.decor import SHOT_TIME, decor_of

    st, scene = _tombraider(ctx, super_session_seed())
    settle(st, 0.5)
    st.handle(Intent(Act.SPIN))
    decor = decor_of(scene.stage)
    run_until(
        st, lambda: decor.super_spin is not None and any(t > SHOT_TIME / 2 for _c, t, _cb in decor.shots)
    )
    return st


def _tombraider_map(ctx):
    from tombraider_seeds import quest_session_seed

    from scenes.games.tombraider.world_map import WorldMapScene

    st, _scene = _tombraider(ctx, quest_session_seed(), TR_FOUR)
    settle(st, 0.5)
    st.handle(Intent(Act.SPIN))
    run_until(st, lambda: isinstance(st.top, WorldMapScene) and st.top.phase == "picking")
    return st


def tombraider_map(ctx) -> SceneStack:
    """The world map with its first location open for picking."""
    return settle(_tombraider_map(ctx), 1.0)


def tombraider_fragment(ctx, banner: bool = False) -> SceneStack:
    """A location's artefact turns over: the sword fragment, its word rising over the tile (with
    `banner`: the location over, the panel's banner saying the fragment was found)."""
    from scenes.games.tombraider.shootout import ShootoutScene
    from scenes.games.tombraider.world_map import T_FOUND, WorldMapScene

    st = _tombraider_map(ctx)
    found = ctx.i18n.gettext(T_FOUND)

    def there() -> bool:
        top = st.top
        if isinstance(top, ShootoutScene) and top.phase == "picking":
            st.handle(Intent(Act.CONFIRM))
        if not isinstance(top, WorldMapScene):
            return False
        if top.banner == found or (not banner and top.label is not None and top.label[0] == found):
            return True
        if top.phase == "picking":
            top.pick(next(p for p in range(len(top.tiles)) if top.pickable(p)))
        return False

    run_until(st, there)
    return settle(st, 0.5)


def tombraider_fragment_banner(ctx) -> SceneStack:
    return tombraider_fragment(ctx, banner=True)


def warlords_after_battle(ctx) -> SceneStack:
    """A key pressed in the battle (a toast says how to go on), then the battle over: the reels
    again, the battle's toast gone with it."""
    from scenes.games.warlords import battle

    st, _scene = _warlords_round(ctx)
    run_until(st, lambda: isinstance(st.top, battle.BattleScene))
    fight = st.top
    run_until(st, lambda: fight.resolved)
    st.handle(Intent(Act.LEFT))  # a toast says how to go on
    st.handle(Intent(Act.SPIN))  # and the battle goes on to the re-spins at once
    run_until(st, lambda: fight not in st.scenes)
    return settle(st, 1.2)


def tombraider_shootout(ctx) -> SceneStack:
    """The Shoot-out over its location, the discs waiting for the pick."""
    from scenes.games.tombraider.shootout import ShootoutScene
    from scenes.games.tombraider.world_map import WorldMapScene

    st = _tombraider_map(ctx)

    def there() -> bool:
        top = st.top
        if isinstance(top, ShootoutScene):
            return top.phase == "picking"
        if isinstance(top, WorldMapScene) and top.phase == "picking":
            top.pick(next(p for p in range(len(top.tiles)) if top.pickable(p)))
        return False

    run_until(st, there)
    return settle(st, 1.0)


def tombraider_paytable(ctx) -> SceneStack:
    from scenes.viewers.paytable import open_paytable

    st, scene = _tombraider(ctx, 1)  # no round is played
    settle(st, 0.5)
    open_paytable(ctx, st, "tombraider", scene.bet)
    return settle(st, 0.8)


SCREENS: dict[str, Callable] = {
    "intro": intro_still,
    "intro-movie": intro_movie,
    "lobby": lobby,
    "lobby-quit": lobby_quit,
    "lobby-round-waiting": lobby_round_waiting,
    "reels": reels,
    "reels-win": reels_win,
    "reels-line": reels_line,
    "mini-paytable": mini_paytable,
    "picker": picker,
    "picker-done": picker_done,
    "picker-toast": picker_toast,
    "free-spins": free_spins,
    "celebration": celebration,
    "autoplay": autoplay_dialog,
    "autoplay-advanced": autoplay_advanced,
    "autoplay-running": autoplay_running,
    "settings": settings_menu,
    "mixer": mixer,
    "reality-check": reality_check,
    "history": history,
    "round-detail": round_detail,
    "replay": replay,
    "toast": toast,
    "feature-summary": feature_summary,
    "esc-mid-spin": esc_mid_spin,
    "lobby-focus": lobby_focus,
    "settings-larger": settings_larger,
    "reels-colour-blind": reels_colour_blind,
    "paytable": paytable,
    "rules": rules,
    "warlords-reels": warlords_reels,
    "warlords-battle": warlords_battle,
    "warlords-after-battle": warlords_after_battle,
    "warlords-respins": warlords_respins,
    "warlords-final-chance": warlords_final_chance,
    "warlords-free-intro": warlords_free_intro,
    "warlords-free-spins": warlords_free_spins,
    "warlords-paytable": warlords_paytable,
    "warlords-rules": warlords_rules,
    "tombraider-reels": tombraider_reels,
    "tombraider-ladder": tombraider_ladder,
    "tombraider-super": tombraider_super,
    "tombraider-map": tombraider_map,
    "tombraider-shootout": tombraider_shootout,
    "tombraider-fragment": tombraider_fragment,
    "tombraider-fragment-banner": tombraider_fragment_banner,
    "tombraider-paytable": tombraider_paytable,
}
PAGED = frozenset(
    {
        "paytable",
        "rules",
        "history",
        "round-detail",
        "warlords-paytable",
        "warlords-rules",
        "tombraider-paytable",
    }
)
