"""Feature music: what the free-spins and bonus themes share. Each game's themes are in its
generator module (`tools.assets.games.<id>`, its `FEATURE_MUSIC`). Same form as the base songs
(`music`): about 95 s, sections with their own progressions, instruments and density, seamless,
at the music loudness target; faster and fuller than the base theme of the same game so a
feature is heard to start.
"""

from __future__ import annotations


def _hit(fn, *args):
    return lambda sd: fn(*args, sd)
