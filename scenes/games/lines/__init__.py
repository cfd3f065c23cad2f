"""Plain line games on screen: the shared events only (`scenes.presentation.base.Presentation`)."""
