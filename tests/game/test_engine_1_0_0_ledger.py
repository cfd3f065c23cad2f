"""A ledger written by engine 1.0.0, the last engine that drew in play order from one stream.

`tests/game/data/ledger_engine_1_0_0.sql` is a dump of the file that engine's own code (schema
version 6) wrote through the round driver: closed rounds of every game (Stones with its picks,
Warlords re-spinning, a Tomb Raider Adventure with its picks, each choice with its entropy) and,
last, a Stones round left open after one pick. Engine 1.1.0 draws from a keyed stream per draw
site, so the same seed gives another round; the ledger must still show the old rounds exactly
and must not continue the open one with other draws (docs/architecture.md, "Draw sites").
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game import ENGINE_VERSION
from game.definitions import load_game, parse_definition
from game.events import events_to_json
from game.ledger import Ledger
from game.round import play_round
from game.session import ResumeRefused, RoundDriver

DUMP = Path(__file__).resolve().parent / "data" / "ledger_engine_1_0_0.sql"


def _file(tmp_path: Path) -> Path:
    """The dumped ledger as a file again (its schema version is on the dump's first line)."""
    text = DUMP.read_text(encoding="utf-8")
    version = int(text.splitlines()[0].removeprefix("-- user_version "))
    path = tmp_path / "ledger.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.executescript(text)
        conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("PRAGMA journal_mode = WAL")
    finally:
        conn.close()
    return path


def _rules(led: Ledger, game_id: str, sha256: str):
    """The definition a round was played under: the installed one, else the data kept with it."""
    loaded = load_game(game_id)
    if loaded.sha256 == sha256:
        return loaded.definition
    data = led.stored_game_data(sha256)
    assert data is not None, f"the ledger kept no data for {game_id} {sha256}"
    return parse_definition(data, Path(game_id)).definition


def test_the_closed_rounds_of_engine_1_0_0_replay_as_they_were_played(tmp_path: Path) -> None:
    with Ledger.open(_file(tmp_path)) as led:
        assert led.verify() == []
        closed = [r for r in led.history(50) if r.status == "closed"]
        assert {r.game_id for r in closed} == {"stones", "warlords", "tombraider"}
        assert all(r.engine_version == "1.0.0" for r in closed)
        assert any(r.choices and all(r.entropies) for r in closed)  # picks with their entropies
        changed = 0
        for r in closed:
            rules = _rules(led, r.game_id, r.game_sha256)
            args = (rules, r.bet, r.seed, list(r.choices))
            old = play_round(*args, state=r.state_in, entropies=r.entropies, engine=r.engine_version)
            assert old.finished and events_to_json(old.events) == r.events, r.round_id
            try:  # the same seed under this engine's draw sites: another round
                new = play_round(*args, state=r.state_in, entropies=r.entropies)
                changed += events_to_json(new.events) != r.events
            except ValueError:  # e.g. the new round asks no pick, or fewer
                changed += 1
        assert changed >= len(closed) - 1  # a seed may rarely draw the same plain spin


def test_the_open_round_of_engine_1_0_0_is_voided_and_refunded(tmp_path: Path) -> None:
    with Ledger.open(_file(tmp_path)) as led:
        stored = led.open_round()
        assert stored is not None and stored.engine_version == "1.0.0" != ENGINE_VERSION
        assert stored.game_id == "stones" and len(stored.choices) == 1
        before = led.balance_cents
        driver = RoundDriver(led, load_game("stones"), _NoSeeds(), None)
        with pytest.raises(ResumeRefused) as refused:
            driver.resume()
        assert "engine changed" in refused.value.detail and "1.0.0" in refused.value.detail
        assert led.open_round() is not None and led.balance_cents == before  # nothing written
        assert driver.void_unresumable() == before + stored.bet.total_cents
        record = led.round_detail(stored.round_id)
        assert record.status == "void" and "1.0.0" in (record.void_reason or "")
        assert led.open_round() is None and led.verify() == []


class _NoSeeds:
    def next_seed(self) -> int:
        raise AssertionError("no new round is started here")
