"""`python -m game`: list, describe, play (with and without choices), errors and exit codes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import game.definitions as definitions
from game.__main__ import main
from game.round import play_round

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def first_triggering_seed(loaded) -> int:
    from game.bets import default_bet

    bet = default_bet(loaded.definition)
    return next(s for s in range(100_000) if play_round(loaded.definition, bet, s).pending is not None)


@pytest.mark.slow
def test_module_entry_point_lists_games():
    proc = subprocess.run(
        [sys.executable, "-m", "game", "list"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0
    assert "stones" in proc.stdout.split()


def test_list_json(capsys):
    code, out, _ = run(capsys, "list", "--json")
    assert code == 0 and "stones" in json.loads(out)


def test_describe_json(capsys, stones):
    code, out, _ = run(capsys, "describe", "stones", "--json")
    assert code == 0
    data = json.loads(out)
    d = stones.definition
    assert data["id"] == "stones" and data["name"] == d.name
    assert (data["reels"], data["rows"]) == (5, 3)
    assert [s["id"] for s in data["symbols"]] == d.symbol_ids
    assert {s["kind"] for s in data["symbols"]} <= {"regular", "wild", "scatter", "bonus"}
    assert data["lines"] == d.lines and data["lines"][0] == [1, 1, 1, 1, 1]
    assert data["paytable"]["wild"] == {str(k): v for k, v in d.paytable["wild"].items()}
    assert data["scatter_pays"]["scatter"] == {str(k): v for k, v in d.scatter_pays["scatter"].items()}
    assert data["reel_sets"]["base"] == d.reel_sets["base"]
    assert "free" in data["reel_sets"]
    bet = data["bet"]
    assert bet["levels"] == list(range(1, 11))
    assert bet["coin_values"] == [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0]
    assert bet["coin_values_cents"] == [1, 2, 5, 10, 20, 50, 100]
    assert bet["lines"] == {"max": 25, "selectable": True, "default": 25}
    assert data["rtp_published"] == pytest.approx(0.967)
    assert data["cap"]["max_currency_cents"] == 25_000_000
    assert data["sha256"] == stones.sha256


@pytest.mark.slow
def test_play_json_without_and_with_choices(capsys, stones):
    seed = first_triggering_seed(stones)
    code, out, _ = run(capsys, "play", "stones", "--seed", str(seed), "--json")
    assert code == 0
    waiting = json.loads(out)
    assert waiting["game"] == "stones" and waiting["seed"] == seed
    assert waiting["bet"] == {"lines": 25, "level": 1, "coin_value": 0.05, "coin_value_cents": 5}
    assert waiting["total_bet_coins"] == 25
    assert waiting["pending"]["type"] == "pick_request" and waiting["pending"]["picks_left"] >= 3
    assert waiting["events"][-1] == waiting["pending"]
    spin = waiting["events"][0]
    for key in ("mode", "reel_set", "stops", "grid", "wild_symbols", "multiplier", "wins"):
        assert key in spin
    assert len(spin["grid"]) == 5 and all(len(col) == 3 for col in spin["grid"])

    picks = ",".join(str(i) for i in range(waiting["pending"]["picks_left"]))
    code, out, _ = run(capsys, "play", "stones", "--seed", str(seed), "--choices", picks, "--json")
    assert code == 0
    done = json.loads(out)
    assert done["pending"] is None and done["events"][-1]["type"] == "round_end"
    assert done["events"][: len(waiting["events"])] == waiting["events"]
    assert done["total_win_cents"] == done["total_win_coins"] * 5
    for e in done["events"]:
        if e["type"] == "spin":
            for w in e["wins"]:
                assert {"kind", "line", "symbol", "count", "coins"} <= w.keys()
                assert w["line"] is None or 1 <= w["line"] <= 25


def test_play_gives_a_pick_its_entropy(capsys, stones):
    """`--choices 3:8843,11,17` replays picks with the entropy stored with them; `3,11,17` plays
    them without (entropy 0, as before); the output names the entropies only when there are some."""
    from game.bets import default_bet
    from game.round import play_round

    seed = first_triggering_seed(stones)
    picks = list(
        range(play_round(stones.definition, default_bet(stones.definition), seed).pending.picks_left)
    )
    plain = ",".join(map(str, picks))
    keyed = ",".join([f"{picks[0]}:8843", *map(str, picks[1:])])
    code, out, _ = run(capsys, "play", "stones", "--seed", str(seed), "--choices", plain, "--json")
    assert code == 0 and "entropies" not in json.loads(out)
    code, out, _ = run(capsys, "play", "stones", "--seed", str(seed), "--choices", keyed, "--json")
    data = json.loads(out)
    assert code == 0 and data["choices"] == picks and data["entropies"] == [8843] + [0] * (len(picks) - 1)
    want = play_round(
        stones.definition, default_bet(stones.definition), seed, picks, entropies=[8843]
    ).to_json()
    assert data == json.loads(json.dumps(want))
    for bad in ("3:x", "3:-1", f"3:{2**63}"):
        code, _, err = run(capsys, "play", "stones", "--seed", str(seed), "--choices", bad, "--json")
        assert code == 2 and "Traceback" not in err and ("entropy" in err or "whole numbers" in err)


def test_play_with_a_bet(capsys):
    code, out, _ = run(
        capsys,
        "play",
        "stones",
        "--seed",
        "3",
        "--lines",
        "9",
        "--level",
        "4",
        "--coin-value",
        "0.2",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["bet"] == {"lines": 9, "level": 4, "coin_value": 0.2, "coin_value_cents": 20}
    assert data["total_bet_coins"] == 36


@pytest.mark.slow
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--choices", "0,0"], "already picked"),
        (["--choices", "20"], "out of range"),
        (["--choices", "a,b"], "whole numbers"),
        (["--level", "11"], "bet level 11 is not offered"),
        (["--lines", "26"], "lines must be 1 to 25"),
        (["--coin-value", "0.03"], "coin value 0.03 is not offered"),
        (["--coin-value", "0.001"], "more than two decimals"),
    ],
)
def test_bad_play_arguments_exit_2_with_a_plain_message(capsys, stones, argv, words):
    seed = first_triggering_seed(stones)
    code, out, err = run(capsys, "play", "stones", "--seed", str(seed), "--json", *argv)
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err


def test_choices_when_nothing_is_pending_exit_2(capsys, stones):
    from game.bets import default_bet

    bet = default_bet(stones.definition)
    seed = next(s for s in range(1000) if play_round(stones.definition, bet, s).finished)
    code, _, err = run(capsys, "play", "stones", "--seed", str(seed), "--choices", "1")
    assert code == 2 and "no choice is pending" in err


def test_unknown_game_exits_2(capsys):
    code, _, err = run(capsys, "describe", "nonesuch", "--json")
    assert code == 2 and "unknown game 'nonesuch'" in err


def test_malformed_arguments_are_argparse_errors(capsys):
    with pytest.raises(SystemExit) as info:
        main(["play", "stones", "--seed", "minus-one"])
    assert info.value.code == 2
    with pytest.raises(SystemExit):
        main(["simulate", "stones", "--seed", "1", "--rounds", "0"])
    with pytest.raises(SystemExit):
        main(["nonsense"])


def test_a_bad_data_file_exits_2_naming_file_field_and_reason(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "stones"
    folder.mkdir()
    text = (definitions.games_dir() / "stones" / "game.toml").read_text(encoding="utf-8")
    (folder / "game.toml").write_text(text.replace("rtp_published = 0.967", "rtp_published = 1.5"))
    monkeypatch.setattr(definitions, "games_dir", lambda: tmp_path)
    code, out, err = run(capsys, "describe", "stones", "--json")
    assert code == 2 and out == ""
    assert str(folder / "game.toml") in err and "rtp_published" in err and "less than 1" in err


@pytest.mark.slow
def test_simulate_and_par_and_bench_print_json(capsys):
    code, out, _ = run(
        capsys, "simulate", "stones", "--rounds", "20000", "--seed", "1", "--workers", "1", "--json"
    )
    assert code == 0
    sim = json.loads(out)
    for key in (
        "rtp",
        "ci99",
        "hit_frequency",
        "free_spins_rate",
        "largest_win",
        "rounds",
        "rounds_per_second",
        "std_per_round",
        "std_ci99",
        "distribution",
    ):
        assert key in sim
    assert sim["std_ci99"][0] < sim["std_per_round"] < sim["std_ci99"][1]
    assert sum(b["rounds"] for b in sim["distribution"]) == 20000
    code, out, _ = run(capsys, "bench", "stones", "--rounds", "20000", "--play-rounds", "50")
    assert code == 0
    bench = json.loads(out)
    assert bench["rounds_per_second"] > 0 and bench["play_round_us"] > 0
    assert bench["rounds_per_cpu_second"] > 0
    code, out, _ = run(capsys, "par", "stones", "--sample-rounds", "20000", "--json")
    assert code == 0
    par = json.loads(out)
    assert 0.5 < par["rtp"] < 1.5 and all({"name", "rtp", "method"} <= p.keys() for p in par["parts"])
    vol = par["volatility"]
    assert par["std_per_round"] == vol["std_per_round"] and vol["std_method"].startswith("exact")
    assert vol["vi90"] == pytest.approx(1.645 * vol["std_per_round"]) and vol["class"] in (
        "high",
        "very high",
    )
    assert vol["distribution"]["method"].startswith("sampled (20,000 rounds")
    code, out, _ = run(capsys, "par", "stones", "--sample-rounds", "20000")
    assert code == 0 and "VI90" in out and "round wins" in out


def test_no_progress_bar_off_a_terminal(capsys):
    run(capsys, "simulate", "stones", "--rounds", "1000", "--seed", "2", "--workers", "1")
    _, err = capsys.readouterr()
    assert err == ""


def test_the_cli_needs_no_copy_of_the_data(tmp_path, monkeypatch, capsys):
    # describe reads the installed file: a copy elsewhere is found through games_dir()
    shutil.copytree(definitions.games_dir() / "stones", tmp_path / "stones")
    monkeypatch.setattr(definitions, "games_dir", lambda: tmp_path)
    code, out, _ = run(capsys, "list", "--json")
    assert code == 0 and json.loads(out) == ["stones"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "stones", "--seed", "1", "--coin-value", "9e999999"], "too large an amount"),
        (["play", "stones", "--seed", "1", "--coin-value", "1e-999999"], "more than two decimals"),
        (["play", "stones", "--seed", str(2**64)], "must be at most 18,446,744,073,709,551,615"),
        (["play", "stones", "--seed", "9" * 5000], "not a whole number"),
        (["play", "stones", "--seed", "1", "--level", str(10**30)], "must be at most 1,000,000,000"),
        (
            ["simulate", "stones", "--rounds", str(10**19), "--seed", "1"],
            "must be at most 1,000,000,000,000,000,000",
        ),
        (
            ["simulate", "stones", "--rounds", "1000", "--seed", "1", "--workers", "100000"],
            "must be at most 256",
        ),
    ],
)
def test_huge_numbers_are_refused_in_plain_words(capsys, argv, words):
    with pytest.raises(SystemExit) as caught:
        code = main(argv)
        raise SystemExit(code)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


@pytest.mark.slow
@pytest.mark.parametrize(
    "argv", [["describe", "stones", "--json"], ["play", "stones", "--seed", "7", "--json"]]
)
def test_a_closed_pipe_ends_quietly(argv):
    """`python -m game describe stones --json | head -1`: no BrokenPipeError traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.stdout is not None
    proc.stdout.close()  # the reader is gone before the command writes a byte: EPIPE for sure
    err = proc.stderr.read().decode()  # type: ignore[union-attr]
    assert proc.wait(timeout=60) == 0
    assert err == "", err


def test_simulate_without_a_seed_draws_one_and_reports_it(capsys):
    code, out, _ = run(capsys, "simulate", "stones", "--rounds", "2000", "--workers", "1", "--json")
    assert code == 0
    first = json.loads(out)
    assert isinstance(first["seed"], int) and first["seed"] >= 0
    # the reported seed reproduces the run
    code, out, _ = run(
        capsys,
        "simulate",
        "stones",
        "--rounds",
        "2000",
        "--workers",
        "1",
        "--seed",
        str(first["seed"]),
        "--json",
    )
    again = json.loads(out)
    assert again["rtp"] == first["rtp"] and again["seed"] == first["seed"]
