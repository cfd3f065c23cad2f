"""The sound director: each moment's sound, reel stops panned to their reels, effects panned to
where they happen, the right music for base game, free spins (per warlord) and bonus scenes, and
every sound and track it can ask for shipped under assets/sounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenes.audio import pan_for_x
from scenes.reel_view import ReelSignal
from scenes.sound_director import (
    BONUS_MUSIC,
    FEATURES,
    WARLORDS,
    WIN_TIERS,
    SoundDirector,
    free_spins_track,
    reel_pan,
)

SOUNDS = Path(__file__).resolve().parents[2] / "assets" / "sounds"
GAMES = ("stones", "warlords", "tombraider")


class FakeAudio:
    """Records what the director asks of the AudioService."""

    def __init__(self) -> None:
        self.plays: list[tuple[str, dict]] = []
        self.tracks: list[str | None] = []
        self.stopped: list[str] = []

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
    d.reveal(x=1100)
    d.click()
    (hammer, battle, reveal, click) = audio.plays
    assert hammer == ("warlords/wild_hammer", {"volume": 1.0, "pan": pan_for_x(296)})
    assert "pan" not in battle[1] and "pan" not in click[1]
    assert reveal[1]["pan"] == pan_for_x(1100) > 0.5


def test_unknown_feature_is_an_error():
    d, _ = director("stones")
    with pytest.raises(ValueError, match="wild_hammer"):
        d.feature("wild_hammer")  # a Warlords moment, not a Stones one


def test_win_tiers_have_their_own_stings():
    d, audio = director()
    for tier in ("line", "small", "big", "mega", "epic"):
        d.win(tier)
    names = [name for name, _ in audio.plays]
    assert names[2:] == ["common/win_big", "common/win_mega", "common/win_epic"]
    assert len(set(names)) == 5


def test_music_follows_the_game_and_its_features():
    d, audio = director("stones")
    d.game_music()
    d.free_spins_music(True)
    d.free_spins_music(False)
    d.silence()
    assert audio.tracks == ["stones/music", "stones/free_spins", "stones/music", None]

    d, audio = director("warlords")
    for w in WARLORDS:
        d.free_spins_music(True, warlord=w)
    d.free_spins_music(True)
    assert audio.tracks == [f"warlords/free_spins_{w}" for w in WARLORDS] + ["warlords/free_spins_barbarian"]

    d, audio = director("tombraider")
    d.bonus_music("world_map")
    d.bonus_music(None)
    assert audio.tracks == ["tombraider/world_map", "tombraider/music"]


def test_free_spins_won_sting_per_game_and_warlord():
    names = []
    for game, warlord in (
        ("stones", None),
        ("warlords", "samurai"),
        ("warlords", "priestess"),
        ("tombraider", None),
    ):
        d, audio = director(game)
        d.feature_won(warlord)
        names.append(audio.plays[-1][0])
    assert names == [
        "stones/free_spins_won",
        "warlords/free_spins_won_samurai",
        "warlords/free_spins_won_priestess",
        "common/fanfare",
    ]


def test_every_sound_the_director_names_is_shipped():
    names = set(WIN_TIERS.values()) | {v for game in FEATURES.values() for v in game.values()}
    names |= set(BONUS_MUSIC.values())
    for game in GAMES:
        names |= {f"{game}/music", free_spins_track(game)}
    names |= {free_spins_track("warlords", w) for w in WARLORDS}
    missing = sorted(n for n in names if not (SOUNDS / f"{n}.ogg").is_file())
    assert not missing
