"""What one game alone shows: a package `scenes/games/<id>/` per game (its presentation, its own
scenes, pages and art names), found through the registry in `scenes.presentation`. The shared
rooms below never import these packages."""
