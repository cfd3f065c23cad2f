"""The engine's command line: `python -m game list | describe | play | simulate | par | bench`.

Every command reads the installed game data (`assets/games/<id>/game.toml`). Errors a user can
make (an unknown game, a bad data file, a bet the game does not offer, a bad pick, a number too
large to mean anything) print one plain line on stderr and exit with status 2; argparse handles
malformed arguments. A reader that stops reading (`describe <id> | head`) ends the command
quietly with status 0: nothing is wrong with the command, its output was simply not wanted.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from game import ENGINE_VERSION
from game.definitions import DefinitionError, GameDefinition, LoadedGame, list_game_ids, load_game
from game.money import Bet, cents_to_decimal_str, parse_amount_cents


class UsageError(Exception):
    """A plain-language error for the user; exit status 2."""


def _load(game_id: str) -> LoadedGame:
    if game_id not in list_game_ids():
        known = ", ".join(list_game_ids()) or "none"
        raise UsageError(f"unknown game {game_id!r} (installed: {known})")
    return load_game(game_id)


def _decimal(cents: int) -> float:
    return float(Decimal(cents_to_decimal_str(cents)))


def _print_json(data: Any, pretty: bool) -> None:
    print(json.dumps(data, indent=2 if pretty else None, ensure_ascii=False))


def _bet_from_args(defn: GameDefinition, args: argparse.Namespace) -> Bet:
    from game.bets import make_bet

    coin = None
    if args.coin_value is not None:
        try:
            coin = parse_amount_cents(args.coin_value)
        except ValueError as exc:
            raise UsageError(f"--coin-value: {exc}") from None
    try:
        return make_bet(defn, lines=args.lines, level=args.level, coin_value_cents=coin)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


# -- commands ------------------------------------------------------------------------------------
def describe(loaded: LoadedGame) -> dict[str, Any]:
    """The game's data as the paytable screen and outside tools see it (JSON-ready)."""
    d = loaded.definition
    b = d.bet
    return {
        "id": d.id,
        "name": d.name,
        "pitch": d.pitch,
        "reels": d.reels,
        "rows": d.rows,
        "symbols": [{"id": s.id, "name": s.name, "kind": s.kind} for s in d.symbols],
        "lines": d.lines,
        "paytable": {s: {str(k): v for k, v in sorted(p.items())} for s, p in d.paytable.items()},
        "scatter_pays": {s: {str(k): v for k, v in sorted(p.items())} for s, p in d.scatter_pays.items()},
        "reel_sets": d.reel_sets,
        "bet": {
            "levels": b.levels,
            "default_level": b.default_level,
            "coin_values": [_decimal(c) for c in b.coin_values_cents],
            "coin_values_cents": b.coin_values_cents,
            "default_coin_value": _decimal(b.default_coin_value_cents),
            "default_coin_value_cents": b.default_coin_value_cents,
            "coins_per_level": b.coins_per_level,
            "lines": {
                "max": len(d.lines),
                "selectable": b.lines_selectable,
                "default": b.default_lines if b.lines_selectable else len(d.lines),
            },
        },
        "rtp_published": d.rtp_published,
        "cap": d.cap.model_dump(mode="json"),
        "feature": None if d.feature is None else d.feature.model_dump(mode="json"),
        "sha256": loaded.sha256,
        "engine_version": ENGINE_VERSION,
    }


def cmd_list(args: argparse.Namespace) -> int:
    ids = list_game_ids()
    if args.json:
        _print_json(ids, pretty=False)
    else:
        for game_id in ids:
            print(game_id)
    return 0


def cmd_describe(args: argparse.Namespace) -> int:
    data = describe(_load(args.game))
    if args.json:
        _print_json(data, pretty=True)
    else:
        print(
            f"{data['name']} ({data['id']}): {data['reels']}x{data['rows']}, "
            f"{len(data['lines'])} lines, RTP {data['rtp_published']:.2%}"
        )
        print(f"sha256 {data['sha256']}")
    return 0


def _parse_choices(text: str | None) -> tuple[list[int], list[int]]:
    """Picks and their entropies from "3:8843,11,17" (a pick without ":entropy" carries none)."""
    picks: list[int] = []
    entropies: list[int] = []
    for part in (text or "").split(","):
        if part.strip() == "":
            continue
        pick, _, entropy = part.partition(":")
        try:
            picks.append(int(pick))
            entropies.append(int(entropy) if entropy.strip() else 0)
        except ValueError:
            raise UsageError(
                "--choices must be whole numbers separated by commas, each optionally followed by "
                f":entropy (e.g. 3:8843,11,17), got {text!r}"
            ) from None
    return picks, entropies


def cmd_play(args: argparse.Namespace) -> int:
    from game.round import play_round

    defn = _load(args.game).definition
    bet = _bet_from_args(defn, args)
    try:
        picks, entropies = _parse_choices(args.choices)
        result = play_round(defn, bet, args.seed, picks, entropies=entropies)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    data = result.to_json()
    if args.json:
        _print_json(data, pretty=False)
    else:
        for event in data["events"]:
            print(json.dumps(event, ensure_ascii=False))
        if result.pending is not None:
            print(
                f"waiting for a pick: {result.pending.picks_left} left of "
                f"{result.pending.options} (--choices)"
            )
        else:
            print(f"won {result.total_win_coins} coins ({cents_to_decimal_str(result.total_win_cents)})")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.cli_progress import ProgressBar
    from game.math.simulate import default_workers, simulate

    defn = _load(args.game).definition
    bet = _bet_from_args(defn, args)
    workers = args.workers if args.workers is not None else default_workers()
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    bar = ProgressBar(f"simulate {defn.id}")
    try:
        out = simulate(
            defn,
            bet,
            args.rounds,
            seed,
            workers=workers,
            progress=bar.update,
            check_flow=args.check_flow,
        )
    finally:
        bar.close()
    if args.json:
        _print_json(out, pretty=True)
    else:
        lo, hi = out["ci99"]
        print(
            f"{out['rounds']:,} rounds: RTP {out['rtp']:.4%} (99 % CI {lo:.4%} .. {hi:.4%}), "
            f"hit frequency {out['hit_frequency']:.2%}, "
            f"{out['rounds_per_second']:,.0f} rounds/s, seed {out['seed']}"
        )
        slo, shi = out["std_ci99"]
        print(f"SD per round {out['std_per_round']:.4f} × bet (99 % CI {slo:.4f} .. {shi:.4f})")
        print(
            "round wins, × the total bet: "
            + ", ".join(f"{b['bucket']} {b['probability']:.4%}" for b in out["distribution"])
        )
        if args.check_flow:
            print(
                f"play ≡ simulation: {out['flow_checked']:,} rounds replayed through the flow, "
                f"{out['flow_mismatches']} mismatch(es)"
            )
    return 1 if out.get("flow_mismatches") else 0


def cmd_par(args: argparse.Namespace) -> int:
    from game.math.par import par_sheet

    loaded = _load(args.game)
    defn = loaded.definition
    if args.lines is not None and args.lines > len(defn.lines):
        raise UsageError(f"lines must be 1 to {len(defn.lines)}")
    if args.lines is not None and args.write_info:
        raise UsageError("--write-info writes the figures at the game's default lines: leave out --lines")
    # the volatility section is the default bet's (the game info page's); --lines N gives the RTP
    sheet = par_sheet(defn, args.lines, volatility=args.lines is None, rounds=args.sample_rounds)
    if args.write_info:
        from game.math.info import info_from_sheet, write_info

        try:
            path = write_info(loaded, info_from_sheet(loaded, sheet))
        except OSError as exc:
            raise UsageError(f"cannot write the game info file: {exc.strerror or exc}") from None
        print(f"wrote {path}", file=sys.stderr)
    if args.json:
        _print_json(sheet, pretty=True)
    else:
        n = sheet.get("lines")
        at = f" at {n} line{'' if n == 1 else 's'}" if n else ""
        print(f"exact RTP{at} {sheet['rtp']:.6%}")
        for part in sheet.get("parts", []):
            print(f"  {part['name']}: {part['rtp']:.6%} ({part.get('method', '')})")
        if "volatility" in sheet:
            _print_volatility(sheet["volatility"])
    return 0


def _print_volatility(vol: dict[str, Any]) -> None:
    print(
        f"SD per round {vol['std_per_round']:.4f} × bet, {vol['std_method']}; "
        f"VI90 {vol['vi90']:.3f}, VI95 {vol['vi95']:.3f}: {vol['class']} volatility"
    )
    one_in = vol["top_award"]["one_in_rounds"]
    print(
        f"hit frequency {vol['hit_frequency']:.4%}; top award ({vol['top_award']['x_bet']:,.0f} × bet) "
        f"1 round in {one_in:,.0f}; largest win {vol['largest_win']['x_bet']:,.0f} × bet"
    )
    print(f"round wins, × the total bet ({vol['distribution']['method']}):")
    for b in vol["distribution"]["buckets"]:
        lo, hi = b["ci99"]
        print(f"  {b['bucket']:>9}: {b['probability']:10.6%}  (99 % {lo:.6%} .. {hi:.6%})")


def bench(defn: GameDefinition, rounds: int, play_rounds: int) -> dict[str, Any]:
    """Single-core simulator speed and `play_round` latency (figures only)."""
    from game.bets import default_bet
    from game.math.simulate import simulate
    from game.round import play_round

    bet = default_bet(defn)
    simulate(defn, bet, 100_000, seed=0, workers=1)  # warm-up: compile tables
    cpu = time.process_time()
    sim = simulate(defn, bet, rounds, seed=1, workers=1)
    cpu = time.process_time() - cpu  # one process: the CPU time this core spent (load aside)

    for seed in range(50):  # warm-up
        play_round(defn, bet, seed)
    start = time.perf_counter()
    triggered: list[tuple[int, int]] = []  # (seed, picks) of rounds that stop at a pick
    for seed in range(play_rounds):
        result = play_round(defn, bet, seed)
        if result.pending is not None and len(triggered) < 50:
            triggered.append((seed, result.pending.picks_left))
    base_us = (time.perf_counter() - start) / play_rounds * 1e6
    feature_us = None
    if triggered:
        start = time.perf_counter()
        for seed, picks in triggered:
            play_round(defn, bet, seed, list(range(picks)))
        feature_us = (time.perf_counter() - start) / len(triggered) * 1e6
    return {
        "game": defn.id,
        "simulate": {
            "rounds": sim["rounds"],
            "seconds": sim["seconds"],
            "rounds_per_second": sim["rounds_per_second"],
            "rtp": sim["rtp"],
        },
        "rounds_per_second": sim["rounds_per_second"],
        "rounds_per_cpu_second": sim["rounds"] / cpu if cpu > 0 else None,
        "play_round_us": base_us,
        "play_round_feature_us": feature_us,
        "play_rounds": play_rounds,
    }


def cmd_bench(args: argparse.Namespace) -> int:
    defn = _load(args.game).definition
    _print_json(bench(defn, args.rounds, args.play_rounds), pretty=True)
    return 0


# -- parser --------------------------------------------------------------------------------------
MAX_ROUNDS = 10**18
"""Rounds a simulation may be asked for (3,000 years at ten million a second; fits int64)."""
MAX_SEED = 2**64 - 1
MAX_WORKERS = 256
MAX_COUNT = 10**9
"""Any other count (lines, levels, play rounds, rounds to check): far above every real use."""


def _whole(text: str, lowest: int, highest: int) -> int:
    """A whole number in [lowest, highest], or an argparse error in plain words."""
    try:
        value = int(text)
    except ValueError:  # also more digits than Python converts
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if value < lowest:
        raise argparse.ArgumentTypeError(
            "must not be negative" if lowest == 0 else f"must be at least {lowest:,}"
        )
    if value > highest:
        raise argparse.ArgumentTypeError(f"must be at most {highest:,}")
    return value


def _non_negative(text: str) -> int:
    return _whole(text, 0, MAX_COUNT)


def _positive(text: str) -> int:
    return _whole(text, 1, MAX_COUNT)


def _seed(text: str) -> int:
    return _whole(text, 0, MAX_SEED)


def _rounds(text: str) -> int:
    return _whole(text, 1, MAX_ROUNDS)


def _workers(text: str) -> int:
    return _whole(text, 1, MAX_WORKERS)


def _add_bet_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lines", type=_positive, help="active lines (default: the game's default)")
    p.add_argument("--level", type=_positive, help="bet level, coins per line")
    p.add_argument("--coin-value", help="coin value in currency units, e.g. 0.05")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="installed game ids")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("describe", help="a game's data: symbols, lines, paytable, strips, bets")
    p.add_argument("game")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_describe)

    p = sub.add_parser("play", help="play one round from a seed")
    p.add_argument("game")
    p.add_argument("--seed", type=_seed, required=True)
    _add_bet_args(p)
    p.add_argument(
        "--choices",
        help="pick indices in order, each optionally with the entropy stored with it, e.g. 3:8843,11,17",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="Monte Carlo through the production engine")
    p.add_argument("game")
    p.add_argument("--rounds", type=_rounds, required=True, help="any number up to 10^18")
    p.add_argument(
        "--seed",
        type=_seed,
        help="run seed (default: a fresh one from the system, shown in the report)",
    )
    p.add_argument("--workers", type=_workers, help="processes (default: one per CPU)")
    p.add_argument(
        "--check-flow",
        type=_non_negative,
        default=0,
        metavar="K",
        help="also replay K of the rounds (spread evenly) through the played flow and compare; "
        "the exit status is 1 if any differ",
    )
    _add_bet_args(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("par", help="the exact par sheet")
    p.add_argument("game")
    p.add_argument("--lines", type=_positive, help="active lines (default: the game's default)")
    p.add_argument(
        "--sample-rounds",
        type=_positive,
        default=None,
        metavar="N",
        help="rounds simulated for the figures that are not exact (default 1,000,000)",
    )
    p.add_argument(
        "--write-info",
        action="store_true",
        help="also write the game info page's figures beside the game data (par_info.json)",
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_par)

    p = sub.add_parser("bench", help="simulator rounds/s on one core and play_round latency")
    p.add_argument("game")
    p.add_argument("--rounds", type=_positive, default=2_000_000)
    p.add_argument("--play-rounds", type=_positive, default=5_000)
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return code
    except (UsageError, DefinitionError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return quiet_closed_pipe()


def quiet_closed_pipe() -> int:
    """The reader stopped reading: point stdout at nothing, so the interpreter's own flush at
    exit cannot fail again, and end quietly."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
