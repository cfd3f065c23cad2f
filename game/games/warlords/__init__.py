"""Warlords – Crystals of Power: overlay wilds, battling scatters, re-spins, Final Chance and
three warlords' free spins.

The package's parts: `model` (the `[feature]` data), `events` (battle, re-spins, new scatters,
Final Chance, free-spins start), `tables` (the rules compiled into arrays, shared by the flow and
the batch), `flow` (a played round), `batch` (many rounds at once), `exact` (the par sheet),
`cap` (the win cap's cost) and `rules` (the `GameRules` the registry hands out). Kept empty so
that importing the data model does not import the flow.
"""
