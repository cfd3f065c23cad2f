"""The presentation of a plain line game (no feature): the base presentation as it is."""

from __future__ import annotations

from scenes.presentation.base import Presentation

PRESENTATION = Presentation()
