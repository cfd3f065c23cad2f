"""Relic's presentation: its own two events in the round player and the history detail."""

from __future__ import annotations

from typing import Any

from relicgame.events import GemsCollectedEvent, RelicPayEvent

from scenes.presentation.base import GOLD, GameArt, Presentation, Step, shared_step

# Relic's own words: their translations are in its catalogs (relicgame/data/relic/locale/), merged
# at load with the shared ones, as a shipped game's are.
GEMS = "Gems: {total} of {needed}"
RELIC_PAYS = "RELIC PAYS {coins} coins"


class RelicPresentation(Presentation):
    feature_type = "relic"
    art = GameArt()

    def begin(self, event: Any, player) -> bool:
        stage = player.stage

        def done() -> None:  # the glow and the banner last their pause
            stage.trigger_cells = None
            stage.banner = None

        if isinstance(event, GemsCollectedEvent):
            stage.trigger_cells = frozenset(tuple(p) for p in event.positions)
            player.say(GEMS, GOLD, total=event.total, needed=event.needed)
            player.wait(0.8 * player.speed, then=done)
        elif isinstance(event, RelicPayEvent):
            stage.trigger_cells = frozenset(tuple(p) for p in event.positions)
            player.round_win += event.coins
            player.band.count_win_to(player.round_win, 0.6 * player.speed)
            coins = event.coins
            stage.banner = ("note", lambda tr: tr.t(RELIC_PAYS, coins=coins), "")
            player.wait(1.5 * player.speed, then=done)
        else:
            return False
        return True

    def detail_steps(self, events: list, defn, bet) -> list[Step]:
        steps = []
        for ev in events:
            if isinstance(ev, GemsCollectedEvent):
                total, needed = ev.total, ev.needed
                steps.append(Step("text", text=lambda tr, t=total, n=needed: tr.t(GEMS, total=t, needed=n)))
            elif isinstance(ev, RelicPayEvent):
                steps.append(Step("text", text=lambda tr, c=ev.coins: tr.t(RELIC_PAYS, coins=c), colour=GOLD))
            else:
                step = shared_step(ev, defn, bet)
                if step is not None:
                    steps.append(step)
        return steps


PRESENTATION = RelicPresentation()
