"""Design the maths of Tomb Raider – Secret of the Sword: paytable, reel strips and the Super Mode
rate, tuned to the published RTP with the exact calculator.

Run from the repository root: `python -m tools.design.tombraider` (add `--dry-run` to only print,
`--doc` to write the par sheet document only, `--super-only` to keep the strips and solve the
Super Mode weight alone, `--rtp-by-lines` to write the exact RTP at every line count).

The search is deterministic (seeded NumPy generators). The free reels are fixed symbol counts
laid out from a seed: their cascades depend on the order of the symbols, so their value is
taken from the exact enumeration of every stop combination (seconds). The base reels are found
by a local search on symbol counts (the line RTP depends on the counts alone: every row of a reel
shows the strip's symbol distribution) to a target share, then laid out (keys and passports
spaced so that a window never shows two of them, no two equal neighbours) for a target hit
frequency. The Global Adventure's values are game data, read as they are. Last, the Super Mode
rate (a weight out of 10^8) closes the gap to the target: one unit of it moves the RTP by about
0.00005 percentage points. The exact par sheet is then computed from the written file.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from fractions import Fraction
from pathlib import Path

import numpy as np

from game.definitions import GameDefinition, load_definition
from game.games.tombraider import exact
from game.games.tombraider.model import feature_of
from game.math.odds import hit_frequency
from game.math.patterns import line_pay_table
from tools.design.common import toml_pays, toml_strips, write_atomically

VOLATILITY_METHOD = (
    "**Sampled** through the production batch simulator (cascades, Super Mode spins, the "
    "passport walk across rounds and the bonus games; the simulator plays Super Mode with "
    "whatever rules the engine has, so the figures follow a rule change once regenerated). "
    "The SD is quoted with its 99 % interval (delta method)."
)
"""How the volatility docs (`tools.volatility_doc`) say this game's figures are reached."""


ROOT = Path(__file__).resolve().parents[2]
GAME_FILE = ROOT / "assets" / "games" / "tombraider" / "game.toml"
DOC_FILE = ROOT / "docs" / "math" / "tombraider.md"
SEED = 20261130
TARGET_RTP = Fraction(9522, 10000)
RTP_TOLERANCE = Fraction(1, 1_000_000)

LINE_SYMBOLS = ["ten", "jack", "queen", "king", "ace", "climber", "rider", "gunslinger", "sword", "portrait"]
# Coins per line at bet level 1. Royals < Climber < Rider < Gunslinger < Sword < Portrait; the
# Sword and the Portrait (wild) also pay 2 of a kind; five Portraits = 7,500 × the line bet.
PAYTABLE: dict[str, dict[int, int]] = {
    "ten": {3: 5, 4: 20, 5: 100},
    "jack": {3: 5, 4: 25, 5: 100},
    "queen": {3: 10, 4: 30, 5: 125},
    "king": {3: 10, 4: 40, 5: 150},
    "ace": {3: 15, 4: 50, 5: 200},
    "climber": {3: 25, 4: 100, 5: 400},
    "rider": {3: 30, 4: 125, 5: 500},
    "gunslinger": {3: 40, 4: 150, 5: 750},
    "sword": {2: 5, 3: 50, 4: 250, 5: 1000},
    "portrait": {2: 10, 3: 250, 4: 2500, 5: 7500},
}
SCATTER_PAYS = {"key": {2: 1, 3: 3, 4: 15, 5: 100}}  # × total bet

# Keys and passports per strip (fixed: they set the trigger, scatter and Adventure rates).
KEYS = {"base": [2, 2, 2, 2, 2], "free": [1, 1, 1, 1, 1]}
PASSPORTS = {"base": [1, 1, 1, 1, 1], "free": [1, 1, 1, 1, 1]}
# Free reels: counts in LINE_SYMBOLS order, laid out from FREE_SEED.
FREE_COUNTS = [
    [4, 3, 3, 3, 3, 2, 2, 2, 2, 1],
    [4, 3, 3, 3, 3, 2, 2, 2, 2, 1],
    [4, 3, 3, 3, 3, 2, 2, 2, 2, 2],
    [4, 3, 3, 3, 3, 2, 2, 2, 2, 1],
    [4, 3, 3, 3, 3, 2, 2, 2, 2, 1],
]
FREE_SEED = 7
# Base reels: starting counts; the search keeps the lengths.
BASE_START = [
    [9, 9, 9, 8, 8, 6, 5, 4, 3, 2],
    [9, 9, 9, 8, 8, 6, 5, 4, 3, 2],
    [9, 9, 9, 8, 8, 6, 5, 4, 3, 2],
    [9, 9, 9, 8, 8, 6, 5, 4, 3, 2],
    [9, 9, 9, 8, 8, 6, 5, 4, 3, 2],
]
BASE_LINE_TARGET = 0.58
HIT_FREQUENCY_TARGET = 0.45
LAYOUT_TRIES = 16
SUPER_MODE_OUT_OF = 100_000_000


def base_line(defn: GameDefinition, counts: np.ndarray) -> float:
    """Float line RTP of base counts (LINE_SYMBOLS order; keys and passports on top)."""
    table = line_pay_table(defn).astype(np.float64)
    ids = defn.symbol_ids
    probs = []
    for r in range(defn.reels):
        p = np.zeros(len(ids))
        for sym, c in zip(LINE_SYMBOLS, counts[r], strict=True):
            p[ids.index(sym)] = c
        p[ids.index("key")] = KEYS["base"][r]
        p[ids.index("passport")] = PASSPORTS["base"][r]
        probs.append(p / p.sum())
    t = table
    for p in reversed(probs):
        t = t @ p
    return float(t)


def believable(counts: np.ndarray) -> bool:
    """Every symbol present, counts non-increasing from 10 to the Sword, 1 to 3 wilds."""
    regular = counts[:-1]
    return bool(regular.min() >= 2 and 1 <= counts[-1] <= 3 and np.all(np.diff(regular) <= 0))


def search_base(defn: GameDefinition, rng: np.random.Generator, steps: int) -> np.ndarray:
    """Random one-symbol swaps (lengths kept), accepted when the line RTP gets closer."""
    counts = np.array(BASE_START, dtype=np.int64)
    best = abs(base_line(defn, counts) - BASE_LINE_TARGET)
    n = len(LINE_SYMBOLS)
    for _ in range(steps):
        reel, a, b = int(rng.integers(defn.reels)), int(rng.integers(n)), int(rng.integers(n))
        if a == b:
            continue
        cand = counts.copy()
        cand[reel, a] -= 1
        cand[reel, b] += 1
        if not believable(cand[reel]):
            continue
        err = abs(base_line(defn, cand) - BASE_LINE_TARGET)
        if err <= best:
            counts, best = cand, err
    return counts


def layout(
    counts: list[int], keys: int, passports: int, rng: np.random.Generator, rows: int = 3
) -> list[str]:
    """One strip: no two equal neighbours; keys and passports at least `rows` apart (a window never
    shows two of them)."""
    items = [s for s, c in zip(LINE_SYMBOLS, counts, strict=True) for _ in range(int(c))]
    items += ["key"] * keys + ["passport"] * passports
    for _ in range(200_000):
        order = [items[i] for i in rng.permutation(len(items))]
        n = len(order)
        if any(order[i] == order[(i + 1) % n] for i in range(n)):
            continue
        spaced = [i for i, s in enumerate(order) if s in ("key", "passport")]
        gaps = [(b - a) % n for a, b in zip(spaced, spaced[1:] + spaced[:1], strict=True)]
        if len(spaced) < 2 or min(gaps) >= rows:
            return order
    raise RuntimeError("no layout without equal neighbours and with spaced keys")


def render(text: str, reel_sets: dict[str, list[list[str]]], super_weight: int) -> str:
    """The game file with its paytable, scatter pays, reel sets and Super Mode weight replaced."""

    def replace_section(src: str, header: str, body: str) -> str:
        pattern = re.compile(rf"^\[{re.escape(header)}\]\n.*?(?=^\[|\Z)", re.S | re.M)
        if not pattern.search(src):
            raise ValueError(f"no [{header}] section")
        return pattern.sub(lambda _m: f"[{header}]\n{body}\n\n", src, count=1)

    text = replace_section(text, "paytable", toml_pays(PAYTABLE))
    text = replace_section(text, "scatter_pays", toml_pays(SCATTER_PAYS))
    sets = (
        "# One strip per reel, stops listed from index 0; the window shows stops s, s+1, s+2 and a\n"
        "# cascade drops in the stops above it. Tuned by tools/design_tombraider.py; the exact par\n"
        "# sheet is docs/math/tombraider.md.\n"
        f"base = [\n{toml_strips(reel_sets['base'])}\n]\n"
        f"free = [\n{toml_strips(reel_sets['free'])}\n]"
    )
    text = replace_section(text, "reel_sets", sets)
    pattern = re.compile(r"^(\[feature\.super_mode\]\n(?:.*\n)*?weight = )\d+$", re.M)
    if not pattern.search(text):
        raise ValueError("no weight in [feature.super_mode]")
    text = pattern.sub(lambda m: f"{m.group(1)}{super_weight}", text, count=1)
    return text.rstrip("\n") + "\n"


def with_data(defn: GameDefinition, reel_sets: dict[str, list[list[str]]], weight: int) -> GameDefinition:
    data = defn.model_dump()
    data["paytable"] = PAYTABLE
    data["scatter_pays"] = SCATTER_PAYS
    data["reel_sets"] = reel_sets
    data["feature"]["super_mode"]["weight"] = weight
    data["feature"]["super_mode"]["out_of"] = SUPER_MODE_OUT_OF
    return GameDefinition.model_validate(data)


def _exact_rtp(defn: GameDefinition, weight: int) -> Fraction:
    data = defn.model_dump()
    data["feature"]["super_mode"]["weight"] = weight
    par = exact.par_sheet(GameDefinition.model_validate(data), estimate_cap=False)
    return Fraction(par["rtp_fraction"])


def solve_super_mode(defn: GameDefinition) -> int:
    """The Super Mode weight (out of SUPER_MODE_OUT_OF) that puts the exact RTP nearest the target.

    Super Mode's own pays and the free spins its Keys win are proportional to the weight; the
    passports its spins stamp move the Global Adventure's rate almost so. Secant steps on the
    exact RTP, then the nearest whole weight of the two around the solution."""
    w0 = feature_of(defn).super_mode.weight
    r0 = _exact_rtp(defn, w0)
    w1 = max(1, round(w0 * 0.99))
    r1 = _exact_rtp(defn, w1)
    for _ in range(6):
        if r1 == r0:
            break
        w2 = w1 + (TARGET_RTP - r1) * (w1 - w0) / (r1 - r0)
        w0, r0 = w1, r1
        w1 = max(1, round(w2))
        if w1 == w0:
            break
        r1 = _exact_rtp(defn, w1)
    near = {w: abs(_exact_rtp(defn, w) - TARGET_RTP) for w in (w1 - 1, w1, w1 + 1)}
    return min(near, key=lambda w: near[w])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="print, do not write the file")
    parser.add_argument("--steps", type=int, default=3_000)
    parser.add_argument("--doc", action="store_true", help="only write the par sheet document")
    parser.add_argument(
        "--rtp-by-lines",
        action="store_true",
        help="only write the exact RTP at every line count (assets/games/tombraider/rtp_by_lines.json)",
    )
    parser.add_argument(
        "--super-only",
        action="store_true",
        help="keep the paytable and the strips; solve only the Super Mode weight",
    )
    parser.add_argument("--sim", type=Path, action="append", default=[], help="a simulation result (JSON)")
    args = parser.parse_args()

    current = load_definition(GAME_FILE).definition
    if args.doc:
        from tools.design.tombraider_doc import par_markdown

        sims = [json.loads(path.read_text(encoding="utf-8")) for path in args.sim]
        DOC_FILE.parent.mkdir(parents=True, exist_ok=True)
        from tools.volatility_doc import with_section  # keeps the volatility section

        text = par_markdown(current, exact.par_sheet(current), sims)
        DOC_FILE.write_text(with_section(text, "tombraider"), encoding="utf-8")
        return

    if args.rtp_by_lines:
        from game.games.tombraider import rtp_lines

        loaded = load_definition(GAME_FILE)
        rtps = rtp_lines.exact_rtps(loaded.definition)
        doc = rtp_lines.document(loaded.definition, loaded.sha256, rtps)
        out = GAME_FILE.parent / rtp_lines.FILE_NAME
        out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        for n, r in enumerate(rtps, start=1):
            print(f"{n:2d} lines  {float(r):.6%}")
        return

    if args.super_only:
        weight = solve_super_mode(current)
        text = render(GAME_FILE.read_text(encoding="utf-8"), dict(current.reel_sets), weight)
        if not args.dry_run:
            write_atomically(GAME_FILE, text)
        print(f"super mode weight {weight} / {SUPER_MODE_OUT_OF} (1 in {SUPER_MODE_OUT_OF / weight:.1f})")
        print(f"exact rtp {float(_exact_rtp(current, weight)):.8f}")
        return

    rng = np.random.Generator(np.random.PCG64(SEED))
    draft = with_data(current, current.reel_sets, feature_of(current).super_mode.weight)
    counts = search_base(draft, rng, args.steps)
    print(f"base line (float) {base_line(draft, counts):.6f}")
    free_rng = np.random.Generator(np.random.PCG64(FREE_SEED))
    free = [layout(FREE_COUNTS[r], KEYS["free"][r], PASSPORTS["free"][r], free_rng) for r in range(5)]
    tries = []
    for _ in range(LAYOUT_TRIES):
        base = [layout(list(counts[r]), KEYS["base"][r], PASSPORTS["base"][r], rng) for r in range(5)]
        trial = with_data(current, {"base": base, "free": free}, feature_of(current).super_mode.weight)
        hit = float(hit_frequency(trial, len(trial.lines)))
        tries.append((abs(hit - HIT_FREQUENCY_TARGET), hit, base))
    _, hit, base = min(tries, key=lambda t: t[0])
    print("hit frequencies tried:", " ".join(f"{t[1]:.3f}" for t in tries))
    reel_sets = {"base": base, "free": free}
    weight = solve_super_mode(with_data(current, reel_sets, feature_of(current).super_mode.weight))
    if not 1 <= weight < SUPER_MODE_OUT_OF:
        raise SystemExit(f"the Super Mode weight would be {weight}: retune the other parts")
    text = render(GAME_FILE.read_text(encoding="utf-8"), reel_sets, weight)
    if args.dry_run:
        with tempfile.TemporaryDirectory() as tmp_dir:
            tmp = Path(tmp_dir) / "tombraider" / "game.toml"
            tmp.parent.mkdir()
            tmp.write_text(text, encoding="utf-8")
            new = load_definition(tmp).definition
        same = text == GAME_FILE.read_text(encoding="utf-8")
        print("the game file would", "stay the same" if same else "change")
    else:
        new = write_atomically(GAME_FILE, text)
    par = exact.par_sheet(new)
    print(f"exact rtp {par['rtp']:.8f} ({par['rtp_fraction']})")
    for part in par["parts"]:
        print(f"  {part['name']:20s} {part['rtp']:.6f}")
    print(f"super mode weight {weight} / {SUPER_MODE_OUT_OF} (1 in {SUPER_MODE_OUT_OF / weight:.1f})")
    print(f"hit frequency {par['hit_frequency']:.4f}")
    fs, adv = par["free_spins"], par["global_adventure"]
    print(f"free spins 1 in {fs['trigger_one_in']:.1f}, {fs['value_x_bet']:.2f} x bet")
    print(f"adventure 1 in {par['passports']['adventure_one_in']:.1f}, {adv['value_x_bet']:.2f} x bet")
    if abs(Fraction(par["rtp_fraction"]) - TARGET_RTP) > RTP_TOLERANCE:
        raise SystemExit("the exact RTP is off target")


if __name__ == "__main__":
    main()
