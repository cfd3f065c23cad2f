"""Every start-up the app must refuse or survive in one plain sentence, run against the real `main.py`.

Each case sets up a scratch folder, runs the app as a separate process (dummy video and audio
drivers, `--frames 2`), and records the exit code and the sentence shown (the runner and the
sentence rule are `tools.storage_failures`'). Each case runs with the settings in English and in
Spanish; where the app cannot know the player's language (the settings file is the problem, the
data folder cannot be found, memory is too short to read it) it speaks English, and the Spanish
column gives the catalog's sentence, marked †.

    python -m tools.start_failures            # prints the Markdown table (make start-failures)
    python -m tools.start_failures --json     # the rows as JSON
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.definitions import list_game_ids
from tools.storage_failures import MAIN, ROOT, command, env, sentence

LOW_MEMORY_KB = 90_000  # address space: the interpreter starts, SDL and the libraries do not
GAME = list_game_ids()[0]  # the game whose data is changed: the first installed one
WILD_PAYS = re.compile(r"^(wild\s*=\s*\{)([^}\n]*)\}", re.M)  # its paytable's Wild line


def wild_x100(toml: str) -> str:
    """A game file with its Wild pays ×100 (ValueError when the game pays no Wild)."""
    pays = lambda m: m[1] + re.sub(r"= (\d+)", lambda v: f"= {int(v[1]) * 100}", m[2]) + "}"  # noqa: E731
    changed, n = WILD_PAYS.subn(pays, toml, count=1)
    if not n:
        raise ValueError(f"{GAME} pays no Wild: choose another change of its game data")
    return changed


@dataclass
class Row:
    case: str
    code: int | None
    english: str
    spanish: str


def settings_for(data: Path, lang: str) -> Path:
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(json.dumps({"version": 3, "language": lang}), encoding="utf-8")
    return data


def run(
    *args: str, extra_env: dict[str, str] | None = None, limit_kb: int | None = None, timeout: float = 180
) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        import resource  # POSIX only, like the cases themselves (FIFOs, /dev/zero)

        if limit_kb is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit_kb * 1024, limit_kb * 1024))

    return subprocess.run(
        command(*args, "--frames", "2"),
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**env(), **(extra_env or {})},
        cwd=ROOT,
        preexec_fn=limit if limit_kb is not None else None,
    )


def assets_tree(base: Path) -> Path:
    """An assets tree to damage: data, fonts and the manifest copied, the rest linked."""
    shipped, tree = ROOT / "assets", base / "assets"
    tree.mkdir()
    for entry in shipped.iterdir():
        if entry.name in ("games", "fonts", "MANIFEST.sha256"):
            (shutil.copytree if entry.is_dir() else shutil.copy2)(entry, tree / entry.name)
        else:
            (tree / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return tree


# the cases: each (scratch folder, settings language) → the finished process -----------------------
def settings_fifo(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    data = base / "data"
    data.mkdir()
    os.mkfifo(data / "settings.json")
    return run("--data-dir", str(data))


def settings_dev_zero(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    data = base / "data"
    data.mkdir()
    (data / "settings.json").symlink_to("/dev/zero")
    return run("--data-dir", str(data))


def settings_64_mb(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    data = base / "data"
    data.mkdir()
    with open(data / "settings.json", "wb") as fh:
        fh.truncate(64 << 20)
    return run("--data-dir", str(data))


def folder_name_300_chars(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    return run("--data-dir", str(base / ("x" * 300)))


def unknown_user(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    return run("--data-dir", "~nosuchuser/x")


def relative_xdg_data_home(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    return run(extra_env={"XDG_DATA_HOME": "relative/data", "HOME": str(base)})


def window_20_digits(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    return run("--window", "99999999999999999999x720", "--data-dir", str(settings_for(base / "data", lang)))


def window_100000_square(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    return run("--window", "100000x100000", "--data-dir", str(settings_for(base / "data", lang)))


def low_memory(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    return run("--data-dir", str(settings_for(base / "data", lang)), limit_kb=LOW_MEMORY_KB)


def game_data_changed(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    tree = assets_tree(base)
    toml = tree / "games" / GAME / "game.toml"
    toml.write_text(wild_x100(toml.read_text(encoding="utf-8")), encoding="utf-8")
    data = settings_for(base / "data", lang)
    return run("--data-dir", str(data), extra_env={"REELHOUSE_ASSETS": str(tree)})


def font_damaged(base: Path, lang: str) -> subprocess.CompletedProcess[str]:
    tree = assets_tree(base)
    font = tree / "fonts" / "text.ttf"
    font.write_bytes(font.read_bytes()[:1000])
    data = settings_for(base / "data", lang)
    return run("--data-dir", str(data), extra_env={"REELHOUSE_ASSETS": str(tree)})


CASES: list[tuple[str, Callable[[Path, str], subprocess.CompletedProcess[str]]]] = [
    ("settings.json is a FIFO", settings_fifo),
    ("settings.json links to /dev/zero", settings_dev_zero),
    ("settings.json of 64 MB", settings_64_mb),
    ("--data-dir with a 300-character folder name", folder_name_300_chars),
    ("--data-dir '~nosuchuser/x'", unknown_user),
    ("XDG_DATA_HOME=relative/data", relative_xdg_data_home),
    ("--window 99999999999999999999x720", window_20_digits),
    ("--window 100000x100000", window_100000_square),
    (f"ulimit -v {LOW_MEMORY_KB}", low_memory),
    (f"{GAME.capitalize()}' game.toml with Wild ×100", game_data_changed),
    ("fonts/text.ttf truncated", font_damaged),
]


def catalog_spanish(english: str) -> str | None:
    """The Spanish of an English sentence from the catalogs (the app said it in English because
    it could not read the player's language): its template found, its fields carried over."""
    en = json.loads((ROOT / "assets" / "locale" / "en.json").read_text(encoding="utf-8"))
    es = json.loads((ROOT / "assets" / "locale" / "es.json").read_text(encoding="utf-8"))
    literal = lambda msgid: len(re.sub(r"\{\w+\}", "", msgid))  # noqa: E731
    # the template with the most fixed words first ("{hours} and {minutes}" would match anything)
    for msgid in sorted(en, key=literal, reverse=True):
        if not isinstance(es.get(msgid), str) or "{" not in msgid:
            continue
        pattern = re.escape(msgid)
        for name in set(re.findall(r"\{(\w+)\}", msgid)):
            pattern = pattern.replace(re.escape("{" + name + "}"), f"(?P<{name}>.+?)", 1)
            pattern = pattern.replace(re.escape("{" + name + "}"), f"(?P={name})")
        match = re.fullmatch(pattern, english)
        if match:
            return es[msgid].format(**match.groupdict())
    return None


def run_cases() -> list[Row]:
    rows = []
    for name, case in CASES:
        said: dict[str, tuple[int | None, str]] = {}
        for lang in ("en", "es"):
            base = Path(tempfile.mkdtemp(prefix="reelhouse-start-"))
            try:
                res = case(base, lang)
                text = sentence(res.stdout, res.stderr).replace(str(base), "<tmp>")
                text = re.sub(r"damaged-\d{8}T\d{6}Z", "damaged-<time>", text)
                said[lang] = (res.returncode, text)
            except subprocess.TimeoutExpired:
                said[lang] = (None, "HANG: no exit within the time limit")
            finally:
                shutil.rmtree(base, ignore_errors=True)
        code, english = said["en"]
        spanish = said["es"][1]
        if spanish == english and english:
            spanish = f"† {catalog_spanish(english) or '(no catalog entry)'}"
        rows.append(Row(name, code, english, spanish))
        print(f"  {name}: done", file=sys.stderr, flush=True)
    return rows


def markdown(rows: list[Row]) -> str:
    out = ["| case | exit | English | Spanish |", "|---|---|---|---|"]
    for r in rows:
        said = (r.english or "(nothing said)", r.spanish or "(nothing said)")
        cells = [c.replace("|", "\\|") for c in said]
        out.append(f"| {r.case} | {r.code} | {cells[0]} | {cells[1]} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    assert MAIN.is_file()
    rows = run_cases()
    as_json = json.dumps([r.__dict__ for r in rows], ensure_ascii=False, indent=1)
    print(as_json if args.json else markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
