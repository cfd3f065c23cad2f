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
free spins (in Warlords the theme of the warlord whose free spins they are), a bonus theme for a
bonus scene (`bonus_music("world_map")`), the base theme again when a feature ends.

Sound names are relative to `assets/sounds/` without the extension.
"""

from __future__ import annotations

from scenes.audio import pan_for_x
from scenes.reel_view import CELL_W, WINDOW, ReelSignal

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
WARLORDS = ("barbarian", "priestess", "samurai")

# Each game's feature moments → their sting (names the scenes pass to `feature`).
FEATURES: dict[str, dict[str, str]] = {
    "stones": {
        "free_spins_won": "stones/free_spins_won",
        "pick_reveal": REVEAL,
    },
    "warlords": {
        "wild_hammer": "warlords/wild_hammer",
        "wild_arrow": "warlords/wild_arrow",
        "wild_sword": "warlords/wild_sword",
        "battle_start": "warlords/battle_start",
        "battle_won": "warlords/battle_won",
        "respin": "warlords/respin",
        "scatter_join": "warlords/scatter_join",
        "final_coins": "warlords/final_coins",
        "final_scatter": "warlords/final_scatter",
        **{f"free_spins_won_{w}": f"warlords/free_spins_won_{w}" for w in WARLORDS},
    },
    "tombraider": {
        "cascade": "tombraider/cascade",
        "ladder_step": "tombraider/ladder_step",
        "super_mode": "tombraider/super_mode",
        "passport_stamp": "tombraider/passport_stamp",
        "adventure_start": "tombraider/adventure_start",
        "fragment": "tombraider/fragment",
        "trap": "common/trap",
        "duel_shot": "common/gunshot",
        "jackpot": "tombraider/jackpot",
        "disc_hit": "tombraider/disc_hit",
        "free_spins_won": FANFARE,
    },
}

BONUS_MUSIC = {"world_map": "tombraider/world_map"}

KEY_SPIN = "spin_loop"
KEY_ANTICIPATION = "anticipation"
KEY_COUNT = "win_count"
TICK_EVERY = 0.075  # s between coin ticks while a win meter counts up


def reel_pan(reel: int) -> float:
    """The pan of reel `reel` (0-based) at its place in the reel window."""
    return pan_for_x(WINDOW.x + (reel + 0.5) * CELL_W)


def free_spins_track(game_id: str, warlord: str | None = None) -> str:
    """The free-spins theme of a game (Warlords: of `warlord`, the Barbarian's if not given)."""
    if game_id == "warlords":
        return f"warlords/free_spins_{warlord if warlord in WARLORDS else WARLORDS[0]}"
    return f"{game_id}/free_spins"


class SoundDirector:
    """Maps what a scene shows to sounds. `audio` is a `scenes.audio.AudioService`."""

    def __init__(self, audio, game_id: str) -> None:
        self.audio = audio
        self.game_id = game_id
        self._tick_wait = 0.0
        self.played: list[str] = []  # the last few sounds asked for (tests and debugging)

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

    def free_spins_music(self, on: bool, warlord: str | None = None) -> None:
        """The free-spins theme (Warlords: the warlord's own); off: back to the base theme."""
        if on:
            self.audio.music(free_spins_track(self.game_id, warlord))
        else:
            self.game_music()

    def bonus_music(self, bonus: str | None) -> None:
        """A bonus scene's theme ("world_map"); None: back to the base theme."""
        if bonus is None:
            self.game_music()
        else:
            self.audio.music(BONUS_MUSIC[bonus])

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
        """A feature moment of this game (see FEATURES), placed at `x` when given."""
        sound = FEATURES.get(self.game_id, {}).get(name)
        if sound is None:
            raise ValueError(f"no sound for feature {name!r} of {self.game_id!r}")
        self._play(sound, x, volume=volume)

    def feature_won(self, warlord: str | None = None) -> None:
        """Free spins won: the game's sting (Warlords: the warlord's, if given)."""
        if self.game_id == "warlords" and warlord in WARLORDS:
            self._play(FEATURES["warlords"][f"free_spins_won_{warlord}"])
        else:
            self._play(FEATURES.get(self.game_id, {}).get("free_spins_won", FANFARE))

    def reveal(self, x: float | None = None) -> None:
        """A pick revealed (a stone turning), at the pick's place when given."""
        self._play(REVEAL, x)

    def feature_end(self) -> None:
        self._play(FEATURE_END)

    def silence(self) -> None:
        """Leaving the game: stop the loops and the game's music."""
        self.spin_stopped()
        self.audio.music(None)
