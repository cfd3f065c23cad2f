"""Replay of a recorded round on the reels, exactly as it happened (CERTIFICATION G1).

`ReplayScene(ctx, round_record)` first checks the round (`check_replay`): it must be finished,
its game installed and its data unchanged (the stored `game_sha256` equals the loaded file's),
and re-running `play_round(definition, bet, seed, choices)` from the stored seed and choices (with
the entropy stored with each, and the state the round began with, for a game that keeps one) must
give exactly the stored events.
If any check fails the scene says why in plain words and shows nothing else: an old round must
never be re-animated with different data or a different outcome.

Then the round plays through the same round player as live play (`scenes.reels.player`), on the
same stage (the game's backdrop, reel backing, frame and marquee, `scenes.reels.stage`), with the
same translated words: the reels land on the stored stops, the wins are presented and counted,
the game's own events look as they did (the Stones' picker opens and makes the recorded picks,
watched: the player's own clicks pick nothing), the free spins, the cap and the total. The band
shows the round, the bet and the win, under a "REPLAY" mark; no money moves and nothing is
written. SPIN / Enter slam-stops the reels, hurries a pause or the next recorded pick; Esc ends
the replay.
"""

from __future__ import annotations

import logging
import math
from typing import Any

import pygame
from pydantic import BaseModel

from game.definitions import LoadedGame
from game.events import PickRequestEvent, RoundEndEvent, events_to_json
from game.round import play_round
from scenes.core.canvas import Canvas, draw
from scenes.core.context import AppContext
from scenes.core.i18n import Translator
from scenes.core.intents import Act, Intent
from scenes.core.stack import Scene
from scenes.core.text import draw_text, wrap_text
from scenes.core.theme import CREAM, GOLD, INK, SOFT
from scenes.presentation import presentation_of
from scenes.reels.band import Band
from scenes.reels.hud import RECT_BAND
from scenes.reels.player import Pace, Picks, RoundPlayer
from scenes.reels.sound_director import SoundDirector
from scenes.reels.stage import Stage
from scenes.viewers.history import local_time
from scenes.viewers.paytable import backdrop
from scenes.widgets import Button, draw_panel

log = logging.getLogger(__name__)

# Player-facing msgids (assets/locale/*.json)
T_REPLAY = "REPLAY"
T_ROUND = "Round {id} · {time}"
T_BET = "BET"
T_WIN = "WIN"
T_HINT = "SPIN skips · Esc ends the replay"
T_DONE = "REPLAY COMPLETE · TOTAL WIN {money}"
T_CANNOT = "This round cannot be replayed"
T_NOT_FINISHED = "The round is not finished yet, so there is nothing to replay."
T_NO_GAME = "The game of this round is not installed."
T_CHANGED = (
    "The game data changed since this round was played, so it cannot be replayed exactly. "
    "Its record in the history is unchanged."
)
T_DIFFERENT = (
    "Playing this round again does not give the recorded outcome, so it is not shown. "
    "Its record in the history is unchanged."
)
T_CLOSE = "Back"

NOTE_S = 2.5  # s the end of the replay is said over the reels
MARK = pygame.Rect(24, 586, 200, 56)  # the REPLAY mark, in the band: the reels stay clear


def check_replay(loaded: LoadedGame | None, record, state: Any = None) -> tuple[list | None, str | None]:
    """The events to animate, or (None, the reason in plain words) if the round can't be replayed.

    The checks that make a replay trustworthy: the round is closed with stored events; the data
    file is the one it was played with (SHA-256); the engine, fed the stored seed and choices (and,
    for a game with state across rounds, the state the round began with: `state_before`),
    reproduces the stored events exactly.
    """
    if record.status != "closed" or not record.events:
        return None, T_NOT_FINISHED
    if loaded is None:
        return None, T_NO_GAME
    if record.game_sha256 != loaded.sha256:
        return None, T_CHANGED
    try:
        result = play_round(
            loaded.definition,
            record.bet,
            record.seed,
            list(record.choices),
            state=state,
            entropies=record.entropies,
            engine=record.engine_version,  # an older engine's round replays with its draws
        )
    except ValueError as exc:
        log.warning("replay of round %s failed: %s", record.round_id, exc)
        return None, T_DIFFERENT
    if not result.finished or events_to_json(result.events) != record.events:
        log.warning("replay of round %s gives different events", record.round_id)
        return None, T_DIFFERENT
    return list(result.events), None


def state_before(ledger, loaded: LoadedGame, record) -> Any:
    """The cross-round state `record` began with, for a game that keeps one (None otherwise).

    The ledger keeps it with the round (`record.state_in`, sealed by the round's digest). A round
    begun before the ledger did so (schema version 4) has none; its state is a pure function of
    the game's closed rounds before it, in order: each is played again from its seed and choices,
    from the start state, carrying the state on. An earlier round recorded under other game data
    cannot be played again: then the start state is used, and `check_replay` refuses a round it
    does not reproduce.
    """
    from game.games import rules_for

    rules = rules_for(loaded.definition)
    if rules.state_model is None:
        return None
    if record.state_in is not None:
        try:
            return rules.state_model.model_validate(record.state_in)
        except ValueError:  # this version's model no longer reads it: check_replay says so
            log.warning("round %s: its stored state does not fit the game", record.round_id)
            return None
    game_id = record.game_id
    earlier = [
        r
        for r in reversed(ledger.history(ledger.count_rounds(game_id), 0, game_id))
        if r.round_id < record.round_id and r.status == "closed"
    ]
    state: BaseModel | None = rules.state_model()
    for r in earlier:
        if r.game_sha256 != loaded.sha256:
            return None
        state = play_round(
            loaded.definition,
            r.bet,
            r.seed,
            list(r.choices),
            state=state,
            entropies=r.entropies,
            engine=r.engine_version,
        ).state_out
    return state


class RecordedPicks:
    """A recorded round's picks, handed out in order: what `choose` reveals is the recording
    from after one pick request up to the next (or the end), as the engine gave it in play."""

    def __init__(self, events: list, choices: tuple[int, ...] | list[int]) -> None:
        self.events = events
        self.choices = list(choices)
        self.requests = [i for i, e in enumerate(events) if isinstance(e, PickRequestEvent)]
        self.made = 0

    @property
    def opening(self) -> list:
        """The events up to the first pick request (all of them when there is none)."""
        return self.events[: self.requests[0] + 1] if self.requests else list(self.events)

    def choose(self, index: int) -> list:
        if self.made >= len(self.choices) or index != self.choices[self.made]:
            raise ValueError(f"the recorded pick is {self.auto_pick(0, [])}, not {index}")
        start = self.requests[self.made] + 1
        self.made += 1
        end = self.requests[self.made] + 1 if self.made < len(self.requests) else len(self.events)
        return self.events[start:end]

    def auto_pick(self, options: int, picked: list[int]) -> int:
        return self.choices[min(self.made, len(self.choices) - 1)]


class ReplayBand(Band):
    """The replay's band: the round, the bet and the win meter, the message line, REPLAY."""

    def __init__(self, scene: ReplayScene) -> None:
        super().__init__(scene.tr)
        self.scene = scene

    def draw(self, surface: Canvas, under: Canvas, clock: float) -> None:
        scene, tr, rec = self.scene, self.tr, self.scene.record
        a = scene.assets
        surface.blit(under, RECT_BAND, RECT_BAND)
        text = tr.t(T_ROUND, id=rec.round_id, time=local_time(rec.started_at))
        draw_text(surface, a.font("text_bold", 20), text, (246, 600), CREAM, anchor="midleft")
        draw_text(surface, a.font("text", 16), tr.t(T_HINT), (246, 630), SOFT, anchor="midleft", shadow=False)
        win_cents = rec.bet.coins_to_cents(int(self.win_shown))
        for title, value, x in ((T_BET, rec.bet_cents, 760), (T_WIN, win_cents, 1040)):
            box = pygame.Rect(x, 588, 220, 100)
            draw_panel(surface, a, box, alpha=220)
            label = tr.t(title)
            draw_text(
                surface, a.font("text_bold", 15), label, (box.centerx, box.top + 20), SOFT, shadow=False
            )
            draw_text(surface, a.font("display", 30), tr.money(value), (box.centerx, box.top + 60), GOLD)
        if self.message:
            draw_text(surface, a.font("text_bold", 22), self.message, (246, 672), CREAM, anchor="midleft")
        # the REPLAY mark: always there, gently pulsing, so nobody mistakes this for play
        glow = 0.5 + 0.5 * math.sin(clock * 3.0)
        colour = (255, int(170 + 60 * glow), 90)
        draw.rect(surface, (40, 10, 10), MARK, border_radius=12)
        draw.rect(surface, colour, MARK, width=3, border_radius=12)
        font = a.font("display", 34)
        draw_text(surface, font, tr.t(T_REPLAY), MARK.center, colour, outline=2, outline_color=INK)


class ReplayScene(Scene):
    opaque = True
    modal = True

    def __init__(self, ctx: AppContext, record) -> None:
        super().__init__()
        self.ctx = ctx
        self.assets = ctx.assets
        self.tr = ctx.i18n
        self.record = record
        self.game_id = record.game_id
        self.loaded = ctx.games.get(record.game_id)
        state = state_before(ctx.ledger, self.loaded, record) if self.loaded is not None else None
        self.events, self.error = check_replay(self.loaded, record, state)
        self.close_btn = Button(pygame.Rect(565, 470, 150, 52), label=self.tr.t(T_CLOSE), on_click=self.close)
        self.t = 0.0
        self.finished = False
        self.note_left = 0.0  # s the end note stays over the reels
        self._music: str | None = None
        if self.error is None:
            assert self.loaded is not None and self.events is not None
            defn = self.loaded.definition
            presentation = presentation_of(defn)
            self.recorded = RecordedPicks(self.events, record.choices)
            self.stage = Stage(
                self.assets, self.game_id, defn, presentation, self.tr, palette=ctx.settings.line_palette
            )
            self.stage.show_state(state)  # what the player carried into the round
            self.band = ReplayBand(self)
            self.sounds = SoundDirector(ctx.audio, self.game_id)
            self.player = RoundPlayer(self.stage, self.band, self.sounds, presentation, self, self.tr)
            self.player.pace = Pace.of(
                turbo=False, quick=ctx.turbo, reduced_motion=ctx.settings.reduced_motion
            )

    # -- the round player's host ------------------------------------------------------------------
    autoplaying = False

    def picks(self) -> Picks:
        r = self.recorded
        return Picks(choose=r.choose, auto_pick=r.auto_pick, leave=self._leave_from_picks, watch_only=True)

    def feature_won(self) -> None:
        """Nothing to decide: the recording goes on."""

    def hold_after_feature(self) -> bool:
        return False

    def celebrates(self, win_coins: int) -> bool:
        """A replay celebrates nothing (its end is said over the reels)."""
        return False

    def round_ended(self, ev: RoundEndEvent) -> None:
        """Said over the reels for a moment, then on the message line: the wins keep cycling."""
        cents = self.record.bet.coins_to_cents(ev.total_win_coins)

        def done(tr: Translator) -> str:
            return tr.t(T_DONE, money=tr.money(cents))

        self.stage.banner = ("note", done, "")
        self.band.set_message(done, GOLD)
        self.note_left = NOTE_S
        self.finished = True

    def _leave_from_picks(self) -> None:
        if self.stack is not None:
            self.stack.pop()  # the picker
            self.stack.remove(self)

    # -- flow ------------------------------------------------------------------------------------
    @property
    def view(self):
        return self.stage.view

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def on_enter(self) -> None:
        if self.error is None:
            self._music = self.ctx.audio.music_track
            self.player.start(self.recorded.opening, self.record.bet)

    def on_exit(self) -> None:
        if self.error is None:
            self.view.finish_now()
            self.sounds.spin_stopped()
            self.ctx.audio.music(self._music)  # what played before the replay (its free spins' music)

    # -- input / time ----------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        act = intent.act
        if act is Act.QUIT:
            return False
        if self.error is not None and self.close_btn.handle(intent):
            return True
        if act is Act.BACK:
            self.close()
        elif act in (Act.SPIN, Act.CONFIRM):
            if self.error is not None:
                self.close()
            else:
                self.player.hurry()
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        if self.error is not None:
            self.close_btn.update(dt)
            return
        self.player.update(dt)
        if self.note_left > 0:
            self.note_left -= dt
            if self.note_left <= 0:
                self.stage.banner = None
        self.band.line_message = self.stage.presenter.message
        self.band.update_meter(dt)

    # -- drawing ---------------------------------------------------------------------------------
    def rebuild(self) -> None:
        if self.error is None:
            self.stage.rebuild()

    def draw(self, surface: Canvas) -> None:
        if self.error is not None:
            self._draw_error(surface)
            return
        self.stage.draw(surface, self.record.bet.lines)
        self.band.draw(surface, self.stage.backdrop, self.t)
        self.stage.draw_banner(surface)

    def _draw_error(self, surface: Canvas) -> None:
        a = self.assets
        surface.blit(backdrop(a, self.game_id if self.loaded is not None else None), (0, 0))
        box = pygame.Rect(0, 0, 760, 340)
        box.center = (640, 360)
        draw_panel(surface, a, box, alpha=245)
        draw_text(surface, a.font("display", 30), self.tr.t(T_CANNOT), (box.centerx, box.top + 50), GOLD)
        font = a.font("text", 21)
        y = box.top + 100
        for line in wrap_text(font, self.tr.t(self.error or ""), box.w - 80):
            draw_text(surface, font, line, (box.centerx, y), CREAM, anchor="midtop", shadow=False)
            y += 30
        self.close_btn.draw(surface, a)
