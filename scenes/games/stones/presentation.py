"""Secret of the Stones' presentation (`PRESENTATION`): its events wherever a round is shown.

In the round player (live play and replay alike):

    free_spins_trigger  the landed scatters glow alone, then "FREE SPINS / Pick n stones"
    pick_request        the stone picker (`scenes.games.stones.picker`): the player's picks,
                        autoplay's automatic ones, or a replay's recorded ones, watched
    pick_reveal, picks_done   shown inside the picker
    free_spins_start    the free-spins backdrop, music, wild-reel covers, WILD tags, counter

The history detail lists them through `scenes.games.stones.detail`; the paytable shows the
stones and the free-spins rules through `scenes.games.stones.pages`. Only this package names
Stones' types.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from game.games.stones.events import (
    FreeSpinsStartEvent,
    FreeSpinsTriggerEvent,
    PickRevealEvent,
    PicksDoneEvent,
)
from game.games.stones.model import StonesFeature
from scenes.core.canvas import Canvas
from scenes.games.stones import ART, own_images
from scenes.games.stones.dress import DRESS
from scenes.presentation.base import GOLD, Presentation, Step

if TYPE_CHECKING:
    import pygame

    from game.definitions import GameDefinition
    from game.money import Bet
    from scenes.core.stack import Scene
    from scenes.presentation.hosts import DetailHost, PaytableHost, ReelsHost
    from scenes.viewers.look import ViewerLook
    from scenes.viewers.paytable_pages import Page, Tr

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_TRIGGER = "{count} SCATTERS: FREE SPINS!"
T_TRIGGER_BANNER = "FREE SPINS"
T_TRIGGER_SUB = "Pick {picks} stones to reveal your features"

TRIGGER_HIGHLIGHT = 1.1  # s the landed scatters glow alone before the announcement
ANNOUNCE = 1.5  # s the announcement stays before the stones


class StonesPresentation(Presentation):
    feature_type = "stones"
    art = ART
    dress = DRESS

    @property
    def viewer_look(self) -> ViewerLook:
        """The look of this game's viewers (`scenes.viewers.look`), kept with its pages."""
        from scenes.games.stones import pages

        return pages.VIEWER_LOOK

    def own_images(self, defn: GameDefinition) -> list[tuple[str, str]]:
        return own_images(defn)

    def trigger(self, defn: GameDefinition) -> tuple[str, int] | None:
        f = defn.feature
        return (f.trigger_symbol, f.trigger_min) if isinstance(f, StonesFeature) else None

    # -- the round player --------------------------------------------------------------------------
    def begin(self, event: Any, player: ReelsHost) -> bool:
        if isinstance(event, FreeSpinsTriggerEvent):
            self._triggered(event, player)
        elif isinstance(event, FreeSpinsStartEvent):
            player.enter_free(event.spins, event.multiplier, event.wild_reels, event.wild_symbols)
        elif isinstance(event, PickRevealEvent | PicksDoneEvent):
            log.warning("pick event outside the picker: %s", event.type)
        else:
            return False
        return True

    def _triggered(self, ev: FreeSpinsTriggerEvent, player: ReelsHost) -> None:
        stage = player.stage
        stage.trigger_cells = frozenset((p[0], p[1]) for p in ev.positions)
        player.clear_wins()
        player.feature_won()
        player.say(T_TRIGGER, GOLD, count=ev.count)
        player.sounds.feature_won()
        picks = ev.picks
        banner = (
            "trigger",
            lambda tr: tr.gettext(T_TRIGGER_BANNER),
            lambda tr: tr.t(T_TRIGGER_SUB, picks=picks),
        )

        def announce() -> None:
            # the scatters glowed alone first; now the announcement, then the stones
            stage.banner = banner
            player.wait(ANNOUNCE * player.speed)

        player.wait(TRIGGER_HIGHLIGHT * player.speed, then=announce)

    def open_pick(self, player: ReelsHost, events: list) -> Scene | None:
        from scenes.games.stones.picker import StonePickerScene

        # the trigger precedes the first pick request in the round's events
        trigger = next((e for e in player.events if isinstance(e, FreeSpinsTriggerEvent)), None)
        picks = player.picks()
        player.sounds.free_spins_music(True)
        return StonePickerScene(
            player.stage.assets,
            player.sounds,
            player.definition,
            events,
            choose=picks.choose,
            on_finished=player.feature_done,
            on_leave=picks.leave,
            trigger=trigger,
            auto_pick=picks.auto_pick,
            watch_only=picks.watch_only,
            resumed=player.resumed_picks,
            speed=max(player.speed, 0.02),
            reduced_motion=player.pace.reduced_motion,
            tr=player.tr,
            band=player.band,  # the money strip shows the reels' own figures
            bet=player.bet,
        )

    def announced(self, event: Any) -> bool:
        # the free spins were announced before the interruption: straight back to the stones
        return isinstance(event, FreeSpinsTriggerEvent)

    # -- the history detail ------------------------------------------------------------------------
    def detail_steps(self, events: list, defn: GameDefinition | None, bet: Bet) -> list[Step]:
        from scenes.games.stones import detail as stones_detail

        return stones_detail.detail_steps(events, defn, bet)

    def draw_step(self, detail: DetailHost, surface: Canvas, step: Step, rect: pygame.Rect) -> None:
        if step.kind == "picks":
            from scenes.games.stones import detail as stones_detail

            stones_detail.draw_picks(detail, surface, step, rect)

    # -- the paytable ------------------------------------------------------------------------------
    # (its modules load with the viewers, not with the lobby)
    def pages(self, defn: GameDefinition, bet: Bet, tr: Tr) -> list[Page]:
        from scenes.games.stones import pages as stones_pages

        return stones_pages.pages(defn, tr)

    def symbol_notes(self, defn: GameDefinition, symbol_id: str, tr: Tr) -> list[str]:
        from scenes.games.stones import pages as stones_pages

        return stones_pages.symbol_notes(defn, symbol_id, tr)

    def draw_page(self, viewer: PaytableHost, surface: Canvas, page: Page) -> None:
        from scenes.games.stones import pages as stones_pages

        if page.kind == "stones":
            stones_pages.draw_stones(viewer, surface, page)
        elif page.kind == "free":
            stones_pages.draw_free(viewer, surface, page)


PRESENTATION = StonesPresentation()
