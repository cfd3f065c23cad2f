"""Shared by every test: the test-only games under tests/support are importable.

`relicgame` (tests/support/relicgame) is a small stateful game that proves the engine's seams;
tests that use it call `relicgame.register()` (the `relic` fixtures in tests/game/conftest.py and
tests/scenes/conftest.py do).
"""

from __future__ import annotations

import sys
from pathlib import Path

SUPPORT = Path(__file__).parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))
