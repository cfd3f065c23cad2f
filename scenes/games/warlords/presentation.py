"""Warlords – Crystals of Power's presentation (`PRESENTATION`): its events wherever a round is
shown (the reels and the replay alike, through the round player).

    spin (base)         an overlay spin's weapon strikes before the wins (`overlays`): the
                        hammer smashes its square, arrows strike, the sword slashes its reels;
                        the full-height warlords land as one piece (their `*_stack` art)
    battle              the landed scatters glow, then the battle scene (`battle`, its
                        choreography in `clash`): the warlords charge and clash, the beaten
                        break; back on the reels the winner's colour sweeps across them,
                        turning each scatter as it passes (`sweep`)
    respins_start       the held scatters glow in the winner's colour, every other cell dims,
                        the re-spins counter goes up
    spin (respin)       the held cells stay put while the rest re-spin, dimmed
    new scatters        once the spin is at rest and before its wins: each new scatter joins with
                        a flourish; the counter follows (re-spins, spins left, multiplier, wilds)
    final_chance        the crystal charges, then reveals coins or a scatter flying to its cell
    free_spins_start    the warlord's intro, backdrop and music, the counters on the reels;
                        Samurai: the scatters turn into sticky wilds held in place
    free_spins_end      the counters go (the shared end banner follows)

The history detail lists them through `detail`; the paytable's pages come from `pages`. Only
this package names Warlords' types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.events import CascadeEvent, FreeSpinsEndEvent, RoundEndEvent, SpinEvent
from game.games.warlords.events import (
    BattleEvent,
    FinalChanceEvent,
    NewScattersEvent,
    RespinsStartEvent,
    WarlordsFreeSpinsStartEvent,
)
from game.games.warlords.model import WarlordsFeature
from scenes.games.warlords import ART
from scenes.games.warlords.clash import REEL_GLOW, REEL_SWEEP
from scenes.games.warlords.decor import Counter, FinalChance, HeldScatters, Intro, Popups
from scenes.games.warlords.dress import DRESS
from scenes.games.warlords.look import by_mode, free_backdrop, warlords
from scenes.games.warlords.sweep import ReelSweep
from scenes.presentation.base import GOLD, Presentation, Step

if TYPE_CHECKING:
    import pygame

    from game.definitions import GameDefinition
    from game.money import Bet
    from scenes.core.canvas import Canvas
    from scenes.presentation.hosts import DetailHost, PaytableHost, ReelsHost
    from scenes.reels.reel_effects import OverlayLaying
    from scenes.viewers.look import ViewerLook
    from scenes.viewers.paytable_pages import Page, Tr

# Player-facing msgids (assets/locale/*.json)
T_OVERLAY = {
    "hammer": "BARBARIAN HAMMER: {n} WILDS",
    "arrow": "PRIESTESS ARROWS: {n} WILDS",
    "sword": "SAMURAI SWORD: {n} WILDS",
}
T_BATTLE_SAY = "The warlords battle for the re-spins!"
T_RESPINS_WON = "{count} SCATTERS: RE-SPINS!"
T_RESPINS_LEFT = "RE-SPINS LEFT"
T_JOINED = "New scatter: +1 re-spin"
T_FINAL = "FINAL CHANCE"
T_FINAL_COINS = "{multiple} × BET: {coins:,} coins"
T_FINAL_SAY_COINS = "Final Chance: {coins:,} coins"
T_FINAL_SAY_SCATTER = "Final Chance: one more scatter. Free spins!"
T_FREE_TITLE = {
    "barbarian": "THE BARBARIAN'S FREE SPINS",
    "priestess": "THE PRIESTESS'S FREE SPINS",
    "samurai": "THE SAMURAI'S FREE SPINS",
}
T_FREE_WON = "{spins} FREE SPINS"
T_FREE_RULE = {
    "barbarian": "Each new blue scatter adds {extra} free spins",
    "priestess": "Multiplier x{mult}: each new green scatter adds x1",
    "samurai": "{n} sticky wilds: each new red scatter becomes one more",
}
T_COUNTER = {"barbarian": "SPINS LEFT", "priestess": "MULTIPLIER", "samurai": "STICKY WILDS"}
T_PLUS = "+{n}"
T_STICKY = "WILD"

# the counters: top left, between the icons and the marquee (its title in the main game, the
# free-spins banner in free spins)
RESPINS_AT = FREE_AT = (234, 33)  # centred in the gap: as far from the icons as from the marquee
JOIN_PAUSE = 0.9  # s a new scatter's flourish is shown before the spin's wins
INTRO = 2.6  # s of a warlord's free-spins intro
FC_CHARGE = 1.3  # s the Final Chance's crystal charges
FC_FLY = 0.7  # s the revealed scatter flies to its cell


class WarlordsPresentation(Presentation):
    feature_type = "warlords"
    art = ART
    dress = DRESS

    @property
    def viewer_look(self) -> ViewerLook:
        """The look of this game's viewers (`scenes.viewers.look`), kept with its pages."""
        from scenes.games.warlords import pages

        return pages.VIEWER_LOOK

    def feature_images(self, defn: GameDefinition) -> list[str]:
        """The battle's backdrop, the stacked warlords it shows, and the layers a warlord's
        free-spins stage is composed from (it has a backdrop of its own, `look.free_backdrop`)."""
        gid = defn.id
        warriors = [f"{gid}/symbols/{w.mode}_stack" for w in warlords(defn).values()]
        # a warlord's free-spins stage is composed from the free backdrop and these layers
        layers = [f"{gid}/{self.art.background_free}", f"{gid}/{self.art.reel_bg}", f"{gid}/{self.art.frame}"]
        layers.append(self.dress.hud_bar)
        return [f"{gid}/battle_bg", *layers, *warriors]

    def feature_sounds(self, defn: GameDefinition) -> list[str]:
        """The battle's sounds: decoded behind the reels' first frames, not in the battle's."""
        from scenes.games.warlords.battle import BATTLE_SOUNDS

        return [f"{defn.id}/{name}" for name in BATTLE_SOUNDS]

    # -- the reels -------------------------------------------------------------------------------
    def overlay_effect(self, cells: list[tuple[int, int]], style: str | None, scale: float) -> OverlayLaying:
        from scenes.games.warlords.overlays import WeaponOverlay

        return WeaponOverlay(cells, style, scale)

    # -- the round player -------------------------------------------------------------------------
    def begin(self, event: Any, player: ReelsHost) -> bool:
        if isinstance(event, BattleEvent):
            self._battle(event, player)
        elif isinstance(event, RespinsStartEvent):
            self._respins(event, player)
        elif isinstance(event, NewScattersEvent):
            pass  # shown as its spin came to rest (`landed`), before that spin's wins
        elif isinstance(event, FinalChanceEvent):
            self._final_chance(event, player)
        elif isinstance(event, WarlordsFreeSpinsStartEvent):
            self._free_spins(event, player)
        else:
            if isinstance(event, SpinEvent):
                self._count_before(event, player)
            elif isinstance(event, FreeSpinsEndEvent):
                player.stage.decor.pop("counter", None)
                player.stage.decor.pop("popups", None)
            elif isinstance(event, RoundEndEvent):
                player.stage.decor.clear()  # the re-spins' dims and counters end with the round
            return False  # the shared animation plays it
        return True

    def counts_before(self, event: SpinEvent, player: ReelsHost) -> tuple[int, int]:
        nxt = player.next_event()
        total, mult = event.spins_total or 0, event.multiplier
        if not isinstance(nxt, NewScattersEvent):
            return total, mult
        if nxt.phase == "respin":
            return total - len(nxt.cells), mult
        if nxt.mode == "priestess":
            return total, mult - len(nxt.cells)
        return total - nxt.spins_added, mult

    def landed(self, event: SpinEvent | CascadeEvent, player: ReelsHost) -> bool:
        if not isinstance(event, SpinEvent):
            return False
        if event.overlay_style in T_OVERLAY:
            style, n = event.overlay_style, len(event.overlay)
            player.say(T_OVERLAY[style], GOLD, n=n)
        nxt = player.next_event()
        if not isinstance(nxt, NewScattersEvent):
            return False
        player.count_spin(event, event.spins_total or 0, event.multiplier)  # what they added
        self._joined(event, nxt, player)
        player.wait(JOIN_PAUSE * player.speed, then=lambda: player.show_wins(event))
        return True

    # -- its events ------------------------------------------------------------------------------
    def _battle(self, ev: BattleEvent, player: ReelsHost) -> None:
        from scenes.games.warlords.battle import BattleScene

        stage = player.stage
        stage.trigger_cells = frozenset((r, w) for r, w, _ in ev.scatters)
        player.clear_wins()
        player.band.finish_count()  # the battle's money strip shows the main spin's win in full
        player.say(T_BATTLE_SAY, GOLD)

        def turn(cell: tuple[int, int]) -> None:
            stage.view.grid[cell[0]][cell[1]] = ev.winner

        def done() -> None:
            # back on the reels, the winner's colour sweeps across them, turning each scatter
            stage.trigger_cells = None
            reduced = player.pace.reduced_motion
            sweep = ReelSweep(
                warlords(player.definition)[ev.winner],
                [(reel, row) for reel, row, _ in ev.scatters],
                len(stage.view.reels),
                turn,
                duration=REEL_SWEEP * player.speed,
                reduced=reduced,
            )
            stage.decor["sweep"] = sweep

            def swept() -> None:
                for reel, row, _ in ev.scatters:  # every scatter has turned into the winner's
                    turn((reel, row))
                stage.decor.pop("sweep", None)

            player.wait(0.0 if reduced else (REEL_SWEEP + REEL_GLOW) * player.speed, then=swept)

        battle = BattleScene(
            stage.assets,
            player.sounds,
            player.definition,
            ev,
            player.tr,
            speed=player.speed,
            on_done=done,
            band=player.band,  # the money strip shows the reels' own figures
            bet=player.bet,
            reduced_motion=player.pace.reduced_motion,
        )
        player.wait_for("feature")
        if not player.push_scene(battle):  # no scene stack (a test's bare player): at once
            done()

    def _respins(self, ev: RespinsStartEvent, player: ReelsHost) -> None:
        stage = player.stage
        warlord = warlords(player.definition)[ev.symbol]
        for reel, row in ev.held:
            stage.view.grid[reel][row] = ev.symbol
        stage.trigger_cells = None
        player.clear_wins()
        stage.decor["held"] = HeldScatters(warlord, {tuple(c) for c in ev.held})  # type: ignore[misc]
        stage.decor["counter"] = Counter(
            lambda tr: tr.gettext(T_RESPINS_LEFT), str(ev.respins), RESPINS_AT, warlord.light
        )
        player.say(T_RESPINS_WON, GOLD, count=len(ev.held))
        player.sounds.feature("respin")
        player.wait(1.2 * player.speed)

    def _count_before(self, ev: SpinEvent, player: ReelsHost) -> None:
        """A spin begins: the counter shows what it was before this spin's new scatters."""
        counter = player.stage.decor.get("counter")
        if not isinstance(counter, Counter) or ev.spin_index is None:
            return
        nxt = player.next_event()
        new = nxt if isinstance(nxt, NewScattersEvent) else None
        if ev.mode == "respin":
            left = (ev.spins_total or 0) - ev.spin_index - (len(new.cells) if new else 0)
            counter.set(str(left))
            return
        mode = self._mode(player)
        if mode == "barbarian":
            counter.set(str((ev.spins_total or 0) - ev.spin_index - (new.spins_added if new else 0)))
        elif mode == "priestess":
            counter.set(f"x{ev.multiplier - (len(new.cells) if new else 0)}")
        elif mode == "samurai":
            counter.set(str(len(ev.held)))

    def _joined(self, ev: SpinEvent, new: NewScattersEvent, player: ReelsHost) -> None:
        """New scatters landed on `ev`: each joins with a flourish, the counters follow."""
        stage = player.stage
        cells = [tuple(c) for c in new.cells]
        player.sounds.feature("scatter_join")
        popups = stage.decor.get("popups")
        if not isinstance(popups, Popups):
            popups = stage.decor["popups"] = Popups()
        counter = stage.decor.get("counter")
        if new.phase == "respin":
            held = stage.decor.get("held")
            if isinstance(held, HeldScatters):
                held.join(cells)  # type: ignore[arg-type]
            if isinstance(counter, Counter) and new.respins_left is not None:
                counter.set(str(new.respins_left))
            popups.add(cells, "+1")  # type: ignore[arg-type]
            player.say(T_JOINED, GOLD)
            return
        if new.mode == "barbarian":
            popups.add(cells, player.tr.t(T_PLUS, n=new.spins_added // max(1, len(cells))))  # type: ignore[arg-type]
            if isinstance(counter, Counter) and new.spins_total is not None and ev.spin_index is not None:
                counter.set(str(new.spins_total - ev.spin_index))
        elif new.mode == "priestess":
            popups.add(cells, player.tr.t(T_PLUS, n=1))  # type: ignore[arg-type]
            if isinstance(counter, Counter):
                counter.set(f"x{new.multiplier}")
        else:
            popups.add(cells, player.tr.gettext(T_STICKY))  # type: ignore[arg-type]
            if isinstance(counter, Counter):
                counter.set(str(len(ev.held) + len(cells)))

    def _final_chance(self, ev: FinalChanceEvent, player: ReelsHost) -> None:
        stage = player.stage
        warlord = warlords(player.definition)[ev.symbol]
        speed = player.speed
        multiple, coins = ev.multiple, ev.coins
        target = tuple(ev.position) if ev.position is not None else None
        decor = FinalChance(
            title=lambda tr: tr.gettext(T_FINAL),
            line=lambda tr: tr.t(T_FINAL_COINS, multiple=multiple, coins=coins),
            crystal=stage.view.wild_id or ev.symbol,
            scatter=ev.symbol if ev.kind == "scatter" else None,
            kind=ev.kind,
            target=target,  # type: ignore[arg-type]
            reveal_at=FC_CHARGE * speed,
            fly_time=FC_FLY * speed,
            colour=warlord.colour,
        )
        stage.decor["final"] = decor
        player.say(T_FINAL, GOLD)

        def finish() -> None:
            stage.decor.pop("final", None)

        def reveal() -> None:
            if ev.kind == "coins":
                player.sounds.feature("final_coins")
                player.round_win += coins
                player.band.count_win_to(player.round_win, 1.0 * speed)
                player.say(T_FINAL_SAY_COINS, GOLD, coins=coins)
                player.wait(1.8 * speed, then=finish)
            else:
                player.sounds.feature("final_scatter")
                player.say(T_FINAL_SAY_SCATTER, GOLD)
                player.wait(FC_FLY * speed, then=landed)

        def landed() -> None:
            finish()
            if target is not None:
                stage.view.grid[target[0]][target[1]] = ev.symbol
                held = stage.decor.get("held")
                if isinstance(held, HeldScatters):
                    held.join([target])  # type: ignore[list-item]
            player.wait(0.7 * speed)

        player.wait(FC_CHARGE * speed, then=reveal)

    def _free_spins(self, ev: WarlordsFreeSpinsStartEvent, player: ReelsHost) -> None:
        stage = player.stage
        warlord = by_mode(player.definition, ev.mode)
        stage.decor.pop("held", None)
        stage.decor.pop("counter", None)
        if ev.mode == "samurai":  # the scatters become sticky wilds where they stand
            for reel, row in ev.sticky:
                stage.view.grid[reel][row] = stage.view.wild_id or stage.view.grid[reel][row]
        stage.set_free_background(lambda: free_backdrop(stage.assets, stage.game_id, warlord))
        player.feature_won()
        player.sounds.feature_won(ev.mode)
        player.enter_free(ev.spins, ev.multiplier, [], [], theme=ev.mode)
        f = player.definition.feature
        extra = f.barbarian.extra_spins if isinstance(f, WarlordsFeature) else 0
        spins, mult, n = ev.spins, ev.multiplier, len(ev.sticky)
        rule = T_FREE_RULE[ev.mode]
        stage.decor["intro"] = Intro(
            warlord,
            lambda tr: tr.gettext(T_FREE_TITLE[ev.mode]),
            (
                lambda tr: tr.t(T_FREE_WON, spins=spins),
                lambda tr: tr.t(rule, extra=extra, mult=mult, n=n),
            ),
        )

        def counters() -> None:
            stage.decor.pop("intro", None)
            value = {"barbarian": str(spins), "priestess": f"x{mult}", "samurai": str(n)}[ev.mode]
            stage.decor["counter"] = Counter(
                lambda tr: tr.gettext(T_COUNTER[ev.mode]), value, FREE_AT, warlord.light
            )

        player.wait(INTRO * player.speed, then=counters)

    @staticmethod
    def _mode(player: ReelsHost) -> str | None:
        start = next((e for e in player.events if isinstance(e, WarlordsFreeSpinsStartEvent)), None)
        return start.mode if start is not None else None

    # -- the history detail ------------------------------------------------------------------------
    def detail_steps(self, events: list, defn: GameDefinition | None, bet: Bet) -> list[Step]:
        from scenes.games.warlords import detail

        return detail.detail_steps(events, defn, bet)

    def draw_step(self, detail: DetailHost, surface: Canvas, step: Step, rect: pygame.Rect) -> None:
        """Warlords' steps are all text or spins (drawn by the detail itself)."""

    # -- the paytable ------------------------------------------------------------------------------
    def pages(self, defn: GameDefinition, bet: Bet, tr: Tr) -> list[Page]:
        from scenes.games.warlords import pages

        return pages.pages(defn, bet, tr)

    def symbol_notes(self, defn: GameDefinition, symbol_id: str, tr: Tr) -> list[str]:
        from scenes.games.warlords import pages

        return pages.symbol_notes(defn, symbol_id, tr)

    def draw_page(self, viewer: PaytableHost, surface: Canvas, page: Page) -> None:
        from scenes.games.warlords import pages

        pages.draw_page(viewer, surface, page)


PRESENTATION = WarlordsPresentation()
