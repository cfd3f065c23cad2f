"""Overlays that change settings or how play runs: settings menu, sound mixer, autoplay dialog,
reality check."""
