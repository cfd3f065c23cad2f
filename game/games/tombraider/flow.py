"""A played round of Tomb Raider – Secret of the Sword, one event (and one pick) at a time.

The round: the base spin; its passports (the state across rounds); its free spins (3+ keys: ten
spins with cascades and the ladder); Super Mode (drawn on every base spin), whose spins are
main-game spins: a centre Passport stamps its reel (a held wild covers the cell and is never a
Passport or a Key) and 3+ Keys win ten free spins, all played after Super Mode's last spin; then
a Global Adventure for every collection completed in the round, in order (a collection is spent
when it completes: a later Super Mode spin starts a new one). No retrigger, no Super Mode and no
passport inside free spins.

Draw sites (`game.draws.KeyedDraws`, each its own stream): "base" (the base spin's stops),
"super" (Super Mode on or off, `choice_index([on, off])`), "free" (every free spin's stops, those
Super Mode won after the others), "super.wilds" (Super Mode's wild count), "super.cells" (the held
cells' order) and "super.spin" (each Super Mode spin's stops); each quest location's sites
"quest.layout", "quest.bonus", "quest.treasure", "quest.value", "quest.discs", "quest.ending",
"quest.duel" take part adventure·locations + location (a treasure value's part is that ·64 + its
item), "quest.jackpot" the adventure's number.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from game.evaluate import batch_wins, evaluate_grids, grid_symbols
from game.events import CascadeEvent, FreeSpinsEndEvent, PickRequestEvent, SpinEvent
from game.games.common import check_pick
from game.games.tombraider import adventure as quest
from game.games.tombraider.events import (
    AdventureEndEvent,
    AdventureStartEvent,
    ArtefactRevealEvent,
    HiddenArtefact,
    JackpotEvent,
    KeyTriggerEvent,
    LocationEndEvent,
    LocationStartEvent,
    PassportsEvent,
    ShootoutRevealEvent,
    ShootoutStartEvent,
    ShowdownEvent,
    SuperFreeSpinsEvent,
    SuperModeEndEvent,
    SuperModeStartEvent,
)
from game.games.tombraider.feature import (
    Collection,
    Tables,
    cascade_spins,
    held_cells,
    passport_bits,
    stamp_super,
    super_grids,
    super_passport_bits,
    tables,
)
from game.games.tombraider.model import PassportState

if TYPE_CHECKING:
    from game.round import RoundContext


def collect(state: PassportState, bits: int, bet_cents: int, reels: int) -> PassportState:
    """The state after a base spin whose passports show on the reels in `bits`.

    A collection starts with the spin that activates the first reel; from then on every base spin
    adds its total bet to the weighted average, the trigger included.
    """
    if len(state.active) != reels:
        raise ValueError(f"the passport state has {len(state.active)} reels, the game {reels}")
    mask = state.mask | bits
    if not mask:
        return state
    return state.model_copy(
        update={
            "active": tuple(bool(mask >> r & 1) for r in range(reels)),
            "spins": state.spins + 1,
            "bet_cents": state.bet_cents + bet_cents,
        }
    )


@dataclass
class _Passports:
    """The passports of a round in play: the running collection, the complete ones whose Global
    Adventure is owed (their spins and cents, in order) and the Adventures played so far."""

    reels: int
    collection: Collection
    adventures: int
    owed: list[tuple[int, int]] = field(default_factory=list)

    def state(self) -> PassportState:
        """What the player carries if the round ends now: the first complete collection whose
        Adventure is not played (a round the cap ended plays it in the next round), else the
        running collection."""
        full = (1 << self.reels) - 1
        mask, spins, cents = (full, *self.owed[0]) if self.owed else self.collection
        return PassportState(
            active=tuple(bool(mask >> r & 1) for r in range(self.reels)),
            spins=spins,
            bet_cents=cents,
            adventures=self.adventures,
        )


def play(ctx: RoundContext) -> Generator[Any, Any, None]:
    """One round (see the module docstring)."""
    cg = ctx.compiled
    t = tables(cg)
    f = t.feature
    state = ctx.state if isinstance(ctx.state, PassportState) else PassportState()
    base = cg.reels("base")
    stops = ctx.rng.stops("base", base.lengths)
    batch, events = ctx.spin_events("base", base, cg.lut(), stops)
    super_mode = ctx.rng.choice_index("super", t.super_weights) == 0
    spin = events[0]
    yield spin
    bits = int(passport_bits(t, stops)[0])
    after = collect(state, bits, ctx.bet.total_cents, cg.reel_count)
    book = _Passports(cg.reel_count, (after.mask, after.spins, after.bet_cents), state.adventures)
    if all(after.active):
        book.owed.append((after.spins, after.bet_cents))
        book.collection = (0, 0, 0)
    ctx.state_out = book.state()
    new = [r + 1 for r in range(cg.reel_count) if bits >> r & 1 and not state.mask >> r & 1]
    if new:
        yield _stamps(f.passport_row, new, after.active, after.spins, after.bet_cents, all(after.active))
    if ctx.credit(spin.win_coins):
        return
    keys = int(batch.scatter_counts[0, t.key_column])
    if keys >= f.trigger_min:
        yield KeyTriggerEvent(count=keys, positions=_cells(spin.grid, f.scatter), spins=f.free_spins)
        if (yield from _free_spins(ctx, t, f.free_spins)):
            return
    if super_mode:
        capped, triggers = yield from _super_mode(ctx, t, book)
        if capped:
            return
        if triggers:
            spins = triggers * f.free_spins
            yield SuperFreeSpinsEvent(triggers=triggers, spins=spins)
            if (yield from _free_spins(ctx, t, spins)):
                return
    number = 0
    while book.owed:
        spins, cents = book.owed.pop(0)
        book.adventures += 1
        ctx.state_out = book.state()
        if (yield from _adventure(ctx, t, spins, cents, number)):
            return
        number += 1


def _cells(grid: list[list[str]], symbol: str) -> list[tuple[int, int]]:
    return [(r, w) for r, reel in enumerate(grid) for w, s in enumerate(reel) if s == symbol]


def _stamps(row: int, new: list[int], active: Any, spins: int, cents: int, complete: bool) -> PassportsEvent:
    return PassportsEvent(
        new=new,
        positions=[(r - 1, row) for r in new],
        active=list(active),
        spins=spins,
        bet_cents=cents,
        complete=complete,
    )


def _free_spins(ctx: RoundContext, t: Tables, spins: int) -> Generator[Any, Any, bool]:
    """`spins` free spins, one spin and its cascades at a time; True once the round is capped."""
    cg = ctx.compiled
    f = t.feature
    free = cg.reels(f.free_reel_set)
    lut = cg.lut()
    wild = [cg.symbol_ids[i] for i in sorted(lut.wild_set)]
    won = played = 0
    capped = False
    for i in range(1, spins + 1):
        stops = ctx.rng.stops("free", free.lengths)
        out = cascade_spins(cg, free, lut, stops, ctx.bet, keep_steps=True)
        played += 1
        removed: list[tuple[int, int]] = []
        for k, step in enumerate(out.steps):
            grid = step.grids[0]
            wins = batch_wins(cg, lut, step.batch, step.grids, ctx.bet)[0]
            coins = int(step.batch.win_coins[0])
            if k == 0:
                yield SpinEvent(
                    mode="free",
                    reel_set=free.name,
                    stops=stops[0].tolist(),
                    grid=grid_symbols(cg, grid),
                    wild_symbols=wild,
                    multiplier=int(step.batch.multiplier[0]),
                    wins=wins,
                    win_coins=coins,
                    spin_index=i,
                    spins_total=spins,
                )
            else:
                yield CascadeEvent(
                    step=k,
                    removed=removed,
                    grid=grid_symbols(cg, grid),
                    multiplier=int(step.batch.multiplier[0]),
                    wins=wins,
                    win_coins=coins,
                    spin_index=i,
                )
            won += coins
            if ctx.credit(coins):
                capped = True
                break
            if step.removed is not None:
                removed = [(int(r), int(w)) for r, w in np.argwhere(step.removed[0])]
        if capped:
            break
    yield FreeSpinsEndEvent(spins_played=played, win_coins=won)
    return capped


def _super_mode(ctx: RoundContext, t: Tables, book: _Passports) -> Generator[Any, Any, tuple[bool, int]]:
    """Super Mode's spins with the held wilds, each a main-game spin: its centre Passports stamp
    (`book`), 3+ Keys win free spins played after Super Mode. Returns (capped, triggers)."""
    cg = ctx.compiled
    f = t.feature
    sm = f.super_mode
    full = (1 << cg.reel_count) - 1
    count = t.wild_counts[ctx.rng.choice_index("super.wilds", t.wild_weights)]
    cells = held_cells(t, count, ctx.rng.permutation("super.cells", len(t.super_cells)))
    yield SuperModeStartEvent(cells=cells, spins=sm.spins)
    held = np.zeros((1, cg.reel_count, cg.rows), dtype=bool)
    for r, w in cells:
        held[0, r, w] = True
    lut = cg.lut()
    wild = [cg.symbol_ids[i] for i in sorted(lut.wild_set)]
    won = played = triggers = 0
    capped = False
    for i in range(1, sm.spins + 1):
        stops = ctx.rng.stops("super.spin", t.super_lengths)
        grids = super_grids(cg, stops, held)
        batch = evaluate_grids(cg, lut, grids, ctx.bet, stops=stops)
        coins = int(batch.win_coins[0])
        grid = grid_symbols(cg, grids[0])
        yield SpinEvent(
            mode="super",
            reel_set=sm.reel_set,
            stops=stops[0].tolist(),
            grid=grid,
            wild_symbols=wild,
            held=cells,
            wins=batch_wins(cg, lut, batch, grids, ctx.bet)[0],
            win_coins=coins,
            spin_index=i,
            spins_total=sm.spins,
        )
        played += 1
        won += coins
        bits = int(super_passport_bits(t, stops, held)[0])
        before = book.collection[0]
        book.collection, complete = stamp_super(book.collection, bits, ctx.bet.total_cents, full)
        mask, spins, cents = book.collection
        if mask != before:
            new = [r + 1 for r in range(cg.reel_count) if (mask & ~before) >> r & 1]
            active = [bool(mask >> r & 1) for r in range(cg.reel_count)]
            if complete:
                book.owed.append((spins, cents))
                book.collection = (0, 0, 0)
            ctx.state_out = book.state()
            yield _stamps(f.passport_row, new, active, spins, cents, complete)
        if ctx.credit(coins):
            capped = True
            break
        keys = int(batch.scatter_counts[0, t.key_column])
        if keys >= f.trigger_min:
            triggers += 1
            yield KeyTriggerEvent(
                count=keys, positions=_cells(grid, f.scatter), spins=f.free_spins, after_super=True
            )
    yield SuperModeEndEvent(spins_played=played, win_coins=won)
    return capped, triggers


def _adventure(
    ctx: RoundContext, t: Tables, spins: int, cents: int, number: int
) -> Generator[Any, Any, bool]:
    """The Global Adventure of a collection of `spins` spins staking `cents`, as a batch of one
    quest: its draws, picks and events in order. True once the round is capped. The round's
    adventure `number` (0 for its first) and the location make the part of its draw sites."""
    qt = t.quest
    rng = ctx.rng
    m = quest.money(
        np.array([spins]),
        np.array([cents]),
        ctx.bet.coin_value_cents,
        ctx.bet.total_coins,
        len(ctx.defn.lines),
    )
    one = np.zeros(1, dtype=np.int64)
    yield AdventureStartEvent(locations=list(qt.locations), spins=spins, bet_cents=cents)
    banked = fragments = 0
    for loc in range(len(qt.locations)):
        part = number * len(qt.locations) + loc
        layout = rng.permutation("quest.layout", qt.size, part)
        bonus = [rng.choice_index("quest.bonus", qt.bonus_weights[loc], part) for _ in qt.bonus_items]
        kinds, values = [], []
        for j in range(len(qt.treasure_items)):
            kinds.append(rng.choice_index("quest.treasure", qt.treasure_weights, part))
            values.append(
                rng.choice_index("quest.value", qt.treasure_value_weights, part * 64 + j)
                if kinds[-1] == quest.TREASURE_BONUS
                else 0
            )
        b = quest.lay_boards(qt, loc, np.array([layout]), _row(bonus), _row(kinds), _row(values))
        yield LocationStartEvent(index=loc, location=qt.locations[loc], artefacts=qt.size)
        p = quest.Progress.start(1, qt.size)
        picked: list[int] = []
        while p.playing[0]:
            choice = yield PickRequestEvent(options=qt.size, picks_left=qt.size - len(picked), picked=picked)
            position = check_pick(choice, qt.size, picked)
            other = ctx.swap_with(position, [i for i in range(qt.size) if i not in picked])
            quest.swap_hidden(b, one, np.array([position]), np.array([other]))
            picked.append(position)
            coins = int(quest.reveal(qt, b, p, m, one, np.array([position]))[0])
            yield ArtefactRevealEvent(
                location=loc,
                position=position,
                coins=coins,
                pot_coins=int(p.pot[0]),
                traps=int(p.traps[0]),
                **_hidden(b, position),
            )
            if p.shootout[0]:
                order = rng.permutation("quest.discs", len(qt.discs), part)
                yield ShootoutStartEvent(discs=len(qt.discs))
                shot = yield PickRequestEvent(options=len(qt.discs), picks_left=1, picked=[])
                disc = check_pick(shot, len(qt.discs), [])
                other = ctx.swap_with(disc, range(len(qt.discs)))
                order[disc], order[other] = order[other], order[disc]
                value = int(quest.shoot(qt, p, m, one, np.array([order]), np.array([disc]))[0])
                yield ShootoutRevealEvent(
                    index=disc,
                    value=value,
                    coins=value * ctx.bet.total_coins,
                    values=[int(qt.discs[j]) for j in order],
                )
            if p.ending[0]:
                showdown = rng.choice_index("quest.ending", qt.ending_weights, part) == 1
                won = showdown and rng.choice_index("quest.duel", qt.duel_weights, part) == 0
                quest.end_by_traps(p, one, np.array([won]))
                yield ShowdownEvent(location=loc, showdown=showdown, won=won)
        found = bool(p.found[0])
        banked += int(p.pot[0]) if found else 0
        fragments += found
        yield LocationEndEvent(
            index=loc,
            fragment=found,
            pot_coins=int(p.pot[0]),
            banked_coins=banked,
            hidden=[
                HiddenArtefact(position=i, **_hidden(b, i)) for i in range(qt.size) if not p.picked[0, i]
            ],
        )
        if not found:
            break
    jackpot = 0
    if fragments == len(qt.locations):
        value = int(qt.jackpot_values[rng.choice_index("quest.jackpot", qt.jackpot_weights, number)])
        jackpot = int(m.jackpot(one, np.array([value]))[0])
        yield JackpotEvent(value=value, coins=jackpot)
    yield AdventureEndEvent(
        fragments=fragments, banked_coins=banked, jackpot_coins=jackpot, win_coins=banked + jackpot
    )
    return ctx.credit(banked + jackpot)


def _row(values: list[int]) -> np.ndarray:
    return np.array([values], dtype=np.int64).reshape(1, -1)


def _hidden(b: quest.Boards, position: int) -> dict[str, Any]:
    """What a board position holds, as event fields."""
    kind = int(b.treasure[0, position])
    art = quest.ARTEFACTS[int(b.artefact[0, position])]
    return {
        "artefact": art,
        "treasure": None if kind == quest.NO_TREASURE else quest.TREASURES[kind],
        "value": int(b.value[0, position]) if art == "bonus" or kind == quest.TREASURE_BONUS else None,
    }
