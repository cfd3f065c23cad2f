"""Feedback for every press: a key or click that cannot act now says why, in a toast.

`show_toast(stack, assets, text, midtop=None)` (`scenes.widgets.dialog`) is the one way a scene
says something briefly: the same text already showing starts again (a key pressed ten times is one
toast, not ten) and an older toast gives way to the new one, so toasts never pile up. `midtop`
places it (the reels put theirs inside the reel window; the default is near the top of the
screen).

`COMMAND_ACTS` (`scenes.core.intents`) are the keys that ask for something elsewhere (open a
screen, change the bet, spin, quick spin). A modal screen that has no use for one of them answers
with `T_CLOSE_FIRST` through `refuse_command` instead of swallowing it silently; the key that
opened a screen and the keys the screen uses are its own business (it handles them before).
"""

from __future__ import annotations

from scenes.core.intents import COMMAND_ACTS, Intent
from scenes.widgets.dialog import TEXT_CLOSE_FIRST, show_toast

# Player-facing msgids (assets/locale/*.json)
T_CLOSE_FIRST = TEXT_CLOSE_FIRST

__all__ = ["COMMAND_ACTS", "T_CLOSE_FIRST", "refuse_command", "show_toast"]


def refuse_command(scene, intent: Intent, text: str) -> bool:
    """If `intent` is one of `COMMAND_ACTS`, say `text` (translated by the caller) in a toast over
    `scene` and return True (consumed); False for any other intent."""
    if intent.act not in COMMAND_ACTS:
        return False
    assets = getattr(scene, "assets", None) or scene.ctx.assets
    show_toast(scene.stack, assets, text)
    return True
