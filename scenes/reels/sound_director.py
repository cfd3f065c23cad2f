"""The sound director: which sound goes with which moment of a round.

Scenes tell it what is being shown (a spin starting, a reel landing, a win of some size, a
stone opening, free spins beginning or ending) and it plays the matching effect or music through
the `AudioService` passed in. It never decides anything and keeps no timing of its own except a
throttle for the coin-tick, so a silent AudioService (no mixer) behaves exactly the same.

Sound names are relative to `assets/sounds/` without the extension.
"""

from __future__ import annotations

from scenes.reels.motion import ReelSignal

SPIN_LOOP = "common/spin_loop"
REEL_STOP = "common/reel_stop"
ANTICIPATION = "common/anticipation"
LINE_WIN = "common/line_win"
WIN_SMALL = "common/win_small"
WIN_BIG = "common/win_big"
WIN_MEGA = "common/win_mega"
COIN_TICK = "common/coin_tick"
CLICK = "common/click"
REVEAL = "common/reveal"
SCATTER_LAND = "common/scatter_land"
FANFARE = "common/fanfare"
FEATURE_END = "common/feature_end"

KEY_SPIN = "spin_loop"
KEY_ANTICIPATION = "anticipation"
KEY_COUNT = "win_count"
TICK_EVERY = 0.075  # s between coin ticks while a win meter counts up


class SoundDirector:
    """Maps what a scene shows to sounds. `audio` is a `scenes.core.audio.AudioService`."""

    def __init__(self, audio, game_id: str) -> None:
        self.audio = audio
        self.game_id = game_id
        self._tick_wait = 0.0
        self.played: list[str] = []  # the last few sounds asked for (tests and debugging)

    def _play(self, name: str, **kw) -> None:
        self.played.append(name)
        if len(self.played) > 64:
            del self.played[:32]
        self.audio.play(name, **kw)

    # reels -------------------------------------------------------------------------------------
    def spin_started(self, turbo: bool = False) -> None:
        self._play(SPIN_LOOP, loops=-1, key=KEY_SPIN, volume=0.35 if turbo else 0.55)

    def reel_signal(self, signal: ReelSignal, turbo: bool = False) -> None:
        if signal.kind == "land":
            if not turbo or signal.reel == 4:
                self._play(REEL_STOP, volume=0.8)
            if signal.scatters:
                self._play(SCATTER_LAND, volume=0.9)
            if self.audio.is_playing(KEY_ANTICIPATION):
                self.audio.stop(KEY_ANTICIPATION)
        elif signal.kind == "stamp":  # an overlay wild laid on a cell
            self._play(REEL_STOP, volume=0.9)
        elif signal.kind == "burst":  # a cascade's winning cells burst
            self._play(REVEAL, volume=0.6)
        elif signal.kind == "anticipation":
            self._play(ANTICIPATION, key=KEY_ANTICIPATION, loops=-1, volume=0.8)
        elif signal.kind == "done":
            self.audio.stop(KEY_SPIN)
            self.audio.stop(KEY_ANTICIPATION)

    def spin_stopped(self) -> None:
        """The reels were left early (scene exit): silence the loops."""
        self.audio.stop(KEY_SPIN)
        self.audio.stop(KEY_ANTICIPATION)

    # wins --------------------------------------------------------------------------------------
    def win(self, tier: str) -> None:
        """tier: "line" (a line shown), "small", "big", "mega"."""
        name = {"line": LINE_WIN, "small": WIN_SMALL, "big": WIN_BIG, "mega": WIN_MEGA}[tier]
        self._play(name)

    def counting(self, dt: float, active: bool) -> None:
        """Coin ticks while a win meter counts up (throttled to a steady rhythm)."""
        if not active:
            self._tick_wait = 0.0
            return
        self._tick_wait -= dt
        if self._tick_wait <= 0.0:
            self._tick_wait = TICK_EVERY
            self._play(COIN_TICK, volume=0.45)

    # features ----------------------------------------------------------------------------------
    def click(self) -> None:
        self._play(CLICK, volume=0.7)

    def feature_won(self) -> None:
        self._play(FANFARE)

    def reveal(self) -> None:
        self._play(REVEAL)

    def free_spins_music(self, on: bool) -> None:
        self.audio.music(f"{self.game_id}/music" if on else None)

    def feature_end(self) -> None:
        self._play(FEATURE_END)

    def silence(self) -> None:
        """Leaving the game: stop the loops and the feature music."""
        self.spin_stopped()
        self.audio.music(None)
