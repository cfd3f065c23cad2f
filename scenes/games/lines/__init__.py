"""Plain line games on screen: the shared events only (`scenes.games.base.Presentation`)."""
