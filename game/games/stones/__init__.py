"""Secret of the Stones: scatters trigger free spins, shaped by stones the player picks.

The package's parts: `model` (the `[feature]` data), `events` (stone reveals, free-spins start),
`feature` (the stone tables shared by the flow and the batch), `flow` (a played round), `batch`
(many rounds at once), `exact` (the par sheet), `cap` (the estimate of the win cap's cost) and
`rules` (the `GameRules` the registry hands out). Kept empty so that importing the data model
does not import the flow.
"""
