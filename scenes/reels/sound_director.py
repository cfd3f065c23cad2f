"""The sound director: which sound goes with which moment of a round, and where it comes from.

Scenes tell it what is being shown (a spin starting, a reel landing, a win of some size, a
stone opening, a feature event, free spins beginning or ending) and it plays the matching effect,
sting or music through the `AudioService` passed in. It never decides anything and keeps no
timing of its own except a throttle for the coin-tick, so a silent AudioService (no mixer)
behaves exactly the same.

Placement: each reel stop (and a scatter landing on it, and its anticipation) is panned to its
reel, reel 1 left .. reel 5 right; any other effect is panned to `x` (px on the 1280 px design
screen) when the caller gives one, centred otherwise.

Music: the game's base theme while its reels show (`game_music`), the free-spins theme during
free spins (`free_spins_music(True, theme)`: a game with several free-spins modes names the mode's
theme), a bonus theme for a bonus scene (`bonus_music(name)`), the base theme again when a
feature ends.

No game is named here: a game's sounds live in `assets/sounds/<game id>/` and are found by name
(`<game>/music`, `<game>/free_spins[_<theme>]`, `<game>/<bonus>`, `<game>/<feature>`,
`<game>/cascade` for a cascade's burst), a feature the game has no sound of its own for falling
back to `common/<feature>` (a burst to the reveal).
Sound names are relative to `assets/sounds/` without the extension.
"""

from __future__ import annotations

from scenes.core.audio import pan_for_x
from scenes.reels.motion import ReelSignal
from scenes.reels.symbol_art import CELL_W, WINDOW

SPIN_LOOP = "common/spin_loop"
REEL_STOP = "common/reel_stop"
ANTICIPATION = "common/anticipation"
LINE_WIN = "common/line_win"
WIN_SMALL = "common/win_small"
WIN_BIG = "common/win_big"
WIN_MEGA = "common/win_mega"
WIN_EPIC = "common/win_epic"
COIN_TICK = "common/coin_tick"
CLICK = "common/click"
REVEAL = "common/reveal"
SCATTER_LAND = "common/scatter_land"
FANFARE = "common/fanfare"
FEATURE_END = "common/feature_end"

WIN_TIERS = {"line": LINE_WIN, "small": WIN_SMALL, "big": WIN_BIG, "mega": WIN_MEGA, "epic": WIN_EPIC}

KEY_SPIN = "spin_loop"
KEY_ANTICIPATION = "anticipation"
TICK_EVERY = 0.075  # s between coin ticks while a win meter counts up


def reel_pan(reel: int) -> float:
    """The pan of reel `reel` (0-based) at its place in the reel window."""
    return pan_for_x(WINDOW.x + (reel + 0.5) * CELL_W)


class SoundDirector:
    """Maps what a scene shows to sounds. `audio` is a `scenes.core.audio.AudioService`."""

    def __init__(self, audio, game_id: str) -> None:
        self.audio = audio
        self.game_id = game_id
        self._tick_wait = 0.0
        self.played: list[str] = []  # the last few sounds asked for (tests and debugging)
        # the effects a round plays, decoded behind the first frames (one per frame, in the time
        # the loop sleeps) so no reel stop or win waits for its file: decoding one costs 5-15 ms
        assets = audio.assets
        for name in self.effects():
            assets.defer(lambda name=name: assets.sound(name))

    def effects(self) -> list[str]:
        """Every effect the reels may play, in the order a round first needs them."""
        return [
            SPIN_LOOP,
            REEL_STOP,
            SCATTER_LAND,
            ANTICIPATION,
            LINE_WIN,
            COIN_TICK,
            WIN_SMALL,
            WIN_BIG,
            CLICK,
            self._first("free_spins_won", fallback=FANFARE),
            self._first("cascade", fallback=REVEAL),
            REVEAL,
            FEATURE_END,
            WIN_MEGA,
            WIN_EPIC,
        ]

    def _play(self, name: str, x: float | None = None, **kw) -> None:
        self.played.append(name)
        if len(self.played) > 64:
            del self.played[:32]
        if x is not None:
            kw["pan"] = pan_for_x(x)
        self.audio.play(name, **kw)

    # music -------------------------------------------------------------------------------------
    def game_music(self) -> None:
        """The game's base theme (entering the reels, or back from a feature)."""
        self.audio.music(f"{self.game_id}/music")

    def free_spins_music(self, on: bool, theme: str | None = None) -> None:
        """The free-spins theme (`<game>/free_spins_<theme>` for a mode with its own, else
        `<game>/free_spins`); off: back to the base theme."""
        if on:
            self.audio.music(self._first(f"free_spins_{theme}" if theme else None, "free_spins"))
        else:
            self.game_music()

    def bonus_music(self, bonus: str | None) -> None:
        """A bonus scene's theme (`<game>/<bonus>`, e.g. "world_map"); None: back to the base theme."""
        if bonus is None:
            self.game_music()
        else:
            self.audio.music(f"{self.game_id}/{bonus}")

    def _has(self, rel: str) -> bool:
        return self.audio.assets.sound_path(rel).is_file()

    def _first(self, *names: str | None, fallback: str | None = None) -> str:
        """The first of the game's own sounds `names` that exists, else `fallback` (or the last
        name under the game, which then plays as silence with a log line)."""
        given = [n for n in names if n]
        for name in given:
            if self._has(f"{self.game_id}/{name}"):
                return f"{self.game_id}/{name}"
        return fallback or f"{self.game_id}/{given[-1]}"

    # reels -------------------------------------------------------------------------------------
    def spin_started(self, turbo: bool = False) -> None:
        self._play(SPIN_LOOP, loops=-1, key=KEY_SPIN, volume=0.35 if turbo else 0.55)

    def reel_signal(self, signal: ReelSignal, turbo: bool = False) -> None:
        if signal.kind == "land":
            pan = reel_pan(signal.reel)
            if not turbo or signal.reel == 4:
                self._play(REEL_STOP, volume=0.8, pan=pan)
            if signal.scatters:
                self._play(SCATTER_LAND, volume=0.9, pan=pan)
            if self.audio.is_playing(KEY_ANTICIPATION):
                self.audio.stop(KEY_ANTICIPATION)
        elif signal.kind == "stamp":  # an overlay wild laid on a cell
            self._play(REEL_STOP, volume=0.9, pan=reel_pan(signal.reel))
        elif signal.kind == "burst":  # a cascade's winning cells burst (the game's own sound)
            self._play(self._first("cascade", fallback=REVEAL), volume=0.6, pan=reel_pan(signal.reel))
        elif signal.kind == "anticipation":
            self._play(ANTICIPATION, key=KEY_ANTICIPATION, loops=-1, volume=0.8, pan=reel_pan(signal.reel))
        elif signal.kind == "done":
            self.audio.stop(KEY_SPIN)
            self.audio.stop(KEY_ANTICIPATION)

    def spin_stopped(self) -> None:
        """The reels were left early (scene exit): silence the loops."""
        self.audio.stop(KEY_SPIN)
        self.audio.stop(KEY_ANTICIPATION)

    # wins --------------------------------------------------------------------------------------
    def win(self, tier: str) -> None:
        """tier: "line" (a line shown), "small", "big", "mega", "epic"."""
        self._play(WIN_TIERS[tier])

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
    def click(self, x: float | None = None) -> None:
        self._play(CLICK, x, volume=0.7)

    def feature(self, name: str, x: float | None = None, volume: float = 1.0) -> None:
        """A feature moment of this game: `<game>/<name>`, else `common/<name>`; placed at `x`
        when given."""
        self._play(self._first(name, fallback=f"common/{name}"), x, volume=volume)

    def overlay(self, style: str | None) -> None:
        """Overlay wilds are being laid in `style`: the game's `<game>/wild_<style>` if it has one
        (each wild's stamp sounds anyway)."""
        if style and self._has(f"{self.game_id}/wild_{style}"):
            self._play(f"{self.game_id}/wild_{style}")

    def feature_won(self, theme: str | None = None) -> None:
        """Free spins won: the game's sting (`free_spins_won_<theme>` for a mode with its own,
        else `free_spins_won`), the common fanfare if the game has none."""
        self._play(
            self._first(f"free_spins_won_{theme}" if theme else None, "free_spins_won", fallback=FANFARE)
        )

    def reveal(self, x: float | None = None) -> None:
        """A pick revealed (a stone turning), at the pick's place when given."""
        self._play(REVEAL, x)

    def feature_end(self) -> None:
        self._play(FEATURE_END)

    def silence(self) -> None:
        """Leaving the game: stop the loops and the game's music."""
        self.spin_stopped()
        self.audio.music(None)
