"""How the world map looks (a mixin of `scenes.games.tombraider.world_map.WorldMapScene`): the
map under its camera as the bonus scene's backdrop (`draw_backdrop`), the route and the location
markers, the top bar, the open location's panel with its artefacts and key hints, the strip
under the money plaques (`draw_stage`), and the overlays (Showdown, jackpot, summary:
`draw_over`); the money strip itself is the bonus scene's HUD (`scenes.games.tombraider.look`).
Art is prepared once (`_prepare_art`, again by `rebuild` at a new density) or cached in the asset
store; drawing changes nothing but those caches. Everything is a `scenes.core.canvas.Canvas` at the
store's density; the map's ground keeps its sheet's own pixels (1 px per map px, or the
high-density sheet's 1.5 in a denser window) and is scaled straight to the screen's physical
pixels under the camera (`_ground_at`).

The layout constants and the geometry helpers are `world_map_layout`'s.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from scenes.core.canvas import Canvas, draw
from scenes.core.text import draw_text, fit_font
from scenes.games.tombraider.art import CREAM, GOLD, INK, SOFT, bar, ease, flips, grey, shade
from scenes.games.tombraider.duel import STAGE
from scenes.games.tombraider.world import MapCamera, along, arc_points
from scenes.games.tombraider.world_map_layout import (
    GRID_TOP,
    HUD_BAR,
    MARKER_R,
    PANEL_H,
    PANEL_W,
    PITCH_X,
    PITCH_Y,
    TILE,
    TOP_BAR,
    panel_rect,
    panel_side,
    tile_rect,
)
from scenes.widgets.effects import soft_glow, veil
from scenes.widgets.keys import draw_key_hints

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from scenes.games.tombraider.duel import Showdown
    from scenes.games.tombraider.quest import Quest
    from scenes.games.tombraider.world import WorldMap
    from scenes.games.tombraider.world_map import Tile

# Player-facing msgids (assets/locale/*.json)
T_TITLE = "GLOBAL ADVENTURE"
T_LOCATION = "Location {n} of {total}"
T_CHOOSE = "Choose an artefact"
T_HINT_CHOOSE = "choose"
T_HINT_PICK = "pick"
T_HINT_LEAVE = "leave (the round waits)"
T_HINT_WATCH = "SPIN hurries the picks"
T_TRAPS = "TRAPS"
T_POT = "POT"
T_AVG = "AVERAGE BET"
T_JACKPOT = "JACKPOT!"
T_JACKPOT_VALUE = "{value:,} × the average bet per line"
T_SUMMARY_ALL = "QUEST COMPLETE"
T_SUMMARY = "THE QUEST IS OVER"
T_SUM_FRAGMENTS = "Sword fragments found: {n} of {total}"
T_SUM_BANKED = "Pots banked: {coins}"
T_SUM_JACKPOT = "Jackpot: {coins}"
T_SUM_WIN = "QUEST WIN: {coins} · {money}"
T_SUM_GO = "Press SPIN or click to return to the reels"
T_HERE = "You are here"
T_AHEAD = "Ahead on the route"
T_HAS_FRAGMENT = "Fragment found"
T_NO_FRAGMENT = "Fragment lost"
T_CAP_TRAP = "TRAP"
T_CAP_FRAGMENT = "FRAGMENT"
T_CAP_DOUBLE = "POT x2"
T_CAP_SHOOTOUT = "SHOOT-OUT"
T_CAP_VALUE = "x{value} avg bet"

DIM = (170, 158, 140)
RED = (255, 120, 100)


def _veil(veil: Canvas) -> Canvas:
    """The darkening over a panel's scenery (into the cleared `veil`): light at the top, deep at
    the bottom, row by physical row."""
    w, h = veil.surf.get_size()
    for y in range(h):
        veil.surf.fill((6, 4, 8, int(70 + 110 * y / h)), (0, y, w, 1))
    return veil


def _dim(surface: Canvas) -> None:
    """The dark veil over the still scene under the Showdown, the jackpot and the summary:
    (4, 2, 6) at alpha 180."""
    veil(surface, (4, 2, 6), 180)


class MapPainter:
    """The world map's art and drawing."""

    if TYPE_CHECKING:  # the host's (WorldMapScene), for the checker
        _bar_bottom: Canvas
        _bar_top: Canvas
        _cam_t: float
        _duel_location: str | None
        _focus_glow: Canvas
        _frozen: tuple[tuple[Any, ...], Canvas] | None
        _layer_key: tuple[Any, ...] | None
        _layer_smooth: bool
        _looks: dict[str, tuple[tuple[Any, ...], Canvas]]
        _sparks: list[Any]
        assets: Any
        auto_pick: Callable[[int, list[int]], int] | None
        banner: str
        camera: MapCamera
        error: str
        faces: dict[str, Any]
        flip_frames: dict[str, list[Canvas]]
        focus: int
        grey_faces: dict[str, Canvas]
        grey_flips: dict[str, list[Canvas]]
        hover: int | None
        panel_k: float
        phase: str
        quest: Quest
        shake: float
        showdown: Showdown | None
        t: float
        tiles: list[Tile]
        tr: Any
        travel: tuple[int, list[tuple[float, float]], float] | None
        watch_only: bool
        world: WorldMap

        def _draw_intro(self, surface: Canvas) -> None: ...

        def _draw_jackpot(self, surface: Canvas) -> None: ...

        def _draw_label(self, surface: Canvas) -> None: ...

        def _draw_particles(self, surface: Canvas) -> None: ...

        def _draw_summary(self, surface: Canvas) -> None: ...

        def _draw_tooltip(self, surface: Canvas) -> None: ...

        def pickable(self, index: int) -> bool: ...

    def _prepare_art(self) -> None:
        from scenes.games.tombraider.world import ground_scale, render_ground

        a = self.assets
        k = a.density
        world = self.world
        # the ground at its sheet's own pixels: 1 px per map px, or the high-density sheet's 1.5
        # in a denser window
        scale = ground_scale(world, k)
        self.ground = a.derived(
            ("tombraider-world-ground", world.size, scale),
            lambda: Canvas(render_ground(world, scale), scale),
        )
        # the map's layer: one canvas, drawn anew each frame while the camera moves (its key
        # None), a cache while it rests
        self._layer = a.canvas((1280, 720), alpha=False)
        self._layer_key: tuple | None = None
        self._layer_smooth = False  # the layer's ground scaled smoothly (a view at rest)
        self._looks: dict[str, tuple[tuple, Canvas]] = {}
        self._frozen: tuple[tuple, Canvas] | None = None
        self.faces = {
            k: a.scaled(f"tombraider/artefacts/{k}", (TILE, TILE))
            for k in ("closed", "fragment", "trap", "treasure", "bonus")
        }
        self.grey_faces = {k: grey(v) for k, v in self.faces.items()}
        self.flip_frames = {k: flips(v) for k, v in self.faces.items()}
        self.grey_flips = {k: flips(v) for k, v in self.grey_faces.items()}
        self._focus_glow = soft_glow((TILE, TILE), 18, (255, 220, 140), k, radius=18)
        self._sparks = [a.tinted("ui/particle", (255, 214, 120, 255), (s, s)) for s in (6, 10, 14, 20, 28)]
        self._bar_top = bar(TOP_BAR.size, top=True, k=k)
        self._bar_bottom = bar(HUD_BAR.size, top=False, k=k)

    def rebuild(self) -> None:
        """The density changed: the backdrop, the art, the composed parts and the duel again."""
        super().rebuild()  # type: ignore[misc]
        self._prepare_art()
        if self.showdown is not None and self._duel_location is not None:
            self.showdown.rebuild(self.duel_backdrop(self._duel_location))

    # -- cached pieces ---------------------------------------------------------------------------
    def _look(self, slot: str, look: tuple, compose) -> Canvas:
        """The surface `compose(look)` for one part of the screen, composed again only when its
        look changes (the latest look per part is kept: a cache, not state)."""
        held = self._looks.get(slot)
        if held is None or held[0] != look:
            held = self._looks[slot] = (look, compose(look))
        return held[1]

    def panel_art(self, location: str, side: str) -> Canvas:
        """The panel's backdrop: the location's scenery behind a darkening veil, framed."""
        a = self.assets

        def build() -> Canvas:
            # the middle of the file's pixels the panel shows, resampled once straight to the
            # panel at the density (the file is not kept, nor the parts the panel leaves out)
            scenery = a.file_surface(f"tombraider/locations/{location}", keep=False)
            lw, lh = scenery.get_size()
            crop = pygame.Rect(0, 0, min(lw, round(PANEL_W * lh / PANEL_H)), lh)
            crop.centerx = lw // 2
            scaled = Canvas.resampled(scenery.subsurface(crop), (crop.w * PANEL_H / lh, PANEL_H), a.density)
            del scenery
            surf = a.canvas((PANEL_W, PANEL_H))
            surf.blit(scaled, ((PANEL_W - scaled.get_width()) // 2, 0))
            del scaled
            surf.blit(
                a.derived(("tombraider-panel-veil",), lambda: _veil(a.canvas((PANEL_W, PANEL_H)))), (0, 0)
            )
            mask = a.canvas((PANEL_W, PANEL_H))
            draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=22)
            surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            draw.rect(surf, (214, 160, 80), surf.get_rect(), width=3, border_radius=22)
            draw.rect(surf, (90, 60, 30), surf.get_rect().inflate(-10, -10), width=1, border_radius=18)
            return surf

        return self.assets.derived(("tombraider-location-panel", location, side), build)

    def duel_backdrop(self, location: str) -> Canvas:
        """The location's scenery on the duel's stage, darkened a little."""
        a = self.assets

        def build() -> Canvas:
            scenery = a.file_surface(f"tombraider/locations/{location}", keep=False)
            surf = Canvas.resampled(scenery, STAGE.size, a.density)
            if surf.surf is scenery:  # already the stage's size: the file's own pixels, copied
                surf = surf.copy()
            del scenery
            surf.fill((150, 140, 160), special_flags=pygame.BLEND_RGB_MULT)
            return surf

        return self.assets.derived(("tombraider-duel-backdrop", location), build)

    def _ground_at(self, out: Canvas, smooth: bool) -> None:
        """The ground under the camera into `out`: the part of the ground's own pixels the camera
        sees, scaled once straight to `out`'s physical pixels (smoothly for a view that rests;
        nearest-pixel, the cheap way, while the camera moves)."""
        ground = self.ground.surf  # `self.ground.k` px per map px
        bounds = ground.get_rect()
        src = self.camera.source_rect(scale=self.ground.k).clamp(bounds).clip(bounds)
        part = ground.subsurface(src)
        size = out.surf.get_size()
        if part.get_size() == size:
            out.surf.blit(part, (0, 0))
        elif smooth:
            pygame.transform.smoothscale(part, size, out.surf)
        else:
            pygame.transform.scale(part, size, out.surf)

    def _map_layer(self) -> Canvas:
        """The map under the camera with the route and the markers. While the view rests and no
        one travels it is composed once (a cache of a pure function of what it shows: the view,
        the quest's progress, the language); while the camera moves, drawn every frame."""
        resting = self._cam_t >= 1.0 and self.travel is None
        if not resting:
            self._layer_key = None
            self._layer_smooth = False
            self._ground_at(self._layer, smooth=False)
            self._draw_route(self._layer)
            self._draw_markers(self._layer)
            return self._layer
        src = self.camera.source_rect()
        key = (
            (src.x, src.y, src.w, src.h),
            self.quest.index,
            tuple(self.quest.fragments),
            self.quest.board is not None,
            self.tr.generation,
        )
        if self._layer_key != key:
            # the camera has just stopped: the moving view's quick scaling once more, the smooth
            # one (6–9 ms at 1920×1080) made after the frame, in the time the loop sleeps
            stopped = self._layer_key is None or self._layer_key[0] != key[0]
            self._layer_key = key
            self._layer_smooth = not stopped
            self._ground_at(self._layer, smooth=not stopped)
            self._draw_route(self._layer)
            self._draw_markers(self._layer)
            if stopped:
                self.assets.defer(lambda: self._smooth_layer(key))
        return self._layer

    def _smooth_layer(self, key: tuple) -> None:
        """The resting view's map with the ground scaled smoothly (if the view still shows `key`)."""
        if self._layer_key != key or self._layer_smooth:
            return
        self._layer_smooth = True
        self._ground_at(self._layer, smooth=True)
        self._draw_route(self._layer)
        self._draw_markers(self._layer)

    # -- drawing -----------------------------------------------------------------------------------
    def _frozen_ready(self) -> bool:
        """The still scene under an overlay is composed already (one blit a frame)."""
        key = self._frozen_key()
        return key is not None and self._frozen is not None and self._frozen[0] == key

    def draw_backdrop(self, surface: Canvas) -> None:
        """The map under the camera is the scene's backdrop (or, under an overlay, the whole still
        scene composed once)."""
        if self._frozen_ready():
            assert self._frozen is not None
            surface.blit(self._frozen[1], (0, 0))
        else:
            surface.blit(self._map_layer(), (0, 0))

    def draw_stage(self, surface: Canvas) -> None:
        if self._frozen_ready():
            return
        self._draw_moving(surface)
        if self.quest.board is not None and self.panel_k > 0:
            self._draw_panel(surface)
        self._draw_top(surface)
        surface.blit(self._bar_bottom, HUD_BAR)
        frozen = self._frozen_key()
        if frozen is not None:
            # the Showdown, the jackpot and the summary stand over a still, dimmed scene:
            # composed once (a cache of what it shows), then one blit a frame; the money strip
            # stays bright over it
            _dim(surface)
            self._frozen = (frozen, surface.copy())

    def draw_over(self, surface: Canvas) -> None:
        if self.phase == "showdown" and self.showdown is not None:
            self.showdown.draw(surface, dimmed=False)
        elif self.phase == "jackpot":
            self._draw_jackpot(surface)
        elif self.phase == "summary":
            self._draw_summary(surface)
        self._draw_particles(surface)
        self._draw_label(surface)
        if self.phase == "intro":
            self._draw_intro(surface)
        self._draw_tooltip(surface)

    def _frozen_key(self) -> tuple | None:
        """What the still scene under an overlay shows (None: no overlay, drawn live)."""
        if self.phase not in ("showdown", "jackpot", "summary") or self._cam_t < 1.0:
            return None
        if not self._layer_smooth:  # the map is not finished yet (see `_map_layer`)
            return None
        if self.panel_k not in (0.0, 1.0) or self.shake > 0:
            return None
        return (self.phase, self.quest.index, tuple(self.quest.fragments), self.panel_k, self.tr.generation)

    def _leg_screen(self, index: int) -> list[tuple[int, int]]:
        a, b = self.world.leg(index)
        return [self.camera.to_screen(p) for p in arc_points(a, b, steps=28)]

    def _draw_route(self, surface: Canvas) -> None:
        reached = self.quest.index
        leg_now = self.travel[0] if self.travel is not None else None
        for k in range(1, len(self.quest.locations)):
            pts = self._leg_screen(k)
            if k <= reached and self.quest.board is not None:
                draw.lines(surface, INK, False, pts, 9)
                draw.lines(surface, GOLD, False, pts, 5)
                continue
            for i in range(0, len(pts) - 1, 2):
                draw.line(surface, (40, 26, 14), pts[i], pts[i + 1], 6)
                draw.line(surface, CREAM, pts[i], pts[i + 1], 3)
            if k == leg_now and self.travel is not None:
                _leg, arc, progress = self.travel
                screen = [self.camera.to_screen(p) for p in arc]
                n = max(2, int(len(screen) * ease(progress)) + 1)
                part = screen[:n]
                draw.lines(surface, INK, False, part, 9)
                draw.lines(surface, GOLD, False, part, 5)

    def _here(self, i: int) -> bool:
        """Location `i` is the one open now (it pulses)."""
        return (
            i == self.quest.index
            and self.travel is None
            and self.quest.fragments[i] is None
            and self.quest.board is not None
        )

    def _draw_markers(self, surface: Canvas) -> None:
        a, tr = self.assets, self.tr
        for i, loc_id in enumerate(self.quest.locations):
            loc = self.world.location(loc_id)
            x, y = self.camera.to_screen(loc.centre)
            state = self.quest.fragments[i]
            here = self._here(i)
            fill = (214, 160, 60) if state else (120, 30, 24) if state is False else (58, 40, 26)
            draw.circle(surface, INK, (x, y + 3), MARKER_R + 3)
            draw.circle(surface, fill, (x, y), MARKER_R)
            draw.circle(surface, GOLD if (state or here) else SOFT, (x, y), MARKER_R, 3)
            if state:
                icon = a.scaled("tombraider/artefacts/fragment", (40, 40))
                surface.blit(icon, icon.get_rect(center=(x, y)))
            elif state is False:
                draw.line(surface, CREAM, (x - 10, y - 10), (x + 10, y + 10), 4)
                draw.line(surface, CREAM, (x - 10, y + 10), (x + 10, y - 10), 4)
            else:
                draw_text(surface, a.font("display", 24), str(i + 1), (x, y + 1), CREAM, shadow=False)
            title = tr.gettext(loc.title)
            font = a.font("display", 22)
            half = font.size(title)[0] // 2 + 6  # a place at the screen's edge keeps its name on it
            draw_text(
                surface,
                font,
                title,
                (max(half, min(1280 - half, x)), y + MARKER_R + 18),
                CREAM,
                outline=2,
                outline_color=INK,
            )

    def _draw_moving(self, surface: Canvas) -> None:
        """What moves on the map: the ring pulsing round the open location, the explorer."""
        a = self.assets
        for i, loc_id in enumerate(self.quest.locations):
            if self._here(i):
                x, y = self.camera.to_screen(self.world.location(loc_id).centre)
                pulse = 0.5 + 0.5 * math.sin(self.t * 4)
                draw.circle(surface, (255, 230, 160), (x, y), int(MARKER_R + 8 + 6 * pulse), 3)
        if self.travel is not None:
            _leg, arc, progress = self.travel
            pos = self.camera.to_screen(along(arc, ease(progress)))
            glow = a.derived(
                ("tombraider-explorer-glow",),
                lambda: soft_glow((26, 26), 16, (255, 220, 140), a.density, radius=13),
            )
            surface.blit(glow, glow.get_rect(center=pos))
            draw.circle(surface, INK, pos, 13)
            draw.circle(surface, GOLD, pos, 11)
            draw.circle(surface, CREAM, pos, 4)

    def _draw_panel(self, surface: Canvas) -> None:
        a, tr, board = self.assets, self.tr, self.quest.board
        assert board is not None
        loc = self.world.location(board.location)
        side = panel_side(loc)
        rect = panel_rect(side)
        slide = (1 - ease(self.panel_k)) * (PANEL_W + 40)
        dx = int(slide if side == "right" else -slide)
        if self.shake > 0:
            dx += int(math.sin(self.t * 70) * 12 * self.shake)
        if dx:
            rect = rect.move(dx, 0)
        picking = self.phase == "picking" and not self.watch_only
        look = (
            board.location,
            side,
            tr.gettext(loc.title).upper(),
            ""  # the banner stands in the line under the title
            if self.banner
            else tr.t(T_LOCATION, n=board.index + 1, total=len(self.quest.locations))
            + (f" · {tr.gettext(T_CHOOSE)}" if self.phase == "picking" else ""),
            board.traps,
            tr.format_coins(board.pot),
            self._hints() if self.phase == "picking" else (),
            self.error,
            tr.gettext(T_TRAPS),
            tr.gettext(T_POT),
        )
        surface.blit(self._look("panel", look, self._compose_panel), rect)
        if Canvas.recorder is not None:  # tests: the map's names under the panel are hidden
            Canvas.recorder.cover(surface, rect.inflate(-12, -12))
        for tile in self.tiles:
            r = tile_rect(tile.index, side).move(dx, 0)
            if picking and self.auto_pick is None and tile.index == self.focus and self.pickable(tile.index):
                surface.blit(self._focus_glow, self._focus_glow.get_rect(center=r.center))
            self._draw_tile(surface, tile, r)
            self._draw_caption(surface, tile, r)
        if self.banner:
            # under the location's name, over the line it replaces: clear of the tiles' captions
            box = pygame.Rect(0, 0, PANEL_W - 60, 54)
            box.midbottom = (rect.centerx, rect.top + GRID_TOP - 4)
            veil = a.derived(("tombraider-banner-shade", box.size), lambda: shade(box.size, k=a.density))
            surface.blit(veil, box)
            colour = RED if board.fragment is False else GOLD
            draw_text(
                surface,
                fit_font(a, "display", self.banner, box.w - 30, 34),
                self.banner,
                box.center,
                colour,
                outline=2,
                outline_color=INK,
            )

    def _compose_panel(self, look: tuple) -> Canvas:
        """The panel's still part: scenery, name, the line under it, traps, pot, the hint."""
        location, side, title, sub, traps, pot, hints, error, traps_label, pot_label = look
        a = self.assets
        art = self.panel_art(location, side)
        held = self._looks.get("panel")
        if held is not None and held[1].surf.get_size() == art.surf.get_size():
            # the panel's picture again, over the last one (a new 3 MB picture at each pick
            # cost the frame 3 ms at 1920×1080): cleared, then the art added, the same pixels
            surf = held[1]
            surf.fill((0, 0, 0, 0))
            surf.blit(art, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
        else:
            surf = art.copy()
        cx = PANEL_W // 2
        draw_text(
            surf,
            fit_font(a, "display", title, PANEL_W - 40, 44),
            title,
            (cx, 46),
            GOLD,
            outline=2,
            outline_color=INK,
        )
        draw_text(surf, fit_font(a, "text_bold", sub, PANEL_W - 40, 18), sub, (cx, 92), SOFT, shadow=False)
        box = pygame.Rect(40, GRID_TOP + 2 * PITCH_Y + 22, PANEL_W - 80, 64)
        surf.blit(
            a.derived(("tombraider-panel-box", box.size), lambda: shade(box.size, 200, k=a.density)), box
        )
        draw_text(
            surf,
            a.font("text_bold", 15),
            traps_label,
            (box.left + 24, box.centery),
            SOFT,
            anchor="midleft",
            shadow=False,
        )
        x = box.left + 34 + a.font("text_bold", 15).size(traps_label)[0]
        for k in range(2):
            icon = self.faces["trap"] if k < traps else self.grey_faces["trap"]
            small = icon.scaled((42, 42))
            surf.blit(small, small.get_rect(midleft=(x + k * 48, box.centery)))
        draw_text(
            surf,
            a.font("text_bold", 15),
            pot_label,
            (box.right - 24, box.top + 18),
            SOFT,
            anchor="midright",
            shadow=False,
        )
        draw_text(surf, a.font("display", 26), pot, (box.right - 24, box.top + 44), GOLD, anchor="midright")
        if error:
            font = fit_font(a, "text_bold", error, PANEL_W - 40, 17)
            draw_text(surf, font, error, (cx, PANEL_H - 22), RED, shadow=False)
        elif hints:
            draw_key_hints(surf, a, list(hints), (cx, PANEL_H - 22), color=SOFT, size=15)
        return surf

    def _hints(self) -> tuple:
        """The key hints under the artefacts while a pick is awaited (none while autoplay picks)."""
        tr = self.tr
        if self.watch_only:
            return ((("SPACE",), tr.gettext(T_HINT_WATCH)), (("ESC",), tr.gettext(T_HINT_LEAVE)))
        if self.auto_pick is not None:
            return ()
        return (
            (("left", "right", "up", "down"), tr.gettext(T_HINT_CHOOSE)),
            (("ENTER",), tr.gettext(T_HINT_PICK)),
            (("ESC",), tr.gettext(T_HINT_LEAVE)),
        )

    def _draw_tile(self, surface: Canvas, tile: Tile, r: pygame.Rect) -> None:
        if tile.face is None or (tile.turning and tile.t < 0):
            surface.blit(self.faces["closed"], r)
            if tile.index == self.hover and self.pickable(tile.index):
                draw.rect(surface, GOLD, r.inflate(4, 4), width=3, border_radius=14)
            return
        if tile.turning:
            half = tile.t < 0.5
            frames = (
                self.flip_frames["closed"]
                if half
                else (self.grey_flips if tile.greyed else self.flip_frames)[tile.face]
            )
            k = tile.t * 2 if half else 2 - tile.t * 2
            img = frames[min(len(frames) - 1, int(k * len(frames)))]
            surface.blit(img, img.get_rect(center=r.center))
            return
        surface.blit((self.grey_faces if tile.greyed else self.faces)[tile.face], r)

    def _draw_caption(self, surface: Canvas, tile: Tile, r: pygame.Rect) -> None:
        board = self.quest.board
        if board is None or tile.turning or tile.face is None:
            return
        tr = self.tr
        ev = board.revealed.get(tile.index)
        text, colour = "", CREAM
        if ev is not None:
            if ev.artefact == "trap":
                text, colour = tr.gettext(T_CAP_TRAP), RED
            elif ev.artefact == "fragment":
                text, colour = tr.gettext(T_CAP_FRAGMENT), GOLD
            elif ev.treasure == "double":
                text, colour = tr.gettext(T_CAP_DOUBLE), GOLD
            elif ev.treasure == "shootout":
                shot = self.quest.shootout
                text = tr.format_coins(shot.coins) if shot is not None else tr.gettext(T_CAP_SHOOTOUT)
                colour = GOLD
            else:
                text, colour = tr.format_coins(ev.coins), GOLD
        else:
            hidden = board.hidden.get(tile.index)
            if hidden is not None:
                colour = DIM
                if hidden.artefact == "trap":
                    text = tr.gettext(T_CAP_TRAP)
                elif hidden.artefact == "fragment":
                    text = tr.gettext(T_CAP_FRAGMENT)
                elif hidden.treasure == "double":
                    text = tr.gettext(T_CAP_DOUBLE)
                elif hidden.treasure == "shootout":
                    text = tr.gettext(T_CAP_SHOOTOUT)
                elif hidden.value is not None:
                    text = tr.t(T_CAP_VALUE, value=hidden.value)
        if text:
            font = fit_font(self.assets, "text_bold", text, PITCH_X - 8, 17)
            draw_text(
                surface,
                font,
                text,
                (r.centerx, r.bottom + 14),
                colour,
                outline=1,
                outline_color=INK,
                shadow=False,
            )

    def _draw_top(self, surface: Canvas) -> None:
        tr, q = self.tr, self.quest
        avg_num, spins = q.average_bet_cents()
        look = (
            tuple(q.fragments),
            tr.gettext(T_TITLE),
            tuple(tr.gettext(self.world.location(loc_id).title) for loc_id in q.locations),
            tr.gettext(T_AVG),
            tr.money(avg_num // spins),
        )
        surface.blit(self._look("top", look, self._compose_top), TOP_BAR)

    def _compose_top(self, look: tuple) -> Canvas:
        """The top bar: the title, the five fragment slots with their places, the average bet."""
        fragments, title, names, avg_label, avg = look
        a = self.assets
        surf = self._bar_top.copy()
        draw_text(
            surf,
            fit_font(a, "display", title, 330, 30),
            title,
            (24, 34),
            GOLD,
            anchor="midleft",
            outline=1,
            outline_color=INK,
        )
        n = len(fragments)
        for i, state in enumerate(fragments):
            cx = 640 + int((i - (n - 1) / 2) * 84)
            slot = pygame.Rect(0, 0, 46, 46)
            slot.center = (cx, 28)
            draw.rect(surf, (30, 20, 14), slot, border_radius=10)
            draw.rect(surf, GOLD if state else (120, 90, 56), slot, width=2, border_radius=10)
            inner = slot.inflate(-4, -4)
            if state:
                surf.blit(a.scaled("tombraider/artefacts/fragment", (42, 42)), inner)
            elif state is None:
                surf.blit(a.tinted("tombraider/artefacts/fragment", (70, 62, 54, 150), (42, 42)), inner)
            else:
                x_box = slot.inflate(-18, -18)
                draw.line(surf, RED, x_box.topleft, x_box.bottomright, 3)
                draw.line(surf, RED, x_box.bottomleft, x_box.topright, 3)
            name = names[i]
            draw_text(
                surf,
                fit_font(a, "text_bold", name, 80, 13),
                name,
                (cx, 62),
                CREAM if state else SOFT,
                shadow=False,
            )
        draw_text(surf, a.font("text_bold", 14), avg_label, (1256, 22), SOFT, anchor="midright", shadow=False)
        draw_text(surf, a.font("display", 24), avg, (1256, 48), CREAM, anchor="midright")
        return surf
