"""Reusable UI widgets: buttons, selectors, panels, toasts and dialogs.

Widgets follow the scene contract in miniature: `handle(intent) -> bool` (True = consumed),
`update(dt)` for state and animation, `draw(surface, assets)` which changes nothing. They read
pointer positions from intents (logical 1280×720 coordinates) and never see SDL events.
"""

from scenes.widgets.button import Button
from scenes.widgets.panel import draw_panel
from scenes.widgets.selector import Selector

__all__ = ["Button", "Selector", "draw_panel"]
