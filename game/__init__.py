"""Reelhouse's pure slot engine: game definitions, RNG, rounds as typed events, maths.

Nothing in this package imports pygame or `scenes`; everything here runs headless and is
deterministic given (definition, bet, seed, choices).
"""

ENGINE_VERSION = "1.1.0"

__version__ = "0.1.0"  # the app version (pyproject mirrors it); a constant so frozen builds know it
