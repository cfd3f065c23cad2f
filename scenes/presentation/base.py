"""A game's presentation: how its rounds look wherever they are shown, and its art names.

`Presentation` is the whole presentation of a plain line game and the base of every other: it
knows the shared events (`game.events`), which the round player (`scenes.reels.player`) animates
itself on the reels and in the replay, and which the history detail lists as steps. A game with
events of its own subclasses it in `scenes/games/<id>/presentation.py` (`PRESENTATION`) and
overrides what differs:

- `begin(event, player)`: start showing one of its own events in the round player (the reels
  and the replay alike), e.g. the Stones' trigger glow and free-spins start;
- `counts_before(event, player)`: the spin counters shown while a spin turns (before what its
  own scatters add);
- `landed(event, player)`: something to show once a spin is at rest, before its wins;
- `overlay_effect(cells, style, scale)`: how its overlay wilds are laid (its own look per style);
- `open_pick(player, events)`: the scene that answers a `PickRequestEvent` (the Stones' picker),
  live (the player picks), in autoplay (picks made automatically) or in a replay (the recorded
  picks, watched);
- `announced(event)`: an event already shown before a crash, not shown again on resume;
- `detail_steps(events, defn, bet)` / `draw_step(...)`: its events in the history detail;
- `pages(...)`, `symbol_notes(...)`, `draw_page(...)`: its paytable pages;
- `trigger(defn)`: the symbol whose landing builds suspense (anticipation) and how many win;
- `show_state(stage, state)`: the game's state across rounds as a round begins (the ledger's in
  live play, at start-up and after every round; the one the round began with in a replay), for
  a game that shows what the player carries (a meter among the stage's `fixtures`);
- `art`: the image names under `assets/images/<game id>/`;
- `dress`: the material and palette of its band, boxes, feature plates and celebrations
  (`scenes.presentation.dress`; a game's own in `scenes/games/<id>/dress.py`).

Every hook that draws or plays gets its host's facade, not the host (`scenes.presentation.hosts`):
`ReelsHost` for the round player's hooks, `DetailHost` for `draw_step`, `PaytableHost` for
`draw_page` — the few members a presentation may use.

The words for shared events (`cap_caption`, the history's step texts) live here too, so the
reels, the replay and the history say the same thing in the same language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game import messages
from game.events import CascadeEvent, FreeSpinsEndEvent, RoundEndEvent, SpinEvent, WinCapEvent
from game.messages import Message, Money
from scenes.core.canvas import Canvas
from scenes.core.theme import CREAM, GOLD
from scenes.presentation.dress import PLAIN, Dress

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    import pygame

    from game.definitions import GameDefinition
    from game.money import Bet
    from scenes.core.i18n import Caption
    from scenes.core.stack import Scene
    from scenes.presentation.hosts import DetailHost, PaytableHost, ReelsHost
    from scenes.reels.reel_effects import OverlayLaying
    from scenes.reels.stage import Stage
    from scenes.viewers.paytable_pages import Page, Tr

# Player-facing msgids (assets/locale/*.json): the shared events in words.
T_FREE_END = "Free spins paid {coins:,} coins in {spins} spins"
T_END = "ROUND TOTAL: {coins:,} coins · {money}"

CAP_RED = (255, 150, 120)


@dataclass(frozen=True, slots=True)
class GameArt:
    """Image names under `assets/images/<game id>/` (see docs/assets.md). `background_free`,
    `stage` and `stage_free` may be missing (the base backdrop is used; the stage is composed at
    run time); `frame` carries the game's marquee with its title; `logo` is the title art the
    generator puts on the lobby tile; `wild_cover` names the art laid over a whole reel turned
    wild, for games that have such reels; `extras` more images for the game's own reel effects."""

    background: str = "background"
    background_free: str = "background_free"
    stage: str = "stage"  # background, reel_bg, frame and the HUD band composed (optional)
    stage_free: str = "stage_free"
    reel_bg: str = "reel_bg"
    frame: str = "frame"
    logo: str = "logo"
    tile: str = "tile"
    wild_cover: str | None = None
    extras: tuple[str, ...] = ()
    """More images the reels' effects draw (e.g. overlay wilds' weapons): `SymbolArt.extras`."""


@dataclass(frozen=True, slots=True)
class BenchScript:
    """How the render benchmark (`main.py --bench --game <id>`, `scenes.app.bench`) plays the
    game: the session `seed` its scripted rounds use (chosen so the game's features show), the
    simulated `seconds` of the whole script when not the bench's default, and the game's state
    across rounds (as stored) the bench's throwaway ledger starts with, if any."""

    seed: int
    seconds: float | None = None
    state: dict[str, Any] | None = None


@dataclass(frozen=True)
class FaultTargets:
    """Where the app-faults campaign (`tools/app_faults.py`) aims its stops in the game: the
    `scenes` it stops the app in, in turn ("reels:spin", "reels:idle", "reels:free", a scene's
    class name, or "Scene:phase"), and the game's state across rounds (as stored) written into
    the wallet's ledger before aiming at any of `state_for` (the scenes that state leads to).
    `shown_by`: for each of the game's own scenes, whether a round's events show it (a seed
    whose first rounds show the target is searched for; the reels' states and a celebration the
    campaign knows itself). A "Scene:phase" target is a scene whose `phase` attribute is that."""

    scenes: tuple[str, ...]
    shown_by: Mapping[str, Callable[[list[Any]], bool]] = field(default_factory=dict)
    state: dict[str, Any] | None = None
    state_for: frozenset[str] = frozenset()


def base_images(defn: GameDefinition, art: GameArt) -> list[tuple[str, str]]:
    """(image name, what it shows) of the images every game's reels load without a fallback
    (`logo`, `background_free`, `wild_cover` and the lobby tile have one and are left out)."""
    gid = defn.id
    names = [
        (f"{gid}/{art.background}", "the backdrop"),
        (f"{gid}/{art.reel_bg}", "the reels' backing"),
        (f"{gid}/{art.frame}", "the reels' frame"),
    ]
    return names + [(f"{gid}/symbols/{s}", f"symbol {s}") for s in defn.symbol_ids]


def dress_images(dress: Dress) -> list[tuple[str, str]]:
    """(image name, what it shows) of the images a game's dress names (band, panel, plate,
    buttons)."""
    return dress.described_images()


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the history detail shows for a round.

    `kind`: "spin" (a grid with its wins: a spin or a cascade step, `spin`), "text" (one line,
    `text` in `colour`), or a game's own kind, drawn by its presentation's `draw_step` from
    `data`. `height` is its card's height in the detail's columns.
    """

    kind: str
    height: int = 54
    spin: SpinEvent | CascadeEvent | None = None
    text: Caption = ""
    colour: tuple[int, int, int] = CREAM
    data: Any = None


def cap_caption(ev: WinCapEvent, defn: GameDefinition | None, bet: Bet) -> Caption:
    """Why the round stopped paying: the engine's cap message, in the player's language and
    display currency.

    The cap's rule comes with the event ("currency": a maximum amount of money; "coins_per_level":
    coins times the bet level). For a round stored before the engine named it, the engine says
    which applies at the round's bet (`game.games.common.cap_message`); without the definition
    (a game no longer installed) the cap is said in coins.
    """
    cents = defn.cap.max_currency_cents if defn is not None else None
    said: Message | None = None
    if ev.rule == "currency" and cents is not None:
        said = Message(messages.CAP_MONEY, {"amount": Money(cents), "coins": ev.cap_coins})
    elif ev.rule is None and defn is not None:
        from game.games.common import cap_message  # NumPy: not on the lobby's first frame

        said = cap_message(defn, bet)
    if said is None:
        said = Message(messages.CAP_COINS, {"coins": ev.cap_coins})
    return lambda tr: tr.message(said)


def shared_step(ev: Any, defn: GameDefinition | None, bet: Bet) -> Step | None:
    """The history detail's step for a shared event (None for any other event)."""
    if isinstance(ev, SpinEvent | CascadeEvent):
        return Step("spin", 136, spin=ev)
    if isinstance(ev, FreeSpinsEndEvent):
        coins, spins = ev.win_coins, ev.spins_played
        return Step("text", text=lambda tr: tr.t(T_FREE_END, coins=coins, spins=spins))
    if isinstance(ev, WinCapEvent):
        return Step("text", text=cap_caption(ev, defn, bet), colour=CAP_RED)
    if isinstance(ev, RoundEndEvent):
        total, cents = ev.total_win_coins, bet.coins_to_cents(ev.total_win_coins)
        return Step("text", text=lambda tr: tr.t(T_END, coins=total, money=tr.money(cents)), colour=GOLD)
    return None


class Presentation:
    """How a game's rounds look; as is, a plain line game (shared events only)."""

    feature_type = "lines"
    art = GameArt()
    dress: Dress = PLAIN

    # -- art -------------------------------------------------------------------------------------
    def required_images(self, defn: GameDefinition) -> list[tuple[str, str]]:
        """(image name, what it shows) of every image the game's screens load without a fallback
        (`base_images`, `own_images` and its dress's). The app checks them all at start-up: missing art stops
        it before a window opens, never when the player opens the game."""
        return base_images(defn, self.art) + self.own_images(defn) + dress_images(self.dress)

    def own_images(self, defn: GameDefinition) -> list[tuple[str, str]]:
        """The images the game's own screens need (a picker's art...); none for a line game."""
        return []

    def feature_images(self, defn: GameDefinition) -> list[str]:
        """The image files the game's features show (the free spins' composed stage, its bonus
        scenes' art): the reels have them decoded on worker threads once they are up, so a feature
        starting does not stall a frame on decoding them (`ReelsScene.on_enter`). Files that
        do not exist are left out by the caller."""
        gid, art = defn.id, self.art
        return [f"{gid}/{art.stage_free}"] + [name for name, _ in self.own_images(defn)]

    def feature_sounds(self, defn: GameDefinition) -> list[str]:
        """Sounds the game's features play beyond the reels' own (`SoundDirector.effects`), such
        as a bonus scene's: the reels have them decoded one a frame behind their first frames,
        so a feature does not stall a frame on decoding them (`ReelsScene.on_enter`)."""
        return []

    # -- the reels -------------------------------------------------------------------------------
    def trigger(self, defn: GameDefinition) -> tuple[str, int] | None:
        """(symbol, count): landing `count` of `symbol` in the main game wins the feature, so the
        reels spin longer when one is missing and count it as it lands; None when no feature is."""
        return None

    def show_state(self, stage: Stage, state: Any) -> None:
        """The game's state across rounds as the next round on `stage` begins (None for a game
        that keeps none); a game that shows it puts or updates its picture in `stage.fixtures`."""

    # -- the round player (reels and replay) -----------------------------------------------------
    def begin(self, event: Any, player: ReelsHost) -> bool:
        """Start showing one of this game's own events; False when `event` is not one of them."""
        return False

    def counts_before(self, event: SpinEvent, player: ReelsHost) -> tuple[int, int]:
        """(spins so far, multiplier) the counters show while a free spin or re-spin turns: the
        event's own by default; a game whose new scatters add spins or raise the multiplier once
        they land gives the values before them (and updates the counters in `landed`)."""
        return event.spins_total or 0, event.multiplier

    def landed(self, event: SpinEvent | CascadeEvent, player: ReelsHost) -> bool:
        """The reels are at rest on `event`, before its wins: True when the game shows something
        first (new scatters joining, a multiplier rising) and calls `player.show_wins(event)`
        once done; False to go straight to the wins."""
        return False

    def overlay_effect(
        self, cells: list[tuple[int, int]], style: str | None, scale: float
    ) -> OverlayLaying | None:
        """How the wilds of a spin's overlay are laid: a subclass of
        `scenes.reels.reel_effects.OverlayLaying` drawing the game's own look for `style`, or
        None for the reels' plain laying; `scale` times it (0: at once)."""
        return None

    def open_pick(self, player: ReelsHost, events: list) -> Scene | None:
        """The scene answering a pick request (`events` starts with it), or None if the game has
        no picks. It hands the events after its part back through `player.feature_done(rest)`."""
        return None

    def announced(self, event: Any) -> bool:
        """True for an event shown before the picks that a resumed round does not show again."""
        return False

    # -- the history detail ----------------------------------------------------------------------
    def detail_steps(self, events: list, defn: GameDefinition | None, bet: Bet) -> list[Step]:
        """The steps of a round, in order (shared events only, in the base)."""
        return [s for s in (shared_step(ev, defn, bet) for ev in events) if s is not None]

    def draw_step(self, detail: DetailHost, surface: Canvas, step: Step, rect: pygame.Rect) -> None:
        """Draw one of this game's own steps (a kind other than "spin" and "text") in `rect`."""

    # -- the paytable ----------------------------------------------------------------------------
    def pages(self, defn: GameDefinition, bet: Bet, tr: Tr) -> list[Page]:
        """This game's own paytable pages, shown after the symbols and before the lines."""
        return []

    def symbol_notes(self, defn: GameDefinition, symbol_id: str, tr: Tr) -> list[str]:
        """Lines about what a symbol does in this game's feature (under its pays)."""
        return []

    def draw_page(self, viewer: PaytableHost, surface: Canvas, page: Page) -> None:
        """Lay out one of this game's own pages (a kind the paytable does not know)."""
