"""The game rules viewer (I / the rules button), ending with an "About / audit" page.

The rules are prose in `assets/games/<id>/rules.md`: each `## ` heading starts a page, blank lines
separate paragraphs, `- ` starts a bullet, HTML comments are ignored. The viewer word-wraps them
to the panel and continues a long page on the next one. After the prose it adds a generated page
(CERTIFICATION A1, S1, X1), computed from the loaded data rather than typed, after a GAME INFO
page (RTP, hit frequency, volatility, top award, largest win and the round-win chart,
`scenes.viewers.game_info`, read from the game's precomputed par figures):

- the published theoretical RTP (`rtp_published`) and the exact RTP of the par sheet
  (`game.math.par.par_sheet`, to 4 decimals), the win cap in currency, and
  "Malfunction voids all pays and plays, and all affected bets are
  refunded.";
- the app and engine versions and the SHA-256 of every installed game's data file.

The exact RTP takes a second or two to compute, so it runs once per data file on a worker thread
(results cached by the file's SHA-256); the page says "computing…" until it is there. A test
checks that the figures written in rules.md agree with the definition.

Entry point for the reels scene: `open_rules(ctx, stack, game_id)`.
"""

from __future__ import annotations

import logging
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from game import ENGINE_VERSION
from game.definitions import LoadedGame
from scenes.core.canvas import Canvas, ScaledFont, draw
from scenes.core.context import AppContext
from scenes.core.intents import Act
from scenes.core.stack import SceneStack
from scenes.core.text import draw_text, wrap_text
from scenes.core.theme import CREAM, GOLD, SOFT
from scenes.viewers.game_info import T_INFO, draw_game_info
from scenes.viewers.paytable import CONTENT, PagedOverlayScene, card
from scenes.viewers.paytable_pages import cap_text

log = logging.getLogger(__name__)

# Player-facing strings (one place, for the translation layer).
T_RULES = "GAME RULES"
T_CONT = "{title} (continued)"
T_ABOUT = "ABOUT / AUDIT"
T_RTP_PUBLISHED = "Theoretical return to player: {rtp} %"
T_RTP_EXACT = "Exact RTP of the par sheet: {rtp} %"
T_RTP_COMPUTING = "Exact RTP of the par sheet: computing…"
T_RTP_FAILED = "Exact RTP of the par sheet: not available ({error})"
T_MALFUNCTION = "Malfunction voids all pays and plays, and all affected bets are refunded."
T_APP_VERSION = "Reelhouse version {version}"
T_ENGINE_VERSION = "Game engine version {version}"
T_DATA_FILES = "Game data files (SHA-256)"
T_GAME_FILE = "{name} — {file}"
T_NO_RULES = "The rules text for this game is missing."

BODY_SIZE = 21
LINE_GAP = 4  # px between wrapped lines
PARA_GAP = 12  # px between paragraphs


# -- the text ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Block:
    text: str
    bullet: bool


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    blocks: tuple[Block, ...]


def parse_rules(text: str) -> list[Section]:
    """Sections of a rules.md: `## ` headings, paragraphs, `- ` bullets; comments and `# ` dropped."""
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    sections: list[Section] = []
    title: str | None = None
    blocks: list[Block] = []
    para: list[str] = []

    def flush_para() -> None:
        if para:
            joined = " ".join(s.strip() for s in para)
            bullet = joined.startswith("- ")
            blocks.append(Block(joined[2:] if bullet else joined, bullet))
            para.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("## "):
            flush_para()
            if title is not None:
                sections.append(Section(title, tuple(blocks)))
            title, blocks = line[3:].strip(), []
        elif line.startswith("# "):
            continue
        elif not line.strip():
            flush_para()
        elif line.lstrip().startswith("- "):
            flush_para()  # each bullet is its own paragraph
            para.append(line.strip())
        else:
            para.append(line)
    flush_para()
    if title is not None:
        sections.append(Section(title, tuple(blocks)))
    return sections


def rules_path(assets, game_id: str, language: str = "en") -> Path:
    """`rules.<language>.md` when the game has one, else the English `rules.md`."""
    local = assets.path("games", game_id, f"rules.{language}.md")
    return local if language != "en" and local.is_file() else assets.path("games", game_id, "rules.md")


def load_rules(assets, game_id: str, language: str = "en") -> list[Section]:
    path = rules_path(assets, game_id, language)
    try:
        return parse_rules(path.read_text(encoding="utf-8"))
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
        return [Section("", (Block(T_NO_RULES, False),))]


@dataclass(frozen=True, slots=True)
class TextPage:
    title: str
    lines: tuple[tuple[str, bool, bool], ...]  # (text, first line of a bullet, indented)
    part: int = 0  # 0 for a section's first page, 1.. for its continuations


def paginate(sections: list[Section], font: ScaledFont, width: int, height: int) -> list[TextPage]:
    """Word-wrap every section into pages of at most `height` px; long sections continue."""
    line_h = font.get_linesize() + LINE_GAP
    pages: list[TextPage] = []
    for sec in sections:
        lines: list[tuple[str, bool, bool]] = []
        used = 0
        part = 0
        for block in sec.blocks:
            indent = 26 if block.bullet else 0
            wrapped = wrap_text(font, block.text, width - indent)
            need = len(wrapped) * line_h + PARA_GAP
            if lines and used + need > height:
                pages.append(TextPage(sec.title, tuple(lines), part))
                lines, used, part = [], 0, part + 1
            for i, w in enumerate(wrapped):
                lines.append((w, block.bullet and i == 0, block.bullet))
            lines.append(("", False, False))  # the paragraph gap
            used += need
        pages.append(TextPage(sec.title, tuple(lines), part))
    return pages


# -- the exact RTP, off the UI thread ---------------------------------------------------------------
_EXACT: dict[str, float | Exception] = {}
_EXACT_LOCK = threading.Lock()
_THREADS: dict[str, threading.Thread] = {}


def _compute(loaded: LoadedGame) -> None:
    from game.math.par import par_sheet  # heavy: only when the audit is asked for

    try:
        value: float | Exception = float(par_sheet(loaded.definition, estimate_cap=False)["rtp"])
    except Exception as exc:  # any failure is shown on the audit page, never a crash
        log.warning("par sheet of %s failed: %s", loaded.definition.id, exc)
        value = exc
    with _EXACT_LOCK:
        _EXACT[loaded.sha256] = value


def exact_rtp(loaded: LoadedGame, start: bool = True) -> float | Exception | None:
    """The exact RTP of `loaded` if known (None while computing; starts the worker if asked)."""
    with _EXACT_LOCK:
        if loaded.sha256 in _EXACT:
            return _EXACT[loaded.sha256]
        if start and loaded.sha256 not in _THREADS:
            t = threading.Thread(target=_compute, args=(loaded,), name="par-sheet", daemon=True)
            _THREADS[loaded.sha256] = t
            t.start()
    return None


def wait_exact_rtp(loaded: LoadedGame, timeout: float = 60.0) -> float | Exception | None:
    """Block until the exact RTP is known (tests and tools; never the UI)."""
    exact_rtp(loaded)
    t = _THREADS.get(loaded.sha256)
    if t is not None:
        t.join(timeout)
    return exact_rtp(loaded, start=False)


def audit_lines(ctx: AppContext, game_id: str) -> list[tuple[str, str]]:
    """The About / audit page as (style, text) rows; style: head, fact, small, gap."""
    tr = ctx.i18n
    loaded = ctx.games[game_id]
    defn = loaded.definition
    exact = exact_rtp(loaded)
    if exact is None:
        exact_line = tr.t(T_RTP_COMPUTING)
    elif isinstance(exact, Exception):
        exact_line = tr.t(T_RTP_FAILED, error=exact)
    else:
        exact_line = tr.t(T_RTP_EXACT, rtp=tr.format_number(round(exact * 1_000_000), 4))
    rows = [
        ("head", defn.name),
        ("fact", tr.t(T_RTP_PUBLISHED, rtp=tr.format_number(round(defn.rtp_published * 10_000), 2))),
        ("fact", exact_line),
        ("fact", cap_text(defn, ctx.settings.display_currency, tr)),
        ("fact", tr.t(T_MALFUNCTION)),
        ("gap", ""),
        ("fact", tr.t(T_APP_VERSION, version=ctx.version)),
        ("fact", tr.t(T_ENGINE_VERSION, version=ENGINE_VERSION)),
        ("gap", ""),
        ("head", tr.t(T_DATA_FILES)),
    ]
    for gid in sorted(ctx.games):
        g = ctx.games[gid]
        rows.append(("fact", tr.t(T_GAME_FILE, name=g.definition.name, file=f"games/{gid}/{g.path.name}")))
        rows.append(("small", g.sha256))
    return rows


# -- the scene --------------------------------------------------------------------------------------
class RulesScene(PagedOverlayScene):
    toggle_act = Act.RULES

    def __init__(self, ctx: AppContext, game_id: str) -> None:
        super().__init__(ctx, game_id, T_RULES)
        self.game_id: str = game_id
        self._built = -1
        self.text_pages: list[TextPage] = []
        self._rebuild()
        exact_rtp(ctx.games[game_id])  # start the par sheet now: it is ready by the last page

    def _rebuild(self) -> None:
        """Wrap the rules text for the current language (again when the language changes)."""
        if self._built == self.tr.generation:
            return
        self._built = self.tr.generation
        font = self.assets.font("text", BODY_SIZE)
        sections = load_rules(self.assets, self.game_id, self.tr.language)
        self.text_pages = paginate(sections, font, CONTENT.w - 80, CONTENT.h - 20)
        self.page = min(self.page, self.page_count - 1)

    def update(self, dt: float) -> None:
        self._rebuild()
        super().update(dt)

    @property
    def page_count(self) -> int:
        return len(self.text_pages) + 2

    @property
    def info_index(self) -> int:
        return len(self.text_pages)

    @property
    def about_index(self) -> int:
        return len(self.text_pages) + 1

    def page_title(self, index: int) -> str:
        if index == self.about_index:
            return self.tr.t(T_ABOUT)
        if index == self.info_index:
            return self.tr.t(T_INFO)
        page = self.text_pages[index]
        title = page.title.upper() if page.part == 0 else self.tr.t(T_CONT, title=page.title.upper())
        return f"{self.tr.t(T_RULES)} · {title}"

    def draw_page(self, surface: Canvas, index: int) -> None:
        if index == self.about_index:
            self._draw_about(surface)
            return
        if index == self.info_index:
            draw_game_info(surface, self.ctx, self.game_id, CONTENT)
            return
        a = self.assets
        font = a.font("text", BODY_SIZE)
        line_h = font.get_linesize() + LINE_GAP
        x0, y = CONTENT.left + 40, CONTENT.top + 10
        for text, bullet_start, indented in self.text_pages[index].lines:
            if not text:
                y += PARA_GAP
                continue
            if bullet_start:
                draw.circle(surface, GOLD, (x0 + 8, y + line_h // 2 - 1), 4)
            draw_text(
                surface, font, text, (x0 + (26 if indented else 0), y), CREAM, anchor="topleft", shadow=False
            )
            y += line_h

    def _draw_about(self, surface: Canvas) -> None:
        a = self.assets
        box = CONTENT.inflate(-80, -10)
        card(surface, box)
        y = box.top + 22
        x = box.left + 30
        for style, text in audit_lines(self.ctx, self.game_id):
            if style == "gap":
                y += 12
            elif style == "head":
                draw_text(surface, a.font("display", 24), text, (x, y), GOLD, anchor="topleft")
                y += 36
            elif style == "small":
                draw_text(
                    surface, a.font("text", 16), text, (x + 24, y), SOFT, anchor="topleft", shadow=False
                )
                y += 26
            else:
                draw_text(surface, a.font("text", 20), text, (x, y), CREAM, anchor="topleft", shadow=False)
                y += 29


def open_rules(ctx: AppContext, stack: SceneStack, game_id: str) -> RulesScene:
    """Push the rules of `game_id` (the reels scene's I key and rules button)."""
    scene = RulesScene(ctx, game_id)
    stack.push(scene)
    return scene
