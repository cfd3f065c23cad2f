"""Tomb Raider – Secret of the Sword's presentation (`PRESENTATION`): its events wherever a round
is shown (live play and replay alike; the history detail and the paytable too).

On the reels (the round player, `scenes.reels.player`), with the stage's decor
(`scenes.games.tombraider.decor`, a stage fixture: the passport meter, the ladder, Super
Mode's shots; `show_state` puts the passports the player carries on the meter):

    passports         the Passports on the centre row glow; their stamps fly to the meter
    key_trigger       the Keys glow alone, "FREE SPINS / 10 free spins", then the free-spins
                      backdrop, music, counter and the ladder
    spin (free)       the ladder back to x1 for a new spin (the shared player spins the reels)
    cascade           the ladder steps up with the spin's multiplier (the shared player bursts
                      the wins, lets the rest fall and drops the new symbols in)
    free_spins_end    the ladder goes dim (the shared player says the free spins' win)
    super_mode_start  "SUPER MODE", then shots turn the held positions into wilds one by one
    spin (super)      the Super Mode counter; the held wilds stay put while the rest spins
    passports         (after a Super Mode spin) the same stamps flying to the meter; a set
                      completed here says its Global Adventure comes at the end of the round
    key_trigger       (after a Super Mode spin) the Keys glow, "10 free spins after Super Mode"
    super_mode_end    "SUPER MODE WIN", back to the main game
    super_free_spins  "FREE SPINS / n free spins won in Super Mode", then as key_trigger
    adventure_start   "GLOBAL ADVENTURE", the world-map music; every stamp lit
    pick_request      the world map (`scenes.games.tombraider.world_map`), which plays the whole
                      quest: locations, artefacts, the Shoot-out, the Showdown, the jackpot; the
                      player's picks, autoplay's automatic ones, or a replay's recorded ones
    adventure_end     (in the map) the quest's summary; its win joins the round's on the band

The history detail lists the round's steps through `scenes.games.tombraider.detail`; the paytable
shows the features' pages through `scenes.games.tombraider.pages`. Only this package names Tomb
Raider's types.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.events import CascadeEvent, FreeSpinsEndEvent, SpinEvent
from game.games.tombraider.events import (
    AdventureStartEvent,
    KeyTriggerEvent,
    LocationStartEvent,
    PassportsEvent,
    SuperFreeSpinsEvent,
    SuperModeEndEvent,
    SuperModeStartEvent,
)
from game.games.tombraider.model import TombRaiderFeature
from scenes.games.tombraider import ART
from scenes.games.tombraider.decor import RIGHT, TombRaiderDecor, decor_of, stamp_slot
from scenes.games.tombraider.dress import DRESS
from scenes.presentation.base import GOLD, Presentation, Step

if TYPE_CHECKING:
    import pygame

    from game.definitions import GameDefinition
    from game.money import Bet
    from scenes.core.assets import AssetStore
    from scenes.core.canvas import Canvas
    from scenes.core.stack import Scene
    from scenes.games.tombraider.world import WorldMap
    from scenes.presentation.hosts import DetailHost, PaytableHost, ReelsHost
    from scenes.reels.stage import Stage
    from scenes.viewers.look import ViewerLook
    from scenes.viewers.paytable_pages import Page, Tr

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_PASSPORT = "Passport stamped: {n} of {total}"
T_PASSPORTS_FULL = "Five passports: the Global Adventure begins!"
T_PASSPORTS_FULL_LATER = "Five passports: the Global Adventure follows Super Mode!"
T_KEYS = "{count} EXCALIBUR KEYS: FREE SPINS!"
T_FREE_TITLE = "FREE SPINS"
T_FREE_SUB = "{spins} free spins · wins cascade from x1 to x{top}"
T_KEYS_LATER = "{count} EXCALIBUR KEYS: {spins} free spins after Super Mode"
T_FREE_LATER = "{spins} free spins after Super Mode"
T_FREE_WON_SUPER = "{spins} free spins won in Super Mode · wins cascade from x1 to x{top}"
T_SUPER = "SUPER MODE"
T_SUPER_SUB = "{n} wild positions held for {spins} spins"
T_SUPER_SAY = "Super Mode: {n} wilds held for {spins} spins"
T_SUPER_COUNT = "Super Mode: spin {index} of {total}"
T_SUPER_WIN = "SUPER MODE WIN"
T_ADVENTURE = "GLOBAL ADVENTURE"
T_ADVENTURE_SUB = "Find the five fragments of the sword"

TRIGGER_HIGHLIGHT = 1.1  # s the landed keys glow alone before the announcement
ANNOUNCE = 1.6  # s an announcement stays over the reels
ADVENTURE_ANNOUNCE = 2.2  # s the adventure's announcement before the map opens


class TombRaiderPresentation(Presentation):
    feature_type = "tombraider"
    art = ART
    dress = DRESS

    @property
    def viewer_look(self) -> ViewerLook:
        """The look of this game's viewers (`scenes.viewers.look`), kept with its pages."""
        from scenes.games.tombraider import pages

        return pages.VIEWER_LOOK

    def __init__(self) -> None:
        self._worlds: dict[Path, WorldMap] = {}

    def trigger(self, defn: GameDefinition) -> tuple[str, int] | None:
        f = defn.feature
        return (f.scatter, f.trigger_min) if isinstance(f, TombRaiderFeature) else None

    def show_state(self, stage: Stage, state: Any) -> None:
        """The passports the player carries, on the meter (at start-up, after every round, and
        the ones a replayed round began with)."""
        decor_of(stage).set_state(state)

    def world(self, assets: AssetStore) -> WorldMap:
        """The world map's data, parsed once per map file (the scenes draw it)."""
        from scenes.games.tombraider.world import load_world

        path = assets.path("maps", "world.tmx")
        found = self._worlds.get(path)
        if found is None:
            found = self._worlds[path] = load_world(path)
        return found

    # -- the round player --------------------------------------------------------------------------
    def begin(self, event: Any, player: ReelsHost) -> bool:
        decor = decor_of(player.stage)
        if isinstance(event, PassportsEvent):
            self._passports(event, player, decor)
        elif isinstance(event, KeyTriggerEvent) and event.after_super:
            self._keys_later(event, player)
        elif isinstance(event, KeyTriggerEvent):
            self._keys(event, player, decor)
        elif isinstance(event, SuperFreeSpinsEvent):
            self._super_free(event, player, decor)
        elif isinstance(event, SpinEvent) and event.mode == "free":
            decor.ladder_at(event.multiplier)
            return False  # the shared player spins it
        elif isinstance(event, CascadeEvent):
            if decor.ladder_at(event.multiplier):
                player.sounds.feature("ladder_step", x=RIGHT.centerx)
            if player.band.free is not None:
                index, total, _ = player.band.free
                player.band.free = (index, total, event.multiplier)
            return False  # the shared player bursts, lets fall and drops in
        elif isinstance(event, FreeSpinsEndEvent):
            decor.ladder_off()
            return False
        elif isinstance(event, SuperModeStartEvent):
            self._super_start(event, player, decor)
        elif isinstance(event, SpinEvent) and event.mode == "super":
            total = event.spins_total or 0
            index = event.spin_index or 0
            decor.super_at(index, total)
            player.band.free = (index, total, 1)
            player.say(T_SUPER_COUNT, GOLD, index=index, total=total)
            return False
        elif isinstance(event, SuperModeEndEvent):
            self._super_end(event, player, decor)
        elif isinstance(event, AdventureStartEvent):
            self._adventure(player, decor)
        elif isinstance(event, LocationStartEvent):
            pass  # the world map travels there (it opens at the first pick)
        else:
            return False
        return True

    def _passports(self, ev: PassportsEvent, player: ReelsHost, decor: TombRaiderDecor) -> None:
        stage = player.stage
        stage.trigger_cells = frozenset((p[0], p[1]) for p in ev.positions)
        sounds = player.sounds

        def landed(reel: int) -> None:
            sounds.feature("passport_stamp", x=stamp_slot(reel).centerx)

        in_super = decor.super_spin is not None
        took = decor.stamp(ev.new, ev.active, ev.spins, ev.bet_cents, player.speed, on_land=landed)
        if ev.complete:
            player.say(T_PASSPORTS_FULL_LATER if in_super else T_PASSPORTS_FULL, GOLD)
        else:
            player.say(T_PASSPORT, GOLD, n=sum(ev.active), total=len(ev.active))

        def done() -> None:
            stage.trigger_cells = None

        player.wait(max(took + 0.25 * player.speed, 0.8 * player.speed), then=done)

    def _keys(self, ev: KeyTriggerEvent, player: ReelsHost, decor: TombRaiderDecor) -> None:
        stage = player.stage
        stage.trigger_cells = frozenset((p[0], p[1]) for p in ev.positions)
        player.clear_wins()
        player.feature_won()
        player.say(T_KEYS, GOLD, count=ev.count)
        player.sounds.feature_won()
        spins, top = ev.spins, decor.ladder[-1]
        banner = (
            "trigger",
            lambda tr: tr.gettext(T_FREE_TITLE),
            lambda tr: tr.t(T_FREE_SUB, spins=spins, top=top),
        )

        def begin_free() -> None:
            stage.banner = None
            stage.trigger_cells = None
            decor.ladder_at(decor.ladder[0])
            player.enter_free(spins, decor.ladder[0], [], [])

        def announce() -> None:
            stage.banner = banner
            player.wait(ANNOUNCE * player.speed, then=begin_free)

        player.wait(TRIGGER_HIGHLIGHT * player.speed, then=announce)

    def _keys_later(self, ev: KeyTriggerEvent, player: ReelsHost) -> None:
        """3+ Keys in a Super Mode spin: they glow and the banner says the free spins come after
        Super Mode; Super Mode goes on."""
        stage = player.stage
        stage.trigger_cells = frozenset((p[0], p[1]) for p in ev.positions)
        player.feature_won()
        player.say(T_KEYS_LATER, GOLD, count=ev.count, spins=ev.spins)
        player.sounds.feature_won()
        spins = ev.spins
        banner = (
            "trigger",
            lambda tr: tr.gettext(T_FREE_TITLE),
            lambda tr: tr.t(T_FREE_LATER, spins=spins),
        )

        def done() -> None:
            stage.banner = None
            stage.trigger_cells = None

        def announce() -> None:
            stage.banner = banner
            player.wait(ANNOUNCE * player.speed, then=done)

        player.wait(TRIGGER_HIGHLIGHT * player.speed, then=announce)

    def _super_free(self, ev: SuperFreeSpinsEvent, player: ReelsHost, decor: TombRaiderDecor) -> None:
        """Super Mode is over: the free spins its Keys won begin, as after a base spin's Keys."""
        stage = player.stage
        player.clear_wins()
        spins, top = ev.spins, decor.ladder[-1]
        stage.banner = (
            "trigger",
            lambda tr: tr.gettext(T_FREE_TITLE),
            lambda tr: tr.t(T_FREE_WON_SUPER, spins=spins, top=top),
        )
        player.sounds.feature_won()
        player.say(T_FREE_WON_SUPER, GOLD, spins=spins, top=top)

        def begin_free() -> None:
            stage.banner = None
            decor.ladder_at(decor.ladder[0])
            player.enter_free(spins, decor.ladder[0], [], [])

        player.wait(ANNOUNCE * player.speed, then=begin_free)

    def _super_start(self, ev: SuperModeStartEvent, player: ReelsHost, decor: TombRaiderDecor) -> None:
        stage = player.stage
        player.clear_wins()
        stage.trigger_cells = None
        stage.set_free_mode(True)
        decor.super_on(len(ev.cells), ev.spins)
        player.band.free_title = lambda tr: tr.gettext(T_SUPER)
        player.band.free = (0, ev.spins, 1)
        n, spins = len(ev.cells), ev.spins
        player.say(T_SUPER_SAY, GOLD, n=n, spins=spins)
        player.sounds.feature("super_mode")
        player.sounds.free_spins_music(True)
        stage.banner = (
            "trigger",
            lambda tr: tr.gettext(T_SUPER),
            lambda tr: tr.t(T_SUPER_SUB, n=n, spins=spins),
        )
        cells = [(c[0], c[1]) for c in ev.cells]
        sounds = player.sounds

        def shot(reel: int) -> None:
            sounds.feature("gunshot", x=stage.view.cell_center(reel, 1)[0])

        def fire() -> None:
            stage.banner = None
            player.wait(decor.shoot(cells, player.speed, shot) + 0.2 * player.speed)

        player.wait(ANNOUNCE * player.speed, then=fire)

    def _super_end(self, ev: SuperModeEndEvent, player: ReelsHost, decor: TombRaiderDecor) -> None:
        stage = player.stage
        player.clear_wins()
        coins = ev.win_coins
        player.sounds.feature_end()
        player.sounds.free_spins_music(False)
        player.band.finish_count()

        def leave() -> None:
            decor.super_off()
            player.band.free_title = None
            player.leave_free()

        if player.celebrated_next():  # one celebration per moment: it says the win, over Super Mode
            player.leave_after = leave
            player.wait(0.8 * player.speed)
            return
        stage.banner = ("fs_end", lambda tr: tr.gettext(T_SUPER_WIN), lambda tr: tr.format_coins(coins))
        player.wait(3.0 * player.speed, then=leave)

    def _adventure(self, player: ReelsHost, decor: TombRaiderDecor) -> None:
        stage = player.stage
        player.clear_wins()
        stage.trigger_cells = None
        decor.passports_complete()
        player.feature_won()
        player.sounds.feature("adventure_start")
        stage.banner = (
            "trigger",
            lambda tr: tr.gettext(T_ADVENTURE),
            lambda tr: tr.gettext(T_ADVENTURE_SUB),
        )
        self.world(stage.assets)  # parsed now, while the announcement shows
        f = stage.definition.feature
        if isinstance(f, TombRaiderFeature):  # decoded in idle frames, before the map needs them
            kinds = ("closed", "fragment", "trap", "treasure", "bonus")
            stage.assets.queue_preload(
                [f"{stage.game_id}/locations/{loc.id}" for loc in f.adventure.locations]
                + [f"{stage.game_id}/artefacts/{k}" for k in kinds]
                + [f"{stage.game_id}/discs/{k}" for k in ("disc_back", "disc_face")]
            )

        def done() -> None:
            stage.banner = None

        player.wait(ADVENTURE_ANNOUNCE * player.speed, then=done)

    def open_pick(self, player: ReelsHost, events: list) -> Scene | None:
        return open_world_map(self, player, events)

    def announced(self, event: Any) -> bool:
        # a quest interrupted between picks: what came before it was shown before the
        # interruption; the map opens at once on the location and artefacts of the moment
        return isinstance(
            event,
            PassportsEvent
            | KeyTriggerEvent
            | CascadeEvent
            | FreeSpinsEndEvent
            | SuperModeStartEvent
            | SuperModeEndEvent
            | SuperFreeSpinsEvent
            | AdventureStartEvent
            | LocationStartEvent,
        ) or (isinstance(event, SpinEvent) and event.mode != "base")

    # -- the history detail ------------------------------------------------------------------------
    def detail_steps(self, events: list, defn: GameDefinition | None, bet: Bet) -> list[Step]:
        from scenes.games.tombraider import detail

        return detail.detail_steps(events, defn, bet)

    def draw_step(self, detail: DetailHost, surface: Canvas, step: Step, rect: pygame.Rect) -> None:
        from scenes.games.tombraider import detail as tr_detail

        tr_detail.draw_step(detail, surface, step, rect)

    # -- the paytable ------------------------------------------------------------------------------
    def pages(self, defn: GameDefinition, bet: Bet, tr: Tr) -> list[Page]:
        from scenes.games.tombraider import pages

        return pages.pages(defn, bet, tr)

    def symbol_notes(self, defn: GameDefinition, symbol_id: str, tr: Tr) -> list[str]:
        from scenes.games.tombraider import pages

        return pages.symbol_notes(defn, symbol_id, tr)

    def draw_page(self, viewer: PaytableHost, surface: Canvas, page: Page) -> None:
        from scenes.games.tombraider import pages

        pages.draw_page(viewer, surface, page)


def open_world_map(presentation: TombRaiderPresentation, player: ReelsHost, events: list) -> Scene | None:
    """The world map for the round player's pick request (`events` starts with it): the quest
    as far as the round's events have told it, the picks answered as the host says."""
    from scenes.games.tombraider.quest import Quest
    from scenes.games.tombraider.world_map import WorldMapScene

    first = events[0]
    at = next((i for i, e in enumerate(player.events) if e is first), len(player.events))
    prior = player.events[:at]
    if at < len(player.events):
        # all of the quest from its first pick: a resumed round's queue leaves out the events
        # announced before the picks (`announced`), but a later location's start belongs here
        events = list(player.events[at:])
    start = next((e for e in reversed(prior) if isinstance(e, AdventureStartEvent)), None)
    if start is None or player.bet is None:
        log.error("a pick request without a Global Adventure")
        return None
    quest = Quest.start(start)
    begun = next(i for i, e in enumerate(prior) if e is start)
    for ev in prior[begun:]:
        quest.apply(ev)
    # the reels' part of the round (base spin, free spins, Super Mode) is won already
    reels_win = sum(e.win_coins for e in prior if isinstance(e, SpinEvent | CascadeEvent))
    if player.round_win < reels_win:
        player.round_win = reels_win
        player.band.count_win_to(reels_win, 0.0)
    decor = decor_of(player.stage)
    decor.passports_complete()
    picks = player.picks()
    player.sounds.bonus_music("world_map")
    feature = player.definition.feature
    discs = list(feature.shootout.discs) if isinstance(feature, TombRaiderFeature) else []
    speed = player.speed

    def finished(rest: list, won: int) -> None:
        player.round_win += won
        player.band.count_win_to(player.round_win, 0.8 * speed)
        decor.passports_spent(speed)
        player.sounds.bonus_music(None)
        player.feature_done(rest)

    return WorldMapScene(
        player.stage.assets,
        player.sounds,
        player.tr,
        presentation.world(player.stage.assets),
        player.bet,
        quest,
        events,
        choose=picks.choose,
        on_finished=finished,
        on_leave=picks.leave,
        auto_pick=picks.auto_pick,
        watch_only=picks.watch_only,
        resumed=player.resumed_picks,
        speed=max(speed, 0.02),
        reduced_motion=player.pace.reduced_motion,
        band=player.band,
        reels_win=player.round_win,
        discs=discs,
    )


PRESENTATION = TombRaiderPresentation()
