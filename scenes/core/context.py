"""What the app hands every scene: launch options and the shared services.

`AppContext` is built once by `scenes.app.app.build_context` after the display exists and passed
to each scene's constructor; scenes take what they need from it (no module-level singletons).
Every field is typed and always present (no scene probes for one): `ledger` is the open
`game.ledger.Ledger`, `i18n` the app's one `Translator`, `seeds` the round seeds. `notices` holds
what the player must be told from start-up (a damaged settings file, a repaired ledger, a voided
round), as `game.messages.Message`s the scenes translate; the first scene that can show a message
takes them with `take_notices()`. `routes` are the screens a scene opens by id (`open`), registered
by the app (`scenes.core.routes`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.definitions import LoadedGame
from game.messages import Message
from scenes.core.assets import AssetStore
from scenes.core.audio import AudioService
from scenes.core.i18n import Translator
from scenes.core.intents import IntentMapper
from scenes.core.routes import Routes
from scenes.core.settings_store import SIZE_SCALES, Settings, save_settings

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.ledger import Ledger
    from game.rng import SeedSource
    from scenes.core.stack import SceneStack
    from scenes.core.verify import Verification


@dataclass
class LaunchOptions:
    """The command-line flags, parsed (see `main.py --help`)."""

    game: str | None = None
    data_dir: Path = Path(".")
    fullscreen: bool | None = None  # None: follow the saved setting
    window: tuple[int, int] | None = None  # the window's size at start (default 1280×720)
    seed: int | None = None
    autoplay: int | None = None
    turbo: bool = False
    frames: int | None = None
    bench: bool = False
    modified_games: bool = False  # play game data that differs from the release, marked MODIFIED


class LazySeedSource:
    """A `game.rng.SeedSource` built on first use.

    The RNG pulls in NumPy (a few hundred ms to import); the intro and the lobby never draw a
    seed, so deferring it keeps the first frame fast.
    """

    def __init__(self, session_seed: int | None) -> None:
        self.session_seed = session_seed
        self._real: SeedSource | None = None

    def resolve(self) -> SeedSource:
        if self._real is None:
            from game.rng import SeedSource

            self._real = SeedSource(self.session_seed)
        return self._real

    def next_seed(self) -> int:
        """The next round's seed (see `SeedSource.next_seed`)."""
        return self.resolve().next_seed()

    def next_entropy(self) -> int:
        """The entropy stored with a player's pick (see `SeedSource.next_entropy`)."""
        return self.resolve().next_entropy()

    def auto_pick(self, options: int, picked: Sequence[int]) -> int:
        """A pick made for the player by `--autoplay N` (see `SeedSource.auto_pick`)."""
        return self.resolve().auto_pick(options, picked)


@dataclass
class AppContext:
    options: LaunchOptions
    assets: AssetStore
    audio: AudioService
    ledger: Ledger
    settings: Settings
    settings_path: Path
    games: dict[str, LoadedGame]
    seeds: SeedSource | LazySeedSource
    session_id: int
    mapper: IntentMapper
    i18n: Translator
    notices: list[Message] = field(default_factory=list)
    version: str = ""
    # `--autoplay N` stopped before its N rounds for a reason of its own (the balance ran
    # short, no round could start): the app then exits with the cut-short code
    autoplay_cut_short: bool = False
    # the released files' check (scenes.core.verify): modified games, damaged media
    verification: Verification | None = None
    routes: Routes = field(default_factory=Routes)

    def open(self, route: str, stack: SceneStack, *args: Any, **kwargs: Any) -> Any:
        """Open the screen of `route` (a `scenes.core.routes` id) on `stack`; `args` are the
        route's own (the game id, the bet...). Returns what its opener returns (the scene)."""
        return self.routes.opener(route)(self, stack, *args, **kwargs)

    def save_settings(self) -> None:
        """Persist the current settings atomically and apply the audio and display ones."""
        save_settings(self.settings_path, self.settings)
        self.apply_audio_settings()
        self.apply_display_settings()

    def apply_display_settings(self) -> None:
        """The text size: the body text's scale; when it changes, every scene lays its text out
        again (the translator's `generation`, as after a language switch). The line palette is
        read by the reels where lines are drawn."""
        scale = SIZE_SCALES[self.settings.text_size]
        if scale != self.assets.text_scale:
            self.assets.text_scale = scale
            self.i18n.relayout()

    def apply_audio_settings(self) -> None:
        s = self.settings
        self.audio.set_volumes(s.master_volume, s.music_volume, s.effects_volume)
        self.audio.effects_enabled = s.sound_effects
        self.audio.music_enabled = s.ambience
        self.mapper.space_spins = s.space_to_spin

    def take_notices(self) -> list[Message]:
        out, self.notices = self.notices, []
        return out

    @property
    def turbo(self) -> bool:
        """Shortest animations: --turbo or the quick-spin setting."""
        return self.options.turbo or self.settings.quick_spin
