"""The sound director: each moment's sound, reel stops panned to their reels, effects panned to
where they happen, the right music for base game, free spins (per mode) and bonus scenes, each
game's sounds found by name under assets/sounds/<game> with common fallbacks, and every sound the
shipped games' presentations can ask for shipped."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from scenes.core.audio import pan_for_x
from scenes.reels.motion import ReelSignal
from scenes.reels.sound_director import FANFARE, WIN_TIERS, SoundDirector, reel_pan

SOUNDS = Path(__file__).resolve().parents[3] / "assets" / "sounds"


class FakeAudio:
    """Records what the director asks of the AudioService (the real sound files are looked up)."""

    def __init__(self) -> None:
        self.plays: list[tuple[str, dict]] = []
        self.tracks: list[str | None] = []
        self.stopped: list[str] = []
        self.deferred: list = []
        self.loaded: list[str] = []
        self.assets = SimpleNamespace(
            sound_path=lambda rel: SOUNDS / f"{rel}.ogg",
            defer=self.deferred.append,
            sound=self.loaded.append,
        )

    def play(self, name: str, **kw) -> None:
        self.plays.append((name, kw))

    def music(self, rel: str | None, **kw) -> None:
        self.tracks.append(rel)

    def stop(self, key: str) -> None:
        self.stopped.append(key)

    def is_playing(self, key: str) -> bool:
        return False


def director(game: str = "stones") -> tuple[SoundDirector, FakeAudio]:
    audio = FakeAudio()
    return SoundDirector(audio, game), audio


@pytest.mark.parametrize("game", ["stones", "warlords", "tombraider"])
def test_the_effects_are_decoded_behind_the_first_frames(game):
    """Every effect a round plays is queued for decoding when the director is made (a reel stop
    must not wait 5-15 ms for its file), and each is a shipped file."""
    d, audio = director(game)
    for job in audio.deferred:
        job()
    assert audio.loaded == d.effects()
    assert "common/reel_stop" in audio.loaded and "common/coin_tick" in audio.loaded
    assert all((SOUNDS / f"{name}.ogg").is_file() for name in audio.loaded)


def test_reel_stops_are_panned_left_to_right():
    d, audio = director()
    for reel in range(5):
        d.reel_signal(ReelSignal("land", reel))
    pans = [kw["pan"] for name, kw in audio.plays if name == "common/reel_stop"]
    assert len(pans) == 5
    assert pans == sorted(pans) and len(set(pans)) == 5
    assert pans[0] < -0.4 and pans[2] == pytest.approx(0.0) and pans[4] > 0.4
    assert pans[0] == pytest.approx(-pans[4]) and pans[1] == pytest.approx(-pans[3])


def test_scatter_and_anticipation_come_from_their_reel():
    d, audio = director()
    d.reel_signal(ReelSignal("anticipation", 4))
    d.reel_signal(ReelSignal("land", 0, scatters=1))
    by_name = {name: kw for name, kw in audio.plays}
    assert by_name["common/anticipation"]["pan"] == reel_pan(4) > 0
    assert by_name["common/scatter_land"]["pan"] == reel_pan(0) < 0


def test_turbo_plays_only_the_last_reel_stop():
    d, audio = director()
    for reel in range(5):
        d.reel_signal(ReelSignal("land", reel), turbo=True)
    assert [kw["pan"] for name, kw in audio.plays if name == "common/reel_stop"] == [reel_pan(4)]


def test_effects_are_panned_where_they_happen_or_centred():
    d, audio = director("warlords")
    d.feature("wild_hammer", x=296)
    d.feature("battle_start")
    hammer, battle = audio.plays
    assert hammer == ("warlords/wild_hammer", {"volume": 1.0, "pan": pan_for_x(296)})
    assert battle == ("warlords/battle_start", {"volume": 1.0})


def test_a_feature_without_a_sound_of_its_own_uses_the_common_one():
    d, audio = director("tombraider")
    d.feature("trap")
    d.feature("gunshot", x=640)
    assert [name for name, _ in audio.plays] == ["common/trap", "common/gunshot"]


def test_win_tiers_have_their_own_stings():
    d, audio = director()
    for tier in ("line", "small", "big", "mega", "epic"):
        d.win(tier)
    assert [name for name, _ in audio.plays] == [
        WIN_TIERS[t] for t in ("line", "small", "big", "mega", "epic")
    ]
    assert len(set(WIN_TIERS.values())) == 5


def test_music_follows_the_game_and_its_features():
    d, audio = director()
    d.game_music()
    d.free_spins_music(True)
    d.free_spins_music(False)
    d.silence()
    assert audio.tracks == ["stones/music", "stones/free_spins", "stones/music", None]
    d, audio = director("warlords")
    for mode in ("barbarian", "priestess", "samurai"):
        d.free_spins_music(True, theme=mode)
    assert audio.tracks == [f"warlords/free_spins_{m}" for m in ("barbarian", "priestess", "samurai")]
    d, audio = director("tombraider")
    d.bonus_music("world_map")
    d.bonus_music(None)
    assert audio.tracks == ["tombraider/world_map", "tombraider/music"]


def test_free_spins_won_sting_per_game_and_mode():
    plays = []
    for game, theme in (
        ("stones", None),
        ("warlords", "samurai"),
        ("warlords", "priestess"),
        ("tombraider", None),
    ):
        d, audio = director(game)
        d.feature_won(theme)
        plays.append(audio.plays[0][0])
    assert plays == [
        "stones/free_spins_won",
        "warlords/free_spins_won_samurai",
        "warlords/free_spins_won_priestess",
        FANFARE,
    ]


@pytest.mark.parametrize("game", ["stones", "warlords", "tombraider"])
def test_every_game_has_its_music_and_free_spins_theme(game):
    assert (SOUNDS / game / "music.ogg").is_file()
    assert any((SOUNDS / game).glob("free_spins*.ogg"))


def test_every_common_sound_the_director_names_is_shipped():
    for name in (*WIN_TIERS.values(), FANFARE):
        assert (SOUNDS / f"{name}.ogg").is_file(), name
