"""The round driver keeps the ledger first: debit before outcome, choice before reveal, one
credit per round, identical replay after a restart, no round without funds, one bet per round;
a round that can no longer be replayed (the game was updated) is voided and its bet refunded."""

from __future__ import annotations

import re

import pytest

from game import ENGINE_VERSION
from game.bets import default_bet
from game.definitions import LoadedGame, load_game, parse_definition
from game.events import RoundEndEvent, SpinEvent, events_to_json
from game.games.stones.events import PickRevealEvent
from game.ledger import Ledger
from game.money import format_cents
from game.round import play_round
from game.session import MSG_VOIDED, ResumeRefused, RoundDriver, RoundRefused


class FixedSeeds:
    """Hands out the given seeds in order (the app uses game.rng.SeedSource)."""

    def __init__(self, *seeds: int) -> None:
        self.seeds = list(seeds)
        self.used: list[int] = []

    def next_seed(self) -> int:
        seed = self.seeds.pop(0)
        self.used.append(seed)
        return seed


@pytest.fixture(scope="module")
def loaded():
    return load_game("stones")


@pytest.fixture(scope="module")
def bet(loaded):
    return default_bet(loaded.definition)


@pytest.fixture(scope="module")
def feature_seed(loaded, bet):
    """A seed whose round triggers free spins (found by playing the engine, not guessed)."""
    for seed in range(5000):
        if play_round(loaded.definition, bet, seed).pending is not None:
            return seed
    raise AssertionError("no feature seed")


@pytest.fixture(scope="module")
def plain_seed(loaded, bet):
    for seed in range(5000):
        r = play_round(loaded.definition, bet, seed)
        if r.finished and r.total_win_coins > 0:
            return seed
    raise AssertionError("no winning seed")


@pytest.fixture
def ledger(tmp_path):
    led = Ledger.open(tmp_path / "ledger.sqlite3")
    yield led
    led.close()


class SpyLedger:
    """Wraps a ledger and logs the order of calls next to the engine's."""

    def __init__(self, inner, log):
        self.inner = inner
        self.log = log

    def __getattr__(self, name):
        attr = getattr(self.inner, name)
        if callable(attr) and name in ("begin_round", "record_choice", "finish_round"):

            def wrapped(*a, **k):
                self.log.append(name)
                return attr(*a, **k)

            return wrapped
        return attr


def test_debit_before_the_outcome_and_credit_once(ledger, loaded, bet, plain_seed, monkeypatch):
    import game.session as rd

    log: list[str] = []
    real = rd.play_round

    def spy_play(*a, **k):
        log.append("play_round")
        return real(*a, **k)

    monkeypatch.setattr(rd, "play_round", spy_play)
    driver = RoundDriver(SpyLedger(ledger, log), loaded, FixedSeeds(plain_seed), ledger.start_session())
    start = ledger.balance_cents
    view = driver.start(bet)
    assert log == ["begin_round", "play_round"]
    assert ledger.balance_cents == start - bet.total_cents
    assert ledger.open_round().seed == plain_seed
    assert view.finished and view.pending is None
    assert isinstance(view.events[0], SpinEvent) and isinstance(view.events[-1], RoundEndEvent)
    win = view.events[-1].total_win_coins
    assert win > 0
    balance = driver.finish()
    assert log == ["begin_round", "play_round", "finish_round"]
    assert balance == ledger.balance_cents == start - bet.total_cents + win * bet.coin_value_cents
    with pytest.raises(RuntimeError):
        driver.finish()
    assert ledger.balance_cents == balance
    assert ledger.open_round() is None
    rec = ledger.history(1)[0]
    assert rec.status == "closed" and rec.events == events_to_json(list(view.events))
    assert ledger.verify() == []


@pytest.mark.slow
def test_choose_records_before_revealing(ledger, loaded, bet, feature_seed, monkeypatch):
    import game.session as rd

    log: list[str] = []
    real = rd.play_round

    def spy_play(*a, **k):
        log.append("play_round")
        return real(*a, **k)

    monkeypatch.setattr(rd, "play_round", spy_play)
    driver = RoundDriver(SpyLedger(ledger, log), loaded, FixedSeeds(feature_seed), None)
    view = driver.start(bet)
    assert view.pending is not None and not view.finished
    picks = 0
    while driver.pending is not None:
        pending = driver.pending
        index = next(i for i in range(pending.options) if i not in pending.picked)
        before = len(driver.events)
        log.clear()
        new = driver.choose(index)
        assert log == ["record_choice", "play_round"]
        stored = ledger.open_round()
        assert stored.choices[-1] == index and stored.entropies == driver.entropies
        assert 0 < stored.entropies[-1] < 2**63  # drawn for this pick, stored with it
        assert isinstance(new[0], PickRevealEvent) and new[0].index == index
        assert list(driver.events[before:]) == new  # the new tail extends the old events
        picks += 1
    assert driver.finished and picks == view.pending.picks_left
    start_bet_balance = ledger.balance_cents
    driver.finish()
    assert ledger.balance_cents == start_bet_balance + driver.total_win_coins * bet.coin_value_cents
    assert ledger.verify() == []


def test_an_invalid_choice_is_never_recorded(ledger, loaded, bet, feature_seed):
    driver = RoundDriver(ledger, loaded, FixedSeeds(feature_seed), None)
    driver.start(bet)
    driver.choose(4)
    for bad in (4, -1, 20, 99):
        with pytest.raises(ValueError):
            driver.choose(bad)
    assert ledger.open_round().choices == (4,)


def test_resume_after_a_restart_gives_the_identical_round(tmp_path, loaded, bet, feature_seed):
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as led:
        driver = RoundDriver(led, loaded, FixedSeeds(feature_seed), None)
        first = driver.start(bet)
        driver.choose(7)
        driver.choose(2)
        seen = driver.events
        balance_mid = led.balance_cents
    # "crash": a fresh ledger and driver on the same file
    with Ledger.open(path) as led:
        driver = RoundDriver(led, loaded, FixedSeeds(), None)
        view = driver.resume()
        assert view is not None and view.resumed
        assert view.seed == feature_seed and view.choices == (7, 2)
        assert view.entropies == led.open_round().entropies and all(view.entropies)
        assert view.events == seen
        assert view.events[: len(first.events)] == first.events
        assert led.balance_cents == balance_mid  # no second debit
        while driver.pending is not None:
            p = driver.pending
            driver.choose(next(i for i in range(p.options) if i not in p.picked))
        driver.finish()
        assert led.open_round() is None
        assert driver.resume() is None
        assert led.verify() == []
        rounds = led.history(10)
        assert len(rounds) == 1 and rounds[0].choices[:2] == (7, 2)


def changed_data(loaded, how: str) -> LoadedGame:
    """The installed game after its data file changed: a comment added, or a pay raised."""
    text = loaded.data.decode()
    if how == "comment":
        text += "\n# touched\n"
    else:
        first_pay = r"(\[paytable\][^\n]*\n[^=]+= *\{ *3 = )(\d+)"
        text = re.sub(first_pay, lambda m: m[1] + str(int(m[2]) + 1), text, count=1)
    changed = parse_definition(text.encode(), loaded.path)
    assert changed.sha256 != loaded.sha256 and (how == "comment") == (changed.definition == loaded.definition)
    return changed


@pytest.mark.parametrize("how", ["comment", "pay"])
def test_a_changed_data_file_resumes_under_the_rules_the_round_began_with(
    tmp_path, loaded, bet, feature_seed, how
):
    """The exploit the void used to allow: see the outcome land, kill the app, touch game.toml,
    get the bet back. The round's data was stored with its bet, so it resumes as drawn and pays
    under its own rules, whatever the file says now."""
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as led:
        driver = RoundDriver(led, loaded, FixedSeeds(feature_seed), None)
        first = driver.start(bet)
        driver.choose(3)
    with Ledger.open(path) as led:
        driver = RoundDriver(led, changed_data(loaded, how), FixedSeeds(), None)
        view = driver.resume()
        assert view is not None and view.resumed and view.definition == loaded.definition
        assert view.events[: len(first.events)] == first.events and view.choices == (3,)
        while driver.pending is not None:
            driver.choose(next(i for i in range(20) if i not in driver.pending.picked))
        expected = play_round(
            loaded.definition, bet, feature_seed, list(driver.choices), entropies=driver.entropies
        )
        before = led.balance_cents
        assert driver.finish() == before + bet.coins_to_cents(expected.total_win_coins)
        assert led.verify() == [] and led.history(1)[0].status == "closed"


def test_a_round_whose_data_was_not_kept_is_voided_after_an_update(
    tmp_path, loaded, bet, feature_seed, plain_seed
):
    """A round begun before the ledger kept game data, after an update: it truly cannot be
    replayed, so it is refused (saying why), voided, refunded, and the slot freed."""
    path = tmp_path / "ledger.sqlite3"
    with Ledger.open(path) as led:
        start = led.balance_cents
        rid = led.begin_round(loaded.definition.id, loaded.sha256, ENGINE_VERSION, bet, feature_seed)
        led.record_choice(rid, 3)
    updated = changed_data(loaded, "comment")
    with Ledger.open(path) as led:
        # the refused start below draws (and drops) the first seed before the ledger says no
        driver = RoundDriver(led, updated, FixedSeeds(1, plain_seed), None)
        assert led.balance_cents == start - bet.total_cents
        with pytest.raises(ResumeRefused) as info:
            driver.resume()
        refused = info.value
        assert (refused.round_id, refused.bet_cents, refused.reason) == (rid, bet.total_cents, "changed")
        assert "game data changed" in refused.detail and "not kept" in refused.detail
        assert led.open_round().round_id == rid  # refusing writes nothing
        with pytest.raises(RoundRefused) as blocked:  # ... and the slot is still taken
            driver.start(bet)
        assert blocked.value.reason == "other_game"

        assert driver.void_unresumable() == start == led.balance_cents
        record = led.round_detail(rid)
        assert record.status == "void" and record.void_reason == refused.detail
        assert record.choices == (3,) and record.win_cents is None
        assert led.meters().refunded_cents == bet.total_cents
        assert led.verify() == []
        message = MSG_VOIDED.format(amount=format_cents(refused.bet_cents))
        assert "has been refunded" in message and format_cents(bet.total_cents) in message

        assert driver.resume() is None
        with pytest.raises(RuntimeError):
            driver.void_unresumable()  # nothing left to void, nothing refunded twice
        view = driver.start(bet)  # a new round starts at once
        assert view.seed == plain_seed and view.finished
        driver.finish()
        assert led.verify() == [] and led.open_round() is None
        assert [r.status for r in led.history(2)] == ["closed", "void"]


def test_another_engine_version_or_a_failing_replay_is_refused_too(tmp_path, loaded, bet, feature_seed):
    with Ledger.open(tmp_path / "l.sqlite3") as led:
        start = led.balance_cents
        driver = RoundDriver(led, loaded, FixedSeeds(), None)
        # recorded by another engine: the same seed may draw another outcome
        led.begin_round(loaded.definition.id, loaded.sha256, "0.0.1", bet, feature_seed)
        with pytest.raises(ResumeRefused) as info:
            driver.resume()
        assert "engine changed" in info.value.detail and "0.0.1" in info.value.detail
        assert driver.void_unresumable() == start
        # a stored choice the game cannot replay (here: out of range)
        rid = led.begin_round(loaded.definition.id, loaded.sha256, ENGINE_VERSION, bet, feature_seed)
        led.record_choice(rid, 99)
        with pytest.raises(ResumeRefused) as info:
            driver.resume()
        assert info.value.round_id == rid and "could not be replayed" in info.value.detail
        assert driver.void_unresumable() == start
        assert [r.status for r in led.history()] == ["void", "void"] and led.verify() == []


def test_a_resumable_round_is_never_voided(ledger, loaded, bet, feature_seed):
    driver = RoundDriver(ledger, loaded, FixedSeeds(feature_seed), None)
    with pytest.raises(RuntimeError):
        driver.void_unresumable()  # no open round
    driver.start(bet)
    with pytest.raises(RoundRefused) as info:
        driver.void_unresumable()  # this driver is playing it
    assert info.value.reason == "busy"
    restarted = RoundDriver(ledger, loaded, FixedSeeds(), None)
    with pytest.raises(RuntimeError, match="can be resumed"):
        restarted.void_unresumable()
    assert ledger.open_round() is not None and ledger.meters().refunded_cents == 0
    assert restarted.resume() is not None


def test_the_voided_message_is_the_rules_sentence():
    assert MSG_VOIDED.format(amount="€1.00") == (
        "The unfinished round could not be completed because the game was updated. "
        "Malfunction voids all pays and plays: your bet of €1.00 has been refunded."
    )


def test_insufficient_balance_never_starts_a_round(tmp_path, loaded, bet):
    with Ledger.open(tmp_path / "l.sqlite3", start_balance_cents=bet.total_cents - 1) as led:
        seeds = FixedSeeds(1, 2)
        driver = RoundDriver(led, loaded, seeds, None)
        with pytest.raises(RoundRefused) as info:
            driver.start(bet)
        assert info.value.reason == "funds"
        assert "Insufficient" in str(info.value)
        assert not driver.active
        assert led.count_rounds() == 0 and led.open_round() is None
        assert led.balance_cents == bet.total_cents - 1
        assert not driver.can_afford(bet)


def test_hammering_start_places_one_bet(ledger, loaded, bet, feature_seed):
    driver = RoundDriver(ledger, loaded, FixedSeeds(feature_seed, 1, 2, 3, 4, 5), None)
    start = ledger.balance_cents
    driver.start(bet)
    for _ in range(50):
        with pytest.raises(RoundRefused) as info:
            driver.start(bet)
        assert info.value.reason == "busy"
    assert ledger.count_rounds() == 1
    assert ledger.balance_cents == start - bet.total_cents


def test_bets_change_only_between_rounds(ledger, loaded, bet, plain_seed):
    from game.bets import max_bet

    driver = RoundDriver(ledger, loaded, FixedSeeds(plain_seed), None)
    driver.set_bet(bet)
    assert driver.bet == bet
    driver.start()
    with pytest.raises(RoundRefused):
        driver.set_bet(max_bet(loaded.definition, bet))
    assert driver.bet == bet
    driver.finish()
    driver.set_bet(max_bet(loaded.definition, bet))
    assert driver.bet.level == 10


def test_another_games_open_round_blocks_with_a_plain_message(tmp_path, loaded, bet):
    with Ledger.open(tmp_path / "l.sqlite3") as led:
        led.begin_round("warlords", "x" * 64, "1", bet, 5)
        driver = RoundDriver(led, loaded, FixedSeeds(1), None)
        assert driver.resume() is None
        with pytest.raises(RoundRefused) as info:
            driver.start(bet)
        assert info.value.reason == "other_game" and "warlords" in str(info.value)


@pytest.mark.slow
def test_a_fixed_seed_session_stores_entropy_0_and_a_played_one_fresh_entropy(ledger, loaded, bet):
    """`--seed` sessions replay exactly (entropy 0, outcomes as before); otherwise every pick gets
    its own non-zero entropy from the OS."""
    from game.rng import SeedSource

    for session_seed, want_zero in ((7, True), (None, False)):
        source = SeedSource(session_seed)
        driver = RoundDriver(ledger, loaded, source, None)
        while True:
            view = driver.start(bet)
            if view.pending is not None:
                break
            driver.finish()
        while driver.pending is not None:
            p = driver.pending
            driver.choose(source.auto_pick(p.options, p.picked))
        stored = ledger.open_round()
        assert stored.entropies == driver.entropies and len(stored.entropies) == len(stored.choices)
        assert all(e == 0 for e in stored.entropies) if want_zero else all(stored.entropies)
        again = play_round(
            loaded.definition, bet, stored.seed, list(stored.choices), entropies=stored.entropies
        )
        assert again.events == list(driver.events)
        driver.finish()
