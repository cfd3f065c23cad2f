"""What the band under the reels says while a round plays: the message line, the win meter and
the free-spins counter (titled "FREE SPINS" unless a mode names itself: `free_title`). The HUD
of live play and the replay's band are both a `Band`, so the round player
(`scenes.reels.player`) writes the same things to either.

The message is a `Caption` (a string, or a function of the translator read at every draw), so
it follows a language switch at once; a win being presented (`line_message`) shows instead of
it. The win meter counts up to a figure already decided (`count_win_to`), easing out onto it.

The balance shown follows the count, never ahead of it. Once the round's win is credited
(`credited(coins)`), the balance holds back what is not counted yet (`uncounted_coins`): what the
win meter has still to count, or, while a celebration counts the win up itself
(`celebration_count`), what the celebration has still to count. So the balance rises with the
count-up and reaches the ledger's figure exactly when it ends; it never shows more than the
ledger holds.
"""

from __future__ import annotations

from scenes.core.i18n import Caption, Translator
from scenes.core.theme import CREAM


class Band:
    """The band's words and win meter (no drawing: the HUD and the replay draw them)."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self._message: Caption = ""
        self.message_color = CREAM
        self.line_message: str | None = None  # a win being presented: shown instead of the message
        self.free: tuple[int, int, int] | None = None  # (spin index, spins total, multiplier)
        self.free_title: Caption | None = None  # the counter's title when not "FREE SPINS"
        self.balance_cents: int | None = None  # the ledger's balance when known (live play)
        # the win meter: shows `win_shown` coins counting towards `win_target`
        self.win_target = 0
        self.win_shown = 0.0
        self._count_from = 0.0
        self._count_time = 0.0
        self._count_t = 0.0
        self.win_flash = 0.0
        # after a round is credited, the balance shown climbs with the count (display only: the
        # ledger already holds the final balance)
        self.balance_follows_meter = False
        self.credit_coins = 0  # the credited win the balance counts up to
        self.celebration_count: int | None = None  # a celebration's count of it, while it shows

    @property
    def message(self) -> str:
        """The message line as shown now (a presented win, else the message)."""
        if self.line_message:
            return self.line_message
        return self.tr.say(self._message)

    def set_message(self, text: Caption, color: tuple[int, int, int] = CREAM) -> None:
        self._message = text
        self.message_color = color

    def reset_win(self) -> None:
        self.balance_follows_meter = False
        self.credit_coins = 0
        self.celebration_count = None
        self.win_target = 0
        self.win_shown = 0.0
        self._count_time = 0.0

    def credited(self, coins: int) -> None:
        """The ledger has credited the round's win (`coins`): from now on the balance shown
        rises with the count (see `uncounted_coins`)."""
        self.balance_follows_meter = True
        self.credit_coins = coins

    @property
    def uncounted_coins(self) -> int:
        """Coins of the credited win the count has not reached yet (held back from the balance)."""
        if not self.balance_follows_meter:
            return 0
        if self.celebration_count is not None:
            return max(0, self.credit_coins - self.celebration_count)
        return max(0, min(self.credit_coins, self.win_target - int(self.win_shown)))

    def shown_balance_cents(self, coin_value_cents: int) -> int | None:
        """The balance as shown now: the ledger's, less what the count has not reached (None when
        the band knows no balance, as in a replay)."""
        if self.balance_cents is None:
            return None
        return self.balance_cents - self.uncounted_coins * coin_value_cents

    def count_win_to(self, coins: int, duration: float) -> None:
        """Count the win meter up from what it shows to `coins` over `duration` seconds."""
        self._count_from = self.win_shown
        self.win_target = coins
        self._count_time = max(0.0, duration)
        self._count_t = 0.0
        if duration <= 0:
            self.win_shown = float(coins)

    def finish_count(self) -> None:
        self.win_shown = float(self.win_target)
        self._count_time = 0.0

    @property
    def counting(self) -> bool:
        return self.win_shown < self.win_target

    def update_meter(self, dt: float) -> None:
        if self.win_shown < self.win_target:
            self._count_t += dt
            u = 1.0 if self._count_time <= 0 else min(1.0, self._count_t / self._count_time)
            # ease-out: fast at first, settling on the exact figure
            k = 1 - (1 - u) ** 2
            self.win_shown = self._count_from + (self.win_target - self._count_from) * k
            if u >= 1.0:
                self.win_shown = float(self.win_target)
                self.win_flash = 1.0
        elif self.win_shown > self.win_target:
            self.win_shown = float(self.win_target)
        self.win_flash = max(0.0, self.win_flash - dt * 1.5)
