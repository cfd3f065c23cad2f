"""The app's core: the loop (`app`), the scene stack, intents, the typed context, the asset store,
audio, text rendering, translation and the settings store. Nothing here knows a game."""
