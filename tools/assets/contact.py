"""Contact sheets: one PNG per game and one for the UI kit, built from the saved outputs, for
reviewing the art at a glance (docs/contact-sheets/<game>.png, ui.png). A game's sheet shows its
symbols as its data lists them (game.toml, in its generator module's order), its own pictures and
backdrops (`tools.assets.games`). Every image is shown at
its logical size (the files are saved at the output density, `kit.DENSITY`), except the composed
screen, shown at the density: what a 1920×1080 window shows.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from tools.assets import frames, games, gfx, kit

IMG = "assets/images"
BG = (22, 20, 30)


class Sheet:
    def __init__(self, width: int, title: str):
        self.w = width
        self.rows: list[tuple[str, list[tuple[str, pygame.Surface]], int]] = []
        self.title = title

    def row(self, label: str, items: list[tuple[str, pygame.Surface]], scale: float = 1.0):
        scaled = []
        for name, s in items:
            if scale != 1.0:
                s = pygame.transform.smoothscale(
                    s, (max(int(s.get_width() * scale), 1), max(int(s.get_height() * scale), 1))
                )
            scaled.append((name, s))
        self.rows.append((label, scaled, 0))

    def render(self) -> pygame.Surface:
        f_small = gfx.font(gfx.Fonts.text, 13)
        f_label = gfx.font(gfx.Fonts.text_bold, 18)
        f_title = gfx.font(gfx.Fonts.display, 34)
        pad = 12
        # lay out rows with wrapping
        layout = []
        y = 70
        for label, items, _ in self.rows:
            y += 28
            x = pad
            row_h = 0
            for name, s in items:
                cw = max(s.get_width(), 60)
                if x + cw > self.w - pad:
                    x = pad
                    y += row_h + 22
                    row_h = 0
                layout.append((label, name, s, x, y))
                x += cw + pad
                row_h = max(row_h, s.get_height())
            y += row_h + 30
        sheet = pygame.Surface((self.w, y + pad))
        sheet.fill(BG)
        # checker pattern behind transparent art so alpha reads
        sheet.blit(f_title.render(self.title, True, (240, 210, 140)), (pad, 16))
        drawn_labels = set()
        for label, name, s, x, yy in layout:
            if label not in drawn_labels:
                sheet.blit(f_label.render(label, True, (200, 200, 220)), (pad, yy - 26))
                drawn_labels.add(label)
            r = pygame.Rect(x, yy, s.get_width(), s.get_height())
            pygame.draw.rect(sheet, (34, 32, 44), r)
            sheet.blit(s, (x, yy))
            sheet.blit(f_small.render(name, True, (160, 160, 180)), (x, yy + s.get_height() + 3))
        return sheet


def _raw(root: Path, rel: str) -> pygame.Surface:
    """A saved image at its file's pixel size (a name without extension: .png, else .jpg)."""
    path = root / IMG / f"{rel}.png"
    if not path.is_file():
        path = path.with_suffix(".jpg")
    return pygame.image.load(str(path))


def _load(root: Path, rel: str) -> pygame.Surface:
    """A saved image at its logical size."""
    s = _raw(root, rel.removesuffix(".png"))
    w, h = s.get_size()
    return pygame.transform.smoothscale(s, (round(w / kit.DENSITY), round(h / kit.DENSITY)))


def _names(root: Path, folder: str) -> list[str]:
    return sorted(p.stem for p in (root / IMG / folder).glob("*.png"))


def _definition(game: str):
    """The game's data (assets/games/<id>/game.toml): its name and symbols."""
    from game.definitions import load_game

    return load_game(game).definition


def symbol_order(game: str) -> list[str]:
    """The game's symbols from its data, in the order its generator module shows them."""
    return games.module(game).contact_order(_definition(game))


def game_sheet(root: Path, game: str) -> pygame.Surface:
    own = games.module(game)
    sh = Sheet(1400, _definition(game).name)
    sh.row(
        "symbols (160×160, shown 150×150 on the reels)",
        [(n, _load(root, f"{game}/symbols/{n}.png")) for n in symbol_order(game)],
    )
    for label, items in own.contact_rows(root, _load, _names):
        sh.row(label, items)
    sh.row(
        "logo and lobby tile",
        [
            ("logo", _load(root, f"{game}/logo.png")),
            ("tile (×0.6)", _scaled(_load(root, f"{game}/tile.png"), 0.6)),
        ],
    )
    # a composed screen: backdrop + reel bg + symbols + frame + hud
    sh.row("composed screen (1920×1080, ×0.7)", [("screen", _scaled(compose_screen(root, game), 0.7))])
    thumbs = [(n, _load(root, f"{game}/{n}")) for n in ("background", "background_free")]
    sh.row("backdrops (×0.25)", thumbs + own.contact_backdrops(root, _load), scale=0.25)
    return sh.render()


def _scaled(s: pygame.Surface, k: float) -> pygame.Surface:
    return pygame.transform.smoothscale(s, (round(s.get_width() * k), round(s.get_height() * k)))


def compose_screen(root: Path, game: str) -> pygame.Surface:
    """The reel screen's art in the app's layout (`frames`), at the output density."""
    d = kit.DENSITY

    def at(x: float, y: float) -> tuple[int, int]:
        return round(x * d), round(y * d)

    scr = pygame.Surface(at(frames.SCREEN_W, frames.SCREEN_H))
    scr.blit(_raw(root, f"{game}/background"), (0, 0))
    wx, wy, _ww, _wh = frames.WINDOW
    scr.blit(_raw(root, f"{game}/reel_bg"), at(wx, wy))
    names = symbol_order(game)
    cell = round(frames.CELL_H * d)
    k = 0
    for i in range(5):
        for j in range(3):
            s = _raw(root, f"{game}/symbols/{names[(k * 7 + 3) % len(names)]}")
            s = pygame.transform.smoothscale(s, (cell, cell))
            scr.blit(
                s, at(wx + frames.CELL_W * i + (frames.CELL_W - frames.CELL_H) / 2, wy + frames.CELL_H * j)
            )
            k += 1
    scr.blit(_raw(root, f"{game}/frame"), (0, 0))
    scr.blit(_raw(root, "ui/hud_bar"), at(0, 560))
    scr.blit(_raw(root, "ui/spin_normal"), at(1136, 576))
    for i, st in enumerate(("normal", "hover", "pressed", "disabled")):
        b = pygame.transform.smoothscale(_raw(root, f"ui/button_{st}"), at(140, 48))
        scr.blit(b, at(300 + i * 160, 620))
    badge = pygame.transform.smoothscale(_raw(root, "ui/line_badge"), at(30, 18))
    for r in range(3):
        y = wy + frames.CELL_H * r + frames.CELL_H / 2 - 9
        scr.blit(badge, at(174, y))
        scr.blit(badge, at(1076, y))
    return scr


def ui_sheet(root: Path) -> pygame.Surface:
    sh = Sheet(1400, "Reelhouse – UI kit")
    sh.row(
        "buttons 96×48 (9-slice) and spin 128×128",
        [
            (f"button_{s}", _load(root, f"ui/button_{s}.png"))
            for s in ("normal", "hover", "pressed", "disabled")
        ]
        + [
            (f"spin_{s}", _load(root, f"ui/spin_{s}.png")) for s in ("normal", "hover", "pressed", "disabled")
        ],
    )
    icons = sorted(p.stem for p in (root / IMG / "ui").glob("icon_*.png"))
    sh.row("icons 48×48 (white, tinted at run time)", [(n[5:], _load(root, f"ui/{n}.png")) for n in icons])
    sh.row(
        "panel, badge, coin, particle",
        [(n, _load(root, f"ui/{n}.png")) for n in ("panel", "line_badge", "coin", "particle")],
    )
    sh.row(
        "win banner, app icon, wordmark",
        [(n, _load(root, f"ui/{n}.png")) for n in ("win_banner", "app_icon", "logo")],
        scale=0.6,
    )
    sh.row("HUD bar 1280×160", [("hud_bar", _load(root, "ui/hud_bar.png"))], scale=0.9)
    sh.row(
        "intro and lobby (×0.4)",
        [(n, _load(root, f"ui/{n}")) for n in ("intro_bg", "lobby_bg")],
        scale=0.4,
    )
    fonts = []
    for name, size in (("display", 44), ("display_regular", 40), ("text", 28), ("text_bold", 28)):
        f = gfx.font(getattr(gfx.Fonts, name), size)
        s = f.render(f"{name}: BIG WIN 12,345.67 € Spin", True, (240, 230, 210))
        fonts.append((name, s))
    sh.row("fonts", fonts)
    return sh.render()


def build_all(root: Path) -> list[str]:
    out = root / "docs" / "contact-sheets"
    out.mkdir(parents=True, exist_ok=True)
    done = []
    for game in games.ids():
        pygame.image.save(game_sheet(root, game), str(out / f"{game}.png"))
        done.append(f"docs/contact-sheets/{game}.png")
    pygame.image.save(ui_sheet(root), str(out / "ui.png"))
    done.append("docs/contact-sheets/ui.png")
    return done
