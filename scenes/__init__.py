"""Everything on screen: the scene stack, the scenes, widgets, assets and audio (pygame lives here)."""
