"""What the engine says to a player is a message id with parameters, in both catalogs."""

from __future__ import annotations

import json

from game import messages
from game.bets import BetRefused, default_bet, validate_bet
from game.games.common import PickRefused, cap_message, check_pick
from game.messages import Message, Money
from game.paths import asset_path


def _catalog(lang: str) -> dict:
    return json.loads(asset_path("locale", f"{lang}.json").read_text(encoding="utf-8"))


def test_every_engine_message_is_in_both_catalogs():
    for lang in ("en", "es"):
        catalog = _catalog(lang)
        missing = [m for m in messages.MESSAGE_IDS if m not in catalog]
        assert not missing, (lang, missing)


def test_a_message_reads_in_english_and_survives_json():
    m = Message(messages.VOIDED, {"amount": Money(150)})
    assert m.english().endswith("your bet of €1.50 has been refunded.")
    assert Message.from_json(json.loads(json.dumps(m.to_json()))) == m


def test_refusals_carry_their_message(stones):
    d = stones.definition
    bet = default_bet(d).model_copy(update={"level": 99})
    try:
        validate_bet(d, bet)
    except BetRefused as exc:
        assert exc.message == Message(messages.LEVEL_OFFERED, {"level": 99})
    else:
        raise AssertionError("level 99 is not offered")
    try:
        check_pick(3, 20, [3])
    except PickRefused as exc:
        assert exc.message == Message(messages.PICK_TAKEN, {"choice": 3})
    else:
        raise AssertionError("3 was picked")


def test_the_cap_message_names_the_rule_in_force(stones, tiny):
    # Stones caps at 250,000 in money; at 0.05 a coin that is 5,000,000 coins
    bet = default_bet(stones.definition)
    assert cap_message(stones.definition, bet) == Message(
        messages.CAP_MONEY, {"amount": Money(25_000_000), "coins": 25_000_000 // bet.coin_value_cents}
    )
    small = default_bet(tiny.definition)  # tiny: 300 coins × level is below 1,000.00 at 0.05
    assert cap_message(tiny.definition, small) == Message(messages.CAP_COINS, {"coins": 300})
