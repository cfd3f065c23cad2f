"""Plain line games: a definition without a `[feature]` plays one base spin per round.

Used by the small test games (`tests/game/data/`) and as the simplest example of a game package:
`flow` (the played round), `batch` (many rounds), `exact` (the par sheet), `rules`.
"""
