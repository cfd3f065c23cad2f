"""The released files checked against `assets/MANIFEST.sha256` (`game.manifest`) at start-up.

Before the first frame (a few ms: four small data files and four fonts):
- **game data** (each game's `game.toml`, its generated tables, the world map) that differs is
  refused in one sentence naming the file (exit 2, on stderr and on the screen), unless the app
  was started with `--modified-games` (designers): the game is then played as it is, its lobby
  tile marked MODIFIED with the exact RTP computed afresh from the changed data on a worker
  thread (Tomb Raider's takes about half a minute; the tile says so meanwhile);
- **fonts** that are damaged or missing are replaced by pygame's own font, and the player is
  told in one sentence.
After the first frame (`start_media_check`, on a worker): pictures, sounds, maps, catalogs and
texts; what differs is named in one sentence in the lobby. A picture that then cannot be
decoded is drawn as a placeholder (`scenes.core.placeholder`) and a sound as silence, so a round
always completes.

The shipped tree must carry its manifest; an assets tree given through REELHOUSE_ASSETS without
one (a designer's or a test's) is not checked.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from game import manifest
from game.definitions import LoadedGame
from game.messages import Message

log = logging.getLogger(__name__)

# Player-facing sentences (their Spanish is in assets/locale/es.json).
MSG_DATA_CHANGED = (
    "The game data file {path} is not the one released with this version of Reelhouse, so it "
    "will not start; reinstall Reelhouse, or start it with --modified-games to play the changed "
    "game marked as modified."
)
MSG_NO_MANIFEST = (
    "The list of released files {path} is missing or damaged, so Reelhouse cannot check its game "
    "data and will not start; reinstall Reelhouse."
)
MSG_FONTS = "These font files are damaged or missing, so a plain font is used instead: {names}."
MSG_MEDIA = "These files are damaged or missing and are shown blank or played silent: {names}."
TEXT_MODIFIED_RTP = "MODIFIED · RTP {rtp} %"
TEXT_MODIFIED_COMPUTING = "MODIFIED · RTP being computed"
TEXT_MODIFIED_UNKNOWN = "MODIFIED · RTP not available"
MAX_NAMED = 6  # files named in one sentence; "and N more" beyond


class DataChangedError(Exception):
    """Released game data differs (or the manifest is gone): `msgid` and `params` say which."""

    def __init__(self, msgid: str, **params: object) -> None:
        super().__init__(msgid.format(**params))
        self.msgid = msgid
        self.params = params


@dataclass
class Verification:
    """What the start-up check found, and what it is still finding on its workers."""

    root: Path
    expected: dict[str, str] | None
    modified: dict[str, float | None] = field(default_factory=dict)  # game id → fresh exact RTP
    rtp_failed: set[str] = field(default_factory=set)
    media: list[str] | None = None  # damaged media, once the worker has looked
    ms_before_first_frame: float = 0.0
    generation: int = 0  # bumped when a fresh RTP arrives (the lobby redraws its tiles)
    _told: bool = False

    def tile_text(self, game_id: str) -> str | None:
        """The msgid the lobby shows under a modified game's tile (None: not modified)."""
        if game_id not in self.modified:
            return None
        if self.modified[game_id] is not None:
            return TEXT_MODIFIED_RTP
        return TEXT_MODIFIED_UNKNOWN if game_id in self.rtp_failed else TEXT_MODIFIED_COMPUTING

    def media_notice(self) -> Message | None:
        """Once the media check is done, its sentence (once; None when nothing differs)."""
        if self._told or self.media is None:
            return None
        self._told = True
        return Message(MSG_MEDIA, {"names": named(self.media)}) if self.media else None


def named(rels: list[str]) -> str:
    shown = ", ".join(rels[:MAX_NAMED])
    return shown if len(rels) <= MAX_NAMED else f"{shown} (+{len(rels) - MAX_NAMED})"


def check_before_first_frame(
    root: Path, games: dict[str, LoadedGame], *, allow_modified: bool, shipped: bool
) -> tuple[Verification, set[str], Message | None]:
    """Game data and fonts: (the verification, the damaged font names, the fonts' sentence).

    Raises DataChangedError when game data differs and `allow_modified` is off, or when the shipped
    tree (`shipped`) has no readable manifest.
    """
    t0 = time.perf_counter()
    try:
        expected = manifest.read(root)
    except (OSError, ValueError, UnicodeDecodeError):
        expected = None
        if not shipped:
            log.warning("the manifest of %s cannot be read: nothing checked", root)
    if expected is None:
        if shipped:
            raise DataChangedError(MSG_NO_MANIFEST, path=root / manifest.MANIFEST_NAME)
        log.info("no %s in %s: released files not checked", manifest.MANIFEST_NAME, root)
        return Verification(root, None, media=[]), set(), None
    present = [
        p.relative_to(root).as_posix()
        for folder in ("games", "maps")
        for p in (root / folder).rglob("*")
        if p.is_file() and manifest.kind_of(p.relative_to(root).as_posix()) == "data"
    ]
    listed = [rel for rel in expected if manifest.kind_of(rel) == "data"]
    data = manifest.differences(root, expected, sorted(set(present) | set(listed)))
    verification = Verification(root, expected)
    for diff in data:
        if not allow_modified:
            raise DataChangedError(MSG_DATA_CHANGED, path=root / diff.rel)
        gid = diff.rel.split("/")[1] if diff.rel.startswith("games/") else None
        if gid in games:
            verification.modified[gid] = None
    fonts = [rel for rel in expected if manifest.kind_of(rel) == "font"]
    broken = sorted(Path(d.rel).stem for d in manifest.differences(root, expected, fonts))
    notice = Message(MSG_FONTS, {"names": ", ".join(f"{n}.ttf" for n in broken)}) if broken else None
    verification.ms_before_first_frame = (time.perf_counter() - t0) * 1000.0
    log.info("released files checked before the first frame in %.1f ms", verification.ms_before_first_frame)
    if verification.modified:
        _start(lambda: _compute_rtps(verification, games), "modified-rtp")
    return verification, set(broken), notice


def _compute_rtps(v: Verification, games: dict[str, LoadedGame]) -> None:
    from game.math.par import par_sheet

    for gid in sorted(v.modified):
        try:
            v.modified[gid] = float(par_sheet(games[gid].definition, estimate_cap=False)["rtp"])
        except Exception as exc:  # any failure: the tile says the RTP is not available
            log.warning("the exact RTP of modified game %s could not be computed: %r", gid, exc)
            v.rtp_failed.add(gid)
        v.generation += 1


def start_media_check(v: Verification | None) -> None:
    """After the first frame: hash the media on a worker (the lobby names what differs)."""
    if v is None or v.expected is None or v.media is not None:
        return
    expected = v.expected

    def check() -> None:
        t0 = time.perf_counter()
        try:
            rels = sorted(set(manifest.released_files(v.root)) | set(expected))
            rels = [r for r in rels if manifest.kind_of(r) == "media"]
            found = manifest.differences(v.root, expected, rels)
        except Exception as exc:  # e.g. MemoryError: the pictures still fall back one by one
            log.warning("the media could not be checked: %r", exc)
            v.media = []
            return
        v.media = [d.rel for d in found if d.how != "unlisted"]
        log.info("media checked after the first frame in %.0f ms", (time.perf_counter() - t0) * 1000.0)

    _start(check, "media-check")


def _start(target, name: str) -> None:
    try:
        threading.Thread(target=target, name=name, daemon=True).start()
    except RuntimeError as exc:  # no thread to spare: the check is skipped, play goes on
        log.warning("cannot start %s: %s", name, exc)
