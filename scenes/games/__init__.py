"""What each game alone shows, one package per game (the presentation registry)."""
