"""The way in: the intro (title) screen and the lobby of games."""
